/*
 * uart_samsung.c - the Samsung S3C/S5P/Exynos UART and Apple's S5L derivative (Linux
 * drivers/tty/serial/samsung_tty.c samsung_early_putc() and include/linux/serial_s3c.h: UFCON at 0x08 with
 * FIFOMODE at bit 0; UTRSTAT at 0x10 with TXFE, transmit buffer empty, at bit 1; UFSTAT at 0x18; UTXH at
 * 0x20). With the FIFO on, wait while UFSTAT's Tx FIFO full bit is set: bit 14 on the S3C6400 (S3C2440
 * layout), bit 24 on the S5PV210 and Exynos, bit 9 on Apple's S5L (S3C2410 layout); with it off, wait for
 * UTRSTAT.TXFE. The status registers are read 32 bits at a time; UTXH is written reg-io-width bytes at a
 * time (binding serial/samsung_uart.yaml; 1 by default), always 32 bits on Apple's (the Linux driver's
 * UPIO_MEM32 for apple,s5l-uart). The Exynos850's (which the ExynosAuto v9's lists after its own) and the ARTPEC-8's
 * have the Exynos UFSTAT (samsung_tty.c exynos850_serial_drv_data, artpec8_serial_drv_data: S5PV210_UFSTAT_TXFULL);
 * on the Exynos850 the UART sits in a USI block, which the earlier boot stage left in UART mode. Apple's also wants
 * Device-nGnRnE, where pmucheck maps Device-nGnRE.
 */
#include "drivers/uart/uart.h"

#define UFCON          0x08
#define UFCON_FIFOMODE (1u << 0)
#define UTRSTAT        0x10
#define UTRSTAT_TXFE   (1u << 1)
#define UFSTAT         0x18
#define UTXH           0x20

/* Wait for room (UFSTAT's full bit `txfull` with the FIFO on, else UTRSTAT.TXFE), then write ch to UTXH. */
static void samsung_putc(const struct plat_console *c, unsigned char ch, uint32_t txfull)
{
	if (uart_read32(uart_reg(c, UFCON)) & UFCON_FIFOMODE) {
		while (uart_read32(uart_reg(c, UFSTAT)) & txfull)
			;
	} else {
		while (!(uart_read32(uart_reg(c, UTRSTAT)) & UTRSTAT_TXFE))
			;
	}
	uart_write_io(c, UTXH, ch);
}

static void s3c6400_putc(const struct plat_console *c, unsigned char ch) { samsung_putc(c, ch, 1u << 14); }
static void exynos_putc(const struct plat_console *c, unsigned char ch) { samsung_putc(c, ch, 1u << 24); }
static void apple_s5l_putc(const struct plat_console *c, unsigned char ch) { samsung_putc(c, ch, 1u << 9); }

static const struct uart_compat s3c6400_compat[] = { { .compatible = "samsung,s3c6400-uart" }, { .compatible = NULL } };
static const struct uart_compat exynos_compat[] = {
	{ .compatible = "samsung,exynos4210-uart" }, { .compatible = "samsung,s5pv210-uart" },
	{ .compatible = "samsung,exynos5433-uart" }, { .compatible = "samsung,exynos850-uart" },
	{ .compatible = "axis,artpec8-uart" }, { .compatible = NULL },
};
static const struct uart_compat apple_s5l_compat[] = { { .compatible = "apple,s5l-uart" }, { .compatible = NULL } };

const struct uart_driver uart_s3c6400 = {
	.kind = PLAT_CONSOLE_S3C6400, .name = "S3C6400 UART", .compat = s3c6400_compat, .io_width = 0,
	.span = UTXH + 4, .putc = s3c6400_putc,
};

const struct uart_driver uart_exynos = {
	.kind = PLAT_CONSOLE_EXYNOS, .name = "Exynos UART", .compat = exynos_compat, .io_width = 0,
	.span = UTXH + 4, .putc = exynos_putc,
};

const struct uart_driver uart_apple_s5l = {
	.kind = PLAT_CONSOLE_APPLE_S5L, .name = "Apple S5L UART", .compat = apple_s5l_compat, .io_width = 4,
	.span = UTXH + 4, .putc = apple_s5l_putc,
};
