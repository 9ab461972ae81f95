/*
 * efi_entry.S - pmucheck.efi's entry point (the PE/COFF AddressOfEntryPoint, Makefile) and its way out of the
 * firmware's world. UEFI calls efi_entry(ImageHandle, SystemTable) with the AAPCS64 (UEFI 2.10 2.3.6), its MMU on
 * (an identity map), at EL2 or EL1. The image carries no PE base relocations (its .reloc block is empty): like any
 * other boot it applies its own R_AARCH64_RELATIVE relocations (boot/entry.S pie_relocate) before C code reads an
 * absolute address, here through the firmware's mapping.
 */
#include "arch/arch_regs.h"
#include "arch/asm_macros.h"

func efi_entry, .text.efi
	stp	x29, x30, [sp, #-32]!
	mov	x29, sp
	stp	x0, x1, [sp, #16]
	bl	pie_relocate
	ldp	x0, x1, [sp, #16]
	bl	efi_main		/* returns only on a failure before ExitBootServices() */
	ldp	x29, x30, [sp], #32
	ret
endfunc efi_entry

/*
 * efi_enter_image(entry, x0_value, start, end): after ExitBootServices(). Cleans [start, end) (the image's copy)
 * to the Point of Coherency and invalidates the instruction caches, so that the copy is what a PE with its MMU and
 * caches off sees, then turns this EL's stage 1 MMU and caches off (SCTLR_EL2 or SCTLR_EL1 .M, .C, .I; this code
 * runs identity mapped, so the next fetch is from the same address) and branches to entry (the copy's image_entry,
 * boot/entry.S) with x0 = x0_value, as a loader of the arm64 Image would (Linux Documentation/arch/arm64/
 * booting.rst: MMU off, caches off or cleaned). Interrupts are masked first: the firmware's are no longer served.
 */
func efi_enter_image, .text.efi
	msr	daifset, #0xf
	mov	x19, x0
	mov	x20, x1
	mov	x0, x2
	mov	x1, x3
	bl	dcache_clean_inval_poc
	ic	iallu
	dsb	sy
	isb
	ldr	x2, =(SCTLR_ELx_M_BIT | SCTLR_ELx_C_BIT | SCTLR_ELx_I_BIT)
	mrs	x0, CurrentEL
	cmp	x0, #(2 << 2)
	b.ne	1f
	mrs	x1, sctlr_el2
	bic	x1, x1, x2
	msr	sctlr_el2, x1
	b	2f
1:	mrs	x1, sctlr_el1
	bic	x1, x1, x2
	msr	sctlr_el1, x1
2:	isb
	ic	iallu
	dsb	sy
	isb
	mov	x0, x20
	br	x19
	.ltorg
endfunc efi_enter_image

/*
 * The PE/COFF base relocation directory (PE Format, ".reloc section"): one block for the page at RVA 0x10000 (the
 * image's first, linker/pmucheck.ld.S) with two IMAGE_REL_BASED_ABSOLUTE entries, which loaders skip. Its presence
 * keeps objcopy from marking the image IMAGE_FILE_RELOCS_STRIPPED, which firmware loads only at its ImageBase.
 */
	.section .reloc, "a"
	.long	0x10000			/* VirtualAddress (page RVA) */
	.long	12			/* SizeOfBlock: this 8-byte header and two 2-byte entries */
	.short	0, 0			/* type 0 (ABSOLUTE), offset 0: padding */
