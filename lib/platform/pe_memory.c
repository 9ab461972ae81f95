/*
 * pe_memory.c - see pe_memory.h.
 */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include "mmu/mmu.h"
#include "platform/pe_memory.h"
#include "runtime/image_layout.h"

static uint64_t region_base, region_size, region_used;
static const char *region_from; /* NULL: none chosen */
static struct pe_memory_block blocks[PE_MEMORY_BLOCKS];
static unsigned block_count;

static uint64_t align_up(uint64_t v) { return (v + PE_MEMORY_ALIGN - 1) & ~(uint64_t)(PE_MEMORY_ALIGN - 1); }
static uint64_t align_down(uint64_t v) { return v & ~(uint64_t)(PE_MEMORY_ALIGN - 1); }

void pe_memory_set_region(uint64_t base, uint64_t size)
{
	region_base = align_up(base);
	region_size = base + size > region_base ? align_down(base + size) - region_base : 0;
	region_used = 0;
	region_from = "given by the boot code";
}

/* Shrink [*start, *end) around [ob, oe): from below when it covers *start, else from above. */
static bool avoid(uint64_t *start, uint64_t *end, uint64_t ob, uint64_t oe)
{
	if (oe <= ob || ob >= *end || oe <= *start)
		return false;
	if (ob <= *start)
		*start = align_up(oe);
	else
		*end = align_down(ob);
	return true;
}

/*
 * Every obstacle once; true when one moved a bound. The tree's /memreserve/ entries are read through libfdt
 * (fdt_num_mem_rsv, fdt_get_mem_rsv: the tree header's memory reservation block).
 */
static bool avoid_all(const struct plat_desc *d, uint64_t *start, uint64_t *end)
{
	const void *fdt = (const void *)(uintptr_t)d->fdt_addr;
	uint64_t base, size;
	bool moved = false;
	int i, n;

	if (d->fdt_addr)
		moved |= avoid(start, end, d->fdt_addr, d->fdt_addr + d->fdt_size);
	n = d->fdt_addr ? fdt_num_mem_rsv(fdt) : 0;
	for (i = 0; i < n; i++)
		if (fdt_get_mem_rsv(fdt, i, &base, &size) == 0)
			moved |= avoid(start, end, base, base + size);
	for (i = 0; mmu_boot_window((unsigned)i, &base, &size); i++)
		moved |= avoid(start, end, base, base + size);
	return moved;
}

bool pe_memory_choose(const struct plat_desc *d, const char **why)
{
	uint64_t img = (uint64_t)(uintptr_t)__text_start, start = align_up((uint64_t)(uintptr_t)__image_end), end = 0;
	unsigned i, rounds;

	*why = NULL;
	if (region_from)
		return true;
	for (i = 0; i < d->mem_count; i++)
		if (img >= d->mem[i].base && img - d->mem[i].base < d->mem[i].size)
			end = align_down(d->mem[i].base + d->mem[i].size);
	if (!end) {
		*why = "the image lies in no /memory bank";
		return false;
	}
	for (rounds = 0; rounds < 64 && start < end && avoid_all(d, &start, &end); rounds++)
		;
	if (start >= end) {
		*why = "no free RAM above the image in its /memory bank";
		return false;
	}
	region_base = start;
	region_size = end - start;
	region_used = 0;
	region_from = "the RAM after the image";
	return true;
}

uint64_t pe_memory_alloc(uint64_t size, enum pe_memory_kind kind, const char *what)
{
	struct pe_memory_block *b;

	size = align_up(size);
	if (!region_from || block_count == PE_MEMORY_BLOCKS || size > region_size - region_used)
		return 0;
	b = &blocks[block_count];
	*b = (struct pe_memory_block){ region_base + region_used, size, kind, what };
	if (mmu_map_pe_block(b) != 0)
		return 0;
	region_used += size;
	block_count++;
	if (kind != PE_MEM_STACKS) /* a stack's guard half is unmapped: never touched */
		memset((void *)(uintptr_t)b->base, 0, (size_t)size);
	return b->base;
}

void pe_memory_region(uint64_t *base, uint64_t *size, uint64_t *used)
{
	*base = region_from ? region_base : 0;
	*size = region_from ? region_size : 0;
	*used = region_used;
}

const struct pe_memory_block *pe_memory_block(unsigned i)
{
	return i < block_count ? &blocks[i] : NULL;
}

void pe_memory_print(void)
{
	unsigned i;

	if (!block_count)
		return;
	printf("# PE memory: 0x%llx-0x%llx (%s), %llu KiB of %llu used:", (unsigned long long)region_base,
	       (unsigned long long)(region_base + region_size - 1), region_from,
	       (unsigned long long)(region_used >> 10), (unsigned long long)(region_size >> 10));
	for (i = 0; i < block_count; i++)
		printf("%s %s at 0x%llx (%llu KiB)", i ? "," : "", blocks[i].what, (unsigned long long)blocks[i].base,
		       (unsigned long long)(blocks[i].size >> 10));
	printf("\n");
}
