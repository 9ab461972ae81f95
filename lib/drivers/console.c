/*
 * console.c - see console.h: picolibc's stdin/stdout/stderr, on the PL011 or line by line through semihosting.
 */
#include <stdio.h>

#include "drivers/console.h"
#include "drivers/console_pl011.h"
#include "platform/platform.h"

#if PLAT_SEMIHOSTING
#include <semihost.h>
#endif

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
		sys_semihost_write0(line);
		line_len = 0;
	}
#endif
}

static void console_out(char c)
{
	if (!use_semihosting) {
		pl011_putc(c);
		return;
	}
	line[line_len++] = c;
	if (c == '\n' || line_len == sizeof(line) - 1)
		console_flush();
}

static int console_putc(char c, FILE *file)
{
	(void)file;
	if (c == '\n')
		console_out('\r');
	console_out(c);
	return (unsigned char)c;
}

static FILE console = FDEV_SETUP_STREAM(console_putc, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;
