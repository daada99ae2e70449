/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco Paulista (RULES.md §1). Pure rules, no SDL.
 *
 * A game is a whole match: hands are dealt until a team reaches 12 points (or, with the
 * "match" option, until a team has won two such games). Seats play in index order; a team
 * is seat % 2: 2 players are teams 0 and 1, 4 players sit as partners opposite (seats 0+2
 * against 1+3), and play goes round in seat order (to the right).
 *
 * With 4 players a rodada is won by the team of the strongest card; when the strongest
 * cards of both teams are equal the rodada ties (cangou). The winner of a rodada is the
 * first player who played its strongest card, and leads the next; after a tie the player
 * who tied it leads: the first one to match the other team's strongest card (with 2
 * players, the second to play). A raise is answered by the team called: the player after
 * the raiser answers, or leaves the answer to the partner ("parceiro"), who must answer.
 * In a mão de onze the team at 11 sees both partners' hands, and its first player from
 * the mão decides, or leaves the choice to the partner.
 *
 * Action texts (reversible, see truco_rules.c):
 *   "first 1"        chance: seat 1 is the mão of the first hand
 *   "deal 7♥"        chance: the next card of the deal (3 per seat from the mão, then the vira)
 *   "play 7♥"        play a card face up
 *   "hide 7♥"        play a card face down (carta fechada, 2nd rodada on); also read:
 *                    "play 7♥ fechada"
 *   "play #2" / "hide #2"   blind mão de ferro: the card in hand position 2 (1..3)
 *   "truco" "seis" "nove" "doze"   raise (on your turn before playing, or as an answer)
 *   "aceitar" "correr"             answer a raise
 *   "jogar" "fugir"                mão de onze: play the hand for 3, or give the opponent 1
 *   "parceiro"                     4 players: leave the answer (or the mão de onze) to the
 *                                  partner
 */
#ifndef TASCA_TRUCO_H
#define TASCA_TRUCO_H

#include <stdbool.h>

#include "../../core/card.h"
#include "../../engine/rules.h"

enum {
    TR_MAX_SEATS = 4,
    TR_TEAMS = 2,
    TR_HAND = 3,
    TR_RODADAS = 3,
    TR_GAME_POINTS = 12,
    TR_DECK = 40,
};

/* Option indexes. */
enum { TR_OPT_BLIND = 0, TR_OPT_MATCH = 1 };

typedef enum {
    TR_PH_FIRST,  /* chance: who is the mão of the first hand */
    TR_PH_DEAL,   /* chance: dealing the hand (3 cards per seat, then the vira) */
    TR_PH_ONZE,   /* mão de onze: the team at 11 decides to play or run */
    TR_PH_PLAY,   /* a seat plays a card (or raises first) */
    TR_PH_ANSWER, /* a seat answers a raise */
    TR_PH_OVER,
} TrucoPhase;

typedef enum { TR_KIND_NORMAL, TR_KIND_ONZE, TR_KIND_FERRO } TrucoHandKind;

/* How the last finished hand ended. */
typedef enum {
    TR_END_NONE,
    TR_END_RODADAS, /* decided by the rodadas */
    TR_END_TIED,    /* all three rodadas tied: nobody scores */
    TR_END_RUN,     /* a raise was refused (correr) */
    TR_END_ONZE_RUN /* the team at 11 ran from the mão de onze */
} TrucoEnd;

/* Rodada results. */
enum { TR_RES_NONE = -2, TR_RES_TIE = -1 };

/* Action codes. */
enum {
    TR_TRUCO = 1, /* raise to 3 */
    TR_SEIS = 2,  /* 6 */
    TR_NOVE = 3,  /* 9 */
    TR_DOZE = 4,  /* 12 */
    TR_ACCEPT = 5,
    TR_RUN = 6,
    TR_ONZE_PLAY = 7,
    TR_ONZE_RUN = 8,
    TR_PASS = 9, /* 4 players: the partner answers (or decides the mão de onze) */
    TR_PLAY = 100,      /* + card_index: face up */
    TR_HIDE = 200,      /* + card_index: face down */
    TR_PLAY_SLOT = 300, /* + slot: blind hand, face up */
    TR_HIDE_SLOT = 310, /* + slot: blind hand, face down */
    TR_DEAL = 400,      /* + card_index: chance */
    TR_FIRST = 500,     /* + seat: chance */
};

typedef struct {
    uint8_t num_players;
    uint8_t opt_blind;   /* option: mão de ferro às cegas */
    uint8_t opt_match;   /* option: 0 single game, 1 best of 3 */
    uint8_t phase;       /* TrucoPhase */
    uint8_t kind;        /* TrucoHandKind of the current hand */
    uint8_t blind;       /* this hand is played blind (ferro às cegas) */
    uint8_t score[TR_TEAMS]; /* points in the current game (may pass 12 at its end) */
    uint8_t games[TR_TEAMS]; /* games won (best of 3) */
    int8_t mao;          /* first player of the current hand */
    uint8_t n_dealt;     /* cards dealt in this hand, the vira last */
    Card hand[TR_MAX_SEATS][TR_HAND]; /* fixed positions; CARD_NONE once played */
    Card vira;
    uint8_t rodada;      /* 0..2, the rodada being played */
    int8_t leader;       /* who leads the current rodada */
    uint8_t n_table;     /* cards played in the current rodada */
    Card table[TR_RODADAS][TR_MAX_SEATS]; /* cards played, per rodada and seat */
    uint8_t down[TR_RODADAS];             /* bit per seat: played face down */
    int8_t result[TR_RODADAS];            /* winning team, TR_RES_TIE or TR_RES_NONE */
    uint8_t value;       /* what the hand is worth now: 1 3 6 9 12 (3 in a mão de onze) */
    uint8_t pending;     /* the raise being answered (3 6 9 12), 0 if none */
    int8_t raiser;       /* who made the pending raise */
    int8_t answerer;     /* who answers it (or decides the mão de onze) */
    uint8_t passed;      /* that answer was left to the partner: the partner must answer */
    int8_t last_raise_team; /* team that made the last accepted raise, -1: nobody */
    int8_t onze_team;    /* team at 11 in a mão de onze, else -1 */
    /* The last finished hand and game, for tables and logs. */
    int8_t last_winner;  /* team that scored, -1 nobody */
    uint8_t last_points;
    uint8_t last_end;    /* TrucoEnd */
    int8_t game_winner;  /* team that won the last finished game, -1 none yet */
    int8_t winner;       /* team that won the match (phase OVER) */
    uint16_t hands;      /* hands started */
} TrucoState;

extern const GameRules truco_rules;

/* Rank order of a card for Truco, 0 (4) .. 9 (3); -1 for a card not in the 40-card deck. */
int truco_rank_order(int rank);
/* The manilha rank for a vira (the next rank in the order, cyclic). */
int truco_manilha_rank(Card vira);
bool truco_is_manilha(Card c, Card vira);
/* Strength of a face-up card: 0..9 for the plain ranks, 10..13 for the manilhas
 * (♦ ♠ ♥ ♣). Equal plain strengths tie. */
int truco_strength(Card c, Card vira);
/* Is c one of the 40 Truco cards? */
bool truco_card_valid(Card c);
/* The team of a seat. */
static inline int truco_team(int seat) { return seat % 2; }
/* The seat to act: a seat, PLAYER_CHANCE or PLAYER_TERMINAL (same as the rules table). */
int truco_current_player(const TrucoState *s);
/* Raise code for the next value after v (3 → TR_SEIS ...), 0 if none. */
int truco_raise_action(int value);
/* May `seat` raise now (it is to play a card, not in an onze/ferro hand, value < 12 and its
 * team did not make the last raise)? */
bool truco_can_raise(const TrucoState *s, int seat);
/* May the seat to answer (or to decide the mão de onze) leave it to its partner? */
bool truco_can_pass(const TrucoState *s);
/* Does `seat` see the faces of `owner`'s cards (in hand, or played face down)? Its own
 * unless the hand is blind; its partner's in the mão de onze of their team, once dealt. */
bool truco_sees_hand(const TrucoState *s, int seat, int owner);
/* The seat that wins rodada r so far or in the end, and the one who leads after it: the
 * first player of the strongest card, or after a tie the first to match the other team's.
 * Writes the result (a team or TR_RES_TIE) in *result; returns the leader, -1 with no
 * card on the table. */
int truco_rodada_leader(const TrucoState *s, int r, int *result);

#endif
