/*
 * console.c - see console.h: the sink both C libraries' glue writes to (console_picolibc.c, console_newlib.c):
 * the PL011 character by character, or a line at a time through semihosting SYS_WRITE0.
 */
#include "drivers/console.h"
#include "drivers/console_pl011.h"
#include "platform/platform.h"

static bool use_semihosting;
static char line[CONSOLE_LINE];
static unsigned line_len;

bool console_use_semihosting(void)
{
	use_semihosting = PLAT_SEMIHOSTING;
	return use_semihosting;
}

void console_flush(void)
{
#if PLAT_SEMIHOSTING
	if (line_len) {
		line[line_len] = '\0';
		console_semihost_write0(line);
		line_len = 0;
	}
#endif
}

void console_putc(char c)
{
	if (!use_semihosting) {
		if (c == '\n')
			pl011_putc('\r');
		pl011_putc(c);
		return;
	}
	/* the whole path of a printed byte: picolibc's vfprintf calls it for each (make bench: it was three calls) */
	if (c == '\n')
		line[line_len++] = '\r';
	line[line_len++] = c;
	if (c == '\n' || line_len >= sizeof(line) - 2)
		console_flush();
}
