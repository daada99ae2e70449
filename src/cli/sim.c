/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca sim: the bot arena. Every deal is played twice with the seats rotated (duplicate
 * games); games run on J threads over the same deals whatever J. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/fileio.h"
#include "../core/stats.h"
#include "../engine/match.h"
#include "../net/net.h"
#include "cli.h"

typedef struct {
    double ret[RULES_MAX_PLAYERS]; /* per entry (the --seats list), not per seat */
    int decisions;
    int rounds; /* the game's rounds (rules->rounds), 0: not known */
    bool failed;
} GameResult;

typedef struct {
    double *ms;
    int n, cap;
} Times;

typedef struct Sim {
    const GameRules *rules;
    GameOptions opt;
    int n;                               /* seats */
    Difficulty entry[RULES_MAX_PLAYERS]; /* the --seats list */
    uint64_t seed;
    int games;
    atomic_int next;
    GameResult *results;
    pthread_mutex_t lock;
    Times times[RULES_MAX_PLAYERS]; /* per entry: wall time of each decision */
    Times cpu[RULES_MAX_PLAYERS];   /* per entry: the deciding thread's CPU time */
    const char *nats, *creds;       /* through the network: a dealer's NATS URL */
    const char *save_dir;           /* NULL, or where each game's save goes */
    Times latency;                  /* per action there: sent -> every seat has its view */
    char net_err[NET_ERR];
} Sim;

static void times_add(Times *t, const Times *src)
{
    if (!src->n)
        return; /* nothing to add (and no array to add from) */
    if (t->n + src->n > t->cap) {
        int cap = (t->n + src->n) * 2;
        double *p = realloc(t->ms, (size_t)cap * sizeof *p);
        if (!p)
            return;
        t->ms = p;
        t->cap = cap;
    }
    memcpy(t->ms + t->n, src->ms, (size_t)src->n * sizeof *src->ms);
    t->n += src->n;
}

static void times_push(Times *t, double ms)
{
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 256;
        double *p = realloc(t->ms, (size_t)cap * sizeof *p);
        if (!p)
            return;
        t->ms = p;
        t->cap = cap;
    }
    t->ms[t->n++] = ms;
}

/* Game i plays deal i/2 with the seats rotated by i%2: seat s is played by entry
 * (s + rotation) % n. */
static void play_one(Sim *sim, int i, Times local[RULES_MAX_PLAYERS],
                     Times local_cpu[RULES_MAX_PLAYERS])
{
    GameResult *res = &sim->results[i];
    int rot = i % 2;
    uint64_t deal_seed = rng_mix(sim->seed, (uint64_t)(i / 2));
    SeatSpec seats[RULES_MAX_PLAYERS];
    for (int s = 0; s < sim->n; s++)
        seats[s] = (SeatSpec){true, sim->entry[(s + rot) % sim->n]};
    char err[MATCH_ERR];
    Match *m = match_create(sim->rules, &sim->opt, sim->n, seats, deal_seed, err, sizeof err);
    if (!m) {
        res->failed = true;
        return;
    }
    uint64_t bot_seed = rng_mix(deal_seed, 0xB075ULL + (uint64_t)rot);
    void *view = malloc(sim->rules->state_size);
    if (!view) {
        res->failed = true;
        match_free(m);
        return;
    }
    while (!match_is_over(m)) {
        if (match_current_player(m) == PLAYER_CHANCE) {
            match_play_chance(m);
            continue;
        }
        int p = match_current_player(m);
        long long t0 = clock_now_ns(), c0 = clock_thread_cpu_ns();
        /* Each decision draws from its own stream, so a seat playing through the network
         * (which sees only its own decisions) draws exactly what it draws here. */
        Rng rng;
        rng_seed(&rng, rng_mix(bot_seed, (uint64_t)m->history_len));
        /* No clock: every bot plays its budget of iterations, so a seed replays the same
         * games on any machine (a level that decides by time plays its replayable form). */
        m->rules->observe(m->state, p, view);
        Action a = bot_decide_timed(m->rules, seats[p].difficulty, view, p, &rng, NULL, 0);
        double ms = (double)(clock_now_ns() - t0) / 1e6;
        times_push(&local[(p + rot) % sim->n], ms);
        times_push(&local_cpu[(p + rot) % sim->n], (double)(clock_thread_cpu_ns() - c0) / 1e6);
        res->decisions++;
        if (match_apply(m, a)) {
            res->failed = true;
            break;
        }
    }
    if (!res->failed && sim->save_dir) {
        char path[1024];
        snprintf(path, sizeof path, "%s/game-%05d.tasca", sim->save_dir, i);
        if (match_save(m, path, err, sizeof err))
            fprintf(stderr, "tasca sim: %s\n", err);
    }
    if (!res->failed) {
        double r[RULES_MAX_PLAYERS];
        m->rules->returns(m->state, r);
        res->rounds = m->rules->rounds ? m->rules->rounds(m->state) : 0;
        for (int s = 0; s < sim->n; s++)
            res->ret[(s + rot) % sim->n] = r[s];
    }
    free(view);
    match_free(m);
}

/* The same game through the network: a dealer on sim->nats deals it from the same seed and
 * every seat is a client of its own deciding from its sealed views. */
static void play_one_net(Sim *sim, int i, Times *latency)
{
    GameResult *res = &sim->results[i];
    int rot = i % 2;
    uint64_t deal_seed = rng_mix(sim->seed, (uint64_t)(i / 2));
    NetBotGame g = {.url = sim->nats, .creds = sim->creds, .rules = sim->rules,
                    .opt = sim->opt, .n = sim->n, .seed = deal_seed,
                    .bot_seed = rng_mix(deal_seed, 0xB075ULL + (uint64_t)rot)};
    for (int s = 0; s < sim->n; s++)
        g.level[s] = sim->entry[(s + rot) % sim->n];
    NetBotResult r = {0};
    if (net_play_bots(&g, &r)) {
        for (int s = 0; s < sim->n; s++)
            res->ret[(s + rot) % sim->n] = r.ret[s];
        res->decisions = r.decisions;
        for (int k = 0; k < r.n_latency; k++)
            times_push(latency, r.latency_ms[k]);
    } else {
        res->failed = true;
        pthread_mutex_lock(&sim->lock);
        if (!sim->net_err[0])
            snprintf(sim->net_err, sizeof sim->net_err, "game %d: %.200s", i, r.err);
        pthread_mutex_unlock(&sim->lock);
    }
    free(r.latency_ms);
}

static void *worker(void *arg)
{
    Sim *sim = arg;
    Times local[RULES_MAX_PLAYERS] = {{0}}, local_cpu[RULES_MAX_PLAYERS] = {{0}}, latency = {0};
    for (;;) {
        int i = atomic_fetch_add(&sim->next, 1);
        if (i >= sim->games)
            break;
        if (sim->nats)
            play_one_net(sim, i, &latency);
        else
            play_one(sim, i, local, local_cpu);
    }
    pthread_mutex_lock(&sim->lock);
    times_add(&sim->latency, &latency);
    free(latency.ms);
    for (int e = 0; e < sim->n; e++) {
        times_add(&sim->times[e], &local[e]);
        free(local[e].ms);
        times_add(&sim->cpu[e], &local_cpu[e]);
        free(local_cpu[e].ms);
    }
    pthread_mutex_unlock(&sim->lock);
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double percentile(Times *t, double q)
{
    if (!t->n)
        return 0;
    qsort(t->ms, (size_t)t->n, sizeof *t->ms, cmp_double);
    int k = (int)ceil(q * t->n) - 1;
    return t->ms[k < 0 ? 0 : k];
}

/* A deal's score for each entry: the mean of its two games (seats rotated), in [0, 1].
 * Returns the number of deals whose two games both finished. */
static int deal_scores(const Sim *sim, int e, double *out)
{
    int n = 0;
    for (int i = 0; i + 1 < sim->games; i += 2) {
        const GameResult *a = &sim->results[i], *b = &sim->results[i + 1];
        if (!a->failed && !b->failed)
            out[n++] = ((a->ret[e] + 1) / 2 + (b->ret[e] + 1) / 2) / 2;
    }
    return n;
}

static void usage(void)
{
    printf("Usage: tasca sim --game ID --seats S1,S2[,S3,S4] --games N --seed S\n"
           "                 [--jobs J] [--option KEY=VALUE]... [--json]\n"
           "                 [--nats URL [--creds FILE]] [--save-dir DIR]\n"
           "Plays N games between bots and prints each seat's results.\n"
           "  --seats   one bot per seat: random, easy, medium or hard\n"
           "  --games   number of games; every deal is played twice, seats rotated\n"
           "  --seed    the seed of the deals (same seed, same deals)\n"
           "  --jobs    threads (default: all cores); results do not depend on it\n"
           "  --option  a rule option of the game, e.g. charlie=on\n"
           "  --json    end with one line of JSON\n"
           "  --nats    play through a dealer ('tasca serve') on this NATS URL, every seat\n"
           "            its own client: the results are those of the local arena\n"
           "  --creds   the NATS credentials file, if the server asks for one\n"
           "  --save-dir  save every game there (game-NNNNN.tasca), e.g. for 'tasca analyze'\n");
}

int cli_sim(int argc, char **argv)
{
    const char *cmd = "sim";
    Sim sim;
    memset(&sim, 0, sizeof sim);
    const char *seats_arg = NULL, *options[32];
    int n_options = 0, jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    bool json = false, have_games = false, have_seed = false;
    uint64_t seed = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        } else if (strcmp(a, "--json") == 0) {
            json = true;
        } else if (strcmp(a, "--game") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !(sim.rules = cli_find_game(cmd, v)))
                return 2;
        } else if (strcmp(a, "--seats") == 0) {
            if (!(seats_arg = cli_value(cmd, argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--games") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 1, 100000000, &sim.games))
                return 2;
            have_games = true;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, a, v, &seed))
                return 2;
            have_seed = true;
        } else if (strcmp(a, "--jobs") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_int(cmd, a, v, 1, 256, &jobs))
                return 2;
        } else if (strcmp(a, "--nats") == 0 || strcmp(a, "--creds") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return 2;
            *(a[2] == 'n' ? &sim.nats : &sim.creds) = v;
        } else if (strcmp(a, "--save-dir") == 0) {
            if (!(sim.save_dir = cli_value(cmd, argc, argv, &i)))
                return 2;
        } else if (strcmp(a, "--option") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return 2;
            if (n_options == 32) {
                fprintf(stderr, "tasca sim: too many --option flags\n");
                return 2;
            }
            options[n_options++] = v;
        } else {
            fprintf(stderr, "tasca sim: unknown argument '%s' (see 'tasca sim --help')\n", a);
            return 2;
        }
    }
    if (!sim.rules || !seats_arg || !have_games || !have_seed) {
        fprintf(stderr, "tasca sim: --game, --seats, --games and --seed are required "
                        "(see 'tasca sim --help')\n");
        return 2;
    }
    rules_default_options(sim.rules, &sim.opt);
    for (int i = 0; i < n_options; i++)
        if (!cli_add_option(cmd, sim.rules, &sim.opt, options[i]))
            return 2;
    char list[256];
    snprintf(list, sizeof list, "%s", seats_arg);
    for (char *save = NULL, *tok = strtok_r(list, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        if (sim.n == RULES_MAX_PLAYERS) {
            fprintf(stderr, "tasca sim: at most %d seats\n", RULES_MAX_PLAYERS);
            return 2;
        }
        if (!difficulty_parse(tok, &sim.entry[sim.n++])) {
            fprintf(stderr, "tasca sim: seat '%s' is not one of random, easy, medium, hard\n",
                    tok);
            return 2;
        }
    }
    if (sim.n < sim.rules->min_players || sim.n > sim.rules->max_players) {
        fprintf(stderr, "tasca sim: %s is played by %d to %d players, --seats gives %d\n",
                sim.rules->id, sim.rules->min_players, sim.rules->max_players, sim.n);
        return 2;
    }
    sim.seed = seed;
    sim.results = calloc((size_t)sim.games, sizeof *sim.results);
    if (!sim.results) {
        fprintf(stderr, "tasca sim: out of memory\n");
        return 1;
    }
    atomic_init(&sim.next, 0);
    pthread_mutex_init(&sim.lock, NULL);
    if (jobs > sim.games)
        jobs = sim.games;
    pthread_t threads[256];
    long long t0 = clock_now_ns();
    int started = 0;
    for (; started < jobs; started++)
        if (pthread_create(&threads[started], NULL, worker, &sim) != 0)
            break;
    if (started == 0)
        worker(&sim);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    double wall = (double)(clock_now_ns() - t0) / 1e9;

    int wins[RULES_MAX_PLAYERS] = {0}, losses[RULES_MAX_PLAYERS] = {0},
        draws_of[RULES_MAX_PLAYERS] = {0}, draws = 0, failed = 0;
    long long decisions = 0;
    for (int i = 0; i < sim.games; i++) {
        GameResult *r = &sim.results[i];
        if (r->failed) {
            failed++;
            continue;
        }
        decisions += r->decisions;
        bool all_zero = true;
        for (int e = 0; e < sim.n; e++) {
            if (r->ret[e] > 0)
                wins[e]++;
            else if (r->ret[e] < 0)
                losses[e]++;
            else
                draws_of[e]++;
            all_zero &= r->ret[e] == 0;
        }
        draws += all_zero;
    }
    int played = sim.games - failed;
    double score[RULES_MAX_PLAYERS], lo[RULES_MAX_PLAYERS], hi[RULES_MAX_PLAYERS],
        p95[RULES_MAX_PLAYERS], p95_cpu[RULES_MAX_PLAYERS];
    printf("%s: %d games (%d deals, seats rotated), seed %llu, %d threads, %.2f s\n",
           sim.rules->name, played, (sim.games + 1) / 2, (unsigned long long)seed, jobs, wall);
    printf("%-6s %-8s %8s %8s %8s %7s  %-17s %9s %11s\n", "seat", "bot", "wins", "draws",
           "losses", "score", "95% interval", "p95 ms", "p95 cpu ms");
    for (int e = 0; e < sim.n; e++) {
        score[e] = played ? (wins[e] + 0.5 * draws_of[e]) / played : 0;
        stats_wilson(score[e], played, &lo[e], &hi[e]);
        p95[e] = percentile(&sim.times[e], 0.95);
        p95_cpu[e] = percentile(&sim.cpu[e], 0.95);
        printf("%-6d %-8s %8d %8d %8d %7.4f  [%.4f, %.4f] %9.3f %11.3f\n", e,
               difficulty_name(sim.entry[e]), wins[e], draws_of[e], losses[e], score[e], lo[e],
               hi[e], p95[e], p95_cpu[e]);
    }
    /* Over the deals: a deal's two games are one trial, so the luck of the cards that the
     * rotation cancels does not widen the interval. */
    double dlo[RULES_MAX_PLAYERS] = {0}, dhi[RULES_MAX_PLAYERS] = {0};
    int deals = 0;
    double *per_deal = malloc(sizeof(double) * (size_t)(sim.games / 2 + 1));
    for (int e = 0; per_deal && e < sim.n; e++) {
        deals = deal_scores(&sim, e, per_deal);
        stats_mean_interval(per_deal, deals, &dlo[e], &dhi[e]);
    }
    free(per_deal);
    if (deals > 1) {
        printf("over the %d deals, each deal's two games one trial:\n", deals);
        for (int e = 0; e < sim.n; e++)
            if (dlo[e] > 0 || dhi[e] < 1)
                printf("%-6d %-8s %34s [%.4f, %.4f]\n", e, difficulty_name(sim.entry[e]), "",
                       dlo[e], dhi[e]);
            else
                printf("%-6d %-8s %34s (every deal scored alike: no spread to measure)\n", e,
                       difficulty_name(sim.entry[e]), "");
    }
    /* A match of rounds (Buraco's deals, Truco's hands): how long the games were. */
    double *rounds = malloc(sizeof(double) * (size_t)(sim.games + 1));
    int nr = 0;
    for (int i = 0; rounds && i < sim.games; i++)
        if (!sim.results[i].failed && sim.results[i].rounds > 0)
            rounds[nr++] = sim.results[i].rounds;
    if (nr > 1) {
        double half, mean = stats_mean_normal(rounds, nr, &half);
        double rlo = mean - half, rhi = mean + half;
        printf("rounds per game: %.2f [%.2f, %.2f]; %.3f s per game and thread\n", mean, rlo,
               rhi, wall * jobs / played);
    }
    free(rounds);
    double dps = wall > 0 ? (double)decisions / wall : 0;
    printf("%lld bot decisions, %.0f decisions/s, %.0f games/s\n", decisions, dps,
           wall > 0 ? played / wall : 0);
    double p50 = percentile(&sim.latency, 0.50), p99 = percentile(&sim.latency, 0.99);
    if (sim.nats)
        printf("through %s: %d actions, round trip p50 %.2f ms, p99 %.2f ms\n", sim.nats,
               sim.latency.n, p50, p99);
    if (failed && sim.net_err[0])
        printf("%d games failed through the network (first: %s)\n", failed, sim.net_err);
    else if (failed)
        printf("%d games failed (a bot chose an illegal action): this is a defect\n", failed);
    if (json) {
        printf("{\"game\":\"%s\",\"games\":%d,\"seed\":%llu,\"jobs\":%d,\"seats\":[", sim.rules->id,
               played, (unsigned long long)seed, jobs);
        for (int e = 0; e < sim.n; e++)
            printf("%s\"%s\"", e ? "," : "", difficulty_name(sim.entry[e]));
        printf("],\"wins\":[");
        for (int e = 0; e < sim.n; e++)
            printf("%s%d", e ? "," : "", wins[e]);
        printf("],\"losses\":[");
        for (int e = 0; e < sim.n; e++)
            printf("%s%d", e ? "," : "", losses[e]);
        printf("],\"draws\":%d,\"score\":[", draws);
        for (int e = 0; e < sim.n; e++)
            printf("%s%.6f", e ? "," : "", score[e]);
        printf("],\"ci95\":[");
        for (int e = 0; e < sim.n; e++)
            printf("%s[%.6f,%.6f]", e ? "," : "", lo[e], hi[e]);
        printf("],\"deals\":%d,\"ci95_deals\":[", deals);
        for (int e = 0; e < sim.n; e++)
            printf("%s[%.6f,%.6f]", e ? "," : "", dlo[e], dhi[e]);
        printf("],\"decisions\":%lld,\"decisions_per_s\":%.1f,\"p95_ms\":[", decisions, dps);
        for (int e = 0; e < sim.n; e++)
            printf("%s%.4f", e ? "," : "", p95[e]);
        printf("],\"p95_cpu_ms\":[");
        for (int e = 0; e < sim.n; e++)
            printf("%s%.4f", e ? "," : "", p95_cpu[e]);
        printf("],\"failed\":%d,\"wall_s\":%.3f", failed, wall);
        if (sim.nats)
            printf(",\"actions\":%d,\"p50_ms\":%.3f,\"p99_ms\":%.3f", sim.latency.n, p50, p99);
        printf("}\n");
    }
    for (int e = 0; e < sim.n; e++) {
        free(sim.times[e].ms);
        free(sim.cpu[e].ms);
    }
    free(sim.latency.ms);
    free(sim.results);
    pthread_mutex_destroy(&sim.lock);
    return failed ? 1 : 0;
}
