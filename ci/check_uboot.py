#!/usr/bin/python3
"""Boot pmucheck from U-Boot on QEMU virt, the way a board user does, and check what it reports.

  ci/check_uboot.py [--elf build/qemu-virt/pmucheck.elf] [--bin build/qemu-virt/pmucheck.bin]
                    [--uboot /usr/lib/u-boot/qemu_arm64/u-boot.bin] [--qemu 7.2|10.0 ...] [--boot REGEX]
                    [--jobs 2] [--timeout 60]

By default every boot on QEMU 7.2 and three on 10.0 (DEFAULT_BOOTS); --qemu runs every boot on the versions
named, --boot only those whose label ("el2 go@qemu-7.2") matches.

U-Boot is Debian's u-boot-qemu (qemu_arm64, 2023.01 on bookworm), started with -bios; the image is put into
RAM with `-device loader,file=...,addr=...,force-raw=on` where U-Boot does not use memory. The script stops
U-Boot's autoboot on the serial console (QEMU's stdin/stdout, through pipes), types the commands of README
"From U-Boot" and lets the image run to its verdict (semihosting SYS_EXIT ends QEMU):
  booti    pmucheck.bin (arm64 Image header, boot/entry.S) from IMAGE_ADDR: the header's flags bit 3 (placement
           anywhere) leaves it there, away from its link address, and U-Boot enters it with x0 = the device
           tree, which carries `setenv bootargs` (copied near the top of RAM, where U-Boot puts it);
  go       pmucheck.bin loaded at its link address 0x40200000, called as a function (x0 = argc), and once more
           at IMAGE_ADDR (el2 go@0x48000000): the image relocates itself (boot/entry.S pie_relocate); and
           booti once more at 0x200000000 with 8 GiB of RAM (el2 booti@0x200000000), above 4 GiB;
  bootelf  pmucheck.elf (raw) from ELF_ADDR: U-Boot copies its sections, then calls the entry like go.
go and bootelf pass no tree: the image reads the platform's fallback tree (QEMU's, at the base of RAM), whose
/chosen/bootargs U-Boot's `fdt set` writes first. Each is done on three machines: virtualization=on (U-Boot
runs at EL2), neither (EL1), secure=on,virtualization=on (U-Boot at EL3; booti drops to Non-secure EL2).

Checks, one line each: the image header's fields (no QEMU); per boot: the TAP stream reaches its summary and
QEMU's exit status agrees (ci/run_qemu.py check_run), the entry EL the TAP header reports is the one U-Boot
hands over, the image runs where the command puts it (booti: where it was loaded), the device tree came from x0
(booti) or from the fallback address (go, bootelf), the boot
arguments arrived, and every test point of the modules run has the verdict of the CI's -kernel run entered
at the same EL (ci/expected/qemu-<version>/<el>-max.txt), whether the image runs at its link address (go) or
away from it (booti, go at IMAGE_ADDR). A failing boot prints its console transcript. The last line is
`N passed, N failed`.

Debian's U-Boot 2023.01 never starts an image with go or bootelf on a PL011 console: both call flush() after
"## Starting application", and its pl01x_serial_pending() reports output pending while the transmit FIFO
is not full (UARTFR.TXFF), i.e. forever (U-Boot commit a2178919487, "serial: pl01x: Modify pending callback to
test if transmit FIFO is empty", v2023.10, tests TXFE instead). Before go and bootelf the script applies that
fix to the running U-Boot with `mw.l` (two instructions of its relocated code, found by their encoding in
u-boot.bin) and says so; when the encoding is not there (a fixed U-Boot), it patches nothing.
"""
import argparse
import concurrent.futures
import os
import re
import struct
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import run_qemu  # noqa: E402  (parse_tap, check_run, compare, load_expected, qemu_binary)

UBOOT = "/usr/lib/u-boot/qemu_arm64/u-boot.bin"
MEMORY = "1G"                 # as the CI's -kernel runs (ci/run_qemu.py)
LINK_ADDR = 0x40200000        # PLAT_RAM_BASE (platform/qemu-virt/platform.mk): where the ELF is linked
RAM_BASE = 0x40000000         # PLAT_MEM_BASE: QEMU virt's RAM, U-Boot's first DRAM bank
IMAGE_ADDR = 0x48000000       # pmucheck.bin for booti, and for go away from the link address
HIGH_ADDR = 0x200000000       # pmucheck.bin for booti above 4 GiB (-m 8G)
ELF_ADDR = 0x48000000         # pmucheck.elf for bootelf (never in the same boot as IMAGE_ADDR)
FDT_FALLBACK = 0x40000000     # PLAT_FDT_FALLBACK: QEMU's tree, which go and bootelf leave to the image
# U-Boot copies the tree for booti near the top of RAM (its fdt_high, 0xffffffff in this environment, is not
# ~0 on 64 bits, so the tree moves below 4 GiB): above 0x7f000000 with 1 GiB, outside the compiled-in RAM
# window (PLAT_MEM_BASE + PLAT_MEM_SIZE, 256 MiB); pmucheck takes x0 anywhere (boot/boot_main.c fdt_candidates).
MODULES = "enable,interrupt"  # quick (well under 1 s each) and EL-dependent; interrupt uses the GIC U-Boot left
# (name, -M, {command: the EL U-Boot enters the image at}). U-Boot 2023.01 runs at the EL QEMU resets it at;
# booti enters Linux at EL2 from EL3 or EL2 (arch/arm/lib/bootm.c boot_jump_linux(), armv8_switch_to_el2()),
# at EL1 from EL1; go and bootelf call the entry at U-Boot's own EL.
MACHINES = (
    ("el2", "virt,virtualization=on,gic-version=3", {"booti": 2, "go": 2, "bootelf": 2}),
    ("el1", "virt,gic-version=3", {"booti": 1, "go": 1, "bootelf": 1}),
    ("el3", "virt,secure=on,virtualization=on,gic-version=3", {"booti": 2, "go": 3, "bootelf": 3}),
)
EXPECTED_CONFIG = {3: "el3-max", 2: "el2-max", 1: "el1-max"}  # the CI's -kernel run entered at that EL
# Which boots run: every one on QEMU 7.2; on 10.0 booti at EL2 and EL1 and go at EL3. Not booti from U-Boot at
# EL3 on 10.0: its -cpu max has FEAT_FGT, U-Boot 2023.01 at EL3 leaves SCR_EL3.FGTEn 0 (booting.rst asks for 1
# when EL3 enters a kernel at EL2), and pmucheck's first HDFGRTR_EL2 write (lib/runtime/baseline.c, EL2
# baseline) traps to U-Boot's EL3 vectors, which crash ("Synchronous Abort", measured; doc/boot-protocol.md).
DEFAULT_BOOTS = {"7.2": None, "10.0": ("el2 booti", "el1 booti", "el3 go")}
# Verdicts that differ from the -kernel run's, and why; a listed point that no longer differs fails too.
# U-Boot at EL3 (secure=on) hands booti's image Non-secure EL2 with the GIC as reset left it: its qemu_arm64
# build has no CONFIG_GICV3, so arch/arm/cpu/armv8/start.S never calls gic_init_secure(); GICD_CTLR.DS is 0
# (U-Boot's `md.l 0x08000000` reads 0x30) and every interrupt stays Group 0, Secure. pmucheck's Non-secure write
# of GICR_IGROUPR0 is ignored, and the PMU overflow PPI (INTID 23) never reaches Non-secure EL2 or EL1.
GIC_LEFT_SECURE = ("U-Boot at EL3 left the PMU interrupt in Group 0 (Secure; no gic_init_secure() in its "
                   "qemu_arm64 build): Non-secure EL2/EL1 never take it")
ABOVE_4G = "the image is above 4 GiB: AArch32 code cannot address it (the AArch32 contexts SKIP)"
# interrupt.r2 too: its QEMU deviation (the second range's request follows PMCR_EL0.E) is recorded on 7.2, but it
# excuses only the claims it explains (lib/test/test.h check_claim()), and the interrupts that never arrive here
# are not those: the point fails, as r1 does.
KNOWN_DIFFERENCES = {
    ("el3", "booti"): {f"interrupt.{t}.{c}": ("fail", GIC_LEFT_SECURE)
                       for t in ("r1", "r2", "level", "overflow")
                       for c in ("ns_el2", "ns_el1", "ns_el0_a32", "ns_el1_a32")},
    # booti above 4 GiB: AArch32 code cannot address the image, so the AArch32 contexts SKIP (lib/runtime/context.c)
    ("el2", "booti@high"): {**{f"{p}.{c}": ("skip", ABOVE_4G) for c in ("ns_el0_a32", "ns_el1_a32")
                               for p in ("enable.swinc", "enable.ccntr", "enable.cpu_cycles", "enable.pmcr_n",
                                         "interrupt.r1", "interrupt.r2", "interrupt.level", "interrupt.overflow")},
                            **{f"enable.swinc_unreachable.{c}": ("(missing)", ABOVE_4G)
                               for c in ("ns_el0_a32", "ns_el1_a32")}},
}
# pl01x_serial_pending(dev, false) of U-Boot 2023.01 ends `return fr & UART_PL01x_FR_TXFF ? 0 : 1;`, compiled to
# EOR X0, X2, #0x20; UBFX X0, X0, #5, #1. The v2023.10 fix tests UART_PL01x_FR_TXFE (bit 7): #0x80, #7.
PL011_PENDING_TXFF = (0xd27b0040, 0xd3451400)
PL011_PENDING_TXFE = (0xd2790040, 0xd3471c00)

PROMPT = "=> "
AUTOBOOT = "Hit any key to stop autoboot"
TAP_EL = re.compile(r"^# entered at EL(\d)$", re.M)
TAP_FDT = re.compile(r"^# platform: device tree at (0x[0-9a-f]+) \(\d+ bytes, found (.*)\), model", re.M)
TAP_BOOTARGS = re.compile(r'^# bootargs: "(.*)"$', re.M)
TAP_IMAGE = re.compile(r"^# image at (0x[0-9a-f]+), linked at", re.M)
FDT_FROM = {"x0": "at x0 (boot protocol)", "fallback": "at the platform's fallback address (PLAT_FDT_FALLBACK)"}


class Console:
    """QEMU with its serial console on pipes: a reader thread collects everything it prints."""

    def __init__(self, cmd):
        self.cmd = cmd
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, bufsize=0)
        self.data = bytearray()
        self.cond = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        while True:
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            with self.cond:
                if not chunk:  # end of file: QEMU has exited
                    self.cond.notify_all()
                    return
                self.data += chunk.replace(b"\r", b"")  # the UART sends \r\n
                self.cond.notify_all()

    def text(self, start=0):
        with self.cond:
            return self.data[start:].decode("utf-8", "replace")

    def expect(self, needle, start, timeout):
        """Wait until `needle` appears in the output from byte `start`; returns the byte offset after it,
        or None on timeout or when QEMU has ended."""
        deadline = time.monotonic() + timeout
        needle = needle.encode()
        with self.cond:
            while True:
                found = self.data.find(needle, start)
                if found >= 0:
                    return found + len(needle)
                left = deadline - time.monotonic()
                if left <= 0 or not self.reader.is_alive():
                    return None
                self.cond.wait(min(left, 0.5))

    def mark(self):
        with self.cond:
            return len(self.data)

    def send(self, line):
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def command(self, line, timeout=10):
        """Type one U-Boot command and wait for the next prompt; returns its output, or None on timeout."""
        start = self.mark()
        self.send(line)
        echoed = self.expect(line + "\n", start, timeout)
        # the prompt starts a line: the echo's own newline may be the one before it
        end = self.expect("\n" + PROMPT, echoed - 1, timeout) if echoed is not None else None
        return None if end is None else self.text(echoed)[:max(0, end - echoed - len(PROMPT))]

    def wait(self, timeout):
        """Wait for QEMU to exit; kill it after `timeout` s. Returns (exit status or None, timed out)."""
        try:
            return self.proc.wait(timeout=timeout), False
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None, True
        finally:
            self.reader.join(timeout=5)

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def image_header_problems(bin_path, elf_path):
    """Check the arm64 Image header at the start of pmucheck.bin against the ELF it came from (Linux
    Documentation/arch/arm64/booting.rst, "4. Call the kernel image"). Returns (description, problems)."""
    with open(bin_path, "rb") as f:
        header = f.read(64)
    with open(elf_path, "rb") as f:
        elf = f.read()
    code0, code1, text_offset, image_size, flags, res2, res3, res4, magic, res5 = struct.unpack(
        "<IIQQQQQQII", header)
    entry, phoff = struct.unpack_from("<QQ", elf, 24)
    phentsize, phnum = struct.unpack_from("<HH", elf, 54)
    loads = [struct.unpack_from("<IIQQQQQQ", elf, phoff + i * phentsize) for i in range(phnum)]
    loads = [(vaddr, memsz) for ptype, _, _, vaddr, _, _, memsz, _ in loads if ptype == 1]  # PT_LOAD
    start = min(v for v, _ in loads)
    extent = max(v + m for v, m in loads) - start
    problems = []
    if magic != 0x644d5241:
        problems.append(f"magic 0x{magic:08x}, not 0x644d5241 (\"ARM\\x64\")")
    if code0 >> 26 != 0b000101:
        problems.append(f"code0 0x{code0:08x} is not a B instruction")
    if text_offset != 0:
        problems.append(f"text_offset 0x{text_offset:x}, not 0 (the image runs at any 2 MiB aligned base)")
    if image_size != extent:
        problems.append(f"image_size 0x{image_size:x}, the ELF's PT_LOAD segments span 0x{extent:x}")
    if flags != 0xa:
        problems.append(f"flags 0x{flags:x}, not 0xa (little-endian, 4K pages, bit 3 set: placed anywhere)")
    if res2 or res3 or res4 or code1 or res5:
        problems.append("code1, res2-res5 are not all zero")
    if entry != start or start != LINK_ADDR:
        problems.append(f"ELF entry 0x{entry:x} and first segment 0x{start:x} are not the header at 0x{LINK_ADDR:x}")
    description = (f"magic {struct.pack('<I', magic)!r}, text_offset 0x{text_offset:x}, image_size 0x{image_size:x}, "
                   f"flags 0x{flags:x}, code0 B +0x{(code0 & 0x3ffffff) * 4:x}")
    return description, problems


def flush_fix(uboot):
    """Where U-Boot 2023.01's pl01x_serial_pending() tests TXFF (byte offset in u-boot.bin), or None."""
    with open(uboot, "rb") as f:
        data = f.read()
    pattern = struct.pack("<II", *PL011_PENDING_TXFF)
    offsets = [m.start() for m in re.finditer(re.escape(pattern), data)]
    return offsets[0] if len(offsets) == 1 else None


def boot_plan(command, version, bin_path, elf_path, fix_offset, addr=None):
    """The -device loader arguments and U-Boot commands of one boot, and where the tree is expected from;
    addr: where pmucheck.bin is loaded for booti and go (default IMAGE_ADDR and LINK_ADDR)."""
    bootargs = f"pmucheck.qemu={version} pmucheck.tests={MODULES}"
    setup, loader = [], []
    if command in ("go", "bootelf") and fix_offset is not None:
        setup.append("bdinfo")  # its relocaddr says where the patched instructions are (filled in by run_boot)
    if command == "booti":
        loader = [bin_path, addr or IMAGE_ADDR]
        setup += [f"setenv bootargs {bootargs}"]
        boot = f"booti 0x{addr or IMAGE_ADDR:x} - ${{fdtcontroladdr}}"
        fdt_from = "x0"
    else:
        setup += [f"fdt addr 0x{FDT_FALLBACK:x}", f'fdt set /chosen bootargs "{bootargs}"']
        if command == "go":
            loader = [bin_path, addr or LINK_ADDR]
            boot = f"go 0x{addr or LINK_ADDR:x}"
        else:
            loader = [elf_path, ELF_ADDR]
            setup.append("setenv autostart yes")  # U-Boot 2023.01's bootelf only loads without it
            boot = f"bootelf 0x{ELF_ADDR:x}"
        fdt_from = "fallback"
    return loader, setup, boot, bootargs, fdt_from


def qemu_command(version, machine, uboot, loader, memory=MEMORY):
    path, addr = loader
    return [run_qemu.qemu_binary(version), "-M", machine, "-cpu", "max", "-m", memory, "-nographic",
            "-nic", "none", "-semihosting", "-bios", uboot,
            "-device", f"loader,file={path},addr=0x{addr:x},force-raw=on"]


def run_boot(cmd, setup, boot, fix_offset, timeout):
    """One QEMU boot: stop autoboot, type `setup` then `boot`, let the image run to its end.
    Returns dict(text: console after the boot command, transcript, rc, problems, patched)."""
    console = Console(cmd)
    result = {"text": "", "rc": None, "problems": [], "patched": None, "timed_out": False}
    try:
        at = console.expect(AUTOBOOT, 0, timeout)
        if at is None:
            result["problems"].append("U-Boot's autoboot prompt never came")
            return result
        console.send("")
        if console.expect("\n" + PROMPT, at, timeout) is None:
            result["problems"].append("no U-Boot prompt after stopping autoboot")
            return result
        for line in setup:
            out = console.command(line)
            if out is None:
                result["problems"].append(f"no prompt after `{line}`")
                return result
            if re.search(r"Unknown command|## Error|Usage:|FDT_ERR|error", out):
                result["problems"].append(f"`{line}` failed: {out.strip()}")
            if line == "bdinfo":
                m = re.search(r"^relocaddr\s*=\s*(0x[0-9a-f]+)", out, re.M)
                if not m:
                    result["problems"].append("bdinfo gave no relocaddr")
                    return result
                address = int(m.group(1), 16) + fix_offset
                for i, word in enumerate(PL011_PENDING_TXFE):
                    console.command(f"mw.l {address + 4 * i:x} {word:08x}")
                check = console.command(f"md.l {address:x} 2") or ""
                if f"{PL011_PENDING_TXFE[0]:08x} {PL011_PENDING_TXFE[1]:08x}" not in check:
                    result["problems"].append(f"the flush() fix did not land at 0x{address:x}: {check.strip()}")
                result["patched"] = address
        start = console.mark()
        console.send(boot)
        echoed = console.expect(boot + "\n", start, timeout)
        # Either the image ends QEMU (semihosting SYS_EXIT), or U-Boot refused it and prompts again.
        back = console.expect("\n" + PROMPT, echoed - 1, timeout) if echoed is not None else None
        if back is not None and console.proc.poll() is None:
            result["problems"].append(f"U-Boot returned to its prompt after `{boot}`: "
                                      + " / ".join(console.text(echoed).splitlines()[:6]))
            console.close()
        else:
            result["rc"], result["timed_out"] = console.wait(timeout)
        text = console.text(start)
        result["text"] = text[echoed - start:] if echoed is not None else text
        return result
    finally:
        console.close()
        result["transcript"] = console.text()


def judge(label, command, el_expected, fdt_from, bootargs, version, result, expected_dir):
    """Print the checks of one boot; returns [(passed?, line)]."""
    checks = []
    text, rc = result["text"], result["rc"]
    modules = MODULES.split(",")
    config = EXPECTED_CONFIG[el_expected]
    exp_path = os.path.join(expected_dir, f"qemu-{version}", f"{config}.txt")
    expected = run_qemu.load_expected(exp_path) or {}
    expected = {n: s for n, s in expected.items() if n.split(".", 1)[0] in modules}
    outcomes, problems = run_qemu.check_run(text, rc, expected, result["timed_out"]) if not result["problems"] \
        else ([], list(result["problems"]))
    points, summary, _ = run_qemu.parse_tap(text)
    patched = f"; U-Boot's flush() fixed in RAM at 0x{result['patched']:x}" if result["patched"] else ""
    checks.append((not problems, f"{label}: the TAP stream reaches its summary "
                   f"({'%d passed, %d failed, %d skipped' % summary if summary else 'none'}), QEMU exit status "
                   f"{rc}{patched}" + ("".join(f"\n     {p}" for p in problems))))
    m = TAP_EL.search(text)
    seen_el = int(m.group(1)) if m else None
    checks.append((seen_el == el_expected, f"{label}: entered at EL{seen_el}, U-Boot hands over at EL{el_expected}"))
    m = TAP_FDT.search(text)
    seen_fdt = (m.group(2), m.group(1)) if m else ("(no device tree line)", "")
    checks.append((seen_fdt[0] == FDT_FROM[fdt_from], f"{label}: device tree found {seen_fdt[0]} {seen_fdt[1]}, "
                   f"expected {FDT_FROM[fdt_from]}"))
    m = TAP_IMAGE.search(text)
    seen_at = int(m.group(1), 16) if m else None
    seen = hex(seen_at) if seen_at is not None else "(no image line)"
    checks.append((seen_at == result["image_addr"],
                   f"{label}: image runs at {seen}, expected 0x{result['image_addr']:x}"))
    m = TAP_BOOTARGS.search(text)
    checks.append((m is not None and m.group(1) == bootargs,
                   f"{label}: bootargs {m.group(1) if m else '(none printed)'!r}, expected {bootargs!r}"))
    high = "@high" if result["image_addr"] >= 1 << 32 else ""
    known = KNOWN_DIFFERENCES.get((label.split()[0], command + high), {})
    wrong = [o for o in outcomes if not o.ok and known.get(o.name, ("",))[0] != o.seen]
    explained = [o for o in outcomes if not o.ok and known.get(o.name, ("",))[0] == o.seen]
    stale = [n for n in known if n not in {o.name for o in explained}]
    counts = {s: sum(o.seen == s for o in outcomes) for s in ("ok", "skip", "todo")}
    line = (f"{label}: {len(outcomes) - len(wrong) - len(explained)} of {len(outcomes)} test points of {MODULES} "
            f"as in {os.path.relpath(exp_path, ROOT)} ({counts['ok']} ok, {counts['skip']} skip, "
            f"{counts['todo']} todo)")
    for reason in sorted({known[o.name][1] for o in explained}):
        names = [o.name for o in explained if known[o.name][1] == reason]
        line += f"; {len(names)} differ as explained: {reason}: {', '.join(names)}"
    for o in wrong[:20]:
        line += f"\n     {o.name}: expected {o.expected}, seen {o.seen}" + (f" ({o.note})" if o.note else "")
        line += "".join(f"\n       {d}" for d in o.diag[:3])
    for name in stale if outcomes else []:
        line += f"\n     {name}: listed in KNOWN_DIFFERENCES as {known[name][0]}, but it did not differ so: update the list"
    checks.append((bool(outcomes) and not wrong and not stale and not problems, line))
    return checks


def with_transcript(checks, result, lines):
    """The checks of one boot, the first failing one followed by the last `lines` lines of its console."""
    for i, (ok, line) in enumerate(checks):
        if not ok:
            tail = result["transcript"].splitlines()[-lines:]
            checks[i] = (ok, line + "\n     console transcript (the end):\n" + "\n".join("     | " + t for t in tail))
            break
    return checks


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--elf", default=os.path.join(ROOT, "build", "qemu-virt", "pmucheck.elf"))
    ap.add_argument("--bin", default=None, help="default: the .bin beside --elf")
    ap.add_argument("--uboot", default=UBOOT)
    ap.add_argument("--expected-dir", default=os.path.join(HERE, "expected"))
    ap.add_argument("--qemu", action="append", choices=run_qemu.QEMU_VERSIONS,
                    help="QEMU versions, every boot on each (default: DEFAULT_BOOTS)")
    ap.add_argument("--boot", help="only the boots whose label (e.g. 'el2 go@qemu-7.2') matches this regex")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=60, help="seconds per QEMU boot")
    args = ap.parse_args(argv)
    bin_path = args.bin or os.path.splitext(args.elf)[0] + ".bin"
    started = time.monotonic()
    checks = []

    if not os.path.exists(args.uboot):
        print(f"not ok: {args.uboot} is missing (Debian package u-boot-qemu: ci/install-deps.sh)")
        print("0 passed, 1 failed")
        return 1
    description, problems = image_header_problems(bin_path, args.elf)
    checks.append((not problems, f"image header of {os.path.relpath(bin_path, ROOT)}: {description}"
                   + "".join(f"\n     {p}" for p in problems)))
    fix_offset = flush_fix(args.uboot)
    print(f"# U-Boot: {args.uboot}; " + (
        f"its pl01x_serial_pending() tests TXFF (at 0x{fix_offset:x}): go and bootelf get the v2023.10 fix in RAM"
        if fix_offset is not None else "no TXFF test found in pl01x_serial_pending(): nothing patched"))

    versions = args.qemu or list(DEFAULT_BOOTS)
    runs = []  # (label, version, machine, command, el)
    for version in versions:
        for name, machine, els in MACHINES:
            for command, el in els.items():
                chosen = DEFAULT_BOOTS.get(version)
                if not args.qemu and chosen is not None and f"{name} {command}" not in chosen:
                    continue
                runs.append((f"{name} {command}@qemu-{version}", version, machine, command, el, None, MEMORY))
    # away from the link address: the image relocates itself and must give the same verdicts; go at IMAGE_ADDR,
    # and booti above 4 GiB with 8 GiB of RAM (U-Boot's tree then near 4 GiB)
    runs.append((f"el2 go@0x{IMAGE_ADDR:x}@qemu-{versions[0]}", versions[0], MACHINES[0][1], "go", 2, IMAGE_ADDR,
                 MEMORY))
    runs.append((f"el2 booti@0x{HIGH_ADDR:x}@qemu-{versions[0]}", versions[0], MACHINES[0][1], "booti", 2, HIGH_ADDR,
                 "8G"))

    if args.boot:
        runs = [r for r in runs if re.search(args.boot, r[0])]

    def one(run):
        label, version, machine, command, el, addr, memory = run
        loader, setup, boot, bootargs, fdt_from = boot_plan(command, version, bin_path, args.elf, fix_offset, addr)
        result = run_boot(qemu_command(version, machine, args.uboot, loader, memory), setup, boot, fix_offset,
                          args.timeout)
        # where the image runs: booti leaves it where it was loaded (flags bit 3), bootelf copies it to its link
        # address, go runs it where it was loaded
        result["image_addr"] = {"booti": addr or IMAGE_ADDR, "go": addr or LINK_ADDR}.get(command, LINK_ADDR)
        return run, result, bootargs, fdt_from

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(one, r) for r in runs]
        results = [f.result() for f in futures]
    for item in results:
        (label, version, _, command, el, _, _), result, bootargs, fdt_from = item
        checks += with_transcript(judge(label, command, el, fdt_from, bootargs, version, result,
                                        args.expected_dir), result, 80)
    for ok, line in checks:
        print(f"{'ok  ' if ok else 'FAIL'} {line}")
    passed = sum(ok for ok, _ in checks)
    print(f"# {len(runs)} QEMU boots in {time.monotonic() - started:.1f} s, {args.jobs} at a time")
    print(f"{passed} passed, {len(checks) - passed} failed")
    return 0 if passed == len(checks) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
