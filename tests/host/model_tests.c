/*
 * model_tests.c - host unit tests of the spec model (lib/pmu_model.c).
 *
 * Expected values come from the spec's tables and text, written here as data or as the spec's own sentences
 * turned into code, never by calling the model: a wrong model fails them. Each table cites its source.
 * Output: one "ok"/"not ok" line per case, diagnostics for failing rows, and "N passed, N failed" last.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "pmu_model.h"

#define N_COUNTERS 6

static unsigned cases_passed, cases_failed, row_failures, rows;

/* One claim of the running case; prints the row when it does not hold (at most 10 per case). */
static void expect(bool ok, const char *fmt, ...)
{
	va_list ap;

	rows++;
	if (ok)
		return;
	if (row_failures++ < 10) {
		printf("#   ");
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	}
}

static void run_case(const char *name, void (*fn)(void))
{
	rows = row_failures = 0;
	fn();
	if (row_failures == 0 && rows > 0) {
		cases_passed++;
		printf("ok %u - %s (%u rows)\n", cases_passed + cases_failed, name, rows);
	} else {
		cases_failed++;
		printf("not ok %u - %s (%u rows, %u failed)\n", cases_passed + cases_failed, name, rows, row_failures);
	}
}

/* ---- machines and states ---- */

/* PMUVer 0x6 (FEAT_PMUv3p5), EL3, EL2, FEAT_SEL2: QEMU -cpu max's PMU. */
static struct pmu_features full(void)
{
	return (struct pmu_features){ .pmuver = PMUVer_V3P5, .num_counters = N_COUNTERS, .el2 = true, .el3 = true,
				      .sel2 = true, .aarch32 = true };
}

enum where { EL3, NS_EL2, S_EL2, NS_EL1, NS_EL0, S_EL1, S_EL0, WHERE_COUNT };
static const char *const where_name[] = { "EL3", "NS EL2", "S EL2", "NS EL1", "NS EL0", "S EL1", "S EL0" };
static const unsigned where_el[] = { 3, 2, 2, 1, 0, 1, 0 };
static const bool where_secure[] = { true, false, true, false, false, true, true };

/*
 * A state at `w` with nothing prohibited or filtered: MDCR_EL3.SPME = 1, filters NSH = 1 (counts at every EL in
 * both Security states: EL0/EL1 need U/P == NSU/NSK == 0 and U/P == 0; EL2 needs NSH == 1 (Non-secure) and
 * NSH != SH (Secure); EL3 needs M == P; all hold with only NSH set), HPMN = hpmn, every counter enabled.
 * S EL2 has SCR_EL3.EEL2 = 1; S EL1/EL0 have EEL2 = 0 (Secure EL2 disabled).
 */
static struct pmu_state state_at(const struct pmu_features *f, enum where w, unsigned hpmn)
{
	struct pmu_state s;
	unsigned n;

	memset(&s, 0, sizeof(s));
	s.el = where_el[w];
	s.secure = f->el3 && where_secure[w];
	s.scr_el3 = (s.secure ? 0 : SCR_EL3_NS_BIT) | (w == S_EL2 ? SCR_EL3_EEL2_BIT : 0);
	s.mdcr_el3 = MDCR_EL3_SPME_BIT;
	s.mdcr_el2 = f->el2 ? FIELD_PREP(MDCR_EL2, HPMN, hpmn) | MDCR_EL2_HPME_BIT : 0;
	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.pmcntenset_el0 = MASK64(N_COUNTERS - 1, 0) | PMU_CNT_C_BIT;
	s.pmccfiltr_el0 = PMEVTYPER_NSH_BIT;
	for (n = 0; n < 31; n++)
		s.pmevtyper[n] = PMEVTYPER_NSH_BIT;
	return s;
}

/* ---- D11.5.1 Table D11-2: no EL2; PMCR_EL0.E and PMCNTENSET_EL0[n] (CountPMUEvents: enabled = E && P[n]) ---- */
static const struct { bool e, cnten, enabled; } table_d11_2[] = {
	{ 0, 0, 0 },
	{ 0, 1, 0 },
	{ 1, 0, 0 },
	{ 1, 1, 1 },
};

static void case_table_d11_2(void)
{
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned r, n, w;

	f.el2 = false;
	f.sel2 = false;
	for (w = 0; w < WHERE_COUNT; w++) {
		if (where_el[w] == 2)
			continue;
		for (r = 0; r < sizeof(table_d11_2) / sizeof(table_d11_2[0]); r++)
			for (n = 0; n < N_COUNTERS; n++) {
				s = state_at(&f, (enum where)w, 0);
				s.pmcr_el0 = table_d11_2[r].e ? PMCR_EL0_E_BIT : 0;
				s.pmcntenset_el0 = table_d11_2[r].cnten ? BIT64(n) : 0;
				expect(count_pmu_events(&f, &s, n) == table_d11_2[r].enabled,
				       "D11-2 row %u at %s: E=%d PMCNTENSET[%u]=%d: expected %s", r, where_name[w],
				       table_d11_2[r].e, n, table_d11_2[r].cnten,
				       table_d11_2[r].enabled ? "enabled" : "disabled");
			}
	}
}

/*
 * ---- D11.5.1 Table D11-3 / D13.5.1.1 Table D13-4 (without PMCCR.EPME): MDCR_EL2.HPME, PMCR_EL0.E ->
 * counter n enabled when PMCNTENSET[n] == 1, for n in the first range (n < HPMN) and the second. With
 * PMCNTENSET[n] == 0 every row is Disabled. Applies at all ELs and in all Security states (D13.5.1.1).
 */
static const struct { bool hpme, e, first, second; } table_d11_3[] = {
	{ 0, 0, 0, 0 },
	{ 0, 1, 1, 0 },
	{ 1, 0, 0, 1 },
	{ 1, 1, 1, 1 },
};

static void case_table_d11_3(void)
{
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned r, n, w, hpmn, cnten;
	bool want;

	for (w = 0; w < WHERE_COUNT; w++)
		for (hpmn = 1; hpmn <= N_COUNTERS; hpmn++)
			for (r = 0; r < sizeof(table_d11_3) / sizeof(table_d11_3[0]); r++)
				for (n = 0; n < N_COUNTERS; n++)
					for (cnten = 0; cnten < 2; cnten++) {
						s = state_at(&f, (enum where)w, hpmn);
						s.mdcr_el2 = FIELD_PREP(MDCR_EL2, HPMN, hpmn) |
							     (table_d11_3[r].hpme ? MDCR_EL2_HPME_BIT : 0);
						s.pmcr_el0 = table_d11_3[r].e ? PMCR_EL0_E_BIT : 0;
						s.pmcntenset_el0 = cnten ? BIT64(n) : 0;
						want = cnten && (n < hpmn ? table_d11_3[r].first : table_d11_3[r].second);
						expect(count_pmu_events(&f, &s, n) == want,
						       "D11-3 row %u at %s: HPMN=%u HPME=%d E=%d PMCNTENSET[%u]=%u: expected %s",
						       r, where_name[w], hpmn, table_d11_3[r].hpme, table_d11_3[r].e, n, cnten,
						       want ? "enabled" : "disabled");
					}
}

/* D13.5.1.2 IBTGDJ: the cycle counter's enables are PMCR_EL0.E and PMCNTENSET_EL0.C, never HPME. */
static void case_cycle_counter_enable(void)
{
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned w, e, hpme, c;

	for (w = 0; w < WHERE_COUNT; w++)
		for (e = 0; e < 2; e++)
			for (hpme = 0; hpme < 2; hpme++)
				for (c = 0; c < 2; c++) {
					s = state_at(&f, (enum where)w, 3);
					s.pmcr_el0 = e ? PMCR_EL0_E_BIT : 0;
					s.mdcr_el2 = FIELD_PREP(MDCR_EL2, HPMN, 3) | (hpme ? MDCR_EL2_HPME_BIT : 0);
					s.pmcntenset_el0 = c ? PMU_CNT_C_BIT : 0;
					expect(count_pmu_events(&f, &s, CYCLE_COUNTER_ID) == (e && c),
					       "cycle counter at %s: E=%u HPME=%u C=%u", where_name[w], e, hpme, c);
				}
}

/*
 * D11.5.1 Note, PMCR_EL0.N (D24.5.8): N read at EL1/EL0 is HPMN when EL2 is implemented and enabled in the
 * current Security state; unaffected at EL3, EL2, and Secure EL1/EL0 with Secure EL2 disabled.
 */
static void case_pmcr_n(void)
{
	static const struct { enum where w; bool reads_hpmn; } rows_n[] = {
		{ EL3, false }, { NS_EL2, false }, { S_EL2, false }, { NS_EL1, true },
		{ NS_EL0, true }, { S_EL1, false }, { S_EL0, false },
	};
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned r, hpmn;

	for (r = 0; r < sizeof(rows_n) / sizeof(rows_n[0]); r++)
		for (hpmn = 1; hpmn <= N_COUNTERS; hpmn++) {
			s = state_at(&f, rows_n[r].w, hpmn);
			expect(get_num_event_counters_accessible(&f, &s) == (rows_n[r].reads_hpmn ? hpmn : N_COUNTERS),
			       "PMCR_EL0.N at %s with HPMN=%u: expected %u", where_name[rows_n[r].w], hpmn,
			       rows_n[r].reads_hpmn ? hpmn : N_COUNTERS);
		}
	/* Secure EL1/EL0 with Secure EL2 enabled (SCR_EL3.EEL2 = 1) read HPMN too */
	s = state_at(&f, S_EL1, 2);
	s.scr_el3 |= SCR_EL3_EEL2_BIT;
	expect(get_num_event_counters_accessible(&f, &s) == 2, "PMCR_EL0.N at S EL1 with EEL2=1: expected HPMN");
	/* no EL2: N everywhere */
	f.el2 = false;
	s = state_at(&f, NS_EL1, 2);
	expect(get_num_event_counters_accessible(&f, &s) == N_COUNTERS, "PMCR_EL0.N without EL2: expected N");
}

/* PMSWINC_EL0 (D24.5.17): bits m >= GetNumEventCountersAccessible() are RAZ/WI. */
static void case_pmswinc_reach(void)
{
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned w, n, hpmn;
	bool want;

	for (w = 0; w < WHERE_COUNT; w++)
		for (hpmn = 1; hpmn <= N_COUNTERS; hpmn++)
			for (n = 0; n < N_COUNTERS; n++) {
				s = state_at(&f, (enum where)w, hpmn);
				want = (w == NS_EL1 || w == NS_EL0) ? n < hpmn : true;
				expect(pmu_sw_increment_reaches(&f, &s, n) == want, "PMSWINC_EL0 bit %u at %s, HPMN=%u",
				       n, where_name[w], hpmn);
			}
}

/* EffectiveHPMN (J1.3.1.95) and the ranges: HPMN > N, or 0 without FEAT_HPMN0, is CONSTRAINED UNPREDICTABLE. */
static void case_hpmn_ranges(void)
{
	struct pmu_features f = full();
	struct pmu_state s = state_at(&f, NS_EL2, 0);
	bool unpred;
	unsigned hpmn, n;

	for (hpmn = 0; hpmn <= 31; hpmn++) {
		s.mdcr_el2 = FIELD_PREP(MDCR_EL2, HPMN, hpmn);
		effective_hpmn(&f, &s, &unpred);
		expect(unpred == (hpmn > N_COUNTERS || hpmn == 0), "HPMN=%u without FEAT_HPMN0: unpredictable", hpmn);
		f.hpmn0 = true;
		effective_hpmn(&f, &s, &unpred);
		expect(unpred == (hpmn > N_COUNTERS), "HPMN=%u with FEAT_HPMN0: unpredictable", hpmn);
		f.hpmn0 = false;
		for (n = 0; hpmn <= N_COUNTERS && n < N_COUNTERS; n++)
			expect(get_pmu_counter_range(&f, &s, n) == (n < hpmn ? PMUCounterRange_R1 : PMUCounterRange_R2),
			       "HPMN=%u: counter %u range", hpmn, n);
		expect(get_pmu_counter_range(&f, &s, CYCLE_COUNTER_ID) == PMUCounterRange_R1,
		       "HPMN=%u: the cycle counter is in the first range", hpmn);
	}
	f.el2 = false;
	expect(effective_hpmn(&f, &s, NULL) == N_COUNTERS, "no EL2: EffectiveHPMN == N");
}

/*
 * D11.5.3 / D13.5.4 prohibition of event counting, written from the rule text:
 *  RJDWFF (no FEAT_PMUv3p7): Secure state (EL3 included) counts only with MDCR_EL3.SPME == 1.
 *  RGNGCW (FEAT_PMUv3p7): EL3 counts with {SPME, MPMX} == {1, 0}, or {1, 1} for second-range counters;
 *    Secure EL2/EL1/EL0 count unless {SPME, MPMX} == {0, 0}.
 *  RMMZLZ: EL2 counts unless FEAT_PMUv3p1, HPMD == 1 and the counter is in the first range.
 *  Non-secure EL1/EL0 are never prohibited by these controls. Secure EL2: both rules apply (RMMZLZ).
 */
static bool spec_event_counting_allowed(unsigned pmuver, enum where w, bool spme, bool mpmx, bool hpmd, bool first)
{
	bool p7 = pmuver >= PMUVer_V3P7, p1 = pmuver >= PMUVer_V3P1;
	bool allowed = true;

	if (w == EL3)
		allowed = p7 ? (spme && !mpmx) || (spme && mpmx && !first) : spme;
	else if (where_secure[w])
		allowed = p7 ? (spme || mpmx) : spme;
	if (where_el[w] == 2 && p1 && hpmd && first)
		allowed = false;
	return allowed;
}

static void case_prohibition(void)
{
	static const unsigned pmuvers[] = { PMUVer_PMUv3, PMUVer_V3P1, PMUVer_V3P5, PMUVer_V3P7 };
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned v, w, ctl, n;
	bool spme, mpmx, hpmd, want;

	for (v = 0; v < 4; v++)
		for (w = 0; w < WHERE_COUNT; w++)
			for (ctl = 0; ctl < 8; ctl++)
				for (n = 0; n < N_COUNTERS; n++) {
					f.pmuver = pmuvers[v];
					spme = ctl & 1;
					mpmx = ctl & 2;
					hpmd = ctl & 4;
					s = state_at(&f, (enum where)w, 3);
					s.mdcr_el3 = (spme ? MDCR_EL3_SPME_BIT : 0) | (mpmx ? MDCR_EL3_MPMX_BIT : 0);
					s.mdcr_el2 |= hpmd ? MDCR_EL2_HPMD_BIT : 0;
					/* MPMX is RES0 without FEAT_PMUv3p7: a 1 there must change nothing */
					want = spec_event_counting_allowed(f.pmuver, (enum where)w, spme,
									   mpmx && f.pmuver >= PMUVer_V3P7, hpmd, n < 3);
					expect(count_pmu_events(&f, &s, n) == want,
					       "PMUVer=0x%x at %s: SPME=%d MPMX=%d HPMD=%d counter %u (range %d): expected %s",
					       f.pmuver, where_name[w], spme, mpmx, hpmd, n, n < 3 ? 1 : 2,
					       want ? "counts" : "prohibited");
				}
	/* RWVDWZ: without EL3 the Security state does not matter (SPME does not exist) */
	f = full();
	f.el3 = false;
	s = state_at(&f, NS_EL1, 3);
	s.mdcr_el3 = 0;
	expect(count_pmu_events(&f, &s, 0), "no EL3: counting is not prohibited by MDCR_EL3.SPME == 0");
}

/*
 * D11.5.3 / D13.5.4, the cycle counter counts unless: disabled; PMCR.DP == 1 and event counting in the first
 * range is prohibited; FEAT_PMUv3p5, EL3 implemented, Secure state (EL3 included), SCCD == 1; FEAT_PMUv3p5,
 * at EL2, HCCD == 1; FEAT_PMUv3p7, at EL3, MCCD == 1.
 */
static void case_cycle_prohibition(void)
{
	static const unsigned pmuvers[] = { PMUVer_PMUv3, PMUVer_V3P5, PMUVer_V3P7 };
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned v, w, ctl;
	bool spme, dp, sccd, hccd, mccd, hpmd, want, first_prohibited;

	for (v = 0; v < 3; v++)
		for (w = 0; w < WHERE_COUNT; w++)
			for (ctl = 0; ctl < 64; ctl++) {
				f.pmuver = pmuvers[v];
				spme = ctl & 1, dp = ctl & 2, sccd = ctl & 4, hccd = ctl & 8, mccd = ctl & 16, hpmd = ctl & 32;
				s = state_at(&f, (enum where)w, 3);
				s.mdcr_el3 = (spme ? MDCR_EL3_SPME_BIT : 0) | (sccd ? MDCR_EL3_SCCD_BIT : 0) |
					     (mccd ? MDCR_EL3_MCCD_BIT : 0);
				s.mdcr_el2 |= (hccd ? MDCR_EL2_HCCD_BIT : 0) | (hpmd ? MDCR_EL2_HPMD_BIT : 0);
				s.pmcr_el0 |= dp ? PMCR_EL0_DP_BIT : 0;
				first_prohibited = !spec_event_counting_allowed(f.pmuver, (enum where)w, spme, false, hpmd, true);
				want = !(dp && first_prohibited);
				if (f.pmuver >= PMUVer_V3P5 && where_secure[w] && sccd)
					want = false;
				if (f.pmuver >= PMUVer_V3P5 && where_el[w] == 2 && hccd)
					want = false;
				if (f.pmuver >= PMUVer_V3P7 && w == EL3 && mccd)
					want = false;
				expect(count_pmu_events(&f, &s, CYCLE_COUNTER_ID) == want,
				       "PMUVer=0x%x at %s: SPME=%d DP=%d SCCD=%d HCCD=%d MCCD=%d HPMD=%d: cycle counter %s",
				       f.pmuver, where_name[w], spme, dp, sccd, hccd, mccd, hpmd, want ? "counts" : "stopped");
			}
}

/*
 * D11.7.1 / D13.7.1 filtering, from the PMEVTYPER<n>_EL0 field descriptions (D24.5.12): the counter counts
 *  at Non-secure EL0 iff U == NSU, Secure EL0 iff U == 0, Non-secure EL1 iff P == NSK, Secure EL1 iff P == 0,
 *  Non-secure EL2 iff NSH == 1, Secure EL2 iff NSH != SH, EL3 iff M == P.
 */
static bool spec_filter_counts(enum where w, uint64_t f)
{
	bool p = f & PMEVTYPER_P_BIT, u = f & PMEVTYPER_U_BIT, nsk = f & PMEVTYPER_NSK_BIT;
	bool nsu = f & PMEVTYPER_NSU_BIT, nsh = f & PMEVTYPER_NSH_BIT, m = f & PMEVTYPER_M_BIT;
	bool sh = f & PMEVTYPER_SH_BIT;

	switch (w) {
	case NS_EL0: return u == nsu;
	case S_EL0: return !u;
	case NS_EL1: return p == nsk;
	case S_EL1: return !p;
	case NS_EL2: return nsh;
	case S_EL2: return nsh != sh;
	default: return m == p;
	}
}

static void case_filtering(void)
{
	static const uint64_t bits[] = { PMEVTYPER_P_BIT, PMEVTYPER_U_BIT, PMEVTYPER_NSK_BIT, PMEVTYPER_NSU_BIT,
					 PMEVTYPER_NSH_BIT, PMEVTYPER_M_BIT, PMEVTYPER_SH_BIT };
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned w, combo, b;
	uint64_t filter;
	bool want;

	for (w = 0; w < WHERE_COUNT; w++)
		for (combo = 0; combo < 128; combo++) {
			for (filter = 0, b = 0; b < 7; b++)
				if (combo & (1u << b))
					filter |= bits[b];
			s = state_at(&f, (enum where)w, N_COUNTERS);
			s.pmevtyper[0] = filter;
			s.pmccfiltr_el0 = filter;
			want = spec_filter_counts((enum where)w, filter);
			expect(count_pmu_events(&f, &s, 0) == want, "PMEVTYPER0_EL0=0x%llx at %s: expected %s",
			       (unsigned long long)filter, where_name[w], want ? "counts" : "filtered");
			expect(count_pmu_events(&f, &s, CYCLE_COUNTER_ID) == want, "PMCCFILTR_EL0=0x%llx at %s: expected %s",
			       (unsigned long long)filter, where_name[w], want ? "counts" : "filtered");
		}
	/* fields that do not exist read as 0: NSK/NSU/M without EL3, NSH without EL2, SH without FEAT_SEL2 */
	f.el3 = false;
	f.sel2 = false;
	s = state_at(&f, NS_EL1, N_COUNTERS);
	s.pmevtyper[0] = PMEVTYPER_NSK_BIT;
	expect(count_pmu_events(&f, &s, 0), "no EL3: NSK reads as 0, so P == 0 counts at EL1");
	f = full();
	f.sel2 = false;
	s = state_at(&f, NS_EL2, N_COUNTERS);
	s.pmevtyper[0] = PMEVTYPER_NSH_BIT | PMEVTYPER_SH_BIT;
	expect(count_pmu_events(&f, &s, 0), "no FEAT_SEL2: SH ignored at Non-secure EL2");
}

/* D13.3 RQZJKS/RNTZHW: overflow widths. */
static void case_overflow_width(void)
{
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned lp, hlp, lc, n, a32;

	for (lp = 0; lp < 2; lp++)
		for (hlp = 0; hlp < 2; hlp++)
			for (n = 0; n < N_COUNTERS; n++) {
				s = state_at(&f, NS_EL2, 3);
				s.pmcr_el0 |= lp ? PMCR_EL0_LP_BIT : 0;
				s.mdcr_el2 |= hlp ? MDCR_EL2_HLP_BIT : 0;
				f.pmuver = PMUVer_V3P5;
				expect(pmu_overflow_width(&f, &s, n) == ((n < 3 ? lp : hlp) ? 64u : 32u),
				       "FEAT_PMUv3p5 LP=%u HLP=%u counter %u (HPMN 3)", lp, hlp, n);
				f.pmuver = PMUVer_V3P1;
				expect(pmu_overflow_width(&f, &s, n) == 32, "no FEAT_PMUv3p5: 32-bit counter %u", n);
				expect(pmu_counter_bits(&f, n) == 32, "no FEAT_PMUv3p5: counters are 32 bits");
			}
	for (a32 = 0; a32 < 2; a32++)
		for (lc = 0; lc < 2; lc++) {
			f = full();
			f.aarch32 = a32;
			s = state_at(&f, NS_EL2, 3);
			s.pmcr_el0 |= lc ? PMCR_EL0_LC_BIT : 0;
			expect(pmu_overflow_width(&f, &s, CYCLE_COUNTER_ID) == (a32 && !lc ? 32u : 64u),
			       "cycle counter AArch32=%u LC=%u", a32, lc);
		}
	/* FEAT_EBEP with the PMU Profiling exception enabled: Effective LP, HLP, LC are 1 */
	f = full();
	f.ebep = true;
	s = state_at(&f, NS_EL1, 3);
	s.pmecr_el1 = FIELD_PREP(PMECR_EL1, PMEE, 3);
	s.mdcr_el3 |= FIELD_PREP(MDCR_EL3, PMEE, 1);
	s.mdcr_el2 |= FIELD_PREP(MDCR_EL2, PMEE, 1);
	expect(pmu_overflow_width(&f, &s, 0) == 64 && pmu_overflow_width(&f, &s, 5) == 64 &&
	       pmu_overflow_width(&f, &s, CYCLE_COUNTER_ID) == 64, "FEAT_EBEP, PMU exception enabled: widths 64");
}

/*
 * D13.3.1: the overflow interrupt request is asserted for an event counter when its global enable (PMCR.E
 * for the first range, HPME for the second), PMOVSSET.P<n> and PMINTENSET.P<n> are all 1; for the cycle
 * counter when PMCR.E, PMOVSSET.C and PMINTENSET.C are.
 */
static void case_overflow_irq(void)
{
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned e, hpme, n, ovs, inten;
	bool want;

	for (e = 0; e < 2; e++)
		for (hpme = 0; hpme < 2; hpme++)
			for (n = 0; n <= N_COUNTERS; n++)
				for (ovs = 0; ovs < 2; ovs++)
					for (inten = 0; inten < 2; inten++) {
						unsigned idx = n == N_COUNTERS ? CYCLE_COUNTER_ID : n;
						uint64_t bit = BIT64(idx);

						s = state_at(&f, NS_EL1, 3);
						s.pmcr_el0 = e ? PMCR_EL0_E_BIT : 0;
						s.mdcr_el2 = FIELD_PREP(MDCR_EL2, HPMN, 3) | (hpme ? MDCR_EL2_HPME_BIT : 0);
						s.pmcntenset_el0 = 0; /* PMCNTENSET does not take part */
						want = ovs && inten && (idx == CYCLE_COUNTER_ID || idx < 3 ? e : hpme);
						expect(pmu_overflow_irq(&f, &s, ovs ? bit : 0, inten ? bit : 0) == want,
						       "counter %u E=%u HPME=%u PMOVSSET=%u PMINTENSET=%u: IRQ %s", idx, e, hpme,
						       ovs, inten, want ? "asserted" : "not asserted");
					}
}

/* PMCR_EL0.P (D24.5.8): resets the first range; the second when EL2 is disabled/absent or at EL2/EL3. */
static void case_pmcr_p(void)
{
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned w, n;
	bool want;

	for (w = 0; w < WHERE_COUNT; w++)
		for (n = 0; n < N_COUNTERS; n++) {
			s = state_at(&f, (enum where)w, 3);
			want = n < 3 || !(w == NS_EL1 || w == NS_EL0);
			expect(pmcr_p_resets(&f, &s, n) == want, "PMCR_EL0.P at %s resets counter %u (HPMN 3): %s",
			       where_name[w], n, want ? "yes" : "no");
		}
}

/*
 * D11.5.2 / D13.5.2.1 freeze on overflow (FEAT_PMUv3p7), from the text: with HPMN = 3 of 6, counter n in
 * [0..2] does not count when PMCR_EL0.FZO is 1 and PMOVSCLR_EL0[2:0] is nonzero; n in [3..5] when
 * MDCR_EL2.HPMFZO is 1 and PMOVSCLR_EL0[5:3] is nonzero. The cycle counter only through PMCR_EL0.DP, and only
 * for a freeze of the first range. Nothing freezes without FEAT_PMUv3p7.
 */
static void case_freeze(void)
{
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned fzo, hpmfzo, dp, flags, n, v;
	bool want, first_ovf, second_ovf;

	for (v = 0; v < 2; v++)
		for (fzo = 0; fzo < 2; fzo++)
			for (hpmfzo = 0; hpmfzo < 2; hpmfzo++)
				for (dp = 0; dp < 2; dp++)
					for (flags = 0; flags < 64; flags++) {
						f.pmuver = v ? PMUVer_V3P7 : PMUVer_V3P5;
						s = state_at(&f, NS_EL1, 3);
						s.pmcr_el0 |= (fzo ? PMCR_EL0_FZO_BIT : 0) | (dp ? PMCR_EL0_DP_BIT : 0);
						s.mdcr_el2 |= hpmfzo ? MDCR_EL2_HPMFZO_BIT : 0;
						s.pmovsclr_el0 = flags;
						first_ovf = flags & 0x7;
						second_ovf = flags & 0x38;
						for (n = 0; n < N_COUNTERS; n++) {
							want = !(v && (n < 3 ? fzo && first_ovf : hpmfzo && second_ovf));
							expect(count_pmu_events(&f, &s, n) == want,
							       "PMUVer=0x%x FZO=%u HPMFZO=%u PMOVSCLR=0x%02x: counter %u %s", f.pmuver,
							       fzo, hpmfzo, flags, n, want ? "counts" : "frozen");
						}
						want = !(v && dp && fzo && first_ovf);
						expect(count_pmu_events(&f, &s, CYCLE_COUNTER_ID) == want,
						       "PMUVer=0x%x FZO=%u DP=%u PMOVSCLR=0x%02x: cycle counter %s", f.pmuver, fzo,
						       dp, flags, want ? "counts" : "stopped");
					}
}

/* D13.5.1.3 IWMNXT: the instruction counter's enables are PMCR.E and PMCNTENSET_EL0.F0; D13.7.1: its filter
 * is PMICFILTR_EL0 (here P = 1: filtered at Secure and Non-secure EL1 with NSK = 0). */
static void case_instruction_counter(void)
{
	struct pmu_features f = full();
	struct pmu_state s;
	unsigned e, f0, p;
	bool want;

	for (e = 0; e < 2; e++)
		for (f0 = 0; f0 < 2; f0++)
			for (p = 0; p < 2; p++) {
				s = state_at(&f, NS_EL1, 3);
				s.pmcr_el0 = e ? PMCR_EL0_E_BIT : 0;
				s.mdcr_el2 |= MDCR_EL2_HPME_BIT;
				s.pmcntenset_el0 = f0 ? PMU_CNT_F0_BIT : MASK64(N_COUNTERS - 1, 0) | PMU_CNT_C_BIT;
				s.pmicfiltr_el0 = p ? PMEVTYPER_P_BIT : 0;
				want = e && f0 && !p;
				expect(count_pmu_events(&f, &s, INSTRUCTION_COUNTER_ID) == want,
				       "instruction counter: E=%u F0=%u PMICFILTR_EL0.P=%u: %s", e, f0, p,
				       want ? "counts" : "does not count");
			}
}

int main(void)
{
	printf("TAP version 14\n");
	run_case("model.table_d11_2 (D11.5.1 Table D11-2)", case_table_d11_2);
	run_case("model.table_d11_3 (D11.5.1 Table D11-3, D13.5.1.1 Table D13-4)", case_table_d11_3);
	run_case("model.cycle_counter_enable (D13.5.1.2 IBTGDJ)", case_cycle_counter_enable);
	run_case("model.pmcr_n (D11.5.1 Note, PMCR_EL0.N)", case_pmcr_n);
	run_case("model.pmswinc_reach (PMSWINC_EL0, PMUSwIncrement)", case_pmswinc_reach);
	run_case("model.hpmn_ranges (EffectiveHPMN, GetPMUCounterRange)", case_hpmn_ranges);
	run_case("model.prohibition (D11.5.3, D13.5.4 RJDWFF/RGNGCW/RMMZLZ/RWVDWZ)", case_prohibition);
	run_case("model.cycle_prohibition (D11.5.3, D13.5.4: DP, SCCD, HCCD, MCCD)", case_cycle_prohibition);
	run_case("model.filtering (D11.7.1, D13.7.1, PMEVTYPER<n>_EL0 fields)", case_filtering);
	run_case("model.overflow_width (D13.3 RQZJKS, RNTZHW)", case_overflow_width);
	run_case("model.overflow_irq (D13.3.1)", case_overflow_irq);
	run_case("model.pmcr_p (PMCR_EL0.P)", case_pmcr_p);
	run_case("model.freeze (D11.5.2, D13.5.2.1: FZO, HPMFZO, DP)", case_freeze);
	run_case("model.instruction_counter (D13.5.1.3 IWMNXT, D13.7.1)", case_instruction_counter);
	printf("1..%u\n", cases_passed + cases_failed);
	printf("%u passed, %u failed\n", cases_passed, cases_failed);
	return cases_failed ? 1 : 0;
}
