/*
 * pmu_exc_events.h - the exception-related PMU events (D11.7.2 "Exception-related events"): which events an
 * exception, an exception return or a CONTEXTIDR/TTBR write generates, and in which state each is counted.
 * Pure: no register access, builds for the target and the host (tests/host/test_exc_events.c).
 *
 * Attribution (D11.7.2): "The PMU must filter events related to exceptions and exception handling according to
 * the Exception level in which the event occurred ... must not count an exception after it has been taken ...
 * not acceptable for the PMU to count exception returns or writes to CONTEXTIDR after the return". So an
 * exception's events are counted as CountPMUEvents() (pmu_model.h count_pmu_events()) decides for the state it
 * is taken FROM, its exception return's EXC_RETURN for the state the return is executed in (the handler's), a
 * write's event for the state that writes.
 *
 * Classification (the event descriptions of the Arm ARM, Common architectural and microarchitectural events):
 * EXC_TAKEN counts every exception taken; EXC_SVC, EXC_HVC, EXC_SMC, EXC_UNDEF (other synchronous),
 * EXC_PABORT, EXC_DABORT (Data Abort or SError), EXC_IRQ, EXC_FIQ count those taken locally, EXC_TRAP_PABORT,
 * EXC_TRAP_DABORT, EXC_TRAP_OTHER (synchronous, other than SVC, HVC, SMC and aborts), EXC_TRAP_IRQ, EXC_TRAP_FIQ
 * those not taken locally (an IRQ routed to EL2 by HCR_EL2.IMO or to EL3 by SCR_EL3.IRQ is EXC_TRAP_IRQ). Taken
 * locally: to EL1 from EL0 or EL1, or to the Exception level it is taken from (EL2 from EL2, EL3 from EL3). HVC
 * (taken to EL2) is EXC_HVC and SMC (taken to EL3) EXC_SMC from any EL; an SMC trapped to EL2 (HCR_EL2.TSC) is a
 * trap (EXC_TRAP_OTHER). Exceptions from the host EL0 (HCR_EL2.{E2H,TGE} = {1,1}, taken to EL2 in place of EL1)
 * are left unclassified: the descriptions do not say whether they are taken locally (exc_event_classified());
 * from an EL0 under an EL1 (TGE 0) to EL2 they are not. TTBR_WRITE_RETIRED counts writes to the TTBRs of the
 * regimes with ASIDs: TTBR0_EL1 and TTBR1_EL1, and TTBR0_EL2 and TTBR1_EL2 while HCR_EL2.E2H is 1 (the EL2&0
 * regime); not TTBR0_EL2 with E2H 0, nor TTBR0_EL3. CID_WRITE_RETIRED counts writes to CONTEXTIDR_EL1 and
 * CONTEXTIDR_EL2.
 */
#ifndef PMUCHECK_PMU_EXC_EVENTS_H
#define PMUCHECK_PMU_EXC_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

/* The exception-related events of D11.7.2, in its list's order (BRB_FILTRATE left out: FEAT_BRBE). */
enum exc_event {
	EXC_EV_TAKEN, EXC_EV_RETURN, EXC_EV_CID_WRITE, EXC_EV_TTBR_WRITE, EXC_EV_UNDEF, EXC_EV_SVC, EXC_EV_PABORT,
	EXC_EV_DABORT, EXC_EV_IRQ, EXC_EV_FIQ, EXC_EV_SMC, EXC_EV_HVC, EXC_EV_TRAP_PABORT, EXC_EV_TRAP_DABORT,
	EXC_EV_TRAP_OTHER, EXC_EV_TRAP_IRQ, EXC_EV_TRAP_FIQ, EXC_EV_COUNT
};

/* Its event number (PMEVTYPER<n>_EL0.evtCount) and name as the Arm ARM spells them; "?" out of range. */
unsigned exc_event_number(enum exc_event e);
const char *exc_event_name(enum exc_event e);

/* What happens: an exception of a kind, or a write that generates an event without one. */
enum exc_cause {
	EXC_CAUSE_SVC,       /* SVC */
	EXC_CAUSE_HVC,       /* HVC */
	EXC_CAUSE_SMC,       /* SMC, taken to EL3 */
	EXC_CAUSE_SMC_TRAP,  /* SMC trapped to EL2 by HCR_EL2.TSC */
	EXC_CAUSE_UNDEF,     /* an UNDEFINED instruction (UDF) */
	EXC_CAUSE_DABORT,    /* a Data Abort (a translation fault) */
	EXC_CAUSE_PABORT,    /* an Instruction Abort (a translation fault on the fetch) */
	EXC_CAUSE_IRQ,       /* a physical IRQ */
	EXC_CAUSE_FIQ,       /* a physical FIQ */
	EXC_CAUSE_SYSREG,    /* a System register access trapped (ESR EC 0x18: MSR, MRS or System instruction) */
	EXC_CAUSE_CID_WRITE, /* a write to CONTEXTIDR_ELx of the writing level (EL1, EL2) */
	EXC_CAUSE_TTBR_WRITE, /* a write to TTBR0_ELx of the writing level (EL1, EL2, EL3) */
	EXC_CAUSE_COUNT
};

/* Whether the cause is an exception (then it has a target and an exception return), not a write. */
bool exc_cause_is_exception(enum exc_cause c);

/*
 * Whether an exception taken from Exception level `from` to `to` is taken locally: to EL1 from EL0 or EL1, or
 * to the level it came from. Source: the EXC_* event descriptions' "Taken locally".
 */
bool exc_taken_locally(unsigned from, unsigned to);

/*
 * Whether the model classifies an exception from `from` to `to`: every exception except those from the host EL0
 * to EL2 (HCR_EL2.{E2H, TGE} = {1, 1}: `host`), which the descriptions leave open. An exception from an EL0 whose
 * EL1 is in use (TGE 0) to EL2, an IRQ routed there by HCR_EL2.IMO say, is not taken locally. EXC_TAKEN and
 * EXC_RETURN count either way.
 */
bool exc_event_classified(unsigned from, unsigned to, bool host);

/*
 * The event that classifies an exception of `cause` taken locally or not (exc_taken_locally()): EXC_SVC, EXC_HVC,
 * EXC_SMC whichever; EXC_PABORT/EXC_TRAP_PABORT, EXC_DABORT/EXC_TRAP_DABORT, EXC_IRQ/EXC_TRAP_IRQ,
 * EXC_FIQ/EXC_TRAP_FIQ, EXC_UNDEF/EXC_TRAP_OTHER (an SMC trapped by HCR_EL2.TSC: EXC_TRAP_OTHER). A write
 * (no exception): EXC_EV_COUNT.
 */
enum exc_event exc_cause_event(enum exc_cause cause, bool local);

/*
 * The events one occurrence of `cause` generates in the state it occurs in (bit e: enum exc_event), for an
 * exception taken from `from` to `to` (ignored for a write): EXC_TAKEN and the one classifying event (none where
 * !exc_event_classified(from, to, host)); CID_WRITE_RETIRED, or TTBR_WRITE_RETIRED for a TTBR the event counts (`e2h`:
 * HCR_EL2.E2H, for a write at EL2), for a write at `from`. EXC_RETURN, generated by the handler's return in the
 * state of `to`, is not in it: exc_return_follows().
 */
uint32_t exc_events_at_source(enum exc_cause cause, unsigned from, unsigned to, bool e2h, bool host);

/* Whether an exception return (EXC_RETURN, counted in the handler's state at `to`) follows the cause. */
bool exc_return_follows(enum exc_cause cause);

#endif
