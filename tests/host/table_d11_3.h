/*
 * table_d11_3.h - D11.5.1 Table D11-3, "the combined effect of all the counter enable controls" (EL2
 * implemented), as data.
 *
 * The table is a picture in the seed (../shared/spec/000_*.txt); rebuilt by hand from CountPMUEvents()
 * (J1.3.1.93, ../shared/spec/pseudocode/CountPMUEvents.asl) and GetPMUCounterRange() (J1.3.1.99):
 *     if n < hpmn then return PMUCounterRange_R1; elsif n < epmn then return PMUCounterRange_R2; ...
 *     case counter_range of when PMUCounterRange_R1 global_en = PMCR_EL0.E;
 *                           when PMUCounterRange_R2 global_en = MDCR_EL2.HPME; ...
 *     otherwise counter_en = PMCNTENSET_EL0<idx>;
 *     enabled = global_en == '1' && counter_en == '1';
 * and the D11.5.1 text: "HDCR.HPME overrides the value of PMCR.E for counters configured for access in EL2".
 * The same table, with a PMCCR.EPME column for the third range, is Table D13-4 of D13.5.1.1 (pmu-chapter/
 * arm-D13.5.md); its PMCCR.EPME == 0 half, first and second range columns, agrees with every row here.
 * D11.5.1 Note: "The effect of HDCR.{HPME, HPMN} on the counter enables applies at all Exception levels and in
 * both Security states."
 *
 * Row order: the manual's rows {HPME, E} = 00, 01, 10, 11; within a row its columns PMCNTENSET_EL0[n] == 0 and
 * PMCNTENSET_EL0[n] == 1, each for n in [0..(HPMN-1)] (first range) then n in [HPMN..(N-1)] (second range).
 */
#ifndef PMUCHECK_TABLE_D11_3_H
#define PMUCHECK_TABLE_D11_3_H

#include <stdbool.h>

enum d11_3_range { FIRST_RANGE, SECOND_RANGE }; /* n < MDCR_EL2.HPMN, n >= MDCR_EL2.HPMN */

struct table_d11_3_row {
	bool mdcr_el2_hpme;    /* MDCR_EL2.HPME */
	bool pmcr_e;           /* PMCR_EL0.E */
	bool pmcntenset_n;     /* PMCNTENSET_EL0[n] */
	enum d11_3_range range;
	bool enabled;          /* event counter n enabled */
};

static const struct table_d11_3_row table_d11_3[] = {
	/* HPME E  P[n] n            counter n */
	{ 0, 0, 0, FIRST_RANGE,  false }, /* Disabled */
	{ 0, 0, 0, SECOND_RANGE, false }, /* Disabled */
	{ 0, 0, 1, FIRST_RANGE,  false }, /* Disabled */
	{ 0, 0, 1, SECOND_RANGE, false }, /* Disabled */
	{ 0, 1, 0, FIRST_RANGE,  false }, /* Disabled */
	{ 0, 1, 0, SECOND_RANGE, false }, /* Disabled */
	{ 0, 1, 1, FIRST_RANGE,  true },  /* Enabled: PMCR_EL0.E enables the first range */
	{ 0, 1, 1, SECOND_RANGE, false }, /* Disabled: PMCR_EL0.E does not enable the second range */
	{ 1, 0, 0, FIRST_RANGE,  false }, /* Disabled */
	{ 1, 0, 0, SECOND_RANGE, false }, /* Disabled */
	{ 1, 0, 1, FIRST_RANGE,  false }, /* Disabled: HPME does not enable the first range */
	{ 1, 0, 1, SECOND_RANGE, true },  /* Enabled: HPME enables the second range */
	{ 1, 1, 0, FIRST_RANGE,  false }, /* Disabled */
	{ 1, 1, 0, SECOND_RANGE, false }, /* Disabled */
	{ 1, 1, 1, FIRST_RANGE,  true },  /* Enabled */
	{ 1, 1, 1, SECOND_RANGE, true },  /* Enabled */
};

#endif
