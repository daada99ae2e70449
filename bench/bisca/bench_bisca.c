/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bisca bots head to head, for tuning and for issue 26's figures: duplicate deals (every
 * deal played twice with the seats rotated by one), the bots called directly with a chosen
 * budget, on J threads over the same games whatever J.
 *   bench_bisca [--players 2|4] [--seats A,B] [--games N] [--seed S] [--jobs J]
 *               [--option KEY=VALUE]...
 * A and B are bots: easy, medium, hard (the new Hard) or hard0 (Hard as it was at commit
 * 6fac2b1: 4000 iterations under a 100 ms cap), each optionally followed by ":N" (a budget
 * of N iterations, no clock: replayable) or "@MS" (decides by its clock, MS ms a decision),
 * e.g. hard:20000 or hard@120. Plain "hard" is the level's own budget in its replayable
 * form (what `tasca sim` plays). The new Hard's settings (BiscaHardParams) can be changed
 * for tuning with "/key=value" after it: explore, noise, opp, pw, temper (both tables;
 * temper2, temper4: one), beta, eps,
 * particles, x2, x4, sight, pimc, depth, exact, hold, roll (e.g. hard:20000/temper=0.5/x4=2000). A diagnostic: "+peek" at the
 * end lets a bot see its partner's hand, "+peekall" every hand (what information is worth).
 * With 4 players A sits at seats 0 and 2. "--agree 1": at each of A's decisions B is asked
 * too, and how often they chose the same card is printed by place in the trick.
 * SIGINT, SIGTERM or SIGUSR1 stops a run early: the games in play are finished and the
 * figures printed over the whole deals played.
 * Decision times are given as wall time and as the deciding thread's CPU time (the second
 * is not disturbed by other processes on the machine). */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bisca_hard_v0.h"
#include "core/fileio.h"
#include "core/stats.h"
#include "games/bisca/bisca.h"
#include "games/bisca/bisca_bots.h"

typedef Action (*DecideFn)(const BotRequest *);

typedef struct {
    char name[96];
    DecideFn decide;
    int iterations, time_ms;
    bool tuned;              /* the new Hard with its settings changed: params */
    int peek;                /* a diagnostic: sees its partner's hand (1) or every hand (2) */
    BiscaHardParams params;
} Entry;

/* The new Hard's settings, changed by "/key=value" after its name (hard:20000/temper=0.5). */
static bool parse_params(char *list, BiscaHardParams *p)
{
    for (char *save = NULL, *tok = strtok_r(list, "/", &save); tok;
         tok = strtok_r(NULL, "/", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return false;
        *eq = '\0';
        double v = atof(eq + 1);
        if (strcmp(tok, "explore") == 0)
            p->explore = v;
        else if (strcmp(tok, "noise") == 0)
            p->noise = (int)v;
        else if (strcmp(tok, "opp") == 0)
            p->opp_noise = (int)v;
        else if (strcmp(tok, "pw") == 0)
            p->points_weight = v;
        else if (strcmp(tok, "temper") == 0)
            p->temper = p->temper_4p = v;
        else if (strcmp(tok, "temper2") == 0)
            p->temper = v;
        else if (strcmp(tok, "temper4") == 0)
            p->temper_4p = v;
        else if (strcmp(tok, "beta") == 0)
            p->model_beta = v;
        else if (strcmp(tok, "eps") == 0)
            p->model_eps = v;
        else if (strcmp(tok, "particles") == 0)
            p->particles = (int)v;
        else if (strcmp(tok, "x2") == 0)
            p->exact_stock_2p = (int)v;
        else if (strcmp(tok, "x4") == 0)
            p->exact_deals_4p = (int)v;
        else if (strcmp(tok, "sight") == 0)
            p->sight = (int)v;
        else if (strcmp(tok, "pimc") == 0)
            p->pimc = (int)v;
        else if (strcmp(tok, "depth") == 0)
            p->pimc_depth = (int)v;
        else if (strcmp(tok, "exact") == 0)
            p->pimc_exact = (int)v;
        else if (strcmp(tok, "hold") == 0)
            p->pimc_hold = v;
        else if (strcmp(tok, "roll") == 0)
            p->pimc_roll = (int)v;
        else
            return false;
    }
    return true;
}

static Entry *tuned_entries[2];

static Action tuned0(const BotRequest *r) { return bisca_hard_decide_with(r, &tuned_entries[0]->params); }
static Action tuned1(const BotRequest *r) { return bisca_hard_decide_with(r, &tuned_entries[1]->params); }

static bool parse_entry(const char *text, Entry *e, int index)
{
    char base[96];
    snprintf(base, sizeof base, "%s", text);
    snprintf(e->name, sizeof e->name, "%s", text);
    char *plus = strstr(base, "+peek");
    if (plus) {
        e->peek = strcmp(plus, "+peekall") == 0 ? 2 : 1;
        *plus = '\0';
    }
    char *slash = strchr(base, '/');
    if (slash) {
        *slash = '\0';
        e->params = bisca_hard_defaults;
        if (!parse_params(slash + 1, &e->params))
            return false;
        e->tuned = true;
    }
    char *colon = strchr(base, ':'), *at = strchr(base, '@');
    if (colon)
        *colon = '\0';
    if (at)
        *at = '\0';
    e->iterations = 0;
    e->time_ms = 0;
    if (strcmp(base, "easy") == 0) {
        e->decide = bot_random_decide;
    } else if (strcmp(base, "medium") == 0) {
        e->decide = bisca_flags_decide;
    } else if (strcmp(base, "hard") == 0) {
        const BotConfig *c = bot_config("bisca", DIFF_HARD);
        e->decide = bisca_hard_decide;
        e->iterations = c->iterations; /* the replayable form: no clock */
    } else if (strcmp(base, "hard0") == 0) {
        e->decide = bisca_hard_v0_decide;
        e->iterations = BISCA_HARD_V0_ITERATIONS;
        e->time_ms = BISCA_HARD_V0_TIME_MS;
    } else {
        return false;
    }
    if (colon) {
        e->iterations = atoi(colon + 1);
        e->time_ms = 0;
    }
    if (at) {
        e->time_ms = atoi(at + 1);
        if (!colon)
            e->iterations = 0;
    }
    if (e->tuned) {
        if (e->decide != bisca_hard_decide)
            return false;
        tuned_entries[index] = e;
        e->decide = index == 0 ? tuned0 : tuned1;
    }
    return true;
}

static Action next_chance(const GameRules *g, const void *s, uint64_t seed, int k)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = g->chance_outcomes(s, acts, w);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    Rng r;
    rng_seed(&r, rng_mix(seed, (uint64_t)k));
    uint64_t x = rng_below(&r, (uint32_t)total);
    for (int i = 0; i < n; i++) {
        if (x < w[i])
            return acts[i];
        x -= w[i];
    }
    return acts[n - 1];
}

static double thread_cpu_ms(void) { return clock_thread_cpu_ns() / 1e6; }

typedef struct {
    double *wall, *cpu;
    long n, cap;
} Times;

static void times_push(Times *t, double wall, double cpu)
{
    if (t->n == t->cap) {
        long cap = t->cap ? t->cap * 2 : 1024;
        double *w = realloc(t->wall, (size_t)cap * sizeof *w);
        if (w)
            t->wall = w;
        double *c = realloc(t->cpu, (size_t)cap * sizeof *c);
        if (c)
            t->cpu = c;
        if (!w || !c)
            return;
        t->cap = cap;
    }
    t->wall[t->n] = wall;
    t->cpu[t->n++] = cpu;
}

typedef struct {
    double score[2]; /* per entry: 1 win, 0.5 draw, 0 loss */
    int points[2];   /* per entry: its team's points (the last game's, in match mode) */
    bool failed;
    bool done;       /* played to the end (a run stopped early counts whole deals only) */
} Result;

/* --beliefs: the inference's beliefs about the hidden hands against the truth, at every
 * decision: the mean log loss per hidden card (Bernoulli: is it in this hand?) with the
 * settings given and with no inference (temper 0). */
typedef struct {
    bool on;
    BiscaHardParams params;
    double loss[2], n;
    double ess;
    long asked;
} Beliefs;

static double card_loss(double q, bool y)
{
    q = q < 1e-4 ? 1e-4 : q > 1 - 1e-4 ? 1 - 1e-4 : q;
    return -log(y ? q : 1 - q);
}

/* --fit: every decision of both bots (the features of each legal play and the one played),
 * for fitting the inference's play model by maximum likelihood. */
typedef struct {
    double f[BI_MAX_HAND][BISCA_MODEL_FEATURES];
    int n, chosen;
} Decision;

typedef struct {
    bool on;
    Decision *d;
    long n, cap;
} Fit;

static void fit_model(const Fit *fit)
{
    enum { K = BISCA_MODEL_FEATURES };
    double th[K] = {0}, g[K], m[K] = {0}, v[K] = {0};
    double ll = 0;
    for (int it = 1; it <= 3000; it++) {
        memset(g, 0, sizeof g);
        ll = 0;
        for (long i = 0; i < fit->n; i++) {
            const Decision *d = &fit->d[i];
            double sc[BI_MAX_HAND], top = -1e300, z = 0;
            for (int j = 0; j < d->n; j++) {
                sc[j] = 0;
                for (int k = 0; k < K; k++)
                    sc[j] += th[k] * d->f[j][k];
                top = sc[j] > top ? sc[j] : top;
            }
            for (int j = 0; j < d->n; j++)
                z += exp(sc[j] - top);
            ll += sc[d->chosen] - top - log(z);
            for (int j = 0; j < d->n; j++) {
                double p = exp(sc[j] - top) / z;
                for (int k = 0; k < K; k++)
                    g[k] += ((j == d->chosen) - p) * d->f[j][k];
            }
        }
        /* Adam on the mean log-likelihood, a little L2. */
        for (int k = 0; k < K; k++) {
            double gk = g[k] / (double)fit->n - 1e-4 * th[k];
            m[k] = 0.9 * m[k] + 0.1 * gk;
            v[k] = 0.999 * v[k] + 0.001 * gk * gk;
            double mh = m[k] / (1 - pow(0.9, it)), vh = v[k] / (1 - pow(0.999, it));
            th[k] += 0.05 * mh / (sqrt(vh) + 1e-8);
        }
    }
    printf("  fit: %ld decisions, mean log-likelihood %.4f; weights:\n    {", fit->n,
           ll / (double)fit->n);
    for (int k = 0; k < K; k++)
        printf("%s%.3f", k ? ", " : "", th[k]);
    printf("},\n");
}

typedef struct {
    const GameRules *g;
    GameOptions opt;
    Fit fit;
    Beliefs beliefs;
    int players, games;
    uint64_t seed;
    Entry entry[2];
    atomic_int next;
    Result *res;
    pthread_mutex_t lock;
    Times times[2];
    /* --agree: at each decision of entry 0, entry 1's choice too; counted by the place in
     * the trick (0 = leading .. 3 = last) and whether the stock is gone */
    bool agree;
    long asked[2][BI_MAX_SEATS], same[2][BI_MAX_SEATS];
} Bench;

static void play_game(Bench *b, int game, Times local[2])
{
    const GameRules *g = b->g;
    Result *res = &b->res[game];
    int rot = game % 2; /* seat s is played by entry (s + rot) % 2 */
    uint64_t deal = rng_mix(b->seed, (uint64_t)(game / 2));
    BiscaState s, view;
    g->init(&s, &b->opt, b->players, deal);
    uint64_t bot_seed = rng_mix(deal, 0xB075ULL + (uint64_t)rot);
    int k = 0, decisions = 0;
    while (g->current_player(&s) != PLAYER_TERMINAL) {
        int p = g->current_player(&s);
        Action a;
        if (p == PLAYER_CHANCE) {
            a = next_chance(g, &s, deal, k++);
        } else {
            const Entry *e = &b->entry[(p + rot) % 2];
            g->observe(&s, p, &view);
            for (int q = 0; q < s.n && e->peek; q++)
                if (e->peek == 2 || (q != p && bisca_team(q) == bisca_team(p)))
                    memcpy(view.hand[q], s.hand[q], sizeof view.hand[q]);
            Decision d;
            Action fit_acts[RULES_MAX_ACTIONS];
            if (b->fit.on)
                d.n = bisca_model_features(&view, fit_acts, d.f);

            if (b->beliefs.on && view.n_played > 0) {
                static double prob[2][BI_MAX_SEATS][52];
                double l[2] = {0, 0}, cards = 0;
                Rng br;
                int ess = 0;
                for (int k = 0; k < 2; k++) {
                    BiscaHardParams P = b->beliefs.params;
                    if (k == 1)
                        P.temper = P.temper_4p = 0;
                    rng_seed(&br, rng_mix(bot_seed, 77 + (uint64_t)decisions));
                    int e2 = bisca_hand_beliefs(&view, p, &P, &br, prob[k]);
                    if (k == 0)
                        ess = e2;
                }
                /* The cards p cannot see: in no view slot, trick, pile, nor the trunfo. */
                for (int ci = 0; ci < 52; ci++) {
                    double tot = 0;
                    for (int q = 0; q < s.n; q++)
                        if (q != p)
                            tot += prob[1][q][ci];
                    if (tot <= 0)
                        continue;
                    for (int q = 0; q < s.n; q++) {
                        if (q == p)
                            continue;
                        bool y = false;
                        for (int i = 0; i < s.n_hand[q]; i++)
                            y |= card_index(s.hand[q][i]) == ci;
                        bool hidden_from_p = true;
                        for (int i = 0; i < view.n_hand[q]; i++)
                            hidden_from_p &= view.hand[q][i] == CARD_HIDDEN ||
                                             card_index(view.hand[q][i]) != ci;
                        if (!hidden_from_p)
                            continue;
                        for (int k = 0; k < 2; k++)
                            l[k] += card_loss(prob[k][q][ci], y);
                        cards++;
                    }
                }
                pthread_mutex_lock(&b->lock);
                b->beliefs.loss[0] += l[0];
                b->beliefs.loss[1] += l[1];
                b->beliefs.n += cards;
                b->beliefs.ess += ess;
                b->beliefs.asked++;
                pthread_mutex_unlock(&b->lock);
            }
            Rng rng;
            rng_seed(&rng, rng_mix(bot_seed, (uint64_t)decisions++));
            BotRequest req = {g, &view, p, &rng, e->iterations, e->time_ms, NULL};
            long long t = clock_now_ns();
            double c = thread_cpu_ms();
            a = e->decide(&req);
            times_push(&local[(p + rot) % 2], (double)(clock_now_ns() - t) / 1e6,
                       thread_cpu_ms() - c);
            if (b->agree && (p + rot) % 2 == 0) {
                Rng r2;
                rng_seed(&r2, rng_mix(bot_seed, 0xA6EEULL + (uint64_t)decisions));
                const Entry *o = &b->entry[1];
                BotRequest r = {g, &view, p, &r2, o->iterations, o->time_ms, NULL};
                Action a2 = o->decide(&r);
                int gone = view.stock == 0;
                pthread_mutex_lock(&b->lock);
                b->asked[gone][view.n_trick]++;
                b->same[gone][view.n_trick] += a2 == a;
                pthread_mutex_unlock(&b->lock);
            }
            if (b->fit.on) {
                d.chosen = -1;
                for (int i = 0; i < d.n; i++)
                    if (fit_acts[i] == a)
                        d.chosen = i;
                pthread_mutex_lock(&b->lock);
                if (d.n >= 2 && d.chosen >= 0) {
                    if (b->fit.n == b->fit.cap) {
                        b->fit.cap = b->fit.cap ? b->fit.cap * 2 : 4096;
                        b->fit.d = realloc(b->fit.d, sizeof *b->fit.d * (size_t)b->fit.cap);
                    }
                    b->fit.d[b->fit.n++] = d;
                }
                pthread_mutex_unlock(&b->lock);
            }
        }
        if (g->apply(&s, a)) {
            res->failed = true;
            res->done = true;
            return;
        }
    }
    res->done = true;
    double r[RULES_MAX_PLAYERS];
    g->returns(&s, r);
    for (int e = 0; e < 2; e++) {
        int seat = (e + rot) % 2; /* entry e plays seat (e - rot) mod 2 = (e + rot) % 2 */
        res->score[e] = r[seat] > 0 ? 1 : r[seat] == 0 ? 0.5 : 0;
        res->points[e] = s.points[bisca_team(seat)];
    }
}

/* SIGINT, SIGTERM or SIGUSR1: no new game is begun, the games in play are finished, and
 * the figures are printed over the deals whose two games were played. */
static volatile sig_atomic_t stop_requested;
static void on_stop(int sig)
{
    (void)sig;
    stop_requested = 1;
}

static void *worker(void *arg)
{
    Bench *b = arg;
    Times local[2] = {{0}, {0}};
    for (;;) {
        if (stop_requested)
            break;
        int i = atomic_fetch_add(&b->next, 1);
        if (i >= b->games)
            break;
        play_game(b, i, local);
    }
    pthread_mutex_lock(&b->lock);
    for (int e = 0; e < 2; e++) {
        for (long i = 0; i < local[e].n; i++)
            times_push(&b->times[e], local[e].wall[i], local[e].cpu[i]);
        free(local[e].wall);
        free(local[e].cpu);
    }
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double pct(double *v, long n, double q)
{
    long k = (long)ceil(q * (double)n) - 1;
    return v[k < 0 ? 0 : k];
}

int main(int argc, char **argv)
{
    Bench b;
    memset(&b, 0, sizeof b);
    b.g = &bisca_rules;
    rules_default_options(b.g, &b.opt);
    b.players = 2;
    b.games = 200;
    b.seed = 1;
    int jobs = 1;
    char seats[256] = "hard,medium";
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *a = argv[i], *v = argv[i + 1];
        char err[256];
        if (strcmp(a, "--players") == 0)
            b.players = atoi(v);
        else if (strcmp(a, "--games") == 0)
            b.games = atoi(v);
        else if (strcmp(a, "--seed") == 0)
            b.seed = strtoull(v, NULL, 10);
        else if (strcmp(a, "--jobs") == 0)
            jobs = atoi(v);
        else if (strcmp(a, "--agree") == 0)
            b.agree = atoi(v) != 0;
        else if (strcmp(a, "--fit") == 0)
            b.fit.on = atoi(v) != 0;
        else if (strcmp(a, "--beliefs") == 0) {
            char list[256];
            snprintf(list, sizeof list, "%s", v);
            b.beliefs.on = true;
            b.beliefs.params = bisca_hard_defaults;
            b.beliefs.params.temper = b.beliefs.params.temper_4p = 1;
            if (!parse_params(list, &b.beliefs.params)) {
                fprintf(stderr, "--beliefs key=value/...\n");
                return 2;
            }
        } else if (strcmp(a, "--seats") == 0)
            snprintf(seats, sizeof seats, "%s", v);
        else if (strcmp(a, "--option") == 0) {
            if (rules_parse_option(b.g, &b.opt, v, err, sizeof err)) {
                fprintf(stderr, "%s\n", err);
                return 2;
            }
        } else {
            fprintf(stderr, "unknown argument %s\n", a);
            return 2;
        }
    }
    char *comma = strchr(seats, ',');
    if (!comma) {
        fprintf(stderr, "--seats A,B\n");
        return 2;
    }
    *comma = '\0';
    if (!parse_entry(seats, &b.entry[0], 0) || !parse_entry(comma + 1, &b.entry[1], 1) ||
        (b.players != 2 && b.players != 4) || b.games < 2 || jobs < 1 || jobs > 64) {
        fprintf(stderr, "bots are easy, medium, hard or hard0 (optionally :N or @MS); 2 or 4 "
                        "players; at least 2 games; 1 to 64 jobs\n");
        return 2;
    }
    b.games += b.games % 2;
    b.res = calloc((size_t)b.games, sizeof *b.res);
    atomic_init(&b.next, 0);
    pthread_mutex_init(&b.lock, NULL);
    signal(SIGINT, on_stop);
    signal(SIGTERM, on_stop);
    signal(SIGUSR1, on_stop);
    long long t0 = clock_now_ns();
    pthread_t th[64];
    for (int t = 0; t < jobs; t++)
        pthread_create(&th[t], NULL, worker, &b);
    for (int t = 0; t < jobs; t++)
        pthread_join(th[t], NULL);
    double wall = (double)(clock_now_ns() - t0) / 1e9;

    int failed = 0, deals = 0, wins = 0, draws = 0, losses = 0;
    double score = 0, pts[2] = {0, 0};
    double *per_deal = malloc(sizeof(double) * (size_t)(b.games / 2));
    for (int i = 0; i < b.games; i += 2) {
        const Result *x = &b.res[i], *y = &b.res[i + 1];
        if (!x->done || !y->done)
            continue; /* stopped early */
        if (x->failed || y->failed) {
            failed += x->failed + y->failed;
            continue;
        }
        per_deal[deals++] = (x->score[0] + y->score[0]) / 2;
        for (const Result *r = x; r <= y; r++) {
            wins += r->score[0] == 1;
            draws += r->score[0] == 0.5;
            losses += r->score[0] == 0;
            score += r->score[0];
            pts[0] += r->points[0];
            pts[1] += r->points[1];
        }
    }
    int played = 2 * deals;
    double p = played ? score / played : 0, lo, hi, dlo = 0, dhi = 1;
    stats_wilson(p, played, &lo, &hi);
    stats_mean_interval(per_deal, deals, &dlo, &dhi);
    printf("%s (seat 0%s) vs %s, %d players: %d games (%d deals, seats rotated), %d jobs, "
           "%.1f s\n",
           b.entry[0].name, b.players == 4 ? "+2" : "", b.entry[1].name, b.players, played,
           deals, jobs, wall);
    printf("  %s: %d wins %d draws %d losses, score %.4f, 95 %% [%.4f, %.4f] (games), "
           "[%.4f, %.4f] (deals); mean points %.2f vs %.2f\n",
           b.entry[0].name, wins, draws, losses, p, lo, hi, dlo, dhi,
           played ? pts[0] / played : 0, played ? pts[1] / played : 0);
    if (failed)
        printf("  %d games failed (an illegal action): a defect\n", failed);
    if (stop_requested)
        printf("  stopped early: %d of the %d games asked for\n", played, b.games);
    if (b.agree)
        for (int gone = 0; gone < 2; gone++)
            for (int i = 0; i < b.players; i++)
                if (b.asked[gone][i])
                    printf("  agree: stock %s, %d%s to play: %s chose as %s in %ld of %ld "
                           "(%.1f %%)\n",
                           gone ? "gone" : "left", i + 1, i == 0 ? "st" : i == 1 ? "nd" : i == 2 ? "rd" : "th",
                           b.entry[0].name, b.entry[1].name, b.same[gone][i], b.asked[gone][i],
                           100.0 * b.same[gone][i] / b.asked[gone][i]);
    if (b.fit.on && b.fit.n > 0)
        fit_model(&b.fit);
    if (b.beliefs.on && b.beliefs.n > 0)
        printf("  beliefs: log loss per hidden card %.5f with inference (temper %.2f, beta %.2f, "
               "eps %.2f), %.5f without; %.1f effective guesses of %d\n",
               b.beliefs.loss[0] / b.beliefs.n, b.beliefs.params.temper,
               b.beliefs.params.model_beta, b.beliefs.params.model_eps,
               b.beliefs.loss[1] / b.beliefs.n, b.beliefs.ess / (double)b.beliefs.asked,
               b.beliefs.params.particles);
    for (int e = 0; e < 2; e++) {
        Times *t = &b.times[e];
        if (!t->n || b.entry[e].decide == bot_random_decide || b.entry[e].decide == bisca_flags_decide)
            continue;
        qsort(t->wall, (size_t)t->n, sizeof *t->wall, cmp_double);
        qsort(t->cpu, (size_t)t->n, sizeof *t->cpu, cmp_double);
        printf("  %s: %ld decisions; wall p50 %.2f p95 %.2f max %.2f ms; CPU p50 %.2f p95 %.2f "
               "max %.2f ms\n",
               b.entry[e].name, t->n, pct(t->wall, t->n, 0.5), pct(t->wall, t->n, 0.95),
               t->wall[t->n - 1], pct(t->cpu, t->n, 0.5), pct(t->cpu, t->n, 0.95),
               t->cpu[t->n - 1]);
    }
    free(per_deal);
    free(b.res);
    return failed ? 1 : 0;
}
