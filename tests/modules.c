/*
 * modules.c - the module table (tests/module_list.h) and the run of every selected module. A selection
 * (pmucheck.tests=... on the boot arguments, or make run TESTS=...) runs only the modules it names.
 */
#include "module_list.h"
#include "test/test.h"
#include "tests.h"

#define MODULE_NAME(m) #m,
#define MODULE_FN(m) test_##m,

const char *const test_module_names[] = { PMUCHECK_MODULE_LIST(MODULE_NAME) };
const unsigned test_module_count = sizeof(test_module_names) / sizeof(test_module_names[0]);
static void (*const module_fn[])(void) = { PMUCHECK_MODULE_LIST(MODULE_FN) };

void tests_run_all(void)
{
	unsigned i;

	for (i = 0; i < test_module_count; i++)
		if (test_module_selected(test_module_names[i]))
			module_fn[i]();
}
