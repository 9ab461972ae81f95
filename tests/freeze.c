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
 * freeze.spe (FEAT_SPEv1p2: PMBLIMITR_EL1.PMFZ, PMCR_EL0.FZS, MDCR_EL2.HPMFZS)
 *     Needs an SPE buffer management event, which pmucheck does not generate yet: skipped with that reason.
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

#define RULES_OVERFLOW "D11.5.2, D13.5.2.1 (PMCR_EL0.FZO, MDCR_EL2.HPMFZO; PMCR_EL0.DP), ShouldPMUFreeze"
#define RULES_SPE "D11.5.2, D13.5.2.2 (PMBLIMITR_EL1.PMFZ, PMCR_EL0.FZS, MDCR_EL2.HPMFZS), SPEFreezeOnEvent"
#define SWINC_WRITES 3
#define PMSVer_SPEv1p2 0x3

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

void test_freeze(void)
{
	if (!feat_pmuv3p7(&features.pmu))
		tap_skip("freeze.overflow", RULES_OVERFLOW, "FEAT_PMUv3p7 not implemented (ID_AA64DFR0_EL1.PMUVer == 0x%x)",
			 features.pmu.pmuver);
	else if (features.el2 && !pmu_owns_el2())
		tap_skip("freeze.overflow", RULES_OVERFLOW, "EL2 is implemented but owned by a higher level: HPMN unknown");
	else if (!pmu_event_implemented(PMU_EVENT_SW_INCR))
		tap_skip("freeze.overflow", RULES_OVERFLOW, "SW_INCR not in PMCEID0_EL0 (bit 0 == 0)");
	else
		check_overflow_freeze();
	if (features.pmsver < PMSVer_SPEv1p2)
		tap_skip("freeze.spe", RULES_SPE, "FEAT_SPEv1p2 not implemented (ID_AA64DFR0_EL1.PMSVer == 0x%x)",
			 features.pmsver);
	else
		tap_skip("freeze.spe", RULES_SPE, "FEAT_SPEv1p2 is implemented, but pmucheck does not yet generate SPE "
			 "buffer management events: not checked");
	baseline_restore_all();
}
