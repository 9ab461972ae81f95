#!/usr/bin/python3
"""Mutation testing of the spec model against the host tests (`make mutate`).

For each model source given, every mutation site of these kinds is tried, one mutant at a time:
  ==  <-> !=        <  <-> >=        >  <-> <=        &&  <-> ||
  !x  -> x          (a logical not removed; != is not a not)
  true <-> false    (every boolean literal, in a return or elsewhere)
  c ? a : b -> c ? b : a   (a conditional expression's branches swapped)
Comments, string and character literals and preprocessor lines are skipped. A mutant is built into the host test
binary (tests/host/*.c with the model, as build/host/test_model is, but without -Werror: a mutant's new warning,
such as -Wparentheses on `a || b && c`, is not a test failure; `make mutate` passes -O1) and run with
HOST_TEST_FAIL_FAST=1 (stop at the first failing case) and HOST_TEST_FIRST=<the file's suite> (tests/host/
test_ebep.c for pmu_ebep.c: it runs first, then every other suite). It is killed when the binary exits non-zero (a
test fails, or it crashes, or it runs over --timeout). A mutant that does not compile counts as killed and is
listed: it is a bug of this script. The source file is never written: each mutant is a copy in a temporary
directory, removed on exit, Ctrl-C and SIGTERM included.

An equivalent mutant (one no test can kill because the program means the same) is explained by a comment on the
line of its site (the operator's line; for a ternary, the line of its `?`), naming the mutation as this script
prints it (the same mutation twice on one line is numbered from the left: "|| -> && #2"):
    /* equivalent mutant "<= -> >": <why the flip changes nothing> */
A surviving mutant with such a comment is counted as explained, not survived. A marker whose mutant is killed, or
that names no mutant of its line, is reported as stale and fails the run too (an explanation must stay true).

Output: one line per surviving mutant (file:line: mutation, and the line), per stale marker and per build failure,
then per file and in total `mutants: N killed, N explained, N survived`. Exit status 1 if any mutant survived (or a
marker is stale), 2 if the unmutated tests fail.

Usage: ci/mutate_model.py [--jobs 2] [--timeout 30] [--cc cc] [--cflags "..."] [--srcs "..."] [--summary F]
                          [--list] [--verbose] FILE.c...
Python 3 standard library only.
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# What the Makefile's $(HOST_TEST) compiles: the model (lib/model/*.c), the handler's decisions and the host tests.
DEFAULT_SRCS = sorted(glob.glob(os.path.join(ROOT, "lib/model/*.c"))) + \
    [os.path.join(ROOT, "lib/runtime/profiling_exception.c")] + sorted(glob.glob(os.path.join(ROOT, "tests/host/*.c")))
# The host test's flags, but -O1 (a fifth less CPU per mutant than -O2), no -g and no -Werror (see above).
DEFAULT_CFLAGS = "-std=c11 -O1 -Wall -Wextra -Ilib"

MARKER = re.compile(r'equivalent mutant "([^"]+)"')
SWAP = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">", "&&": "||", "||": "&&",
        "true": "false", "false": "true"}
# Longest first, so that <<=, <<, -> and the two-character operators are never read as < or >.
TOKEN = re.compile(r"->|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[<>!?:;,(){}\[\]]|\btrue\b|\bfalse\b")


def code_only(text):
    """text with comments, string/char literals and preprocessor lines blanked (same length, newlines kept)."""
    out = list(text)
    i, n, line_start = 0, len(text), True

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "
    while i < n:
        c = text[i]
        if line_start and c == "#":
            j = i
            while j < n and text[j] != "\n":  # a directive, with its continuation lines
                j += 2 if text[j] == "\\" else 1
            blank(i, j)
            i = j
            continue
        if c == "\n":
            line_start = True
            i += 1
            continue
        if c in " \t":
            i += 1
            continue
        line_start = False
        if text.startswith("/*", i):
            j = text.index("*/", i + 2) + 2
            blank(i, j)
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif c in "\"'":
            j = i + 1
            while text[j] != c:
                j += 2 if text[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        else:
            i += 1
    return "".join(out)


def ternary_swap(code, text, q):
    """The mutant swapping the branches of the conditional expression whose `?` is at q, as (start, end, new)."""
    depth, nested, colon = 0, 0, None
    toks = [(m.start(), m.group()) for m in TOKEN.finditer(code, q + 1)]
    for pos, t in toks:
        if colon is None:
            if t in "([{":
                depth += 1
            elif t in ")]}":
                depth -= 1
            elif t == "?" and depth == 0:
                nested += 1
            elif t == ":" and depth == 0:
                if nested == 0:
                    colon = pos
                else:
                    nested -= 1
            continue
        # the false branch runs to the first , ; or unmatched closing bracket at its own depth
        if t in "([{":
            depth += 1
        elif t in ")]}":
            if depth == 0:
                end = pos
                break
            depth -= 1
        elif t in ",;" and depth == 0:
            end = pos
            break
        elif t == "?" and depth == 0:  # a conditional expression as the false branch: its ':' is its own
            nested += 1
        elif t == ":" and depth == 0:
            if nested == 0:  # the ':' of an enclosing conditional expression
                end = pos
                break
            nested -= 1
    else:
        raise ValueError("unterminated conditional expression at offset %d" % q)
    a_start, a_end = q + 1, colon
    b_start, b_end = colon + 1, end
    a, b = text[a_start:a_end], text[b_start:b_end]
    # keep the whitespace around each branch where it was
    a_lead, a_core = len(a) - len(a.lstrip()), a.strip()
    b_lead, b_core = len(b) - len(b.lstrip()), b.strip()
    new = a[:a_lead] + b_core + a[a_lead + len(a_core):] + ":" + b[:b_lead] + a_core + b[b_lead + len(b_core):]
    return a_start, b_end, new


def mutants(path):
    """Every mutant of the file: dicts with line, desc, start, end, new (text[start:end] replaced by new)."""
    with open(path) as fh:
        text = fh.read()
    code = code_only(text)
    found = []
    for m in TOKEN.finditer(code):
        t, pos = m.group(), m.start()
        line = text.count("\n", 0, pos) + 1
        if t in SWAP:
            found.append(dict(line=line, desc="%s -> %s" % (t, SWAP[t]), start=pos, end=m.end(), new=SWAP[t]))
        elif t == "!":
            found.append(dict(line=line, desc="! removed", start=pos, end=m.end(), new=""))
        elif t == "?":
            start, end, new = ternary_swap(code, text, pos)
            found.append(dict(line=line, desc="?: branches swapped", start=start, end=end, new=new))
    # the same mutation twice on a line: numbered in line order ("false -> true #2"), so a marker names one
    count = {}
    for m in found:
        count[(m["line"], m["desc"])] = count.get((m["line"], m["desc"]), 0) + 1
    seen = {}
    for m in found:
        key = (m["line"], m["desc"])
        if count[key] > 1:
            seen[key] = seen.get(key, 0) + 1
            m["desc"] += " #%d" % seen[key]
    return text, found


def markers(text):
    """{line: [mutation named by an equivalent-mutant comment on that line]}."""
    res = {}
    for no, line in enumerate(text.split("\n"), 1):
        for m in MARKER.finditer(line):
            res.setdefault(no, []).append(m.group(1))
    return res


class Builder:
    """The host test binary with one model file replaced: the other sources compiled once into objects."""

    def __init__(self, cc, cflags, srcs, tmp, jobs):
        self.cc, self.cflags, self.tmp = shlex.split(cc), shlex.split(cflags), tmp
        self.srcs = [os.path.abspath(s) for s in srcs]
        self.objs = {}
        with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
            futs = {s: ex.submit(self._compile, s) for s in self.srcs}
            for s, f in futs.items():
                self.objs[s] = f.result()

    def _compile(self, src):
        obj = os.path.join(self.tmp, "obj", os.path.relpath(src, ROOT).replace("/", "_") + ".o")
        os.makedirs(os.path.dirname(obj), exist_ok=True)
        subprocess.run(self.cc + self.cflags + ["-c", src, "-o", obj], cwd=ROOT, check=True)
        return obj

    def run(self, replaced, source_text, work, timeout):
        """Build with `replaced` (a source path) compiled from source_text and run; (status, output). The suite of
        the model file (lib/model/pmu_ebep.c, pc_sample.c: tests/host/test_ebep.c, test_pc_sample.c) runs first."""
        os.makedirs(work, exist_ok=True)
        src = os.path.join(work, os.path.basename(replaced))
        exe = os.path.join(work, "test_model")
        with open(src, "w") as fh:
            fh.write(source_text)
        objs = [o for s, o in self.objs.items() if s != os.path.abspath(replaced)]
        b = subprocess.run(self.cc + self.cflags + [src] + objs + ["-o", exe], cwd=ROOT, capture_output=True, text=True)
        if b.returncode != 0:
            return "build", b.stderr
        suite = re.sub(r"^pmu_", "", os.path.basename(replaced)[:-2])
        env = dict(os.environ, HOST_TEST_FAIL_FAST="1", HOST_TEST_FIRST=suite)
        try:
            r = subprocess.run([exe], cwd=ROOT, capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            return "timeout", ""
        # the failing case (the binary stops at the first): what killed the mutant, for --verbose
        failed = [ln for ln in r.stdout.split("\n") if ln.startswith("not ok")]
        return ("pass" if r.returncode == 0 else "fail"), (failed[0] if failed else r.stdout[-300:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per test run (a hung mutant is killed)")
    ap.add_argument("--cc", default=os.environ.get("HOSTCC", "cc"))
    ap.add_argument("--cflags", default=DEFAULT_CFLAGS, help="host test flags (no -Werror: see the docstring)")
    ap.add_argument("--srcs", default=None, help="every source of the host test binary (default: the Makefile's)")
    ap.add_argument("--summary", help="also write \"N passed, N failed\" there (killed and explained pass; survived, "
                    "stale markers and build failures fail), as every step of ci/test.sh does")
    ap.add_argument("--list", action="store_true", help="only list the mutants")
    ap.add_argument("--verbose", action="store_true", help="every mutant: its result, seconds and the failing case")
    args = ap.parse_args()
    srcs = shlex.split(args.srcs) if args.srcs else DEFAULT_SRCS
    srcs = [os.path.abspath(os.path.join(ROOT, s)) for s in srcs]

    plan = []
    for f in args.files:
        path = os.path.abspath(os.path.join(ROOT, f))
        if path not in srcs:
            sys.exit("%s is not a source of the host test binary" % f)
        text, ms = mutants(path)
        plan.append((f, path, text, ms, markers(text)))
    if args.list:
        for f, path, text, ms, _ in plan:
            lines = text.split("\n")
            for m in ms:
                print("%s:%d: %s    %s" % (f, m["line"], m["desc"], lines[m["line"] - 1].strip()))
        return 0

    started = time.time()
    # SIGTERM as Ctrl-C: the finally below removes the copies either way
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    tmp = tempfile.mkdtemp(prefix="mutate-")
    ex = concurrent.futures.ThreadPoolExecutor(args.jobs)
    try:
        builder = Builder(args.cc, args.cflags, srcs, tmp, args.jobs)
        status, out = builder.run(plan[0][1], plan[0][2], os.path.join(tmp, "base"), args.timeout)
        if status != "pass":
            print(out[-3000:])
            print("the unmutated host tests do not pass (%s): nothing to measure" % status)
            return 2
        jobs = [(fi, k) for fi, p in enumerate(plan) for k in range(len(p[3]))]

        def one(job):
            fi, k = job
            f, path, text, ms, _ = plan[fi]
            m = ms[k]
            mutated = text[:m["start"]] + m["new"] + text[m["end"]:]
            t0 = time.time()
            res = builder.run(path, mutated, os.path.join(tmp, "w%d_%d" % (fi, k)), args.timeout)
            if args.verbose:
                print("%s:%d: %s: %s in %.2f s: %s" % (f, m["line"], m["desc"], res[0], time.time() - t0,
                                                       res[1].strip()[:150]), flush=True)
            return res
        results = list(ex.map(one, jobs))
    finally:  # Ctrl-C included: no further mutant starts (the running ones get the SIGINT too), the copies go
        ex.shutdown(wait=True, cancel_futures=True)
        shutil.rmtree(tmp, ignore_errors=True)

    by_job = dict(zip(jobs, results))
    totals = [0, 0, 0]
    bad = 0
    for fi, (f, path, text, ms, marks) in enumerate(plan):
        lines = text.split("\n")
        killed = explained = survived = 0
        used = set()
        for k, m in enumerate(ms):
            status, out = by_job[(fi, k)]
            named = m["desc"] in marks.get(m["line"], [])
            if status == "build":
                print("%s:%d: %s: does not compile (a bug of ci/mutate_model.py)\n%s" % (f, m["line"], m["desc"], out))
                bad += 1
            if status != "pass":
                killed += 1
                if named:
                    print("%s:%d: stale marker: \"%s\" is killed" % (f, m["line"], m["desc"]))
                    bad += 1
            elif named:
                explained += 1
                used.add((m["line"], m["desc"]))
            else:
                survived += 1
                print("%s:%d: %s survived    %s" % (f, m["line"], m["desc"], lines[m["line"] - 1].strip()))
        for line, descs in marks.items():
            for d in descs:
                if not any(m["line"] == line and m["desc"] == d for m in ms):
                    print("%s:%d: stale marker: no mutant \"%s\" on this line" % (f, line, d))
                    bad += 1
        print("%s: mutants: %d killed, %d explained, %d survived" % (f, killed, explained, survived))
        totals = [totals[0] + killed, totals[1] + explained, totals[2] + survived]
    print("%d mutants of %d files in %.0f s (-j%d)" % (sum(totals), len(plan), time.time() - started, args.jobs))
    print("mutants: %d killed, %d explained, %d survived" % tuple(totals))
    if args.summary:
        with open(args.summary, "w") as fh:
            fh.write("%d passed, %d failed\n" % (totals[0] + totals[1], totals[2] + bad))
    return 1 if totals[2] or bad else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit("interrupted (the model sources were never written; the copies are removed)")
