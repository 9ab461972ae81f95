/*
 * pmu_access.c - see pmu_access.h. One table row per register class: its encoding, whether MRS and MSR
 * exist, the PMUSERENR_EL0 bits that also permit each direction at EL0 (EN always does), whether EL0 may
 * access it at all, and whether an event counter number is checked against HPMN. Each row is the reading of
 * that register's "Accessing" pseudocode in ../shared/spec/pseudocode/PMU_sysreg_access.asl.
 */
#include <stddef.h>

#include "model/pmu_access.h"

enum counter_check { NO_COUNTER, COUNTER_N, COUNTER_SEL, COUNTER_SEL_NOT31 };
/* Which PMUACR_EL1 bit governs EL0's access under PMUSERENR_EL0.UEN (FEAT_PMUv3p9). */
enum uacr { UACR_NONE, UACR_COUNTER, UACR_CYCLE, UACR_ICNTR };

/* The fine-grained trap bits of arch_regs.h, shorter: both registers, HDFGRTR_EL2 only, HDFGWTR_EL2 only. */
#define FGT(f)  HDFGxTR_EL2_##f##_BIT
#define FGTR(f) HDFGRTR_EL2_##f##_BIT
#define FGTW(f) HDFGWTR_EL2_##f##_BIT

static const struct pmu_reg_row {
	const char *name;
	struct pmu_reg_encoding enc; /* n-dependent CRm/op2 filled by pmu_reg_encoding() */
	bool readable, writable;
	bool el0;                    /* EL0 may access it when PMUSERENR_EL0 permits */
	uint64_t el0_read_also, el0_write_also; /* PMUSERENR_EL0 bits that permit as well as EN */
	bool tpmcr;                  /* MDCR_EL2.TPMCR traps it too */
	uint64_t rtr, wtr;           /* its HDFGRTR_EL2 / HDFGWTR_EL2 trap bit (0: none, as PMCR_EL0 reads) */
	enum counter_check counter;
	enum uacr uacr;              /* UACR_COUNTER: the counter's own bit (PMCCFILTR's C through SEL 31) */
	bool pmuv3p9_only;           /* the register exists only with FEAT_PMUv3p9 */
	uint64_t fgt2_rtr, fgt2_wtr; /* its HDFGRTR2/HDFGWTR2_EL2 (negative sense) bit */
	bool icntr;                  /* FEAT_PMUv3_ICNTR's: exists only with it, EL0 by UEN alone, MDCR_EL3.EnPM2 */
} pmu_regs[PMREG_COUNT] = {
	[PMREG_PMCR_EL0] = { "PMCR_EL0", { 3, 3, 9, 12, 0 }, true, true, true, 0, 0,
		true, 0, FGTW(PMCR_EL0), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMCNTENSET_EL0] = { "PMCNTENSET_EL0", { 3, 3, 9, 12, 1 }, true, true, true, 0, 0,
		false, FGT(PMCNTEN), FGT(PMCNTEN), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMCNTENCLR_EL0] = { "PMCNTENCLR_EL0", { 3, 3, 9, 12, 2 }, true, true, true, 0, 0,
		false, FGT(PMCNTEN), FGT(PMCNTEN), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMOVSSET_EL0] = { "PMOVSSET_EL0", { 3, 3, 9, 14, 3 }, true, true, true, 0, 0,
		false, FGT(PMOVS), FGT(PMOVS), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMOVSCLR_EL0] = { "PMOVSCLR_EL0", { 3, 3, 9, 12, 3 }, true, true, true, 0, 0,
		false, FGT(PMOVS), FGT(PMOVS), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMINTENSET_EL1] = { "PMINTENSET_EL1", { 3, 0, 9, 14, 1 }, true, true, false, 0, 0,
		false, FGT(PMINTEN), FGT(PMINTEN), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMINTENCLR_EL1] = { "PMINTENCLR_EL1", { 3, 0, 9, 14, 2 }, true, true, false, 0, 0,
		false, FGT(PMINTEN), FGT(PMINTEN), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMSELR_EL0] = { "PMSELR_EL0", { 3, 3, 9, 12, 5 }, true, true, true, PMUSERENR_EL0_ER_BIT, PMUSERENR_EL0_ER_BIT,
		false, FGT(PMSELR_EL0), FGT(PMSELR_EL0), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMCEID0_EL0] = { "PMCEID0_EL0", { 3, 3, 9, 12, 6 }, true, false, true, 0, 0,
		false, FGTR(PMCEIDn_EL0), 0, NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMCEID1_EL0] = { "PMCEID1_EL0", { 3, 3, 9, 12, 7 }, true, false, true, 0, 0,
		false, FGTR(PMCEIDn_EL0), 0, NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMCCNTR_EL0] = { "PMCCNTR_EL0", { 3, 3, 9, 13, 0 }, true, true, true, PMUSERENR_EL0_CR_BIT, 0,
		false, FGT(PMCCNTR_EL0), FGT(PMCCNTR_EL0), NO_COUNTER, UACR_CYCLE, false, 0, 0, false },
	[PMREG_PMCCFILTR_EL0] = { "PMCCFILTR_EL0", { 3, 3, 14, 15, 7 }, true, true, true, 0, 0,
		false, FGT(PMCCFILTR_EL0), FGT(PMCCFILTR_EL0), NO_COUNTER, UACR_CYCLE, false, 0, 0, false },
	[PMREG_PMEVCNTR_EL0] = { "PMEVCNTR<n>_EL0", { 3, 3, 14, 8, 0 }, true, true, true, PMUSERENR_EL0_ER_BIT, 0,
		false, FGT(PMEVCNTRn_EL0), FGT(PMEVCNTRn_EL0), COUNTER_N, UACR_COUNTER, false, 0, 0, false },
	[PMREG_PMEVTYPER_EL0] = { "PMEVTYPER<n>_EL0", { 3, 3, 14, 12, 0 }, true, true, true, 0, 0,
		false, FGT(PMEVTYPERn_EL0), FGT(PMEVTYPERn_EL0), COUNTER_N, UACR_COUNTER, false, 0, 0, false },
	[PMREG_PMXEVCNTR_EL0] = { "PMXEVCNTR_EL0", { 3, 3, 9, 13, 2 }, true, true, true, PMUSERENR_EL0_ER_BIT, 0,
		false, FGT(PMEVCNTRn_EL0), FGT(PMEVCNTRn_EL0), COUNTER_SEL, UACR_COUNTER, false, 0, 0, false },
	[PMREG_PMXEVTYPER_EL0] = { "PMXEVTYPER_EL0", { 3, 3, 9, 13, 1 }, true, true, true, 0, 0,
		false, FGT(PMEVTYPERn_EL0), FGT(PMEVTYPERn_EL0), COUNTER_SEL_NOT31, UACR_COUNTER, false, 0, 0, false },
	[PMREG_PMSWINC_EL0] = { "PMSWINC_EL0", { 3, 3, 9, 12, 4 }, false, true, true, 0, PMUSERENR_EL0_SW_BIT,
		false, 0, FGTW(PMSWINC_EL0), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMUSERENR_EL0] = { "PMUSERENR_EL0", { 3, 3, 9, 14, 0 }, true, true, true, 0, 0,
		false, FGT(PMUSERENR_EL0), FGT(PMUSERENR_EL0), NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMMIR_EL1] = { "PMMIR_EL1", { 3, 0, 9, 14, 6 }, true, false, false, 0, 0,
		false, FGTR(PMMIR_EL1), 0, NO_COUNTER, UACR_NONE, false, 0, 0, false },
	[PMREG_PMZR_EL0] = { "PMZR_EL0", { 3, 3, 9, 13, 4 }, false, true, true, 0, 0,
		false, 0, 0, NO_COUNTER, UACR_NONE, true, 0, HDFGWTR2_EL2_nPMZR_EL0_BIT, false },
	[PMREG_PMUACR_EL1] = { "PMUACR_EL1", { 3, 0, 9, 14, 4 }, true, true, false, 0, 0,
		false, 0, 0, NO_COUNTER, UACR_NONE, true, HDFGxTR2_EL2_nPMUACR_EL1_BIT, HDFGxTR2_EL2_nPMUACR_EL1_BIT, false },
	[PMREG_PMICNTR_EL0] = { "PMICNTR_EL0", { 3, 3, 9, 4, 0 }, true, true, true, 0, 0,
		false, 0, 0, NO_COUNTER, UACR_ICNTR, false, HDFGxTR2_EL2_nPMICNTR_EL0_BIT, HDFGxTR2_EL2_nPMICNTR_EL0_BIT,
		true },
	[PMREG_PMICFILTR_EL0] = { "PMICFILTR_EL0", { 3, 3, 9, 6, 0 }, true, true, true, 0, 0,
		false, 0, 0, NO_COUNTER, UACR_ICNTR, false, HDFGxTR2_EL2_nPMICFILTR_EL0_BIT,
		HDFGxTR2_EL2_nPMICFILTR_EL0_BIT, true },
};

const struct pmu_fgt2_bit pmu_fgt2_bits[] = {
	{ HDFGxTR2_EL2_nPMECR_EL1_BIT, true, true, "nPMECR_EL1 (PMECR_EL1)", PMREG_COUNT },
	{ HDFGxTR2_EL2_nPMIAR_EL1_BIT, true, true, "nPMIAR_EL1 (PMIAR_EL1)", PMREG_COUNT },
	{ HDFGxTR2_EL2_nPMICNTR_EL0_BIT, true, true, "nPMICNTR_EL0 (PMICNTR_EL0)", PMREG_COUNT },
	{ HDFGxTR2_EL2_nPMICFILTR_EL0_BIT, true, true, "nPMICFILTR_EL0 (PMICFILTR_EL0)", PMREG_COUNT },
	{ HDFGxTR2_EL2_nPMUACR_EL1_BIT, true, true, "nPMUACR_EL1 (PMUACR_EL1)", PMREG_PMUACR_EL1 },
	{ HDFGRTR2_EL2_nPMSSDATA_BIT, true, false, "nPMSSDATA (PMCCNTSVR_EL1, PMEVCNTSVR<n>_EL1, PMICNTSVR_EL1)",
	  PMREG_COUNT },
	{ HDFGxTR2_EL2_nPMSSCR_EL1_BIT, true, true, "nPMSSCR_EL1 (PMSSCR_EL1)", PMREG_COUNT },
	{ HDFGWTR2_EL2_nPMZR_EL0_BIT, false, true, "nPMZR_EL0 (PMZR_EL0)", PMREG_PMZR_EL0 },
};
const unsigned pmu_fgt2_bit_count = sizeof(pmu_fgt2_bits) / sizeof(pmu_fgt2_bits[0]);

const char *pmu_reg_name(enum pmu_reg reg) { return pmu_regs[reg].name; }
uint64_t pmu_reg_fgt_bit(enum pmu_reg reg, bool write) { return write ? pmu_regs[reg].wtr : pmu_regs[reg].rtr; }

struct pmu_reg_encoding pmu_reg_encoding(enum pmu_reg reg, unsigned n)
{
	struct pmu_reg_encoding e = pmu_regs[reg].enc;

	if (pmu_regs[reg].counter == COUNTER_N) {
		e.crm += (n >> 3) & 3; /* CRm = 0b10:n[4:3] or 0b11:n[4:3] */
		e.op2 = n & 7;
	}
	return e;
}

const char *pmu_access_result_name(enum pmu_access_result r)
{
	static const char *const names[] = { "allowed", "UNDEFINED", "trap to EL1", "trap to EL2", "trap to EL3",
					     "CONSTRAINED UNPREDICTABLE", "allowed, RAZ/WI (PMUACR_EL1)" };

	return names[r];
}

/* The counter number an event-counter access names, or -1 for none (PMXEVTYPER_EL0 with SEL 31). */
static int access_counter(const struct pmu_reg_row *row, const struct pmu_access *a)
{
	unsigned sel = (unsigned)(a->pmselr_el0 & 0x1f);

	switch (row->counter) {
	case COUNTER_N: return (int)a->n;
	case COUNTER_SEL: return (int)sel;
	case COUNTER_SEL_NOT31: return sel == 31 ? -1 : (int)sel;
	default: return -1;
	}
}

/* The trap EL0's PMUSERENR_EL0 gate takes: to EL2 when HCR_EL2.TGE routes EL0's exceptions there. */
static enum pmu_access_result el0_gate_trap(bool el2, const struct pmu_state *s)
{
	return el2 && (s->hcr_el2 & HCR_EL2_TGE_BIT) ? PMU_ACCESS_TRAP_EL2 : PMU_ACCESS_TRAP_EL1;
}

/* FEAT_PMUv3p9 at EL0, past every trap: RAZ/WI where PMUSERENR_EL0.UEN is 1 and PMUACR_EL1 withholds the
 * counter (a write also where ER, or CR for the cycle counter, is 1). */
static bool el0_raz_wi(const struct pmu_reg_row *row, const struct pmu_access *a, int m)
{
	/* PMICNTR_EL0, PMICFILTR_EL0: "PMUSERENR_EL0.UEN == '1' && (PMUACR_EL1.F0 == '0' || PMUSERENR_EL0.IR == '1')"
	 * for a write, without the IR term for a read */
	if (row->uacr == UACR_ICNTR)
		return (a->pmuserenr_el0 & PMUSERENR_EL0_UEN_BIT) &&
		       (!(a->pmuacr_el1 & PMU_CNT_F0_BIT) || (a->write && (a->pmuserenr_el0 & PMUSERENR_EL0_IR_BIT)));
	bool cycle = row->uacr == UACR_CYCLE || (row->counter == COUNTER_SEL_NOT31 && m < 0);
	uint64_t bit = cycle ? PMUACR_EL1_C_BIT : BIT64(m < 0 ? 0 : (unsigned)m);
	uint64_t also = cycle ? PMUSERENR_EL0_CR_BIT : PMUSERENR_EL0_ER_BIT;

	if (row->uacr == UACR_NONE || !(a->pmuserenr_el0 & PMUSERENR_EL0_UEN_BIT))
		return false;
	return !(a->pmuacr_el1 & bit) || (a->write && (a->pmuserenr_el0 & also));
}

enum pmu_access_result pmu_access_check(const struct pmu_features *f, const struct pmu_access_features *af,
					const struct pmu_state *s, const struct pmu_access *a)
{
	const struct pmu_reg_row *row = &pmu_regs[a->reg];
	bool el2 = el2_enabled(f, s);
	/* ELIsInHost(EL0): EL0 of the EL2&0 regime, HCR_EL2.{E2H, TGE} == {1, 1} (the accessors' fine-grained traps
	 * apply to EL0 only when it is not, "EL2Enabled() && !ELIsInHost(EL0) && IsFeatureImplemented(FEAT_FGT)") */
	bool in_host = s->el == 0 && el2 && (s->hcr_el2 & HCR_EL2_E2H_BIT) && (s->hcr_el2 & HCR_EL2_TGE_BIT);
	bool fgt_en = af->fgt && (!f->el3 || (s->scr_el3 & SCR_EL3_FGTEn_BIT));
	uint64_t fgt2_bit = a->write ? row->fgt2_wtr : row->fgt2_rtr;
	bool fgt2_trap = af->fgt2 && fgt2_bit && ((f->el3 && !(s->scr_el3 & SCR_EL3_FGTEn2_BIT)) ||
						  !((a->write ? a->hdfgwtr2_el2 : a->hdfgrtr2_el2) & fgt2_bit));
	uint64_t permit = PMUSERENR_EL0_EN_BIT | (a->write ? row->el0_write_also : row->el0_read_also) |
			  (af->pmuv3p9 ? PMUSERENR_EL0_UEN_BIT : 0);
	bool enpm2_trap = ((row->pmuv3p9_only && a->reg == PMREG_PMUACR_EL1) || row->icntr) && f->el3 &&
			  !(s->mdcr_el3 & MDCR_EL3_EnPM2_BIT);
	int m = access_counter(row, a);

	/* An encoding that does not exist for this direction, or no PMUv3 at all (PMMIR_EL1: FEAT_PMUv3p4). */
	if (!pmu_implemented(f) || (a->write ? !row->writable : !row->readable) ||
	    (a->reg == PMREG_PMMIR_EL1 && f->pmuver < 0x5) || (row->pmuv3p9_only && !af->pmuv3p9) ||
	    (row->icntr && !f->pmicntr))
		return PMU_ACCESS_UNDEFINED;
	/* PMEVCNTR<n>/PMEVTYPER<n> beyond the implemented counters (GetNumEventCountersSelfHosted()). */
	if (row->counter == COUNTER_N && a->n >= f->num_counters)
		return af->fgt ? PMU_ACCESS_UNDEFINED : PMU_ACCESS_UNPREDICTABLE;
	/* PMXEVCNTR/PMXEVTYPER with PMSELR_EL0.SEL beyond them: the registers' prose ("Accessing PMXEVCNTR_EL0":
	 * with FEAT_FGT UNDEFINED at or above PMCCR.EPMN, here NUM_PMU_COUNTERS; else CONSTRAINED UNPREDICTABLE);
	 * the pseudocode would index PMEVCNTR_EL0[] out of range there. */
	if ((row->counter == COUNTER_SEL || row->counter == COUNTER_SEL_NOT31) && m >= 0 &&
	    (unsigned)m >= f->num_counters)
		return af->fgt ? PMU_ACCESS_UNDEFINED : PMU_ACCESS_UNPREDICTABLE;
	if (s->el == 3)
		return PMU_ACCESS_OK;
	if (s->el == 2) {
		if (enpm2_trap || (f->el3 && (s->mdcr_el3 & MDCR_EL3_TPM_BIT)))
			return PMU_ACCESS_TRAP_EL3;
		return PMU_ACCESS_OK;
	}
	if (s->el == 0) {
		if (!row->el0 || (a->reg == PMREG_PMUSERENR_EL0 && a->write))
			return PMU_ACCESS_UNDEFINED;
		/* PMUSERENR_EL0 reads have no PMUSERENR_EL0 gate; PMCR_EL0 is denied by UEN (FEAT_PMUv3p9) */
		if (a->reg == PMREG_PMCR_EL0) {
			if (!(a->pmuserenr_el0 & PMUSERENR_EL0_EN_BIT) ||
			    (af->pmuv3p9 && (a->pmuserenr_el0 & PMUSERENR_EL0_UEN_BIT)))
				return el0_gate_trap(el2, s);
		} else if (row->icntr) { /* "elsif PMUSERENR_EL0.UEN == '0' then" trap: EN does not permit */
			if (!af->pmuv3p9 || !(a->pmuserenr_el0 & PMUSERENR_EL0_UEN_BIT))
				return el0_gate_trap(el2, s);
		} else if (a->reg != PMREG_PMUSERENR_EL0 && !(a->pmuserenr_el0 & permit)) {
			return el0_gate_trap(el2, s);
		}
		if ((a->reg == PMREG_PMCEID0_EL0 || a->reg == PMREG_PMCEID1_EL0) && af->pmuv3p9 &&
		    (a->pmuserenr_el0 & PMUSERENR_EL0_TID_BIT))
			return el0_gate_trap(el2, s);
	}
	/* EL1, and EL0 past its gate */
	if (el2 && !in_host && fgt_en && ((a->write ? a->hdfgwtr_el2 & row->wtr : a->hdfgrtr_el2 & row->rtr) != 0))
		return PMU_ACCESS_TRAP_EL2;
	if (el2 && !in_host && fgt2_trap)
		return PMU_ACCESS_TRAP_EL2;
	if (el2 && (s->mdcr_el2 & MDCR_EL2_TPM_BIT))
		return PMU_ACCESS_TRAP_EL2;
	if (el2 && row->tpmcr && (s->mdcr_el2 & MDCR_EL2_TPMCR_BIT))
		return PMU_ACCESS_TRAP_EL2;
	if (el2 && m >= 0 && (unsigned)m >= get_num_event_counters_accessible(f, s))
		return af->fgt ? PMU_ACCESS_TRAP_EL2 : PMU_ACCESS_UNPREDICTABLE;
	if (enpm2_trap)
		return PMU_ACCESS_TRAP_EL3;
	if (f->el3 && (s->mdcr_el3 & MDCR_EL3_TPM_BIT))
		return PMU_ACCESS_TRAP_EL3;
	if (s->el == 0 && af->pmuv3p9 && el0_raz_wi(row, a, m))
		return PMU_ACCESS_RAZ_WI;
	return PMU_ACCESS_OK;
}

uint64_t pmu_access_counter_mask(const struct pmu_features *f, const struct pmu_access_features *af,
				 const struct pmu_state *s, const struct pmu_access *a)
{
	unsigned counters = get_num_event_counters_accessible(f, s);
	bool uen = af->pmuv3p9 && s->el == 0 && (a->pmuserenr_el0 & PMUSERENR_EL0_UEN_BIT);
	uint64_t mask = PMUACR_EL1_C_BIT | (counters ? MASK64(counters - 1, 0) : 0);

	/* GetPMUAccessMask(): PMICNTR_EL0 "only accessible at EL0 using AArch64 when PMUSERENR_EL0.UEN is 1" */
	if (f->pmicntr && (s->el != 0 || uen))
		mask |= PMU_CNT_F0_BIT;
	if (uen) /* "mask = mask AND PMUACR_EL1; // User access control" */
		mask &= a->pmuacr_el1;
	if (uen && a->write) { /* GetPMUWriteMask(): read-only counters at EL0 */
		if (a->pmuserenr_el0 & PMUSERENR_EL0_IR_BIT)
			mask &= ~PMU_CNT_F0_BIT;
		if (a->pmuserenr_el0 & PMUSERENR_EL0_CR_BIT)
			mask &= ~PMUACR_EL1_C_BIT;
		if (a->pmuserenr_el0 & PMUSERENR_EL0_ER_BIT)
			mask &= ~MASK64(30, 0);
	}
	/* "PMICNTR_EL0 controls ... if a read/write of PMICFILTR_EL0 would be trapped to a higher Exception level" */
	if (mask & PMU_CNT_F0_BIT) {
		uint64_t nfilter = a->write ? a->hdfgwtr2_el2 : a->hdfgrtr2_el2;

		if (f->el3 && s->el != 3 && !(s->mdcr_el3 & MDCR_EL3_EnPM2_BIT))
			mask &= ~PMU_CNT_F0_BIT;
		/* "if EL2Enabled() && PSTATE.EL IN {EL0, EL1} && HCR_EL2.<E2H,TGE> != '11' then": not the host EL0 */
		bool host = (s->hcr_el2 & HCR_EL2_E2H_BIT) && (s->hcr_el2 & HCR_EL2_TGE_BIT);

		if (el2_enabled(f, s) && s->el <= 1 && !host && af->fgt2 &&
		    ((f->el3 && !(s->scr_el3 & SCR_EL3_FGTEn2_BIT)) || !(nfilter & HDFGxTR2_EL2_nPMICFILTR_EL0_BIT)))
			mask &= ~PMU_CNT_F0_BIT;
	}
	return mask;
}
