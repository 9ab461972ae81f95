/*
 * test_pc_sample.c - PC Sample-based Profiling (lib/model/pc_sample.c): CreatePCSample(), the PMPCSR read and the
 * EDPCSRlo read, every branch of the pseudocode in ../shared/spec/002_*.txt, each field.
 *
 * Expected values are the pseudocode's statements re-written here (quoted beside them), never the model's output.
 */
#include <string.h>

#include "host_test.h"
#include "model/pc_sample.h"

#define PC_TEST   0xAB12345678ABCDEFULL /* bits [63:56] nonzero: PMPCSR keeps pc<55:32> only */
#define ONES32    0xFFFFFFFFu

/* A sample record with every field a recognisable value (the "previous" pc_sample). */
static struct pc_sample stale_sample(void)
{
	struct pc_sample ps;

	memset(&ps, 0, sizeof(ps));
	ps.vmid = 0x0BAD;
	ps.contextidr_el2 = 0x0BAD0BAD;
	ps.contextidr_el2_unknown = false;
	ps.el0h = true;
	return ps;
}

/*
 * CreatePCSample(): every combination of the inputs it reads.
 *   valid = ExternalNoninvasiveDebugAllowed() && !Halted(); pc = ThisInstrAddr(); el = PSTATE.EL;
 *   rw = if UsingAArch32() then '0' else '1'; ns = if IsSecure() then '0' else '1';
 *   contextidr = if ELUsingAArch32(EL1) then CONTEXTIDR else CONTEXTIDR_EL1; has_el2 = EL2Enabled();
 *   if EL2Enabled() then vmid = ZeroExtend(VTTBR.VMID, 16) (AArch32 EL2) | ZeroExtend(VTTBR_EL2.VMID<7:0>, 16)
 *     (!Have16bitVMID() || VTCR_EL2.VS == '0') | VTTBR_EL2.VMID; contextidr_el2 = CONTEXTIDR_EL2 when
 *     HaveVirtHostExt() && !ELUsingAArch32(EL2) else UNKNOWN; el0h = PSTATE.EL == EL0 && IsInHost();
 *   (without EL2Enabled(), vmid, contextidr_el2 and el0h keep their previous values)
 */
static void test_create_pc_sample(void)
{
	unsigned bits, el;

	tc_begin("CreatePCSample(): valid, pc, el, rw, ns, contextidr, has_el2, vmid, contextidr_el2, el0h");
	for (bits = 0; bits < (1u << 11); bits++)
		for (el = 0; el < 4; el++) {
			struct pc_sample_ctx c;
			struct pc_sample ps = stale_sample(), old = ps;

			memset(&c, 0, sizeof(c));
			c.pc = PC_TEST + bits;
			c.el = el;
			c.noninvasive_allowed = bits & 1;
			c.halted = bits & 2;
			c.aarch32 = bits & 4;
			c.secure = bits & 8;
			c.el1_aarch32 = bits & 16;
			c.el2_enabled = bits & 32;
			c.el2_aarch32 = bits & 64;
			c.have_16bit_vmid = bits & 128;
			c.vtcr_el2_vs = bits & 256;
			c.vhe = bits & 512;
			c.in_host = bits & 1024;
			c.contextidr = 0xA32A32A3;
			c.contextidr_el1 = 0xE11E11E1;
			c.contextidr_el2 = 0xE22E22E2;
			c.vttbr_vmid = 0x0077;
			c.vttbr_el2_vmid = 0x9A5C;
			create_pc_sample(&c, &ps);
			tc_check(ps.valid, c.noninvasive_allowed && !c.halted, "inputs 0x%03x EL%u: valid", bits, el);
			tc_check(ps.pc, PC_TEST + bits, "inputs 0x%03x EL%u: pc", bits, el);
			tc_check(ps.el, el, "inputs 0x%03x EL%u: el", bits, el);
			tc_check(ps.rw, c.aarch32 ? 0 : 1, "inputs 0x%03x EL%u: rw", bits, el);
			tc_check(ps.ns, c.secure ? 0 : 1, "inputs 0x%03x EL%u: ns", bits, el);
			tc_check(ps.contextidr, c.el1_aarch32 ? 0xA32A32A3 : 0xE11E11E1, "inputs 0x%03x EL%u: contextidr", bits,
				 el);
			tc_check(ps.has_el2, c.el2_enabled, "inputs 0x%03x EL%u: has_el2", bits, el);
			if (!c.el2_enabled) {
				tc_check(ps.vmid, old.vmid, "inputs 0x%03x EL%u: vmid kept", bits, el);
				tc_check(ps.contextidr_el2, old.contextidr_el2, "inputs 0x%03x EL%u: contextidr_el2 kept", bits, el);
				tc_check(ps.contextidr_el2_unknown, old.contextidr_el2_unknown, "inputs 0x%03x EL%u: unknown kept",
					 bits, el);
				tc_check(ps.el0h, old.el0h, "inputs 0x%03x EL%u: el0h kept", bits, el);
				continue;
			}
			tc_check(ps.vmid, c.el2_aarch32 ? 0x77 : (!c.have_16bit_vmid || !c.vtcr_el2_vs) ? 0x5C : 0x9A5C,
				 "inputs 0x%03x EL%u: vmid", bits, el);
			tc_check(ps.contextidr_el2_unknown, !(c.vhe && !c.el2_aarch32), "inputs 0x%03x EL%u: contextidr_el2 UNKNOWN",
				 bits, el);
			if (c.vhe && !c.el2_aarch32)
				tc_check(ps.contextidr_el2, 0xE22E22E2, "inputs 0x%03x EL%u: contextidr_el2", bits, el);
			tc_check(ps.el0h, el == 0 && c.in_host, "inputs 0x%03x EL%u: el0h", bits, el);
		}
	tc_end();
}

/* Field-wise equality (no memcmp: struct padding is not copied by assignment). */
static bool pmu_regs_equal(const struct pmu_pcsr_regs *x, const struct pmu_pcsr_regs *y)
{
	return x->pmpcsr == y->pmpcsr && x->pmcid1sr == y->pmcid1sr && x->pmcid2sr == y->pmcid2sr &&
	       x->pmvidsr == y->pmvidsr && x->pmpcsr_unknown == y->pmpcsr_unknown &&
	       x->pmcid1sr_unknown == y->pmcid1sr_unknown && x->pmcid2sr_unknown == y->pmcid2sr_unknown &&
	       x->pmvidsr_unknown == y->pmvidsr_unknown;
}

static bool ed_regs_equal(const struct ed_pcsr_regs *x, const struct ed_pcsr_regs *y)
{
	return x->edpcsrhi == y->edpcsrhi && x->edcidsr == y->edcidsr && x->edvidsr == y->edvidsr &&
	       x->edpcsrhi_unknown == y->edpcsrhi_unknown && x->edcidsr_unknown == y->edcidsr_unknown &&
	       x->edvidsr_unknown == y->edvidsr_unknown;
}

/* A previous register state: every bit known, recognisable. */
static struct pmu_pcsr_regs stale_pmu_regs(void)
{
	struct pmu_pcsr_regs r;

	memset(&r, 0, sizeof(r));
	r.pmpcsr = 0x1F2E3D4C5B6A7988ULL;
	r.pmcid1sr = 0xC1C1C1C1;
	r.pmcid2sr = 0xC2C2C2C2;
	r.pmvidsr = 0xABCD1234;
	return r;
}

/*
 * PMPCSR[memory_mapped] read:
 *   if EDPRSR<6:5,0> != '001' then IMPLEMENTATION_DEFINED "signal slave-generated error"; return bits(32) UNKNOWN;
 *   update = !memory_mapped || PMLSR.SLK == '0';
 *   valid: sample = pc<31:0>; if update: PMPCSR<55:32> = (rw == '0' ? Zeros(24) : pc<55:32>); PMPCSR.EL = el;
 *     PMPCSR.NS = ns; PMCID1SR = contextidr; PMCID2SR = has_el2 ? contextidr_el2 : UNKNOWN;
 *     PMVIDSR.VMID = (has_el2 && el IN {EL1,EL0} && !el0h) ? vmid : UNKNOWN;
 *   else: sample = Ones(32); if update: PMPCSR<55:32>, PMPCSR.EL, PMPCSR.NS, PMCID1SR, PMCID2SR, PMVIDSR.VMID UNKNOWN.
 */
static void test_pmpcsr_read(void)
{
	unsigned edprsr_i, bits, el;

	tc_begin("PMPCSR read: EDPRSR.{DLK,OSLK,PU}, Software lock, valid and invalid samples, every field");
	for (edprsr_i = 0; edprsr_i < 8; edprsr_i++)
		for (bits = 0; bits < 64; bits++)
			for (el = 0; el < 4; el++) {
				struct pcsr_access a;
				struct pc_sample ps = stale_sample();
				struct pmu_pcsr_regs r = stale_pmu_regs(), old = r;
				struct pcsr_read res;
				uint32_t edprsr = (edprsr_i & 4 ? (uint32_t)EDPRSR_DLK_BIT : 0) |
						  (edprsr_i & 2 ? (uint32_t)EDPRSR_OSLK_BIT : 0) | (edprsr_i & 1 ? (uint32_t)EDPRSR_PU_BIT : 0);
				bool update, vmid_known;
				uint64_t hi, known_hi;

				memset(&a, 0, sizeof(a));
				a.edprsr = edprsr | 0x1E; /* other EDPRSR bits are not checked */
				a.memory_mapped = bits & 1;
				a.slk = bits & 2;
				ps.valid = bits & 4;
				ps.has_el2 = bits & 8;
				ps.el0h = bits & 16;
				ps.rw = bits & 32 ? 1 : 0;
				ps.ns = el & 1; /* varied with el */
				ps.el = el;
				ps.pc = PC_TEST;
				ps.contextidr = 0x11112222;
				ps.contextidr_el2 = 0x33334444;
				ps.vmid = 0x5566;
				res = pmpcsr_read(&ps, &a, &r);
				if (edprsr != (uint32_t)EDPRSR_PU_BIT) {
					tc_check(res.error, 1, "EDPRSR=0x%x: error", edprsr);
					tc_check(res.unknown, ONES32, "EDPRSR=0x%x: value UNKNOWN", edprsr);
					tc_check(pmu_regs_equal(&r, &old), 1, "EDPRSR=0x%x: nothing written", edprsr);
					tc_check(res.updated, 0, "EDPRSR=0x%x: not updated (the error returns first)", edprsr);
					continue;
				}
				update = !a.memory_mapped || !a.slk;
				tc_check(res.error, 0, "inputs 0x%02x EL%u: no error", bits, el);
				tc_check(res.updated, update, "inputs 0x%02x EL%u: update", bits, el);
				tc_check(res.value, ps.valid ? 0x78ABCDEFu : ONES32, "inputs 0x%02x EL%u: sample", bits, el);
				tc_check(res.unknown, 0, "inputs 0x%02x EL%u: sample known", bits, el);
				if (!update) {
					tc_check(pmu_regs_equal(&r, &old), 1, "inputs 0x%02x EL%u: Software locked: no side-effects",
						 bits, el);
					continue;
				}
				/* PMPCSR[31:0] holds what the read returned: "sample" (pc_sample.h) */
				tc_check(r.pmpcsr & ONES32, ps.valid ? 0x78ABCDEFu : ONES32, "inputs 0x%02x EL%u: PMPCSR[31:0]",
					 bits, el);
				tc_check(r.pmpcsr_unknown & ONES32, 0, "inputs 0x%02x EL%u: PMPCSR[31:0] known", bits, el);
				if (!ps.valid) {
					tc_check(r.pmpcsr_unknown & MASK64(63, 32), MASK64(62, 61) | MASK64(55, 32) | BIT64(63),
						 "inputs 0x%02x EL%u: PMPCSR<55:32>, EL, NS UNKNOWN", bits, el);
					tc_check(r.pmcid1sr_unknown, ONES32, "inputs 0x%02x: PMCID1SR UNKNOWN", bits);
					tc_check(r.pmcid2sr_unknown, ONES32, "inputs 0x%02x: PMCID2SR UNKNOWN", bits);
					tc_check(r.pmvidsr_unknown, 0xFFFF, "inputs 0x%02x: PMVIDSR.VMID UNKNOWN", bits);
					tc_check(r.pmvidsr & 0xFFFF0000u, old.pmvidsr & 0xFFFF0000u, "inputs 0x%02x: PMVIDSR[31:16] kept", bits);
					continue;
				}
				hi = ps.rw == 0 ? 0 : (PC_TEST & MASK64(55, 32));
				known_hi = hi | ((uint64_t)el << 61) | (ps.ns ? BIT64(63) : 0) | (old.pmpcsr & MASK64(60, 56));
				tc_check(r.pmpcsr >> 32, known_hi >> 32, "inputs 0x%02x EL%u: PMPCSR[63:32]", bits, el);
				tc_check(r.pmpcsr_unknown, 0, "inputs 0x%02x EL%u: PMPCSR known", bits, el);
				tc_check(r.pmcid1sr, 0x11112222, "inputs 0x%02x EL%u: PMCID1SR", bits, el);
				tc_check(r.pmcid1sr_unknown, 0, "inputs 0x%02x EL%u: PMCID1SR known", bits, el);
				tc_check(r.pmcid2sr_unknown, ps.has_el2 ? 0 : ONES32, "inputs 0x%02x EL%u: PMCID2SR UNKNOWN", bits, el);
				if (ps.has_el2)
					tc_check(r.pmcid2sr, 0x33334444, "inputs 0x%02x EL%u: PMCID2SR", bits, el);
				vmid_known = ps.has_el2 && el <= 1 && !ps.el0h;
				tc_check(r.pmvidsr_unknown, vmid_known ? 0 : 0xFFFF, "inputs 0x%02x EL%u: PMVIDSR.VMID UNKNOWN", bits, el);
				if (vmid_known)
					tc_check(r.pmvidsr, (old.pmvidsr & 0xFFFF0000u) | 0x5566, "inputs 0x%02x EL%u: PMVIDSR", bits, el);
			}
	tc_end();
}

/*
 * EDPCSRlo[memory_mapped] read: the EDPRSR check and update as for PMPCSR (EDLSR.SLK); valid, when updating:
 *   if HaveVirtHostExt() && EDSCR.SC2 == '1': EDPCSRhi.PC = (rw == '0' ? Zeros(24) : pc<55:32>); EDPCSRhi.EL = el;
 *     EDPCSRhi.NS = ns;  else EDPCSRhi = (rw == '0' ? Zeros(32) : pc<63:32>);
 *   EDCIDSR = contextidr;
 *   SC2: EDVIDSR = (HaveEL(EL2) && ns == '1') ? contextidr_el2 : UNKNOWN;
 *   else: EDVIDSR.VMID = (HaveEL(EL2) && ns == '1' && el IN {EL1,EL0}) ? vmid : Zeros(); EDVIDSR.NS = ns;
 *     EDVIDSR.E2 = el == EL2; EDVIDSR.E3 = (el == EL3) AND rw; EDVIDSR.HV = !IsZero(EDPCSRhi) ? '1' : IMP DEF.
 *   invalid: sample = Ones(32); when updating EDPCSRhi, EDCIDSR, EDVIDSR UNKNOWN.
 */
static void test_edpcsrlo_read(void)
{
	unsigned edprsr_i, bits, el;

	tc_begin("EDPCSRlo read: EDPRSR, Software lock, FEAT_VHE and EDSCR.SC2, valid and invalid samples, every field");
	for (edprsr_i = 0; edprsr_i < 8; edprsr_i++)
		for (bits = 0; bits < 1024; bits++)
			for (el = 0; el < 4; el++) {
				struct pcsr_access a;
				struct pc_sample ps = stale_sample();
				struct ed_pcsr_regs r, old;
				struct pcsr_read res;
				uint32_t edprsr = (edprsr_i & 4 ? (uint32_t)EDPRSR_DLK_BIT : 0) |
						  (edprsr_i & 2 ? (uint32_t)EDPRSR_OSLK_BIT : 0) | (edprsr_i & 1 ? (uint32_t)EDPRSR_PU_BIT : 0);
				bool update, sc2;
				uint32_t hi, vid;

				memset(&r, 0, sizeof(r));
				r.edpcsrhi = 0x0A0B0C0D;
				r.edcidsr = 0xC1C1C1C1;
				r.edvidsr = 0x0F0F0F0F;
				old = r;
				memset(&a, 0, sizeof(a));
				a.edprsr = edprsr;
				a.memory_mapped = bits & 1;
				a.slk = bits & 2;
				ps.valid = bits & 4;
				a.vhe = bits & 8;
				a.edscr_sc2 = bits & 16;
				a.have_el2 = bits & 32;
				ps.rw = bits & 64 ? 1 : 0;
				ps.ns = bits & 128 ? 1 : 0;
				ps.contextidr_el2_unknown = bits & 256;
				ps.pc = bits & 512 ? 0x78ABCDEFULL : PC_TEST; /* pc<63:32> zero or not */
				ps.el = el;
				ps.contextidr = 0x11112222;
				ps.contextidr_el2 = 0x33334444;
				ps.vmid = 0x5566;
				res = edpcsrlo_read(&ps, &a, &r);
				if (edprsr != (uint32_t)EDPRSR_PU_BIT) {
					tc_check(res.error, 1, "EDPRSR=0x%x: error", edprsr);
					tc_check(res.unknown, ONES32, "EDPRSR=0x%x: value UNKNOWN", edprsr);
					tc_check(ed_regs_equal(&r, &old), 1, "EDPRSR=0x%x: nothing written", edprsr);
					tc_check(res.updated, 0, "EDPRSR=0x%x: not updated (the error returns first)", edprsr);
					continue;
				}
				update = !a.memory_mapped || !a.slk;
				tc_check(res.value, ps.valid ? 0x78ABCDEFu : ONES32, "inputs 0x%03x EL%u: sample", bits, el);
				tc_check(res.error, 0, "inputs 0x%03x EL%u: no error", bits, el);
				if (!update) {
					tc_check(ed_regs_equal(&r, &old), 1, "inputs 0x%03x EL%u: no side-effects", bits, el);
					continue;
				}
				if (!ps.valid) {
					tc_check(r.edpcsrhi_unknown & r.edcidsr_unknown & r.edvidsr_unknown, ONES32,
						 "inputs 0x%03x EL%u: EDPCSRhi, EDCIDSR, EDVIDSR UNKNOWN", bits, el);
					continue;
				}
				sc2 = a.vhe && a.edscr_sc2;
				if (sc2)
					hi = (old.edpcsrhi & 0x1F000000u) | (ps.rw == 0 ? 0 : (uint32_t)(ps.pc >> 32) & 0xFFFFFF) |
					     (el << 29) | (ps.ns ? 0x80000000u : 0);
				else
					hi = ps.rw == 0 ? 0 : (uint32_t)(ps.pc >> 32);
				tc_check(r.edpcsrhi, hi, "inputs 0x%03x EL%u: EDPCSRhi", bits, el);
				tc_check(r.edpcsrhi_unknown, 0, "inputs 0x%03x EL%u: EDPCSRhi known", bits, el);
				tc_check(r.edcidsr, 0x11112222, "inputs 0x%03x EL%u: EDCIDSR", bits, el);
				tc_check(r.edcidsr_unknown, 0, "inputs 0x%03x EL%u: EDCIDSR known", bits, el);
				if (sc2) {
					bool known = a.have_el2 && ps.ns == 1 && !ps.contextidr_el2_unknown;

					tc_check(r.edvidsr_unknown, known ? 0 : ONES32, "inputs 0x%03x EL%u: EDVIDSR UNKNOWN (SC2)", bits, el);
					if (known)
						tc_check(r.edvidsr, 0x33334444, "inputs 0x%03x EL%u: EDVIDSR (SC2)", bits, el);
					continue;
				}
				vid = (old.edvidsr & 0x0FFF0000u) | (a.have_el2 && ps.ns == 1 && el <= 1 ? 0x5566 : 0) |
				      (ps.ns ? 0x80000000u : 0) | (el == 2 ? 0x40000000u : 0) | (el == 3 && ps.rw ? 0x20000000u : 0) |
				      (hi != 0 ? 0x10000000u : 0);
				tc_check(r.edvidsr & ~(hi == 0 ? 0x10000000u : 0), vid, "inputs 0x%03x EL%u: EDVIDSR", bits, el);
				tc_check(r.edvidsr_unknown, hi == 0 ? 0x10000000u : 0,
					 "inputs 0x%03x EL%u: EDVIDSR.HV IMPLEMENTATION DEFINED when EDPCSRhi is zero", bits, el);
			}
	tc_end();
}

void run_pc_sample_tests(void)
{
	test_create_pc_sample();
	test_pmpcsr_read();
	test_edpcsrlo_read();
}
