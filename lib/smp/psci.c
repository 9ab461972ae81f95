/*
 * psci.c - see psci.h.
 */
#include "smp/psci.h"

int64_t psci_call(enum plat_psci_method method, uint64_t fn, uint64_t a1, uint64_t a2, uint64_t a3)
{
	register uint64_t x0 __asm__("x0") = fn;
	register uint64_t x1 __asm__("x1") = a1;
	register uint64_t x2 __asm__("x2") = a2;
	register uint64_t x3 __asm__("x3") = a3;

	if (method == PLAT_PSCI_SMC)
		__asm__ volatile("smc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)::"memory");
	else if (method == PLAT_PSCI_HVC)
		__asm__ volatile("hvc #0" : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)::"memory");
	else
		return -1;
	return (int64_t)x0;
}
