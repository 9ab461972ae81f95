/*
 * stacks.h - one stack per Exception level per PE, each guarded. A stack is the upper half of a 64KB-aligned
 * slot; the lower half is left unmapped (lib/mmu/), so running off the bottom faults at once, and every SP
 * inside a stack has bit STACK_GUARD_BIT set, which the exception vectors test before they store anything
 * (boot/vectors.S): an exception taken on an overflowed or wild stack ends the run with a Bail out! instead
 * of faulting forever.
 */
#ifndef PMUCHECK_STACKS_H
#define PMUCHECK_STACKS_H

#define STACK_SLOT_SHIFT 16
#define STACK_SLOT_SIZE  (1 << STACK_SLOT_SHIFT) /* bytes: guard half + stack half */
#define STACK_SIZE       (STACK_SLOT_SIZE / 2)    /* usable bytes */
#define STACK_GUARD_BIT  (STACK_SLOT_SHIFT - 1)
#define STACKS_PE_SHIFT  (STACK_SLOT_SHIFT + 2)
#define STACKS_PE_SIZE   (1 << STACKS_PE_SHIFT)   /* bytes: one PE's four slots, EL0..EL3 */

#ifndef __ASSEMBLER__
#include <stdint.h>

/*
 * The first PE's slots, [EL], in the image: it boots before anything is known. The stack of (pe, el) grows down
 * from the end of its slot.
 */
extern uint8_t pmucheck_stacks[4][STACK_SLOT_SIZE];
/*
 * PE pe's slots (pe >= 1) are at pmucheck_pe_stacks + pe * STACKS_PE_SIZE: a block of lib/platform/pe_memory.h
 * for PEs 1.. (pe_setup(), lib/smp/pe_start.h), less one PE's size. Read with the MMU off by boot/entry.S
 * el_entry_setup on each PE that pe_start() starts, so in .data and cleaned to the Point of Coherency before.
 */
extern uint64_t pmucheck_pe_stacks;
/* The stack the panic path switches to (one: a panic ends the run). */
extern uint8_t pmucheck_panic_stack[STACK_SLOT_SIZE];

/* Index of the PE running pmucheck now (0: the one that booted; lib/smp/ sets it for the others). */
extern unsigned pe_current;

/* Initial SP of Exception level el on PE pe: the end of its slot. */
static inline uint64_t stack_top(unsigned pe, unsigned el)
{
	uint64_t base = pe ? pmucheck_pe_stacks + (uint64_t)pe * STACKS_PE_SIZE : (uint64_t)(uintptr_t)pmucheck_stacks;

	return base + (uint64_t)el * STACK_SLOT_SIZE + STACK_SLOT_SIZE;
}

/* The start of the unmapped guard half of (pe, el)'s slot (64KB aligned): an access there faults in every regime. */
static inline uint64_t stack_guard(unsigned pe, unsigned el)
{
	return stack_top(pe, el) - STACK_SLOT_SIZE;
}
#endif

#endif
