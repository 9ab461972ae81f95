/*
 * pmcr.c - PMCR_EL0's write-only reset fields and PMMIR_EL1 (../shared/spec/registers/PMCR_EL0.md, D24.5.8;
 * PMMIR_EL1.md, D24.5.19).
 *
 * pmcr.c.<ctx>   PMCR_EL0.C (cycle counter reset): PMCCNTR_EL0 preset with bits above 31 set, PMOVSSET_EL0.C
 *                and every event counter's flag set, the event counters preset; the context writes PMCR_EL0
 *                with C = 1 and reads it back. PMCCNTR_EL0 must then be 0: "the value of PMCR_EL0.LC is
 *                ignored, and bits [63:0] of the cycle counter are reset", checked with LC = 0 (and LC = 1
 *                where LC is writable, FEAT_AA32); the overflow flags unchanged ("does not change the cycle
 *                counter overflow field"); the event counters unchanged; C read back as 0 (WO/RAZ).
 * pmcr.p.<ctx>   PMCR_EL0.P (event counter reset): every event counter preset to its own value (bits above 31
 *                set with FEAT_PMUv3p5), every overflow flag set, PMCCNTR_EL0 preset; the context writes P = 1.
 *                Each event counter must read 0, bits [63:0] ("the values of MDCR_EL2.HLP and PMCR_EL0.LP are
 *                ignored"); PMCCNTR_EL0 and the overflow flags unchanged; P read back as 0 (WO/RAZ). HPMN stays
 *                N (the baseline), so every counter is in the first range, which P always resets
 *                (pmcr_p_resets()); which second-range counters P resets is guest_view.pmcr_p's.
 * pmcr.pmmir     PMMIR_EL1 (FEAT_PMUv3p4), read at the orchestrator: bits [63:29] RES0; EDGE 0b0000, 0b0001
 *                or 0b0010, and 0b0000 when THWIDTH is 0 ("If FEAT_PMUv3_TH is not implemented, the only
 *                permitted value is 0b0000"); THWIDTH at most 0b1100; BUS_WIDTH 0b0000 or 0b0011..0b1100
 *                ("All other values are reserved"). SME, BUS_SLOTS and SLOTS are IMPLEMENTATION DEFINED with
 *                no reserved values: printed, not checked.
 * Counters stay disabled (PMCR_EL0.E = 0, PMCNTENSET_EL0 = 0): the resets are all that changes them.
 * Not checked, so left as gaps in `make coverage`: PMCR_EL0's X field (event export: whether an export bus
 * exists is IMPLEMENTATION DEFINED and nothing architectural observes it) and its D field (the clock divider:
 * its effect is a cycle rate, which an emulator derives from host time).
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "model/pmu_model.h"
#include "pmu_util.h"
#include "runtime/aarch32.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "test/test.h"
#include "tests.h"

#define RULES_C     "D24.5.8 PMCR_EL0.C (reset PMCCNTR_EL0 bits [63:0] whatever LC; overflow flag kept; WO/RAZ)"
#define RULES_P     "D24.5.8 PMCR_EL0.P (reset the affected event counters' bits [63:0] whatever LP/HLP; " \
		    "flags and PMCCNTR_EL0 kept; WO/RAZ)"
#define RULES_PMMIR "D24.5.19 PMMIR_EL1 (RES0 bits, reserved EDGE/THWIDTH/BUS_WIDTH values)"
#define CCNTR_PRESET 0x0000001234567890ULL /* bits above 31 set: a 32-bit reset would leave them */

/* The value counter n is preset to: distinct per counter, bits above 31 set where counters have them. */
static uint64_t counter_preset(unsigned n)
{
	uint64_t v = 0x80000100ULL + n;

	return pmu_counter_bits(&features.pmu, n) == 64 ? v | ((uint64_t)(n + 1) << 40) : v;
}

/* Runs in the context: PMCR_EL0 |= bit (E stays 0), then the value read back. */
static uint64_t at_ctx_pmcr_write(uint64_t bit)
{
	write_pmcr_el0(read_pmcr_el0() | bit);
	isb();
	return read_pmcr_el0();
}

/*
 * Preset the counters and flags, program s (PMCR_EL0.LC, nothing enabled), run the write of `bit` in c and
 * return what the context read back in *pmcr (false, and a failed check, on an exception).
 */
static bool run_reset(struct check_group *g, enum ctx c, const struct pmu_state *s, uint64_t bit, uint64_t *pmcr)
{
	unsigned n;

	pmu_program(s); /* PMCR_EL0.E = 0 in s: nothing counts */
	for (n = 0; n < features.pmu.num_counters; n++)
		write_pmevcntr(n, counter_preset(n));
	write_pmccntr_el0(CCNTR_PRESET);
	write_pmovsset_el0(pmu_event_counter_mask() | PMU_CNT_C_BIT);
	write_pmuserenr_el0(PMUSERENR_EL0_EN_BIT); /* EL0 may write PMCR_EL0 */
	isb();
	test_note(TREG_PMCR_EL0, 0);
	test_note(TREG_PMCR_EL0, bit);
	if (ctx_aarch32(c)) { /* MCR PMCR (PMCR_EL0[31:0], G8.4.9) of the programmed value with the bit, then MRC */
		bool undef;

		if (pmu_ctx_a32_write_read(c, A32_REG_PMCR, (uint32_t)(s->pmcr_el0 | bit), A32_REG_PMCR, pmcr, &undef) ==
		    CTX_OK && !undef)
			return true;
		check(g, false, "unexpected exception at %s writing PMCR%s", ctx_name(c),
		      undef ? " (UNDEFINED at its AArch32 EL1)" : "");
		if (!undef)
			exc_record_print(&exc_unexpected);
		baseline_restore_all();
		return false;
	}
	if (ctx_call(c, at_ctx_pmcr_write, bit, pmcr) != CTX_OK) {
		check(g, false, "unexpected exception at %s writing PMCR_EL0", ctx_name(c));
		exc_record_print(&exc_unexpected);
		baseline_restore_all();
		return false;
	}
	return true;
}

/* The model state for context c: counters off, LC as given, MDCR_EL2 as the baseline (HPMN = N). */
static void reset_state(struct pmu_state *s, enum ctx c, bool lc)
{
	pmu_state_init(s, c);
	s->pmcr_el0 = lc ? PMCR_EL0_LC_BIT : 0;
}

static void check_c(enum ctx c)
{
	struct check_group g;
	struct pmu_state s;
	uint64_t pmcr, ovs, ccnt, v, flags = pmu_event_counter_mask() | PMU_CNT_C_BIT;
	unsigned lc, n;

	if (!group_begin(&g, RULES_C, "pmcr.c.%s", ctx_name(c)))
		return;
	for (lc = 0; lc < (features.pmu.aarch32 ? 2u : 1u); lc++) { /* LC is RES1 without FEAT_AA32 */
		reset_state(&s, c, lc || !features.pmu.aarch32);
		if (!run_reset(&g, c, &s, PMCR_EL0_C_BIT, &pmcr))
			continue;
		ccnt = read_pmccntr_el0();
		ovs = read_pmovsset_el0() & flags;
		check(&g, ccnt == 0, "PMCR_EL0.LC=%u: PMCCNTR_EL0 0x%llx after C = 1 at %s, expected 0 (bits [63:0])",
		      lc, (unsigned long long)ccnt, ctx_name(c));
		check(&g, ovs == flags, "PMCR_EL0.LC=%u: PMOVSSET_EL0 0x%llx after C = 1, expected 0x%llx (unchanged)",
		      lc, (unsigned long long)ovs, (unsigned long long)flags);
		check(&g, !(pmcr & PMCR_EL0_C_BIT), "PMCR_EL0 read back as 0x%llx at %s: C must read as 0 (WO/RAZ)",
		      (unsigned long long)pmcr, ctx_name(c));
		for (n = 0; n < features.pmu.num_counters; n++) {
			v = read_pmevcntr(n);
			check(&g, v == counter_preset(n),
			      "PMEVCNTR%u_EL0 0x%llx after C = 1, expected 0x%llx (unchanged)",
			      n, (unsigned long long)v, (unsigned long long)counter_preset(n));
		}
		baseline_restore_all();
	}
	group_end(&g);
}

static void check_p(enum ctx c)
{
	struct check_group g;
	struct pmu_state s;
	uint64_t pmcr, ovs, ccnt, v, want, flags = pmu_event_counter_mask() | PMU_CNT_C_BIT;
	unsigned n;

	if (!group_begin(&g, RULES_P, "pmcr.p.%s", ctx_name(c)))
		return;
	reset_state(&s, c, !features.pmu.aarch32);
	if (run_reset(&g, c, &s, PMCR_EL0_P_BIT, &pmcr)) {
		for (n = 0; n < features.pmu.num_counters; n++) {
			v = read_pmevcntr(n);
			want = pmcr_p_resets(&features.pmu, &s, n) ? 0 : counter_preset(n);
			check(&g, v == want,
			      "PMEVCNTR%u_EL0 (range %u, HPMN=%u) 0x%llx after P = 1 at %s, expected 0x%llx", n,
			      get_pmu_counter_range(&features.pmu, &s, n) + 1, effective_hpmn(&features.pmu, &s, NULL),
			      (unsigned long long)v, ctx_name(c), (unsigned long long)want);
		}
		ccnt = read_pmccntr_el0();
		ovs = read_pmovsset_el0() & flags;
		check(&g, ccnt == CCNTR_PRESET, "PMCCNTR_EL0 0x%llx after P = 1, expected 0x%llx (unchanged)",
		      (unsigned long long)ccnt, (unsigned long long)CCNTR_PRESET);
		check(&g, ovs == flags, "PMOVSSET_EL0 0x%llx after P = 1, expected 0x%llx (unchanged)",
		      (unsigned long long)ovs, (unsigned long long)flags);
		check(&g, !(pmcr & PMCR_EL0_P_BIT), "PMCR_EL0 read back as 0x%llx at %s: P must read as 0 (WO/RAZ)",
		      (unsigned long long)pmcr, ctx_name(c));
	}
	baseline_restore_all();
	group_end(&g);
}

static void check_pmmir(void)
{
	struct check_group g;
	uint64_t v, edge, thwidth, bus_width;

	if (features.pmu.pmuver < 0x5) {
		tap_skip("pmcr.pmmir", RULES_PMMIR, "FEAT_PMUv3p4 not implemented (ID_AA64DFR0_EL1.PMUVer < 0x5)");
		return;
	}
	if (!group_begin(&g, RULES_PMMIR, "pmcr.pmmir"))
		return;
	v = read_pmmir_el1();
	edge = FIELD_GET(PMMIR_EL1, EDGE, v);
	thwidth = FIELD_GET(PMMIR_EL1, THWIDTH, v);
	bus_width = FIELD_GET(PMMIR_EL1, BUS_WIDTH, v);
	printf("# pmcr.pmmir: PMMIR_EL1 = 0x%llx (SME %u, EDGE %llu, THWIDTH %llu, BUS_WIDTH %llu, BUS_SLOTS %llu, "
	       "SLOTS %llu)\n", (unsigned long long)v, !!(v & PMMIR_EL1_SME_BIT), (unsigned long long)edge,
	       (unsigned long long)thwidth, (unsigned long long)bus_width,
	       (unsigned long long)FIELD_GET(PMMIR_EL1, BUS_SLOTS, v),
	       (unsigned long long)FIELD_GET(PMMIR_EL1, SLOTS, v));
	check(&g, !(v & PMMIR_EL1_RES0_MASK), "PMMIR_EL1 = 0x%llx: bits [63:29] are RES0", (unsigned long long)v);
	check(&g, edge <= 2, "PMMIR_EL1.EDGE = 0x%llx: a reserved value (0b0000..0b0010 are defined)",
	      (unsigned long long)edge);
	check(&g, thwidth || !edge, "PMMIR_EL1.EDGE = 0x%llx with THWIDTH = 0 (no FEAT_PMUv3_TH): only 0b0000 is "
	      "permitted", (unsigned long long)edge);
	check(&g, thwidth <= 0xC, "PMMIR_EL1.THWIDTH = 0x%llx: a reserved value (at most 0b1100)",
	      (unsigned long long)thwidth);
	check(&g, bus_width == 0 || (bus_width >= 3 && bus_width <= 0xC), "PMMIR_EL1.BUS_WIDTH = 0x%llx: a reserved "
	      "value (0b0000, or 0b0011..0b1100)", (unsigned long long)bus_width);
	group_end(&g);
}

void test_pmcr(void)
{
	const char *why;
	unsigned c;

	for (c = 0; c < CTX_COUNT; c++) {
		why = pmu_context_skip_reason((enum ctx)c, false);
		if (why) {
			pmu_skip_at("pmcr.c", (enum ctx)c, RULES_C, why);
			pmu_skip_at("pmcr.p", (enum ctx)c, RULES_P, why);
			continue;
		}
		check_c((enum ctx)c);
		check_p((enum ctx)c);
	}
	check_pmmir();
	baseline_restore_all();
}
