/*
 * threshold.c - D13.8 event threshold and edge counting (FEAT_PMUv3_TH, FEAT_PMUv3_EDGE), checked with the one
 * event whose per-cycle value V_B[n] the architecture pins: SW_INCR. Each PMSWINC_EL0 write of bit n generates
 * PMUEvent(PMU_EVENT_SW_INCR, 1, n) (PMUSwIncrement), added to PMUEventAccumulator[n], which
 * AArch64.PMUCycle() hands to PMUCountValue() at the end of that cycle; every other cycle V_B[n] is 0. The
 * writes are separated by ISB, so each is in a cycle of its own, with at least one cycle (the ISB: "a cycle
 * ends after the execution of the operational pseudocode", AArch64.PMUCycle) with V_B = 0 between them.
 *
 * Every case: event counter 0 counts SW_INCR with PMEVTYPER0_EL0.{TC, TH, TE} (TLC is RES0 for an even
 * counter: RJJRJQ) and counter 1 counts CPU_CYCLES, both with the filter that counts only in the context
 * (pmu_filter_only_at()) and enabled by the same PMCR_EL0.E write, so they see the same cycles. In the
 * context: two ISBs (cycles with V_B = 0, so that PMULastThresholdValue[0] is C_T(0) however the previous
 * case left it: D13.8 makes C_P zero after a cycle not counted, PMUCountValue keeps the last counted value),
 * then PMEVCNTR0_EL0 is read (v0), then THR_WRITES writes of PMSWINC_EL0 bit 0, each followed by ISB. The
 * count checked is PMEVCNTR0_EL0 - v0 at the end.
 *
 * What the model says (lib/model/pmu_threshold.c, PMUCountValue) is evaluated on the write sequence twice: with
 * one V_B = 0 cycle around each write and with three. Where both give the same count, the count does not
 * depend on how many cycles the PE spends between the writes, so it is exact on any PE:
 *   threshold.count.<ctx>  TE = 0, every TC with TH 0, 1, 2 (and 1 with a bit at THWIDTH set, RES0) whose count
 *                          is exact: e.g. TC=0b010 (equals) TH=1 counts every write (V_B = 1 == TH in the
 *                          write's cycle: "when '01' Ct = (Vb == TH)", "when '0 00' Vt = (if Ct then Vb else
 *                          0)"), TH=2 none; 0b100 (>=) TH=1 all, TH=2 none; 0b011 (equals, count) TH=1 the
 *                          number of writes ("when '1 00' Vt = (if Ct then 1 else 0)"); 0b110 (less-than) TH=1
 *                          none: C_T holds only where V_B = 0, which adds V_B = 0.
 *   threshold.bound.<ctx>  the cases counting 1 on cycles where V_B = 0 (TC[0] = 1 with C_T(0) true: 0b111 TH>=1,
 *                          0b001 TH>=1, 0b101 TH=0): how many such cycles a PE takes is not architectural, so
 *                          only bounds are: at least the model's count with one V_B = 0 cycle around each write
 *                          (the ISBs), and at most the CPU_CYCLES count of counter 1 (PMUCountValue adds at
 *                          most 1 a cycle with TC[0] = 1, AArch64.PMUCycle counts CPU_CYCLES once a cycle),
 *                          plus THR_BOUNDARY_SLACK: D13.2.2 accepts an inaccurate count "in exceptional
 *                          circumstances, such as enabling or disabling the counter", and the two counters are
 *                          enabled and disabled together (a QEMU that derives both from its clock, sampled once
 *                          per counter, gave the threshold counter 7 more than CPU_CYCLES over 6412 cycles).
 *   threshold.edge.<ctx>   TE = 1 (FEAT_PMUv3_EDGE, PMMIR_EL1.EDGE != 0), every TC but the reserved TC[1:0] =
 *                          0b00 (RWXVGN), TH 0..2: edges are counted once per change of C_T, so the count is
 *                          exact (e.g. 0b010 TH=1, both edges: 2 a write; "when '10' Ce = (Cp != Ct)").
 *   threshold.fields       at the orchestrator: PMEVTYPER0_EL0 written with TC=0b111, TE=1, TLC=0b11, TH=0xFFF
 *                          and read back: fields the PE does not implement (TC, TH without FEAT_PMUv3_TH; TH bits
 *                          at and above THWIDTH; TE without FEAT_PMUv3_EDGE; TLC of an even counter) must read 0
 *                          or the value written, and have no effect: in pmu_sequence_ctx(), SW_INCR counts every
 *                          write with the Effective values (D13.8: "When FEAT_PMUv3_TH is not implemented, the
 *                          Effective values of PMEVTYPER<n>_EL0.{TC, TH} are {0b000, 0}"; RSGLNM; TH[11:THWIDTH]
 *                          RES0).
 * The counting points SKIP without FEAT_PMUv3_TH naming PMMIR_EL1.THWIDTH == 0 (or PMMIR_EL1's absence below
 * FEAT_PMUv3p4).
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "model/pmu_threshold.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "test/test.h"
#include "tests.h"

#define RULES_COUNT  "D13.8 RQVYDV, RYKFCB Table D13-7, PMEVTYPER<n>_EL0.TC/TH, PMUCountValue (SW_INCR, exact)"
#define RULES_BOUND  "D13.8 RYKFCB Table D13-7 (B), PMUCountValue, AArch64.PMUCycle (SW_INCR, count-1 bounds)"
#define RULES_EDGE   "D13.8 RNXPYM, RBGDTJ Table D13-8, PMEVTYPER<n>_EL0.TE, PMUCountValue (SW_INCR edges)"
#define RULES_FIELDS "D13.8 RHVGCV/RSGLNM/RJJRJQ, PMEVTYPER<n>_EL0.{TC,TE,TLC,TH} RES0, PMMIR_EL1.THWIDTH"
#define THR_WRITES   3  /* PMSWINC_EL0 writes a case makes */
#define THR_CNT      0u /* the threshold counter (even: TLC RES0) */
#define THR_CYC      1u /* the CPU_CYCLES counter of the bounds */
/* What the upper bound allows the two counters to differ by at their common enable and disable (D13.2.2 "A
 * reasonable degree of inaccuracy": Arm defines no amount; 64 cycles and 1/64 of the count, far below the one
 * count per cycle a wrong TC would add). */
#define THR_BOUNDARY_SLACK(cycles) (64 + (cycles) / 64)

static struct pmu_th_features th_features;

static uint64_t th_evtyper(unsigned tc, unsigned th, unsigned te)
{
	return FIELD_PREP(PMEVTYPER, TC, tc) | FIELD_PREP(PMEVTYPER, TH, th) | FIELD_PREP(PMEVTYPER, TE, te);
}

/* Runs in the context: the ISBs, v0 = PMEVCNTR<n>_EL0, then `writes` PMSWINC_EL0 writes of bit n, each with ISB. */
static uint64_t at_ctx_th_writes(uint64_t arg)
{
	unsigned n = arg & 31, writes = (unsigned)(arg >> 8), i;
	uint64_t v0;

	isb();
	isb();
	v0 = read_pmevcntr_direct(n, 0);
	isb();
	for (i = 0; i < writes; i++) {
		write_pmswinc_el0(BIT64(n));
		isb();
	}
	return v0;
}

/*
 * The model's count for THR_WRITES writes with `gap` V_B = 0 cycles before, between and after them, from
 * PMULastThresholdValue = C_T(0) (the ISBs before v0 were counted with V_B = 0).
 */
static uint64_t model_count(uint64_t evtyper, unsigned gap)
{
	struct pmu_th_controls c = pmu_th_effective(&th_features, THR_CNT, evtyper);
	uint8_t seq[4 * 4];
	unsigned i, k, len = 0;
	bool last = pmu_th_condition(&c, 0);

	for (k = 0; k < gap; k++)
		seq[len++] = 0;
	for (i = 0; i < THR_WRITES; i++) {
		seq[len++] = 1;
		for (k = 0; k < gap; k++)
			seq[len++] = 0;
	}
	return pmu_count_sequence(&th_features, THR_CNT, evtyper, seq, len, &last, NULL);
}

/* One case's result: the count after v0, the totals of both counters; false (check failed) on an exception. */
struct th_run {
	uint64_t v0, total, cycles;
	bool counts; /* CountPMUEvents(THR_CNT) in the context (the model) */
};

static bool run_case(struct check_group *g, enum ctx c, uint64_t evtyper, struct th_run *r)
{
	struct pmu_state s;
	uint64_t filter = pmu_filter_only_at(c);

	pmu_state_init(&s, c);
	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.pmevtyper[THR_CNT] = filter | PMU_EVENT_SW_INCR | evtyper;
	s.pmcntenset_el0 = BIT64(THR_CNT);
	if (features.pmu.num_counters > THR_CYC) {
		s.pmevtyper[THR_CYC] = filter | PMU_EVENT_CPU_CYCLES;
		s.pmcntenset_el0 |= BIT64(THR_CYC);
	}
	r->counts = count_pmu_events(&features.pmu, &s, THR_CNT);
	pmu_program(&s);
	if (ctx_call(c, at_ctx_th_writes, THR_CNT | (uint64_t)THR_WRITES << 8, &r->v0) != CTX_OK) {
		check(g, false, "unexpected exception at %s (PMEVTYPER%u_EL0 = 0x%llx)", ctx_name(c), THR_CNT,
		      (unsigned long long)s.pmevtyper[THR_CNT]);
		exc_record_print(&exc_unexpected);
		baseline_restore_all();
		return false;
	}
	pmu_stop();
	r->total = read_pmevcntr(THR_CNT);
	r->cycles = features.pmu.num_counters > THR_CYC ? read_pmevcntr(THR_CYC) : 0;
	return true;
}

/* The TH values the cases use: 0, 1, 2 and, where THWIDTH < 12, 1 with bit THWIDTH set (RES0: taken as 1). */
static unsigned th_values(unsigned *th)
{
	unsigned k = 0;

	th[k++] = 0;
	th[k++] = 1;
	if (th_features.thwidth >= 2)
		th[k++] = 2;
	if (th_features.thwidth < 12)
		th[k++] = 1u | 1u << th_features.thwidth;
	return k;
}

static void check_context(enum ctx c)
{
	struct check_group gc, gb, ge;
	struct th_run r;
	unsigned th[4], nth = th_values(th), tc, te, i;
	uint64_t t, want, lo, seen;
	bool on_c, on_b, on_e, edge = pmu_feat_edge(&th_features), bound_ok = features.pmu.num_counters > THR_CYC;

	on_c = group_begin(&gc, RULES_COUNT, "threshold.count.%s", ctx_name(c));
	on_b = bound_ok && group_begin(&gb, RULES_BOUND, "threshold.bound.%s", ctx_name(c));
	if (!bound_ok)
		pmu_skip_at("threshold.bound", c, RULES_BOUND, "PMCR_EL0.N < 2: no second counter for CPU_CYCLES");
	on_e = edge && group_begin(&ge, RULES_EDGE, "threshold.edge.%s", ctx_name(c));
	if (!edge)
		pmu_skip_at("threshold.edge", c, RULES_EDGE, "FEAT_PMUv3_EDGE not implemented (PMMIR_EL1.EDGE == 0)");
	for (te = 0; te < (edge ? 2u : 1u); te++)
		for (tc = 0; tc < 8; tc++)
			for (i = 0; i < nth; i++) {
				bool exact;
				struct check_group *g;

				if (te && (tc & 3) == 0) /* {TC[1:0], TE} = {0b00, 1} is reserved (RWXVGN) */
					continue;
				t = th_evtyper(tc, th[i], te);
				want = model_count(t, 1);
				exact = want == model_count(t, 3);
				g = te ? &ge : exact ? &gc : &gb;
				if (!(te ? on_e : exact ? on_c : on_b) || !run_case(g, c, t, &r))
					continue;
				seen = r.total - r.v0;
				if (exact || !r.counts) {
					want = r.counts ? want : 0;
					check_claim_that(g, seen == want, (&(struct claim){ "PMEVCNTR<n>_EL0", THR_CNT, -1, 0,
							 want, seen }), "PMEVTYPER%u_EL0 = 0x%llx (TC=0b%u%u%u TH=0x%x TE=%u; PMMIR_EL1.THWIDTH=%u "
						   "EDGE=%u): %u SW_INCR writes at %s counted %llu (PMEVCNTR%u_EL0 0x%llx - v0 "
						   "0x%llx), expected %llu (PMUCountValue, CountPMUEvents=%d)", THR_CNT,
						   (unsigned long long)t, tc >> 2, tc >> 1 & 1, tc & 1, th[i], te,
						   th_features.thwidth, th_features.edge, THR_WRITES, ctx_name(c),
						   (unsigned long long)seen, THR_CNT, (unsigned long long)r.total,
						   (unsigned long long)r.v0, (unsigned long long)want, r.counts);
					continue;
				}
				lo = want;
				check_claim_that(g, seen >= lo && r.total <= r.cycles + THR_BOUNDARY_SLACK(r.cycles),
						 (&(struct claim){ "PMEVCNTR<n>_EL0", THR_CNT, -1, 0, lo, seen }),
					   "PMEVTYPER%u_EL0 = 0x%llx (TC=0b%u%u%u TH=0x%x; PMMIR_EL1.THWIDTH=%u): %u SW_INCR "
					   "writes at %s counted %llu after v0 (PMEVCNTR%u_EL0 0x%llx, v0 0x%llx), expected at "
					   "least %llu (PMUCountValue with one V_B = 0 cycle around each write) and a total at "
					   "most PMEVCNTR%u_EL0 (CPU_CYCLES, same cycles) 0x%llx + %llu (D13.2.2 at the enable "
					   "and disable)", THR_CNT,
					   (unsigned long long)t, tc >> 2, tc >> 1 & 1, tc & 1, th[i],
					   th_features.thwidth, THR_WRITES, ctx_name(c), (unsigned long long)seen, THR_CNT,
					   (unsigned long long)r.total, (unsigned long long)r.v0, (unsigned long long)lo,
					   THR_CYC, (unsigned long long)r.cycles,
					   (unsigned long long)THR_BOUNDARY_SLACK(r.cycles));
			}
	baseline_restore_all();
	if (on_c)
		group_end(&gc);
	if (on_b)
		group_end(&gb);
	if (on_e)
		group_end(&ge);
}

/*
 * threshold.fields: read-back of the fields the PE does not implement (0 or as written: RES0), and their
 * Effective values counting SW_INCR in pmu_sequence_ctx().
 */
static void check_fields(void)
{
	static const uint64_t all = PMEVTYPER_TC_MASK | PMEVTYPER_TE_MASK | PMEVTYPER_TLC_MASK | PMEVTYPER_TH_MASK;
	struct check_group g;
	struct th_run r;
	uint64_t base = pmu_filter_only_at(pmu_sequence_ctx()) | PMU_EVENT_SW_INCR, back, res0 = 0, t, want;
	enum ctx c = pmu_sequence_ctx();
	const char *why = pmu_context_skip_reason(c, true);

	if (why) {
		tap_skip("threshold.fields", RULES_FIELDS, "%s", why);
		return;
	}
	if (!group_begin(&g, RULES_FIELDS, "threshold.fields"))
		return;
	/* the fields the PE leaves RES0 (PMEVTYPERn_EL0.md: TC, TH "When FEAT_PMUv3_TH is implemented", TE "When
	 * FEAT_PMUv3_EDGE is implemented", TLC "When FEAT_PMUv3_TH2 is implemented and (n MOD 2) == 1") */
	if (!pmu_feat_th(&th_features))
		res0 = all;
	else
		res0 = (PMEVTYPER_TH_MASK & ~MASK64(31 + (th_features.thwidth > 12 ? 12 : th_features.thwidth), 32)) |
		       (pmu_feat_edge(&th_features) ? 0 : PMEVTYPER_TE_MASK) | PMEVTYPER_TLC_MASK;
	write_pmevtyper(THR_CNT, base | all);
	isb();
	back = read_pmevtyper(THR_CNT);
	check(&g, (back & res0) == 0 || (back & res0) == res0,
	      "PMEVTYPER%u_EL0 written 0x%llx read 0x%llx: the RES0 bits 0x%llx (PMMIR_EL1.THWIDTH=%u EDGE=%u) must "
	      "read 0 or as written", THR_CNT, (unsigned long long)(base | all), (unsigned long long)back,
	      (unsigned long long)res0, th_features.thwidth, th_features.edge);
	check(&g, (back & all & ~res0) == (all & ~res0),
	      "PMEVTYPER%u_EL0 written 0x%llx read 0x%llx: the implemented threshold fields 0x%llx must read as written",
	      THR_CNT, (unsigned long long)(base | all), (unsigned long long)back, (unsigned long long)(all & ~res0));
	printf("# threshold.fields: PMEVTYPER%u_EL0 written 0x%llx, read 0x%llx (RES0 here: 0x%llx)\n", THR_CNT,
	       (unsigned long long)(base | all), (unsigned long long)back, (unsigned long long)res0);
	/* Effect: without TH, TC=0b010 TH=2 (would count none) counts every write; with TH but no EDGE, TE=1 on
	 * TC=0b010 TH=1 (both edges: 2 a write) counts 1 a write; TLC (even counter) on TC=0b010 TH=1: 1 a write. */
	t = !pmu_feat_th(&th_features) ? th_evtyper(2, 2, 1) | PMEVTYPER_TLC_MASK
	    : !pmu_feat_edge(&th_features) ? th_evtyper(2, 1, 1) | PMEVTYPER_TLC_MASK
					  : th_evtyper(2, 1, 0) | PMEVTYPER_TLC_MASK;
	want = model_count(t, 1);
	if (run_case(&g, c, t, &r))
		check(&g, r.counts && r.total - r.v0 == want,
		      "PMEVTYPER%u_EL0 = 0x%llx (PMMIR_EL1.THWIDTH=%u EDGE=%u): %u SW_INCR writes at %s counted %llu "
		      "(PMEVCNTR%u_EL0 0x%llx - v0 0x%llx), expected %llu with the Effective fields (CountPMUEvents=%d)",
		      THR_CNT, (unsigned long long)(base | t), th_features.thwidth, th_features.edge, THR_WRITES,
		      ctx_name(c), (unsigned long long)(r.total - r.v0), THR_CNT, (unsigned long long)r.total,
		      (unsigned long long)r.v0, (unsigned long long)want, r.counts);
	baseline_restore_all();
	group_end(&g);
}

void test_threshold(void)
{
	const char *why, *nowhy = NULL;
	uint64_t pmmir;
	unsigned c;

	pmmir = features.pmmir_el1; /* read at boot where FEAT_PMUv3p4 makes it exist, else 0 */
	th_features.thwidth = (unsigned)FIELD_GET(PMMIR_EL1, THWIDTH, pmmir);
	th_features.edge = (unsigned)FIELD_GET(PMMIR_EL1, EDGE, pmmir);
	if (!pmu_implemented(&features.pmu))
		nowhy = NULL; /* pmu_context_skip_reason() names PMUVer */
	else if (features.pmu.pmuver < PMUVer_V3P4)
		nowhy = "FEAT_PMUv3_TH not implemented (ID_AA64DFR0_EL1.PMUVer < 0x5: no PMMIR_EL1, THWIDTH taken as 0)";
	else if (!th_features.thwidth)
		nowhy = "FEAT_PMUv3_TH not implemented (PMMIR_EL1.THWIDTH == 0)";
	printf("# threshold: PMMIR_EL1 = 0x%llx: THWIDTH %u, EDGE %u\n", (unsigned long long)pmmir,
	       th_features.thwidth, th_features.edge);
	check_fields();
	for (c = 0; c < CTX_COUNT; c++) {
		why = nowhy ? nowhy : pmu_context_skip_reason_a64((enum ctx)c, true, "FEAT_PMUv3_TH: PMEVTYPER<n>_EL0.{TC, TH} are "
								    "bits [63:32], which AArch32 PMEVTYPER<n> does not map");
		if (why) {
			pmu_skip_at("threshold.count", (enum ctx)c, RULES_COUNT, why);
			pmu_skip_at("threshold.bound", (enum ctx)c, RULES_BOUND, why);
			pmu_skip_at("threshold.edge", (enum ctx)c, RULES_EDGE, why);
			continue;
		}
		check_context((enum ctx)c);
	}
	baseline_restore_all();
}
