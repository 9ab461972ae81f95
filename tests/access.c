/*
 * access.c - who may touch the PMU: every PMU register class (lib/model/pmu_access.h) read and written at
 * every context, for every combination of the controls that decide it, and the outcome compared with the
 * access model (the "Accessing <register>" pseudocode, ../shared/spec/pseudocode/PMU_sysreg_access.asl):
 *
 *   allowed     no exception, and a write takes effect (read back at the orchestrator);
 *   trapped     the exception is taken to the model's EL with ESR_ELx.EC == 0x18 and an ISS that names the
 *               register (Op0, Op1, CRn, CRm, Op2), Rt (x9) and the direction; ELR_ELx is the instruction;
 *               a trapped write changed nothing;
 *   UNDEFINED   EC 0x00, at EL1 from EL0, else at the accessing EL; a write changed nothing.
 *
 * access.<register>.<ctx> (pmceid0_el0, pmevcntr_el0, ...): controls swept are PMUSERENR_EL0.{EN, SW, CR, ER}
 * (all 16 values, at EL0), MDCR_EL2.TPM and MDCR_EL2.TPMCR (where pmucheck owns EL2) and MDCR_EL3.TPM (entered
 * at EL3), and with FEAT_FGT each PMU bit of HDFGRTR_EL2/HDFGWTR_EL2 alone (SCR_EL3.FGTEn = 1), and all with
 * SCR_EL3.FGTEn = 0 (build_combos()). Event counters are counter 1
 * (PMEVCNTR<1>/PMEVTYPER<1>) and, through PMSELR_EL0.SEL = 0, counter 0: both below MDCR_EL2.HPMN; the
 * counters at and above HPMN are the guest_view module's. At EL0 where pmucheck owns EL2, HCR_EL2.TGE = 1 as
 * well, with every PMUSERENR_EL0 value (tge_sweep()). With FEAT_PMUv3p9 also PMUSERENR_EL0.UEN and TID,
 * PMUACR_EL1 all or nothing (reads of a withheld counter must be zero, writes ignored) and MDCR_EL3.EnPM2;
 * PMZR_EL0 and PMUACR_EL1 are accessed everywhere (UNDEFINED without FEAT_PMUv3p9), and so are PMICNTR_EL0 and
 * PMICFILTR_EL0 (UNDEFINED without FEAT_PMUv3_ICNTR; with it MDCR_EL3.EnPM2 is swept too). With FEAT_FGT2, where
 * pmucheck owns EL2 and SCR_EL3 (entered at EL3, or no EL3), HDFGRTR2/HDFGWTR2_EL2 are all ones (negative
 * sense: nothing trapped) with SCR_EL3.FGTEn2 = 1 in the sweep above, then each PMU bit of them
 * (pmu_fgt2_bits[], lib/model/pmu_access.c: nPMUACR_EL1 traps PMUACR_EL1, nPMZR_EL0 PMZR_EL0, the others
 * registers this module does not access, whose clearing must then trap nothing here) is cleared alone with
 * SCR_EL3.FGTEn2 = 1, and all are left set with SCR_EL3.FGTEn2 = 0 (entered at EL3), which makes their
 * Effective value 0: every FGT2-trapped access goes to EL2 ("(HaveEL(EL3) && SCR_EL3.FGTEn2 == '0') ||
 * HDFGRTR2_EL2.nPMUACR_EL1 == '0'", Accessing PMUACR_EL1).
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "model/pmu_access.h"
#include "mmu/mmu.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "runtime/image_layout.h"
#include "runtime/stacks.h"
#include "test/test.h"
#include "tests.h"

#define RULES "D24.5 \"Accessing <register>\" (PMUSERENR_EL0, MDCR_EL2.TPM/TPMCR, MDCR_EL3.TPM), " \
	      "AArch64.SystemAccessTrap EC 0x18"
#define ACCESS_RT 9 /* the register every access uses: ISS.Rt */

/*
 * One access instruction per register class, in the order a context makes them (reads, then writes):
 * PMXEVCNTR/PMXEVTYPER before PMSELR_EL0 is written (they use SEL = 0), PMUSERENR_EL0 last (at EL1 and above a
 * write changes what EL0 may do, not the context itself). Through x9; the encodings are pmu_reg_encoding()'s
 * (PMEVCNTR<1>, PMEVTYPER<1>).
 */
#define ACCESS_ORDER(X)                                                                                   \
	X(PMREG_PMZR_EL0, S3_3_C9_C13_4) X(PMREG_PMUACR_EL1, S3_0_C9_C14_4)                              \
	X(PMREG_PMICNTR_EL0, S3_3_C9_C4_0) X(PMREG_PMICFILTR_EL0, S3_3_C9_C6_0)                          \
	X(PMREG_PMXEVCNTR_EL0, S3_3_C9_C13_2) X(PMREG_PMXEVTYPER_EL0, S3_3_C9_C13_1)                    \
	X(PMREG_PMCR_EL0, S3_3_C9_C12_0) X(PMREG_PMCNTENSET_EL0, S3_3_C9_C12_1)                          \
	X(PMREG_PMCNTENCLR_EL0, S3_3_C9_C12_2) X(PMREG_PMOVSSET_EL0, S3_3_C9_C14_3)                     \
	X(PMREG_PMOVSCLR_EL0, S3_3_C9_C12_3) X(PMREG_PMINTENSET_EL1, S3_0_C9_C14_1)                     \
	X(PMREG_PMINTENCLR_EL1, S3_0_C9_C14_2) X(PMREG_PMCEID0_EL0, S3_3_C9_C12_6)                      \
	X(PMREG_PMCEID1_EL0, S3_3_C9_C12_7) X(PMREG_PMCCNTR_EL0, S3_3_C9_C13_0)                         \
	X(PMREG_PMCCFILTR_EL0, S3_3_C14_C15_7) X(PMREG_PMEVCNTR_EL0, S3_3_C14_C8_1)                     \
	X(PMREG_PMEVTYPER_EL0, S3_3_C14_C12_1) X(PMREG_PMSWINC_EL0, S3_3_C9_C12_4)                      \
	X(PMREG_PMMIR_EL1, S3_0_C9_C14_6) X(PMREG_PMSELR_EL0, S3_3_C9_C12_5)                            \
	X(PMREG_PMUSERENR_EL0, S3_3_C9_C14_0)
#define COUNTER_N 1 /* PMEVCNTR<n>/PMEVTYPER<n> */

static uint64_t access_insn(enum pmu_reg reg, bool write, uint64_t value, uint64_t *pc)
{
	register uint64_t x9 __asm__("x9") = value;
	uint64_t at = 0;

#define ACCESS_CASE(r, enc)                                                                             \
	case r:                                                                                         \
		if (write)                                                                              \
			__asm__ volatile("adr %1, 1f\n1:\tmsr " #enc ", x9" : "+r"(x9), "=&r"(at)::"memory"); \
		else                                                                                    \
			__asm__ volatile("adr %1, 1f\n1:\tmrs x9, " #enc : "+r"(x9), "=&r"(at)::"memory");    \
		break;
	switch (reg) {
		ACCESS_ORDER(ACCESS_CASE)
	default: break;
	}
#undef ACCESS_CASE
	*pc = at;
	return x9;
}

/* What each access did, filled in the context. */
struct access_seen {
	struct exc_record exc; /* exc.taken: whether the access took an exception */
	uint64_t pc;
	uint64_t value; /* what a read returned */
};
static struct access_seen seen[PMREG_COUNT][2];

/*
 * The PMCR_EL0 bit a write sets: DP where it is implemented (D24.5.8: "When HaveEL(EL3) || (FEAT_PMUv3p1 &&
 * HaveEL(EL2)) || FEAT_PMUv3p7", else RES0), else D (bit 3, "When FEAT_AA32 is implemented"), else E (always RW;
 * then the event counters the batch enables still count nothing at EL1 and EL0: the filters it writes have P, U).
 */
static uint64_t pmcr_marker(void)
{
	const struct pmu_features *f = &features.pmu;

	if (f->el3 || (feat_pmuv3p1(f) && f->el2) || feat_pmuv3p7(f))
		return PMCR_EL0_DP_BIT;
	return f->aarch32 ? PMCR_EL0_D_BIT : PMCR_EL0_E_BIT;
}

/* The values written (a write that takes effect is visible at the orchestrator; see preset()/effect()). */
static inline uint64_t write_value(enum pmu_reg reg)
{
	switch (reg) {
	case PMREG_PMCR_EL0: return pmcr_marker();
	case PMREG_PMCNTENSET_EL0: case PMREG_PMOVSSET_EL0: case PMREG_PMINTENSET_EL1: return BIT64(1);
	case PMREG_PMCNTENCLR_EL0: case PMREG_PMOVSCLR_EL0: case PMREG_PMINTENCLR_EL1: return BIT64(0);
	case PMREG_PMSELR_EL0: return 2;
	case PMREG_PMCCNTR_EL0: return 0x1234;
	case PMREG_PMCCFILTR_EL0: return PMU_FILTER_ALL | PMEVTYPER_P_BIT;
	case PMREG_PMEVCNTR_EL0: return 0x55;
	/* P and U: the events never count at EL1 and EL0, even where pmcr_marker() is PMCR_EL0.E */
	case PMREG_PMEVTYPER_EL0: return PMU_FILTER_ALL | PMEVTYPER_P_BIT | PMEVTYPER_U_BIT | 0x11;
	case PMREG_PMXEVCNTR_EL0: return 0x77;
	case PMREG_PMXEVTYPER_EL0: return PMU_FILTER_ALL | PMEVTYPER_P_BIT | PMEVTYPER_U_BIT | 0x8;
	case PMREG_PMUSERENR_EL0: return PMUSERENR_EL0_EN_BIT; /* a value the preset never holds (below) */
	case PMREG_PMICNTR_EL0: return 0x4321;
	case PMREG_PMICFILTR_EL0: return PMU_FILTER_ALL | PMEVTYPER_P_BIT;
	default: return 0;
	}
}

#define ORDER(r, enc) r,
static const enum pmu_reg order[PMREG_COUNT] = { ACCESS_ORDER(ORDER) };
#undef ORDER

/* Runs in the context: every read, then every write, each with its exception recorded. */
static uint64_t at_ctx_access_all(uint64_t unused)
{
	unsigned i, w;

	(void)unused;
	for (w = 0; w < 2; w++) {
		for (i = 0; i < PMREG_COUNT; i++) {
			struct access_seen *a = &seen[order[i]][w];

			exc_expect_begin(&a->exc);
			a->value = access_insn(order[i], w, write_value(order[i]), &a->pc);
			exc_expect_end();
		}
	}
	return 0;
}

/*
 * The same accesses for a context that runs with stage 1 translation off (EL0 under HCR_EL2.TGE = 1, E2H = 0:
 * SCTLR_EL1.M behaves as 0, so its data accesses are Device memory and uncached): a leaf that touches no
 * memory. Each access is named in x10 (EXC_TAG_REG) as (register << 1) | write, the index of the record the
 * EL that takes its exception files it under (exc_expect_table_begin). Returns 0.
 */
static uint64_t at_ctx_access_all_bare(uint64_t unused)
{
	register uint64_t x9 __asm__("x9");
	register uint64_t x10 __asm__("x10");

	(void)unused;
#define READ(r, enc)                                                                                      \
	x10 = (uint64_t)(r) << 1;                                                                        \
	__asm__ volatile("mrs x9, " #enc : "=r"(x9) : "r"(x10) : "memory");
#define WRITE(r, enc)                                                                                     \
	x10 = (uint64_t)(r) << 1 | 1;                                                                    \
	x9 = write_value(r);                                                                             \
	__asm__ volatile("msr " #enc ", x9" : : "r"(x9), "r"(x10) : "memory");
	ACCESS_ORDER(READ)
	ACCESS_ORDER(WRITE)
#undef READ
#undef WRITE
	return 0;
}

/* At the orchestrator, before the context runs: every register at a value the writes would change. */
static void preset(uint64_t pmuserenr)
{
	pmu_stop(); /* PMCR_EL0 = 0 (E and DP clear), no counter enabled */
	write_pmcntenclr_el0(BIT64(1));
	write_pmcntenset_el0(BIT64(0));
	write_pmovsclr_el0(BIT64(1));
	write_pmovsset_el0(BIT64(0));
	write_pmintenclr_el1(BIT64(1) | PMU_CNT_C_BIT);
	write_pmintenset_el1(BIT64(0));
	write_pmccntr_el0(0);
	write_pmccfiltr_el0(PMU_FILTER_ALL);
	write_pmevcntr(0, 0);
	write_pmevtyper(0, PMU_FILTER_ALL);
	write_pmevcntr(COUNTER_N, 0);
	write_pmevtyper(COUNTER_N, PMU_FILTER_ALL);
	write_pmselr_el0(0);
	if (features.pmu.pmicntr) {
		write_pmicntr_el0(0);
		write_pmicfiltr_el0(PMU_FILTER_ALL);
	}
	/* PMUSERENR_EL0 under test; with EN set, the write value would not change it: clear SW there. */
	write_pmuserenr_el0(pmuserenr);
	isb();
}

/* Whether the write of reg is visible at the orchestrator (the effect of write_value()); reads nothing else. */
static bool effect(enum pmu_reg reg, uint64_t pmuserenr)
{
	switch (reg) {
	case PMREG_PMCR_EL0: return read_pmcr_el0() & pmcr_marker();
	case PMREG_PMCNTENSET_EL0: return read_pmcntenset_el0() & BIT64(1);
	case PMREG_PMCNTENCLR_EL0: return !(read_pmcntenset_el0() & BIT64(0));
	case PMREG_PMOVSSET_EL0: return read_pmovsset_el0() & BIT64(1);
	case PMREG_PMOVSCLR_EL0: return !(read_pmovsset_el0() & BIT64(0));
	case PMREG_PMINTENSET_EL1: return read_pmintenset_el1() & BIT64(1);
	case PMREG_PMINTENCLR_EL1: return !(read_pmintenset_el1() & BIT64(0));
	case PMREG_PMSELR_EL0: return (read_pmselr_el0() & 0x1f) == 2;
	case PMREG_PMCCNTR_EL0: return read_pmccntr_el0() == 0x1234;
	case PMREG_PMCCFILTR_EL0: return read_pmccfiltr_el0() & PMEVTYPER_P_BIT;
	case PMREG_PMEVCNTR_EL0: return (read_pmevcntr(COUNTER_N) & 0xffffffff) == 0x55;
	case PMREG_PMEVTYPER_EL0: return (read_pmevtyper(COUNTER_N) & 0xffff) == 0x11;
	case PMREG_PMXEVCNTR_EL0: return (read_pmevcntr(0) & 0xffffffff) == 0x77;
	case PMREG_PMXEVTYPER_EL0: return (read_pmevtyper(0) & 0xffff) == 0x8;
	case PMREG_PMUSERENR_EL0: return read_pmuserenr_el0() != pmuserenr;
	case PMREG_PMICNTR_EL0: return features.pmu.pmicntr && read_pmicntr_el0() == 0x4321;
	case PMREG_PMICFILTR_EL0: return features.pmu.pmicntr && (read_pmicfiltr_el0() & PMEVTYPER_P_BIT);
	default: return false; /* no visible effect (PMSWINC_EL0 with counting off) or no such write */
	}
}

static unsigned expected_el(enum pmu_access_result r, const struct pmu_state *s)
{
	switch (r) {
	case PMU_ACCESS_TRAP_EL1: return 1;
	case PMU_ACCESS_TRAP_EL2: return 2;
	case PMU_ACCESS_TRAP_EL3: return 3;
	default: /* UNDEFINED: at EL1 from EL0, or at EL2 when HCR_EL2.TGE routes EL0's exceptions there */
		return s->el != 0 ? s->el : (s->hcr_el2 & HCR_EL2_TGE_BIT) ? 2 : 1;
	}
}

/* The ISS pmucheck expects for a trapped access of reg (EC 0x18). */
static uint64_t expected_iss(enum pmu_reg reg, bool write)
{
	struct pmu_reg_encoding e = pmu_reg_encoding(reg, COUNTER_N);

	return FIELD_PREP(ESR_ISS_SYS, Op0, e.op0) | FIELD_PREP(ESR_ISS_SYS, Op2, e.op2) |
	       FIELD_PREP(ESR_ISS_SYS, Op1, e.op1) | FIELD_PREP(ESR_ISS_SYS, CRn, e.crn) |
	       FIELD_PREP(ESR_ISS_SYS, Rt, ACCESS_RT) | FIELD_PREP(ESR_ISS_SYS, CRm, e.crm) |
	       (write ? 0 : ESR_ISS_SYS_Direction_BIT);
}

/*
 * The A64 word of the access pmucheck makes of reg: MRS/MSR (register), op0 in bits [20:19], op1 [18:16],
 * CRn [15:12], CRm [11:8], op2 [7:5], Rt [4:0], L (bit 21) set for MRS (C6.2, "MRS", "MSR (register)").
 */
static uint32_t expected_insn(enum pmu_reg reg, bool write)
{
	struct pmu_reg_encoding e = pmu_reg_encoding(reg, COUNTER_N);

	return 0xd5000000u | (write ? 0 : 1u << 21) | e.op0 << 19 | e.op1 << 16 | e.crn << 12 | e.crm << 8 |
	       e.op2 << 5 | ACCESS_RT;
}

/* The set/clear registers, whose bits GetPMUReadMask()/GetPMUWriteMask() mask (pmu_access_counter_mask()). */
static bool set_clear_register(enum pmu_reg reg)
{
	switch (reg) {
	case PMREG_PMCNTENSET_EL0: case PMREG_PMCNTENCLR_EL0: case PMREG_PMOVSSET_EL0: case PMREG_PMOVSCLR_EL0:
	case PMREG_PMINTENSET_EL1: case PMREG_PMINTENCLR_EL1: return true;
	default: return false;
	}
}

/*
 * The claim of one access (test.h struct claim): the register, PMUSERENR_EL0.{EN,SW,CR,ER}, MDCR_EL2.{TPM,TPMCR},
 * MDCR_EL3.TPM and the register's HDFGRTR_EL2/HDFGWTR_EL2 bit in ctl; expected the Exception level the model's
 * outcome takes the access to (0: performed), seen the level it was taken to (0: none). Returns c.
 */
static const struct claim *access_claim(struct claim *c, const struct pmu_state *s, uint64_t pmuserenr,
					uint64_t hdfgtr, enum pmu_reg reg, bool write, enum pmu_access_result want,
					const struct exc_record *exc)
{
	bool trap = want != PMU_ACCESS_OK && want != PMU_ACCESS_RAZ_WI && want != PMU_ACCESS_UNPREDICTABLE;

	*c = (struct claim){ pmu_reg_name(reg), -1, -1,
			     pmu_access_claim_ctl(s, pmuserenr, write) |
			     (hdfgtr & pmu_reg_fgt_bit(reg, write) ? CLAIM_FGT_TRAP : 0),
			     trap ? expected_el(want, s) : 0, exc->taken ? exc->el : 0 };
	return c;
}

/* PMUACR_EL1 as the running combination set it (FEAT_PMUv3p9; 0 otherwise). */
static uint64_t current_pmuacr;

/*
 * Compare one access with the model: what it took (exc), the address of the instruction (pc, 0: not recorded)
 * and what a read returned (value); the controls are printed with every failure.
 */
static void check_access(struct check_group *g, enum ctx c, const struct pmu_state *s,
			 const struct pmu_access_features *af, uint64_t pmuserenr, uint64_t hdfgtr, uint64_t hdfgtr2,
			 enum pmu_reg reg, bool write, bool written, const struct exc_record *exc, uint64_t pc,
			 uint64_t value)
{
	struct pmu_access a = { .reg = reg, .write = write, .n = COUNTER_N, .pmuserenr_el0 = pmuserenr,
				.pmselr_el0 = 0, .hdfgrtr_el2 = hdfgtr, .hdfgwtr_el2 = hdfgtr,
				.pmuacr_el1 = current_pmuacr, .hdfgrtr2_el2 = hdfgtr2, .hdfgwtr2_el2 = hdfgtr2 };
	enum pmu_access_result want = pmu_access_check(&features.pmu, af, s, &a);
	unsigned ec = (unsigned)FIELD_GET(ESR, EC, exc->esr);
	const char *dir = write ? "MSR" : "MRS";
	struct claim cl;

#define CTRLS "PMUSERENR_EL0=0x%llx HCR_EL2.TGE=%d MDCR_EL2=0x%llx MDCR_EL3=0x%llx SCR_EL3.FGTEn=%d " \
	      "HDFGxTR_EL2=0x%llx SCR_EL3.FGTEn2=%d HDFGxTR2_EL2=0x%llx: %s %s at %s"
#define CTRL_ARGS (unsigned long long)pmuserenr, (s->hcr_el2 & HCR_EL2_TGE_BIT) != 0,                     \
		  (unsigned long long)s->mdcr_el2, (unsigned long long)s->mdcr_el3,                              \
		  (s->scr_el3 & SCR_EL3_FGTEn_BIT) != 0, (unsigned long long)hdfgtr,                             \
		  (s->scr_el3 & SCR_EL3_FGTEn2_BIT) != 0, (unsigned long long)hdfgtr2, dir, pmu_reg_name(reg),    \
		  ctx_name(c)
#define CLAIM access_claim(&cl, s, pmuserenr, hdfgtr, reg, write, want, exc)
	if (want == PMU_ACCESS_UNPREDICTABLE)
		return;
	if (want == PMU_ACCESS_RAZ_WI) { /* FEAT_PMUv3p9 PMUACR_EL1: no exception, zeros read, writes ignored */
		if (!check_claim_that(g, !exc->taken, CLAIM, CTRLS ": expected RAZ/WI, took EC 0x%02x to EL%u", CTRL_ARGS,
				      ec, exc->el))
			return;
		if (write)
			check_that(g, !written, CTRLS ": RAZ/WI, but the write took effect", CTRL_ARGS);
		else
			check_that(g, value == 0 || !pc, CTRLS ": RAZ/WI, but the read returned 0x%llx", CTRL_ARGS,
				   (unsigned long long)value);
		return;
	}
	if (want == PMU_ACCESS_OK) {
		uint64_t mask = pmu_access_counter_mask(&features.pmu, af, s, &a);

		if (!check_claim_that(g, !exc->taken, CLAIM, CTRLS ": expected allowed, took EC 0x%02x to EL%u (ESR 0x%llx)",
				CTRL_ARGS, ec, exc->el, (unsigned long long)exc->esr))
			return;
		if (set_clear_register(reg) && write && !(mask & write_value(reg))) /* GetPMUWriteMask() */
			check_that(g, !written, CTRLS ": allowed, the bit written outside GetPMUWriteMask() = 0x%llx "
				   "(PMUACR_EL1=0x%llx), but the write took effect", CTRL_ARGS, (unsigned long long)mask,
				   (unsigned long long)current_pmuacr);
		else if (write && write_value(reg) && reg != PMREG_PMSWINC_EL0)
			check_that(g, written, CTRLS ": allowed, but the write did not take effect", CTRL_ARGS);
		if (set_clear_register(reg) && !write && pc) /* GetPMUReadMask(): the preset's bit 0 among others */
			check_that(g, !(value & ~mask), CTRLS ": read 0x%llx, bits outside GetPMUReadMask() = 0x%llx "
				   "(PMUACR_EL1=0x%llx)", CTRL_ARGS, (unsigned long long)value, (unsigned long long)mask,
				   (unsigned long long)current_pmuacr);
		return;
	}
	if (!check_claim_that(g, exc->taken, CLAIM, CTRLS ": expected %s, no exception", CTRL_ARGS,
			pmu_access_result_name(want)))
		return;
	check_claim_that(g, exc->el == expected_el(want, s) && ec == (want == PMU_ACCESS_UNDEFINED ? ESR_EC_UNKNOWN :
			 ESR_EC_SYS64), CLAIM, CTRLS ": expected %s (EC 0x%02x at EL%u), took EC 0x%02x to EL%u", CTRL_ARGS,
		   pmu_access_result_name(want), want == PMU_ACCESS_UNDEFINED ? ESR_EC_UNKNOWN : ESR_EC_SYS64,
		   expected_el(want, s), ec, exc->el);
	if (want != PMU_ACCESS_UNDEFINED)
		check_that(g, (exc->esr & MASK64(24, 0)) == expected_iss(reg, write),
			   CTRLS ": ISS 0x%llx, expected 0x%llx (Op0/Op1/CRn/CRm/Op2, Rt=x9, direction)", CTRL_ARGS,
			   (unsigned long long)(exc->esr & MASK64(24, 0)),
			   (unsigned long long)expected_iss(reg, write));
	if (pc) /* 0: not recorded (the TGE sweep's contexts write no memory) */
		check_that(g, exc->elr == pc, CTRLS ": ELR 0x%llx, the instruction is at 0x%llx", CTRL_ARGS,
			   (unsigned long long)exc->elr, (unsigned long long)pc);
	else if (check_that(g, !(exc->elr & 3) && exc->elr >= (uintptr_t)__text_start &&
			    exc->elr < (uintptr_t)__text_end, CTRLS ": ELR 0x%llx is not in the image's code",
			    CTRL_ARGS, (unsigned long long)exc->elr))
		/* The record is filed by the access's tag: the word at ELR must be that access's MRS/MSR. */
		check_that(g, *(const volatile uint32_t *)exc->elr == expected_insn(reg, write),
			   CTRLS ": ELR 0x%llx holds 0x%08x, not the access (0x%08x)", CTRL_ARGS,
			   (unsigned long long)exc->elr, *(const volatile uint32_t *)exc->elr,
			   expected_insn(reg, write));
	if (write && write_value(reg) && reg != PMREG_PMSWINC_EL0)
		check_that(g, !written, CTRLS ": %s, but the write took effect", CTRL_ARGS,
			   pmu_access_result_name(want));
#undef CTRLS
#undef CTRL_ARGS
#undef CLAIM
}

/* One setting of the controls the module sweeps. */
struct combo {
	uint64_t pmuserenr;  /* at EL0 contexts */
	uint64_t mdcr_el2;   /* TPM, TPMCR */
	uint64_t mdcr_el3;   /* TPM */
	uint64_t scr_el3;    /* FGTEn */
	uint64_t hdfgtr;     /* HDFGRTR_EL2 and HDFGWTR_EL2 */
	uint64_t pmuacr;     /* PMUACR_EL1 (FEAT_PMUv3p9) */
	uint64_t hdfgtr2;    /* HDFGRTR2_EL2 and HDFGWTR2_EL2 (FEAT_FGT2; negative sense), with scr_el3.FGTEn2 */
};

/* Whether the sweep programs FEAT_FGT2's traps: pmucheck owns EL2, and SCR_EL3.FGTEn2 (entered at EL3, or no
 * EL3: then nothing gates them). Entered at EL2 below an EL3 (TF-A 2.8 knows no FGTEn2) they are left alone. */
static bool fgt2_swept(void)
{
	return features.fgt2 && pmu_owns_el2() && (orchestrator_el == 3 || !features.el3);
}

/* Every PMU bit of HDFGRTR_EL2 and HDFGWTR_EL2 (arch_regs.h HDFGxTR_EL2_*). */
static const uint64_t fgt_bits[] = {
	HDFGxTR_EL2_PMEVCNTRn_EL0_BIT, HDFGxTR_EL2_PMEVTYPERn_EL0_BIT, HDFGxTR_EL2_PMCCFILTR_EL0_BIT,
	HDFGxTR_EL2_PMCCNTR_EL0_BIT, HDFGxTR_EL2_PMCNTEN_BIT, HDFGxTR_EL2_PMINTEN_BIT, HDFGxTR_EL2_PMOVS_BIT,
	HDFGxTR_EL2_PMSELR_EL0_BIT, HDFGWTR_EL2_PMSWINC_EL0_BIT, HDFGWTR_EL2_PMCR_EL0_BIT, HDFGRTR_EL2_PMMIR_EL1_BIT,
	HDFGxTR_EL2_PMUSERENR_EL0_BIT, HDFGRTR_EL2_PMCEIDn_EL0_BIT,
};

/*
 * The sweep for context c: every PMUSERENR_EL0 value (EL0) x MDCR_EL2.{TPM, TPMCR} (where pmucheck owns EL2)
 * x MDCR_EL3.TPM (entered at EL3); then, with FEAT_FGT where pmucheck owns EL2, each PMU fine-grained trap
 * bit alone (SCR_EL3.FGTEn = 1 wherever EL3 is implemented), and all of them with SCR_EL3.FGTEn = 0 (entered
 * at EL3). Returns the number of combinations.
 */
static unsigned build_combos(enum ctx c, const struct pmu_access_features *af, struct combo *out)
{
	const uint64_t full = PMUSERENR_EL0_EN_BIT | PMUSERENR_EL0_SW_BIT | PMUSERENR_EL0_CR_BIT | PMUSERENR_EL0_ER_BIT;
	bool el2 = pmu_owns_el2(), el3 = orchestrator_el == 3;
	unsigned ue, tpm, tpm3, b, ac, n = 0;
	/* FEAT_PMUv3p9: PMUSERENR_EL0.UEN and TID too (64 values), PMUACR_EL1 all or nothing, MDCR_EL3.EnPM2
	 * (also with FEAT_PMUv3_ICNTR: it traps PMICNTR_EL0 and PMICFILTR_EL0) */
	unsigned nue = ctx_el(c) == 0 ? (af->pmuv3p9 ? 64u : 16u) : 1u, nac = af->pmuv3p9 ? 2u : 1u;

	for (ue = 0; ue < nue; ue++)
		for (tpm = 0; tpm < (el2 ? 4u : 1u); tpm++)
			for (tpm3 = 0; tpm3 < (el3 ? (af->pmuv3p9 || features.pmu.pmicntr ? 4u : 2u) : 1u); tpm3++)
				for (ac = 0; ac < nac; ac++)
					out[n++] = (struct combo){
						.pmuserenr = (ue & 15) | ((ue & 16) ? PMUSERENR_EL0_UEN_BIT : 0) |
							     ((ue & 32) ? PMUSERENR_EL0_TID_BIT : 0),
						.mdcr_el2 = ((tpm & 1) ? MDCR_EL2_TPM_BIT : 0) |
							    ((tpm & 2) ? MDCR_EL2_TPMCR_BIT : 0),
						.mdcr_el3 = ((tpm3 & 1) ? MDCR_EL3_TPM_BIT : 0) |
							    ((tpm3 & 2) ? MDCR_EL3_EnPM2_BIT : 0),
						.pmuacr = ac ? 0 : ~0ull,
						/* FEAT_FGT2: all ones, enabled (nothing trapped) */
						.scr_el3 = fgt2_swept() && el3 ? SCR_EL3_FGTEn2_BIT : 0,
						.hdfgtr2 = ~0ull,
					};
	if (el2 && features.fgt) {
		/*
		 * SCR_EL3.FGTEn = 1: set by pmucheck at EL3; entered at EL2 below an EL3 it does not own (TF-A's
		 * BL33), known to be 1 because pmucheck's writes of HDFGRTR_EL2/HDFGWTR_EL2 at EL2 did not trap:
		 * with EL3 implemented and FGTEn = 0 they trap to EL3 (HDFGRTR_EL2 accessor, "if HaveEL(EL3) &&
		 * SCR_EL3.FGTEn == '0' then AArch64.SystemAccessTrap(EL3, 0x18)"). TF-A 2.8 sets FGTEn for a BL33
		 * entered at EL2 on a PE with FEAT_FGT (lib/el3_runtime/aarch64/context_mgmt.c). Without EL3 the
		 * model ignores it.
		 */
		for (b = 0; b < sizeof(fgt_bits) / sizeof(fgt_bits[0]); b++)
			out[n++] = (struct combo){ .pmuserenr = full,
						   .scr_el3 = (el3 || features.el3 ? SCR_EL3_FGTEn_BIT : 0) |
							      (fgt2_swept() && el3 ? SCR_EL3_FGTEn2_BIT : 0),
						   .hdfgtr = fgt_bits[b], .pmuacr = ~0ull, .hdfgtr2 = ~0ull };
		if (el3) {
			out[n] = (struct combo){ .pmuserenr = full, .pmuacr = ~0ull, .hdfgtr2 = ~0ull,
						 .scr_el3 = fgt2_swept() ? SCR_EL3_FGTEn2_BIT : 0 };
			for (b = 0; b < sizeof(fgt_bits) / sizeof(fgt_bits[0]); b++)
				out[n].hdfgtr |= fgt_bits[b];
			n++;
		}
	}
	if (fgt2_swept()) {
		/* each PMU bit of HDFGRTR2/HDFGWTR2_EL2 cleared alone, SCR_EL3.FGTEn2 = 1 */
		for (b = 0; b < pmu_fgt2_bit_count; b++)
			out[n++] = (struct combo){ .pmuserenr = full, .pmuacr = ~0ull,
						   .scr_el3 = el3 ? SCR_EL3_FGTEn2_BIT : 0,
						   .hdfgtr2 = ~pmu_fgt2_bits[b].bit };
		/* all set, SCR_EL3.FGTEn2 = 0: their Effective value is 0 */
		if (el3)
			out[n++] = (struct combo){ .pmuserenr = full, .pmuacr = ~0ull, .hdfgtr2 = ~0ull };
	}
	return n;
}

/* HCR_EL2.TGE is swept at the EL0 contexts where EL2 is enabled and pmucheck owns it. */
static bool tge_applies(enum ctx c)
{
	return ctx_el(c) == 0 && !ctx_vhe(c) && pmu_owns_el2() && (!ctx_secure(c) || ctx_eel2(c));
}

/*
 * HCR_EL2.TGE = 1 at EL0 (E2H = 0): every PMUSERENR_EL0 value, one call making every access. EL0 then runs
 * with stage 1 translation off, its data accesses uncached Device memory, so the context writes no memory:
 * each exception is filed by the EL that takes it (EL2, cacheable) under the access the context named in x10,
 * and the write effects are read back at the orchestrator; the EL0 stack is cleaned and invalidated around
 * each call. The instruction's address is not recorded, so ELR is checked by the word it points at: the
 * MRS/MSR of the access the tag names.
 */
static void tge_sweep(enum ctx c, const struct pmu_access_features *af, struct check_group *g, const bool *live)
{
	uint64_t stack_hi = stack_top(pe_current, 0), stack_lo = stack_hi - STACK_SIZE, ret;
	static struct exc_record records[PMREG_COUNT * 2]; /* by tag: (register << 1) | write */
	bool written[PMREG_COUNT];
	struct pmu_state s;
	unsigned ue, i, w;
	int rc;

	for (ue = 0; ue < 16; ue++) {
		pmu_state_init(&s, c);
		s.hcr_el2 |= HCR_EL2_TGE_BIT;
		preset(ue);
		current_pmuacr = 0;
		if (af->pmuv3p9)
			write_pmuacr_el1(0);
		if (fgt2_swept()) { /* all ones, as the model is told (the sweep's last combination may clear one) */
			write_hdfgrtr2_el2(~0ull);
			write_hdfgwtr2_el2(~0ull);
		}
		write_hcr_el2(read_hcr_el2() | HCR_EL2_TGE_BIT);
		isb();
		mmu_clean_inval_range(stack_lo, stack_hi);
		exc_expect_table_begin(records, PMREG_COUNT * 2);
		rc = ctx_call(c, at_ctx_access_all_bare, 0, &ret);
		exc_expect_table_end();
		mmu_clean_inval_range(stack_lo, stack_hi);
		for (i = 0; i < PMREG_COUNT; i++)
			written[i] = effect((enum pmu_reg)i, ue);
		baseline_restore_all();
		if (rc != CTX_OK) {
			for (i = 0; i < PMREG_COUNT; i++)
				if (live[i])
					check(&g[i], false, "an unexpected exception ended the accesses at %s with "
					      "HCR_EL2.TGE=1 PMUSERENR_EL0=0x%x", ctx_name(c), ue);
			exc_record_print(&exc_unexpected);
			break;
		}
		for (i = 0; i < PMREG_COUNT; i++)
			for (w = 0; w < 2 && live[i]; w++) {
				check_access(&g[i], c, &s, af, ue, 0, ~0ull, (enum pmu_reg)i, w, written[i],
					     &records[i << 1 | w], 0, 0);
			}
	}
}

/* "access.<register>.<ctx>": the register in lower case, without "<n>" (PMEVCNTR<n>_EL0: counter 1). */
static void group_name(char *buf, size_t size, enum pmu_reg reg, enum ctx c)
{
	const char *r = pmu_reg_name(reg);
	size_t i = 0;

	i += (size_t)snprintf(buf, size, "access.");
	for (; *r && i + 1 < size; r++) {
		if (*r == '<' || *r == '>' || (*r == 'n' && r[-1] == '<'))
			continue;
		buf[i++] = (char)(*r >= 'A' && *r <= 'Z' ? *r - 'A' + 'a' : *r);
	}
	snprintf(buf + i, size - i, ".%s", ctx_name(c));
}

static void check_context(enum ctx c, const struct pmu_access_features *af)
{
	static struct check_group g[PMREG_COUNT];
	bool live[PMREG_COUNT], written[PMREG_COUNT], el2 = pmu_owns_el2(), any = false;
	static struct combo combos[64 * 4 * 4 * 2 + 2 * 14 + 16];
	unsigned ncombos = build_combos(c, af, combos), k, i, w;
	uint64_t ret, pmuserenr;
	struct pmu_state s;
	const char *why;
	char name[48];

	for (i = 0; i < PMREG_COUNT; i++) {
		group_name(name, sizeof(name), (enum pmu_reg)i, c);
		live[i] = false;
		if (!ctx_available(c, &why))
			tap_skip(name, RULES, "%s", why);
		else
			any |= live[i] = group_begin(&g[i], RULES, "%s", name);
	}
	if (!any)
		return;
	for (k = 0; k < ncombos; k++) {
		const struct combo *x = &combos[k];

		pmuserenr = ctx_el(c) == 0 ? x->pmuserenr : PMUSERENR_EL0_SW_BIT | PMUSERENR_EL0_CR_BIT;
		pmu_state_init(&s, c);
		s.mdcr_el2 |= x->mdcr_el2;
		s.mdcr_el3 |= x->mdcr_el3;
		s.scr_el3 |= x->scr_el3;
		preset(pmuserenr);
		current_pmuacr = af->pmuv3p9 ? x->pmuacr : 0;
		if (af->pmuv3p9)
			write_pmuacr_el1(x->pmuacr);
		if (el2) {
			write_mdcr_el2(s.mdcr_el2);
			if (features.fgt) {
				write_hdfgrtr_el2(x->hdfgtr);
				write_hdfgwtr_el2(x->hdfgtr);
			}
			if (fgt2_swept()) { /* negative sense: all ones traps nothing */
				write_hdfgrtr2_el2(x->hdfgtr2);
				write_hdfgwtr2_el2(x->hdfgtr2);
			}
		}
		if (orchestrator_el == 3) {
			write_mdcr_el3(s.mdcr_el3);
			el3_set_test_controls(x->scr_el3);
		}
		isb();
		test_note(TREG_PMUSERENR_EL0, pmuserenr);
		test_note(TREG_PMUACR_EL1, current_pmuacr);
		if (el2)
			test_note(TREG_MDCR_EL2, s.mdcr_el2);
		if (orchestrator_el == 3)
			test_note(TREG_MDCR_EL3, s.mdcr_el3);
		if (ctx_call(c, at_ctx_access_all, 0, &ret) != CTX_OK) {
			baseline_restore_all();
			for (i = 0; i < PMREG_COUNT; i++)
				if (live[i])
					check(&g[i], false, "an unexpected exception ended the accesses at %s",
					      ctx_name(c));
			exc_record_print(&exc_unexpected);
			break;
		}
		/* Read back at the orchestrator before its baseline returns: MDCR_EL3.TPM does not trap EL3, and
		 * MDCR_EL2.TPM and the fine-grained traps do not trap EL2. */
		for (i = 0; i < PMREG_COUNT; i++)
			written[i] = effect((enum pmu_reg)i, pmuserenr);
		baseline_restore_all();
		for (i = 0; i < PMREG_COUNT; i++)
			for (w = 0; w < 2 && live[i]; w++)
				check_access(&g[i], c, &s, af, pmuserenr, x->hdfgtr, x->hdfgtr2, (enum pmu_reg)i, w, written[i],
					     &seen[i][w].exc, seen[i][w].pc, seen[i][w].value);
	}
	if (tge_applies(c))
		tge_sweep(c, af, g, live);
	pmu_stop();
	baseline_restore_all();
	for (i = 0; i < PMREG_COUNT; i++)
		if (live[i])
			group_end(&g[i]);
}

void test_access(void)
{
	struct pmu_access_features af = pmu_access_features_of_pe();
	unsigned c;

	if (!pmu_implemented(&features.pmu)) {
		tap_skip("access", RULES, "PMUv3 not implemented (ID_AA64DFR0_EL1.PMUVer == 0x%x)",
			 features.pmu.pmuver);
		return;
	}
	for (c = 0; c < CTX_COUNT; c++)
		if (ctx_aarch32((enum ctx)c))
			access_a32_context((enum ctx)c, &af);
		else
			check_context((enum ctx)c, &af);
}
