/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A networked seat as a match's feed: see netfeed.h. */
#include "netfeed.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct Step {
    struct Step *next;
    int player;
    Action action;
    uint32_t steps;
    uint16_t game_no; /* the game at the table it belongs to */
    size_t len;
    uint8_t view[];
} Step;

struct NetFeed {
    NetClient *c;
    int seat;
    void (*wake)(void *);
    void *wake_user;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    Step *head, *tail; /* views not yet taken, oldest first */
    size_t state_size; /* once mirrored: the only view length accepted */
    uint16_t game_no;  /* the game the mirror shows (a step of the next waits for restart) */
    /* the sender */
    pthread_t sender;
    bool sender_on, stop, have_act;
    Action act;
    uint32_t at;
    char refusal[WIRE_REASON];
    bool refused;
    MsgTable first; /* the table's description when joined (before any news of it) */
};

static void wake(NetFeed *f)
{
    if (f->wake)
        f->wake(f->wake_user);
}

/* On a libnats thread: the view is copied into the queue. */
static void on_view(void *user, NetClient *c, const MsgView *v)
{
    (void)c;
    NetFeed *f = user;
    Step *s = malloc(sizeof *s + v->view_len);
    if (!s)
        return;
    s->next = NULL;
    s->player = v->last_player;
    s->action = v->last_action;
    s->steps = v->seq;
    s->game_no = v->game_no;
    s->len = v->view_len;
    memcpy(s->view, v->view, v->view_len);
    pthread_mutex_lock(&f->lock);
    if (f->tail)
        f->tail->next = s;
    else
        f->head = s;
    f->tail = s;
    pthread_cond_broadcast(&f->cond);
    pthread_mutex_unlock(&f->lock);
    wake(f);
}

static void *sender_main(void *arg)
{
    NetFeed *f = arg;
    pthread_mutex_lock(&f->lock);
    for (;;) {
        while (!f->stop && !f->have_act)
            pthread_cond_wait(&f->cond, &f->lock);
        if (f->stop)
            break;
        Action a = f->act;
        uint32_t at = f->at;
        pthread_mutex_unlock(&f->lock);
        const char *why = net_client_act(f->c, a, at);
        pthread_mutex_lock(&f->lock);
        f->have_act = false;
        if (why && strcmp(why, NET_ALREADY) != 0 && !f->stop) {
            snprintf(f->refusal, sizeof f->refusal, "%s", why);
            f->refused = true;
            pthread_mutex_unlock(&f->lock);
            wake(f);
            pthread_mutex_lock(&f->lock);
        }
    }
    pthread_mutex_unlock(&f->lock);
    return NULL;
}

NetFeed *net_feed_join(NetClient *c, const char *code, int seat, void (*wakefn)(void *),
                       void *wake_user, int timeout_ms, char *err, size_t errsize)
{
    NetFeed *f = calloc(1, sizeof *f);
    if (!f) {
        snprintf(err, errsize, "out of memory");
        net_client_free(c);
        return NULL;
    }
    f->c = c;
    f->wake = wakefn;
    f->wake_user = wake_user;
    pthread_mutex_init(&f->lock, NULL);
    pthread_cond_init(&f->cond, NULL);
    f->seat = -1;
    const char *why = net_client_join(c, code, seat, on_view, f, &f->seat);
    if (why) {
        snprintf(err, errsize, "%s", why);
        net_feed_free(f);
        return NULL;
    }
    /* The first view (the dealer sends it on every join) and the table's description. */
    struct timespec until;
    net_deadline_in(&until, timeout_ms);
    MsgTable t;
    bool ok = true;
    pthread_mutex_lock(&f->lock);
    while (ok && !f->head)
        ok = pthread_cond_timedwait(&f->cond, &f->lock, &until) != ETIMEDOUT;
    pthread_mutex_unlock(&f->lock);
    while (ok && !net_client_table(c, &t)) {
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        ok = now.tv_sec < until.tv_sec || (now.tv_sec == until.tv_sec && now.tv_nsec < until.tv_nsec);
        if (ok && net_client_lobby_table(c, code, &t, 200))
            break;
    }
    f->first = t;
    if (!ok) {
        snprintf(err, errsize, "the table did not answer in time");
        net_feed_free(f);
        return NULL;
    }
    if (pthread_create(&f->sender, NULL, sender_main, f) != 0) {
        snprintf(err, errsize, "cannot start a thread");
        net_feed_free(f);
        return NULL;
    }
    f->sender_on = true;
    return f;
}

void net_feed_free(NetFeed *f)
{
    if (!f)
        return;
    pthread_mutex_lock(&f->lock);
    f->stop = true;
    pthread_cond_broadcast(&f->cond);
    pthread_mutex_unlock(&f->lock);
    /* A closed connection ends an action's tries at once; then no view arrives any more. */
    natsConnection_Close(net_client_conn(f->c));
    if (f->sender_on)
        pthread_join(f->sender, NULL);
    net_client_free(f->c);
    while (f->head) {
        Step *s = f->head;
        f->head = s->next;
        free(s);
    }
    pthread_cond_destroy(&f->cond);
    pthread_mutex_destroy(&f->lock);
    free(f);
}

NetClient *net_feed_client(NetFeed *f) { return f->c; }

int net_feed_seat(const NetFeed *f) { return f->seat; }

void net_feed_table(NetFeed *f, MsgTable *out)
{
    if (!net_client_table(f->c, out))
        *out = f->first;
}

/* ---- MatchFeed ---- */

static const char *feed_send(void *user, Action a, uint32_t at)
{
    NetFeed *f = user;
    pthread_mutex_lock(&f->lock);
    bool busy = f->have_act;
    if (!busy) {
        f->act = a;
        f->at = at;
        f->have_act = true;
        f->refused = false;
        pthread_cond_broadcast(&f->cond);
    }
    pthread_mutex_unlock(&f->lock);
    return busy ? "your move is on its way" : NULL;
}

static bool feed_next(void *user, int *player, Action *a, uint32_t *steps, void *view)
{
    NetFeed *f = user;
    for (;;) {
        pthread_mutex_lock(&f->lock);
        Step *s = f->head;
        if (s && s->game_no > f->game_no) { /* the next game: the table restarts first */
            pthread_mutex_unlock(&f->lock);
            return false;
        }
        if (s) {
            f->head = s->next;
            if (!f->head)
                f->tail = NULL;
        }
        pthread_mutex_unlock(&f->lock);
        if (!s)
            return false;
        bool fits = s->len == f->state_size && s->game_no == f->game_no;
        if (fits) {
            *player = s->player;
            *a = s->action;
            *steps = s->steps;
            memcpy(view, s->view, s->len);
        }
        free(s);
        if (fits)
            return true; /* a view of another size is not this game's: dropped */
    }
}

/* The next game's first view, once a step of it has come: the steps of the game before
 * that are still queued are dropped. */
static bool feed_restart(void *user, uint32_t *steps, void *view)
{
    NetFeed *f = user;
    pthread_mutex_lock(&f->lock);
    Step *s;
    while ((s = f->head) && (s->game_no <= f->game_no || s->len != f->state_size)) {
        f->head = s->next;
        free(s);
    }
    if (!s) {
        f->tail = NULL;
        pthread_mutex_unlock(&f->lock);
        return false;
    }
    f->head = s->next;
    if (!f->head)
        f->tail = NULL;
    f->game_no = s->game_no;
    pthread_mutex_unlock(&f->lock);
    *steps = s->steps;
    memcpy(view, s->view, s->len);
    free(s);
    return true;
}

static const char *feed_again(void *user) { return feed_send(user, WIRE_ACTION_AGAIN, 0); }

static bool feed_refused(void *user, char *why, size_t size)
{
    NetFeed *f = user;
    pthread_mutex_lock(&f->lock);
    bool r = f->refused;
    if (r)
        snprintf(why, size, "%s", f->refusal);
    f->refused = false;
    pthread_mutex_unlock(&f->lock);
    return r;
}

static bool feed_seat(void *user, int seat, FeedSeat *out)
{
    NetFeed *f = user;
    MsgTable t;
    net_feed_table(f, &t);
    if (seat < 0 || seat >= t.num_players)
        return false;
    const WireSeatInfo *si = &t.seats[seat];
    static const FeedSeatState map[] = {
        [WSTATE_EMPTY] = FEED_SEAT_EMPTY,   [WSTATE_PLAYER] = FEED_SEAT_PLAYER,
        [WSTATE_AWAY] = FEED_SEAT_AWAY,     [WSTATE_BOT] = FEED_SEAT_BOT,
        [WSTATE_STAND_IN] = FEED_SEAT_STAND_IN,
    };
    out->state = si->state <= WSTATE_STAND_IN ? map[si->state] : FEED_SEAT_EMPTY;
    out->difficulty = (Difficulty)si->difficulty;
    snprintf(out->name, sizeof out->name, "%s", si->name);
    out->away_left = si->state == WSTATE_AWAY ? si->away_left : -1;
    out->again = t.over && si->again;
    return true;
}

static FeedLink feed_link(void *user)
{
    NetFeed *f = user;
    natsConnStatus s = natsConnection_Status(net_client_conn(f->c));
    return s == NATS_CONN_STATUS_CONNECTED ? FEED_LINK_UP
           : s == NATS_CONN_STATUS_CLOSED  ? FEED_LINK_CLOSED
                                           : FEED_LINK_DOWN;
}

/* The game the window shows is the feed's: its deal as the client checked it. */
static FeedDeal feed_deal(void *user, char *why, size_t size)
{
    NetFeed *f = user;
    pthread_mutex_lock(&f->lock);
    unsigned game = f->game_no;
    pthread_mutex_unlock(&f->lock);
    switch (net_client_deal(f->c, game, why, size)) {
    case NET_DEAL_FIXED: return FEED_DEAL_FIXED;
    case NET_DEAL_VERIFIED: return FEED_DEAL_VERIFIED;
    case NET_DEAL_FAILED: return FEED_DEAL_FAILED;
    default: return FEED_DEAL_UNKNOWN;
    }
}

MatchFeed net_feed_match(NetFeed *f)
{
    return (MatchFeed){.user = f, .send = feed_send, .next = feed_next, .refused = feed_refused,
                       .seat = feed_seat, .link = feed_link, .again = feed_again,
                       .restart = feed_restart, .deal = feed_deal};
}

Match *net_feed_mirror(NetFeed *f, const GameRules *rules, char *err, size_t errsize)
{
    MsgTable t;
    net_feed_table(f, &t);
    if (strcmp(t.game, rules->id) != 0) {
        snprintf(err, errsize, "the table plays %s, not %s", t.game[0] ? t.game : "?", rules->id);
        return NULL;
    }
    pthread_mutex_lock(&f->lock);
    Step *s = f->head;
    /* The latest view is the table now: older ones are its past. */
    while (s && s->next) {
        f->head = s->next;
        free(s);
        s = f->head;
    }
    if (s) {
        f->head = f->tail = NULL;
        f->game_no = s->game_no;
    }
    f->state_size = rules->state_size;
    pthread_mutex_unlock(&f->lock);
    if (!s || s->len != rules->state_size) {
        snprintf(err, errsize, "the table's view is not a game of %s", rules->id);
        free(s);
        return NULL;
    }
    GameOptions opt;
    rules_default_options(rules, &opt);
    for (int i = 0; i < t.n_options && i < RULES_MAX_OPTIONS; i++)
        opt.v[i] = t.options[i];
    MatchFeed mf = net_feed_match(f);
    Match *m = match_mirror(rules, &opt, t.num_players, f->seat, s->view, s->steps, &mf, err,
                            errsize);
    free(s);
    return m;
}
