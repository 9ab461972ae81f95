/*
 * baseline.c - the reset state of every Exception level pmucheck owns (baseline.h).
 */
#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "mmu/mmu.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "runtime/watchdog.h"


static uint64_t scr_el3_test_bits; /* el3_set_test_controls(): kept across world switches until the baseline */
static int world_tables = -1;      /* the world whose tables el3_select_world() last selected: 1 Secure, -1 none */

void el3_set_test_controls(uint64_t scr_bits)
{
	scr_el3_test_bits = scr_bits;
	write_scr_el3(read_scr_el3() | scr_bits);
	isb();
}

static uint64_t scr_el3_baseline(void)
{
	uint64_t scr = SCR_EL3_RES1 | SCR_EL3_RW_BIT | SCR_EL3_API_BIT | SCR_EL3_APK_BIT | scr_el3_test_bits;

	if (features.el2)
		scr |= SCR_EL3_HCE_BIT;
	return scr;
}

void el3_baseline(void)
{
	scr_el3_test_bits = 0;
	write_scr_el3(scr_el3_baseline() | watchdog_routing(3));
	write_mdcr_el3(MDCR_EL3_BASELINE);
	if (features.aa32_el1) /* UNKNOWN at reset: no Secure EL0 counting override under an AArch32 EL1 */
		write_sder32_el3(0);
	isb();
}

void el3_select_world(bool secure, bool eel2)
{
	uint64_t scr = scr_el3_baseline() | watchdog_routing(3);

	if (!secure)
		scr |= SCR_EL3_NS_BIT;
	if (eel2)
		scr |= SCR_EL3_EEL2_BIT;
	/* Most calls change nothing (a Secure context, and the return from one): each write was a trip out of an
	 * emulator's translated code, with the two TTBR writes of mmu_select_world (make bench). The tables are
	 * tracked apart from SCR_EL3: el3_baseline() clears SCR_EL3.NS without switching them. */
	if (read_scr_el3() == scr && world_tables == (int)secure)
		return;
	write_scr_el3(scr);
	mmu_select_world(secure);
	world_tables = secure;
	isb();
}

uint64_t mdcr_el2_baseline(void)
{
	return MDCR_EL2_HPME_BIT | FIELD_PREP(MDCR_EL2, HPMN, features.pmu.num_counters);
}

void el2_baseline(void)
{
	bool e2h = features.e2h_res1; /* HCR_EL2.E2H RES1 (no FEAT_E2H0): CPTR_EL2 and CNTHCTL_EL2 in their E2H layout */

	write_hcr_el2(HCR_EL2_RW_BIT | HCR_EL2_API_BIT | HCR_EL2_APK_BIT | watchdog_routing(2) |
		      (e2h ? HCR_EL2_E2H_BIT : 0));
	write_sctlr_el2(mmu_sctlr_el2());
	write_cptr_el2(e2h ? CPTR_EL2_E2H_FPEN : CPTR_EL2_RES1);
	write_vbar_el2((uint64_t)(uintptr_t)vectors_el2);
	write_mdcr_el2(mdcr_el2_baseline());
	write_hstr_el2(0); /* UNKNOWN at reset: no trap of AArch32 cp15 accesses (T9: the PMU registers) */
	/* EL1 and EL0 may read the counters (EL1PCTEN, EL1PCEN = 1); no FEAT_ECV traps, no event stream: the
	 * other fields reset to UNKNOWN values (D24 CNTHCTL_EL2; the interrupt module reads CNTVCT_EL0 at EL1) */
	write_cnthctl_el2(e2h ? CNTHCTL_EL2_E2H_ACCESS : CNTHCTL_EL2_EL1PCTEN_BIT | CNTHCTL_EL2_EL1PCEN_BIT);
	if (features.fgt) {
		/* no fine-grained debug traps (their reset values are UNKNOWN; without EL3 nothing gates them) */
		write_hdfgrtr_el2(0);
		write_hdfgwtr_el2(0);
	}
	/* FEAT_FGT2: where no SCR_EL3.FGTEn2 of an unknown EL3 could trap the write, no PMU fine-grained trap */
	if (features.fgt2 && (orchestrator_el == 3 || !features.el3)) {
		write_hdfgrtr2_el2(hdfgxtr2_el2_pmu_bits(false));
		write_hdfgwtr2_el2(hdfgxtr2_el2_pmu_bits(true));
	}
	isb();
}

/* EL2's registers as el2_vhe_enter() found them. */
static uint64_t vhe_saved_hcr, vhe_saved_cptr, vhe_saved_cnthctl, vhe_saved_sctlr;

void el2_vhe_enter(bool host)
{
	vhe_saved_hcr = read_hcr_el2();
	vhe_saved_cptr = read_cptr_el2();
	vhe_saved_cnthctl = read_cnthctl_el2();
	vhe_saved_sctlr = read_sctlr_el2();
	write_hcr_el2(vhe_saved_hcr | HCR_EL2_E2H_BIT | (host ? HCR_EL2_TGE_BIT : 0));
	isb();
	write_cptr_el2(CPTR_EL2_E2H_FPEN);
	write_cnthctl_el2(CNTHCTL_EL2_E2H_ACCESS);
	mmu_el2_regime(true);
	write_sctlr_el2(mmu_sctlr_el1());
	isb();
}

void el2_vhe_leave(void)
{
	write_hcr_el2(vhe_saved_hcr);
	isb();
	write_cptr_el2(vhe_saved_cptr);
	write_cnthctl_el2(vhe_saved_cnthctl);
	mmu_el2_regime(pe_e2h_res1());
	write_sctlr_el2(vhe_saved_sctlr);
	isb();
}

uint64_t hdfgxtr2_el2_pmu_bits(bool write)
{
	unsigned pmuver = features.pmu.pmuver;
	bool p9 = pmuver >= PMUVer_V3P9 && pmuver != 0xF;
	uint64_t bits = 0;

	if (features.pmu.ebep)
		bits |= HDFGxTR2_EL2_nPMECR_EL1_BIT;
	if (features.pmu.sebep)
		bits |= HDFGxTR2_EL2_nPMIAR_EL1_BIT;
	if (features.pmu.pmicntr)
		bits |= HDFGxTR2_EL2_nPMICNTR_EL0_BIT | HDFGxTR2_EL2_nPMICFILTR_EL0_BIT;
	if (p9)
		bits |= HDFGxTR2_EL2_nPMUACR_EL1_BIT | (write ? HDFGWTR2_EL2_nPMZR_EL0_BIT : 0);
	if (features.pmu.pmss)
		bits |= HDFGxTR2_EL2_nPMSSCR_EL1_BIT | (write ? 0 : HDFGRTR2_EL2_nPMSSDATA_BIT);
	return bits;
}

bool spe_buffer_owned(void)
{
	return features.pmu.spev1p2 && (orchestrator_el >= 2 || !features.el2);
}

void el1_baseline(void)
{
	if (orchestrator_el > 1)
		EL1_REG_WRITE(sctlr, mmu_sctlr_el1());
	EL1_REG_WRITE(cpacr, CPACR_EL1_FPEN_MASK);
	EL1_REG_WRITE(vbar, (uint64_t)(uintptr_t)vectors_el1);
	write_pmuserenr_el0(PMUSERENR_EL0_EN_BIT | PMUSERENR_EL0_SW_BIT | PMUSERENR_EL0_CR_BIT |
			    PMUSERENR_EL0_ER_BIT);
	if (features.pmu.ebep) /* PMU Profiling exception disabled at EL1's level, KPME = 0 */
		write_pmecr_el1(0);
	if (spe_buffer_owned()) { /* no Profiling Buffer, no buffer management event: no SPE freeze (UNKNOWN at reset) */
		write_pmblimitr_el1(0);
		write_pmbsr_el1(0);
	}
	isb();
}

void pmu_baseline(void)
{
	if (FIELD_GET(ID_AA64DFR0_EL1, PMUVer, features.id_aa64dfr0_el1) == 0 ||
	    FIELD_GET(ID_AA64DFR0_EL1, PMUVer, features.id_aa64dfr0_el1) == 0xF)
		return;
	uint64_t all = MASK64(31, 0) | (features.pmu.pmicntr ? PMU_CNT_F0_BIT : 0); /* F0: FEAT_PMUv3_ICNTR */

	write_pmcr_el0(0);
	write_pmcntenclr_el0(all);
	write_pmintenclr_el1(all);
	write_pmovsclr_el0(all);
	write_pmccfiltr_el0(0);
	if (features.pmu.pmicntr)
		write_pmicfiltr_el0(0);
	write_pmselr_el0(0);
	isb();
}

void baseline_restore_all(void)
{
	if (orchestrator_el == 3)
		el3_baseline();
	if (orchestrator_el >= 2 && features.el2)
		el2_baseline();
	el1_baseline();
	pmu_baseline();
}
