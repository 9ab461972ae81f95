/*
 * asm_macros.h - structure for AArch64 assembly (after TF-A's asm_macros.S): func/endfunc give every routine
 * a type, size and section; vector_entry/end_vector_entry put each vector on its 128-byte slot and refuse
 * to assemble a handler that would spill into the next slot (D1.3.1, "Exception vectors").
 */
#ifndef PMUCHECK_ASM_MACROS_H
#define PMUCHECK_ASM_MACROS_H

	.macro func name, section=.text
	.section \section, "ax"
	.type \name, %function
	.global \name
	.balign 4
\name:
	.endm

	/* Call \fn with x0 and x1 the addresses of the symbols \start and \end (PC-relative, within 4 GiB). */
	.macro call_range fn, start, end
	adrp	x0, \start
	add	x0, x0, :lo12:\start
	adrp	x1, \end
	add	x1, x1, :lo12:\end
	bl	\fn
	.endm

	.macro endfunc name
	.size \name, . - \name
	.endm

	.macro vector_base name
	.section .text.vectors, "ax"
	.balign 2048
	.global \name
\name:
	.endm

	.macro vector_entry label
	.balign 128
\label:
	.endm

	.macro end_vector_entry label
	.if (. - \label) > 128
	.error "vector entry \label is larger than 128 bytes"
	.endif
	.endm

#endif
