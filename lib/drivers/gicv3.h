/*
 * gicv3.h - the few GICv3 operations the PMU overflow interrupt checks need (GICv3/v4 Architecture
 * Specification IHI 0069): the distributor's enables, waking this PE's redistributor, one PPI's group,
 * priority and enable, and the CPU interface through the ICC_* System registers at EL3, EL2 and EL1.
 * Addresses from the platform description (lib/platform/platform_desc.h); each PE finds its own
 * redistributor by affinity. Nothing else: no SPIs, no LPIs.
 */
#ifndef PMUCHECK_GICV3_H
#define PMUCHECK_GICV3_H

#include <stdbool.h>
#include <stdint.h>

/* Interrupt groups as the GIC names them (IHI 0069 "Interrupt grouping"). */
enum gic_group {
	GIC_GROUP0,    /* FIQ at every EL; pmucheck uses it for EL3 */
	GIC_GROUP1S,   /* Secure Group 1: IRQ in Secure EL1/EL2 */
	GIC_GROUP1NS,  /* Non-secure Group 1: IRQ in Non-secure EL1/EL2 */
};

/*
 * Set up the distributor (ARE, group enables), find this PE's redistributor (GICR_TYPER.Affinity_Value ==
 * MPIDR_EL1 affinity) and wake it (GICR_WAKER.ProcessorSleep = 0) and
 * the CPU interface of every EL the orchestrator owns (ICC_SRE_ELx.SRE = 1, ICC_PMR_EL1 = 0xff, group
 * enables). Returns false, with *why set, when the PE has no GIC System register interface
 * (ID_AA64PFR0_EL1.GIC == 0), no redistributor matches, or it does not wake.
 */
bool gic_init(const char **why);

/* Whether the GIC implements two Security states (GICD_CTLR.DS == 0); read after gic_init(). */
bool gic_has_security(void);

/*
 * Put PPI `intid` in `group` with priority 0x80, level-sensitive, enabled. Without GIC security (GICD_CTLR.DS
 * == 1) the Group 1 groups are one Group 1, and Group 0 is still Group 0 (signalled as FIQ).
 */
void gic_ppi_configure(unsigned intid, enum gic_group group);

/* Disable PPI `intid` and clear its pending state (GICR_ICENABLER0, GICR_ICPENDR0). */
void gic_ppi_disable(unsigned intid);

/*
 * Whether PPI `intid` is pending (GICR_ISPENDR0 of this PE's redistributor). A level-sensitive PPI is pending
 * while its request is asserted, whether or not it is enabled (the GICv3
 * architecture specification's level-sensitive interrupt handling): with the PPI disabled this observes PMUIRQ without taking it.
 */
bool gic_ppi_pending(unsigned intid);

/* This PE's SGI/PPI enables (GICR_ISENABLER0) or pending bits (GICR_ISPENDR0); 0 before gic_init(). */
uint32_t gic_sgi_ppi_bits(bool pending);

/* Disable PPI `intid` at the redistributor (GICR_ICENABLER0) and leave its pending state alone. */
void gic_ppi_mask(unsigned intid);

/* Acknowledge the highest priority pending interrupt: ICC_IAR0_EL1 for a FIQ at EL3 in Group 0, else
 * ICC_IAR1_EL1. Returns the INTID (1020-1023: spurious). */
uint64_t gic_ack(bool group0);

/* End the interrupt acknowledged as `intid` (ICC_EOIR0_EL1 or ICC_EOIR1_EL1: priority drop and deactivate). */
void gic_eoi(bool group0, uint64_t intid);

#endif
