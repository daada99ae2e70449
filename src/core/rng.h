/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A seeded random generator that yields the same sequence on every platform and compiler:
 * xoshiro256** seeded through splitmix64, integer arithmetic only. */
#ifndef TASCA_RNG_H
#define TASCA_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t s[4];
} Rng;

void rng_seed(Rng *r, uint64_t seed);
uint64_t rng_next(Rng *r);
/* Uniform in [0, n) without modulo bias; n > 0. */
uint32_t rng_below(Rng *r, uint32_t n);
/* Uniform double in [0, 1) built from 53 random bits. */
double rng_unit(Rng *r);
/* Fisher–Yates shuffle of n items of size `size`. */
void rng_shuffle(Rng *r, void *items, size_t n, size_t size);
/* Mixes several numbers into one well-spread seed (splitmix64 finaliser). */
uint64_t rng_mix(uint64_t a, uint64_t b);

#endif
