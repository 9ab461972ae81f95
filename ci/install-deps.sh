#!/usr/bin/env bash
# Install what pmucheck needs on a Debian machine, if it is missing: the AArch64 cross toolchain, picolibc,
# clang/lld (the second toolchain `make test` builds with), QEMU, and the Python packages of the CI runner.
# Says what it installs; quiet when everything is there. Uses sudo when not root.
set -euo pipefail

packages=(make gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu picolibc-aarch64-linux-gnu clang lld
          qemu-system-arm python3 python3-tap python3-junit.xml)
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "pmucheck: installing: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
	sudo=()
elif command -v sudo >/dev/null 2>&1; then
	sudo=(sudo)
else
	echo "pmucheck: not root and no sudo: install these packages and run again: ${missing[*]}" >&2
	exit 1
fi
# `env` passes DEBIAN_FRONTEND through sudo, which resets the environment
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get)
"${apt[@]}" update -qq
"${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "pmucheck: installed: ${missing[*]}"
