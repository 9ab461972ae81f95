/*
 * exception.c - exception_dispatch() and the expected/unexpected exception records (exception.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "drivers/console.h"
#include "platform/platform.h"
#include "runtime/context.h"
#include "runtime/exception.h"
#include "runtime/profiling_exception.h"
#include "runtime/watchdog.h"

struct exc_record exc_unexpected;
void (*volatile exc_irq_hook)(unsigned el, unsigned type);
struct pmu_exc_log *volatile exc_pmu_log;
volatile unsigned exc_pmu_stray_count;
struct exc_record exc_pmu_stray;
static struct exc_record *volatile exc_expected;
static struct exc_record *volatile exc_expected_table;
static volatile unsigned exc_expected_table_n;
static exc_service_fn exc_services[4];

void exc_set_service(unsigned el, exc_service_fn fn)
{
	exc_services[el] = fn;
}

void exc_expect_begin(struct exc_record *rec)
{
	rec->taken = false;
	exc_expected = rec;
	dsb_sy();
}

bool exc_expect_end(void)
{
	struct exc_record *rec = exc_expected;

	exc_expected = NULL;
	return rec && rec->taken;
}

void exc_expect_table_begin(struct exc_record *table, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		table[i].taken = false;
	exc_expected_table_n = n;
	exc_expected_table = table;
	dsb_sy();
}

void exc_expect_table_end(void)
{
	exc_expected_table = NULL;
	exc_expected_table_n = 0;
	dsb_sy();
}

static void exc_record_fill(struct exc_record *r, const struct exc_frame *f, unsigned kind, unsigned el)
{
	r->taken = true;
	r->watchdog = false;
	r->stack_overflow = false;
	r->a32_own = false;
	r->el = el;
	r->kind = kind;
	r->elr = f->elr;
	r->spsr = f->spsr;
	r->ctx = ctx_current();
	switch (el) {
	case 3: r->esr = read_esr_el3(); r->far = read_far_el3(); break;
	case 2: r->esr = read_esr_el2(); r->far = read_far_el2(); break;
	default: r->esr = read_esr_el1(); r->far = read_far_el1(); break;
	}
}

void exc_record_print(const struct exc_record *r)
{
	static const char *const src[] = { "current EL, SP0", "current EL, SPx", "lower EL, AArch64",
					   "lower EL, AArch32" };
	static const char *const type[] = { "synchronous", "IRQ", "FIQ", "SError" };

	if (r->watchdog)
		printf("#   watchdog: the call did not return within %u ms; the %s interrupted it at ELR 0x%llx (%s)\n",
		       WATCHDOG_MS / 2, type[r->kind & 3], (unsigned long long)r->elr, src[r->kind >> 2]);
	if (r->stack_overflow)
		printf("#   stack overflow: an exception was taken to EL%u with SP outside every stack (its guard page)\n",
		       r->el);
	if (r->a32_own) {
		printf("#   exception taken by AArch32 EL1 itself (its vector at offset 0x%02x) in context %s\n",
		       (unsigned)r->a32_vector, r->ctx >= 0 ? ctx_name((enum ctx)r->ctx) : "none");
		return;
	}
	printf("#   exception taken to EL%u (%s, %s) in context %s\n", r->el, type[r->kind & 3], src[r->kind >> 2],
	       r->ctx >= 0 ? ctx_name((enum ctx)r->ctx) : "none");
	printf("#   ESR_EL%u = 0x%016llx (EC = 0x%02x) ELR_EL%u = 0x%016llx FAR_EL%u = 0x%016llx SPSR_EL%u = "
	       "0x%016llx\n",
	       r->el, (unsigned long long)r->esr, (unsigned)FIELD_GET(ESR, EC, r->esr), r->el,
	       (unsigned long long)r->elr, r->el, (unsigned long long)r->far, r->el, (unsigned long long)r->spsr);
}

/* The EL's pmucheck service, for SVC at EL1, HVC at EL2, SMC at EL3 (immediate #0 only). */
static bool exc_service(struct exc_frame *f, unsigned el, uint64_t esr)
{
	unsigned ec = (unsigned)FIELD_GET(ESR, EC, esr);

	if ((esr & ESR_ISS_IMM16_MASK) != 0)
		return false;
	/* SVC from EL0 reaches EL2 instead of EL1 when HCR_EL2.TGE == 1: EL2's service takes it. From AArch32 (the
	 * A32 agent) the same calls are SVC, HVC and SMC with their AArch32 syndromes. */
	if ((el == 3 && (ec == ESR_EC_SMC64 || ec == ESR_EC_SMC32)) ||
	    (el == 2 && (ec == ESR_EC_HVC64 || ec == ESR_EC_SVC64 || ec == ESR_EC_HVC32 || ec == ESR_EC_SVC32)) ||
	    (el == 1 && (ec == ESR_EC_SVC64 || ec == ESR_EC_SVC32)))
		return exc_services[el] && exc_services[el](f);
	/* A context's return to an orchestrator at EL3 (SMC from EL1) that HCR_EL2.TSC trapped to EL2: EL2's service
	 * passes it on upwards. Any other trapped SMC is the caller's to expect. */
	if (el == 2 && (ec == ESR_EC_SMC64 || ec == ESR_EC_SMC32) && (uint32_t)f->x[0] == PMUCHECK_CALL_RETURN)
		return exc_services[el] && exc_services[el](f);
	return false;
}

/* TPIDR_ELx of the EL that took the exception: bit 63 marks a panic under way there (boot/vectors.S). */
#define PANIC_FLAG (1ull << 63)
static uint64_t panic_flags(unsigned el)
{
	uint64_t v;

	switch (el) {
	case 3: __asm__ volatile("mrs %0, tpidr_el3" : "=r"(v)); break;
	case 2: __asm__ volatile("mrs %0, tpidr_el2" : "=r"(v)); break;
	default: __asm__ volatile("mrs %0, tpidr_el1" : "=r"(v)); break;
	}
	return v;
}
static void panic_begin(unsigned el)
{
	uint64_t v = panic_flags(el) | PANIC_FLAG;

	if (panic_flags(el) & PANIC_FLAG)
		exc_panic_exit();
	console_flush(); /* what was printed before is out, should the report fault (exc_panic_exit loses it) */
	switch (el) {
	case 3: __asm__ volatile("msr tpidr_el3, %0" ::"r"(v)); break;
	case 2: __asm__ volatile("msr tpidr_el2, %0" ::"r"(v)); break;
	default: __asm__ volatile("msr tpidr_el1, %0" ::"r"(v)); break;
	}
}

static void panic_end(unsigned el)
{
	uint64_t v = panic_flags(el) & ~PANIC_FLAG;

	switch (el) {
	case 3: __asm__ volatile("msr tpidr_el3, %0" ::"r"(v)); break;
	case 2: __asm__ volatile("msr tpidr_el2, %0" ::"r"(v)); break;
	default: __asm__ volatile("msr tpidr_el1, %0" ::"r"(v)); break;
	}
}

void exc_bad_stack(unsigned el)
{
	struct exc_record *r = &exc_unexpected;

	if (ctx_current() < 0 || el >= orchestrator_el)
		exc_panic_bad_stack(el);
	*r = (struct exc_record){ .taken = true, .el = el, .kind = 0, .ctx = ctx_current(), .stack_overflow = true };
	r->esr = el == 2 ? read_esr_el2() : read_esr_el1();
	r->far = el == 2 ? read_far_el2() : read_far_el1();
	r->elr = el == 2 ? read_elr_el2() : read_elr_el1();
	r->spsr = el == 2 ? read_spsr_el2() : read_spsr_el1();
	panic_end(el);
	ctx_return_to_orchestrator(0, CTX_ABORTED);
}

void exc_panic_bad_stack(unsigned el)
{
	struct exc_record r = { .taken = true, .el = el, .kind = 0, .ctx = ctx_current() };

	console_flush(); /* as panic_begin() */
	r.esr = el == 3 ? read_esr_el3() : el == 2 ? read_esr_el2() : read_esr_el1();
	r.far = el == 3 ? read_far_el3() : el == 2 ? read_far_el2() : read_far_el1();
	r.elr = el == 3 ? read_elr_el3() : el == 2 ? read_elr_el2() : read_elr_el1();
	r.spsr = el == 3 ? read_spsr_el3() : el == 2 ? read_spsr_el2() : read_spsr_el1();
	printf("Bail out! exception taken to EL%u with SP outside every stack (stack overflow or a broken "
	       "translation table)\n", el);
	exc_record_print(&r);
	platform_exit(2);
}

void exception_dispatch(struct exc_frame *f, unsigned kind, unsigned el)
{
	uint64_t esr = el == 3 ? read_esr_el3() : el == 2 ? read_esr_el2() : read_esr_el1();
	struct exc_record *expected = exc_expected;
	unsigned ec = (unsigned)FIELD_GET(ESR, EC, esr);

	/*
	 * From AArch32, bits [63:32] of each X register that holds an AArch32 register are zero or what they were
	 * (AArch64.MaybeZeroRegisterUppers, CONSTRAINED UNPREDICTABLE): read and write the frame as the AArch32 view.
	 */
	if ((kind >> 2) == EXC_SRC_LOW_A32) {
		unsigned i;

		for (i = 0; i < 31; i++)
			f->x[i] = (uint32_t)f->x[i];
	}
	if (((kind & 3) == EXC_TYPE_IRQ || (kind & 3) == EXC_TYPE_FIQ) && watchdog_take(el)) {
		exc_record_fill(&exc_unexpected, f, kind, el);
		exc_unexpected.watchdog = true;
		if (ctx_current() < 0) {
			printf("Bail out! the watchdog fired outside any test\n");
			exc_record_print(&exc_unexpected);
			platform_exit(2);
		}
		ctx_return_to_orchestrator(0, CTX_ABORTED);
	}
	if (((kind & 3) == EXC_TYPE_IRQ || (kind & 3) == EXC_TYPE_FIQ) && exc_irq_hook) {
		exc_irq_hook(el, kind & 3);
		return;
	}
	if ((kind & 3) == EXC_TYPE_SYNC) {
		if (exc_service(f, el, esr))
			return;
		if (ec == ESR_EC_PMU && exc_pmu_log) {
			bool storm;

			f->spsr = pmu_exc_log_take(exc_pmu_log, el, esr, f->elr, f->spsr, ctx_current(), &storm);
			write_pmovsclr_el0(MASK64(31, 0));
			if (storm)
				write_pmintenclr_el1(MASK64(31, 0));
			isb();
			return;
		}
		if (ec == ESR_EC_PMU) { /* nobody expects it: contain it (exception.h) */
			exc_pmu_stray_count++;
			if (!exc_pmu_stray.taken)
				exc_record_fill(&exc_pmu_stray, f, kind, el);
			write_pmintenclr_el1(MASK64(31, 0) | (features.pmu.pmicntr ? PMU_CNT_F0_BIT : 0));
			isb();
			f->spsr &= ~SPSR_PPEND_BIT;
			if (ctx_current() < 0)
				return;
		}
		/* no one-shot expectation armed: the record the code's tag names (exc_expect_table_begin) */
		if ((!expected || expected->taken) && exc_expected_table && f->x[EXC_TAG_REG] < exc_expected_table_n)
			expected = &exc_expected_table[f->x[EXC_TAG_REG]];
		if (expected && !expected->taken) {
			exc_record_fill(expected, f, kind, el);
			/* an Instruction Abort: the code branched to the address with BLR, resume at its return address
			 * (X30); else resume after the instruction; SVC/HVC/SMC already return past it, except an SMC
			 * taken below EL3, which HCR_EL2.TSC trapped before it executed (ELR_EL2: the SMC itself) */
			if (ec == ESR_EC_IABT_LOW || ec == ESR_EC_IABT_CUR)
				f->elr = f->x[30];
			else if ((ec != ESR_EC_SVC64 && ec != ESR_EC_HVC64 && ec != ESR_EC_SMC64 && ec != ESR_EC_SVC32 &&
				  ec != ESR_EC_HVC32 && ec != ESR_EC_SMC32) ||
				 (el < 3 && (ec == ESR_EC_SMC64 || ec == ESR_EC_SMC32)))
				f->elr += 4; /* A64, and A32 (the agent runs no T32) */
			return;
		}
	}
	exc_record_fill(&exc_unexpected, f, kind, el);
	if (ctx_current() < 0) {
		panic_begin(el);
		printf("Bail out! unexpected exception outside any test\n");
		exc_record_print(&exc_unexpected);
		platform_exit(2);
	}
	ctx_return_to_orchestrator(0, CTX_ABORTED);
}
