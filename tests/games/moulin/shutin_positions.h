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
    /* bench_moulin shutins --ms 100 --first 10 --seed 40 --margin 40 --deep 8000000: black
     * was shut in at ply 62; at 8,000,000 nodes (depth 17) the best scores -0.15, 12 (played) -0.94. */
    {"seed 40 game 49 ply 11",
     "place 0,place 3,place 23,place 10,place 18,place 1,place 4,place 22,place 9,place 21,"
     "place 16",
     "place 13|place 17|place 20", "place 12"},
    /* bench_moulin shutins --ms 50 --seed 41 --margin 40 --deep 8000000: black was shut in
     * at ply 49; at 8,000,000 nodes (depth 17) 10 scores -0.25 and 8 (played) -0.97, no
     * other placement within half a piece of 10. */
    {"seed 41 game 7 ply 11",
     "place 19,place 1,place 15,place 2,place 0,place 22,place 21,place 9,place 13,place 5,"
     "place 4",
     "place 10", "place 8"},
    /* The same run, game 26 (white shut in at ply 45): 6 +1.33, 5 (played) +0.86. */
    {"seed 41 game 26 ply 4", "place 3,place 15,place 20,place 11", "place 6", "place 5"},
    /* The same run, game 27 (white shut in at ply 59): 19 +0.94, 5 (played) +0.53. */
    {"seed 41 game 27 ply 4", "place 22,place 0,place 20,place 10", "place 19", "place 5"},
};

#endif
