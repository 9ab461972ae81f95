/*
 * mt.c - D11.7.1 "Filtering by Exception level and Security state" in a multithreaded implementation (FEAT_MTPMU):
 * PMEVTYPER<n>_EL0.MT, MDCR_EL3.MTPME / MDCR_EL2.MTPME, Example D11-3.
 *
 * mt.sibling.<ctx>
 *     The PE's sibling thread (another PE with the same Aff3..Aff1; MPIDR_EL1.MT = 1) runs a block at context
 *     <ctx> while this PE waits at its own Exception level (the orchestrator's), both at once (lib/smp/pe_start.h
 *     pe_call_start()): MT_BLOCK_K rounds of a PMSWINC_EL0 write (counters 2 and 3), a SUBS and a branch, against
 *     none in an identical call, so the difference is the block's. This PE's counters, all filtered to count only
 *     at <ctx> (pmu_filter_only_at()): 0 INST_RETIRED with MT = 1, 1 INST_RETIRED with MT = 0, 2 SW_INCR with
 *     MT = 1, 3 SW_INCR with MT = 0, 4 INST_RETIRED with MT = 1 filtered to count only at another context (Example
 *     D11-3: filtering is evaluated in the state of the thread the event is Attributable to, not the counting
 *     thread's). Each round, MDCR_EL3.MTPME (MDCR_EL2.MTPME without EL3) 1 and then 0. Expected, from
 *     pmevtyper_mt_effective() and count_pmu_events() evaluated in the sibling's state: the sibling's 3 *
 *     MT_BLOCK_K instructions and MT_BLOCK_K software increments on the MT = 1 counters where MT is Effective and
 *     the filter counts at <ctx>, 0 on every other. INST_RETIRED is checked where the PE counts exactly (QEMU under
 *     -icount); SW_INCR always (precise by D11.7.2). The contexts at the orchestrator's own level and Security state
 *     are left out: this PE's own waiting there would count. At the AArch32 contexts the sibling's block is the A32
 *     agent's MT_BLOCK_K PMSWINC_EL0 (AArch32 PMSWINC) requests: SW_INCR is checked exactly, INST_RETIRED counted
 *     or not (the agent's instructions per request are its own).
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "platform/platform_desc.h"
#include "pmu_util.h"
#include "runtime/aarch32.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "runtime/stacks.h"
#include "smp/pe_start.h"
#include "test/test.h"
#include "tests.h"

#define MT_BLOCK_K 64
#define MT_SWINC_MASK (BIT64(2) | BIT64(3))
#define RULES_MT "D11.7.1 (PMEVTYPER<n>_EL0.MT, MDCR_EL3.MTPME, MDCR_EL2.MTPME), Example D11-3, CountPMUEvents"

/* At the sibling's context: k rounds of PMSWINC_EL0 (MT_SWINC_MASK), SUBS, B.NE; 3 * k instructions more than k = 0
 * (the CBZ runs either way). Returns 0. */
static uint64_t at_ctx_block(uint64_t k)
{
	uint64_t mask = MT_SWINC_MASK;

	__asm__ volatile("cbz %0, 2f\n"
			 "1:\tmsr pmswinc_el0, %1\n\t"
			 "subs %0, %0, #1\n\t"
			 "b.ne 1b\n"
			 "2:" : "+r"(k) : "r"(mask) : "cc", "memory");
	return 0;
}

/*
 * What the sibling PE runs: its levels' baseline, then the block at the context (arg: ctx << 32 | k, sibling
 * index << 48); at an AArch32 context the A32 agent's block, k PMSWINC writes (MT_SWINC_MASK), each a request the
 * agent interprets (so its instructions per round are the agent's, not 3). Returns the ctx_call() status.
 */
static uint64_t sibling_run(uint64_t arg)
{
	enum ctx c = (enum ctx)((arg >> 32) & 0xffff);
	struct a32_op ops[MT_BLOCK_K + 1];
	unsigned k = (unsigned)(arg & 0xffffffff), i;
	uint64_t ret;

	pe_current = (unsigned)(arg >> 48);
	baseline_restore_all();
	if (!ctx_aarch32(c))
		return (uint64_t)ctx_call(c, at_ctx_block, k, &ret);
	for (i = 0; i < k && i < MT_BLOCK_K; i++)
		ops[i] = (struct a32_op){ .kind = A32_OP_WRITE, .reg = A32_REG_PMSWINC, .lo = (uint32_t)MT_SWINC_MASK };
	ops[i] = (struct a32_op){ .kind = A32_OP_END };
	return (uint64_t)ctx_call_a32(c, ops, &ret);
}

/* The sibling thread of PE 0: another PE with the same Aff3..Aff1 (MPIDR_EL1.MT = 1); -1 when none. */
static int sibling_pe(void)
{
	uint64_t me = read_mpidr_el1() & MPIDR_EL1_AFF_MASK;
	unsigned i;

	if (!(read_mpidr_el1() & MPIDR_EL1_MT_BIT))
		return -1;
	for (i = 1; i < plat.pe_count; i++)
		if ((plat.pe_mpidr[i] & MPIDR_EL1_AFF_MASK & ~0xffull) == (me & ~0xffull))
			return (int)i;
	return -1;
}

/* One run: the sibling makes k rounds at c while this PE waits; this PE's counters after it. */
static bool run_sibling(unsigned sib, enum ctx c, unsigned k, const struct pmu_state *s, uint64_t *ctr,
			const char **why)
{
	uint64_t status;
	unsigned n;

	pmu_program(s);
	if (!pe_call_start(sib, sibling_run, (uint64_t)sib << 48 | (uint64_t)c << 32 | k, why))
		return false;
	status = pe_call_wait(sib);
	pe_current = 0;
	pmu_stop();
	for (n = 0; n < 5; n++)
		ctr[n] = read_pmevcntr(n);
	if (status != CTX_OK)
		*why = "the sibling's call at the context ended with an unexpected exception";
	return status == CTX_OK;
}

static void check_sibling(enum ctx c, unsigned sib, enum ctx other)
{
	struct check_group g;
	struct pmu_state s; /* this PE's controls, in the sibling's state (its context's EL and Security state) */
	uint64_t none[5], some[5], delta;
	unsigned on, n, want;
	bool exact = pmu_counts_instructions_exactly(), inst[5] = { true, true, false, false, true };
	const char *why = NULL;
	static const char *const what[5] = { "INST_RETIRED MT=1", "INST_RETIRED MT=0", "SW_INCR MT=1", "SW_INCR MT=0",
					     "INST_RETIRED MT=1, filtered elsewhere" };

	if (!group_begin(&g, RULES_MT, "mt.sibling.%s", ctx_name(c)))
		return;
	for (on = 0; on < 2; on++) {
		pmu_state_init(&s, c);
		s.pmcr_el0 = PMCR_EL0_E_BIT;
		s.pmcntenset_el0 = 0x1f;
		s.pmevtyper[0] = pmu_filter_only_at(c) | PMEVTYPER_MT_BIT | PMU_EVENT_INST_RETIRED;
		s.pmevtyper[1] = pmu_filter_only_at(c) | PMU_EVENT_INST_RETIRED;
		s.pmevtyper[2] = pmu_filter_only_at(c) | PMEVTYPER_MT_BIT | PMU_EVENT_SW_INCR;
		s.pmevtyper[3] = pmu_filter_only_at(c) | PMU_EVENT_SW_INCR;
		s.pmevtyper[4] = pmu_filter_only_at(other) | PMEVTYPER_MT_BIT | PMU_EVENT_INST_RETIRED;
		if (features.el3)
			s.mdcr_el3 = (s.mdcr_el3 & ~MDCR_EL3_MTPME_BIT) | (on ? MDCR_EL3_MTPME_BIT : 0);
		else if (features.el2)
			s.mdcr_el2 = (s.mdcr_el2 & ~MDCR_EL2_MTPME_BIT) | (on ? MDCR_EL2_MTPME_BIT : 0);
		if (!run_sibling(sib, c, 0, &s, none, &why) || !run_sibling(sib, c, MT_BLOCK_K, &s, some, &why)) {
			check(&g, false, "the sibling PE %u at %s: %s", sib, ctx_name(c), why);
			baseline_restore_all();
			break;
		}
		for (n = 0; n < 5; n++) {
			if (inst[n] && !exact)
				continue;
			want = pmevtyper_mt_effective(&features.pmu, &s, n) && count_pmu_events(&features.pmu, &s, n)
			       ? (inst[n] ? 3 * MT_BLOCK_K : MT_BLOCK_K) : 0;
			delta = some[n] - none[n];
			if (inst[n] && ctx_aarch32(c)) { /* the agent's instructions per round: counted, or not */
				check(&g, (delta != 0) == (want != 0), "sibling PE %u runs %u PMSWINC requests at %s, MTPME %u: "
				      "PMEVTYPER%u_EL0=0x%llx (%s) counted %llu more than with none (%llu against %llu), "
				      "expected %s", sib, MT_BLOCK_K, ctx_name(c), on, n, (unsigned long long)s.pmevtyper[n],
				      what[n], (unsigned long long)delta, (unsigned long long)some[n],
				      (unsigned long long)none[n], want ? "more" : "none more");
				continue;
			}
			check(&g, delta == want, "sibling PE %u runs %u rounds at %s, MTPME %u: PMEVTYPER%u_EL0=0x%llx (%s) "
			      "counted %llu more than with none (%llu against %llu), expected %u", sib, MT_BLOCK_K,
			      ctx_name(c), on, n, (unsigned long long)s.pmevtyper[n], what[n], (unsigned long long)delta,
			      (unsigned long long)some[n], (unsigned long long)none[n], want);
		}
	}
	group_end(&g);
}

void test_mt(void)
{
	const char *why;
	int sib = pe_current == 0 ? sibling_pe() : -1;
	unsigned c;
	enum ctx own = pmu_orchestrator_ctx();
	char mtpmu_absent[64];

	snprintf(mtpmu_absent, sizeof(mtpmu_absent), "FEAT_MTPMU not implemented (ID_AA64DFR0_EL1.MTPMU == 0x%x)",
		 (unsigned)FIELD_GET(ID_AA64DFR0_EL1, MTPMU, features.id_aa64dfr0_el1));

	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, true);
		if (!why && !features.pmu.mtpmu)
			why = features.pmu.pmuver ? mtpmu_absent : "PMUv3 not implemented (ID_AA64DFR0_EL1.PMUVer is 0x0 or 0xF)";
		else if (!why && !(read_mpidr_el1() & MPIDR_EL1_MT_BIT))
			why = "not multithreaded (MPIDR_EL1.MT == 0): no sibling thread";
		else if (!why && pe_current != 0)
			why = "checked from PE 0 with its sibling thread, which runs the block";
		else if (!why && sib < 0)
			why = "no other PE with this PE's Aff3..Aff1 in the platform description: no sibling thread to run";
		else if (!why && orchestrator_el < 3 && (features.el3 || (features.el2 && orchestrator_el < 2)))
			why = "MDCR_EL3.MTPME (MDCR_EL2.MTPME without EL3) not owned: entered below that level";
		else if (!why && ctx_el((enum ctx)c) == ctx_el(own) && ctx_secure((enum ctx)c) == ctx_secure(own))
			why = "this PE waits at the orchestrator's level and Security state: its own instructions there would count";
		if (why)
			pmu_skip_at("mt.sibling", (enum ctx)c, RULES_MT, why);
		else
			check_sibling((enum ctx)c, (unsigned)sib, (enum ctx)c == CTX_NS_EL0 ? CTX_NS_EL1 : CTX_NS_EL0);
	}
	baseline_restore_all();
}
