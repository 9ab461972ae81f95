#!/usr/bin/python3
"""Unit tests of ci/derive_expected.py and ci/run_matrix.py (no QEMU needed): a derivation must accept a run whose
every point is as the header and xfail.c say, and fail on each kind of lie."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import derive_expected as d  # noqa: E402
import run_matrix  # noqa: E402
import run_qemu  # noqa: E402

# The header of -cpu cortex-a57 entered at EL3 on QEMU 10.0 (EL3 and EL2, no FEAT_SEL2, PMUv3 only).
HEADER = """TAP version 14
# pmucheck: PMUv3 conformance checks (platform qemu-virt)
# entered at EL3
# external debug blocks (arm,coresight-cpu-debug): none
# PMU external interfaces (qemu,armv8-pmuv3-external): none
# QEMU 10.0 (boot argument pmucheck.qemu): the deviations recorded for it apply
# PE 0: MPIDR_EL1 = 0x0000000000 MIDR_EL1 = 0x411fd070
# ID_AA64PFR0_EL1 = 0x0000000001002222: EL3=2 EL2=2 SEL2=0
# ID_AA64DFR0_EL1 = 0x0000000010305106: PMUVer=0x1 (FEAT_PMUv3) HPMN0=0 PMSS=0 SEBEP=0 PMSVer=0
# ID_AA64DFR1_EL1 = 0x0000000000000000: EBEP=0 PMICNTR=0; ID_AA64MMFR0_EL1.FGT != 0: 0
# ID_AA64MMFR1_EL1 = 0x0000000000000000: VH=0
# ID_AA64MMFR4_EL1 = 0x0000000000000000: E2H0=0x0; HCR_EL2.E2H can be 0 (FEAT_E2H0)
# PMCR_EL0 = 0x0000000041013000: N=6 IMP=0x41 IDCODE=0x01
# PMCEID0_EL0 = 0x0000000000020001 PMCEID1_EL0 = 0x0000000000000000: SW_INCR=1 INST_RETIRED=0 CPU_CYCLES=1 CHAIN=0
# context s_el2: not available: FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)
# context s_el1_sel2: not available: FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)
# context s_el0_sel2: not available: FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)
# context ns_el2_vhe: not available: FEAT_VHE not implemented (ID_AA64MMFR1_EL1.VH == 0)
# context ns_el0_vhe: not available: FEAT_VHE not implemented (ID_AA64MMFR1_EL1.VH == 0)
# context s_el2_vhe: not available: FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)
# context s_el0_vhe: not available: FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)
"""
POINTS = """ok 1 - enable.swinc.ns_el2 D11.5.1 (336 checks)
ok 2 - enable.swinc.s_el2 D11.5.1 # SKIP FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)
ok 3 - ebep.rpfdlq RPFDLQ # SKIP FEAT_EBEP not implemented (ID_AA64DFR1_EL1.EBEP == 0)
ok 4 - freeze.overflow D13.5.2 # SKIP FEAT_PMUv3p7 not implemented (ID_AA64DFR0_EL1.PMUVer == 0x1)
ok 5 - overflow.chain CHAIN # SKIP CHAIN not in PMCEID0_EL0 (bit 30 == 0)
ok 6 - filter.sh_rw SH # SKIP SH needs EL3 and FEAT_SEL2 (ID_AA64PFR0_EL1.EL3 == 0x2, SEL2 == 0x0)
#   enable.swinc_unreachable.ns_el1: PMEVCNTR5_EL0 expected 0, seen 3
not ok 7 - enable.swinc_unreachable.ns_el1 PMSWINC_EL0 (168 checks, 42 failed) # TODO qemu-virt 10.0: RULE A: SEEN A
"""
TAIL = """1..7
# expected failures (TODO, listed in platform/qemu-virt/xfail.c): 1
1 passed, 0 failed, 5 skipped
"""
XFAILS = [d.Xfail("enable.swinc_unreachable.ns_el1", "RULE A", "SEEN A", "with_el2", "7.2 10.0", "swinc_reaches_range2"),
          d.Xfail("overflow.ccntr", "RULE B", "SEEN B", "without_aarch32", "7.2 10.0", "lc_honoured"),
          d.Xfail("access.pmuserenr_el0.ns_el1", "RULE C", "SEEN C", "with_fgt_el2", "10.0", "fgt_pmuserenr_ignored")]


def run(points=POINTS, header=HEADER, tail=TAIL, version="10.0", xfails=XFAILS, rc=0):
    h, outcomes, problems, counts = d.derive(header + points + tail, version, xfails, rc)
    return [o for o in outcomes if not o.ok], problems


class Derive(unittest.TestCase):
    def test_a_true_run_is_accepted(self):
        bad, problems = run()
        self.assertEqual((bad, problems), ([], []))

    def test_skip_with_a_wrong_field_value_fails(self):
        # the header says EBEP == 1: "FEAT_EBEP not implemented (EBEP == 0)" is false
        header = HEADER.replace("# ID_AA64DFR1_EL1 = 0x0000000000000000: EBEP=0",
                                "# ID_AA64DFR1_EL1 = 0x0001000000000000: EBEP=1")
        bad, problems = run(header=header)
        self.assertEqual([o.name for o in bad], ["ebep.rpfdlq"])
        self.assertIn("ID_AA64DFR1_EL1.EBEP == 0x0, the header's ID_AA64DFR1_EL1 holds 0x1", bad[0].note)

    def test_skip_of_a_feature_that_is_there_fails(self):
        # PMUVer 0x7: the claim "PMUVer == 0x1" is wrong and FEAT_PMUv3p7 is implemented
        header = HEADER.replace("0x0000000010305106: PMUVer=0x1 (FEAT_PMUv3)", "0x0000000010305706: PMUVer=0x7 (x)")
        bad, _ = run(header=header)
        self.assertIn("freeze.overflow", [o.name for o in bad])

    def test_skip_reason_of_the_wrong_context_fails(self):
        # ns_el2 exists here: "FEAT_SEL2 not implemented" is no reason to skip a Non-secure point
        bad, _ = run(points=POINTS.replace("enable.swinc.s_el2 D11.5.1 # SKIP", "enable.swinc.ns_el1 D11.5.1 # SKIP"))
        self.assertEqual([o.name for o in bad], ["enable.swinc.ns_el1"])

    def test_skip_with_no_rule_fails(self):
        bad, _ = run(points=POINTS.replace("CHAIN not in PMCEID0_EL0 (bit 30 == 0)", "not today"))
        self.assertEqual([o.name for o in bad], ["overflow.chain"])
        self.assertIn("SKIP_RULES", bad[0].note)

    def test_spe_sampling_reasons_hold_at_their_contexts_only(self):
        chain = "ok 5 - overflow.chain CHAIN # SKIP CHAIN not in PMCEID0_EL0 (bit 30 == 0)"
        a32 = "SPE does not sample in AArch32 state (StatisticalProfilingEnabled)"
        for ctx, reason, ok in (("el3", "SPE does not sample at EL3", True), ("ns_el1", "SPE does not sample at EL3", False),
                                ("ns_el0_a32", a32, True), ("ns_el0", a32, False)):
            bad, _ = run(points=POINTS.replace(chain, f"ok 5 - freeze.spe_event.{ctx} D11.5.2 # SKIP {reason}"))
            self.assertEqual([o.name for o in bad], [] if ok else [f"freeze.spe_event.{ctx}"], (ctx, reason))

    def test_event_bit_must_be_the_events_own(self):
        bad, _ = run(points=POINTS.replace("CHAIN not in PMCEID0_EL0 (bit 30 == 0)",
                                           "CHAIN not in PMCEID0_EL0 (bit 31 == 0)"))
        self.assertEqual([o.name for o in bad], ["overflow.chain"])

    def test_todo_not_recorded_fails(self):
        bad, _ = run(xfails=XFAILS[1:])
        self.assertEqual([o.name for o in bad], ["enable.swinc_unreachable.ns_el1"])
        self.assertIn("no applicable xfail.c entry", bad[0].note)

    def test_todo_recorded_for_another_version_fails(self):
        bad, _ = run(xfails=[XFAILS[0]._replace(versions="7.2")])
        self.assertEqual([o.name for o in bad], ["enable.swinc_unreachable.ns_el1"])

    def test_todo_whose_condition_does_not_hold_fails(self):
        # with_fgt_el2 needs FEAT_FGT, which this header says is absent
        points = POINTS.replace("enable.swinc_unreachable.ns_el1", "access.pmuserenr_el0.ns_el1").replace(
            "RULE A: SEEN A", "RULE C: SEEN C")
        bad, _ = run(points=points)
        self.assertEqual([o.name for o in bad], ["access.pmuserenr_el0.ns_el1"])

    def test_todo_with_another_reason_fails(self):
        bad, _ = run(points=POINTS.replace("RULE A: SEEN A", "RULE A: SEEN SOMETHING ELSE"))
        self.assertEqual([o.name for o in bad], ["enable.swinc_unreachable.ns_el1"])

    def test_recorded_deviation_not_marked_fails(self):
        points = POINTS.replace("not ok 7 - enable.swinc_unreachable.ns_el1 PMSWINC_EL0 (168 checks, 42 failed) "
                                "# TODO qemu-virt 10.0: RULE A: SEEN A",
                                "ok 7 - enable.swinc_unreachable.ns_el1 PMSWINC_EL0 (168 checks)")
        bad, _ = run(points=points, tail=TAIL.replace("1 passed", "2 passed"))
        self.assertEqual([o.name for o in bad], ["enable.swinc_unreachable.ns_el1"])

    def test_not_ok_without_todo_fails(self):
        points = POINTS.replace("ok 1 - enable.swinc.ns_el2 D11.5.1 (336 checks)",
                                "not ok 1 - enable.swinc.ns_el2 D11.5.1 (336 checks, 1 failed)")
        bad, problems = run(points=points, tail=TAIL.replace("1 passed, 0 failed", "0 passed, 1 failed"), rc=1)
        self.assertEqual([o.name for o in bad], ["enable.swinc.ns_el2"])

    def test_ok_at_a_context_that_does_not_exist_fails(self):
        bad, _ = run(points=POINTS.replace("enable.swinc.ns_el2", "enable.swinc.s_el1_sel2"))
        self.assertEqual([o.name for o in bad], ["enable.swinc.s_el1_sel2"])

    def test_header_decoded_against_its_raw_value(self):
        _, problems = run(header=HEADER.replace("PMUVer=0x1 (FEAT_PMUv3)", "PMUVer=0x6 (FEAT_PMUv3p5)"))
        self.assertTrue(any("ID_AA64DFR0_EL1.PMUVer printed 0x6" in p for p in problems), problems)

    def test_header_contexts_against_the_id_registers(self):
        header = HEADER.replace("# context s_el0_sel2: not available: FEAT_SEL2 not implemented "
                                "(ID_AA64PFR0_EL1.SEL2 == 0)\n", "")
        _, problems = run(header=header)
        self.assertTrue(any("context s_el0_sel2" in p for p in problems), problems)

    def test_bail_out_and_missing_summary_fail(self):
        _, problems = run(points=POINTS + "Bail out! broken\n", tail="")
        self.assertTrue(any(p.startswith("Bail out!") for p in problems), problems)
        self.assertTrue(any("N passed" in p for p in problems), problems)

    def test_wrong_version_fails(self):
        _, problems = run(version="7.2")
        self.assertTrue(any("QEMU 10.0, the run was QEMU 7.2" in p for p in problems), problems)


class Sets(unittest.TestCase):
    def test_missing_and_extra_points_fail(self):
        bad = d.compare_sets(["a.b.el3", "x.y"], ["a.b.el3", "c.d.ns_el1"])
        self.assertEqual(sorted(o.name for o in bad), ["c.d.ns_el1", "x.y"])

    def test_contexts_of_different_availability_may_differ(self):
        self.assertEqual(d.compare_sets(["a.b.el3"], ["a.b.el3", "c.d.s_el2"], {"s_el2"}), [])
        self.assertEqual(len(d.compare_sets(["a.b.el3"], ["a.b.el3", "c.d"], {"s_el2"})), 1)


class XfailTable(unittest.TestCase):
    def test_the_real_table_is_read_and_every_condition_known(self):
        xfails = d.load_xfails()
        self.assertGreater(len(xfails), 50)
        self.assertEqual({x.applies for x in xfails} - set(d.PREDICATES), set())
        ccntr = [x for x in xfails if x.name == "overflow.ccntr"]
        self.assertEqual([x.applies for x in ccntr], ["without_aarch32"])
        # macro-built names come out whole (adjacent string literals concatenated)
        self.assertIn("guest_view.bits.ns_el1", {x.name for x in xfails})


class Matrix(unittest.TestCase):
    def test_aarch64_filter(self):
        for m in ("cortex-a7", "cortex-a15", "cortex-m33", "cortex-r5f", "cortex-r52", "arm1176", "pxa270-c5",
                  "sa1110", "ti925t", "arm926"):
            self.assertTrue(run_matrix.NOT_AARCH64.match(m), m)
        for m in ("max", "a64fx", "cortex-a35", "cortex-a710", "cortex-a72", "neoverse-v1"):
            self.assertFalse(run_matrix.NOT_AARCH64.match(m), m)

    def test_matrix_text_loads_as_configurations(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(run_matrix.matrix_text({"7.2": ["max"], "10.0": ["max", "cortex-a710"]}))
        try:
            configs = run_qemu.load_configs(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(len(configs), 8)
        by = {c.name: c for c in configs}
        self.assertEqual(by["el3-cortex-a710"].versions, ("10.0",))
        self.assertEqual(by["el2-max"].versions, ("7.2", "10.0"))
        self.assertEqual(run_matrix.entry_of(by["el3-noel2-max"]), ("el3-noel2", "el3-noel2-max"))

    def test_checked_in_matrix_matches_the_core_entries(self):
        configs = run_qemu.load_configs(run_matrix.MATRIX)
        for c in configs:
            run_matrix.entry_of(c)  # every line is one of the four entries
        self.assertEqual({c.name for c in configs if c.cpu == "max"},
                         {"el3-max", "el3-noel2-max", "el2-max", "el1-max"})


if __name__ == "__main__":
    unittest.main()
