/*
 * id_regs.h - what the PE implements, read once at boot from the ID registers and printed as TAP
 * comments. Every check gates on these fields; a SKIP names the field and value that ruled it out.
 */
#ifndef PMUCHECK_ID_REGS_H
#define PMUCHECK_ID_REGS_H

#include <stdbool.h>
#include <stdint.h>

#include "model/pmu_model.h"

struct features {
	uint64_t id_aa64dfr0_el1, id_aa64dfr1_el1, id_aa64pfr0_el1;
	uint64_t pmcr_el0;             /* as read at the orchestrator's EL, at boot */
	uint64_t pmceid0_el0, pmceid1_el0;
	uint64_t pmmir_el1;            /* PMMIR_EL1 (FEAT_PMUv3p4: D24.5.19); 0 without it (THWIDTH, EDGE 0) */
	bool el2, el3, sel2;           /* ID_AA64PFR0_EL1.{EL2, EL3, SEL2} != 0 */
	unsigned pmss, sebep, pmsver;  /* ID_AA64DFR0_EL1.{PMSS, SEBEP, PMSVer} */
	unsigned ebep, pmicntr;        /* ID_AA64DFR1_EL1.{EBEP, PMICNTR} */
	bool fgt;                      /* FEAT_FGT: ID_AA64MMFR0_EL1.FGT != 0 */
	bool fgt2;                     /* FEAT_FGT2: ID_AA64MMFR0_EL1.FGT >= 0b0010 */
	uint64_t id_aa64mmfr1_el1, id_aa64mmfr4_el1;
	bool vhe;                      /* FEAT_VHE: ID_AA64MMFR1_EL1.VH != 0 */
	bool e2h_res1;                 /* HCR_EL2.E2H is RES1: EL2, FEAT_VHE, and ID_AA64MMFR4_EL1.E2H0 negative */
	bool aa32_el0, aa32_el1;       /* FEAT_AA32EL0/EL1: ID_AA64PFR0_EL1.{EL0, EL1} == 0b0010 (AArch64 and AArch32) */
	struct pmu_features pmu;       /* the spec model's view */
};

extern struct features features;

/*
 * Whether HCR_EL2.E2H is RES1 on this PE: EL2 implemented with FEAT_VHE and FEAT_E2H0 not implemented
 * (ID_AA64MMFR4_EL1.E2H0, a signed field, negative). EL2 then always runs in its E2H = 1 layout (TCR_EL2 as
 * TCR_EL1, CPTR_EL2 as CPACR_EL1, CNTHCTL_EL2's EL1 bits at [11:10]) and cannot host a non-VHE context. Reads
 * the ID registers itself: usable before features_read() (lib/mmu at boot).
 */
bool pe_e2h_res1(void);

/* Read the ID registers (and PMCR_EL0/PMCEID when PMUv3 is implemented) into `features`. */
void features_read(void);
/* Print them as TAP comments ("# ID_AA64DFR0_EL1 = ... PMUVer=0x6 (FEAT_PMUv3p5)"). */
void features_print(void);
/*
 * Whether PMCEID0/1_EL0 advertise common event `event` (0x0000-0x003F and 0x4000-0x403F, D24.5.3/.4).
 * Returns false for other numbers and when PMUv3 is absent.
 */
bool pmu_event_implemented(unsigned event);
/* Name of a PMUVer value ("FEAT_PMUv3p5", ..., "not implemented"). */
const char *pmuver_name(unsigned pmuver);

#endif
