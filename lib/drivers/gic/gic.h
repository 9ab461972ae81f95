/*
 * gic.h - the few GIC operations the PMU overflow interrupt checks, the watchdog and the isolation checks need,
 * whatever the version of the interrupt controller the platform description names (plat.gic_version):
 *   GICv2 (GIC-400, IHI 0048B; gicv2.c): the distributor's banked SGI/PPI registers and the memory-mapped CPU
 *         interface (GICC_*), GICD at plat.gicd_base and GICC at plat.gicc_base;
 *   GICv3/v4 (IHI 0069; gicv3.c): the distributor, this PE's redistributor (found by affinity in plat.gicr)
 *         and the CPU interface through the ICC_* System registers at EL3, EL2 and EL1.
 * One PPI's group, priority and enable, and acknowledging and ending it. Nothing else: no SPIs, no LPIs.
 * With no GIC in the description (plat.gic_version == 0) gic_init() fails and says what the tree has.
 */
#ifndef PMUCHECK_GIC_H
#define PMUCHECK_GIC_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Interrupt groups as the GICv3 names them (IHI 0069 "Interrupt grouping"). A GICv2 (IHI 0048B "Interrupt
 * grouping") has Group 0 and Group 1 only: GIC_GROUP1NS is its Group 1, and it has no Secure Group 1
 * (gic_ppi_configure() takes GIC_GROUP1S as Group 1 there: signalled as IRQ to either Security state).
 */
enum gic_group {
	GIC_GROUP0,    /* FIQ at every EL; pmucheck uses it for EL3 and the watchdog */
	GIC_GROUP1S,   /* Secure Group 1: IRQ in Secure EL1/EL2 (GICv3 only) */
	GIC_GROUP1NS,  /* Non-secure Group 1 (GICv2: Group 1): IRQ in Non-secure EL1/EL2 */
};

/*
 * Set up the GIC for this PE: the distributor's group enables and the CPU interface of every EL the
 * orchestrator owns, the priority mask open (GICv2: GICD_CTLR, GICC_CTLR.{EnableGrp0, EnableGrp1, FIQEn},
 * GICC_PMR; GICv3: GICD_CTLR.ARE, waking this PE's redistributor, ICC_SRE_ELx, ICC_PMR_EL1, ICC_IGRPEN*).
 * Returns false, with *why set, when the description names no GIC pmucheck supports (the reason names what
 * the tree has), or (GICv3) the PE has no GIC System register interface (ID_AA64PFR0_EL1.GIC == 0), no
 * redistributor matches, or it does not wake.
 */
bool gic_init(const char **why);

/*
 * Whether the GIC implements two Security states and EL3 exists: GICv2 GICD_TYPER.SecurityExtn == 1, GICv3
 * GICD_CTLR.DS == 0; read after gic_init().
 */
bool gic_has_security(void);

/* "GICv2", "GICv3", or "no GIC": the version plat.gic_version names, for messages. */
const char *gic_name(void);

/*
 * Why this GIC has one Security state, naming the version and the field (GICD_TYPER.SecurityExtn == 0 or
 * GICD_CTLR.DS == 1): for SKIP reasons when !gic_has_security().
 */
const char *gic_one_security_state_why(void);

/*
 * Put PPI `intid` in `group` with priority 0x80 (GICv2 Group 0: 0x40, gicv2.c), level-sensitive, enabled.
 * Without GIC security the Group 1 groups are one Group 1, and Group 0 is still Group 0 (signalled as FIQ: GICv2
 * GICC_CTLR.FIQEn = 1). On a GICv2 GIC_GROUP1S and GIC_GROUP1NS are both Group 1. Group writes are ignored
 * where the access is Non-secure and the GIC has two Security states (GICD_IGROUPR0, GICR_IGROUPR0/IGRPMODR0
 * RAZ/WI).
 */
void gic_ppi_configure(unsigned intid, enum gic_group group);

/* Disable PPI `intid` and clear its pending state (GICD_ICENABLER0/ICPENDR0, GICR_ICENABLER0/ICPENDR0). */
void gic_ppi_disable(unsigned intid);

/*
 * Whether PPI `intid` is pending (GICD_ISPENDR0 of this PE's bank, GICR_ISPENDR0 of its redistributor). A
 * level-sensitive PPI is pending while its request is asserted, whether or not it is enabled (IHI 0048B
 * GICD_ICENABLERn: disabling stops forwarding, not the state change; IHI 0069 level-sensitive interrupt
 * handling): with the PPI disabled this observes PMUIRQ without taking it.
 */
bool gic_ppi_pending(unsigned intid);

/* This PE's SGI/PPI enables or pending bits (GICD_ISENABLER0/ISPENDR0 or GICR_*); 0 before gic_init(). */
uint32_t gic_sgi_ppi_bits(bool pending);

/* The name of the register gic_sgi_ppi_bits() reads ("GICD_ISPENDR0", "GICR_ISENABLER0", ...). */
const char *gic_sgi_ppi_reg(bool pending);

/* Disable PPI `intid` (GICD_ICENABLER0 or GICR_ICENABLER0) and leave its pending state alone. */
void gic_ppi_mask(unsigned intid);

/*
 * Acknowledge the highest priority pending interrupt: for a Group 0 FIQ (group0) ICC_IAR0_EL1 or GICC_IAR,
 * else ICC_IAR1_EL1, or on a GICv2 GICC_IAR from Non-secure state and GICC_AIAR from Secure state or without
 * the Security Extensions (IHI 0048B 4.4 GICC_IAR, GICC_AIAR; GICC_IAR with AckCtl = 1 where the CPU interface
 * lacks the alias, gicv2.c). Returns the INTID (1020-1023: spurious).
 */
uint64_t gic_ack(bool group0);

/* End the interrupt acknowledged as `intid` through the EOI register matching gic_ack()'s (ICC_EOIR0/1_EL1,
 * GICC_EOIR or GICC_AEOIR): priority drop and deactivate. */
void gic_eoi(bool group0, uint64_t intid);

#endif
