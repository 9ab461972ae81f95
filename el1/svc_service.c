/*
 * svc_service.c - the EL1 service: SVC #0, how EL0 code returns (runtime/context.h function IDs).
 */
#include "el1/svc_service.h"
#include "runtime/context.h"

bool el1_svc_service(struct exc_frame *f)
{
	if (f->x[0] == PMUCHECK_CALL_NOP)
		return true;
	if (f->x[0] != PMUCHECK_CALL_RETURN)
		return false;
	ctx_return_to_orchestrator(f->x[1], f->x[2]);
}
