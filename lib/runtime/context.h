/*
 * context.h - run a C function at a chosen Exception level and Security state, and get its result back.
 *
 * The orchestrator runs at the Exception level pmucheck was entered at (the highest it owns). ctx_call()
 * enters a lower context with an exception return (ELR/SPSR of the orchestrator's EL, SCR_EL3.{NS,EEL2}
 * chosen for the Security state, a fresh stack for the target EL) and the lower code comes back through the
 * service of the level above it: EL0 -> SVC -> EL1, EL1/EL2 -> SMC -> EL3 (or HVC -> EL2 when entered at EL2).
 * Contexts:
 *   CTX_EL3     EL3 (always Secure without FEAT_RME)
 *   CTX_NS_EL2  Non-secure EL2        CTX_S_EL2   Secure EL2 (FEAT_SEL2, SCR_EL3.EEL2=1)
 *   CTX_NS_EL1  Non-secure EL1        CTX_S_EL1   Secure EL1, with Secure EL2 disabled (SCR_EL3.EEL2=0)
 *   CTX_NS_EL0  Non-secure EL0        CTX_S_EL0   Secure EL0, with Secure EL2 disabled
 *   CTX_S_EL1_SEL2, CTX_S_EL0_SEL2    Secure EL1 and EL0 under Secure EL2 (FEAT_SEL2, SCR_EL3.EEL2=1): then
 *                                     EL2 is enabled in Secure state and MDCR_EL2 governs them too
 *   CTX_NS_EL2_VHE, CTX_S_EL2_VHE     EL2 with HCR_EL2.E2H = 1 (FEAT_VHE): a VHE host kernel's level, in the EL2&0
 *                                     regime (Secure: FEAT_SEL2)
 *   CTX_NS_EL0_VHE, CTX_S_EL0_VHE     EL0 with HCR_EL2.{E2H, TGE} = {1, 1}: the host's user space, ELIsInHost(EL0);
 *                                     its exceptions go to EL2
 *   CTX_NS_EL0_A32, CTX_S_EL0_A32     EL0 in AArch32 state: Non-secure under an AArch64 EL1 (a 32-bit application under
 *                                     a 64-bit kernel), Secure under an AArch32 EL1 (a 32-bit Secure OS's user space)
 *   CTX_NS_EL1_A32, CTX_S_EL1_A32     EL1 in AArch32 state (HCR_EL2.RW = 0 under EL2, else SCR_EL3.RW = 0), EL2 and
 *                                     EL3 AArch64; its EL1&0 regime in the AArch32 long-descriptor form
 *                                     The AArch32 contexts run the A32 agent (runtime/aarch32.h), not C: ctx_call_a32()
 * The VHE contexts are entered from EL3, where pmucheck's own EL2 runs with E2H = 0; entered at EL2 on a PE without
 * FEAT_E2H0 (E2H RES1) its EL2 is ns_el2_vhe itself, the host EL0 is entered from it, and ns_el2 cannot exist.
 * Without EL3 the PE's Security state is IMPLEMENTATION DEFINED and cannot be changed: pmucheck then
 * names the contexts Non-secure (as QEMU and Arm's models behave) and reports that it assumed so.
 */
#ifndef PMUCHECK_CONTEXT_H
#define PMUCHECK_CONTEXT_H

/* pmucheck service call: x0 = function ID, through SVC #0, HVC #0 or SMC #0 */
#define PMUCHECK_CALL_RETURN 0x70C40001 /* x1 = return value, x2 = status: back to the orchestrator */
#define PMUCHECK_CALL_NOP    0x70C40002 /* do nothing and return: an exception taken and returned from */
#define PMUCHECK_CALL_SET_PM 0x70C40003 /* x1 = PSTATE.PM (FEAT_EBEP) for the caller: SPSR_ELx.PM of the return */
#define PMUCHECK_CALL_GET_PM 0x70C40004 /* returns x1 = the caller's PSTATE.PM (SPSR_ELx.PM of the call) */

#define CTX_OK       0
#define CTX_ABORTED  1  /* an unexpected exception ended the call; see exc_unexpected */

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

enum ctx {
	CTX_EL3,
	CTX_NS_EL2,
	CTX_S_EL2,
	CTX_NS_EL1,
	CTX_NS_EL0,
	CTX_S_EL1,
	CTX_S_EL0,
	CTX_S_EL1_SEL2,
	CTX_S_EL0_SEL2,
	CTX_NS_EL2_VHE,
	CTX_NS_EL0_VHE,
	CTX_S_EL2_VHE,
	CTX_S_EL0_VHE,
	CTX_NS_EL0_A32,
	CTX_NS_EL1_A32,
	CTX_S_EL0_A32,
	CTX_S_EL1_A32,
	CTX_COUNT
};

/* Name for output ("el3", "ns_el1", ...), Exception level and Security state of a context. */
const char *ctx_name(enum ctx c);
unsigned ctx_el(enum ctx c);
bool ctx_secure(enum ctx c);
/* Whether context c runs with Secure EL2 enabled (SCR_EL3.EEL2 = 1): s_el2, s_el1_sel2, s_el0_sel2. */
bool ctx_eel2(enum ctx c);
/* Whether context c runs with HCR_EL2.E2H = 1 (the VHE contexts), and with TGE = 1 as well (host EL0). */
bool ctx_vhe(enum ctx c);
bool ctx_host_el0(enum ctx c);
/* Whether context c runs in AArch32 state (the *_a32 contexts), and whether its EL1 is AArch32 (ns_el1_a32,
 * s_el1_a32, and s_el0_a32, whose EL1 is). */
bool ctx_aarch32(enum ctx c);
bool ctx_el1_aarch32(enum ctx c);

/* Exception level pmucheck was entered at: the orchestrator's EL (set once by boot_main()). */
extern unsigned orchestrator_el;

/*
 * Whether context c can be entered from the orchestrator. Returns true, or false with *why set to a reason
 * naming the ID register field or entry level that rules it out (for SKIP lines).
 */
bool ctx_available(enum ctx c, const char **why);

/*
 * Run fn(arg) in context c (which must be available). Returns CTX_OK with fn's result in *ret, or
 * CTX_ABORTED if an unexpected exception ended it (exc_unexpected says which; *ret = 0). Interrupts are
 * masked (PSTATE.DAIF = 0b1111) in the lower context. The lower context starts on an empty stack. With
 * FEAT_EBEP the orchestrator's PSTATE.PM is what it was before the call (the exception that ends a call sets
 * it to 1, AArch64.TakeException()): one PMUCHECK_CALL_SET_PM service call per ctx_call().
 */
int ctx_call(enum ctx c, uint64_t (*fn)(uint64_t), uint64_t arg, uint64_t *ret);

/*
 * Run the A32 agent's request list `ops` (runtime/aarch32.h struct a32_op, ended by A32_OP_END) in AArch32 context c
 * (ctx_aarch32(c), available). The agent writes each request's results into the list. A trap to an AArch64 EL
 * is unexpected (CTX_ABORTED) unless the caller armed exc_expect_table_begin() with a record per request (the agent
 * names the request in r10, EXC_TAG_REG). Returns CTX_OK, or CTX_ABORTED (exc_unexpected says which exception; for
 * one the AArch32 EL1 took itself, exc_unexpected.a32_own with its vector offset, and *ret that offset). Interrupts are
 * masked (CPSR.{A, I, F} = 1). Not for AArch64 contexts; ctx_call() is not for AArch32 ones (both return
 * CTX_ABORTED).
 */
struct a32_op;
int ctx_call_a32(enum ctx c, struct a32_op *ops, uint64_t *ret);

/* The context ctx_call() is running now, or -1 outside any call. */
int ctx_current(void);

/*
 * Leave the running context for the orchestrator with (value, status): a direct return when already at
 * the orchestrator's EL, otherwise the service call upwards. Does not return.
 */
void __attribute__((noreturn)) ctx_return_to_orchestrator(uint64_t value, uint64_t status);

/*
 * Set PSTATE.PM (FEAT_EBEP, the PMU Profiling exception mask, RSCBDZ) of the running EL to pm, through a
 * PMUCHECK_CALL_SET_PM service call taken to this same EL (SVC #0 at EL1, HVC #0 at EL2, SMC #0 at EL3) whose
 * return restores PSTATE.PM from SPSR_ELx[32] (SetPSTATEFromPSR). Nothing at EL0, where PSTATE.PM masks
 * nothing (no PMU exception targets EL0). Call it only with FEAT_EBEP: without it SPSR_ELx[32] is RES0.
 */
void ctx_set_pm(bool pm);

/*
 * PSTATE.PM of the running EL (FEAT_EBEP), read as SPSR_ELx[32] of a PMUCHECK_CALL_GET_PM service call taken to
 * this same EL (no MRS of the PM register is needed). False at EL0 and without FEAT_EBEP (SPSR_ELx[32] RES0).
 */
bool ctx_get_pm(void);

/*
 * The pmucheck calls every level's service understands (x0 in the saved frame): PMUCHECK_CALL_NOP returns,
 * PMUCHECK_CALL_RETURN goes back to the orchestrator with (x1, x2) and does not return; PMUCHECK_CALL_SET_PM
 * sets SPSR_ELx.PM of the frame to x1 != 0 and returns; PMUCHECK_CALL_GET_PM returns SPSR_ELx.PM in x1. Returns false for
 * any other x0 (the el1/, el2/, el3/ services then try their own calls, or leave it unexpected).
 */
struct exc_frame;
bool ctx_service(struct exc_frame *f);

/* Assembly (lib/context_lower.S): enter the lower context; issue the service call upwards. */
void __attribute__((noreturn)) ctx_eret(uint64_t fn, uint64_t arg, uint64_t elr, uint64_t spsr);
void __attribute__((noreturn)) ctx_lower_return(uint64_t id, uint64_t value, uint64_t status);
void ctx_lower_entry(void);
#endif

#endif
