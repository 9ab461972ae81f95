/*
 * aarch32.c - the AArch32 PMU register names and the AArch32 EL1 state around a call (aarch32.h).
 */
#include <stddef.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "runtime/aarch32.h"

_Static_assert(sizeof(struct a32_op) == A32_OP_SIZE, "struct a32_op is the A32 agent's request layout");
_Static_assert(offsetof(struct a32_op, out) == 4 && offsetof(struct a32_op, lo) == 8 &&
	       offsetof(struct a32_op, hi) == 12, "struct a32_op is the A32 agent's request layout");

#define A32_NAME(name, width, opc1, crn, crm, opc2) #name,
static const char *const a32_names[] = { A32_PMU_REG_LIST(A32_NAME) };
#define A32_WIDTH(name, width, opc1, crn, crm, opc2) width,
static const unsigned char a32_widths[] = { A32_PMU_REG_LIST(A32_WIDTH) };
_Static_assert(sizeof(a32_names) / sizeof(a32_names[0]) == A32_REG_COUNT, "A32_REG_COUNT");

const char *a32_reg_name(unsigned reg)
{
	if (reg == A32_REG_PMCCNTR64)
		return "PMCCNTR (MRRC/MCRR)";
	return reg < A32_REG_COUNT ? a32_names[reg] : "?";
}

#define A32_ENC(name, width, opc1, crn, crm, opc2) { opc1, crn, crm, opc2 },
static const unsigned char a32_encodings[][4] = { A32_PMU_REG_LIST(A32_ENC) };

void a32_reg_encoding(unsigned reg, unsigned *opc1, unsigned *crn, unsigned *crm, unsigned *opc2)
{
	const unsigned char *e = a32_encodings[reg < A32_REG_COUNT ? reg : 0];

	*opc1 = e[0];
	*crn = e[1];
	*crm = e[2];
	*opc2 = e[3];
}

bool a32_reg_is_64(unsigned reg)
{
	return reg < A32_REG_COUNT && a32_widths[reg] == 64;
}

/*
 * TTBCR with EAE = 1 (G8.2 TTBCR, long-descriptor layout): T0SZ[2:0] = 0, EPD0[7] = 0, IRGN0[9:8] = ORGN0[11:10]
 * = 0b01 (Write-Back), SH0[13:12] = 0b11 (Inner Shareable), T1SZ[18:16] = 0, A1[22] = 0, EPD1[23] = 1, EAE[31] = 1.
 */
#define A32_TTBCR (BIT64(31) | BIT64(23) | (U64(3) << 12) | (U64(1) << 10) | (U64(1) << 8))
/*
 * SCTLR, AArch32 layout (G8.2 SCTLR): M[0], C[2], I[12] on; nTLSMD[3], LSMAOE[4] and bits 11, 22, 23 RES1 (or their
 * no-trap values); CP15BEN[5] (CP15 barriers enabled, their reset value); nTWI[16], nTWE[18] (WFI, WFE not
 * trapped); A, V, EE, TE = 0: no alignment check, VBAR, little-endian data, exceptions taken in A32.
 */
#define A32_SCTLR (BIT64(0) | BIT64(2) | BIT64(3) | BIT64(4) | BIT64(5) | BIT64(11) | BIT64(12) | BIT64(16) | \
		   BIT64(18) | BIT64(22) | BIT64(23))

static uint64_t saved_sctlr, saved_tcr, saved_ttbr0, saved_vbar, saved_hcr;

/* Whether EL2 is enabled in context c's Security state (the RW control then is HCR_EL2's). */
static bool a32_el2_enabled(enum ctx c)
{
	return features.el2 && (!ctx_secure(c) || ctx_eel2(c)) && orchestrator_el >= 2;
}

void a32_el1_enter(enum ctx c)
{
	uint64_t root, l1;

	saved_sctlr = EL1_REG_READ(sctlr);
	saved_tcr = EL1_REG_READ(tcr);
	saved_ttbr0 = EL1_REG_READ(ttbr0);
	saved_vbar = EL1_REG_READ(vbar);
	/* the level 1 table behind entry 0 of the level 0 table (lib/mmu: 48-bit walks from level 0) */
	root = saved_ttbr0 & MASK64(47, 1);
	l1 = *(volatile uint64_t *)(uintptr_t)root & MASK64(47, 12);
	if (a32_el2_enabled(c)) {
		saved_hcr = read_hcr_el2();
		write_hcr_el2(saved_hcr & ~HCR_EL2_RW_BIT);
	} else {
		write_scr_el3(read_scr_el3() & ~SCR_EL3_RW_BIT);
	}
	isb();
	EL1_REG_WRITE(tcr, A32_TTBCR);
	EL1_REG_WRITE(ttbr0, l1);
	EL1_REG_WRITE(sctlr, A32_SCTLR);
	EL1_REG_WRITE(vbar, (uint64_t)(uintptr_t)a32_agent);
	isb();
	__asm__ volatile("tlbi alle1\n\tdsb ish\n\tisb" ::: "memory");
}

void a32_el1_leave(enum ctx c)
{
	if (a32_el2_enabled(c))
		write_hcr_el2(saved_hcr);
	else
		write_scr_el3(read_scr_el3() | SCR_EL3_RW_BIT);
	isb();
	EL1_REG_WRITE(tcr, saved_tcr);
	EL1_REG_WRITE(ttbr0, saved_ttbr0);
	EL1_REG_WRITE(sctlr, saved_sctlr);
	EL1_REG_WRITE(vbar, saved_vbar);
	isb();
	__asm__ volatile("tlbi alle1\n\tdsb ish\n\tisb" ::: "memory");
}
