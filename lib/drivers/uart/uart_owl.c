/*
 * uart_owl.c - the Actions Semi Owl UART (Linux drivers/tty/serial/owl-uart.c owl_console_putchar(), which its
 * earlycon uses too: OWL_UART_TXDAT at 0x08; OWL_UART_STAT at 0x0C with OWL_UART_STAT_TFFU, transmit FIFO full,
 * at bit 6). 32-bit accesses. Binding serial/actions,owl-uart.txt: a SoC's compatible (actions,s900-uart, ...)
 * lists actions,owl-uart after its own.
 */
#include "drivers/uart/uart.h"

#define OWL_UART_TXDAT     0x08
#define OWL_UART_STAT      0x0c
#define OWL_UART_STAT_TFFU (1u << 6)

/* Wait while STAT.TFFU is 1, then write ch to TXDAT. */
static void owl_putc(const struct plat_console *c, unsigned char ch)
{
	uart_put32_when_clear(c, OWL_UART_STAT, OWL_UART_STAT_TFFU, OWL_UART_TXDAT, ch);
}

static const struct uart_compat owl_compat[] = {
	{ .compatible = "actions,s500-uart" }, { .compatible = "actions,s900-uart" },
	{ .compatible = "actions,owl-uart" }, { .compatible = NULL },
};

const struct uart_driver uart_owl = {
	.kind = PLAT_CONSOLE_OWL, .name = "Owl UART", .compat = owl_compat, .io_width = 4,
	.span = OWL_UART_STAT + 4, .putc = owl_putc,
};
