/*
 * arch_regs.h - the one description of every register field pmucheck uses.
 *
 * Firmware, the spec model and the host tests all include this file, so a field position is written once.
 * Names follow the Arm ARM (DDI0487 M.a.a) spelling: <REGISTER>_<FIELD>_SHIFT / _MASK for multi-bit fields,
 * <REGISTER>_<FIELD>_BIT for single bits. Positions are from ../shared/spec/registers/FIELDS.md and the
 * register descriptions beside it (D24.3, D24.5); registers outside the PMU cite their section.
 * No code here: it builds on the host and on the target alike.
 */
#ifndef PMUCHECK_ARCH_REGS_H
#define PMUCHECK_ARCH_REGS_H

#ifdef __ASSEMBLER__
#define U64(x)               x
#else
#define U64(x)               x##ULL
#endif
#define BIT64(n)             (U64(1) << (n))
/* Bits hi..lo set (hi - lo < 63). */
#define MASK64(hi, lo)       (((U64(1) << ((hi) - (lo) + 1)) - 1) << (lo))
/* Extract / insert a field given its _SHIFT and _MASK (mask already shifted). */
#define FIELD_GET(reg, f, v) (((v) & reg##_##f##_MASK) >> reg##_##f##_SHIFT)
#define FIELD_PREP(reg, f, x) (((unsigned long long)(x) << reg##_##f##_SHIFT) & reg##_##f##_MASK)

/* ---- MDCR_EL3 (D24.3.18) ---- */
#define MDCR_EL3_PMEE_SHIFT   40
#define MDCR_EL3_PMEE_MASK    MASK64(41, 40)
#define MDCR_EL3_EnPMSS_BIT   BIT64(44) /* FEAT_PMUv3_SS: snapshot registers not trapped to EL3 */
#define MDCR_EL3_MPMX_BIT     BIT64(35) /* FEAT_PMUv3p7 */
#define MDCR_EL3_MCCD_BIT     BIT64(34) /* FEAT_PMUv3p7 */
#define MDCR_EL3_PMSSE_SHIFT  30        /* FEAT_PMUv3_SS: Capture events 00 disabled, 01 by MDCR_EL2.PMSSE, */
#define MDCR_EL3_PMSSE_MASK   MASK64(31, 30) /* 10 enabled and prohibited, 11 enabled and allowed */
#define MDCR_EL3_SCCD_BIT     BIT64(23) /* FEAT_PMUv3p5 */
#define MDCR_EL3_MTPME_BIT    BIT64(28) /* FEAT_MTPMU: PMEVTYPER<n>_EL0.MT usable */
#define MDCR_EL3_SPME_BIT     BIT64(17)
#define MDCR_EL3_SDD_BIT      BIT64(16)
#define MDCR_EL3_NSPB_SHIFT   12        /* FEAT_SPE: the Profiling Buffer's owning Security state, bit 13 (1: */
#define MDCR_EL3_NSPB_MASK    MASK64(13, 12) /* Non-secure), and bit 12 (1: its EL2 and EL1 may access the registers) */
#define NSPB_SECURE           0x1       /* 0b01: Secure state owns it; Non-secure EL2 and EL1 accesses trap to EL3 */
#define NSPB_NONSECURE        0x3       /* 0b11: Non-secure state owns it; Secure EL2 and EL1 accesses trap to EL3 */
#define MDCR_EL3_EnPM2_BIT    BIT64(7)
#define MDCR_EL3_TPM_BIT      BIT64(6)

/* ---- MDCR_EL2 (D24.3.17) ---- */
#define MDCR_EL2_HPMFZS_BIT   BIT64(36) /* FEAT_SPEv1p2 */
#define MDCR_EL2_MTPME_BIT    BIT64(28) /* FEAT_MTPMU without EL3 */
#define MDCR_EL2_PMSSE_SHIFT  30        /* FEAT_PMUv3_SS: as MDCR_EL3.PMSSE, 01 defers to PMECR_EL1.SSE */
#define MDCR_EL2_PMSSE_MASK   MASK64(31, 30)
#define MDCR_EL2_HPMFZO_BIT   BIT64(29) /* FEAT_PMUv3p7 */
#define MDCR_EL2_HLP_BIT      BIT64(26) /* FEAT_PMUv3p5 */
#define MDCR_EL2_HCCD_BIT     BIT64(23) /* FEAT_PMUv3p5 */
#define MDCR_EL2_HPMD_BIT     BIT64(17) /* FEAT_PMUv3p1 */
#define MDCR_EL2_E2PB_SHIFT   12        /* FEAT_SPE: 0b00 EL2 owns the Profiling Buffer (where EL2 is enabled */
#define MDCR_EL2_E2PB_MASK    MASK64(13, 12) /* in its owning Security state); 0b11 EL1 owns it, not trapped */
#define E2PB_EL2              0x0
#define E2PB_EL1              0x3
#define MDCR_EL2_HPME_BIT     BIT64(7)
#define MDCR_EL2_TPM_BIT      BIT64(6)
#define MDCR_EL2_TPMCR_BIT    BIT64(5)
#define MDCR_EL2_HPMN_SHIFT   0
#define MDCR_EL2_HPMN_MASK    MASK64(4, 0)

/* ---- PMCR_EL0 (D24.5.8) ---- */
#define PMCR_EL0_FZS_BIT      BIT64(32)
#define PMCR_EL0_IMP_SHIFT    24
#define PMCR_EL0_IMP_MASK     MASK64(31, 24)
#define PMCR_EL0_IDCODE_SHIFT 16
#define PMCR_EL0_IDCODE_MASK  MASK64(23, 16)
#define PMCR_EL0_N_SHIFT      11
#define PMCR_EL0_N_MASK       MASK64(15, 11)
#define PMCR_EL0_FZO_BIT      BIT64(9)
#define PMCR_EL0_LP_BIT       BIT64(7)
#define PMCR_EL0_LC_BIT       BIT64(6)
#define PMCR_EL0_DP_BIT       BIT64(5)
#define PMCR_EL0_X_BIT        BIT64(4)
#define PMCR_EL0_D_BIT        BIT64(3)
#define PMCR_EL0_C_BIT        BIT64(2)
#define PMCR_EL0_P_BIT        BIT64(1)
#define PMCR_EL0_E_BIT        BIT64(0)

/* ---- PMEVTYPER<n>_EL0 (D24.5.12); PMCCFILTR_EL0 (D24.5.1) has the same filter bits P..SH ---- */
/* FEAT_PMUv3_TH / FEAT_PMUv3_EDGE / FEAT_PMUv3_TH2 threshold controls (D13.8; registers/PMEVTYPERn_EL0.md) */
#define PMEVTYPER_TC_SHIFT    61
#define PMEVTYPER_TC_MASK     MASK64(63, 61)
#define PMEVTYPER_TE_SHIFT    60
#define PMEVTYPER_TE_MASK     BIT64(60)
#define PMEVTYPER_TLC_SHIFT   54
#define PMEVTYPER_TLC_MASK    MASK64(55, 54)
#define PMEVTYPER_TH_SHIFT    32
#define PMEVTYPER_TH_MASK     MASK64(43, 32)
#define PMEVTYPER_SYNC_BIT    BIT64(58)
#define PMICFILTR_SYNC_BIT    BIT64(58) /* PMICFILTR_EL0.SYNC (FEAT_SEBEP), as in PMEVTYPER<n>_EL0 */
#define PMEVTYPER_P_BIT       BIT64(31)
#define PMEVTYPER_U_BIT       BIT64(30)
#define PMEVTYPER_NSK_BIT     BIT64(29)
#define PMEVTYPER_NSU_BIT     BIT64(28)
#define PMEVTYPER_NSH_BIT     BIT64(27)
#define PMEVTYPER_M_BIT       BIT64(26)
#define PMEVTYPER_MT_BIT      BIT64(25)
#define PMEVTYPER_SH_BIT      BIT64(24)
#define PMEVTYPER_MT_BIT      BIT64(25) /* FEAT_MTPMU: count the events of the PEs with the same Aff3..Aff1 */
#define PMEVTYPER_RLK_BIT     BIT64(22)
#define PMEVTYPER_RLU_BIT     BIT64(21)
#define PMEVTYPER_RLH_BIT     BIT64(20)
#define PMEVTYPER_evtCount_SHIFT 0
#define PMEVTYPER_evtCount_MASK  MASK64(15, 0)

/* ---- MDCR_EL2.PMEE (FEAT_EBEP) ---- */
#define MDCR_EL2_PMEE_SHIFT   40
#define MDCR_EL2_PMEE_MASK    MASK64(41, 40)

/* ---- PMECR_EL1 (FEAT_EBEP) ---- */
#define PMECR_EL1_SSE_SHIFT   3
#define PMECR_EL1_SSE_MASK    MASK64(4, 3)
#define PMECR_EL1_KPME_BIT    BIT64(2)
#define PMECR_EL1_PMEE_SHIFT  0
#define PMECR_EL1_PMEE_MASK   MASK64(1, 0)

/* ---- PMSSCR_EL1 (D24.5.23, FEAT_PMUv3_SS) ---- */
#define PMSSCR_EL1_NC_BIT     BIT64(32) /* No Capture: 1, the counters were not captured */
#define PMSSCR_EL1_SS_BIT     BIT64(0)  /* Snapshot Capture and Status: write 1 requests, reads 1 until done */

/* ---- OSLSR_EL1: OSLK, the OS Lock status. Not in ../shared/spec/registers/; bit 1 per the register's
 * description in DDI0487 (OSLM[3], nTT[2], OSLK[1], OSLM[0]). ---- */
#define OSLSR_EL1_OSLK_BIT    BIT64(1)

/* ---- PC Sample-based Profiling (external registers). The pseudocode (../shared/spec/002_*.txt) names
 * PMPCSR<55:32>, PMPCSR.EL, PMPCSR.NS, PMVIDSR.VMID, EDPCSRhi.{PC, EL, NS}, EDVIDSR.{NS, E2, E3, HV, VMID} and
 * EDPRSR<6:5,0> ("DLK, OSLK and PU bits"); the positions other than EDPRSR's are not in the local spec copy and
 * are the register descriptions' of DDI0487 (PMPCSR H9, EDPCSRhi/EDVIDSR H9). ---- */
#define PMPCSR_NS_BIT         BIT64(63)
#define PMPCSR_EL_SHIFT       61
#define PMPCSR_EL_MASK        MASK64(62, 61)
#define PMPCSR_PChi_SHIFT     32        /* PC<55:32> */
#define PMPCSR_PChi_MASK      MASK64(55, 32)
#define PMPCSR_PClo_SHIFT     0         /* PC<31:0>, 0xFFFFFFFF when no sample */
#define PMPCSR_PClo_MASK      MASK64(31, 0)
/* PMU external register offsets (DDI0487 I5.2, Tables I5-1 and I5-2, the same for FEAT_PMUv3_EXT64 and EXT32),
 * accessed 32 bits at a time, and PMPCSCTL's fields (FEAT_PCSRv8p9; the register description: SS[4], IMP[1],
 * EN[0]). */
#define PMU_EXT_PMPCSR_LO     0x200
#define PMU_EXT_PMPCSR_HI     0x204
#define PMU_EXT_PMPCSCTL      0xE50
/* The CoreSight Software Lock of a memory-mapped component (EDLAR/PMLAR at 0xFB0, EDLSR/PMLSR.SLK at 0xFB4
 * bit 1; DDI0487 H9/I5 register descriptions): the key 0xC5ACCE55 unlocks it, any other value locks it. While
 * locked, memory-mapped writes are ignored and a sampling read updates no companion register. */
#define CS_LAR_OFF            0xFB0
#define CS_LSR_OFF            0xFB4
#define CS_LAR_KEY            0xC5ACCE55u
#define PMPCSCTL_SS_BIT       BIT64(4)  /* sample into PMPCSR on each PMU snapshot Capture event */
#define PMPCSCTL_IMP_BIT      BIT64(1)  /* EN is implemented */
#define PMPCSCTL_EN_BIT       BIT64(0)  /* PC Sample-based Profiling active (when IMP) */
#define PMVIDSR_VMID_SHIFT    0
#define PMVIDSR_VMID_MASK     MASK64(15, 0)
#define EDPCSRhi_NS_BIT       BIT64(31) /* with FEAT_VHE and EDSCR.SC2 == 1 */
#define EDPCSRhi_EL_SHIFT     29
#define EDPCSRhi_EL_MASK      MASK64(30, 29)
#define EDPCSRhi_PC_SHIFT     0         /* PC<55:32> */
#define EDPCSRhi_PC_MASK      MASK64(23, 0)
#define EDVIDSR_NS_BIT        BIT64(31)
#define EDVIDSR_E2_BIT        BIT64(30)
#define EDVIDSR_E3_BIT        BIT64(29)
#define EDVIDSR_HV_BIT        BIT64(28)
#define EDVIDSR_VMID_SHIFT    0
#define EDVIDSR_VMID_MASK     MASK64(15, 0)
#define EDPRSR_DLK_BIT        BIT64(6)  /* EDPRSR<6:5,0> == '001': not double-locked, OS Lock unlocked, powered up */
#define EDPRSR_OSLK_BIT       BIT64(5)
#define EDPRSR_PU_BIT         BIT64(0)

/* ---- PMMIR_EL1 (D24.5.19, FEAT_PMUv3p4): IMPLEMENTATION DEFINED parameters, RO ---- */
#define PMMIR_EL1_RES0_MASK   MASK64(63, 29)
#define PMMIR_EL1_SME_BIT     BIT64(28)
#define PMMIR_EL1_EDGE_SHIFT  24
#define PMMIR_EL1_EDGE_MASK   MASK64(27, 24)
#define PMMIR_EL1_THWIDTH_SHIFT 20
#define PMMIR_EL1_THWIDTH_MASK  MASK64(23, 20)
#define PMMIR_EL1_BUS_WIDTH_SHIFT 16
#define PMMIR_EL1_BUS_WIDTH_MASK  MASK64(19, 16)
#define PMMIR_EL1_BUS_SLOTS_SHIFT 8
#define PMMIR_EL1_BUS_SLOTS_MASK  MASK64(15, 8)
#define PMMIR_EL1_SLOTS_SHIFT 0
#define PMMIR_EL1_SLOTS_MASK  MASK64(7, 0)

/* ---- PMUSERENR_EL0 ---- */
#define PMUSERENR_EL0_TID_BIT BIT64(6)
#define PMUSERENR_EL0_IR_BIT  BIT64(5)
#define PMUSERENR_EL0_UEN_BIT BIT64(4)
#define PMUSERENR_EL0_ER_BIT  BIT64(3)
#define PMUSERENR_EL0_CR_BIT  BIT64(2)
#define PMUSERENR_EL0_SW_BIT  BIT64(1)
#define PMUSERENR_EL0_EN_BIT  BIT64(0)

/* ---- PMCNTENSET/CLR_EL0, PMINTENSET/CLR_EL1, PMOVSSET/CLR_EL0: P<n> at bit n, C at 31, F0 at 32 ---- */
#define PMU_CNT_C_BIT         BIT64(31)
#define PMU_CNT_F0_BIT        BIT64(32)

/* ---- Counter identifiers of the pseudocode (J1.3.1.89, J1.3.1.103) ---- */
#define CYCLE_COUNTER_ID       31
#define INSTRUCTION_COUNTER_ID 32

/* ---- Common architectural event numbers (D17.11 / PMCEID0_EL0 bit = event number) ---- */
#define PMU_EVENT_SW_INCR      0x0000
#define PMU_EVENT_INST_RETIRED 0x0008
#define PMU_EVENT_EXC_TAKEN    0x0009
#define PMU_EVENT_EXC_RETURN   0x000A
#define PMU_EVENT_CPU_CYCLES   0x0011
#define PMU_EVENT_CHAIN        0x001E
#define PMU_EVENT_PMU_SNAPSHOT 0x8127 /* "Successful PMU capture event": DDI0487 D14.2 Table D14-3 (FEAT_PMUv3_SS) */

/* ---- ID_AA64DFR0_EL1 (D24.2) ---- */
#define ID_AA64DFR0_EL1_HPMN0_SHIFT  60
#define ID_AA64DFR0_EL1_HPMN0_MASK   MASK64(63, 60)
#define ID_AA64DFR0_EL1_MTPMU_SHIFT  48
#define ID_AA64DFR0_EL1_MTPMU_MASK   MASK64(51, 48)
#define ID_AA64DFR0_EL1_PMSVer_SHIFT 32
#define ID_AA64DFR0_EL1_PMSVer_MASK  MASK64(35, 32)
#define ID_AA64DFR0_EL1_SEBEP_SHIFT  24
#define ID_AA64DFR0_EL1_SEBEP_MASK   MASK64(27, 24)
#define ID_AA64DFR0_EL1_PMSS_SHIFT   16
#define ID_AA64DFR0_EL1_PMSS_MASK    MASK64(19, 16)
#define ID_AA64DFR0_EL1_PMUVer_SHIFT 8
#define ID_AA64DFR0_EL1_PMUVer_MASK  MASK64(11, 8)

/* ID_AA64DFR0_EL1.PMUVer values (../shared/spec/README.md) */
#define PMUVer_NI      0x0
#define PMUVer_PMUv3   0x1
#define PMUVer_V3P1    0x4
#define PMUVer_V3P4    0x5
#define PMUVer_V3P5    0x6
#define PMUVer_V3P7    0x7
#define PMUVer_V3P8    0x8
#define PMUVer_V3P9    0x9
#define PMUVer_IMPDEF  0xF

/* ---- FEAT_SPE Profiling Buffer (D13.5.2.2 SPE freeze; PMBLIMITR_EL1, PMBSR_EL1, PMBIDR_EL1 register
 * descriptions) ---- */
#define PMBLIMITR_EL1_LIMIT_MASK MASK64(63, 12) /* LIMIT:Zeros(12), the first byte after the buffer */
#define PMBLIMITR_EL1_E_BIT    BIT64(0)  /* the Profiling Buffer enabled */
#define PMBLIMITR_EL1_PMFZ_BIT BIT64(5)  /* FEAT_SPEv1p2: freeze the PMU on a buffer management event */
#define PMBSR_EL1_EC_SHIFT     26        /* Event class: */
#define PMBSR_EL1_EC_MASK      MASK64(31, 26)
#define PMBSR_EC_OTHER         0x00      /* 0b000000 Other Profiling Buffer management event (MSS: BSC) */
#define PMBSR_EC_S1_ABORT      0x24      /* 0b100100 Stage 1 Data Abort on write to Profiling Buffer (MSS: FSC) */
#define PMBSR_EL1_DL_BIT       BIT64(19) /* part of a record lost: PMBPTR_EL1 may not follow the last complete one */
#define PMBSR_EL1_S_BIT        BIT64(17) /* collection stopped (a buffer management event): SPEProfilingStopped() */
#define PMBSR_EL1_BSC_SHIFT    0         /* Buffer status code (EC 0b000000); FSC, the same bits, for an abort */
#define PMBSR_EL1_BSC_MASK     MASK64(5, 0)
#define PMBSR_BSC_FULL         0x01      /* 0b000001 Profiling Buffer filled */
#define PMBIDR_EL1_P_BIT       BIT64(4)  /* Programming not allowed: the buffer is a higher EL's or Security state's */
#define PMBIDR_EL1_Align_SHIFT 0         /* PMBPTR_EL1 is aligned to 2^Align bytes */
#define PMBIDR_EL1_Align_MASK  MASK64(3, 0)

/* ---- FEAT_SPE sampling controls (PMSCR_EL1, PMSCR_EL2, PMSIRR_EL1, PMSIDR_EL1 register descriptions) ---- */
#define PMSCR_EL1_E0SPE_BIT    BIT64(0)  /* sampling enabled at EL0 (not the host EL0: PMSCR_EL2.E0HSPE) */
#define PMSCR_EL1_E1SPE_BIT    BIT64(1)  /* sampling enabled at EL1 */
#define PMSCR_EL2_E0HSPE_BIT   BIT64(0)  /* sampling enabled at EL0 when HCR_EL2.TGE is 1 */
#define PMSCR_EL2_E2SPE_BIT    BIT64(1)  /* sampling enabled at EL2 */
#define PMSIRR_EL1_INTERVAL_MASK MASK64(31, 8) /* the interval's bits [31:8]: the register holds the count itself */
#define PMSIDR_EL1_MaxSize_SHIFT 12      /* the largest record, 2^MaxSize bytes (0b0100 16 .. 0b1011 2KB) */
#define PMSIDR_EL1_MaxSize_MASK  MASK64(15, 12)
#define PMSIDR_EL1_Interval_SHIFT 8      /* the recommended minimum sampling interval: 0b0000 256, 0b0010 512, */
#define PMSIDR_EL1_Interval_MASK  MASK64(11, 8) /* 0b0011 768, 0b0100 1024, 0b0101 1536, 0b0110 2048, 0b0111 3072, */
						/* 0b1000 4096 */
#define PMSVer_SPEv1p2         0x3       /* ID_AA64DFR0_EL1.PMSVer of FEAT_SPEv1p2 */

/* ---- ID_AA64DFR1_EL1 ---- */
#define ID_AA64DFR1_EL1_DPFZS_SHIFT   52
#define ID_AA64DFR1_EL1_DPFZS_MASK    MASK64(55, 52)
#define ID_AA64DFR1_EL1_EBEP_SHIFT    48
#define ID_AA64DFR1_EL1_EBEP_MASK     MASK64(51, 48)
#define ID_AA64DFR1_EL1_PMICNTR_SHIFT 36
#define ID_AA64DFR1_EL1_PMICNTR_MASK  MASK64(39, 36)

/* ---- ID_AA64PFR0_EL1 (D24.2.88): ELx fields are 0b0000 not implemented, 0b0001 AArch64 only, 0b0010 +AArch32 ---- */
#define ID_AA64PFR0_EL1_GIC_SHIFT  24 /* System register interface to the GIC CPU interface */
#define ID_AA64PFR0_EL1_GIC_MASK   MASK64(27, 24)
#define ID_AA64PFR0_EL1_SEL2_SHIFT 36
#define ID_AA64PFR0_EL1_SEL2_MASK  MASK64(39, 36)
#define ID_AA64PFR0_EL1_EL3_SHIFT  12
#define ID_AA64PFR0_EL1_EL3_MASK   MASK64(15, 12)
#define ID_AA64PFR0_EL1_EL2_SHIFT  8
#define ID_AA64PFR0_EL1_EL2_MASK   MASK64(11, 8)
#define ID_AA64PFR0_EL1_EL1_SHIFT  4
#define ID_AA64PFR0_EL1_EL1_MASK   MASK64(7, 4)
#define ID_AA64PFR0_EL1_EL0_SHIFT  0
#define ID_AA64PFR0_EL1_EL0_MASK   MASK64(3, 0)
#define ID_AA64PFR0_EL_AARCH32     0x2 /* ELx field value: AArch64 and AArch32 */

/* ---- ID_AA64MMFR1_EL1.VH (FEAT_VHE) and ID_AA64MMFR4_EL1.E2H0 (FEAT_E2H0; signed: negative = not
 * implemented, HCR_EL2.E2H RES1; Arm's register descriptions, Linux arch/arm64/tools/sysreg) ---- */
#define ID_AA64MMFR1_EL1_VH_SHIFT   8
#define ID_AA64MMFR1_EL1_VH_MASK    MASK64(11, 8)
#define ID_AA64MMFR4_EL1_E2H0_SHIFT 24
#define ID_AA64MMFR4_EL1_E2H0_MASK  MASK64(27, 24)
/* CPTR_EL2 with HCR_EL2.E2H == 1 (the CPACR_EL1 layout): FPEN, bits [21:20], 0b11 traps no FP/SIMD */
#define CPTR_EL2_E2H_FPEN    (U64(3) << 20)
/* CNTHCTL_EL2 with HCR_EL2.E2H == 1: EL0 (host) and EL1 (guest) access to the counters and timers */
#define CNTHCTL_EL2_E2H_EL0PCTEN_BIT BIT64(0)
#define CNTHCTL_EL2_E2H_EL0VCTEN_BIT BIT64(1)
#define CNTHCTL_EL2_E2H_EL1PCTEN_BIT BIT64(10)
#define CNTHCTL_EL2_E2H_EL1PTEN_BIT  BIT64(11)
/* All four: EL0 (host) and EL1 (guest) reach the counters and the EL1 timer, as the E2H = 0 baseline lets EL1 */
#define CNTHCTL_EL2_E2H_ACCESS (CNTHCTL_EL2_E2H_EL1PCTEN_BIT | CNTHCTL_EL2_E2H_EL1PTEN_BIT | \
				CNTHCTL_EL2_E2H_EL0PCTEN_BIT | CNTHCTL_EL2_E2H_EL0VCTEN_BIT)

/* ---- ID_AA64MMFR0_EL1 (D24.2.81) ---- */
#define ID_AA64MMFR0_EL1_FGT_SHIFT 56
#define ID_AA64MMFR0_EL1_FGT_MASK  MASK64(59, 56)

/* ---- SCR_EL3 (D24.2.146) ---- */
#define SCR_EL3_FGTEn2_BIT BIT64(59) /* FEAT_FGT2: the second fine-grained trap registers enabled */
#define SCR_EL3_FGTEn_BIT BIT64(27) /* FEAT_FGT: fine-grained traps to EL2 enabled */
#define SCR_EL3_EEL2_BIT  BIT64(18) /* FEAT_SEL2 */
#define SCR_EL3_APK_BIT   BIT64(16)
#define SCR_EL3_API_BIT   BIT64(17)
#define SCR_EL3_RW_BIT    BIT64(10)
#define SCR_EL3_HCE_BIT   BIT64(8)
#define SCR_EL3_SMD_BIT   BIT64(7)
#define SCR_EL3_FIQ_BIT   BIT64(2)
#define SCR_EL3_IRQ_BIT   BIT64(1)
#define SCR_EL3_RES1      (BIT64(5) | BIT64(4))
#define SCR_EL3_NS_BIT    BIT64(0)

/* ---- CNTHCTL_EL2 with HCR_EL2.E2H == 0 (generic timer, D24.8: EL1 access to the counter and timer) ---- */
#define CNTHCTL_EL2_EL1PCTEN_BIT BIT64(0) /* EL1/EL0 reads of CNTPCT_EL0 not trapped */
#define CNTHCTL_EL2_EL1PCEN_BIT  BIT64(1) /* EL1/EL0 access to the EL1 physical timer not trapped */

/* ---- HCR_EL2 (D24.2.48) ---- */
#define HCR_EL2_E2H_BIT   BIT64(34) /* FEAT_VHE: the EL2&0 regime; RES1 without FEAT_E2H0 */
#define HCR_EL2_API_BIT   BIT64(41)
#define HCR_EL2_APK_BIT   BIT64(40)
#define HCR_EL2_RW_BIT    BIT64(31)
#define SDER32_EL3_SUNIDEN_BIT BIT64(1) /* Secure EL0 non-invasive debug (and PMU counting) with an AArch32 EL1 */
#define HCR_EL2_TGE_BIT   BIT64(27)
#define HCR_EL2_TSC_BIT   BIT64(19)
#define HCR_EL2_IMO_BIT   BIT64(4)
#define HCR_EL2_FMO_BIT   BIT64(3)
#define HCR_EL2_VM_BIT    BIT64(0)  /* stage 2 translation of the EL1&0 regime enabled */

/* ---- VTCR_EL2 (D24.2.218): stage 2 walks of the Non-secure EL1&0 regime; the fields as TCR_ELx's, plus SL0 ---- */
#define VTCR_EL2_T0SZ_SHIFT  0
#define VTCR_EL2_T0SZ_MASK   MASK64(5, 0)
#define VTCR_EL2_SL0_SHIFT   6  /* starting level with TG0 4KB: 0b00 level 2, 0b01 level 1, 0b10 level 0 */
#define VTCR_EL2_SL0_MASK    MASK64(7, 6)
#define VTCR_EL2_IRGN0_SHIFT 8
#define VTCR_EL2_IRGN0_MASK  MASK64(9, 8)
#define VTCR_EL2_ORGN0_SHIFT 10
#define VTCR_EL2_ORGN0_MASK  MASK64(11, 10)
#define VTCR_EL2_SH0_SHIFT   12
#define VTCR_EL2_SH0_MASK    MASK64(13, 12)
#define VTCR_EL2_TG0_SHIFT   14
#define VTCR_EL2_TG0_MASK    MASK64(15, 14)
#define VTCR_EL2_PS_SHIFT    16
#define VTCR_EL2_PS_MASK     MASK64(18, 16)
#define VTCR_EL2_RES1        BIT64(31)

/* ---- MPIDR_EL1 (D24.2.106): the affinity fields Aff3 [39:32], Aff2 [23:16], Aff1 [15:8], Aff0 [7:0] ---- */
#define MPIDR_EL1_AFF_MASK U64(0xFF00FFFFFF)
#define MPIDR_EL1_MT_BIT   BIT64(24) /* the lowest affinity level is threads of one core */

/* ---- ID_AA64MMFR0_EL1.PARange (D24.2.81): physical address size ---- */
#define ID_AA64MMFR0_EL1_PARange_SHIFT 0
#define ID_AA64MMFR0_EL1_PARange_MASK  MASK64(3, 0)

/* ---- SCTLR_ELx (D24.2.151-153): the bits lib/mmu/ sets on top of the reset values below ---- */
#define SCTLR_ELx_M_BIT   BIT64(0)  /* stage 1 translation enabled */
#define SCTLR_ELx_C_BIT   BIT64(2)  /* data accesses cacheable (Normal memory) */
#define SCTLR_ELx_I_BIT   BIT64(12) /* instruction fetches cacheable */
#define SCTLR_ELx_WXN_BIT BIT64(19) /* a writable region is execute-never */
#define SCTLR_EL1_DZE_BIT BIT64(14) /* DC ZVA at EL0 allowed */
#define SCTLR_EL1_UCT_BIT BIT64(15) /* CTR_EL0 readable at EL0 */

/* ---- TCR_EL3, TCR_EL2 with HCR_EL2.E2H == 0 (D24.2.172-173) ---- */
#define TCR_ELx_T0SZ_SHIFT  0
#define TCR_ELx_T0SZ_MASK   MASK64(5, 0)
#define TCR_ELx_IRGN0_SHIFT 8  /* walk inner cacheability: 0b01 Write-Back Read/Write-Allocate */
#define TCR_ELx_IRGN0_MASK  MASK64(9, 8)
#define TCR_ELx_ORGN0_SHIFT 10 /* walk outer cacheability, as IRGN0 */
#define TCR_ELx_ORGN0_MASK  MASK64(11, 10)
#define TCR_ELx_SH0_SHIFT   12 /* walk shareability: 0b11 Inner Shareable */
#define TCR_ELx_SH0_MASK    MASK64(13, 12)
#define TCR_ELx_TG0_SHIFT   14 /* granule: 0b00 4KB */
#define TCR_ELx_TG0_MASK    MASK64(15, 14)
#define TCR_ELx_PS_SHIFT    16 /* output address size, encoded as ID_AA64MMFR0_EL1.PARange */
#define TCR_ELx_PS_MASK     MASK64(18, 16)
#define TCR_ELx_RES1        (BIT64(31) | BIT64(23))
/* ---- TCR_EL1 (D24.2.171): the same low fields, plus ---- */
#define TCR_EL1_EPD1_BIT    BIT64(23) /* no walks from TTBR1_EL1 */
#define TCR_EL1_IPS_SHIFT   32
#define TCR_EL1_IPS_MASK    MASK64(34, 32)

/* ---- HDFGRTR_EL2, HDFGWTR_EL2 (FEAT_FGT): the PMU registers' fine-grained trap bits (the registers'
 * descriptions; also Linux arch/arm64/tools/sysreg). Reads and writes share 12-19; the rest is one-sided. ---- */
#define HDFGxTR_EL2_PMEVCNTRn_EL0_BIT  BIT64(12)
#define HDFGxTR_EL2_PMEVTYPERn_EL0_BIT BIT64(13)
#define HDFGxTR_EL2_PMCCFILTR_EL0_BIT  BIT64(14)
#define HDFGxTR_EL2_PMCCNTR_EL0_BIT    BIT64(15)
#define HDFGxTR_EL2_PMCNTEN_BIT        BIT64(16)
#define HDFGxTR_EL2_PMINTEN_BIT        BIT64(17)
#define HDFGxTR_EL2_PMOVS_BIT          BIT64(18)
#define HDFGxTR_EL2_PMSELR_EL0_BIT     BIT64(19)
#define HDFGWTR_EL2_PMSWINC_EL0_BIT    BIT64(20)
#define HDFGWTR_EL2_PMCR_EL0_BIT       BIT64(21)
#define HDFGRTR_EL2_PMMIR_EL1_BIT      BIT64(22)
#define HDFGxTR_EL2_PMUSERENR_EL0_BIT  BIT64(57)
#define HDFGRTR_EL2_PMCEIDn_EL0_BIT    BIT64(58)
/*
 * HDFGRTR2_EL2, HDFGWTR2_EL2 (FEAT_FGT2): negative sense, 0 traps. The PMU bits, positions from Linux's
 * arch/arm64/tools/sysreg (Sysreg HDFGRTR2_EL2 3 4 3 1 0, added by commit 44844551670c "arm64/sysreg: Add
 * register fields for HDFGRTR2_EL2", and Sysreg HDFGWTR2_EL2 3 4 3 1 1 from the same series, which has bit 21
 * nPMZR_EL0 and bit 6 RES0); the field names are the accessor pseudocode's
 * (../shared/spec/pseudocode/PMU_sysreg_access.asl).
 */
#define HDFGxTR2_EL2_nPMECR_EL1_BIT    BIT64(0)  /* PMECR_EL1 (FEAT_EBEP) */
#define HDFGxTR2_EL2_nPMIAR_EL1_BIT    BIT64(1)  /* PMIAR_EL1 (FEAT_SEBEP) */
#define HDFGxTR2_EL2_nPMICNTR_EL0_BIT  BIT64(2)  /* PMICNTR_EL0 (FEAT_PMUv3_ICNTR) */
#define HDFGxTR2_EL2_nPMICFILTR_EL0_BIT BIT64(3) /* PMICFILTR_EL0 (FEAT_PMUv3_ICNTR) */
#define HDFGxTR2_EL2_nPMUACR_EL1_BIT   BIT64(4)  /* PMUACR_EL1 (FEAT_PMUv3p9) */
#define HDFGRTR2_EL2_nPMSSDATA_BIT     BIT64(6)  /* PMCCNTSVR_EL1, PMEVCNTSVR<n>_EL1, PMICNTSVR_EL1 (read only) */
#define HDFGxTR2_EL2_nPMSSCR_EL1_BIT   BIT64(7)  /* PMSSCR_EL1 (FEAT_PMUv3_SS) */
#define HDFGWTR2_EL2_nPMZR_EL0_BIT     BIT64(21) /* PMZR_EL0 (FEAT_PMUv3p9, write only; HDFGRTR2_EL2[21] RES0) */
/* PMUACR_EL1 (FEAT_PMUv3p9): EL0 access to event counter n (P<n>, bit n) and the cycle counter (C) */
#define PMUACR_EL1_C_BIT               BIT64(31)

/* ---- MAIR_ELx (D24.2.98): one byte per AttrIndx ---- */
#define MAIR_ATTR_SHIFT(idx)    ((idx) * 8)
#define MAIR_DEVICE_nGnRE       U64(0x04)
#define MAIR_NORMAL_WB_RWA      U64(0xFF) /* Inner and Outer Write-Back Non-transient, Read/Write-Allocate */

/* ---- SCTLR_ELx: RES1 sets of Armv8.0 with M=0 (MMU off), C=0, SA=1, I=1 ---- */
#define SCTLR_EL3_RESET   U64(0x30C51838) /* RES1 29,28,23,22,18,16,11,5,4 + I(12) + SA(3); A(1)=0 */
#define SCTLR_EL2_RESET   U64(0x30C51838) /* non-VHE EL2: same RES1 set as SCTLR_EL3 */
#define SCTLR_EL1_RESET   U64(0x30D01838) /* RES1 29,28,23,22,20,11 + I(12) + SA0(4) + SA(3) + CP15BEN(5) */

/* ---- CPTR / CPACR: FP/SIMD not trapped ---- */
#define CPACR_EL1_FPEN_SHIFT 20
#define CPACR_EL1_FPEN_MASK  MASK64(21, 20)
#define CPTR_EL2_RES1        U64(0x000032FF) /* non-VHE: RES1 bits [13:12], [9:0]; TFP(10)=0 */

/* ---- SPSR_ELx (C5.2.18-20) ---- */
#define SPSR_PPEND_BIT    BIT64(33)
#define SPSR_PM_BIT       BIT64(32)
#define SPSR_DAIF_MASK    MASK64(9, 6)
#define SPSR_M_EL0t       0x0
#define SPSR_M_EL1h       0x5
#define SPSR_M_EL2h       0x9
#define SPSR_M_EL3h       0xD

/* ---- ESR_ELx (D24.2.39) ---- */
#define ESR_IL_BIT        BIT64(25) /* IL: a 32-bit instruction trapped */
#define ESR_EC_SHIFT      26
#define ESR_EC_MASK       MASK64(31, 26)
#define ESR_EC_UNKNOWN    0x00
#define ESR_EC_MCR_MRC_CP15   0x03 /* trapped MCR or MRC, coproc 0b1111, from AArch32 */
#define ESR_EC_MCRR_MRRC_CP15 0x04 /* trapped MCRR or MRRC, coproc 0b1111, from AArch32 */
#define ESR_EC_SVC32      0x11
#define ESR_EC_HVC32      0x12
#define ESR_EC_SMC32      0x13
#define ESR_EC_SVC64      0x15
#define ESR_EC_HVC64      0x16
#define ESR_EC_SMC64      0x17
#define ESR_EC_SYS64      0x18 /* trapped MSR, MRS or System instruction */
#define ESR_EC_IABT_LOW   0x20 /* Instruction Abort from a lower Exception level */
#define ESR_EC_IABT_CUR   0x21 /* Instruction Abort taken without a change in Exception level */
#define ESR_EC_PMU        0x3D /* PMU Profiling exception (FEAT_EBEP; TakeProfilingException, J1.1.1.49) */
#define ESR_ISS_PMU_SYNC_BIT  BIT64(0)      /* ISS[0]: taken synchronously (FEAT_SEBEP) */
#define ESR_ISS_PMU_FSC_SHIFT 1             /* ISS[5:1]: fsc, 0b00000 for a PMU overflow */
#define ESR_ISS_PMU_FSC_MASK  MASK64(5, 1)
#define ESR_ISS_IMM16_MASK MASK64(15, 0)
/* ISS of EC 0x18, a trapped MSR or MRS (D24.2.39, "ISS encoding for an exception from MSR, MRS, or System
 * instruction execution in AArch64 state") */
#define ESR_ISS_SYS_Op0_SHIFT 20
#define ESR_ISS_SYS_Op0_MASK  MASK64(21, 20)
#define ESR_ISS_SYS_Op2_SHIFT 17
#define ESR_ISS_SYS_Op2_MASK  MASK64(19, 17)
#define ESR_ISS_SYS_Op1_SHIFT 14
#define ESR_ISS_SYS_Op1_MASK  MASK64(16, 14)
#define ESR_ISS_SYS_CRn_SHIFT 10
#define ESR_ISS_SYS_CRn_MASK  MASK64(13, 10)
#define ESR_ISS_SYS_Rt_SHIFT  5
#define ESR_ISS_SYS_Rt_MASK   MASK64(9, 5)
#define ESR_ISS_SYS_CRm_SHIFT 1
#define ESR_ISS_SYS_CRm_MASK  MASK64(4, 1)
#define ESR_ISS_SYS_Direction_BIT BIT64(0) /* 1: read (MRS) */

#endif
