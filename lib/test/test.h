/*
 * test.h - the test framework: check groups reported as TAP 14 test points (doc/output-format.md).
 *
 * A group is one test point named <module>.<check>[.<context>] that carries the rule IDs it tests. Inside
 * it, every check() is one claim; a failed claim prints its diagnostic (controls, expected, seen) as "#"
 * lines, at most GROUP_MAX_DIAGS per group (GROUP_MAX_DIAGS_DEVIATION more for failures a recorded deviation
 * excuses). A group with no checks is reported as a failure: a test that asserts nothing is a defect. A group
 * whose name the platform's xfail list names, and whose every failed claim that deviation explains
 * (check_claim()), is reported with the TAP TODO directive, the recorded reason and the number of claims
 * excused; any other failed claim fails it.
 */
#ifndef PMUCHECK_TEST_H
#define PMUCHECK_TEST_H

#include <stdbool.h>
#include <stdint.h>

#define GROUP_MAX_DIAGS 8
/* The same for a group whose failure the platform records as a deviation (its TODO line names the rule and what
 * was seen): two examples. Those lines were half the suite's output and a sixth of its instructions on QEMU. */
#define GROUP_MAX_DIAGS_DEVIATION 2

struct xfail;
struct check_group {
	char name[64];
	const char *rules;   /* rule IDs / tables, e.g. "D11.5.1 Table D11-3" */
	unsigned checks;
	unsigned failures;   /* failed claims the recorded deviation does not explain */
	unsigned excused;    /* failed claims the recorded deviation explains (struct xfail.explains) */
	const struct xfail *deviation; /* the platform's recorded deviation for this test point, or NULL */
};

/*
 * What one claim is about, for a recorded deviation to tell the failures it explains from any other: the
 * register, the controls in force and the two values (check_claim()). Built only for a claim that fails.
 */
struct claim {
	const char *reg;   /* the register read or written, as the spec spells it ("PMEVCNTR<n>_EL0", "PMUIRQ"
			      for the overflow interrupt request) */
	int n;             /* the counter: 0..30 an event counter, 31 the cycle counter; -1: none */
	int hpmn;          /* MDCR_EL2.HPMN where EL2 is enabled at the claim's context, else -1 */
	unsigned ctl;      /* CLAIM_* controls in force */
	uint64_t expected; /* what the model says: a value, a count, a flag (1: counts, raised), or for an access
			      the Exception level it is taken to (0: performed, no exception) */
	uint64_t seen;     /* what the PE did, in the same unit */
};
/* struct claim.ctl: PMUSERENR_EL0.{EN, SW, CR, ER} (bits [3:0] as the register has them), then other controls. */
#define CLAIM_PMUSERENR_MASK 0xfu
#define CLAIM_WRITE          (1u << 4)  /* the claim is about a write (MSR), not a read */
#define CLAIM_MDCR_EL2_TPM   (1u << 5)
#define CLAIM_MDCR_EL3_TPM   (1u << 6)
#define CLAIM_MDCR_EL2_TPMCR (1u << 7)
#define CLAIM_FGT_TRAP       (1u << 8)  /* the HDFGRTR_EL2/HDFGWTR_EL2 bit of the register is 1 */
#define CLAIM_SH             (1u << 9)  /* PMEVTYPER<n>_EL0.SH / PMCCFILTR_EL0.SH = 1 */
#define CLAIM_NSH            (1u << 10) /* PMEVTYPER<n>_EL0.NSH / PMCCFILTR_EL0.NSH = 1 */
#define CLAIM_PMCR_E         (1u << 11) /* PMCR_EL0.E = 1 */
#define CLAIM_MDCR_EL2_HPME  (1u << 12) /* MDCR_EL2.HPME = 1 */
#define CLAIM_PMCR_LC        (1u << 13) /* PMCR_EL0.LC = 1 */
#define CLAIM_PMCR_P         (1u << 14) /* the claim follows a write of PMCR_EL0.P = 1 */
#define CLAIM_COUNTER_ITSELF (1u << 15) /* an access of counter n read its value or changed it */
#define CLAIM_M              (1u << 16) /* PMEVTYPER<n>_EL0.M / PMCCFILTR_EL0.M = 1 (the EL3 filter) */
#define CLAIM_EL1_AARCH32    (1u << 17) /* the context's EL1 is AArch32 (ELUsingAArch32(EL1)) */

/* A recorded deviation of a platform from the spec (platform/<name>/xfail.c). */
struct xfail {
	const char *name;    /* test point name; a trailing '*' matches any suffix */
	const char *rule;    /* the rule or pseudocode the platform breaks */
	const char *seen;    /* what the platform does, in a few words (the evidence is in xfail.c) */
	bool (*applies)(void); /* NULL: always; else the entry holds only when this returns true */
	const char *versions; /* platform versions it was seen on, space-separated ("7.2 10.0"); NULL: all */
	/* Whether a failed claim of the test point is this deviation: its register, controls and direction.
	 * NULL (an entry that is no test point's, such as one a module asks test_deviation_recorded() about)
	 * explains none. A failed claim no entry explains fails the test point. */
	bool (*explains)(const struct claim *c);
};
extern const struct xfail platform_xfails[];
extern const char platform_name[];

/* Start a group; the name is printf-formatted. Returns false when the module filter excludes it. */
bool group_begin(struct check_group *g, const char *rules, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* One claim: counts it; when !ok prints "#   <message>" (formatted) and counts a failure. Returns ok. */
bool check(struct check_group *g, bool ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * check() of a claim that says what it is about (`c`, read only when ok is false): a failure the test point's
 * recorded deviation explains (struct xfail.explains(c)) is counted as excused, not failed, and its message
 * says so. A failure of check() (no claim) is never excused. Returns ok.
 */
bool check_claim(struct check_group *g, bool ok, const struct claim *c, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The claim check() counts, when it holds (check_that()). Returns true. */
static inline bool check_passed(struct check_group *g)
{
	g->checks++;
	return true;
}

/*
 * check(g, ok, fmt, ...) whose message arguments are evaluated only when ok is false: the same claim, counted
 * and reported the same way, for a claim made tens of thousands of times whose message names the controls
 * (tests/access.c: building those arguments for claims that held was 7% of el3-max's instructions and 4 ms of
 * the access module on QEMU 10.0, make bench). `g` and `ok` are evaluated once.
 */
#define check_that(g, ok, ...) ((ok) ? check_passed(g) : check((g), false, __VA_ARGS__))

/* check_claim(g, ok, claim, fmt, ...) whose claim and message arguments are evaluated only when ok is false. */
#define check_claim_that(g, ok, claim, ...) ((ok) ? check_passed(g) : check_claim((g), false, (claim), __VA_ARGS__))

/*
 * Emit the group's test point (ok / not ok / not ok # TODO). A PMU Profiling exception nobody expected since the
 * last group_end() (runtime/exception.h: exc_pmu_stray_count) is one failed check of this point, with its record.
 */
void group_end(struct check_group *g);

/*
 * The control and checked registers whose fields the checks of the open test points ran under (test_note()):
 * a bit that took both values while a test point was open is one its outcome could depend on, and group_end()
 * prints the bits that varied as the line "#   <name>: varied: <REG>=0x<bits> ..." before the point (ci/coverage.py
 * counts a register field as observed only where a point that ran varied it). Names as FIELDS.md spells them.
 */
enum test_reg {
	TREG_PMCR_EL0, TREG_MDCR_EL2, TREG_MDCR_EL3, TREG_PMCNTENSET_EL0, TREG_PMINTENSET_EL1, TREG_PMOVSSET_EL0,
	TREG_PMCCFILTR_EL0, TREG_PMEVTYPERn_EL0, TREG_PMICFILTR_EL0, TREG_PMUSERENR_EL0, TREG_PMECR_EL1,
	TREG_PMSSCR_EL1, TREG_PMUACR_EL1, TREG_PMSELR_EL0, TREG_PMSWINC_EL0, TREG_PMZR_EL0, TREG_COUNT
};

/* Note that register r held (was programmed with, or was checked at) `value` while the open test points ran. */
void test_note(enum test_reg r, uint64_t value);

/* A test point skipped for the formatted reason (which names the ID register field and value). */
void tap_skip(const char *name, const char *rules, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * A test point that failed outside any check group (a PE that did not start, ...): prints the formatted
 * reason as its diagnostic and `not ok`.
 */
void tap_fail_point(const char *name, const char *rules, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * Prefix of every test point name printed from now on ("pe1." while PE 1 runs the suite; "" for none).
 * Filters and the platform's xfail list still see the name without it. Keeps at most 15 characters.
 */
void test_set_pe_prefix(const char *prefix);

/*
 * The running platform's version ("10.0": the boot argument pmucheck.qemu=10.0 that ci/run_qemu.py passes),
 * which selects the xfail entries recorded for it. NULL or "" (unknown): every entry applies where `recorded`
 * says the platform is the one the entries were recorded on (platform/<name>/xfail.c: its compiled-in platform
 * applies), and none elsewhere: the image runs on any board, and a deviation recorded for QEMU must not excuse
 * the same failure on silicon.
 */
void test_set_platform_version(const char *version, bool recorded);

/* The platform version test_set_platform_version() was given (QEMU's "10.0"); "" when none was. */
const char *test_platform_version(void);

/*
 * Whether the platform's xfail list records a deviation for test point `name` on this platform version (the
 * entry that group_end() would report as TODO). A module that draws configurations at random (tests/sweep.c)
 * asks it to keep a recorded deviation out of its draw, so the deviation shows in its own test point only.
 */
bool test_deviation_recorded(const char *name);

/* The run's selection as test_set_selection() copied it (pmucheck.sweep is read from it). */
const struct selection *test_selection(void);

/* Whether a test point name is in the run's selection (test_set_selection(); default: every name). */
bool test_selected(const char *name);

/* Whether module `module` has a test point that may be selected (some entry starts with its name). */
bool test_module_selected(const char *module);

/*
 * The run's selection (test/selection.h), copied. Entries that select no test point by the end of the run
 * are reported by tap_finish() as the failing test point "selection".
 */
struct selection;
void test_set_selection(const struct selection *s);

/* While on: every test point is selected, whatever pmucheck.tests says (points that are no module's). */
void test_select_every_point(bool on);

/* Test points so far: passed (TODOs included), failed, skipped, as tap_finish() counts them. */
void test_counts(unsigned *passed, unsigned *failed, unsigned *skipped);

/* Print the plan and the summary lines; returns the number of failed test points. */
unsigned tap_finish(void);

#endif
