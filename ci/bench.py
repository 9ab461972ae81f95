#!/usr/bin/python3
"""make bench: image size and the suite's run time per QEMU configuration.

Prints the text/data/bss sizes of the ELF; then for each configuration and QEMU version of ci/configs.txt the
median wall time of --runs boots (QEMU start-up included) next to the floor (the median of booting
ci/bench/floor.S, an image that exits at once, with the same QEMU command; the two boot in turn), their ratio
(the headline), the firmware's own time from QEMU's start to its verdict (median of its `# elapsed:` lines: the
code's time without QEMU's start-up and exit, which move with the host), the checks the firmware made and
checks per second of the suite's own time (median - floor); then the deterministic count under -icount shift=0
(counter ticks from the firmware's `# elapsed:` line, which advance with instructions there) for el3-max.
Last, the speed and size targets: suite within 2x the floor on -cpu max (the configurations that miss it, and for
those with several PEs, which run the suite on each in turn, the ratio of one PE's suite: floor + (median -
floor) / PEs, over the floor), image text under 128 KiB. Timing
belongs here, never in a test: it depends on the host.

With --baseline ELF (make bench BENCH_BASELINE=<elf>) the same runs are made of that image too, in turn with this
one and the floor in one run, and the last lines compare the two: the suite's own time (median - floor, summed over
the configurations) and the test points, before and after, and whether the time grew by more than the points did.
--configs NAME,... limits the configurations (make bench BENCH_CONFIGS=...).

Then the PE scaling of a server's start (pmucheck.efi under UEFI at EL2, ACPI, QEMU 10.0; --no-pes skips it):
the wall time from QEMU's start to the verdict of the 512-PE pmucheck.pes=distinct run (target: under 3 minutes
on 2 cores), and the per-PE cost of pmucheck.pes=all at 16, 64 and 256 PEs with a short module list (enable.swinc:
what grows with the PE count is starting, setting up and reporting each PE, not the checks), which must stay flat:
(time(N) - time(1 PE)) / (N - 1), the same at every N within the host's noise.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_qemu  # noqa: E402

CHECKS = re.compile(r"\((\d+) checks")
ELAPSED = re.compile(r"^# elapsed: (\d+) counter ticks at (\d+) Hz", re.M)
MODULE = re.compile(r"^# module (\w+): (\d+) counter ticks", re.M)
HERE = os.path.dirname(os.path.abspath(__file__))


def build_floor(cross):
    """Assemble and link ci/bench/floor.S at the image's load address; returns the ELF's path."""
    out = os.path.join(os.path.dirname(HERE), "build", "bench")
    os.makedirs(out, exist_ok=True)
    obj, elf = os.path.join(out, "floor.o"), os.path.join(out, "floor.elf")
    subprocess.run([cross + "as", os.path.join(HERE, "bench", "floor.S"), "-o", obj], check=True)
    subprocess.run([cross + "ld", "-Ttext=0x40200000", "-e", "_start", obj, "-o", elf], check=True)
    return elf


def run_once(cmd):
    """Wall time of one run of cmd (run_qemu.run_qemu, 300 s at most: a run that times out ends the bench), and
    its stdout."""
    start = time.monotonic()
    out, _, _, timed_out = run_qemu.run_qemu(cmd, 300)
    if timed_out:
        raise RuntimeError(f"timed out after 300 s: {' '.join(cmd)}")
    return time.monotonic() - start, out


def guest_ms(out):
    """The firmware's own time from QEMU's start to the verdict (its `# elapsed:` line: CNTPCT_EL0 ticks at
    CNTFRQ_EL0), in ms; None without that line. QEMU's own start-up and exit are not in it."""
    m = ELAPSED.search(out.replace("\r", ""))
    return int(m.group(1)) * 1000 / int(m.group(2)) if m else None


def timed_with_floor(cmd, floor_cmd, runs):
    """Median wall time of `runs` runs of cmd and of floor_cmd, taken in turn (cmd, floor, cmd, floor, ...) so
    that the host's slow spells, which on a shared machine last seconds, weigh on both; the median of cmd's
    guest_ms() (None if no run printed it); and cmd's last stdout."""
    times, floors, guest, out = [], [], [], ""
    for _ in range(runs):
        t, out = run_once(cmd)
        times.append(t)
        ms = guest_ms(out)
        if ms is not None:
            guest.append(ms)
        floors.append(run_once(floor_cmd)[0])
    return statistics.median(times), statistics.median(floors), statistics.median(guest) if guest else None, out


PES_RUN = re.compile(r"^# PEs run: (\d+) in (\d+) ms", re.M)


def uefi_run(elf, pes, bootargs, memory="4G"):
    """Wall time (s) of one pmucheck.efi run under UEFI at EL2 with `pes` PEs and `bootargs`, QEMU's start to its
    exit; its summary line; and the firmware's own time for the PEs (its `# PEs run:` line), ms per PE (None
    without the line)."""
    config = run_qemu.Config(f"bench-uefi-smp{pes}", ("10.0",), "virt,virtualization=on,gic-version=3", "max",
                             ["-smp", str(pes), "-m", memory, "@uefi"] + [f"@bootargs={b}" for b in bootargs],
                             f"bench-uefi-smp{pes}")
    t, out = run_once(run_qemu.qemu_command(elf, config, "10.0"))
    lines = [ln.strip() for ln in out.replace("\r", "").splitlines() if ln.strip()]
    m = PES_RUN.search(out.replace("\r", ""))
    return t, lines[-1] if lines else "(no output)", int(m.group(2)) / int(m.group(1)) if m else None


def pe_scaling(elf):
    """The server start's PE scaling (the module docstring)."""
    t, summary, ms = uefi_run(elf, 512, ["pmucheck.pes=distinct"])
    print(f"uefi 512 PEs, pmucheck.pes=distinct: {t:.1f} s from QEMU's start to the verdict ({summary}); the PEs "
          f"{ms:.1f} ms each; target under 180 s: {'met' if t < 180 else 'missed'}")
    t, summary, ms = uefi_run(elf, 64, [])
    print(f"uefi 64 PEs, every check on each: {t:.1f} s ({summary}); {ms:.0f} ms per PE")
    per = []
    for n in (16, 64, 256):
        t, summary, ms = uefi_run(elf, n, ["pmucheck.tests=enable.swinc"])
        per.append(ms)
        print(f"uefi {n} PEs, pmucheck.tests=enable.swinc: {t:.1f} s from QEMU's start ({summary}); the PEs "
              f"{ms:.1f} ms each")
    print(f"per-PE cost at 16, 64, 256 PEs: {', '.join(f'{p:.1f}' for p in per)} ms "
          f"({'flat' if max(per) <= 1.5 * min(per) else 'growing'}: the largest within 1.5x the smallest)")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--size-tool", default="aarch64-linux-gnu-size")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--baseline", help="an earlier image to time in the same run (before/after)")
    ap.add_argument("--configs", help="comma-separated configuration names (default: every one)")
    ap.add_argument("--no-pes", dest="pes", action="store_false", help="skip the UEFI PE scaling runs")
    args = ap.parse_args(argv)
    only = set(args.configs.split(",")) if args.configs else None
    before_after = {"before": [0.0, 0], "after": [0.0, 0]}
    sizes = subprocess.run([args.size_tool, args.elf], capture_output=True, text=True).stdout.rstrip()
    print(sizes)
    # By section (size -A): the image is a static PIE (doc/boot-protocol.md), so `size`'s text column also counts
    # .rela.dyn and the other dynamic sections; the budget is code and read-only data: .text, .rodata and
    # .data.rel.ro (constant data holding addresses, read-only once relocated; in .rodata before the PIE).
    by_section = {}
    for line in subprocess.run([args.size_tool, "-A", args.elf], capture_output=True, text=True).stdout.splitlines():
        f = line.split()
        if len(f) == 3 and f[1].isdigit():
            by_section[f[0]] = int(f[1])
    text = sum(by_section.get(n, 0) for n in (".text", ".rodata", ".data.rel.ro"))
    print(f"sections: .text {by_section.get('.text', 0)}, .rodata {by_section.get('.rodata', 0)}, .data.rel.ro "
          f"{by_section.get('.data.rel.ro', 0)}; .rela.dyn {by_section.get('.rela.dyn', 0)} "
          f"({by_section.get('.rela.dyn', 0) // 24} relocations applied at entry)")
    floor_elf = build_floor(args.size_tool[:-len("size")])
    print(f"{'configuration':28} {'median s':>9} {'floor s':>8} {'ratio':>6} {'guest ms':>9} {'checks':>7} "
          f"{'checks/s':>9} {'test points':>12}")
    ratios, per_suite = {}, {}
    for config in run_qemu.load_configs(os.path.join(HERE, "configs.txt")):
        if run_qemu.board_words(config.extra)[1]:
            continue  # a board model boots the .bin as a Linux Image on its own tree: the floor is a virt ELF
        if only and config.name not in only:
            continue
        for version in config.versions:
            if args.baseline:
                b_median, b_floor, _, b_out = timed_with_floor(run_qemu.qemu_command(args.baseline, config, version),
                                                               run_qemu.qemu_command(floor_elf, config, version),
                                                               args.runs)
                b_points = len(run_qemu.parse_tap(b_out)[0])
                before_after["before"][0] += max(b_median - b_floor, 0)
                before_after["before"][1] += b_points
                print(f"{config.name + '@qemu-' + version + ' (before)':28} {b_median:9.3f} {b_floor:8.3f} "
                      f"{b_median / b_floor:6.2f} {'-':>9} {'-':>7} {'-':>9} {b_points:12}")
            median, floor, guest, out = timed_with_floor(run_qemu.qemu_command(args.elf, config, version),
                                                  run_qemu.qemu_command(floor_elf, config, version), args.runs)
            checks = sum(int(m) for m in CHECKS.findall(out))
            points = len(run_qemu.parse_tap(out)[0])
            label = f"{config.name}@qemu-{version}"
            ratios[label] = median / floor
            pes = run_qemu.pe_count(config)
            if pes > 1:  # the suite runs on each PE in turn: the ratio of one suite's time to the floor
                per_suite[label] = (floor + (median - floor) / pes) / floor
            rate = checks / (median - floor) if median > floor else float("inf")
            guest_col = f"{guest:9.1f}" if guest is not None else f"{'-':>9}"
            print(f"{label:28} {median:9.3f} {floor:8.3f} {median / floor:6.2f} {guest_col} {checks:7} {rate:9.0f} "
                  f"{points:12}")
            before_after["after"][0] += max(median - floor, 0)
            before_after["after"][1] += points
    if args.baseline:
        (tb, pb), (ta, pa) = before_after["before"], before_after["after"]
        grow_t = ta / tb - 1 if tb else 0.0
        grow_p = pa / pb - 1 if pb else 0.0
        print(f"before/after: the suite's own time (median - floor, summed) {tb:.2f} s -> {ta:.2f} s "
              f"({100 * grow_t:+.1f}%); test points {pb} -> {pa} ({100 * grow_p:+.1f}%): the time grew "
              f"{'no more than' if grow_t <= grow_p else 'more than'} the test points")
    if args.pes:
        pe_scaling(args.elf)
    config = next(c for c in run_qemu.load_configs(os.path.join(HERE, "configs.txt")) if c.name == "el3-max-icount")
    _, out = run_once(run_qemu.qemu_command(args.elf, config, "7.2"))
    m = ELAPSED.search(out.replace("\r", ""))
    modules = MODULE.findall(out.replace("\r", ""))
    if modules:
        total = sum(int(t) for _, t in modules) or 1
        print("el3-max under -icount shift=0, by module (counter ticks, share): " +
              ", ".join(f"{name} {int(t)} ({100 * int(t) / total:.0f}%)" for name, t in modules))
    print(f"el3-max under -icount shift=0 (QEMU 7.2): {m.group(1) if m else '?'} counter ticks boot to verdict "
          "(deterministic: the virtual counter follows the instruction count)")
    # the default suite: -cpu max, the semihosting console (the *-uart runs show what the PL011 costs)
    targeted = {label: r for label, r in ratios.items()
                 if "-max" in label and "icount" not in label and run_qemu.UART_SUFFIX not in label}
    worst = max(targeted.values(), default=0)
    missed = ", ".join(f"{label} {r:.2f}" + (f" ({per_suite[label]:.2f} per PE's suite)"
                                             if label in per_suite else "")
                       for label, r in sorted(targeted.items(), key=lambda kv: -kv[1]) if r > 2)
    print(f"target: the suite within 2x the floor on -cpu max: worst ratio {worst:.2f} "
          f"({'met' if worst <= 2 else 'missed: ' + missed})")
    print(f"target: image text under 128 KiB: {text} bytes of .text, .rodata and .data.rel.ro "
          f"({'met' if text < 128 * 1024 else 'missed'})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
