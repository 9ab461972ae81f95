/*
 * mmu.h - the MMU and caches of every translation regime pmucheck runs code in (D8), on identity maps built
 * by page_tables.c:
 *   the image: code read-only and executable, read-only data, then data, stacks and BSS read/write and
 *              execute-never; accessible at EL0 in the EL1&0 regimes (EL0 contexts run the same code);
 *   RAM (/memory): Normal Write-Back, Inner Shareable, read/write, execute-never, EL1 only;
 *   MMIO (console, GIC): Device-nGnRE, execute-never, EL1 only.
 * No region is both writable and executable, and SCTLR_ELx.WXN makes the hardware hold that too.
 * In the Secure regimes (EL3, Secure EL2, Secure EL1&0) RAM is mapped Non-secure (NS = 1), so Secure and
 * Non-secure contexts share data through one physical address space and one set of cache lines; MMIO stays
 * Secure (the GIC's Secure view), and so do the translation tables where EL3 walks them.
 */
#ifndef PMUCHECK_MMU_H
#define PMUCHECK_MMU_H

#include <stdbool.h>
#include <stdint.h>

#include "platform/platform_desc.h"

/*
 * At the orchestrator's EL, MMU off (boot_main): map the image, the compiled-in console, the 4MB at each
 * address a device tree may be at (fdt_candidates; 0 entries are skipped) and the RAM ranges already known
 * (ram[0..ram_count): a UEFI memory map's, where ACPI tables are read from), then turn on that regime's MMU
 * and caches (MAIR_ELx, TCR_ELx, TTBR0_ELx, SCTLR_ELx.{M, C, I, WXN}). Returns 0, or -1 when the tables
 * could not be built (the MMU then stays off).
 */
int mmu_boot(const uint64_t *fdt_candidates, unsigned n, const struct plat_range *ram, unsigned ram_count);

/*
 * After the platform is known (lib/platform/platform_desc.h): map its RAM and MMIO into the orchestrator's
 * regime (live: only new entries), build the tables of every lower regime it owns, clean them to the Point
 * of Coherency, and load MAIR/TCR/TTBR0 of EL2 and EL1 for the Secure world. Returns 0 or -1 (pool full).
 */
int mmu_map_platform(void);

struct pe_memory_block;

/*
 * Window i (0, 1) that mmu_boot() mapped as RAM around a device tree candidate: *base, *size in bytes. Returns
 * false past the last. lib/platform/pe_memory.c keeps its region out of them: their pages are mapped whole.
 */
bool mmu_boot_window(unsigned i, uint64_t *base, uint64_t *size);

/*
 * Map a block of lib/platform/pe_memory.h in the orchestrator's regime as its kind says (the lower regimes get
 * it in mmu_map_platform()). Returns 0, or -1 when the tables ran out, before mmu_boot() or after
 * mmu_map_platform().
 */
int mmu_map_pe_block(const struct pe_memory_block *b);

/*
 * Before mmu_map_platform(): a block of translation tables from lib/platform/pe_memory.h, enough to map `bytes`
 * more of per-PE blocks (`blocks` of them) and the redistributor regions in every regime, handed to the table pool
 * (xlat_pool_grow()). *tables: how many it asked for. Returns 0, or -1 when the block is not there.
 */
int mmu_grow_tables(uint64_t bytes, unsigned blocks, unsigned *tables);

/* SCTLR_EL2 / SCTLR_EL1 baseline: the reset value with M, C, I, WXN set once the tables exist (and DZE, UCT
 * for EL0 at EL1), the MMU-off reset value before. */
uint64_t mmu_sctlr_el2(void);
uint64_t mmu_sctlr_el1(void);

/* From EL3: point TTBR0_EL2 and TTBR0_EL1 at the Secure or Non-secure regime's tables (those registers are
 * shared by both Security states). No-op before mmu_map_platform() and below EL3. */
void mmu_select_world(bool secure);

/* From EL3: TCR_EL2 in the layout HCR_EL2.E2H gives it (`e2h`: TCR_EL1's, for the EL2&0 regime; else the
 * non-VHE one), on the same tables, then TLBI ALLE2 (its entries are tagged by regime). */
void mmu_el2_regime(bool e2h);

/* On a PE other than the one that built the tables: turn on the orchestrator regime's MMU (MMU off before).
 * Returns 0, or -1 when mmu_boot() never succeeded. */
int mmu_enable_secondary(void);

/* Clean the image's writable memory (data, BSS, stacks, tables) to the Point of Coherency, so that a PE
 * starting with its MMU and caches off reads what this PE wrote through its caches (before pe_start()). */
void mmu_clean_data_to_poc(void);

/* Clean and invalidate [start, end) to the Point of Coherency (DC CIVAC by line): before and after a context
 * that runs with stage 1 translation off (EL0 under HCR_EL2.TGE = 1) writes that memory uncached. */
void mmu_clean_inval_range(uint64_t start, uint64_t end);

/* Whether the orchestrator's MMU is on (SCTLR_ELx.M), for the TAP header. */
bool mmu_enabled(void);

#endif
