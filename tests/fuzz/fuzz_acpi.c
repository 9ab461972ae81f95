/*
 * fuzz_acpi.c - libFuzzer target for the ACPI reader (lib/acpi/acpi_platform.c): the input is a physical memory
 * image (tests/fuzz/acpi_image.h: base and RSDP address, then the memory; tests/fuzz/make_acpi_corpus.py builds
 * them from QEMU's tables), read through an accessor that allows exactly the image's bytes, so
 * AddressSanitizer catches any read the reader's checks should have refused; read twice, as given and with
 * every checksum made right (fix_checksums()), so that mutations reach the fields behind the checksums. Beyond "no crash, no
 * out-of-bounds access, no undefined behaviour, no endless loop" it checks what a caller relies on:
 *   - a refusal's why is a terminated string that fits its buffer and names the table ("MADT: ...");
 *   - after a success: the MADT and FADT were used, at least one PE and at most TEST_PE_CAPACITY kept, none more
 *     than the MADT counts, each MPIDR within Aff3..Aff0, pmu_intid PE 0's GSIV; the GIC version 0, 2 or 3,
 *     redistributor ranges only with GICv3, at most PLAT_MAX_GICR; the console a kind the
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

#define TEST_PE_CAPACITY 8u /* PEs a read's per-PE arrays have room for (the firmware sizes them from the MADT) */

static void check_desc(const struct plat_desc *d)
{
	const struct plat_console *c = &d->console;
	unsigned i;

	if ((d->from_acpi & (PLAT_FROM_ACPI_MADT | PLAT_FROM_ACPI_FADT)) != (PLAT_FROM_ACPI_MADT | PLAT_FROM_ACPI_FADT) ||
	    d->from_fdt)
		abort();
	if (d->pe_count == 0 || d->pe_count > TEST_PE_CAPACITY || d->pe_count > d->pe_count_in_tree ||
	    d->pmu_intid != d->pe_pmu_gsiv[0])
		abort();
	for (i = 0; i < d->pe_count; i++)
		if (d->pe_mpidr[i] & ~0xff00ffffffull)
			abort();
	if (d->gic_version != 0 && d->gic_version != 2 && d->gic_version != 3)
		abort();
	if (d->gicr_count > PLAT_MAX_GICR || d->gicr_count > d->gicr_in_tree ||
	    (d->gicr_count && d->gic_version != 3))
		abort();
	if (d->gic_version != 2 && (d->gicc_base || d->gicc_size))
		abort();
	if (c->from != PLAT_CONSOLE_FROM_ACPI_SPCR)
		abort();
	if (c->kind == PLAT_CONSOLE_NONE) {
		/* no SPCR, or one naming a console no driver writes to: either way a reason and no address */
		if (!c->why || !c->why[0] || c->base)
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

/*
 * Make the checksums of the RSDP, the XSDT and every table the XSDT names that lies inside the image right, in
 * place (a table whose Length leaves the image is left alone): most mutations break a checksum, and without this
 * the fields behind the checksums would hardly be reached.
 */
static void fix_checksums(uint8_t *mem, uint64_t size, uint64_t base, uint64_t rsdp)
{
	uint64_t at[64], len, x, off;
	unsigned n = 0, i;
	uint8_t *t;

	if (rsdp < base || rsdp - base > size || size - (rsdp - base) < ACPI_RSDP_V2_LEN)
		return;
	t = mem + (rsdp - base);
	acpi_image_fix_sum(t, ACPI_RSDP_V1_LEN, ACPI_RSDP_CHECKSUM);
	len = acpi_le32(t + ACPI_RSDP_LENGTH);
	if (len >= ACPI_RSDP_V2_LEN && len <= size - (rsdp - base))
		acpi_image_fix_sum(t, len, ACPI_RSDP_EXT_CHECKSUM);
	at[n++] = x = acpi_le64(t + ACPI_RSDP_XSDT_ADDRESS);
	for (i = 0; i < n; i++) {
		if (at[i] < base || at[i] - base > size || size - (at[i] - base) < ACPI_HDR_LEN)
			continue;
		t = mem + (at[i] - base);
		len = acpi_le32(t + ACPI_HDR_LENGTH);
		if (len < ACPI_HDR_LEN || len > size - (at[i] - base))
			continue;
		if (at[i] == x) /* the XSDT: its entries are tables too */
			for (off = ACPI_XSDT_ENTRIES; off + 8 <= len && n < 64; off += 8)
				at[n++] = acpi_le64(t + off);
		acpi_image_fix_sum(t, len, ACPI_HDR_CHECKSUM);
	}
}

/* One read of the image; its result checked (check_desc() or check_why()). */
static void read_and_check(uint64_t rsdp, const struct acpi_mem *mem)
{
	static struct plat_desc d;
	static uint64_t pe_arrays[PLAT_PE_WORDS * TEST_PE_CAPACITY];
	char why[128];

	memset(&d, 0, sizeof(d));
	memset(pe_arrays, 0, sizeof(pe_arrays));
	plat_set_pe_arrays(&d, pe_arrays, TEST_PE_CAPACITY);
	memset(why, 'x', sizeof(why));
	if (acpi_platform_read(rsdp, mem, &d, why, sizeof(why)))
		check_desc(&d);
	else
		check_why(why, sizeof(why));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct acpi_image im;
	struct acpi_mem mem = { acpi_image_map, &im };
	uint64_t rsdp;
	uint8_t *copy;

	if (!acpi_image_open(data, size, &im, &rsdp))
		return 0;
	read_and_check(rsdp, &mem);
	/* again with the checksums made right, on a copy of exactly the image's size */
	copy = malloc(im.size ? im.size : 1);
	if (!copy)
		return 0;
	memcpy(copy, im.data, im.size);
	fix_checksums(copy, im.size, im.base, rsdp);
	im.data = copy;
	read_and_check(rsdp, &mem);
	free(copy);
	return 0;
}
