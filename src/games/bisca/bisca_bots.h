/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef TASCA_BISCA_BOTS_H
#define TASCA_BISCA_BOTS_H

#include "../../engine/ai/analysis.h"
#include "../../engine/ai/bot.h"
#include "bisca.h"

/* Easy is the generic random bot (the seed's "Bogo"). */

/* Medium: the seed's "Analista de Flags" on the correct trick order (RULES.md §2). */
Action bisca_flags_decide(const BotRequest *req);

/* Hard: information-set MCTS over what the seat has seen, playing for its team, and an
 * exact search once little is hidden. Budget: req->iterations (replayable), or its clock
 * req->time_ms when it has no iterations; with both, the clock caps the iterations. */
Action bisca_hard_decide(const BotRequest *req);
/* Hard's analysis: each card's mean result in the search (the team's result blended with its
 * share of the points, ANALYSIS_UTILITY), or its exact value once nothing is hidden. */
Action bisca_hard_analyze(const BotRequest *req, Analysis *out);

/* Hard's settings (bisca_hard_defaults are the level's), for tuning and tests. */
typedef struct {
    double explore;       /* UCB exploration, for results in [0, 1] */
    int noise, opp_noise; /* playouts: a random card once in this many moves of the bot's
                           * team, of the other team (1: always random) */
    double points_weight; /* the share of the points in a result (the rest: win or loss) */
    double temper;        /* inference from play: exponent of the likelihood, 0 = off (2
                           * players) */
    double temper_4p;     /* the same with 4 players */
    double model_beta;    /* the play model's sharpness (1: as fitted) */
    double model_eps;     /* the play model's share of uniformly random play */
    int particles;        /* guesses at the hidden hands weighed per decision */
    int exact_stock_2p;   /* 2 players: exact search over the deals from this many cards in
                           * the stock (trunfo included) down; 0: only once it is empty */
    int exact_deals_4p;   /* 4 players, stock empty: exact search over every deal when at
                           * most this many, else over this many drawn; 0: never */
    int sight;            /* 4 players: the playouts' greedy play looks at the hands still to
                           * play in the trick (who can retake it); 0: it does not */
    int pimc;             /* 4 players: determinized search instead of the IS-MCTS, over
                           * this many sampled worlds (by its clock alone: as many as it
                           * allows); 0: off (the IS-MCTS) */
    int pimc_depth;       /* its depth in tricks (the current one counts) before the
                           * evaluation, while the stock lasts */
    int pimc_exact;       /* the stock gone, each world searched to the end when at most
                           * this many tricks remain (else to pimc_depth) */
    double pimc_hold;     /* the evaluation's weight on the cards each team still holds
                           * (0: the points taken only) */
    int pimc_roll;        /* > 0: the search's leaves valued instead by this many playouts
                           * to the end (the IS-MCTS's playout policy) in the world */
} BiscaHardParams;

extern const BiscaHardParams bisca_hard_defaults;

Action bisca_hard_decide_with(const BotRequest *req, const BiscaHardParams *params);

/* The exact search over the possible deals, from the view of `seat` (to move): the value,
 * for its team, of each of its legal plays (acts[i], values[i]), the deals it cannot tell
 * apart weighed by the inference of `params`. A value is the expected result in [0, 1]
 * (1 - points_weight for a win, half that for a draw, plus points_weight x the points out
 * of 120; with marks, the marks). Returns the number of plays, or -1 where the exact search
 * does not apply with these settings. For tests. */
int bisca_exact_values(const BiscaState *view, int seat, const BiscaHardParams *params, Rng *rng,
                       Action *acts, double *values);

/* The exact search on a full state (every hand known, the stock empty or its order
 * irrelevant because it is empty): the points team 0 will still win from here with best
 * play by both teams. -1 when the state is not a play-phase state with an empty stock.
 * Exposed for tests. */
int bisca_solve(const BiscaState *s);
/* The move the exact search picks for the seat to move in such a state; -1 if none. */
Action bisca_solve_move(const BiscaState *s);

/* The play model of the inference: the features of each legal play of the seat to move
 * in a state that shows its hand (acts[i], f[i]); returns their number. For fitting the
 * model's weights (bench_bisca --fit). */
enum { BISCA_MODEL_FEATURES = 18 };
int bisca_model_features(const BiscaState *s, Action *acts, double (*f)[BISCA_MODEL_FEATURES]);

/* What the inference of `params` believes of the hands, from the view of `seat`:
 * prob[p][card_index(c)], the probability that seat p holds c now (1 for the cards the seat
 * sees in a hand). Returns the effective number of guesses behind it. For tests and tuning. */
int bisca_hand_beliefs(const BiscaState *view, int seat, const BiscaHardParams *params, Rng *rng,
                       double prob[BI_MAX_SEATS][52]);

#endif
