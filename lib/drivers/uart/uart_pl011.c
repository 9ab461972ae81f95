/*
 * uart_pl011.c - the Arm PrimeCell UART (PL011) and the SBSA generic UART (Arm PrimeCell UART TRM DDI0183:
 * UARTDR at 0x000, UARTFR at 0x018 with TXFF, transmit FIFO full, at bit 5; Arm Base System Architecture
 * DEN0094, "Generic UART": the same UARTDR and UARTFR, 32-bit accesses only). Both are accessed 32 bits at a
 * time, which the PL011 allows too. Bindings: serial/arm,pl011.yaml, serial/arm,sbsa-uart.yaml.
 */
#include "drivers/uart/uart.h"

#define UARTDR      0x000
#define UARTFR      0x018
#define UARTFR_TXFF (1u << 5)

/* Wait while UARTFR.TXFF is 1, then write ch to UARTDR. */
static void pl011_putc(const struct plat_console *c, unsigned char ch)
{
	uart_put32_when_clear(c, UARTFR, UARTFR_TXFF, UARTDR, ch);
}

static const struct uart_compat pl011_compat[] = { { .compatible = "arm,pl011" }, { .compatible = NULL } };
static const struct uart_compat sbsa_compat[] = { { .compatible = "arm,sbsa-uart" }, { .compatible = NULL } };

const struct uart_driver uart_pl011 = {
	.kind = PLAT_CONSOLE_PL011, .name = "PL011", .compat = pl011_compat, .io_width = 4, .span = UARTFR + 4,
	.putc = pl011_putc,
};

const struct uart_driver uart_sbsa = {
	.kind = PLAT_CONSOLE_SBSA, .name = "SBSA UART", .compat = sbsa_compat, .io_width = 4, .span = UARTFR + 4,
	.putc = pl011_putc,
};
