/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The command-line subcommands of the one `tasca` binary. Pure C, no SDL. */
#ifndef TASCA_CLI_H
#define TASCA_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "../engine/rules.h"

/* Runs `tasca CMD ...` when argv names a subcommand (or asks for help) and returns its
 * exit status; returns -1 when argv is for the window. */
int cli_dispatch(int argc, char **argv);
void cli_usage(void);

int cli_sim(int argc, char **argv);
int cli_replay(int argc, char **argv);
int cli_analyze(int argc, char **argv);
int cli_play(int argc, char **argv);
int cli_perft(int argc, char **argv);
int cli_serve(int argc, char **argv);
int cli_verify(int argc, char **argv);
int cli_bench_online(int argc, char **argv);
int cli_bench_hostile(int argc, char **argv);

/* Shared argument helpers: they print a clear message and return false on bad input. */
bool cli_parse_u64(const char *cmd, const char *flag, const char *text, uint64_t *out);
bool cli_parse_int(const char *cmd, const char *flag, const char *text, int min, int max,
                   int *out);
const GameRules *cli_find_game(const char *cmd, const char *id);
bool cli_add_option(const char *cmd, const GameRules *g, GameOptions *opt, const char *kv);
/* The value of a flag that takes one ("--games N"): advances *i; NULL (with a message)
 * when it is missing. */
const char *cli_value(const char *cmd, int argc, char **argv, int *i);

#endif
