/*
 * hvc_service.c - the EL2 service: HVC #0 from a lower context (runtime/context.h function IDs).
 */
#include "el2/hvc_service.h"
#include "runtime/context.h"

bool el2_hvc_service(struct exc_frame *f)
{
	if (f->x[0] == PMUCHECK_CALL_NOP)
		return true;
	if (f->x[0] != PMUCHECK_CALL_RETURN)
		return false;
	ctx_return_to_orchestrator(f->x[1], f->x[2]);
}
