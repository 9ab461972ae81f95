#!/usr/bin/env python3
"""Fault containment: boot the FAULT_INJECT=1 image (tests/fault_inject.c: an undefined instruction,
a data abort, an SMC and an HVC nobody serves, an endless loop and a stack overflow, at every context; with
FEAT_EBEP a PMU Profiling exception nobody expects, at the orchestrator) and
require (1) every fault.* test point to fail with the syndrome of its fault in its diagnostics (or SKIP with a
reason), (2) every other test point to end exactly as the clean run's expectations say
(ci/expected/qemu-<version>/<config>.txt), (3) no bail-out, a summary line, no timeout, and (4) the second,
unrelated fault the build injects into guest_view.bits at EL1 (PMCNTENSET_EL0.C read as 0, tests/guest_view.c) to
fail its test point, where a recorded deviation already fails it too: a deviation excuses only the claims it
explains. Prints one line per configuration and `N passed, N failed`.

Usage: check_fault_inject.py --elf build/qemu-virt-fault/pmucheck.elf [--config el3-max ...] [--qemu 10.0-pmu]"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_qemu  # noqa: E402

VERSION = "7.2"
# What each fault's diagnostics must show: the ESR class of the exception that ended the call, or the
# watchdog's / the stack check's own line.
SYNDROME = {
    "undef": r"EC = 0x00",
    "data_abort": r"EC = 0x2[45]",
    "smc": r"EC = 0x(17|00)",
    "hvc": r"EC = 0x(16|00)",
    "loop": r"watchdog: the call did not return",
    # a translation fault (DFSC 0b0001LL, WnR either way): the guard half below the stack is unmapped in every
    # regime. A permission fault means the recursion ran through mapped memory (.bss, .data) until .rodata.
    "stack_overflow": r"ESR_EL\d = 0x[0-9a-f]{14}[04][4-7] \(EC = 0x2[45]\)",
    # EC 0x3D in ESR_ELx[31:26] (0xF4000000 | IL 0x02000000): the stray PMU Profiling exception's report
    "pmu_exception": r"PMU Profiling exception.*ESR_EL\d 0xf[46]",
}
# The test points the second fault lands in (guest_view.bits at EL1 contexts), and what their diagnostics show.
SECOND_FAULT = re.compile(r"^guest_view\.bits\.(ns|s)_el1(_sel2)?$")
SECOND_FAULT_DIAG = r"PMCNTENSET_EL0 read at \S+ 0x[0-9a-f]+, expected 0x8"
NOT_EXCUSED_DIAG = r"failed claim\(s\) are not the deviation recorded .* a failure of its own"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--config", action="append")
    ap.add_argument("--qemu", default=VERSION, help="QEMU version (run_qemu.py's names); 7.2 unless given")
    args = ap.parse_args(argv)
    version = args.qemu
    names = args.config or ["el3-max", "el2-max", "el1-max"]
    configs = [c for c in run_qemu.load_configs(os.path.join(run_qemu.HERE, "configs.txt")) if c.name in names]
    passed = failed = 0
    for config in configs:
        expected = run_qemu.load_expected(run_qemu.expected_path(os.path.join(run_qemu.HERE, "expected"), config,
                                                                 version))
        cmd = run_qemu.qemu_command(args.elf, config, version)
        out, err, rc, timed_out = run_qemu.run_qemu(cmd, 300)
        points, summary, bail = run_qemu.parse_tap(out)
        problem = run_qemu.run_problem(timed_out, summary, bail)
        problems = [problem] if problem else []
        faults = [p for p in points if p["name"].startswith("fault.")]
        for p in faults:
            kind = p["name"].split(".")[1]
            if p["status"] == "skip":
                continue
            if p["status"] != "fail" or not re.search(SYNDROME.get(kind, "^$"), "\n".join(p["diag"])):
                problems.append(f"{p['name']}: {p['status']}, diagnostics without /{SYNDROME.get(kind)}/")
        second = [p for p in points if SECOND_FAULT.match(p["name"]) and expected.get(p["name"]) != "skip"]
        second_names = {p["name"] for p in second}
        for p in second:
            diag = "\n".join(p["diag"])
            excused_too = expected.get(p["name"]) == "todo"
            if p["status"] != "fail" or not re.search(SECOND_FAULT_DIAG, diag) or \
                    (excused_too and not re.search(NOT_EXCUSED_DIAG, diag)):
                problems.append(f"{p['name']}: {p['status']} with the second fault injected (clean run: "
                                f"{expected.get(p['name'])}), diagnostics without /{SECOND_FAULT_DIAG}/"
                                + (f" and /{NOT_EXCUSED_DIAG}/" if excused_too else ""))
        seen = {p["name"]: p["status"] for p in points
                if not p["name"].startswith("fault.") and p["name"] not in second_names}
        for name in sorted((set(seen) | set(expected)) - second_names):
            if seen.get(name) != expected.get(name):
                problems.append(f"{name}: {seen.get(name, 'absent')} after the faults, {expected.get(name, 'absent')} "
                                "in a clean run")
        ok = not problems and faults and (second or not any(SECOND_FAULT.match(n) and status != "skip"
                                                            for n, status in expected.items()))
        print(f"{'ok' if ok else 'not ok'} - {config.name}@qemu-{version}: {len(faults)} fault test points "
              f"({sum(p['status'] == 'fail' for p in faults)} injected), {len(second)} with a second fault failing "
              f"({sum(expected.get(p['name']) == 'todo' for p in second)} despite a recorded deviation), "
              f"{len(seen)} others as in a clean run")
        for line in problems[:15]:
            print(f"#   {line}")
        passed += bool(ok)
        failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
