#!/usr/bin/python3
"""pmucheck as Trusted Firmware-A's BL33: boot TF-A 2.8 (ci/build-tfa.sh's build in the cache) on
QEMU virt with EL3 and EL2, pmucheck loaded where it is linked, and check that it is entered the way a board
with TF-A enters it and that the suite's verdicts are the CI's for an EL2 entry. Prints one line per check and
`N passed, N failed`.

  check_tfa.py --elf build/qemu-virt/pmucheck.elf [--qemu 7.2 --qemu 10.0] [--smp 1,2] [--expect-from el2-max]

The boot (TF-A docs/plat/qemu.rst, "Booting via semi-hosting"): `-M virt,secure=on,virtualization=on,
gic-version=3 -cpu max -bios bl1.bin -semihosting-config enable=on,target=native`, QEMU started in the build
folder, where BL1 and BL2 open bl2.bin and bl31.bin through semihosting; `-device loader,file=pmucheck.elf`
puts the image at 0x40200000, where BL31 enters it (the build's PRELOADED_BL33_BASE: BL2 loads no BL33);
`-kernel pmucheck.elf -append "pmucheck.qemu=<version>"`: with firmware (-bios) QEMU loads nothing from
-kernel, it hands the file to the firmware through fw_cfg (hw/arm/boot.c, arm_setup_firmware_boot()), which
TF-A ignores, but -append still becomes /chosen/bootargs in the tree QEMU writes at 0x40000000, so the boot
arguments reach the image (QEMU refuses -append without -kernel). pmucheck exits QEMU through semihosting
SYS_EXIT, as in the other runs; TF-A uses semihosting only to load.

Checks of each run (QEMU version x -smp):
  - BL2 did not load a BL33 ("BL2: Skip loading image id 5"), and BL31 entered the ELF's entry with an
    SPSR of AArch64 EL2h ("BL31: Preparing for EL3 exit to normal world", "Entry point address",
    "SPSR": TF-A's DEBUG log on the UART before the TAP stream);
  - pmucheck's header: entered at EL2; the device tree taken from x0 at 0x40000000 (ARM_LINUX_KERNEL_AS_BL33:
    x0 = ARM_PRELOADED_DTB_BASE); the boot arguments; PSCI conduit smc (the /psci node TF-A's BL2 adds: QEMU
    writes none with secure=on and firmware) and the number of PEs;
  - CNTFRQ_EL0, which TF-A writes, is the rate of the machine's counter (MACHINE_TYPE says why 10.0 boots
    virt-9.0): pmucheck's elapsed counter time, converted with it, fits in the time QEMU ran;
  - with -smp 2: PE 1 started through TF-A's PSCI CPU_ON (pmucheck calls it when not entered at EL3) and ran
    the suite (as many pe1. points as pe0.);
  - the TAP stream reaches its summary line with counts that agree and no Bail out; QEMU's exit status is the
    firmware's (0 nothing failed, 1 a check failed, 2 bail out);
  - every verdict equals the el2-max configuration's expectation for that QEMU version
    (ci/expected/qemu-<version>/el2-max.txt, each point as pe<N>.<name> with -smp 2), except the recorded
    differences below, each printed with its register values when it applies.
And once per QEMU version, on the largest -smp, a boot stopped by QEMU's gdbstub at each PE's entry into
pmucheck (the ELF's entry; secondary_entry, the PSCI CPU_ON entry): x0 = the tree (PE 0) or the CPU_ON
context ID (the PE's index), x1-x3 = 0, PSTATE.M = EL2h, and MDCR_EL3 and SCR_EL3 as recorded below
(RECORDED_MDCR_EL3, RECORDED_SCR_EL3), with MDCR_EL2, PMCR_EL0 and CNTFRQ_EL0 shown.

Recorded differences from el2-max, and why nothing else differs:
  - EL3 exists here. el2-max boots QEMU's own EL2 entry, -M virt,virtualization=on, where the PE has no EL3
    (ID_AA64PFR0_EL1.EL3 = 0x0); TF-A needs secure=on, so EL3 = 0x2 (the header prints ID_AA64PFR0_EL1).
    PMEVTYPER<n>_EL0.SH and PMCCFILTR_EL0.SH exist when EL3 and FEAT_SEL2 are implemented (Arm ARM D11.7.1;
    PMEVTYPER<n>_EL0 D24.5.12, PMCCFILTR_EL0 D24.5.1): the SH points el2-max skips ("SH needs EL3 and
    FEAT_SEL2") run here and take el3-max's recorded verdicts (EL3_POINTS below). A difference of the
    machine, not of TF-A's settings.
  - TF-A 2.8's EL3 settings, read at BL33's entry through QEMU's gdbstub (doc/boot-protocol.md "TF-A BL33"),
    change no verdict: MDCR_EL3 = 0x400818000 (SPD32 = 0b10, SDD, SCCD, MCCD; SPME = 0, TPM = 0,
    include/arch/aarch64/el3_common_macros.S): SCCD, MCCD and SPME act in Secure state and at EL3, which
    pmucheck cannot reach when entered at EL2 (the el3 and s_* contexts are skipped, as in el2-max), and TPM = 0
    traps nothing. SCR_EL3 = 0x20000030731 on QEMU 7.2, 0x20018030731 on 10.0: FGTEn (bit 27) and ECVEn are
    set where the PE has FEAT_FGT/ECV (10.0's max; lib/el3_runtime/aarch64/context_mgmt.c), so the fine-grained
    traps HDFGRTR_EL2/HDFGWTR_EL2 that pmucheck programs at EL2 take effect, as they do in el2-max without EL3
    (tests/access.c takes FGTEn as 1 when EL3 exists and pmucheck runs at EL2). PMCR_EL0 = 0x410130e0 at entry
    (LP, LC, DP) and MDCR_EL2 = 0x6 (HPMN = N, QEMU's reset value: TF-A writes MDCR_EL2 only when EL2 is
    unused) are overwritten by pmucheck's own baseline before any check.
"""
import argparse
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run_qemu  # noqa: E402

MACHINE = "secure=on,virtualization=on,gic-version=3"
# The machine type per QEMU version. TF-A 2.8 writes CNTFRQ_EL0 = 62.5 MHz on every PE
# (lib/psci/psci_setup.c psci_arch_setup(): plat_get_syscnt_freq2(), plat/qemu SYS_COUNTER_FREQ_IN_TICKS =
# 10^9 / 16), the rate of QEMU virt's counter up to machine version 9.0; from virt-9.1 the counter runs at
# 1 GHz (measured: pmucheck's elapsed line on 10.0's virt-9.0 and virt-9.1), so on 10.0's default `virt`
# pmucheck would take each 1 ns tick for 16 ns: its 2000 ms watchdog fires after 125 ms, and under
# load it did (interrupt.r1.ns_el1 took INTID 26, the EL2 physical timer, as an IRQ at EL1;
# isolation.final_state found GICR_ISENABLER0 changed). virt-9.0 keeps the counter at the rate TF-A 2.8
# assumes; the counter-rate check below fails on a machine where they differ.
MACHINE_TYPE = {"7.2": "virt", "10.0": "virt-9.0"}
CPU = "max"
DTB_BASE = 0x40000000  # TF-A plat/qemu: ARM_PRELOADED_DTB_BASE = PLAT_QEMU_DT_BASE = NS_DRAM0_BASE
BL33_IMAGE_ID = 5  # include/export/common/tbbr/tbbr_img_def_exp.h
SPSR_M_EL2H = 0b01001  # SPSR_EL3.M[4:0]: AArch64 (M[4] = 0), EL2 with SP_EL2

# Test points whose verdict here is el3-max's, not el2-max's, when the PE implements EL3 and FEAT_SEL2 (the
# header's ID_AA64PFR0_EL1 line says EL3 != 0 and SEL2 = 1). Why: the module docstring, first difference.
EL3_POINTS = ("filter.evtyper_sh.ns_el2", "filter.ccfiltr_sh.ns_el2", "filter.evtyper_sh.ns_el1",
              "filter.ccfiltr_sh.ns_el1", "filter.evtyper_sh.ns_el0", "filter.ccfiltr_sh.ns_el0", "filter.sh_rw",
              "filter.evtyper_sh.ns_el1_a32", "filter.ccfiltr_sh.ns_el1_a32", "filter.evtyper_sh.ns_el0_a32",
              "filter.ccfiltr_sh.ns_el0_a32")
EL3_REASON = ("EL3 implemented (secure=on; el2-max has none): PMEVTYPER<n>_EL0.SH and PMCCFILTR_EL0.SH exist "
              "with EL3 and FEAT_SEL2 (D11.7.1), so the point runs; el3-max's recorded verdict")
PFR0 = re.compile(r"^# ID_AA64PFR0_EL1 = (0x[0-9a-f]+): EL3=(\d+) EL2=(\d+) SEL2=(\d+)", re.M)


def tfa_cache():
    """ci/build-tfa.sh's output folder: $PMUCHECK_CACHE/tfa-qemu-2.8 (default ~/.cache/pmucheck)."""
    cache = os.environ.get("PMUCHECK_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pmucheck")
    return os.path.join(cache, "tfa-qemu-2.8")


def read_build(folder):
    """The build's key (BUILD: NAME=value lines) as a dict, or None when there is no build."""
    path = os.path.join(folder, "BUILD")
    if not all(os.path.exists(os.path.join(folder, f)) for f in ("BUILD", "bl1.bin", "bl2.bin", "bl31.bin")):
        return None
    with open(path, encoding="utf-8") as f:
        return dict(line.rstrip("\n").split("=", 1) for line in f if "=" in line)


def elf_entry(path):
    """e_entry of an ELF64 little-endian file (ELF header: e_entry at offset 24)."""
    with open(path, "rb") as f:
        header = f.read(64)
    if header[:4] != b"\x7fELF" or header[4] != 2 or header[5] != 1:
        raise ValueError(f"{path}: not an ELF64 little-endian file")
    return struct.unpack_from("<Q", header, 24)[0]


def tfa_command(qemu, elf, version, smp):
    """The QEMU command line (run in the TF-A build folder: BL1/BL2 open bl2.bin, bl31.bin there)."""
    elf = os.path.abspath(elf)
    return [qemu, "-M", f"{MACHINE_TYPE[version]},{MACHINE}", "-cpu", CPU, "-m", "1G", "-smp", str(smp), "-nographic", "-nic", "none",
            "-semihosting-config", "enable=on,target=native", "-bios", "bl1.bin",
            "-device", f"loader,file={elf}", "-kernel", elf, "-append", f"pmucheck.qemu={version}"]


def run(cmd, cwd, timeout):
    """Run QEMU in cwd, never longer than timeout seconds: (console text without CRs, stderr, exit status, timed
    out)."""
    out, err, rc, timed_out = run_qemu.run_qemu(cmd, timeout, cwd)
    return out.replace("\r", ""), err, rc, timed_out


# What TF-A 2.8 leaves at BL33's entry, read through QEMU's gdbstub (entry_registers()): the values the
# module docstring reasons about. A different TF-A (or QEMU) that changes them fails the registers check,
# and the reasoning has to be done again for the new values.
RECORDED_MDCR_EL3 = 0x400818000  # SPD32 = 0b10 (bits 15:14), SDD (16), SCCD (23), MCCD (34)
RECORDED_SCR_EL3 = {"7.2": 0x20000030731,  # NS, RES1 4-5, HCE, SIF, RW, APK, API, EnTP2 (41)
                    "10.0": 0x20018030731}  # and FGTEn (27), ECVEn (28): 10.0's max has FEAT_FGT, FEAT_ECV
ENTRY_REGS = ("x0", "x1", "x2", "x3", "cpsr", "MDCR_EL3", "SCR_EL3", "MDCR_EL2", "PMCR_EL0", "CNTFRQ_EL0")


class GdbRemote:
    """The few GDB remote serial protocol packets needed to stop QEMU at an address and read registers
    (GDB's manual, "Remote Protocol": $<payload>#<checksum>, acknowledged by +)."""

    def __init__(self, path, timeout):
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(timeout)
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock.connect(path)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self.buf = b""

    def packet(self, payload, reply=True):
        data = payload.encode()
        self.sock.sendall(b"$%s#%02x" % (data, sum(data) & 0xFF))
        return self.reply() if reply else None

    def reply(self):
        while True:
            m = re.search(rb"\$([^#]*)#[0-9a-fA-F]{2}", self.buf)
            if m:
                self.buf = self.buf[m.end():]
                self.sock.sendall(b"+")
                return m.group(1).decode()
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("QEMU closed the gdbstub connection")
            self.buf += chunk

    def xfer(self, annex):
        text, offset = "", 0
        while True:
            r = self.packet(f"qXfer:features:read:{annex}:{offset:x},ffb")
            text, offset = text + r[1:], offset + len(r) - 1
            if r[:1] != "m":
                return text

    def register_numbers(self):
        """{name: number} from the target description QEMU sends (target.xml and the files it includes; a
        register without regnum takes the number after the previous one)."""
        numbers, following = {}, 0
        target = self.xfer("target.xml")
        for annex in re.findall(r'<xi:include href="([^"]+)"', target):
            for attrs in re.findall(r"<reg ([^>]*)>", self.xfer(annex)):
                name = re.search(r'name="([^"]+)"', attrs).group(1)
                num = re.search(r'regnum="(\d+)"', attrs)
                following = int(num.group(1)) if num else following
                numbers[name] = following
                following += 1
        return numbers

    def read(self, number):
        r = self.packet(f"p{number:x}")
        return int.from_bytes(bytes.fromhex(r), "little")


def elf_symbol(elf, name):
    """A symbol's address (the cross binutils' nm, as the firmware build uses)."""
    out = subprocess.run(["aarch64-linux-gnu-nm", elf], capture_output=True, text=True, check=True).stdout
    m = re.search(rf"^([0-9a-f]+) \w {re.escape(name)}$", out, re.M)
    return int(m.group(1), 16) if m else None


def entry_registers(qemu, tfa_dir, elf, version, smp, timeout):
    """Boot as tfa_command() does, stopped (-S) with QEMU's gdbstub on a Unix socket; hardware breakpoints at
    the ELF's entry (PE 0) and at secondary_entry (the PSCI CPU_ON entry pmucheck gives the others); at each
    stop, read ENTRY_REGS of the PE that stopped. Returns [(pe, {register: value})], PE 0 first."""
    with tempfile.TemporaryDirectory(prefix="pmucheck-gdb-") as tmp:
        path = os.path.join(tmp, "gdb.sock")
        cmd = tfa_command(qemu, elf, version, smp) + ["-S", "-gdb", f"unix:{path},server=on,wait=off"]
        proc = subprocess.Popen(cmd, cwd=tfa_dir, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            gdb = GdbRemote(path, timeout)
            gdb.packet("qSupported:multiprocess+;xmlRegisters=aarch64")
            numbers = gdb.register_numbers()
            stops = [elf_entry(elf)] + ([elf_symbol(elf, "secondary_entry")] if smp > 1 else [])
            for address in stops:
                if gdb.packet(f"Z1,{address:x},4") != "OK":
                    raise RuntimeError(f"QEMU refused a hardware breakpoint at 0x{address:x}")
            seen = []
            for _ in stops:
                stop = gdb.packet("c")
                thread = re.search(r"thread:([^;]+);", stop)
                if not stop.startswith("T") or not thread:
                    raise RuntimeError(f"unexpected stop reply {stop!r}")
                gdb.packet(f"Hg{thread.group(1)}")
                pe = int(thread.group(1).split(".")[-1], 16) - 1  # QEMU's thread IDs: p<process>.<cpu index + 1>
                regs = {r: gdb.read(numbers[r]) for r in ENTRY_REGS}
                seen.append((pe, regs))
                # QEMU stops again at a breakpoint on the PC it resumes from: remove the one just hit
                pc = gdb.read(numbers["pc"])
                if pc in stops:
                    gdb.packet(f"z1,{pc:x},4")
            gdb.packet("k", reply=False)
            return seen
        finally:
            proc.kill()
            proc.wait()


def judge_registers(seen, version, smp):
    """The checks of the registers at BL33's entry: [(ok, description, [detail lines])]."""
    results = []
    for pe, regs in seen:
        want_x0 = DTB_BASE if pe == 0 else pe  # PE 0: the tree; the others: CPU_ON's context ID, the PE index
        shown = " ".join(f"{r}=0x{v:x}" for r, v in regs.items())
        problems = []
        if (regs["x0"], regs["x1"], regs["x2"], regs["x3"]) != (want_x0, 0, 0, 0):
            problems.append(f"x0-x3: expected 0x{want_x0:x}, 0, 0, 0")
        if regs["cpsr"] & 0x1F != SPSR_M_EL2H:
            problems.append("PSTATE.M: expected EL2h (0b01001)")
        if regs["MDCR_EL3"] != RECORDED_MDCR_EL3:
            problems.append(f"MDCR_EL3: recorded 0x{RECORDED_MDCR_EL3:x}: check the docstring's reasoning again")
        if regs["SCR_EL3"] != RECORDED_SCR_EL3.get(version):
            problems.append(f"SCR_EL3: recorded 0x{RECORDED_SCR_EL3.get(version, 0):x}: check the docstring's "
                            "reasoning again")
        where = "the ELF's entry" if pe == 0 else "secondary_entry"
        results.append((not problems, f"PE {pe} at {where} (QEMU's gdbstub): {shown}", problems))
    if sorted(pe for pe, _ in seen) != list(range(smp)):
        results.append((False, f"every PE stopped at its entry once ({smp})", [f"stopped: {[pe for pe, _ in seen]}"]))
    return results


def handoff(text):
    """TF-A's log of BL33's entry: (BL2 skipped loading BL33, BL2 loaded BL33, entry address, SPSR), the
    last two from the "Entry point address" and "SPSR" lines after BL31's exit to the normal world."""
    skipped = f"BL2: Skip loading image id {BL33_IMAGE_ID}" in text
    loaded = re.search(rf"Loading image id={BL33_IMAGE_ID}\b", text) is not None
    tail = text.split("BL31: Preparing for EL3 exit to normal world", 1)
    entry = re.search(r"Entry point address = (0x[0-9a-fA-F]+)", tail[1]) if len(tail) > 1 else None
    spsr = re.search(r"SPSR = (0x[0-9a-fA-F]+)", tail[1]) if len(tail) > 1 else None
    return skipped, loaded, int(entry.group(1), 16) if entry else None, int(spsr.group(1), 16) if spsr else None


def expectations(expected_dir, version, expect_from, text):
    """{name: status} for this run (before the pe<N>. expansion) and a note on the recorded differences
    applied: the expect_from file, with EL3_POINTS taken from el3-max when the header shows EL3 and SEL2."""
    base = run_qemu.load_expected(os.path.join(expected_dir, f"qemu-{version}", f"{expect_from}.txt"))
    el3 = run_qemu.load_expected(os.path.join(expected_dir, f"qemu-{version}", "el3-max.txt"))
    notes = []
    if base is None or el3 is None:
        return base, notes
    m = PFR0.search(text)
    if m and int(m.group(2)) != 0 and int(m.group(4)) == 1:
        for name in EL3_POINTS:
            if name in base and name in el3 and base[name] != el3[name]:
                notes.append(f"{name} {base[name]} -> {el3[name]}")
                base[name] = el3[name]
        if notes:
            notes = [f"{EL3_REASON} (ID_AA64PFR0_EL1 = {m.group(1)}: EL3={m.group(2)} SEL2={m.group(4)}): "
                     + ", ".join(notes)]
    return base, notes


def judge(text, stderr, rc, timed_out, seconds, smp, version, entry, args):
    """The checks of one run: [(ok, description, [detail lines])]."""
    results = []
    if timed_out and not text.endswith("\n"):
        text = text[:text.rfind("\n") + 1]
    lines = text.splitlines()

    skipped, loaded, bl33_pc, spsr = handoff(text)
    results.append((skipped and not loaded, f"TF-A: BL2 did not load BL33 (\"BL2: Skip loading image id "
                    f"{BL33_IMAGE_ID}\": PRELOADED_BL33_BASE)", [] if skipped and not loaded else
                    [f"skip line {'seen' if skipped else 'missing'}, BL33 {'loaded' if loaded else 'not loaded'}"]))
    ok = bl33_pc == entry and spsr is not None and (spsr & 0x1F) == SPSR_M_EL2H
    results.append((ok, f"TF-A: BL31 entered BL33 in the normal world at the ELF's entry 0x{entry:x} with SPSR "
                    "M = EL2h", [] if ok else [f"entry {bl33_pc if bl33_pc is None else hex(bl33_pc)}, SPSR "
                                               f"{spsr if spsr is None else hex(spsr)}"]))

    want = f"# entered at EL{args.expect_el}"
    seen = next((x for x in lines if x.startswith("# entered at EL")), "(none)")
    results.append((seen == want, f"header: {want[2:]}", [] if seen == want else [f"seen: {seen}"]))

    m = next((re.match(r"^# platform: device tree at (0x[0-9a-f]+) \(\d+ bytes, found (.*)\), model", x)
              for x in lines if x.startswith("# platform:")), None)
    ok = bool(m) and int(m.group(1), 16) == DTB_BASE and m.group(2) == "at x0 (boot protocol)"
    results.append((ok, f"header: device tree at 0x{DTB_BASE:x} taken from x0 (ARM_LINUX_KERNEL_AS_BL33)",
                    [] if ok else [next((x for x in lines if x.startswith("# platform:")), "no '# platform:' line")]))

    want = f'# bootargs: "pmucheck.qemu={version}"'
    ok = want in lines
    results.append((ok, f"header: boot arguments from -append reached the image ({want[2:]})",
                    [] if ok else [next((x for x in lines if x.startswith("# bootargs")), "no '# bootargs' line")]))

    psci = next((x for x in lines if x.startswith("# PSCI:")), "(none)")
    pes = next((x for x in lines if x.startswith("# PEs:")), "(none)")
    ok = psci == "# PSCI: smc (device tree)" and re.match(rf"^# PEs: {smp}, .*\(device tree\)$", pes) is not None
    results.append((ok, f"header: PSCI smc (TF-A's /psci node), {smp} PE{'s' if smp > 1 else ''}",
                    [] if ok else [psci, pes]))

    # CNTFRQ_EL0 (written by TF-A) is the counter's real rate: the run's elapsed counter time, converted with
    # CNTFRQ_EL0, cannot exceed the time QEMU ran (pmucheck counts from its own entry to its verdict)
    m = re.search(r"^# elapsed: (\d+) counter ticks at (\d+) Hz", text, re.M)
    counted = int(m.group(1)) / int(m.group(2)) if m and int(m.group(2)) else None
    ok = counted is not None and counted <= seconds * 1.05 + 0.05
    results.append((ok, f"CNTFRQ_EL0 is the counter's rate: {counted if counted is None else f'{counted:.2f}'} s "
                    f"counted by pmucheck (its '# elapsed' line) within QEMU's {seconds:.2f} s",
                    [] if ok else [m.group(0) if m else "no '# elapsed' line", "CNTFRQ_EL0 (TF-A: 62.5 MHz) is not "
                                   "the rate of this machine's counter: see MACHINE_TYPE"]))

    points, summary, bail = run_qemu.parse_tap(text)
    for i in range(1, smp):
        mine = [p for p in points if p["name"].startswith(f"pe{i}.")]
        first = [p for p in points if p["name"].startswith("pe0.")]
        failed_start = [p for p in mine if p["name"] == f"pe{i}.pe_start"]
        ok = not failed_start and len(mine) == len(first) > 0
        results.append((ok, f"PE {i} started through TF-A's PSCI CPU_ON and ran the suite ({len(mine)} pe{i}. "
                        f"points, pe0. {len(first)})", [d for p in failed_start for d in p["diag"]]))

    expected, notes = expectations(args.expected_dir, version, args.expect_from, text)
    outcomes, problems = run_qemu.check_run(text, rc, run_qemu.expand_expected(expected, smp) or {}, timed_out)
    exit_problems = [p for p in problems if p.startswith("QEMU exit status")]
    tap_problems = [p for p in problems if p not in exit_problems and not p.startswith("no expectation")]
    results.append((not tap_problems, "TAP: summary line reached, its counts agree, no Bail out, no timeout",
                    tap_problems + ([f"qemu: {x}" for x in stderr.strip().splitlines()[-5:]] if tap_problems else [])))
    want_rc = 2 if bail else None if summary is None else (0 if summary[1] == 0 else 1)
    ok = want_rc is not None and rc == want_rc and not timed_out
    results.append((ok, f"QEMU's exit status {rc} is the firmware's ({want_rc}: "
                    f"{'bail out' if bail else 'no summary' if summary is None else f'{summary[1]} failed'})",
                    exit_problems))

    label = f"qemu-{version}/{args.expect_from}.txt"
    if expected is None:
        results.append((False, f"verdicts: {label}", ["no expectation file"]))
        return results
    bad = [o for o in outcomes if not o.ok]
    detail = [f"recorded differences from {args.expect_from}: {n}" for n in notes]
    for o in bad[:40]:
        detail.append(f"{o.name}: expected {o.expected}, seen {o.seen}" + (f" ({o.note})" if o.note else ""))
        detail += [f"  {d}" for d in o.diag[:run_qemu.DIAG_SHOWN]]
    if len(bad) > 40:
        detail.append(f"... {len(bad) - 40} more differing points")
    changed = sum(n.count("->") for n in notes)
    results.append((not bad, f"verdicts: {len(outcomes) - len(bad)} of {len(outcomes)} test points as {label} "
                    f"expects, {changed} recorded difference{'s' if changed != 1 else ''} applied", detail))
    return results


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--qemu", action="append", choices=run_qemu.QEMU_VERSIONS, help="default: 7.2 and 10.0")
    ap.add_argument("--smp", default="1,2", help="PE counts, comma-separated (default 1,2)")
    ap.add_argument("--tfa-dir", default=tfa_cache(), help="ci/build-tfa.sh's output (default %(default)s)")
    ap.add_argument("--expected-dir", default=os.path.join(run_qemu.HERE, "expected"))
    ap.add_argument("--expect-from", default="el2-max", help="the configuration whose verdicts are expected")
    ap.add_argument("--expect-el", type=int, default=2, help="the EL the header must report (default 2)")
    ap.add_argument("--out", default=os.path.join(run_qemu.ROOT, "build", "test-results"),
                    help="where each run's console is saved as tfa-<smp>pe@qemu-<version>.tap")
    ap.add_argument("--timeout", type=int, default=60, help="seconds per QEMU run")
    args = ap.parse_args(argv)

    passed = failed = 0

    def report(ok, label, detail):
        nonlocal passed, failed
        print(f"{'ok' if ok else 'not ok'} - {label}")
        for d in detail:
            print(f"#   {d}")
        passed += ok
        failed += not ok

    build = read_build(args.tfa_dir)
    if build is None:
        report(False, f"TF-A build in {args.tfa_dir}", ["none: run ci/build-tfa.sh (ci/install-deps.sh runs it)"])
        print(f"{passed} passed, {failed} failed")
        return 1
    entry = elf_entry(args.elf)
    base = build.get("PRELOADED_BL33_BASE", "")
    ok = base.startswith("0x") and int(base, 16) == entry and build.get("ARM_LINUX_KERNEL_AS_BL33") == "1"
    report(ok, f"TF-A build ({build.get('SOURCE', '?')}): PRELOADED_BL33_BASE {base} = the ELF's entry "
           f"0x{entry:x}, ARM_LINUX_KERNEL_AS_BL33=1", [] if ok else ["rebuild: ci/build-tfa.sh"])
    os.makedirs(args.out, exist_ok=True)
    for version in args.qemu or run_qemu.QEMU_VERSIONS:
        qemu = run_qemu.qemu_binary(version)
        for smp in [int(s) for s in args.smp.split(",")]:
            cmd = tfa_command(qemu, args.elf, version, smp)
            started = time.monotonic()
            text, stderr, rc, timed_out = run(cmd, args.tfa_dir, args.timeout)
            seconds = time.monotonic() - started
            name = f"tfa-{smp}pe@qemu-{version}"
            with open(os.path.join(args.out, f"{name}.tap"), "w", encoding="utf-8") as f:
                f.write(text)
            print(f"# {name}: {seconds:.1f} s: (cd {args.tfa_dir} && {' '.join(cmd)})")
            for ok, label, detail in judge(text, stderr, rc, timed_out, seconds, smp, version, entry, args):
                report(ok, f"{name}: {label}", detail)
        smp = max(int(s) for s in args.smp.split(","))
        name = f"tfa-{smp}pe-entry@qemu-{version}"
        try:
            seen = entry_registers(qemu, args.tfa_dir, args.elf, version, smp, args.timeout)
        except (OSError, EOFError, RuntimeError, ValueError, KeyError) as e:
            report(False, f"{name}: registers at BL33's entry through QEMU's gdbstub", [f"{type(e).__name__}: {e}"])
            continue
        for ok, label, detail in judge_registers(seen, version, smp):
            report(ok, f"{name}: {label}", detail)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
