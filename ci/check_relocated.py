#!/usr/bin/python3
"""pmucheck.bin run away from its link address on QEMU virt: the image relocates itself (boot/entry.S).

  ci/check_relocated.py [--bin build/qemu-virt/pmucheck.bin] [--qemu 10.0] [--timeout 120]

No -kernel: QEMU's generic loader puts the raw image at ADDR and starts PE 0 there at EL3
(`-device loader,file=pmucheck.bin,addr=ADDR,force-raw=on -device loader,addr=ADDR,cpu-num=0`), with x0 = 0.
QEMU still writes its device tree at the base of RAM (hw/arm/boot.c: without a kernel, dtb_start is the
loader_start, 0x40000000 on virt), which pmucheck reads at PLAT_FDT_FALLBACK while it runs inside the
compiled-in RAM window. Runs:
  0x48000000, 1 GiB                 in the window: the tree is read, every verdict as the -kernel run's
  0x200000000, 8 GiB; 0x60000000    above 4 GiB, and in the first GiB of RAM: both outside the window, so no
                                    tree is looked for (x0 gives none) and nothing of the compiled-in map is
                                    used (no UART, no GIC), nor are QEMU's recorded deviations: the run ends
                                    through semihosting, every failing point one el3-max.txt expects as todo
                                    (and sweep.random, which no longer steers around them)
  0x48008000                        not 64 KiB aligned: Bail out! with both addresses, exit status 2
Each verdict of the first is checked against ci/expected/qemu-<version>/el3-max.txt (the -kernel run's).
The last line is `N passed, N failed`.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import run_qemu  # noqa: E402

LINK_ADDR = 0x40200000  # PLAT_RAM_BASE (platform/qemu-virt/platform.mk)


def run(qemu, bin_path, addr, memory, timeout):
    cmd = [qemu, "-M", "virt,secure=on,virtualization=on,gic-version=3", "-cpu", "max", "-m", memory,
           "-nic", "none", *run_qemu.CONSOLE_ARGS,
           "-device", f"loader,file={bin_path},addr=0x{addr:x},force-raw=on",
           "-device", f"loader,addr=0x{addr:x},cpu-num=0"]
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        return p.stdout.decode("utf-8", "replace").replace("\r", ""), p.returncode, False
    except subprocess.TimeoutExpired as e:
        return (e.stdout or b"").decode("utf-8", "replace").replace("\r", ""), None, True


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "qemu-virt", "pmucheck.bin"))
    ap.add_argument("--qemu", default="10.0", choices=run_qemu.QEMU_VERSIONS)
    ap.add_argument("--timeout", type=int, default=120)
    args = ap.parse_args(argv)
    qemu = run_qemu.qemu_binary(args.qemu)
    expected = run_qemu.load_expected(os.path.join(HERE, "expected", f"qemu-{args.qemu}", "el3-max.txt"))
    checks = []
    for addr, memory in ((0x48000000, "1G"),):
        text, rc, timed_out = run(qemu, args.bin, addr, memory, args.timeout)
        outcomes, problems = run_qemu.check_run(text, rc, expected, timed_out)
        wrong = [o for o in outcomes if not o.ok]
        _, summary, _ = run_qemu.parse_tap(text)
        line = (f"at 0x{addr:x} (-m {memory}): {len(outcomes) - len(wrong)} of {len(outcomes)} test points as in "
                f"ci/expected/qemu-{args.qemu}/el3-max.txt, summary {summary}, exit status {rc}")
        line += "".join(f"\n     {p}" for p in problems)
        line += "".join(f"\n     {o.name}: expected {o.expected}, seen {o.seen}" for o in wrong[:10])
        checks.append((bool(outcomes) and not wrong and not problems, line))
    for addr, memory in ((0x200000000, "8G"), (0x60000000, "1G")):
        text, rc, _ = run(qemu, args.bin, addr, memory, args.timeout)
        _, summary, bail = run_qemu.parse_tap(text)
        quiet = ("# console: none (no device tree" in text and "# interrupt controller: none (not in the tree)" in text
                 and "no valid tree at x0; outside the compiled-in RAM window" in text
                 and "xfail.c do not apply: not that platform" in text)
        points = run_qemu.parse_tap(text)[0]
        failing = {p["name"] for p in points if p["status"] != "ok" and p["status"] != "skip"}
        # sweep.random steers around the configurations that would show a recorded deviation (tests/sweep.c); with
        # none recorded it meets them: QEMU's PMSWINC_EL0 and SCR_EL3.NS deviations, as its diagnostics say
        # the filter points at the contexts whose EL1 is AArch32 leave M out where filter.m_with_el1_aarch32's
        # deviation is recorded (tests/filter.c); with none recorded they meet it
        steered = expected.get("filter.m_with_el1_aarch32") == "todo"
        unexcused = sorted(n for n in failing if expected.get(n) != "todo" and n != "sweep.random" and
                           not (steered and n.startswith("filter.") and
                                n.endswith((".ns_el1_a32", ".s_el1_a32", ".s_el0_a32"))))
        checks.append((quiet and summary is not None and not unexcused and not bail and rc == (1 if failing else 0),
                       f"at 0x{addr:x} (-m {memory}), outside the compiled-in RAM window: no tree, no compiled-in "
                       f"UART, GIC or recorded deviation ({'as reported' if quiet else 'NOT as reported'}), summary "
                       f"{summary}, {len(failing)} failing, all el3-max's recorded deviations"
                       f"{'' if not unexcused else ' EXCEPT ' + ', '.join(unexcused[:5])}, exit status {rc}"))
    text, rc, _ = run(qemu, args.bin, 0x48008000, "1G", args.timeout)
    want = f"Bail out! pmucheck entered at 0x{0x48008000:016x}, linked at 0x{LINK_ADDR:016x}"
    checks.append((want in text and rc == 2, f"at 0x48008000 (not 64 KiB aligned): \"{want}...\", exit status {rc}"))
    for ok, line in checks:
        print(f"{'ok  ' if ok else 'FAIL'} {line}")
    passed = sum(ok for ok, _ in checks)
    print(f"{passed} passed, {len(checks) - passed} failed")
    return 0 if passed == len(checks) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
