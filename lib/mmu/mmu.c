/*
 * mmu.c - which regimes get which maps, and turning their MMUs on (mmu.h). Sequences: D8.16 (TLB
 * maintenance), D8.2.13 (enabling stage 1 translation), and the cache maintenance of D7.5.
 */
#include <stddef.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "drivers/uart/uart.h"
#include "mmu/mmu.h"
#include "mmu/page_tables.h"
#include "platform/pe_memory.h"
#include "platform/platform_desc.h"
#include "runtime/context.h"
#include "runtime/image_layout.h"
#include "runtime/stacks.h"

#define SZ_2M (U64(2) << 20)

extern char __page_tables_start[], __page_tables_end[], __stacks_start[], __stacks_end[];

static bool mmu_tables_ready;   /* mmu_map_platform() done: lower regimes have tables */
static bool mmu_boot_done;      /* the orchestrator's tables exist */
static enum xlat_regime mmu_own;
static struct plat_range mmu_window[2]; /* mmu_boot()'s device tree windows, mapped as RAM */
static unsigned mmu_windows;

static uint64_t addr(const char *sym) { return (uint64_t)(uintptr_t)sym; }

/* MAIR_ELx: AttrIndx 0 Device-nGnRE, 1 Normal Write-Back (page_tables.c MAIR_IDX_*). */
static uint64_t mmu_mair(void)
{
	return (MAIR_DEVICE_nGnRE << MAIR_ATTR_SHIFT(0)) | (MAIR_NORMAL_WB_RWA << MAIR_ATTR_SHIFT(1));
}

/* Output size: ID_AA64MMFR0_EL1.PARange, at most 48 bits (0b101), the reach of the tables. */
static uint64_t mmu_pa_size(void)
{
	uint64_t pa = FIELD_GET(ID_AA64MMFR0_EL1, PARange, read_id_aa64mmfr0_el1());

	return pa > 5 ? 5 : pa;
}

/* Walks: 48-bit input (T0SZ 16), 4KB granule, Inner Shareable, Write-Back cacheable. */
static uint64_t mmu_tcr_common(void)
{
	return FIELD_PREP(TCR_ELx, T0SZ, 16) | FIELD_PREP(TCR_ELx, IRGN0, 1) | FIELD_PREP(TCR_ELx, ORGN0, 1) |
	       FIELD_PREP(TCR_ELx, SH0, 3) | FIELD_PREP(TCR_ELx, TG0, 0);
}
static uint64_t mmu_tcr_el23(void) { return mmu_tcr_common() | TCR_ELx_RES1 | FIELD_PREP(TCR_ELx, PS, mmu_pa_size()); }
static uint64_t mmu_tcr_el1(void)
{
	return mmu_tcr_common() | TCR_EL1_EPD1_BIT | (U64(16) << 16) /* T1SZ, unused */ |
	       FIELD_PREP(TCR_EL1, IPS, mmu_pa_size());
}
/* TCR_EL2: where HCR_EL2.E2H is RES1 (pe_e2h_res1(): no FEAT_E2H0) it has TCR_EL1's layout (the EL2&0 regime,
 * TTBR1_EL2 walks disabled by EPD1), else the EL3 one. */
static uint64_t mmu_tcr_el2(void) { return pe_e2h_res1() ? mmu_tcr_el1() : mmu_tcr_el23(); }

static const uint64_t mmu_sctlr_on = SCTLR_ELx_M_BIT | SCTLR_ELx_C_BIT | SCTLR_ELx_I_BIT | SCTLR_ELx_WXN_BIT;

/* With HCR_EL2.E2H RES1 (no FEAT_E2H0) SCTLR_EL2 has SCTLR_EL1's layout: SCTLR_EL1's value (DZE, UCT for the
 * EL0 of the EL2&0 regime). */
uint64_t mmu_sctlr_el2(void)
{
	return pe_e2h_res1() ? mmu_sctlr_el1() : SCTLR_EL2_RESET | (mmu_tables_ready ? mmu_sctlr_on : 0);
}
uint64_t mmu_sctlr_el1(void)
{
	return SCTLR_EL1_RESET | SCTLR_EL1_DZE_BIT | SCTLR_EL1_UCT_BIT |
	       (mmu_tables_ready || (orchestrator_el == 1 && mmu_boot_done) ? mmu_sctlr_on : 0);
}

/*
 * The image in regime r. The translation tables come first, so that they keep their own attributes: in the
 * regime that writes them they are Secure where the walks are (a Secure regime walks the Secure PA space);
 * lower regimes do not map them at all.
 */
/*
 * A block of lib/platform/pe_memory.h in regime r, as the image's part of the same kind is mapped: data as the
 * image's data; stacks slot by slot, the upper half of each (the lower half a guard, lib/runtime/stacks.h);
 * translation tables only in the regime that writes them, Secure where its walks are.
 */
static int mmu_map_block(enum xlat_regime r, const struct pe_memory_block *b)
{
	unsigned el0 = xlat_regime_el1(r) ? MT_EL0 : 0;
	uint64_t slot;
	int rc = 0;

	switch (b->kind) {
	case PE_MEM_DATA:
		return xlat_map(r, b->base, b->size, MT_RW | MT_NS | el0);
	case PE_MEM_STACKS:
		for (slot = b->base; slot < b->base + b->size; slot += STACK_SLOT_SIZE)
			rc |= xlat_map(r, slot + STACK_SLOT_SIZE - STACK_SIZE, STACK_SIZE, MT_RW | MT_NS | el0);
		return rc;
	case PE_MEM_TABLES:
		return r == mmu_own ? xlat_map(r, b->base, b->size, MT_RW) : 0;
	}
	return -1;
}

static int mmu_map_image(enum xlat_regime r)
{
	unsigned el0 = xlat_regime_el1(r) ? MT_EL0 : 0;
	const struct pe_memory_block *b;
	uint64_t slot;
	unsigned i;
	int rc = 0;

	if (r == mmu_own)
		rc |= xlat_map(r, addr(__page_tables_start), addr(__page_tables_end) - addr(__page_tables_start),
			       MT_RW);
	rc |= xlat_map(r, addr(__text_start), addr(__text_end) - addr(__text_start), MT_EXEC | MT_NS | el0);
	rc |= xlat_map(r, addr(__text_end), addr(__rodata_end) - addr(__text_end), MT_NS | el0);
	/* Data and BSS, then each stack's upper half: the lower half of its slot stays unmapped, a guard. */
	rc |= xlat_map(r, addr(__rodata_end), addr(__stacks_start) - addr(__rodata_end), MT_RW | MT_NS | el0);
	for (slot = addr(__stacks_start); slot < addr(__stacks_end); slot += STACK_SLOT_SIZE)
		rc |= xlat_map(r, slot + STACK_SLOT_SIZE - STACK_SIZE, STACK_SIZE, MT_RW | MT_NS | el0);
	if (addr(__page_tables_start) > addr(__stacks_end))
		rc |= xlat_map(r, addr(__stacks_end), addr(__page_tables_start) - addr(__stacks_end),
			       MT_RW | MT_NS | el0);
	for (i = 0; (b = pe_memory_block(i)); i++)
		rc |= mmu_map_block(r, b);
	return rc;
}

/* [base, end) in regime r as RAM, less the holes [lo, hi) and [lo2, hi2) (empty when lo2 >= hi2). */
static int mmu_map_around(enum xlat_regime r, uint64_t base, uint64_t end, uint64_t lo, uint64_t hi,
			  uint64_t lo2, uint64_t hi2)
{
	int rc = 0;

	if (lo2 < hi2) { /* a second hole: what lies on each side of it, around the first */
		if (base < lo2)
			rc |= mmu_map_around(r, base, end < lo2 ? end : lo2, lo, hi, 0, 0);
		if (end > hi2)
			rc |= mmu_map_around(r, base > hi2 ? base : hi2, end, lo, hi, 0, 0);
		return rc;
	}
	if (base < lo)
		rc |= xlat_map(r, base, (end < lo ? end : lo) - base, MT_RW | MT_NS);
	if (end > hi)
		rc |= xlat_map(r, base > hi ? base : hi, end - (base > hi ? base : hi), MT_RW | MT_NS);
	return rc;
}

/*
 * RAM bank [base, base + size) in regime r, except the image's own range [__text_start, __page_tables_end) and
 * the region of lib/platform/pe_memory.h: mmu_map_image() mapped those piece by piece, and their holes (each
 * stack's guard half; the translation tables in lower regimes) must stay holes. xlat_map() fills every page not
 * yet mapped, so mapping the whole bank would map them: a runaway recursion in a lower context then wrote
 * through .bss down to .rodata before it faulted (found by fault.stack_overflow.ns_el1).
 */
static int mmu_map_ram(enum xlat_regime r, uint64_t base, uint64_t size)
{
	uint64_t pm_base, pm_size, pm_used;

	pe_memory_region(&pm_base, &pm_size, &pm_used);
	return mmu_map_around(r, base, base + size, addr(__text_start), addr(__page_tables_end), pm_base,
			      pm_base + pm_size);
}

#define GICV3_GICD_SIZE 0x10000 /* IHI 0069: the distributor's 64 KiB frame */
#define GICV2_GICD_SIZE 0x1000  /* IHI 0048B Table 4-1: the distributor's registers, 0x000-0xFFF */
#define GICV2_GICC_SIZE 0x2000  /* IHI 0048B Table 4-2: the CPU interface's, up to GICC_DIR (0x1000); GIC-400 */

/*
 * The GIC the description names, Device memory in regime r: every regime, since code in each context that takes
 * an interrupt acknowledges and ends it there (the GICv2 CPU interface, GICC, is memory-mapped), and the
 * orchestrator's configures it. GICv3: the distributor and every redistributor region. GICv2: the distributor and
 * the CPU interface as far as the tree's reg[1] reaches, at most GICV2_GICC_SIZE. Nothing without a GIC.
 */
static int mmu_map_gic(enum xlat_regime r)
{
	uint64_t gicc_size = plat.gicc_size < GICV2_GICC_SIZE ? plat.gicc_size : GICV2_GICC_SIZE;
	unsigned i;
	int rc = 0;

	if (plat.gic_version == 3) {
		rc |= xlat_map(r, plat.gicd_base, GICV3_GICD_SIZE, MT_DEVICE | MT_RW);
		for (i = 0; i < plat.gicr_count; i++)
			if (plat.gicr[i].size)
				rc |= xlat_map(r, plat.gicr[i].base, plat.gicr[i].size, MT_DEVICE | MT_RW);
	} else if (plat.gic_version == 2) {
		rc |= xlat_map(r, plat.gicd_base, GICV2_GICD_SIZE, MT_DEVICE | MT_RW);
		if (gicc_size)
			rc |= xlat_map(r, plat.gicc_base, (gicc_size + XLAT_PAGE_SIZE - 1) & ~(uint64_t)(XLAT_PAGE_SIZE - 1),
				       MT_DEVICE | MT_RW);
	}
	return rc;
}

/* RAM and MMIO of `plat` in regime r. */
static int mmu_map_platform_regime(enum xlat_regime r)
{
	int rc = mmu_map_image(r);
	unsigned i;

	for (i = 0; i < plat.mem_count; i++)
		rc |= mmu_map_ram(r, plat.mem[i].base, plat.mem[i].size);
	if (plat.console.kind != PLAT_CONSOLE_NONE) /* none: no console, or forgotten (platform_discover()) */
		rc |= xlat_map(r, plat.console.base, uart_span(&plat.console), MT_DEVICE | MT_RW);
	rc |= mmu_map_gic(r);
	for (i = 0; i < plat.pe_count; i++) {
		if (plat.pe_debug_base[i])
			rc |= xlat_map(r, plat.pe_debug_base[i], XLAT_PAGE_SIZE, MT_DEVICE | MT_RW);
		if (plat.pe_pmu_ext_base[i])
			rc |= xlat_map(r, plat.pe_pmu_ext_base[i], XLAT_PAGE_SIZE, MT_DEVICE | MT_RW);
	}
	return rc;
}

/* Turn on the MMU and caches of the running EL with regime r's tables (MMU off before). */
static void mmu_enable_own(enum xlat_regime r)
{
	uint64_t root = xlat_root(r);

	dsb_ish();
	switch (current_el()) {
	case 3:
		write_mair_el3(mmu_mair());
		write_tcr_el3(mmu_tcr_el23());
		write_ttbr0_el3(root);
		isb();
		tlbi_alle3();
		break;
	case 2:
		write_mair_el2(mmu_mair());
		write_tcr_el2(mmu_tcr_el2());
		write_ttbr0_el2(root);
		isb();
		tlbi_alle2();
		break;
	default:
		write_mair_el1(mmu_mair());
		write_tcr_el1(mmu_tcr_el1());
		write_ttbr0_el1(root);
		isb();
		tlbi_vmalle1();
		break;
	}
	__asm__ volatile("ic iallu" ::: "memory");
	dsb_ish();
	isb();
	switch (current_el()) {
	case 3: write_sctlr_el3(read_sctlr_el3() | mmu_sctlr_on); break;
	case 2: write_sctlr_el2(read_sctlr_el2() | mmu_sctlr_on); break;
	default: write_sctlr_el1(read_sctlr_el1() | mmu_sctlr_on | SCTLR_EL1_DZE_BIT | SCTLR_EL1_UCT_BIT); break;
	}
	isb();
}

int mmu_boot(const uint64_t *fdt_candidates, unsigned n, const struct plat_range *ram, unsigned ram_count)
{
	unsigned i;
	int rc;

	mmu_own = orchestrator_el == 3 ? XLAT_EL3 : orchestrator_el == 2 ? XLAT_NS_EL2 : XLAT_NS_EL1;
	rc = mmu_map_image(mmu_own);
	/* the compiled-in UART only where it may be this platform's (platform_compiled_in_applies()) */
	if (plat.console.kind != PLAT_CONSOLE_NONE && platform_compiled_in_applies())
		rc |= xlat_map(mmu_own, plat.console.base, uart_span(&plat.console), MT_DEVICE | MT_RW);
	for (i = 0; i < n; i++) {
		if (!fdt_candidates[i]) /* a tree of at most 2 MiB from there; never over the image's holes */
			continue;
		if (mmu_windows < 2)
			mmu_window[mmu_windows++] = (struct plat_range){ fdt_candidates[i] & ~(SZ_2M - 1), 2 * SZ_2M };
		rc |= mmu_map_ram(mmu_own, fdt_candidates[i] & ~(SZ_2M - 1), 2 * SZ_2M);
	}
	for (i = 0; i < ram_count; i++)
		rc |= mmu_map_ram(mmu_own, ram[i].base, ram[i].size);
	if (rc)
		return -1;
	mmu_enable_own(mmu_own);
	mmu_boot_done = true;
	return 0;
}

/* Clean [start, end) to the Point of Coherency, line by line (CTR_EL0.DminLine: log2 of words). */
static void mmu_clean_to_poc(uint64_t start, uint64_t end)
{
	uint64_t line = U64(4) << ((read_ctr_el0() >> 16) & 0xf);
	uint64_t va;

	for (va = start & ~(line - 1); va < end; va += line)
		dc_civac((uintptr_t)va);
	dsb_ish();
}

/*
 * The translation registers of the levels below the orchestrator, on this PE: MAIR/TCR of EL2 (from EL3)
 * and EL1 (from EL3 or EL2), TTBR0 of the Secure world's tables (mmu_select_world switches them), and no
 * stale TLB entries of an earlier stage in either world (TLBI ALLE2/ALLE1 act on the Security state of
 * SCR_EL3.NS). SCTLR comes with each level's baseline (mmu_sctlr_el2/el1).
 */
static void mmu_program_lower(void)
{
	if (orchestrator_el >= 2) {
		EL1_REG_WRITE(mair, mmu_mair());
		EL1_REG_WRITE(tcr, mmu_tcr_el1());
	}
	if (orchestrator_el == 3 && features.el2) {
		write_mair_el2(mmu_mair());
		write_tcr_el2(mmu_tcr_el2());
	}
	if (orchestrator_el == 3) {
		uint64_t scr = read_scr_el3();

		mmu_select_world(false);
		write_scr_el3(scr | SCR_EL3_NS_BIT);
		isb();
		if (features.el2)
			__asm__ volatile("tlbi alle2");
		__asm__ volatile("tlbi alle1");
		mmu_select_world(true);
		write_scr_el3((scr & ~SCR_EL3_NS_BIT) | (features.sel2 ? SCR_EL3_EEL2_BIT : 0));
		isb();
		if (features.el2 && features.sel2)
			__asm__ volatile("tlbi alle2");
		__asm__ volatile("tlbi alle1");
		write_scr_el3(scr);
	} else if (orchestrator_el == 2) {
		EL1_REG_WRITE(ttbr0, xlat_root(XLAT_NS_EL1));
		isb();
		__asm__ volatile("tlbi alle1");
	}
	dsb_ish();
	isb();
}

bool mmu_boot_window(unsigned i, uint64_t *base, uint64_t *size)
{
	if (i >= mmu_windows)
		return false;
	*base = mmu_window[i].base;
	*size = mmu_window[i].size;
	return true;
}

int mmu_map_pe_block(const struct pe_memory_block *b)
{
	return mmu_boot_done && !mmu_tables_ready ? mmu_map_block(mmu_own, b) : -1;
}

/*
 * Tables one regime needs at most for `bytes` of pe_memory blocks (`blocks` of them) and the GIC's redistributor
 * regions: a level 3 table per 2 MiB and a level 2 table per 1 GiB the blocks touch, each block and region
 * touching one more of each (and a level 1 table) where it straddles a boundary.
 */
static unsigned mmu_tables_per_regime(uint64_t bytes, unsigned blocks)
{
	return (unsigned)(bytes >> 21) + (unsigned)(bytes >> 30) + 3 * (blocks + plat.gicr_count) + 4;
}

/* The regimes mmu_map_platform() builds tables for: the orchestrator's and those below it that exist. */
static unsigned mmu_regimes(void)
{
	if (orchestrator_el == 3)
		return 3 + features.el2 + (features.el2 && features.sel2);
	return orchestrator_el == 2 ? 2 : 1;
}

int mmu_grow_tables(uint64_t bytes, unsigned blocks, unsigned *tables)
{
	const struct pe_memory_block *b;
	uint64_t base;
	unsigned i;

	for (i = 0; (b = pe_memory_block(i)); i++, blocks++) /* those mapped already: in the lower regimes still */
		bytes += b->size;
	*tables = mmu_regimes() * mmu_tables_per_regime(bytes, blocks);
	base = pe_memory_alloc((uint64_t)*tables * XLAT_PAGE_SIZE, PE_MEM_TABLES, "translation tables");
	if (!base)
		return -1;
	xlat_pool_grow(base, *tables);
	return 0;
}

int mmu_map_platform(void)
{
	const struct pe_memory_block *b;
	uint64_t start, end;
	unsigned i;
	int rc = mmu_map_platform_regime(mmu_own);

	if (orchestrator_el == 3) {
		rc |= mmu_map_platform_regime(XLAT_S_EL1);
		rc |= mmu_map_platform_regime(XLAT_NS_EL1);
		if (features.el2)
			rc |= mmu_map_platform_regime(XLAT_NS_EL2);
		if (features.el2 && features.sel2)
			rc |= mmu_map_platform_regime(XLAT_S_EL2);
	} else if (orchestrator_el == 2) {
		rc |= mmu_map_platform_regime(XLAT_NS_EL1);
	}
	xlat_pool_range(&start, &end);
	mmu_clean_to_poc(start, end);
	for (i = 0; (b = pe_memory_block(i)); i++) {
		if (b->kind == PE_MEM_TABLES)
			mmu_clean_to_poc(b->base, b->base + b->size);
		/* the other PEs' stacks: no line an earlier stage left is written back over, or read instead of, what
		 * their PE stores with its MMU off (boot/entry.S cleans the image's for the same reason) */
		for (start = b->base; b->kind == PE_MEM_STACKS && start < b->base + b->size; start += STACK_SLOT_SIZE)
			mmu_clean_to_poc(start + STACK_SLOT_SIZE - STACK_SIZE, start + STACK_SLOT_SIZE);
	}
	isb();
	if (rc)
		return -1;
	mmu_tables_ready = true;
	mmu_program_lower();
	return 0;
}

void mmu_select_world(bool secure)
{
	if (!mmu_tables_ready || orchestrator_el != 3)
		return;
	if (features.el2)
		write_ttbr0_el2(xlat_root(secure ? (features.sel2 ? XLAT_S_EL2 : XLAT_NS_EL2) : XLAT_NS_EL2));
	write_ttbr0_el1(xlat_root(secure ? XLAT_S_EL1 : XLAT_NS_EL1));
}

void mmu_el2_regime(bool e2h)
{
	write_tcr_el2(e2h ? mmu_tcr_el1() : mmu_tcr_el23());
	isb();
	__asm__ volatile("tlbi alle2\n\tdsb ish" ::: "memory");
}

void mmu_clean_inval_range(uint64_t start, uint64_t end)
{
	mmu_clean_to_poc(start, end);
}

void mmu_clean_data_to_poc(void)
{
	mmu_clean_to_poc(addr(__rodata_end), addr(__image_end));
}

int mmu_enable_secondary(void)
{
	if (!mmu_boot_done)
		return -1;
	mmu_enable_own(mmu_own);
	if (mmu_tables_ready)
		mmu_program_lower();
	return 0;
}

bool mmu_enabled(void)
{
	switch (current_el()) {
	case 3: return read_sctlr_el3() & SCTLR_ELx_M_BIT;
	case 2: return read_sctlr_el2() & SCTLR_ELx_M_BIT;
	default: return read_sctlr_el1() & SCTLR_ELx_M_BIT;
	}
}
