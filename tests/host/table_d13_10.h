/*
 * table_d13_10.h - D13.9 Table D13-10 "PMU Capture events", as data.
 *
 * Copied cell by cell from ../shared/spec/004_*.txt (the same table is in pmu-chapter/arm-D13.9.md), cells kept as
 * the manual writes them: "0bAB" one encoding, "xx" any value (don't care), and the outcome words of the table's
 * key: "Disabled" (Capture events are disabled), "Prohibited" (enabled and prohibited), "Allowed" (enabled and
 * allowed). test_snapshot.c parses the cells and expands the "x" digits.
 *
 * The table leaves out PMECR_EL1.SSE == 0b01 under MDCR_EL3.PMSSE == MDCR_EL2.PMSSE == 0b01: the value is
 * reserved (PMECR_EL1.SSE, D24.5.9) and CONSTRAINED UNPREDICTABLE in PMUCaptureEventEnabled/Allowed(); the test
 * checks that gap separately. Row order: the manual's.
 */
#ifndef PMUCHECK_TABLE_D13_10_H
#define PMUCHECK_TABLE_D13_10_H

struct table_d13_10_row {
	const char *mdcr_el3_pmsse; /* MDCR_EL3.PMSSE */
	const char *mdcr_el2_pmsse; /* MDCR_EL2.PMSSE */
	const char *pmecr_el1_sse;  /* PMECR_EL1.SSE */
	const char *capture_events; /* Capture Events */
};

static const struct table_d13_10_row table_d13_10[] = {
	/* MDCR_EL3.PMSSE  MDCR_EL2.PMSSE  PMECR_EL1.SSE  Capture Events */
	{ "0b00", "xx", "xx", "Disabled" },
	{ "0b01", "0b00", "xx", "Disabled" },
	{ "0b01", "0b01", "0b00", "Disabled" },
	{ "0b01", "0b01", "0b10", "Prohibited" },
	{ "0b01", "0b01", "0b11", "Allowed" },
	{ "0b01", "0b10", "xx", "Prohibited" },
	{ "0b01", "0b11", "xx", "Allowed" },
	{ "0b10", "xx", "xx", "Prohibited" },
	{ "0b11", "xx", "xx", "Allowed" },
};

#endif
