/*
 * acpi_platform.c - see acpi_platform.h. Every read goes through acpi_map(); every multi-byte field through
 * acpi_le16/32/64() of acpi_tables.h (little-endian, any alignment).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "acpi/acpi_platform.h"
#include "acpi/acpi_tables.h"

/*
 * The size of one redistributor (GICv3 Architecture Specification, IHI 0069, 12.10: RD_base and SGI_base frames
 * of 64 KiB; a GICv4 adds VLPI_base and a reserved frame), for a range built from GICC GICR base addresses.
 */
#define GICV3_GICR_SIZE 0x20000u
#define GICV4_GICR_SIZE 0x40000u
/* The memory-mapped GICv2 CPU interface: 8 KiB (IHI 0048B, 4.1.3: GICC_DIR at 0x1000); the GICC gives no size. */
#define GICV2_GICC_SIZE 0x2000u

/* A read in progress: the accessor, and where to say what is wrong. */
struct acpi_reader {
	const struct acpi_mem *mem;
	char *why;
	size_t why_len;
};

/* Record why the read fails (printf-style) and return false. */
static bool acpi_fail(struct acpi_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool acpi_fail(struct acpi_reader *r, const char *fmt, ...)
{
	va_list ap;

	if (r->why_len) {
		va_start(ap, fmt);
		vsnprintf(r->why, r->why_len, fmt, ap);
		va_end(ap);
	}
	return false;
}

/* [addr, addr + len) through the accessor; NULL when it wraps or is not all readable. */
static const uint8_t *acpi_map(struct acpi_reader *r, uint64_t addr, uint64_t len)
{
	if (addr + len < addr)
		return NULL;
	return r->mem->map(r->mem, addr, len);
}

const void *acpi_mem_identity(const struct acpi_mem *mem, uint64_t addr, uint64_t len)
{
	(void)mem;
	if (!addr || addr + len < addr || addr + len - 1 > UINTPTR_MAX)
		return NULL;
	return (const void *)(uintptr_t)addr;
}

/* The sum of len bytes at p, modulo 256 (5.2.5.3, 5.2.6: a valid table's bytes sum to 0). */
static uint8_t acpi_sum(const uint8_t *p, uint32_t len)
{
	uint8_t sum = 0;

	while (len--)
		sum = (uint8_t)(sum + *p++);
	return sum;
}

/* A 4-byte signature as text for a message: itself when printable, else its hex bytes. */
static const char *acpi_sig_text(const uint8_t *sig, char buf[12])
{
	unsigned i;

	for (i = 0; i < 4; i++)
		if (sig[i] < 0x20 || sig[i] > 0x7e || sig[i] == '"')
			break;
	if (i == 4)
		snprintf(buf, 12, "\"%.4s\"", (const char *)sig);
	else
		snprintf(buf, 12, "0x%02x%02x%02x%02x", sig[0], sig[1], sig[2], sig[3]);
	return buf;
}

/*
 * The table at addr whose signature must be sig (4 characters; name: the table's name in messages), checked in the order that lets no field be
 * used before it is known to be inside the table (5.2.6): its header readable, its signature, its Length at
 * least min_len (itself at least the header) and at most ACPI_TABLE_MAX_LEN, all Length bytes readable, their
 * sum 0. Returns the table and its Length in *len, or NULL (why set).
 */
static const uint8_t *acpi_table(struct acpi_reader *r, uint64_t addr, const char *sig, const char *name,
				 uint32_t min_len, uint32_t *len)
{
	const uint8_t *t = acpi_map(r, addr, ACPI_HDR_LEN);
	char text[12];
	uint8_t sum;

	if (!t) {
		acpi_fail(r, "%s: its header at 0x%llx is not readable", name, (unsigned long long)addr);
		return NULL;
	}
	if (memcmp(t + ACPI_HDR_SIGNATURE, sig, 4) != 0) {
		acpi_fail(r, "%s: signature %s at 0x%llx", name, acpi_sig_text(t + ACPI_HDR_SIGNATURE, text),
			  (unsigned long long)addr);
		return NULL;
	}
	*len = acpi_le32(t + ACPI_HDR_LENGTH);
	if (min_len < ACPI_HDR_LEN)
		min_len = ACPI_HDR_LEN;
	if (*len < min_len) {
		acpi_fail(r, "%s: Length %u is shorter than the %u bytes read", name, (unsigned)*len, (unsigned)min_len);
		return NULL;
	}
	if (*len > ACPI_TABLE_MAX_LEN) {
		acpi_fail(r, "%s: Length %u is above the %u bytes pmucheck reads", name, (unsigned)*len,
			  ACPI_TABLE_MAX_LEN);
		return NULL;
	}
	t = acpi_map(r, addr, *len);
	if (!t) {
		acpi_fail(r, "%s: its %u bytes at 0x%llx are not all readable", name, (unsigned)*len,
			  (unsigned long long)addr);
		return NULL;
	}
	sum = acpi_sum(t, *len);
	if (sum) {
		acpi_fail(r, "%s: checksum 0x%02x, bytes sum to 0x%02x", name, t[ACPI_HDR_CHECKSUM], sum);
		return NULL;
	}
	return t;
}

/*
 * The RSDP at addr (5.2.5.3): signature, Revision 2 or later, the checksum of its first 20 bytes, Length at
 * least 36 and readable, the extended checksum over Length bytes. Returns the XSDT's address, or 0 (why set).
 */
static uint64_t acpi_rsdp_xsdt(struct acpi_reader *r, uint64_t addr)
{
	const uint8_t *p = acpi_map(r, addr, ACPI_RSDP_V2_LEN);
	uint32_t len;
	uint8_t sum;

	if (!p)
		return acpi_fail(r, "RSDP: its %u bytes at 0x%llx are not readable", ACPI_RSDP_V2_LEN,
				 (unsigned long long)addr);
	if (memcmp(p, ACPI_RSDP_SIGNATURE, ACPI_RSDP_SIG_LEN) != 0)
		return acpi_fail(r, "RSDP: no \"RSD PTR \" signature at 0x%llx", (unsigned long long)addr);
	sum = acpi_sum(p, ACPI_RSDP_V1_LEN);
	if (sum)
		return acpi_fail(r, "RSDP: checksum 0x%02x, its first %u bytes sum to 0x%02x", p[ACPI_RSDP_CHECKSUM],
				 ACPI_RSDP_V1_LEN, sum);
	if (p[ACPI_RSDP_REVISION] < 2)
		return acpi_fail(r, "RSDP: revision %u, an ACPI 1.0 RSDP without an XSDT (2 or later needed)",
				 p[ACPI_RSDP_REVISION]);
	len = acpi_le32(p + ACPI_RSDP_LENGTH);
	if (len < ACPI_RSDP_V2_LEN || len > ACPI_TABLE_MAX_LEN)
		return acpi_fail(r, "RSDP: Length %u (%u to %u expected)", (unsigned)len, ACPI_RSDP_V2_LEN,
				 ACPI_TABLE_MAX_LEN);
	p = acpi_map(r, addr, len);
	if (!p)
		return acpi_fail(r, "RSDP: its %u bytes at 0x%llx are not all readable", (unsigned)len,
				 (unsigned long long)addr);
	sum = acpi_sum(p, len);
	if (sum)
		return acpi_fail(r, "RSDP: extended checksum 0x%02x, its %u bytes sum to 0x%02x",
				 p[ACPI_RSDP_EXT_CHECKSUM], (unsigned)len, sum);
	if (!acpi_le64(p + ACPI_RSDP_XSDT_ADDRESS))
		return acpi_fail(r, "RSDP: XsdtAddress is 0");
	return acpi_le64(p + ACPI_RSDP_XSDT_ADDRESS);
}

/* The tables the reader uses, found in the XSDT (the first of each signature; 0: absent). */
enum acpi_which { ACPI_FADT, ACPI_MADT, ACPI_GTDT, ACPI_SPCR, ACPI_WHICH };
static const char *const acpi_sig[ACPI_WHICH] = { ACPI_SIG_FADT, ACPI_SIG_MADT, ACPI_SIG_GTDT, ACPI_SIG_SPCR };
static const char *const acpi_name[ACPI_WHICH] = { "FADT", "MADT", "GTDT", "SPCR" };

/*
 * The XSDT at addr (5.2.8): checked as every table (acpi_table()), its Length a whole number of 8-byte entries;
 * each entry's header must be readable. Fills addr_of[] and the model (OEM ID, OEM Table ID). Returns false (why
 * set) on a bad XSDT.
 */
static bool acpi_read_xsdt(struct acpi_reader *r, uint64_t addr, uint64_t addr_of[ACPI_WHICH], struct plat_desc *d)
{
	uint32_t len, off;
	const uint8_t *t = acpi_table(r, addr, ACPI_SIG_XSDT, "XSDT", ACPI_HDR_LEN, &len), *h;
	uint64_t entry;
	unsigned i;
	char oem[ACPI_HDR_OEMID_LEN + ACPI_HDR_OEM_TABLE_ID_LEN + 2];
	size_t n = 0;

	if (!t)
		return false;
	if ((len - ACPI_XSDT_ENTRIES) % ACPI_XSDT_ENTRY_LEN)
		return acpi_fail(r, "XSDT: Length %u leaves a partial entry", (unsigned)len);
	for (off = ACPI_XSDT_ENTRIES; off < len; off += ACPI_XSDT_ENTRY_LEN) {
		entry = acpi_le64(t + off);
		h = acpi_map(r, entry, ACPI_HDR_LEN);
		if (!h)
			return acpi_fail(r, "XSDT: entry %u (0x%llx) is not readable",
					 (unsigned)((off - ACPI_XSDT_ENTRIES) / ACPI_XSDT_ENTRY_LEN), (unsigned long long)entry);
		for (i = 0; i < ACPI_WHICH; i++)
			if (!addr_of[i] && memcmp(h + ACPI_HDR_SIGNATURE, acpi_sig[i], 4) == 0)
				addr_of[i] = entry;
	}
	/* the model: "<OEM ID> <OEM Table ID>", each without its trailing spaces, unprintable bytes as '?' */
	for (i = 0; i < ACPI_HDR_OEMID_LEN + ACPI_HDR_OEM_TABLE_ID_LEN; i++) {
		uint8_t c = t[ACPI_HDR_OEMID + i]; /* the OEM Table ID follows the OEM ID */

		if (i == ACPI_HDR_OEMID_LEN) {
			while (n && oem[n - 1] == ' ')
				n--;
			oem[n++] = ' ';
		}
		oem[n++] = c >= 0x20 && c <= 0x7e ? (char)c : c ? '?' : ' ';
	}
	while (n && oem[n - 1] == ' ')
		n--;
	oem[n] = '\0';
	snprintf(d->model, sizeof(d->model), "%s", oem);
	return true;
}

/* FADT ARM_BOOT_ARCH (5.2.9, Table 5.12): the PSCI conduit. */
static bool acpi_read_fadt(struct acpi_reader *r, uint64_t addr, struct plat_desc *d)
{
	uint32_t len;
	const uint8_t *t = acpi_table(r, addr, ACPI_SIG_FADT, "FADT", ACPI_FADT_MIN_LEN, &len);
	uint16_t arch;

	if (!t)
		return false;
	arch = acpi_le16(t + ACPI_FADT_ARM_BOOT_ARCH);
	d->psci = !(arch & ACPI_ARM_BOOT_ARCH_PSCI_COMPLIANT) ? PLAT_PSCI_NONE
		  : arch & ACPI_ARM_BOOT_ARCH_PSCI_USE_HVC    ? PLAT_PSCI_HVC
							     : PLAT_PSCI_SMC;
	d->from_acpi |= PLAT_FROM_ACPI_FADT;
	return true;
}

/* The MPIDR fields a GICC may set (5.2.12.14: bits [63:40] and [31:24] must be zero): Aff3, Aff2, Aff1, Aff0. */
#define ACPI_GICC_MPIDR_AFFINITY 0xff00ffffffull

/*
 * One Enabled PE of the MADT: its MPIDR and its PMU overflow interrupt (the GICC Performance Interrupt GSIV; on a
 * GIC, a GSIV is the INTID). The only place the reader writes per-PE fields: PEs beyond d->pe_capacity (the room
 * its per-PE arrays have) are counted in pe_count_in_tree and not kept, as the device tree reader does; the caller
 * reads again with arrays that hold them all (platform_discover_acpi()).
 */
static void acpi_add_pe(struct plat_desc *d, uint64_t mpidr, uint32_t perf_gsiv)
{
	d->pe_count_in_tree++;
	if (d->pe_count >= d->pe_capacity)
		return;
	d->pe_mpidr[d->pe_count] = mpidr;
	d->pe_pmu_gsiv[d->pe_count] = perf_gsiv;
	d->pe_release_addr[d->pe_count] = 0;
	d->pe_debug_base[d->pe_count] = 0;
	d->pe_pmu_ext_base[d->pe_count] = 0;
	d->pe_count++;
}

/* Add [base, base + size) to the redistributor ranges: merged into the last one when it follows it, else counted
 * in gicr_in_tree and kept in gicr[] while there is room. */
static void acpi_add_gicr(struct plat_desc *d, uint64_t base, uint64_t size)
{
	struct plat_range *last = d->gicr_count ? &d->gicr[d->gicr_count - 1] : NULL;

	if (last && base == last->base + last->size && last->size + size >= size) {
		last->size += size;
		return;
	}
	if (last && base == last->base)
		return; /* the same redistributor named twice */
	d->gicr_in_tree++;
	if (d->gicr_count < PLAT_MAX_GICR)
		d->gicr[d->gicr_count++] = (struct plat_range){ base, size };
}

/*
 * What the MADT's first pass finds (acpi_read_madt()): the GICD, and whether GICR structures describe the
 * redistributors (5.2.12.14: then every GICC GICR base address is 0 and not used).
 */
struct acpi_madt_found {
	bool gicd;
	uint8_t gic_version;   /* the GICD's GIC version (ACPI_GIC_VERSION_*) */
	uint64_t gicd_base;
	unsigned gicr_structs; /* GICR structures */
	bool gicc_gicr;        /* a usable GICC has a non-zero GICR base address */
	uint64_t gicc_base;    /* the first usable GICC's Physical Base Address */
};

/* The size of one redistributor for a GICD GIC version (a GICC GICR base address names one). */
static uint64_t acpi_gicr_size(uint8_t version)
{
	return version == ACPI_GIC_VERSION_V4 ? GICV4_GICR_SIZE : GICV3_GICR_SIZE;
}

/*
 * One GICC (5.2.12.14), its length checked. An Enabled PE is one pmucheck can start (PSCI CPU_ON); an Online
 * Capable one that is not Enabled is absent until an OS brings it up at run time: counted, not started. Either
 * has valid addresses; a GICC with neither flag describes nothing usable. Pass 0 notes the CPU interface and
 * whether GICC GICR base addresses are given; pass 1 adds the PE and its redistributor.
 */
static void acpi_madt_gicc(const uint8_t *e, unsigned pass, struct plat_desc *d, struct acpi_madt_found *f)
{
	uint32_t flags = acpi_le32(e + ACPI_GICC_FLAGS);
	uint64_t gicr = acpi_le64(e + ACPI_GICC_GICR_BASE);

	if (!(flags & (ACPI_GICC_FLAG_ENABLED | ACPI_GICC_FLAG_ONLINE_CAPABLE)))
		return;
	if (pass == 0) {
		if (!f->gicc_base)
			f->gicc_base = acpi_le64(e + ACPI_GICC_PHYS_BASE);
		f->gicc_gicr |= gicr != 0;
		return;
	}
	if (flags & ACPI_GICC_FLAG_ENABLED)
		acpi_add_pe(d, acpi_le64(e + ACPI_GICC_MPIDR) & ACPI_GICC_MPIDR_AFFINITY, acpi_le32(e + ACPI_GICC_PERF_GSIV));
	else
		d->pe_online_capable++;
	if (gicr && !f->gicr_structs)
		acpi_add_gicr(d, gicr, acpi_gicr_size(f->gic_version));
}

/* The MADT entry types read, and the bytes read of each (through the last field used). */
static const struct {
	uint8_t type, min_len;
	const char *name;
} acpi_madt_read[] = {
	{ ACPI_MADT_TYPE_GICC, ACPI_GICC_MIN_LEN, "GICC" },
	{ ACPI_MADT_TYPE_GICD, ACPI_GICD_MIN_LEN, "GICD" },
	{ ACPI_MADT_TYPE_GICR, ACPI_GICR_MIN_LEN, "GICR" },
};

/*
 * One MADT entry at t + off, its length elen inside the table (the caller checked): long enough for what is
 * read of it, then a GICC (acpi_madt_gicc()), a GICD (pass 0; 5.2.12.15: one per system, a second is ignored)
 * or a GICR (pass 0); other types are skipped.
 */
static bool acpi_madt_entry(struct acpi_reader *r, const uint8_t *t, uint32_t off, uint32_t elen, unsigned pass,
			    struct plat_desc *d, struct acpi_madt_found *f)
{
	const uint8_t *e = t + off;
	uint8_t type = e[ACPI_MADT_ENTRY_TYPE];
	unsigned i;

	for (i = 0; i < sizeof(acpi_madt_read) / sizeof(acpi_madt_read[0]); i++)
		if (type == acpi_madt_read[i].type && elen < acpi_madt_read[i].min_len)
			return acpi_fail(r, "MADT: %s entry at offset %u has length %u, below the %u bytes read",
					 acpi_madt_read[i].name, (unsigned)off, (unsigned)elen, acpi_madt_read[i].min_len);
	if (type == ACPI_MADT_TYPE_GICC) {
		acpi_madt_gicc(e, pass, d, f);
	} else if (type == ACPI_MADT_TYPE_GICD && pass == 0 && !f->gicd) {
		f->gicd = true;
		f->gicd_base = acpi_le64(e + ACPI_GICD_PHYS_BASE);
		f->gic_version = e[ACPI_GICD_VERSION];
	} else if (type == ACPI_MADT_TYPE_GICR && pass == 0) {
		f->gicr_structs++;
		acpi_add_gicr(d, acpi_le64(e + ACPI_GICR_BASE), acpi_le32(e + ACPI_GICR_LENGTH));
	}
	return true;
}

/*
 * The GIC version from the MADT: the GICD's decides; version 0 ("not given": an OS reads GICD_PIDR2, which this
 * reader does not touch) is taken as GICv3 when a GICR structure or a GICC GICR base address names
 * redistributors, else GICv2 when a GICC names a CPU interface. No GICD, GICv1 and unknown versions: 0, none
 * pmucheck supports (as the device tree reader leaves a GIC it does not support).
 */
static unsigned acpi_gic_version(const struct acpi_madt_found *f)
{
	uint8_t v = f->gic_version;

	if (v == ACPI_GIC_VERSION_NONE)
		v = f->gicr_structs || f->gicc_gicr ? ACPI_GIC_VERSION_V3
		    : f->gicc_base                 ? ACPI_GIC_VERSION_V2
						   : ACPI_GIC_VERSION_NONE;
	if (!f->gicd)
		return 0;
	return v == ACPI_GIC_VERSION_V2 ? 2 : v == ACPI_GIC_VERSION_V3 || v == ACPI_GIC_VERSION_V4 ? 3 : 0;
}

/*
 * The MADT (5.2.12): its entries walked twice (pass 0: the GICD and the GICR structures, which decide how the
 * GICCs' redistributors are read; pass 1: the GICCs), each entry's Length checked (at least 2, inside the table)
 * before its type is looked at. The PEs, the PMU overflow interrupt and the GIC into d (replaced whole).
 */
static bool acpi_read_madt(struct acpi_reader *r, uint64_t addr, struct plat_desc *d)
{
	uint32_t len, off, elen;
	const uint8_t *t = acpi_table(r, addr, ACPI_SIG_MADT, "MADT", ACPI_MADT_ENTRIES, &len);
	struct acpi_madt_found f = { 0 };
	unsigned pass;

	if (!t)
		return false;
	d->pe_count = d->pe_count_in_tree = d->pe_online_capable = 0;
	d->gic_version = 0;
	d->gic_compatible[0] = '\0';
	d->gicd_base = d->gicc_base = d->gicc_size = 0;
	d->gicr_count = d->gicr_in_tree = 0;
	for (pass = 0; pass < 2; pass++) {
		for (off = ACPI_MADT_ENTRIES; off < len; off += elen) {
			if (len - off < ACPI_MADT_ENTRY_MIN_LEN)
				return acpi_fail(r, "MADT: %u bytes at offset %u, short of an entry header",
						 (unsigned)(len - off), (unsigned)off);
			elen = t[off + ACPI_MADT_ENTRY_LENGTH];
			if (elen < ACPI_MADT_ENTRY_MIN_LEN)
				return acpi_fail(r, "MADT: entry at offset %u (type 0x%02x) has length %u", (unsigned)off,
						 t[off + ACPI_MADT_ENTRY_TYPE], (unsigned)elen);
			if (elen > len - off)
				return acpi_fail(r, "MADT: entry at offset %u (type 0x%02x, length %u) runs past the table's "
						 "%u bytes", (unsigned)off, t[off + ACPI_MADT_ENTRY_TYPE], (unsigned)elen,
						 (unsigned)len);
			if (!acpi_madt_entry(r, t, off, elen, pass, d, &f))
				return false;
		}
	}
	if (!d->pe_count)
		return acpi_fail(r, "MADT: no Enabled GICC entry (no PE to run on)");
	d->pmu_intid = d->pe_pmu_gsiv[0];
	d->gic_version = acpi_gic_version(&f);
	if (d->gic_version == 2) {
		d->gicd_base = f.gicd_base;
		d->gicc_base = f.gicc_base;
		d->gicc_size = f.gicc_base ? GICV2_GICC_SIZE : 0;
	} else if (d->gic_version == 3) {
		d->gicd_base = f.gicd_base;
	}
	if (d->gic_version != 3) {
		memset(d->gicr, 0, sizeof(d->gicr));
		d->gicr_count = d->gicr_in_tree = 0;
	}
	d->from_acpi |= PLAT_FROM_ACPI_MADT;
	return true;
}

/* The GTDT (5.2.25): the four PE timers' GSIVs, in timer_intid's order. */
static bool acpi_read_gtdt(struct acpi_reader *r, uint64_t addr, struct plat_desc *d)
{
	uint32_t len;
	const uint8_t *t = acpi_table(r, addr, ACPI_SIG_GTDT, "GTDT", ACPI_GTDT_MIN_LEN, &len);

	if (!t)
		return false;
	d->timer_intid[0] = acpi_le32(t + ACPI_GTDT_SECURE_EL1_GSIV);
	d->timer_intid[1] = acpi_le32(t + ACPI_GTDT_NONSECURE_EL1_GSIV);
	d->timer_intid[2] = acpi_le32(t + ACPI_GTDT_VIRTUAL_EL1_GSIV);
	d->timer_intid[3] = acpi_le32(t + ACPI_GTDT_EL2_GSIV);
	d->from_acpi |= PLAT_FROM_ACPI_GTDT;
	return true;
}

/*
 * The SPCR's UART (Microsoft SPCR, DBG2 Table 3): PL011 and the SBSA generic UART (32-bit registers), and the
 * 16550 family, whose Generic Address Structure gives the register width (Register Bit Width: 8 or 32, the
 * register stride, reg_shift 0 or 2) and the access size (Access Size 1 or 3, or undefined: the register width;
 * reg_io_width 1 or 4), as Linux's SPCR reader turns it into an earlycon "mmio"/"mmio32". Only System Memory
 * addresses; anything else fails the read.
 */
static bool acpi_read_spcr(struct acpi_reader *r, uint64_t addr, struct plat_desc *d)
{
	static char none_why[120]; /* the console.why of a console no driver writes to */
	uint32_t len;
	const uint8_t *t = acpi_table(r, addr, ACPI_SIG_SPCR, "SPCR", ACPI_SPCR_MIN_LEN, &len), *gas;
	struct plat_console c = { .kind = PLAT_CONSOLE_NONE, .from = PLAT_CONSOLE_FROM_ACPI_SPCR };
	uint8_t type, width, access;

	if (!t)
		return false;
	type = t[ACPI_SPCR_INTERFACE_TYPE];
	gas = t + ACPI_SPCR_BASE_ADDRESS;
	width = gas[ACPI_GAS_BIT_WIDTH];
	access = gas[ACPI_GAS_ACCESS_SIZE];
	c.base = acpi_le64(gas + ACPI_GAS_ADDRESS);
	none_why[0] = 0;
	/* A well-formed SPCR whose console pmucheck cannot drive leaves no UART (console.why says why, and
	 * pmucheck.console=<earlycon> can still name one); only a malformed one refuses the tables. */
	if (gas[ACPI_GAS_SPACE_ID] != ACPI_GAS_SPACE_MEMORY)
		snprintf(none_why, sizeof(none_why), "SPCR: base address in address space 0x%02x, not System Memory",
			 gas[ACPI_GAS_SPACE_ID]);
	else if (!c.base) /* the SPCR's "console redirection disabled" */
		snprintf(none_why, sizeof(none_why), "SPCR: base address 0 (console redirection disabled)");
	switch (none_why[0] ? 0xff : type) {
	case 0xff:
		break;
	case ACPI_SPCR_TYPE_PL011:
		c.kind = PLAT_CONSOLE_PL011;
		c.reg_io_width = 4;
		break;
	case ACPI_SPCR_TYPE_SBSA:
	case ACPI_SPCR_TYPE_SBSA_32BIT:
		c.kind = PLAT_CONSOLE_SBSA;
		c.reg_io_width = 4;
		break;
	case ACPI_SPCR_TYPE_16550:
	case ACPI_SPCR_TYPE_16450:
	case ACPI_SPCR_TYPE_16550_GAS:
		if (access == ACPI_GAS_ACCESS_UNDEFINED)
			access = width == 8 ? ACPI_GAS_ACCESS_BYTE : ACPI_GAS_ACCESS_DWORD;
		if (width != 8 && width != 32)
			snprintf(none_why, sizeof(none_why), "SPCR: 16550 register bit width %u (8 or 32 supported)", width);
		else if (access != ACPI_GAS_ACCESS_BYTE && access != ACPI_GAS_ACCESS_DWORD)
			snprintf(none_why, sizeof(none_why), "SPCR: 16550 access size %u (1: byte or 3: dword supported)",
				 access);
		else {
			c.kind = PLAT_CONSOLE_16550;
			c.reg_shift = width == 32 ? 2 : 0;
			c.reg_io_width = access == ACPI_GAS_ACCESS_DWORD ? 4 : 1;
		}
		break;
	default:
		snprintf(none_why, sizeof(none_why), "SPCR: interface type 0x%02x not supported", type);
		break;
	}
	if (c.kind != PLAT_CONSOLE_NONE && c.base % c.reg_io_width)
		return acpi_fail(r, "SPCR: base address 0x%llx not aligned to its %u-byte accesses",
				 (unsigned long long)c.base, c.reg_io_width);
	if (c.kind == PLAT_CONSOLE_NONE) {
		c.base = 0;
		c.why = none_why;
	}
	d->console = c;
	d->from_acpi |= PLAT_FROM_ACPI_SPCR;
	return true;
}

bool acpi_platform_read(uint64_t rsdp_addr, const struct acpi_mem *mem, struct plat_desc *d, char *why,
			size_t why_len)
{
	struct acpi_reader r = { mem, why, why_len };
	uint64_t xsdt, addr_of[ACPI_WHICH] = { 0 };
	unsigned i;

	if (why_len)
		why[0] = '\0';
	d->from_acpi = 0;
	xsdt = acpi_rsdp_xsdt(&r, rsdp_addr);
	if (!xsdt || !acpi_read_xsdt(&r, xsdt, addr_of, d))
		return false;
	for (i = 0; i <= ACPI_MADT; i++) /* the required ones */
		if (!addr_of[i])
			return acpi_fail(&r, "%s: not in the XSDT", acpi_name[i]);
	if (!acpi_read_fadt(&r, addr_of[ACPI_FADT], d) || !acpi_read_madt(&r, addr_of[ACPI_MADT], d))
		return false;
	if (addr_of[ACPI_GTDT] && !acpi_read_gtdt(&r, addr_of[ACPI_GTDT], d))
		return false;
	d->console = (struct plat_console){ .kind = PLAT_CONSOLE_NONE, .from = PLAT_CONSOLE_FROM_ACPI_SPCR,
					    .why = "no SPCR table" };
	if (addr_of[ACPI_SPCR] && !acpi_read_spcr(&r, addr_of[ACPI_SPCR], d))
		return false;
	d->from_fdt = false;
	d->fdt_addr = 0;
	d->fdt_size = 0;
	d->acpi_rsdp = rsdp_addr;
	return true;
}
