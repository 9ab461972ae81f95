/*
 * host_test.h - the host unit tests of the spec model (lib/pmu_model.c): harness, machines and contexts.
 *
 * Expected values come from the spec (DDI0487: D11.5 in ../shared/spec/000_*.txt, D13 in pmu-chapter/, the
 * pseudocode in pseudocode/, the register descriptions in registers/), written as data tables or as the
 * spec's sentences turned into code, never by calling the model: a wrong model fails them.
 *
 * Output is TAP-like: one "ok N - name" / "not ok N - name" line per test case, "#" lines under a failing case
 * showing the controls, the expected and the seen value, and the plain line "N passed, N failed" last. With
 * HOST_TEST_FAIL_FAST set in the environment it exits (status 1) after the first failing case.
 */
#ifndef PMUCHECK_HOST_TEST_H
#define PMUCHECK_HOST_TEST_H

#include <stdbool.h>
#include <stdint.h>

#include "model/pmu_model.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- harness ---- */

/* Start a test case; its name is printed on the ok / not ok line. */
void tc_begin(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* One check of the running case: passes when seen == want, else records "<fmt...>: expected W, seen S". */
void tc_check(unsigned long long seen, unsigned long long want, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* End the running case: print its ok / not ok line (with the number of checks) and its diagnostics. */
void tc_end(void);

/* ---- machines (what the ID registers say) ---- */

/* FEAT_PMUv3p5 (PMUVer 0x6) with EL3, EL2, FEAT_SEL2 and n event counters: QEMU -cpu max's shape. */
struct pmu_features machine(unsigned n);

/* ---- contexts: an Exception level, a Security state and the SCR_EL3 bits that decide EL2Enabled() ---- */

enum ctx {
	CTX_EL3,        /* EL3, SCR_EL3.NS = 0 */
	CTX_EL3_NS1,    /* EL3, SCR_EL3.NS = 1 (still Secure state: EL3 is always Secure without FEAT_RME) */
	CTX_S_EL2,      /* Secure EL2: SCR_EL3.{NS, EEL2} = {0, 1} */
	CTX_S_EL1,      /* Secure EL1, Secure EL2 disabled: SCR_EL3.{NS, EEL2} = {0, 0} */
	CTX_S_EL0,      /* Secure EL0, SCR_EL3.{NS, EEL2} = {0, 0} */
	CTX_S_EL1_EEL2, /* Secure EL1, Secure EL2 enabled: SCR_EL3.{NS, EEL2} = {0, 1} */
	CTX_S_EL0_EEL2, /* Secure EL0, SCR_EL3.{NS, EEL2} = {0, 1} */
	CTX_NS_EL2,     /* Non-secure EL2: SCR_EL3.NS = 1 */
	CTX_NS_EL1,
	CTX_NS_EL0,
	CTX_COUNT
};

extern const char *const ctx_name[CTX_COUNT];

/*
 * Whether the context exists on the machine: EL3 contexts need EL3; EL2 needs EL2; Secure EL2 needs FEAT_SEL2;
 * a Secure EL1/EL0 needs EL3 (without EL3 the machine is taken to be Non-secure only); EEL2 = 1 needs FEAT_SEL2.
 */
bool ctx_exists(const struct pmu_features *f, enum ctx c);

/*
 * A state at context c where nothing is prohibited, filtered or frozen, and nothing is enabled yet:
 *  - MDCR_EL3.SPME = 1 and MPMX = 0: event counting allowed in Secure state and at EL3 (D11.5.3; CountPMUEvents:
 *    prohibited = SPME == '0' && (!FEAT_PMUv3p7 || MPMX == '0'), and at EL3 MPMX == '1' prohibits);
 *  - MDCR_EL2.HPMN = hpmn, HPMD = 0 (CountPMUEvents: "prohibited = hpmd == '1'" at EL2), HPME = 0;
 *  - PMCR_EL0 = 0 (E = 0, DP = 0, FZO = 0), PMCNTENSET_EL0 = 0, PMOVSCLR_EL0 = 0;
 *  - every filter (PMEVTYPER<n>_EL0, PMCCFILTR_EL0, PMICFILTR_EL0) = NSH only. From the filtering rules of
 *    CountPMUEvents with p = u = nsk = nsu = m = sh = 0 and nsh = 1 (or 0 without EL2):
 *      EL0 Non-secure "filtered = u != nsu" (0 != 0), Secure "filtered = u == '1'";
 *      EL1 Non-secure "filtered = p != nsk", Secure "filtered = p == '1'";
 *      EL2 Non-secure "filtered = nsh == '0'" (nsh is 1), Secure "filtered = nsh == sh" (1 == 0);
 *      EL3 "filtered = m != p" (0 != 0);
 *    so the counter counts at every EL in both Security states (test case "filter NSH only" checks it).
 */
struct pmu_state open_state(const struct pmu_features *f, enum ctx c, unsigned hpmn);

/* The controls of a state, for a diagnostic: machine, context and the registers the rules read. */
const char *controls(const struct pmu_features *f, const struct pmu_state *s);

/* ---- the test suites, one per file ---- */
void run_enable_tests(void);     /* test_enables.c: D11.5.1 Tables D11-2, D11-3, cycle and instruction counter */
void run_hpmn_tests(void);       /* test_hpmn.c: PMCR_EL0.N, PMSWINC_EL0, EffectiveHPMN, ranges, PMCR_EL0.P */
void run_prohibit_tests(void);   /* test_prohibit.c: D11.5.3 prohibition, D11.7 filtering */
void run_overflow_tests(void);   /* test_overflow.c: overflow width, overflow interrupt, freeze on overflow */
void run_ebep_tests(void);       /* test_ebep.c: D13.3.2/D13.3.3 Tables D13-1 and D13-2, PPEND rules */
void run_profiling_exception_tests(void); /* test_profiling_exception.c: ESR decoding, the handler's SPSR */
void run_snapshot_tests(void);   /* test_snapshot.c: D13.9 PMU snapshots, Table D13-10 (with a mutation self-test) */
void run_pc_sample_tests(void);  /* test_pc_sample.c: CreatePCSample, PMPCSR and EDPCSRlo reads */
void run_icntr_tests(void);      /* test_icntr.c: FEAT_PMUv3_ICNTR: RFBGFH, IWMNXT, RCSRMB, RMZPBW, its interrupt */
void run_access_mask_tests(void); /* test_access_mask.c: GetPMUReadMask/GetPMUWriteMask of the set/clear registers */
void run_threshold_tests(void);  /* test_threshold.c: D13.8 threshold/edge counting, Tables D13-5..D13-8 */
void run_aarch32_tests(void);   /* test_aarch32.c: AArch32.IncrementEventCounter, SDER32_EL3.SUNIDEN, G8.4 accessors */
void run_fields_tests(void);     /* test_fields.c: the register fields' kinds (pmu_fields.c) */
void run_mtpmu_tests(void);     /* test_mtpmu.c: FEAT_MTPMU's Effective PMEVTYPER<n>_EL0.MT */
void run_spe_freeze_tests(void); /* test_spe_freeze.c: D11.5.2 the SPE buffer management event freeze */
void run_exc_events_tests(void); /* test_exc_events.c: D11.7.2 exception-related events, their classification */

#endif
