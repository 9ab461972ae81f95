/*
 * host_test.c - harness, machines and contexts of the host unit tests (see host_test.h), and main().
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_test.h"

/* ---- harness ---- */

#define MAX_DIAG_LINES 8

static char tc_name[160];
static char tc_diag[MAX_DIAG_LINES][400];
static unsigned tc_checks, tc_failures, tc_number, tc_passed, tc_failed;

void tc_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(tc_name, sizeof(tc_name), fmt, ap);
	va_end(ap);
	tc_checks = tc_failures = 0;
}

void tc_check(unsigned long long seen, unsigned long long want, const char *fmt, ...)
{
	va_list ap;
	size_t len;

	tc_checks++;
	if (seen == want)
		return;
	if (tc_failures < MAX_DIAG_LINES) {
		va_start(ap, fmt);
		vsnprintf(tc_diag[tc_failures], sizeof(tc_diag[0]), fmt, ap);
		va_end(ap);
		len = strlen(tc_diag[tc_failures]);
		snprintf(tc_diag[tc_failures] + len, sizeof(tc_diag[0]) - len, ": expected %llu, seen %llu", want, seen);
	}
	tc_failures++;
}

void tc_end(void)
{
	unsigned i;

	tc_number++;
	/* a case that checked nothing is a broken test, not a pass */
	if (tc_failures == 0 && tc_checks > 0) {
		tc_passed++;
		printf("ok %u - %s (%u check%s)\n", tc_number, tc_name, tc_checks, tc_checks == 1 ? "" : "s");
		return;
	}
	tc_failed++;
	printf("not ok %u - %s (%u checks, %u failed)\n", tc_number, tc_name, tc_checks, tc_failures);
	for (i = 0; i < tc_failures && i < MAX_DIAG_LINES; i++)
		printf("#   %s\n", tc_diag[i]);
	if (tc_failures > MAX_DIAG_LINES)
		printf("#   ... and %u more\n", tc_failures - MAX_DIAG_LINES);
	/* HOST_TEST_FAIL_FAST set: stop at the first failing case (ci/mutate_model.py only needs to know one fails) */
	if (getenv("HOST_TEST_FAIL_FAST"))
		exit(1);
}

/* ---- machines and contexts ---- */

struct pmu_features machine(unsigned n)
{
	return (struct pmu_features){ .pmuver = PMUVer_V3P5, .num_counters = n, .el2 = true, .el3 = true,
				      .sel2 = true, .aarch32 = true };
}

const char *const ctx_name[CTX_COUNT] = {
	[CTX_EL3] = "EL3", [CTX_EL3_NS1] = "EL3 (SCR_EL3.NS=1)", [CTX_S_EL2] = "Secure EL2",
	[CTX_S_EL1] = "Secure EL1 (EEL2=0)", [CTX_S_EL0] = "Secure EL0 (EEL2=0)",
	[CTX_S_EL1_EEL2] = "Secure EL1 (EEL2=1)", [CTX_S_EL0_EEL2] = "Secure EL0 (EEL2=1)",
	[CTX_NS_EL2] = "Non-secure EL2", [CTX_NS_EL1] = "Non-secure EL1", [CTX_NS_EL0] = "Non-secure EL0",
};

static const struct {
	unsigned el;
	bool secure;
	uint64_t scr_el3;
} ctx_def[CTX_COUNT] = {
	[CTX_EL3] = { 3, true, 0 },
	[CTX_EL3_NS1] = { 3, true, SCR_EL3_NS_BIT },
	[CTX_S_EL2] = { 2, true, SCR_EL3_EEL2_BIT },
	[CTX_S_EL1] = { 1, true, 0 },
	[CTX_S_EL0] = { 0, true, 0 },
	[CTX_S_EL1_EEL2] = { 1, true, SCR_EL3_EEL2_BIT },
	[CTX_S_EL0_EEL2] = { 0, true, SCR_EL3_EEL2_BIT },
	[CTX_NS_EL2] = { 2, false, SCR_EL3_NS_BIT },
	[CTX_NS_EL1] = { 1, false, SCR_EL3_NS_BIT },
	[CTX_NS_EL0] = { 0, false, SCR_EL3_NS_BIT },
};

bool ctx_exists(const struct pmu_features *f, enum ctx c)
{
	if (ctx_def[c].el == 3 || ctx_def[c].secure)
		if (!f->el3)
			return false;
	if (ctx_def[c].el == 2 && !f->el2)
		return false;
	if (ctx_def[c].el < 3 && (ctx_def[c].scr_el3 & SCR_EL3_EEL2_BIT) && !(f->el2 && f->sel2))
		return false;
	return true;
}

struct pmu_state open_state(const struct pmu_features *f, enum ctx c, unsigned hpmn)
{
	struct pmu_state s;
	unsigned n;

	memset(&s, 0, sizeof(s));
	s.el = ctx_def[c].el;
	s.secure = ctx_def[c].secure;
	s.scr_el3 = f->el3 ? ctx_def[c].scr_el3 : 0;
	s.mdcr_el3 = MDCR_EL3_SPME_BIT;
	s.mdcr_el2 = FIELD_PREP(MDCR_EL2, HPMN, hpmn);
	s.pmccfiltr_el0 = PMEVTYPER_NSH_BIT;
	s.pmicfiltr_el0 = PMEVTYPER_NSH_BIT;
	for (n = 0; n < ARRAY_SIZE(s.pmevtyper); n++)
		s.pmevtyper[n] = PMEVTYPER_NSH_BIT;
	return s;
}

const char *controls(const struct pmu_features *f, const struct pmu_state *s)
{
	static char buf[4][300];
	static unsigned next;
	char *b = buf[next++ % ARRAY_SIZE(buf)];

	snprintf(b, sizeof(buf[0]),
		 "[PMUVer=0x%x N=%u%s%s%s%s] EL%u %s SCR_EL3=0x%llx MDCR_EL3=0x%llx MDCR_EL2=0x%llx (HPMN=%llu) "
		 "PMCR_EL0=0x%llx PMCNTENSET_EL0=0x%llx",
		 f->pmuver, f->num_counters, f->el3 ? " EL3" : "", f->el2 ? " EL2" : "", f->sel2 ? " SEL2" : "",
		 f->hpmn0 ? " HPMN0" : "", s->el, s->secure ? "Secure" : "Non-secure", (unsigned long long)s->scr_el3,
		 (unsigned long long)s->mdcr_el3, (unsigned long long)s->mdcr_el2,
		 (unsigned long long)FIELD_GET(MDCR_EL2, HPMN, s->mdcr_el2), (unsigned long long)s->pmcr_el0,
		 (unsigned long long)s->pmcntenset_el0);
	return b;
}

/* The suites, named as their files tests/host/test_<name>.c, in the order they run. */
static const struct {
	const char *name;
	void (*run)(void);
} suites[] = {
	{ "enables", run_enable_tests }, { "hpmn", run_hpmn_tests }, { "prohibit", run_prohibit_tests },
	{ "overflow", run_overflow_tests }, { "ebep", run_ebep_tests },
	{ "profiling_exception", run_profiling_exception_tests }, { "snapshot", run_snapshot_tests },
	{ "pc_sample", run_pc_sample_tests }, { "icntr", run_icntr_tests }, { "access_mask", run_access_mask_tests },
	{ "exc_events", run_exc_events_tests }, { "spe_freeze", run_spe_freeze_tests },
	{ "mtpmu", run_mtpmu_tests },
	{ "threshold", run_threshold_tests }, { "fields", run_fields_tests },
	{ "aarch32", run_aarch32_tests },
};

/*
 * Every suite once. HOST_TEST_FIRST=<name> in the environment runs that suite first and then the others (with
 * HOST_TEST_FAIL_FAST, ci/mutate_model.py learns soonest what a mutant of that suite's model breaks).
 */
int main(void)
{
	const char *first = getenv("HOST_TEST_FIRST");
	unsigned i, f = ARRAY_SIZE(suites);

	printf("TAP version 14\n");
	for (i = 0; first && i < ARRAY_SIZE(suites); i++)
		if (strcmp(first, suites[i].name) == 0)
			f = i;
	if (f < ARRAY_SIZE(suites))
		suites[f].run();
	for (i = 0; i < ARRAY_SIZE(suites); i++)
		if (i != f)
			suites[i].run();
	printf("1..%u\n", tc_number);
	printf("%u passed, %u failed\n", tc_passed, tc_failed);
	return tc_failed ? 1 : 0;
}
