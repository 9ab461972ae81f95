/*
 * sebep.c - D13.3.3 Synchronous exception-based event profiling (FEAT_SEBEP): PSTATE.PPEND, PMIAR_EL1 and
 * Table D13-2 on the hardware.
 *
 * In every source context c the controls make the PMU Profiling exception enabled and unmasked at c (PSTATE.PM
 * = 0, PMECR_EL1.KPME = 1, and the PMEE field of the level that should own it 0b11: MDCR_EL3.PMEE at EL3,
 * MDCR_EL2.PMEE at EL2, PMECR_EL1.PMEE below; the model names the target EL). Event counter 0 counts a
 * synchronous event with PMEVTYPER0_EL0.SYNC = 1 and PMINTENSET_EL1.P0 = 1. Which events are synchronous is
 * IMPLEMENTATION DEFINED (RXLMVX): the module tries SW_INCR, then INST_RETIRED, and takes the first that still
 * counts with SYNC = 1 (D13.5: a counter whose event is not synchronous does not count with SYNC = 1).
 *   sebep.sync.<ctx>          RNZLVW, ITSHPG, RHLYTW, RBVBYS: the instruction that overflows counter 0 (the
 *                             MSR PMSWINC_EL0, or one of a run of NOPs for INST_RETIRED) sets PSTATE.PPEND and
 *                             writes its address to PMIAR_EL1; the exception is taken synchronously (ESR_ELx
 *                             ISS[0] = 1) in place of the next instruction (ELR = that address + 4), with
 *                             SPSR_ELx[33] (PPEND) = 1.
 *   sebep.ppend_return.<ctx>  Table D13-2 case 2: a handler that returns with SPSR_ELx.PPEND still 1, from the
 *                             target EL (masked there, PSTATE.PM = 1) to c (unmasked), takes the exception again
 *                             at the same ELR, synchronously. Case 1 (c at the target EL): returning with
 *                             SPSR_ELx.PM = 1 as well lands masked, so PPEND is cleared: unmasking later
 *                             (PSTATE.PM = 0) takes nothing.
 *   sebep.not_sync.<ctx>      INPRDL, RFCXWT: counter 0 with SYNC = 0, and the cycle counter (which has no
 *                             synchronous mode), overflow: the exception is taken asynchronously (ISS[0] = 0),
 *                             SPSR_ELx.PPEND = 0 and PMIAR_EL1 keeps the value written before.
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "ebep.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/exception.h"
#include "test/test.h"
#include "tests.h"

#define RULES_SYNC "D13.3.3 RGHRZF RFHWMC RKYPTP RXLMVX RNZLVW ITSHPG RHLYTW RBVBYS RSSVKV"
#define RULES_RETURN "D13.3.3 RBVBYS RMQDPX Table D13-2 (cases 1, 2), ExceptionReturnPPEND"
#define RULES_NOT_SYNC "D13.3.3 INPRDL RFCXWT RKBPMJ"
#define PMIAR_SENTINEL 0x00000000DEAD0000ull
#define WINDOW_PRESET (0ull - 8) /* INST_RETIRED: overflows on about the eighth instruction after the ISB */
#define EXC_LIMIT 4u

#ifndef PMUCHECK_FORCE_GATES
#define PMUCHECK_FORCE_GATES 0
#endif

/* arg bits of at_ctx_overflow() */
#define RUN_SET_PM   BIT64(0) /* set PSTATE.PM = 0 before, 1 after (EL1..EL3) */
#define RUN_UNMASK   BIT64(1) /* after the overflow: PSTATE.PM = 0 again, then 1 (Table D13-2 case 1) */
#define RUN_WINDOW   BIT64(2) /* INST_RETIRED: sebep_window() instead of sebep_swinc() */
#define RUN_CYCLES   BIT64(3) /* spin for the cycle counter instead */

static struct pmu_exc_log exc_log;
static const char *const points[] = { "sebep.sync", "sebep.ppend_return", "sebep.not_sync" };
static const char *const rules_of[] = { RULES_SYNC, RULES_RETURN, RULES_NOT_SYNC };

/* The synchronous event found (PMU_EVENT_SW_INCR or PMU_EVENT_INST_RETIRED), or -1. */
static int sync_event = -1;

/* Runs in the source context. */
static uint64_t at_ctx_overflow(uint64_t arg)
{
	volatile unsigned spin;

	if (arg & RUN_SET_PM)
		ctx_set_pm(false);
	if (arg & RUN_CYCLES)
		for (spin = 0; spin < 2000; spin++)
			;
	else if (arg & RUN_WINDOW)
		sebep_window(WINDOW_PRESET);
	else
		sebep_swinc(BIT64(0));
	if (arg & RUN_UNMASK) {
		ctx_set_pm(true);
		ctx_set_pm(false);
	}
	if (arg & RUN_SET_PM)
		ctx_set_pm(true);
	return 0;
}

/* The controls that make the exception enabled and unmasked at c (PM = 0): see the header comment. */
static void sync_state(struct pmu_state *s, enum ctx c)
{
	unsigned el = ctx_el(c);

	pmu_state_init(s, c);
	s->pmcr_el0 = PMCR_EL0_E_BIT;
	s->mdcr_el3 |= FIELD_PREP(MDCR_EL3, PMEE, el == 3 ? 3 : 1);
	if (features.el2)
		s->mdcr_el2 |= FIELD_PREP(MDCR_EL2, PMEE, el == 2 ? 3 : 1);
	s->pmecr_el1 = PMECR_EL1_KPME_BIT | FIELD_PREP(PMECR_EL1, PMEE, el <= 1 ? 3 : 0);
}

/*
 * D13.5: find an event that still counts with PMEVTYPER0_EL0.SYNC = 1 (a synchronous event), at the
 * orchestrator with the exception disabled. Returns it, or -1 (then *why says what was tried).
 */
static int find_sync_event(void)
{
	static const unsigned candidates[] = { PMU_EVENT_SW_INCR, PMU_EVENT_INST_RETIRED };
	struct pmu_state s;
	unsigned i;

	for (i = 0; i < 2; i++) {
		uint64_t count;

		if (!(read_pmceid0_el0() & BIT64(candidates[i])))
			continue;
		pmu_state_init(&s, pmu_orchestrator_ctx());
		s.pmcr_el0 = PMCR_EL0_E_BIT;
		s.pmcntenset_el0 = BIT64(0);
		s.pmevtyper[0] = PMU_FILTER_ALL | PMEVTYPER_SYNC_BIT | candidates[i];
		pmu_program(&s);
		write_pmswinc_el0(BIT64(0));
		ebep_wait(0);
		isb();
		count = read_pmevcntr(0);
		pmu_stop();
		printf("# sebep: event 0x%02x with PMEVTYPER0_EL0.SYNC = 1 counted %llu: %s\n", candidates[i],
		       (unsigned long long)count, count ? "a synchronous event" : "not a synchronous event (D13.5)");
		if (count)
			return (int)candidates[i];
	}
	return -1;
}

/* Program counter 0 (or the cycle counter) for context c, PMIAR_EL1 to the sentinel; false on a faulting access. */
static bool program(struct check_group *g, enum ctx c, struct pmu_state *s, bool sync, bool cycles)
{
	uint64_t v;

	sync_state(s, c);
	if (cycles) {
		s->pmcntenset_el0 = PMU_CNT_C_BIT;
		s->pmccfiltr_el0 = PMU_FILTER_ALL;
	} else {
		s->pmcntenset_el0 = BIT64(0);
		s->pmevtyper[0] = (sync_event == PMU_EVENT_INST_RETIRED ? pmu_filter_only_at(c) : PMU_FILTER_ALL) |
				  (sync ? PMEVTYPER_SYNC_BIT : 0) | (unsigned)sync_event;
	}
	pmu_program(s);
	v = s->pmecr_el1;
	if (!ebep_pmecr_access(g, true, &v))
		return false;
	v = PMIAR_SENTINEL;
	if (!ebep_pmiar_access(g, true, &v))
		return false;
	if (cycles)
		write_pmccntr_el0(0ull - 1000);
	else if (sync_event == PMU_EVENT_SW_INCR)
		write_pmevcntr(0, ~0ull); /* 64-bit overflow: LP is Effectively 1 (RQZJKS) */
	write_pmintenset_el1(cycles ? PMU_CNT_C_BIT : BIT64(0));
	isb();
	return true;
}

static bool run(struct check_group *g, enum ctx c, uint64_t arg)
{
	uint64_t ret;

	pmu_exc_log_reset(&exc_log, EXC_LIMIT);
	exc_pmu_log = &exc_log;
	if (ctx_call(c, at_ctx_overflow, arg | (ctx_el(c) ? RUN_SET_PM : 0), &ret) == CTX_OK)
		return true;
	exc_pmu_log = NULL;
	check(g, false, "an unexpected exception ended the call in %s", ctx_name(c));
	exc_record_print(&exc_unexpected);
	return false;
}

static void finish(void)
{
	exc_pmu_log = NULL;
	write_pmovsclr_el0(MASK64(31, 0));
	write_pmintenclr_el1(MASK64(31, 0));
	isb();
	pmu_stop();
	baseline_restore_all();
}

/* The first exception of the log: a PMU exception to EL target, synchronous or not; prints what differs. */
static bool check_first(struct check_group *g, unsigned target, bool synchronous, const char *what)
{
	const struct pmu_exc_entry *e = &exc_log.e[0];

	if (!check(g, exc_log.count >= 1, "%s: no PMU exception taken (expected one to EL%u)", what, target))
		return false;
	check(g, e->el == target, "%s: taken to EL%u, expected EL%u", what, e->el, target);
	return check(g, esr_is_pmu_exception(e->esr) && esr_pmu_synchronous(e->esr) == synchronous &&
			 esr_pmu_fsc(e->esr) == 0,
		     "%s: ESR_EL%u = 0x%llx (EC 0x%02x, ISS[0] %u, fsc %u), expected EC 0x3D, ISS[0] %u, fsc 0", what, e->el,
		     (unsigned long long)e->esr, (unsigned)FIELD_GET(ESR, EC, e->esr), esr_pmu_synchronous(e->esr),
		     esr_pmu_fsc(e->esr), synchronous);
}

static void check_sync(enum ctx c, unsigned target)
{
	struct check_group g;
	struct pmu_state s;
	uint64_t pmiar = 0, insn, next;
	bool window = sync_event == PMU_EVENT_INST_RETIRED;

	if (!group_begin(&g, RULES_SYNC, "sebep.sync.%s", ctx_name(c)))
		return;
	if (program(&g, c, &s, true, false) && run(&g, c, window ? RUN_WINDOW : 0) &&
	    check_first(&g, target, true, "overflow of counter 0 in synchronous mode") &&
	    ebep_pmiar_access(&g, false, &pmiar)) {
		const struct pmu_exc_entry *e = &exc_log.e[0];

		insn = window ? pmiar : (uint64_t)(uintptr_t)sebep_swinc_insn;
		next = insn + 4;
		if (window)
			check(&g, pmiar >= (uint64_t)(uintptr_t)sebep_window_start && pmiar < (uint64_t)(uintptr_t)sebep_window_end,
			      "PMIAR_EL1 = 0x%llx, expected an instruction of the NOP run 0x%llx..0x%llx (RNZLVW)",
			      (unsigned long long)pmiar, (unsigned long long)(uintptr_t)sebep_window_start,
			      (unsigned long long)(uintptr_t)sebep_window_end);
		else
			check(&g, pmiar == insn, "PMIAR_EL1 = 0x%llx, expected 0x%llx: the MSR PMSWINC_EL0 that overflowed "
			      "counter 0 (RNZLVW)", (unsigned long long)pmiar, (unsigned long long)insn);
		check(&g, e->elr == next, "ELR_EL%u = 0x%llx, expected 0x%llx: taken in place of the next instruction "
		      "(ITSHPG)", e->el, (unsigned long long)e->elr, (unsigned long long)next);
		check(&g, (e->spsr & SPSR_PPEND_BIT) != 0, "SPSR_EL%u = 0x%llx: PPEND (bit 33) 0, expected 1: PSTATE.PPEND "
		      "copied on entry (RBVBYS)", e->el, (unsigned long long)e->spsr);
		check(&g, e->from_el == ctx_el(c), "SPSR_EL%u.M says EL%u, the overflow was at EL%u", e->el, e->from_el,
		      ctx_el(c));
		check(&g, exc_log.count == 1, "%u PMU exceptions, expected 1", exc_log.count);
	}
	finish();
	group_end(&g);
}

static void check_return(enum ctx c, unsigned target)
{
	struct check_group g;
	struct pmu_state s, at_target;
	unsigned want;
	bool window = sync_event == PMU_EVENT_INST_RETIRED;

	if (!group_begin(&g, RULES_RETURN, "sebep.ppend_return.%s", ctx_name(c)))
		return;
	/* case 2: the handler returns with SPSR_ELx.PPEND = 1 once */
	if (program(&g, c, &s, true, false)) {
		uint64_t ret;

		pmu_exc_log_reset(&exc_log, EXC_LIMIT);
		exc_log.keep_ppend = 1;
		exc_pmu_log = &exc_log;
		if (ctx_call(c, at_ctx_overflow, (window ? RUN_WINDOW : 0) | (ctx_el(c) ? RUN_SET_PM : 0), &ret) != CTX_OK) {
			check(&g, false, "an unexpected exception ended the call in %s", ctx_name(c));
			exc_record_print(&exc_unexpected);
		} else if (check_first(&g, target, true, "case 2 overflow")) {
			at_target = s;
			at_target.el = target;
			want = pmu_exception_return_ppend(ebep_model_features(), &at_target, target, true, exc_log.e[0].spsr, false,
							  false);
			check(&g, want == 2u, "model: the return from EL%u to EL%u with SPSR.PPEND = 1 gives PPEND 1 (case 2)",
			      target, ctx_el(c));
			check(&g, exc_log.count == 2, "Table D13-2 case 2: handler returned with SPSR_EL%u.PPEND = 1 from "
			      "masked (EL%u, PM = 1) to unmasked (EL%u, PM = 0): %u PMU exceptions, expected 2", target,
			      target, ctx_el(c), exc_log.count);
			if (exc_log.count >= 2)
				check(&g, exc_log.e[1].elr == exc_log.e[0].elr && esr_pmu_synchronous(exc_log.e[1].esr),
				      "case 2: the second exception ELR 0x%llx (first 0x%llx), ISS[0] %u: expected the same "
				      "ELR, synchronous (PPEND observed by the target instruction)",
				      (unsigned long long)exc_log.e[1].elr, (unsigned long long)exc_log.e[0].elr,
				      esr_pmu_synchronous(exc_log.e[1].esr));
		}
	}
	finish();
	/* case 1: source and target at the same EL; the return sets SPSR_ELx.PM = 1 as well */
	if (ctx_el(c) == target && program(&g, c, &s, true, false)) {
		uint64_t ret;

		pmu_exc_log_reset(&exc_log, EXC_LIMIT);
		exc_log.keep_ppend = 1;
		exc_log.set_pm = true;
		exc_pmu_log = &exc_log;
		if (ctx_call(c, at_ctx_overflow, (window ? RUN_WINDOW : 0) | RUN_SET_PM | RUN_UNMASK, &ret) != CTX_OK) {
			check(&g, false, "an unexpected exception ended the call in %s", ctx_name(c));
			exc_record_print(&exc_unexpected);
		} else if (check_first(&g, target, true, "case 1 overflow")) {
			at_target = s;
			want = pmu_exception_return_ppend(ebep_model_features(), &at_target, target, true,
							  exc_log.e[0].spsr | SPSR_PM_BIT, false, false);
			check(&g, want == 1u, "model: the return to EL%u with SPSR.PM = 1 gives PPEND 0 (case 1)", target);
			check(&g, exc_log.count == 1, "Table D13-2 case 1: handler returned with SPSR_EL%u.PPEND = 1 and PM = 1 "
			      "(masked before and after), then PSTATE.PM = 0: %u PMU exceptions, expected 1 (PPEND cleared)",
			      target, exc_log.count);
		}
	}
	finish();
	group_end(&g);
}

static void check_not_sync(enum ctx c, unsigned target)
{
	struct check_group g;
	struct pmu_state s;
	uint64_t pmiar = 0;
	unsigned cyc;

	if (!group_begin(&g, RULES_NOT_SYNC, "sebep.not_sync.%s", ctx_name(c)))
		return;
	for (cyc = 0; cyc < 2; cyc++) {
		const char *what = cyc ? "cycle counter overflow (RFCXWT: no synchronous mode)"
				       : "counter 0 overflow with PMEVTYPER0_EL0.SYNC = 0 (INPRDL)";

		if (program(&g, c, &s, false, cyc) &&
		    run(&g, c, cyc ? RUN_CYCLES : sync_event == PMU_EVENT_INST_RETIRED ? RUN_WINDOW : 0) &&
		    check_first(&g, target, false, what) && ebep_pmiar_access(&g, false, &pmiar)) {
			check(&g, pmiar == PMIAR_SENTINEL, "%s: PMIAR_EL1 = 0x%llx, expected unchanged 0x%llx", what,
			      (unsigned long long)pmiar, PMIAR_SENTINEL);
			check(&g, !(exc_log.e[0].spsr & SPSR_PPEND_BIT), "%s: SPSR_EL%u.PPEND = 1, expected 0", what,
			      exc_log.e[0].el);
		}
		finish();
	}
	group_end(&g);
}

void test_sebep(void)
{
	const char *why;
	unsigned i, p;
	bool pm_entry;

	if (!pmu_implemented(&features.pmu))
		why = "PMUv3 not implemented (ID_AA64DFR0_EL1.PMUVer)";
	else if (!sebep_gate())
		why = !features.ebep ? "FEAT_EBEP not implemented (ID_AA64DFR1_EL1.EBEP == 0)"
				     : "FEAT_SEBEP not implemented (ID_AA64DFR0_EL1.SEBEP == 0)";
	else if (features.el3 && orchestrator_el < 3)
		why = "EL3 implemented, and pmucheck was not entered at EL3: MDCR_EL3.PMEE is not ours to program";
	else if ((sync_event = find_sync_event()) < 0 && PMUCHECK_FORCE_GATES)
		sync_event = PMU_EVENT_SW_INCR, why = NULL; /* forced open: go on, and meet the missing registers */
	else if (sync_event < 0)
		why = "neither SW_INCR nor INST_RETIRED counts with PMEVTYPER<n>_EL0.SYNC = 1 (D13.5): no synchronous "
		      "event to test with (RXLMVX)";
	else
		why = NULL;
	pm_entry = features.ebep && ctx_get_pm();
	if (!why && features.ebep)
		ctx_set_pm(true);
	for (i = 0; i < CTX_COUNT; i++) {
		enum ctx c = (enum ctx)i;
		const char *cwhy = why ? why : pmu_context_skip_reason_a64(c, false, "FEAT_SEBEP: the PMU Profiling "
									     "exception is taken to AArch64 only "
									     "(PSTATE.PM, PMEVTYPER<n>_EL0.SYNC)");

		if (!cwhy)
			cwhy = pmu_el2_control_why(); /* MDCR_EL2.PMEE */
		struct pmu_state s;
		enum pmu_ebep_outcome o = PMU_EBEP_DIS;

		if (!cwhy) {
			sync_state(&s, c);
			o = pmu_ebep_outcome(ebep_model_features(), &s, ctx_el(c), false);
			if (o < PMU_EBEP_EL1)
				cwhy = "the model finds no control setting that takes the exception at this context";
		}
		if (cwhy) {
			for (p = 0; p < 3; p++)
				pmu_skip_at(points[p], c, rules_of[p], cwhy);
			continue;
		}
		check_sync(c, o - PMU_EBEP_EL1 + 1);
		check_return(c, o - PMU_EBEP_EL1 + 1);
		check_not_sync(c, o - PMU_EBEP_EL1 + 1);
	}
	baseline_restore_all();
	if (features.ebep)
		ctx_set_pm(pm_entry); /* with every PMEE back at reset: nothing pending can be taken here */
}
