/*
 * test_ebep.c - the EBEP model (lib/model/pmu_ebep.c) against Table D13-1 and Table D13-2 (D13.3.2, D13.3.3)
 * and the rules around them: RGWLVY, RSCBDZ, IPFDLQ, RBVBYS, RMQDPX, RNZLVW, INPRDL, RSSVKV, RFCXWT, D13.5.
 *
 * The tables are data (table_d13_1.h, table_d13_2.h). Each test also runs against deliberately changed copies
 * of its table (every cell, every control value) and requires the comparison to notice each change: a row
 * the comparison skipped, or an X it expanded wrongly, would go unnoticed there.
 */
#include <stdio.h>
#include <string.h>

#include "host_test.h"
#include "model/pmu_ebep.h"
#include "table_d13_1.h"
#include "table_d13_2.h"

#define D13_1_ROWS ARRAY_SIZE(table_d13_1)

/* The machine Table D13-1 describes: EL3, EL2 enabled in the current Security state (Non-secure), FEAT_EBEP. */
static struct pmu_features ebep_machine(void)
{
	struct pmu_features f = machine(6);

	f.ebep = true;
	f.sebep = true;
	return f;
}

/* The six control values of one table line (each 0..3 or 0..1, no ANY). */
struct d13_1_controls {
	unsigned el3, el2, tge, pmecr, kpme, pm;
};

static struct pmu_state d13_1_state(const struct pmu_features *f, const struct d13_1_controls *c, unsigned el)
{
	struct pmu_state s = open_state(f, el == 3 ? CTX_EL3_NS1 : el == 2 ? CTX_NS_EL2 : el == 1 ? CTX_NS_EL1
											: CTX_NS_EL0, 6);

	s.mdcr_el3 |= FIELD_PREP(MDCR_EL3, PMEE, c->el3);
	s.mdcr_el2 |= FIELD_PREP(MDCR_EL2, PMEE, c->el2);
	s.hcr_el2 = c->tge ? HCR_EL2_TGE_BIT : 0;
	s.pmecr_el1 = FIELD_PREP(PMECR_EL1, PMEE, c->pmecr) | (c->kpme ? PMECR_EL1_KPME_BIT : 0);
	return s;
}

static bool field_matches(int row_value, unsigned v)
{
	return row_value == ANY || (unsigned)row_value == v;
}

static bool row_matches(const struct table_d13_1_row *r, const struct d13_1_controls *c)
{
	return field_matches(r->mdcr_el3_pmee, c->el3) && field_matches(r->mdcr_el2_pmee, c->el2) &&
	       field_matches(r->hcr_el2_tge, c->tge) && field_matches(r->pmecr_el1_pmee, c->pmecr) &&
	       field_matches(r->pmecr_el1_kpme, c->kpme) && field_matches(r->pstate_pm, c->pm);
}

/* Call fn for every control combination (0..3 for the PMEE fields, 0..1 for the others). */
#define FOR_ALL_CONTROLS(c)                                                                                  \
	for ((c).el3 = 0; (c).el3 < 4; (c).el3++)                                                          \
		for ((c).el2 = 0; (c).el2 < 4; (c).el2++)                                                  \
			for ((c).tge = 0; (c).tge < 2; (c).tge++)                                          \
				for ((c).pmecr = 0; (c).pmecr < 4; (c).pmecr++)                            \
					for ((c).kpme = 0; (c).kpme < 2; (c).kpme++)                       \
						for ((c).pm = 0; (c).pm < 2; (c).pm++)

/*
 * Compare the model with `table` for every row and every expansion of its X columns; returns the number of
 * cells that differ (with diagnostics when `report`). The cell must equal pmu_ebep_outcome() (the
 * Constraint_DISABLED reading the table shows for reserved encodings) and be in pmu_ebep_permitted(); n/a
 * cells (EL1 under TGE = 1) are not compared, and must be exactly those.
 */
static unsigned d13_1_compare(const struct table_d13_1_row *table, unsigned rows, bool report)
{
	struct pmu_features f = ebep_machine();
	struct d13_1_controls c;
	unsigned mismatches = 0, r, el;

	for (r = 0; r < rows; r++)
		FOR_ALL_CONTROLS(c) {
			if (!row_matches(&table[r], &c))
				continue;
			for (el = 0; el < 4; el++) {
				enum d13_1_cell want = table[r].at[3 - el];
				struct pmu_state s = d13_1_state(&f, &c, el);
				enum pmu_ebep_outcome seen = pmu_ebep_outcome(&f, &s, el, c.pm);
				bool na = el == 1 && c.tge;

				if (na || want == NA) {
					if (na != (want == NA))
						mismatches++;
					if (report)
						tc_check(want == NA, na, "row %u EL%u: n/a exactly where HCR_EL2.TGE=1 at EL1",
							 r + 1, el);
					continue;
				}
				if ((unsigned)seen != (unsigned)want ||
				    !(pmu_ebep_permitted(&f, &s, el, c.pm) & (1u << want)))
					mismatches++;
				if (report) {
					tc_check(seen, want, "Table D13-1 row %u (MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u TGE=%u "
						 "PMECR_EL1.PMEE=%u KPME=%u PM=%u) from EL%u: outcome (%s expected)", r + 1,
						 c.el3, c.el2, c.tge, c.pmecr, c.kpme, c.pm, el,
						 pmu_ebep_outcome_name((enum pmu_ebep_outcome)want));
					tc_check(!!(pmu_ebep_permitted(&f, &s, el, c.pm) & (1u << want)), 1,
						 "row %u from EL%u: the table's cell among the permitted outcomes", r + 1, el);
				}
			}
		}
	return mismatches;
}

/*
 * How many control combinations are not on exactly one row of `table` (none is expected on PMECR_EL1.PMEE =
 * 0b01 under MDCR_EL3.PMEE = MDCR_EL2.PMEE = 0b01: the table leaves that reserved value out there).
 */
static unsigned d13_1_coverage_errors(const struct table_d13_1_row *table, unsigned rows, bool report)
{
	struct d13_1_controls c;
	unsigned r, hits, errors = 0;

	FOR_ALL_CONTROLS(c) {
		bool gap = c.el3 == 1 && c.el2 == 1 && c.pmecr == 1;

		for (hits = 0, r = 0; r < rows; r++)
			hits += row_matches(&table[r], &c);
		errors += hits != (gap ? 0u : 1u);
		if (report)
			tc_check(hits, gap ? 0 : 1, "MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u TGE=%u PMECR_EL1.PMEE=%u KPME=%u "
				 "PM=%u: rows", c.el3, c.el2, c.tge, c.pmecr, c.kpme, c.pm);
	}
	return errors;
}

static void test_d13_1_coverage(void)
{
	tc_begin("Table D13-1: every control combination on exactly one row (PMECR_EL1.PMEE=0b01 under 0b01/0b01 on none)");
	d13_1_coverage_errors(table_d13_1, D13_1_ROWS, true);
	tc_end();
}

static void test_d13_1_model(void)
{
	tc_begin("D13.3.2 RGWLVY/RSCBDZ Table D13-1: PMUExceptionEnabled, PMUExceptionMasked, PMUInterruptEnabled");
	d13_1_compare(table_d13_1, D13_1_ROWS, true);
	tc_end();
}

/*
 * Every single change to the table (an outcome cell, a control value) must make the comparison with the model
 * or the coverage check fail. A control changed so that the row states something true (row 3 with MDCR_EL3.PMEE
 * = 0b00 repeats row 1) leaves a combination on no row and another on two: the coverage check sees that.
 */
static void test_d13_1_mutations(void)
{
	static struct table_d13_1_row t[D13_1_ROWS];
	static const int values[] = { ANY, 0, 1, 2, 3 };
	unsigned r, col, o, v, missed = 0, tried = 0;

	tc_begin("Table D13-1: each changed cell or control value is detected by the comparison");
	for (r = 0; r < D13_1_ROWS; r++) {
		for (col = 0; col < 4; col++)
			for (o = IRQ; o <= NA; o++) {
				if (o == (unsigned)table_d13_1[r].at[col])
					continue;
				memcpy(t, table_d13_1, sizeof(t));
				t[r].at[col] = (enum d13_1_cell)o;
				tried++;
				if (!d13_1_compare(t, D13_1_ROWS, false) && !d13_1_coverage_errors(t, D13_1_ROWS, false)) {
					missed++;
					tc_check(0, 1, "row %u column EL%u changed to %u: not detected", r + 1, 3 - col, o);
				}
			}
		for (col = 0; col < 6; col++)
			for (v = 0; v < ARRAY_SIZE(values); v++) {
				int *field[6] = { &t[r].mdcr_el3_pmee, &t[r].mdcr_el2_pmee, &t[r].hcr_el2_tge,
						  &t[r].pmecr_el1_pmee, &t[r].pmecr_el1_kpme, &t[r].pstate_pm };
				const int *orig[6] = { &table_d13_1[r].mdcr_el3_pmee, &table_d13_1[r].mdcr_el2_pmee,
						       &table_d13_1[r].hcr_el2_tge, &table_d13_1[r].pmecr_el1_pmee,
						       &table_d13_1[r].pmecr_el1_kpme, &table_d13_1[r].pstate_pm };
				unsigned limit = col == 0 || col == 1 || col == 3 ? 5 : 3;

				/* a specific value changed to another, or widened to X (narrowing an X changes no meaning) */
				if (v >= limit || values[v] == *orig[col] || *orig[col] == ANY)
					continue;
				memcpy(t, table_d13_1, sizeof(t));
				*field[col] = values[v];
				tried++;
				if (!d13_1_compare(t, D13_1_ROWS, false) && !d13_1_coverage_errors(t, D13_1_ROWS, false)) {
					missed++;
					tc_check(0, 1, "row %u control %u changed to %d: not detected", r + 1, col, values[v]);
				}
			}
	}
	tc_check(missed, 0, "undetected changes out of %u", tried);
	printf("# Table D13-1: %u single changes tried, %u detected\n", tried, tried - missed);
	tc_end();
}

/*
 * RGWLVY: "EL2 is not implemented, EL2 is disabled in the current Security state, or MDCR_EL2.PMEE is 0b01",
 * and "EL3 is not implemented or MDCR_EL3.PMEE is 0b01": without EL2 enabled (Secure state, SCR_EL3.EEL2 = 0)
 * every cell is the one of MDCR_EL2.PMEE = 0b01, TGE = 0; without EL3, the one of MDCR_EL3.PMEE = 0b01.
 */
static void test_d13_1_absent_levels(void)
{
	struct pmu_features f = ebep_machine(), no_el3 = ebep_machine();
	struct d13_1_controls c, as;
	unsigned r, el;

	no_el3.el3 = false;
	tc_begin("D13.3.2 RGWLVY: EL2 disabled in the Security state, or EL3 not implemented, per Table D13-1");
	FOR_ALL_CONTROLS(c) {
		for (el = 0; el < 4; el++) {
			struct pmu_state s;

			/* Secure EL1/EL0 with Secure EL2 disabled, and EL3: MDCR_EL2 and TGE do not apply */
			if (el != 2) {
				as = c;
				as.el2 = 1;
				as.tge = 0;
				s = d13_1_state(&f, &c, el);
				s.secure = true;
				s.scr_el3 = 0;
				for (r = 0; r < D13_1_ROWS; r++)
					if (row_matches(&table_d13_1[r], &as))
						tc_check(pmu_ebep_outcome(&f, &s, el, c.pm), (unsigned)table_d13_1[r].at[3 - el],
							 "EL2 disabled (Secure, SCR_EL3.EEL2=0) MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u "
							 "TGE=%u PMECR_EL1.PMEE=%u KPME=%u PM=%u from EL%u: as row %u", c.el3, c.el2,
							 c.tge, c.pmecr, c.kpme, c.pm, el, r + 1);
			}
			if (el == 3 || (el == 1 && c.tge))
				continue;
			as = c;
			as.el3 = 1;
			s = d13_1_state(&no_el3, &c, el);
			s.scr_el3 = 0;
			for (r = 0; r < D13_1_ROWS; r++)
				if (row_matches(&table_d13_1[r], &as))
					tc_check(pmu_ebep_outcome(&no_el3, &s, el, c.pm), (unsigned)table_d13_1[r].at[3 - el],
						 "no EL3: MDCR_EL3.PMEE=%u (ignored) MDCR_EL2.PMEE=%u TGE=%u PMECR_EL1.PMEE=%u "
						 "KPME=%u PM=%u from EL%u: as row %u", c.el3, c.el2, c.tge, c.pmecr, c.kpme,
						 c.pm, el, r + 1);
		}
	}
	tc_end();
}

/* The Table D13-1 cell for (controls, el, pm), or NA when no row holds it. */
static enum d13_1_cell d13_1_cell_of(const struct d13_1_controls *c, unsigned el)
{
	unsigned r;

	for (r = 0; r < D13_1_ROWS; r++)
		if (row_matches(&table_d13_1[r], c))
			return table_d13_1[r].at[3 - el];
	return NA;
}

/*
 * Reserved encodings: EffectivePMEE() reads each reserved PMEE field (0b10 anywhere, 0b01 in PMECR_EL1) as
 * Constraint_DISABLED, which the table's 0b10 rows show, or as a non-reserved value, each field and each call
 * on its own. So the permitted outcomes are the cells of every combination that replaces each reserved field by
 * 0b10 (the table's DISABLED row) or by a non-reserved value; with no reserved field, exactly the one cell.
 * Without FEAT_EBEP: always IRQ (PMUInterruptEnabled() is TRUE, PMUExceptionEnabled() FALSE).
 */
static void test_d13_1_reserved(void)
{
	static const unsigned mdcr_options[] = { 2, 0, 1, 3 }, pmecr_options[] = { 2, 0, 3 };
	struct pmu_features f = ebep_machine(), none = machine(6);
	struct d13_1_controls c, sub;
	unsigned el, want, i3, i2, i1;

	tc_begin("EffectivePMEE reserved encodings (CONSTRAINED UNPREDICTABLE) and FEAT_EBEP absent");
	FOR_ALL_CONTROLS(c) {
		bool r3 = c.el3 == 2, r2 = c.el2 == 2, r1 = c.pmecr == 1 || c.pmecr == 2;

		for (el = 0; el < 4; el++) {
			struct pmu_state s = d13_1_state(&f, &c, el);

			if (el == 1 && c.tge)
				continue;
			want = 0;
			for (i3 = 0; i3 < (r3 ? 4u : 1u); i3++)
				for (i2 = 0; i2 < (r2 ? 4u : 1u); i2++)
					for (i1 = 0; i1 < (r1 ? 3u : 1u); i1++) {
						enum d13_1_cell cell;

						sub = c;
						sub.el3 = r3 ? mdcr_options[i3] : c.el3;
						sub.el2 = r2 ? mdcr_options[i2] : c.el2;
						sub.pmecr = r1 ? pmecr_options[i1] : c.pmecr;
						cell = d13_1_cell_of(&sub, el);
						tc_check(cell != NA, 1, "a row for MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u PMECR_EL1.PMEE=%u",
							 sub.el3, sub.el2, sub.pmecr);
						if (cell != NA)
							want |= 1u << cell;
					}
			tc_check(pmu_ebep_permitted(&f, &s, el, c.pm), want,
				 "MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u TGE=%u PMECR_EL1.PMEE=%u KPME=%u PM=%u from EL%u: "
				 "permitted outcomes (mask of IRQ, Dis, Msk, EL1, EL2, EL3)", c.el3, c.el2, c.tge, c.pmecr,
				 c.kpme, c.pm, el);
			s = d13_1_state(&none, &c, el);
			tc_check(pmu_ebep_outcome(&none, &s, el, c.pm), PMU_EBEP_IRQ, "no FEAT_EBEP: outcome");
			tc_check(pmu_interrupt_enabled(&none, &s), 1, "no FEAT_EBEP: PMUInterruptEnabled()");
			tc_check(pmu_exception_target(&none, &s, NULL), 0, "no FEAT_EBEP: PMUExceptionEnabled()");
		}
	}
	tc_end();
}

/*
 * PMUExceptionMasked(target_el, from_el, pm) (J1.1.1.38) called directly, for every target (EL1..EL3), source EL
 * and control combination, as the pseudocode says it (Halted() is FALSE):
 *   if UInt(target_el) < UInt(from_el) then return TRUE;
 *   elsif from_el == EL2 && target_el == EL2 && EffectivePMEE(EL2, FALSE) != '11' then return TRUE;
 *   elsif target_el == from_el && (PMECR_EL1.KPME == '0' || pm == '1') then return TRUE;
 *   return FALSE;
 * with EffectivePMEE(EL2, for_interrupt = FALSE) reading the reserved '10' as Constraint_DISABLED: '00'. Through
 * PMUExceptionEnabled() a target of EL2 never meets MDCR_EL2.PMEE = 0b10 (that value disables the exception
 * where it decides), so only a direct call sees the reading.
 */
static void test_exception_masked(void)
{
	struct pmu_features f = ebep_machine();
	struct d13_1_controls c;
	unsigned target, from;

	tc_begin("D13.3.2 RSCBDZ PMUExceptionMasked(target_el, from_el, pm): every target, source EL and control");
	FOR_ALL_CONTROLS(c)
		for (target = 1; target <= 3; target++)
			for (from = 0; from <= 3; from++) {
				struct pmu_state s = d13_1_state(&f, &c, from);
				unsigned pmee_el2 = c.el2 == 2 ? 0 : c.el2; /* Constraint_DISABLED, for_interrupt FALSE */
				bool want = target < from || (from == 2 && target == 2 && pmee_el2 != 3) ||
					    (target == from && (c.kpme == 0 || c.pm == 1));

				tc_check(pmu_exception_masked(&s, target, from, c.pm), want, "MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u "
					 "PMECR_EL1.PMEE=%u KPME=%u PM=%u: target EL%u from EL%u masked", c.el3, c.el2, c.pmecr,
					 c.kpme, c.pm, target, from);
			}
	tc_end();
}

/* The outcome names, as Table D13-1 spells its cells (table_d13_1.h); a value outside the enum: "?". */
static void test_outcome_names(void)
{
	static const char *const want[] = { [IRQ] = "IRQ", [Dis] = "Dis", [Msk] = "Msk", [EL1] = "EL1", [EL2] = "EL2",
					    [EL3] = "EL3" };
	unsigned o;

	tc_begin("Table D13-1 cell names: IRQ, Dis, Msk, EL1, EL2, EL3; out of range \"?\"");
	for (o = 0; o < ARRAY_SIZE(want); o++)
		tc_check(strcmp(pmu_ebep_outcome_name((enum pmu_ebep_outcome)o), want[o]), 0, "outcome %u: \"%s\"", o,
			 want[o]);
	for (o = ARRAY_SIZE(want); o < ARRAY_SIZE(want) + 3; o++)
		tc_check(strcmp(pmu_ebep_outcome_name((enum pmu_ebep_outcome)o), "?"), 0, "outcome %u: \"?\"", o);
	tc_end();
}

/* ---- Table D13-2 ---- */

static bool state_matches(enum d13_2_state st, enum d13_1_cell cell)
{
	bool unmasked = cell == EL1 || cell == EL2 || cell == EL3;

	switch (st) {
	case UNMASKED: return unmasked;
	case MASKED: return cell == Msk;
	default: return !unmasked;
	}
}

/* The PPEND values (mask: bit 0 = 0, bit 1 = 1) a Table D13-2 behaviour allows. */
static unsigned behavior_values(enum d13_2_behavior b, bool spsr_ppend, bool rnzlvw)
{
	switch (b) {
	case PPEND_ZERO: return 1u;
	case PPEND_FROM_SPSR: return spsr_ppend ? 2u : 1u;
	case PPEND_CONSTRAINED: return rnzlvw ? 3u : 1u;
	default: return rnzlvw ? 2u : 1u;
	}
}

/*
 * Every exception return from EL3, EL2, EL1 (PM 0 or 1) to a lower or the same EL (SPSR_ELx.PM 0 or 1,
 * SPSR_ELx.PPEND 0 or 1, legal or illegal, the return's own RNZLVW event or not), under every control
 * combination: before/after classified with Table D13-1's cells, the row of Table D13-2 they select, and the
 * PPEND values it allows, against pmu_ppend_return_case() and pmu_exception_return_ppend().
 */
static unsigned d13_2_compare(const struct table_d13_2_row *table, unsigned rows, bool report)
{
	struct pmu_features f = ebep_machine();
	struct d13_1_controls c, at_from, at_to;
	unsigned mismatches = 0, from, to, to_pm, ppend, illegal, rn, r, match, row = 0;

	FOR_ALL_CONTROLS(c)
		for (from = 1; from <= 3; from++)
			for (to = 0; to <= from; to++)
				for (to_pm = 0; to_pm < 2; to_pm++)
					for (illegal = 0; illegal < 2; illegal++)
						for (ppend = 0; ppend < 2; ppend++)
							for (rn = 0; rn < 2; rn++) {
		unsigned to_el = illegal ? from : to, want, seen;
		enum d13_1_cell before, after;
		struct pmu_state s;
		uint64_t spsr;

		if ((from == 1 && c.tge) || (to_el == 1 && c.tge) || (illegal && to != 0))
			continue; /* no EL1 under TGE = 1; an illegal return is tried once per target */
		at_from = c;
		at_to = c;
		at_to.pm = to_pm;
		before = d13_1_cell_of(&at_from, from);
		after = d13_1_cell_of(&at_to, to_el);
		if (before == NA || after == NA)
			continue;
		for (match = 0, r = 0; r < rows; r++)
			if (state_matches(table[r].before, before) && state_matches(table[r].after, after)) {
				match++;
				row = r;
			}
		if (match != 1) {
			mismatches++;
			if (report)
				tc_check(match, 1, "before %u after %u: Table D13-2 rows", before, after);
			continue;
		}
		s = d13_1_state(&f, &c, from);
		spsr = (uint64_t)to << 2 | (to_pm ? SPSR_PM_BIT : 0) | (ppend ? SPSR_PPEND_BIT : 0);
		want = behavior_values(table[row].behavior, ppend, rn);
		seen = pmu_exception_return_ppend(&f, &s, from, c.pm, spsr, illegal, rn);
		if (seen != want || (unsigned)pmu_ppend_return_case(&f, &s, from, c.pm, to_el, to_pm) != table[row].number)
			mismatches++;
		if (report) {
			tc_check(seen, want, "MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u TGE=%u PMECR_EL1.PMEE=%u KPME=%u: ERET from "
				 "EL%u PM=%u to EL%u%s SPSR.PM=%u SPSR.PPEND=%u RNZLVW=%u (case %u): PPEND values (mask)",
				 c.el3, c.el2, c.tge, c.pmecr, c.kpme, from, c.pm, to_el, illegal ? " (illegal)" : "",
				 to_pm, ppend, rn, table[row].number);
			tc_check(pmu_ppend_return_case(&f, &s, from, c.pm, to_el, to_pm), table[row].number,
				 "ERET from EL%u PM=%u to EL%u SPSR.PM=%u: Table D13-2 case", from, c.pm, to_el, to_pm);
		}
	}
	return mismatches;
}

/*
 * MASKED and DISABLED_OR_MASKED say the same when the other side is UNMASKED: the controls do not change across
 * the return, so an exception unmasked on one side is enabled on both. Such a change is no change.
 */
static bool equivalent(enum d13_2_state a, enum d13_2_state b, enum d13_2_state other)
{
	return other == UNMASKED && a != UNMASKED && b != UNMASKED;
}

static void test_d13_2(void)
{
	static struct table_d13_2_row t[ARRAY_SIZE(table_d13_2)];
	unsigned r, v, missed = 0, tried = 0;

	tc_begin("D13.3.3 RBVBYS/RMQDPX Table D13-2: PSTATE.PPEND on exception return (ExceptionReturnPPEND)");
	d13_2_compare(table_d13_2, ARRAY_SIZE(table_d13_2), true);
	tc_end();

	tc_begin("Table D13-2: each changed case, state or behaviour is detected by the comparison");
	for (r = 0; r < ARRAY_SIZE(table_d13_2); r++)
		for (v = 0; v < 4 * 3; v++) {
			memcpy(t, table_d13_2, sizeof(t));
			if (v < 4) { /* behaviour */
				if (v == t[r].behavior)
					continue;
				t[r].behavior = (enum d13_2_behavior)v;
			} else if (v < 7) { /* before */
				if (v - 4 == t[r].before || equivalent(t[r].before, (enum d13_2_state)(v - 4), t[r].after))
					continue;
				t[r].before = (enum d13_2_state)(v - 4);
			} else if (v < 10) { /* after */
				if (v - 7 == t[r].after || equivalent(t[r].after, (enum d13_2_state)(v - 7), t[r].before))
					continue;
				t[r].after = (enum d13_2_state)(v - 7);
			} else { /* case number */
				t[r].number = t[r].number % 4 + 1 + (v - 10);
				if (t[r].number > 4)
					t[r].number -= 4;
			}
			tried++;
			if (!d13_2_compare(t, ARRAY_SIZE(t), false)) {
				missed++;
				tc_check(0, 1, "row %u change %u: not detected", r + 1, v);
			}
		}
	tc_check(missed, 0, "undetected changes out of %u", tried);
	printf("# Table D13-2: %u single changes tried, %u detected\n", tried, tried - missed);
	tc_end();
}

/* RBVBYS, GetPSRFromPSTATE, AArch64.TakeException: SPSR_ELx[33] = PPEND, [32] = PM; then PPEND = 0, PM = 1. */
static void test_ppend_entry(void)
{
	struct pmu_features f = ebep_machine(), no_sebep = ebep_machine(), none = machine(6);
	unsigned ppend, pm;
	bool ppend_after, pm_after;

	no_sebep.sebep = false;
	tc_begin("D13.3.3 RBVBYS: exception entry copies PSTATE.PPEND to SPSR_ELx[33], PM to [32]; PPEND=0, PM=1");
	for (ppend = 0; ppend < 2; ppend++)
		for (pm = 0; pm < 2; pm++) {
			tc_check(pmu_entry_spsr_bits(&f, ppend, pm, &ppend_after, &pm_after),
				 (ppend ? BIT64(33) : 0) | (pm ? BIT64(32) : 0), "PPEND=%u PM=%u: SPSR_ELx[33:32]", ppend, pm);
			tc_check(ppend_after, 0, "PPEND=%u PM=%u: PSTATE.PPEND after entry", ppend, pm);
			tc_check(pm_after, 1, "PPEND=%u PM=%u: PSTATE.PM after entry", ppend, pm);
			tc_check(pmu_entry_spsr_bits(&no_sebep, ppend, pm, NULL, NULL), pm ? BIT64(32) : 0,
				 "FEAT_EBEP without FEAT_SEBEP: SPSR_ELx[33:32]");
			tc_check(pmu_entry_spsr_bits(&none, ppend, pm, NULL, &pm_after), 0, "neither: SPSR_ELx[33:32]");
			tc_check(pm_after, pm, "no FEAT_EBEP: PSTATE.PM unchanged");
		}
	tc_end();
}

/*
 * RNZLVW (conditions as RMQDPX lists them), INPRDL, RSSVKV, RFCXWT, D13.5: the row's controls are those of
 * Table D13-1 row 24 (MDCR_EL3.PMEE = 0b11, KPME = 1, PM = 0: enabled and unmasked at EL3 and below), then
 * one condition at a time is taken away.
 */
static void test_rnzlvw(void)
{
	struct pmu_features f = ebep_machine(), no_sebep = ebep_machine();
	struct d13_1_controls c = { 3, 0, 0, 0, 1, 0 };
	unsigned el, idx, sync, evsync, inten, ovs, counted, exc, pm;

	no_sebep.sebep = false;
	tc_begin("D13.3.3 RNZLVW/INPRDL/RSSVKV/RFCXWT: which instruction sets PSTATE.PPEND and PMIAR_EL1");
	for (el = 0; el < 4; el++)
		for (idx = 0; idx <= INSTRUCTION_COUNTER_ID; idx += idx == 1 ? CYCLE_COUNTER_ID - 1 : 1)
			for (sync = 0; sync < 2; sync++)
				for (evsync = 0; evsync < 2; evsync++)
					for (inten = 0; inten < 2; inten++)
						for (ovs = 0; ovs < 2; ovs++)
							for (counted = 0; counted < 2; counted++)
								for (exc = 0; exc < 2; exc++)
									for (pm = 0; pm < 2; pm++) {
		struct pmu_state s = d13_1_state(&f, &c, el);
		/* sync mode (RSSVKV): SYNC and a synchronous event; the instruction counter: SYNC; never the cycle counter */
		bool mode = idx == CYCLE_COUNTER_ID ? false : idx == INSTRUCTION_COUNTER_ID ? sync : sync && evsync;
		/* Table D13-1 row 24/25: from EL3 unmasked only with PM = 0; below EL3 always */
		bool unmasked = el < 3 || !pm;
		bool want = counted && !exc && inten && ovs && mode && unmasked;

		if (idx < 31)
			s.pmevtyper[idx] |= sync ? PMEVTYPER_SYNC_BIT : 0;
		else if (idx == INSTRUCTION_COUNTER_ID)
			s.pmicfiltr_el0 |= sync ? PMICFILTR_SYNC_BIT : 0;
		else
			s.pmccfiltr_el0 |= sync ? BIT64(58) : 0; /* no SYNC field there: RFCXWT */
		tc_check(pmu_rnzlvw_sets_ppend(&f, &s, pm, idx, counted, exc, inten ? BIT64(idx) : 0, ovs ? BIT64(idx) : 0,
					       evsync),
			 want, "EL%u counter %u SYNC=%u synchronous event=%u PMINTENSET=%u PMOVSSET=%u counted=%u "
			 "exception=%u PM=%u: sets PPEND", el, idx, sync, evsync, inten, ovs, counted, exc, pm);
		tc_check(pmu_counter_sync_mode(&f, &s, idx, evsync), mode, "counter %u SYNC=%u event sync=%u: synchronous mode",
			 idx, sync, evsync);
		/* D13.5: "if an event counter <n> is configured to count an event that is not a synchronous event, and
		 * PMEVTYPER<n>_EL0.SYNC is 1, then counter <n> does not count" */
		tc_check(pmu_sync_stops_counter(&f, &s, idx, evsync), idx < 31 && sync && !evsync,
			 "counter %u SYNC=%u event sync=%u: SYNC stops the counter", idx, sync, evsync);
		/* without FEAT_SEBEP there is no synchronous mode (PMEVTYPER<n>_EL0.SYNC and PMICFILTR_EL0.SYNC are RES0),
		 * no PSTATE.PPEND, and SYNC stops nothing */
		tc_check(pmu_counter_sync_mode(&no_sebep, &s, idx, evsync), 0, "no FEAT_SEBEP: counter %u SYNC=%u event "
			 "sync=%u: synchronous mode", idx, sync, evsync);
		tc_check(pmu_sync_stops_counter(&no_sebep, &s, idx, evsync), 0, "no FEAT_SEBEP: counter %u SYNC=%u event "
			 "sync=%u: SYNC stops the counter", idx, sync, evsync);
		tc_check(pmu_rnzlvw_sets_ppend(&no_sebep, &s, pm, idx, counted, exc, BIT64(idx), BIT64(idx), evsync), 0,
			 "no FEAT_SEBEP: counter %u: sets PPEND", idx);
		/* the exception disabled (MDCR_EL3.PMEE = 0b00): never */
		s.mdcr_el3 &= ~MDCR_EL3_PMEE_MASK;
		tc_check(pmu_rnzlvw_sets_ppend(&f, &s, pm, idx, counted, exc, BIT64(idx), BIT64(idx), evsync), 0,
			 "exception disabled: sets PPEND");
	}
	tc_end();
}

/*
 * IPFDLQ with RQZJKS/RNTZHW: LP, HLP and LC are Effectively 1 while the exception is enabled; an enabled exception
 * disables PMUIRQ, and otherwise PMUIRQ is enabled exactly where the EL0 column of Table D13-1 says IRQ.
 */
static void test_rpfdlq(void)
{
	struct pmu_features f = ebep_machine();
	struct d13_1_controls c;
	unsigned n;

	tc_begin("D13.3.2 IPFDLQ: an enabled PMU exception disables PMUIRQ; LP, HLP, LC Effectively 1");
	FOR_ALL_CONTROLS(c) {
		struct pmu_state s = d13_1_state(&f, &c, 0);
		enum d13_1_cell cell = d13_1_cell_of(&c, 0);
		bool enabled = cell == Msk || cell == EL1 || cell == EL2 || cell == EL3;

		s.mdcr_el2 = (s.mdcr_el2 & ~MDCR_EL2_HPMN_MASK) | FIELD_PREP(MDCR_EL2, HPMN, 3);
		if (cell == NA)
			continue;
		tc_check(pmu_exception_target(&f, &s, NULL), enabled, "MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u TGE=%u "
			 "PMECR_EL1.PMEE=%u: enabled (Table D13-1, EL0 column)", c.el3, c.el2, c.tge, c.pmecr);
		/* IRQ: "exception disabled, PMUIRQ enabled"; Dis: both disabled (the reserved rows' Constraint_DISABLED
		 * reading: EffectivePMEE(..., for_interrupt = TRUE) is '11') */
		tc_check(pmu_interrupt_enabled(&f, &s), cell == IRQ, "MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u TGE=%u "
			 "PMECR_EL1.PMEE=%u: PMUIRQ enabled (%s)", c.el3, c.el2, c.tge, c.pmecr,
			 enabled ? "the exception is enabled" : cell == IRQ ? "IRQ" : "Dis");
		for (n = 0; n < 6; n++)
			tc_check(pmu_overflow_width(&f, &s, n), enabled ? 64 : 32, "counter %u (LP=HLP=0): overflow width", n);
		tc_check(pmu_overflow_width(&f, &s, CYCLE_COUNTER_ID), enabled ? 64 : 32, "cycle counter (LC=0): width");
	}
	tc_end();
}

/* The tables' self-tests (each changed copy of a table must be noticed) are the costly ones: last. */
void run_ebep_tests(void)
{
	test_d13_1_coverage();
	test_d13_1_model();
	test_d13_1_absent_levels();
	test_d13_1_reserved();
	test_exception_masked();
	test_outcome_names();
	test_ppend_entry();
	test_rnzlvw();
	test_rpfdlq();
	test_d13_2();
	test_d13_1_mutations();
}
