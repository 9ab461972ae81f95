/*
 * fuzz_selection.c - libFuzzer target for the run selection parser (lib/test/selection.c): any bytes as the
 * boot arguments, as a test list and as a PE list. Beyond "no crash, no out-of-bounds access, no undefined
 * behaviour" (AddressSanitizer, UndefinedBehaviorSanitizer), it checks what a caller relies on:
 *   - the error message is a terminated string that fits its buffer, and non-empty on every refusal;
 *   - an accepted test list holds only valid names whose first component is a module, and joining its entries
 *     with ',' parses back to the same entries;
 *   - an accepted PE selection is all or distinct with no ranges, or a list of 1..SELECTION_MAX_PE_RANGES ranges
 *     first <= last below the PE count, which printed back as "a-b,c-d,..." parses to the same ranges; a refused
 *     one leaves no ranges;
 *   - an accepted sweep (pmucheck.sweep=<count>:<seed>, alone or among the boot arguments) has a count in
 *     1..SELECTION_MAX_SWEEP, and printed back as "<count>:0x<seed>" and "<count>:<seed>" parses to the same
 *     values; a refused one, and boot arguments without the key, leave the sweep fields zero;
 *   - an accepted console in Linux's earlycon spelling (pmucheck.console=<name>,...) names a UART family, comes
 *     from the boot argument, has a non-zero address below SELECTION_MAX_CONSOLE_ADDR aligned to its access
 *     width (1, 2 or 4 bytes), a register
 *     stride of at most 4 bytes, and is not semihosting; a refused one, and boot arguments without it, leave
 *     the console zero (kind none).
 * `make fuzz` runs it (FUZZ_SECONDS); `make test` replays the kept corpus (tests/fuzz/corpus/selection/).
 */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "module_list.h"
#include "test/selection.h"

#define MODULE_NAME(m) #m,
static const char *const modules[] = { PMUCHECK_MODULE_LIST(MODULE_NAME) };
#define NMODULES (unsigned)(sizeof(modules) / sizeof(modules[0]))
#define MAX_PES 512u /* QEMU virt's most PEs with a GICv3 */

static void check_err(const char *err, size_t size, bool ok)
{
	size_t len = strnlen(err, size);

	if (len == size || (!ok && len == 0))
		abort();
}

static bool valid_entry(const char *e)
{
	size_t i, len = strlen(e), first = strcspn(e, ".");
	unsigned m;

	if (len == 0 || e[0] == '.' || e[len - 1] == '.')
		return false;
	for (i = 0; i < len; i++)
		if (!((e[i] >= 'a' && e[i] <= 'z') || (e[i] >= '0' && e[i] <= '9') || e[i] == '_' ||
		      (e[i] == '.' && e[i + 1] != '.')))
			return false;
	for (m = 0; m < NMODULES; m++)
		if (strlen(modules[m]) == first && strncmp(modules[m], e, first) == 0)
			return true;
	return false;
}

static void check_tests(const struct selection *s)
{
	struct selection again;
	char joined[SELECTION_MAX_ENTRIES * SELECTION_MAX_NAME], err[64];
	unsigned i;

	joined[0] = '\0';
	for (i = 0; i < s->entries; i++) {
		if (!valid_entry(s->entry[i]))
			abort();
		if (i)
			strcat(joined, ",");
		strcat(joined, s->entry[i]);
	}
	if (s->entries) {
		if (!selection_parse_tests(&again, joined, modules, NMODULES, err, sizeof(err)))
			abort();
		if (again.entries != s->entries)
			abort();
		for (i = 0; i < s->entries; i++)
			if (strcmp(again.entry[i], s->entry[i]) != 0)
				abort();
		if (!selection_matches(s, s->entry[0], NULL))
			abort();
	}
}

static void check_sweep(const struct selection *s)
{
	struct selection again;
	char text[48], err[96];
	unsigned form;

	if (!s->sweep) {
		if (s->sweep_count || s->sweep_seed)
			abort();
		return;
	}
	if (s->sweep_count == 0 || s->sweep_count > SELECTION_MAX_SWEEP)
		abort();
	for (form = 0; form < 2; form++) {
		snprintf(text, sizeof(text), form ? "%u:%llu" : "%u:0x%llx", (unsigned)s->sweep_count,
			 (unsigned long long)s->sweep_seed);
		selection_init(&again);
		if (!selection_parse_sweep(&again, text, err, sizeof(err)) || !again.sweep ||
		    again.sweep_count != s->sweep_count || again.sweep_seed != s->sweep_seed)
			abort();
	}
}

static void check_pes(const struct selection *s, bool ok)
{
	struct selection again;
	char text[SELECTION_MAX_PE_RANGES * 16], err[96];
	size_t at = 0;
	unsigned i;

	if (!ok || s->pes != SELECTION_PES_LIST) {
		if (s->pe_ranges || (!ok && s->pes != SELECTION_PES_ALL) || s->pes > SELECTION_PES_DISTINCT)
			abort();
		return;
	}
	if (s->pe_ranges == 0 || s->pe_ranges > SELECTION_MAX_PE_RANGES)
		abort();
	for (i = 0; i < s->pe_ranges; i++) {
		if (s->pe_range[i].first > s->pe_range[i].last || s->pe_range[i].last >= MAX_PES)
			abort();
		if (!selection_pe_selected(s, s->pe_range[i].first) || !selection_pe_selected(s, s->pe_range[i].last))
			abort();
		at += (size_t)snprintf(text + at, sizeof(text) - at, "%s%u-%u", i ? "," : "", (unsigned)s->pe_range[i].first,
				       (unsigned)s->pe_range[i].last);
	}
	selection_init(&again);
	if (!selection_parse_pes(&again, text, MAX_PES, err, sizeof(err)) || again.pes != SELECTION_PES_LIST ||
	    again.pe_ranges != s->pe_ranges || memcmp(again.pe_range, s->pe_range, sizeof(s->pe_range[0]) * s->pe_ranges))
		abort();
}

static void check_console(const struct selection *s)
{
	const struct plat_console *c = &s->console, zero = { 0 };

	if (c->kind == PLAT_CONSOLE_NONE) {
		if (memcmp(c, &zero, sizeof(zero)) != 0)
			abort();
		return;
	}
	if (c->kind >= PLAT_CONSOLE_KINDS || c->from != PLAT_CONSOLE_FROM_BOOTARG || c->base == 0 ||
	    c->base >= SELECTION_MAX_CONSOLE_ADDR ||
	    (c->reg_io_width != 1 && c->reg_io_width != 2 && c->reg_io_width != 4) || c->base % c->reg_io_width ||
	    c->reg_shift > 2 || s->console_semihosting)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct selection s;
	char err[96], *text = malloc(size + 1);
	bool ok;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';

	ok = selection_parse_bootargs(&s, (const char *)data, size, modules, NMODULES, MAX_PES, err, sizeof(err));
	check_err(err, sizeof(err), ok);
	if (ok) {
		check_tests(&s);
		check_sweep(&s);
		check_console(&s);
		check_pes(&s, true);
	}
	selection_init(&s);
	ok = selection_parse_tests(&s, text, modules, NMODULES, err, sizeof(err));
	check_err(err, sizeof(err), ok);
	if (ok)
		check_tests(&s);
	selection_init(&s);
	ok = selection_parse_sweep(&s, text, err, sizeof(err));
	check_err(err, sizeof(err), ok);
	if (ok != s.sweep)
		abort();
	check_sweep(&s);
	selection_init(&s);
	ok = selection_parse_console(&s, text, err, sizeof(err));
	check_err(err, sizeof(err), ok);
	if (ok != (s.console.kind != PLAT_CONSOLE_NONE))
		abort();
	check_console(&s);
	selection_init(&s);
	ok = selection_parse_pes(&s, text, MAX_PES, err, sizeof(err));
	check_err(err, sizeof(err), ok);
	check_pes(&s, ok);
	selection_matches(&s, text, NULL);
	free(text);
	return 0;
}
