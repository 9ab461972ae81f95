#!/usr/bin/python3
"""Unit tests of ci/check_uboot.py's parts that need no QEMU: the arm64 Image header check, the search for U-Boot's
PL011 flush() test, and the judging of one boot (the EL, the tree's source, the boot arguments, the verdicts and
the listed differences)."""
import os
import struct
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import check_uboot  # noqa: E402

LINK = check_uboot.LINK_ADDR
IMAGE_SIZE = 0x2c0000


def header(**fields):
    """A 64-byte arm64 Image header (booting.rst layout) as pmucheck's, with some fields replaced."""
    f = dict(code0=0x14000010, code1=0, text_offset=0, image_size=IMAGE_SIZE,
             flags=0xa, res2=0, res3=0, res4=0, magic=0x644d5241, res5=0)
    f.update(fields)
    return struct.pack("<IIQQQQQQII", f["code0"], f["code1"], f["text_offset"], f["image_size"], f["flags"],
                       f["res2"], f["res3"], f["res4"], f["magic"], f["res5"])


def elf(entry=LINK, loads=((LINK, 0x26000), (LINK + 0x26000, IMAGE_SIZE - 0x26000))):
    """An ELF64 header and program headers: PT_LOAD segments (vaddr, memsz), nothing else."""
    phoff, phentsize = 64, 56
    head = bytearray(64)
    head[0:4] = b"\x7fELF"
    struct.pack_into("<QQ", head, 24, entry, phoff)
    struct.pack_into("<HH", head, 54, phentsize, len(loads))
    for vaddr, memsz in loads:
        head += struct.pack("<IIQQQQQQ", 1, 5, 0, vaddr, vaddr, memsz, memsz, 0x10000)
    return bytes(head)


class ImageHeader(unittest.TestCase):
    def problems(self, bin_bytes, elf_bytes=None):
        with tempfile.TemporaryDirectory() as d:
            b, e = os.path.join(d, "pmucheck.bin"), os.path.join(d, "pmucheck.elf")
            with open(b, "wb") as f:
                f.write(bin_bytes)
            with open(e, "wb") as f:
                f.write(elf_bytes or elf())
            return check_uboot.image_header_problems(b, e)[1]

    def test_pmucheck_header_passes(self):
        self.assertEqual(self.problems(header()), [])

    def test_each_wrong_field_fails(self):
        for field, value in (("magic", 0x784d5241), ("code0", 0xd503201f), ("text_offset", 0x200000),
                             ("image_size", 0x26000), ("flags", 0x2), ("res2", 1)):
            with self.subTest(field=field):
                self.assertEqual(len(self.problems(header(**{field: value}))), 1)

    def test_entry_not_at_the_header_fails(self):
        self.assertEqual(len(self.problems(header(), elf(entry=LINK + 0x40))), 1)


class FlushFix(unittest.TestCase):
    def find(self, data):
        with tempfile.NamedTemporaryFile() as f:
            f.write(data)
            f.flush()
            return check_uboot.flush_fix(f.name)

    def test_found_once(self):
        code = struct.pack("<II", *check_uboot.PL011_PENDING_TXFF)
        self.assertEqual(self.find(b"\0" * 0x100 + code + b"\0" * 8), 0x100)

    def test_absent_or_twice_is_none(self):
        code = struct.pack("<II", *check_uboot.PL011_PENDING_TXFF)
        self.assertIsNone(self.find(b"\0" * 64 + struct.pack("<II", *check_uboot.PL011_PENDING_TXFE)))
        self.assertIsNone(self.find(code + code))


# What pmucheck prints, entered at EL2 through booti (abridged to what judge() reads).
TAP = """TAP version 14
# entered at EL2
# image at 0x48000000, linked at 0x40200000: 550 relocations applied (boot/entry.S pie_relocate)
# platform: device tree at 0x4fefd000 (8192 bytes, found at x0 (boot protocol)), model "linux,dummy-virt"
# bootargs: "pmucheck.qemu=7.2 pmucheck.tests=enable,interrupt"
ok 1 - enable.swinc.ns_el2 D11.5.1 (288 checks)
ok 2 - interrupt.r1.ns_el2 D11.8 (6 checks)
1..2
2 passed, 0 failed, 0 skipped
"""
BOOTARGS = "pmucheck.qemu=7.2 pmucheck.tests=enable,interrupt"


class Judge(unittest.TestCase):
    def judge(self, text, label="el2 booti@qemu-7.2", el=2, fdt_from="x0", rc=0):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "qemu-7.2"))
            with open(os.path.join(d, "qemu-7.2", "el2-max.txt"), "w") as f:
                f.write("ok enable.swinc.ns_el2\nok interrupt.r1.ns_el2\nok prohibit.x.ns_el2\n")
            result = {"text": text, "rc": rc, "problems": [], "patched": None, "timed_out": False,
                      "image_addr": check_uboot.IMAGE_ADDR}
            return [ok for ok, _ in check_uboot.judge(label, label.split()[1].split("@")[0], el, fdt_from,
                                                       BOOTARGS, "7.2", result, d)]

    def test_all_pass(self):
        self.assertEqual(self.judge(TAP), [True] * 6)

    def test_each_check_can_fail(self):
        # summary/exit status, EL, tree source, where the image runs, boot arguments, verdicts
        self.assertEqual(self.judge(TAP, rc=1), [False, True, True, True, True, False])
        self.assertEqual(self.judge(TAP, el=1)[1], False)
        self.assertEqual(self.judge(TAP, fdt_from="fallback")[2], False)
        self.assertEqual(self.judge(TAP.replace("# image at 0x48000000", "# image at 0x40200000"))[3], False)
        self.assertEqual(self.judge(TAP.replace("tests=enable,interrupt", "tests=enable"))[4], False)
        failing = TAP.replace("ok 2 - interrupt", "not ok 2 - interrupt").replace("2 passed, 0 failed",
                                                                                  "1 passed, 1 failed")
        self.assertEqual(self.judge(failing, rc=1)[5], False)

    def test_listed_difference_passes_and_a_stale_one_fails(self):
        known = dict(check_uboot.KNOWN_DIFFERENCES)
        try:
            check_uboot.KNOWN_DIFFERENCES[("el3", "booti")] = {"interrupt.r1.ns_el2": ("fail", "why")}
            failing = TAP.replace("ok 2 - interrupt", "not ok 2 - interrupt").replace("2 passed, 0 failed",
                                                                                      "1 passed, 1 failed")
            self.assertEqual(self.judge(failing, label="el3 booti@qemu-7.2", rc=1)[5], True)
            self.assertEqual(self.judge(TAP, label="el3 booti@qemu-7.2")[5], False)
        finally:
            check_uboot.KNOWN_DIFFERENCES.clear()
            check_uboot.KNOWN_DIFFERENCES.update(known)


if __name__ == "__main__":
    unittest.main()
