/*
 * acpi_platform.h - the platform description (platform_desc.h) read from ACPI tables, for a platform that
 * describes itself with ACPI only (an Arm server booting pmucheck as a UEFI application). Layouts: acpi_tables.h.
 *
 * Tables: the RSDP (revision 2 or later; its RsdtAddress is ignored, the XSDT is used), the XSDT, the FADT and
 * the MADT are required: without any of them, or with one that fails its checks, nothing is read. GTDT and
 * SPCR are optional: without an SPCR there is no UART console (console kind none, console.why says so); without
 * a GTDT the timer INTIDs keep the values d had (the SBSA PPIs of the compiled-in description) and from_acpi
 * lacks PLAT_FROM_ACPI_GTDT, which the TAP header shows. A table present but malformed (a bad checksum, too short,
 * a misaligned SPCR base) fails the read: a firmware whose tables are wrong is not guessed around. A well-formed
 * SPCR whose console no driver of lib/drivers/uart/ writes to (an interface type without a driver, I/O space, a
 * 16-bit 16550, base 0: redirection disabled) leaves no UART console, console.why saying which (the boot
 * argument pmucheck.console=<earlycon> may still name one); the rest is read. Other tables (DSDT, IORT, PPTT, ...) are not read, only their signatures.
 *
 * Every byte is read through a bounded accessor (struct acpi_mem), so a hostile table can make the reader fail
 * but never read outside what the accessor allows or loop without end: every table's signature, Length (at
 * least its header and every field read, at most ACPI_TABLE_MAX_LEN, all of it readable) and checksum are
 * checked before any other field is used, and every MADT entry's Length (at least 2, inside the table, at least
 * what is read of it) before it is.
 */
#ifndef PMUCHECK_ACPI_PLATFORM_H
#define PMUCHECK_ACPI_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/platform_desc.h"

#define ACPI_TABLE_MAX_LEN (1u << 20) /* bytes: a table longer than this is refused (a MADT of 4096 PEs is 336 KiB) */

/*
 * Physical memory as the reader sees it. map returns a pointer to the bytes [addr, addr + len) of physical
 * memory, all readable and contiguous, or NULL when any of them is not (or addr + len wraps). ctx is the
 * accessor's own (a host buffer, the UEFI memory map).
 */
struct acpi_mem {
	const void *(*map)(const struct acpi_mem *mem, uint64_t addr, uint64_t len);
	const void *ctx;
};

/*
 * The firmware's accessor: physical address = pointer (the MMU off, or an identity map as UEFI leaves it). NULL
 * only for address 0 and for a range that wraps; the caller vouches for the rest (the RSDP from the UEFI
 * configuration table, the tables it points at in ACPI reclaim memory).
 */
const void *acpi_mem_identity(const struct acpi_mem *mem, uint64_t addr, uint64_t len);

/*
 * Fill d from the ACPI tables whose RSDP is at physical address rsdp_addr: the GIC (MADT GICD: its base and
 * version, GIC version 3 or 4 -> gic_version 3, 2 -> 2, others -> 0; GICv3 redistributor ranges from the GICR
 * structures, else from each GICC's GICR base address; GICv2: the GICC's physical base address), the PEs
 * (pe_mpidr[] from the Enabled GICC entries, in MADT order; Online Capable ones only counted), the PMU overflow
 * interrupt (each Enabled GICC's Performance Interrupt GSIV into pe_pmu_gsiv[], PE 0's into pmu_intid), the
 * PSCI conduit (FADT ARM_BOOT_ARCH), the timer INTIDs (GTDT), the console (SPCR), the model (the XSDT's OEM ID
 * and OEM Table ID). The GIC, the PEs and the console are replaced whole; mem, bootargs and what the tables do not
 * give keep their values. Sets from_acpi (PLAT_FROM_ACPI_* of the tables used), acpi_rsdp, from_fdt false.
 * Returns true on success; false with why (at most why_len bytes, NUL-terminated) naming the table and what is
 * wrong ("MADT: checksum 0x3a, bytes sum to 0x12"), d then partly written: read into a copy.
 */
bool acpi_platform_read(uint64_t rsdp_addr, const struct acpi_mem *mem, struct plat_desc *d, char *why,
			size_t why_len);

#endif
