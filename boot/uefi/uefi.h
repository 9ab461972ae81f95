/*
 * uefi.h - the few UEFI interfaces pmucheck.efi calls, as the UEFI Specification 2.10 defines them (section
 * numbers below). Only what efi_main.c uses: the system table, the boot services up to ExitBootServices(), the
 * Loaded Image protocol (the shell's command line), the text output protocol, the configuration table's ACPI and
 * device tree GUIDs and the memory map. Calls use the AArch64 calling convention (2.3.6: AAPCS64), which is the
 * C compiler's own, so the function pointers need no attribute.
 * Why not gnu-efi's headers: Debian ships its AArch64 efibind.h only in the arm64 package (gnu-efi:arm64, not
 * installable beside the amd64 toolchain without a foreign architecture), and pmucheck needs a dozen entries.
 */
#ifndef PMUCHECK_UEFI_H
#define PMUCHECK_UEFI_H

#include <stdint.h>

typedef uint64_t efi_status_t;
typedef void *efi_handle_t;
typedef uint16_t efi_char16_t;

/* Appendix D, "Status Codes": errors have the top bit set. */
#define EFI_SUCCESS           0
#define EFI_ERROR_BIT         (1ull << 63)
#define EFI_INVALID_PARAMETER (EFI_ERROR_BIT | 2)
#define EFI_UNSUPPORTED       (EFI_ERROR_BIT | 3)
#define EFI_BUFFER_TOO_SMALL  (EFI_ERROR_BIT | 5)
#define EFI_LOAD_ERROR        (EFI_ERROR_BIT | 1)

/* 2.3.1: EFI_GUID, 128 bits, 64-bit aligned. */
struct efi_guid {
	uint32_t data1;
	uint16_t data2, data3;
	uint8_t data4[8];
};

/* 4.2.1 EFI_TABLE_HEADER */
struct efi_table_header {
	uint64_t signature;
	uint32_t revision, header_size, crc32, reserved;
};

/* 12.4.1 EFI_SIMPLE_TEXT_OUTPUT_PROTOCOL: Reset, then OutputString (the rest is not called). */
struct efi_simple_text_output_protocol {
	efi_status_t (*reset)(struct efi_simple_text_output_protocol *self, uint8_t extended);
	efi_status_t (*output_string)(struct efi_simple_text_output_protocol *self, const efi_char16_t *string);
};

/* 7.2.3 EFI_MEMORY_DESCRIPTOR (entries are DescriptorSize bytes apart, which may exceed this struct). */
struct efi_memory_descriptor {
	uint32_t type;            /* EFI_MEMORY_TYPE, below */
	uint64_t physical_start;  /* 4 KiB aligned */
	uint64_t virtual_start;
	uint64_t number_of_pages; /* 4 KiB pages */
	uint64_t attribute;       /* EFI_MEMORY_* */
};

/* 7.2.1 EFI_MEMORY_TYPE (the ones pmucheck names) */
enum efi_memory_type {
	EFI_RESERVED_MEMORY_TYPE = 0,
	EFI_LOADER_CODE = 1,
	EFI_LOADER_DATA = 2,
	EFI_BOOT_SERVICES_CODE = 3,
	EFI_BOOT_SERVICES_DATA = 4,
	EFI_RUNTIME_SERVICES_CODE = 5,
	EFI_RUNTIME_SERVICES_DATA = 6,
	EFI_CONVENTIONAL_MEMORY = 7,
	EFI_UNUSABLE_MEMORY = 8,
	EFI_ACPI_RECLAIM_MEMORY = 9,
	EFI_ACPI_MEMORY_NVS = 10,
	EFI_MEMORY_MAPPED_IO = 11,
	EFI_MEMORY_MAPPED_IO_PORT_SPACE = 12,
	EFI_PAL_CODE = 13,
	EFI_PERSISTENT_MEMORY = 14,
};
#define EFI_MEMORY_WB (1ull << 3) /* 7.2.3: cacheable, write-back */

/* 7.2.1 EFI_ALLOCATE_TYPE */
enum efi_allocate_type { EFI_ALLOCATE_ANY_PAGES, EFI_ALLOCATE_MAX_ADDRESS, EFI_ALLOCATE_ADDRESS };

/* 4.4.1 EFI_BOOT_SERVICES, in table order; entries pmucheck does not call are void pointers. */
struct efi_boot_services {
	struct efi_table_header hdr;
	void *raise_tpl, *restore_tpl;
	efi_status_t (*allocate_pages)(enum efi_allocate_type type, enum efi_memory_type memory_type, uint64_t pages,
				       uint64_t *memory);
	efi_status_t (*free_pages)(uint64_t memory, uint64_t pages);
	efi_status_t (*get_memory_map)(uint64_t *memory_map_size, struct efi_memory_descriptor *memory_map,
				       uint64_t *map_key, uint64_t *descriptor_size, uint32_t *descriptor_version);
	efi_status_t (*allocate_pool)(enum efi_memory_type pool_type, uint64_t size, void **buffer);
	efi_status_t (*free_pool)(void *buffer);
	void *create_event, *set_timer, *wait_for_event, *signal_event, *close_event, *check_event;
	void *install_protocol_interface, *reinstall_protocol_interface, *uninstall_protocol_interface;
	efi_status_t (*handle_protocol)(efi_handle_t handle, const struct efi_guid *protocol, void **interface);
	void *reserved, *register_protocol_notify, *locate_handle, *locate_device_path, *install_configuration_table;
	void *load_image, *start_image, *exit, *unload_image;
	efi_status_t (*exit_boot_services)(efi_handle_t image_handle, uint64_t map_key);
	/* GetNextMonotonicCount .. CreateEventEx are not called */
};

/* 4.6.1 EFI_CONFIGURATION_TABLE */
struct efi_configuration_table {
	struct efi_guid vendor_guid;
	void *vendor_table;
};

/* 4.3.1 EFI_SYSTEM_TABLE */
struct efi_system_table {
	struct efi_table_header hdr;
	efi_char16_t *firmware_vendor;
	uint32_t firmware_revision;
	efi_handle_t console_in_handle;
	void *con_in;
	efi_handle_t console_out_handle;
	struct efi_simple_text_output_protocol *con_out;
	efi_handle_t standard_error_handle;
	struct efi_simple_text_output_protocol *std_err;
	void *runtime_services;
	struct efi_boot_services *boot_services;
	uint64_t number_of_table_entries;
	struct efi_configuration_table *configuration_table;
};

/* 9.1.1 EFI_LOADED_IMAGE_PROTOCOL (revision 0x1000) */
struct efi_loaded_image_protocol {
	uint32_t revision;
	efi_handle_t parent_handle;
	struct efi_system_table *system_table;
	efi_handle_t device_handle;
	void *file_path;
	void *reserved;
	uint32_t load_options_size; /* bytes */
	void *load_options;         /* the UEFI Shell's: the command line, UCS-2, the image's own name first */
	void *image_base;
	uint64_t image_size;
	enum efi_memory_type image_code_type, image_data_type;
	void *unload;
};

/* 9.1.1 EFI_LOADED_IMAGE_PROTOCOL_GUID */
#define EFI_LOADED_IMAGE_PROTOCOL_GUID \
	{ 0x5b1b31a1, 0x9562, 0x11d2, { 0x8e, 0x3f, 0x00, 0xa0, 0xc9, 0x69, 0x72, 0x3b } }
/* 4.6.1.1 "Industry Standard Configuration Tables": EFI_ACPI_20_TABLE_GUID (the ACPI 2.0+ RSDP) */
#define EFI_ACPI_20_TABLE_GUID \
	{ 0x8868e871, 0xe4f1, 0x11d3, { 0xbc, 0x22, 0x00, 0x80, 0xc7, 0x3c, 0x88, 0x81 } }
/* 4.6.1.3 "Devicetree Tables": EFI_DTB_TABLE_GUID (a flattened device tree) */
#define EFI_DTB_TABLE_GUID \
	{ 0xb1b621d5, 0xf19c, 0x41a5, { 0x83, 0x0b, 0xd9, 0x15, 0x2c, 0x69, 0xaa, 0xe0 } }

#endif
