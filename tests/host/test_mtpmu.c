/*
 * test_mtpmu.c - FEAT_MTPMU's Effective PMEVTYPER<n>_EL0.MT against pmevtyper_mt_effective().
 *
 * Expected values from the register descriptions (../shared/spec/registers/): PMEVTYPER<n>_EL0.MT "This field is
 * ignored by the PE and treated as zero when FEAT_MTPMU is implemented and disabled", RES0 without FEAT_MTPMU
 * (from Armv8.6); MDCR_EL3.MTPME (when FEAT_MTPMU is implemented) "0b0 FEAT_MTPMU is disabled. The Effective value
 * of PMEVTYPER<n>_EL0.MT is 0"; MDCR_EL2.MTPME the same "When FEAT_MTPMU is implemented and EL3 is not
 * implemented" (RES0 otherwise: with EL3 it has no effect).
 */
#include "host_test.h"

static void test_mtpmu(void)
{
	struct pmu_features f = machine(6);
	struct pmu_state s;
	unsigned combo;
	bool mt, mtpme3, mtpme2, el3, want;

	tc_begin("PMEVTYPER<n>_EL0.MT Effective: FEAT_MTPMU, MDCR_EL3.MTPME (with EL3), MDCR_EL2.MTPME (without)");
	for (combo = 0; combo < 32; combo++) {
		mt = combo & 1;
		mtpme3 = combo & 2;
		mtpme2 = combo & 4;
		el3 = combo & 8;
		f = machine(6);
		f.el3 = el3;
		f.sel2 = el3;
		f.mtpmu = combo & 16;
		s = open_state(&f, CTX_NS_EL1, 6);
		s.pmevtyper[2] = (mt ? PMEVTYPER_MT_BIT : 0) | 0x8;
		s.mdcr_el3 = mtpme3 ? MDCR_EL3_MTPME_BIT : 0;
		s.mdcr_el2 = (s.mdcr_el2 & ~MDCR_EL2_MTPME_BIT) | (mtpme2 ? MDCR_EL2_MTPME_BIT : 0);
		/* the register descriptions' sentences */
		want = f.mtpmu && mt && (el3 ? mtpme3 : mtpme2);
		tc_check(pmevtyper_mt_effective(&f, &s, 2), want, "FEAT_MTPMU %d, EL3 %d, MT %d, MDCR_EL3.MTPME %d, "
			 "MDCR_EL2.MTPME %d", f.mtpmu, el3, mt, mtpme3, mtpme2);
		tc_check(pmevtyper_mt_effective(&f, &s, 3), 0, "counter 3, MT 0");
	}
	tc_end();
}

void run_mtpmu_tests(void)
{
	test_mtpmu();
}
