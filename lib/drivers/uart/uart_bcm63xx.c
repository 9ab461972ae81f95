/*
 * uart_bcm63xx.c - the Broadcom BCM63xx UART (Linux drivers/tty/serial/bcm63xx_uart.c bcm_console_putchar() and
 * wait_for_xmitr(), include/linux/serial_bcm63xx.h: UART_IR_REG, the interrupt status and mask register, at 0x10
 * with the status of UART_IR_TXEMPTY, transmit FIFO empty, at bit 5; UART_FIFO_REG at 0x14). 32-bit accesses in
 * the CPU's byte order (Linux's __raw_readl: little-endian on arm64, as on the BCM4908 and BCM6858). Like Linux's
 * console, one byte a wait for an empty FIFO. Binding serial/brcm,bcm6345-uart.yaml.
 */
#include "drivers/uart/uart.h"

#define UART_IR_REG          0x10
#define UART_IR_STAT_TXEMPTY (1u << 5)
#define UART_FIFO_REG        0x14

/* Wait until IR_REG's TXEMPTY status is 1, then write ch to FIFO_REG. */
static void bcm63xx_putc(const struct plat_console *c, unsigned char ch)
{
	while (!(uart_read32(uart_reg(c, UART_IR_REG)) & UART_IR_STAT_TXEMPTY))
		;
	uart_write32(uart_reg(c, UART_FIFO_REG), ch);
}

static const struct uart_compat bcm63xx_compat[] = { { .compatible = "brcm,bcm6345-uart" }, { .compatible = NULL } };

const struct uart_driver uart_bcm63xx = {
	.kind = PLAT_CONSOLE_BCM63XX, .name = "BCM63xx UART", .compat = bcm63xx_compat, .io_width = 4,
	.span = UART_FIFO_REG + 4, .putc = bcm63xx_putc,
};
