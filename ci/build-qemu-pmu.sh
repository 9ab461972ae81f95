#!/usr/bin/env bash
# Build pmucheck's own QEMU: the upstream QEMU 10.0.2 release with the patch series in qemu/patches/ (the Armv9
# PMU features no QEMU release implements), into the cache; nothing when the build of this series is there.
#   ci/build-qemu-pmu.sh           (make qemu-pmu); prints the binary's path as its last line
# Leaves $PMUCHECK_CACHE/qemu-pmu/ (default ~/.cache/pmucheck):
#   qemu_10.0.2+ds.orig.tar.xz  the source, as Debian's archive serves it (SHA-256 checked against QEMU_SHA256)
#   src/      a git repository: branch `upstream` is the unpacked tarball (plus the placeholders below), the
#             branch `series` is upstream with the patches applied by `git am`, in file name order
#   build/    the one meson/ninja build tree (configured once per configure options)
#   <key>/    one folder per series: qemu-system-aarch64 (the binary, without debug information), SERIES (the
#             patches and their SHA-256),
#             BUILD-SECONDS (how long its build took); <key> is the first 12 digits of the SHA-256 of the
#             tarball's hash, the configure options and the patches' contents
#   current   a symbolic link to the folder of the series last built
# Incremental: changing a patch resets src/ to `upstream` (git rewrites only the files that differ, so the
# others keep their times) and applies the series again; the files of the previous series whose content is the
# same get their old times back, so ninja rebuilds what the change touches, not QEMU (measured on 2 busy cores:
# a fresh build 17.6 min; patch 0001 added to a build of upstream 230 s, 43 ninja steps; a change to helper.c in
# it 10-14 s, 3 steps; a series built before: its folder, no build).
#
# Source: Debian's bookworm-backports qemu (1:10.0.2+ds-2+deb13u1~bpo12+1) is the upstream 10.0.2 release minus
# the blobs Debian rebuilds itself (+ds). `apt-get source --download-only` fetches its orig tarball, though the
# archive answers 404 for the .dsc and the Debian tarball of that version (it needs a deb-src entry for
# bookworm-backports: ensure_deb_src adds one). What the +ds tarball lacks and configure wants:
#   meson >= 1.5 (QEMU's bundled wheel is dropped)  meson and python3-pycotap from bookworm-backports
#   pc-bios/edk2-*.fd.bz2 (pc-bios/meson.build decompresses them)  empty placeholders: pmucheck boots no UEFI
# Configure options: only the AArch64 system emulator, TCG, the system's libfdt (libfdt-dev); no docs, no
# tools, no other default feature (--without-default-features: no KVM, no SDL/GTK/VNC, no slirp, no block
# drivers); /usr/bin/python3 (configure's venv takes meson and pycotap from it).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

CACHE=${PMUCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmucheck}
QEMU_SOURCE=qemu
QEMU_DEB_VERSION=1:10.0.2+ds-2+deb13u1~bpo12+1
QEMU_TARBALL=qemu_10.0.2+ds.orig.tar.xz
QEMU_SHA256=0901da33844a331bf8b3602b9c1fbd178e60b737c8e3ade678255bd090c9b9f1
QEMU_DIR=qemu-10.0.2            # the tarball's top folder
PATCHES=$ROOT/qemu/patches
OUT=$CACHE/qemu-pmu
configure_options=(--python=/usr/bin/python3 --target-list=aarch64-softmmu --without-default-features
                   --enable-tcg --enable-fdt=system --disable-docs --disable-tools --disable-install-blobs
                   --disable-werror)

. ci/apt-lib.sh
install_missing ninja-build libglib2.0-dev libpixman-1-dev libfdt-dev python3-venv pkg-config xz-utils git gcc
# meson >= 1.5 (bookworm has 1.0) and pycotap: bookworm-backports' (apt-get install -t; the lead's
# ci/install-deps.sh adds the suite)
if ! meson --version 2>/dev/null | awk -F. '{ exit !($1 > 1 || ($1 == 1 && $2 >= 5)) }' ||
	! dpkg-query -W -f='${db:Status-Abbrev}' python3-pycotap 2>/dev/null | grep -q '^ii'; then
	need_root "install meson and python3-pycotap from bookworm-backports"
	echo "pmucheck: installing meson and python3-pycotap from bookworm-backports"
	apt_update
	"${apt[@]}" install -y -qq --no-install-recommends -t bookworm-backports meson python3-pycotap >/dev/null
fi

patches=()
[ -d "$PATCHES" ] && while IFS= read -r p; do patches+=("$p"); done < \
	<(find "$PATCHES" -maxdepth 1 -name '*.patch' | sort)
series=$(for p in ${patches[@]+"${patches[@]}"}; do
	printf '%s  %s\n' "$(sha256sum < "$p" | cut -c1-64)" "${p##*/}"
done)
key=$(printf '%s\n' "$QEMU_SHA256" "${configure_options[*]}" "$series" | sha256sum | cut -c1-12)
if [ -x "$OUT/$key/qemu-system-aarch64" ]; then
	ln -sfn "$key" "$OUT/current"
	echo "$OUT/$key/qemu-system-aarch64"
	exit 0
fi
mkdir -p "$OUT"
started=$(date +%s)

# --- the tarball ---
if [ ! -f "$OUT/$QEMU_TARBALL" ] || [ "$(sha256sum < "$OUT/$QEMU_TARBALL" | cut -c1-64)" != "$QEMU_SHA256" ]; then
	ensure_deb_src bookworm-backports
	apt-cache showsrc "$QEMU_SOURCE=$QEMU_DEB_VERSION" 2>/dev/null | grep -q '^Package:' || apt_update
	echo "pmucheck: fetching $QEMU_TARBALL (apt-get source --download-only $QEMU_SOURCE=$QEMU_DEB_VERSION)"
	tmp=$(mktemp -d "$OUT/.fetch.XXXXXX")
	# the .dsc and the Debian tarball answer 404, so apt-get fails: what counts is the orig tarball
	(cd "$tmp" && apt-get source --download-only -qq -t bookworm-backports "$QEMU_SOURCE=$QEMU_DEB_VERSION" \
		> fetch.log 2>&1) || true
	if [ ! -f "$tmp/$QEMU_TARBALL" ]; then
		sed 's/^/pmucheck:   /' "$tmp/fetch.log" | tail -5 >&2
		echo "pmucheck: apt-get source did not fetch $QEMU_TARBALL" >&2
		rm -rf "$tmp"; exit 1
	fi
	mv "$tmp/$QEMU_TARBALL" "$OUT/" && rm -rf "$tmp"
fi
sha=$(sha256sum < "$OUT/$QEMU_TARBALL" | cut -c1-64)
echo "pmucheck: $QEMU_TARBALL SHA-256 $sha"
[ "$sha" = "$QEMU_SHA256" ] || { echo "pmucheck: expected SHA-256 $QEMU_SHA256" >&2; exit 1; }

git_q() { git -C "$OUT/src" -c user.name=pmucheck -c user.email=pmucheck@localhost -c advice.detachedHead=false "$@"; }

# --- src/: the unpacked tarball, committed once as `upstream` ---
if ! git_q rev-parse -q --verify upstream >/dev/null 2>&1 ||
	[ "$(cat "$OUT/src.sha256" 2>/dev/null)" != "$QEMU_SHA256" ]; then
	echo "pmucheck: unpacking $QEMU_TARBALL into $OUT/src"
	rm -rf "$OUT/src" "$OUT/src.tmp" "$OUT/build" && mkdir -p "$OUT/src.tmp"
	tar xJf "$OUT/$QEMU_TARBALL" -C "$OUT/src.tmp" --strip-components=1 "$QEMU_DIR"
	for f in $(sed -n "s/^[[:space:]]*'\(edk2-[a-z0-9_-]*\.fd\)',.*/\1/p" "$OUT/src.tmp/pc-bios/meson.build"); do
		[ -e "$OUT/src.tmp/pc-bios/$f.bz2" ] || : > "$OUT/src.tmp/pc-bios/$f.bz2"
	done
	mv "$OUT/src.tmp" "$OUT/src"
	git -C "$OUT/src" init -q -b upstream
	git_q add -A -f . && git_q commit -q -m "QEMU 10.0.2 ($QEMU_TARBALL, SHA-256 $QEMU_SHA256)" \
		-m "With empty placeholders for the pc-bios/edk2-*.fd.bz2 the +ds tarball drops."
	echo "$QEMU_SHA256" > "$OUT/src.sha256"
fi

# --- the series, on a clean copy of upstream ---
# The files the previous series changed are kept aside with their times (cp -p): after the new series is
# applied, those whose content is the same get their old time back, so ninja rebuilds only what a changed
# patch changed (a file the series touches is otherwise rewritten twice, by the reset and by git am).
rm -rf "$OUT/kept" && mkdir -p "$OUT/kept"
if git_q rev-parse -q --verify series >/dev/null 2>&1; then
	git_q diff --name-only upstream series | while IFS= read -r f; do
		[ -f "$OUT/src/$f" ] && mkdir -p "$OUT/kept/$(dirname "$f")" && cp -p "$OUT/src/$f" "$OUT/kept/$f"
	done
fi
git_q checkout -q -f -B series upstream
git_q clean -q -f -d -x
for p in ${patches[@]+"${patches[@]}"}; do
	if ! git_q am -q --keep-cr "$p" > "$OUT/am.log" 2>&1; then
		git_q am --abort >/dev/null 2>&1 || true
		sed 's/^/pmucheck:   /' "$OUT/am.log" | tail -20 >&2
		echo "pmucheck: ${p##*/} does not apply to QEMU 10.0.2" >&2
		exit 1
	fi
done
echo "pmucheck: QEMU 10.0.2 with ${#patches[@]} patch(es) from qemu/patches/ (series $key)"
(cd "$OUT/kept" && find . -type f) | while IFS= read -r f; do
	if cmp -s "$OUT/kept/$f" "$OUT/src/$f"; then touch -r "$OUT/kept/$f" "$OUT/src/$f"; fi
done
rm -rf "$OUT/kept"

# --- configure (once per options) and build ---
configured=$(date +%s)
if [ ! -f "$OUT/build/build.ninja" ] ||
	[ "$(cat "$OUT/build/CONFIGURE-OPTIONS" 2>/dev/null)" != "${configure_options[*]}" ]; then
	rm -rf "$OUT/build" && mkdir -p "$OUT/build"
	echo "pmucheck: configuring: ${configure_options[*]}"
	if ! (cd "$OUT/build" && ../src/configure "${configure_options[@]}" > configure.log 2>&1); then
		tail -20 "$OUT/build/configure.log" >&2
		echo "pmucheck: QEMU's configure failed (the whole log: $OUT/build/configure.log)" >&2
		exit 1
	fi
	echo "${configure_options[*]}" > "$OUT/build/CONFIGURE-OPTIONS"
	configured=$(date +%s)
fi
echo "pmucheck: building qemu-system-aarch64 in $OUT/build" \
	"(ninja, $(nproc) jobs; load $(cut -d' ' -f1-3 /proc/loadavg))"
if ! ninja -C "$OUT/build" -j"$(nproc)" qemu-system-aarch64 > "$OUT/build/ninja.log.txt" 2>&1; then
	grep -B2 -A10 'error' "$OUT/build/ninja.log.txt" | head -40 >&2
	echo "pmucheck: the QEMU build failed (the whole log: $OUT/build/ninja.log.txt)" >&2
	exit 1
fi
built=$(date +%s)
steps=$(grep -c '^\[[0-9]*/[0-9]*\]' "$OUT/build/ninja.log.txt" || true)

rm -rf "$OUT/$key.tmp" && mkdir -p "$OUT/$key.tmp"
# without its debug information (98 MB -> 33 MB; the build tree keeps the full one)
objcopy --strip-debug "$OUT/build/qemu-system-aarch64" "$OUT/$key.tmp/qemu-system-aarch64"
printf '%s\n' "$series" > "$OUT/$key.tmp/SERIES"
printf 'total=%s configure=%s build=%s ninja_steps=%s load=%s\n' "$((built - started))" "$((configured - started))" \
	"$((built - configured))" "$steps" "$(cut -d' ' -f1-3 /proc/loadavg | tr ' ' ,)" > "$OUT/$key.tmp/BUILD-SECONDS"
rm -rf "${OUT:?}/$key" && mv "$OUT/$key.tmp" "$OUT/$key"
ln -sfn "$key" "$OUT/current"
echo "pmucheck: built in $((built - started)) s ($steps ninja steps): $(cat "$OUT/$key/BUILD-SECONDS")"
echo "$OUT/$key/qemu-system-aarch64"
