/*
 * console.c - see console.h: the sink both C libraries' glue writes to (console_picolibc.c, console_newlib.c):
 * the console UART character by character through its driver (lib/drivers/uart/), or a buffer at a time
 * through semihosting SYS_WRITE0.
 */
#include "drivers/console.h"
#include "drivers/uart/uart.h"
#include "platform/platform.h"

/* The UART written to: the compiled-in PL011 until console_select() takes plat.console. */
static struct plat_console uart_console = { .kind = PLAT_CONSOLE_PL011, .base = PLAT_UART_BASE, .reg_io_width = 4 };
static const struct uart_driver *uart_drv = &uart_pl011;
static bool use_semihosting;
static char buffer[CONSOLE_BUFFER];
static unsigned buffer_len;

/* Read by console_early.S (early_putc): the PL011 it may write to, 0 when the console is not a PL011. */
uint64_t console_early_pl011 = PLAT_UART_BASE;

bool console_use_semihosting(void)
{
	use_semihosting = PLAT_SEMIHOSTING;
	return use_semihosting;
}

void console_select(void)
{
	uart_console = plat.console;
	uart_drv = uart_driver(uart_console.kind);
	console_early_pl011 = uart_console.kind == PLAT_CONSOLE_PL011 || uart_console.kind == PLAT_CONSOLE_SBSA
		? uart_console.base : 0;
	if (!uart_drv)
		console_use_semihosting();
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
	if (!use_semihosting && uart_drv && uart_drv->flush)
		uart_drv->flush(&uart_console);
}

void console_putc(char c)
{
	if (!use_semihosting) {
		if (!uart_drv)
			return; /* no UART and no semihosting: nowhere to write */
		if (c == '\n')
			uart_drv->putc(&uart_console, '\r');
		uart_drv->putc(&uart_console, (unsigned char)c);
		return;
	}
	/* the whole path of a printed byte: picolibc's vfprintf calls it for each (make bench: it was three calls) */
	if (c == '\n')
		buffer[buffer_len++] = '\r';
	buffer[buffer_len++] = c;
	if (buffer_len >= sizeof(buffer) - 2) /* room for "\r\n" and the NUL */
		console_flush();
}
