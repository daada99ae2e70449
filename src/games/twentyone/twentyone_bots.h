/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef TASCA_TWENTYONE_BOTS_H
#define TASCA_TWENTYONE_BOTS_H

#include "../../engine/ai/analysis.h"
#include "../../engine/ai/bot.h"
#include "twentyone.h"

/* Easy: the seed program's rule (RULES.md §4). */
Action twentyone_seed_decide(const BotRequest *req);
/* Medium: a sensible fixed strategy (the dealer's up card as player, the player's total as
 * computer). */
Action twentyone_heuristic_decide(const BotRequest *req);
/* Hard: the action with the best expected result over the cards it has not seen. */
Action twentyone_expect_decide(const BotRequest *req);
/* Hard's analysis: the exact win chance of standing and of hitting (a draw counts half). */
Action twentyone_expect_analyze(const BotRequest *req, Analysis *out);

/* Expected result (+1 win, -1 loss) of standing and of hitting for the seat to move, as
 * computed by the Hard bot; exposed for tests. */
void twentyone_expectations(const TwentyOneState *view, int seat, double *stand, double *hit);

#endif
