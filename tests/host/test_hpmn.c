/*
 * test_hpmn.c - what MDCR_EL2.HPMN does besides the enables: PMCR_EL0.N as read at each EL
 * (get_num_event_counters_accessible()), the reach of PMSWINC_EL0, EffectiveHPMN() and GetPMUCounterRange()
 * with their CONSTRAINED UNPREDICTABLE cases, and PMCR_EL0.P.
 */
#include "host_test.h"

/* Machines of the PMCR_EL0.N table: which of EL3, EL2 and FEAT_SEL2 are implemented. */
enum variant { FULL, NO_SEL2, NO_EL2, NO_EL3 };
static const char *const variant_name[] = { "EL3+EL2+SEL2", "EL3+EL2, no FEAT_SEL2", "EL3, no EL2", "EL2, no EL3" };

static struct pmu_features variant_machine(enum variant v, unsigned n, bool hpmn0)
{
	struct pmu_features f = machine(n);

	f.hpmn0 = hpmn0;
	f.sel2 = v == FULL;
	f.el2 = v != NO_EL2;
	f.el3 = v != NO_EL3;
	return f;
}

/*
 * PMCR_EL0.N as read at each context: N, or MDCR_EL2.HPMN. Sources, which agree:
 *  - D11.5.1 Note: "The value returned for PMCR.N is not affected by HDCR.HPMN at: EL3. EL2. Secure EL1, if
 *    FEAT_SEL2 is not implemented or Secure EL2 is disabled. Secure EL0, [same]."
 *  - PMCR_EL0.N (registers/PMCR_EL0.md): "When EL2 is implemented and enabled for the current Security state,
 *    reads of this field from EL1 and EL0 return the Effective value of MDCR_EL2.HPMN."
 *  - GetNumEventCountersAccessible() (J1.3.1.96): "if PSTATE.EL IN {EL1, EL0} && EL2Enabled() then
 *    n = UInt(EffectiveHPMN()); else n = UInt(EffectiveEPMN());" with EL2Enabled() = HaveEL(EL2) &&
 *    (!HaveEL(EL3) || SCR_EL3.NS == '1' || IsSecureEL2Enabled()), IsSecureEL2Enabled() needing FEAT_SEL2
 *    and SCR_EL3.EEL2 == '1'.
 * The same value is GetNumEventCountersAccessible(), which bounds PMSWINC_EL0 and decides PMCR_EL0.P below.
 */
static const struct {
	enum variant v;
	enum ctx c;
	bool reads_hpmn;
	const char *why;
} table_pmcr_n[] = {
	{ FULL, CTX_EL3, false, "EL3" },
	{ FULL, CTX_EL3_NS1, false, "EL3, whatever SCR_EL3.NS" },
	{ FULL, CTX_NS_EL2, false, "EL2" },
	{ FULL, CTX_S_EL2, false, "EL2" },
	{ FULL, CTX_S_EL1, false, "Secure EL1, Secure EL2 disabled" },
	{ FULL, CTX_S_EL0, false, "Secure EL0, Secure EL2 disabled" },
	{ NO_SEL2, CTX_S_EL1, false, "Secure EL1, FEAT_SEL2 not implemented" },
	{ NO_SEL2, CTX_S_EL0, false, "Secure EL0, FEAT_SEL2 not implemented" },
	{ NO_SEL2, CTX_S_EL1_EEL2, false, "Secure EL1, FEAT_SEL2 not implemented (SCR_EL3.EEL2 is RES0)" },
	{ FULL, CTX_S_EL1_EEL2, true, "Secure EL1, Secure EL2 enabled" },
	{ FULL, CTX_S_EL0_EEL2, true, "Secure EL0, Secure EL2 enabled" },
	{ FULL, CTX_NS_EL1, true, "Non-secure EL1, EL2 enabled" },
	{ FULL, CTX_NS_EL0, true, "Non-secure EL0, EL2 enabled" },
	{ NO_SEL2, CTX_NS_EL1, true, "Non-secure EL1, EL2 enabled" },
	{ NO_EL2, CTX_EL3, false, "EL2 not implemented" },
	{ NO_EL2, CTX_S_EL1, false, "EL2 not implemented" },
	{ NO_EL2, CTX_NS_EL1, false, "EL2 not implemented" },
	{ NO_EL2, CTX_NS_EL0, false, "EL2 not implemented" },
	{ NO_EL3, CTX_NS_EL2, false, "EL2" },
	{ NO_EL3, CTX_NS_EL1, true, "EL3 not implemented: EL2 is enabled" },
	{ NO_EL3, CTX_NS_EL0, true, "EL3 not implemented: EL2 is enabled" },
};

/* (N, HPMN) instances; HPMN = 0 needs FEAT_HPMN0. */
static const struct {
	unsigned n, hpmn;
} instances[] = {
	{ 1, 1 }, { 6, 1 }, { 6, 3 }, { 6, 6 }, { 6, 0 }, { 20, 7 }, { 31, 1 }, { 31, 17 }, { 31, 0 },
};

/* The value the spec gives for PMCR_EL0.N / GetNumEventCountersAccessible() in row r, instance i. */
static unsigned spec_accessible(unsigned r, unsigned i)
{
	return table_pmcr_n[r].reads_hpmn ? instances[i].hpmn : instances[i].n;
}

/* PMCR_EL0.N at every row of table_pmcr_n, for every instance. */
static void test_pmcr_n(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned r, i;

	for (r = 0; r < ARRAY_SIZE(table_pmcr_n); r++) {
		tc_begin("D11.5.1 Note, PMCR_EL0.N: reads %s at %s [%s]: %s", table_pmcr_n[r].reads_hpmn ? "HPMN" : "N",
			 ctx_name[table_pmcr_n[r].c], variant_name[table_pmcr_n[r].v], table_pmcr_n[r].why);
		for (i = 0; i < ARRAY_SIZE(instances); i++) {
			f = variant_machine(table_pmcr_n[r].v, instances[i].n, instances[i].hpmn == 0);
			s = open_state(&f, table_pmcr_n[r].c, instances[i].hpmn);
			tc_check(get_num_event_counters_accessible(&f, &s), spec_accessible(r, i),
				 "%s: get_num_event_counters_accessible()", controls(&f, &s));
		}
		tc_end();
	}
}

/*
 * PMSWINC_EL0 (registers/PMSWINC_EL0.md): "When m >= GetNumEventCountersAccessible(), access to this field is
 * RAZ/WI"; PMUSwIncrement(): "mask<counters-1:0> = Ones(counters); ... sw_incr = sw_incr AND ZeroExtend(mask,
 * 64)". Every bit m of P<m>, m = 0..30, at every row of table_pmcr_n.
 */
static void test_pmswinc_reach(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned r, i, m;

	for (r = 0; r < ARRAY_SIZE(table_pmcr_n); r++) {
		tc_begin("PMSWINC_EL0 at %s [%s]: bits m >= %s are RAZ/WI", ctx_name[table_pmcr_n[r].c],
			 variant_name[table_pmcr_n[r].v], table_pmcr_n[r].reads_hpmn ? "HPMN" : "N");
		for (i = 0; i < ARRAY_SIZE(instances); i++) {
			f = variant_machine(table_pmcr_n[r].v, instances[i].n, instances[i].hpmn == 0);
			s = open_state(&f, table_pmcr_n[r].c, instances[i].hpmn);
			for (m = 0; m <= 30; m++)
				tc_check(pmu_sw_increment_reaches(&f, &s, m), m < spec_accessible(r, i),
					 "%s: pmu_sw_increment_reaches(%u)", controls(&f, &s), m);
		}
		tc_end();
	}
}

/*
 * PMCR_EL0.P (registers/PMCR_EL0.md): resets "All event counters in the first range" and the second range if
 * "EL2 is disabled or not implemented in the current Security state" or "The PE is executing at EL2 or EL3":
 * the second range is reset exactly where PMCR_EL0.N does not read HPMN (table_pmcr_n).
 */
static void test_pmcr_p(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned r, i, n;

	tc_begin("PMCR_EL0.P resets the first range, and the second where EL2 is disabled or at EL2/EL3");
	for (r = 0; r < ARRAY_SIZE(table_pmcr_n); r++)
		for (i = 0; i < ARRAY_SIZE(instances); i++) {
			f = variant_machine(table_pmcr_n[r].v, instances[i].n, instances[i].hpmn == 0);
			s = open_state(&f, table_pmcr_n[r].c, instances[i].hpmn);
			for (n = 0; n < f.num_counters; n++)
				tc_check(pmcr_p_resets(&f, &s, n),
					 !table_pmcr_n[r].reads_hpmn || n < instances[i].hpmn,
					 "%s at %s: pmcr_p_resets(%u)", controls(&f, &s), ctx_name[table_pmcr_n[r].c], n);
		}
	tc_end();
}

/* The counters of a machine with n event counters whose EffectiveHPMN() is hpmn: check their ranges. */
static void check_ranges(const struct pmu_features *f, const struct pmu_state *s, unsigned hpmn)
{
	unsigned n;

	/* GetPMUCounterRange: "if n < hpmn then return PMUCounterRange_R1; elsif n < epmn then return R2" */
	for (n = 0; n < f->num_counters; n++)
		tc_check(get_pmu_counter_range(f, s, n), n < hpmn ? PMUCounterRange_R1 : PMUCounterRange_R2,
			 "%s: get_pmu_counter_range(%u) (0 = R1, 1 = R2)", controls(f, s), n);
	/* "elsif n == CYCLE_COUNTER_ID then return PMUCounterRange_R1; elsif n == INSTRUCTION_COUNTER_ID ... R1" */
	tc_check(get_pmu_counter_range(f, s, CYCLE_COUNTER_ID), PMUCounterRange_R1,
		 "%s: get_pmu_counter_range(CYCLE_COUNTER_ID)", controls(f, s));
	tc_check(get_pmu_counter_range(f, s, INSTRUCTION_COUNTER_ID), PMUCounterRange_R1,
		 "%s: get_pmu_counter_range(INSTRUCTION_COUNTER_ID)", controls(f, s));
}

static const unsigned ns[] = { 1, 2, 6, 20, 30, 31 };

/*
 * EffectiveHPMN() (J1.3.1.95), in range: "if HaveEL(EL2) then hpmn_bits = MDCR_EL2.HPMN", no CONSTRAINED
 * UNPREDICTABLE case for 1 <= HPMN <= N. It reads HaveEL(EL2), not EL2Enabled(): the ranges hold in every
 * context, Secure EL1 with Secure EL2 disabled included (MDCR_EL2.HPME: "This applies even when EL2 is disabled
 * in the current Security state").
 */
static void test_hpmn_in_range(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned i, hpmn, c, hpmn0;
	bool unpredictable;

	tc_begin("EffectiveHPMN, GetPMUCounterRange: 1 <= HPMN <= N, [0..HPMN-1] R1, [HPMN..N-1] R2, cycle R1");
	for (i = 0; i < ARRAY_SIZE(ns); i++)
		for (hpmn = 1; hpmn <= ns[i]; hpmn++)
			for (hpmn0 = 0; hpmn0 < 2; hpmn0++)
				for (c = 0; c < CTX_COUNT; c++) {
					f = machine(ns[i]);
					f.hpmn0 = hpmn0;
					if (!ctx_exists(&f, (enum ctx)c))
						continue;
					s = open_state(&f, (enum ctx)c, hpmn);
					unpredictable = true;
					tc_check(effective_hpmn(&f, &s, &unpredictable), hpmn, "%s at %s: effective_hpmn()",
						 controls(&f, &s), ctx_name[c]);
					tc_check(unpredictable, false, "%s at %s: effective_hpmn() unpredictable flag",
						 controls(&f, &s), ctx_name[c]);
					check_ranges(&f, &s, hpmn);
				}
	tc_end();
}

/*
 * EffectiveHPMN(): "if (UInt(hpmn_bits) > counters || (!IsFeatureImplemented(FEAT_HPMN0) && IsZero(hpmn_bits)))
 * then (-, hpmn_bits) = ConstrainUnpredictableBits(Unpredictable_RES_HPMN, 5)". HPMN > N, with or without
 * FEAT_HPMN0: the model raises its unpredictable flag (the value is then UNKNOWN, not checked).
 */
static void test_hpmn_above_n(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned i, hpmn, hpmn0;
	bool unpredictable;

	tc_begin("EffectiveHPMN: HPMN > N is CONSTRAINED UNPREDICTABLE (Unpredictable_RES_HPMN)");
	for (i = 0; i < ARRAY_SIZE(ns); i++)
		for (hpmn = ns[i] + 1; hpmn <= 31; hpmn++)
			for (hpmn0 = 0; hpmn0 < 2; hpmn0++) {
				f = machine(ns[i]);
				f.hpmn0 = hpmn0;
				s = open_state(&f, CTX_NS_EL2, hpmn);
				unpredictable = false;
				effective_hpmn(&f, &s, &unpredictable);
				tc_check(unpredictable, true, "%s: effective_hpmn() unpredictable flag", controls(&f, &s));
			}
	tc_end();
}

/* The same line: HPMN == 0 without FEAT_HPMN0 (D11.5.1: "the minimum permitted value of HDCR.HPMN is 1"). */
static void test_hpmn0_without_feat(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned i;
	bool unpredictable;

	tc_begin("EffectiveHPMN: HPMN == 0 without FEAT_HPMN0 is CONSTRAINED UNPREDICTABLE");
	for (i = 0; i < ARRAY_SIZE(ns); i++) {
		f = machine(ns[i]);
		s = open_state(&f, CTX_NS_EL2, 0);
		unpredictable = false;
		effective_hpmn(&f, &s, &unpredictable);
		tc_check(unpredictable, true, "%s: effective_hpmn() unpredictable flag", controls(&f, &s));
	}
	tc_end();
}

/*
 * HPMN == 0 with FEAT_HPMN0: allowed (D11.5.1: "Otherwise, the minimum permitted value of HDCR.HPMN is 0"), and
 * MDCR_EL2.HPMN: "If FEAT_HPMN0 is implemented and MDCR_EL2.HPMN is 0 ... No event counters are in the first
 * range ... all event counters are in the second range." The cycle counter stays in R1.
 */
static void test_hpmn0_with_feat(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned i, c;
	bool unpredictable;

	tc_begin("EffectiveHPMN: HPMN == 0 with FEAT_HPMN0 is 0, every event counter R2, cycle counter R1");
	for (i = 0; i < ARRAY_SIZE(ns); i++)
		for (c = 0; c < CTX_COUNT; c++) {
			f = machine(ns[i]);
			f.hpmn0 = true;
			if (!ctx_exists(&f, (enum ctx)c))
				continue;
			s = open_state(&f, (enum ctx)c, 0);
			unpredictable = true;
			tc_check(effective_hpmn(&f, &s, &unpredictable), 0, "%s at %s: effective_hpmn()", controls(&f, &s),
				 ctx_name[c]);
			tc_check(unpredictable, false, "%s at %s: effective_hpmn() unpredictable flag", controls(&f, &s),
				 ctx_name[c]);
			check_ranges(&f, &s, 0);
		}
	tc_end();
}

/*
 * Without EL2, EffectiveHPMN(): "else hpmn_bits = counters<4:0>": N whatever MDCR_EL2.HPMN holds (the register
 * does not exist), never CONSTRAINED UNPREDICTABLE, every event counter R1 (MDCR_EL2.HPMN: "or EL2 is not
 * implemented ... all event counters are in the first range").
 */
static void test_hpmn_no_el2(void)
{
	static const unsigned junk[] = { 0, 1, 5, 31 };
	struct pmu_features f;
	struct pmu_state s;
	unsigned i, j;
	bool unpredictable;

	tc_begin("EffectiveHPMN without EL2 is N, every event counter R1, whatever MDCR_EL2.HPMN holds");
	for (i = 0; i < ARRAY_SIZE(ns); i++)
		for (j = 0; j < ARRAY_SIZE(junk); j++) {
			f = machine(ns[i]);
			f.el2 = false;
			f.sel2 = false;
			s = open_state(&f, CTX_NS_EL1, junk[j]);
			unpredictable = true;
			tc_check(effective_hpmn(&f, &s, &unpredictable), ns[i], "%s: effective_hpmn()", controls(&f, &s));
			tc_check(unpredictable, false, "%s: effective_hpmn() unpredictable flag", controls(&f, &s));
			check_ranges(&f, &s, ns[i]);
		}
	tc_end();
}

void run_hpmn_tests(void)
{
	test_pmcr_n();
	test_pmswinc_reach();
	test_pmcr_p();
	test_hpmn_in_range();
	test_hpmn_above_n();
	test_hpmn0_without_feat();
	test_hpmn0_with_feat();
	test_hpmn_no_el2();
}
