/*
 * stacks.h - one stack per Exception level per PE, each guarded. A stack is the upper half of a 64KB-aligned
 * slot; the lower half is left unmapped (lib/mmu/), so running off the bottom faults at once, and every SP
 * inside a stack has bit STACK_GUARD_BIT set, which the exception vectors test before they store anything
 * (boot/vectors.S): an exception taken on an overflowed or wild stack ends the run with a Bail out! instead
 * of faulting forever.
 */
#ifndef PMUCHECK_STACKS_H
#define PMUCHECK_STACKS_H

#define STACKS_MAX_PES   8       /* = PLAT_MAX_PES (lib/platform/platform_desc.h) */
#define STACK_SLOT_SHIFT 16
#define STACK_SLOT_SIZE  (1 << STACK_SLOT_SHIFT) /* bytes: guard half + stack half */
#define STACK_SIZE       (STACK_SLOT_SIZE / 2)    /* usable bytes */
#define STACK_GUARD_BIT  (STACK_SLOT_SHIFT - 1)

#ifndef __ASSEMBLER__
#include <stdint.h>

/* [PE][EL] slots; the stack of (pe, el) grows down from the end of its slot. */
extern uint8_t pmucheck_stacks[STACKS_MAX_PES][4][STACK_SLOT_SIZE];
/* The stack the panic path switches to (one: a panic ends the run). */
extern uint8_t pmucheck_panic_stack[STACK_SLOT_SIZE];

/* Index of the PE running pmucheck now (0: the one that booted; lib/smp/ sets it for the others). */
extern unsigned pe_current;

/* Initial SP of Exception level el on PE pe: the end of its slot. */
static inline uint64_t stack_top(unsigned pe, unsigned el)
{
	return (uint64_t)(uintptr_t)pmucheck_stacks[pe][el] + STACK_SLOT_SIZE;
}
#endif

#endif
