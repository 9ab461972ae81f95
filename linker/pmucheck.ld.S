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
 */
OUTPUT_ARCH(aarch64)
ENTRY(_start)

MEMORY { ram (rwx) : ORIGIN = PLAT_RAM_BASE, LENGTH = PLAT_RAM_SIZE }

PHDRS {
	text PT_LOAD;
	data PT_LOAD;
	tls PT_TLS;
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
		*(.text .text.*)
	} >ram :text

	. = ALIGN(4096);
	__text_end = .;
	.rodata : ALIGN(4096) {
		__rodata_start = .;
		*(.rodata .rodata.*)
	} >ram :text
	/* The page the read-only mapping ends on (lib/mmu/mmu.c), outside the section: `size` (make bench) counts
	 * what .rodata holds, not the padding up to the next page, as for .text above. */
	. = ALIGN(4096);
	__rodata_end = .;

	.data : ALIGN(4096) {
		__data_start = .;
		*(.data .data.*)
		*(.sdata .sdata.*)
		*(.got .got.plt)
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
	.tbss_space (NOLOAD) : { . = ADDR(.tbss) + SIZEOF(.tbss); } >ram :data

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
	__image_size = __image_end - __image_start;

	ASSERT(_start == __image_start, "the arm64 Image header (_start, boot/entry.S) must be the image's first byte")

	/DISCARD/ : { *(.note .note.*) *(.comment) *(.eh_frame) }
}
