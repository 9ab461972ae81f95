#!/usr/bin/python3
"""The link step's check of the position-independent image (Makefile PIE_CHECK; boot/entry.S pie_relocate).

  ci/check_pie.py [--readelf aarch64-linux-gnu-readelf] build/<platform>/pmucheck.elf

pie_relocate applies R_AARCH64_RELATIVE entries of [__rela_start, __rela_end) and nothing else, so the image
runs away from its link address only if: it is a PIE (DF_1_PIE) with no dynamic linker (no PT_INTERP)
and no library it needs (DT_NEEDED); every dynamic relocation is R_AARCH64_RELATIVE, in the one section
pie_relocate reads, which __rela_start and __rela_end bound exactly; none patches a read-only section (no
DT_TEXTREL, no DF_TEXTREL, no relocation inside .text or .rodata); and every GOT entry that holds an address
inside the image has a relocation (an entry left unrelocated would point at the link address), and no
relocation moves a value outside the image (a number the linker took for an address). The ELF
conventions are those of the System V gABI and AAELF64 (ELF for the Arm 64-bit Architecture, 5.7.11).
Prints one line with the relocation count; exits 1 with the reasons otherwise.
"""
import argparse
import re
import struct
import subprocess
import sys


def readelf(tool, args, elf):
    return subprocess.run([tool, "-W", *args, elf], check=True, capture_output=True, text=True).stdout


def sections(tool, elf):
    """{name: (address, offset, size, flags)} from readelf -S."""
    out = {}
    for m in re.finditer(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+([0-9a-f]+)\s+([0-9a-f]+)\s+\S+\s+(\S*)\s",
                         readelf(tool, ["-S"], elf), re.M):
        out[m.group(1)] = (int(m.group(2), 16), int(m.group(3), 16), int(m.group(4), 16), m.group(5))
    return out


def symbols(tool, elf, names):
    out = {}
    for line in readelf(tool, ["-s"], elf).splitlines():
        f = line.split()
        if len(f) >= 8 and f[7] in names:
            out[f[7]] = int(f[1], 16)
    return out


def check(tool, elf):
    problems = []
    header = readelf(tool, ["-h", "-l", "-d"], elf)
    # ld.bfd writes ET_EXEC for a PIE linked at a nonzero address (linker/pmucheck.ld.S), lld ET_DYN: the mark
    # of -pie both set is DT_FLAGS_1's DF_1_PIE.
    if not re.search(r"\(FLAGS_1\).*\bPIE\b", header):
        problems.append("not a position-independent executable (no DF_1_PIE in DT_FLAGS_1: linked without -pie?)")
    if re.search(r"^\s*INTERP\b", header, re.M):
        problems.append("has a PT_INTERP (a dynamic linker): link with --no-dynamic-linker")
    if re.search(r"\(NEEDED\)", header):
        problems.append("needs a shared library (DT_NEEDED)")
    if re.search(r"\(TEXTREL\)|\(FLAGS\).*\bTEXTREL\b", header):
        problems.append("has text relocations (DT_TEXTREL / DF_TEXTREL): code or read-only data would be patched")

    secs = sections(tool, elf)
    relocs = []  # (section, offset, type, addend)
    current = None
    for line in readelf(tool, ["-r"], elf).splitlines():
        m = re.match(r"Relocation section '([^']+)'", line)
        if m:
            current = m.group(1)
            continue
        f = line.split()
        if current and len(f) >= 3 and re.fullmatch(r"[0-9a-f]{8,16}", f[0]):
            addend = int(f[3], 16) if f[2] == "R_AARCH64_RELATIVE" and len(f) == 4 else None
            relocs.append((current, int(f[0], 16), f[2], addend))
    for name in sorted({r[0] for r in relocs} - {".rela.dyn"}):
        problems.append(f"relocation section {name}: pie_relocate reads .rela.dyn only")
    others = sorted({r[2] for r in relocs if r[2] != "R_AARCH64_RELATIVE"})
    if others:
        problems.append("dynamic relocations other than R_AARCH64_RELATIVE: " + ", ".join(
            f"{t} ({sum(1 for r in relocs if r[2] == t)})" for t in others))
    sym = symbols(tool, elf, {"__rela_start", "__rela_end", "__image_start", "__image_end"})
    lo, hi = sym.get("__image_start", 0), sym.get("__image_end", 0)
    # An R_AARCH64_RELATIVE makes its word an address in the image: one whose addend lies outside relocates a
    # number (ld.bfd does so for an absolute linker-script symbol, e.g. a size, reached through the GOT).
    outside = [r for r in relocs if r[2] == "R_AARCH64_RELATIVE" and not (r[3] is not None and lo <= r[3] <= hi)]
    for r in outside[:5]:
        problems.append(f"R_AARCH64_RELATIVE at 0x{r[1]:x} relocates 0x{r[3] or 0:x}, outside the image "
                        f"[0x{lo:x}, 0x{hi:x}]: an absolute value that would move with the image")
    if ".rela.dyn" in secs:
        addr, _, size, _ = secs[".rela.dyn"]
        if sym.get("__rela_start") != addr or sym.get("__rela_end") != addr + size:
            problems.append(f".rela.dyn (0x{addr:x}, {size} bytes) is not [__rela_start, __rela_end) "
                            "(linker/pmucheck.ld.S)")
    elif relocs:
        problems.append("relocations but no .rela.dyn section")
    for name, (addr, _, size, flags) in secs.items():
        if "A" in flags and "W" not in flags and size:
            hit = [r[1] for r in relocs if addr <= r[1] < addr + size]
            if hit:
                problems.append(f"{len(hit)} relocation(s) patch read-only section {name} (first at 0x{hit[0]:x})")

    # GOT entries: each 64-bit word that holds an address inside the image must be relocated.
    relocated = {r[1] for r in relocs}
    with open(elf, "rb") as fh:
        data = fh.read()
    got_entries = 0
    for name in (".got", ".got.plt"):
        if name not in secs:
            continue
        addr, off, size, _ = secs[name]
        for i in range(0, size - size % 8, 8):
            (word,) = struct.unpack_from("<Q", data, off + i)
            got_entries += 1
            if lo <= word < hi and addr + i not in relocated:
                # The linker's own first .got word (the address of _DYNAMIC, for a dynamic linker) is read by
                # no code of the image; any other is an address the image would use unrelocated.
                dyn = secs.get(".dynamic", (None,))[0]
                if not (name == ".got" and i == 0 and word == dyn):
                    problems.append(f"GOT entry at 0x{addr + i:x} (0x{word:x}) has no relocation")
    return problems, len(relocs), got_entries


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--readelf", default="aarch64-linux-gnu-readelf")
    ap.add_argument("elf")
    args = ap.parse_args(argv)
    problems, count, got = check(args.readelf, args.elf)
    if problems:
        for p in problems:
            print(f"check_pie: {args.elf}: {p}", file=sys.stderr)
        return 1
    print(f"  PIE     {args.elf}: {count} R_AARCH64_RELATIVE relocations, {got} GOT entries, no text relocations")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
