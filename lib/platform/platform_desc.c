/*
 * platform_desc.c - the platform description (platform_desc.h): compiled-in values of
 * platform/<name>/platform.mk, replaced by what the device tree says where one is found (lib/dt/).
 */
#include <stdio.h>
#include <string.h>

#include "drivers/uart/uart.h"
#include "dt/fdt_platform.h"
#include "platform/platform.h"
#include "platform/platform_desc.h"

#define FDT_MAX_SIZE (2u << 20) /* bytes: mmu_boot() maps 4MB from the 2MB block holding the tree */

/* The compiled-in values: what the console and the MMU use until (and unless) a tree is read. */
struct plat_desc plat = {
	.fdt_why = "not looked for yet",
	.mem = { { PLAT_MEM_BASE, PLAT_MEM_SIZE } },
	.mem_count = 1,
	.console = { .kind = PLAT_CONSOLE_PL011, .base = PLAT_UART_BASE, .reg_io_width = 4,
		     .from = PLAT_CONSOLE_FROM_BUILD },
	.gicd_base = PLAT_GICD_BASE,
	.gicr = { PLAT_GICR_BASE, PLAT_GICR_SIZE },
	.pmu_intid = PLAT_PMU_INTID,
	.timer_intid = { 29, 30, 27, 26 }, /* the Arm generic timer PPIs of SBSA/BSA platforms */
	.psci = PLAT_PSCI_NONE,
	.pe_mpidr = { PLAT_PRIMARY_MPIDR },
	.pe_count = 1,
	.pe_count_in_tree = 1,
};

bool platform_discover(const uint64_t *cand, unsigned n, const char *const *cand_name)
{
	unsigned i;
	int rc;

	snprintf(plat.model, sizeof(plat.model), "%s", platform_name);
	plat.fdt_why = "no valid tree at x0 or at the platform's fallback address";
	for (i = 0; i < n; i++) {
		const void *fdt = (const void *)(uintptr_t)cand[i];

		if (!cand[i] || !fdt_platform_valid(fdt, FDT_MAX_SIZE))
			continue;
		rc = fdt_platform_read(fdt, &plat);
		if (rc == 0) {
			plat.fdt_why = cand_name[i];
			return true;
		}
	}
	return false;
}

const char *platform_bootarg(const char *key, char *buf, size_t size)
{
	const char *p = plat.bootargs;
	size_t klen = strlen(key), len;

	while (*p) {
		p += strspn(p, " ");
		len = strcspn(p, " ");
		if (len > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
			snprintf(buf, size, "%.*s", (int)(len - klen - 1), p + klen + 1);
			return buf;
		}
		p += len;
	}
	return NULL;
}

static const char *const psci_name[] = { "none (no /psci node)", "smc", "hvc" };

/* Where a console came from, for the TAP header (enum plat_console_from). */
static const char *const console_from[] = {
	"compiled in: PLAT_UART_BASE", "/chosen/stdout-path", "/chosen/linux,stdout-path", "/aliases/serial0",
	"the tree", "the boot argument pmucheck.console",
};

/* "# console: ..." of the TAP header. */
static void console_print(const struct plat_console *c)
{
	const char *sink = PLAT_SEMIHOSTING ? "semihosting" : "no output (built without semihosting)";
	const struct uart_driver *drv = uart_driver(c->kind);

	if (c->kind == PLAT_CONSOLE_NONE && c->from == PLAT_CONSOLE_FROM_TREE_NONE) {
		printf("# console: none in the tree: %s\n", sink);
	} else if (c->kind == PLAT_CONSOLE_NONE && c->compatible[0]) {
		printf("# console: none usable: %s names a node of compatible \"%s\", but %s: %s\n",
		       console_from[c->from], c->compatible, c->why ? c->why : "?", sink);
	} else if (c->kind == PLAT_CONSOLE_NONE) {
		printf("# console: none usable: %s: %s: %s\n", console_from[c->from], c->why ? c->why : "?", sink);
	} else {
		printf("# console: %s at 0x%llx (", plat_console_kind_name(c->kind), (unsigned long long)c->base);
		if (c->compatible[0])
			printf("%s, ", c->compatible);
		if (drv && !drv->io_width)
			printf("reg-shift %u, reg-io-width %u, ", c->reg_shift, c->reg_io_width);
		if (c->reg_offset)
			printf("registers from +0x%x, ", c->reg_offset);
		printf("%sfrom %s)\n", c->big_endian ? "big-endian, " : "", console_from[c->from]);
	}
}

void platform_desc_print(const struct plat_desc *d)
{
	unsigned i, n;

	if (d->from_fdt)
		printf("# platform: device tree at 0x%llx (%u bytes, found %s), model \"%s\"\n",
		       (unsigned long long)d->fdt_addr, d->fdt_size, d->fdt_why, d->model);
	else
		printf("# platform: compiled-in values of platform/%s (%s)\n", d->model, d->fdt_why);
	printf("# memory:");
	for (i = 0; i < d->mem_count; i++)
		printf(" 0x%llx-0x%llx (%llu MiB)", (unsigned long long)d->mem[i].base,
		       (unsigned long long)(d->mem[i].base + d->mem[i].size - 1), (unsigned long long)(d->mem[i].size >> 20));
	printf("\n");
	console_print(&d->console);
	printf("# GICv3: distributor at 0x%llx, redistributors at 0x%llx (0x%llx bytes)\n",
	       (unsigned long long)d->gicd_base, (unsigned long long)d->gicr.base, (unsigned long long)d->gicr.size);
	printf("# PMU overflow interrupt: INTID %u%s\n", d->pmu_intid, d->pmu_intid >= 16 && d->pmu_intid < 32 ? " (PPI)" : "");
	printf("# generic timer INTIDs: Secure physical %u, Non-secure physical %u, virtual %u, EL2 physical %u\n",
	       d->timer_intid[0], d->timer_intid[1], d->timer_intid[2], d->timer_intid[3]);
	printf("# PSCI: %s\n", psci_name[d->psci]);
	printf("# PEs: %u", d->pe_count);
	if (d->pe_count_in_tree > d->pe_count)
		printf(" of %u in the tree (pmucheck tests at most %u)", d->pe_count_in_tree, PLAT_MAX_PES);
	printf(", MPIDR");
	for (i = 0; i < d->pe_count; i++)
		printf("%s 0x%llx", i ? "," : "", (unsigned long long)d->pe_mpidr[i]);
	printf("\n# external debug blocks (arm,coresight-cpu-debug):");
	for (i = 0, n = 0; i < d->pe_count; i++)
		if (d->pe_debug_base[i])
			printf("%s PE %u at 0x%llx", n++ ? "," : "", i, (unsigned long long)d->pe_debug_base[i]);
	printf("%s\n# bootargs: \"%s\"\n", n ? "" : " none", d->bootargs);
}
