/*
 * filter.c - D11.7 / D13.7 Event filtering by Exception level and Security state, and software increment
 * accuracy (D11.7.2, D13.7.3.2), at every available context.
 *
 * filter.evtyper.<ctx>, filter.evtyper_sh.<ctx>
 *     Every combination of the filter bits this PE implements (PMEVTYPER<n>_EL0.{P, U} always; NSK, NSU, M
 *     with EL3; NSH with EL2; SH with EL3 and FEAT_SEL2) on every event counter counting SW_INCR, written at
 *     the context: each counter must count exactly SWINC_WRITES when CountPMUEvents() says the context counts,
 *     else 0. Combinations with SH = 1 form their own test point.
 * filter.ccfiltr.<ctx>, filter.ccfiltr_sh.<ctx>
 *     The same combinations in PMCCFILTR_EL0, for those under which the model says the cycle counter counts in
 *     none of the other contexts a call passes through (the orchestrator's; EL1 for EL0): nonzero exactly when
 *     the model says it counts in the context.
 * filter.sh_rw
 *     PMEVTYPER<n>_EL0.SH and PMCCFILTR_EL0.SH are RW when EL3 and FEAT_SEL2 are implemented (D24.5.12, D24.5.1).
 * filter.swinc_no_sync.<ctx>
 *     Two PMSWINC_EL0 writes with no Context Synchronization event between them count twice (D13.7.3.2).
 * filter.exc_taken.<ctx>, filter.exc_return.<ctx> (where PMCEID0_EL0 advertises EXC_TAKEN, EXC_RETURN)
 *     Exception-related events count in the Exception level where they occurred, never after the exception
 *     is taken or returned from (D11.7.2, D13.7.3.1): the context makes EXC_CALLS pmucheck "nop" calls to the
 *     level that handles them (SVC from EL0 and EL1, HVC from EL2, SMC from EL3). EXC_TAKEN filtered to the
 *     context must count those, plus the call that returns to the orchestrator when the context is below it;
 *     EXC_RETURN filtered to the handling level must count one ERET per call. The IMPLEMENTATION DEFINED
 *     EXC_SVC, EXC_HVC, ... (0x81-0x8B) are not advertised by PMCEID0/1_EL0 and are not checked.
 * filter.inst_retired.<ctx> (on a PE that counts exactly: QEMU under -icount, as tests/icntr.c decides)
 *     Exact counts of an event other than SW_INCR: INST_RETIRED on event counter 0 under every filter
 *     combination of filter.evtyper, and on event counter 1 counting everywhere, both read at the context around
 *     a block of INST_BLOCK NOPs (tests/filter.c at_ctx_inst_block()): between the two reads of each counter
 *     lie exactly INST_BLOCK + 1 instructions (the NOPs and the other counter's read), plus the reading MRS
 *     itself where a direct read counts its own instruction (the architecture does not say which; QEMU does:
 *     INST_BLOCK + 2). The first count of counter 1 fixes which for the run, and every count of counter 1 must
 *     then be exactly that, and counter 0 exactly that where CountPMUEvents() says it counts here, else 0: a
 *     counter counting what its filter excludes, or missing or adding an instruction, is caught.
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "test/test.h"
#include "tests.h"

/* The ID_AA64PFR0_EL1 field a SKIP reason names, as the register holds it (EL3 is 0b0010 on most PEs, not 1). */
#define PFR0_FIELD(f) ((unsigned)FIELD_GET(ID_AA64PFR0_EL1, f, features.id_aa64pfr0_el1))

#define SWINC_WRITES PMU_SWINC_WRITES

#define RULES_EVTYPER "D11.7.1, D13.7.1 (PMEVTYPER<n>_EL0 P/U/NSK/NSU/NSH/M), D13.7.3.2, CountPMUEvents"
#define RULES_EVTYPER_SH "D11.7.1, D13.7.1 (PMEVTYPER<n>_EL0.SH with FEAT_SEL2), CountPMUEvents"
#define RULES_CCFILTR "D11.7.1, D13.7.1 (PMCCFILTR_EL0 P/U/NSK/NSU/NSH/M), CountPMUEvents"
#define RULES_CCFILTR_SH "D11.7.1, D13.7.1 (PMCCFILTR_EL0.SH with FEAT_SEL2), CountPMUEvents"
#define RULES_SH_RW "PMEVTYPER<n>_EL0.SH (D24.5.12), PMCCFILTR_EL0.SH (D24.5.1): RW with EL3 and FEAT_SEL2"
#define RULES_NO_SYNC "D11.7.2, D13.7.3.2: two PMSWINC_EL0 writes without context synchronization count twice"
#define RULES_EXC_TAKEN "D11.7.2, D13.7.3.1: EXC_TAKEN counted in the Exception level it was taken from"
#define RULES_EXC_RETURN "D11.7.2, D13.7.3.1: EXC_RETURN counted in the Exception level that returned"
#define RULES_INST_RETIRED "D11.7.1, D13.7.1, CountPMUEvents: INST_RETIRED (0x08) counted exactly under each filter"
#define INST_BLOCK 64 /* the NOPs of at_ctx_inst_block() (its .rept) */
#define EXC_CALLS 4

/* Runs in the context: exactly two PMSWINC_EL0 writes, back to back, then ISB. */
static uint64_t at_ctx_swinc_twice(uint64_t mask)
{
	__asm__ volatile("msr pmswinc_el0, %0\n\tmsr pmswinc_el0, %0\n\tisb" ::"r"(mask) : "memory");
	return 0;
}

/* The test point of the M filter with an AArch32 EL1, and its rule. */
#define M_EL1_AARCH32 "filter.m_with_el1_aarch32"
#define RULES_M_EL1_AARCH32 "CountPMUEvents (m = filter<26> with EL3 and AArch64; at EL3 filtered = m != p), D13.7.1"

/* Why the exception events are not checked at an AArch32 context. */
#define A32_NO_CALLS "the A32 agent makes no nop service calls (its only exception is the return): EXC_TAKEN and " \
		     "EXC_RETURN are checked at the AArch64 contexts"

/* Runs in the context: `arg & 0xff` pmucheck nop calls, by SVC at EL0/EL1, HVC at EL2, SMC at EL3 (arg >> 8). */
static uint64_t at_ctx_exception_calls(uint64_t arg)
{
	unsigned el = (unsigned)(arg >> 8), i;

	for (i = 0; i < (arg & 0xff); i++) {
		register uint64_t x0 __asm__("x0") = PMUCHECK_CALL_NOP;

		if (el <= 1)
			__asm__ volatile("svc #0" : "+r"(x0)::"memory");
		else if (el == 2)
			__asm__ volatile("hvc #0" : "+r"(x0)::"memory");
		else
			__asm__ volatile("smc #0" : "+r"(x0)::"memory");
	}
	isb();
	return 0;
}

/* The context whose Exception level handles c's nop calls: its EL1 for an EL0 context (EL2 for the host EL0,
 * HCR_EL2.TGE = 1), else c itself. */
static enum ctx handler_ctx(enum ctx c)
{
	if (ctx_el(c) != 0)
		return c;
	if (ctx_host_el0(c))
		return !ctx_secure(c) ? CTX_NS_EL2_VHE : CTX_S_EL2_VHE;
	return !ctx_secure(c) ? CTX_NS_EL1 : ctx_eel2(c) ? CTX_S_EL1_SEL2 : CTX_S_EL1;
}

static void check_exception_events(enum ctx c)
{
	struct check_group taken, ret_group;
	struct pmu_state s;
	uint64_t ret, seen;
	bool has_taken = pmu_event_implemented(PMU_EVENT_EXC_TAKEN);
	bool has_return = pmu_event_implemented(PMU_EVENT_EXC_RETURN);
	/* Besides the calls: from below the orchestrator, the call that returns to it; at the orchestrator's own level
	 * with FEAT_EBEP, the PMUCHECK_CALL_SET_PM call after every call (lib/runtime/context.c ctx_set_pm()); and where
	 * the handler is the orchestrator's level, the ERET that enters a lower context and that call's return. */
	bool handler_own = ctx_el(handler_ctx(c)) == orchestrator_el;
	unsigned own_pm = features.ebep && ctx_el(c) == orchestrator_el ? 1 : 0;
	unsigned expected_taken = EXC_CALLS + (ctx_el(c) < orchestrator_el ? 1 : 0) + own_pm;
	unsigned expected_return = EXC_CALLS + (handler_own && ctx_el(c) < orchestrator_el ? 1 : 0) +
				   (handler_own && features.ebep ? 1 : 0);

	bool on_taken = group_begin(&taken, RULES_EXC_TAKEN, "filter.exc_taken.%s", ctx_name(c));
	bool on_return = group_begin(&ret_group, RULES_EXC_RETURN, "filter.exc_return.%s", ctx_name(c));

	if (!has_taken)
		tap_skip(taken.name, RULES_EXC_TAKEN, "EXC_TAKEN not in PMCEID0_EL0 (bit 9 == 0)");
	else if (on_taken && pmu_el2_traps_why()) {
		tap_skip(taken.name, RULES_EXC_TAKEN, "%s", pmu_el2_traps_why());
		has_taken = false;
	}
	if (!has_return)
		tap_skip(ret_group.name, RULES_EXC_RETURN, "EXC_RETURN not in PMCEID0_EL0 (bit 10 == 0)");
	else if (on_return && pmu_el2_traps_why()) {
		tap_skip(ret_group.name, RULES_EXC_RETURN, "%s", pmu_el2_traps_why());
		has_return = false;
	}
	has_taken = has_taken && on_taken;
	has_return = has_return && on_return;
	if (has_taken && ctx_aarch32(c)) {
		tap_skip(taken.name, RULES_EXC_TAKEN, "%s", A32_NO_CALLS);
		has_taken = false;
	}
	if (has_return && ctx_aarch32(c)) {
		tap_skip(ret_group.name, RULES_EXC_RETURN, "%s", A32_NO_CALLS);
		has_return = false;
	}
	if (!has_taken && !has_return)
		return;
	pmu_state_init(&s, c);
	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.pmcntenset_el0 = BIT64(0) | BIT64(1);
	s.pmevtyper[0] = pmu_filter_only_at(c) | PMU_EVENT_EXC_TAKEN;
	s.pmevtyper[1] = pmu_filter_only_at(handler_ctx(c)) | PMU_EVENT_EXC_RETURN;
	pmu_program(&s);
	if (ctx_call(c, at_ctx_exception_calls, ((uint64_t)ctx_el(c) << 8) | EXC_CALLS, &ret) != CTX_OK) {
		check(has_taken ? &taken : &ret_group, false, "unexpected exception in %s", ctx_name(c));
		exc_record_print(&exc_unexpected);
		baseline_restore_all();
	} else {
		pmu_stop();
		seen = read_pmevcntr(0);
		if (has_taken)
			check(&taken, seen == expected_taken, "%u nop calls from %s: EXC_TAKEN (PMEVTYPER0_EL0=0x%llx) "
			      "expected %u, seen %llu", EXC_CALLS, ctx_name(c), (unsigned long long)s.pmevtyper[0],
			      expected_taken, (unsigned long long)seen);
		seen = read_pmevcntr(1);
		if (has_return)
			check(&ret_group, seen == expected_return, "%u nop calls from %s: EXC_RETURN at %s "
			      "(PMEVTYPER1_EL0=0x%llx) expected %u, seen %llu", EXC_CALLS, ctx_name(c), ctx_name(handler_ctx(c)),
			      (unsigned long long)s.pmevtyper[1], expected_return, (unsigned long long)seen);
	}
	if (has_taken)
		group_end(&taken);
	if (has_return)
		group_end(&ret_group);
}

/* Whether the model says filter f counts the cycle counter in a context other than c that a call visits. */
static bool counts_elsewhere(enum ctx c, uint64_t f)
{
	struct pmu_state s;
	unsigned v;

	for (v = 0; v < CTX_COUNT; v++) {
		if (v == c || !pmu_ctx_visited(c, (enum ctx)v))
			continue;
		pmu_state_init(&s, (enum ctx)v);
		s.pmcr_el0 = PMCR_EL0_E_BIT;
		s.pmcntenset_el0 = PMU_CNT_C_BIT;
		s.pmccfiltr_el0 = f;
		if (count_pmu_events(&features.pmu, &s, CYCLE_COUNTER_ID))
			return true;
	}
	return false;
}

static void filter_context(enum ctx c)
{
	struct check_group ev, ev_sh, cc, cc_sh, *gev, *gcc;
	struct pmu_state s;
	struct claim cl;
	uint64_t bits[7], f, seen, mask;
	unsigned nbits = pmu_filter_bits(bits), combo, n;
	bool counts, on_ev, on_ev_sh, on_cc, on_cc_sh;

	on_ev = group_begin(&ev, RULES_EVTYPER, "filter.evtyper.%s", ctx_name(c));
	on_ev_sh = group_begin(&ev_sh, RULES_EVTYPER_SH, "filter.evtyper_sh.%s", ctx_name(c));
	on_cc = group_begin(&cc, RULES_CCFILTR, "filter.ccfiltr.%s", ctx_name(c));
	on_cc_sh = group_begin(&cc_sh, RULES_CCFILTR_SH, "filter.ccfiltr_sh.%s", ctx_name(c));
	if (!on_ev && !on_ev_sh && !on_cc && !on_cc_sh)
		return;
	if (ctx_el1_aarch32(c) && test_deviation_recorded(M_EL1_AARCH32)) {
		unsigned b, k = 0;

		for (b = 0; b < nbits; b++)
			if (bits[b] != PMEVTYPER_M_BIT)
				bits[k++] = bits[b];
		if (k != nbits)
			printf("# filter.*.%s: M left out of the filters: the deviation %s records shows here through "
			       "the orchestrator's EL3 (platform/%s/xfail.c)\n", ctx_name(c), M_EL1_AARCH32, platform_name);
		nbits = k;
	}
	for (combo = 0; combo < (1u << nbits); combo++) {
		f = pmu_filter_combo(bits, nbits, combo);
		gev = (f & PMEVTYPER_SH_BIT) ? &ev_sh : &ev;
		gcc = (f & PMEVTYPER_SH_BIT) ? &cc_sh : &cc;
		pmu_state_init(&s, c);
		s.pmcr_el0 = PMCR_EL0_E_BIT;
		s.pmcntenset_el0 = pmu_event_counter_mask() | PMU_CNT_C_BIT;
		s.pmccfiltr_el0 = f;
		for (n = 0; n < 31; n++)
			s.pmevtyper[n] = f | PMU_EVENT_SW_INCR;
		pmu_program(&s);
		mask = BIT64(get_num_event_counters_accessible(&features.pmu, &s)) - 1;
		if (pmu_ctx_swinc_spin(c, mask) != CTX_OK) {
			check(gev, false, "filter 0x%llx: unexpected exception", (unsigned long long)f);
			exc_record_print(&exc_unexpected);
			baseline_restore_all();
			continue;
		}
		pmu_stop();
		for (n = 0; n < features.pmu.num_counters; n++) {
			counts = count_pmu_events(&features.pmu, &s, n) && (mask & BIT64(n));
			seen = read_pmevcntr(n);
			check_claim_that(gev, seen == (counts ? SWINC_WRITES : 0),
					 pmu_count_claim(&cl, &s, n, 0, counts ? SWINC_WRITES : 0, seen),
			      "PMEVTYPER%u_EL0=0x%llx at %s: PMEVCNTR%u_EL0 (SW_INCR) expected %u, seen %llu", n,
			      (unsigned long long)s.pmevtyper[n], ctx_name(c), n, counts ? SWINC_WRITES : 0,
			      (unsigned long long)seen);
		}
		if (counts_elsewhere(c, f))
			continue;
		counts = count_pmu_events(&features.pmu, &s, CYCLE_COUNTER_ID);
		seen = read_pmccntr_el0();
		check_claim_that(gcc, (seen != 0) == counts, pmu_count_claim(&cl, &s, CYCLE_COUNTER_ID, 0, counts, seen),
				 "PMCCFILTR_EL0=0x%llx at %s: PMCCNTR_EL0 expected %s, seen %llu",
		      (unsigned long long)f, ctx_name(c), counts ? "nonzero" : "0", (unsigned long long)seen);
	}
	if (on_ev)
		group_end(&ev);
	if (on_cc)
		group_end(&cc);
	if (!(features.el3 && features.sel2)) {
		on_ev_sh = on_cc_sh = false;
		tap_skip(ev_sh.name, RULES_EVTYPER_SH, "SH needs EL3 and FEAT_SEL2 (ID_AA64PFR0_EL1.EL3 == 0x%x, SEL2 == 0x%x)",
			 PFR0_FIELD(EL3), PFR0_FIELD(SEL2));
		tap_skip(cc_sh.name, RULES_CCFILTR_SH, "SH needs EL3 and FEAT_SEL2 (ID_AA64PFR0_EL1.EL3 == 0x%x, SEL2 == 0x%x)",
			 PFR0_FIELD(EL3), PFR0_FIELD(SEL2));
	}
	if (on_ev_sh)
		group_end(&ev_sh);
	if (on_cc_sh)
		group_end(&cc_sh);
}

static void check_swinc_no_sync(enum ctx c)
{
	struct check_group g;
	struct pmu_state s;
	struct claim cl;
	uint64_t ret, mask, seen;
	unsigned n;
	bool counts;

	if (!group_begin(&g, RULES_NO_SYNC, "filter.swinc_no_sync.%s", ctx_name(c)))
		return;
	pmu_state_init(&s, c);
	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.pmcntenset_el0 = pmu_event_counter_mask();
	pmu_program(&s);
	mask = BIT64(get_num_event_counters_accessible(&features.pmu, &s)) - 1;
	if ((ctx_aarch32(c) ? pmu_ctx_a32_swinc(c, mask, 2, 0) : ctx_call(c, at_ctx_swinc_twice, mask, &ret)) != CTX_OK) {
		check(&g, false, "unexpected exception");
		exc_record_print(&exc_unexpected);
		baseline_restore_all();
	} else {
		pmu_stop();
		for (n = 0; n < features.pmu.num_counters; n++) {
			counts = count_pmu_events(&features.pmu, &s, n) && (mask & BIT64(n));
			seen = read_pmevcntr(n);
			check_claim_that(&g, seen == (counts ? 2u : 0u), pmu_count_claim(&cl, &s, n, 0, counts ? 2u : 0u,
					 seen), "PMEVCNTR%u_EL0 expected %u after two PMSWINC_EL0 writes, "
			      "seen %llu", n, counts ? 2u : 0u, (unsigned long long)seen);
		}
	}
	group_end(&g);
}

/*
 * filter.m_with_el1_aarch32: the filter's M bit at EL3 does not depend on EL1's Execution state (CountPMUEvents:
 * "m = if HaveEL(EL3) && HaveAArch64() then filter<26> else '0'", then at EL3 "filtered = m != p"). Entered at EL3
 * with AArch32 at EL1: SCR_EL3.RW = 0 (EL1 AArch32; EL3 itself still AArch64), then the cycle counter (and an event
 * counter counting CPU_CYCLES) counts a spin at EL3 under {P, M} = {0, 1} (filtered: 0) and {1, 1} (counts).
 */
static void check_m_el1_aarch32(void)
{
	static const uint64_t filters[] = { PMEVTYPER_M_BIT, PMEVTYPER_M_BIT | PMEVTYPER_P_BIT };
	bool cpu_cycles = pmu_event_implemented(PMU_EVENT_CPU_CYCLES), counts;
	struct check_group g;
	struct pmu_state s;
	struct claim cl;
	uint64_t seen;
	unsigned i, n;
	volatile unsigned spin;

	if (!group_begin(&g, RULES_M_EL1_AARCH32, "%s", M_EL1_AARCH32))
		return;
	for (i = 0; i < sizeof(filters) / sizeof(filters[0]); i++) {
		pmu_state_init(&s, CTX_EL3);
		s.el1_aarch32 = true;
		s.pmcr_el0 = PMCR_EL0_E_BIT | PMCR_EL0_LC_BIT;
		s.pmcntenset_el0 = PMU_CNT_C_BIT | (cpu_cycles ? BIT64(0) : 0);
		s.pmccfiltr_el0 = filters[i];
		s.pmevtyper[0] = filters[i] | PMU_EVENT_CPU_CYCLES;
		write_scr_el3(read_scr_el3() & ~SCR_EL3_RW_BIT); /* EL1 AArch32 before anything counts */
		isb();
		pmu_program(&s);
		for (spin = 0; spin < PMU_CYCLE_SPIN; spin++)
			;
		pmu_stop();
		for (n = 0; n < (cpu_cycles ? 2u : 1u); n++) {
			unsigned idx = n ? 0 : CYCLE_COUNTER_ID;

			counts = count_pmu_events(&features.pmu, &s, idx);
			seen = n ? read_pmevcntr(0) : read_pmccntr_el0();
			check_claim_that(&g, (seen != 0) == counts, pmu_count_claim(&cl, &s, idx, 0, counts, seen != 0),
					 "SCR_EL3.RW=0 (EL1 AArch32), filter 0x%llx: %s counted %llu at EL3, expected %s",
					 (unsigned long long)filters[i], n ? "PMEVCNTR0_EL0 (CPU_CYCLES)" : "PMCCNTR_EL0",
					 (unsigned long long)seen, counts ? "nonzero" : "0");
		}
		el3_baseline(); /* SCR_EL3.RW = 1 */
	}
	group_end(&g);
}

static void check_sh_rw(void)
{
	struct check_group g;
	uint64_t v;
	unsigned n, sh;

	if (!(features.el3 && features.sel2)) {
		tap_skip("filter.sh_rw", RULES_SH_RW, "SH needs EL3 and FEAT_SEL2 (ID_AA64PFR0_EL1.EL3 == 0x%x, SEL2 == 0x%x)",
			 PFR0_FIELD(EL3), PFR0_FIELD(SEL2));
		return;
	}
	if (!group_begin(&g, RULES_SH_RW, "filter.sh_rw"))
		return;
	for (sh = 0; sh < 2; sh++) {
		uint64_t want = sh ? PMEVTYPER_SH_BIT : 0;

		for (n = 0; n < features.pmu.num_counters; n++) {
			write_pmevtyper(n, want | PMU_EVENT_SW_INCR);
			isb();
			v = read_pmevtyper(n);
			check_claim_that(&g, (v & PMEVTYPER_SH_BIT) == want, (&(struct claim){ "PMEVTYPER<n>_EL0",
					 (int)n, -1, CLAIM_WRITE, want, v & PMEVTYPER_SH_BIT }),
					 "PMEVTYPER%u_EL0.SH written %u, reads 0x%llx", n, sh,
			      (unsigned long long)v);
		}
		write_pmccfiltr_el0(want);
		isb();
		v = read_pmccfiltr_el0();
		check_claim_that(&g, (v & PMEVTYPER_SH_BIT) == want, (&(struct claim){ "PMCCFILTR_EL0", CYCLE_COUNTER_ID,
				 -1, CLAIM_WRITE, want, v & PMEVTYPER_SH_BIT }), "PMCCFILTR_EL0.SH written %u, reads 0x%llx", sh,
		      (unsigned long long)v);
	}
	group_end(&g);
}

/* What at_ctx_inst_block() measured: PMEVCNTR0_EL0 and PMEVCNTR1_EL0, second read minus first. */
static uint64_t inst_diff[2];

/* Runs in the context: both counters read, INST_BLOCK NOPs, both read again (one asm block: nothing else between). */
static uint64_t at_ctx_inst_block(uint64_t unused)
{
	uint64_t a0, a1, b0, b1;

	(void)unused;
	__asm__ volatile("mrs %0, pmevcntr0_el0\n\t"
			 "mrs %1, pmevcntr1_el0\n\t"
			 ".rept 64\n\tnop\n\t.endr\n\t" /* INST_BLOCK */
			 "mrs %2, pmevcntr0_el0\n\t"
			 "mrs %3, pmevcntr1_el0"
			 : "=&r"(a0), "=&r"(a1), "=&r"(b0), "=&r"(b1)::"memory");
	inst_diff[0] = b0 - a0;
	inst_diff[1] = b1 - a1;
	return 0;
}

/* INST_BLOCK + 1 or + 2 (top of file), as the first count of the run showed; 0: not seen yet. */
static uint64_t inst_interval;

static void check_inst_retired(enum ctx c)
{
	uint64_t want_all;
	uint64_t bits[7], f, ret, want;
	unsigned nbits = pmu_filter_bits(bits), combo;
	struct check_group g;
	struct pmu_state s;
	struct claim cl;

	if (!pmu_counts_instructions_exactly() || features.pmu.num_counters < 2) {
		/* QEMU advertises INST_RETIRED only under -icount, where it counts exactly */
		pmu_skip_at("filter.inst_retired", c, RULES_INST_RETIRED, !test_platform_version()[0] ?
			    "not QEMU (no pmucheck.qemu boot argument): no platform known to count instructions exactly" :
			    !pmu_event_implemented(PMU_EVENT_INST_RETIRED) ? "INST_RETIRED not in PMCEID0_EL0 (bit 8 == 0)" :
			    "PMCR_EL0.N < 2: no second event counter");
		return;
	}
	if (ctx_aarch32(c)) {
		pmu_skip_at("filter.inst_retired", c, RULES_INST_RETIRED, "the A32 agent has no block of reads around "
			    "NOPs: exact INST_RETIRED counts are checked in A64 code");
		return;
	}
	if (!group_begin(&g, RULES_INST_RETIRED, "filter.inst_retired.%s", ctx_name(c)))
		return;
	for (combo = 0; combo < (1u << nbits); combo++) {
		f = pmu_filter_combo(bits, nbits, combo);
		pmu_state_init(&s, c);
		s.pmcr_el0 = PMCR_EL0_E_BIT;
		s.pmcntenset_el0 = BIT64(0) | BIT64(1);
		s.pmevtyper[0] = f | PMU_EVENT_INST_RETIRED;
		s.pmevtyper[1] = PMU_FILTER_ALL | PMU_EVENT_INST_RETIRED;
		pmu_program(&s);
		if (ctx_call(c, at_ctx_inst_block, 0, &ret) != CTX_OK) {
			check(&g, false, "filter 0x%llx: unexpected exception", (unsigned long long)f);
			exc_record_print(&exc_unexpected);
			baseline_restore_all();
			continue;
		}
		pmu_stop();
		if (!inst_interval && (inst_diff[1] == INST_BLOCK + 1 || inst_diff[1] == INST_BLOCK + 2)) {
			inst_interval = inst_diff[1];
			printf("# filter.inst_retired: a direct read of PMEVCNTR<n>_EL0 %s the MRS itself (%llu between the "
			       "reads)\n", inst_interval == INST_BLOCK + 2 ? "counts" : "does not count",
			       (unsigned long long)inst_interval);
		}
		want_all = inst_interval ? inst_interval : INST_BLOCK + 1;
		want = count_pmu_events(&features.pmu, &s, 1) ? want_all : 0;
		check_claim_that(&g, inst_diff[1] == want, pmu_count_claim(&cl, &s, 1, 0, want, inst_diff[1]),
				 "at %s: PMEVCNTR1_EL0 (INST_RETIRED, PMEVTYPER1_EL0=0x%llx) counted %llu across %u NOPs and "
				 "the MRS reads, expected %llu", ctx_name(c), (unsigned long long)s.pmevtyper[1],
				 (unsigned long long)inst_diff[1], INST_BLOCK, (unsigned long long)want);
		want = count_pmu_events(&features.pmu, &s, 0) ? want_all : 0;
		check_claim_that(&g, inst_diff[0] == want, pmu_count_claim(&cl, &s, 0, 0, want, inst_diff[0]),
				 "at %s: PMEVCNTR0_EL0 (INST_RETIRED, PMEVTYPER0_EL0=0x%llx) counted %llu across %u NOPs and "
				 "the MRS reads, expected %llu (CountPMUEvents=%d)", ctx_name(c), (unsigned long long)f,
				 (unsigned long long)inst_diff[0], INST_BLOCK, (unsigned long long)want, want != 0);
	}
	group_end(&g);
}

void test_filter(void)
{
	const char *why;
	unsigned c, i;
	static const char *const points[] = { "filter.evtyper", "filter.evtyper_sh", "filter.ccfiltr",
					      "filter.ccfiltr_sh", "filter.swinc_no_sync", "filter.exc_taken",
					      "filter.exc_return", "filter.inst_retired" };
	static const char *const rules[] = { RULES_EVTYPER, RULES_EVTYPER_SH, RULES_CCFILTR, RULES_CCFILTR_SH,
					     RULES_NO_SYNC, RULES_EXC_TAKEN, RULES_EXC_RETURN, RULES_INST_RETIRED };

	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, true);
		if (!why) {
			filter_context((enum ctx)c);
			check_swinc_no_sync((enum ctx)c);
			check_exception_events((enum ctx)c);
			check_inst_retired((enum ctx)c);
			continue;
		}
		for (i = 0; i < sizeof(points) / sizeof(points[0]); i++)
			pmu_skip_at(points[i], (enum ctx)c, rules[i], why);
	}
	if (pmu_implemented(&features.pmu))
		check_sh_rw();
	if (!pmu_implemented(&features.pmu))
		tap_skip(M_EL1_AARCH32, RULES_M_EL1_AARCH32, "PMUv3 not implemented (ID_AA64DFR0_EL1.PMUVer is 0x0 or 0xF)");
	else if (!features.aa32_el1)
		tap_skip(M_EL1_AARCH32, RULES_M_EL1_AARCH32, "AArch32 not implemented at EL1 (ID_AA64PFR0_EL1.EL1 != 0b0010)");
	else if (orchestrator_el != 3)
		tap_skip(M_EL1_AARCH32, RULES_M_EL1_AARCH32, "MDCR_EL3 not owned (no EL3, or entered below EL3)");
	else
		check_m_el1_aarch32();
	baseline_restore_all();
}
