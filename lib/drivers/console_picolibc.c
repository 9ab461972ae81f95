/*
 * console_picolibc.c - picolibc's stdin/stdout/stderr: one FILE whose put function is console_putc()
 * (console.h), and the SYS_WRITE0 the console's semihosting output goes through, picolibc's libsemihost
 * sys_semihost_write0().
 */
#include <stdio.h>

#include "drivers/console.h"
#include "platform/platform.h"

#if PLAT_SEMIHOSTING
#include <semihost.h>

void console_semihost_write0(const char *text)
{
	sys_semihost_write0(text);
}
#endif

static int console_file_putc(char c, FILE *file)
{
	(void)file;
	console_putc(c);
	return (unsigned char)c;
}

static FILE console = FDEV_SETUP_STREAM(console_file_putc, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;
