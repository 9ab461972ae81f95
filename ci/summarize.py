#!/usr/bin/python3
"""Add up the "N passed, N failed[, N skipped]" lines of make test's steps and print the total as the last line.

Each argument is a file whose last line is one step's summary. Exits 1 when any step failed or a file has no
summary line (a step that stopped before it could count is a failure)."""
import re
import sys

LINE = re.compile(r"^(?:\w+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$")


def main(paths):
    passed = failed = skipped = 0
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
        m = LINE.match(lines[-1]) if lines else None
        if not m:
            print(f"{path}: no summary line", file=sys.stderr)
            failed += 1
            continue
        passed += int(m.group(1))
        failed += int(m.group(2))
        skipped += int(m.group(3) or 0)
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
