/*
 * gicv2.c - the GICv2 implementation of gic.h (gic_private.h), for GIC-400 and the other GICv2 the bindings
 * name (Documentation/devicetree/bindings/interrupt-controller/arm,gic.yaml: reg[0] the distributor, reg[1]
 * the CPU interface). Register offsets and bits from the GICv2 Architecture Specification (IHI 0048B) chapter
 * 4: the distributor's GICD_CTLR, GICD_TYPER.SecurityExtn and the banked (per-PE) SGI/PPI registers
 * GICD_IGROUPR0, GICD_ISENABLER0, GICD_ICENABLER0, GICD_ISPENDR0, GICD_ICPENDR0, GICD_IPRIORITYR<n> (byte
 * accessible), GICD_ICFGR1 (PPIs 16-31); the memory-mapped CPU interface GICC_CTLR, GICC_PMR, GICC_IAR,
 * GICC_EOIR, GICC_AIAR, GICC_AEOIR (8 KiB on GIC-400: CoreLink GIC-400 TRM DDI 0471, the CPU interface map).
 *
 * Security: with the Security Extensions (GICD_TYPER.SecurityExtn == 1) the GIC banks GICD_CTLR and GICC_CTLR
 * by the Security state of the access (the NS attribute of the translation that made it: pmucheck maps MMIO
 * Secure in the Secure regimes, lib/mmu/mmu.h), and Non-secure accesses to GICD_IGROUPR0 and to the bits of
 * Group 0 interrupts are RAZ/WI. The Secure GICC_CTLR holds EnableGrp0 (bit 0), EnableGrp1 (bit 1, the same
 * bit as the Non-secure copy's EnableGrp1, bit 0), AckCtl (bit 2) and FIQEn (bit 3). Group 0 is signalled as
 * FIQ when FIQEn == 1, Group 1 always as IRQ, whatever the PE's Security state: GICv2 has no Secure Group 1.
 * With AckCtl == 0 a Secure read of GICC_IAR acknowledges only Group 0 (a Group 1 interrupt reads as 1022);
 * Secure software acknowledges Group 1 through GICC_AIAR and ends it through GICC_AEOIR, the aliases of the
 * Non-secure GICC_IAR and GICC_EOIR (present in every GICv2). Without the Security Extensions every access
 * sees the Secure layout. Where the aliases are missing (gicv2_aliases_implemented(): QEMU 7.2 and 10.0 log
 * "gic_cpu_read: Bad offset 20" and read 0) Group 1 is acknowledged through GICC_IAR and ended through
 * GICC_EOIR with AckCtl = 1, which GICv2 still architects (and deprecates) and GIC-400 implements.
 *
 * Priorities: 0x40 for Group 0, 0x80 for Group 1. A GICv2 CPU interface signals one highest priority pending
 * interrupt for both groups, so a Group 1 request that is never ended would hide the watchdog's Group 0 FIQ
 * at an equal priority; 0x40 is also beyond the reach of Non-secure writes (their view of GICD_IPRIORITYR
 * sets the top bit).
 */
#include <stdio.h>

#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "drivers/gic/gic_private.h"
#include "platform/platform_desc.h"
#include "runtime/context.h"

#define GICD_CTLR               0x000
#define GICD_CTLR_EnableGrp0    (1u << 0) /* Secure copy; the Non-secure copy's bit 0 is EnableGrp1 */
#define GICD_CTLR_EnableGrp1    (1u << 1)
#define GICD_CTLR_NS_EnableGrp1 (1u << 0)
#define GICD_TYPER              0x004
#define GICD_TYPER_SecurityExtn (1u << 10)
#define GICD_IGROUPR0           0x080
#define GICD_ISENABLER0         0x100
#define GICD_ICENABLER0         0x180
#define GICD_ISPENDR0           0x200
#define GICD_ICPENDR0           0x280
#define GICD_IPRIORITYR         0x400
#define GICD_ICFGR1             0xC04 /* Int_config[1] of PPI n at bit 2 * (n - 16) + 1: 0 level, 1 edge */

#define GICC_CTLR               0x00
#define GICC_CTLR_EnableGrp0    (1u << 0) /* Secure copy */
#define GICC_CTLR_EnableGrp1    (1u << 1)
#define GICC_CTLR_AckCtl        (1u << 2)
#define GICC_CTLR_FIQEn         (1u << 3)
#define GICC_CTLR_EOImodeS      (1u << 9)
#define GICC_CTLR_EOImodeNS     (1u << 10)
#define GICC_CTLR_NS_EnableGrp1 (1u << 0) /* Non-secure copy */
#define GICC_CTLR_NS_EOImodeNS  (1u << 9)
#define GICC_PMR                0x04
#define GICC_IAR                0x0C
#define GICC_EOIR               0x10
#define GICC_AIAR               0x20
#define GICC_AEOIR              0x24
#define GICC_AHPPIR             0x28
#define GICC_IAR_InterruptID    0x3FFu /* [9:0]; CPUID [12:10] for SGIs only */

#define GIC_PRIORITY_GROUP0     0x40
#define GIC_PRIORITY_GROUP1     0x80

static bool security_extn; /* GICD_TYPER.SecurityExtn */
static bool gic_security;  /* security_extn and EL3 implemented */
static bool gic_ready;     /* gicv2_init() succeeded once: gicv2_sgi_ppi_bits() reads */
static bool aliases;       /* GICC_AIAR/AEOIR implemented: Group 1 from Secure state through them, AckCtl = 0 */

static volatile uint32_t *gicd(unsigned offset)
{
	return (volatile uint32_t *)(uintptr_t)(plat.gicd_base + offset);
}

static volatile uint32_t *gicc(unsigned offset)
{
	return (volatile uint32_t *)(uintptr_t)(plat.gicc_base + offset);
}

/*
 * Whether the running code's GIC accesses are Secure (or the GIC has one Security state, where every access
 * sees the Secure layout): at EL3, and in a Secure context of an orchestrator at EL3. Entered below EL3, the
 * contexts are Non-secure (context.h).
 */
static bool gicv2_secure_access(void)
{
	int c;

	if (!security_extn)
		return true;
	if (orchestrator_el < 3)
		return false;
	if (current_el() == 3)
		return true;
	c = ctx_current();
	return c >= 0 && ctx_secure((enum ctx)c);
}

/*
 * Whether the CPU interface implements the aliased registers, asked without side effects: GICC_AHPPIR reads
 * the highest priority pending Group 1 interrupt or 1023. INTID 0 is a true answer only when SGI 0 is pending
 * in Group 1 (GICD_ISPENDR0, GICD_IGROUPR0 bit 0); otherwise the read came back 0 from a register that is not
 * there. Call with a Secure access (or without the Security Extensions).
 */
static bool gicv2_aliases_implemented(void)
{
	if ((*gicc(GICC_AHPPIR) & GICC_IAR_InterruptID) != 0)
		return true;
	return (*gicd(GICD_ISPENDR0) & *gicd(GICD_IGROUPR0) & 1u) != 0;
}

bool gicv2_has_security(void)
{
	return gic_security;
}

bool gicv2_init(const char **why)
{
	uint32_t ctlr;

	*why = NULL;
	if (!plat.gicc_size) {
		*why = "the GICv2's reg[1] (its CPU interface, GICC) has size 0 in the device tree";
		return false;
	}
	security_extn = (*gicd(GICD_TYPER) & GICD_TYPER_SecurityExtn) != 0;
	gic_security = security_extn && features.el3;
	if (gicv2_secure_access()) {
		/* both groups; Group 0 as FIQ, Group 1 as IRQ (acknowledged through GICC_AIAR with AckCtl = 0, or
		 * GICC_IAR with AckCtl = 1 without the aliases); EOI drops the priority and deactivates
		 * (EOImodeS = EOImodeNS = 0); the bypass controls kept */
		*gicd(GICD_CTLR) = GICD_CTLR_EnableGrp0 | GICD_CTLR_EnableGrp1;
		*gicc(GICC_PMR) = 0xff;
		if (!gic_ready) {
			aliases = gicv2_aliases_implemented();
			if (!aliases)
				printf("# GICv2: GICC_AHPPIR reads INTID 0 with SGI 0 not pending: no GICC_AIAR/AEOIR; Group 1 "
				       "is acknowledged through GICC_IAR with GICC_CTLR.AckCtl = 1 instead\n");
		}
		ctlr = *gicc(GICC_CTLR) & ~(GICC_CTLR_AckCtl | GICC_CTLR_EOImodeS | GICC_CTLR_EOImodeNS);
		*gicc(GICC_CTLR) = ctlr | GICC_CTLR_EnableGrp0 | GICC_CTLR_EnableGrp1 | GICC_CTLR_FIQEn |
				   (aliases ? 0 : GICC_CTLR_AckCtl);
	} else {
		/* Non-secure copies: Group 1 only (Group 0 is Secure software's) */
		*gicd(GICD_CTLR) = GICD_CTLR_NS_EnableGrp1;
		*gicc(GICC_PMR) = 0xff;
		ctlr = *gicc(GICC_CTLR) & ~GICC_CTLR_NS_EOImodeNS;
		*gicc(GICC_CTLR) = ctlr | GICC_CTLR_NS_EnableGrp1;
	}
	dsb_sy();
	gic_ready = true;
	return true;
}

void gicv2_ppi_configure(unsigned intid, enum gic_group group)
{
	uint32_t bit = 1u << intid;

	*gicd(GICD_ICENABLER0) = bit;
	if (gicv2_secure_access()) /* Non-secure: GICD_IGROUPR0 is RAZ/WI, the group stays what Secure set */
		*gicd(GICD_IGROUPR0) = (*gicd(GICD_IGROUPR0) & ~bit) | (group == GIC_GROUP0 ? 0 : bit);
	((volatile uint8_t *)(uintptr_t)(plat.gicd_base + GICD_IPRIORITYR))[intid] =
		group == GIC_GROUP0 ? GIC_PRIORITY_GROUP0 : GIC_PRIORITY_GROUP1;
	*gicd(GICD_ICFGR1) &= ~(2u << ((intid - 16) * 2)); /* level-sensitive (where the PPI's is programmable) */
	*gicd(GICD_ICPENDR0) = bit;
	dsb_sy();
	*gicd(GICD_ISENABLER0) = bit;
	dsb_sy();
}

void gicv2_ppi_disable(unsigned intid)
{
	*gicd(GICD_ICENABLER0) = 1u << intid;
	*gicd(GICD_ICPENDR0) = 1u << intid;
	dsb_sy();
}

bool gicv2_ppi_pending(unsigned intid)
{
	dsb_sy();
	return (*gicd(GICD_ISPENDR0) >> intid) & 1u;
}

uint32_t gicv2_sgi_ppi_bits(bool pending)
{
	if (!gic_ready)
		return 0;
	dsb_sy();
	return *gicd(pending ? GICD_ISPENDR0 : GICD_ISENABLER0);
}

void gicv2_ppi_mask(unsigned intid)
{
	*gicd(GICD_ICENABLER0) = 1u << intid;
	dsb_sy();
}

/* GICC_IAR for Group 0 and for any Non-secure access; GICC_AIAR for Group 1 from Secure state, where it exists. */
static bool gicv2_aliased(bool group0)
{
	return !group0 && aliases && gicv2_secure_access();
}

uint64_t gicv2_ack(bool group0)
{
	uint32_t iar = *gicc(gicv2_aliased(group0) ? GICC_AIAR : GICC_IAR);

	dsb_sy();
	return iar & GICC_IAR_InterruptID;
}

void gicv2_eoi(bool group0, uint64_t intid)
{
	*gicc(gicv2_aliased(group0) ? GICC_AEOIR : GICC_EOIR) = (uint32_t)intid;
	dsb_sy();
}
