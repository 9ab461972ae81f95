#!/usr/bin/python3
"""Spec coverage report: which rules, tables and register fields pmucheck's test points check.

    /usr/bin/python3 ci/coverage.py [TAP files or directories ...] [--spec DIR] [--out DIR]

Writes Markdown to stdout and <out>/coverage.md, and <out>/coverage.json (default out: build/coverage).
With no TAP argument it reads build/test-results/*.tap (what `make test` wrote) or build/last-run.tap (what
`make run` kept), whichever is newer; give files or directories
(e.g. build/test-results/matrix) to read others. Python 3 standard library only (ci/run_qemu.py's parse_tap()
is reused when tappy is importable, for the statuses).

Heuristics (also printed in the report's header):

Rules and tables. The list of rules is generated from the code's own citations, as printed: every TAP test
point line is `ok N - <name> <rules text> (<k> checks) # SKIP|TODO <reason>`; rule IDs (six capitals starting
with R or I, e.g. RQZJKS; the split spelling `R QZJKS` of the seeds' tables is accepted when the ID is one of
the seeds') and table references (`Table D13-1`, `Tables D11-2/D11-3`) are taken from the rules text, and the
results are merged over every TAP file (configuration). The spec's side is the seeds <spec>/000_*.txt ..
004_*.txt: an ID is *defined* there when it starts a line, list item, heading or table cell (its first
sentence is quoted), *referenced* when it only appears inside a sentence (defined in another section).
Per seed rule: "checked" when some citing test point ended ok or as a recorded deviation (TODO, or a TODO that
passed) on some configuration; "failed" when citing points ran but only failed; "skipped" when they were only
SKIPs (the reasons are listed); "not checkable" when no test point cites it, with why: a comment of the code
"<ID> not checkable: <why>" (to the line that ends the sentence), else "no text in the seed extract", else
"informative", else "a gap". R (rules) and I (informative
statements) are counted separately. IDs in comments or strings of tests/, lib/ (and boot/, el*/) that no test
point's rules text carries are listed as "cited in code, not in any test point".

Seed text without rule IDs. A section of a seed (a heading `D11.7.2 Title`; a heading `### Title` without a
number is a subsection, key `D11.7.2/Title`; the text before the first heading is the parent number, D11.7; in
the pseudocode extract each `Library pseudocode for .../<Function>`) that defines no rule ID with text of its
own is split into units: each item of a bulleted list (`*`/`-` at the line's start; indented, `+` and `- -`
bullets belong to the item above), and each paragraph that states a requirement (must, prohibited, allowed,
does not count, counts unless, is disabled, not affected, applies, CONSTRAINED UNPREDICTABLE, is IMPLEMENTATION
DEFINED, will return, Effective value; not one that starts "See" or "For more information", nor one ending in
':', which leads the list after it); Notes count only items and paragraphs that state one, items that only list
the sections that follow (`on page D11-5261`, or a heading's title) not at all; Chinese translation lines are
dropped. Keys: `<section>/<EVENT>` for an item that starts `EXC_TAKEN, ...`, `<section>/Example D11-3`, else
`<section>/item <n>` or `<section>/paragraph <n>` (order in the section); a pseudocode function's key is its name.
A test point cites a unit when its rules text names the section's number as a token (D11.7.2, not D11.7.2.1 nor
D11.7.20; a subsection's is its parent's; for pseudocode, the function's name), and one of the unit's terms:
a named item's name (EXC_SVC); else, when its first sentence says Debug state, authentication interface, is
IMPLEMENTATION DEFINED or multithreaded, that (PHRASES; multithreaded: PMEVTYPER<n>_EL0.MT or MTPMU); else the
register fields, _ELn registers and event names (SW_INCR) the unit and its list's lead name; else those its
whole list names; else those its whole subsection names; a unit with no terms is cited by any point citing the
section. Names are matched as words (SW_INCR also as PMSWINC_EL0); a field as REG.FIELD, REG.{F, G}, `REG F/G`
or the whole register (REG with no field after it), registers compared without _ELn or <n>, HDCR and SDCR read
as MDCR. A unit that speaks of AArch32 is cited only by rules text that says AArch32 (or A32). Its status:
checked, failed, skipped as for rules; else not checkable with a reason: a comment of the code
"<key, subsection or section> not checkable: <why>", the PHRASES reason, a pseudocode type, or a feature it
(or its list's lead) depends on that every configuration that ran lacks by its ID register field in the TAP
header (UNIT_FEATURES: FEAT_SPEv1p2 by ID_AA64DFR0_EL1.PMSVer, FEAT_MTPMU by MTPMU, ...); else a gap. The
Summary's line counts the sections holding units, the units by kind, and the units by status, with the reasons.

Fields. Every field of <spec>/registers/FIELDS.md (reserved ones dropped, `evtCount[15:10]` and
`evtCount[9:0]` merged). A register is *reachable* when pmucheck can access it: an accessor in
lib/arch/sysreg.h (read_/write_<reg>, read_pmevcntr/read_pmevtyper for the <n> registers), or an entry
PMREG_<REG> of the access model (lib/model/pmu_access.c), which tests/access.c reads and writes by encoding.
A field is *observed* by a module when the module's code uses it: a macro <REG>_<FIELD>_BIT/_SHIFT/_MASK of
lib/arch/arch_regs.h (or FIELD_GET/FIELD_PREP(<REG>, <FIELD>, ...)), or the text <REG>.<FIELD> /
<REG>.{<FIELD>,...} (comments, rules strings, diagnostics); a field that is the whole register ([63:0]: EVCNT,
CCNT, ...) also when the code reads or writes the register (read_/write_<reg>, PMREG_<REG>). Shared macros
count for every register they describe when the file also names that register: PMEVTYPER_<F>_BIT for
PMEVTYPERn_EL0 and PMCCFILTR_EL0,
PMICFILTR_<F>_BIT for PMICFILTR_EL0, PMU_CNT_C_BIT/PMU_CNT_F0_BIT for the C/F0 bits of PMCNTEN*, PMINTEN*,
PMOVS*, PMZR_EL0, PMUACR_EL1. A module's code is tests/<module>.c (the module is the first component of the
test point name; a module whose name is not a file is found by the `"<module>.` string literals its test
point names are printed from) plus the sources of the headers it includes directly from lib/model/,
lib/arch/ (id_regs), lib/runtime/profiling_exception and tests/ (pmu_util, ebep_sequences). A field is
observed when a module that uses it has test points that ran (ok, TODO or failed; SKIPs do not count), and
the run shows a check's outcome could depend on the field's value: its bits varied while a test point that ran
was open (the firmware's "#   <point>: varied: <REG>=0x<bits>" lines, lib/test/test.c test_note(); a clear
register counts its set twin's bits), or the field is the whole register (its value is what is compared), or it
is a field of an ID register (ID_AA64*_EL1, PMMIR_EL1) whose value differs among the configurations that ran. A
field the code uses that no point varied is a gap that says so. A field no check observes (a gap) says why: its module only SKIPped, or the
part of the architecture it belongs to (debug, trace, SPE, BRBE, Realm state, AArch32: FIELD_AREA_*), or the
PMU feature pmucheck has no check for yet; else "nothing says why: a gap".
"""
import argparse
import glob
import html
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
try:
    from run_qemu import parse_tap as _run_qemu_parse_tap  # needs tappy (Debian python3-tap)
except ImportError:  # a Python without tappy: the fallback below reads the same lines
    _run_qemu_parse_tap = None

ID_JOINED = re.compile(r"(?<![A-Za-z0-9_])([RI][A-Z]{5})(?![A-Za-z0-9_])")
ID_SPLIT = re.compile(r"(?<![A-Z0-9_])([RI]) ([A-Z]{5})(?![A-Za-z0-9_])")
ID_DEFINED = re.compile(r"^\s*(?:[-#|>*]\s*)*([RI]) ?([A-Z]{5})(?![A-Za-z0-9_])\s*(.*)$")
TABLE = re.compile(r"Tables?\s+(D\d+-\d+(?:\s*(?:/|,|and)\s*D\d+-\d+)*)")
TAP_LINE = re.compile(r"^(not ok|ok)\b\s*(\d*)\s*(?:-\s*)?(\S+)\s*(.*)$")
DIRECTIVE = re.compile(r"\s+#\s*(SKIP|TODO)\b\s*(.*)$", re.I)
CHECKS = re.compile(r"\s*\(\d+ checks?(?:, \d+ failed)?\)\s*$")
HEADING = re.compile(r"^#+\s+(D\d+(?:\.\d+)+)")
PE_PREFIX = re.compile(r"^pe\d+\.")


def point_key(name, config):
    """A point's name without its PE prefix, and the configuration it counts under: `config`, or for PE i > 0 of a
    run on several PEs `config (PE i)`, so that each PE's outcome is kept (a sibling thread that SKIPs what PE 0
    checks with it would otherwise replace PE 0's ok)."""
    m = re.match(r"^pe(\d+)\.", name)
    if not m:
        return name, config
    return name[m.end():], config if m.group(1) == "0" else f"{config} (PE {m.group(1)})"
PASSED = ("ok", "todo", "xpass")  # a recorded deviation (TODO) was checked: the check ran and saw it


def _read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


# ---------------------------------------------------------------- the spec seeds
def clean(text):
    text = html.unescape(text).replace("\\_", "_").replace("\\", "")
    text = re.sub(r"(?<=[a-z])([RI]) ([A-Z]{5})(?![A-Za-z])", r" \1\2", text)  # PDF: "inR NZLVW"
    return re.sub(r"\s+", " ", text.replace("\u037e", ";")).strip(" |")


def first_sentence(text, limit=240):
    text = clean(text)
    if text.startswith("("):
        return text
    m = re.search(r"(?<=[.:;])\s", text)
    s = text[:m.start()] if m else text
    return s if len(s) <= limit else s[:limit - 3] + "..."


def load_seeds(spec_dir):
    """{'ids': {ID: {kind, file, section, sentence, defined}}, 'tables': {Dxx-y: [files]}}."""
    ids, tables = {}, {}
    files = sorted(f for f in glob.glob(os.path.join(spec_dir, "00[0-4]_*.txt")))
    for path in files:
        name = os.path.basename(path)
        lines = _read(path).splitlines()
        section = ""
        for i, line in enumerate(lines):
            h = HEADING.match(line)
            if h:
                section = h.group(1)
            for t in TABLE.finditer(line):
                for ref in re.findall(r"D\d+-\d+", t.group(1)):
                    tables.setdefault(ref, [])
                    if name not in tables[ref]:
                        tables[ref].append(name)
            d = ID_DEFINED.match(line)
            if d and not re.match(r"^\s*[RI] [A-Z]{5}[a-z]", line):
                rid = d.group(1) + d.group(2)
                rest = d.group(3)
                if rest.startswith("|"):
                    rest = rest[1:]
                rest = rest.split("|")[0] if line.lstrip().startswith("|") else rest
                j = i + 1
                while not clean(rest) and j < len(lines):  # the sentence is on a later line
                    if ID_DEFINED.match(lines[j]):
                        rest = "(no text in the seed extract: the next line is the ID " + \
                            "".join(ID_DEFINED.match(lines[j]).group(1, 2)) + ")"
                    elif lines[j].lstrip().startswith("#"):
                        rest = "(no sentence in the seed extract; the heading that follows: " + \
                            lines[j].lstrip("# ") + ")"
                    elif lines[j].strip():
                        rest = lines[j]
                    j += 1
                entry = ids.get(rid)
                if not entry or not entry["defined"]:
                    ids[rid] = {"kind": "rule" if rid[0] == "R" else "informative", "file": name,
                                "section": section, "sentence": first_sentence(rest), "defined": True}
            for m in list(ID_JOINED.finditer(line)) + list(ID_SPLIT.finditer(line)):
                rid = "".join(g for g in m.groups())
                if rid not in ids:
                    ids[rid] = {"kind": "rule" if rid[0] == "R" else "informative", "file": name,
                                "section": section, "sentence": first_sentence(line), "defined": False}
    # An ID only referenced in one line but defined in a later one was replaced above; a split-form match
    # of ordinary words (`I FOOBA` in prose) would need both a capital I/R word and five capitals: rare, and
    # listed as a reference only.
    return {"ids": ids, "tables": tables, "files": [os.path.basename(f) for f in files]}


def extract_ids(text, known=()):
    found = [m.group(1) for m in ID_JOINED.finditer(text)]
    found += [a + b for a, b in ID_SPLIT.findall(text) if a + b in known]
    return list(dict.fromkeys(found))


def extract_tables(text):
    out = []
    for t in TABLE.finditer(text):
        out += re.findall(r"D\d+-\d+", t.group(1))
    return list(dict.fromkeys(out))


# ---------------------------------------------------------------- seed text without rule IDs
SECTION_HEADING = re.compile(r"^#+\s+(D\d+(?:\.\d+)+)\s+(.*?)\s*$")
SUB_HEADING = re.compile(r"^#{3,}\s+(.*?)\s*$")
PSEUDOCODE_HEADING = re.compile(r"^Library pseudocode for \S*/(\w+)\s*$")
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")  # the Chinese translation lines of seed 000
QUOTE = re.compile(r"^\s*>\s?")
TOP_BULLET = re.compile(r"^[*-]\s+(?!-)(.*)$")  # `* item` / `- item` at column 0
SUB_BULLET = re.compile(r"^(?:\s+[*+-]|\+|-\s*-)\s*(.*)$")  # indented, `+ ` or `- -`: part of the item above
ITEM_NAME = re.compile(r"^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+),\s")  # `EXC_TAKEN, Exception taken.`
CROSS_REF = re.compile(r"\bon page D\d+-\d+\.?$")
# A paragraph (or an item of a Note) states a requirement when it says one of these; others (introductions,
# "For more information, see ...", captions, recommendations) are not counted.
REQUIREMENT = re.compile(r"\b(?:must|prohibited|allowed|does not count|counts unless|is disabled|not affected|applies|"
                         r"CONSTRAINED UNPREDICTABLE|is IMPLEMENTATION DEFINED|will return|Effective value)\b")
NOT_REQUIREMENT = re.compile(r"^(?:See|For more information)\b")
MNEMONIC = re.compile(r"(?<![\w<>.])(?!FEAT_)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w<>])")
FIELD_REF = re.compile(r"(?<![\w.])([A-Z][A-Z0-9_]*?(?:<n>)?(?:_EL[0-3])?)\.(\{[^}]*\}|[A-Za-z][A-Za-z0-9]*(?:<n>)?)")
SLASH_FIELDS = re.compile(r"(?<![\w.])([A-Z][A-Z0-9_]*?(?:<n>)?(?:_EL[0-3])?) ([A-Z][A-Z0-9]*(?:/[A-Z][A-Z0-9]*)+)\b")
BARE_REG = re.compile(r"(?<![\w.])([A-Z][A-Z0-9]*(?:<n>)?_EL[0-3])(?![\w.])")
REG_ALIAS = {"HDCR": "MDCR", "SDCR": "MDCR"}  # the older manual's AArch32 names for MDCR_EL2, MDCR_EL3
EVENT_ALIAS = {"SW_INCR": "PMSWINC"}  # an event also named by the register that generates it
AARCH32 = re.compile(r"\b(?:AArch32|A32)\b")
# Features a unit's text (or its list's lead) may make it depend on: (pattern, feature, ID register, field,
# lsb, test of the field's value that says the feature is implemented).
UNIT_FEATURES = [
    (r"FEAT_SPEv1p2 is implemented|SPE buffer management", "FEAT_SPEv1p2", "ID_AA64DFR0_EL1", "PMSVer", 32,
     lambda v: v >= 3),
    (r"multithreaded|PMEVTYPER<n>_EL0\.MT\b", "FEAT_MTPMU", "ID_AA64DFR0_EL1", "MTPMU", 48, lambda v: v == 1),
    (r"FEAT_HPMN0 is implemented", "FEAT_HPMN0", "ID_AA64DFR0_EL1", "HPMN0", 60, lambda v: v == 1),
    (r"FEAT_PMUv3p7 is implemented", "FEAT_PMUv3p7", "ID_AA64DFR0_EL1", "PMUVer", 8, lambda v: 7 <= v < 15),
    (r"\bBRB_FILTRATE\b", "FEAT_BRBE", "ID_AA64DFR0_EL1", "BRBE", 52, lambda v: v >= 1),
]


# A unit whose first sentence says one of these is about that alone: a test point cites it only by naming one of
# the terms given, and one no point cites is not checkable for the reason given (None: UNIT_FEATURES says why).
PHRASES = [
    (r"Debug state", {("name", "Debug state")},
     "Debug state: an external debugger halts the PE there, and pmucheck is software running on the PE"),
    (r"authentication interface", {("name", "authentication interface")},
     "an IMPLEMENTATION DEFINED authentication interface, which software cannot set"),
    (r"is IMPLEMENTATION DEFINED", {("name", "IMPLEMENTATION DEFINED")},
     "IMPLEMENTATION DEFINED: every behaviour conforms, so no outcome can fail"),
    (r"multithreaded", {("field", "PMEVTYPER", "MT"), ("name", "MTPMU")}, None),
]


def norm_reg(name):
    """A register as rules text and seeds may spell it: PMEVTYPER<n>_EL0, PMCR, HDCR -> PMEVTYPER, PMCR, MDCR."""
    name = re.sub(r"_EL[0-3]$", "", name.replace("<n>", ""))
    return REG_ALIAS.get(name, name)


def text_terms(text):
    """What a unit's or a rules text's words name: {('field', REG, FIELD)}, {('reg', REG)} and {('name', X)}."""
    terms = set()
    for reg, fields in FIELD_REF.findall(text):
        for f in re.split(r"\s*,\s*", fields.strip("{}")):
            if f:
                terms.add(("field", norm_reg(reg), f.replace("<n>", "")))
    for reg, fields in SLASH_FIELDS.findall(text):
        terms |= {("field", norm_reg(reg), f) for f in fields.split("/")}
    for reg in BARE_REG.findall(text):
        terms.add(("reg", norm_reg(reg)))
    for m in MNEMONIC.findall(text):
        if not re.search(r"_EL[0-3]$|\d+_EL", m):
            terms.add(("name", m))
    return terms


def reg_mentions(rules, reg):
    """How a rules text names a register (norm_reg spelling): the fields it names of it (REG.FIELD,
    REG.{F, G}, `REG F/G`), and "*" where it names the register alone."""
    out = set()
    for n in [reg] + [a for a, b in REG_ALIAS.items() if b == reg]:
        for m in re.finditer(rf"(?<![\w.]){re.escape(n)}(?:<n>|\d+|n)?(?:_EL[0-3])?(?![\w<])", rules):
            rest = rules[m.end():]
            f = re.match(r"\.(\{[^}]*\}|[A-Za-z][A-Za-z0-9]*)", rest) or \
                re.match(r" ([A-Z][A-Z0-9]*(?:/[A-Z][A-Z0-9]*)+)\b", rest)
            out |= set(re.split(r"\s*[,/]\s*", f.group(1).strip("{}"))) if f else {"*"}
    return out


def rules_name(rules, term):
    """Whether a test point's rules text names a unit's term: a name as a whole word, or the register its
    EVENT_ALIAS gives; a field as its register's field or its whole register; a register in any form."""
    if term[0] == "name":
        return bool(re.search(rf"(?<![\w<>]){re.escape(term[1])}(?![\w<>])", rules)) or \
            bool(term[1] in EVENT_ALIAS and reg_mentions(rules, EVENT_ALIAS[term[1]]))
    named = reg_mentions(rules, term[1])
    return bool(named) if term[0] == "reg" else term[2] in named or "*" in named


def _blocks(lines):
    """The paragraphs and list items of a section's lines: [{kind, text, note, lead}]. Blank lines end a block;
    a sub-item or a line without a bullet continues the item above; a paragraph that ends mid-sentence (no
    . : ;) goes on into the next one (PDF page breaks); a paragraph ending in ':' leads the items after it; a
    `Note` line, or a quote that starts with one, makes the next paragraph or list a note."""
    out, cur, in_quote = [], None, False
    note_next, note_list, lead, lists = False, False, "", 0

    def close(force=True):
        nonlocal cur
        if cur and (force or re.search(r"[.:;]\s*$", cur["lines"][-1]) or cur["kind"] == "item"):
            cur["text"] = clean(" ".join(cur["lines"]))
            del cur["lines"]
            out.append(cur)
            cur = None

    def begin(kind, text):
        nonlocal cur, note_next, note_list, lead, lists
        if kind == "item":
            if not out or out[-1]["kind"] == "paragraph":
                lists += 1
                lead = out[-1]["text"] if out and out[-1]["text"].endswith(":") else ""
            note_list = note_list or note_next
        else:
            note_list = False
        cur = {"kind": kind, "lines": [text], "note": note_next or note_list, "lead": lead if kind == "item" else "",
               "list": lists if kind == "item" else 0}
        note_next = False

    for raw in lines:
        if CJK.search(raw) or re.match(r"^\s+>\s*$", raw):
            continue  # a translation, or an empty quote line inside an item
        quoted = bool(QUOTE.match(raw))
        line = raw
        while QUOTE.match(line):
            line = QUOTE.sub("", line, count=1)
        if quoted != in_quote:
            close(force=False)
            in_quote = quoted
        if not line.strip():
            close(force=False)
            continue
        if line.strip() in ("Note", "## Note"):
            close()
            note_next = True
            continue
        top, sub = TOP_BULLET.match(line), SUB_BULLET.match(line)
        if top or (sub and not cur):
            close()
            begin("item", (top or sub).group(1))
        elif sub:
            cur["lines"].append(sub.group(1))
        elif cur and cur["kind"] == "item" and not line.startswith(" ") and \
                re.search(r"[.:;]\s*$", cur["lines"][-1]) and not re.match(r"^[a-z(\[]", line):
            close()  # a paragraph right after an item
            begin("paragraph", line.strip())
        elif cur:
            cur["lines"].append(line.strip())
        else:
            begin("paragraph", line.strip())
    close()
    return out


def seed_sections(text, file):
    """The sections of one seed extract with the items and paragraphs they hold:
    [{key, number, title, file, ids, units: [{key, kind, text, lead, note}]}]. A section starts at a heading
    `#.. D11.7.2 Title`; a heading `### Title` without a number starts a subsection of the numbered section
    above (key `D11.7.2/Title`); the text before the first heading is the parent of that heading's number
    (D11.7 before D11.7.1); in a pseudocode extract each `Library pseudocode for .../<Function>` starts one.
    Other headings (tables, Notes, rule IDs, page headers) do not."""
    lines = text.splitlines()
    sections, cur = [], None

    def start(key, number, title):
        nonlocal cur
        cur = {"key": key, "number": number, "title": title, "file": file, "lines": [], "ids": []}
        sections.append(cur)

    first = next((SECTION_HEADING.match(ln) for ln in lines if SECTION_HEADING.match(ln)), None)
    if first and first.group(1).count(".") >= 2:
        start(first.group(1).rsplit(".", 1)[0], first.group(1).rsplit(".", 1)[0], "")
    for line in lines:
        h, s, p = SECTION_HEADING.match(line), SUB_HEADING.match(line), PSEUDOCODE_HEADING.match(line)
        if h:
            start(h.group(1), h.group(1), h.group(2))
        elif s and cur and not re.match(r"(Table|Note|[RI] ?[A-Z]{5}\b)", s.group(1)):
            start(cur["number"] + "/" + s.group(1), cur["number"], s.group(1))
        elif p:
            start(p.group(1), p.group(1), "pseudocode")
        elif cur:
            d = ID_DEFINED.match(line)
            if d and not re.match(r"^\s*[RI] [A-Z]{5}[a-z]", line):
                cur["ids"].append(d.group(1) + d.group(2))
            cur["lines"].append(line)
    titles = {clean(s["title"]).rstrip(".") for s in sections}
    for sec in sections:
        units, counts = [], {}
        if sec["title"] == "pseudocode":
            body = [ln.strip() for ln in sec["lines"] if ln.strip() and not ln.lstrip().startswith("//")]
            units.append({"kind": "function", "text": body[0] if body else sec["key"], "lead": "", "list": 0,
                          "note": False, "type": bool(body) and body[0].startswith("type ")})
            sec["terms"] = set()
            body_keys = [sec["key"]]
        else:
            blocks = _blocks(sec["lines"])
            sec["terms"] = set().union(set(), *(text_terms(b["text"]) for b in blocks))
            for b in blocks:
                t = b["text"]
                if b["kind"] == "item" and (CROSS_REF.search(t) or t.rstrip(".") in titles):
                    continue  # a list of the sections that follow
                if (b["kind"] == "paragraph" or b["note"]) and (t.endswith(":") and b["kind"] == "paragraph"
                                                                or not REQUIREMENT.search(t)
                                                                or NOT_REQUIREMENT.match(t)):
                    continue
                units.append(b)
            body_keys = []
            for u in units:
                name = ITEM_NAME.match(u["text"]) if u["kind"] == "item" else None
                ex = re.match(r"^(Example D\d+-\d+)", u["text"])
                counts[u["kind"]] = counts.get(u["kind"], 0) + 1
                key = name.group(1) if name else ex.group(1) if ex else f"{u['kind']} {counts[u['kind']]}"
                u["name"] = name.group(1) if name else ""
                body_keys.append(sec["key"] + "/" + key)
        for u, k in zip(units, body_keys):
            u["key"] = k
        sec["units"] = units
        del sec["lines"]
    return sections


def load_seed_text(spec_dir):
    """The sections of the seeds 00[0-4]_*.txt that carry no rule ID of their own (an ID whose text the extract
    does not hold, `(no ...)`, does not count), each with its units."""
    out = []
    seeds = load_seeds(spec_dir)["ids"]
    for path in sorted(glob.glob(os.path.join(spec_dir, "00[0-4]_*.txt"))):
        for sec in seed_sections(_read(path), os.path.basename(path)):
            if any(not seeds.get(i, {}).get("sentence", "(no").startswith("(no ") for i in sec["ids"]):
                continue
            out.append(sec)
    return out


def unit_phrase(unit):
    """The PHRASES entry the unit's first sentence matches, or None."""
    first = first_sentence(unit["text"], 10000)
    return next((ph for ph in PHRASES if re.search(ph[0], first)), None)


def unit_terms(sections):
    """{unit key: terms}: an item's name; else a PHRASES entry's terms; else the fields, registers and event
    names it and its list's lead name; else those its whole list names; else those the whole text of the
    unnumbered subsection it is in names; else none."""
    out = {}
    for sec in sections:
        shared = sec["terms"] if "/" in sec["key"] else set()
        own = {}
        for u in sec["units"]:
            ph = unit_phrase(u)
            own[u["key"]] = {("name", u["name"])} if u.get("name") else set(ph[1]) if ph else \
                (set() if u["kind"] == "function" else text_terms(u["text"] + " " + u["lead"]))
        lists = {}
        for u in sec["units"]:
            if u["list"]:
                lists.setdefault(u["list"], set()).update(own[u["key"]])
        for u in sec["units"]:
            out[u["key"]] = own[u["key"]] or lists.get(u["list"], set()) or shared
    return out


def cites_section(rules, sec):
    """Whether a rules text names a section: its number as a whole token (D11.7.2, not D11.7.2.1 nor D11.7.20),
    or a pseudocode extract's function by name (PMPCSR[] names PMPCSR)."""
    n = re.escape(sec["number"])
    return bool(re.search(rf"(?<![\w.]){n}(?![\w]|\.\d)", rules))


def seed_text_report(sections, runs, reasons):
    """Per section and unit: the test points citing it and its status (verdict(); an uncited one gets why)."""
    terms = unit_terms(sections)
    ids = varied_evidence(runs)[1]
    for sec in sections:
        sec["points"] = {}
        for u in sec["units"]:
            u["points"] = {}
        for config, points in runs.items():
            for p in points:
                if not cites_section(p["rules"], sec):
                    continue
                name, key = point_key(p["name"], config)
                outcome = p["status"] + (": " + p["reason"] if p["status"] in ("skip", "todo", "xpass") else "")
                sec["points"].setdefault(name, {})[key] = outcome
                for u in sec["units"]:
                    t = terms[u["key"]]
                    if t and not any(rules_name(p["rules"], x) for x in t):
                        continue
                    if AARCH32.search(u["text"] + " " + u["lead"]) and not AARCH32.search(p["rules"]):
                        continue
                    u["points"].setdefault(name, {})[key] = outcome
        sec["status"] = verdict(sec["points"])
        for u in sec["units"]:
            u["status"] = verdict(u["points"])
            u["skip_reasons"] = skip_reasons(u["points"])
            if u["status"] == "not checkable":
                u["why"] = unit_why(u, sec, reasons, ids)
                if u["why"].endswith("a gap"):
                    u["status"] = "gap"
    return sections


def unit_why(unit, sec, reasons, ids):
    """Why no test point cites a unit: a reason the code states for its key, its subsection or its section;
    the PHRASES entry it matches; a pseudocode type; a feature its text (or its list's lead) depends on that no
    configuration that ran
    implements (UNIT_FEATURES, by the ID register field in the TAP header); else a gap."""
    for k in (unit["key"], sec["key"], sec["number"]):
        if k in reasons:
            return reasons[k]
    ph = unit_phrase(unit)
    if ph and ph[2]:
        return ph[2]
    if unit.get("type"):
        return "a pseudocode type: it declares the fields the functions fill in and states no behaviour"
    text = unit["text"] + " " + unit["lead"]
    for pattern, feat, reg, field, lsb, present in UNIT_FEATURES:
        if re.search(pattern, text) and reg in ids:
            values = sorted({(v >> lsb) & 0xF for v in ids[reg]})
            if not any(present(v) for v in values):
                return (f"{feat} is absent from every configuration that ran ({reg}.{field} = "
                        f"{', '.join(hex(v) for v in values)})")
    return "no test point cites it, and nothing says why: a gap"


# ---------------------------------------------------------------- TAP
def parse_tap_lines(text):
    """[(name, status, reason, rules)] in order. status as run_qemu.parse_tap: ok/skip/todo/xpass/fail."""
    out = []
    for raw in text.replace("\r", "").splitlines():
        m = TAP_LINE.match(raw)
        if not m:
            continue
        ok, name, rest = m.group(1) == "ok", m.group(3), m.group(4)
        d = DIRECTIVE.search(rest)
        directive, reason = (d.group(1).upper(), d.group(2)) if d else ("", "")
        rules = CHECKS.sub("", rest[:d.start()] if d else rest).strip()
        if directive == "TODO":
            status = "xpass" if ok else "todo"
        elif directive == "SKIP" and ok:
            status = "skip"
        else:
            status = "ok" if ok else "fail"
        out.append((name, status, reason.strip(), rules))
    return out


def read_runs(paths):
    """{config: [{name, status, reason, rules}]} from .tap files and directories of them."""
    files = []
    for p in paths:
        files += sorted(glob.glob(os.path.join(p, "*.tap"))) if os.path.isdir(p) else [p]
    runs = {}
    for path in files:
        text = _read(path)
        lines = parse_tap_lines(text)
        if _run_qemu_parse_tap is not None:  # the project's own parser decides the statuses when it can
            try:
                points = _run_qemu_parse_tap(text)[0]
            except Exception:  # noqa: BLE001 - a stream tappy rejects: keep the fallback's reading
                points = None
            if points is not None and [p["name"] for p in points] == [n for n, *_ in lines]:
                lines = [(n, p["status"], p["reason"] or r, rules)
                         for (n, _s, r, rules), p in zip(lines, points)]
        config = os.path.splitext(os.path.basename(path))[0]
        varied = {}
        for name, regs in VARIED_LINE.findall(text):
            for reg, mask in VARIED_REG.findall(regs):
                varied.setdefault(PE_PREFIX.sub("", name), {})[reg] = int(mask, 16)
        ids = {m.group(1): int(m.group(2), 16) for m in ID_LINE.finditer(text)}
        runs[config] = [{"name": n, "status": s, "reason": r, "rules": rules,
                         "varied": varied.get(PE_PREFIX.sub("", n), {}), "ids": ids} for n, s, r, rules in lines]
    return runs


# "#   <point>: varied: PMCR_EL0=0x1 MDCR_EL2=0x87" (lib/test/test.c print_varied()) and the header's ID registers.
VARIED_LINE = re.compile(r"^#\s+(\S+): varied:((?: \w+=0x[0-9a-f]+)+)\s*$", re.M)
VARIED_REG = re.compile(r"(\w+)=0x([0-9a-f]+)")
ID_LINE = re.compile(r"^# ((?:ID_AA64[A-Z0-9]+|PMMIR)_EL1) = 0x([0-9a-f]+)", re.M)
# A clear register shows the state its set twin holds: the bits varied through either are the same bits.
TWIN = {"PMCNTENCLR_EL0": "PMCNTENSET_EL0", "PMOVSCLR_EL0": "PMOVSSET_EL0", "PMINTENCLR_EL1": "PMINTENSET_EL1"}


def bits_mask(bits):
    """The mask of a FIELDS.md bits cell: [63:33] or [32]."""
    m = re.match(r"\[(\d+)(?::(\d+))?\]", bits)
    if not m:
        return 0
    msb = int(m.group(1))
    lsb = int(m.group(2)) if m.group(2) else msb
    return ((1 << (msb + 1)) - 1) & ~((1 << lsb) - 1)


def varied_evidence(runs):
    """{register: OR of the bits varied by test points that ran (not SKIPs)}, and {ID register: set of values
    among the configurations where some test point ran}."""
    varied, ids = {}, {}
    for points in runs.values():
        ran = [p for p in points if p["status"] != "skip"]
        for p in ran:
            for reg, mask in p.get("varied", {}).items():
                varied[reg] = varied.get(reg, 0) | mask
        if ran:
            for reg, value in ran[0].get("ids", {}).items():
                ids.setdefault(reg, set()).add(value)
    return varied, ids


def module_of(name):
    return PE_PREFIX.sub("", name).split(".")[0]


def rule_report(runs, seeds):
    """Per cited ID and table: {points: {name: {config: status/reason}}}; and the verdicts."""
    known = set(seeds["ids"])
    ids, tables = {}, {}
    for config, points in runs.items():
        for p in points:
            name, key = point_key(p["name"], config)
            outcome = p["status"] + (": " + p["reason"] if p["status"] in ("skip", "todo", "xpass") else "")
            for rid in extract_ids(p["rules"], known):
                ids.setdefault(rid, {}).setdefault(name, {})[key] = outcome
            for t in extract_tables(p["rules"]):
                tables.setdefault(t, {}).setdefault(name, {})[key] = outcome
    return ids, tables


def verdict(points):
    """checked / failed / skipped / not checkable from {point: {config: outcome}}."""
    statuses = [o.split(":", 1)[0] for cfgs in points.values() for o in cfgs.values()]
    if not statuses:
        return "not checkable"
    if any(s in PASSED for s in statuses):
        return "checked"
    if any(s == "fail" for s in statuses):
        return "failed"
    return "skipped"


def skip_reasons(points):
    return sorted({o.split(": ", 1)[1] for cfgs in points.values() for o in cfgs.values()
                   if o.startswith("skip: ")})


def summarize_points(points):
    """`module.check.* (k points): 12 ok, 3 todo` lines, contexts folded."""
    groups = {}
    for name, cfgs in points.items():
        parts = name.split(".")
        key = ".".join(parts[:2]) + (".*" if len(parts) > 2 else "")
        g = groups.setdefault(key, {"names": set(), "counts": {}})
        g["names"].add(name)
        for o in cfgs.values():
            s = o.split(":", 1)[0]
            g["counts"][s] = g["counts"].get(s, 0) + 1
    out = []
    for key in sorted(groups):
        g = groups[key]
        counts = ", ".join(f"{n} {s}" for s, n in sorted(g["counts"].items()))
        out.append(f"{key} ({len(g['names'])} point{'s' if len(g['names']) != 1 else ''}): {counts}")
    return out


# ---------------------------------------------------------------- code citations
CODE_DIRS = ("tests", "lib", "boot", "el1", "el2", "el3", "platform")
CODE_EXT = (".c", ".h", ".S")


def detail_lines(entry, skips=True):
    """The indented Markdown lines under a rule or table: its test points summarized, then (skips) the
    SKIP reasons."""
    lines = [f"  - {line}" for line in summarize_points(entry["points"])]
    if skips:
        lines += [f"  - SKIP: {why}" for why in entry["skip_reasons"]]
    return lines


def code_files(root):
    out = []
    for d in CODE_DIRS:
        for dirpath, _dirs, files in os.walk(os.path.join(root, d)):
            rel = os.path.relpath(dirpath, root)
            if rel.startswith(("tests/fuzz", "tests/host")):
                continue  # host tests and fuzzers check the model, not the PE
            out += [os.path.join(dirpath, f) for f in sorted(files) if f.endswith(CODE_EXT)]
    return sorted(out)


NOT_IDS = {"README", "IDCODE"}  # six capitals from R/I that are words, not rule IDs
# "<ID> not checkable: <why>" in a comment of the firmware's code: the reason a rule no test point cites; also
# "<section or key> not checkable: <why>" for seed text without rule IDs (D11.5.3/item 16, D11.7.1, PCSample)
NOT_CHECKABLE = re.compile(r"(?:\b([RI][A-Z]{5})|(D\d+(?:\.\d+)+(?:/[^:*]+?)?|\b[A-Z][A-Za-z0-9]+)) not checkable: "
                           r"(.*?)\s*(?:\*/|$)")


def code_reasons(root):
    """{ID or seed text key: reason} from the "<ID> not checkable: <why>" statements in the firmware's code: the
    reason runs over the comment's continuation lines (" * ...") to the first one that ends a sentence (".")."""
    out = {}
    for path in code_files(root):
        lines = _read(path).splitlines()
        for i, line in enumerate(lines):
            m = NOT_CHECKABLE.search(line)
            if not m:
                continue
            why, j = m.group(3).strip(), i + 1
            while not why.endswith(".") and j < len(lines) and re.match(r"^\s*\*\s*[^\s/]", lines[j]):
                why += " " + re.sub(r"^\s*\*\s*|\s*\*/\s*$", "", lines[j]).strip()
                j += 1
            out[m.group(1) or m.group(2)] = why
    return out


def not_checkable_why(rule, reasons, rid):
    """Why a rule no test point cites is not checked: stated in the code, else what the seed shows."""
    if rid in reasons:
        return reasons[rid]
    if rule["sentence"].startswith("(no "):
        return "the seed extract has no text for it: nothing to check against"
    if rule["kind"] == "informative":
        return "informative statement: it explains rules and states no requirement of its own"
    return "no test point cites it, and the code gives no reason: a gap"


def code_citations(root, known, words=()):
    """{ID: [path:line]} for rule IDs written anywhere in the firmware's code (comments and strings).

    A candidate that is not a known ID (seeds, test points) and is a register field name of FIELDS.md
    (`words`) or in NOT_IDS is taken for a word."""
    cites = {}
    for path in code_files(root):
        for i, line in enumerate(_read(path).splitlines(), 1):
            for rid in extract_ids(line, known):
                if rid not in known and (rid in words or rid in NOT_IDS):
                    continue
                cites.setdefault(rid, []).append(f"{os.path.relpath(path, root)}:{i}")
    return cites


# ---------------------------------------------------------------- fields
def load_fields(path):
    """[(register, field, bits, condition)] from FIELDS.md, reserved fields dropped, duplicates merged."""
    out, seen, reg = [], set(), None
    for line in _read(path).splitlines():
        h = re.match(r"^##\s+(\S+)", line)
        if h:
            reg = h.group(1)
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not reg or len(cells) < 2 or not re.match(r"^\[\d", cells[1]):
            continue
        field = re.sub(r"\[\d+:\d+\]$", "", html.unescape(cells[0])).strip()
        if not field or field.startswith("(reserved") or (reg, field) in seen:
            continue
        seen.add((reg, field))
        out.append((reg, field, cells[1], html.unescape(cells[2]) if len(cells) > 2 else ""))
    return out


def reg_spellings(reg):
    """Names a register goes by in code text: PMEVTYPERn_EL0 -> PMEVTYPER<n>_EL0, PMEVTYPER0_EL0, ..."""
    if re.search(r"n_EL\d$", reg):
        base, el = reg.rsplit("n_", 1)
        return [f"{base}<n>_{el}", rf"{base}\d+_{el}", f"{base}n_{el}", f"{base}<n>"]
    return [re.escape(reg)]


def reg_macro_prefixes(reg, field):
    """Macro prefixes that name REG.FIELD: the register's own, and the shared ones (arch_regs.h)."""
    own = [re.sub(r"n_EL\d$", "", reg) if re.search(r"n_EL\d$", reg) else reg]
    if reg.startswith("PMEVTYPER"):
        own.append("PMEVTYPER")
    shared = []
    if reg == "PMCCFILTR_EL0":
        shared.append("PMEVTYPER")
    if reg == "PMICFILTR_EL0":
        shared += ["PMICFILTR", "PMEVTYPER"]
    if re.match(r"PM(CNTEN|INTEN|OVS)(SET|CLR)_EL\d$|PMZR_EL0$|PMUACR_EL1$", reg) and field in ("C", "F0"):
        shared.append("PMU_CNT")
    return own, shared


def accessor_stem(reg):
    """What follows read_/write_ in the name of REG's accessor (lib/arch/sysreg.h): pmccntr_el0; pmevcntr for
    the <n> registers (read_pmevcntr(n))."""
    low = reg.lower()
    return re.sub(r"n_el\d$", "", low) if re.search(r"n_el\d$", low) else low


def register_accessed(text, reg):
    """Whether the text reads or writes REG through its accessor (read_pmccntr_el0(), write_pmevcntr(n, ...)) or
    names it to the access model (PMREG_PMXEVCNTR_EL0)."""
    return bool(re.search(rf"\b(?:read|write)_{re.escape(accessor_stem(reg))}\s*\(", text) or
                re.search(rf"\bPMREG_{re.escape(reg.replace('n_EL', '_EL'))}\b", text))


def field_uses(text, reg, field, bits=""):
    """How the text uses REG.FIELD: 'macro', 'text', 'register' (a field that is the whole 64-bit register,
    read or written through its accessor), or None. Shared macros need the register named too."""
    own, shared = reg_macro_prefixes(reg, field)
    f = re.escape(field)
    for p in own:
        if re.search(rf"\b{p}_{f}_(?:BIT|SHIFT|MASK)\b", text) or \
           re.search(rf"FIELD_(?:GET|PREP)\(\s*{p}\s*,\s*{f}\s*,", text):
            return "macro"
    names_reg = any(re.search(rf"(?<![A-Za-z0-9_]){s}(?![A-Za-z0-9])", text, re.I) for s in reg_spellings(reg))
    if names_reg:
        for p in shared:
            if re.search(rf"\b{p}_{f}_(?:BIT|SHIFT|MASK)\b", text):
                return "macro"
    for s in reg_spellings(reg):
        if re.search(rf"(?<![A-Za-z0-9_]){s}\.{f}(?![A-Za-z0-9_])", text) or \
           re.search(rf"(?<![A-Za-z0-9_]){s}\.\{{[^}}]*(?<![A-Za-z0-9_]){f}(?![A-Za-z0-9_])[^}}]*\}}", text):
            return "text"
    if bits == "[63:0]" and register_accessed(text, reg):
        return "register"
    return None


# Why a field no check observes has none, when the field belongs to another part of the architecture or to a PMU
# feature pmucheck has no check for: by the field's name, else by the features its condition names (first match).
FIELD_AREA_BY_NAME = [
    (r"^MDCR_EL[23]\.(TDA|TDRA|TDE|TDOSA|TDCC|SDD|SPD32|EDAD|EDADE)$", "debug traps and Debug state, not the PMU"),
    (r"^ID_AA64DFR[01]_EL1\.(BRPs|WRPs|CTX_CMPs|DebugVer|DoubleLock|ABLE|ITE|DPFZS)$", "it describes debug, not the PMU"),
    (r"^ID_AA64DFR[01]_EL1\.(TraceVer|TraceFilt|TraceBuffer|ExtTrcBuff)$", "it describes trace, not the PMU"),
    (r"^ID_AA64DFR[01]_EL1\.BRBE$", "it describes branch record buffers, not the PMU"),
    (r"^ID_AA64DFR[01]_EL1\.SPMU$", "it describes System PMUs, not the PE's PMU"),
    (r"^ID_AA64DFR[01]_EL1\.MTPMU$", "FEAT_MTPMU, a PMU feature pmucheck has no check for yet: a gap"),
]
FIELD_AREA_BY_CONDITION = [
    (r"FEAT_SPE", "Statistical Profiling (FEAT_SPE), not the PMU"),
    (r"FEAT_TRBE|FEAT_TRF|FEAT_TRC|FEAT_ITE", "trace (FEAT_TRBE, FEAT_TRF, FEAT_ITE), not the PMU"),
    (r"FEAT_BRBE", "branch record buffers (FEAT_BRBE), not the PMU"),
    (r"FEAT_SPMU", "System PMUs (FEAT_SPMU), not the PE's PMU"),
    (r"FEAT_STEP2|FEAT_Debugv8p9|FEAT_DoubleLock|FEAT_ABLE", "self-hosted and external debug, not the PMU"),
    (r"FEAT_RME", "Realm state (FEAT_RME), which pmucheck does not enter"),
    (r"FEAT_AA32", "AArch32, which pmucheck does not run"),
    (r"FEAT_PMUv3_ICNTR|FEAT_PMUv3_TH|FEAT_PMUv3_EDGE|FEAT_PMUv3_SME|FEAT_MTPMU|FEAT_PMUv3_SS|event export bus",
     "a PMU feature pmucheck has no check for yet (no QEMU here implements it, pmucheck's own included): a gap"),
]


def field_area(reg, field, cond):
    """The reason a field is outside what pmucheck checks, or None (FIELD_AREA_*)."""
    for pattern, why in FIELD_AREA_BY_NAME:
        if re.match(pattern, f"{reg}.{field}"):
            return why
    for pattern, why in FIELD_AREA_BY_CONDITION:
        if re.search(pattern, cond or ""):
            return why
    return None


def reachable_registers(root, registers):
    """{register: how} for the registers pmucheck can access."""
    sysreg = _read(os.path.join(root, "lib/arch/sysreg.h"))
    access = ""
    p = os.path.join(root, "lib/model/pmu_access.c")
    if os.path.exists(p):
        access = _read(p)
    out = {}
    for reg in registers:
        acc = accessor_stem(reg)
        if re.search(r"n_EL\d$", reg):
            if re.search(rf"\b(?:read|write)_{acc}\b", sysreg):
                out[reg] = f"lib/arch/sysreg.h read_/write_{acc}"
                continue
        elif re.search(rf"SYSREG_(?:READ|WRITE|RW)\(\s*{acc}\s*,", sysreg):
            out[reg] = f"lib/arch/sysreg.h {acc}"
            continue
        pm = "PMREG_" + re.sub(r"n_EL", "_EL", reg).replace("PMEVCNTR_", "PMEVCNTR").replace("PMEVTYPER_", "PMEVTYPER")
        if re.search(rf"\[{re.escape(pm)}\w*\]", access) or re.search(rf"\[PMREG_{re.escape(reg)}\]", access):
            out[reg] = "access model register list (lib/model/pmu_access.c), accessed by encoding in tests/access.c"
    return out


def module_sources(root, modules):
    """{module: [source files]}: tests/<module>.c (or the file printing "<module>. names) and its linked sources."""
    tests = sorted(glob.glob(os.path.join(root, "tests", "*.c")))
    texts = {p: _read(p) for p in tests}
    out = {}
    for m in modules:
        main = os.path.join(root, "tests", m + ".c")
        if main not in texts:
            main = next((p for p, t in texts.items() if re.search(rf'"{re.escape(m)}\.', t)), None)
        if not main:
            continue
        files = [main]
        for inc in re.findall(r'#include\s+"([^"]+)\.h"', texts[main]):
            for cand in (os.path.join(root, "lib", inc), os.path.join(root, "tests", inc)):
                rel = os.path.relpath(cand, root)
                if not (rel.startswith(("lib/model/", "lib/arch/id_regs", "lib/runtime/profiling_exception"))
                        or rel.startswith("tests/")):
                    continue
                for ext in (".c", ".S"):
                    if os.path.exists(cand + ext) and cand + ext not in files:
                        files.append(cand + ext)
            if inc == "ebep":  # ebep.h declares the assembly sequences of tests/ebep_sequences.S
                s = os.path.join(root, "tests", "ebep_sequences.S")
                if os.path.exists(s) and s not in files:
                    files.append(s)
        out[m] = [os.path.relpath(f, root) for f in files]
    return out


def field_report(root, fields_md, runs):
    fields = load_fields(fields_md)
    registers = list(dict.fromkeys(r for r, *_ in fields))
    reach = reachable_registers(root, registers)
    outcomes = {}  # module -> {point name: {config: status}}
    for config, points in runs.items():
        for p in points:
            name, key = point_key(p["name"], config)
            outcomes.setdefault(module_of(p["name"]), {}).setdefault(name, {})[key] = p["status"]
    ran = {m for m, pts in outcomes.items() if any(s != "skip" for c in pts.values() for s in c.values())}
    sources = module_sources(root, sorted(outcomes))
    texts = {f: _read(os.path.join(root, f))
             for fs in sources.values() for f in fs}
    varied, ids = varied_evidence(runs)
    result = []
    for reg, field, bits, cond in fields:
        entry = {"register": reg, "field": field, "bits": bits, "condition": cond,
                 "reachable": reg in reach, "how": reach.get(reg, ""), "modules": {}, "files": {}}
        for m, fs in sources.items():
            for f in fs:
                kind = field_uses(texts[f], reg, field, bits)
                if kind:
                    entry["files"].setdefault(f, kind)
                    entry["modules"].setdefault(m, set()).add(kind)
        entry["modules"] = {m: sorted(k) for m, k in entry["modules"].items()}
        entry["own_modules"] = sorted(m for m in entry["modules"] if sources[m][0] in entry["files"])
        ran_modules = [m for m in entry["modules"] if m in ran]
        if not entry["reachable"]:
            entry["state"] = "unreachable"
            entry["why"] = "pmucheck has no accessor for " + reg
        elif ran_modules and not value_dependence(reg, bits, entry, varied, ids):
            entry["state"] = "gap"
            entry["why"] = ("used by " + ", ".join(sorted(ran_modules)) + ", but no test point that ran varied it "
                            "(no check's outcome was shown to depend on its value)")
        elif ran_modules:
            entry["state"] = "observed"
            entry["evidence"] = value_dependence(reg, bits, entry, varied, ids)
            entry["points"] = {m: summarize_module(outcomes[m]) for m in sorted(ran_modules)}
            entry["shared_files"] = sorted({f for m in entry["modules"] if m not in entry["own_modules"]
                                            for f in sources[m][1:] if f in entry["files"]})
        elif entry["modules"]:
            entry["state"] = "gap"
            entry["why"] = "used by " + ", ".join(sorted(entry["modules"])) + ", whose test points only SKIPped"
        else:
            entry["state"] = "gap"
            why = field_area(reg, field, cond) or "no module's code names it, and nothing says why: a gap"
            if cond:
                why += "; " + re.sub(r"\s*:$", "", cond)
            entry["why"] = why
        result.append(entry)
    return result, sources, ran


def value_dependence(reg, bits, entry, varied, ids):
    """Why a check's outcome depended on the field's value, or "": its bits varied while a test point that ran
    was open (the varied lines); a field that is the whole register, read or written by a module that ran (its
    value is the checked count); an ID register field whose value differs among the configurations that ran
    (the gates that decide which points run and what the model expects)."""
    mask = bits_mask(bits)
    if varied.get(TWIN.get(reg, reg), 0) & mask:
        return f"varied: {TWIN.get(reg, reg)} bits 0x{varied[TWIN.get(reg, reg)] & mask:x}"
    if mask == (1 << 64) - 1:
        return "the whole register's value is what its checks compare"
    values = {(v & mask) for v in ids.get(reg, set())}
    if len(values) > 1:
        return f"{len(values)} values among the configurations that ran"
    return ""


def summarize_module(points):
    counts = {}
    for cfgs in points.values():
        for s in cfgs.values():
            counts[s] = counts.get(s, 0) + 1
    return f"{len(points)} points: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))


# ---------------------------------------------------------------- report
def build(root, spec_dir, tap_paths):
    seeds = load_seeds(spec_dir)
    runs = read_runs(tap_paths)
    cited, tables_cited = rule_report(runs, seeds)
    known = set(seeds["ids"]) | set(cited)
    fields_md = os.path.join(spec_dir, "registers", "FIELDS.md")
    words = {f for _r, f, *_ in load_fields(fields_md)} if os.path.exists(fields_md) else set()
    code = code_citations(root, known, words)
    reasons = code_reasons(root)
    rules = {}
    for rid, info in sorted(seeds["ids"].items()):
        pts = cited.get(rid, {})
        rules[rid] = dict(info, verdict=verdict(pts), points=pts, skip_reasons=skip_reasons(pts),
                          code=code.get(rid, []))
        if rules[rid]["verdict"] == "not checkable":
            rules[rid]["why"] = not_checkable_why(rules[rid], reasons, rid)
    extra = {rid: {"verdict": verdict(pts), "points": pts, "code": code.get(rid, []),
                   "near": [k for k in seeds["ids"] if k[1:] == rid[1:]]}
             for rid, pts in sorted(cited.items()) if rid not in seeds["ids"]}
    code_only = {rid: locs for rid, locs in sorted(code.items()) if rid not in cited}
    tables = {}
    for t in sorted(set(seeds["tables"]) | set(tables_cited), key=lambda s: [int(x) for x in re.findall(r"\d+", s)]):
        pts = tables_cited.get(t, {})
        tables[t] = {"in_seeds": seeds["tables"].get(t, []), "verdict": verdict(pts), "points": pts,
                     "skip_reasons": skip_reasons(pts)}
    fields, sources, ran = field_report(root, fields_md, runs) if os.path.exists(fields_md) else ([], {}, set())
    seed_text = seed_text_report(load_seed_text(spec_dir), runs, reasons)
    for sec in seed_text:
        sec["terms"] = sorted("/".join(t[1:]) for t in sec["terms"])
    s = summary(rules, tables, fields, seed_text)
    return {"tap_files": sorted(runs), "seed_files": seeds["files"], "rules": rules, "cited_not_in_seeds": extra,
            "code_only": code_only, "tables": tables, "fields": fields, "module_sources": sources,
            "modules_ran": sorted(ran), "seed_text": seed_text, "summary": s,
            "seed_text_summary": seed_text_line(s["seed_text"])}


def summary(rules, tables, fields, seed_text=()):
    s = {}
    for kind in ("rule", "informative"):
        rs = [r for r in rules.values() if r["kind"] == kind and r["defined"]]
        s[kind] = {v: sum(1 for r in rs if r["verdict"] == v) for v in ("checked", "failed", "skipped", "not checkable")}
        s[kind]["total"] = len(rs)
    s["referenced_only"] = sum(1 for r in rules.values() if not r["defined"])
    s["tables"] = {"checked": sum(1 for t in tables.values() if t["in_seeds"] and t["verdict"] == "checked"),
                   "total": sum(1 for t in tables.values() if t["in_seeds"])}
    s["fields"] = {"total": len(fields), "reachable": sum(1 for f in fields if f["reachable"]),
                   "observed": sum(1 for f in fields if f["state"] == "observed"),
                   "gaps": sum(1 for f in fields if f["state"] == "gap")}
    units = [u for sec in seed_text for u in sec["units"]]
    t = {"sections": sum(1 for sec in seed_text if sec["units"]),
         "items": sum(1 for u in units if u["kind"] == "item"),
         "paragraphs": sum(1 for u in units if u["kind"] == "paragraph"),
         "functions": sum(1 for u in units if u["kind"] == "function"), "reasons": {}}
    for v in ("checked", "failed", "skipped", "not checkable", "gap"):
        t[v] = sum(1 for u in units if u["status"] == v)
    for u in units:
        if u["status"] == "not checkable":
            t["reasons"][u["why"]] = t["reasons"].get(u["why"], 0) + 1
    s["seed_text"] = t
    return s


def seed_text_line(t):
    """The Summary's line for the seed text without rule IDs."""
    why = "; ".join(f"{n}: {w}" for w, n in sorted(t["reasons"].items(), key=lambda wn: -wn[1]))
    return (f"seed text without rule IDs: {t['sections']} sections, {t['items']} list items, {t['paragraphs']} "
            f"paragraphs, {t['functions']} pseudocode functions: {t['checked']} checked, {t['failed']} failed, "
            f"{t['skipped']} skipped, {t['not checkable']} not checkable" + (f" ({why})" if why else "") +
            f", {t['gap']} gaps")


def pct(a, b):
    return f"{a}/{b} ({100.0 * a / b:.0f}%)" if b else f"{a}/{b}"


def markdown(rep):
    s, out = rep["summary"], []
    w = out.append
    w("# pmucheck spec coverage\n")
    w("Generated by `ci/coverage.py` from the rules text every test point prints (not a hand-kept list), over "
      f"{len(rep['tap_files'])} TAP file(s): {', '.join(rep['tap_files']) or '(none)'}; spec seeds: "
      f"{', '.join(rep['seed_files'])}.\n")
    w("How to read it: a seed rule is *checked* when a test point citing it (rule ID in its rules text) ended "
      "ok, or as a recorded deviation (TODO), on some configuration; *failed* when citing points only failed; "
      "*skipped* when they were only SKIPs (feature absent: reasons listed); *not checkable* when no test point "
      "cites it (why: a reason the code states as \"<ID> not checkable: ...\", else what the seed shows). An "
      "ID is *defined* in a seed when it opens a line, item, heading or table cell; IDs only "
      "mentioned inside a sentence (defined elsewhere in the manual) are listed apart and not counted. A field is "
      "*observed* when the code of a module whose test points ran (tests/<module>.c and the model/utility sources "
      "it includes) uses its arch_regs.h macro or names it as REGISTER.FIELD, or, for a field that is the whole "
      "64-bit register, reads or writes the register, and a test point that ran varied its bits (the \"varied:\" "
      "lines), or it is the whole register, or an ID register field whose value differs among the configurations "
      "that ran; a gap's *why none* names the part of the architecture the "
      "field belongs to when that is not the PMU, or the PMU feature with no check yet; *reachable* when "
      "pmucheck has an "
      "accessor for its register (lib/arch/sysreg.h or the access model's register list). Observed means a "
      "checked outcome was computed under both values of some bit of the field, not that every value is "
      "exercised. Seed text without rule IDs: the list items and requirement paragraphs of the seed sections "
      "that define no rule ID; a test point cites one when its rules text names the section's number and the "
      "item's event name, or a field, register or event the text names. Details: the docstring of "
      "ci/coverage.py.\n")
    w("## Summary\n")
    for kind, label in (("rule", "Rules (R)"), ("informative", "Informative statements (I)")):
        k = s[kind]
        w(f"- {label}: checked {pct(k['checked'], k['total'])}; failed {k['failed']}, skipped (feature absent) "
          f"{k['skipped']}, not checkable {k['not checkable']}")
    w(f"- Tables of the seeds: checked {pct(s['tables']['checked'], s['tables']['total'])}")
    f = s["fields"]
    w(f"- Register fields (FIELDS.md, reserved dropped): {f['total']}; reachable {f['reachable']}; observed "
      f"{pct(f['observed'], f['reachable'])} of the reachable; gaps {f['gaps']}")
    w(f"- IDs only referenced in the seeds (defined elsewhere): {s['referenced_only']}; cited by test points but "
      f"not in the seeds: {len(rep['cited_not_in_seeds'])}; cited in code only: {len(rep['code_only'])}")
    w(f"- {rep['seed_text_summary']}\n")

    rules = rep["rules"]
    w("## Rules no test point cites (not checkable)\n")
    nc = [(k, r) for k, r in rules.items() if r["defined"] and r["verdict"] == "not checkable"]
    w("| ID | seed, section | what it says (first sentence) | why not checkable | cited in code |\n"
      "|---|---|---|---|---|")
    for k, r in sorted(nc, key=lambda kr: (kr[1]["kind"] != "rule", kr[1]["file"], kr[0])):
        w(f"| {k} | {r['file'][:3]} {r['section']} | {r['sentence'].replace('|', '/')} | "
          f"{r['why'].replace('|', '/')} | {', '.join(r['code'][:3]) or '-'} |")
    w("")
    for v, title in (("failed", "Rules whose test points only failed"),
                     ("skipped", "Rules only skipped (feature absent)")):
        lst = [(k, r) for k, r in rules.items() if r["defined"] and r["verdict"] == v]
        w(f"## {title}\n")
        if not lst:
            w("(none)\n")
        for k, r in lst:
            w(f"- **{k}** ({r['file'][:3]} {r['section']}): {r['sentence']}")
            out.extend(detail_lines(r))
        w("")
    w("## Rules checked\n")
    for k, r in rules.items():
        if r["defined"] and r["verdict"] == "checked":
            w(f"- **{k}** ({r['file'][:3]} {r['section']})")
            out.extend(detail_lines(r, skips=False))
    w("")
    out.extend(seed_text_markdown(rep["seed_text"]))
    w("## IDs only referenced in the seeds\n")
    for k, r in rules.items():
        if not r["defined"]:
            w(f"- {k} ({r['file'][:3]} {r['section']}): {r['verdict']}; \"{r['sentence']}\"")
    w("")
    w("## IDs cited by test points but not in the seeds\n")
    for k, r in rep["cited_not_in_seeds"].items():
        near = f" (the seeds have {', '.join(r['near'])})" if r["near"] else ""
        w(f"- **{k}**{near}: {r['verdict']}")
        out.extend(detail_lines(r, skips=False))
    w("")
    w("## Cited in code, not in any test point\n")
    if not rep["code_only"]:
        w("(none)")
    for k, locs in rep["code_only"].items():
        where = "seed " + rules[k]["file"][:3] if k in rules else "not in the seeds"
        w(f"- **{k}** ({where}): {', '.join(locs[:6])}{' ...' if len(locs) > 6 else ''}")
    w("")
    w("## Tables\n")
    for t, r in rep["tables"].items():
        seeds = ("seed " + ", ".join(x[:3] for x in r["in_seeds"])) if r["in_seeds"] else "not in the seeds"
        w(f"- **Table {t}** ({seeds}): {r['verdict']}")
        out.extend(detail_lines(r))
    w("")
    fields = rep["fields"]
    w("## Fields no check observes (gaps to close or explain)\n")
    w("| field | bits | why none | condition |\n|---|---|---|---|")
    for e in fields:
        if e["state"] == "gap":
            w(f"| {e['register']}.{e['field']} | {e['bits']} | {e['why'].split(';')[0]} | "
              f"{e['condition'].rstrip(':').replace('|', '/')[:120]} |")
    w("")
    w("## Fields of registers pmucheck cannot reach\n")
    byreg = {}
    for e in fields:
        if e["state"] == "unreachable":
            byreg.setdefault(e["register"], []).append(e["field"])
    for reg, fs in byreg.items():
        w(f"- {reg} (no accessor, not in the access model): {', '.join(fs)}")
    w("")
    w("## Fields observed\n")
    w("*own*: tests/<module>.c itself uses the field; *shared*: only sources it includes do (the model, "
      "pmu_util, id_regs), listed with the modules that include them. Test points: the own modules' that ran.\n")
    w("| field | own modules (how) | shared sources (modules) | own modules' test points |\n|---|---|---|---|")
    for e in fields:
        if e["state"] == "observed":
            own = ", ".join(f"{m} ({'/'.join(e['modules'][m])})" for m in e["own_modules"]) or "-"
            shared = [m for m in e["modules"] if m not in e["own_modules"]]
            sh = (", ".join(e["shared_files"]) + f" ({len(shared)} modules)") if shared else "-"
            pts = "; ".join(f"{m}: {v}" for m, v in e["points"].items() if m in e["own_modules"]) or "-"
            w(f"| {e['register']}.{e['field']} | {own} | {sh} | {pts} |")
    w("")
    return "\n".join(out) + "\n"


def seed_text_markdown(sections):
    """Per section of the seed text without rule IDs: its status and points, then a table of its units."""
    out = ["## Seed text without rule IDs\n",
           "Sections of the seeds that define no rule ID, split into list items and paragraphs that state a "
           "requirement (the docstring says how, and how a test point cites one). Gaps and not checkable first.\n"]
    order = {"gap": 0, "failed": 1, "not checkable": 2, "skipped": 3, "checked": 4}
    for sec in sections:
        if not sec["units"]:
            continue
        cites = "; ".join(summarize_points(sec["points"])) or "no test point names it"
        out.append(f"### {sec['key']} {sec['title'] if '/' not in sec['key'] else ''} ({sec['file'][:3]}): "
                   f"{sec['status']}: {cites}\n".replace("  ", " "))
        out.append("| key | status | what it says | test points, or why none |\n|---|---|---|---|")
        for u in sorted(sec["units"], key=lambda u: order[u["status"]]):
            what = first_sentence(u["text"], 160).replace("|", "/")
            skips = u["skip_reasons"] if u["status"] == "skipped" else []
            pts = "; ".join(summarize_points(u["points"]) + [f"SKIP: {r}" for r in skips[:3]] +
                            [f"{len(skips) - 3} more SKIP reasons"] * (len(skips) > 3))
            out.append(f"| {u['key'].split('/')[-1]} | {u['status']} | {what} | "
                       f"{(pts or u.get('why', '')).replace('|', '/')} |")
        out.append("")
    return out


def default_input(root):
    """What to read without a TAP argument: the newer of make test's build/test-results (its *.tap) and make
    run's build/last-run.tap; the results folder when neither exists (main() then says so)."""
    results, last = os.path.join(root, "build", "test-results"), os.path.join(root, "build", "last-run.tap")
    newest = max((os.path.getmtime(t) for t in glob.glob(os.path.join(results, "*.tap"))), default=None)
    if os.path.exists(last) and os.path.getsize(last) and (newest is None or os.path.getmtime(last) > newest):
        print(f"coverage: reading {os.path.relpath(last)} (the last make run)", file=sys.stderr)
        return last
    return results


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tap", nargs="*", help="TAP files or directories (default build/test-results)")
    ap.add_argument("--spec", default=os.environ.get("SPEC_DIR", os.path.join(ROOT, "..", "shared", "spec")))
    ap.add_argument("--root", default=ROOT)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "coverage"))
    args = ap.parse_args(argv)
    taps = args.tap or [default_input(args.root)]
    if not any(glob.glob(os.path.join(p, "*.tap")) if os.path.isdir(p) else os.path.exists(p) for p in taps):
        print("coverage: no TAP output (run `make test`, or `make run` and pass its output file)", file=sys.stderr)
        return 2
    if not os.path.isdir(args.spec):
        print(f"coverage: no spec seeds at {args.spec} (SPEC_DIR=...)", file=sys.stderr)
        return 2
    rep = build(args.root, args.spec, taps)
    md = markdown(rep)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "coverage.md"), "w", encoding="utf-8") as f:
        f.write(md)
    with open(os.path.join(args.out, "coverage.json"), "w", encoding="utf-8") as f:
        json.dump(rep, f, indent=1, sort_keys=True)
    sys.stdout.write(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
