/*
 * stage2.h - an identity stage 2 translation for the Non-secure EL1&0 regime with one page left out, so that an
 * access EL1 or EL0 makes there faults at stage 2 and is taken to EL2 (D8.1 "stage 2 translation", D8.2 VMSAv8-64):
 * the "not Taken locally" Data and Instruction Aborts (EXC_TRAP_DABORT, EXC_TRAP_PABORT) and anything else that
 * needs a stage 2 fault. 4KB granule, starting at level 1, 1GB blocks except around the hole (a level 2 and a
 * level 3 table), Normal Write-Back memory, read/write, executable at EL1 and EL0 (stage 1 decides the rest:
 * a Device mapping at stage 1 stays Device).
 */
#ifndef PMUCHECK_STAGE2_H
#define PMUCHECK_STAGE2_H

#include <stdbool.h>
#include <stdint.h>

/* A 4KB page of code pmucheck never runs (stage2_hole.S): "ret" at its start; stage 1 maps it like the rest
 * of .text (readable, executable at EL1 and EL0). The page stage2_build() leaves out. */
extern char stage2_hole_page[];

/*
 * Build the tables (once) for an IPA size of min(39, ID_AA64MMFR0_EL1.PARange) bits, every IPA mapped to the
 * same PA but the 4KB page at `hole` (4KB-aligned), and give the values to program: VTTBR_EL2 (VMID 0) and
 * VTCR_EL2 (T0SZ, SL0 = start at level 1, IRGN0/ORGN0 Write-Back, SH0 Inner Shareable, TG0 4KB, PS = PARange).
 * Returns true; false with *why set when the image's memory (text, data, stacks, translation tables) lies above
 * the IPA size, where this stage 2 cannot map it.
 */
bool stage2_build(uint64_t hole, uint64_t *vttbr_el2, uint64_t *vtcr_el2, const char **why);

#endif
