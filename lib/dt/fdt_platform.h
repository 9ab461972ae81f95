/*
 * fdt_platform.h - the platform description read from a flattened device tree with libfdt (Devicetree
 * Specification v0.4; bindings: Linux Documentation/devicetree/bindings: memory, chosen, serial (each UART family),
 * interrupt-controller/arm,gic-v3 (every redistributor region) and arm,gic, arm/pmu, timer/arm,arch_timer, arm/psci, arm/cpus).
 */
#ifndef PMUCHECK_FDT_PLATFORM_H
#define PMUCHECK_FDT_PLATFORM_H

#include <stdint.h>

#include "platform/platform_desc.h"

/* Whether `fdt` points at a valid tree header (fdt_check_header) of at most max_size bytes. */
bool fdt_platform_valid(const void *fdt, uint32_t max_size);

/*
 * Fill d from the tree at fdt: /memory (device_type "memory", status okay), the console (d->console: the node
 * /chosen/stdout-path names, an alias or a path, ":options" dropped, else /chosen/linux,stdout-path, else
 * /aliases/serial0, as Linux's of_alias_scan() chooses; its compatible list picks a driver of
 * lib/drivers/uart/; none of the three: kind none, the output goes through semihosting; a node no driver knows:
 * kind none, its compatible and why kept for the TAP header), the GIC (arm,gic-v3 or a GICv2 of arm,gic: reg[0]
 * and reg[1]; replaced whole, so a tree without one leaves none), the PMU's interrupt
 * (arm,armv8-pmuv3 or a per-core "arm,<core>-pmu"), arm,armv8-timer, /psci's method, /cpus/cpu@N reg,
 * /chosen/bootargs, /model. The per-PE arrays get the first d->pe_capacity PEs of /cpus and d->pe_count_in_tree
 * counts them all: a caller with too little room reads again with more (platform_discover()). A field the tree does not give keeps its value in d (so d holds the compiled-in
 * values first); the console is always replaced. Every reg address is translated to the root's through the
 * `ranges` of each bus above the node (an empty ranges: 1:1; a bus without ranges makes its children's
 * addresses unusable). Returns 0, or a negative libfdt error (FDT_ERR_*) for a bad tree.
 */
int fdt_platform_read(const void *fdt, struct plat_desc *d);

#endif
