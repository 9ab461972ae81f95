/*
 * floor.S - the bench's floor: an image that exits at once (semihosting SYS_EXIT, status 0), so that
 * `make bench` can set QEMU's own start-up and tear-down time beside the suite's (ci/bench.py).
 */
	.section .text
	.global _start
_start:
	adr	x1, block
	mov	x0, #0x18		/* SYS_EXIT */
	hlt	#0xf000			/* AArch64 semihosting call */
1:	b	1b
	.balign 8
block:
	.quad	0x20026			/* ADP_Stopped_ApplicationExit */
	.quad	0
