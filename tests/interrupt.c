/*
 * interrupt.c - D13.3.1 Generating overflow interrupt requests, through the GIC the device tree names, GICv3 or
 * GICv2 (PPI plat.pmu_intid, 23 on QEMU virt and FVP as the GIC specification recommends).
 *
 * For each context that can take an interrupt (EL3 through Group 0 and FIQ with SCR_EL3.FIQ = 1; Secure EL2
 * and EL1 through Secure Group 1 on a GICv3, through Group 1 on a GICv2, which has no Secure Group 1 (its
 * Group 1 is signalled as IRQ in either Security state, and Secure code acknowledges it through GICC_AIAR);
 * Non-secure EL2 and EL1 through Non-secure Group 1; taken at the context's own EL, which for EL2 needs
 * HCR_EL2.{IMO, FMO} = 1: with them 0 physical interrupts target EL1 and are not taken while at EL2):
 *   interrupt.r1.<ctx>, interrupt.r2.<ctx>
 *       The orchestrator sets PMOVSSET_EL0 bit n, PMINTENSET_EL1 bit n (or not), PMCR_EL0.E and MDCR_EL2.HPME
 *       (HPMN = N/2 where EL2 is owned); the context unmasks interrupts and waits. The interrupt must be taken
 *       exactly when the model's request is asserted (pmu_overflow_irq(): PMOVSSET, PMINTENSET and the
 *       counter's global enable: PMCR_EL0.E for the first range and the cycle counter, MDCR_EL2.HPME for the
 *       second; PMCNTENSET plays no part), with INTID plat.pmu_intid. The handler disables the PPI at the
 *       GIC, so one request is one interrupt. r1: counters < HPMN and the cycle counter; r2: the others.
 *   interrupt.level.<ctx>
 *       The request is level-sensitive: a handler that acknowledges and ends the interrupt without clearing
 *       PMOVSSET takes it again; after PMOVSCLR_EL0 is written in the handler it is not taken again.
 *   interrupt.overflow.<ctx>
 *       A real overflow (the cycle counter crossing 2^32 with PMCR_EL0.LC = 0) raises the interrupt.
 * At the AArch32 contexts the same four points, with the interrupt routed to the AArch64 level above the context
 * (HCR_EL2.{IMO, FMO}, SCR_EL3.{IRQ, FIQ}: irq_call_a32()): the request asserted while the PE runs in AArch32.
 * Every wait is bounded: a request that never arrives (a wrong INTID, say) fails the check, it does not hang.
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "drivers/gic/gic.h"
#include "pmu_irq.h"
#include "platform/platform.h"
#include "pmu_util.h"
#include "runtime/aarch32.h"
#include "platform/platform_desc.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "runtime/watchdog.h"
#include "test/test.h"
#include "tests.h"

#define RULES_RANGE "D13.3.1 (overflow interrupt request: PMOVSSET, PMINTENSET, global enable), CheckForPMUOverflow"
#define RULES_LEVEL "D13.3.1 (level-sensitive request; PMOVSCLR in the handler cancels it)"
#define RULES_OVERFLOW "D13.3.1, D13.3 RNTZHW (a cycle counter overflow raises the request)"
#define WAIT_LIMIT 1000000u /* loop turns the overflow wait may take in all */
#define OVERFLOW_PRESET (0xFFFFFFFFULL - 20000) /* PMCCNTR_EL0: 20000 cycles below the 32-bit overflow */

static const char *const rules_of[] = { RULES_RANGE, RULES_RANGE, RULES_LEVEL, RULES_OVERFLOW };
static const char *const points[] = { "interrupt.r1", "interrupt.r2", "interrupt.level", "interrupt.overflow" };

/*
 * Runs in the context: the cycle counter (already counting, preset below 2^32, or 2^64 where it overflows there)
 * overflows while unmasked.
 * Waits until the counter has wrapped (PMCCNTR_EL0 read back below its preset) and then as pmu_irq_wait_at_ctx() for
 * the request to arrive, or at most WAIT_LIMIT turns in all. Reading the counter is what makes the wait end
 * at the overflow on every platform: an emulator that computes the count lazily (QEMU) notices the overflow
 * on the read, rather than when its host gets round to a timer.
 */
static uint64_t at_ctx_wait_overflow(uint64_t preset)
{
	uint64_t ticks = pmu_irq_wait_ticks(), start = 0;
	unsigned i, after = 0;

	__asm__ volatile("msr daifclr, #3\n\tisb" ::: "memory");
	for (i = 0; i < WAIT_LIMIT && pmu_irq.count == 0 && !(after && pmu_irq_waited_enough(after, start, ticks)); i++) {
		if (after)
			after++;
		else if ((uint32_t)read_pmccntr_el0() < (uint32_t)preset) {
			after = 1;
			start = read_cntvct_el0();
		}
	}
	__asm__ volatile("msr daifset, #3\n\tisb" ::: "memory");
	return pmu_irq.count;
}

/*
 * At an AArch32 context the A32 agent waits (it has no GIC driver and takes no interrupt itself): the interrupt is
 * routed to the AArch64 level above it, EL2 for the Non-secure ones (HCR_EL2.{IMO, FMO} = 1) and EL3 for the Secure
 * ones (SCR_EL3.{IRQ, FIQ} = 1), and taken there from AArch32 whatever CPSR.{I, F} (D1.3, "Asynchronous exception
 * routing", pmu_irq_route()): the request is the PE's, asserted while it runs in AArch32. pmu_irq_wait_at_ctx:
 * A32_WAIT_TURNS loop turns;
 * at_ctx_wait_overflow: A32_OVERFLOW_TURNS turns (past the cycle counter's wrap), an MRC of PMCCNTR (an emulator
 * that counts lazily notices the overflow on the read), then A32_WAIT_TURNS more.
 */
/* Twice PMU_IRQ_WAIT_TURNS (the AArch64 wait's least); the overflow's: past the preset's 20000 cycles at one cycle per
 * instruction or faster (make bench: 20000 and 200000 made the interrupt module 18% of the suite's instructions) */
#define A32_WAIT_TURNS     (2 * PMU_IRQ_WAIT_TURNS)
#define A32_OVERFLOW_TURNS 50000u
static int irq_call_a32(enum ctx c, uint64_t (*fn)(uint64_t))
{
	struct a32_op wait[] = { { .kind = A32_OP_SPIN, .lo = A32_WAIT_TURNS }, { .kind = A32_OP_END } };
	struct a32_op ovf[] = { { .kind = A32_OP_SPIN, .lo = A32_OVERFLOW_TURNS },
				{ .kind = A32_OP_READ, .reg = A32_REG_PMCCNTR },
				{ .kind = A32_OP_SPIN, .lo = A32_WAIT_TURNS }, { .kind = A32_OP_END } };
	uint64_t ret;

	return ctx_call_a32(c, fn == pmu_irq_wait_at_ctx ? wait : ovf, &ret);
}

/* Why an AArch32 context cannot have its interrupt routed above it (irq_call_a32), or NULL. */
static const char *a32_route_why(enum ctx c)
{
	return ctx_aarch32(c) ? pmu_irq_route_up_why(c) : NULL;
}

/* Call fn in c with the PPI configured and routed for it (pmu_irq_route(): to c's own EL, above it for the AArch32
 * contexts); false on an exception. */
static bool irq_call(struct check_group *g, enum ctx c, uint64_t (*fn)(uint64_t), uint64_t arg)
{
	uint64_t ret;
	int status;

	pmu_irq_route(c, ctx_aarch32(c));
	status = ctx_aarch32(c) ? irq_call_a32(c, fn) : ctx_call(c, fn, arg, &ret);
	pmu_irq_unroute(c, ctx_aarch32(c));
	if (status == CTX_OK)
		return true;
	check(g, false, "unexpected exception in %s", ctx_name(c));
	exc_record_print(&exc_unexpected);
	baseline_restore_all();
	return false;
}

/* The model state for context c with the given global enables and HPMN. */
static void irq_state(struct pmu_state *s, enum ctx c, unsigned hpmn, bool e, bool hpme)
{
	pmu_state_init(s, c);
	s->pmcr_el0 = e ? PMCR_EL0_E_BIT : 0;
	if (features.el2)
		s->mdcr_el2 = (s->mdcr_el2 & ~(MDCR_EL2_HPMN_MASK | MDCR_EL2_HPME_BIT)) |
			      FIELD_PREP(MDCR_EL2, HPMN, hpmn) | (hpme ? MDCR_EL2_HPME_BIT : 0);
}

static void clear_flags(void)
{
	write_pmintenclr_el1(pmu_event_counter_mask() | PMU_CNT_C_BIT);
	write_pmovsclr_el0(pmu_event_counter_mask() | PMU_CNT_C_BIT);
	isb();
}

static void check_ranges(enum ctx c)
{
	struct check_group r1, r2, *g;
	struct pmu_state s;
	unsigned hpmn = pmu_owns_el2() && features.pmu.num_counters >= 2 ? features.pmu.num_counters / 2
									 : features.pmu.num_counters;
	unsigned n, e, hpme, inten;
	bool on_r1, on_r2, want;
	uint64_t bit;

	on_r1 = group_begin(&r1, RULES_RANGE, "interrupt.r1.%s", ctx_name(c));
	on_r2 = group_begin(&r2, RULES_RANGE, "interrupt.r2.%s", ctx_name(c));
	if (!on_r1 && !on_r2)
		return;
	for (n = 0; n <= features.pmu.num_counters; n++)
		for (e = 0; e < 2; e++)
			for (hpme = 0; hpme < (features.el2 && pmu_owns_el2() ? 2u : 1u); hpme++)
				for (inten = 0; inten < 2; inten++) {
					unsigned idx = n == features.pmu.num_counters ? CYCLE_COUNTER_ID : n;

					bit = BIT64(idx);
					irq_state(&s, c, hpmn, e, hpme);
					g = get_pmu_counter_range(&features.pmu, &s, idx) == PMUCounterRange_R1 ? &r1 : &r2;
					pmu_program(&s);
					clear_flags();
					if (inten)
						write_pmintenset_el1(bit);
					write_pmovsset_el0(bit);
					isb();
					test_note(TREG_PMINTENSET_EL1, inten ? bit : 0);
					test_note(TREG_PMOVSSET_EL0, bit);
					want = pmu_overflow_irq(&features.pmu, &s, bit, inten ? bit : 0);
					pmu_irq.mode = PMU_IRQ_DISABLE_PPI;
					if (!irq_call(g, c, pmu_irq_wait_at_ctx, 1))
						continue;
					/* the claim's seen: interrupts taken, plus 0x100 for one with another INTID */
					check_claim(g, pmu_irq.count == (want ? 1u : 0u) && (!pmu_irq.count || pmu_irq.intid == plat.pmu_intid),
						    (&(struct claim){ "PMUIRQ", (int)idx, pmu_owns_el2() ? (int)hpmn : -1,
						     (e ? CLAIM_PMCR_E : 0) | (hpme ? CLAIM_MDCR_EL2_HPME : 0), want,
						     pmu_irq.count + (pmu_irq.count && pmu_irq.intid != plat.pmu_intid ? 0x100u : 0) }),
					      "counter %u (range %u, HPMN=%u) PMCR_EL0.E=%u MDCR_EL2.HPME=%u PMOVSSET_EL0=0x%llx "
					      "PMINTENSET_EL1=0x%llx: %s expected, %u taken (INTID %llu, EL%u, %s)", idx,
					      get_pmu_counter_range(&features.pmu, &s, idx) + 1, hpmn, e, hpme,
					      (unsigned long long)bit, (unsigned long long)(inten ? bit : 0),
					      want ? "an interrupt" : "no interrupt", pmu_irq.count, (unsigned long long)pmu_irq.intid,
					      pmu_irq.el, pmu_irq.type == EXC_TYPE_FIQ ? "FIQ" : "IRQ");
				}
	clear_flags();
	pmu_stop();
	if (on_r1)
		group_end(&r1);
	if (on_r2 && r2.checks)
		group_end(&r2);
}

static void check_level(enum ctx c)
{
	struct check_group g;
	struct pmu_state s;

	if (!group_begin(&g, RULES_LEVEL, "interrupt.level.%s", ctx_name(c)))
		return;
	irq_state(&s, c, features.pmu.num_counters, true, true);
	pmu_program(&s);
	clear_flags();
	write_pmintenset_el1(BIT64(0));
	write_pmovsset_el0(BIT64(0));
	isb();
	pmu_irq.mode = PMU_IRQ_CLEAR_AFTER;
	pmu_irq.clear_after = 2;
	if (irq_call(&g, c, pmu_irq_wait_at_ctx, PMU_IRQ_STORM_LIMIT)) {
		check(&g, pmu_irq.count == 3, "handler ended the interrupt twice without clearing PMOVSSET_EL0, then wrote "
		      "PMOVSCLR_EL0: expected 3 interrupts, %u taken", pmu_irq.count);
		check(&g, !(read_pmovsset_el0() & BIT64(0)), "PMOVSSET_EL0.P0 still set after PMOVSCLR_EL0 in the handler");
	}
	clear_flags();
	pmu_stop();
	group_end(&g);
}

/* interrupt.overflow at context c, as the test point `name`. */
static void check_overflow_as(enum ctx c, const char *name)
{
	struct check_group g;
	struct pmu_state s;
	uint64_t preset;

	if (!group_begin(&g, RULES_OVERFLOW, "%s", name))
		return;
	irq_state(&s, c, features.pmu.num_counters, true, true);
	s.pmcntenset_el0 = PMU_CNT_C_BIT;
	s.pmccfiltr_el0 = PMU_FILTER_ALL;
	/* below the overflow the model gives: bit 31 with PMCR_EL0.LC = 0, bit 63 where LC is 1 or RES1 (no FEAT_AA32) */
	preset = pmu_overflow_width(&features.pmu, &s, CYCLE_COUNTER_ID) == 64 ? OVERFLOW_PRESET | 0xFFFFFFFF00000000ULL
									       : OVERFLOW_PRESET;
	pmu_program(&s);
	clear_flags();
	write_pmintenset_el1(PMU_CNT_C_BIT);
	write_pmccntr_el0(preset);
	isb();
	pmu_irq.mode = PMU_IRQ_CLEAR_AFTER;
	pmu_irq.clear_after = 0;
	if (irq_call(&g, c, at_ctx_wait_overflow, preset))
		check(&g, pmu_irq.count == 1 && pmu_irq.intid == plat.pmu_intid, "PMCCNTR_EL0 overflow with PMINTENSET_EL1.C: "
		      "expected one interrupt with INTID %u, %u taken (INTID %llu), PMCCNTR_EL0 now 0x%llx",
		      plat.pmu_intid, pmu_irq.count, (unsigned long long)pmu_irq.intid, (unsigned long long)read_pmccntr_el0());
	clear_flags();
	pmu_stop();
	group_end(&g);
}

static void check_overflow(enum ctx c)
{
	char name[64];

	snprintf(name, sizeof(name), "interrupt.overflow.%s", ctx_name(c));
	check_overflow_as(c, name);
}

void interrupt_overflow_point(const char *name, enum ctx c)
{
	const char *why = pmu_context_skip_reason(c, false);

	if (!why && !pmu_implemented(&features.pmu))
		why = "no PMU";
	if (!why)
		pmu_irq_ready(&why);
	if (why) {
		tap_skip(name, RULES_OVERFLOW, "%s", why);
		return;
	}
	exc_irq_hook = pmu_irq_hook;
	check_overflow_as(c, name);
	exc_irq_hook = NULL;
	baseline_restore_all();
}

/* Contexts that take interrupts at their own EL (EL0's would be taken at EL1 and are not checked here), and the
 * AArch32 ones, whose interrupts are routed to the AArch64 level above them (irq_call_a32()). */
static const enum ctx irq_contexts[] = { CTX_EL3, CTX_NS_EL2, CTX_S_EL2, CTX_NS_EL1, CTX_S_EL1, CTX_S_EL1_SEL2,
					 CTX_NS_EL2_VHE, CTX_S_EL2_VHE, CTX_NS_EL0_A32, CTX_NS_EL1_A32, CTX_S_EL0_A32,
					 CTX_S_EL1_A32 };

void test_interrupt(void)
{
	const char *why = NULL, *gic_why = NULL;
	unsigned i, p;
	bool gic = pmu_implemented(&features.pmu) && pmu_irq_ready(&gic_why);
	char el3_why[128];

	snprintf(el3_why, sizeof(el3_why), "%s: no Group 0 FIQ for EL3", gic_one_security_state_why());
	exc_irq_hook = pmu_irq_hook;
	for (i = 0; i < sizeof(irq_contexts) / sizeof(irq_contexts[0]); i++) {
		enum ctx c = irq_contexts[i];

		why = pmu_context_skip_reason(c, false);
		if (!why)
			why = a32_route_why(c);
		if (!why && !gic)
			why = gic_why;
		else if (!why && c == CTX_EL3 && !gic_has_security())
			why = el3_why;
		if (why) {
			for (p = 0; p < sizeof(points) / sizeof(points[0]); p++)
				pmu_skip_at(points[p], c, rules_of[p], why);
			continue;
		}
		check_ranges(c);
		check_level(c);
		check_overflow(c);
	}
	exc_irq_hook = NULL;
	baseline_restore_all();
}
