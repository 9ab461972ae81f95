/*
 * uart_scif.c - the Renesas SCIF and HSCIF (R-Car Gen3 Hardware User's Manual, SCIF: SCFTDR, transmit FIFO
 * data register, 8-bit at 0x0C; SCFSR, serial status register, 16-bit at 0x10 with TDFE, transmit FIFO data
 * empty, at bit 5 and TEND, transmission end, at bit 6; HSCIF has HSFTDR and HSFSR at the same offsets and
 * bits; TF-A drivers/renesas/common/console/rcar_printf.S and Linux drivers/tty/serial/sh-sci.c SCxTDR, SCxSR,
 * SCIF_TDFE). TDFE and TEND are cleared by writing 0 to them, 1 leaves a bit as it is. Binding
 * serial/renesas,scif.yaml, serial/renesas,hscif.yaml: every SoC's compatible lists renesas,scif or
 * renesas,hscif last, except the RZ/G2L family's and the RZ/A2's.
 * Those (renesas,scif-r9a07g044, which the RZ/G2UL's r9a07g043 and the RZ/V2L's r9a07g054 list after their own;
 * renesas,scif-r7s9210) have the same registers and bits in a compressed address space: SCxTDR 8-bit at 0x06,
 * SCxSR 16-bit at 0x08 (sh-sci.c SCIx_RZ_SCIFA_REGTYPE, the layout its earlycon rzscifa_early_console_setup()
 * uses): the "RZ SCIF" driver.
 */
#include "drivers/uart/uart.h"

#define SCFTDR        0x0c
#define SCFSR         0x10
#define RZ_SCIF_SCTDR 0x06
#define RZ_SCIF_SCSR  0x08
#define SCFSR_TDFE    (1u << 5)
#define SCFSR_TEND    (1u << 6)

/* Wait until the status register's (at sr) TDFE is 1, write ch to the data register (at tdr), then clear TDFE and
 * TEND (write 0 to them, 1 elsewhere). */
static void scif_write(const struct plat_console *c, unsigned tdr, unsigned sr, unsigned char ch)
{
	while (!(uart_read16(uart_reg(c, sr)) & SCFSR_TDFE))
		;
	uart_write8(uart_reg(c, tdr), ch);
	uart_write16(uart_reg(c, sr), (uint16_t)~(SCFSR_TDFE | SCFSR_TEND));
}

static void scif_putc(const struct plat_console *c, unsigned char ch) { scif_write(c, SCFTDR, SCFSR, ch); }
static void rz_scif_putc(const struct plat_console *c, unsigned char ch)
{
	scif_write(c, RZ_SCIF_SCTDR, RZ_SCIF_SCSR, ch);
}

/* Wait until SCFSR.TEND is 1: the last byte has left the shift register. */
static void scif_flush(const struct plat_console *c)
{
	while (!(uart_read16(uart_reg(c, SCFSR)) & SCFSR_TEND))
		;
}

/* The same in the RZ layout. */
static void rz_scif_flush(const struct plat_console *c)
{
	while (!(uart_read16(uart_reg(c, RZ_SCIF_SCSR)) & SCFSR_TEND))
		;
}

static const struct uart_compat scif_compat[] = {
	{ .compatible = "renesas,scif" }, { .compatible = "renesas,hscif" }, { .compatible = NULL },
};
static const struct uart_compat rz_scif_compat[] = {
	{ .compatible = "renesas,scif-r9a07g044" }, { .compatible = "renesas,scif-r7s9210" }, { .compatible = NULL },
};

const struct uart_driver uart_scif = {
	.kind = PLAT_CONSOLE_SCIF, .name = "SCIF", .compat = scif_compat, .io_width = 2, .span = SCFSR + 2,
	.putc = scif_putc, .flush = scif_flush,
};

const struct uart_driver uart_rz_scif = {
	.kind = PLAT_CONSOLE_RZ_SCIF, .name = "RZ SCIF", .compat = rz_scif_compat, .io_width = 2,
	.span = RZ_SCIF_SCSR + 2, .putc = rz_scif_putc, .flush = rz_scif_flush,
};
