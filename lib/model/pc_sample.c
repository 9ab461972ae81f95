/*
 * pc_sample.c - see pc_sample.h. Each function follows its pseudocode (../shared/spec/002_*.txt) statement by
 * statement; the comments quote the statement.
 */
#include "model/pc_sample.h"

#define ONES32 0xFFFFFFFFu

void create_pc_sample(const struct pc_sample_ctx *ctx, struct pc_sample *ps)
{
	/* pc_sample.valid = ExternalNoninvasiveDebugAllowed() && !Halted(); */
	ps->valid = ctx->noninvasive_allowed && !ctx->halted;
	ps->pc = ctx->pc;
	ps->el = ctx->el & 3;
	/* pc_sample.rw = if UsingAArch32() then '0' else '1'; pc_sample.ns = if IsSecure() then '0' else '1'; */
	ps->rw = ctx->aarch32 ? 0 : 1;
	ps->ns = ctx->secure ? 0 : 1;
	/* pc_sample.contextidr = if ELUsingAArch32(EL1) then CONTEXTIDR else CONTEXTIDR_EL1; */
	ps->contextidr = ctx->el1_aarch32 ? ctx->contextidr : ctx->contextidr_el1;
	ps->has_el2 = ctx->el2_enabled;
	if (!ctx->el2_enabled)
		return;
	if (ctx->el2_aarch32) /* ZeroExtend(VTTBR.VMID, 16) */
		ps->vmid = ctx->vttbr_vmid & 0xFF;
	else if (!ctx->have_16bit_vmid || !ctx->vtcr_el2_vs) /* ZeroExtend(VTTBR_EL2.VMID<7:0>, 16) */
		ps->vmid = ctx->vttbr_el2_vmid & 0xFF;
	else
		ps->vmid = ctx->vttbr_el2_vmid;
	/* if HaveVirtHostExt() && !ELUsingAArch32(EL2) then CONTEXTIDR_EL2 else bits(32) UNKNOWN */
	ps->contextidr_el2_unknown = !(ctx->vhe && !ctx->el2_aarch32);
	ps->contextidr_el2 = ps->contextidr_el2_unknown ? 0 : ctx->contextidr_el2;
	/* pc_sample.el0h = PSTATE.EL == EL0 && IsInHost(); */
	ps->el0h = ctx->el == 0 && ctx->in_host;
}

/* Write the 64-bit field mask of *reg to v (known) or mark it UNKNOWN. */
static void put64(uint64_t *reg, uint64_t *unknown, uint64_t mask, uint64_t v, bool is_unknown)
{
	*reg = (*reg & ~mask) | (is_unknown ? 0 : (v & mask));
	*unknown = is_unknown ? (*unknown | mask) : (*unknown & ~mask);
}

static void put32(uint32_t *reg, uint32_t *unknown, uint32_t mask, uint32_t v, bool is_unknown)
{
	*reg = (*reg & ~mask) | (is_unknown ? 0 : (v & mask));
	*unknown = is_unknown ? (*unknown | mask) : (*unknown & ~mask);
}

void pc_sample_set(const struct pc_sample *ps, struct pmu_pcsr_regs *r)
{
	uint64_t hi = ps->rw == 0 ? 0 : ps->pc & PMPCSR_PChi_MASK;

	put64(&r->pmpcsr, &r->pmpcsr_unknown, PMPCSR_PClo_MASK, ps->pc, false);
	/* PMPCSR<55:32> = (if pc_sample.rw == '0' then Zeros(24) else pc_sample.pc<55:32>); */
	put64(&r->pmpcsr, &r->pmpcsr_unknown, PMPCSR_PChi_MASK, hi, false);
	put64(&r->pmpcsr, &r->pmpcsr_unknown, PMPCSR_EL_MASK, (uint64_t)ps->el << PMPCSR_EL_SHIFT, false);
	put64(&r->pmpcsr, &r->pmpcsr_unknown, PMPCSR_NS_BIT, ps->ns ? PMPCSR_NS_BIT : 0, false);
	put32(&r->pmcid1sr, &r->pmcid1sr_unknown, ONES32, ps->contextidr, false);
	/* PMCID2SR = if pc_sample.has_el2 then pc_sample.contextidr_el2 else bits(32) UNKNOWN; */
	put32(&r->pmcid2sr, &r->pmcid2sr_unknown, ONES32, ps->contextidr_el2,
	      !ps->has_el2 || ps->contextidr_el2_unknown);
	/* PMVIDSR.VMID = (if has_el2 && el IN {EL1,EL0} && !el0h then vmid else bits(16) UNKNOWN); */
	put32(&r->pmvidsr, &r->pmvidsr_unknown, (uint32_t)PMVIDSR_VMID_MASK, ps->vmid,
	      !(ps->has_el2 && ps->el <= 1 && !ps->el0h));
}

/* EDPRSR<6:5,0> != '001' (DLK, OSLK, PU): IMPLEMENTATION DEFINED error, bits(32) UNKNOWN. */
static bool pcsr_locked_out(const struct pcsr_access *a, struct pcsr_read *res)
{
	uint32_t checked = (uint32_t)(EDPRSR_DLK_BIT | EDPRSR_OSLK_BIT | EDPRSR_PU_BIT);

	if ((a->edprsr & checked) == (uint32_t)EDPRSR_PU_BIT)
		return false;
	res->value = 0;
	res->unknown = ONES32;
	res->error = true;
	return true;
}

struct pcsr_read pmpcsr_read(const struct pc_sample *ps, const struct pcsr_access *a, struct pmu_pcsr_regs *r)
{
	struct pcsr_read res = { .value = ONES32, .unknown = 0, .error = false, .updated = false };

	if (pcsr_locked_out(a, &res))
		return res;
	/* update = !memory_mapped || PMLSR.SLK == '0'; */
	res.updated = !a->memory_mapped || !a->slk;
	if (ps->valid) {
		res.value = (uint32_t)ps->pc;
		if (res.updated)
			pc_sample_set(ps, r);
		return res;
	}
	/* sample = Ones(32); */
	if (res.updated) {
		put64(&r->pmpcsr, &r->pmpcsr_unknown, PMPCSR_PClo_MASK, ONES32, false);
		put64(&r->pmpcsr, &r->pmpcsr_unknown, PMPCSR_PChi_MASK | PMPCSR_EL_MASK | PMPCSR_NS_BIT, 0, true);
		put32(&r->pmcid1sr, &r->pmcid1sr_unknown, ONES32, 0, true);
		put32(&r->pmcid2sr, &r->pmcid2sr_unknown, ONES32, 0, true);
		put32(&r->pmvidsr, &r->pmvidsr_unknown, (uint32_t)PMVIDSR_VMID_MASK, 0, true);
	}
	return res;
}

struct pcsr_read edpcsrlo_read(const struct pc_sample *ps, const struct pcsr_access *a, struct ed_pcsr_regs *r)
{
	struct pcsr_read res = { .value = ONES32, .unknown = 0, .error = false, .updated = false };
	bool sc2 = a->vhe && a->edscr_sc2;

	if (pcsr_locked_out(a, &res))
		return res;
	/* update = !memory_mapped || EDLSR.SLK == '0'; */
	res.updated = !a->memory_mapped || !a->slk;
	if (!ps->valid) {
		if (res.updated) {
			put32(&r->edpcsrhi, &r->edpcsrhi_unknown, ONES32, 0, true);
			put32(&r->edcidsr, &r->edcidsr_unknown, ONES32, 0, true);
			put32(&r->edvidsr, &r->edvidsr_unknown, ONES32, 0, true);
		}
		return res;
	}
	res.value = (uint32_t)ps->pc;
	if (!res.updated)
		return res;
	if (sc2) {
		/* EDPCSRhi.PC = (if rw == '0' then Zeros(24) else pc<55:32>); EDPCSRhi.EL = el; EDPCSRhi.NS = ns; */
		put32(&r->edpcsrhi, &r->edpcsrhi_unknown, (uint32_t)EDPCSRhi_PC_MASK,
		      ps->rw == 0 ? 0 : (uint32_t)(ps->pc >> 32), false);
		put32(&r->edpcsrhi, &r->edpcsrhi_unknown, (uint32_t)EDPCSRhi_EL_MASK, ps->el << EDPCSRhi_EL_SHIFT, false);
		put32(&r->edpcsrhi, &r->edpcsrhi_unknown, (uint32_t)EDPCSRhi_NS_BIT, ps->ns ? (uint32_t)EDPCSRhi_NS_BIT : 0,
		      false);
	} else {
		/* EDPCSRhi = (if pc_sample.rw == '0' then Zeros(32) else pc_sample.pc<63:32>); */
		put32(&r->edpcsrhi, &r->edpcsrhi_unknown, ONES32, ps->rw == 0 ? 0 : (uint32_t)(ps->pc >> 32), false);
	}
	put32(&r->edcidsr, &r->edcidsr_unknown, ONES32, ps->contextidr, false);
	if (sc2) {
		/* EDVIDSR = (if HaveEL(EL2) && ns == '1' then contextidr_el2 else bits(32) UNKNOWN); */
		put32(&r->edvidsr, &r->edvidsr_unknown, ONES32, ps->contextidr_el2,
		      !(a->have_el2 && ps->ns == 1) || ps->contextidr_el2_unknown);
		return res;
	}
	/* EDVIDSR.VMID = vmid if HaveEL(EL2) && ns == '1' && el IN {EL1,EL0}, else Zeros() */
	put32(&r->edvidsr, &r->edvidsr_unknown, (uint32_t)EDVIDSR_VMID_MASK,
	      a->have_el2 && ps->ns == 1 && ps->el <= 1 ? ps->vmid : 0, false);
	put32(&r->edvidsr, &r->edvidsr_unknown, (uint32_t)EDVIDSR_NS_BIT, ps->ns ? (uint32_t)EDVIDSR_NS_BIT : 0, false);
	put32(&r->edvidsr, &r->edvidsr_unknown, (uint32_t)EDVIDSR_E2_BIT, ps->el == 2 ? (uint32_t)EDVIDSR_E2_BIT : 0,
	      false);
	/* EDVIDSR.E3 = (if pc_sample.el == EL3 then '1' else '0') AND pc_sample.rw; */
	put32(&r->edvidsr, &r->edvidsr_unknown, (uint32_t)EDVIDSR_E3_BIT,
	      ps->el == 3 && ps->rw ? (uint32_t)EDVIDSR_E3_BIT : 0, false);
	/* EDVIDSR.HV = (if !IsZero(EDPCSRhi) then '1' else bit IMPLEMENTATION_DEFINED "0 or 1"); */
	put32(&r->edvidsr, &r->edvidsr_unknown, (uint32_t)EDVIDSR_HV_BIT, (uint32_t)EDVIDSR_HV_BIT, r->edpcsrhi == 0);
	return res;
}
