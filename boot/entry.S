/*
 * entry.S - reset entry. Works at whatever Exception level it is entered at (EL3: QEMU secure=on, FVP,
 * JTAG; EL2: BL33 under TF-A, U-Boot; EL1): masks interrupts, picks that EL's stack (SP_ELx, SPSel=1),
 * gives the EL a known SCTLR (MMU and data cache off, alignment checks off), untraps FP/SIMD, installs its
 * vector table, cleans its image out of the caches, zeroes BSS and the translation tables (not the stacks:
 * boot_common) and calls boot_main(el, x0). Lower levels are set up later from C (lib/runtime/baseline.c, lib/mmu/).
 *
 * The image starts with the arm64 Linux Image header, so that loaders of Linux (U-Boot's booti) take
 * pmucheck.bin; its first instruction branches over the header, so the ELF entry (-kernel, bootelf, the
 * holding pen) is unchanged. pmucheck is not position independent: entered anywhere but its link address
 * it prints a Bail out! line and stops (link_address_check).
 */
#include "arch/arch_regs.h"
#include "arch/asm_macros.h"
#include "platform/platform.h"
#include "runtime/context.h"
#include "runtime/stacks.h"

/*
 * The arm64 Image header: Linux Documentation/arch/arm64/booting.rst, "4. Call the kernel image"
 * (https://docs.kernel.org/arch/arm64/booting.html), field names as there: 64 bytes, little-endian,
 *   0x00 u32 code0, 0x04 u32 code1    executable code: here a branch to image_entry, and 0
 *   0x08 u64 text_offset              the image goes text_offset bytes above a 2 MiB aligned base
 *   0x10 u64 image_size               bytes from the image's start it may use: up to __image_end (BSS, stacks
 *                                     and translation tables included, which the file does not hold)
 *   0x18 u64 flags                    bit 0 endianness (0: LE), bits 1-2 page size (1: 4K), bit 3 physical
 *                                     placement (0: the 2 MiB aligned base as close as possible to the base
 *                                     of DRAM)
 *   0x20 u64 res2, res3, res4 = 0; 0x38 u32 magic = 0x644d5241 ("ARM\x64"); 0x3c u32 res5 (PE/COFF offset)
 * U-Boot's booti (arch/arm/lib/image.c, booti_setup()) checks the magic and, with flags bit 3 clear, moves
 * the image to ALIGN(first DRAM bank's start, 2 MiB) + text_offset and enters it there. pmucheck must run
 * at PLAT_RAM_BASE, so text_offset = PLAT_RAM_BASE - PLAT_MEM_BASE (qemu-virt: 0x200000) and bit 3 clear;
 * that holds where the loader's first DRAM bank starts at PLAT_MEM_BASE, 2 MiB aligned.
 */
#define ARM64_IMAGE_MAGIC		0x644d5241	/* "ARM\x64", little-endian */
#define ARM64_IMAGE_FLAG_LE		(0 << 0)
#define ARM64_IMAGE_FLAG_PAGE_SIZE_4K	(1 << 1)
#define ARM64_IMAGE_FLAG_PHYS_BASE	(1 << 3)	/* anywhere in memory: not set, pmucheck is not relocatable */
#define ARM64_IMAGE_FLAGS		(ARM64_IMAGE_FLAG_LE | ARM64_IMAGE_FLAG_PAGE_SIZE_4K)
#define ARM64_IMAGE_TEXT_OFFSET		(PLAT_RAM_BASE - PLAT_MEM_BASE)
#if (PLAT_MEM_BASE & 0x1fffff) != 0 || PLAT_RAM_BASE < PLAT_MEM_BASE
#error "the arm64 Image header needs PLAT_MEM_BASE 2 MiB aligned and PLAT_RAM_BASE above it"
#endif

	.section .text.boot, "ax"
	.global _start
	.type _start, %function
_start:					/* = __image_start (linker/pmucheck.ld.S asserts it) */
	b	image_entry		/* code0 */
	.long	0			/* code1 */
	.quad	ARM64_IMAGE_TEXT_OFFSET	/* text_offset */
	.quad	__image_size		/* image_size (linker/pmucheck.ld.S) */
	.quad	ARM64_IMAGE_FLAGS	/* flags */
	.quad	0			/* res2 */
	.quad	0			/* res3 */
	.quad	0			/* res4 */
	.long	ARM64_IMAGE_MAGIC	/* magic */
	.long	0			/* res5 */
	.size	_start, . - _start

func image_entry, .text.boot
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
1:	bl	link_address_check
	mov	x21, #0			/* PE index 0 */
	bl	el_entry_setup
	b	boot_common
endfunc image_entry

/*
 * link_address_check: returns when the image runs where it is linked (_start's address taken PC-relative,
 * ADR, equals its link-time value from a literal). Otherwise, with nothing written to memory (the image is
 * not where its absolute addresses point): a Bail out! line with both addresses on the compiled-in PL011,
 * then the end of the run with status 2 (lib/drivers/console_early.S). Uses x0-x8 and x30.
 */
func link_address_check, .text.boot
	adr	x0, _start
	ldr	x1, =_start
	cmp	x0, x1
	b.ne	1f
	ret
1:	mov	x7, x0			/* where it runs */
	adr	x3, link_address_msg_entered
	bl	early_puts
	mov	x4, x7
	bl	early_puthex
	adr	x3, link_address_msg_linked
	bl	early_puts
	ldr	x4, =_start
	bl	early_puthex
	adr	x3, link_address_msg_end
	bl	early_puts
	b	early_exit
link_address_msg_entered:
	.asciz	"\r\nBail out! pmucheck entered at "
link_address_msg_linked:
	.asciz	", linked at "
link_address_msg_end:
	.asciz	": it runs only at its link address (doc/boot-protocol.md, \"From U-Boot\" in README.md)\r\n"
	.balign 4
	.ltorg
endfunc link_address_check

/*
 * pe_holding_pen: a PE that is not the primary, with the MMU off (at EL3 from reset, or at the loader's EL
 * from a spin-table release), waits (WFE) until pe_mailbox (lib/smp/pe_start.c) names its MPIDR, then enters
 * as secondary_entry with x0 = the PE index it gives. It reads the mailbox before each WFE: a PE released
 * from a spin-table arrives after the event that released it. Touches no memory but the mailbox.
 */
func pe_holding_pen, .text.boot
	mrs	x3, mpidr_el1
	ldr	x2, =MPIDR_EL1_AFF_MASK
	and	x3, x3, x2
	adrp	x1, pe_mailbox
	add	x1, x1, :lo12:pe_mailbox
1:	ldr	x2, [x1]
	cmp	x2, x3
	b.eq	2f
	wfe
	b	1b
2:	ldr	x0, [x1, #8]
	b	secondary_entry
endfunc pe_holding_pen

/*
 * secondary_entry: where a PE other than the first enters, MMU off, x0 = its PE index (the PSCI CPU_ON
 * context ID, or from the holding pen). Sets up its EL as _start does, without touching the image's memory
 * (the first PE owns it), and calls secondary_main(el, index).
 */
func secondary_entry, .text.boot
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
func el_entry_setup, .text.boot
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

func boot_common, .text.boot
	/*
	 * Caches are off (MMU off), but an earlier stage may have left lines of this image's memory in them:
	 * clean and invalidate [__image_start, __image_end) to the Point of Coherency before the first store,
	 * so that no stale line is written back over what pmucheck writes with the MMU still off (BSS, stacks,
	 * translation tables). A clean is harmless where the loader already cleaned the image (boot protocol).
	 */
	call_range dcache_clean_inval_poc, __image_start, __image_end
	/*
	 * Zero BSS and the translation tables, 16 bytes a store (both 16-byte aligned, linker/pmucheck.ld.S). The
	 * stacks between them hold nothing that is read before it is written: left as they are (2 MiB of
	 * stores, the largest part of boot's instructions on QEMU; make bench).
	 */
	call_range zero_range, __bss_start, __bss_end
	call_range zero_range, __page_tables_start, __page_tables_end
	mov	x0, x19
	mov	x1, x20
	bl	boot_main
	b	.
endfunc boot_common

/* zero_range(start, end): zero [start, end), both 16-byte aligned, with STP of XZR. Uses x0-x1 only, no stack. */
func zero_range, .text.boot
1:	cmp	x0, x1
	b.hs	2f
	stp	xzr, xzr, [x0], #16
	b	1b
2:	ret
endfunc zero_range

/*
 * dcache_clean_inval_poc(start, end): DC CIVAC on every data cache line of [start, end) (line size from
 * CTR_EL0.DminLine, log2 of 4-byte words), then DSB SY. Uses x0-x3 only, no stack.
 */
func dcache_clean_inval_poc, .text.boot
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
