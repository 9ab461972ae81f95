/*
 * console_early.S - the console when it is a PL011 (PrimeCell UART TRM DDI0183: UARTDR at 0x000, UARTFR at
 * 0x018, TXFF at bit 5) at console_early_pl011 (console.c: the compiled-in PLAT_UART_BASE until console_select(),
 * then the console's base, or 0 for another family, which then prints nothing here), written without a stack
 * and without writing memory, and the end of a run
 * with status 2: for the two ends that can trust neither, boot/entry.S's link_address_check (the image is not
 * where its absolute addresses point) and lib/runtime/vectors.S's exc_panic_exit (an exception while the last
 * one was being reported). Position independent: every address is PC-relative. Registers only, as named.
 */
#include "arch/asm_macros.h"

/* early_puts: the NUL-terminated string at x3 to the UART. Uses x2, x3, x5, x6, x8. */
func early_puts, .text.exc
	mov	x8, x30
1:	ldrb	w5, [x3], #1
	cbz	w5, 2f
	bl	early_putc
	b	1b
2:	ret	x8
endfunc early_puts

/* early_puthex: x4 as 0x and 16 hex digits to the UART. Uses x2, x3, x5, x6, x8. */
func early_puthex, .text.exc
	mov	x8, x30
	mov	w5, #'0'
	bl	early_putc
	mov	w5, #'x'
	bl	early_putc
	mov	x3, #60			/* shift of the most significant digit */
1:	lsr	x5, x4, x3
	and	x5, x5, #0xf
	cmp	x5, #10
	add	x6, x5, #'0'
	add	x5, x5, #('a' - 10)
	csel	x5, x6, x5, lo
	bl	early_putc
	subs	x3, x3, #4
	b.ge	1b
	ret	x8
endfunc early_puthex

/* early_putc: w5 to the PL011 once its transmit FIFO has room; nothing without one. Uses x2, x6. */
func early_putc, .text.exc
	adrp	x2, console_early_pl011
	ldr	x2, [x2, :lo12:console_early_pl011]
	cbz	x2, 2f
1:	ldr	w6, [x2, #0x18]		/* UARTFR */
	tbnz	w6, #5, 1b		/* TXFF: transmit FIFO full */
	str	w5, [x2]		/* UARTDR */
2:	ret
endfunc early_putc

/*
 * early_exit: end the run with status 2: semihosting SYS_EXIT (0x18) with the block {ADP_Stopped_ApplicationExit,
 * 2} read from this code page where the platform has semihosting, else WFI forever. No return.
 */
func early_exit, .text.exc
#if PLAT_SEMIHOSTING
	mov	x0, #0x18
	adr	x1, early_exit_block
	hlt	#0xf000
#endif
1:	wfi
	b	1b
	.balign 8
early_exit_block:
	.quad	0x20026, 2		/* ADP_Stopped_ApplicationExit, status 2 */
endfunc early_exit
