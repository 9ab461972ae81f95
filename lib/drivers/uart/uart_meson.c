/*
 * uart_meson.c - the Amlogic Meson UART (Linux drivers/tty/serial/meson_uart.c: AML_UART_WFIFO at 0x00,
 * AML_UART_STATUS at 0x0C with AML_UART_TX_FULL at bit 21). 32-bit accesses. Binding
 * serial/amlogic,meson-uart.yaml: a SoC's compatible lists amlogic,meson-gx-uart or amlogic,meson-ao-uart.
 */
#include "drivers/uart/uart.h"

#define AML_UART_WFIFO   0x00
#define AML_UART_STATUS  0x0c
#define AML_UART_TX_FULL (1u << 21)

/* Wait while STATUS.TX_FULL is 1, then write ch to WFIFO. */
static void meson_putc(const struct plat_console *c, unsigned char ch)
{
	uart_put32_when_clear(c, AML_UART_STATUS, AML_UART_TX_FULL, AML_UART_WFIFO, ch);
}

static const struct uart_compat meson_compat[] = {
	{ .compatible = "amlogic,meson-gx-uart" }, { .compatible = "amlogic,meson-ao-uart" },
	{ .compatible = "amlogic,meson6-uart" },
	{ .compatible = "amlogic,meson8-uart" }, { .compatible = "amlogic,meson8b-uart" }, { .compatible = NULL },
};

const struct uart_driver uart_meson = {
	.kind = PLAT_CONSOLE_MESON, .name = "Meson UART", .compat = meson_compat, .io_width = 4,
	.span = AML_UART_STATUS + 4, .putc = meson_putc,
};
