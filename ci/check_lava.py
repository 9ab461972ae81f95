#!/usr/bin/env python3
"""The LAVA job definitions (lava/*.yaml): each must pass LAVA's own job schema (Debian's lava-common,
lava_common.schemas.validate, strict), and the test monitor each declares must turn a real TAP stream of the
firmware into one LAVA test case per test point, with LAVA's result (fixupdict) matching the point's TAP
status: the monitor's start/end strings found, its pattern applied between them as LAVA's monitor does (each
match from where the last one ended). LAVA reads the console in chunks (pexpect, up to the device's
spawn_maxread bytes) and applies the pattern to what it has so far, so the pattern must also give each line's
test case, or nothing, on every cut of the line: otherwise a line cut at a chunk's end records a shortened name
(lava-run recorded "pc_sa" for pc_sample.edpcsr.s_el2). Prints one line per check and `N passed, N failed`.

Usage: check_lava.py --tap build/test-results/el3-max@qemu-7.2.tap [lava/*.yaml]"""
import argparse
import glob
import os
import re
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_qemu  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# TAP status (run_qemu.parse_tap) -> the result LAVA must record for that line
LAVA_RESULT = {"ok": "pass", "skip": "pass", "xpass": "pass", "fail": "fail", "todo": "fail"}


def monitor_cases(monitor, text):
    """Apply a LAVA test monitor to console text: [(test_case_id, result)] as LAVA would record them."""
    start = re.search(monitor["start"], text)
    if not start:
        return None
    end = re.search(monitor["end"], text[start.end():])
    body = text[start.end():start.end() + end.start()] if end else text[start.end():]
    cases = []
    # LAVA searches the console from where its last match ended, over line ends: every match counts
    for m in re.finditer(monitor["pattern"], body):
        result = m.group("result")
        cases.append((m.group("test_case_id"), monitor.get("fixupdict", {}).get(result, result)))
    return cases


def cut_line_cases(monitor, text):
    """The test point lines of console text whose cut before the line's end (what LAVA may hold when a chunk
    of console output ends there) gives another match than the whole line: [(line, (test_case_id, result) of
    the cut)]. A pattern that needs what follows the name (e.g. `(?=\\s)`) gives none."""
    pattern = re.compile(monitor["pattern"])
    differing = []
    for line in text.splitlines():
        whole = pattern.search(line + "\n")
        if not whole:
            continue
        for end in range(1, len(line) + 1):
            cut = pattern.search(line[:end])
            if cut and (cut.start(), cut.groupdict()) != (whole.start(), whole.groupdict()):
                differing.append((line, (cut.group("test_case_id"), cut.group("result"))))
                break
    return differing


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tap", required=True)
    ap.add_argument("jobs", nargs="*")
    args = ap.parse_args(argv)
    jobs = args.jobs or sorted(glob.glob(os.path.join(ROOT, "lava", "*.yaml")))
    try:
        from lava_common.schemas import validate
    except ImportError:
        validate = None
    with open(args.tap, encoding="utf-8", errors="replace") as f:
        text = f.read().replace("\r", "")
    points, _, _ = run_qemu.parse_tap(text)
    want = [(p["name"], LAVA_RESULT[p["status"]]) for p in points]
    passed = failed = skipped = 0
    for path in jobs:
        name = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as f:
            job = yaml.safe_load(f)
        if validate is None:
            print(f"ok - {name}: schema # SKIP lava-common not installed (Debian package lava-common)")
            skipped += 1
        else:
            try:
                validate(job, strict=True)
                print(f"ok - {name}: LAVA job schema (lava_common.schemas.validate, strict)")
                passed += 1
            except Exception as e:  # voluptuous.MultipleInvalid and friends
                print(f"not ok - {name}: LAVA job schema: {e}")
                failed += 1
        monitors = [m for a in job.get("actions", []) for m in a.get("test", {}).get("monitors", [])]
        for monitor in monitors:
            seen = monitor_cases(monitor, text)
            ok = seen == want
            print(f"{'ok' if ok else 'not ok'} - {name}: monitor {monitor['name']}: "
                  f"{len(seen or [])} LAVA test cases from {len(want)} test points of {os.path.basename(args.tap)}")
            if not ok and seen is not None:
                diff = [(a, b) for a, b in zip(seen, want) if a != b][:5]
                print(f"#   first differences (LAVA, TAP): {diff}")
            passed += ok
            failed += not ok
            cuts = cut_line_cases(monitor, text)
            print(f"{'not ok' if cuts else 'ok'} - {name}: monitor {monitor['name']}: the pattern gives each "
                  f"line's test case or nothing on every cut of it (LAVA reads the console in chunks)")
            for line, case in cuts[:3]:
                print(f"#   cut gives {case}: {line[:100]}")
            passed += not cuts
            failed += bool(cuts)
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
