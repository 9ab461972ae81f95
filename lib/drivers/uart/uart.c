/*
 * uart.c - see uart.h: the list of console drivers, matching a compatible list against them, their names.
 */
#include <string.h>

#include "drivers/uart/uart.h"

static const struct uart_driver *const uart_drivers[] = {
	&uart_pl011, &uart_sbsa, &uart_16550, &uart_imx, &uart_lpuart, &uart_lpuart32, &uart_cadence,
	&uart_meson, &uart_geni, &uart_scif, &uart_s3c6400, &uart_exynos, &uart_apple_s5l, &uart_msm_uartdm,
	&uart_armada_3700, &uart_bcm63xx, &uart_rz_scif, &uart_owl, &uart_sprd, &uart_linflex, &uart_em,
};
#define UART_DRIVERS (sizeof(uart_drivers) / sizeof(uart_drivers[0]))

const struct uart_driver *uart_driver(enum plat_console_kind kind)
{
	unsigned i;

	for (i = 0; i < UART_DRIVERS; i++)
		if (uart_drivers[i]->kind == kind)
			return uart_drivers[i];
	return NULL;
}

const char *plat_console_kind_name(enum plat_console_kind kind)
{
	const struct uart_driver *d = uart_driver(kind);

	return kind == PLAT_CONSOLE_NONE ? "none" : d ? d->name : "?";
}

const struct uart_driver *uart_match(const char *compat, int len, const struct uart_compat **entry)
{
	const struct uart_compat *e;
	int off;
	size_t n;
	unsigned i;

	for (off = 0; compat && off < len; off += (int)n + 1) {
		const char *nul = memchr(compat + off, '\0', (size_t)(len - off));

		n = nul ? (size_t)(nul - (compat + off)) : (size_t)(len - off);
		for (i = 0; i < UART_DRIVERS; i++) {
			for (e = uart_drivers[i]->compat; e->compatible; e++) {
				/* the first byte first: the walk asks this of every node with a compatible */
				if (e->compatible[0] == compat[off] && strncmp(e->compatible, compat + off, n) == 0 &&
				    e->compatible[n] == '\0') {
					*entry = e;
					return uart_drivers[i];
				}
			}
		}
	}
	return NULL;
}

uint64_t uart_span(const struct plat_console *c)
{
	const struct uart_driver *d = uart_driver(c->kind);

	return d ? c->reg_offset + ((uint64_t)d->span << c->reg_shift) : 0;
}
