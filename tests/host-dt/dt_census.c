/*
 * dt_census.c - what the device tree reader (lib/dt/fdt_platform.c) finds in real boards' trees, for the census
 * (ci/census.py, `make census`). Built with the host compiler and Debian's libfdt-dev, as test_fdt_platform.c.
 *
 *   dt_census <tree.dtb>...
 *
 * Runs fdt_platform_read() on each tree, starting from a description with nothing in it (no compiled-in values:
 * what the reader does not find stays absent), and prints one JSON object a line per tree:
 *   {"dtb": path, "rc": fdt_platform_read()'s return (a negative FDT_ERR_* for a bad tree), "model": /model,
 *    "console": {"kind", "base", "reg_shift", "reg_io_width", "from"},
 *    "gic": {"version", "gicd", "gicr": [base, size], "gicc", "compatible", "from"},
 *    "pmu_intid", "psci": "none"|"smc"|"hvc", "pes", "pes_in_tree", "mpidr": [...], "mem": [[base, size]...]}
 * Addresses and sizes are "0x..." strings; "from" is "tree" when the reader took that part from the tree
 * (plat_desc.from_tree), else "none"; null: the description has no such field. Every field of struct plat_desc
 * the census reads is read in census_view() alone.
 */
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt/fdt_platform.h"

const char platform_name[] = "dt-census";

#define CENSUS_MAX_PES 1024 /* PEs of a tree the census lists (the reader counts the rest in pes_in_tree) */

/* The part of struct plat_desc the census compares with the tree (census_view() fills it). */
struct census_view {
	const char *console_kind;     /* the console driver's name, "none" when no console was found */
	uint64_t console_base;        /* its registers' physical address */
	int console_reg_shift;        /* the binding's reg-shift, reg-io-width; -1: the description has none */
	int console_reg_io_width;
	bool console_from_tree;       /* PLAT_FROM_TREE_CONSOLE */
	unsigned gic_version;         /* 2, 3; 0 when no interrupt controller was found */
	uint64_t gicd_base, gicc_base; /* distributor; GICv2 CPU interface (0: none) */
	struct plat_range gicr;       /* GICv3: the first redistributor region (size 0: none) */
	const char *gic_compatible;   /* the compatible string the reader matched, "" when none */
	bool gic_from_tree;           /* PLAT_FROM_TREE_GIC */
};

/*
 * The fields of struct plat_desc the census reads: the console (console.kind, .base, .reg_shift, .reg_io_width)
 * and the interrupt controller (gic_version, gicd_base, gicc_base, gicr, gic_compatible), and whether the tree gave
 * them (from_tree).
 */
static void census_view(const struct plat_desc *d, struct census_view *v)
{
	bool console = d->from_tree & PLAT_FROM_TREE_CONSOLE, gic = d->from_tree & PLAT_FROM_TREE_GIC;

	*v = (struct census_view){
		.console_kind = console ? plat_console_kind_name(d->console.kind) : "none",
		.console_base = d->console.base,
		.console_reg_shift = (int)d->console.reg_shift,
		.console_reg_io_width = (int)d->console.reg_io_width,
		.console_from_tree = console,
		.gic_version = d->gic_version,
		.gicd_base = d->gicd_base,
		.gicc_base = d->gicc_base,
		.gicr = d->gicr_count ? d->gicr[0] : (struct plat_range){ 0, 0 },
		.gic_compatible = d->gic_compatible,
		.gic_from_tree = gic,
	};
}

/* s as a JSON string: quotes, backslashes and control characters escaped. */
static void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* A number as JSON: -1 (no such field) as null. */
static void json_int(int x)
{
	if (x < 0)
		printf("null");
	else
		printf("%d", x);
}

/* Read one tree and print its line. Returns 0, or 1 when the file could not be read. */
static int census_one(const char *path)
{
	static const char *const psci[] = { "none", "smc", "hvc" };
	static char blob[4 << 20];
	static uint64_t pe_arrays[PLAT_PE_WORDS * CENSUS_MAX_PES];
	struct plat_desc d = { 0 };
	struct census_view v;
	FILE *f = fopen(path, "rb");
	size_t n;
	int rc;
	unsigned i;

	if (!f) {
		perror(path);
		return 1;
	}
	n = fread(blob, 1, sizeof(blob), f);
	fclose(f);
	plat_set_pe_arrays(&d, pe_arrays, CENSUS_MAX_PES);
	rc = fdt_platform_valid(blob, (uint32_t)n) ? fdt_platform_read(blob, &d) : -FDT_ERR_BADMAGIC;
	census_view(&d, &v);
	printf("{\"dtb\": ");
	json_str(path);
	printf(", \"rc\": %d, \"model\": ", rc);
	json_str(d.model);
	printf(", \"console\": {\"kind\": ");
	json_str(v.console_kind);
	printf(", \"base\": \"0x%llx\", \"reg_shift\": ", (unsigned long long)v.console_base);
	json_int(v.console_reg_shift);
	printf(", \"reg_io_width\": ");
	json_int(v.console_reg_io_width);
	printf(", \"from\": \"%s\"}, \"gic\": {\"version\": %u, \"gicd\": \"0x%llx\", "
	       "\"gicr\": [\"0x%llx\", \"0x%llx\"], \"gicc\": \"0x%llx\", \"compatible\": ",
	       v.console_from_tree ? "tree" : "none", v.gic_version,
	       (unsigned long long)v.gicd_base, (unsigned long long)v.gicr.base, (unsigned long long)v.gicr.size,
	       (unsigned long long)v.gicc_base);
	json_str(v.gic_compatible);
	printf(", \"from\": \"%s\"}, \"pmu_intid\": %u, \"psci\": \"%s\", \"pes\": %u, \"pes_in_tree\": %u, "
	       "\"mpidr\": [",
	       v.gic_from_tree ? "tree" : "none", d.from_tree & PLAT_FROM_TREE_PMU ? d.pmu_intid : 0, psci[d.psci],
	       d.pe_count, d.pe_count_in_tree);
	for (i = 0; i < d.pe_count; i++)
		printf("%s\"0x%llx\"", i ? ", " : "", (unsigned long long)d.pe_mpidr[i]);
	printf("], \"mem\": [");
	for (i = 0; i < d.mem_count && i < PLAT_MAX_MEM; i++)
		printf("%s[\"0x%llx\", \"0x%llx\"]", i ? ", " : "", (unsigned long long)d.mem[i].base,
		       (unsigned long long)d.mem[i].size);
	printf("]}\n");
	return 0;
}

int main(int argc, char **argv)
{
	int i, bad = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s tree.dtb...\n", argv[0]);
		return 2;
	}
	for (i = 1; i < argc; i++)
		bad |= census_one(argv[i]);
	return bad;
}
