/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bots at a networked table: every seat is its own client, with its own keys and its
 * own connection, deciding only from the views the dealer seals to it. The arena uses it
 * to prove that the network changes nothing: same deals, same bots, same results. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/fileio.h"
#include "net.h"

#define WAIT_MS 60000 /* a game with no news for this long has failed */

typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    const NetBotGame *g;
    uint8_t *view[RULES_MAX_PLAYERS]; /* each seat's latest view */
    uint32_t seq[RULES_MAX_PLAYERS];  /* and its action count */
    bool have[RULES_MAX_PLAYERS];     /* a view has come (Moulin's first is at 0) */
    uint32_t acted[RULES_MAX_PLAYERS]; /* the view count a seat last acted on (+1) */
    /* the action being timed: sent at t0, done when every seat has seen `target` */
    long long t0;
    uint32_t target;
    bool timing;
} Game;

static void on_view(void *user, NetClient *c, const MsgView *v)
{
    (void)c;
    Game *g = user;
    if (v->seat < 0 || v->seat >= g->g->n || v->view_len != g->g->rules->state_size)
        return;
    pthread_mutex_lock(&g->lock);
    if (v->seq >= g->seq[v->seat]) {
        memcpy(g->view[v->seat], v->view, v->view_len);
        g->seq[v->seat] = v->seq;
        g->have[v->seat] = true;
    }
    pthread_cond_broadcast(&g->cond);
    pthread_mutex_unlock(&g->lock);
}

static bool all_seen(const Game *g, uint32_t target)
{
    for (int s = 0; s < g->g->n; s++)
        if (g->seq[s] < target)
            return false;
    return true;
}

static void push_latency(NetBotResult *res, double ms)
{
    if (res->n_latency == res->cap_latency) {
        int cap = res->cap_latency ? res->cap_latency * 2 : 256;
        double *p = realloc(res->latency_ms, (size_t)cap * sizeof *p);
        if (!p)
            return;
        res->latency_ms = p;
        res->cap_latency = cap;
    }
    res->latency_ms[res->n_latency++] = ms;
}

/* Plays until the views say the game is over; the seat to move decides from its view. */
static bool drive(Game *g, NetClient **cl, NetBotResult *res)
{
    const GameRules *r = g->g->rules;
    uint8_t *view = malloc(r->state_size);
    bool ok = view != NULL;
    pthread_mutex_lock(&g->lock);
    while (ok) {
        int mover = -1;
        bool over = false;
        for (int s = 0; s < g->g->n && mover < 0; s++) {
            if (!g->have[s])
                continue;
            int p = r->current_player(g->view[s]);
            over |= p == PLAYER_TERMINAL;
            if (p == s && g->acted[s] != g->seq[s] + 1)
                mover = s;
        }
        if (g->timing && all_seen(g, g->target)) {
            push_latency(res, (double)(clock_now_ns() - g->t0) / 1e6);
            g->timing = false;
        }
        if (over && !g->timing)
            break;
        if (mover < 0) {
            struct timespec ts;
            net_deadline_in(&ts, WAIT_MS);
            if (pthread_cond_timedwait(&g->cond, &g->lock, &ts) != 0) {
                snprintf(res->err, sizeof res->err, "no news from the dealer for %d s",
                         WAIT_MS / 1000);
                ok = false;
            }
            continue;
        }
        uint32_t at = g->seq[mover];
        memcpy(view, g->view[mover], r->state_size);
        g->acted[mover] = at + 1;
        pthread_mutex_unlock(&g->lock);
        Rng rng;
        rng_seed(&rng, rng_mix(g->g->bot_seed, (uint64_t)at));
        /* No clock, as in the local arena: the same decisions on any machine. */
        Action a = bot_decide_timed(r, g->g->level[mover], view, mover, &rng, NULL, 0);
        res->decisions++;
        pthread_mutex_lock(&g->lock);
        g->t0 = clock_now_ns();
        g->target = at + 1;
        g->timing = true;
        pthread_mutex_unlock(&g->lock);
        const char *why = net_client_act(cl[mover], a, at);
        pthread_mutex_lock(&g->lock);
        if (why) {
            snprintf(res->err, sizeof res->err, "seat %d's action was refused: %s", mover, why);
            ok = false;
        }
    }
    pthread_mutex_unlock(&g->lock);
    free(view);
    return ok;
}

bool net_play_bots(const NetBotGame *spec, NetBotResult *res)
{
    Game g = {.g = spec};
    pthread_mutex_init(&g.lock, NULL);
    pthread_cond_init(&g.cond, NULL);
    NetClient *cl[RULES_MAX_PLAYERS] = {0};
    bool ok = true;
    char err[NET_ERR] = "";
    for (int s = 0; s < spec->n && ok; s++) {
        char name[WIRE_NAME];
        snprintf(name, sizeof name, "%s %d", difficulty_name(spec->level[s]), s + 1);
        ok = (g.view[s] = malloc(spec->rules->state_size)) &&
             (cl[s] = net_client_new(spec->url, spec->creds, name, err, sizeof err));
    }
    /* Every seat is this program's own: the table may deal from the given seed (fixed). */
    MsgCreate c = {.num_players = (uint8_t)spec->n, .seed = spec->seed, .away_seconds = 60,
                   .own_seats = true};
    for (int s = 0; s < spec->n && ok; s++) {
        memcpy(c.seat_keys[s], net_client_keys(cl[s])->sign_pk, WIRE_KEY);
        net_client_allow_fixed(cl[s]);
    }
    snprintf(c.game, sizeof c.game, "%s", spec->rules->id);
    c.n_options = (uint8_t)spec->rules->n_options;
    for (int i = 0; i < spec->rules->n_options; i++)
        c.options[i] = spec->opt.v[i];
    char code[WIRE_CODE] = "";
    const char *why = NULL;
    if (ok && (why = net_client_create(cl[0], &c, code)))
        ok = false;
    for (int s = 0; s < spec->n && ok; s++) {
        int seat;
        if ((why = net_client_join(cl[s], code, s, on_view, &g, &seat)))
            ok = false;
    }
    if (!ok)
        snprintf(res->err, sizeof res->err, "%s", why ? why : err);
    if (ok && (ok = drive(&g, cl, res))) {
        /* The result is the dealer's: a seat's view may not show every hand. */
        MsgTable t = {0};
        long long until = clock_now_ns() + (long long)WAIT_MS * 1000000LL;
        while (!(net_client_table(cl[0], &t) && t.over) && clock_now_ns() < until)
            nats_Sleep(2);
        if (!t.over) {
            snprintf(res->err, sizeof res->err, "the dealer never said the game was over");
            ok = false;
        }
        for (int s = 0; ok && s < spec->n; s++)
            res->ret[s] = t.result[s];
    }
    for (int s = 0; s < spec->n; s++) {
        net_client_free(cl[s]);
        free(g.view[s]);
    }
    pthread_mutex_destroy(&g.lock);
    pthread_cond_destroy(&g.cond);
    return ok;
}
