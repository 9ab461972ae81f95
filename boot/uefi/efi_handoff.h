/*
 * efi_handoff.h - what pmucheck.efi's UEFI entry (efi_main.c) learnt from the firmware before ExitBootServices(),
 * left in the image for boot_main(): the image is copied, so the record travels inside its .data. boot_main()
 * takes the image for a UEFI start only when `magic` is EFI_HANDOFF_MAGIC (0 in an image booted any other way).
 */
#ifndef PMUCHECK_EFI_HANDOFF_H
#define PMUCHECK_EFI_HANDOFF_H

#include <stdint.h>

#include "platform/platform_desc.h"

#define EFI_HANDOFF_MAGIC 0x666f646e61684945ull /* "EIhandof" */
#define EFI_HANDOFF_MEM_MAX 8 /* cacheable RAM ranges kept from the memory map (merged), largest first */

struct efi_handoff {
	uint64_t magic;              /* EFI_HANDOFF_MAGIC: started by efi_main(); 0 otherwise */
	unsigned entered_el;         /* the Exception level UEFI started the application at */
	uint64_t rsdp;               /* ACPI 2.0+ RSDP from the configuration table (EFI_ACPI_20_TABLE_GUID); 0: none */
	uint64_t fdt;                /* device tree from the configuration table (EFI_DTB_TABLE_GUID); 0: none */
	char bootargs[PLAT_BOOTARGS_MAX]; /* the shell's command line after the image's name, ASCII */
	struct plat_range mem[EFI_HANDOFF_MEM_MAX]; /* RAM (EFI_MEMORY_WB ranges of the memory map), merged */
	unsigned mem_count;
	struct plat_range free;      /* the largest RAM range free after ExitBootServices() (boot services and
	                                conventional memory), outside the image: for run-time allocations */
	uint64_t image_copy;         /* where the image was copied to (64 KiB aligned, EfiLoaderData) */
	uint64_t image_loaded;       /* where the firmware had loaded it */
	unsigned map_entries;        /* memory map descriptors */
	unsigned exit_tries;         /* ExitBootServices() calls it took (a stale map key makes it fail) */
	char firmware_vendor[48];    /* EFI_SYSTEM_TABLE.FirmwareVendor, ASCII */
	uint32_t firmware_revision;
};

/* Written by efi_main() in the image the firmware loaded, read by boot_main() in the copy. */
extern struct efi_handoff efi_handoff;

#endif
