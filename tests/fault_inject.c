/*
 * fault_inject.c - the fault-injection module (make FAULT_INJECT=1): deliberate faults at every context, to
 * show the suite contains them. Each test point below FAILS on purpose, reporting the fault's syndrome as an
 * unexpected exception ends the call (ESR and EC, ELR, the taking EL), and every later test point must give
 * the verdict it gives in a clean run (ci/check_fault_inject.py compares the two streams).
 *   fault.undef.<ctx>           UDF #0: UNDEFINED (EC 0x00)
 *   fault.data_abort.<ctx>      a load from an address no translation table maps (Data Abort, EC 0x24/0x25)
 *   fault.smc.<ctx>             SMC #0 with a function ID no service knows (or UNDEFINED where SMC is)
 *   fault.hvc.<ctx>             HVC #0 likewise
 *   fault.loop.<ctx>            an endless loop: the watchdog ends it (runtime/watchdog.h)
 *   fault.stack_overflow.<ctx>  recursion into the stack's guard page: the fault is taken with SP outside every
 *                               stack, and the context is abandoned (exc_bad_stack())
 *   fault.pmu_exception.<orchestrator's ctx>  FEAT_EBEP: a PMU Profiling exception (EC 0x3D) enabled at the
 *                               orchestrator's own level (MDCR_EL3.PMEE, MDCR_EL2.PMEE or PMECR_EL1.PMEE = 0b11,
 *                               PMECR_EL1.KPME = 1, PSTATE.PM = 0) and raised there, outside any call and with no
 *                               log armed: contained (runtime/exception.h), reported by the test point's end
 * A fault that does not happen fails its test point too, saying so. Not run where they cannot be contained:
 * fault.loop without a watchdog (entered at EL1), fault.stack_overflow at the orchestrator's own level (an
 * overflow of the stack the suite runs on ends the run, by design).
 */
#include <stdio.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "ebep.h"
#include "platform/platform_desc.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "test/test.h"
#include "tests.h"

#define RULES "fault containment: the suite survives this fault"
#define UNMAPPED_VA 0x1000ull /* below every RAM, console and GIC region pmucheck maps */
#define NO_SUCH_CALL 0x7DEAD000u

static uint64_t at_ctx_undef(uint64_t unused)
{
	(void)unused;
	__asm__ volatile("udf #0" ::: "memory");
	return 0;
}

static uint64_t at_ctx_data_abort(uint64_t va)
{
	return *(volatile uint64_t *)(uintptr_t)va;
}

static uint64_t at_ctx_smc(uint64_t unused)
{
	register uint64_t x0 __asm__("x0") = NO_SUCH_CALL;

	(void)unused;
	__asm__ volatile("smc #0" : "+r"(x0)::"memory");
	return x0;
}

static uint64_t at_ctx_hvc(uint64_t unused)
{
	register uint64_t x0 __asm__("x0") = NO_SUCH_CALL;

	(void)unused;
	__asm__ volatile("hvc #0" : "+r"(x0)::"memory");
	return x0;
}

static uint64_t at_ctx_loop(uint64_t unused)
{
	volatile unsigned forever = 1;

	(void)unused;
	while (forever)
		;
	return 0;
}

/* Each level uses 1 KiB of stack and touches it, so the recursion reaches the guard page below the stack. */
static uint64_t __attribute__((noinline)) at_ctx_recurse(uint64_t depth)
{
	volatile uint8_t frame[1024];

	frame[0] = (uint8_t)depth;
	frame[sizeof(frame) - 1] = (uint8_t)depth;
	if (depth > (1u << 20)) /* 1 GiB of stack: far beyond any stack, so the guard page comes first */
		return depth;
	return at_ctx_recurse(depth + 1) + frame[0] + frame[sizeof(frame) - 1];
}

struct fault {
	const char *name;
	uint64_t (*fn)(uint64_t);
	uint64_t arg;
};

static const struct fault faults[] = {
	{ "undef", at_ctx_undef, 0 },
	{ "data_abort", at_ctx_data_abort, UNMAPPED_VA },
	{ "smc", at_ctx_smc, 0 },
	{ "hvc", at_ctx_hvc, 0 },
	{ "loop", at_ctx_loop, 0 },
	{ "stack_overflow", at_ctx_recurse, 0 },
};

static void inject(enum ctx c, const struct fault *f)
{
	struct check_group g;
	uint64_t ret;

	if (!group_begin(&g, RULES, "fault.%s.%s", f->name, ctx_name(c)))
		return;
	if (ctx_call(c, f->fn, f->arg, &ret) == CTX_ABORTED) {
		check(&g, false, "%s at %s: the call was ended by the fault (injected on purpose)", f->name, ctx_name(c));
		exc_record_print(&exc_unexpected);
	} else {
		check(&g, false, "%s at %s: no fault happened (returned 0x%llx)", f->name, ctx_name(c),
		      (unsigned long long)ret);
	}
	baseline_restore_all();
	group_end(&g);
}

/* Why fault f cannot be injected at context c, or NULL. */
static const char *skip_reason(enum ctx c, const struct fault *f)
{
	const char *why = NULL;

	if (!ctx_available(c, &why))
		return why;
	if (ctx_aarch32(c))
		return "the faults are A64 code; at an AArch32 context the A32 agent's own vectors take its UNDEFINED "
		       "accesses (access.*_a32)";
	if (f->fn == at_ctx_loop && orchestrator_el < 2)
		return "no watchdog (entered at EL1): an endless loop could not be ended";
	if (f->fn == at_ctx_recurse && ctx_el(c) == orchestrator_el)
		return "the orchestrator's own stack: an overflow there ends the run (Bail out!), by design";
	if (f->fn == at_ctx_hvc && ctx_el(c) == 3)
		return "HVC at EL3 with SCR_EL3.HCE = 1 is a Hypervisor Call, not a fault: the lower contexts cover it";
	/* a call that reaches firmware pmucheck does not own is that firmware's to answer (PSCI: NOT_SUPPORTED) */
	if (f->fn == at_ctx_smc && ctx_el(c) > 0 && orchestrator_el < 3 && plat.psci == PLAT_PSCI_SMC)
		return "SMC is the conduit of PSCI firmware pmucheck does not own (/psci method \"smc\"): it answers";
	if (f->fn == at_ctx_hvc && ctx_el(c) > 0 && orchestrator_el < 2 && plat.psci == PLAT_PSCI_HVC)
		return "HVC is the conduit of PSCI firmware pmucheck does not own (/psci method \"hvc\"): it answers";
	return NULL;
}

/*
 * fault.pmu_exception: the exception is taken at the orchestrator's own EL, outside any ctx_call(); the stray
 * containment clears PMINTENSET_EL1 and resumes, and group_end() fails the point naming it (EC 0x3D).
 */
static void inject_pmu_exception(void)
{
	enum ctx c = pmu_orchestrator_ctx();
	struct check_group g;
	const char *why = NULL;
	bool pm = false;

	if (!features.ebep)
		why = "FEAT_EBEP not implemented (ID_AA64DFR1_EL1.EBEP == 0)";
	else if (features.el3 && orchestrator_el < 3)
		why = "EL3 implemented, and pmucheck was not entered at EL3: MDCR_EL3.PMEE is not ours to program";
	if (why) {
		tap_skip("fault.pmu_exception.orchestrator", RULES, "%s", why);
		return;
	}
	if (!group_begin(&g, RULES, "fault.pmu_exception.orchestrator"))
		return;
	pm = ctx_get_pm();
	write_pmecr_el1(PMECR_EL1_KPME_BIT | (orchestrator_el == 1 ? FIELD_PREP(PMECR_EL1, PMEE, 3) : 0));
	if (orchestrator_el == 3)
		write_mdcr_el3(read_mdcr_el3() | FIELD_PREP(MDCR_EL3, PMEE, 3));
	else if (orchestrator_el == 2)
		write_mdcr_el2(read_mdcr_el2() | FIELD_PREP(MDCR_EL2, PMEE, 3));
	write_pmcr_el0(PMCR_EL0_E_BIT);
	write_pmintenset_el1(BIT64(0));
	isb();
	ctx_set_pm(false);
	write_pmovsset_el0(BIT64(0)); /* the exception, taken here (RHFTPJ: before the next instructions complete) */
	isb();
	/* taken and contained: PMINTENSET_EL1 cleared, and group_end() fails the point with the record */
	if (read_pmintenset_el1() & BIT64(0))
		check(&g, false, "no PMU Profiling exception was taken at %s with it enabled and unmasked there",
		      ctx_name(c));
	ctx_set_pm(pm);
	baseline_restore_all();
	group_end(&g);
}

void test_fault(void)
{
	char name[64];
	unsigned c, i;

	for (c = 0; c < CTX_COUNT; c++) {
		for (i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
			const struct fault *f = &faults[i];
			const char *why = skip_reason((enum ctx)c, f);

			if (why) {
				snprintf(name, sizeof(name), "fault.%s.%s", f->name, ctx_name((enum ctx)c));
				tap_skip(name, RULES, "%s", why);
				continue;
			}
			inject((enum ctx)c, f);
		}
	}
	inject_pmu_exception();
}
