/*
 * test_aarch32.c - the model's AArch32 pieces: AArch32.IncrementEventCounter (J1.2.1.10) in both of its branches,
 * the SDER32_EL3.SUNIDEN clause of CountPMUEvents, and the AArch32 register accessors (G8.4) where they differ
 * from the AArch64 ones (lib/model/pmu_access_a32.c).
 */
#include "host_test.h"
#include "arch/aarch32_pmu_regs.h"
#include "model/pmu_access.h"

/*
 * AArch32.IncrementEventCounter: "if HaveAArch64() then return AArch64.IncrementEventCounter(...)" (64-bit
 * counter with FEAT_PMUv3p5, overflow at the Effective PMCR.LP's width); otherwise "PMEVCNTR[idx] =
 * new_value<31:0>; ovflw = 32" whatever LP ("the LP bits are RES0 in this model").
 */
static void test_increment(void)
{
	struct pmu_features f = machine(6);
	struct pmu_state s;
	uint64_t v;
	bool ovf;
	unsigned lp, only;

	tc_begin("AArch32.IncrementEventCounter: with AArch64 (64-bit, LP) and AArch32-only (32-bit, LP RES0)");
	for (only = 0; only < 2; only++)
		for (lp = 0; lp < 2; lp++) {
			f.aarch32_only = only;
			s = open_state(&f, CTX_NS_EL1, 6);
			s.pmcr_el0 |= lp ? PMCR_EL0_LP_BIT : 0;
			v = pmu_aarch32_increment_event_counter(&f, &s, 0, 0x1FFFFFFFEull, 3, &ovf);
			tc_check(v, only ? 0x1u : 0x200000001ull, "aarch32_only=%u LP=%u: 0x1_FFFF_FFFE + 3", only, lp);
			tc_check(ovf, only || !lp, "aarch32_only=%u LP=%u: overflow at bit 32 crossed", only, lp);
			v = pmu_aarch32_increment_event_counter(&f, &s, 1, 0xFFFFFFFFFFFFFFFFull, 1, &ovf);
			tc_check(v, only ? 0 : 0, "aarch32_only=%u LP=%u: all ones + 1 wraps to 0", only, lp);
			tc_check(ovf, 1, "aarch32_only=%u LP=%u: overflow on the wrap", only, lp);
			v = pmu_aarch32_increment_event_counter(&f, &s, 2, 0x10, 5, &ovf);
			tc_check(v, 0x15, "aarch32_only=%u LP=%u: no crossing", only, lp);
			tc_check(ovf, 0, "aarch32_only=%u LP=%u: no overflow without a crossing", only, lp);
		}
	f = machine(6);
	f.pmuver = PMUVer_V3P1; /* 32-bit event counters with AArch64 too */
	s = open_state(&f, CTX_NS_EL1, 6);
	v = pmu_aarch32_increment_event_counter(&f, &s, 0, 0xFFFFFFFEull, 3, &ovf);
	tc_check(v, 1, "FEAT_PMUv3p1: 32-bit counter wraps");
	tc_check(ovf, 1, "FEAT_PMUv3p1: overflow at 32");
	tc_end();
}

/*
 * CountPMUEvents: "if prohibited && PSTATE.EL == EL0 then ... elsif ELUsingAArch32(EL1) then prohibited =
 * SDER32_EL3.SUNIDEN == '0'": Secure EL0 under an AArch32 EL1 counts with SPME = 0 when SUNIDEN = 1; nothing
 * changes under an AArch64 EL1 or at Secure EL1.
 */
static void test_suniden(void)
{
	struct pmu_features f = machine(6);
	struct pmu_state s;
	unsigned a32, sun, el0;

	tc_begin("CountPMUEvents: SDER32_EL3.SUNIDEN at Secure EL0 under an AArch32 EL1");
	for (el0 = 0; el0 < 2; el0++)
		for (a32 = 0; a32 < 2; a32++)
			for (sun = 0; sun < 2; sun++) {
				s = open_state(&f, el0 ? CTX_S_EL0 : CTX_S_EL1, 6);
				s.pmcr_el0 |= PMCR_EL0_E_BIT;
				s.pmcntenset_el0 = 1;
				s.mdcr_el3 &= ~MDCR_EL3_SPME_BIT;
				s.el1_aarch32 = a32;
				s.sder32_el3 = sun ? SDER32_EL3_SUNIDEN_BIT : 0;
				tc_check(count_pmu_events(&f, &s, 0), el0 && a32 && sun,
					 "%s EL1 AArch32=%u SUNIDEN=%u, SPME=0: counter 0 counts", el0 ? "S EL0" : "S EL1", a32,
					 sun);
			}
	tc_end();
}

/*
 * The AArch32 accessors (G8.4): at EL0 a PMUSERENR denial traps to an AArch64 EL1 (EC 0x03) but is UNDEFINED
 * under an AArch32 EL1; MDCR_EL2.TPM traps to EL2 at both; PMCCNTR's MRRC form traps with EC 0x04; PMCEID2/3
 * need FEAT_PMUv3p1; UEN (FEAT_PMUv3p9) has no meaning under an AArch32 EL1.
 */
static void test_access_a32(void)
{
	struct pmu_features f = machine(6);
	struct pmu_access_features af = { .fgt = true };
	struct pmu_access a = { 0 };
	struct pmu_state s;

	tc_begin("G8.4 AArch32 accessors: PMUSERENR gate, MDCR_EL2.TPM, EC 0x03/0x04, PMCEID2/3");
	s = open_state(&f, CTX_NS_EL0, 6);
	tc_check(pmu_access_a32_check(&f, &af, &s, &a, A32_REG_PMCR), PMU_ACCESS_TRAP_EL1,
		 "NS EL0, AArch64 EL1, PMUSERENR.EN=0: MRC PMCR");
	s.el1_aarch32 = true;
	tc_check(pmu_access_a32_check(&f, &af, &s, &a, A32_REG_PMCR), PMU_ACCESS_UNDEFINED,
		 "NS EL0, AArch32 EL1, PMUSERENR.EN=0: MRC PMCR");
	a.pmuserenr_el0 = PMUSERENR_EL0_CR_BIT;
	tc_check(pmu_access_a32_check(&f, &af, &s, &a, A32_REG_PMCCNTR64), PMU_ACCESS_OK,
		 "AArch32 EL1, PMUSERENR.CR=1: MRRC PMCCNTR");
	a.write = true;
	tc_check(pmu_access_a32_check(&f, &af, &s, &a, A32_REG_PMCCNTR64), PMU_ACCESS_UNDEFINED,
		 "AArch32 EL1, PMUSERENR.CR=1 (EN=0): MCRR PMCCNTR");
	a.write = false;
	s.mdcr_el2 |= MDCR_EL2_TPM_BIT;
	tc_check(pmu_access_a32_check(&f, &af, &s, &a, A32_REG_PMCCNTR64), PMU_ACCESS_TRAP_EL2,
		 "PMUSERENR.CR=1, MDCR_EL2.TPM=1: MRRC PMCCNTR");
	tc_check(pmu_access_a32_trap_ec(A32_REG_PMCCNTR64), 0x04, "MRRC/MCRR trap EC");
	tc_check(pmu_access_a32_trap_ec(A32_REG_PMCCNTR), 0x03, "MRC/MCR trap EC");
	s = open_state(&f, CTX_NS_EL1, 6);
	s.el1_aarch32 = true;
	a = (struct pmu_access){ 0 };
	tc_check(pmu_access_a32_check(&f, &af, &s, &a, A32_REG_PMCEID2), PMU_ACCESS_OK,
		 "FEAT_PMUv3p5, AArch32 EL1: MRC PMCEID2");
	f.pmuver = PMUVer_PMUv3;
	tc_check(pmu_access_a32_check(&f, &af, &s, &a, A32_REG_PMCEID3), PMU_ACCESS_UNDEFINED,
		 "FEAT_PMUv3 only: MRC PMCEID3 (needs FEAT_PMUv3p1)");
	a.write = true;
	f.pmuver = PMUVer_V3P5;
	tc_check(pmu_access_a32_check(&f, &af, &s, &a, A32_REG_PMCEID0), PMU_ACCESS_UNDEFINED,
		 "MCR PMCEID0 (read-only)");
	tc_end();
}

void run_aarch32_tests(void)
{
	test_increment();
	test_suniden();
	test_access_a32();
}
