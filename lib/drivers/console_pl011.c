/*
 * console_pl011.c - the platform's PL011 UART (plat.uart_base: the compiled-in one until the device tree names
 * another) (PrimeCell UART TRM DDI0183: UARTDR at 0x000, UARTFR at 0x018 with TXFF, transmit FIFO full, at
 * bit 5). The UART is used as the earlier boot stage or the model left it (QEMU and FVP need no set-up).
 */
#include <stdint.h>

#include "drivers/console_pl011.h"
#include "platform/platform_desc.h"

#define UARTDR      0x000
#define UARTFR      0x018
#define UARTFR_TXFF (1u << 5)

void pl011_putc(char c)
{
	volatile uint32_t *base = (volatile uint32_t *)(uintptr_t)plat.uart_base;

	while (base[UARTFR / 4] & UARTFR_TXFF)
		;
	base[UARTDR / 4] = (uint32_t)(unsigned char)c;
}
