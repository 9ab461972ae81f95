/*
 * pmu_util.h - helpers the test modules share: program the PMU from a model state, so the hardware and
 * the spec model always see the same controls, and read the counters back.
 */
#ifndef PMUCHECK_PMU_UTIL_H
#define PMUCHECK_PMU_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "model/pmu_access.h"
#include "model/pmu_model.h"
#include "runtime/context.h"
#include "test/test.h"

/* PMCNTENSET_EL0-style mask of the implemented event counters, bits [N-1:0]. */
uint64_t pmu_event_counter_mask(void);

/* The same with C (bit 31) and, with FEAT_PMUv3_ICNTR, F0 (bit 32): every counter the PE implements. */
uint64_t pmu_all_counter_mask(void);

/*
 * Fill *c with a claim about counter n's count or value in model state s (test.h struct claim, for a recorded
 * deviation to recognise): reg "PMEVCNTR<n>_EL0" (n < 31) or "PMCCNTR_EL0" (n == 31), MDCR_EL2.HPMN where
 * EL2Enabled() at s (else -1), PMCR_EL0.{E, LC}, MDCR_EL2.HPME and the counter's filter SH and NSH in ctl
 * (plus `ctl`), and the expected and seen values as given. Returns c.
 */
const struct claim *pmu_count_claim(struct claim *c, const struct pmu_state *s, unsigned n, unsigned ctl,
				    uint64_t expected, uint64_t seen);

/*
 * The controls of an access claim (test.h struct claim ctl) as the access checks state them: PMUSERENR_EL0.{EN,SW,
 * CR,ER} (bits [3:0] of pmuserenr), CLAIM_WRITE for a write, and MDCR_EL2.{TPM, TPMCR} and MDCR_EL3.TPM of s.
 */
unsigned pmu_access_claim_ctl(const struct pmu_state *s, uint64_t pmuserenr, bool write);

/* The features the access model reads beyond pmu_features (model/pmu_access.h): FEAT_FGT and FEAT_FGT2
 * (ID_AA64MMFR0_EL1.FGT), FEAT_PMUv3p9 (ID_AA64DFR0_EL1.PMUVer >= 0b1001, not 0xF). */
struct pmu_access_features pmu_access_features_of_pe(void);

/* Whether the orchestrator owns MDCR_EL2 (EL2 implemented and entered at EL2 or EL3). */
bool pmu_owns_el2(void);

/*
 * A model state for context c with every control at its baseline (runtime/baseline.h): EL and Security state of c,
 * SCR_EL3.{NS,EEL2} as ctx_call() sets them, MDCR_EL3/MDCR_EL2 baselines, PMCR_EL0 = 0, nothing enabled,
 * filters counting everywhere (NSH = 1: D11.7.1, every EL in both Security states).
 */
void pmu_state_init(struct pmu_state *s, enum ctx c);

/*
 * Program the controls of s into the PMU from the orchestrator: PMCR_EL0.E cleared first, counters zeroed,
 * PMEVTYPER<n>_EL0 and PMCCFILTR_EL0 (and PMICFILTR_EL0, PMICNTR_EL0 = 0 with FEAT_PMUv3_ICNTR), PMOVSCLR_EL0
 * all, PMCNTENSET/CLR_EL0, MDCR_EL2 (if owned), MDCR_EL3 (if at EL3), finally PMCR_EL0, then ISB. Counting starts
 * with the last write.
 */
void pmu_program(const struct pmu_state *s);

/* Stop counting: PMCR_EL0.E = 0, MDCR_EL2.HPME = 0 (if owned), PMCNTENCLR_EL0 all (F0 too), then ISB. */
void pmu_stop(void);

/*
 * Filter bits {P, U, NSK, NSU, NSH, M, SH} under which the model says a counter counts in context c and not
 * in the other contexts a ctx_call() into c passes through (the orchestrator's; EL1 for an EL0 context):
 * D11.7.1, found by trying all 128 combinations, fewest bits' value first, so it uses as few filter rules
 * as it can. Returns the NSH-only "count everywhere" value if no combination isolates c.
 */
uint64_t pmu_filter_only_at(enum ctx c);

/* Filter word meaning "count at every EL in both Security states" (PMEVTYPER<n>_EL0.NSH = 1, rest 0). */
#define PMU_FILTER_ALL PMEVTYPER_NSH_BIT

#define PMU_SWINC_WRITES 3    /* PMSWINC_EL0 writes pmu_at_ctx_swinc_spin() makes: the exact expected count */
#define PMU_CYCLE_SPIN   50   /* loop turns it then spins, so CPU_CYCLES has cycles to count in the context
                              * (a few hundred instructions: a nonzero count needs one cycle; 200 turns were 5% of
                              * the suite's instructions, 2000 a twentieth of its time: make bench) */

/*
 * Runs in a context (ctx_call): PMU_SWINC_WRITES writes of `mask` to PMSWINC_EL0 with no synchronization
 * between them, then PMU_CYCLE_SPIN loop turns, then ISB. Returns 0.
 */
uint64_t pmu_at_ctx_swinc_spin(uint64_t mask);

/*
 * pmu_at_ctx_swinc_spin(mask) in context c: at an AArch64 context through ctx_call(), at an AArch32 one through the
 * A32 agent (ctx_call_a32: PMU_SWINC_WRITES MCR writes of mask[31:0] to PMSWINC, PMU_CYCLE_SPIN loop turns, ISB).
 * Returns ctx_call()'s status.
 */
int pmu_ctx_swinc_spin(enum ctx c, uint64_t mask);

/*
 * At AArch32 context c (the A32 agent): `writes` MCR writes of mask[31:0] to PMSWINC with no synchronization between
 * them, then `spin` loop turns (none for 0), then ISB. Returns ctx_call_a32()'s status.
 */
int pmu_ctx_a32_swinc(enum ctx c, uint64_t mask, unsigned writes, unsigned spin);

/*
 * At AArch32 context c (the A32 agent): MCR of `value` to AArch32 register `wreg` (A32_REG_*, arch/aarch32_pmu_regs.h),
 * ISB, MRC of `rreg` into *read (0 if the read did not happen). Returns ctx_call_a32()'s status; *undef is set when
 * either access was UNDEFINED at the context's AArch32 EL1.
 */
int pmu_ctx_a32_write_read(enum ctx c, unsigned wreg, uint32_t value, unsigned rreg, uint64_t *read, bool *undef);

/*
 * Read the performance monitors control register at context c: PMCR_EL0 with MRS at an AArch64 context, PMCR
 * (PMCR_EL0[31:0], G8.4) with MRC at an AArch32 one, into *v. Returns ctx_call()'s status.
 */
int pmu_ctx_read_pmcr(enum ctx c, uint64_t *v);

/*
 * Why a module with no AArch32 form cannot check context c: pmu_context_skip_reason(), or for an AArch32 context
 * the module's reason `a32_why` (which names what has no AArch32 view). NULL when it can.
 */
const char *pmu_context_skip_reason_a64(enum ctx c, bool needs_sw_incr, const char *a32_why);

/* The context the orchestrator itself runs in (EL3, Non-secure EL2 or Non-secure EL1). */
enum ctx pmu_orchestrator_ctx(void);

/*
 * Non-secure EL2 when available, else the orchestrator's context: where the overflow and freeze sequences
 * run (every counter is accessible there).
 */
enum ctx pmu_sequence_ctx(void);

/* Whether a ctx_call() into `target` passes through context c (the orchestrator's; EL1 for an EL0 target, EL2 in its
 * E2H = 1 regime for the host EL0). */
bool pmu_ctx_visited(enum ctx target, enum ctx c);

/*
 * Whether the model says the instruction counter (FEAT_PMUv3_ICNTR) counts, under s's controls, in another
 * context a ctx_call() into c passes through (pmu_ctx_visited()): then its count says nothing about c alone.
 * s is taken at each such context's EL and Security state (count_pmu_events(), IncrementInstructionCounter).
 */
bool pmu_icntr_counts_elsewhere(enum ctx c, const struct pmu_state *s);

/*
 * Whether the model decides counter idx (an event counter, CYCLE_COUNTER_ID or INSTRUCTION_COUNTER_ID) as `counts`,
 * under s's controls, in another context a ctx_call() into c passes through (pmu_ctx_visited()), s taken at each
 * such context's EL and Security state. pmu_icntr_counts_elsewhere() is the instruction counter with counts true.
 */
bool pmu_decides_elsewhere(enum ctx c, const struct pmu_state *s, unsigned idx, bool counts);

/*
 * Whether this run takes the PE to count instructions exactly: QEMU (the pmucheck.qemu boot argument) with
 * INST_RETIRED advertised, which it is only under -icount. Elsewhere the architecture promises no exact count.
 */
bool pmu_counts_instructions_exactly(void);

/*
 * The filter bits of PMEVTYPER<n>_EL0, PMCCFILTR_EL0 and PMICFILTR_EL0 this PE implements, into bits[] (room for
 * 7), in the order the modules enumerate combinations: P, U; NSK, NSU, M with EL3; NSH with EL2; SH with EL3
 * and FEAT_SEL2 (CountPMUEvents). Returns how many.
 */
unsigned pmu_filter_bits(uint64_t *bits);

/*
 * Why a module cannot check context c, or NULL when it can: PMUv3 absent (ID_AA64DFR0_EL1.PMUVer), SW_INCR
 * not advertised (PMCEID0_EL0 bit 0, when the module needs it), EL2 implemented but owned by a higher level
 * (MDCR_EL2 unknown), or the context itself unavailable (ctx_available()).
 */
const char *pmu_context_skip_reason(enum ctx c, bool needs_sw_incr);

/*
 * Why a check that varies MDCR_EL2 controls beyond HPMN and HPME (PMEE, PMSSE, HLP, HPMFZO, ...) cannot run: EL2 is
 * implemented and a higher level's (pmucheck entered at EL1 under a hypervisor); NULL when pmucheck owns EL2 or there
 * is none. With EL2 a higher level's, the checks at EL1 and EL0 run on what EL1 reads: MDCR_EL2.HPMN is PMCR_EL0.N
 * as read there (GetNumEventCountersAccessible(), D11.5.1 Note), every counter EL1 reaches is in the first range
 * (governed by PMCR_EL0.E, not MDCR_EL2.HPME), and the traps the hypervisor sets (MDCR_EL2.TPM) are its to emulate.
 */
const char *pmu_el2_control_why(void);

/* Why exceptions from a context cannot be counted exactly: EL2 is a higher level's, and the traps it sets (every PMU
 * register access under a hypervisor that emulates the PMU) are exceptions taken from the context, architecturally
 * counted by EXC_TAKEN and EXC_TRAP_OTHER there (D11.7.2); NULL when pmucheck owns EL2 or there is none. */
const char *pmu_el2_traps_why(void);

/*
 * Whether the PMU overflow interrupt can be taken: the GIC is set up (gic_init()) and the interrupt the device
 * tree names is a PPI (INTID 16-31, each PE its own: D13.3 "the overflow interrupt request"), which is how
 * pmucheck routes it. Returns false with *why set: the GIC's reason, no PMU interrupt, or an SPI (many SoCs wire
 * one SPI per core, listed in cpu order: not routed by pmucheck).
 */
bool pmu_irq_ready(const char **why);

/* SKIP the test point "<point>.<context c>" (its rules text `rules`) with the reason `why` (test/test.h tap_skip);
 * at an AArch32 context that is not available, with the context's reason instead (the ID field that rules AArch32
 * out). */
void pmu_skip_at(const char *point, enum ctx c, const char *rules, const char *why);

/* The filter word with bits[b] set for every bit b of `combo` (combo < 2^nbits). */
uint64_t pmu_filter_combo(const uint64_t *bits, unsigned nbits, unsigned combo);

/*
 * 32-bit access to a memory-mapped external register (a PE's debug block or PMU external interface: DDI0487 H9,
 * I5.2) at base + off, Device memory; a write is followed by DSB SY.
 */
uint32_t ext_read32(uint64_t base, unsigned off);
void ext_write32(uint64_t base, unsigned off, uint32_t v);

/*
 * The locks a debugger clears before it reads a PE's sample registers: the OS Lock (OSLAR_EL1 = 0; it resets
 * locked, and external accesses to the sample registers are then errors), and each block's CoreSight Software Lock
 * (CS_LAR_KEY to its LAR at 0xFB0; locked, its writes are ignored). ext_locks_release() returns whether the OS Lock
 * was locked; ext_locks_restore() gives it back and locks the Software Locks again. A base of 0 is skipped.
 */
bool ext_locks_release(uint64_t base_a, uint64_t base_b);
void ext_locks_restore(bool os_locked, uint64_t base_a, uint64_t base_b);

#endif
