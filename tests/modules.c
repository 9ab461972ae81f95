/*
 * modules.c - the module list, in the order the issues introduce them. A build with
 * PMUCHECK_MODULES="enable" (make run MODULES=enable) prints only the test points of that module.
 */
#include "tests.h"

void tests_run_all(void)
{
	test_enable();
	test_prohibit();
	test_filter();
	test_guest_view();
	test_overflow();
	test_interrupt();
	test_freeze();
	test_access();
	test_ebep();
	test_sebep();
}
