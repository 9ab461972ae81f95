/*
 * selection.c - parsing of the run's selection (selection.h). No allocation, no libc beyond string.h and
 * snprintf: it runs in the firmware before anything else is decided.
 */
#include <stdio.h>
#include <string.h>

#include "test/selection.h"

void selection_init(struct selection *s)
{
	memset(s, 0, sizeof(*s));
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

static void module_list(char *buf, size_t size, const char *const *modules, unsigned n)
{
	size_t at = 0;
	unsigned i;
	int w;

	buf[0] = '\0';
	for (i = 0; i < n && at < size; i++) {
		w = snprintf(buf + at, size - at, "%s%s", i ? ", " : "", modules[i]);
		if (w < 0)
			break;
		at += (size_t)w;
	}
}

bool selection_parse_tests(struct selection *s, const char *text, const char *const *modules, unsigned nmodules,
			   char *err, size_t errlen)
{
	char valid[256];
	size_t len, i, first;
	unsigned m;

	s->entries = 0;
	if (!*text) {
		snprintf(err, errlen, "empty test list");
		return false;
	}
	while (*text) {
		len = strcspn(text, ",");
		if (len == 0) {
			snprintf(err, errlen, "empty entry in the test list");
			return false;
		}
		if (len >= SELECTION_MAX_NAME) {
			snprintf(err, errlen, "test list entry of %u characters (at most %d)", (unsigned)len, SELECTION_MAX_NAME - 1);
			return false;
		}
		if (s->entries == SELECTION_MAX_ENTRIES) {
			snprintf(err, errlen, "more than %d entries in the test list", SELECTION_MAX_ENTRIES);
			return false;
		}
		for (i = 0; i < len; i++) {
			bool dot = text[i] == '.';

			if (!name_char(text[i]) && !(dot && i > 0 && i + 1 < len && text[i - 1] != '.')) {
				snprintf(err, errlen, "test list entry '%.*s': character %u ('%c') is not a-z, 0-9, _ or a "
					 "'.' between names", (int)len, text, (unsigned)i + 1,
					 text[i] >= 0x20 && text[i] < 0x7f ? text[i] : '?');
				return false;
			}
		}
		first = strcspn(text, ".,");
		for (m = 0; m < nmodules; m++)
			if (strlen(modules[m]) == first && strncmp(modules[m], text, first) == 0)
				break;
		if (m == nmodules) {
			module_list(valid, sizeof(valid), modules, nmodules);
			snprintf(err, errlen, "unknown module '%.*s' in test list entry '%.*s'; modules: %s", (int)first,
				 text, (int)len, text, valid);
			return false;
		}
		memcpy(s->entry[s->entries], text, len);
		s->entry[s->entries][len] = '\0';
		s->entries++;
		text += len;
		if (*text == ',') {
			text++;
			if (!*text) {
				snprintf(err, errlen, "the test list ends in ','");
				return false;
			}
		}
	}
	return true;
}

/* A decimal number of at most 6 digits at *p; advances *p. */
static bool number(const char **p, unsigned *v)
{
	unsigned digits = 0;

	*v = 0;
	while (**p >= '0' && **p <= '9' && digits < 7) {
		*v = *v * 10 + (unsigned)(**p - '0');
		(*p)++;
		digits++;
	}
	return digits > 0 && digits < 7;
}

bool selection_parse_pes(struct selection *s, const char *text, unsigned max_pes, char *err, size_t errlen)
{
	const char *p = text;
	unsigned lo, hi;

	s->pes = SELECTION_PES_ALL;
	s->pe_ranges = 0;
	if (max_pes == 0)
		max_pes = 1;
	if (strcmp(text, "all") == 0)
		return true;
	if (strcmp(text, "distinct") == 0) {
		s->pes = SELECTION_PES_DISTINCT;
		return true;
	}
	if (!*p) {
		snprintf(err, errlen, "empty PE list");
		return false;
	}
	for (;;) {
		if (!number(&p, &lo)) {
			snprintf(err, errlen, "PE list '%.40s': all, distinct, or a PE index (0-%u) expected at character %u",
				 text, max_pes - 1, (unsigned)(p - text) + 1);
			s->pe_ranges = 0;
			return false;
		}
		hi = lo;
		if (*p == '-') {
			p++;
			if (!number(&p, &hi) || hi < lo) {
				snprintf(err, errlen, "PE list '%.40s': bad range ending at character %u", text,
					 (unsigned)(p - text) + 1);
				s->pe_ranges = 0;
				return false;
			}
		}
		if (hi >= max_pes) {
			snprintf(err, errlen, "PE list '%.40s': PE %u does not exist (PEs 0-%u)", text, hi, max_pes - 1);
			s->pe_ranges = 0;
			return false;
		}
		if (s->pe_ranges == SELECTION_MAX_PE_RANGES) {
			snprintf(err, errlen, "PE list '%.40s': more than %u entries (a range a-b is one)", text,
				 SELECTION_MAX_PE_RANGES);
			s->pe_ranges = 0;
			return false;
		}
		s->pe_range[s->pe_ranges++] = (struct selection_pe_range){ lo, hi };
		if (*p == '\0') {
			s->pes = SELECTION_PES_LIST;
			return true;
		}
		if (*p != ',' || p[1] == '\0') {
			snprintf(err, errlen, "PE list '%.40s': ',' or the end expected at character %u", text,
				 (unsigned)(p - text) + 1);
			s->pe_ranges = 0;
			return false;
		}
		p++;
	}
}

bool selection_pe_selected(const struct selection *s, unsigned pe)
{
	unsigned i;

	if (s->pes != SELECTION_PES_LIST)
		return true;
	for (i = 0; i < s->pe_ranges; i++)
		if (pe >= s->pe_range[i].first && pe <= s->pe_range[i].last)
			return true;
	return false;
}

/*
 * The digits of a number in `base` (10 or 16; hex digits either case) from p: *v the value, *stop the first
 * character that is not a digit. Returns false when the value does not fit in 64 bits.
 */
static bool digits_u64(const char *p, unsigned base, uint64_t *v, const char **stop)
{
	uint64_t d;

	for (*v = 0;; p++) {
		if (*p >= '0' && *p <= '9')
			d = (uint64_t)(*p - '0');
		else if (base == 16 && (*p | 0x20) >= 'a' && (*p | 0x20) <= 'f')
			d = (uint64_t)((*p | 0x20) - 'a' + 10);
		else
			break;
		if (*v > (UINT64_MAX - d) / base)
			return false;
		*v = *v * base + d;
	}
	*stop = p;
	return true;
}

bool selection_parse_order(struct selection *s, const char *text, char *err, size_t errlen)
{
	const char *p, *stop;
	uint64_t v = 0;
	unsigned base = 10;

	s->random_order = false;
	s->order_seed = 0;
	if (strcmp(text, "default") == 0)
		return true;
	if (strncmp(text, "random:", 7) != 0) {
		snprintf(err, errlen, "order '%s': expected default or random:<seed>", text);
		return false;
	}
	p = text + 7;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	}
	if (!digits_u64(p, base, &v, &stop)) {
		snprintf(err, errlen, "order '%s': the seed does not fit in 64 bits", text);
		return false;
	}
	if (stop == p || *stop) {
		snprintf(err, errlen, "order '%s': the seed must be a decimal or 0x-hex number", text);
		return false;
	}
	s->random_order = true;
	s->order_seed = v;
	return true;
}

bool selection_parse_sweep(struct selection *s, const char *text, char *err, size_t errlen)
{
	const char *p = text, *stop;
	uint64_t count = 0, seed = 0;
	unsigned base = 10;

	s->sweep = false;
	s->sweep_count = 0;
	s->sweep_seed = 0;
	if (*p == '0') {
		snprintf(err, errlen, "sweep '%s': the count must be 1-%u, without leading zeros", text, SELECTION_MAX_SWEEP);
		return false;
	}
	while (*p >= '0' && *p <= '9') {
		count = count * 10 + (uint64_t)(*p++ - '0');
		if (count > SELECTION_MAX_SWEEP) {
			snprintf(err, errlen, "sweep '%s': more than %u configurations", text, SELECTION_MAX_SWEEP);
			return false;
		}
	}
	if (p == text || *p != ':') {
		snprintf(err, errlen, "sweep '%s': expected <count>:<seed> (count 1-%u, seed decimal or 0x hex), e.g. "
			 "200:0x5eed", text, SELECTION_MAX_SWEEP);
		return false;
	}
	p++;
	if (p[0] == '0' && p[1] == 'x') {
		base = 16;
		p += 2;
	}
	if (!digits_u64(p, base, &seed, &stop)) {
		snprintf(err, errlen, "sweep '%s': the seed does not fit in 64 bits", text);
		return false;
	}
	if (*stop) {
		snprintf(err, errlen, "sweep '%s': character %u ('%c') is not a %s digit", text,
			 (unsigned)(stop - text) + 1, *stop >= 0x20 && *stop < 0x7f ? *stop : '?',
			 base == 16 ? "hex" : "decimal");
		return false;
	}
	if (stop == p) {
		snprintf(err, errlen, "sweep '%s': empty seed (decimal, or hex after 0x)", text);
		return false;
	}
	s->sweep = true;
	s->sweep_count = (uint32_t)count;
	s->sweep_seed = seed;
	return true;
}

/* The iotype words of an earlycon spelling (Linux drivers/tty/serial/serial_core.c uart_parse_earlycon()). */
enum { IO_NONE = 0, IO_MMIO = 1, IO_MMIO32 = 2, IO_MMIO32BE = 4 };

/*
 * The earlycon names pmucheck takes (Linux's EARLYCON_DECLARE() names of each family's driver, drivers/tty/serial/),
 * the iotypes each takes and the one it has without: IO_NONE for a family whose registers have one width.
 */
static const struct earlycon {
	const char *name;
	enum plat_console_kind kind;
	uint8_t iotypes, dflt;
	uint8_t width; /* bytes per access when the iotype does not say: the family's */
} earlycons[] = {
	{ "uart8250", PLAT_CONSOLE_16550, IO_MMIO | IO_MMIO32, IO_MMIO, 1 },
	{ "uart", PLAT_CONSOLE_16550, IO_MMIO | IO_MMIO32, IO_MMIO, 1 },
	{ "pl011", PLAT_CONSOLE_PL011, IO_MMIO | IO_MMIO32, IO_NONE, 4 },
	{ "cdns", PLAT_CONSOLE_CADENCE, IO_MMIO32, IO_NONE, 4 },
	{ "imxuart", PLAT_CONSOLE_IMX, IO_MMIO32, IO_NONE, 4 },
	{ "lpuart", PLAT_CONSOLE_LPUART, IO_MMIO, IO_NONE, 1 },
	{ "lpuart32", PLAT_CONSOLE_LPUART32, IO_MMIO32 | IO_MMIO32BE, IO_MMIO32BE, 4 },
	{ "meson", PLAT_CONSOLE_MESON, IO_MMIO32, IO_NONE, 4 },
	{ "qcom_geni", PLAT_CONSOLE_GENI, IO_MMIO32, IO_NONE, 4 },
	{ "scif", PLAT_CONSOLE_SCIF, IO_NONE, IO_NONE, 2 },
	{ "hscif", PLAT_CONSOLE_SCIF, IO_NONE, IO_NONE, 2 },
	{ "exynos4210", PLAT_CONSOLE_EXYNOS, IO_MMIO | IO_MMIO32, IO_MMIO, 1 },
	{ "s3c6400", PLAT_CONSOLE_S3C6400, IO_MMIO | IO_MMIO32, IO_MMIO, 1 },
	{ "s5l", PLAT_CONSOLE_APPLE_S5L, IO_MMIO32, IO_NONE, 4 },
};

bool selection_parse_console(struct selection *s, const char *text, char *err, size_t errlen)
{
	static const struct { const char *word; uint8_t io; } iotypes[] = {
		{ "mmio32be,", IO_MMIO32BE }, { "mmio32,", IO_MMIO32 }, { "mmio,", IO_MMIO },
	};
	const struct earlycon *e = NULL;
	const char *p, *stop;
	struct plat_console c = { .from = PLAT_CONSOLE_FROM_BOOTARG };
	size_t n = strcspn(text, ",");
	unsigned i;
	uint8_t io = IO_NONE;
	uint64_t addr;

	memset(&s->console, 0, sizeof(s->console));
	for (i = 0; i < sizeof(earlycons) / sizeof(earlycons[0]) && !e; i++)
		if (strlen(earlycons[i].name) == n && strncmp(text, earlycons[i].name, n) == 0)
			e = &earlycons[i];
	if (!e || text[n] != ',') {
		snprintf(err, errlen, "pmucheck.console=%s: expected uart, semihosting or <name>[,<iotype>],0x<address>"
			 "[,<options>] with a name among uart8250, uart, pl011, cdns, imxuart, lpuart, lpuart32, meson, "
			 "qcom_geni, scif, hscif, exynos4210, s3c6400, s5l", text);
		return false;
	}
	p = text + n + 1;
	for (i = 0; i < sizeof(iotypes) / sizeof(iotypes[0]); i++) {
		if (strncmp(p, iotypes[i].word, strlen(iotypes[i].word)) == 0) {
			io = iotypes[i].io;
			p += strlen(iotypes[i].word);
			break;
		}
	}
	if (io != IO_NONE && !(e->iotypes & io)) {
		snprintf(err, errlen, "pmucheck.console=%s: %s does not take iotype %.*s", text, e->name,
			 (int)strlen(iotypes[i].word) - 1, iotypes[i].word);
		return false;
	}
	if (io == IO_NONE)
		io = e->dflt;
	if (p[0] != '0' || p[1] != 'x' || !digits_u64(p + 2, 16, &addr, &stop) || stop == p + 2 ||
	    (*stop && *stop != ',')) {
		snprintf(err, errlen, "pmucheck.console=%s: expected %s,[<iotype>,]0x<address>[,<options>]: iotype mmio, "
			 "mmio32 or mmio32be, the address at most 16 hex digits", text, e->name);
		return false;
	}
	c.kind = e->kind;
	c.base = addr;
	c.reg_io_width = io == IO_MMIO ? 1 : io == IO_NONE ? e->width : 4;
	c.reg_shift = e->kind == PLAT_CONSOLE_16550 && io == IO_MMIO32 ? 2 : 0; /* Linux: mmio32 means regshift 2 */
	c.big_endian = io == IO_MMIO32BE;
	if (e->kind == PLAT_CONSOLE_PL011)
		c.reg_io_width = 4;
	if (addr == 0 || addr % c.reg_io_width) {
		snprintf(err, errlen, "pmucheck.console=%s: the address must be non-zero and a multiple of %u", text,
			 c.reg_io_width);
		return false;
	}
	if (addr >= SELECTION_MAX_CONSOLE_ADDR) {
		snprintf(err, errlen, "pmucheck.console=%s: the address must be below 0x%llx (what the translation "
			 "tables reach, less a page)", text, (unsigned long long)SELECTION_MAX_CONSOLE_ADDR);
		return false;
	}
	s->console = c;
	return true;
}

/* The boot argument keys pmucheck reads (selection.h), in the order of the error message's list. */
enum bootarg_key { KEY_TESTS, KEY_PES, KEY_ORDER, KEY_QEMU, KEY_SWEEP, KEY_CONSOLE, KEY_SEMIHOSTING, KEY_ACPI, KEY_COUNT };
static const char *const bootarg_keys[KEY_COUNT] = {
	"pmucheck.tests", "pmucheck.pes", "pmucheck.order", "pmucheck.qemu", "pmucheck.sweep", "pmucheck.console",
	"pmucheck.semihosting", "pmucheck.acpi",
};

bool selection_parse_bootargs(struct selection *s, const char *bootargs, size_t len, const char *const *modules,
			      unsigned nmodules, unsigned max_pes, char *err, size_t errlen)
{
	static const char prefix[] = "pmucheck.";
	char word[256];
	const char *value;
	size_t at = 0, wl, kl;
	unsigned seen = 0, k;
	bool ok;

	selection_init(s);
	while (at < len && bootargs[at]) {
		while (at < len && bootargs[at] == ' ')
			at++;
		for (wl = 0; at + wl < len && bootargs[at + wl] && bootargs[at + wl] != ' '; wl++)
			;
		if (wl == 0)
			break;
		if (wl < sizeof(prefix) - 1 || strncmp(bootargs + at, prefix, sizeof(prefix) - 1) != 0) {
			at += wl; /* someone else's */
			continue;
		}
		if (wl >= sizeof(word)) {
			snprintf(err, errlen, "boot argument of %u characters starting '%.20s' (at most %u)", (unsigned)wl,
				 bootargs + at, (unsigned)sizeof(word) - 1);
			return false;
		}
		memcpy(word, bootargs + at, wl);
		word[wl] = '\0';
		at += wl;
		kl = strcspn(word, "=");
		if (word[kl] != '=' || word[kl + 1] == '\0') {
			snprintf(err, errlen, "boot argument '%s': expected %.*s=<value>", word, (int)kl, word);
			return false;
		}
		word[kl] = '\0';
		value = word + kl + 1;
		for (k = 0; k < KEY_COUNT && strcmp(word, bootarg_keys[k]) != 0; k++)
			;
		if (k == KEY_COUNT) {
			snprintf(err, errlen, "unknown boot argument '%s'; pmucheck reads pmucheck.tests, pmucheck.pes, "
				 "pmucheck.order, pmucheck.qemu, pmucheck.sweep, pmucheck.console, pmucheck.semihosting and "
				 "pmucheck.acpi",
				 word);
			return false;
		}
		if (seen & (1u << k)) {
			snprintf(err, errlen, "%s given twice", word);
			return false;
		}
		seen |= 1u << k;
		switch ((enum bootarg_key)k) {
		case KEY_TESTS: ok = selection_parse_tests(s, value, modules, nmodules, err, errlen); break;
		case KEY_PES: ok = selection_parse_pes(s, value, max_pes, err, errlen); break;
		case KEY_ORDER: ok = selection_parse_order(s, value, err, errlen); break;
		case KEY_SWEEP: ok = selection_parse_sweep(s, value, err, errlen); break;
		case KEY_CONSOLE:
			s->console_semihosting = strcmp(value, "semihosting") == 0;
			ok = s->console_semihosting || strcmp(value, "uart") == 0 ||
			     selection_parse_console(s, value, err, errlen);
			break;
		case KEY_SEMIHOSTING: /* read by the platform code (platform_semihosting()) */
			ok = strcmp(value, "0") == 0 || strcmp(value, "1") == 0;
			if (!ok)
				snprintf(err, errlen, "pmucheck.semihosting=%s: expected 0 or 1", value);
			break;
		case KEY_ACPI: /* read by the UEFI entry's platform choice (boot/boot_main.c) */
			ok = strcmp(value, "off") == 0 || strcmp(value, "force") == 0;
			if (!ok)
				snprintf(err, errlen, "pmucheck.acpi=%s: expected off or force", value);
			break;
		default: ok = true; break; /* pmucheck.qemu: read by the platform code (test_set_platform_version) */
		}
		if (!ok)
			return false;
	}
	return true;
}

bool selection_matches(const struct selection *s, const char *name, unsigned *hits)
{
	bool any = false;
	unsigned i;
	size_t len;

	if (s->entries == 0)
		return true;
	for (i = 0; i < s->entries; i++) {
		len = strlen(s->entry[i]);
		/* an entry matches the name's leading components: "enable" or "enable.swinc" */
		if (strncmp(name, s->entry[i], len) == 0 && (name[len] == '.' || name[len] == '\0')) {
			any = true;
			if (hits)
				hits[i]++;
		}
	}
	return any;
}
