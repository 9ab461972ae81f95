/*
 * fuzz_acpi.c - libFuzzer target for the ACPI reader (lib/acpi/acpi_platform.c): the input is a physical memory
 * image (tests/fuzz/acpi_image.h: base and RSDP address, then the memory; tests/fuzz/make_acpi_corpus.py builds
 * them from QEMU's tables), read through an accessor that allows exactly the image's bytes, so
 * AddressSanitizer catches any read the reader's checks should have refused. Beyond "no crash, no
 * out-of-bounds access, no undefined behaviour, no endless loop" it checks what a caller relies on:
 *   - a refusal's why is a terminated string that fits its buffer and names the table ("MADT: ...");
 *   - after a success: the MADT and FADT were used, at least one PE and at most PLAT_MAX_PES kept, none more
 *     than the MADT counts, each MPIDR within Aff3..Aff0, pmu_intid PE 0's GSIV; the GIC version 0, 2 or 3,
 *     redistributor ranges only with GICv3, at most PLAT_MAX_GICR and gicr the first; the console a kind the
 *     SPCR maps to, from the SPCR, at a non-zero address aligned to its 1- or 4-byte accesses, reg_shift 0 or
 *     2; the PSCI conduit valid; the model a terminated string.
 * `make fuzz-acpi` runs it (FUZZ_SECONDS); `make fuzz-regress` replays the kept corpus (tests/fuzz/corpus/acpi/).
 */
#include <stdlib.h>
#include <string.h>

#include "acpi_image.h"

static const char *const tables[] = { "RSDP: ", "XSDT: ", "FADT: ", "MADT: ", "GTDT: ", "SPCR: " };

static void check_why(const char *why, size_t size)
{
	unsigned i;

	if (memchr(why, '\0', size) == NULL)
		abort();
	for (i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		if (strncmp(why, tables[i], strlen(tables[i])) == 0 && why[strlen(tables[i])])
			return;
	abort();
}

static void check_desc(const struct plat_desc *d)
{
	const struct plat_console *c = &d->console;
	unsigned i;

	if ((d->from_acpi & (PLAT_FROM_ACPI_MADT | PLAT_FROM_ACPI_FADT)) != (PLAT_FROM_ACPI_MADT | PLAT_FROM_ACPI_FADT) ||
	    d->from_fdt)
		abort();
	if (d->pe_count == 0 || d->pe_count > PLAT_MAX_PES || d->pe_count > d->pe_count_in_tree ||
	    d->pmu_intid != d->pe_pmu_gsiv[0])
		abort();
	for (i = 0; i < d->pe_count; i++)
		if (d->pe_mpidr[i] & ~0xff00ffffffull)
			abort();
	if (d->gic_version != 0 && d->gic_version != 2 && d->gic_version != 3)
		abort();
	if (d->gicr_range_count > PLAT_MAX_GICR || d->gicr_range_count > d->gicr_ranges_seen ||
	    (d->gicr_range_count && (d->gic_version != 3 || memcmp(&d->gicr, &d->gicr_ranges[0], sizeof(d->gicr)))))
		abort();
	if (d->gic_version != 2 && (d->gicc_base || d->gicc_size))
		abort();
	if (c->from != PLAT_CONSOLE_FROM_ACPI_SPCR)
		abort();
	if (c->kind == PLAT_CONSOLE_NONE) {
		if (d->from_acpi & PLAT_FROM_ACPI_SPCR)
			abort();
	} else if ((c->kind != PLAT_CONSOLE_PL011 && c->kind != PLAT_CONSOLE_SBSA && c->kind != PLAT_CONSOLE_16550) ||
		   !(d->from_acpi & PLAT_FROM_ACPI_SPCR) || !c->base ||
		   (c->reg_io_width != 1 && c->reg_io_width != 4) || c->base % c->reg_io_width ||
		   (c->reg_shift != 0 && c->reg_shift != 2)) {
		abort();
	}
	if (d->psci != PLAT_PSCI_NONE && d->psci != PLAT_PSCI_SMC && d->psci != PLAT_PSCI_HVC)
		abort();
	if (memchr(d->model, '\0', sizeof(d->model)) == NULL)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct plat_desc d;
	struct acpi_image im;
	struct acpi_mem mem = { acpi_image_map, &im };
	uint64_t rsdp;
	char why[128];

	if (!acpi_image_open(data, size, &im, &rsdp))
		return 0;
	memset(&d, 0, sizeof(d));
	memset(why, 'x', sizeof(why));
	if (acpi_platform_read(rsdp, &mem, &d, why, sizeof(why)))
		check_desc(&d);
	else
		check_why(why, sizeof(why));
	return 0;
}
