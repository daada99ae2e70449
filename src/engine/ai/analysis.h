/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Analysis: the value of every legal action of a seat, as a bot sees it. Pure C, no SDL.
 *
 * One entry point, bot_analyze, for every game: it runs the configured bot's own search
 * (same algorithm, same budget, same generator) and, instead of keeping only the chosen
 * action, reports the value it gave each one. The chosen action is part of the answer
 * (`best`), and each Hard bot's decide() is the argmax of its analysis (they share the
 * search code), so a hint is Hard's choice by construction.
 *
 * Values (say which per game, `unit`):
 *   ANALYSIS_WIN      the chance of winning, a draw counting one half (21: exact; generic
 *                     IS-MCTS: the mean result of the action's visits; Truco: the team's
 *                     chance of winning the match, from rollouts).
 *   ANALYSIS_UTILITY  the bot's own result in [0, 1], a win chance blended with points (Bisca:
 *                     results weighted with the share of points; Buraco: a logistic of the
 *                     final score difference). Read it as a win chance.
 *   ANALYSIS_PIECES   Moulin: alpha-beta scores in pieces for the side to act (a forced win
 *                     or loss is `mate`, with its distance in turns).
 * `stderr_` is the standard error of `value` (0 for an exact value or a search score).
 *
 * Like a decision, an analysis reads only the seat's view; it runs wherever it is called
 * (the window runs it on a worker thread) and stops early when `cancel` becomes 1. */
#ifndef TASCA_AI_ANALYSIS_H
#define TASCA_AI_ANALYSIS_H

#include <stdatomic.h>
#include <stdbool.h>

#include "bot.h"

typedef enum { ANALYSIS_WIN, ANALYSIS_UTILITY, ANALYSIS_PIECES } AnalysisUnit;

#define ANALYSIS_LINE 320

typedef struct {
    Action action;
    bool valued;    /* false: the search did not consider it (Buraco's plans) */
    double value;   /* see AnalysisUnit */
    double stderr_; /* its standard error; 0 for exact values and search scores */
    int visits;     /* samples (rollouts, deals, playouts) or search depth in turns */
    bool mate;      /* ANALYSIS_PIECES: a forced result; `mate_turns` to the end */
    int mate_turns;
    double freq;    /* Analysis.mixed: the share of the time the strategy plays it */
} AnalysisItem;

typedef struct {
    AnalysisUnit unit;
    bool exact;   /* every value is exact (21; Bisca with nothing hidden; Moulin's tables) */
    int seat;
    int n;        /* legal actions, in legal_actions order */
    int best;     /* index of the bot's choice in item[] (-1: no legal action) */
    Action best_action;
    int depth;    /* alpha-beta: the completed depth in turns; else 0 */
    long long samples; /* worlds, rollouts or iterations the search ran */
    char line[ANALYSIS_LINE]; /* the best line where the game has one (Moulin's PV), or "" */
    /* The choice was drawn from a mixed strategy (Truco Hard's answers to a raise, by the
     * equilibrium table: docs/truco-cfr.md): each item's `freq` is how often the strategy
     * plays it here. An equilibrium mixes actions that are equally good against a best
     * reply, so every action played at least ANALYSIS_MIXED_MIN of the time is as good as
     * the choice, whatever the values (which are the search's, beside it) say. */
    bool mixed;
    AnalysisItem item[RULES_MAX_ACTIONS];
} Analysis;

/* The least share of a mixed strategy that makes an action one of its own. */
#define ANALYSIS_MIXED_MIN 0.05

/* An algorithm's analysis (same request as decide). Returns the chosen action, or -1. */
typedef Action (*AnalyzeFn)(const BotRequest *req, Analysis *out);

/* Analyses the view of `seat` the way the difficulty's bot would decide: its algorithm, its
 * budget (time_ms as in bot_decide_timed: negative = the difficulty's own, 0 = no clock)
 * and `rng`. With the same generator state and budget, out->best_action equals
 * bot_decide_timed's answer. Returns out->best_action, or -1 when there is no legal action.
 * A bot without an analysis (Easy and Medium heuristics) yields its choice alone, every
 * item unvalued. */
Action bot_analyze(const GameRules *rules, Difficulty d, const void *view, int seat, Rng *rng,
                   const atomic_int *cancel, int time_ms, Analysis *out);
/* The same with another budget: `budget` > 0 replaces the level's own budget of
 * iterations (Moulin's Hard: nodes; the card games' searches: iterations, worlds or
 * rollouts, as each bot reads BotRequest.iterations); 0 keeps the level's own. For figures
 * that would take too long at the level's own budget (`tasca analyze --budget`). */
Action bot_analyze_budget(const GameRules *rules, Difficulty d, const void *view, int seat,
                          Rng *rng, const atomic_int *cancel, int time_ms, int budget,
                          Analysis *out);

/* Starts `out` for the legal actions of `view`: every item unvalued, best = -1. */
void analysis_begin(Analysis *out, const GameRules *rules, const void *view, int seat,
                    AnalysisUnit unit);
/* The item of action `a` (NULL when it is not legal). */
AnalysisItem *analysis_item(Analysis *an, Action a);
const AnalysisItem *analysis_find(const Analysis *an, Action a);
/* Marks `a` as the choice. */
void analysis_choose(Analysis *an, Action a);

/* A value on one scale for costs: a win chance in [0, 1] for WIN and UTILITY; for PIECES,
 * pieces clamped to [-ANALYSIS_PIECES_CAP, +ANALYSIS_PIECES_CAP] (a forced result at the
 * cap), so that one mate does not swamp an average. */
#define ANALYSIS_PIECES_CAP 10.0
double analysis_scale(const Analysis *an, const AnalysisItem *it);
/* What choosing `a` cost against the best valued action: >= 0, in analysis_scale units;
 * -1 when `a` was not valued. In a mixed analysis, 0 for an action the strategy plays (freq
 * >= ANALYSIS_MIXED_MIN), and for another, what it cost against the best valued action the
 * strategy plays. */
double analysis_cost(const Analysis *an, Action a);

/* The per-algorithm analyses (the Hard bots and the generic IS-MCTS). */
Action ismcts_analyze(const BotRequest *req, Analysis *out);

#endif
