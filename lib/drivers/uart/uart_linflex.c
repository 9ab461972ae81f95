/*
 * uart_linflex.c - the NXP LINFlexD in UART mode (Linux drivers/tty/serial/fsl_linflexuart.c
 * linflex_console_putchar(), which its earlycon uses too: UARTCR at 0x10 with TFBM, transmit FIFO/buffer mode,
 * at bit 8; UARTSR at 0x14 with DTFTFF at bit 1, in buffer mode "data transmission completed" (write 1 to clear),
 * in FIFO mode "transmit FIFO full"; BDRL, the transmit data register, at 0x38, written a byte at a time).
 * UARTCR and UARTSR are 32-bit. In FIFO mode: wait while the FIFO is full, write the byte. In buffer mode, as
 * Linux: write the byte, wait until DTF is 1, clear it (pmucheck writes DTF alone, clearing no other flag).
 * Binding serial/fsl,s32-linflexuart.yaml: the S32G2's lists fsl,s32v234-linflexuart after its own.
 */
#include "drivers/uart/uart.h"

#define UARTCR        0x10
#define UARTCR_TFBM   (1u << 8)
#define UARTSR        0x14
#define UARTSR_DTFTFF (1u << 1)
#define BDRL          0x38

/* One byte in the mode UARTCR.TFBM gives (see above). */
static void linflex_putc(const struct plat_console *c, unsigned char ch)
{
	if (uart_read32(uart_reg(c, UARTCR)) & UARTCR_TFBM) {
		while (uart_read32(uart_reg(c, UARTSR)) & UARTSR_DTFTFF)
			;
		uart_write8(uart_reg(c, BDRL), ch);
	} else {
		uart_write8(uart_reg(c, BDRL), ch);
		while (!(uart_read32(uart_reg(c, UARTSR)) & UARTSR_DTFTFF))
			;
		uart_write32(uart_reg(c, UARTSR), UARTSR_DTFTFF);
	}
}

static const struct uart_compat linflex_compat[] = {
	{ .compatible = "fsl,s32v234-linflexuart" }, { .compatible = NULL },
};

const struct uart_driver uart_linflex = {
	.kind = PLAT_CONSOLE_LINFLEX, .name = "LINFlexD UART", .compat = linflex_compat, .io_width = 4,
	.span = BDRL + 4, .putc = linflex_putc,
};
