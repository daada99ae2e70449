/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Difficulty is data: for each game and level, an algorithm and its budget. */
#include <stdlib.h>
#include <string.h>

#include "../../games/buraco/buraco_bots.h"
#include "../../games/bisca/bisca_bots.h"
#include "../../games/truco/truco_bots.h"
#include "../../games/twentyone/twentyone_bots.h"
#include "../../games/moulin/moulin_bots.h"
#include "../../core/fileio.h"
#include "bot.h"

static const char *const names[DIFF_COUNT] = {"random", "easy", "medium", "hard"};

const char *difficulty_name(Difficulty d) { return d < DIFF_COUNT ? names[d] : "?"; }

bool difficulty_parse(const char *text, Difficulty *out)
{
    for (int i = 0; i < DIFF_COUNT; i++)
        if (strcmp(text, names[i]) == 0) {
            *out = (Difficulty)i;
            return true;
        }
    return false;
}

static const BotAlgo algos[] = {
    {"random", NULL, bot_random_decide},
    {"ismcts", NULL, ismcts_decide},
    {"twentyone-seed", "twentyone", twentyone_seed_decide},
    {"twentyone-heuristic", "twentyone", twentyone_heuristic_decide},
    {"twentyone-expect", "twentyone", twentyone_expect_decide},
    {"moulin-easy", "moulin", moulin_easy_decide},
    {"moulin-medium", "moulin", moulin_medium_decide},
    {"moulin-hard", "moulin", moulin_hard_decide},
    {"truco-seed", "truco", truco_seed_decide},
    {"truco-medium", "truco", truco_medium_decide},
    {"truco-hard", "truco", truco_hard_decide},
    {"bisca-flags", "bisca", bisca_flags_decide},
    {"bisca-hard", "bisca", bisca_hard_decide},
    {"buraco-seed", "buraco", buraco_easy_decide},
    {"buraco-simple", "buraco", buraco_medium_decide},
    {"buraco-search", "buraco", buraco_hard_decide},
};

const BotAlgo *bot_find_algo(const char *name)
{
    for (size_t i = 0; i < sizeof algos / sizeof algos[0]; i++)
        if (strcmp(algos[i].name, name) == 0)
            return &algos[i];
    return NULL;
}

/* Iteration budgets keep bots deterministic for a seed; time budgets are a safety cap. */
static const BotConfig configs[] = {
    {"twentyone", DIFF_EASY, "twentyone-seed", 0, 0},
    {"twentyone", DIFF_MEDIUM, "twentyone-heuristic", 0, 0},
    {"twentyone", DIFF_HARD, "twentyone-expect", 0, 0},
    /* Moulin: Easy and Medium take a depth in turns; Hard a node budget (about
     * 0.5 s on an idle core) under a 1 s cap (moulin_bots.h). */
    {"moulin", DIFF_EASY, "moulin-easy", 2, 1000},
    {"moulin", DIFF_MEDIUM, "moulin-medium", 4, 1000},
    {"moulin", DIFF_HARD, "moulin-hard", 3000000, 1000},
    {"truco", DIFF_EASY, "truco-seed", 0, 0},
    {"truco", DIFF_MEDIUM, "truco-medium", 0, 0},
    {"truco", DIFF_HARD, "truco-hard", 200, 2000},
    {"bisca", DIFF_EASY, "random", 0, 0},
    {"bisca", DIFF_MEDIUM, "bisca-flags", 0, 0},
    /* Bisca: Hard decides by its clock (bot_decides_by_time), 100 ms a decision; 50,000
     * iterations are its replayable form, about what 100 ms buys on an ordinary core
     * (measured by bench_bisca: 60 ms of one core's CPU at the median decision, 97 ms at
     * the 95th percentile). */
    {"bisca", DIFF_HARD, "bisca-hard", 50000, 100},
    {"buraco", DIFF_EASY, "buraco-seed", 0, 0},
    {"buraco", DIFF_MEDIUM, "buraco-simple", 0, 0},
    {"buraco", DIFF_HARD, "buraco-search", 1500, 1500},
    {"*", DIFF_RANDOM, "random", 0, 0},
    {"*", DIFF_EASY, "ismcts", 100, 1000},
    {"*", DIFF_MEDIUM, "ismcts", 1000, 2000},
    {"*", DIFF_HARD, "ismcts", 5000, 3000},
};

/* The levels that decide by time (bot_decides_by_time): their clock is their budget, their
 * iterations the replayable form. */
static const struct {
    const char *game;
    Difficulty difficulty;
} by_time[] = {
    {"bisca", DIFF_HARD},
};

bool bot_decides_by_time(const char *game_id, Difficulty d)
{
    for (size_t i = 0; i < sizeof by_time / sizeof by_time[0]; i++)
        if (by_time[i].difficulty == d && strcmp(by_time[i].game, game_id) == 0)
            return true;
    return false;
}

const BotConfig *bot_config(const char *game_id, Difficulty d)
{
    const BotConfig *fallback = NULL;
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        if (configs[i].difficulty != d)
            continue;
        if (strcmp(configs[i].game, game_id) == 0)
            return &configs[i];
        if (!fallback && strcmp(configs[i].game, "*") == 0)
            fallback = &configs[i];
    }
    return fallback;
}

Action bot_decide_timed(const GameRules *rules, Difficulty d, const void *view, int seat, Rng *rng,
                        const atomic_int *cancel, int time_ms)
{
    const BotConfig *cfg = bot_config(rules->id, d);
    const BotAlgo *algo = cfg ? bot_find_algo(cfg->algo) : NULL;
    if (!algo)
        algo = bot_find_algo("random");
    int iterations = cfg ? cfg->iterations : 0;
    /* Without a budget of iterations the clock is the bot's only stop: it stays. */
    if (time_ms < 0 || (cfg && iterations <= 0 && cfg->time_ms > 0))
        time_ms = cfg ? cfg->time_ms : 0;
    /* A level that decides by time thinks for its clock when it has one. */
    if (cfg && time_ms > 0 && bot_decides_by_time(rules->id, d))
        iterations = 0;
    BotRequest req = {rules, view, seat, rng, iterations, time_ms, cancel};
    return algo->decide(&req);
}

void bot_budget_start(BotBudget *b, const BotRequest *req, long fallback)
{
    b->deadline_ns = req->time_ms > 0 ? clock_now_ns() + req->time_ms * 1000000LL : 0;
    b->iterations = req->iterations > 0 ? req->iterations : b->deadline_ns ? 0 : fallback;
    b->cancel = req->cancel;
}

bool bot_budget_over(const BotBudget *b, long done)
{
    if (b->iterations > 0 && done >= b->iterations)
        return true;
    if (b->cancel && atomic_load(b->cancel))
        return true;
    return b->deadline_ns && clock_now_ns() >= b->deadline_ns;
}

Action bot_decide_view(const GameRules *rules, Difficulty d, const void *view, int seat, Rng *rng,
                       const atomic_int *cancel)
{
    return bot_decide_timed(rules, d, view, seat, rng, cancel, -1);
}

Action bot_decide(const GameRules *rules, Difficulty d, const void *state, int seat, Rng *rng,
                  const atomic_int *cancel)
{
    void *view = malloc(rules->state_size);
    if (!view)
        return -1;
    rules->observe(state, seat, view);
    Action a = bot_decide_view(rules, d, view, seat, rng, cancel);
    free(view);
    return a;
}

Action bot_decide_limited(const GameRules *rules, Difficulty d, const void *view, int seat,
                          Rng *rng, const atomic_int *cancel, const BotLimit *limit)
{
    if (!bot_limit_on(limit))
        return bot_decide_view(rules, d, view, seat, rng, cancel);
    Action acts[RULES_MAX_ACTIONS];
    int n = rules->legal_actions(view, acts), allowed = 0;
    Action first = -1;
    for (int i = 0; i < n; i++)
        if (limit->allows(limit->flags, view, seat, acts[i]) && allowed++ == 0)
            first = acts[i];
    if (allowed <= 1)
        return first; /* nothing to weigh */
    void *closed = malloc(rules->state_size);
    if (!closed)
        return first;
    memcpy(closed, view, rules->state_size);
    if (limit->close)
        limit->close(limit->flags, closed, seat);
    Action a = bot_decide_view(rules, d, closed, seat, rng, cancel);
    free(closed);
    if (a < 0 || !rules_is_legal(rules, view, a) || !limit->allows(limit->flags, view, seat, a))
        return first;
    return a;
}
