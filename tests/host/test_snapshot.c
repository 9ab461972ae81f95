/*
 * test_snapshot.c - PMU snapshots (D13.9, FEAT_PMUv3_SS): Table D13-10 row by row against the snapshot model
 * (lib/model/pmu_snapshot.c) on every machine shape and context, the reserved PMECR_EL1.SSE, the OS Lock and
 * Debug state (RTSYTY), PMSSCR_EL1 writes (RSCLCQ, RMFJWS), what a Capture event writes, and a mutation self-test
 * showing that any single-cell change (or the removal) of a Table D13-10 row makes these tests fail.
 *
 * Expected values come from table_d13_10.h and from D13.9's sentences; the model is only ever the thing checked.
 */
#include <stdio.h>
#include <string.h>

#include "host_test.h"
#include "model/pmu_snapshot.h"
#include "table_d13_10.h"

#define SNAP_N 6 /* event counters of the test machines */

/* ---- Table D13-10 cells ---- */

/* The 2-bit values a cell "0bAB" / "xx" (any mix of 0, 1, x) stands for, as a mask of 1 << value; 0 if bad. */
static unsigned cell_values(const char *cell)
{
	const char *d = strncmp(cell, "0b", 2) == 0 ? cell + 2 : cell;
	unsigned mask = 0, v, i;

	if (strlen(d) != 2)
		return 0;
	for (i = 0; i < 2; i++)
		if (d[i] != '0' && d[i] != '1' && d[i] != 'x')
			return 0;
	for (v = 0; v < 4; v++) {
		bool hi = v & 2, lo = v & 1;

		if ((d[0] == 'x' || (d[0] == '1') == hi) && (d[1] == 'x' || (d[1] == '1') == lo))
			mask |= 1u << v;
	}
	return mask;
}

/* The outcome word of the table's key; -1 if none. */
static int outcome_of(const char *cell)
{
	static const char *const words[PMU_CAPTURE_COUNT] = {
		[PMU_CAPTURE_DISABLED] = "Disabled", [PMU_CAPTURE_PROHIBITED] = "Prohibited",
		[PMU_CAPTURE_ALLOWED] = "Allowed",
	};
	int o;

	for (o = 0; o < PMU_CAPTURE_COUNT; o++)
		if (strcmp(cell, words[o]) == 0)
			return o;
	return -1;
}

static const char *const outcome_word[PMU_CAPTURE_COUNT] = { "Disabled", "Prohibited", "Allowed" };

/* Whether row covers the (MDCR_EL3.PMSSE, MDCR_EL2.PMSSE, PMECR_EL1.SSE) point. */
static bool row_covers(const struct table_d13_10_row *row, unsigned el3, unsigned el2, unsigned sse)
{
	return (cell_values(row->mdcr_el3_pmsse) >> el3 & 1) && (cell_values(row->mdcr_el2_pmsse) >> el2 & 1) &&
	       (cell_values(row->pmecr_el1_sse) >> sse & 1);
}

/* The table's outcome at a point: -1 when no row or several rows cover it. */
static int table_lookup(const struct table_d13_10_row *t, unsigned rows, unsigned el3, unsigned el2, unsigned sse)
{
	unsigned r, hits = 0;
	int o = -1;

	for (r = 0; r < rows; r++)
		if (row_covers(&t[r], el3, el2, sse)) {
			hits++;
			o = outcome_of(t[r].capture_events);
		}
	return hits == 1 ? o : -1;
}

/* The one point the table must leave out: PMECR_EL1.SSE reserved 0b01 when both MDCR fields defer. */
static bool reserved_point(unsigned el3, unsigned el2, unsigned sse)
{
	return el3 == 1 && el2 == 1 && sse == 1;
}

/* A point of Table D13-10 at a context: the three controls and the outcome the table gives (table_lookup()). */
struct table_point {
	enum ctx c;
	unsigned el3, el2, sse;
	int outcome;
};
#define TABLE_POINTS (CTX_COUNT * 64u) /* contexts x MDCR_EL3.PMSSE x MDCR_EL2.PMSSE x PMECR_EL1.SSE */

/* Point i (0 .. TABLE_POINTS - 1) into *p; false for the reserved point, which the table leaves out. */
static bool table_point(unsigned i, struct table_point *p)
{
	p->c = (enum ctx)(i / 64);
	p->el3 = i >> 4 & 3;
	p->el2 = i >> 2 & 3;
	p->sse = i & 3;
	p->outcome = table_lookup(table_d13_10, ARRAY_SIZE(table_d13_10), p->el3, p->el2, p->sse);
	return !reserved_point(p->el3, p->el2, p->sse);
}

/* Number of points covered other than exactly once (the reserved point: other than zero times). */
static unsigned coverage_errors(const struct table_d13_10_row *t, unsigned rows, bool report)
{
	unsigned el3, el2, sse, r, hits, errors = 0;

	for (el3 = 0; el3 < 4; el3++)
		for (el2 = 0; el2 < 4; el2++)
			for (sse = 0; sse < 4; sse++) {
				for (hits = 0, r = 0; r < rows; r++)
					hits += row_covers(&t[r], el3, el2, sse) && outcome_of(t[r].capture_events) >= 0;
				if (report)
					tc_check(hits, reserved_point(el3, el2, sse) ? 0 : 1,
						 "rows covering MDCR_EL3.PMSSE=%u MDCR_EL2.PMSSE=%u PMECR_EL1.SSE=%u", el3, el2,
						 sse);
				errors += hits != (reserved_point(el3, el2, sse) ? 0u : 1u);
			}
	return errors;
}

/* ---- machines and states ---- */

static const struct {
	bool el3, el2;
	const char *name;
} snap_machines[] = {
	{ true, true, "EL3+EL2" }, { true, false, "EL3, no EL2" }, { false, true, "EL2, no EL3" },
	{ false, false, "no EL3, no EL2" },
};

static struct pmu_features snap_machine(unsigned m)
{
	struct pmu_features f = machine(SNAP_N);

	f.el3 = snap_machines[m].el3;
	f.el2 = snap_machines[m].el2;
	f.sel2 = f.el3 && f.el2;
	f.pmss = true;
	return f;
}

/* open_state() at c with the three snapshot controls; OS Lock unlocked, Non-debug state (zero). */
static struct pmu_state snap_state(const struct pmu_features *f, enum ctx c, unsigned el3, unsigned el2, unsigned sse)
{
	struct pmu_state s = open_state(f, c, SNAP_N);

	s.mdcr_el3 |= FIELD_PREP(MDCR_EL3, PMSSE, el3);
	s.mdcr_el2 |= FIELD_PREP(MDCR_EL2, PMSSE, el2);
	s.pmecr_el1 = FIELD_PREP(PMECR_EL1, SSE, sse);
	return s;
}

static const char *snap_controls(unsigned m, enum ctx c, unsigned el3, unsigned el2, unsigned sse)
{
	static char buf[4][160];
	static unsigned next;
	char *b = buf[next++ % 4];

	snprintf(b, sizeof(buf[0]), "[%s] %s MDCR_EL3.PMSSE=%u MDCR_EL2.PMSSE=%u PMECR_EL1.SSE=%u", snap_machines[m].name,
		 ctx_name[c], el3, el2, sse);
	return b;
}

/*
 * Compare one row with the model at every point it covers, on every machine and every context. Without EL3
 * (EL2) "the Effective value of this field is 0b01" (MDCR_EL3.PMSSE, MDCR_EL2.PMSSE): such a machine is checked
 * against the row when the row's cell admits 0b01, with the absent register's field holding each of its four
 * values (they must all be ignored). "This applies even when EL2 is disabled in the current Security state"
 * (RYWLFL, RTSYTY): the Secure contexts with SCR_EL3.EEL2 = 0 are among those checked. Returns the mismatches;
 * with report, each comparison is a tc_check() of the running case.
 */
static unsigned check_row(const struct table_d13_10_row *row, bool report)
{
	unsigned m3 = cell_values(row->mdcr_el3_pmsse), m2 = cell_values(row->mdcr_el2_pmsse);
	unsigned me = cell_values(row->pmecr_el1_sse), m, c, el3, el2, sse, mism = 0;
	int want = outcome_of(row->capture_events);

	if (!m3 || !m2 || !me || want < 0) {
		if (report)
			tc_check(0, 1, "row cells parse (%s, %s, %s, %s)", row->mdcr_el3_pmsse, row->mdcr_el2_pmsse,
				 row->pmecr_el1_sse, row->capture_events);
		return 1;
	}
	for (m = 0; m < ARRAY_SIZE(snap_machines); m++) {
		struct pmu_features f = snap_machine(m);

		for (c = 0; c < CTX_COUNT; c++) {
			if (!ctx_exists(&f, (enum ctx)c))
				continue;
			for (el3 = 0; el3 < 4; el3++)
				for (el2 = 0; el2 < 4; el2++)
					for (sse = 0; sse < 4; sse++) {
						unsigned e3 = f.el3 ? el3 : 1, e2 = f.el2 ? el2 : 1, seen;
						struct pmu_state s;
						bool en, al;

						if (!(m3 >> e3 & 1) || !(m2 >> e2 & 1) || !(me >> sse & 1))
							continue;
						s = snap_state(&f, (enum ctx)c, el3, el2, sse);
						seen = pmu_capture_outcomes(&f, &s);
						en = pmu_capture_event_enabled(&f, &s, NULL);
						al = pmu_capture_event_allowed(&f, &s, NULL);
						mism += seen != PMU_CAPTURE_BIT(want);
						/* the key: Prohibited "means Capture events are enabled and prohibited" */
						mism += en != (want != PMU_CAPTURE_DISABLED);
						mism += al != (want == PMU_CAPTURE_ALLOWED);
						if (!report)
							continue;
						tc_check(seen, PMU_CAPTURE_BIT(want), "%s: pmu_capture_outcomes() (bit %d = %s)",
							 snap_controls(m, (enum ctx)c, el3, el2, sse), want, row->capture_events);
						tc_check(en, want != PMU_CAPTURE_DISABLED, "%s: pmu_capture_event_enabled()",
							 snap_controls(m, (enum ctx)c, el3, el2, sse));
						tc_check(al, want == PMU_CAPTURE_ALLOWED, "%s: pmu_capture_event_allowed()",
							 snap_controls(m, (enum ctx)c, el3, el2, sse));
					}
		}
	}
	return mism;
}

/* The whole Table D13-10 test: coverage plus every row; the number of failures (0: the tests pass). */
static unsigned table_failures(const struct table_d13_10_row *t, unsigned rows)
{
	unsigned r, fails = coverage_errors(t, rows, false);

	for (r = 0; r < rows; r++)
		fails += check_row(&t[r], false) != 0;
	return fails;
}

static void test_table_d13_10(void)
{
	unsigned r;

	tc_begin("D13.9 Table D13-10: every (MDCR_EL3.PMSSE, MDCR_EL2.PMSSE, PMECR_EL1.SSE) in exactly one row but "
		 "the reserved SSE=0b01");
	coverage_errors(table_d13_10, ARRAY_SIZE(table_d13_10), true);
	tc_end();
	for (r = 0; r < ARRAY_SIZE(table_d13_10); r++) {
		const struct table_d13_10_row *row = &table_d13_10[r];

		tc_begin("D13.9 Table D13-10 row %u: MDCR_EL3.PMSSE=%s MDCR_EL2.PMSSE=%s PMECR_EL1.SSE=%s: %s", r,
			 row->mdcr_el3_pmsse, row->mdcr_el2_pmsse, row->pmecr_el1_sse, row->capture_events);
		check_row(row, true);
		tc_end();
	}
}

/* Whether the claim of a (mutated) row differs from the manual's table at some point it covers. */
static bool row_changes_meaning(const struct table_d13_10_row *mut)
{
	unsigned el3, el2, sse;
	int claim = outcome_of(mut->capture_events);

	for (el3 = 0; el3 < 4; el3++)
		for (el2 = 0; el2 < 4; el2++)
			for (sse = 0; sse < 4; sse++)
				if (row_covers(mut, el3, el2, sse) &&
				    table_lookup(table_d13_10, ARRAY_SIZE(table_d13_10), el3, el2, sse) != claim)
					return true;
	return false;
}

/*
 * Mutation self-test: for every row and every cell, every other value ("0b00".."0b11", "xx" for a control
 * cell; the other two outcomes for the outcome cell) gives a mutated table. Every mutant must make the table
 * test fail (table_failures() > 0), and every mutant whose row now claims something the manual's table does not
 * say must be caught by the model comparison of that row itself (check_row() > 0), not only by the coverage
 * check. Then every single row is removed in turn: the table test must fail. Finally the unmutated table passes.
 */
static void test_table_d13_10_mutations(void)
{
	static const char *const ctl_values[] = { "0b00", "0b01", "0b10", "0b11", "xx" };
	struct table_d13_10_row t[ARRAY_SIZE(table_d13_10)];
	unsigned rows = ARRAY_SIZE(table_d13_10), r, col, v, mutants = 0, meaning = 0, by_row = 0, by_suite = 0;
	unsigned removed = 0;

	tc_begin("D13.9 Table D13-10 mutation self-test: any single-cell change or removal of a row fails the test");
	tc_check(table_failures(table_d13_10, rows), 0, "unmutated table: failures");
	for (r = 0; r < rows; r++)
		for (col = 0; col < 4; col++) {
			unsigned nvals = col < 3 ? ARRAY_SIZE(ctl_values) : PMU_CAPTURE_COUNT;

			for (v = 0; v < nvals; v++) {
				const char *val = col < 3 ? ctl_values[v] : outcome_word[v];
				const char **cell;
				bool changes;
				unsigned row_mism, fails;

				memcpy(t, table_d13_10, sizeof(t));
				cell = col == 0 ? &t[r].mdcr_el3_pmsse : col == 1 ? &t[r].mdcr_el2_pmsse
					: col == 2 ? &t[r].pmecr_el1_sse : &t[r].capture_events;
				if (strcmp(*cell, val) == 0)
					continue;
				*cell = val;
				mutants++;
				changes = row_changes_meaning(&t[r]);
				row_mism = check_row(&t[r], false);
				fails = table_failures(t, rows);
				meaning += changes;
				by_row += changes && row_mism > 0;
				by_suite += fails > 0;
				if (changes)
					tc_check(row_mism > 0, 1, "row %u column %u := \"%s\" changes the meaning: row check "
						 "mismatches", r, col, val);
				tc_check(fails > 0, 1, "row %u column %u := \"%s\": table test fails", r, col, val);
			}
		}
	for (r = 0; r < rows; r++) {
		unsigned i, k = 0;

		for (i = 0; i < rows; i++)
			if (i != r)
				t[k++] = table_d13_10[i];
		removed += table_failures(t, rows - 1) > 0;
		tc_check(table_failures(t, rows - 1) > 0, 1, "row %u removed: table test fails", r);
	}
	tc_end();
	printf("# Table D13-10 mutants: %u single-cell mutants, %u change a row's meaning (%u caught by that row's "
	       "model check), %u make the table test fail; %u of %u row removals fail it\n",
	       mutants, meaning, by_row, by_suite, removed, rows);
}

/*
 * The reserved PMECR_EL1.SSE 0b01 with MDCR_EL3.PMSSE and MDCR_EL2.PMSSE deferring (0b01, or absent): "All other
 * values are reserved" (PMECR_EL1.SSE); the pseudocode: Constraint_DISABLED reads 0b00, Constraint_UNKNOWN a
 * non-reserved value (0b00, 0b10, 0b11), so Disabled, Prohibited and Allowed are all permitted; with the OS Lock
 * locked, Disabled and Prohibited. The single-answer functions take Constraint_DISABLED: not enabled, not allowed,
 * and say so through *unpredictable. Where MDCR_EL3.PMSSE or MDCR_EL2.PMSSE decides, PMECR_EL1.SSE = 0b01 is
 * never read: no flag.
 */
static void test_reserved_sse(void)
{
	unsigned m, c, el3, el2, lock, want;

	tc_begin("D13.9 PMECR_EL1.SSE=0b01 (reserved): CONSTRAINED UNPREDICTABLE where it decides, ignored elsewhere");
	for (m = 0; m < ARRAY_SIZE(snap_machines); m++) {
		struct pmu_features f = snap_machine(m);

		for (c = 0; c < CTX_COUNT; c++) {
			if (!ctx_exists(&f, (enum ctx)c))
				continue;
			for (el3 = 0; el3 < 4; el3++)
				for (el2 = 0; el2 < 4; el2++)
					for (lock = 0; lock < 2; lock++) {
						struct pmu_state s = snap_state(&f, (enum ctx)c, el3, el2, 1);
						bool decides = (!f.el3 || el3 == 1) && (!f.el2 || el2 == 1), u1, u2;
						bool en, al;

						s.oslsr_el1 = lock ? OSLSR_EL1_OSLK_BIT : 0;
						en = pmu_capture_event_enabled(&f, &s, &u1);
						al = pmu_capture_event_allowed(&f, &s, &u2);
						tc_check(u1, decides, "%s: enabled *unpredictable", snap_controls(m, (enum ctx)c, el3, el2, 1));
						tc_check(u2, decides, "%s: allowed *unpredictable", snap_controls(m, (enum ctx)c, el3, el2, 1));
						if (!decides)
							continue;
						want = PMU_CAPTURE_BIT(PMU_CAPTURE_DISABLED) | PMU_CAPTURE_BIT(PMU_CAPTURE_PROHIBITED) |
						       (lock ? 0 : PMU_CAPTURE_BIT(PMU_CAPTURE_ALLOWED));
						tc_check(pmu_capture_outcomes(&f, &s), want, "%s OSLK=%u: pmu_capture_outcomes()",
							 snap_controls(m, (enum ctx)c, el3, el2, 1), lock);
						tc_check(en, 0, "%s: enabled (Constraint_DISABLED)", snap_controls(m, (enum ctx)c, el3, el2, 1));
						tc_check(al, 0, "%s: allowed (Constraint_DISABLED)", snap_controls(m, (enum ctx)c, el3, el2, 1));
					}
		}
	}
	tc_end();
}

/*
 * RTSYTY: allowed needs "The OS Lock is unlocked" and "Either the PE is in Non-debug state or the PE allows Capture
 * events in Debug state" (IMPLEMENTATION DEFINED); "Otherwise, Capture events are prohibited" (enabled ones; RYWLFL
 * does not read either, so Disabled stays Disabled). Every non-reserved point, outcome from the table.
 */
static void test_oslock_debug(void)
{
	unsigned i, lock, halted, in_debug;
	struct pmu_features f = snap_machine(0);
	struct table_point p;

	tc_begin("D13.9 RTSYTY: OS Lock locked or Debug state (without IMP DEF permission) turn Allowed to Prohibited");
	for (i = 0; i < TABLE_POINTS; i++) {
		if (!table_point(i, &p))
			continue;
		for (lock = 0; lock < 2; lock++)
			for (halted = 0; halted < 2; halted++)
				for (in_debug = 0; in_debug < 2; in_debug++) {
					struct pmu_state s = snap_state(&f, p.c, p.el3, p.el2, p.sse);
					bool blocked = lock || (halted && !in_debug);
					int want = p.outcome == PMU_CAPTURE_ALLOWED && blocked ? PMU_CAPTURE_PROHIBITED : p.outcome;

					f.pmss_in_debug = in_debug;
					s.oslsr_el1 = lock ? OSLSR_EL1_OSLK_BIT : 0;
					s.halted = halted;
					tc_check(pmu_capture_outcomes(&f, &s), PMU_CAPTURE_BIT(want),
						 "%s OSLK=%u halted=%u pmss_in_debug=%u: outcomes",
						 snap_controls(0, p.c, p.el3, p.el2, p.sse), lock, halted, in_debug);
					tc_check(pmu_capture_outcome(&f, &s), (unsigned)want, "%s OSLK=%u halted=%u: outcome",
						 snap_controls(0, p.c, p.el3, p.el2, p.sse), lock, halted);
				}
	}
	tc_end();
}

/* RYWLFL/RTSYTY, PMUCaptureEventEnabled(): "if !IsFeatureImplemented(FEAT_PMUv3_SS) ... then return FALSE". */
static void test_no_pmss(void)
{
	unsigned m, el3, el2, sse;
	bool cap;

	tc_begin("D13.9 without FEAT_PMUv3_SS: Capture events disabled and not allowed, PMSSCR_EL1 writes do nothing");
	for (m = 0; m < ARRAY_SIZE(snap_machines); m++)
		for (el3 = 0; el3 < 4; el3++)
			for (el2 = 0; el2 < 4; el2++)
				for (sse = 0; sse < 4; sse++) {
					struct pmu_features f = snap_machine(m);
					struct pmu_state s = snap_state(&f, CTX_NS_EL1, el3, el2, sse);

					f.pmss = false;
					tc_check(pmu_capture_outcomes(&f, &s), PMU_CAPTURE_BIT(PMU_CAPTURE_DISABLED), "%s: outcomes",
						 snap_controls(m, CTX_NS_EL1, el3, el2, sse));
					tc_check(pmu_capture_event_enabled(&f, &s, NULL), 0, "%s: enabled",
						 snap_controls(m, CTX_NS_EL1, el3, el2, sse));
					/* PMUCaptureEventAllowed(): "if !PMUCaptureEventEnabled() ... then return FALSE" */
					tc_check(pmu_capture_event_allowed(&f, &s, NULL), 0, "%s: allowed",
						 snap_controls(m, CTX_NS_EL1, el3, el2, sse));
					tc_check(pmu_pmsscr_write(&f, &s, PMSSCR_EL1_SS_BIT, &cap), s.pmsscr_el1, "%s: write SS=1",
						 snap_controls(m, CTX_NS_EL1, el3, el2, sse));
					tc_check(cap, 0, "%s: write SS=1 generates no Capture event",
						 snap_controls(m, CTX_NS_EL1, el3, el2, sse));
				}
	tc_end();
}

/*
 * RSCLCQ / RMFJWS and PMSSCR_EL1.SS ("A write of 0 to this field is ignored"; "When PMU capture events are
 * disabled, access to this field is RO"): at every non-reserved point (outcome from the table), from every
 * {NC, SS}, a write of SS = 1 sets SS and generates a Capture event unless the table says Disabled; a write of 0
 * changes nothing. NC is kept; the RES0 bits written as 1 read 0.
 */
static void test_pmsscr_write(void)
{
	struct pmu_features f = snap_machine(0);
	unsigned i, before, ss;
	struct table_point p;
	bool cap;

	tc_begin("D13.9 RSCLCQ/RMFJWS: MSR PMSSCR_EL1: SS=1 requests a Capture event unless Disabled; SS=0 ignored");
	for (i = 0; i < TABLE_POINTS; i++) {
		if (!table_point(i, &p))
			continue;
		for (before = 0; before < 4; before++)
			for (ss = 0; ss < 2; ss++) {
				struct pmu_state s = snap_state(&f, p.c, p.el3, p.el2, p.sse);
				uint64_t prev = (before & 2 ? PMSSCR_EL1_NC_BIT : 0) | (before & 1 ? PMSSCR_EL1_SS_BIT : 0);
				uint64_t wrote = ~(PMSSCR_EL1_SS_BIT | PMSSCR_EL1_NC_BIT) | (ss ? PMSSCR_EL1_SS_BIT : 0);
				bool req = ss && p.outcome != PMU_CAPTURE_DISABLED;

				s.pmsscr_el1 = prev;
				tc_check(pmu_pmsscr_write(&f, &s, wrote, &cap), req ? prev | PMSSCR_EL1_SS_BIT : prev,
					 "%s {NC,SS}=%u write SS=%u: PMSSCR_EL1", snap_controls(0, p.c, p.el3, p.el2, p.sse),
					 before, ss);
				tc_check(cap, req, "%s write SS=%u: Capture event", snap_controls(0, p.c, p.el3, p.el2, p.sse),
					 ss);
			}
	}
	tc_end();
}

/* ---- what a Capture event writes ---- */

static struct pmu_snapshot_regs sentinel_regs(unsigned nc_ss)
{
	struct pmu_snapshot_regs r;
	unsigned n;

	memset(&r, 0, sizeof(r));
	for (n = 0; n < 31; n++)
		r.pmevcntsvr_el1[n] = 0x5A5A5A5A00000000ULL + n;
	r.pmccntsvr_el1 = 0x5A5A5A5A000000CCULL;
	r.pmicntsvr_el1 = 0x5A5A5A5A0000001CULL;
	r.pcsr.pmpcsr = 0x1F2E3D4C5B6A7988ULL;
	r.pcsr.pmcid1sr = 0xC1D1C1D1;
	r.pcsr.pmcid2sr = 0xC2D2C2D2;
	r.pcsr.pmvidsr = 0xABCD9999;
	r.pmsscr_el1 = (nc_ss & 2 ? PMSSCR_EL1_NC_BIT : 0) | (nc_ss & 1 ? PMSSCR_EL1_SS_BIT : 0);
	return r;
}

/*
 * D13.9 "If a Capture event occurs when allowed" / "when prohibited", and RSCLCQ for disabled (no Capture event).
 * For one point of every table row, with and without FEAT_PMUv3_ICNTR, FEAT_PCSRv8p9, PMPCSCTL.SS, a valid PC
 * sample, Debug state (where the PE allows Capture events in Debug state), from every {NC, SS}:
 *  - Disabled: nothing written;
 *  - Prohibited: "PMCCNTSVR_EL1, PMICNTSVR_EL1, and PMEVCNTSVR<n>_EL1 are unchanged. The PC sample registers are
 *    unchanged. PMSSCR_EL1.{NC, SS} is set to {1, 0}";
 *  - Allowed: "PMEVCNTR<n>_EL0 are written to PMEVCNTSVR<n>_EL1" (n < N; the others unchanged), "PMCCNTR_EL0 is
 *    written to PMCCNTSVR_EL1", "If FEAT_PMUv3_ICNTR is implemented, PMICNTR_EL0 is written to PMICNTSVR_EL1";
 *    with FEAT_PCSRv8p9 and PMPCSCTL.SS: "If PC sampling is allowed and the PE is in Non-debug state" the address
 *    and execution state to PMPCSR, CONTEXTIDR_EL2/EL1 to PMCID2SR/PMCID1SR, VMID to PMVIDSR; "Otherwise,
 *    PMPCSR[31:0] is set to 0xFFFF_FFFF, and PMPCSR[63:32], PMCID1SR, PMCID2SR, PMVIDSR ... are unchanged"; "If
 *    sampling on PMU snapshot is disabled then PMPCSR, ... are unchanged"; "PMSSCR_EL1.{NC, SS} is set to {0, 0}";
 *    the PMU_SNAPSHOT event "If the PE is in Non-debug state", CONSTRAINED UNPREDICTABLE in Debug state.
 */
static void test_capture_event(void)
{
	struct pmu_live_counters live;
	struct pc_sample ps;
	unsigned r, icntr, pcsr, ss, valid, halted, nc_ss, n;

	for (n = 0; n < 31; n++)
		live.pmevcntr_el0[n] = 0x0000100000000000ULL * (n + 1) + 0x11 * n;
	live.pmccntr_el0 = 0x00CC00CC00CC00CCULL;
	live.pmicntr_el0 = 0x0011001100110011ULL;
	memset(&ps, 0, sizeof(ps));
	ps.pc = 0xAB12345678ABCDEFULL; /* bits [63:56] set: PMPCSR takes pc<55:32> only */
	ps.el = 1;
	ps.rw = 1;
	ps.ns = 1;
	ps.has_el2 = true;
	ps.contextidr = 0x11112222;
	ps.contextidr_el2 = 0x33334444;
	ps.vmid = 0x5566;

	tc_begin("D13.9 PMUCaptureEvent(): what a Disabled, Prohibited and Allowed Capture event writes");
	for (r = 0; r < ARRAY_SIZE(table_d13_10); r++) {
		unsigned p3 = 0, p2 = 0, pe = 0;
		int t = outcome_of(table_d13_10[r].capture_events);

		/* the lowest point of the row */
		while (!(cell_values(table_d13_10[r].mdcr_el3_pmsse) >> p3 & 1))
			p3++;
		while (!(cell_values(table_d13_10[r].mdcr_el2_pmsse) >> p2 & 1))
			p2++;
		while (!(cell_values(table_d13_10[r].pmecr_el1_sse) >> pe & 1))
			pe++;
		for (icntr = 0; icntr < 2; icntr++)
			for (pcsr = 0; pcsr < 2; pcsr++)
				for (ss = 0; ss < 2; ss++)
					for (valid = 0; valid < 2; valid++)
						for (halted = 0; halted < 2; halted++)
							for (nc_ss = 0; nc_ss < 4; nc_ss++) {
								struct pmu_features f = snap_machine(0);
								struct pmu_state s = snap_state(&f, CTX_NS_EL1, p3, p2, pe);
								struct pmu_snapshot_regs before = sentinel_regs(nc_ss), regs = before, want = before;
								struct pmu_capture_result res;
								uint64_t wmask = 0;
								unsigned k;
								bool sampled = false;
								char what[200];

								f.pmicntr = icntr;
								f.pcsrv8p9 = pcsr;
								f.pmss_in_debug = true;
								s.pmpcsctl_ss = ss;
								s.halted = halted;
								ps.valid = valid;
								snprintf(what, sizeof(what), "row %u (%s) ICNTR=%u PCSRv8p9=%u PMPCSCTL.SS=%u valid=%u "
									 "halted=%u {NC,SS}=%u", r, table_d13_10[r].capture_events, icntr, pcsr, ss, valid,
									 halted, nc_ss);
								res = pmu_capture_event(&f, &s, &live, &ps, &regs);
								if (t == PMU_CAPTURE_PROHIBITED) {
									want.pmsscr_el1 = PMSSCR_EL1_NC_BIT;
									wmask = PMU_SNAP_W_PMSSCR;
								} else if (t == PMU_CAPTURE_ALLOWED) {
									for (k = 0; k < SNAP_N; k++)
										want.pmevcntsvr_el1[k] = live.pmevcntr_el0[k];
									wmask = (BIT64(SNAP_N) - 1) | PMU_SNAP_W_CCNT | PMU_SNAP_W_PMSSCR;
									want.pmccntsvr_el1 = live.pmccntr_el0;
									if (icntr) {
										want.pmicntsvr_el1 = live.pmicntr_el0;
										wmask |= PMU_SNAP_W_ICNT;
									}
									if (pcsr && ss && valid && !halted) {
										sampled = true;
										wmask |= PMU_SNAP_W_PCSAMPLE;
										want.pcsr.pmpcsr = PMPCSR_NS_BIT | (1ULL << 61) | 0x0012345678ABCDEFULL |
												   (before.pcsr.pmpcsr & MASK64(60, 56));
										want.pcsr.pmcid1sr = 0x11112222;
										want.pcsr.pmcid2sr = 0x33334444;
										want.pcsr.pmvidsr = (before.pcsr.pmvidsr & 0xFFFF0000u) | 0x5566;
									} else if (pcsr && ss) {
										wmask |= PMU_SNAP_W_PCSR_ONES;
										want.pcsr.pmpcsr |= 0xFFFFFFFFULL;
									}
									want.pmsscr_el1 = 0;
								}
								tc_check(res.outcome, (unsigned)t, "%s: outcome", what);
								tc_check(res.written, wmask, "%s: written", what);
								tc_check(res.event, t != PMU_CAPTURE_ALLOWED ? PMU_SNAPSHOT_EVENT_NO
									 : halted ? PMU_SNAPSHOT_EVENT_MAYBE : PMU_SNAPSHOT_EVENT_YES,
									 "%s: PMU_SNAPSHOT event", what);
								for (k = 0; k < 31; k++)
									tc_check(regs.pmevcntsvr_el1[k], want.pmevcntsvr_el1[k], "%s: PMEVCNTSVR%u_EL1",
										 what, k);
								tc_check(regs.pmccntsvr_el1, want.pmccntsvr_el1, "%s: PMCCNTSVR_EL1", what);
								tc_check(regs.pmicntsvr_el1, want.pmicntsvr_el1, "%s: PMICNTSVR_EL1", what);
								tc_check(regs.pcsr.pmpcsr, want.pcsr.pmpcsr, "%s: PMPCSR", what);
								tc_check(regs.pcsr.pmcid1sr, want.pcsr.pmcid1sr, "%s: PMCID1SR", what);
								tc_check(regs.pcsr.pmcid2sr, want.pcsr.pmcid2sr, "%s: PMCID2SR", what);
								tc_check(regs.pcsr.pmvidsr, want.pcsr.pmvidsr, "%s: PMVIDSR", what);
								tc_check(regs.pcsr.pmpcsr_unknown | regs.pcsr.pmcid1sr_unknown |
									 regs.pcsr.pmcid2sr_unknown | regs.pcsr.pmvidsr_unknown, 0,
									 "%s: no UNKNOWN bits (sampled=%d)", what, sampled);
								tc_check(regs.pmsscr_el1, want.pmsscr_el1, "%s: PMSSCR_EL1", what);
							}
	}
	tc_end();
}

void run_snapshot_tests(void)
{
	test_table_d13_10();
	test_table_d13_10_mutations();
	test_reserved_sse();
	test_oslock_debug();
	test_no_pmss();
	test_pmsscr_write();
	test_capture_event();
}
