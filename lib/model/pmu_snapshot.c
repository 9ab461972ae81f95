/*
 * pmu_snapshot.c - see pmu_snapshot.h. The functions follow PMUCaptureEventEnabled(), PMUCaptureEventAllowed()
 * and PMUCaptureEvent() (../shared/spec/pseudocode/) statement by statement; comments quote the statement.
 */
#include <stddef.h>

#include "model/pmu_snapshot.h"

#define SSE_RESERVED 1u /* PMECR_EL1.SSE 0b01: "All other values are reserved" */

/* PMECR_EL1.SSE, with the reserved value replaced by `choice` (a ConstrainUnpredictableBits() answer). */
static unsigned pmecr_sse(const struct pmu_state *s, unsigned choice)
{
	unsigned sse = (unsigned)FIELD_GET(PMECR_EL1, SSE, s->pmecr_el1);

	return sse == SSE_RESERVED ? choice : sse;
}

/* The control that decides: MDCR_EL3.PMSSE unless EL3 is absent or it is 0b01, then MDCR_EL2.PMSSE likewise,
 * then PMECR_EL1.SSE (-1: PMECR_EL1.SSE). Also the *unpredictable of the public functions. */
static int deciding_pmsse(const struct pmu_features *f, const struct pmu_state *s)
{
	unsigned el3 = (unsigned)FIELD_GET(MDCR_EL3, PMSSE, s->mdcr_el3);
	unsigned el2 = (unsigned)FIELD_GET(MDCR_EL2, PMSSE, s->mdcr_el2);

	/* if HaveEL(EL3) && MDCR_EL3.PMSSE != '01' then ... */
	if (f->el3 && el3 != 1)
		return (int)el3;
	/* elsif HaveEL(EL2) && MDCR_EL2.PMSSE != '01' then ... ("even when EL2 is disabled", RYWLFL) */
	if (f->el2 && el2 != 1)
		return (int)el2;
	return -1;
}

static bool sse_unpredictable(const struct pmu_features *f, const struct pmu_state *s)
{
	return f->pmss && deciding_pmsse(f, s) < 0 && FIELD_GET(PMECR_EL1, SSE, s->pmecr_el1) == SSE_RESERVED;
}

static bool enabled_with(const struct pmu_features *f, const struct pmu_state *s, unsigned choice)
{
	int d;

	/* if !IsFeatureImplemented(FEAT_PMUv3_SS) || !HaveAArch64() then return FALSE; */
	if (!f->pmss)
		return false;
	d = deciding_pmsse(f, s);
	/* return <control> == '1x'; */
	return ((d < 0 ? pmecr_sse(s, choice) : (unsigned)d) & 2) != 0;
}

static bool allowed_with(const struct pmu_features *f, const struct pmu_state *s, unsigned choice_en,
			 unsigned choice_al)
{
	int d;

	if (!f->pmss)
		return false;
	/* if !PMUCaptureEventEnabled() || OSLockStatus() then return FALSE; */
	if (!enabled_with(f, s, choice_en) || (s->oslsr_el1 & OSLSR_EL1_OSLK_BIT))
		return false;
	/* RTSYTY: "Either the PE is in Non-debug state or the PE allows Capture events in Debug state." */
	if (s->halted && !f->pmss_in_debug)
		return false;
	d = deciding_pmsse(f, s);
	/* return <control> == '11'; */
	return (d < 0 ? pmecr_sse(s, choice_al) : (unsigned)d) == 3;
}

bool pmu_capture_event_enabled(const struct pmu_features *f, const struct pmu_state *s, bool *unpredictable)
{
	if (unpredictable)
		*unpredictable = sse_unpredictable(f, s);
	/* if c == Constraint_DISABLED then pmsse_el1 = '00'; */
	return enabled_with(f, s, 0);
}

bool pmu_capture_event_allowed(const struct pmu_features *f, const struct pmu_state *s, bool *unpredictable)
{
	if (unpredictable)
		*unpredictable = sse_unpredictable(f, s);
	return allowed_with(f, s, 0, 0);
}

static enum pmu_capture outcome_with(const struct pmu_features *f, const struct pmu_state *s, unsigned choice_en,
				     unsigned choice_al)
{
	if (!enabled_with(f, s, choice_en))
		return PMU_CAPTURE_DISABLED;
	return allowed_with(f, s, choice_en, choice_al) ? PMU_CAPTURE_ALLOWED : PMU_CAPTURE_PROHIBITED;
}

enum pmu_capture pmu_capture_outcome(const struct pmu_features *f, const struct pmu_state *s)
{
	return outcome_with(f, s, 0, 0);
}

unsigned pmu_capture_outcomes(const struct pmu_features *f, const struct pmu_state *s)
{
	/* Constraint_DISABLED reads '00'; Constraint_UNKNOWN "must be a non-reserved value": 00, 10, 11 */
	static const unsigned choices[] = { 0, 2, 3 };
	unsigned set = 0, i, j;

	if (!sse_unpredictable(f, s))
		return PMU_CAPTURE_BIT(outcome_with(f, s, 0, 0));
	for (i = 0; i < sizeof(choices) / sizeof(choices[0]); i++)
		for (j = 0; j < sizeof(choices) / sizeof(choices[0]); j++)
			set |= PMU_CAPTURE_BIT(outcome_with(f, s, choices[i], choices[j]));
	return set;
}

uint64_t pmu_pmsscr_write(const struct pmu_features *f, const struct pmu_state *s, uint64_t value, bool *capture)
{
	uint64_t v = s->pmsscr_el1 & (PMSSCR_EL1_NC_BIT | PMSSCR_EL1_SS_BIT);
	bool cap = false;

	/* "A write of 0 to this field is ignored"; RMFJWS: "If Capture events are disabled, then PMSSCR_EL1.SS
	 * ignores writes"; RSCLCQ: FEAT_PMUv3_SS, Capture events enabled, 1 written to PMSSCR_EL1.SS. */
	if (f->pmss && (value & PMSSCR_EL1_SS_BIT) && pmu_capture_event_enabled(f, s, NULL)) {
		v |= PMSSCR_EL1_SS_BIT;
		cap = true;
	}
	if (capture)
		*capture = cap;
	return f->pmss ? v : s->pmsscr_el1;
}

struct pmu_capture_result pmu_capture_event(const struct pmu_features *f, const struct pmu_state *s,
					    const struct pmu_live_counters *live, const struct pc_sample *ps,
					    struct pmu_snapshot_regs *regs)
{
	struct pmu_capture_result res = { .outcome = pmu_capture_outcome(f, s), .written = 0,
					  .event = PMU_SNAPSHOT_EVENT_NO };
	/* constant boolean debug_state = Halted(); */
	bool debug_state = s->halted;
	unsigned n;

	/* The pseudocode asserts HaveEL(EL3); the model follows RYWLFL/RTSYTY, which also cover EL3 absent. */
	if (res.outcome == PMU_CAPTURE_DISABLED)
		return res;
	res.written |= PMU_SNAP_W_PMSSCR;
	if (res.outcome == PMU_CAPTURE_PROHIBITED) {
		/* Indicate a Capture event completed, unsuccessfully: PMSSCR_EL1.<NC,SS> = '10'; */
		regs->pmsscr_el1 = (regs->pmsscr_el1 & ~PMSSCR_EL1_SS_BIT) | PMSSCR_EL1_NC_BIT;
		return res;
	}
	/* for idx = 0 to counters - 1: PMEVCNTSVR_EL1[idx] = PMEVCNTR_EL0[idx]; */
	for (n = 0; n < f->num_counters && n < 31; n++) {
		regs->pmevcntsvr_el1[n] = live->pmevcntr_el0[n];
		res.written |= PMU_SNAP_W_EVCNT(n);
	}
	regs->pmccntsvr_el1 = live->pmccntr_el0;
	res.written |= PMU_SNAP_W_CCNT;
	if (f->pmicntr) {
		regs->pmicntsvr_el1 = live->pmicntr_el0;
		res.written |= PMU_SNAP_W_ICNT;
	}
	/* if IsFeatureImplemented(FEAT_PCSRv8p9) && PMPCSCTL.SS == '1' then */
	if (f->pcsrv8p9 && s->pmpcsctl_ss) {
		if (ps->valid && !debug_state) { /* SetPCSRActive(); SetPCSample(); */
			pc_sample_set(ps, &regs->pcsr);
			res.written |= PMU_SNAP_W_PCSAMPLE;
		} else { /* PMPCSR<31:0> = Ones(32); */
			regs->pcsr.pmpcsr |= PMPCSR_PClo_MASK;
			regs->pcsr.pmpcsr_unknown &= ~PMPCSR_PClo_MASK;
			res.written |= PMU_SNAP_W_PCSR_ONES;
		}
	}
	/* Indicate a successful Capture event: PMSSCR_EL1.<NC,SS> = '00'; */
	regs->pmsscr_el1 &= ~(PMSSCR_EL1_NC_BIT | PMSSCR_EL1_SS_BIT);
	/* if !debug_state || ConstrainUnpredictableBool(Unpredictable_PMUSNAPSHOTEVENT) then PMUEvent(...) */
	res.event = debug_state ? PMU_SNAPSHOT_EVENT_MAYBE : PMU_SNAPSHOT_EVENT_YES;
	return res;
}
