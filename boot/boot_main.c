/*
 * boot_main.c - first C code, at the Exception level pmucheck was entered at (the orchestrator's). Sets up
 * picolibc's TLS, reads the ID registers, gives every lower level its baseline (el3/, el2/, el1/), reports
 * which contexts exist, runs the test modules and exits with the verdict.
 */
#include <picolibc.h> /* defines PICOLIBC_TLS, which picotls.h needs */
#include <picotls.h>
#include <stdio.h>

#include "context.h"
#include "el_setup.h"
#include "id_regs.h"
#include "platform.h"
#include "test.h"
#include "tests.h"

extern char __tls_base[];

/* Baselines of every level the orchestrator owns, highest first (el_setup.h). */
void el_setup_all(void)
{
	if (orchestrator_el == 3)
		el3_setup();
	if (orchestrator_el >= 2 && features.el2)
		el2_setup();
	el1_setup();
}

void __attribute__((noreturn)) boot_main(unsigned el)
{
	const char *why;
	unsigned c;

	_init_tls(__tls_base);
	_set_tls(__tls_base);
	orchestrator_el = el;
	features_read();
	el_setup_all();

	printf("TAP version 14\n");
	printf("# pmucheck: PMUv3 conformance checks (platform %s)\n", platform_name);
	printf("# entered at EL%u\n", el);
	features_print();
	for (c = 0; c < CTX_COUNT; c++) {
		if (!ctx_available((enum ctx)c, &why))
			printf("# context %s: not available: %s\n", ctx_name((enum ctx)c), why);
	}
	if (el < 3 && !features.el3)
		printf("# no EL3: the Security state is IMPLEMENTATION DEFINED; contexts are named Non-secure\n");

	tests_run_all();
	platform_exit(tap_finish() ? 1 : 0);
}
