/*
 * console.c - see console.h: the sink both C libraries' glue writes to (console_picolibc.c, console_newlib.c):
 * the PL011 character by character, or a buffer at a time through semihosting SYS_WRITE0.
 */
#include "drivers/console.h"
#include "drivers/console_pl011.h"
#include "platform/platform.h"
#include "platform/platform_desc.h"

static bool use_semihosting;
static char buffer[CONSOLE_BUFFER];
static unsigned buffer_len;

bool console_use_semihosting(void)
{
	use_semihosting = PLAT_SEMIHOSTING;
	return use_semihosting;
}

void console_flush(void)
{
#if PLAT_SEMIHOSTING
	if (buffer_len) {
		buffer[buffer_len] = '\0';
		console_semihost_write0(buffer);
		buffer_len = 0;
	}
#endif
}

void console_putc(char c)
{
	if (!use_semihosting && !plat.uart_base) /* no UART known (platform_discover()): semihosting or nothing */
		use_semihosting = PLAT_SEMIHOSTING;
	if (!use_semihosting && !plat.uart_base)
		return;
	if (!use_semihosting) {
		if (c == '\n')
			pl011_putc('\r');
		pl011_putc(c);
		return;
	}
	/* the whole path of a printed byte: picolibc's vfprintf calls it for each (make bench: it was three calls) */
	if (c == '\n')
		buffer[buffer_len++] = '\r';
	buffer[buffer_len++] = c;
	if (buffer_len >= sizeof(buffer) - 2) /* room for "\r\n" and the NUL */
		console_flush();
}
