/*
 * stage2.c - see stage2.h.
 */
#include "mmu/stage2.h"

#include <stddef.h>

#include "arch/arch_regs.h"
#include "arch/sysreg.h"
#include "mmu/page_tables.h"
#include "runtime/image_layout.h"

#define S2_ENTRIES 512u
/* Stage 2 block and page descriptors (D8.3 "Stage 2 ... attributes"): MemAttr[5:2] 0b1111 Normal Inner and Outer
 * Write-Back, S2AP[7:6] 0b11 read/write, SH[9:8] 0b11 Inner Shareable, AF[10] 1; XN[54:53] 0b00: executable at
 * EL1 and EL0. */
#define S2_LEAF  ((U64(0xF) << 2) | (U64(3) << 6) | (U64(3) << 8) | BIT64(10))
#define S2_TABLE U64(0x3)
#define S2_BLOCK U64(0x1)
#define S2_PAGE  U64(0x3)

static uint64_t s2_l1[S2_ENTRIES] __attribute__((aligned(4096)));
static uint64_t s2_l2[S2_ENTRIES] __attribute__((aligned(4096)));
static uint64_t s2_l3[S2_ENTRIES] __attribute__((aligned(4096)));
static uint64_t s2_built_hole = 1; /* not a page address: nothing built */

/* The IPA size in bits: the PA size (ID_AA64MMFR0_EL1.PARange), at most 39 (one level 1 table of 1GB blocks). */
static unsigned s2_ipa_bits(void)
{
	static const unsigned bits[] = { 32, 36, 40, 42, 44, 48, 52 };
	uint64_t pa = FIELD_GET(ID_AA64MMFR0_EL1, PARange, read_id_aa64mmfr0_el1());
	unsigned b = pa < sizeof(bits) / sizeof(bits[0]) ? bits[pa] : 48;

	return b > 39 ? 39 : b;
}

bool stage2_build(uint64_t hole, uint64_t *vttbr_el2, uint64_t *vtcr_el2, const char **why)
{
	unsigned ipa = s2_ipa_bits(), i;
	uint64_t pa = FIELD_GET(ID_AA64MMFR0_EL1, PARange, read_id_aa64mmfr0_el1());
	uint64_t start, end;

	xlat_pool_range(&start, &end);
	if ((uint64_t)(uintptr_t)__image_end > (U64(1) << ipa) || end > (U64(1) << ipa) || hole >> ipa) {
		*why = "the image or its translation tables lie above the stage 2 IPA size pmucheck maps (39 bits at most)";
		return false;
	}
	if (s2_built_hole != hole) {
		for (i = 0; i < (1u << (ipa - 30)) && i < S2_ENTRIES; i++)
			s2_l1[i] = ((uint64_t)i << 30) | S2_LEAF | S2_BLOCK;
		for (i = 0; i < S2_ENTRIES; i++) {
			s2_l2[i] = ((hole & ~MASK64(29, 0)) + ((uint64_t)i << 21)) | S2_LEAF | S2_BLOCK;
			s2_l3[i] = ((hole & ~MASK64(20, 0)) + ((uint64_t)i << 12)) | S2_LEAF | S2_PAGE;
		}
		s2_l3[(hole >> 12) & (S2_ENTRIES - 1)] = 0; /* the hole: invalid, a translation fault */
		s2_l2[(hole >> 21) & (S2_ENTRIES - 1)] = (uint64_t)(uintptr_t)s2_l3 | S2_TABLE;
		s2_l1[(hole >> 30) & (S2_ENTRIES - 1)] = (uint64_t)(uintptr_t)s2_l2 | S2_TABLE;
		s2_built_hole = hole;
		__asm__ volatile("dsb ish" ::: "memory");
	}
	*vttbr_el2 = (uint64_t)(uintptr_t)s2_l1; /* VMID 0 */
	*vtcr_el2 = VTCR_EL2_RES1 | FIELD_PREP(VTCR_EL2, T0SZ, 64 - ipa) | FIELD_PREP(VTCR_EL2, SL0, 1) |
		    FIELD_PREP(VTCR_EL2, IRGN0, 1) | FIELD_PREP(VTCR_EL2, ORGN0, 1) | FIELD_PREP(VTCR_EL2, SH0, 3) |
		    FIELD_PREP(VTCR_EL2, TG0, 0) | FIELD_PREP(VTCR_EL2, PS, pa > 5 ? 5 : pa);
	*why = NULL;
	return true;
}
