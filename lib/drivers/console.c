/*
 * console.c - see console.h: the sink both C libraries' glue writes to (console_picolibc.c, console_newlib.c):
 * the console UART character by character through its driver (lib/drivers/uart/), or a buffer at a time
 * through semihosting SYS_WRITE0.
 */
#include "drivers/console.h"
#include "drivers/uart/uart.h"
#include "platform/platform.h"
#include "platform/platform_desc.h"

/* The UART written to: the compiled-in PL011 until console_select() takes plat.console. */
static struct plat_console uart_console = { .kind = PLAT_CONSOLE_PL011, .base = PLAT_UART_BASE, .reg_io_width = 4 };
static const struct uart_driver *uart_drv = &uart_pl011;
static bool use_semihosting;
static bool selected; /* console_select() done: before it, the compiled-in PL011 only where it applies */
static char buffer[CONSOLE_BUFFER];
static unsigned buffer_len;

bool console_use_semihosting(void)
{
	use_semihosting = platform_semihosting();
	return use_semihosting;
}

void console_select(void)
{
	uart_console = plat.console;
	uart_drv = uart_driver(uart_console.kind);
	selected = true;
	/* console_early.S writes to a PL011 only; ~0: none (platform_desc.h) */
	early_uart_base = uart_console.kind == PLAT_CONSOLE_PL011 || uart_console.kind == PLAT_CONSOLE_SBSA
		? uart_console.base : ~(uint64_t)0;
	if (!uart_drv)
		console_use_semihosting();
	else if (uart_drv->init)
		uart_drv->init(&uart_console);
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
	/* no UART known, or the compiled-in one where it is not this platform's (platform_compiled_in_applies()):
	 * semihosting, or nothing */
	if (!use_semihosting && (!uart_drv || (!selected && !platform_compiled_in_applies()))) {
		if (!platform_semihosting())
			return;
		use_semihosting = true;
	}
	if (!use_semihosting) {
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
