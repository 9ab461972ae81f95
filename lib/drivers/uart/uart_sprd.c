/*
 * uart_sprd.c - the Spreadtrum (Unisoc) UART (Linux drivers/tty/serial/sprd_serial.c sprd_console_putchar() and
 * wait_for_xmitr(): SPRD_TXD at 0x00; SPRD_STS1 at 0x0C with the transmit FIFO's count in bits [15:8],
 * SPRD_TX_FIFO_CNT_MASK). 32-bit accesses, as the console's serial_in() and serial_out(). Like Linux's console,
 * one byte a wait for an empty FIFO. Binding serial/sprd-uart.yaml: every SoC's compatible lists
 * sprd,sc9836-uart.
 */
#include "drivers/uart/uart.h"

#define SPRD_TXD              0x00
#define SPRD_STS1             0x0c
#define SPRD_TX_FIFO_CNT_MASK (0xffu << 8)

/* Wait until STS1's transmit FIFO count is 0, then write ch to TXD. */
static void sprd_putc(const struct plat_console *c, unsigned char ch)
{
	uart_put32_when_clear(c, SPRD_STS1, SPRD_TX_FIFO_CNT_MASK, SPRD_TXD, ch);
}

static const struct uart_compat sprd_compat[] = { { .compatible = "sprd,sc9836-uart" }, { .compatible = NULL } };

const struct uart_driver uart_sprd = {
	.kind = PLAT_CONSOLE_SPRD, .name = "SPRD UART", .compat = sprd_compat, .io_width = 4,
	.span = SPRD_STS1 + 4, .putc = sprd_putc,
};
