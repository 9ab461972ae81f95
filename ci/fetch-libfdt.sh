#!/usr/bin/env bash
# Bring libfdt's source, from a Debian package, into build/third_party/libfdt/ unless it is there already
# (mk/libfdt.mk builds it with the firmware's compiler and flags; nothing of it is committed).
#   ci/fetch-libfdt.sh [dest folder, relative to the repository root; default build/third_party]
# Leaves <dest>/libfdt/ with libfdt's *.c and *.h and ORIGIN, which says which package they came from:
#  1. Debian's source package of dtc (device-tree-compiler 1.6.1-4, bookworm), through `apt-get source`
#     after adding a deb-src entry for bookworm (a deb822 file in apt's sources folder) when there is none.
#  2. When the archive serves no source tarballs (apt-get source fails: the archive this project reaches
#     answers 404 for the .orig.tar.xz while it serves the .dsc), Linux's copy of libfdt from Debian's
#     binary package linux-source-6.1 (usr/src/linux-source-6.1.tar.xz: scripts/dtc/libfdt/, upstream
#     libfdt 1.6.1-g0a3a9d34 as scripts/dtc/version_gen.h says; fdt_check.c is not part of it). The package is
#     downloaded once into the cache by ci/fetch-linux-source.sh and kept there for ci/linux-dts.sh (the
#     census's device trees) and the next fetch (after `make clean`).
# Uses sudo when not root, for apt's sources, lists and installs only; downloads run as the calling user.
set -euo pipefail
cd "$(dirname "$0")/.."

DEST=${1:-build/third_party}
DTC_SOURCE=device-tree-compiler # the source package of dtc (its binaries: device-tree-compiler, libfdt-dev...)
DTC_VERSION=1.6.1-4
OUT=$DEST/libfdt

[ -f "$OUT/ORIGIN" ] && [ -f "$OUT/libfdt.h" ] && exit 0

. "$(dirname "$0")/apt-lib.sh"

mkdir -p "$DEST"
# One fetch at a time (the gcc and clang builds may ask together).
exec 9>"$DEST/.libfdt.lock"
flock 9
[ -f "$OUT/ORIGIN" ] && [ -f "$OUT/libfdt.h" ] && exit 0

work=$(mktemp -d "$DEST/.libfdt.XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- deb-src for bookworm; dpkg-dev (dpkg-source unpacks what apt-get source downloads), xz-utils ---
ensure_deb_src bookworm
install_missing dpkg-dev xz-utils # dpkg-source unpacks what apt-get source downloads; xz for linux-source's tarball
# apt's lists must know the source package (a machine whose lists predate the deb-src entry)
apt-cache showsrc "$DTC_SOURCE=$DTC_VERSION" 2>/dev/null | grep -q '^Package:' || apt_update

# --- 1. the source package ---
echo "pmucheck: fetching libfdt: apt-get source $DTC_SOURCE=$DTC_VERSION into $OUT"
if (cd "$work" && apt-get source -qq "$DTC_SOURCE=$DTC_VERSION" >log 2>&1) &&
	[ -f "$work/${DTC_SOURCE}-1.6.1/libfdt/libfdt.h" ]; then
	mv "$work/${DTC_SOURCE}-1.6.1/libfdt" "$work/libfdt"
	echo "Debian source package $DTC_SOURCE $DTC_VERSION (apt-get source): libfdt/" > "$work/libfdt/ORIGIN"
else
	# --- 2. Linux's copy, from a binary package of the same archive ---
	grep -E '^(E|Err):' "$work/log" | head -3 | sed 's/^/pmucheck:   /' || true
	echo "pmucheck: no source tarball from the archive; taking libfdt from linux-source-6.1 (scripts/dtc/libfdt)"
	deb=$(bash "$(dirname "$0")/fetch-linux-source.sh") # the cache's copy, which ci/linux-dts.sh reads too
	dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/src/linux-source-6.1.tar.xz |
		tar -xJ -C "$work" --wildcards 'linux-source-6.1/scripts/dtc/libfdt/*' 'linux-source-6.1/scripts/dtc/version_gen.h'
	mv "$work/linux-source-6.1/scripts/dtc/libfdt" "$work/libfdt"
	printf 'Debian package linux-source-6.1 %s: Linux'"'"'s copy of libfdt, scripts/dtc/libfdt (%s)\n' \
		"$(dpkg-deb -f "$deb" Version)" "$(sed -n 's/^#define DTC_VERSION "\(.*\)"/\1/p' \
		"$work/linux-source-6.1/scripts/dtc/version_gen.h")" > "$work/libfdt/ORIGIN"
fi
if [ ! -f "$work/libfdt/libfdt_env.h" ] || [ ! -f "$work/libfdt/fdt.c" ]; then
	echo "pmucheck: no libfdt in what was fetched" >&2
	exit 1
fi
rm -rf "$OUT" && mv "$work/libfdt" "$OUT"
echo "pmucheck: libfdt from $(cat "$OUT/ORIGIN")"
