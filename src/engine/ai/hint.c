/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hints (hint.h): the reason for a choice, and the analysis on a worker thread. */
#include "hint.h"

#include <stdlib.h>
#include <string.h>

#include "../../games/moulin/moulin.h"
#include "../../games/truco/truco.h"
#include "../../games/twentyone/twentyone.h"

/* The best and the next best valued choices, on analysis_scale. */
static void best_next(const Analysis *an, double *best, double *next)
{
    *best = *next = -1;
    const AnalysisItem *b = an->best >= 0 ? &an->item[an->best] : NULL;
    if (b && b->valued)
        *best = analysis_scale(an, b);
    bool any = false;
    for (int i = 0; i < an->n; i++) {
        if (i == an->best || !an->item[i].valued)
            continue;
        double v = analysis_scale(an, &an->item[i]);
        if (!any || v > *next)
            *next = v;
        any = true;
    }
    if (!any && an->unit == ANALYSIS_PIECES)
        *next = *best;
}

static void moulin_reason(const MoulinState *s, const Analysis *an, HintReason *out)
{
    Action a = an->best_action;
    const AnalysisItem *b = &an->item[an->best];
    if (a >= MOULIN_REMOVE) {
        out->why = HINT_REMOVE;
        return;
    }
    MoulinState t = *s;
    if (moulin_rules.apply(&t, a) == NULL && t.pending) {
        out->why = HINT_MILL;
        return;
    }
    int to = a >= MOULIN_MOVE ? (a - MOULIN_MOVE) % MOULIN_POINTS : a - MOULIN_PLACE;
    uint32_t opp = s->bb[1 - s->side];
    for (int k = 0; k < 2; k++) {
        uint32_t line = moulin_mill_mask[moulin_point_mills[to][k]] & ~(1u << to);
        if ((opp & line) == line) {
            out->why = HINT_BLOCK;
            out->point = to;
            return;
        }
    }
    if (b->valued && b->mate && b->value > 0) {
        out->why = HINT_MATE;
        out->turns = b->mate_turns;
        return;
    }
    bool others = false; /* an alternative valued within the clock */
    for (int i = 0; i < an->n; i++)
        others |= i != an->best && an->item[i].valued;
    out->why = b->valued && others ? HINT_PIECES : HINT_VALUE;
}

static void truco_reason(const TrucoState *s, int seat, const Analysis *an, HintReason *out)
{
    Action a = an->best_action;
    if (a < TR_PLAY || a >= TR_PLAY_SLOT || s->phase != TR_PH_PLAY)
        return;
    Card c = card_from_index(a >= TR_HIDE ? a - TR_HIDE : a - TR_PLAY);
    int result = TR_RES_NONE;
    int leader = s->n_table ? truco_rodada_leader(s, s->rodada, &result) : -1;
    if (s->num_players == 4 && leader >= 0 && result == truco_team(seat)) {
        out->why = HINT_PARTNER_HOLDS;
        return;
    }
    if (a >= TR_HIDE || !s->n_table)
        return;
    /* Does it take the rodada, and is it the lowest card in hand that would? */
    int mine = truco_strength(c, s->vira), best_on_table = -1;
    for (int p = 0; p < s->num_players; p++) {
        Card x = s->table[s->rodada][p];
        if (card_is_valid(x) && !(s->down[s->rodada] & 1u << p)) {
            int v = truco_strength(x, s->vira);
            if (v > best_on_table)
                best_on_table = v;
        }
    }
    if (mine <= best_on_table)
        return;
    for (int i = 0; i < TR_HAND; i++) {
        Card h = s->hand[seat][i];
        if (card_is_valid(h) && h != c) {
            int v = truco_strength(h, s->vira);
            if (v > best_on_table && v < mine)
                return;
        }
    }
    out->why = truco_is_manilha(c, s->vira) ? HINT_WINS_MANILHA : HINT_WINS_LOW;
}

void hint_reason(const GameRules *g, const void *view, const Analysis *an, HintReason *out)
{
    memset(out, 0, sizeof *out);
    out->action = an->best_action;
    if (an->n == 0 || an->best < 0) {
        out->why = HINT_NONE;
        return;
    }
    best_next(an, &out->best, &out->next);
    if (an->n == 1) {
        out->why = HINT_ONLY;
        return;
    }
    out->why = HINT_VALUE;
    if (an->mixed) {
        /* An equilibrium's draw: its reason is how often, not a value of its own. */
        out->why = HINT_MIXED;
        out->share = an->item[an->best].freq;
    } else if (g == &twentyone_rules) {
        out->why = an->best_action == TO_STAND ? HINT_TO_STAND : HINT_TO_HIT;
    } else if (g == &moulin_rules) {
        moulin_reason(view, an, out);
    } else if (g == &truco_rules) {
        truco_reason(view, an->seat, an, out);
    }
}

/* ---- The worker ------------------------------------------------------------------- */

struct HintJob {
    pthread_t thread;
    atomic_int cancel, done;
    const GameRules *g;
    Difficulty d;
    int seat;
    int time_ms;
    Rng rng;
    void (*wake)(void *user);
    void *user;
    Analysis an;
    HintReason why;
    unsigned char view[]; /* g->state_size bytes */
};

static void *hint_thread(void *arg)
{
    HintJob *j = arg;
    bot_analyze(j->g, j->d, j->view, j->seat, &j->rng, &j->cancel, j->time_ms, &j->an);
    hint_reason(j->g, j->view, &j->an, &j->why);
    atomic_store(&j->done, 1);
    if (j->wake)
        j->wake(j->user);
    return NULL;
}

HintJob *hint_job_start(const GameRules *g, Difficulty d, const void *view, int seat,
                        uint64_t seed, void (*wake)(void *user), void *user)
{
    return hint_job_start_timed(g, d, view, seat, seed, -1, wake, user);
}

HintJob *hint_job_start_timed(const GameRules *g, Difficulty d, const void *view, int seat,
                              uint64_t seed, int time_ms, void (*wake)(void *user), void *user)
{
    HintJob *j = calloc(1, sizeof *j + g->state_size);
    if (!j)
        return NULL;
    j->g = g;
    j->d = d;
    j->seat = seat;
    j->time_ms = time_ms;
    rng_seed(&j->rng, seed);
    j->wake = wake;
    j->user = user;
    atomic_init(&j->cancel, 0);
    atomic_init(&j->done, 0);
    memcpy(j->view, view, g->state_size);
    if (pthread_create(&j->thread, NULL, hint_thread, j) != 0) {
        free(j);
        return NULL;
    }
    return j;
}

bool hint_job_poll(HintJob *j, Analysis *an, HintReason *why)
{
    if (!j || !atomic_load(&j->done))
        return false;
    pthread_join(j->thread, NULL);
    *an = j->an;
    *why = j->why;
    free(j);
    return true;
}

void hint_job_cancel(HintJob *j)
{
    if (!j)
        return;
    atomic_store(&j->cancel, 1);
    pthread_join(j->thread, NULL);
    free(j);
}
