/*
 * uart_em.c - the Renesas EMMA Mobile UART, on the RZ/V2M too (Linux drivers/tty/serial/8250/8250_em.c: a 16550
 * whose registers move: THR, the transmit holding register, at 0x00, written a byte at a time; LSR at 0x18, read
 * 32 bits at a time, with THRE, THR empty, at bit 5 as on the 16550, include/uapi/linux/serial_reg.h
 * UART_LSR_THRE). One byte a wait, as Linux's 8250 console. Binding serial/renesas,em-uart.yaml: the RZ/V2M's
 * compatible lists renesas,em-uart after its own.
 */
#include "drivers/uart/uart.h"

#define EM_UART_THR      0x00
#define EM_UART_LSR      0x18
#define EM_UART_LSR_THRE (1u << 5)

/* Wait until LSR.THRE is 1, then write ch to THR. */
static void em_putc(const struct plat_console *c, unsigned char ch)
{
	while (!(uart_read32(uart_reg(c, EM_UART_LSR)) & EM_UART_LSR_THRE))
		;
	uart_write8(uart_reg(c, EM_UART_THR), ch);
}

static const struct uart_compat em_compat[] = { { .compatible = "renesas,em-uart" }, { .compatible = NULL } };

const struct uart_driver uart_em = {
	.kind = PLAT_CONSOLE_EM, .name = "EM UART", .compat = em_compat, .io_width = 4, .span = EM_UART_LSR + 4,
	.putc = em_putc,
};
