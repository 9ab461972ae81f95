#!/usr/bin/python3
"""The UEFI runs' expectations against the -kernel runs' at the same EL (ci/configs.txt: uefi-el2-max, uefi-el1-max):
point for point the same, but for the differences listed here, each with why. A point that differs without an
entry, or an entry that no longer differs, fails: the UEFI entry must change where the image runs and what
describes the platform, not what the PE is found to do."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import run_qemu  # noqa: E402

EXPECTED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "expected")

# ACPI describes no PE's external debug block nor its PMU external interface (no table pmucheck reads names
# them: the device tree's arm,coresight-cpu-debug and qemu,armv8-pmuv3-external nodes have no ACPI counterpart
# there), so on pmucheck's QEMU, the one QEMU with FEAT_PCSRv8p9, the PC sample points SKIP under ACPI.
PC_SAMPLE_NO_ACPI = "ACPI names no external debug block or PMU external interface: the PC sample points SKIP"
EXPLAINED = {
    ("10.0-pmu", "uefi-el2-max"): {
        f"{p}.{c}": ("ok", "skip", PC_SAMPLE_NO_ACPI)
        for p in ("pc_sample.edpcsr", "pc_sample.pmpcsr", "snapshot.pc_sample") for c in ("ns_el2", "ns_el1")},
    ("10.0-pmu", "uefi-el1-max"): {
        f"{p}.ns_el1": ("ok", "skip", PC_SAMPLE_NO_ACPI)
        for p in ("pc_sample.edpcsr", "pc_sample.pmpcsr", "snapshot.pc_sample")},
}
PAIRS = (("uefi-el2-max", "el2-max"), ("uefi-el1-max", "el1-max"))


class UefiExpectations(unittest.TestCase):
    def test_differences_are_explained(self):
        for version in run_qemu.ALL_VERSIONS:
            for uefi, kernel in PAIRS:
                with self.subTest(version=version, config=uefi):
                    a = run_qemu.load_expected(os.path.join(EXPECTED, f"qemu-{version}", f"{kernel}.txt"))
                    b = run_qemu.load_expected(os.path.join(EXPECTED, f"qemu-{version}", f"{uefi}.txt"))
                    self.assertIsNotNone(a)
                    self.assertIsNotNone(b)
                    explained = EXPLAINED.get((version, uefi), {})
                    seen = {n: (a.get(n), b.get(n)) for n in set(a) | set(b) if a.get(n) != b.get(n)}
                    for name, (was, now) in sorted(seen.items()):
                        self.assertIn(name, explained, f"{uefi}@{version}: {name} is {now} under UEFI, {was} with "
                                      f"-kernel ({kernel}), and no entry explains it")
                        self.assertEqual((was, now), explained[name][:2], f"{uefi}@{version}: {name}")
                    for name in explained:
                        self.assertIn(name, seen, f"{uefi}@{version}: {name} no longer differs: drop its entry")


if __name__ == "__main__":
    unittest.main()
