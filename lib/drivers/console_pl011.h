/*
 * console_pl011.h - the PL011 UART as a character sink (PrimeCell UART TRM DDI0183), at plat.uart_base.
 */
#ifndef PMUCHECK_CONSOLE_PL011_H
#define PMUCHECK_CONSOLE_PL011_H

/* Send one character: waits while UARTFR.TXFF (transmit FIFO full) is 1, then writes UARTDR. */
void pl011_putc(char c);

#endif
