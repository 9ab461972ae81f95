/*
 * acpi_image.h - a "physical memory image" (tests/fuzz/make_acpi_corpus.py writes them) as an ACPI reader's
 * accessor (struct acpi_mem, lib/acpi/acpi_platform.h), for the fuzz target and the host tests. The format,
 * little-endian:
 *   bytes 0..7    base: the physical address of byte 16
 *   bytes 8..15   the physical address of the RSDP
 *   bytes 16..    memory: byte 16 + k is at physical address base + k; nothing else is readable
 */
#ifndef PMUCHECK_ACPI_IMAGE_H
#define PMUCHECK_ACPI_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "acpi/acpi_platform.h"
#include "acpi/acpi_tables.h"

#define ACPI_IMAGE_HEADER 16 /* bytes before the memory */

/* The memory of an image: size bytes at data, from physical address base. */
struct acpi_image {
	const uint8_t *data;
	uint64_t size, base;
};

/* struct acpi_mem's map over an image (mem->ctx): [addr, addr + len) when inside it, else NULL. */
static inline const void *acpi_image_map(const struct acpi_mem *mem, uint64_t addr, uint64_t len)
{
	const struct acpi_image *im = mem->ctx;

	if (addr < im->base || len > im->size || addr - im->base > im->size - len)
		return NULL;
	return im->data + (addr - im->base);
}

/* Split a file of `size` bytes into its memory (*im) and RSDP address; false when shorter than the header. */
static inline int acpi_image_open(const uint8_t *file, size_t size, struct acpi_image *im, uint64_t *rsdp)
{
	if (size < ACPI_IMAGE_HEADER)
		return 0;
	im->base = acpi_le64(file);
	*rsdp = acpi_le64(file + 8);
	im->data = file + ACPI_IMAGE_HEADER;
	im->size = size - ACPI_IMAGE_HEADER;
	return 1;
}

/* Set p[at] so that the first len bytes at p sum to 0 modulo 256 (ACPI 6.5, 5.2.5.3, 5.2.6: a table's checksum). */
static inline void acpi_image_fix_sum(uint8_t *p, uint64_t len, unsigned at)
{
	uint8_t sum = 0;
	uint64_t i;

	p[at] = 0;
	for (i = 0; i < len; i++)
		sum = (uint8_t)(sum + p[i]);
	p[at] = (uint8_t)-sum;
}

#endif
