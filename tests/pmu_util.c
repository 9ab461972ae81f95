/*
 * pmu_util.c - see pmu_util.h.
 */
#include "arch_regs.h"
#include "el_setup.h"
#include "id_regs.h"
#include "pmu_util.h"
#include "sysreg.h"

uint64_t pmu_event_counter_mask(void)
{
	return BIT64(features.pmu.num_counters) - 1;
}

bool pmu_owns_el2(void)
{
	return features.el2 && orchestrator_el >= 2;
}

void pmu_state_init(struct pmu_state *s, enum ctx c)
{
	unsigned n;

	s->el = ctx_el(c);
	s->secure = features.el3 && ctx_secure(c);
	s->scr_el3 = (s->secure ? 0 : SCR_EL3_NS_BIT) | (c == CTX_S_EL2 ? SCR_EL3_EEL2_BIT : 0);
	s->mdcr_el3 = MDCR_EL3_BASELINE;
	s->mdcr_el2 = features.el2 ? mdcr_el2_baseline() : 0;
	s->pmcr_el0 = 0;
	s->pmcntenset_el0 = 0;
	s->pmccfiltr_el0 = PMU_FILTER_ALL;
	for (n = 0; n < 31; n++)
		s->pmevtyper[n] = PMU_FILTER_ALL | PMU_EVENT_SW_INCR;
}

void pmu_stop(void)
{
	write_pmcr_el0(0);
	if (pmu_owns_el2())
		write_mdcr_el2(read_mdcr_el2() & ~MDCR_EL2_HPME_BIT);
	write_pmcntenclr_el0(pmu_event_counter_mask() | PMU_CNT_C_BIT);
	isb();
}

void pmu_program(const struct pmu_state *s)
{
	unsigned n;

	pmu_stop();
	for (n = 0; n < features.pmu.num_counters; n++) {
		write_pmevtyper(n, s->pmevtyper[n]);
		write_pmevcntr(n, 0);
	}
	write_pmccfiltr_el0(s->pmccfiltr_el0);
	write_pmccntr_el0(0);
	write_pmovsclr_el0(pmu_event_counter_mask() | PMU_CNT_C_BIT);
	write_pmcntenset_el0(s->pmcntenset_el0);
	if (orchestrator_el == 3)
		write_mdcr_el3(s->mdcr_el3);
	if (pmu_owns_el2())
		write_mdcr_el2(s->mdcr_el2);
	write_pmcr_el0(s->pmcr_el0);
	isb();
}

/* The context the orchestrator itself runs in. */
static enum ctx orchestrator_ctx(void)
{
	return orchestrator_el == 3 ? CTX_EL3 : orchestrator_el == 2 ? CTX_NS_EL2 : CTX_NS_EL1;
}

/* Whether a call into `target` passes through context c (context.h: EL0 returns through its EL1). */
static bool ctx_visited(enum ctx target, enum ctx c)
{
	if (c == target || c == orchestrator_ctx())
		return true;
	return ctx_el(target) == 0 && ctx_el(c) == 1 && ctx_secure(c) == ctx_secure(target);
}

uint64_t pmu_filter_only_at(enum ctx target)
{
	static const uint64_t bits[] = { PMEVTYPER_P_BIT, PMEVTYPER_U_BIT, PMEVTYPER_NSK_BIT, PMEVTYPER_NSU_BIT,
					 PMEVTYPER_NSH_BIT, PMEVTYPER_M_BIT, PMEVTYPER_SH_BIT };
	struct pmu_state s;
	unsigned combo, b, c;
	uint64_t filter;
	bool only;

	for (combo = 0; combo < 128; combo++) {
		filter = 0;
		for (b = 0; b < 7; b++)
			if (combo & (1u << b))
				filter |= bits[b];
		only = true;
		for (c = 0; c < CTX_COUNT && only; c++) {
			if (!ctx_visited(target, (enum ctx)c))
				continue;
			pmu_state_init(&s, (enum ctx)c);
			s.pmcr_el0 = PMCR_EL0_E_BIT;
			s.pmcntenset_el0 = PMU_CNT_C_BIT;
			s.pmccfiltr_el0 = filter;
			only = count_pmu_events(&features.pmu, &s, CYCLE_COUNTER_ID) == (c == target);
		}
		if (only)
			return filter;
	}
	return PMU_FILTER_ALL;
}
