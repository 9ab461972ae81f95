/*
 * test_acpi_platform.c - host tests of the ACPI reader (lib/acpi/acpi_platform.c).
 *
 * Tables are built in memory by a small builder (world_*: an RSDP, an XSDT and the tables at fixed places, every
 * checksum computed by world_seal()), each case changing one thing of a default platform: every field read is
 * checked against the value written, and every refusal against the table it must name. Expected values come
 * from what the builder wrote, or for QEMU's own tables (argv[1]: tests/fuzz/corpus/acpi/, images of
 * tests/fuzz/acpi-tables/qemu-10.0.2/) from QEMU's virt board as bios-tables-test starts it (GICv2, a PL011 at
 * 0x9000000, PSCI over HVC, the SBSA timer PPIs), never from the reader.
 *
 * Output: "ok N - name" / "not ok N - name" per case, "#" lines under a failing one, "N passed, N failed" last.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acpi_image.h"

/* ---- harness ---- */

static unsigned passed, failed, case_no, case_fail;
static char case_name[256], case_diag[2048];

static void tc_begin(const char *name)
{
	snprintf(case_name, sizeof(case_name), "%s", name);
	case_fail = 0;
	case_diag[0] = '\0';
	case_no++;
}

static void tc_check(unsigned long long seen, unsigned long long want, const char *what)
{
	size_t n = strlen(case_diag);

	if (seen == want)
		return;
	case_fail++;
	snprintf(case_diag + n, sizeof(case_diag) - n, "# %s: expected 0x%llx, seen 0x%llx\n", what, want, seen);
}

static void tc_check_str(const char *seen, const char *want, const char *what)
{
	size_t n = strlen(case_diag);

	if (strcmp(seen, want) == 0)
		return;
	case_fail++;
	snprintf(case_diag + n, sizeof(case_diag) - n, "# %s: expected \"%s\", seen \"%s\"\n", what, want, seen);
}

static void tc_end(void)
{
	printf("%s %u - %s\n%s", case_fail ? "not ok" : "ok", case_no, case_name, case_diag);
	if (case_fail)
		failed++;
	else
		passed++;
}

/* ---- the builder ---- */

#define BASE       0x80000000ull /* physical address of world.mem[0] */
#define XSDT_OFF   0x40
#define TABLE_OFF  0x400         /* table i at TABLE_OFF + i * TABLE_SIZE */
#define TABLE_SIZE 0x1000
#define MEM_SIZE   (TABLE_OFF + 8 * TABLE_SIZE)

enum { T_FADT, T_MADT, T_GTDT, T_SPCR, T_TABLES };

struct world {
	uint8_t mem[MEM_SIZE];
	bool listed[T_TABLES]; /* in the XSDT */
	bool sealed[T_TABLES]; /* world_seal() computes its checksum */
	uint64_t mem_size;     /* bytes readable from BASE */
	struct acpi_image im;
	struct acpi_mem acc;
};

static void put8(uint8_t *p, uint8_t v) { p[0] = v; }
static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, (uint16_t)v); put16(p + 2, (uint16_t)(v >> 16)); }
static void put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)v); put32(p + 4, (uint32_t)(v >> 32)); }

static uint8_t *table(struct world *w, unsigned i) { return w->mem + TABLE_OFF + i * TABLE_SIZE; }
static uint32_t table_len(struct world *w, unsigned i) { return acpi_le32(table(w, i) + ACPI_HDR_LENGTH); }

/* A table header (5.2.6) of signature sig and length len. */
static void header(uint8_t *t, const char *sig, uint32_t len)
{
	memcpy(t, sig, 4);
	put32(t + ACPI_HDR_LENGTH, len);
	put8(t + ACPI_HDR_REVISION, 1);
	memcpy(t + ACPI_HDR_OEMID, "PMUCHK", 6);
	memcpy(t + ACPI_HDR_OEM_TABLE_ID, "TESTTBL ", 8);
}

/* Append a MADT entry of type and length len; returns it (zeroed but for type and length). */
static uint8_t *madt_add(struct world *w, uint8_t type, uint8_t len)
{
	uint8_t *t = table(w, T_MADT), *e = t + table_len(w, T_MADT);

	memset(e, 0, len);
	e[0] = type;
	e[1] = len;
	put32(t + ACPI_HDR_LENGTH, table_len(w, T_MADT) + len);
	return e;
}

static uint8_t *gicc(struct world *w, uint32_t flags, uint64_t mpidr, uint32_t perf, uint64_t gicr)
{
	uint8_t *e = madt_add(w, ACPI_MADT_TYPE_GICC, 82);

	put32(e + ACPI_GICC_FLAGS, flags);
	put32(e + ACPI_GICC_PERF_GSIV, perf);
	put64(e + ACPI_GICC_PHYS_BASE, 0x2c000000);
	put64(e + ACPI_GICC_GICR_BASE, gicr);
	put64(e + ACPI_GICC_MPIDR, mpidr);
	return e;
}

static uint8_t *gicd(struct world *w, uint8_t version)
{
	uint8_t *e = madt_add(w, ACPI_MADT_TYPE_GICD, 24);

	put64(e + ACPI_GICD_PHYS_BASE, 0x2f000000);
	e[ACPI_GICD_VERSION] = version;
	return e;
}

static uint8_t *gicr(struct world *w, uint64_t base, uint32_t len)
{
	uint8_t *e = madt_add(w, ACPI_MADT_TYPE_GICR, 16);

	put64(e + ACPI_GICR_BASE, base);
	put32(e + ACPI_GICR_LENGTH, len);
	return e;
}

/* An empty MADT (header, Local Interrupt Controller Address, Flags). */
static void madt_empty(struct world *w)
{
	header(table(w, T_MADT), "APIC", ACPI_MADT_ENTRIES);
}

/* The SPCR's interface type and its Generic Address Structure. */
static void spcr_set(struct world *w, uint8_t type, uint8_t space, uint8_t width, uint8_t access, uint64_t addr)
{
	uint8_t *t = table(w, T_SPCR), *g = t + ACPI_SPCR_BASE_ADDRESS;

	t[ACPI_SPCR_INTERFACE_TYPE] = type;
	g[ACPI_GAS_SPACE_ID] = space;
	g[ACPI_GAS_BIT_WIDTH] = width;
	g[ACPI_GAS_ACCESS_SIZE] = access;
	put64(g + ACPI_GAS_ADDRESS, addr);
}

/*
 * The default platform: FADT with PSCI over HVC; MADT with a GICv3 GICD, two GICR ranges, GICCs of MPIDR 0x0
 * and 0x100 (Enabled, PMU PPI 23) and 0x200 (Online Capable only), an ITS to skip; GTDT 29, 30, 27, 26; SPCR a
 * PL011 at 0x9000000.
 */
static void world_init(struct world *w)
{
	uint8_t *t;
	unsigned i;

	memset(w, 0, sizeof(*w));
	w->mem_size = MEM_SIZE;
	for (i = 0; i < T_TABLES; i++)
		w->listed[i] = w->sealed[i] = true;
	t = table(w, T_FADT);
	header(t, "FACP", 276);
	put16(t + ACPI_FADT_ARM_BOOT_ARCH, ACPI_ARM_BOOT_ARCH_PSCI_COMPLIANT | ACPI_ARM_BOOT_ARCH_PSCI_USE_HVC);
	madt_empty(w);
	gicd(w, ACPI_GIC_VERSION_V3);
	gicc(w, ACPI_GICC_FLAG_ENABLED, 0x0, 23, 0);
	gicc(w, ACPI_GICC_FLAG_ENABLED, 0x100, 23, 0);
	gicc(w, ACPI_GICC_FLAG_ONLINE_CAPABLE, 0x200, 23, 0);
	gicr(w, 0x2f100000, 0x40000);
	gicr(w, 0x2f200000, 0x20000);
	madt_add(w, 0x0F, 20); /* GIC ITS (5.2.12.18): skipped */
	t = table(w, T_GTDT);
	header(t, "GTDT", 104);
	put32(t + ACPI_GTDT_SECURE_EL1_GSIV, 29);
	put32(t + ACPI_GTDT_NONSECURE_EL1_GSIV, 30);
	put32(t + ACPI_GTDT_VIRTUAL_EL1_GSIV, 27);
	put32(t + ACPI_GTDT_EL2_GSIV, 26);
	header(table(w, T_SPCR), "SPCR", 80);
	spcr_set(w, ACPI_SPCR_TYPE_PL011, ACPI_GAS_SPACE_MEMORY, 32, ACPI_GAS_ACCESS_DWORD, 0x9000000);
}

/* The tables' checksums (those still sealed), the XSDT of the listed ones, the RSDP (revision 2). */
static void world_seal(struct world *w)
{
	uint8_t *x = w->mem + XSDT_OFF, *r = w->mem;
	unsigned i, n = 0;

	for (i = 0; i < T_TABLES; i++)
		if (w->sealed[i])
			acpi_image_fix_sum(table(w, i), table_len(w, i), ACPI_HDR_CHECKSUM);
	for (i = 0; i < T_TABLES; i++)
		if (w->listed[i])
			put64(x + ACPI_XSDT_ENTRIES + 8 * n++, BASE + TABLE_OFF + i * TABLE_SIZE);
	header(x, "XSDT", ACPI_XSDT_ENTRIES + 8 * n);
	memcpy(x + ACPI_HDR_OEMID, "BOCHS ", 6);
	memcpy(x + ACPI_HDR_OEM_TABLE_ID, "BXPC    ", 8);
	acpi_image_fix_sum(x, ACPI_XSDT_ENTRIES + 8 * n, ACPI_HDR_CHECKSUM);
	memcpy(r, ACPI_RSDP_SIGNATURE, 8);
	r[ACPI_RSDP_REVISION] = 2;
	put32(r + ACPI_RSDP_LENGTH, ACPI_RSDP_V2_LEN);
	put64(r + ACPI_RSDP_XSDT_ADDRESS, BASE + XSDT_OFF);
	acpi_image_fix_sum(r, ACPI_RSDP_V1_LEN, ACPI_RSDP_CHECKSUM);
	acpi_image_fix_sum(r, ACPI_RSDP_V2_LEN, ACPI_RSDP_EXT_CHECKSUM);
}

/* Fix one table's checksum again after a change made after world_seal(). */
static void reseal(uint8_t *t)
{
	acpi_image_fix_sum(t, acpi_le32(t + ACPI_HDR_LENGTH), ACPI_HDR_CHECKSUM);
}

static char why[160];

/* Read the world into d (d holds a marker description first); returns the reader's result. */
#define TEST_PE_CAPACITY 8u /* PEs the per-PE arrays of a read have room for (the firmware sizes them from the MADT) */

static bool world_read(struct world *w, struct plat_desc *d)
{
	static uint64_t pe_arrays[PLAT_PE_WORDS * TEST_PE_CAPACITY];

	memset(d, 0, sizeof(*d));
	memset(pe_arrays, 0, sizeof(pe_arrays));
	plat_set_pe_arrays(d, pe_arrays, TEST_PE_CAPACITY);
	d->mem_count = 1;
	d->mem[0] = (struct plat_range){ 0x40000000, 0x1000 };
	d->timer_intid[0] = 1; /* a value no GTDT of these tests gives: kept without a GTDT */
	snprintf(d->bootargs, sizeof(d->bootargs), "kept");
	w->im = (struct acpi_image){ w->mem, w->mem_size, BASE };
	w->acc = (struct acpi_mem){ acpi_image_map, &w->im };
	return acpi_platform_read(BASE, &w->acc, d, why, sizeof(why));
}

/* The default platform with an empty MADT, then a GICD of GIC version `version` (none when negative). */
static void madt_start(struct world *w, int version)
{
	world_init(w);
	madt_empty(w);
	if (version >= 0)
		gicd(w, (uint8_t)version);
}

/* Seal the world and read it into d: a check that the read succeeds (its why shown when not). */
static void read_ok(struct world *w, struct plat_desc *d)
{
	world_seal(w);
	tc_check(world_read(w, d), 1, why);
}

/* ---- accepted platforms ---- */

static void test_default(void)
{
	struct world w;
	struct plat_desc d;
	bool ok;

	tc_begin("default platform: every field from the tables");
	world_init(&w);
	world_seal(&w);
	ok = world_read(&w, &d);
	tc_check(ok, 1, why);
	tc_check(d.from_acpi, PLAT_FROM_ACPI_MADT | PLAT_FROM_ACPI_FADT | PLAT_FROM_ACPI_GTDT | PLAT_FROM_ACPI_SPCR,
		 "from_acpi");
	tc_check(d.acpi_rsdp, BASE, "acpi_rsdp");
	tc_check(d.from_fdt, 0, "from_fdt");
	tc_check_str(d.model, "BOCHS BXPC", "model: XSDT OEM ID and OEM Table ID");
	tc_check(d.psci, PLAT_PSCI_HVC, "psci");
	tc_check(d.gic_version, 3, "gic_version");
	tc_check(d.gicd_base, 0x2f000000, "gicd_base");
	tc_check(d.gicc_base, 0, "gicc_base");
	tc_check(d.gicr_count, 2, "gicr_count");
	tc_check(d.gicr_in_tree, 2, "gicr_in_tree");
	tc_check(d.gicr[0].base, 0x2f100000, "gicr.base");
	tc_check(d.gicr[0].size, 0x40000, "gicr.size");
	tc_check(d.gicr[1].base, 0x2f200000, "gicr[1].base");
	tc_check(d.gicr[1].size, 0x20000, "gicr[1].size");
	tc_check(d.pe_count, 2, "pe_count (Enabled GICCs)");
	tc_check(d.pe_count_in_tree, 2, "pe_count_in_tree");
	tc_check(d.pe_online_capable, 1, "pe_online_capable");
	tc_check(d.pe_mpidr[0], 0x0, "pe_mpidr[0]");
	tc_check(d.pe_mpidr[1], 0x100, "pe_mpidr[1]");
	tc_check(d.pmu_intid, 23, "pmu_intid");
	tc_check(d.pe_pmu_gsiv[1], 23, "pe_pmu_gsiv[1]");
	tc_check(d.timer_intid[0], 29, "timer_intid[0] Secure EL1");
	tc_check(d.timer_intid[1], 30, "timer_intid[1] Non-secure EL1");
	tc_check(d.timer_intid[2], 27, "timer_intid[2] virtual");
	tc_check(d.timer_intid[3], 26, "timer_intid[3] EL2");
	tc_check(d.console.kind, PLAT_CONSOLE_PL011, "console.kind");
	tc_check(d.console.base, 0x9000000, "console.base");
	tc_check(d.console.reg_io_width, 4, "console.reg_io_width");
	tc_check(d.console.from, PLAT_CONSOLE_FROM_ACPI_SPCR, "console.from");
	tc_check(d.mem_count, 1, "mem_count kept");
	tc_check(d.mem[0].base, 0x40000000, "mem[0].base kept");
	tc_check_str(d.bootargs, "kept", "bootargs kept");
	tc_end();
}

static void test_psci(void)
{
	static const struct {
		uint16_t arch;
		enum plat_psci_method want;
		const char *name;
	} cases[] = {
		{ ACPI_ARM_BOOT_ARCH_PSCI_COMPLIANT, PLAT_PSCI_SMC, "FADT ARM_BOOT_ARCH PSCI_COMPLIANT alone: SMC" },
		{ ACPI_ARM_BOOT_ARCH_PSCI_USE_HVC, PLAT_PSCI_NONE, "FADT ARM_BOOT_ARCH PSCI_USE_HVC alone: no PSCI" },
		{ 0, PLAT_PSCI_NONE, "FADT ARM_BOOT_ARCH 0: no PSCI" },
	};
	struct world w;
	struct plat_desc d;
	unsigned i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		tc_begin(cases[i].name);
		world_init(&w);
		put16(table(&w, T_FADT) + ACPI_FADT_ARM_BOOT_ARCH, cases[i].arch);
		read_ok(&w, &d);
		tc_check(d.psci, cases[i].want, "psci");
		tc_end();
	}
}

static void test_optional_tables(void)
{
	struct world w;
	struct plat_desc d;

	tc_begin("no GTDT: timer INTIDs kept, from_acpi without GTDT");
	world_init(&w);
	w.listed[T_GTDT] = false;
	read_ok(&w, &d);
	tc_check(d.timer_intid[0], 1, "timer_intid[0] kept");
	tc_check(d.from_acpi & PLAT_FROM_ACPI_GTDT, 0, "from_acpi GTDT");
	tc_end();

	tc_begin("no SPCR: no UART console, why says so");
	world_init(&w);
	w.listed[T_SPCR] = false;
	read_ok(&w, &d);
	tc_check(d.console.kind, PLAT_CONSOLE_NONE, "console.kind");
	tc_check_str(d.console.why ? d.console.why : "(null)", "no SPCR table", "console.why");
	tc_check(d.from_acpi & PLAT_FROM_ACPI_SPCR, 0, "from_acpi SPCR");
	tc_end();

	tc_begin("the first MADT of two in the XSDT is read");
	world_init(&w);
	memcpy(table(&w, 4), table(&w, T_MADT), table_len(&w, T_MADT));
	put64(table(&w, 4) + ACPI_MADT_ENTRIES + 24 + ACPI_GICC_MPIDR, 0x7); /* the second's first GICC */
	reseal(table(&w, 4));
	w.listed[T_GTDT] = false; /* its XSDT slot (after FADT and MADT) points at the copy */
	world_seal(&w);
	put64(w.mem + XSDT_OFF + ACPI_XSDT_ENTRIES + 16, BASE + TABLE_OFF + 4 * TABLE_SIZE);
	reseal(w.mem + XSDT_OFF);
	tc_check(world_read(&w, &d), 1, why);
	tc_check(d.pe_mpidr[0], 0, "pe_mpidr[0] from the first MADT");
	tc_end();
}

static void test_spcr_types(void)
{
	static const struct {
		uint8_t type, width, access;
		uint64_t addr;
		enum plat_console_kind kind;
		unsigned io_width, shift;
		const char *name;
	} cases[] = {
		{ ACPI_SPCR_TYPE_SBSA, 32, 3, 0x9000000, PLAT_CONSOLE_SBSA, 4, 0, "SPCR 0x0E SBSA generic UART" },
		{ ACPI_SPCR_TYPE_SBSA_32BIT, 32, 3, 0x9000000, PLAT_CONSOLE_SBSA, 4, 0, "SPCR 0x0D SBSA 2.x UART" },
		{ ACPI_SPCR_TYPE_16550, 8, 1, 0x3f8001, PLAT_CONSOLE_16550, 1, 0, "SPCR 0x00 16550, 8-bit registers" },
		{ ACPI_SPCR_TYPE_16450, 8, 0, 0x3f8000, PLAT_CONSOLE_16550, 1, 0, "SPCR 0x01 16450, access undefined" },
		{ ACPI_SPCR_TYPE_16550_GAS, 32, 3, 0x3f8000, PLAT_CONSOLE_16550, 4, 2, "SPCR 0x12 16550 GAS, 32-bit" },
		{ ACPI_SPCR_TYPE_16550_GAS, 32, 1, 0x3f8000, PLAT_CONSOLE_16550, 1, 2,
		  "SPCR 0x12 16550 GAS, 32-bit stride, byte access" },
		{ ACPI_SPCR_TYPE_16550, 32, 0, 0x3f8000, PLAT_CONSOLE_16550, 4, 2, "SPCR 0x00 16550, 32-bit, undefined" },
	};
	struct world w;
	struct plat_desc d;
	unsigned i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		tc_begin(cases[i].name);
		world_init(&w);
		spcr_set(&w, cases[i].type, ACPI_GAS_SPACE_MEMORY, cases[i].width, cases[i].access, cases[i].addr);
		read_ok(&w, &d);
		tc_check(d.console.kind, cases[i].kind, "console.kind");
		tc_check(d.console.base, cases[i].addr, "console.base");
		tc_check(d.console.reg_io_width, cases[i].io_width, "console.reg_io_width");
		tc_check(d.console.reg_shift, cases[i].shift, "console.reg_shift");
		tc_end();
	}
}

/*
 * The GIC from the MADT: the GICD's version, the redistributors from GICR structures or GICC GICR bases. Each
 * case's MADT: its Enabled GICCs (CPU interface 0x2c000000, the GICR base addresses given), then its GICD (at
 * 0x2f000000, of the version given; none when negative), then its GICR structures.
 */
static const struct {
	const char *name;
	int gicd_version;
	uint64_t gicc_gicr[3];     /* one GICC per entry, up to the first 0 (at least one GICC) */
	struct plat_range gicr[2]; /* GICR structures, up to the first of size 0 */
	unsigned want_version;
	uint64_t want_gicd, want_gicc, want_gicc_size;
	unsigned want_ranges;
	struct plat_range want[2];
} gic_cases[] = {
	{ "GICD version 2: GICv2, the GICC Physical Base Address, 8 KiB", ACPI_GIC_VERSION_V2, { 0 }, { { 0, 0 } },
	  2, 0x2f000000, 0x2c000000, 0x2000, 0, { { 0, 0 } } },
	{ "GICD version 4: GICv3 driver, per-GICC redistributors of 256 KiB merged when contiguous",
	  ACPI_GIC_VERSION_V4, { 0x2f100000, 0x2f140000, 0x3f000000 }, { { 0, 0 } },
	  3, 0x2f000000, 0, 0, 2, { { 0x2f100000, 0x80000 }, { 0x3f000000, 0x40000 } } },
	{ "GICD version 3: per-GICC redistributors of 128 KiB", ACPI_GIC_VERSION_V3, { 0x2f100000, 0x2f120000 },
	  { { 0, 0 } }, 3, 0x2f000000, 0, 0, 1, { { 0x2f100000, 0x40000 } } },
	{ "GICR structures win over GICC GICR base addresses, even after them", ACPI_GIC_VERSION_V3, { 0x5f000000 },
	  { { 0x2f100000, 0x100000 }, { 0x3f100000, 0x20000 } },
	  3, 0x2f000000, 0, 0, 2, { { 0x2f100000, 0x100000 }, { 0x3f100000, 0x20000 } } },
	{ "GICD version 0 with GICR structures: GICv3", ACPI_GIC_VERSION_NONE, { 0 }, { { 0x2f100000, 0x20000 } },
	  3, 0x2f000000, 0, 0, 1, { { 0x2f100000, 0x20000 } } },
	{ "GICD version 0 without redistributors: GICv2", ACPI_GIC_VERSION_NONE, { 0 }, { { 0, 0 } },
	  2, 0x2f000000, 0x2c000000, 0x2000, 0, { { 0, 0 } } },
	{ "GICD version 1 (GICv1): no GIC pmucheck supports, PEs still read", ACPI_GIC_VERSION_V1, { 0 }, { { 0, 0 } },
	  0, 0, 0, 0, 0, { { 0, 0 } } },
	{ "no GICD: no GIC", -1, { 0 }, { { 0x2f100000, 0x20000 } }, 0, 0, 0, 0, 0, { { 0, 0 } } },
};

static void test_gic_versions(void)
{
	struct world w;
	struct plat_desc d;
	unsigned i, k, pes;

	for (i = 0; i < sizeof(gic_cases) / sizeof(gic_cases[0]); i++) {
		tc_begin(gic_cases[i].name);
		madt_start(&w, -1);
		pes = 0;
		do
			gicc(&w, ACPI_GICC_FLAG_ENABLED, pes, 23, gic_cases[i].gicc_gicr[pes]);
		while (++pes < 3 && gic_cases[i].gicc_gicr[pes]);
		if (gic_cases[i].gicd_version >= 0)
			gicd(&w, (uint8_t)gic_cases[i].gicd_version);
		for (k = 0; k < 2 && gic_cases[i].gicr[k].size; k++)
			gicr(&w, gic_cases[i].gicr[k].base, (uint32_t)gic_cases[i].gicr[k].size);
		read_ok(&w, &d);
		tc_check(d.gic_version, gic_cases[i].want_version, "gic_version");
		tc_check(d.gicd_base, gic_cases[i].want_gicd, "gicd_base");
		tc_check(d.gicc_base, gic_cases[i].want_gicc, "gicc_base");
		tc_check(d.gicc_size, gic_cases[i].want_gicc_size, "gicc_size");
		tc_check(d.gicr_count, gic_cases[i].want_ranges, "gicr_count");
		tc_check(d.gicr[0].base, gic_cases[i].want[0].base, "gicr.base");
		tc_check(d.gicr[0].size, gic_cases[i].want[0].size, "gicr.size");
		tc_check(d.gicr[1].base, gic_cases[i].want_ranges > 1 ? gic_cases[i].want[1].base : 0,
			 "gicr[1].base");
		tc_check(d.gicr[1].size, gic_cases[i].want_ranges > 1 ? gic_cases[i].want[1].size : 0,
			 "gicr[1].size");
		tc_check(d.pe_count, pes, "pe_count: the GICCs, whatever the GIC");
		tc_end();
	}
}

/* More GICR structures than PLAT_MAX_GICR. */
static void test_gicr_cap(void)
{
	struct world w;
	struct plat_desc d;

	tc_begin("more GICR ranges than PLAT_MAX_GICR: the first kept, all counted");
	madt_start(&w, ACPI_GIC_VERSION_V3);
	gicc(&w, ACPI_GICC_FLAG_ENABLED, 0, 23, 0);
	for (unsigned i = 0; i < PLAT_MAX_GICR + 2; i++)
		gicr(&w, 0x10000000 + i * 0x1000000ull, 0x20000);
	read_ok(&w, &d);
	tc_check(d.gicr_count, PLAT_MAX_GICR, "gicr_count");
	tc_check(d.gicr_in_tree, PLAT_MAX_GICR + 2, "gicr_in_tree");
	tc_check(d.gicr[PLAT_MAX_GICR - 1].base, 0x10000000 + (PLAT_MAX_GICR - 1) * 0x1000000ull, "last kept");
	tc_end();
}

static void test_pes(void)
{
	struct world w;
	struct plat_desc d;
	unsigned i;

	tc_begin("more Enabled GICCs than TEST_PE_CAPACITY: the first kept, all counted; others skipped");
	madt_start(&w, ACPI_GIC_VERSION_V3);
	gicc(&w, 0, 0xdead, 23, 0); /* neither Enabled nor Online Capable: nothing */
	for (i = 0; i < TEST_PE_CAPACITY + 2; i++)
		gicc(&w, ACPI_GICC_FLAG_ENABLED, i << 8, 23, 0);
	read_ok(&w, &d);
	tc_check(d.pe_count, TEST_PE_CAPACITY, "pe_count");
	tc_check(d.pe_count_in_tree, TEST_PE_CAPACITY + 2, "pe_count_in_tree");
	tc_check(d.pe_online_capable, 0, "pe_online_capable");
	tc_check(d.pe_mpidr[0], 0, "pe_mpidr[0]");
	tc_check(d.pe_mpidr[TEST_PE_CAPACITY - 1], (TEST_PE_CAPACITY - 1) << 8, "pe_mpidr[last]");
	tc_end();

	tc_begin("GICCs naming different Performance Interrupt GSIVs (an SPI per PE): each kept, PE 0's in pmu_intid");
	madt_start(&w, ACPI_GIC_VERSION_V3);
	gicc(&w, ACPI_GICC_FLAG_ENABLED, 0, 100, 0);
	gicc(&w, ACPI_GICC_FLAG_ENABLED, 1, 101, 0);
	read_ok(&w, &d);
	tc_check(d.pmu_intid, 100, "pmu_intid");
	tc_check(d.pe_pmu_gsiv[0], 100, "pe_pmu_gsiv[0]");
	tc_check(d.pe_pmu_gsiv[1], 101, "pe_pmu_gsiv[1]");
	tc_end();

	tc_begin("MPIDR bits outside Aff3..Aff0 are dropped; a GICC of ACPI 5.1's 76 bytes is read");
	madt_start(&w, ACPI_GIC_VERSION_V3);
	put8(gicc(&w, ACPI_GICC_FLAG_ENABLED, 0xffffffffffffffffull, 23, 0) + 1, 76);
	put32(table(&w, T_MADT) + ACPI_HDR_LENGTH, table_len(&w, T_MADT) - 6);
	read_ok(&w, &d);
	tc_check(d.pe_mpidr[0], 0xff00ffffffull, "pe_mpidr[0]");
	tc_end();
}

/* ---- refusals ---- */

enum change {
	RSDP_SIG, RSDP_SUM, RSDP_EXT_SUM, RSDP_REV0, RSDP_LEN_SHORT, RSDP_OUTSIDE, XSDT_SIG, XSDT_SUM, XSDT_PARTIAL,
	XSDT_ENTRY_OUTSIDE, XSDT_TRUNCATED, NO_FADT, NO_MADT, FADT_SUM, FADT_SHORT, MADT_SUM, MADT_SHORT, MADT_TRUNCATED,
	MADT_HUGE, MADT_ENTRY_LEN0, MADT_ENTRY_LEN1, MADT_ENTRY_PAST_END, MADT_TRAILING_BYTE, MADT_GICC_SHORT,
	MADT_GICD_SHORT, MADT_GICR_SHORT, MADT_NO_ENABLED, GTDT_SUM, GTDT_SHORT, SPCR_SUM, SPCR_SHORT, SPCR_TYPE,
	SPCR_IO_SPACE, SPCR_16550_WIDTH16, SPCR_16550_ACCESS_WORD, SPCR_BASE0, SPCR_MISALIGNED,
};

/* A well-formed SPCR naming a console no driver writes to: the tables are read, without a UART console. */
static const struct {
	enum change change;
	const char *why; /* the start of the expected console.why */
} no_console[] = {
	{ SPCR_TYPE, "SPCR: interface type 0x05 not supported" },
	{ SPCR_IO_SPACE, "SPCR: base address in address space 0x01, not System Memory" },
	{ SPCR_16550_WIDTH16, "SPCR: 16550 register bit width 16" },
	{ SPCR_16550_ACCESS_WORD, "SPCR: 16550 access size 2" },
	{ SPCR_BASE0, "SPCR: base address 0" },
};

static const struct {
	enum change change;
	const char *why; /* the start of the expected why */
} refusals[] = {
	{ RSDP_SIG, "RSDP: no \"RSD PTR \" signature" },
	{ RSDP_SUM, "RSDP: checksum 0x" },
	{ RSDP_EXT_SUM, "RSDP: extended checksum 0x" },
	{ RSDP_REV0, "RSDP: revision 0" },
	{ RSDP_LEN_SHORT, "RSDP: Length 20" },
	{ RSDP_OUTSIDE, "RSDP: its 36 bytes at 0x" },
	{ XSDT_SIG, "XSDT: signature \"RSDT\"" },
	{ XSDT_SUM, "XSDT: checksum 0x" },
	{ XSDT_PARTIAL, "XSDT: Length 72 leaves a partial entry" },
	{ XSDT_ENTRY_OUTSIDE, "XSDT: entry 1 (0x" },
	{ XSDT_TRUNCATED, "XSDT: its " },
	{ NO_FADT, "FADT: not in the XSDT" },
	{ NO_MADT, "MADT: not in the XSDT" },
	{ FADT_SUM, "FADT: checksum 0x" },
	{ FADT_SHORT, "FADT: Length 116 is shorter than the 131 bytes read" },
	{ MADT_SUM, "MADT: checksum 0x" },
	{ MADT_SHORT, "MADT: Length 40 is shorter than the 44 bytes read" },
	{ MADT_TRUNCATED, "MADT: its " },
	{ MADT_HUGE, "MADT: Length 1048577 is above" },
	{ MADT_ENTRY_LEN0, "MADT: entry at offset 68 (type 0x0b) has length 0" },
	{ MADT_ENTRY_LEN1, "MADT: entry at offset 68 (type 0x0b) has length 1" },
	{ MADT_ENTRY_PAST_END, "MADT: entry at offset 232 (type 0x0e, length 17) runs past" },
	{ MADT_TRAILING_BYTE, "MADT: 1 bytes at offset 300, short of an entry header" },
	{ MADT_GICC_SHORT, "MADT: GICC entry at offset 68 has length 40, below the 76 bytes read" },
	{ MADT_GICD_SHORT, "MADT: GICD entry at offset 44 has length 20, below the 21 bytes read" },
	{ MADT_GICR_SHORT, "MADT: GICR entry at offset 232 has length 12, below the 16 bytes read" },
	{ MADT_NO_ENABLED, "MADT: no Enabled GICC entry" },
	{ GTDT_SUM, "GTDT: checksum 0x" },
	{ GTDT_SHORT, "GTDT: Length 72 is shorter than the 76 bytes read" },
	{ SPCR_SUM, "SPCR: checksum 0x" },
	{ SPCR_SHORT, "SPCR: Length 48 is shorter than the 52 bytes read" },
	{ SPCR_MISALIGNED, "SPCR: base address 0x9000002 not aligned to its 4-byte accesses" },
};

/* Offsets in the default MADT (world_init()): the GICD at 44, GICCs of 82 bytes at 68, 150 and 232, the GICRs
 * at 314 and 330, the ITS at 346. */
#define MADT_GICC0 68

static void apply(struct world *w, enum change c)
{
	uint8_t *madt = table(w, T_MADT);

	switch (c) {
	case RSDP_SIG: w->mem[0] = 'X'; break;
	case RSDP_SUM: w->mem[ACPI_RSDP_CHECKSUM] ^= 1; break;
	case RSDP_EXT_SUM: w->mem[ACPI_RSDP_EXT_CHECKSUM] ^= 1; break;
	case RSDP_REV0: /* an ACPI 1.0 RSDP: both checksums right */
		w->mem[ACPI_RSDP_REVISION] = 0;
		acpi_image_fix_sum(w->mem, ACPI_RSDP_V1_LEN, ACPI_RSDP_CHECKSUM);
		acpi_image_fix_sum(w->mem, ACPI_RSDP_V2_LEN, ACPI_RSDP_EXT_CHECKSUM);
		break;
	case RSDP_LEN_SHORT:
		put32(w->mem + ACPI_RSDP_LENGTH, 20);
		acpi_image_fix_sum(w->mem, ACPI_RSDP_V1_LEN, ACPI_RSDP_CHECKSUM);
		break;
	case RSDP_OUTSIDE: w->mem_size = 20; break;
	case XSDT_SIG: memcpy(w->mem + XSDT_OFF, "RSDT", 4); reseal(w->mem + XSDT_OFF); break;
	case XSDT_SUM: w->mem[XSDT_OFF + 20] ^= 1; break;
	case XSDT_PARTIAL: put32(w->mem + XSDT_OFF + ACPI_HDR_LENGTH, 72); reseal(w->mem + XSDT_OFF); break;
	case XSDT_ENTRY_OUTSIDE:
		put64(w->mem + XSDT_OFF + ACPI_XSDT_ENTRIES + 8, BASE + MEM_SIZE - 8);
		reseal(w->mem + XSDT_OFF);
		break;
	case XSDT_TRUNCATED:
		put32(w->mem + XSDT_OFF + ACPI_HDR_LENGTH, MEM_SIZE);
		break;
	case NO_FADT: case NO_MADT: break; /* before world_seal() */
	case FADT_SUM: table(w, T_FADT)[40] ^= 1; break;
	case FADT_SHORT: put32(table(w, T_FADT) + ACPI_HDR_LENGTH, 116); reseal(table(w, T_FADT)); break;
	case MADT_SUM: madt[ACPI_HDR_CHECKSUM] ^= 0x80; break;
	case MADT_SHORT: put32(madt + ACPI_HDR_LENGTH, 40); reseal(madt); break;
	case MADT_TRUNCATED: put32(madt + ACPI_HDR_LENGTH, MEM_SIZE); break; /* past the end of memory */
	case MADT_HUGE: put32(madt + ACPI_HDR_LENGTH, ACPI_TABLE_MAX_LEN + 1); break;
	case MADT_ENTRY_LEN0: madt[MADT_GICC0 + 1] = 0; reseal(madt); break;
	case MADT_ENTRY_LEN1: madt[MADT_GICC0 + 1] = 1; reseal(madt); break;
	case MADT_ENTRY_PAST_END: /* the MADT ends after the second GICC, inside the third */
		put32(madt + ACPI_HDR_LENGTH, MADT_GICC0 + 2 * 82 + 16);
		madt[MADT_GICC0 + 2 * 82] = ACPI_MADT_TYPE_GICR;
		madt[MADT_GICC0 + 2 * 82 + 1] = 17;
		reseal(madt);
		break;
	case MADT_TRAILING_BYTE: /* the third GICC made an unknown entry ending at 300, then one byte more */
		madt[MADT_GICC0 + 2 * 82] = 0x7F;
		madt[MADT_GICC0 + 2 * 82 + 1] = 68;
		put32(madt + ACPI_HDR_LENGTH, MADT_GICC0 + 2 * 82 + 68 + 1);
		reseal(madt);
		break;
	case MADT_GICC_SHORT: madt[MADT_GICC0 + 1] = 40; madt[MADT_GICC0 + 40] = 0x0F; madt[MADT_GICC0 + 41] = 42;
		reseal(madt); break;
	case MADT_GICD_SHORT: madt[ACPI_MADT_ENTRIES + 1] = 20; madt[ACPI_MADT_ENTRIES + 20] = 0x0F;
		madt[ACPI_MADT_ENTRIES + 21] = 4; reseal(madt); break;
	case MADT_GICR_SHORT: madt[MADT_GICC0 + 2 * 82] = ACPI_MADT_TYPE_GICR; madt[MADT_GICC0 + 2 * 82 + 1] = 12;
		madt[MADT_GICC0 + 2 * 82 + 12] = 0x0F; madt[MADT_GICC0 + 2 * 82 + 13] = 70; reseal(madt); break;
	case MADT_NO_ENABLED:
		put32(madt + MADT_GICC0 + ACPI_GICC_FLAGS, 0);
		put32(madt + MADT_GICC0 + 82 + ACPI_GICC_FLAGS, ACPI_GICC_FLAG_ONLINE_CAPABLE);
		reseal(madt);
		break;
	case GTDT_SUM: table(w, T_GTDT)[50] ^= 1; break;
	case GTDT_SHORT: put32(table(w, T_GTDT) + ACPI_HDR_LENGTH, 72); reseal(table(w, T_GTDT)); break;
	case SPCR_SUM: table(w, T_SPCR)[44] ^= 1; break;
	case SPCR_SHORT: put32(table(w, T_SPCR) + ACPI_HDR_LENGTH, 48); reseal(table(w, T_SPCR)); break;
	case SPCR_TYPE: spcr_set(w, 0x05, 0, 8, 1, 0x9000000); reseal(table(w, T_SPCR)); break;
	case SPCR_IO_SPACE: spcr_set(w, 0x00, 1, 8, 1, 0x3f8); reseal(table(w, T_SPCR)); break;
	case SPCR_16550_WIDTH16: spcr_set(w, 0x12, 0, 16, 2, 0x3f8); reseal(table(w, T_SPCR)); break;
	case SPCR_16550_ACCESS_WORD: spcr_set(w, 0x12, 0, 32, 2, 0x3f8); reseal(table(w, T_SPCR)); break;
	case SPCR_BASE0: spcr_set(w, 0x03, 0, 32, 3, 0); reseal(table(w, T_SPCR)); break;
	case SPCR_MISALIGNED: spcr_set(w, 0x03, 0, 32, 3, 0x9000002); reseal(table(w, T_SPCR)); break;
	}
}

static void test_refusals(void)
{
	struct world w;
	struct plat_desc d;
	unsigned i;
	char name[200];

	for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++) {
		snprintf(name, sizeof(name), "refused: %s...", refusals[i].why);
		tc_begin(name);
		world_init(&w);
		w.listed[T_FADT] = refusals[i].change != NO_FADT;
		w.listed[T_MADT] = refusals[i].change != NO_MADT;
		world_seal(&w);
		apply(&w, refusals[i].change);
		tc_check(world_read(&w, &d), 0, "acpi_platform_read()");
		if (strncmp(why, refusals[i].why, strlen(refusals[i].why)) != 0)
			tc_check_str(why, refusals[i].why, "why (its start)");
		tc_end();
	}

	for (i = 0; i < sizeof(no_console) / sizeof(no_console[0]); i++) {
		snprintf(name, sizeof(name), "read, no UART console: %s...", no_console[i].why);
		tc_begin(name);
		world_init(&w);
		world_seal(&w);
		apply(&w, no_console[i].change);
		tc_check(world_read(&w, &d), 1, "acpi_platform_read()");
		tc_check(d.console.kind, PLAT_CONSOLE_NONE, "console.kind");
		tc_check(d.console.base, 0, "console.base");
		if (!d.console.why || strncmp(d.console.why, no_console[i].why, strlen(no_console[i].why)) != 0)
			tc_check_str(d.console.why ? d.console.why : "(null)", no_console[i].why, "console.why (its start)");
		tc_check(d.from_acpi & PLAT_FROM_ACPI_SPCR, PLAT_FROM_ACPI_SPCR, "from_acpi SPCR");
		tc_end();
	}

	tc_begin("a why buffer of 8 bytes: cut, terminated");
	world_init(&w);
	w.listed[T_MADT] = false;
	world_seal(&w);
	w.im = (struct acpi_image){ w.mem, w.mem_size, BASE };
	w.acc = (struct acpi_mem){ acpi_image_map, &w.im };
	memset(why, 'x', sizeof(why));
	memset(&d, 0, sizeof(d)); /* no per-PE arrays: the MADT is missing, nothing per PE is written */
	tc_check(acpi_platform_read(BASE, &w.acc, &d, why, 8), 0, "acpi_platform_read()");
	tc_check_str(why, "MADT: n", "why");
	tc_end();
}

/* ---- QEMU's own tables ---- */

static uint8_t *load(const char *dir, const char *name, size_t *size)
{
	char path[512];
	FILE *f;
	uint8_t *buf = malloc(1 << 16);

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	*size = fread(buf, 1, 1 << 16, f);
	fclose(f);
	return buf;
}

/* QEMU 10.0.2's virt board as bios-tables-test starts it (tests/qtest/bios-tables-test.c, "virt"): GICv2 (its
 * default), a PL011 at VIRT_UART 0x9000000, PSCI over HVC, the timer PPIs 29, 30, 27, 26, the PMU interrupt
 * VIRTUAL_PMU_IRQ, INTID 23 (include/hw/arm/bsa.h; hw/arm/virt-acpi-build.c gives it to a CPU with a PMU, as its
 * -cpu cortex-a57 has); pes PEs of MPIDR 0..pes-1. */
static void test_qemu(const char *dir, const char *name, unsigned pes)
{
	struct acpi_image im;
	struct acpi_mem mem = { acpi_image_map, &im };
	struct plat_desc d;
	uint64_t rsdp;
	size_t size = 0;
	uint8_t *file = load(dir, name, &size);
	char title[128];
	unsigned i;

	snprintf(title, sizeof(title), "QEMU 10.0.2 virt tables (%s): %u PEs, GICv2, PL011, HVC", name, pes);
	tc_begin(title);
	tc_check(file && acpi_image_open(file, size, &im, &rsdp), 1, "the image loads");
	if (file && size >= ACPI_IMAGE_HEADER) {
		static uint64_t pe_arrays[PLAT_PE_WORDS * TEST_PE_CAPACITY];

		memset(&d, 0, sizeof(d));
		plat_set_pe_arrays(&d, pe_arrays, TEST_PE_CAPACITY);
		tc_check(acpi_platform_read(rsdp, &mem, &d, why, sizeof(why)), 1, why);
		tc_check_str(d.model, "BOCHS BXPC", "model");
		tc_check(d.from_acpi, PLAT_FROM_ACPI_MADT | PLAT_FROM_ACPI_FADT | PLAT_FROM_ACPI_GTDT | PLAT_FROM_ACPI_SPCR,
			 "from_acpi");
		tc_check(d.gic_version, 2, "gic_version");
		tc_check(d.gicd_base, 0x8000000, "gicd_base (VIRT_GIC_DIST)");
		tc_check(d.gicc_base, 0x8010000, "gicc_base (VIRT_GIC_CPU)");
		tc_check(d.pe_count, pes < TEST_PE_CAPACITY ? pes : TEST_PE_CAPACITY, "pe_count");
		tc_check(d.pe_count_in_tree, pes, "pe_count_in_tree");
		for (i = 0; i < d.pe_count && i < TEST_PE_CAPACITY; i++)
			tc_check(d.pe_mpidr[i], i, "pe_mpidr[i]");
		tc_check(d.pmu_intid, 23, "pmu_intid");
		tc_check(d.timer_intid[0], 29, "timer_intid[0]");
		tc_check(d.timer_intid[1], 30, "timer_intid[1]");
		tc_check(d.timer_intid[2], 27, "timer_intid[2]");
		tc_check(d.timer_intid[3], 26, "timer_intid[3]");
		tc_check(d.psci, PLAT_PSCI_HVC, "psci");
		tc_check(d.console.kind, PLAT_CONSOLE_PL011, "console.kind");
		tc_check(d.console.base, 0x9000000, "console.base");
	}
	free(file);
	tc_end();
}

int main(int argc, char **argv)
{
	test_default();
	test_psci();
	test_optional_tables();
	test_spcr_types();
	test_gic_versions();
	test_gicr_cap();
	test_pes();
	test_refusals();
	if (argc > 1) {
		test_qemu(argv[1], "qemu-virt", 1);
		test_qemu(argv[1], "qemu-virt-topology", 8);
	}
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
