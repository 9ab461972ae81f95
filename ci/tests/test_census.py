#!/usr/bin/python3
"""Unit tests of ci/census.py (no reader, no Linux trees needed: a small tree compiled with dtc, and reader lines
written here): the tree's own view (stdout-path through /aliases, reg through two levels of ranges, the GIC the
root's interrupt-parent leads to, a console node whose status is not okay named as no usable console, the family of
a compatible list) and each per-board check, which must hold for a reader that agrees and fail for each kind of
disagreement (kind, base, reg-shift, reg-io-width, GIC version, distributor, CPU interface, a disabled console
used)."""
import copy
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import census  # noqa: E402

# A 16550 console two buses down (soc: 0x0 -> 0x1_0000_0000; apb: 0x0 -> 0x2000_0000 inside soc), a GICv2
# reached through a wake-up controller that is the root's interrupt-parent, an empty `ranges` on the GIC's bus.
DTS = """/dts-v1/;
/ {
	#address-cells = <2>; #size-cells = <2>;
	model = "census test board";
	interrupt-parent = <&wake>;
	chosen { stdout-path = "serial1:115200n8"; };
	aliases { serial1 = "/soc/apb@20000000/serial@1000"; };
	wake: wakeup-controller { interrupt-controller; #interrupt-cells = <3>; interrupt-parent = <&gic>;
		compatible = "vendor,wakeup"; };
	soc {
		compatible = "simple-bus"; #address-cells = <1>; #size-cells = <1>;
		ranges = <0x0 0x1 0x0 0x80000000>;
		apb@20000000 {
			compatible = "simple-bus"; #address-cells = <1>; #size-cells = <1>;
			ranges = <0x0 0x20000000 0x100000>;
			serial@1000 { compatible = "vendor,uart", "snps,dw-apb-uart"; reg = <0x1000 0x100>;
				reg-shift = <2>; reg-io-width = <4>; };
		};
	};
	intc-bus {
		compatible = "simple-bus"; #address-cells = <2>; #size-cells = <2>; ranges;
		gic: interrupt-controller@2c001000 { compatible = "arm,gic-400"; interrupt-controller;
			#interrupt-cells = <3>; reg = <0x0 0x2c001000 0x0 0x1000>, <0x0 0x2c002000 0x0 0x2000>; };
	};
	pmu { compatible = "arm,cortex-a53-pmu"; interrupts = <1 7 4>; };
	psci { compatible = "arm,psci-1.0"; method = "smc"; };
	cpus { #address-cells = <1>; #size-cells = <0>;
		cpu@0 { device_type = "cpu"; reg = <0>; }; cpu@1 { device_type = "cpu"; reg = <1>; }; };
};
"""

# What a reader that found everything right would print for it.
READER = {"rc": 0, "model": "census test board",
          "console": {"kind": "ns16550", "base": "0x120001000", "reg_shift": 2, "reg_io_width": 4, "from": "tree"},
          "gic": {"version": 2, "gicd": "0x2c001000", "gicr": ["0x0", "0x0"], "gicc": "0x2c002000",
                  "compatible": "arm,gic-400", "from": "tree"},
          "pmu_intid": 23, "psci": "smc", "pes": 2, "pes_in_tree": 2, "mpidr": ["0x0", "0x1"], "mem": []}


def compile_dts(text):
    with tempfile.TemporaryDirectory() as d:
        dtb = os.path.join(d, "t.dtb")
        subprocess.run(["dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb, "-"], input=text.encode(), check=True)
        return census.load(dtb)


class TreeView(unittest.TestCase):
    def setUp(self):
        self.t = census.tree_view(*compile_dts(DTS))

    def test_console(self):
        c = self.t["console"]
        self.assertEqual(c["path"], "/soc/apb@20000000/serial@1000")
        self.assertEqual(c["family"], "16550")
        self.assertEqual(c["base"], 0x1_2000_1000)  # 0x1000 + 0x2000_0000 (apb) + 0x1_0000_0000 (soc)
        self.assertEqual((c["reg_shift"], c["reg_io_width"]), (2, 4))

    def test_gic_through_interrupt_parent(self):
        g = self.t["gic"]
        self.assertEqual((g["version"], g["gicd"], g["gicc"]), (2, 0x2c001000, 0x2c002000))

    def test_pmu_psci_cpus(self):
        self.assertEqual(self.t["pmu"]["intid"], 23)
        self.assertEqual((self.t["psci"], self.t["cpus"]), ("smc", 2))

    def test_no_console(self):
        t = census.tree_view(*compile_dts(DTS.replace('stdout-path = "serial1:115200n8";', "")))
        self.assertIsNone(t["console"])
        self.assertEqual(t["console_why"], "no stdout-path and no aliases/serial0")

    def test_untranslatable(self):
        t = census.tree_view(*compile_dts(DTS.replace("ranges = <0x0 0x20000000 0x100000>;", "")))
        self.assertIsNone(t["console"]["base"])
        self.assertIn("has no ranges", t["console"]["base_why"])

    def test_outside_ranges(self):
        t = census.tree_view(*compile_dts(DTS.replace("<0x1000 0x100>", "<0x200000 0x100>")))
        self.assertIn("outside", t["console"]["base_why"])

    def test_disabled_console_is_not_usable(self):
        def with_status(status):
            return census.tree_view(*compile_dts(DTS.replace("reg-shift = <2>;",
                                                             f'reg-shift = <2>; status = "{status}";')))
        for status in ("disabled", "fail"):
            t = with_status(status)
            self.assertIsNone(census.usable_console(t), status)
            self.assertEqual(t["console_key"], "the console node's status is not okay")
            self.assertIn(f'has status "{status}"', t["console_why"])
        for status in ("okay", "ok"):
            t = with_status(status)
            self.assertIs(census.usable_console(t), t["console"], status)
            self.assertIsNone(t["console_key"])

    def test_families(self):
        for compats, family in ((["renesas,scif-r9a07g043", "renesas,scif-r9a07g044"], "rzscif"),
                                (["renesas,scif-r8a7795", "renesas,rcar-gen3-scif", "renesas,scif"], "scif"),
                                (["qcom,msm-uartdm-v1.4", "qcom,msm-uartdm"], "msm"),
                                (["marvell,armada-3700-uart"], "armada3700"), (["brcm,bcm6345-uart"], "bcm63xx"),
                                (["socionext,uniphier-uart"], "16550"),
                                (["samsung,exynosautov9-uart", "samsung,exynos850-uart"], "samsung"),
                                (["actions,s900-uart", "actions,owl-uart"], "owl"),
                                (["sprd,sc9863a-uart", "sprd,sc9836-uart"], "sprd"),
                                (["nxp,s32g2-linflexuart", "fsl,s32v234-linflexuart"], "linflex"),
                                (["renesas,r9a09g011-uart", "renesas,em-uart"], "em"),
                                (["nvidia,tegra194-tcu"], None)):
            self.assertEqual(census.console_family(compats), family, compats)

    def test_gicv3_and_no_gic(self):
        t = census.tree_view(*compile_dts(DTS.replace('"arm,gic-400"', '"arm,gic-v3"')))
        self.assertEqual((t["gic"]["version"], t["gic"]["gicr"]), (3, 0x2c002000))
        t = census.tree_view(*compile_dts(DTS.replace('"arm,gic-400"', '"vendor,intc"')))
        self.assertIsNone(t["gic"])


class Judge(unittest.TestCase):
    def setUp(self):
        self.t = census.tree_view(*compile_dts(DTS))

    def judge(self, **changes):
        r = copy.deepcopy(READER)
        for key, value in changes.items():
            part, field = key.split("__")
            r[part][field] = value
        return census.judge(self.t, r)

    def test_agreeing_reader_passes(self):
        _, c_ok, _, g_ok, found, why = self.judge()
        self.assertEqual((c_ok, g_ok, found, why), (True, True, True, ""))

    def test_each_console_disagreement_fails(self):
        for change in ({"console__kind": "pl011"}, {"console__kind": "none"}, {"console__base": "0x1000"},
                       {"console__base": "0x0"}, {"console__reg_shift": 0}, {"console__reg_shift": None},
                       {"console__reg_io_width": 1}):
            cline, c_ok, _, g_ok, found, why = self.judge(**change)
            self.assertEqual((c_ok, g_ok, found), (False, True, False), (change, cline))
            self.assertTrue(why, change)

    def test_each_gic_disagreement_fails(self):
        for change in ({"gic__version": 3}, {"gic__version": 0}, {"gic__gicd": "0x2c000000"},
                       {"gic__gicc": "0x0"}):
            _, c_ok, gline, g_ok, found, why = self.judge(**change)
            self.assertEqual((c_ok, g_ok, found), (True, False, False), (change, gline))
            self.assertTrue(why, change)

    def test_unsupported_console_is_not_checked(self):
        t = census.tree_view(*compile_dts(DTS.replace('"vendor,uart", "snps,dw-apb-uart"', '"vendor,uart"')))
        r = copy.deepcopy(READER)
        r["console"]["kind"] = "none"
        cline, c_ok, _, _, found, why = census.judge(t, r)
        self.assertIsNone(c_ok)
        self.assertFalse(found)
        self.assertIn("no driver", cline)
        self.assertEqual(why, "no driver for vendor,uart")

    def test_uniphier_implies_shift_and_width(self):
        # 8250_uniphier.c: regshift 2, 32-bit accesses, with no reg-shift or reg-io-width in the tree
        t = census.tree_view(*compile_dts(DTS.replace('"vendor,uart", "snps,dw-apb-uart"', '"socionext,uniphier-uart"')
                                          .replace("reg-shift = <2>; reg-io-width = <4>;", "")))
        self.assertEqual(census.judge(t, copy.deepcopy(READER))[1], True)
        r = copy.deepcopy(READER)
        r["console"]["reg_io_width"] = 1
        self.assertEqual(census.judge(t, r)[1], False)

    def test_disabled_console(self):
        # the reader must refuse it (kind none): then the console check passes and the board is not "found";
        # a reader that uses it fails
        t = census.tree_view(*compile_dts(DTS.replace('reg-shift = <2>;', 'reg-shift = <2>; status = "disabled";')))
        r = copy.deepcopy(READER)
        r["console"]["kind"], r["console"]["base"] = "none", "0x0"
        cline, c_ok, _, g_ok, found, _ = census.judge(t, r)
        self.assertEqual((c_ok, g_ok, found), (True, True, False), cline)
        self.assertIn("unusable", cline)
        cline, c_ok, _, _, found, _ = census.judge(t, copy.deepcopy(READER))
        self.assertEqual((c_ok, found), (False, False), cline)


if __name__ == "__main__":
    unittest.main()
