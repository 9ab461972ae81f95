#!/usr/bin/env bash
# Install what pmucheck needs on a Debian (bookworm) machine, if it is missing, and say what it installs;
# quiet when everything is there. Uses sudo when not root.
#  - Debian packages: the AArch64 cross toolchain, picolibc, clang/lld (the second toolchain), QEMU 7.2, its UEFI
#    firmware (qemu-efi-aarch64: pmucheck.efi from the UEFI Shell, make run UEFI=1 and make test's @uefi runs)
#    and what makes the FAT disk image it starts from (dosfstools, mtools),
#    the Python packages of the CI runner, the host libfdt and dtc (host tests of the device tree reader),
#    chromium (headless: ci/check_report.py renders `make report`'s page in it), LAVA's lava-common (the job
#    schema: ci/check_lava.py) and lava-dispatcher (lava-run runs the QEMU LAVA job: ci/check_lava_run.py;
#    without its Recommends it still pulls in about 140 packages, 84 MB of archives, 261 MB installed:
#    libguestfs with supermin and qemu-system-x86, lvm2, udev, kernel headers for bpfcc; about 2 minutes),
#    u-boot-qemu (U-Boot for QEMU virt: ci/check_uboot.py boots the image from it), newlib-source (newlib's
#    source tarball, /usr/src/newlib/: ci/build-newlib.sh), cpp and python3-libfdt (the census: ci/census.py).
#  - libfdt's source for the firmware, from a Debian package, into build/third_party/ (ci/fetch-libfdt.sh;
#    mk/libfdt.mk builds it with the firmware's flags and says why not Debian's arm64 binary).
#  - LAVA's device-type templates (qemu.jinja2, base.jinja2): lava-server's package of lava-dispatcher's version,
#    downloaded and unpacked into the cache (never installed: it needs a database and a web server);
#    ci/check_lava_run.py renders the qemu template with the job's context and compares the device
#    configuration it hands lava-run (ci/lava/qemu-device.yaml) with it.
#  - QEMU 10.0 from bookworm-backports, side by side with Debian's 7.2: its packages are downloaded and
#    unpacked into the cache (never installed, so /usr/bin/qemu-system-aarch64 stays 7.2), its runtime
#    libraries installed from bookworm, and a wrapper points it at its own modules and data.
#  - The arm64 board device trees of Debian's linux-source-6.1 (ci/fetch-linux-source.sh keeps the package in the
#    cache, for ci/fetch-libfdt.sh too), compiled by ci/linux-dts.sh into the cache once per package version, for
#    make test's census step (ci/census.py).
#  - Trusted Firmware-A 2.8 for QEMU virt with pmucheck as BL33 (ci/build-tfa.sh: Debian's source package,
#    built into the cache once per version and options; make test's tfa step boots it). A failure there is
#    reported and leaves the rest installed: the tfa step then fails on the missing build.
#  - newlib 3.3.0's C library for bare-metal AArch64 (ci/build-newlib.sh: Debian's newlib-source, built with
#    aarch64-linux-gnu-gcc into the cache once per version and options, about 2 minutes; make test's newlib
#    step links the image against it). A failure is reported the same way: the newlib step then fails.
# The cache is PMUCHECK_CACHE (default ~/.cache/pmucheck): outside the tree, so `make clean` keeps it.
# `ci/install-deps.sh run` (what `make run` calls) installs only what building and booting the image needs: the
# cross toolchain, picolibc, QEMU 7.2 and 10.0, libfdt's source; no test tool, no TF-A, no newlib.
set -euo pipefail
MODE=${1:-all}
case $MODE in run|all) ;; *) echo "usage: $0 [run|all]" >&2; exit 2;; esac

CACHE=${PMUCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmucheck}
QEMU10_VERSION=1:10.0.2+ds-2+deb13u1~bpo12+1

run_packages=(make gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu binutils-arm-none-eabi picolibc-aarch64-linux-gnu qemu-system-arm
              qemu-efi-aarch64 dosfstools mtools)
test_packages=(clang lld libclang-rt-14-dev lava-common lava-dispatcher python3 python3-tap python3-junit.xml libfdt-dev
               device-tree-compiler cpp python3-libfdt chromium u-boot-qemu newlib-source)

. "$(dirname "$0")/apt-lib.sh"

if [ "$MODE" = run ]; then
	install_missing "${run_packages[@]}"
else
	install_missing "${run_packages[@]}" "${test_packages[@]}"
fi

# Download packages (name=version ...) into $1 and unpack them there (dpkg -x: nothing is installed).
unpack() {
	local dir=$1; shift
	rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/debs"
	(cd "$dir.tmp/debs" && apt-get download -qq "$@" 2>/dev/null) || (cd "$dir.tmp/debs" && apt-get download "$@")
	for d in "$dir.tmp"/debs/*.deb; do dpkg -x "$d" "$dir.tmp/root"; done
	rm -rf "$dir" && mv "$dir.tmp" "$dir"
}

# --- QEMU 10.0 from bookworm-backports ---
QEMU10_DIR=$CACHE/qemu-10.0
QEMU10_BIN=$QEMU10_DIR/root/usr/bin/qemu-system-aarch64
QEMU10_PACKAGES=(qemu-system-arm qemu-system-common qemu-system-data qemu-system-modules-opengl
                 qemu-system-modules-spice)
# qemu-system-arm needs -common and -data; the opengl and spice modules (its Recommends) are unpacked too,
# so that every module 7.2 ships has a 10.0 build in the 10.0 folder, which QEMU_MODULE_DIR puts first.
if [ ! -x "$QEMU10_DIR/qemu-system-aarch64" ] || [ ! -f "$QEMU10_DIR/DEPENDS" ] || ! grep -qxF "$QEMU10_VERSION" "$QEMU10_DIR/VERSION" 2>/dev/null; then
	echo "pmucheck: fetching QEMU $QEMU10_VERSION (bookworm-backports) into $QEMU10_DIR"
	if ! apt-cache policy 2>/dev/null | grep -q ' bookworm-backports/main '; then
		# not in apt's lists: add the suite unless a sources file names it already, then update the lists
		grep -Eqs '^[^#]*bookworm-backports' "$APT_SOURCE_LIST" "${APT_SOURCE_PARTS%/}"/*.list \
			"${APT_SOURCE_PARTS%/}"/*.sources || add_source pmucheck-bookworm-backports.sources deb bookworm-backports
		updated=
	fi
	apt_update
	if ! apt-cache show "qemu-system-arm=$QEMU10_VERSION" >/dev/null 2>&1; then
		echo "pmucheck: bookworm-backports no longer has qemu-system-arm $QEMU10_VERSION (it has:" \
			"$(apt-cache madison qemu-system-arm | awk -F' [|] ' '/backports/ { print $2 }' | xargs));" \
			"set QEMU10_VERSION in ci/install-deps.sh and record ci/expected/qemu-10.0 again" >&2
		exit 1
	fi
	unpack "$QEMU10_DIR" "${QEMU10_PACKAGES[@]/%/=$QEMU10_VERSION}"
	# Its runtime libraries are ordinary bookworm packages (apt-get install takes bookworm's, the candidate:
	# backports has priority 100): list them once, install them below.
	apt-cache show "${QEMU10_PACKAGES[@]/%/=$QEMU10_VERSION}" | sed -n 's/^Depends: //p' | tr ',' '\n' |
		sed 's/([^)]*)//g; s/|.*//; s/ //g' | grep -v '^qemu-' | grep -v '^$' | sort -u > "$QEMU10_DIR/DEPENDS"
	# The wrapper: its own modules (QEMU_MODULE_DIR) and firmware/data (-L), never 7.2's.
	cat > "$QEMU10_DIR/qemu-system-aarch64" <<WRAP
#!/bin/sh
# QEMU $QEMU10_VERSION unpacked by pmucheck's ci/install-deps.sh. Modules are searched in QEMU_MODULE_DIR
# first (then Debian's built-in /usr/lib/x86_64-linux-gnu/qemu, 7.2's, whose modules 10.0 refuses: another
# build stamp); data and firmware in -L first, then next to the binary (../share/qemu, 10.0's too).
QEMU_MODULE_DIR='$QEMU10_DIR/root/usr/lib/x86_64-linux-gnu/qemu' exec '$QEMU10_BIN' -L '$QEMU10_DIR/root/usr/share/qemu' "\$@"
WRAP
	chmod +x "$QEMU10_DIR/qemu-system-aarch64"
	echo "$QEMU10_VERSION" > "$QEMU10_DIR/VERSION"
fi
# Every time (one dpkg-query): its runtime libraries are still installed.
# shellcheck disable=SC2046
install_missing $(cat "$QEMU10_DIR/DEPENDS")
missing_libs=$(ldd "$QEMU10_BIN" | grep 'not found' || true)
[ -z "$missing_libs" ] || { echo "pmucheck: QEMU 10.0 lacks libraries: $missing_libs" >&2; exit 1; }

# --- libfdt's source (the firmware builds it: mk/libfdt.mk) ---
bash "$(dirname "$0")/fetch-libfdt.sh"
[ "$MODE" = run ] && exit 0

# --- LAVA's device-type templates, from lava-server of the installed lava-dispatcher's version ---
LAVA_VERSION=$(dpkg-query -W -f='${Version}' lava-dispatcher)
LAVA_SERVER_DIR=$CACHE/lava-server
if ! grep -qxF "$LAVA_VERSION" "$LAVA_SERVER_DIR/VERSION" 2>/dev/null; then
	echo "pmucheck: fetching lava-server $LAVA_VERSION's device-type templates into $LAVA_SERVER_DIR"
	apt_update
	unpack "$LAVA_SERVER_DIR" "lava-server=$LAVA_VERSION"
	echo "$LAVA_VERSION" > "$LAVA_SERVER_DIR/VERSION"
fi

# --- the arm64 board trees of linux-source-6.1 for the census step (ci/linux-dts.sh: the package fetch-libfdt.sh
# may have downloaded already, compiled into the cache once per version: about 2 minutes the first time) ---
bash "$(dirname "$0")/linux-dts.sh" >/dev/null ||
	echo "pmucheck: Linux's device trees were not compiled: make test's census step will fail" >&2

# --- TF-A 2.8 for the tfa step (ci/check_tfa.py) ---
bash "$(dirname "$0")/build-tfa.sh" || echo "pmucheck: TF-A was not built: make test's tfa step will fail" >&2

# --- newlib's libc for make LIBC=newlib (make test's newlib step) ---
bash "$(dirname "$0")/build-newlib.sh" >/dev/null || echo "pmucheck: newlib was not built: make test's newlib step will fail" >&2
