#!/usr/bin/python3
"""Unit tests of ci/mutate_model.py's enumeration of mutants (no compiler needed): what counts as a site (never in a
comment, a string, a character literal or a preprocessor line; never <<, >>, ->, <<=, >>=), each kind's
replacement, the branches a ternary swaps (nested, over two lines, inside a call), the numbering of one mutation
twice on a line, and the equivalent-mutant markers read."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import mutate_model  # noqa: E402

SOURCE = r'''#include <stdbool.h>
#define LIMIT(x) ((x) < 3 && !(x) ? true : false)
/* a < b == c && d || !e ? f : g */
static const char *s = "a == b || !c ? d : e";
static char ch = '!';

bool f(unsigned a, unsigned b, bool c, const unsigned *p)
{
	// a != b
	if (a == b && !c) /* equivalent mutant "== -> !=": a test comment */
		return true;
	a = (a << 2) >> 1;
	a <<= 1;
	if (p->x <= a || a > b || a >= 4 || a < 5)
		return false;
	return g(c ? a : b, c ? h(a, b) : (unsigned)p[0]) != 0 && (a ? b ? 1 : 2 : 3);
}

int t(bool x)
{
	return x ? 10
		 : 20;
}
'''


def mutated(text, m):
    return text[:m["start"]] + m["new"] + text[m["end"]:]


class MutantsTest(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(suffix=".c")
        with os.fdopen(fd, "w") as fh:
            fh.write(SOURCE)
        self.text, self.ms = mutate_model.mutants(self.path)

    def tearDown(self):
        os.unlink(self.path)

    def at(self, line):
        return [(m["desc"], mutated(self.text, m).split("\n")[line - 1].strip()) for m in self.ms if m["line"] == line]

    def test_no_site_outside_code(self):
        lines = {m["line"] for m in self.ms}
        for skipped in (1, 2, 3, 4, 5, 9):  # include, define, comment, string, char literal, // comment
            self.assertNotIn(skipped, lines)
        self.assertNotIn(12, lines)  # << and >>
        self.assertNotIn(13, lines)  # <<=

    def test_operators(self):
        self.assertEqual(self.at(10), [
            ("== -> !=", 'if (a != b && !c) /* equivalent mutant "== -> !=": a test comment */'),
            ("&& -> ||", 'if (a == b || !c) /* equivalent mutant "== -> !=": a test comment */'),
            ("! removed", 'if (a == b && c) /* equivalent mutant "== -> !=": a test comment */')])
        self.assertEqual(self.at(11), [("true -> false", "return false;")])
        self.assertEqual([d for d, _ in self.at(14)],
                         ["<= -> >", "|| -> && #1", "> -> <=", "|| -> && #2", ">= -> <", "|| -> && #3", "< -> >="])
        self.assertIn(("<= -> >", "if (p->x > a || a > b || a >= 4 || a < 5)"), self.at(14))  # -> kept
        self.assertIn(("|| -> && #2", "if (p->x <= a || a > b && a >= 4 || a < 5)"), self.at(14))

    def test_ternaries(self):
        swaps = [s for d, s in self.at(16) if d.startswith("?:")]
        self.assertEqual(swaps, [
            "return g(c ? b : a, c ? h(a, b) : (unsigned)p[0]) != 0 && (a ? b ? 1 : 2 : 3);",
            "return g(c ? a : b, c ? (unsigned)p[0] : h(a, b)) != 0 && (a ? b ? 1 : 2 : 3);",
            "return g(c ? a : b, c ? h(a, b) : (unsigned)p[0]) != 0 && (a ? 3 : b ? 1 : 2);",
            "return g(c ? a : b, c ? h(a, b) : (unsigned)p[0]) != 0 && (a ? b ? 2 : 1 : 3);"])
        two_lines = [m for m in self.ms if m["line"] == 21 and m["desc"].startswith("?:")]
        self.assertEqual(len(two_lines), 1)
        self.assertIn("return x ? 20\n\t\t : 10;", mutated(self.text, two_lines[0]))

    def test_markers(self):
        self.assertEqual(mutate_model.markers(self.text), {10: ["== -> !="]})


if __name__ == "__main__":
    unittest.main()
