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
 * freeze.spe_event.<ctx> (FEAT_SPEv1p2 and FEAT_PMUv3p7; the AArch64 contexts below EL3, where
 * StatisticalProfilingEnabled() can be TRUE)
 *     The same freeze after a real SPE buffer management event, not a write of PMBSR_EL1.S. The Profiling Buffer is
 *     owned by the context's Security state (MDCR_EL3.NSPB) and Exception level (MDCR_EL2.E2PB 0b00 for the EL2
 *     contexts and the host EL0, 0b11 below), and holds SPE_RECORDS records of the largest size (PMSIDR_EL1.MaxSize)
 *     below a 4KB-aligned PMBLIMITR_EL1.LIMIT, PMBLIMITR_EL1.E = 1; PMSIRR_EL1.INTERVAL is the recommended minimum
 *     (PMSIDR_EL1.Interval), PMSICR_EL1 = 0, PMSFCR_EL1 = 0 (no filter), and only the context's EL samples
 *     (PMSCR_EL2.E2SPE, PMSCR_EL2.E0HSPE, PMSCR_EL1.E1SPE or PMSCR_EL1.E0SPE). Every event counter counts SW_INCR,
 *     HPMN = N/2 where EL2 is pmucheck's, under every combination of PMBLIMITR_EL1.PMFZ, PMCR_EL0.FZS and
 *     MDCR_EL2.HPMFZS (so that each range is frozen in some and not in others). Two events:
 *       - buffer full: the buffer in the image's data. The context writes PMSWINC_EL0 SWINC_WRITES times (at EL1 and
 *         EL2 it then reads PMBSR_EL1.S = 0; at EL0 the writes come well before SPE_RECORDS intervals), loops until a
 *         read of PMBSR_EL1 shows S = 1 (EL1, EL2), or for more operations than the buffer holds samples of (EL0,
 *         where PMBSR_EL1 is UNDEFINED), then ISB and SWINC_WRITES writes more. PMBSR_EL1 must read S 1, EC 0b000000
 *         and BSC 0b000001 (Profiling Buffer filled), PMBPTR_EL1 lie in (LIMIT - 2^MaxSize, LIMIT];
 *       - a fault: PMBPTR_EL1 in the unmapped guard half of a stack slot (stacks.h), so the first record's write
 *         faults: S 1, EC 0b100100 (stage 1 Data Abort on write to Profiling Buffer), PMBPTR_EL1 unchanged (DL 0).
 *         With PMSICR_EL1 = 0 the first sample may be the context's first instruction: no writes before the loop.
 *     Each event counter must count the writes before the event and those after it exactly where CountPMUEvents()
 *     with SPEFreezeOnEvent() says it counts: with PMBSR_EL1.S 0, then with PMBSR_EL1 as the event left it.
 *     PMBIRQ, asserted while PMBSR_EL1.S is 1, is a PPI pmucheck never enables, and the context runs with PSTATE.{I,
 *     F} = 1: an interrupt taken anyway ends the call, and the point fails with its record. After each run
 *     PMSCR_EL1, PMSCR_EL2, PMBLIMITR_EL1 and PMBSR_EL1 are 0.
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "runtime/stacks.h"
#include "test/test.h"
#include "tests.h"

#define RULES_OVERFLOW "D11.5.2, D13.5.2.1 (PMCR_EL0.FZO, MDCR_EL2.HPMFZO; PMCR_EL0.DP; after a read of " \
		       "PMOVSCLR_EL0, PMEVCNTR<n>_EL0 reads return the same value), ShouldPMUFreeze"
#define RULES_SPE "D11.5.2, D13.5.2.2 (PMBLIMITR_EL1.PMFZ, PMCR_EL0.FZS, MDCR_EL2.HPMFZS), SPEFreezeOnEvent"
/* At the AArch32 contexts: "the effect of FEAT_SPEv1p2 on PMU event counters applies in AArch32 state" */
#define RULES_SPE_A32 "D11.5.2, D13.5.2.2 (PMBLIMITR_EL1.{E, PMFZ}, PMCR_EL0.FZS, MDCR_EL2.HPMFZS in AArch32 " \
		      "state), SPEFreezeOnEvent"
#define RULES_SPE_EVENT "D11.5.2, D13.5.2.2 (an SPE buffer management event: buffer full, a fault; " \
			"PMBLIMITR_EL1.PMFZ, PMCR_EL0.FZS, MDCR_EL2.HPMFZS), SPEFreezeOnEvent"
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

/*
 * freeze.spe_event's Profiling Buffer: the last bytes of a 4KB-aligned block, below a limit PMBLIMITR_EL1.LIMIT
 * (bits [63:12]) can hold. In the image's data, which every regime pmucheck runs in maps read/write (mmu.h).
 */
static uint8_t spe_buffer[4096] __attribute__((aligned(4096)));
#define SPE_RECORDS 4 /* records of the largest size (2^PMSIDR_EL1.MaxSize bytes) the buffer holds */

/* The buffer and sampling freeze.spe_event uses, from PMSIDR_EL1 and PMBIDR_EL1. */
struct spe_geometry {
	uint64_t record;   /* 2^PMSIDR_EL1.MaxSize: the largest record, in bytes */
	uint64_t bytes;    /* the buffer: SPE_RECORDS records, a multiple of 2^PMBIDR_EL1.Align, at most 4KB */
	uint64_t interval; /* PMSIRR_EL1.INTERVAL: the recommended minimum, PMSIDR_EL1.Interval */
	uint64_t turns;    /* loop turns that run more operations than the buffer holds samples of */
};

static void spe_geometry_of_pe(struct spe_geometry *geo)
{
	/* PMSIDR_EL1.Interval: 0b0000 256, 0b0010 512, ... 0b1000 4096; reserved values taken as the largest */
	static const uint16_t interval[16] = { 256, 4096, 512, 768, 1024, 1536, 2048, 3072, 4096, 4096, 4096, 4096,
					       4096, 4096, 4096, 4096 };
	uint64_t pmsidr = read_pmsidr_el1(), align = BIT64(FIELD_GET(PMBIDR_EL1, Align, read_pmbidr_el1()));

	geo->record = BIT64(FIELD_GET(PMSIDR_EL1, MaxSize, pmsidr));
	geo->bytes = SPE_RECORDS * geo->record;
	geo->bytes = (geo->bytes + align - 1) & ~(align - 1);
	if (geo->bytes > sizeof(spe_buffer))
		geo->bytes = sizeof(spe_buffer);
	geo->interval = interval[FIELD_GET(PMSIDR_EL1, Interval, pmsidr)];
	/* a record takes at least one byte and a turn at least one operation; one interval more for the first sample */
	geo->turns = (geo->bytes + 2) * geo->interval;
}

/* Sampling off at every EL, the Profiling Buffer disabled, no buffer management event (PMBSR_EL1.S 0). */
static void spe_stop(void)
{
	if (features.el2)
		write_pmscr_el2(0);
	EL1_REG_WRITE(pmscr, 0);
	write_pmblimitr_el1(0);
	write_pmbsr_el1(0);
	isb();
}

/*
 * The Profiling Buffer at PMBPTR_EL1 = start, sampling every `interval` operations from PMSICR_EL1 = 0 with no filter
 * (PMSFCR_EL1 0), then the PMU and PMBLIMITR_EL1 (with E) from s (pmu_program, which writes MDCR_EL3.NSPB and
 * MDCR_EL2.E2PB too), then the enable of context c's EL alone (StatisticalProfilingEnabled()): PMSCR_EL2.E2SPE at
 * EL2, PMSCR_EL2.E0HSPE at the host EL0 (HCR_EL2.TGE 1), PMSCR_EL1.E1SPE at EL1, PMSCR_EL1.E0SPE at EL0.
 */
static void spe_program(enum ctx c, const struct pmu_state *s, uint64_t start, uint64_t interval)
{
	spe_stop();
	write_pmsfcr_el1(0);
	write_pmsirr_el1(interval & PMSIRR_EL1_INTERVAL_MASK); /* RND 0 */
	write_pmsicr_el1(0);
	write_pmbptr_el1(start);
	pmu_program(s);
	if (ctx_el(c) == 2)
		write_pmscr_el2(PMSCR_EL2_E2SPE_BIT);
	else if (ctx_host_el0(c))
		write_pmscr_el2(PMSCR_EL2_E0HSPE_BIT);
	else
		EL1_REG_WRITE(pmscr, ctx_el(c) == 1 ? PMSCR_EL1_E1SPE_BIT : PMSCR_EL1_E0SPE_BIT);
	isb();
}

/* at_ctx_spe_event()'s argument: the PMSWINC_EL0 mask, and what the context does. */
#define SPE_ARG_POLL        BIT64(31) /* read PMBSR_EL1 (EL1, EL2): the loop ends when S is 1 */
#define SPE_ARG_BEFORE      BIT64(32) /* SWINC_WRITES writes before the loop */
#define SPE_ARG_TURNS_SHIFT 33        /* the loop's turns, at most */
#define SPE_RET_EARLY       BIT64(63) /* returned: PMBSR_EL1.S was 1 already after the writes before the loop */

/*
 * Runs in the context, sampled: SWINC_WRITES writes of the mask to PMSWINC_EL0 (SPE_ARG_BEFORE), a loop that ends at
 * the first read of PMBSR_EL1 with S 1 (SPE_ARG_POLL) or after its turns (EL0, which may not read PMBSR_EL1, runs them
 * all), ISB, SWINC_WRITES writes. Returns the turns run, with SPE_RET_EARLY.
 */
static uint64_t at_ctx_spe_event(uint64_t arg)
{
	uint64_t mask = arg & MASK64(30, 0), turns = arg >> SPE_ARG_TURNS_SHIFT, t, early = 0;
	bool poll = arg & SPE_ARG_POLL;
	unsigned i;

	if (arg & SPE_ARG_BEFORE) {
		for (i = 0; i < SWINC_WRITES; i++)
			write_pmswinc_el0(mask);
		isb();
		if (poll && (read_pmbsr_el1() & PMBSR_EL1_S_BIT))
			early = SPE_RET_EARLY;
	}
	for (t = 0; t < turns; t++) {
		if (poll && (read_pmbsr_el1() & PMBSR_EL1_S_BIT))
			break;
		__asm__ volatile("" ::: "memory");
	}
	isb();
	for (i = 0; i < SWINC_WRITES; i++)
		write_pmswinc_el0(mask);
	isb();
	return t | early;
}

/* freeze.spe_event.<ctx>: the module comment. */
static void check_spe_event_freeze(enum ctx c)
{
	static const char *const what[2] = { "buffer full",
					     "a fault on the first record's write (PMBPTR_EL1 unmapped)" };
	struct check_group g;
	struct pmu_state s, before;
	struct spe_geometry geo;
	struct claim cl;
	unsigned n, combo, fault, expected, N = features.pmu.num_counters, hpmn = pmu_owns_el2() && N >= 2 ? N / 2 : N;
	unsigned ncombos = pmu_owns_el2() ? 8 : 4;
	bool el2_owns = ctx_el(c) == 2 || ctx_host_el0(c), poll = ctx_el(c) != 0, ok, counts_before, counts_after;
	uint64_t limit, start, mask, arg, ret, pmbsr, pmbptr, seen, ec, bsc;

	if (!group_begin(&g, RULES_SPE_EVENT, "freeze.spe_event.%s", ctx_name(c)))
		return;
	spe_geometry_of_pe(&geo);
	for (fault = 0; fault < 2; fault++) {
		limit = fault ? stack_guard(pe_current, 0) + 4096
			      : (uint64_t)(uintptr_t)spe_buffer + sizeof(spe_buffer);
		start = limit - geo.bytes;
		for (combo = 0; combo < ncombos; combo++) {
			pmu_state_init(&s, c);
			/* the context's Security state owns the buffer, and may access its registers */
			if (features.el3)
				s.mdcr_el3 |= FIELD_PREP(MDCR_EL3, NSPB, s.secure ? NSPB_SECURE : NSPB_NONSECURE);
			s.pmcr_el0 = PMCR_EL0_E_BIT | (combo & 1 ? PMCR_EL0_FZS_BIT : 0);
			s.pmcntenset_el0 = pmu_event_counter_mask();
			s.pmblimitr_el1 = limit | PMBLIMITR_EL1_E_BIT | (combo & 2 ? PMBLIMITR_EL1_PMFZ_BIT : 0);
			/* E2PB: the context's EL owns the buffer (EL2 may not profile otherwise) */
			if (pmu_owns_el2())
				s.mdcr_el2 = (s.mdcr_el2 & ~(MDCR_EL2_HPMN_MASK | MDCR_EL2_E2PB_MASK)) |
					     FIELD_PREP(MDCR_EL2, HPMN, hpmn) | MDCR_EL2_HPME_BIT |
					     FIELD_PREP(MDCR_EL2, E2PB, el2_owns ? E2PB_EL2 : E2PB_EL1) |
					     (combo & 4 ? MDCR_EL2_HPMFZS_BIT : 0);
			mask = BIT64(get_num_event_counters_accessible(&features.pmu, &s)) - 1;
			spe_program(c, &s, start, geo.interval);
			arg = mask | (poll ? SPE_ARG_POLL : 0) | (fault ? 0 : SPE_ARG_BEFORE) |
			      geo.turns << SPE_ARG_TURNS_SHIFT;
			if (ctx_call(c, at_ctx_spe_event, arg, &ret) != CTX_OK) {
				check(&g, false, "%s at %s: an exception ended the call (PMBSR_EL1 0x%llx; PMBIRQ is a "
				      "PPI pmucheck does not enable, and the context runs with interrupts masked)",
				      what[fault], ctx_name(c), (unsigned long long)read_pmbsr_el1());
				exc_record_print(&exc_unexpected);
				spe_stop();
				baseline_restore_all();
				goto end;
			}
			pmbsr = read_pmbsr_el1();
			pmbptr = read_pmbptr_el1();
			pmu_stop();
			spe_stop();
			ec = FIELD_GET(PMBSR_EL1, EC, pmbsr);
			bsc = FIELD_GET(PMBSR_EL1, BSC, pmbsr);
			ok = (pmbsr & PMBSR_EL1_S_BIT) && (fault ? ec == PMBSR_EC_S1_ABORT
								 : ec == PMBSR_EC_OTHER && bsc == PMBSR_BSC_FULL);
			check(&g, ok, "%s at %s: PMBSR_EL1 = 0x%llx (S %u, EC 0x%02llx, %s 0x%02llx), expected S 1, EC 0x%02x%s; "
			      "PMBPTR_EL1 0x%llx (from 0x%llx), PMBLIMITR_EL1 0x%llx, PMSIRR_EL1 0x%llx", what[fault], ctx_name(c),
			      (unsigned long long)pmbsr, (pmbsr & PMBSR_EL1_S_BIT) ? 1 : 0, (unsigned long long)ec,
			      fault ? "FSC" : "BSC", (unsigned long long)bsc, fault ? PMBSR_EC_S1_ABORT : PMBSR_EC_OTHER,
			      fault ? " (stage 1 Data Abort on write to Profiling Buffer)" : ", BSC 0x01 (Profiling Buffer filled)",
			      (unsigned long long)pmbptr, (unsigned long long)start, (unsigned long long)s.pmblimitr_el1,
			      (unsigned long long)geo.interval);
			if (fault)
				check(&g, (pmbsr & PMBSR_EL1_DL_BIT) || pmbptr == start, "%s at %s: PMBPTR_EL1 = 0x%llx, expected "
				      "0x%llx unchanged (PMBSR_EL1 0x%llx, DL 0: it points after the last complete record, and none "
				      "was written)", what[fault], ctx_name(c), (unsigned long long)pmbptr,
				      (unsigned long long)start, (unsigned long long)pmbsr);
			else
				check(&g, pmbptr > limit - geo.record && pmbptr <= limit, "%s at %s: PMBPTR_EL1 = 0x%llx, "
				      "expected in (LIMIT - 2^PMSIDR_EL1.MaxSize, LIMIT] = (0x%llx, 0x%llx] from 0x%llx (PMBSR_EL1 "
				      "0x%llx)", what[fault], ctx_name(c), (unsigned long long)pmbptr,
				      (unsigned long long)(limit - geo.record), (unsigned long long)limit, (unsigned long long)start,
				      (unsigned long long)pmbsr);
			if (poll) {
				check(&g, !(ret & SPE_RET_EARLY), "%s at %s: PMBSR_EL1.S read 1 right after the %u PMSWINC_EL0 "
				      "writes before the loop (%u records of up to %llu bytes, sampled every %llu operations): "
				      "the event may have come before them", what[fault], ctx_name(c), SWINC_WRITES, SPE_RECORDS,
				      (unsigned long long)geo.record, (unsigned long long)geo.interval);
				check(&g, (ret & ~SPE_RET_EARLY) < geo.turns, "%s at %s: PMBSR_EL1.S still 0 after %llu loop "
				      "turns sampled every %llu operations (PMBSR_EL1 0x%llx, PMBPTR_EL1 0x%llx from 0x%llx, "
				      "PMBLIMITR_EL1 0x%llx)", what[fault], ctx_name(c), (unsigned long long)geo.turns,
				      (unsigned long long)geo.interval, (unsigned long long)pmbsr, (unsigned long long)pmbptr,
				      (unsigned long long)start, (unsigned long long)s.pmblimitr_el1);
			}
			/* the writes before the loop, under PMBSR_EL1 as it was then (S 0), and those after the event,
			 * under PMBSR_EL1 as the event left it */
			before = s;
			s.pmbsr_el1 = pmbsr;
			for (n = 0; n < N; n++) {
				counts_before = !fault && (mask & BIT64(n)) && count_pmu_events(&features.pmu, &before, n);
				counts_after = (mask & BIT64(n)) && count_pmu_events(&features.pmu, &s, n);
				expected = SWINC_WRITES * ((counts_before ? 1u : 0u) + (counts_after ? 1u : 0u));
				seen = read_pmevcntr(n);
				check_claim_that(&g, seen == expected, pmu_count_claim(&cl, &s, n, 0, expected, seen),
						 "%s at %s: PMBLIMITR_EL1=0x%llx PMBSR_EL1=0x%llx PMCR_EL0=0x%llx MDCR_EL2=0x%llx: "
						 "PMEVCNTR%u_EL0 (range %u) expected %u (%u before the event, %u after it: "
						 "SPEFreezeOnEvent %s), seen %llu", what[fault], ctx_name(c),
						 (unsigned long long)s.pmblimitr_el1, (unsigned long long)pmbsr,
						 (unsigned long long)s.pmcr_el0, (unsigned long long)s.mdcr_el2, n, n < hpmn ? 1 : 2,
						 expected, counts_before ? SWINC_WRITES : 0u, counts_after ? SWINC_WRITES : 0u,
						 spe_freeze_on_event(&features.pmu, &s, n) ? "frozen" : "not frozen",
						 (unsigned long long)seen);
			}
		}
	}
end:
	group_end(&g);
}

/* Why neither SPE freeze can be checked on this PE, or NULL. */
static const char *spe_freeze_skip_reason(void)
{
	if (!features.pmu.spev1p2)
		return "FEAT_SPEv1p2 not implemented (ID_AA64DFR0_EL1.PMSVer < 0x3)";
	if (!feat_pmuv3p7(&features.pmu))
		return "FEAT_PMUv3p7 not implemented (ID_AA64DFR0_EL1.PMUVer < 0x7): SPEFreezeOnEvent() needs it";
	if (!spe_buffer_owned())
		return "EL2 is implemented but owned by a higher level: PMBLIMITR_EL1 and PMBSR_EL1 may be its (MDCR_EL2.E2PB)";
	return NULL;
}

void test_freeze(void)
{
	const char *why;
	unsigned c;

	if (!feat_pmuv3p7(&features.pmu))
		tap_skip("freeze.overflow", RULES_OVERFLOW, "FEAT_PMUv3p7 not implemented (ID_AA64DFR0_EL1.PMUVer == 0x%x)",
			 features.pmu.pmuver);
	else if (pmu_el2_control_why()) /* MDCR_EL2.{HPMN, HPMFZO} for both ranges */
		tap_skip("freeze.overflow", RULES_OVERFLOW, "%s", pmu_el2_control_why());
	else if (!pmu_event_implemented(PMU_EVENT_SW_INCR))
		tap_skip("freeze.overflow", RULES_OVERFLOW, "SW_INCR not in PMCEID0_EL0 (bit 0 == 0)");
	else
		check_overflow_freeze();
	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, true);
		if (!why)
			why = spe_freeze_skip_reason();
		if (why)
			pmu_skip_at("freeze.spe", (enum ctx)c, ctx_aarch32((enum ctx)c) ? RULES_SPE_A32 : RULES_SPE, why);
		else
			check_spe_freeze((enum ctx)c);
	}
	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, true);
		if (!why)
			why = spe_freeze_skip_reason();
		if (!why && c == CTX_EL3)
			why = "SPE does not sample at EL3";
		else if (!why && ctx_aarch32((enum ctx)c))
			why = "SPE does not sample in AArch32 state (StatisticalProfilingEnabled)";
		else if (!why && features.el3 && orchestrator_el < 3)
			why = "EL3 implemented, and pmucheck was not entered at EL3: MDCR_EL3.NSPB (the Profiling Buffer's "
			      "owning Security state) is not pmucheck's";
		if (why)
			pmu_skip_at("freeze.spe_event", (enum ctx)c, RULES_SPE_EVENT, why);
		else
			check_spe_event_freeze((enum ctx)c);
	}
	baseline_restore_all();
}
