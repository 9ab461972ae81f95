/*
 * uart_msm.c - the Qualcomm MSM UART with data mover (UARTDM, v1.1 to v1.4) as Linux's earlycon and console drive
 * it (drivers/tty/serial/msm_serial.c: __msm_console_write(), msm_reset_dm_count(), msm_wait_for_xmitr()):
 * SR at 0x08 with TXRDY (room in the transmit FIFO) at bit 2 and TXEMT (transmitter empty) at bit 3; CR at 0x10,
 * whose command RESET_TX_READY is 3 << 8; ISR at 0x14 with TX_READY (the transfer's characters all sent) at bit
 * 7; NCF_TX, the number of characters of the next transfer, at 0x40; TF, the transmit FIFO, at 0x70, written a
 * 32-bit word at a time (up to 4 characters, the first in bits [7:0]). 32-bit accesses. Each byte is one transfer
 * of length 1, as Linux sends a single character (msm_handle_tx()'s x_char): wait until the previous transfer is
 * done, clear TX_READY, set NCF_TX to 1, wait for TXRDY, write the byte to TF. Binding serial/qcom,msm-uartdm.yaml.
 */
#include "drivers/uart/uart.h"

#define UARTDM_SR                0x08
#define UARTDM_SR_TXRDY          (1u << 2)
#define UARTDM_SR_TXEMT          (1u << 3)
#define UARTDM_CR                0x10
#define UARTDM_CR_RESET_TX_READY (3u << 8)
#define UARTDM_ISR               0x14
#define UARTDM_ISR_TX_READY      (1u << 7)
#define UARTDM_NCF_TX            0x40
#define UARTDM_TF                0x70

/*
 * Reads of SR and ISR before the wait for the previous transfer gives up, as msm_wait_for_xmitr() gives up after
 * 0.5 s: a transfer the earlier boot stage left unfinished (NCF_TX above the characters it wrote) never ends.
 */
#define UARTDM_WAIT_READS (1u << 20)

/* Wait (bounded) until SR.TXEMT or ISR.TX_READY, then issue CR's RESET_TX_READY command and set NCF_TX to 1. */
static void msm_uartdm_start(const struct plat_console *c)
{
	unsigned n;

	for (n = 0; n < UARTDM_WAIT_READS; n++) {
		if ((uart_read32(uart_reg(c, UARTDM_SR)) & UARTDM_SR_TXEMT) ||
		    (uart_read32(uart_reg(c, UARTDM_ISR)) & UARTDM_ISR_TX_READY))
			break;
	}
	uart_write32(uart_reg(c, UARTDM_CR), UARTDM_CR_RESET_TX_READY);
	uart_write32(uart_reg(c, UARTDM_NCF_TX), 1);
	(void)uart_read32(uart_reg(c, UARTDM_NCF_TX)); /* read back, as msm_reset_dm_count() does */
}

/* A one-byte transfer: msm_uartdm_start(), wait for SR.TXRDY, write ch to TF. */
static void msm_uartdm_putc(const struct plat_console *c, unsigned char ch)
{
	msm_uartdm_start(c);
	while (!(uart_read32(uart_reg(c, UARTDM_SR)) & UARTDM_SR_TXRDY))
		;
	uart_write32(uart_reg(c, UARTDM_TF), ch);
}

/* Wait until SR.TXEMT is 1: the last byte has left. */
static void msm_uartdm_flush(const struct plat_console *c)
{
	while (!(uart_read32(uart_reg(c, UARTDM_SR)) & UARTDM_SR_TXEMT))
		;
}

/* msm_serial.c's match table: the versions, and qcom,msm-uartdm, which every node lists after its version */
static const struct uart_compat msm_uartdm_compat[] = {
	{ .compatible = "qcom,msm-uartdm-v1.4" }, { .compatible = "qcom,msm-uartdm-v1.3" },
	{ .compatible = "qcom,msm-uartdm-v1.2" }, { .compatible = "qcom,msm-uartdm-v1.1" },
	{ .compatible = "qcom,msm-uartdm" }, { .compatible = NULL },
};

const struct uart_driver uart_msm_uartdm = {
	.kind = PLAT_CONSOLE_MSM_UARTDM, .name = "MSM UARTDM", .compat = msm_uartdm_compat, .io_width = 4,
	.span = UARTDM_TF + 4, .putc = msm_uartdm_putc, .flush = msm_uartdm_flush,
};
