/*
 * pmu_fields.h - the fields of the PMU's control registers as a PE with given features implements them: which
 * bits are RES0, RES1, read-only, RAZ or write-only, and which hold what is written. From the register
 * descriptions (Arm ARM DDI0487 D24.5, D24.3.17-18; local copies in ../shared/spec/registers/, whose FIELDS.md
 * lists every field's bits and first condition): each field's "When <condition>:" branch, or its "Otherwise:".
 * Pure: builds for the target and the host (ci/tests/test_pmu_fields.py checks every row's bits against
 * FIELDS.md).
 */
#ifndef PMUCHECK_PMU_FIELDS_H
#define PMUCHECK_PMU_FIELDS_H

#include <stdbool.h>

#include "model/pmu_model.h"

/* The registers the table describes. */
enum pmu_field_reg {
	PMFR_PMCR_EL0,
	PMFR_PMSELR_EL0,
	PMFR_PMEVTYPER0_EL0, /* PMEVTYPER<n>_EL0 for n = 0 (TLC is RES0 for an even n) */
	PMFR_PMCCFILTR_EL0,
	PMFR_PMICFILTR_EL0,  /* FEAT_PMUv3_ICNTR */
	PMFR_PMUSERENR_EL0,
	PMFR_PMECR_EL1,      /* FEAT_EBEP or FEAT_PMUv3_SS */
	PMFR_PMUACR_EL1,     /* FEAT_PMUv3p9 */
	PMFR_MDCR_EL2,       /* the PMU's fields; the others (debug, trace, SPE) are PMU_FIELD_OTHER */
	PMFR_MDCR_EL3,
	PMFR_COUNT
};

/* How a field behaves. */
enum pmu_field_kind {
	PMU_FIELD_RW,    /* holds what is written (the check leaves its value as it is) */
	PMU_FIELD_RES0,  /* RES0: a write of 0 reads 0; a write of 1s reads 0 (hardwired) or 1s (stateful) */
	PMU_FIELD_RES1,  /* RES1: a write of 1s reads 1s; a write of 0 reads 1s (hardwired) or 0 (stateful) */
	PMU_FIELD_RO,    /* read-only: a write leaves the value as it was */
	PMU_FIELD_RAZ,   /* RAZ or RAZ/WI: reads 0 whatever is written */
	PMU_FIELD_WO,    /* WO/RAZ: a write of 1 acts (PMCR_EL0.C, P), reads 0; the check writes 0 */
	PMU_FIELD_OTHER, /* not the PMU's, or IMPLEMENTATION DEFINED whether it exists: not checked */
};

/* The features the conditions read, beyond struct pmu_features. */
struct pmu_field_features {
	const struct pmu_features *pmu;
	bool th;        /* FEAT_PMUv3_TH: PMMIR_EL1.THWIDTH != 0 */
	bool edge;      /* FEAT_PMUv3_EDGE: PMMIR_EL1.EDGE != 0 */
	bool mtpmu;     /* FEAT_MTPMU: ID_AA64DFR0_EL1.MTPMU == 0b0001 */
	bool spev1p2;   /* FEAT_SPEv1p2: ID_AA64DFR0_EL1.PMSVer >= 0b0011 */
	bool rme;       /* FEAT_RME: ID_AA64PFR0_EL1.RME != 0 */
	bool imp_nonzero; /* PMCR_EL0.IMP != 0 (IDCODE exists) */
};

/* One field, resolved for a PE. */
struct pmu_field {
	const char *name; /* as the register description names it; "RES0" for a reserved range */
	unsigned msb, lsb;
	enum pmu_field_kind kind;
};

/* "PMCR_EL0", ... */
const char *pmu_field_reg_name(enum pmu_field_reg reg);

/*
 * Whether the register exists on the PE (PMICFILTR_EL0 with FEAT_PMUv3_ICNTR, PMECR_EL1 with FEAT_EBEP or
 * FEAT_PMUv3_SS, PMUACR_EL1 with FEAT_PMUv3p9, MDCR_EL2 with EL2, MDCR_EL3 with EL3; the rest with PMUv3).
 */
bool pmu_field_reg_present(enum pmu_field_reg reg, const struct pmu_field_features *ff);

/*
 * The fields of reg, most significant first, covering bits [63:0], each resolved to its kind on the PE ff
 * describes; writes at most max into out and returns how many it wrote. PMUACR_EL1's P<m> bits are one
 * PMU_FIELD_RW row for m < PMCR_EL0.N and one PMU_FIELD_RAZ row above (the caller narrows the RW row to
 * GetNumEventCountersAccessible() at EL1/EL0).
 */
unsigned pmu_register_fields(enum pmu_field_reg reg, const struct pmu_field_features *ff, struct pmu_field *out,
			     unsigned max);

/* The mask of bits [msb:lsb]. */
static inline uint64_t pmu_field_mask(const struct pmu_field *f)
{
	return (f->msb == 63 ? ~0ULL : (1ULL << (f->msb + 1)) - 1) & ~((1ULL << f->lsb) - 1);
}

#endif
