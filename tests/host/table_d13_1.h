/*
 * table_d13_1.h - D13.3.2 Table D13-1 "PMU Profiling exception enable and masking for each Exception level",
 * as data, cell by cell from ../shared/spec/001_48444b3a44a47217.txt (the manual's row order).
 *
 * The left side is the Effective value of each control; ANY stands for the table's X / XX (any value). The
 * right side is the outcome when the overflow happens at EL3, EL2, EL1, EL0:
 *   IRQ  exception disabled, PMUIRQ enabled      Dis  exception and PMUIRQ disabled
 *   Msk  exception enabled and masked            ELx  exception enabled and taken to ELx
 *   NA   n/a: EL1 does not run when HCR_EL2.TGE is 1
 * The table assumes EL3 implemented and EL2 enabled in the current Security state. PMECR_EL1.PMEE = 0b01 is
 * not in the table under MDCR_EL3.PMEE = 0b01, MDCR_EL2.PMEE = 0b01 (a reserved encoding, like the 0b10 rows,
 * which show the Constraint_DISABLED reading of EffectivePMEE()).
 */
#ifndef PMUCHECK_TABLE_D13_1_H
#define PMUCHECK_TABLE_D13_1_H

#define ANY -1

enum d13_1_cell { IRQ, Dis, Msk, EL1, EL2, EL3, NA };

struct table_d13_1_row {
	int mdcr_el3_pmee, mdcr_el2_pmee, hcr_el2_tge, pmecr_el1_pmee, pmecr_el1_kpme, pstate_pm;
	enum d13_1_cell at[4]; /* at[3 - el]: the EL3, EL2, EL1, EL0 columns */
};

static const struct table_d13_1_row table_d13_1[] = {
	/* MDCR_EL3 MDCR_EL2 TGE  PMECR_EL1 KPME  PM      EL3  EL2  EL1  EL0 */
	{ 0x0, ANY, 0, ANY, ANY, ANY, { IRQ, IRQ, IRQ, IRQ } },
	{ 0x0, ANY, 1, ANY, ANY, ANY, { IRQ, IRQ, NA, IRQ } },
	{ 0x1, 0x0, 0, ANY, ANY, ANY, { IRQ, IRQ, IRQ, IRQ } },
	{ 0x1, 0x0, 1, ANY, ANY, ANY, { IRQ, IRQ, NA, IRQ } },
	{ 0x1, 0x1, 0, 0x0, ANY, ANY, { IRQ, IRQ, IRQ, IRQ } },
	{ 0x1, 0x1, 0, 0x2, ANY, ANY, { Dis, Dis, Dis, Dis } },
	{ 0x1, 0x1, 0, 0x3, 0, ANY, { Msk, Msk, Msk, EL1 } },
	{ 0x1, 0x1, 0, 0x3, 1, 0, { Msk, Msk, EL1, EL1 } },
	{ 0x1, 0x1, 0, 0x3, 1, 1, { Msk, Msk, Msk, EL1 } },
	{ 0x1, 0x1, 1, 0x0, ANY, ANY, { IRQ, IRQ, NA, IRQ } },
	{ 0x1, 0x1, 1, 0x2, ANY, ANY, { Dis, Dis, NA, Dis } },
	{ 0x1, 0x1, 1, 0x3, ANY, ANY, { Msk, Msk, NA, EL2 } },
	{ 0x1, 0x2, 0, ANY, ANY, ANY, { Dis, Dis, Dis, Dis } },
	{ 0x1, 0x2, 1, ANY, ANY, ANY, { Dis, Dis, NA, Dis } },
	{ 0x1, 0x3, 0, ANY, 0, ANY, { Msk, Msk, EL2, EL2 } },
	{ 0x1, 0x3, 0, ANY, 1, 0, { Msk, EL2, EL2, EL2 } },
	{ 0x1, 0x3, 0, ANY, 1, 1, { Msk, Msk, EL2, EL2 } },
	{ 0x1, 0x3, 1, ANY, 0, ANY, { Msk, Msk, NA, EL2 } },
	{ 0x1, 0x3, 1, ANY, 1, 0, { Msk, EL2, NA, EL2 } },
	{ 0x1, 0x3, 1, ANY, 1, 1, { Msk, Msk, NA, EL2 } },
	{ 0x2, ANY, 0, ANY, ANY, ANY, { Dis, Dis, Dis, Dis } },
	{ 0x2, ANY, 1, ANY, ANY, ANY, { Dis, Dis, NA, Dis } },
	{ 0x3, ANY, 0, ANY, 0, ANY, { Msk, EL3, EL3, EL3 } },
	{ 0x3, ANY, 0, ANY, 1, 0, { EL3, EL3, EL3, EL3 } },
	{ 0x3, ANY, 0, ANY, 1, 1, { Msk, EL3, EL3, EL3 } },
	{ 0x3, ANY, 1, ANY, 0, ANY, { Msk, EL3, NA, EL3 } },
	{ 0x3, ANY, 1, ANY, 1, 0, { EL3, EL3, NA, EL3 } },
	{ 0x3, ANY, 1, ANY, 1, 1, { Msk, EL3, NA, EL3 } },
};

#endif
