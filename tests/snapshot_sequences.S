/*
 * snapshot_sequences.S - the instruction sequence the snapshot module's PC sample check needs at known
 * addresses (tests/snapshot.c, RMPZSB). A leaf function that writes no memory and uses no stack.
 */
#include "arch/asm_macros.h"

/*
 * snapshot_capture_pair(): two Capture events from PMSSCR_EL1.SS writes (the first at snapshot_capture_first,
 * the second at snapshot_capture_second), each followed by Example D13-8's poll (MRS until SS reads 0, then
 * ISB). Between them a loop retires 16 taken branches, so the second capture has Recently-executed
 * instructions to sample (D13.9 RMPZSB: any instruction executed between the previous and the current
 * successful Capture event): the instructions after snapshot_capture_first, up to snapshot_capture_second.
 * Returns the last PMSSCR_EL1 read (SS 0 on completion; the poll is unbounded only if SS never clears, which
 * the module's watchdog ends).
 */
func snapshot_capture_pair
	mov	x0, #1
	.global	snapshot_capture_first
snapshot_capture_first:
	msr	S3_0_C9_C13_3, x0		/* PMSSCR_EL1.SS = 1 */
1:	mrs	x1, S3_0_C9_C13_3
	tbnz	x1, #0, 1b
	isb
	mov	x2, #16
2:	subs	x2, x2, #1
	b.ne	2b
	.global	snapshot_capture_second
snapshot_capture_second:
	msr	S3_0_C9_C13_3, x0
3:	mrs	x1, S3_0_C9_C13_3
	tbnz	x1, #0, 3b
	isb
	mov	x0, x1
	ret
endfunc snapshot_capture_pair
