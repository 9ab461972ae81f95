/*
 * modules.c - the module table (tests/module_list.h) and the run of every selected module: in the list's
 * order, or in a seeded random order (pmucheck.order=random:<seed>); then the test point
 * isolation.final_state (tests/isolation.c) checks the run gave back the state it found.
 */
#include <stdio.h>

#include "arch/sysreg.h"
#include "drivers/console.h"
#include "isolation.h"
#include "runtime/watchdog.h"
#include "module_list.h"
#include "test/selection.h"
#include "test/test.h"
#include "tests.h"

#define MODULE_NAME(m) #m,
#define MODULE_FN(m) test_##m,

const char *const test_module_names[] = { PMUCHECK_MODULE_LIST(MODULE_NAME) };
const unsigned test_module_count = sizeof(test_module_names) / sizeof(test_module_names[0]);
static void (*const module_fn[])(void) = { PMUCHECK_MODULE_LIST(MODULE_FN) };

void tests_run_all(void)
{
	const struct selection *sel = test_selection();
	unsigned order[sizeof(module_fn) / sizeof(module_fn[0])], i;
	struct isolation_state entry;
	const char *why;

	isolation_shuffle(order, test_module_count, sel->order_seed);
	if (!sel->random_order)
		for (i = 0; i < test_module_count; i++)
			order[i] = i;
	else
		printf("# order: random, seed 0x%llx (pmucheck.order=random:0x%llx): %s first\n",
		       (unsigned long long)sel->order_seed, (unsigned long long)sel->order_seed,
		       test_module_names[order[0]]);
	if (!watchdog_init(&why))
		printf("# watchdog: none (%s)\n", why);
	isolation_capture(&entry);
	for (i = 0; i < test_module_count; i++)
		if (test_module_selected(test_module_names[order[i]])) {
			uint64_t t0 = read_cntpct_el0();

			module_fn[order[i]]();
			/* make bench reads these: where the suite's time goes (CNTPCT_EL0 ticks at CNTFRQ_EL0). */
			printf("# module %s: %llu counter ticks\n", test_module_names[order[i]],
			       (unsigned long long)(read_cntpct_el0() - t0));
			console_flush(); /* a module's output is out when the next one starts (console.h) */
		}
	watchdog_disarm(); /* armed since the first call (watchdog.h): not to fire during the final checks */
	isolation_check(&entry);
}
