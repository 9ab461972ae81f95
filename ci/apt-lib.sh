# Sourced by ci/install-deps.sh and ci/fetch-libfdt.sh: apt-get as root, and the apt steps both take.
#   sudo            () when root, (sudo) when sudo exists, else (false): need_root then says why and exits
#   apt             apt-get, non-interactive, through sudo when not root
#   need_root WHAT  exit 1 with "not root and no sudo: WHAT, then run again" when nothing can run as root
#   apt_update      `apt-get update`, once until add_source clears $updated
#   install_missing PKG...  install the packages dpkg does not list as installed, saying which
#   add_source FILE TYPES SUITE  write a deb822 sources file for one more suite in apt's sources folder
#                   (Dir::Etc::sourceparts, $APT_SOURCE_PARTS; $APT_SOURCE_LIST is sources.list), once
#   ensure_deb_src SUITE  a deb-src entry for SUITE (one-line or deb822), else add_source writes one
#                   (pmucheck-SUITE-src.sources): what `apt-get source` needs
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

updated=
apt_update() { [ -n "$updated" ] || "${apt[@]}" update -qq; updated=1; }
install_missing() {
	local missing=() p have
	# one dpkg-query for all of them (it lists the installed ones, and fails on names it does not know)
	have=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "$@" 2>/dev/null | awk '$1 == "ii" { print $2 }' || true)
	for p in "$@"; do grep -qxF "${p%%:*}" <<<"$have" || missing+=("$p"); done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "pmucheck: installing: ${missing[*]}"
	need_root "install these packages: ${missing[*]}"
	apt_update
	"${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

eval "$(apt-config shell APT_SOURCE_PARTS Dir::Etc::sourceparts/d APT_SOURCE_LIST Dir::Etc::sourcelist/f)"
APT_SOURCE_PARTS=${APT_SOURCE_PARTS:-/etc/apt/sources.list.d/}
add_source() { # file, types, suite
	local f=${APT_SOURCE_PARTS%/}/$1
	[ -e "$f" ] && return 0
	need_root "add $3 ($2) to apt's sources"
	echo "pmucheck: adding $3 ($2) to apt's sources: $f"
	printf 'Types: %s\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: %s\n' \
		"$2" "$3" /usr/share/keyrings/debian-archive-keyring.gpg | "${sudo[@]}" tee "$f" >/dev/null
	updated=
}
ensure_deb_src() { # suite
	grep -Eqs "^[[:space:]]*deb-src[[:space:]].*[[:space:]]$1([[:space:]]|\$)" "$APT_SOURCE_LIST" \
		"${APT_SOURCE_PARTS%/}"/*.list && return 0
	awk -v suite="$1" 'BEGIN { RS = ""; IGNORECASE = 1 }
	     /(^|\n)Types:[^\n]*deb-src/ && $0 ~ ("(^|\n)Suites:[^\n]*[[:space:]]" suite "([[:space:]]|\n|$)") { f = 1 }
	     END { exit !f }' "${APT_SOURCE_PARTS%/}"/*.sources 2>/dev/null && return 0
	add_source "pmucheck-$1-src.sources" deb-src "$1"
}
