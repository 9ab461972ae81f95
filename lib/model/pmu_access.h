/*
 * pmu_access.h - who may read and write the PMU registers: the "Accessing <register>" pseudocode of the
 * Performance Monitors registers (../shared/spec/pseudocode/PMU_sysreg_access.asl; Arm ARM D24.5) as one
 * pure function, for the AArch64 System register encodings (MRS/MSR).
 *
 * Every such accessor has the same shape, which the model follows in order (the priority order the
 * pseudocode gives when several controls apply at once):
 *   EL0: PMUSERENR_EL0 gate (EN, or EN with CR/ER/SW for the reads and writes that name them) -> trap to
 *        EL1, or to EL2 when EL2Enabled() and HCR_EL2.TGE == 1; then the register's HDFGRTR_EL2/HDFGWTR_EL2
 *        bit (FEAT_FGT, SCR_EL3.FGTEn) -> EL2; MDCR_EL2.TPM -> EL2; MDCR_EL2.TPMCR -> EL2 (PMCR_EL0 only);
 *        an event counter m >= GetNumEventCountersAccessible() -> EL2 with FEAT_FGT, else CONSTRAINED
 *        UNPREDICTABLE; MDCR_EL3.TPM -> EL3; else the access is allowed.
 *   EL1: the same without the PMUSERENR_EL0 gate (and the FGT bit without ELIsInHost(EL0)).
 *   EL2: MDCR_EL3.TPM -> EL3, else allowed.   EL3: allowed.
 * Registers with no EL0 access (PMINTENSET/CLR_EL1, PMMIR_EL1, a write of PMUSERENR_EL0) are UNDEFINED at
 * EL0; a read of a write-only register (PMSWINC_EL0) or a write of a read-only one (PMCEID0/1_EL0,
 * PMMIR_EL1) is UNDEFINED at every EL, and so is PMMIR_EL1 without FEAT_PMUv3p4; an event counter
 * m >= NUM_PMU_COUNTERS is UNDEFINED with FEAT_FGT.
 *
 * FEAT_PMUv3p9: PMUSERENR_EL0.UEN permits EL0 too (but denies PMCR_EL0), PMUSERENR_EL0.TID traps
 * PMCEID0/1_EL0, and with UEN an event or cycle counter whose PMUACR_EL1 bit is 0 reads as zero and ignores
 * writes at EL0 (so do writes where PMUSERENR_EL0.ER, or CR for the cycle counter, is 1); PMZR_EL0 and
 * PMUACR_EL1 exist, the latter trapped to EL3 by MDCR_EL3.EnPM2 == 0; FEAT_FGT2's HDFGRTR2/HDFGWTR2_EL2
 * (negative sense) with SCR_EL3.FGTEn2 trap them to EL2.
 * FEAT_PMUv3_ICNTR: PMICNTR_EL0 and PMICFILTR_EL0 (UNDEFINED without it) admit EL0 by PMUSERENR_EL0.UEN alone
 * (not EN; so never without FEAT_PMUv3p9), are trapped to EL2 by their HDFGRTR2/HDFGWTR2_EL2 bits (FEAT_FGT2)
 * and MDCR_EL2.TPM, to EL3 by MDCR_EL3.EnPM2 == 0 and MDCR_EL3.TPM; at EL0 a PMUACR_EL1.F0 of 0 makes them
 * RAZ/WI, and PMUSERENR_EL0.IR == 1 ignores writes.
 * ELIsInHost(EL0) (EL0 with EL2 enabled and HCR_EL2.{E2H, TGE} == {1, 1}, the host EL0 of a VHE hypervisor)
 * turns off the fine-grained traps at EL0 (FEAT_FGT, FEAT_FGT2); the gates and traps otherwise stay (TGE makes the
 * PMUSERENR_EL0 gate trap to EL2; MDCR_EL2.TPM and the HPMN rule still apply at host EL0).
 * Assumed: MDCR_EL3.SDD == 0, so EL3SDDUndefPriority() and EL3SDDUndef() are FALSE (FEAT_Debugv8p8).
 */
#ifndef PMUCHECK_PMU_ACCESS_H
#define PMUCHECK_PMU_ACCESS_H

#include <stdbool.h>
#include <stdint.h>

#include "model/pmu_model.h"

/* The register classes, one System register encoding each (PMEVCNTR<n>/PMEVTYPER<n>: the n given). */
enum pmu_reg {
	PMREG_PMCR_EL0,
	PMREG_PMCNTENSET_EL0,
	PMREG_PMCNTENCLR_EL0,
	PMREG_PMOVSSET_EL0,
	PMREG_PMOVSCLR_EL0,
	PMREG_PMINTENSET_EL1,
	PMREG_PMINTENCLR_EL1,
	PMREG_PMSELR_EL0,
	PMREG_PMCEID0_EL0,
	PMREG_PMCEID1_EL0,
	PMREG_PMCCNTR_EL0,
	PMREG_PMCCFILTR_EL0,
	PMREG_PMEVCNTR_EL0,   /* PMEVCNTR<n>_EL0 */
	PMREG_PMEVTYPER_EL0,  /* PMEVTYPER<n>_EL0 */
	PMREG_PMXEVCNTR_EL0,  /* counter PMSELR_EL0.SEL */
	PMREG_PMXEVTYPER_EL0, /* counter PMSELR_EL0.SEL (31: PMCCFILTR_EL0) */
	PMREG_PMSWINC_EL0,
	PMREG_PMUSERENR_EL0,
	PMREG_PMMIR_EL1,
	PMREG_PMZR_EL0,       /* FEAT_PMUv3p9, write only */
	PMREG_PMUACR_EL1,     /* FEAT_PMUv3p9 */
	PMREG_PMICNTR_EL0,    /* FEAT_PMUv3_ICNTR */
	PMREG_PMICFILTR_EL0,  /* FEAT_PMUv3_ICNTR */
	PMREG_COUNT
};

/* An access's outcome. */
enum pmu_access_result {
	PMU_ACCESS_OK,            /* the access happens */
	PMU_ACCESS_UNDEFINED,     /* EC 0x00 at the current EL, or at EL1 from EL0 (EL2 when TGE) */
	PMU_ACCESS_TRAP_EL1,      /* AArch64.SystemAccessTrap(EL1, 0x18) */
	PMU_ACCESS_TRAP_EL2,
	PMU_ACCESS_TRAP_EL3,
	PMU_ACCESS_UNPREDICTABLE, /* CONSTRAINED UNPREDICTABLE (Unpredictable_PMUEVENTCOUNTER) */
	PMU_ACCESS_RAZ_WI,        /* permitted, but a read returns zero and a write is ignored (PMUACR_EL1) */
};

/* The System register encoding of a class: op0, op1, CRn, CRm, op2 (for n, where the class has one). */
struct pmu_reg_encoding {
	unsigned op0, op1, crn, crm, op2;
};

/* One access: the register, the direction, and the controls the accessor reads beyond pmu_state. */
struct pmu_access {
	enum pmu_reg reg;
	bool write;           /* MSR; else MRS */
	unsigned n;           /* PMEVCNTR<n>/PMEVTYPER<n>: n (0..30); ignored otherwise */
	uint64_t pmuserenr_el0;
	uint64_t pmselr_el0;  /* SEL, for PMXEVCNTR_EL0 and PMXEVTYPER_EL0 */
	uint64_t hdfgrtr_el2; /* FEAT_FGT fine-grained read traps (the register's bit decides a read) */
	uint64_t hdfgwtr_el2; /* and write traps */
	uint64_t pmuacr_el1;  /* FEAT_PMUv3p9 */
	uint64_t hdfgrtr2_el2, hdfgwtr2_el2; /* FEAT_FGT2, negative sense (a 0 bit traps) */
};

/* FEAT_FGT and FEAT_PMUv3p9 for the access rules (pmu_features has no field for them). */
struct pmu_access_features {
	bool fgt;      /* ID_AA64MMFR0_EL1.FGT != 0 */
	bool fgt2;     /* ID_AA64MMFR0_EL1.FGT >= 0b0010 */
	bool pmuv3p9;  /* ID_AA64DFR0_EL1.PMUVer >= 0b1001 */
};

/* Name ("PMCR_EL0", "PMEVCNTR<n>_EL0", ...) and encoding of a class (n fills PMEVCNTR/PMEVTYPER's). */
const char *pmu_reg_name(enum pmu_reg reg);
struct pmu_reg_encoding pmu_reg_encoding(enum pmu_reg reg, unsigned n);

/* The HDFGRTR_EL2 (read) or HDFGWTR_EL2 (write) bit that traps this class (HDFGxTR_EL2_* in arch_regs.h);
 * 0 where there is none (PMCR_EL0 reads, the direction that does not exist). */
uint64_t pmu_reg_fgt_bit(enum pmu_reg reg, bool write);

/*
 * One PMU bit of HDFGRTR2_EL2/HDFGWTR2_EL2 (FEAT_FGT2, negative sense: 0 traps to EL2, as does
 * SCR_EL3.FGTEn2 == 0 where EL3 is implemented): the register(s) it traps, by the accessor pseudocode
 * (PMU_sysreg_access.asl: "HDFGRTR2_EL2.nPMUACR_EL1 == '0'" in "Accessing PMUACR_EL1", ...); reg is the class
 * of enum pmu_reg it traps, or PMREG_COUNT where its registers are not among the classes (no access of a class
 * is trapped by it). read/write: the bit exists in HDFGRTR2_EL2 / HDFGWTR2_EL2.
 */
struct pmu_fgt2_bit {
	uint64_t bit;
	bool read, write;
	const char *traps; /* the field's name and the registers, for diagnostics */
	enum pmu_reg reg;
};
extern const struct pmu_fgt2_bit pmu_fgt2_bits[];
extern const unsigned pmu_fgt2_bit_count;

/*
 * The outcome of access a at s's EL and Security state (s: el, secure, scr_el3.{NS, EEL2, FGTEn}, mdcr_el3.TPM,
 * mdcr_el2.{TPM, TPMCR, HPMN}, mdcr_el3.EnPM2, scr_el3.FGTEn2, hcr_el2.TGE), per the accessor pseudocode
 * summarized above.
 */
enum pmu_access_result pmu_access_check(const struct pmu_features *f, const struct pmu_access_features *af,
					const struct pmu_state *s, const struct pmu_access *a);

/*
 * The outcome of an AArch32 access (MRC/MCR/MRRC/MCRR, Arm ARM G8.4) to AArch32 PMU register a32_reg (A32_REG_*,
 * arch/aarch32_pmu_regs.h) at s's EL (0 or 1, in AArch32 state; s->el1_aarch32 says whether EL1 is AArch32 too) and
 * Security state, with EL2 and EL3 in AArch64: a->write, a->pmuserenr_el0 (the AArch32 PMUSERENR is its [31:0]),
 * a->pmselr_el0 and the trap registers as for pmu_access_check() (a->reg and a->n are ignored: they come from
 * a32_reg). A trap result (PMU_ACCESS_TRAP_ELx) reports ESR_ELx.EC pmu_access_a32_trap_ec(a32_reg). Source and the
 * differences from the AArch64 accessors: lib/model/pmu_access_a32.c.
 */
enum pmu_access_result pmu_access_a32_check(const struct pmu_features *f, const struct pmu_access_features *af,
					    const struct pmu_state *s, const struct pmu_access *a, unsigned a32_reg);

/* ESR_ELx.EC of an AArch32 PMU register access trapped to an AArch64 EL: 0x04 (MCRR/MRRC, PMCCNTR's 64-bit form),
 * else 0x03 (MCR/MRC). */
unsigned pmu_access_a32_trap_ec(unsigned a32_reg);

/* "allowed", "UNDEFINED", "trap to EL1", ... */
const char *pmu_access_result_name(enum pmu_access_result r);

/*
 * The counters whose bit an allowed access of a set/clear register (PMCNTENSET/CLR_EL0, PMOVSSET/CLR_EL0,
 * PMINTENSET/CLR_EL1, and PMZR_EL0 for a write) reaches at s's EL: GetPMUReadMask() for a read,
 * GetPMUWriteMask(FALSE) for a write (J1.3.1.100, J1.3.1.101; the accessors themselves then read or write the
 * register whole: pmu_access_check() says only whether the access is allowed). Bits 0..30 the event counters
 * accessible (GetNumEventCountersAccessible(): below MDCR_EL2.HPMN at EL1 and EL0), bit 31 the cycle counter,
 * bit 32 the instruction counter (FEAT_PMUv3_ICNTR). At EL0 with PMUSERENR_EL0.UEN (FEAT_PMUv3p9) only the
 * PMUACR_EL1 bits, and for a write none of bits 30:0 when PMUSERENR_EL0.ER is 1, nor 31 when CR is, nor 32 when
 * IR is; bit 32 also not below EL3 when MDCR_EL3.EnPM2 is 0, nor at EL1/EL0 with EL2 enabled when FEAT_FGT2's
 * HDFGRTR2_EL2.nPMICFILTR_EL0 (read) or HDFGWTR2_EL2.nPMICFILTR_EL0 (write) is 0 or SCR_EL3.FGTEn2 is 0.
 * A bit outside the mask reads as 0 and ignores writes. Reads a->write, pmuserenr_el0, pmuacr_el1,
 * hdfgrtr2_el2/hdfgwtr2_el2.
 */
uint64_t pmu_access_counter_mask(const struct pmu_features *f, const struct pmu_access_features *af,
				 const struct pmu_state *s, const struct pmu_access *a);

#endif
