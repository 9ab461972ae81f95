#!/usr/bin/python3
"""Unit tests of ci/check_lava.py and ci/check_lava_run.py without lava-run or QEMU:
python3 -m unittest discover -s ci/tests"""
import os
import sys
import tempfile
import unittest

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import check_lava  # noqa: E402
import check_lava_run  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAP = """TAP version 14
not ok 1 - enable.swinc.el3 D11.5.1 (288 checks, 72 failed) # TODO qemu-virt 7.2: recorded
ok 2 - pc_sample.edpcsr.s_el2 CreatePCSample # SKIP no external debug block
ok 3 - isolation.final_state
1..3
1 passed, 0 failed, 1 skipped
"""
MONITOR = {"name": "pmucheck", "start": "TAP version 14", "end": r"\d+ passed, \d+ failed, \d+ skipped",
           "pattern": r"(?P<result>(not )?ok) \d+ - (?P<test_case_id>[A-Za-z0-9_.]+)(?=\s)",
           "fixupdict": {"ok": "pass", "not ok": "fail"}}


def load(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return yaml.safe_load(f)


class MonitorTest(unittest.TestCase):
    def test_cases_one_per_point_a_name_at_the_line_end_too(self):
        self.assertEqual(check_lava.monitor_cases(MONITOR, TAP),
                         [("enable.swinc.el3", "fail"), ("pc_sample.edpcsr.s_el2", "pass"),
                          ("isolation.final_state", "pass")])

    def test_cut_lines_none_with_the_lookahead(self):
        self.assertEqual(check_lava.cut_line_cases(MONITOR, TAP), [])

    def test_cut_lines_found_without_it(self):
        # the pattern lava-run recorded "pc_sa" with: a cut after "pc_sa" matches already
        without = dict(MONITOR, pattern=MONITOR["pattern"].removesuffix(r"(?=\s)"))
        cuts = check_lava.cut_line_cases(without, TAP)
        self.assertEqual(len(cuts), 3)
        self.assertEqual(cuts[1][1], ("p", "ok"))

    def test_jobs_use_the_tested_pattern(self):
        for job in ("lava/qemu-pmucheck.yaml", "lava/fvp-pmucheck.yaml"):
            monitors = [m for a in load(job)["actions"] for m in a.get("test", {}).get("monitors", [])]
            self.assertEqual([m["pattern"] for m in monitors], [MONITOR["pattern"]], job)


class DeviceTest(unittest.TestCase):
    def test_device_is_the_job_context(self):
        device, job = load("ci/lava/qemu-device.yaml"), load("lava/qemu-pmucheck.yaml")
        self.assertEqual(check_lava_run.device_matches_context(device, job["context"]), [])

    def test_a_context_change_shows(self):
        device, job = load("ci/lava/qemu-device.yaml"), load("lava/qemu-pmucheck.yaml")
        context = dict(job["context"], cpu="cortex-a57", extra_options=["-semihosting"])
        problems = check_lava_run.device_matches_context(device, context)
        self.assertEqual(len(problems), 2)
        self.assertIn("'-cpu cortex-a57'", problems[0])

    def test_expected_file_of_the_job(self):
        path, expected = check_lava_run.expected_for(load("lava/qemu-pmucheck.yaml")["context"])
        self.assertEqual(os.path.relpath(path, ROOT), os.path.join("ci", "expected", "qemu-7.2", "el3-max.txt"))
        self.assertEqual(expected["enable.swinc.el3"], "todo")


class NotRenderedTest(unittest.TestCase):
    RENDERED = {"available_architectures": ["arm64", "aarch64", "amd64"],
                "actions": {"boot": {"connections": {"serial": None, "ssh": None},
                                     "methods": {"qemu": {"parameters": {"options": ["-cpu max", "-m 512"]}}}}}}

    def test_a_part_of_the_rendering_is_fine(self):
        hand = {"available_architectures": ["aarch64"],
                "actions": {"boot": {"connections": {"serial": None},
                                     "methods": {"qemu": {"parameters": {"options": ["-cpu max", "-m 512"]}}}}}}
        self.assertEqual(check_lava_run.not_rendered(hand, self.RENDERED), [])

    def test_other_values_lists_keys_and_architectures_show(self):
        hand = {"available_architectures": ["riscv64"],
                "actions": {"boot": {"connections": {"lxc": None},
                                     "methods": {"qemu": {"parameters": {"options": ["-cpu max"]}}}}}}
        self.assertEqual(check_lava_run.not_rendered(hand, self.RENDERED),
                         ["available_architectures: riscv64 not in the rendering",
                          "actions.boot.connections.lxc: not in the rendering",
                          "actions.boot.methods.qemu.parameters.options: ['-cpu max'] here, "
                          "['-cpu max', '-m 512'] rendered"])


class LogTest(unittest.TestCase):
    def test_read_log_yaml_lines(self):
        # two lines as lava-run writes them (the `!` tag of the download size included)
        text = ('{"dt": "2026-11-23T10:52:11.738640", "lvl": "results", "msg": {"case": "file-download", '
                '"definition": "lava", "extra": {"size": ! "852352"}, "result": "pass"}}\n'
                '{"dt": "2026-11-23T10:52:11.926941", "lvl": "target", "msg": "TAP version 14"}\n')
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as f:
            f.write(text)
        try:
            entries = check_lava_run.read_log(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(int(entries[0]["msg"]["extra"]["size"]), 852352)  # PyYAML reads `! "852352"` as an int
        self.assertEqual(entries[1], {"dt": "2026-11-23T10:52:11.926941", "lvl": "target", "msg": "TAP version 14"})


if __name__ == "__main__":
    unittest.main()
