/*
 * uart_16550.c - the 16550 family (National Semiconductor PC16550D data sheet: THR, the transmitter holding
 * register, is register 0; LSR, the line status register, register 5 with THRE, THR empty, at bit 5; Linux
 * include/uapi/linux/serial_reg.h UART_TX, UART_LSR, UART_LSR_THRE). Register n is at n << reg-shift, accessed
 * reg-io-width bytes at a time (binding serial/8250.yaml; Linux drivers/tty/serial/8250/8250_early.c reads
 * and writes with the same width). THRE is 1 when the holding register, or with FIFOs the transmit FIFO, is
 * empty: one byte a wait, as Linux's early console does.
 */
#include "drivers/uart/uart.h"

#define UART_THR      0
#define UART_LSR      5
#define UART_LSR_THRE (1u << 5)

/* Wait until LSR.THRE is 1, then write ch to THR. */
static void ns16550_putc(const struct plat_console *c, unsigned char ch)
{
	while (!(uart_read_io(c, UART_LSR) & UART_LSR_THRE))
		;
	uart_write_io(c, UART_THR, ch);
}

/*
 * The generic compatibles, which a SoC's own ("rockchip,rk3588-uart") lists too; and the SoC UARTs Linux drives
 * as 8250s under their own compatible alone, with the register shift and width their driver sets where the tree
 * gives none: MediaTek's (8250_mtk.c: regshift 2, UPIO_MEM32), the Raspberry Pi's mini UART
 * (8250_bcm2835aux.c: regshift 2, UPIO_MEM), TI's K3 (8250_omap.c: OMAP_UART_REGSHIFT 2, UPIO_MEM), NVIDIA's
 * and Nuvoton's (of_serial.c / 8250_of.c: the tree's reg-shift and reg-io-width, which their trees give), and
 * Socionext's UniPhier (8250_uniphier.c: UNIPHIER_UART_REGSHIFT 2, UPIO_MEM32; its FCR, LCR and MCR sit elsewhere,
 * but THR and LSR, all the transmit path uses, are the 16550's, which its earlycon relies on too).
 */
static const struct uart_compat ns16550_compat[] = {
	{ .compatible = "ns16550a" }, { .compatible = "ns16550" }, { .compatible = "ns16450" },
	{ .compatible = "snps,dw-apb-uart" },
	{ .compatible = "mediatek,mt6577-uart", .reg_shift = 2, .reg_io_width = 4 },
	{ .compatible = "brcm,bcm2835-aux-uart", .reg_shift = 2, .reg_io_width = 1 },
	{ .compatible = "ti,am654-uart", .reg_shift = 2, .reg_io_width = 1 },
	{ .compatible = "nvidia,tegra20-uart" },
	{ .compatible = "nuvoton,npcm750-uart" }, { .compatible = "nuvoton,npcm845-uart" },
	{ .compatible = "socionext,uniphier-uart", .reg_shift = 2, .reg_io_width = 4 },
	{ .compatible = NULL },
};

const struct uart_driver uart_16550 = {
	.kind = PLAT_CONSOLE_16550, .name = "16550", .compat = ns16550_compat, .io_width = 0, .span = UART_LSR + 1,
	.putc = ns16550_putc,
};
