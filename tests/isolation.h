/*
 * isolation.h - the state a run must give back, and the seeded module order (tests/isolation.c).
 */
#ifndef PMUCHECK_TESTS_ISOLATION_H
#define PMUCHECK_TESTS_ISOLATION_H

#include <stdbool.h>
#include <stdint.h>

struct isolation_state {
	uint64_t have;   /* bit r: v[r] was read (the register exists and pmucheck owns it) */
	uint64_t v[20]; /* indexed by isolation.c's register list */
	bool no_gic;
};

/* Read the controls and GIC state listed in isolation.c (initialises the GIC driver first, if there is one). */
void isolation_capture(struct isolation_state *st);

/* The test point isolation.final_state: every value read now equals `entry`, each difference a diagnostic. */
void isolation_check(const struct isolation_state *entry);

/* order[0..n-1] = a permutation of 0..n-1 drawn from `seed` (splitmix64, Fisher-Yates): same seed, same order. */
void isolation_shuffle(unsigned *order, unsigned n, uint64_t seed);

#endif
