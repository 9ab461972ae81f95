/*
 * entry.S - reset entry. Works at whatever Exception level it is entered at (EL3: QEMU secure=on, FVP,
 * JTAG; EL2: BL33 under TF-A, U-Boot; EL1): masks interrupts, picks that EL's stack (SP_ELx, SPSel=1),
 * gives the EL a known SCTLR (MMU and data cache off, alignment checks off), untraps FP/SIMD, installs its
 * vector table, cleans its image out of the caches, zeroes BSS, stacks and translation tables and calls
 * boot_main(el, x0). Lower levels are set up later from C (lib/runtime/baseline.c, lib/mmu/).
 */
#include "arch/arch_regs.h"
#include "arch/asm_macros.h"
#include "runtime/context.h"
#include "runtime/stacks.h"

func _start, .text.boot
	msr	daifset, #0xf
	mov	x20, x0			/* device tree address, per the arm64 boot protocol */
	mrs	x19, CurrentEL
	ubfx	x19, x19, #2, #2

	/* SP = end of pmucheck_stacks[0][el] (PE 0: the PE that boots), TPIDR_ELx = 0 (no panic yet) */
	msr	spsel, #1
	adrp	x1, pmucheck_stacks
	add	x1, x1, :lo12:pmucheck_stacks
	add	x1, x1, x19, lsl #STACK_SLOT_SHIFT
	add	sp, x1, #STACK_SLOT_SIZE

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
	msr	tpidr_el3, xzr
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
	msr	tpidr_el2, xzr
	adr	x0, vectors_el2
	msr	vbar_el2, x0
	b	common
el1_entry:
	ldr	x0, =SCTLR_EL1_RESET
	msr	sctlr_el1, x0
	mov	x0, #(3 << CPACR_EL1_FPEN_SHIFT)
	msr	cpacr_el1, x0
	msr	tpidr_el1, xzr
	adr	x0, vectors_el1
	msr	vbar_el1, x0
common:
	isb
	/*
	 * Caches are off (MMU off), but an earlier stage may have left lines of this image's memory in them:
	 * clean and invalidate [__image_start, __image_end) to the Point of Coherency before the first store,
	 * so that no stale line is written back over what pmucheck writes with the MMU still off (BSS, stacks,
	 * translation tables). A clean is harmless where the loader already cleaned the image (boot protocol).
	 */
	adrp	x0, __image_start
	add	x0, x0, :lo12:__image_start
	adrp	x1, __image_end
	add	x1, x1, :lo12:__image_end
	bl	dcache_clean_inval_poc
	/* Zero BSS, the stacks and the translation tables: everything NOLOAD up to __image_end. */
	adrp	x0, __bss_start
	add	x0, x0, :lo12:__bss_start
	adrp	x1, __image_end
	add	x1, x1, :lo12:__image_end
1:	cmp	x0, x1
	b.hs	2f
	str	xzr, [x0], #8
	b	1b
2:	mov	x0, x19
	mov	x1, x20
	bl	boot_main
	b	.
endfunc _start

/*
 * dcache_clean_inval_poc(start, end): DC CIVAC on every data cache line of [start, end) (line size from
 * CTR_EL0.DminLine, log2 of 4-byte words), then DSB SY. Uses x0-x3 only, no stack.
 */
func dcache_clean_inval_poc
	mrs	x3, ctr_el0
	ubfx	x3, x3, #16, #4
	mov	x2, #4
	lsl	x2, x2, x3
	sub	x3, x2, #1
	bic	x0, x0, x3
1:	cmp	x0, x1
	b.hs	2f
	dc	civac, x0
	add	x0, x0, x2
	b	1b
2:	dsb	sy
	ret
endfunc dcache_clean_inval_poc
