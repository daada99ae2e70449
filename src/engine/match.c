/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "../core/nls.h"
#include "match.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fileio.h"

struct BotJob {
    pthread_t thread;
    const GameRules *rules;
    Difficulty difficulty;
    int seat;
    Rng rng;
    atomic_int cancel;
    atomic_int done;
    Action answer;
    void (*wake)(void *);
    void *wake_user;
    BotLimit limit;
    unsigned char view[]; /* rules->state_size bytes */
};

Match *match_create(const GameRules *rules, const GameOptions *opt, int num_players,
                    const SeatSpec *seats, uint64_t seed, char *err, size_t errsize)
{
    if (num_players < rules->min_players || num_players > rules->max_players) {
        snprintf(err, errsize, "%s is played by %d to %d players, not %d", rules->id,
                 rules->min_players, rules->max_players, num_players);
        return NULL;
    }
    Match *m = calloc(1, sizeof *m);
    if (!m || !(m->state = calloc(1, rules->state_size))) {
        free(m);
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    m->rules = rules;
    m->options = *opt;
    m->num_players = num_players;
    m->seed = seed;
    for (int i = 0; i < num_players; i++)
        m->seats[i] = seats[i];
    const char *e = rules->init(m->state, opt, num_players, seed);
    if (e) {
        snprintf(err, errsize, "%s", e);
        match_free(m);
        return NULL;
    }
    return m;
}

void match_free(Match *m)
{
    if (!m)
        return;
    match_bot_cancel(m);
    free(m->history);
    free(m->history_player);
    free(m->hint_step);
    free(m->state);
    free(m);
}

int match_current_player(const Match *m) { return m->rules->current_player(m->state); }

bool match_is_over(const Match *m) { return match_current_player(m) == PLAYER_TERMINAL; }

static int push_history(Match *m, int player, Action a);

SeatKind match_seat_kind(const Match *m, int seat)
{
    if (seat < 0 || seat >= m->num_players)
        return SEAT_HUMAN;
    if (m->mirror)
        return seat == m->mirror_seat ? SEAT_HUMAN : SEAT_REMOTE;
    return m->seats[seat].bot ? SEAT_BOT : SEAT_HUMAN;
}

Match *match_mirror(const GameRules *rules, const GameOptions *opt, int num_players, int seat,
                    const void *view, uint32_t steps, const MatchFeed *feed, char *err,
                    size_t errsize)
{
    if (num_players < rules->min_players || num_players > rules->max_players || seat < 0 ||
        seat >= num_players) {
        snprintf(err, errsize, "%s has no seat %d of %d", rules->id, seat + 1, num_players);
        return NULL;
    }
    SeatSpec seats[RULES_MAX_PLAYERS];
    for (int i = 0; i < num_players; i++)
        seats[i] = (SeatSpec){.bot = false, .difficulty = DIFF_MEDIUM};
    Match *m = match_create(rules, opt, num_players, seats, 0, err, errsize);
    if (!m)
        return NULL;
    memcpy(m->state, view, rules->state_size);
    if (rules->num_players(m->state) != num_players) {
        snprintf(err, errsize, "the table's view is not a game of %d players", num_players);
        match_free(m);
        return NULL;
    }
    m->mirror = true;
    m->mirror_seat = seat;
    m->steps = steps;
    m->feed = *feed;
    return m;
}

int match_mirror_pull(Match *m)
{
    if (!m->mirror || !m->feed.next)
        return 0;
    int player;
    Action a;
    uint32_t steps;
    void *view = malloc(m->rules->state_size);
    if (!view)
        return 0;
    bool got = m->feed.next(m->feed.user, &player, &a, &steps, view);
    if (!got && m->feed.restart && m->feed.restart(m->feed.user, &steps, view)) {
        /* The next game at the same table: its first view, and no history yet. */
        memcpy(m->state, view, m->rules->state_size);
        free(view);
        m->history_len = 0;
        m->chance_count = 0;
        m->hint_len = 0;
        memset(m->hints, 0, sizeof m->hints);
        m->steps = steps;
        m->sent = m->asked = false;
        return 2;
    }
    if (!got || steps <= m->steps) { /* nothing, or a step already taken (a copy) */
        free(view);
        return 0;
    }
    /* Steps this seat did not hear of (a gap after a reconnection) are hidden ones. */
    while (m->steps + 1 < steps && m->history_len < MATCH_MAX_HISTORY) {
        push_history(m, PLAYER_CHANCE, ACTION_HIDDEN);
        m->steps++;
    }
    memcpy(m->state, view, m->rules->state_size);
    free(view);
    m->steps = steps;
    if (m->history_len < MATCH_MAX_HISTORY)
        push_history(m, player, a);
    /* The seat's move came back, or the table moved on to the seat's turn again or to its
     * end (after a gap the seat's own step may be among the hidden ones). */
    int cur = match_current_player(m);
    if (player == m->mirror_seat || cur == m->mirror_seat || cur == PLAYER_TERMINAL)
        m->sent = false;
    if (m->listener)
        m->listener(m->listener_user, m, player, a);
    return 1;
}

bool match_mirror_refused(Match *m, char *why, size_t size)
{
    if (!m->mirror || !m->feed.refused || !m->feed.refused(m->feed.user, why, size))
        return false;
    m->sent = m->asked = false;
    return true;
}

const char *match_mirror_again(Match *m)
{
    if (!m->mirror || !m->feed.again)
        return N_("this table plays one game");
    if (!match_is_over(m))
        return N_("the game is not over yet");
    if (m->asked)
        return NULL;
    const char *why = m->feed.again(m->feed.user);
    m->asked = why == NULL;
    return why;
}

bool match_mirror_asked(const Match *m) { return m->mirror && m->asked; }

bool match_bot_to_move(const Match *m)
{
    int p = match_current_player(m);
    return p >= 0 && m->seats[p].bot;
}

static int push_history(Match *m, int player, Action a)
{
    if (m->history_len == m->history_cap) {
        if (m->history_cap >= MATCH_MAX_HISTORY)
            return -1;
        int cap = m->history_cap ? m->history_cap * 2 : 64;
        Action *h = realloc(m->history, (size_t)cap * sizeof *h);
        if (!h)
            return -1;
        m->history = h;
        int *hp = realloc(m->history_player, (size_t)cap * sizeof *hp);
        if (!hp)
            return -1;
        m->history_player = hp;
        m->history_cap = cap;
    }
    m->history[m->history_len] = a;
    m->history_player[m->history_len++] = player;
    return 0;
}

const char *match_check(const Match *m, Action a)
{
    if (m->mirror)
        return rules_is_legal(m->rules, m->state, a) ? NULL : N_("that move is not allowed now");
    void *copy = malloc(m->rules->state_size);
    if (!copy)
        return N_("out of memory");
    memcpy(copy, m->state, m->rules->state_size);
    const char *e = m->rules->apply(copy, a);
    free(copy);
    return e;
}

int match_autosave(Match *m)
{
    if (!m->autosave_path[0])
        return 0;
    errno = 0;
    int r = match_save(m, m->autosave_path, m->autosave_error, sizeof m->autosave_error);
    m->autosave_errno = r == 0 ? 0 : errno ? errno : EIO;
    if (r == 0)
        m->autosave_error[0] = '\0';
    else if (!m->autosave_error[0])
        snprintf(m->autosave_error, sizeof m->autosave_error, "cannot write %.200s",
                 m->autosave_path);
    if (m->saved)
        m->saved(m->listener_user, m);
    return r;
}

static void autosave(Match *m) { match_autosave(m); }

/* Applies without saving: used by the loader while it replays. */
static const char *apply_quiet(Match *m, Action a)
{
    int player = match_current_player(m);
    if (m->history_len >= MATCH_MAX_HISTORY)
        return N_("the game is too long");
    const char *e = m->rules->apply(m->state, a);
    if (e)
        return e;
    if (push_history(m, player, a) != 0)
        return N_("out of memory");
    if (player == PLAYER_CHANCE)
        m->chance_count++;
    return NULL;
}

const char *match_apply(Match *m, Action a)
{
    if (m->mirror)
        return N_("this table is dealt elsewhere");
    int player = match_current_player(m);
    const char *e = apply_quiet(m, a);
    if (e)
        return e;
    autosave(m);
    if (m->listener)
        m->listener(m->listener_user, m, player, a);
    return NULL;
}

const char *match_submit(Match *m, int seat, Action a)
{
    int p = match_current_player(m);
    if (p == PLAYER_TERMINAL)
        return N_("the game is over");
    if (p != seat)
        return N_("it is not your turn");
    if (m->mirror) {
        if (seat != m->mirror_seat)
            return N_("it is not your turn");
        if (m->sent)
            return N_("your move is on its way");
        if (!rules_is_legal(m->rules, m->state, a))
            return N_("that move is not allowed now");
        const char *e = m->feed.send ? m->feed.send(m->feed.user, a, m->steps) : N_("not connected");
        m->sent = e == NULL;
        return e;
    }
    return match_apply(m, a);
}

Action match_next_chance(const Match *m)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = m->rules->chance_outcomes(m->state, acts, w);
    if (n <= 0)
        return -1;
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    /* One stream per draw: a resumed game draws exactly what the original would have. */
    Rng r;
    rng_seed(&r, rng_mix(m->seed, (uint64_t)m->chance_count));
    uint64_t x = total <= UINT32_MAX ? rng_below(&r, (uint32_t)total) : rng_next(&r) % total;
    for (int i = 0; i < n; i++) {
        if (x < w[i])
            return acts[i];
        x -= w[i];
    }
    return acts[n - 1];
}

int match_play_chance(Match *m)
{
    int count = 0;
    while (match_current_player(m) == PLAYER_CHANCE) {
        if (match_apply(m, match_next_chance(m)) != NULL)
            break; /* a rules defect; never loop forever */
        count++;
    }
    return count;
}

void match_view(const Match *m, int seat, void *view) { m->rules->observe(m->state, seat, view); }

static Rng bot_rng(const Match *m)
{
    Rng r;
    rng_seed(&r, rng_mix(m->seed ^ 0xB07B07B07ULL, (uint64_t)m->history_len));
    return r;
}

const char *match_play_bot(Match *m)
{
    if (!match_bot_to_move(m))
        return N_("no bot is to move");
    int p = match_current_player(m);
    Rng r = bot_rng(m);
    void *view = malloc(m->rules->state_size);
    if (!view)
        return N_("out of memory");
    m->rules->observe(m->state, p, view);
    Action a = bot_decide_limited(m->rules, m->seats[p].difficulty, view, p, &r, NULL,
                                  &m->limit[p]);
    free(view);
    return match_apply(m, a);
}

static void *bot_thread(void *arg)
{
    BotJob *j = arg;
    j->answer = bot_decide_limited(j->rules, j->difficulty, j->view, j->seat, &j->rng,
                                   &j->cancel, &j->limit);
    atomic_store(&j->done, 1);
    if (j->wake)
        j->wake(j->wake_user);
    return NULL;
}

int match_bot_start(Match *m, void (*wake)(void *user), void *user)
{
    if (m->job || !match_bot_to_move(m))
        return -1;
    BotJob *j = calloc(1, sizeof *j + m->rules->state_size);
    if (!j)
        return -1;
    int p = match_current_player(m);
    j->rules = m->rules;
    j->difficulty = m->seats[p].difficulty;
    j->seat = p;
    j->rng = bot_rng(m);
    j->wake = wake;
    j->wake_user = user;
    j->limit = m->limit[p];
    atomic_init(&j->cancel, 0);
    atomic_init(&j->done, 0);
    m->rules->observe(m->state, p, j->view);
    if (pthread_create(&j->thread, NULL, bot_thread, j) != 0) {
        free(j);
        return -1;
    }
    m->job = j;
    return 0;
}

bool match_bot_busy(const Match *m) { return m->job && !atomic_load(&m->job->done); }

bool match_bot_poll(Match *m, Action *out)
{
    if (!m->job || !atomic_load(&m->job->done))
        return false;
    pthread_join(m->job->thread, NULL);
    *out = m->job->answer;
    if (*out >= 0)
        m->job_step[m->job->seat] = m->history_len + 1;
    free(m->job);
    m->job = NULL;
    return *out >= 0;
}

void match_bot_cancel(Match *m)
{
    if (!m->job)
        return;
    atomic_store(&m->job->cancel, 1);
    pthread_join(m->job->thread, NULL);
    free(m->job);
    m->job = NULL;
}

static bool same_limit(const BotLimit *a, const BotLimit *b)
{
    return a->flags == b->flags && (!a->flags || (a->allows == b->allows && a->close == b->close));
}

void match_set_limit(Match *m, int seat, const BotLimit *limit)
{
    if (seat < 0 || seat >= RULES_MAX_PLAYERS)
        return;
    BotLimit l = limit && limit->flags ? *limit : (BotLimit){0};
    if (same_limit(&m->limit[seat], &l))
        return;
    m->limit[seat] = l;
    BotJob *j = m->job;
    if (j && j->seat == seat) {
        /* Asked under the old limit: the same request again under the new one. */
        void (*wake)(void *) = j->wake;
        void *user = j->wake_user;
        match_bot_cancel(m);
        match_bot_start(m, wake, user);
    }
}

void match_set_autosave(Match *m, const char *path)
{
    if (m->mirror)
        return; /* the table elsewhere keeps the record */
    snprintf(m->autosave_path, sizeof m->autosave_path, "%s", path ? path : "");
}

/* ---- Save files ------------------------------------------------------------------
 *   tasca-save 1
 *   game twentyone
 *   players 2
 *   option charlie=off        (one line per option)
 *   seed 1234
 *   seat 0 human              (or: seat 1 bot hard)
 *   actions
 *   deal 7♥                   (one action per line, chance outcomes included)
 *   hint                      (the seat to move took a hint here, before its action)
 */

char *match_save_text(const Match *m)
{
    /* Every line is bounded: the header by its fields, each action by RULES_ACTION_TEXT. */
    size_t cap = 1024 + (size_t)m->rules->n_options * 160 + (size_t)m->num_players * 48 +
                 (size_t)m->history_len * (RULES_ACTION_TEXT + 1) + (size_t)m->hint_len * 8,
           len = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
#define OUT(...) len += (size_t)snprintf(out + len, cap - len, __VA_ARGS__)
    OUT("tasca-save %d\ngame %s\nplayers %d\n", MATCH_SAVE_VERSION, m->rules->id,
        m->num_players);
    for (int i = 0; i < m->rules->n_options; i++) {
        char kv[144];
        rules_format_option(m->rules, &m->options, i, kv, sizeof kv);
        OUT("option %s\n", kv);
    }
    OUT("seed %llu\n", (unsigned long long)m->seed);
    for (int i = 0; i < m->num_players; i++) {
        if (m->seats[i].bot)
            OUT("seat %d bot %s\n", i, difficulty_name(m->seats[i].difficulty));
        else
            OUT("seat %d human\n", i);
    }
    OUT("actions\n");
    /* Action texts need the state they were taken in: replay from the start. */
    void *s = malloc(m->rules->state_size);
    if (!s) {
        free(out);
        return NULL;
    }
    m->rules->init(s, &m->options, m->num_players, m->seed);
    int h = 0;
    for (int i = 0; i < m->history_len && len < cap; i++) {
        for (; h < m->hint_len && m->hint_step[h] <= i && len < cap; h++)
            OUT("hint\n");
        char t[RULES_ACTION_TEXT];
        m->rules->action_to_string(s, m->history[i], t);
        OUT("%s\n", t);
        m->rules->apply(s, m->history[i]);
    }
    for (; h < m->hint_len && len < cap; h++)
        OUT("hint\n");
#undef OUT
    free(s);
    return out;
}

int match_save(const Match *m, const char *path, char *err, size_t errsize)
{
    char *text = match_save_text(m);
    if (!text) {
        snprintf(err, errsize, "out of memory");
        errno = ENOMEM;
        return -1;
    }
    int r = file_write_atomic(path, text, strlen(text), err, errsize);
    int e = errno;
    free(text);
    errno = e;
    return r;
}

/* Records a hint for the seat to move without saving (the loader's). */
int match_hint_record(Match *m)
{
    int p = match_current_player(m);
    if (p < 0)
        return -1;
    if (m->hint_len == m->hint_cap) {
        int cap = m->hint_cap ? m->hint_cap * 2 : 16;
        int *n = realloc(m->hint_step, (size_t)cap * sizeof *n);
        if (!n)
            return -1;
        m->hint_step = n;
        m->hint_cap = cap;
    }
    m->hint_step[m->hint_len++] = m->history_len;
    m->hints[p]++;
    return 0;
}

int match_hint_taken(Match *m)
{
    if (match_hint_record(m))
        return -1;
    autosave(m);
    return 0;
}

int match_hints(const Match *m, int seat)
{
    return seat >= 0 && seat < RULES_MAX_PLAYERS ? m->hints[seat] : 0;
}
