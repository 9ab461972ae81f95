# Sourced by ci/install-deps.sh and ci/fetch-libfdt.sh: how to run apt-get as root.
#   sudo       () when root, (sudo) when sudo exists, else (false): apt calls then fail and need_root says why
#   apt        apt-get, non-interactive, through sudo when not root
#   need_root  exit 1 with "not root and no sudo: <what to do>" when nothing can run as root
if [ "$(id -u)" -eq 0 ]; then
	sudo=()
elif command -v sudo >/dev/null 2>&1; then
	sudo=(sudo)
else
	sudo=(false)
fi
# `env` passes DEBIAN_FRONTEND through sudo, which resets the environment
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get)
need_root() {
	[ "${sudo[0]:-}" != false ] && return 0
	echo "pmucheck: not root and no sudo: $1, then run again" >&2
	exit 1
}
