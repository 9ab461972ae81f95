/*
 * table_d13_2.h - D13.3.3 Table D13-2 "Summary of setting PSTATE.PPEND on an exception return", as data, from
 * ../shared/spec/001_48444b3a44a47217.txt, with the text below the table (RBVBYS, RMQDPX, RNZLVW) turning each
 * "Behavior of return" into the values PSTATE.PPEND may take.
 */
#ifndef PMUCHECK_TABLE_D13_2_H
#define PMUCHECK_TABLE_D13_2_H

enum d13_2_state { DISABLED_OR_MASKED, MASKED, UNMASKED };

enum d13_2_behavior {
	PPEND_ZERO,       /* "PSTATE.PPEND is set to 0." */
	PPEND_FROM_SPSR,  /* "PSTATE.PPEND is set to SPSR_ELx.PPEND." */
	PPEND_CONSTRAINED, /* "Might be CONSTRAINED UNPREDICTABLE.": 0, or 0 or 1 when RNZLVW's conditions apply */
	PPEND_BY_RNZLVW,  /* "PSTATE.PPEND might be set by RNZLVW.": 1 when RNZLVW's conditions apply, else 0 */
};

struct table_d13_2_row {
	unsigned number;            /* Case */
	enum d13_2_state before, after;
	enum d13_2_behavior behavior;
};

static const struct table_d13_2_row table_d13_2[] = {
	{ 1, DISABLED_OR_MASKED, DISABLED_OR_MASKED, PPEND_ZERO },
	{ 2, MASKED, UNMASKED, PPEND_FROM_SPSR },
	{ 3, UNMASKED, MASKED, PPEND_CONSTRAINED },
	{ 4, UNMASKED, UNMASKED, PPEND_BY_RNZLVW },
};

#endif
