/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Issue 40: placements after which Hard (as before issue 40) was shut in. Each comes from a
 * game of that Hard against itself that ended with a side left without a legal move; the
 * loser's placements were searched again, deeper, by `bench_moulin shutins` (see
 * docs/moulin-engine.md), and a position is kept when the placement played scored well below
 * the deep search's choice. `accepted`: the placements the deep search scored within half a
 * piece of its best ('|' between them); Hard at its own node budget must play one of them. */
#ifndef MOULIN_SHUTIN_POSITIONS_H
#define MOULIN_SHUTIN_POSITIONS_H

typedef struct {
    const char *name;     /* seed, game and ply of the self-play game */
    const char *moves;    /* from the start, comma-separated */
    const char *accepted; /* "place 1|place 5" */
    const char *played;   /* the placement of the game */
} ShutinPosition;

static const ShutinPosition shutin_positions[] = {
    /* bench_moulin shutins --ms 100 --seed 40 --deep 12000000: black was shut in at ply 38.
     * At 12,000,000 nodes (depth 15; the others at 12): 1 +1.15, 5 +0.73, 0 and 20 +0.04,
     * 14 (played) -0.18. */
    {"seed 40 game 7 ply 8", "place 16,place 15,place 23,place 22,place 13,place 12,place 2,place 8",
     "place 1|place 5", "place 14"},
};

#endif
