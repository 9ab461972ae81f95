#!/usr/bin/env python3
"""Boot the image on QEMU with good and bad run selections (lib/test/selection.h) and check the verdicts:
a malformed or unknown selection ends the run with `Bail out!`, a message that names the problem (and, for a
module, the valid ones) and exit status 2; an entry that selects nothing fails the test point `selection`
(status 1); a good selection runs only what it names. Prints one line per case and `N passed, N failed`.

Usage: check_selection.py --elf build/qemu-virt/pmucheck.elf"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_qemu  # noqa: E402

# (boot arguments, expected exit status, regular expression the output must match, what it shows)
CASES = [
    ("pmucheck.tests=nonexistent", 2,
     r"Bail out! boot arguments: unknown module 'nonexistent'.*modules: enable, prohibit", "unknown module"),
    ("pmucheck.tests=", 2, r"Bail out! boot arguments: .*pmucheck.tests=<value>", "empty value"),
    ("pmucheck.test=enable", 2, r"Bail out! boot arguments: unknown boot argument 'pmucheck.test'", "unknown key"),
    ("pmucheck.tests=enable,,filter", 2, r"Bail out! boot arguments: empty entry", "empty entry"),
    ("pmucheck.tests=Enable", 2, r"Bail out! boot arguments: .*character 1 \('E'\)", "bad character"),
    ("pmucheck.pes=1", 2, r"Bail out! boot arguments: PE list '1': PE 1 does not exist", "PE out of range"),
    ("pmucheck.pes=some", 2, r"Bail out! boot arguments: PE list 'some': all, distinct, or a PE index \(0-0\)",
     "neither all, distinct nor a list"),
    ("pmucheck.tests=enable.pmcr_n.el3 pmucheck.pes=distinct", 0, r"^1 passed, 0 failed, 0 skipped\r?$",
     "distinct on one PE: its suite"),
    ("pmucheck.tests=enable pmucheck.tests=filter", 2, r"Bail out! boot arguments: pmucheck.tests given twice",
     "repeated key"),
    ("pmucheck.tests=enable.nosuch", 1, r"not ok \d+ - selection ", "entry that selects nothing"),
    ("pmucheck.tests=enable.pmcr_n.el3,overflow.chain pmucheck.pes=0", 0,
     r"^1 passed, 0 failed, 1 skipped\r?$", "only the selected test points"),
    ("pmucheck.tests=enable.pmcr_n.el3 pmucheck.console=pl011,mmio32,0x9000000,115200n8", 0,
     r"^# console: PL011 at 0x9000000 \(from the boot argument pmucheck.console\)\r?$(?s:.*)^1 passed, 0 failed",
     "a console in Linux's earlycon spelling"),
    ("pmucheck.console=uart8250,mmio32,0x9000002", 2,
     r"Bail out! boot arguments: pmucheck.console=uart8250,mmio32,0x9000002: the address must be non-zero and a "
     r"multiple of 4", "earlycon address not aligned to its access width"),
    ("pmucheck.tests=enable.pmcr_n.el3 pmucheck.semihosting=1", 0, r"^1 passed, 0 failed",
     "pmucheck.semihosting=1 taken"),
    ("pmucheck.semihosting=yes", 2, r"Bail out! boot arguments: pmucheck.semihosting=yes: expected 0 or 1",
     "pmucheck.semihosting other than 0 or 1"),
    ("pmucheck.console=ns16550,0x9000000", 2,
     r"Bail out! boot arguments: pmucheck.console=ns16550,0x9000000: expected uart, semihosting or <name>",
     "unknown earlycon name"),
    ("pmucheck.console=scif,mmio32,0xe6e88000", 2,
     r"Bail out! boot arguments: pmucheck.console=scif,mmio32,0xe6e88000: scif does not take iotype mmio32",
     "earlycon iotype the family does not take"),
]
# The test points each good selection must run, and no others.
RUNS_ONLY = {"pmucheck.tests=enable.pmcr_n.el3,overflow.chain pmucheck.pes=0": {"enable.pmcr_n.el3", "overflow.chain"}}
POINT = re.compile(r"^(?:not )?ok \d+ - (\S+)", re.M)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--elf", required=True)
    args = ap.parse_args(argv)
    config = next(c for c in run_qemu.load_configs(os.path.join(run_qemu.HERE, "configs.txt")) if c.name == "el3-max")
    passed = failed = 0
    for bootargs, want_rc, pattern, what in CASES:
        cmd = run_qemu.qemu_command(args.elf, config, "7.2", bootargs)
        out, err, rc, timed_out = run_qemu.run_qemu(cmd, 60)
        ok = not timed_out and rc == want_rc and re.search(pattern, out, re.M) is not None
        if bootargs in RUNS_ONLY and set(POINT.findall(out)) != RUNS_ONLY[bootargs]:
            ok = False
            print(f"#   ran {sorted(set(POINT.findall(out)))}, expected {sorted(RUNS_ONLY[bootargs])}")
        print(f"{'ok' if ok else 'not ok'} - {what}: -append \"{bootargs}\": exit status {rc} (expected {want_rc})")
        if not ok:
            print("\n".join("#   " + line for line in (out.splitlines()[-5:] + err.splitlines()[-3:])))
        passed += ok
        failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
