/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Issue 40: placements after which Hard was shut in. Each comes from a game of Hard against
 * itself that ended with a side left without a legal move; the loser's placements were
 * searched again, deeper, by `bench_moulin shutins` (see docs/moulin-engine.md), and a
 * position is kept when the placement played scored well below the deep search's choice.
 * The deep scores below are those of Hard as before issue 40 (`analyze --config v2 --nodes N
 * --all 1`). `accepted`: the placements the deep search scored within half a piece of its
 * best ('|' between them); Hard at its own node budget must play one of them. */
#ifndef MOULIN_SHUTIN_POSITIONS_H
#define MOULIN_SHUTIN_POSITIONS_H

typedef struct {
    const char *name;     /* seed, game and ply of the self-play game */
    const char *moves;    /* from the start, comma-separated */
    const char *accepted; /* "place 1|place 5" */
    const char *played;   /* the placement of the game */
} ShutinPosition;

static const ShutinPosition shutin_positions[] = {
    /* bench_moulin shutins --ms 100 --seed 40 --deep 12000000 (Hard as before issue 40):
     * black was shut in at ply 38. At 12,000,000 nodes (depth 15; the others at 12): 1
     * +1.00, 5 +0.61, 14 (played) and 17 +0.05, the rest lower. */
    {"seed 40 game 7 ply 8", "place 16,place 15,place 23,place 22,place 13,place 12,place 2,place 8",
     "place 1|place 5", "place 14"},
    /* bench_moulin shutins --ms 50 --seed 41 --margin 40 --deep 8000000 (played by this
     * branch's first build, whose evaluation also added Medium's terms): black was shut in
     * at ply 49. Checked again with Hard as before issue 40 at 8,000,000 nodes: 10 -0.27,
     * 6 -0.36, 11 -0.65, 8 (played) -0.92. */
    {"seed 41 game 7 ply 11",
     "place 19,place 1,place 15,place 2,place 0,place 22,place 21,place 9,place 13,place 5,"
     "place 4",
     "place 10|place 6", "place 8"},
};

#endif
