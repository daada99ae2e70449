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
 * exact search once nothing is hidden. Budget: req->iterations, capped by req->time_ms. */
Action bisca_hard_decide(const BotRequest *req);
/* Hard's analysis: each card's mean result in the search (the team's result blended with its
 * share of the points, ANALYSIS_UTILITY), or its exact value once nothing is hidden. */
Action bisca_hard_analyze(const BotRequest *req, Analysis *out);

/* The exact search on a full state (every hand known, the stock empty or its order
 * irrelevant because it is empty): the points team 0 will still win from here with best
 * play by both teams. -1 when the state is not a play-phase state with an empty stock.
 * Exposed for tests. */
int bisca_solve(const BiscaState *s);
/* The move the exact search picks for the seat to move in such a state; -1 if none. */
Action bisca_solve_move(const BiscaState *s);

#endif
