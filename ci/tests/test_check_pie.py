"""ci/check_pie.py: the built image passes, and each way of breaking it (a byte-patched copy) fails with its reason.

Needs build/qemu-virt/pmucheck.elf (make test builds it before this runs); skipped without it.
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import check_pie  # noqa: E402

ELF = os.path.join(ROOT, "build", "qemu-virt", "pmucheck.elf")
READELF = "aarch64-linux-gnu-readelf"
R_AARCH64_GLOB_DAT = 1025
DT_DEBUG, DT_TEXTREL, DT_FLAGS_1, DF_1_PIE = 0x15, 0x16, 0x6ffffffb, 0x08000000


@unittest.skipUnless(os.path.exists(ELF) and shutil.which(READELF), "no build/qemu-virt/pmucheck.elf or readelf")
class CheckPie(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.copy = os.path.join(self.dir.name, "pmucheck.elf")
        shutil.copy(ELF, self.copy)
        with open(ELF, "rb") as f:
            self.data = bytearray(f.read())
        self.secs = check_pie.sections(READELF, ELF)

    def tearDown(self):
        self.dir.cleanup()

    def problems(self):
        with open(self.copy, "wb") as f:
            f.write(self.data)
        return check_pie.check(READELF, self.copy)[0]

    def relas(self):
        _, off, size, _ = self.secs[".rela.dyn"]
        return [(off + i, *struct.unpack_from("<QQQ", self.data, off + i)) for i in range(0, size, 24)]

    def dynamic(self, tag):
        _, off, size, _ = self.secs[".dynamic"]
        return next(off + i for i in range(0, size, 16) if struct.unpack_from("<Q", self.data, off + i)[0] == tag)

    def fails_with(self, pattern):
        found = self.problems()
        self.assertTrue(any(re.search(pattern, p) for p in found), found)

    def test_built_image_passes(self):
        self.assertEqual(self.problems(), [])

    def test_other_relocation_type_fails(self):
        at = self.relas()[0][0]
        struct.pack_into("<Q", self.data, at + 8, R_AARCH64_GLOB_DAT)
        self.fails_with(r"other than R_AARCH64_RELATIVE: R_AARCH64_GLOB_DAT")

    def test_unrelocated_got_entry_fails(self):
        got, _, size, _ = self.secs[".got"]
        at = next(a for a, off, _, _ in self.relas() if got <= off < got + size)
        struct.pack_into("<Q", self.data, at, self.secs[".data"][0])  # the relocation now patches .data instead
        self.fails_with(r"GOT entry at 0x[0-9a-f]+ .* has no relocation")

    def test_number_relocated_as_address_fails(self):
        at = self.relas()[0][0]
        struct.pack_into("<Q", self.data, at + 16, 0x10)  # an addend outside the image: a size, say
        self.fails_with(r"relocates 0x10, outside the image")

    def test_relocation_of_code_fails(self):
        at = self.relas()[0][0]
        struct.pack_into("<Q", self.data, at, self.secs[".text"][0] + 0x40)
        self.fails_with(r"patch read-only section \.text")

    def test_textrel_fails(self):
        struct.pack_into("<Q", self.data, self.dynamic(DT_DEBUG), DT_TEXTREL)
        self.fails_with(r"text relocations")

    def test_not_a_pie_fails(self):
        at = self.dynamic(DT_FLAGS_1) + 8
        (flags,) = struct.unpack_from("<Q", self.data, at)
        struct.pack_into("<Q", self.data, at, flags & ~DF_1_PIE)
        self.fails_with(r"not a position-independent executable")


if __name__ == "__main__":
    unittest.main()
