/*
 * pc_sample.c - PC Sample-based Profiling through the external debug registers (EDPCSRlo, EDPCSRhi, EDCIDSR,
 * EDVIDSR; the pseudocode CreatePCSample and EDPCSRlo in ../shared/spec/002_*.txt; the model lib/model/pc_sample.c).
 *
 * The PE samples itself: a context reads its own EDPCSRlo through the memory-mapped debug block the device tree
 * names (arm,coresight-cpu-debug, plat.pe_debug_base[]), which takes a sample (CreatePCSample) and writes the
 * companions. The orchestrator then reads EDPRSR, EDPCSRhi, EDCIDSR and EDVIDSR. With EDPRSR<6:5,0> == '001'
 * (not double-locked, OS Lock unlocked, powered up) the read must return either 0xFFFFFFFF (no sample:
 * ExternalNoninvasiveDebugAllowed() FALSE, which the authentication interface decides and software cannot see)
 * or the sample of an instruction inside pmucheck's code; a valid sample must name the context: EDCIDSR =
 * CONTEXTIDR_EL1 as the orchestrator set it, EDVIDSR.NS = Non-secure, EDVIDSR.E2 = (EL2), EDVIDSR.E3 = (EL3)
 * (EDPCSRlo pseudocode, EDSCR.SC2 == 0 at reset). Test point: pc_sample.edpcsr.<ctx>, where EDDEVID.PCSample says
 * the debug block has the sample registers (FEAT_PCSRv8; from Armv8.2 they moved to the PMU, H7.1.2).
 * The same through the PMU's external interface (FEAT_PCSRv8p2, FEAT_PCSRv8p9; the PMPCSR[] read pseudocode), found
 * in the device tree as snapshot.c finds it (FDT_PMU_EXT_COMPAT) and present where PMDEVID.PCSample != 0: the
 * context reads PMPCSR[31:0] (the sample); PMPCSR[63:32] and PMCID1SR must then name the context (PC inside
 * pmucheck's code or 0xFFFFFFFF, PMPCSR.EL, PMPCSR.NS, PMCID1SR = CONTEXTIDR_EL1). Test point:
 * pc_sample.pmpcsr.<ctx>. EL0 is not sampled (its mapping of the blocks is privileged). The offsets are the
 * external register maps of DDI0487 (H9, I5.2), not in the local spec copy.
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/sysreg.h"
#include "platform/platform_desc.h"
#include "runtime/context.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/exception.h"
#include "runtime/image_layout.h"
#include "runtime/stacks.h"
#include "test/test.h"
#include "tests.h"

#define RULES "CreatePCSample, EDPCSRlo (PC Sample-based Profiling), EDVIDSR, EDCIDSR"
#define EDPCSRlo_OFF 0x0A0
#define EDCIDSR_OFF  0x0A4
#define EDVIDSR_OFF  0x0A8
#define EDPCSRhi_OFF 0x0AC
#define EDPRSR_OFF   0x314
#define DEVID_OFF    0xFC8       /* EDDEVID, PMDEVID: PCSample is bits [3:0] in both */
#define PMCID1SR_OFF 0x208
#define NO_SAMPLE    0xFFFFFFFFu
#define RULES_PMU "CreatePCSample, PMPCSR[] (read; FEAT_PCSRv8p2, FEAT_PCSRv8p9), PMCID1SR"

static uint64_t debug_base, pmu_base;

static uint32_t ed_read(unsigned off)
{
	return ext_read32(debug_base, off);
}

static uint32_t pm_read(unsigned off)
{
	return ext_read32(pmu_base, off);
}

/* Whether pc is inside pmucheck's code (__text_start..__text_end): the sampled PE ran nothing else. */
static bool in_text(uint64_t pc)
{
	return pc >= (uint64_t)(uintptr_t)__text_start && pc < (uint64_t)(uintptr_t)__text_end;
}

/* Runs in the context: one read of its own EDPCSRlo (the sample). */
static uint64_t at_ctx_sample(uint64_t unused)
{
	(void)unused;
	return ed_read(EDPCSRlo_OFF);
}

/* Runs in the context: one read of its own PMPCSR[31:0] (the sample, with PMPCSCTL.SS = 0). */
static uint64_t at_ctx_pmpcsr(uint64_t unused)
{
	(void)unused;
	return pm_read(PMU_EXT_PMPCSR_LO);
}

/* PMPCSR[] through the PMU external interface at context c (pmu_base set, its Software Lock unlocked). */
static void check_pmpcsr(enum ctx c)
{
	struct check_group g;
	uint64_t ret, pc, hi64;
	uint32_t lo, hi, cid, contextidr = 0x00C1E000u | (unsigned)c;
	unsigned el;

	if (!group_begin(&g, RULES_PMU, "pc_sample.pmpcsr.%s", ctx_name(c)))
		return;
	EL1_REG_WRITE(contextidr, contextidr); /* CONTEXTIDR_EL12 from an EL2 with E2H = 1 */
	isb();
	if (ctx_call(c, at_ctx_pmpcsr, 0, &ret) != CTX_OK) {
		check(&g, false, "an unexpected exception ended the PMPCSR read at %s", ctx_name(c));
		exc_record_print(&exc_unexpected);
		baseline_restore_all();
		group_end(&g);
		return;
	}
	lo = (uint32_t)ret;
	hi = pm_read(PMU_EXT_PMPCSR_HI);
	cid = pm_read(PMCID1SR_OFF);
	hi64 = (uint64_t)hi << 32;
	pc = (hi64 & PMPCSR_PChi_MASK) | lo;
	el = (unsigned)((hi64 & PMPCSR_EL_MASK) >> PMPCSR_EL_SHIFT);
	check(&g, lo == NO_SAMPLE || in_text(pc),
	      "PMPCSR = 0x%08x%08x: PC 0x%llx neither 0xFFFFFFFF (no sample) nor inside pmucheck's code 0x%llx..0x%llx "
	      "(the sampled PE ran nothing else)", hi, lo, (unsigned long long)pc,
	      (unsigned long long)(uintptr_t)__text_start, (unsigned long long)(uintptr_t)__text_end);
	if (lo == NO_SAMPLE) {
		printf("# pc_sample.pmpcsr.%s: PMPCSR[31:0] = 0xFFFFFFFF: no sample (PC sampling not allowed there)\n",
		       ctx_name(c));
	} else {
		check(&g, el == ctx_el(c) && !!(hi64 & PMPCSR_NS_BIT) == !ctx_secure(c),
		      "PMPCSR.EL = %u, PMPCSR.NS = %u, expected %u, %u for %s", el, !!(hi64 & PMPCSR_NS_BIT), ctx_el(c),
		      !ctx_secure(c), ctx_name(c));
		check(&g, cid == contextidr, "PMCID1SR = 0x%08x, expected CONTEXTIDR_EL1 = 0x%08x", cid, contextidr);
	}
	baseline_restore_all();
	group_end(&g);
}

static void check_ctx(enum ctx c)
{
	struct check_group g;
	uint64_t lo, pc, ret;
	uint32_t hi, cid, vid, edprsr, contextidr = 0x00C1D000u | (unsigned)c;
	unsigned el = ctx_el(c);

	if (!group_begin(&g, RULES, "pc_sample.edpcsr.%s", ctx_name(c)))
		return;
	EL1_REG_WRITE(contextidr, contextidr); /* CONTEXTIDR_EL12 from an EL2 with E2H = 1 */
	isb();
	if (ctx_call(c, at_ctx_sample, 0, &ret) != CTX_OK) {
		check(&g, false, "an unexpected exception ended the EDPCSRlo read at %s", ctx_name(c));
		exc_record_print(&exc_unexpected);
		baseline_restore_all();
		group_end(&g);
		return;
	}
	lo = (uint32_t)ret;
	edprsr = ed_read(EDPRSR_OFF);
	hi = ed_read(EDPCSRhi_OFF);
	cid = ed_read(EDCIDSR_OFF);
	vid = ed_read(EDVIDSR_OFF);
	if (!check(&g, (edprsr & (EDPRSR_DLK_BIT | EDPRSR_OSLK_BIT | EDPRSR_PU_BIT)) == EDPRSR_PU_BIT,
		   "EDPRSR = 0x%08x: double lock, OS Lock or power-down keeps EDPCSRlo from sampling", edprsr))
		goto out;
	pc = (uint64_t)(hi & EDPCSRhi_PC_MASK) << 32 | lo;
	if (!check(&g, lo == NO_SAMPLE || in_text(pc), "EDPCSRhi:EDPCSRlo = 0x%llx: neither 0xFFFFFFFF (no sample) nor "
		   "inside pmucheck's code 0x%llx..0x%llx (the sampled PE ran nothing else)", (unsigned long long)pc,
		   (unsigned long long)(uintptr_t)__text_start, (unsigned long long)(uintptr_t)__text_end) ||
	    lo == NO_SAMPLE) {
		if (lo == NO_SAMPLE)
			printf("# pc_sample.edpcsr.%s: EDPCSRlo = 0xFFFFFFFF: no sample (non-invasive debug not allowed "
			       "there)\n", ctx_name(c));
		goto out;
	}
	check(&g, cid == contextidr, "EDCIDSR = 0x%08x, expected CONTEXTIDR_EL1 = 0x%08x", cid, contextidr);
	check(&g, !!(vid & EDVIDSR_NS_BIT) == !ctx_secure(c) && !!(vid & EDVIDSR_E2_BIT) == (el == 2) &&
		      !!(vid & EDVIDSR_E3_BIT) == (el == 3),
	      "EDVIDSR = 0x%08x: NS %u E2 %u E3 %u, expected %u %u %u for %s", vid, !!(vid & EDVIDSR_NS_BIT),
	      !!(vid & EDVIDSR_E2_BIT), !!(vid & EDVIDSR_E3_BIT), !ctx_secure(c), el == 2, el == 3, ctx_name(c));
out:
	baseline_restore_all();
	group_end(&g);
}

static const enum ctx sample_contexts[] = { CTX_EL3, CTX_NS_EL2, CTX_S_EL2, CTX_NS_EL1, CTX_S_EL1, CTX_S_EL1_SEL2,
					 CTX_NS_EL2_VHE, CTX_S_EL2_VHE };

void test_pc_sample(void)
{
	const char *why = NULL, *pmu_why = NULL;
	bool locked = false;
	unsigned i;

	debug_base = pe_current < plat.pe_count ? plat.pe_debug_base[pe_current] : 0;
	pmu_base = pe_current < plat.pe_count ? plat.pe_pmu_ext_base[pe_current] : 0;
	/* The OS Lock (it resets locked; external accesses are then errors) and each block's Software Lock (a
	 * sampling read then updates no companion register) unlocked for the run, as a debugger does. Without a
	 * block the OS Lock is left alone (firmware owning EL3 may trap OSLAR_EL1: MDCR_EL3.TDOSA). */
	if (debug_base || pmu_base)
		locked = ext_locks_release(debug_base, pmu_base);
	if (!debug_base && plat.from_acpi) {
		why = "no external debug block for this PE: the ACPI tables pmucheck reads (MADT, GTDT, SPCR, FADT) "
		      "describe none";
	} else if (!debug_base) {
		why = "no external debug block for this PE: the device tree has no arm,coresight-cpu-debug node for it";
	} else {
		if (!(ed_read(DEVID_OFF) & 0xFu))
			why = "FEAT_PCSRv8 not implemented: EDDEVID.PCSample == 0b0000 (from Armv8.2 the sample registers are "
			      "the PMU's: pc_sample.pmpcsr)";
	}
	if (!pmu_base) {
		pmu_why = plat.from_acpi ? "no PMU external interface for this PE: the ACPI tables pmucheck reads (MADT, "
					   "GTDT, SPCR, FADT) describe none"
					 : "no PMU external interface for this PE in the device tree (no node compatible "
					   FDT_PMU_EXT_COMPAT " names it; no binding exists for it)";
	} else {
		ext_write32(pmu_base, PMU_EXT_PMPCSCTL, 0); /* SS = 0: a read samples */
		if (!(pm_read(DEVID_OFF) & 0xFu))
			pmu_why = "FEAT_PCSRv8p2 not implemented: PMDEVID.PCSample == 0b0000";
	}
	for (i = 0; i < sizeof(sample_contexts) / sizeof(sample_contexts[0]); i++) {
		enum ctx c = sample_contexts[i];
		const char *cwhy = NULL;

		if (!ctx_available(c, &cwhy)) {
			pmu_skip_at("pc_sample.edpcsr", c, RULES, cwhy);
			pmu_skip_at("pc_sample.pmpcsr", c, RULES_PMU, cwhy);
			continue;
		}
		if (why)
			pmu_skip_at("pc_sample.edpcsr", c, RULES, why);
		else
			check_ctx(c);
		if (pmu_why)
			pmu_skip_at("pc_sample.pmpcsr", c, RULES_PMU, pmu_why);
		else
			check_pmpcsr(c);
	}
	if (debug_base || pmu_base)
		ext_locks_restore(locked, debug_base, pmu_base);
}
