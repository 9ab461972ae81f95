#!/usr/bin/env bash
# QEMU's own scripts/checkpatch.pl on each patch of qemu/patches/ (from the source ci/build-qemu-pmu.sh unpacked):
# a patch passes when its only complaint is the missing Signed-off-by (a person signs them when posting).
# Prints one line per patch, then "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
CACHE=${PMUCHECK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmucheck}
checkpatch=$CACHE/qemu-pmu/src/scripts/checkpatch.pl
passed=0 failed=0
for p in qemu/patches/*.patch; do
	if [ ! -f "$checkpatch" ]; then
		echo "not ok ${p##*/}: no $checkpatch (ci/build-qemu-pmu.sh unpacks it)"; failed=$((failed + 1)); continue
	fi
	out=$(perl "$checkpatch" --no-color "$p" 2>&1)
	others=$(printf '%s\n' "$out" | grep -E '^(ERROR|WARNING):' | grep -v 'Missing Signed-off-by' || true)
	total=$(printf '%s\n' "$out" | grep -E '^total:')
	if [ -z "$others" ] && [ -n "$total" ]; then
		echo "ok ${p##*/}: $total (the Signed-off-by is left to whoever posts it)"; passed=$((passed + 1))
	else
		echo "not ok ${p##*/}:"; printf '%s\n' "$others" | sed 's/^/  /'; failed=$((failed + 1))
	fi
done
echo "$passed passed, $failed failed"
