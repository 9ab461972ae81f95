/*
 * el2.c - what EL2 owns: HCR_EL2 and MDCR_EL2 baselines and the HVC service (context.h, el_setup.h).
 * Called from EL3 or EL2: EL2 registers are accessible from both, and shared by both Security states.
 */
#include "arch_regs.h"
#include "context.h"
#include "el_setup.h"
#include "id_regs.h"
#include "sysreg.h"

extern char vectors_el2[];

uint64_t mdcr_el2_baseline(void)
{
	return MDCR_EL2_HPME_BIT | FIELD_PREP(MDCR_EL2, HPMN, features.pmu.num_counters);
}

void el2_setup(void)
{
	write_hcr_el2(HCR_EL2_RW_BIT | HCR_EL2_API_BIT | HCR_EL2_APK_BIT);
	write_sctlr_el2(SCTLR_EL2_RESET);
	write_cptr_el2(CPTR_EL2_RES1);
	write_vbar_el2((uint64_t)(uintptr_t)vectors_el2);
	write_mdcr_el2(mdcr_el2_baseline());
	isb();
}

bool el2_hvc_service(struct exc_frame *f)
{
	if (f->x[0] == PMUCHECK_CALL_NOP)
		return true;
	if (f->x[0] != PMUCHECK_CALL_RETURN)
		return false;
	ctx_return_to_orchestrator(f->x[1], f->x[2]);
}
