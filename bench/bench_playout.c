/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Random-playout throughput of every registered game (or one: bench_playout GAME [SECONDS]):
 * whole games with random moves and match-style chance draws, through the rules table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fileio.h"
#include "engine/registry.h"

static double run(const GameRules *g, int players, double seconds, long *games_out)
{
    GameOptions opt;
    rules_default_options(g, &opt);
    void *s = malloc(g->state_size);
    *games_out = 0;
    if (!s || g->init(s, &opt, players, 0) != NULL) { /* a player count the game refuses */
        free(s);
        return 0;
    }
    Rng rng;
    rng_seed(&rng, 42);
    long games = 0, actions = 0;
    long long start = clock_now_ns(), stop = start + (long long)(seconds * 1e9);
    while (clock_now_ns() < stop) {
        for (int k = 0; k < 64; k++) {
            g->init(s, &opt, players, rng_next(&rng));
            for (;;) {
                int p = g->current_player(s);
                if (p == PLAYER_TERMINAL)
                    break;
                Action acts[RULES_MAX_ACTIONS];
                uint32_t w[RULES_MAX_ACTIONS];
                int n = p == PLAYER_CHANCE ? g->chance_outcomes(s, acts, w)
                                           : g->legal_actions(s, acts);
                if (n <= 0 || g->apply(s, acts[rng_below(&rng, (uint32_t)n)]))
                    break;
                actions++;
            }
            games++;
        }
    }
    double secs = (double)(clock_now_ns() - start) / 1e9;
    free(s);
    *games_out = games;
    printf("%-10s %d players: %10.0f games/s  %12.0f actions/s\n", g->id, players,
           games / secs, actions / secs);
    return games / secs;
}

int main(int argc, char **argv)
{
    double seconds = argc > 2 ? atof(argv[2]) : 2.0;
    printf("Random playouts, one thread, %.1f s per game and player count\n", seconds);
    for (int i = 0; i < registry_count(); i++) {
        const GameRules *g = registry_get(i);
        if (argc > 1 && strcmp(argv[1], g->id) != 0)
            continue;
        for (int p = g->min_players; p <= g->max_players; p++) {
            long games;
            run(g, p, seconds, &games);
        }
    }
    return 0;
}
