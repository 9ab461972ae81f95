#!/usr/bin/python3
"""Write one self-contained HTML page (inline CSS, no external resource, no JavaScript) from a run's TAP.

  ci/report.py [--out build/report/index.html] [--coverage build/coverage/coverage.json] [A.tap] [B.tap]

With one TAP file (default: the newer of build/last-run.tap, what `make run` kept, and make test's
build/test-results/el3-max@qemu-10.0.tap) the page shows that run; with two, it
shows B and a "what changed" section from A to B (points whose status differs, points added, points removed).
`make report [A=<tap>] [B=<tap>]` runs it.

The page has:
  - totals per status (elements with ids count-pass, count-fail, count-skip, count-todo, count-xpass,
    count-total: ci/check_report.py reads them back from the rendered DOM);
  - the platform's identity: the `# ...` header lines before the first test point, and each PE's block
    (`# PE <n>: MPIDR_EL1 = ...` up to that PE's first test point) when the run has several PEs;
  - a grid per PE: rows are check names (the test point name without `pe<n>.` and without its context
    suffix), columns the contexts (and one for points without a context); each cell is coloured by status,
    its SKIP / TODO reason (or a failure's first diagnostics) in the title tooltip;
  - rule coverage from build/coverage/coverage.json when it exists (`make coverage`; read loosely: a
    top-level list or object becomes a short table);
  - the differences between A and B when two files are given.
Test points come from ci/run_qemu.py's parse_tap().
"""
import argparse
import collections
import html
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_qemu import parse_tap  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
DEFAULT_TAP = "build/test-results/el3-max@qemu-10.0.tap"
LAST_RUN_TAP = "build/last-run.tap"  # what `make run` keeps
DEFAULT_OUT = "build/report/index.html"
DEFAULT_COVERAGE = "build/coverage/coverage.json"
# The firmware's contexts (doc/output-format.md), in the order of the grid's columns; "" is no context.
CONTEXTS = ["el3", "ns_el2", "s_el2", "ns_el1", "ns_el0", "s_el1", "s_el0", "s_el1_sel2", "s_el0_sel2"]
COLUMNS = CONTEXTS + [""]
# parse_tap's statuses -> the page's: ok -> pass; xpass is a recorded deviation (TODO) that did not show.
STATUSES = ["pass", "fail", "skip", "todo", "xpass"]
STATUS_OF = {"ok": "pass", "fail": "fail", "skip": "skip", "todo": "todo", "xpass": "xpass"}
LABEL = {"pass": "pass", "fail": "fail", "skip": "skip", "todo": "recorded deviation (TODO)",
         "xpass": "TODO passed (deviation gone)"}
MARK = {"pass": "\u2713", "fail": "\u2717", "skip": "\u2013", "todo": "T", "xpass": "!"}
# When one cell holds more than one point (a duplicate name), the worst status colours it.
SEVERITY = {"fail": 4, "xpass": 3, "todo": 2, "skip": 1, "pass": 0}
PE_PREFIX = re.compile(r"^pe(\d+)\.(.+)$")
PE_HEADER = re.compile(r"^# PE (\d+):")
TEST_LINE = re.compile(r"^(not )?ok\b")

CSS = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.5em; margin: 0 0 .3em; } h2 { font-size: 1.2em; margin: 1.4em 0 .5em; }
.src { color: #555; font-size: .9em; }
.totals { display: flex; gap: .8em; flex-wrap: wrap; margin: .8em 0; }
.total { padding: .5em 1em; border-radius: 6px; border: 1px solid #bbb; min-width: 6em; }
.total .n { font-size: 1.8em; font-weight: bold; display: block; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
table.grid td.cell { text-align: center; width: 4.2em; font-weight: bold; }
table.grid td.name { font-family: ui-monospace, monospace; white-space: nowrap; }
table.grid th.ctx { font-family: ui-monospace, monospace; font-size: .85em; }
.pass { background: #b9e6b9; } .fail { background: #f08080; color: #600; } .skip { background: #e4e4e4; color: #666; }
.todo { background: #ffd27f; } .xpass { background: #c9a6ff; } td.none { background: #fff; }
.header td { font-family: ui-monospace, monospace; font-size: .9em; }
.note { color: #555; font-style: italic; }
details { margin: .5em 0; } summary { cursor: pointer; font-weight: bold; }
.legend span { padding: 1px 8px; margin-right: .5em; border: 1px solid #bbb; }
"""


def esc(text):
    return html.escape(str(text), quote=True)


def split_name(name):
    """'pe1.ebep.irq.ns_el1' -> (1, 'ebep.irq', 'ns_el1'); no pe prefix -> PE None; no context -> ''."""
    pe = None
    m = PE_PREFIX.match(name)
    if m:
        pe, name = int(m.group(1)), m.group(2)
    check, _, last = name.rpartition(".")
    if check and last in CONTEXTS:
        return pe, check, last
    return pe, name, ""


def parse_header(text):
    """The platform's identity: (header lines, {pe: lines}). The header is the `# ` lines (diagnostics of a
    test point, `#   name: ...`, left out) before the first test point and before the first `# PE <n>:`
    line; each PE's block runs from its `# PE <n>:` line to the next test point."""
    header, pes, block, in_block = [], collections.OrderedDict(), None, True
    for raw in text.replace("\r", "").splitlines():
        line = raw.rstrip()
        if TEST_LINE.match(line):
            in_block, block = False, None
            continue
        m = PE_HEADER.match(line)
        if m:
            block, in_block = pes.setdefault(int(m.group(1)), []), True
        if not in_block or not line.startswith("# ") or line.startswith("#  "):
            continue
        (block if block is not None else header).append(line[2:])
    return header, pes


def load(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    points, summary, bail = parse_tap(text)
    header, pes = parse_header(text)
    return {"path": path, "points": points, "summary": summary, "bail": bail, "header": header, "pes": pes}


def counts(points):
    c = collections.Counter(STATUS_OF[p["status"]] for p in points)
    return {s: c.get(s, 0) for s in STATUSES}


def tooltip(point):
    status = STATUS_OF[point["status"]]
    parts = [f"{point['name']}: {LABEL[status]}"]
    if point["reason"]:
        parts.append(point["reason"])
    if status in ("fail", "xpass"):
        parts += [d.lstrip("# ").strip() for d in point["diag"][:4]]
    return "\n".join(parts)


def grids(points):
    """{pe (None when unnamed): {check: {context: [points]}}}, in the run's order."""
    out = collections.OrderedDict()
    for p in points:
        pe, check, ctx = split_name(p["name"])
        out.setdefault(pe, collections.OrderedDict()).setdefault(check, {}).setdefault(ctx, []).append(p)
    return out


def render_grid(rows):
    used = [c for c in COLUMNS if any(c in cells for cells in rows.values())] or COLUMNS
    out = ['<table class="grid"><tr><th>check</th>']
    out += [f'<th class="ctx">{esc(c) if c else "(no context)"}</th>' for c in used]
    out.append("</tr>")
    for check, cells in rows.items():
        out.append(f'<tr><td class="name">{esc(check)}</td>')
        for c in used:
            pts = cells.get(c)
            if not pts:
                out.append('<td class="cell none"></td>')
                continue
            status = max((STATUS_OF[p["status"]] for p in pts), key=SEVERITY.get)
            title = "\n\n".join(tooltip(p) for p in pts)
            out.append(f'<td class="cell {status}" data-status="{status}" title="{esc(title)}">'
                       f'{MARK[status]}{"&times;" + str(len(pts)) if len(pts) > 1 else ""}</td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


IDENTITY = [("entered", re.compile(r"^entered at (EL\d)")), ("QEMU", re.compile(r"^QEMU (\S+)")),
            ("platform", re.compile(r"^pmucheck: .*\(platform (\S+)\)")), ("PEs", re.compile(r"^PEs: (.*)"))]
PE_IDENTITY = [("MIDR_EL1", re.compile(r"MIDR_EL1 = (0x[0-9a-fA-F]+)")),
               ("PMUVer", re.compile(r"PMUVer=(\S+(?: \([^)]*\))?)")), ("PMCR_EL0.N", re.compile(r"PMCR_EL0 = \S+: N=(\d+)"))]


def identity(header, pes):
    """A short line of the platform's identity: [(label, value)] picked from the header lines."""
    out = []
    for label, rx in IDENTITY:
        m = next((m for m in map(rx.match, header) if m), None)
        if m:
            out.append((label, m.group(1)))
    for pe, lines in pes.items():
        for label, rx in PE_IDENTITY:
            m = next((m for m in map(rx.search, lines) if m), None)
            if m:
                out.append((f"PE {pe} {label}" if len(pes) > 1 else label, m.group(1)))
    return out


def render_header_lines(lines):
    if not lines:
        return '<p class="note">no header lines</p>'
    out = ['<table class="header">']
    for line in lines:
        out.append(f"<tr><td>{esc(line)}</td></tr>")
    out.append("</table>")
    return "".join(out)


def render_coverage(path):
    out = ["<h2>Rule coverage</h2>"]
    if not os.path.exists(path):
        return out[0] + f'<p class="note" id="coverage-missing">no {esc(path)}: run <code>make coverage</code></p>'
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        return out[0] + f'<p class="note">{esc(path)} unreadable ({esc(e)}): run <code>make coverage</code></p>'

    def short(v):
        if isinstance(v, (dict, list)):
            s = json.dumps(v, sort_keys=True)
            return s if len(s) <= 120 else f"{type(v).__name__} of {len(v)}: {s[:110]}\u2026"
        return str(v)

    limit = 200
    out.append(f'<p class="src">from {esc(path)}</p><table class="coverage" id="coverage">')
    if isinstance(data, dict):
        items = list(data.items())
        out.append("<tr><th>key</th><th>value</th></tr>")
        out += [f"<tr><td>{esc(k)}</td><td>{esc(short(v))}</td></tr>" for k, v in items[:limit]]
    elif isinstance(data, list):
        items = data
        keys = []
        for item in items[:limit]:
            if isinstance(item, dict):
                keys += [k for k in item if k not in keys]
        if keys:
            keys = keys[:8]
            out.append("<tr>" + "".join(f"<th>{esc(k)}</th>" for k in keys) + "</tr>")
            for item in items[:limit]:
                row = item if isinstance(item, dict) else {keys[0]: item}
                out.append("<tr>" + "".join(f"<td>{esc(short(row.get(k, '')))}</td>" for k in keys) + "</tr>")
        else:
            out += [f"<tr><td>{esc(short(v))}</td></tr>" for v in items[:limit]]
    else:
        return out[0] + f'<p class="note">{esc(path)} holds neither a list nor an object: run <code>make coverage</code></p>'
    out.append("</table>")
    if len(items) > limit:
        out.append(f'<p class="note">{len(items) - limit} more entries not shown</p>')
    return "".join(out)


def diff(a_points, b_points):
    """(changed [(name, a point, b point)], added [b points], removed [a points]), by full test point name."""
    a = collections.OrderedDict((p["name"], p) for p in a_points)
    b = collections.OrderedDict((p["name"], p) for p in b_points)
    changed = [(n, a[n], p) for n, p in b.items() if n in a and a[n]["status"] != p["status"]]
    added = [p for n, p in b.items() if n not in a]
    removed = [p for n, p in a.items() if n not in b]
    return changed, added, removed


def render_diff(a, b):
    changed, added, removed = diff(a["points"], b["points"])
    out = ['<h2 id="changes">What changed</h2>',
           f'<p class="src">from A = {esc(a["path"])} to B = {esc(b["path"])}: '
           f'<span id="count-changed">{len(changed)}</span> changed, <span id="count-added">{len(added)}</span> '
           f'added, <span id="count-removed">{len(removed)}</span> removed</p>']

    def st(p):
        s = STATUS_OF[p["status"]]
        return f'<td class="{s}" title="{esc(tooltip(p))}">{esc(LABEL[s])}</td>'

    if changed:
        out.append('<table class="diff" id="diff-changed"><tr><th>test point</th><th>A</th><th>B</th></tr>')
        out += [f'<tr><td class="name">{esc(n)}</td>{st(pa)}{st(pb)}</tr>' for n, pa, pb in changed]
        out.append("</table>")
    for title, pts, ident in (("Added in B", added, "diff-added"), ("Removed in B", removed, "diff-removed")):
        if pts:
            out.append(f'<h3>{title}</h3><table class="diff" id="{ident}"><tr><th>test point</th><th>status</th></tr>')
            out += [f'<tr><td class="name">{esc(p["name"])}</td>{st(p)}</tr>' for p in pts]
            out.append("</table>")
    if not (changed or added or removed):
        out.append('<p class="note">no test point differs</p>')
    return "".join(out)


def render(run, base=None, coverage_path=DEFAULT_COVERAGE):
    points = run["points"]
    c = counts(points)
    title = os.path.basename(run["path"])
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>pmucheck report: {esc(title)}</title><style>{CSS}</style></head><body>",
           f"<h1>pmucheck report: {esc(title)}</h1>", f'<p class="src">{esc(run["path"])}</p>',
           '<div class="totals">']
    ident = identity(run["header"], run["pes"])
    if ident:
        out.insert(-1, '<p id="identity">' + " &middot; ".join(f"{esc(k)}: <b>{esc(v)}</b>" for k, v in ident)
                   + "</p>")
    for s in STATUSES:
        out.append(f'<div class="total {s}">{esc(LABEL[s])}<span class="n" id="count-{s}">{c[s]}</span></div>')
    out.append(f'<div class="total">test points<span class="n" id="count-total">{len(points)}</span></div></div>')
    if run["summary"]:
        p, f, s = run["summary"]
        out.append(f'<p class="src">the firmware\'s summary line: <span id="tap-summary">{p} passed, {f} failed, '
                   f'{s} skipped</span></p>')
    else:
        out.append('<p class="fail" id="tap-summary">no summary line: the run did not finish</p>')
    if run["bail"]:
        out.append(f'<p class="fail" id="bail">Bail out! {esc(run["bail"])}</p>')
    if base is not None:
        out.append(render_diff(base, run))

    out.append("<h2>Platform</h2>")
    out.append(render_header_lines(run["header"]))
    pes = run["pes"]
    if len(pes) > 1:
        for pe, lines in pes.items():
            out.append(f"<h3>PE {pe}</h3>{render_header_lines(lines)}")
    elif pes:
        out.append(render_header_lines(next(iter(pes.values()))))

    out.append("<h2>Test points by context</h2>")
    out.append('<p class="legend">' + "".join(f'<span class="{s}">{MARK[s]} {esc(LABEL[s])}</span>'
                                              for s in STATUSES) +
               '<span class="note">the reason is in each cell\'s tooltip</span></p>')
    g = grids(points)
    if not g:
        out.append('<p class="note">no test points</p>')
    for i, (pe, rows) in enumerate(g.items()):
        if pe is None and len(g) == 1:
            out.append(render_grid(rows))
            continue
        pc = counts([p for cells in rows.values() for pts in cells.values() for p in pts])
        label = f"PE {pe}" if pe is not None else "points without a PE prefix"
        summary = ", ".join(f"{pc[s]} {s}" for s in STATUSES if pc[s])
        out.append(f'<details{" open" if i == 0 else ""}><summary>{esc(label)}: {esc(summary)}</summary>'
                   f"{render_grid(rows)}</details>")

    out.append(render_coverage(coverage_path))
    out.append("</body></html>\n")
    return "\n".join(out)


def default_tap():
    """Without A: the newer of make run's build/last-run.tap and make test's DEFAULT_TAP (the latter when
    neither exists: main() then says so)."""
    test_tap, last = os.path.join(ROOT, DEFAULT_TAP), os.path.join(ROOT, LAST_RUN_TAP)
    if os.path.exists(last) and os.path.getsize(last) and (
            not os.path.exists(test_tap) or os.path.getmtime(last) > os.path.getmtime(test_tap)):
        return os.path.relpath(last)
    return os.path.relpath(test_tap)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("taps", nargs="*", help="A.tap [B.tap] (default: %s)" % DEFAULT_TAP)
    ap.add_argument("--out", default=DEFAULT_OUT, help="default: %(default)s in the tree")
    ap.add_argument("--coverage", default=DEFAULT_COVERAGE, help="default: %(default)s in the tree")
    args = ap.parse_args(argv)
    # the defaults are in the tree (paths on the command line are the caller's)
    in_tree = lambda path, default: os.path.join(ROOT, path) if path == default else path  # noqa: E731
    args.out, args.coverage = in_tree(args.out, DEFAULT_OUT), in_tree(args.coverage, DEFAULT_COVERAGE)
    taps = [t for t in args.taps if t] or [default_tap()]
    if len(taps) > 2:
        ap.error("at most two TAP files (A and B)")
    for t in taps:
        if not os.path.exists(t):
            print(f"report: no {t} (run `make test`, or give a TAP file: make report A=<tap> [B=<tap>])",
                  file=sys.stderr)
            return 1
    runs = [load(t) for t in taps]
    page = render(runs[-1], runs[0] if len(runs) == 2 else None, args.coverage)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(page)
    c = counts(runs[-1]["points"])
    print(f"report: {args.out}: " + ", ".join(f"{c[s]} {s}" for s in STATUSES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
