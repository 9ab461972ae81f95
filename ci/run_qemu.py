#!/usr/bin/python3
"""Run pmucheck under QEMU in the configurations of ci/configs.txt and compare each TAP stream with the
expected results in ci/expected/<config>.txt.

  ci/run_qemu.py --elf build/qemu-virt/pmucheck.elf [--config NAME ...] [--junit-dir DIR] [--update-expected]

Expectation files hold one line per test point, `ok|skip|todo <name>` (`#` starts a comment):
  ok   - the point must pass,
  skip - it must be skipped (the feature or context is absent in that configuration),
  todo - it must fail as the platform's recorded deviation (`not ok ... # TODO`).
Anything else is a failure: a point missing or unlisted, a `not ok` without TODO, an `ok # TODO` (the recorded
deviation no longer shows: update platform/<name>/xfail.c and the expectation), a `Bail out!`, no final
summary line, an exit status that disagrees with the firmware's summary, or a timeout. The last line printed
is `N passed, N failed, N skipped` over all compared test points (plus one failure per broken run).
"""
import argparse
import contextlib
import io
import os
import re
import subprocess
import sys

from tap.parser import Parser  # tappy

HERE = os.path.dirname(os.path.abspath(__file__))
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped\s*$")
NAME = re.compile(r"^-?\s*(\S+)")


def load_configs(path):
    """Return [(name, machine, cpu, extra_args)] from a configs file (tab-separated, # comments)."""
    configs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) < 3:
                raise ValueError(f"{path}: bad line: {line!r}")
            configs.append((fields[0], fields[1], fields[2], fields[3].split() if len(fields) > 3 else []))
    return configs


def qemu_command(elf, machine, cpu, extra):
    """The QEMU command line that boots `elf` the way platform/qemu-virt/platform.mk does."""
    return (["qemu-system-aarch64", "-M", machine, "-cpu", cpu, "-m", "1G", "-nographic", "-nic", "none",
             "-semihosting"] + extra + ["-device", f"loader,file={elf},cpu-num=0"])


def load_expected(path):
    """Return {test name: 'ok'|'skip'|'todo'} from an expectation file."""
    expected = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            status, _, name = line.partition(" ")
            if status not in ("ok", "skip", "todo") or not name.strip():
                raise ValueError(f"{path}:{number}: expected 'ok|skip|todo <name>'")
            expected[name.strip()] = status
    return expected


def parse_tap(text):
    """Parse a firmware TAP stream.

    Returns (points, summary, bail) where points is an ordered list of dicts {name, status, diag}: status is
    'ok', 'skip', 'todo' (not ok # TODO), 'xpass' (ok # TODO) or 'fail'; diag holds the `#` lines just before
    the point. summary is (passed, failed, skipped) from the final line, or None; bail is the Bail out! text.
    """
    points, diag, summary, bail = [], [], None, None
    # tappy prints a warning about optional YAML support when it meets a TAP version line: keep it quiet
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        lines = list(Parser().parse_text(text))
    for raw in text.splitlines():
        m = SUMMARY.match(raw.strip())
        if m:
            summary = tuple(int(g) for g in m.groups())
    for line in lines:
        if line.category == "diagnostic":
            diag.append(line.text)
        elif line.category == "bail":
            bail = line.reason or "Bail out!"
        elif line.category == "test":
            m = NAME.match(line.description or "")
            name = m.group(1) if m else f"#{line.number}"
            if line.skip:
                status = "skip"
            elif line.todo:
                status = "xpass" if line.ok else "todo"
            else:
                status = "ok" if line.ok else "fail"
            points.append({"name": name, "status": status, "diag": diag})
            diag = []
    return points, summary, bail


def compare(points, expected):
    """Compare parsed points with expectations. Returns a list of (name, expected, seen, diag, ok)."""
    results, seen_names = [], set()
    for p in points:
        seen_names.add(p["name"])
        want = expected.get(p["name"])
        results.append((p["name"], want or "(not listed)", p["status"], p["diag"], want == p["status"]))
    for name, want in expected.items():
        if name not in seen_names:
            results.append((name, want, "(missing)", [], False))
    return results


def check_run(text, returncode, expected, timed_out=False):
    """Judge one run. Returns (results, problems): per-point comparisons and run-level failures."""
    problems = []
    if timed_out:
        problems.append("QEMU timed out (killed)")
    points, summary, bail = parse_tap(text)
    if bail:
        problems.append(f"Bail out!: {bail}")
    if summary is None:
        problems.append("no final 'N passed, N failed, N skipped' line")
    elif not timed_out and (returncode == 0) != (summary[1] == 0):
        problems.append(f"exit status {returncode} disagrees with the summary ({summary[1]} failed)")
    return compare(points, expected), problems


def write_expected(path, points):
    """Write an expectation file from a run (maintainers review the diff)."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("# Expected result of every test point in this configuration: ok | skip | todo <name>.\n")
        f.write("# Generated by ci/run_qemu.py --update-expected and reviewed by hand.\n")
        for p in points:
            status = {"xpass": "ok", "fail": "ok"}.get(p["status"], p["status"])
            f.write(f"{status} {p['name']}\n")


def write_junit(path, config, results, problems):
    """Write a JUnit XML report of one configuration (junit_xml)."""
    from junit_xml import TestCase, TestSuite, to_xml_report_string
    cases = []
    for name, want, seen, diag, ok in results:
        case = TestCase(name, classname=f"pmucheck.{config}")
        if seen == "skip" and ok:
            case.add_skipped_info("skipped as expected")
        elif not ok:
            case.add_failure_info(f"expected {want}, seen {seen}", "\n".join(diag))
        cases.append(case)
    for problem in problems:
        case = TestCase("run", classname=f"pmucheck.{config}")
        case.add_failure_info(problem)
        cases.append(case)
    with open(path, "w", encoding="utf-8") as f:
        f.write(to_xml_report_string([TestSuite(f"pmucheck.{config}", cases)]))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--configs", default=os.path.join(HERE, "configs.txt"))
    ap.add_argument("--expected-dir", default=os.path.join(HERE, "expected"))
    ap.add_argument("--config", action="append", help="run only this configuration (repeatable)")
    ap.add_argument("--junit-dir")
    ap.add_argument("--update-expected", action="store_true")
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args(argv)

    passed = failed = skipped = 0
    configs = load_configs(args.configs)
    unknown = set(args.config or []) - {c[0] for c in configs}
    if unknown:
        print(f"unknown configuration(s): {', '.join(sorted(unknown))}")
        return 2
    for name, machine, cpu, extra in configs:
        if args.config and name not in args.config:
            continue
        cmd = qemu_command(args.elf, machine, cpu, extra)
        timed_out = False
        try:
            proc = subprocess.run(cmd, capture_output=True, timeout=args.timeout, stdin=subprocess.DEVNULL)
            text, returncode = proc.stdout.decode("utf-8", "replace").replace("\r\n", "\n"), proc.returncode
            if proc.stderr:
                text += proc.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired as e:
            text, returncode, timed_out = (e.stdout or b"").decode("utf-8", "replace"), None, True
        if args.junit_dir:
            os.makedirs(args.junit_dir, exist_ok=True)
            with open(os.path.join(args.junit_dir, f"{name}.tap"), "w", encoding="utf-8") as f:
                f.write(text)
        expected_path = os.path.join(args.expected_dir, f"{name}.txt")
        if args.update_expected:
            write_expected(expected_path, parse_tap(text)[0])
            print(f"{name}: wrote {expected_path}")
            continue
        results, problems = check_run(text, returncode, load_expected(expected_path), timed_out)
        c_pass = c_fail = c_skip = 0
        for point, want, seen, diag, ok in results:
            if ok and seen == "skip":
                c_skip += 1
            elif ok:
                c_pass += 1
            else:
                c_fail += 1
                print(f"FAIL {name}: {point}: expected {want}, seen {seen}")
                if seen == "xpass":
                    print("     the recorded deviation did not show: update platform/qemu-virt/xfail.c and "
                          f"ci/expected/{name}.txt")
                for d in diag[-12:]:
                    print(f"     {d}")
        for problem in problems:
            print(f"FAIL {name}: {problem}")
        c_fail += len(problems)
        if args.junit_dir:
            write_junit(os.path.join(args.junit_dir, f"{name}.xml"), name, results, problems)
        print(f"{name}: {c_pass} passed, {c_fail} failed, {c_skip} skipped ({' '.join(cmd[:-2])})")
        passed, failed, skipped = passed + c_pass, failed + c_fail, skipped + c_skip
    if args.update_expected:
        return 0
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
