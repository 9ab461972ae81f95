/*
 * exc_events.c - D11.7.2 "Accuracy of event filtering: Exception-related events": each exception-related event is
 * counted exactly, in the state it occurred in and nowhere else, at every context.
 *
 * exc_events.<cause>.<ctx>
 *     The context makes EXC_EVENTS_K occurrences of <cause> in one call, and none in an identical call; the
 *     difference of the counts is what the occurrences generated. The causes:
 *       svc, hvc, smc; smc_trap: SMC at EL1 trapped to EL2 by HCR_EL2.TSC (EXC_TRAP_OTHER, not EXC_SMC);
 *       undef: UDF; dabort: a load from a stack's unmapped guard half; pabort: a BLR to it;
 *       trap_dabort, trap_pabort: the same at Non-secure EL1 and EL0 to a page only stage 2 leaves out
 *       (lib/mmu/stage2.h, HCR_EL2.VM 1: taken to EL2, not locally);
 *       irq: PMUIRQ taken at the context's own EL (EL1, EL2); trap_irq: PMUIRQ routed above the context
 *       (HCR_EL2.IMO to EL2, SCR_EL3.IRQ to EL3 for the Secure ones); fiq: PMUIRQ as a Group 0 FIQ at EL3;
 *       sysreg_trap: a register access trapped to a higher level (MDCR_EL2.TPM or MDCR_EL3.TPM; at EL0 an EL1
 *       register, UNDEFINED there);
 *       cid_write: CONTEXTIDR_EL1/EL2 rewritten; ttbr_write: TTBR0_ELx rewritten, which TTBR_WRITE_RETIRED counts at
 *       EL1 and in the EL2&0 regime, and must not at EL2 with HCR_EL2.E2H 0 nor at EL3.
 *     At the AArch32 contexts the A32 agent makes undef (UDF) and svc (SVC #0, a nop call): taken to AArch64 EL1
 *     from ns_el0_a32, to AArch32 EL1's own vectors elsewhere, which return with SUBS PC, LR (an AArch32
 *     exception return).
 *     Six event counters count EXC_TAKEN, EXC_RETURN, the event that classifies the cause (EXC_SVC, EXC_UNDEF,
 *     EXC_TRAP_OTHER, ...: lib/model/pmu_exc_events.h), its counterpart across "taken locally" (the event the cause
 *     would be if taken the other way, which must not count), CID_WRITE_RETIRED and TTBR_WRITE_RETIRED, all with one
 *     filter, for every combination of the filter bits the PE implements (PMEVTYPER<n>_EL0.{P, U, NSK, NSU, NSH,
 *     M, SH}). Each counter must count EXC_EVENTS_K exactly where the model says: the source's events where
 *     CountPMUEvents() counts in the state the exception is taken from (never the one it is taken to: "The PMU
 *     must not count an exception after it has been taken"), EXC_RETURN where it counts in the handler's state
 *     (the return is executed there, before it returns), a write's event in the writer's; else 0.
 *     Exceptions the pmucheck services do not handle (UDF, aborts, traps, SVC above EL1) are expected (the
 *     level that takes them records and steps over them): each must be taken once, at the expected level, with
 *     the expected ESR_ELx.EC (at an AArch32 EL1: by the expected vector).
 *     The interrupts come from the cycle counter's overflow flag (run_cause()), each must be taken at the expected
 *     level with PMUIRQ's INTID, EXC_EVENTS_K times.
 *     Presence: EXC_TAKEN, EXC_RETURN, CID_WRITE_RETIRED and TTBR_WRITE_RETIRED by PMCEID0_EL0 (bits 9, 10, 11,
 *     28); the events from 0x0081 have no PMCEID bit (PMCEID0/1_EL0 describe 0x0000-0x003F and 0x4000-0x403F):
 *     one that counts nothing under the filter that counts everywhere while EXC_TAKEN counts is taken to be not
 *     implemented, and its counter's claims are left out (the TAP line says which); its counterpart is still
 *     checked, and under that filter a sweep counts every classifying event (classify_sweep()): exactly the model's
 *     must count, so a wrong classification fails whatever the PE implements.
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "model/pmu_exc_events.h"
#include "mmu/stage2.h"
#include "platform/platform_desc.h"
#include "pmu_irq.h"
#include "pmu_util.h"
#include "runtime/aarch32.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "runtime/stacks.h"
#include "test/test.h"
#include "tests.h"

#define EXC_EVENTS_K 3 /* occurrences per call */
#define RULES_EXC "D11.7.2 (EXC_TAKEN, EXC_RETURN, CID_WRITE_RETIRED, TTBR_WRITE_RETIRED, EXC_UNDEF, EXC_SVC, " \
		  "EXC_PABORT, EXC_DABORT, EXC_IRQ, EXC_FIQ, EXC_SMC, EXC_HVC, EXC_TRAP_PABORT, EXC_TRAP_DABORT, " \
		  "EXC_TRAP_OTHER, EXC_TRAP_IRQ), CountPMUEvents"

/*
 * A test point's cause: what the context makes, and whether it is taken above the context: an interrupt routed
 * to the AArch64 level above it (pmu_irq_route()), an abort made at stage 2 (lib/mmu/stage2.h, taken to EL2).
 * In the order of the test points.
 */
struct exc_case {
	const char *name;
	enum exc_cause cause;
	bool up;
};
static const struct exc_case cases[] = {
	{ "svc", EXC_CAUSE_SVC, false },	      { "hvc", EXC_CAUSE_HVC, false },
	{ "smc", EXC_CAUSE_SMC, false },	      { "smc_trap", EXC_CAUSE_SMC_TRAP, false },
	{ "undef", EXC_CAUSE_UNDEF, false },
	{ "dabort", EXC_CAUSE_DABORT, false },	      { "pabort", EXC_CAUSE_PABORT, false },
	{ "trap_dabort", EXC_CAUSE_DABORT, true },    { "trap_pabort", EXC_CAUSE_PABORT, true },
	{ "sysreg_trap", EXC_CAUSE_SYSREG, false },   { "cid_write", EXC_CAUSE_CID_WRITE, false },
	{ "ttbr_write", EXC_CAUSE_TTBR_WRITE, false }, { "irq", EXC_CAUSE_IRQ, false },
	{ "trap_irq", EXC_CAUSE_IRQ, true },	      { "fiq", EXC_CAUSE_FIQ, false },
};

static bool cause_is_interrupt(enum exc_cause cause)
{
	return cause == EXC_CAUSE_IRQ || cause == EXC_CAUSE_FIQ;
}

/* A load from here faults at every EL: the guard half of EL0's stack slot, unmapped in every regime (stacks.h). */
static uint64_t unmapped_va(void)
{
	return stack_guard(pe_current, 0);
}

/* The address case x's abort uses: a stage 2 fault's the page the stage 2 leaves out, else unmapped_va(). */
static uint64_t abort_va(const struct exc_case *x)
{
	return x->up ? (uint64_t)(uintptr_t)stage2_hole_page : unmapped_va();
}

/* The stage 2 values stage2_build() gave (stage2_why()). */
static uint64_t s2_vttbr, s2_vtcr;

/*
 * HCR_EL2.VM set (with VTCR_EL2 and VTTBR_EL2 from stage2_build()) or cleared, and the Non-secure EL1&0 regime's
 * TLB entries invalidated either way (TLBI VMALLS12E1IS: from EL3 with SCR_EL3.NS 1, the regime's Security state),
 * so that no entry from before the switch is used after it.
 */
static void stage2_switch(bool on)
{
	if (orchestrator_el == 3)
		el3_select_world(false, false);
	if (on) {
		write_vtcr_el2(s2_vtcr);
		write_vttbr_el2(s2_vttbr);
	}
	write_hcr_el2(on ? read_hcr_el2() | HCR_EL2_VM_BIT : read_hcr_el2() & ~HCR_EL2_VM_BIT);
	__asm__ volatile("isb\n\tdsb ishst\n\ttlbi vmalls12e1is\n\tdsb ish\n\tisb" ::: "memory");
	if (orchestrator_el == 3)
		el3_select_world(true, false);
}

/* Why context c cannot take a stage 2 abort (pmucheck's stage 2: Non-secure EL1&0, its EL2), or NULL. */
static const char *stage2_why(enum ctx c)
{
	const char *why;

	if (ctx_el(c) >= 2)
		return "a stage 2 fault needs EL1 or EL0: no stage of translation above EL2 takes an abort to a higher level";
	if (ctx_host_el0(c))
		return "the host EL0 (HCR_EL2.{E2H,TGE} = {1,1}) has no stage 2 translation";
	if (ctx_secure(c))
		return "pmucheck sets up the Non-secure EL1&0 regime's stage 2 (VTTBR_EL2) only, not the Secure one (VSTTBR_EL2)";
	if (!pmu_owns_el2())
		return "HCR_EL2.VM not owned (no EL2, or entered below EL2)";
	if (!stage2_build((uint64_t)(uintptr_t)stage2_hole_page, &s2_vttbr, &s2_vtcr, &why))
		return why;
	return NULL;
}

/*
 * At the context: `arg` = cause | k << 8 | el << 16 | (va >> 12) << 24 (va: the address an abort uses, 4KB-aligned:
 * unmapped_va(), stage2_hole_page). Makes k occurrences,
 * each naming itself in x10 (EXC_TAG_REG) for the expectation table. Returns 0.
 */
static uint64_t at_ctx_cause(uint64_t arg)
{
	unsigned cause = arg & 0xff, k = (arg >> 8) & 0xff, el = (arg >> 16) & 0xff, i;
	uint64_t va = (arg >> 24) << 12, v;

	if (cause_is_interrupt((enum exc_cause)cause)) {
		/* PMUIRQ is already asserted (k > 0) and taken k times in a row (the handler cancels the k-th):
		 * routed above EL0 it is taken whatever PSTATE.I, so EL0, which may not unmask, spins (no memory
		 * access: its stage 1 may give it none) */
		if (el)
			pmu_irq_wait_at_ctx(k);
		else
			for (i = 0; i < PMU_IRQ_WAIT_TURNS; i++)
				__asm__ volatile("" ::: "memory");
		return 0;
	}
	for (i = 0; i < k; i++) {
		register uint64_t x0 __asm__("x0") = PMUCHECK_CALL_NOP;
		register uint64_t x10 __asm__("x10") = i;

		switch (cause) {
		case EXC_CAUSE_SVC: __asm__ volatile("svc #0" : "+r"(x0) : "r"(x10) : "memory"); break;
		case EXC_CAUSE_HVC: __asm__ volatile("hvc #0" : "+r"(x0) : "r"(x10) : "memory"); break;
		case EXC_CAUSE_SMC:
		case EXC_CAUSE_SMC_TRAP: __asm__ volatile("smc #0" : "+r"(x0) : "r"(x10) : "memory"); break;
		case EXC_CAUSE_UNDEF: __asm__ volatile("udf #0" : : "r"(x10) : "memory"); break;
		case EXC_CAUSE_DABORT: __asm__ volatile("ldr xzr, [%0]" : : "r"(va), "r"(x10) : "memory"); break;
		case EXC_CAUSE_PABORT: /* the abort's handler resumes at X30 (exception.h) */
			__asm__ volatile("blr %0" : : "r"(va), "r"(x10) : "x30", "memory");
			break;
		case EXC_CAUSE_SYSREG: /* EL0: an EL1 register (UNDEFINED); EL1, EL2: PMCR_EL0 under MDCR_ELx.TPM */
			if (el == 0)
				__asm__ volatile("mrs %0, sctlr_el1" : "=r"(v) : "r"(x10) : "memory");
			else
				__asm__ volatile("mrs %0, pmcr_el0" : "=r"(v) : "r"(x10) : "memory");
			break;
		case EXC_CAUSE_CID_WRITE: /* rewritten with its own value */
			if (el == 1)
				__asm__ volatile("mrs %0, contextidr_el1\n\tmsr contextidr_el1, %0" : "=&r"(v) : : "memory");
			else
				__asm__ volatile("mrs %0, s3_4_c13_c0_1\n\tmsr s3_4_c13_c0_1, %0" : "=&r"(v) : : "memory");
			break;
		case EXC_CAUSE_TTBR_WRITE: /* rewritten with its own value: the same tables, no TLB maintenance */
			if (el == 1)
				__asm__ volatile("mrs %0, ttbr0_el1\n\tmsr ttbr0_el1, %0" : "=&r"(v) : : "memory");
			else if (el == 2)
				__asm__ volatile("mrs %0, ttbr0_el2\n\tmsr ttbr0_el2, %0" : "=&r"(v) : : "memory");
			else
				__asm__ volatile("mrs %0, ttbr0_el3\n\tmsr ttbr0_el3, %0" : "=&r"(v) : : "memory");
			break;
		default: break;
		}
	}
	isb();
	return 0;
}

/* Whether EL2 is enabled for context c and pmucheck owns it (its service answers an HVC, MDCR_EL2 is written). */
static bool el2_there(enum ctx c)
{
	return pmu_owns_el2() && (!ctx_secure(c) || ctx_eel2(c));
}

/* Why no interrupt can be taken from context c as case x asks (pmu_irq_route()), or NULL. */
static const char *interrupt_why(enum ctx c, const struct exc_case *x)
{
	static char why[160];
	const char *gic_why = NULL;
	unsigned el = ctx_el(c);

	if (!pmu_irq_ready(&gic_why))
		return gic_why;
	if (x->cause == EXC_CAUSE_FIQ) {
		if (c != CTX_EL3)
			return "pmucheck signals PMUIRQ as a FIQ at EL3 only (Group 0 with SCR_EL3.FIQ 1); below EL3 it is a "
			       "Group 1 IRQ (exc_events.irq, exc_events.trap_irq)";
		if (!gic_has_security()) {
			snprintf(why, sizeof(why), "%s: no Group 0 FIQ for EL3", gic_one_security_state_why());
			return why;
		}
		return NULL;
	}
	if (!x->up) {
		if (el == 0)
			return "an IRQ taken to EL1 from EL0 needs PSTATE.I 0 there, and the EL0 contexts run with it 1 "
			       "(SCTLR_EL1.UMA 0: EL0 may not unmask); exc_events.trap_irq takes one from EL0";
		if (el == 3)
			return "pmucheck takes PMUIRQ at EL3 as a Group 0 FIQ (exc_events.fiq): a GICv3 signals Group 1 there "
			       "as FIQ too, so no IRQ is taken at EL3";
		return NULL;
	}
	if (el == 3)
		return "no Exception level above EL3 to route an IRQ to";
	if (ctx_host_el0(c))
		return "with HCR_EL2.{E2H, TGE} = {1, 1} PSTATE.I masks an IRQ to EL2 from EL0 too (D1.3 \"Asynchronous "
		       "exception masking\"), and the EL0 contexts run with it 1 (SCTLR_EL1.UMA 0: EL0 may not unmask)";
	if (el == 2 && !ctx_secure(c))
		return "an IRQ from Non-secure EL2 would be routed to EL3 (SCR_EL3.IRQ) as a Non-secure Group 1 interrupt, "
		       "which pmucheck's EL3 (SCR_EL3.NS 0) cannot acknowledge";
	return pmu_irq_route_up_why(c);
}

/*
 * Where case x's exception from context c is taken (its Exception level), 0 for a write; or why c cannot make it
 * (*why set, returns 0). *mdcr_tpm: the MDCR_EL2 (2) or MDCR_EL3 (3) whose TPM the trap needs, else 0.
 */
static unsigned cause_target(enum ctx c, const struct exc_case *x, unsigned *mdcr_tpm, const char **why)
{
	unsigned el = ctx_el(c), local = ctx_host_el0(c) ? 2 : el == 0 ? 1 : el;

	*why = NULL;
	*mdcr_tpm = 0;
	if (ctx_aarch32(c) && x->cause != EXC_CAUSE_UNDEF && x->cause != EXC_CAUSE_SVC) {
		*why = "the A32 agent makes UDF and SVC exceptions only: the other causes are checked at the AArch64 contexts";
		return 0;
	}
	switch (x->cause) {
	case EXC_CAUSE_IRQ:
	case EXC_CAUSE_FIQ:
		*why = interrupt_why(c, x);
		return ctx_host_el0(c) ? 2 : pmu_irq_target_el(c, x->up);
	case EXC_CAUSE_SVC:
	case EXC_CAUSE_UNDEF:
		return local;
	case EXC_CAUSE_DABORT:
	case EXC_CAUSE_PABORT:
		if (x->up) {
			*why = stage2_why(c);
			return 2;
		}
		return local;
	case EXC_CAUSE_HVC:
		if (el == 0 || el == 3)
			*why = "HVC is UNDEFINED at EL0 and EL3";
		else if (!el2_there(c))
			*why = "EL2 is not enabled here or not pmucheck's (no service answers the HVC)";
		return 2;
	case EXC_CAUSE_SMC:
		if (el == 0)
			*why = "SMC is UNDEFINED at EL0";
		else if (orchestrator_el != 3)
			*why = "EL3 is not pmucheck's (entered below EL3, or no EL3): no service answers the SMC";
		return 3;
	case EXC_CAUSE_SMC_TRAP:
		if (el != 1)
			*why = "HCR_EL2.TSC traps SMC at EL1 only (UNDEFINED at EL0; EL2 and EL3 take their own)";
		else if (!el2_there(c))
			*why = "EL2 is not enabled here or not pmucheck's (HCR_EL2.TSC)";
		return 2;
	case EXC_CAUSE_SYSREG:
		if (el == 0)
			return local;
		if (el == 1 && el2_there(c)) {
			*mdcr_tpm = 2;
			return 2;
		}
		if (el <= 2 && orchestrator_el == 3) {
			*mdcr_tpm = 3;
			return 3;
		}
		*why = "no higher level pmucheck owns to trap a PMU register access to (MDCR_EL2.TPM, MDCR_EL3.TPM)";
		return 0;
	case EXC_CAUSE_CID_WRITE:
		if (el == 0 || el == 3)
			*why = "CONTEXTIDR_EL1 and CONTEXTIDR_EL2 are written at EL1 and EL2 (EL3 has none; EL0 may not)";
		else if (el == 2 && !features.vhe)
			*why = "CONTEXTIDR_EL2 needs FEAT_VHE (ID_AA64MMFR1_EL1.VH == 0)";
		return 0;
	case EXC_CAUSE_TTBR_WRITE:
		if (el == 0)
			*why = "EL0 may not write a TTBR";
		return 0;
	default:
		*why = "not checked";
		return 0;
	}
}

/*
 * The counterpart of cause's classifying event across "taken locally", which must not count: the event the same
 * cause would be had it been taken the other way (an error in the model's classification then shows as a count
 * here); EXC_TRAP_OTHER for the causes classified one way only (HVC, SMC) and for the writes.
 */
static enum exc_event counterpart(enum exc_cause cause, bool local, enum exc_event ev)
{
	enum exc_event other;

	if (cause == EXC_CAUSE_SMC_TRAP)
		return EXC_EV_SMC; /* a trapped SMC is not an SMC taken to EL3 */
	other = exc_cause_event(cause, !local);
	return other == ev || other == EXC_EV_COUNT ? EXC_EV_TRAP_OTHER : other;
}

/* The ESR_ELx.EC an expected exception of cause must be taken with, from `from` to `to`. */
static unsigned expected_ec(enum exc_cause cause, unsigned from, unsigned to)
{
	switch (cause) {
	case EXC_CAUSE_SVC: return 0x15;  /* SVC from AArch64 */
	case EXC_CAUSE_SMC_TRAP: return ESR_EC_SMC64; /* SMC trapped by HCR_EL2.TSC */
	case EXC_CAUSE_DABORT: return from == to ? 0x25 : 0x24; /* Data Abort from the same / a lower EL */
	case EXC_CAUSE_PABORT: return from == to ? ESR_EC_IABT_CUR : ESR_EC_IABT_LOW;
	case EXC_CAUSE_SYSREG: return from == 0 ? 0x00 : 0x18; /* UNDEFINED; trapped MSR/MRS (MDCR_ELx.TPM) */
	default: return 0x00;       /* UDF: Unknown reason */
	}
}

/* Whether the level that takes cause's exception answers it as a pmucheck call (no expectation record used):
 * lib/runtime/exception.c exc_service(), SVC at EL1 and EL2, HVC at EL2, SMC at EL3. */
static bool serviced(enum exc_cause cause, unsigned to)
{
	return (cause == EXC_CAUSE_SVC && (to == 1 || to == 2)) || cause == EXC_CAUSE_HVC || cause == EXC_CAUSE_SMC;
}

/* The A32 agent's requests at an AArch32 context (run_cause()): k UDFs or SVCs, then the end; each request's
 * A32_OUT_* says whether AArch32 EL1 took its exception. */
static struct a32_op a32_ops[EXC_EVENTS_K + 1];

/*
 * One call at c making k occurrences (at an AArch32 context the A32 agent's UDF or SVC requests); the counters
 * after it (counters[n]). Returns the ctx_call() status. An interrupt's source is PMUIRQ, routed as x says (pmu_irq_route()) and asserted for k > 0 by the cycle counter's
 * overflow flag (PMOVSSET_EL0.C with PMINTENSET_EL1.C and PMCR_EL0.E: D13.3.1; the cycle counter itself stays
 * disabled), which the handler clears at the k-th interrupt (PMU_IRQ_CLEAR_AFTER).
 */
static int run_cause(enum ctx c, const struct exc_case *x, unsigned k, const struct pmu_state *s, unsigned nctr,
		     uint64_t *counters, struct exc_record *rec)
{
	bool irq = cause_is_interrupt(x->cause);
	uint64_t ret;
	unsigned n;
	int rc;

	pmu_program(s);
	if (irq) {
		pmu_irq_route(c, x->up);
		pmu_irq.mode = PMU_IRQ_CLEAR_AFTER;
		pmu_irq.clear_after = k ? k - 1 : 0;
		write_pmintenset_el1(PMU_CNT_C_BIT);
		if (k)
			write_pmovsset_el0(PMU_CNT_C_BIT);
		isb();
	}
	if (x->up && !irq)
		stage2_switch(true);
	if (x->cause == EXC_CAUSE_SMC_TRAP)
		write_hcr_el2(read_hcr_el2() | HCR_EL2_TSC_BIT);
	isb();
	exc_expect_table_begin(rec, EXC_EVENTS_K);
	if (ctx_aarch32(c)) {
		for (n = 0; n <= k; n++)
			a32_ops[n] = (struct a32_op){ .kind = n == k ? A32_OP_END
							      : x->cause == EXC_CAUSE_SVC ? A32_OP_SVC : A32_OP_UDF };
		rc = ctx_call_a32(c, a32_ops, &ret);
	} else {
		rc = ctx_call(c, at_ctx_cause, x->cause | (uint64_t)k << 8 | (uint64_t)ctx_el(c) << 16 |
						  (abort_va(x) >> 12) << 24, &ret);
	}
	exc_expect_table_end();
	if (x->cause == EXC_CAUSE_SMC_TRAP)
		write_hcr_el2(read_hcr_el2() & ~HCR_EL2_TSC_BIT);
	isb();
	if (x->up && !irq)
		stage2_switch(false);
	if (irq) {
		pmu_irq_unroute(c, x->up);
		write_pmintenclr_el1(PMU_CNT_C_BIT);
		write_pmovsclr_el0(PMU_CNT_C_BIT);
		isb();
	}
	pmu_stop();
	for (n = 0; n < nctr; n++)
		counters[n] = read_pmevcntr(n);
	return rc;
}

/* The events that classify an exception (D11.7.2's list after EXC_TAKEN .. TTBR_WRITE_RETIRED), EXC_TRAP_FIQ too. */
static const enum exc_event classifying[] = { EXC_EV_UNDEF, EXC_EV_SVC, EXC_EV_PABORT, EXC_EV_DABORT, EXC_EV_IRQ,
					      EXC_EV_FIQ, EXC_EV_SMC, EXC_EV_HVC, EXC_EV_TRAP_PABORT, EXC_EV_TRAP_DABORT,
					      EXC_EV_TRAP_OTHER, EXC_EV_TRAP_IRQ, EXC_EV_TRAP_FIQ };
#define N_CLASSIFYING (sizeof(classifying) / sizeof(classifying[0]))

/*
 * The classification sweep: every classifying event counted, as many at once as there are counters (at most 6),
 * under the filter of s (one that counts at the source), EXC_EVENTS_K occurrences against none. Exactly the
 * model's event `want` must count them, every other none: a wrong classification fails here even when the model's
 * event counts nothing (which the filter checks take to be an event the PE does not implement). When none counts
 * at all, the PE implements none of them for this cause: a `#` line says so. Returns false on an unexpected
 * exception (reported).
 */
static bool classify_sweep(struct check_group *g, enum ctx c, const struct exc_case *x, const struct pmu_state *base,
			   enum exc_event want, unsigned nctr, struct exc_record *rec)
{
	struct pmu_state s = *base;
	uint64_t none[6], some[6], delta[N_CLASSIFYING];
	uint64_t f = base->pmevtyper[0] & ~PMEVTYPER_evtCount_MASK;
	unsigned i, n, first, total = 0;

	for (first = 0; first < N_CLASSIFYING; first += nctr) {
		for (n = 0; n < nctr; n++)
			s.pmevtyper[n] = f | exc_event_number(classifying[(first + n) % N_CLASSIFYING]);
		if (run_cause(c, x, 0, &s, nctr, none, rec) != CTX_OK ||
		    run_cause(c, x, EXC_EVENTS_K, &s, nctr, some, rec) != CTX_OK) {
			check(g, false, "classification sweep: an unexpected exception at %s", ctx_name(c));
			exc_record_print(&exc_unexpected);
			baseline_restore_all();
			return false;
		}
		for (n = 0; n < nctr && first + n < N_CLASSIFYING; n++) {
			delta[first + n] = some[n] - none[n];
			total += (unsigned)delta[first + n];
		}
	}
	if (!total) {
		printf("# %s: no classifying event counted the %u occurrences (filter 0x%llx): the PE implements none for "
		       "this cause; %s not checked\n", g->name, EXC_EVENTS_K, (unsigned long long)f, exc_event_name(want));
		return true;
	}
	for (i = 0; i < N_CLASSIFYING; i++)
		check(g, delta[i] == (classifying[i] == want ? EXC_EVENTS_K : 0u), "classification sweep: %u %s from %s: "
		      "%s (0x%04x) counted %llu, expected %u (the model's event is %s)", EXC_EVENTS_K, x->name, ctx_name(c),
		      exc_event_name(classifying[i]), exc_event_number(classifying[i]), (unsigned long long)delta[i],
		      classifying[i] == want ? EXC_EVENTS_K : 0u, exc_event_name(want));
	return true;
}

/*
 * exc_events.<cause>.<ctx>: every filter combination, EXC_EVENTS_K occurrences against none (the module comment).
 * The counters: 0 EXC_TAKEN, 1 EXC_RETURN, 2 the classifying event, 3 its counterpart, 4 CID_WRITE_RETIRED,
 * 5 TTBR_WRITE_RETIRED (as many as the PE has).
 */
static void check_cause(enum ctx c, const struct exc_case *x)
{
	enum exc_cause cause = x->cause;
	struct check_group g;
	struct exc_record rec[EXC_EVENTS_K];
	struct pmu_state s, src, dst;
	enum exc_event ev[6];
	uint64_t bits[7], f, none[6], some[6], delta;
	unsigned from = ctx_el(c), to, tpm, nbits = pmu_filter_bits(bits), combo, n, nctr, i;
	unsigned want, events, absent = 0;
	const char *why;
	bool exception = exc_cause_is_exception(cause), probed = false, local;

	if (!group_begin(&g, RULES_EXC, "exc_events.%s.%s", x->name, ctx_name(c)))
		return;
	to = cause_target(c, x, &tpm, &why);
	if (why) {
		tap_skip(g.name, RULES_EXC, "%s", why);
		return;
	}
	if (!exception)
		to = from;
	events = exc_events_at_source(cause, from, to, ctx_vhe(c) || features.e2h_res1, ctx_host_el0(c));
	ev[0] = EXC_EV_TAKEN;
	ev[1] = EXC_EV_RETURN;
	/* a write: EXC_UNDEF and EXC_TRAP_OTHER, none of the exception events may count */
	local = exc_taken_locally(from, to);
	ev[2] = exception ? exc_cause_event(cause, local) : EXC_EV_UNDEF;
	ev[3] = counterpart(cause, local, ev[2]);
	ev[4] = EXC_EV_CID_WRITE;
	ev[5] = EXC_EV_TTBR_WRITE;
	/* the event of the cause must be advertised where PMCEID can say it (events below 0x40) */
	i = exception ? EXC_EV_TAKEN : (cause == EXC_CAUSE_CID_WRITE ? EXC_EV_CID_WRITE : EXC_EV_TTBR_WRITE);
	if (!pmu_event_implemented(exc_event_number((enum exc_event)i))) {
		tap_skip(g.name, RULES_EXC, "%s not in PMCEID0_EL0 (bit %u == 0)", exc_event_name((enum exc_event)i),
			 exc_event_number((enum exc_event)i));
		return;
	}
	nctr = features.pmu.num_counters < 6 ? features.pmu.num_counters : 6;
	for (n = 0; n < nctr; n++) /* absent per PMCEID: its claims left out */
		if (exc_event_number(ev[n]) < 0x40 && !pmu_event_implemented(exc_event_number(ev[n])))
			absent |= 1u << n;
	if (exception && !exc_event_classified(from, to, ctx_host_el0(c))) { /* the model leaves the classifying event open */
		absent |= 0xcu;
		printf("# %s: from the host EL0 to EL2 (HCR_EL2.{E2H,TGE} = {1,1}) the event descriptions do not say "
		       "whether the exception is taken locally: EXC_TAKEN and EXC_RETURN are checked, not %s or %s\n", g.name,
		       exc_event_name(ev[2]), exc_event_name(ev[3]));
	}
	for (combo = 0; combo <= (1u << nbits); combo++) {
		/* combo 0 twice: the first call only warms up. The suite's first call of all reads the orchestrator's
		 * PSTATE.PM once (FEAT_EBEP, lib/runtime/context.c ctx_run(): ctx_get_pm(), an SMC at EL3), an exception
		 * only that run would see */
		f = pmu_filter_combo(bits, nbits, combo ? combo - 1 : 0);
		pmu_state_init(&s, c);
		s.pmcr_el0 = PMCR_EL0_E_BIT;
		s.pmcntenset_el0 = BIT64(nctr) - 1;
		if (tpm == 2)
			s.mdcr_el2 |= MDCR_EL2_TPM_BIT;
		if (tpm == 3)
			s.mdcr_el3 |= MDCR_EL3_TPM_BIT;
		for (n = 0; n < nctr; n++)
			s.pmevtyper[n] = f | exc_event_number(ev[n]);
		if (run_cause(c, x, 0, &s, nctr, none, rec) != CTX_OK ||
		    run_cause(c, x, EXC_EVENTS_K, &s, nctr, some, rec) != CTX_OK) {
			check(&g, false, "filter 0x%llx: an unexpected exception at %s", (unsigned long long)f, ctx_name(c));
			exc_record_print(&exc_unexpected);
			baseline_restore_all();
			break;
		}
		if (!combo)
			continue;
		if (cause_is_interrupt(cause))
			check(&g, pmu_irq.count == EXC_EVENTS_K && pmu_irq.el == to && pmu_irq.intid == plat.pmu_intid &&
			      pmu_irq.type == (cause == EXC_CAUSE_FIQ ? EXC_TYPE_FIQ : EXC_TYPE_IRQ),
			      "%s at %s: %u interrupts taken (the last INTID %llu at EL%u as %s), expected %u %s with INTID %u "
			      "at EL%u", x->name, ctx_name(c), pmu_irq.count, (unsigned long long)pmu_irq.intid, pmu_irq.el,
			      pmu_irq.type == EXC_TYPE_FIQ ? "FIQ" : "IRQ", EXC_EVENTS_K,
			      cause == EXC_CAUSE_FIQ ? "FIQs" : "IRQs", plat.pmu_intid, to);
		else if (ctx_el1_aarch32(c))
			for (i = 0; i < EXC_EVENTS_K; i++)
				check(&g, a32_ops[i].out & (cause == EXC_CAUSE_SVC ? A32_OUT_SVC : A32_OUT_UNDEF),
				      "%s %u at %s: AArch32 EL1's %s vector did not take it (A32_OUT flags 0x%x)", x->name, i,
				      ctx_name(c), cause == EXC_CAUSE_SVC ? "Supervisor Call" : "Undefined Instruction",
				      (unsigned)a32_ops[i].out);
		else if (exception && !serviced(cause, to))
			for (i = 0; i < EXC_EVENTS_K; i++)
				check(&g, rec[i].taken && rec[i].el == to &&
				      ((rec[i].esr & ESR_EC_MASK) >> ESR_EC_SHIFT) == expected_ec(cause, from, to),
				      "%s %u at %s: taken %d at EL%u with EC 0x%02llx, expected at EL%u with EC 0x%02x",
				      x->name, i, ctx_name(c), rec[i].taken, rec[i].el,
				      (unsigned long long)((rec[i].esr & ESR_EC_MASK) >> ESR_EC_SHIFT), to,
				      expected_ec(cause, from, to));
		src = s;
		dst = s;
		dst.el = to;
		dst.secure = to == 3 || s.secure; /* EL3 is Secure (without FEAT_RME) */
		if (!probed && count_pmu_events(&features.pmu, &src, 2) && some[0] - none[0] == EXC_EVENTS_K) {
			/* the filter counts at the source and EXC_TAKEN counted: an event above 0x3F that counted nothing
			 * is taken to be not implemented (no PMCEID bit says) */
			probed = true;
			if (exception && exc_event_classified(from, to, ctx_host_el0(c)) &&
			    !classify_sweep(&g, c, x, &s, ev[2], nctr, rec))
				break;
			for (n = 2; n < 4 && n < nctr; n++)
				if (exc_event_number(ev[n]) >= 0x40 && some[n] == none[n] && (events & (1u << ev[n]))) {
					absent |= 1u << n;
					printf("# %s: %s (0x%04x) counted nothing where EXC_TAKEN counted %u: taken to be not "
					       "implemented (PMCEID0/1_EL0 have no bit for it); its counts are not checked\n",
					       g.name, exc_event_name(ev[n]), exc_event_number(ev[n]), EXC_EVENTS_K);
				}
		}
		for (n = 0; n < nctr; n++) {
			if (absent & (1u << n))
				continue;
			if (ev[n] == EXC_EV_RETURN)
				want = exception && exc_return_follows(cause) && count_pmu_events(&features.pmu, &dst, n)
				       ? EXC_EVENTS_K : 0;
			else
				want = (events & (1u << ev[n])) && count_pmu_events(&features.pmu, &src, n) ? EXC_EVENTS_K : 0;
			delta = some[n] - none[n];
			check(&g, delta == want, "%u %s from %s to EL%u: PMEVTYPER%u_EL0=0x%llx (%s) counted %llu more than "
			      "with none (%llu against %llu), expected %u", EXC_EVENTS_K, x->name, ctx_name(c), to, n,
			      (unsigned long long)s.pmevtyper[n], exc_event_name(ev[n]), (unsigned long long)delta,
			      (unsigned long long)some[n], (unsigned long long)none[n], want);
		}
	}
	group_end(&g);
}

void test_exc_events(void)
{
	const char *why;
	unsigned c, i;

	exc_irq_hook = pmu_irq_hook; /* the interrupts' handler: PMUIRQ is the only interrupt source */
	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, false);
		if (!why)
			why = pmu_el2_traps_why();
		for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			char name[64];

			if (!why) {
				check_cause((enum ctx)c, &cases[i]);
				continue;
			}
			snprintf(name, sizeof(name), "exc_events.%s", cases[i].name);
			pmu_skip_at(name, (enum ctx)c, RULES_EXC, why);
		}
	}
	exc_irq_hook = NULL;
	baseline_restore_all();
}
