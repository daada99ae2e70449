/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Golden games: recorded bot games (the random opening drawn by the match from the seed,
 * then every action) and how they must end. Generated once from bot games; any change in
 * the rules that alters a legal move or an ending breaks them. */
#ifndef MOULIN_GOLDEN_GAMES_H
#define MOULIN_GOLDEN_GAMES_H

#include "games/moulin/moulin.h"

typedef struct {
    const char *name;
    const char *options;
    uint64_t seed;
    const char *moves; /* after the drawn opening, comma-separated */
    MoulinEnd end;
    int winner; /* -1: draw */
    bool flies; /* some move is a flight (not along a line) */
} GoldenGame;

static const GoldenGame golden_games[] = {
    /* 88 plies: both sides end up flying (white twice, black five times); white takes
     * black's 7th piece and wins 3 v 2. */
    {"mill_race_with_flight", "opening=4", 1,
     "place 21,place 9,place 23,remove 9,place 9,place 2,place 11,remove 2,place 2,"
     "place 18,place 14,remove 18,place 1,place 18,place 13,place 7,place 5,remove 7,"
     "move 22-19,move 10-3,move 18-10,move 1-4,remove 19,move 23-22,move 20-19,move 22-23,"
     "remove 19,move 4-1,move 23-22,move 1-4,remove 22,move 2-1,move 4-7,move 14-2,"
     "remove 3,move 7-4,move 2-14,move 13-12,move 14-2,remove 12,move 5-13,move 2-14,"
     "move 13-5,move 21-22,move 4-3,move 1-4,move 5-13,move 0-1,move 11-6,move 22-23,"
     "move 6-7,move 1-0,move 7-8,move 14-2,move 8-12,move 23-22,move 13-14,move 22-19,"
     "move 12-13,move 19-18,move 13-12,move 10-11,move 3-10,move 18-19,move 10-18,"
     "move 11-10,move 12-13,move 19-22,move 18-19,move 22-21,move 19-20,move 10-11,"
     "move 20-19,move 4-1,remove 14,move 13-22,move 11-10,move 9-16,remove 10,move 0-9,"
     "move 16-0,move 2-14,move 0-16,remove 21,move 9-2,move 16-23,move 14-0,remove 19",
     MOULIN_END_FEWER_THAN_THREE, 0, true},
    /* 32 plies: white takes 5 pieces, then black (4 pieces, so no flying) is shut in. */
    {"shut_in", "opening=4", 7,
     "place 19,place 22,place 18,place 23,place 20,remove 23,place 10,place 5,place 11,"
     "place 4,remove 10,place 6,remove 16,place 7,place 1,place 10,remove 1,place 14,"
     "move 19-16,move 22-23,remove 20,move 4-1,move 23-22,move 3-4,remove 22,move 14-23,"
     "move 5-13,move 23-22,move 13-14,move 22-19,move 4-3,remove 19",
     MOULIN_END_BLOCKED, 0, false},
    /* 49 plies: one removal, then the same position for the third time. */
    {"threefold", "opening=4", 1,
     "place 21,place 9,place 23,remove 9,place 19,place 18,place 9,place 11,place 13,"
     "place 5,place 12,place 14,place 2,place 7,place 4,move 11-15,move 12-8,move 15-16,"
     "move 8-12,move 0-1,move 12-17,move 7-8,move 13-12,move 14-13,move 2-14,move 8-7,"
     "move 12-8,move 1-2,move 8-12,move 7-8,move 4-7,move 16-15,move 7-4,move 2-1,"
     "move 17-16,move 8-7,move 16-17,move 1-0,move 17-16,move 7-8,move 16-17,move 15-16,"
     "move 4-7,move 16-15,move 7-4,move 15-11,move 17-16,move 11-15,move 16-17",
     MOULIN_END_REPETITION, -1, false},
    /* nmove=30: 30 moves in a row after the last removal end it in a draw. */
    {"n_move_30", "opening=4 nmove=30", 1,
     "place 21,place 9,place 23,remove 9,place 19,place 18,place 9,place 11,place 13,"
     "place 5,place 12,place 14,place 2,place 7,place 4,move 11-15,move 12-8,move 15-16,"
     "move 8-12,move 0-1,move 12-17,move 7-8,move 13-12,move 14-13,move 2-14,move 8-7,"
     "move 12-8,move 1-2,move 8-12,move 7-8,move 4-7,move 16-15,move 7-4,move 2-1,"
     "move 17-16,move 8-7,move 16-17,move 1-0,move 17-16,move 7-8,move 10-11,move 18-10,"
     "move 11-6,move 8-7,move 4-1",
     MOULIN_END_NMOVE, -1, false},
    /* flying off: black's last three pieces walk along the lines; white wins 6 v 2. */
    {"no_flying", "opening=4 flying=off", 1,
     "place 21,place 9,place 23,remove 9,place 19,place 9,remove 19,place 18,place 19,"
     "place 3,remove 19,place 19,place 5,place 16,remove 5,place 5,place 2,place 13,"
     "remove 2,move 0-1,move 3-4,move 1-0,remove 10,move 13-14,move 9-10,move 14-13,"
     "remove 0,move 21-9,move 13-12,move 9-21,remove 20,move 5-13,move 23-14,move 12-8,"
     "move 14-23,remove 8,move 13-14,move 21-9,move 4-1,move 9-21,remove 1",
     MOULIN_END_FEWER_THAN_THREE, 0, false},
    /* No random opening: black wins 9 v 2, white having flown once with its last three. */
    {"no_opening", "", 1,
     "place 10,place 4,place 18,place 3,place 5,place 7,place 1,place 8,place 6,place 12,"
     "place 17,place 13,place 14,place 19,place 0,place 2,place 21,place 9,move 21-22,"
     "move 13-20,move 5-13,move 19-16,move 13-5,move 16-19,move 14-13,move 2-14,move 6-11,"
     "move 7-6,move 1-2,move 4-7,remove 13,move 5-13,move 7-4,move 13-5,move 20-13,"
     "remove 5,move 2-1,move 13-5,remove 17,move 22-23,move 5-13,remove 1,move 11-15,"
     "move 13-5,remove 15,move 10-11,move 5-13,remove 11,move 23-10,move 4-7,remove 0",
     MOULIN_END_FEWER_THAN_THREE, 1, true},
};

#endif
