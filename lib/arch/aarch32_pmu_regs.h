/*
 * aarch32_pmu_regs.h - the AArch32 Performance Monitors System registers (G8.4, "Performance Monitors
 * registers"), as one list shared by the A32 agent (lib/runtime/aarch32_agent.S, which makes one read and one
 * write stub of each) and the C code that names them (lib/runtime/aarch32.c, the access model).
 *
 * A32_PMU_REG_LIST(X) calls X(name, width, opc1, CRn, CRm, opc2) once per register, in index order:
 *   width 32: MRC/MCR p15, opc1, <Rt>, c<CRn>, c<CRm>, opc2 (the encodings of each register's
 *             "Accessing <reg>" section);
 *   width 64: MRRC/MCRR p15, opc1, <Rt>, <Rt2>, c<CRm> (CRn and opc2 unused: 0).
 * PMEVCNTR<n> is c14, c<0b10:n[4:3]>, n[2:0]; PMEVTYPER<n> is c14, c<0b11:n[4:3]>, n[2:0]; PMCCFILTR is the
 * encoding PMEVTYPER31 would have (c14, c15, 7). No parentheses or spaces in the arguments an assembler macro
 * receives (the A32 agent passes them to .inst expressions).
 */
#ifndef PMUCHECK_AARCH32_PMU_REGS_H
#define PMUCHECK_AARCH32_PMU_REGS_H

#define A32_FOR_EACH_N(M, X) \
	M(X, 0) M(X, 1) M(X, 2) M(X, 3) M(X, 4) M(X, 5) M(X, 6) M(X, 7) M(X, 8) M(X, 9) M(X, 10) M(X, 11) \
	M(X, 12) M(X, 13) M(X, 14) M(X, 15) M(X, 16) M(X, 17) M(X, 18) M(X, 19) M(X, 20) M(X, 21) M(X, 22) \
	M(X, 23) M(X, 24) M(X, 25) M(X, 26) M(X, 27) M(X, 28) M(X, 29) M(X, 30)
#define A32_PMEVCNTR_N(X, n)  X(PMEVCNTR##n, 32, 0, 14, 8+(n>>3), n&7)
#define A32_PMEVTYPER_N(X, n) X(PMEVTYPER##n, 32, 0, 14, 12+(n>>3), n&7)

#define A32_PMU_REG_LIST(X) \
	X(PMCR, 32, 0, 9, 12, 0) \
	X(PMCNTENSET, 32, 0, 9, 12, 1) \
	X(PMCNTENCLR, 32, 0, 9, 12, 2) \
	X(PMOVSR, 32, 0, 9, 12, 3) \
	X(PMSWINC, 32, 0, 9, 12, 4) \
	X(PMSELR, 32, 0, 9, 12, 5) \
	X(PMCEID0, 32, 0, 9, 12, 6) \
	X(PMCEID1, 32, 0, 9, 12, 7) \
	X(PMCCNTR, 32, 0, 9, 13, 0) \
	X(PMXEVTYPER, 32, 0, 9, 13, 1) \
	X(PMXEVCNTR, 32, 0, 9, 13, 2) \
	X(PMUSERENR, 32, 0, 9, 14, 0) \
	X(PMINTENSET, 32, 0, 9, 14, 1) \
	X(PMINTENCLR, 32, 0, 9, 14, 2) \
	X(PMOVSSET, 32, 0, 9, 14, 3) \
	X(PMCEID2, 32, 0, 9, 14, 4) \
	X(PMCEID3, 32, 0, 9, 14, 5) \
	X(PMMIR, 32, 0, 9, 14, 6) \
	X(PMCCFILTR, 32, 0, 14, 15, 7) \
	X(PMCCNTR64, 64, 0, 0, 9, 0) \
	A32_FOR_EACH_N(A32_PMEVCNTR_N, X) \
	A32_FOR_EACH_N(A32_PMEVTYPER_N, X)

/* Index of each register in the list (A32_REG_PMCR, ..., A32_REG_PMEVCNTR0 + n, A32_REG_PMEVTYPER0 + n). */
#define A32_REG_PMCR        0
#define A32_REG_PMCNTENSET  1
#define A32_REG_PMCNTENCLR  2
#define A32_REG_PMOVSR      3
#define A32_REG_PMSWINC     4
#define A32_REG_PMSELR      5
#define A32_REG_PMCEID0     6
#define A32_REG_PMCEID1     7
#define A32_REG_PMCCNTR     8
#define A32_REG_PMXEVTYPER  9
#define A32_REG_PMXEVCNTR   10
#define A32_REG_PMUSERENR   11
#define A32_REG_PMINTENSET  12
#define A32_REG_PMINTENCLR  13
#define A32_REG_PMOVSSET    14
#define A32_REG_PMCEID2     15
#define A32_REG_PMCEID3     16
#define A32_REG_PMMIR       17
#define A32_REG_PMCCFILTR   18
#define A32_REG_PMCCNTR64   19
#define A32_REG_PMEVCNTR0   20
#define A32_REG_PMEVTYPER0  51
#define A32_REG_COUNT       82

/* Bytes per register in the agent's stub table: read stub (2 instructions), then write stub (2). */
#define A32_STUB_SIZE       16
#define A32_STUB_WRITE      8

/*
 * One request to the A32 agent (struct a32_op in runtime/aarch32.h; this is its layout):
 *   [0] u16 kind (A32_OP_*), [2] u16 register index, [4] u32 A32_OUT_* flags the agent sets,
 *   [8] u32 value low, [12] u32 value high (MRRC/MCRR's <Rt2>; a 32-bit read leaves it 0).
 */
#define A32_OP_SIZE         16
#define A32_OP_END          0  /* the agent returns to the orchestrator */
#define A32_OP_READ         1  /* MRC/MRRC of the register into value */
#define A32_OP_WRITE        2  /* MCR/MCRR of value to the register */
#define A32_OP_SPIN         3  /* value (low word, >= 1) turns of a SUBS/BNE loop */
#define A32_OP_ISB          4  /* ISB */
#define A32_OP_UDF          5  /* UDF #0: an Undefined Instruction exception (EXC_UNDEF) */
#define A32_OP_SVC          6  /* SVC #0 with r0 = PMUCHECK_CALL_NOP: a Supervisor Call that returns (EXC_SVC) */
#define A32_OUT_UNDEF       1  /* the access was UNDEFINED and taken at AArch32 EL1 (its Undefined vector) */
#define A32_OUT_SVC         2  /* the SVC was taken at AArch32 EL1 (its Supervisor Call vector) */

/* Entry flags the orchestrator passes in r1 (runtime/aarch32.c). */
#define A32_ENTRY_EL1       1  /* entered at AArch32 EL1 (Supervisor mode), else at EL0 (User mode) */
#define A32_ENTRY_DROP_EL0  2  /* at EL1: run the requests at EL0 (User mode), SVC back to EL1 */
#define A32_ENTRY_HVC       4  /* at EL1: return with HVC #0 (orchestrator at EL2), else SMC #0 */

/* Offset of the entry point from the agent's start (after its vector table). */
#define A32_AGENT_ENTRY     0x20

#endif
