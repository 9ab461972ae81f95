/*
 * ebep.h - what the EBEP and SEBEP modules (tests/ebep.c, tests/sebep.c) share: the instruction sequences of
 * tests/ebep_sequences.S and the PMU Profiling exception set-up.
 */
#ifndef PMUCHECK_TESTS_EBEP_H
#define PMUCHECK_TESTS_EBEP_H

#include <stdbool.h>
#include <stdint.h>

#include "model/pmu_ebep.h"
#include "runtime/context.h"
#include "runtime/profiling_exception.h"

#define SEBEP_WINDOW_INSNS 64

/* Sequences (ebep_sequences.S); each returns 0 and writes no memory. */
uint64_t ebep_raise(uint64_t mask);
uint64_t ebep_wait(uint64_t unused);
uint64_t sebep_swinc(uint64_t mask);
uint64_t sebep_window(uint64_t preset);
extern const char ebep_raise_b[], ebep_raise_c[], sebep_swinc_insn[], sebep_swinc_next[], sebep_window_start[],
	sebep_window_end[];

/*
 * Whether the module runs its FEAT_EBEP / FEAT_SEBEP checks: the ID register field says so, or the build forced
 * the gate open (make FORCE_GATES=1: to see the modules fail cleanly on a PE without the feature).
 */
bool ebep_gate(void);
bool sebep_gate(void);
/* The same for FEAT_PMUv3_SS (ID_AA64DFR0_EL1.PMSS == 0b0001), for tests/snapshot.c. */
bool snapshot_gate(void);

/*
 * The machine the EBEP and snapshot models are asked about: features.pmu, with FEAT_EBEP, FEAT_SEBEP and
 * FEAT_PMUv3_SS set when the gates are forced open (so the checks expect what a PE with them must do).
 */
const struct pmu_features *ebep_model_features(void);

/*
 * Access PMECR_EL1 (write when `write`, else read into *value) under an exception expectation, so a PE without
 * the register (UNDEFINED) fails the check instead of the run. Returns true when the access took no exception;
 * else prints the exception (ESR, EC) as a diagnostic of g. Same for PMIAR_EL1.
 */
struct check_group;
bool ebep_pmecr_access(struct check_group *g, bool write, uint64_t *value);
bool ebep_pmiar_access(struct check_group *g, bool write, uint64_t *value);

/*
 * The same for any register: access(write, value) makes the one MSR or MRS (named reg in the diagnostic) under
 * an exception expectation. Returns true when it took no exception.
 */
bool ebep_guarded_access(struct check_group *g, const char *reg, void (*access)(bool write, uint64_t *value),
			 bool write, uint64_t *value);

/* Whether EL2 is enabled in context c's Security state (EL2 implemented; Non-secure, or Secure EL2 enabled). */
bool ebep_el2_enabled_for(enum ctx c);

#endif
