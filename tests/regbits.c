/*
 * regbits.c - every bit of the PMU's counter-indexed registers as each context sees it: the set/clear pairs,
 * PMSWINC_EL0 and PMZR_EL0, one bit at a time, including the bits of counters that do not exist (n >= PMCR_EL0.N)
 * and, at EL1 and EL0 where EL2 is enabled, of the counters EL2 keeps (n >= MDCR_EL2.HPMN, set to N/2 here).
 * Rules: the registers' descriptions (../shared/spec/registers/): "When m >= GetNumEventCountersAccessible(),
 * access to this field is RAZ/WI", bits [63:33] RES0, C (bit 31) and F0 (bit 32, FEAT_PMUv3_ICNTR); the access
 * masks GetPMUReadMask()/GetPMUWriteMask() (J1.3.1.100-101, lib/model/pmu_access.c pmu_access_counter_mask());
 * PMUSwIncrement (J1.3.1.114) for PMSWINC_EL0; PMZR_EL0 (FEAT_PMUv3p9, D24.5.20).
 *
 * regbits.set_clear.<ctx>  PMCNTENSET/CLR_EL0, PMOVSSET/CLR_EL0 and PMINTENSET/CLR_EL1, where the access model
 *                          allows the context all four accesses of the pair. From a pattern the orchestrator sets
 *                          (every bit outside the context's mask set, so RAZ and WI are both visible), the
 *                          context writes each of the 64 bits alone through SET, reads both views, writes it
 *                          through CLR and reads both views again. Each read must be the state the writes so far
 *                          give, masked to the bits the context may read: a write changes only the bit written,
 *                          and only where the mask has it. The orchestrator then reads the whole register: the
 *                          bits outside the mask must hold the pattern.
 * regbits.pmswinc.<ctx>    PMSWINC_EL0 written one bit at a time (all 64), every counter counting SW_INCR
 *                          everywhere: event counter n counts 1 exactly where PMUSwIncrement reaches it and
 *                          CountPMUEvents() counts; bit 31 and bits >= N reach nothing.
 * regbits.pmzr.<ctx>       FEAT_PMUv3p9 PMZR_EL0 written one bit at a time, every counter preset to a distinct
 *                          value with counting off: only the counter written is zeroed, and only where
 *                          GetPMUWriteMask() has it.
 * regbits.fields.<ctx>     The control registers the context may read and write (PMCR_EL0, PMSELR_EL0,
 *                          PMEVTYPER0_EL0, PMCCFILTR_EL0, PMICFILTR_EL0, PMUSERENR_EL0, PMECR_EL1, PMUACR_EL1,
 *                          MDCR_EL2 at EL2, MDCR_EL3 at EL3), field by field as lib/model/pmu_fields.c resolves
 *                          them for this PE: the context reads the register, writes it with every RES0, RES1
 *                          and RAZ bit 1 and every read-only field inverted, reads it, writes it with those bits
 *                          0 (read-only fields still inverted), reads it, and writes back what it read. A RES0
 *                          field must read 0 after the 0s and 0 or the value written after the 1s (hardwired
 *                          or stateful, the Arm ARM's two implementations of RES0; RES1 the same with 1s); a RAZ
 *                          field 0, a write-only one 0; a read-only field and every read/write field (left as
 *                          they were) must keep their value. Fields of other architecture areas in MDCR_EL2/EL3,
 *                          and IMPLEMENTATION DEFINED ones (PMCR_EL0.X, PMEVTYPER<n>_EL0.MT), are left alone.
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "model/pmu_access.h"
#include "model/pmu_fields.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "test/test.h"
#include "tests.h"

#define RULES_SET_CLEAR "PMCNTENSET/CLR_EL0, PMOVSSET/CLR_EL0, PMINTENSET/CLR_EL1 (D24.5): each bit alone, both " \
			"views; m >= GetNumEventCountersAccessible() RAZ/WI, GetPMUReadMask/GetPMUWriteMask"
#define RULES_PMSWINC "PMSWINC_EL0 (D24.5.17), PMUSwIncrement: each bit alone reaches its own counter only"
#define RULES_PMZR "PMZR_EL0 (FEAT_PMUv3p9, D24.5.20): each bit alone zeroes its own counter only, GetPMUWriteMask"
#define RULES_FIELDS "D24.5, D24.3.17-18 register descriptions: RES0/RES1 (hardwired or stateful), RAZ, WO/RAZ and " \
		     "read-only fields; the other fields unchanged"

/* The pairs, in the order of pair_regs[]. */
enum pair { PAIR_PMCNTEN, PAIR_PMOVS, PAIR_PMINTEN, PAIR_COUNT };
static const enum pmu_reg pair_regs[PAIR_COUNT][2] = {
	{ PMREG_PMCNTENSET_EL0, PMREG_PMCNTENCLR_EL0 },
	{ PMREG_PMOVSSET_EL0, PMREG_PMOVSCLR_EL0 },
	{ PMREG_PMINTENSET_EL1, PMREG_PMINTENCLR_EL1 },
};

/* What the context saw: after writing bit b through SET, reads of SET and CLR; after CLR, the same. */
static struct {
	enum pair pair;
	uint64_t seen[64][4];
} sc;

static uint64_t pair_read(enum pair p, bool clr)
{
	switch (p) {
	case PAIR_PMCNTEN: return clr ? read_pmcntenclr_el0() : read_pmcntenset_el0();
	case PAIR_PMOVS: return clr ? read_pmovsclr_el0() : read_pmovsset_el0();
	default: return clr ? read_pmintenclr_el1() : read_pmintenset_el1();
	}
}

static void pair_write(enum pair p, bool clr, uint64_t v)
{
	switch (p) {
	case PAIR_PMCNTEN: clr ? write_pmcntenclr_el0(v) : write_pmcntenset_el0(v); break;
	case PAIR_PMOVS: clr ? write_pmovsclr_el0(v) : write_pmovsset_el0(v); break;
	default: clr ? write_pmintenclr_el1(v) : write_pmintenset_el1(v); break;
	}
	isb();
}

/* Runs in the context: each bit through SET then CLR, both views read after each write. */
static uint64_t at_ctx_set_clear(uint64_t unused)
{
	unsigned b;

	(void)unused;
	for (b = 0; b < 64; b++) {
		pair_write(sc.pair, false, BIT64(b));
		sc.seen[b][0] = pair_read(sc.pair, false);
		sc.seen[b][1] = pair_read(sc.pair, true);
		pair_write(sc.pair, true, BIT64(b));
		sc.seen[b][2] = pair_read(sc.pair, false);
		sc.seen[b][3] = pair_read(sc.pair, true);
	}
	return 0;
}

/* Runs in the context: PMSWINC_EL0 = bit b alone, for each b. */
static uint64_t at_ctx_pmswinc_bits(uint64_t unused)
{
	unsigned b;

	(void)unused;
	for (b = 0; b < 64; b++)
		write_pmswinc_el0(BIT64(b));
	isb();
	return 0;
}

/* Runs in the context: PMZR_EL0 = bit. */
static uint64_t at_ctx_pmzr(uint64_t bit)
{
	write_pmzr_el0(bit);
	isb();
	return 0;
}

/*
 * An access of reg at s as the baseline leaves the controls (runtime/baseline.h: PMUSERENR_EL0 = EN|SW|CR|ER,
 * no fine-grained trap, PMUACR_EL1 = 0, HDFGxTR2_EL2's PMU bits permitting where pmucheck owns EL2).
 */
static struct pmu_access baseline_access(enum pmu_reg reg, bool write)
{
	bool fgt2 = features.fgt2 && pmu_owns_el2();

	return (struct pmu_access){ .reg = reg, .write = write,
				    .pmuserenr_el0 = PMUSERENR_EL0_EN_BIT | PMUSERENR_EL0_SW_BIT | PMUSERENR_EL0_CR_BIT |
						     PMUSERENR_EL0_ER_BIT,
				    .hdfgrtr2_el2 = fgt2 ? hdfgxtr2_el2_pmu_bits(false) : 0,
				    .hdfgwtr2_el2 = fgt2 ? hdfgxtr2_el2_pmu_bits(true) : 0 };
}

/* Whether the model allows reg's read (write) at s. */
static bool allowed(const struct pmu_access_features *af, const struct pmu_state *s, enum pmu_reg reg, bool write)
{
	struct pmu_access a = baseline_access(reg, write);

	return pmu_access_check(&features.pmu, af, s, &a) == PMU_ACCESS_OK;
}

/* GetPMUReadMask() (write: GetPMUWriteMask()) of reg at s. */
static uint64_t access_mask(const struct pmu_access_features *af, const struct pmu_state *s, enum pmu_reg reg,
			    bool write)
{
	struct pmu_access a = baseline_access(reg, write);

	return pmu_access_counter_mask(&features.pmu, af, s, &a);
}

/* The state for context c: the baseline, and MDCR_EL2.HPMN = N/2 where EL2 is enabled at EL1/EL0. */
static void regbits_state(struct pmu_state *s, enum ctx c)
{
	unsigned hpmn = features.pmu.num_counters / 2;

	pmu_state_init(s, c);
	if (pmu_owns_el2() && ctx_el(c) <= 1 && el2_enabled(&features.pmu, s) && (hpmn || features.pmu.hpmn0))
		s->mdcr_el2 = (s->mdcr_el2 & ~MDCR_EL2_HPMN_MASK) | FIELD_PREP(MDCR_EL2, HPMN, hpmn);
}

/* A call that ended in an unexpected exception: one failed check with the record. */
static bool call_ok(struct check_group *g, enum ctx c, int status, const char *what)
{
	if (status == CTX_OK)
		return true;
	check(g, false, "%s at %s: unexpected exception", what, ctx_name(c));
	exc_record_print(&exc_unexpected);
	baseline_restore_all();
	return false;
}

/* The claim of a set/clear register's view (test.h struct claim); returns c. */
static const struct claim *view_claim(struct claim *c, const struct pmu_state *s, enum pmu_reg reg, unsigned ctl,
				      uint64_t expected, uint64_t seen)
{
	*c = (struct claim){ pmu_reg_name(reg), -1,
			     el2_enabled(&features.pmu, s) && s->el <= 1 ? (int)FIELD_GET(MDCR_EL2, HPMN, s->mdcr_el2) : -1,
			     ctl, expected, seen };
	return c;
}

/* One pair at context c (regbits.set_clear). */
static void check_pair(struct check_group *g, enum ctx c, const struct pmu_state *s,
		       const struct pmu_access_features *af, enum pair p)
{
	static const char *const op[4] = { "SET then SET read", "SET then CLR read", "CLR then SET read",
					   "CLR then CLR read" };
	enum pmu_reg set = pair_regs[p][0], clr = pair_regs[p][1];
	uint64_t all = pmu_all_counter_mask(), rmask = access_mask(af, s, set, false), wmask, pattern, state, want;
	uint64_t ret, whole;
	struct claim cl;
	unsigned b, k;

	wmask = access_mask(af, s, set, true) & access_mask(af, s, clr, true);
	/* the orchestrator's pattern: every implemented bit outside the write mask, and every other inside it */
	pattern = (all & ~wmask) | (all & wmask & 0x5555555555555555ULL);
	pmu_program(s);
	pair_write(p, true, ~0ULL);
	pair_write(p, false, pattern);
	sc.pair = p;
	test_note(p == PAIR_PMCNTEN ? TREG_PMCNTENSET_EL0 : p == PAIR_PMOVS ? TREG_PMOVSSET_EL0 : TREG_PMINTENSET_EL1, 0);
	test_note(p == PAIR_PMCNTEN ? TREG_PMCNTENSET_EL0 : p == PAIR_PMOVS ? TREG_PMOVSSET_EL0 : TREG_PMINTENSET_EL1, ~0ULL);
	if (!call_ok(g, c, ctx_call(c, at_ctx_set_clear, 0, &ret), pmu_reg_name(set)))
		return;
	whole = pair_read(p, false);
	pair_write(p, true, ~0ULL);
	state = pattern;
	for (b = 0; b < 64; b++)
		for (k = 0; k < 4; k++) {
			if (k == 0 && (wmask & BIT64(b)))
				state |= BIT64(b);
			if (k == 2 && (wmask & BIT64(b)))
				state &= ~BIT64(b);
			want = state & rmask;
			check_claim_that(g, sc.seen[b][k] == want, view_claim(&cl, s, k & 1 ? clr : set,
					 k < 2 ? CLAIM_WRITE : 0, want, sc.seen[b][k]),
					 "bit %u, %s at %s: %s 0x%llx, expected 0x%llx (read mask 0x%llx, write mask 0x%llx)", b,
					 op[k], ctx_name(c), pmu_reg_name(k & 1 ? clr : set),
					 (unsigned long long)sc.seen[b][k], (unsigned long long)want, (unsigned long long)rmask,
					 (unsigned long long)wmask);
		}
	/* what the context could not write keeps the pattern: the bits it wrote are clear again */
	want = pattern & ~wmask;
	check_claim_that(g, (whole & all) == want, view_claim(&cl, s, set, CLAIM_WRITE, want, whole & all),
			 "after the writes at %s, %s read at the orchestrator 0x%llx, expected 0x%llx (the pattern 0x%llx "
			 "outside the write mask 0x%llx)", ctx_name(c), pmu_reg_name(set), (unsigned long long)(whole & all),
			 (unsigned long long)want, (unsigned long long)pattern, (unsigned long long)wmask);
	check_that(g, !(whole & ~all), "%s read at the orchestrator 0x%llx: bits of no implemented counter set",
		   pmu_reg_name(set), (unsigned long long)whole);
}

static void check_set_clear(enum ctx c, const struct pmu_access_features *af)
{
	struct check_group g;
	struct pmu_state s;
	unsigned p;

	if (!group_begin(&g, RULES_SET_CLEAR, "regbits.set_clear.%s", ctx_name(c)))
		return;
	regbits_state(&s, c);
	for (p = 0; p < PAIR_COUNT; p++)
		if (allowed(af, &s, pair_regs[p][0], false) && allowed(af, &s, pair_regs[p][0], true) &&
		    allowed(af, &s, pair_regs[p][1], false) && allowed(af, &s, pair_regs[p][1], true))
			check_pair(&g, c, &s, af, (enum pair)p);
	pmu_stop();
	write_pmovsclr_el0(~0ULL);
	write_pmintenclr_el1(~0ULL);
	baseline_restore_all();
	group_end(&g);
}

static void check_pmswinc(enum ctx c, const struct pmu_access_features *af)
{
	struct check_group g;
	struct pmu_state s;
	struct claim cl;
	uint64_t ret, seen, want;
	unsigned n;

	regbits_state(&s, c);
	if (!allowed(af, &s, PMREG_PMSWINC_EL0, true)) {
		pmu_skip_at("regbits.pmswinc", c, RULES_PMSWINC, "the baseline's controls do not allow PMSWINC_EL0 here "
			    "(access model)");
		return;
	}
	if (!group_begin(&g, RULES_PMSWINC, "regbits.pmswinc.%s", ctx_name(c)))
		return;
	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.mdcr_el2 |= features.el2 ? MDCR_EL2_HPME_BIT : 0;
	s.pmcntenset_el0 = pmu_event_counter_mask();
	for (n = 0; n < features.pmu.num_counters; n++)
		s.pmevtyper[n] = PMU_FILTER_ALL | PMU_EVENT_SW_INCR;
	pmu_program(&s);
	test_note(TREG_PMSWINC_EL0, 0);
	test_note(TREG_PMSWINC_EL0, ~0ULL); /* each bit alone */
	if (call_ok(&g, c, ctx_call(c, at_ctx_pmswinc_bits, 0, &ret), "PMSWINC_EL0")) {
		pmu_stop();
		for (n = 0; n < features.pmu.num_counters; n++) {
			want = count_pmu_events(&features.pmu, &s, n) && pmu_sw_increment_reaches(&features.pmu, &s, n);
			seen = read_pmevcntr(n);
			check_claim_that(&g, seen == want, pmu_count_claim(&cl, &s, n, 0, want, seen),
					 "PMSWINC_EL0 written with each of bits [63:0] alone at %s: PMEVCNTR%u_EL0 "
					 "(SW_INCR) %llu, expected %llu (HPMN %d: a counter counts its own bit's write only)",
					 ctx_name(c), n, (unsigned long long)seen, (unsigned long long)want, cl.hpmn);
		}
	}
	pmu_stop();
	baseline_restore_all();
	group_end(&g);
}

/* The preset of counter i (bit i of PMZR_EL0: 0..30 the event counters, 31 PMCCNTR_EL0, 32 PMICNTR_EL0). */
static uint64_t pmzr_preset(unsigned i)
{
	return 0x1000u + i;
}

static uint64_t counter_read(unsigned i)
{
	return i == CYCLE_COUNTER_ID ? read_pmccntr_el0() : i == 32 ? read_pmicntr_el0() : read_pmevcntr(i);
}

static void check_pmzr(enum ctx c, const struct pmu_access_features *af)
{
	uint64_t all = pmu_all_counter_mask(), wmask, ret, seen, want;
	struct check_group g;
	struct pmu_state s;
	struct claim cl;
	unsigned b, i;

	regbits_state(&s, c);
	/* FEAT_FGT2: SCR_EL3.FGTEn2 == 0 would trap PMZR_EL0 at EL1/EL0 with EL2 enabled (like a 0 in
	 * HDFGWTR2_EL2.nPMZR_EL0, which the EL2 baseline sets to 1) */
	if (orchestrator_el == 3 && features.fgt2) {
		el3_set_test_controls(SCR_EL3_FGTEn2_BIT);
		s.scr_el3 |= SCR_EL3_FGTEn2_BIT;
	}
	if (!allowed(af, &s, PMREG_PMZR_EL0, true)) {
		pmu_skip_at("regbits.pmzr", c, RULES_PMZR, "the baseline's controls do not allow PMZR_EL0 here (access "
			    "model)");
		baseline_restore_all();
		return;
	}
	if (!group_begin(&g, RULES_PMZR, "regbits.pmzr.%s", ctx_name(c)))
		return;
	wmask = access_mask(af, &s, PMREG_PMZR_EL0, true);
	pmu_program(&s);
	for (b = 0; b < 64; b++) {
		for (i = 0; i < 33; i++)
			if (all & BIT64(i)) {
				if (i == CYCLE_COUNTER_ID)
					write_pmccntr_el0(pmzr_preset(i));
				else if (i == 32)
					write_pmicntr_el0(pmzr_preset(i));
				else
					write_pmevcntr(i, pmzr_preset(i));
			}
		isb();
		test_note(TREG_PMZR_EL0, BIT64(b));
		if (!call_ok(&g, c, ctx_call(c, at_ctx_pmzr, BIT64(b), &ret), "PMZR_EL0"))
			break;
		for (i = 0; i < 33; i++) {
			if (!(all & BIT64(i)))
				continue;
			want = i == b && (wmask & BIT64(i)) ? 0 : pmzr_preset(i);
			seen = counter_read(i);
			check_claim_that(&g, seen == want, view_claim(&cl, &s, PMREG_PMZR_EL0, CLAIM_WRITE, want, seen),
					 "PMZR_EL0 = bit %u alone at %s: counter %u (%s) 0x%llx, expected 0x%llx (write "
					 "mask 0x%llx)", b, ctx_name(c), i, i == CYCLE_COUNTER_ID ? "PMCCNTR_EL0" : i == 32 ?
					 "PMICNTR_EL0" : "PMEVCNTR<n>_EL0", (unsigned long long)seen,
					 (unsigned long long)want, (unsigned long long)wmask);
		}
	}
	pmu_stop();
	baseline_restore_all();
	group_end(&g);
}

/* What the context did to one register (regbits.fields): the value it read, and after each write. */
static struct {
	enum pmu_field_reg reg;
	uint64_t toggle, ro; /* bits written 1 then 0; bits written inverted both times */
	uint64_t cur, r1, r0;
	bool taken;
	struct exc_record exc;
} fx;

static uint64_t field_reg_read(enum pmu_field_reg r)
{
	switch (r) {
	case PMFR_PMCR_EL0: return read_pmcr_el0();
	case PMFR_PMSELR_EL0: return read_pmselr_el0();
	case PMFR_PMEVTYPER0_EL0: return read_pmevtyper0_el0();
	case PMFR_PMCCFILTR_EL0: return read_pmccfiltr_el0();
	case PMFR_PMICFILTR_EL0: return read_pmicfiltr_el0();
	case PMFR_PMUSERENR_EL0: return read_pmuserenr_el0();
	case PMFR_PMECR_EL1: return read_pmecr_el1();
	case PMFR_PMUACR_EL1: return read_pmuacr_el1();
	case PMFR_MDCR_EL2: return read_mdcr_el2();
	default: return read_mdcr_el3();
	}
}

static void field_reg_write(enum pmu_field_reg r, uint64_t v)
{
	switch (r) {
	case PMFR_PMCR_EL0: write_pmcr_el0(v); break;
	case PMFR_PMSELR_EL0: write_pmselr_el0(v); break;
	case PMFR_PMEVTYPER0_EL0: write_pmevtyper0_el0(v); break;
	case PMFR_PMCCFILTR_EL0: write_pmccfiltr_el0(v); break;
	case PMFR_PMICFILTR_EL0: write_pmicfiltr_el0(v); break;
	case PMFR_PMUSERENR_EL0: write_pmuserenr_el0(v); break;
	case PMFR_PMECR_EL1: write_pmecr_el1(v); break;
	case PMFR_PMUACR_EL1: write_pmuacr_el1(v); break;
	case PMFR_MDCR_EL2: write_mdcr_el2(v); break;
	default: write_mdcr_el3(v); break;
	}
	isb();
}

/* Runs in the context: read, write with fx.toggle 1s, read, write with them 0s, read, write back. */
static uint64_t at_ctx_fields(uint64_t unused)
{
	uint64_t keep;

	(void)unused;
	exc_expect_begin(&fx.exc);
	fx.cur = field_reg_read(fx.reg);
	keep = fx.cur & ~(fx.toggle | fx.ro);
	field_reg_write(fx.reg, keep | fx.toggle | (~fx.cur & fx.ro));
	fx.r1 = field_reg_read(fx.reg);
	field_reg_write(fx.reg, keep | (~fx.cur & fx.ro));
	fx.r0 = field_reg_read(fx.reg);
	field_reg_write(fx.reg, fx.cur);
	fx.taken = exc_expect_end();
	return 0;
}

/* The register test_note() names for a field register. */
static enum test_reg field_treg(enum pmu_field_reg r)
{
	static const enum test_reg t[PMFR_COUNT] = {
		[PMFR_PMCR_EL0] = TREG_PMCR_EL0, [PMFR_PMSELR_EL0] = TREG_PMSELR_EL0,
		[PMFR_PMEVTYPER0_EL0] = TREG_PMEVTYPERn_EL0, [PMFR_PMCCFILTR_EL0] = TREG_PMCCFILTR_EL0,
		[PMFR_PMICFILTR_EL0] = TREG_PMICFILTR_EL0, [PMFR_PMUSERENR_EL0] = TREG_PMUSERENR_EL0,
		[PMFR_PMECR_EL1] = TREG_PMECR_EL1, [PMFR_PMUACR_EL1] = TREG_PMUACR_EL1,
		[PMFR_MDCR_EL2] = TREG_MDCR_EL2, [PMFR_MDCR_EL3] = TREG_MDCR_EL3,
	};

	return r < PMFR_COUNT ? t[r] : TREG_COUNT;
}

/* The register of enum pmu_reg that a field register is, for the access model (PMREG_COUNT: none). */
static enum pmu_reg field_access_reg(enum pmu_field_reg r)
{
	switch (r) {
	case PMFR_PMCR_EL0: return PMREG_PMCR_EL0;
	case PMFR_PMSELR_EL0: return PMREG_PMSELR_EL0;
	case PMFR_PMEVTYPER0_EL0: return PMREG_PMEVTYPER_EL0;
	case PMFR_PMCCFILTR_EL0: return PMREG_PMCCFILTR_EL0;
	case PMFR_PMICFILTR_EL0: return PMREG_PMICFILTR_EL0;
	case PMFR_PMUSERENR_EL0: return PMREG_PMUSERENR_EL0;
	case PMFR_PMUACR_EL1: return PMREG_PMUACR_EL1;
	default: return PMREG_COUNT;
	}
}

/*
 * Whether context c (state s) may read and write register r: the access model for the PMU's registers;
 * MDCR_EL2 at EL2 and MDCR_EL3 at EL3; PMECR_EL1 at EL1 and above where nothing traps it ("Accessing
 * PMECR_EL1": MDCR_EL3.EnPM2, which s sets, and at EL1 with EL2 enabled HDFGRTR2/HDFGWTR2_EL2.nPMECR_EL1 and
 * SCR_EL3.FGTEn2, which the EL2 baseline and s set where pmucheck owns EL2 and EL3).
 */
static bool field_reg_accessible(const struct pmu_access_features *af, const struct pmu_state *s,
				 enum pmu_field_reg r)
{
	enum pmu_reg reg = field_access_reg(r);

	if (reg != PMREG_COUNT)
		return allowed(af, s, reg, false) && allowed(af, s, reg, true);
	switch (r) {
	case PMFR_MDCR_EL2: return s->el == 2;
	case PMFR_MDCR_EL3: return s->el == 3;
	default: /* PMFR_PMECR_EL1 */
		if (s->el == 0 || (s->el < 3 && features.el3 && !(s->mdcr_el3 & MDCR_EL3_EnPM2_BIT)))
			return false;
		return s->el != 1 || !el2_enabled(&features.pmu, s) || !features.fgt2 ||
		       (pmu_owns_el2() && (!features.el3 || (s->scr_el3 & SCR_EL3_FGTEn2_BIT)));
	}
}

/* The field features of this PE (pmu_fields.h). */
static struct pmu_field_features field_features(void)
{
	uint64_t dfr0 = features.id_aa64dfr0_el1;

	return (struct pmu_field_features){
		.pmu = &features.pmu,
		.th = FIELD_GET(PMMIR_EL1, THWIDTH, features.pmmir_el1) != 0,
		.edge = FIELD_GET(PMMIR_EL1, EDGE, features.pmmir_el1) != 0,
		.mtpmu = ((dfr0 >> 48) & 0xf) == 1,               /* ID_AA64DFR0_EL1.MTPMU, bits [51:48] */
		.spev1p2 = features.pmsver >= 3 && features.pmsver != 0xf,
		.rme = ((features.id_aa64pfr0_el1 >> 52) & 0xf) != 0, /* ID_AA64PFR0_EL1.RME, bits [55:52] */
		.imp_nonzero = FIELD_GET(PMCR_EL0, IMP, features.pmcr_el0) != 0,
	};
}

static const char *const kind_names[] = { "RW", "RES0", "RES1", "RO", "RAZ", "WO/RAZ", "other" };

/* One register at context c (regbits.fields): the call, then each field's claim. */
static void check_field_reg(struct check_group *g, enum ctx c, const struct pmu_state *s,
			    const struct pmu_field_features *ff, enum pmu_field_reg r)
{
	struct pmu_field f[48];
	unsigned nf = pmu_register_fields(r, ff, f, 48), i, accessible = get_num_event_counters_accessible(&features.pmu, s);
	uint64_t ret, m, v1, v0, cur;
	bool ok;

	fx.reg = r;
	fx.toggle = fx.ro = 0;
	for (i = 0; i < nf; i++) {
		/* PMUACR_EL1.P<m> for m >= GetNumEventCountersAccessible(): RAZ/WI (at EL1/EL0 under HPMN too) */
		if (r == PMFR_PMUACR_EL1 && f[i].kind == PMU_FIELD_RW && f[i].lsb == 0 && accessible < f[i].msb + 1) {
			f[i].kind = PMU_FIELD_RAZ;
			if (accessible > 0 && nf < 48) {
				f[nf] = (struct pmu_field){ "P<m>", accessible - 1, 0, PMU_FIELD_RW };
				f[i].lsb = accessible;
				nf++;
			}
		}
		if (f[i].kind == PMU_FIELD_RES0 || f[i].kind == PMU_FIELD_RES1 || f[i].kind == PMU_FIELD_RAZ)
			fx.toggle |= pmu_field_mask(&f[i]);
		else if (f[i].kind == PMU_FIELD_RO)
			fx.ro |= pmu_field_mask(&f[i]);
	}
	if (!call_ok(g, c, ctx_call(c, at_ctx_fields, 0, &ret), pmu_field_reg_name(r)))
		return;
	if (field_treg(r) != TREG_COUNT) { /* the bits written both ways: the checked fields' values varied */
		test_note(field_treg(r), 0);
		test_note(field_treg(r), fx.toggle | fx.ro);
	}
	if (!check(g, !fx.taken, "%s read and written at %s: took an exception (ESR 0x%llx, EL%u), which the access rules "
		   "do not give", pmu_field_reg_name(r), ctx_name(c), (unsigned long long)fx.exc.esr, fx.exc.el))
		return;
	for (i = 0; i < nf; i++) {
		if (f[i].kind == PMU_FIELD_OTHER)
			continue;
		m = pmu_field_mask(&f[i]);
		cur = fx.cur & m;
		v1 = fx.r1 & m;
		v0 = fx.r0 & m;
		switch (f[i].kind) {
		case PMU_FIELD_RES0: ok = v0 == 0 && (v1 == 0 || v1 == m); break;
		case PMU_FIELD_RES1: ok = v1 == m && (v0 == m || v0 == 0); break;
		case PMU_FIELD_RAZ: ok = cur == 0 && v1 == 0 && v0 == 0; break;
		case PMU_FIELD_WO: ok = cur == 0 && v1 == 0 && v0 == 0; break;
		default: ok = v1 == cur && v0 == cur; break; /* RW (left as read) and RO (written inverted) */
		}
		check_claim_that(g, ok, (&(struct claim){ pmu_field_reg_name(r), -1, -1, CLAIM_WRITE, cur, v1 | v0 << 1 }),
				 "%s.%s [%u:%u] (%s) at %s: read 0x%llx; written with %s reads 0x%llx; written with %s reads "
				 "0x%llx", pmu_field_reg_name(r), f[i].name, f[i].msb, f[i].lsb, kind_names[f[i].kind],
				 ctx_name(c), (unsigned long long)(cur >> f[i].lsb),
				 f[i].kind == PMU_FIELD_RO ? "it inverted" : m & fx.toggle ? "1s" : "its value",
				 (unsigned long long)(v1 >> f[i].lsb),
				 f[i].kind == PMU_FIELD_RO ? "it inverted" : m & fx.toggle ? "0s" : "its value",
				 (unsigned long long)(v0 >> f[i].lsb));
	}
}

static void check_fields(enum ctx c, const struct pmu_access_features *af)
{
	struct pmu_field_features ff = field_features();
	struct check_group g;
	struct pmu_state s;
	unsigned r;

	if (!group_begin(&g, RULES_FIELDS, "regbits.fields.%s", ctx_name(c)))
		return;
	regbits_state(&s, c);
	/* MDCR_EL3.EnPM2 and SCR_EL3.FGTEn2 where pmucheck owns EL3: PMECR_EL1 and PMUACR_EL1 reachable below it */
	if (orchestrator_el == 3) {
		s.mdcr_el3 |= MDCR_EL3_EnPM2_BIT;
		if (features.fgt2) {
			el3_set_test_controls(SCR_EL3_FGTEn2_BIT);
			s.scr_el3 |= SCR_EL3_FGTEn2_BIT;
		}
	}
	pmu_program(&s);
	for (r = 0; r < PMFR_COUNT; r++)
		if (pmu_field_reg_present((enum pmu_field_reg)r, &ff) &&
		    field_reg_accessible(af, &s, (enum pmu_field_reg)r))
			check_field_reg(&g, c, &s, &ff, (enum pmu_field_reg)r);
	pmu_stop();
	baseline_restore_all();
	group_end(&g);
}

void test_regbits(void)
{
	struct pmu_access_features af = pmu_access_features_of_pe();
	const char *why;
	unsigned c;

	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason_a64((enum ctx)c, false, "the AArch64 register views; the AArch32 views' accesses are "
						 "checked by access (access.<register>.<ctx>_a32)");
		if (why) {
			pmu_skip_at("regbits.set_clear", (enum ctx)c, RULES_SET_CLEAR, why);
			pmu_skip_at("regbits.pmswinc", (enum ctx)c, RULES_PMSWINC, why);
			pmu_skip_at("regbits.pmzr", (enum ctx)c, RULES_PMZR, why);
			pmu_skip_at("regbits.fields", (enum ctx)c, RULES_FIELDS, why);
			continue;
		}
		check_fields((enum ctx)c, &af);
		check_set_clear((enum ctx)c, &af);
		if (pmu_event_implemented(PMU_EVENT_SW_INCR))
			check_pmswinc((enum ctx)c, &af);
		else
			pmu_skip_at("regbits.pmswinc", (enum ctx)c, RULES_PMSWINC, "SW_INCR not in PMCEID0_EL0 (bit 0 == 0)");
		if (af.pmuv3p9)
			check_pmzr((enum ctx)c, &af);
		else
			pmu_skip_at("regbits.pmzr", (enum ctx)c, RULES_PMZR, "FEAT_PMUv3p9 not implemented "
				    "(ID_AA64DFR0_EL1.PMUVer < 0x9)");
	}
}
