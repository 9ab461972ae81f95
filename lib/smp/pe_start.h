/*
 * pe_start.h - bringing the other PEs up one at a time, and parking them again.
 *
 * Two ways, chosen by the level pmucheck was entered at:
 *  - entered at EL3, pmucheck is the firmware: every PE leaves reset at the image's entry (QEMU virt with
 *    secure=on starts every PE at the -kernel ELF's entry, as silicon starts every core at the reset
 *    vector); PEs other than PLAT_PRIMARY_MPIDR wait in a holding pen (boot/entry.S) until pe_start()
 *    names their MPIDR in the mailbox and sends an event (SEV);
 *  - entered at EL2 or EL1, a firmware below owns the PEs: PSCI CPU_ON (lib/smp/psci.h) with the entry
 *    entry the caller gives (boot/entry.S secondary_entry) and the PE index as context ID, through the
 *    device tree's /psci method; without /psci, the spin-table its cpu node names (enable-method
 *    "spin-table", cpu-release-addr: Linux Documentation/arch/arm64/booting.rst), whose PE is sent to the
 *    holding pen, which lets it go as at EL3 (the spin-table passes no context ID).
 * A PE that has not reported itself started within PE_START_TIMEOUT_MS is reported and left alone.
 */
#ifndef PMUCHECK_PE_START_H
#define PMUCHECK_PE_START_H

#include <stdbool.h>
#include <stdint.h>

#define PE_START_TIMEOUT_MS 1000

/* The holding pen's mailbox (boot/entry.S reads it with the MMU off): {MPIDR to release, its PE index}. */
extern volatile uint64_t pe_mailbox[2];

/*
 * Before the first pe_start(), MMU on, before mmu_map_platform(): room for `pes` PEs in lib/platform/pe_memory.h:
 * the stacks of PEs 1 to pes - 1 (lib/runtime/stacks.h: pmucheck_pe_stacks), their start states, and the
 * translation tables that mapping those needs (mmu_grow_tables()). Returns true (nothing to do for one PE), or
 * false with *why naming the sizes asked for and the room left.
 */
bool pe_setup(unsigned pes, const char **why);

/*
 * The boot code's entry points, once before the first pe_start(): `entry`, the physical address PSCI CPU_ON starts
 * a PE at (with x0 = its index; boot/entry.S secondary_entry), and `pen`, the holding pen's, where a spin-table
 * release sends it.
 */
void pe_set_entries(uint64_t entry, uint64_t pen);

/*
 * Start PE `idx` (plat.pe_mpidr[idx]) at the entry pe_set_entries() gave and wait until it reports itself started.
 * Returns true, or false with *why set (no room from pe_setup(), no way to start it, PSCI's error, or the timeout).
 */
bool pe_start(unsigned idx, const char **why);
/* Wait until PE `idx` reports that it has finished (no timeout: a hang is the watchdog's, lib/runtime/watchdog.h). */
void pe_wait_done(unsigned idx);

/* On the started PE: report started / finished (the primary waits for these). */
void pe_report_started(unsigned idx);
void pe_report_done(unsigned idx);
/*
 * On the started PE, when it is done: where PSCI started it, PSCI CPU_OFF (a later pe_start() turns it on again);
 * else (entered at EL3, or a spin-table) wait, MMU on, WFE, until pe_start() names it again, and return.
 */
void pe_park_or_wait(unsigned idx);
/* On the started PE, when it is done: PSCI CPU_OFF where PSCI started it, else wait for events forever. */
void __attribute__((noreturn)) pe_park(void);

/*
 * Running code on another PE while this one goes on (a sibling thread's events, FEAT_MTPMU). pe_call_start(): PE
 * idx is started (pe_start()) to run
 * fn(arg) at the orchestrator's Exception level, MMU on, on its own stacks, and this returns once it has
 * reported itself started, fn running; pe_call_wait() waits until it has returned and gives fn's result. The
 * started PE takes the call in pe_call_take() before its usual job. While a call runs, the caller must not use
 * the one-PE-at-a-time runtime (ctx_call(), the exception expectations): fn may. Returns false with *why when the
 * PE could not be started.
 */
bool pe_call_start(unsigned idx, uint64_t (*fn)(uint64_t), uint64_t arg, const char **why);
uint64_t pe_call_wait(unsigned idx);
/* On PE idx, after it reported itself started: run the call pe_call_start() left for it, if any (true). */
bool pe_call_take(unsigned idx);

/* Current system counter in milliseconds since an arbitrary origin (CNTPCT_EL0 / CNTFRQ_EL0). */
uint64_t pe_time_ms(void);

#endif
