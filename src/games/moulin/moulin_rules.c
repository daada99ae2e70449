/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Moulin (Nine Men's Morris), pure rules (RULES.md §5). See moulin.h for the conventions. */
#include <stdio.h>
#include <string.h>

#include "../../core/nls.h"
#include "moulin.h"

#define B(p) (1u << (p))

const uint32_t moulin_adj[MOULIN_POINTS] = {
    B(1) | B(9),                   /* 0 */
    B(0) | B(2) | B(4),            /* 1 */
    B(1) | B(14),                  /* 2 */
    B(4) | B(10),                  /* 3 */
    B(1) | B(3) | B(5) | B(7),     /* 4 */
    B(4) | B(13),                  /* 5 */
    B(7) | B(11),                  /* 6 */
    B(4) | B(6) | B(8),            /* 7 */
    B(7) | B(12),                  /* 8 */
    B(0) | B(10) | B(21),          /* 9 */
    B(3) | B(9) | B(11) | B(18),   /* 10 */
    B(6) | B(10) | B(15),          /* 11 */
    B(8) | B(13) | B(17),          /* 12 */
    B(5) | B(12) | B(14) | B(20),  /* 13 */
    B(2) | B(13) | B(23),          /* 14 */
    B(11) | B(16),                 /* 15 */
    B(15) | B(17) | B(19),         /* 16 */
    B(12) | B(16),                 /* 17 */
    B(10) | B(19),                 /* 18 */
    B(16) | B(18) | B(20) | B(22), /* 19 */
    B(13) | B(19),                 /* 20 */
    B(9) | B(22),                  /* 21 */
    B(19) | B(21) | B(23),         /* 22 */
    B(14) | B(22),                 /* 23 */
};

const uint32_t moulin_mill_mask[MOULIN_MILLS] = {
    /* the 8 rows */
    B(0) | B(1) | B(2),
    B(3) | B(4) | B(5),
    B(6) | B(7) | B(8),
    B(9) | B(10) | B(11),
    B(12) | B(13) | B(14),
    B(15) | B(16) | B(17),
    B(18) | B(19) | B(20),
    B(21) | B(22) | B(23),
    /* the 8 columns */
    B(0) | B(9) | B(21),
    B(3) | B(10) | B(18),
    B(6) | B(11) | B(15),
    B(1) | B(4) | B(7),
    B(16) | B(19) | B(22),
    B(8) | B(12) | B(17),
    B(5) | B(13) | B(20),
    B(2) | B(14) | B(23),
};

/* Every point lies on exactly one row and one column. */
const uint8_t moulin_point_mills[MOULIN_POINTS][2] = {
    {0, 8},  {0, 11}, {0, 15}, {1, 9},  {1, 11}, {1, 14}, {2, 10}, {2, 11},
    {2, 13}, {3, 8},  {3, 9},  {3, 10}, {4, 13}, {4, 14}, {4, 15}, {5, 10},
    {5, 12}, {5, 13}, {6, 9},  {6, 12}, {6, 14}, {7, 8},  {7, 12}, {7, 15},
};

static const char *const off_on[] = {N_("off"), N_("on")};
static const OptionDesc options[] = {
    {"flying", N_("Flying"),
     N_("With 3 pieces left, a player may move a piece to any empty point."), 1, 0, 1, off_on},
    {"nmove", N_("N-move rule"),
     N_("Draw after this many plies in a row without a placement or a removal (0 = off)."), 100, 0,
     MOULIN_NMOVE_MAX, NULL},
    {"opening", NULL, /* for bot matches only: not in the window's Options */
     N_("This many first placements (0 to 4) are drawn at random; for bot matches."), 0, 0,
     MOULIN_OPENING_MAX, NULL},
};

static int popcount(uint32_t x)
{
    return __builtin_popcount(x);
}

uint32_t moulin_mill_pieces(uint32_t bb)
{
    uint32_t in = 0;
    for (int m = 0; m < MOULIN_MILLS; m++)
        if ((bb & moulin_mill_mask[m]) == moulin_mill_mask[m])
            in |= moulin_mill_mask[m];
    return in;
}

uint32_t moulin_removable(uint32_t opp)
{
    uint32_t free_ = opp & ~moulin_mill_pieces(opp);
    return free_ ? free_ : opp;
}

bool moulin_can_fly(const MoulinState *s, int seat)
{
    return s->flying && s->hand[seat] == 0 && popcount(s->bb[seat]) == 3;
}

int moulin_pieces_left(const MoulinState *s, int seat)
{
    return popcount(s->bb[seat]) + s->hand[seat];
}

static uint32_t empty_points(const MoulinState *s)
{
    return ~(s->bb[0] | s->bb[1]) & MOULIN_BOARD_MASK;
}

static bool has_move(const MoulinState *s, int seat)
{
    uint32_t empty = empty_points(s);
    if (s->hand[seat] > 0 || moulin_can_fly(s, seat))
        return empty != 0;
    for (uint32_t b = s->bb[seat]; b; b &= b - 1)
        if (moulin_adj[__builtin_ctz(b)] & empty)
            return true;
    return false;
}

static uint64_t key_of(const MoulinState *s)
{
    return moulin_position_key(s->bb[0], s->bb[1], s->side, s->pending);
}

static void push_position(MoulinState *s)
{
    if (s->nhist == MOULIN_HIST) {
        /* Only with the N-move rule off: keep the newer half. */
        memmove(s->hist, s->hist + MOULIN_HIST / 2, sizeof s->hist[0] * (MOULIN_HIST / 2));
        s->nhist = MOULIN_HIST / 2;
    }
    s->hist[s->nhist++] = key_of(s);
}

static void finish(MoulinState *s, MoulinEnd end, int winner)
{
    s->end = (uint8_t)end;
    s->winner = (int8_t)winner;
}

/* End conditions for the side now to act; losses first, then the draws. */
static void settle(MoulinState *s)
{
    if (s->pending)
        return;
    int p = s->side;
    if (moulin_pieces_left(s, p) < 3) {
        finish(s, MOULIN_END_FEWER_THAN_THREE, 1 - p);
        return;
    }
    if (!has_move(s, p)) {
        finish(s, MOULIN_END_BLOCKED, 1 - p);
        return;
    }
    uint64_t k = s->hist[s->nhist - 1];
    int seen = 0;
    for (int i = 0; i < s->nhist; i++)
        seen += s->hist[i] == k;
    if (seen >= 3)
        finish(s, MOULIN_END_REPETITION, -1);
    else if (s->nmove && s->quiet >= s->nmove)
        finish(s, MOULIN_END_NMOVE, -1);
}

/* Bookkeeping after every ply: the repetition window, the N-move count, the end. */
static void after_ply(MoulinState *s, bool irreversible)
{
    if (irreversible) {
        s->nhist = 0;
        s->quiet = 0;
    } else if (s->quiet < UINT16_MAX) {
        s->quiet++;
    }
    if (s->plies < UINT16_MAX)
        s->plies++;
    push_position(s);
    settle(s);
}

/* A piece of the side to act has just arrived on `to`: a removal follows when it closed a
 * mill and the opponent has something to remove; otherwise the turn passes. */
static void arrived(MoulinState *s, int to)
{
    int me = s->side;
    if (moulin_in_mill(s->bb[me], to) && s->bb[1 - me])
        s->pending = 1;
    else
        s->side = (uint8_t)(1 - me);
}

static void reset(MoulinState *s, const GameOptions *opt)
{
    memset(s, 0, sizeof *s);
    s->flying = (uint8_t)(opt->v[MOULIN_OPT_FLYING] != 0);
    int n = opt->v[MOULIN_OPT_NMOVE];
    s->nmove = (uint8_t)(n < 0 ? 0 : n > MOULIN_NMOVE_MAX ? MOULIN_NMOVE_MAX : n);
    s->winner = -1;
}

static const char *init(void *state, const GameOptions *opt, int num_players, uint64_t seed)
{
    (void)seed; /* the random opening, if any, is drawn by the match as chance actions */
    if (num_players != MOULIN_SEATS)
        return N_("Moulin is played by exactly 2 players");
    MoulinState *s = state;
    reset(s, opt);
    s->hand[0] = s->hand[1] = MOULIN_PIECES;
    int k = opt->v[MOULIN_OPT_OPENING];
    s->opening_left = (uint8_t)(k < 0 ? 0 : k > MOULIN_OPENING_MAX ? MOULIN_OPENING_MAX : k);
    push_position(s);
    return NULL;
}

const char *moulin_setup(MoulinState *s, const GameOptions *opt, uint32_t white, uint32_t black,
                         int hand_white, int hand_black, int side)
{
    if ((white | black) & ~MOULIN_BOARD_MASK || (white & black))
        return N_("pieces off the board or on top of each other");
    if (hand_white < 0 || hand_black < 0 || popcount(white) + hand_white > MOULIN_PIECES ||
        popcount(black) + hand_black > MOULIN_PIECES)
        return N_("more than 9 pieces for a side");
    if (side != 0 && side != 1)
        return N_("the side to move is 0 or 1");
    reset(s, opt);
    s->bb[0] = white;
    s->bb[1] = black;
    s->hand[0] = (uint8_t)hand_white;
    s->hand[1] = (uint8_t)hand_black;
    s->side = (uint8_t)side;
    push_position(s);
    settle(s);
    return NULL;
}

static int num_players(const void *state)
{
    (void)state;
    return MOULIN_SEATS;
}

static int current_player(const void *state)
{
    const MoulinState *s = state;
    if (s->end != MOULIN_END_NONE)
        return PLAYER_TERMINAL;
    if (s->opening_left)
        return PLAYER_CHANCE;
    return s->side;
}

static int legal_actions(const void *state, Action out[RULES_MAX_ACTIONS])
{
    const MoulinState *s = state;
    if (current_player(s) < 0)
        return 0;
    int n = 0, me = s->side;
    uint32_t empty = empty_points(s);
    if (s->pending) {
        for (uint32_t b = moulin_removable(s->bb[1 - me]); b; b &= b - 1)
            out[n++] = MOULIN_REMOVE + __builtin_ctz(b);
    } else if (s->hand[me]) {
        for (uint32_t b = empty; b; b &= b - 1)
            out[n++] = MOULIN_PLACE + __builtin_ctz(b);
    } else {
        bool fly = moulin_can_fly(s, me);
        for (uint32_t f = s->bb[me]; f; f &= f - 1) {
            int from = __builtin_ctz(f);
            for (uint32_t t = fly ? empty : moulin_adj[from] & empty; t; t &= t - 1)
                out[n++] = MOULIN_MOVE + from * MOULIN_POINTS + __builtin_ctz(t);
        }
    }
    return n;
}

static int chance_outcomes(const void *state, Action out[RULES_MAX_ACTIONS],
                           uint32_t weights[RULES_MAX_ACTIONS])
{
    const MoulinState *s = state;
    if (current_player(s) != PLAYER_CHANCE)
        return 0;
    int n = 0;
    for (uint32_t b = empty_points(s); b; b &= b - 1) {
        weights[n] = 1;
        out[n++] = MOULIN_PLACE + __builtin_ctz(b);
    }
    return n;
}

static const char *apply_place(MoulinState *s, int p)
{
    int me = s->side;
    if (s->hand[me] == 0)
        return N_("all your pieces are on the board: move one");
    if ((s->bb[0] | s->bb[1]) & B(p))
        return N_("that point is taken");
    s->bb[me] |= B(p);
    s->hand[me]--;
    arrived(s, p);
    after_ply(s, true);
    return NULL;
}

static const char *apply_move(MoulinState *s, int from, int to)
{
    int me = s->side;
    if (s->hand[me])
        return N_("place all your pieces before moving one");
    if (!(s->bb[me] & B(from)))
        return s->bb[1 - me] & B(from) ? N_("that piece is not yours")
                                       : N_("there is no piece there");
    if ((s->bb[0] | s->bb[1]) & B(to))
        return N_("that point is taken");
    if (!(moulin_adj[from] & B(to)) && !moulin_can_fly(s, me))
        return s->flying ? N_("a piece moves along a line to the next point (flying only with 3 "
                              "pieces left)")
                         : N_("a piece moves along a line to the next point");
    s->bb[me] ^= B(from) | B(to);
    arrived(s, to);
    after_ply(s, false);
    return NULL;
}

static const char *apply_remove(MoulinState *s, int p)
{
    int me = s->side;
    uint32_t opp = s->bb[1 - me];
    if (!(opp & B(p)))
        return N_("choose a piece of your opponent to remove");
    if (!(moulin_removable(opp) & B(p)))
        return N_("that piece is in a mill: remove one that is not");
    s->bb[1 - me] &= ~B(p);
    s->pending = 0;
    s->side = (uint8_t)(1 - me);
    after_ply(s, true);
    return NULL;
}

static const char *apply(void *state, Action a)
{
    MoulinState *s = state;
    int p = current_player(s);
    if (p == PLAYER_TERMINAL)
        return N_("the game is over");
    if (p == PLAYER_CHANCE) {
        if (a < MOULIN_PLACE || a >= MOULIN_PLACE + MOULIN_POINTS)
            return N_("an opening placement must be drawn now");
        const char *e = apply_place(s, a - MOULIN_PLACE);
        if (!e)
            s->opening_left--;
        return e;
    }
    if (a >= MOULIN_REMOVE && a < MOULIN_REMOVE + MOULIN_POINTS) {
        if (!s->pending)
            return N_("you may remove a piece only after closing a mill");
        return apply_remove(s, a - MOULIN_REMOVE);
    }
    if (s->pending)
        return N_("you closed a mill: remove an opponent piece first");
    if (a >= MOULIN_PLACE && a < MOULIN_PLACE + MOULIN_POINTS)
        return apply_place(s, a - MOULIN_PLACE);
    if (a >= MOULIN_MOVE && a < MOULIN_MOVE + MOULIN_POINTS * MOULIN_POINTS)
        return apply_move(s, (a - MOULIN_MOVE) / MOULIN_POINTS, (a - MOULIN_MOVE) % MOULIN_POINTS);
    return N_("not a Moulin action");
}

static void returns(const void *state, double out[RULES_MAX_PLAYERS])
{
    const MoulinState *s = state;
    for (int i = 0; i < RULES_MAX_PLAYERS; i++)
        out[i] = 0;
    if (s->end == MOULIN_END_NONE || s->winner < 0)
        return;
    out[s->winner] = 1;
    out[1 - s->winner] = -1;
}

/* Nothing is hidden: a seat sees the whole state. */
static void observe(const void *state, int seat, void *view)
{
    (void)seat;
    memcpy(view, state, sizeof(MoulinState));
}

static void resample(const void *view, int seat, Rng *rng, void *out)
{
    (void)seat;
    (void)rng;
    memcpy(out, view, sizeof(MoulinState));
}

static void action_to_string(const void *state, Action a, char out[RULES_ACTION_TEXT])
{
    (void)state;
    if (a >= MOULIN_PLACE && a < MOULIN_PLACE + MOULIN_POINTS)
        snprintf(out, RULES_ACTION_TEXT, "place %d", (int)(a - MOULIN_PLACE));
    else if (a >= MOULIN_MOVE && a < MOULIN_MOVE + MOULIN_POINTS * MOULIN_POINTS)
        snprintf(out, RULES_ACTION_TEXT, "move %d-%d", (int)(a - MOULIN_MOVE) / MOULIN_POINTS,
                 (int)(a - MOULIN_MOVE) % MOULIN_POINTS);
    else if (a >= MOULIN_REMOVE && a < MOULIN_REMOVE + MOULIN_POINTS)
        snprintf(out, RULES_ACTION_TEXT, "remove %d", (int)(a - MOULIN_REMOVE));
    else
        snprintf(out, RULES_ACTION_TEXT, "?%d", (int)a);
}

/* A point number 0..23 in decimal, without sign or leading zeros; advances *t. */
static bool parse_point(const char **t, int *out)
{
    const char *p = *t;
    if (*p < '0' || *p > '9')
        return false;
    int v = *p++ - '0';
    if (v != 0 && *p >= '0' && *p <= '9')
        v = v * 10 + (*p++ - '0');
    if (v >= MOULIN_POINTS || (*p >= '0' && *p <= '9'))
        return false;
    *t = p;
    *out = v;
    return true;
}

static bool action_from_string(const void *state, const char *text, Action *out)
{
    (void)state;
    int a, b;
    const char *t = text;
    if (strncmp(t, "place ", 6) == 0) {
        t += 6;
        if (!parse_point(&t, &a) || *t)
            return false;
        *out = MOULIN_PLACE + a;
    } else if (strncmp(t, "remove ", 7) == 0) {
        t += 7;
        if (!parse_point(&t, &a) || *t)
            return false;
        *out = MOULIN_REMOVE + a;
    } else if (strncmp(t, "move ", 5) == 0 || strncmp(t, "fly ", 4) == 0) {
        t += t[0] == 'm' ? 5 : 4; /* "fly a-b" is accepted as a synonym of "move a-b" */
        if (!parse_point(&t, &a) || *t++ != '-' || !parse_point(&t, &b) || *t)
            return false;
        *out = MOULIN_MOVE + a * MOULIN_POINTS + b;
    } else {
        return false;
    }
    return true;
}

static const char *const seat_name[MOULIN_SEATS] = {"White", "Black"};

static void describe(const void *state, char *out, size_t size)
{
    const MoulinState *s = state;
    static const char *const board[] = {
        "x-----------x-----------x", "|   x-------x-------x   |", "|   |   x---x---x   |   |",
        "x---x---x       x---x---x", "|   |   x---x---x   |   |", "|   x-------x-------x   |",
        "x-----------x-----------x",
    };
    size_t len = 0;
    int p = 0;
    out[0] = '\0';
#define OUT(...)                                                                                   \
    do {                                                                                           \
        if (len < size)                                                                            \
            len += (size_t)snprintf(out + len, size - len, __VA_ARGS__);                           \
    } while (0)
    for (int r = 0; r < 7; r++) {
        char line[32];
        snprintf(line, sizeof line, "%s", board[r]);
        for (char *c = line; *c; c++)
            if (*c == 'x') {
                *c = s->bb[0] & B(p) ? 'O' : s->bb[1] & B(p) ? 'X' : '#';
                p++;
            }
        OUT("%s\n", line);
    }
    for (int i = 0; i < MOULIN_SEATS; i++)
        OUT("%s (%c): %d on the board, %d in hand\n", seat_name[i], i ? 'X' : 'O',
            popcount(s->bb[i]), s->hand[i]);
    static const char *const why[] = {"", "fewer than 3 pieces", "no legal move",
                                      "threefold repetition", "N-move rule"};
    if (s->end != MOULIN_END_NONE) {
        if (s->winner >= 0)
            OUT("Result: %s wins (%s has %s)\n", seat_name[s->winner], seat_name[1 - s->winner],
                why[s->end]);
        else
            OUT("Result: draw (%s)\n", why[s->end]);
    } else if (s->opening_left) {
        OUT("Drawing the opening: %d placements left\n", s->opening_left);
    } else {
        OUT("To act: %s, %s\n", seat_name[s->side],
            s->pending                   ? "remove a piece"
            : s->hand[s->side]           ? "place a piece"
            : moulin_can_fly(s, s->side) ? "fly a piece"
                                         : "move a piece");
    }
#undef OUT
}

const GameRules moulin_rules = {
    .id = "moulin",
    .name = N_("Moulin"),
    .summary = N_("Nine Men's Morris: form mills of three to take your opponent's pieces."),
    .min_players = 2,
    .max_players = 2,
    .default_players = 2,
    .state_size = sizeof(MoulinState),
    .options = options,
    .n_options = (int)(sizeof options / sizeof options[0]),
    .init = init,
    .num_players = num_players,
    .current_player = current_player,
    .legal_actions = legal_actions,
    .apply = apply,
    .returns = returns,
    .chance_outcomes = chance_outcomes,
    .observe = observe,
    .resample = resample,
    .action_to_string = action_to_string,
    .action_from_string = action_from_string,
    .describe = describe,
};
