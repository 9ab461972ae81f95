/*
 * freeze.c - D11.5.2 / D13.5.2 Freezing event counters.
 *
 * freeze.overflow (FEAT_PMUv3p7: PMCR_EL0.FZO for the first range, MDCR_EL2.HPMFZO for the second)
 *     In one context (Non-secure EL2 when available, as in overflow.c), every counter counting SW_INCR,
 *     PMCR_EL0.DP = 1, HPMN = N/2 where EL2 is owned: counter `first` of one range is preset to 0xffffffff
 *     and overflows on a PMSWINC_EL0 write of all counters. Whether events at the time of the overflow count
 *     is CONSTRAINED UNPREDICTABLE, so that write's effect on the others is not checked. Then:
 *       - a read of PMOVSCLR_EL0 shows the flag, and after it the frozen range's counters read the same
 *         value across SWINC_WRITES further writes (D11.5.2: "will return the same value for each read");
 *       - the other range's counters count all SWINC_WRITES;
 *       - the cycle counter stops while the first range is frozen (PMCR_EL0.DP), and only then;
 *       - after PMOVSCLR_EL0 is written, the frozen range counts again.
 * freeze.spe.<ctx> (FEAT_SPEv1p2 and FEAT_PMUv3p7: PMBLIMITR_EL1.{E, PMFZ}, PMBSR_EL1.S, PMCR_EL0.FZS,
 * MDCR_EL2.HPMFZS)
 *     The state an SPE buffer management event leaves (PMBSR_EL1.S = 1: collection stopped, SPEProfilingStopped())
 *     set by a write, under every combination of PMBLIMITR_EL1.E, PMBLIMITR_EL1.PMFZ, PMBSR_EL1.S, PMCR_EL0.FZS
 *     and, where EL2 is pmucheck's (HPMN = N/2: both ranges), MDCR_EL2.HPMFZS; every counter counts SW_INCR
 *     written at the context, and PMCR_EL0.DP is set: each event counter must count SWINC_WRITES exactly where
 *     CountPMUEvents() with SPEFreezeOnEvent() says it counts (frozen: 0), the cycle counter stop only with
 *     FEAT_SPE_DPFZS. The combinations with S = 0 after those with S = 1 show the freeze lifted when S is cleared.
 *     At the AArch32 contexts the A32 agent's PMSWINC writes (D11.5.2: the freeze applies in AArch32 state).
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

#define RULES_OVERFLOW "D11.5.2, D13.5.2.1 (PMCR_EL0.FZO, MDCR_EL2.HPMFZO; PMCR_EL0.DP; after a read of " \
		       "PMOVSCLR_EL0, PMEVCNTR<n>_EL0 reads return the same value), ShouldPMUFreeze"
#define RULES_SPE "D11.5.2, D13.5.2.2 (PMBLIMITR_EL1.PMFZ, PMCR_EL0.FZS, MDCR_EL2.HPMFZS), SPEFreezeOnEvent"
/* At the AArch32 contexts: "the effect of FEAT_SPEv1p2 on PMU event counters applies in AArch32 state" */
#define RULES_SPE_A32 "D11.5.2, D13.5.2.2 (PMBLIMITR_EL1.{E, PMFZ}, PMCR_EL0.FZS, MDCR_EL2.HPMFZS in AArch32 " \
		      "state), SPEFreezeOnEvent"
#define SWINC_WRITES 3

/* What the sequence saw (shared memory: the MMU is off at every level). */
static struct {
	unsigned first;                      /* the counter that overflows */
	uint64_t ovs;                        /* PMOVSCLR_EL0 read after the overflow */
	uint64_t frozen[31], later[31];      /* counters after that read, and after SWINC_WRITES more writes */
	uint64_t ccnt_frozen, ccnt_later;    /* the cycle counter at the same two points */
	uint64_t thawed[31];                 /* counters after PMOVSCLR_EL0 and SWINC_WRITES more writes */
} fz;

/* Runs in the context: the sequence described at the top of this file. */
static uint64_t at_ctx_freeze(uint64_t mask)
{
	unsigned i, n, counters = features.pmu.num_counters;

	write_pmevcntr(fz.first, 0xFFFFFFFFULL);
	isb();
	write_pmswinc_el0(mask); /* the overflow */
	isb();
	fz.ovs = read_pmovsclr_el0();
	isb();
	for (n = 0; n < counters; n++)
		fz.frozen[n] = read_pmevcntr(n);
	fz.ccnt_frozen = read_pmccntr_el0();
	for (i = 0; i < SWINC_WRITES; i++)
		write_pmswinc_el0(mask);
	isb();
	for (n = 0; n < counters; n++)
		fz.later[n] = read_pmevcntr(n);
	fz.ccnt_later = read_pmccntr_el0();
	write_pmovsclr_el0(BIT64(fz.first));
	isb();
	for (n = 0; n < counters; n++)
		fz.thawed[n] = read_pmevcntr(n);
	for (i = 0; i < SWINC_WRITES; i++)
		write_pmswinc_el0(mask);
	isb();
	for (n = 0; n < counters; n++)
		fz.thawed[n] = read_pmevcntr(n) - fz.thawed[n];
	return 0;
}

static void check_overflow_freeze(void)
{
	struct check_group g;
	struct pmu_state s;
	enum ctx c = pmu_sequence_ctx();
	unsigned hpmn = pmu_owns_el2() && features.pmu.num_counters >= 2 ? features.pmu.num_counters / 2
									 : features.pmu.num_counters;
	unsigned firsts[2] = { 0, hpmn }, f, n;
	uint64_t ret;
	bool frozen_range, first_range;

	if (!group_begin(&g, RULES_OVERFLOW, "freeze.overflow"))
		return;
	for (f = 0; f < (hpmn < features.pmu.num_counters ? 2u : 1u); f++) {
		pmu_state_init(&s, c);
		s.pmcr_el0 = PMCR_EL0_E_BIT | PMCR_EL0_FZO_BIT | PMCR_EL0_DP_BIT;
		s.pmcntenset_el0 = pmu_event_counter_mask() | PMU_CNT_C_BIT;
		if (features.el2)
			s.mdcr_el2 = (s.mdcr_el2 & ~MDCR_EL2_HPMN_MASK) | FIELD_PREP(MDCR_EL2, HPMN, hpmn) |
				     MDCR_EL2_HPME_BIT | MDCR_EL2_HPMFZO_BIT;
		pmu_program(&s);
		fz.first = firsts[f];
		if (ctx_call(c, at_ctx_freeze, pmu_event_counter_mask(), &ret) != CTX_OK) {
			check(&g, false, "unexpected exception in %s", ctx_name(c));
			exc_record_print(&exc_unexpected);
			baseline_restore_all();
			continue;
		}
		pmu_stop();
		first_range = fz.first < hpmn;
		check(&g, fz.ovs & BIT64(fz.first), "counter %u preset to 0xffffffff and incremented: PMOVSCLR_EL0 = "
		      "0x%llx, no overflow flag", fz.first, (unsigned long long)fz.ovs);
		for (n = 0; n < features.pmu.num_counters; n++) {
			frozen_range = (n < hpmn) == first_range;
			check(&g, fz.later[n] - fz.frozen[n] == (frozen_range ? 0u : SWINC_WRITES),
			      "overflow of counter %u (range %u): PMEVCNTR%u_EL0 (range %u) went 0x%llx -> 0x%llx over %u "
			      "PMSWINC_EL0 writes; expected %s", fz.first, first_range ? 1 : 2, n, n < hpmn ? 1 : 2,
			      (unsigned long long)fz.frozen[n], (unsigned long long)fz.later[n], SWINC_WRITES,
			      frozen_range ? "no change (frozen)" : "+3");
			check(&g, fz.thawed[n] == SWINC_WRITES, "after PMOVSCLR_EL0 cleared the flag, PMEVCNTR%u_EL0 "
			      "counted %llu of %u writes", n, (unsigned long long)fz.thawed[n], SWINC_WRITES);
		}
		check(&g, (fz.ccnt_later == fz.ccnt_frozen) == first_range, "PMCR_EL0.DP=1, range %u frozen: "
		      "PMCCNTR_EL0 0x%llx -> 0x%llx; expected it %s", first_range ? 1 : 2,
		      (unsigned long long)fz.ccnt_frozen, (unsigned long long)fz.ccnt_later,
		      first_range ? "stopped" : "counting");
	}
	write_pmovsclr_el0(pmu_event_counter_mask() | PMU_CNT_C_BIT);
	group_end(&g);
}

/* freeze.spe.<ctx>: the module comment. */
static void check_spe_freeze(enum ctx c)
{
	struct check_group g;
	struct pmu_state s;
	struct claim cl;
	unsigned n, combo, N = features.pmu.num_counters, hpmn = pmu_owns_el2() && N >= 2 ? N / 2 : N;
	unsigned ncombos = pmu_owns_el2() ? 32 : 16;
	uint64_t seen, mask;
	bool counts;
	int rc;

	if (!group_begin(&g, ctx_aarch32(c) ? RULES_SPE_A32 : RULES_SPE, "freeze.spe.%s", ctx_name(c)))
		return;
	for (combo = 0; combo < ncombos; combo++) {
		pmu_state_init(&s, c);
		s.pmcr_el0 = PMCR_EL0_E_BIT | PMCR_EL0_DP_BIT | (combo & 1 ? PMCR_EL0_FZS_BIT : 0);
		s.pmcntenset_el0 = pmu_event_counter_mask() | PMU_CNT_C_BIT;
		for (n = 0; n < 31; n++)
			s.pmevtyper[n] = PMU_FILTER_ALL | PMU_EVENT_SW_INCR;
		s.pmblimitr_el1 = (combo & 2 ? PMBLIMITR_EL1_E_BIT : 0) | (combo & 4 ? PMBLIMITR_EL1_PMFZ_BIT : 0);
		s.pmbsr_el1 = combo & 8 ? PMBSR_EL1_S_BIT : 0;
		if (pmu_owns_el2())
			s.mdcr_el2 = (s.mdcr_el2 & ~MDCR_EL2_HPMN_MASK) | FIELD_PREP(MDCR_EL2, HPMN, hpmn) |
				     MDCR_EL2_HPME_BIT | (combo & 16 ? MDCR_EL2_HPMFZS_BIT : 0);
		pmu_program(&s);
		mask = BIT64(get_num_event_counters_accessible(&features.pmu, &s)) - 1;
		rc = ctx_aarch32(c) ? pmu_ctx_a32_swinc(c, mask, SWINC_WRITES, 0) : pmu_ctx_swinc_spin(c, mask);
		if (rc != CTX_OK) {
			check(&g, false, "unexpected exception at %s", ctx_name(c));
			exc_record_print(&exc_unexpected);
			baseline_restore_all();
			break;
		}
		pmu_stop();
		for (n = 0; n < N; n++) {
			counts = count_pmu_events(&features.pmu, &s, n) && (mask & BIT64(n));
			seen = read_pmevcntr(n);
			check_claim_that(&g, seen == (counts ? SWINC_WRITES : 0u),
					 pmu_count_claim(&cl, &s, n, 0, counts ? SWINC_WRITES : 0u, seen),
					 "PMBLIMITR_EL1=0x%llx PMBSR_EL1=0x%llx PMCR_EL0=0x%llx MDCR_EL2=0x%llx at %s: PMEVCNTR%u_EL0 "
					 "(range %u) expected %u (SPEFreezeOnEvent %s), seen %llu",
					 (unsigned long long)s.pmblimitr_el1, (unsigned long long)s.pmbsr_el1,
					 (unsigned long long)s.pmcr_el0, (unsigned long long)s.mdcr_el2, ctx_name(c), n,
					 n < hpmn ? 1 : 2, counts ? SWINC_WRITES : 0u,
					 spe_freeze_on_event(&features.pmu, &s, n) ? "frozen" : "not frozen", (unsigned long long)seen);
		}
		counts = count_pmu_events(&features.pmu, &s, CYCLE_COUNTER_ID);
		if (pmu_decides_elsewhere(c, &s, CYCLE_COUNTER_ID, !counts))
			continue; /* a level the call passes through decides the cycle counter otherwise: says nothing of c */
		seen = read_pmccntr_el0();
		check(&g, (seen != 0) == counts, "PMCR_EL0.DP=1, SPE freeze %s: PMCCNTR_EL0 expected %s, seen %llu (FEAT_SPE_DPFZS "
		      "%s)", spe_freeze_on_event(&features.pmu, &s, 0) ? "on" : "off", counts ? "nonzero" : "0",
		      (unsigned long long)seen, features.pmu.spe_dpfzs ? "implemented" : "not implemented");
	}
	group_end(&g);
}

void test_freeze(void)
{
	const char *why;
	unsigned c;

	if (!feat_pmuv3p7(&features.pmu))
		tap_skip("freeze.overflow", RULES_OVERFLOW, "FEAT_PMUv3p7 not implemented (ID_AA64DFR0_EL1.PMUVer == 0x%x)",
			 features.pmu.pmuver);
	else if (features.el2 && !pmu_owns_el2())
		tap_skip("freeze.overflow", RULES_OVERFLOW, "EL2 is implemented but owned by a higher level: HPMN unknown");
	else if (!pmu_event_implemented(PMU_EVENT_SW_INCR))
		tap_skip("freeze.overflow", RULES_OVERFLOW, "SW_INCR not in PMCEID0_EL0 (bit 0 == 0)");
	else
		check_overflow_freeze();
	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, true);
		if (!why && !features.pmu.spev1p2)
			why = "FEAT_SPEv1p2 not implemented (ID_AA64DFR0_EL1.PMSVer < 0x3)";
		else if (!why && !feat_pmuv3p7(&features.pmu))
			why = "FEAT_PMUv3p7 not implemented (ID_AA64DFR0_EL1.PMUVer < 0x7): SPEFreezeOnEvent() needs it";
		else if (!why && !spe_buffer_owned())
			why = "EL2 is implemented but owned by a higher level: PMBLIMITR_EL1 and PMBSR_EL1 may be its (MDCR_EL2.E2PB)";
		if (why)
			pmu_skip_at("freeze.spe", (enum ctx)c, ctx_aarch32((enum ctx)c) ? RULES_SPE_A32 : RULES_SPE, why);
		else
			check_spe_freeze((enum ctx)c);
	}
	baseline_restore_all();
}
