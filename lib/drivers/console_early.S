/*
 * console_early.S - a console written without a stack and without writing memory, and the end of a run with
 * status 2: for the ends that can trust neither, boot/entry.S's load_address_check and pie_relocate (before the
 * image is relocated) and lib/runtime/vectors.S's exc_panic_exit (an exception while the last one was being
 * reported). The console is a PL011 (PrimeCell UART TRM DDI0183: UARTDR at 0x000, UARTFR at 0x018, TXFF at
 * bit 5) only where pmucheck knows one: early_uart_base (lib/platform/platform_desc.c) once the platform is
 * known, before that the compiled-in PLAT_UART_BASE only while the image runs in the compiled-in RAM window
 * [PLAT_MEM_BASE, PLAT_MEM_BASE + PLAT_MEM_SIZE). Elsewhere semihosting SYS_WRITEC (0x03) where the platform
 * has semihosting, else nothing. Position independent: every address is PC-relative. Registers only, as named.
 */
#include "arch/asm_macros.h"

/* early_puts: the NUL-terminated string at x3 to the early console. Uses x0-x3, x5, x6, x8. */
func early_puts, .text.exc
	mov	x8, x30
1:	ldrb	w5, [x3], #1
	cbz	w5, 2f
	bl	early_putc
	b	1b
2:	ret	x8
endfunc early_puts

/* early_puthex: x4 as 0x and 16 hex digits to the early console. Uses x0-x3, x5, x6, x8. */
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

/*
 * early_putc: w5 (an ASCII character) to the early console. The PL011 once its transmit FIFO has room; or
 * semihosting SYS_WRITEC, whose x1 points at the character: at its copy in early_ascii (no memory written).
 * Uses x0-x2, x6.
 */
func early_putc, .text.exc
	adrp	x2, early_uart_base
	ldr	x2, [x2, :lo12:early_uart_base]
	cmn	x2, #1			/* ~0: the platform has no UART */
	b.eq	3f
	cbnz	x2, 1f
	/* not decided yet: the compiled-in UART while the image runs in the compiled-in RAM window */
	adr	x6, early_putc
	ldr	x2, =PLAT_MEM_BASE
	sub	x6, x6, x2
	ldr	x2, =PLAT_MEM_SIZE
	cmp	x6, x2
	b.hs	3f
	ldr	x2, =PLAT_UART_BASE
1:	ldr	w6, [x2, #0x18]		/* UARTFR */
	tbnz	w6, #5, 1b		/* TXFF: transmit FIFO full */
	str	w5, [x2]		/* UARTDR */
	ret
3:
#if PLAT_SEMIHOSTING
	and	x1, x5, #0x7f
	adr	x0, early_ascii
	add	x1, x0, x1
	mov	x0, #0x03		/* SYS_WRITEC */
	hlt	#0xf000
#endif
	ret
	.ltorg
early_ascii:				/* byte n holds n */
	.irp	hi, 0, 1, 2, 3, 4, 5, 6, 7
	.irp	lo, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.byte	\hi * 16 + \lo
	.endr
	.endr
	.balign	4
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
