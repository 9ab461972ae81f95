/*
 * xfail.c - recorded deviations of Arm's FVP Base models from the Arm ARM (none recorded yet: FVP has not
 * been run by this project; add entries with the rule, what was seen and the evidence, as for qemu-virt).
 */
#include <stddef.h>

#include "test/test.h"

const char platform_name[] = "fvp-base";

const struct xfail platform_xfails[] = {
	{ NULL, NULL, NULL, NULL, NULL, NULL },
};
