/* SPDX-License-Identifier: GPL-3.0-or-later */
/* truco_cfr_solve: solves Truco's betting abstraction (src/games/truco/truco_cfr.h) by
 * external-sampling MCCFR (src/engine/ai/cfr.h) for each variant, prints the exploitability
 * of the average strategy as it converges, and writes the strategy table Hard bets by.
 *
 *   truco_cfr_solve [-v VARIANT] [-i ITERATIONS] [-c CHECKPOINTS] [-r ROOTS] [-f FLAGS]
 *                   [-s SEED] [-o FILE.inc]
 *
 * VARIANT 0 Paulista, 1 Mineiro's values, 2 manilha velha, 3 baralho limpo, 4 Paulista with
 * four seats (the team game, truco_cfr_team.c), or -1 all (the
 * default). ITERATIONS per variant (each: one deal, both players traverse it). At each of
 * CHECKPOINTS (spread geometrically) a best response of each player to the average strategy
 * is found on ROOTS deals and valued on ROOTS other deals: the exploitability (the mean of the
 * two best responses' gains, in match equity a hand) lies between the held-out figure (a
 * lower bound: any fixed strategy reaches it) and the fitted one (an upper bound, inflated
 * when the deals are few beside the information sets). FLAGS: 0 vanilla regret matching
 * and uniform averaging, 1 regret matching+, 2 linear averaging, 3 both. With -o, writes
 * the table run-length coded for truco_cfr.c (with one VARIANT, the others kept from the
 * shipped table). */
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

/* The spot of the seat to act in a state of section `section`'s game. */
static void spot_of(int section, const void *st, TrucoCfrSpot *sp)
{
    if (section == TCFR_TEAM)
        truco_cfr_team_spot(st, sp);
    else
        truco_cfr_state_spot(st, sp);
}

/* How the average strategy bets, in self-play over the roots: the share of hands with a
 * raise on a turn, the answers, those refused, raised again and (four seats) left to the
 * partner, and the first turn's raise (the mão's). */
static void bet_stats(int section, const CfrGame *g, const Cfr *c, const unsigned char *roots,
                      long n)
{
    long truco = 0, runs = 0, reraise = 0, first = 0, answers = 0, passes = 0;
    int turns = 4, answer_end = section == TCFR_TEAM ? 12 : 8;
    Rng rng;
    rng_seed(&rng, 5);
    unsigned char *s = malloc(g->state_size);
    if (!s)
        return;
    for (long k = 0; k < n; k++) {
        memcpy(s, roots + (size_t)k * g->state_size, g->state_size);
        bool first_turn = true, raised = false;
        while (g->to_move(s) >= 0) {
            int na = g->actions(s);
            double p[CFR_MAX_ACTIONS];
            cfr_average(c, g->infoset(s), na, p);
            int a = cfr_sample(p, na, rng_unit(&rng));
            TrucoCfrSpot sp;
            spot_of(section, s, &sp);
            bool answer = sp.bet >= turns && sp.bet < answer_end;
            if (sp.bet < turns && a == 0) {
                raised = true;
                first += first_turn;
            }
            if (answer) {
                answers++;
                runs += a == 1;
                bool first_answer = section == TCFR_TEAM && sp.bet < 8;
                bool pass = first_answer && a == na - 1;
                passes += pass;
                reraise += a == 2 && !pass;
            } else {
                first_turn = false;
            }
            g->apply(s, a);
        }
        truco += raised;
    }
    free(s);
    printf("self-play: hands with a raise on a turn %.3f; a raise at the first turn %.3f; "
           "answers %.3f a hand: run %.3f, raise %.3f, left to the partner %.3f\n",
           (double)truco / n, (double)first / n, (double)answers / n,
           answers ? (double)runs / answers : 0, answers ? (double)reraise / answers : 0,
           answers ? (double)passes / answers : 0);
}

/* A set met fewer times than this is left to the bot's search (marked unreached): its
 * average is little more than the uniform first guess. */
#define MIN_VISITS 40

/* The average strategy into the blob, each reached set's probabilities (truco_cfr_encode),
 * an unreached set (or one met too rarely) marked so. Returns the sets kept. */
static long quantize(const Cfr *c, int section, uint8_t *blob)
{
    long reached = 0, sets = truco_cfr_section_sets(section);
    int bets = section == TCFR_TEAM ? TCFR4_BETS : TCFR_BETS;
    for (long i = 0; i < sets; i++) {
        int k, ks;
        uint8_t *out = blob + truco_cfr_offset(section, i, &k);
        double p[CFR_MAX_ACTIONS];
        long j = truco_cfr_solver_of(section, i, &ks);
        if (cfr_visits(c, j) < MIN_VISITS || !cfr_average(c, j, ks, p)) {
            truco_cfr_encode(out, k, NULL);
            continue;
        }
        if (i % bets < 4) { /* a turn: the table keeps the raise's share (action 0) */
            p[1] = p[0];
            p[0] = 1 - p[1];
        }
        reached++;
        truco_cfr_encode(out, k, p);
    }
    return reached;
}

/* The table for truco_cfr.c: run-length coded (255 then a count of 255s), in base64 lines.
 * Returns the coded bytes' count in *coded. */
static bool write_inc(const char *path, const uint8_t *blob, size_t n, size_t *coded)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f, "/* Generated by bench/truco/truco_cfr_solve (issue 41): Truco's betting strategy "
               "table, run-length coded, base64 (truco_cfr.c). */\n");
    static const char digits[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    uint8_t *code = malloc(n * 2 + 4);
    if (!code) {
        fclose(f);
        return false;
    }
    size_t m = 0;
    for (size_t i = 0; i < n;) {
        if (blob[i] != 255) {
            code[m++] = blob[i++];
            continue;
        }
        size_t run = 0;
        while (i + run < n && blob[i + run] == 255 && run < 255)
            run++;
        code[m++] = 255;
        code[m++] = (uint8_t)run;
        i += run;
    }
    *coded = m;
    while (m % 3) /* whole groups of 3; the decoder stops at the table's size */
        code[m++] = 0;
    int col = 0;
    fputc('"', f);
    for (size_t i = 0; i + 2 < m; i += 3) {
        uint32_t x = (uint32_t)code[i] << 16 | (uint32_t)code[i + 1] << 8 | code[i + 2];
        for (int k = 3; k >= 0; k--)
            fputc(digits[(x >> (6 * k)) & 63], f);
        if ((col += 4) >= 96 && i + 5 < m) {
            fputs("\",\n\"", f);
            col = 0;
        }
    }
    fputs("\",\n", f);
    free(code);
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
    static const char *const names[TCFR_SECTIONS] = {"paulista", "mineiro", "velha", "limpo",
                                                     "paulista, four seats (teams)"};
    size_t size = truco_cfr_blob_size();
    uint8_t *blob = malloc(size);
    if (!blob)
        return 1;
    memset(blob, 255, size); /* every set unreached until solved */
    if (out && variant != -1) {
        /* The sections not solved now are kept from the shipped table, where it has them
         * (an older table, without the team section, gives the two-seat ones). */
        size_t n = 0;
        uint8_t *old = truco_cfr_shipped_bytes(&n);
        size_t two = truco_cfr_offset(TCFR_TEAM, 0, NULL), team_end = size - 4;
        for (int v = 0; v < TCFR_SECTIONS; v++) {
            if (v == variant)
                continue;
            size_t from = truco_cfr_offset(v, 0, NULL);
            size_t to = v == TCFR_TEAM ? team_end : truco_cfr_offset(v + 1, 0, NULL);
            bool have = old && memcmp(old, "TCFR", 4) == 0 &&
                        (v == TCFR_TEAM ? n == size : n >= two);
            if (have)
                memcpy(blob + from, old + from, to - from);
            fprintf(stderr, "truco_cfr_solve: %s: %s\n", names[v],
                    have ? "kept from the shipped table" : "left unreached");
        }
        free(old);
    }
    printf("abstraction: %ld information sets a variant (%d score buckets x %d hand situations "
           "x %d bet states), %d card classes; the table keeps %ld; flags %u; %ld iterations; "
           "%ld + %ld deals for the best responses\n",
           (long)TCFR_SOLVER_INFOSETS, TCFR_SCORES, TCFR_HANDS, TCFR_SOLVER_BETS, TCFR_CLASSES,
           (long)TCFR_INFOSETS, flags,
           iterations, n_roots, n_roots);
    printf("team abstraction: %ld information sets (%d score buckets x %d hand situations x %d "
           "bet states); the table keeps %ld\n", (long)TCFR4_SOLVER_INFOSETS, TCFR_SCORES,
           TCFR4_HANDS, TCFR4_SOLVER_BETS, (long)TCFR4_INFOSETS);
    for (int v = 0; v < TCFR_SECTIONS; v++) {
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
            if (v == TCFR_TEAM) {
                /* The full-width best response of a team (both its seats' actions against
                 * all of the other team's) is out of reach here: the team game is measured
                 * by play against the search's betting instead (truco_duel). */
                printf("%12ld %9.1f\n", done, solve);
                fflush(stdout);
                continue;
            }
            double fit, held, value;
            measure(&g, &c, roots, roots + g.state_size * (size_t)n_roots, n_roots, &fit, &held,
                    &value);
            printf("%12ld %9.1f %12.5f %12.5f %12.5f\n", done, solve, fit, held, value);
            fflush(stdout);
        }
        bet_stats(v, &g, &c, roots, n_roots);
        long reached = quantize(&c, v, blob);
        printf("%s: solved in %.1f s of CPU; the table keeps %ld of its %ld information sets "
               "(met at least %d times)\n", names[v], solve, reached, truco_cfr_section_sets(v),
               MIN_VISITS);
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
