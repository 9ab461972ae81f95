/*
 * console.h - where pmucheck's stdout and stderr (picolibc stdio) go. "\n" is sent as "\r\n".
 *
 * By default every character goes to the platform's PL011 UART (console_pl011.h) as it is printed. After
 * console_use_semihosting() (boot argument pmucheck.console=semihosting, lib/test/selection.h) output is kept
 * until the end of a line (or CONSOLE_LINE bytes) and written with one semihosting SYS_WRITE0 (operation 0x04,
 * Arm's "Semihosting for AArch32 and AArch64"; picolibc's sys_semihost_write0). On QEMU that is one trap and
 * one host write per line instead of two MMIO accesses and one host write per character: the suite's console
 * output, not its checks, was most of its run time (make bench). Every PE prints through the same buffer:
 * pmucheck runs the suite on one PE at a time (lib/smp/pe_start.h).
 * Semihosting is taken at whatever EL prints, EL0 included: QEMU needs -semihosting-config userspace=on, and its
 * chardev= set to the serial port's so both sinks stay in one ordered stream (platform/qemu-virt/platform.mk).
 */
#ifndef PMUCHECK_CONSOLE_H
#define PMUCHECK_CONSOLE_H

#include <stdbool.h>

#define CONSOLE_LINE 256 /* bytes kept before a semihosting write, the terminating NUL included */

/*
 * From now on write lines through semihosting. Returns false, and keeps the UART, on a platform built without
 * semihosting (PLAT_SEMIHOSTING 0).
 */
bool console_use_semihosting(void);

/* Write out a partly printed line kept for semihosting (nothing to do for the UART). */
void console_flush(void);

/* One character of output ("\n" is sent as "\r\n"): what the C library's glue calls for every byte printed. */
void console_putc(char c);

/*
 * Semihosting SYS_WRITE0 of a NUL-terminated string: provided by the C library's glue (console_picolibc.c:
 * picolibc's sys_semihost_write0; console_newlib.c: its own HLT #0xF000), only with PLAT_SEMIHOSTING.
 */
void console_semihost_write0(const char *text);

#endif
