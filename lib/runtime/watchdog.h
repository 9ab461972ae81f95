/*
 * watchdog.h - the per-call watchdog: a timer interrupt that ends a context which does not come back.
 *
 * Entered at EL3: the Secure physical timer (CNTPS_CTL_EL1, CNTPS_CVAL_EL1) with its PPI
 * (plat.timer_intid[0]) in GIC Group 0, taken as FIQ to EL3 (SCR_EL3.FIQ = 1) from every EL, whatever the
 * interrupted context's PSTATE.F. Entered at EL2: the EL2 physical timer (CNTHP_*, plat.timer_intid[3]) in
 * Group 0, FIQ routed to EL2 (HCR_EL2.FMO = 1), unless an EL3 below keeps the GIC's security (GICD_CTLR.DS = 0,
 * as TF-A does): then none. Entered at EL1: none (nothing above the tests to take it).
 * ctx_call() arms it for every call (WATCHDOG_MS) and leaves it armed on return: a call finds it armed with
 * at least WATCHDOG_MS / 2 left, or re-arms it for WATCHDOG_MS, so a call that runs longer than WATCHDOG_MS is
 * ended and one that runs less than WATCHDOG_MS / 2 never is (the orchestrator keeps FIQs masked between
 * calls; tests_run_all() disarms it after the last module). At the orchestrator's own EL the call runs with
 * FIQs unmasked so a hang there is caught too. When it fires, exception_dispatch() records
 * where the context was (exc_unexpected, watchdog set: ELR and SPSR of the interrupted code) and abandons the
 * context as for an unexpected exception (ctx_call() returns CTX_ABORTED); the suite goes on.
 */
#ifndef PMUCHECK_WATCHDOG_H
#define PMUCHECK_WATCHDOG_H

#include <stdbool.h>
#include <stdint.h>

#ifndef WATCHDOG_MS
#define WATCHDOG_MS 2000u /* a call that runs longer is hung: no check waits this long */
#endif

/*
 * Set up the timer's PPI at the GIC for this PE (its GICv3 redistributor or the GICv2 distributor's banked
 * registers; gic_init() first, on every PE). Returns false with *why set when there is none: entered at EL1, no
 * GIC the device tree names (the reason says what it has), or an EL3 below that keeps the GIC's security.
 */
bool watchdog_init(const char **why);

/*
 * Start the countdown (ms milliseconds of CNTPCT_EL0 at CNTFRQ_EL0) and route its FIQ (SCR_EL3.FIQ or
 * HCR_EL2.FMO), unless it is armed and routed with at least ms / 2 left; nothing if not set up.
 */
void watchdog_arm(unsigned ms);

/*
 * The routing bit the armed watchdog holds at `el`: SCR_EL3.FIQ at 3, HCR_EL2.FMO at 2; 0 when it is not armed
 * at that level. Code that rewrites SCR_EL3 or HCR_EL2 whole (the baselines, el3_select_world) ORs it in: a
 * dropped bit made the next call re-arm the timer, and on QEMU each timer write wakes the emulator's main
 * loop (make bench: 12 ms of the 140 ms el3-max suite).
 */
uint64_t watchdog_routing(unsigned el);

/* Stop the countdown. */
void watchdog_disarm(void);

/*
 * Called by exception_dispatch() for an IRQ or FIQ at `el`: when it is the watchdog's (the timer armed and its
 * CTL.ISTATUS set), acknowledges and ends it at the GIC, disarms, and returns true.
 */
bool watchdog_take(unsigned el);

#endif
