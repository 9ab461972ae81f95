# libfdt for the firmware: Debian's arm64 build of libfdt-dev, unpacked by ci/install-deps.sh into
# $(PMUCHECK_CACHE) (never copied into this repository).
#
# Why the binary and not Debian's source package: the source would be built with our own flags and is the
# cleaner choice, but the package archive this project can reach serves binary packages only ('apt-get
# source device-tree-compiler' fails with 404 on its .orig tarball). The arm64 build works here because:
#  - it is position-independent code for aarch64-linux-gnu: its GOT references link statically
#    (the linker script places .got with the data);
#  - Debian's hardening flags add stack protector calls: picolibc supplies __stack_chk_guard and
#    __stack_chk_fail;
#  - it needs only string functions (memchr, memcmp, memcpy, memmove, memset, strchr, strlen, strnlen,
#    strrchr, strtoul), which picolibc supplies; it runs once, with the MMU on (boot/boot_main.c);
#  - a handful of its functions use SIMD registers: it runs before any exception is expected, so the
#    exception handlers' saving only general-purpose registers does not matter for it.
LIBFDT_VERSION := 1.6.1-4+b1
LIBFDT_ROOT    := $(PMUCHECK_CACHE)/libfdt-arm64-$(LIBFDT_VERSION)/root/usr
LIBFDT_A       := $(LIBFDT_ROOT)/lib/aarch64-linux-gnu/libfdt.a
LIBFDT_INC     := -isystem $(LIBFDT_ROOT)/include

$(LIBFDT_A):
	@bash ci/install-deps.sh
