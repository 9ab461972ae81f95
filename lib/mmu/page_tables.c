/*
 * page_tables.c - identity-mapped stage 1 translation tables (page_tables.h). Descriptor formats: D8.3
 * (VMSAv8-64 translation table format descriptors), 4KB granule: level 0 tables only; levels 1 and 2
 * tables or blocks (1GB, 2MB); level 3 pages.
 */
#include <stddef.h>

#include "arch/arch_regs.h"
#include "mmu/page_tables.h"

#define XLAT_POOL_TABLES 96
#define XLAT_ENTRIES     512

/* Descriptor fields (D8.3.1, D8.3.2). */
#define DESC_VALID       BIT64(0)
#define DESC_TYPE_TABLE  U64(0x3) /* levels 0-2 */
#define DESC_TYPE_BLOCK  U64(0x1) /* levels 1-2 */
#define DESC_TYPE_PAGE   U64(0x3) /* level 3 */
#define DESC_ATTRINDX(i) (U64(i) << 2)
#define DESC_NS          BIT64(5)
#define DESC_AP1         BIT64(6)  /* AP[1]: EL0 access in EL1&0; RES1 in EL2 and EL3 */
#define DESC_AP2_RO      BIT64(7)  /* AP[2]: read-only */
#define DESC_SH_INNER    (U64(3) << 8)
#define DESC_AF          BIT64(10) /* Access flag: set, so no Access flag faults */
#define DESC_PXN         BIT64(53) /* EL1&0 only; RES0 in EL2 (E2H == 0) and EL3 */
#define DESC_UXN_XN      BIT64(54) /* UXN in EL1&0, XN in EL2 and EL3 */
#define DESC_OA_MASK     MASK64(47, 12)

#define MAIR_IDX_DEVICE  0
#define MAIR_IDX_NORMAL  1

static uint64_t xlat_pool[XLAT_POOL_TABLES][XLAT_ENTRIES]
	__attribute__((aligned(XLAT_PAGE_SIZE), section(".page_tables")));
static unsigned xlat_pool_used;
static uint64_t (*xlat_more)[XLAT_ENTRIES]; /* xlat_pool_grow()'s tables, used once xlat_pool is */
static unsigned xlat_more_count, xlat_more_used;
static uint64_t *xlat_roots[XLAT_REGIMES];

bool xlat_regime_secure(enum xlat_regime r) { return r == XLAT_EL3 || r == XLAT_S_EL2 || r == XLAT_S_EL1; }
bool xlat_regime_el1(enum xlat_regime r) { return r == XLAT_S_EL1 || r == XLAT_NS_EL1; }
unsigned xlat_tables_used(void) { return xlat_pool_used + xlat_more_used; }
unsigned xlat_tables_max(void) { return XLAT_POOL_TABLES + xlat_more_count; }

void xlat_pool_range(uint64_t *start, uint64_t *end)
{
	*start = (uint64_t)(uintptr_t)xlat_pool;
	*end = (uint64_t)(uintptr_t)xlat_pool + sizeof(xlat_pool);
}

void xlat_pool_grow(uint64_t base, unsigned tables)
{
	xlat_more = (uint64_t (*)[XLAT_ENTRIES])(uintptr_t)base;
	xlat_more_count = tables;
	xlat_more_used = 0;
}

/* A fresh table (zeroed: by boot/entry.S, or by whoever gave xlat_pool_grow() its memory), or NULL when both pools
 * are exhausted. */
static uint64_t *xlat_alloc(void)
{
	if (xlat_pool_used < XLAT_POOL_TABLES)
		return xlat_pool[xlat_pool_used++];
	if (xlat_more_used < xlat_more_count)
		return xlat_more[xlat_more_used++];
	return NULL;
}

static uint64_t *xlat_root_table(enum xlat_regime r)
{
	if (!xlat_roots[r])
		xlat_roots[r] = xlat_alloc();
	return xlat_roots[r];
}

uint64_t xlat_root(enum xlat_regime r)
{
	return (uint64_t)(uintptr_t)xlat_root_table(r);
}

/* Lower attributes and XN bits of a block or page descriptor for attrs in regime r. */
static uint64_t xlat_leaf_attrs(enum xlat_regime r, unsigned attrs)
{
	uint64_t d = DESC_AF;

	if (attrs & MT_DEVICE)
		d |= DESC_ATTRINDX(MAIR_IDX_DEVICE);
	else
		d |= DESC_ATTRINDX(MAIR_IDX_NORMAL) | DESC_SH_INNER;
	if (!(attrs & MT_RW))
		d |= DESC_AP2_RO;
	if (xlat_regime_el1(r)) {
		if (attrs & MT_EL0)
			d |= DESC_AP1;
		if (!(attrs & MT_EXEC))
			d |= DESC_UXN_XN | DESC_PXN;
	} else {
		d |= DESC_AP1;
		if (!(attrs & MT_EXEC))
			d |= DESC_UXN_XN;
	}
	if (xlat_regime_secure(r) && (attrs & MT_NS))
		d |= DESC_NS;
	return d;
}

/* Map [va, end) in `table` at `level` (0..3); see xlat_map(). */
static int xlat_map_level(uint64_t *table, unsigned level, uint64_t va, uint64_t end, uint64_t leaf)
{
	unsigned shift = 39 - 9 * level;
	uint64_t block = U64(1) << shift;

	while (va < end) {
		uint64_t *entry = &table[(va >> shift) & (XLAT_ENTRIES - 1)];
		uint64_t next = (va & ~(block - 1)) + block;
		uint64_t *sub;

		if (next > end || next == 0)
			next = end;
		if (level == 3) {
			if (!(*entry & DESC_VALID))
				*entry = va | leaf | DESC_TYPE_PAGE;
		} else if (!(*entry & DESC_VALID) && level >= 1 && (va & (block - 1)) == 0 && next - va == block) {
			*entry = va | leaf | DESC_TYPE_BLOCK;
		} else if ((*entry & 3) == DESC_TYPE_BLOCK) {
			/* an earlier block mapping holds this range: it wins */
		} else {
			if (!(*entry & DESC_VALID)) {
				sub = xlat_alloc();
				if (!sub)
					return -1;
				*entry = (uint64_t)(uintptr_t)sub | DESC_TYPE_TABLE;
			}
			sub = (uint64_t *)(uintptr_t)(*entry & DESC_OA_MASK);
			if (xlat_map_level(sub, level + 1, va, next, leaf) < 0)
				return -1;
		}
		va = next;
	}
	return 0;
}

int xlat_map(enum xlat_regime r, uint64_t base, uint64_t size, unsigned attrs)
{
	uint64_t start = base & ~(uint64_t)(XLAT_PAGE_SIZE - 1);
	uint64_t end = (base + size + XLAT_PAGE_SIZE - 1) & ~(uint64_t)(XLAT_PAGE_SIZE - 1);
	uint64_t *root = xlat_root_table(r);

	if (!root || size == 0 || end > BIT64(48) || end < start)
		return -1;
	return xlat_map_level(root, 0, start, end, xlat_leaf_attrs(r, attrs));
}
