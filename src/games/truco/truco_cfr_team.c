/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The team abstraction of Truco's betting: two against two, one hand (truco_cfr.h).
 *
 * Seats 0..3 play in order, seat 0 the mão; seats 0 and 2 are team 0, the solver's player 0.
 * The cards are dealt for real from Paulista's deck and vira. Each seat decides from its own
 * information set (truco_cfr_team_spot): its cards, its place in the rodada, the other
 * team's best card on the table or, when our side holds the rodada, our best card's group,
 * the rodada's results, the other team's best 1st-rodada card, the bet and the score
 * buckets. A partner's cards are never in a seat's set: what the partner holds shows only
 * through what the table shows (its card, and whether it answered or left the answer).
 *
 * Why this, and what it is not: a team whose two members hold different private cards and
 * cannot talk is not a two-player game of perfect recall, and regret minimization has no
 * guarantee there (the team's best correlated strategy is a harder problem). The solver
 * treats the team as one player whose information sets are its seats' own, which is the
 * usual approximation; the strategy it finds is measured (exploitability within the game
 * by a best response, and play against the search's betting), not assumed. */
#include <string.h>

#include "truco_cfr.h"
#include "truco_bots.h"

static int team_of(int seat) { return seat & 1; }

static int seat_to_play(const TrucoCfrTeamState *s) { return (s->leader + s->n_table) % 4; }

static int to_move(const TrucoCfrTeamState *s)
{
    if (s->winner != 2)
        return -1;
    return team_of(s->answer ? s->answerer : seat_to_play(s));
}

static bool can_raise(const TrucoCfrTeamState *s, int seat)
{
    return s->v < 4 && s->last != team_of(seat);
}

/* The seat to play plays its card i (ascending). */
static void play_card(TrucoCfrTeamState *s, int i)
{
    int m = seat_to_play(s), x = s->c[m][i], t = team_of(m);
    for (int k = i; k + 1 < s->n[m]; k++)
        s->c[m][k] = s->c[m][k + 1];
    s->n[m]--;
    s->own[m] = (int8_t)x;
    if (s->rodada == 0 && x > s->first[t])
        s->first[t] = (int8_t)x;
    if (s->n_table == 0 || x > s->best) {
        s->best = (int8_t)x;
        s->holder = (int8_t)m;
        s->tier = -1;
    } else if (x == s->best && t != team_of(s->holder) && s->tier < 0) {
        s->tier = (int8_t)m;
    }
    if (++s->n_table < 4)
        return;
    /* the rodada is done: a tie between the teams, or the holder's team wins it; after a
     * tie, who tied it leads */
    bool tie = s->tier >= 0;
    s->res[s->rodada++] = (int8_t)(tie ? 0 : team_of(s->holder) == 0 ? 1 : -1);
    s->leader = (uint8_t)(tie ? s->tier : s->holder);
    s->n_table = 0;
    s->best = -1;
    s->holder = s->tier = -1;
    memset(s->own, -1, sizeof s->own);
    int r = truco_hand_outcome(s->res, s->rodada); /* team 0's side */
    if (r != 2) {
        s->winner = (int8_t)r;
        s->points = (uint8_t)truco_cfr_value_of(s->variant, s->v);
    }
}

/* A last card that cannot be preceded by a raise is played at once. */
static void advance(TrucoCfrTeamState *s)
{
    for (;;) {
        int m = seat_to_play(s);
        if (s->winner != 2 || s->answer || can_raise(s, m) || s->n[m] > 1)
            return;
        play_card(s, 0);
    }
}

static int g_to_move(const void *st) { return to_move(st); }

static double g_utility(const void *st)
{
    const TrucoCfrTeamState *s = st;
    if (s->winner == 0)
        return 0;
    return s->winner > 0 ? truco_cfr_equity_delta(s->variant, s->sc[0], s->sc[1], s->points, 0)
                         : truco_cfr_equity_delta(s->variant, s->sc[0], s->sc[1], 0, s->points);
}

/* Answers: accept, run, raise again (not after doze), leave it to the partner (a first
 * answer). Turns: raise (when allowed), then each card, lowest first. */
static int g_actions(const void *st)
{
    const TrucoCfrTeamState *s = st;
    if (s->answer)
        return 2 + (s->pending < 4) + !s->passed;
    int m = seat_to_play(s);
    return can_raise(s, m) + s->n[m];
}

void truco_cfr_team_spot(const TrucoCfrTeamState *s, TrucoCfrSpot *sp)
{
    int m = s->answer ? s->answerer : seat_to_play(s), t = team_of(m);
    truco_cfr_spot_base(sp, t, s->c[m], s->n[m], s->rodada, s->res, s->first[1 - t], s->score);
    sp->seats = 4;
    if (s->own[m] >= 0) /* answering after its own card: counted with its hand */
        sp->cls[sp->n++] = truco_cfr_class(s->own[m]);
    sp->pos = (m - s->leader + 4) % 4;
    if (s->n_table > 0) {
        int best = truco_cfr_class(s->best);
        sp->table = s->tier < 0 && team_of(s->holder) == t ? 11 + truco_cfr_prev(best) : 1 + best;
    }
    if (s->answer)
        sp->bet = (s->passed ? 7 : 3) + s->pending;
    else
        sp->bet = can_raise(s, m) ? s->v : 12 + s->v;
}

static long g_infoset(const void *st)
{
    TrucoCfrSpot sp;
    truco_cfr_team_spot(st, &sp);
    return truco_cfr_solver_infoset(&sp);
}

static void g_apply(void *st, int a)
{
    TrucoCfrTeamState *s = st;
    if (s->answer) {
        int raising = 1 - team_of(s->answerer);
        int raise = s->pending < 4 ? 2 : -1, pass = s->passed ? -1 : raise >= 0 ? 3 : 2;
        if (a == 0) { /* accept */
            s->v = s->pending;
            s->last = (int8_t)raising;
            s->answer = 0;
        } else if (a == 1) { /* run: the raising team scores the value before the raise */
            s->winner = (int8_t)(raising == 0 ? 1 : -1);
            s->points = (uint8_t)truco_cfr_value_of(s->variant, s->v);
            return;
        } else if (a == raise) { /* raise again: the pending value is accepted */
            s->v = s->pending;
            s->pending++;
            s->answerer = (int8_t)((s->answerer + 1) % 4);
            s->passed = 0;
        } else if (a == pass) { /* the partner answers */
            s->answerer = (int8_t)((s->answerer + 2) % 4);
            s->passed = 1;
            return;
        }
    } else {
        int m = seat_to_play(s), cr = can_raise(s, m);
        if (cr && a == 0) { /* raise on the turn */
            s->answer = 1;
            s->pending = (uint8_t)(s->v + 1);
            s->answerer = (int8_t)((m + 1) % 4);
            s->passed = 0;
            return;
        }
        play_card(s, a - cr);
    }
    advance(s);
}

static void g_deal(void *st, Rng *rng, void *user)
{
    (void)user;
    TrucoCfrTeamState *s = st;
    memset(s, 0, sizeof *s);
    truco_cfr_deal_cards(0, rng, 4, s->c);
    for (int p = 0; p < 4; p++)
        s->n[p] = 3;
    memset(s->own, -1, sizeof s->own);
    s->first[0] = s->first[1] = -1;
    s->best = s->holder = s->tier = -1;
    s->last = -1;
    s->winner = 2;
    truco_cfr_deal_score(0, rng, &s->score, s->sc);
    s->variant = 0; /* Paulista */
    advance(s);
}

void truco_cfr_team_game(CfrGame *out)
{
    *out = (CfrGame){
        .state_size = sizeof(TrucoCfrTeamState),
        .infosets = TCFR4_SOLVER_INFOSETS,
        .to_move = g_to_move,
        .utility = g_utility,
        .actions = g_actions,
        .infoset = g_infoset,
        .apply = g_apply,
        .deal = g_deal,
        .user = NULL,
    };
}
