/*
 * id_regs.c - see id_regs.h. Field positions: lib/arch_regs.h.
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"

struct features features;

bool pe_e2h_res1(void)
{
	uint64_t pfr0 = read_id_aa64pfr0_el1();

	return FIELD_GET(ID_AA64PFR0_EL1, EL2, pfr0) != 0 &&
	       FIELD_GET(ID_AA64MMFR1_EL1, VH, read_id_aa64mmfr1_el1()) != 0 &&
	       (FIELD_GET(ID_AA64MMFR4_EL1, E2H0, read_id_aa64mmfr4_el1()) & 0x8) != 0;
}

void features_read(void)
{
	struct features *f = &features;

	f->id_aa64dfr0_el1 = read_id_aa64dfr0_el1();
	f->id_aa64dfr1_el1 = read_id_aa64dfr1_el1();
	f->id_aa64pfr0_el1 = read_id_aa64pfr0_el1();
	f->el2 = FIELD_GET(ID_AA64PFR0_EL1, EL2, f->id_aa64pfr0_el1) != 0;
	f->el3 = FIELD_GET(ID_AA64PFR0_EL1, EL3, f->id_aa64pfr0_el1) != 0;
	f->sel2 = FIELD_GET(ID_AA64PFR0_EL1, SEL2, f->id_aa64pfr0_el1) != 0;
	f->pmss = FIELD_GET(ID_AA64DFR0_EL1, PMSS, f->id_aa64dfr0_el1);
	f->sebep = FIELD_GET(ID_AA64DFR0_EL1, SEBEP, f->id_aa64dfr0_el1);
	f->pmsver = FIELD_GET(ID_AA64DFR0_EL1, PMSVer, f->id_aa64dfr0_el1);
	f->ebep = FIELD_GET(ID_AA64DFR1_EL1, EBEP, f->id_aa64dfr1_el1);
	f->pmicntr = FIELD_GET(ID_AA64DFR1_EL1, PMICNTR, f->id_aa64dfr1_el1);
	f->fgt = FIELD_GET(ID_AA64MMFR0_EL1, FGT, read_id_aa64mmfr0_el1()) != 0;
	f->fgt2 = FIELD_GET(ID_AA64MMFR0_EL1, FGT, read_id_aa64mmfr0_el1()) >= 2;
	f->id_aa64mmfr1_el1 = read_id_aa64mmfr1_el1();
	f->id_aa64mmfr4_el1 = read_id_aa64mmfr4_el1();
	f->vhe = FIELD_GET(ID_AA64MMFR1_EL1, VH, f->id_aa64mmfr1_el1) != 0;
	f->e2h_res1 = pe_e2h_res1();
	f->aa32_el0 = FIELD_GET(ID_AA64PFR0_EL1, EL0, f->id_aa64pfr0_el1) == ID_AA64PFR0_EL_AARCH32;
	f->aa32_el1 = FIELD_GET(ID_AA64PFR0_EL1, EL1, f->id_aa64pfr0_el1) == ID_AA64PFR0_EL_AARCH32;

	f->pmu.pmuver = FIELD_GET(ID_AA64DFR0_EL1, PMUVer, f->id_aa64dfr0_el1);
	f->pmu.hpmn0 = FIELD_GET(ID_AA64DFR0_EL1, HPMN0, f->id_aa64dfr0_el1) != 0;
	f->pmu.el2 = f->el2;
	f->pmu.el3 = f->el3;
	f->pmu.sel2 = f->sel2;
	f->pmu.ebep = f->ebep != 0;
	f->pmu.sebep = f->sebep != 0;
	f->pmu.pmss = f->pmss == 1;        /* FEAT_PMUv3_SS: ID_AA64DFR0_EL1.PMSS == 0b0001 */
	f->pmu.spev1p2 = f->pmsver >= PMSVer_SPEv1p2 && f->pmsver != 0xF; /* FEAT_SPEv1p2 */
	f->pmu.mtpmu = FIELD_GET(ID_AA64DFR0_EL1, MTPMU, f->id_aa64dfr0_el1) == 1; /* FEAT_MTPMU */
	f->pmu.spe_dpfzs = f->pmu.spev1p2 && FIELD_GET(ID_AA64DFR1_EL1, DPFZS, f->id_aa64dfr1_el1) != 0;
	f->pmu.pmicntr = f->pmicntr != 0;  /* FEAT_PMUv3_ICNTR */
	/* FEAT_PCSRv8p9 is told by the external debug/PMU registers (PMDEVID), not a System register: left 0 */
	f->pmu.aarch32 = FIELD_GET(ID_AA64PFR0_EL1, EL0, f->id_aa64pfr0_el1) == ID_AA64PFR0_EL_AARCH32 ||
			 FIELD_GET(ID_AA64PFR0_EL1, EL1, f->id_aa64pfr0_el1) == ID_AA64PFR0_EL_AARCH32 ||
			 FIELD_GET(ID_AA64PFR0_EL1, EL2, f->id_aa64pfr0_el1) == ID_AA64PFR0_EL_AARCH32 ||
			 FIELD_GET(ID_AA64PFR0_EL1, EL3, f->id_aa64pfr0_el1) == ID_AA64PFR0_EL_AARCH32;
	if (pmu_implemented(&f->pmu)) {
		f->pmcr_el0 = read_pmcr_el0();
		f->pmceid0_el0 = read_pmceid0_el0();
		f->pmceid1_el0 = read_pmceid1_el0();
		f->pmu.num_counters = FIELD_GET(PMCR_EL0, N, f->pmcr_el0);
		f->pmmir_el1 = f->pmu.pmuver >= PMUVer_V3P4 ? read_pmmir_el1() : 0; /* UNDEFINED below PMUv3p4 */
	}
}

const char *pmuver_name(unsigned pmuver)
{
	switch (pmuver) {
	case PMUVer_NI: return "not implemented";
	case PMUVer_PMUv3: return "FEAT_PMUv3";
	case PMUVer_V3P1: return "FEAT_PMUv3p1";
	case PMUVer_V3P4: return "FEAT_PMUv3p4";
	case PMUVer_V3P5: return "FEAT_PMUv3p5";
	case PMUVer_V3P7: return "FEAT_PMUv3p7";
	case PMUVer_V3P8: return "FEAT_PMUv3p8";
	case PMUVer_V3P9: return "FEAT_PMUv3p9";
	case PMUVer_IMPDEF: return "IMPLEMENTATION DEFINED (not PMUv3)";
	default: return "reserved value";
	}
}

bool pmu_event_implemented(unsigned event)
{
	uint64_t bits;

	if (!pmu_implemented(&features.pmu))
		return false;
	if (event < 0x40)
		bits = event < 32 ? features.pmceid0_el0 : features.pmceid1_el0;
	else if (event >= 0x4000 && event < 0x4040)
		bits = (event & 0x3f) < 32 ? features.pmceid0_el0 >> 32 : features.pmceid1_el0 >> 32;
	else
		return false;
	return (bits >> (event & 31)) & 1;
}

void features_print(void)
{
	const struct features *f = &features;

	printf("# ID_AA64PFR0_EL1 = 0x%016llx: EL3=%u EL2=%u SEL2=%u\n", (unsigned long long)f->id_aa64pfr0_el1,
	       (unsigned)FIELD_GET(ID_AA64PFR0_EL1, EL3, f->id_aa64pfr0_el1),
	       (unsigned)FIELD_GET(ID_AA64PFR0_EL1, EL2, f->id_aa64pfr0_el1), (unsigned)f->sel2);
	printf("# ID_AA64DFR0_EL1 = 0x%016llx: PMUVer=0x%x (%s) HPMN0=%u PMSS=%u SEBEP=%u PMSVer=%u\n",
	       (unsigned long long)f->id_aa64dfr0_el1, f->pmu.pmuver, pmuver_name(f->pmu.pmuver),
	       (unsigned)f->pmu.hpmn0, f->pmss, f->sebep, f->pmsver);
	printf("# ID_AA64DFR1_EL1 = 0x%016llx: EBEP=%u PMICNTR=%u; ID_AA64MMFR0_EL1.FGT != 0: %d\n",
	       (unsigned long long)f->id_aa64dfr1_el1, f->ebep, f->pmicntr, (int)f->fgt);
	printf("# ID_AA64MMFR1_EL1 = 0x%016llx: VH=%u\n", (unsigned long long)f->id_aa64mmfr1_el1,
	       (unsigned)FIELD_GET(ID_AA64MMFR1_EL1, VH, f->id_aa64mmfr1_el1));
	printf("# ID_AA64MMFR4_EL1 = 0x%016llx: E2H0=0x%x; HCR_EL2.E2H %s\n", (unsigned long long)f->id_aa64mmfr4_el1,
	       (unsigned)FIELD_GET(ID_AA64MMFR4_EL1, E2H0, f->id_aa64mmfr4_el1),
	       !f->el2 ? "absent (no EL2)" : f->e2h_res1 ? "is RES1 (FEAT_E2H0 not implemented): EL2 runs with E2H = 1 only"
						: "can be 0 (FEAT_E2H0)");
	if (!pmu_implemented(&f->pmu))
		return;
	printf("# PMCR_EL0 = 0x%016llx: N=%u IMP=0x%02x IDCODE=0x%02x\n", (unsigned long long)f->pmcr_el0,
	       f->pmu.num_counters, (unsigned)FIELD_GET(PMCR_EL0, IMP, f->pmcr_el0),
	       (unsigned)FIELD_GET(PMCR_EL0, IDCODE, f->pmcr_el0));
	printf("# PMCEID0_EL0 = 0x%016llx PMCEID1_EL0 = 0x%016llx: SW_INCR=%d INST_RETIRED=%d CPU_CYCLES=%d "
	       "CHAIN=%d\n",
	       (unsigned long long)f->pmceid0_el0, (unsigned long long)f->pmceid1_el0,
	       pmu_event_implemented(PMU_EVENT_SW_INCR), pmu_event_implemented(PMU_EVENT_INST_RETIRED),
	       pmu_event_implemented(PMU_EVENT_CPU_CYCLES), pmu_event_implemented(PMU_EVENT_CHAIN));
	if (f->pmu.pmuver >= PMUVer_V3P4) /* FEAT_PMUv3_TH, FEAT_PMUv3_EDGE (tests/threshold.c) */
		printf("# PMMIR_EL1 = 0x%016llx: THWIDTH=%u EDGE=%u\n", (unsigned long long)f->pmmir_el1,
		       (unsigned)FIELD_GET(PMMIR_EL1, THWIDTH, f->pmmir_el1), (unsigned)FIELD_GET(PMMIR_EL1, EDGE, f->pmmir_el1));
}
