/*
 * pmucheck.ld.S - one image in RAM at PLAT_RAM_BASE (from platform/<name>/platform.mk, passed with -D).
 * Holds picolibc's TLS template (.tdata/.tbss, symbols as picolibc's _init_tls() expects them; linked against
 * newlib (make LIBC=newlib) there is none: newlib's errno and stdio state are struct _reent in .data), BSS and one
 * stack per Exception level and PE (lib/runtime/context.c), and the translation tables (lib/mmu/). The MMU maps
 * it to itself (identity), section by section: code read-only and executable, read-only data, then
 * everything writable (execute-never). Those boundaries are 4KB aligned (the page size of lib/mmu/).
 * The image's first bytes are boot/entry.S's arm64 Image header (.text.boot), whose image_size is
 * __image_size: everything up to __image_end, the NOLOAD sections included (Linux
 * Documentation/arch/arm64/booting.rst: "At least image_size bytes from the start of the image must be free").
 *
 * Position independent (linked -pie, boot/entry.S relocates it): linked at PLAT_RAM_BASE (where -kernel puts the
 * ELF), it runs at any address that keeps every section's alignment, i.e. PIE_LOAD_ALIGN (64 KiB: the stack
 * slots, lib/runtime/stacks.h; the 4 KiB pages of lib/mmu/ and the 2 KiB vector tables follow from it).
 * R_AARCH64_RELATIVE entries of .rela.dyn (__rela_start..__rela_end, read-only data) say which 64-bit words
 * hold an absolute address; .dynamic, .dynsym, .dynstr and the hash tables are what -pie makes the linker emit
 * and nothing reads them. The GOT (.got) is data, relocated like the rest.
 */
#include "runtime/image_layout.h"

OUTPUT_ARCH(aarch64)
ENTRY(_start)

MEMORY { ram (rwx) : ORIGIN = PLAT_RAM_BASE, LENGTH = PLAT_RAM_SIZE }

PHDRS {
	text PT_LOAD;
	data PT_LOAD;
	tls PT_TLS;
	dynamic PT_DYNAMIC;
}

SECTIONS
{
	.text : {
		__image_start = .;
		__text_start = .;
		KEEP(*(.text.boot))
		/* The vector tables need a 2 KiB boundary (VBAR_ELx): the boot code and the exception entry paths
		 * (lib/runtime/vectors.S) go first and fill most of the gap; after the C code, the padding varied with
		 * the code's size by up to 2 KiB of the image (make bench). */
		*(.text.exc)
		KEEP(*(.text.vectors))
		KEEP(*(.text.efi)) /* pmucheck.efi's entry (boot/uefi/efi_entry.S): reached only from the PE/COFF header */
		*(.text .text.*)
	} >ram :text

	. = ALIGN(4096);
	__text_end = .;
	.rodata : ALIGN(4096) {
		__rodata_start = .;
		*(.rodata EXCLUDE_FILE(*lib_a-impure.o) .rodata.*)
	} >ram :text
	.rela.dyn : ALIGN(8) {
		__rela_start = .;
		*(.rela .rela.*)
		__rela_end = .;
	} >ram :text
	/* pmucheck.efi's PE/COFF base relocation block (boot/uefi/efi_entry.S), which objcopy makes the .reloc
	 * directory of the PE/COFF image; nothing in the image reads it. */
	.reloc : ALIGN(4) { KEEP(*(.reloc)) } >ram :text
	.dynsym : { *(.dynsym) } >ram :text
	.dynstr : { *(.dynstr) } >ram :text
	.hash : { *(.hash) } >ram :text
	.gnu.hash : { *(.gnu.hash) } >ram :text
	/* Read-only after relocation ("RELRO"): constant data that holds addresses (-fpie puts a const table of
	 * pointers into .data.rel.ro), the GOT, .dynamic. Written only by boot/entry.S pie_relocate, with the
	 * MMU off; mapped read-only with .rodata (up to __rodata_end). In the writable ELF segment, so that the
	 * linker's -z text sees no relocation of a read-only segment. */
	.data.rel.ro : ALIGN(8) {
		*(.data.rel.ro.local .data.rel.ro.local.*)
		*(.data.rel.ro .data.rel.ro.*)
		/* newlib's one constant pointer (struct _reent *const _global_impure_ptr, libc/reent/impure.c),
		 * compiled without -fpie into .rodata: here it can be relocated (make LIBC=newlib) */
		*(.rodata._global_impure_ptr)
	} >ram :data
	.got : ALIGN(8) {
		__got_start = .;
		*(.got .got.plt)
		__got_end = .;
	} >ram :data
	.dynamic : ALIGN(8) { *(.dynamic) } >ram :data :dynamic
	/* The page the read-only mapping ends on (lib/mmu/mmu.c), outside the section: `size` (make bench) counts
	 * what .rodata holds, not the padding up to the next page, as for .text above. */
	. = ALIGN(4096);
	__rodata_end = .;

	.data : ALIGN(4096) {
		__data_start = .;
		*(.data .data.*)
		*(.sdata .sdata.*)
	} >ram :data

	.tdata : ALIGN(16) {
		*(.tdata .tdata.*)
	} >ram :data :tls
	PROVIDE(__tls_base = ADDR(.tdata));
	PROVIDE(__tdata_source = LOADADDR(.tdata));
	PROVIDE(__tdata_size = SIZEOF(.tdata));
	.tbss (NOLOAD) : ALIGN(16) {
		*(.tbss .tbss.*)
		*(.tcommon)
	} >ram :data :tls
	PROVIDE(__tbss_offset = ADDR(.tbss) - ADDR(.tdata));
	PROVIDE(__tbss_size = SIZEOF(.tbss));
	PROVIDE(__tls_size = ADDR(.tbss) + SIZEOF(.tbss) - ADDR(.tdata));
	PROVIDE(__tls_align = MAX(ALIGNOF(.tdata), ALIGNOF(.tbss)));
	PROVIDE(__arm64_tls_tcb_offset = MAX(16, __tls_align));
	/* The linker gives .tbss no space of its own: reserve it. */
	.tbss_space (NOLOAD) : {
		__tls_bss_start = .;
		. = ADDR(.tbss) + SIZEOF(.tbss);
		__tls_bss_end = .;
	} >ram :data
	/* boot/boot_main.c tls_setup(): the thread pointer 16 bytes (the TCB) below __tls_base. */
	ASSERT(__tls_align <= 16, "TLS aligned beyond the 16-byte TCB that boot_main.c's tls_setup() assumes")

	.bss (NOLOAD) : ALIGN(16) {
		__bss_start = .;
		*(.bss .bss.*)
		*(COMMON)
		. = ALIGN(16);
		__bss_end = .;
	} >ram :data

	.stacks (NOLOAD) : ALIGN(65536) {
		__stacks_start = .;
		*(.stacks)
		__stacks_end = .;
	} >ram :data

	/* Translation tables: zeroed at boot like BSS, mapped apart from it (lib/mmu/page_tables.c). */
	.page_tables (NOLOAD) : ALIGN(4096) {
		__page_tables_start = .;
		*(.page_tables)
		. = ALIGN(4096);
		__page_tables_end = .;
	} >ram :data
	__image_end = .;

	ASSERT(_start == PLAT_RAM_BASE, "boot/entry.S takes PLAT_RAM_BASE for the link address of _start")
	ASSERT((PLAT_RAM_BASE % PIE_LOAD_ALIGN) == 0, "the link address must keep the load alignment")
	ASSERT(ALIGNOF(.stacks) <= PIE_LOAD_ALIGN, "a section needs more alignment than PIE_LOAD_ALIGN")
	ASSERT(_start == __image_start, "the arm64 Image header (_start, boot/entry.S) must be the image's first byte")

	/DISCARD/ : { *(.note .note.*) *(.comment) *(.eh_frame) }
}

/* A number (bytes), not an address: boot/entry.S's header holds it in 32 bits, resolved at the link. */
__image_size = ABSOLUTE(__image_end - __image_start);
ASSERT(__image_size < 0x100000000, "image_size must fit the 32 bits boot/entry.S gives it")
