/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca perft: counts the leaves of the game tree to a depth, for any game, through its
 * rules table (legal_actions + apply on copies). It checks move generation against known
 * counts (Moulin: RULES.md §5). Chance outcomes, when a game has them, count as plies like
 * any action. The last ply is counted without being applied (bulk counting). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fileio.h"
#include "cli.h"

typedef struct {
    const GameRules *g;
    unsigned char *buf; /* one state per depth level */
} Perft;

static int actions_of(const GameRules *g, const void *s, Action out[RULES_MAX_ACTIONS])
{
    int p = g->current_player(s);
    if (p == PLAYER_TERMINAL)
        return 0;
    if (p == PLAYER_CHANCE) {
        uint32_t w[RULES_MAX_ACTIONS];
        return g->chance_outcomes(s, out, w);
    }
    return g->legal_actions(s, out);
}

/* Leaves `depth` plies below the state at level `lvl`; -1 (as UINT64_MAX) when an action
 * listed as legal is refused, which is a rules defect. */
static uint64_t count(Perft *pf, int lvl, int depth)
{
    const GameRules *g = pf->g;
    const void *s = pf->buf + (size_t)lvl * g->state_size;
    Action acts[RULES_MAX_ACTIONS];
    int n = actions_of(g, s, acts);
    if (depth == 1)
        return (uint64_t)n;
    void *child = pf->buf + (size_t)(lvl + 1) * g->state_size;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, s, g->state_size);
        if (g->apply(child, acts[i]))
            return UINT64_MAX;
        uint64_t c = count(pf, lvl + 1, depth - 1);
        if (c == UINT64_MAX)
            return c;
        total += c;
    }
    return total;
}

static void usage(void)
{
    printf("Usage: tasca perft --game ID --depth N [--seed S] [--option KEY=VALUE]...\n"
           "                   [--divide]\n"
           "Counts the positions reached after exactly 1, 2, ..., N plies from the start\n"
           "(every legal action is a ply; in Moulin a removal is its own ply) and prints\n"
           "each count with its time. Checks a game's move generation against known\n"
           "figures, e.g. Moulin: 24, 552, 12144, 255024, 5100480, 96223680.\n"
           "  --depth   1 to 12\n"
           "  --seed    seed given to the game's set-up (default 0)\n"
           "  --option  a rule option of the game, e.g. flying=off\n"
           "  --divide  also print the count below each first action at depth N\n");
}

int cli_perft(int argc, char **argv)
{
    const char *cmd = "perft";
    const GameRules *g = NULL;
    const char *options[32];
    int n_options = 0, depth = 0;
    uint64_t seed = 0;
    bool divide = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        } else if (strcmp(a, "--game") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !(g = cli_find_game(cmd, v)))
                return 2;
        } else if (strcmp(a, "--depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_int(cmd, a, v, 1, 12, &depth))
                return 2;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, a, v, &seed))
                return 2;
        } else if (strcmp(a, "--option") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return 2;
            if (n_options == 32) {
                fprintf(stderr, "tasca perft: too many --option flags\n");
                return 2;
            }
            options[n_options++] = v;
        } else if (strcmp(a, "--divide") == 0) {
            divide = true;
        } else {
            fprintf(stderr, "tasca perft: unknown argument '%s' (see 'tasca perft --help')\n", a);
            return 2;
        }
    }
    if (!g || !depth) {
        fprintf(stderr, "tasca perft: --game and --depth are required (see 'tasca perft "
                        "--help')\n");
        return 2;
    }
    GameOptions opt;
    rules_default_options(g, &opt);
    for (int i = 0; i < n_options; i++)
        if (!cli_add_option(cmd, g, &opt, options[i]))
            return 2;
    Perft pf = {g, calloc((size_t)depth + 2, g->state_size)};
    if (!pf.buf) {
        fprintf(stderr, "tasca perft: out of memory\n");
        return 1;
    }
    const char *e = g->init(pf.buf, &opt, g->default_players, seed);
    if (e) {
        fprintf(stderr, "tasca perft: %s\n", e);
        free(pf.buf);
        return 1;
    }
    printf("%s perft, options:", g->name);
    for (int i = 0; i < g->n_options; i++) {
        char kv[144];
        rules_format_option(g, &opt, i, kv, sizeof kv);
        printf(" %s", kv);
    }
    printf("\n%-6s %16s %10s %14s\n", "depth", "positions", "seconds", "positions/s");
    int status = 0;
    for (int d = 1; d <= depth && status == 0; d++) {
        long long t0 = clock_now_ns();
        uint64_t n = count(&pf, 0, d);
        double sec = (double)(clock_now_ns() - t0) / 1e9;
        if (n == UINT64_MAX) {
            fprintf(stderr, "tasca perft: an action listed as legal was refused: rules defect\n");
            status = 1;
            break;
        }
        printf("%-6d %16llu %10.3f %14.0f\n", d, (unsigned long long)n, sec,
               sec > 0 ? (double)n / sec : 0.0);
        fflush(stdout);
    }
    if (divide && status == 0) {
        Action acts[RULES_MAX_ACTIONS];
        int n = actions_of(g, pf.buf, acts);
        void *child = pf.buf + g->state_size;
        for (int i = 0; i < n; i++) {
            char t[RULES_ACTION_TEXT];
            g->action_to_string(pf.buf, acts[i], t);
            memcpy(child, pf.buf, g->state_size);
            g->apply(child, acts[i]);
            uint64_t c = depth > 1 ? count(&pf, 1, depth - 1) : 1;
            printf("%s: %llu\n", t, (unsigned long long)c);
        }
    }
    free(pf.buf);
    return status;
}
