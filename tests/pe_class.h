/*
 * pe_class.h - what each PE is, for pmucheck.pes=distinct (lib/test/selection.h) and the run's per-PE summary.
 *
 * A PE class is the PEs whose PMU identification registers are all equal: MIDR_EL1, REVIDR_EL1, PMCR_EL0.N,
 * PMCR_EL0.IDCODE, PMCEID0_EL0, PMCEID1_EL0 (in AArch64 their bits [63:32] are the PMCEID2/PMCEID3 events of
 * FEAT_PMUv3p1, read as 0 without it), ID_AA64DFR0_EL1 and ID_AA64DFR1_EL1. With distinct, every PE is started
 * once to record its registers (pe_class_record()); the primary sorts them into classes (pe_class_assign(): a
 * lookup among the classes found so far for each PE, so the cost is PEs x classes, a few classes on real parts)
 * and prints them in the TAP header; the suite runs on the first PE of each class, and each other PE runs
 * pe_class_check(): its registers read again against its class's, and its PMU overflow interrupt.
 */
#ifndef PMUCHECK_PE_CLASS_H
#define PMUCHECK_PE_CLASS_H

#include <stdbool.h>

#define PE_CLASS_NONE 0xffffffffu /* the class of a PE that did not start for its record */

/*
 * Room for `pes` PEs' records, classes and results (lib/platform/pe_memory.h), before pe_setup(). Returns true, or
 * false with *why naming the bytes.
 */
bool pe_class_setup(unsigned pes, const char **why);

/* On PE idx, MMU on: read its identification registers into its record. */
void pe_class_record(unsigned idx);

/* On the primary, after every PE's pe_class_record() (a PE that did not start: PE_CLASS_NONE): the classes. */
void pe_class_assign(unsigned pes);

/* "# PE class k: MIDR_EL1 0x..., ...: PEs a-b, c" for each class (TAP header). */
void pe_class_print(unsigned pes);

/* PE idx's class (PE_CLASS_NONE: it did not start), and whether idx is its class's first PE, the one the suite
 * runs on. */
unsigned pe_class_of(unsigned idx);
bool pe_class_first(unsigned idx);

/*
 * On PE idx, not its class's first: the test points pe_class.id (each register read now against its class's,
 * from the class's first PE: "MIDR_EL1 expected 0x..., seen 0x..." for each that differs) and pe_class.irq (the
 * PMU overflow interrupt reaches this PE: tests/tests.h interrupt_overflow_point()). They run whatever
 * pmucheck.tests says.
 */
void pe_class_check(unsigned idx);

/* The test points PE idx gave (counted by the primary around its run), for the summary. */
void pe_class_result(unsigned idx, unsigned passed, unsigned failed, unsigned skipped);

/*
 * Before the summary line: with distinct, a line per class (its PEs, the suite on its first, the check on the
 * rest); else a line per run of PEs with the same counts. `distinct`: which.
 */
void pe_class_summary(unsigned pes, bool distinct);

#endif
