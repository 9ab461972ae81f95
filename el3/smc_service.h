/*
 * smc_service.h - the EL3 service, taken through SMC #0 with x0 = function ID (runtime/context.h):
 * PMUCHECK_CALL_RETURN goes back to the orchestrator with (x1 = value, x2 = status), PMUCHECK_CALL_NOP just
 * returns. Returns false for a call it does not know (then the SMC is an unexpected exception).
 */
#ifndef PMUCHECK_EL3_SMC_SERVICE_H
#define PMUCHECK_EL3_SMC_SERVICE_H

#include <stdbool.h>

#include "runtime/exception.h"

bool el3_smc_service(struct exc_frame *f);

#endif
