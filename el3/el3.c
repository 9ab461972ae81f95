/*
 * el3.c - what EL3 owns: SCR_EL3 and MDCR_EL3 baselines and the SMC service (context.h, el_setup.h).
 */
#include "arch_regs.h"
#include "context.h"
#include "el_setup.h"
#include "id_regs.h"
#include "sysreg.h"

static uint64_t scr_el3_baseline(void)
{
	uint64_t scr = SCR_EL3_RES1 | SCR_EL3_RW_BIT | SCR_EL3_API_BIT | SCR_EL3_APK_BIT;

	if (features.el2)
		scr |= SCR_EL3_HCE_BIT;
	return scr;
}

void el3_setup(void)
{
	write_scr_el3(scr_el3_baseline());
	write_mdcr_el3(MDCR_EL3_BASELINE);
	isb();
}

void el3_select_world(bool secure, bool eel2)
{
	uint64_t scr = scr_el3_baseline();

	if (!secure)
		scr |= SCR_EL3_NS_BIT;
	if (eel2)
		scr |= SCR_EL3_EEL2_BIT;
	write_scr_el3(scr);
	isb();
}

bool el3_smc_service(struct exc_frame *f)
{
	if (f->x[0] == PMUCHECK_CALL_NOP)
		return true;
	if (f->x[0] != PMUCHECK_CALL_RETURN)
		return false;
	ctx_return_to_orchestrator(f->x[1], f->x[2]);
}
