/*
 * pc_sample.h - a pure model of PC Sample-based Profiling: CreatePCSample(), the PMPCSR read, the EDPCSRlo read
 * (Arm ARM DDI0487, shared/debug/samplebasedprofiling; local copy ../shared/spec/002_*.txt), and the PC sample
 * a PMU snapshot Capture event records (D13.9, FEAT_PCSRv8p9; SetPCSample()).
 *
 * No register access: the inputs are the values the pseudocode reads, the outputs register values plus, for
 * each register, a mask of the bits the architecture leaves UNKNOWN (or IMPLEMENTATION DEFINED): a checker
 * compares only the bits outside the mask. Registers are 32-bit except PMPCSR (64-bit, PMPCSR[31:0] being the
 * sampled PC<31:0>); field positions are in arch/arch_regs.h.
 */
#ifndef PMUCHECK_PC_SAMPLE_H
#define PMUCHECK_PC_SAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/arch_regs.h"

/* What CreatePCSample() reads: PSTATE, the context registers and the debug authentication state. */
struct pc_sample_ctx {
	uint64_t pc;              /* ThisInstrAddr() */
	unsigned el;              /* PSTATE.EL, 0..3 */
	bool aarch32;             /* UsingAArch32(): pc_sample.rw = 0 */
	bool secure;              /* IsSecure(): pc_sample.ns = 0 */
	bool el1_aarch32;         /* ELUsingAArch32(EL1): CONTEXTIDR rather than CONTEXTIDR_EL1 */
	uint32_t contextidr;      /* CONTEXTIDR (AArch32 EL1) */
	uint32_t contextidr_el1;
	bool el2_enabled;         /* EL2Enabled() */
	bool el2_aarch32;         /* ELUsingAArch32(EL2) */
	uint32_t contextidr_el2;
	uint16_t vttbr_vmid;      /* VTTBR.VMID (AArch32 EL2, 8 bits) */
	uint16_t vttbr_el2_vmid;  /* VTTBR_EL2.VMID, 16 bits */
	bool have_16bit_vmid;     /* Have16bitVMID() (FEAT_VMID16) */
	bool vtcr_el2_vs;         /* VTCR_EL2.VS */
	bool vhe;                 /* HaveVirtHostExt() (FEAT_VHE) */
	bool in_host;             /* IsInHost() */
	bool noninvasive_allowed; /* ExternalNoninvasiveDebugAllowed() */
	bool halted;              /* Halted(): Debug state */
};

/* The PCSample record (pseudocode type PCSample), plus whether contextidr_el2 holds bits(32) UNKNOWN. */
struct pc_sample {
	bool valid;
	uint64_t pc;
	unsigned el;              /* bits(2) */
	unsigned rw;              /* 1: AArch64 */
	unsigned ns;              /* 1: not Secure */
	bool has_el2;
	uint32_t contextidr;
	uint32_t contextidr_el2;
	bool contextidr_el2_unknown;
	bool el0h;
	uint16_t vmid;
};

/* The PMU's PC sample registers (PMPCSR, PMCID1SR, PMCID2SR, PMVIDSR) and their UNKNOWN bits. */
struct pmu_pcsr_regs {
	uint64_t pmpcsr;
	uint32_t pmcid1sr, pmcid2sr, pmvidsr;
	uint64_t pmpcsr_unknown;
	uint32_t pmcid1sr_unknown, pmcid2sr_unknown, pmvidsr_unknown;
};

/* The debug unit's PC sample registers (EDPCSRhi, EDCIDSR, EDVIDSR) and their UNKNOWN bits. */
struct ed_pcsr_regs {
	uint32_t edpcsrhi, edcidsr, edvidsr;
	uint32_t edpcsrhi_unknown, edcidsr_unknown, edvidsr_unknown;
};

/* How a PMPCSR or EDPCSRlo read is made, and what the external debug interface looks like. */
struct pcsr_access {
	bool memory_mapped;       /* a memory-mapped access (rather than through the external debug interface) */
	bool slk;                 /* PMLSR.SLK (PMPCSR) or EDLSR.SLK (EDPCSRlo): the OPTIONAL Software lock set */
	uint32_t edprsr;          /* EDPRSR: DLK[6], OSLK[5], PU[0] are checked */
	bool vhe;                 /* HaveVirtHostExt() (EDPCSRlo only) */
	bool edscr_sc2;           /* EDSCR.SC2 (EDPCSRlo only) */
	bool have_el2;            /* HaveEL(EL2) (EDPCSRlo only) */
};

/* The value a PMPCSR[31:0] or EDPCSRlo read returns. */
struct pcsr_read {
	uint32_t value;
	uint32_t unknown;         /* bits of value that are UNKNOWN */
	bool error;               /* EDPRSR<6:5,0> != '001': IMPLEMENTATION DEFINED "signal slave-generated error" */
	bool updated;             /* the companion registers were written (no Software lock side-effect block) */
};

/*
 * CreatePCSample() (shared/debug/samplebasedprofiling/CreatePCSample): records ctx into *ps. valid =
 * ExternalNoninvasiveDebugAllowed() && !Halted(); pc, el, rw (0 in AArch32), ns (0 in Secure state),
 * contextidr (CONTEXTIDR when EL1 uses AArch32, else CONTEXTIDR_EL1) and has_el2 = EL2Enabled() always; with
 * EL2 enabled also vmid (VTTBR.VMID zero-extended when EL2 uses AArch32; VTTBR_EL2.VMID<7:0> without FEAT_VMID16
 * or with VTCR_EL2.VS == 0; else VTTBR_EL2.VMID), contextidr_el2 (CONTEXTIDR_EL2 with FEAT_VHE and AArch64 EL2,
 * else UNKNOWN) and el0h (EL0 and IsInHost()). Without EL2 enabled those three keep their previous values, as
 * the pseudocode's global pc_sample does.
 */
void create_pc_sample(const struct pc_sample_ctx *ctx, struct pc_sample *ps);

/*
 * The register writes of a valid sample (PMPCSR[] read, valid branch with update; D13.9 "follow the same rules
 * ... when PMPCSR is read with PMPCSCTL.SS set to 0", which is how SetPCSample() of PMUCaptureEvent() is read):
 * PMPCSR[31:0] = pc<31:0>; PMPCSR<55:32> = pc<55:32>, or zeros when rw == 0; PMPCSR.EL = el; PMPCSR.NS = ns;
 * PMCID1SR = contextidr; PMCID2SR = contextidr_el2 when has_el2, else UNKNOWN; PMVIDSR.VMID = vmid when
 * has_el2, el is EL1 or EL0 and !el0h, else UNKNOWN. Other bits of PMPCSR and PMVIDSR are unchanged.
 */
void pc_sample_set(const struct pc_sample *ps, struct pmu_pcsr_regs *r);

/*
 * PMPCSR[memory_mapped] read (shared/debug/samplebasedprofiling/PMPCSR): with EDPRSR<6:5,0> != '001' an
 * IMPLEMENTATION DEFINED error and an UNKNOWN value, nothing written. Else, when valid, returns pc<31:0> and (when
 * updating: not memory-mapped, or PMLSR.SLK == 0) writes as pc_sample_set(); when not valid returns 0xFFFFFFFF
 * and (when updating) makes PMPCSR<55:32>, PMPCSR.EL, PMPCSR.NS, PMCID1SR, PMCID2SR and PMVIDSR.VMID UNKNOWN.
 */
struct pcsr_read pmpcsr_read(const struct pc_sample *ps, const struct pcsr_access *a, struct pmu_pcsr_regs *r);

/*
 * EDPCSRlo[memory_mapped] read (shared/debug/samplebasedprofiling/EDPCSRlo): as pmpcsr_read() for the value and
 * the EDPRSR / EDLSR.SLK checks. When valid and updating: with FEAT_VHE and EDSCR.SC2 == 1, EDPCSRhi.{PC, EL,
 * NS} = {pc<55:32> (zeros when rw == 0), el, ns} and EDVIDSR = contextidr_el2 when HaveEL(EL2) and ns == 1,
 * else UNKNOWN; otherwise EDPCSRhi = pc<63:32> (zeros when rw == 0), EDVIDSR.VMID = vmid when HaveEL(EL2),
 * ns == 1 and el is EL1 or EL0 (else zero), EDVIDSR.NS = ns, .E2 = (el == EL2), .E3 = (el == EL3) AND rw, .HV = 1
 * when EDPCSRhi is nonzero, else IMPLEMENTATION DEFINED (marked unknown). EDCIDSR = contextidr. When not valid
 * and updating: EDPCSRhi, EDCIDSR and EDVIDSR UNKNOWN.
 */
struct pcsr_read edpcsrlo_read(const struct pc_sample *ps, const struct pcsr_access *a, struct ed_pcsr_regs *r);

#endif
