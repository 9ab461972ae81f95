/*
 * fdt_platform.h - the platform description read from a flattened device tree with libfdt (Devicetree
 * Specification v0.4; bindings: Linux Documentation/devicetree/bindings: memory, chosen, serial/pl011,
 * interrupt-controller/arm,gic-v3 and arm,gic, arm/pmu, timer/arm,arch_timer, arm/psci, arm/cpus).
 */
#ifndef PMUCHECK_FDT_PLATFORM_H
#define PMUCHECK_FDT_PLATFORM_H

#include <stdint.h>

#include "platform/platform_desc.h"

/* Whether `fdt` points at a valid tree header (fdt_check_header) of at most max_size bytes. */
bool fdt_platform_valid(const void *fdt, uint32_t max_size);

/*
 * Fill d from the tree at fdt: /memory (device_type "memory", status okay), the console named by
 * /chosen/stdout-path (an alias or a path, ":options" dropped; must be arm,pl011), the GIC (arm,gic-v3 or
 * a GICv2 of arm,gic: reg[0] and reg[1]; replaced whole, so a tree without one leaves none), the PMU's
 * interrupt (arm,armv8-pmuv3 or a per-core "arm,<core>-pmu"), arm,armv8-timer, /psci's method,
 * /cpus/cpu@N reg, /chosen/bootargs, /model. A field the tree does not give keeps its value in d (so d holds
 * the compiled-in values first). Addresses are taken as the node's parent gives them: a bus whose
 * `ranges` translate addresses is not followed (QEMU virt and FVP map their buses 1:1). Returns 0, or a
 * negative libfdt error (FDT_ERR_*) for a bad tree.
 */
int fdt_platform_read(const void *fdt, struct plat_desc *d);

#endif
