/*
 * platform.h - the platform hooks the core uses. Values come from platform/<name>/platform.mk as -D flags:
 * PLAT_UART_BASE (PL011), PLAT_GICD_BASE/PLAT_GICR_BASE (GICv3), PLAT_PMU_INTID (PMU overflow PPI),
 * PLAT_SEMIHOSTING (1: exit through semihosting SYS_EXIT).
 */
#ifndef PMUCHECK_PLATFORM_H
#define PMUCHECK_PLATFORM_H

#ifndef PLAT_UART_BASE
#error "PLAT_UART_BASE must come from platform/<name>/platform.mk"
#endif

/* MPIDR_EL1 affinity of the PE that boots when every PE starts at the entry at EL3 (boot/entry.S). */
#ifndef PLAT_PRIMARY_MPIDR
#define PLAT_PRIMARY_MPIDR 0
#endif

#ifndef __ASSEMBLER__
/*
 * End the run with `status` (0 all passed, 1 a check failed, 2 bail out): semihosting SYS_EXIT through
 * the C library's exit() where PLAT_SEMIHOSTING, else a WFI loop (hardware without a debugger). No return.
 */
void __attribute__((noreturn)) platform_exit(int status);
#endif

#endif
