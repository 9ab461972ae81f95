/*
 * platform_desc.h - what pmucheck knows of the platform it runs on: read from the flattened device tree the
 * previous stage hands over (lib/dt/), or the compiled-in fallback of platform/<name>/ when no tree is found.
 * Filled once by the primary PE before the MMU maps anything (lib/mmu/ maps what it names); read-only after.
 */
#ifndef PMUCHECK_PLATFORM_DESC_H
#define PMUCHECK_PLATFORM_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PLAT_MAX_MEM      4   /* /memory ranges kept */
#define PLAT_MAX_GICR     16  /* GICv3 redistributor regions kept (arm,gic-v3 #redistributor-regions) */
#define PLAT_BOOTARGS_MAX 256 /* bytes of /chosen/bootargs kept (with the NUL) */
/*
 * The compatible of a node giving one PE's PMU external interface (the PMU's memory-mapped registers: PMPCSR,
 * PMPCSCTL, ... of FEAT_PCSRv8p9), with reg and a `cpu` phandle as arm,coresight-cpu-debug has. No Linux binding
 * exists for it; pmucheck's QEMU (qemu/patches) names it so on its virt board. Elsewhere no node: RMPZSB SKIPs.
 */
#define FDT_PMU_EXT_COMPAT "qemu,armv8-pmuv3-external"

enum plat_psci_method { PLAT_PSCI_NONE, PLAT_PSCI_SMC, PLAT_PSCI_HVC };

struct plat_range {
	uint64_t base, size; /* bytes */
};

/*
 * The console UART's family: which driver of lib/drivers/uart/ writes to it (uart.h names the compatibles of
 * each). PLAT_CONSOLE_NONE: no UART, the output goes through semihosting where the platform has it.
 */
enum plat_console_kind {
	PLAT_CONSOLE_NONE,
	PLAT_CONSOLE_PL011,     /* arm,pl011 */
	PLAT_CONSOLE_SBSA,      /* arm,sbsa-uart: the SBSA generic UART (a PL011 subset, 32-bit accesses only) */
	PLAT_CONSOLE_16550,     /* ns16550a, ns16550, ns16450, snps,dw-apb-uart */
	PLAT_CONSOLE_IMX,       /* fsl,imx21-uart */
	PLAT_CONSOLE_LPUART,    /* fsl,vf610-lpuart: 8-bit registers */
	PLAT_CONSOLE_LPUART32,  /* fsl,ls1021a-lpuart, fsl,imx7ulp-lpuart, ...: 32-bit registers */
	PLAT_CONSOLE_CADENCE,   /* cdns,uart-r1p12, cdns,uart-r1p8, xlnx,xuartps */
	PLAT_CONSOLE_MESON,     /* amlogic,meson-ao-uart, amlogic,meson-gx-uart */
	PLAT_CONSOLE_GENI,      /* qcom,geni-debug-uart */
	PLAT_CONSOLE_SCIF,      /* renesas,scif, renesas,hscif */
	PLAT_CONSOLE_S3C6400,   /* samsung,s3c6400-uart (UFSTAT.TxFIFOFull at bit 14) */
	PLAT_CONSOLE_EXYNOS,    /* samsung,exynos4210-uart, samsung,s5pv210-uart, ... (UFSTAT.TxFIFOFull at bit 24) */
	PLAT_CONSOLE_APPLE_S5L, /* apple,s5l-uart (UFSTAT.TxFIFOFull at bit 9, 32-bit accesses) */
	PLAT_CONSOLE_MSM_UARTDM, /* qcom,msm-uartdm: Qualcomm's UART with data mover */
	PLAT_CONSOLE_ARMADA_3700, /* marvell,armada-3700-uart */
	PLAT_CONSOLE_BCM63XX,   /* brcm,bcm6345-uart */
	PLAT_CONSOLE_RZ_SCIF,   /* renesas,scif-r9a07g044: the SCIF registers in the RZ/G2L's compressed layout */
	PLAT_CONSOLE_OWL,       /* actions,owl-uart */
	PLAT_CONSOLE_SPRD,      /* sprd,sc9836-uart */
	PLAT_CONSOLE_LINFLEX,   /* fsl,s32v234-linflexuart: NXP's LINFlexD in UART mode */
	PLAT_CONSOLE_EM,        /* renesas,em-uart: a 16550 with its registers moved */
	PLAT_CONSOLE_KINDS
};

/* Where the console's description came from (the TAP header says it). */
enum plat_console_from {
	PLAT_CONSOLE_FROM_BUILD,              /* compiled in: PLAT_UART_BASE, a PL011 */
	PLAT_CONSOLE_FROM_STDOUT_PATH,        /* the tree's /chosen/stdout-path */
	PLAT_CONSOLE_FROM_LINUX_STDOUT_PATH,  /* the tree's /chosen/linux,stdout-path (no stdout-path) */
	PLAT_CONSOLE_FROM_SERIAL0,            /* the tree's /aliases/serial0 (no stdout-path at all) */
	PLAT_CONSOLE_FROM_TREE_NONE,          /* a tree naming none of the three: no UART */
	PLAT_CONSOLE_FROM_BOOTARG,            /* the boot argument pmucheck.console=<earlycon spelling> */
	PLAT_CONSOLE_FROM_ACPI_SPCR,          /* the ACPI SPCR table (lib/acpi/) */
};

#define PLAT_CONSOLE_COMPAT_MAX 32 /* bytes of the node's first compatible string kept (with the NUL) */

/*
 * The console UART. Registers are at base + reg_offset + (register number << reg_shift), accessed
 * reg_io_width bytes at a time where the family allows a choice (16550, Samsung: the serial binding's
 * reg-shift and reg-io-width; every other family has one register layout and width). `why`: when kind is
 * PLAT_CONSOLE_NONE although the tree named a node, why it is unusable (NULL otherwise).
 */
struct plat_console {
	enum plat_console_kind kind;
	uint64_t base;             /* physical address, translated through the buses' ranges */
	unsigned reg_shift;        /* log2 of the register stride in bytes */
	unsigned reg_io_width;     /* bytes per access: 1 or 4 */
	unsigned reg_offset;       /* bytes before the first register (i.MX LPUART: 0x10) */
	bool big_endian;           /* 32-bit registers read and written big-endian (fsl,ls1021a-lpuart) */
	char compatible[PLAT_CONSOLE_COMPAT_MAX]; /* the node's first compatible string, "" when none */
	enum plat_console_from from;
	const char *why;
};

/* A short name of the family ("PL011", "16550", ...); "none" for PLAT_CONSOLE_NONE, "?" out of range. */
const char *plat_console_kind_name(enum plat_console_kind kind);

/*
 * Which parts of the description the device tree gave (plat_desc.from_tree, a bit each): a part whose bit is
 * clear is compiled in (platform/<name>/platform.mk) or absent, and the TAP header says which.
 */
#define PLAT_FROM_TREE_MEM     (1u << 0) /* /memory */
#define PLAT_FROM_TREE_CONSOLE (1u << 1) /* the console UART */
#define PLAT_FROM_TREE_GIC     (1u << 2) /* the interrupt controller */
#define PLAT_FROM_TREE_PMU     (1u << 3) /* the PMU overflow interrupt */
#define PLAT_FROM_TREE_TIMER   (1u << 4) /* the generic timer's interrupts */
#define PLAT_FROM_TREE_CPUS    (1u << 5) /* /cpus */
#define PLAT_FROM_TREE_PSCI    (1u << 6) /* /psci */

/*
 * Which ACPI tables gave parts of the description (plat_desc.from_acpi, a bit each; lib/acpi/acpi_platform.h):
 * MADT the GIC, the PEs and the PMU overflow interrupt; FADT the PSCI conduit; GTDT the timer INTIDs; SPCR the
 * console. Non-zero: the description was read from ACPI tables (from_fdt is then false).
 */
#define PLAT_FROM_ACPI_MADT    (1u << 0)
#define PLAT_FROM_ACPI_FADT    (1u << 1)
#define PLAT_FROM_ACPI_GTDT    (1u << 2)
#define PLAT_FROM_ACPI_SPCR    (1u << 3)

struct plat_desc {
	bool from_fdt;              /* true: values read from the device tree at fdt_addr */
	uint32_t from_tree;         /* PLAT_FROM_TREE_* bits: the parts the tree gave */
	uint64_t fdt_addr;          /* physical address of the tree (0: none found) */
	uint32_t fdt_size;          /* bytes (fdt_totalsize), 0 without a tree */
	const char *fdt_why;        /* without a tree: why none was used (for the TAP header) */
	uint32_t from_acpi;         /* PLAT_FROM_ACPI_* bits: the ACPI tables that gave parts (0: not read from ACPI) */
	uint64_t acpi_rsdp;         /* physical address of the ACPI RSDP read (0: none) */
	char model[64];             /* /model, or the platform name */
	struct plat_range mem[PLAT_MAX_MEM]; /* /memory reg, in tree order */
	unsigned mem_count;
	struct plat_console console; /* the console UART (/chosen/stdout-path, aliases/serial0, the boot argument) */
	unsigned gic_version;       /* the interrupt controller: 2 (GICv2), 3 (GICv3/v4), 0: none pmucheck supports */
	char gic_compatible[32];    /* the compatible string the GIC matched; with none, the first
	                               interrupt-controller node's (its first string); "" when compiled in or none */
	uint64_t gicd_base;         /* reg[0] of arm,gic-v3 or a GICv2 (arm,gic.yaml): the distributor */
	struct plat_range gicr[PLAT_MAX_GICR]; /* the redistributor regions (GICv3): arm,gic-v3 reg[1..gicr_count], or
	                                          the ACPI MADT's GICR structures (else one per GICC's GICR base) */
	unsigned gicr_count;        /* regions kept: #redistributor-regions (1 without it), at most PLAT_MAX_GICR */
	unsigned gicr_in_tree;      /* regions the tree (or the MADT) names (more than gicr_count: the rest unused) */
	uint64_t gicc_base;         /* GICv2 reg[1]: the memory-mapped CPU interface (GICC_*) */
	uint64_t gicc_size;         /* its size in bytes, as reg[1] gives it (8 KiB on GIC-400) */
	unsigned pmu_intid;         /* PMU overflow interrupt INTID (PPI: 16 + the tree's number) */
	unsigned timer_intid[4];    /* arm,armv8-timer INTIDs: Secure phys, NS phys, virtual, NS EL2 phys */
	enum plat_psci_method psci; /* /psci method, PLAT_PSCI_NONE without the node */
	/*
	 * The per-PE arrays, pe_capacity entries each, in memory the caller gives (platform_discover(): one entry in
	 * the image until the tree's PE count is known, then lib/platform/pe_memory.h; the host tests: malloc).
	 */
	unsigned pe_capacity;       /* entries each array below has room for */
	uint64_t *pe_mpidr;         /* /cpus/cpu@N reg (MPIDR_EL1 affinity fields), tree order */
	unsigned pe_count;          /* entries of pe_mpidr used: the cpu nodes seen, at most pe_capacity */
	unsigned pe_count_in_tree;  /* cpu nodes seen, or Enabled MADT GICC entries (more than pe_count: the arrays
	                               were too small) */
	unsigned pe_online_capable; /* MADT GICC entries Online Capable but not Enabled: not started (ACPI only) */
	uint64_t *pe_release_addr;  /* enable-method "spin-table": the cpu node's cpu-release-addr, where the PE,
	                               spinning, reads the address to enter at; 0: not spin-table */
	uint64_t *pe_debug_base;    /* arm,coresight-cpu-debug reg of each PE: its external debug registers (EDPCSR,
	                               ...), 4KB; 0: the tree names none */
	uint64_t *pe_pmu_ext_base;  /* FDT_PMU_EXT_COMPAT reg of each PE: its PMU's external interface (PMPCSR,
	                               PMPCSCTL, ...; FEAT_PCSRv8p9), 4KB; 0: none named */
	uint64_t *pe_pmu_gsiv;      /* each PE's PMU overflow interrupt, its MADT GICC Performance Interrupt GSIV
	                               (pmu_intid is PE 0's; they differ where the PMU interrupt is an SPI per PE);
	                               0 from a tree, whose one PPI serves every PE */
	char bootargs[PLAT_BOOTARGS_MAX]; /* /chosen/bootargs, "" when absent */
	bool power_off_at_exit;     /* end the run with PSCI SYSTEM_OFF where nothing answers semihosting (started by
	                               UEFI: the shell cannot get control back; pmucheck.semihosting=0, a hypervisor's
	                               guest); else a WFI loop */
};

extern struct plat_desc plat;

/*
 * Point d's per-PE arrays at `mem`, room for `capacity` PEs: PLAT_PE_WORDS * capacity uint64_t, zeroed by the
 * caller.
 */
#define PLAT_PE_WORDS 5u
static inline void plat_set_pe_arrays(struct plat_desc *d, uint64_t *mem, unsigned capacity)
{
	d->pe_capacity = capacity;
	d->pe_mpidr = mem;
	d->pe_release_addr = mem + capacity;
	d->pe_debug_base = mem + 2 * (size_t)capacity;
	d->pe_pmu_ext_base = mem + 3 * (size_t)capacity;
	d->pe_pmu_gsiv = mem + 4 * (size_t)capacity;
}

/*
 * Replace the compiled-in values of `plat` with the first valid device tree among cand[0..n-1] (0: none;
 * cand_name[i] says where that candidate came from, for the TAP header). Each must be mapped (mmu_boot()).
 * The compiled-in values (platform/<name>/platform.mk) then stay only where they apply
 * (platform_compiled_in_applies()); elsewhere what the tree does not give is absent: no memory but the image,
 * no UART (uart_base 0: the console is semihosting's), no GIC (gicd_base 0). Returns true when a tree was read;
 * else plat.fdt_why says why none was. A tree naming more PEs than the image's one entry is read twice: the PE
 * arrays go in a block of lib/platform/pe_memory.h between the reads; when that fails, *pe_why says why, with the
 * sizes (the caller ends the run).
 */
bool platform_discover(const uint64_t *cand, unsigned n, const char *const *cand_name, const char **pe_why);

/*
 * Replace the description with what the ACPI tables whose RSDP is at physical address rsdp say
 * (lib/acpi/acpi_platform.h: GIC, PEs, PMU interrupt, PSCI, timers, console); memory and boot arguments are left
 * as they are (the UEFI memory map and command line give them). Tables are read only inside ram[0..ram_count)
 * (mapped by mmu_boot()): one anywhere else is refused as unreadable. Nothing compiled in applies afterwards.
 * Returns true, or false with why (why_len bytes) naming the table and what is wrong, the description then
 * unchanged.
 */
bool platform_discover_acpi(uint64_t rsdp, const struct plat_range *ram, unsigned ram_count, char *why,
			    size_t why_len);

/*
 * Whether the image runs inside the compiled-in RAM window [PLAT_MEM_BASE, PLAT_MEM_BASE + PLAT_MEM_SIZE): the
 * only sign, before a tree is read or where none is found, that it runs on the platform it was built for.
 */
bool platform_in_compiled_window(void);

/*
 * Whether the compiled-in values of platform/<name>/platform.mk apply: before platform_discover(), where the
 * image runs in the compiled-in RAM window; after it, where the tree's root compatible is PLAT_COMPATIBLE, or
 * no tree was found and the image runs in that window. lib/drivers/console_early.S reads the same decision
 * from early_uart_base.
 */
bool platform_compiled_in_applies(void);

/*
 * Whether semihosting may be used: the HLT #0xF000 that an emulator or a debugger answers, and that is UNDEFINED
 * on a board without one. Built with it (PLAT_SEMIHOSTING), and either the compiled-in platform applies (QEMU
 * virt and FVP answer it), neither a tree nor ACPI tables were found (no UART, no boot arguments: a debugger or
 * an emulator is the only reader left), or the boot arguments say something answers it: pmucheck.qemu=<version>
 * (QEMU, whatever the board), pmucheck.console=semihosting, pmucheck.semihosting=1; never with
 * pmucheck.semihosting=0. Decided after platform_discover(). Elsewhere a run ends after its verdict with PSCI
 * SYSTEM_OFF where plat.power_off_at_exit (started by UEFI, or pmucheck.semihosting=0), else in a WFI loop
 * (platform_exit()), and prints only through its UART.
 */
bool platform_semihosting(void);

/* The PL011 lib/drivers/console_early.S writes to: 0 before the console is chosen (the compiled-in one, only
 * inside the compiled-in RAM window), ~0 when the console is none or not a PL011 (console_select()). */
extern uint64_t early_uart_base;

/* The platform's name (platform/<name>/). */
extern const char platform_name[];

/* The value of boot argument key=value in plat.bootargs (space-separated), copied into buf (size bytes);
 * NULL when absent. */
const char *platform_bootarg(const char *key, char *buf, size_t size);

/* Print `d` as TAP comment lines (the TAP header). */
void platform_desc_print(const struct plat_desc *d);

#endif
