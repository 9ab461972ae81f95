/*
 * context.c - run-at-context primitive (see context.h). The orchestrator keeps one recovery point
 * (the C library's setjmp: picolibc's and newlib's both save d8-d15 as well, FP/SIMD being enabled at every EL)
 * per call; the lower context or an exception handler comes back to it with longjmp from
 * the orchestrator's own EL, after the service call upwards.
 */
#include <setjmp.h>
#include <stddef.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "runtime/aarch32.h"
#include "runtime/baseline.h"
#include "runtime/image_layout.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "runtime/stacks.h"
#include "runtime/watchdog.h"

unsigned orchestrator_el;

uint8_t pmucheck_stacks[4][STACK_SLOT_SIZE] __attribute__((section(".stacks"), aligned(STACK_SLOT_SIZE)));
uint64_t pmucheck_pe_stacks __attribute__((section(".data.pe_stacks"))) = 0;
uint8_t pmucheck_panic_stack[STACK_SLOT_SIZE] __attribute__((section(".stacks"), aligned(STACK_SLOT_SIZE)));
unsigned pe_current;

static jmp_buf ctx_jmp;
static volatile uint64_t ctx_value;
static volatile uint64_t ctx_status;
static volatile int ctx_running = -1;

static const struct {
	const char *name;
	unsigned el;
	bool secure;
	bool eel2;
	bool vhe; /* HCR_EL2.E2H = 1 (and TGE = 1 at EL0) */
	bool a32, el1_a32; /* AArch32 state; EL1 in AArch32 state */
} ctx_table[CTX_COUNT] = {
	[CTX_EL3] = { "el3", 3, true, false, false, false, false },
	[CTX_NS_EL2] = { "ns_el2", 2, false, false, false, false, false },
	[CTX_S_EL2] = { "s_el2", 2, true, true, false, false, false },
	[CTX_NS_EL1] = { "ns_el1", 1, false, false, false, false, false },
	[CTX_NS_EL0] = { "ns_el0", 0, false, false, false, false, false },
	[CTX_S_EL1] = { "s_el1", 1, true, false, false, false, false },
	[CTX_S_EL0] = { "s_el0", 0, true, false, false, false, false },
	[CTX_S_EL1_SEL2] = { "s_el1_sel2", 1, true, true, false, false, false },
	[CTX_S_EL0_SEL2] = { "s_el0_sel2", 0, true, true, false, false, false },
	[CTX_NS_EL2_VHE] = { "ns_el2_vhe", 2, false, false, true, false, false },
	[CTX_NS_EL0_VHE] = { "ns_el0_vhe", 0, false, false, true, false, false },
	[CTX_S_EL2_VHE] = { "s_el2_vhe", 2, true, true, true, false, false },
	[CTX_S_EL0_VHE] = { "s_el0_vhe", 0, true, true, true, false, false },
	[CTX_NS_EL0_A32] = { "ns_el0_a32", 0, false, false, false, true, false },
	[CTX_NS_EL1_A32] = { "ns_el1_a32", 1, false, false, false, true, true },
	[CTX_S_EL0_A32] = { "s_el0_a32", 0, true, false, false, true, true },
	[CTX_S_EL1_A32] = { "s_el1_a32", 1, true, false, false, true, true },
};

const char *ctx_name(enum ctx c) { return ctx_table[c].name; }
unsigned ctx_el(enum ctx c) { return ctx_table[c].el; }
bool ctx_secure(enum ctx c) { return ctx_table[c].secure; }
bool ctx_eel2(enum ctx c) { return ctx_table[c].eel2; }
bool ctx_vhe(enum ctx c) { return ctx_table[c].vhe; }
bool ctx_host_el0(enum ctx c) { return ctx_table[c].vhe && ctx_table[c].el == 0; }
bool ctx_aarch32(enum ctx c) { return ctx_table[c].a32; }
bool ctx_el1_aarch32(enum ctx c) { return ctx_table[c].el1_a32; }
int ctx_current(void) { return ctx_running; }


bool ctx_available(enum ctx c, const char **why)
{
	unsigned el = ctx_el(c);

	*why = NULL;
	if (el == 3 && !features.el3)
		*why = "EL3 not implemented (ID_AA64PFR0_EL1.EL3 == 0)";
	else if ((el == 2 || ctx_vhe(c)) && !features.el2) /* the host EL0 is EL2's too */
		*why = "EL2 not implemented (ID_AA64PFR0_EL1.EL2 == 0)";
	else if (el > orchestrator_el)
		*why = orchestrator_el == 2 ? "entered at EL2: a higher level owns it"
					     : "entered at EL1: a higher level owns it";
	else if (ctx_secure(c) && !features.el3)
		*why = "no EL3 (ID_AA64PFR0_EL1.EL3 == 0): the Security state is fixed and taken as Non-secure";
	else if (ctx_secure(c) && orchestrator_el < 3)
		*why = "Secure state needs EL3, and pmucheck was not entered at EL3";
	else if (ctx_eel2(c) && !features.sel2)
		*why = "FEAT_SEL2 not implemented (ID_AA64PFR0_EL1.SEL2 == 0)";
	else if (el == 2 && features.e2h_res1 && !ctx_vhe(c))
		*why = "HCR_EL2.E2H is RES1 (ID_AA64MMFR4_EL1.E2H0 negative: FEAT_E2H0 not implemented): no non-VHE EL2";
	else if (ctx_vhe(c) && !features.vhe)
		*why = "FEAT_VHE not implemented (ID_AA64MMFR1_EL1.VH == 0)";
	else if (ctx_vhe(c) && orchestrator_el < 3 && !(orchestrator_el == 2 && features.e2h_res1))
		*why = "the VHE contexts need pmucheck entered at EL3 (its own EL2 runs with HCR_EL2.E2H = 0)";
	else if (ctx_aarch32(c) && !features.aa32_el0)
		*why = "AArch32 not implemented at EL0 (ID_AA64PFR0_EL1.EL0 != 0b0010)";
	else if (ctx_el1_aarch32(c) && !features.aa32_el1)
		*why = "AArch32 not implemented at EL1 (ID_AA64PFR0_EL1.EL1 != 0b0010)";
	else if (ctx_el1_aarch32(c) && orchestrator_el < 2)
		*why = "entered at EL1: an AArch32 EL1 needs HCR_EL2.RW or SCR_EL3.RW, which a higher level owns";
	else if (ctx_aarch32(c) && (uintptr_t)__image_end > (U64(1) << 32))
		*why = "the image is above 4 GiB: AArch32 code cannot address it";
	return *why == NULL;
}

/* SPSR_ELx for the entry into a context: its EL with SP_ELx (EL0t at EL0), DAIF all masked. */
static uint64_t ctx_spsr(unsigned el)
{
	static const uint64_t mode[4] = { SPSR_M_EL0t, SPSR_M_EL1h, SPSR_M_EL2h, SPSR_M_EL3h };

	return mode[el] | SPSR_DAIF_MASK;
}

/*
 * Security state and fresh stacks for the levels below the orchestrator that the lower context may reach
 * (SP_ELx of the orchestrator's own EL is the stack it runs on, and is not writable there).
 */
static void ctx_prepare_lower(enum ctx c)
{
	if (orchestrator_el == 3)
		el3_select_world(ctx_secure(c), ctx_eel2(c));
	if (orchestrator_el == 3 && features.el2)
		write_sp_el2(stack_top(pe_current, 2));
	if (orchestrator_el >= 2)
		write_sp_el1(stack_top(pe_current, 1));
	write_sp_el0(stack_top(pe_current, 0));
	if (ctx_vhe(c) && orchestrator_el == 3)
		el2_vhe_enter(ctx_host_el0(c));
	else if (ctx_host_el0(c)) /* the orchestrator's EL2 runs with E2H = 1 (RES1): the host EL0 needs TGE */
		write_hcr_el2(read_hcr_el2() | HCR_EL2_TGE_BIT);
	isb();
}

/*
 * The orchestrator's PSTATE.PM (FEAT_EBEP) between calls, -1 until read. AArch64.TakeException() sets PSTATE.PM
 * to 1, and a call ends in the orchestrator's exception handler (the return service call, or an unexpected
 * exception), which goes back to the caller without an exception return: ctx_call() writes it back.
 */
static int orchestrator_pm = -1;

/* SPSR_ELx for the entry into an AArch32 context (C5.2.18, AArch32 state): M[4] = 1 with User (0b10000) or
 * Supervisor (0b10011) mode, A32 (T = 0), CPSR.{A, I, F} = 1. */
#define A32_SPSR_USR 0x1d0
#define A32_SPSR_SVC 0x1d3

/*
 * ctx_call() and ctx_call_a32(): enter context c at elr with spsr (x0 = fn, x1 = arg there), or run fn(arg) here
 * when c is the orchestrator's own context; come back through ctx_return_to_orchestrator().
 */
static int ctx_run(enum ctx c, uint64_t (*fn)(uint64_t), uint64_t x0, uint64_t arg, uint64_t elr, uint64_t spsr,
		   uint64_t *ret)
{
	unsigned el = ctx_el(c);

	if (features.ebep && orchestrator_pm < 0)
		orchestrator_pm = ctx_get_pm();

	ctx_running = (int)c;
	ctx_value = 0;
	ctx_status = CTX_OK;
	if (setjmp(ctx_jmp) == 0) {
		if (el == orchestrator_el && !ctx_aarch32(c)) {
			watchdog_arm(WATCHDOG_MS);
			__asm__ volatile("msr daifclr, #1\n\tisb" ::: "memory"); /* FIQ: the watchdog's */
			ctx_value = fn(arg);
		} else {
			ctx_prepare_lower(c);
			if (ctx_el1_aarch32(c))
				a32_el1_enter(c);
			watchdog_arm(WATCHDOG_MS);
			ctx_eret(x0, arg, elr, spsr);
		}
	}
	__asm__ volatile("msr daifset, #1\n\tisb" ::: "memory"); /* the watchdog stays armed (watchdog.h) */
	ctx_running = -1;
	if (ctx_el1_aarch32(c))
		a32_el1_leave(c);
	if (ctx_vhe(c) && orchestrator_el == 3)
		el2_vhe_leave();
	else if (ctx_host_el0(c)) {
		write_hcr_el2(read_hcr_el2() & ~HCR_EL2_TGE_BIT);
		isb();
	}
	if (orchestrator_el == 3)
		el3_select_world(true, false);
	if (features.ebep)
		ctx_set_pm(orchestrator_pm != 0);
	*ret = ctx_value;
	return (int)ctx_status;
}

int ctx_call(enum ctx c, uint64_t (*fn)(uint64_t), uint64_t arg, uint64_t *ret)
{
	*ret = 0;
	if (ctx_aarch32(c))
		return CTX_ABORTED;
	return ctx_run(c, fn, (uint64_t)(uintptr_t)fn, arg, (uint64_t)(uintptr_t)ctx_lower_entry, ctx_spsr(ctx_el(c)),
		       ret);
}

int ctx_call_a32(enum ctx c, struct a32_op *ops, uint64_t *ret)
{
	uint64_t flags = 0;
	int status;

	*ret = 0;
	if (!ctx_aarch32(c))
		return CTX_ABORTED;
	exc_unexpected.taken = false;
	if (ctx_el1_aarch32(c))
		flags = A32_ENTRY_EL1 | (ctx_el(c) == 0 ? A32_ENTRY_DROP_EL0 : 0) |
			(orchestrator_el == 2 ? A32_ENTRY_HVC : 0);
	status = ctx_run(c, NULL, (uint64_t)(uintptr_t)ops, flags, (uint64_t)(uintptr_t)(a32_agent + A32_AGENT_ENTRY),
			 ctx_el1_aarch32(c) ? A32_SPSR_SVC : A32_SPSR_USR, ret);
	if (status != CTX_OK && !exc_unexpected.taken) /* the agent's own vector ended it: *ret is the offset */
		exc_unexpected = (struct exc_record){ .taken = true, .el = 1, .ctx = (int)c, .a32_own = true,
						    .a32_vector = (unsigned)*ret };
	return status;
}

void ctx_return_to_orchestrator(uint64_t value, uint64_t status)
{
	if (current_el() == orchestrator_el) {
		ctx_value = value;
		ctx_status = status;
		longjmp(ctx_jmp, 1);
	}
	ctx_lower_return(PMUCHECK_CALL_RETURN, value, status);
}

void ctx_set_pm(bool pm)
{
	unsigned el = current_el();
	/* after every call: a register variable holds only at the asm that uses it (current_el() clobbered x0) */
	register uint64_t x0 __asm__("x0") = PMUCHECK_CALL_SET_PM;
	register uint64_t x1 __asm__("x1") = pm;

	if (ctx_running < 0 && el == orchestrator_el)
		orchestrator_pm = pm;

	switch (el) {
	case 3: __asm__ volatile("smc #0" : "+r"(x0), "+r"(x1)::"memory"); break;
	case 2: __asm__ volatile("hvc #0" : "+r"(x0), "+r"(x1)::"memory"); break;
	case 1: __asm__ volatile("svc #0" : "+r"(x0), "+r"(x1)::"memory"); break;
	default: break;
	}
}

bool ctx_get_pm(void)
{
	unsigned el = current_el();
	register uint64_t x0 __asm__("x0") = PMUCHECK_CALL_GET_PM; /* after the call, as in ctx_set_pm() */
	register uint64_t x1 __asm__("x1") = 0;

	switch (el) {
	case 3: __asm__ volatile("smc #0" : "+r"(x0), "+r"(x1)::"memory"); break;
	case 2: __asm__ volatile("hvc #0" : "+r"(x0), "+r"(x1)::"memory"); break;
	case 1: __asm__ volatile("svc #0" : "+r"(x0), "+r"(x1)::"memory"); break;
	default: break;
	}
	return x1 != 0;
}

bool ctx_service(struct exc_frame *f)
{
	if (f->x[0] == PMUCHECK_CALL_NOP)
		return true;
	if (f->x[0] == PMUCHECK_CALL_GET_PM) {
		f->x[1] = !!(f->spsr & SPSR_PM_BIT);
		return true;
	}
	if (f->x[0] == PMUCHECK_CALL_SET_PM) {
		f->spsr = (f->spsr & ~SPSR_PM_BIT) | (f->x[1] ? SPSR_PM_BIT : 0);
		return true;
	}
	if (f->x[0] != PMUCHECK_CALL_RETURN)
		return false;
	ctx_return_to_orchestrator(f->x[1], f->x[2]);
}
