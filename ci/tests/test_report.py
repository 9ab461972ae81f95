#!/usr/bin/python3
"""Unit tests of ci/report.py (no browser needed): /usr/bin/python3 -m unittest discover -s ci/tests"""
import contextlib
import html.parser
import io
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import report  # noqa: E402

# A run in the firmware's format (doc/output-format.md): one point of each status, one without a context,
# and a reason with markup in it; the UART's \r\n line ends.
RUN = """TAP version 14
# pmucheck: PMUv3 conformance checks (platform qemu-virt)
# entered at EL3
# QEMU 10.0 (boot argument pmucheck.qemu): the deviations recorded for it apply
# PE 0: MPIDR_EL1 = 0x0000000000 MIDR_EL1 = 0x000f0510
# ID_AA64DFR0_EL1 = 0x100000001030560a: PMUVer=0x6 (FEAT_PMUv3p5) HPMN0=1 PMSS=0 SEBEP=0 PMSVer=0
ok 1 - enable.swinc.el3 D11.5.1 (392 checks)
ok 2 - enable.swinc.ns_el1 D11.5.1 (7 checks)
ok 3 - enable.swinc.s_el2 # SKIP FEAT_SEL2 not implemented <ID_AA64PFR0_EL1.SEL2 & 1 == 0>
#   ebep.irq.ns_el1: PMCR_EL0.N expected 2, seen 6
not ok 4 - ebep.irq.ns_el1 D24.5 (9 checks, 3 failed)
not ok 5 - guest_view.bits.ns_el1 D24.5 (9 checks, 3 failed) # TODO qemu-virt: R_XYZ: N not limited by HPMN
ok 6 - overflow.chain D11.7 (3 checks)
# sweep.random: a note between points, not part of the header
ok 7 - sweep.random (5 checks)
1..7
# expected failures (TODO, listed in platform/qemu-virt/xfail.c): 1
4 passed, 1 failed, 1 skipped
""".replace("\n", "\r\n")

SMP = """TAP version 14
# pmucheck: PMUv3 conformance checks (platform qemu-virt)
# entered at EL1
# PEs: 2, MPIDR 0x0, 0x1
# PE 0: MPIDR_EL1 = 0x0000000000 MIDR_EL1 = 0x000f0510
ok 1 - pe0.enable.swinc.ns_el1 (1 checks)
# PE 1: MPIDR_EL1 = 0x0000000001 MIDR_EL1 = 0x000f0511
ok 2 - pe1.enable.swinc.ns_el1 (1 checks)
1..2
2 passed, 0 failed, 0 skipped
"""


class Cells(html.parser.HTMLParser):
    """Every element's attributes and direct text, by id, and the grid's cells as (row name, class, title)."""

    def __init__(self):
        super().__init__()
        self.by_id, self.cells, self.row, self._stack = {}, [], None, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self._stack.append((tag, a, []))
        if tag == "td" and "cell" in a.get("class", "").split():
            self.cells.append((self.row, a.get("class", ""), a.get("title")))

    def handle_endtag(self, tag):
        while self._stack:
            t, a, text = self._stack.pop()
            s = "".join(text)
            if "id" in a:
                self.by_id[a["id"]] = s
            if t == "td" and a.get("class") == "name":
                self.row = s
            if self._stack:
                self._stack[-1][2].append(s)
            if t == tag:
                break

    def handle_data(self, data):
        if self._stack:
            self._stack[-1][2].append(data)


def page_of(*texts, coverage="/nonexistent/coverage.json"):
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for i, t in enumerate(texts):
            paths.append(os.path.join(d, f"run{i}.tap"))
            with open(paths[-1], "w", encoding="utf-8", newline="") as f:
                f.write(t)
        runs = [report.load(p) for p in paths]
        page = report.render(runs[-1], runs[0] if len(runs) == 2 else None, coverage)
    p = Cells()
    p.feed(page)
    return page, p


class ReportTest(unittest.TestCase):
    def test_counts_equal_the_taps(self):
        page, p = page_of(RUN)
        points, summary, _ = report.parse_tap(RUN)
        passed, failed, skipped = summary
        self.assertEqual(p.by_id["count-pass"], str(passed))
        self.assertEqual(p.by_id["count-fail"], str(failed))
        self.assertEqual(p.by_id["count-skip"], str(skipped))
        self.assertEqual(p.by_id["count-todo"], "1")  # the `expected failures` line
        self.assertEqual(p.by_id["count-total"], str(len(points)))
        self.assertEqual(p.by_id["tap-summary"], "4 passed, 1 failed, 1 skipped")

    def test_real_run_counts(self):
        tap = os.path.join(report.ROOT, report.DEFAULT_TAP)
        if not os.path.exists(tap):
            self.skipTest(f"no {tap}")
        with open(tap, encoding="utf-8") as f:
            text = f.read()
        _, p = page_of(text)
        _, summary, _ = report.parse_tap(text)
        self.assertEqual((p.by_id["count-pass"], p.by_id["count-fail"], p.by_id["count-skip"]),
                         tuple(str(n) for n in summary))

    def test_fail_cell_is_red(self):
        page, p = page_of(RUN)
        cell = [c for c in p.cells if c[0] == "ebep.irq" and "none" not in c[1].split()]
        self.assertEqual(len(cell), 1)
        self.assertIn("fail", cell[0][1].split())
        self.assertIn("PMCR_EL0.N expected 2, seen 6", cell[0][2])  # the diagnostics in the tooltip
        css = report.CSS[report.CSS.index(".fail {"):]
        self.assertIn("background: #f08080", css[:css.index("}")])  # light red

    def test_grid_rows_and_columns(self):
        _, p = page_of(RUN)
        rows = {c[0] for c in p.cells}
        self.assertEqual(rows, {"enable.swinc", "ebep.irq", "guest_view.bits", "overflow.chain", "sweep.random"})
        todo = [c for c in p.cells if c[0] == "guest_view.bits" and "todo" in c[1].split()]
        self.assertEqual(len(todo), 1)
        self.assertIn("R_XYZ: N not limited by HPMN", todo[0][2])
        no_ctx = [c for c in p.cells if c[0] == "overflow.chain" and "none" not in c[1].split()]
        self.assertEqual(len(no_ctx), 1)
        self.assertEqual(report.split_name("pe3.ebep.irq.s_el1_sel2"), (3, "ebep.irq", "s_el1_sel2"))
        self.assertEqual(report.split_name("overflow.chain"), (None, "overflow.chain", ""))

    def test_html_is_escaped(self):
        page, p = page_of(RUN)
        self.assertNotIn("<ID_AA64PFR0_EL1", page)
        self.assertIn("&lt;ID_AA64PFR0_EL1.SEL2 &amp; 1 == 0&gt;", page)
        skip = [c for c in p.cells if c[0] == "enable.swinc" and "skip" in c[1].split()]
        self.assertIn("<ID_AA64PFR0_EL1.SEL2 & 1 == 0>", skip[0][2])  # the tooltip, unescaped by the parser
        hostile = RUN.replace("ok 6 - overflow.chain", "ok 6 - <script>alert(1)</script>")
        page, _ = page_of(hostile)
        self.assertNotIn("<script>", page)

    def test_header_and_pes(self):
        header, pes = report.parse_header(RUN)
        self.assertIn("entered at EL3", header)
        self.assertIn("QEMU 10.0 (boot argument pmucheck.qemu): the deviations recorded for it apply", header)
        self.assertEqual(list(pes), [0])
        self.assertTrue(pes[0][1].startswith("ID_AA64DFR0_EL1 = 0x100000001030560a: PMUVer=0x6"))
        self.assertFalse(any("sweep.random" in line for line in header + pes[0]))
        self.assertFalse(any("ebep.irq" in line for line in header + pes[0]))
        self.assertEqual(report.identity(header, pes)[:3], [("entered", "EL3"), ("QEMU", "10.0"),
                                                            ("platform", "qemu-virt")])
        self.assertIn(("PMUVer", "0x6 (FEAT_PMUv3p5)"), report.identity(header, pes))
        header, pes = report.parse_header(SMP)
        self.assertIn(("PE 1 MIDR_EL1", "0x000f0511"), report.identity(header, pes))
        self.assertEqual(list(pes), [0, 1])
        self.assertIn("MIDR_EL1 = 0x000f0511", pes[1][0])
        page, p = page_of(SMP)
        self.assertIn("<h3>PE 1</h3>", page)
        self.assertIn("PE 1: 1 pass", page)

    def test_diff_lists_changed_added_removed(self):
        new = (RUN.replace("ok 2 - enable.swinc.ns_el1 D11.5.1 (7 checks)",
                           "not ok 2 - enable.swinc.ns_el1 D11.5.1 (7 checks, 1 failed)")
               .replace("ok 6 - overflow.chain D11.7 (3 checks)", "ok 6 - overflow.ccntr D11.7 (3 checks)"))
        page, p = page_of(RUN, new)
        self.assertEqual(p.by_id["count-changed"], "1")
        self.assertEqual(p.by_id["count-added"], "1")
        self.assertEqual(p.by_id["count-removed"], "1")
        self.assertIn("enable.swinc.ns_el1", p.by_id["diff-changed"])
        self.assertIn("overflow.ccntr", p.by_id["diff-added"])
        self.assertIn("overflow.chain", p.by_id["diff-removed"])
        _, p = page_of(RUN, RUN)
        self.assertEqual(p.by_id["count-changed"], "0")

    def test_coverage_optional(self):
        page, p = page_of(RUN)
        self.assertIn("make coverage", p.by_id["coverage-missing"])
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "coverage.json")
            with open(path, "w") as f:
                json.dump([{"rule": "R_ABCDE", "points": ["enable.swinc"]}, {"rule": "<R_X>", "points": []}], f)
            page, p = page_of(RUN, coverage=path)
            self.assertIn("R_ABCDE", p.by_id["coverage"])
            self.assertIn("&lt;R_X&gt;", page)
            with open(path, "w") as f:
                f.write("not json")
            page, _ = page_of(RUN, coverage=path)
            self.assertIn("unreadable", page)

    def test_self_contained(self):
        page, _ = page_of(RUN, RUN)
        for needle in ("<script", "<link", "src=", "http://", "https://", "@import", "url("):
            self.assertNotIn(needle, page)

    def test_main_writes_the_page(self):
        with tempfile.TemporaryDirectory() as d:
            tap, out = os.path.join(d, "a.tap"), os.path.join(d, "sub", "index.html")
            with open(tap, "w") as f:
                f.write(RUN)
            with contextlib.redirect_stdout(io.StringIO()) as said, contextlib.redirect_stderr(io.StringIO()):
                self.assertEqual(report.main(["--out", out, "--coverage", os.path.join(d, "none.json"), tap]), 0)
                self.assertEqual(report.main(["--out", out, os.path.join(d, "missing.tap")]), 1)
            self.assertTrue(os.path.getsize(out) > 1000)
            self.assertIn("4 pass, 1 fail, 1 skip, 1 todo", said.getvalue())


if __name__ == "__main__":
    unittest.main()
