/*
 * selection.h - what a run is asked to do: which test points and which PEs, from the boot arguments
 * (/chosen/bootargs, or QEMU's -append) and the build (make run TESTS=...). Pure C: the firmware parses with
 * it, the host fuzzes it (tests/fuzz/fuzz_selection.c) and runs the kept corpus in `make test`.
 *
 * Boot arguments are space-separated words; pmucheck reads those that start "pmucheck." and leaves the rest
 * to others:
 *   pmucheck.tests=<list>   test points to run: comma-separated entries, each a test point name or a leading
 *                           part of one cut at a '.' ("enable", "access.pmcr_el0", "ebep.irq.ns_el1"); the first
 *                           component must name a module. Default: every test point.
 *   pmucheck.pes=<pes>      PEs to run the suite on: all (the default); comma-separated indexes or ranges
 *                           ("0,2-3", "0-511"; at most SELECTION_MAX_PE_RANGES entries, each index below the PE
 *                           count); or distinct: the suite on the first PE of each class (same MIDR_EL1, REVIDR_EL1,
 *                           PMCR_EL0.{N, IDCODE}, PMCEID0_EL0, PMCEID1_EL0, ID_AA64DFR0_EL1, ID_AA64DFR1_EL1) and
 *                           on every other PE a short check against its class (tests/pe_class.h)
 *   pmucheck.order=<order>  default (the module list's order) or random:<seed> (the modules in the order a
 *                           seeded shuffle gives; seed a decimal or 0x-hex 64-bit number): the verdicts must not
 *                           change, which shows every module starts from the reset state and leaves it
 *   pmucheck.qemu=<version> the QEMU version, which selects its recorded deviations (test.h)
 *   pmucheck.console=<sink> uart (the default: the console UART the device tree names, lib/dt/fdt_platform.h),
 *                           semihosting (the output goes out 4 KiB or a module at a time through semihosting
 *                           SYS_WRITE0, lib/drivers/console.h: on QEMU a trap and a host write per 4 KiB, not per
 *                           character; needs a platform with semihosting and, since lower contexts print,
 *                           semihosting allowed at EL0), or a UART in the spelling of Linux's earlycon=
 *                           (Documentation/admin-guide/kernel-parameters.txt), which overrides the tree's choice:
 *                           <name>[,<iotype>],0x<address>[,<options>], names uart8250 and uart (16550: iotype mmio,
 *                           8-bit registers 1 byte apart, the default, or mmio32, 32-bit registers 4 bytes apart),
 *                           pl011 (mmio or mmio32; accessed 32 bits at a time either way), cdns, imxuart, lpuart,
 *                           lpuart32 (mmio32: little-endian; mmio32be, the default: big-endian), meson, qcom_geni,
 *                           scif, hscif, exynos4210 and s3c6400 (mmio, the default, or mmio32: UTXH written 8 or 32
 *                           bits at a time), s5l; options (the baud rate) are accepted and ignored: the previous
 *                           boot stage set the UART up. The address must be aligned to the access width.
 *   pmucheck.sweep=<count>:<seed>
 *                           the randomized sweep (tests/sweep.c): <count> configurations, 1..SELECTION_MAX_SWEEP
 *                           in decimal without leading zeros, drawn from <seed>, 64 bits in decimal or 0x-prefixed
 *                           hex ("200:0x5eed", "100000:42"). Default: the sweep's own short count and fixed seed.
 *   pmucheck.semihosting=1  a debugger or an emulator answers semihosting here: the console falls back to it and a
 *                           run ends with SYS_EXIT (lib/platform/platform_desc.h platform_semihosting()); 0: nothing
 *                           does, even on the compiled-in platform (a hypervisor's guest on QEMU's virt board under
 *                           KVM), and a run ends with PSCI SYSTEM_OFF; absent: only where pmucheck knows one does
 *   pmucheck.acpi=<mode>    started by UEFI with both ACPI tables and a device tree: force (ACPI describes the
 *                           platform) or off (never ACPI); default: the tree unless it is a stub (boot/boot_main.c)
 * Any other pmucheck.* word, an empty value or a malformed list is an error: the run must not go on with
 * something else than what was asked.
 */
#ifndef PMUCHECK_SELECTION_H
#define PMUCHECK_SELECTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "platform/platform_desc.h"

#define SELECTION_MAX_ENTRIES 16
#define SELECTION_MAX_NAME    64  /* bytes of one entry, NUL included (test point names fit in 64) */
#define SELECTION_MAX_PE_RANGES 32 /* entries of one pmucheck.pes list */

enum selection_pes {
	SELECTION_PES_ALL,      /* every PE (pmucheck.pes=all, or none given) */
	SELECTION_PES_LIST,     /* the PEs of pe_range[] */
	SELECTION_PES_DISTINCT, /* one PE of each class, a short check on the others */
};

struct selection_pe_range {
	uint32_t first, last; /* PE indexes, first <= last */
};
#define SELECTION_MAX_SWEEP   100000000u /* configurations one pmucheck.sweep may ask for */
#define SELECTION_MAX_CONSOLE_ADDR ((1ull << 48) - 0x1000) /* pmucheck.console addresses are below: 48-bit tables */

struct selection {
	unsigned entries;                                   /* 0: every test point */
	char entry[SELECTION_MAX_ENTRIES][SELECTION_MAX_NAME];
	enum selection_pes pes;                             /* which PEs (pmucheck.pes) */
	unsigned pe_ranges;                                 /* entries of pe_range used (SELECTION_PES_LIST) */
	struct selection_pe_range pe_range[SELECTION_MAX_PE_RANGES];
	bool random_order;                                  /* pmucheck.order=random:<seed> */
	uint64_t order_seed;
	bool sweep;                                         /* pmucheck.sweep given: the two below hold it */
	uint32_t sweep_count;                               /* 1..SELECTION_MAX_SWEEP; 0 when !sweep */
	uint64_t sweep_seed;                                /* 0 when !sweep */
	bool console_semihosting;                           /* pmucheck.console=semihosting */
	struct plat_console console;                        /* pmucheck.console=<earlycon spelling>; kind none:
	                                                       not given (from PLAT_CONSOLE_FROM_BOOTARG else) */
};

/* An empty selection: every test point, every PE. */
void selection_init(struct selection *s);

/*
 * Parse a test list (the value of pmucheck.tests, or TESTS= at build time) into s->entry[]. modules: the
 * module names (nmodules of them). Returns true, or false with a one-line message in err (never longer than
 * errlen - 1) naming the bad entry and, for an unknown module, listing the valid ones.
 */
bool selection_parse_tests(struct selection *s, const char *text, const char *const *modules, unsigned nmodules,
			   char *err, size_t errlen);

/*
 * Parse the value of pmucheck.pes ("all", "distinct", or a list "0,2-3") into s->pes and s->pe_range[]; false
 * with err set on a bad number, a range that ends below its start, an index >= max_pes (the PE count), or more
 * than SELECTION_MAX_PE_RANGES entries.
 */
bool selection_parse_pes(struct selection *s, const char *text, unsigned max_pes, char *err, size_t errlen);

/* Whether the suite runs on PE pe by s->pes: always for all and distinct (which decides per class itself). */
bool selection_pe_selected(const struct selection *s, unsigned pe);

/* Parse an order ("default" or "random:<seed>") into s->random_order and s->order_seed; false with err set. */
bool selection_parse_order(struct selection *s, const char *text, char *err, size_t errlen);

/*
 * Parse a sweep request "<count>:<seed>" (the value of pmucheck.sweep) into s->sweep*; false with err set on
 * anything else: an empty or zero count, a leading zero, a count above SELECTION_MAX_SWEEP, a missing ':',
 * an empty seed, a seed above 2^64 - 1, a character that is not a digit of the seed's base.
 */
bool selection_parse_sweep(struct selection *s, const char *text, char *err, size_t errlen);

/*
 * Parse a console in Linux's earlycon spelling (the value of pmucheck.console other than uart and semihosting,
 * above) into s->console; false with err set on an unknown name, an iotype the family does not take, an address
 * that is not 0x-hex, zero, not below SELECTION_MAX_CONSOLE_ADDR or not aligned to the access width.
 */
bool selection_parse_console(struct selection *s, const char *text, char *err, size_t errlen);

/*
 * Parse the pmucheck.* words of a boot argument string (at most `len` bytes are read; it need not end in NUL)
 * into s. Words of other software are ignored. Returns false with err set on an unknown pmucheck.* key, a
 * repeated key, an empty value or a bad list.
 */
bool selection_parse_bootargs(struct selection *s, const char *bootargs, size_t len, const char *const *modules,
			      unsigned nmodules, unsigned max_pes, char *err, size_t errlen);

/* Whether test point `name` is selected; counts a hit on every entry it matches (s->hits, for unmatched()). */
bool selection_matches(const struct selection *s, const char *name, unsigned *hits);

#endif
