/*
 * enable.c - D11.5.1 Enabling event counters: PMCR_EL0.E, PMCNTENSET_EL0, MDCR_EL2.HPME and MDCR_EL2.HPMN
 * (Tables D11-2 and D11-3, CountPMUEvents), at every available context, and PMCR_EL0.N as each context reads
 * it (D11.5.1 Note, PMCR_EL0.N in D24.5.8, GetNumEventCountersAccessible).
 *
 * For each context, each legal HPMN (1..N, and 0 with FEAT_HPMN0), PMCR_EL0.E, MDCR_EL2.HPME and two
 * complementary PMCNTENSET_EL0 patterns (so every counter is seen both enabled and disabled in every
 * combination), the orchestrator programs the PMU and the context then:
 *   enable.swinc.<ctx>, enable.swinc_unreachable.<ctx>
 *                        write PMSWINC_EL0 SWINC_WRITES times with every counter's bit set: exact counts
 *                        (check_swinc()).
 *   enable.ccntr.<ctx>, enable.cpu_cycles.<ctx>
 *                        spin, counting CPU_CYCLES in this context only: zero or nonzero (check_cycles()).
 *   enable.pmcr_n.<ctx>  read PMCR_EL0.N: it must equal the model's GetNumEventCountersAccessible().
 * Each deviation a platform may have lands in its own test point, so a recorded one hides no other check.
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

#define SWINC_WRITES PMU_SWINC_WRITES /* PMSWINC_EL0 writes per combination: the expected count */

#define RULES_SWINC       "D11.5.1 Tables D11-2/D11-3 and Note (MDCR_EL2.{HPME, HPMN} at every EL and Security " \
			  "state), D13.5.1.1 Table D13-4, CountPMUEvents (SW_INCR)"
#define RULES_SWINC_REACH "PMUSwIncrement, PMSWINC_EL0 (D24.5.17): bits >= GetNumEventCountersAccessible() RAZ/WI"
#define RULES_CCNTR       "D11.5.1, D11.5.3, D13.5.1.2 IBTGDJ (cycle counter: disabled by PMCR_EL0.E or " \
			  "PMCNTENSET_EL0.C), CountPMUEvents"
#define RULES_CPU_CYCLES  "D11.5.1 Tables D11-2/D11-3 and Note (MDCR_EL2.{HPME, HPMN} at every EL and Security " \
			  "state), D13.5.1.1 Table D13-4, CountPMUEvents (CPU_CYCLES)"
#define RULES_PMCR_N      "D11.5.1 Note, PMCR_EL0.N (D24.5.8), GetNumEventCountersAccessible"

/* One combination of the enable controls. */
struct enable_combo {
	unsigned hpmn;
	bool e, hpme;
	uint64_t pmcntenset;
};

/* Runs in the context: PMCR_EL0 as this context reads it. */
/* Model state for context c under combination k (pmu_util.h baseline plus the enable controls). */
static void combo_state(struct pmu_state *s, enum ctx c, const struct enable_combo *k)
{
	pmu_state_init(s, c);
	s->pmcr_el0 = k->e ? PMCR_EL0_E_BIT : 0;
	s->pmcntenset_el0 = k->pmcntenset;
	if (features.el2)
		s->mdcr_el2 = (s->mdcr_el2 & ~(MDCR_EL2_HPMN_MASK | MDCR_EL2_HPME_BIT)) |
			      FIELD_PREP(MDCR_EL2, HPMN, k->hpmn) | (k->hpme ? MDCR_EL2_HPME_BIT : 0);
}

/* The controls of combination k in buf; returns buf (called by check_that() only for a claim that fails). */
static const char *combo_describe(char *buf, size_t len, const struct enable_combo *k)
{
	if (features.el2)
		snprintf(buf, len, "MDCR_EL2.HPMN=%u MDCR_EL2.HPME=%d PMCR_EL0.E=%d PMCNTENSET_EL0=0x%llx", k->hpmn,
			 k->hpme, k->e, (unsigned long long)k->pmcntenset);
	else
		snprintf(buf, len, "PMCR_EL0.E=%d PMCNTENSET_EL0=0x%llx", k->e, (unsigned long long)k->pmcntenset);
	return buf;
}

/* A call that ended in an unexpected exception fails the group with the exception's registers. */
static bool call_ok(struct check_group *g, enum ctx c, int status)
{
	if (status == CTX_OK)
		return true;
	check(g, false, "unexpected exception in context %s", ctx_name(c));
	exc_record_print(&exc_unexpected);
	baseline_restore_all();
	return false;
}

/* Every combination of the enable controls, in a fixed order; returns how many were written to out. */
static unsigned enable_combos(struct enable_combo *out, unsigned max)
{
	uint64_t counters = pmu_event_counter_mask();
	uint64_t patterns[2] = { (0x5555555555555555ULL & counters) | PMU_CNT_C_BIT, 0xAAAAAAAAAAAAAAAAULL & counters };
	unsigned n = features.pmu.num_counters, hpmn, lo, e, hpme, p, count = 0;

	/* MDCR_EL2.HPMN legal values: 1..N, and 0 with FEAT_HPMN0 (D11.5.1); without EL2 it does not exist. */
	lo = features.pmu.hpmn0 ? 0 : 1;
	if (!pmu_owns_el2()) /* no EL2, or a higher level's: HPMN is N as EL1 reads it (pmu_el2_control_why()) */
		lo = n;
	for (hpmn = lo; hpmn <= n; hpmn++)
		for (e = 0; e < 2; e++)
			for (hpme = 0; hpme < (pmu_owns_el2() ? 2u : 1u); hpme++)
				for (p = 0; p < 2 && count < max; p++)
					out[count++] = (struct enable_combo){ hpmn, e, hpme, patterns[p] };
	return count;
}

/*
 * enable.swinc.<ctx>: event counters that PMSWINC_EL0 reaches at this context must count SWINC_WRITES exactly
 * when CountPMUEvents() says so, else 0. enable.swinc_unreachable.<ctx>: the counters it does not reach
 * (n >= GetNumEventCountersAccessible(), PMSWINC_EL0 bits RAZ/WI) must read 0; that group exists only where
 * such counters exist (EL1 and EL0 with EL2 enabled).
 */
static void check_swinc(enum ctx c, const struct enable_combo *k, unsigned nk)
{
	struct check_group reached, unreached;
	struct pmu_state s;
	struct claim cl;
	char desc[128];
	uint64_t seen, expected;
	unsigned i, n;
	bool on_reached, on_unreached;

	on_reached = group_begin(&reached, RULES_SWINC, "enable.swinc.%s", ctx_name(c));
	on_unreached = group_begin(&unreached, RULES_SWINC_REACH, "enable.swinc_unreachable.%s", ctx_name(c));
	if (!on_reached && !on_unreached)
		return;
	for (i = 0; i < nk; i++) {
		combo_state(&s, c, &k[i]);
		pmu_program(&s);
		if (!call_ok(&reached, c, pmu_ctx_swinc_spin(c, pmu_event_counter_mask())))
			continue;
		pmu_stop();
		for (n = 0; n < features.pmu.num_counters; n++) {
			bool counts = count_pmu_events(&features.pmu, &s, n);
			bool reaches = pmu_sw_increment_reaches(&features.pmu, &s, n);

			expected = counts && reaches ? SWINC_WRITES : 0;
			seen = read_pmevcntr(n);
			check_claim_that(reaches ? &reached : &unreached, seen == expected,
				   pmu_count_claim(&cl, &s, n, 0, expected, seen), "%s: PMEVCNTR%u_EL0 (SW_INCR) expected %llu, seen %llu (model: CountPMUEvents=%d, "
				   "PMSWINC_EL0 reaches=%d)", combo_describe(desc, sizeof(desc), &k[i]), n,
				   (unsigned long long)expected, (unsigned long long)seen, counts, reaches);
		}
	}
	if (on_reached)
		group_end(&reached);
	if (on_unreached && unreached.checks)
		group_end(&unreached);
}

/*
 * enable.ccntr.<ctx> (PMCCNTR_EL0 counting CPU_CYCLES) and enable.cpu_cycles.<ctx> (event counters counting
 * CPU_CYCLES), both filtered to count in this context only: nonzero exactly when CountPMUEvents() says the
 * counter counts here (cycles have no exact expected number).
 */
static void check_cycles(enum ctx c, const struct enable_combo *k, unsigned nk)
{
	struct check_group ccntr, evcntr;
	struct pmu_state s;
	struct claim cl;
	char desc[128];
	uint64_t filter = pmu_filter_only_at(c), seen;
	bool cpu_cycles = pmu_event_implemented(PMU_EVENT_CPU_CYCLES), counts, on_ccntr, on_evcntr;
	unsigned i, n;

	on_ccntr = group_begin(&ccntr, RULES_CCNTR, "enable.ccntr.%s", ctx_name(c));
	on_evcntr = group_begin(&evcntr, RULES_CPU_CYCLES, "enable.cpu_cycles.%s", ctx_name(c));
	if (!cpu_cycles) {
		tap_skip(evcntr.name, RULES_CPU_CYCLES, "CPU_CYCLES not in PMCEID0_EL0 (bit 17 == 0)");
		on_evcntr = false;
	}
	if (!on_ccntr && !on_evcntr)
		return;
	for (i = 0; i < nk; i++) {
		combo_state(&s, c, &k[i]);
		s.pmccfiltr_el0 = filter;
		for (n = 0; n < features.pmu.num_counters; n++)
			s.pmevtyper[n] = filter | PMU_EVENT_CPU_CYCLES;
		pmu_program(&s);
		if (!call_ok(&ccntr, c, pmu_ctx_swinc_spin(c, 0)))
			continue;
		pmu_stop();
		counts = count_pmu_events(&features.pmu, &s, CYCLE_COUNTER_ID);
		seen = read_pmccntr_el0();
		check_claim_that(&ccntr, (seen != 0) == counts, pmu_count_claim(&cl, &s, CYCLE_COUNTER_ID, 0, counts, seen),
				 "%s PMCCFILTR_EL0=0x%llx: PMCCNTR_EL0 expected %s, seen %llu",
			   combo_describe(desc, sizeof(desc), &k[i]), (unsigned long long)filter,
			   counts ? "nonzero" : "0", (unsigned long long)seen);
		for (n = 0; on_evcntr && n < features.pmu.num_counters; n++) {
			counts = count_pmu_events(&features.pmu, &s, n);
			seen = read_pmevcntr(n);
			check_claim_that(&evcntr, (seen != 0) == counts, pmu_count_claim(&cl, &s, n, 0, counts, seen),
					 "%s PMEVTYPER%u_EL0=0x%llx: PMEVCNTR%u_EL0 "
				   "(CPU_CYCLES) expected %s, seen %llu", combo_describe(desc, sizeof(desc), &k[i]), n,
				   (unsigned long long)s.pmevtyper[n], n, counts ? "nonzero" : "0",
				   (unsigned long long)seen);
		}
	}
	if (on_ccntr)
		group_end(&ccntr);
	if (on_evcntr)
		group_end(&evcntr);
}

static void check_pmcr_n(enum ctx c, const struct enable_combo *k, unsigned nk)
{
	struct check_group g;
	struct pmu_state s;
	uint64_t pmcr, mdcr;
	unsigned i, expected;

	if (!group_begin(&g, RULES_PMCR_N, "enable.pmcr_n.%s", ctx_name(c)))
		return;
	for (i = 0; i < nk; i++) {
		/* N depends on HPMN only: one combination per HPMN value is enough. */
		if (i > 0 && k[i].hpmn == k[i - 1].hpmn)
			continue;
		combo_state(&s, c, &k[i]);
		pmu_program(&s);
		if (pmu_owns_el2()) {
			mdcr = read_mdcr_el2();
			check(&g, FIELD_GET(MDCR_EL2, HPMN, mdcr) == k[i].hpmn,
			      "MDCR_EL2.HPMN written %u, reads back %u", k[i].hpmn,
			      (unsigned)FIELD_GET(MDCR_EL2, HPMN, mdcr));
		}
		if (!call_ok(&g, c, pmu_ctx_read_pmcr(c, &pmcr)))
			continue;
		expected = get_num_event_counters_accessible(&features.pmu, &s);
		check(&g, FIELD_GET(PMCR_EL0, N, pmcr) == expected,
		      "MDCR_EL2.HPMN=%u: PMCR_EL0.N at %s expected %u, seen %u (PMCR_EL0 = 0x%llx)", k[i].hpmn,
		      ctx_name(c), expected, (unsigned)FIELD_GET(PMCR_EL0, N, pmcr), (unsigned long long)pmcr);
	}
	pmu_stop();
	group_end(&g);
}

void test_enable(void)
{
	static struct enable_combo combos[33 * 2 * 2 * 2];
	unsigned nk, c;
	const char *why;
	static const char *const points[] = { "enable.swinc", "enable.ccntr", "enable.cpu_cycles", "enable.pmcr_n" };
	static const char *const rules[] = { RULES_SWINC, RULES_CCNTR, RULES_CPU_CYCLES, RULES_PMCR_N };
	unsigned i;

	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, false);
		for (i = 0; why && i < sizeof(points) / sizeof(points[0]); i++)
			pmu_skip_at(points[i], (enum ctx)c, rules[i], why);
		if (why)
			continue;
		nk = enable_combos(combos, sizeof(combos) / sizeof(combos[0]));
		if (pmu_event_implemented(PMU_EVENT_SW_INCR))
			check_swinc((enum ctx)c, combos, nk);
		else
			pmu_skip_at("enable.swinc", (enum ctx)c, RULES_SWINC,
				    "SW_INCR not in PMCEID0_EL0 (bit 0 == 0)");
		check_cycles((enum ctx)c, combos, nk);
		check_pmcr_n((enum ctx)c, combos, nk);
	}
	baseline_restore_all();
}
