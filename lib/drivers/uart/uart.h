/*
 * uart.h - the console UART drivers, transmit only, in the style of TF-A's console framework
 * (include/drivers/console.h: one descriptor per driver with a putc and an optional flush). The previous boot
 * stage set the baud rate, clocks and pins; a driver only waits for room in the transmit FIFO and writes one
 * byte. One file per family (uart_<family>.c); uart.c lists them and matches a node's compatible list. The
 * register layout of each family is cited in its file. Every access is aligned and of the width the device
 * wants (plat_console.reg_io_width where the binding lets the board choose).
 */
#ifndef PMUCHECK_UART_H
#define PMUCHECK_UART_H

#include <stdbool.h>
#include <stdint.h>

#include "platform/platform_desc.h"

/* A compatible string a driver takes, and what that compatible fixes beyond the family's defaults. */
struct uart_compat {
	const char *compatible;
	uint8_t reg_offset; /* bytes before the first register */
	bool big_endian;    /* 32-bit registers are big-endian */
	uint8_t reg_shift, reg_io_width; /* what the node's reg-shift and reg-io-width default to where Linux's driver
	                                    of this compatible sets them itself (0: the binding's defaults 0 and 1) */
};

struct uart_driver {
	enum plat_console_kind kind;
	const char *name;                  /* plat_console_kind_name() */
	const struct uart_compat *compat;  /* the compatibles it takes, ended by { NULL } */
	unsigned io_width;                 /* bytes per access; 0: the node's reg-io-width (1 or 4, default 1) */
	unsigned span;                     /* bytes from the first register to the end of the last one used, for
	                                      reg_shift 0: what the MMU maps (uart_span()) */
	void (*putc)(const struct plat_console *c, unsigned char ch); /* wait for room, write ch */
	void (*flush)(const struct plat_console *c);                 /* optional: wait until sent */
	void (*init)(const struct plat_console *c);                  /* optional: once, before the first putc: what
	                                                                Linux's earlycon setup of the family does
	                                                                besides the baud rate (which stays the loader's) */
};

/* The driver of `kind`; NULL for PLAT_CONSOLE_NONE or an unknown kind. */
const struct uart_driver *uart_driver(enum plat_console_kind kind);

/*
 * The driver taking one of the `len` bytes of NUL-separated compatible strings at `compat` (a node's
 * compatible property), tried in the list's order, the first string a driver knows winning (as Linux's
 * of_match_node() prefers a node's earlier, more specific entries); its uart_compat entry in *entry. NULL when no
 * driver knows any of them.
 */
const struct uart_driver *uart_match(const char *compat, int len, const struct uart_compat **entry);

/* Bytes of c's registers from c->base that the driver touches (reg_offset and reg_shift applied); 0: none. */
uint64_t uart_span(const struct plat_console *c);

/* MMIO of the console's register number `reg` (before reg_shift), at base + reg_offset + (reg << reg_shift). */
static inline uintptr_t uart_reg(const struct plat_console *c, unsigned reg)
{
	return (uintptr_t)(c->base + c->reg_offset + ((uint64_t)reg << c->reg_shift));
}

static inline uint32_t uart_read32(uintptr_t a) { return *(volatile uint32_t *)a; }
static inline void uart_write32(uintptr_t a, uint32_t v) { *(volatile uint32_t *)a = v; }
static inline uint16_t uart_read16(uintptr_t a) { return *(volatile uint16_t *)a; }
static inline void uart_write16(uintptr_t a, uint16_t v) { *(volatile uint16_t *)a = v; }
static inline uint8_t uart_read8(uintptr_t a) { return *(volatile uint8_t *)a; }
static inline void uart_write8(uintptr_t a, uint8_t v) { *(volatile uint8_t *)a = v; }

/* A register of width c->reg_io_width (1 or 4 bytes), read or written as such; the value in its low bits. */
static inline uint32_t uart_read_io(const struct plat_console *c, unsigned reg)
{
	return c->reg_io_width == 4 ? uart_read32(uart_reg(c, reg)) : uart_read8(uart_reg(c, reg));
}

static inline void uart_write_io(const struct plat_console *c, unsigned reg, uint32_t v)
{
	if (c->reg_io_width == 4)
		uart_write32(uart_reg(c, reg), v);
	else
		uart_write8(uart_reg(c, reg), (uint8_t)v);
}

/*
 * The transmit path most UARTs share: wait while any bit of `busy` (a "transmit FIFO full" flag) is set in the
 * 32-bit register at offset `status`, then write ch to the 32-bit register at offset `data`.
 */
static inline void uart_put32_when_clear(const struct plat_console *c, unsigned status, uint32_t busy,
					 unsigned data, unsigned char ch)
{
	while (uart_read32(uart_reg(c, status)) & busy)
		;
	uart_write32(uart_reg(c, data), ch);
}

/* The drivers (uart_<family>.c). */
extern const struct uart_driver uart_pl011, uart_sbsa, uart_16550, uart_imx, uart_lpuart, uart_lpuart32,
	uart_cadence, uart_meson, uart_geni, uart_scif, uart_s3c6400, uart_exynos, uart_apple_s5l, uart_msm_uartdm,
	uart_armada_3700, uart_bcm63xx, uart_rz_scif, uart_owl, uart_sprd, uart_linflex, uart_em;

#endif
