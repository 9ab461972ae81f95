/*
 * test_icntr.c - the instruction counter (FEAT_PMUv3_ICNTR) in the model: IncrementInstructionCounter and D13.3
 * RFBGFH (the overflow flag F0, 64-bit overflow whatever PMCR_EL0.LP), D13.5.1.3 IWMNXT (PMCR_EL0.E, not
 * MDCR_EL2.HPME, whatever HPMN), D13.5.4 RCSRMB (prohibition), D13.5.2.1 RMZPBW (freeze on overflow) and the
 * overflow interrupt request (D13.3.1: "The instruction counter, when the values of PMCR.E, PMOVSSET_EL0.F0,
 * and PMINTENSET_EL1.F0, are all 1"). Expected values are the rules' sentences turned into code.
 */
#include "host_test.h"

#define ICNTR INSTRUCTION_COUNTER_ID
#define N_COUNTERS 6

/* An Armv9 PE of the shape QEMU -cpu max has, with FEAT_PMUv3p7 (freeze, MPMX) and FEAT_PMUv3_ICNTR. */
static struct pmu_features icntr_machine(void)
{
	struct pmu_features f = machine(N_COUNTERS);

	f.pmuver = PMUVer_V3P7;
	f.pmicntr = true;
	f.hpmn0 = true;
	return f;
}

/* A state at c where the instruction counter counts: PMCR_EL0.E = 1, PMCNTENSET_EL0.F0 = 1, HPMN = hpmn. */
static struct pmu_state icntr_state(const struct pmu_features *f, enum ctx c, unsigned hpmn)
{
	struct pmu_state s = open_state(f, c, hpmn);

	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.pmcntenset_el0 = PMU_CNT_F0_BIT;
	return s;
}

/* RFBGFH, IncrementInstructionCounter: 64-bit wrap sets F0; 2^32 does not, whatever PMCR_EL0.LP. */
static void test_increment(void)
{
	static const struct {
		uint64_t old, inc, lp;
		uint64_t want_value;
		bool want_f0;
	} cases[] = {
		{ 0ULL - 16, 16, 0, 0, true },                 /* exactly to 2^64: wraps to 0 */
		{ 0ULL - 16, 15, 0, 0ULL - 1, false },         /* stops at 2^64 - 1 */
		{ 0ULL - 1, 2, PMCR_EL0_LP_BIT, 1, true },
		{ 0x100000000ULL - 16, 32, 0, 0x100000010ULL, false }, /* crossing 2^32 with LP = 0: the Effective LP is 1 */
		{ 0xffffffffULL, 1, PMCR_EL0_LP_BIT, 0x100000000ULL, false },
		{ 5, 0, 0, 5, false },
		{ 0x8000000000000000ULL, 0x8000000000000000ULL, 0, 0, true },
	};
	struct pmu_features f = icntr_machine();
	struct pmu_state s;
	uint64_t v, ovs;
	unsigned i;
	bool counted;

	tc_begin("D13.3 RFBGFH IncrementInstructionCounter: F0 on a carry out of PMICNTR_EL0[63], not at 2^32");
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		s = icntr_state(&f, CTX_NS_EL1, 3);
		s.pmcr_el0 |= cases[i].lp;
		v = cases[i].old;
		ovs = PMU_CNT_C_BIT | BIT64(1); /* other flags are kept */
		counted = increment_instruction_counter(&f, &s, &v, &ovs, cases[i].inc);
		tc_check(counted, 1, "case %u: counted", i);
		tc_check(v, cases[i].want_value, "case %u: PMICNTR_EL0 0x%llx + %llu", i,
			 (unsigned long long)cases[i].old, (unsigned long long)cases[i].inc);
		tc_check(ovs, PMU_CNT_C_BIT | BIT64(1) | (cases[i].want_f0 ? PMU_CNT_F0_BIT : 0),
			 "case %u: PMOVSSET_EL0 after 0x%llx + %llu", i, (unsigned long long)cases[i].old,
			 (unsigned long long)cases[i].inc);
	}
	/* not counting (PMCNTENSET_EL0.F0 = 0), or no FEAT_PMUv3_ICNTR: nothing changes */
	s = icntr_state(&f, CTX_NS_EL1, 3);
	s.pmcntenset_el0 = 0;
	v = 0ULL - 1;
	ovs = 0;
	tc_check(increment_instruction_counter(&f, &s, &v, &ovs, 4), 0, "PMCNTENSET_EL0.F0=0: counted");
	tc_check(v, 0ULL - 1, "PMCNTENSET_EL0.F0=0: PMICNTR_EL0");
	tc_check(ovs, 0, "PMCNTENSET_EL0.F0=0: PMOVSSET_EL0");
	f.pmicntr = false;
	s = icntr_state(&f, CTX_NS_EL1, 3);
	tc_check(increment_instruction_counter(&f, &s, &v, &ovs, 4), 0, "no FEAT_PMUv3_ICNTR: counted");
	tc_end();
}

/*
 * IWMNXT: the global enable is PMCR.E and the counter enable PMCNTENSET_EL0.F0; MDCR_EL2.HPME plays no part, and
 * HPMN does not move the counter out of the first range (GetPMUCounterRange: INSTRUCTION_COUNTER_ID is R1).
 */
static void test_enable_ranges(void)
{
	struct pmu_features f = icntr_machine();
	struct pmu_state s;
	unsigned hpmn, e, hpme, c;

	tc_begin("D13.5.1.3 IWMNXT: PMCR_EL0.E enables the instruction counter at every HPMN, MDCR_EL2.HPME does not");
	for (c = 0; c < CTX_COUNT; c++)
		for (hpmn = 0; hpmn <= N_COUNTERS; hpmn++)
			for (e = 0; e < 2; e++)
				for (hpme = 0; hpme < 2; hpme++) {
					s = icntr_state(&f, (enum ctx)c, hpmn);
					s.pmcr_el0 = e ? PMCR_EL0_E_BIT : 0;
					s.mdcr_el2 |= hpme ? MDCR_EL2_HPME_BIT : 0;
					tc_check(count_pmu_events(&f, &s, ICNTR), e, "%s HPMN=%u PMCR_EL0.E=%u MDCR_EL2.HPME=%u",
						 ctx_name[c], hpmn, e, hpme);
				}
	tc_end();
}

/*
 * RCSRMB, for each context and MDCR_EL3.{SPME, MPMX}, MDCR_EL2.HPMD:
 *  - at EL3: prohibited unless {SPME, MPMX} = {1, 0} (the text also allows {1, 1} with EL2 implemented, which
 *    CountPMUEvents does not: there the instruction counter is in the first range, and "prohibited =
 *    MDCR_EL3.MPMX == '1' && (MDCR_EL3.SPME == '0' || counter_range == PMUCounterRange_R1)". The model follows the
 *    pseudocode, and so does this test; the firmware leaves that cell unchecked, tests/prohibit.c);
 *  - at EL2: prohibited when HPMD is 1 (whatever HPMN: the instruction counter is never in the second range);
 *  - at EL2, EL1, EL0 in Secure state: prohibited unless {SPME, MPMX} != {0, 0}.
 */
static void test_prohibition(void)
{
	struct pmu_features f = icntr_machine();
	struct pmu_state s;
	unsigned c, spme, mpmx, hpmd, hpmn;
	bool want, secure, el3, el2;

	tc_begin("D13.5.4 RCSRMB: the instruction counter's prohibition (MDCR_EL3.SPME/MPMX, MDCR_EL2.HPMD)");
	for (c = 0; c < CTX_COUNT; c++)
		for (spme = 0; spme < 2; spme++)
			for (mpmx = 0; mpmx < 2; mpmx++)
				for (hpmd = 0; hpmd < 2; hpmd++)
					for (hpmn = 0; hpmn <= N_COUNTERS; hpmn += 3) {
						s = icntr_state(&f, (enum ctx)c, hpmn);
						s.mdcr_el3 = (spme ? MDCR_EL3_SPME_BIT : 0) | (mpmx ? MDCR_EL3_MPMX_BIT : 0);
						s.mdcr_el2 |= hpmd ? MDCR_EL2_HPMD_BIT : 0;
						el3 = s.el == 3;
						el2 = s.el == 2;
						secure = s.secure;
						want = true;
						if (el3)
							want = spme && !mpmx;
						else if (secure)
							want = spme || mpmx;
						if (el2 && hpmd)
							want = false;
						tc_check(count_pmu_events(&f, &s, ICNTR), want,
							 "%s SPME=%u MPMX=%u HPMD=%u HPMN=%u", ctx_name[c], spme, mpmx, hpmd,
							 hpmn);
					}
	tc_end();
}

/*
 * RMZPBW: with PMCR.FZO = 1, PMOVSCLR.F0 (or a first-range P<m>) stops the first range's event counters, the
 * instruction counter and, with PMCR.DP = 1, the cycle counter; the second range only by its own flags under
 * HDCR.HPMFZO. Without FEAT_PMUv3_ICNTR, F0 freezes nothing (CheckPMUOverflowCondition: ovsf<32> = '0').
 */
static void test_freeze(void)
{
	const unsigned hpmn = 3;
	static const uint64_t flags[] = { 0, PMU_CNT_F0_BIT, BIT64(0), BIT64(2), BIT64(3), BIT64(5), PMU_CNT_C_BIT };
	struct pmu_features f = icntr_machine();
	struct pmu_state s;
	unsigned i, fzo, hpmfzo, dp, icntr, n;
	bool first_flag, second_flag, frozen1, frozen2;

	tc_begin("D13.5.2.1 RMZPBW: PMOVSCLR_EL0.F0 freezes the first range and the instruction counter (PMCR_EL0.FZO)");
	for (icntr = 0; icntr < 2; icntr++)
		for (i = 0; i < ARRAY_SIZE(flags); i++)
			for (fzo = 0; fzo < 2; fzo++)
				for (hpmfzo = 0; hpmfzo < 2; hpmfzo++)
					for (dp = 0; dp < 2; dp++) {
						f.pmicntr = icntr;
						s = icntr_state(&f, CTX_NS_EL2, hpmn);
						s.pmcr_el0 |= (fzo ? PMCR_EL0_FZO_BIT : 0) | (dp ? PMCR_EL0_DP_BIT : 0);
						s.mdcr_el2 |= MDCR_EL2_HPME_BIT | (hpmfzo ? MDCR_EL2_HPMFZO_BIT : 0);
						s.pmcntenset_el0 = (BIT64(N_COUNTERS) - 1) | PMU_CNT_C_BIT | PMU_CNT_F0_BIT;
						s.pmovsclr_el0 = flags[i];
						first_flag = (flags[i] & (BIT64(hpmn) - 1)) ||
							     (icntr && (flags[i] & PMU_CNT_F0_BIT));
						second_flag = flags[i] & (BIT64(N_COUNTERS) - 1) & ~(BIT64(hpmn) - 1);
						frozen1 = fzo && first_flag;
						frozen2 = hpmfzo && second_flag;
						if (icntr)
							tc_check(count_pmu_events(&f, &s, ICNTR), !frozen1,
								 "PMOVSCLR_EL0=0x%llx FZO=%u HPMFZO=%u: instruction counter",
								 (unsigned long long)flags[i], fzo, hpmfzo);
						for (n = 0; n < N_COUNTERS; n++)
							tc_check(count_pmu_events(&f, &s, n), n < hpmn ? !frozen1 : !frozen2,
								 "ICNTR=%u PMOVSCLR_EL0=0x%llx FZO=%u HPMFZO=%u: PMEVCNTR%u", icntr,
								 (unsigned long long)flags[i], fzo, hpmfzo, n);
						tc_check(count_pmu_events(&f, &s, CYCLE_COUNTER_ID), !(dp && frozen1),
							 "ICNTR=%u PMOVSCLR_EL0=0x%llx FZO=%u DP=%u: cycle counter", icntr,
							 (unsigned long long)flags[i], fzo, dp);
					}
	tc_end();
}

/* D13.3.1: the request for the instruction counter needs PMCR.E, PMOVSSET_EL0.F0 and PMINTENSET_EL1.F0. */
static void test_irq(void)
{
	struct pmu_features f = icntr_machine();
	struct pmu_state s;
	unsigned e, hpme, ovs, inten, icntr;

	tc_begin("D13.3.1 overflow interrupt request of the instruction counter: PMCR.E, PMOVSSET_EL0.F0, PMINTENSET_EL1.F0");
	for (icntr = 0; icntr < 2; icntr++)
		for (e = 0; e < 2; e++)
			for (hpme = 0; hpme < 2; hpme++)
				for (ovs = 0; ovs < 2; ovs++)
					for (inten = 0; inten < 2; inten++) {
						f.pmicntr = icntr;
						s = open_state(&f, CTX_NS_EL1, 3);
						s.pmcr_el0 = e ? PMCR_EL0_E_BIT : 0;
						s.mdcr_el2 |= hpme ? MDCR_EL2_HPME_BIT : 0;
						tc_check(pmu_overflow_irq(&f, &s, ovs ? PMU_CNT_F0_BIT : 0,
									  inten ? PMU_CNT_F0_BIT : 0),
							 icntr && e && ovs && inten,
							 "ICNTR=%u PMCR_EL0.E=%u HPME=%u PMOVSSET_EL0.F0=%u PMINTENSET_EL1.F0=%u",
							 icntr, e, hpme, ovs, inten);
					}
	tc_end();
}

void run_icntr_tests(void)
{
	test_increment();
	test_enable_ranges();
	test_prohibition();
	test_freeze();
	test_irq();
}
