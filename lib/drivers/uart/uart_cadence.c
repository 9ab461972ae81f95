/*
 * uart_cadence.c - the Cadence UART of Xilinx Zynq and ZynqMP (Zynq UltraScale+ Device TRM UG1085, UART
 * registers: Channel_sts_reg0 at 0x2C with TXFULL, transmit FIFO full, at bit 4; TX_RX_FIFO0 at 0x30; Linux
 * drivers/tty/serial/xilinx_uartps.c CDNS_UART_SR, CDNS_UART_SR_TXFULL, CDNS_UART_FIFO). 32-bit accesses.
 * Binding serial/cdns,uart.yaml.
 */
#include "drivers/uart/uart.h"

#define CONTROL            0x00
#define CONTROL_TXEN       (1u << 4)
#define CONTROL_TXDIS      (1u << 5)
#define CHANNEL_STS        0x2c
#define CHANNEL_STS_TXFULL (1u << 4)
#define TX_RX_FIFO         0x30

/* Wait while Channel_sts.TXFULL is 1, then write ch to the FIFO. */
static void cadence_putc(const struct plat_console *c, unsigned char ch)
{
	uart_put32_when_clear(c, CHANNEL_STS, CHANNEL_STS_TXFULL, TX_RX_FIFO, ch);
}

/*
 * Enable the transmitter (Control_reg0 TXEN = 1, TXDIS = 0) where it is not: the FIFO drops what is written while
 * it is disabled, its reset state (UG1085: Control_reg0 resets to 0x128, TXDIS set). Linux's earlycon does the
 * same (xilinx_uartps.c cdns_early_console_setup(): CDNS_UART_CR_TX_EN), a loader that printed has done it.
 */
static void cadence_init(const struct plat_console *c)
{
	uint32_t cr = uart_read32(uart_reg(c, CONTROL));

	if ((cr & (CONTROL_TXEN | CONTROL_TXDIS)) != CONTROL_TXEN)
		uart_write32(uart_reg(c, CONTROL), (cr & ~CONTROL_TXDIS) | CONTROL_TXEN);
}

static const struct uart_compat cadence_compat[] = {
	{ .compatible = "cdns,uart-r1p12" }, { .compatible = "cdns,uart-r1p8" }, { .compatible = "xlnx,xuartps" },
	{ .compatible = NULL },
};

const struct uart_driver uart_cadence = {
	.kind = PLAT_CONSOLE_CADENCE, .name = "Cadence UART", .compat = cadence_compat, .io_width = 4,
	.span = TX_RX_FIFO + 4, .putc = cadence_putc, .init = cadence_init,
};
