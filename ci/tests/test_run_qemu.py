#!/usr/bin/python3
"""Unit tests of ci/run_qemu.py's judging logic (no QEMU needed): /usr/bin/python3 -m unittest discover -s ci/tests"""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import run_qemu  # noqa: E402

STREAM = """TAP version 14
# pmucheck
ok 1 - enable.swinc.el3 D11.5.1 (3 checks)
#   enable.pmcr_n.ns_el1: expected 2, seen 6
not ok 2 - enable.pmcr_n.ns_el1 D11.5.1 (3 checks, 1 failed)
ok 3 - enable.swinc.s_el2 D11.5.1 # SKIP FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)
not ok 4 - guest_view.bits.ns_el1 D24.5 (9 checks, 3 failed) # TODO qemu-virt: rule: seen
1..4
# expected failures (TODO, listed in platform/qemu-virt/xfail.c): 1
1 passed, 1 failed, 1 skipped
"""
EXPECTED = {"enable.swinc.el3": "ok", "enable.pmcr_n.ns_el1": "ok", "enable.swinc.s_el2": "skip",
            "guest_view.bits.ns_el1": "todo"}


def failures(text, returncode, expected=EXPECTED):
    results, problems = run_qemu.check_run(text, returncode, expected)
    return [r[0] for r in results if not r[4]], problems


class RunQemuTest(unittest.TestCase):
    def test_parse_statuses_and_diagnostics(self):
        points, summary, bail = run_qemu.parse_tap(STREAM)
        self.assertEqual([p["status"] for p in points], ["ok", "fail", "skip", "todo"])
        self.assertIn("enable.pmcr_n.ns_el1: expected 2, seen 6", points[1]["diag"][0])
        self.assertEqual(summary, (1, 1, 1))
        self.assertIsNone(bail)

    def test_unexpected_not_ok_fails(self):
        self.assertEqual(failures(STREAM, 1), (["enable.pmcr_n.ns_el1"], []))

    def test_all_matching_passes(self):
        text = STREAM.replace("not ok 2", "ok 2").replace("1 passed, 1 failed", "2 passed, 0 failed")
        self.assertEqual(failures(text, 0), ([], []))

    def test_todo_that_passes_fails(self):
        text = STREAM.replace("not ok 4", "ok 4")
        self.assertIn("guest_view.bits.ns_el1", failures(text, 1)[0])

    def test_missing_and_unlisted_points_fail(self):
        expected = dict(EXPECTED, **{"overflow.evcntr": "ok"})
        del expected["enable.swinc.el3"]
        names, _ = failures(STREAM, 1, expected)
        self.assertIn("overflow.evcntr", names)
        self.assertIn("enable.swinc.el3", names)

    def test_expected_skip_that_runs_fails(self):
        text = STREAM.replace(" # SKIP FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)", "")
        self.assertIn("enable.swinc.s_el2", failures(text, 1)[0])

    def test_run_level_problems(self):
        text = STREAM.replace("1 passed, 1 failed, 1 skipped\n", "")
        self.assertIn("no final 'N passed, N failed, N skipped' line", failures(text, 1)[1])
        self.assertTrue(failures(STREAM, 0)[1])  # exit 0 but a failure in the summary
        self.assertTrue(any("Bail out" in p for p in failures(STREAM + "Bail out! boom\n", 1)[1]))
        results, problems = run_qemu.check_run(STREAM, None, EXPECTED, timed_out=True)
        self.assertIn("QEMU timed out (killed)", problems)


if __name__ == "__main__":
    unittest.main()
