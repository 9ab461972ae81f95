/*
 * platform_desc.c - the platform description (platform_desc.h): compiled-in values of
 * platform/<name>/platform.mk, replaced by what the device tree says where one is found (lib/dt/).
 */
#include <libfdt.h>
#include <stdio.h>
#include <string.h>

#include "drivers/uart/uart.h"
#include "acpi/acpi_platform.h"
#include "dt/fdt_platform.h"
#include "platform/pe_memory.h"
#include "platform/platform.h"
#include "platform/platform_desc.h"
#include "runtime/image_layout.h"

#define FDT_MAX_SIZE (2u << 20) /* bytes: mmu_boot() maps 4MB from the 2MB block holding the tree */

/* The per-PE arrays of one PE, in the image: the booting PE's until the tree's PE count is known. */
static uint64_t plat_boot_pe[PLAT_PE_WORDS] = { PLAT_PRIMARY_MPIDR };

/* The compiled-in values: what the console and the MMU use until (and unless) a tree is read. */
struct plat_desc plat = {
	.fdt_why = "not looked for yet",
	.mem = { { PLAT_MEM_BASE, PLAT_MEM_SIZE } },
	.mem_count = 1,
	.console = { .kind = PLAT_CONSOLE_PL011, .base = PLAT_UART_BASE, .reg_io_width = 4,
		     .from = PLAT_CONSOLE_FROM_BUILD },
	.gic_version = 3, /* platform/<name>/platform.mk's GICv3, until a tree is read */
	.gicd_base = PLAT_GICD_BASE,
	.gicr = { { PLAT_GICR_BASE, PLAT_GICR_SIZE } },
	.gicr_count = 1,
	.gicr_in_tree = 1,
	.pmu_intid = PLAT_PMU_INTID,
	.timer_intid = { 29, 30, 27, 26 }, /* the Arm generic timer PPIs of SBSA/BSA platforms */
	.psci = PLAT_PSCI_NONE,
	.pe_capacity = 1,
	.pe_mpidr = &plat_boot_pe[0],
	.pe_release_addr = &plat_boot_pe[1],
	.pe_debug_base = &plat_boot_pe[2],
	.pe_pmu_ext_base = &plat_boot_pe[3],
	.pe_pmu_gsiv = &plat_boot_pe[4],
	.pe_count = 1,
	.pe_count_in_tree = 1,
};

/*
 * The PL011 that lib/drivers/console_early.S writes to (platform_desc.h; set by console_select()). In .data, not
 * .bss: its first value is in the image as loaded, read
 * before BSS is zeroed.
 */
uint64_t early_uart_base __attribute__((section(".data.early_uart_base"))) = 0;

static int compiled_in = -1; /* platform_compiled_in_applies() after platform_discover(); -1 before */

bool platform_in_compiled_window(void)
{
	uint64_t at = (uint64_t)(uintptr_t)__text_start;

	return at >= PLAT_MEM_BASE && at - PLAT_MEM_BASE < PLAT_MEM_SIZE;
}

bool platform_compiled_in_applies(void)
{
	return compiled_in < 0 ? platform_in_compiled_window() : compiled_in;
}

bool platform_semihosting(void)
{
	static int decided = -1;
	char buf[16];
	bool ok;

	if (!PLAT_SEMIHOSTING)
		return false;
	if (decided >= 0)
		return decided;
	if (platform_bootarg("pmucheck.semihosting", buf, sizeof(buf)) && strcmp(buf, "0") == 0)
		ok = false; /* declined: no debugger answers (a hypervisor's guest on the compiled-in platform, say) */
	else
		ok = platform_compiled_in_applies() || (!plat.from_fdt && !plat.from_acpi) ||
	     platform_bootarg("pmucheck.qemu", buf, sizeof(buf)) ||
	     (platform_bootarg("pmucheck.console", buf, sizeof(buf)) && strcmp(buf, "semihosting") == 0) ||
	     (platform_bootarg("pmucheck.semihosting", buf, sizeof(buf)) && strcmp(buf, "1") == 0);
	if (compiled_in >= 0) /* the tree (or its absence) is known: so are the boot arguments */
		decided = ok;
	return ok;
}

/* Forget the compiled-in values the tree did not replace (plat.from_tree): they describe another platform. */
static void platform_forget_compiled_in(void)
{
	if (!(plat.from_tree & PLAT_FROM_TREE_MEM))
		plat.mem_count = 0;
	if (!(plat.from_tree & PLAT_FROM_TREE_CONSOLE))
		plat.console = (struct plat_console){ .kind = PLAT_CONSOLE_NONE, .from = PLAT_CONSOLE_FROM_TREE_NONE };
	if (!(plat.from_tree & PLAT_FROM_TREE_PMU))
		plat.pmu_intid = 0; /* SBSA's PPI 23 is a convention, not the architecture's: a guess on another board */
	if (!(plat.from_tree & PLAT_FROM_TREE_GIC)) {
		plat.gic_version = 0;
		plat.gicd_base = plat.gicc_base = plat.gicc_size = 0;
		plat.gicr_count = plat.gicr_in_tree = 0;
	}
}

/*
 * Whether the tree read into d, `size` bytes at `addr`, lies inside one of the memory ranges its own /memory
 * nodes give (true when it gives none: nothing to check it against). A tree somewhere its loader does not call
 * RAM is not believed.
 */
static bool fdt_inside_own_memory(const struct plat_desc *d, uint64_t addr, uint64_t size)
{
	unsigned i;

	if (!(d->from_tree & PLAT_FROM_TREE_MEM))
		return true;
	for (i = 0; i < d->mem_count; i++)
		if (addr >= d->mem[i].base && size <= d->mem[i].size && addr - d->mem[i].base <= d->mem[i].size - size)
			return true;
	return false;
}

/*
 * Give d per-PE arrays for all of its d->pe_count_in_tree PEs (the tree's cpu nodes or the MADT's Enabled GICC
 * entries, named by `source`) in a block of pe_memory (pe_memory.h), to read the description into again. Returns
 * true, or false with *why (the sizes) when the block is not there.
 */
static bool platform_alloc_pe_arrays(struct plat_desc *d, const char *source, const char **why)
{
	static char buf[200];
	uint64_t bytes = (uint64_t)d->pe_count_in_tree * PLAT_PE_WORDS * sizeof(uint64_t), base, size, used, mem;
	const char *none;

	if (!pe_memory_choose(d, &none)) {
		snprintf(buf, sizeof(buf), "%u PEs in the %s need %llu bytes for their descriptions, and there is no "
			 "memory for them: %s", d->pe_count_in_tree, source, (unsigned long long)bytes, none);
		*why = buf;
		return false;
	}
	mem = pe_memory_alloc(bytes, PE_MEM_DATA, "PE descriptions");
	if (!mem) {
		pe_memory_region(&base, &size, &used);
		snprintf(buf, sizeof(buf), "%u PEs in the %s need %llu bytes for their descriptions; %llu of the "
			 "%llu bytes at 0x%llx are left", d->pe_count_in_tree, source, (unsigned long long)bytes,
			 (unsigned long long)(size - used), (unsigned long long)size, (unsigned long long)base);
		*why = buf;
		return false;
	}
	plat_set_pe_arrays(d, (uint64_t *)(uintptr_t)mem, d->pe_count_in_tree);
	return true;
}

/* Read the tree at fdt into d again with arrays for all its PEs (platform_alloc_pe_arrays()). */
static bool platform_read_all_pes(const void *fdt, struct plat_desc *d, const char **why)
{
	return platform_alloc_pe_arrays(d, "tree", why) && fdt_platform_read(fdt, d) == 0;
}

bool platform_discover(const uint64_t *cand, unsigned n, const char *const *cand_name, const char **pe_why)
{
	static struct plat_desc reading; /* a candidate's reading, kept only if it is believed */
	static uint64_t reading_pe[PLAT_PE_WORDS]; /* its per-PE arrays: one PE until it is believed */
	static char outside[160];
	bool found = false;
	unsigned i;

	*pe_why = NULL;
	snprintf(plat.model, sizeof(plat.model), "%s", platform_name);
	plat.fdt_why = platform_in_compiled_window()
		? "no valid tree at x0 or at the platform's fallback address"
		: "no valid tree at x0; outside the compiled-in RAM window, so neither the fallback address nor the "
		  "compiled-in map is used";
	for (i = 0; i < n && !found; i++) {
		const void *fdt = (const void *)(uintptr_t)cand[i];

		if (!cand[i] || !fdt_platform_valid(fdt, FDT_MAX_SIZE))
			continue;
		reading = plat;
		memset(reading_pe, 0, sizeof(reading_pe));
		plat_set_pe_arrays(&reading, reading_pe, 1);
		if (fdt_platform_read(fdt, &reading) != 0)
			continue;
		if (!fdt_inside_own_memory(&reading, cand[i], reading.fdt_size)) {
			snprintf(outside, sizeof(outside), "the tree %s (0x%llx, %llu bytes) lies outside the memory its own "
				 "/memory nodes describe: not used", cand_name[i], (unsigned long long)cand[i],
				 (unsigned long long)reading.fdt_size);
			plat.fdt_why = outside;
			continue;
		}
		if (reading.pe_count_in_tree > reading.pe_capacity)
			platform_read_all_pes(fdt, &reading, pe_why); /* on failure the caller ends the run */
		if (reading.pe_capacity == 1) { /* one PE: its entry in the image */
			memcpy(plat_boot_pe, reading_pe, sizeof(plat_boot_pe));
			plat_set_pe_arrays(&reading, plat_boot_pe, 1);
		}
		plat = reading;
		plat.fdt_why = cand_name[i];
		found = true;
		/* devicetree-specification, 3.2 "Root node": compatible names the platform */
		compiled_in = fdt_node_check_compatible(fdt, 0, PLAT_COMPATIBLE) == 0;
	}
	if (!found)
		compiled_in = platform_in_compiled_window();
	if (!compiled_in)
		platform_forget_compiled_in();
	return found;
}

/* The RAM ranges ACPI tables may be read from (platform_discover_acpi()'s), and their count. */
struct acpi_ram {
	const struct plat_range *r;
	unsigned n;
};

/* The firmware's ACPI accessor: [addr, addr + len) only where it lies inside one RAM range the MMU maps (a table
 * address anywhere else would be a Data Abort, not a refused table). */
static const void *acpi_mem_ram(const struct acpi_mem *mem, uint64_t addr, uint64_t len)
{
	const struct acpi_ram *ram = mem->ctx;
	unsigned i;

	for (i = 0; i < ram->n; i++)
		if (addr >= ram->r[i].base && len <= ram->r[i].size && addr - ram->r[i].base <= ram->r[i].size - len)
			return acpi_mem_identity(mem, addr, len);
	return NULL;
}

bool platform_discover_acpi(uint64_t rsdp, const struct plat_range *ram, unsigned ram_count, char *why,
			    size_t why_len)
{
	const struct acpi_ram in = { ram, ram_count };
	const struct acpi_mem mem = { acpi_mem_ram, &in };
	static struct plat_desc reading;
	static uint64_t reading_pe[PLAT_PE_WORDS]; /* its per-PE arrays: one PE until the MADT's count is known */
	const char *pe_why = NULL;

	reading = plat;
	memset(reading_pe, 0, sizeof(reading_pe));
	plat_set_pe_arrays(&reading, reading_pe, 1);
	if (!acpi_platform_read(rsdp, &mem, &reading, why, why_len))
		return false;
	if (reading.pe_count_in_tree > reading.pe_capacity) { /* the tables again, with room for every PE */
		if (!platform_alloc_pe_arrays(&reading, "MADT", &pe_why)) {
			snprintf(why, why_len, "memory for the PEs: %s", pe_why);
			return false;
		}
		if (!acpi_platform_read(rsdp, &mem, &reading, why, why_len))
			return false;
	}
	if (reading.pe_capacity == 1) { /* one PE: its entry in the image */
		memcpy(plat_boot_pe, reading_pe, sizeof(plat_boot_pe));
		plat_set_pe_arrays(&reading, plat_boot_pe, 1);
	}
	plat = reading;
	compiled_in = 0; /* what the tables describe is the platform: nothing compiled in applies */
	return true;
}

/*
 * The ACPI table that gives one part of the description (a PLAT_FROM_TREE_* bit) and its PLAT_FROM_ACPI_* bit;
 * NULL for the memory map, which the UEFI entry gives.
 */
static const char *platform_acpi_table(uint32_t part, uint32_t *bit)
{
	*bit = part & (PLAT_FROM_TREE_GIC | PLAT_FROM_TREE_PMU | PLAT_FROM_TREE_CPUS) ? PLAT_FROM_ACPI_MADT
	       : part == PLAT_FROM_TREE_PSCI					    ? PLAT_FROM_ACPI_FADT
	       : part == PLAT_FROM_TREE_TIMER					    ? PLAT_FROM_ACPI_GTDT
	       : part == PLAT_FROM_TREE_CONSOLE					    ? PLAT_FROM_ACPI_SPCR
										    : 0;
	return *bit == PLAT_FROM_ACPI_MADT ? "MADT" : *bit == PLAT_FROM_ACPI_FADT ? "FADT"
	       : *bit == PLAT_FROM_ACPI_GTDT ? "GTDT" : *bit == PLAT_FROM_ACPI_SPCR ? "SPCR" : NULL;
}

/* platform_source() for a description read from ACPI tables: " (ACPI MADT)", or why the part is not from one. */
static const char *platform_acpi_source(const struct plat_desc *d, uint32_t part)
{
	static char buf[64];
	uint32_t bit;
	const char *table = platform_acpi_table(part, &bit);

	if (!table)
		return " (the UEFI memory map)";
	if (d->from_acpi & bit)
		snprintf(buf, sizeof(buf), " (ACPI %s)", table);
	else if (part == PLAT_FROM_TREE_TIMER)
		snprintf(buf, sizeof(buf), " (no ACPI GTDT: the SBSA PPIs assumed)");
	else
		snprintf(buf, sizeof(buf), " (no ACPI %s)", table);
	return buf;
}

/*
 * The source of one part of `d` (a PLAT_FROM_TREE_* bit) for the end of its TAP header line: the tree, the
 * compiled-in values of platform/<name>/ (where they apply), or none.
 */
static const char *platform_source(const struct plat_desc *d, uint32_t part)
{
	static char buf[80];

	if (d->from_acpi)
		return platform_acpi_source(d, part);
	if (d->from_tree & part)
		return " (device tree)";
	if (part == PLAT_FROM_TREE_PSCI)
		return "";
	/* what platform_discover() forgets; the timer's INTIDs (SBSA's, which the watchdog uses) and the booting PE's
	 * MPIDR stay */
	if (!platform_compiled_in_applies() &&
	    (part & (PLAT_FROM_TREE_MEM | PLAT_FROM_TREE_CONSOLE | PLAT_FROM_TREE_GIC | PLAT_FROM_TREE_PMU)))
		return " none (not in the tree)";
	snprintf(buf, sizeof(buf), " (compiled in: platform/%s, not in the tree)", platform_name);
	return buf;
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

/* The GICv3 line: the distributor and every redistributor region kept (and how many the tree names beyond). */
static void gicv3_print(const struct plat_desc *d, const char *src)
{
	unsigned i;

	printf("# GICv3: distributor at 0x%llx, redistributor region%s", (unsigned long long)d->gicd_base,
	       d->gicr_count == 1 ? "" : "s");
	for (i = 0; i < d->gicr_count; i++)
		printf("%s at 0x%llx (0x%llx bytes)", i ? "," : "", (unsigned long long)d->gicr[i].base,
		       (unsigned long long)d->gicr[i].size);
	if (d->gicr_in_tree > d->gicr_count)
		printf(" (%u more in the %s: pmucheck keeps %u)", d->gicr_in_tree - d->gicr_count,
		       d->from_acpi ? "MADT" : "tree", PLAT_MAX_GICR);
	printf("%s%s%s\n", d->gic_compatible[0] ? ", " : "", d->gic_compatible, src);
}

/* The interrupt controller line: what the tree gave (its compatible string), the compiled-in GICv3, or none. */
static void gic_print(const struct plat_desc *d)
{
	const char *src = platform_source(d, PLAT_FROM_TREE_GIC);

	if (d->gic_version == 2)
		printf("# GICv2: distributor at 0x%llx, CPU interface at 0x%llx, %s%s\n", (unsigned long long)d->gicd_base,
		       (unsigned long long)d->gicc_base, d->gic_compatible, src);
	else if (d->gic_version == 3)
		gicv3_print(d, src);
	else if (d->from_acpi)
		printf("# interrupt controller: none pmucheck supports in the ACPI MADT (no GICD of GIC version 2, 3 or 4)\n");
	else if (d->from_fdt)
		printf("# interrupt controller: none pmucheck supports in the tree (%s)\n",
		       d->gic_compatible[0] ? d->gic_compatible : "no interrupt-controller node");
	else
		printf("# interrupt controller:%s\n", src);
}

static const char *const psci_name[] = { "none (no /psci node)", "smc", "hvc" };

/* Where a console came from, for the TAP header (enum plat_console_from). */
static const char *const console_from[] = {
	"compiled in: platform.mk's PLAT_UART_BASE, not in the tree", "/chosen/stdout-path", "/chosen/linux,stdout-path", "/aliases/serial0",
	"the tree", "the boot argument pmucheck.console", "ACPI SPCR",
};

/* "# console: ..." of the TAP header. */
static void console_print(const struct plat_desc *d)
{
	const struct plat_console *c = &d->console;
	const char *sink = platform_semihosting() ? "semihosting"
			   : PLAT_SEMIHOSTING ? "no output (semihosting is not known to be answered here: pmucheck.semihosting=1)"
					      : "no output (built without semihosting)";
	const struct uart_driver *drv = uart_driver(c->kind);

	if (c->kind == PLAT_CONSOLE_NONE && d->from_acpi) {
		printf("# console: none (%s): %s\n", c->why ? c->why : "no ACPI SPCR", sink);
	} else if (c->kind == PLAT_CONSOLE_NONE && !d->from_fdt) {
		printf("# console: none (no device tree, and platform/%s's PL011 is not this platform's): %s\n",
		       platform_name, sink);
	} else if (c->kind == PLAT_CONSOLE_NONE && c->from == PLAT_CONSOLE_FROM_TREE_NONE) {
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

	if (d->from_acpi)
		printf("# platform: ACPI tables, RSDP at 0x%llx, model \"%s\" (the XSDT's OEM ID and OEM Table ID)\n",
		       (unsigned long long)d->acpi_rsdp, d->model);
	else if (d->from_fdt)
		printf("# platform: device tree at 0x%llx (%u bytes, found %s), model \"%s\"\n",
		       (unsigned long long)d->fdt_addr, d->fdt_size, d->fdt_why, d->model);
	else
		printf("# platform: %s platform/%s (%s)\n", platform_compiled_in_applies() ? "compiled-in values of" :
		       "no device tree, and not", d->model, d->fdt_why);
	printf("# memory:");
	for (i = 0; i < d->mem_count; i++)
		printf(" 0x%llx-0x%llx (%llu MiB)", (unsigned long long)d->mem[i].base,
		       (unsigned long long)(d->mem[i].base + d->mem[i].size - 1), (unsigned long long)(d->mem[i].size >> 20));
	printf("%s\n", platform_source(d, PLAT_FROM_TREE_MEM));
	console_print(d);
	gic_print(d);
	printf("# PMU overflow interrupt: INTID %u%s%s\n", d->pmu_intid,
	       d->pmu_intid >= 16 && d->pmu_intid < 32 ? " (PPI)" : "", platform_source(d, PLAT_FROM_TREE_PMU));
	for (i = 0, n = 0; d->from_acpi && i < d->pe_count; i++)
		n |= d->pe_pmu_gsiv[i] != d->pmu_intid;
	if (n) { /* the GICCs name different GSIVs: an SPI per PE */
		printf("# PMU overflow interrupt per PE (ACPI MADT GICC Performance Interrupt GSIV):");
		for (i = 0; i < d->pe_count && i < 16; i++)
			printf("%s PE %u INTID %u", i ? "," : "", i, (unsigned)d->pe_pmu_gsiv[i]);
		printf("%s\n", d->pe_count > 16 ? ", ..." : "");
	}
	printf("# generic timer INTIDs: Secure physical %u, Non-secure physical %u, virtual %u, EL2 physical %u%s\n",
	       d->timer_intid[0], d->timer_intid[1], d->timer_intid[2], d->timer_intid[3],
	       platform_source(d, PLAT_FROM_TREE_TIMER));
	printf("# PSCI: %s%s\n", d->from_acpi && d->psci == PLAT_PSCI_NONE ? "none (FADT ARM_BOOT_ARCH: not "
	       "PSCI_COMPLIANT)" : psci_name[d->psci], platform_source(d, PLAT_FROM_TREE_PSCI));
	printf("# PEs: %u", d->pe_count);
	if (d->pe_count_in_tree > d->pe_count)
		printf(" of %u %s (no memory for the rest)", d->pe_count_in_tree,
		       d->from_acpi ? "Enabled in the MADT" : "in the tree");
	if (d->pe_online_capable)
		printf(" (%u more Online Capable in the MADT, not started)", d->pe_online_capable);
	printf(", MPIDR");
	for (i = 0; i < d->pe_count; i = n) { /* runs of consecutive values as first-last */
		for (n = i + 1; n < d->pe_count && d->pe_mpidr[n] == d->pe_mpidr[n - 1] + 1; n++)
			;
		printf("%s 0x%llx", i ? "," : "", (unsigned long long)d->pe_mpidr[i]);
		if (n - i > 2)
			printf("-0x%llx", (unsigned long long)d->pe_mpidr[n - 1]);
		else if (n - i == 2)
			n--;
	}
	printf("%s", platform_source(d, PLAT_FROM_TREE_CPUS));
	printf("\n# external debug blocks (arm,coresight-cpu-debug):");
	for (i = 0, n = 0; i < d->pe_count; i++)
		if (d->pe_debug_base[i])
			printf("%s PE %u at 0x%llx", n++ ? "," : "", i, (unsigned long long)d->pe_debug_base[i]);
	printf("%s\n# PMU external interfaces (%s):", n ? "" : " none", FDT_PMU_EXT_COMPAT);
	for (i = 0, n = 0; i < d->pe_count; i++)
		if (d->pe_pmu_ext_base[i])
			printf("%s PE %u at 0x%llx", n++ ? "," : "", i, (unsigned long long)d->pe_pmu_ext_base[i]);
	printf("%s\n# bootargs: \"%s\"\n", n ? "" : " none", d->bootargs);
}
