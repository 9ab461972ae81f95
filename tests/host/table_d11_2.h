/*
 * table_d11_2.h - D11.5.1 Table D11-2, "an implementation that does not include EL2", as data.
 *
 * The table is a picture in the seed (../shared/spec/000_*.txt); rebuilt by hand from CountPMUEvents()
 * (J1.3.1.93, ../shared/spec/pseudocode/CountPMUEvents.asl):
 *     case counter_range of when PMUCounterRange_R1 global_en = PMCR_EL0.E; ...
 *     otherwise counter_en = PMCNTENSET_EL0<idx>;
 *     enabled = global_en == '1' && counter_en == '1';
 * Without EL2, EffectiveHPMN() returns NUM_PMU_COUNTERS ("else hpmn_bits = counters<4:0>"), so
 * GetPMUCounterRange(n) is R1 for every event counter n ("if n < hpmn then return PMUCounterRange_R1") and
 * PMCR_EL0.E is the global enable of every counter, as the D11.5.1 text says: "PMCR.E bit is a global counter
 * enable bit, and PMCNTENSET provides an enable bit for each counter".
 *
 * Row order: the manual's, PMCR_EL0.E = 0 then 1; within a row PMCNTENSET_EL0[n] = 0 then 1.
 */
#ifndef PMUCHECK_TABLE_D11_2_H
#define PMUCHECK_TABLE_D11_2_H

#include <stdbool.h>

struct table_d11_2_row {
	bool pmcr_e;       /* PMCR_EL0.E */
	bool pmcntenset_n; /* PMCNTENSET_EL0[n] */
	bool enabled;      /* event counter n enabled */
};

static const struct table_d11_2_row table_d11_2[] = {
	/* E  P[n]  counter n */
	{ 0, 0, false }, /* Disabled */
	{ 0, 1, false }, /* Disabled */
	{ 1, 0, false }, /* Disabled */
	{ 1, 1, true },  /* Enabled */
};

#endif
