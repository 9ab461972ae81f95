/*
 * pmu_ebep.c - the EBEP model (pmu_ebep.h): PMU Profiling exception enable, target and masking (D13.3.2,
 * Table D13-1) and PSTATE.PPEND (D13.3.3, Table D13-2).
 */
#include <stddef.h>

#include "model/pmu_ebep.h"

/* The Effective PMEE value of EL1 (PMECR_EL1), EL2 and EL3 (MDCR_ELx) that one decision reads. */
struct pmee_view {
	unsigned v[4];
};

static unsigned raw_pmee(const struct pmu_state *s, unsigned el)
{
	switch (el) {
	case 3: return (unsigned)FIELD_GET(MDCR_EL3, PMEE, s->mdcr_el3);
	case 2: return (unsigned)FIELD_GET(MDCR_EL2, PMEE, s->mdcr_el2);
	default: return (unsigned)FIELD_GET(PMECR_EL1, PMEE, s->pmecr_el1);
	}
}

/* EffectivePMEE(): '10' is reserved in MDCR_EL3 and MDCR_EL2; '10' and '01' in PMECR_EL1. */
static bool pmee_reserved(unsigned el, unsigned val)
{
	return val == 2 || (el == 1 && val == 1);
}

unsigned pmu_effective_pmee(const struct pmu_state *s, unsigned el, bool for_interrupt, bool *reserved)
{
	unsigned val = raw_pmee(s, el);
	bool r = pmee_reserved(el, val);

	if (reserved)
		*reserved = r;
	if (r) /* Constraint_DISABLED: val = if for_interrupt then '11' else '00' */
		val = for_interrupt ? 3 : 0;
	return val;
}

static struct pmee_view view_disabled(const struct pmu_state *s, bool for_interrupt)
{
	struct pmee_view w = { { 0, 0, 0, 0 } };
	unsigned el;

	for (el = 1; el <= 3; el++)
		w.v[el] = pmu_effective_pmee(s, el, for_interrupt, NULL);
	return w;
}

/*
 * The walk PMUExceptionEnabled() and PMUInterruptEnabled() share: the first of EL3 (when implemented), EL2
 * (when EL2Enabled()) and EL1 whose PMEE is not '01' decides. Returns the deciding value, *deciding_el the EL.
 */
static unsigned deciding_pmee(const struct pmu_features *f, const struct pmu_state *s, const struct pmee_view *w,
			      unsigned *deciding_el)
{
	if (f->el3 && w->v[3] != 1) {
		*deciding_el = 3;
		return w->v[3];
	}
	if (el2_enabled(f, s) && w->v[2] != 1) {
		*deciding_el = 2;
		return w->v[2];
	}
	*deciding_el = 1;
	return w->v[1];
}

static bool exception_enabled_in(const struct pmu_features *f, const struct pmu_state *s, const struct pmee_view *w,
				 unsigned *target_el)
{
	unsigned el, pmee;

	if (!f->ebep)
		return false;
	pmee = deciding_pmee(f, s, w, &el);
	if (pmee != 3)
		return false;
	/* PMECR_EL1 decides: target = if EL2Enabled() && HCR_EL2.TGE == '1' then EL2 else EL1 */
	if (el == 1 && el2_enabled(f, s) && (s->hcr_el2 & HCR_EL2_TGE_BIT))
		el = 2;
	if (target_el)
		*target_el = el;
	return true;
}

static bool interrupt_enabled_in(const struct pmu_features *f, const struct pmu_state *s, const struct pmee_view *w)
{
	unsigned el;

	if (!f->ebep)
		return true;
	return deciding_pmee(f, s, w, &el) == 0;
}

static bool masked_in(const struct pmu_state *s, const struct pmee_view *exc, unsigned target_el, unsigned from_el,
		      bool pm)
{
	if (target_el < from_el)
		return true;
	if (from_el == 2 && target_el == 2 && exc->v[2] != 3)
		return true;
	if (target_el == from_el && (!(s->pmecr_el1 & PMECR_EL1_KPME_BIT) || pm))
		return true;
	return false;
}

bool pmu_exception_target(const struct pmu_features *f, const struct pmu_state *s, unsigned *target_el)
{
	struct pmee_view w = view_disabled(s, false);

	return exception_enabled_in(f, s, &w, target_el);
}

bool pmu_exception_masked(const struct pmu_state *s, unsigned target_el, unsigned from_el, bool pm)
{
	struct pmee_view w = view_disabled(s, false);

	return masked_in(s, &w, target_el, from_el, pm);
}

bool pmu_interrupt_enabled(const struct pmu_features *f, const struct pmu_state *s)
{
	struct pmee_view w = view_disabled(s, true);

	return interrupt_enabled_in(f, s, &w);
}

static enum pmu_ebep_outcome outcome_in(const struct pmu_features *f, const struct pmu_state *s,
					const struct pmee_view *exc, const struct pmee_view *irq, unsigned from_el,
					bool pm)
{
	unsigned target = 0;

	if (exception_enabled_in(f, s, exc, &target))
		return masked_in(s, exc, target, from_el, pm) ? PMU_EBEP_MSK
							      : (enum pmu_ebep_outcome)(PMU_EBEP_EL1 + target - 1);
	return interrupt_enabled_in(f, s, irq) ? PMU_EBEP_IRQ : PMU_EBEP_DIS;
}

enum pmu_ebep_outcome pmu_ebep_outcome(const struct pmu_features *f, const struct pmu_state *s, unsigned from_el,
				       bool pm)
{
	struct pmee_view exc = view_disabled(s, false), irq = view_disabled(s, true);

	return outcome_in(f, s, &exc, &irq, from_el, pm);
}

/*
 * The readings of one side (exception or interrupt): every reserved field replaced by each non-reserved value
 * (Constraint_DISABLED gives one of them too: '00' or '11'). Returns how many views it wrote (at most 27).
 */
static unsigned reserved_views(const struct pmu_state *s, struct pmee_view *out)
{
	static const unsigned mdcr_values[] = { 0, 1, 3 }, pmecr_values[] = { 0, 3 };
	struct pmee_view base = { { 0, raw_pmee(s, 1), raw_pmee(s, 2), raw_pmee(s, 3) } };
	const unsigned *values;
	unsigned count = 1, el, i, k, options;

	out[0] = base;
	for (el = 1; el <= 3; el++) {
		if (!pmee_reserved(el, base.v[el]))
			continue;
		values = el == 1 ? pmecr_values : mdcr_values;
		options = el == 1 ? 2 : 3;
		for (i = 0; i < count; i++) /* out[i] takes the first option, copies the others */
			for (k = 1; k < options; k++) {
				out[count * k + i] = out[i];
				out[count * k + i].v[el] = values[k];
			}
		for (i = 0; i < count; i++)
			out[i].v[el] = values[0];
		count *= options;
	}
	return count;
}

unsigned pmu_ebep_permitted(const struct pmu_features *f, const struct pmu_state *s, unsigned from_el, bool pm)
{
	struct pmee_view views[27];
	unsigned n = reserved_views(s, views), i, j, mask = 0;

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			mask |= 1u << outcome_in(f, s, &views[i], &views[j], from_el, pm);
	return mask;
}

const char *pmu_ebep_outcome_name(enum pmu_ebep_outcome o)
{
	static const char *const names[PMU_EBEP_OUTCOMES] = { "IRQ", "Dis", "Msk", "EL1", "EL2", "EL3" };

	return (unsigned)o < PMU_EBEP_OUTCOMES ? names[o] : "?";
}

uint64_t pmu_entry_spsr_bits(const struct pmu_features *f, bool ppend, bool pm, bool *ppend_after, bool *pm_after)
{
	uint64_t bits = 0;

	if (f->sebep && ppend) /* GetPSRFromPSTATE: spsr<33> = PSTATE.PPEND */
		bits |= SPSR_PPEND_BIT;
	if (f->ebep && pm)     /* spsr<32> = PSTATE.PM */
		bits |= SPSR_PM_BIT;
	if (ppend_after)       /* AArch64.TakeException: PSTATE.PPEND = '0' */
		*ppend_after = false;
	if (pm_after)          /* PSTATE.PM = '1' with FEAT_EBEP */
		*pm_after = f->ebep ? true : pm;
	return bits;
}

/* Whether the exception is enabled and unmasked at (el, pm). */
static bool unmasked_at(const struct pmu_features *f, const struct pmu_state *s, unsigned el, bool pm)
{
	unsigned target = 0;

	return pmu_exception_target(f, s, &target) && !pmu_exception_masked(s, target, el, pm);
}

enum pmu_ppend_case pmu_ppend_return_case(const struct pmu_features *f, const struct pmu_state *s, unsigned from_el,
					  bool from_pm, unsigned to_el, bool to_pm)
{
	bool before = unmasked_at(f, s, from_el, from_pm), after = unmasked_at(f, s, to_el, to_pm);

	if (!before)
		return after ? PMU_PPEND_CASE2 : PMU_PPEND_CASE1;
	return after ? PMU_PPEND_CASE4 : PMU_PPEND_CASE3;
}

unsigned pmu_exception_return_ppend(const struct pmu_features *f, const struct pmu_state *s, unsigned from_el,
				    bool from_pm, uint64_t spsr, bool illegal, bool rnzlvw)
{
	unsigned target = 0, to_el = illegal ? from_el : (unsigned)((spsr >> 2) & 3);
	bool to_pm = (spsr & SPSR_PM_BIT) != 0, enabled, masked_src, masked_dst;

	if (!f->sebep)
		return 1u;
	enabled = pmu_exception_target(f, s, &target);
	masked_src = !enabled || pmu_exception_masked(s, target, from_el, from_pm);
	masked_dst = !enabled || pmu_exception_masked(s, target, to_el, to_pm);
	if (spsr & SPSR_PPEND_BIT) { /* ExceptionReturnPPEND: enabled_at_source && masked_at_source && !masked_at_dest */
		if (enabled && masked_src && !masked_dst)
			return 2u;
	}
	/* ShouldSetPPEND unchanged: RNZLVW sets PPEND for this instruction, or it is cleared */
	if (!rnzlvw || !enabled || /* equivalent mutant "|| -> && #2": both masked: 1 below anyway */
	    (masked_src && masked_dst))
		return 1u;
	if (masked_src) /* masked -> unmasked: RMQDPX, RNZLVW treats the exception as masked */
		return 1u;
	if (masked_dst) /* unmasked -> masked: RMQDPX, old or new values */
		return 3u;
	return 2u;
}

bool pmu_counter_sync_mode(const struct pmu_features *f, const struct pmu_state *s, unsigned idx,
			   bool event_synchronous)
{
	if (!f->sebep || idx == CYCLE_COUNTER_ID) /* RFCXWT */
		return false;
	if (idx == INSTRUCTION_COUNTER_ID)
		return (s->pmicfiltr_el0 & PMICFILTR_SYNC_BIT) != 0;
	return idx < 31 && (s->pmevtyper[idx] & PMEVTYPER_SYNC_BIT) && event_synchronous;
}

bool pmu_sync_stops_counter(const struct pmu_features *f, const struct pmu_state *s, unsigned idx,
			    bool event_synchronous)
{
	return f->sebep && idx < 31 && (s->pmevtyper[idx] & PMEVTYPER_SYNC_BIT) && !event_synchronous;
}

bool pmu_rnzlvw_sets_ppend(const struct pmu_features *f, const struct pmu_state *s, bool pm, unsigned idx,
			   bool counted, bool insn_exception, uint64_t pmintenset, uint64_t pmovsset,
			   bool event_synchronous)
{
	if (!f->sebep || !counted || insn_exception || idx > INSTRUCTION_COUNTER_ID)
		return false;
	if (!(pmintenset & BIT64(idx)) || !(pmovsset & BIT64(idx)))
		return false;
	if (!pmu_counter_sync_mode(f, s, idx, event_synchronous)) /* INPRDL */
		return false;
	return unmasked_at(f, s, s->el, pm);
}
