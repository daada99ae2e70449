/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef TASCA_TRUCO_BOTS_H
#define TASCA_TRUCO_BOTS_H

#include "../../engine/ai/analysis.h"
#include "../../engine/ai/bot.h"
#include "truco.h"

/* Easy: the seed program's machine player (RULES.md §1 "Seed bot"). */
Action truco_seed_decide(const BotRequest *req);
/* Medium: exact probabilities over the unseen cards (with four players, a sample of the
 * holdings of the three hidden hands), threshold betting, a few bluffs; team-aware: it plays
 * low when its partner holds the rodada, and leaves a weak answer to its partner. */
Action truco_medium_decide(const BotRequest *req);
/* Hard: determinized search: deals consistent with the view (weighted by what the
 * opponent's bets say, and with four players by a partner's leaving an answer), every
 * action rolled out to the end of the hand with the Medium policy for every seat, valued by
 * the team's chance of winning the match. A raise must beat the best other choice by a
 * margin (TrucoHardParams.raise_margin, raise_margin4): the rollouts' opponent does not
 * read raises as news, so they look better there than they are; the margin is waived as
 * the other team's public record over the match shows it betting like the seed player,
 * whom the search models as it bets (truco_timid_share). */
Action truco_hard_decide(const BotRequest *req);
/* Hard's analysis: each action's mean rollout result (the team's chance of winning the
 * match) over the same worlds, with its standard error. */
Action truco_hard_analyze(const BotRequest *req, Analysis *out);

/* Four players with signals: the sign a bot makes now, honestly (a manilha or a three it
 * holds that it has not signed in this hand, on its turn to play), or -1. Every level signs
 * before anything else, so a bot shows its partner all it holds at its first turn to play. */
Action truco_signal_decide(const TrucoState *view, int seat);
/* Hard's sampler: moves into each signer's hidden hand the cards of the signs `seat` saw
 * (a partner's, an opponent's it caught) in a deal `det` drawn from `view`, keeping
 * observe(det, seat) equal to the view. A person may bluff; the bots read every sign as
 * true. */
void truco_signal_world(const TrucoState *view, int seat, Rng *rng, TrucoState *det);

/* A computer partner's limits at a table of four (the table's house options, BotLimit):
 * TRUCO_LIMIT_NO_RAISE, it may not call truco (nor raise further) on its own turn to play:
 * it decides as if its team had made the last raise, so the search plans without it;
 * TRUCO_LIMIT_LEAVE_ANSWER, it leaves every answer it may leave (a raise, the mão de onze)
 * to its partner ("parceiro"). */
enum { TRUCO_LIMIT_NO_RAISE = 1, TRUCO_LIMIT_LEAVE_ANSWER = 2 };
BotLimit truco_partner_limit(unsigned flags);

/* Hard's settings (truco_hard_defaults are the level's), for tuning and tests. */
typedef struct {
    int worlds;          /* worlds when the request sets neither iterations nor a clock */
    double reraise_min;  /* two players: answer a raise by raising only when the hand wins
                          * at least this share of the worlds the bets point to, every card
                          * known (0: no floor) */
    double raise_margin; /* two players: a raise must beat the best other choice by this
                          * much match equity, on average over the worlds */
    int exact;           /* two players: choose the card by the exact result of each world
                          * (every card known, no more raises) instead of the rollouts */
    double opp_discount; /* two players: in the rollouts the other side answers a raise with
                          * its win chance scaled by this (0: as Hard's own policy, 0.85) */
    int particles;       /* two players: worlds drawn by weight from this many guesses
                          * weighed by the opponent's bets (infer.h); 0: by rejection */
    double raise_margin4; /* four players: the same margin */
    int match_types;     /* the prior share of timid (seed-like) worlds is moved by the other
                          * team's record over the match (truco_timid_share): 1 its calls
                          * and answers, 2 its answers only; 0 not */
    int margin_rational; /* how much of the margin a raise is asked, as a timid (seed-like)
                          * opponent is modelled as it bets and needs none: 1 the share of
                          * the worlds whose opponent is rational; 2 all of it unless the
                          * match's record makes the opponent likelier timid than not, then
                          * less in proportion (min(1, 2 (1 - share))); 0 all of it */
    double timid_prior4; /* four players: the prior share of worlds whose other team bets
                          * like the seed, before its record moves it (0: the level's) */
    int cfr;             /* bet by the equilibrium strategy table (truco_cfr.h) wherever it
                          * has the decision: TRUCO_CFR_TURNS on a turn to play, raise or not
                          * (a card is then chosen by the search, raises left out),
                          * TRUCO_CFR_ANSWERS every answer; its frequencies are drawn from
                          * the request's generator. 0 (or no valid table): bet by the
                          * search as issue 26 left it. Hard: TRUCO_CFR_ANSWERS */
    int reach;           /* two players: the worlds of an opponent of the rational type are
                          * drawn by importance weights (infer.h, `particles` guesses, 400
                          * when 0) by the table's reach of its betting in this hand: the
                          * table's probability, with those cards, of each of its decisions
                          * of the kinds set (truco_cfr_reach: TRUCO_REACH_ANSWERS its
                          * answers, TRUCO_REACH_RAISES its raises on a turn,
                          * TRUCO_REACH_QUIET its turns played without a raise), instead of
                          * the bet readings; needs the table. 0: off */
} TrucoHardParams;
/* TRUCO_CFR_FAR: the table only while both scores are in its far bucket (5 or more points
 * from the onze score; the search values every score exactly).
 * TRUCO_CFR_FOUR: with four seats too, by the team table (truco_cfr_team.c: Paulista's
 * options; the other presets with four seats bet by the search). The shipped table's team
 * section is empty (measured, it did not beat the search's answers; docs/truco-cfr.md):
 * `truco_cfr_solve -v 4` makes it. */
enum { TRUCO_CFR_TURNS = 1, TRUCO_CFR_ANSWERS = 2, TRUCO_CFR_FAR = 4, TRUCO_CFR_FOUR = 8 };
extern const TrucoHardParams truco_hard_defaults;
Action truco_hard_decide_with(const BotRequest *req, const TrucoHardParams *params);
/* Hard's analysis with these settings. */
Action truco_hard_analyze_with(const BotRequest *req, const TrucoHardParams *params,
                               Analysis *out);
/* The same, and when it answers a raise with two players, the share of its worlds its
 * hand wins every card known (what reraise_min is held against); else -1. */
Action truco_hard_decide_share(const BotRequest *req, const TrucoHardParams *params,
                               double *share);

/* Hard's prior share of worlds whose opponent bets like the seed (the timid type), moved
 * from `prior` by Bayes' rule by the other team's public record over the match (TrucoState
 * bet_*): each hand in which it could call truco, called or not, and each answer to a raise,
 * refused or not, a draw at its type's rate (truco_type_rates; with four seats an answer to
 * a truco and one to a raise beyond it each at its own rate, with two every answer at
 * one); kept within [0.05, 0.95]. */
double truco_timid_share(const TrucoState *view, int seat, double prior);
/* Each type's rates, measured once per variant and player count (the type's team against
 * the rollout policy over fresh hands, fixed seeds): rates[timid][0] the chance to call
 * truco in a hand where it can, rates[timid][1] the chance to refuse a truco,
 * rates[timid][2] the chance to refuse a raise beyond truco (seis, nove or dez, doze),
 * rates[timid][3] the chance to refuse any raise. */
void truco_type_rates(const TrucoState *view, double rates[2][4]);
/* The same measured now, as Hard did before keeping them (for the test that checks the kept
 * ones; about 0.4 s). */
void truco_type_rates_measured(const TrucoState *view, double rates[2][4]);

/* The hand's result for `team` in a full state (every hand known): +1 won, -1 lost, 0
 * nobody scores, when every seat plays its remaining cards face up, each side at its best
 * knowing every card, and nobody raises. */
int truco_exact_result(const TrucoState *s, int team);

/* A hand's outcome from its rodadas' results r[0..played) seen from one team (+1 won, -1
 * lost, 0 tied): +1 it wins the hand, -1 it loses, 0 nobody scores, 2 still open (RULES.md
 * §1's tie rules). */
int truco_hand_outcome(const int8_t *r, int played);

/* The seed's "calculaProbabilidade": Σ weight × base over the cards in hand, in percent
 * (A ×2, 2 ×3, 3 ×4, manilha ×5, other ×1). Cards the seat cannot see count 1. */
int truco_seed_strength(const TrucoState *view, int seat, int base);

/* The hand's outcome for `seat`'s team as seen from its view, both sides playing on with
 * the simple card policy: probabilities of winning, losing and nobody scoring. With
 * samples = 0 every holding of the unseen cards is enumerated (exact); otherwise that many
 * random holdings are drawn. When `seat` is to play a card, its best card is assumed and
 * returned in *best_strength (else -1). */
typedef struct {
    double win, lose, tie;
    int best_strength;
} TrucoEstimate;
void truco_estimate(const TrucoState *s, int seat, int samples, Rng *rng, TrucoEstimate *out);

/* Chance that `team` wins the match if it now scores `add_us` and the other team
 * `add_them` (a model: equal players, typical hand values). */
double truco_equity(const TrucoState *s, int team, int add_us, int add_them);

/* A Paulista win-chance threshold t for the raise `up` (TR_TRUCO..TR_DOZE) carried over to
 * the state's variant: moved by the raise's stakes (truco_stakes_shift), then taken as the
 * same share of fresh hands (fixed manilhas, clean deck). t itself for Paulista. */
double truco_variant_threshold(const TrucoState *s, int up, double t);
/* How much the values rule moves the threshold for the raise `up`: Paulista's break-even
 * for accepting that raise less the variant's (0 with Paulista values). */
double truco_stakes_shift(const TrucoState *s, int up);

#endif
