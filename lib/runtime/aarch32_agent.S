/*
 * aarch32_agent.S - the A32 code the AArch32 contexts run (runtime/aarch32.h): an interpreter of a list of
 * requests (struct a32_op: read or write one AArch32 PMU register, spin, ISB, UDF, SVC), built by the A32
 * assembler of the toolchain (GNU as for arm-none-eabi, or clang --target=armv8a-none-eabi) into a flat,
 * position-independent blob that aarch32_agent_blob.S includes in the AArch64 image. It uses no memory but the
 * request list and no stack: PC-relative code only, so it runs wherever the image was loaded below 4 GiB.
 *
 * Entered by an exception return from AArch64 (ctx_call_a32) with r0 = the request list, r1 = A32_ENTRY_*:
 *   at EL0 (User mode) under an AArch64 EL1: the requests run, then SVC #0 returns to the orchestrator
 *   (EL1's AArch64 service forwards it);
 *   at EL1 (Supervisor mode), VBAR = a32_vectors: the requests run there, or with A32_ENTRY_DROP_EL0 in User mode
 *   after an exception return to EL0; the end is SMC #0 (or HVC #0) from EL1, which EL1's SVC vector issues on
 *   behalf of EL0.
 * An access that is UNDEFINED at AArch32 EL1 (or at EL0 with an AArch32 EL1) comes back through the Undefined
 * vector, which sets A32_OUT_UNDEF for it; a trap to an AArch64 EL is recorded there (exc_expect_table_begin(),
 * the request index in r10 = EXC_TAG_REG) and resumes after the instruction.
 * Registers: r4 request, r5 A32_OUT_* of the running request, r9 entry flags, r10 request index, r11 stubs.
 */
#include "arch/aarch32_pmu_regs.h"
#include "runtime/context.h"

	.arch	armv8-a
	.arch_extension sec
	.arch_extension virt
	.syntax	unified
	.arm
	.text

/*
 * AArch32 EL1's vector table (G1.11.1, offsets 0x00-0x1C; VBAR 32-byte aligned). Reset, Prefetch Abort, Data
 * Abort, Hyp trap, IRQ and FIQ end the call: r1 = the vector offset, r2 = CTX_ABORTED.
 */
	.balign	32
	.global	a32_agent_start
a32_agent_start:
a32_vectors:
	b	a32_abort_0x00
	b	a32_undef
	b	a32_svc
	b	a32_abort_0x0c
	b	a32_abort_0x10
	b	a32_abort_0x14
	b	a32_abort_0x18
	b	a32_abort_0x1c

/* A32_AGENT_ENTRY: the first instruction after the table. */
a32_entry:
	mov	r9, r1
	tst	r9, #A32_ENTRY_DROP_EL0
	beq	a32_run
	/* Supervisor mode -> User mode at a32_run, with CPSR.{A, I, F} masked (SUBS PC, LR: the exception return) */
	mov	r2, #0x1d0
	msr	spsr_cxsf, r2
	adr	lr, a32_run
	subs	pc, lr, #0

a32_run:
	mov	r4, r0
	mov	r10, #0
	adr	r11, a32_stubs
a32_next:
	ldrh	r6, [r4]
	ldrh	r7, [r4, #2]
	mov	r5, #0
	add	r8, r11, r7, lsl #4
	cmp	r6, #A32_OP_READ
	beq	a32_read
	cmp	r6, #A32_OP_WRITE
	beq	a32_write
	cmp	r6, #A32_OP_SPIN
	beq	a32_spin
	cmp	r6, #A32_OP_ISB
	beq	a32_isb
	cmp	r6, #A32_OP_UDF
	beq	a32_udf
	cmp	r6, #A32_OP_SVC
	beq	a32_svc_nop
	b	a32_done
a32_read:
	mov	r0, #0
	mov	r1, #0
	blx	r8
	str	r0, [r4, #8]
	str	r1, [r4, #12]
	b	a32_step
a32_write:
	ldr	r0, [r4, #8]
	ldr	r1, [r4, #12]
	add	r8, r8, #A32_STUB_WRITE
	blx	r8
	b	a32_step
a32_spin:
	ldr	r0, [r4, #8]
1:	subs	r0, r0, #1
	bne	1b
	b	a32_step
a32_isb:
	isb
	b	a32_step
/* An exception and its return (the exception-related events, D11.7.2): the level that takes it resumes after it. */
a32_udf:
	udf	#0
	b	a32_step
a32_svc_nop:
	ldr	r0, =PMUCHECK_CALL_NOP
	svc	#0
a32_step:
	str	r5, [r4, #4]
	add	r4, r4, #A32_OP_SIZE
	add	r10, r10, #1
	b	a32_next

/* The end: (PMUCHECK_CALL_RETURN, 0, CTX_OK) upwards, SVC from User mode, SMC or HVC from EL1. */
a32_done:
	ldr	r0, =PMUCHECK_CALL_RETURN
	mov	r1, #0
	mov	r2, #CTX_OK
	and	r3, r9, #(A32_ENTRY_EL1 | A32_ENTRY_DROP_EL0)
	cmp	r3, #A32_ENTRY_EL1	/* at EL1 itself (MRS of the CPSR mode is UNKNOWN at EL0: the flags say) */
	beq	a32_up
	svc	#0
	b	.

/* Supervisor Call (AArch32 EL1 only): a nop returns after the SVC (LR_svc; SUBS PC, LR: the exception return) with
 * A32_OUT_SVC; from User mode the return request is passed on upwards; anything else ends the call. */
a32_svc:
	ldr	r3, =PMUCHECK_CALL_NOP
	cmp	r0, r3
	moveq	r5, #A32_OUT_SVC
	subseq	pc, lr, #0
	ldr	r3, =PMUCHECK_CALL_RETURN
	cmp	r0, r3
	movne	r1, #0x08
	movne	r2, #CTX_ABORTED
	ldrne	r0, =PMUCHECK_CALL_RETURN
a32_up:
	tst	r9, #A32_ENTRY_HVC
	bne	1f
	smc	#0
	b	.
1:	hvc	#0
	b	.

/* Undefined Instruction: flag the request and resume after the instruction (LR_und = its address + 4, A32). */
a32_undef:
	mov	r5, #A32_OUT_UNDEF
	subs	pc, lr, #0

	.macro a32_abort offset
a32_abort_\offset:
	ldr	r0, =PMUCHECK_CALL_RETURN
	mov	r1, #\offset
	mov	r2, #CTX_ABORTED
	b	a32_up
	.endm
	a32_abort 0x00
	a32_abort 0x0c
	a32_abort 0x10
	a32_abort 0x14
	a32_abort 0x18
	a32_abort 0x1c
	.ltorg

/*
 * The stubs: for each register of A32_PMU_REG_LIST, in order, A32_STUB_SIZE bytes: the read (MRC p15 into r0, or
 * MRRC p15 into r0 and r1), BX LR, the write (MCR from r0, or MCRR from r0 and r1), BX LR. Encoded with .inst
 * from the A1 encodings (F5.1 MRC/MCR: cond 1110 opc1 L CRn Rt coproc opc2 1 CRm; MRRC/MCRR: cond 1100 010 L Rt2
 * Rt coproc opc1 CRm), so one list names every register for both the agent and the C code.
 */
	.macro a32_stub width, opc1, crn, crm, opc2
	.if \width == 64
	.inst	0xec510f00 | ((\opc1) << 4) | (\crm)
	bx	lr
	.inst	0xec410f00 | ((\opc1) << 4) | (\crm)
	bx	lr
	.else
	.inst	0xee100f10 | ((\opc1) << 21) | ((\crn) << 16) | ((\opc2) << 5) | (\crm)
	bx	lr
	.inst	0xee000f10 | ((\opc1) << 21) | ((\crn) << 16) | ((\opc2) << 5) | (\crm)
	bx	lr
	.endif
	.endm

#define A32_STUB(name, width, opc1, crn, crm, opc2) a32_stub width, opc1, crn, crm, opc2 ;
	.balign	16
a32_stubs:
	A32_PMU_REG_LIST(A32_STUB)
a32_stubs_end:
	.if (a32_stubs_end - a32_stubs) != A32_REG_COUNT * A32_STUB_SIZE
	.error "the stub table does not match A32_REG_COUNT"
	.endif
