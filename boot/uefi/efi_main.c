/*
 * efi_main.c - pmucheck.efi's UEFI entry: the same image as pmucheck.bin, started by UEFI firmware as an
 * application (PE/COFF made from the ELF by binutils' objcopy, Makefile). Run under the firmware's MMU and stack,
 * at the EL it was started at (EL2 or EL1), with boot services: it takes the shell's command line (the Loaded
 * Image protocol's LoadOptions), finds the ACPI 2.0 RSDP and the device tree in the configuration table, copies
 * the image to 64 KiB aligned memory of its own (PIE_LOAD_ALIGN), takes the memory map and leaves boot services
 * (ExitBootServices(), again with a fresh map while the map key is stale: UEFI 2.10 7.4.6), then enters the
 * copy's reset entry with its MMU off (efi_enter_image), which sets the machine up as for any other boot and
 * reads efi_handoff. Before ExitBootServices() it prints through the firmware's console; after it, nothing until
 * pmucheck's own console is up. Returns to the firmware (the shell) only when something fails before
 * ExitBootServices(), with an EFI status.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "arch/sysreg.h"
#include "runtime/image_layout.h"
#include "boot/uefi/efi_handoff.h"
#include "boot/uefi/uefi.h"

extern char __image_start[], __bss_start[], __tls_base[], image_entry[]; /* linker/pmucheck.ld.S, boot/entry.S */

/* In .data, not .bss: written here, copied with the image, and read after the copy zeroes its BSS. */
struct efi_handoff efi_handoff __attribute__((section(".data.efi_handoff")));

/* boot/uefi/efi_entry.S: clean [start, end) to the Point of Coherency, turn this EL's MMU and caches off and
 * branch to `entry` with x0 = x0_value. Never returns. */
void efi_enter_image(uint64_t entry, uint64_t x0_value, uint64_t start, uint64_t end) __attribute__((noreturn));

static struct efi_system_table *st;

/* printf to the firmware's console (ConOut), "\n" as CR LF, characters as UCS-2. Boot services only. */
static void efi_printf(const char *fmt, ...)
{
	char buf[256];
	efi_char16_t out[2 * sizeof(buf)];
	unsigned i, n = 0;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (i = 0; buf[i] && n + 3 < sizeof(out) / sizeof(out[0]); i++) {
		if (buf[i] == '\n')
			out[n++] = '\r';
		out[n++] = (efi_char16_t)(unsigned char)buf[i];
	}
	out[n] = 0;
	if (st->con_out)
		st->con_out->output_string(st->con_out, out);
}

static bool guid_eq(const struct efi_guid *a, const struct efi_guid *b) { return memcmp(a, b, sizeof(*a)) == 0; }

/* UCS-2 to ASCII (other characters as '?'), at most `size` - 1 of them, NUL-terminated. */
static void ucs2_to_ascii(char *dst, size_t size, const efi_char16_t *src, size_t chars)
{
	size_t i;

	for (i = 0; i < chars && src[i] && i + 1 < size; i++)
		dst[i] = src[i] < 0x80 ? (char)src[i] : '?';
	dst[i] = 0;
}

/*
 * The boot arguments: the shell's command line (LoadOptions, UCS-2) without its first word when that names the
 * image (ends in .efi, any case: the UEFI Shell passes argv[0] first, 2.2 "Shell Application"); a boot option's
 * binary LoadOptions yield nothing useful and are left out when not printable.
 */
static void efi_bootargs(efi_handle_t image)
{
	static const struct efi_guid li_guid = EFI_LOADED_IMAGE_PROTOCOL_GUID;
	struct efi_loaded_image_protocol *li = NULL;
	char line[PLAT_BOOTARGS_MAX], *p = line;
	size_t len;

	efi_handoff.bootargs[0] = 0;
	if (st->boot_services->handle_protocol(image, &li_guid, (void **)&li) != EFI_SUCCESS || !li ||
	    !li->load_options || li->load_options_size < 2)
		return;
	ucs2_to_ascii(line, sizeof(line), li->load_options, li->load_options_size / 2);
	for (len = 0; line[len]; len++)
		if (line[len] < 0x20 || line[len] > 0x7e)
			line[len] = ' ';
	while (*p == ' ')
		p++;
	len = strcspn(p, " ");
	if (len >= 4 && strncasecmp(p + len - 4, ".efi", 4) == 0)
		p += len;
	while (*p == ' ')
		p++;
	snprintf(efi_handoff.bootargs, sizeof(efi_handoff.bootargs), "%s", p);
}

/* The ACPI 2.0+ RSDP and the device tree the configuration table gives (4.6). */
static void efi_config_tables(void)
{
	static const struct efi_guid acpi20 = EFI_ACPI_20_TABLE_GUID, dtb = EFI_DTB_TABLE_GUID;
	uint64_t i;

	for (i = 0; i < st->number_of_table_entries; i++) {
		const struct efi_configuration_table *t = &st->configuration_table[i];

		if (guid_eq(&t->vendor_guid, &acpi20))
			efi_handoff.rsdp = (uint64_t)(uintptr_t)t->vendor_table;
		else if (guid_eq(&t->vendor_guid, &dtb))
			efi_handoff.fdt = (uint64_t)(uintptr_t)t->vendor_table;
	}
}

/* Whether a memory map entry is RAM pmucheck maps as Normal memory: cacheable (EFI_MEMORY_WB) and of a type that
 * is memory, not MMIO, not reserved or unusable (7.2.3 Table 7-6). */
static bool efi_is_ram(const struct efi_memory_descriptor *d)
{
	return (d->attribute & EFI_MEMORY_WB) && d->type != EFI_RESERVED_MEMORY_TYPE && d->type != EFI_UNUSABLE_MEMORY &&
	       d->type != EFI_MEMORY_MAPPED_IO && d->type != EFI_MEMORY_MAPPED_IO_PORT_SPACE && d->type != EFI_PAL_CODE;
}

/* Whether it is free once boot services are gone (7.4.6: boot services code and data, conventional memory). */
static bool efi_is_free(const struct efi_memory_descriptor *d)
{
	return d->type == EFI_CONVENTIONAL_MEMORY || d->type == EFI_BOOT_SERVICES_CODE ||
	       d->type == EFI_BOOT_SERVICES_DATA;
}

/* Add [base, base + size) to ranges r[0..*n) (at most max), merging it with a range it touches. */
static void range_add(struct plat_range *r, unsigned *n, unsigned max, uint64_t base, uint64_t size)
{
	unsigned i;

	for (i = 0; i < *n; i++) {
		if (r[i].base + r[i].size == base) {
			r[i].size += size;
			return;
		}
		if (base + size == r[i].base) {
			r[i].base = base;
			r[i].size += size;
			return;
		}
	}
	if (*n < max) {
		r[*n].base = base;
		r[*n].size = size;
		(*n)++;
	} else { /* full: replace the smallest if this one is larger */
		unsigned s = 0;

		for (i = 1; i < max; i++)
			if (r[i].size < r[s].size)
				s = i;
		if (size > r[s].size) {
			r[s].base = base;
			r[s].size = size;
		}
	}
}

/* RAM and the largest free range, from the memory map taken for ExitBootServices() (entries in address order, as
 * firmware gives them; out of order they merge less, never wrongly). */
static void efi_memory_ranges(const uint8_t *map, uint64_t map_size, uint64_t desc_size)
{
	struct plat_range free[EFI_HANDOFF_MEM_MAX];
	unsigned nfree = 0, i;
	uint64_t off;

	for (off = 0; desc_size && off + sizeof(struct efi_memory_descriptor) <= map_size; off += desc_size) {
		const struct efi_memory_descriptor *d = (const void *)(map + off);
		uint64_t bytes = d->number_of_pages << 12;

		efi_handoff.map_entries++;
		if (efi_is_ram(d))
			range_add(efi_handoff.mem, &efi_handoff.mem_count, EFI_HANDOFF_MEM_MAX, d->physical_start, bytes);
		if (efi_is_free(d))
			range_add(free, &nfree, EFI_HANDOFF_MEM_MAX, d->physical_start, bytes);
	}
	for (i = 0; i < nfree; i++)
		if (free[i].size > efi_handoff.free.size)
			efi_handoff.free = free[i];
}

efi_status_t efi_main(efi_handle_t image, struct efi_system_table *systab)
{
	struct efi_boot_services *bs = systab->boot_services;
	uint64_t image_bytes = (uint64_t)(__image_end - __image_start), copy_bytes = (uint64_t)(__bss_start - __image_start);
	uint64_t pages = (image_bytes + PIE_LOAD_ALIGN + 4095) / 4096, alloc = 0, dest, map_size = 0, map_key = 0,
		 desc_size = 0;
	uint32_t desc_version = 0;
	void *map = NULL;
	efi_status_t rc;

	st = systab;
	__asm__ volatile("msr tpidr_el0, %0" ::"r"((uintptr_t)__tls_base - 16)); /* the C library's TLS: boot_main.c */
	memset(&efi_handoff, 0, sizeof(efi_handoff));
	efi_handoff.entered_el = current_el();
	efi_handoff.image_loaded = (uint64_t)(uintptr_t)__image_start;
	efi_handoff.firmware_revision = st->firmware_revision;
	if (st->firmware_vendor)
		ucs2_to_ascii(efi_handoff.firmware_vendor, sizeof(efi_handoff.firmware_vendor), st->firmware_vendor, 64);
	efi_printf("pmucheck.efi: started by %s (revision 0x%x) at EL%u, loaded at 0x%llx\n",
		   efi_handoff.firmware_vendor, efi_handoff.firmware_revision, efi_handoff.entered_el,
		   (unsigned long long)efi_handoff.image_loaded);
	efi_bootargs(image);
	efi_config_tables();
	efi_printf("pmucheck.efi: boot arguments \"%s\"; ACPI 2.0 RSDP %s0x%llx, device tree %s0x%llx\n",
		   efi_handoff.bootargs, efi_handoff.rsdp ? "at " : "none ", (unsigned long long)efi_handoff.rsdp,
		   efi_handoff.fdt ? "at " : "none ", (unsigned long long)efi_handoff.fdt);
	if (!efi_handoff.rsdp && !efi_handoff.fdt) {
		efi_printf("pmucheck.efi: the firmware gives neither ACPI tables nor a device tree: nothing describes "
			   "the platform\n");
		return EFI_UNSUPPORTED;
	}
	if (efi_handoff.entered_el == 3) {
		efi_printf("pmucheck.efi: started at EL3, which UEFI does not run applications at (2.3.6.1)\n");
		return EFI_UNSUPPORTED;
	}
	/* Below 4 GiB where there is room: the AArch32 contexts run code of the image (lib/runtime/aarch32.h) */
	alloc = 0xffffffffull;
	rc = bs->allocate_pages(EFI_ALLOCATE_MAX_ADDRESS, EFI_LOADER_DATA, pages, &alloc);
	if (rc != EFI_SUCCESS) {
		alloc = 0;
		rc = bs->allocate_pages(EFI_ALLOCATE_ANY_PAGES, EFI_LOADER_DATA, pages, &alloc);
	}
	if (rc != EFI_SUCCESS) {
		efi_printf("pmucheck.efi: AllocatePages(%llu pages) for the image's copy: status 0x%llx\n",
			   (unsigned long long)pages, (unsigned long long)rc);
		return rc;
	}
	dest = (alloc + PIE_LOAD_ALIGN - 1) & ~(uint64_t)(PIE_LOAD_ALIGN - 1);
	efi_handoff.image_copy = dest;
	efi_printf("pmucheck.efi: the image (%llu KiB with BSS, stacks and tables) goes to 0x%llx; leaving boot "
		   "services\n", (unsigned long long)(image_bytes >> 10), (unsigned long long)dest);

	/* The memory map, then ExitBootServices() with its key; a stale key (the map changed) fails with
	 * EFI_INVALID_PARAMETER, and then only GetMemoryMap() and ExitBootServices() may be called (7.4.6). */
	for (;;) {
		uint64_t size = map_size;

		rc = bs->get_memory_map(&size, map, &map_key, &desc_size, &desc_version);
		if (rc == EFI_BUFFER_TOO_SMALL && efi_handoff.exit_tries == 0) {
			if (map)
				bs->free_pool(map);
			map_size = size + 16 * desc_size; /* the pool allocation itself may add entries */
			if (bs->allocate_pool(EFI_LOADER_DATA, map_size, &map) != EFI_SUCCESS)
				return EFI_LOAD_ERROR;
			continue;
		}
		if (rc != EFI_SUCCESS) {
			if (efi_handoff.exit_tries == 0)
				efi_printf("pmucheck.efi: GetMemoryMap: status 0x%llx\n", (unsigned long long)rc);
			return rc;
		}
		efi_handoff.exit_tries++;
		rc = bs->exit_boot_services(image, map_key);
		if (rc == EFI_SUCCESS) {
			map_size = size;
			break;
		}
		if (rc != EFI_INVALID_PARAMETER || efi_handoff.exit_tries >= 8)
			return rc; /* boot services may be half gone: nothing is printed */
	}
	/* No boot services from here: the memory map, the copy, and off. */
	efi_memory_ranges(map, map_size, desc_size);
	efi_handoff.magic = EFI_HANDOFF_MAGIC;
	memcpy((void *)(uintptr_t)dest, __image_start, copy_bytes);
	efi_enter_image(dest + (uint64_t)(image_entry - __image_start), efi_handoff.fdt, dest, dest + copy_bytes);
}
