/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hints: why the analysis' choice is good, as a reason code and its numbers (no text, no
 * SDL: the window turns it into one short line in the player's language), and the
 * analysis run off the calling thread. Pure C. */
#ifndef TASCA_AI_HINT_H
#define TASCA_AI_HINT_H

#include <pthread.h>
#include <stdatomic.h>

#include "analysis.h"

typedef enum {
    HINT_NONE,          /* no legal action */
    HINT_ONLY,          /* the only legal action */
    HINT_VALUE,         /* generic: `best` to win, `next` for the next best */
    HINT_TO_STAND,      /* 21: stand (best) against a hit (next) */
    HINT_TO_HIT,        /* 21: hit (best) against standing (next) */
    HINT_MILL,          /* Moulin: closes a mill */
    HINT_BLOCK,         /* Moulin: stops the other side closing a mill on `point` */
    HINT_REMOVE,        /* Moulin: the removal that leaves them weakest */
    HINT_MATE,          /* Moulin: a forced win in `turns` turns */
    HINT_PIECES,        /* Moulin: `best` pieces ahead against `next` for the next best */
    HINT_PARTNER_HOLDS, /* Truco, Bisca: the partner already wins this round: play low */
    HINT_WINS_LOW,      /* Truco: wins the rodada with the lowest card that does */
    HINT_WINS_MANILHA,  /* Truco: the same, and that card is a manilha */
    HINT_MIXED,         /* drawn from a mixed strategy: played `share` of the time here */
} HintWhy;

typedef struct {
    HintWhy why;
    Action action;
    double best, next; /* win chances in [0, 1] (pieces for HINT_PIECES) */
    int point;         /* HINT_BLOCK */
    int turns;         /* HINT_MATE */
    double share;      /* HINT_MIXED: the strategy's share of the choice, in [0, 1] */
} HintReason;

/* Why the analysis' choice, from the seat's view only. */
void hint_reason(const GameRules *g, const void *view, const Analysis *an, HintReason *out);

/* An analysis of a seat's view on a worker thread, at the given level's budget (a hint:
 * Hard). The view is copied; the job owns it. */
typedef struct HintJob HintJob;
HintJob *hint_job_start(const GameRules *g, Difficulty d, const void *view, int seat,
                        uint64_t seed, void (*wake)(void *user), void *user);
/* The same with a clock of its own: time_ms as in bot_analyze (negative: the level's own, 0:
 * no clock, the level's node or iteration budget alone, which makes the answer
 * reproducible). Moulin's analysis mode runs through it. */
HintJob *hint_job_start_timed(const GameRules *g, Difficulty d, const void *view, int seat,
                              uint64_t seed, int time_ms, void (*wake)(void *user), void *user);
/* True once done: copies the analysis and the reason, frees the job. */
bool hint_job_poll(HintJob *j, Analysis *an, HintReason *why);
/* Stops it (the search notices within a few milliseconds) and frees it. */
void hint_job_cancel(HintJob *j);

#endif
