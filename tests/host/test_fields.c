/*
 * test_fields.c - lib/model/pmu_fields.c resolving each field's "When ..." / "Otherwise" branch of the register
 * descriptions (../shared/spec/registers/) for machines with and without the features the conditions name. The
 * expected kinds are read off the descriptions; ci/tests/test_pmu_fields.py checks the rows' bits against
 * FIELDS.md.
 */
#include <string.h>

#include "host_test.h"
#include "model/pmu_fields.h"

/* The kind pmu_register_fields() gives field `name` of reg (PMU_FIELD_OTHER + 1: no such row). */
static unsigned kind_of(enum pmu_field_reg reg, const struct pmu_field_features *ff, const char *name)
{
	struct pmu_field f[48];
	unsigned n = pmu_register_fields(reg, ff, f, 48), i;

	for (i = 0; i < n; i++)
		if (strcmp(f[i].name, name) == 0)
			return f[i].kind;
	return PMU_FIELD_OTHER + 1;
}

static const struct {
	enum pmu_field_reg reg;
	const char *field;
	unsigned pmuver;
	bool aarch32, el3, sel2, imp;
	enum pmu_field_kind want;
	const char *why;
} cases[] = {
	{ PMFR_PMCR_EL0, "IMP", PMUVer_V3P5, true, true, true, true, PMU_FIELD_RO, "IMP: RO without FEAT_PMUv3p7" },
	{ PMFR_PMCR_EL0, "IMP", PMUVer_V3P7, true, true, true, true, PMU_FIELD_RAZ, "IMP: Reserved, RAZ with FEAT_PMUv3p7" },
	{ PMFR_PMCR_EL0, "IDCODE", PMUVer_V3P7, true, true, true, false, PMU_FIELD_RES0, "IDCODE: RES0 when IMP == 0" },
	{ PMFR_PMCR_EL0, "IDCODE", PMUVer_V3P5, true, true, true, true, PMU_FIELD_RO, "IDCODE: RO when IMP != 0" },
	{ PMFR_PMCR_EL0, "LC", PMUVer_V3P5, false, true, true, true, PMU_FIELD_RES1, "LC: RES1 without FEAT_AA32" },
	{ PMFR_PMCR_EL0, "LC", PMUVer_V3P5, true, true, true, true, PMU_FIELD_RW, "LC: RW with FEAT_AA32" },
	{ PMFR_PMCR_EL0, "D", PMUVer_V3P5, false, true, true, true, PMU_FIELD_RES0, "D: RES0 without FEAT_AA32" },
	{ PMFR_PMCR_EL0, "LP", PMUVer_V3P4, true, true, true, true, PMU_FIELD_RES0, "LP: RES0 without FEAT_PMUv3p5" },
	{ PMFR_PMCR_EL0, "FZO", PMUVer_V3P5, true, true, true, true, PMU_FIELD_RES0, "FZO: RES0 without FEAT_PMUv3p7" },
	{ PMFR_PMCR_EL0, "FZO", PMUVer_V3P7, true, true, true, true, PMU_FIELD_RW, "FZO: RW with FEAT_PMUv3p7" },
	{ PMFR_PMCR_EL0, "C", PMUVer_V3P5, true, true, true, true, PMU_FIELD_WO, "C: WO/RAZ" },
	{ PMFR_PMCR_EL0, "N", PMUVer_V3P5, true, true, true, true, PMU_FIELD_RO, "N: RO" },
	{ PMFR_PMCR_EL0, "DP", PMUVer_PMUv3, true, false, false, true, PMU_FIELD_RES0,
	  "DP: RES0 without EL3, FEAT_PMUv3p1+EL2 or FEAT_PMUv3p7 (machine without EL3, PMUv3)" },
	{ PMFR_PMCR_EL0, "DP", PMUVer_PMUv3, true, true, false, true, PMU_FIELD_RW, "DP: RW with EL3" },
	{ PMFR_PMEVTYPER0_EL0, "SH", PMUVer_V3P5, true, true, true, true, PMU_FIELD_RW, "SH: RW with EL3 and FEAT_SEL2" },
	{ PMFR_PMEVTYPER0_EL0, "SH", PMUVer_V3P5, true, true, false, true, PMU_FIELD_RES0, "SH: RES0 without FEAT_SEL2" },
	{ PMFR_PMEVTYPER0_EL0, "NSK", PMUVer_V3P5, true, false, false, true, PMU_FIELD_RES0, "NSK: RES0 without EL3" },
	{ PMFR_PMEVTYPER0_EL0, "TLC", PMUVer_V3P9, true, true, true, true, PMU_FIELD_RES0, "TLC: RES0 for n = 0" },
	{ PMFR_PMEVTYPER0_EL0, "evtCount[15:10]", PMUVer_PMUv3, true, true, true, true, PMU_FIELD_RES0,
	  "evtCount[15:10]: RES0 without FEAT_PMUv3p1" },
	{ PMFR_PMUSERENR_EL0, "UEN", PMUVer_V3P5, true, true, true, true, PMU_FIELD_RES0, "UEN: RES0 without FEAT_PMUv3p9" },
	{ PMFR_PMUSERENR_EL0, "UEN", PMUVer_V3P9, true, true, true, true, PMU_FIELD_RW, "UEN: RW with FEAT_PMUv3p9" },
	{ PMFR_PMUSERENR_EL0, "ER", PMUVer_V3P5, true, true, true, true, PMU_FIELD_RW, "ER: RW before FEAT_PMUv3p9 too" },
	{ PMFR_PMICFILTR_EL0, "evtCount", PMUVer_V3P9, true, true, true, true, PMU_FIELD_RO, "PMICFILTR_EL0.evtCount: RO" },
	{ PMFR_MDCR_EL3, "EnPM2", PMUVer_V3P5, true, true, true, true, PMU_FIELD_RES0,
	  "MDCR_EL3.EnPM2: RES0 without FEAT_PMUv3p9, FEAT_EBEP, FEAT_PMUv3_SS" },
	{ PMFR_MDCR_EL2, "HLP", PMUVer_V3P4, true, true, true, true, PMU_FIELD_RES0, "MDCR_EL2.HLP: RES0 without p5" },
	{ PMFR_MDCR_EL2, "HPMN", PMUVer_PMUv3, true, true, true, true, PMU_FIELD_RW, "MDCR_EL2.HPMN: RW" },
};

static void test_field_kinds(void)
{
	unsigned i;

	tc_begin("each field's kind on machines with and without the features its condition names");
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct pmu_features f = machine(6);
		struct pmu_field_features ff = { .pmu = &f, .imp_nonzero = cases[i].imp };

		f.pmuver = cases[i].pmuver;
		f.aarch32 = cases[i].aarch32;
		f.el3 = cases[i].el3;
		f.sel2 = cases[i].sel2;
		tc_check(kind_of(cases[i].reg, &ff, cases[i].field), cases[i].want, "%s.%s: %s", pmu_field_reg_name(cases[i].reg),
			 cases[i].field, cases[i].why);
	}
	tc_end();
}

/* PMUACR_EL1.P<m>: RW for m < N, RAZ/WI above (D24.5.25: "When m >= GetNumEventCountersAccessible(), access to
 * this field is RAZ/WI"); with N = 31 no RAZ row. */
static void test_pmuacr_split(void)
{
	static const unsigned ns[] = { 1, 6, 30, 31 };
	struct pmu_field out[48];
	unsigned i, k, cnt;

	tc_begin("PMUACR_EL1.P<m> split at PMCR_EL0.N");
	for (i = 0; i < ARRAY_SIZE(ns); i++) {
		struct pmu_features f = machine(ns[i]);
		struct pmu_field_features ff = { .pmu = &f };
		unsigned long long rw = 0, raz = 0;

		f.pmuver = PMUVer_V3P9;
		cnt = pmu_register_fields(PMFR_PMUACR_EL1, &ff, out, 48);
		for (k = 0; k < cnt; k++) {
			if (out[k].kind == PMU_FIELD_RW && strncmp(out[k].name, "P<m>", 4) == 0)
				rw |= pmu_field_mask(&out[k]);
			if (out[k].kind == PMU_FIELD_RAZ)
				raz |= pmu_field_mask(&out[k]);
		}
		tc_check(rw, (1ULL << ns[i]) - 1, "N=%u: P<m> RW bits", ns[i]);
		tc_check(raz, ((1ULL << 31) - 1) & ~((1ULL << ns[i]) - 1), "N=%u: P<m> RAZ/WI bits", ns[i]);
	}
	tc_end();
}

void run_fields_tests(void)
{
	test_field_kinds();
	test_pmuacr_split();
}
