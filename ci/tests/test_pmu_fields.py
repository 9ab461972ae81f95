#!/usr/bin/python3
"""lib/model/pmu_fields.c against the register descriptions: every row's bits and name must be a field (or a
reserved range) of ../shared/spec/registers/FIELDS.md, and each register's rows must cover bits [63:0] once."""
import os
import re
import subprocess
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FIELDS_MD = os.path.join(ROOT, "..", "shared", "spec", "registers", "FIELDS.md")
# enum pmu_field_reg -> the FIELDS.md section
SECTIONS = {"PMFR_PMCR_EL0": "PMCR_EL0", "PMFR_PMSELR_EL0": "PMSELR_EL0", "PMFR_PMEVTYPER0_EL0": "PMEVTYPERn_EL0",
            "PMFR_PMCCFILTR_EL0": "PMCCFILTR_EL0", "PMFR_PMICFILTR_EL0": "PMICFILTR_EL0",
            "PMFR_PMUSERENR_EL0": "PMUSERENR_EL0", "PMFR_PMECR_EL1": "PMECR_EL1", "PMFR_PMUACR_EL1": "PMUACR_EL1",
            "PMFR_MDCR_EL2": "MDCR_EL2", "PMFR_MDCR_EL3": "MDCR_EL3"}


def table_rows():
    """(register, name, msb, lsb) of every row, through the C preprocessor (rows are built by macros)."""
    cc = os.environ.get("HOSTCC") or "cc"
    out = subprocess.run([cc, "-E", "-P", "-I" + os.path.join(ROOT, "lib"), os.path.join(ROOT, "lib", "model",
                          "pmu_fields.c")], capture_output=True, text=True, check=True).stdout
    return [(r, n, int(m), int(l)) for r, n, m, l in re.findall(r'\{ (PMFR_\w+), "([^"]*)", (\d+), (\d+)', out)]


def spec_fields():
    """{section: [(name, msb, lsb)]} from FIELDS.md ('(reserved)' rows named RES0)."""
    sections, current = {}, None
    with open(FIELDS_MD, encoding="utf-8") as f:
        lines = f.readlines()
    for line in lines:
        m = re.match(r"## (\S+)", line)
        if m:
            current = sections.setdefault(m.group(1), [])
            continue
        m = re.match(r"\| (.+?) \| \[(\d+)(?::(\d+))?\] \|", line)
        if m and current is not None:
            msb = int(m.group(2))
            lsb = int(m.group(3)) if m.group(3) else msb
            current.append(("RES0" if m.group(1) == "(reserved)" else m.group(1), msb, lsb))
    return sections


class FieldTable(unittest.TestCase):
    @unittest.skipUnless(os.path.exists(FIELDS_MD), "../shared/spec/registers/FIELDS.md not beside the checkout")
    def test_rows_are_the_spec_fields(self):
        spec = spec_fields()
        rows = table_rows()
        self.assertGreater(len(rows), 50)
        for reg, section in SECTIONS.items():
            mine = [(n, m, l) for r, n, m, l in rows if r == reg]
            self.assertTrue(mine, reg)
            # every bit exactly once
            bits = [b for _, m, l in mine for b in range(l, m + 1)]
            self.assertEqual(sorted(bits), list(range(64)), f"{reg}: rows do not cover [63:0] once")
            theirs = spec[section]
            for name, msb, lsb in mine:
                if ".." in name or name == "P<m>":  # a run of other areas' fields; PMUACR_EL1's P<m> bits
                    inside = [f for f in theirs if f[1] <= msb and f[2] >= lsb]
                    self.assertTrue(inside or name == "P<m>", f"{reg}.{name} [{msb}:{lsb}]")
                    continue
                self.assertIn((name, msb, lsb), theirs, f"{reg}.{name} [{msb}:{lsb}] is not a field of {section} in "
                              "FIELDS.md")


if __name__ == "__main__":
    unittest.main()
