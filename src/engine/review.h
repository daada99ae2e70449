/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The review of a game: every decision a seat made, valued by Hard's analysis of the view
 * that seat had then (analysis.h), what it cost against the best action, and the three
 * costliest marked. Pure C, no SDL; `tasca analyze` prints it, and a table's review page
 * can show it. */
#ifndef TASCA_REVIEW_H
#define TASCA_REVIEW_H

#include "ai/analysis.h"
#include "match.h"

typedef struct {
    int step; /* index of the decision in the match's history */
    int seat;
    Action chosen, best;
    bool chosen_valued, best_valued;
    double chosen_value, best_value; /* analysis_scale units */
    double cost;                     /* >= 0; -1 when the choice was not valued */
    AnalysisUnit unit;
    bool costliest;                  /* one of the seat's three costliest decisions */
    char line[ANALYSIS_LINE];        /* the best line (Moulin), or "" */
} ReviewStep;

/* Reviews the decisions of `seat` (-1: every seat) in m's history that had a choice (more
 * than one legal action): Hard's analysis of the seat's view, node and iteration budgets
 * only (no clock: the same on any machine), one generator per step drawn from `seed`.
 * Writes at most `max` steps; returns their count, or -1 when the game cannot be replayed
 * (out of memory). Marks the three costliest decisions of each seat (cost > 0 only). */
int review_match(const Match *m, int seat, uint64_t seed, const atomic_int *cancel,
                 ReviewStep *out, int max);

#endif
