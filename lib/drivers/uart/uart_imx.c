/*
 * uart_imx.c - the i.MX UART (i.MX 8M Plus Reference Manual, UART chapter: UTXD, transmitter register, at
 * 0x40; UTS, test register, at 0xB4 with TXFULL, transmit FIFO full, at bit 4; Linux
 * drivers/tty/serial/imx_earlycon.c URTX0, IMX21_UTS, UTS_TXFULL). 32-bit accesses. Binding
 * serial/fsl-imx-uart.yaml: every SoC's compatible lists fsl,imx21-uart or fsl,imx6q-uart after its own.
 */
#include "drivers/uart/uart.h"

#define UTXD       0x40
#define UTS        0xb4
#define UTS_TXFULL (1u << 4)

/* Wait while UTS.TXFULL is 1, then write ch to UTXD. */
static void imx_putc(const struct plat_console *c, unsigned char ch)
{
	uart_put32_when_clear(c, UTS, UTS_TXFULL, UTXD, ch);
}

static const struct uart_compat imx_compat[] = {
	{ .compatible = "fsl,imx21-uart" }, { .compatible = "fsl,imx6q-uart" }, { .compatible = NULL },
};

const struct uart_driver uart_imx = {
	.kind = PLAT_CONSOLE_IMX, .name = "i.MX UART", .compat = imx_compat, .io_width = 4, .span = UTS + 4,
	.putc = imx_putc,
};
