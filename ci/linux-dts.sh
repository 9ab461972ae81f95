#!/usr/bin/env bash
# The arm64 board device trees Linux ships, compiled into the cache once per version of Debian's linux-source-6.1
# (the package ci/fetch-linux-source.sh caches, which ci/fetch-libfdt.sh reads too), for the census of the
# device tree reader (ci/census.py, `make census`) and for booting QEMU's board models on real boards' trees.
#   ci/linux-dts.sh   -> prints the folder: $PMUCHECK_CACHE/linux-dts/<version>/, which holds
#     src/          what compiling the trees needs, from the package's tarball: arch/arm64/boot/dts,
#                   arch/arm/boot/dts (arm64 trees include arm/... through include-prefixes), include/dt-bindings,
#                   include/uapi/linux/input-event-codes.h (include/dt-bindings/input/linux-event-codes.h links to
#                   it: without it every tree with gpio-keys fails), scripts/dtc/include-prefixes
#     dtb/<vendor>/<board>.dtb   one per arch/arm64/boot/dts/<vendor>/<board>.dts that compiles
#     compile.tsv   one line per .dts: its path under arch/arm64/boot/dts, ok or fail, the first error line
#     COMPLETE      written last: a folder without it is made again
# Each .dts is compiled as Linux's scripts/Makefile.lib (cmd_dtc, dtc_cpp_flags) does: the C preprocessor with
# -nostdinc -I scripts/dtc/include-prefixes -undef -D__DTS__ -x assembler-with-cpp, then dtc -I dts -O dtb -b 0
# -i <the .dts's folder> -i scripts/dtc/include-prefixes, with dtc's warnings off (-q; Linux turns most of them
# off too: DTC_FLAGS's -Wno-*). Two at a time. About 2 minutes the first time on a 2-core machine (20 s of it
# unpacking the tarball), a few milliseconds once COMPLETE is there.
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=${PMUCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmucheck}
JOBS=${LINUX_DTS_JOBS:-2}

# The one file a worker compiles (called by xargs below): $1 = path under arch/arm64/boot/dts; prints its
# compile.tsv line. SRC and OUT come from the environment.
if [ "${1:-}" = --compile ]; then
	dts=$2 inc=$SRC/scripts/dtc/include-prefixes
	out=$OUT/dtb/${dts%.dts}
	mkdir -p "$(dirname "$out")"
	if cpp -nostdinc -I "$inc" -undef -D__DTS__ -x assembler-with-cpp -o "$out.pp" \
			"$SRC/arch/arm64/boot/dts/$dts" 2>"$out.err" &&
		dtc -q -I dts -O dtb -b 0 -i "$(dirname "$SRC/arch/arm64/boot/dts/$dts")" -i "$inc" \
			-o "$out.dtb" "$out.pp" 2>>"$out.err"; then
		printf '%s\tok\t\n' "$dts"
	else
		rm -f "$out.dtb"
		why=$({ grep -m1 -i 'error' "$out.err" || head -n 1 "$out.err"; } | tr '\t' ' ' | cut -c1-200)
		printf '%s\tfail\t%s\n' "$dts" "$why"
	fi
	rm -f "$out.pp" "$out.err"
	exit 0
fi

command -v dtc >/dev/null && command -v cpp >/dev/null ||
	{ echo "pmucheck: linux-dts: needs dtc and cpp (device-tree-compiler, cpp: ci/install-deps.sh)" >&2; exit 1; }
deb=$(bash ci/fetch-linux-source.sh)
version=$(dpkg-deb -f "$deb" Version)
base=$CACHE/linux-dts
DIR=$base/$version
if [ -f "$DIR/COMPLETE" ]; then echo "$DIR"; exit 0; fi

mkdir -p "$base"
exec 9>"$base/.lock"
flock 9
if [ -f "$DIR/COMPLETE" ]; then echo "$DIR"; exit 0; fi
echo "pmucheck: linux-dts: compiling the arm64 device trees of linux-source-6.1 $version into $DIR" >&2
rm -rf "$DIR" && mkdir -p "$DIR/src"
top=linux-source-6.1
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/src/linux-source-6.1.tar.xz |
	tar -xJ -C "$DIR/src" --strip-components=1 --wildcards "$top/arch/arm64/boot/dts/*" "$top/arch/arm/boot/dts/*" \
		"$top/include/dt-bindings/*" "$top/include/uapi/linux/input-event-codes.h" \
		"$top/scripts/dtc/include-prefixes/*"
export SRC=$DIR/src OUT=$DIR
(cd "$SRC/arch/arm64/boot/dts" && find . -name '*.dts' | sed 's|^\./||' | sort) |
	xargs -P "$JOBS" -n 1 bash ci/linux-dts.sh --compile | sort > "$DIR/compile.tsv"
total=$(wc -l < "$DIR/compile.tsv")
ok=$(grep -c $'\tok\t' "$DIR/compile.tsv" || true)
[ "$total" -gt 0 ] || { echo "pmucheck: linux-dts: no .dts found in the package" >&2; exit 1; }
echo "$version" > "$DIR/COMPLETE"
# the trees of older versions of the package
for old in "$base"/*/; do [ "${old%/}" = "$DIR" ] || rm -rf "$old"; done
echo "pmucheck: linux-dts: $ok of $total arm64 .dts compiled" >&2
echo "$DIR"
