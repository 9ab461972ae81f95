/*
 * baseline.h - the documented reset state of every Exception level pmucheck owns: what boot sets, and what a
 * test restores before and after it runs. Lives below boot/, el3/ and tests/, which all call it.
 *
 *  SCR_EL3:  RW=1 (lower ELs AArch64), HCE=1 if EL2, SMD=0, API=APK=1, NS and EEL2 per context; FIQ as the
 *            armed watchdog needs it (watchdog_routing(), entered at EL3), else 0.
 *  MDCR_EL3: SPME=1 (Secure and EL3 counting allowed, D11.5.3), every trap, MPMX, SCCD, MCCD = 0.
 *  HCR_EL2:  RW=1, API=APK=1, no traps, no stage 2, E2H=TGE=0; FMO as the armed watchdog needs it (entered
 *            at EL2), else 0.
 *  MDCR_EL2: HPMN = PMCR_EL0.N (every counter in the first range), HPME=1, no traps, HPMD=HCCD=0.
 *  HDFGRTR_EL2, HDFGWTR_EL2 (FEAT_FGT): 0, no fine-grained traps (SCR_EL3.FGTEn = 0 also disables them).
 *  EL1:      CPACR_EL1.FPEN=0b11, VBAR_EL1, PMUSERENR_EL0 = EN|SW|CR|ER, PMECR_EL1 = 0 (FEAT_EBEP).
 *  MDCR_EL3.PMEE and MDCR_EL2.PMEE are 0b00 (FEAT_EBEP): no PMU Profiling exception, PMUIRQ enabled.
 *  PMU:      PMCR_EL0 = 0 (E, LP, LC, DP, FZO clear), no counter enabled (PMCNTENCLR_EL0), no overflow
 *            interrupt (PMINTENCLR_EL1) or flag (PMOVSCLR_EL0), PMCCFILTR_EL0 = 0, PMSELR_EL0 = 0.
 * The translation controls (SCTLR_ELx.M/C/I, TCR, MAIR, TTBR0) belong to lib/mmu/ and are not touched here.
 */
#ifndef PMUCHECK_BASELINE_H
#define PMUCHECK_BASELINE_H

#include <stdbool.h>
#include <stdint.h>

#define MDCR_EL3_BASELINE MDCR_EL3_SPME_BIT

/* MDCR_EL2 baseline: HPME=1, HPMN = PMCR_EL0.N (features.pmu.num_counters). */
uint64_t mdcr_el2_baseline(void);

/* EL3: SCR_EL3 and MDCR_EL3 baselines, Secure world selected (orchestrator at EL3 only). */
void el3_baseline(void);
/* EL3: SCR_EL3.NS = !secure, SCR_EL3.EEL2 = eel2 (FEAT_SEL2), SCR_EL3.FIQ the watchdog's (watchdog_routing),
 * the world's translation tables (mmu_select_world), then ISB; nothing written when that world is already
 * selected. Orchestrator at EL3 only. */
void el3_select_world(bool secure, bool eel2);
/*
 * EL3: SCR_EL3 bits a test adds to the baseline (SCR_EL3.FGTEn, ...), set now and kept by every
 * el3_select_world() until el3_baseline() clears them. Orchestrator at EL3 only.
 */
void el3_set_test_controls(uint64_t scr_bits);

/* EL2 baseline (HCR_EL2, CPTR_EL2, VBAR_EL2, MDCR_EL2, with FEAT_FGT/FEAT_FGT2 the debug fine-grained traps
 * off), from EL3 or EL2: EL2 registers are shared by both Security states. */
void el2_baseline(void);

/*
 * From EL3, for a VHE context (runtime/context.h): HCR_EL2.E2H = 1 (and TGE = 1 for the host EL0, `host`), and
 * EL2's registers in their E2H = 1 layouts: CPTR_EL2 (FPEN = 0b11), CNTHCTL_EL2 (EL0 and EL1 counter access),
 * TCR_EL2 as TCR_EL1 and SCTLR_EL2 as SCTLR_EL1 (EL0 of the EL2&0 regime may use DC ZVA and CTR_EL0), on the
 * same translation tables (lib/mmu), then TLBI ALLE2. el2_vhe_leave() puts back what el2_vhe_enter() found.
 */
void el2_vhe_enter(bool host);
void el2_vhe_leave(void);

/*
 * The negative-sense PMU bits of HDFGRTR2_EL2 (write false) or HDFGWTR2_EL2 (write true) of the features this PE
 * has (nPMECR_EL1, nPMIAR_EL1, nPMICNTR_EL0, nPMICFILTR_EL0, nPMUACR_EL1, nPMZR_EL0, nPMSSCR_EL1, nPMSSDATA;
 * arch_regs.h): all 1, no PMU access trapped by them; bits of absent features (RES0) 0.
 */
uint64_t hdfgxtr2_el2_pmu_bits(bool write);
/* EL1 baseline (CPACR_EL1, VBAR_EL1, PMUSERENR_EL0), from EL3, EL2 or EL1. */
void el1_baseline(void);

/* The PMU baseline above (nothing without PMUv3: ID_AA64DFR0_EL1.PMUVer 0 or 0xF). */
void pmu_baseline(void);

/* Every level the orchestrator owns back at its baseline, highest first, then the PMU's. */
void baseline_restore_all(void);

/*
 * Whether pmucheck programs the SPE Profiling Buffer's PMBLIMITR_EL1 and PMBSR_EL1 (the SPE freeze's controls):
 * FEAT_SPEv1p2, and pmucheck owns EL2 or there is none (a hypervisor above may trap them: MDCR_EL2.E2PB, TPMS).
 */
bool spe_buffer_owned(void);

#endif
