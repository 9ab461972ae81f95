/*
 * profiling_exception.h - what pmucheck does with a PMU Profiling exception (FEAT_EBEP, ESR_ELx.EC == 0x3D):
 * the decisions, as plain C the host test can run (tests/host/test_profiling_exception.c). exception.c calls
 * pmu_exc_log_take() from the vectors of whichever EL takes the exception, when a test armed a log.
 */
#ifndef PMUCHECK_PROFILING_EXCEPTION_H
#define PMUCHECK_PROFILING_EXCEPTION_H

#include <stdbool.h>
#include <stdint.h>

#define PMU_EXC_LOG_MAX 4 /* exceptions recorded in full; the count goes on */

/* One PMU Profiling exception as the EL that took it saw it. */
struct pmu_exc_entry {
	unsigned el;       /* Exception level that took it (the target EL) */
	unsigned from_el;  /* SPSR_ELx.M[3:2]: the EL it was taken from */
	uint64_t esr, elr, spsr;
	int ctx;           /* context running (enum ctx), or -1 */
};

/*
 * A test's log: armed by setting exc_pmu_log (exception.h) to it. keep_ppend: how many of the next exceptions
 * return with SPSR_ELx.PPEND as the entry wrote it (Table D13-2 case 2: the PMU exception is taken again at
 * once); the others return with it cleared, as a profiler's handler does. set_pm: when true, those returns
 * also set SPSR_ELx.PM to 1 (the return then lands masked at the target EL: Table D13-2 case 1).
 * limit: more exceptions than this are a storm (the handler then also clears PMINTENSET_EL1).
 */
struct pmu_exc_log {
	volatile unsigned count;
	struct pmu_exc_entry e[PMU_EXC_LOG_MAX];
	unsigned keep_ppend;
	bool set_pm;
	unsigned limit;
};

/* ESR_ELx decoding: EC == 0x3D; ISS[0] synchronous (FEAT_SEBEP); ISS[5:1] fsc (0 for an overflow). */
bool esr_is_pmu_exception(uint64_t esr);
bool esr_pmu_synchronous(uint64_t esr);
unsigned esr_pmu_fsc(uint64_t esr);

/*
 * Record one PMU Profiling exception taken to `el` (ESR, ELR, SPSR of that EL) in `log`, and return the
 * SPSR_ELx to return with: SPSR_ELx.PPEND (bit 33) cleared unless log->keep_ppend says keep (then it counts
 * down), SPSR_ELx.PM (bit 32) set when log->set_pm. The return goes to ELR unchanged: the preferred return
 * address of a PMU exception is the instruction not yet executed (TakeProfilingException: ThisInstrAddr()).
 * *storm is set when the log holds more than log->limit exceptions.
 */
uint64_t pmu_exc_log_take(struct pmu_exc_log *log, unsigned el, uint64_t esr, uint64_t elr, uint64_t spsr, int ctx,
			  bool *storm);

/* Empty the log: count 0, every entry zero, keep_ppend 0, set_pm false, limit `limit`. */
void pmu_exc_log_reset(struct pmu_exc_log *log, unsigned limit);

#endif
