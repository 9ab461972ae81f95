/*
 * module_list.h - the test modules, in the order they run (the order the issues introduced them). One list
 * for the firmware (tests/modules.c) and the host fuzzer of the selection parser (tests/fuzz/), so the names
 * a selection is checked against are the names that run.
 */
#ifndef PMUCHECK_MODULE_LIST_H
#define PMUCHECK_MODULE_LIST_H

#define PMUCHECK_MODULE_LIST(X) \
	X(enable) X(prohibit) X(filter) X(guest_view) X(overflow) X(interrupt) X(freeze) X(access) X(ebep) X(sebep) X(snapshot) X(pc_sample) X(sweep)

#endif
