/*
 * platform_exit.c - see platform.h. With PLAT_SEMIHOSTING the image links picolibc's libsemihost, whose
 * _exit() issues SYS_EXIT (ADP_Stopped_ApplicationExit with the status as subcode), which QEMU turns into
 * its own exit status; linked against newlib (make LIBC=newlib), lib/drivers/console_newlib.c's _exit() does
 * the same; only where semihosting is answered (platform_semihosting()), else the run ends in a WFI loop. Built
 * without semihosting, _exit() is the low-power loop below.
 */
#include <stdlib.h>

#include "drivers/console.h"
#include "platform/platform.h"
#include "platform/platform_desc.h"
#include "smp/psci.h"

void platform_exit(int status)
{
	console_flush();
	if (!platform_semihosting() && plat.power_off_at_exit && plat.psci != PLAT_PSCI_NONE)
		psci_call(plat.psci, PSCI_SYSTEM_OFF, 0, 0, 0); /* PSCI 5.10: does not return */
	if (!platform_semihosting()) /* a board without a debugger: SYS_EXIT's HLT would be UNDEFINED */
		for (;;)
			__asm__ volatile("wfi");
	exit(status);
}

#if !PLAT_SEMIHOSTING
void _exit(int status)
{
	(void)status;
	for (;;)
		__asm__ volatile("wfi");
}
#endif
