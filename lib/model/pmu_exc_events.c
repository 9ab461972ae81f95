/*
 * pmu_exc_events.c - see pmu_exc_events.h.
 */
#include "model/pmu_exc_events.h"

/* Event numbers: the Arm ARM's Common architectural and microarchitectural events, in enum exc_event's order. */
static const struct {
	unsigned number;
	const char *name;
} exc_events[EXC_EV_COUNT] = {
	[EXC_EV_TAKEN] = { 0x0009, "EXC_TAKEN" },
	[EXC_EV_RETURN] = { 0x000A, "EXC_RETURN" },
	[EXC_EV_CID_WRITE] = { 0x000B, "CID_WRITE_RETIRED" },
	[EXC_EV_TTBR_WRITE] = { 0x001C, "TTBR_WRITE_RETIRED" },
	[EXC_EV_UNDEF] = { 0x0081, "EXC_UNDEF" },
	[EXC_EV_SVC] = { 0x0082, "EXC_SVC" },
	[EXC_EV_PABORT] = { 0x0083, "EXC_PABORT" },
	[EXC_EV_DABORT] = { 0x0084, "EXC_DABORT" },
	[EXC_EV_IRQ] = { 0x0086, "EXC_IRQ" },
	[EXC_EV_FIQ] = { 0x0087, "EXC_FIQ" },
	[EXC_EV_SMC] = { 0x0088, "EXC_SMC" },
	[EXC_EV_HVC] = { 0x008A, "EXC_HVC" },
	[EXC_EV_TRAP_PABORT] = { 0x008B, "EXC_TRAP_PABORT" },
	[EXC_EV_TRAP_DABORT] = { 0x008C, "EXC_TRAP_DABORT" },
	[EXC_EV_TRAP_OTHER] = { 0x008D, "EXC_TRAP_OTHER" },
	[EXC_EV_TRAP_IRQ] = { 0x008E, "EXC_TRAP_IRQ" },
	[EXC_EV_TRAP_FIQ] = { 0x008F, "EXC_TRAP_FIQ" },
};

unsigned exc_event_number(enum exc_event e)
{
	return (unsigned)e < EXC_EV_COUNT ? exc_events[e].number : 0;
}

const char *exc_event_name(enum exc_event e)
{
	return (unsigned)e < EXC_EV_COUNT ? exc_events[e].name : "?";
}

bool exc_cause_is_exception(enum exc_cause c)
{
	return c != EXC_CAUSE_CID_WRITE && c != EXC_CAUSE_TTBR_WRITE;
}

bool exc_taken_locally(unsigned from, unsigned to)
{
	return to == from || (from == 0 && to == 1);
}

bool exc_event_classified(unsigned from, unsigned to, bool host)
{
	return !(from == 0 && to == 2 && host);
}

enum exc_event exc_cause_event(enum exc_cause cause, bool local)
{
	switch (cause) {
	case EXC_CAUSE_CID_WRITE:
	case EXC_CAUSE_TTBR_WRITE:
		return EXC_EV_COUNT;
	case EXC_CAUSE_SVC:
		return local ? EXC_EV_SVC : EXC_EV_TRAP_OTHER;
	case EXC_CAUSE_HVC:
		return EXC_EV_HVC; /* taken to EL2 from EL1 or EL2: "HVC exceptions taken to EL2" */
	case EXC_CAUSE_SMC:
		return EXC_EV_SMC; /* taken to EL3 from any EL: "SMC exceptions taken to EL3" */
	case EXC_CAUSE_SMC_TRAP:
		return EXC_EV_TRAP_OTHER;
	case EXC_CAUSE_DABORT:
		return local ? EXC_EV_DABORT : EXC_EV_TRAP_DABORT;
	case EXC_CAUSE_PABORT:
		return local ? EXC_EV_PABORT : EXC_EV_TRAP_PABORT;
	case EXC_CAUSE_IRQ:
		return local ? EXC_EV_IRQ : EXC_EV_TRAP_IRQ;
	case EXC_CAUSE_FIQ:
		return local ? EXC_EV_FIQ : EXC_EV_TRAP_FIQ;
	case EXC_CAUSE_UNDEF:
	case EXC_CAUSE_SYSREG:
	default:
		return local ? EXC_EV_UNDEF : EXC_EV_TRAP_OTHER;
	}
}

uint32_t exc_events_at_source(enum exc_cause cause, unsigned from, unsigned to, bool e2h, bool host)
{
	enum exc_event kind = exc_cause_event(cause, exc_taken_locally(from, to));

	if (cause == EXC_CAUSE_CID_WRITE)
		return 1u << EXC_EV_CID_WRITE;
	if (cause == EXC_CAUSE_TTBR_WRITE) /* TTBR0_EL1; TTBR0_EL2 in the EL2&0 regime only; never TTBR0_EL3 */
		return from == 1 || (from == 2 && e2h) ? 1u << EXC_EV_TTBR_WRITE : 0;
	return (1u << EXC_EV_TAKEN) | (exc_event_classified(from, to, host) ? 1u << kind : 0);
}

bool exc_return_follows(enum exc_cause cause)
{
	return exc_cause_is_exception(cause);
}
