/*
 * boot_main.c - first C code, at the Exception level pmucheck was entered at (the orchestrator's). Sets up
 * picolibc's TLS (none with newlib), reads the ID registers, gives every lower level its baseline (el3/, el2/,
 * el1/), reports which contexts exist, runs the test modules and exits with the verdict.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "drivers/console.h"
#include "mmu/mmu.h"
#include "mmu/page_tables.h"
#include "platform/pe_memory.h"
#include "platform/platform_desc.h"
#include "boot/uefi/efi_handoff.h"
#include "el1/svc_service.h"
#include "el2/hvc_service.h"
#include "el3/smc_service.h"
#include "platform/platform.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/image_layout.h"
#include "runtime/stacks.h"
#include "smp/pe_start.h"
#include "test/selection.h"
#include "test/test.h"
#include "tests.h"
#include "pe_class.h"

extern char __tls_base[], __tls_bss_start[], __tls_bss_end[]; /* linker/pmucheck.ld.S */
extern char __rela_start[], __rela_end[];                      /* Elf64_Rela entries, 24 bytes each */

/*
 * The C library's thread-local storage (picolibc's errno and the like, local-exec model; newlib has none):
 * the TLS block's .tdata is in place where the image was loaded, its .tbss is zeroed, and TPIDR_EL0 points
 * at the 16-byte TCB below the block (AArch64 ELF TLS, variant 1). What picolibc's _init_tls() and _set_tls()
 * do, but with section addresses only: those two read the block's sizes and the TCB offset from absolute
 * linker-script symbols through the GOT, which the linker relocates in a PIE as if they were addresses
 * (R_AARCH64_RELATIVE): a relocated image got each size plus its relocation offset (found booting at 0x48000000).
 */
static void tls_setup(bool first)
{
	if (first)
		memset(__tls_bss_start, 0, (size_t)(__tls_bss_end - __tls_bss_start));
	__asm__ volatile("msr tpidr_el0, %0" ::"r"((uintptr_t)__tls_base - 16) : "memory");
}
extern char secondary_entry[], pe_holding_pen[]; /* boot/entry.S */

/* Whether pmucheck.efi's UEFI entry started this image (boot/uefi/efi_main.c left its record). */
static bool started_by_uefi(void) { return efi_handoff.magic == EFI_HANDOFF_MAGIC; }

static char acpi_err[160]; /* why the ACPI tables were not usable ("" when they were, or were not read) */
static struct plat_range boot_ram[2 * EFI_HANDOFF_MEM_MAX]; /* what mmu_boot() mapped of RAM (uefi_boot_ram()) */
static unsigned boot_ram_count;

/*
 * Started by UEFI: what the firmware said replaces what the tree (or the build) said where the firmware knows
 * better: the boot arguments are the shell's command line (not /chosen/bootargs), RAM is the memory map's, and
 * the run ends with PSCI SYSTEM_OFF where nothing answers semihosting (the shell cannot get control back).
 * Which description wins when the firmware gives both: the device tree, unless it is a stub (no /cpus, as
 * firmware that boots with ACPI leaves), or the boot argument pmucheck.acpi=force asks for ACPI;
 * pmucheck.acpi=off never reads ACPI. Linux arm64 decides so (arch/arm64/kernel/acpi.c acpi_boot_table_init:
 * ACPI only with acpi=force or an empty tree), and that is the description firmware vendors test with.
 */
static void uefi_platform_adopt(void)
{
	char mode[8] = "";
	unsigned i;

	snprintf(plat.bootargs, sizeof(plat.bootargs), "%s", efi_handoff.bootargs);
	platform_bootarg("pmucheck.acpi", mode, sizeof(mode));
	if (efi_handoff.rsdp && strcmp(mode, "off") != 0 &&
	    (!plat.from_fdt || !(plat.from_tree & PLAT_FROM_TREE_CPUS) || strcmp(mode, "force") == 0))
		platform_discover_acpi(efi_handoff.rsdp, boot_ram, boot_ram_count, acpi_err, sizeof(acpi_err));
	plat.mem_count = 0;
	for (i = 0; i < efi_handoff.mem_count && plat.mem_count < PLAT_MAX_MEM; i++)
		plat.mem[plat.mem_count++] = efi_handoff.mem[i];
	plat.power_off_at_exit = true;
}

/*
 * The RAM mmu_boot() maps before the platform is read, started by UEFI: the memory map's RAM (where the ACPI tables
 * and the device tree are) less the free range pe_memory hands blocks out of, whose stacks' guard halves must stay
 * unmapped (lib/platform/pe_memory.h). Returns the ranges' count.
 */
static unsigned uefi_boot_ram(struct plat_range out[2 * EFI_HANDOFF_MEM_MAX])
{
	uint64_t lo = efi_handoff.free.base, hi = lo + efi_handoff.free.size;
	unsigned i, n = 0;

	for (i = 0; i < efi_handoff.mem_count; i++) {
		uint64_t b = efi_handoff.mem[i].base, e = b + efi_handoff.mem[i].size;

		if (e <= lo || b >= hi) {
			out[n++] = efi_handoff.mem[i];
			continue;
		}
		if (b < lo)
			out[n++] = (struct plat_range){ b, lo - b };
		if (e > hi)
			out[n++] = (struct plat_range){ hi, e - hi };
	}
	return n;
}

/* The TAP header's lines on the UEFI start. */
static void uefi_header(void)
{
	printf("# started by UEFI firmware \"%s\" (revision 0x%x) at EL%u as pmucheck.efi: loaded at 0x%llx, "
	       "copied to 0x%llx\n", efi_handoff.firmware_vendor, efi_handoff.firmware_revision,
	       efi_handoff.entered_el, (unsigned long long)efi_handoff.image_loaded,
	       (unsigned long long)efi_handoff.image_copy);
	printf("# UEFI memory map: %u descriptors, %u RAM ranges; ExitBootServices() took %u call%s; boot arguments "
	       "from the shell's command line\n", efi_handoff.map_entries, efi_handoff.mem_count,
	       efi_handoff.exit_tries, efi_handoff.exit_tries == 1 ? "" : "s");
	printf("# UEFI configuration table: ACPI 2.0 RSDP %s0x%llx, device tree %s0x%llx\n",
	       efi_handoff.rsdp ? "at " : "none, ", (unsigned long long)efi_handoff.rsdp,
	       efi_handoff.fdt ? "at " : "none, ", (unsigned long long)efi_handoff.fdt);
}

/* What a started PE does (set by the first PE before pe_start(), read by the PE with its MMU on). */
enum pe_job {
	PE_JOB_SUITE,  /* the whole suite */
	PE_JOB_RECORD, /* record its identification registers (tests/pe_class.h) */
	PE_JOB_CHECK,  /* the short check against its class */
};
static volatile enum pe_job pe_job;

/*
 * Where a device tree may be: x0 (the arm64 boot protocol) when 8-byte aligned, nonzero and within the 48-bit
 * reach of the translation tables (lib/mmu/), wherever the loader put it in RAM: mmu_boot() maps the 4 MiB from
 * its 2 MiB block as RAM before platform_discover() reads the header's magic and size (fdt_check_header), so
 * U-Boot's copy near the top of a large bank is read too; the tree is used only if it lies inside the memory its
 * own /memory nodes describe (platform_discover()). Then the platform's documented place
 * (PLAT_FDT_FALLBACK: QEMU virt puts it at the base of RAM), but only where the compiled-in values may apply
 * (the image runs in the compiled-in RAM window, platform_in_compiled_window()): on another board that address
 * may be anything. Zero: none.
 */
static unsigned fdt_candidates(uint64_t x0, uint64_t out[2])
{
	out[0] = (x0 != 0 && (x0 & 7) == 0 && x0 < BIT64(48) - (U64(4) << 20)) ? x0 : 0;
	out[1] = 0;
#ifdef PLAT_FDT_FALLBACK
	if (platform_in_compiled_window() && !started_by_uefi()) /* UEFI's memory is its own: no fallback guess */
		out[1] = PLAT_FDT_FALLBACK;
#endif
	return 2;
}

#ifndef PMUCHECK_TESTS
#define PMUCHECK_TESTS ""
#endif

/* The boot arguments' selection, parsed before the first line is printed (parse_selection()). */
static struct selection sel;
static bool sel_ok;
static char sel_err[320];

/*
 * Parse the boot arguments' pmucheck.* words (test/selection.h) and take the console they ask for before
 * anything is printed: the TAP header through the PL011 was a host write per character on QEMU, 1,500 a boot
 * and 5-10 ms of el3-max (make bench). Prints nothing; select_tests() reports the outcome.
 */
static void parse_selection(void)
{
	sel_ok = selection_parse_bootargs(&sel, plat.bootargs, sizeof(plat.bootargs), test_module_names,
					  test_module_count, plat.pe_count, sel_err, sizeof(sel_err));
	if (sel_ok && sel.console.kind != PLAT_CONSOLE_NONE)
		plat.console = sel.console; /* mapped by mmu_map_platform(), written to after console_select() */
	if (sel_ok && sel.console_semihosting)
		console_use_semihosting();
}

/*
 * The run's selection: the boot arguments' pmucheck.* words (parse_selection()), else the build's TESTS list.
 * A malformed or unknown selection ends the run (Bail out!, status 2) with what is valid: never an empty run
 * that passes, never something other than what was asked.
 */
static void select_tests(void)
{
	unsigned i;

	if (!sel_ok) {
		printf("Bail out! boot arguments: %s\n", sel_err);
		platform_exit(2);
	}
	if (sel.entries == 0 && PMUCHECK_TESTS[0] &&
	    !selection_parse_tests(&sel, PMUCHECK_TESTS, test_module_names, test_module_count, sel_err,
				   sizeof(sel_err))) {
		printf("Bail out! TESTS=%s (build): %s\n", PMUCHECK_TESTS, sel_err);
		platform_exit(2);
	}
	if (sel.entries)
		printf("# selected: %u test list entr%s (first: %s)\n", sel.entries, sel.entries == 1 ? "y" : "ies",
		       sel.entry[0]);
	if (sel.pes == SELECTION_PES_DISTINCT)
		printf("# selected PEs: distinct: the suite on the first PE of each class, the class check on the rest\n");
	for (i = 0; i < sel.pe_ranges; i++)
		printf("%s%u-%u%s", i ? "," : "# selected PEs: ", (unsigned)sel.pe_range[i].first,
		       (unsigned)sel.pe_range[i].last, i + 1 == sel.pe_ranges ? "\n" : "");
	test_set_selection(&sel);
	if (sel.console_semihosting)
		printf("# console: %s\n", console_use_semihosting()
			? "semihosting SYS_WRITE0, 4 KiB or a module at a time"
			: "the UART (pmucheck.console=semihosting ignored: built without semihosting)");
}

/* The header lines of one PE: which it is and what its PMU says it implements. */
static void pe_header(unsigned idx)
{
	printf("# PE %u: MPIDR_EL1 = 0x%010llx MIDR_EL1 = 0x%08llx\n", idx,
	       (unsigned long long)(read_mpidr_el1() & MPIDR_EL1_AFF_MASK), (unsigned long long)read_midr_el1());
	features_print();
}

/* pe_job on the running PE, PE idx: its own ID registers, every level's baseline, then the suite or the class
 * check (or only the record of its registers). */
static void pe_run_job(unsigned idx)
{
	char prefix[16];

	pe_current = idx;
	if (pe_job == PE_JOB_RECORD) {
		pe_class_record(idx);
		return;
	}
	features_read();
	baseline_restore_all();
	if (plat.pe_count > 1) {
		snprintf(prefix, sizeof(prefix), "pe%u.", idx);
		test_set_pe_prefix(prefix);
		if (pe_job == PE_JOB_SUITE)
			pe_header(idx);
	}
	if (pe_job == PE_JOB_SUITE)
		tests_run_all();
	else
		pe_class_check(idx);
	test_set_pe_prefix("");
}

/*
 * `job` on PE idx: here for PE 0, else started (and waited for) on it; the test points it gave go to the summary.
 * A PE that does not start is a failed test point pe<N>.pe_start, except for the record (it then has no class).
 */
static void pe_run(unsigned idx, enum pe_job job)
{
	unsigned p0, f0, s0, p1, f1, s1;
	const char *why;
	char prefix[16];

	pe_job = job;
	test_counts(&p0, &f0, &s0);
	if (idx == 0) {
		pe_run_job(0);
	} else if (pe_start(idx, &why)) {
		pe_wait_done(idx);
	} else if (job != PE_JOB_RECORD) {
		snprintf(prefix, sizeof(prefix), "pe%u.", idx);
		test_set_pe_prefix(prefix);
		tap_fail_point("pe_start", "PSCI CPU_ON / spin-table / holding pen (lib/smp/pe_start.h)",
			       "PE %u (MPIDR 0x%llx): %s", idx, (unsigned long long)plat.pe_mpidr[idx], why);
		test_set_pe_prefix("");
	}
	test_counts(&p1, &f1, &s1);
	if (job != PE_JOB_RECORD)
		pe_class_result(idx, p1 - p0, f1 - f0, s1 - s0);
}

/*
 * Every PE the selection names, one after the other: the suite (pmucheck.pes=all or a list), or with distinct a
 * first round recording each PE's registers, the classes in the header, then the suite on each class's first PE
 * and the class check on the others (a PE without a class, which did not start for its record, gets the suite).
 */
static void run_pes(void)
{
	bool distinct = sel.pes == SELECTION_PES_DISTINCT;
	uint64_t start = pe_time_ms();
	unsigned i, ran = 0;

	if (distinct) {
		for (i = 0; i < plat.pe_count; i++)
			pe_run(i, PE_JOB_RECORD);
		pe_class_assign(plat.pe_count);
		pe_class_print(plat.pe_count);
	}
	for (i = 0; i < plat.pe_count; i++) {
		if (!selection_pe_selected(&sel, i))
			continue;
		pe_run(i, !distinct || pe_class_of(i) == PE_CLASS_NONE || pe_class_first(i) ? PE_JOB_SUITE : PE_JOB_CHECK);
		ran++;
	}
	if (plat.pe_count > 1) {
		/* the generic timer's count (CNTPCT_EL0), for make bench's per-PE cost: what grows with the PE count */
		uint64_t ms = pe_time_ms() - start;

		pe_class_summary(plat.pe_count, distinct);
		printf("# PEs run: %u in %llu ms (%llu us per PE), from the first PE's start to the last one's report\n",
		       ran, (unsigned long long)ms, (unsigned long long)(ran ? ms * 1000 / ran : 0));
	}
}

void __attribute__((noreturn)) boot_main(unsigned el, uint64_t x0)
{
	static const char *const cand_name[2] = { "at x0 (boot protocol)",
						  "at the platform's fallback address (PLAT_FDT_FALLBACK)" };
	uint64_t cand[2];
	const char *why;
	char version[16];
	unsigned c, n;

	/* MMU off: every data access is Device memory, so nothing from picolibc runs before mmu_boot(). */
	orchestrator_el = el;
	n = fdt_candidates(x0, cand);
	boot_ram_count = started_by_uefi() ? uefi_boot_ram(boot_ram) : 0;
	if (mmu_boot(cand, n, boot_ram, boot_ram_count) != 0)
		platform_exit(2);
	tls_setup(true);
	features_read();
	if (started_by_uefi()) /* run-time allocations from memory UEFI left free, not after the image */
		pe_memory_set_region(efi_handoff.free.base, efi_handoff.free.size);
	platform_discover(cand, n, cand_name, &why);
	if (why) {
		printf("Bail out! memory for the PEs: %s\n", why);
		platform_exit(2);
	}
	if (started_by_uefi())
		uefi_platform_adopt();
	parse_selection();
	if ((plat.pe_count > 1 && !pe_class_setup(plat.pe_count, &why)) || !pe_setup(plat.pe_count, &why)) {
		printf("Bail out! memory for the PEs: %s\n", why);
		platform_exit(2);
	}
	if (mmu_map_platform() != 0) {
		printf("Bail out! translation table pool exhausted (%u tables): the platform maps too much\n",
		       xlat_tables_max());
		platform_exit(2);
	}
	console_select();
	if (platform_bootarg("pmucheck.semihosting", version, sizeof(version)) && strcmp(version, "0") == 0)
		plat.power_off_at_exit = true; /* nothing answers SYS_EXIT's HLT there: PSCI SYSTEM_OFF ends the run */
	if (acpi_err[0]) { /* the firmware's tables are wrong: nothing is guessed around them */
		printf("Bail out! ACPI: %s\n", acpi_err);
		platform_exit(2);
	}
	test_set_platform_version(platform_bootarg("pmucheck.qemu", version, sizeof(version)),
				  platform_compiled_in_applies());
	exc_set_service(3, el3_smc_service);
	exc_set_service(2, el2_hvc_service);
	exc_set_service(1, el1_svc_service);
	baseline_restore_all();

	printf("TAP version 14\n");
	printf("# pmucheck: PMUv3 conformance checks (platform %s)\n", platform_name);
	printf("# entered at EL%u\n", el);
	if (el == 1 && features.el2) /* tests/pmu_util.h pmu_el2_control_why() */
		printf("# EL2 is implemented and a higher level's (a hypervisor's, say): MDCR_EL2.HPMN is taken as PMCR_EL0.N "
		       "as read at EL1 (%u), every counter EL1 reaches in the first range; the checks that set MDCR_EL2 "
		       "SKIP\n", features.pmu.num_counters);
	if (started_by_uefi())
		uefi_header();
	printf("# image at 0x%llx, linked at 0x%llx: %u relocations applied (boot/entry.S pie_relocate)\n",
	       (unsigned long long)(uintptr_t)__text_start, (unsigned long long)PLAT_RAM_BASE,
	       (unsigned)((uintptr_t)(__rela_end - __rela_start) / 24));
	platform_desc_print(&plat);
	if (platform_bootarg("pmucheck.qemu", version, sizeof(version)))
		printf("# QEMU %s (boot argument pmucheck.qemu): the deviations recorded for it apply\n", version);
	else if (!platform_compiled_in_applies())
		printf("# the deviations recorded in platform/%s/xfail.c do not apply: not that platform, and no "
		       "pmucheck.qemu=<version>\n", platform_name);
	printf("# MMU and caches %s at EL%u: %u translation tables of %u used\n", mmu_enabled() ? "on" : "OFF", el,
	       xlat_tables_used(), xlat_tables_max());
	pe_memory_print();
	if (plat.pe_count > 1)
		printf("# every check runs on each of the %u PEs in turn; test points are named pe<N>.<name>\n",
		       plat.pe_count);
	else
		pe_header(0);
	for (c = 0; c < CTX_COUNT; c++) {
		if (!ctx_available((enum ctx)c, &why))
			printf("# context %s: not available: %s\n", ctx_name((enum ctx)c), why);
	}
	if (el < 3 && !features.el3)
		printf("# no EL3: the Security state is IMPLEMENTATION DEFINED; contexts are named Non-secure\n");
	select_tests();
	pe_set_entries((uint64_t)(uintptr_t)secondary_entry, (uint64_t)(uintptr_t)pe_holding_pen);
	run_pes();
	pe_current = 0;
	features_read();
	platform_exit(tap_finish() ? 1 : 0);
}

/*
 * First C code of every PE but the first (boot/entry.S secondary_entry), MMU off, at the EL it was started
 * at: turns its MMU on with the tables the first PE built, runs its job (the suite, its record or the class check),
 * reports, and parks, or waits for its next job where no PSCI CPU_OFF ends it (pe_park_or_wait()).
 */
void __attribute__((noreturn)) secondary_main(unsigned el, unsigned idx)
{
	if (el != orchestrator_el || mmu_enable_secondary() != 0)
		pe_park(); /* never reports started: pe_start() names it */
	tls_setup(false);
	for (;;) {
		pe_report_started(idx);
		if (!pe_call_take(idx)) /* a call another PE's check left for this one (lib/smp/pe_start.h), else a job */
			pe_run_job(idx);
		pe_report_done(idx);
		pe_park_or_wait(idx);
	}
}
