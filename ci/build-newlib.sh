#!/usr/bin/env bash
# Build newlib's C library for bare-metal AArch64 (target aarch64-none-elf) from Debian's newlib-source, with
# Debian's aarch64-linux-gnu-gcc, into the cache; nothing when the cached build has the same key (source
# version, configure options, flags, compiler version). `make LIBC=newlib` links pmucheck against it.
#   ci/build-newlib.sh         (ci/install-deps.sh runs it; prints the directory it leaves on its last line)
# Leaves $PMUCHECK_CACHE/newlib-3.3.0-<key hash>/ (default ~/.cache/pmucheck): lib/libc.a, include/ (newlib's
# libc/include with the target's targ-include over it: the order newlib's own build searches), BUILD (the key),
# BUILD-SECONDS and build.log. $PMUCHECK_CACHE/newlib-3.3.0 is a symbolic link to the newest such build.
#
# Source: Debian bookworm's newlib-source (3.3.0-1.3+deb12u1), an ordinary binary package (Architecture: all)
# that holds newlib's own tarball: /usr/src/newlib/newlib-3.3.0.tar.xz (top folder newlib-salsa/).
# Only newlib's libc/ is built (not libm, libgloss, crt0): pmucheck calls printf, snprintf, vprintf, the string
# and memory functions, setjmp/longjmp and exit, and starts itself (boot/entry.S). newlib's top-level
# libc.a would also wait for libm (it copies ldexp, frexp and modf from libm.a into libc.a); libc/libc.a is
# the same library without those three, which pmucheck does not call.
#
# Configure options (newlib/README, "Newlib-specific configure options"):
#   --disable-newlib-supplied-syscalls  no libgloss-style syscalls in libc.a: pmucheck's glue provides
#                                       _write, _exit, _sbrk, ... (lib/drivers/console_newlib.c)
#   --disable-newlib-io-float           integer-only printf (as the picolibc build's __i_vfprintf): pmucheck
#                                       prints no floating point, and no FP code is pulled into the image
#   --enable-newlib-io-long-long        %llx/%llu (pmucheck prints 64-bit values with them, ~220 formats)
#   --disable-newlib-multithread        no locks: pmucheck runs on one PE at a time, no threads
#   --disable-newlib-atexit-dynamic-alloc --enable-newlib-global-atexit --enable-lite-exit
#                                       exit() without malloc, and only what the image registers
#   --disable-newlib-wide-orient --disable-newlib-fseek-optimization --disable-newlib-unbuf-stream-opt
#   --disable-nls --disable-multilib
# Not --enable-newlib-nano-formatted-io: nano's printf takes one length modifier only ("hlL": libc/stdio/
# nano-vfprintf.c reads one of them, then the conversion: "%llx" is the unknown conversion 'l', printed as
# "l", then "x"), so it takes no argument and every later one is printed in the wrong place; and not --enable-newlib-reent-small: its __sinit allocates stdin/stdout/stderr with
# malloc (__sfp, __sfmoreglue), where the full struct _reent holds them.
# Compiler flags (CFLAGS_FOR_TARGET): -O2 -g as newlib's default, plus what a bare-metal image needs of
# Debian's Linux-targeted compiler: -fno-pic (it defaults to PIE), -fno-stack-protector, -mno-outline-atomics
# (no __aarch64_* helpers from libgcc), -ffunction-sections -fdata-sections (the link's --gc-sections).
# Not -mgeneral-regs-only: newlib's AArch64 string functions (memset, memcpy, ...) and setjmp are assembly
# that uses the SIMD&FP registers, and its libm and printf float paths need FP; pmucheck enables FP/SIMD at
# every EL (boot/entry.S, lib/runtime/baseline.c), and its own objects keep -mgeneral-regs-only.
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE=${PMUCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmucheck}
NEWLIB_PACKAGE=newlib-source
NEWLIB_TARBALL=/usr/src/newlib/newlib-3.3.0.tar.xz
NEWLIB_VERSION=3.3.0
TARGET=aarch64-none-elf
CROSS_COMPILE=${NEWLIB_CROSS_COMPILE:-aarch64-linux-gnu-}
options=(--target="$TARGET" --disable-newlib-supplied-syscalls --disable-newlib-io-float --enable-newlib-io-long-long
         --disable-newlib-multithread --disable-newlib-atexit-dynamic-alloc --enable-newlib-global-atexit
         --enable-lite-exit --disable-newlib-wide-orient --disable-newlib-fseek-optimization
         --disable-newlib-unbuf-stream-opt --disable-nls --disable-multilib)
target_cflags="-O2 -g -fno-pic -fno-stack-protector -mno-outline-atomics -ffunction-sections -fdata-sections"

. ci/apt-lib.sh
install_missing make gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu "$NEWLIB_PACKAGE" xz-utils

key=$(printf '%s\n' "SOURCE=$NEWLIB_PACKAGE $(dpkg-query -W -f='${Version}' "$NEWLIB_PACKAGE") $NEWLIB_TARBALL" \
	"${options[@]}" "CFLAGS_FOR_TARGET=$target_cflags" "CROSS_COMPILE=$CROSS_COMPILE" \
	"COMPILER=$(${CROSS_COMPILE}gcc -dumpfullversion)" "PARTS=libc/libc.a include")
OUT=$CACHE/newlib-$NEWLIB_VERSION-$(printf '%s\n' "$key" | sha256sum | cut -c1-12)
if [ -f "$OUT/BUILD" ] && [ "$(cat "$OUT/BUILD")" = "$key" ] && [ -f "$OUT/lib/libc.a" ] && [ -f "$OUT/include/stdio.h" ]; then
	ln -sfn "$(basename "$OUT")" "$CACHE/newlib-$NEWLIB_VERSION"
	echo "$OUT"
	exit 0
fi
[ -f "$NEWLIB_TARBALL" ] || { echo "pmucheck: no $NEWLIB_TARBALL (package $NEWLIB_PACKAGE)" >&2; exit 1; }

mkdir -p "$CACHE"
work=$(mktemp -d "$CACHE/.newlib.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "pmucheck: building newlib $NEWLIB_VERSION's libc for $TARGET with ${CROSS_COMPILE}gcc into $OUT" >&2
started=$(date +%s)
tar -xJf "$NEWLIB_TARBALL" -C "$work"
src=$(find "$work" -mindepth 2 -maxdepth 2 -name configure -printf '%h\n' | head -1)
[ -n "$src" ] && [ -d "$src/newlib/libc" ] || { echo "pmucheck: no newlib source tree in $NEWLIB_TARBALL" >&2; exit 1; }
mkdir "$work/build"
tools=(CC_FOR_TARGET="${CROSS_COMPILE}gcc" AR_FOR_TARGET="${CROSS_COMPILE}ar" AS_FOR_TARGET="${CROSS_COMPILE}as"
       LD_FOR_TARGET="${CROSS_COMPILE}ld" NM_FOR_TARGET="${CROSS_COMPILE}nm" RANLIB_FOR_TARGET="${CROSS_COMPILE}ranlib"
       OBJCOPY_FOR_TARGET="${CROSS_COMPILE}objcopy" OBJDUMP_FOR_TARGET="${CROSS_COMPILE}objdump"
       READELF_FOR_TARGET="${CROSS_COMPILE}readelf" STRIP_FOR_TARGET="${CROSS_COMPILE}strip"
       CFLAGS_FOR_TARGET="$target_cflags")
nb=$work/build/$TARGET/newlib
if ! (cd "$work/build" && "$src/configure" "${options[@]}" --prefix="$work/prefix" "${tools[@]}" &&
	make "${tools[@]}" configure-target-newlib &&
	make -C "$nb" stmp-targ-include &&
	make -C "$nb/libc" -j"$(nproc)" AR_FLAGS=rc) > "$work/build.log" 2>&1; then
	tail -30 "$work/build.log" >&2
	echo "pmucheck: the newlib build failed (the whole log: the same steps in $work/build)" >&2
	trap - EXIT
	exit 1
fi
built=$(date +%s)

mkdir -p "$work/out/lib" "$work/out/include"
cp "$nb/libc/libc.a" "$work/out/lib/"
cp -R "$src/newlib/libc/include/." "$work/out/include/"
cp -R "$nb/targ-include/." "$work/out/include/"
cp "$work/build.log" "$work/out/"
echo "$key" > "$work/out/BUILD"
printf 'build %s\n' "$((built - started))" > "$work/out/BUILD-SECONDS"
rm -rf "$OUT" && mv "$work/out" "$OUT"
ln -sfn "$(basename "$OUT")" "$CACHE/newlib-$NEWLIB_VERSION"
echo "pmucheck: newlib's libc built in $((built - started)) s: $OUT" >&2
echo "$OUT"
