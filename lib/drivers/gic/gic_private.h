/*
 * gic_private.h - the two implementations behind gic.h, one per GIC architecture version: gicv2.c (IHI 0048B)
 * and gicv3.c (IHI 0069). Each function does what the gic.h function of the same name does; gic.c calls the
 * one plat.gic_version names (its struct gic_ops). Only the files of lib/drivers/gic/ include this.
 */
#ifndef PMUCHECK_GIC_PRIVATE_H
#define PMUCHECK_GIC_PRIVATE_H

#include "drivers/gic/gic.h"

bool gicv2_init(const char **why);
bool gicv2_has_security(void);
void gicv2_ppi_configure(unsigned intid, enum gic_group group);
void gicv2_ppi_disable(unsigned intid);
bool gicv2_ppi_pending(unsigned intid);
uint32_t gicv2_sgi_ppi_bits(bool pending);
void gicv2_ppi_mask(unsigned intid);
uint64_t gicv2_ack(bool group0);
void gicv2_eoi(bool group0, uint64_t intid);

bool gicv3_init(const char **why);
bool gicv3_has_security(void);
void gicv3_ppi_configure(unsigned intid, enum gic_group group);
void gicv3_ppi_disable(unsigned intid);
bool gicv3_ppi_pending(unsigned intid);
uint32_t gicv3_sgi_ppi_bits(bool pending);
void gicv3_ppi_mask(unsigned intid);
uint64_t gicv3_ack(bool group0);
void gicv3_eoi(bool group0, uint64_t intid);

#endif
