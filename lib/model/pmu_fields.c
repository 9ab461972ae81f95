/*
 * pmu_fields.c - see pmu_fields.h. One row per field: its bits, the condition of its "When ..." branch in the
 * register description, and its kind with and without it.
 */
#include "model/pmu_fields.h"

enum cond {
	ALWAYS,
	C_EL2,        /* EL2 is implemented */
	C_EL3,        /* EL3 is implemented */
	C_EL3_SEL2,   /* EL3 is implemented and FEAT_SEL2 is implemented */
	C_AA32,       /* FEAT_AA32 */
	C_P1,         /* FEAT_PMUv3p1 */
	C_P5,         /* FEAT_PMUv3p5 */
	C_P7,         /* FEAT_PMUv3p7 */
	C_NOT_P7,     /* FEAT_PMUv3p7 is not implemented */
	C_P9,         /* FEAT_PMUv3p9 */
	C_ICNTR,      /* FEAT_PMUv3_ICNTR */
	C_EBEP,       /* FEAT_EBEP */
	C_SEBEP,      /* FEAT_SEBEP */
	C_SS,         /* FEAT_PMUv3_SS */
	C_TH,         /* FEAT_PMUv3_TH */
	C_EDGE,       /* FEAT_PMUv3_EDGE */
	C_SPEV1P2,    /* FEAT_SPEv1p2 */
	C_RME,        /* FEAT_RME */
	C_IMP,        /* PMCR_EL0.IMP != '00000000' */
	C_DP,         /* (HaveEL(EL3) || (FEAT_PMUv3p1 && HaveEL(EL2))) || FEAT_PMUv3p7 (|| FEAT_SPE_DPFZS) */
	C_ENPM2,      /* FEAT_PMUv3p9 || FEAT_EBEP || FEAT_PMUv3_SS (|| FEAT_SPMU, FEAT_SPMU2) */
	C_NEVER,      /* a field pmucheck cannot tell the presence of: always `otherwise` */
};

struct row {
	enum pmu_field_reg reg;
	const char *name;
	unsigned char msb, lsb;
	enum cond cond;
	enum pmu_field_kind when, otherwise;
};

#define RES0(reg, msb, lsb) { reg, "RES0", msb, lsb, ALWAYS, PMU_FIELD_RES0, PMU_FIELD_RES0 }
#define RW(reg, name, msb, lsb) { reg, name, msb, lsb, ALWAYS, PMU_FIELD_RW, PMU_FIELD_RW }
#define IF(reg, name, msb, lsb, cond, when, otherwise) \
	{ reg, name, msb, lsb, cond, PMU_FIELD_##when, PMU_FIELD_##otherwise }
#define OTHER(reg, name, msb, lsb) { reg, name, msb, lsb, ALWAYS, PMU_FIELD_OTHER, PMU_FIELD_OTHER }

/* The filter fields PMEVTYPER<n>_EL0, PMCCFILTR_EL0 and PMICFILTR_EL0 share, bits [31:20] but M..SH's
 * neighbours (D24.5.12, D24.5.1, D24.5.14). */
#define FILTER_31_26(reg)                                                                                        \
	RW(reg, "P", 31, 31), RW(reg, "U", 30, 30), IF(reg, "NSK", 29, 29, C_EL3, RW, RES0),                      \
	IF(reg, "NSU", 28, 28, C_EL3, RW, RES0), IF(reg, "NSH", 27, 27, C_EL2, RW, RES0),                         \
	IF(reg, "M", 26, 26, C_EL3, RW, RES0)
#define FILTER_24_20(reg)                                                                                        \
	IF(reg, "SH", 24, 24, C_EL3_SEL2, RW, RES0), RES0(reg, 23, 23), IF(reg, "RLK", 22, 22, C_RME, RW, RES0),   \
	IF(reg, "RLU", 21, 21, C_RME, RW, RES0), IF(reg, "RLH", 20, 20, C_RME, RW, RES0)

static const struct row rows[] = {
	/* PMCR_EL0, D24.5.8 */
	RES0(PMFR_PMCR_EL0, 63, 33),
	IF(PMFR_PMCR_EL0, "FZS", 32, 32, C_SPEV1P2, RW, RES0),
	IF(PMFR_PMCR_EL0, "IMP", 31, 24, C_NOT_P7, RO, RAZ),       /* FEAT_PMUv3p7: "Reserved, RAZ" */
	IF(PMFR_PMCR_EL0, "IDCODE", 23, 16, C_IMP, RO, RES0),
	{ PMFR_PMCR_EL0, "N", 15, 11, ALWAYS, PMU_FIELD_RO, PMU_FIELD_RO },
	RES0(PMFR_PMCR_EL0, 10, 10),
	IF(PMFR_PMCR_EL0, "FZO", 9, 9, C_P7, RW, RES0),
	RES0(PMFR_PMCR_EL0, 8, 8),
	IF(PMFR_PMCR_EL0, "LP", 7, 7, C_P5, RW, RES0),
	IF(PMFR_PMCR_EL0, "LC", 6, 6, C_AA32, RW, RES1),
	IF(PMFR_PMCR_EL0, "DP", 5, 5, C_DP, RW, RES0),
	OTHER(PMFR_PMCR_EL0, "X", 4, 4),                            /* RW with a PMU event export bus, else RAZ/WI */
	IF(PMFR_PMCR_EL0, "D", 3, 3, C_AA32, RW, RES0),
	{ PMFR_PMCR_EL0, "C", 2, 2, ALWAYS, PMU_FIELD_WO, PMU_FIELD_WO },
	{ PMFR_PMCR_EL0, "P", 1, 1, ALWAYS, PMU_FIELD_WO, PMU_FIELD_WO },
	RW(PMFR_PMCR_EL0, "E", 0, 0),
	/* PMSELR_EL0, D24.5.21 */
	RES0(PMFR_PMSELR_EL0, 63, 5),
	RW(PMFR_PMSELR_EL0, "SEL", 4, 0),
	/* PMEVTYPER<n>_EL0, D24.5.12, n = 0 */
	IF(PMFR_PMEVTYPER0_EL0, "TC", 63, 61, C_TH, RW, RES0),
	IF(PMFR_PMEVTYPER0_EL0, "TE", 60, 60, C_EDGE, RW, RES0),
	RES0(PMFR_PMEVTYPER0_EL0, 59, 59),
	IF(PMFR_PMEVTYPER0_EL0, "SYNC", 58, 58, C_SEBEP, RW, RES0),
	OTHER(PMFR_PMEVTYPER0_EL0, "VS", 57, 56),                   /* FEAT_PMUv3_SME: no ID field pmucheck reads */
	IF(PMFR_PMEVTYPER0_EL0, "TLC", 55, 54, C_NEVER, RW, RES0), /* FEAT_PMUv3_TH2 and n odd: RES0 for n = 0 */
	RES0(PMFR_PMEVTYPER0_EL0, 53, 44),
	IF(PMFR_PMEVTYPER0_EL0, "TH", 43, 32, C_TH, RW, RES0),
	FILTER_31_26(PMFR_PMEVTYPER0_EL0),
	OTHER(PMFR_PMEVTYPER0_EL0, "MT", 25, 25),                   /* FEAT_MTPMU or an IMPLEMENTATION DEFINED extension */
	FILTER_24_20(PMFR_PMEVTYPER0_EL0),
	RES0(PMFR_PMEVTYPER0_EL0, 19, 16),
	IF(PMFR_PMEVTYPER0_EL0, "evtCount[15:10]", 15, 10, C_P1, RW, RES0),
	RW(PMFR_PMEVTYPER0_EL0, "evtCount[9:0]", 9, 0),
	/* PMCCFILTR_EL0, D24.5.1 */
	RES0(PMFR_PMCCFILTR_EL0, 63, 58),
	OTHER(PMFR_PMCCFILTR_EL0, "VS", 57, 56),
	RES0(PMFR_PMCCFILTR_EL0, 55, 32),
	FILTER_31_26(PMFR_PMCCFILTR_EL0),
	RES0(PMFR_PMCCFILTR_EL0, 25, 25),
	FILTER_24_20(PMFR_PMCCFILTR_EL0),
	RES0(PMFR_PMCCFILTR_EL0, 19, 0),
	/* PMICFILTR_EL0, D24.5.14 */
	RES0(PMFR_PMICFILTR_EL0, 63, 59),
	IF(PMFR_PMICFILTR_EL0, "SYNC", 58, 58, C_SEBEP, RW, RES0),
	OTHER(PMFR_PMICFILTR_EL0, "VS", 57, 56),
	RES0(PMFR_PMICFILTR_EL0, 55, 32),
	FILTER_31_26(PMFR_PMICFILTR_EL0),
	RES0(PMFR_PMICFILTR_EL0, 25, 25),
	FILTER_24_20(PMFR_PMICFILTR_EL0),
	RES0(PMFR_PMICFILTR_EL0, 19, 16),
	{ PMFR_PMICFILTR_EL0, "evtCount", 15, 0, ALWAYS, PMU_FIELD_RO, PMU_FIELD_RO },
	/* PMUSERENR_EL0, D24.5.26: ER, CR, SW and EN exist with and without FEAT_PMUv3p9 */
	RES0(PMFR_PMUSERENR_EL0, 63, 7),
	IF(PMFR_PMUSERENR_EL0, "TID", 6, 6, C_P9, RW, RES0),
	IF(PMFR_PMUSERENR_EL0, "IR", 5, 5, C_ICNTR, RW, RES0),
	IF(PMFR_PMUSERENR_EL0, "UEN", 4, 4, C_P9, RW, RES0),
	RW(PMFR_PMUSERENR_EL0, "ER", 3, 3),
	RW(PMFR_PMUSERENR_EL0, "CR", 2, 2),
	RW(PMFR_PMUSERENR_EL0, "SW", 1, 1),
	RW(PMFR_PMUSERENR_EL0, "EN", 0, 0),
	/* PMECR_EL1 */
	RES0(PMFR_PMECR_EL1, 63, 5),
	IF(PMFR_PMECR_EL1, "SSE", 4, 3, C_SS, RW, RES0),
	IF(PMFR_PMECR_EL1, "KPME", 2, 2, C_EBEP, RW, RES0),
	IF(PMFR_PMECR_EL1, "PMEE", 1, 0, C_EBEP, RW, RES0),
	/* PMUACR_EL1, D24.5.25 (P<m>: pmu_register_fields() splits [30:0] at N) */
	RES0(PMFR_PMUACR_EL1, 63, 33),
	IF(PMFR_PMUACR_EL1, "F0", 32, 32, C_ICNTR, RW, RES0),
	RW(PMFR_PMUACR_EL1, "C", 31, 31),
	RW(PMFR_PMUACR_EL1, "P<m>", 30, 0),
	/* MDCR_EL2, D24.3.17: the PMU's fields and the reserved bits */
	RES0(PMFR_MDCR_EL2, 63, 51),
	OTHER(PMFR_MDCR_EL2, "EnSTEPOP", 50, 50),
	RES0(PMFR_MDCR_EL2, 49, 44),
	OTHER(PMFR_MDCR_EL2, "EBWE", 43, 43),
	RES0(PMFR_MDCR_EL2, 42, 42),
	IF(PMFR_MDCR_EL2, "PMEE", 41, 40, C_EBEP, RW, RES0),
	RES0(PMFR_MDCR_EL2, 39, 37),
	IF(PMFR_MDCR_EL2, "HPMFZS", 36, 36, C_SPEV1P2, RW, RES0),
	RES0(PMFR_MDCR_EL2, 35, 32),
	IF(PMFR_MDCR_EL2, "PMSSE", 31, 30, C_SS, RW, RES0),
	IF(PMFR_MDCR_EL2, "HPMFZO", 29, 29, C_P7, RW, RES0),
	OTHER(PMFR_MDCR_EL2, "MTPME", 28, 28),
	OTHER(PMFR_MDCR_EL2, "TDCC", 27, 27),
	IF(PMFR_MDCR_EL2, "HLP", 26, 26, C_P5, RW, RES0),
	OTHER(PMFR_MDCR_EL2, "E2TB", 25, 24),
	IF(PMFR_MDCR_EL2, "HCCD", 23, 23, C_P5, RW, RES0),
	RES0(PMFR_MDCR_EL2, 22, 20),
	OTHER(PMFR_MDCR_EL2, "TTRF", 19, 19),
	RES0(PMFR_MDCR_EL2, 18, 18),
	IF(PMFR_MDCR_EL2, "HPMD", 17, 17, C_P1, RW, RES0),
	RES0(PMFR_MDCR_EL2, 16, 16),
	OTHER(PMFR_MDCR_EL2, "EnSPM..TDE", 15, 8),                  /* EnSPM, TPMS, E2PB, TDRA, TDOSA, TDA, TDE */
	RW(PMFR_MDCR_EL2, "HPME", 7, 7),
	RW(PMFR_MDCR_EL2, "TPM", 6, 6),
	RW(PMFR_MDCR_EL2, "TPMCR", 5, 5),
	RW(PMFR_MDCR_EL2, "HPMN", 4, 0),
	/* MDCR_EL3, D24.3.18: the PMU's fields and the reserved bits */
	RES0(PMFR_MDCR_EL3, 63, 56),
	OTHER(PMFR_MDCR_EL3, "EnPMS4..EBWE", 55, 43),               /* EPMSSAD, EnPMSS: the snapshot module's */
	OTHER(PMFR_MDCR_EL3, "EnPMS3", 42, 42),
	IF(PMFR_MDCR_EL3, "PMEE", 41, 40, C_EBEP, RW, RES0),
	OTHER(PMFR_MDCR_EL3, "EnTB2..EnPMSN", 39, 36),
	IF(PMFR_MDCR_EL3, "MPMX", 35, 35, C_P7, RW, RES0),
	IF(PMFR_MDCR_EL3, "MCCD", 34, 34, C_P7, RW, RES0),
	OTHER(PMFR_MDCR_EL3, "SBRBE", 33, 32),
	IF(PMFR_MDCR_EL3, "PMSSE", 31, 30, C_SS, RW, RES0),
	RES0(PMFR_MDCR_EL3, 29, 29),
	OTHER(PMFR_MDCR_EL3, "MTPME..NSTB", 28, 24),
	IF(PMFR_MDCR_EL3, "SCCD", 23, 23, C_P5, RW, RES0),
	OTHER(PMFR_MDCR_EL3, "ETAD..STE", 22, 18),
	RW(PMFR_MDCR_EL3, "SPME", 17, 17),
	OTHER(PMFR_MDCR_EL3, "SDD..TDA", 16, 9),
	RES0(PMFR_MDCR_EL3, 8, 8),
	IF(PMFR_MDCR_EL3, "EnPM2", 7, 7, C_ENPM2, RW, RES0),
	RW(PMFR_MDCR_EL3, "TPM", 6, 6),
	RES0(PMFR_MDCR_EL3, 5, 5),
	OTHER(PMFR_MDCR_EL3, "EDADE..EPMADE", 4, 2),
	RES0(PMFR_MDCR_EL3, 1, 1),
	OTHER(PMFR_MDCR_EL3, "RLTE", 0, 0),
};

static const char *const reg_names[PMFR_COUNT] = {
	"PMCR_EL0", "PMSELR_EL0", "PMEVTYPER<n>_EL0", "PMCCFILTR_EL0", "PMICFILTR_EL0", "PMUSERENR_EL0", "PMECR_EL1",
	"PMUACR_EL1", "MDCR_EL2", "MDCR_EL3",
};

const char *pmu_field_reg_name(enum pmu_field_reg reg)
{
	return reg < PMFR_COUNT ? reg_names[reg] : "?";
}

bool pmu_field_reg_present(enum pmu_field_reg reg, const struct pmu_field_features *ff)
{
	const struct pmu_features *f = ff->pmu;

	if (!pmu_implemented(f))
		return false;
	switch (reg) {
	case PMFR_PMICFILTR_EL0: return f->pmicntr;
	case PMFR_PMECR_EL1: return f->ebep || f->pmss;
	case PMFR_PMUACR_EL1: return f->pmuver >= PMUVer_V3P9;
	case PMFR_MDCR_EL2: return f->el2;
	case PMFR_MDCR_EL3: return f->el3;
	default: return true;
	}
}

static bool holds(enum cond c, const struct pmu_field_features *ff)
{
	const struct pmu_features *f = ff->pmu;

	switch (c) {
	case ALWAYS: return true;
	case C_EL2: return f->el2;
	case C_EL3: return f->el3;
	case C_EL3_SEL2: return f->el3 && f->sel2;
	case C_AA32: return f->aarch32;
	case C_P1: return feat_pmuv3p1(f);
	case C_P5: return feat_pmuv3p5(f);
	case C_P7: return feat_pmuv3p7(f);
	case C_NOT_P7: return !feat_pmuv3p7(f);
	case C_P9: return f->pmuver >= PMUVer_V3P9 && pmu_implemented(f);
	case C_ICNTR: return f->pmicntr;
	case C_EBEP: return f->ebep;
	case C_SEBEP: return f->sebep;
	case C_SS: return f->pmss;
	case C_TH: return ff->th;
	case C_EDGE: return ff->edge;
	case C_SPEV1P2: return ff->spev1p2;
	case C_RME: return ff->rme;
	case C_IMP: return ff->imp_nonzero;
	case C_DP: return f->el3 || (feat_pmuv3p1(f) && f->el2) || feat_pmuv3p7(f);
	case C_ENPM2: return (f->pmuver >= PMUVer_V3P9 && pmu_implemented(f)) || f->ebep || f->pmss;
	default: return false;
	}
}

unsigned pmu_register_fields(enum pmu_field_reg reg, const struct pmu_field_features *ff, struct pmu_field *out,
			     unsigned max)
{
	unsigned i, k = 0, n = ff->pmu->num_counters;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];

		if (r->reg != reg)
			continue;
		if (reg == PMFR_PMUACR_EL1 && r->lsb == 0 && r->msb == 30) { /* P<m>: RAZ/WI for m >= N */
			if (n < 31 && k < max)
				out[k++] = (struct pmu_field){ "P<m>, m >= N", 30, n, PMU_FIELD_RAZ };
			if (n > 0 && k < max)
				out[k++] = (struct pmu_field){ "P<m>", n - 1, 0, PMU_FIELD_RW };
			continue;
		}
		if (k < max)
			out[k++] = (struct pmu_field){ r->name, r->msb, r->lsb, holds(r->cond, ff) ? r->when : r->otherwise };
	}
	return k;
}
