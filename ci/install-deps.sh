#!/usr/bin/env bash
# Install what pmucheck needs on a Debian (bookworm) machine, if it is missing, and say what it installs;
# quiet when everything is there. Uses sudo when not root.
#  - Debian packages: the AArch64 cross toolchain, picolibc, clang/lld (the second toolchain), QEMU 7.2,
#    the Python packages of the CI runner, the host libfdt and dtc (host tests of the device tree reader).
#  - libfdt for the firmware: Debian's arm64 build (libfdt-dev:arm64), unpacked into the cache. Debian's
#    source package would be cleaner (built with our flags), but the archive this project reaches serves
#    binary packages only ('apt-get source device-tree-compiler' fails with 404 on the .orig tarball), so
#    mk/libfdt.mk links the arm64 libfdt.a and supplies what its hardening flags need (see there).
#  - QEMU 10.0 from bookworm-backports, side by side with Debian's 7.2: its packages are downloaded and
#    unpacked into the cache (never installed, so /usr/bin/qemu-system-aarch64 stays 7.2), its runtime
#    libraries installed from bookworm, and a wrapper points it at its own modules and data.
# The cache is PMUCHECK_CACHE (default ~/.cache/pmucheck): outside the tree, so `make clean` keeps it.
set -euo pipefail

CACHE=${PMUCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmucheck}
QEMU10_VERSION=1:10.0.2+ds-2+deb13u1~bpo12+1
LIBFDT_VERSION=1.6.1-4+b1

packages=(make gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu picolibc-aarch64-linux-gnu clang lld
          qemu-system-arm python3 python3-tap python3-junit.xml libfdt-dev device-tree-compiler)

if [ "$(id -u)" -eq 0 ]; then
	sudo=()
elif command -v sudo >/dev/null 2>&1; then
	sudo=(sudo)
else
	sudo=(false)
fi
# `env` passes DEBIAN_FRONTEND through sudo, which resets the environment
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get)
updated=
apt_update() { [ -n "$updated" ] || "${apt[@]}" update -qq; updated=1; }
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
install_missing() {
	local missing=() p
	for p in "$@"; do installed "$p" || missing+=("$p"); done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "pmucheck: installing: ${missing[*]}"
	if [ "${sudo[0]:-}" = false ]; then
		echo "pmucheck: not root and no sudo: install these packages and run again: ${missing[*]}" >&2
		exit 1
	fi
	apt_update
	"${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

install_missing "${packages[@]}"

# A deb822 sources file for one more suite or architecture, written once.
add_source() { # file, types, suite
	local f=/etc/apt/sources.list.d/$1
	[ -e "$f" ] && return 0
	printf 'Types: %s\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: %s\n' \
		"$2" "$3" /usr/share/keyrings/debian-archive-keyring.gpg | "${sudo[@]}" tee "$f" >/dev/null
	updated=
}

# Download packages (name=version ...) into $1 and unpack them there (dpkg -x: nothing is installed).
unpack() {
	local dir=$1; shift
	rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/debs"
	(cd "$dir.tmp/debs" && apt-get download -qq "$@" 2>/dev/null) || (cd "$dir.tmp/debs" && apt-get download "$@")
	for d in "$dir.tmp"/debs/*.deb; do dpkg -x "$d" "$dir.tmp/root"; done
	rm -rf "$dir" && mv "$dir.tmp" "$dir"
}

# --- libfdt, Debian's arm64 build ---
LIBFDT_DIR=$CACHE/libfdt-arm64-$LIBFDT_VERSION
if [ ! -f "$LIBFDT_DIR/root/usr/lib/aarch64-linux-gnu/libfdt.a" ]; then
	echo "pmucheck: fetching libfdt-dev:arm64 $LIBFDT_VERSION into $LIBFDT_DIR"
	dpkg --print-foreign-architectures | grep -qx arm64 || { "${sudo[@]}" dpkg --add-architecture arm64; updated=; }
	apt_update
	unpack "$LIBFDT_DIR" "libfdt-dev:arm64=$LIBFDT_VERSION"
fi

# --- QEMU 10.0 from bookworm-backports ---
QEMU10_DIR=$CACHE/qemu-10.0
if [ ! -x "$QEMU10_DIR/qemu-system-aarch64" ] || ! grep -qF "$QEMU10_VERSION" "$QEMU10_DIR/VERSION" 2>/dev/null; then
	echo "pmucheck: fetching QEMU $QEMU10_VERSION (bookworm-backports) into $QEMU10_DIR"
	apt-cache policy 2>/dev/null | grep -q 'bookworm-backports' || add_source pmucheck-bookworm-backports.sources deb bookworm-backports
	apt_update
	unpack "$QEMU10_DIR" "qemu-system-arm=$QEMU10_VERSION" "qemu-system-common=$QEMU10_VERSION" \
		"qemu-system-data=$QEMU10_VERSION" "qemu-system-modules-opengl=$QEMU10_VERSION" \
		"qemu-system-modules-spice=$QEMU10_VERSION"
	# Its runtime libraries are ordinary bookworm packages: install those that are missing.
	deps=$(apt-cache show "qemu-system-arm=$QEMU10_VERSION" "qemu-system-common=$QEMU10_VERSION" \
		"qemu-system-modules-opengl=$QEMU10_VERSION" "qemu-system-modules-spice=$QEMU10_VERSION" | sed -n 's/^Depends: //p' | tr ',' '\n' |
		sed 's/([^)]*)//g; s/|.*//; s/ //g' | grep -v '^qemu-' | grep -v '^$' | sort -u)
	# shellcheck disable=SC2086
	install_missing $deps
	# The wrapper: its own modules (QEMU_MODULE_DIR) and firmware/data (-L), never 7.2's.
	cat > "$QEMU10_DIR/qemu-system-aarch64" <<WRAP
#!/bin/sh
# QEMU $QEMU10_VERSION unpacked by pmucheck's ci/install-deps.sh.
QEMU_MODULE_DIR='$QEMU10_DIR/root/usr/lib/x86_64-linux-gnu/qemu' exec '$QEMU10_DIR/root/usr/bin/qemu-system-aarch64' -L '$QEMU10_DIR/root/usr/share/qemu' "\$@"
WRAP
	chmod +x "$QEMU10_DIR/qemu-system-aarch64"
	echo "$QEMU10_VERSION" > "$QEMU10_DIR/VERSION"
	missing_libs=$(ldd "$QEMU10_DIR/root/usr/bin/qemu-system-aarch64" | grep 'not found' || true)
	[ -z "$missing_libs" ] || { echo "pmucheck: QEMU 10.0 lacks libraries: $missing_libs" >&2; exit 1; }
fi
