/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/registry.h"

/* The Buraco protocol's judge and bot (buraco_judge.c, buraco_bot.c). */
int cli_buraco_judge(int argc, char **argv);
int cli_buraco_bot(int argc, char **argv);

void cli_usage(void)
{
    printf("Usage: tasca [OPTIONS]            play at the table (window)\n"
           "       tasca COMMAND [ARGS]       run a command\n"
           "\n"
           "Commands:\n"
           "  play     play a game in the terminal against bots\n"
           "  sim      bot arena: play many games between bots and print figures\n"
           "  replay   check a saved game and print how it ended\n"
           "  analyze  value every decision of saved games as the Hard bot sees them\n"
           "  perft    count the positions N plies deep (checks move generation)\n"
           "  serve    deal networked tables over NATS\n"
           "  verify   check again the deal of networked games this computer played\n"
           "  bench-online  measure a dealer with many tables of Random bots\n"
           "  bench-hostile  a hostile load on a dealer, beside bench-online\n"
           "  buraco-judge  run Buraco bot programs over the contest protocol\n"
           "  buraco-bot    our Buraco bot as a program for such a judge\n"
           "\n"
           "Run 'tasca COMMAND --help' for a command's options.\n"
           "Games: %s\n",
           registry_ids());
}

int cli_dispatch(int argc, char **argv)
{
    if (argc < 2)
        return -1;
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        cli_usage();
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("tasca %s\n", TASCA_VERSION);
        return 0;
    }
    if (strcmp(cmd, "sim") == 0)
        return cli_sim(argc - 1, argv + 1);
    if (strcmp(cmd, "replay") == 0)
        return cli_replay(argc - 1, argv + 1);
    if (strcmp(cmd, "analyze") == 0)
        return cli_analyze(argc - 1, argv + 1);
    if (strcmp(cmd, "play") == 0)
        return cli_play(argc - 1, argv + 1);
    if (strcmp(cmd, "perft") == 0)
        return cli_perft(argc - 1, argv + 1);
    if (strcmp(cmd, "serve") == 0)
        return cli_serve(argc - 1, argv + 1);
    if (strcmp(cmd, "verify") == 0)
        return cli_verify(argc - 1, argv + 1);
    if (strcmp(cmd, "bench-online") == 0)
        return cli_bench_online(argc - 1, argv + 1);
    if (strcmp(cmd, "bench-hostile") == 0)
        return cli_bench_hostile(argc - 1, argv + 1);
    if (strcmp(cmd, "buraco-judge") == 0)
        return cli_buraco_judge(argc - 1, argv + 1);
    if (strcmp(cmd, "buraco-bot") == 0)
        return cli_buraco_bot(argc - 1, argv + 1);
    if (cmd[0] != '-') {
        fprintf(stderr,
                "tasca: unknown command '%s' (commands: play, sim, replay, analyze, perft, serve, "
                "verify, bench-online, bench-hostile, buraco-judge, buraco-bot; see 'tasca "
                "--help')\n",
                cmd);
        return 2;
    }
    return -1;
}

bool cli_parse_u64(const char *cmd, const char *flag, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || *end || errno) {
        fprintf(stderr, "tasca %s: %s needs a whole number from 0 to 2^64-1, not '%s'\n", cmd,
                flag, text);
        return false;
    }
    *out = v;
    return true;
}

bool cli_parse_int(const char *cmd, const char *flag, const char *text, int min, int max,
                   int *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end || errno || v < min || v > max) {
        fprintf(stderr, "tasca %s: %s needs a whole number from %d to %d, not '%s'\n", cmd,
                flag, min, max, text);
        return false;
    }
    *out = (int)v;
    return true;
}

const GameRules *cli_find_game(const char *cmd, const char *id)
{
    const GameRules *g = registry_find(id);
    if (!g)
        fprintf(stderr, "tasca %s: unknown game '%s' (games: %s)\n", cmd, id, registry_ids());
    return g;
}

bool cli_add_option(const char *cmd, const GameRules *g, GameOptions *opt, const char *kv)
{
    char err[256];
    if (rules_parse_option(g, opt, kv, err, sizeof err)) {
        fprintf(stderr, "tasca %s: %s\n", cmd, err);
        return false;
    }
    return true;
}

const char *cli_value(const char *cmd, int argc, char **argv, int *i)
{
    if (*i + 1 >= argc) {
        fprintf(stderr, "tasca %s: %s needs a value\n", cmd, argv[*i]);
        return NULL;
    }
    return argv[++*i];
}
