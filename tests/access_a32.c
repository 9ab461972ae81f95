/*
 * access_a32.c - who may read and write the AArch32 PMU registers (Arm ARM G8.4, "Accessing <register>": MRC/MCR
 * and MRRC/MCRR on p15), at the AArch32 contexts: part of the access module (test_access()).
 *
 * access.<register>.<ctx>: every AArch32 PMU register (PMCEID2/3 and PMMIR where their features exist; PMEVCNTR<n>
 * and PMEVTYPER<n> for n = 0 and N-1; PMXEVCNTR and PMXEVTYPER with PMSELR.SEL = 0; PMCCNTR in its 32-bit and its
 * 64-bit form, access.pmccntr_mrrc), read and written, under every combination of PMUSERENR.{EN, SW, CR, ER} (at
 * EL0), MDCR_EL2.{TPM, TPMCR} (where pmucheck owns EL2 and it is enabled in the context's Security state) and
 * MDCR_EL3.TPM (entered at EL3). The outcome must be the AArch32 access model's (pmu_access_a32_check(),
 * lib/model/pmu_access_a32.c):
 *   allowed: no exception;
 *   UNDEFINED: at EL0 under an AArch64 EL1, an exception to EL1 with EC 0x00; at an AArch32 EL1 (and at EL0 under
 *   one) the AArch32 EL1's own Undefined Instruction vector (the A32 agent flags it);
 *   a trap to ELx: an exception to ELx (AArch64) with EC 0x03 (MCR/MRC) or 0x04 (MCRR/MRRC) and the ISS of the
 *   instruction: IL 1; CV 1 with COND 0b1110, or CV 0; Opc2, Opc1, CRn, CRm, Rt (r0), Rt2 (r1) and Direction
 *   (1 = read) as encoded (D24.2 ESR_ELx, "ISS encoding for an exception from an MCR or MRC access" and "... MCRR or
 *   MRRC access");
 *   CONSTRAINED UNPREDICTABLE: any of these.
 * Writes carry values that change nothing the other accesses depend on (0; PMSELR its SEL; PMUSERENR its value).
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "model/pmu_access.h"
#include "pmu_util.h"
#include "runtime/aarch32.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "test/test.h"
#include "tests.h"

#define RULES_A32 "G8.4 \"Accessing <register>\" (PMUSERENR, MDCR_EL2.TPM/TPMCR, MDCR_EL3.TPM; EC 0x03/0x04 and ISS)"

/* The test points: one per register class (PMEVCNTR<n>, PMEVTYPER<n> each one class). */
#define A32_CLASSES (A32_REG_PMEVCNTR0 + 2)
static unsigned a32_class_of(unsigned reg)
{
	if (reg >= A32_REG_PMEVTYPER0)
		return A32_REG_PMEVCNTR0 + 1;
	return reg >= A32_REG_PMEVCNTR0 ? A32_REG_PMEVCNTR0 : reg;
}

/* "access.pmcr.<ctx>", "access.pmccntr_mrrc.<ctx>", "access.pmevcntr.<ctx>" */
static void a32_point_name(char *buf, size_t size, unsigned cls, enum ctx c)
{
	const char *r = cls == A32_REG_PMEVCNTR0 ? "PMEVCNTR" : cls == A32_REG_PMEVCNTR0 + 1 ? "PMEVTYPER" :
			cls == A32_REG_PMCCNTR64 ? "PMCCNTR_MRRC" : a32_reg_name(cls);
	size_t i = (size_t)snprintf(buf, size, "access.");

	for (; *r && i + 1 < size; r++)
		buf[i++] = (char)(*r >= 'A' && *r <= 'Z' ? *r - 'A' + 'a' : *r);
	snprintf(buf + i, size - i, ".%s", ctx_name(c));
}

/* The registers one run accesses, each read then written (PMEVCNTR<n>/PMEVTYPER<n>: n = 0 and N-1). */
static unsigned a32_regs(unsigned *out)
{
	unsigned k = 0, r, n = features.pmu.num_counters;

	for (r = 0; r < A32_REG_PMEVCNTR0; r++)
		out[k++] = r;
	out[k++] = A32_REG_PMEVCNTR0;
	out[k++] = A32_REG_PMEVTYPER0;
	if (n > 1) {
		out[k++] = A32_REG_PMEVCNTR0 + n - 1;
		out[k++] = A32_REG_PMEVTYPER0 + n - 1;
	}
	return k;
}

/* What the access at op `i` ended in: 0 none, 1 UNDEFINED at the AArch32 EL1, 2 an exception to an AArch64 EL. */
struct a32_seen {
	unsigned kind;
	const struct exc_record *e;
};

/* Whether ESR e is the trap syndrome of an access to `reg` (write or read) with EC `ec`. */
static bool a32_iss_ok(uint64_t esr, unsigned reg, bool write, unsigned ec, char *why, size_t len)
{
	unsigned opc1, crn, crm, opc2, cv = (unsigned)(esr >> 24) & 1, cond = (unsigned)(esr >> 20) & 0xF;
	unsigned dir = (unsigned)esr & 1, rt = (unsigned)(esr >> 5) & 0x1F, crm_s = (unsigned)(esr >> 1) & 0xF;
	bool ok = (esr & ESR_IL_BIT) && (cv == 0 || cond == 0xE) && dir == (write ? 0u : 1u) && rt == 0;

	a32_reg_encoding(reg, &opc1, &crn, &crm, &opc2);
	ok = ok && crm_s == crm;
	if (ec == ESR_EC_MCRR_MRRC_CP15)
		ok = ok && ((esr >> 16) & 0xF) == opc1 && ((esr >> 10) & 0x1F) == 1; /* Opc1, Rt2 = r1 */
	else
		ok = ok && ((esr >> 17) & 0x7) == opc2 && ((esr >> 14) & 0x7) == opc1 && ((esr >> 10) & 0xF) == crn;
	if (!ok)
		snprintf(why, len, "ISS 0x%07llx: expected IL 1, CV 1/COND 0xE or CV 0, Opc1 %u, CRn %u, CRm %u, Opc2 %u, "
			 "Rt 0%s, Direction %u", (unsigned long long)(esr & MASK64(24, 0)), opc1, crn, crm, opc2,
			 ec == ESR_EC_MCRR_MRRC_CP15 ? ", Rt2 1" : "", write ? 0u : 1u);
	return ok;
}

/*
 * The claim of one access (test.h struct claim), as the access module makes them: the AArch32 register's name
 * ("PMEVCNTR<n>", "PMEVTYPER<n>" for any n), PMUSERENR.{EN,SW,CR,ER}, MDCR_EL2.{TPM,TPMCR} and MDCR_EL3.TPM in ctl;
 * expected the Exception level the model's outcome takes the access to (0: performed, or CONSTRAINED
 * UNPREDICTABLE), seen the level it was taken to (0: none; 1 for the AArch32 EL1's own Undefined vector).
 */
static const struct claim *a32_claim(struct claim *cl, unsigned reg, bool write, const struct pmu_state *s,
				     uint64_t pmuserenr, enum pmu_access_result want, unsigned seen_el)
{
	const char *name = reg >= A32_REG_PMEVTYPER0 ? "PMEVTYPER<n>" : reg >= A32_REG_PMEVCNTR0 ? "PMEVCNTR<n>" :
			   a32_reg_name(reg);
	unsigned want_el = want == PMU_ACCESS_TRAP_EL2 ? 2 : want == PMU_ACCESS_TRAP_EL3 ? 3 :
			   want == PMU_ACCESS_TRAP_EL1 || want == PMU_ACCESS_UNDEFINED ? 1 : 0;

	*cl = (struct claim){ name, -1, -1, pmu_access_claim_ctl(s, pmuserenr, write), want_el, seen_el };
	return cl;
}

/* Compare one access with the model's outcome; failures name the register, direction, controls and exception. */
static void a32_check_one(struct check_group *g, enum ctx c, unsigned reg, bool write, enum pmu_access_result want,
			  const struct a32_seen *s, const char *controls, const struct pmu_state *st, uint64_t pmuserenr)
{
	unsigned want_ec = pmu_access_a32_trap_ec(reg), ec = s->e ? (unsigned)FIELD_GET(ESR, EC, s->e->esr) : 0;
	const char *dir = write ? (a32_reg_is_64(reg) ? "MCRR" : "MCR") : (a32_reg_is_64(reg) ? "MRRC" : "MRC");
	enum pmu_access_result seen = PMU_ACCESS_OK;
	char why[160] = "";
	struct claim cl;
	bool ok;

	if (s->kind == 1 || (s->kind == 2 && ec == ESR_EC_UNKNOWN && s->e->el == 1))
		seen = PMU_ACCESS_UNDEFINED;
	else if (s->kind == 2)
		seen = s->e->el == 1 ? PMU_ACCESS_TRAP_EL1 : s->e->el == 2 ? PMU_ACCESS_TRAP_EL2 : PMU_ACCESS_TRAP_EL3;
	switch (want) {
	case PMU_ACCESS_OK:
	case PMU_ACCESS_RAZ_WI:
		ok = s->kind == 0;
		break;
	case PMU_ACCESS_UNDEFINED: /* at EL0 under an AArch64 EL1: EC 0x00 at EL1; else the AArch32 EL1's vector */
		ok = ctx_el1_aarch32(c) ? s->kind == 1 : s->kind == 2 && s->e->el == 1 && ec == ESR_EC_UNKNOWN;
		break;
	case PMU_ACCESS_UNPREDICTABLE:
		ok = true;
		break;
	default:
		ok = s->kind == 2 && seen == want && ec == want_ec &&
		     a32_iss_ok(s->e->esr, reg, write, want_ec, why, sizeof(why));
		break;
	}
	check_claim_that(g, ok, a32_claim(&cl, reg, write, st, pmuserenr, want, s->kind == 1 ? 1u : s->kind == 2 ?
			 s->e->el : 0u), "%s %s at %s (%s): expected %s%s, seen %s "
			 "(EL%u, EC 0x%02x)%s%s", dir, a32_reg_name(reg), ctx_name(c), controls, pmu_access_result_name(want),
			 want >= PMU_ACCESS_TRAP_EL1 && want <= PMU_ACCESS_TRAP_EL3 ? (want_ec == 4 ? " (EC 0x04)" : " (EC 0x03)")
										    : "",
			 s->kind == 1 ? "UNDEFINED at the AArch32 EL1 (its Undefined vector)" :
			 s->kind == 2 ? pmu_access_result_name(seen) : "no exception", s->kind == 2 ? s->e->el : 0u, ec,
			 *why ? ": " : "", why);
	if (!ok && s->kind == 2)
		exc_record_print(s->e);
}

/* The safe value a write of `reg` carries (header comment). */
static uint32_t a32_write_value(unsigned reg, uint64_t pmuserenr)
{
	return reg == A32_REG_PMUSERENR ? (uint32_t)pmuserenr : 0;
}

#define A32_MAX_OPS (2 * (A32_REG_PMEVCNTR0 + 4) * 3 + 1)

void access_a32_context(enum ctx c, const struct pmu_access_features *af)
{
	static struct check_group g[A32_CLASSES];
	static struct a32_op ops[A32_MAX_OPS];
	static struct exc_record traps[A32_MAX_OPS];
	static unsigned at_op[A32_REG_PMEVCNTR0 + 4][2];
	unsigned regs[A32_REG_PMEVCNTR0 + 4], nregs = a32_regs(regs), i, k, w, nops, combo, ncombo;
	bool live[A32_CLASSES], any = false, el2, el3 = orchestrator_el == 3;
	const char *why = pmu_context_skip_reason(c, false);
	char name[64], controls[96];
	struct pmu_state s;
	uint64_t ret, pmuserenr, mdcr2, mdcr3;

	for (i = 0; i < A32_CLASSES; i++) {
		live[i] = false;
		a32_point_name(name, sizeof(name), i, c);
		if (why)
			tap_skip(name, RULES_A32, "%s", why);
		else /* PMCEID2/3 without FEAT_PMUv3p1 and PMMIR without FEAT_PMUv3p4 too: UNDEFINED, checked */
			live[i] = group_begin(&g[i], RULES_A32, "%s", name);
		any |= live[i];
	}
	if (!any)
		return;
	pmu_state_init(&s, c);
	el2 = pmu_owns_el2() && el2_enabled(&features.pmu, &s);
	/* bits: [3:0] PMUSERENR.{EN, SW, CR, ER} at EL0; [4] MDCR_EL2.TPM, [5] TPMCR; [6] MDCR_EL3.TPM */
	ncombo = 1u << 7;
	for (combo = 0; combo < ncombo; combo++) {
		if ((ctx_el(c) != 0 && (combo & 0xF)) || (!el2 && (combo & 0x30)) || (!el3 && (combo & 0x40)))
			continue;
		pmuserenr = ctx_el(c) == 0 ? (combo & 0xF) : PMUSERENR_EL0_EN_BIT;
		pmu_state_init(&s, c);
		mdcr2 = s.mdcr_el2 | ((combo & 0x10) ? MDCR_EL2_TPM_BIT : 0) | ((combo & 0x20) ? MDCR_EL2_TPMCR_BIT : 0);
		mdcr3 = s.mdcr_el3 | ((combo & 0x40) ? MDCR_EL3_TPM_BIT : 0);
		s.mdcr_el2 = mdcr2;
		s.mdcr_el3 = mdcr3;
		snprintf(controls, sizeof(controls), "PMUSERENR=0x%llx MDCR_EL2.{TPM,TPMCR}={%u,%u} MDCR_EL3.TPM=%u",
			 (unsigned long long)pmuserenr, !!(combo & 0x10), !!(combo & 0x20), !!(combo & 0x40));
		/* the request list: each register read then written; PMXEV* after PMSELR = 0 */
		for (i = nops = 0; i < nregs; i++)
			for (w = 0; w < 2; w++) {
				if (regs[i] == A32_REG_PMXEVCNTR || regs[i] == A32_REG_PMXEVTYPER) {
					ops[nops++] = (struct a32_op){ .kind = A32_OP_WRITE, .reg = A32_REG_PMSELR };
					ops[nops++] = (struct a32_op){ .kind = A32_OP_ISB };
				}
				at_op[i][w] = nops;
				ops[nops++] = (struct a32_op){ .kind = w ? A32_OP_WRITE : A32_OP_READ, .reg = (uint16_t)regs[i],
							       .lo = a32_write_value(regs[i], pmuserenr) };
			}
		ops[nops] = (struct a32_op){ .kind = A32_OP_END };
		pmu_stop();
		write_pmselr_el0(0);
		write_pmuserenr_el0(pmuserenr);
		if (pmu_owns_el2())
			write_mdcr_el2(mdcr2);
		if (el3)
			write_mdcr_el3(mdcr3);
		isb();
		test_note(TREG_PMUSERENR_EL0, pmuserenr);
		if (pmu_owns_el2())
			test_note(TREG_MDCR_EL2, mdcr2);
		if (el3)
			test_note(TREG_MDCR_EL3, mdcr3);
		exc_expect_table_begin(traps, nops + 1);
		k = (unsigned)ctx_call_a32(c, ops, &ret);
		exc_expect_table_end();
		baseline_restore_all();
		if (k != CTX_OK) {
			for (i = 0; i < A32_CLASSES; i++)
				if (live[i])
					check(&g[i], false, "an unexpected exception ended the accesses at %s (%s)", ctx_name(c),
					      controls);
			exc_record_print(&exc_unexpected);
			break;
		}
		for (i = 0; i < nregs; i++) {
			unsigned cls = a32_class_of(regs[i]);

			if (!live[cls])
				continue;
			for (w = 0; w < 2; w++) {
				struct pmu_access a = { .write = w != 0, .pmuserenr_el0 = pmuserenr, .pmselr_el0 = 0 };
				const struct a32_op *o = &ops[at_op[i][w]];
				const struct exc_record *e = &traps[at_op[i][w]];
				struct a32_seen seen = { (o->out & A32_OUT_UNDEF) ? 1u : e->taken ? 2u : 0u, e->taken ? e : NULL };

				a32_check_one(&g[cls], c, regs[i], w != 0, pmu_access_a32_check(&features.pmu, af, &s, &a, regs[i]),
					      &seen, controls, &s, pmuserenr);
			}
		}
	}
	for (i = 0; i < A32_CLASSES; i++)
		if (live[i])
			group_end(&g[i]);
}
