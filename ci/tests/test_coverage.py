#!/usr/bin/python3
"""Unit tests of ci/coverage.py (no QEMU, no ../shared/spec needed): python3 -m unittest discover -s ci/tests"""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import coverage  # noqa: E402

SEED = """## D13.3 Behavior on overflow

RQZJKS

The event counters overflow in the following situations:

- RHTPDY The update of PMOVSCLR occurs synchronously with the update of the counter.
- IFYVTD For all 64-bit counters, incrementing the counter is the same.

| R CXBNL   | If FEAT_EBEP is implemented, a PMUProfiling exception is supported.   |
| I FNPMD   | If FEAT_SEBEP is not implemented, the exception is taken asynchronously. |

As stated by RBKHSW in Asynchronous exception types, see Table D13-1.
"""
TAP = """TAP version 14
#   overflow.evcntr: varied: PMCR_EL0=0x41
ok 1 - overflow.evcntr D13.3 RQZJKS RHTPDY IFYVTD (12 checks)
ok 2 - ebep.table_d13_1.el3 D13.3.2 R CXBNL Table D13-1 # SKIP FEAT_EBEP not implemented (ID_AA64DFR1_EL1.EBEP == 0)
not ok 3 - overflow.evcntr_cycles D13.3 IFYVTD (4 checks, 1 failed) # TODO qemu-virt 10.0: restarts near 0
1..3
2 passed, 0 failed, 1 skipped
"""
FIELDS = """## PMCR_EL0  (D24.5.8, arm/arm-D24.5.md)

| field | bits | first condition |
|---|---|---|
| (reserved) | [63:33] |  |
| LC | [6] | When FEAT_AA32 is implemented: |
| X | [4] | When the implementation includes a PMU event export bus: |
| E | [0] |  |

## PMICNTR_EL0  (D24.5.15, arm/arm-D24.5.md)

| field | bits | first condition |
|---|---|---|
| ICNT | [63:0] |  |
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class CoverageTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        t = self.tmp.name
        self.root, self.spec = os.path.join(t, "repo"), os.path.join(t, "spec")
        write(os.path.join(self.spec, "001_x.txt"), SEED)
        write(os.path.join(self.spec, "registers", "FIELDS.md"), FIELDS)
        write(os.path.join(self.root, "lib/arch/sysreg.h"), "SYSREG_RW(pmcr_el0, pmcr_el0)\n")
        write(os.path.join(self.root, "tests/overflow.c"),
              '/* RXLMVX: the only citation of this one */\nwrite_pmcr_el0(PMCR_EL0_E_BIT | PMCR_EL0_LC_BIT);\n'
              'group_begin(&g, RULES, "overflow.evcntr");\n')
        write(os.path.join(self.root, "tests/ebep.c"), "/* PMCR_EL0.X is the export bus */\n")
        self.tap = os.path.join(t, "run.tap")
        write(self.tap, TAP)
        self.rep = coverage.build(self.root, self.spec, [self.tap])

    def tearDown(self):
        self.tmp.cleanup()

    def test_seed_ids_both_spellings(self):
        ids = self.rep["rules"]
        for rid in ("RQZJKS", "RHTPDY", "IFYVTD", "RCXBNL", "IFNPMD"):
            self.assertTrue(ids[rid]["defined"], rid)
        self.assertFalse(ids["RBKHSW"]["defined"])  # only referenced inside a sentence
        self.assertEqual(ids["RCXBNL"]["sentence"], "If FEAT_EBEP is implemented, a PMUProfiling exception is supported.")
        self.assertEqual(ids["RQZJKS"]["sentence"], "The event counters overflow in the following situations:")

    def test_cited_by_passing_point_is_checked(self):
        self.assertEqual(self.rep["rules"]["RQZJKS"]["verdict"], "checked")
        self.assertEqual(self.rep["rules"]["IFYVTD"]["verdict"], "checked")  # ok, and a TODO elsewhere

    def test_each_pe_keeps_its_outcome(self):
        # a run on two PEs: PE 1 (a sibling thread) SKIPs what PE 0 checked; PE 0's ok must not be replaced
        self.assertEqual(coverage.point_key("pe0.mt.sibling.ns_el1", "smt"), ("mt.sibling.ns_el1", "smt"))
        self.assertEqual(coverage.point_key("pe1.mt.sibling.ns_el1", "smt"), ("mt.sibling.ns_el1", "smt (PE 1)"))
        self.assertEqual(coverage.point_key("mt.sibling.ns_el1", "smt"), ("mt.sibling.ns_el1", "smt"))
        ids, _ = coverage.rule_report({"smt": [
            {"name": "pe0.overflow.evcntr", "status": "ok", "reason": "", "rules": "RQZJKS"},
            {"name": "pe1.overflow.evcntr", "status": "skip", "reason": "checked from PE 0", "rules": "RQZJKS"}]},
            {"ids": ["RQZJKS"]})
        self.assertEqual(coverage.verdict(ids["RQZJKS"]), "checked")

    def test_todo_alone_counts_as_checked(self):
        pts = {"overflow.evcntr_cycles": {"cfg": "todo: qemu-virt 10.0: restarts"}}
        self.assertEqual(coverage.verdict(pts), "checked")

    def test_cited_only_by_skips_is_skipped(self):
        r = self.rep["rules"]["RCXBNL"]  # split spelling in the TAP rules text too
        self.assertEqual(r["verdict"], "skipped")
        self.assertEqual(r["skip_reasons"], ["FEAT_EBEP not implemented (ID_AA64DFR1_EL1.EBEP == 0)"])
        self.assertEqual(self.rep["tables"]["D13-1"]["verdict"], "skipped")

    def test_cited_nowhere_is_not_checkable(self):
        self.assertEqual(self.rep["rules"]["IFNPMD"]["verdict"], "not checkable")
        md = coverage.markdown(self.rep)
        self.assertIn("| IFNPMD |", md.split("## Rules whose")[0])  # listed first, with its sentence
        self.assertIn("taken asynchronously", md.split("## Rules whose")[0])

    def test_not_checkable_why(self):
        # informative, no reason in the code: said so; a reason the code states wins, over its lines to the "."
        self.assertIn("informative", self.rep["rules"]["IFNPMD"]["why"])
        write(os.path.join(self.root, "tests/ebep.c"), "/*\n * IFNPMD not checkable: the PE gives no sign\n"
              " * of it.\n * The next line is not part of it.\n */\n")
        rep = coverage.build(self.root, self.spec, [self.tap])
        self.assertEqual(rep["rules"]["IFNPMD"]["why"], "the PE gives no sign of it.")
        self.assertIn("| the PE gives no sign of it. |", coverage.markdown(rep))
        rule = {"sentence": "(no text in the seed extract: the next line is the ID RQZJKS)", "kind": "rule"}
        self.assertIn("no text", coverage.not_checkable_why(rule, {}, "RABCDE"))
        self.assertIn("a gap", coverage.not_checkable_why({"sentence": "It must.", "kind": "rule"}, {}, "RABCDE"))

    def test_field_areas_and_whole_registers(self):
        self.assertIn("Statistical Profiling", coverage.field_area("MDCR_EL2", "TPMS", "When FEAT_SPE is implemented:"))
        self.assertIn("debug traps", coverage.field_area("MDCR_EL3", "TDCC", "When FEAT_FGT is implemented:"))
        self.assertIsNone(coverage.field_area("PMCR_EL0", "E", ""))
        # a field that is the whole register is observed through the register's accessor, and only then
        self.assertEqual(coverage.field_uses("v = read_pmccntr_el0();", "PMCCNTR_EL0", "CCNT", "[63:0]"), "register")
        self.assertEqual(coverage.field_uses("write_pmevcntr(n, 0);", "PMEVCNTRn_EL0", "EVCNT", "[63:0]"), "register")
        self.assertIsNone(coverage.field_uses("v = read_pmccntr_el0();", "PMCCNTR_EL0", "CCNT", "[31:0]"))
        self.assertIsNone(coverage.field_uses("v = read_pmccfiltr_el0();", "PMCCNTR_EL0", "CCNT", "[63:0]"))

    def test_failed_only(self):
        self.assertEqual(coverage.verdict({"p": {"c": "fail"}, "q": {"c": "skip: x"}}), "failed")

    def test_cited_in_code_only(self):
        self.assertEqual(list(self.rep["code_only"]), ["RXLMVX"])
        self.assertEqual(self.rep["code_only"]["RXLMVX"], ["tests/overflow.c:1"])

    def test_share_counts_rules_and_informative_apart(self):
        s = self.rep["summary"]
        self.assertEqual((s["rule"]["checked"], s["rule"]["total"]), (2, 3))  # RQZJKS RHTPDY of RQZJKS RHTPDY RCXBNL
        self.assertEqual((s["informative"]["checked"], s["informative"]["total"]), (1, 2))

    def test_fields(self):
        f = {(e["register"], e["field"]): e for e in self.rep["fields"]}
        self.assertEqual(f[("PMCR_EL0", "E")]["state"], "observed")  # macro in a module that ran
        self.assertEqual(f[("PMCR_EL0", "LC")]["own_modules"], ["overflow"])
        self.assertEqual(f[("PMCR_EL0", "X")]["state"], "gap")  # named only by ebep, which only skipped
        self.assertIn("only SKIPped", f[("PMCR_EL0", "X")]["why"])
        self.assertEqual(f[("PMICNTR_EL0", "ICNT")]["state"], "unreachable")
        self.assertNotIn(("PMCR_EL0", "(reserved)"), f)

    def test_fields_need_a_varied_value(self):
        # PMCR_EL0.E used by a module that ran, but no point varied bit 0: a gap that says so
        tap = TAP.replace("PMCR_EL0=0x41", "PMCR_EL0=0x40")
        write(self.tap, tap)
        rep = coverage.build(self.root, self.spec, [self.tap])
        f = {(e["register"], e["field"]): e for e in rep["fields"]}
        self.assertEqual(f[("PMCR_EL0", "E")]["state"], "gap")
        self.assertIn("no test point that ran varied it", f[("PMCR_EL0", "E")]["why"])
        self.assertEqual(f[("PMCR_EL0", "LC")]["state"], "observed")
        self.assertEqual(coverage.bits_mask("[63:33]"), ((1 << 64) - 1) & ~((1 << 33) - 1))
        self.assertEqual(coverage.bits_mask("[4]"), 0x10)

    def test_tap_line_parsing(self):
        lines = coverage.parse_tap_lines(TAP.replace("\n", "\r\n"))
        self.assertEqual(lines[0], ("overflow.evcntr", "ok", "", "D13.3 RQZJKS RHTPDY IFYVTD"))
        self.assertEqual(lines[2][1], "todo")
        self.assertEqual(lines[1][1:3], ("skip", "FEAT_EBEP not implemented (ID_AA64DFR1_EL1.EBEP == 0)"))

    def test_main_writes_outputs(self):
        out = os.path.join(self.tmp.name, "out")
        devnull = open(os.devnull, "w")
        old, sys.stdout = sys.stdout, devnull
        try:
            rc = coverage.main([self.tap, "--spec", self.spec, "--root", self.root, "--out", out])
        finally:
            sys.stdout = old
            devnull.close()
        self.assertEqual(rc, 0)
        self.assertTrue(os.path.exists(os.path.join(out, "coverage.md")))
        self.assertTrue(os.path.exists(os.path.join(out, "coverage.json")))


# A seed extract without rule IDs: a preamble, a numbered section with a list and its lead, a feature-gated item,
# a subsection of named events and a paragraph, a second subsection, and a translation line that is dropped.
SEED_TEXT = """The PMU can filter events.

## D11.7.1 Filtering

In AArch64 state:
* For each event counter, PMEVTYPER<n>_EL0 specifies the Exception levels.
* When the Effective value of PMEVTYPER<n>_EL0.MT is 1, the filtering uses the
  thread of the event.
> 本节介绍

## D11.7.2 Accuracy of event filtering

### Exception-related events

The PMU must filter these events. These events are:

* EXC_TAKEN, Exception taken.
* EXC_SVC, Exception taken, Supervisor Call.
* BRB_FILTRATE, Branch record captured.

The PMU must not count an exception after it has been taken.

For more information, see the register descriptions.

### Software increment events

The PMU must filter software increment events. For more information, see SW_INCR.
"""
TEXT_TAP = """TAP version 14
# ID_AA64DFR0_EL1 = 0x0000000010305609: PMUVer=0x6
ok 1 - filter.evtyper.el1 D11.7.1, D13.7.1 (PMEVTYPER<n>_EL0 P/U/NSK/NSU/NSH/M), CountPMUEvents (3 checks)
ok 2 - filter.exc_taken.el1 D11.7.2, D13.7.3.1: EXC_TAKEN counted in the Exception level it was taken from (2 checks)
ok 3 - exc_events.svc.el1 D11.7.2 (EXC_SVC), CountPMUEvents # SKIP EXC_SVC not in PMCEID0_EL0
ok 4 - filter.swinc_no_sync.el1 D11.7.2: two PMSWINC_EL0 writes count twice (1 check)
ok 5 - other.point D11.7.20 EXC_TAKEN BRB_FILTRATE (1 check)
1..5
"""


class SeedTextTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        t = self.tmp.name
        self.root, self.spec = os.path.join(t, "repo"), os.path.join(t, "spec")
        write(os.path.join(self.spec, "003_x.txt"), SEED_TEXT)
        write(os.path.join(self.spec, "001_y.txt"), SEED)  # sections with rule IDs are not seed text
        write(os.path.join(self.root, "lib/arch/sysreg.h"), "")
        self.tap = os.path.join(t, "run.tap")
        write(self.tap, TEXT_TAP)

    def tearDown(self):
        self.tmp.cleanup()

    def units(self, rep=None):
        rep = rep or coverage.build(self.root, self.spec, [self.tap])
        return {u["key"]: u for sec in rep["seed_text"] for u in sec["units"]}, rep

    def test_sections_items_and_paragraphs(self):
        secs = coverage.seed_sections(SEED_TEXT, "003_x.txt")
        self.assertEqual([s["key"] for s in secs], ["D11.7", "D11.7.1", "D11.7.2",
                                                     "D11.7.2/Exception-related events",
                                                     "D11.7.2/Software increment events"])
        keys = [u["key"] for s in secs for u in s["units"]]
        self.assertEqual(keys, ["D11.7.1/item 1", "D11.7.1/item 2", "D11.7.2/Exception-related events/EXC_TAKEN",
                                "D11.7.2/Exception-related events/EXC_SVC",
                                "D11.7.2/Exception-related events/BRB_FILTRATE",
                                "D11.7.2/Exception-related events/paragraph 1",
                                "D11.7.2/Software increment events/paragraph 1"])
        mt = secs[1]["units"][1]
        self.assertEqual(mt["text"], "When the Effective value of PMEVTYPER<n>_EL0.MT is 1, the filtering uses the "
                                     "thread of the event.")  # continuation joined, translation dropped
        self.assertEqual(mt["lead"], "In AArch64 state:")
        self.assertNotIn("RQZJKS", [s["key"] for s in coverage.load_seed_text(self.spec)])
        self.assertEqual({s["file"] for s in coverage.load_seed_text(self.spec)}, {"003_x.txt"})

    def test_citation_by_section_and_name(self):
        u, _ = self.units()
        self.assertEqual(u["D11.7.2/Exception-related events/EXC_TAKEN"]["status"], "checked")
        self.assertEqual(list(u["D11.7.2/Exception-related events/EXC_TAKEN"]["points"]), ["filter.exc_taken.el1"])
        svc = u["D11.7.2/Exception-related events/EXC_SVC"]
        self.assertEqual((svc["status"], svc["skip_reasons"]), ("skipped", ["EXC_SVC not in PMCEID0_EL0"]))
        # D11.7.20 is not D11.7.2: BRB_FILTRATE is cited by no point, and FEAT_BRBE is absent (BRBE = 0)
        brb = u["D11.7.2/Exception-related events/BRB_FILTRATE"]
        self.assertEqual((brb["status"], list(brb["points"])), ("not checkable", []))
        self.assertIn("FEAT_BRBE is absent from every configuration that ran (ID_AA64DFR0_EL1.BRBE = 0x0)", brb["why"])
        # a paragraph naming nothing takes its subsection's event names; SW_INCR is named by PMSWINC_EL0
        self.assertEqual(list(u["D11.7.2/Exception-related events/paragraph 1"]["points"]),
                         ["filter.exc_taken.el1", "exc_events.svc.el1"])
        self.assertEqual(list(u["D11.7.2/Software increment events/paragraph 1"]["points"]),
                         ["filter.swinc_no_sync.el1"])
        # a register named in the rules text cites the item naming it; its MT field needs MT named
        self.assertEqual(u["D11.7.1/item 1"]["status"], "checked")

    def test_not_checkable_reasons(self):
        u, rep = self.units()
        mt = u["D11.7.1/item 2"]
        self.assertEqual(mt["status"], "not checkable")
        self.assertIn("FEAT_MTPMU is absent from every configuration that ran (ID_AA64DFR0_EL1.MTPMU = 0x0)",
                      mt["why"])
        write(os.path.join(self.root, "tests/filter.c"),
              "/* D11.7.2/Exception-related events/BRB_FILTRATE not checkable: branch records are BRBE's. */\n")
        u, rep = self.units()
        brb = u["D11.7.2/Exception-related events/BRB_FILTRATE"]
        self.assertEqual((brb["status"], brb["why"]), ("not checkable", "branch records are BRBE's."))
        t = rep["summary"]["seed_text"]
        self.assertEqual((t["sections"], t["items"], t["paragraphs"]), (3, 5, 2))
        self.assertEqual((t["checked"], t["skipped"], t["not checkable"], t["gap"]), (4, 1, 2, 0))
        self.assertIn("seed text without rule IDs: 3 sections, 5 list items, 2 paragraphs, 0 pseudocode functions: "
                      "4 checked, 0 failed, 1 skipped, 2 not checkable (", rep["seed_text_summary"])
        md = coverage.markdown(rep)
        self.assertIn("- " + rep["seed_text_summary"], md)
        self.assertIn("| BRB_FILTRATE | not checkable |", md)

    def test_rules_name(self):
        rules = "D11.5.3, D13.5.4 RGNGCW (MDCR_EL3.MPMX), MDCR_EL2.{HPMD, HCCD}, PMOVSSET, CountPMUEvents"
        self.assertTrue(coverage.rules_name(rules, ("field", "MDCR", "MPMX")))
        self.assertTrue(coverage.rules_name(rules, ("field", "MDCR", "HCCD")))
        self.assertFalse(coverage.rules_name(rules, ("field", "MDCR", "SPME")))
        self.assertTrue(coverage.rules_name(rules, ("field", "PMOVSSET", "C")))  # the whole register
        self.assertFalse(coverage.rules_name("PMEVTYPER<n>_EL0 P/U", ("field", "PMEVTYPER", "MT")))
        self.assertEqual(coverage.norm_reg("HDCR"), "MDCR")
        self.assertEqual(coverage.norm_reg("PMEVTYPER<n>_EL0"), "PMEVTYPER")


if __name__ == "__main__":
    unittest.main()
