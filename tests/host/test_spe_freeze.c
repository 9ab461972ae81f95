/*
 * test_spe_freeze.c - D11.5.2 "Freezing event counters" on an SPE buffer management event (FEAT_SPEv1p2) against
 * the model's spe_freeze_on_event() and count_pmu_events().
 *
 * Expected values are D11.5.2's list (../shared/spec/000_*.txt) turned into code: "If EL2 is implemented,
 * MDCR_EL2.HPMN is not 0, n is in the range [0 .. (MDCR_EL2.HPMN-1)], when PMBSR_EL1.S is 1, and PMBLIMITR_EL1.E
 * is 1 ... event counter n does not count if all the following are true: PMBLIMITR_EL1.PMFZ is 1. PMCR_EL0.FZS is
 * 1." (the same without EL2 for [0 .. PMCR_EL0.N-1]); for [MDCR_EL2.HPMN .. PMCR_EL0.N-1] "MDCR_EL2.HPMFZS is 1",
 * and "This also applies when EL2 is disabled in the current Security state". From SPEFreezeOnEvent(): nothing
 * without FEAT_SPEv1p2 or FEAT_PMUv3p7, and the cycle counter only with FEAT_SPE_DPFZS.
 */
#include "host_test.h"

/* D11.5.2's conditions for event counter n, written out. */
static bool d11_5_2_frozen(const struct pmu_features *f, const struct pmu_state *s, unsigned n, unsigned hpmn)
{
	bool event = (s->pmbsr_el1 & PMBSR_EL1_S_BIT) && (s->pmblimitr_el1 & PMBLIMITR_EL1_E_BIT) &&
		     (s->pmblimitr_el1 & PMBLIMITR_EL1_PMFZ_BIT);

	if (!f->el2 || n < hpmn)
		return event && (s->pmcr_el0 & PMCR_EL0_FZS_BIT);
	return event && (s->mdcr_el2 & MDCR_EL2_HPMFZS_BIT);
}

static void test_spe_freeze(void)
{
	static const enum ctx ctxs[] = { CTX_NS_EL1, CTX_NS_EL0, CTX_NS_EL2, CTX_S_EL1, CTX_EL3 };
	struct pmu_features f = machine(6);
	struct pmu_state s;
	unsigned combo, n, c, hpmn = 3;
	bool want;

	f.pmuver = PMUVer_V3P7;
	f.spev1p2 = true;
	tc_begin("D11.5.2: SPE buffer management event freeze, both ranges, every control (EL2 enabled or not)");
	for (c = 0; c < ARRAY_SIZE(ctxs); c++) {
		for (combo = 0; combo < 32; combo++) {
			s = open_state(&f, ctxs[c], hpmn);
			s.pmcr_el0 = PMCR_EL0_E_BIT | (combo & 1 ? PMCR_EL0_FZS_BIT : 0);
			s.mdcr_el2 |= MDCR_EL2_HPME_BIT | (combo & 2 ? MDCR_EL2_HPMFZS_BIT : 0);
			s.pmblimitr_el1 = (combo & 4 ? PMBLIMITR_EL1_E_BIT : 0) | (combo & 8 ? PMBLIMITR_EL1_PMFZ_BIT : 0);
			s.pmbsr_el1 = combo & 16 ? PMBSR_EL1_S_BIT : 0;
			s.pmcntenset_el0 = BIT64(6) - 1;
			for (n = 0; n < 6; n++) {
				want = d11_5_2_frozen(&f, &s, n, hpmn);
				tc_check(spe_freeze_on_event(&f, &s, n), want, "%s counter %u: %s", ctx_name[ctxs[c]], n,
					 controls(&f, &s));
				tc_check(count_pmu_events(&f, &s, n), !want, "%s counter %u counts: %s", ctx_name[ctxs[c]], n,
					 controls(&f, &s));
			}
		}
	}
	tc_end();

	tc_begin("SPEFreezeOnEvent: not without FEAT_SPEv1p2 or FEAT_PMUv3p7; the cycle counter only with DPFZS");
	s = open_state(&f, CTX_NS_EL1, hpmn);
	s.pmcr_el0 = PMCR_EL0_E_BIT | PMCR_EL0_FZS_BIT | PMCR_EL0_DP_BIT;
	s.pmblimitr_el1 = PMBLIMITR_EL1_E_BIT | PMBLIMITR_EL1_PMFZ_BIT;
	s.pmbsr_el1 = PMBSR_EL1_S_BIT;
	s.pmcntenset_el0 = 1 | PMU_CNT_C_BIT;
	tc_check(spe_freeze_on_event(&f, &s, 0), 1, "all set: counter 0 frozen");
	tc_check(spe_freeze_on_event(&f, &s, CYCLE_COUNTER_ID), 0, "the cycle counter, no FEAT_SPE_DPFZS");
	tc_check(count_pmu_events(&f, &s, CYCLE_COUNTER_ID), 1, "the cycle counter counts (DP=1, no DPFZS)");
	f.spe_dpfzs = true;
	tc_check(spe_freeze_on_event(&f, &s, CYCLE_COUNTER_ID), 1, "the cycle counter with FEAT_SPE_DPFZS");
	tc_check(count_pmu_events(&f, &s, CYCLE_COUNTER_ID), 0, "PMCR_EL0.DP stops it then");
	f.spe_dpfzs = false;
	f.spev1p2 = false;
	tc_check(spe_freeze_on_event(&f, &s, 0), 0, "no FEAT_SPEv1p2");
	f.spev1p2 = true;
	f.pmuver = PMUVer_V3P5;
	tc_check(spe_freeze_on_event(&f, &s, 0), 0, "no FEAT_PMUv3p7");
	tc_end();
}

void run_spe_freeze_tests(void)
{
	test_spe_freeze();
}
