/*
 * entry.S - reset entry. Works at whatever Exception level it is entered at (EL3: QEMU secure=on, FVP,
 * JTAG; EL2: BL33 under TF-A, U-Boot; EL1): masks interrupts, picks that EL's stack (SP_ELx, SPSel=1),
 * gives the EL a known SCTLR (MMU and data cache off, alignment checks off), untraps FP/SIMD, installs its
 * vector table, cleans its image out of the caches, zeroes BSS, stacks and translation tables and calls
 * boot_main(el, x0). Lower levels are set up later from C (lib/runtime/baseline.c, lib/mmu/).
 */
#include "arch/arch_regs.h"
#include "arch/asm_macros.h"
#include "platform/platform.h"
#include "runtime/context.h"
#include "runtime/stacks.h"

func _start, .text.boot
	msr	daifset, #0xf
	mov	x20, x0			/* device tree address, per the arm64 boot protocol */
	mrs	x19, CurrentEL
	ubfx	x19, x19, #2, #2
	/* At EL3 every PE may start here (pe_start.h): all but the primary go to the holding pen. */
	cmp	x19, #3
	b.ne	1f
	mrs	x1, mpidr_el1
	ldr	x2, =MPIDR_EL1_AFF_MASK
	and	x1, x1, x2
	ldr	x2, =PLAT_PRIMARY_MPIDR
	cmp	x1, x2
	b.ne	pe_holding_pen
1:	mov	x21, #0			/* PE index 0 */
	bl	el_entry_setup
	b	boot_common
endfunc _start

/*
 * pe_holding_pen: a PE that is not the primary, at EL3 with the MMU off, waits (WFE) until pe_mailbox
 * (lib/smp/pe_start.c) names its MPIDR, then enters as secondary_entry with x0 = the PE index it gives.
 * Touches no memory but the mailbox.
 */
func pe_holding_pen
	mrs	x3, mpidr_el1
	ldr	x2, =MPIDR_EL1_AFF_MASK
	and	x3, x3, x2
	adrp	x1, pe_mailbox
	add	x1, x1, :lo12:pe_mailbox
1:	wfe
	ldr	x2, [x1]
	cmp	x2, x3
	b.ne	1b
	ldr	x0, [x1, #8]
	b	secondary_entry
endfunc pe_holding_pen

/*
 * secondary_entry: where a PE other than the first enters, MMU off, x0 = its PE index (the PSCI CPU_ON
 * context ID, or from the holding pen). Sets up its EL as _start does, without touching the image's memory
 * (the first PE owns it), and calls secondary_main(el, index).
 */
func secondary_entry
	msr	daifset, #0xf
	mov	x21, x0
	mrs	x19, CurrentEL
	ubfx	x19, x19, #2, #2
	bl	el_entry_setup
	mov	x0, x19
	mov	x1, x21
	bl	secondary_main
	b	.
endfunc secondary_entry

/*
 * el_entry_setup: x19 = current EL, x21 = PE index. SP_ELx = end of pmucheck_stacks[x21][x19]; a known
 * SCTLR_ELx (MMU off), FP/SIMD untrapped, TPIDR_ELx = 0 (no panic under way), VBAR_ELx. Clobbers x0, x1.
 */
func el_entry_setup
	msr	spsel, #1
	adrp	x1, pmucheck_stacks
	add	x1, x1, :lo12:pmucheck_stacks
	add	x1, x1, x21, lsl #(STACK_SLOT_SHIFT + 2)
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
	isb
	ret
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
	isb
	ret
el1_entry:
	ldr	x0, =SCTLR_EL1_RESET
	msr	sctlr_el1, x0
	mov	x0, #(3 << CPACR_EL1_FPEN_SHIFT)
	msr	cpacr_el1, x0
	msr	tpidr_el1, xzr
	adr	x0, vectors_el1
	msr	vbar_el1, x0
	isb
	ret
endfunc el_entry_setup

func boot_common
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
endfunc boot_common

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
