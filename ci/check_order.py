#!/usr/bin/env python3
"""Isolation: boot the image with its modules in seeded random orders (pmucheck.order=random:<seed>)
and require every test point to end exactly as in the default order, on each configuration given. A module
that leaks state into the next changes some verdict in some order. The seeds are printed, so a failure can be
reproduced with `make run BOOTARGS="pmucheck.order=random:<seed>"`. Prints one line per run and
`N passed, N failed`.

Usage: check_order.py --elf build/qemu-virt/pmucheck.elf [--seeds 1,2,3] [--config el3-max --config el2-max]"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_qemu  # noqa: E402

VERSION = "7.2"


def verdicts(elf, config, bootargs):
    cmd = run_qemu.qemu_command(elf, config, VERSION, bootargs)
    out, err, rc, timed_out = run_qemu.run_qemu(cmd, 120)
    points, summary, bail = run_qemu.parse_tap(out)
    problem = run_qemu.run_problem(timed_out, summary, bail)
    first = next((line for line in out.splitlines() if line.startswith("# order:")), "")
    return {p["name"]: p["status"] for p in points}, problem, first


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--seeds", default="1,2,0xdeadbeef")
    ap.add_argument("--config", action="append")
    args = ap.parse_args(argv)
    names = args.config or ["el3-max", "el2-max"]
    configs = [c for c in run_qemu.load_configs(os.path.join(run_qemu.HERE, "configs.txt")) if c.name in names]
    passed = failed = 0
    for config in configs:
        base, problem, _ = verdicts(args.elf, config, "")
        if problem:
            print(f"not ok - {config.name} default order: {problem}")
            failed += 1
            continue
        for seed in args.seeds.split(","):
            seen, problem, first = verdicts(args.elf, config, f"pmucheck.order=random:{seed}")
            diff = sorted(n for n in set(base) | set(seen) if base.get(n) != seen.get(n))
            ok = not problem and not diff and first
            print(f"{'ok' if ok else 'not ok'} - {config.name} order=random:{seed} ({first[2:] or 'no order line'}): "
                  f"{len(seen)} test points, {len(diff)} verdicts differ from the default order")
            for n in diff[:10]:
                print(f"#   {n}: {base.get(n, 'absent')} in the default order, {seen.get(n, 'absent')} here")
            if problem:
                print(f"#   {problem}")
            passed += bool(ok)
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
