/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef TASCA_BURACO_BOTS_H
#define TASCA_BURACO_BOTS_H

#include "../../engine/ai/analysis.h"
#include "../../engine/ai/bot.h"
#include "buraco.h"

/* Easy: the seed's example bot (draws from the stock and throws the drawn card away),
 * improved only to lay the sequences it holds. */
Action buraco_easy_decide(const BotRequest *req);
/* Medium: the seed's "simple strategy": takes the pile when its top makes a meld with the
 * hand, extends its team's melds, lays what it can, and throws the card farthest from any
 * meld, counting the cards it has seen go (melds, discards) as out of reach. */
Action buraco_medium_decide(const BotRequest *req);
/* Hard: deals the hidden cards many times over (what the seat has seen fixed) and plays
 * each candidate for the turn (draw, or take with which meld; lay everything, only joins,
 * keep the wilds, or spend one to go out; which card to throw) to the end of the game,
 * its own side playing buraco_playout_policy and the other side Medium (which takes any
 * pile it can); it keeps the candidate that wins most. A throw that lets the other side
 * take the pile shows up in those games. */
Action buraco_hard_decide(const BotRequest *req);
/* Hard's value of a match's position after a deal (what its search maximises in a match):
 * the chance that the side with `me` points against `opp` wins the match to `goal` once
 * `deals_done` deals are played. */
double buraco_match_chance(int me, int opp, int goal, int deals_done);
/* Hard's analysis: each candidate plan's mean result over its deals (ANALYSIS_UTILITY), given
 * to the plan's first step; steps that start no candidate stay unvalued. */
Action buraco_hard_analyze(const BotRequest *req, Analysis *out);

/* Medium's choice for the seat to move in state s (a view of that seat, or a full state:
 * it reads only what that seat can see). Deterministic. */
Action buraco_medium_policy(const BuracoState *s);

/* How Hard's playouts play its own side: Medium sharpened for the race to go out (a take
 * that bloats the hand is refused, a wild is spent to go out, and the throw is the card
 * with the fewest unseen cards that would put it into a meld). Deterministic, reads only
 * what the seat to move can see. */
Action buraco_playout_policy(const BuracoState *s);

/* Analysis of Hard's choices (bench_buraco --regret). At the full state s, where `seat`
 * makes a turn's draw or its plan after the draw, each of Hard's candidates is valued with
 * the real hands (only the order of the stock unknown: `worlds` shuffles; a win 1, a draw
 * 0.5), and Hard's search (`iterations` playouts) picks one from the seat's view, then
 * again dealing the real hands instead of guessing them. False when there is no choice. */
typedef struct {
    int candidates;
    double best;          /* the best candidate's value */
    double picked;        /* the value of Hard's pick */
    double picked_seeing; /* the value of its pick when its deals are the real hands */
} BuracoRegret;

bool buraco_hard_regret(const BuracoState *s, int seat, int worlds, int iterations, Rng *rng,
                        BuracoRegret *out);

#endif
