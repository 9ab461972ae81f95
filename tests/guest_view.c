/*
 * guest_view.c - MDCR_EL2.HPMN as the guest's view of the PMU (D11.5.1, D13.1.1): what EL1 and EL0 may reach
 * when EL2 is enabled and reserves counters [HPMN..N-1] for itself. Rules from the register descriptions and
 * their access pseudocode (../shared/spec/registers/, pseudocode/PMU_sysreg_access.asl):
 *
 * guest_view.bits.<ctx>     PMCNTENSET/CLR_EL0, PMOVSSET/CLR_EL0, PMINTENSET/CLR_EL1 (EL1 only): bits
 *                           m >= GetNumEventCountersAccessible() are RAZ/WI; the others and C work.
 * guest_view.counters.<ctx> PMEVCNTR<n>_EL0, PMEVTYPER<n>_EL0 (their own encodings) and PMXEVCNTR_EL0,
 *                           PMXEVTYPER_EL0 with PMSELR_EL0.SEL = n, for n in [HPMN..N-1]: with FEAT_FGT the
 *                           access traps to EL2 (EC 0x18). Without it the access is CONSTRAINED
 *                           UNPREDICTABLE among: UNDEFINED, RAZ/WI, NOP, an UNKNOWN accessible counter, trap
 *                           to EL2. None of these reads or writes counter n itself, which is what is checked.
 *                           The expected outcome comes from the access model (lib/model/pmu_access.c), as in
 *                           the access module, which checks the counters below HPMN.
 * guest_view.pmcr_p.<ctx>   PMCR_EL0.P written in the context resets the first range, and the second range
 *                           only at EL2/EL3 or where EL2 is disabled (pmcr_p_resets(), PMCR_EL0.P D24.5.8);
 *                           never PMCCNTR_EL0. Checked at every context.
 * The first two exist at EL1 and EL0 where EL2 is enabled (Non-secure EL1/EL0 here), for every legal
 * HPMN < N.
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

#define RULES_BITS "PMCNTENSET/CLR_EL0, PMOVSSET/CLR_EL0, PMINTENSET/CLR_EL1 (D24.5): bits m >= " \
		   "GetNumEventCountersAccessible() RAZ/WI"
#define RULES_COUNTERS "PMEVCNTR<n>_EL0, PMEVTYPER<n>_EL0, PMXEVCNTR/PMXEVTYPER_EL0 (D24.5) for n >= HPMN at " \
		       "EL1/EL0: trap to EL2 with FEAT_FGT, else CONSTRAINED UNPREDICTABLE"
#define RULES_PMCR_P "PMCR_EL0.P (D24.5.8): resets the first range; the second only at EL2/EL3 or EL2 disabled"

/* What the context is asked to do, and what it saw: shared memory (the MMU is off at every level). */
enum probe_op {
	OP_READ,        /* probe.value = read of register probe.reg */
	OP_WRITE,       /* write probe.value to probe.reg */
	OP_PMCR_P,      /* write PMCR_EL0 = P */
};
enum probe_reg {
	REG_PMCNTENSET, REG_PMCNTENCLR, REG_PMOVSSET, REG_PMOVSCLR, REG_PMINTENSET, REG_PMINTENCLR,
	REG_PMEVCNTR, REG_PMEVTYPER, REG_PMXEVCNTR, REG_PMXEVTYPER,
};
static struct {
	enum probe_op op;
	enum probe_reg reg;
	unsigned n;
	uint64_t value;
	bool taken;
	struct exc_record exc;
} probe;

static const char *const reg_names[] = {
	"PMCNTENSET_EL0", "PMCNTENCLR_EL0", "PMOVSSET_EL0", "PMOVSCLR_EL0", "PMINTENSET_EL1", "PMINTENCLR_EL1",
	"PMEVCNTR<n>_EL0", "PMEVTYPER<n>_EL0", "PMXEVCNTR_EL0", "PMXEVTYPER_EL0",
};

static uint64_t probe_read(void)
{
	switch (probe.reg) {
	case REG_PMCNTENSET: return read_pmcntenset_el0();
	case REG_PMOVSSET: return read_pmovsset_el0();
	case REG_PMINTENSET: return read_pmintenset_el1();
	case REG_PMEVCNTR: return read_pmevcntr_direct(probe.n, probe.value);
	case REG_PMEVTYPER: return read_pmevtyper_direct(probe.n, probe.value);
	case REG_PMXEVCNTR: write_pmselr_el0(probe.n); isb(); return read_pmxevcntr_el0();
	case REG_PMXEVTYPER: write_pmselr_el0(probe.n); isb(); return read_pmxevtyper_el0();
	default: return 0;
	}
}

static void probe_write(void)
{
	switch (probe.reg) {
	case REG_PMCNTENSET: write_pmcntenset_el0(probe.value); break;
	case REG_PMCNTENCLR: write_pmcntenclr_el0(probe.value); break;
	case REG_PMOVSSET: write_pmovsset_el0(probe.value); break;
	case REG_PMOVSCLR: write_pmovsclr_el0(probe.value); break;
	case REG_PMINTENSET: write_pmintenset_el1(probe.value); break;
	case REG_PMINTENCLR: write_pmintenclr_el1(probe.value); break;
	case REG_PMEVCNTR: write_pmevcntr_direct(probe.n, probe.value); break;
	case REG_PMEVTYPER: write_pmevtyper_direct(probe.n, probe.value); break;
	case REG_PMXEVCNTR: write_pmselr_el0(probe.n); isb(); write_pmxevcntr_el0(probe.value); break;
	case REG_PMXEVTYPER: write_pmselr_el0(probe.n); isb(); write_pmxevtyper_el0(probe.value); break;
	default: break;
	}
	isb();
}

/* Runs in the context: the probe's operation, with any synchronous exception recorded and stepped over. */
static uint64_t at_ctx_probe(uint64_t unused)
{
	(void)unused;
	exc_expect_begin(&probe.exc);
	if (probe.op == OP_READ)
		probe.value = probe_read();
	else if (probe.op == OP_WRITE)
		probe_write();
	else
		write_pmcr_el0(PMCR_EL0_P_BIT), isb();
	probe.taken = exc_expect_end();
	return 0;
}

/*
 * The probe at an AArch32 context (the A32 agent): the AArch32 view of the register (G8.4: PMCNTENSET, PMOVSSET,
 * PMINTENSET, PMEVCNTR<n>, PMEVTYPER<n>, PMXEVCNTR and PMXEVTYPER after an MCR of PMSELR, PMCR), 32 bits. A trap to
 * an AArch64 EL is recorded as at an AArch64 context; an access UNDEFINED at AArch32 EL1 is recorded as an
 * exception taken to EL1 with EC 0x00 (the agent's own vector: no syndrome).
 */
static int run_probe_a32(enum ctx c)
{
	static const uint16_t a32_reg[] = {
		[REG_PMCNTENSET] = A32_REG_PMCNTENSET, [REG_PMCNTENCLR] = A32_REG_PMCNTENCLR,
		[REG_PMOVSSET] = A32_REG_PMOVSSET, [REG_PMOVSCLR] = A32_REG_PMOVSR,
		[REG_PMINTENSET] = A32_REG_PMINTENSET, [REG_PMINTENCLR] = A32_REG_PMINTENCLR,
		[REG_PMXEVCNTR] = A32_REG_PMXEVCNTR, [REG_PMXEVTYPER] = A32_REG_PMXEVTYPER,
	};
	struct a32_op ops[5];           /* PMSELR write, ISB, the access, ISB, END */
	struct exc_record traps[5];
	unsigned i = 0, at;
	uint64_t ret;
	int status;

	if (probe.op == OP_PMCR_P) {
		ops[i++] = (struct a32_op){ .kind = A32_OP_WRITE, .reg = A32_REG_PMCR, .lo = (uint32_t)PMCR_EL0_P_BIT };
	} else {
		uint16_t reg = probe.reg == REG_PMEVCNTR ? A32_REG_PMEVCNTR0 + probe.n :
			       probe.reg == REG_PMEVTYPER ? A32_REG_PMEVTYPER0 + probe.n : a32_reg[probe.reg];

		if (probe.reg == REG_PMXEVCNTR || probe.reg == REG_PMXEVTYPER) {
			ops[i++] = (struct a32_op){ .kind = A32_OP_WRITE, .reg = A32_REG_PMSELR, .lo = probe.n };
			ops[i++] = (struct a32_op){ .kind = A32_OP_ISB };
		}
		ops[i++] = (struct a32_op){ .kind = probe.op == OP_READ ? A32_OP_READ : A32_OP_WRITE, .reg = reg,
					    .lo = (uint32_t)probe.value };
	}
	at = i - 1;
	ops[i++] = (struct a32_op){ .kind = A32_OP_ISB };
	ops[i] = (struct a32_op){ .kind = A32_OP_END };
	exc_expect_table_begin(traps, i);
	status = ctx_call_a32(c, ops, &ret);
	exc_expect_table_end();
	probe.taken = traps[at].taken || (ops[at].out & A32_OUT_UNDEF);
	if (traps[at].taken)
		probe.exc = traps[at];
	else if (ops[at].out & A32_OUT_UNDEF)
		probe.exc = (struct exc_record){ .taken = true, .el = 1, .esr = 0, .ctx = (int)c, .a32_own = true };
	if (probe.op == OP_READ && !probe.taken)
		probe.value = ops[at].lo;
	return status;
}

/* Run one probe in context c; false (and a failed check) if it ended in an unexpected exception. */
static bool run_probe(struct check_group *g, enum ctx c, enum probe_op op, enum probe_reg reg, unsigned n,
		      uint64_t value)
{
	uint64_t ret;

	probe.op = op;
	probe.reg = reg;
	probe.n = n;
	if (reg == REG_PMXEVCNTR || reg == REG_PMXEVTYPER)
		test_note(TREG_PMSELR_EL0, n); /* PMSELR_EL0.SEL = n */
	probe.value = value;
	if ((ctx_aarch32(c) ? run_probe_a32(c) : ctx_call(c, at_ctx_probe, 0, &ret)) == CTX_OK)
		return true;
	check(g, false, "%s at %s: unexpected exception", reg_names[reg], ctx_name(c));
	exc_record_print(&exc_unexpected);
	baseline_restore_all();
	return false;
}

/* The state the orchestrator sets for HPMN = hpmn (nothing counts: PMCR_EL0.E = HPME = 0). */
static void hpmn_state(struct pmu_state *s, enum ctx c, unsigned hpmn)
{
	pmu_state_init(s, c);
	s->mdcr_el2 = (s->mdcr_el2 & ~(MDCR_EL2_HPMN_MASK | MDCR_EL2_HPME_BIT)) | FIELD_PREP(MDCR_EL2, HPMN, hpmn);
}

/* The claim of a SET/CLR register's bits at HPMN = hpmn (test.h struct claim); returns c. */
static const struct claim *bits_claim(struct claim *c, enum probe_reg reg, unsigned hpmn, unsigned ctl,
				      uint64_t expected, uint64_t seen)
{
	*c = (struct claim){ reg_names[reg], -1, (int)hpmn, ctl, expected, seen };
	return c;
}

#ifdef PMUCHECK_FAULT_INJECT
/*
 * The fault-injection build's second, unrelated fault in a point QEMU's recorded deviation already fails
 * (tests/fault_inject.c): PMCNTENSET_EL0 read at EL1 is taken with C (bit 31) clear, a bit the deviation (bits
 * m >= HPMN) does not explain. guest_view.bits.ns_el1 must then fail, not be excused (ci/check_fault_inject.py).
 */
#define INJECT_SECOND_FAULT(reg, c, v) ((reg) == REG_PMCNTENSET && ctx_el(c) == 1 && !ctx_aarch32(c) ? \
					(v) & ~PMU_CNT_C_BIT : (v))
#else
#define INJECT_SECOND_FAULT(reg, c, v) (v)
#endif

/* One SET/CLR pair: RAZ for bits >= accessible, WI through both SET and CLR, the rest and C working. */
static void check_bits_pair(struct check_group *g, enum ctx c, unsigned hpmn, enum probe_reg set,
			    enum probe_reg clr, void (*o_set)(uint64_t), void (*o_clr)(uint64_t), uint64_t (*o_read)(void))
{
	uint64_t all = pmu_event_counter_mask() | PMU_CNT_C_BIT;
	uint64_t guest = (BIT64(hpmn) - 1) | PMU_CNT_C_BIT, seen;
	struct claim cl;

	o_clr(all);
	o_set(all);
	isb();
	if (run_probe(g, c, OP_READ, set, 0, 0)) {
		seen = INJECT_SECOND_FAULT(set, c, probe.value & all);
		check_claim(g, seen == guest, bits_claim(&cl, set, hpmn, 0, guest, seen), "HPMN=%u: %s read at %s 0x%llx, "
			    "expected 0x%llx (bits >= HPMN RAZ)", hpmn, reg_names[set], ctx_name(c), (unsigned long long)seen,
			    (unsigned long long)guest);
	}
	if (run_probe(g, c, OP_WRITE, clr, 0, all)) {
		seen = o_read() & all;
		check_claim(g, seen == (all & ~guest), bits_claim(&cl, clr, hpmn, CLAIM_WRITE, all & ~guest, seen),
			    "HPMN=%u: %s = 0x%llx written at %s leaves 0x%llx, expected 0x%llx "
		      "(bits >= HPMN WI)", hpmn, reg_names[clr], (unsigned long long)all, ctx_name(c),
		      (unsigned long long)seen, (unsigned long long)(all & ~guest));
	}
	o_clr(all);
	isb();
	if (run_probe(g, c, OP_WRITE, set, 0, all)) {
		seen = o_read() & all;
		check_claim(g, seen == guest, bits_claim(&cl, set, hpmn, CLAIM_WRITE, guest, seen),
			    "HPMN=%u: %s = 0x%llx written at %s sets 0x%llx, expected 0x%llx (bits >= "
		      "HPMN WI)", hpmn, reg_names[set], (unsigned long long)all, ctx_name(c), (unsigned long long)seen,
		      (unsigned long long)guest);
	}
	o_clr(all);
	isb();
}

static void check_bits(enum ctx c, const unsigned *hpmns, unsigned nh)
{
	struct check_group g;
	struct pmu_state s;
	unsigned i;

	if (!group_begin(&g, RULES_BITS, "guest_view.bits.%s", ctx_name(c)))
		return;
	for (i = 0; i < nh; i++) {
		hpmn_state(&s, c, hpmns[i]);
		pmu_program(&s);
		check_bits_pair(&g, c, hpmns[i], REG_PMCNTENSET, REG_PMCNTENCLR, write_pmcntenset_el0,
				write_pmcntenclr_el0, read_pmcntenset_el0);
		check_bits_pair(&g, c, hpmns[i], REG_PMOVSSET, REG_PMOVSCLR, write_pmovsset_el0, write_pmovsclr_el0,
				read_pmovsset_el0);
		if (ctx_el(c) == 1) /* PMINTENSET/CLR_EL1 are UNDEFINED at EL0 */
			check_bits_pair(&g, c, hpmns[i], REG_PMINTENSET, REG_PMINTENCLR, write_pmintenset_el1,
					write_pmintenclr_el1, read_pmintenset_el1);
	}
	group_end(&g);
}

/*
 * What the access model (lib/model/pmu_access.c, the "Accessing" pseudocode) says of an access to counter n
 * >= HPMN from context c: a trap to EL2 with FEAT_FGT, CONSTRAINED UNPREDICTABLE without it. The access
 * module checks the same accessors below HPMN: one model for both.
 */
static enum pmu_access_result counter_rule(enum ctx c, unsigned hpmn, enum probe_reg reg, unsigned n, bool write)
{
	static const enum pmu_reg model_reg[] = {
		[REG_PMEVCNTR] = PMREG_PMEVCNTR_EL0, [REG_PMEVTYPER] = PMREG_PMEVTYPER_EL0,
		[REG_PMXEVCNTR] = PMREG_PMXEVCNTR_EL0, [REG_PMXEVTYPER] = PMREG_PMXEVTYPER_EL0,
	};
	struct pmu_access_features af = { .fgt = features.fgt };
	struct pmu_access a = { .reg = model_reg[reg], .write = write, .n = n, .pmselr_el0 = n,
				.pmuserenr_el0 = read_pmuserenr_el0() };
	struct pmu_state s;

	hpmn_state(&s, c, hpmn);
	return pmu_access_check(&features.pmu, &af, &s, &a);
}

/* Whether exception e is one the model's outcome allows: the trap to EL2 (EC 0x18; from AArch32, EC 0x03: the
 * MCR/MRC trap, AArch64.AArch32SystemAccessTrap(EL2, 0x03), G8.4.10/11), or, CONSTRAINED UNPREDICTABLE, that trap or
 * UNDEFINED at EL1. */
static bool permitted_exception(const struct exc_record *e, enum pmu_access_result want)
{
	unsigned ec = (unsigned)FIELD_GET(ESR, EC, e->esr);
	unsigned trap_ec = e->ctx >= 0 && ctx_aarch32((enum ctx)e->ctx) ? ESR_EC_MCR_MRC_CP15 : ESR_EC_SYS64;

	if (e->el == 2 && ec == trap_ec)
		return want == PMU_ACCESS_TRAP_EL2 || want == PMU_ACCESS_UNPREDICTABLE;
	return want == PMU_ACCESS_UNPREDICTABLE && e->el == 1 && ec == ESR_EC_UNKNOWN;
}

/*
 * The claim of an access to counter n >= HPMN (test.h struct claim): expected is the Exception level the model's
 * outcome `want` takes it to (2 for the trap; 0: none, CONSTRAINED UNPREDICTABLE included), seen the level the
 * access was taken to (0: none), CLAIM_COUNTER_ITSELF in ctl when it read or changed counter n itself.
 */
static const struct claim *counter_claim(struct claim *c, enum probe_reg reg, unsigned n, unsigned hpmn, unsigned ctl,
					 enum pmu_access_result want, unsigned seen_el)
{
	*c = (struct claim){ reg_names[reg], (int)n, (int)hpmn, ctl, want == PMU_ACCESS_TRAP_EL2 ? 2u : 0u, seen_el };
	return c;
}

static void check_one_counter(struct check_group *g, enum ctx c, unsigned hpmn, enum probe_reg reg, unsigned n)
{
	bool type = reg == REG_PMEVTYPER || reg == REG_PMXEVTYPER;
	/* values counter n and the accessible counters hold, and what the context tries to write */
	uint64_t held = type ? (PMEVTYPER_P_BIT | PMU_EVENT_CPU_CYCLES) : 0x11110000u + n;
	uint64_t other = type ? (PMEVTYPER_U_BIT | PMU_EVENT_SW_INCR) : 0x22220000u;
	uint64_t written = type ? (PMEVTYPER_NSH_BIT | PMU_EVENT_SW_INCR) : 0x5a5a0000u + n;
	uint64_t preload = 0x77770000u, seen;
	struct claim cl;
	enum pmu_access_result want_r = counter_rule(c, hpmn, reg, n, false), want_w = counter_rule(c, hpmn, reg, n, true);
	unsigned m;

	for (m = 0; m < features.pmu.num_counters; m++) {
		if (type)
			write_pmevtyper(m, m == n ? held : other);
		else
			write_pmevcntr(m, m == n ? held : other);
	}
	/* read: must not return counter n's value */
	if (run_probe(g, c, OP_READ, reg, n, preload)) {
		if (probe.taken)
			check_claim(g, permitted_exception(&probe.exc, want_r),
				    counter_claim(&cl, reg, n, hpmn, 0, want_r, probe.exc.el), "HPMN=%u: read of %s, n=%u, at %s took an "
			      "exception the model (%s) does not permit: EL%u EC=0x%02x", hpmn, reg_names[reg], n,
			      ctx_name(c), pmu_access_result_name(want_r), probe.exc.el,
			      (unsigned)FIELD_GET(ESR, EC, probe.exc.esr));
		else
			check_claim(g, want_r == PMU_ACCESS_UNPREDICTABLE && probe.value != held,
				    counter_claim(&cl, reg, n, hpmn, probe.value == held ? CLAIM_COUNTER_ITSELF : 0, want_r,
						  0), "HPMN=%u: read of %s, n=%u, "
			      "at %s returned 0x%llx (counter n holds 0x%llx): %s", hpmn, reg_names[reg], n, ctx_name(c),
			      (unsigned long long)probe.value, (unsigned long long)held,
			      want_r == PMU_ACCESS_TRAP_EL2 ? "FEAT_FGT requires a trap to EL2" : "counter n itself was read");
	}
	/* write: must not change counter n */
	if (run_probe(g, c, OP_WRITE, reg, n, written)) {
		seen = type ? read_pmevtyper(n) : read_pmevcntr(n);
		if (probe.taken)
			check_claim(g, permitted_exception(&probe.exc, want_w),
				    counter_claim(&cl, reg, n, hpmn, CLAIM_WRITE, want_w, probe.exc.el), "HPMN=%u: write of %s, n=%u, at %s took an "
			      "exception the model (%s) does not permit: EL%u EC=0x%02x", hpmn, reg_names[reg], n,
			      ctx_name(c), pmu_access_result_name(want_w), probe.exc.el,
			      (unsigned)FIELD_GET(ESR, EC, probe.exc.esr));
		else
			check_claim(g, want_w == PMU_ACCESS_UNPREDICTABLE, counter_claim(&cl, reg, n, hpmn, CLAIM_WRITE |
				    (seen != held ? CLAIM_COUNTER_ITSELF : 0), want_w, 0), "HPMN=%u: write of %s, n=%u, at %s took no "
			      "exception: the model says %s", hpmn, reg_names[reg], n, ctx_name(c),
			      pmu_access_result_name(want_w));
		check_claim(g, seen == held, counter_claim(&cl, reg, n, hpmn, CLAIM_WRITE | CLAIM_COUNTER_ITSELF, want_w,
			    probe.taken ? probe.exc.el : 0), "HPMN=%u: write of 0x%llx to %s, n=%u, at %s changed counter n: 0x%llx -> 0x%llx",
		      hpmn, (unsigned long long)written, reg_names[reg], n, ctx_name(c), (unsigned long long)held,
		      (unsigned long long)seen);
	}
}

static void check_counters(enum ctx c, const unsigned *hpmns, unsigned nh)
{
	static const enum probe_reg regs[] = { REG_PMEVCNTR, REG_PMEVTYPER, REG_PMXEVCNTR, REG_PMXEVTYPER };
	struct check_group g;
	struct pmu_state s;
	unsigned i, r, n;

	if (!group_begin(&g, RULES_COUNTERS, "guest_view.counters.%s", ctx_name(c)))
		return;
	for (i = 0; i < nh; i++) {
		hpmn_state(&s, c, hpmns[i]);
		pmu_program(&s);
		for (r = 0; r < sizeof(regs) / sizeof(regs[0]); r++)
			for (n = hpmns[i]; n < features.pmu.num_counters; n++)
				check_one_counter(&g, c, hpmns[i], regs[r], n);
	}
	group_end(&g);
}

static void check_pmcr_p(enum ctx c, const unsigned *hpmns, unsigned nh)
{
	struct check_group g;
	struct pmu_state s;
	struct claim cl;
	uint64_t seen, expected;
	unsigned i, n;

	if (!group_begin(&g, RULES_PMCR_P, "guest_view.pmcr_p.%s", ctx_name(c)))
		return;
	for (i = 0; i < nh; i++) {
		hpmn_state(&s, c, hpmns[i]);
		pmu_program(&s);
		for (n = 0; n < features.pmu.num_counters; n++)
			write_pmevcntr(n, 0x100u + n);
		write_pmccntr_el0(0x1234);
		isb();
		if (!run_probe(&g, c, OP_PMCR_P, REG_PMCNTENSET, 0, 0))
			continue;
		check(&g, !probe.taken, "HPMN=%u: PMCR_EL0 write at %s took an exception", hpmns[i], ctx_name(c));
		for (n = 0; n < features.pmu.num_counters; n++) {
			expected = pmcr_p_resets(&features.pmu, &s, n) ? 0 : 0x100u + n;
			seen = read_pmevcntr(n);
			check_claim(&g, seen == expected, pmu_count_claim(&cl, &s, n, CLAIM_PMCR_P, expected, seen),
				    "HPMN=%u: after PMCR_EL0.P=1 at %s, PMEVCNTR%u_EL0 (range %u) expected "
			      "0x%llx, seen 0x%llx", hpmns[i], ctx_name(c), n, get_pmu_counter_range(&features.pmu, &s, n) + 1,
			      (unsigned long long)expected, (unsigned long long)seen);
		}
		seen = read_pmccntr_el0();
		check_claim(&g, seen == 0x1234, pmu_count_claim(&cl, &s, CYCLE_COUNTER_ID, CLAIM_PMCR_P, 0x1234, seen),
			    "HPMN=%u: after PMCR_EL0.P=1 at %s, PMCCNTR_EL0 expected 0x1234, seen 0x%llx",
		      hpmns[i], ctx_name(c), (unsigned long long)seen);
	}
	group_end(&g);
}

void test_guest_view(void)
{
	unsigned hpmns[32], nh = 0, h, c;
	struct pmu_state s;
	const char *why;

	if (pmu_owns_el2())
		for (h = features.pmu.hpmn0 ? 0 : 1; h <= features.pmu.num_counters; h++)
			hpmns[nh++] = h;
	else
		hpmns[nh++] = features.pmu.num_counters; /* no MDCR_EL2 to set: every counter in the first range */
	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, false);
		if (why) {
			pmu_skip_at("guest_view.pmcr_p", (enum ctx)c, RULES_PMCR_P, why);
		} else {
			check_pmcr_p((enum ctx)c, hpmns, nh);
		}
		/* bits and counters exist where EL1/EL0 see fewer counters than N */
		pmu_state_init(&s, (enum ctx)c);
		if (!why && !(ctx_el((enum ctx)c) <= 1 && el2_enabled(&features.pmu, &s)))
			continue;
		if (!why && nh < 2)
			why = "no HPMN < PMCR_EL0.N to set";
		if (why) {
			pmu_skip_at("guest_view.bits", (enum ctx)c, RULES_BITS, why);
			pmu_skip_at("guest_view.counters", (enum ctx)c, RULES_COUNTERS, why);
			continue;
		}
		/* HPMN = N leaves nothing to check here: every HPMN below it */
		check_bits((enum ctx)c, hpmns, nh - 1);
		check_counters((enum ctx)c, hpmns, nh - 1);
	}
	pmu_stop();
	write_pmovsclr_el0(pmu_event_counter_mask() | PMU_CNT_C_BIT);
	write_pmintenclr_el1(pmu_event_counter_mask() | PMU_CNT_C_BIT);
	baseline_restore_all();
}
