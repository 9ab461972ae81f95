/*
 * watchdog.c - the per-call watchdog (watchdog.h).
 */
#include "arch/arch_regs.h"
#include "arch/sysreg.h"
#include "drivers/gic/gic.h"
#include "platform/platform_desc.h"
#include "runtime/context.h"
#include "runtime/watchdog.h"

#define CNT_CTL_ENABLE  BIT64(0)
#define CNT_CTL_IMASK   BIT64(1)
#define CNT_CTL_ISTATUS BIT64(2)

static unsigned wd_el;       /* 3 or 2: the EL whose timer is the watchdog; 0: none */
static unsigned wd_intid;
static volatile bool wd_armed;
static uint64_t wd_deadline; /* CNTPCT_EL0 value it fires at, while armed */

bool watchdog_init(const char **why)
{
	wd_el = 0;
	if (orchestrator_el < 2) {
		*why = "entered at EL1: no higher level to take a watchdog interrupt";
		return false;
	}
	if (!gic_init(why))
		return false;
	if (orchestrator_el == 2 && gic_has_security()) {
		/* GICR_IGROUPR0/IGRPMODR0 (GICv3, IHI 0069) and GICD_IGROUPR0 (GICv2, IHI 0048B) are RAZ/WI to
		 * Non-secure accesses: the PPI would stay Group 1 and arrive as an IRQ wherever HCR_EL2.IMO sends it
		 * (seen under TF-A, README) */
		*why = plat.gic_version == 2 ? "entered at EL2 below an EL3 that keeps the GICv2's Security Extensions "
			"(GICD_TYPER.SecurityExtn = 1): Group 0, which the watchdog's FIQ needs, is Secure software's"
			: "entered at EL2 below an EL3 that keeps the GICv3's two Security states (GICD_CTLR.DS = 0): "
			"Group 0, which the watchdog's FIQ needs, is Secure software's";
		return false;
	}
	wd_el = orchestrator_el;
	wd_intid = orchestrator_el == 3 ? plat.timer_intid[0] : plat.timer_intid[3];
	gic_ppi_configure(wd_intid, GIC_GROUP0);
	watchdog_disarm();
	return true;
}

void watchdog_arm(unsigned ms)
{
	uint64_t now, ticks;
	bool routed;

	if (!wd_el)
		return;
	now = read_cntpct_el0();
	ticks = read_cntfrq_el0() / 1000u * ms;
	routed = wd_el == 3 ? read_scr_el3() & SCR_EL3_FIQ_BIT : read_hcr_el2() & HCR_EL2_FMO_BIT;
	/* Still armed with at least half the time left and routed: leave it (each rewrite of the timer costs an
	 * emulator a host timer update; make bench). A deadline that has passed is always rewritten, which
	 * drops the timer's level before anything unmasks FIQ. */
	if (wd_armed && routed && wd_deadline > now && wd_deadline - now >= ticks / 2)
		return;
	wd_deadline = now + ticks;
	if (wd_el == 3) {
		write_cntps_cval_el1(wd_deadline);
		write_cntps_ctl_el1(CNT_CTL_ENABLE);
		write_scr_el3(read_scr_el3() | SCR_EL3_FIQ_BIT);
	} else {
		write_cnthp_cval_el2(wd_deadline);
		write_cnthp_ctl_el2(CNT_CTL_ENABLE);
		write_hcr_el2(read_hcr_el2() | HCR_EL2_FMO_BIT);
	}
	wd_armed = true;
	isb();
}

uint64_t watchdog_routing(unsigned el)
{
	if (!wd_armed || el != wd_el)
		return 0;
	return el == 3 ? SCR_EL3_FIQ_BIT : HCR_EL2_FMO_BIT;
}

void watchdog_disarm(void)
{
	if (!wd_el)
		return;
	wd_armed = false;
	if (wd_el == 3) {
		write_cntps_ctl_el1(CNT_CTL_IMASK);
		write_scr_el3(read_scr_el3() & ~SCR_EL3_FIQ_BIT); /* the routing too: the state found at the start */
	} else {
		write_cnthp_ctl_el2(CNT_CTL_IMASK);
		write_hcr_el2(read_hcr_el2() & ~HCR_EL2_FMO_BIT);
	}
	isb();
}

bool watchdog_take(unsigned el)
{
	uint64_t ctl, intid;

	if (!wd_el || el != wd_el || !wd_armed)
		return false;
	ctl = wd_el == 3 ? read_cntps_ctl_el1() : read_cnthp_ctl_el2();
	if (!(ctl & CNT_CTL_ISTATUS))
		return false;
	watchdog_disarm(); /* the level drops: the PPI stops asserting */
	intid = gic_ack(true);
	if (intid < 1020)
		gic_eoi(true, intid);
	return true;
}
