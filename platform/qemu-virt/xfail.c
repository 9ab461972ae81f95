/*
 * xfail.c - where QEMU's virt board (QEMU 7.2, target/arm) deviates from the Arm ARM, as recorded
 * deviations: the test point still runs and prints its diagnostics, and is reported with "# TODO". Each entry
 * gives the rule, what was seen, and below it why we are sure the platform, not the check, is wrong.
 */
#include <stddef.h>

#include "test.h"

const char platform_name[] = "qemu-virt";

const struct xfail platform_xfails[] = {
	{ NULL, NULL, NULL },
};
