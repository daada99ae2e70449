/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Moulin figures (RULES.md §5, issue 7). Prints; asserts nothing about time.
 *
 *   bench_moulin perft [DEPTH]        perft from the start through the rules table
 *   bench_moulin search [MS [wall]]   Hard's search from three midgame positions, MS ms
 *                                     of CPU time (or of wall-clock time) each
 *   bench_moulin fixed [EXTRA]        fixed-depth searches of several positions (no time
 *                                     limit), for checking a refactoring of the search
 *   bench_moulin arena A B [flags]    bot against bot from random openings
 *       A, B: easy | medium | hard;  --games N (default 40), --seed S (1),
 *       --jobs J (1), --hard-nodes N (Hard's node budget; default: difficulty.c),
 *       --hard-ms MS (Hard's time cap; default: difficulty.c), --opening K (4),
 *       --show-losses (print every game A did not win), --hard-config NAME (a variant
 *       of Hard, as in selfplay: e.g. nothreats, Hard before issue 21's fix)
 *   bench_moulin analyze [position] [flags]   the search's view of one position at
 *                                     increasing depths (see run_analyze)
 *   bench_moulin selfplay [flags]     Hard against Hard variants at equal CPU time per move
 *                                     (see run_selfplay)
 *   bench_moulin depths [MAXDEPTH]    time and nodes to each fixed depth from the start and
 *                                     the three midgame positions, old and new Hard
 *   bench_moulin shutins [flags]      the placements that built a shut-in in Hard's self-play,
 *                                     checked by a deeper search (see run_shutins)
 *   bench_moulin repeats --moves LIST the turns of a game by which a side 2 pieces ahead
 *                                     repeated a position
 *   bench_moulin tables               builds (or loads) the endgame tables, every stage up to
 *                                     5 pieces a side (TASCA_MOULIN_EG_PIECES=4: to 4), in
 *                                     the cache folder, and prints their figures
 *   bench_moulin                      perft 5, search 1000 (CPU), search 1000 wall
 *
 * The arena plays like `tasca sim`: game i plays deal i/2 (its opening drawn from the
 * seed) with the colours swapped on odd i, so both bots get both sides of every opening. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fileio.h"
#include "engine/match.h"
#include "games/moulin/moulin.h"
#include "games/moulin/moulin_bots.h"
#include "games/moulin/moulin_endgame.h"

static uint64_t perft(const MoulinState *s, int depth)
{
    Action acts[RULES_MAX_ACTIONS];
    int n = moulin_rules.legal_actions(s, acts);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        MoulinState c = *s;
        moulin_rules.apply(&c, acts[i]);
        total += perft(&c, depth - 1);
    }
    return total;
}

static int run_perft(int depth)
{
    static const uint64_t expect[] = {0, 24, 552, 12144, 255024, 5100480, 96223680};
    GameOptions o;
    rules_default_options(&moulin_rules, &o);
    MoulinState s;
    moulin_rules.init(&s, &o, 2, 0);
    printf("Perft from the start (removal = its own ply), through the rules table:\n");
    printf("%-6s %12s %12s %9s\n", "depth", "positions", "expected", "seconds");
    int bad = 0;
    for (int d = 1; d <= depth; d++) {
        long long t0 = clock_now_ns();
        uint64_t n = perft(&s, d);
        double sec = (double)(clock_now_ns() - t0) / 1e9;
        bool known = d < (int)(sizeof expect / sizeof expect[0]);
        char ex[24] = "?";
        if (known)
            snprintf(ex, sizeof ex, "%llu", (unsigned long long)expect[d]);
        printf("%-6d %12llu %12s %9.3f%s\n", d, (unsigned long long)n, ex, sec,
               known && n != expect[d] ? "  MISMATCH" : "");
        bad |= known && n != expect[d];
    }
    return bad;
}

/* Three midgame positions of the moving phase, from Hard-vs-Hard games. */
static const struct {
    const char *name;
    uint32_t white, black;
    int side;
} positions[] = {
    {"A: 9 v 8, black to move", 0xc0d894, 0x092742, 1},
    {"B: 8 v 7, black to move", 0x815294, 0x4a2502, 1},
    {"C: 7 v 7, white to move", 0x591101, 0x824464, 0},
};

static void run_search(int ms, bool cpu)
{
    GameOptions o;
    rules_default_options(&moulin_rules, &o);
    printf("\nHard's search (moulin_hard_config), %d ms of %s time per position (depth in\n"
           "turns, a turn being a move and the removal it earns):\n",
           ms, cpu ? "CPU" : "wall-clock");
    printf("%-26s %9s %7s %7s %11s %12s %6s %7s  %s\n", "position", "nodes", "cpu s", "wall s",
           "nodes/cpu-s", "nodes/wall-s", "depth", "score", "move");
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        MoulinState s;
        const char *e =
            moulin_setup(&s, &o, positions[i].white, positions[i].black, 0, 0, positions[i].side);
        if (e) {
            printf("%s: %s\n", positions[i].name, e);
            continue;
        }
        MoulinSearchConfig cfg;
        moulin_hard_config(&cfg);
        cfg.time_ms = ms;
        cfg.cpu_time = cpu;
        MoulinSearchResult r;
        moulin_search(&s, &cfg, &r);
        char t[RULES_ACTION_TEXT];
        moulin_rules.action_to_string(&s, r.best, t);
        printf("%-26s %9llu %7.3f %7.3f %11.0f %12.0f %6d %7d  %s\n", positions[i].name,
               (unsigned long long)r.nodes, r.cpu_ms / 1000, r.ms / 1000,
               r.cpu_ms > 0 ? r.nodes / (r.cpu_ms / 1000.0) : 0.0,
               r.ms > 0 ? r.nodes / (r.ms / 1000.0) : 0.0, r.depth, r.score, t);
    }
}

/* ---- Arena ------------------------------------------------------------------------ */

typedef struct {
    Difficulty bot[2]; /* entries A and B */
    int games, jobs, opening;
    bool show_losses; /* print the actions of every game A did not win */
    uint64_t seed;
    long long hard_nodes;
    int hard_ms;
    const char *hard_config; /* a variant of Hard by name (see variant_config), or NULL */
    atomic_int next;
    int (*result)[3]; /* per game: winner entry (0 = A, 1 = B, -1 draw), end, winner seat */
    double *ms[2];    /* decision times per entry */
    int *decisions[2];
    long long total_ms[2];
    double *cpu[2]; /* each decision's CPU time (ms) per entry, for the mean and 95th centile */
    atomic_int ncpu[2];
    int cpu_cap;
    pthread_mutex_t lock;
} Arena;

static bool variant_config(const char *name, MoulinSearchConfig *cfg);

static Action decide(Arena *ar, Difficulty d, const MoulinState *s, Rng *rng)
{
    const BotConfig *cfg = bot_config("moulin", d);
    BotRequest req = {&moulin_rules,          s,   s->side, rng, cfg ? cfg->iterations : 0,
                      cfg ? cfg->time_ms : 0, NULL};
    switch (d) {
    case DIFF_EASY: return moulin_easy_decide(&req);
    case DIFF_MEDIUM: return moulin_medium_decide(&req);
    case DIFF_HARD:
        if (ar->hard_nodes >= 0)
            req.iterations = (int)ar->hard_nodes;
        if (ar->hard_ms >= 0)
            req.time_ms = ar->hard_ms;
        if (ar->hard_config) { /* as moulin_hard_decide, with the variant's settings */
            MoulinSearchConfig c;
            variant_config(ar->hard_config, &c);
            c.node_budget = req.iterations > 0 ? (uint64_t)req.iterations : 0;
            c.time_ms = req.time_ms;
            MoulinSearchResult r;
            moulin_search(s, &c, &r);
            return r.best;
        }
        return moulin_hard_decide(&req);
    default: return bot_random_decide(&req);
    }
}

static void play(Arena *ar, int i, double *ms_sum, int *count)
{
    GameOptions o;
    rules_default_options(&moulin_rules, &o);
    o.v[MOULIN_OPT_OPENING] = ar->opening;
    MoulinState s;
    moulin_rules.init(&s, &o, 2, 0);
    uint64_t deal = rng_mix(ar->seed, (uint64_t)(i / 2));
    Rng chance, rng;
    rng_seed(&chance, deal);
    rng_seed(&rng, rng_mix(deal, 0xB075ULL + (uint64_t)(i % 2)));
    int rot = i % 2; /* seat s is played by entry (s + rot) % 2 */
    static _Thread_local char moves[16384];
    size_t len = 0;
    moves[0] = '\0';
    while (s.end == MOULIN_END_NONE) {
        Action a;
        if (moulin_rules.current_player(&s) == PLAYER_CHANCE) {
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n = moulin_rules.chance_outcomes(&s, acts, w);
            a = acts[rng_below(&chance, (uint32_t)n)];
        } else {
            int e = (s.side + rot) % 2;
            long long t0 = clock_now_ns(), c0 = clock_thread_cpu_ns();
            a = decide(ar, ar->bot[e], &s, &rng);
            ms_sum[e] += (double)(clock_now_ns() - t0) / 1e6;
            count[e]++;
            int k = atomic_fetch_add(&ar->ncpu[e], 1);
            if (k < ar->cpu_cap)
                ar->cpu[e][k] = (double)(clock_thread_cpu_ns() - c0) / 1e6;
        }
        char t[RULES_ACTION_TEXT];
        moulin_rules.action_to_string(&s, a, t);
        if (len + 24 < sizeof moves)
            len += (size_t)snprintf(moves + len, sizeof moves - len, "%s%s", len ? "," : "", t);
        if (moulin_rules.apply(&s, a)) {
            char d[2048];
            moulin_rules.describe(&s, d, sizeof d);
            fprintf(stderr, "game %d: illegal action %d from %s after %s\n%s\n", i, (int)a,
                    difficulty_name(ar->bot[(s.side + rot) % 2]), moves, d);
            ar->result[i][0] = -2;
            return;
        }
    }
    int awin = s.winner >= 0 && (s.winner + rot) % 2 == 0;
    if (ar->show_losses && !awin) {
        char d[2048];
        moulin_rules.describe(&s, d, sizeof d);
        printf("game %d (A plays %s): %s\n%s\n%s\n", i, rot ? "black" : "white",
               s.winner < 0 ? "draw" : "A lost", moves, d);
    }
    ar->result[i][0] = s.winner < 0 ? -1 : (s.winner + rot) % 2;
    ar->result[i][1] = s.end;
    ar->result[i][2] = s.winner;
    /* One line per game as it ends, so a run cut short still says what it played. */
    printf("game %d: %s\n", i, s.winner < 0 ? "draw" : awin ? "A won" : "B won");
    fflush(stdout);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void *worker(void *p)
{
    Arena *ar = p;
    double ms[2] = {0, 0};
    int count[2] = {0, 0};
    for (;;) {
        int i = atomic_fetch_add(&ar->next, 1);
        if (i >= ar->games)
            break;
        play(ar, i, ms, count);
    }
    pthread_mutex_lock(&ar->lock);
    for (int e = 0; e < 2; e++) {
        ar->total_ms[e] += (long long)ms[e];
        *ar->decisions[e] += count[e];
    }
    pthread_mutex_unlock(&ar->lock);
    return NULL;
}

static int run_arena(int argc, char **argv)
{
    Arena ar;
    memset(&ar, 0, sizeof ar);
    ar.games = 40;
    ar.jobs = 1;
    ar.opening = 4;
    ar.seed = 1;
    ar.hard_nodes = -1;
    ar.hard_ms = -1;
    if (argc < 4 || !difficulty_parse(argv[2], &ar.bot[0]) ||
        !difficulty_parse(argv[3], &ar.bot[1])) {
        fprintf(stderr, "bench_moulin arena A B [--games N] [--seed S] [--jobs J] "
                        "[--hard-nodes N] [--hard-ms MS] [--opening K] [--hard-config NAME]\n");
        return 2;
    }
    for (int i = 4; i < argc; i += 2) {
        if (strcmp(argv[i], "--show-losses") == 0) {
            ar.show_losses = true;
            i--;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "%s needs a value\n", argv[i]);
            return 2;
        }
        long long v = atoll(argv[i + 1]);
        if (strcmp(argv[i], "--games") == 0)
            ar.games = (int)v;
        else if (strcmp(argv[i], "--seed") == 0)
            ar.seed = (uint64_t)v;
        else if (strcmp(argv[i], "--jobs") == 0)
            ar.jobs = (int)v;
        else if (strcmp(argv[i], "--hard-nodes") == 0)
            ar.hard_nodes = v;
        else if (strcmp(argv[i], "--hard-ms") == 0)
            ar.hard_ms = (int)v;
        else if (strcmp(argv[i], "--opening") == 0)
            ar.opening = (int)v;
        else if (strcmp(argv[i], "--hard-config") == 0)
            ar.hard_config = argv[i + 1];
        else {
            fprintf(stderr, "unknown flag %s\n", argv[i]);
            return 2;
        }
    }
    if (ar.games < 1 || ar.jobs < 1 || ar.jobs > 64)
        return 2;
    MoulinSearchConfig probe_cfg;
    if (ar.hard_config && !variant_config(ar.hard_config, &probe_cfg)) {
        fprintf(stderr, "unknown config %s\n", ar.hard_config);
        return 2;
    }
    ar.result = calloc((size_t)ar.games, sizeof *ar.result);
    ar.cpu_cap = ar.games * 400;
    ar.cpu[0] = calloc((size_t)ar.cpu_cap, sizeof(double));
    ar.cpu[1] = calloc((size_t)ar.cpu_cap, sizeof(double));
    if (!ar.result || !ar.cpu[0] || !ar.cpu[1])
        return 2;
    int dec[2] = {0, 0};
    ar.decisions[0] = &dec[0];
    ar.decisions[1] = &dec[1];
    atomic_init(&ar.next, 0);
    pthread_mutex_init(&ar.lock, NULL);
    long long t0 = clock_now_ns();
    pthread_t th[64];
    for (int j = 0; j < ar.jobs; j++)
        pthread_create(&th[j], NULL, worker, &ar);
    for (int j = 0; j < ar.jobs; j++)
        pthread_join(th[j], NULL);
    double wall = (double)(clock_now_ns() - t0) / 1e9;
    int wins[2] = {0, 0}, draws = 0, failed = 0, why[8] = {0}, by_colour[2][2] = {{0}};
    for (int i = 0; i < ar.games; i++) {
        int w = ar.result[i][0];
        if (w == -2) {
            failed++;
            continue;
        }
        if (w < 0) {
            draws++;
        } else {
            wins[w]++;
            by_colour[w][ar.result[i][2]]++;
        }
        why[ar.result[i][1]]++;
    }
    int played = ar.games - failed;
    const BotConfig *hc = bot_config("moulin", DIFF_HARD);
    printf("Arena %s (A) vs %s (B): %d games, seed %llu, opening %d random placements, "
           "%d jobs, %.1f s\n",
           difficulty_name(ar.bot[0]), difficulty_name(ar.bot[1]), played,
           (unsigned long long)ar.seed, ar.opening, ar.jobs, wall);
    printf("Hard (%s) budget: %lld nodes, %d ms cap\n", ar.hard_config ? ar.hard_config : "new",
           ar.hard_nodes >= 0 ? ar.hard_nodes : (long long)(hc ? hc->iterations : 0),
           ar.hard_ms >= 0 ? ar.hard_ms : (hc ? hc->time_ms : 0));
    printf("A wins %d, draws %d, B wins %d; score of A %.4f\n", wins[0], draws, wins[1],
           played ? (wins[0] + 0.5 * draws) / played : 0.0);
    printf("A wins as white %d, as black %d; B wins as white %d, as black %d\n", by_colour[0][0],
           by_colour[0][1], by_colour[1][0], by_colour[1][1]);
    printf("Ends: fewer than 3 pieces %d, blocked %d, repetition %d, N-move %d\n",
           why[MOULIN_END_FEWER_THAN_THREE], why[MOULIN_END_BLOCKED], why[MOULIN_END_REPETITION],
           why[MOULIN_END_NMOVE]);
    for (int e = 0; e < 2; e++) {
        int n = atomic_load(&ar.ncpu[e]);
        if (n > ar.cpu_cap)
            n = ar.cpu_cap;
        qsort(ar.cpu[e], (size_t)n, sizeof(double), cmp_double);
        double sum = 0;
        for (int k = 0; k < n; k++)
            sum += ar.cpu[e][k];
        printf("%s: %d decisions, mean %.1f ms; CPU time per decision: mean %.1f ms, 95th "
               "centile %.1f ms, max %.1f ms\n",
               e ? "B" : "A", dec[e], dec[e] ? (double)ar.total_ms[e] / dec[e] : 0.0,
               n ? sum / n : 0.0, n ? ar.cpu[e][(int)(0.95 * (n - 1))] : 0.0,
               n ? ar.cpu[e][n - 1] : 0.0);
    }
    free(ar.cpu[0]);
    free(ar.cpu[1]);
    if (failed)
        printf("%d games failed: defect\n", failed);
    free(ar.result);
    return failed ? 1 : 0;
}


/* ---- Fixed-depth searches (refactoring checks) -------------------------------------- */

/* Applies comma-separated action texts; false on any refusal. */
static bool play_list(MoulinState *s, const char *list)
{
    static _Thread_local char buf[16384];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        while (*t == ' ')
            t++;
        Action a;
        if (!moulin_rules.action_from_string(s, t, &a) || moulin_rules.apply(s, a)) {
            printf("refused: %s\n", t);
            return false;
        }
    }
    return true;
}

static uint32_t points(const char *list)
{
    uint32_t m = 0;
    for (const char *q = list; *q;) {
        char *end;
        long v = strtol(q, &end, 10);
        if (end == q)
            break;
        m |= 1u << v;
        q = end;
    }
    return m;
}

/* Positions of every phase: placing, a removal owed, moving (with a repetition window),
 * flying, a forced win; searched at a fixed depth with no time or node limit. The best
 * move, score and node count of each must not change when the search is refactored. */
static const struct {
    const char *name, *options, *white, *black;
    int hand_w, hand_b, side;
    const char *then; /* actions played after the setup */
    int depth_hard;
} fixed_positions[] = {
    {"start", "", "", "", 9, 9, 0, "", 9},
    {"placing", "", "0 14 20", "3 4 16", 6, 6, 0, "", 8},
    {"removal owed", "", "", "", 9, 9, 0,
     "place 9,place 0,place 10,place 1,place 3,place 2,remove 3,place 21,place 23,place 11", 8},
    {"bench A", "", "2 4 7 11 12 14 15 22 23", "1 6 8 9 10 13 16 19", 0, 0, 1, "", 11},
    {"bench B", "", "2 4 7 9 12 14 16 23", "1 8 10 13 17 19 22", 0, 0, 1, "", 11},
    {"bench C", "", "0 8 12 16 19 20 22", "2 5 6 10 14 17 23", 0, 0, 0, "", 11},
    {"repetition", "", "0 8 12 16 19 20 22", "2 5 6 10 14 17 23", 0, 0, 0,
     "move 0-1,move 6-7,move 1-0,move 7-6", 11},
    {"A nmove=8", "nmove=8", "2 4 7 11 12 14 15 22 23", "1 6 8 9 10 13 16 19",
     0, 0, 1, "", 11},
    {"flying", "", "0 1 9", "3 4 10 14 21 22", 0, 0, 0, "", 8},
    {"win in one", "", "2 4 10 14 21 22", "0 1 3 23", 0, 0, 0, "", 8},
};

static int run_fixed(int extra)
{
    printf("Fixed-depth searches (no time or node limit); depth in turns\n");
    printf("%-14s %-6s %5s %7s %11s  %s\n", "position", "config", "depth", "score", "nodes",
           "move");
    int bad = 0;
    for (size_t i = 0; i < sizeof fixed_positions / sizeof fixed_positions[0]; i++) {
        GameOptions o;
        rules_default_options(&moulin_rules, &o);
        char buf[128], err[128];
        snprintf(buf, sizeof buf, "%s", fixed_positions[i].options);
        for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
            if (rules_parse_option(&moulin_rules, &o, t, err, sizeof err))
                bad = 1;
        MoulinState s;
        const char *e;
        if (fixed_positions[i].hand_w == 9 && fixed_positions[i].hand_b == 9) {
            e = moulin_rules.init(&s, &o, 2, 0);
        } else {
            e = moulin_setup(&s, &o, points(fixed_positions[i].white),
                             points(fixed_positions[i].black), fixed_positions[i].hand_w,
                             fixed_positions[i].hand_b, fixed_positions[i].side);
        }
        if (e || !play_list(&s, fixed_positions[i].then)) {
            printf("%s: bad position %s\n", fixed_positions[i].name, e ? e : "");
            bad = 1;
            continue;
        }
        for (int k = 0; k < 4; k++) {
            MoulinSearchConfig hard = {.max_depth = fixed_positions[i].depth_hard + extra,
                                       .pvs = true,
                                       .killers_history = true,
                                       .quiescence = true,
                                       .full_eval = true,
                                       .tt_bits = 20,
                                       .contempt = 15};
            MoulinSearchConfig medium = {.max_depth = 4, .tt_bits = 16};
            MoulinSearchConfig nott = hard;
            nott.tt_bits = 0;
            nott.max_depth = fixed_positions[i].depth_hard - 2;
            MoulinSearchConfig plain = hard;
            plain.pvs = false;
            plain.killers_history = false;
            plain.max_depth = fixed_positions[i].depth_hard - 1;
            const MoulinSearchConfig *cfgs[4] = {&hard, &medium, &nott, &plain};
            const char *names[4] = {"hard", "medium", "hard-noTT", "ab"};
            MoulinSearchResult r;
            moulin_search(&s, cfgs[k], &r);
            char t[RULES_ACTION_TEXT] = "-";
            if (r.best >= 0)
                moulin_rules.action_to_string(&s, r.best, t);
            printf("%-14s %-9s %2d %7d %11llu  %s%s  (%.0f nodes/s)\n", fixed_positions[i].name,
                   names[k], r.depth, r.score, (unsigned long long)r.nodes, t,
                   r.mate ? " mate" : "", r.cpu_ms > 0 ? r.nodes / (r.cpu_ms / 1000.0) : 0.0);
        }
        /* Easy's root scores at depth 2. */
        Action acts[RULES_MAX_ACTIONS];
        int scores[RULES_MAX_ACTIONS];
        int n = moulin_score_root(&s, 2, acts, scores);
        uint64_t h = 1469598103934665603ULL;
        for (int j = 0; j < n; j++)
            h = (h ^ (uint64_t)(uint32_t)(acts[j] * 65536 + scores[j])) * 1099511628211ULL;
        printf("%-14s %-9s %2d n=%d hash=%016llx\n", fixed_positions[i].name, "easy-root", 2, n,
               (unsigned long long)h);
    }
    return bad;
}

/* ---- Hard's variants, by name ------------------------------------------------------- */

/* "new": Hard as shipped; "old": Hard before issue 22 (the baseline); the others switch
 * one feature of the shipped Hard off ("noeg": the endgame tables, "notaper": the tapered
 * placing evaluation, "nolmr": late move reductions, "nothreats": the placing phase's
 * threats and forks, that is Hard before issue 21's fix), or add one to the old Hard
 * ("tables", "taper", "lmr"); "ext" adds the mill-threat extension to the shipped Hard;
 * "eg4" is the shipped Hard with the endgame tables kept to 4 pieces a side (before the
 * 5-piece tables of issue 40); "i40" adds issue 40's squeeze and edge terms to "v2" (the
 * shipped Hard), "conv" the edge term alone. */
static bool variant_config(const char *name, MoulinSearchConfig *cfg)
{
    if (strcmp(name, "new") == 0) {
        moulin_hard_config(cfg);
    } else if (strcmp(name, "ext") == 0) {
        moulin_hard_config(cfg);
        cfg->extensions = true;
    } else if (strcmp(name, "old") == 0) {
        moulin_hard_config_v1(cfg);
    } else if (strcmp(name, "v2") == 0) {
        moulin_hard_config_v2(cfg);
    } else if (strcmp(name, "eg4") == 0) {
        moulin_hard_config(cfg);
        cfg->eg_pieces = 4;
    } else if (strcmp(name, "i40") == 0) {
        moulin_hard_config_i40(cfg);
    } else if (strcmp(name, "conv") == 0) { /* issue 40's edge term alone */
        moulin_hard_config_v2(cfg);
        cfg->convert = true;
    } else if (strcmp(name, "sqall") == 0) {
        moulin_hard_config_i40(cfg);
        cfg->squeeze = 2;
    } else if (strncmp(name, "no", 2) == 0) {
        moulin_hard_config(cfg);
        if (strcmp(name + 2, "eg") == 0)
            cfg->endgame = false;
        else if (strcmp(name + 2, "taper") == 0)
            cfg->taper_eval = false;
        else if (strcmp(name + 2, "lmr") == 0)
            cfg->lmr = false;
        else if (strcmp(name + 2, "threats") == 0)
            cfg->place_threats = false;
        else if (strcmp(name + 2, "squeeze") == 0)
            cfg->squeeze = 0;
        else if (strcmp(name + 2, "convert") == 0)
            cfg->convert = false;
        else
            return false;
    } else {
        moulin_hard_config_v1(cfg);
        if (strcmp(name, "tables") == 0)
            cfg->endgame = true;
        else if (strcmp(name, "taper") == 0)
            cfg->taper_eval = true;
        else if (strcmp(name, "lmr") == 0)
            cfg->lmr = true;
        else
            return false;
    }
    return true;
}

/* ---- Analysis of one position ---------------------------------------------------------- */

/* Reads the position flags into s: --white "0 1 2" --black "3 4" --hand-white N
 * --hand-black N --side white|black (a set-up position; hands default to 0), or none of
 * them for the start; then --moves "place 3,place 4,..." played from there. Options:
 * --flying on|off, --nmove N. Returns the index of the first flag it did not know, or -1
 * on error. */
static int read_position(int argc, char **argv, int i, MoulinState *s)
{
    GameOptions o;
    rules_default_options(&moulin_rules, &o);
    const char *white = NULL, *black = NULL, *moves = NULL;
    int hw = 0, hb = 0, side = 0;
    int first_unknown = argc;
    for (; i < argc; i++) {
        const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) {
            first_unknown = i;
            break;
        }
        if (strcmp(f, "--white") == 0)
            white = v;
        else if (strcmp(f, "--black") == 0)
            black = v;
        else if (strcmp(f, "--hand-white") == 0)
            hw = atoi(v);
        else if (strcmp(f, "--hand-black") == 0)
            hb = atoi(v);
        else if (strcmp(f, "--side") == 0)
            side = v[0] == 'b' || v[0] == '1';
        else if (strcmp(f, "--moves") == 0)
            moves = v;
        else if (strcmp(f, "--flying") == 0)
            o.v[MOULIN_OPT_FLYING] = strcmp(v, "off") != 0 && strcmp(v, "0") != 0;
        else if (strcmp(f, "--nmove") == 0)
            o.v[MOULIN_OPT_NMOVE] = atoi(v);
        else {
            first_unknown = i;
            break;
        }
        i++;
    }
    const char *e;
    if (white || black)
        e = moulin_setup(s, &o, points(white ? white : ""), points(black ? black : ""), hw, hb,
                         side);
    else
        e = moulin_rules.init(s, &o, 2, 0);
    if (e) {
        fprintf(stderr, "bad position: %s\n", e);
        return -1;
    }
    if (moves && !play_list(s, moves))
        return -1;
    return first_unknown;
}

static const char *eg_name(int v)
{
    switch (v) {
    case MOULIN_EG_WIN: return "win";
    case MOULIN_EG_LOSS: return "loss";
    case MOULIN_EG_DRAW: return "draw";
    default: return "-";
    }
}

/* bench_moulin analyze [position flags] [--depth D] [--config new|old|noeg] [--ms MS]
 *                      [--nodes N]
 *
 * Prints the position, the endgame tables' value when they cover it, then one search per
 * depth 1..D (each from scratch, no time limit; --ms caps each one in CPU time): score (for
 * the side to act, hundredths of a piece; "mate" for forced results), principal variation,
 * nodes, CPU time. With --nodes N, one search instead, as Hard makes it: iterative deepening
 * under a budget of N nodes (--all 1: and every other turn's score). */
static int run_analyze(int argc, char **argv)
{
    static MoulinState s;
    int k = read_position(argc, argv, 2, &s);
    if (k < 0)
        return 2;
    int depth = 10, ms = 0;
    bool all = false;
    long long nodes = 0;
    const char *cfg_name = "new";
    for (; k + 1 < argc; k += 2) {
        if (strcmp(argv[k], "--depth") == 0)
            depth = atoi(argv[k + 1]);
        else if (strcmp(argv[k], "--config") == 0)
            cfg_name = argv[k + 1];
        else if (strcmp(argv[k], "--ms") == 0)
            ms = atoi(argv[k + 1]);
        else if (strcmp(argv[k], "--nodes") == 0)
            nodes = atoll(argv[k + 1]);
        else if (strcmp(argv[k], "--all") == 0)
            all = atoi(argv[k + 1]) != 0;
        else {
            fprintf(stderr, "unknown flag %s\n", argv[k]);
            return 2;
        }
    }
    MoulinSearchConfig cfg;
    if (!variant_config(cfg_name, &cfg)) {
        fprintf(stderr, "unknown config %s\n", cfg_name);
        return 2;
    }
    char d[2048];
    moulin_rules.describe(&s, d, sizeof d);
    printf("%s", d);
    printf("flying %s, N-move %d, quiet plies %d, config %s\n", s.flying ? "on" : "off", s.nmove,
           s.quiet, cfg_name);
    if (s.end != MOULIN_END_NONE)
        return 0;
    if (cfg.endgame && !s.hand[0] && !s.hand[1]) {
        long long t0 = clock_now_ns();
        if (cfg.eg_pieces > 0 && cfg.eg_pieces <= 4)
            moulin_eg_ensure(s.flying, NULL);
        else
            moulin_eg_ensure_all(s.flying, NULL);
        int dist = 0;
        int v = moulin_eg_probe(s.flying, s.bb[s.side], s.bb[1 - s.side], &dist);
        printf("endgame tables (%.0f ms to get them): %s", (double)(clock_now_ns() - t0) / 1e6,
               eg_name(v));
        if (v == MOULIN_EG_WIN || v == MOULIN_EG_LOSS)
            printf(" in %d turns%s", dist,
                   s.nmove && dist > s.nmove - s.quiet ? " (beyond the N-move count)" : "");
        printf("\n");
    }
    printf("%5s %8s %11s %9s  %s\n", "depth", "score", "nodes", "cpu ms", "principal variation");
    if (nodes > 0) {
        /* One search as Hard makes it: iterative deepening under the node budget; with
         * --all, every other turn scored too (as the analysis does). */
        cfg.node_budget = (uint64_t)nodes;
        cfg.time_ms = ms;
        cfg.cpu_time = true;
        MoulinSearchResult r;
        static Analysis an;
        if (all)
            moulin_search_analyze(&s, &cfg, &r, &an);
        else
            moulin_search(&s, &cfg, &r);
        printf("%5d %8d %11llu %9.1f  %s  (one search, budget %lld nodes)\n", r.depth, r.score,
               (unsigned long long)r.nodes, r.cpu_ms, r.pv, nodes);
        for (int i = 0; all && i < an.n; i++) {
            char at[RULES_ACTION_TEXT];
            moulin_rules.action_to_string(&s, an.item[i].action, at);
            if (an.item[i].valued)
                printf("  %-12s %+6.2f (depth %d)%s\n", at, an.item[i].value, an.item[i].visits,
                       i == an.best ? "  <- chosen" : "");
        }
        return 0;
    }
    for (int dd = 1; dd <= depth; dd++) {
        cfg.max_depth = dd;
        cfg.time_ms = ms;
        cfg.cpu_time = true;
        MoulinSearchResult r;
        moulin_search(&s, &cfg, &r);
        char sc[32];
        if (r.mate)
            snprintf(sc, sizeof sc, "%smate%d", r.score > 0 ? "+" : "-",
                     r.score > 0 ? 30000 - r.score : 30000 + r.score);
        else
            snprintf(sc, sizeof sc, "%d", r.score);
        printf("%5d %8s %11llu %9.1f  %s%s\n", r.depth, sc, (unsigned long long)r.nodes, r.cpu_ms,
               r.pv, r.eg ? "  (from the tables)" : "");
        if (r.eg || r.depth < dd)
            break; /* the tables answered, or a forced result / the time ended the search */
    }
    return 0;
}

/* ---- Self-play at equal CPU time ---------------------------------------------------------- */

typedef struct {
    MoulinSearchConfig cfg[2]; /* A, B */
    const char *name[2];
    int games, first, jobs, opening, ms;
    int flying;              /* the option: 1 on, 0 off, -1 the default */
    int side_ms[2];          /* per side: CPU time a move (the cap with a node budget) */
    uint64_t side_nodes[2];  /* per side: a node budget as Hard's (0 = by time only) */
    double *dcpu[2];         /* per side: every decision's CPU time */
    long ndcpu[2], capdcpu[2];
    uint64_t seed;
    atomic_int next;
    int *result; /* per game: 1 A won, 0 draw, -1 B won, -2 failed */
    int *plies;
    double cpu[2];
    long decisions[2];
    long eg_root[2], eg_root5[2]; /* per side: roots played from the tables, from 5-piece ones */
    uint64_t eg_hits[2];          /* per side: tree nodes the tables answered */
    pthread_mutex_t lock;
    bool verbose;
} SelfPlay;

static void selfplay_game(SelfPlay *sp, int k, double *cpu, long *dec)
{
    int i = sp->first + k; /* the game's number: its opening and colours */
    GameOptions o;
    rules_default_options(&moulin_rules, &o);
    o.v[MOULIN_OPT_OPENING] = sp->opening;
    if (sp->flying >= 0)
        o.v[MOULIN_OPT_FLYING] = sp->flying;
    MoulinState s;
    moulin_rules.init(&s, &o, 2, 0);
    Rng chance;
    rng_seed(&chance, rng_mix(sp->seed, (uint64_t)(i / 2)));
    int rot = i % 2; /* seat s is played by entry (s + rot) % 2 */
    static _Thread_local char moves[16384];
    size_t len = 0;
    moves[0] = '\0';
    int plies = 0, eg5[2] = {0, 0};
    double maxcpu[2] = {0, 0};
    while (s.end == MOULIN_END_NONE) {
        Action a;
        if (moulin_rules.current_player(&s) == PLAYER_CHANCE) {
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n = moulin_rules.chance_outcomes(&s, acts, w);
            a = acts[rng_below(&chance, (uint32_t)n)];
        } else {
            int e = (s.side + rot) % 2;
            MoulinSearchConfig c = sp->cfg[e];
            c.time_ms = sp->side_ms[e];
            c.node_budget = sp->side_nodes[e];
            c.cpu_time = true;
            MoulinSearchResult r;
            moulin_search(&s, &c, &r);
            a = r.best;
            cpu[e] += r.cpu_ms;
            dec[e]++;
            pthread_mutex_lock(&sp->lock);
            if (sp->ndcpu[e] == sp->capdcpu[e]) {
                sp->capdcpu[e] = sp->capdcpu[e] ? 2 * sp->capdcpu[e] : 1024;
                sp->dcpu[e] = realloc(sp->dcpu[e], sizeof *sp->dcpu[e] * (size_t)sp->capdcpu[e]);
            }
            sp->dcpu[e][sp->ndcpu[e]++] = r.cpu_ms;
            sp->eg_root[e] += r.eg_pieces > 0;
            sp->eg_root5[e] += r.eg_pieces == 5;
            eg5[e] += r.eg_pieces == 5;
            if (r.cpu_ms > maxcpu[e])
                maxcpu[e] = r.cpu_ms;
            sp->eg_hits[e] += r.eg_hits;
            pthread_mutex_unlock(&sp->lock);
        }
        char t[RULES_ACTION_TEXT];
        moulin_rules.action_to_string(&s, a, t);
        if (len + 24 < sizeof moves)
            len += (size_t)snprintf(moves + len, sizeof moves - len, "%s%s", len ? "," : "", t);
        if (a < 0 || moulin_rules.apply(&s, a)) {
            fprintf(stderr, "game %d: illegal action %d after %s\n", i, (int)a, moves);
            sp->result[k] = -2;
            return;
        }
        plies++;
    }
    int awin = s.winner >= 0 && (s.winner + rot) % 2 == 0;
    int bwin = s.winner >= 0 && !awin;
    sp->result[k] = awin ? 1 : bwin ? -1 : 0;
    sp->plies[k] = plies;
    const char *how = s.end == MOULIN_END_BLOCKED      ? "shut in"
                      : s.end == MOULIN_END_REPETITION ? "repetition"
                      : s.end == MOULIN_END_NMOVE      ? "N-move rule"
                                                       : "captures";
    printf("game %d: %s in %d plies (%s); roots from 5-piece tables: A %d, B %d; longest "
           "decision (CPU): A %.0f ms, B %.0f ms\n",
           i, awin ? "A won" : bwin ? "B won" : "draw", plies, how, eg5[0], eg5[1], maxcpu[0],
           maxcpu[1]);
    fflush(stdout);
    if (sp->verbose)
        printf("game %d (A plays %s): %s in %d plies: %s\n", i, rot ? "black" : "white",
               awin ? "A won" : bwin ? "A lost" : "draw", plies, moves);
}

static void *selfplay_worker(void *p)
{
    SelfPlay *sp = p;
    double cpu[2] = {0, 0};
    long dec[2] = {0, 0};
    for (;;) {
        int i = atomic_fetch_add(&sp->next, 1);
        if (i >= sp->games)
            break;
        selfplay_game(sp, i, cpu, dec);
    }
    pthread_mutex_lock(&sp->lock);
    for (int e = 0; e < 2; e++) {
        sp->cpu[e] += cpu[e];
        sp->decisions[e] += dec[e];
    }
    pthread_mutex_unlock(&sp->lock);
    return NULL;
}

/* Prints W/D/L, the score of A and its 95 % interval (normal approximation over the games'
 * scores 1, 1/2, 0). */
static void print_score(const char *what, const int *result, int n)
{
    int w = 0, dr = 0, l = 0, bad = 0;
    for (int i = 0; i < n; i++) {
        if (result[i] == -2)
            bad++;
        else if (result[i] > 0)
            w++;
        else if (result[i] < 0)
            l++;
        else
            dr++;
    }
    int m = w + dr + l;
    if (!m)
        return;
    double sc = (w + 0.5 * dr) / m;
    double var = (w * (1 - sc) * (1 - sc) + dr * (0.5 - sc) * (0.5 - sc) + l * sc * sc) / m;
    double half = 1.96 * sqrt(var / m);
    printf("%s: %d games: A wins %d, draws %d, A losses %d; score of A %.3f +- %.3f "
           "(95 %%: %.3f .. %.3f)%s\n",
           what, m, w, dr, l, sc, half, sc - half, sc + half, bad ? " (some failed)" : "");
}

/* bench_moulin selfplay [--a new] [--b old] [--ms 50] [--games 200] [--jobs 1] [--seed 1]
 *                       [--opening 2] [--first 0] [--flying on|off] [--verbose]
 *                       [--a-nodes N] [--b-nodes N] [--a-ms MS] [--b-ms MS]
 *
 * A and B are Hard variants (new, old, noeg), each with --ms of CPU time per move (or its
 * own --a-ms / --b-ms); with --a-nodes / --b-nodes that side searches as Hard does, under a
 * node budget with its time as the cap (CPU time, so that the machine's load does not cut
 * it). Game i
 * plays the opening of deal i/2 (--opening random placements) with the colours swapped on
 * odd i. --first F plays games F .. F + games - 1 of the same series (a long run in parts). */
static int run_selfplay(int argc, char **argv)
{
    static SelfPlay sp;
    memset(&sp, 0, sizeof sp);
    sp.name[0] = "new";
    sp.name[1] = "old";
    sp.games = 200;
    sp.jobs = 1;
    sp.opening = 2;
    sp.ms = 50;
    sp.seed = 1;
    sp.flying = -1;
    int side_ms[2] = {-1, -1};
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--verbose") == 0) {
            sp.verbose = true;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "%s needs a value\n", argv[i]);
            return 2;
        }
        const char *f = argv[i], *v = argv[++i];
        if (strcmp(f, "--a") == 0)
            sp.name[0] = v;
        else if (strcmp(f, "--b") == 0)
            sp.name[1] = v;
        else if (strcmp(f, "--ms") == 0)
            sp.ms = atoi(v);
        else if (strcmp(f, "--games") == 0)
            sp.games = atoi(v);
        else if (strcmp(f, "--jobs") == 0)
            sp.jobs = atoi(v);
        else if (strcmp(f, "--seed") == 0)
            sp.seed = (uint64_t)atoll(v);
        else if (strcmp(f, "--opening") == 0)
            sp.opening = atoi(v);
        else if (strcmp(f, "--first") == 0)
            sp.first = atoi(v);
        else if (strcmp(f, "--flying") == 0)
            sp.flying = strcmp(v, "off") != 0 && strcmp(v, "0") != 0;
        else if (strcmp(f, "--a-nodes") == 0 || strcmp(f, "--b-nodes") == 0)
            sp.side_nodes[f[2] == 'b'] = (uint64_t)atoll(v);
        else if (strcmp(f, "--a-ms") == 0 || strcmp(f, "--b-ms") == 0)
            side_ms[f[2] == 'b'] = atoi(v);
        else {
            fprintf(stderr, "unknown flag %s\n", f);
            return 2;
        }
    }
    for (int e = 0; e < 2; e++)
        sp.side_ms[e] = side_ms[e] >= 0 ? side_ms[e] : sp.ms;
    for (int e = 0; e < 2; e++)
        if (!variant_config(sp.name[e], &sp.cfg[e])) {
            fprintf(stderr, "unknown variant %s (new, v2, ext, old, eg4, i40, conv, sqall, noeg, "
                            "notaper, nolmr, nothreats, nosqueeze, noconvert, tables, taper, lmr)\n",
                    sp.name[e]);
            return 2;
        }
    if (sp.games < 1 || sp.first < 0 || sp.jobs < 1 || sp.jobs > 64)
        return 2;
    /* Every table either side may use, before the games: the worker of the app would make
     * them ready at a moment that depends on the machine. */
    {
        GameOptions o;
        rules_default_options(&moulin_rules, &o);
        bool flying = sp.flying >= 0 ? sp.flying : o.v[MOULIN_OPT_FLYING];
        if (!moulin_eg_ensure_all(flying, NULL))
            fprintf(stderr, "the endgame tables could not be made\n");
        printf("endgame tables (flying %s): up to %d pieces a side\n", flying ? "on" : "off",
               moulin_eg_pieces_ready(flying));
    }
    sp.result = calloc((size_t)sp.games, sizeof *sp.result);
    sp.plies = calloc((size_t)sp.games, sizeof *sp.plies);
    atomic_init(&sp.next, 0);
    pthread_mutex_init(&sp.lock, NULL);
    long long t0 = clock_now_ns();
    pthread_t th[64];
    for (int j = 0; j < sp.jobs; j++)
        pthread_create(&th[j], NULL, selfplay_worker, &sp);
    for (int j = 0; j < sp.jobs; j++)
        pthread_join(th[j], NULL);
    printf("Self-play %s (A) vs %s (B), openings of %d random placements, seed %llu, games %d "
           "to %d, %d jobs, %.0f s\n",
           sp.name[0], sp.name[1], sp.opening, (unsigned long long)sp.seed, sp.first,
           sp.first + sp.games - 1, sp.jobs, (double)(clock_now_ns() - t0) / 1e9);
    for (int e = 0; e < 2; e++) {
        long n = sp.ndcpu[e];
        if (n)
            qsort(sp.dcpu[e], (size_t)n, sizeof(double), cmp_double);
        printf("%s: %s, %llu nodes (0 = none) under %d ms of CPU time a move; CPU time a "
               "decision: mean %.1f ms, 95th centile %.1f ms, max %.1f ms (%ld decisions)\n",
               e ? "B" : "A", sp.name[e], (unsigned long long)sp.side_nodes[e], sp.side_ms[e],
               n ? sp.cpu[e] / (double)sp.decisions[e] : 0.0,
               n ? sp.dcpu[e][(long)(0.95 * (double)(n - 1))] : 0.0,
               n ? sp.dcpu[e][n - 1] : 0.0, n);
        printf("%s: roots played from the tables %ld (with a side of 5 pieces: %ld); tree "
               "nodes the tables answered %llu\n",
               e ? "B" : "A", sp.eg_root[e], sp.eg_root5[e], (unsigned long long)sp.eg_hits[e]);
        free(sp.dcpu[e]);
    }
    print_score("all", sp.result, sp.games);
    int *by_col[2] = {calloc((size_t)sp.games, sizeof(int)), calloc((size_t)sp.games, sizeof(int))};
    int nby[2] = {0, 0};
    for (int k = 0; k < sp.games; k++) { /* game i: A plays white on even i */
        int c = (sp.first + k) % 2;
        by_col[c][nby[c]++] = sp.result[k];
    }
    print_score("A as white", by_col[0], nby[0]);
    print_score("A as black", by_col[1], nby[1]);
    free(by_col[0]);
    free(by_col[1]);
    long plies = 0;
    for (int i = 0; i < sp.games; i++)
        plies += sp.plies[i];
    printf("mean game length %.1f plies; CPU per decision: A %.1f ms, B %.1f ms\n",
           (double)plies / sp.games, sp.decisions[0] ? sp.cpu[0] / sp.decisions[0] : 0.0,
           sp.decisions[1] ? sp.cpu[1] / sp.decisions[1] : 0.0);
    free(sp.result);
    free(sp.plies);
    return 0;
}

/* ---- Time to fixed depths ----------------------------------------------------------------- */

static int run_depths(int maxd)
{
    GameOptions o;
    rules_default_options(&moulin_rules, &o);
    printf("Time and nodes to fixed depths (turns), Hard old and new, no time limit\n");
    printf("%-26s %-4s %5s %11s %9s %11s %7s\n", "position", "cfg", "depth", "nodes", "cpu ms",
           "nodes/cpu-s", "score");
    for (int i = -1; i < (int)(sizeof positions / sizeof positions[0]); i++) {
        static MoulinState s;
        const char *name = i < 0 ? "start" : positions[i].name;
        if (i < 0)
            moulin_rules.init(&s, &o, 2, 0);
        else
            moulin_setup(&s, &o, positions[i].white, positions[i].black, 0, 0, positions[i].side);
        for (int c = 0; c < 2; c++) {
            MoulinSearchConfig cfg;
            variant_config(c ? "new" : "old", &cfg);
            for (int d = 4; d <= maxd; d++) {
                cfg.max_depth = d;
                MoulinSearchResult r;
                moulin_search(&s, &cfg, &r);
                printf("%-26s %-4s %5d %11llu %9.1f %11.0f %7d\n", name, c ? "new" : "old", r.depth,
                       (unsigned long long)r.nodes, r.cpu_ms,
                       r.cpu_ms > 0 ? r.nodes / (r.cpu_ms / 1000.0) : 0.0, r.score);
            }
        }
    }
    return 0;
}

static int run_tables(void)
{
    for (int f = 1; f >= 0; f--) {
        long long t0 = clock_now_ns();
        bool ok = moulin_eg_ensure_all(f, NULL);
        double ms = (double)(clock_now_ns() - t0) / 1e6;
        MoulinEgInfo in;
        moulin_eg_info(f, &in);
        printf("flying %s: %s in %.0f ms wall, %.0f ms CPU; %llu bytes; file %s\n",
               f ? "on" : "off", !ok ? "FAILED" : in.loaded ? "loaded" : "built", ms, in.cpu_ms,
               (unsigned long long)in.bytes, in.path[0] ? in.path : "(memory only)");
        for (int i = 0; i < in.ntables; i++) {
            const MoulinEgTableInfo *t = &in.table[i];
            printf("  %d v %d: %8llu entries, %8llu positions: %8llu wins, %8llu losses, "
                   "%8llu draws; longest win %d, loss %d turns; its stage %s in %.0f ms CPU\n",
                   t->a, t->b, (unsigned long long)t->entries, (unsigned long long)t->positions,
                   (unsigned long long)t->wins, (unsigned long long)t->losses,
                   (unsigned long long)t->draws, t->longest_win, t->longest_loss,
                   t->loaded ? "read" : "built", t->stage_cpu_ms);
        }
    }
    return 0;
}

/* ---- Shut-in positions (issue 40) ---------------------------------------------------------- */

/* The turns of a game (its actions from the plain start) by which a side `min_edge` or more
 * pieces ahead brought back a position already seen since the last placement or removal: one
 * line each, with the moves before it (for `analyze --moves`). */
static void print_repeats(const Action *acts, int n, int min_edge)
{
    static MoulinState t, u;
    static char line[16384];
    GameOptions o;
    rules_default_options(&moulin_rules, &o);
    moulin_rules.init(&t, &o, 2, 0);
    size_t len = 0;
    line[0] = '\0';
    for (int k = 0; k < n; k++) {
        u = t;
        if (moulin_rules.apply(&u, acts[k]))
            return;
        int edge = moulin_pieces_left(&t, t.side) - moulin_pieces_left(&t, 1 - t.side);
        int seen = 0;
        for (int i = 0; i + 1 < u.nhist; i++)
            seen += u.hist[i] == u.hist[u.nhist - 1];
        char at[RULES_ACTION_TEXT];
        moulin_rules.action_to_string(&t, acts[k], at);
        if (edge >= min_edge && seen && !t.pending)
            printf("  ply %d: %s, %d ahead, repeats (%d before; quiet %d) %s after \"%s\"\n", k,
                   t.side ? "black" : "white", edge, seen, t.quiet, at, line);
        len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", len ? "," : "", at);
        t = u;
    }
}

/* The actions of a game written "place 3,place 4,..." from the plain start, applied to `t`
 * (which must be that start); their count, or -1 for a refused one. */
static int parse_moves(const char *text, MoulinState *t, Action *acts, int max)
{
    int n = 0;
    char *buf = strdup(text);
    for (char *save = NULL, *w = strtok_r(buf, ",", &save); w && n < max;
         w = strtok_r(NULL, ",", &save)) {
        while (*w == ' ')
            w++;
        if (!moulin_rules.action_from_string(t, w, &acts[n]) || moulin_rules.apply(t, acts[n])) {
            fprintf(stderr, "refused: %s\n", w);
            free(buf);
            return -1;
        }
        n++;
    }
    free(buf);
    return n;
}

/* bench_moulin repeats --moves "place 3,..." [--edge 2]  the repeating turns of a side
 * ahead (above) */
static int run_repeats(int argc, char **argv)
{
    if (argc < 4 || strcmp(argv[2], "--moves") != 0)
        return 2;
    static Action acts[2048];
    static MoulinState t;
    GameOptions o;
    rules_default_options(&moulin_rules, &o);
    moulin_rules.init(&t, &o, 2, 0);
    int n = parse_moves(argv[3], &t, acts, 2048);
    if (n < 0)
        return 2;
    print_repeats(acts, n, argc >= 6 && strcmp(argv[4], "--edge") == 0 ? atoi(argv[5]) : 2);
    return 0;
}

/* bench_moulin shutins [--config v2] [--ms 50] [--games 20] [--first 0] [--seed 40]
 *                      [--opening 2] [--deep 12000000] [--margin 80] [--accept 50]
 *                      [--nodes N] [--moves LIST]
 *
 * Finds the placements that built a shut-in. Plays Hard (--config) against itself at MS ms
 * of CPU time a move (with --nodes N: as Hard plays, N nodes under that time as a cap) from
 * openings of random placements (with --moves, the game given from the start instead, played
 * on from its end if it is not over: use --games 1); in each game that ends with a side
 * left without a legal move, searches each placement of the loser again with the same
 * settings at --deep nodes (no clock), every other turn scored, and prints the positions
 * where the placement played scores at least --margin (hundredths of a piece) below the
 * deep search's choice while that choice still holds (above -margin): the moves from the
 * start, the placements within --accept (50) of the best (the accepted answers), the one
 * played and both scores, as a line for tests/games/moulin/shutin_positions.h (--deep 0: none).
 * For a draw with a side 2 or more pieces ahead, it prints the last turn of that side that
 * brought back a position already seen, and the moves before it. */
static int run_shutins(int argc, char **argv)
{
    const char *cfg_name = "v2";
    int ms = 50, games = 20, first = 0, opening = 2, margin = 80, accept = 50;
    long long deep = 12000000, nodes = 0;
    const char *given = NULL;
    uint64_t seed = 40;
    for (int i = 2; i + 1 < argc; i += 2) {
        const char *f = argv[i], *v = argv[i + 1];
        if (strcmp(f, "--config") == 0)
            cfg_name = v;
        else if (strcmp(f, "--ms") == 0)
            ms = atoi(v);
        else if (strcmp(f, "--games") == 0)
            games = atoi(v);
        else if (strcmp(f, "--first") == 0)
            first = atoi(v);
        else if (strcmp(f, "--seed") == 0)
            seed = (uint64_t)atoll(v);
        else if (strcmp(f, "--opening") == 0)
            opening = atoi(v);
        else if (strcmp(f, "--deep") == 0)
            deep = atoll(v);
        else if (strcmp(f, "--nodes") == 0)
            nodes = atoll(v);
        else if (strcmp(f, "--moves") == 0)
            given = v;
        else if (strcmp(f, "--margin") == 0)
            margin = atoi(v);
        else if (strcmp(f, "--accept") == 0)
            accept = atoi(v);
        else {
            fprintf(stderr, "unknown flag %s\n", f);
            return 2;
        }
    }
    MoulinSearchConfig cfg;
    if (!variant_config(cfg_name, &cfg)) {
        fprintf(stderr, "unknown config %s\n", cfg_name);
        return 2;
    }
    static Action acts[2048];
    static MoulinState s, t;
    static Analysis an;
    int found = 0, shut = 0;
    long long t0 = clock_now_ns();
    for (int g = first; g < first + games; g++) {
        GameOptions o;
        rules_default_options(&moulin_rules, &o);
        o.v[MOULIN_OPT_OPENING] = opening;
        moulin_rules.init(&s, &o, 2, 0);
        Rng chance;
        rng_seed(&chance, rng_mix(seed, (uint64_t)g));
        int n = 0;
        if (given) { /* the game given, from the plain start */
            rules_default_options(&moulin_rules, &o);
            moulin_rules.init(&s, &o, 2, 0);
            n = parse_moves(given, &s, acts, (int)(sizeof acts / sizeof acts[0]));
            if (n < 0)
                return 2;
        }
        while (s.end == MOULIN_END_NONE && n < (int)(sizeof acts / sizeof acts[0])) {
            Action a;
            if (moulin_rules.current_player(&s) == PLAYER_CHANCE) {
                Action ch[RULES_MAX_ACTIONS];
                uint32_t w[RULES_MAX_ACTIONS];
                int k = moulin_rules.chance_outcomes(&s, ch, w);
                a = ch[rng_below(&chance, (uint32_t)k)];
            } else {
                MoulinSearchConfig c = cfg;
                c.time_ms = ms;
                c.cpu_time = true;
                c.node_budget = (uint64_t)nodes;
                MoulinSearchResult r;
                moulin_search(&s, &c, &r);
                a = r.best;
            }
            if (a < 0 || moulin_rules.apply(&s, a)) {
                fprintf(stderr, "game %d: illegal action\n", g);
                return 1;
            }
            acts[n++] = a;
        }
        printf("game %d: %s in %d plies\n", g,
               s.end == MOULIN_END_BLOCKED ? "shut in" : s.winner < 0 ? "draw" : "other win", n);
        fflush(stdout);
        if (s.end == MOULIN_END_REPETITION || s.end == MOULIN_END_NMOVE) {
            print_repeats(acts, n, 2);
            continue;
        }
        if (s.end != MOULIN_END_BLOCKED)
            continue;
        shut++;
        int loser = 1 - s.winner;
        {
            char all[16384] = "";
            size_t al = 0;
            rules_default_options(&moulin_rules, &o);
            moulin_rules.init(&t, &o, 2, 0);
            for (int k = 0; k < n; k++) {
                char at[RULES_ACTION_TEXT];
                moulin_rules.action_to_string(&t, acts[k], at);
                al += (size_t)snprintf(all + al, sizeof all - al, "%s%s", al ? "," : "", at);
                moulin_rules.apply(&t, acts[k]);
            }
            printf("  %s shut in after \"%s\"\n", loser ? "black" : "white", all);
        }
        /* Replay from the plain start (the drawn opening is ordinary placements). */
        rules_default_options(&moulin_rules, &o);
        moulin_rules.init(&t, &o, 2, 0);
        char line[8192] = "";
        size_t len = 0;
        for (int k = 0; k < n; k++) {
            if (deep > 0 && t.side == loser && !t.pending && t.hand[loser] > 0 && k >= opening) {
                MoulinSearchConfig c = cfg;
                c.node_budget = (uint64_t)deep;
                MoulinSearchResult r;
                moulin_search_analyze(&t, &c, &r, &an);
                const AnalysisItem *played = analysis_item(&an, acts[k]);
                double best = an.best >= 0 ? an.item[an.best].value : 0;
                if (played && an.best >= 0) {
                    char bt[RULES_ACTION_TEXT], pt[RULES_ACTION_TEXT];
                    moulin_rules.action_to_string(&t, an.item[an.best].action, bt);
                    moulin_rules.action_to_string(&t, acts[k], pt);
                    printf("  ply %d: played %s %+.2f, deep %s %+.2f (depth %d)\n", k, pt,
                           played->value, bt, best, r.depth);
                }
                if (played && played->valued && an.best >= 0 &&
                    played->value <= best - margin / 100.0 && best > -margin / 100.0) {
                    char ok[1024] = "", pt[RULES_ACTION_TEXT];
                    size_t ol = 0;
                    for (int i = 0; i < an.n; i++)
                        if (an.item[i].valued && an.item[i].value >= best - accept / 100.0) {
                            char at[RULES_ACTION_TEXT];
                            moulin_rules.action_to_string(&t, an.item[i].action, at);
                            ol += (size_t)snprintf(ok + ol, sizeof ok - ol, "%s%s", ol ? "|" : "",
                                                   at);
                        }
                    moulin_rules.action_to_string(&t, acts[k], pt);
                    char name[64];
                    if (given) /* the game's seed and number are the caller's to write */
                        snprintf(name, sizeof name, "given game ply %d", k);
                    else
                        snprintf(name, sizeof name, "seed %llu game %d ply %d",
                                 (unsigned long long)seed, g, k);
                    printf("    {\"%s\", \"%s\", \"%s\", \"%s\"}, "
                           "/* deep (%lld nodes, depth %d): best %+.2f, played %+.2f */\n",
                           name, line, ok, pt, deep, r.depth, best, played->value);
                    fflush(stdout);
                    found++;
                }
            }
            char at[RULES_ACTION_TEXT];
            moulin_rules.action_to_string(&t, acts[k], at);
            len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", len ? "," : "", at);
            moulin_rules.apply(&t, acts[k]);
            if (t.hand[0] == 0 && t.hand[1] == 0)
                break; /* the placing is over */
        }
    }
    printf("shutins: %d games, %d shut-ins, %d positions, %.0f s\n", games, shut, found,
           (double)(clock_now_ns() - t0) / 1e9);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "shutins") == 0)
        return run_shutins(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "repeats") == 0)
        return run_repeats(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "analyze") == 0)
        return run_analyze(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "selfplay") == 0)
        return run_selfplay(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "depths") == 0)
        return run_depths(argc >= 3 ? atoi(argv[2]) : 9);
    if (argc >= 2 && strcmp(argv[1], "tables") == 0)
        return run_tables();
    if (argc >= 2 && strcmp(argv[1], "fixed") == 0)
        return run_fixed(argc >= 3 ? atoi(argv[2]) : 0);
    if (argc >= 2 && strcmp(argv[1], "perft") == 0)
        return run_perft(argc >= 3 ? atoi(argv[2]) : 5);
    if (argc >= 2 && strcmp(argv[1], "search") == 0) {
        bool wall = argc >= 4 && strcmp(argv[3], "wall") == 0;
        run_search(argc >= 3 ? atoi(argv[2]) : 1000, !wall);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "arena") == 0)
        return run_arena(argc, argv);
    if (argc >= 2) {
        fprintf(stderr, "usage: bench_moulin [perft [DEPTH] | search [MS] | arena A B ... | "
                        "analyze ... | selfplay ... | depths [D] | tables]\n");
        return 2;
    }
    int bad = run_perft(5);
    run_search(1000, true);
    run_search(1000, false);
    return bad;
}
