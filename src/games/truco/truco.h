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
 * House rules (options, default the rules above): "reraise" off, a raise is answered only by
 * accepting or running; "run_passes" on (4 players), the first answerer's "correr" leaves
 * the answer to the partner like "parceiro", so the team runs only if both refuse;
 * "tie_lead", who leads after a tied rodada: who tied it, the player of the first of the
 * tied cards, or the mão.
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
 *   "sinal zap" "sinal copas" "sinal espadilha" "sinal pica-fumo" "sinal tres"
 *                                  4 players with signals: a sign to the partner (on the
 *                                  seat's turn to play; the turn does not pass)
 *   "caught none" / "caught 1" / "caught 1 3"
 *                                  chance, after a sign: which opponents caught it
 *
 * Signals (4 players, option "signals"): on its turn to play a card, a seat may make any of
 * the five traditional signs, each at most once a hand; its partner always sees it, and each
 * opponent catches it with the chance of the option "signal_seen" (a chance step right after
 * the sign). A sign says nothing the rules check: a person may bluff. While the catch is
 * drawn the other team's view shows that the seat to play made a sign, not which
 * (sig_sign TR_SIGNS); once it is drawn, a seat that did not see the sign has the view it
 * would have had without it.
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

/* Option indexes. The variant is a preset of the three rule options after it (manilhas,
 * deck, values); changing one of those makes it "custom" unless they match a preset. */
enum {
    TR_OPT_BLIND = 0,
    TR_OPT_MATCH = 1,
    TR_OPT_VARIANT = 2,
    TR_OPT_MANILHAS = 3,
    TR_OPT_DECK = 4,
    TR_OPT_VALUES = 5,
    TR_OPT_SIGNALS = 6, /* off, on (4 players only) */
    TR_OPT_SEEN = 7,    /* chance an opponent catches a sign: value v is 5 × v percent */
    /* House rules (RULES.md §1 "House rules"); each default is the written rule. */
    TR_OPT_RERAISE = 8,    /* on: a raise may be answered by raising again; off: accept or run */
    TR_OPT_RUN_PASSES = 9, /* 4 players, on: the first to answer who runs leaves the answer to
                            * the partner; the team runs only if both refuse */
    TR_OPT_TIE_LEAD = 10,  /* who leads after a tied rodada: TrucoTieLead */
};
/* Values of the tie-lead option: after a tied rodada the next is led by the player who tied
 * it (the first to match the other team's strongest card; with two players the second to
 * play), by the player of the first of the tied cards, or by the hand's mão. A rodada after
 * a tie is played only when every rodada before it tied, so the mão is also the player who
 * led the tied rodada. With two players the last two are the same seat. */
typedef enum { TR_TIE_TIED, TR_TIE_FIRST, TR_TIE_MAO } TrucoTieLead;
/* The signs partners make (RULES.md §1, four players): the zap (eyebrows), copas (a wink),
 * espadilha (a shoulder), pica-fumo (the mouth), a three (a corner of the mouth). The four
 * manilhas by suit — clubs, hearts, spades, diamonds, with the vira or fixed — and a three
 * that is not a manilha. */
typedef enum {
    TR_SIGN_ZAP,
    TR_SIGN_COPAS,
    TR_SIGN_ESPADILHA,
    TR_SIGN_PICAFUMO,
    TR_SIGN_THREE,
    TR_SIGNS
} TrucoSign;
/* Values of the variant option. */
typedef enum {
    TR_VAR_PAULISTA,
    TR_VAR_MINEIRO,
    TR_VAR_VELHA,
    TR_VAR_LIMPO,
    TR_VAR_CUSTOM,
} TrucoVariant;
enum { TR_MANILHAS_VIRA = 0, TR_MANILHAS_FIXED = 1 };
enum { TR_DECK_40 = 0, TR_DECK_24 = 1 };
enum { TR_VALUES_PAULISTA = 0, TR_VALUES_MINEIRO = 1 };

typedef enum {
    TR_PH_FIRST,  /* chance: who is the mão of the first hand */
    TR_PH_DEAL,   /* chance: dealing the hand (3 cards per seat, then the vira) */
    TR_PH_ONZE,   /* mão de onze: the team at 11 decides to play or run */
    TR_PH_PLAY,   /* a seat plays a card (or raises first) */
    TR_PH_ANSWER, /* a seat answers a raise */
    TR_PH_OVER,
    TR_PH_CAUGHT, /* chance: which opponents catch the sign just made (then PLAY again) */
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
    TR_SIGNAL = 600,    /* + TrucoSign */
    TR_CAUGHT = 610,    /* + bit per seat that caught the sign: chance */
};

/* One betting event of the current hand (TrucoState.bets), public: every view keeps it. */
enum { TR_BET_LOG = 12 }; /* at most 4 raises a hand, each answered, and some left to a
                           * partner first: more is not kept */
typedef struct {
    int8_t seat;      /* who acted */
    uint8_t action;   /* TR_TRUCO..TR_DOZE (a raise), TR_ACCEPT, TR_RUN, TR_PASS */
    uint8_t answer;   /* made answering a raise (a raise then is a re-raise) */
    uint8_t rodada;   /* the rodada being played */
    uint8_t played;   /* bit per seat that had already played its card in that rodada */
    uint8_t value;    /* what the hand was worth before it (the raise answered not included) */
} TrucoBet;

typedef struct {
    uint8_t num_players;
    uint8_t opt_blind;   /* option: mão de ferro às cegas */
    uint8_t opt_match;   /* option: 0 single game, 1 best of 3 */
    uint8_t opt_manilhas; /* option: TR_MANILHAS_VIRA, or fixed (manilha velha: no vira) */
    uint8_t opt_deck;     /* option: TR_DECK_40, or TR_DECK_24 (baralho limpo: A 2 3 J Q K) */
    uint8_t opt_values;   /* option: TR_VALUES_PAULISTA (1 3 6 9 12, onze) or MINEIRO (2 4 6
                           * 10 12, mão de dez) */
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
    uint8_t value;       /* what the hand is worth now: 1 3 6 9 12 (3 in a mão de onze);
                          * Mineiro: 2 4 6 10 12 (4 in a mão de dez) */
    uint8_t pending;     /* the raise being answered (3 6 9 12; Mineiro 4 6 10 12), 0: none */
    int8_t raiser;       /* who made the pending raise */
    int8_t answerer;     /* who answers it (or decides the mão de onze) */
    uint8_t passed;      /* that answer was left to the partner: the partner must answer */
    int8_t last_raise_team; /* team that made the last accepted raise, -1: nobody */
    int8_t onze_team;    /* team at 11 (Mineiro: 10) in a mão de onze (de dez), else -1 */
    /* The last finished hand and game, for tables and logs. */
    int8_t last_winner;  /* team that scored, -1 nobody */
    uint8_t last_points;
    uint8_t last_end;    /* TrucoEnd */
    int8_t game_winner;  /* team that won the last finished game, -1 none yet */
    int8_t winner;       /* team that won the match (phase OVER) */
    uint16_t hands;      /* hands started */
    /* Signals (4 players). sig[p][k]: a bit per seat that saw seat p's sign k in this hand,
     * 0 when it was not made. In a view, a sign the seat did not see is 0, and of the
     * others who saw it only the signalling team shows (nobody knows who caught it). */
    uint8_t opt_signals; /* option on, and 4 players */
    uint8_t opt_seen;    /* percent chance an opponent catches a sign */
    uint8_t sig[TR_MAX_SEATS][TR_SIGNS];
    int8_t sig_seat;     /* TR_PH_CAUGHT: the seat that signed, else -1 */
    uint8_t sig_sign;    /* and its sign (TR_SIGNS in the other team's view: unknown) */
    /* Each team's bets over the whole match so far, as everyone saw them (public, so every
     * view keeps them): a bot reads from them how an opponent bets. */
    uint16_t bet_chances[TR_TEAMS];  /* hands in which a seat of the team was to play with the
                                      * hand at its base value and could call truco */
    uint16_t bet_calls[TR_TEAMS];    /* trucos called on a turn to play */
    uint16_t bet_accepts[TR_TEAMS];  /* raises accepted */
    uint16_t bet_runs[TR_TEAMS];     /* raises refused */
    uint16_t bet_reraises[TR_TEAMS]; /* raises answered by raising again */
    uint16_t bet_runs_up[TR_TEAMS];  /* of the answers above, those to a raise beyond truco */
    uint16_t bet_stays_up[TR_TEAMS]; /* (seis, nove or dez, doze): refused, accepted or raised */
    uint8_t bet_chance_hand;         /* bit per team: its chance in this hand is counted */
    /* House rules (options). */
    uint8_t opt_reraise;    /* a raise may be answered by raising again (the written rule) */
    uint8_t opt_run_passes; /* 4 players: a first refusal leaves the answer to the partner */
    uint8_t opt_tie_lead;   /* TrucoTieLead */
    /* The current hand's betting, in order (emptied as a hand is dealt): when each raise
     * and answer was made, not only how many (value). */
    uint8_t n_bets;
    TrucoBet bets[TR_BET_LOG];
} TrucoState;

extern const GameRules truco_rules;

/* ---- Variants (RULES.md §1 "Variants") ----
 * The rules of a state's variant: which cards are dealt, which are manilhas, what a hand
 * and each raise are worth. Everything below that takes a state follows them. */

/* Is c one of the cards dealt in this variant (40, or 24 with the clean deck)? */
bool truco_in_deck(const TrucoState *s, Card c);
int truco_deck_size(const TrucoState *s);
/* Fixed manilhas (no vira): 4♣ > 7♥ > A♠ > 7♦. */
static inline bool truco_fixed_manilhas(const TrucoState *s)
{
    return s->opt_manilhas == TR_MANILHAS_FIXED;
}
/* Strength of a face-up card in this variant and hand: 0..9 for the plain ranks (equal
 * plain strengths tie), 10..13 for the manilhas; -1 for a card that is not a Truco card. */
int truco_card_strength(const TrucoState *s, Card c);
bool truco_card_is_manilha(const TrucoState *s, Card c);
/* The manilha rank this hand (vira rule; with the clean deck the next rank present), or 0
 * with fixed manilhas or no vira yet. */
int truco_hand_manilha_rank(const TrucoState *s);
/* What a hand is worth before any raise: 1 (Paulista), 2 (Mineiro). */
int truco_base_value(const TrucoState *s);
/* The score at which a team plays the mão de onze (11), or de dez (Mineiro, 10). */
int truco_onze_score(const TrucoState *s);
/* What that hand is worth when played: 3, Mineiro 4. */
int truco_onze_value(const TrucoState *s);
/* The value a raise action brings the hand to (TR_TRUCO.. TR_DOZE): 3 6 9 12 or
 * Mineiro 4 6 10 12. */
int truco_raise_value(const TrucoState *s, int action);
/* Which raise (1 truco .. 4 doze) a value is, 0 for the value before any raise. */
int truco_raise_step(const TrucoState *s, int value);
/* The variant whose preset the three rule options match, else TR_VAR_CUSTOM. */
TrucoVariant truco_variant_of(const GameOptions *opt);
/* NULL, or why these options cannot be played together (fixed manilhas need the 40-card
 * deck). */
const char *truco_options_check(const GameOptions *opt);
/* The name of the state's variant for titles: "Paulista", "Mineiro", ..., "custom". */
const char *truco_variant_name(TrucoVariant v);
TrucoVariant truco_state_variant(const TrucoState *s);

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
/* Raise code for the next value after v (3 → TR_SEIS ...; Mineiro 2 → TR_TRUCO, 4 →
 * TR_SEIS, 6 → TR_NOVE, 10 → TR_DOZE), 0 if none. */
int truco_raise_action(int value);
/* May `seat` raise now (it is to play a card, not in an onze/ferro hand, value < 12 and its
 * team did not make the last raise)? */
bool truco_can_raise(const TrucoState *s, int seat);
/* The raise the seat answering a raise may answer with (TR_SEIS..TR_DOZE), 0 when none:
 * the pending raise is doze, or the table's house rule answers only by accepting or running. */
int truco_answer_raise(const TrucoState *s);
/* Would the answer "correr" now leave the answer to the partner (house rule: a first
 * refusal passes) instead of ending the hand? */
bool truco_run_passes(const TrucoState *s);
/* May the seat to answer (or to decide the mão de onze) leave it to its partner? */
bool truco_can_pass(const TrucoState *s);
/* May `seat` make sign k now (signals on, its turn to play a card, not blind, not made
 * yet in this hand)? */
bool truco_can_signal(const TrucoState *s, int seat, int k);
/* Does `seat` know of `signer`'s sign k (the state or the seat's own view)? */
static inline bool truco_saw_signal(const TrucoState *s, int seat, int signer, int k)
{
    return seat >= 0 && signer >= 0 && signer < TR_MAX_SEATS && k >= 0 && k < TR_SIGNS &&
           ((s->sig[signer][k] >> seat) & 1);
}
/* Does card c (a valid card) answer sign k in this hand: the manilha of that suit, or a three
 * that is not a manilha? */
bool truco_sign_matches(const TrucoState *s, int k, Card c);
/* The sign's short name as the save writes it ("zap", "pica-fumo", "tres"). */
const char *truco_sign_name(int k);

/* Does `seat` see the faces of `owner`'s cards (in hand, or played face down)? Its own
 * unless the hand is blind; its partner's in the mão de onze of their team, once dealt. */
bool truco_sees_hand(const TrucoState *s, int seat, int owner);
/* The seat that wins rodada r so far or in the end, and the one who leads after it: the
 * first player of the strongest card, or after a tie the first to match the other team's.
 * Writes the result (a team or TR_RES_TIE) in *result; returns the leader, -1 with no
 * card on the table. */
int truco_rodada_leader(const TrucoState *s, int r, int *result);

#endif
