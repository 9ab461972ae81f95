#!/usr/bin/python3
"""Run pmucheck on every QEMU configuration and QEMU version in ci/configs.txt, and compare each test point
with its expected result in ci/expected/qemu-<version>/<config>.txt.

  ci/run_qemu.py --elf build/qemu-virt/pmucheck.elf [--config NAME ...] [--qemu 7.2|10.0|10.0-pmu ...]
                 [--junit-dir DIR] [--update-expected] [--timeout 300] [--jobs N]

QEMU versions: 7.2 is Debian's /usr/bin/qemu-system-aarch64; 10.0 is the bookworm-backports build that
ci/install-deps.sh unpacks into $PMUCHECK_CACHE/qemu-10.0 (default ~/.cache/pmucheck); 10.0-pmu is pmucheck's
own QEMU (10.0.2 with qemu/patches/: ci/build-qemu-pmu.sh, whose binary $PMUCHECK_QEMU_PMU names, default
$PMUCHECK_CACHE/qemu-pmu/current). The image boots with
-kernel (every PE starts at its entry; QEMU writes the device tree at the base of RAM) and
-append "pmucheck.qemu=<version>", which the firmware reads from /chosen/bootargs to pick the deviations
recorded for that version (platform/qemu-virt/xfail.c).

Expectation files hold one line per test point, `ok|skip|todo <name>` (`#` starts a comment):
  ok   - the point must pass (`ok` without directive),
  skip - it must be skipped (`ok ... # SKIP`: the feature or context is absent in that configuration),
  todo - it must fail as the platform's recorded deviation (`not ok ... # TODO`).
A configuration may take its expectations from another (the 6th column): a -m or -smp variant of a base
configuration expects what the base expects, and with -smp N every test point `<name>` is expected once per
PE as `pe<i>.<name>` (the firmware's names when it tests more than one PE), unless the file lists
`pe<i>.<name>` itself (a run on one PE leaves such entries out). --update-expected writes only base
configurations' files, from PE 0's points of the run without their pe0. prefix.
Anything else is a failure: a point missing or unlisted, a `not ok` without TODO, an `ok # TODO` (the recorded
deviation no longer shows: update platform/<name>/xfail.c and the expectation), a `Bail out!`, no final
summary line, an exit status that disagrees with the firmware's summary, or a timeout. The console of each
run is saved as <config>@qemu-<version>.tap in the --junit-dir (default build/test-results). The last line
printed is `N passed, N failed, N skipped` over all compared test points, plus one failure per broken run.
"""
import argparse
import collections
import concurrent.futures
import contextlib
import functools
import io
import os
import re
import shutil
import subprocess
import sys
import time

from tap.parser import Parser  # tappy (Debian python3-tap)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped$")
DIAG_OWNER = re.compile(r"^#\s+(\S+\.\S+):")  # `#   <test point name>: ...` (doc/output-format.md)
DIAG_SHOWN = 20  # diagnostic lines printed per failing test point (the .tap file has all of them)

# One compared test point: expected/seen are ok|skip|todo, or fail (not ok), xpass (ok # TODO),
# (not listed), (missing). note says what to do about it when that is not obvious.
Outcome = collections.namedtuple("Outcome", "name expected seen diag ok note")


Config = collections.namedtuple("Config", "name versions machine cpu extra expect_from")
QEMU_VERSIONS = ("7.2", "10.0")     # Debian's QEMUs (the TF-A, U-Boot and CPU-model matrix checks run these)
PMU_VERSION = "10.0-pmu"             # pmucheck's own QEMU (ci/build-qemu-pmu.sh)
ALL_VERSIONS = QEMU_VERSIONS + (PMU_VERSION,)
PE_PREFIX = re.compile(r"^pe(\d+)\.(.*)$")


def load_configs(path):
    """Return [Config] from a configs file: tab-separated name, QEMU versions (comma-separated), machine,
    cpu, extra QEMU arguments, and optionally the configuration whose expectations it shares; # comments."""
    configs = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) < 4:
                raise ValueError(f"{path}: bad line: {line!r}")
            versions = tuple(v.strip() for v in fields[1].split(","))
            if any(v not in ALL_VERSIONS for v in versions):
                raise ValueError(f"{path}: unknown QEMU version in {line!r}")
            extra = fields[4].split() if len(fields) > 4 else []
            expect_from = fields[5].strip() if len(fields) > 5 and fields[5].strip() else fields[0]
            configs.append(Config(fields[0], versions, fields[2], fields[3], extra, expect_from))
    by_name = {c.name: c for c in configs}
    for c in configs:
        if len([d for d in configs if d.name == c.name]) > 1:
            raise ValueError(f"{path}: configuration {c.name} is listed twice")
        base = by_name.get(c.expect_from)
        if base is None:
            raise ValueError(f"{path}: {c.name} shares the expectations of {c.expect_from}, which is not listed")
        if base.expect_from != base.name:
            raise ValueError(f"{path}: {c.name} shares {base.name}'s expectations, which shares another's")
        if set(c.versions) - set(base.versions):
            raise ValueError(f"{path}: {c.name} runs on QEMU {','.join(c.versions)}, but {base.name}, whose "
                             "expectations it shares, is not recorded on all of them")
    return configs


def expected_path(expected_dir, config, version):
    """The expectation file of a configuration on a QEMU version: qemu-<version>/<expect_from>.txt."""
    return os.path.join(expected_dir, f"qemu-{version}", f"{config.expect_from}.txt")


def cache_dir():
    """$PMUCHECK_CACHE, default ~/.cache/pmucheck: where ci/install-deps.sh puts what is not a Debian install."""
    return os.environ.get("PMUCHECK_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pmucheck")


def qemu_binary(version):
    """The QEMU of a version: Debian's 7.2 on PATH, the 10.0 wrapper ci/install-deps.sh writes, or pmucheck's
    own ($PMUCHECK_QEMU_PMU, the path ci/build-qemu-pmu.sh prints; default the series it built last)."""
    if version == "7.2":
        return "qemu-system-aarch64"
    if version == PMU_VERSION:
        return os.environ.get("PMUCHECK_QEMU_PMU") or os.path.join(cache_dir(), "qemu-pmu", "current",
                                                                    "qemu-system-aarch64")
    return os.path.join(cache_dir(), f"qemu-{version}", "qemu-system-aarch64")


# Console: the firmware prints through semihosting SYS_WRITE0, 4 KiB at a time (pmucheck.console=semihosting,
# lib/drivers/console.h) into the serial port's own chardev, so UART and semihosting output are one ordered
# stream; userspace=on because lower contexts (EL0 too) print. A configuration named *-uart keeps the PL011, so
# the UART driver is still run (make bench: the console had been most of the suite's wall time).
UART_SUFFIX = "-uart"
CONSOLE_ARGS = ["-display", "none", "-chardev", "stdio,id=console,mux=on", "-serial", "chardev:console",
                "-mon", "chardev=console",
                "-semihosting-config", "enable=on,target=native,userspace=on,chardev=console"]


# A board model (QEMU's model of a real board, not virt) is booted as its users boot Linux on it. Its
# configuration's extra arguments may hold these words, which qemu_command() turns into QEMU arguments:
#   @image        -kernel takes pmucheck.bin, the arm64 Image, not the ELF: QEMU loads it as a Linux kernel
#                 (hw/arm/boot.c: at the base of RAM + text_offset, the tree's address in x0)
#   @dtb=<path>   -dtb with a tree Linux ships, compiled by ci/linux-dts.sh (@dtb=xilinx/zynqmp-zcu102-rev1.0.dtb)
#   @serial=<N>   the console is the board's serial port N (QEMU's -serial order): N ports before it are null
#   @pes=<N>      the tree names N PEs (the board's own count, not -smp): points are named pe<i>.<name>
#   @bootargs=<w> one more boot argument (pmucheck.pes=0: the suite on PE 0 only, points pe0.<name> alone); the
#                 word may be repeated, and is the one word a QEMU virt configuration may have too (it stays a
#                 virt run: the console through semihosting). pmucheck.tests=<list> narrows the expectations to
#                 those points; pmucheck.pes=distinct expects the suite on PE 0 (every PE of QEMU's -smp is alike)
#                 and pe<i>.pe_class.id, pe<i>.pe_class.irq on the others
#   @uefi         pmucheck.efi started from the UEFI Shell of Debian's UEFI firmware for QEMU (qemu-efi-aarch64,
#                 -bios QEMU_EFI.fd): a FAT disk image (uefi_args()) holds it and a startup.nsh whose
#                 command line carries the boot arguments; with virt's ACPI on (the default) the firmware gives
#                 ACPI tables only, with acpi=off in the machine the device tree (README "On a server")
# and a cpu column of "-" leaves the board's own CPU (no -cpu). The console of a board model is its UART
# (pmucheck.console=uart: the driver the tree names), never semihosting, so each UART driver runs.
@functools.lru_cache(maxsize=None)
def linux_dts_dir():
    """ci/linux-dts.sh's folder of compiled board trees (it compiles them the first time; then a few seconds)."""
    out = subprocess.run(["bash", os.path.join(HERE, "linux-dts.sh")], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL, check=True).stdout.strip().splitlines()
    return out[-1]


def linux_dtb(path):
    """A compiled board tree of Debian's linux-source (ci/linux-dts.sh's cache), by its path under
    arch/arm64/boot/dts (xilinx/zynqmp-zcu102-rev1.0.dtb)."""
    return os.path.join(linux_dts_dir(), "dtb", path)


def board_words(extra):
    """Split a configuration's extra arguments into (QEMU arguments, {word: value}) for the @ words above."""
    args, words = [], {}
    for a in extra:
        if a.startswith("@"):
            key, _, value = a[1:].partition("=")
            words[key] = f"{words[key]} {value}" if key == "bootargs" and key in words else value
        else:
            args.append(a)
    return args, words


def qemu_command(elf, config, version, bootargs=""):
    """The QEMU command line that boots `elf` the way platform/qemu-virt/platform.mk does (1 GiB of RAM
    unless the configuration's extra arguments give -m), with `bootargs` after pmucheck's own in -append; a
    pmucheck.console in `bootargs` replaces the configuration's. A board model's words (board_words) pick the
    image, the tree and the serial port."""
    extra, words = board_words(config.extra)
    memory = [] if "-m" in extra else ["-m", "1G"]
    board = bool(set(words) - {"bootargs", "uefi"})  # a board model (virt with boot arguments, or under UEFI: not)
    console = "uart" if board or config.name.endswith(UART_SUFFIX) else "semihosting"
    bootargs = " ".join(a for a in (words.get("bootargs", ""), bootargs) if a)
    console_arg = "" if "pmucheck.console=" in bootargs else f"pmucheck.console={console}"
    append = " ".join(a for a in (f"pmucheck.qemu={version}", console_arg, bootargs) if a)
    console_args = CONSOLE_ARGS
    if "serial" in words:
        nulls = ["-serial", "null"] * int(words["serial"])
        i = console_args.index("-serial")
        console_args = console_args[:i] + nulls + console_args[i:]
    cpu = [] if config.cpu == "-" else ["-cpu", config.cpu]
    if "uefi" in words:
        return ([qemu_binary(version), "-M", config.machine] + cpu + memory + console_args + ["-nic", "none"] +
                extra + uefi_args(elf, f"{config.name}@qemu-{version}", append))
    kernel = os.path.splitext(elf)[0] + ".bin" if "image" in words else elf
    dtb = ["-dtb", linux_dtb(words["dtb"])] if "dtb" in words else []
    return ([qemu_binary(version), "-M", config.machine] + cpu + memory + console_args + ["-nic", "none"] +
            extra + dtb + ["-kernel", kernel, "-append", append])


UEFI_FIRMWARE = "/usr/share/qemu-efi-aarch64/QEMU_EFI.fd"  # Debian's qemu-efi-aarch64 (EDK2's ArmVirtQemu), for -bios


def uefi_args(elf, run_name, bootargs):
    """QEMU arguments that start pmucheck.efi (beside `elf`) from the UEFI Shell with `bootargs` on its command
    line: a FAT image of its own per run (build/<platform>/uefi/<run_name>.img, made by dosfstools' mkfs.vfat and
    mtools' mcopy, as a USB stick would be) holding the image and a startup.nsh, which the shell runs from FS0:
    after its 5 s countdown, given to QEMU as a virtio disk. Not QEMU's fat:DIR (vvfat): pmucheck's own QEMU is
    built without block drivers (ci/build-qemu-pmu.sh), and a disk image is what a server boots from."""
    folder = os.path.join(os.path.dirname(os.path.abspath(elf)), "uefi")
    os.makedirs(folder, exist_ok=True)
    image, nsh = os.path.join(folder, run_name + ".img"), os.path.join(folder, run_name + ".nsh")
    with open(nsh, "w", encoding="ascii", newline="\r\n") as f:
        f.write(f"fs0:\npmucheck.efi {bootargs}\n")
    if os.path.exists(image):
        os.remove(image)
    mkfs = shutil.which("mkfs.vfat") or "/usr/sbin/mkfs.vfat"  # /usr/sbin: not on every user's PATH
    subprocess.run([mkfs, "-C", "-n", "PMUCHECK", image, "16384"], check=True, capture_output=True)
    subprocess.run(["mcopy", "-i", image, os.path.splitext(elf)[0] + ".efi", "::/pmucheck.efi"], check=True)
    subprocess.run(["mcopy", "-i", image, nsh, "::/startup.nsh"], check=True)
    return ["-bios", UEFI_FIRMWARE, "-drive", f"file={image},format=raw,if=virtio"]


def pe_count(config):
    """PEs the configuration gives the machine (a board's @pes=N, -smp N, or -smp cpus=N,...); 1 without."""
    extra, words = board_words(config.extra)
    if "pes" in words:
        return int(words["pes"])
    if "-smp" not in extra:
        return 1
    value = extra[extra.index("-smp") + 1]
    m = re.match(r"^(?:cpus=)?(\d+)", value)
    return int(m.group(1)) if m else 1


def bootarg(config, key):
    """The value of boot argument `key` among a configuration's @bootargs words, or None."""
    for word in board_words(config.extra)[1].get("bootargs", "").split():
        if word.startswith(key + "="):
            return word.split("=", 1)[1]
    return None


def pes_selected(config):
    """The PE indexes a configuration's @bootargs=pmucheck.pes=<list> ("0,2-3") runs the suite on; None: all;
    "distinct" for pmucheck.pes=distinct."""
    value = bootarg(config, "pmucheck.pes")
    if value in (None, "all"):
        return None
    if value == "distinct":
        return value
    out = set()
    for part in value.split(","):
        lo, _, hi = part.partition("-")
        out.update(range(int(lo), int(hi or lo) + 1))
    return out


CLASS_POINTS = ("pe_class.id", "pe_class.irq")  # a PE's points under pmucheck.pes=distinct, but its class's first


def narrow_expected(expected, config):
    """Expectations as the configuration's boot arguments narrow them: pmucheck.tests=<list> keeps the points
    each entry names (the name, or its leading part cut at a '.'); pmucheck.pes=<list> the PEs it names;
    distinct the suite's points of PE 0 and the class points of the others."""
    if expected is None:
        return None
    tests = bootarg(config, "pmucheck.tests")
    if tests:
        entries = tests.split(",")
        expected = {n: st for n, st in expected.items()
                    if any(PE_PREFIX.sub(r"\2", n) == e or PE_PREFIX.sub(r"\2", n).startswith(e + ".")
                           for e in entries)}
    only = pes_selected(config)
    if only == "distinct":
        out = {n: st for n, st in expected.items() if (m := PE_PREFIX.match(n)) and m.group(1) == "0"}
        out.update({f"pe{i}.{p}": "ok" for i in range(1, pe_count(config)) for p in CLASS_POINTS})
        return out
    if only is not None:
        expected = {n: st for n, st in expected.items() if not (m := PE_PREFIX.match(n)) or int(m.group(1)) in only}
    return expected


def expand_expected(expected, pes):
    """Expectations for a run on `pes` PEs: with more than one, every plain name becomes pe<i>.<name> for each
    PE, and explicit pe<i>.<name> entries (for i < pes) override. With one PE the firmware prints plain names:
    the explicit pe<i>.<name> entries (meant for the -smp variants sharing the file) are left out."""
    if expected is None:
        return None
    explicit = {n: (int(m.group(1)), s) for n, s in expected.items() if (m := PE_PREFIX.match(n))}
    if pes <= 1:
        return {n: s for n, s in expected.items() if n not in explicit}
    out = {}
    for name, status in expected.items():
        if name not in explicit:
            for i in range(pes):
                out[f"pe{i}.{name}"] = status
    out.update({n: s for n, (i, s) in explicit.items() if i < pes})
    return out


def base_points(points):
    """The points of a run as its expectation file records them: with several PEs, PE 0's points without the
    pe0. prefix (the other PEs are expected to match them), then, as pe<i>.<name>, each point of another PE whose
    result differs from PE 0's (a sibling thread that skips what PE 0 checks with it, say)."""
    if not any(PE_PREFIX.match(p["name"]) for p in points):
        return points
    base = [dict(p, name=PE_PREFIX.sub(r"\2", p["name"])) for p in points if p["name"].startswith("pe0.")]
    pe0 = {p["name"]: p["status"] for p in base}
    return base + [p for p in points if (m := PE_PREFIX.match(p["name"])) and m.group(1) != "0" and
                   pe0.get(m.group(2)) != p["status"]]


def load_expected(path):
    """Return {test name: 'ok'|'skip'|'todo'} from an expectation file, or None if there is none."""
    if not os.path.exists(path):
        return None
    expected = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            status, _, name = line.partition(" ")
            if status not in ("ok", "skip", "todo") or not name.strip():
                raise ValueError(f"{path}:{number}: expected 'ok|skip|todo <name>'")
            expected[name.strip()] = status
    return expected


def parse_tap(text):
    """Parse a firmware TAP stream.

    Returns (points, summary, bail) where points is an ordered list of dicts {name, status, reason, diag}:
    status is 'ok', 'skip' (ok # SKIP), 'todo' (not ok # TODO), 'xpass' (ok # TODO) or 'fail' (any other
    not ok, `not ok # SKIP` included); reason is the directive text; diag holds the indented `#` lines
    printed before the point that name it (`#   <name>: ...`) or no other test point. summary is (passed,
    failed, skipped) from the last non-empty line, or None; bail is the Bail out! reason, or None.
    """
    text = text.replace("\r", "")  # the UART sends \r\n; str.splitlines would also split on a lone \r
    # tappy 3.1 accepts `TAP version 14` (it only rejects versions below 13) and any plan position, so the
    # stream is parsed as is. Because the version line is >= 13, it switches to its TAP 13 YAML-block mode,
    # or, without python3-yaml and python3-more-itertools, prints a warning on stdout: the redirection keeps
    # that out of our output. A YAML block would be an indented `-` line after a test point; the firmware
    # prints none (its diagnostics start with `#`), so both modes give the same lines.
    with contextlib.redirect_stdout(io.StringIO()):
        lines = list(Parser().parse_text(text))
    points, pending, bail = [], [], None
    for line in lines:
        if line.category == "diagnostic" and line.text.startswith("#  "):
            pending.append(line.text)
        elif line.category == "bail":
            bail = line.reason or "(no reason)"
        elif line.category == "test":
            description = (line.description or "").removeprefix("-").split()
            name = description[0] if description else f"#{line.number}"
            if line.todo:
                status = "xpass" if line.ok else "todo"
            elif line.skip and line.ok:
                status = "skip"
            else:
                status = "ok" if line.ok else "fail"
            owners = [DIAG_OWNER.match(d) for d in pending]
            diag = [d for d, m in zip(pending, owners) if not m or m.group(1) == name]
            pending = [d for d, m in zip(pending, owners) if m and m.group(1) != name]
            points.append({"name": name, "status": status, "reason": line.directive.reason or "",
                           "diag": diag})
    last = [raw.strip() for raw in text.splitlines() if raw.strip()][-1:]
    m = SUMMARY.match(last[0]) if last else None
    summary = tuple(int(g) for g in m.groups()) if m else None
    return points, summary, bail


def compare(points, expected):
    """Compare parsed points with expectations ({name: status}). Returns a list of Outcome."""
    results, seen_names = [], set()
    for p in points:
        want, seen, note = expected.get(p["name"], "(not listed)"), p["status"], ""
        if p["name"] in seen_names:
            want, note = "(once)", "the test point name appears more than once"
        elif seen == "xpass":
            plat = p["reason"].split(":", 1)[0].strip() if ":" in p["reason"] else "<platform>"
            note = (f"the recorded deviation did not show: remove it from platform/{plat}/xfail.c and "
                    "expect ok in the expectation file")
        elif want == "(not listed)":
            note = "add it to the expectation file (ci/run_qemu.py --update-expected, then review the diff)"
        seen_names.add(p["name"])
        results.append(Outcome(p["name"], want, seen, p["diag"], want == seen, note))
    for name, want in expected.items():
        if name not in seen_names:
            results.append(Outcome(name, want, "(missing)", [], False, "the firmware did not print it"))
    return results


def check_run(text, returncode, expected, timed_out=False):
    """Judge one run: its console text, QEMU's exit status and the expectations ({name: status}, or None
    when the file is missing). Returns (outcomes, problems): per-point Outcomes and run-level failures."""
    if timed_out and not text.endswith("\n"):
        text = text[:text.rfind("\n") + 1]  # QEMU was killed mid-line: that line is cut, not a test point
    points, summary, bail = parse_tap(text)
    problems = []
    if timed_out:
        problems.append("QEMU timed out (killed)")
    if bail:
        problems.append(f"Bail out! {bail}")
    if summary is None:
        problems.append("the last line is not 'N passed, N failed, N skipped'")
    else:
        counted = tuple(sum(p["status"] == s for p in points) for s in ("ok", "fail", "skip"))
        if counted != summary:
            problems.append("the summary line says %d passed, %d failed, %d skipped; the test points say "
                            "%d, %d, %d" % (summary + counted))
        want_rc = 0 if summary[1] == 0 else 1
        if not timed_out and returncode != want_rc:
            problems.append(f"QEMU exit status {returncode}, expected {want_rc} ({summary[1]} failed)")
    if expected is None:
        problems.append("no expectation file: write it with --update-expected and review it")
        return [], problems
    return compare(points, expected), problems


def tally(outcomes, problems):
    """Return (passed, failed, skipped): a matching skip is skipped, any other match (todo too) passed,
    every mismatch and every run-level problem failed."""
    skipped = sum(o.ok and o.seen == "skip" for o in outcomes)
    passed = sum(o.ok for o in outcomes) - skipped
    return passed, len(outcomes) - passed - skipped + len(problems), skipped


def expectation_text(points):
    """The expectation file for a run's points: a point that failed without TODO is expected ok."""
    lines = ["# Expected result of every test point in this configuration: ok | skip | todo <name>.",
             "# Generated by ci/run_qemu.py --update-expected and reviewed by hand."]
    lines += [f"{'ok' if p['status'] in ('fail', 'xpass') else p['status']} {p['name']}" for p in points]
    return "\n".join(lines) + "\n"


def write_junit(path, config, outcomes, problems):
    """Write a JUnit XML report of one configuration (junit_xml): one test case per point, one per problem."""
    from junit_xml import TestCase, TestSuite, to_xml_report_string
    cases = []
    for o in outcomes:
        case = TestCase(o.name, classname=f"pmucheck.{config}")
        if o.ok and o.seen == "skip":
            case.add_skipped_info("skipped as expected")
        elif not o.ok:
            message = f"expected {o.expected}, seen {o.seen}" + (f": {o.note}" if o.note else "")
            case.add_failure_info(message, "\n".join(o.diag))
        cases.append(case)
    for problem in problems:
        case = TestCase("run", classname=f"pmucheck.{config}")
        case.add_failure_info(problem)
        cases.append(case)
    with open(path, "w", encoding="utf-8") as f:
        f.write(to_xml_report_string([TestSuite(f"pmucheck.{config}", cases)]))


def run_qemu(cmd, timeout, cwd=None):
    """Run QEMU (in cwd, default the current folder), never longer than `timeout` seconds. Returns (stdout,
    stderr, exit status, timed out)."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        out, err, rc, timed_out = proc.stdout, proc.stderr, proc.returncode, False
    except subprocess.TimeoutExpired as e:  # subprocess.run has killed QEMU (SIGKILL) and reaped it
        out, err, rc, timed_out = e.stdout or b"", e.stderr or b"", None, True
    except OSError as e:
        out, err, rc, timed_out = b"", str(e).encode(), None, False
    return out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), rc, timed_out


def run_problem(timed_out, summary, bail):
    """Why a run did not reach its verdict (parse_tap()'s summary and bail): "timed out", "bail out: ...",
    "no summary line", or None when it did."""
    if timed_out:
        return "timed out"
    if bail:
        return f"bail out: {bail}"
    return None if summary else "no summary line"


def report(config, outcomes, problems, stderr):
    """Print one line per failing test point (with its diagnostics) and per run-level problem. When the run
    broke (timeout, bail out, no summary), the expected points it never reached take one line together."""
    missing = [o.name for o in outcomes if o.seen == "(missing)"] if problems else []
    if len(missing) > 1:
        print(f"FAIL {config}: {len(missing)} expected test points missing, the first {missing[0]}")
    for o in outcomes:
        if o.ok or o.name in missing[1:] or (len(missing) > 1 and o.name == missing[0]):
            continue
        note = f" ({o.note})" if o.note else ""
        print(f"FAIL {config}: {o.name}: expected {o.expected}, seen {o.seen}{note}")
        for d in o.diag[:DIAG_SHOWN]:
            print(f"     {d}")
        if len(o.diag) > DIAG_SHOWN:
            print(f"     ... {len(o.diag) - DIAG_SHOWN} more diagnostic lines in {config}.tap")
    for problem in problems:
        print(f"FAIL {config}: {problem}")
    if problems and stderr.strip():
        for line in stderr.strip().splitlines()[-10:]:
            print(f"     qemu: {line}")


def boot(args, config, version):
    """Boot one configuration on one QEMU version (a worker thread runs this: it prints nothing and touches
    no global state). Returns (command, console text, stderr, exit status, timed out, seconds)."""
    cmd = qemu_command(args.elf, config, version)
    started = time.monotonic()
    text, stderr, returncode, timed_out = run_qemu(cmd, args.timeout)
    return cmd, text, stderr, returncode, timed_out, time.monotonic() - started


def judge(args, config, version, tap_dir, result):
    """Save and judge one boot, printing what it found (main thread only: parse_tap redirects sys.stdout).
    Returns ((passed, failed, skipped), exit status)."""
    cmd, text, stderr, returncode, timed_out, seconds = result
    label = f"{config.name}@qemu-{version}"
    with open(os.path.join(tap_dir, f"{label}.tap"), "w", encoding="utf-8") as f:
        f.write(text.replace("\r", ""))
    path = expected_path(args.expected_dir, config, version)
    if args.update_expected:
        if config.expect_from != config.name:
            print(f"{label}: shares {config.expect_from}'s expectations: nothing written")
            return (0, 0, 0), 0
        outcomes, problems = check_run(text, returncode, {}, timed_out)
        if problems:  # a broken run would record a truncated list
            report(label, [], problems, stderr)
            print(f"{label}: not written: {path}")
            return (0, 0, 0), 1
        points = base_points(parse_tap(text)[0])
        for p in points:
            if p["status"] in ("fail", "xpass"):
                print(f"{label}: {p['name']}: {p['status']}, written as ok")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(expectation_text(points))
        print(f"{label}: wrote {path} ({len(points)} test points)")
        return (0, 0, 0), 0
    expected = narrow_expected(expand_expected(load_expected(path), pe_count(config)), config)
    outcomes, problems = check_run(text, returncode, expected, timed_out)
    report(label, outcomes, problems, stderr)
    if args.junit_dir:
        write_junit(os.path.join(args.junit_dir, f"{label}.xml"), label, outcomes, problems)
    counts = tally(outcomes, problems)
    print(f"{label}: {counts[0]} passed, {counts[1]} failed, {counts[2]} skipped in {seconds:.1f} s "
          f"({' '.join(cmd[:-4])})")
    return counts, 1 if counts[1] else 0


HEAVY_PES = 64  # PEs from which a run goes alone (main())


def main(argv):
    """Command line entry point; returns the exit status (0: everything matched its expectation)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--configs", default=os.path.join(HERE, "configs.txt"))
    ap.add_argument("--expected-dir", default=os.path.join(HERE, "expected"))
    ap.add_argument("--config", action="append", help="run only this configuration (repeatable)")
    ap.add_argument("--qemu", action="append", choices=ALL_VERSIONS, help="run only this QEMU version")
    ap.add_argument("--junit-dir", help="write <config>@qemu-<version>.xml (and .tap) here")
    ap.add_argument("--update-expected", action="store_true", help="write the expectation files from this run")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per QEMU run")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="QEMU runs at once")
    args = ap.parse_args(argv)

    configs = load_configs(args.configs)
    unknown = set(args.config or []) - {c.name for c in configs}
    if unknown:
        print(f"unknown configuration(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    tap_dir = args.junit_dir or os.path.join(ROOT, "build", "test-results")
    os.makedirs(tap_dir, exist_ok=True)
    runs = [(c, v) for c in configs for v in c.versions
            if (not args.config or c.name in args.config) and (not args.qemu or v in args.qemu)]
    started = time.monotonic()
    # Runs of many PEs (HEAVY_PES or more: QEMU threads by the hundred) go alone after the others: next to one, a
    # run's time-based counters saw QEMU lose a CPU_CYCLES counter's preset (overflow.evcntr_cycles: the host
    # load that makes QEMU's overflow timer fire late, README "QEMU deviations"), which they must not be exposed to.
    light = [i for i, (c, _) in enumerate(runs) if pe_count(c) < HEAVY_PES]
    heavy = [i for i, (c, _) in enumerate(runs) if pe_count(c) >= HEAVY_PES]
    results = [None] * len(runs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, result in zip(light, pool.map(lambda i: boot(args, runs[i][0], runs[i][1]), light)):
            results[i] = result
    for i in heavy:
        results[i] = boot(args, runs[i][0], runs[i][1])
    totals, per_version, status = [0, 0, 0], {}, 0
    for (config, version), result in zip(runs, results):
        counts, run_status = judge(args, config, version, tap_dir, result)
        status |= run_status
        totals = [t + c for t, c in zip(totals, counts)]
        per_version[version] = [t + c for t, c in zip(per_version.get(version, [0, 0, 0]), counts)]
    if args.update_expected:
        return status
    for version, counts in per_version.items():
        print(f"QEMU {version}: {counts[0]} passed, {counts[1]} failed, {counts[2]} skipped")
    print(f"wall time {time.monotonic() - started:.1f} s for {len(runs)} runs, {max(1, args.jobs)} at a time")
    print(f"{totals[0]} passed, {totals[1]} failed, {totals[2]} skipped")
    return 1 if totals[1] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
