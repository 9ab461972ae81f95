/*
 * pmu_irq.h - the PMU overflow interrupt (PMUIRQ, PPI plat.pmu_intid) as a test's interrupt source: the handler
 * that counts what it takes, the GIC group and the routing that bring it to a context's own Exception level or
 * to the AArch64 level above, and the bounded wait a context spends with interrupts unmasked.
 * Shared by the interrupt module (D13.3.1) and the exception-related events (D11.7.2 EXC_IRQ, EXC_FIQ,
 * EXC_TRAP_IRQ). Orchestrator side unless a comment says "in the context".
 */
#ifndef PMUCHECK_PMU_IRQ_H
#define PMUCHECK_PMU_IRQ_H

#include <stdbool.h>
#include <stdint.h>

#include "drivers/gic/gic.h"
#include "runtime/context.h"

/* What the handler does after counting an interrupt. */
enum pmu_irq_mode {
	PMU_IRQ_DISABLE_PPI, /* disable the PPI: the request stays, the interrupt stops */
	PMU_IRQ_CLEAR_AFTER, /* from entry clear_after + 1 on, write PMOVSCLR_EL0 (every counter) to cancel the
			      * request; before, end the interrupt only, so the level-sensitive request is taken again */
};

/* What the handler saw (count, the last INTID, EL and EXC_TYPE_IRQ/FIQ), and how it behaves. */
struct pmu_irq_log {
	enum pmu_irq_mode mode;
	unsigned clear_after;
	volatile unsigned count;
	volatile uint64_t intid;
	volatile unsigned el, type;
};
extern struct pmu_irq_log pmu_irq;

/* Interrupts the handler accepts before it disables the PPI whatever the mode (a request nothing cancels). */
#define PMU_IRQ_STORM_LIMIT 8u

/*
 * The handler, for exc_irq_hook (runtime/exception.h), at whatever EL took the interrupt: acknowledges it
 * (ICC_IAR0/1_EL1 or GICC_IAR/AIAR: Group 0 for a FIQ at EL3 when the GIC has two Security states), counts it in
 * pmu_irq unless spurious (INTID 1020 or above), applies pmu_irq.mode, ends it (EOI).
 */
void pmu_irq_hook(unsigned el, unsigned type);

/*
 * The GIC group that delivers PMUIRQ to context c: Group 0 (FIQ) for EL3, Group 1 (IRQ) for the others, Secure
 * Group 1 for the Secure ones on a GICv3. A GICv2 (IHI 0048B "Interrupt grouping") has no Secure Group 1, and
 * its Group 0, the only Secure group, is FIQ (GICC_CTLR.FIQEn = 1, which the watchdog's FIQ to EL3 needs) and
 * would be taken to EL3 while the watchdog holds SCR_EL3.FIQ: there gic_ppi_configure() makes GIC_GROUP1S
 * Group 1, an IRQ in Secure state too, which Secure code acknowledges through GICC_AIAR.
 */
enum gic_group pmu_irq_group(enum ctx c);

/*
 * Configure the PPI for c (pmu_irq_group(c)), enable it, and route the interrupt: with up false to c's own EL
 * (EL3: SCR_EL3.{IRQ, FIQ} = 1; EL2: HCR_EL2.{IMO, FMO} = 1, without which physical interrupts target EL1 and are
 * not taken at EL2; EL1: as the baseline leaves them), with up true to the AArch64 level above c (D1.3
 * "Asynchronous exception routing"): EL3 for the Secure contexts (SCR_EL3.{IRQ, FIQ}), EL2 for the Non-secure ones
 * (HCR_EL2.{IMO, FMO}), taken there whatever PSTATE.{I, F} at c. pmu_irq_route_why() says whether c can have it.
 * Resets pmu_irq's count and INTID. pmu_irq_unroute() restores the routing (and the watchdog's) and disables the PPI.
 */
void pmu_irq_route(enum ctx c, bool up);
void pmu_irq_unroute(enum ctx c, bool up);

/* Why PMUIRQ cannot be routed above c (pmu_irq_route(c, true)): SCR_EL3 or HCR_EL2 not pmucheck's; or NULL. */
const char *pmu_irq_route_up_why(enum ctx c);

/* The Exception level pmu_irq_route(c, up) makes PMUIRQ taken at. */
unsigned pmu_irq_target_el(enum ctx c, bool up);

/*
 * The wait's bounds: at least PMU_IRQ_WAIT_TURNS loop turns and PMU_IRQ_WAIT_US microseconds of CNTVCT_EL0 (at
 * CNTFRQ_EL0, readable at EL1 and above). A bound in time rather than in turns: on silicon a PPI reaches the PE
 * within far less than a microsecond, and an emulator that delivers at once (QEMU) no longer spends 20000 turns
 * per interrupt that must not come (make bench: the waits were a fifth of the suite's instructions).
 * pmu_irq_wait_ticks(): the microseconds in CNTVCT_EL0 ticks; pmu_irq_waited_enough(): both bounds passed.
 */
#define PMU_IRQ_WAIT_US    20u
#define PMU_IRQ_WAIT_TURNS 2000u
uint64_t pmu_irq_wait_ticks(void);
bool pmu_irq_waited_enough(unsigned turns, uint64_t start, uint64_t ticks);

/* In the context (EL1 or above): unmask IRQ and FIQ, wait (pmu_irq_waited_enough) or until `max` interrupts were
 * taken, mask. Returns pmu_irq.count. */
uint64_t pmu_irq_wait_at_ctx(uint64_t max);

#endif
