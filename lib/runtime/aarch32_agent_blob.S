/*
 * aarch32_agent_blob.S - the A32 agent (aarch32_agent.S, assembled by the A32 assembler into a flat binary:
 * Makefile AARCH32_AGENT_BIN) inside the AArch64 image, in the executable text that the EL1&0 regimes map at EL0
 * and EL1 too. a32_agent is its first byte (its AArch32 vector table; the entry is at A32_AGENT_ENTRY).
 */
	.section .text.aarch32, "ax"
	.balign	32
	.global	a32_agent
	.type	a32_agent, %object
a32_agent:
	.incbin	AARCH32_AGENT_BIN
	.size	a32_agent, . - a32_agent
	.balign	4
