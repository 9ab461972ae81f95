/*
 * icntr.c - the instruction counter PMICNTR_EL0 (FEAT_PMUv3_ICNTR): D13.5.1.3, D13.7.1, D13.3, D13.5.2.1,
 * D24.5.14-15, IncrementInstructionCounter, checked against the model (count_pmu_events(INSTRUCTION_COUNTER_ID),
 * increment_instruction_counter(), pmu_frozen()).
 *
 * How exact a count is checked: the architecture does not make PMICNTR_EL0 exact (D13.2.2 "a reasonable degree
 * of inaccuracy"). Each context runs a known sequence twice, RUNS_SHORT and RUNS_LONG turns of a loop of
 * NOP_BLOCK NOPs, SUBS and B.NE (INSNS_PER_TURN instructions, all architecturally executed), and everything else
 * a call executes is the same both times. On a PE that counts exactly, the two counts differ by exactly
 * (RUNS_LONG - RUNS_SHORT) * INSNS_PER_TURN when the model says the counter counts in the context, and by 0 when
 * it does not; whatever else the call counts in other contexts cancels. pmucheck takes the PE to count exactly
 * when it is QEMU (the boot argument pmucheck.qemu) and PMCEID0_EL0 advertises INST_RETIRED: QEMU does so only
 * under -icount, where it counts instructions exactly. Elsewhere only what the spec guarantees is checked: the
 * counter advances when the model says it counts, and not at all when it does not, under filters that let it
 * count in no other context the call passes through (not that the longer run counts more: the runs cross
 * counter enables and Security state changes, where D13.2.2 allows inaccurate counts).
 *
 * icntr.count.<ctx>    D13.5.1.3 IWMNXT: PMCR_EL0.E and PMCNTENSET_EL0.F0 (MDCR_EL2.HPME flipped too: the
 *                      instruction counter is in the first range, GetPMUCounterRange), PMICFILTR_EL0 counting in
 *                      the context only; exact: also equal to an event counter counting INST_RETIRED under the
 *                      same filter (PMICNTR_EL0 "increments for each architecturally-executed instruction").
 * icntr.filter.<ctx>   D13.7.1: every combination of PMICFILTR_EL0.{P, U, NSK, NSU, NSH, M, SH} the PE implements.
 * icntr.regs           F0 (bit 32) of PMCNTENSET/CLR_EL0, PMINTENSET/CLR_EL1, PMOVSSET/CLR_EL0: a write of 1 to
 *                      either view sets or clears it, both views read it, no other bit moves; PMICFILTR_EL0's
 *                      filter bits and PMICNTR_EL0[63:0] read back what was written.
 * icntr.overflow       D13.3 RFBGFH: presets below 2^64 and 2^32 (PMCR_EL0.LP = 0): the flag F0 is set exactly
 *                      when the counter's advance carries out of bit 63 (the Effective LP is 1), seen through
 *                      PMOVSSET_EL0 and PMOVSCLR_EL0, and cleared by PMOVSCLR_EL0.F0.
 * icntr.freeze         D13.5.2.1 RMZPBW (FEAT_PMUv3p7): with PMCR_EL0.FZO = 1, an overflow of the instruction
 *                      counter freezes it and the first range's event counters (and PMCCNTR_EL0 with DP = 1),
 *                      not the second range; a first-range event counter's overflow freezes the instruction
 *                      counter, a second-range one's (MDCR_EL2.HPMFZO) does not; all count again once the flag
 *                      is cleared.
 * (prohibit.icntr.<ctx>, D13.5.4 RCSRMB, is in tests/prohibit.c.)
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

#define RULES_COUNT "D13.5.1.3 IWMNXT (PMCR_EL0.E, PMCNTENSET_EL0.F0), D24.5.15 PMICNTR_EL0, CountPMUEvents"
#define RULES_FILTER "D13.7.1 (PMICFILTR_EL0 P/U/NSK/NSU/NSH/M/SH), CountPMUEvents (INSTRUCTION_COUNTER_ID)"
#define RULES_REGS "D24.5 PMCNTENSET/CLR_EL0, PMINTENSET/CLR_EL1, PMOVSSET/CLR_EL0 .F0; PMICFILTR_EL0, PMICNTR_EL0"
#define RULES_OVERFLOW "D13.3 RFBGFH (PMOVSSET_EL0.F0 on overflow of PMICNTR_EL0[63:0]), IncrementInstructionCounter"
#define RULES_FREEZE "D13.5.2.1 RMZPBW (PMCR_EL0.FZO, PMOVSCLR_EL0.F0, MDCR_EL2.HPMFZO), ShouldPMUFreeze"
#define ABSENT "FEAT_PMUv3_ICNTR not implemented (ID_AA64DFR1_EL1.PMICNTR == 0)"

#define NOP_BLOCK      64
#define INSNS_PER_TURN (NOP_BLOCK + 2) /* the NOPs, SUBS, B.NE */
#define RUNS_SHORT     1
#define RUNS_LONG      3
#define SWINC_WRITES   3

/* Runs in a context: `turns` turns of NOP_BLOCK NOPs, SUBS, B.NE (turns >= 1). Returns 0. */
static uint64_t at_ctx_nops(uint64_t turns)
{
	__asm__ volatile("1:\n\t.rept " "64" "\n\tnop\n\t.endr\n\tsubs %0, %0, #1\n\tb.ne 1b" : "+r"(turns)::"cc");
	return 0;
}
_Static_assert(NOP_BLOCK == 64, "at_ctx_nops() spells NOP_BLOCK out");

/* Whether this run takes PMICNTR_EL0 to count exactly (top of file). */
static bool exact;

/* What two runs of at_ctx_nops() saw: PMICNTR_EL0 and PMEVCNTR0_EL0 after RUNS_SHORT and RUNS_LONG turns. */
struct pair {
	bool done;
	uint64_t ic[2], ev0[2];
};

/* Program s, run at_ctx_nops() in c with RUNS_SHORT then RUNS_LONG turns, reading the counters after each. */
static struct pair run_pair(enum ctx c, const struct pmu_state *s)
{
	static const uint64_t turns[2] = { RUNS_SHORT, RUNS_LONG };
	struct pair p = { .done = true };
	uint64_t ret;
	unsigned i;

	for (i = 0; i < 2; i++) {
		pmu_program(s);
		if (ctx_call(c, at_ctx_nops, turns[i], &ret) != CTX_OK) {
			printf("# icntr: unexpected exception in %s:\n", ctx_name(c));
			exc_record_print(&exc_unexpected);
			baseline_restore_all();
			p.done = false;
			return p;
		}
		pmu_stop();
		p.ic[i] = read_pmicntr_el0();
		p.ev0[i] = read_pmevcntr(0);
	}
	return p;
}

/* Check one pair of runs against the model's verdict for c; `what` describes the controls. */
static void check_pair(struct check_group *g, enum ctx c, const struct pmu_state *s, const struct pair *p,
		       const char *what)
{
	bool counts = count_pmu_events(&features.pmu, s, INSTRUCTION_COUNTER_ID);
	uint64_t want = counts ? (RUNS_LONG - RUNS_SHORT) * INSNS_PER_TURN : 0, delta = p->ic[1] - p->ic[0];

	if (!p->done) {
		check(g, false, "%s: the run ended in an unexpected exception", what);
		return;
	}
	if (exact) {
		check_that(g, delta == want, "%s PMICFILTR_EL0=0x%llx at %s: PMICNTR_EL0 %llu after %u turns, %llu after "
			   "%u: advanced %llu for %u more instructions, expected %llu (model: %s)", what,
			   (unsigned long long)s->pmicfiltr_el0, ctx_name(c), (unsigned long long)p->ic[0], RUNS_SHORT,
			   (unsigned long long)p->ic[1], RUNS_LONG, (unsigned long long)delta,
			   (RUNS_LONG - RUNS_SHORT) * INSNS_PER_TURN, (unsigned long long)want,
			   counts ? "counts" : "does not count");
		return;
	}
	if (pmu_icntr_counts_elsewhere(c, s))
		return;
	/* no more than counting or not: the runs cross counter enables and Security state changes, where D13.2.2
	 * allows inaccurate counts, so not even a longer run must count more */
	check_that(g, (p->ic[0] != 0) == counts && (p->ic[1] != 0) == counts,
		   "%s PMICFILTR_EL0=0x%llx at %s: PMICNTR_EL0 %llu after %u turns, %llu after %u; expected %s", what,
		   (unsigned long long)s->pmicfiltr_el0, ctx_name(c), (unsigned long long)p->ic[0], RUNS_SHORT,
		   (unsigned long long)p->ic[1], RUNS_LONG, counts ? "nonzero" : "0");
}

/* icntr.count.<ctx>: PMCR_EL0.E x PMCNTENSET_EL0.F0 x MDCR_EL2.HPME (owned EL2), every other enable opposite. */
static void check_count(enum ctx c)
{
	struct check_group g;
	struct pmu_state s;
	struct pair p;
	unsigned combo, ncombos = pmu_owns_el2() ? 8 : 4;
	bool e, f0, hpme, ev_counts, compare;
	char what[96];

	if (!group_begin(&g, RULES_COUNT, "icntr.count.%s", ctx_name(c)))
		return;
	/* the INST_RETIRED comparison, not where the platform records that event counters miss counts here */
	snprintf(what, sizeof(what), "enable.cpu_cycles.%s", ctx_name(c));
	compare = exact && !test_deviation_recorded(what);
	if (exact && !compare)
		printf("# icntr.count.%s: no INST_RETIRED comparison (recorded deviation of %s)\n", ctx_name(c), what);
	for (combo = 0; combo < ncombos; combo++) {
		e = combo & 1;
		f0 = combo & 2;
		hpme = combo & 4;
		pmu_state_init(&s, c);
		s.pmcr_el0 = e ? PMCR_EL0_E_BIT : 0;
		s.pmcntenset_el0 = f0 ? PMU_CNT_F0_BIT | BIT64(0) : (pmu_event_counter_mask() | PMU_CNT_C_BIT);
		if (pmu_owns_el2())
			s.mdcr_el2 = hpme ? s.mdcr_el2 | MDCR_EL2_HPME_BIT : s.mdcr_el2 & ~MDCR_EL2_HPME_BIT;
		s.pmicfiltr_el0 = pmu_filter_only_at(c);
		s.pmevtyper[0] = s.pmicfiltr_el0 | PMU_EVENT_INST_RETIRED;
		snprintf(what, sizeof(what), "PMCR_EL0.E=%u PMCNTENSET_EL0=0x%llx MDCR_EL2=0x%llx", e,
			 (unsigned long long)s.pmcntenset_el0, (unsigned long long)s.mdcr_el2);
		p = run_pair(c, &s);
		check_pair(&g, c, &s, &p, what);
		ev_counts = count_pmu_events(&features.pmu, &s, 0);
		/* an event counter counting INST_RETIRED under the same filter counts the same instructions */
		if (p.done && compare && ev_counts && count_pmu_events(&features.pmu, &s, INSTRUCTION_COUNTER_ID))
			check(&g, p.ic[0] == p.ev0[0] && p.ic[1] == p.ev0[1], "%s at %s: PMICNTR_EL0 %llu, %llu; "
			      "PMEVCNTR0_EL0 (INST_RETIRED, PMEVTYPER0_EL0=0x%llx) %llu, %llu: expected equal", what,
			      ctx_name(c), (unsigned long long)p.ic[0], (unsigned long long)p.ic[1],
			      (unsigned long long)s.pmevtyper[0], (unsigned long long)p.ev0[0],
			      (unsigned long long)p.ev0[1]);
	}
	group_end(&g);
}

/* icntr.filter.<ctx>: every combination of the implemented PMICFILTR_EL0 filter bits. */
static void check_filter(enum ctx c)
{
	struct check_group g;
	struct pmu_state s;
	struct pair p;
	uint64_t bits[7];
	unsigned nbits = pmu_filter_bits(bits), combo;

	if (!group_begin(&g, RULES_FILTER, "icntr.filter.%s", ctx_name(c)))
		return;
	for (combo = 0; combo < (1u << nbits); combo++) {
		pmu_state_init(&s, c);
		s.pmcr_el0 = PMCR_EL0_E_BIT;
		s.pmcntenset_el0 = PMU_CNT_F0_BIT;
		s.pmicfiltr_el0 = pmu_filter_combo(bits, nbits, combo);
		p = run_pair(c, &s);
		check_pair(&g, c, &s, &p, "PMCR_EL0.E=1 PMCNTENSET_EL0.F0=1");
	}
	group_end(&g);
}

static uint64_t rd_cntenset(void) { return read_pmcntenset_el0(); }
static uint64_t rd_cntenclr(void) { return read_pmcntenclr_el0(); }
static uint64_t rd_intenset(void) { return read_pmintenset_el1(); }
static uint64_t rd_intenclr(void) { return read_pmintenclr_el1(); }
static uint64_t rd_ovsset(void) { return read_pmovsset_el0(); }
static uint64_t rd_ovsclr(void) { return read_pmovsclr_el0(); }

/* Write v to register r of pair i: r 0 = the SET view, 1 = the CLR view. */
static void setclr_write(unsigned i, unsigned r, uint64_t v)
{
	switch (i * 2 + r) {
	case 0: write_pmcntenset_el0(v); break;
	case 1: write_pmcntenclr_el0(v); break;
	case 2: write_pmintenset_el1(v); break;
	case 3: write_pmintenclr_el1(v); break;
	case 4: write_pmovsset_el0(v); break;
	default: write_pmovsclr_el0(v); break;
	}
	isb();
}

/* icntr.regs: F0 in the set/clear pairs through both views; PMICFILTR_EL0 and PMICNTR_EL0 read back. */
static void check_regs(void)
{
	static const char *const names[3][2] = { { "PMCNTENSET_EL0", "PMCNTENCLR_EL0" },
						 { "PMINTENSET_EL1", "PMINTENCLR_EL1" },
						 { "PMOVSSET_EL0", "PMOVSCLR_EL0" } };
	static uint64_t (*const reads[3][2])(void) = { { rd_cntenset, rd_cntenclr }, { rd_intenset, rd_intenclr },
						       { rd_ovsset, rd_ovsclr } };
	static const uint64_t presets[] = { 0, 1, 0x123456789abcdef0ULL, ~0ULL, 0x80000000ULL, 0xffffffffULL };
	struct check_group g;
	uint64_t bits[7], set, clr, v;
	unsigned i, w, r, nbits, b;

	if (!group_begin(&g, RULES_REGS, "icntr.regs"))
		return;
	pmu_baseline(); /* PMCR_EL0.E = 0, every enable, interrupt enable and flag clear */
	for (i = 0; i < 3; i++)
		for (w = 0; w < 2; w++) { /* set through SET, write 0 through view w, clear through CLR */
			setclr_write(i, 0, PMU_CNT_F0_BIT);
			set = reads[i][0]();
			clr = reads[i][1]();
			check(&g, set == PMU_CNT_F0_BIT && clr == PMU_CNT_F0_BIT, "%s written 0x%llx (all clear before): "
			      "%s reads 0x%llx, %s reads 0x%llx; expected both 0x%llx", names[i][0],
			      (unsigned long long)PMU_CNT_F0_BIT, names[i][0], (unsigned long long)set, names[i][1],
			      (unsigned long long)clr, (unsigned long long)PMU_CNT_F0_BIT);
			/* writing 0 to F0 through either view changes nothing */
			setclr_write(i, w, 0);
			v = reads[i][w]();
			check(&g, v == PMU_CNT_F0_BIT, "%s written 0 with F0 set: reads 0x%llx, expected 0x%llx",
			      names[i][w], (unsigned long long)v, (unsigned long long)PMU_CNT_F0_BIT);
			setclr_write(i, 1, PMU_CNT_F0_BIT);
			for (r = 0; r < 2; r++) {
				v = reads[i][r]();
				check(&g, v == 0, "%s written 0x%llx: %s reads 0x%llx, expected 0", names[i][1],
				      (unsigned long long)PMU_CNT_F0_BIT, names[i][r], (unsigned long long)v);
			}
		}
	/* PMICFILTR_EL0: each implemented filter bit alone reads back */
	nbits = pmu_filter_bits(bits);
	for (b = 0; b < nbits; b++) {
		write_pmicfiltr_el0(bits[b]);
		isb();
		v = read_pmicfiltr_el0();
		check(&g, v == bits[b], "PMICFILTR_EL0 written 0x%llx, reads 0x%llx", (unsigned long long)bits[b],
		      (unsigned long long)v);
	}
	write_pmicfiltr_el0(0);
	/* PMICNTR_EL0 [63:0], with the counter disabled (PMCR_EL0.E = 0) */
	for (i = 0; i < sizeof(presets) / sizeof(presets[0]); i++) {
		write_pmicntr_el0(presets[i]);
		isb();
		v = read_pmicntr_el0();
		check(&g, v == presets[i], "PMCR_EL0.E=0: PMICNTR_EL0 written 0x%llx, reads 0x%llx",
		      (unsigned long long)presets[i], (unsigned long long)v);
	}
	write_pmicntr_el0(0);
	pmu_baseline();
	group_end(&g);
}

/* What the overflow and freeze sequences saw, in their context. */
static struct {
	uint64_t preset;              /* PMICNTR_EL0 written before the trigger */
	int preset_evcntr;            /* >= 0: that event counter preset to 0xffffffff instead (freeze) */
	uint64_t ic_before;           /* PMICNTR_EL0 after the trigger, read before the flags */
	uint64_t ovsset, ovsclr;      /* PMOVSSET_EL0, PMOVSCLR_EL0 after the trigger */
	uint64_t clear;               /* what PMOVSCLR_EL0 is written with after snapshot 1 (0: the flags seen) */
	uint64_t ic[4], ev[4][31], cc[4]; /* after the flags, after more work, after the flags' clearing, again */
	uint64_t ovs_cleared;         /* PMOVSSET_EL0 after PMOVSCLR_EL0 was written with the flags seen */
} sq;

/* Read every counter into slot i of sq. */
static void sq_snapshot(unsigned i)
{
	unsigned n;

	sq.ic[i] = read_pmicntr_el0();
	for (n = 0; n < features.pmu.num_counters; n++)
		sq.ev[i][n] = read_pmevcntr(n);
	sq.cc[i] = read_pmccntr_el0();
	isb();
}

/* SWINC_WRITES writes of mask to PMSWINC_EL0, then a turn of NOPs and an ISB. */
static void sq_work(uint64_t mask)
{
	unsigned i;

	for (i = 0; i < SWINC_WRITES; i++)
		write_pmswinc_el0(mask);
	at_ctx_nops(1);
	isb();
}

/*
 * Runs in the sequence context: preset (PMICNTR_EL0 = sq.preset, or event counter sq.preset_evcntr = 0xffffffff),
 * a turn of NOPs and a PMSWINC_EL0 write of mask (the trigger), PMICNTR_EL0, the flags, snapshot 0 (each read
 * ordered after the one before by an ISB); more work, snapshot 1; PMOVSCLR_EL0 written with sq.clear or the flags
 * seen, snapshot 2; more work, snapshot 3.
 */
static uint64_t at_ctx_sequence(uint64_t mask)
{
	if (sq.preset_evcntr >= 0)
		write_pmevcntr((unsigned)sq.preset_evcntr, 0xffffffffULL);
	else
		write_pmicntr_el0(sq.preset);
	isb();
	at_ctx_nops(1);
	write_pmswinc_el0(mask);
	isb();
	sq.ic_before = read_pmicntr_el0();
	isb();
	sq.ovsset = read_pmovsset_el0();
	sq.ovsclr = read_pmovsclr_el0();
	isb();
	sq_snapshot(0);
	sq_work(mask);
	sq_snapshot(1);
	write_pmovsclr_el0(sq.clear ? sq.clear : sq.ovsclr);
	isb();
	sq.ovs_cleared = read_pmovsset_el0();
	sq_snapshot(2);
	sq_work(mask);
	sq_snapshot(3);
	return 0;
}

/* The state the sequences run under in context c: PMICNTR_EL0 and every counter enabled, PMICNTR_EL0 accessible
 * below EL3 (MDCR_EL3.EnPM2 = 1: PMU_sysreg_access PMICNTR_EL0 traps to EL3 when it is 0). */
static void sequence_state(struct pmu_state *s, enum ctx c, unsigned hpmn, uint64_t pmcr)
{
	pmu_state_init(s, c);
	s->pmcr_el0 = PMCR_EL0_E_BIT | pmcr;
	s->pmcntenset_el0 = pmu_all_counter_mask();
	s->mdcr_el3 |= MDCR_EL3_EnPM2_BIT;
	if (features.el2)
		s->mdcr_el2 = (s->mdcr_el2 & ~MDCR_EL2_HPMN_MASK) | FIELD_PREP(MDCR_EL2, HPMN, hpmn) |
			      MDCR_EL2_HPME_BIT | (pmcr & PMCR_EL0_FZO_BIT ? MDCR_EL2_HPMFZO_BIT : 0);
	s->pmicfiltr_el0 = PMU_FILTER_ALL;
}

/* Run at_ctx_sequence() in c under s; false (after a failed check in g) on an unexpected exception. */
static bool run_sequence(struct check_group *g, enum ctx c, const struct pmu_state *s)
{
	uint64_t ret;

	pmu_program(s);
	if (ctx_call(c, at_ctx_sequence, pmu_event_counter_mask(), &ret) != CTX_OK) {
		check(g, false, "unexpected exception in %s", ctx_name(c));
		exc_record_print(&exc_unexpected);
		baseline_restore_all();
		return false;
	}
	pmu_stop();
	return true;
}

/* Whether the model's IncrementInstructionCounter sets F0 going from `from` to `to` (an advance of to - from). */
static bool model_overflows(const struct pmu_state *s, uint64_t from, uint64_t to)
{
	uint64_t v = from, ovs = 0;

	increment_instruction_counter(&features.pmu, s, &v, &ovs, to - from);
	return ovs & PMU_CNT_F0_BIT;
}

/*
 * icntr.overflow: presets below 2^64 and 2^32 against increment_instruction_counter(), which sets PMICNTR_EL0 and
 * F0 in one step: a PMICNTR_EL0 read that shows the wrap means a flags read ordered after it shows F0 (both
 * views), and F0 in the flags means a PMICNTR_EL0 read ordered after them shows the wrap. On an exact PE every
 * case counts the same from its preset to the first read (the sequence is the same).
 */
static void check_overflow(void)
{
	static const struct {
		uint64_t preset, pmcr;
		const char *what;
	} cases[] = {
		{ 0ULL - 16, 0, "16 below 2^64" },
		{ 0ULL - 16, PMCR_EL0_LP_BIT, "16 below 2^64, PMCR_EL0.LP=1" },
		{ 0x100000000ULL - 16, 0, "16 below 2^32, PMCR_EL0.LP=0 (the Effective LP is 1)" },
		{ 0ULL - 0x1000000ULL, 0, "2^24 below 2^64" },
	};
	struct check_group g;
	struct pmu_state s;
	enum ctx c = pmu_sequence_ctx();
	uint64_t advance0 = 0, advance;
	unsigned i, f0s, f0c;
	bool wrapped_before, wrapped_after;

	if (!group_begin(&g, RULES_OVERFLOW, "icntr.overflow"))
		return;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sequence_state(&s, c, features.pmu.num_counters, cases[i].pmcr);
		if (!count_pmu_events(&features.pmu, &s, INSTRUCTION_COUNTER_ID)) {
			check(&g, false, "model: the instruction counter does not count at %s under the sequence's controls",
			      ctx_name(c));
			break;
		}
		sq.preset = cases[i].preset;
		sq.preset_evcntr = -1;
		sq.clear = PMU_CNT_F0_BIT;
		if (!run_sequence(&g, c, &s))
			continue;
		advance = sq.ic_before - sq.preset;
		wrapped_before = model_overflows(&s, sq.preset, sq.ic_before);
		wrapped_after = model_overflows(&s, sq.preset, sq.ic[0]);
		f0s = (sq.ovsset & PMU_CNT_F0_BIT) != 0;
		f0c = (sq.ovsclr & PMU_CNT_F0_BIT) != 0;
		check(&g, advance != 0, "PMICNTR_EL0 preset 0x%016llx (%s) at %s: reads the preset after %u instructions",
		      (unsigned long long)sq.preset, cases[i].what, ctx_name(c), INSNS_PER_TURN);
		check(&g, !wrapped_before || (f0s && f0c), "PMICNTR_EL0 preset 0x%016llx (%s) at %s: read 0x%016llx (an "
		      "overflow of [63:0]), then PMOVSSET_EL0 0x%llx, PMOVSCLR_EL0 0x%llx: F0 expected 1",
		      (unsigned long long)sq.preset, cases[i].what, ctx_name(c), (unsigned long long)sq.ic_before,
		      (unsigned long long)sq.ovsset, (unsigned long long)sq.ovsclr);
		check(&g, f0s == f0c && (!f0s || wrapped_after), "PMICNTR_EL0 preset 0x%016llx (%s) at %s: PMOVSSET_EL0 "
		      "0x%llx, PMOVSCLR_EL0 0x%llx, then PMICNTR_EL0 0x%016llx (%s): F0 expected %u", (unsigned long long)sq.preset,
		      cases[i].what, ctx_name(c), (unsigned long long)sq.ovsset, (unsigned long long)sq.ovsclr,
		      (unsigned long long)sq.ic[0], wrapped_after ? "an overflow of [63:0]" : "no overflow of [63:0]",
		      wrapped_after);
		if (exact) {
			if (!i)
				advance0 = advance;
			check(&g, advance == advance0, "PMICNTR_EL0 preset 0x%016llx (%s): advanced %llu to the first read, "
			      "%llu from the first preset: an exact count does not depend on the preset",
			      (unsigned long long)sq.preset, cases[i].what, (unsigned long long)advance,
			      (unsigned long long)advance0);
		}
		check(&g, !(sq.ovs_cleared & PMU_CNT_F0_BIT), "PMOVSCLR_EL0 written 0x%llx: PMOVSSET_EL0 then reads "
		      "0x%llx, F0 expected 0", (unsigned long long)PMU_CNT_F0_BIT, (unsigned long long)sq.ovs_cleared);
	}
	group_end(&g);
}

/* Check snapshots a -> b of one freeze case against the model with flags `flags` (PMOVSCLR_EL0). */
static void check_frozen(struct check_group *g, const struct pmu_state *base, uint64_t flags, unsigned a,
			 unsigned b, const char *when)
{
	struct pmu_state s = *base;
	unsigned n;
	bool frozen;

	s.pmovsclr_el0 = flags;
	frozen = !count_pmu_events(&features.pmu, &s, INSTRUCTION_COUNTER_ID);
	check(g, (sq.ic[b] == sq.ic[a]) == frozen, "%s, PMOVSCLR_EL0=0x%llx: PMICNTR_EL0 0x%llx -> 0x%llx over %u "
	      "PMSWINC_EL0 writes and %u instructions; expected it %s", when, (unsigned long long)flags,
	      (unsigned long long)sq.ic[a], (unsigned long long)sq.ic[b], SWINC_WRITES, INSNS_PER_TURN,
	      frozen ? "frozen" : "counting");
	for (n = 0; n < features.pmu.num_counters; n++) {
		frozen = !count_pmu_events(&features.pmu, &s, n);
		check(g, sq.ev[b][n] - sq.ev[a][n] == (frozen ? 0u : SWINC_WRITES), "%s, PMOVSCLR_EL0=0x%llx: "
		      "PMEVCNTR%u_EL0 (SW_INCR, range %u) 0x%llx -> 0x%llx over %u PMSWINC_EL0 writes; expected +%u", when,
		      (unsigned long long)flags, n, get_pmu_counter_range(&features.pmu, &s, n) + 1,
		      (unsigned long long)sq.ev[a][n], (unsigned long long)sq.ev[b][n], SWINC_WRITES,
		      frozen ? 0 : SWINC_WRITES);
	}
	frozen = !count_pmu_events(&features.pmu, &s, CYCLE_COUNTER_ID);
	check(g, (sq.cc[b] == sq.cc[a]) == frozen, "%s, PMOVSCLR_EL0=0x%llx, PMCR_EL0.DP=1: PMCCNTR_EL0 0x%llx -> "
	      "0x%llx; expected it %s", when, (unsigned long long)flags, (unsigned long long)sq.cc[a],
	      (unsigned long long)sq.cc[b], frozen ? "stopped" : "counting");
}

/* icntr.freeze: overflows of the instruction counter and of an event counter in each range, FZO and HPMFZO on. */
static void check_freeze(void)
{
	struct check_group g;
	struct pmu_state s;
	enum ctx c = pmu_sequence_ctx();
	unsigned hpmn = pmu_owns_el2() && features.pmu.num_counters >= 2 ? features.pmu.num_counters / 2
									 : features.pmu.num_counters;
	int cases[3] = { -1, 0, (int)hpmn }, i;
	uint64_t want;

	if (!group_begin(&g, RULES_FREEZE, "icntr.freeze"))
		return;
	for (i = 0; i < (hpmn < features.pmu.num_counters ? 3 : 2); i++) {
		sequence_state(&s, c, hpmn, PMCR_EL0_FZO_BIT | PMCR_EL0_DP_BIT);
		for (unsigned n = 0; n < 31; n++)
			s.pmevtyper[n] = PMU_FILTER_ALL | PMU_EVENT_SW_INCR;
		s.pmccfiltr_el0 = PMU_FILTER_ALL;
		sq.preset = 0ULL - 16;
		sq.preset_evcntr = cases[i];
		sq.clear = 0;
		if (!run_sequence(&g, c, &s))
			continue;
		want = cases[i] < 0 ? PMU_CNT_F0_BIT : BIT64(cases[i]);
		check(&g, (sq.ovsclr & want) == want, "%s preset to overflow: PMOVSCLR_EL0 = 0x%llx, expected 0x%llx set",
		      cases[i] < 0 ? "PMICNTR_EL0" : "PMEVCNTR<n>_EL0", (unsigned long long)sq.ovsclr,
		      (unsigned long long)want);
		check_frozen(&g, &s, sq.ovsclr, 0, 1, cases[i] < 0 ? "after PMICNTR_EL0's overflow"
				: cases[i] < (int)hpmn ? "after a first-range counter's overflow"
				: "after a second-range counter's overflow");
		check_frozen(&g, &s, sq.ovs_cleared, 2, 3, "after PMOVSCLR_EL0 cleared the flags");
	}
	pmu_baseline();
	group_end(&g);
}

void test_icntr(void)
{
	static const char *const points[] = { "icntr.count", "icntr.filter" };
	static const char *const rules[] = { RULES_COUNT, RULES_FILTER };
	const char *why;
	unsigned c, i;

	if (!features.pmu.pmicntr || !pmu_implemented(&features.pmu)) {
		for (c = 0; c < CTX_COUNT; c++)
			for (i = 0; i < 2; i++)
				pmu_skip_at(points[i], (enum ctx)c, rules[i], ABSENT);
		tap_skip("icntr.regs", RULES_REGS, ABSENT);
		tap_skip("icntr.overflow", RULES_OVERFLOW, ABSENT);
		tap_skip("icntr.freeze", RULES_FREEZE, ABSENT);
		return;
	}
	exact = pmu_counts_instructions_exactly();
	printf("# icntr: %s\n", exact ? "exact counts (QEMU with INST_RETIRED in PMCEID0_EL0: -icount)"
				      : "counting or not, no exact counts (not QEMU under -icount)");
	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason_a64((enum ctx)c, false, "FEAT_PMUv3_ICNTR: PMICNTR_EL0 and PMICFILTR_EL0 have no "
						 "AArch32 encoding");
		if (why) {
			for (i = 0; i < 2; i++)
				pmu_skip_at(points[i], (enum ctx)c, rules[i], why);
			continue;
		}
		check_count((enum ctx)c);
		check_filter((enum ctx)c);
	}
	check_regs();
	why = pmu_context_skip_reason(pmu_sequence_ctx(), true);
	if (why) {
		tap_skip("icntr.overflow", RULES_OVERFLOW, "%s", why);
		tap_skip("icntr.freeze", RULES_FREEZE, "%s", why);
	} else {
		check_overflow();
		if (!feat_pmuv3p7(&features.pmu))
			tap_skip("icntr.freeze", RULES_FREEZE, "FEAT_PMUv3p7 not implemented (ID_AA64DFR0_EL1.PMUVer == 0x%x)",
				 features.pmu.pmuver);
		else
			check_freeze();
	}
	baseline_restore_all();
}
