/*
 * page_tables.h - identity-mapped VMSAv8-64 stage 1 translation tables, 4KB granule, 48-bit input addresses
 * (T0SZ = 16, lookup from level 0), one set per translation regime pmucheck runs code in (D8.2, D8.3).
 *
 * A mapping never replaces a valid descriptor: the first mapping of an address wins, and a later, wider
 * mapping fills only what is still unmapped around it. So tables that are live (the running regime's) only
 * ever go from invalid to valid entries, which needs no break-before-make and no TLB invalidation (D8.16.1:
 * a TLB never holds a translation that faulted).
 */
#ifndef PMUCHECK_PAGE_TABLES_H
#define PMUCHECK_PAGE_TABLES_H

#include <stdbool.h>
#include <stdint.h>

/* The translation regimes (D8.1.2); EL2 is non-VHE (HCR_EL2.E2H == 0). */
enum xlat_regime {
	XLAT_EL3,    /* EL3 (Secure) */
	XLAT_S_EL2,  /* Secure EL2 (FEAT_SEL2) */
	XLAT_NS_EL2, /* Non-secure EL2 */
	XLAT_S_EL1,  /* Secure EL1&0 */
	XLAT_NS_EL1, /* Non-secure EL1&0 */
	XLAT_REGIMES
};

/* Attributes of a mapping (combine with |). */
#define MT_NORMAL   0u         /* Normal, Inner/Outer Write-Back, Inner Shareable (MAIR index 1) */
#define MT_DEVICE   (1u << 0)  /* Device-nGnRE (MAIR index 0) */
#define MT_RW       (1u << 1)  /* writable; else read-only (AP[2] = 1) */
#define MT_EXEC     (1u << 2)  /* executable; else execute-never (XN, or UXN and PXN in EL1&0) */
#define MT_EL0      (1u << 3)  /* EL1&0 only: accessible at EL0 (AP[1] = 1) */
#define MT_NS       (1u << 4)  /* Secure regimes only: output address in the Non-secure PA space (NS = 1) */

#define XLAT_PAGE_SIZE 4096u   /* bytes */

/*
 * Map [base, base + size) (rounded out to 4KB pages) to itself in regime r with attrs, using 1GB and 2MB
 * blocks where the range covers them whole and nothing in them is mapped yet. Already-mapped pages keep their
 * mapping. MT_EL0 is dropped outside EL1&0 and MT_NS outside the Secure regimes (there AP[1] is RES1 and NS
 * is RES0). Returns 0, or -1 when the table pool is exhausted or the range is beyond 48 bits (what was mapped
 * before the failure stays mapped).
 */
int xlat_map(enum xlat_regime r, uint64_t base, uint64_t size, unsigned attrs);

/* Physical address of regime r's level 0 table, for TTBR0_ELx (tables start empty: every address faults). */
uint64_t xlat_root(enum xlat_regime r);

/* Whether a regime is Secure / has two privilege levels (EL1&0). */
bool xlat_regime_secure(enum xlat_regime r);
bool xlat_regime_el1(enum xlat_regime r);

/* Tables used so far, and the pool's size (4KB each). */
unsigned xlat_tables_used(void);
unsigned xlat_tables_max(void);

/* The image's pool's address range, [start, end), for cache maintenance and for mapping it. */
void xlat_pool_range(uint64_t *start, uint64_t *end);

/*
 * `tables` more 4KB tables at base (4KB-aligned, zeroed, mapped read/write where the tables are written), taken
 * once the image's pool is used up; replaces an earlier grow's tables that were not taken. For the tables that
 * mapping many PEs' stacks needs (lib/mmu/mmu.c mmu_grow_tables()).
 */
void xlat_pool_grow(uint64_t base, unsigned tables);

#endif
