/*
 * pe_memory.h - memory for what pmucheck keeps per PE, sized at run time from the PE count: the per-PE arrays of
 * struct plat_desc, the stacks of every PE but the first (lib/runtime/stacks.h), lib/smp/'s per-PE state, and the
 * translation tables the stacks' mappings need (lib/mmu/page_tables.h). Handed out in PE_MEMORY_ALIGN-aligned
 * blocks, never freed, from one region:
 *   - the one the boot code names (pe_memory_set_region(): a UEFI entry hands over memory it allocated), else
 *   - the RAM after the image (__image_end) in the /memory bank that holds it, up to the end of that bank or the
 *     first thing in the way above the image: the device tree blob (plat.fdt_addr, fdt_size), a /memreserve/
 *     entry of the tree, or a window mmu_boot() mapped as RAM before the tree was read (mmu_boot_window()).
 * The MMU maps each block as its kind says (mmu_map_pe_block()): the rest of the region stays unmapped, and the
 * RAM mapping of its bank leaves the whole region out (lib/mmu/mmu.c).
 */
#ifndef PMUCHECK_PE_MEMORY_H
#define PMUCHECK_PE_MEMORY_H

#include <stdbool.h>
#include <stdint.h>

#include "platform/platform_desc.h"

#define PE_MEMORY_ALIGN  0x10000u /* bytes: a block's alignment, that of a stack slot (STACK_SLOT_SIZE) */
#define PE_MEMORY_BLOCKS 8        /* blocks handed out at most (one per kind of per-PE record) */

enum pe_memory_kind {
	PE_MEM_DATA,   /* Normal RW memory, mapped in every regime as the image's data is */
	PE_MEM_STACKS, /* STACK_SLOT_SIZE slots: only each slot's upper half mapped, in every regime */
	PE_MEM_TABLES, /* translation tables: mapped only in the orchestrator's regime, as the image's tables are */
};

struct pe_memory_block {
	uint64_t base, size; /* bytes; base PE_MEMORY_ALIGN-aligned */
	enum pe_memory_kind kind;
	const char *what;    /* what it holds, for the TAP header */
};

/*
 * The region to hand blocks out from, [base, base + size), given by the boot code before platform_discover()
 * (memory it owns: nothing else may be there). Replaces the default region; the blocks already handed out stay.
 */
void pe_memory_set_region(uint64_t base, uint64_t size);

/*
 * Choose the default region from d (its /memory banks, the tree's place and /memreserve/ entries, read from the
 * tree at d->fdt_addr) unless the boot code set one. Returns true, or false with *why saying why there is none
 * (the image in no bank, or no room above it).
 */
bool pe_memory_choose(const struct plat_desc *d, const char **why);

/*
 * A block of `size` bytes (rounded up to PE_MEMORY_ALIGN), zero-filled when kind is PE_MEM_DATA, mapped in the
 * running regime (mmu_map_pe_block()). Returns its address, or 0 when no region was chosen, the region has less
 * than `size` left, PE_MEMORY_BLOCKS are out, or the mapping needed more translation tables than are left.
 */
uint64_t pe_memory_alloc(uint64_t size, enum pe_memory_kind kind, const char *what);

/* The region: its base and size (0, 0 when none was chosen) and the bytes handed out so far. */
void pe_memory_region(uint64_t *base, uint64_t *size, uint64_t *used);

/* The blocks handed out, in order: block i (NULL past the last). */
const struct pe_memory_block *pe_memory_block(unsigned i);

/* "# PE memory: ..." of the TAP header: the region, where it came from, and each block. */
void pe_memory_print(void);

#endif
