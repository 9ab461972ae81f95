/*
 * test_threshold.c - threshold and edge counting (D13.8; FEAT_PMUv3_TH, FEAT_PMUv3_EDGE, FEAT_PMUv3_TH2) against
 * the threshold model (lib/model/pmu_threshold.c).
 *
 * Expected values come from the spec's text and tables, written here as data or as the sentences turned into
 * code, never from the model: the TC tables of PMEVTYPER<n>_EL0 (registers/PMEVTYPERn_EL0.md: "0b000 Not-equal.
 * The counter increments by V_B[n] on each processor cycle when V_B[n] is not equal to TH[n]", ...), Tables
 * D13-5 to D13-8, Examples D13-4, D13-5 and D13-6, the reserved combinations (RWXVGN, IHNHNC), the Effective
 * values without the features (RHVGCV.., RSGLNM, RJJRJQ) and PMMIR_EL1.THWIDTH (TH[11:THWIDTH] RES0).
 */
#include <stdio.h>

#include "host_test.h"
#include "model/pmu_threshold.h"

static const struct pmu_th_features NO_TH = { 0, 0 }, TH8 = { 8, 0 }, EDGE8 = { 8, 1 }, TH2_8 = { 8, 2 };

static uint64_t evtyper(unsigned tc, unsigned th, unsigned te, unsigned tlc)
{
	return (uint64_t)tc << 61 | (uint64_t)te << 60 | (uint64_t)tlc << 54 | (uint64_t)th << 32;
}

/* The comparison each TC value names in PMEVTYPER<n>_EL0.TC's table (TE = 0): not-equal, equals, >=, <. */
static bool tc_table_condition(unsigned tc, uint64_t vb, uint64_t th)
{
	static const char *const cond[8] = { "!=", "!=", "==", "==", ">=", ">=", "<", "<" };

	switch (cond[tc][0]) {
	case '!':
		return vb != th;
	case '=':
		return vb == th;
	case '>':
		return vb >= th;
	default:
		return vb < th;
	}
}

/* One cycle from a fresh PMULastThresholdValue (false). */
static uint64_t one(const struct pmu_th_features *f, unsigned n, uint64_t t, uint64_t vb, uint64_t vm)
{
	bool last = false;

	return pmu_count_value(f, n, t, vb, vm, &last, NULL);
}

/* Without FEAT_PMUv3_TH the Effective {TC, TH} are {0b000, 0} (D13.8) and TE is 0 (RSGLNM): V = V_B. */
static void test_no_th(void)
{
	unsigned tc, vb;

	tc_begin("threshold: without FEAT_PMUv3_TH (PMMIR_EL1.THWIDTH == 0) every field is ignored: V[n] = V_B[n]");
	for (tc = 0; tc < 8; tc++)
		for (vb = 0; vb < 6; vb++)
			tc_check(one(&NO_TH, 1, evtyper(tc, 0xFFF, 1, 3), vb, 7), vb, "TC=%u TH=0xfff TE=1 TLC=3 V_B=%u", tc,
				 vb);
	tc_end();
}

/* Table D13-7 with the TC table: TE = 0, TLC = 0 (even n, or no TH2): "count by" V_B (TC[0] = 0) or 1. */
static void test_table_d13_7(const struct pmu_th_features *f, unsigned n, const char *what)
{
	unsigned tc, th, vb;
	uint64_t want;

	tc_begin("threshold: Table D13-7 and PMEVTYPER<n>_EL0.TC (%s, counter %u), TH 0..5, V_B 0..6", what, n);
	for (tc = 0; tc < 8; tc++)
		for (th = 0; th < 6; th++)
			for (vb = 0; vb < 7; vb++) {
				/* (A) TC[0] = 0: C_T true -> V_B, false -> 0; (B) TC[0] = 1: true -> 1, false -> 0. TC = 0 with
				 * TH = 0 is "disabled" (V_B), which the not-equal row also gives (V_B != 0 or V_B = 0). */
				want = tc_table_condition(tc, vb, th) ? (tc & 1 ? 1 : vb) : 0;
				tc_check(one(f, n, evtyper(tc, th, 0, 0), vb, 5), want, "TC=0b%u%u%u TH=%u V_B=%u", tc >> 2,
					 tc >> 1 & 1, tc & 1, th, vb);
			}
	tc_end();
}

/* Examples D13-4 and D13-5. */
static void test_examples(void)
{
	unsigned vb;

	tc_begin("threshold: Example D13-4 (TC=0b010 equals, TH=4: +4 on a cycle with exactly 4 empty slots) and "
		 "Example D13-5 (TC=0b101 >= count, TH=2: +1 on a cycle with 2 or more operations)");
	for (vb = 0; vb < 9; vb++) {
		tc_check(one(&TH8, 0, evtyper(2, 4, 0, 0), vb, 0), vb == 4 ? 4 : 0, "D13-4: V_B=%u", vb);
		tc_check(one(&TH8, 0, evtyper(5, 2, 0, 0), vb, 0), vb >= 2 ? 1 : 0, "D13-5: V_B=%u", vb);
	}
	tc_end();
}

/*
 * The TE = 1 table of PMEVTYPER<n>_EL0.TC (Table D13-8 (F): count 1 when C_E): the counter increments when the
 * comparison named in the row holds now and did not on the previous cycle (single edge), or changed (both).
 * "previous" starts false: C_P[n] is zero when counting was not allowed on the previous cycle (D13.8).
 */
static void test_edges(void)
{
	/* TC, rising into the condition (1) / falling out of it (2) / both (3); condition on V_B vs TH */
	static const struct {
		unsigned tc;
		const char *cond; /* the comparison whose change is counted */
		unsigned edges;   /* 1: false -> true of cond; 3: any change */
	} rows[] = {
		{ 1, "!=", 1 }, /* 0b001 "Equal to not-equal" */
		{ 2, "==", 3 }, /* 0b010 "Equal to/from not-equal" */
		{ 3, "==", 1 }, /* 0b011 "Not-equal to equal" */
		{ 5, ">=", 1 }, /* 0b101 "Less-than to greater-than-or-equal" */
		{ 6, "<", 3 },  /* 0b110 "Less-than to/from greater-than-or-equal" */
		{ 7, "<", 1 },  /* 0b111 "Greater-than-or-equal to less-than" */
	};
	static const uint8_t seq[] = { 0, 1, 1, 0, 2, 3, 0, 0, 1, 2, 2, 1, 0 };
	unsigned r, i, th;
	uint64_t got, want;
	bool last, prev, now, res;

	tc_begin("threshold: TE=1 rows of PMEVTYPER<n>_EL0.TC and Table D13-8 (F), cycle by cycle, TH 0..3");
	for (r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
		for (th = 0; th < 4; th++) {
			last = false;
			prev = false;
			for (i = 0; i < sizeof(seq); i++) {
				switch (rows[r].cond[0]) {
				case '!':
					now = seq[i] != th;
					break;
				case '=':
					now = seq[i] == th;
					break;
				case '>':
					now = seq[i] >= th;
					break;
				default:
					now = seq[i] < th;
					break;
				}
				want = rows[r].edges == 3 ? now != prev : now && !prev;
				got = pmu_count_value(&EDGE8, 0, evtyper(rows[r].tc, th, 1, 0), seq[i], 0, &last, &res);
				tc_check(got, want, "TC=%u TE=1 TH=%u cycle %u V_B=%u", rows[r].tc, th, i, seq[i]);
				tc_check(res, 0, "TC=%u TE=1: not reserved", rows[r].tc);
				prev = now;
			}
		}
	tc_end();
}

/* Example D13-6: a single-bit event, TH = 0, TE = 1: 0b001 leading edges, 0b011 falling edges, 0b010 both. */
static void test_example_d13_6(void)
{
	static const uint8_t bits[] = { 0, 1, 1, 0, 1, 0, 0, 1, 1, 1, 0 }; /* 3 leading, 3 falling edges */
	bool last;

	tc_begin("threshold: Example D13-6 (edge counting without threshold counting, single-bit event)");
	/* C_P[n] is C_T[n] of a previous counted cycle where the event was 0: false for 0b001 (V_B != 0), true
	 * for 0b011 and 0b010 (V_B == 0) */
	last = false;
	tc_check(pmu_count_sequence(&EDGE8, 2, evtyper(1, 0, 1, 0), bits, sizeof(bits), &last, NULL), 3, "TC=0b001");
	last = true;
	tc_check(pmu_count_sequence(&EDGE8, 2, evtyper(3, 0, 1, 0), bits, sizeof(bits), &last, NULL), 3, "TC=0b011");
	last = true;
	tc_check(pmu_count_sequence(&EDGE8, 2, evtyper(2, 0, 1, 0), bits, sizeof(bits), &last, NULL), 6, "TC=0b010");
	/* "C_P[n] is ... zero otherwise" (not counting on the previous cycle): the first cycle's V_B = 0 is then an
	 * edge into "equal to 0" for 0b011 and 0b010 */
	last = false;
	tc_check(pmu_count_sequence(&EDGE8, 2, evtyper(3, 0, 1, 0), bits, sizeof(bits), &last, NULL), 4,
		 "TC=0b011, C_P = 0 before the first cycle");
	/* without FEAT_PMUv3_EDGE, TE is 0 (RSGLNM): TC=0b001 TH=0 is "not-equal, count": 1 per nonzero cycle */
	last = false;
	tc_check(pmu_count_sequence(&TH8, 2, evtyper(1, 0, 1, 0), bits, sizeof(bits), &last, NULL), 6,
		 "TC=0b001 TE=1 without FEAT_PMUv3_EDGE");
	tc_end();
}

/* The reserved combinations (D13.8 RWXVGN; ReservedPMUThreshold). */
static void test_reserved(void)
{
	unsigned tc, tlc, te, n;
	bool want;

	tc_begin("threshold: reserved {TC[1:0], TE} = {0b00, 1}; odd n with TH2: TLC=0b11, {TE, TLC} = {1, 0b01}, "
		 "{TC[0], TE, TLC} = {1, 0, 0b10}; nothing reserved where the fields are RES0");
	for (n = 0; n < 2; n++)
		for (tc = 0; tc < 8; tc++)
			for (te = 0; te < 2; te++)
				for (tlc = 0; tlc < 4; tlc++) {
					want = (te && (tc & 3) == 0) ||
					       (n == 1 && (tlc == 3 || (te && tlc == 1) || (!te && (tc & 1) && tlc == 2)));
					tc_check(pmu_th_reserved(&TH2_8, n, evtyper(tc, 1, te, tlc)), want,
						 "TH2, n=%u TC=%u TE=%u TLC=%u", n, tc, te, tlc);
					/* EDGE without TH2: TLC is RES0 */
					tc_check(pmu_th_reserved(&EDGE8, n, evtyper(tc, 1, te, tlc)), te && (tc & 3) == 0,
						 "EDGE, n=%u TC=%u TE=%u TLC=%u", n, tc, te, tlc);
					/* TH without EDGE: TE and TLC are RES0 */
					tc_check(pmu_th_reserved(&TH8, n, evtyper(tc, 1, te, tlc)), 0, "TH, n=%u TC=%u TE=%u TLC=%u",
						 n, tc, te, tlc);
				}
	tc_end();
}

/* Tables D13-5 and D13-6 (TH2, odd n) with V[n-1] = vm; even n ignores TLC (Table D13-7 applies). */
static void test_linking(void)
{
	static const struct {
		const char *row;
		unsigned tlc, tc0, te;
		int if_true, if_false; /* -1 V_B, -2 V[n-1], else the constant */
	} rows[] = {
		{ "(A)", 0, 0, 0, -1, 0 }, { "(B)", 0, 1, 0, 1, 0 }, { "(C)", 1, 0, 0, -1, -2 },
		{ "(D)", 1, 1, 0, 1, -2 }, { "(E)", 2, 0, 0, -2, 0 }, { "(F)", 0, 1, 1, 1, 0 }, { "(G)", 2, 1, 1, -2, 0 },
	};
	unsigned r, vb, cmp;
	uint64_t vm = 5, want, got;
	int pick;
	bool last, cond;

	tc_begin("threshold: Tables D13-5 and D13-6 (FEAT_PMUv3_TH2, odd n: count by V_B, 1, V[n-1] or 0), and even n");
	for (r = 0; r < sizeof(rows) / sizeof(rows[0]); r++)
		for (cmp = 0; cmp < 2; cmp++) /* TC[2:1]: 0b01 equals, 0b10 >= */
			for (vb = 0; vb < 4; vb++) {
				unsigned tc = (cmp ? 4 : 2) | rows[r].tc0;

				last = false;
				cond = cmp ? vb >= 2 : vb == 2; /* TH = 2 */
				/* with TE = 1 from a false previous C_T (last = false), C_E[n] is C_T[n] */
				pick = cond ? rows[r].if_true : rows[r].if_false;
				want = pick == -1 ? vb : pick == -2 ? vm : (uint64_t)pick;
				got = pmu_count_value(&TH2_8, 3, evtyper(tc, 2, rows[r].te, rows[r].tlc), vb, vm, &last, NULL);
				tc_check(got, want, "%s n=3 TC=%u TE=%u TLC=%u TH=2 V_B=%u V[n-1]=%llu", rows[r].row, tc,
					 rows[r].te, rows[r].tlc, vb, (unsigned long long)vm);
				/* even n: TLC is RES0 (RJJRJQ), Table D13-7/D13-8 apply */
				want = rows[r].te ? cond : cond ? (tc & 1 ? 1 : vb) : 0;
				last = false;
				got = pmu_count_value(&TH2_8, 2, evtyper(tc, 2, rows[r].te, rows[r].tlc), vb, vm, &last, NULL);
				tc_check(got, want, "n=2 TC=%u TE=%u TLC=%u (RES0) TH=2 V_B=%u", tc, rows[r].te, rows[r].tlc, vb);
			}
	tc_end();
}

/* PMMIR_EL1.THWIDTH: TH[11:THWIDTH] are RES0, so TH is compared on its low THWIDTH bits. */
static void test_thwidth(void)
{
	struct pmu_th_features f;
	unsigned w, vb;

	tc_begin("threshold: PMMIR_EL1.THWIDTH 1..12: TH[11:THWIDTH] RES0 (TC=0b010, TH = 1 | ~(2^THWIDTH - 1))");
	for (w = 1; w <= 12; w++) {
		f = (struct pmu_th_features){ w, 0 };
		for (vb = 0; vb < 3; vb++)
			tc_check(one(&f, 0, evtyper(2, (0xFFFu << w & 0xFFF) | 1, 0, 0), vb, 0), vb == 1 ? 1 : 0,
				 "THWIDTH=%u V_B=%u", w, vb);
	}
	tc_end();
}

/* PMULastThresholdValue is left alone when threshold counting is disabled (PMUCountValue returns Vb first). */
static void test_last_value(void)
{
	bool last = true;

	tc_begin("threshold: PMULastThresholdValue[n] is set to C_T[n] only when threshold or edge counting is enabled");
	(void)pmu_count_value(&EDGE8, 0, evtyper(0, 0, 0, 0), 0, 0, &last, NULL);
	tc_check(last, 1, "TC=0 TH=0 (disabled): unchanged");
	(void)pmu_count_value(&EDGE8, 0, evtyper(2, 1, 0, 0), 0, 0, &last, NULL);
	tc_check(last, 0, "TC=0b010 TH=1 V_B=0: C_T false");
	(void)pmu_count_value(&EDGE8, 0, evtyper(6, 1, 0, 0), 0, 0, &last, NULL);
	tc_check(last, 1, "TC=0b110 TH=1 V_B=0: C_T true");
	tc_end();
}

void run_threshold_tests(void)
{
	test_no_th();
	test_table_d13_7(&TH8, 0, "FEAT_PMUv3_TH");
	test_table_d13_7(&TH2_8, 0, "FEAT_PMUv3_TH2, even n");
	test_table_d13_7(&EDGE8, 1, "FEAT_PMUv3_EDGE, TE=0");
	test_examples();
	test_edges();
	test_example_d13_6();
	test_reserved();
	test_linking();
	test_thwidth();
	test_last_value();
}
