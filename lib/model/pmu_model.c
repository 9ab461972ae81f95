/*
 * pmu_model.c - see pmu_model.h. Each function follows its pseudocode line by line; comments name the
 * pseudocode statement or the rule of D11.5 it implements.
 */
#include <stddef.h>

#include "model/pmu_ebep.h"
#include "model/pmu_model.h"

unsigned get_num_event_counters_accessible(const struct pmu_features *f, const struct pmu_state *s)
{
	/* if PSTATE.EL IN {EL1, EL0} && EL2Enabled() then n = EffectiveHPMN() else n = EffectiveEPMN() */
	if (s->el <= 1 && el2_enabled(f, s))
		return effective_hpmn(f, s, NULL);
	return f->num_counters;
}

bool pmu_sw_increment_reaches(const struct pmu_features *f, const struct pmu_state *s, unsigned n)
{
	/* mask<counters-1:0> = Ones(counters); sw_incr = sw_incr AND mask */
	return n < get_num_event_counters_accessible(f, s);
}

bool pmcr_p_resets(const struct pmu_features *f, const struct pmu_state *s, unsigned n)
{
	if (get_pmu_counter_range(f, s, n) == PMUCounterRange_R1)
		return true;
	return !el2_enabled(f, s) || s->el >= 2;
}

/* The filter word of counter idx: PMCCFILTR_EL0, PMICFILTR_EL0 or PMEVTYPER<idx>_EL0, bits [31:0]. */
static uint64_t pmu_filter(const struct pmu_state *s, unsigned idx)
{
	if (idx == CYCLE_COUNTER_ID)
		return s->pmccfiltr_el0 & MASK64(31, 0);
	if (idx == INSTRUCTION_COUNTER_ID)
		return s->pmicfiltr_el0 & MASK64(31, 0);
	return s->pmevtyper[idx] & MASK64(31, 0);
}

/* The "filtered" part of CountPMUEvents(): P, U, NSK, NSU, NSH, M, SH per PSTATE.EL and Security state. */
static bool pmu_filtered(const struct pmu_features *f, const struct pmu_state *s, unsigned idx)
{
	uint64_t filter = pmu_filter(s, idx);
	bool p = filter & PMEVTYPER_P_BIT;
	bool u = filter & PMEVTYPER_U_BIT;
	/* nsk, nsu, m read as 0 without EL3; nsh without EL2; sh without EL3 and FEAT_SEL2 */
	bool nsk = f->el3 && (filter & PMEVTYPER_NSK_BIT);
	bool nsu = f->el3 && (filter & PMEVTYPER_NSU_BIT);
	bool nsh = f->el2 && (filter & PMEVTYPER_NSH_BIT);
	bool m = f->el3 && (filter & PMEVTYPER_M_BIT);
	bool sh = f->el3 && f->sel2 && (filter & PMEVTYPER_SH_BIT);

	switch (s->el) {
	case 0:
		return s->secure ? u : u != nsu;
	case 1:
		return s->secure ? p : p != nsk;
	case 2:
		return s->secure ? nsh == sh : !nsh;
	default:
		return m != p; /* EL3 using AArch64 */
	}
}

/* The "prohibited" part of CountPMUEvents() for event counting (D11.5.3), before the cycle counter's DP. */
static bool pmu_event_counting_prohibited(const struct pmu_features *f, const struct pmu_state *s,
					  enum pmu_counter_range range)
{
	bool prohibited = false;

	/* Secure state or EL3: prohibited unless MDCR_EL3.SPME == 1, or FEAT_PMUv3p7 and MDCR_EL3.MPMX == 1 */
	if (f->el3 && (s->secure || s->el == 3))
		prohibited = !(s->mdcr_el3 & MDCR_EL3_SPME_BIT) &&
			     (!feat_pmuv3p7(f) || !(s->mdcr_el3 & MDCR_EL3_MPMX_BIT));
	/* "if prohibited && PSTATE.EL == EL0 then ... elsif ELUsingAArch32(EL1) then prohibited =
	 * SDER32_EL3.SUNIDEN == '0'" (EL3 is AArch64 here): Secure EL0 under an AArch32 EL1 */
	if (prohibited && s->el == 0 && s->el1_aarch32)
		prohibited = !(s->sder32_el3 & SDER32_EL3_SUNIDEN_BIT);
	/* EL3 with FEAT_PMUv3p7: MPMX == 1 prohibits unless SPME == 1 and the counter is reserved for EL2 */
	if (!prohibited && feat_pmuv3p7(f) && s->el == 3)
		prohibited = (s->mdcr_el3 & MDCR_EL3_MPMX_BIT) &&
			     (!(s->mdcr_el3 & MDCR_EL3_SPME_BIT) || range == PMUCounterRange_R1);
	/* EL2 with FEAT_PMUv3p1: MDCR_EL2.HPMD == 1 prohibits counters in the first range */
	if (!prohibited && s->el == 2 && feat_pmuv3p1(f) && range == PMUCounterRange_R1)
		prohibited = s->mdcr_el2 & MDCR_EL2_HPMD_BIT;
	/* FEAT_Debugv8p2 assumed: no IMPLEMENTATION DEFINED authentication interface override. */
	return prohibited;
}

/*
 * The overflow flags CheckPMUOverflowCondition(PMUOverflowCondition_Freeze, include_r1 = TRUE) looks at for the
 * first range: PMOVSCLR_EL0[HPMN-1:0] and, with FEAT_PMUv3_ICNTR, F0 (bit 32: "Instruction counter ... if
 * !include_r1 then ovsf<INSTRUCTION_COUNTER_ID> = '0'"; D13.5.2.1 RMZPBW); never C (exclude_cyc).
 */
static uint64_t first_range_freeze_flags(const struct pmu_features *f, const struct pmu_state *s)
{
	return (BIT64(effective_hpmn(f, s, NULL)) - 1) | (f->pmicntr ? PMU_CNT_F0_BIT : 0);
}

bool pmu_frozen(const struct pmu_features *f, const struct pmu_state *s, unsigned idx)
{
	unsigned hpmn = effective_hpmn(f, s, NULL), n = f->num_counters;
	uint64_t first = first_range_freeze_flags(f, s), second = (BIT64(n) - 1) & ~(BIT64(hpmn) - 1);

	if (!feat_pmuv3p7(f) || idx == CYCLE_COUNTER_ID)
		return false;
	if (get_pmu_counter_range(f, s, idx) == PMUCounterRange_R1)
		return (s->pmcr_el0 & PMCR_EL0_FZO_BIT) && (s->pmovsclr_el0 & first);
	return (s->mdcr_el2 & MDCR_EL2_HPMFZO_BIT) && (s->pmovsclr_el0 & second);
}

/* Whether event counting in the first range is frozen: what PMCR_EL0.DP looks at for the cycle counter. */
static bool first_range_frozen(const struct pmu_features *f, const struct pmu_state *s)
{
	return feat_pmuv3p7(f) && (s->pmcr_el0 & PMCR_EL0_FZO_BIT) && (s->pmovsclr_el0 & first_range_freeze_flags(f, s));
}

bool pmevtyper_mt_effective(const struct pmu_features *f, const struct pmu_state *s, unsigned n)
{
	bool disabled = f->el3 ? !(s->mdcr_el3 & MDCR_EL3_MTPME_BIT) : f->el2 && !(s->mdcr_el2 & MDCR_EL2_MTPME_BIT);

	return f->mtpmu && !disabled && n < 31 && (s->pmevtyper[n] & PMEVTYPER_MT_BIT);
}

bool spe_freeze_on_event(const struct pmu_features *f, const struct pmu_state *s, unsigned idx)
{
	bool freeze_on_event, stopped;

	if (!f->spev1p2 || !feat_pmuv3p7(f))
		return false;
	if (idx == CYCLE_COUNTER_ID && !f->spe_dpfzs) /* FZS does not affect the cycle counter without DPFZS */
		return false;
	freeze_on_event = (s->pmblimitr_el1 & (PMBLIMITR_EL1_E_BIT | PMBLIMITR_EL1_PMFZ_BIT)) ==
			  (PMBLIMITR_EL1_E_BIT | PMBLIMITR_EL1_PMFZ_BIT);
	stopped = s->pmbsr_el1 & PMBSR_EL1_S_BIT;
	if (get_pmu_counter_range(f, s, idx) == PMUCounterRange_R1)
		return freeze_on_event && stopped && (s->pmcr_el0 & PMCR_EL0_FZS_BIT);
	return freeze_on_event && stopped && (s->mdcr_el2 & MDCR_EL2_HPMFZS_BIT);
}

bool count_pmu_events(const struct pmu_features *f, const struct pmu_state *s, unsigned idx)
{
	enum pmu_counter_range range = get_pmu_counter_range(f, s, idx);
	bool global_en, counter_en, enabled, prohibited, frozen;

	/* Main enable controls (D11.5.1, Tables D11-2 and D11-3) */
	global_en = range == PMUCounterRange_R1 ? (s->pmcr_el0 & PMCR_EL0_E_BIT)
						: (s->mdcr_el2 & MDCR_EL2_HPME_BIT);
	/* PMCNTENSET_EL0.C for the cycle counter, .F0 (bit 32 == INSTRUCTION_COUNTER_ID) for the instruction
	 * counter, P<n> for event counter n */
	counter_en = s->pmcntenset_el0 & (idx == CYCLE_COUNTER_ID ? PMU_CNT_C_BIT : BIT64(idx));
	enabled = global_en && counter_en;

	prohibited = pmu_event_counting_prohibited(f, s, range);
	frozen = pmu_frozen(f, s, idx) || spe_freeze_on_event(f, s, idx); /* "frozen || SPEFreezeOnEvent(idx)" */
	if (idx == CYCLE_COUNTER_ID) {
		/* PMCR_EL0.DP disables the cycle counter when event counting (in the first range) is prohibited
		 * or frozen; otherwise neither affects the cycle counter. */
		if ((prohibited || first_range_frozen(f, s) || spe_freeze_on_event(f, s, idx)) &&
		    (s->pmcr_el0 & PMCR_EL0_DP_BIT))
			enabled = false;
		prohibited = false;
		/* FEAT_PMUv3p5: MDCR_EL3.SCCD in Secure state or at EL3, MDCR_EL2.HCCD at EL2 */
		if (feat_pmuv3p5(f)) {
			if (f->el3 && (s->secure || s->el == 3) && (s->mdcr_el3 & MDCR_EL3_SCCD_BIT))
				prohibited = true;
			if (s->el == 2 && (s->mdcr_el2 & MDCR_EL2_HCCD_BIT))
				prohibited = true;
		}
		/* FEAT_PMUv3p7: MDCR_EL3.MCCD at EL3 */
		if (feat_pmuv3p7(f) && s->el == 3 && (s->mdcr_el3 & MDCR_EL3_MCCD_BIT))
			prohibited = true;
	}
	return enabled && !prohibited && !frozen && !pmu_filtered(f, s, idx);
}

unsigned pmu_overflow_width(const struct pmu_features *f, const struct pmu_state *s, unsigned idx)
{
	bool exc = pmu_exception_target(f, s, NULL); /* RQZJKS: LP, HLP, LC Effectively 1 */

	if (idx == CYCLE_COUNTER_ID) /* ovflw = if HaveAArch32() && lc == '0' then 32 else 64 */
		return f->aarch32 && !exc && !(s->pmcr_el0 & PMCR_EL0_LC_BIT) ? 32 : 64;
	if (idx == INSTRUCTION_COUNTER_ID)
		return 64;
	if (!feat_pmuv3p5(f))
		return 32;
	if (exc)
		return 64;
	if (get_pmu_counter_range(f, s, idx) == PMUCounterRange_R1)
		return (s->pmcr_el0 & PMCR_EL0_LP_BIT) ? 64 : 32;
	return (s->mdcr_el2 & MDCR_EL2_HLP_BIT) ? 64 : 32;
}

uint64_t pmu_aarch32_increment_event_counter(const struct pmu_features *f, const struct pmu_state *s, unsigned idx,
					     uint64_t old, uint64_t increment, bool *overflow)
{
	/* if HaveAArch64() then return AArch64.IncrementEventCounter(...); else 32 bits, ovflw = 32 */
	unsigned bits = f->aarch32_only ? 32 : pmu_counter_bits(f, idx);
	unsigned ovflw = f->aarch32_only ? 32 : pmu_overflow_width(f, s, idx);
	uint64_t mask = bits == 64 ? ~U64(0) : (U64(1) << bits) - 1;
	uint64_t oldv = old & mask, newv = oldv + increment;
	/* old_value<64:ovflw> != new_value<64:ovflw>: the integer sum carried past bit ovflw - 1 */
	bool carry64 = newv < oldv;

	*overflow = ovflw == 64 ? carry64 : carry64 || (oldv >> 32) != (newv >> 32);
	return newv & mask;
}

unsigned pmu_counter_bits(const struct pmu_features *f, unsigned idx)
{
	if (idx == CYCLE_COUNTER_ID || idx == INSTRUCTION_COUNTER_ID)
		return 64;
	return feat_pmuv3p5(f) ? 64 : 32;
}

bool pmu_overflow_irq(const struct pmu_features *f, const struct pmu_state *s, uint64_t pmovsset,
		      uint64_t pmintenset)
{
	uint64_t ovsf = pmovsset & pmintenset;
	unsigned n;

	for (n = 0; n < f->num_counters; n++) {
		bool global_en = get_pmu_counter_range(f, s, n) == PMUCounterRange_R1
					 ? (s->pmcr_el0 & PMCR_EL0_E_BIT) : (s->mdcr_el2 & MDCR_EL2_HPME_BIT);

		if ((ovsf & BIT64(n)) && global_en)
			return true;
	}
	/* cycle counter: PMCR_EL0.E; instruction counter (F0, with FEAT_PMUv3_ICNTR): PMCR_EL0.E */
	if (!f->pmicntr)
		ovsf &= ~PMU_CNT_F0_BIT;
	return (ovsf & (PMU_CNT_C_BIT | PMU_CNT_F0_BIT)) && (s->pmcr_el0 & PMCR_EL0_E_BIT);
}

bool increment_instruction_counter(const struct pmu_features *f, const struct pmu_state *s, uint64_t *pmicntr,
				   uint64_t *pmovsset, uint64_t increment)
{
	uint64_t old_value = *pmicntr;

	/* if CountPMUEvents(INSTRUCTION_COUNTER_ID) then ... */
	if (!f->pmicntr || !count_pmu_events(f, s, INSTRUCTION_COUNTER_ID))
		return false;
	/* new_value = old_value + increment; PMICNTR_EL0 = new_value<63:0> */
	*pmicntr = old_value + increment;
	/* "The effective value of PMCR_EL0.LP is '1' for the instruction counter":
	 * if old_value<64> != new_value<64> then PMOVSSET_EL0.F0 = '1' (a carry out of bit 63; RFBGFH) */
	if (*pmicntr < old_value)
		*pmovsset |= PMU_CNT_F0_BIT;
	return true;
}
