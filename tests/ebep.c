/*
 * ebep.c - D13.3.2 Exception-based event profiling (FEAT_EBEP): Table D13-1 on the hardware.
 *
 * For every source context c (the context the overflow happens in) and every combination of the Table D13-1
 * controls (MDCR_EL3.PMEE, MDCR_EL2.PMEE, HCR_EL2.TGE, PMECR_EL1.PMEE, PMECR_EL1.KPME, PSTATE.PM; each X of the
 * table expanded to all its values) the orchestrator programs the controls, arms PMINTENSET_EL1.P0 with
 * PMCR_EL0.E = 1, and c runs RHFTPJ's sequence (ebep_raise: MSR PMOVSSET_EL0 sets P0, ISB, NOP). What follows
 * is classified as a Table D13-1 cell:
 *   ELx  a PMU Profiling exception (ESR_ELx.EC == 0x3D, ISS[0] = 0: asynchronous, fsc 0) taken to ELx at the
 *        synchronous vector (IKLVCH) before the NOP completes (ELR = the ISB or the NOP: RHFTPJ)
 *   IRQ  no exception, and PMUIRQ asserted: the PMU PPI pending at the GIC (the PPI is disabled there, so it
 *        is observed and never taken)
 *   Msk  no exception, PMUIRQ not asserted, and the exception taken once the flag meets an unmasked context
 *        (a probe context where the model says the exception is taken runs ebep_wait: RDKCTL's "finite time"
 *        made a bounded wait)
 *   Dis  none of these
 * and must be among the outcomes the model permits (pmu_ebep_permitted(): the one cell, or the readings of a
 * reserved PMEE encoding). Test points:
 *   ebep.irq.<ctx>          the combinations with every PMEE field 0b00 (Table D13-1 rows 1 and 2): PMUIRQ,
 *                           no exception. These need no FEAT_EBEP control (the fields are RES0 without it,
 *                           and PMUInterruptEnabled() is TRUE), so they run on every PMUv3 PE.
 *   ebep.table_d13_1.<ctx>  every other combination (FEAT_EBEP: ID_AA64DFR1_EL1.EBEP).
 *   ebep.rpfdlq             IPFDLQ with RQZJKS/RNTZHW: with the exception enabled (and masked), PMUIRQ stays
 *                           deasserted, and PMCR_EL0.LP, LC and MDCR_EL2.HLP (all programmed 0) act as 1: event
 *                           counters in both ranges and the cycle counter cross 2^32 without an overflow flag.
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "drivers/gic/gic.h"
#include "ebep.h"
#include "mmu/mmu.h"
#include "platform/platform_desc.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/exception.h"
#include "runtime/stacks.h"
#include "smp/pe_start.h"
#include "test/test.h"
#include "tests.h"

#define RULES_TABLE "D13.3.2 RCXBNL RGWLVY RSCBDZ RKBPMJ RHFTPJ RDKCTL IKLVCH Table D13-1"
#define RULES_IRQ "D13.3.2 Table D13-1 (PMEE 0b00: PMUIRQ), PMUInterruptEnabled, D13.3.1"
#define RULES_IPFDLQ "D13.3.2 IPFDLQ, D13.3 RQZJKS RNTZHW (LP, HLP, LC Effectively 1)"
#define EXC_LIMIT 4u
#define IRQ_POLLS 200u /* GICR_ISPENDR0 or GICD_ISPENDR0 reads before PMUIRQ counts as not asserted */

#ifndef PMUCHECK_FORCE_GATES
#define PMUCHECK_FORCE_GATES 0
#endif

static struct pmu_exc_log exc_log;

bool ebep_gate(void)
{
	return features.ebep != 0 || PMUCHECK_FORCE_GATES;
}

bool sebep_gate(void)
{
	return (features.ebep != 0 && features.sebep != 0) || PMUCHECK_FORCE_GATES;
}

bool snapshot_gate(void)
{
	return features.pmu.pmss || PMUCHECK_FORCE_GATES;
}

const struct pmu_features *ebep_model_features(void)
{
	static struct pmu_features f;

	f = features.pmu;
	if (PMUCHECK_FORCE_GATES)
		f.ebep = f.sebep = f.pmss = true;
	return &f;
}

bool ebep_el2_enabled_for(enum ctx c)
{
	return features.el2 && (!ctx_secure(c) || ctx_eel2(c));
}

bool ebep_guarded_access(struct check_group *g, const char *reg, void (*access)(bool write, uint64_t *value),
			 bool write, uint64_t *value)
{
	struct exc_record rec;
	bool taken;

	exc_expect_begin(&rec);
	access(write, value);
	isb();
	taken = exc_expect_end();
	if (taken) {
		check(g, false, "%s %s at EL%u took an exception (EC 0x%02x%s): the register is not implemented", write ? "MSR" : "MRS",
		      reg, current_el(), (unsigned)FIELD_GET(ESR, EC, rec.esr),
		      FIELD_GET(ESR, EC, rec.esr) == ESR_EC_UNKNOWN ? ", UNDEFINED" : "");
		exc_record_print(&rec);
	}
	return !taken;
}

static void pmecr_rw(bool write, uint64_t *value)
{
	if (write) {
		write_pmecr_el1(*value);
		test_note(TREG_PMECR_EL1, *value);
	} else
		*value = read_pmecr_el1();
}

static void pmiar_rw(bool write, uint64_t *value)
{
	if (write)
		write_pmiar_el1(*value);
	else
		*value = read_pmiar_el1();
}

bool ebep_pmecr_access(struct check_group *g, bool write, uint64_t *value)
{
	return ebep_guarded_access(g, "PMECR_EL1", pmecr_rw, write, value);
}

bool ebep_pmiar_access(struct check_group *g, bool write, uint64_t *value)
{
	return ebep_guarded_access(g, "PMIAR_EL1", pmiar_rw, write, value);
}

/* The controls of one Table D13-1 line. */
struct d13_1_line {
	unsigned el3, el2, tge, pmecr, kpme, pm;
};

/* Model state of context c under line l. */
static void line_state(struct pmu_state *s, enum ctx c, const struct d13_1_line *l)
{
	pmu_state_init(s, c);
	s->pmcr_el0 = PMCR_EL0_E_BIT;
	s->mdcr_el3 = (s->mdcr_el3 & ~MDCR_EL3_PMEE_MASK) | FIELD_PREP(MDCR_EL3, PMEE, l->el3);
	if (features.el2)
		s->mdcr_el2 = (s->mdcr_el2 & ~MDCR_EL2_PMEE_MASK) | FIELD_PREP(MDCR_EL2, PMEE, l->el2);
	s->hcr_el2 = (l->tge ? HCR_EL2_TGE_BIT : 0) | (features.e2h_res1 || ctx_vhe(c) ? HCR_EL2_E2H_BIT : 0);
	s->pmecr_el1 = FIELD_PREP(PMECR_EL1, PMEE, l->pmecr) | (l->kpme ? PMECR_EL1_KPME_BIT : 0);
}

/* PSTATE.PM a context runs with: pm at EL1..EL3 (ctx_set_pm), 1 at the orchestrator's own context. */
static bool ctx_pm(enum ctx c, const struct d13_1_line *l)
{
	return ctx_el(c) == 0 ? false : l->pm;
}

/* Program line l (the PMEE fields only where the PE has them: FEAT_EBEP). Returns false if PMECR_EL1 faulted. */
static bool program_line(struct check_group *g, enum ctx c, const struct d13_1_line *l)
{
	struct pmu_state s;
	uint64_t pmecr;

	line_state(&s, c, l);
	pmu_program(&s);
	if (features.el2 && pmu_owns_el2())
		write_hcr_el2((read_hcr_el2() & ~HCR_EL2_TGE_BIT) | (s.hcr_el2 & HCR_EL2_TGE_BIT)); /* E2H: ctx_call */
	if (ebep_gate()) {
		pmecr = s.pmecr_el1;
		if (!ebep_pmecr_access(g, true, &pmecr))
			return false;
	}
	write_pmintenclr_el1(MASK64(31, 0));
	write_pmintenset_el1(BIT64(0));
	isb();
	return true;
}

/* Runs in the source context: PSTATE.PM as asked (bit 1 of arg: set it; bit 0: value), then RHFTPJ's sequence. */
static uint64_t at_ctx_raise(uint64_t arg)
{
	if (arg & 2)
		ctx_set_pm(arg & 1);
	ebep_raise(BIT64(0));
	if (arg & 2)
		ctx_set_pm(true);
	return 0;
}

/* Runs in a probe context: PSTATE.PM = 0 (at EL1..EL3), then ISB and a few instructions. */
static uint64_t at_ctx_probe(uint64_t arg)
{
	if (arg)
		ctx_set_pm(false);
	ebep_wait(0);
	if (arg)
		ctx_set_pm(true);
	return 0;
}

/* ctx_call() with HCR_EL2.TGE as programmed; an EL0 under TGE = 1 gets its stack cleaned around the call. */
static bool call_in(struct check_group *g, enum ctx c, uint64_t (*fn)(uint64_t), uint64_t arg, bool tge)
{
	uint64_t stack_hi = stack_top(pe_current, 0), ret;
	int status;

	if (tge && ctx_el(c) == 0)
		mmu_clean_inval_range(stack_hi - STACK_SIZE, stack_hi);
	status = ctx_call(c, fn, arg, &ret);
	if (tge && ctx_el(c) == 0)
		mmu_clean_inval_range(stack_hi - STACK_SIZE, stack_hi);
	if (status == CTX_OK)
		return true;
	check(g, false, "an unexpected exception ended the call in %s", ctx_name(c));
	exc_record_print(&exc_unexpected);
	return false;
}

/* The context list the probes try, lowest EL first. */
static const enum ctx probe_order[] = { CTX_NS_EL0, CTX_S_EL0, CTX_S_EL0_SEL2, CTX_NS_EL0_VHE, CTX_S_EL0_VHE,
					CTX_NS_EL1, CTX_S_EL1, CTX_S_EL1_SEL2, CTX_NS_EL2, CTX_S_EL2, CTX_NS_EL2_VHE,
					CTX_S_EL2_VHE, CTX_EL3 };

/*
 * Whether context c can run under line l: EL1 does not run under HCR_EL2.TGE = 1 where EL2 is enabled, and the
 * host EL0 (HCR_EL2.{E2H, TGE} = {1, 1}) only under TGE = 1.
 */
static bool ctx_runs_under(enum ctx c, const struct d13_1_line *l)
{
	if (ctx_host_el0(c))
		return l->tge;
	return !(l->tge && ctx_el(c) == 1 && ebep_el2_enabled_for(c));
}

/*
 * A context where the model takes the exception (PSTATE.PM = 0 there), or -1. Only a context in c's Security
 * state with EL2 enabled or not as at c qualifies: PMUExceptionEnabled() reads no PSTATE.EL, only the PMEE
 * fields, HCR_EL2.TGE and EL2Enabled(), so there it gives the (enabled, target) pair it gave at c, and a taken
 * exception shows that the exception was enabled at c and masked (Msk), not disabled (Dis). In another Security
 * state a Dis at c can be an enabled exception there, taken from the overflow flag c left set.
 */
static int probe_ctx(enum ctx c, const struct d13_1_line *l)
{
	unsigned i;

	for (i = 0; i < sizeof(probe_order) / sizeof(probe_order[0]); i++) {
		enum ctx p = probe_order[i];
		struct pmu_state s;
		enum pmu_ebep_outcome o;

		if (pmu_context_skip_reason(p, false) || !ctx_runs_under(p, l) || p == pmu_orchestrator_ctx() ||
		    ctx_secure(p) != ctx_secure(c) || ebep_el2_enabled_for(p) != ebep_el2_enabled_for(c))
			continue;
		line_state(&s, p, l);
		o = pmu_ebep_outcome(ebep_model_features(), &s, ctx_el(p), false);
		if (o >= PMU_EBEP_EL1)
			return (int)p;
	}
	return -1;
}

static void outcomes_text(unsigned mask, char *buf, size_t len)
{
	unsigned o;
	size_t at = 0;

	buf[0] = 0;
	for (o = 0; o < PMU_EBEP_OUTCOMES; o++)
		if (mask & (1u << o))
			at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? "/" : "",
					       pmu_ebep_outcome_name((enum pmu_ebep_outcome)o));
}

/* Check one exception record against a taken-to-ELx outcome from context c. */
static void check_async_record(struct check_group *g, const struct pmu_exc_entry *e, enum ctx c, bool pm,
			       const char *line)
{
	check(g, esr_is_pmu_exception(e->esr) && !esr_pmu_synchronous(e->esr) && esr_pmu_fsc(e->esr) == 0,
	      "%s: ESR_EL%u = 0x%llx: EC 0x%02x ISS[0] %u fsc %u, expected EC 0x3D, asynchronous, fsc 0", line, e->el,
	      (unsigned long long)e->esr, (unsigned)FIELD_GET(ESR, EC, e->esr), esr_pmu_synchronous(e->esr),
	      esr_pmu_fsc(e->esr));
	check(g, e->elr == (uint64_t)(uintptr_t)ebep_raise_b || e->elr == (uint64_t)(uintptr_t)ebep_raise_c,
	      "%s: ELR_EL%u = 0x%llx, expected the ISB (0x%llx) or the instruction after it (0x%llx): RHFTPJ", line,
	      e->el, (unsigned long long)e->elr, (unsigned long long)(uintptr_t)ebep_raise_b,
	      (unsigned long long)(uintptr_t)ebep_raise_c);
	check(g, e->from_el == ctx_el(c), "%s: SPSR_EL%u.M says EL%u, the overflow was at EL%u", line, e->el,
	      e->from_el, ctx_el(c));
	if (ctx_el(c) > 0)
		check(g, !!(e->spsr & SPSR_PM_BIT) == pm, "%s: SPSR_EL%u.PM = %u, PSTATE.PM was %u (RBVBYS)", line, e->el,
		      !!(e->spsr & SPSR_PM_BIT), pm);
}

/*
 * Whether PMUIRQ is asserted: the PPI pending at the GIC, polled for a while (the request travels from the PE to
 * the redistributor; D13.3.1 sets no bound on that, so a late arrival is taken as arrived).
 */
static bool irq_asserted(void)
{
	unsigned i;

	for (i = 0; i < IRQ_POLLS; i++)
		if (gic_ppi_pending(plat.pmu_intid))
			return true;
	return false;
}

/*
 * irq_asserted() with the Security state of context c selected (SCR_EL3.NS, SCR_EL3.EEL2; the orchestrator at
 * EL3 only): PMUInterruptEnabled() reads EL2Enabled(), so the request a Non-secure line makes can be withdrawn
 * once the orchestrator's return selects Secure state again, and PMUIRQ is a level (D13.3.1).
 */
static bool irq_asserted_in(enum ctx c)
{
	bool pending;

	if (orchestrator_el != 3)
		return irq_asserted();
	el3_select_world(ctx_secure(c), ctx_eel2(c));
	pending = irq_asserted();
	el3_select_world(true, false);
	return pending;
}

/* One line at context c: program, raise, classify, compare with the model. False: PMECR_EL1 faulted, stop. */
static bool run_line(struct check_group *g, enum ctx c, const struct d13_1_line *l)
{
	struct pmu_state s;
	unsigned permitted, seen;
	bool pm = ctx_pm(c, l), pending, set_pm = ebep_gate() && ctx_el(c) > 0;
	char line[160], want[48];
	int p;

	line_state(&s, c, l);
	permitted = pmu_ebep_permitted(ebep_model_features(), &s, ctx_el(c), pm);
	snprintf(line, sizeof(line), "MDCR_EL3.PMEE=%u MDCR_EL2.PMEE=%u HCR_EL2.TGE=%u PMECR_EL1.PMEE=%u KPME=%u "
		 "PSTATE.PM=%u at %s", l->el3, l->el2, l->tge, l->pmecr, l->kpme, pm, ctx_name(c));
	outcomes_text(permitted, want, sizeof(want));
	if (!program_line(g, c, l))
		return false;
	gic_ppi_configure(plat.pmu_intid, GIC_GROUP1NS);
	gic_ppi_mask(plat.pmu_intid);
	pmu_exc_log_reset(&exc_log, EXC_LIMIT);
	exc_pmu_log = &exc_log;
	if (!call_in(g, c, at_ctx_raise, set_pm ? 2u | pm : 0, l->tge)) {
		exc_pmu_log = NULL;
		baseline_restore_all();
		return true;
	}
	pending = irq_asserted_in(c);
	if (exc_log.count) {
		seen = PMU_EBEP_EL1 + exc_log.e[0].el - 1;
		check_async_record(g, &exc_log.e[0], c, pm, line);
		check(g, exc_log.count == 1, "%s: %u PMU exceptions for one overflow", line, exc_log.count);
		check(g, !pending, "%s: PMUIRQ asserted although the PMU exception is enabled (IPFDLQ)", line);
	} else if (pending) {
		seen = PMU_EBEP_IRQ;
	} else {
		/* no exception, no PMUIRQ: Msk when an unmasked context takes it now, else Dis */
		seen = PMU_EBEP_DIS;
		p = probe_ctx(c, l);
		if (p >= 0 && (read_pmovsset_el0() & BIT64(0))) {
			if (!call_in(g, (enum ctx)p, at_ctx_probe, ebep_gate() && ctx_el((enum ctx)p) > 0, l->tge)) {
				exc_pmu_log = NULL;
				baseline_restore_all();
				return true;
			}
			if (exc_log.count) {
				struct pmu_state sp;
				enum pmu_ebep_outcome at_p;

				seen = PMU_EBEP_MSK;
				line_state(&sp, (enum ctx)p, l);
				at_p = pmu_ebep_outcome(ebep_model_features(), &sp, ctx_el((enum ctx)p), false);
				check(g, PMU_EBEP_EL1 + exc_log.e[0].el - 1 == (unsigned)at_p,
				      "%s: masked there; unmasked at %s it was taken to EL%u, expected %s", line,
				      ctx_name((enum ctx)p), exc_log.e[0].el, pmu_ebep_outcome_name(at_p));
			}
		}
		if (seen == PMU_EBEP_DIS && (permitted & (1u << PMU_EBEP_MSK)) && p < 0)
			seen = PMU_EBEP_MSK; /* no context could unmask it here: Msk and Dis look the same */
	}
	check(g, (permitted >> seen) & 1u, "%s: %s expected, %s seen (PMOVSSET_EL0=0x%llx, PMUIRQ pending %u, "
	      "exceptions %u%s%s)", line, want, pmu_ebep_outcome_name((enum pmu_ebep_outcome)seen),
	      (unsigned long long)read_pmovsset_el0(), pending, exc_log.count, exc_log.count ? " to EL" : "",
	      exc_log.count ? (exc_log.e[0].el == 3 ? "3" : exc_log.e[0].el == 2 ? "2" : "1") : "");
	exc_pmu_log = NULL;
	write_pmovsclr_el0(MASK64(31, 0));
	write_pmintenclr_el1(MASK64(31, 0));
	isb();
	gic_ppi_disable(plat.pmu_intid);
	return true;
}

/* Every line for context c: the all-0b00 lines into `irq`, the others into `table` (NULL: not run). */
static void run_lines(enum ctx c, struct check_group *irq, struct check_group *table)
{
	struct d13_1_line l;
	bool has_el3 = features.el3 && orchestrator_el == 3, has_el2 = features.el2 && pmu_owns_el2();
	bool tge_applies = has_el2 && ebep_el2_enabled_for(c) && ctx_el(c) != 1;
	unsigned pmee_max = ebep_gate() ? 4 : 1;

	for (l.el3 = 0; l.el3 < (has_el3 ? pmee_max : 1); l.el3++)
		for (l.el2 = 0; l.el2 < (has_el2 ? pmee_max : 1); l.el2++)
			for (l.tge = 0; l.tge < (tge_applies ? 2u : 1u); l.tge++)
				for (l.pmecr = 0; l.pmecr < pmee_max; l.pmecr++)
					for (l.kpme = 0; l.kpme < (ebep_gate() ? 2u : 1u); l.kpme++)
						for (l.pm = 0; l.pm < (ebep_gate() && ctx_el(c) ? 2u : 1u); l.pm++) {
		bool zero = !l.el3 && !l.el2 && !l.pmecr;
		struct check_group *g = zero ? irq : table;

		if (!ctx_runs_under(c, &l)) /* the host EL0 is TGE = 1 by definition */
			continue;
		if (g && !run_line(g, c, &l)) {
			if (g == irq)
				irq = NULL; /* PMECR_EL1 faulted: once is enough */
			else
				table = NULL;
		}
		if (g && g->failures >= GROUP_MAX_DIAGS)
			goto out; /* enough to see the pattern */
	}
out:
	baseline_restore_all();
}

/* IPFDLQ at the orchestrator's context, where PSTATE.PM = 1 masks an exception targeting its own EL. */
static void check_rpfdlq(void)
{
	enum ctx c = pmu_orchestrator_ctx();
	unsigned el = ctx_el(c), n = features.pmu.num_counters;
	unsigned hpmn = pmu_owns_el2() && n >= 2 ? n / 2 : n, idx[3] = { 0, hpmn < n ? hpmn : 0, CYCLE_COUNTER_ID };
	struct check_group g;
	struct pmu_state s;
	uint64_t pmecr, mask = 0, cnt;
	unsigned i, w;
	volatile unsigned spin;

	if (!group_begin(&g, RULES_IPFDLQ, "ebep.rpfdlq"))
		return;
	pmu_state_init(&s, c);
	s.pmcr_el0 = PMCR_EL0_E_BIT; /* LP = LC = 0 */
	if (features.el2)
		s.mdcr_el2 = (s.mdcr_el2 & ~(MDCR_EL2_HPMN_MASK | MDCR_EL2_HLP_BIT)) | FIELD_PREP(MDCR_EL2, HPMN, hpmn);
	if (el == 3)
		s.mdcr_el3 |= FIELD_PREP(MDCR_EL3, PMEE, 3);
	else if (el == 2)
		s.mdcr_el2 |= FIELD_PREP(MDCR_EL2, PMEE, 3);
	else
		s.pmecr_el1 = FIELD_PREP(PMECR_EL1, PMEE, 3);
	for (i = 0; i < 3; i++)
		mask |= BIT64(idx[i]);
	s.pmcntenset_el0 = mask;
	check(&g, pmu_ebep_outcome(ebep_model_features(), &s, el, true) == PMU_EBEP_MSK,
	      "model: the exception enabled and masked at %s", ctx_name(c));
	pmu_program(&s);
	pmecr = s.pmecr_el1;
	if (!ebep_pmecr_access(&g, true, &pmecr))
		goto out;
	for (i = 0; i < 2; i++)
		write_pmevcntr(idx[i], 0xFFFFFFFFull);
	write_pmccntr_el0(0xFFFFFFFFull - 2000);
	write_pmintenset_el1(mask);
	isb();
	write_pmswinc_el0(BIT64(idx[0]) | BIT64(idx[1]));
	for (spin = 0; spin < 20000 && (uint32_t)read_pmccntr_el0() > 0x10000000u; spin++)
		;
	isb();
	for (i = 0; i < 3; i++) {
		if (i == 1 && idx[1] == 0)
			continue;
		w = pmu_overflow_width(ebep_model_features(), &s, idx[i]);
		cnt = idx[i] == CYCLE_COUNTER_ID ? read_pmccntr_el0() : read_pmevcntr(idx[i]);
		check(&g, w == 64, "model: counter %u overflows at bit %u with the exception enabled, not 64", idx[i], w);
		check(&g, cnt >> 32 == 1 && !(read_pmovsset_el0() & BIT64(idx[i])),
		      "counter %u (PMCR_EL0.LP=LC=0, MDCR_EL2.HLP=0, HPMN=%u) crossed 2^32: 0x%llx, PMOVSSET_EL0=0x%llx; "
		      "expected no overflow flag (LP/LC/HLP Effectively 1)", idx[i], hpmn, (unsigned long long)cnt,
		      (unsigned long long)read_pmovsset_el0());
	}
	/* the request: a flag set with PMINTENSET, the exception enabled and masked: PMUIRQ stays deasserted */
	gic_ppi_configure(plat.pmu_intid, GIC_GROUP1NS);
	gic_ppi_mask(plat.pmu_intid);
	write_pmovsset_el0(BIT64(0));
	isb();
	check(&g, !irq_asserted(), "PMOVSSET_EL0.P0 and PMINTENSET_EL1.P0 set, PMCR_EL0.E=1, the "
	      "exception enabled: PMUIRQ asserted (INTID %u pending), expected disabled", plat.pmu_intid);
	write_pmovsclr_el0(MASK64(31, 0));
	write_pmintenclr_el1(MASK64(31, 0));
	isb();
	gic_ppi_disable(plat.pmu_intid);
out:
	pmu_stop();
	baseline_restore_all();
	group_end(&g);
}

void test_ebep(void)
{
	const char *why = NULL, *gic_why = NULL;
	struct check_group irq, table;
	bool gic = pmu_implemented(&features.pmu) && pmu_irq_ready(&gic_why);
	unsigned i;

	if (ebep_gate() && !features.ebep)
		printf("# ebep: FEAT_EBEP forced on (PMUCHECK_FORCE_GATES) although ID_AA64DFR1_EL1.EBEP == 0\n");
	bool pm_entry = features.ebep && ctx_get_pm();

	if (features.ebep)
		ctx_set_pm(true); /* the orchestrator masks what targets its own EL (RSCBDZ) */
	for (i = 0; i < CTX_COUNT; i++) {
		enum ctx c = (enum ctx)i;
		bool on_irq, on_table;

		why = pmu_context_skip_reason_a64(c, false, "FEAT_EBEP: PSTATE.PM, PMECR_EL1 and the PMU Profiling exception "
						  "exist in AArch64 state only");
		if (!why)
			why = pmu_el2_control_why(); /* MDCR_EL2.PMEE */
		if (!why && !gic)
			why = gic_why;
		if (why) {
			pmu_skip_at("ebep.irq", c, RULES_IRQ, why);
			pmu_skip_at("ebep.table_d13_1", c, RULES_TABLE, why);
			continue;
		}
		if (!ebep_gate())
			why = "FEAT_EBEP not implemented (ID_AA64DFR1_EL1.EBEP == 0): every line with a PMEE field other "
			      "than 0b00 needs it";
		else if (features.el3 && orchestrator_el < 3)
			why = "EL3 implemented, and pmucheck was not entered at EL3: MDCR_EL3.PMEE is not ours to program";
		on_irq = group_begin(&irq, RULES_IRQ, "ebep.irq.%s", ctx_name(c));
		on_table = !why && group_begin(&table, RULES_TABLE, "ebep.table_d13_1.%s", ctx_name(c));
		run_lines(c, on_irq ? &irq : NULL, on_table ? &table : NULL);
		if (on_irq)
			group_end(&irq);
		if (on_table)
			group_end(&table);
		if (why) {
			pmu_skip_at("ebep.table_d13_1", c, RULES_TABLE, why);
		}
	}
	if (!pmu_implemented(&features.pmu))
		tap_skip("ebep.rpfdlq", RULES_IPFDLQ, "PMUv3 not implemented (ID_AA64DFR0_EL1.PMUVer = 0x%x)",
			 features.pmu.pmuver);
	else if (!ebep_gate())
		tap_skip("ebep.rpfdlq", RULES_IPFDLQ, "FEAT_EBEP not implemented (ID_AA64DFR1_EL1.EBEP == 0)");
	else if (features.el3 && orchestrator_el < 3)
		tap_skip("ebep.rpfdlq", RULES_IPFDLQ, "EL3 implemented, and pmucheck was not entered at EL3: MDCR_EL3.PMEE "
			 "is not ours to program");
	else
		check_rpfdlq();
	baseline_restore_all();
	if (features.ebep)
		ctx_set_pm(pm_entry); /* with every PMEE back at reset: nothing pending can be taken here */
}
