/*
 * uart_scif.c - the Renesas SCIF and HSCIF (R-Car Gen3 Hardware User's Manual, SCIF: SCFTDR, transmit FIFO
 * data register, 8-bit at 0x0C; SCFSR, serial status register, 16-bit at 0x10 with TDFE, transmit FIFO data
 * empty, at bit 5 and TEND, transmission end, at bit 6; HSCIF has HSFTDR and HSFSR at the same offsets and
 * bits; TF-A drivers/renesas/common/console/rcar_printf.S and Linux drivers/tty/serial/sh-sci.c SCxTDR, SCxSR,
 * SCIF_TDFE). TDFE and TEND are cleared by writing 0 to them, 1 leaves a bit as it is. Binding
 * serial/renesas,scif.yaml, serial/renesas,hscif.yaml: every SoC's compatible lists renesas,scif or
 * renesas,hscif last.
 */
#include "drivers/uart/uart.h"

#define SCFTDR     0x0c
#define SCFSR      0x10
#define SCFSR_TDFE (1u << 5)
#define SCFSR_TEND (1u << 6)

/* Wait until SCFSR.TDFE is 1, write ch to SCFTDR, then clear TDFE and TEND (write 0 to them, 1 elsewhere). */
static void scif_putc(const struct plat_console *c, unsigned char ch)
{
	while (!(uart_read16(uart_reg(c, SCFSR)) & SCFSR_TDFE))
		;
	uart_write8(uart_reg(c, SCFTDR), ch);
	uart_write16(uart_reg(c, SCFSR), (uint16_t)~(SCFSR_TDFE | SCFSR_TEND));
}

/* Wait until SCFSR.TEND is 1: the last byte has left the shift register. */
static void scif_flush(const struct plat_console *c)
{
	while (!(uart_read16(uart_reg(c, SCFSR)) & SCFSR_TEND))
		;
}

static const struct uart_compat scif_compat[] = {
	{ .compatible = "renesas,scif" }, { .compatible = "renesas,hscif" }, { .compatible = NULL },
};

const struct uart_driver uart_scif = {
	.kind = PLAT_CONSOLE_SCIF, .name = "SCIF", .compat = scif_compat, .io_width = 2, .span = SCFSR + 2,
	.putc = scif_putc, .flush = scif_flush,
};
