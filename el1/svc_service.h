/*
 * svc_service.h - the EL1 service, taken through SVC #0 from EL0 with x0 = function ID (runtime/context.h):
 * PMUCHECK_CALL_RETURN goes back to the orchestrator with (x1 = value, x2 = status), PMUCHECK_CALL_NOP just
 * returns. Returns false for a call it does not know (then the SVC is an unexpected exception).
 */
#ifndef PMUCHECK_EL1_SVC_SERVICE_H
#define PMUCHECK_EL1_SVC_SERVICE_H

#include <stdbool.h>

#include "runtime/exception.h"

bool el1_svc_service(struct exc_frame *f);

#endif
