/*
 * snapshot.c - D13.9 PMU snapshots (FEAT_PMUv3_SS): Table D13-10 on the hardware.
 *
 * For every context that can reach PMSSCR_EL1 (EL3, EL2, EL1; EL0 has no access) and every combination of
 * MDCR_EL3.PMSSE, MDCR_EL2.PMSSE and PMECR_EL1.PSSE (as far as pmucheck owns the level), the orchestrator
 * presets the counters (stopped, so their values at the capture are known), and the context writes
 * PMSSCR_EL1.SS = 1 and polls it as Example D13-8 does (MRS, ISB, until SS reads 0; bounded). Then:
 *   - PMSSCR_EL1.{NC, SS}, every PMEVCNTSVR<n>_EL1, PMCCNTSVR_EL1 and PMICNTSVR_EL1 (FEAT_PMUv3_ICNTR) must be
 *     what the snapshot model says (pmu_pmsscr_write(), pmu_capture_event()): the counters' values (allowed),
 *     unchanged with NC = 1 (prohibited), unchanged with the write ignored (disabled, RMFJWS);
 *   - with a reserved PMECR_EL1.SSE, the observed category must be among those pmu_capture_outcomes() permits.
 * Test points:
 *   snapshot.table_d13_10.<ctx>  the combinations above (RSCLCQ, RMFJWS, RYWLFL, RTSYTY, Table D13-10)
 *   snapshot.os_lock.<ctx>       RTSYTY: with Capture events allowed, the OS Lock (OSLAR_EL1) makes a capture
 *                                prohibited (NC = 1, nothing written); unlocked again, allowed
 *   snapshot.event.<ctx>         PMUCaptureEvent's PMUEvent(PMU_EVENT_PMU_SNAPSHOT): a counter counting event
 *                                0x8127 (DDI0487 D14.2 Table D14-3, "Successful PMU capture event"), filtered to
 *                                the context, counts one for a successful capture there (as count_pmu_events()
 *                                says it counts there) and none for a prohibited one (the OS Lock)
 *   snapshot.pc_sample.<ctx>     RMPZSB with FEAT_PCSRv8p9: PMPCSCTL.SS = 1, two captures in a row with a loop of
 *                                taken branches between them (snapshot_sequences.S); after the second, PMPCSR must
 *                                hold a Recently-executed instruction, one executed between the two captures, in
 *                                the context's EL and Security state (PMPCSR.EL, PMPCSR.NS), or PMPCSR[31:0] =
 *                                0xFFFFFFFF where PC sampling is not allowed (the authentication interface decides,
 *                                which software cannot see). The PE's PMU external interface comes from the device
 *                                tree (FDT_PMU_EXT_COMPAT, platform_desc.h); FEAT_PCSRv8p9 shows as PMPCSCTL.SS
 *                                reading back 1 (RES0 without it).
 * The OS Lock is locked at cold reset, and a capture under it is prohibited: the module unlocks it (OSLAR_EL1 = 0)
 * for its run and gives back what it found, else the first capture of a run could not clear PMSSCR_EL1.NC and a
 * prohibited capture would look like a disabled one.
 * Gates: ID_AA64DFR0_EL1.PMSS (FEAT_PMUv3_SS); EL3 implemented and not ours (MDCR_EL3.EnPMSS, PMSSE unknown).
 * With FEAT_FGT2, the EL2 baseline sets HDFGRTR2/HDFGWTR2_EL2.nPMSSCR_EL1 and nPMSSDATA (runtime/baseline.h).
 */
#include <stdio.h>
#include <string.h>

#include "arch/arch_regs.h"
#include "arch/id_regs.h"
#include "arch/sysreg.h"
#include "ebep.h"
#include "model/pmu_model.h"
#include "model/pmu_snapshot.h"
#include "platform/platform_desc.h"
#include "pmu_util.h"
#include "runtime/baseline.h"
#include "runtime/exception.h"
#include "runtime/stacks.h"
#include "test/test.h"
#include "tests.h"

/* RVLKCZ: one snapshot register per implemented counter, each PMEVCNTSVR<n>_EL1 (n < PMCR_EL0.N) checked. */
#define RULES_TABLE "D13.9 RDBRSV RSCLCQ RMFJWS RYWLFL RTSYTY RVLKCZ Table D13-10, PMUCaptureEvent"
#define RULES_OSLOCK "D13.9 RTSYTY (the OS Lock), PMUCaptureEventAllowed"
#define RULES_EVENT "D13.9 PMUCaptureEvent (PMU_SNAPSHOT, event 0x8127, on a successful Capture event)"
#define RULES_PCS "D13.9 RMPZSB, PMUCaptureEvent (FEAT_PCSRv8p9: PMPCSCTL.SS, SetPCSample)"
#define NO_SAMPLE 0xFFFFFFFFu
#define POLL_LIMIT 100000u
#define POLL_TIMEOUT BIT64(63) /* in at_ctx_capture()'s result: SS never read 0 */

/* Runs in the context: PMSSCR_EL1.SS = 1, then Example D13-8's poll. Returns the last PMSSCR_EL1 read. */
static uint64_t at_ctx_capture(uint64_t unused)
{
	uint64_t v = 0;
	unsigned i;

	(void)unused;
	write_pmsscr_el1(PMSSCR_EL1_SS_BIT);
	for (i = 0; i < POLL_LIMIT; i++) {
		v = read_pmsscr_el1();
		isb();
		if (!(v & PMSSCR_EL1_SS_BIT))
			return v;
	}
	return v | POLL_TIMEOUT;
}

/* The snapshot registers as they read now. */
static void read_snapshot(struct pmu_snapshot_regs *r)
{
	unsigned n;

	memset(r, 0, sizeof(*r));
	for (n = 0; n < features.pmu.num_counters; n++)
		r->pmevcntsvr_el1[n] = read_pmevcntsvr(n);
	r->pmccntsvr_el1 = read_pmccntsvr_el1();
	if (features.pmu.pmicntr)
		r->pmicntsvr_el1 = read_pmicntsvr_el1();
	r->pmsscr_el1 = read_pmsscr_el1();
}

/* Preset the counters (stopped) to values no capture has seen: distinct per counter and per call. */
static void preset_counters(struct pmu_live_counters *live, unsigned salt)
{
	unsigned n;

	memset(live, 0, sizeof(*live));
	pmu_stop();
	for (n = 0; n < features.pmu.num_counters; n++) {
		live->pmevcntr_el0[n] = 0x10000ull * (salt + 1) + 0x111ull * (n + 1);
		write_pmevcntr(n, live->pmevcntr_el0[n]);
	}
	live->pmccntr_el0 = 0xC0000000ull + salt;
	write_pmccntr_el0(live->pmccntr_el0);
	isb();
}

/* Which category the registers show: allowed (captured), prohibited (NC = 1, nothing written), disabled. */
static int classify(const struct pmu_snapshot_regs *before, const struct pmu_snapshot_regs *after,
		    const struct pmu_live_counters *live)
{
	bool captured = after->pmccntsvr_el1 == live->pmccntr_el0, unchanged = after->pmccntsvr_el1 == before->pmccntsvr_el1;
	unsigned n;

	for (n = 0; n < features.pmu.num_counters; n++) {
		captured = captured && after->pmevcntsvr_el1[n] == live->pmevcntr_el0[n];
		unchanged = unchanged && after->pmevcntsvr_el1[n] == before->pmevcntsvr_el1[n];
	}
	if (captured && !(after->pmsscr_el1 & (PMSSCR_EL1_NC_BIT | PMSSCR_EL1_SS_BIT)))
		return PMU_CAPTURE_ALLOWED;
	if (unchanged && (after->pmsscr_el1 & PMSSCR_EL1_NC_BIT) && !(after->pmsscr_el1 & PMSSCR_EL1_SS_BIT) &&
	    !(before->pmsscr_el1 & PMSSCR_EL1_NC_BIT))
		return PMU_CAPTURE_PROHIBITED;
	if (unchanged && after->pmsscr_el1 == before->pmsscr_el1)
		return PMU_CAPTURE_DISABLED;
	return -1;
}

static const char *capture_name(int o)
{
	return o == PMU_CAPTURE_ALLOWED ? "allowed" : o == PMU_CAPTURE_PROHIBITED ? "prohibited"
		: o == PMU_CAPTURE_DISABLED ? "disabled" : "none of them";
}

/*
 * Whether PMSSCR_EL1 and PMECR_EL1 can be read at the orchestrator; an access that takes an exception (the
 * UNDEFINED of a PE without FEAT_PMUv3_SS, when the gate is forced open) fails g with the exception shown.
 */
static void pmsscr_rw(bool write, uint64_t *value)
{
	if (write) {
		write_pmsscr_el1(*value);
		test_note(TREG_PMSSCR_EL1, *value);
	} else
		*value = read_pmsscr_el1();
}

static bool registers_present(struct check_group *g)
{
	uint64_t v = 0;

	return ebep_guarded_access(g, "PMSSCR_EL1", pmsscr_rw, false, &v) && ebep_pmecr_access(g, false, &v);
}

/*
 * Program the controls of s (MDCR_EL3 with EnPMSS, MDCR_EL2, PMECR_EL1). With FEAT_FGT2, SCR_EL3.FGTEn2 = 1 as
 * well: at EL1 with EL2 enabled, SCR_EL3.FGTEn2 == 0 traps PMSSCR_EL1 and the snapshot registers to EL2 like a
 * 0 in HDFGRTR2/HDFGWTR2_EL2.nPMSSCR_EL1 or nPMSSDATA (the accessors in PMU_sysreg_access.asl), and the EL2
 * baseline sets those bits (runtime/baseline.h).
 */
static void program_controls(const struct pmu_state *s)
{
	if (orchestrator_el == 3 && features.fgt2)
		el3_set_test_controls(SCR_EL3_FGTEn2_BIT);
	if (orchestrator_el == 3)
		write_mdcr_el3(s->mdcr_el3 | MDCR_EL3_EnPMSS_BIT);
	if (features.el2 && pmu_owns_el2())
		write_mdcr_el2(s->mdcr_el2);
	write_pmecr_el1(s->pmecr_el1);
	isb();
	test_note(TREG_PMECR_EL1, s->pmecr_el1);
	test_note(TREG_MDCR_EL3, s->mdcr_el3 | MDCR_EL3_EnPMSS_BIT);
	test_note(TREG_MDCR_EL2, s->mdcr_el2);
}

/*
 * One capture at context c under state s (controls programmed), checked against the model. A first capture
 * under allowed controls clears PMSSCR_EL1.NC where the model can (so "prohibited" is seen as NC 0 -> 1).
 */
static void capture_once(struct check_group *g, enum ctx c, struct pmu_state *s, const char *line, unsigned salt)
{
	struct pmu_snapshot_regs before, after, want;
	struct pmu_live_counters live;
	struct pmu_capture_result r;
	uint64_t seen, ret;
	unsigned permitted, n;
	bool capture = false;
	int observed;

	preset_counters(&live, salt);
	read_snapshot(&before);
	s->pmsscr_el1 = before.pmsscr_el1;
	s->oslsr_el1 = read_oslsr_el1();
	want = before;
	want.pmsscr_el1 = pmu_pmsscr_write(ebep_model_features(), s, PMSSCR_EL1_SS_BIT, &capture);
	r = pmu_capture_event(ebep_model_features(), s, &live, NULL, &want);
	permitted = pmu_capture_outcomes(&features.pmu, s);
	/* PMSSCR_EL1 as the model read it (NC from earlier captures) and with the capture's write of SS */
	test_note(TREG_PMSSCR_EL1, before.pmsscr_el1);
	test_note(TREG_PMSSCR_EL1, before.pmsscr_el1 | PMSSCR_EL1_SS_BIT);
	if (ctx_call(c, at_ctx_capture, 0, &ret) != CTX_OK) {
		check(g, false, "%s: an unexpected exception ended the capture in %s", line, ctx_name(c));
		exc_record_print(&exc_unexpected);
		baseline_restore_all();
		return;
	}
	seen = ret;
	check(g, !(seen & POLL_TIMEOUT), "%s: PMSSCR_EL1.SS still 1 after %u polls (0x%llx)", line, POLL_LIMIT,
	      (unsigned long long)seen);
	read_snapshot(&after);
	observed = classify(&before, &after, &live);
	if (!check(g, observed >= 0 && ((permitted >> observed) & 1u),
		   "%s: Capture events %s expected (model: %s), %s seen: PMSSCR_EL1 0x%llx -> 0x%llx, PMCCNTSVR_EL1 "
		   "0x%llx -> 0x%llx (PMCCNTR_EL0 0x%llx)", line,
		   capture_name(r.outcome), permitted == PMU_CAPTURE_BIT(r.outcome) ? "one outcome" : "several permitted",
		   capture_name(observed), (unsigned long long)before.pmsscr_el1, (unsigned long long)after.pmsscr_el1,
		   (unsigned long long)before.pmccntsvr_el1, (unsigned long long)after.pmccntsvr_el1,
		   (unsigned long long)live.pmccntr_el0))
		return;
	if (permitted != PMU_CAPTURE_BIT(r.outcome))
		return; /* a reserved encoding: the category was checked, the model's one reading proves nothing more */
	check(g, (after.pmsscr_el1 & (PMSSCR_EL1_NC_BIT | PMSSCR_EL1_SS_BIT)) ==
		     (want.pmsscr_el1 & (PMSSCR_EL1_NC_BIT | PMSSCR_EL1_SS_BIT)),
	      "%s: PMSSCR_EL1 = 0x%llx, expected {NC, SS} of 0x%llx", line, (unsigned long long)after.pmsscr_el1,
	      (unsigned long long)want.pmsscr_el1);
	for (n = 0; n < features.pmu.num_counters; n++)
		check(g, after.pmevcntsvr_el1[n] == want.pmevcntsvr_el1[n], "%s: PMEVCNTSVR%u_EL1 = 0x%llx, expected 0x%llx",
		      line, n, (unsigned long long)after.pmevcntsvr_el1[n], (unsigned long long)want.pmevcntsvr_el1[n]);
	check(g, after.pmccntsvr_el1 == want.pmccntsvr_el1, "%s: PMCCNTSVR_EL1 = 0x%llx, expected 0x%llx", line,
	      (unsigned long long)after.pmccntsvr_el1, (unsigned long long)want.pmccntsvr_el1);
	if (features.pmu.pmicntr)
		check(g, after.pmicntsvr_el1 == want.pmicntsvr_el1, "%s: PMICNTSVR_EL1 = 0x%llx, expected 0x%llx", line,
		      (unsigned long long)after.pmicntsvr_el1, (unsigned long long)want.pmicntsvr_el1);
}

/* A state with Capture events allowed by the highest level pmucheck owns (Table D13-10 rows 5, 7, 9). */
static void allowed_state(struct pmu_state *s, enum ctx c)
{
	pmu_state_init(s, c);
	if (features.el3)
		s->mdcr_el3 |= FIELD_PREP(MDCR_EL3, PMSSE, 3);
	else if (features.el2)
		s->mdcr_el2 |= FIELD_PREP(MDCR_EL2, PMSSE, 3);
	else
		s->pmecr_el1 |= FIELD_PREP(PMECR_EL1, SSE, 3);
}

static void check_table(enum ctx c)
{
	struct check_group g;
	struct pmu_state s;
	unsigned e3, e2, sse, salt = 0;
	char line[128];

	if (!group_begin(&g, RULES_TABLE, "snapshot.table_d13_10.%s", ctx_name(c)))
		return;
	if (!registers_present(&g))
		goto out;
	for (e3 = 0; e3 < (features.el3 ? 4u : 1u); e3++)
		for (e2 = 0; e2 < (features.el2 ? 4u : 1u); e2++)
			for (sse = 0; sse < 4; sse++) {
				/* first an allowed capture, so NC starts at 0 */
				allowed_state(&s, c);
				program_controls(&s);
				capture_once(&g, c, &s, "reset capture", salt++);
				pmu_state_init(&s, c);
				s.mdcr_el3 |= FIELD_PREP(MDCR_EL3, PMSSE, e3);
				s.mdcr_el2 |= FIELD_PREP(MDCR_EL2, PMSSE, e2);
				s.pmecr_el1 = FIELD_PREP(PMECR_EL1, SSE, sse);
				program_controls(&s);
				snprintf(line, sizeof(line), "MDCR_EL3.PMSSE=%u MDCR_EL2.PMSSE=%u PMECR_EL1.SSE=%u at %s", e3,
					 e2, sse, ctx_name(c));
				capture_once(&g, c, &s, line, salt++);
				if (g.failures >= GROUP_MAX_DIAGS)
					goto out;
			}
out:
	pmu_stop();
	baseline_restore_all();
	group_end(&g);
}

static void check_os_lock(enum ctx c)
{
	struct check_group g;
	struct pmu_state s, locked;

	if (!group_begin(&g, RULES_OSLOCK, "snapshot.os_lock.%s", ctx_name(c)))
		return;
	if (!registers_present(&g))
		goto out;
	allowed_state(&s, c);
	program_controls(&s);
	capture_once(&g, c, &s, "OS Lock unlocked (reset capture)", 1);
	write_oslar_el1(1);
	isb();
	check(&g, (read_oslsr_el1() & OSLSR_EL1_OSLK_BIT) != 0, "OSLAR_EL1 = 1 did not set OSLSR_EL1.OSLK (0x%llx)",
	      (unsigned long long)read_oslsr_el1());
	locked = s;
	locked.oslsr_el1 = OSLSR_EL1_OSLK_BIT;
	check(&g, pmu_capture_outcome(ebep_model_features(), &locked) == PMU_CAPTURE_PROHIBITED,
	      "model: the OS Lock makes an allowed capture prohibited");
	capture_once(&g, c, &s, "OS Lock locked", 2);
	write_oslar_el1(0);
	isb();
	capture_once(&g, c, &s, "OS Lock unlocked again", 3);
out:
	pmu_stop();
	baseline_restore_all();
	group_end(&g);
}

/* snapshot_sequences.S */
uint64_t snapshot_capture_pair(uint64_t unused);
extern const char snapshot_capture_first[], snapshot_capture_second[];

static void check_event(enum ctx c)
{
	struct check_group g;
	struct pmu_state s;
	uint64_t ret, one, two;
	bool counts, allowed;

	if (!group_begin(&g, RULES_EVENT, "snapshot.event.%s", ctx_name(c)))
		return;
	if (!registers_present(&g))
		goto out;
	allowed_state(&s, c);
	s.pmcr_el0 = PMCR_EL0_E_BIT;
	s.pmcntenset_el0 = BIT64(0);
	s.pmevtyper[0] = PMU_EVENT_PMU_SNAPSHOT | pmu_filter_only_at(c);
	s.oslsr_el1 = 0;
	allowed = pmu_capture_outcome(ebep_model_features(), &s) == PMU_CAPTURE_ALLOWED;
	counts = count_pmu_events(ebep_model_features(), &s, 0);
	pmu_program(&s);
	program_controls(&s);
	test_note(TREG_PMSSCR_EL1, PMSSCR_EL1_SS_BIT); /* the capture's write */
	if (ctx_call(c, at_ctx_capture, 0, &ret) != CTX_OK) {
		check(&g, false, "an unexpected exception ended the capture in %s", ctx_name(c));
		exc_record_print(&exc_unexpected);
		goto out;
	}
	one = read_pmevcntr(0);
	check(&g, allowed, "model: Capture events allowed at %s under MDCR_EL3/MDCR_EL2.PMSSE or PMECR_EL1.SSE = 0b11",
	      ctx_name(c));
	check(&g, one == (counts ? 1u : 0u), "PMEVCNTR0_EL0 (event 0x8127 PMU_SNAPSHOT, filtered to %s) = %llu after "
	      "one successful capture (PMSSCR_EL1 0x%llx), expected %u (the counter %s there)", ctx_name(c),
	      (unsigned long long)one, (unsigned long long)ret, counts ? 1u : 0u, counts ? "counts" : "does not count");
	write_oslar_el1(1); /* the OS Lock: the next capture is prohibited, and generates no PMU_SNAPSHOT */
	isb();
	test_note(TREG_PMSSCR_EL1, PMSSCR_EL1_SS_BIT); /* the capture's write */
	if (ctx_call(c, at_ctx_capture, 0, &ret) != CTX_OK) {
		check(&g, false, "an unexpected exception ended the capture in %s", ctx_name(c));
		exc_record_print(&exc_unexpected);
	}
	write_oslar_el1(0);
	isb();
	two = read_pmevcntr(0);
	check(&g, two == one, "PMEVCNTR0_EL0 = %llu after a capture the OS Lock prohibited (PMSSCR_EL1 0x%llx), "
	      "%llu before: PMU_SNAPSHOT counts successful captures only", (unsigned long long)two,
	      (unsigned long long)ret, (unsigned long long)one);
out:
	pmu_stop();
	baseline_restore_all();
	group_end(&g);
}

/*
 * Why the PC sample point cannot run on this PE, or NULL; leaves PMPCSCTL = 0. The OS Lock and the block's
 * Software Lock must be unlocked (ext_locks_release()).
 */
static const char *pc_sample_skip_reason(uint64_t base)
{
	uint32_t v;

	if (!base && plat.from_acpi)
		return "no PMU external interface for this PE: the ACPI tables pmucheck reads (MADT, GTDT, SPCR, FADT) "
		       "describe none";
	if (!base)
		return "no PMU external interface for this PE in the device tree (no node compatible "
		       FDT_PMU_EXT_COMPAT " names it; no binding exists for it)";
	ext_write32(base, PMU_EXT_PMPCSCTL, (uint32_t)(PMPCSCTL_SS_BIT | PMPCSCTL_EN_BIT));
	v = ext_read32(base, PMU_EXT_PMPCSCTL);
	ext_write32(base, PMU_EXT_PMPCSCTL, 0);
	if (!(v & PMPCSCTL_SS_BIT))
		return "FEAT_PCSRv8p9 not implemented: PMPCSCTL.SS reads 0 after a write of 1 (RES0 without it)";
	return NULL;
}

static void check_pc_sample(enum ctx c, uint64_t base)
{
	uint64_t first = (uint64_t)(uintptr_t)snapshot_capture_first, second = (uint64_t)(uintptr_t)snapshot_capture_second;
	struct check_group g;
	struct pmu_state s;
	uint64_t ret, pc;
	uint32_t lo, hi;
	unsigned el;
	bool ns;

	if (!group_begin(&g, RULES_PCS, "snapshot.pc_sample.%s", ctx_name(c)))
		return;
	if (!registers_present(&g))
		goto out;
	allowed_state(&s, c);
	program_controls(&s);
	ext_write32(base, PMU_EXT_PMPCSCTL, (uint32_t)(PMPCSCTL_SS_BIT | PMPCSCTL_EN_BIT));
	if (ctx_call(c, snapshot_capture_pair, 0, &ret) != CTX_OK) {
		check(&g, false, "an unexpected exception ended the captures in %s", ctx_name(c));
		exc_record_print(&exc_unexpected);
		goto out;
	}
	lo = ext_read32(base, PMU_EXT_PMPCSR_LO);
	hi = ext_read32(base, PMU_EXT_PMPCSR_HI);
	pc = ((uint64_t)hi << 32 | lo) & (PMPCSR_PChi_MASK | PMPCSR_PClo_MASK);
	el = (unsigned)((((uint64_t)hi << 32) & PMPCSR_EL_MASK) >> PMPCSR_EL_SHIFT);
	ns = ((((uint64_t)hi << 32) & PMPCSR_NS_BIT) != 0);
	check(&g, !(ret & PMSSCR_EL1_NC_BIT), "PMSSCR_EL1 = 0x%llx after the second capture: not a successful one",
	      (unsigned long long)ret);
	if (lo == NO_SAMPLE) {
		printf("# snapshot.pc_sample.%s: PMPCSR[31:0] = 0xFFFFFFFF: no sample (PC sampling not allowed there)\n",
		       ctx_name(c));
		goto out;
	}
	check(&g, pc > first && pc <= second, "PMPCSR = 0x%08x%08x: PC 0x%llx is not an instruction executed between the "
	      "two captures (0x%llx < PC <= 0x%llx, RMPZSB)", hi, lo, (unsigned long long)pc,
	      (unsigned long long)first, (unsigned long long)second);
	check(&g, el == ctx_el(c) && ns == !ctx_secure(c), "PMPCSR.EL = %u, PMPCSR.NS = %u; the captures ran at %s "
	      "(EL%u, NS %u)", el, ns, ctx_name(c), ctx_el(c), !ctx_secure(c));
out:
	ext_write32(base, PMU_EXT_PMPCSCTL, 0);
	pmu_stop();
	baseline_restore_all();
	group_end(&g);
}

static const enum ctx snapshot_contexts[] = { CTX_EL3, CTX_NS_EL2, CTX_S_EL2, CTX_NS_EL1, CTX_S_EL1, CTX_S_EL1_SEL2,
					 CTX_NS_EL2_VHE, CTX_S_EL2_VHE };

/*
 * PMSSCR_EL1.NC back to 1, as the run found it (it resets to 1, and no write sets it): one capture at the
 * orchestrator that the OS Lock prohibits (PMUCaptureEvent(): PMSSCR_EL1.<NC,SS> = '10'). Leaves the OS Lock
 * unlocked.
 */
static void restore_nc(void)
{
	struct pmu_state s;

	allowed_state(&s, pmu_orchestrator_ctx());
	program_controls(&s);
	write_oslar_el1(1);
	isb();
	(void)at_ctx_capture(0);
	write_oslar_el1(0);
	isb();
}

void test_snapshot(void)
{
	const char *why = NULL, *pcs_why;
	uint64_t pmu_ext = pe_current < plat.pe_count ? plat.pe_pmu_ext_base[pe_current] : 0;
	bool locked = false, nc = false;
	unsigned i;

	if (!pmu_implemented(&features.pmu))
		why = "PMUv3 not implemented (ID_AA64DFR0_EL1.PMUVer)";
	else if (!snapshot_gate())
		why = "FEAT_PMUv3_SS not implemented (ID_AA64DFR0_EL1.PMSS == 0)";
	else if (features.el3 && orchestrator_el < 3)
		why = "EL3 implemented, and pmucheck was not entered at EL3: MDCR_EL3.EnPMSS and PMSSE are not ours";
	if (!why) {
		/* PMSSCR_EL1.NC as found (only with FEAT_PMUv3_SS: forced gates may lack the register) */
		nc = features.pmu.pmss && (read_pmsscr_el1() & PMSSCR_EL1_NC_BIT);
		locked = ext_locks_release(pmu_ext, 0);
	}
	pcs_why = why ? why : pc_sample_skip_reason(pmu_ext);
	for (i = 0; i < sizeof(snapshot_contexts) / sizeof(snapshot_contexts[0]); i++) {
		enum ctx c = snapshot_contexts[i];
		const char *cwhy = why ? why : pmu_context_skip_reason(c, false);

		if (!cwhy)
			cwhy = pmu_el2_control_why(); /* MDCR_EL2.PMSSE */

		if (cwhy) {
			pmu_skip_at("snapshot.table_d13_10", c, RULES_TABLE, cwhy);
			pmu_skip_at("snapshot.os_lock", c, RULES_OSLOCK, cwhy);
			pmu_skip_at("snapshot.event", c, RULES_EVENT, cwhy);
			pmu_skip_at("snapshot.pc_sample", c, RULES_PCS, cwhy);
			continue;
		}
		check_table(c);
		check_os_lock(c);
		check_event(c);
		if (pcs_why)
			pmu_skip_at("snapshot.pc_sample", c, RULES_PCS, pcs_why);
		else
			check_pc_sample(c, pmu_ext);
	}
	if (nc && !(read_pmsscr_el1() & PMSSCR_EL1_NC_BIT))
		restore_nc();
	if (!why)
		ext_locks_restore(locked, pmu_ext, 0);
	baseline_restore_all();
}
