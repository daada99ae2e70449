/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bots: algorithms that choose an action from what one seat has seen. Pure C. */
#ifndef TASCA_BOT_H
#define TASCA_BOT_H

#include <stdatomic.h>

#include "../rules.h"

typedef enum { DIFF_RANDOM, DIFF_EASY, DIFF_MEDIUM, DIFF_HARD, DIFF_COUNT } Difficulty;

const char *difficulty_name(Difficulty d); /* "easy" */
bool difficulty_parse(const char *text, Difficulty *out);

/* What a bot is asked. `view` is the seat's observation (rules->observe): the bot
 * cannot see what the seat cannot see. */
typedef struct {
    const GameRules *rules;
    const void *view;
    int seat;
    Rng *rng;
    int iterations;             /* budget: 0 = no limit by iterations */
    int time_ms;                /* budget: 0 = no limit by time */
    const atomic_int *cancel;   /* may be NULL; a search stops early when it becomes 1 */
} BotRequest;

typedef struct {
    const char *name;
    const char *game; /* NULL: works for every game */
    Action (*decide)(const BotRequest *req);
} BotAlgo;

const BotAlgo *bot_find_algo(const char *name);

/* Difficulty as configuration: which algorithm and budget a game uses at each level.
 * Normally `iterations` is the budget and `time_ms` a safety cap. */
typedef struct {
    const char *game; /* "*" = any game without its own line */
    Difficulty difficulty;
    const char *algo;
    int iterations, time_ms;
} BotConfig;

const BotConfig *bot_config(const char *game_id, Difficulty d);

/* A level that decides by time thinks for its clock, time_ms a decision, wherever it plays
 * (the app, a dealer's bots): the faster the machine, the more it searches. Its
 * `iterations` are then its replayable form, what it plays when asked for no clock
 * (bot_decide_timed with time_ms 0, as `tasca sim` asks), chosen to be about what the
 * clock buys on an ordinary core, so the arena's figures are the app's. */
bool bot_decides_by_time(const char *game_id, Difficulty d);

/* Observes `state` for `seat` and asks the configured bot. The state is not changed. */
Action bot_decide(const GameRules *rules, Difficulty d, const void *state, int seat, Rng *rng,
                  const atomic_int *cancel);

/* The same from a view already observed for `seat`. */
Action bot_decide_view(const GameRules *rules, Difficulty d, const void *view, int seat, Rng *rng,
                       const atomic_int *cancel);

/* A limit on what a bot seat may choose, beyond the rules: a table's house option, such as a
 * computer partner that may not call truco on its own or must leave answers to its person.
 * `flags` are the game's own (which of its limits are on; 0: none). Both functions are pure
 * functions of the seat's view, called on the bot's thread. */
typedef struct BotLimit {
    unsigned flags;
    /* May the seat choose `a`, an action the rules allow it in `view`? */
    bool (*allows)(unsigned flags, const void *view, int seat, Action a);
    /* May be NULL: turns `view` into one where the rules themselves close the forbidden
     * actions to the seat, so that a search plans its turn without them. */
    void (*close)(unsigned flags, void *view, int seat);
} BotLimit;

static inline bool bot_limit_on(const BotLimit *l) { return l && l->flags && l->allows; }

/* bot_decide_view under a limit (NULL or off: none). When the limit leaves the seat one
 * legal action, that is the answer, without a search; otherwise the bot decides on the
 * closed view, and an answer the limit refuses (or the rules do, in the view as it was) is
 * replaced by the first legal action it allows. -1 when it allows none. */
Action bot_decide_limited(const GameRules *rules, Difficulty d, const void *view, int seat,
                          Rng *rng, const atomic_int *cancel, const BotLimit *limit);

/* The same with the bot's clock set: at most time_ms a decision (0: no clock, a bot with
 * a budget of iterations stops at it only, so the same generator gives the same decision
 * on any machine; negative: the difficulty's own). A bot whose only stop is its clock
 * keeps its own. A level that decides by time (bot_decides_by_time) searches for the clock
 * it is given, and plays its budget of iterations when given none. */
Action bot_decide_timed(const GameRules *rules, Difficulty d, const void *view, int seat, Rng *rng,
                        const atomic_int *cancel, int time_ms);

/* A search's stop, from a request: its budget of iterations, its clock and its cancel
 * flag. Iterations alone (no clock) make a decision replayable. */
typedef struct {
    long long deadline_ns; /* clock_now_ns() value; 0: no clock */
    long iterations;       /* 0: no limit by iterations */
    const atomic_int *cancel;
} BotBudget;

/* `fallback` iterations when the request sets neither iterations nor a clock. */
void bot_budget_start(BotBudget *b, const BotRequest *req, long fallback);
/* Whether to stop after `done` iterations (the clock is read on every call: call it every
 * few iterations when they are cheap). */
bool bot_budget_over(const BotBudget *b, long done);

/* The generic algorithms. */
Action bot_random_decide(const BotRequest *req);
Action ismcts_decide(const BotRequest *req);

#endif
