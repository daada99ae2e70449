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
    /* The rules' names of both actions (action_to_string on the seat's view at the time,
     * so they can name nothing that seat did not see). */
    char chosen_text[RULES_ACTION_TEXT], best_text[RULES_ACTION_TEXT];
    /* Hard's choice was drawn from a mixed strategy (Analysis.mixed): how often it plays
     * each action here, as "name share %" parts joined by " · ", most played first (the
     * rules' names, as above); "" otherwise. */
    bool mixed;
    char mix[4 * (RULES_ACTION_TEXT + 12)];
} ReviewStep;

/* Reviews the decisions of `seat` (-1: every seat) in m's history that had a choice (more
 * than one legal action): Hard's analysis of the seat's view, node and iteration budgets
 * only (no clock: the same on any machine), one generator per step drawn from `seed`.
 * Writes at most `max` steps; returns their count, or -1 when the game cannot be replayed
 * (out of memory). Marks the three costliest decisions of each seat (cost > 0 only). */
/* The analyses' generator that `tasca analyze` and the window's review use by default, so
 * that both give the same figures for the same game. */
#define REVIEW_SEED 1

int review_match(const Match *m, int seat, uint64_t seed, const atomic_int *cancel,
                 ReviewStep *out, int max);
/* The same over the steps [from, to) of the history only (to < 0: to its end), such as one
 * game of a match of games; `progress` (may be NULL) counts the decisions valued so far.
 * review_match(m, seat, ...) is review_match_range(m, seat, 0, -1, ..., NULL, ...). */
int review_match_range(const Match *m, int seat, int from, int to, uint64_t seed,
                       const atomic_int *cancel, atomic_int *progress, ReviewStep *out,
                       int max);
/* The same with Hard's analysis at another budget: `budget` > 0 replaces Hard's own
 * iterations (Moulin: nodes), as bot_analyze_budget; 0 is review_match_range. */
int review_match_budget(const Match *m, int seat, int from, int to, uint64_t seed, int budget,
                        const atomic_int *cancel, atomic_int *progress, ReviewStep *out,
                        int max);
/* How many decisions review_match_range would value (those with a choice). */
int review_count(const Match *m, int seat, int from, int to);

/* Accuracy: the share of a seat's valued decisions that were as good as the best, within
 * the analysis' noise: a cost of at most REVIEW_GOOD_WIN (win chance, for ANALYSIS_WIN and
 * ANALYSIS_UTILITY) or REVIEW_GOOD_PIECES (Moulin). `tasca analyze` and the window's
 * review and Statistics all use this one definition. */
#define REVIEW_GOOD_WIN 0.02
#define REVIEW_GOOD_PIECES 0.5
bool review_step_good(const ReviewStep *s);
/* Over the steps of `seat` (-1: all): the good and the valued decisions added to *good and
 * *valued (either may be NULL); returns the accuracy in [0, 1], or -1 when none was
 * valued. */
double review_accuracy(const ReviewStep *st, int n, int seat, int *good, int *valued);

/* The position before history step `step` of m, for showing: a new match (no autosave, no
 * listener) replayed from m's seed and history, whose state is what `seat` saw then
 * (observe; seat < 0: the whole state) and whose history is the first `step` steps. NULL
 * and a reason in err when it cannot be replayed (a mirror's history names hidden steps). */
Match *review_position(const Match *m, int step, int seat, char *err, size_t errsize);

/* A review on a worker thread (the window's review page): the match is copied (replayed),
 * so the caller may change or free its own afterwards. */
typedef struct ReviewJob ReviewJob;
ReviewJob *review_job_start(const Match *m, int seat, int from, int to, uint64_t seed,
                            void (*wake)(void *user), void *user);
/* Decisions valued so far, and their total. */
int review_job_progress(const ReviewJob *j, int *total);
/* True once done: *out gets the steps (the caller frees them; NULL when it failed), *n
 * their count (-1: failed), and the job is freed. */
bool review_job_poll(ReviewJob *j, ReviewStep **out, int *n);
/* Stops it (within one analysis' cancel latency) and frees it. */
void review_job_cancel(ReviewJob *j);

#endif
