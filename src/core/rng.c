/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "rng.h"

#include <string.h>

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t rng_mix(uint64_t a, uint64_t b)
{
    uint64_t x = a ^ (b * 0xD1B54A32D192ED03ULL);
    return splitmix64(&x);
}

void rng_seed(Rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t rng_below(Rng *r, uint32_t n)
{
    /* Rejection sampling on 32-bit draws: the accepted range is a multiple of n. */
    uint32_t limit = (uint32_t)(0x100000000ULL - (0x100000000ULL % n));
    for (;;) {
        uint32_t x = (uint32_t)(rng_next(r) >> 32);
        if (limit == 0 || x < limit)
            return x % n;
    }
}

double rng_unit(Rng *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

void rng_shuffle(Rng *r, void *items, size_t n, size_t size)
{
    unsigned char *p = items, tmp[64];
    if (size > sizeof tmp)
        return;
    for (size_t i = n; i > 1; i--) {
        size_t j = rng_below(r, (uint32_t)i);
        if (j != i - 1) {
            memcpy(tmp, p + j * size, size);
            memcpy(p + j * size, p + (i - 1) * size, size);
            memcpy(p + (i - 1) * size, tmp, size);
        }
    }
}
