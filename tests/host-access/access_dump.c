/*
 * access_dump.c - prints the model's outcome (lib/model/pmu_access.c) for every combination of register
 * class, direction, context and control that tests/host-access/check_access.py compares with its own
 * evaluation of the "Accessing" pseudocode text. One line per combination:
 *   reg write el secure el2_impl el3_impl eel2 pmuserenr tge tpm tpmcr tpm3 fgt fgten hdfgrtr hdfgwtr n sel hpmn N
 *   pmuver pmuacr enpm2 fgt2 fgten2 hdfgrtr2 hdfgwtr2 icntr e2h result
 * The fine-grained trap registers take, per class and direction: 0, the class's own bit (the model's table),
 * or every PMU bit but that one, so that a wrong bit position in the model shows either way.
 * (numbers; reg is the pmu_reg value, result the pmu_access_result value).
 */
#include <stdio.h>

#include "model/pmu_access.h"

/* The contexts: EL, Security state, SCR_EL3.{NS, EEL2} (with EL3). */
static const struct { unsigned el; bool secure, eel2; } contexts[] = {
	{ 3, true, false }, { 2, true, true }, { 2, false, false }, { 1, true, false }, { 0, true, false },
	{ 1, true, true }, { 0, true, true }, { 1, false, false }, { 0, false, false },
};

/* Every PMU bit of HDFGRTR_EL2 and HDFGWTR_EL2. */
#define PMU_FGT_BITS (MASK64(22, 12) | HDFGxTR_EL2_PMUSERENR_EL0_BIT | HDFGRTR_EL2_PMCEIDn_EL0_BIT)

/* PMICNTR_EL0, PMICFILTR_EL0 (FEAT_PMUv3_ICNTR): PMUSERENR_EL0.IR and MDCR_EL3.EnPM2 are swept for them. */
static bool icntr_reg(unsigned reg)
{
	return reg == PMREG_PMICNTR_EL0 || reg == PMREG_PMICFILTR_EL0;
}

int main(void)
{
	const unsigned N = 6, HPMN = 4;
	/* counter numbers: below HPMN, at/above HPMN, at/above N, and 31 (PMSELR_EL0.SEL = 31: PMCCFILTR_EL0) */
	static const unsigned counters[] = { 1, 5, 7, 31 };
	unsigned machine, c, reg, w, ue, tge, e2h, tpm, tpmcr, tpm3, fg, hd, k, ac, pm2, f2, h2;

	/* machines: EL2 and EL3 implemented or not (bits 0, 1), FEAT_PMUv3 instead of v3p5 (bit 2), FEAT_PMUv3p9
	 * with FEAT_FGT2 possible (bit 3); FEAT_PMUv3_ICNTR on all but the FEAT_PMUv3 ones */
	for (machine = 0; machine < 16; machine++) {
		bool v3p9 = machine & 8;
		struct pmu_features f = { .pmuver = v3p9 ? 0x9 : machine & 4 ? 0x1 : 0x6, .num_counters = N,
					  .el2 = machine & 1, .el3 = machine & 2, .sel2 = (machine & 3) == 3,
					  .pmicntr = !(machine & 4) };

		if (v3p9 && (machine & 4))
			continue;
		for (c = 0; c < sizeof(contexts) / sizeof(contexts[0]); c++) {
			unsigned el = contexts[c].el;

			if ((el == 3 || contexts[c].secure) && !f.el3)
				continue;
			if ((el == 2 || contexts[c].eel2) && !f.el2)
				continue;
			for (reg = 0; reg < PMREG_COUNT; reg++)
			for (w = 0; w < 2; w++)
			for (ue = 0; ue < (el == 0 ? (v3p9 ? (icntr_reg(reg) ? 128u : 64u) : 16u) : 1u); ue++)
			for (tge = 0; tge < (el == 0 && f.el2 ? 2u : 1u); tge++)
			for (e2h = 0; e2h < (el != 1 && el != 3 && f.el2 ? 2u : 1u); e2h++) /* HCR_EL2.E2H (FEAT_VHE): EL0, EL2 */
			for (tpm = 0; tpm < (f.el2 ? 2u : 1u); tpm++)
			for (tpmcr = 0; tpmcr < (f.el2 ? 2u : 1u); tpmcr++)
			for (tpm3 = 0; tpm3 < (f.el3 ? 2u : 1u); tpm3++)
			for (fg = 0; fg < (v3p9 ? 1u : 3u); fg++) /* no FGT; FGT with FGTEn 0; FGT with FGTEn 1 */
			for (hd = 0; hd < (fg ? 3u : 1u); hd++)
			for (ac = 0; ac < (v3p9 ? 3u : 1u); ac++) /* PMUACR_EL1: all, none, all but the counter's */
			for (pm2 = 0; pm2 < (f.el3 && ((v3p9 && reg == PMREG_PMUACR_EL1) || icntr_reg(reg)) ? 2u : 1u); pm2++)
			for (f2 = 0; f2 < (v3p9 && reg >= PMREG_PMZR_EL0 ? 3u : 1u); f2++) /* no FGT2; FGTEn2 0; 1 */
			for (h2 = 0; h2 < (f2 ? 2u + pmu_fgt2_bit_count : 1u); h2++) /* none, all, each PMU n-bit cleared */
			for (k = 0; k < 4; k++) {
				struct pmu_access_features af = { .fgt = fg != 0 || f2 != 0, .fgt2 = f2 != 0, .pmuv3p9 = v3p9 };
				struct pmu_state s = { 0 };
				struct pmu_access a = { 0 };
				uint64_t own, fgt_mask, uacr;
				bool counter = reg == PMREG_PMEVCNTR_EL0 || reg == PMREG_PMEVTYPER_EL0 ||
					       reg == PMREG_PMXEVCNTR_EL0 || reg == PMREG_PMXEVTYPER_EL0;

				if (k && !counter)
					break;
				if (k == 3 && reg != PMREG_PMXEVCNTR_EL0 && reg != PMREG_PMXEVTYPER_EL0)
					break;
				s.el = el;
				s.secure = f.el3 && contexts[c].secure;
				s.scr_el3 = (contexts[c].secure ? 0 : SCR_EL3_NS_BIT) |
					    (contexts[c].eel2 ? SCR_EL3_EEL2_BIT : 0) | (fg == 2 ? SCR_EL3_FGTEn_BIT : 0) |
					    (f2 == 2 ? SCR_EL3_FGTEn2_BIT : 0);
				s.hcr_el2 = (tge ? HCR_EL2_TGE_BIT : 0) | (e2h ? HCR_EL2_E2H_BIT : 0);
				s.mdcr_el2 = FIELD_PREP(MDCR_EL2, HPMN, HPMN) | (tpm ? MDCR_EL2_TPM_BIT : 0) |
					     (tpmcr ? MDCR_EL2_TPMCR_BIT : 0);
				s.mdcr_el3 = (tpm3 ? MDCR_EL3_TPM_BIT : 0) | (pm2 ? MDCR_EL3_EnPM2_BIT : 0);
				a.reg = (enum pmu_reg)reg;
				a.write = w;
				a.n = counters[k];
				a.pmselr_el0 = counters[k];
				own = pmu_reg_fgt_bit((enum pmu_reg)reg, w);
				fgt_mask = hd == 0 ? 0 : hd == 1 ? own : PMU_FGT_BITS & ~own;
				a.hdfgrtr_el2 = w ? 0 : fgt_mask;
				a.hdfgwtr_el2 = w ? fgt_mask : 0;
				/* negative sense: all ones traps nothing; h2 >= 2 clears one PMU bit (pmu_fgt2_bits[]) */
				a.hdfgrtr2_el2 = a.hdfgwtr2_el2 = h2 == 0 ? 0 : h2 == 1 ? ~0ull : ~pmu_fgt2_bits[h2 - 2].bit;
				uacr = BIT64(counters[k] > 30 ? 31 : counters[k]) |
				       (reg == PMREG_PMCCNTR_EL0 || reg == PMREG_PMCCFILTR_EL0 ? PMUACR_EL1_C_BIT : 0) |
				       (icntr_reg(reg) ? PMU_CNT_F0_BIT : 0);
				a.pmuacr_el1 = ac == 0 ? ~0ull : ac == 1 ? 0 : ~uacr;
				a.pmuserenr_el0 = ((ue & 1) ? PMUSERENR_EL0_EN_BIT : 0) | ((ue & 2) ? PMUSERENR_EL0_SW_BIT : 0) |
						  ((ue & 4) ? PMUSERENR_EL0_CR_BIT : 0) | ((ue & 8) ? PMUSERENR_EL0_ER_BIT : 0) |
						  ((ue & 16) ? PMUSERENR_EL0_UEN_BIT : 0) | ((ue & 32) ? PMUSERENR_EL0_TID_BIT : 0) |
						  ((ue & 64) ? PMUSERENR_EL0_IR_BIT : 0);
				printf("%u %u %u %u %u %u %u %llu %u %u %u %u %u %u %llu %llu %u %u %u %u %u %llu %u %u %u %llu "
				       "%llu %u %u %d\n", reg, w, el, (unsigned)s.secure, (unsigned)f.el2, (unsigned)f.el3,
				       (unsigned)contexts[c].eel2, (unsigned long long)a.pmuserenr_el0, tge, tpm, tpmcr, tpm3,
				       (unsigned)af.fgt, (s.scr_el3 & SCR_EL3_FGTEn_BIT) != 0,
				       (unsigned long long)a.hdfgrtr_el2, (unsigned long long)a.hdfgwtr_el2, a.n,
				       (unsigned)a.pmselr_el0, HPMN, N, f.pmuver, (unsigned long long)a.pmuacr_el1, pm2,
				       (unsigned)af.fgt2, f2 == 2, (unsigned long long)a.hdfgrtr2_el2,
				       (unsigned long long)a.hdfgwtr2_el2, (unsigned)f.pmicntr, e2h,
				       (int)pmu_access_check(&f, &af, &s, &a));
			}
		}
	}
	return 0;
}
