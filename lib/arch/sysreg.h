/*
 * sysreg.h - System register accessors, generated once per register (TF-A style), so no C file carries inline
 * assembly of its own. read_<reg>() returns the 64-bit value; write_<reg>(v) writes it with no barrier;
 * call isb() where the architecture needs context synchronization (D24.1, "Synchronization requirements").
 * A register that does not exist on the PE (or is trapped at the current EL) takes an exception: the caller
 * gates on the feature first (lib/features.h).
 */
#ifndef PMUCHECK_SYSREG_H
#define PMUCHECK_SYSREG_H

#include <stdbool.h>
#include <stdint.h>

#define SYSREG_READ(name, enc)                                             \
	static inline __attribute__((unused)) uint64_t read_##name(void)    \
	{                                                                  \
		uint64_t v;                                                \
		__asm__ volatile("mrs %0, " #enc : "=r"(v)::"memory");     \
		return v;                                                  \
	}
#define SYSREG_WRITE(name, enc)                                            \
	static inline __attribute__((unused)) void write_##name(uint64_t v) \
	{                                                                  \
		__asm__ volatile("msr " #enc ", %0" ::"r"(v) : "memory");  \
	}
/* Register `name` with assembler spelling `enc` (an S3_... encoding where old assemblers lack the name). */
#define SYSREG_RW(name, enc) SYSREG_READ(name, enc) SYSREG_WRITE(name, enc)

/* Identification (read-only) */
SYSREG_READ(currentel, CurrentEL)
SYSREG_READ(id_aa64dfr0_el1, id_aa64dfr0_el1)
SYSREG_READ(id_aa64dfr1_el1, id_aa64dfr1_el1)
SYSREG_READ(id_aa64pfr0_el1, id_aa64pfr0_el1)
SYSREG_READ(id_aa64mmfr0_el1, id_aa64mmfr0_el1)
SYSREG_READ(id_aa64mmfr1_el1, id_aa64mmfr1_el1)
SYSREG_READ(id_aa64mmfr4_el1, s3_0_c0_c7_4)  /* RAZ on a PE from before the register (FEAT_E2H0 implemented) */
SYSREG_READ(pmceid0_el0, pmceid0_el0)
SYSREG_READ(pmceid1_el0, pmceid1_el0)
SYSREG_READ(midr_el1, midr_el1)
SYSREG_READ(revidr_el1, revidr_el1)

/* Exception level control */
SYSREG_RW(scr_el3, scr_el3)
SYSREG_RW(hcr_el2, hcr_el2)
SYSREG_RW(hstr_el2, hstr_el2)   /* T<n>: traps of AArch32 EL1/EL0 accesses to the cp15 c<n> registers */
SYSREG_RW(sder32_el3, s3_6_c1_c1_1) /* FEAT_AA32EL1: AArch32 Secure Debug Enable (SUNIDEN[1], SUIDEN[0]) */
SYSREG_RW(mdcr_el3, mdcr_el3)
SYSREG_RW(mdcr_el2, mdcr_el2)
SYSREG_RW(hdfgrtr_el2, S3_4_C3_C1_4) /* FEAT_FGT */
SYSREG_RW(hdfgwtr_el2, S3_4_C3_C1_5) /* FEAT_FGT */
SYSREG_RW(hdfgrtr2_el2, S3_4_C3_C1_0) /* FEAT_FGT2 */
SYSREG_RW(hdfgwtr2_el2, S3_4_C3_C1_1) /* FEAT_FGT2 */
SYSREG_RW(pmuacr_el1, S3_0_C9_C14_4) /* FEAT_PMUv3p9 */
SYSREG_RW(pmecr_el1, S3_0_C9_C14_5) /* FEAT_EBEP (PMECR_EL1 register description) */
SYSREG_RW(pmiar_el1, S3_0_C9_C14_7) /* FEAT_SEBEP (PMIAR_EL1 register description) */
SYSREG_RW(contextidr_el1, contextidr_el1)
SYSREG_RW(pmsscr_el1, S3_0_C9_C13_3) /* FEAT_PMUv3_SS (PMSSCR_EL1 register description) */
/* FEAT_SPE's Profiling Buffer (PMBLIMITR_EL1, PMBPTR_EL1, PMBSR_EL1 register descriptions) */
SYSREG_RW(pmblimitr_el1, S3_0_C9_C10_0)
SYSREG_RW(pmbptr_el1, S3_0_C9_C10_1)
SYSREG_RW(pmbsr_el1, S3_0_C9_C10_3)
SYSREG_READ(pmbidr_el1, S3_0_C9_C10_7) /* PMBIDR_EL1: Align, P (the buffer is a higher level's) */
/* FEAT_SPE's sampling controls (PMSCR_EL1, PMSCR_EL2, PMSICR_EL1, PMSIRR_EL1, PMSFCR_EL1, PMSIDR_EL1 register
 * descriptions) */
SYSREG_RW(pmscr_el1, S3_0_C9_C9_0)
SYSREG_RW(pmscr_el2, S3_4_C9_C9_0)
SYSREG_RW(pmsicr_el1, S3_0_C9_C9_2)
SYSREG_RW(pmsirr_el1, S3_0_C9_C9_3)
SYSREG_RW(pmsfcr_el1, S3_0_C9_C9_4)
SYSREG_READ(pmsidr_el1, S3_0_C9_C9_7)
/* FEAT_PMUv3_SS snapshot registers, read-only: op0 = 2, op1 = 0, CRn = 14 (not in ../shared/spec/registers/:
 * the encodings of Arm's register index, as binutils and LLVM spell them) */
SYSREG_READ(pmccntsvr_el1, S2_0_C14_C11_7)
SYSREG_READ(pmicntsvr_el1, S2_0_C14_C12_0)
SYSREG_RW(pmicntr_el0, S3_3_C9_C4_0)   /* FEAT_PMUv3_ICNTR (PMICNTR_EL0, D24.5.15) */
SYSREG_RW(pmicfiltr_el0, S3_3_C9_C6_0) /* FEAT_PMUv3_ICNTR (PMICFILTR_EL0, D24.5.14) */
SYSREG_WRITE(oslar_el1, oslar_el1)
SYSREG_READ(oslsr_el1, oslsr_el1)
SYSREG_RW(sctlr_el3, sctlr_el3)
SYSREG_RW(sctlr_el2, sctlr_el2)
SYSREG_RW(sctlr_el1, sctlr_el1)
SYSREG_RW(cptr_el3, cptr_el3)
SYSREG_RW(cptr_el2, cptr_el2)
SYSREG_RW(cpacr_el1, cpacr_el1)
SYSREG_RW(vbar_el3, vbar_el3)
SYSREG_RW(vbar_el2, vbar_el2)
SYSREG_RW(vbar_el1, vbar_el1)
SYSREG_RW(elr_el3, elr_el3)
SYSREG_RW(elr_el2, elr_el2)
SYSREG_RW(elr_el1, elr_el1)
SYSREG_RW(spsr_el3, spsr_el3)
SYSREG_RW(spsr_el2, spsr_el2)
SYSREG_RW(spsr_el1, spsr_el1)
SYSREG_READ(esr_el3, esr_el3)
SYSREG_READ(esr_el2, esr_el2)
SYSREG_READ(esr_el1, esr_el1)
SYSREG_READ(far_el3, far_el3)
SYSREG_READ(far_el2, far_el2)
SYSREG_READ(far_el1, far_el1)
SYSREG_READ(mpidr_el1, mpidr_el1)
SYSREG_READ(ctr_el0, ctr_el0)

/* Generic timer (D11.2): the system counter and its frequency (Hz) */
SYSREG_READ(cntfrq_el0, cntfrq_el0)
SYSREG_READ(cntpct_el0, cntpct_el0)
SYSREG_READ(cntvct_el0, cntvct_el0)       /* virtual count: CNTPCT_EL0 - CNTVOFF_EL2 */
SYSREG_RW(cnthctl_el2, cnthctl_el2)       /* EL1 access to the counter and timers (E2H = 0 layout) */
SYSREG_RW(cntps_ctl_el1, cntps_ctl_el1)   /* Secure physical timer, EL3 (D12 generic timer) */
SYSREG_RW(cntps_cval_el1, cntps_cval_el1)
SYSREG_RW(cnthp_ctl_el2, cnthp_ctl_el2)   /* EL2 physical timer */
SYSREG_RW(cnthp_cval_el2, cnthp_cval_el2)

/* Translation (D8; lib/mmu/) */
SYSREG_RW(ttbr0_el3, ttbr0_el3)
SYSREG_RW(ttbr0_el2, ttbr0_el2)
SYSREG_RW(ttbr0_el1, ttbr0_el1)
SYSREG_RW(tcr_el3, tcr_el3)
SYSREG_RW(tcr_el2, tcr_el2)
SYSREG_RW(tcr_el1, tcr_el1)
SYSREG_RW(vtcr_el2, vtcr_el2)
SYSREG_RW(vttbr_el2, vttbr_el2)
SYSREG_RW(mair_el3, mair_el3)
SYSREG_RW(mair_el2, mair_el2)
SYSREG_RW(mair_el1, mair_el1)

SYSREG_RW(sp_el2, sp_el2)
SYSREG_RW(sp_el1, sp_el1)
SYSREG_RW(sp_el0, sp_el0)

/* Performance Monitors (D24.5) */
SYSREG_RW(pmcr_el0, pmcr_el0)
SYSREG_RW(pmcntenset_el0, pmcntenset_el0)
SYSREG_RW(pmcntenclr_el0, pmcntenclr_el0)
SYSREG_RW(pmovsset_el0, pmovsset_el0)
SYSREG_RW(pmovsclr_el0, pmovsclr_el0)
SYSREG_RW(pmintenset_el1, pmintenset_el1)
SYSREG_RW(pmintenclr_el1, pmintenclr_el1)
SYSREG_RW(pmselr_el0, pmselr_el0)
SYSREG_RW(pmxevtyper_el0, pmxevtyper_el0)
SYSREG_RW(pmxevcntr_el0, pmxevcntr_el0)
SYSREG_RW(pmccntr_el0, pmccntr_el0)
SYSREG_RW(pmccfiltr_el0, pmccfiltr_el0)
SYSREG_RW(pmevtyper0_el0, pmevtyper0_el0)
SYSREG_RW(pmuserenr_el0, pmuserenr_el0)
SYSREG_WRITE(pmswinc_el0, pmswinc_el0)
SYSREG_READ(pmmir_el1, s3_0_c9_c14_6)      /* FEAT_PMUv3p4; UNDEFINED without it (D24.5.19) */
SYSREG_WRITE(pmzr_el0, s3_3_c9_c13_4)      /* FEAT_PMUv3p9, write only; UNDEFINED without it (D24.5.20) */

static inline void isb(void) { __asm__ volatile("isb" ::: "memory"); }
static inline void dsb_sy(void) { __asm__ volatile("dsb sy" ::: "memory"); }
static inline void dsb_ish(void) { __asm__ volatile("dsb ish" ::: "memory"); }
static inline void dsb_ishst(void) { __asm__ volatile("dsb ishst" ::: "memory"); }
/* TLB invalidation, all entries of the regime (D8.16): EL3, EL2 (both Security states), EL1&0. */
static inline void tlbi_alle3(void) { __asm__ volatile("tlbi alle3" ::: "memory"); }
static inline void tlbi_alle2(void) { __asm__ volatile("tlbi alle2" ::: "memory"); }
static inline void tlbi_vmalle1(void) { __asm__ volatile("tlbi vmalle1" ::: "memory"); }
/* Clean the data cache line holding `va` to the Point of Coherency. */
static inline void dc_cvac(uintptr_t va) { __asm__ volatile("dc cvac, %0" ::"r"(va) : "memory"); }
/* Clean and invalidate the data cache line holding `va` to the Point of Coherency. */
static inline void dc_civac(uintptr_t va) { __asm__ volatile("dc civac, %0" ::"r"(va) : "memory"); }

/* Current Exception level, 0..3 (CurrentEL.EL, bits [3:2]). */
static inline unsigned current_el(void) { return (unsigned)(read_currentel() >> 2) & 3; }

/* EL1's registers through their *_EL12 encodings (FEAT_VHE): how EL2 reaches them when HCR_EL2.E2H = 1, where the
 * plain *_EL1 names reach EL2's own registers (D24.2 "Accessing SCTLR_EL1" ...). */
SYSREG_RW(sctlr_el12, s3_5_c1_c0_0)
SYSREG_RW(cpacr_el12, s3_5_c1_c0_2)
SYSREG_RW(ttbr0_el12, s3_5_c2_c0_0)
SYSREG_RW(tcr_el12, s3_5_c2_c0_2)
SYSREG_RW(mair_el12, s3_5_c10_c2_0)
SYSREG_RW(vbar_el12, s3_5_c12_c0_0)
SYSREG_RW(contextidr_el12, s3_5_c13_c0_1)
SYSREG_RW(pmscr_el12, s3_5_c9_c9_0)   /* FEAT_SPE (PMSCR_EL12: PMSCR_EL1 from EL2 with E2H = 1) */

/* Whether the *_EL1 names reach EL2's registers here: at EL2 with HCR_EL2.E2H = 1 (RES1 without FEAT_E2H0). */
static inline bool el1_names_redirected(void)
{
	return current_el() == 2 && (read_hcr_el2() & (1ull << 34)); /* HCR_EL2.E2H */
}

/* EL1's SCTLR, CPACR, TTBR0, TCR, MAIR, VBAR, CONTEXTIDR and PMSCR from EL3, EL2 or EL1, whatever HCR_EL2.E2H. */
#define EL1_REG_WRITE(reg, v) (el1_names_redirected() ? write_##reg##_el12(v) : write_##reg##_el1(v))
#define EL1_REG_READ(reg) (el1_names_redirected() ? read_##reg##_el12() : read_##reg##_el1())

/*
 * Event counter n (0..30) through PMSELR_EL0.SEL and PMXEVTYPER/PMXEVCNTR_EL0 (D24.5.22, D24.5.23), so one
 * function reaches every counter. Returns/sets the full 64-bit value; n >= PMCR_EL0.N is CONSTRAINED
 * UNPREDICTABLE, so callers pass only implemented counters.
 */
static inline uint64_t read_pmevcntr(unsigned n)
{
	write_pmselr_el0(n);
	isb();
	return read_pmxevcntr_el0();
}
static inline void write_pmevcntr(unsigned n, uint64_t v)
{
	write_pmselr_el0(n);
	isb();
	write_pmxevcntr_el0(v);
}
static inline uint64_t read_pmevtyper(unsigned n)
{
	write_pmselr_el0(n);
	isb();
	return read_pmxevtyper_el0();
}
static inline void write_pmevtyper(unsigned n, uint64_t v)
{
	write_pmselr_el0(n);
	isb();
	write_pmxevtyper_el0(v);
}

/*
 * PMEVCNTR<n>_EL0 and PMEVTYPER<n>_EL0 by their own encodings (op0=3, op1=3, CRn=14, CRm=0b10:n[4:3] for
 * PMEVCNTR and 0b11:n[4:3] for PMEVTYPER, op2=n[2:0]; D24.5.11, D24.5.12), for checks of those accesses
 * themselves, where the PMSELR_EL0 route would test a different register. X(n, CRm of PMEVCNTR<n>,
 * CRm of PMEVTYPER<n>, op2); n is 0..30, other n do nothing and read 0.
 */
#define PMEV_CASES(X)                                                                                        \
	X(0, 8, 12, 0) X(1, 8, 12, 1) X(2, 8, 12, 2) X(3, 8, 12, 3) X(4, 8, 12, 4) X(5, 8, 12, 5)            \
	X(6, 8, 12, 6) X(7, 8, 12, 7) X(8, 9, 13, 0) X(9, 9, 13, 1) X(10, 9, 13, 2) X(11, 9, 13, 3)          \
	X(12, 9, 13, 4) X(13, 9, 13, 5) X(14, 9, 13, 6) X(15, 9, 13, 7) X(16, 10, 14, 0) X(17, 10, 14, 1)    \
	X(18, 10, 14, 2) X(19, 10, 14, 3) X(20, 10, 14, 4) X(21, 10, 14, 5) X(22, 10, 14, 6)                 \
	X(23, 10, 14, 7) X(24, 11, 15, 0) X(25, 11, 15, 1) X(26, 11, 15, 2) X(27, 11, 15, 3)                 \
	X(28, 11, 15, 4) X(29, 11, 15, 5) X(30, 11, 15, 6)

#define PMEVCNTR_W(n, cnt, typ, op2) \
	case n: __asm__ volatile("msr S3_3_c14_c" #cnt "_" #op2 ", %0" ::"r"(v) : "memory"); break;
#define PMEVCNTR_R(n, cnt, typ, op2) \
	case n: __asm__ volatile("mrs %0, S3_3_c14_c" #cnt "_" #op2 : "+r"(v)::"memory"); break;
#define PMEVTYPER_W(n, cnt, typ, op2) \
	case n: __asm__ volatile("msr S3_3_c14_c" #typ "_" #op2 ", %0" ::"r"(v) : "memory"); break;
#define PMEVTYPER_R(n, cnt, typ, op2) \
	case n: __asm__ volatile("mrs %0, S3_3_c14_c" #typ "_" #op2 : "+r"(v)::"memory"); break;

/* Direct PMEVCNTR<n>_EL0 write. */
static inline void write_pmevcntr_direct(unsigned n, uint64_t v)
{
	switch (n) { PMEV_CASES(PMEVCNTR_W) }
}
/* Direct PMEVCNTR<n>_EL0 read; `v` is what Xt held before (a NOP leaves it so). */
static inline uint64_t read_pmevcntr_direct(unsigned n, uint64_t v)
{
	switch (n) { PMEV_CASES(PMEVCNTR_R) }
	return v;
}
/* Direct PMEVTYPER<n>_EL0 write. */
static inline void write_pmevtyper_direct(unsigned n, uint64_t v)
{
	switch (n) { PMEV_CASES(PMEVTYPER_W) }
}
/* Direct PMEVTYPER<n>_EL0 read; `v` is what Xt held before. */
static inline uint64_t read_pmevtyper_direct(unsigned n, uint64_t v)
{
	switch (n) { PMEV_CASES(PMEVTYPER_R) }
	return v;
}


/* PMEVCNTSVR<n>_EL1 (FEAT_PMUv3_SS), n < 31: S2_0_C14_C<8 + n / 8>_<n % 8>. */
static inline uint64_t read_pmevcntsvr(unsigned n)
{
	uint64_t v = 0;

	switch (n) {
#define SVR(n, crm, op2) \
	case n: __asm__ volatile("mrs %0, S2_0_C14_C" #crm "_" #op2 : "=r"(v)::"memory"); break;
	SVR(0, 8, 0) SVR(1, 8, 1) SVR(2, 8, 2) SVR(3, 8, 3) SVR(4, 8, 4) SVR(5, 8, 5) SVR(6, 8, 6) SVR(7, 8, 7)
	SVR(8, 9, 0) SVR(9, 9, 1) SVR(10, 9, 2) SVR(11, 9, 3) SVR(12, 9, 4) SVR(13, 9, 5) SVR(14, 9, 6)
	SVR(15, 9, 7) SVR(16, 10, 0) SVR(17, 10, 1) SVR(18, 10, 2) SVR(19, 10, 3) SVR(20, 10, 4) SVR(21, 10, 5)
	SVR(22, 10, 6) SVR(23, 10, 7) SVR(24, 11, 0) SVR(25, 11, 1) SVR(26, 11, 2) SVR(27, 11, 3) SVR(28, 11, 4)
	SVR(29, 11, 5) SVR(30, 11, 6)
#undef SVR
	default: break;
	}
	return v;
}

#endif
