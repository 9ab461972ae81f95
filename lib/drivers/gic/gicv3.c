/*
 * gicv3.c - the GICv3/v4 implementation of gic.h (gic_private.h). Register offsets and bits from the GICv3
 * Architecture Specification (IHI 0069): GICD_CTLR (8.9.4), GICR_WAKER (9.11.44), the SGI_base frame's
 * GICR_IGROUPR0, GICR_ISENABLER0, GICR_ICENABLER0, GICR_ICPENDR0, GICR_IPRIORITYR<n>, GICR_ICFGR1 and
 * GICR_IGRPMODR0, ICC_SRE_ELx (12.2.x).
 */
#include <stddef.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "drivers/gic/gic_private.h"
#include "platform/platform_desc.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/stacks.h"

#define GICD_CTLR            0x0000
#define GICD_CTLR_EnableGrp0 (1u << 0)
#define GICD_CTLR_EnableGrp1NS (1u << 1)
#define GICD_CTLR_EnableGrp1S (1u << 2)
#define GICD_CTLR_ARE_S      (1u << 4)
#define GICD_CTLR_ARE_NS     (1u << 5)
#define GICD_CTLR_DS         (1u << 6)
#define GICD_CTLR_RWP        (1u << 31)

#define GICR_TYPER           0x0008 /* 64-bit */
#define GICR_TYPER_VLPIS     (1ull << 1)
#define GICR_TYPER_Last      (1ull << 4)
#define GICR_TYPER_AFF_SHIFT 32  /* Affinity_Value [63:32] = Aff3.Aff2.Aff1.Aff0 */
#define GICR_FRAME_SIZE      0x20000 /* RD_base + SGI_base; two more 64KB frames with GICR_TYPER.VLPIS */
#define GICR_WAKER           0x0014
#define GICR_WAKER_ProcessorSleep (1u << 1)
#define GICR_WAKER_ChildrenAsleep (1u << 2)
#define GICR_SGI_BASE        0x10000 /* second 64KB frame of the redistributor */
#define GICR_IGROUPR0        0x0080
#define GICR_ISENABLER0      0x0100
#define GICR_ICENABLER0      0x0180
#define GICR_ISPENDR0        0x0200
#define GICR_ICPENDR0        0x0280
#define GICR_IPRIORITYR      0x0400
#define GICR_ICFGR1          0x0C04
#define GICR_IGRPMODR0       0x0D00

#define ICC_SRE_SRE          (1u << 0)
#define ICC_SRE_DFB          (1u << 1)
#define ICC_SRE_DIB          (1u << 2)
#define ICC_SRE_Enable       (1u << 3)


SYSREG_RW(icc_sre_el3, S3_6_C12_C12_5)
SYSREG_RW(icc_sre_el2, S3_4_C12_C9_5)
SYSREG_RW(icc_sre_el1, S3_0_C12_C12_5)
SYSREG_RW(icc_pmr_el1, S3_0_C4_C6_0)
SYSREG_RW(icc_igrpen0_el1, S3_0_C12_C12_6)
SYSREG_RW(icc_igrpen1_el1, S3_0_C12_C12_7)
SYSREG_RW(icc_igrpen1_el3, S3_6_C12_C12_7)
SYSREG_READ(icc_iar0_el1, S3_0_C12_C8_0)
SYSREG_READ(icc_iar1_el1, S3_0_C12_C12_0)
SYSREG_WRITE(icc_eoir0_el1, S3_0_C12_C8_1)
SYSREG_WRITE(icc_eoir1_el1, S3_0_C12_C12_1)

static volatile uint32_t *reg32(uint64_t base, unsigned offset)
{
	return (volatile uint32_t *)(uintptr_t)(base + offset);
}

static bool gic_security;
static uint64_t gicr_base; /* this PE's redistributor (RD_base), found by gic_init() */

static uint32_t gicr_affinity(uint64_t rd)
{
	return (uint32_t)(*(volatile uint64_t *)(uintptr_t)(rd + GICR_TYPER) >> GICR_TYPER_AFF_SHIFT);
}

/* A redistributor's frames: RD_base and SGI_base, and two more (VLPI_base, reserved) with GICR_TYPER.VLPIS. */
static uint64_t gicr_stride(uint64_t rd)
{
	return (*(volatile uint64_t *)(uintptr_t)(rd + GICR_TYPER) & GICR_TYPER_VLPIS) ? 2 * GICR_FRAME_SIZE
										       : GICR_FRAME_SIZE;
}

/*
 * This PE's redistributor: the one whose GICR_TYPER.Affinity_Value equals MPIDR_EL1's Aff3.Aff2.Aff1.Aff0 (IHI 0069
 * 9.11.35), in any of the redistributor regions plat.gicr[]. Platforms lay the redistributors out in the order of
 * /cpus (QEMU virt: the first 123 PEs' in the first region, the rest in the second), so the frame at the PE's index,
 * counted across the regions, is read first: one read for each PE instead of a walk past every PE before it. Else
 * every region is walked from its base, frame by frame, each ending at the frame with GICR_TYPER.Last or at the
 * region's end. Returns its RD_base, or 0 when none matches.
 */
static uint64_t gicr_find_mine(void)
{
	uint64_t mpidr = read_mpidr_el1(), rd, end, stride, frames, hint = pe_current;
	uint32_t aff = (uint32_t)(((mpidr >> 32) & 0xff) << 24 | (mpidr & 0xffffff));
	unsigned i;

	for (i = 0; i < plat.gicr_count && plat.gicr[i].size >= GICR_FRAME_SIZE; i++) {
		stride = gicr_stride(plat.gicr[i].base);
		frames = plat.gicr[i].size / stride;
		if (hint < frames) {
			rd = plat.gicr[i].base + hint * stride;
			if (gicr_affinity(rd) == aff)
				return rd;
			break;
		}
		hint -= frames;
	}
	for (i = 0; i < plat.gicr_count; i++) {
		rd = plat.gicr[i].base;
		end = plat.gicr[i].base + plat.gicr[i].size;
		while (rd + GICR_FRAME_SIZE <= end) {
			if (gicr_affinity(rd) == aff)
				return rd;
			if (*(volatile uint64_t *)(uintptr_t)(rd + GICR_TYPER) & GICR_TYPER_Last)
				break;
			rd += gicr_stride(rd);
		}
	}
	return 0;
}

bool gicv3_has_security(void)
{
	return gic_security;
}

/* The EL1 CPU interface of the current (banked) Security state: System registers on, priority mask open. */
static void gic_cpu_el1(void)
{
	write_icc_sre_el1(ICC_SRE_SRE | ICC_SRE_DFB | ICC_SRE_DIB);
	isb();
	write_icc_pmr_el1(0xff);
	write_icc_igrpen0_el1(1);
	write_icc_igrpen1_el1(1);
	isb();
}

bool gicv3_init(const char **why)
{
	volatile uint32_t *waker;
	unsigned i;

	*why = NULL;
	if (!plat.gicd_base || !plat.gicr_count || !plat.gicr[0].size) {
		*why = "no GICv3 in the device tree (and the compiled-in one is another platform's)";
		return false;
	}
	if (FIELD_GET(ID_AA64PFR0_EL1, GIC, features.id_aa64pfr0_el1) == 0) {
		*why = "no GIC System register interface (ID_AA64PFR0_EL1.GIC == 0)";
		return false;
	}
	if (orchestrator_el == 3) {
		write_icc_sre_el3(ICC_SRE_SRE | ICC_SRE_DFB | ICC_SRE_DIB | ICC_SRE_Enable);
		isb();
	}
	if (orchestrator_el >= 2 && features.el2) {
		write_icc_sre_el2(ICC_SRE_SRE | ICC_SRE_DFB | ICC_SRE_DIB | ICC_SRE_Enable);
		isb();
	}
	/* the distributor: affinity routing and every group on (secure access sees all the bits) */
	*reg32(plat.gicd_base, GICD_CTLR) = GICD_CTLR_ARE_S | GICD_CTLR_ARE_NS | GICD_CTLR_EnableGrp0 |
					     GICD_CTLR_EnableGrp1NS | GICD_CTLR_EnableGrp1S;
	for (i = 0; i < 1000000 && (*reg32(plat.gicd_base, GICD_CTLR) & GICD_CTLR_RWP); i++)
		;
	gic_security = !(*reg32(plat.gicd_base, GICD_CTLR) & GICD_CTLR_DS) && features.el3;
	/* wake this PE's redistributor */
	gicr_base = gicr_find_mine();
	if (!gicr_base) {
		*why = "no redistributor in the device tree's regions has this PE's affinity (GICR_TYPER)";
		return false;
	}
	waker = reg32(gicr_base, GICR_WAKER);
	*waker &= ~GICR_WAKER_ProcessorSleep;
	for (i = 0; i < 1000000 && (*waker & GICR_WAKER_ChildrenAsleep); i++)
		;
	if (*waker & GICR_WAKER_ChildrenAsleep) {
		*why = "GICR_WAKER.ChildrenAsleep stays 1: the redistributor did not wake";
		return false;
	}
	/* the CPU interface of both Security states' EL1 banks, and EL3's group enables */
	if (orchestrator_el == 3) {
		el3_select_world(false, false);
		gic_cpu_el1();
		el3_select_world(true, false);
		gic_cpu_el1();
		write_icc_igrpen1_el3(3); /* EnableGrp1NS, EnableGrp1S */
		isb();
	} else {
		gic_cpu_el1();
	}
	return true;
}

void gicv3_ppi_configure(unsigned intid, enum gic_group group)
{
	uint64_t sgi = gicr_base + GICR_SGI_BASE;
	uint32_t bit = 1u << intid;

	*reg32(sgi, GICR_ICENABLER0) = bit;
	if (gic_security) {
		*reg32(sgi, GICR_IGROUPR0) = (*reg32(sgi, GICR_IGROUPR0) & ~bit) | (group == GIC_GROUP1NS ? bit : 0);
		*reg32(sgi, GICR_IGRPMODR0) = (*reg32(sgi, GICR_IGRPMODR0) & ~bit) | (group == GIC_GROUP1S ? bit : 0);
	} else { /* one Security state (GICD_CTLR.DS == 1): Group 0 (FIQ) or Group 1 (IRQ), both Non-secure */
		*reg32(sgi, GICR_IGROUPR0) = (*reg32(sgi, GICR_IGROUPR0) & ~bit) | (group == GIC_GROUP0 ? 0 : bit);
	}
	((volatile uint8_t *)(uintptr_t)(sgi + GICR_IPRIORITYR))[intid] = 0x80;
	*reg32(sgi, GICR_ICFGR1) &= ~(3u << ((intid - 16) * 2)); /* level-sensitive */
	*reg32(sgi, GICR_ICPENDR0) = bit;
	dsb_sy();
	*reg32(sgi, GICR_ISENABLER0) = bit;
	dsb_sy();
}

void gicv3_ppi_disable(unsigned intid)
{
	uint64_t sgi = gicr_base + GICR_SGI_BASE;

	*reg32(sgi, GICR_ICENABLER0) = 1u << intid;
	*reg32(sgi, GICR_ICPENDR0) = 1u << intid;
	dsb_sy();
}

bool gicv3_ppi_pending(unsigned intid)
{
	uint64_t sgi = gicr_base + GICR_SGI_BASE;

	dsb_sy();
	return (*reg32(sgi, GICR_ISPENDR0) >> intid) & 1u;
}

uint32_t gicv3_sgi_ppi_bits(bool pending)
{
	uint64_t sgi = gicr_base + GICR_SGI_BASE;

	if (!gicr_base)
		return 0;
	dsb_sy();
	return *reg32(sgi, pending ? GICR_ISPENDR0 : GICR_ISENABLER0);
}

void gicv3_ppi_mask(unsigned intid)
{
	uint64_t sgi = gicr_base + GICR_SGI_BASE;

	*reg32(sgi, GICR_ICENABLER0) = 1u << intid;
	dsb_sy();
}

uint64_t gicv3_ack(bool group0)
{
	uint64_t intid = group0 ? read_icc_iar0_el1() : read_icc_iar1_el1();

	dsb_sy();
	return intid & 0xffffff;
}

void gicv3_eoi(bool group0, uint64_t intid)
{
	if (group0)
		write_icc_eoir0_el1(intid);
	else
		write_icc_eoir1_el1(intid);
	isb();
}
