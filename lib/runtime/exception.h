/*
 * exception.h - exception capture at EL3, EL2 and EL1 (boot/vectors.S saves a frame, exception_dispatch()
 * decides). Shared by C and assembly: the frame layout below is what the vectors push.
 */
#ifndef PMUCHECK_EXCEPTION_H
#define PMUCHECK_EXCEPTION_H

/* Frame pushed by every vector: x0..x30, ELR_ELx, SPSR_ELx (bytes). */
#define EXC_FRAME_ELR   (31 * 8)
#define EXC_FRAME_SPSR  (32 * 8)
#define EXC_FRAME_SIZE  (34 * 8)

/* Vector kind = source * 4 + type (D1.3.1 vector offsets / 0x80). */
#define EXC_TYPE_SYNC   0
#define EXC_TYPE_IRQ    1
#define EXC_TYPE_FIQ    2
#define EXC_TYPE_SERROR 3
#define EXC_SRC_CUR_SP0 0
#define EXC_SRC_CUR_SPX 1
#define EXC_SRC_LOW_A64 2
#define EXC_SRC_LOW_A32 3

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

struct exc_frame {
	uint64_t x[31];
	uint64_t elr;
	uint64_t spsr;
	uint64_t pad;
};

/* What one exception looked like: syndrome registers of the level that took it, and where it came from. */
struct exc_record {
	bool taken;
	unsigned el;     /* Exception level that took it */
	unsigned kind;   /* EXC_SRC_* * 4 + EXC_TYPE_* */
	uint64_t esr, elr, far, spsr;
	int ctx;         /* context (enum ctx) running when it was taken, or -1 */
	bool watchdog;   /* the watchdog's interrupt (runtime/watchdog.h): the context did not come back */
	bool stack_overflow; /* taken with SP outside every stack at a lower EL: the context overflowed it */
	bool a32_own;        /* taken by an AArch32 EL1's own vector (ctx_call_a32): no AArch64 syndrome */
	unsigned a32_vector; /* its offset in the AArch32 vector table (0x00-0x1C) */
};

/*
 * Called by boot/vectors.S with the saved frame, the vector kind and the Exception level that took it.
 * Order: the EL's service (SMC at EL3, HVC at EL2, SVC at EL1) for pmucheck calls; else an expected
 * exception is recorded and skipped; else it is an unexpected one and the running context is abandoned
 * (ctx_call() returns CTX_ABORTED with the record in exc_unexpected).
 */
void exception_dispatch(struct exc_frame *f, unsigned kind, unsigned el);

/*
 * Arm a one-shot expectation: the next synchronous exception that is not a pmucheck service call is recorded
 * in *rec, and execution resumes after the faulting instruction (ELR_ELx + 4; exception-generating
 * instructions already return past themselves; an Instruction Abort (ESR_ELx.EC 0x20, 0x21) at the return address
 * in X30: the code branched to the address with BLR). exc_expect_end() disarms and returns whether one was taken.
 */
void exc_expect_begin(struct exc_record *rec);
bool exc_expect_end(void);

/*
 * Expect several exceptions from code that cannot write memory (EL0 with stage 1 translation off): the code
 * names the instruction it is about to execute in x10 (EXC_TAG_REG), and a synchronous exception that is not
 * a pmucheck service call is recorded in table[x10] and resumed after the instruction, as exc_expect_begin()
 * does. An exception whose tag is n or more, or whose record is already taken, is unexpected. Every record
 * starts not taken; exc_expect_table_end() disarms. A one-shot expectation (exc_expect_begin) comes first.
 */
#define EXC_TAG_REG 10
void exc_expect_table_begin(struct exc_record *table, unsigned n);
void exc_expect_table_end(void);

/*
 * The interrupt hook: when set, IRQs and FIQs at any EL call it with the EL that took the interrupt and
 * the type (EXC_TYPE_IRQ or EXC_TYPE_FIQ) instead of counting as unexpected; the hook acknowledges the
 * interrupt and removes its cause. NULL (the default): every interrupt is unexpected.
 */
extern void (*volatile exc_irq_hook)(unsigned el, unsigned type);

/*
 * The PMU Profiling exception log (FEAT_EBEP): when set, a synchronous exception with ESR_ELx.EC == 0x3D at
 * any EL is recorded there (pmu_exc_log_take(), runtime/profiling_exception.h), its cause removed (PMOVSCLR_EL0
 * bits [31:0] written; PMINTENCLR_EL1 too once the log counts a storm) and returned from at ELR_ELx, the
 * instruction it was taken in place of. NULL (the default): such an exception is unexpected.
 */
struct pmu_exc_log;
extern struct pmu_exc_log *volatile exc_pmu_log;

/*
 * PMU Profiling exceptions (ESR_ELx.EC 0x3D) nobody armed exc_pmu_log for: count, and the record of the first
 * since the reader last cleared exc_pmu_stray.taken.
 * One taken while the orchestrator runs outside any call is contained, not fatal: PMINTENCLR_EL1 clears every
 * interrupt enable (so CheckPMUOverflowCondition() is FALSE and the exception is not taken again), SPSR_ELx.PPEND
 * is cleared (no synchronous re-take on the return), and execution resumes. One taken inside a call also ends
 * the call (CTX_ABORTED). group_end() fails the test point during which (or after the last of which) the count
 * grew. Source: D13.3.2 (CheckPMUOverflowCondition with PMINTENSET_EL1), D13.3.3 (ExceptionReturnPPEND).
 */
extern volatile unsigned exc_pmu_stray_count;
extern struct exc_record exc_pmu_stray;

/*
 * The service of Exception level el (1: SVC #0, 2: HVC #0, 3: SMC #0; set by boot/ from el1/, el2/, el3/):
 * returns true when it handled the call, false for a call it does not know (then it is unexpected).
 * No service set: every such call is unexpected.
 */
typedef bool (*exc_service_fn)(struct exc_frame *f);
void exc_set_service(unsigned el, exc_service_fn fn);

/*
 * The panic path (boot/vectors.S): exc_panic_bad_stack() reports an exception taken with SP outside every
 * stack (ESR/ELR/FAR/SPSR of `el`) and ends the run with status 2; exc_panic_exit() ends it at once without
 * printing or touching memory (semihosting SYS_EXIT, or WFI forever). Neither returns. An exception outside
 * any test marks a panic under way at its EL (TPIDR_ELx bit 63), so one that recurs while it is being
 * reported ends the run instead of looping.
 */
void __attribute__((noreturn)) exc_panic_bad_stack(unsigned el);

/*
 * boot/vectors.S, on an exception taken with SP outside every stack (now on the panic stack): inside a
 * ctx_call() at an EL below the orchestrator's, the context overflowed its stack: record it
 * (exc_unexpected.stack_overflow) and abandon the context (ctx_call() returns CTX_ABORTED), so the suite goes
 * on. Anywhere else, exc_panic_bad_stack().
 */
void __attribute__((noreturn)) exc_bad_stack(unsigned el);
void __attribute__((noreturn)) exc_panic_exit(void);

/* The vector tables (vectors.S), for VBAR_EL3, VBAR_EL2 and VBAR_EL1. */
extern char vectors_el3[], vectors_el2[], vectors_el1[];

/* The last unexpected exception (valid after ctx_call() returned CTX_ABORTED). */
extern struct exc_record exc_unexpected;

/* Print a record as TAP diagnostics: ESR (with EC), ELR, FAR, SPSR, taking EL, vector kind, context. */
void exc_record_print(const struct exc_record *r);
#endif

#endif
