/*
 * test_exc_events.c - the exception-related events (D11.7.2) against lib/model/pmu_exc_events.c.
 *
 * Expected values come from the spec's text, written here as data: D11.7.2's list of exception-related events
 * (../shared/spec/003_*.txt, "Exception-related events": EXC_TAKEN "Exception taken", EXC_RETURN "exception
 * return", CID_WRITE_RETIRED "write to CONTEXTIDR", TTBR_WRITE_RETIRED "write to translation table base", then
 * EXC_UNDEF .. EXC_TRAP_IRQ), the event numbers of the Arm ARM's common event list, and the event descriptions'
 * classification: "taken locally" (EXC_SVC, EXC_UNDEF "other synchronous", EXC_DABORT "Data Abort or SError")
 * against "not Taken locally" (EXC_TRAP_*), EXC_HVC "taken to EL2", EXC_SMC "taken to EL3"; TTBR_WRITE_RETIRED
 * "writes to TTBR0_EL1, TTBR1_EL1, and TTBR0_EL2, TTBR1_EL2 when HCR_EL2.E2H is 1".
 */
#include <string.h>

#include "host_test.h"
#include "model/pmu_exc_events.h"

/* D11.7.2's list, in its order, with the Arm ARM's event numbers (BRB_FILTRATE, FEAT_BRBE, left out). */
static const struct {
	const char *name;
	unsigned number;
} d11_7_2_list[] = {
	{ "EXC_TAKEN", 0x09 }, { "EXC_RETURN", 0x0A }, { "CID_WRITE_RETIRED", 0x0B }, { "TTBR_WRITE_RETIRED", 0x1C },
	{ "EXC_UNDEF", 0x81 }, { "EXC_SVC", 0x82 }, { "EXC_PABORT", 0x83 }, { "EXC_DABORT", 0x84 },
	{ "EXC_IRQ", 0x86 }, { "EXC_FIQ", 0x87 }, { "EXC_SMC", 0x88 }, { "EXC_HVC", 0x8A },
	{ "EXC_TRAP_PABORT", 0x8B }, { "EXC_TRAP_DABORT", 0x8C }, { "EXC_TRAP_OTHER", 0x8D }, { "EXC_TRAP_IRQ", 0x8E },
	{ "EXC_TRAP_FIQ", 0x8F },
};

static unsigned ev(const char *name)
{
	unsigned e;

	for (e = 0; e < EXC_EV_COUNT; e++)
		if (!strcmp(exc_event_name((enum exc_event)e), name))
			return 1u << e;
	return 0;
}

/*
 * Exceptions as the spec's sentences name them: what happened, from which EL to which, and the event that
 * classifies it (none: unclassified), besides EXC_TAKEN, which counts every one.
 */
static const struct {
	enum exc_cause cause;
	unsigned from, to;
	const char *event; /* NULL: only EXC_TAKEN */
	const char *why;
	bool host; /* from the host EL0: HCR_EL2.{E2H, TGE} = {1, 1} */
} cases[] = {
	{ EXC_CAUSE_SVC, 0, 1, "EXC_SVC", "SVC from EL0 to EL1: taken locally", false },
	{ EXC_CAUSE_SVC, 1, 1, "EXC_SVC", "SVC at EL1", false },
	{ EXC_CAUSE_SVC, 2, 2, "EXC_SVC", "SVC at EL2", false },
	{ EXC_CAUSE_SVC, 3, 3, "EXC_SVC", "SVC at EL3", false },
	{ EXC_CAUSE_SVC, 0, 2, NULL, "SVC from the host EL0 to EL2: left open", true },
	{ EXC_CAUSE_HVC, 1, 2, "EXC_HVC", "HVC from EL1: HVC exceptions taken to EL2", false },
	{ EXC_CAUSE_HVC, 2, 2, "EXC_HVC", "HVC at EL2", false },
	{ EXC_CAUSE_SMC, 1, 3, "EXC_SMC", "SMC from EL1: SMC exceptions taken to EL3", false },
	{ EXC_CAUSE_SMC, 2, 3, "EXC_SMC", "SMC from EL2", false },
	{ EXC_CAUSE_SMC, 3, 3, "EXC_SMC", "SMC at EL3", false },
	{ EXC_CAUSE_SMC_TRAP, 1, 2, "EXC_TRAP_OTHER", "SMC trapped to EL2 by HCR_EL2.TSC: a trap, not an SMC", false },
	{ EXC_CAUSE_UNDEF, 0, 1, "EXC_UNDEF", "UDF at EL0: other synchronous, taken locally", false },
	{ EXC_CAUSE_UNDEF, 1, 1, "EXC_UNDEF", "UDF at EL1", false },
	{ EXC_CAUSE_UNDEF, 2, 2, "EXC_UNDEF", "UDF at EL2", false },
	{ EXC_CAUSE_UNDEF, 3, 3, "EXC_UNDEF", "UDF at EL3", false },
	{ EXC_CAUSE_SYSREG, 0, 1, "EXC_UNDEF", "a register access trapped from EL0 to EL1: taken locally", false },
	{ EXC_CAUSE_SYSREG, 1, 2, "EXC_TRAP_OTHER", "a register access trapped from EL1 to EL2 (MDCR_EL2.TPM)", false },
	{ EXC_CAUSE_SYSREG, 0, 2, NULL, "a register access trapped from the host EL0 to EL2: left open", true },
	{ EXC_CAUSE_SYSREG, 1, 3, "EXC_TRAP_OTHER", "a register access trapped from EL1 to EL3 (MDCR_EL3.TPM)", false },
	{ EXC_CAUSE_SYSREG, 2, 3, "EXC_TRAP_OTHER", "a register access trapped from EL2 to EL3", false },
	{ EXC_CAUSE_DABORT, 0, 1, "EXC_DABORT", "a translation fault at EL0: Data Abort taken locally", false },
	{ EXC_CAUSE_DABORT, 1, 1, "EXC_DABORT", "a translation fault at EL1", false },
	{ EXC_CAUSE_DABORT, 2, 2, "EXC_DABORT", "a translation fault at EL2", false },
	{ EXC_CAUSE_DABORT, 3, 3, "EXC_DABORT", "a translation fault at EL3", false },
	{ EXC_CAUSE_DABORT, 1, 2, "EXC_TRAP_DABORT", "a stage 2 fault from EL1: Data Abort not taken locally", false },
	{ EXC_CAUSE_PABORT, 0, 1, "EXC_PABORT", "a fetch from an unmapped address at EL0: Instruction Abort taken locally", false },
	{ EXC_CAUSE_PABORT, 1, 1, "EXC_PABORT", "an Instruction Abort at EL1", false },
	{ EXC_CAUSE_PABORT, 2, 2, "EXC_PABORT", "an Instruction Abort at EL2", false },
	{ EXC_CAUSE_PABORT, 3, 3, "EXC_PABORT", "an Instruction Abort at EL3", false },
	{ EXC_CAUSE_PABORT, 1, 2, "EXC_TRAP_PABORT", "a stage 2 fault on a fetch at EL1: not taken locally", false },
	{ EXC_CAUSE_IRQ, 1, 1, "EXC_IRQ", "an IRQ taken at EL1 from EL1", false },
	{ EXC_CAUSE_IRQ, 2, 2, "EXC_IRQ", "an IRQ taken at EL2 from EL2 (HCR_EL2.IMO 1)", false },
	{ EXC_CAUSE_IRQ, 0, 1, "EXC_IRQ", "an IRQ from EL0 to EL1: taken locally", false },
	{ EXC_CAUSE_IRQ, 1, 2, "EXC_TRAP_IRQ", "an IRQ from EL1 routed to EL2 by HCR_EL2.IMO: not taken locally", false },
	{ EXC_CAUSE_IRQ, 1, 3, "EXC_TRAP_IRQ", "an IRQ from EL1 routed to EL3 by SCR_EL3.IRQ", false },
	{ EXC_CAUSE_IRQ, 0, 3, "EXC_TRAP_IRQ", "an IRQ from EL0 routed to EL3 by SCR_EL3.IRQ", false },
	{ EXC_CAUSE_IRQ, 0, 2, NULL, "an IRQ from the host EL0 to EL2: left open", true },
	{ EXC_CAUSE_IRQ, 0, 2, "EXC_TRAP_IRQ", "an IRQ from EL0 (TGE 0) routed to EL2 by HCR_EL2.IMO: not taken locally", false },
	{ EXC_CAUSE_SYSREG, 0, 2, "EXC_TRAP_OTHER", "a PMU register access at EL0 (TGE 0) trapped to EL2 by MDCR_EL2.TPM", false },
	{ EXC_CAUSE_FIQ, 3, 3, "EXC_FIQ", "a FIQ taken at EL3 from EL3 (SCR_EL3.FIQ 1)", false },
	{ EXC_CAUSE_FIQ, 1, 1, "EXC_FIQ", "a FIQ taken at EL1 from EL1", false },
	{ EXC_CAUSE_FIQ, 1, 3, "EXC_TRAP_FIQ", "a FIQ from EL1 routed to EL3 by SCR_EL3.FIQ: not taken locally", false },
};

static void test_exc_events(void)
{
	unsigned i, e, got;

	tc_begin("D11.7.2: the exception-related events, names and numbers");
	for (i = 0; i < ARRAY_SIZE(d11_7_2_list); i++) {
		e = i; /* enum exc_event follows the list's order */
		tc_check(!strcmp(exc_event_name((enum exc_event)e), d11_7_2_list[i].name), 1, "event %u is %s", i,
			 d11_7_2_list[i].name);
		tc_check(exc_event_number((enum exc_event)e), d11_7_2_list[i].number, "%s's number", d11_7_2_list[i].name);
	}
	tc_check(EXC_EV_COUNT, ARRAY_SIZE(d11_7_2_list), "EXC_EV_COUNT");
	tc_end();

	tc_begin("exceptions: EXC_TAKEN and the one event that classifies each");
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		got = exc_events_at_source(cases[i].cause, cases[i].from, cases[i].to, false, cases[i].host);
		tc_check(got, ev("EXC_TAKEN") | (cases[i].event ? ev(cases[i].event) : 0), "%s", cases[i].why);
		tc_check(exc_return_follows(cases[i].cause), 1, "%s: an exception return follows", cases[i].why);
	}
	tc_end();

	tc_begin("writes: CID_WRITE_RETIRED, TTBR_WRITE_RETIRED, no exception");
	tc_check(exc_events_at_source(EXC_CAUSE_CID_WRITE, 1, 1, false, false), ev("CID_WRITE_RETIRED"), "CONTEXTIDR_EL1");
	tc_check(exc_events_at_source(EXC_CAUSE_CID_WRITE, 2, 2, false, false), ev("CID_WRITE_RETIRED"), "CONTEXTIDR_EL2");
	tc_check(exc_events_at_source(EXC_CAUSE_TTBR_WRITE, 1, 1, false, false), ev("TTBR_WRITE_RETIRED"), "TTBR0_EL1");
	tc_check(exc_events_at_source(EXC_CAUSE_TTBR_WRITE, 2, 2, true, false), ev("TTBR_WRITE_RETIRED"),
		 "TTBR0_EL2 with HCR_EL2.E2H 1: the EL2&0 regime's");
	tc_check(exc_events_at_source(EXC_CAUSE_TTBR_WRITE, 2, 2, false, false), 0, "TTBR0_EL2 with HCR_EL2.E2H 0: not counted");
	tc_check(exc_events_at_source(EXC_CAUSE_TTBR_WRITE, 3, 3, false, false), 0, "TTBR0_EL3: not counted");
	tc_check(exc_return_follows(EXC_CAUSE_CID_WRITE), 0, "no exception return after a CONTEXTIDR write");
	tc_check(exc_return_follows(EXC_CAUSE_TTBR_WRITE), 0, "no exception return after a TTBR write");
	tc_end();

	tc_begin("taken locally: to EL1 from EL0 or EL1, or to the level it came from");
	for (i = 0; i < 4; i++)
		for (e = i; e < 4; e++)
			tc_check(exc_taken_locally(i, e), e == i || (i == 0 && e == 1), "from EL%u to EL%u", i, e);
	tc_end();
}

void run_exc_events_tests(void)
{
	test_exc_events();
}
