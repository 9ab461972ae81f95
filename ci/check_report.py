#!/usr/bin/python3
"""Render ci/report.py's page in a real browser (Debian's headless Chromium) and check what it shows.

  ci/check_report.py [--tap build/test-results/el3-max@qemu-10.0.tap] [--base build/test-results/el3-max@qemu-7.2.tap]
                     [--out build/test-results]

Two pages are checked:
  - sample: a TAP stream written here with one point of each status (a failure among them), two PEs, markup
    in a reason, and a second stream it is compared with (the "what changed" section);
  - run: the run's TAP (--tap; with --base, the page compares it with that run), when the file exists.
For each, ci/report.py writes the page; Chromium loads it from a file:// URL twice:
  --dump-dom: the rendered DOM must hold the totals, elements count-pass, count-fail, count-skip, count-todo
    and count-total whose text equals the counts taken from the TAP itself (its summary line `N passed,
    N failed, N skipped`, its `expected failures (TODO ...): N` line and its number of test points), and,
    with two files, count-changed (the sample's is known);
  --screenshot (1400x2000): a PNG of that size is written (kept as <out>/report-<page>.png), and its top,
    where the totals are, shows the pass box's green and the fail box's red (the inline CSS applied).
Chromium is Debian's package `chromium` (ci/install-deps.sh installs it); when it is missing this script
installs it the same way (ci/apt-lib.sh), and only when that fails does it skip, printing
"0 passed, 0 failed, 1 skipped". The last line printed is "N passed, N failed[, N skipped]".
"""
import argparse
import html.parser
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_qemu import parse_tap  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
PYTHON = sys.executable or "/usr/bin/python3"
WIDTH, HEIGHT = 1400, 2000
# The colours of the totals' boxes in ci/report.py's CSS (.pass, .fail).
GREEN, RED = (0xb9, 0xe6, 0xb9), (0xf0, 0x80, 0x80)
# Chromium in a closed network, as root: no sandbox, no GPU, none of its background connections.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--hide-scrollbars"]
TODO_LINE = re.compile(r"^# expected failures \(TODO.*\): (\d+)\s*$", re.M)

SAMPLE_A = """TAP version 14
# pmucheck: PMUv3 conformance checks (platform qemu-virt)
# entered at EL3
# QEMU 10.0 (boot argument pmucheck.qemu): the deviations recorded for it apply
# every check runs on each of the 2 PEs in turn; test points are named pe<N>.<name>
# PE 0: MPIDR_EL1 = 0x0000000000 MIDR_EL1 = 0x000f0510
# ID_AA64DFR0_EL1 = 0x100000001030560a: PMUVer=0x6 (FEAT_PMUv3p5) HPMN0=1 PMSS=0 SEBEP=0 PMSVer=0
ok 1 - pe0.enable.swinc.el3 D11.5.1 (24 checks)
ok 2 - pe0.enable.swinc.ns_el1 D11.5.1 (24 checks)
ok 3 - pe0.enable.swinc.s_el1_sel2 D11.5.1 # SKIP FEAT_SEL2 <not> implemented & absent
#   pe0.ebep.irq.ns_el1: PMBSR_EL1 expected 0x1, seen 0x0
not ok 4 - pe0.ebep.irq.ns_el1 (4 checks, 1 failed)
not ok 5 - pe0.guest_view.bits.ns_el1 D24.5 (9 checks, 3 failed) # TODO qemu-virt 10.0: N not limited by HPMN
ok 6 - pe0.overflow.chain D11.7 (3 checks)
# PE 1: MPIDR_EL1 = 0x0000000001 MIDR_EL1 = 0x000f0510
# ID_AA64DFR0_EL1 = 0x100000001030560a: PMUVer=0x6 (FEAT_PMUv3p5) HPMN0=1 PMSS=0 SEBEP=0 PMSVer=0
ok 7 - pe1.enable.swinc.el3 D11.5.1 (24 checks)
ok 8 - pe1.enable.swinc.ns_el1 D11.5.1 (24 checks)
ok 9 - pe1.enable.swinc.s_el1_sel2 D11.5.1 # SKIP FEAT_SEL2 <not> implemented & absent
ok 10 - pe1.ebep.irq.ns_el1 (4 checks)
not ok 11 - pe1.guest_view.bits.ns_el1 D24.5 (9 checks, 3 failed) # TODO qemu-virt 10.0: N not limited by HPMN
ok 12 - pe1.overflow.chain D11.7 (3 checks)
1..12
# expected failures (TODO, listed in platform/qemu-virt/xfail.c): 2
7 passed, 1 failed, 2 skipped
"""
# B: pe0.enable.swinc.ns_el1 fails, pe1.overflow.chain removed, pe1.overflow.ccntr added.
SAMPLE_B = (SAMPLE_A
            .replace("ok 2 - pe0.enable.swinc.ns_el1 D11.5.1 (24 checks)",
                     "not ok 2 - pe0.enable.swinc.ns_el1 D11.5.1 (24 checks, 2 failed)")
            .replace("pe1.overflow.chain", "pe1.overflow.ccntr")
            .replace("7 passed, 1 failed", "6 passed, 2 failed"))
SAMPLE_CHANGED = 1


class Ids(html.parser.HTMLParser):
    """The text of every element with an id."""

    def __init__(self):
        super().__init__()
        self.text, self._open = {}, []

    def handle_starttag(self, tag, attrs):
        ident = dict(attrs).get("id")
        self._open.append([tag, ident, ""])

    def handle_endtag(self, tag):
        while self._open:
            t, ident, text = self._open.pop()
            if ident:
                self.text[ident] = text
            if self._open:
                self._open[-1][2] += text
            if t == tag:
                break

    def handle_data(self, data):
        if self._open:
            self._open[-1][2] += data


def expected_counts(text):
    """The totals as the TAP itself states them (not through ci/report.py)."""
    points, summary, _ = parse_tap(text)
    if summary is None:
        raise ValueError("no summary line")
    m = TODO_LINE.search(text.replace("\r", ""))
    passed, failed, skipped = summary
    return {"count-pass": passed, "count-fail": failed, "count-skip": skipped,
            "count-todo": int(m.group(1)) if m else 0, "count-total": len(points)}


def png_info(path, rows):
    """(width, height, [(r, g, b)...] of the first `rows` rows) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                return width, height, None
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    bpp = 3 if ctype == 2 else 4
    stride = width * bpp
    raw = zlib.decompressobj().decompress(b"".join(idat), (stride + 1) * rows)
    prev, pixels = bytearray(stride), set()
    for y in range(min(rows, len(raw) // (stride + 1))):
        ftype, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        pixels.update(zip(line[0::bpp], line[1::bpp], line[2::bpp]))
        prev = line
    return width, height, pixels


def find_chromium():
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def install_chromium():
    """Debian's chromium, the way ci/install-deps.sh installs its packages. Returns its path or None."""
    print("check_report: chromium missing: installing Debian's chromium (ci/apt-lib.sh)")
    r = subprocess.run(["bash", "-c", '. ci/apt-lib.sh && install_missing chromium'], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=900)
    if r.returncode:
        print(r.stdout.strip()[-2000:])
    return find_chromium()


def chromium(binary, args, timeout=120):
    with tempfile.TemporaryDirectory(prefix="pmucheck-chromium-") as profile:
        return subprocess.run([binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout)


def check_page(binary, name, tap, base, out_dir, want_changed=None):
    """Write the page of `tap` (compared with `base` when given), render it; returns a list of problems."""
    with open(tap, encoding="utf-8", errors="replace") as f:
        want = expected_counts(f.read())
    page = os.path.join(out_dir, f"report-{name}", "index.html")
    r = subprocess.run([PYTHON, os.path.join(ROOT, "ci", "report.py"), "--out", page,
                        *([base] if base else []), tap], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    if r.returncode:
        return [f"ci/report.py failed: {r.stdout.strip()}"]
    url = "file://" + os.path.abspath(page)
    problems = []

    dom = chromium(binary, ["--dump-dom", url])
    ids = Ids()
    ids.feed(dom.stdout)
    if dom.returncode or "count-total" not in ids.text:
        return [f"chromium --dump-dom: exit status {dom.returncode}, no count-total in the DOM "
                f"({len(dom.stdout)} characters; stderr: {dom.stderr.strip()[-500:]})"]
    if want_changed is not None:
        want = dict(want, **{"count-changed": want_changed})
    for ident, n in want.items():
        seen = ids.text.get(ident, "(absent)").strip()
        if seen != str(n):
            problems.append(f"#{ident} shows {seen!r}, the TAP says {n}")

    png = os.path.join(out_dir, f"report-{name}.png")
    if os.path.exists(png):
        os.remove(png)
    shot = chromium(binary, [f"--screenshot={os.path.abspath(png)}", f"--window-size={WIDTH},{HEIGHT}", url])
    if shot.returncode or not os.path.exists(png):
        return problems + [f"chromium --screenshot: exit status {shot.returncode}, no {png} "
                           f"(stderr: {shot.stderr.strip()[-500:]})"]
    width, height, pixels = png_info(png, 300)
    if (width, height) != (WIDTH, HEIGHT):
        problems.append(f"{png} is {width}x{height}, not {WIDTH}x{HEIGHT}")
    if pixels is None:
        problems.append(f"{png}: not an 8-bit RGB(A) PNG, its colours not checked")
    else:
        for colour, what in ((GREEN, "pass box's green"), (RED, "fail box's red")):
            if colour not in pixels:
                problems.append(f"{png}: the top 300 rows lack the {what} #{bytes(colour).hex()} "
                                "(the page's CSS did not apply?)")
    return problems


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tap", default=os.path.join(ROOT, "build/test-results/el3-max@qemu-10.0.tap"))
    ap.add_argument("--base", default=os.path.join(ROOT, "build/test-results/el3-max@qemu-7.2.tap"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build/test-results"))
    args = ap.parse_args(argv)
    start = time.monotonic()
    binary = find_chromium() or install_chromium()
    if not binary:
        print("check_report: SKIP: chromium is not installed and could not be installed")
        print("0 passed, 0 failed, 1 skipped")
        return 0
    version = subprocess.run([binary, "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True).stdout.strip()
    print(f"check_report: {version or binary}")
    os.makedirs(args.out, exist_ok=True)
    passed = failed = skipped = 0
    with tempfile.TemporaryDirectory() as d:
        a, b = os.path.join(d, "sample-a.tap"), os.path.join(d, "sample-b.tap")
        for path, text in ((a, SAMPLE_A), (b, SAMPLE_B)):
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        cases = [("sample", b, a, SAMPLE_CHANGED)]
        if os.path.exists(args.tap):
            cases.append(("run", args.tap, args.base if os.path.exists(args.base) else None, None))
        else:
            print(f"skip run: no {args.tap} (the QEMU step writes it)")
            skipped += 1
        for name, tap, base, changed in cases:
            t0 = time.monotonic()
            try:
                problems = check_page(binary, name, tap, base, args.out, changed)
            except (OSError, ValueError, subprocess.TimeoutExpired) as e:
                problems = [f"{type(e).__name__}: {e}"]
            what = f"{name}: {os.path.relpath(tap, ROOT) if name == 'run' else 'sample TAP'}" + \
                   (f" against {os.path.relpath(base, ROOT) if name == 'run' else 'sample A'}" if base else "")
            if problems:
                failed += 1
                print(f"FAIL {what}")
                for p in problems:
                    print(f"  {p}")
            else:
                passed += 1
                print(f"ok   {what}: rendered totals match the TAP, screenshot "
                      f"{os.path.relpath(os.path.join(args.out, f'report-{name}.png'), ROOT)} "
                      f"({time.monotonic() - t0:.1f} s)")
    print(f"check_report: {time.monotonic() - start:.1f} s")
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
