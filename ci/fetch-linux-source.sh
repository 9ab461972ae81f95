#!/usr/bin/env bash
# Bring Debian's binary package linux-source-6.1 (Linux's source as usr/src/linux-source-6.1.tar.xz, 139 MB)
# into the cache once per package version, and print the path of the .deb. Its users read what they need from
# it: ci/fetch-libfdt.sh (Linux's copy of libfdt, when the archive serves no dtc source tarball) and
# ci/linux-dts.sh (the arm64 board device trees of the census), so the package is downloaded once for both.
#   ci/fetch-linux-source.sh   -> $PMUCHECK_CACHE/linux-source-6.1/<version>/linux-source-6.1_<version>_all.deb
# The version is apt's candidate (bookworm's security updates replace it now and then: a new version is fetched
# and the older ones removed); with no candidate in apt's lists, the lists are updated once, and with none at
# all (no network) the newest version in the cache is used. Progress goes to stderr, the path alone to stdout.
set -euo pipefail
PACKAGE=linux-source-6.1
CACHE=${PMUCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmucheck}
DIR=$CACHE/$PACKAGE
. "$(dirname "$0")/apt-lib.sh"

candidate() { apt-cache policy "$PACKAGE" 2>/dev/null | sed -n 's/^ *Candidate: //p' | grep -v '^(none)$' || true; }
cached() { ls "$DIR"/*/"${PACKAGE}"_*_all.deb 2>/dev/null | sort -V | tail -n 1; }

mkdir -p "$DIR"
exec 9>"$DIR/.lock" # one download at a time (install-deps, the builds' libfdt fetch and make census may ask together)
flock 9
version=$(candidate)
if [ -z "$version" ] && [ -z "$(cached)" ]; then
	apt_update >&2
	version=$(candidate)
fi
if [ -z "$version" ]; then
	deb=$(cached)
	[ -n "$deb" ] || { echo "pmucheck: apt knows no $PACKAGE and the cache has none" >&2; exit 1; }
	echo "pmucheck: apt has no candidate for $PACKAGE: using the cached $deb" >&2
	echo "$deb"
	exit 0
fi
deb=$DIR/$version/${PACKAGE}_${version//:/%3a}_all.deb
if [ ! -s "$deb" ]; then
	echo "pmucheck: downloading $PACKAGE $version (139 MB) into $DIR/$version" >&2
	work=$(mktemp -d "$DIR/.download.XXXXXX")
	trap 'rm -rf "$work"' EXIT
	# a version the archive dropped since the lists were read: update them once and take the new candidate
	if ! (cd "$work" && apt-get download -qq "$PACKAGE=$version" >&2 2>/dev/null); then
		apt_update >&2
		version=$(candidate)
		deb=$DIR/$version/${PACKAGE}_${version//:/%3a}_all.deb
		(cd "$work" && apt-get download "$PACKAGE=$version" >&2)
	fi
	got=$(ls "$work"/"${PACKAGE}"_*.deb)
	[ "$(dpkg-deb -f "$got" Version)" = "$version" ] ||
		{ echo "pmucheck: $got is not version $version" >&2; exit 1; }
	mkdir -p "$DIR/$version"
	mv "$got" "$deb"
	# the older versions (and what was made from them lives in their users' own folders, keyed the same way)
	for old in "$DIR"/*/; do [ "${old%/}" = "$DIR/$version" ] || rm -rf "$old"; done
fi
echo "$deb"
