/*
 * entry.S - reset entry. Works at whatever Exception level it is entered at (EL3: QEMU secure=on, FVP,
 * JTAG; EL2: BL33 under TF-A, U-Boot; EL1): masks interrupts, picks that EL's stack (SP_ELx, SPSel=1),
 * gives the EL a known SCTLR (MMU and data cache off, alignment checks off), untraps FP/SIMD, installs its
 * vector table, clears BSS and calls boot_main(el). Lower levels are set up later from C (el3/, el2/, el1/).
 */
#include "arch/arch_regs.h"
#include "arch/asm_macros.h"
#include "runtime/context.h"

func _start, .text.boot
	msr	daifset, #0xf
	mrs	x19, CurrentEL
	ubfx	x19, x19, #2, #2

	/* SP = top of pmucheck_stacks[el] */
	msr	spsel, #1
	adrp	x1, pmucheck_stacks
	add	x1, x1, :lo12:pmucheck_stacks
	mov	x2, #CTX_STACK_SIZE
	madd	x1, x19, x2, x1
	add	sp, x1, x2

	cmp	x19, #3
	b.eq	el3_entry
	cmp	x19, #2
	b.eq	el2_entry
	cmp	x19, #1
	b.eq	el1_entry
	b	.			/* entered at EL0: nothing to do */

el3_entry:
	ldr	x0, =SCTLR_EL3_RESET
	msr	sctlr_el3, x0
	msr	cptr_el3, xzr		/* TFP=0: FP/SIMD untrapped */
	adr	x0, vectors_el3
	msr	vbar_el3, x0
	b	common
el2_entry:
	ldr	x0, =HCR_EL2_RW_BIT	/* E2H=0: non-VHE layout of SCTLR_EL2/CPTR_EL2 */
	msr	hcr_el2, x0
	ldr	x0, =SCTLR_EL2_RESET
	msr	sctlr_el2, x0
	ldr	x0, =CPTR_EL2_RES1
	msr	cptr_el2, x0
	adr	x0, vectors_el2
	msr	vbar_el2, x0
	b	common
el1_entry:
	ldr	x0, =SCTLR_EL1_RESET
	msr	sctlr_el1, x0
	mov	x0, #(3 << CPACR_EL1_FPEN_SHIFT)
	msr	cpacr_el1, x0
	adr	x0, vectors_el1
	msr	vbar_el1, x0
common:
	isb
	adrp	x0, __bss_start
	add	x0, x0, :lo12:__bss_start
	adrp	x1, __bss_end
	add	x1, x1, :lo12:__bss_end
1:	cmp	x0, x1
	b.hs	2f
	str	xzr, [x0], #8
	b	1b
2:	mov	x0, x19
	bl	boot_main
	b	.
endfunc _start
