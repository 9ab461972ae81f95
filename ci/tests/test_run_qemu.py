#!/usr/bin/python3
"""Unit tests of ci/run_qemu.py's judging logic (no QEMU needed): /usr/bin/python3 -m unittest discover -s ci/tests"""
import os
import sys
import tempfile
import unittest
import unittest.mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import run_qemu  # noqa: E402

# A passing stream in the firmware's format (doc/output-format.md), with the UART's \r\n line ends.
PASSING = """TAP version 14
# pmucheck: PMUv3 conformance checks (platform qemu-virt)
# entered at EL3
ok 1 - enable.swinc.el3 D11.5.1 Table D11-3, PMUSwIncrement (392 checks)
ok 2 - enable.pmcr_n.ns_el1 PMCR_EL0.N D24.5.8 (7 checks)
ok 3 - enable.swinc.s_el2 # SKIP FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)
#   guest_view.bits.ns_el1: PMCR_EL0.N expected 2, seen 6
not ok 4 - guest_view.bits.ns_el1 D24.5 (9 checks, 3 failed) # TODO qemu-virt: R_XYZ: N not limited by HPMN
1..4
# expected failures (TODO, listed in platform/qemu-virt/xfail.c): 1
2 passed, 0 failed, 1 skipped
""".replace("\n", "\r\n")
EXPECTED = {"enable.swinc.el3": "ok", "enable.pmcr_n.ns_el1": "ok", "enable.swinc.s_el2": "skip",
            "guest_view.bits.ns_el1": "todo"}
# The same run with an unexpected failure: the firmware counts it and exits with status 1.
FAILING = (PASSING.replace("ok 2 - enable.pmcr_n.ns_el1 PMCR_EL0.N D24.5.8 (7 checks)",
                           "#   enable.pmcr_n.ns_el1: PMCR_EL0.N expected 2, seen 6\r\n"
                           "not ok 2 - enable.pmcr_n.ns_el1 PMCR_EL0.N D24.5.8 (7 checks, 1 failed)")
           .replace("2 passed, 0 failed", "1 passed, 1 failed"))


def judge(text, returncode, expected=EXPECTED, timed_out=False):
    """Names of the mismatching points, the run-level problems, and the tally."""
    outcomes, problems = run_qemu.check_run(text, returncode, expected, timed_out)
    return [o.name for o in outcomes if not o.ok], problems, run_qemu.tally(outcomes, problems)


class ParseTest(unittest.TestCase):
    def test_statuses_diagnostics_summary(self):
        points, summary, bail = run_qemu.parse_tap(FAILING)
        self.assertEqual([p["name"] for p in points], list(EXPECTED))
        self.assertEqual([p["status"] for p in points], ["ok", "fail", "skip", "todo"])
        self.assertEqual(points[1]["diag"], ["#   enable.pmcr_n.ns_el1: PMCR_EL0.N expected 2, seen 6"])
        self.assertEqual(points[3]["reason"], "qemu-virt: R_XYZ: N not limited by HPMN")
        self.assertEqual(summary, (1, 1, 1))
        self.assertIsNone(bail)

    def test_diagnostics_go_to_the_point_they_name(self):
        # header lines are not diagnostics of point 1; a group may print a later point's lines first
        text = ("TAP version 14\n# pmucheck\n#   a.y: seen 0\n#   a.x: seen 1\n#   unnamed detail\n"
                "not ok 1 - a.x # TODO p: r\nnot ok 2 - a.y # TODO p: r\n1..2\n0 passed, 0 failed, 0 skipped\n")
        points = run_qemu.parse_tap(text)[0]
        self.assertEqual(points[0]["diag"], ["#   a.x: seen 1", "#   unnamed detail"])
        self.assertEqual(points[1]["diag"], ["#   a.y: seen 0"])

    def test_tap14_version_line_prints_nothing(self):
        # tappy warns on stdout about TAP 13 YAML support when the first line is a version >= 13
        import contextlib
        import io
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            run_qemu.parse_tap(PASSING)
        self.assertEqual(out.getvalue(), "")

    def test_not_ok_skip_is_a_failure(self):
        points = run_qemu.parse_tap("not ok 1 - a.b # SKIP absent\n")[0]
        self.assertEqual(points[0]["status"], "fail")


class CheckRunTest(unittest.TestCase):
    def test_passing_stream_with_matching_todo(self):
        self.assertEqual(judge(PASSING, 0), ([], [], (3, 0, 1)))

    def test_unexpected_not_ok(self):
        self.assertEqual(judge(FAILING, 1), (["enable.pmcr_n.ns_el1"], [], (2, 1, 1)))

    def test_ok_todo_deviation_gone(self):
        text = PASSING.replace("not ok 4", "ok 4")
        outcomes, problems = run_qemu.check_run(text, 0, EXPECTED)
        bad = [o for o in outcomes if not o.ok]
        self.assertEqual([(o.name, o.expected, o.seen) for o in bad],
                         [("guest_view.bits.ns_el1", "todo", "xpass")])
        self.assertIn("platform/qemu-virt/xfail.c", bad[0].note)
        self.assertEqual(problems, [])

    def test_expected_todo_that_fails_without_todo(self):
        text = PASSING.replace(" # TODO qemu-virt: R_XYZ: N not limited by HPMN", "")
        text = text.replace("0 failed", "1 failed")
        self.assertEqual(judge(text, 1)[0], ["guest_view.bits.ns_el1"])

    def test_expected_skip_that_runs(self):
        text = PASSING.replace(" # SKIP FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)", "")
        text = text.replace("2 passed, 0 failed, 1 skipped", "3 passed, 0 failed, 0 skipped")
        self.assertEqual(judge(text, 0)[0], ["enable.swinc.s_el2"])

    def test_missing_unlisted_and_duplicate_points(self):
        expected = dict(EXPECTED, **{"overflow.evcntr": "ok"})
        del expected["enable.swinc.el3"]
        names, problems, counts = judge(PASSING, 0, expected)
        self.assertEqual(sorted(names), ["enable.swinc.el3", "overflow.evcntr"])
        self.assertEqual(counts, (2, 2, 1))
        text = PASSING.replace("ok 2 - enable.pmcr_n.ns_el1", "ok 2 - enable.swinc.el3")
        self.assertIn("enable.swinc.el3", judge(text, 0)[0])

    def test_missing_final_line(self):
        text = PASSING.replace("2 passed, 0 failed, 1 skipped\r\n", "")
        names, problems, counts = judge(text, 0)
        self.assertEqual(names, [])
        self.assertEqual(problems, ["the last line is not 'N passed, N failed, N skipped'"])
        self.assertEqual(counts, (3, 1, 1))
        # a summary that is not the last line (output after it) is not the final line either
        self.assertTrue(judge(PASSING + "trailing junk\n", 0)[1])

    def test_bail_out(self):
        text = PASSING.split("ok 3")[0] + "Bail out! unexpected exception: ESR_EL3 = 0x02000000\r\n"
        names, problems, counts = judge(text, 2)
        self.assertEqual(names, ["enable.swinc.s_el2", "guest_view.bits.ns_el1"])
        self.assertIn("Bail out! unexpected exception: ESR_EL3 = 0x02000000", problems)
        self.assertEqual(counts, (2, 4, 0))

    def test_exit_status_must_agree_with_summary(self):
        self.assertTrue(judge(PASSING, 1)[1])
        self.assertTrue(judge(FAILING, 0)[1])
        self.assertTrue(judge(FAILING, 2)[1])

    def test_summary_must_agree_with_points(self):
        text = PASSING.replace("2 passed, 0 failed, 1 skipped", "3 passed, 0 failed, 1 skipped")
        self.assertTrue(judge(text, 0)[1])

    def test_timeout(self):
        text = PASSING.split("ok 3")[0]
        names, problems, counts = judge(text, None, timed_out=True)
        self.assertIn("QEMU timed out (killed)", problems)
        self.assertEqual(counts[1], 2 + len(problems))
        # killed in the middle of a line: the cut line ("ok 3 - enable.sw") is no test point
        cut = PASSING.split("inc.s_el2")[0]
        names, problems, counts = judge(cut, None, timed_out=True)
        self.assertEqual(sorted(names), ["enable.swinc.s_el2", "guest_view.bits.ns_el1"])

    def test_no_expectation_file(self):
        names, problems, counts = judge(PASSING, 0, None)
        self.assertEqual((names, counts), ([], (0, 1, 0)))


class FilesTest(unittest.TestCase):
    def test_update_expected_round_trip(self):
        points = run_qemu.parse_tap(FAILING)[0]
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write(run_qemu.expectation_text(points))
            self.assertEqual(run_qemu.load_expected(path), EXPECTED)  # the unexpected failure is written ok
            self.assertIsNone(run_qemu.load_expected(os.path.join(d, "none.txt")))

    def test_junit(self):
        outcomes, problems = run_qemu.check_run(FAILING, 0, EXPECTED)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.xml")
            run_qemu.write_junit(path, "el3-max", outcomes, problems)
            with open(path, encoding="utf-8") as f:
                xml = f.read()
        self.assertIn('tests="5"', xml)
        self.assertIn('failures="2"', xml)
        self.assertIn('skipped="1"', xml)
        self.assertIn("expected ok, seen fail", xml)

    def test_configs(self):
        configs = {c.name: c for c in run_qemu.load_configs(os.path.join(run_qemu.HERE, "configs.txt"))}
        for name in ("el3-max", "el3-noel2-max", "el2-max", "el1-max", "el3-a57", "el3-max-icount"):
            self.assertEqual(configs[name].versions[:2], ("7.2", "10.0"))
            self.assertEqual(configs[name].expect_from, name)
        for name in ("el3-max", "el2-max", "el1-max", "el3-max-icount", "el3-max-smp2"):  # and pmucheck's QEMU
            self.assertIn(run_qemu.PMU_VERSION, configs[name].versions)
        with unittest.mock.patch.dict(os.environ, {"PMUCHECK_QEMU_PMU": "/q/pmu/qemu-system-aarch64"}):
            self.assertEqual(run_qemu.qemu_command("x.elf", configs["el1-max"], "10.0-pmu")[0],
                             "/q/pmu/qemu-system-aarch64")
        self.assertEqual(configs["el3-max-icount"].extra, ["-icount", "shift=0"])
        self.assertEqual(configs["el3-max-smp2"].expect_from, "el3-max")
        cmd = run_qemu.qemu_command("x.elf", configs["el3-a57"], "10.0")
        self.assertTrue(cmd[0].endswith(os.path.join("qemu-10.0", "qemu-system-aarch64")))
        self.assertEqual(cmd[-4:], ["-kernel", "x.elf", "-append", "pmucheck.qemu=10.0 pmucheck.console=semihosting"])
        self.assertIn("enable=on,target=native,userspace=on,chardev=console", cmd)
        self.assertTrue(run_qemu.qemu_command("x.elf", configs["el3-max-uart"], "7.2")[-1].endswith("console=uart"))
        self.assertEqual(run_qemu.qemu_command("x.elf", configs["el3-max"], "7.2", "pmucheck.tests=enable")[-1],
                         "pmucheck.qemu=7.2 pmucheck.console=semihosting pmucheck.tests=enable")
        self.assertEqual(cmd[cmd.index("-m") + 1], "1G")
        cmd = run_qemu.qemu_command("x.elf", configs["el3-max-512m"], "7.2")
        self.assertEqual(cmd[0], "qemu-system-aarch64")
        self.assertEqual(cmd.count("-m"), 1)
        self.assertEqual(cmd[cmd.index("-m") + 1], "512M")

    def test_board_words(self):
        board = run_qemu.Config("b", ("10.0",), "imx8mp-evk", "-",
                                ["-m", "2G", "@image", "@dtb=freescale/imx8mp-evk.dtb", "@serial=1"], "b")
        with unittest.mock.patch.object(run_qemu, "linux_dts_dir", return_value="/cache/linux-dts/v"):
            cmd = run_qemu.qemu_command("build/x/pmucheck.elf", board, "10.0")
        self.assertNotIn("-cpu", cmd)
        self.assertEqual(cmd[-4:-2], ["-kernel", "build/x/pmucheck.bin"])
        self.assertTrue(cmd[-1].endswith("pmucheck.console=uart"))
        self.assertEqual(cmd[cmd.index("-dtb") + 1], "/cache/linux-dts/v/dtb/freescale/imx8mp-evk.dtb")
        serial = [cmd[i + 1] for i, a in enumerate(cmd) if a == "-serial"]
        self.assertEqual(serial, ["null", "chardev:console"])
        self.assertEqual(cmd[cmd.index("-m") + 1], "2G")
        self.assertFalse(any(a.startswith("@") for a in cmd))
        npcm = board._replace(extra=["@image", "@pes=4", "@bootargs=pmucheck.pes=0,2-3"])
        self.assertEqual(run_qemu.pe_count(npcm), 4)
        self.assertEqual(run_qemu.pes_selected(npcm), {0, 2, 3})
        self.assertIsNone(run_qemu.pes_selected(board))
        self.assertTrue(run_qemu.qemu_command("x.elf", npcm, "10.0")[-1].endswith(
            "pmucheck.console=uart pmucheck.pes=0,2-3"))

    def test_configs_file_errors(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write("x\t9.9\tvirt\tmax\n")
        with self.assertRaises(ValueError):
            run_qemu.load_configs(f.name)
        os.unlink(f.name)

    def test_pe_count(self):
        config = run_qemu.Config("c", ("7.2",), "virt", "max", ["-smp", "4", "-m", "4G"], "c")
        self.assertEqual(run_qemu.pe_count(config), 4)
        self.assertEqual(run_qemu.pe_count(config._replace(extra=["-smp", "cpus=2,sockets=1"])), 2)
        self.assertEqual(run_qemu.pe_count(config._replace(extra=[])), 1)

    def test_expectations_per_pe(self):
        expected = {"enable.swinc.el3": "ok", "filter.sh_rw": "todo", "pe1.enable.swinc.el3": "todo"}
        # one PE: plain names only; the explicit pe1. entry is for the -smp variants sharing the file
        self.assertEqual(run_qemu.expand_expected(expected, 1), {"enable.swinc.el3": "ok", "filter.sh_rw": "todo"})
        self.assertIsNone(run_qemu.expand_expected(None, 2))
        two = run_qemu.expand_expected(expected, 2)
        self.assertEqual(two, {"pe0.enable.swinc.el3": "ok", "pe1.enable.swinc.el3": "todo",
                               "pe0.filter.sh_rw": "todo", "pe1.filter.sh_rw": "todo"})
        four = run_qemu.expand_expected(dict(expected, **{"pe5.filter.sh_rw": "ok"}), 4)
        self.assertEqual(len(four), 8)  # pe5 is beyond 4 PEs: left out
        self.assertEqual((four["pe1.enable.swinc.el3"], four["pe3.enable.swinc.el3"]), ("todo", "ok"))

    def test_base_run_ignores_explicit_pe_entries(self):
        outcomes, problems = run_qemu.check_run(PASSING, 0, run_qemu.expand_expected(
            dict(EXPECTED, **{"pe1.enable.swinc.el3": "todo"}), 1))
        self.assertEqual((problems, [o.name for o in outcomes if not o.ok]), ([], []))

    def test_base_points_for_update_expected(self):
        points = [{"name": n, "status": "ok"} for n in ("pe0.a.x", "pe1.a.x", "pe0.b.y", "pe1.b.y")]
        self.assertEqual([p["name"] for p in run_qemu.base_points(points)], ["a.x", "b.y"])
        self.assertEqual(points[0]["name"], "pe0.a.x")  # the parsed points are not changed
        plain = [{"name": "a.x", "status": "ok"}]
        self.assertIs(run_qemu.base_points(plain), plain)
        # another PE's point that differs from PE 0's is kept with its prefix, and read back as an override
        points[3] = {"name": "pe1.b.y", "status": "skip"}
        written = run_qemu.base_points(points)
        self.assertEqual([(p["name"], p["status"]) for p in written], [("a.x", "ok"), ("b.y", "ok"),
                                                                       ("pe1.b.y", "skip")])
        expanded = run_qemu.expand_expected({p["name"]: p["status"] for p in written}, 2)
        self.assertEqual(expanded, {"pe0.a.x": "ok", "pe1.a.x": "ok", "pe0.b.y": "ok", "pe1.b.y": "skip"})

    def test_expectation_folders_per_version(self):
        configs = {c.name: c for c in run_qemu.load_configs(os.path.join(run_qemu.HERE, "configs.txt"))}
        path = run_qemu.expected_path("/e", configs["el3-max-smp2"], "10.0")
        self.assertEqual(path, os.path.join("/e", "qemu-10.0", "el3-max.txt"))
        self.assertEqual(run_qemu.expected_path("/e", configs["el3-max-512m"], "7.2"),
                         os.path.join("/e", "qemu-7.2", "el3-max.txt"))
        self.assertEqual(run_qemu.expected_path("/e", configs["el3-a710"], "10.0"),
                         os.path.join("/e", "qemu-10.0", "el3-a710.txt"))

    def test_every_run_has_an_expectation_file(self):
        # every (configuration, version) of configs.txt finds its file; no file is left over
        configs = run_qemu.load_configs(os.path.join(run_qemu.HERE, "configs.txt"))
        expected_dir = os.path.join(run_qemu.HERE, "expected")
        wanted = {run_qemu.expected_path(expected_dir, c, v) for c in configs for v in c.versions}
        missing = sorted(p for p in wanted if not os.path.exists(p))
        self.assertEqual(missing, [], "record them: ci/run_qemu.py --elf ... --update-expected --qemu <version>")
        present = {os.path.join(expected_dir, d, f) for d in os.listdir(expected_dir)
                   for f in os.listdir(os.path.join(expected_dir, d))}
        self.assertEqual(sorted(present - wanted), [])
        self.assertEqual(sorted(os.listdir(expected_dir)), ["qemu-" + v for v in sorted(run_qemu.ALL_VERSIONS)])

    def test_update_expected_writes_base_files_per_version(self):
        import contextlib
        import io
        import types
        base = run_qemu.Config("el3-max", ("7.2", "10.0"), "virt", "max", [], "el3-max")
        smp = base._replace(name="el3-max-smp2", extra=["-smp", "2"], expect_from="el3-max")
        two = "TAP version 14\nok 1 - pe0.a.x\nok 2 - pe1.a.x\nok 3 - pe0.b.y # SKIP absent\n" \
              "ok 4 - pe1.b.y # SKIP absent\n1..4\n2 passed, 0 failed, 2 skipped\n"
        with tempfile.TemporaryDirectory() as d, contextlib.redirect_stdout(io.StringIO()) as out:
            args = types.SimpleNamespace(update_expected=True, expected_dir=d, junit_dir=None)
            run_qemu.judge(args, smp, "10.0", d, (["q"], two, "", 0, False, 1.0))
            self.assertFalse(os.path.exists(os.path.join(d, "qemu-10.0")))  # a variant writes nothing
            run_qemu.judge(args, base, "10.0", d, (["q"], two, "", 0, False, 1.0))
            written = run_qemu.load_expected(os.path.join(d, "qemu-10.0", "el3-max.txt"))
            self.assertEqual(written, {"a.x": "ok", "b.y": "skip"})
            self.assertFalse(os.path.exists(os.path.join(d, "qemu-7.2")))
            # a run that bailed out writes nothing and fails
            counts, status = run_qemu.judge(args, base, "7.2", d, (["q"], "TAP version 14\nBail out! x\n",
                                                                    "", 2, False, 1.0))
            self.assertEqual(status, 1)
            self.assertFalse(os.path.exists(os.path.join(d, "qemu-7.2", "el3-max.txt")))
        self.assertIn("shares el3-max's expectations", out.getvalue())

    def test_configs_sharing_rules(self):
        lines = {"ok": "a\t7.2,10.0\tvirt\tmax\nb\t10.0\tvirt\tmax\t-smp 2\ta\n",
                 "unknown base": "b\t10.0\tvirt\tmax\t-smp 2\ta\n",
                 "base lacks version": "a\t7.2\tvirt\tmax\nb\t10.0\tvirt\tmax\t-m 4G\ta\n",
                 "chained": "a\t7.2\tvirt\tmax\nb\t7.2\tvirt\tmax\t-m 4G\ta\nc\t7.2\tvirt\tmax\t-smp 2\tb\n",
                 "twice": "a\t7.2\tvirt\tmax\na\t10.0\tvirt\tmax\n"}
        for case, text in lines.items():
            with tempfile.TemporaryDirectory() as d:
                path = os.path.join(d, "configs.txt")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
                if case == "ok":
                    configs = run_qemu.load_configs(path)
                    self.assertEqual([(c.name, c.expect_from, c.extra) for c in configs],
                                     [("a", "a", []), ("b", "a", ["-smp", "2"])])
                else:
                    with self.assertRaises(ValueError, msg=case):
                        run_qemu.load_configs(path)

    def test_smp_run_against_base_expectations(self):
        stream = (PASSING.replace("\r\n", "\n")
                  .replace(" - enable.", " - pe0.enable.").replace(" - guest_view.", " - pe0.guest_view.")
                  .replace("#   guest_view.", "#   pe0.guest_view."))
        second = stream.replace("pe0.", "pe1.")
        lines = [l for l in stream.splitlines() if l.startswith(("ok ", "not ok ", "#   "))]
        lines += [l for l in second.splitlines() if l.startswith(("ok ", "not ok ", "#   "))]
        text = "TAP version 14\n" + "\n".join(lines) + "\n1..8\n4 passed, 0 failed, 2 skipped\n"
        outcomes, problems = run_qemu.check_run(text, 0, run_qemu.expand_expected(EXPECTED, 2))
        self.assertEqual(problems, [])
        self.assertTrue(all(o.ok for o in outcomes), [o for o in outcomes if not o.ok])
        self.assertEqual(len(outcomes), 8)
        # PE 1 missing entirely: every one of its points is reported missing
        outcomes, _ = run_qemu.check_run(stream.replace("1..4", "1..4"), 0, run_qemu.expand_expected(EXPECTED, 2))
        self.assertEqual(sorted(o.name for o in outcomes if o.seen == "(missing)"),
                         sorted("pe1." + n for n in EXPECTED))


if __name__ == "__main__":
    unittest.main()
