/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <string.h>

#include "../engine/match.h"
#include "cli.h"

int cli_replay(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("Usage: tasca replay FILE\n"
               "Loads a saved game, replays every action through the rules and prints the\n"
               "final position and result. Exit status 0 when the file is valid, 1 with a\n"
               "one-line reason otherwise.\n");
        return 0;
    }
    if (argc != 2) {
        fprintf(stderr, "tasca replay: expected one FILE (see 'tasca replay --help')\n");
        return 2;
    }
    char err[MATCH_ERR];
    Match *m = match_load(argv[1], err, sizeof err);
    if (!m) {
        fprintf(stderr, "tasca replay: %s\n", err);
        return 1;
    }
    char text[4096];
    m->rules->describe(m->state, text, sizeof text);
    printf("%s: %s, %d players, seed %llu, %d actions\n%s", argv[1], m->rules->name,
           m->num_players, (unsigned long long)m->seed, m->history_len, text);
    if (match_is_over(m)) {
        double r[RULES_MAX_PLAYERS];
        m->rules->returns(m->state, r);
        printf("Returns:");
        for (int i = 0; i < m->num_players; i++)
            printf(" %+g", r[i]);
        printf("\n");
    } else {
        printf("The game is not finished.\n");
    }
    match_free(m);
    return 0;
}
