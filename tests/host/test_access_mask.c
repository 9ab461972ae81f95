/*
 * test_access_mask.c - GetPMUReadMask()/GetPMUWriteMask() (J1.3.1.100, J1.3.1.101) in the model
 * (pmu_access_counter_mask()): which counters' bits of the set/clear registers an allowed access reaches.
 * Expected values are the pseudocode's lines turned into code, one case per line of it.
 */
#include "host_test.h"
#include "model/pmu_access.h"

#define N_COUNTERS 6
#define EVENTS MASK64(N_COUNTERS - 1, 0)

static void test_masks(void)
{
	static const struct {
		enum ctx c;
		bool write;
		uint64_t pmuserenr, pmuacr, mdcr_el3;
		uint64_t want;
		const char *line;
	} cases[] = {
		{ CTX_NS_EL1, false, 0, 0, MDCR_EL3_EnPM2_BIT, EVENTS | PMU_CNT_C_BIT | PMU_CNT_F0_BIT,
		  "GetPMUAccessMask(): every counter at EL1" },
		{ CTX_NS_EL1, true, 0, 0, 0, EVENTS | PMU_CNT_C_BIT, "MDCR_EL3.EnPM2 == '0': not PMICNTR_EL0's bit" },
		{ CTX_NS_EL0, false, PMUSERENR_EL0_EN_BIT, 0, MDCR_EL3_EnPM2_BIT, EVENTS | PMU_CNT_C_BIT,
		  "EL0 without UEN: not PMICNTR_EL0's bit, PMUACR_EL1 ignored" },
		{ CTX_NS_EL0, false, PMUSERENR_EL0_UEN_BIT, BIT64(1) | PMU_CNT_F0_BIT, MDCR_EL3_EnPM2_BIT,
		  BIT64(1) | PMU_CNT_F0_BIT, "UEN: mask AND PMUACR_EL1" },
		{ CTX_NS_EL0, false, PMUSERENR_EL0_UEN_BIT | PMUSERENR_EL0_ER_BIT | PMUSERENR_EL0_CR_BIT, ~0ull,
		  MDCR_EL3_EnPM2_BIT, EVENTS | PMU_CNT_C_BIT | PMU_CNT_F0_BIT, "a read: ER and CR do not mask" },
		{ CTX_NS_EL0, true, PMUSERENR_EL0_UEN_BIT | PMUSERENR_EL0_ER_BIT, ~0ull, MDCR_EL3_EnPM2_BIT,
		  PMU_CNT_C_BIT | PMU_CNT_F0_BIT, "a write with ER: PMEVCNTR<n>_EL0 read-only" },
		{ CTX_NS_EL0, true, PMUSERENR_EL0_UEN_BIT | PMUSERENR_EL0_CR_BIT, ~0ull, MDCR_EL3_EnPM2_BIT,
		  EVENTS | PMU_CNT_F0_BIT, "a write with CR: PMCCNTR_EL0 read-only" },
		{ CTX_NS_EL0, true, PMUSERENR_EL0_UEN_BIT | PMUSERENR_EL0_IR_BIT, ~0ull, MDCR_EL3_EnPM2_BIT,
		  EVENTS | PMU_CNT_C_BIT, "a write with IR: PMICNTR_EL0 read-only" },
		{ CTX_EL3, true, PMUSERENR_EL0_UEN_BIT | PMUSERENR_EL0_ER_BIT, 0, 0,
		  EVENTS | PMU_CNT_C_BIT | PMU_CNT_F0_BIT, "EL3: nothing masked" },
	};
	struct pmu_features f = machine(N_COUNTERS);
	struct pmu_access_features af = { .fgt = true, .fgt2 = true, .pmuv3p9 = true };
	unsigned i;

	f.pmuver = 0x9;
	f.pmicntr = true;
	tc_begin("J1.3.1.100/101 GetPMUReadMask, GetPMUWriteMask: the set/clear registers' counter bits");
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct pmu_state s = open_state(&f, cases[i].c, N_COUNTERS);
		struct pmu_access a = { .reg = PMREG_PMCNTENSET_EL0, .write = cases[i].write,
					.pmuserenr_el0 = cases[i].pmuserenr, .pmuacr_el1 = cases[i].pmuacr,
					.hdfgrtr2_el2 = ~0ull, .hdfgwtr2_el2 = ~0ull };

		s.mdcr_el3 = (s.mdcr_el3 & ~MDCR_EL3_EnPM2_BIT) | cases[i].mdcr_el3;
		s.scr_el3 |= SCR_EL3_FGTEn2_BIT;
		tc_check(pmu_access_counter_mask(&f, &af, &s, &a), cases[i].want, "case %u: %s", i, cases[i].line);
	}
	{ /* FEAT_FGT2: HDFGRTR2_EL2.nPMICFILTR_EL0 == '0' withholds PMICNTR_EL0's bit at EL1 */
		struct pmu_state s = open_state(&f, CTX_NS_EL1, N_COUNTERS);
		struct pmu_access a = { .reg = PMREG_PMCNTENSET_EL0, .hdfgrtr2_el2 = ~HDFGxTR2_EL2_nPMICFILTR_EL0_BIT };

		s.mdcr_el3 |= MDCR_EL3_EnPM2_BIT;
		s.scr_el3 |= SCR_EL3_FGTEn2_BIT;
		tc_check(pmu_access_counter_mask(&f, &af, &s, &a), EVENTS | PMU_CNT_C_BIT,
			 "HDFGRTR2_EL2.nPMICFILTR_EL0 == '0': not PMICNTR_EL0's bit");
		s.mdcr_el2 = (s.mdcr_el2 & ~MDCR_EL2_HPMN_MASK) | 2;
		a.hdfgrtr2_el2 = ~0ull;
		tc_check(pmu_access_counter_mask(&f, &af, &s, &a), MASK64(1, 0) | PMU_CNT_C_BIT | PMU_CNT_F0_BIT,
			 "MDCR_EL2.HPMN = 2: GetNumEventCountersAccessible() at EL1");
	}
	{ /* the host EL0, HCR_EL2.<E2H,TGE> == '11': the nPMICFILTR_EL0 check is skipped; HPMN still bounds it */
		struct pmu_state s = open_state(&f, CTX_NS_EL0, 2);
		struct pmu_access a = { .reg = PMREG_PMCNTENSET_EL0, .pmuserenr_el0 = PMUSERENR_EL0_UEN_BIT,
					.pmuacr_el1 = ~0ull, .hdfgrtr2_el2 = ~HDFGxTR2_EL2_nPMICFILTR_EL0_BIT };

		s.mdcr_el3 |= MDCR_EL3_EnPM2_BIT;
		s.scr_el3 |= SCR_EL3_FGTEn2_BIT;
		tc_check(pmu_access_counter_mask(&f, &af, &s, &a), MASK64(1, 0) | PMU_CNT_C_BIT,
			 "EL0, E2H = 0: nPMICFILTR_EL0 == '0' withholds PMICNTR_EL0's bit");
		s.hcr_el2 = HCR_EL2_E2H_BIT | HCR_EL2_TGE_BIT;
		tc_check(pmu_access_counter_mask(&f, &af, &s, &a), MASK64(1, 0) | PMU_CNT_C_BIT | PMU_CNT_F0_BIT,
			 "host EL0 (E2H, TGE = 1, 1): HCR_EL2.<E2H,TGE> != '11' false, PMICNTR_EL0's bit kept");
	}
	tc_end();
}

void run_access_mask_tests(void)
{
	test_masks();
}
