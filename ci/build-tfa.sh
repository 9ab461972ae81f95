#!/usr/bin/env bash
# Build Trusted Firmware-A for QEMU virt, with pmucheck as its BL33, from Debian's source package, into the
# cache; nothing when the cached build has the same key (source version, build options, compiler version).
#   ci/build-tfa.sh            (ci/install-deps.sh runs it; ci/check_tfa.py boots what it leaves)
# Leaves $PMUCHECK_CACHE/tfa-qemu-2.8/ (default ~/.cache/pmucheck): bl1.bin, bl2.bin, bl31.bin (and their
# .elf), BUILD (the key, one `NAME=value` a line: ci/check_tfa.py reads PRELOADED_BL33_BASE from it),
# BUILD-SECONDS (fetch and build times) and build.log.
#
# Source: Debian bookworm's arm-trusted-firmware 2.8.0+dfsg-1 (`apt-get source`, which needs a deb-src entry:
# ensure_deb_src adds one). Its build dependencies for these images are the AArch64 cross gcc and make
# (Debian's Build-Depends add libssl-dev and openssl for fiptool/cert_create, which this build does not make:
# BL2 and BL31 are loaded through semihosting, no FIP). Options (TF-A docs/plat/qemu.rst,
# docs/getting_started/build-options.rst, plat/qemu/qemu/platform.mk):
#   PLAT=qemu                       QEMU virt, Armv8-A
#   QEMU_USE_GIC_DRIVER=QEMU_GICV3  the CI boots gic-version=3; the default GICv2 driver asserts in BL31
#                                   (gicv2_main.c:155) on a GICv3
#   PRELOADED_BL33_BASE=<PLAT_RAM_BASE of platform/qemu-virt/platform.mk, 0x40200000>
#                                   BL2 does not load BL33 ("BL2: Skip loading image id 5"): QEMU's
#                                   `-device loader,file=pmucheck.elf` puts the ELF where it is linked, and BL31
#                                   enters it there (plat/qemu/common/qemu_bl2_mem_params_desc.c). Without it
#                                   BL2 loads bl33.bin at NS_IMAGE_OFFSET 0x60000000, where the image, linked at
#                                   0x40200000 and not position-independent, cannot run.
#   ARM_LINUX_KERNEL_AS_BL33=1      BL33 gets x0 = ARM_PRELOADED_DTB_BASE (0x40000000: the tree QEMU wrote and
#                                   BL2 gave a /psci node), x1-x3 = 0 (plat/qemu/common/qemu_bl2_setup.c);
#                                   without it x0 = the MPIDR
#   DEBUG=1                         assertions on, and INFO messages on the UART: BL31's "Entry point address"
#                                   and "SPSR" of BL33, which ci/check_tfa.py reads
# As Debian's debian/rules builds its platforms: CFLAGS=--param=min-pagesize=0 (GCC 12's -Warray-bounds on
# fixed MMIO addresses) and TF_LDFLAGS=--no-warn-rwx-segments (binutils 2.39's warning, fatal in TF-A's link),
# passed in the environment: on make's command line TF_LDFLAGS would replace the Makefile's own (linker
# script and all) instead of being appended to.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE=${PMUCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmucheck}
TFA_SOURCE=arm-trusted-firmware
TFA_VERSION=2.8.0+dfsg-1
TFA_DIR=arm-trusted-firmware-2.8.0+dfsg # where dpkg-source unpacks it: <source>-<upstream version>
OUT=$CACHE/tfa-qemu-2.8
CROSS_COMPILE=aarch64-linux-gnu-
BL33_BASE=$(sed -n 's/^PLAT_RAM_BASE[[:space:]]*:=[[:space:]]*\(0x[0-9A-Fa-f]*\).*/\1/p' platform/qemu-virt/platform.mk)
[ -n "$BL33_BASE" ] || { echo "pmucheck: no PLAT_RAM_BASE in platform/qemu-virt/platform.mk" >&2; exit 1; }
options=(PLAT=qemu QEMU_USE_GIC_DRIVER=QEMU_GICV3 "PRELOADED_BL33_BASE=$BL33_BASE" ARM_LINUX_KERNEL_AS_BL33=1 DEBUG=1)
env_options=(CFLAGS=--param=min-pagesize=0 LDFLAGS= TF_LDFLAGS=--no-warn-rwx-segments)

. ci/apt-lib.sh
install_missing make gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu dpkg-dev xz-utils

key=$(printf '%s\n' "SOURCE=$TFA_SOURCE $TFA_VERSION" "${options[@]}" "${env_options[@]}" \
	"CROSS_COMPILE=$CROSS_COMPILE" "COMPILER=$(${CROSS_COMPILE}gcc -dumpfullversion)")
if [ -f "$OUT/BUILD" ] && [ "$(cat "$OUT/BUILD")" = "$key" ] &&
	[ -f "$OUT/bl1.bin" ] && [ -f "$OUT/bl2.bin" ] && [ -f "$OUT/bl31.bin" ]; then
	exit 0
fi

mkdir -p "$CACHE"
work=$(mktemp -d "$CACHE/.tfa.XXXXXX")
trap 'rm -rf "$work"' EXIT

ensure_deb_src bookworm
# apt's lists must know the source package (a machine whose lists predate the deb-src entry)
apt-cache showsrc "$TFA_SOURCE=$TFA_VERSION" 2>/dev/null | grep -q '^Package:' || apt_update

echo "pmucheck: building TF-A: apt-get source $TFA_SOURCE=$TFA_VERSION, make ${options[*]} into $OUT"
started=$(date +%s)
if ! (cd "$work" && apt-get source -qq "$TFA_SOURCE=$TFA_VERSION" > fetch.log 2>&1) || [ ! -f "$work/$TFA_DIR/Makefile" ]; then
	sed 's/^/pmucheck:   /' "$work/fetch.log" | tail -5 >&2
	echo "pmucheck: apt-get source $TFA_SOURCE=$TFA_VERSION failed" >&2
	exit 1
fi
fetched=$(date +%s)
if ! (cd "$work/$TFA_DIR" && env "${env_options[@]}" make -j"$(nproc)" CROSS_COMPILE="$CROSS_COMPILE" \
	"${options[@]}" BUILD_BASE="$work/build" all > "$work/build.log" 2>&1); then
	tail -20 "$work/build.log" >&2
	echo "pmucheck: the TF-A build failed (the whole log: make the same in $work/$TFA_DIR)" >&2
	exit 1
fi
built=$(date +%s)

mkdir -p "$work/out"
for bl in bl1 bl2 bl31; do
	cp "$work/build/qemu/debug/$bl.bin" "$work/build/qemu/debug/$bl/$bl.elf" "$work/out/"
done
cp "$work/build.log" "$work/out/"
echo "$key" > "$work/out/BUILD"
printf 'fetch %s\nbuild %s\n' "$((fetched - started))" "$((built - fetched))" > "$work/out/BUILD-SECONDS"
rm -rf "$OUT" && mv "$work/out" "$OUT"
echo "pmucheck: TF-A built in $((built - fetched)) s (source fetched in $((fetched - started)) s): $OUT"
