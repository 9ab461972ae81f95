/*
 * uart_lpuart.c - the NXP low power UART (LPUART), in its two register layouts (Linux
 * drivers/tty/serial/fsl_lpuart.c, whose earlycon the table below follows):
 *   - 8-bit registers (fsl,vf610-lpuart): UARTSR1 at 0x04 with TDRE, transmit data register empty, at bit 7;
 *     UARTDR at 0x07; byte accesses.
 *   - 32-bit registers (every other compatible): STAT at 0x04 with TDRE at bit 23; DATA at 0x0C; 32-bit
 *     accesses. Big-endian on fsl,ls1021a-lpuart (which LS1043A/LS1046A list too), little-endian elsewhere. The
 *     i.MX parts (fsl,imx7ulp-lpuart and those listing it, fsl,imx8qxp-lpuart, fsl,imx8ulp-lpuart) have four
 *     registers before these: the layout starts 0x10 bytes after reg (Linux IMX_REG_OFF).
 * TDRE is 1 while the transmit FIFO is at or below its watermark: room for a byte.
 */
#include "drivers/uart/uart.h"

#define UARTSR1      0x04
#define UARTSR1_TDRE (1u << 7)
#define UARTDR       0x07
#define STAT         0x04
#define STAT_TDRE    (1u << 23)
#define DATA         0x0c

/* Wait until UARTSR1.TDRE is 1, then write ch to UARTDR (8-bit layout). */
static void lpuart_putc(const struct plat_console *c, unsigned char ch)
{
	while (!(uart_read8(uart_reg(c, UARTSR1)) & UARTSR1_TDRE))
		;
	uart_write8(uart_reg(c, UARTDR), ch);
}

/* A 32-bit register in the UART's byte order. */
static uint32_t lpuart32_read(const struct plat_console *c, unsigned reg)
{
	uint32_t v = uart_read32(uart_reg(c, reg));

	return c->big_endian ? __builtin_bswap32(v) : v;
}

/* Wait until STAT.TDRE is 1, then write ch to DATA (32-bit layout). */
static void lpuart32_putc(const struct plat_console *c, unsigned char ch)
{
	while (!(lpuart32_read(c, STAT) & STAT_TDRE))
		;
	uart_write32(uart_reg(c, DATA), c->big_endian ? __builtin_bswap32(ch) : ch);
}

static const struct uart_compat lpuart_compat[] = { { .compatible = "fsl,vf610-lpuart" }, { .compatible = NULL } };
static const struct uart_compat lpuart32_compat[] = {
	{ .compatible = "fsl,imx7ulp-lpuart", .reg_offset = 0x10 },
	{ .compatible = "fsl,imx8qxp-lpuart", .reg_offset = 0x10 },
	{ .compatible = "fsl,imx8ulp-lpuart", .reg_offset = 0x10 },
	{ .compatible = "fsl,ls1021a-lpuart", .big_endian = true },
	{ .compatible = "fsl,ls1028a-lpuart" },
	{ .compatible = NULL },
};

const struct uart_driver uart_lpuart = {
	.kind = PLAT_CONSOLE_LPUART, .name = "LPUART", .compat = lpuart_compat, .io_width = 1, .span = UARTDR + 1,
	.putc = lpuart_putc,
};

const struct uart_driver uart_lpuart32 = {
	.kind = PLAT_CONSOLE_LPUART32, .name = "LPUART32", .compat = lpuart32_compat, .io_width = 4, .span = DATA + 4,
	.putc = lpuart32_putc,
};
