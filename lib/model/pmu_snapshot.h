/*
 * pmu_snapshot.h - a pure model of PMU snapshots (FEAT_PMUv3_SS; D13.9, Table D13-10): whether Capture events
 * are disabled, prohibited or allowed, what a write to PMSSCR_EL1 does, and what a Capture event writes.
 *
 * Sources: D13.9 (../shared/spec/004_*.txt, pmu-chapter/arm-D13.9.md) rules RSCLCQ, RMFJWS, RYWLFL, RTSYTY and
 * Table D13-10; the pseudocode PMUCaptureEventEnabled() (J1.3.1.109), PMUCaptureEventAllowed() (J1.3.1.108) and
 * PMUCaptureEvent() (J1.3.1.107) in ../shared/spec/pseudocode/; the register descriptions of MDCR_EL3.PMSSE,
 * MDCR_EL2.PMSSE, PMECR_EL1.SSE and PMSSCR_EL1 in ../shared/spec/registers/.
 *
 * As in pmu_model.h, AArch64 at every Exception level is assumed: HaveAArch64() is TRUE and the
 * "HaveEL(EL2) && ELUsingAArch32(EL2)" and "ELUsingAArch32(EL1)" branches of PMUCaptureEventEnabled() (which
 * return FALSE) are not modelled.
 *
 * Reserved PMECR_EL1.SSE (0b01), read only when MDCR_EL3.PMSSE and MDCR_EL2.PMSSE both defer (Effective 0b01):
 * the pseudocode calls ConstrainUnpredictableBits(Unpredictable_RESPMSSE, 2) with Constraint_DISABLED (read as
 * 0b00) or Constraint_UNKNOWN (a non-reserved value, 0b00, 0b10 or 0b11). The single-answer functions below take
 * Constraint_DISABLED and report the case through *unpredictable; pmu_capture_outcomes() returns the set of
 * every outcome permitted (the two calls, in Enabled() and in Allowed(), may each choose independently).
 *
 * Where the sources differ (the model's choice first):
 *  - Debug state: RTSYTY makes "allowed" need Non-debug state or an IMPLEMENTATION DEFINED permission;
 *    PMUCaptureEventAllowed() does not read Halted() (PMUCaptureEvent() only skips the PC sample and makes the
 *    PMU_SNAPSHOT event CONSTRAINED UNPREDICTABLE). The model follows RTSYTY; pmss_in_debug = true is the
 *    pseudocode's behaviour.
 *  - PMUCaptureEvent() asserts HaveEL(EL3), while RYWLFL/RTSYTY and the MDCR_EL3.PMSSE description ("If EL3 is
 *    not implemented, then the Effective value of this field is 0b01") cover machines without EL3: modelled.
 *  - PMSSCR_EL1.NC has no write behaviour in its description; MSR is taken to leave it unchanged.
 */
#ifndef PMUCHECK_PMU_SNAPSHOT_H
#define PMUCHECK_PMU_SNAPSHOT_H

#include <stdbool.h>
#include <stdint.h>

#include "model/pc_sample.h"
#include "model/pmu_model.h"

/* The categories of Table D13-10 (D13.9). */
enum pmu_capture {
	PMU_CAPTURE_DISABLED,   /* "Capture events are disabled" */
	PMU_CAPTURE_PROHIBITED, /* "Capture events are enabled and prohibited" */
	PMU_CAPTURE_ALLOWED,    /* "Capture events are enabled and allowed" */
	PMU_CAPTURE_COUNT
};
#define PMU_CAPTURE_BIT(o) (1u << (o))

/*
 * PMUCaptureEventEnabled() (J1.3.1.109; D13.9 RYWLFL): reads MDCR_EL3.PMSSE (when EL3 is implemented),
 * MDCR_EL2.PMSSE (when EL2 is implemented, whether or not it is enabled in the current Security state: HaveEL,
 * not EL2Enabled) and PMECR_EL1.SSE. The first that is not 0b01 decides: enabled when it is 0b1x. False without
 * FEAT_PMUv3_SS. Reserved PMECR_EL1.SSE 0b01: read as 0b00 (Constraint_DISABLED), *unpredictable set (may be
 * NULL).
 */
bool pmu_capture_event_enabled(const struct pmu_features *f, const struct pmu_state *s, bool *unpredictable);

/*
 * PMUCaptureEventAllowed() (J1.3.1.108; D13.9 RTSYTY): enabled, the OS Lock unlocked (OSLSR_EL1.OSLK == 0), the
 * deciding control (as above) 0b11, and, from RTSYTY's text (absent from the pseudocode), the PE in Non-debug
 * state (!Halted()) or pmu_features.pmss_in_debug (IMPLEMENTATION DEFINED). False without FEAT_PMUv3_SS.
 * Reserved PMECR_EL1.SSE as pmu_capture_event_enabled().
 */
bool pmu_capture_event_allowed(const struct pmu_features *f, const struct pmu_state *s, bool *unpredictable);

/*
 * The Table D13-10 category of the state: Disabled, Prohibited (enabled, not allowed) or Allowed, with the
 * reserved PMECR_EL1.SSE read as 0b00. Disabled without FEAT_PMUv3_SS.
 */
enum pmu_capture pmu_capture_outcome(const struct pmu_features *f, const struct pmu_state *s);

/*
 * The set (PMU_CAPTURE_BIT()s) of the categories the architecture permits: one bit, except with the reserved
 * PMECR_EL1.SSE 0b01 deciding, where every choice of ConstrainUnpredictableBits() in PMUCaptureEventEnabled()
 * and in PMUCaptureEventAllowed() (0b00, 0b10, 0b11 each) contributes its outcome.
 */
unsigned pmu_capture_outcomes(const struct pmu_features *f, const struct pmu_state *s);

/*
 * An MSR PMSSCR_EL1 of `value` (PMSSCR_EL1, D24.5.23; D13.9 RSCLCQ, RMFJWS): returns PMSSCR_EL1 afterwards.
 * SS: a write of 0 is ignored; when Capture events are disabled (pmu_capture_event_enabled()) the field is RO and
 * a write of 1 is ignored too; else a write of 1 sets SS and generates a Capture event (*capture = true; may be
 * NULL), which pmu_capture_event() completes. NC: the register description gives it no write behaviour; the model
 * treats it as status the PE writes, unchanged by MSR. RES0 bits stay 0. Without FEAT_PMUv3_SS the register is
 * absent (UNDEFINED): returns s->pmsscr_el1 unchanged, no Capture event.
 */
uint64_t pmu_pmsscr_write(const struct pmu_features *f, const struct pmu_state *s, uint64_t value, bool *capture);

/* The live counters a Capture event reads. */
struct pmu_live_counters {
	uint64_t pmevcntr_el0[31]; /* PMEVCNTR<n>_EL0, n < NUM_PMU_COUNTERS */
	uint64_t pmccntr_el0;
	uint64_t pmicntr_el0;      /* FEAT_PMUv3_ICNTR */
};

/* The snapshot registers and PMSSCR_EL1, as they are before a Capture event and as it leaves them. */
struct pmu_snapshot_regs {
	uint64_t pmevcntsvr_el1[31]; /* PMEVCNTSVR<n>_EL1 */
	uint64_t pmccntsvr_el1;
	uint64_t pmicntsvr_el1;
	struct pmu_pcsr_regs pcsr;   /* PMPCSR, PMCID1SR, PMCID2SR, PMVIDSR (FEAT_PCSRv8p9 with PMPCSCTL.SS == 1) */
	uint64_t pmsscr_el1;
};

/* Which registers a Capture event wrote (pmu_capture_result.written). */
#define PMU_SNAP_W_EVCNT(n)  BIT64(n)   /* PMEVCNTSVR<n>_EL1 */
#define PMU_SNAP_W_CCNT      BIT64(31)  /* PMCCNTSVR_EL1 */
#define PMU_SNAP_W_ICNT      BIT64(32)  /* PMICNTSVR_EL1 */
#define PMU_SNAP_W_PCSAMPLE  BIT64(33)  /* PMPCSR, PMCID1SR, PMCID2SR, PMVIDSR: a PC sample (SetPCSample()) */
#define PMU_SNAP_W_PCSR_ONES BIT64(34)  /* PMPCSR[31:0] = 0xFFFFFFFF only, the rest unchanged */
#define PMU_SNAP_W_PMSSCR    BIT64(35)  /* PMSSCR_EL1.{NC, SS} */

/* Whether the PMU_SNAPSHOT event is generated on completion. */
enum pmu_snapshot_event { PMU_SNAPSHOT_EVENT_NO, PMU_SNAPSHOT_EVENT_YES, PMU_SNAPSHOT_EVENT_MAYBE };

struct pmu_capture_result {
	enum pmu_capture outcome;      /* Disabled: no Capture event (RSCLCQ), nothing written */
	uint64_t written;              /* PMU_SNAP_W_* */
	enum pmu_snapshot_event event; /* PMU_SNAPSHOT: YES in Non-debug state, MAYBE (CONSTRAINED UNPREDICTABLE) in
					  Debug state, NO when not successful */
};

/*
 * PMUCaptureEvent() (J1.3.1.107; D13.9): a Capture event at state s with the live counters; updates *regs.
 * Disabled (pmu_capture_outcome()): no Capture event is generated (RSCLCQ), *regs unchanged. Prohibited: snapshot
 * registers and PC sample registers unchanged, PMSSCR_EL1.{NC, SS} = {1, 0}. Allowed: PMEVCNTSVR<n>_EL1 =
 * PMEVCNTR<n>_EL0 for n < NUM_PMU_COUNTERS; PMCCNTSVR_EL1 = PMCCNTR_EL0; PMICNTSVR_EL1 = PMICNTR_EL0 with
 * FEAT_PMUv3_ICNTR; with FEAT_PCSRv8p9 and PMPCSCTL.SS == 1 the PC sample *ps (pc_sample_set()) when
 * ps->valid and not Halted(), else PMPCSR[31:0] = 0xFFFFFFFF; then PMSSCR_EL1.{NC, SS} = {0, 0} and the
 * PMU_SNAPSHOT event. BRBE freezing (BRBCR_EL1.FZPSS) and the FEAT_PMUv3_EXT64 registers PMCCIDSR and PMVCIDSR
 * are not modelled. Without FEAT_PMUv3_SS: Disabled.
 */
struct pmu_capture_result pmu_capture_event(const struct pmu_features *f, const struct pmu_state *s,
					    const struct pmu_live_counters *live, const struct pc_sample *ps,
					    struct pmu_snapshot_regs *regs);

#endif
