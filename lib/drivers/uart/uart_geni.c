/*
 * uart_geni.c - the Qualcomm GENI serial engine as a debug UART, left in UART mode by the earlier boot stage
 * (TF-A drivers/qti/uart/aarch64/qti_uart_console.S and plat/qti/<soc>/qti_def.h: GENI_STATUS at 0x40 with
 * M_GENI_CMD_ACTIVE at bit 0; UART_TX_TRANS_LEN at 0x270; GENI_M_CMD0 at 0x600, the opcode UART_START_TX (1)
 * in bits [31:27]; GENI_TX_FIFOn at 0x700. Linux drivers/tty/serial/qcom_geni_serial.c names the same
 * SE_GENI_STATUS, SE_UART_TX_TRANS_LEN, SE_GENI_M_CMD0, SE_GENI_TX_FIFOn). 32-bit accesses. Each byte is one
 * transfer of length 1: wait until the previous command is done, start one, write the byte into the FIFO.
 * Binding soc/qcom/qcom,geni-se.yaml.
 */
#include "drivers/uart/uart.h"

#define GENI_STATUS              0x040
#define GENI_STATUS_M_CMD_ACTIVE (1u << 0)
#define UART_TX_TRANS_LEN        0x270
#define GENI_M_CMD0              0x600
#define GENI_M_CMD0_START_TX     (1u << 27) /* opcode 1, UART_START_TX, at bit 27 */
#define GENI_TX_FIFO             0x700

/* Wait while GENI_STATUS.M_GENI_CMD_ACTIVE, then a one-byte transfer of ch. */
static void geni_putc(const struct plat_console *c, unsigned char ch)
{
	while (uart_read32(uart_reg(c, GENI_STATUS)) & GENI_STATUS_M_CMD_ACTIVE)
		;
	uart_write32(uart_reg(c, UART_TX_TRANS_LEN), 1);
	uart_write32(uart_reg(c, GENI_M_CMD0), GENI_M_CMD0_START_TX);
	uart_write32(uart_reg(c, GENI_TX_FIFO), ch);
}

/* Wait until the last byte's transfer is done. */
static void geni_flush(const struct plat_console *c)
{
	while (uart_read32(uart_reg(c, GENI_STATUS)) & GENI_STATUS_M_CMD_ACTIVE)
		;
}

/* qcom,geni-uart: the same serial engine, which Linux's qcom_geni_serial.c drives with the same transmit path */
static const struct uart_compat geni_compat[] = {
	{ .compatible = "qcom,geni-debug-uart" }, { .compatible = "qcom,geni-uart" }, { .compatible = NULL },
};

const struct uart_driver uart_geni = {
	.kind = PLAT_CONSOLE_GENI, .name = "GENI UART", .compat = geni_compat, .io_width = 4,
	.span = GENI_TX_FIFO + 4, .putc = geni_putc, .flush = geni_flush,
};
