#!/usr/bin/env python3
"""Assemble ACPI tables into a "physical memory image": the input format of tests/fuzz/fuzz_acpi.c and of the
QEMU checks of tests/host-acpi/test_acpi_platform.c.

Image format (all numbers little-endian):
    bytes 0..7    base: the physical address at which byte 16 of the file lies
    bytes 8..15   the physical address of the RSDP
    bytes 16..    memory: file byte 16 + k is physical address base + k; nothing else is readable

The memory this script writes holds, from base: the RSDP (ACPI 6.5, 5.2.5.3: revision 2, 36 bytes, both
checksums), then the XSDT (5.2.8) listing every table given (its OEM ID and OEM Table ID those of the first
table), then the tables, each at an 8-byte aligned address,
copied unchanged (their own checksums are theirs; the XSDT's and the RSDP's are computed here).

    make_acpi_corpus.py <qemu-source>/tests/data/acpi/aarch64/virt <out-dir>
        writes the seeds of tests/fuzz/corpus/acpi/ from QEMU's expected tables of the virt board:
        qemu-virt (FACP, APIC, GTDT, SPCR, IORT, MCFG, PPTT, DBG2: one PE, GICv2) and qemu-virt-topology
        (the same with APIC.topology and PPTT.topology: eight PEs)
    make_acpi_corpus.py --out <file> <table file>...
        one image of the given tables, in that order
"""
import argparse
import os
import struct
import sys

BASE = 0x40000000  # where QEMU virt's RAM starts; any address would do
HEADER = struct.Struct("<QQ")


def checksum_fix(table: bytearray, at: int, length: int) -> None:
    """Set table[at] so that the first `length` bytes of table sum to 0 modulo 256."""
    table[at] = 0
    table[at] = (-sum(table[:length])) & 0xFF


def rsdp(xsdt_addr: int) -> bytes:
    """The revision 2 RSDP (5.2.5.3): signature, checksum, OEM ID, revision, RsdtAddress 0, Length 36,
    XsdtAddress, extended checksum, 3 reserved bytes."""
    r = bytearray(struct.pack("<8sB6sBIIQB3s", b"RSD PTR ", 0, b"PMUCHK", 2, 0, 36, xsdt_addr, 0, b"\0\0\0"))
    checksum_fix(r, 8, 20)
    checksum_fix(r, 32, 36)
    return bytes(r)


def xsdt(addrs, oem: bytes) -> bytes:
    """The XSDT (5.2.8): the 36-byte header (5.2.6) with `oem` as its OEM ID and OEM Table ID (14 bytes), then
    one 64-bit address per table."""
    length = 36 + 8 * len(addrs)
    t = bytearray(struct.pack("<4sIBB14sI4sI", b"XSDT", length, 1, 0, oem, 1, b"PMUC", 1))
    for a in addrs:
        t += struct.pack("<Q", a)
    checksum_fix(t, 9, length)
    return bytes(t)


def align8(n: int) -> int:
    return (n + 7) & ~7


def image(tables) -> bytes:
    """The file for `tables` (a list of bytes objects), in the format above."""
    xsdt_off = align8(36)
    off = align8(xsdt_off + 36 + 8 * len(tables))
    addrs, offs = [], []
    for t in tables:
        offs.append(off)
        addrs.append(BASE + off)
        off = align8(off + len(t))
    mem = bytearray(off)
    mem[0:36] = rsdp(BASE + xsdt_off)
    # the OEM ID and OEM Table ID of the first table, as a firmware names all its tables alike
    x = xsdt(addrs, tables[0][10:24] if tables and len(tables[0]) >= 24 else b"PMUCHKACPIFUZZ")
    mem[xsdt_off:xsdt_off + len(x)] = x
    for o, t in zip(offs, tables):
        mem[o:o + len(t)] = t
    return HEADER.pack(BASE, BASE) + bytes(mem)


def read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", help="write one image of the tables given to this file")
    ap.add_argument("args", nargs="+")
    a = ap.parse_args()
    if a.out:
        with open(a.out, "wb") as f:
            f.write(image([read(p) for p in a.args]))
        return 0
    if len(a.args) != 2:
        ap.error("expected <qemu tests/data/acpi/aarch64/virt dir> <out dir>")
    src, out = a.args
    os.makedirs(out, exist_ok=True)
    seeds = {
        "qemu-virt": ["FACP", "APIC", "GTDT", "SPCR", "IORT", "MCFG", "PPTT", "DBG2"],
        "qemu-virt-topology": ["FACP", "APIC.topology", "GTDT", "SPCR", "IORT", "MCFG", "PPTT.topology", "DBG2"],
    }
    for name, files in seeds.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(image([read(os.path.join(src, p)) for p in files]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
