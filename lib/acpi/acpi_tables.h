/*
 * acpi_tables.h - the layouts of the ACPI tables acpi_platform.c reads, as byte offsets and sizes (every field
 * is little-endian and may be unaligned: read them with acpi_le16/32/64(), never through a cast). Sections are
 * those of the ACPI Specification 6.5; SPCR is Microsoft's "Serial Port Console Redirection Table" (revision 2
 * and later), whose interface types are those of Microsoft's "Debug Port Table 2" (DBG2), Table 3.
 */
#ifndef PMUCHECK_ACPI_TABLES_H
#define PMUCHECK_ACPI_TABLES_H

#include <stdint.h>

/* Little-endian fields at p (any alignment). */
static inline uint16_t acpi_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | (p[1] << 8));
}

static inline uint32_t acpi_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint64_t acpi_le64(const uint8_t *p)
{
	return (uint64_t)acpi_le32(p) | (uint64_t)acpi_le32(p + 4) << 32;
}

/* 5.2.5.3 Root System Description Pointer (RSDP) Structure (ACPI 2.0 and later: Revision 2). */
#define ACPI_RSDP_SIGNATURE     "RSD PTR " /* 8 bytes, no NUL */
#define ACPI_RSDP_SIG_LEN       8
#define ACPI_RSDP_CHECKSUM      8  /* u8: the first ACPI_RSDP_V1_LEN bytes sum to 0 */
#define ACPI_RSDP_OEMID         9  /* 6 bytes */
#define ACPI_RSDP_REVISION      15 /* u8: 0 for ACPI 1.0 (no XSDT), 2 from ACPI 2.0 */
#define ACPI_RSDP_RSDT_ADDRESS  16 /* u32: the RSDT, which an ACPI 2.0 reader ignores */
#define ACPI_RSDP_LENGTH        20 /* u32: the whole structure in bytes (36) */
#define ACPI_RSDP_XSDT_ADDRESS  24 /* u64 */
#define ACPI_RSDP_EXT_CHECKSUM  32 /* u8: all Length bytes sum to 0 */
#define ACPI_RSDP_V1_LEN        20 /* bytes the first checksum covers */
#define ACPI_RSDP_V2_LEN        36 /* bytes of the Revision 2 structure */

/* 5.2.6 System Description Table Header: the first 36 bytes of every table but the RSDP. */
#define ACPI_HDR_SIGNATURE      0  /* 4 bytes */
#define ACPI_HDR_LENGTH         4  /* u32: the whole table in bytes, header included */
#define ACPI_HDR_REVISION       8  /* u8 */
#define ACPI_HDR_CHECKSUM       9  /* u8: all Length bytes sum to 0 */
#define ACPI_HDR_OEMID          10 /* 6 bytes */
#define ACPI_HDR_OEMID_LEN      6
#define ACPI_HDR_OEM_TABLE_ID   16 /* 8 bytes */
#define ACPI_HDR_OEM_TABLE_ID_LEN 8
#define ACPI_HDR_LEN            36

/* 5.2.8 Extended System Description Table (XSDT): the header, then u64 physical addresses of the tables. */
#define ACPI_SIG_XSDT           "XSDT"
#define ACPI_XSDT_ENTRIES       ACPI_HDR_LEN
#define ACPI_XSDT_ENTRY_LEN     8

/* 5.2.9 Fixed ACPI Description Table (FADT); its signature is "FACP". */
#define ACPI_SIG_FADT           "FACP"
#define ACPI_FADT_ARM_BOOT_ARCH 129 /* u16, from FADT revision 5 (ACPI 5.1): 5.2.9.4, Table 5.12 */
#define ACPI_FADT_MIN_LEN       (ACPI_FADT_ARM_BOOT_ARCH + 2) /* bytes through ARM_BOOT_ARCH */
#define ACPI_ARM_BOOT_ARCH_PSCI_COMPLIANT (1u << 0) /* PSCI is implemented */
#define ACPI_ARM_BOOT_ARCH_PSCI_USE_HVC   (1u << 1) /* its conduit is HVC, not SMC */

/* 5.2.12 Multiple APIC Description Table (MADT); its signature is "APIC". Interrupt controller structures
 * follow the fixed part, each starting with Type (u8) and Length (u8, the whole structure in bytes). */
#define ACPI_SIG_MADT           "APIC"
#define ACPI_MADT_ENTRIES       44 /* the header, Local Interrupt Controller Address (u32), Flags (u32) */
#define ACPI_MADT_ENTRY_TYPE    0
#define ACPI_MADT_ENTRY_LENGTH  1
#define ACPI_MADT_ENTRY_MIN_LEN 2

/* 5.2.12.14 GIC CPU Interface (GICC) Structure: one per PE. */
#define ACPI_MADT_TYPE_GICC     0x0B
#define ACPI_GICC_CPU_INTERFACE_NUMBER 4  /* u32 */
#define ACPI_GICC_UID           8  /* u32: ACPI Processor UID */
#define ACPI_GICC_FLAGS         12 /* u32: ACPI_GICC_FLAG_* */
#define ACPI_GICC_PARKING_VERSION 16 /* u32: Parking Protocol version, 0: not used */
#define ACPI_GICC_PERF_GSIV     20 /* u32: Performance Interrupt GSIV, the PMU overflow interrupt */
#define ACPI_GICC_PARKED_ADDRESS 24 /* u64 */
#define ACPI_GICC_PHYS_BASE     32 /* u64: Physical Base Address of the memory-mapped CPU interface (GICv2) */
#define ACPI_GICC_GICV          40 /* u64 */
#define ACPI_GICC_GICH          48 /* u64 */
#define ACPI_GICC_VGIC_GSIV     56 /* u32: VGIC Maintenance interrupt */
#define ACPI_GICC_GICR_BASE     60 /* u64: this PE's redistributor (GICv3), 0 when GICR structures give them */
#define ACPI_GICC_MPIDR         68 /* u64: MPIDR_EL1's affinity fields */
#define ACPI_GICC_MIN_LEN       76 /* bytes through MPIDR (ACPI 5.1's structure; 80 from 6.0, 82 from 6.5) */
#define ACPI_GICC_FLAG_ENABLED        (1u << 0) /* the PE is usable */
#define ACPI_GICC_FLAG_PERF_EDGE      (1u << 1) /* Performance Interrupt Mode: 1 edge, 0 level */
#define ACPI_GICC_FLAG_ONLINE_CAPABLE (1u << 3) /* with Enabled 0: the PE can be enabled at run time (6.5) */

/* 5.2.12.15 GIC Distributor (GICD) Structure: one per system. */
#define ACPI_MADT_TYPE_GICD     0x0C
#define ACPI_GICD_PHYS_BASE     8  /* u64 */
#define ACPI_GICD_VERSION       20 /* u8: ACPI_GIC_VERSION_* */
#define ACPI_GICD_MIN_LEN       21 /* bytes through GIC version (the structure is 24) */
#define ACPI_GIC_VERSION_NONE   0  /* not given: the hardware says (GICD_PIDR2) */
#define ACPI_GIC_VERSION_V1     1
#define ACPI_GIC_VERSION_V2     2
#define ACPI_GIC_VERSION_V3     3
#define ACPI_GIC_VERSION_V4     4

/* 5.2.12.17 GIC Redistributor (GICR) Structure: one redistributor discovery range. */
#define ACPI_MADT_TYPE_GICR     0x0E
#define ACPI_GICR_BASE          4  /* u64: Discovery Range Base Address */
#define ACPI_GICR_LENGTH        12 /* u32: Discovery Range Length in bytes */
#define ACPI_GICR_MIN_LEN       16

/* 5.2.25 Generic Timer Description Table (GTDT): the timers' GSIVs (each followed by its u32 flags). */
#define ACPI_SIG_GTDT           "GTDT"
#define ACPI_GTDT_SECURE_EL1_GSIV     48 /* u32: Secure EL1 timer (CNTPS), 0: not provided */
#define ACPI_GTDT_NONSECURE_EL1_GSIV  56 /* u32: Non-secure EL1 timer (CNTP) */
#define ACPI_GTDT_VIRTUAL_EL1_GSIV    64 /* u32: virtual EL1 timer (CNTV) */
#define ACPI_GTDT_EL2_GSIV            72 /* u32: Non-secure EL2 timer (CNTHP) */
#define ACPI_GTDT_MIN_LEN       76 /* bytes through the EL2 timer's GSIV */

/* SPCR (Microsoft, revision 2 and later): the console UART. */
#define ACPI_SIG_SPCR           "SPCR"
#define ACPI_SPCR_INTERFACE_TYPE 36 /* u8: ACPI_SPCR_TYPE_* (DBG2 Table 3, Serial Port Subtypes) */
#define ACPI_SPCR_BASE_ADDRESS  40 /* Generic Address Structure (12 bytes) */
#define ACPI_SPCR_MIN_LEN       (ACPI_SPCR_BASE_ADDRESS + ACPI_GAS_LEN)
#define ACPI_SPCR_TYPE_16550          0x00 /* full 16550 */
#define ACPI_SPCR_TYPE_16450          0x01 /* 16550 subset (16450) */
#define ACPI_SPCR_TYPE_PL011          0x03 /* Arm PL011 UART */
#define ACPI_SPCR_TYPE_SBSA_32BIT     0x0D /* Arm SBSA (2.x only) Generic UART, 32-bit accesses (deprecated) */
#define ACPI_SPCR_TYPE_SBSA           0x0E /* Arm SBSA Generic UART */
#define ACPI_SPCR_TYPE_16550_GAS      0x12 /* 16550-compatible, register layout from the Generic Address Structure */

/* 5.2.3.2 Generic Address Structure (GAS). */
#define ACPI_GAS_SPACE_ID       0  /* u8: ACPI_GAS_SPACE_* */
#define ACPI_GAS_BIT_WIDTH      1  /* u8: Register Bit Width */
#define ACPI_GAS_BIT_OFFSET     2  /* u8: Register Bit Offset */
#define ACPI_GAS_ACCESS_SIZE    3  /* u8: ACPI_GAS_ACCESS_* */
#define ACPI_GAS_ADDRESS        4  /* u64 */
#define ACPI_GAS_LEN            12
#define ACPI_GAS_SPACE_MEMORY   0x00 /* System Memory space */
#define ACPI_GAS_ACCESS_UNDEFINED 0  /* legacy: the register width decides */
#define ACPI_GAS_ACCESS_BYTE    1
#define ACPI_GAS_ACCESS_WORD    2
#define ACPI_GAS_ACCESS_DWORD   3
#define ACPI_GAS_ACCESS_QWORD   4

#endif
