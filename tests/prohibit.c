/*
 * prohibit.c - D11.5.3 / D13.5.4 Prohibiting event and cycle counting, at every available context.
 *
 * The controls: MDCR_EL3.SPME (RJDWFF, RGNGCW), MDCR_EL3.MPMX (FEAT_PMUv3p7, RGNGCW), MDCR_EL2.HPMD
 * (FEAT_PMUv3p1, RMMZLZ), PMCR_EL0.DP, MDCR_EL3.SCCD and MDCR_EL2.HCCD (FEAT_PMUv3p5), MDCR_EL3.MCCD
 * (FEAT_PMUv3p7), and SDER32_EL3.SUNIDEN at Secure EL0 under an AArch32 EL1 (s_el0_a32). For each context the
 * module runs every combination of the controls this PE implements and the orchestrator owns, with both counter
 * ranges in use (MDCR_EL2.HPMN = N/2 where EL2 is owned), every counter enabled, event counters counting SW_INCR
 * written at the context (exact counts) and the cycle counter filtered to count in that context only (nonzero or
 * zero).
 *
 * One test point per control, prohibit.<control>.<ctx>: for every combination with the control clear, the
 * run and its twin with the control set are both compared with CountPMUEvents(). So every "does not count"
 * the control causes is checked next to the same configuration counting with the control flipped, and a
 * control that has no effect in a context (SPME in Non-secure state, say) is checked to have none. SPME,
 * MPMX and HPMD test points check the event counters; DP, SCCD, HCCD and MCCD test points the cycle
 * counter (SPME/MPMX/HPMD reach it through DP, which the dp test point sweeps them under).
 * PMSWINC_EL0 is written with the bits of the counters the context can reach (PMUSwIncrement); what it
 * does to the others is enable.swinc_unreachable's check.
 *
 * prohibit.icntr.<ctx> (FEAT_PMUv3_ICNTR, D13.5.4 RCSRMB): the instruction counter runs in the same runs,
 * enabled (PMCNTENSET_EL0.F0) and filtered to count in the context only (PMICFILTR_EL0); for every combination of
 * the usable SPME, MPMX and HPMD it must advance exactly when CountPMUEvents(INSTRUCTION_COUNTER_ID) says it
 * counts. One cell is left unchecked: at EL3 with MDCR_EL3.{SPME, MPMX} = {1, 1} and EL2 implemented, RCSRMB's
 * text allows counting and CountPMUEvents prohibits it (the instruction counter is in the first range, and "at
 * EL3 ... prohibited = MDCR_EL3.MPMX == '1' && (MDCR_EL3.SPME == '0' || counter_range == PMUCounterRange_R1)"):
 * the spec disagrees with itself there, and the run says which way the PE went in a `#` line.
 *
 * D11.5.3/item 5 not checkable: SDCR.SPME acts when EL3 is using AArch32, and pmucheck is AArch64 code: on a PE
 * whose EL3 is AArch32 it runs below EL3, where SDCR cannot be accessed.
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

#define SWINC_WRITES PMU_SWINC_WRITES
#define MAX_CONTROLS 8

/* One prohibition control: where it lives and when the orchestrator can use it. */
struct control {
	const char *name;      /* test point component */
	const char *field;     /* register.field, for diagnostics */
	const char *rules;
	uint64_t *(*reg)(struct pmu_state *s);
	uint64_t bit;
	bool cycle;            /* governs the cycle counter (else the event counters) */
};

static uint64_t *reg_mdcr_el3(struct pmu_state *s) { return &s->mdcr_el3; }
static uint64_t *reg_mdcr_el2(struct pmu_state *s) { return &s->mdcr_el2; }
static uint64_t *reg_pmcr_el0(struct pmu_state *s) { return &s->pmcr_el0; }
static uint64_t *reg_sder32_el3(struct pmu_state *s) { return &s->sder32_el3; }

static const struct control controls[MAX_CONTROLS] = {
	{ "spme", "MDCR_EL3.SPME", "D11.5.3, D13.5.4 RJDWFF/RGNGCW (MDCR_EL3.SPME), CountPMUEvents", reg_mdcr_el3,
	  MDCR_EL3_SPME_BIT, false },
	{ "mpmx", "MDCR_EL3.MPMX", "D11.5.3, D13.5.4 RGNGCW (MDCR_EL3.MPMX), CountPMUEvents", reg_mdcr_el3,
	  MDCR_EL3_MPMX_BIT, false },
	{ "hpmd", "MDCR_EL2.HPMD", "D11.5.3, D13.5.4 RMMZLZ (MDCR_EL2.HPMD; counters in [MDCR_EL2.HPMN .. " \
	  "PMCR_EL0.N-1] count at EL2 whatever HPMD), CountPMUEvents", reg_mdcr_el2,
	  MDCR_EL2_HPMD_BIT, false },
	{ "dp", "PMCR_EL0.DP", "D11.5.3, D13.5.4 (PMCR_EL0.DP: cycle counter), CountPMUEvents", reg_pmcr_el0,
	  PMCR_EL0_DP_BIT, true },
	{ "sccd", "MDCR_EL3.SCCD", "D11.5.3, D13.5.4 (MDCR_EL3.SCCD: cycle counter), CountPMUEvents", reg_mdcr_el3,
	  MDCR_EL3_SCCD_BIT, true },
	{ "hccd", "MDCR_EL2.HCCD", "D11.5.3, D13.5.4 (MDCR_EL2.HCCD: cycle counter), CountPMUEvents", reg_mdcr_el2,
	  MDCR_EL2_HCCD_BIT, true },
	{ "mccd", "MDCR_EL3.MCCD", "D11.5.3, D13.5.4 (MDCR_EL3.MCCD: cycle counter at EL3), CountPMUEvents", reg_mdcr_el3,
	  MDCR_EL3_MCCD_BIT, true },
	{ "suniden", "SDER32_EL3.SUNIDEN", "D11.5.3 (SDER32_EL3.SUNIDEN: Secure EL0 with an AArch32 EL1), CountPMUEvents",
	  reg_sder32_el3, SDER32_EL3_SUNIDEN_BIT, false },
};

/*
 * Why control i cannot be used here (NULL when it can): the feature that adds it (ID_AA64DFR0_EL1.PMUVer,
 * PMCR_EL0.DP's condition in D24.5.8) or the level that owns its register.
 */
static const char *control_absent(unsigned i, enum ctx c)
{
	const struct pmu_features *f = &features.pmu;
	bool el3 = orchestrator_el == 3, el2 = pmu_owns_el2();

	switch (i) {
	case 0: return el3 ? NULL : "MDCR_EL3 not owned (no EL3, or entered below EL3)";
	case 1: return !feat_pmuv3p7(f) ? "FEAT_PMUv3p7 not implemented (ID_AA64DFR0_EL1.PMUVer < 0x7)"
		       : el3 ? NULL : "MDCR_EL3 not owned (no EL3, or entered below EL3)";
	case 2: return !feat_pmuv3p1(f) ? "FEAT_PMUv3p1 not implemented (ID_AA64DFR0_EL1.PMUVer < 0x4)"
		       : el2 ? NULL : "MDCR_EL2 not owned (no EL2, or entered below EL2)";
	case 3: return f->el3 || (feat_pmuv3p1(f) && f->el2) || feat_pmuv3p7(f) ? NULL
		       : "PMCR_EL0.DP not implemented (no EL3; no EL2 with FEAT_PMUv3p1; no FEAT_PMUv3p7)";
	case 4: return !feat_pmuv3p5(f) ? "FEAT_PMUv3p5 not implemented (ID_AA64DFR0_EL1.PMUVer < 0x6)"
		       : el3 ? NULL : "MDCR_EL3 not owned (no EL3, or entered below EL3)";
	case 5: return !feat_pmuv3p5(f) ? "FEAT_PMUv3p5 not implemented (ID_AA64DFR0_EL1.PMUVer < 0x6)"
		       : el2 ? NULL : "MDCR_EL2 not owned (no EL2, or entered below EL2)";
	case 6: return !feat_pmuv3p7(f) ? "FEAT_PMUv3p7 not implemented (ID_AA64DFR0_EL1.PMUVer < 0x7)"
		       : el3 ? NULL : "MDCR_EL3 not owned (no EL3, or entered below EL3)";
	default: return !features.aa32_el1 ? "AArch32 not implemented at EL1 (ID_AA64PFR0_EL1.EL1 != 0b0010): no SDER32_EL3"
		       : !el3 ? "SDER32_EL3 not owned (no EL3, or entered below EL3)"
		       : !(ctx_el(c) == 0 && ctx_secure(c) && ctx_el1_aarch32(c))
		       ? "SDER32_EL3.SUNIDEN acts only at Secure EL0 under an AArch32 EL1 (CountPMUEvents): see s_el0_a32"
		       : NULL;
	}
}

#define RULES_ICNTR "D13.5.4 RCSRMB (instruction counter: MDCR_EL3.SPME/MPMX, MDCR_EL2.HPMD), CountPMUEvents"

/* What one run saw: SW_INCR counts of the event counters, the cycle counter and the instruction counter. */
struct run_result {
	bool done;     /* false: the call ended in an unexpected exception */
	uint64_t evcnt[31];
	uint64_t ccnt;
	uint64_t icnt; /* PMICNTR_EL0, with FEAT_PMUv3_ICNTR */
};

/* The model state of context c with the controls of `combo` (bit j = usable control used[j] set). */
static void combo_state(struct pmu_state *s, enum ctx c, const unsigned *used, unsigned nused, unsigned combo)
{
	unsigned j, n;

	pmu_state_init(s, c);
	s->pmcr_el0 = PMCR_EL0_E_BIT;
	s->pmcntenset_el0 = pmu_event_counter_mask() | PMU_CNT_C_BIT;
	if (features.el2) {
		unsigned hpmn = features.pmu.num_counters / 2 ? features.pmu.num_counters / 2 : 1;

		if (!pmu_owns_el2())
			hpmn = features.pmu.num_counters;
		s->mdcr_el2 = (s->mdcr_el2 & ~MDCR_EL2_HPMN_MASK) | FIELD_PREP(MDCR_EL2, HPMN, hpmn) |
			      MDCR_EL2_HPME_BIT;
	}
	s->pmccfiltr_el0 = pmu_filter_only_at(c);
	if (features.pmu.pmicntr) {
		s->pmcntenset_el0 |= PMU_CNT_F0_BIT;
		s->pmicfiltr_el0 = pmu_filter_only_at(c);
	}
	for (n = 0; n < 31; n++)
		s->pmevtyper[n] = PMU_FILTER_ALL | PMU_EVENT_SW_INCR;
	for (j = 0; j < nused; j++) {
		uint64_t *reg = controls[used[j]].reg(s);

		if (combo & (1u << j))
			*reg |= controls[used[j]].bit;
		else
			*reg &= ~controls[used[j]].bit;
	}
}

/* The controls `combo` of used[] as "FIELD=v ..." in buf; returns buf. */
static const char *describe(char *buf, size_t len, const unsigned *used, unsigned nused, unsigned combo)
{
	size_t at = 0;
	unsigned j;

	buf[0] = '\0';
	for (j = 0; j < nused && at < len; j++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s=%u", j ? " " : "", controls[used[j]].field,
				       (combo >> j) & 1);
	return buf;
}

/*
 * Compare one run (the controls `combo` of used[]) with the model: the cycle counter, or the event counters;
 * failures go to group g, the controls described only then (check_that: describe() was most of the module's
 * time).
 */
static void check_run(struct check_group *g, const struct pmu_state *s, const struct run_result *r,
		      const unsigned *used, unsigned nused, unsigned combo, bool cycle)
{
	char desc[160];
	struct claim cl;
	unsigned n;
	bool counts;

	if (!r->done) {
		check(g, false, "%s: the run ended in an unexpected exception",
		      describe(desc, sizeof(desc), used, nused, combo));
		return;
	}
	for (n = 0; !cycle && n < features.pmu.num_counters; n++) {
		counts = count_pmu_events(&features.pmu, s, n) && pmu_sw_increment_reaches(&features.pmu, s, n);
		check_claim_that(g, r->evcnt[n] == (counts ? SWINC_WRITES : 0),
				 pmu_count_claim(&cl, s, n, 0, counts ? SWINC_WRITES : 0, r->evcnt[n]),
			   "%s: PMEVCNTR%u_EL0 (SW_INCR, range %u) expected %u, seen %llu",
			   describe(desc, sizeof(desc), used, nused, combo), n,
			   get_pmu_counter_range(&features.pmu, s, n) + 1, counts ? SWINC_WRITES : 0,
			   (unsigned long long)r->evcnt[n]);
	}
	if (!cycle)
		return;
	counts = count_pmu_events(&features.pmu, s, CYCLE_COUNTER_ID);
	check_claim_that(g, (r->ccnt != 0) == counts, pmu_count_claim(&cl, s, CYCLE_COUNTER_ID, 0, counts, r->ccnt),
			 "%s: PMCCNTR_EL0 (PMCCFILTR_EL0=0x%llx) expected %s, seen %llu",
		   describe(desc, sizeof(desc), used, nused, combo), (unsigned long long)s->pmccfiltr_el0,
		   counts ? "nonzero" : "0", (unsigned long long)r->ccnt);
}

/* prohibit.icntr.<ctx>: every run of the context's combinations against CountPMUEvents(INSTRUCTION_COUNTER_ID). */
static void check_icntr(enum ctx c, const struct run_result *results, const unsigned *used, unsigned nused)
{
	uint64_t both = MDCR_EL3_SPME_BIT | MDCR_EL3_MPMX_BIT;
	struct check_group g;
	struct pmu_state s;
	unsigned combo;
	char desc[160];
	bool counts;

	if (!group_begin(&g, RULES_ICNTR, "prohibit.icntr.%s", ctx_name(c)))
		return;
	for (combo = 0; combo < (1u << nused); combo++) {
		combo_state(&s, c, used, nused, combo);
		counts = count_pmu_events(&features.pmu, &s, INSTRUCTION_COUNTER_ID);
		if (!results[combo].done) {
			check(&g, false, "%s: the run ended in an unexpected exception",
			      describe(desc, sizeof(desc), used, nused, combo));
			continue;
		}
		if (pmu_icntr_counts_elsewhere(c, &s))
			continue;
		if (s.el == 3 && features.el2 && (s.mdcr_el3 & both) == both) {
			/* RCSRMB's text and CountPMUEvents disagree here (top of file): reported, not checked */
			printf("# prohibit.icntr.%s: %s: PMICNTR_EL0 %s (RCSRMB: counts; CountPMUEvents: prohibited)\n",
			       ctx_name(c), describe(desc, sizeof(desc), used, nused, combo),
			       results[combo].icnt ? "counted" : "did not count");
			continue;
		}
		check_claim_that(&g, (results[combo].icnt != 0) == counts,
				 (&(struct claim){ "PMICNTR_EL0", INSTRUCTION_COUNTER_ID, -1,
						   s.el1_aarch32 ? CLAIM_EL1_AARCH32 : 0, counts, results[combo].icnt != 0 }),
				 "%s: PMICNTR_EL0 (PMICFILTR_EL0=0x%llx, "
			   "PMCNTENSET_EL0=0x%llx, PMCR_EL0=0x%llx) expected %s, seen %llu",
			   describe(desc, sizeof(desc), used, nused, combo), (unsigned long long)s.pmicfiltr_el0,
			   (unsigned long long)s.pmcntenset_el0, (unsigned long long)s.pmcr_el0,
			   counts ? "nonzero" : "0", (unsigned long long)results[combo].icnt);
	}
	group_end(&g);
}

static void prohibit_context(enum ctx c)
{
	static struct run_result results[1u << MAX_CONTROLS];
	unsigned used[MAX_CONTROLS], nused = 0, combo, i, j, n;
	struct pmu_state s, twin;
	struct check_group g;
	char name[64];
	int status;
	bool icntr_alone = false;

	for (i = 0; i < MAX_CONTROLS; i++) {
		snprintf(name, sizeof(name), "prohibit.%s.%s", controls[i].name, ctx_name(c));
		if (control_absent(i, c))
			tap_skip(name, controls[i].rules, "%s", control_absent(i, c));
		else if (test_selected(name))
			used[nused++] = i;
	}
	snprintf(name, sizeof(name), "prohibit.icntr.%s", ctx_name(c));
	if (!features.pmu.pmicntr) {
		tap_skip(name, RULES_ICNTR, "FEAT_PMUv3_ICNTR not implemented (ID_AA64DFR1_EL1.PMICNTR == 0)");
	} else if (!nused) { /* no control to combine: the baseline run alone */
		if (test_selected(name))
			icntr_alone = true;
	}
	if (!nused && !icntr_alone)
		return;
	/* every combination of the usable controls, once */
	for (combo = 0; combo < (1u << nused); combo++) {
		combo_state(&s, c, used, nused, combo);
		pmu_program(&s);
		status = pmu_ctx_swinc_spin(c, BIT64(get_num_event_counters_accessible(&features.pmu, &s)) - 1);
		pmu_stop();
		results[combo].done = status == CTX_OK;
		if (status != CTX_OK) {
			printf("# prohibit.%s: unexpected exception:\n", ctx_name(c));
			exc_record_print(&exc_unexpected);
			baseline_restore_all();
		}
		for (n = 0; n < features.pmu.num_counters; n++)
			results[combo].evcnt[n] = read_pmevcntr(n);
		results[combo].ccnt = read_pmccntr_el0();
		results[combo].icnt = features.pmu.pmicntr ? read_pmicntr_el0() : 0;
	}
	if (features.pmu.pmicntr)
		check_icntr(c, results, used, nused);
	/* one test point per control: each run paired with its twin, the control flipped */
	for (j = 0; j < nused; j++) {
		group_begin(&g, controls[used[j]].rules, "prohibit.%s.%s", controls[used[j]].name, ctx_name(c));
		for (combo = 0; combo < (1u << nused); combo++) {
			if (combo & (1u << j))
				continue;
			combo_state(&s, c, used, nused, combo);
			combo_state(&twin, c, used, nused, combo | (1u << j));
			check_run(&g, &s, &results[combo], used, nused, combo, controls[used[j]].cycle);
			check_run(&g, &twin, &results[combo | (1u << j)], used, nused, combo | (1u << j),
				  controls[used[j]].cycle);
		}
		group_end(&g);
	}
}

void test_prohibit(void)
{
	const char *why;
	char name[64];
	unsigned c, i;

	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, true);
		if (!why) {
			prohibit_context((enum ctx)c);
			continue;
		}
		for (i = 0; i < MAX_CONTROLS; i++) {
			snprintf(name, sizeof(name), "prohibit.%s.%s", controls[i].name, ctx_name((enum ctx)c));
			tap_skip(name, controls[i].rules, "%s", why);
		}
		pmu_skip_at("prohibit.icntr", (enum ctx)c, RULES_ICNTR, features.pmu.pmicntr ? why
			    : "FEAT_PMUv3_ICNTR not implemented (ID_AA64DFR1_EL1.PMICNTR == 0)");
	}
	baseline_restore_all();
}
