#!/usr/bin/python3
"""make bench: image size and the suite's run time per QEMU configuration.

Prints the text/data/bss sizes of the ELF, then for each configuration and QEMU version of ci/configs.txt the
median wall time of --runs boots (QEMU start-up included) and the number of checks the firmware made. Timing belongs here,
never in a test: it depends on the host."""
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


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--size-tool", default="aarch64-linux-gnu-size")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args(argv)
    print(subprocess.run([args.size_tool, args.elf], capture_output=True, text=True).stdout.rstrip())
    print(f"{'configuration':28} {'median s':>9} {'min s':>7} {'checks':>7} {'test points':>12}")
    for config in run_qemu.load_configs(os.path.join(os.path.dirname(__file__), "configs.txt")):
        for version in config.versions:
            times, out = [], ""
            for _ in range(args.runs):
                start = time.monotonic()
                out = subprocess.run(run_qemu.qemu_command(args.elf, config, version), capture_output=True,
                                     stdin=subprocess.DEVNULL, timeout=300).stdout.decode("utf-8", "replace")
                times.append(time.monotonic() - start)
            checks = sum(int(m) for m in CHECKS.findall(out))
            points = len(run_qemu.parse_tap(out)[0])
            label = f"{config.name}@qemu-{version}"
            print(f"{label:28} {statistics.median(times):9.3f} {min(times):7.3f} {checks:7} {points:12}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
