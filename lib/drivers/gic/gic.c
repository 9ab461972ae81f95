/*
 * gic.c - see gic.h: each operation goes to the implementation of the GIC version the platform description
 * names (plat.gic_version: 2, gicv2.c; 3, gicv3.c; 0, none: gic_init() fails and the others do nothing).
 */
#include <stdio.h>

#include "drivers/gic/gic_private.h"
#include "platform/platform_desc.h"

/* One GIC architecture version's implementation of gic.h (gic_private.h): each member does what the gic.h
 * function of its name does. */
struct gic_ops {
	const char *name, *one_security_state_why;
	const char *sgi_ppi_reg[2]; /* [pending]: the enable and pending registers of this PE's SGIs and PPIs */
	bool (*init)(const char **why);
	bool (*has_security)(void);
	void (*ppi_configure)(unsigned intid, enum gic_group group);
	void (*ppi_disable)(unsigned intid);
	bool (*ppi_pending)(unsigned intid);
	uint32_t (*sgi_ppi_bits)(bool pending);
	void (*ppi_mask)(unsigned intid);
	uint64_t (*ack)(bool group0);
	void (*eoi)(bool group0, uint64_t intid);
};

static const struct gic_ops gicv2_ops = {
	"GICv2", "GICv2 without the Security Extensions (GICD_TYPER.SecurityExtn == 0)",
	{ "GICD_ISENABLER0", "GICD_ISPENDR0" },
	gicv2_init, gicv2_has_security, gicv2_ppi_configure, gicv2_ppi_disable, gicv2_ppi_pending,
	gicv2_sgi_ppi_bits, gicv2_ppi_mask, gicv2_ack, gicv2_eoi,
};

static const struct gic_ops gicv3_ops = {
	"GICv3", "GICv3 without two Security states (GICD_CTLR.DS == 1)",
	{ "GICR_ISENABLER0", "GICR_ISPENDR0" },
	gicv3_init, gicv3_has_security, gicv3_ppi_configure, gicv3_ppi_disable, gicv3_ppi_pending,
	gicv3_sgi_ppi_bits, gicv3_ppi_mask, gicv3_ack, gicv3_eoi,
};

/* The implementation of plat.gic_version; NULL: none. */
static const struct gic_ops *gic(void)
{
	return plat.gic_version == 2 ? &gicv2_ops : plat.gic_version == 3 ? &gicv3_ops : NULL;
}

bool gic_init(const char **why)
{
	static char none[96];

	if (gic())
		return gic()->init(why);
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
	return gic() && gic()->has_security();
}

const char *gic_name(void)
{
	return gic() ? gic()->name : "no GIC";
}

const char *gic_one_security_state_why(void)
{
	return (gic() ? gic() : &gicv3_ops)->one_security_state_why;
}

void gic_ppi_configure(unsigned intid, enum gic_group group)
{
	if (gic())
		gic()->ppi_configure(intid, group);
}

void gic_ppi_disable(unsigned intid)
{
	if (gic())
		gic()->ppi_disable(intid);
}

bool gic_ppi_pending(unsigned intid)
{
	return gic() && gic()->ppi_pending(intid);
}

uint32_t gic_sgi_ppi_bits(bool pending)
{
	return gic() ? gic()->sgi_ppi_bits(pending) : 0;
}

const char *gic_sgi_ppi_reg(bool pending)
{
	return (gic() ? gic() : &gicv3_ops)->sgi_ppi_reg[pending];
}

void gic_ppi_mask(unsigned intid)
{
	if (gic())
		gic()->ppi_mask(intid);
}

uint64_t gic_ack(bool group0)
{
	return gic() ? gic()->ack(group0) : 1023;
}

void gic_eoi(bool group0, uint64_t intid)
{
	if (gic())
		gic()->eoi(group0, intid);
}
