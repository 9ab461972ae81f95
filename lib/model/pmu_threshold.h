/*
 * pmu_threshold.h - a pure model of event threshold and edge counting (FEAT_PMUv3_TH, FEAT_PMUv3_EDGE,
 * FEAT_PMUv3_TH2; D13.8): what an event counter adds on one processor cycle.
 *
 * Sources: PMUCountValue() and ReservedPMUThreshold() (J1.3.1.110, J1.3.1.115;
 * ../shared/spec/pseudocode/PMUCountValue.asl), D13.8 (pmu-chapter/arm-D13.8.md: RHVGCV..RHBWBB, Tables D13-5
 * to D13-8, Examples D13-4 to D13-7), PMEVTYPER<n>_EL0.{TC, TE, TLC, TH} (registers/PMEVTYPERn_EL0.md) and
 * PMMIR_EL1.{THWIDTH, EDGE} (registers/PMMIR_EL1.md). No register access: builds for the target and the host.
 *
 * Where the sources differ (the model's choice first):
 *  - C_P[n] (D13.8): "the value C_T[n] took on the previous cycle if counting the event was allowed on the
 *    previous cycle, and zero otherwise"; PMUCountValue() keeps PMULastThresholdValue[n] from the last cycle the
 *    counter counted, however long ago. The model takes the last value as its caller's state (*last): the caller
 *    decides which reading applies (pmucheck's checks make both give the same answer: tests/threshold.c).
 *  - TH bits at and above PMMIR_EL1.THWIDTH are RES0 ("This accounts for the behavior when writing a value
 *    greater-than-or-equal-to 2^THWIDTH"): the model compares with TH[THWIDTH-1:0].
 */
#ifndef PMUCHECK_PMU_THRESHOLD_H
#define PMUCHECK_PMU_THRESHOLD_H

#include <stdbool.h>
#include <stdint.h>

/* What PMMIR_EL1 says about thresholds (D24.5.19). */
struct pmu_th_features {
	unsigned thwidth; /* PMMIR_EL1.THWIDTH: 0 = FEAT_PMUv3_TH not implemented, else TH's width in bits (1..12) */
	unsigned edge;    /* PMMIR_EL1.EDGE: 0 none, 1 FEAT_PMUv3_EDGE, 2 also FEAT_PMUv3_TH2 (linking) */
};

/* FEAT_PMUv3_TH: PMMIR_EL1.THWIDTH != 0. */
static inline bool pmu_feat_th(const struct pmu_th_features *f)
{
	return f->thwidth != 0;
}
/* FEAT_PMUv3_EDGE: PMMIR_EL1.EDGE >= 0b0001 ("If FEAT_PMUv3_TH is not implemented, the only permitted value is
 * 0b0000": a reserved combination is taken as no EDGE). */
static inline bool pmu_feat_edge(const struct pmu_th_features *f)
{
	return pmu_feat_th(f) && f->edge >= 1;
}
/* FEAT_PMUv3_TH2: PMMIR_EL1.EDGE == 0b0010. */
static inline bool pmu_feat_th2(const struct pmu_th_features *f)
{
	return pmu_feat_th(f) && f->edge == 2;
}

/*
 * The Effective PMEVTYPER<n>_EL0 threshold fields for counter n: TC, TH (TH[THWIDTH-1:0]), TE (0 without
 * FEAT_PMUv3_EDGE: RSGLNM), TLC (0 without FEAT_PMUv3_TH2 or for even n: RJJRJQ). Without FEAT_PMUv3_TH all are
 * 0 (D13.8: "the Effective values of PMEVTYPER<n>_EL0.{TC, TH} are {0b000, 0}").
 */
struct pmu_th_controls {
	unsigned tc, th, te, tlc;
};
struct pmu_th_controls pmu_th_effective(const struct pmu_th_features *f, unsigned n, uint64_t pmevtyper);

/*
 * Whether {TC, TE, TLC} is a reserved combination for counter n (D13.8 RWXVGN..; ReservedPMUThreshold()):
 * {TC[1:0], TE} = {0b00, 1} with FEAT_PMUv3_EDGE; with FEAT_PMUv3_TH2 and n odd, TLC = 0b11,
 * {TE, TLC} = {1, 0b01}, {TC[0], TE, TLC} = {1, 0, 0b10}. Reads the Effective fields.
 */
bool pmu_th_reserved(const struct pmu_th_features *f, unsigned n, uint64_t pmevtyper);

/*
 * PMUCountValue(n, Vb, Vm) (J1.3.1.110): the amount event counter n increments by on a cycle where it counts
 * (CountPMUEvents(n)) and its event contributes vb (V_B[n]); vm is V[n-1] for odd n (0 for even n). *last is
 * PMULastThresholdValue[n] (C_P[n]): read for the edge condition and set to this cycle's C_T[n], except where
 * the pseudocode returns before that (threshold and edge counting disabled, or a reserved combination).
 * Reserved combinations are CONSTRAINED UNPREDICTABLE (ConstrainUnpredictableBits(Unpredictable_RESTC)): the
 * model takes Constraint_DISABLED (returns vb) and sets *reserved (may be NULL); no check may rely on it.
 */
uint64_t pmu_count_value(const struct pmu_th_features *f, unsigned n, uint64_t pmevtyper, uint64_t vb, uint64_t vm,
			 bool *last, bool *reserved);

/*
 * C_T[n] (D13.8 RQVYDV; PMUCountValue's "Threshold condition"): TC[2:1] 0b00 V_B != TH, 0b01 V_B == TH, 0b10
 * V_B >= TH, 0b11 V_B < TH, on the Effective TH.
 */
bool pmu_th_condition(const struct pmu_th_controls *c, uint64_t vb);

/*
 * The sum of pmu_count_value() over `cycles` cycles whose V_B values are vb[0..cycles-1] (V[n-1] = 0), starting
 * from *last and leaving the final PMULastThresholdValue[n] there. *reserved as pmu_count_value().
 */
uint64_t pmu_count_sequence(const struct pmu_th_features *f, unsigned n, uint64_t pmevtyper, const uint8_t *vb,
			    unsigned cycles, bool *last, bool *reserved);

#endif
