/*
 * psci.h - the Power State Coordination Interface calls pmucheck makes to the firmware below it (Arm DEN 0022,
 * PSCI 0.2+ function IDs, SMC Calling Convention DEN 0028: function ID in x0, arguments in x1-x3, result in
 * x0), through SMC or HVC as the device tree's /psci method says.
 */
#ifndef PMUCHECK_PSCI_H
#define PMUCHECK_PSCI_H

#include <stdint.h>

#include "platform/platform_desc.h"

#define PSCI_VERSION      0x84000000u
#define PSCI_CPU_OFF      0x84000002u
#define PSCI_CPU_ON_64    0xC4000003u
#define PSCI_SYSTEM_OFF   0x84000008u /* PSCI 1.1 (DEN0022) 5.10 */
#define PSCI_SUCCESS      0
#define PSCI_ALREADY_ON   (-4)

/* One call: x0 = fn, x1..x3 = a1..a3 through `method` (SMC #0 or HVC #0). Returns x0 (a PSCI status, or
 * the version). With PLAT_PSCI_NONE returns -1 (NOT_SUPPORTED) without calling anything. */
int64_t psci_call(enum plat_psci_method method, uint64_t fn, uint64_t a1, uint64_t a2, uint64_t a3);

#endif
