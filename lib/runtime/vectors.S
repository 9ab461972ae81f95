/*
 * vectors.S - vector tables for VBAR_EL3, VBAR_EL2 and VBAR_EL1 (D1.3.1), part of the exception capture of
 * lib/runtime/ (exception.h); boot/entry.S and baseline.c install them. Every entry saves the full
 * general-purpose context (x0-x30, ELR_ELx, SPSR_ELx: lib/exception.h) on the EL's stack and calls
 * exception_dispatch(frame, kind, el), then restores the (possibly edited) frame and returns with ERET.
 */
#include "arch/asm_macros.h"
#include "runtime/exception.h"
#include "runtime/stacks.h"

	/*
	 * One 128-byte vector: make room for the frame, check that SP is still inside a stack before storing
	 * anything (runtime/stacks.h: bit STACK_GUARD_BIT is set in every SP inside one; x0 and SP are swapped
	 * by arithmetic to free a register, as Linux's kernel_ventry does), save x0/x1, name the kind, go to the
	 * common path. A bad SP goes to exc_bad_stack_el<el> with x0 lost.
	 */
	.macro exc_vector el, label, kind
	vector_entry \label
	sub	sp, sp, #EXC_FRAME_SIZE
	add	sp, sp, x0		/* sp' = sp + x0 */
	sub	x0, sp, x0		/* x0' = sp */
	tbz	x0, #STACK_GUARD_BIT, exc_bad_stack_el\el
	sub	x0, sp, x0		/* x0 = x0 */
	sub	sp, sp, x0		/* sp = sp */
	stp	x0, x1, [sp, #0]
	mov	x1, #\kind
	b	exc_save_el\el
	end_vector_entry \label
	.endm

	/*
	 * SP outside any stack: switch to the panic stack and report (exc_bad_stack, no return). If a
	 * panic is already under way at this EL (TPIDR_ELx bit 63, set here), end the run at once: whatever
	 * failed is failing again while it is reported.
	 */
	.macro exc_bad_stack el
func exc_bad_stack_el\el, .text.exc
	mrs	x0, tpidr_el\el
	tbnz	x0, #63, exc_panic_exit
	orr	x0, x0, #(1 << 63)
	msr	tpidr_el\el, x0
	adrp	x0, pmucheck_panic_stack
	add	x0, x0, :lo12:pmucheck_panic_stack
	add	sp, x0, #STACK_SLOT_SIZE
	mov	x0, #\el
	bl	exc_bad_stack		/* abandons a lower context that overflowed, else reports and ends the run */
	b	exc_panic_exit
endfunc exc_bad_stack_el\el
	.endm

	/* The 16 vectors of one table, in architectural order. */
	.macro exc_table el
	vector_base vectors_el\el
	exc_vector \el, el\el\()_cur_sp0_sync,   (EXC_SRC_CUR_SP0 * 4 + EXC_TYPE_SYNC)
	exc_vector \el, el\el\()_cur_sp0_irq,    (EXC_SRC_CUR_SP0 * 4 + EXC_TYPE_IRQ)
	exc_vector \el, el\el\()_cur_sp0_fiq,    (EXC_SRC_CUR_SP0 * 4 + EXC_TYPE_FIQ)
	exc_vector \el, el\el\()_cur_sp0_serror, (EXC_SRC_CUR_SP0 * 4 + EXC_TYPE_SERROR)
	exc_vector \el, el\el\()_cur_spx_sync,   (EXC_SRC_CUR_SPX * 4 + EXC_TYPE_SYNC)
	exc_vector \el, el\el\()_cur_spx_irq,    (EXC_SRC_CUR_SPX * 4 + EXC_TYPE_IRQ)
	exc_vector \el, el\el\()_cur_spx_fiq,    (EXC_SRC_CUR_SPX * 4 + EXC_TYPE_FIQ)
	exc_vector \el, el\el\()_cur_spx_serror, (EXC_SRC_CUR_SPX * 4 + EXC_TYPE_SERROR)
	exc_vector \el, el\el\()_a64_sync,       (EXC_SRC_LOW_A64 * 4 + EXC_TYPE_SYNC)
	exc_vector \el, el\el\()_a64_irq,        (EXC_SRC_LOW_A64 * 4 + EXC_TYPE_IRQ)
	exc_vector \el, el\el\()_a64_fiq,        (EXC_SRC_LOW_A64 * 4 + EXC_TYPE_FIQ)
	exc_vector \el, el\el\()_a64_serror,     (EXC_SRC_LOW_A64 * 4 + EXC_TYPE_SERROR)
	exc_vector \el, el\el\()_a32_sync,       (EXC_SRC_LOW_A32 * 4 + EXC_TYPE_SYNC)
	exc_vector \el, el\el\()_a32_irq,        (EXC_SRC_LOW_A32 * 4 + EXC_TYPE_IRQ)
	exc_vector \el, el\el\()_a32_fiq,        (EXC_SRC_LOW_A32 * 4 + EXC_TYPE_FIQ)
	exc_vector \el, el\el\()_a32_serror,     (EXC_SRC_LOW_A32 * 4 + EXC_TYPE_SERROR)
	.endm

	/* Save the rest of the frame, dispatch, restore, return. x1 = kind on entry. */
	.macro exc_save el
func exc_save_el\el, .text.exc
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x19, [sp, #144]
	stp	x20, x21, [sp, #160]
	stp	x22, x23, [sp, #176]
	stp	x24, x25, [sp, #192]
	stp	x26, x27, [sp, #208]
	stp	x28, x29, [sp, #224]
	mrs	x2, elr_el\el
	stp	x30, x2, [sp, #EXC_FRAME_ELR - 8]
	mrs	x2, spsr_el\el
	str	x2, [sp, #EXC_FRAME_SPSR]
	mov	x0, sp
	mov	x2, #\el
	bl	exception_dispatch
	ldr	x2, [sp, #EXC_FRAME_SPSR]
	msr	spsr_el\el, x2
	ldp	x30, x2, [sp, #EXC_FRAME_ELR - 8]
	msr	elr_el\el, x2
	ldp	x0, x1, [sp, #0]
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldp	x8, x9, [sp, #64]
	ldp	x10, x11, [sp, #80]
	ldp	x12, x13, [sp, #96]
	ldp	x14, x15, [sp, #112]
	ldp	x16, x17, [sp, #128]
	ldp	x18, x19, [sp, #144]
	ldp	x20, x21, [sp, #160]
	ldp	x22, x23, [sp, #176]
	ldp	x24, x25, [sp, #192]
	ldp	x26, x27, [sp, #208]
	ldp	x28, x29, [sp, #224]
	add	sp, sp, #EXC_FRAME_SIZE
	eret
endfunc exc_save_el\el
	.endm

	exc_table 3
	exc_table 2
	exc_table 1
	exc_save 3
	exc_save 2
	exc_save 1
	exc_bad_stack 3
	exc_bad_stack 2
	exc_bad_stack 1

/*
 * exc_panic_exit: end the run with status 2 without touching the stack or writable memory: a fixed Bail out!
 * line to the compiled-in console, then the end of the run (lib/drivers/console_early.S).
 */
func exc_panic_exit, .text.exc
	adr	x3, exc_panic_exit_msg
	bl	early_puts
	b	early_exit
exc_panic_exit_msg:
	.asciz	"\r\nBail out! an exception was taken while the last one was being reported: run ended\r\n"
	.balign 4
endfunc exc_panic_exit
