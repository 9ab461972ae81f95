/*
 * svc_service.c - the EL1 service: SVC #0, how EL0 code returns (runtime/context.h function IDs).
 */
#include "el1/svc_service.h"
#include "runtime/context.h"

bool el1_svc_service(struct exc_frame *f)
{
	return ctx_service(f);
}
