/*
 * stage2_hole.S - the page lib/mmu/stage2.c leaves out of its stage 2 translation: 4KB of .text nothing else
 * shares (aligned at both ends), so a fetch or a load there from EL1 or EL0 faults at stage 2 and nothing else
 * does. It starts with RET, for a BLR to it where stage 2 is off.
 */
	.section .text.stage2_hole, "ax"
	.balign 4096
	.global stage2_hole_page
stage2_hole_page:
	ret
	.balign 4096
