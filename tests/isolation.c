/*
 * isolation.c - what the run leaves behind, and the order it runs in (isolation.final_state, and ci/check_order.py for the order).
 *
 * isolation_capture() reads the controls every test point starts from (runtime/baseline.h, after
 * baseline_restore_all()) and the state the suite must not leak: MDCR_EL3 and SCR_EL3 (entered at EL3),
 * MDCR_EL2 and HCR_EL2 (EL2 owned), PMCR_EL0, PMCNTENSET_EL0, PMINTENSET_EL1, PMOVSSET_EL0, PMUSERENR_EL0,
 * PMCCFILTR_EL0, PMSELR_EL0, PMECR_EL1 (FEAT_EBEP or FEAT_PMUv3_SS), PMSSCR_EL1 (FEAT_PMUv3_SS), the
 * orchestrator's PSTATE.PM (FEAT_EBEP, read as SPSR_ELx[32] of a service call: ctx_get_pm()), and this PE's GIC
 * SGI/PPI enables and pending bits. The test point isolation.final_state compares the values after the last module with those
 * before the first, field by field.
 */
#include <stdio.h>
#include <string.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "drivers/gic/gic.h"
#include "isolation.h"
#include "pmu_util.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "test/test.h"

#define RULES "runtime/baseline.h reset state: every control back where the run found it"

enum { R_MDCR_EL3, R_SCR_EL3, R_MDCR_EL2, R_HCR_EL2, R_PMCR, R_PMCNTEN, R_PMINTEN, R_PMOVS, R_PMUSERENR,
       R_PMCCFILTR, R_PMSELR, R_PMECR, R_PMSSCR, R_PSTATE_PM, R_GIC_EN, R_GIC_PEND, R_COUNT };

static const char *const reg_name[R_COUNT] = {
	"MDCR_EL3", "SCR_EL3", "MDCR_EL2", "HCR_EL2", "PMCR_EL0", "PMCNTENSET_EL0", "PMINTENSET_EL1",
	"PMOVSSET_EL0", "PMUSERENR_EL0", "PMCCFILTR_EL0", "PMSELR_EL0", "PMECR_EL1", "PMSSCR_EL1",
	"PSTATE.PM", NULL, NULL,
}; /* the GIC's two: gic_sgi_ppi_reg() */

/*
 * *v = read(), unless the read takes an exception: a firmware that owns EL3 or EL2 may trap PMECR_EL1 or
 * PMSSCR_EL1 (MDCR_EL3.EnPM2, MDCR_EL3.EnPMSS, MDCR_EL2.TPM). Returns whether the read completed.
 */
static bool guarded_read(uint64_t (*read)(void), uint64_t *v)
{
	struct exc_record rec;

	exc_expect_begin(&rec);
	*v = read();
	isb();
	return !exc_expect_end();
}

void isolation_capture(struct isolation_state *st)
{
	const char *why;
	bool el3 = orchestrator_el == 3, el2 = features.el2 && pmu_owns_el2();

	memset(st, 0, sizeof(*st));
	if (gic_init(&why) == false)
		st->no_gic = true;
	st->have = (el3 ? BIT64(R_MDCR_EL3) | BIT64(R_SCR_EL3) : 0) | (el2 ? BIT64(R_MDCR_EL2) | BIT64(R_HCR_EL2) : 0) |
		   (pmu_implemented(&features.pmu) ? MASK64(R_PMSELR, R_PMCR) : 0) |
		   ((features.pmu.ebep || features.pmu.pmss) ? BIT64(R_PMECR) : 0) |
		   (features.pmu.pmss ? BIT64(R_PMSSCR) : 0) | (features.pmu.ebep ? BIT64(R_PSTATE_PM) : 0) |
		   (st->no_gic ? 0 : BIT64(R_GIC_EN) | BIT64(R_GIC_PEND));
	if (el3) {
		st->v[R_MDCR_EL3] = read_mdcr_el3();
		st->v[R_SCR_EL3] = read_scr_el3();
	}
	if (el2) {
		st->v[R_MDCR_EL2] = read_mdcr_el2();
		st->v[R_HCR_EL2] = read_hcr_el2();
	}
	if (pmu_implemented(&features.pmu)) {
		st->v[R_PMCR] = read_pmcr_el0() & ~PMCR_EL0_N_MASK;
		st->v[R_PMCNTEN] = read_pmcntenset_el0();
		st->v[R_PMINTEN] = read_pmintenset_el1();
		st->v[R_PMOVS] = read_pmovsset_el0();
		st->v[R_PMUSERENR] = read_pmuserenr_el0();
		st->v[R_PMCCFILTR] = read_pmccfiltr_el0();
		st->v[R_PMSELR] = read_pmselr_el0();
	}
	if (st->have & BIT64(R_PMECR) && !guarded_read(read_pmecr_el1, &st->v[R_PMECR]))
		st->have &= ~BIT64(R_PMECR);
	if (st->have & BIT64(R_PMSSCR) && !guarded_read(read_pmsscr_el1, &st->v[R_PMSSCR]))
		st->have &= ~BIT64(R_PMSSCR);
	if (st->have & BIT64(R_PSTATE_PM))
		st->v[R_PSTATE_PM] = ctx_get_pm();
	if (!st->no_gic) {
		st->v[R_GIC_EN] = gic_sgi_ppi_bits(false);
		st->v[R_GIC_PEND] = gic_sgi_ppi_bits(true);
	}
}

void isolation_check(const struct isolation_state *entry)
{
	struct isolation_state now;
	struct check_group g;
	unsigned r;

	if (!group_begin(&g, RULES, "isolation.final_state"))
		return;
	isolation_capture(&now);
	for (r = 0; r < R_COUNT; r++)
		if (entry->have & BIT64(r))
			check(&g, now.v[r] == entry->v[r], "%s = 0x%llx after the last module, 0x%llx before the first",
			      reg_name[r] ? reg_name[r] : gic_sgi_ppi_reg(r == R_GIC_PEND), (unsigned long long)now.v[r],
			      (unsigned long long)entry->v[r]);
	group_end(&g);
}

/* splitmix64: one 64-bit step of a seeded sequence (Steele, Lea, Flood 2014); small and reproducible. */
static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

void isolation_shuffle(unsigned *order, unsigned n, uint64_t seed)
{
	uint64_t state = seed;
	unsigned i, j, t;

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = n; i > 1; i--) { /* Fisher-Yates */
		j = (unsigned)(splitmix64(&state) % i);
		t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
}
