/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca play: any registered game in the terminal, you at seat 0 against bots. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/match.h"
#include "cli.h"

static void usage(void)
{
    printf("Usage: tasca play [--game ID] [--difficulty random|easy|medium|hard] [--seed N]\n"
           "                  [--players N] [--option KEY=VALUE]... [--save FILE]\n"
           "Plays in the terminal: you are seat 0, bots take the other seats. At your turn,\n"
           "type a move as listed (or its number). --save keeps the game in FILE after\n"
           "every move (resume it with 'tasca play --load FILE').\n");
}

static void show(const Match *m)
{
    void *view = malloc(m->rules->state_size);
    char text[4096];
    if (!view)
        return;
    match_view(m, 0, view);
    m->rules->describe(view, text, sizeof text);
    printf("\n%s", text);
    free(view);
}

static bool human_turn(Match *m)
{
    Action acts[RULES_MAX_ACTIONS];
    int n = m->rules->legal_actions(m->state, acts);
    char names[RULES_MAX_ACTIONS][RULES_ACTION_TEXT];
    printf("Your move:");
    for (int i = 0; i < n; i++) {
        m->rules->action_to_string(m->state, acts[i], names[i]);
        printf("  %d) %s", i + 1, names[i]);
    }
    printf("\n> ");
    fflush(stdout);
    char line[256];
    if (!fgets(line, sizeof line, stdin))
        return false;
    line[strcspn(line, "\r\n")] = '\0';
    int k = atoi(line);
    Action a = -1;
    if (k >= 1 && k <= n)
        a = acts[k - 1];
    else if (!m->rules->action_from_string(m->state, line, &a)) {
        printf("'%s' is not a move here.\n", line);
        return true;
    }
    const char *e = match_submit(m, 0, a);
    if (e)
        printf("Not allowed: %s.\n", e);
    return true;
}

int cli_play(int argc, char **argv)
{
    const char *cmd = "play", *save = NULL, *load = NULL, *options[32];
    const GameRules *g = NULL;
    Difficulty diff = DIFF_MEDIUM;
    uint64_t seed = (uint64_t)time(NULL);
    int players = 0, n_options = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        }
        if (!(v = cli_value(cmd, argc, argv, &i)))
            return 2;
        if (strcmp(a, "--game") == 0) {
            if (!(g = cli_find_game(cmd, v)))
                return 2;
        } else if (strcmp(a, "--difficulty") == 0) {
            if (!difficulty_parse(v, &diff)) {
                fprintf(stderr, "tasca play: difficulty '%s' is not one of random, easy, "
                                "medium, hard\n", v);
                return 2;
            }
        } else if (strcmp(a, "--seed") == 0) {
            if (!cli_parse_u64(cmd, a, v, &seed))
                return 2;
        } else if (strcmp(a, "--players") == 0) {
            if (!cli_parse_int(cmd, a, v, 1, RULES_MAX_PLAYERS, &players))
                return 2;
        } else if (strcmp(a, "--option") == 0 && n_options < 32) {
            options[n_options++] = v;
        } else if (strcmp(a, "--save") == 0) {
            save = v;
        } else if (strcmp(a, "--load") == 0) {
            load = v;
        } else {
            fprintf(stderr, "tasca play: unknown argument '%s' (see 'tasca play --help')\n", a);
            return 2;
        }
    }
    char err[MATCH_ERR];
    Match *m;
    if (load) {
        if (!(m = match_load(load, err, sizeof err))) {
            fprintf(stderr, "tasca play: %s\n", err);
            return 1;
        }
        save = save ? save : load;
    } else {
        if (!g)
            g = cli_find_game(cmd, "twentyone");
        GameOptions opt;
        rules_default_options(g, &opt);
        for (int i = 0; i < n_options; i++)
            if (!cli_add_option(cmd, g, &opt, options[i]))
                return 2;
        if (!players)
            players = g->default_players;
        SeatSpec seats[RULES_MAX_PLAYERS];
        for (int i = 0; i < RULES_MAX_PLAYERS; i++)
            seats[i] = (SeatSpec){i != 0, diff};
        if (!(m = match_create(g, &opt, players, seats, seed, err, sizeof err))) {
            fprintf(stderr, "tasca play: %s\n", err);
            return 2;
        }
    }
    if (save)
        match_set_autosave(m, save);
    printf("%s against %s bots (seed %llu). Ctrl-D quits%s.\n", m->rules->name,
           difficulty_name(m->seats[1].difficulty), (unsigned long long)m->seed,
           save ? "; the game is saved after every move" : "");
    bool go = true;
    while (go && !match_is_over(m)) {
        match_play_chance(m);
        if (match_is_over(m))
            break;
        if (match_bot_to_move(m)) {
            int p = match_current_player(m);
            char t[RULES_ACTION_TEXT];
            const char *e = match_play_bot(m);
            if (e) {
                fprintf(stderr, "tasca play: bot error: %s\n", e);
                break;
            }
            m->rules->action_to_string(m->state, m->history[m->history_len - 1], t);
            printf("Seat %d: %s\n", p, t);
            continue;
        }
        show(m);
        go = human_turn(m);
    }
    if (match_is_over(m))
        show(m);
    if (m->autosave_error[0])
        fprintf(stderr, "tasca play: could not save: %s\n", m->autosave_error);
    match_free(m);
    return 0;
}
