/*
 * test_prohibit.c - prohibition of event and cycle counting (D11.5.3, D13.5.4) and filtering by Exception level
 * and Security state (D11.7.1, D13.7.1), checked against count_pmu_events() (CountPMUEvents()).
 *
 * First a table of sanity rows, each one sentence of the spec (extend it for D11.5.3 / D11.7), then sweeps
 * over every combination of the controls with the rules written as code.
 */
#include "host_test.h"

#define SANITY_N    6 /* event counters of the sanity rows' machine */
#define SANITY_HPMN 3 /* MDCR_EL2.HPMN of the sanity rows, unless a row says otherwise */
#define CTR_R1      0 /* an event counter in the first range (n < HPMN) */
#define CTR_R2      3 /* an event counter in the second range (n >= HPMN) */
#define FILTER_OPEN PMEVTYPER_NSH_BIT /* counts everywhere (host_test.h, open_state()) */

/*
 * One row: machine PMUVer (EL3, EL2, FEAT_SEL2, N = 6), context, MDCR_EL2.HPMN, the controls (MDCR_EL3 as a
 * whole; bits added to MDCR_EL2 and PMCR_EL0), the filter word of the counter, the counter, and whether it
 * counts. Everything else is the open state with every enable on (PMCR_EL0.E, MDCR_EL2.HPME, PMCNTENSET_EL0).
 */
struct sanity_row {
	const char *claim;
	unsigned pmuver;
	enum ctx c;
	unsigned hpmn;
	uint64_t mdcr_el3, mdcr_el2, pmcr_el0, filter;
	unsigned idx;
	bool counts;
};

static const struct sanity_row table_sanity[] = {
	/*
	 * D11.5.3: "Counting Attributable events in Secure state is prohibited unless any one of the following is
	 * true: ... FEAT_PMUv3p7 is not implemented, EL3 is implemented, is using AArch64, and the value of
	 * MDCR_EL3.SPME is 1." EL3 is in Secure state. CountPMUEvents: "if (HaveEL(EL3) && (ss == SS_Secure ||
	 * PSTATE.EL == EL3) ...) then prohibited = (MDCR_EL3.SPME == '0' && (!FEAT_PMUv3p7 || MDCR_EL3.MPMX == '0'))",
	 * for both ranges.
	 */
	{ "SPME=0 prohibits event counting at EL3 (first range)", PMUVer_V3P5, CTX_EL3, SANITY_HPMN, 0, 0, 0,
	  FILTER_OPEN, CTR_R1, false },
	{ "SPME=0 prohibits event counting at EL3 (second range)", PMUVer_V3P5, CTX_EL3, SANITY_HPMN, 0, 0, 0,
	  FILTER_OPEN, CTR_R2, false },
	{ "SPME=0 prohibits event counting at EL3 with SCR_EL3.NS=1", PMUVer_V3P5, CTX_EL3_NS1, SANITY_HPMN, 0, 0, 0,
	  FILTER_OPEN, CTR_R1, false },
	{ "SPME=0 prohibits event counting at Secure EL2", PMUVer_V3P5, CTX_S_EL2, SANITY_HPMN, 0, 0, 0, FILTER_OPEN,
	  CTR_R2, false },
	{ "SPME=0 prohibits event counting at Secure EL1", PMUVer_V3P5, CTX_S_EL1, SANITY_HPMN, 0, 0, 0, FILTER_OPEN,
	  CTR_R1, false },
	{ "SPME=0 prohibits event counting at Secure EL0", PMUVer_V3P5, CTX_S_EL0, SANITY_HPMN, 0, 0, 0, FILTER_OPEN,
	  CTR_R1, false },
	{ "SPME=0 prohibits event counting at Secure EL1 (PMUv3)", PMUVer_PMUv3, CTX_S_EL1, SANITY_HPMN, 0, 0, 0,
	  FILTER_OPEN, CTR_R1, false },
	{ "SPME=0 does not prohibit at Non-secure EL2", PMUVer_V3P5, CTX_NS_EL2, SANITY_HPMN, 0, 0, 0, FILTER_OPEN,
	  CTR_R1, true },
	{ "SPME=0 does not prohibit at Non-secure EL1", PMUVer_V3P5, CTX_NS_EL1, SANITY_HPMN, 0, 0, 0, FILTER_OPEN,
	  CTR_R1, true },
	{ "SPME=0 does not prohibit at Non-secure EL0", PMUVer_V3P5, CTX_NS_EL0, SANITY_HPMN, 0, 0, 0, FILTER_OPEN,
	  CTR_R2, true },
	{ "SPME=1 allows event counting at EL3", PMUVer_V3P5, CTX_EL3, SANITY_HPMN, MDCR_EL3_SPME_BIT, 0, 0,
	  FILTER_OPEN, CTR_R1, true },
	{ "SPME=1 allows event counting at Secure EL1", PMUVer_V3P5, CTX_S_EL1, SANITY_HPMN, MDCR_EL3_SPME_BIT, 0, 0,
	  FILTER_OPEN, CTR_R1, true },

	/*
	 * D11.5.3: "Counting Attributable events at EL2 is prohibited unless any of the following are true:
	 * FEAT_PMUv3p1 is not implemented. HDCR.HPMD is 0. MDCR_EL2.HPMN is less than PMCR_EL0.N, ... n is in the
	 * range [MDCR_EL2.HPMN .. (PMCR_EL0.N-1)]." CountPMUEvents: "if (!prohibited && PSTATE.EL == EL2 &&
	 * FEAT_PMUv3p1 && counter_range == PMUCounterRange_R1) then ... prohibited = hpmd == '1'".
	 */
	{ "HPMD=1 prohibits the first range at EL2 (PMUv3p1)", PMUVer_V3P1, CTX_NS_EL2, SANITY_HPMN, MDCR_EL3_SPME_BIT,
	  MDCR_EL2_HPMD_BIT, 0, FILTER_OPEN, CTR_R1, false },
	{ "HPMD=1 does not prohibit the second range at EL2", PMUVer_V3P1, CTX_NS_EL2, SANITY_HPMN, MDCR_EL3_SPME_BIT,
	  MDCR_EL2_HPMD_BIT, 0, FILTER_OPEN, CTR_R2, true },
	{ "HPMD=1 has no effect without FEAT_PMUv3p1 (PMUv3)", PMUVer_PMUv3, CTX_NS_EL2, SANITY_HPMN,
	  MDCR_EL3_SPME_BIT, MDCR_EL2_HPMD_BIT, 0, FILTER_OPEN, CTR_R1, true },
	{ "HPMD=1 does not prohibit at Non-secure EL1", PMUVer_V3P1, CTX_NS_EL1, SANITY_HPMN, MDCR_EL3_SPME_BIT,
	  MDCR_EL2_HPMD_BIT, 0, FILTER_OPEN, CTR_R1, true },
	{ "HPMD=1 does not prohibit at EL3", PMUVer_V3P5, CTX_EL3, SANITY_HPMN, MDCR_EL3_SPME_BIT, MDCR_EL2_HPMD_BIT, 0,
	  FILTER_OPEN, CTR_R1, true },
	/* D11.5.3: "counting Attributable events at Secure EL2 is allowed if and only if counting events is allowed
	 * in Secure state, and counting events is allowed at EL2." */
	{ "HPMD=1 prohibits the first range at Secure EL2", PMUVer_V3P5, CTX_S_EL2, SANITY_HPMN, MDCR_EL3_SPME_BIT,
	  MDCR_EL2_HPMD_BIT, 0, FILTER_OPEN, CTR_R1, false },
	{ "HPMD=1 does not prohibit the second range at Secure EL2", PMUVer_V3P5, CTX_S_EL2, SANITY_HPMN,
	  MDCR_EL3_SPME_BIT, MDCR_EL2_HPMD_BIT, 0, FILTER_OPEN, CTR_R2, true },
	{ "HPMD=1, HPMN=0 (FEAT_HPMN0): every event counter is second range, counts at EL2", PMUVer_V3P5, CTX_NS_EL2,
	  0, MDCR_EL3_SPME_BIT, MDCR_EL2_HPMD_BIT, 0, FILTER_OPEN, CTR_R1, true },

	/*
	 * D11.5.3: "The cycle counter, PMCCNTR, counts unless any of the following is true: ... Event counting by
	 * event counters in the range [0..(HDCR.HPMN-1)] is prohibited or frozen, and PMCR.DP is set to 1."
	 * CountPMUEvents: "if (prohibited || frozen) && idx == CYCLE_COUNTER_ID then ... enabled = enabled &&
	 * dp == '0'; // Otherwise whether event counting is prohibited or frozen does not affect the cycle counter".
	 */
	{ "HPMD=1, DP=1 stops the cycle counter at EL2", PMUVer_V3P1, CTX_NS_EL2, SANITY_HPMN, MDCR_EL3_SPME_BIT,
	  MDCR_EL2_HPMD_BIT, PMCR_EL0_DP_BIT, FILTER_OPEN, CYCLE_COUNTER_ID, false },
	{ "HPMD=1, DP=0: the cycle counter counts at EL2", PMUVer_V3P1, CTX_NS_EL2, SANITY_HPMN, MDCR_EL3_SPME_BIT,
	  MDCR_EL2_HPMD_BIT, 0, FILTER_OPEN, CYCLE_COUNTER_ID, true },
	{ "HPMD=1, DP=1: the cycle counter counts at Non-secure EL1", PMUVer_V3P1, CTX_NS_EL1, SANITY_HPMN,
	  MDCR_EL3_SPME_BIT, MDCR_EL2_HPMD_BIT, PMCR_EL0_DP_BIT, FILTER_OPEN, CYCLE_COUNTER_ID, true },
	/* D11.5.3 Note: "When FEAT_HPMN0 is implemented and HDCR.HPMN is 0, the cycle counter is disabled by PMCR.DP
	 * under the same conditions that would prohibit ... event counters in the range [0..(HDCR.HPMN-1)]" */
	{ "HPMD=1, DP=1, HPMN=0 (FEAT_HPMN0) stops the cycle counter at EL2", PMUVer_V3P5, CTX_NS_EL2, 0,
	  MDCR_EL3_SPME_BIT, MDCR_EL2_HPMD_BIT, PMCR_EL0_DP_BIT, FILTER_OPEN, CYCLE_COUNTER_ID, false },
	{ "SPME=0, DP=1 stops the cycle counter at Secure EL1", PMUVer_V3P5, CTX_S_EL1, SANITY_HPMN, 0, 0,
	  PMCR_EL0_DP_BIT, FILTER_OPEN, CYCLE_COUNTER_ID, false },
	{ "SPME=0, DP=0: the cycle counter counts at Secure EL1", PMUVer_V3P5, CTX_S_EL1, SANITY_HPMN, 0, 0, 0,
	  FILTER_OPEN, CYCLE_COUNTER_ID, true },
	{ "SPME=0, DP=1: the cycle counter counts at Non-secure EL1", PMUVer_V3P5, CTX_NS_EL1, SANITY_HPMN, 0, 0,
	  PMCR_EL0_DP_BIT, FILTER_OPEN, CYCLE_COUNTER_ID, true },

	/*
	 * D11.5.3: "FEAT_PMUv3p5 is implemented, EL2 is implemented, the PE is executing at EL2, and HDCR.HCCD is set
	 * to 1." CountPMUEvents: "if FEAT_PMUv3p5 && idx == CYCLE_COUNTER_ID then ... if PSTATE.EL == EL2 then ...
	 * if hccd == '1' then prohibited = TRUE" ("This is not overridden by PMCR_EL0.DP"). MDCR_EL2.HCCD: "This
	 * field does not affect the CPU_CYCLES event or any other event that counts cycles."
	 */
	{ "HCCD=1 stops the cycle counter at EL2 (PMUv3p5)", PMUVer_V3P5, CTX_NS_EL2, SANITY_HPMN, MDCR_EL3_SPME_BIT,
	  MDCR_EL2_HCCD_BIT, 0, FILTER_OPEN, CYCLE_COUNTER_ID, false },
	{ "HCCD=1 stops the cycle counter at Secure EL2 (PMUv3p5)", PMUVer_V3P5, CTX_S_EL2, SANITY_HPMN,
	  MDCR_EL3_SPME_BIT, MDCR_EL2_HCCD_BIT, 0, FILTER_OPEN, CYCLE_COUNTER_ID, false },
	{ "HCCD=1 has no effect without FEAT_PMUv3p5 (PMUv3p4)", PMUVer_V3P4, CTX_NS_EL2, SANITY_HPMN,
	  MDCR_EL3_SPME_BIT, MDCR_EL2_HCCD_BIT, 0, FILTER_OPEN, CYCLE_COUNTER_ID, true },
	{ "HCCD=1 has no effect without FEAT_PMUv3p5 (PMUv3p1)", PMUVer_V3P1, CTX_NS_EL2, SANITY_HPMN,
	  MDCR_EL3_SPME_BIT, MDCR_EL2_HCCD_BIT, 0, FILTER_OPEN, CYCLE_COUNTER_ID, true },
	{ "HCCD=1: the cycle counter counts at Non-secure EL1", PMUVer_V3P5, CTX_NS_EL1, SANITY_HPMN, MDCR_EL3_SPME_BIT,
	  MDCR_EL2_HCCD_BIT, 0, FILTER_OPEN, CYCLE_COUNTER_ID, true },
	{ "HCCD=1: event counters count at EL2", PMUVer_V3P5, CTX_NS_EL2, SANITY_HPMN, MDCR_EL3_SPME_BIT,
	  MDCR_EL2_HCCD_BIT, 0, FILTER_OPEN, CTR_R1, true },

	/*
	 * D11.7.1 filtering, PMEVTYPER<n>_EL0 (CountPMUEvents): EL1 Non-secure "filtered = p != nsk", Secure
	 * "filtered = p == '1'"; EL0 Non-secure "filtered = u != nsu"; EL2 Non-secure "filtered = nsh == '0'",
	 * Secure "filtered = nsh == sh"; EL3 "filtered = m != p".
	 */
	{ "PMEVTYPER P=1, NSK=0 filters Non-secure EL1", PMUVer_V3P5, CTX_NS_EL1, SANITY_HPMN, MDCR_EL3_SPME_BIT, 0, 0,
	  PMEVTYPER_NSH_BIT | PMEVTYPER_P_BIT, CTR_R1, false },
	{ "PMEVTYPER P=1, NSK=1 counts at Non-secure EL1", PMUVer_V3P5, CTX_NS_EL1, SANITY_HPMN, MDCR_EL3_SPME_BIT, 0,
	  0, PMEVTYPER_NSH_BIT | PMEVTYPER_P_BIT | PMEVTYPER_NSK_BIT, CTR_R1, true },
	{ "PMEVTYPER P=1, NSK=1 filters Secure EL1", PMUVer_V3P5, CTX_S_EL1, SANITY_HPMN, MDCR_EL3_SPME_BIT, 0, 0,
	  PMEVTYPER_NSH_BIT | PMEVTYPER_P_BIT | PMEVTYPER_NSK_BIT, CTR_R1, false },
	{ "PMEVTYPER U=1, NSU=0 filters Non-secure EL0", PMUVer_V3P5, CTX_NS_EL0, SANITY_HPMN, MDCR_EL3_SPME_BIT, 0, 0,
	  PMEVTYPER_NSH_BIT | PMEVTYPER_U_BIT, CTR_R1, false },
	{ "PMEVTYPER NSH=0 filters Non-secure EL2", PMUVer_V3P5, CTX_NS_EL2, SANITY_HPMN, MDCR_EL3_SPME_BIT, 0, 0, 0,
	  CTR_R2, false },
	{ "PMEVTYPER NSH=1, SH=1 filters Secure EL2", PMUVer_V3P5, CTX_S_EL2, SANITY_HPMN, MDCR_EL3_SPME_BIT, 0, 0,
	  PMEVTYPER_NSH_BIT | PMEVTYPER_SH_BIT, CTR_R1, false },
	{ "PMEVTYPER M=1, P=0 filters EL3", PMUVer_V3P5, CTX_EL3, SANITY_HPMN, MDCR_EL3_SPME_BIT, 0, 0,
	  PMEVTYPER_NSH_BIT | PMEVTYPER_M_BIT, CTR_R1, false },
	{ "PMCCFILTR P=1, NSK=0 filters the cycle counter at Non-secure EL1", PMUVer_V3P5, CTX_NS_EL1, SANITY_HPMN,
	  MDCR_EL3_SPME_BIT, 0, 0, PMEVTYPER_NSH_BIT | PMEVTYPER_P_BIT, CYCLE_COUNTER_ID, false },
};

static void test_sanity_rows(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned r;

	for (r = 0; r < ARRAY_SIZE(table_sanity); r++) {
		const struct sanity_row *row = &table_sanity[r];

		tc_begin("D11.5.3/D11.7 %s", row->claim);
		f = machine(SANITY_N);
		f.pmuver = row->pmuver;
		f.hpmn0 = row->hpmn == 0;
		s = open_state(&f, row->c, row->hpmn);
		s.mdcr_el3 = row->mdcr_el3;
		s.mdcr_el2 |= MDCR_EL2_HPME_BIT | row->mdcr_el2;
		s.pmcr_el0 = PMCR_EL0_E_BIT | row->pmcr_el0;
		s.pmcntenset_el0 = (BIT64(SANITY_N) - 1) | PMU_CNT_C_BIT;
		if (row->idx == CYCLE_COUNTER_ID)
			s.pmccfiltr_el0 = row->filter;
		else
			s.pmevtyper[row->idx] = row->filter;
		tc_check(count_pmu_events(&f, &s, row->idx), row->counts, "%s at %s filter=0x%llx: count_pmu_events(%u)",
			 controls(&f, &s), ctx_name[row->c], (unsigned long long)row->filter, row->idx);
		tc_end();
	}
}

/*
 * D13.5.4 (pmu-chapter/arm-D13.5.md) prohibition of event counting, written from the rule text:
 *  RJDWFF (no FEAT_PMUv3p7): Secure state (EL3 included) counts only with MDCR_EL3.SPME == 1.
 *  RGNGCW (FEAT_PMUv3p7): EL3 counts with {SPME, MPMX} == {1, 0}, or {1, 1} for second-range counters;
 *    Secure EL2/EL1/EL0 count unless {SPME, MPMX} == {0, 0}.
 *  RMMZLZ: EL2 counts unless FEAT_PMUv3p1, HPMD == 1 and the counter is in the first range; Secure EL2 needs
 *    both rules to allow it.
 *  Non-secure EL1/EL0 are never prohibited by these controls.
 */
static bool spec_event_counting_allowed(unsigned pmuver, const struct pmu_state *s, bool spme, bool mpmx,
					bool hpmd, bool first)
{
	bool p7 = pmuver >= PMUVer_V3P7, p1 = pmuver >= PMUVer_V3P1;
	bool allowed = true;

	if (s->el == 3)
		allowed = p7 ? (spme && !mpmx) || (spme && mpmx && !first) : spme;
	else if (s->secure)
		allowed = p7 ? (spme || mpmx) : spme;
	if (s->el == 2 && p1 && hpmd && first)
		allowed = false;
	return allowed;
}

static const unsigned pmuvers[] = { PMUVer_PMUv3, PMUVer_V3P1, PMUVer_V3P4, PMUVer_V3P5, PMUVer_V3P7 };

/* Every {SPME, MPMX, HPMD} at every context and PMUVer, for first- and second-range counters (HPMN 3 of 6). */
static void test_prohibition_sweep(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned v, c, ctl, n;
	bool spme, mpmx, hpmd, want;

	tc_begin("D13.5.4 RJDWFF/RGNGCW/RMMZLZ: event counting prohibited by SPME, MPMX, HPMD (sweep)");
	for (v = 0; v < ARRAY_SIZE(pmuvers); v++)
		for (c = 0; c < CTX_COUNT; c++)
			for (ctl = 0; ctl < 8; ctl++)
				for (n = 0; n < SANITY_N; n++) {
					f = machine(SANITY_N);
					f.pmuver = pmuvers[v];
					spme = ctl & 1;
					mpmx = ctl & 2;
					hpmd = ctl & 4;
					s = open_state(&f, (enum ctx)c, SANITY_HPMN);
					s.mdcr_el3 = (spme ? MDCR_EL3_SPME_BIT : 0) | (mpmx ? MDCR_EL3_MPMX_BIT : 0);
					s.mdcr_el2 |= MDCR_EL2_HPME_BIT | (hpmd ? MDCR_EL2_HPMD_BIT : 0);
					s.pmcr_el0 = PMCR_EL0_E_BIT;
					s.pmcntenset_el0 = BIT64(n);
					/* MPMX is RES0 without FEAT_PMUv3p7: a 1 there must change nothing */
					want = spec_event_counting_allowed(f.pmuver, &s, spme, mpmx && f.pmuver >= PMUVer_V3P7,
									   hpmd, n < SANITY_HPMN);
					tc_check(count_pmu_events(&f, &s, n), want, "%s at %s: count_pmu_events(%u)",
						 controls(&f, &s), ctx_name[c], n);
				}
	/* RWVDWZ: "If EL3 is not implemented, the current Security state does not affect the counting of events." */
	f = machine(SANITY_N);
	f.el3 = false;
	f.sel2 = false;
	s = open_state(&f, CTX_NS_EL1, SANITY_HPMN);
	s.mdcr_el3 = 0;
	s.secure = true;
	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.pmcntenset_el0 = BIT64(0);
	tc_check(count_pmu_events(&f, &s, 0), true, "%s (no EL3, MDCR_EL3.SPME=0): count_pmu_events(0)",
		 controls(&f, &s));
	tc_end();
}

/*
 * D13.5.4: the cycle counter counts unless disabled; PMCR.DP == 1 and event counting in the first range is
 * prohibited; FEAT_PMUv3p5, EL3 implemented, Secure state (EL3 included), SCCD == 1; FEAT_PMUv3p5, at EL2,
 * HCCD == 1; FEAT_PMUv3p7, at EL3, MCCD == 1. Every {SPME, DP, SCCD, HCCD, MCCD, HPMD}.
 */
static void test_cycle_prohibition_sweep(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned v, c, ctl;
	bool spme, dp, sccd, hccd, mccd, hpmd, want;

	tc_begin("D13.5.4 cycle counter: DP, SCCD, HCCD, MCCD (sweep)");
	for (v = 0; v < ARRAY_SIZE(pmuvers); v++)
		for (c = 0; c < CTX_COUNT; c++)
			for (ctl = 0; ctl < 64; ctl++) {
				f = machine(SANITY_N);
				f.pmuver = pmuvers[v];
				spme = ctl & 1, dp = ctl & 2, sccd = ctl & 4, hccd = ctl & 8, mccd = ctl & 16, hpmd = ctl & 32;
				s = open_state(&f, (enum ctx)c, SANITY_HPMN);
				s.mdcr_el3 = (spme ? MDCR_EL3_SPME_BIT : 0) | (sccd ? MDCR_EL3_SCCD_BIT : 0) |
					     (mccd ? MDCR_EL3_MCCD_BIT : 0);
				s.mdcr_el2 |= (hccd ? MDCR_EL2_HCCD_BIT : 0) | (hpmd ? MDCR_EL2_HPMD_BIT : 0);
				s.pmcr_el0 = PMCR_EL0_E_BIT | (dp ? PMCR_EL0_DP_BIT : 0);
				s.pmcntenset_el0 = PMU_CNT_C_BIT;
				want = !(dp && !spec_event_counting_allowed(f.pmuver, &s, spme, false, hpmd, true));
				if (f.pmuver >= PMUVer_V3P5 && s.secure && sccd)
					want = false;
				if (f.pmuver >= PMUVer_V3P5 && s.el == 2 && hccd)
					want = false;
				if (f.pmuver >= PMUVer_V3P7 && s.el == 3 && mccd)
					want = false;
				tc_check(count_pmu_events(&f, &s, CYCLE_COUNTER_ID), want,
					 "%s at %s: count_pmu_events(CYCLE_COUNTER_ID)", controls(&f, &s), ctx_name[c]);
			}
	tc_end();
}

/*
 * D11.7.1 / D13.7.1 filtering, from the PMEVTYPER<n>_EL0 field descriptions (D24.5.12): the counter counts
 * at Non-secure EL0 iff U == NSU, Secure EL0 iff U == 0, Non-secure EL1 iff P == NSK, Secure EL1 iff P == 0,
 * Non-secure EL2 iff NSH == 1, Secure EL2 iff NSH != SH, EL3 iff M == P.
 */
static bool spec_filter_counts(const struct pmu_state *s, uint64_t filter)
{
	bool p = filter & PMEVTYPER_P_BIT, u = filter & PMEVTYPER_U_BIT, nsk = filter & PMEVTYPER_NSK_BIT;
	bool nsu = filter & PMEVTYPER_NSU_BIT, nsh = filter & PMEVTYPER_NSH_BIT, m = filter & PMEVTYPER_M_BIT;
	bool sh = filter & PMEVTYPER_SH_BIT;

	switch (s->el) {
	case 0:
		return s->secure ? !u : u == nsu;
	case 1:
		return s->secure ? !p : p == nsk;
	case 2:
		return s->secure ? nsh != sh : nsh;
	default:
		return m == p;
	}
}

/* Every combination of P, U, NSK, NSU, NSH, M, SH in PMEVTYPER0_EL0 and PMCCFILTR_EL0, at every context. */
static void test_filtering_sweep(void)
{
	static const uint64_t bits[] = { PMEVTYPER_P_BIT, PMEVTYPER_U_BIT, PMEVTYPER_NSK_BIT, PMEVTYPER_NSU_BIT,
					 PMEVTYPER_NSH_BIT, PMEVTYPER_M_BIT, PMEVTYPER_SH_BIT };
	struct pmu_features f = machine(SANITY_N);
	struct pmu_state s;
	unsigned c, combo, b;
	uint64_t filter;

	tc_begin("D11.7.1/D13.7.1 filtering by P, U, NSK, NSU, NSH, M, SH (sweep)");
	for (c = 0; c < CTX_COUNT; c++)
		for (combo = 0; combo < 128; combo++) {
			for (filter = 0, b = 0; b < ARRAY_SIZE(bits); b++)
				if (combo & (1u << b))
					filter |= bits[b];
			s = open_state(&f, (enum ctx)c, SANITY_N);
			s.pmcr_el0 = PMCR_EL0_E_BIT;
			s.pmcntenset_el0 = BIT64(0) | PMU_CNT_C_BIT;
			s.pmevtyper[0] = filter;
			s.pmccfiltr_el0 = filter;
			tc_check(count_pmu_events(&f, &s, 0), spec_filter_counts(&s, filter),
				 "%s at %s PMEVTYPER0_EL0=0x%llx: count_pmu_events(0)", controls(&f, &s), ctx_name[c],
				 (unsigned long long)filter);
			tc_check(count_pmu_events(&f, &s, CYCLE_COUNTER_ID), spec_filter_counts(&s, filter),
				 "%s at %s PMCCFILTR_EL0=0x%llx: count_pmu_events(CYCLE_COUNTER_ID)", controls(&f, &s),
				 ctx_name[c], (unsigned long long)filter);
		}
	/* CountPMUEvents: "nsk = if HaveEL(EL3) then filter<29> else '0'", "sh = if HaveEL(EL3) &&
	 * IsFeatureImplemented(FEAT_SEL2) then filter<24> else '0'" */
	f.el3 = false;
	f.sel2 = false;
	s = open_state(&f, CTX_NS_EL1, SANITY_N);
	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.pmcntenset_el0 = BIT64(0);
	s.pmevtyper[0] = PMEVTYPER_NSK_BIT;
	tc_check(count_pmu_events(&f, &s, 0), true, "%s (no EL3: NSK reads 0, P == 0): count_pmu_events(0)",
		 controls(&f, &s));
	f = machine(SANITY_N);
	f.sel2 = false;
	s = open_state(&f, CTX_NS_EL2, SANITY_N);
	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.pmcntenset_el0 = BIT64(0);
	s.pmevtyper[0] = PMEVTYPER_NSH_BIT | PMEVTYPER_SH_BIT;
	tc_check(count_pmu_events(&f, &s, 0), true, "%s (no FEAT_SEL2: SH ignored): count_pmu_events(0)",
		 controls(&f, &s));
	tc_end();
}

void run_prohibit_tests(void)
{
	test_sanity_rows();
	test_prohibition_sweep();
	test_cycle_prohibition_sweep();
	test_filtering_sweep();
}
