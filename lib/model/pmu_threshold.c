/*
 * pmu_threshold.c - see pmu_threshold.h. Each step quotes the line of PMUCountValue() or ReservedPMUThreshold()
 * (../shared/spec/pseudocode/PMUCountValue.asl) it implements.
 */
#include "arch/arch_regs.h"
#include "model/pmu_threshold.h"

struct pmu_th_controls pmu_th_effective(const struct pmu_th_features *f, unsigned n, uint64_t pmevtyper)
{
	struct pmu_th_controls c = { 0, 0, 0, 0 };

	/* "if !IsFeatureImplemented(FEAT_PMUv3_TH) || !HaveAArch64() then return Vb;" */
	if (!pmu_feat_th(f))
		return c;
	c.tc = (unsigned)FIELD_GET(PMEVTYPER, TC, pmevtyper);
	/* PMEVTYPER<n>_EL0.TH[11:UInt(PMMIR_EL1.THWIDTH)] are RES0 */
	c.th = (unsigned)FIELD_GET(PMEVTYPER, TH, pmevtyper) & ((1u << (f->thwidth > 12 ? 12 : f->thwidth)) - 1);
	/* "bit te = '0'; if IsFeatureImplemented(FEAT_PMUv3_EDGE) then te = PMEVTYPER_EL0[n].TE;" */
	if (pmu_feat_edge(f))
		c.te = (unsigned)FIELD_GET(PMEVTYPER, TE, pmevtyper);
	/* "if IsFeatureImplemented(FEAT_PMUv3_TH2) && (n MOD 2) == 1 then tlc = PMEVTYPER_EL0[n].TLC;" */
	if (pmu_feat_th2(f) && (n % 2) == 1)
		c.tlc = (unsigned)FIELD_GET(PMEVTYPER, TLC, pmevtyper);
	return c;
}

/* ReservedPMUThreshold()'s "reserved" on Effective controls. */
static bool reserved_controls(const struct pmu_th_controls *c)
{
	/* "if te == '1' && tc<1:0> == '00' then // Edge condition reserved = TRUE;" (te is 0 without EDGE) */
	if (c->te && (c->tc & 3) == 0)
		return true;
	/* tlc is 0 without TH2 or for even n; "if tlc == '11' then // Reserved value reserved = TRUE;" */
	if (c->tlc == 3)
		return true;
	/* "if te == '1' then // Edge condition if tlc == '01' then reserved = TRUE;" */
	if (c->te && c->tlc == 1)
		return true;
	/* "else // Threshold condition if tc<0> == '1' && tlc == '10' then reserved = TRUE;" */
	return !c->te && (c->tc & 1) && c->tlc == 2;
}

bool pmu_th_reserved(const struct pmu_th_features *f, unsigned n, uint64_t pmevtyper)
{
	struct pmu_th_controls c = pmu_th_effective(f, n, pmevtyper);

	return pmu_feat_th(f) && reserved_controls(&c);
}

bool pmu_th_condition(const struct pmu_th_controls *c, uint64_t vb)
{
	switch (c->tc >> 1) { /* "case tc<2:1> of" */
	case 0:
		return vb != c->th; /* "when '00' Ct = (Vb != TH); // Disabled or not-equal" */
	case 1:
		return vb == c->th; /* "when '01' Ct = (Vb == TH); // Equals" */
	case 2:
		return vb >= c->th; /* "when '10' Ct = (Vb >= TH); // Greater-than-or-equal" */
	default:
		return vb < c->th; /* "when '11' Ct = (Vb < TH); // Less-than" */
	}
}

uint64_t pmu_count_value(const struct pmu_th_features *f, unsigned n, uint64_t pmevtyper, uint64_t vb, uint64_t vm,
			 bool *last, bool *reserved)
{
	struct pmu_th_controls c = pmu_th_effective(f, n, pmevtyper);
	uint64_t v;
	bool ct, ce;

	if (reserved)
		*reserved = false;
	if (!pmu_feat_th(f))
		return vb;
	/* "(c, tc, te, tlc) = ReservedPMUThreshold(n, tc, te, tlc); if c == Constraint_DISABLED then return Vb;" */
	if (reserved_controls(&c)) {
		if (reserved)
			*reserved = true;
		return vb;
	}
	/* "if tc == '000' && TH == 0 && te == '0' && tlc == '00' then return Vb;" */
	if (c.tc == 0 && c.th == 0 && c.te == 0 && c.tlc == 0)
		return vb;
	ct = pmu_th_condition(&c, vb);
	if (c.te) {
		/* "case tc<1:0> of when '10' Ce = (Cp != Ct); // Both edges when 'x1' Ce = (!Cp && Ct); // Single edge" */
		ce = (c.tc & 3) == 2 ? *last != ct : !*last && ct;
		/* "case tlc of when '00' Ve = (if Ce then 1 else 0); when '10' Ve = (if Ce then Vm else 0);" */
		v = !ce ? 0 : c.tlc == 2 ? vm : 1;
	} else {
		/* "case tc<0>:tlc of when '0 00' Vt = (if Ct then Vb else 0); when '0 01' Vt = (if Ct then Vb else Vm);
		 *  when '0 10' Vt = (if Ct then Vm else 0); when '1 00' Vt = (if Ct then 1 else 0);
		 *  when '1 01' Vt = (if Ct then 1 else Vm);" */
		switch ((c.tc & 1) << 2 | c.tlc) {
		case 0:
			v = ct ? vb : 0;
			break;
		case 1:
			v = ct ? vb : vm;
			break;
		case 2:
			v = ct ? vm : 0;
			break;
		case 4:
			v = ct ? 1 : 0;
			break;
		default: /* 5 ('1 01'); '1 10' and TLC 0b11 were reserved above */
			v = ct ? 1 : vm;
			break;
		}
	}
	*last = ct; /* "PMULastThresholdValue[n] = Ct;" */
	return v;
}

uint64_t pmu_count_sequence(const struct pmu_th_features *f, unsigned n, uint64_t pmevtyper, const uint8_t *vb,
			    unsigned cycles, bool *last, bool *reserved)
{
	uint64_t sum = 0;
	unsigned i;
	bool r = false, any = false;

	for (i = 0; i < cycles; i++) {
		sum += pmu_count_value(f, n, pmevtyper, vb[i], 0, last, &r);
		any |= r;
	}
	if (reserved)
		*reserved = any;
	return sum;
}
