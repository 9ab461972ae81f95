"""ci/check_tfa.py's checks on a made-up console (TF-A's log, then a short TAP stream): each passes on it as
it stands and fails, alone, when the one thing it looks at is changed."""
import argparse
import os
import re
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import check_tfa  # noqa: E402

CONSOLE = """NOTICE:  Booting Trusted Firmware
INFO:    BL2: Loading image id 3
INFO:    BL2: Skip loading image id 5
INFO:    BL31: Preparing for EL3 exit to normal world
INFO:    Entry point address = 0x40200000
INFO:    SPSR = 0x3c9
TAP version 14
# pmucheck: PMUv3 conformance checks (platform qemu-virt)
# entered at EL2
# platform: device tree at 0x40000000 (8367 bytes, found at x0 (boot protocol)), model "linux,dummy-virt"
# PSCI: smc (device tree)
# PEs: 1, MPIDR 0x0 (device tree)
# bootargs: "pmucheck.qemu=7.2"
# ID_AA64PFR0_EL1 = 0x1201001121112222: EL3=2 EL2=2 SEL2=1
ok 1 - enable.swinc.ns_el2 D11.5.1
ok 2 - filter.evtyper_sh.ns_el2 D11.7.1
not ok 3 - filter.sh_rw D24.5.12 # TODO qemu-virt 7.2: SH written 1 reads 0
# elapsed: 62500000 counter ticks at 62500000 Hz (CNTPCT_EL0, boot to verdict)
1..3
2 passed, 0 failed, 0 skipped
"""
EL2_MAX = "ok enable.swinc.ns_el2\nskip filter.evtyper_sh.ns_el2\nskip filter.sh_rw\n"
EL3_MAX = "ok enable.swinc.ns_el2\nok filter.evtyper_sh.ns_el2\ntodo filter.sh_rw\n"
ENTRY = 0x40200000
SECONDS = 2.0  # QEMU's run time; the console counted 1.0 s


class ChecksTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        os.makedirs(os.path.join(self.tmp.name, "qemu-7.2"))
        for name, text in (("el2-max", EL2_MAX), ("el3-max", EL3_MAX)):
            with open(os.path.join(self.tmp.name, "qemu-7.2", f"{name}.txt"), "w", encoding="utf-8") as f:
                f.write(text)
        self.args = argparse.Namespace(expected_dir=self.tmp.name, expect_from="el2-max", expect_el=2)

    def tearDown(self):
        self.tmp.cleanup()

    def failing(self, text=CONSOLE, rc=0, seconds=SECONDS, smp=1):
        return [label for ok, label, _ in check_tfa.judge(text, "", rc, False, seconds, smp, "7.2", ENTRY, self.args)
                if not ok]

    def test_all_pass_with_the_recorded_el3_differences(self):
        self.assertEqual(self.failing(), [])
        details = [d for _, label, detail in check_tfa.judge(CONSOLE, "", 0, False, SECONDS, 1, "7.2", ENTRY, self.args)
                   if label.startswith("verdicts") for d in detail]
        self.assertIn("filter.sh_rw skip -> todo", details[0])

    def one_fails(self, starts, **kw):
        failing = self.failing(**kw)
        self.assertEqual(len(failing), 1, failing)
        self.assertTrue(failing[0].startswith(starts), failing)

    def test_bl2_loading_bl33_fails(self):
        self.one_fails("TF-A: BL2", text=CONSOLE.replace("INFO:    BL2: Skip loading image id 5\n", ""))
        self.one_fails("TF-A: BL2", text=CONSOLE.replace(
            "INFO:    BL2: Skip loading image id 5\n", "INFO:    Loading image id=5 at address 0x60000000\n"))

    def test_entry_elsewhere_or_not_el2h_fails(self):
        self.one_fails("TF-A: BL31", text=CONSOLE.replace("= 0x40200000", "= 0x60000000"))
        self.one_fails("TF-A: BL31", text=CONSOLE.replace("SPSR = 0x3c9", "SPSR = 0x3c5"))

    def test_header_lines_fail(self):
        self.one_fails("header: entered", text=CONSOLE.replace("entered at EL2", "entered at EL1"))
        self.one_fails("header: device tree", text=CONSOLE.replace(
            "found at x0 (boot protocol)", "found at the platform's fallback address (PLAT_FDT_FALLBACK)"))
        self.one_fails("header: device tree", text=CONSOLE.replace("tree at 0x40000000", "tree at 0x48000000"))
        self.one_fails("header: boot arguments", text=CONSOLE.replace("pmucheck.qemu=7.2", "console=ttyAMA0"))
        self.one_fails("header: PSCI", text=CONSOLE.replace("# PSCI: smc", "# PSCI: hvc"))
        self.one_fails("header: PSCI", text=CONSOLE.replace("# PEs: 1,", "# PEs: 2,"))
        # each line says where it came from: a compiled-in value is not TF-A's tree
        compiled_in = "0x0 (compiled in: platform/qemu-virt, not in the tree)"
        self.one_fails("header: PSCI", text=CONSOLE.replace("0x0 (device tree)", compiled_in))

    def test_counter_faster_than_cntfrq_says_fails(self):
        self.one_fails("CNTFRQ_EL0", text=CONSOLE.replace("# elapsed: 62500000", "# elapsed: 1000000000"))
        self.one_fails("CNTFRQ_EL0", seconds=0.5)

    def test_second_pe_missing_fails(self):
        two = re.sub(r"^(not )?ok (\d+) - ", lambda m: f"{m.group(0)}pe0.", CONSOLE, flags=re.M)
        two = two.replace("# PEs: 1,", "# PEs: 2,")
        failing = self.failing(text=two, smp=2)
        self.assertTrue(any(f.startswith("PE 1 started") for f in failing), failing)

    def test_tap_and_exit_status_fail(self):
        self.assertEqual(self.failing(text=CONSOLE.replace("2 passed, 0 failed, 0 skipped\n", "")),
                         ["TAP: summary line reached, its counts agree, no Bail out, no timeout",
                          "QEMU's exit status 0 is the firmware's (None: no summary)"])
        self.one_fails("QEMU's exit status", rc=1)

    def test_a_verdict_or_a_missing_el3_fails(self):
        self.one_fails("verdicts", text=CONSOLE.replace(
            "ok 2 - filter.evtyper_sh.ns_el2 D11.7.1", "ok 2 - filter.evtyper_sh.ns_el2 D11.7.1 # SKIP x").replace(
            "2 passed, 0 failed, 0 skipped", "1 passed, 0 failed, 1 skipped"))
        # without EL3 in the header, el2-max's skips stand and the SH points' verdicts differ
        self.one_fails("verdicts", text=CONSOLE.replace("EL3=2 EL2=2", "EL3=0 EL2=2"))
        self.args.expect_from = "el3-max"
        self.assertEqual(self.failing(), [])  # the SH points are el3-max's already

    def test_registers(self):
        good = {"x0": 0x40000000, "x1": 0, "x2": 0, "x3": 0, "cpsr": 0x3C9, "MDCR_EL3": check_tfa.RECORDED_MDCR_EL3,
                "SCR_EL3": check_tfa.RECORDED_SCR_EL3["7.2"], "MDCR_EL2": 6, "PMCR_EL0": 0x410130E0,
                "CNTFRQ_EL0": 62500000}
        pe1 = dict(good, x0=1)
        ok = check_tfa.judge_registers([(0, good), (1, pe1)], "7.2", 2)
        self.assertTrue(all(r[0] for r in ok), ok)
        for change in ({"x0": 0}, {"x2": 1}, {"cpsr": 0x3C5}, {"MDCR_EL3": good["MDCR_EL3"] | 1 << 17},
                       {"SCR_EL3": check_tfa.RECORDED_SCR_EL3["10.0"]}):
            results = check_tfa.judge_registers([(0, dict(good, **change)), (1, pe1)], "7.2", 2)
            self.assertEqual([r[0] for r in results], [False, True], change)
        self.assertFalse(check_tfa.judge_registers([(0, good)], "7.2", 2)[-1][0])  # PE 1 never stopped


if __name__ == "__main__":
    unittest.main()
