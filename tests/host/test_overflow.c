/*
 * test_overflow.c - overflow width (D13.3), the overflow interrupt request (D13.3.1) and freeze on overflow
 * (D11.5.2, D13.5.2.1), with HPMN = 3 of N = 6 event counters.
 */
#include "host_test.h"

#define OVF_N    6
#define OVF_HPMN 3

/*
 * D13.3 RQZJKS/RNTZHW (AArch64.IncrementEventCounter, AArch64.IncrementCycleCounter): without FEAT_PMUv3p5 an
 * event counter overflows at bit 32; with it, at 64 when PMCR_EL0.LP (first range) or MDCR_EL2.HLP (second
 * range) is 1. The cycle counter at 32 only when AArch32 is implemented and PMCR_EL0.LC is 0. With FEAT_EBEP
 * and the PMU Profiling exception enabled, LP, HLP and LC are Effectively 1.
 */
static void test_overflow_width(void)
{
	struct pmu_features f = machine(OVF_N);
	struct pmu_state s;
	unsigned lp, hlp, lc, n, a32;

	tc_begin("D13.3 RQZJKS/RNTZHW overflow width: LP, HLP, LC, FEAT_PMUv3p5, FEAT_EBEP");
	for (lp = 0; lp < 2; lp++)
		for (hlp = 0; hlp < 2; hlp++)
			for (n = 0; n < OVF_N; n++) {
				s = open_state(&f, CTX_NS_EL2, OVF_HPMN);
				s.pmcr_el0 |= lp ? PMCR_EL0_LP_BIT : 0;
				s.mdcr_el2 |= hlp ? MDCR_EL2_HLP_BIT : 0;
				f.pmuver = PMUVer_V3P5;
				tc_check(pmu_overflow_width(&f, &s, n), (n < OVF_HPMN ? lp : hlp) ? 64 : 32,
					 "%s LP=%u HLP=%u: pmu_overflow_width(%u)", controls(&f, &s), lp, hlp, n);
				f.pmuver = PMUVer_V3P1;
				tc_check(pmu_overflow_width(&f, &s, n), 32, "%s: pmu_overflow_width(%u)", controls(&f, &s), n);
				tc_check(pmu_counter_bits(&f, n), 32, "%s: pmu_counter_bits(%u)", controls(&f, &s), n);
			}
	for (a32 = 0; a32 < 2; a32++)
		for (lc = 0; lc < 2; lc++) {
			f = machine(OVF_N);
			f.aarch32 = a32;
			s = open_state(&f, CTX_NS_EL2, OVF_HPMN);
			s.pmcr_el0 |= lc ? PMCR_EL0_LC_BIT : 0;
			tc_check(pmu_overflow_width(&f, &s, CYCLE_COUNTER_ID), a32 && !lc ? 32 : 64,
				 "%s AArch32=%u LC=%u: pmu_overflow_width(CYCLE_COUNTER_ID)", controls(&f, &s), a32, lc);
		}
	f = machine(OVF_N);
	f.ebep = true;
	s = open_state(&f, CTX_NS_EL1, OVF_HPMN);
	s.pmecr_el1 = FIELD_PREP(PMECR_EL1, PMEE, 3);
	s.mdcr_el3 |= FIELD_PREP(MDCR_EL3, PMEE, 1);
	s.mdcr_el2 |= FIELD_PREP(MDCR_EL2, PMEE, 1);
	for (n = 0; n < OVF_N; n++)
		tc_check(pmu_overflow_width(&f, &s, n), 64, "%s FEAT_EBEP, PMEE enabled: pmu_overflow_width(%u)",
			 controls(&f, &s), n);
	tc_check(pmu_overflow_width(&f, &s, CYCLE_COUNTER_ID), 64,
		 "%s FEAT_EBEP, PMEE enabled: pmu_overflow_width(CYCLE_COUNTER_ID)", controls(&f, &s));
	tc_end();
}

/*
 * D13.3.1: the overflow interrupt request is asserted for an event counter when its global enable (PMCR.E
 * for the first range, HPME for the second), PMOVSSET.P<n> and PMINTENSET.P<n> are all 1; for the cycle
 * counter when PMCR.E, PMOVSSET.C and PMINTENSET.C are. PMCNTENSET does not take part.
 */
static void test_overflow_irq(void)
{
	struct pmu_features f = machine(OVF_N);
	struct pmu_state s;
	unsigned e, hpme, n, ovs, inten, idx;
	bool want;

	tc_begin("D13.3.1 overflow interrupt request: PMOVSSET, PMINTENSET, PMCR_EL0.E or MDCR_EL2.HPME");
	for (e = 0; e < 2; e++)
		for (hpme = 0; hpme < 2; hpme++)
			for (n = 0; n <= OVF_N; n++)
				for (ovs = 0; ovs < 2; ovs++)
					for (inten = 0; inten < 2; inten++) {
						idx = n == OVF_N ? CYCLE_COUNTER_ID : n;
						s = open_state(&f, CTX_NS_EL1, OVF_HPMN);
						s.pmcr_el0 = e ? PMCR_EL0_E_BIT : 0;
						s.mdcr_el2 |= hpme ? MDCR_EL2_HPME_BIT : 0;
						want = ovs && inten && (idx == CYCLE_COUNTER_ID || idx < OVF_HPMN ? e : hpme);
						tc_check(pmu_overflow_irq(&f, &s, ovs ? BIT64(idx) : 0, inten ? BIT64(idx) : 0),
							 want, "%s PMOVSSET[%u]=%u PMINTENSET[%u]=%u: pmu_overflow_irq()",
							 controls(&f, &s), idx, ovs, idx, inten);
					}
	tc_end();
}

/*
 * D11.5.2 / D13.5.2.1 freeze on overflow (FEAT_PMUv3p7): with HPMN = 3 of 6, counter n in [0..2] does not
 * count when PMCR_EL0.FZO is 1 and PMOVSCLR_EL0[2:0] is nonzero; n in [3..5] when MDCR_EL2.HPMFZO is 1 and
 * PMOVSCLR_EL0[5:3] is nonzero. The cycle counter only through PMCR_EL0.DP, and only for a freeze of the first
 * range. Nothing freezes without FEAT_PMUv3p7.
 */
static void test_freeze(void)
{
	struct pmu_features f = machine(OVF_N);
	struct pmu_state s;
	unsigned fzo, hpmfzo, dp, flags, n, v;
	bool want, first_ovf, second_ovf;

	tc_begin("D11.5.2/D13.5.2.1 freeze on overflow: FZO, HPMFZO, DP");
	for (v = 0; v < 2; v++)
		for (fzo = 0; fzo < 2; fzo++)
			for (hpmfzo = 0; hpmfzo < 2; hpmfzo++)
				for (dp = 0; dp < 2; dp++)
					for (flags = 0; flags < 64; flags++) {
						f.pmuver = v ? PMUVer_V3P7 : PMUVer_V3P5;
						s = open_state(&f, CTX_NS_EL1, OVF_HPMN);
						s.pmcr_el0 = PMCR_EL0_E_BIT | (fzo ? PMCR_EL0_FZO_BIT : 0) |
							     (dp ? PMCR_EL0_DP_BIT : 0);
						s.mdcr_el2 |= MDCR_EL2_HPME_BIT | (hpmfzo ? MDCR_EL2_HPMFZO_BIT : 0);
						s.pmcntenset_el0 = (BIT64(OVF_N) - 1) | PMU_CNT_C_BIT;
						s.pmovsclr_el0 = flags;
						first_ovf = flags & 0x7;
						second_ovf = flags & 0x38;
						for (n = 0; n < OVF_N; n++) {
							want = !(v && (n < OVF_HPMN ? fzo && first_ovf : hpmfzo && second_ovf));
							tc_check(count_pmu_events(&f, &s, n), want,
								 "%s HPMFZO=%u PMOVSCLR=0x%02x: count_pmu_events(%u)",
								 controls(&f, &s), hpmfzo, flags, n);
						}
						want = !(v && dp && fzo && first_ovf);
						tc_check(count_pmu_events(&f, &s, CYCLE_COUNTER_ID), want,
							 "%s PMOVSCLR=0x%02x: count_pmu_events(CYCLE_COUNTER_ID)",
							 controls(&f, &s), flags);
					}
	tc_end();
}

void run_overflow_tests(void)
{
	test_overflow_width();
	test_overflow_irq();
	test_freeze();
}
