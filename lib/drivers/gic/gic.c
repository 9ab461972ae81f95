/*
 * gic.c - see gic.h: each operation goes to the implementation of the GIC version the platform description
 * names (plat.gic_version: 2, gicv2.c; 3, gicv3.c; 0, none: gic_init() fails and the others do nothing).
 */
#include <stdio.h>

#include "drivers/gic/gic_private.h"
#include "platform/platform_desc.h"

static bool gic_v2(void)
{
	return plat.gic_version == 2;
}

static bool gic_v3(void)
{
	return plat.gic_version == 3;
}

bool gic_init(const char **why)
{
	static char none[96];

	if (gic_v2())
		return gicv2_init(why);
	if (gic_v3())
		return gicv3_init(why);
	if (plat.gic_compatible[0])
		snprintf(none, sizeof(none), "no interrupt controller pmucheck supports in the device tree (%s)",
			 plat.gic_compatible);
	else
		snprintf(none, sizeof(none), "the device tree has no interrupt controller (no interrupt-controller node)");
	*why = none;
	return false;
}

bool gic_has_security(void)
{
	return gic_v2() ? gicv2_has_security() : gic_v3() && gicv3_has_security();
}

const char *gic_name(void)
{
	return gic_v2() ? "GICv2" : gic_v3() ? "GICv3" : "no GIC";
}

const char *gic_one_security_state_why(void)
{
	return gic_v2() ? "GICv2 without the Security Extensions (GICD_TYPER.SecurityExtn == 0)"
			: "GICv3 without two Security states (GICD_CTLR.DS == 1)";
}

void gic_ppi_configure(unsigned intid, enum gic_group group)
{
	if (gic_v2())
		gicv2_ppi_configure(intid, group);
	else if (gic_v3())
		gicv3_ppi_configure(intid, group);
}

void gic_ppi_disable(unsigned intid)
{
	if (gic_v2())
		gicv2_ppi_disable(intid);
	else if (gic_v3())
		gicv3_ppi_disable(intid);
}

bool gic_ppi_pending(unsigned intid)
{
	return gic_v2() ? gicv2_ppi_pending(intid) : gic_v3() && gicv3_ppi_pending(intid);
}

uint32_t gic_sgi_ppi_bits(bool pending)
{
	return gic_v2() ? gicv2_sgi_ppi_bits(pending) : gic_v3() ? gicv3_sgi_ppi_bits(pending) : 0;
}

const char *gic_sgi_ppi_reg(bool pending)
{
	if (gic_v2())
		return pending ? "GICD_ISPENDR0" : "GICD_ISENABLER0";
	return pending ? "GICR_ISPENDR0" : "GICR_ISENABLER0";
}

void gic_ppi_mask(unsigned intid)
{
	if (gic_v2())
		gicv2_ppi_mask(intid);
	else if (gic_v3())
		gicv3_ppi_mask(intid);
}

uint64_t gic_ack(bool group0)
{
	return gic_v2() ? gicv2_ack(group0) : gic_v3() ? gicv3_ack(group0) : 1023;
}

void gic_eoi(bool group0, uint64_t intid)
{
	if (gic_v2())
		gicv2_eoi(group0, intid);
	else if (gic_v3())
		gicv3_eoi(group0, intid);
}
