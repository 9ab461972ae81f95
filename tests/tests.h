/*
 * tests.h - the test modules (one file per spec area) and the helpers they share.
 */
#ifndef PMUCHECK_TESTS_H
#define PMUCHECK_TESTS_H

#include <stdbool.h>

#include "runtime/context.h"

/* Run every selected module in order (tests/modules.c). */
void tests_run_all(void);

/* The module names, in run order (tests/module_list.h), and how many. */
extern const char *const test_module_names[];
extern const unsigned test_module_count;

/* D11.5.1 counter enables (tests/enable.c). */
void test_enable(void);

/* D11.5.3 / D13.5.4 prohibition (tests/prohibit.c). */
void test_prohibit(void);

/* D11.7 / D13.7 event filtering and software increment accuracy (tests/filter.c). */
void test_filter(void);
/* D11.7.2 the exception-related events, counted exactly where they occur (tests/exc_events.c). */
void test_exc_events(void);
/* D11.7.1 multithreaded counting: PMEVTYPER<n>_EL0.MT with a sibling thread (tests/mt.c). */
void test_mt(void);

/* HPMN as the guest's view: RAZ/WI bits, counter accesses, PMCR_EL0.P (tests/guest_view.c). */
void test_guest_view(void);

/* D13.3 overflow: widths, flags, CHAIN (tests/overflow.c). */
void test_overflow(void);

/* D13.3.1 overflow interrupt requests through the GICv3 or GICv2 (tests/interrupt.c). */
void test_interrupt(void);
/*
 * interrupt.overflow's check alone, as the test point `name`: PMCCNTR_EL0 preset 20000 cycles below its overflow
 * with PMINTENSET_EL1.C set, the PMU's PPI configured at this PE's redistributor or CPU interface, and one
 * interrupt with the PMU's INTID taken at context c. SKIPs naming why without a PMU, a GIC or the context.
 */
void interrupt_overflow_point(const char *name, enum ctx c);

/* D11.5.2 / D13.5.2 freezing (tests/freeze.c). */
void test_freeze(void);

/* PMCR_EL0.C and .P (the write-only resets) and PMMIR_EL1's values (tests/pmcr.c). */
void test_pmcr(void);

/* Who may access the PMU registers: PMUSERENR_EL0, MDCR_EL2/EL3 traps, UNDEFINED (tests/access.c). */
void test_access(void);
/* The access module at an AArch32 context: the AArch32 registers' accessors (G8.4; tests/access_a32.c). */
struct pmu_access_features;
void access_a32_context(enum ctx c, const struct pmu_access_features *af);

/* D13.3.2 PMU Profiling exceptions, Table D13-1 (tests/ebep.c). */
void test_ebep(void);

/* D13.3.3 synchronous PMU exceptions, PSTATE.PPEND, PMIAR_EL1, Table D13-2 (tests/sebep.c). */
void test_sebep(void);

/* D13.9 PMU snapshots, Table D13-10 (tests/snapshot.c). */
void test_snapshot(void);

/* PC Sample-based Profiling through the external debug registers (tests/pc_sample.c). */
void test_pc_sample(void);

/* FEAT_PMUv3_ICNTR: PMICNTR_EL0 counts, PMICFILTR_EL0, F0 in the set/clear pairs, overflow, freeze (tests/icntr.c). */
void test_icntr(void);
/* D13.8 threshold and edge counting with SW_INCR (tests/threshold.c). */
void test_threshold(void);

/* Every bit of the set/clear pairs, PMSWINC_EL0 and PMZR_EL0 at every context (tests/regbits.c). */
void test_regbits(void);

/* Deliberate faults at every context, in a FAULT_INJECT=1 build (tests/fault_inject.c). */
void test_fault(void);

/* Randomized configurations of the counting controls against the model, with shrinking (tests/sweep.c). */
void test_sweep(void);

#endif
