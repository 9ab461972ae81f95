/*
 * console_pl011.c - picolibc stdio on the platform's PL011 UART (plat.uart_base: the compiled-in one until
 * the device tree names another) (PrimeCell UART TRM DDI0183: UARTDR at 0x000,
 * UARTFR at 0x018 with TXFF, transmit FIFO full, at bit 5). The UART is used as the earlier boot stage or
 * the model left it (QEMU and FVP need no set-up); "\n" is sent as "\r\n".
 */
#include <stdint.h>
#include <stdio.h>

#include "platform/platform_desc.h"

#define UARTDR      0x000
#define UARTFR      0x018
#define UARTFR_TXFF (1u << 5)

static void pl011_putc(char c)
{
	volatile uint32_t *base = (volatile uint32_t *)(uintptr_t)plat.uart_base;

	while (base[UARTFR / 4] & UARTFR_TXFF)
		;
	base[UARTDR / 4] = (uint32_t)(unsigned char)c;
}

static int console_putc(char c, FILE *file)
{
	(void)file;
	if (c == '\n')
		pl011_putc('\r');
	pl011_putc(c);
	return (unsigned char)c;
}

static FILE console = FDEV_SETUP_STREAM(console_putc, NULL, NULL, _FDEV_SETUP_WRITE);
FILE *const stdin = &console;
FILE *const stdout = &console;
FILE *const stderr = &console;
