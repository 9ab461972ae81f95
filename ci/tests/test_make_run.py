#!/usr/bin/python3
"""`make run` (README's first command) boots the machine CI checks: the QEMU command line `make -n run` prints
names the -M and -cpu of ci/configs.txt's el3-max (the default: entered at EL3), and with UEFI=1 those of
uefi-el2-max (the UEFI firmware runs at EL2). A make variable that splits the machine's commas away, say, fails
here rather than on a user's first command."""
import os
import re
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import run_qemu  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CONFIGS = {c.name: c for c in run_qemu.load_configs(os.path.join(ROOT, "ci", "configs.txt"))}


def qemu_line(*args):
    """The `make -n run` line that starts QEMU, with the make arguments given."""
    out = subprocess.run(["make", "--no-print-directory", "-n", "run", *args], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    lines = [ln for ln in out.splitlines() if "qemu-system-aarch64" in ln and " -M " in ln]
    if not lines:
        raise AssertionError(f"make -n run {' '.join(args)} prints no QEMU command line:\n{out}")
    return lines[-1]


class MakeRun(unittest.TestCase):
    def check_machine(self, config, *args):
        line = qemu_line(*args)
        self.assertEqual(re.search(r" -M (\S+)", line).group(1), CONFIGS[config].machine, line)
        self.assertEqual(re.search(r" -cpu (\S+)", line).group(1), CONFIGS[config].cpu, line)

    def test_default_is_el3_max(self):
        self.check_machine("el3-max")
        self.assertIn(" -kernel ", qemu_line())

    def test_uefi_is_uefi_el2_max(self):
        self.check_machine("uefi-el2-max", "UEFI=1")
        self.assertIn(" -bios ", qemu_line("UEFI=1"))


if __name__ == "__main__":
    unittest.main()
