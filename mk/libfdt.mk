# libfdt for the firmware, built from source with the firmware's own compiler and flags into
# $(BUILD)/libfdt/libfdt.a (one per toolchain and platform). The source comes from a Debian package,
# fetched by ci/fetch-libfdt.sh into build/third_party/libfdt/ (ORIGIN there names the package); nothing of
# it is in this repository. Included by the Makefile after BUILD is set and before SRCS (which uses DT_SRCS).
# Debian's source package of dtc (device-tree-compiler 1.6.1-4) first; where the archive serves no source
# tarballs (this project's: 404), Linux's copy of libfdt 1.6.1 from Debian's linux-source-6.1 (the script says
# more). `make clean` removes it with build/, and the next build takes it again from the package, which
# ci/fetch-linux-source.sh keeps in the cache (a 139 MB download the first time; ci/linux-dts.sh reads it too).
#
# Why the source and not Debian's arm64 binary (libfdt-dev:arm64, /usr/lib/aarch64-linux-gnu/libfdt.a):
# that archive is built for aarch64-linux-gnu with Debian's hardening flags, not for bare metal. In 1.6.1-4+b1,
#  - 8 of its objects call the stack protector (__stack_chk_guard, __stack_chk_fail: -fstack-protector-strong);
#  - it is position-independent (-fPIC): 164 GOT relocations (R_AARCH64_ADR_GOT_PAGE, LD64_GOT_LO12_NC),
#    so the image would need a .got and its loads go through it;
#  - it uses SIMD registers (13 instructions on v/q/d registers), which the firmware's -mgeneral-regs-only
#    rules out: the exception handlers save the general-purpose registers only, and FP/SIMD may trap at the
#    lower levels (CPACR_EL1.FPEN, CPTR_ELx).
# Built here it is plain -fno-pic -fno-stack-protector -mgeneral-regs-only code like the rest of the image.
# The host tests (tests/host-dt/) link the host's own Debian libfdt-dev (x86-64), which is fine there.
#
# libfdt_env.h includes <stddef.h>, <stdint.h>, <stdbool.h>, <stdlib.h>, <string.h> and <limits.h>:
# picolibc has each, but declares strnlen (POSIX.1-2008) only when asked: libfdt is built with
# _POSIX_C_SOURCE=200809L (under plain -std=c11 the call would be implicit, its size_t result an int).
# libfdt calls memchr, memcmp, memcpy, memmove, memset, strchr, strlen, strnlen,
# strrchr and strtoul, all in picolibc's libc.a.
#
# Exports: LIBFDT_A (the archive), LIBFDT_INC (compiler flags for libfdt.h, fdt.h, libfdt_env.h),
# DT_SRCS (the firmware's device tree sources), the rule for $(LIBFDT_A), `make host-dt-test` and `make census`.

LIBFDT_DIR   := build/third_party/libfdt
# $(BUILD), or BUILD's own rule if this file is included before BUILD is set
LIBFDT_BUILD := $(or $(BUILD),build/$(PLATFORM)$(if $(filter clang,$(TOOLCHAIN)),-clang))
LIBFDT_A     := $(LIBFDT_BUILD)/libfdt/libfdt.a
# -isystem: libfdt's headers are third-party, outside the firmware's -Wextra -Werror
LIBFDT_INC   := -isystem $(LIBFDT_DIR)
DT_SRCS      := lib/dt/fdt_platform.c lib/platform/platform_desc.c
# libfdt's sources, those the fetched copy has (Linux's copy lacks fdt_check.c)
LIBFDT_NAMES := fdt fdt_ro fdt_wip fdt_sw fdt_rw fdt_strerror fdt_empty_tree fdt_addresses fdt_overlay fdt_check
# The firmware's flags (recursively expanded, used in the recipe only) without the warnings-as-errors of our
# own code and without dependency files; strnlen declared (above).
# Plain objects (no -flto): an archive of LTO objects would need the compiler's own ar plugin (gcc-ar, llvm-ar).
LIBFDT_CFLAGS = $(filter-out -Werror -Wextra -MMD -MP -flto,$(CFLAGS)) -D_POSIX_C_SOURCE=200809L
LIBFDT_AR    ?= $(CROSS_COMPILE)ar

$(LIBFDT_DIR)/ORIGIN:
	@bash ci/fetch-libfdt.sh build/third_party

# All of libfdt in one rule: its file list is known only after the fetch, and it builds in about a second.
$(LIBFDT_A): $(LIBFDT_DIR)/ORIGIN $(LIBFDT_BUILD)/flags mk/libfdt.mk
	@rm -rf $(@D) && mkdir -p $(@D)
	@$(if $(Q),echo "  CC      libfdt ($$(cat $(LIBFDT_DIR)/ORIGIN))")
	$(Q)for f in $(LIBFDT_NAMES); do \
		[ -f $(LIBFDT_DIR)/$$f.c ] || continue; \
		$(CC) $(LIBFDT_CFLAGS) -c $(LIBFDT_DIR)/$$f.c -o $(@D)/$$f.o || exit 1; \
	done
	$(Q)$(LIBFDT_AR) rcs $@ $(@D)/*.o

# Host test of the device tree reader against QEMU's own trees (7.2 and 10.0) and a board's
# (tests/host-dt/run.sh), with the host compiler and Debian's libfdt-dev. Last line: "N passed, N failed".
# The reader as the host programs build it (its UART drivers name the console kinds), and a program of it: $(1) the
# program's own source.
HOST_DT_SRCS := lib/dt/fdt_platform.c $(wildcard lib/drivers/uart/*.c)
HOST_DT_DEPS := $(HOST_DT_SRCS) lib/dt/fdt_platform.h lib/platform/platform_desc.h $(wildcard lib/drivers/uart/*.h)
HOST_DT_LINK = @mkdir -p $(@D) && $(HOSTCC) -std=c11 -O2 -g -Wall -Wextra -Werror -Ilib $(HOST_DT_SRCS) $(1) -lfdt -o $@
HOST_DT_TEST := build/host/test_fdt_platform
$(HOST_DT_TEST): tests/host-dt/test_fdt_platform.c $(HOST_DT_DEPS)
	$(call HOST_DT_LINK,tests/host-dt/test_fdt_platform.c)
.PHONY: host-dt-test
host-dt-test: $(HOST_DT_TEST)
	@mkdir -p build/test-results
	@bash tests/host-dt/run.sh $(HOST_DT_TEST) build/host/dt > build/test-results/host-dt.log; rc=$$?; \
	 grep '^not ok' build/test-results/host-dt.log; tail -n 1 build/test-results/host-dt.log; \
	 tail -n 1 build/test-results/host-dt.log > build/test-results/host-dt.summary; exit $$rc

# The census of the reader on the arm64 board trees Linux ships (`make census`, a step of make test): ci/linux-dts.sh
# compiles the .dts of Debian's linux-source-6.1 into the cache (once per package version), dt_census runs the
# reader on each .dtb, ci/census.py sets it against what each tree names. Writes build/test-results/census.log
# (the report), census.json and census.summary. CENSUS_ARGS: more arguments, e.g. --threshold-only.
DT_CENSUS := build/host/dt_census
$(DT_CENSUS): tests/host-dt/dt_census.c $(HOST_DT_DEPS)
	$(call HOST_DT_LINK,tests/host-dt/dt_census.c)
CENSUS_ARGS ?=
.PHONY: census
census: $(DT_CENSUS)
	@mkdir -p build/test-results
	@if trees=$$(bash ci/linux-dts.sh); then \
	   $(PYTHON) ci/census.py --trees "$$trees" --reader $(DT_CENSUS) --out build/test-results $(CENSUS_ARGS); \
	 else echo "census: the trees were not compiled (ci/linux-dts.sh failed)"; \
	   echo "0 passed, 1 failed" > build/test-results/census.summary; exit 1; fi
