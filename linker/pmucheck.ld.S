/*
 * pmucheck.ld.S - one image in RAM at PLAT_RAM_BASE (from platform/<name>/platform.mk, passed with -D).
 * Holds picolibc's TLS template (.tdata/.tbss, symbols as picolibc's _init_tls() expects them), BSS and one
 * stack per Exception level (boot/stacks). The MMU stays off, so this is the physical layout too.
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
		KEEP(*(.text.boot))
		*(.text .text.*)
	} >ram :text

	.rodata : ALIGN(16) { *(.rodata .rodata.*) } >ram :text

	.data : ALIGN(16) {
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
	.tbss_space (NOLOAD) : { . = ADDR(.tbss) + SIZEOF(.tbss); } >ram :data

	.bss (NOLOAD) : ALIGN(16) {
		__bss_start = .;
		*(.bss .bss.*)
		*(COMMON)
		. = ALIGN(16);
		__bss_end = .;
	} >ram :data

	.stacks (NOLOAD) : ALIGN(4096) {
		*(.stacks)
	} >ram :data

	/DISCARD/ : { *(.note .note.*) *(.comment) *(.eh_frame) }
}
