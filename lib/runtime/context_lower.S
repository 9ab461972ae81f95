/*
 * context_lower.S - the two ends of an Exception level switch (see context.h).
 */
#include "arch/asm_macros.h"
#include "runtime/context.h"

/*
 * ctx_eret(fn, arg, elr, spsr): at the orchestrator's EL (3, 2 or 1) load ELR_ELx/SPSR_ELx and ERET into
 * the lower context, which starts at ctx_lower_entry with x0 = fn, x1 = arg, x2 = its EL (SPSR.M[3:2]:
 * CurrentEL cannot be read at EL0). SP of the target EL is already set by the caller.
 */
func ctx_eret
	mrs	x4, CurrentEL
	cmp	x4, #(3 << 2)
	b.ne	1f
	msr	elr_el3, x2
	msr	spsr_el3, x3
	b	9f
1:	cmp	x4, #(2 << 2)
	b.ne	2f
	msr	elr_el2, x2
	msr	spsr_el2, x3
	b	9f
2:	msr	elr_el1, x2
	msr	spsr_el1, x3
9:	ubfx	x2, x3, #2, #2
	isb
	eret
endfunc ctx_eret

/*
 * First code of a lower context: run fn(arg), hand the result upwards with status CTX_OK: from EL0 with
 * SVC #0 (EL1's service forwards it), from EL1 or EL2 through ctx_lower_return.
 */
func ctx_lower_entry
	mov	x19, x2
	mov	x2, x0
	mov	x0, x1
	blr	x2
	mov	x1, x0
	mov	x2, #CTX_OK
	ldr	x0, =PMUCHECK_CALL_RETURN
	cbnz	x19, ctx_lower_return
	svc	#0
	b	.
endfunc ctx_lower_entry

/*
 * ctx_lower_return(id, value, status), at EL1 or EL2 only: call the level above, SMC when the orchestrator
 * is EL3, HVC when it is EL2. Never returns: the orchestrator resumes.
 */
func ctx_lower_return
	adrp	x4, orchestrator_el
	ldr	w4, [x4, :lo12:orchestrator_el]
	cmp	w4, #3
	b.ne	2f
	smc	#0
	b	.
2:	hvc	#0
	b	.
endfunc ctx_lower_return
