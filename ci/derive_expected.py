#!/usr/bin/python3
"""Derive the expected result of every test point of a matrix run (ci/matrix.txt) from the run itself, instead of
a hand-written expectation file, and check the run against it.

  ci/derive_expected.py --tap RUN.tap --qemu 10.0 --reference el3-max   # check a saved console

A run is accepted when every test point is one of
  ok    - `ok` without directive, at a context the header lists as available;
  todo  - `not ok # TODO qemu-virt <version>: <rule>: <seen>` where the first entry of
          platform/qemu-virt/xfail.c that names the point, lists <version> and whose condition holds for the
          header's ID registers and entry EL (PREDICATES below) has exactly that <rule> and <seen>;
  skip  - `ok # SKIP <reason>` where <reason> matches one of SKIP_RULES and its claim holds for the ID register
          values the header prints (decoded here from the raw hex, not from the firmware's own decoding), and
          every `REGISTER.FIELD == value` (or `< value`) it states agrees with the register; a reason that says
          a context is not available must be the header's own reason for that context.
Anything else fails: a `not ok` without TODO, an `ok # TODO`, an `ok` where a recorded deviation applies, a SKIP
with no rule or a false claim, a header that decodes differently from its raw values or lists other contexts
than the ID registers give, a Bail out!, no summary line, a timeout, and (compare_sets, ci/run_matrix.py) a
test point set other than that of the `max` run with the same entry, itself exactly the core configuration's
(ci/expected/qemu-<version>/<reference>.txt), so that no module disappears unnoticed: only points at a context
available in one of the two runs may differ (a module prints SKIPs for some points at a context that does not
exist, and nothing for a point that has nothing to check at one that does). The hand-written part is SKIP_RULES, FEATURES, EVENTS and PREDICATES: reviewed code, one
line per kind of reason. Python 3 standard library only (plus run_qemu.parse_tap); the xfail table is read
through the host C preprocessor (cc -E), as make test's host tests already need it.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import run_qemu  # noqa: E402  (parse_tap, Outcome, load_expected)

# Register fields (bit positions from ../shared/spec/registers/FIELDS.md and the Arm ARM).
FIELDS = {
    "ID_AA64PFR0_EL1": {"EL0": (3, 0), "EL1": (7, 4), "EL2": (11, 8), "EL3": (15, 12), "SEL2": (39, 36)},
    "ID_AA64DFR0_EL1": {"PMUVer": (11, 8), "PMSS": (19, 16), "SEBEP": (27, 24), "PMSVer": (35, 32),
                        "MTPMU": (51, 48), "HPMN0": (63, 60)},
    "ID_AA64DFR1_EL1": {"PMICNTR": (39, 36), "EBEP": (51, 48)},
    "ID_AA64MMFR1_EL1": {"VH": (11, 8)},
    "ID_AA64MMFR4_EL1": {"E2H0": (27, 24)},
    "PMMIR_EL1": {"THWIDTH": (23, 20), "EDGE": (27, 24)},  # printed only with FEAT_PMUv3p4 (PMMIR_EL1 exists)
}
# Common event numbers (Arm ARM D17.11): the bit of PMCEID0_EL0 that says the event is implemented.
EVENTS = {"SW_INCR": 0, "INST_RETIRED": 8, "EXC_TAKEN": 9, "EXC_RETURN": 10, "CID_WRITE_RETIRED": 11, "CPU_CYCLES": 17,
          "TTBR_WRITE_RETIRED": 28, "CHAIN": 30}
# Feature -> (register, field, lowest value that implements it).
FEATURES = {
    "FEAT_PMUv3p1": ("ID_AA64DFR0_EL1", "PMUVer", 0x4), "FEAT_PMUv3p4": ("ID_AA64DFR0_EL1", "PMUVer", 0x5),
    "FEAT_PMUv3p5": ("ID_AA64DFR0_EL1", "PMUVer", 0x6),
    "FEAT_PMUv3p7": ("ID_AA64DFR0_EL1", "PMUVer", 0x7), "FEAT_SEL2": ("ID_AA64PFR0_EL1", "SEL2", 0x1),
    "FEAT_EBEP": ("ID_AA64DFR1_EL1", "EBEP", 0x1), "FEAT_SEBEP": ("ID_AA64DFR0_EL1", "SEBEP", 0x1),
    "FEAT_PMUv3_SS": ("ID_AA64DFR0_EL1", "PMSS", 0x1), "FEAT_PMUv3_ICNTR": ("ID_AA64DFR1_EL1", "PMICNTR", 0x1),
    "FEAT_SPEv1p2": ("ID_AA64DFR0_EL1", "PMSVer", 0x3), "FEAT_PMUv3p9": ("ID_AA64DFR0_EL1", "PMUVer", 0x9),
}
# Contexts (lib/runtime/context.c): EL, Secure, under Secure EL2.
CONTEXTS = {"el3": (3, False, False), "ns_el2": (2, False, False), "s_el2": (2, True, True),
            "ns_el1": (1, False, False), "ns_el0": (0, False, False), "s_el1": (1, True, False),
            "s_el0": (0, True, False), "s_el1_sel2": (1, True, True), "s_el0_sel2": (0, True, True),
            "ns_el2_vhe": (2, False, False), "ns_el0_vhe": (0, False, False), "s_el2_vhe": (2, True, True),
            "s_el0_vhe": (0, True, True), "ns_el0_a32": (0, False, False), "ns_el1_a32": (1, False, False),
            "s_el0_a32": (0, True, False), "s_el1_a32": (1, True, False)}
# The AArch32 contexts whose EL1 is AArch32 too (ctx_el1_aarch32()).
EL1_AARCH32 = ("ns_el1_a32", "s_el1_a32", "s_el0_a32")


class Header(collections.namedtuple("Header", "entry version regs fgt pmceid0 debug_blocks pmu_ext unavailable")):
    """What a run's header says: entry EL, QEMU version, raw ID registers {name: value}, FEAT_FGT, PMCEID0_EL0,
    whether the device tree has external debug blocks and PMU external interfaces, and {context: reason} of the
    contexts not available."""

    def field(self, reg, name):
        hi, lo = FIELDS[reg][name]
        return (self.regs[reg] >> lo) & ((1 << (hi - lo + 1)) - 1)

    def el(self, n):
        return self.field("ID_AA64PFR0_EL1", f"EL{n}")

    def pmuver(self):
        v = self.field("ID_AA64DFR0_EL1", "PMUVer")
        return 0 if v == 0xF else v  # 0xF: IMPLEMENTATION DEFINED PMU, not PMUv3

    def has(self, feature):
        reg, name, low = FEATURES[feature]
        value = self.pmuver() if name == "PMUVer" else self.field(reg, name)
        return value >= low

    def aarch32(self):
        return any(self.el(n) == 2 for n in range(4))


def parse_header(text):
    """Return (Header, problems) from a run's console: the lines before the first test point."""
    problems, regs, entry, version, fgt, pmceid0, debug, unavailable = [], {}, None, None, None, None, None, {}
    pmu_ext = None
    pes = 0
    for line in text.replace("\r", "").splitlines():
        if line.startswith(("ok ", "not ok ")):
            break
        if m := re.match(r"^# entered at EL(\d)$", line):
            entry = int(m.group(1))
        elif m := re.match(r"^# QEMU (\S+) \(boot argument pmucheck\.qemu\)", line):
            version = m.group(1)
        elif m := re.match(r"^# PE \d+: MPIDR_EL1", line):
            pes += 1
        elif m := re.match(r"^# (ID_AA64\w+_EL1) = 0x([0-9a-f]{16}): (.*)$", line):
            regs[m.group(1)] = int(m.group(2), 16)
            # the firmware's own decoding, `FIELD=value` up to any `;`, must agree with the raw value
            for name, value in re.findall(r"(\w+)=(0x[0-9a-f]+|\d+)", m.group(3).split(";")[0]):
                if name in FIELDS[m.group(1)]:
                    hi, lo = FIELDS[m.group(1)][name]
                    raw = (regs[m.group(1)] >> lo) & ((1 << (hi - lo + 1)) - 1)
                    if int(value, 0) != raw:
                        problems.append(f"header: {m.group(1)}.{name} printed {value}, the raw value holds {raw:#x}")
            if f := re.search(r"ID_AA64MMFR0_EL1\.FGT != 0: ([01])$", line):
                fgt = f.group(1) == "1"
        elif m := re.match(r"^# PMMIR_EL1 = 0x([0-9a-f]{16}): ", line):
            regs["PMMIR_EL1"] = int(m.group(1), 16)
        elif m := re.match(r"^# PMCEID0_EL0 = 0x([0-9a-f]+) ", line):
            pmceid0 = int(m.group(1), 16)
        elif m := re.match(r"^# external debug blocks \(arm,coresight-cpu-debug\): (.*)$", line):
            debug = m.group(1) != "none"
        elif m := re.match(r"^# PMU external interfaces \([\w,.-]+\): (.*)$", line):
            pmu_ext = m.group(1) != "none"
        elif m := re.match(r"^# context (\w+): not available: (.*)$", line):
            unavailable[m.group(1)] = m.group(2)
    missing = [what for what, v in (("entered at EL<n>", entry), ("QEMU <version>", version),
                                    ("ID_AA64MMFR0_EL1.FGT", fgt), ("PMCEID0_EL0", pmceid0),
                                    ("external debug blocks", debug), ("PMU external interfaces", pmu_ext))
                if v is None]
    missing += [r for r in FIELDS if r not in regs and r != "PMMIR_EL1"]
    if missing:
        problems.append("header: not printed: " + ", ".join(missing))
        return None, problems
    if pes != 1:
        problems.append(f"header: {pes} PEs described; the matrix derives single-PE runs only")
    return Header(entry, version, regs, fgt, pmceid0, debug, pmu_ext, unavailable), problems


def context_reason(h, ctx):
    """Why a context is not available, as lib/runtime/context.c's ctx_available() decides, from the header's
    values (None: available)."""
    el, secure, eel2 = CONTEXTS[ctx]
    if el == 3 and not h.el(3):
        return "EL3 not implemented (ID_AA64PFR0_EL1.EL3 == 0)"
    if (el == 2 or ctx.endswith("_vhe")) and not h.el(2):
        return "EL2 not implemented (ID_AA64PFR0_EL1.EL2 == 0)"
    if el > h.entry:
        return f"entered at EL{h.entry}: a higher level owns it"
    if secure and not h.el(3):
        return "no EL3 (ID_AA64PFR0_EL1.EL3 == 0): the Security state is fixed and taken as Non-secure"
    if secure and h.entry < 3:
        return "Secure state needs EL3, and pmucheck was not entered at EL3"
    if eel2 and not h.field("ID_AA64PFR0_EL1", "SEL2"):
        return "FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)"
    vhe = ctx.endswith("_vhe")
    e2h_res1 = bool(h.el(2)) and h.field("ID_AA64MMFR1_EL1", "VH") and h.field("ID_AA64MMFR4_EL1", "E2H0") & 0x8
    if el == 2 and e2h_res1 and not vhe:
        return "HCR_EL2.E2H is RES1 (ID_AA64MMFR4_EL1.E2H0 negative: FEAT_E2H0 not implemented): no non-VHE EL2"
    if vhe and not h.field("ID_AA64MMFR1_EL1", "VH"):
        return "FEAT_VHE not implemented (ID_AA64MMFR1_EL1.VH == 0)"
    if vhe and h.entry < 3 and not (h.entry == 2 and e2h_res1):
        return "the VHE contexts need pmucheck entered at EL3 (its own EL2 runs with HCR_EL2.E2H = 0)"
    if ctx.endswith("_a32") and h.el(0) != 2:
        return "AArch32 not implemented at EL0 (ID_AA64PFR0_EL1.EL0 != 0b0010)"
    if ctx in EL1_AARCH32 and h.el(1) != 2:
        return "AArch32 not implemented at EL1 (ID_AA64PFR0_EL1.EL1 != 0b0010)"
    if ctx in EL1_AARCH32 and h.entry < 2:
        return "entered at EL1: an AArch32 EL1 needs HCR_EL2.RW or SCR_EL3.RW, which a higher level owns"
    return None


def owns(h, el):
    """Whether pmucheck programs EL<el>'s registers (MDCR_EL3, MDCR_EL2): implemented and entered at or above."""
    return bool(h.el(el)) and h.entry >= el


def pmcr_dp(h):
    return bool(h.el(3)) or (h.has("FEAT_PMUv3p1") and bool(h.el(2))) or h.has("FEAT_PMUv3p7")


def _ctx(name):
    last = name.rsplit(".", 1)[-1]
    return last if last in CONTEXTS else None


# (reason pattern (full match), claim: (header, match, test point name) -> true when the reason holds).
# The `FEAT_X not implemented` and `REGISTER.FIELD == value` parts are checked again by check_claims().
SKIP_RULES = [
    (r"(EL3 not implemented \(ID_AA64PFR0_EL1\.EL3 == 0\)|EL2 not implemented \(ID_AA64PFR0_EL1\.EL2 == 0\)|"
     r"entered at EL\d: a higher level owns it|no EL3 \(ID_AA64PFR0_EL1\.EL3 == 0\): the Security state is fixed "
     r"and taken as Non-secure|Secure state needs EL3, and pmucheck was not entered at EL3|"
     r"FEAT_SEL2 not implemented \(ID_AA64PFR0_EL1\.SEL2 == 0\)|"
     r"HCR_EL2\.E2H is RES1 \(ID_AA64MMFR4_EL1\.E2H0 negative: FEAT_E2H0 not implemented\): no non-VHE EL2|"
     r"FEAT_VHE not implemented \(ID_AA64MMFR1_EL1\.VH == 0\)|"
     r"the VHE contexts need pmucheck entered at EL3 \(its own EL2 runs with HCR_EL2\.E2H = 0\)|"
     r"AArch32 not implemented at EL[01] \(ID_AA64PFR0_EL1\.EL[01] != 0b0010\)|"
     r"entered at EL1: an AArch32 EL1 needs HCR_EL2\.RW or SCR_EL3\.RW, which a higher level owns)",
     lambda h, m, n: _ctx(n) is not None and context_reason(h, _ctx(n)) == m.group(0)),
    # The modules with no AArch32 form, at an AArch32 context that is available (their reason names what has no
    # AArch32 view: tests/threshold.c, sebep.c, ebep.c, icntr.c, regbits.c, fault_inject.c, filter.c).
    (r"(FEAT_PMUv3_TH: PMEVTYPER<n>_EL0\.\{TC, TH\} are bits \[63:32\], which AArch32 PMEVTYPER<n> does not map|"
     r"FEAT_SEBEP: the PMU Profiling exception is taken to AArch64 only \(PSTATE\.PM, PMEVTYPER<n>_EL0\.SYNC\)|"
     r"FEAT_EBEP: PSTATE\.PM, PMECR_EL1 and the PMU Profiling exception exist in AArch64 state only|"
     r"FEAT_PMUv3_ICNTR: PMICNTR_EL0 and PMICFILTR_EL0 have no AArch32 encoding|"
     r"the AArch64 register views; the AArch32 views' accesses are checked by access \(access\.<register>\.<ctx>_a32\)|"
     r"the faults are A64 code; at an AArch32 context the A32 agent's own vectors take its UNDEFINED accesses "
     r"\(access\.\*_a32\)|"
     r"the A32 agent makes no nop service calls \(its only exception is the return\): EXC_TAKEN and EXC_RETURN are "
     r"checked at the AArch64 contexts|"
     r"the A32 agent has no block of reads around NOPs: exact INST_RETIRED counts are checked in A64 code|"
     r"the A32 agent makes UDF and SVC exceptions only: the other causes are checked at the AArch64 contexts|"
     r"SPE does not sample in AArch32 state \(StatisticalProfilingEnabled\))",
     lambda h, m, n: (_ctx(n) or "").endswith("_a32") and context_reason(h, _ctx(n)) is None),
    # tests/freeze.c freeze.spe_event: StatisticalProfilingEnabled() is FALSE at EL3
    (r"SPE does not sample at EL3", lambda h, m, n: _ctx(n) == "el3" and context_reason(h, "el3") is None),
    # tests/prohibit.c prohibit.suniden: SDER32_EL3.SUNIDEN (FEAT_AA32EL1, MDCR_EL3's owner, Secure EL0 under an
    # AArch32 EL1)
    (r"AArch32 not implemented at EL1 \(ID_AA64PFR0_EL1\.EL1 != 0b0010\)(: no SDER32_EL3)?",
     lambda h, m, n: h.el(1) != 2 and (m.group(1) or _ctx(n) is None)),
    (r"SDER32_EL3 not owned \(no EL3, or entered below EL3\)", lambda h, m, n: not owns(h, 3)),
    # tests/pmu_irq.c: an interrupt routed to the AArch64 level above the context (interrupt at the AArch32 contexts,
    # exc_events.trap_irq)
    (r"HCR_EL2\.IMO not owned \(no EL2, or entered below EL2\): the interrupt would target EL1",
     lambda h, m, n: not owns(h, 2)),
    (r"SCR_EL3\.IRQ not owned \(entered below EL3\)", lambda h, m, n: not owns(h, 3)),
    (r"SDER32_EL3\.SUNIDEN acts only at Secure EL0 under an AArch32 EL1 \(CountPMUEvents\): see s_el0_a32",
     lambda h, m, n: _ctx(n) != "s_el0_a32"),
    (r"FEAT_(PMUv3p1|PMUv3p4|PMUv3p5|PMUv3p7|PMUv3p9|EBEP|SEBEP|PMUv3_SS|PMUv3_ICNTR|SPEv1p2) not implemented "
     r"\((ID_AA64\w+_EL1)\.(\w+) (==|<|=) (0x[0-9a-f]+|\d+)\)(: every line with a PMEE field other than 0b00 needs it|"
     r": 32-bit event counters|: SPEFreezeOnEvent\(\) needs it)?",
     lambda h, m, n: not h.has("FEAT_" + m.group(1)) and FEATURES["FEAT_" + m.group(1)][:2] == m.group(2, 3)),
    # tests/threshold.c: FEAT_PMUv3_TH and FEAT_PMUv3_EDGE are told by PMMIR_EL1 (THWIDTH, EDGE), which exists
    # with FEAT_PMUv3p4 (the `PMUVer < 0x5` claim is checked by check_claims()).
    (r"FEAT_PMUv3_TH not implemented \(PMMIR_EL1\.THWIDTH == 0\)",
     lambda h, m, n: "PMMIR_EL1" in h.regs and h.field("PMMIR_EL1", "THWIDTH") == 0),
    (r"FEAT_PMUv3_TH not implemented \(ID_AA64DFR0_EL1\.PMUVer < 0x5: no PMMIR_EL1, THWIDTH taken as 0\)",
     lambda h, m, n: not h.has("FEAT_PMUv3p4") and "PMMIR_EL1" not in h.regs),
    (r"FEAT_PMUv3_EDGE not implemented \(PMMIR_EL1\.EDGE == 0\)",
     lambda h, m, n: "PMMIR_EL1" in h.regs and h.field("PMMIR_EL1", "EDGE") == 0),
    (r"PMUv3 not implemented \(ID_AA64DFR0_EL1\.PMUVer( is 0x0 or 0xF| == 0x[0-9a-f]+| = 0x[0-9a-f]+)?\)",
     lambda h, m, n: h.pmuver() == 0),
    (r"(\w+) not in PMCEID0_EL0 \(bit (\d+) == 0\)",
     lambda h, m, n: EVENTS.get(m.group(1)) == int(m.group(2)) and not (h.pmceid0 >> int(m.group(2))) & 1),
    (r"SH needs EL3 and FEAT_SEL2 \(ID_AA64PFR0_EL1\.EL3 == (0x[0-9a-f]+), SEL2 == (0x[0-9a-f]+)\)",
     lambda h, m, n: int(m.group(1), 16) == h.el(3) and int(m.group(2), 16) == h.field("ID_AA64PFR0_EL1", "SEL2")
     and not (h.el(3) and h.field("ID_AA64PFR0_EL1", "SEL2"))),
    # tests/filter.c filter.inst_retired: exact counts only on QEMU (the boot argument) under -icount
    (r"not QEMU \(no pmucheck\.qemu boot argument\): no platform known to count instructions exactly",
     lambda h, m, n: not h.version),
    (r"MDCR_EL3 not owned \(no EL3, or entered below EL3\)", lambda h, m, n: not owns(h, 3)),
    (r"MDCR_EL2 not owned \(no EL2, or entered below EL2\)", lambda h, m, n: not owns(h, 2)),
    (r"EL2 is implemented but owned by a higher level: .*", lambda h, m, n: bool(h.el(2)) and h.entry < 2),
    (r"EL3 implemented, and pmucheck was not entered at EL3: .*", lambda h, m, n: bool(h.el(3)) and h.entry < 3),
    (r"PMCR_EL0\.DP not implemented \(no EL3; no EL2 with FEAT_PMUv3p1; no FEAT_PMUv3p7\)",
     lambda h, m, n: not pmcr_dp(h)),
    (r"no external debug block for this PE: the device tree has no arm,coresight-cpu-debug node for it",
     lambda h, m, n: not h.debug_blocks),
    (r"no PMU external interface for this PE in the device tree \(no node compatible [\w,.-]+ names it; no binding "
     r"exists for it\)", lambda h, m, n: not h.pmu_ext),
    # tests/mt.c: FEAT_MTPMU (the field's value is checked by check_claims())
    (r"FEAT_MTPMU not implemented \(ID_AA64DFR0_EL1\.MTPMU == (0x[0-9a-f]+)\)",
     lambda h, m, n: h.field("ID_AA64DFR0_EL1", "MTPMU") != 1),
    # tests/exc_events.c: a cause that cannot happen at the context, or that no level pmucheck owns answers
    (r"HVC is UNDEFINED at EL0 and EL3",
     lambda h, m, n: n.startswith("exc_events.hvc.") and CONTEXTS.get(_ctx(n), (1,))[0] in (0, 3)),
    (r"SMC is UNDEFINED at EL0", lambda h, m, n: n.startswith("exc_events.smc.") and CONTEXTS.get(_ctx(n), (1,))[0] == 0),
    (r"EL0 may not write a TTBR", lambda h, m, n: n.startswith("exc_events.ttbr_write.") and
     CONTEXTS.get(_ctx(n), (1,))[0] == 0),
    (r"CONTEXTIDR_EL1 and CONTEXTIDR_EL2 are written at EL1 and EL2 \(EL3 has none; EL0 may not\)",
     lambda h, m, n: n.startswith("exc_events.cid_write.") and CONTEXTS.get(_ctx(n), (1,))[0] in (0, 3)),
    (r"CONTEXTIDR_EL2 needs FEAT_VHE \(ID_AA64MMFR1_EL1\.VH == 0\)",
     lambda h, m, n: CONTEXTS.get(_ctx(n), (0,))[0] == 2 and h.field("ID_AA64MMFR1_EL1", "VH") == 0),
    (r"EL2 is not enabled here or not pmucheck's \(no service answers the HVC\)",
     lambda h, m, n: _ctx(n) is not None and (not owns(h, 2) or (CONTEXTS[_ctx(n)][1] and not CONTEXTS[_ctx(n)][2]))),
    (r"EL3 is not pmucheck's \(entered below EL3, or no EL3\): no service answers the SMC",
     lambda h, m, n: not owns(h, 3)),
    (r"no higher level pmucheck owns to trap a PMU register access to \(MDCR_EL2\.TPM, MDCR_EL3\.TPM\)",
     lambda h, m, n: _ctx(n) is not None and (CONTEXTS[_ctx(n)][0] == 3 or (not owns(h, 3) and (
         CONTEXTS[_ctx(n)][0] == 2 or not owns(h, 2) or (CONTEXTS[_ctx(n)][1] and not CONTEXTS[_ctx(n)][2]))))),
    # tests/exc_events.c: PMUIRQ as the interrupt source (tests/pmu_irq.h): where each route cannot be had
    (r"pmucheck signals PMUIRQ as a FIQ at EL3 only \(Group 0 with SCR_EL3\.FIQ 1\); below EL3 it is a Group 1 IRQ "
     r"\(exc_events\.irq, exc_events\.trap_irq\)", lambda h, m, n: n.startswith("exc_events.fiq.") and _ctx(n) != "el3"),
    (r"pmucheck takes PMUIRQ at EL3 as a Group 0 FIQ \(exc_events\.fiq\): a GICv3 signals Group 1 there as FIQ too, so "
     r"no IRQ is taken at EL3", lambda h, m, n: n == "exc_events.irq.el3"),
    (r"no Exception level above EL3 to route an IRQ to", lambda h, m, n: n == "exc_events.trap_irq.el3"),
    (r"an IRQ from Non-secure EL2 would be routed to EL3 \(SCR_EL3\.IRQ\) as a Non-secure Group 1 interrupt, which "
     r"pmucheck's EL3 \(SCR_EL3\.NS 0\) cannot acknowledge",
     lambda h, m, n: n.startswith("exc_events.trap_irq.") and _ctx(n) in ("ns_el2", "ns_el2_vhe")),
    (r"an IRQ taken to EL1 from EL0 needs PSTATE\.I 0 there, and the EL0 contexts run with it 1 \(SCTLR_EL1\.UMA 0: "
     r"EL0 may not unmask\); exc_events\.trap_irq takes one from EL0",
     lambda h, m, n: n.startswith("exc_events.irq.") and CONTEXTS.get(_ctx(n), (1,))[0] == 0),
    (r"with HCR_EL2\.\{E2H, TGE\} = \{1, 1\} PSTATE\.I masks an IRQ to EL2 from EL0 too \(D1\.3 \"Asynchronous "
     r"exception masking\"\), and the EL0 contexts run with it 1 \(SCTLR_EL1\.UMA 0: EL0 may not unmask\)",
     lambda h, m, n: n.startswith("exc_events.trap_irq.") and _ctx(n) in ("ns_el0_vhe", "s_el0_vhe")),
    # tests/exc_events.c: an SMC trapped to EL2 by HCR_EL2.TSC
    (r"HCR_EL2\.TSC traps SMC at EL1 only \(UNDEFINED at EL0; EL2 and EL3 take their own\)",
     lambda h, m, n: n.startswith("exc_events.smc_trap.") and CONTEXTS.get(_ctx(n), (1,))[0] != 1),
    (r"EL2 is not enabled here or not pmucheck's \(HCR_EL2\.TSC\)",
     lambda h, m, n: _ctx(n) is not None and (not owns(h, 2) or (CONTEXTS[_ctx(n)][1] and not CONTEXTS[_ctx(n)][2]))),
    # tests/exc_events.c: the aborts not taken locally come from pmucheck's stage 2 (lib/mmu/stage2.h)
    (r"a stage 2 fault needs EL1 or EL0: no stage of translation above EL2 takes an abort to a higher level",
     lambda h, m, n: n.startswith(("exc_events.trap_dabort.", "exc_events.trap_pabort.")) and
     CONTEXTS.get(_ctx(n), (0,))[0] >= 2),
    (r"the host EL0 \(HCR_EL2\.\{E2H,TGE\} = \{1,1\}\) has no stage 2 translation",
     lambda h, m, n: _ctx(n) in ("ns_el0_vhe", "s_el0_vhe")),
    (r"pmucheck sets up the Non-secure EL1&0 regime's stage 2 \(VTTBR_EL2\) only, not the Secure one \(VSTTBR_EL2\)",
     lambda h, m, n: _ctx(n) is not None and CONTEXTS[_ctx(n)][1]),
    (r"HCR_EL2\.VM not owned \(no EL2, or entered below EL2\)", lambda h, m, n: not owns(h, 2)),
]
CLAIM = re.compile(r"(ID_AA64\w+_EL1)\.(\w+) (==|<|=) (0x[0-9a-f]+|\d+)")


def check_claims(h, reason):
    """Every `REGISTER.FIELD == v` / `< v` the reason states, against the raw register. Returns problems."""
    problems = []
    for reg, name, op, value in CLAIM.findall(reason):
        if reg not in FIELDS or name not in FIELDS[reg]:
            problems.append(f"names {reg}.{name}, which the header does not print")
            continue
        raw, value = h.field(reg, name), int(value, 0)
        if not (raw < value if op == "<" else raw == value):
            problems.append(f"says {reg}.{name} {op} {value:#x}, the header's {reg} holds {raw:#x}")
    return problems


def verify_skip(h, name, reason):
    """Return the problems with one SKIP (empty: the reason is true for this run's header)."""
    matches = [(m, holds) for pattern, holds in SKIP_RULES if (m := re.fullmatch(pattern, reason))]
    if not matches:
        return ["no rule in ci/derive_expected.py SKIP_RULES verifies this reason"]
    problems = check_claims(h, reason)
    if not any(holds(h, m, name) for m, holds in matches):
        problems.append("the reason does not hold for the header's ID registers and entry EL" +
                        (f" (at context {_ctx(name)})" if _ctx(name) else ""))
    return problems


# The conditions xfail.c entries hold under (its `applies` functions), from the header.
PREDICATES = {
    "NULL": lambda h: True,
    "with_el2": lambda h: bool(h.el(2)),
    "with_tpm": lambda h: h.entry == 3 or (bool(h.el(2)) and h.entry >= 2),
    "with_fgt_el2": lambda h: h.fgt and bool(h.el(2)) and h.entry >= 2,
    "with_el2_no_fgt": lambda h: bool(h.el(2)) and not h.fgt,
    "with_el2_fgt": lambda h: bool(h.el(2)) and h.fgt,
    "without_aarch32": lambda h: not h.aarch32(),
    "el3_with_el2": lambda h: h.entry == 3 and bool(h.el(2)),
}
Xfail = collections.namedtuple("Xfail", "name rule seen applies versions explains")


def load_xfails(path=os.path.join(ROOT, "platform", "qemu-virt", "xfail.c"), cc=None):
    """The platform_xfails[] table of an xfail.c, through the C preprocessor (its entries are built by macros)."""
    cc = cc or os.environ.get("HOSTCC") or "cc"
    out = subprocess.run([cc, "-E", "-P", "-I" + ROOT, "-I" + os.path.join(ROOT, "lib"),
                          "-I" + os.path.join(ROOT, "tests"), path], capture_output=True, text=True, check=True).stdout
    body = out[out.index("platform_xfails[] = {") + len("platform_xfails[] = {"):]
    body = re.sub(r"\(\s*\(\s*void\s*\*\s*\)\s*0\s*\)", "NULL", body)  # the host's NULL
    tokens = re.findall(r'"(?:[^"\\]|\\.)*"|[A-Za-z_]\w*|[{},;]', body)
    entries, fields, depth, string = [], [], 0, None
    for t in tokens:
        if t == ";" and depth == 0:
            break
        if t == "{":
            depth, fields, string = depth + 1, [], None
        elif t.startswith('"'):
            string = (string or "") + t[1:-1]  # adjacent literals concatenate
        elif t in (",", "}"):
            if string is not None:
                fields.append(string)
            string = None
            if t == "}":
                depth -= 1
                if fields and fields[0] != "NULL":
                    if len(fields) != 6:
                        raise ValueError(f"{path}: xfail entry with {len(fields)} fields: {fields}")
                    entries.append(Xfail(*fields))
        elif depth:
            fields.append(t)  # a function name or NULL
    return entries


def xfail_for(xfails, h, name):
    """The entry the firmware applies to a test point (test.c xfail_find: the first that names it, lists the
    version and holds), or None. Raises KeyError for a condition PREDICATES does not know."""
    for x in xfails:
        if x.applies not in PREDICATES:
            raise KeyError(f"xfail.c condition {x.applies}() has no entry in ci/derive_expected.py PREDICATES")
        if not PREDICATES[x.applies](h):
            continue
        if x.versions != "NULL" and h.version not in x.versions.split():
            continue
        if name == x.name or (x.name.endswith("*") and name.startswith(x.name[:-1])):
            return x
    return None


def compare_sets(names, reference, allowed=()):
    """Test points in one run and not the other (Outcomes, failing): `reference` is the set of names a run with
    the same entry prints; names at a context in `allowed` (available in one run, not the other: the modules
    print a SKIP only for some points at an unavailable context) may differ."""
    out = []
    for name in sorted(set(reference) - set(names)):
        if _ctx(name) not in allowed:
            out.append(run_qemu.Outcome(name, "(any)", "(missing)", [], False,
                                        "printed by the reference run with the same entry, not here"))
    for name in sorted(set(names) - set(reference)):
        if _ctx(name) not in allowed:
            out.append(run_qemu.Outcome(name, "(not printed)", "(printed)", [], False,
                                        "not printed by the reference run with the same entry"))
    return out


def availability_differs(h, ref):
    """Contexts available in one header and not in the other."""
    return {c for c in CONTEXTS if (context_reason(h, c) is None) != (context_reason(ref, c) is None)}


def derive(text, version, xfails, returncode=0, timed_out=False):
    """Judge one matrix run on its own. Returns (header, outcomes, problems, counts): the Header (None when it
    could not be read), run_qemu.Outcome per point (expected = the derived status), run-level problems, and
    {ok, skip, todo, ...} as seen."""
    outcomes, problems = run_qemu.check_run(text, returncode, {}, timed_out)  # bail, summary, exit status
    h, header_problems = parse_header(text)
    problems += header_problems
    points = run_qemu.parse_tap(text)[0]
    counts = collections.Counter(p["status"] for p in points)
    if h is None:
        return None, [], problems, counts
    if h.version != version:
        problems.append(f"header: QEMU {h.version}, the run was QEMU {version}")
    for ctx in CONTEXTS:
        want, seen = context_reason(h, ctx), h.unavailable.get(ctx)
        if want != seen:
            problems.append(f"header: context {ctx}: printed {seen or 'available'}, the ID registers give "
                            f"{want or 'available'}")
    outcomes, names = [], set()
    for p in points:
        name, seen, reason = p["name"], p["status"], p["reason"]
        try:
            x = xfail_for(xfails, h, name)
        except KeyError as e:
            problems.append(str(e))
            return h, [], problems, counts
        notes = []
        ctx = _ctx(name)
        if name in names:
            notes.append("the test point name appears more than once")
        names.add(name)
        if seen == "skip":
            expected = "skip"
            notes += verify_skip(h, name, reason)
        elif x is not None:
            expected = "todo"
            want = f"qemu-virt {h.version}: {x.rule}: {x.seen}"
            if seen == "todo" and reason != want:
                notes.append(f"TODO reason differs from xfail.c's entry: {want!r}")
            elif seen != "todo":
                notes.append("xfail.c records a deviation here for this version and ID registers; the run "
                             + ("did not show it" if seen == "xpass" else "did not mark it"))
        else:
            expected = "ok"
            if seen == "todo":
                notes.append("TODO with no applicable xfail.c entry for this version and ID registers")
        if seen in ("ok", "todo", "fail", "xpass") and ctx and context_reason(h, ctx):
            notes.append(f"ran at context {ctx}, which is not available ({context_reason(h, ctx)})")
        ok = seen == expected and not notes
        outcomes.append(run_qemu.Outcome(name, expected, seen, p["diag"], ok, "; ".join(notes)))
    return h, outcomes, problems, counts


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tap", required=True, help="a saved console (build/test-results/matrix/<run>.tap)")
    ap.add_argument("--qemu", required=True, choices=run_qemu.QEMU_VERSIONS)
    ap.add_argument("--reference", help="core configuration with the same entry and contexts (exact test point set)")
    ap.add_argument("--reference-tap", help="or a run with the same entry (the set may differ at contexts "
                    "available in one run only)")
    args = ap.parse_args(argv)
    with open(args.tap, encoding="utf-8") as f:
        text = f.read()
    h, outcomes, problems, counts = derive(text, args.qemu, load_xfails())
    names = [o.name for o in outcomes]
    if args.reference:
        ref = run_qemu.load_expected(os.path.join(HERE, "expected", f"qemu-{args.qemu}", f"{args.reference}.txt"))
        outcomes += compare_sets(names, ref or {})
    if args.reference_tap and h:
        with open(args.reference_tap, encoding="utf-8") as f:
            ref_text = f.read()
        ref_h = parse_header(ref_text)[0]
        outcomes += compare_sets(names, [p["name"] for p in run_qemu.parse_tap(ref_text)[0]],
                                 availability_differs(h, ref_h) if ref_h else set())
    bad = [o for o in outcomes if not o.ok]
    for o in bad:
        print(f"FAIL {o.name}: derived {o.expected}, seen {o.seen}: {o.note}")
    for p in problems:
        print(f"FAIL {p}")
    print(f"{counts['ok']} ok, {counts['skip']} skip, {counts['todo']} todo; {len(bad) + len(problems)} failures")
    return 1 if bad or problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
