/*
 * pmu_ebep.h - the EBEP model: PMU Profiling exceptions (FEAT_EBEP, D13.3.2) and PSTATE.PPEND (FEAT_SEBEP,
 * D13.3.3). Pure functions of the ID registers (pmu_features) and the controls (pmu_state), like pmu_model.h;
 * builds for the target and the host.
 *
 * Each function mirrors a pseudocode function of DDI0487 M.a.a J1.1 (EffectivePMEE J1.1.1.34,
 * ExceptionReturnPPEND J1.1.1.35, PMUExceptionEnabled J1.1.1.37, PMUExceptionMasked J1.1.1.38,
 * PMUInterruptEnabled J1.1.1.39, CheckForPMUException J1.1.1.33; local copies in ../shared/spec/pseudocode/)
 * or one rule of D13.3.2/D13.3.3 where the pseudocode leaves it to the text (RNZLVW, RSSVKV, RFCXWT).
 * The PE is never in Debug state here (Halted() is FALSE): pmucheck has no external debugger.
 */
#ifndef PMUCHECK_PMU_EBEP_H
#define PMUCHECK_PMU_EBEP_H

#include <stdbool.h>
#include <stdint.h>

#include "model/pmu_model.h"

/*
 * What a counter overflow leads to, at one Exception level: the cells of Table D13-1.
 *   IRQ  the exception is disabled and the PMU interrupt request (PMUIRQ) is enabled
 *   DIS  the exception and the interrupt request are both disabled
 *   MSK  the exception is enabled and masked
 *   ELx  the exception is enabled and taken to ELx
 */
enum pmu_ebep_outcome { PMU_EBEP_IRQ, PMU_EBEP_DIS, PMU_EBEP_MSK, PMU_EBEP_EL1, PMU_EBEP_EL2, PMU_EBEP_EL3,
			PMU_EBEP_OUTCOMES };

/* Short name of an outcome as Table D13-1 spells it ("IRQ", "Dis", "Msk", "EL1", ...). */
const char *pmu_ebep_outcome_name(enum pmu_ebep_outcome o);

/*
 * EffectivePMEE(el, for_interrupt) (J1.1.1.34): MDCR_EL3.PMEE (el 3), MDCR_EL2.PMEE (el 2) or PMECR_EL1.PMEE
 * (el 1), 2 bits. The reserved encodings (0b10 everywhere, 0b01 in PMECR_EL1) are CONSTRAINED UNPREDICTABLE
 * (Unpredictable_RESPMEE): this returns the Constraint_DISABLED reading Table D13-1 shows (0b11 for the
 * interrupt, 0b00 for the exception) and sets *reserved (may be NULL); pmu_ebep_permitted() covers the other
 * permitted reading, a non-reserved value.
 */
unsigned pmu_effective_pmee(const struct pmu_state *s, unsigned el, bool for_interrupt, bool *reserved);

/*
 * PMUExceptionEnabled() (J1.1.1.37; RGWLVY): whether the PMU Profiling exception is enabled, and its target
 * Exception level in *target_el (may be NULL; untouched when disabled). Reads MDCR_EL3.PMEE (with EL3),
 * MDCR_EL2.PMEE (when EL2Enabled()), PMECR_EL1.PMEE and HCR_EL2.TGE. False without FEAT_EBEP.
 */
bool pmu_exception_target(const struct pmu_features *f, const struct pmu_state *s, unsigned *target_el);

/*
 * PMUExceptionMasked(target_el, from_el, pm) (J1.1.1.38; RSCBDZ): masked when from_el is above target_el; at
 * EL2 targeting EL2 when the Effective MDCR_EL2.PMEE is not 0b11; at the target EL when PMECR_EL1.KPME is 0 or
 * PSTATE.PM (pm) is 1. Debug state (also masked) is not modelled.
 */
bool pmu_exception_masked(const struct pmu_state *s, unsigned target_el, unsigned from_el, bool pm);

/*
 * PMUInterruptEnabled() (J1.1.1.39; D13.3.2 IPFDLQ): whether the overflow interrupt request PMUIRQ is enabled:
 * the first of MDCR_EL3.PMEE, MDCR_EL2.PMEE (when EL2Enabled()), PMECR_EL1.PMEE that is not 0b01 decides, and
 * enables it only when 0b00. True without FEAT_EBEP.
 */
bool pmu_interrupt_enabled(const struct pmu_features *f, const struct pmu_state *s);

/*
 * The Table D13-1 cell for an overflow at Exception level from_el with PSTATE.PM = pm: IRQ or DIS from
 * PMUInterruptEnabled() when the exception is disabled, MSK or EL<target> from PMUExceptionMasked(). Reserved
 * PMEE encodings read as Constraint_DISABLED (as the table does). Without FEAT_EBEP: IRQ.
 */
enum pmu_ebep_outcome pmu_ebep_outcome(const struct pmu_features *f, const struct pmu_state *s, unsigned from_el,
				       bool pm);

/*
 * Every outcome the architecture permits for that cell, as a mask of BIT(outcome): the one outcome when no PMEE
 * field holds a reserved encoding, else the union over each reserved field read as Constraint_DISABLED or as
 * any non-reserved value (EffectivePMEE's Constraint_UNKNOWN), independently for the exception and the
 * interrupt (they are separate ConstrainUnpredictableBits() calls).
 */
unsigned pmu_ebep_permitted(const struct pmu_features *f, const struct pmu_state *s, unsigned from_el, bool pm);

/* ---- PSTATE.PPEND (FEAT_SEBEP, D13.3.3) ---- */

/*
 * Exception entry to ELx in AArch64 (RBVBYS; AArch64.TakeException, GetPSRFromPSTATE): the SPSR_ELx bits
 * [33:32] the entry writes from PSTATE.{PPEND, PM} (PPEND only with FEAT_SEBEP, PM with FEAT_EBEP); the entry
 * then sets PSTATE.PPEND to 0 and PSTATE.PM to 1 (*ppend_after, *pm_after; may be NULL).
 */
uint64_t pmu_entry_spsr_bits(const struct pmu_features *f, bool ppend, bool pm, bool *ppend_after, bool *pm_after);

/* The rows of Table D13-2: an exception return classified by the PMU exception before and after it. */
enum pmu_ppend_case {
	PMU_PPEND_CASE1 = 1, /* disabled or masked -> disabled or masked: PSTATE.PPEND is set to 0 */
	PMU_PPEND_CASE2 = 2, /* masked -> unmasked: PSTATE.PPEND is set to SPSR_ELx.PPEND */
	PMU_PPEND_CASE3 = 3, /* unmasked -> masked: CONSTRAINED UNPREDICTABLE when RNZLVW's conditions apply */
	PMU_PPEND_CASE4 = 4, /* unmasked -> unmasked: PSTATE.PPEND might be set by RNZLVW */
};

/*
 * The Table D13-2 case of an exception return executed at from_el with PSTATE.PM = from_pm, to to_el with
 * SPSR_ELx.PM = to_pm (for an illegal exception return, to_el = from_el: RBVBYS "This includes an illegal
 * exception return"). "Before" is PMUExceptionEnabled() and PMUExceptionMasked(target, from_el, from_pm);
 * "after" the same at (to_el, to_pm). A disabled exception counts as "disabled or masked" on both sides.
 */
enum pmu_ppend_case pmu_ppend_return_case(const struct pmu_features *f, const struct pmu_state *s, unsigned from_el,
					  bool from_pm, unsigned to_el, bool to_pm);

/*
 * ExceptionReturnPPEND(spsr) (J1.1.1.35) with SetPSTATEFromPSR and RMQDPX: the values PSTATE.PPEND may hold
 * after an exception return executed at from_el with PSTATE.PM = from_pm, as a mask (bit 0: PPEND may be 0,
 * bit 1: it may be 1). spsr is the SPSR_ELx the return uses (PPEND [33], PM [32], M[3:2] the target EL);
 * illegal: an illegal exception return, which stays at from_el. rnzlvw: whether the return instruction itself
 * meets RNZLVW's other conditions (it generated an event counted by a counter in synchronous mode that
 * overflowed, PMINTENSET_EL1 set). PPEND is copied from SPSR_ELx[33] when the exception is enabled, masked
 * before the return and unmasked after it; otherwise RNZLVW decides: never for a masked-to-unmasked return
 * (RMQDPX treats the exception as masked), either value for unmasked-to-masked (RMQDPX: UNPREDICTABLE whether
 * old or new values apply), and 1 for unmasked-to-unmasked; 0 when RNZLVW does not apply. Without FEAT_SEBEP:
 * {0} (PSTATE.PPEND does not exist).
 */
unsigned pmu_exception_return_ppend(const struct pmu_features *f, const struct pmu_state *s, unsigned from_el,
				    bool from_pm, uint64_t spsr, bool illegal, bool rnzlvw);

/*
 * RSSVKV, RFCXWT: whether counter idx is in synchronous mode: an event counter with PMEVTYPER<n>_EL0.SYNC = 1
 * counting an event that supports synchronous mode (event_synchronous: IMPLEMENTATION DEFINED, RXLMVX); the
 * instruction counter (INSTRUCTION_COUNTER_ID) with PMICFILTR_EL0.SYNC = 1; never the cycle counter. False
 * without FEAT_SEBEP.
 */
bool pmu_counter_sync_mode(const struct pmu_features *f, const struct pmu_state *s, unsigned idx,
			   bool event_synchronous);

/*
 * D13.5 (FEAT_SEBEP): an event counter with PMEVTYPER<n>_EL0.SYNC = 1 whose event is not a synchronous event
 * does not count. Returns true when that stops counter idx. False without FEAT_SEBEP, and for the cycle and
 * instruction counters.
 */
bool pmu_sync_stops_counter(const struct pmu_features *f, const struct pmu_state *s, unsigned idx,
			    bool event_synchronous);

/*
 * RNZLVW, with its conditions as RMQDPX lists them: whether an instruction retiring at s->el with PSTATE.PM =
 * pm sets PSTATE.PPEND to 1 and records its address in PMIAR_EL1: it generated an event counted by counter idx
 * (counted: CountPMUEvents(idx)), generated no exception (insn_exception false), PMINTENSET_EL1[idx] and
 * PMOVSSET_EL0[idx] (after the increment) are 1, the counter is in synchronous mode, and the PMU exception is
 * enabled and unmasked. INPRDL: a counter not in synchronous mode never sets them. False without FEAT_SEBEP.
 */
bool pmu_rnzlvw_sets_ppend(const struct pmu_features *f, const struct pmu_state *s, bool pm, unsigned idx,
			   bool counted, bool insn_exception, uint64_t pmintenset, uint64_t pmovsset,
			   bool event_synchronous);

#endif
