/* SPDX-License-Identifier: GPL-3.0-or-later */
/* truco_cfr_solve: solves Truco's betting abstraction (src/games/truco/truco_cfr.h) by
 * external-sampling MCCFR (src/engine/ai/cfr.h) for each variant, prints the exploitability
 * of the average strategy as it converges, and writes the strategy table Hard bets by.
 *
 *   truco_cfr_solve [-v VARIANT] [-i ITERATIONS] [-c CHECKPOINTS] [-r ROOTS] [-f FLAGS]
 *                   [-s SEED] [-o FILE.inc]
 *
 * VARIANT 0 Paulista, 1 Mineiro's values, 2 manilha velha, 3 baralho limpo, or -1 all (the
 * default). ITERATIONS per variant (each: one deal, both players traverse it). At each of
 * CHECKPOINTS (spread geometrically) a best response of each player to the average strategy
 * is found on ROOTS deals and valued on ROOTS other deals: the exploitability (the mean of the
 * two best responses' gains, in match equity a hand) lies between the held-out figure (a
 * lower bound: any fixed strategy reaches it) and the fitted one (an upper bound, inflated
 * when the deals are few beside the information sets). FLAGS: 0 vanilla regret matching
 * and uniform averaging, 1 regret matching+, 2 linear averaging, 3 both. With -o, writes
 * the table run-length coded for truco_cfr.c (the variants not solved left unreached). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fileio.h"
#include "engine/ai/cfr.h"
#include "games/truco/truco_cfr.h"

static double now_s(void) { return (double)clock_thread_cpu_ns() / 1e9; }

/* Exploitability of the average strategy: the mean gain of the two best responses. */
static void measure(const CfrGame *g, Cfr *c, const void *roots, const void *held, long n,
                    double *fit, double *heldv, double *value)
{
    double f[2], h[2];
    for (int p = 0; p < 2; p++)
        cfr_best_response(g, cfr_average_policy, c, p, roots, n, held, n, &f[p], &h[p]);
    *value = cfr_value(g, cfr_average_policy, c, held, n);
    *fit = (f[0] + f[1]) / 2;
    *heldv = (h[0] + h[1]) / 2;
}

/* How the average strategy bets, in self-play over the roots: the share of hands with a
 * truco, those refused, raised again, and the mão's truco on its first turn. */
static void bet_stats(const CfrGame *g, const Cfr *c, const unsigned char *roots, long n)
{
    long truco = 0, runs = 0, reraise = 0, first = 0, answers = 0;
    Rng rng;
    rng_seed(&rng, 5);
    TrucoCfrState s;
    for (long k = 0; k < n; k++) {
        memcpy(&s, roots + (size_t)k * g->state_size, sizeof s);
        bool first_turn = true, raised = false;
        while (g->to_move(&s) >= 0) {
            int na = g->actions(&s);
            double p[CFR_MAX_ACTIONS];
            cfr_average(c, g->infoset(&s), na, p);
            double x = rng_unit(&rng), acc = 0;
            int a = na - 1;
            for (int i = 0; i < na; i++)
                if (x < (acc += p[i])) {
                    a = i;
                    break;
                }
            TrucoCfrSpot sp;
            truco_cfr_state_spot(&s, &sp);
            if (!s.answer && sp.bet < 4 && a == 0) {
                raised = true;
                first += first_turn;
            }
            if (s.answer) {
                answers++;
                runs += a == 1;
                reraise += a == 2;
            }
            if (!s.answer)
                first_turn = false;
            g->apply(&s, a);
        }
        truco += raised;
    }
    printf("self-play: hands with a raise on a turn %.3f; the mão's truco at its first turn "
           "%.3f; answers %.3f a hand: run %.3f, raise %.3f\n",
           (double)truco / n, (double)first / n, (double)answers / n,
           answers ? (double)runs / answers : 0, answers ? (double)reraise / answers : 0);
}

/* The average strategy into the blob: each reached set's probabilities in 255ths (largest
 * remainders), an unreached set all zeros. Returns the reached sets. */
static long quantize(const Cfr *c, int variant, uint8_t *blob)
{
    long reached = 0;
    for (long i = 0; i < TCFR_INFOSETS; i++) {
        int k, ks;
        uint8_t *out = blob + truco_cfr_offset(variant, i, &k);
        double p[CFR_MAX_ACTIONS];
        long j = truco_cfr_solver_of(i, &ks);
        if (!cfr_average(c, j, ks, p)) {
            memset(out, 0, (size_t)k);
            continue;
        }
        if (i % TCFR_BETS < 4) { /* a turn: the table keeps the raise's share (action 0) */
            p[1] = p[0];
            p[0] = 1 - p[1];
        }
        reached++;
        int sum = 0;
        double rem[CFR_MAX_ACTIONS];
        for (int a = 0; a < k; a++) {
            int q = (int)(p[a] * 255);
            out[a] = (uint8_t)q;
            rem[a] = p[a] * 255 - q;
            sum += q;
        }
        while (sum < 255) {
            int best = 0;
            for (int a = 1; a < k; a++)
                if (rem[a] > rem[best])
                    best = a;
            out[best]++;
            rem[best] = -1;
            sum++;
        }
    }
    return reached;
}

/* Run-length coded bytes, as truco_cfr.c decodes them: a zero then a count of zeros. */
static bool write_inc(const char *path, const uint8_t *blob, size_t n, size_t *coded)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f, "/* Generated by bench/truco/truco_cfr_solve: Truco's betting strategy table, "
               "run-length coded (truco_cfr.c). */\n");
    size_t out = 0;
    int col = 0;
    for (size_t i = 0; i < n;) {
        int run = 0;
        while (i + (size_t)run < n && blob[i + (size_t)run] == 0 && run < 255)
            run++;
        int k;
        if (run > 0) {
            col += fprintf(f, "0,%d,", run);
            i += (size_t)run;
            out += 2;
        } else {
            k = blob[i++];
            col += fprintf(f, "%d,", k);
            out++;
        }
        if (col > 90) {
            fputc('\n', f);
            col = 0;
        }
    }
    fputc('\n', f);
    *coded = out;
    return fclose(f) == 0;
}

int main(int argc, char **argv)
{
    int variant = -1, checkpoints = 6, opt;
    long iterations = 2000000, n_roots = 100000;
    unsigned flags = CFR_PLUS | CFR_LINEAR;
    uint64_t seed = 41;
    const char *out = NULL;
    while ((opt = getopt(argc, argv, "v:i:c:r:f:s:o:")) != -1) {
        switch (opt) {
        case 'v': variant = atoi(optarg); break;
        case 'i': iterations = atol(optarg); break;
        case 'c': checkpoints = atoi(optarg); break;
        case 'r': n_roots = atol(optarg); break;
        case 'f': flags = (unsigned)atoi(optarg); break;
        case 's': seed = strtoull(optarg, NULL, 10); break;
        case 'o': out = optarg; break;
        default:
            fprintf(stderr, "usage: truco_cfr_solve [-v VARIANT] [-i ITERATIONS] [-c CHECKPOINTS] "
                            "[-r ROOTS] [-f FLAGS] [-s SEED] [-o FILE.inc]\n");
            return 2;
        }
    }
    if (out && variant != -1)
        fprintf(stderr, "truco_cfr_solve: only variant %d is solved: the others' sets are left "
                        "unreached in %s\n", variant, out);
    static const char *const names[TCFR_VARIANTS] = {"paulista", "mineiro", "velha", "limpo"};
    size_t size = truco_cfr_blob_size();
    uint8_t *blob = calloc(size, 1);
    if (!blob)
        return 1;
    printf("abstraction: %ld information sets a variant (%d score buckets x %d hand situations "
           "x %d bet states), %d card classes; the table keeps %ld; flags %u; %ld iterations; "
           "%ld + %ld deals for the best responses\n",
           (long)TCFR_SOLVER_INFOSETS, TCFR_SCORES, TCFR_HANDS, TCFR_SOLVER_BETS, TCFR_CLASSES,
           (long)TCFR_INFOSETS, flags,
           iterations, n_roots, n_roots);
    for (int v = 0; v < TCFR_VARIANTS; v++) {
        if (variant >= 0 && v != variant)
            continue;
        CfrGame g;
        truco_cfr_game(v, &g);
        Cfr c;
        unsigned char *roots = malloc(g.state_size * (size_t)n_roots * 2);
        if (!roots || !cfr_init(&c, &g, flags)) {
            fprintf(stderr, "out of memory\n");
            return 1;
        }
        Rng rr;
        rng_seed(&rr, rng_mix(seed, 0xB5ull + (uint64_t)v));
        for (long k = 0; k < 2 * n_roots; k++)
            g.deal(roots + (size_t)k * g.state_size, &rr, g.user);
        Rng rng;
        rng_seed(&rng, rng_mix(seed, (uint64_t)v));
        printf("== %s\n%12s %9s %12s %12s %12s\n", names[v], "iterations", "cpu s",
               "expl fit", "expl held", "value p0");
        double solve = 0;
        long done = 0;
        for (int k = 1; k <= checkpoints; k++) {
            /* checkpoints at iterations × 4^(k - checkpoints) */
            double frac = 1;
            for (int j = k; j < checkpoints; j++)
                frac /= 4;
            long target = (long)(iterations * frac);
            double t0 = now_s();
            cfr_run(&c, &rng, target - done);
            solve += now_s() - t0;
            done = target;
            double fit, held, value;
            measure(&g, &c, roots, roots + g.state_size * (size_t)n_roots, n_roots, &fit, &held,
                    &value);
            printf("%12ld %9.1f %12.5f %12.5f %12.5f\n", done, solve, fit, held, value);
            fflush(stdout);
        }
        bet_stats(&g, &c, roots, n_roots);
        long reached = quantize(&c, v, blob);
        printf("%s: solved in %.1f s of CPU; %ld of %ld information sets reached\n", names[v],
               solve, reached, (long)TCFR_INFOSETS);
        cfr_free(&c);
        free(roots);
    }
    if (out) {
        truco_cfr_seal(blob);
        const char *why = truco_cfr_check(blob, size);
        if (why) {
            fprintf(stderr, "truco_cfr_solve: %s\n", why);
            return 1;
        }
        size_t coded = 0;
        if (!write_inc(out, blob, size, &coded)) {
            fprintf(stderr, "truco_cfr_solve: cannot write %s\n", out);
            return 1;
        }
        printf("table: %zu bytes, %zu run-length coded, written to %s\n", size, coded, out);
    }
    free(blob);
    return 0;
}
