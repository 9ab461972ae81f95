/*
 * pmu_access_a32.c - who may read and write the AArch32 PMU registers (pmu_access.h, pmu_access_a32_check()).
 *
 * The "Accessing <register>" pseudocode of the AArch32 Performance Monitors registers (Arm ARM G8.4: MRC/MCR and
 * MRRC/MCRR on p15) has, for a PE whose EL2 and EL3 use AArch64, the shape of its AArch64 twin's (D24.5) in the
 * same order, with these differences, which this file adds to pmu_access_check():
 *  - the trap is AArch64.AArch32SystemAccessTrap(ELx, 0x03) for MRC/MCR, (ELx, 0x04) for MRRC/MCRR;
 *  - at EL0, the PMUSERENR gate names PMUSERENR_EL0 (with FEAT_PMUv3p9's UEN) only where EL1 uses AArch64
 *    ("IsFeatureImplemented(FEAT_AA64EL1) && !ELUsingAArch32(EL1) && ... then AArch64.AArch32SystemAccessTrap(EL1,
 *    0x03)"); where EL1 uses AArch32 it reads PMUSERENR.<CR, EN> without UEN, and a denial is UNDEFINED (taken to
 *    the AArch32 EL1) unless HCR_EL2.TGE == 1;
 *  - the fine-grained traps (HDFGRTR_EL2, HDFGWTR_EL2) apply only where EL1 uses AArch64;
 *  - PMCEID2 and PMCEID3 (the upper halves of PMCEID0_EL0, PMCEID1_EL0: their accessors are PMCEID0's and
 *    PMCEID1's) exist with FEAT_PMUv3p1, and are UNDEFINED without it; PMCCNTR's 64-bit form is the same
 *    accessor as its 32-bit one; PMOVSR is PMOVSCLR_EL0's accessor.
 * Assumed as in pmu_access.c: MDCR_EL3.SDD == 0. HSTR_EL2.T9 (a trap to EL2 of the c9 registers at EL1 and EL0)
 * is not a parameter: pmucheck keeps HSTR_EL2 at 0 (el2_baseline()), under which it has no effect.
 */
#include <stddef.h>

#include "arch/aarch32_pmu_regs.h"
#include "model/pmu_access.h"

/* The AArch64 class whose accessor shape the AArch32 register's follows, and its counter number. */
static enum pmu_reg a32_class(unsigned reg, unsigned *n)
{
	static const enum pmu_reg fixed[] = {
		[A32_REG_PMCR] = PMREG_PMCR_EL0, [A32_REG_PMCNTENSET] = PMREG_PMCNTENSET_EL0,
		[A32_REG_PMCNTENCLR] = PMREG_PMCNTENCLR_EL0, [A32_REG_PMOVSR] = PMREG_PMOVSCLR_EL0,
		[A32_REG_PMSWINC] = PMREG_PMSWINC_EL0, [A32_REG_PMSELR] = PMREG_PMSELR_EL0,
		[A32_REG_PMCEID0] = PMREG_PMCEID0_EL0, [A32_REG_PMCEID1] = PMREG_PMCEID1_EL0,
		[A32_REG_PMCCNTR] = PMREG_PMCCNTR_EL0, [A32_REG_PMXEVTYPER] = PMREG_PMXEVTYPER_EL0,
		[A32_REG_PMXEVCNTR] = PMREG_PMXEVCNTR_EL0, [A32_REG_PMUSERENR] = PMREG_PMUSERENR_EL0,
		[A32_REG_PMINTENSET] = PMREG_PMINTENSET_EL1, [A32_REG_PMINTENCLR] = PMREG_PMINTENCLR_EL1,
		[A32_REG_PMOVSSET] = PMREG_PMOVSSET_EL0, [A32_REG_PMCEID2] = PMREG_PMCEID0_EL0,
		[A32_REG_PMCEID3] = PMREG_PMCEID1_EL0, [A32_REG_PMMIR] = PMREG_PMMIR_EL1,
		[A32_REG_PMCCFILTR] = PMREG_PMCCFILTR_EL0, [A32_REG_PMCCNTR64] = PMREG_PMCCNTR_EL0,
	};

	*n = 0;
	if (reg >= A32_REG_PMEVTYPER0 && reg < A32_REG_PMEVTYPER0 + 31) {
		*n = reg - A32_REG_PMEVTYPER0;
		return PMREG_PMEVTYPER_EL0;
	}
	if (reg >= A32_REG_PMEVCNTR0 && reg < A32_REG_PMEVCNTR0 + 31) {
		*n = reg - A32_REG_PMEVCNTR0;
		return PMREG_PMEVCNTR_EL0;
	}
	return reg < sizeof(fixed) / sizeof(fixed[0]) ? fixed[reg] : PMREG_COUNT;
}

enum pmu_access_result pmu_access_a32_check(const struct pmu_features *f, const struct pmu_access_features *af,
					    const struct pmu_state *s, const struct pmu_access *a, unsigned a32_reg)
{
	struct pmu_access x = *a;
	enum pmu_access_result r;

	x.reg = a32_class(a32_reg, &x.n);
	if (x.reg == PMREG_COUNT)
		return PMU_ACCESS_UNDEFINED;
	if ((a32_reg == A32_REG_PMCEID2 || a32_reg == A32_REG_PMCEID3) && !feat_pmuv3p1(f))
		return PMU_ACCESS_UNDEFINED;
	if (s->el1_aarch32) {
		/* PMUSERENR.<CR, EN> (and SW, ER): bits [5:4] (UEN, IR) and TID are AArch64's; no fine-grained traps */
		x.pmuserenr_el0 &= 0xF;
		x.hdfgrtr_el2 = 0;
		x.hdfgwtr_el2 = 0;
	}
	r = pmu_access_check(f, af, s, &x);
	/* the PMUSERENR gate under an AArch32 EL1: UNDEFINED (TGE == 1 traps to EL2 in both, and stays TRAP_EL2) */
	if (r == PMU_ACCESS_TRAP_EL1 && s->el == 0 && s->el1_aarch32)
		r = PMU_ACCESS_UNDEFINED;
	return r;
}

unsigned pmu_access_a32_trap_ec(unsigned a32_reg)
{
	return a32_reg == A32_REG_PMCCNTR64 ? 0x04 : 0x03;
}
