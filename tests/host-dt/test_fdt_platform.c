/*
 * test_fdt_platform.c - host test of the device tree reader (lib/dt/fdt_platform.c), built with the host
 * compiler and Debian's libfdt-dev.
 *
 *   test_fdt_platform <tree.dtb> key=value ...
 *
 * Reads the tree as the firmware does and compares every field named on the command line with the value
 * given there. tests/host-dt/run.sh writes the trees (QEMU's own, dumped with -machine dumpdtb=, and
 * board.dts compiled with dtc) and derives the values from the QEMU command line or the .dts text, never
 * from this reader. Keys: mem<i>=base,size mem_count= uart= (the console's base) console= (its kind's name,
 * plat_console_kind_name()) compat= reg_shift= reg_io_width= reg_offset= big_endian=0|1
 * from=build|stdout-path|linux,stdout-path|serial0|tree-none|bootarg why= (the start of why the console is
 * unusable, "" when usable) from_tree_console=0|1 gic_version= gic_compatible= gicd= gicr=base,size (the first
 * redistributor region) gicr<i>=base,size gicr_count=
 * gicc=base,size pmu= timer=a,b,c,d psci=none|smc|hvc
 * pes= pes_in_tree= mpidr<i>= release<i>= debug<i>= bootargs= model= error=1 (the read must fail and leave the
 * defaults). The console's driver on a page of host memory standing in for its registers (every byte 0xa5):
 * span= (uart_span(): the bytes the MMU maps), regs=offset:value,... (not a check: 32-bit little-endian words
 * written into the page first, the status the driver waits for), tx=offset,width (its putc('Z') must leave 'Z'
 * at that byte offset of the page, and zeros in the width - 1 bytes above it, where a narrower write leaves
 * 0xa5: the access width of the write; a wait that never ends fails after 2 s). Prints one "ok"/"not ok" line
 * per key and exits 1 on any mismatch.
 */
#include <libfdt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drivers/uart/uart.h"
#include "dt/fdt_platform.h"

const char platform_name[] = "host-test";
static unsigned failures;

static void expect_u64(const char *key, unsigned long long seen, const char *want)
{
	unsigned long long w = strtoull(want, NULL, 0);

	printf("%s - %s: expected 0x%llx, seen 0x%llx\n", w == seen ? "ok" : "not ok", key, w, seen);
	failures += w != seen;
}

static void expect_str(const char *key, const char *seen, const char *want)
{
	bool ok = strcmp(seen, want) == 0;

	printf("%s - %s: expected \"%s\", seen \"%s\"\n", ok ? "ok" : "not ok", key, want, seen);
	failures += !ok;
}

/* "a,b" -> two numbers */
static void expect_pair(const char *key, unsigned long long a, unsigned long long b, const char *want)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "0x%llx,0x%llx", a, b);
	{
		char *comma = strchr(want, ',');
		unsigned long long wa = strtoull(want, NULL, 0), wb = comma ? strtoull(comma + 1, NULL, 0) : ~0ull;
		bool ok = comma && wa == a && wb == b;

		printf("%s - %s: expected %s, seen %s\n", ok ? "ok" : "not ok", key, want, buf);
		failures += !ok;
	}
}

#define FAKE_PAGE 4096
static _Alignas(FAKE_PAGE) unsigned char fake_regs[FAKE_PAGE]; /* the console's registers for span=, regs=, tx= */

static void putc_timeout(int sig)
{
	(void)sig;
	static const char msg[] = "not ok - tx: putc did not return in 2 s (a wait that never ends)\n";

	(void)!write(1, msg, sizeof(msg) - 1);
	_exit(1);
}

/* regs=offset:value,...: 32-bit little-endian words into fake_regs */
static void preset_regs(const char *v)
{
	while (*v) {
		char *end;
		unsigned long off = strtoul(v, &end, 0), val = *end == ':' ? strtoul(end + 1, &end, 0) : 0;
		unsigned i;

		for (i = 0; i < 4 && off + i < FAKE_PAGE; i++)
			fake_regs[off + i] = (unsigned char)(val >> (8 * i));
		v = *end == ',' ? end + 1 : end + strlen(end);
	}
}

/* tx=offset,width: the console's putc('Z') on fake_regs; where 'Z' landed and how many bytes the write spanned */
static void check_tx(const struct plat_console *console, const char *want)
{
	const struct uart_driver *drv = uart_driver(console->kind);
	struct plat_console c = *console;
	unsigned char before[FAKE_PAGE];
	unsigned off, w = 0;
	char seen[32] = "none";

	if (!drv) {
		expect_str("tx", "no driver", want);
		return;
	}
	memcpy(before, fake_regs, sizeof(before));
	c.base = (uint64_t)(uintptr_t)fake_regs;
	fflush(stdout);
	signal(SIGALRM, putc_timeout);
	alarm(2);
	drv->putc(&c, 'Z');
	alarm(0);
	for (off = 0; off < FAKE_PAGE; off++) {
		if (fake_regs[off] == 'Z' && before[off] != 'Z') {
			for (w = 1; w < 4 && off + w < FAKE_PAGE && fake_regs[off + w] == 0 && before[off + w] != 0; w++)
				;
			snprintf(seen, sizeof(seen), "0x%x,%u", off, w);
			break;
		}
	}
	{
		char *comma = strchr(want, ',');
		bool ok = comma && w && strtoul(want, NULL, 0) == off && strtoul(comma + 1, NULL, 0) == w;

		printf("%s - tx: expected %s, seen %s\n", ok ? "ok" : "not ok", want, seen);
		failures += !ok;
	}
}

int main(int argc, char **argv)
{
	static const char *const psci[] = { "none", "smc", "hvc" };
	static const char *const from[] = { "build", "stdout-path", "linux,stdout-path", "serial0", "tree-none",
					     "bootarg" };
	static uint64_t boot_pe[PLAT_PE_WORDS];
	struct plat_desc d = { .mem_count = 1, .mem = { { 1, 2 } }, .gic_version = 3, .gic_compatible = "compiled in",
			       .gicd_base = 4, .gicr = { { 5, 6 } }, .gicr_count = 1, .gicr_in_tree = 1, .gicc_base = 8,
			       .gicc_size = 9, .pmu_intid = 7, .pe_count = 1,
			       .console = { .kind = PLAT_CONSOLE_PL011, .base = 3, .reg_io_width = 4 } };
	struct plat_desc defaults;
	uint64_t *pe_arrays = NULL;
	static char blob[4 << 20];
	FILE *f;
	size_t n;
	int rc, i;

	if (argc < 2 || !(f = fopen(argv[1], "rb"))) {
		fprintf(stderr, "usage: %s tree.dtb key=value ...\n", argv[0]);
		return 2;
	}
	n = fread(blob, 1, sizeof(blob), f);
	fclose(f);
	memset(fake_regs, 0xa5, sizeof(fake_regs));
	plat_set_pe_arrays(&d, boot_pe, 1);
	defaults = d;
	/* as the firmware reads it (platform_discover()): room for one PE, then for every PE the tree names */
	rc = fdt_platform_valid(blob, (uint32_t)n) ? fdt_platform_read(blob, &d) : -FDT_ERR_BADMAGIC;
	if (rc == 0 && d.pe_count_in_tree > d.pe_capacity) {
		pe_arrays = calloc((size_t)d.pe_count_in_tree * PLAT_PE_WORDS, sizeof(uint64_t));
		if (!pe_arrays)
			return 2;
		plat_set_pe_arrays(&d, pe_arrays, d.pe_count_in_tree);
		rc = fdt_platform_read(blob, &d);
	}
	for (i = 2; i < argc; i++) {
		char key[32];
		const char *eq = strchr(argv[i], '='), *v;
		unsigned idx;

		if (!eq || (size_t)(eq - argv[i]) >= sizeof(key))
			return 2;
		snprintf(key, sizeof(key), "%.*s", (int)(eq - argv[i]), argv[i]);
		v = eq + 1;
		if (strcmp(key, "error") == 0) {
			bool ok = rc < 0 && memcmp(&d, &defaults, sizeof(d)) == 0;

			printf("%s - error: read fails (%d) and leaves the defaults\n", ok ? "ok" : "not ok", rc);
			failures += !ok;
		} else if (rc < 0) {
			printf("not ok - %s: the tree was not read (%s)\n", key, fdt_strerror(rc));
			failures++;
		} else if (sscanf(key, "mem%u", &idx) == 1 && idx < PLAT_MAX_MEM) {
			expect_pair(key, d.mem[idx].base, d.mem[idx].size, v);
		} else if (strcmp(key, "mem_count") == 0) {
			expect_u64(key, d.mem_count, v);
		} else if (strcmp(key, "uart") == 0) {
			expect_u64(key, d.console.base, v);
		} else if (strcmp(key, "console") == 0) {
			expect_str(key, plat_console_kind_name(d.console.kind), v);
		} else if (strcmp(key, "compat") == 0) {
			expect_str(key, d.console.compatible, v);
		} else if (strcmp(key, "reg_shift") == 0) {
			expect_u64(key, d.console.reg_shift, v);
		} else if (strcmp(key, "reg_io_width") == 0) {
			expect_u64(key, d.console.reg_io_width, v);
		} else if (strcmp(key, "reg_offset") == 0) {
			expect_u64(key, d.console.reg_offset, v);
		} else if (strcmp(key, "big_endian") == 0) {
			expect_u64(key, d.console.big_endian, v);
		} else if (strcmp(key, "from") == 0) {
			expect_str(key, d.console.from <= PLAT_CONSOLE_FROM_BOOTARG ? from[d.console.from] : "?", v);
		} else if (strcmp(key, "why") == 0) {
			char seen[128];

			snprintf(seen, sizeof(seen), "%.*s", (int)strlen(v), d.console.why ? d.console.why : "");
			expect_str(key, seen, v);
		} else if (strcmp(key, "from_tree_console") == 0) {
			expect_u64(key, !!(d.from_tree & PLAT_FROM_TREE_CONSOLE), v);
		} else if (strcmp(key, "gicd") == 0) {
			expect_u64(key, d.gicd_base, v);
		} else if (strcmp(key, "gicr") == 0) {
			expect_pair(key, d.gicr_count ? d.gicr[0].base : 0, d.gicr_count ? d.gicr[0].size : 0, v);
		} else if (sscanf(key, "gicr%u", &idx) == 1 && idx < PLAT_MAX_GICR) {
			expect_pair(key, idx < d.gicr_count ? d.gicr[idx].base : 0, idx < d.gicr_count ? d.gicr[idx].size : 0,
				    v);
		} else if (strcmp(key, "gicr_count") == 0) {
			expect_u64(key, d.gicr_count, v);
		} else if (strcmp(key, "gicc") == 0) {
			expect_pair(key, d.gicc_base, d.gicc_size, v);
		} else if (strcmp(key, "gic_version") == 0) {
			expect_u64(key, d.gic_version, v);
		} else if (strcmp(key, "gic_compatible") == 0) {
			expect_str(key, d.gic_compatible, v);
		} else if (strcmp(key, "pmu") == 0) {
			expect_u64(key, d.pmu_intid, v);
		} else if (strcmp(key, "timer") == 0) {
			char seen[64];

			snprintf(seen, sizeof(seen), "%u,%u,%u,%u", d.timer_intid[0], d.timer_intid[1], d.timer_intid[2],
				 d.timer_intid[3]);
			expect_str(key, seen, v);
		} else if (strcmp(key, "psci") == 0) {
			expect_str(key, psci[d.psci], v);
		} else if (strcmp(key, "pes") == 0) {
			expect_u64(key, d.pe_count, v);
		} else if (strcmp(key, "pes_in_tree") == 0) {
			expect_u64(key, d.pe_count_in_tree, v);
		} else if (sscanf(key, "mpidr%u", &idx) == 1) {
			expect_u64(key, idx < d.pe_count ? d.pe_mpidr[idx] : ~0ull, v);
		} else if (sscanf(key, "release%u", &idx) == 1) {
			expect_u64(key, idx < d.pe_count ? d.pe_release_addr[idx] : ~0ull, v);
		} else if (sscanf(key, "debug%u", &idx) == 1) {
			expect_u64(key, idx < d.pe_count ? d.pe_debug_base[idx] : ~0ull, v);
		} else if (strcmp(key, "bootargs") == 0) {
			expect_str(key, d.bootargs, v);
		} else if (strcmp(key, "model") == 0) {
			expect_str(key, d.model, v);
		} else if (strcmp(key, "span") == 0) {
			expect_u64(key, uart_span(&d.console), v);
		} else if (strcmp(key, "regs") == 0) {
			preset_regs(v);
		} else if (strcmp(key, "tx") == 0) {
			check_tx(&d.console, v);
		} else {
			fprintf(stderr, "unknown key %s\n", key);
			return 2;
		}
	}
	free(pe_arrays);
	return failures ? 1 : 0;
}
