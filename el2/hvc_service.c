/*
 * hvc_service.c - the EL2 service: HVC #0 from a lower context (runtime/context.h function IDs).
 */
#include "el2/hvc_service.h"
#include "runtime/context.h"

bool el2_hvc_service(struct exc_frame *f)
{
	return ctx_service(f);
}
