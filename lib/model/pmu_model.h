/*
 * pmu_model.h - a pure model of the PMUv3 rules: no register access, builds for the target and the host.
 *
 * Each function mirrors one pseudocode function of the Arm ARM (DDI0487 M.a.a, J1.3; local copies in
 * ../shared/spec/pseudocode/) and is named after it. The machine is described by two structs: what the ID
 * registers say (pmu_features) and the controls plus PSTATE (pmu_state). AArch64 at every Exception
 * level is assumed (pmucheck runs no AArch32 code), as are FEAT_Debugv8p2 semantics for the authentication
 * interface (PE not halted, no external debug).
 */
#ifndef PMUCHECK_PMU_MODEL_H
#define PMUCHECK_PMU_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/arch_regs.h"

/* What the ID registers say. */
struct pmu_features {
	unsigned pmuver;       /* ID_AA64DFR0_EL1.PMUVer */
	unsigned num_counters; /* NUM_PMU_COUNTERS: PMCR_EL0.N read at EL3 or EL2 (or with EL2 absent) */
	bool el2;              /* HaveEL(EL2): ID_AA64PFR0_EL1.EL2 != 0 */
	bool el3;              /* HaveEL(EL3): ID_AA64PFR0_EL1.EL3 != 0 */
	bool sel2;             /* FEAT_SEL2: ID_AA64PFR0_EL1.SEL2 != 0 */
	bool hpmn0;            /* FEAT_HPMN0: ID_AA64DFR0_EL1.HPMN0 != 0 */
	bool aarch32;          /* HaveAArch32(): AArch32 at some EL (an ID_AA64PFR0_EL1.ELx field == 0b0010) */
	bool ebep;             /* FEAT_EBEP: ID_AA64DFR1_EL1.EBEP != 0 */
	bool sebep;            /* FEAT_SEBEP: ID_AA64DFR0_EL1.SEBEP != 0 */
	/* PMU snapshots (D13.9; lib/model/pmu_snapshot.h). Zero: not implemented / not allowed. */
	bool pmss;             /* FEAT_PMUv3_SS: ID_AA64DFR0_EL1.PMSS == 0b0001 */
	bool pmicntr;          /* FEAT_PMUv3_ICNTR: ID_AA64DFR1_EL1.PMICNTR != 0 */
	bool pcsrv8p9;         /* FEAT_PCSRv8p9: PC sampling on a Capture event (PMPCSCTL.SS) */
	bool pmss_in_debug;    /* IMPLEMENTATION DEFINED (D13.9 RTSYTY): the PE allows Capture events in Debug state */
	bool mtpmu;            /* FEAT_MTPMU: ID_AA64DFR0_EL1.MTPMU == 0b0001 */
	bool spev1p2;          /* FEAT_SPEv1p2: ID_AA64DFR0_EL1.PMSVer >= 0b0011 (SPEFreezeOnEvent) */
	bool spe_dpfzs;        /* FEAT_SPE_DPFZS: ID_AA64DFR1_EL1.DPFZS != 0 (the SPE freeze stops the cycle counter) */
	bool aarch32_only;     /* !HaveAArch64(): no Exception level uses AArch64 (AArch32.IncrementEventCounter's
				* second branch: 32-bit event counters, PMCR.LP RES0). pmucheck itself runs AArch64, so
				* only the host tests set it. */
};

/* PSTATE, Security state and the controls the rules read (register values as programmed). */
struct pmu_state {
	unsigned el;           /* PSTATE.EL, 0..3 */
	bool secure;           /* CurrentSecurityState() == SS_Secure (always at EL3 without FEAT_RME) */
	uint64_t scr_el3;      /* SCR_EL3 (NS, EEL2 decide EL2Enabled()); ignored without EL3 */
	uint64_t mdcr_el3;
	uint64_t mdcr_el2;
	uint64_t pmcr_el0;     /* E, DP, N is not read from here: see pmu_features.num_counters */
	uint64_t pmcntenset_el0;
	uint64_t pmccfiltr_el0;
	uint64_t pmicfiltr_el0; /* FEAT_PMUv3_ICNTR: the instruction counter's filter */
	uint64_t pmevtyper[31]; /* PMEVTYPER<n>_EL0 */
	uint64_t pmecr_el1;    /* FEAT_EBEP: PMEE[1:0] */
	uint64_t hcr_el2;      /* TGE decides the PMU exception's target (PMUExceptionEnabled) */
	uint64_t pmovsclr_el0; /* overflow flags, for freeze on overflow (FEAT_PMUv3p7) */
	/* PMU snapshots (D13.9; lib/model/pmu_snapshot.h). Zero: OS Lock unlocked, no capture pending, Non-debug
	 * state, PC sampling on Capture events off. PMECR_EL1.SSE is in pmecr_el1 above. */
	uint64_t oslsr_el1;    /* OSLSR_EL1.OSLK: OSLockStatus() */
	uint64_t pmsscr_el1;   /* PMSSCR_EL1.{NC, SS} */
	bool halted;           /* Halted(): the PE is in Debug state */
	bool pmpcsctl_ss;      /* PMPCSCTL.SS (FEAT_PCSRv8p9): sample the PC on a Capture event */
	bool el1_aarch32;      /* ELUsingAArch32(EL1): the context's EL1 is AArch32 (EL3 AArch64) */
	uint64_t sder32_el3;   /* SDER32_EL3.SUNIDEN (bit 1): Secure EL0 counting with an AArch32 EL1 (CountPMUEvents) */
	uint64_t pmblimitr_el1; /* FEAT_SPE: PMBLIMITR_EL1.{E, PMFZ} (SPEFreezeOnEvent) */
	uint64_t pmbsr_el1;    /* FEAT_SPE: PMBSR_EL1.S, collection stopped (SPEProfilingStopped) */
};

enum pmu_counter_range { PMUCounterRange_R1, PMUCounterRange_R2, PMUCounterRange_R3 };

/*
 * FEAT_PMUv3pX from ID_AA64DFR0_EL1.PMUVer (0xF, IMPLEMENTATION DEFINED, is not PMUv3). Inline: the model asks
 * them on every evaluation, and each call and return was a trip through QEMU's jump cache (make bench).
 */
#define PMU_MODEL_INLINE static inline __attribute__((always_inline)) /* -Os would keep a copy and call it */
PMU_MODEL_INLINE bool pmu_implemented(const struct pmu_features *f)
{
	return f->pmuver != PMUVer_NI && f->pmuver != PMUVer_IMPDEF;
}
PMU_MODEL_INLINE bool feat_pmuv3p1(const struct pmu_features *f)
{
	return pmu_implemented(f) && f->pmuver >= PMUVer_V3P1;
}
PMU_MODEL_INLINE bool feat_pmuv3p5(const struct pmu_features *f)
{
	return pmu_implemented(f) && f->pmuver >= PMUVer_V3P5;
}
PMU_MODEL_INLINE bool feat_pmuv3p7(const struct pmu_features *f)
{
	return pmu_implemented(f) && f->pmuver >= PMUVer_V3P7;
}

/*
 * EL2Enabled() (J1.3): EL2 implemented and, with EL3, SCR_EL3.NS == 1 or SCR_EL3.EEL2 == 1
 * (IsSecureEL2Enabled()). Without EL3 the Security state is fixed: EL2 is enabled when implemented.
 */
PMU_MODEL_INLINE bool el2_enabled(const struct pmu_features *f, const struct pmu_state *s)
{
	if (!f->el2)
		return false;
	if (!f->el3)
		return true;
	/* EL2Enabled() = HaveEL(EL2) && (!HaveEL(EL3) || SCR_EL3.NS == '1' || IsSecureEL2Enabled()) */
	return (s->scr_el3 & SCR_EL3_NS_BIT) || (f->sel2 && (s->scr_el3 & SCR_EL3_EEL2_BIT));
}

/*
 * EffectiveHPMN() (J1.3.1.95): MDCR_EL2.HPMN when EL2 is implemented (whether or not it is enabled in the
 * current Security state), else NUM_PMU_COUNTERS. Values above N, or 0 without FEAT_HPMN0, are
 * CONSTRAINED UNPREDICTABLE: *unpredictable is set (may be NULL) and HPMN is returned unchanged.
 */
PMU_MODEL_INLINE unsigned effective_hpmn(const struct pmu_features *f, const struct pmu_state *s,
				   bool *unpredictable)
{
	unsigned counters = f->num_counters; /* EffectiveEPMN() without FEAT_PMUv3_EXTPMN */
	unsigned hpmn;
	bool unpred = false;

	if (f->el2) {
		hpmn = (unsigned)FIELD_GET(MDCR_EL2, HPMN, s->mdcr_el2);
		/* UInt(hpmn_bits) > counters || (!FEAT_HPMN0 && IsZero(hpmn_bits)): Unpredictable_RES_HPMN */
		unpred = hpmn > counters || (!f->hpmn0 && hpmn == 0);
	} else {
		hpmn = counters;
	}
	if (unpredictable)
		*unpredictable = unpred;
	return hpmn;
}

/*
 * GetPMUCounterRange(n) (J1.3.1.99): R1 for n < EffectiveHPMN(), the cycle counter (31) and the instruction
 * counter (32); R2 for the event counters above. R3 needs FEAT_PMUv3_EXTPMN, which the model leaves out.
 */
PMU_MODEL_INLINE enum pmu_counter_range get_pmu_counter_range(const struct pmu_features *f,
							      const struct pmu_state *s, unsigned idx)
{
	if (idx == CYCLE_COUNTER_ID || idx == INSTRUCTION_COUNTER_ID)
		return PMUCounterRange_R1;
	/* if n < hpmn then R1 elsif n < epmn then R2 (epmn == NUM_PMU_COUNTERS without EXTPMN) */
	return idx < effective_hpmn(f, s, NULL) ? PMUCounterRange_R1 : PMUCounterRange_R2;
}

/*
 * GetNumEventCountersAccessible() (J1.3.1.96): EffectiveHPMN() at EL1 and EL0 when EL2Enabled(), else
 * NUM_PMU_COUNTERS. This is also what PMCR_EL0.N reads at that EL (PMCR_EL0.N, D24.5.8; D11.5.1 Note).
 */
unsigned get_num_event_counters_accessible(const struct pmu_features *f, const struct pmu_state *s);

/*
 * PMUSwIncrement() (J1.3.1.114): whether a write of 1 to PMSWINC_EL0 bit n at this EL reaches event counter n
 * (bits n >= GetNumEventCountersAccessible() are RAZ/WI, PMSWINC_EL0 D24.5.17). FEAT_PMUv3p9's PMUACR_EL1
 * mask is not modelled: pmucheck runs EL0 with PMUSERENR_EL0.EN == 1, where it does not apply.
 */
bool pmu_sw_increment_reaches(const struct pmu_features *f, const struct pmu_state *s, unsigned n);

/*
 * Whether a write of PMCR_EL0.P = 1 at this state resets event counter n (PMCR_EL0.P, D24.5.8): every counter
 * in the first range, and those in the second range when EL2 is disabled or not implemented in the current
 * Security state, or the PE is at EL2 or EL3.
 */
bool pmcr_p_resets(const struct pmu_features *f, const struct pmu_state *s, unsigned n);

/*
 * SPEFreezeOnEvent(idx) (J1.1.1.88, D11.5.2, D13.5.2.2): whether counter idx is frozen by an SPE buffer management
 * event: FEAT_SPEv1p2 and FEAT_PMUv3p7, PMBLIMITR_EL1.{E, PMFZ} == '11', collection stopped (PMBSR_EL1.S == 1,
 * SPEProfilingStopped() without FEAT_SPE_EXC), and PMCR_EL0.FZS for the first range (the instruction counter
 * included), MDCR_EL2.HPMFZS for the second. The cycle counter only with FEAT_SPE_DPFZS. count_pmu_events() takes
 * it with the overflow freeze ("frozen = frozen || SPEFreezeOnEvent(idx)").
 */
bool spe_freeze_on_event(const struct pmu_features *f, const struct pmu_state *s, unsigned idx);

/*
 * The Effective value of PMEVTYPER<n>_EL0.MT (PMEVTYPER<n>_EL0, MDCR_EL3, MDCR_EL2 register descriptions;
 * D11.7.1): the bit where FEAT_MTPMU is implemented and enabled; 0 (the counter counts only its own PE's events)
 * without FEAT_MTPMU, or with it disabled: MDCR_EL3.MTPME == 0 with EL3, MDCR_EL2.MTPME == 0 without EL3 (with
 * EL2). With 1, the counter counts the events Attributable to every PE with the same affinity at level 1 and
 * above, each filtered by CountPMUEvents() in the state of the PE it is Attributable to (Example D11-3).
 */
bool pmevtyper_mt_effective(const struct pmu_features *f, const struct pmu_state *s, unsigned n);

/*
 * CountPMUEvents(idx) (J1.3.1.93): whether counter idx (event counter 0..N-1, CYCLE_COUNTER_ID, or
 * INSTRUCTION_COUNTER_ID with PMCNTENSET_EL0.F0 and PMICFILTR_EL0) counts its
 * event at the state's EL and Security state. Covers the enables (PMCR_EL0.E or MDCR_EL2.HPME by range,
 * PMCNTENSET_EL0, D11.5.1), prohibition (MDCR_EL3.SPME/MPMX, MDCR_EL2.HPMD, PMCR_EL0.DP, MDCR_EL3.SCCD,
 * MDCR_EL2.HCCD, MDCR_EL3.MCCD, D11.5.3) and filtering (P, U, NSK, NSU, NSH, M, SH, D11.7.1). Freezing
 * on overflow is included (pmu_frozen()); freezing on SPE buffer management events (FEAT_SPEv1p2),
 * FEAT_SEBEP's SYNC, FEAT_RME and FEAT_PMUv3_SME filters are outside this model: the caller keeps those
 * controls at their non-freezing, non-filtering values.
 */
bool count_pmu_events(const struct pmu_features *f, const struct pmu_state *s, unsigned idx);

/*
 * Freeze on overflow (D11.5.2, D13.5.2.1 RMZPBW; ShouldPMUFreeze): with FEAT_PMUv3p7, a counter in the first
 * range (event counters n < HPMN and, with FEAT_PMUv3_ICNTR, the instruction counter) is frozen when
 * PMCR_EL0.FZO == 1 and an overflow flag of the first range (PMOVSCLR_EL0[HPMN-1:0], and F0 with
 * FEAT_PMUv3_ICNTR) is set; one in the second range when MDCR_EL2.HPMFZO == 1 and a flag of the second range is
 * set. The cycle counter is never frozen itself (PMCR_EL0.DP stops it, through count_pmu_events()). False
 * without FEAT_PMUv3p7.
 */
bool pmu_frozen(const struct pmu_features *f, const struct pmu_state *s, unsigned idx);

/*
 * The bit whose unsigned overflow sets PMOVSCLR_EL0[idx]: 32 or 64 (D13.3 RQZJKS, RNTZHW;
 * AArch64.IncrementEventCounter, AArch64.IncrementCycleCounter). Event counters: 32 without FEAT_PMUv3p5,
 * else the Effective PMCR_EL0.LP (first range) or MDCR_EL2.HLP (second range), which is 1 when the PMU
 * Profiling exception is enabled (pmu_exception_target(), model/pmu_ebep.h). Cycle counter: 32 only when AArch32 is implemented and the Effective
 * PMCR_EL0.LC is 0. Instruction counter: 64.
 */
unsigned pmu_overflow_width(const struct pmu_features *f, const struct pmu_state *s, unsigned idx);

/*
 * AArch32.IncrementEventCounter(idx, increment) (J1.2.1.10) for event counter idx holding `old`, as the PE does when
 * the counter counts in an AArch32 context: with HaveAArch64() it is AArch64.IncrementEventCounter (the counter is
 * pmu_counter_bits() wide and overflows at pmu_overflow_width()); in an AArch32-only implementation
 * (f->aarch32_only) the counter is 32 bits and overflows at bit 32 whatever PMCR.LP says (LP RES0 there). Returns
 * the new value, and in *overflow whether PMOVSSET<idx> is set (old<64:ovflw> != new<64:ovflw>). Chained counters
 * (the CHAIN event) are not modelled.
 */
uint64_t pmu_aarch32_increment_event_counter(const struct pmu_features *f, const struct pmu_state *s, unsigned idx,
					     uint64_t old, uint64_t increment, bool *overflow);

/* Width of the counter register itself in bits: event counters 64 with FEAT_PMUv3p5 else 32; others 64. */
unsigned pmu_counter_bits(const struct pmu_features *f, unsigned idx);

/*
 * The overflow interrupt request (D13.3.1; CheckPMUOverflowCondition(PMUOverflowCondition_IRQ), J1.3.1.91):
 * level-sensitive, asserted while some counter n has PMOVSSET_EL0[n] and PMINTENSET_EL1[n] set and its
 * global enable (PMCR_EL0.E for the first range and the cycle counter, MDCR_EL2.HPME for the second) is 1.
 * With FEAT_PMUv3_ICNTR the instruction counter's F0 (bit 32) takes part under PMCR_EL0.E (D13.3.1).
 * PMCNTENSET_EL0 does not take part. pmovsset and pmintenset are the registers' values.
 */
bool pmu_overflow_irq(const struct pmu_features *f, const struct pmu_state *s, uint64_t pmovsset,
		      uint64_t pmintenset);

/*
 * IncrementInstructionCounter(increment) (J1.3.1.104; D13.3 RFBGFH), FEAT_PMUv3_ICNTR: when
 * count_pmu_events(INSTRUCTION_COUNTER_ID), *pmicntr (PMICNTR_EL0) advances by `increment` modulo 2^64 and an
 * unsigned overflow of bits [63:0] sets F0 (bit 32) in *pmovsset (PMOVSSET_EL0); the Effective PMCR_EL0.LP is
 * 1 for this counter, so crossing 2^32 sets nothing. Returns whether the counter counted; false (nothing
 * changed) without FEAT_PMUv3_ICNTR. FEAT_SEBEP's SyncCounterOverflowed is outside this model.
 */
bool increment_instruction_counter(const struct pmu_features *f, const struct pmu_state *s, uint64_t *pmicntr,
				   uint64_t *pmovsset, uint64_t increment);

#endif
