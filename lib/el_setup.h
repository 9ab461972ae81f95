/*
 * el_setup.h - what each Exception level owns (el3/, el2/, el1/): its baseline register values and the
 * service that lower levels call through (x0 = function ID, see context.h).
 */
#ifndef PMUCHECK_EL_SETUP_H
#define PMUCHECK_EL_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "exception.h"

/*
 * Baseline values, used at boot and to restore the machine after each test:
 *  SCR_EL3:  RW=1 (lower ELs AArch64), HCE=1 if EL2, SMD=0, API=APK=1, NS and EEL2 per context.
 *  MDCR_EL3: SPME=1 (Secure and EL3 counting allowed, D11.5.3), every trap, MPMX, SCCD, MCCD = 0.
 *  HCR_EL2:  RW=1, API=APK=1, no traps, no stage 2, E2H=TGE=0.
 *  MDCR_EL2: HPMN = PMCR_EL0.N (every counter in the first range), HPME=1, no traps, HPMD=HCCD=0.
 *  EL1:      SCTLR_EL1 with MMU off, CPACR_EL1.FPEN=0b11, VBAR_EL1, PMUSERENR_EL0 = EN|SW|CR|ER.
 */
#define MDCR_EL3_BASELINE MDCR_EL3_SPME_BIT
uint64_t mdcr_el2_baseline(void);

/* EL3: baseline of SCR_EL3 and MDCR_EL3 (orchestrator at EL3 only). */
void el3_setup(void);
/* EL3: SCR_EL3.NS = !secure, SCR_EL3.EEL2 = eel2 (FEAT_SEL2), then ISB. */
void el3_select_world(bool secure, bool eel2);
/*
 * EL3: SMC service: PMUCHECK_CALL_RETURN goes back to the orchestrator, PMUCHECK_CALL_NOP just returns.
 * Returns false for a call it does not know (then it is an unexpected exception).
 */
bool el3_smc_service(struct exc_frame *f);

/* EL2 baseline, from EL3 or EL2 (EL2 registers are shared by both Security states). */
void el2_setup(void);
/* EL2: HVC service, as el3_smc_service. */
bool el2_hvc_service(struct exc_frame *f);

/* EL1 baseline, from EL3, EL2 or EL1. */
void el1_setup(void);
/* EL1: SVC service that EL0 code returns through, as el3_smc_service. */
bool el1_svc_service(struct exc_frame *f);

#endif
