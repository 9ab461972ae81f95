/*
 * console.h - where pmucheck's stdout and stderr (picolibc stdio) go. "\n" is sent as "\r\n".
 *
 * By default every character goes to the console UART (plat.console, through its driver in lib/drivers/uart/)
 * as it is printed: the compiled-in PL011 until console_select() takes the one the device tree or the boot
 * argument named (none: semihosting). After
 * console_use_semihosting() (boot argument pmucheck.console=semihosting, lib/test/selection.h) output is kept
 * in a buffer of CONSOLE_BUFFER bytes and written with one semihosting SYS_WRITE0 (operation 0x04, Arm's
 * "Semihosting for AArch32 and AArch64"; picolibc's sys_semihost_write0) when the buffer is full and at every
 * console_flush(): at the end of each test module (tests/modules.c), in platform_exit(), which every end
 * of a run, Bail out! included, goes through, and before an unexpected exception is reported (exception.c:
 * should the report itself fault, the run ends without a stack, and what was still kept would be lost). On
 * QEMU each write is a trap and host writes: one per line was 11 ms of the 140 ms el3-max suite (make bench),
 * one per buffer is a few dozen writes in all. What a run that hangs with FIQ masked had printed since the
 * last flush is lost; pmucheck.console=uart writes every byte at once. Every PE prints through the same
 * buffer: pmucheck runs the suite on one PE at a time (lib/smp/pe_start.h).
 * Semihosting is taken at whatever EL prints, EL0 included: QEMU needs -semihosting-config userspace=on, and its
 * chardev= set to the serial port's so both sinks stay in one ordered stream (platform/qemu-virt/platform.mk).
 */
#ifndef PMUCHECK_CONSOLE_H
#define PMUCHECK_CONSOLE_H

#include <stdbool.h>

#define CONSOLE_BUFFER 4096 /* bytes kept before a semihosting write, the terminating NUL included */

/*
 * From now on write the output through semihosting (buffered, above). Returns false, and keeps the UART, on a
 * platform built without semihosting (PLAT_SEMIHOSTING 0).
 */
bool console_use_semihosting(void);

/*
 * From now on write to plat.console (the tree's or the boot argument's choice, which the MMU must map already:
 * mmu_map_platform()); with no UART there (kind none), through semihosting. console_early.S writes to it too
 * when it is a PL011, else not at all.
 */
void console_select(void);

/* Write out the output kept for semihosting, if any; for a UART whose driver has one, its flush (wait until
 * sent). */
void console_flush(void);

/* One character of output ("\n" is sent as "\r\n"): what the C library's glue calls for every byte printed. */
void console_putc(char c);

/*
 * Semihosting SYS_WRITE0 of a NUL-terminated string: provided by the C library's glue (console_picolibc.c:
 * picolibc's sys_semihost_write0; console_newlib.c: its own HLT #0xF000), only with PLAT_SEMIHOSTING.
 */
void console_semihost_write0(const char *text);

#endif
