/*
 * pmu_util.c - see pmu_util.h.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "drivers/gic/gic.h"
#include "platform/platform_desc.h"
#include "pmu_util.h"
#include "runtime/aarch32.h"
#include "runtime/baseline.h"
#include "runtime/stacks.h"
#include "test/test.h"

uint64_t pmu_event_counter_mask(void)
{
	return BIT64(features.pmu.num_counters) - 1;
}

const struct claim *pmu_count_claim(struct claim *c, const struct pmu_state *s, unsigned n, unsigned ctl,
				    uint64_t expected, uint64_t seen)
{
	uint64_t filter = n == CYCLE_COUNTER_ID ? s->pmccfiltr_el0 : s->pmevtyper[n];

	ctl |= (s->pmcr_el0 & PMCR_EL0_E_BIT ? CLAIM_PMCR_E : 0) | (s->pmcr_el0 & PMCR_EL0_LC_BIT ? CLAIM_PMCR_LC : 0) |
	       (s->mdcr_el2 & MDCR_EL2_HPME_BIT ? CLAIM_MDCR_EL2_HPME : 0) |
	       (filter & PMEVTYPER_SH_BIT ? CLAIM_SH : 0) | (filter & PMEVTYPER_NSH_BIT ? CLAIM_NSH : 0) |
	       (filter & PMEVTYPER_M_BIT ? CLAIM_M : 0) | (s->el1_aarch32 ? CLAIM_EL1_AARCH32 : 0);
	*c = (struct claim){ .reg = n == CYCLE_COUNTER_ID ? "PMCCNTR_EL0" : "PMEVCNTR<n>_EL0", .n = (int)n,
			     .hpmn = el2_enabled(&features.pmu, s) ? (int)FIELD_GET(MDCR_EL2, HPMN, s->mdcr_el2) : -1,
			     .ctl = ctl, .expected = expected, .seen = seen };
	return c;
}

unsigned pmu_access_claim_ctl(const struct pmu_state *s, uint64_t pmuserenr, bool write)
{
	return (unsigned)(pmuserenr & CLAIM_PMUSERENR_MASK) | (write ? CLAIM_WRITE : 0) |
	       (s->mdcr_el2 & MDCR_EL2_TPM_BIT ? CLAIM_MDCR_EL2_TPM : 0) |
	       (s->mdcr_el2 & MDCR_EL2_TPMCR_BIT ? CLAIM_MDCR_EL2_TPMCR : 0) |
	       (s->mdcr_el3 & MDCR_EL3_TPM_BIT ? CLAIM_MDCR_EL3_TPM : 0);
}

struct pmu_access_features pmu_access_features_of_pe(void)
{
	unsigned pmuver = (unsigned)FIELD_GET(ID_AA64DFR0_EL1, PMUVer, features.id_aa64dfr0_el1);

	return (struct pmu_access_features){ .fgt = features.fgt, .fgt2 = features.fgt2,
					     .pmuv3p9 = pmuver >= 0x9 && pmuver != 0xf };
}

uint64_t pmu_all_counter_mask(void)
{
	return pmu_event_counter_mask() | PMU_CNT_C_BIT | (features.pmu.pmicntr ? PMU_CNT_F0_BIT : 0);
}

bool pmu_owns_el2(void)
{
	return features.el2 && orchestrator_el >= 2;
}

void pmu_state_init(struct pmu_state *s, enum ctx c)
{
	unsigned n;

	/* Field by field, every field: zeroing the whole struct first was picolibc's byte-at-a-time memset on
	 * 360 bytes, 13% of the suite's instructions (make bench). The assertion makes a new field fail the build
	 * until it is set here. */
	_Static_assert(sizeof(struct pmu_state) == 384, "struct pmu_state changed: set its new field here");
	s->el = ctx_el(c);
	s->secure = features.el3 && ctx_secure(c);
	s->scr_el3 = (s->secure ? 0 : SCR_EL3_NS_BIT) | (ctx_eel2(c) ? SCR_EL3_EEL2_BIT : 0);
	s->mdcr_el3 = MDCR_EL3_BASELINE;
	s->mdcr_el2 = features.el2 ? mdcr_el2_baseline() : 0;
	s->pmcr_el0 = 0;
	s->pmcntenset_el0 = 0;
	s->pmccfiltr_el0 = PMU_FILTER_ALL;
	s->pmicfiltr_el0 = 0;
	for (n = 0; n < 31; n++)
		s->pmevtyper[n] = PMU_FILTER_ALL | PMU_EVENT_SW_INCR;
	/* every other control at 0: no EBEP or snapshot control, HCR_EL2 = 0, no overflow flag, OS Lock unlocked */
	s->pmecr_el1 = 0;
	/* E2H: a VHE context, or RES1 without FEAT_E2H0; TGE: the host EL0 (ELIsInHost(EL0)) */
	s->hcr_el2 = (features.e2h_res1 || ctx_vhe(c) ? HCR_EL2_E2H_BIT : 0) | (ctx_host_el0(c) ? HCR_EL2_TGE_BIT : 0);
	s->pmovsclr_el0 = 0;
	s->oslsr_el1 = 0;
	s->pmsscr_el1 = 0;
	s->halted = false;
	s->pmpcsctl_ss = false;
	s->el1_aarch32 = ctx_el1_aarch32(c);
	s->sder32_el3 = 0; /* el3_baseline() */
	s->pmblimitr_el1 = 0; /* el1_baseline(): no Profiling Buffer, no SPE freeze */
	s->pmbsr_el1 = 0;
}

void pmu_stop(void)
{
	write_pmcr_el0(0);
	if (pmu_owns_el2())
		write_mdcr_el2(read_mdcr_el2() & ~MDCR_EL2_HPME_BIT);
	write_pmcntenclr_el0(pmu_all_counter_mask());
	isb();
}

void pmu_program(const struct pmu_state *s)
{
	unsigned n;

	pmu_stop();
	/* noted before counting starts: what test_note() runs must not be counted (tests/icntr.c compares runs) */
	test_note(TREG_PMCR_EL0, s->pmcr_el0);
	test_note(TREG_PMCNTENSET_EL0, s->pmcntenset_el0);
	test_note(TREG_PMCCFILTR_EL0, s->pmccfiltr_el0);
	for (n = 0; n < features.pmu.num_counters; n++)
		test_note(TREG_PMEVTYPERn_EL0, s->pmevtyper[n]);
	if (features.pmu.pmicntr)
		test_note(TREG_PMICFILTR_EL0, s->pmicfiltr_el0);
	if (orchestrator_el == 3)
		test_note(TREG_MDCR_EL3, s->mdcr_el3);
	if (pmu_owns_el2())
		test_note(TREG_MDCR_EL2, s->mdcr_el2);
	for (n = 0; n < features.pmu.num_counters; n++) {
		write_pmevtyper(n, s->pmevtyper[n]);
		write_pmevcntr(n, 0);
	}
	write_pmccfiltr_el0(s->pmccfiltr_el0);
	write_pmccntr_el0(0);
	if (features.pmu.pmicntr) {
		write_pmicfiltr_el0(s->pmicfiltr_el0);
		write_pmicntr_el0(0);
	}
	write_pmovsclr_el0(pmu_all_counter_mask());
	write_pmcntenset_el0(s->pmcntenset_el0);
	if (orchestrator_el == 3)
		write_mdcr_el3(s->mdcr_el3);
	if (orchestrator_el == 3 && s->el1_aarch32) /* SDER32_EL3.SUNIDEN: only an AArch32 EL1's Secure EL0 reads it */
		write_sder32_el3(s->sder32_el3);
	if (pmu_owns_el2())
		write_mdcr_el2(s->mdcr_el2);
	if (spe_buffer_owned()) { /* the SPE freeze's controls (SPEFreezeOnEvent) */
		write_pmbsr_el1(s->pmbsr_el1);
		write_pmblimitr_el1(s->pmblimitr_el1);
	}
	write_pmcr_el0(s->pmcr_el0);
	isb();
}

uint64_t pmu_at_ctx_swinc_spin(uint64_t mask)
{
	volatile unsigned i;

	for (i = 0; i < PMU_SWINC_WRITES; i++)
		write_pmswinc_el0(mask);
	for (i = 0; i < PMU_CYCLE_SPIN; i++)
		;
	isb();
	return 0;
}

int pmu_ctx_a32_swinc(enum ctx c, uint64_t mask, unsigned writes, unsigned spin)
{
	struct a32_op ops[8 + 3];
	uint64_t ret;
	unsigned i;

	for (i = 0; i < writes && i < 8; i++)
		ops[i] = (struct a32_op){ .kind = A32_OP_WRITE, .reg = A32_REG_PMSWINC, .lo = (uint32_t)mask };
	if (spin)
		ops[i++] = (struct a32_op){ .kind = A32_OP_SPIN, .lo = spin };
	ops[i++] = (struct a32_op){ .kind = A32_OP_ISB };
	ops[i] = (struct a32_op){ .kind = A32_OP_END };
	return ctx_call_a32(c, ops, &ret);
}

int pmu_ctx_a32_write_read(enum ctx c, unsigned wreg, uint32_t value, unsigned rreg, uint64_t *read, bool *undef)
{
	struct a32_op ops[4] = { { .kind = A32_OP_WRITE, .reg = (uint16_t)wreg, .lo = value }, { .kind = A32_OP_ISB },
				 { .kind = A32_OP_READ, .reg = (uint16_t)rreg }, { .kind = A32_OP_END } };
	uint64_t ret;
	int status = ctx_call_a32(c, ops, &ret);

	*read = ops[2].lo | (uint64_t)ops[2].hi << 32;
	*undef = (ops[0].out | ops[2].out) & A32_OUT_UNDEF;
	return status;
}

int pmu_ctx_swinc_spin(enum ctx c, uint64_t mask)
{
	uint64_t ret;

	if (ctx_aarch32(c))
		return pmu_ctx_a32_swinc(c, mask, PMU_SWINC_WRITES, PMU_CYCLE_SPIN);
	return ctx_call(c, pmu_at_ctx_swinc_spin, mask, &ret);
}

static uint64_t at_ctx_read_pmcr(uint64_t unused)
{
	(void)unused;
	return read_pmcr_el0();
}

int pmu_ctx_read_pmcr(enum ctx c, uint64_t *v)
{
	struct a32_op ops[2] = { { .kind = A32_OP_READ, .reg = A32_REG_PMCR }, { .kind = A32_OP_END } };
	int status;

	if (!ctx_aarch32(c))
		return ctx_call(c, at_ctx_read_pmcr, 0, v);
	status = ctx_call_a32(c, ops, v);
	*v = ops[0].lo;
	return status;
}

const char *pmu_context_skip_reason_a64(enum ctx c, bool needs_sw_incr, const char *a32_why)
{
	const char *why = pmu_context_skip_reason(c, needs_sw_incr);

	return why ? why : ctx_aarch32(c) ? a32_why : NULL;
}

enum ctx pmu_orchestrator_ctx(void)
{
	if (orchestrator_el == 2)
		return features.e2h_res1 ? CTX_NS_EL2_VHE : CTX_NS_EL2; /* E2H RES1: the orchestrator's EL2 is VHE */
	return orchestrator_el == 3 ? CTX_EL3 : CTX_NS_EL1;
}

enum ctx pmu_sequence_ctx(void)
{
	const char *why;

	return ctx_available(CTX_NS_EL2, &why) ? CTX_NS_EL2 : pmu_orchestrator_ctx();
}

/* context.h: EL0 returns through its EL1. */
bool pmu_ctx_visited(enum ctx target, enum ctx c)
{
	if (c == target || c == pmu_orchestrator_ctx())
		return true;
	if (ctx_host_el0(target)) /* its service is EL2's, in the same regime */
		return ctx_el(c) == 2 && ctx_vhe(c) && ctx_secure(c) == ctx_secure(target);
	return ctx_el(target) == 0 && ctx_el(c) == 1 && ctx_secure(c) == ctx_secure(target) &&
	       ctx_eel2(c) == ctx_eel2(target) && !ctx_vhe(c);
}

const char *pmu_context_skip_reason(enum ctx c, bool needs_sw_incr)
{
	const char *why = NULL;

	if (!pmu_implemented(&features.pmu))
		return "PMUv3 not implemented (ID_AA64DFR0_EL1.PMUVer is 0x0 or 0xF)";
	if (needs_sw_incr && !pmu_event_implemented(PMU_EVENT_SW_INCR))
		return "SW_INCR not in PMCEID0_EL0 (bit 0 == 0)";
	ctx_available(c, &why);
	return why;
}

const char *pmu_el2_traps_why(void)
{
	return features.el2 && !pmu_owns_el2() ? "EL2 is implemented but owned by a higher level: the traps it sets on this "
						 "context's accesses (a hypervisor's MDCR_EL2.TPM, say) are exceptions "
						 "from here too, which pmucheck can neither see nor prevent" : NULL;
}

const char *pmu_el2_control_why(void)
{
	return features.el2 && !pmu_owns_el2() ? "EL2 is implemented but owned by a higher level: pmucheck cannot set the "
						 "MDCR_EL2 controls this check varies" : NULL;
}

void pmu_skip_at(const char *point, enum ctx c, const char *rules, const char *why)
{
	const char *cwhy;
	char name[64];

	if (ctx_aarch32(c) && !ctx_available(c, &cwhy)) /* AArch32 absent: the field that says so, first */
		why = cwhy;

	snprintf(name, sizeof(name), "%s.%s", point, ctx_name(c));
	tap_skip(name, rules, "%s", why);
}

uint64_t pmu_filter_combo(const uint64_t *bits, unsigned nbits, unsigned combo)
{
	uint64_t f = 0;
	unsigned b;

	for (b = 0; b < nbits; b++)
		if (combo & (1u << b))
			f |= bits[b];
	return f;
}

/* pmu_filter_only_at()'s answers on PE filter_only_at_pe (PEs may differ in what they implement; they run one
 * after the other) per context: 0 = not yet. */
static uint64_t filter_only_at_found[CTX_COUNT];
static unsigned filter_only_at_pe;

static uint64_t filter_only_at_search(enum ctx target)
{
	static const uint64_t bits[] = { PMEVTYPER_P_BIT, PMEVTYPER_U_BIT, PMEVTYPER_NSK_BIT, PMEVTYPER_NSU_BIT,
					 PMEVTYPER_NSH_BIT, PMEVTYPER_M_BIT, PMEVTYPER_SH_BIT };
	struct pmu_state s;
	unsigned combo, c;
	uint64_t filter;
	bool only;

	for (combo = 0; combo < 128; combo++) {
		filter = pmu_filter_combo(bits, 7, combo);
		only = true;
		for (c = 0; c < CTX_COUNT && only; c++) {
			if (!pmu_ctx_visited(target, (enum ctx)c))
				continue;
			pmu_state_init(&s, (enum ctx)c);
			s.pmcr_el0 = PMCR_EL0_E_BIT;
			s.pmcntenset_el0 = PMU_CNT_C_BIT;
			s.pmccfiltr_el0 = filter;
			only = count_pmu_events(&features.pmu, &s, CYCLE_COUNTER_ID) == (c == target);
		}
		if (only)
			return filter;
	}
	return PMU_FILTER_ALL;
}

uint64_t pmu_filter_only_at(enum ctx target)
{
	uint64_t *found = &filter_only_at_found[target];

	if (filter_only_at_pe != pe_current) {
		memset(filter_only_at_found, 0, sizeof(filter_only_at_found));
		filter_only_at_pe = pe_current;
	}

	/* The search depends only on the PE's features and the context: done once (it was a quarter of the
	 * suite's instructions when every test point repeated it, make bench). Bit 63 marks a stored answer. */
	if (!*found)
		*found = filter_only_at_search(target) | BIT64(63);
	return *found & ~BIT64(63);
}

bool pmu_irq_ready(const char **why)
{
	static char buf[160];

	if (!gic_init(why))
		return false;
	if (plat.pmu_intid >= 16 && plat.pmu_intid < 32)
		return true;
	if (!plat.pmu_intid && plat.from_acpi)
		snprintf(buf, sizeof(buf), "no PMU overflow interrupt in the ACPI MADT (the GICC entry's Performance "
			 "Interrupt GSIV is 0)");
	else if (!plat.pmu_intid)
		snprintf(buf, sizeof(buf), "no PMU overflow interrupt in the device tree (no arm,armv8-pmuv3 or "
			 "arm,<core>-pmu node with interrupts)");
	else
		snprintf(buf, sizeof(buf), "the PMU overflow interrupt is INTID %u, an SPI (%s): pmucheck routes only a "
			 "PPI (INTID 16-31)", plat.pmu_intid, plat.from_acpi ? "ACPI MADT" : "device tree");
	*why = buf;
	return false;
}

bool pmu_counts_instructions_exactly(void)
{
	return test_platform_version()[0] && pmu_event_implemented(PMU_EVENT_INST_RETIRED);
}

bool pmu_icntr_counts_elsewhere(enum ctx c, const struct pmu_state *s)
{
	return pmu_decides_elsewhere(c, s, INSTRUCTION_COUNTER_ID, true);
}

bool pmu_decides_elsewhere(enum ctx c, const struct pmu_state *s, unsigned idx, bool counts)
{
	struct pmu_state v;
	unsigned o;

	for (o = 0; o < CTX_COUNT; o++) {
		if (o == c || !pmu_ctx_visited(c, (enum ctx)o))
			continue;
		v = *s;
		v.el = ctx_el((enum ctx)o);
		v.secure = features.el3 && ctx_secure((enum ctx)o);
		v.scr_el3 = (v.secure ? 0 : SCR_EL3_NS_BIT) | (ctx_eel2((enum ctx)o) ? SCR_EL3_EEL2_BIT : 0);
		if (count_pmu_events(&features.pmu, &v, idx) == counts)
			return true;
	}
	return false;
}

unsigned pmu_filter_bits(uint64_t *bits)
{
	unsigned n = 0;

	bits[n++] = PMEVTYPER_P_BIT;
	bits[n++] = PMEVTYPER_U_BIT;
	if (features.el3) {
		bits[n++] = PMEVTYPER_NSK_BIT;
		bits[n++] = PMEVTYPER_NSU_BIT;
		bits[n++] = PMEVTYPER_M_BIT;
	}
	if (features.el2)
		bits[n++] = PMEVTYPER_NSH_BIT;
	if (features.el3 && features.sel2)
		bits[n++] = PMEVTYPER_SH_BIT;
	return n;
}

uint32_t ext_read32(uint64_t base, unsigned off)
{
	return *(volatile uint32_t *)(uintptr_t)(base + off);
}

void ext_write32(uint64_t base, unsigned off, uint32_t v)
{
	*(volatile uint32_t *)(uintptr_t)(base + off) = v;
	dsb_sy();
}

bool ext_locks_release(uint64_t base_a, uint64_t base_b)
{
	bool os_locked = (read_oslsr_el1() & OSLSR_EL1_OSLK_BIT) != 0;

	write_oslar_el1(0);
	isb();
	if (base_a)
		ext_write32(base_a, CS_LAR_OFF, CS_LAR_KEY);
	if (base_b)
		ext_write32(base_b, CS_LAR_OFF, CS_LAR_KEY);
	return os_locked;
}

void ext_locks_restore(bool os_locked, uint64_t base_a, uint64_t base_b)
{
	if (base_a)
		ext_write32(base_a, CS_LAR_OFF, 0);
	if (base_b)
		ext_write32(base_b, CS_LAR_OFF, 0);
	if (os_locked) {
		write_oslar_el1(1);
		isb();
	}
}
