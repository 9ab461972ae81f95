/*
 * profiling_exception.c - PMU Profiling exception decoding and the handler's decisions (profiling_exception.h).
 */
#include <string.h>

#include "arch/arch_regs.h"
#include "runtime/profiling_exception.h"

bool esr_is_pmu_exception(uint64_t esr)
{
	return FIELD_GET(ESR, EC, esr) == ESR_EC_PMU;
}

bool esr_pmu_synchronous(uint64_t esr)
{
	return (esr & ESR_ISS_PMU_SYNC_BIT) != 0;
}

unsigned esr_pmu_fsc(uint64_t esr)
{
	return (unsigned)FIELD_GET(ESR_ISS, PMU_FSC, esr);
}

uint64_t pmu_exc_log_take(struct pmu_exc_log *log, unsigned el, uint64_t esr, uint64_t elr, uint64_t spsr, int ctx,
			  bool *storm)
{
	unsigned n = log->count;

	if (n < PMU_EXC_LOG_MAX)
		log->e[n] = (struct pmu_exc_entry){ .el = el, .from_el = (unsigned)((spsr >> 2) & 3), .esr = esr,
						    .elr = elr, .spsr = spsr, .ctx = ctx };
	log->count = n + 1;
	*storm = log->count > log->limit;
	if (log->keep_ppend && !*storm)
		log->keep_ppend--;
	else
		spsr &= ~SPSR_PPEND_BIT;
	if (log->set_pm)
		spsr |= SPSR_PM_BIT;
	return spsr;
}

void pmu_exc_log_reset(struct pmu_exc_log *log, unsigned limit)
{
	memset(log, 0, sizeof(*log));
	log->limit = limit;
}
