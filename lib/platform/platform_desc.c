/*
 * platform_desc.c - the platform description (platform_desc.h). Until the device tree reader lands this
 * holds only the compiled-in values of platform/<name>/platform.mk.
 */
#include <stdio.h>

#include "platform/platform_desc.h"

struct plat_desc plat = {
	.fdt_why = "device tree not read yet",
	.mem = { { PLAT_RAM_BASE, PLAT_RAM_SIZE } },
	.mem_count = 1,
	.uart_base = PLAT_UART_BASE,
	.gicd_base = PLAT_GICD_BASE,
	.gicr = { PLAT_GICR_BASE, 0x20000 },
	.pmu_intid = PLAT_PMU_INTID,
	.pe_count = 1,
};

bool platform_discover(uint64_t x0)
{
	(void)x0;
	return false;
}

void platform_desc_print(const struct plat_desc *d)
{
	printf("# platform: compiled-in values (%s)\n", d->fdt_why);
}
