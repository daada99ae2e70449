/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Moulin — Nine Men's Morris (RULES.md §5). Pure rules over bitboards, no SDL.
 *
 * The 24 points are numbered as in the seed, row by row:
 *
 *     0-----------1-----------2
 *     |   3-------4-------5   |
 *     |   |   6---7---8   |   |
 *     9---10--11      12--13--14
 *     |   |   15--16--17  |   |
 *     |   18------19------20  |
 *     21----------22----------23
 *
 * Seat 0 is white and moves first; seat 1 is black. A side's pieces on the board are one
 * uint32 (bit p = point p).
 *
 * Plies. A turn is a placement ("place 9") or a move ("move 9-10"; with 3 pieces and the
 * flying option, to any empty point). When it newly forms a mill (a mill through the point
 * the piece arrived on), the same player then plays a removal ("remove 4") as its own ply.
 * Removable: an opponent piece that is in no mill, or any opponent piece when all of them
 * are in mills. Two mills formed at once still give one removal. A mill formed while the
 * opponent has no piece on the board gives nothing (possible only in the placing phase).
 *
 * End. A player loses when their pieces on the board plus in hand fall below 3, or when it
 * is their turn and they have no legal move (checked first). Otherwise the game is drawn
 * by threefold repetition or by the N-move rule (option "nmove").
 *
 * Repetition. A position is: both boards, the pieces in hand, the side to act, and whether
 * that side owes a removal. The last part is included so that "white to remove" is never
 * taken for "white to move" on the same board: they offer different actions. It never
 * makes a difference in practice, since a removal-pending position can never recur (the
 * removal that follows lowers a piece count for good). Placements and removals are
 * irreversible, so positions are counted only since the last placement or removal; with the
 * N-move rule on that window is at most N+1 positions. With it off, the window keeps the
 * last MOULIN_HIST/2 to MOULIN_HIST positions (a repetition spread over more plies without
 * a placement or removal is not seen).
 *
 * N-move rule. The game is drawn when N plies in a row were moves (no placement, no
 * removal), N = option "nmove" (default 100, 0 = off). A move that forms a mill does not
 * trigger it: the removal that follows resets the count. Losses take precedence over both
 * draws (a move that blocks the opponent on the N-th ply wins).
 *
 * Random opening (option "opening", default 0): the first k placements (k <= 4, so no mill
 * can be formed) are drawn as chance actions, uniformly among the empty points. Their text
 * is the ordinary "place 9", so a save file replays them exactly. Bot arenas use it so that
 * games from one seed differ; people play with 0. */
#ifndef TASCA_MOULIN_H
#define TASCA_MOULIN_H

#include <stdbool.h>
#include <stdint.h>

#include "../../engine/rules.h"

enum {
    MOULIN_WHITE = 0,
    MOULIN_BLACK = 1,
    MOULIN_SEATS = 2,
    MOULIN_POINTS = 24,
    MOULIN_MILLS = 16,
    MOULIN_PIECES = 9,
    MOULIN_HIST = 256,      /* repetition window capacity (see above) */
    MOULIN_NMOVE_MAX = 250, /* keeps the window inside MOULIN_HIST when the rule is on */
    MOULIN_OPENING_MAX = 4,
};
#define MOULIN_BOARD_MASK 0xFFFFFFu

/* Option indices (OptionDesc order). */
enum { MOULIN_OPT_FLYING = 0, MOULIN_OPT_NMOVE = 1, MOULIN_OPT_OPENING = 2 };

/* Action codes. "move" also covers flying. */
enum {
    MOULIN_PLACE = 0,    /* + point */
    MOULIN_MOVE = 100,   /* + from * 24 + to */
    MOULIN_REMOVE = 700, /* + point */
};

typedef enum {
    MOULIN_END_NONE,
    MOULIN_END_FEWER_THAN_THREE, /* the loser has fewer than 3 pieces */
    MOULIN_END_BLOCKED,          /* the loser had no legal move */
    MOULIN_END_REPETITION,       /* draw */
    MOULIN_END_NMOVE,            /* draw */
} MoulinEnd;

typedef struct {
    uint32_t bb[MOULIN_SEATS];  /* pieces on the board */
    uint8_t hand[MOULIN_SEATS]; /* pieces still to place */
    uint8_t side;               /* seat to act */
    uint8_t pending;            /* 1: `side` must now remove an opponent piece */
    uint8_t flying;             /* option */
    uint8_t nmove;              /* option: N, 0 = off */
    uint8_t opening_left;       /* random opening placements still to draw */
    uint8_t end;                /* MoulinEnd; != NONE means the game is over */
    int8_t winner;              /* seat, or -1 (draw); valid when over */
    uint8_t pad_;
    uint16_t quiet; /* plies in a row that were moves (N-move rule) */
    uint16_t nhist; /* positions in hist */
    uint16_t plies; /* plies played (saturates); for display only */
    uint16_t pad2_;
    uint64_t hist[MOULIN_HIST]; /* position keys since the last placement or removal */
} MoulinState;

extern const GameRules moulin_rules;

/* Board geometry. */
extern const uint32_t moulin_adj[MOULIN_POINTS];      /* neighbours of each point */
extern const uint32_t moulin_mill_mask[MOULIN_MILLS]; /* the 16 lines of three */
extern const uint8_t moulin_point_mills[MOULIN_POINTS][2];

/* Does the piece on p belong to a complete mill of bb? */
static inline bool moulin_in_mill(uint32_t bb, int p)
{
    uint32_t a = moulin_mill_mask[moulin_point_mills[p][0]],
             b = moulin_mill_mask[moulin_point_mills[p][1]];
    return (bb & a) == a || (bb & b) == b;
}

/* The pieces of `bb` that are in at least one mill. */
uint32_t moulin_mill_pieces(uint32_t bb);
/* The opponent pieces `seat` may remove: those in no mill, or all when all are in mills. */
uint32_t moulin_removable(uint32_t opp);
/* May `seat` fly now (option on, placing done, exactly 3 pieces)? */
bool moulin_can_fly(const MoulinState *s, int seat);
/* The exact key of a position for repetition (not a hash: equal keys, equal positions).
 * Pieces in hand are left out because they cannot change inside the window. */
static inline uint64_t moulin_position_key(uint32_t white, uint32_t black, int side, int pending)
{
    return (uint64_t)white | (uint64_t)black << 24 | (uint64_t)side << 48 | (uint64_t)pending << 49;
}
/* Pieces on the board plus in hand. */
int moulin_pieces_left(const MoulinState *s, int seat);
/* Is it the placing phase for the side to act? */
static inline bool moulin_placing(const MoulinState *s)
{
    return s->hand[s->side] > 0;
}

/* Sets up a position directly (for tests, benchmarks and puzzles): the boards, the pieces
 * in hand and the side to move, with the given options. Returns an error text when the
 * position is impossible (overlapping pieces, more than 9 pieces for a side). The
 * position's own end conditions are checked as after a ply. */
const char *moulin_setup(MoulinState *s, const GameOptions *opt, uint32_t white, uint32_t black,
                         int hand_white, int hand_black, int side);

#endif
