/*
 * entry.S - reset entry. Works at whatever Exception level it is entered at (EL3: QEMU secure=on, FVP,
 * JTAG; EL2: BL33 under TF-A, U-Boot; EL1): masks interrupts, picks that EL's stack (SP_ELx, SPSel=1),
 * gives the EL a known SCTLR (MMU and data cache off, alignment checks off), untraps FP/SIMD, installs its
 * vector table, cleans its image out of the caches, zeroes BSS and the translation tables (not the stacks:
 * boot_common) and calls boot_main(el, x0). Lower levels are set up later from C (lib/runtime/baseline.c, lib/mmu/).
 *
 * The image starts with the arm64 Linux Image header, so that loaders of Linux (U-Boot's booti) take
 * pmucheck.bin; its first instruction branches over the header, so the ELF entry (-kernel, bootelf, the
 * holding pen) is unchanged. pmucheck is position independent (linked -pie, linker/pmucheck.ld.S): entered at
 * any PIE_LOAD_ALIGN-aligned address it applies its own relocations (pie_relocate) before anything reads an
 * absolute address; entered at a misaligned one it prints a Bail out! line and stops (load_address_check).
 */
#include "arch/arch_regs.h"
#include "arch/asm_macros.h"
#include "platform/platform.h"
#include "runtime/context.h"
#include "runtime/image_layout.h"
#include "runtime/stacks.h"

/*
 * The arm64 Image header: Linux Documentation/arch/arm64/booting.rst, "4. Call the kernel image"
 * (https://docs.kernel.org/arch/arm64/booting.html), field names as there: 64 bytes, little-endian,
 *   0x00 u32 code0, 0x04 u32 code1    executable code: here a branch to image_entry, and 0
 *   0x08 u64 text_offset              the image goes text_offset bytes above a 2 MiB aligned base
 *   0x10 u64 image_size               bytes from the image's start it may use: up to __image_end (BSS, stacks
 *                                     and translation tables included, which the file does not hold)
 *   0x18 u64 flags                    bit 0 endianness (0: LE), bits 1-2 page size (1: 4K), bit 3 physical
 *                                     placement (1: the 2 MiB aligned base may be anywhere in memory)
 *   0x20 u64 res2, res3, res4 = 0; 0x38 u32 magic = 0x644d5241 ("ARM\x64"); 0x3c u32 res5 (PE/COFF offset)
 * pmucheck runs anywhere PIE_LOAD_ALIGN-aligned, so bit 3 is set and text_offset is 0, as Linux's own since
 * v5.8 (a 2 MiB aligned base is PIE_LOAD_ALIGN-aligned). U-Boot's booti (arch/arm/lib/image.c, booti_setup())
 * checks the magic and, with bit 3 set, leaves the image at ALIGN(where it was loaded, 2 MiB) + text_offset.
 */
#define ARM64_IMAGE_MAGIC		0x644d5241	/* "ARM\x64", little-endian */
#define ARM64_IMAGE_FLAG_LE		(0 << 0)
#define ARM64_IMAGE_FLAG_PAGE_SIZE_4K	(1 << 1)
#define ARM64_IMAGE_FLAG_PHYS_BASE	(1 << 3)	/* anywhere in memory: pmucheck relocates itself */
#define ARM64_IMAGE_FLAGS	\
	(ARM64_IMAGE_FLAG_LE | ARM64_IMAGE_FLAG_PAGE_SIZE_4K | ARM64_IMAGE_FLAG_PHYS_BASE)
#define ARM64_IMAGE_TEXT_OFFSET		0
#if (0x200000 % PIE_LOAD_ALIGN) != 0
#error "the arm64 Image header's 2 MiB aligned base must keep PIE_LOAD_ALIGN"
#endif

/* ELF for the Arm 64-bit Architecture (AAELF64), 5.7.11 "Dynamic relocations": R_AARCH64_RELATIVE, Delta(S) + A */
#define R_AARCH64_RELATIVE		1027

	.section .text.boot, "ax"
	.global _start
	.type _start, %function
_start:					/* = __image_start (linker/pmucheck.ld.S asserts it) */
	b	image_entry		/* code0 */
	.long	0			/* code1 */
	.quad	ARM64_IMAGE_TEXT_OFFSET	/* text_offset */
	.long	__image_size		/* image_size (linker/pmucheck.ld.S), low word: an ABS32 relocation, */
	.long	0			/* which -pie resolves at the link (an ABS64 would be left to run time) */
	.quad	ARM64_IMAGE_FLAGS	/* flags */
	.quad	0			/* res2 */
	.quad	0			/* res3 */
	.quad	0			/* res4 */
	.long	ARM64_IMAGE_MAGIC	/* magic */
	.long	0			/* res5 */
	.size	_start, . - _start

/*
 * The takeover test build (make ENTRY_VHE=1): at EL2, first leave what a loader that ran a VHE kernel's EL2 (Linux,
 * an EFI stub, U-Boot) may hand over: HCR_EL2.{E2H, TGE} = {1, 1} and CPTR_EL2 = 0, which in its E2H = 1 layout
 * (FPEN = 0b00) traps FP/SIMD at EL2. el_entry_setup must take the PE over from there. Uses x1 only.
 */
.macro vhe_loader_state
#if defined(PMUCHECK_ENTRY_VHE) && PMUCHECK_ENTRY_VHE
	mrs	x1, CurrentEL
	cmp	x1, #(2 << 2)
	b.ne	.Lnot_el2\@
	ldr	x1, =(HCR_EL2_E2H_BIT | HCR_EL2_TGE_BIT | HCR_EL2_RW_BIT)
	msr	hcr_el2, x1
	isb
	msr	cptr_el2, xzr
	isb
.Lnot_el2\@:
#endif
.endm

func image_entry, .text.boot
	msr	daifset, #0xf
	vhe_loader_state
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
1:	bl	load_address_check
	mov	x21, #0			/* PE index 0 */
	bl	el_entry_setup
	b	boot_common
endfunc image_entry

/*
 * load_address_check: returns when the image runs at a PIE_LOAD_ALIGN-aligned address (_start's address taken
 * PC-relative, ADR). Otherwise, with nothing written to memory: a Bail out! line with the address it runs at
 * and the one it is linked at (early_puts: the compiled-in PL011 where that applies, else semihosting), then
 * the end of the run with status 2 (lib/drivers/console_early.S). Uses x0-x8 and x30.
 */
func load_address_check, .text.pie
	adr	x0, _start
	tst	x0, #(PIE_LOAD_ALIGN - 1)
	b.ne	1f
	ret
1:	mov	x7, x0			/* where it runs */
	adr	x3, load_address_msg_entered
	bl	early_puts
	mov	x4, x7
	bl	early_puthex
	adr	x3, load_address_msg_linked
	bl	early_puts
	ldr	x4, =PLAT_RAM_BASE	/* the link address of _start (linker/pmucheck.ld.S asserts it) */
	bl	early_puthex
	adr	x3, load_address_msg_end
	bl	early_puts
	b	early_exit
load_address_msg_entered:
	.asciz	"\r\nBail out! pmucheck entered at "
load_address_msg_linked:
	.asciz	", linked at "
load_address_msg_end:
	.asciz	": it runs only at a 64 KiB aligned address (PIE_LOAD_ALIGN, doc/boot-protocol.md)\r\n"
	.balign 4
	.ltorg
endfunc load_address_check

/*
 * pie_relocate: applies the image's dynamic relocations for the address it runs at, with the MMU off, before
 * anything reads an absolute address (a pointer in .data, a GOT entry, an address in a literal of C code).
 * Each Elf64_Rela of [__rela_start, __rela_end) (r_offset, r_info, r_addend; AAELF64) must be
 * R_AARCH64_RELATIVE against no symbol: the 64-bit word at r_offset + delta gets r_addend + delta, delta being
 * the run address of _start less its link address PLAT_RAM_BASE. Writing r_addend + delta (not adding to the
 * word) makes a second pass harmless. The build admits no other type (ci/check_pie.py); one met here all the
 * same ends the run (Bail out!, status 2). The same job as TF-A's fixup_gdt_reloc (lib/aarch64/misc_helpers.S)
 * and Linux's relocate_kernel, written for this image. Uses x0-x9 and x30; no stack.
 */
func pie_relocate, .text.pie
	adr	x9, _start
	ldr	x0, =PLAT_RAM_BASE
	sub	x9, x9, x0		/* delta */
	adrp	x0, __rela_start
	add	x0, x0, :lo12:__rela_start
	adrp	x1, __rela_end
	add	x1, x1, :lo12:__rela_end
	ldr	x2, =R_AARCH64_RELATIVE
1:	cmp	x0, x1
	b.hs	2f
	ldp	x3, x4, [x0], #16	/* r_offset, r_info (symbol 0, type R_AARCH64_RELATIVE) */
	ldr	x5, [x0], #8		/* r_addend */
	cmp	x4, x2
	b.ne	3f
	add	x5, x5, x9
	str	x5, [x3, x9]
	b	1b
2:	ret
3:	adr	x3, pie_relocate_msg
	bl	early_puts
	b	early_exit
pie_relocate_msg:
	.ascii	"\r\nBail out! pmucheck: a dynamic relocation other than R_AARCH64_RELATIVE"
	.asciz	" (doc/boot-protocol.md)\r\n"
	.balign 4
	.ltorg
endfunc pie_relocate

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
	vhe_loader_state
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
 * el_entry_setup: x19 = current EL, x21 = PE index. SP_ELx = the end of slot x19 of PE x21's stacks
 * (lib/runtime/stacks.h stack_top(): PE 0's in the image, pmucheck_stacks; PE i's at pmucheck_pe_stacks +
 * i * STACKS_PE_SIZE, which the first PE wrote and cleaned to the Point of Coherency before starting it); a known
 * SCTLR_ELx (MMU off), FP/SIMD untrapped, TPIDR_ELx = 0 (no panic under way), VBAR_ELx. Clobbers x0, x1.
 */
func el_entry_setup, .text.boot
	msr	spsel, #1
	adrp	x1, pmucheck_stacks
	add	x1, x1, :lo12:pmucheck_stacks
	cbz	x21, 1f
	adrp	x1, pmucheck_pe_stacks
	ldr	x1, [x1, :lo12:pmucheck_pe_stacks]
	add	x1, x1, x21, lsl #STACKS_PE_SHIFT
1:	add	x1, x1, x19, lsl #STACK_SLOT_SHIFT
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
	/*
	 * E2H = 0 first, TGE = 0: the non-VHE layout of SCTLR_EL2 and CPTR_EL2 written next, whatever a loader left
	 * (a VHE kernel's runs with {E2H, TGE} = {1, 1}; make ENTRY_VHE=1 tests that). The ISB makes the layout change
	 * take effect before those writes.
	 */
	ldr	x0, =HCR_EL2_RW_BIT
	msr	hcr_el2, x0
	isb
	ldr	x0, =SCTLR_EL2_RESET
	msr	sctlr_el2, x0
	ldr	x0, =CPTR_EL2_RES1
	mrs	x1, hcr_el2		/* E2H still 1: RES1 (no FEAT_E2H0), CPTR_EL2 has its E2H = 1 layout */
	tbz	x1, #34, 1f		/* HCR_EL2.E2H */
	ldr	x0, =CPTR_EL2_E2H_FPEN
1:	msr	cptr_el2, x0
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
	bl	pie_relocate		/* before the first absolute address is read: boot_main's */
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
