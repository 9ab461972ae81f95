/*
 * aarch32.h - the AArch32 contexts' side of ctx_call_a32() (runtime/context.h): the requests the A32 agent
 * (aarch32_agent.S) carries out, the AArch32 PMU register names, and the AArch32 EL1&0 translation regime and
 * Execution state controls the orchestrator sets around a call into AArch32 EL1.
 */
#ifndef PMUCHECK_AARCH32_H
#define PMUCHECK_AARCH32_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/aarch32_pmu_regs.h"
#include "runtime/context.h"

/* One request (layout: aarch32_pmu_regs.h, A32_OP_*): kind, AArch32 register index, the agent's A32_OUT_* flags,
 * and the value written or read (MCRR/MRRC: hi is <Rt2>). A list ends with kind A32_OP_END. */
struct a32_op {
	uint16_t kind;
	uint16_t reg;
	uint32_t out;
	uint32_t lo, hi;
};

/* Name of AArch32 PMU register `reg` (A32_REG_*): "PMCR", "PMEVCNTR3", "PMCCNTR (MRRC)"; "?" out of range. */
const char *a32_reg_name(unsigned reg);

/* The encoding of `reg` (A32_PMU_REG_LIST): coproc 15, opc1, CRn, CRm, opc2 (MRRC/MCRR: CRn and opc2 0). */
void a32_reg_encoding(unsigned reg, unsigned *opc1, unsigned *crn, unsigned *crm, unsigned *opc2);

/* Whether `reg` is accessed with MRRC/MCRR (64 bits: PMCCNTR's 64-bit form), else MRC/MCR. */
bool a32_reg_is_64(unsigned reg);

/*
 * Around a call into a context whose EL1 is AArch32 (ns_el1_a32, s_el1_a32, s_el0_a32), from EL3 or EL2: make EL1
 * AArch32 (HCR_EL2.RW = 0 where EL2 is enabled in the context's Security state, else SCR_EL3.RW = 0) and give it
 * the AArch32 EL1&0 regime: TTBCR (TCR_EL1[31:0]) with EAE = 1 (long descriptors, T0SZ = 0: a 4 GiB input range
 * walked from level 1, TTBR1 walks off), TTBR0 = the level 1 table of the context's AArch64 tables (the same
 * identity map: its first four entries are the low 4 GiB), SCTLR in its AArch32 layout (M, C, I; A32 exceptions)
 * and VBAR = the agent's vector table; then TLBI ALLE1. a32_el1_leave() restores what a32_el1_enter() found.
 * Source: G5.5 (the long-descriptor translation table format), G8.2 TTBCR/SCTLR, D24.2 HCR_EL2.RW, SCR_EL3.RW.
 */
void a32_el1_enter(enum ctx c);
void a32_el1_leave(enum ctx c);

/* The agent's first byte (its AArch32 vector table), in the image (aarch32_agent_blob.S). */
extern char a32_agent[];

#endif
