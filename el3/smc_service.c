/*
 * smc_service.c - the EL3 service: SMC #0 from a lower context (runtime/context.h function IDs).
 */
#include "el3/smc_service.h"
#include "runtime/context.h"

bool el3_smc_service(struct exc_frame *f)
{
	return ctx_service(f);
}
