/*
 * test.c - see test.h and doc/output-format.md.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "arch/sysreg.h"
#include "runtime/exception.h"
#include "test/selection.h"
#include "test/test.h"

static unsigned tap_points, tap_passed, tap_failed, tap_skipped, tap_todo;
static char tap_prefix[16];
static char platform_version[16];
static bool xfails_apply = true; /* test_set_platform_version(): the recorded deviations are this platform's */
static struct selection selected; /* zero: every test point */
static unsigned selected_hits[SELECTION_MAX_ENTRIES];

const char *test_platform_version(void)
{
	return platform_version;
}

void test_set_platform_version(const char *version, bool recorded)
{
	snprintf(platform_version, sizeof(platform_version), "%s", version ? version : "");
	xfails_apply = platform_version[0] || recorded;
}

/* Whether the space-separated list holds word. */
static bool word_in(const char *word, const char *list)
{
	size_t n = strlen(word), len;

	while (*list) {
		len = strcspn(list, " ");
		if (len == n && strncmp(list, word, n) == 0)
			return true;
		list += len + (list[len] == ' ');
	}
	return false;
}

void test_set_pe_prefix(const char *prefix)
{
	snprintf(tap_prefix, sizeof(tap_prefix), "%s", prefix ? prefix : "");
}

void test_set_selection(const struct selection *s)
{
	selected = *s;
	memset(selected_hits, 0, sizeof(selected_hits));
}

const struct selection *test_selection(void)
{
	return &selected;
}

static bool select_every_point; /* test_select_every_point() */

bool test_selected(const char *name)
{
	return select_every_point || selection_matches(&selected, name, selected_hits);
}

void test_select_every_point(bool on)
{
	select_every_point = on;
}

void test_counts(unsigned *passed, unsigned *failed, unsigned *skipped)
{
	*passed = tap_passed;
	*failed = tap_failed;
	*skipped = tap_skipped;
}

bool test_module_selected(const char *module)
{
	size_t len = strlen(module);
	unsigned i;

	if (selected.entries == 0)
		return true;
	for (i = 0; i < selected.entries; i++)
		if (strncmp(selected.entry[i], module, len) == 0 &&
		    (selected.entry[i][len] == '.' || selected.entry[i][len] == '\0'))
			return true;
	return false;
}

/* Whether test point `name` is what an xfail entry names: the same, or, for a name ending in '*', anything that
 * starts with what comes before the '*'. */
static bool xfail_name_matches(const char *pattern, const char *name)
{
	for (; *pattern == *name; pattern++, name++)
		if (*pattern == '\0')
			return true;
	return pattern[0] == '*' && pattern[1] == '\0';
}

/*
 * The entry of platform_xfails for test point `name` on this platform, or NULL (every group_begin asks). The
 * name is compared first: it differs within a few characters from most entries, before their version list
 * is searched or their applies() called (make bench: this search was 4% of the suite's instructions).
 */
static const struct xfail *xfail_find(const char *name)
{
	const struct xfail *x;

	if (!xfails_apply)
		return NULL;
	for (x = platform_xfails; x->name; x++) {
		if (!xfail_name_matches(x->name, name))
			continue;
		if (platform_version[0] && x->versions && !word_in(platform_version, x->versions))
			continue;
		if (x->applies && !x->applies())
			continue;
		return x;
	}
	return NULL;
}

/* test_note(): the AND and OR of the values each register took since the groups open now began (a group_begin()
 * after a group_end() starts a new batch; groups begun together share one). */
static const char *const treg_names[TREG_COUNT] = {
	"PMCR_EL0", "MDCR_EL2", "MDCR_EL3", "PMCNTENSET_EL0", "PMINTENSET_EL1", "PMOVSSET_EL0", "PMCCFILTR_EL0",
	"PMEVTYPERn_EL0", "PMICFILTR_EL0", "PMUSERENR_EL0", "PMECR_EL1", "PMSSCR_EL1", "PMUACR_EL1", "PMSELR_EL0",
	"PMSWINC_EL0", "PMZR_EL0",
};
static uint64_t noted_and[TREG_COUNT], noted_or[TREG_COUNT];
static bool noted[TREG_COUNT];
static bool batch_open, batch_ended = true;

void test_note(enum test_reg r, uint64_t value)
{
	if (r >= TREG_COUNT || !batch_open)
		return;
	noted_and[r] = noted[r] ? noted_and[r] & value : value;
	noted_or[r] = noted[r] ? noted_or[r] | value : value;
	noted[r] = true;
}

/* Print the bits that varied while g was open ("#   <name>: varied: ..."); nothing when none did. */
static void print_varied(const struct check_group *g)
{
	unsigned r;
	bool any = false;

	for (r = 0; r < TREG_COUNT; r++) {
		if (!noted[r] || noted_and[r] == noted_or[r])
			continue;
		if (!any)
			printf("#   %s%s: varied:", tap_prefix, g->name);
		any = true;
		printf(" %s=0x%llx", treg_names[r], (unsigned long long)(noted_and[r] ^ noted_or[r]));
	}
	if (any)
		printf("\n");
}

bool group_begin(struct check_group *g, const char *rules, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(g->name, sizeof(g->name), fmt, ap);
	va_end(ap);
	g->rules = rules;
	g->checks = 0;
	g->failures = 0;
	g->excused = 0;
	g->deviation = xfail_find(g->name);
	if (!test_selected(g->name))
		return false;
	if (batch_ended)
		memset(noted, 0, sizeof(noted));
	batch_ended = false;
	batch_open = true;
	return true;
}

/* Count and print one failed claim: excused (the recorded deviation explains it) or failed. */
static void claim_failed(struct check_group *g, const struct claim *c, const char *fmt, va_list ap)
{
	const struct xfail *x = g->deviation;
	bool excused = x && x->explains && c && x->explains(c);
	unsigned *count = excused ? &g->excused : &g->failures;
	unsigned max = excused ? GROUP_MAX_DIAGS_DEVIATION : GROUP_MAX_DIAGS;

	if ((*count)++ < max) {
		printf("#   %s%s: %s", tap_prefix, g->name, excused ? "excused by the recorded deviation: " : "");
		vprintf(fmt, ap);
		printf("\n");
	} else if (*count == max + 1) {
		printf("#   %s%s: further %s not shown\n", tap_prefix, g->name, excused ? "excused claims" : "failures");
	}
}

bool check(struct check_group *g, bool ok, const char *fmt, ...)
{
	va_list ap;

	g->checks++;
	if (ok)
		return true;
	va_start(ap, fmt);
	claim_failed(g, NULL, fmt, ap);
	va_end(ap);
	return false;
}

bool check_claim(struct check_group *g, bool ok, const struct claim *c, const char *fmt, ...)
{
	va_list ap;

	g->checks++;
	if (ok)
		return true;
	va_start(ap, fmt);
	claim_failed(g, c, fmt, ap);
	va_end(ap);
	return false;
}

bool test_deviation_recorded(const char *name)
{
	return xfail_find(name) != NULL;
}

/* exc_pmu_stray_count as the last group_end() reported it. */
static unsigned pmu_stray_reported;

void group_end(struct check_group *g)
{
	const struct xfail *x = g->deviation;
	bool ok;

	if (exc_pmu_stray_count != pmu_stray_reported) {
		check(g, false, "%u PMU Profiling exception(s) that no check expected, the first taken to EL%u from EL%u "
		      "(ESR_EL%u 0x%llx, ELR 0x%llx): contained (PMINTENSET_EL1 cleared), this test point or the code "
		      "since the last one left the exception enabled and unmasked", exc_pmu_stray_count -
		      pmu_stray_reported, exc_pmu_stray.el, (unsigned)((exc_pmu_stray.spsr >> 2) & 3), exc_pmu_stray.el,
		      (unsigned long long)exc_pmu_stray.esr, (unsigned long long)exc_pmu_stray.elr);
		pmu_stray_reported = exc_pmu_stray_count;
		exc_pmu_stray.taken = false;
	}
	ok = g->checks > 0 && g->failures == 0 && g->excused == 0;
	print_varied(g);
	batch_ended = true;
	if (x && g->failures)
		printf("#   %s%s: %u failed claim(s) are not the deviation recorded for %s (%s: %s), which explains "
		       "%u: a failure of its own\n", tap_prefix, g->name, g->failures, platform_name, x->rule, x->seen,
		       g->excused);

	tap_points++;
	printf("%s %u - %s%s %s (%u checks", ok ? "ok" : "not ok", tap_points, tap_prefix, g->name, g->rules,
	       g->checks);
	if (g->failures + g->excused)
		printf(", %u failed", g->failures + g->excused);
	if (g->excused)
		printf(", %u excused by the deviation", g->excused);
	if (g->checks == 0)
		printf(", a group that checks nothing fails");
	printf(")");
	if (x && g->failures == 0 && g->checks > 0) {
		printf(" # TODO %s%s%s: %s: %s\n", platform_name, platform_version[0] ? " " : "", platform_version,
		       x->rule, x->seen);
		tap_todo++;
		if (ok)
			printf("# %s%s: the deviation recorded for %s did not show: update platform/%s/xfail.c\n",
			       tap_prefix, g->name, platform_name, platform_name);
		return;
	}
	printf("\n");
	if (ok)
		tap_passed++;
	else
		tap_failed++;
}

void tap_skip(const char *name, const char *rules, const char *fmt, ...)
{
	va_list ap;

	if (!test_selected(name))
		return;
	tap_points++;
	tap_skipped++;
	printf("ok %u - %s%s %s # SKIP ", tap_points, tap_prefix, name, rules);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

void tap_fail_point(const char *name, const char *rules, const char *fmt, ...)
{
	va_list ap;

	tap_points++;
	tap_failed++;
	printf("#   %s%s: ", tap_prefix, name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\nnot ok %u - %s%s %s\n", tap_points, tap_prefix, name, rules);
}

unsigned tap_finish(void)
{
	unsigned i;

	for (i = 0; i < selected.entries; i++)
		if (selected_hits[i] == 0)
			tap_fail_point("selection", "the run's selection (pmucheck.tests, TESTS=)",
				       "entry '%s' selected no test point: a misspelt check or context?", selected.entry[i]);
	printf("# elapsed: %llu counter ticks at %llu Hz (CNTPCT_EL0, boot to verdict)\n",
	       (unsigned long long)read_cntpct_el0(), (unsigned long long)read_cntfrq_el0());
	printf("1..%u\n", tap_points);
	printf("# expected failures (TODO, listed in platform/%s/xfail.c): %u\n", platform_name, tap_todo);
	printf("%u passed, %u failed, %u skipped\n", tap_passed, tap_failed, tap_skipped);
	return tap_failed;
}
