/* SPDX-License-Identifier: GPL-3.0-or-later */
/* truco_duel: two Truco bots over duplicate matches, with betting statistics that
 * `tasca sim` does not show (calls, answers, points per hand).
 *
 *   truco_duel LEVEL_A LEVEL_B GAMES SEED [OPTION=VALUE ...]
 *
 * LEVEL is easy, medium or hard (the configured bots, at their own budgets), or hard0 (Hard
 * as it was at commit 2b9a067, bench/truco/truco_hard_v0.c: 200 worlds under a 2 s cap);
 * hard and hard0 may be followed by ":N" (N worlds, no clock: replayable) or "@MS" (MS ms
 * a decision by the clock), e.g. hard:2000, and the new Hard by its settings for tuning,
 * "/key=value" (TrucoHardParams: reraise, margin, exact, oppdisc, particles, worlds, margin4,
 * types, mrat, prior4, cfr, reach), e.g. hard:400/exact=1/reraise=0.6. The option players=4 plays the teams
 * (each level holds both seats of a team). Every deal seed is played twice with the seats
 * swapped. Prints A's match score with a 95 % Wilson interval, and per bot: truco calls per
 * hand, answers (accept / run / raise), points won per hand, the points it won and lost in
 * raised hands (worth more than the base value), and decision times (wall, and the thread's
 * CPU time with its 95th percentile); its net points split by how each hand ended (not
 * raised, raised and accepted, raised and refused, mão de onze/dez played or refused, mão
 * de ferro) and by the score at the hand's start (both far from the onze score, its own
 * near, the other's, both), its runs from a truco and from a raise beyond it, and for Hard the mean share
 * of seed-like worlds its record gives at its chances to call (truco_timid_share, from the
 * level's prior). Figures only; nothing is asserted. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fileio.h"
#include "core/stats.h"
#include "engine/ai/bot.h"
#include "games/truco/truco.h"
#include "games/truco/truco_bots.h"
#include "truco_hard_v0.h"

typedef Action (*DecideFn)(const BotRequest *);

typedef struct {
    DecideFn decide; /* NULL: the configured level */
    Difficulty level;
    int iterations, time_ms;
    TrucoHardParams params; /* the new Hard's settings ("/key=value" after its name) */
} Entry;

static Entry *tuned[2];
static Action tuned0(const BotRequest *r) { return truco_hard_decide_with(r, &tuned[0]->params); }
static Action tuned1(const BotRequest *r) { return truco_hard_decide_with(r, &tuned[1]->params); }

static bool parse_params(char *list, TrucoHardParams *p)
{
    for (char *save = NULL, *tok = strtok_r(list, "/", &save); tok;
         tok = strtok_r(NULL, "/", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return false;
        *eq = '\0';
        double v = atof(eq + 1);
        if (strcmp(tok, "reraise") == 0)
            p->reraise_min = v;
        else if (strcmp(tok, "margin") == 0)
            p->raise_margin = v;
        else if (strcmp(tok, "exact") == 0)
            p->exact = (int)v;
        else if (strcmp(tok, "oppdisc") == 0)
            p->opp_discount = v;
        else if (strcmp(tok, "particles") == 0)
            p->particles = (int)v;
        else if (strcmp(tok, "worlds") == 0)
            p->worlds = (int)v;
        else if (strcmp(tok, "margin4") == 0)
            p->raise_margin4 = v;
        else if (strcmp(tok, "types") == 0)
            p->match_types = (int)v;
        else if (strcmp(tok, "mrat") == 0)
            p->margin_rational = (int)v;
        else if (strcmp(tok, "prior4") == 0)
            p->timid_prior4 = v;
        else if (strcmp(tok, "cfr") == 0)
            p->cfr = (int)v;
        else if (strcmp(tok, "reach") == 0)
            p->reach = (int)v;
        else
            return false;
    }
    return true;
}

static bool parse_entry(const char *text, Entry *e, int index)
{
    char base[128];
    snprintf(base, sizeof base, "%s", text);
    char *slash = strchr(base, '/');
    TrucoHardParams prm = truco_hard_defaults;
    if (slash) {
        *slash = '\0';
        if (!parse_params(slash + 1, &prm))
            return false;
    }
    char *colon = strchr(base, ':'), *at = strchr(base, '@');
    if (colon)
        *colon = '\0';
    if (at)
        *at = '\0';
    memset(e, 0, sizeof *e);
    if (strcmp(base, "hard0") == 0) {
        e->decide = truco_hard_v0_decide;
        e->iterations = TRUCO_HARD_V0_ITERATIONS;
        e->time_ms = TRUCO_HARD_V0_TIME_MS;
        e->level = DIFF_HARD;
    } else if (!difficulty_parse(base, &e->level)) {
        return false;
    }
    if (colon || at) {
        if (e->level != DIFF_HARD)
            return false;
        if (!e->decide)
            e->decide = truco_hard_decide;
        e->iterations = colon ? atoi(colon + 1) : 0;
        e->time_ms = at ? atoi(at + 1) : 0;
    }
    if (slash) {
        if (e->level != DIFF_HARD || e->decide == truco_hard_v0_decide)
            return false;
        if (!e->decide) { /* the level's own budget */
            const BotConfig *c = bot_config("truco", DIFF_HARD);
            e->iterations = c->iterations;
            e->time_ms = c->time_ms;
        }
        e->params = prm;
        tuned[index] = e;
        e->decide = index == 0 ? tuned0 : tuned1;
    }
    return true;
}

static Action entry_decide(const Entry *e, const TrucoState *view, int seat, Rng *rng)
{
    if (!e->decide)
        return bot_decide_view(&truco_rules, e->level, view, seat, rng, NULL);
    BotRequest req = {&truco_rules, view, seat, rng, e->iterations, e->time_ms, NULL};
    return e->decide(&req);
}

typedef struct {
    double *v;
    long n, cap;
} Times;

static void times_push(Times *t, double x)
{
    if (t->n == t->cap) {
        long cap = t->cap ? t->cap * 2 : 4096;
        double *v = realloc(t->v, (size_t)cap * sizeof *v);
        if (!v)
            return;
        t->v = v;
        t->cap = cap;
    }
    t->v[t->n++] = x;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* How a hand ended, for the split of the points: an ordinary hand nobody raised, raised and
 * accepted (played out worth more), raised and refused, a mão de onze/dez played or run
 * from, a mão de ferro. */
enum { END_PLAIN, END_RAISED, END_REFUSED, END_ONZE_PLAY, END_ONZE_RUN, END_FERRO, END_KINDS };
static const char *const end_names[END_KINDS] = {"not raised", "raised, accepted",
                                                 "raised, refused", "onze played",
                                                 "onze refused", "ferro"};

typedef struct {
    long calls, accepts, runs, raises, onze_play, onze_run, hands, points, decisions;
    long raised_hands, raised_won, raised_lost; /* hands worth more than the base value */
    long first_calls, first_net;   /* hands where it made the hand's first raise; its net points */
    long first_faced, faced_net;   /* hands where the other made it; its net points there */
    long end_hands[END_KINDS], end_net[END_KINDS]; /* by how the hand ended (end_kind) */
    long ans_at[2], runs_at[2];    /* answers (not passes) to a truco / to a later raise, runs */
    long zone_hands[4], zone_net[4]; /* by the score at the hand's start (score_zone) */
    double share_sum;              /* Hard's share of seed-like worlds, summed at its raises' */
    long share_n;                  /* chances (truco_timid_share), and how many */
    double ms_total, ms_max;
    Times cpu;
} Stats;

static Action draw_chance(const TrucoState *s, uint64_t seed, int k)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = truco_rules.chance_outcomes(s, acts, w);
    Rng r;
    rng_seed(&r, rng_mix(seed, (uint64_t)k));
    return acts[rng_below(&r, (uint32_t)n)];
}

/* The score zone of a hand for the side with `us` points against `them`: both far from the
 * onze score, only us near it, only them, both (near: ≥ 8 points in Paulista, ≥ 7 with
 * Mineiro's values, 3 or fewer from the onze score). */
enum { ZONES = 4 };
static const char *const zone_names[ZONES] = {"both far", "us near", "them near", "both near"};
static int score_zone(const TrucoState *s, int us, int them)
{
    int near = s->opt_values == TR_VALUES_MINEIRO ? 7 : 8;
    return (us >= near) + 2 * (them >= near);
}

/* One match; returns +1 when entry 0 wins. seat s is played by entry (s + rot) % 2. */
static int play(const Entry lv[2], int rot, uint64_t seed, const GameOptions *opt, int np,
                Stats st[2])
{
    TrucoState s;
    truco_rules.init(&s, opt, np, seed);
    Rng rng;
    rng_seed(&rng, rng_mix(seed, 0xD0E1ULL + (uint64_t)rot));
    int k = 0, first_by = -1; /* the entry that made this hand's first raise */
    while (s.phase != TR_PH_OVER) {
        int p = truco_current_player(&s);
        if (p == PLAYER_CHANCE) {
            truco_rules.apply(&s, draw_chance(&s, seed, k++));
            continue;
        }
        int e = (p % 2 + rot) % 2;
        TrucoState view;
        truco_rules.observe(&s, p, &view);
        long long t0 = clock_now_ns(), c0 = clock_thread_cpu_ns();
        Action a = entry_decide(&lv[e], &view, p, &rng);
        double ms = (double)(clock_now_ns() - t0) / 1e6;
        times_push(&st[e].cpu, (double)(clock_thread_cpu_ns() - c0) / 1e6);
        st[e].decisions++;
        st[e].ms_total += ms;
        if (ms > st[e].ms_max)
            st[e].ms_max = ms;
        if (s.phase == TR_PH_PLAY && a >= TR_TRUCO && a <= TR_DOZE) {
            st[e].calls++;
            if (first_by < 0 && s.kind == TR_KIND_NORMAL)
                first_by = e;
        }
        if (s.phase == TR_PH_ANSWER && a != TR_PASS) {
            int later = s.pending != truco_raise_value(&s, TR_TRUCO);
            st[e].ans_at[later]++;
            st[e].runs_at[later] += a == TR_RUN;
        }
        if (s.phase == TR_PH_ANSWER) {
            st[e].accepts += a == TR_ACCEPT;
            st[e].runs += a == TR_RUN;
            st[e].raises += a >= TR_TRUCO && a <= TR_DOZE;
        }
        st[e].onze_play += a == TR_ONZE_PLAY;
        st[e].onze_run += a == TR_ONZE_RUN;
        if (s.phase == TR_PH_PLAY && truco_can_raise(&s, p) && s.value == truco_base_value(&s) &&
            lv[e].level == DIFF_HARD) {
            double prior = np == 2 ? 0.5 : 0.15;
            st[e].share_sum += truco_timid_share(&view, p, prior);
            st[e].share_n++;
        }
        int before[2] = {s.score[0], s.score[1]};
        bool raised = s.value > truco_base_value(&s) && s.kind == TR_KIND_NORMAL;
        int kind = s.kind == TR_KIND_ONZE ? END_ONZE_PLAY : s.kind == TR_KIND_FERRO ? END_FERRO
                   : raised || s.phase == TR_PH_ANSWER ? END_RAISED
                                                       : END_PLAIN;
        const char *err = truco_rules.apply(&s, a);
        if (err) {
            fprintf(stderr, "illegal action %d: %s\n", (int)a, err);
            exit(1);
        }
        bool hand_over = s.n_dealt == 0 && (s.phase == TR_PH_DEAL || s.phase == TR_PH_OVER) &&
                         s.last_end != TR_END_NONE;
        if (hand_over) {
            if (s.last_end == TR_END_RUN)
                kind = END_REFUSED;
            else if (s.last_end == TR_END_ONZE_RUN)
                kind = END_ONZE_RUN;
            for (int q = 0; q < 2; q++) {
                st[(q + rot) % 2].hands++;
                st[(q + rot) % 2].points += s.score[q] - before[q];
                st[(q + rot) % 2].end_hands[kind]++;
                int z = score_zone(&s, before[q], before[1 - q]);
                st[(q + rot) % 2].zone_hands[z]++;
                st[(q + rot) % 2].zone_net[z] +=
                    (s.score[q] - before[q]) - (s.score[1 - q] - before[1 - q]);
                st[(q + rot) % 2].end_net[kind] +=
                    (s.score[q] - before[q]) - (s.score[1 - q] - before[1 - q]);
                if (first_by >= 0) {
                    int me = (q + rot) % 2, net = (s.score[q] - before[q]) - (s.score[1 - q] - before[1 - q]);
                    if (me == first_by) {
                        st[me].first_calls++;
                        st[me].first_net += net;
                    } else {
                        st[me].first_faced++;
                        st[me].faced_net += net;
                    }
                }
                if (raised) {
                    int us = s.score[q] - before[q], them = s.score[1 - q] - before[1 - q];
                    st[(q + rot) % 2].raised_hands++;
                    st[(q + rot) % 2].raised_won += us;
                    st[(q + rot) % 2].raised_lost += them;
                }
            }
            first_by = -1;
        }
    }
    return s.winner == (0 + rot) % 2 ? 1 : -1;
}

/* A side's net points split by a kind of hand: each kind's share of the hands, net a hand. */
static void print_split(const char *by, const char *const *names, const long *n, const long *net,
                        int kinds, double hands)
{
    printf("         net points by %s (share of hands, net/hand):", by);
    for (int k = 0; k < kinds; k++)
        if (n[k])
            printf(" %s %.3f %+.3f;", names[k], (double)n[k] / hands, (double)net[k] / n[k]);
    printf("\n");
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: truco_duel LEVEL_A LEVEL_B GAMES SEED [OPTION=VALUE ...]\n");
        return 2;
    }
    Entry lv[2];
    if (!parse_entry(argv[1], &lv[0], 0) || !parse_entry(argv[2], &lv[1], 1)) {
        fprintf(stderr, "levels: random easy medium hard hard0 (hard[0]:N, hard[0]@MS)\n");
        return 2;
    }
    int games = atoi(argv[3]);
    uint64_t seed = strtoull(argv[4], NULL, 10);
    GameOptions opt;
    rules_default_options(&truco_rules, &opt);
    int np = 2;
    for (int i = 5; i < argc; i++) {
        char err[256];
        if (strcmp(argv[i], "players=4") == 0) {
            np = 4;
            continue;
        }
        if (rules_parse_option(&truco_rules, &opt, argv[i], err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
    }
    Stats st[2];
    memset(st, 0, sizeof st);
    int wins = 0;
    double pair_net = 0, pair_hands = 0, net_sum = 0, net_sq = 0;
    int pairs = 0;
    for (int g = 0; g < games; g++) {
        long net0 = st[0].points - st[1].points, hands0 = st[0].hands;
        wins += play(lv, g % 2, rng_mix(seed, (uint64_t)(g / 2)), &opt, np, st) > 0;
        pair_net += (double)(st[0].points - st[1].points - net0);
        pair_hands += (double)(st[0].hands - hands0);
        if (g % 2 == 1 && pair_hands > 0) { /* a deal played both ways */
            double x = pair_net / pair_hands;
            net_sum += x;
            net_sq += x * x;
            pairs++;
            pair_net = pair_hands = 0;
        }
    }
    double p = (double)wins / games, lo, hi;
    stats_wilson(p, games, &lo, &hi);
    printf("%s vs %s: %d games, %s wins %d (%.4f, 95%% [%.4f, %.4f])\n", argv[1], argv[2],
           games, argv[1], wins, p, lo, hi);
    if (pairs > 1) {
        /* A's net points a hand, per deal played both ways (a finer signal than the games) */
        double m = net_sum / pairs, sd = sqrt((net_sq / pairs - m * m) * pairs / (pairs - 1));
        printf("  %s net points/hand %.3f, 95%% [%.3f, %.3f] over %d deals played both ways\n",
               argv[1], m, m - 1.96 * sd / sqrt(pairs), m + 1.96 * sd / sqrt(pairs), pairs);
    }
    for (int e = 0; e < 2; e++) {
        Stats *x = &st[e];
        double hands = x->hands ? (double)x->hands : 1;
        long answers = x->accepts + x->runs + x->raises;
        printf("  %-6s calls/hand %.3f  answers %ld: accept %.2f run %.2f raise %.2f  "
               "onze play %ld run %ld  points/hand %.3f  ms mean %.2f max %.1f\n",
               argv[1 + e], x->calls / hands, answers,
               answers ? (double)x->accepts / answers : 0, answers ? (double)x->runs / answers : 0,
               answers ? (double)x->raises / answers : 0, x->onze_play, x->onze_run,
               x->points / hands, x->decisions ? x->ms_total / x->decisions : 0, x->ms_max);
        double p50 = 0, p95 = 0, mx = 0;
        if (x->cpu.n) {
            qsort(x->cpu.v, (size_t)x->cpu.n, sizeof x->cpu.v[0], cmp_double);
            p50 = x->cpu.v[x->cpu.n / 2];
            p95 = x->cpu.v[(long)(0.95 * (double)(x->cpu.n - 1))];
            mx = x->cpu.v[x->cpu.n - 1];
        }
        printf("         raised hands %ld: won %ld lost %ld points (net/hand %.3f)  "
               "CPU ms median %.2f p95 %.2f max %.1f\n",
               x->raised_hands, x->raised_won, x->raised_lost,
               x->raised_hands ? (double)(x->raised_won - x->raised_lost) / x->raised_hands : 0,
               p50, p95, mx);
        printf("         made the first raise in %ld hands (net/hand %.3f); faced it in %ld "
               "(net/hand %.3f)\n",
               x->first_calls, x->first_calls ? (double)x->first_net / x->first_calls : 0,
               x->first_faced, x->first_faced ? (double)x->faced_net / x->first_faced : 0);
        print_split("the hand's end", end_names, x->end_hands, x->end_net, END_KINDS, hands);
        print_split("the score at the hand's start", zone_names, x->zone_hands, x->zone_net,
                    ZONES, hands);
        printf("         runs: from a truco %ld of %ld answers (%.2f), from a later raise %ld of %ld "
               "(%.2f)\n",
               x->runs_at[0], x->ans_at[0], x->ans_at[0] ? (double)x->runs_at[0] / x->ans_at[0] : 0,
               x->runs_at[1], x->ans_at[1], x->ans_at[1] ? (double)x->runs_at[1] / x->ans_at[1] : 0);
        if (x->share_n)
            printf("         share of seed-like worlds at its chances to call: mean %.3f over %ld\n",
                   x->share_sum / x->share_n, x->share_n);
    }
    return 0;
}
