/*
 * boot_main.c - first C code, at the Exception level pmucheck was entered at (the orchestrator's). Sets up
 * picolibc's TLS, reads the ID registers, gives every lower level its baseline (el3/, el2/, el1/), reports
 * which contexts exist, runs the test modules and exits with the verdict.
 */
#include <picolibc.h> /* defines PICOLIBC_TLS, which picotls.h needs */
#include <picotls.h>
#include <stdio.h>

#include "arch/id_regs.h"
#include "el1/svc_service.h"
#include "el2/hvc_service.h"
#include "el3/smc_service.h"
#include "platform/platform.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "test/test.h"
#include "tests.h"

extern char __tls_base[];

void __attribute__((noreturn)) boot_main(unsigned el)
{
	const char *why;
	unsigned c;

	_init_tls(__tls_base);
	_set_tls(__tls_base);
	orchestrator_el = el;
	features_read();
	exc_set_service(3, el3_smc_service);
	exc_set_service(2, el2_hvc_service);
	exc_set_service(1, el1_svc_service);
	baseline_restore_all();

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
