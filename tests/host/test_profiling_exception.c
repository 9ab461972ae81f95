/*
 * test_profiling_exception.c - the PMU Profiling exception handler's decisions (lib/runtime/
 * profiling_exception.c): ESR_ELx decoding (EC 0x3D, ISS[0], ISS[5:1]; TakeProfilingException, J1.1.1.49) and
 * the SPSR_ELx it returns with (PPEND [33] kept or cleared, PM [32]), the preferred return address untouched.
 */
#include "host_test.h"
#include "runtime/profiling_exception.h"

static void test_esr(void)
{
	unsigned ec, sync, fsc;

	tc_begin("ESR_ELx of a PMU exception: EC 0x3D, ISS[0] synchronous, ISS[5:1] fsc (TakeProfilingException)");
	for (ec = 0; ec < 64; ec++)
		for (sync = 0; sync < 2; sync++)
			for (fsc = 0; fsc < 32; fsc += 31) {
				/* ExceptionSyndrome(Exception_Profiling): EC in [31:26], IL = 1 ([25]), ISS below */
				uint64_t esr = (uint64_t)ec << 26 | 1u << 25 | fsc << 1 | sync;

				tc_check(esr_is_pmu_exception(esr), ec == 0x3D, "ESR 0x%llx: is a PMU exception",
					 (unsigned long long)esr);
				tc_check(esr_pmu_synchronous(esr), sync, "ESR 0x%llx: synchronous", (unsigned long long)esr);
				tc_check(esr_pmu_fsc(esr), fsc, "ESR 0x%llx: fsc", (unsigned long long)esr);
			}
	tc_end();
}

static void test_log(void)
{
	struct pmu_exc_log log;
	uint64_t spsr_in = BIT64(33) | BIT64(32) | 0x3c5, spsr;
	unsigned keep, pm, i;
	bool storm;

	tc_begin("pmu_exc_log_take: record, SPSR_ELx.PPEND kept keep_ppend times then cleared, PM set on request, storm");
	for (keep = 0; keep < 3; keep++)
		for (pm = 0; pm < 2; pm++) {
			pmu_exc_log_reset(&log, 4);
			log.keep_ppend = keep;
			log.set_pm = pm;
			for (i = 0; i < 6; i++) {
				uint64_t in = (spsr_in & ~BIT64(32)) | (i & 1 ? BIT64(32) : 0);

				spsr = pmu_exc_log_take(&log, 2, 0xF6000001ull, 0x1000 + i, in, 7, &storm);
				tc_check(spsr >> 33 & 1, i < keep && i < 4, "keep %u, exception %u: SPSR.PPEND returned", keep, i);
				tc_check(spsr >> 32 & 1, pm ? 1 : i & 1, "set_pm %u, exception %u: SPSR.PM returned", pm, i);
				tc_check(spsr & 0xFFFFFFFFull, 0x3c5, "exception %u: SPSR[31:0] untouched", i);
				tc_check(storm, i + 1 > 4, "exception %u of limit 4: storm", i);
				tc_check(log.count, i + 1, "count");
				if (i < PMU_EXC_LOG_MAX) {
					tc_check(log.e[i].elr, 0x1000 + i, "entry %u ELR", i);
					tc_check(log.e[i].spsr, in, "entry %u SPSR as taken", i);
					tc_check(log.e[i].from_el, 1, "entry %u from EL (SPSR.M[3:2] of 0x3c5)", i);
					tc_check(log.e[i].el, 2, "entry %u EL", i);
					tc_check((uint64_t)log.e[i].ctx, 7, "entry %u context", i);
				}
			}
		}
	tc_end();
}

void run_profiling_exception_tests(void)
{
	test_esr();
	test_log();
}
