/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Buraco (RULES.md §3): the seed's simplified rules, for 2 players or 4 in two teams
 * (seats 0+2 against 1+3, sharing their team's melds).
 *
 * The state is a fixed-size struct. Hands are card counts (0..2 of each of the 52 faces,
 * two decks); the stock is implicit: every card not in a hand, a meld or the discard
 * pile is still in the stock, and each draw is a chance action over those cards.
 *
 * A turn as actions:
 *   draw                      the top of the stock (a chance action deals the card), or
 *   take C1 C2                the discard pile, forming a new meld of its top card with
 *                             hand cards C1 C2 (the rest of the pile joins the hand);
 *   then any number of
 *   meld C1 C2 C3             a new meld of three natural cards in sequence,
 *   meld C1 C2 +wild, wild W  a new meld of two naturals and the wild 2 W (two steps, so
 *                             that no position ever lists more than RULES_MAX_ACTIONS),
 *   join I C                  card C onto the team's meld I (creation order, from 0);
 *   and finally
 *   discard C.
 * A longer meld is a three-card meld and joins: every valid meld can be built that way,
 * and the protocol (protocol.h) turns a bot's "MELD_NEW [ ... ]" into those steps. */
#ifndef TASCA_BURACO_H
#define TASCA_BURACO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../core/card.h"
#include "../../engine/rules.h"

enum {
    BUR_FACES = 53,      /* card faces: the 52 naturals (each twice) and the joker (face 52,
                          * four copies with the jokers option, else none) */
    BUR_JOKER_FACE = 52,
    BUR_JOKERS = 4,
    BUR_DECK = 104,      /* two decks without jokers (the contest's game) */
    BUR_DECK_MAX = 108,  /* with the four jokers */
    BUR_MORTO_CARDS = 11, /* cards of a morto */
    BUR_HAND_START = 11,
    BUR_MELD_MAX = 14,   /* A 2 3 ... K A */
    BUR_MAX_MELDS = 36,  /* per team: 104 cards make at most 34 melds of three */
    BUR_TEAMS = 2,
    BUR_CANASTRA = 7,
    BUR_BONUS_CLEAN = 200,
    BUR_BONUS_DIRTY = 100,
    BUR_BONUS_OUT = 100,
    BUR_BONUS_500 = 500,   /* big canastras: a clean A..K run */
    BUR_BONUS_1000 = 1000, /* big canastras: a clean A..A run */
    BUR_NO_MORTO = 100,    /* a team that never took its morto loses this */
    BUR_JOKER_POINTS = 20,
    BUR_SHEET = 40,        /* deals kept on a match's score sheet */
    BUR_MATCH_DEALS = 10,  /* a match ends after this many deals at most */
};

/* The option indices of buraco_rules (keys as on the command line and in saves). */
enum {
    BUR_OPT_VARIANT = 0, /* preset: contest, stbl, fechado, aberto; custom */
    BUR_OPT_JOKERS,      /* off, on */
    BUR_OPT_SETS,        /* off, on */
    BUR_OPT_BIG,         /* big_canastras: off, on */
    BUR_OPT_MORTO,       /* off, on */
    BUR_OPT_BATIDA,      /* none, any, limpa */
    BUR_OPT_PILE,        /* strict, closed, open */
    BUR_OPT_TARGET,      /* 1, 1500, 3000, 5000 */
    BUR_OPT_COUNT
};
enum { BUR_VARIANT_CONTEST, BUR_VARIANT_STBL, BUR_VARIANT_FECHADO, BUR_VARIANT_ABERTO,
       BUR_VARIANT_CUSTOM };
enum { BUR_BATIDA_NONE, BUR_BATIDA_ANY, BUR_BATIDA_LIMPA };
enum { BUR_PILE_STRICT, BUR_PILE_CLOSED, BUR_PILE_OPEN };
/* The option values a preset stands for (variant v < BUR_VARIANT_CUSTOM). */
void buraco_variant_options(int variant, GameOptions *opt);
/* The preset the other options match, or BUR_VARIANT_CUSTOM. */
int buraco_options_variant(const GameOptions *opt);
/* The points of target option value i (1: a single deal). */
int buraco_target_points(int i);

typedef enum {
    BUR_DEALING, /* chance: 11 cards to each seat in turn, then the pile's first card */
    BUR_FIRST,   /* chance: who starts */
    BUR_DRAW,    /* the seat to move draws or takes the pile */
    BUR_DRAWING, /* chance: the card drawn from the stock */
    BUR_PLAY,    /* melds, joins, discard */
    BUR_WILD,    /* the seat to move chooses the wild (a 2 or a joker) of the meld it began */
    BUR_OVER,
    BUR_MORTO,   /* chance: the next card of the morto the seat to move takes */
} BuracoPhase;

typedef enum {
    BUR_END_NONE,
    BUR_END_OUT,   /* a player's hand became empty (the batida) */
    BUR_END_STOCK, /* the player to move drew from an empty stock */
} BuracoEnd;

/* Action codes: type << 16 | payload. */
enum {
    BUR_A_DRAW = 1,     /* payload 0 */
    BUR_A_TAKE = 2,     /* i1 << 6 | i2: the two hand cards (card_index, i1 <= i2) */
    BUR_A_NEW3 = 3,     /* suit << 4 | lo: naturals at positions lo, lo+1, lo+2 */
    BUR_A_NEWW = 4,     /* suit << 8 | p << 4 | q: naturals at positions p < q, q-p <= 2 */
    BUR_A_WILD = 5,     /* card_index of the 2 */
    BUR_A_JOIN = 6,     /* meld << 6 | card_index */
    BUR_A_DISCARD = 7,  /* card_index */
    BUR_A_DEAL = 8,     /* chance: card_index */
    BUR_A_FIRST = 9,    /* chance: the seat that starts */
    BUR_A_SET3 = 10,    /* sets: rank << 6 | s1 << 4 | s2 << 2 | s3 (s1 <= s2 <= s3) */
    BUR_A_SETW = 11,    /* sets: rank << 4 | s1 << 2 | s2 (s1 <= s2), then wild W */
    BUR_A_TAKEJ = 12,   /* pile closed: the top onto the team's meld (payload) */
    BUR_A_TAKEALL = 13, /* pile open: the whole pile into the hand (payload 0) */
};

/* The joker: a card value no natural card has (card_is_valid is false for it). */
#define BUR_JOKER CARD_JOKER
static inline bool buraco_is_joker(Card c) { return c == BUR_JOKER; }
/* Faces: card_index for naturals, BUR_JOKER_FACE for the joker. */
static inline int buraco_face(Card c) { return c == BUR_JOKER ? BUR_JOKER_FACE : card_index(c); }
static inline Card buraco_face_card(int f)
{
    return f == BUR_JOKER_FACE ? BUR_JOKER : card_from_index(f);
}
static inline bool buraco_card_ok(Card c) { return c == BUR_JOKER || card_is_valid(c); }
/* "joker", or the card's text. */
const char *buraco_card_text(Card c, char out[CARD_TEXT_MAX]);

static inline Action buraco_action(int type, int payload) { return (Action)(type << 16 | payload); }
static inline int buraco_action_type(Action a) { return a >= 0 ? (int)(a >> 16) : 0; }
static inline int buraco_action_payload(Action a) { return (int)(a & 0xFFFF); }

/* A meld's cards in sequence order (the wild in the place it fills). A set (trinca, with
 * the sets option): kind 1, lo its rank, suit 0, wild_pos 0, its naturals in face order
 * and the wild, if any, last. */
typedef struct {
    uint8_t n;
    uint8_t clean;    /* no wild: a canastra of 7+ is "limpa" */
    uint8_t suit;
    uint8_t lo;       /* position of c[0] (a set: its rank) */
    uint8_t wild_pos; /* position the wild fills, 0: none */
    uint8_t kind;     /* 0: a run, 1: a set */
    Card c[BUR_MELD_MAX];
} BuracoMeld;

typedef struct {
    uint8_t num_players;
    uint8_t phase;    /* BuracoPhase */
    uint8_t turn;     /* seat to move (when a seat moves) */
    int8_t first;     /* seat that started, -1 before */
    int8_t went_out;  /* seat whose hand emptied, -1 */
    uint8_t end;      /* BuracoEnd */
    uint8_t dealt;    /* cards dealt so far in BUR_DEALING */
    uint8_t stock_n;  /* cards left in the stock */
    uint8_t drew_stock;  /* this turn's draw came from the stock (public) */
    Card drawn;          /* that card: seen by the drawer only (CARD_NONE in others' views) */
    uint8_t pend_suit, pend_p, pend_q; /* BUR_WILD: the two naturals laid (a set:
                                        * pend_p its rank, pend_suit and pend_q the suits) */
    uint8_t pend_set;    /* BUR_WILD: the meld begun is a set */
    /* Options (buraco_rules' OptionDesc; all 0 in the contest's game). */
    uint8_t jokers, sets, big, morto, batida, pile_rule, target;
    /* Mortos: how many lie untaken beside the stock, which team took one, and the one
     * being taken (BUR_MORTO: cards still to come into the hand, then end the turn). */
    uint8_t mortos_left;
    uint8_t morto_taken[BUR_TEAMS];
    uint8_t morto_deal;
    uint8_t morto_end_turn; /* indireto: the turn ends once the morto is in the hand */
    int8_t morto_by;        /* the last seat that took a morto (-1), and how: */
    uint8_t morto_how;      /* 1 direto (by melding), 2 indireto (by discarding) */
    uint8_t morto_stock;    /* mortos that became the stock */
    /* A match over deals (target > 0): deal number, the first seat of the first deal. */
    uint8_t deal;
    int8_t first_deal;
    uint8_t sheet_n;     /* deals on the sheet (the newest BUR_SHEET kept) */
    int8_t prev_went_out; /* a match: the seat that went out in the last deal ended, -1
                           * (also keeps the int16 fields below at an even offset) */
    uint8_t hand_n[RULES_MAX_PLAYERS];
    /* hand[p][f]: copies of face f (card_index) in seat p's hand. In a view of another
     * seat's hand only the publicly known copies remain (those taken with the pile). */
    uint8_t hand[RULES_MAX_PLAYERS][BUR_FACES];
    uint8_t known[RULES_MAX_PLAYERS][BUR_FACES]; /* public: copies everyone knows p holds */
    uint8_t pile_n;
    Card pile[BUR_DECK_MAX]; /* bottom first; the top is pile[pile_n - 1] */
    uint8_t n_melds[BUR_TEAMS];
    BuracoMeld melds[BUR_TEAMS][BUR_MAX_MELDS];
    int16_t score[BUR_TEAMS]; /* the deal's scores, valid when it is over */
    int16_t total[BUR_TEAMS]; /* a match: the totals of the deals played (this one too
                               * when over) */
    int16_t sheet[BUR_SHEET][BUR_TEAMS]; /* a match: each deal's scores */
    uint16_t turns;           /* turns completed (this deal) */
} BuracoState;

extern const GameRules buraco_rules;

/* ---- Cards and positions ---------------------------------------------------------
 * A sequence position is 1 (low Ace) .. 13 (King), 14 (high Ace). */
static inline int buraco_pos_rank(int pos) { return pos == 14 ? RANK_ACE : pos; }
static inline Card buraco_pos_card(int suit, int pos) { return card_make(buraco_pos_rank(pos), suit); }
static inline bool buraco_is_two(Card c) { return card_rank(c) == 2; }
/* Points of a card: 3-7: 5; 2 and 8-K: 10; A: 15; the joker 20. */
int buraco_card_points(Card c);
/* A wild card: a 2 (unless natural in its place) or a joker. */
static inline bool buraco_is_wildcard(Card c) { return buraco_is_two(c) || c == BUR_JOKER; }
/* Copies of face f in this game's decks: 2, the joker 4 or 0. */
static inline int buraco_copies(const BuracoState *s, int f)
{
    return f == BUR_JOKER_FACE ? (s->jokers ? BUR_JOKERS : 0) : 2;
}
static inline int buraco_team(int seat) { return seat & 1; }

/* ---- The meld validator -----------------------------------------------------------
 * Any multiset of cards: is it a valid meld (RULES.md §3)? On success, info gets the
 * arrangement: suit, the positions lo..hi it spans, the position the wild fills (0: no
 * wild) and the cards in sequence order. A clean arrangement is preferred. */
typedef struct {
    int suit;
    int lo, hi;   /* a set: its rank, twice */
    int wild_pos;
    bool clean;
    bool set;     /* a set: order holds the naturals, the wild last */
    int n;
    Card order[BUR_MELD_MAX];
} BuracoMeldInfo;

bool buraco_meld_check(const Card *cards, int n, BuracoMeldInfo *info);
/* The same with sets (trincas) allowed when `sets`: three or more cards of one rank (not
 * 2), at most one of them a wild (a 2 or a joker). A set is never also a run. */
bool buraco_meld_check2(const Card *cards, int n, bool sets, BuracoMeldInfo *info);
/* A laid meld as the validator arranged it. */
void buraco_meld_set(BuracoMeld *m, const BuracoMeldInfo *info);
/* Points of a laid meld: its cards plus the canastra bonus (the contest's). */
int buraco_meld_points(const BuracoMeld *m);
/* The canastra bonus of a meld: 0, 100 (suja), 200 (limpa); with big canastras a clean run
 * A..K 500 and A..A 1000. */
int buraco_canastra_bonus(const BuracoMeld *m, bool big);
/* Points of a laid meld in game s (its options). */
int buraco_meld_value(const BuracoState *s, const BuracoMeld *m);
/* Does the team have what it needs on the table to go out for good (batida option)? */
bool buraco_team_may_go_out(const BuracoState *s, int team);
/* May the seat to move empty its hand now: it would take a morto, or its team may go out. */
bool buraco_may_empty(const BuracoState *s);

/* ---- Helpers over a state ----------------------------------------------------------- */
static inline Card buraco_pile_top(const BuracoState *s)
{
    return s->pile_n ? s->pile[s->pile_n - 1] : CARD_NONE;
}
/* The team's score now: melds and bonuses, minus the cards in its players' hands, plus
 * the batida bonus, minus 100 without its morto (morto option). Meaningful at the end (or
 * in a full state). */
int buraco_team_score(const BuracoState *s, int team);
/* Cards of seat p's hand in canonical order (suit, then rank); returns the count. Only the
 * visible ones in a view. */
int buraco_hand_cards(const BuracoState *s, int p, Card out[BUR_DECK_MAX]);
/* Copies of face f nobody has placed yet: its copies minus every visible copy (hands as
 * the state holds them, melds, pile). In a full state these are exactly the cards of the
 * stock and of the mortos nobody has taken (the mortos are dealt when taken). */
int buraco_unseen(const BuracoState *s, int f);
/* The same for every face at once. */
void buraco_unseen_counts(const BuracoState *s, int out[BUR_FACES]);

/* For the seat to move: may it take the pile with hand faces f1, f2 (card_index)? May it
 * join face f to its team's meld m? (The same tests legal_actions makes.) */
bool buraco_take_ok(const BuracoState *s, int f1, int f2);
/* Pile closed: may it take the pile to lay its top on its team's meld m? */
bool buraco_takej_ok(const BuracoState *s, int m);
bool buraco_join_ok(const BuracoState *s, int m, int f);

/* The same with options (opt NULL: the contest's). With mortos, both lie untaken and
 * the stock holds what is left of the deck. */
const char *buraco_setup_opt(BuracoState *s, const GameOptions *opt, int num_players,
                             const Card *const hands[], const int hand_n[], Card top, int first);
/* Sets up a state in the draw phase directly (a judge's initial-state file, a protocol
 * client, tests): seat p holds the hand_n[p] cards hands[p]; top starts the pile; `first`
 * moves first. hands[p] == NULL leaves seat p's hand_n[p] cards unknown (a protocol
 * client's view of the others). Returns an error text when the cards cannot come from two
 * decks (then *s is unspecified). */
const char *buraco_setup(BuracoState *s, int num_players, const Card *const hands[],
                         const int hand_n[], Card top, int first);

/* ---- A view's bookkeeping for what another seat did (protocol clients) --------------
 * These update a view the way observe() would show the real action: the cards the other
 * seat plays leave its known copies first, then its hidden ones. buraco_view_take gets the
 * hand cards of the new meld (two or more), as the protocol tells them. Each returns NULL
 * or a reason when the event cannot be (then the view is unchanged). */
const char *buraco_view_draw(BuracoState *v, int p);
const char *buraco_view_take(BuracoState *v, int p, const Card *cards, int n);
const char *buraco_view_meld_new(BuracoState *v, int p, const Card *cards, int n);
const char *buraco_view_meld_join(BuracoState *v, int p, int meld, const Card *cards, int n);
const char *buraco_view_discard(BuracoState *v, int p, Card c);

#endif
