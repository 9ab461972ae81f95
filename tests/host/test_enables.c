/*
 * test_enables.c - the counter enables of D11.5.1 (D13.5.1): Tables D11-2 and D11-3 row by row, the cycle
 * counter's and the instruction counter's enables, checked against count_pmu_events() (CountPMUEvents()).
 */
#include "host_test.h"
#include "table_d11_2.h"
#include "table_d11_3.h"

/* (N, HPMN) instances each table row is checked for; HPMN = 0 needs FEAT_HPMN0 (D11.5.1, MDCR_EL2.HPMN). */
static const struct {
	unsigned n, hpmn;
} instances[] = {
	{ 1, 1 }, { 2, 1 }, { 6, 3 }, { 6, 6 }, { 6, 0 }, { 8, 1 }, { 20, 13 }, { 31, 1 }, { 31, 30 }, { 31, 31 },
	{ 31, 0 },
};

/* Every PMCNTENSET_EL0 bit of the machine: P<n> for n < N, C (bit 31), F0 (bit 32). */
static uint64_t all_enable_bits(const struct pmu_features *f)
{
	return (BIT64(f->num_counters) - 1) | PMU_CNT_C_BIT | PMU_CNT_F0_BIT;
}

/*
 * PMCNTENSET_EL0 with bit `bit` = `value` and every other bit the opposite, so a model that reads the wrong
 * enable bit fails.
 */
static uint64_t only_bit(const struct pmu_features *f, uint64_t bit, bool value)
{
	return value ? bit : all_enable_bits(f) & ~bit;
}

/*
 * Iterates over every machine of instances[] and every context it has: fills *f, *s (open_state()) and *c
 * for the next one and returns true, or returns false when all were given. Start with *pos = 0.
 */
static bool next_instance_ctx(unsigned *pos, struct pmu_features *f, struct pmu_state *s, unsigned *c)
{
	while (*pos < ARRAY_SIZE(instances) * CTX_COUNT) {
		unsigned i = *pos / CTX_COUNT;

		*c = *pos % CTX_COUNT;
		(*pos)++;
		*f = machine(instances[i].n);
		f->hpmn0 = instances[i].hpmn == 0;
		if (ctx_exists(f, (enum ctx)*c)) {
			*s = open_state(f, (enum ctx)*c, instances[i].hpmn);
			return true;
		}
	}
	return false;
}

/*
 * Precondition of every table below (host_test.h, open_state()): with every enable on, the NSH-only filters
 * count at every EL in both Security states and nothing is prohibited, so the tables see the enables alone.
 */
static void test_open_state_counts(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned c, pos, n;

	tc_begin("open state (SPME=1, HPMD=0, filters NSH only) counts at every EL and Security state");
	for (pos = 0; next_instance_ctx(&pos, &f, &s, &c);) {
		s.pmcr_el0 = PMCR_EL0_E_BIT;
		s.mdcr_el2 |= MDCR_EL2_HPME_BIT;
		s.pmcntenset_el0 = all_enable_bits(&f);
		for (n = 0; n < f.num_counters; n++)
			tc_check(count_pmu_events(&f, &s, n), true, "%s at %s: count_pmu_events(%u)", controls(&f, &s),
				 ctx_name[c], n);
		tc_check(count_pmu_events(&f, &s, CYCLE_COUNTER_ID), true, "%s at %s: count_pmu_events(CYCLE_COUNTER_ID)",
			 controls(&f, &s), ctx_name[c]);
	}
	tc_end();
}

/*
 * Table D11-2 (table_d11_2.h), every row, for every event counter n of machines without EL2: with EL3 (at EL3,
 * Secure and Non-secure EL1/EL0) and without EL3 (Non-secure EL1/EL0). MDCR_EL2 does not exist there: it
 * holds HPMN = 1 and HPME = 0, which must change nothing.
 */
static void test_table_d11_2(void)
{
	static const unsigned ns[] = { 1, 6, 20, 31 };
	struct pmu_features f;
	struct pmu_state s;
	unsigned r, v, i, c, n;

	for (r = 0; r < ARRAY_SIZE(table_d11_2); r++) {
		const struct table_d11_2_row *row = &table_d11_2[r];

		tc_begin("D11.5.1 Table D11-2 row %u: no EL2, PMCR_EL0.E=%d PMCNTENSET_EL0[n]=%d: counter n %s", r,
			 row->pmcr_e, row->pmcntenset_n, row->enabled ? "enabled" : "disabled");
		for (v = 0; v < 2; v++)
			for (i = 0; i < ARRAY_SIZE(ns); i++) {
				f = machine(ns[i]);
				f.el2 = false;
				f.sel2 = false;
				f.el3 = v == 0;
				for (c = 0; c < CTX_COUNT; c++) {
					if (!ctx_exists(&f, (enum ctx)c))
						continue;
					for (n = 0; n < f.num_counters; n++) {
						s = open_state(&f, (enum ctx)c, 1);
						s.pmcr_el0 = row->pmcr_e ? PMCR_EL0_E_BIT : 0;
						s.pmcntenset_el0 = only_bit(&f, BIT64(n), row->pmcntenset_n);
						tc_check(count_pmu_events(&f, &s, n), row->enabled,
							 "%s at %s: count_pmu_events(%u)", controls(&f, &s), ctx_name[c], n);
					}
				}
			}
		tc_end();
	}
}

/*
 * Table D11-3 (table_d11_3.h), every row, for each (N, HPMN) instance and every n of the row's range, at every
 * context (D11.5.1 Note: at all Exception levels and in both Security states, including where EL2 is disabled:
 * Secure EL1/EL0 with SCR_EL3.EEL2 = 0, and EL3), with EL3 and without EL3.
 */
static void test_table_d11_3(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned r, v, i, c, n, lo, hi;

	for (r = 0; r < ARRAY_SIZE(table_d11_3); r++) {
		const struct table_d11_3_row *row = &table_d11_3[r];

		tc_begin("D11.5.1 Table D11-3 row %u: MDCR_EL2.HPME=%d PMCR_EL0.E=%d PMCNTENSET_EL0[n]=%d n %s: "
			 "counter n %s", r, row->mdcr_el2_hpme, row->pmcr_e, row->pmcntenset_n,
			 row->range == FIRST_RANGE ? "< HPMN" : ">= HPMN", row->enabled ? "enabled" : "disabled");
		for (v = 0; v < 2; v++)
			for (i = 0; i < ARRAY_SIZE(instances); i++) {
				f = machine(instances[i].n);
				f.hpmn0 = instances[i].hpmn == 0;
				if (v == 1) {
					f.el3 = false;
					f.sel2 = false;
				}
				lo = row->range == FIRST_RANGE ? 0 : instances[i].hpmn;
				hi = row->range == FIRST_RANGE ? instances[i].hpmn : instances[i].n;
				for (c = 0; c < CTX_COUNT; c++) {
					if (!ctx_exists(&f, (enum ctx)c))
						continue;
					for (n = lo; n < hi; n++) {
						s = open_state(&f, (enum ctx)c, instances[i].hpmn);
						s.mdcr_el2 |= row->mdcr_el2_hpme ? MDCR_EL2_HPME_BIT : 0;
						s.pmcr_el0 = row->pmcr_e ? PMCR_EL0_E_BIT : 0;
						s.pmcntenset_el0 = only_bit(&f, BIT64(n), row->pmcntenset_n);
						tc_check(count_pmu_events(&f, &s, n), row->enabled,
							 "%s at %s: count_pmu_events(%u)", controls(&f, &s), ctx_name[c], n);
					}
				}
			}
		tc_end();
	}
}

/*
 * The cycle counter's enables (D13.5.1.2 IBTGDJ: "the global enable control is PMCR.E", "the counter enable
 * control is PMCNTENSET.C"; CountPMUEvents: "when CYCLE_COUNTER_ID counter_en = PMCNTENSET_EL0.C", and
 * GetPMUCounterRange(CYCLE_COUNTER_ID) is R1, so global_en = PMCR_EL0.E). MDCR_EL2.HPME never takes part
 * (MDCR_EL2.HPME: "The following counters are not affected by this field: ... PMCCNTR_EL0").
 */
static const struct {
	bool mdcr_el2_hpme, pmcr_e, pmcntenset_c, enabled;
} table_cycle_enable[] = {
	/* HPME E  C  cycle counter */
	{ 0, 0, 0, false },
	{ 0, 0, 1, false },
	{ 0, 1, 0, false },
	{ 0, 1, 1, true },
	{ 1, 0, 0, false },
	{ 1, 0, 1, false }, /* HPME does not enable the cycle counter */
	{ 1, 1, 0, false },
	{ 1, 1, 1, true },
};

static void test_cycle_counter_enable(void)
{
	struct pmu_features f;
	struct pmu_state s;
	unsigned r, pos, c;

	for (r = 0; r < ARRAY_SIZE(table_cycle_enable); r++) {
		tc_begin("D13.5.1.2 IBTGDJ cycle counter: MDCR_EL2.HPME=%d PMCR_EL0.E=%d PMCNTENSET_EL0.C=%d: %s",
			 table_cycle_enable[r].mdcr_el2_hpme, table_cycle_enable[r].pmcr_e,
			 table_cycle_enable[r].pmcntenset_c, table_cycle_enable[r].enabled ? "enabled" : "disabled");
		for (pos = 0; next_instance_ctx(&pos, &f, &s, &c);) {
			s.mdcr_el2 |= table_cycle_enable[r].mdcr_el2_hpme ? MDCR_EL2_HPME_BIT : 0;
			s.pmcr_el0 = table_cycle_enable[r].pmcr_e ? PMCR_EL0_E_BIT : 0;
			s.pmcntenset_el0 = only_bit(&f, PMU_CNT_C_BIT, table_cycle_enable[r].pmcntenset_c);
			tc_check(count_pmu_events(&f, &s, CYCLE_COUNTER_ID), table_cycle_enable[r].enabled,
				 "%s at %s: count_pmu_events(CYCLE_COUNTER_ID)", controls(&f, &s), ctx_name[c]);
		}
		tc_end();
	}
}

/*
 * The instruction counter (D13.5.1.3 IWMNXT): global enable PMCR.E, counter enable PMCNTENSET_EL0.F0; its
 * filter is PMICFILTR_EL0 (D13.7.1; CountPMUEvents "when INSTRUCTION_COUNTER_ID filter = PMICFILTR_EL0<31:0>"):
 * P = 1 with NSK = 0 filters it at Non-secure EL1 ("filtered = p != nsk").
 */
static void test_instruction_counter(void)
{
	struct pmu_features f = machine(6);
	struct pmu_state s;
	unsigned e, hpme, f0, p;
	bool want;

	tc_begin("D13.5.1.3 IWMNXT instruction counter: PMCR_EL0.E and PMCNTENSET_EL0.F0, PMICFILTR_EL0");
	for (e = 0; e < 2; e++)
		for (hpme = 0; hpme < 2; hpme++)
			for (f0 = 0; f0 < 2; f0++)
				for (p = 0; p < 2; p++) {
					s = open_state(&f, CTX_NS_EL1, 3);
					s.pmcr_el0 = e ? PMCR_EL0_E_BIT : 0;
					s.mdcr_el2 |= hpme ? MDCR_EL2_HPME_BIT : 0;
					s.pmcntenset_el0 = only_bit(&f, PMU_CNT_F0_BIT, f0);
					s.pmicfiltr_el0 = p ? PMEVTYPER_P_BIT : 0;
					want = e && f0 && !p;
					tc_check(count_pmu_events(&f, &s, INSTRUCTION_COUNTER_ID), want,
						 "%s PMICFILTR_EL0=0x%llx: count_pmu_events(INSTRUCTION_COUNTER_ID)",
						 controls(&f, &s), (unsigned long long)s.pmicfiltr_el0);
				}
	tc_end();
}

void run_enable_tests(void)
{
	test_open_state_counts();
	test_table_d11_2();
	test_table_d11_3();
	test_cycle_counter_enable();
	test_instruction_counter();
}
