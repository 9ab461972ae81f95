/*
 * pe_class.c - see pe_class.h.
 */
#include <stdio.h>
#include <string.h>

#include "arch/arch_regs.h"
#include "arch/sysreg.h"
#include "pe_class.h"
#include "platform/pe_memory.h"
#include "runtime/context.h"
#include "test/test.h"
#include "tests.h"

#define RULES_ID "D24.5 PMCR_EL0.{N, IDCODE}, PMCEID0_EL0, PMCEID1_EL0; D23.2 MIDR_EL1, REVIDR_EL1, ID_AA64DFR0_EL1, " \
		 "ID_AA64DFR1_EL1: every PE of a class alike"

/* The identification registers of a class, in the order the header and the failures print them. */
enum pe_id_reg {
	ID_MIDR, ID_REVIDR, ID_PMCR_N, ID_PMCR_IDCODE, ID_PMCEID0, ID_PMCEID1, ID_DFR0, ID_DFR1, ID_REGS
};
static const char *const id_name[ID_REGS] = {
	"MIDR_EL1", "REVIDR_EL1", "PMCR_EL0.N", "PMCR_EL0.IDCODE", "PMCEID0_EL0", "PMCEID1_EL0", "ID_AA64DFR0_EL1",
	"ID_AA64DFR1_EL1",
};

/* One PE: its registers as pe_class_record() read them, its class, and its test points. */
struct pe_record {
	uint64_t reg[ID_REGS];
	uint32_t class_id;           /* PE_CLASS_NONE until pe_class_assign(), or when it did not start */
	uint32_t recorded;           /* pe_class_record() ran on it */
	uint32_t passed, failed, skipped;
	uint32_t ran;                /* pe_class_result() was given */
};

static struct pe_record *rec;      /* [PE], a block of pe_memory */
static uint32_t *class_first;      /* [class]: its first PE */
static unsigned classes, capacity;

bool pe_class_setup(unsigned pes, const char **why)
{
	static char buf[120];
	uint64_t bytes = (uint64_t)pes * (sizeof(*rec) + sizeof(*class_first)), mem;

	*why = NULL;
	mem = pe_memory_alloc(bytes, PE_MEM_DATA, "PE records");
	if (!mem) {
		snprintf(buf, sizeof(buf), "%u PEs' records need %llu bytes", pes, (unsigned long long)bytes);
		*why = buf;
		return false;
	}
	rec = (struct pe_record *)(uintptr_t)mem;
	class_first = (uint32_t *)(uintptr_t)(mem + (uint64_t)pes * sizeof(*rec));
	capacity = pes;
	for (unsigned i = 0; i < pes; i++)
		rec[i].class_id = PE_CLASS_NONE;
	return true;
}

/* This PE's identification registers, read now at the orchestrator's EL. */
static void id_read(uint64_t *r)
{
	uint64_t pmcr = read_pmcr_el0();

	r[ID_MIDR] = read_midr_el1();
	r[ID_REVIDR] = read_revidr_el1();
	r[ID_PMCR_N] = FIELD_GET(PMCR_EL0, N, pmcr);
	r[ID_PMCR_IDCODE] = FIELD_GET(PMCR_EL0, IDCODE, pmcr);
	r[ID_PMCEID0] = read_pmceid0_el0();
	r[ID_PMCEID1] = read_pmceid1_el0();
	r[ID_DFR0] = read_id_aa64dfr0_el1();
	r[ID_DFR1] = read_id_aa64dfr1_el1();
}

void pe_class_record(unsigned idx)
{
	if (idx >= capacity)
		return;
	id_read(rec[idx].reg);
	rec[idx].recorded = 1;
}

void pe_class_assign(unsigned pes)
{
	unsigned i, k;

	classes = 0;
	for (i = 0; i < pes && i < capacity; i++) {
		rec[i].class_id = PE_CLASS_NONE;
		if (!rec[i].recorded)
			continue;
		for (k = 0; k < classes; k++)
			if (memcmp(rec[class_first[k]].reg, rec[i].reg, sizeof(rec[i].reg)) == 0)
				break;
		if (k == classes)
			class_first[classes++] = i;
		rec[i].class_id = k;
	}
}

unsigned pe_class_of(unsigned idx)
{
	return idx < capacity ? rec[idx].class_id : PE_CLASS_NONE;
}

bool pe_class_first(unsigned idx)
{
	unsigned k = pe_class_of(idx);

	return k != PE_CLASS_NONE && class_first[k] == idx;
}

/* The PEs of class k (PE_CLASS_NONE: those that did not start) as runs "a-b, c", and how many. */
static unsigned print_members(unsigned pes, unsigned k)
{
	unsigned i, j, n = 0;

	for (i = 0; i < pes; i = j) {
		if (rec[i].class_id != k) {
			j = i + 1;
			continue;
		}
		for (j = i + 1; j < pes && rec[j].class_id == k; j++)
			;
		printf("%s%u", n ? ", " : "", i);
		if (j - i > 1)
			printf("-%u", j - 1);
		n += j - i;
	}
	return n;
}

void pe_class_print(unsigned pes)
{
	unsigned k, r;

	if (pes > capacity)
		pes = capacity;
	for (k = 0; k < classes; k++) {
		const uint64_t *reg = rec[class_first[k]].reg;

		printf("# PE class %u:", k);
		for (r = 0; r < ID_REGS; r++)
			printf(r == ID_PMCR_N ? " %s %llu," : " %s 0x%llx,", id_name[r], (unsigned long long)reg[r]);
		printf(" PEs ");
		print_members(pes, k);
		printf(" (the suite on PE %u, the class check on the rest)\n", class_first[k]);
	}
	for (k = 0; k < pes; k++)
		if (rec[k].class_id == PE_CLASS_NONE) {
			printf("# PEs that did not start for their record: ");
			print_members(pes, PE_CLASS_NONE);
			printf("\n");
			break;
		}
}

void pe_class_check(unsigned idx)
{
	const uint64_t *want;
	uint64_t seen[ID_REGS];
	struct check_group g;
	unsigned k = pe_class_of(idx), r;

	test_select_every_point(true);
	if (k != PE_CLASS_NONE && group_begin(&g, RULES_ID, "pe_class.id")) {
		want = rec[class_first[k]].reg;
		id_read(seen);
		for (r = 0; r < ID_REGS; r++)
			check(&g, seen[r] == want[r], "%s expected 0x%llx (class %u, as PE %u has it), seen 0x%llx", id_name[r],
			      (unsigned long long)want[r], k, class_first[k], (unsigned long long)seen[r]);
		group_end(&g);
	}
	interrupt_overflow_point("pe_class.irq", CTX_NS_EL1);
	test_select_every_point(false);
}

void pe_class_result(unsigned idx, unsigned passed, unsigned failed, unsigned skipped)
{
	if (idx >= capacity)
		return;
	rec[idx].passed = passed;
	rec[idx].failed = failed;
	rec[idx].skipped = skipped;
	rec[idx].ran = 1;
}

/* The summary of each class: the suite on its first PE, the class check summed over the rest. */
static void summary_classes(unsigned pes)
{
	unsigned k, i, n, p, f, s;

	for (k = 0; k < classes; k++) {
		const struct pe_record *first = &rec[class_first[k]];

		for (i = 0, n = p = f = s = 0; i < pes; i++)
			if (rec[i].class_id == k && i != class_first[k] && rec[i].ran) {
				n++;
				p += rec[i].passed;
				f += rec[i].failed;
				s += rec[i].skipped;
			}
		printf("# PE class %u: the suite on PE %u: %u passed, %u failed, %u skipped; the class check on %u PE%s: "
		       "%u passed, %u failed, %u skipped\n", k, class_first[k], first->passed, first->failed,
		       first->skipped, n, n == 1 ? "" : "s", p, f, s);
	}
}

void pe_class_summary(unsigned pes, bool distinct)
{
	unsigned i, j;

	if (pes > capacity)
		pes = capacity;
	if (distinct) {
		summary_classes(pes);
		return;
	}
	for (i = 0; i < pes; i = j) { /* runs of PEs with the same counts */
		for (j = i + 1; j < pes && rec[j].ran == rec[i].ran && rec[j].passed == rec[i].passed &&
				rec[j].failed == rec[i].failed && rec[j].skipped == rec[i].skipped; j++)
			;
		if (j - i > 1)
			printf("# PEs %u-%u:", i, j - 1);
		else
			printf("# PE %u:", i);
		if (rec[i].ran)
			printf(" %u passed, %u failed, %u skipped%s\n", rec[i].passed, rec[i].failed, rec[i].skipped,
			       j - i > 1 ? " each" : "");
		else
			printf(" not run\n");
	}
}
