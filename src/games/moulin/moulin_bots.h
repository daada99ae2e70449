/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Moulin bots: one alpha-beta search over bitboards, configured three ways.
 *
 * The search works on whole turns: a move that closes a mill and the removal it earns are
 * one search move (so "depth" counts turns, a turn being one or two plies of the rules).
 * Make/unmake is copy-make of a 24-byte position, which is what reaches millions of nodes
 * per second; the generic rules table is used only to check the answer.
 *
 * Budgets (BotRequest, from difficulty.c):
 *   moulin-easy    iterations = search depth in turns (default 2); picks at random among
 *                  the moves within a margin (less than a piece) of the best one, so it
 *                  never hangs a mill it sees, but often plays a loose move.
 *   moulin-medium  iterations = maximum depth in turns (default 4): iterative-deepening
 *                  alpha-beta, small transposition table, simple evaluation.
 *   moulin-hard    iterations = node budget (0 = none) and time_ms = time budget:
 *                  iterative-deepening PVS, transposition table (Zobrist-indexed, verified
 *                  by the exact position), killer and history move ordering, a capture
 *                  (mill) quiescence search and the full evaluation, and the endgame
 *                  tables (moulin_endgame.h: 3 v 3 to 5 v 5 in the moving phase, played
 *                  perfectly; up to 4 v 4 built or read at its first moving-phase decision
 *                  with at most 12 pieces left, in its own thread; those with 5 pieces by a
 *                  worker from its first decision on, used once ready, or, in the
 *                  replayable form (no clock), with the others in its own thread, so that
 *                  its moves stay replayable).
 *                  A node budget makes a game replayable; the time budget is the safety
 *                  cap for the window. See docs/moulin-engine.md. */
#ifndef TASCA_MOULIN_BOTS_H
#define TASCA_MOULIN_BOTS_H

#include "../../engine/ai/analysis.h"
#include "../../engine/ai/bot.h"
#include "moulin.h"

Action moulin_easy_decide(const BotRequest *req);
Action moulin_medium_decide(const BotRequest *req);
Action moulin_hard_decide(const BotRequest *req);
/* Hard's analysis: its search (the same choice), then every other turn scored at the depth
 * it completed (ANALYSIS_PIECES), and its principal variation as the line. */
Action moulin_hard_analyze(const BotRequest *req, Analysis *out);

/* The search itself, for benchmarks and tests. */
typedef struct {
    int max_depth;        /* turns; 0 = up to the internal maximum */
    uint64_t node_budget; /* 0 = none */
    int time_ms;          /* 0 = none */
    bool cpu_time;        /* time_ms counts this thread's CPU time, not wall-clock time
                             (for benchmarks on a loaded machine) */
    bool pvs;             /* principal variation search (else plain alpha-beta) */
    bool killers_history; /* killer and history move ordering */
    bool quiescence;      /* search mill-closing turns beyond the horizon */
    bool full_eval;       /* the full evaluation (else material, mills, mobility) */
    bool lmr;             /* late move reductions (pvs): late quiet turns one turn shallower
                             first */
    bool taper_eval;      /* with full_eval: in the placing phase, blend in the moving
                             phase's terms by the pieces left in hand */
    bool place_threats;   /* placing phase: double threats and forks valued at the leaves,
                             forks ordered after blocks (issue 21) */
    bool extensions;      /* a turn that makes two mill threats at once is searched one turn
                             deeper (mill-threat extension, issue 22) */
    int squeeze;          /* with full_eval (issue 40): a side whose free points (empty points
                             next to its pieces) the opponent can fill is penalised as it
                             nears a shut-in (see moulin_squeeze): 1 while pieces are in
                             hand, 2 also in the moving phase; 0 off */
    bool convert;         /* converting an edge (issue 40): a side ahead on pieces counts a
                             draw as MOULIN_EDGE_CONTEMPT more below 0 per piece (up to 3),
                             and as the N-move count runs, the evaluation fades towards a
                             draw, so that the side ahead takes its gains sooner */
    int tt_bits;          /* transposition table of 2^tt_bits entries; 0 = none */
    int contempt;         /* a draw counts as this much below 0 for the searching side */
    bool endgame;         /* the endgame tables (moulin_endgame.h): probed in the tree, and a
                             root they cover is played from them without searching */
    int eg_pieces;        /* with endgame: only the tables where neither side has more
                             pieces than this (4: Hard before the 5-piece tables); 0 = all */
    const atomic_int *cancel;
} MoulinSearchConfig;

typedef struct {
    Action best; /* a rules action; -1 when there is none */
    int score;   /* for the side to act, in hundredths of a piece */
    int depth;   /* deepest completed iteration, in turns */
    uint64_t nodes;
    double ms;     /* wall time */
    double cpu_ms; /* this thread's CPU time */
    bool mate;     /* the score is a forced win or loss */
    int eg;        /* MoulinEgValue of the root when the tables cover it (else 0) */
    int eg_dist;   /* its distance in turns (win or loss) */
    int eg_pieces;    /* the root was played from the tables: the larger side's pieces */
    uint64_t eg_hits; /* tree nodes answered by the tables */
    uint64_t extended; /* turns searched one turn deeper (cfg.extensions) */
    char pv[320];  /* the principal variation, turns separated by ", " ("move 3-4 x7": the
                      move and its removal) */
} MoulinSearchResult;

/* Hard's settings, without budgets: as shipped; as before issue 22 (v1: no endgame tables,
 * the evaluation and search of then); as before issue 40 (v2: the baseline of issue 40's
 * self-play figures). */
void moulin_hard_config(MoulinSearchConfig *cfg);
void moulin_hard_config_v1(MoulinSearchConfig *cfg);
void moulin_hard_config_v2(MoulinSearchConfig *cfg);
/* v2 with issue 40's squeeze (1) and edge conversion on: measured, not shipped. */
void moulin_hard_config_i40(MoulinSearchConfig *cfg);

/* With cfg.convert: what a draw costs the side to act per piece of edge (up to 3 pieces). */
#define MOULIN_EDGE_CONTEMPT 40
/* The contempt a search from `s` uses (cfg.contempt, plus the edge's with cfg.convert). */
int moulin_contempt(const MoulinState *s, const MoulinSearchConfig *cfg);

/* Searches the position of `s` for the side to act. */
void moulin_search(const MoulinState *s, const MoulinSearchConfig *cfg, MoulinSearchResult *out);

/* The same search, and every other turn scored as moulin_hard_analyze does (tools). */
void moulin_search_analyze(const MoulinState *s, const MoulinSearchConfig *cfg,
                           MoulinSearchResult *out, Analysis *an);

/* What Hard's evaluation adds for the placing phase's tactics (place_threats), for the side
 * to act: MOULIN_DOUBLE_THREAT below 0 when, with no mill of its own to close, it faces
 * threats on two points; MOULIN_FORK when it can make two threats with one placement (and
 * faces none, or one on that point); else 0 (tests). */
#define MOULIN_DOUBLE_THREAT 80
#define MOULIN_FORK 60
int moulin_placing_tactics(const MoulinState *s);

/* The squeeze term (cfg.squeeze) of `col` in s: 0, or a penalty (> 0) as the side's slack
 * falls: its free points (empty points next to its pieces; those the opponent cannot step
 * into at once count twice), plus twice its pieces in hand, less the opponent's in hand. */
int moulin_squeeze(const MoulinState *s, int col);

/* The static evaluation of a position, for the side to act (tests). */
int moulin_evaluate(const MoulinState *s, bool full);

/* Scores for every legal root turn at a fixed depth (used by Easy); returns their count.
 * `acts` holds the first ply of each turn (a turn that ends with a removal appears once
 * per removal only at the root's own removal ply). */
int moulin_score_root(const MoulinState *s, int depth, Action acts[RULES_MAX_ACTIONS],
                      int scores[RULES_MAX_ACTIONS]);

#endif
