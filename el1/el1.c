/*
 * el1.c - what EL1 owns: the EL1 baseline and the SVC service that EL0 code returns through.
 */
#include "arch_regs.h"
#include "context.h"
#include "el_setup.h"
#include "sysreg.h"

extern char vectors_el1[];

void el1_setup(void)
{
	write_sctlr_el1(SCTLR_EL1_RESET);
	write_cpacr_el1(CPACR_EL1_FPEN_MASK);
	write_vbar_el1((uint64_t)(uintptr_t)vectors_el1);
	write_pmuserenr_el0(PMUSERENR_EL0_EN_BIT | PMUSERENR_EL0_SW_BIT | PMUSERENR_EL0_CR_BIT |
			    PMUSERENR_EL0_ER_BIT);
	isb();
}

bool el1_svc_service(struct exc_frame *f)
{
	if (f->x[0] == PMUCHECK_CALL_NOP)
		return true;
	if (f->x[0] != PMUCHECK_CALL_RETURN)
		return false;
	ctx_return_to_orchestrator(f->x[1], f->x[2]);
}
