/*
 * pe_start.c - see pe_start.h.
 */
#include <stddef.h>
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/sysreg.h"
#include "mmu/mmu.h"
#include "platform/pe_memory.h"
#include "platform/platform_desc.h"
#include "runtime/context.h"
#include "runtime/stacks.h"
#include "smp/pe_start.h"
#include "smp/psci.h"

enum { PE_OFF, PE_AGAIN, PE_STARTED, PE_DONE }; /* PE_AGAIN: pe_start() of a PE waiting in pe_park_or_wait() */

/* Read by parked PEs with the MMU off: written through the cache, then cleaned to the Point of Coherency.
 * In .data, not BSS: parked PEs may read it before the booting PE has zeroed BSS. */
volatile uint64_t pe_mailbox[2] __attribute__((aligned(64))) = { ~0ull, 0 };
static volatile uint32_t *pe_state; /* [PE]: a block of pe_memory, pe_setup() */
static unsigned pe_setup_count;     /* PEs pe_setup() made room for */

bool pe_setup(unsigned pes, const char **why)
{
	static char buf[240];
	uint64_t stacks_bytes = (uint64_t)(pes - 1) * STACKS_PE_SIZE, state_bytes = pes * sizeof(*pe_state);
	uint64_t stacks, state = 0, base, size, used;
	unsigned tables = 0;

	*why = NULL;
	if (pes <= 1)
		return true;
	if (mmu_grow_tables(stacks_bytes + state_bytes, 2, &tables) == 0 &&
	    (stacks = pe_memory_alloc(stacks_bytes, PE_MEM_STACKS, "stacks of PEs 1 and up")) != 0 &&
	    (state = pe_memory_alloc(state_bytes, PE_MEM_DATA, "PE start states")) != 0) {
		pmucheck_pe_stacks = stacks - STACKS_PE_SIZE; /* PE 1's slots at the block's start */
		pe_state = (volatile uint32_t *)(uintptr_t)state;
		pe_setup_count = pes;
		return true;
	}
	pe_memory_region(&base, &size, &used);
	snprintf(buf, sizeof(buf), "%u PEs need %llu KiB of stacks, %llu KiB of translation tables (%u) and %llu "
		 "bytes of start states; the region for them at 0x%llx has %llu KiB, %llu KiB of it left", pes,
		 (unsigned long long)(stacks_bytes >> 10), (unsigned long long)tables * 4, tables,
		 (unsigned long long)state_bytes, (unsigned long long)base, (unsigned long long)(size >> 10),
		 (unsigned long long)((size - used) >> 10));
	*why = buf;
	return false;
}

uint64_t pe_time_ms(void)
{
	uint64_t freq = read_cntfrq_el0();

	return freq ? read_cntpct_el0() / (freq / 1000 ? freq / 1000 : 1) : 0;
}

static bool pe_wait_state(unsigned idx, uint32_t state, uint64_t timeout_ms)
{
	uint64_t start = pe_time_ms();

	while (pe_state[idx] < state) {
		if (timeout_ms && pe_time_ms() - start > timeout_ms)
			return false;
		__asm__ volatile("wfe" ::: "memory");
	}
	return true;
}

static void pe_report(unsigned idx, uint32_t state)
{
	pe_state[idx] = state;
	dsb_ish();
	__asm__ volatile("sev");
}

/* Whether a PE that is done waits for another pe_start() rather than PSCI CPU_OFF (pe_park_or_wait()). */
static bool pe_waits_again(void)
{
	return orchestrator_el == 3 || plat.psci == PLAT_PSCI_NONE;
}

static uint64_t pe_entry, pe_pen; /* pe_set_entries() */

void pe_set_entries(uint64_t entry, uint64_t pen)
{
	pe_entry = entry;
	pe_pen = pen;
}

bool pe_start(unsigned idx, const char **why)
{
	uint64_t mpidr = plat.pe_mpidr[idx];
	int64_t rc;

	*why = NULL;
	if (idx == 0 || idx >= pe_setup_count) {
		*why = "no stack for it (pe_setup())";
		return false;
	}
	if (pe_state[idx] == PE_DONE && pe_waits_again()) { /* it waits, MMU on, in pe_park_or_wait() */
		pe_report(idx, PE_AGAIN);
		if (!pe_wait_state(idx, PE_STARTED, PE_START_TIMEOUT_MS))
			*why = "did not report itself started within 1 s of its second release";
		return !*why;
	}
	pe_state[idx] = PE_OFF;
	mmu_clean_data_to_poc(); /* the new PE reads memory with its MMU off until secondary_main() */
	if (orchestrator_el == 3) {
		pe_mailbox[1] = idx;
		pe_mailbox[0] = mpidr;
		dc_cvac((uintptr_t)pe_mailbox);
		dsb_sy();
		__asm__ volatile("sev");
	} else if (plat.psci == PLAT_PSCI_NONE && plat.pe_release_addr[idx]) {
		/* spin-table (Linux Documentation/arch/arm64/booting.rst): the PE, spinning at the EL the loader left
		 * it in with its MMU off, reads its cpu-release-addr after a WFE; it goes to the holding pen, which
		 * lets it go to secondary_entry once the mailbox names it */
		pe_mailbox[1] = idx;
		pe_mailbox[0] = mpidr;
		dc_cvac((uintptr_t)pe_mailbox);
		*(volatile uint64_t *)(uintptr_t)plat.pe_release_addr[idx] = pe_pen;
		dc_cvac((uintptr_t)plat.pe_release_addr[idx]);
		dsb_sy();
		__asm__ volatile("sev");
	} else if (plat.psci != PLAT_PSCI_NONE) {
		rc = psci_call(plat.psci, PSCI_CPU_ON_64, mpidr, pe_entry, idx);
		if (rc != PSCI_SUCCESS) {
			*why = rc == PSCI_ALREADY_ON ? "PSCI CPU_ON: ALREADY_ON" : "PSCI CPU_ON failed";
			return false;
		}
	} else {
		*why = "no way to start it: not entered at EL3, no /psci in the device tree and no spin-table "
		       "cpu-release-addr in its cpu node";
		return false;
	}
	if (!pe_wait_state(idx, PE_STARTED, PE_START_TIMEOUT_MS)) {
		*why = orchestrator_el == 3 ? "did not leave the holding pen within 1 s (did it start at the image's "
					      "entry? QEMU: load with -kernel)"
		       : plat.psci == PLAT_PSCI_NONE ? "did not report itself started within 1 s of its spin-table release"
					    : "did not report itself started within 1 s of PSCI CPU_ON";
		return false;
	}
	return true;
}

void pe_wait_done(unsigned idx)
{
	pe_wait_state(idx, PE_DONE, 0);
}


void pe_report_started(unsigned idx) { pe_report(idx, PE_STARTED); }
void pe_report_done(unsigned idx) { pe_report(idx, PE_DONE); }

void pe_park_or_wait(unsigned idx)
{
	if (!pe_waits_again())
		pe_park();
	while (pe_state[idx] != PE_AGAIN)
		__asm__ volatile("wfe" ::: "memory");
}

void pe_park(void)
{
	if (orchestrator_el < 3 && plat.psci != PLAT_PSCI_NONE)
		psci_call(plat.psci, PSCI_CPU_OFF, 0, 0, 0);
	for (;;)
		__asm__ volatile("wfe");
}

/* The call pe_call_start() leaves for one PE (read by it with its MMU on: cacheable, coherent). */
static struct {
	volatile int idx;               /* the PE that runs it; -1: none */
	uint64_t (*volatile fn)(uint64_t);
	volatile uint64_t arg, result;
} pe_call_slot = { -1, NULL, 0, 0 };

bool pe_call_start(unsigned idx, uint64_t (*fn)(uint64_t), uint64_t arg, const char **why)
{
	pe_call_slot.fn = fn;
	pe_call_slot.arg = arg;
	pe_call_slot.result = 0;
	pe_call_slot.idx = (int)idx;
	dsb_ish();
	if (!pe_start(idx, why)) {
		pe_call_slot.idx = -1;
		return false;
	}
	return true;
}

uint64_t pe_call_wait(unsigned idx)
{
	pe_wait_done(idx);
	return pe_call_slot.result;
}

bool pe_call_take(unsigned idx)
{
	if (pe_call_slot.idx != (int)idx)
		return false;
	pe_call_slot.result = pe_call_slot.fn(pe_call_slot.arg);
	pe_call_slot.idx = -1;
	dsb_ish();
	return true;
}
