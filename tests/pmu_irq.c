/*
 * pmu_irq.c - see pmu_irq.h.
 */
#include "pmu_irq.h"

#include "arch/arch_regs.h"
#include "arch/sysreg.h"
#include "platform/platform_desc.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/exception.h"
#include "runtime/watchdog.h"

struct pmu_irq_log pmu_irq;

void pmu_irq_hook(unsigned el, unsigned type)
{
	bool group0 = el == 3 && type == EXC_TYPE_FIQ && gic_has_security();
	uint64_t intid = gic_ack(group0);

	if (intid >= 1020)
		return; /* spurious */
	pmu_irq.count++;
	pmu_irq.intid = intid;
	pmu_irq.el = el;
	pmu_irq.type = type;
	if (pmu_irq.mode == PMU_IRQ_CLEAR_AFTER && pmu_irq.count > pmu_irq.clear_after)
		write_pmovsclr_el0(pmu_event_counter_mask() | PMU_CNT_C_BIT);
	if (pmu_irq.mode == PMU_IRQ_DISABLE_PPI || pmu_irq.count >= PMU_IRQ_STORM_LIMIT)
		gic_ppi_disable((unsigned)intid);
	isb();
	gic_eoi(group0, intid);
}

enum gic_group pmu_irq_group(enum ctx c)
{
	if (c == CTX_EL3)
		return GIC_GROUP0;
	return ctx_secure(c) ? GIC_GROUP1S : GIC_GROUP1NS;
}

unsigned pmu_irq_target_el(enum ctx c, bool up)
{
	if (up)
		return ctx_secure(c) ? 3 : 2;
	return ctx_el(c) ? ctx_el(c) : 1;
}

const char *pmu_irq_route_up_why(enum ctx c)
{
	if (ctx_secure(c))
		return orchestrator_el == 3 ? NULL : "SCR_EL3.IRQ not owned (entered below EL3)";
	return pmu_owns_el2() ? NULL : "HCR_EL2.IMO not owned (no EL2, or entered below EL2): the interrupt would target "
				       "EL1";
}

void pmu_irq_route(enum ctx c, bool up)
{
	pmu_irq.count = 0;
	pmu_irq.intid = 0;
	gic_ppi_configure(plat.pmu_intid, pmu_irq_group(c));
	if (up && ctx_secure(c))
		el3_set_test_controls(SCR_EL3_IRQ_BIT | SCR_EL3_FIQ_BIT);
	else if (!up && c == CTX_EL3)
		write_scr_el3(read_scr_el3() | SCR_EL3_FIQ_BIT | SCR_EL3_IRQ_BIT);
	else if (up || ctx_el(c) == 2)
		write_hcr_el2(read_hcr_el2() | HCR_EL2_IMO_BIT | HCR_EL2_FMO_BIT);
	isb();
}

void pmu_irq_unroute(enum ctx c, bool up)
{
	if (up && ctx_secure(c)) {
		el3_set_test_controls(0);
		el3_select_world(true, false);
	} else if (!up && c == CTX_EL3) {
		el3_select_world(true, false);
	} else if (up || ctx_el(c) == 2) {
		write_hcr_el2((read_hcr_el2() & ~(HCR_EL2_IMO_BIT | HCR_EL2_FMO_BIT)) | watchdog_routing(2));
	}
	isb();
	gic_ppi_disable(plat.pmu_intid);
}

uint64_t pmu_irq_wait_ticks(void)
{
	return read_cntfrq_el0() * PMU_IRQ_WAIT_US / 1000000u;
}

bool pmu_irq_waited_enough(unsigned turns, uint64_t start, uint64_t ticks)
{
	return turns >= PMU_IRQ_WAIT_TURNS && read_cntvct_el0() - start >= ticks;
}

uint64_t pmu_irq_wait_at_ctx(uint64_t max)
{
	uint64_t ticks = pmu_irq_wait_ticks(), start;
	unsigned i;

	__asm__ volatile("msr daifclr, #3\n\tisb" ::: "memory");
	start = read_cntvct_el0();
	for (i = 0; !pmu_irq_waited_enough(i, start, ticks) && pmu_irq.count < max; i++)
		;
	__asm__ volatile("msr daifset, #3\n\tisb" ::: "memory");
	return pmu_irq.count;
}
