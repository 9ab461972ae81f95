/*
 * uart_mvebu.c - the Marvell Armada 3700 UART, its standard (UART1) register layout (Linux
 * drivers/tty/serial/mvebu-uart.c, whose earlycon mvebu_uart_putc() writes the same way: UART_STD_TSH, the transmit
 * holding register, at 0x04; UART_STAT at 0x0C with STAT_TX_EMP, transmitter empty, at bit 6 and STAT_TX_FIFO_FUL
 * at bit 11). 32-bit accesses. The extended layout (marvell,armada-3700-uart-ext: its TSH at 0x1C) is not taken.
 * Binding serial/mvebu-uart.txt.
 */
#include "drivers/uart/uart.h"

#define UART_STD_TSH     0x04
#define UART_STAT        0x0c
#define STAT_TX_EMP      (1u << 6)
#define STAT_TX_FIFO_FUL (1u << 11)

/* Wait while STAT.TX_FIFO_FUL is 1, then write ch to TSH. */
static void mvebu_putc(const struct plat_console *c, unsigned char ch)
{
	uart_put32_when_clear(c, UART_STAT, STAT_TX_FIFO_FUL, UART_STD_TSH, ch);
}

/* Wait until STAT.TX_EMP is 1: the last byte has left. */
static void mvebu_flush(const struct plat_console *c)
{
	while (!(uart_read32(uart_reg(c, UART_STAT)) & STAT_TX_EMP))
		;
}

static const struct uart_compat mvebu_compat[] = {
	{ .compatible = "marvell,armada-3700-uart" }, { .compatible = NULL },
};

const struct uart_driver uart_armada_3700 = {
	.kind = PLAT_CONSOLE_ARMADA_3700, .name = "Armada 3700 UART", .compat = mvebu_compat, .io_width = 4,
	.span = UART_STAT + 4, .putc = mvebu_putc, .flush = mvebu_flush,
};
