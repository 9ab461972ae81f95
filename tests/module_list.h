/*
 * module_list.h - the test modules, in the order they run (the order the issues introduced them). One list
 * for the firmware (tests/modules.c) and the host fuzzer of the selection parser (tests/fuzz/), so the names
 * a selection is checked against are the names that run.
 */
#ifndef PMUCHECK_MODULE_LIST_H
#define PMUCHECK_MODULE_LIST_H

/* The fault-injection module (tests/fault_inject.c), first, in a FAULT_INJECT=1 build only. */
#if defined(PMUCHECK_FAULT_INJECT) && PMUCHECK_FAULT_INJECT
#define PMUCHECK_FAULT_MODULE(X) X(fault)
#else
#define PMUCHECK_FAULT_MODULE(X)
#endif

#define PMUCHECK_MODULE_LIST(X) PMUCHECK_FAULT_MODULE(X) \
	X(enable) X(prohibit) X(filter) X(guest_view) X(overflow) X(interrupt) X(freeze) X(pmcr) X(access) \
	X(ebep) X(sebep) X(snapshot) X(pc_sample) X(icntr) X(threshold) X(regbits) X(sweep) X(exc_events) X(mt)

#endif
