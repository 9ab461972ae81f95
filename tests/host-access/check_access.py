#!/usr/bin/python3
"""Check the access model (lib/model/pmu_access.c) against the "Accessing <register>" pseudocode text itself.

  check_access.py <pseudocode .asl> <access_dump output>

Reads ../shared/spec/pseudocode/PMU_sysreg_access.asl, turns each MRS/MSR accessor's if/elsif/else text into a
Python function (conditions translated term by term, statements reduced to their outcome), and evaluates it
for every line the model printed (tests/host-access/access_dump.c): the register, direction, context and
controls are the line's, the outcome must equal the model's. The translation knows the pseudocode's terms, not
the model: the only facts written here are the field positions of the control registers (the register
descriptions) and the assumption the model states (MDCR_EL3.SDD == 0). ELIsInHost(EL0) is EL0 with EL2 enabled and
HCR_EL2.{E2H, TGE} == {1, 1} (its definition in the Arm ARM's shared pseudocode, for an AArch64 EL2).
Prints one line per disagreeing combination (the first 20) and, last, "N passed, N failed" (one per register
class and direction)."""
import collections
import re
import sys

# pmu_reg order (lib/model/pmu_access.h) -> the accessor's register in the .asl (PMCEID1_EL0 has the
# same accessor text as PMCEID0_EL0, which the extract holds; PMEVCNTR<n>/PMEVTYPER<n> are PMEVCNTR<m>...).
REGS = ["PMCR_EL0", "PMCNTENSET_EL0", "PMCNTENCLR_EL0", "PMOVSSET_EL0", "PMOVSCLR_EL0", "PMINTENSET_EL1",
        "PMINTENCLR_EL1", "PMSELR_EL0", "PMCEID0_EL0", "PMCEID0_EL0", "PMCCNTR_EL0", "PMCCFILTR_EL0",
        "PMEVCNTR<m>_EL0", "PMEVTYPER<m>_EL0", "PMXEVCNTR_EL0", "PMXEVTYPER_EL0", "PMSWINC_EL0",
        "PMUSERENR_EL0", "PMMIR_EL1", "PMZR_EL0", "PMUACR_EL1", "PMICNTR_EL0", "PMICFILTR_EL0"]
REPAIRS = []
MISSING_HEADINGS = []
RESULTS = ["OK", "UNDEFINED", "TRAP_EL1", "TRAP_EL2", "TRAP_EL3", "UNPREDICTABLE", "RAZ_WI"]
# Field positions (register descriptions: PMUSERENR_EL0, MDCR_EL2, MDCR_EL3, HCR_EL2, SCR_EL3).
FIELDS = {("PMUSERENR_EL0", "EN"): 0, ("PMUSERENR_EL0", "SW"): 1, ("PMUSERENR_EL0", "CR"): 2,
          ("PMUSERENR_EL0", "ER"): 3, ("PMUSERENR_EL0", "UEN"): 4, ("PMUSERENR_EL0", "TID"): 6,
          ("MDCR_EL2", "TPM"): 6, ("MDCR_EL2", "TPMCR"): 5, ("MDCR_EL3", "TPM"): 6,
          ("HCR_EL2", "TGE"): 27, ("SCR_EL3", "FGTEn"): 27, ("SCR_EL3", "FGTEn2"): 59, ("MDCR_EL3", "EnPM2"): 7,
          ("PMUACR_EL1", "C"): 31, ("PMUACR_EL1", "F0"): 32, ("PMUSERENR_EL0", "IR"): 5}
# HDFGRTR_EL2 / HDFGWTR_EL2 fields the accessors name (their register descriptions; Linux arch/arm64/tools/sysreg).
FGT_FIELDS = {"PMEVCNTRn_EL0": 12, "PMEVTYPERn_EL0": 13, "PMCCFILTR_EL0": 14, "PMCCNTR_EL0": 15, "PMCNTEN": 16,
              "PMINTEN": 17, "PMOVS": 18, "PMSELR_EL0": 19, "PMSWINC_EL0": 20, "PMCR_EL0": 21, "PMMIR_EL1": 22,
              "PMUSERENR_EL0": 57, "PMCEIDn_EL0": 58}
# HDFGRTR2_EL2 / HDFGWTR2_EL2 (FEAT_FGT2, negative sense) fields the accessors name.
FGT2_FIELDS = {"nPMUACR_EL1": 4, "nPMZR_EL0": 21, "nPMICNTR_EL0": 2, "nPMICFILTR_EL0": 3}


def accessor_texts(asl):
    """{(register, 'MRS'|'MSR'): pseudocode text}: the code blocks after each encoding heading (`MRS <Xt>, REG`
    or `MSR REG, <Xt>`, fenced or not), joined, up to the next heading or register section. The extract lost
    the `MRS <Xt>, PMICFILTR_EL0` heading: the accessor code ahead of a register's first encoding heading (from
    its first line starting `if `) is taken as its MRS accessor when it reads the register (`X[t, 64] = REG`);
    MISSING_HEADINGS counts those."""
    out, key, in_code, code, pending = {}, None, False, [], None

    def flush():
        if key and code and key not in out:
            out[key] = " ".join(code).replace("↪ → ", "").replace("↪ →", "")
        elif pending and code and (pending, "MRS") not in out and f"X[t, 64] = {pending};" in " ".join(code):
            out[(pending, "MRS")] = " ".join(code).replace("↪ → ", "").replace("↪ →", "")
            MISSING_HEADINGS.append(pending)

    for raw in asl.splitlines():
        # the extract writes statement ends as U+037E (GREEK QUESTION MARK), which looks like ';'
        line = raw.replace("\u037e", ";").replace("\\", "").replace("&lt;", "<").replace("&gt;", ">").strip()
        m = re.match(r"^(MRS) <Xt>, (\S+)|^(MSR) (\S+), <Xt>", line)
        if line == "```":
            in_code = not in_code
            continue
        if m or line.startswith("// ========") or line.startswith("## Accessing"):
            flush()
            key, code, pending = None, [], None
            if m:
                key = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
                key = (key[1], key[0])
            elif line.startswith("## Accessing"):
                pending = line.split()[-1]
            continue
        if in_code and key and line:
            code.append(line)
        elif in_code and pending and line and (code or line.startswith("if ")):
            code.append(line)
    flush()
    return out


def condition(text):
    """The pseudocode condition as a Python expression over the evaluation environment."""
    t = text
    t = re.sub(r"IsFeatureImplemented\((\w+)\)", r'feat("\1")', t)
    t = re.sub(r"HaveEL\(EL(\d)\)", r"have_el(\1)", t)
    t = t.replace("EL2Enabled()", "el2_enabled").replace("ELIsInHost(EL0)", "in_host")
    t = t.replace("EL3SDDUndefPriority()", "False").replace("EL3SDDUndef()", "False")
    t = re.sub(r"PSTATE\.EL == EL(\d)", r"el == \1", t)
    t = t.replace("GetNumEventCountersAccessible()", "accessible").replace("GetNumEventCountersSelfHosted()", "n_counters")
    t = t.replace("UInt(PMSELR_EL0.SEL)", "sel")
    t = re.sub(r"PMUACR_EL1\[([^\]]*)\]", r"pmuacr(\1)", t)
    t = re.sub(r"(\w+)\.<([\w,]+)>", lambda m: f'fields("{m.group(1)}", "{m.group(2)}")', t)
    t = re.sub(r"\b(HDFG[RW]TR2_EL2)\.(\w+)", r'hdfg2("\1", "\2")', t)
    t = re.sub(r"\b(HDFG[RW]TR_EL2)\.(\w+)", r'hdfg("\1", "\2")', t)
    t = re.sub(r"\b([A-Z][A-Z0-9_]+_EL\d)\.(\w+)", r'field("\1", "\2")', t)
    t = t.replace("&&", " and ").replace("||", " or ")
    t = re.sub(r"!(?!=)", " not ", t)
    return t


def statement(text):
    """The outcome a statement stands for."""
    t = text.strip()
    if t == "UNDEFINED":
        return "UNDEFINED"
    m = re.match(r"AArch64\.SystemAccessTrap\(EL(\d), 0x18\)", t)
    if m:
        return f"TRAP_EL{m.group(1)}"
    if t.startswith("ConstrainUnpredictableProcedure"):
        return "UNPREDICTABLE"
    if t == "X[t, 64] = Zeros(64)" or t == "return":
        return "RAZ_WI"  # FEAT_PMUv3p9: a read of zeros, an ignored write
    if "X[t, 64]" in t:
        return "OK"
    raise ValueError(f"statement not understood: {t!r}")


def compile_accessor(code):
    """Python source of a function env -> outcome for one accessor's if/elsif/else text. A nested if ends
    with its else branch (every nested one in the extract has one), so an elsif after it continues the
    enclosing chain."""
    code = re.sub(r"^\s*integer m = UInt\(CRm<1:0>:op2<2:0>\);", "", code)
    raw = [t.strip() for t in re.split(r"(\bif\b|\bthen\b|\belsif\b|\belse\b|;)", code) if t.strip()]
    # The text extract displaced a few `then`s: "if C UNDEFINED; then elsif ..." stands for
    # "if C then UNDEFINED; elsif ...". Put them back (REPAIRS counts them).
    tokens = []
    for i, t in enumerate(raw):
        if t == "then" and tokens and tokens[-1] == ";":
            REPAIRS.append(code[:40])
            continue
        if tokens and tokens[-1] in ("if", "elsif") and re.search(r"\)\s+UNDEFINED$", t):
            tokens += [re.sub(r"\s+UNDEFINED$", "", t), "then", "UNDEFINED"]
            continue
        tokens.append(t)
    pos = 0
    lines = []

    def emit(s, depth):
        lines.append("    " * depth + s)

    def parse_stmt(depth):
        nonlocal pos
        if tokens[pos] == "if":
            parse_chain(depth)
        else:
            emit(f"return {statement(tokens[pos])!r}", depth)
            pos += 1
            assert tokens[pos] == ";", tokens[pos:pos + 3]
            pos += 1

    def parse_chain(depth):
        nonlocal pos
        keyword = "if"
        while True:
            pos += 1  # if / elsif
            cond = tokens[pos]
            pos += 1
            assert tokens[pos] == "then", tokens[pos:pos + 3]
            pos += 1
            emit(f"{keyword} {condition(cond)}:", depth)
            parse_stmt(depth + 1)
            if pos < len(tokens) and tokens[pos] == "elsif":
                keyword = "elif"
                continue
            if pos < len(tokens) and tokens[pos] == "else":
                pos += 1
                emit("else:", depth)
                parse_stmt(depth + 1)
            return

    parse_stmt(1)
    assert pos == len(tokens), tokens[pos:]
    return "def accessor(env):\n    globals().update(env)\n" + "\n".join(lines) + "\n    return 'OK'\n"


def main(argv):
    asl = open(argv[0], encoding="utf-8").read()
    texts = accessor_texts(asl)
    functions = {}
    for key, code in texts.items():
        if key[0] not in REGS:
            continue
        namespace = {}
        exec(compile_accessor(code), namespace)
        functions[key] = namespace["accessor"]
    per_class = collections.OrderedDict()
    shown = 0
    with open(argv[1], encoding="utf-8") as f:
        for line in f:
            v = [int(x) for x in line.split()]
            (reg, write, el, secure, el2_impl, el3_impl, eel2, pmuserenr, tge, tpm, tpmcr, tpm3, fgt, fgten,
             hdfgrtr, hdfgwtr, n, sel, hpmn, n_counters, pmuver, pmuacr, enpm2, fgt2, fgten2, hdfgrtr2,
             hdfgwtr2, icntr, e2h, result) = v
            name, kind = REGS[reg], "MSR" if write else "MRS"
            key = (name, kind)
            controls = {"PMUSERENR_EL0": pmuserenr, "MDCR_EL2": (tpm << 6) | (tpmcr << 5),
                        "MDCR_EL3": (tpm3 << 6) | (enpm2 << 7), "HCR_EL2": (tge << 27) | (e2h << 34),
                        "SCR_EL3": (fgten << 27) | (fgten2 << 59), "PMUACR_EL1": pmuacr}
            el2_enabled = bool(el2_impl) and (not el3_impl or not secure or bool(eel2))
            env = {
                "el": el, "m": n, "sel": sel, "n_counters": n_counters,
                "el2_enabled": el2_enabled,
                "in_host": el == 0 and el2_enabled and bool(e2h) and bool(tge),
                "accessible": hpmn if el2_enabled and el < 2 else n_counters,
                # ID_AA64DFR0_EL1.PMUVer: 0x1 FEAT_PMUv3, 0x4 v3p1, 0x5 v3p4, 0x6 v3p5, 0x7 v3p7, 0x8 v3p8, 0x9 v3p9
                "feat": lambda name, p=pmuver: {"FEAT_PMUv3": p >= 1, "FEAT_AA64": True, "FEAT_FGT": bool(fgt),
                                                "FEAT_PMUv3p1": p >= 4, "FEAT_PMUv3p4": p >= 5, "FEAT_PMUv3p5": p >= 6,
                                                "FEAT_PMUv3p7": p >= 7, "FEAT_PMUv3p9": p >= 9, "FEAT_FGT2": bool(fgt2),
                                                "FEAT_PMUv3_ICNTR": bool(icntr)}.get(name, False),
                "have_el": lambda x: {3: bool(el3_impl), 2: bool(el2_impl)}.get(x, True),
                "field": lambda r, fld, c=controls: str((c.get(r, 0) >> FIELDS[(r, fld)]) & 1),
                "fields": lambda r, flds, c=controls: "".join(str((c.get(r, 0) >> FIELDS[(r, x)]) & 1)
                                                               for x in flds.split(",")),
                "hdfg": lambda r, fld: str(((hdfgrtr if r == "HDFGRTR_EL2" else hdfgwtr) >> FGT_FIELDS[fld]) & 1),
                "pmuacr": lambda x: str((pmuacr >> x) & 1),
                "hdfg2": lambda r, fld: str(((hdfgrtr2 if r == "HDFGRTR2_EL2" else hdfgwtr2) >> FGT2_FIELDS[fld]) & 1),
            }
            if key not in functions:  # no such accessor: the encoding is UNDEFINED in that direction
                want = "UNDEFINED"
            else:
                want = functions[key](env)
            seen = RESULTS[result]
            counts = per_class.setdefault(f"{name} {kind}", [0, 0])
            if want == seen:
                counts[0] += 1
            else:
                counts[1] += 1
                if shown < 20:
                    print(f"#   {name} {kind} EL{el} secure={secure} EL2={el2_impl} EL3={el3_impl} EEL2={eel2} "
                          f"PMUSERENR={pmuserenr:#x} E2H={e2h} TGE={tge} TPM={tpm} TPMCR={tpmcr} MDCR_EL3.TPM={tpm3} "
                          f"FGT={fgt} FGTEn={fgten} HDFGRTR={hdfgrtr:#x} HDFGWTR={hdfgwtr:#x} n={n} SEL={sel}: pseudocode {want}, model {seen}")
                    shown += 1
    print(f"# the extract's text had {len(REPAIRS)} displaced 'then' (repaired), and lacked the MRS heading of "
          f"{', '.join(MISSING_HEADINGS) or 'none'} (the accessor code ahead of its MSR heading taken)")
    passed = failed = 0
    for cls, (ok, bad) in per_class.items():
        print(f"{'ok' if not bad else 'not ok'} - access rules {cls} ({ok + bad} combinations, {bad} differ)")
        passed += not bad
        failed += bool(bad)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
