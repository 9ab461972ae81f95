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

#define PLAT_MAX_PES      8   /* PEs pmucheck tests; more in /cpus are reported and left alone */
#define PLAT_MAX_MEM      4   /* /memory ranges kept */
#define PLAT_BOOTARGS_MAX 256 /* bytes of /chosen/bootargs kept (with the NUL) */

enum plat_psci_method { PLAT_PSCI_NONE, PLAT_PSCI_SMC, PLAT_PSCI_HVC };

struct plat_range {
	uint64_t base, size; /* bytes */
};

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

struct plat_desc {
	bool from_fdt;              /* true: values read from the device tree at fdt_addr */
	uint32_t from_tree;         /* PLAT_FROM_TREE_* bits: the parts the tree gave */
	uint64_t fdt_addr;          /* physical address of the tree (0: none found) */
	uint32_t fdt_size;          /* bytes (fdt_totalsize), 0 without a tree */
	const char *fdt_why;        /* without a tree: why none was used (for the TAP header) */
	char model[64];             /* /model, or the platform name */
	struct plat_range mem[PLAT_MAX_MEM]; /* /memory reg, in tree order */
	unsigned mem_count;
	uint64_t uart_base;         /* PL011 (arm,pl011) named by /chosen/stdout-path */
	unsigned gic_version;       /* the interrupt controller: 2 (GICv2), 3 (GICv3/v4), 0: none pmucheck supports */
	char gic_compatible[32];    /* the compatible string the GIC matched; with none, the first
	                               interrupt-controller node's (its first string); "" when compiled in or none */
	uint64_t gicd_base;         /* reg[0] of arm,gic-v3 or a GICv2 (arm,gic.yaml): the distributor */
	struct plat_range gicr;     /* arm,gic-v3 reg[1]: the first redistributor region (GICv3 only) */
	uint64_t gicc_base;         /* GICv2 reg[1]: the memory-mapped CPU interface (GICC_*) */
	uint64_t gicc_size;         /* its size in bytes, as reg[1] gives it (8 KiB on GIC-400) */
	unsigned pmu_intid;         /* PMU overflow interrupt INTID (PPI: 16 + the tree's number) */
	unsigned timer_intid[4];    /* arm,armv8-timer INTIDs: Secure phys, NS phys, virtual, NS EL2 phys */
	enum plat_psci_method psci; /* /psci method, PLAT_PSCI_NONE without the node */
	uint64_t pe_mpidr[PLAT_MAX_PES]; /* /cpus/cpu@N reg (MPIDR_EL1 affinity fields), tree order */
	unsigned pe_count;          /* entries of pe_mpidr used */
	unsigned pe_count_in_tree;  /* cpu nodes seen (may exceed PLAT_MAX_PES) */
	uint64_t pe_release_addr[PLAT_MAX_PES]; /* enable-method "spin-table": the cpu node's cpu-release-addr, where
	                                           the PE, spinning, reads the address to enter at; 0: not spin-table */
	uint64_t pe_debug_base[PLAT_MAX_PES]; /* arm,coresight-cpu-debug reg of each PE: its external debug
	                                         registers (EDPCSR, ...), 4KB; 0: the tree names none */
	char bootargs[PLAT_BOOTARGS_MAX]; /* /chosen/bootargs, "" when absent */
};

extern struct plat_desc plat;

/*
 * Replace the compiled-in values of `plat` with the first valid device tree among cand[0..n-1] (0: none;
 * cand_name[i] says where that candidate came from, for the TAP header). Each must be mapped (mmu_boot()).
 * The compiled-in values (platform/<name>/platform.mk) then stay only where they apply
 * (platform_compiled_in_applies()); elsewhere what the tree does not give is absent: no memory but the image,
 * no UART (uart_base 0: the console is semihosting's), no GIC (gicd_base 0). Returns true when a tree was read;
 * else plat.fdt_why says why none was.
 */
bool platform_discover(const uint64_t *cand, unsigned n, const char *const *cand_name);

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

/* The platform's name (platform/<name>/). */
extern const char platform_name[];

/* The value of boot argument key=value in plat.bootargs (space-separated), copied into buf (size bytes);
 * NULL when absent. */
const char *platform_bootarg(const char *key, char *buf, size_t size);

/* Print `d` as TAP comment lines (the TAP header). */
void platform_desc_print(const struct plat_desc *d);

#endif
