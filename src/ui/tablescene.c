/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table scene shared by every game: see tablescene.h. */
#include "ui/tablescene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/ai/hint.h"
#include "ui/i18n.h"
#include "ui/lang.h"
#include "ui/online.h"
#include "ui/resume.h"
#include "ui/text.h"
#include "ui/widgets.h"

/* ---- Seats ---- */

SeatKind table_seat_kind(const Table *t, int seat)
{
    if (!t->m || seat < 0 || seat >= t->m->num_players)
        return SEAT_HUMAN;
    SeatKind k = t->g->seat_kind ? t->g->seat_kind(t, seat) : SEAT_HUMAN;
    return k != SEAT_HUMAN ? k : match_seat_kind(t->m, seat);
}

/* What a mirrored table says of a seat (its player's name, away, a bot standing in). */
static bool feed_seat(const Table *t, int seat, FeedSeat *out)
{
    return t->m && t->m->mirror && t->m->feed.seat && t->m->feed.seat(t->m->feed.user, seat, out);
}

const char *table_seat_name(const Table *t, int seat)
{
    static char names[RULES_MAX_PLAYERS][48];
    FeedSeat fs;
    if (seat >= 0 && seat < RULES_MAX_PLAYERS && table_seat_kind(t, seat) == SEAT_REMOTE &&
        feed_seat(t, seat, &fs)) {
        if (fs.state == FEED_SEAT_BOT)
            snprintf(names[seat], sizeof names[seat], "%s", _("Computer"));
        else
            snprintf(names[seat], sizeof names[seat], "%s", fs.name[0] ? fs.name : _("Open seat"));
        return names[seat];
    }
    if (t->g->seat_name)
        return t->g->seat_name(t, seat);
    return seat == table_player(t) ? _("You") : _("Computer");
}

const char *table_person_name(const Table *t, int seat)
{
    FeedSeat fs;
    if (seat < 0 || seat >= RULES_MAX_PLAYERS || table_seat_kind(t, seat) != SEAT_REMOTE ||
        !feed_seat(t, seat, &fs) || fs.state == FEED_SEAT_BOT)
        return NULL;
    return table_seat_name(t, seat);
}

bool table_human(const Table *t, int seat) { return table_seat_kind(t, seat) == SEAT_HUMAN; }

FeedDeal table_deal_check(const Table *t, char *why, size_t size)
{
    why[0] = '\0';
    if (!t->m || !t->m->mirror || !t->m->feed.deal || !match_is_over(t->m))
        return FEED_DEAL_UNKNOWN;
    return t->m->feed.deal(t->m->feed.user, why, size);
}

int table_player(const Table *t)
{
    for (int p = 0; t->m && p < t->m->num_players; p++)
        if (table_human(t, p))
            return p;
    return 0;
}

bool table_open_seat_text(const Table *t, int seat, char *out, size_t size)
{
    FeedSeat fs;
    if (seat < 0 || seat >= RULES_MAX_PLAYERS || table_seat_kind(t, seat) != SEAT_REMOTE ||
        !feed_seat(t, seat, &fs) || fs.state != FEED_SEAT_EMPTY)
        return false;
    snprintf(out, size, "%s", _("Waiting for a player to take the open seat"));
    return true;
}

bool table_seat_thinking(const Table *t, int seat)
{
    if (!t->m || t->hold || match_is_over(t->m) || match_current_player(t->m) != seat)
        return false;
    return !table_human(t, seat);
}

bool table_player_can_act(const Table *t)
{
    return t->m && !t->hold && !t->confirm && match_current_player(t->m) == table_player(t) &&
           table_human(t, table_player(t)) && !pacer_demo(&t->pace);
}

bool table_caught_up(const Table *t) { return t->catch_up <= 0; }

bool table_your_turn(const Table *t) { return table_player_can_act(t) && table_caught_up(t); }

void table_linger(Table *t, float secs)
{
    float f = app_speed_factor(t->app);
    if (f <= 0)
        return; /* instant: nothing waits */
    float wait = anim_left(&t->anim) + secs * f;
    if (wait > t->deal_wait)
        t->deal_wait = wait;
    t->linger = true;
    t->linger_seen = 0;
}

bool table_lingering(const Table *t) { return t->linger && table_caught_up(t); }

/* The player moves on from a step on show (a click on the table, Space or Enter): only
 * once it has been on show a moment. */
static bool linger_done(Table *t)
{
    if (!table_lingering(t) || t->linger_seen < TABLE_GRACE)
        return false;
    t->deal_wait = 0;
    t->linger = false;
    return true;
}

/* A result on the banner has been up long enough for a click or a key to go on from it. */
static bool banner_ready(const Table *t) { return t->banner > 0.5f && t->banner_age >= TABLE_GRACE; }

/* ---- Messages and sounds ---- */

void table_say(Table *t, const char *msg) { table_toast(&t->toast, msg, 2.6f); }

void table_sound_cb(void *table, int id) { app_sound(((Table *)table)->app, (SoundId)id); }

/* A networked table with a seat nobody has taken yet: the game has not begun. */
static bool seat_empty(const Table *t)
{
    FeedSeat fs;
    for (int p = 0; p < t->m->num_players; p++)
        if (feed_seat(t, p, &fs) && fs.state == FEED_SEAT_EMPTY)
            return true;
    return false;
}

bool table_refuse(Table *t)
{
    if (!t->m)
        return true;
    if (pacer_demo(&t->pace)) {
        table_say(t, _("The demonstration plays by itself."));
        return true;
    }
    int cur = match_current_player(t->m), me = table_player(t);
    const char *e = NULL;
    if (t->hold || cur == PLAYER_TERMINAL)
        e = _(t->g->over_message);
    else if (cur == PLAYER_CHANCE)
        e = _("Wait for the cards being dealt.");
    else if (cur != me)
        e = t->m->num_players > 2 || t->m->mirror ? _("Wait for your turn.")
                                                  : _("Wait: it is the computer's turn.");
    else if (t->m->mirror && seat_empty(t))
        e = _("Wait: not every seat is taken yet.");
    if (e)
        table_say(t, e);
    return e != NULL;
}

void table_submit(Table *t, Action a)
{
    if (table_refuse(t))
        return;
    const char *e = match_submit(t->m, table_player(t), a);
    if (e)
        table_say(t, _(e));
}

/* ---- Games ---- */

static void save_session(Table *t)
{
    const char *id = t->g->id;
    if (!t->g->counter_key)
        return;
    Kv *kv = &t->app->kv;
    char key[96];
    snprintf(key, sizeof key, "%s.session_seed", id);
    kv_set_u64(kv, key, t->session_seed);
    snprintf(key, sizeof key, "%s.%s", id, t->g->counter_key);
    kv_set_int(kv, key, t->games);
    table_score_save(&t->score, kv, id);
    app_save_settings(t->app);
}

Difficulty table_level(const Table *t)
{
    for (int p = 0; t->m && p < t->m->num_players; p++)
        if (t->m->seats[p].bot)
            return t->m->seats[p].difficulty;
    return t->app->set.difficulty;
}

static void count(Table *t, int result)
{
    table_score_count(&t->score, result);
    save_session(t);
    stats_record(&t->app->stats, t->g->id, table_level(t), result,
                 t->m && match_hints(t->m, table_player(t)) > 0);
    app_save_stats(t->app);
}

static void hint_clear(Table *t);
static void hint_update(Table *t);
static void banner_buttons(Table *t);
static bool hint_offered(const Table *t);

bool table_deal(Table *t)
{
    hint_clear(t);
    table_review_close(t);
    App *a = t->app;
    const TableGame *g = t->g;
    GameOptions opt;
    app_game_options(a, g->rules, &opt);
    SeatSpec seats[RULES_MAX_PLAYERS];
    int n = 2;
    if (g->seats)
        n = g->seats(t, seats);
    else
        seats[0] = (SeatSpec){false, DIFF_MEDIUM}, seats[1] = (SeatSpec){true, a->set.difficulty};
    if (g->deal_options)
        g->deal_options(t, &opt);
    uint64_t seed;
    if (g->counter_key) {
        seed = rng_mix(t->session_seed, (uint64_t)t->games);
    } else if (a->opt.has_seed) {
        seed = a->opt.seed;
        a->opt.has_seed = false;
    } else {
        seed = rng_mix((uint64_t)time(NULL), SDL_GetPerformanceCounter());
    }
    char err[256];
    Match *m = match_create(g->rules, &opt, n, seats, seed, err, sizeof err);
    if (!m) {
        app_notice(a, _("A new game could not be dealt: %s"), err);
        return false;
    }
    if (t->m)
        match_free(t->m);
    t->m = m;
    t->game_start = 0;
    app_attach_match(a, m);
    t->games++;
    save_session(t);
    t->over = t->hold = t->confirm = false;
    t->banner = t->banner_age = 0;
    t->title[0] = t->reason[0] = '\0';
    pacer_reset(&t->pace);
    confetti_clear(&t->confetti);
    t->deal_wait = 0.3f * app_speed_factor(a);
    t->catch_up = 0;
    t->linger = t->banner_due = false;
    if (g->reset)
        g->reset(t);
    return true;
}

static void banner_cb(void *user, int live) { table_show_banner(user, live != 0); }

void table_show_banner(Table *t, bool live)
{
    t->banner = t->banner_age = 0;
    anim_to(&t->anim, &t->banner, 1, 0.35f, 0, EASE_OUT_BACK);
    t->focus = TABLE_NEXT;
    if (!live)
        return;
    if (t->result > 0) {
        app_sound(t->app, SND_WIN);
        if (app_speed_factor(t->app) > 0 && t->g->confetti_y > 0)
            confetti_burst(&t->confetti, t->g->confetti_x, t->g->confetti_y);
    } else if (t->result < 0) {
        app_sound(t->app, SND_LOSE);
    }
}

void table_game_over(Table *t, bool live)
{
    table_review_game_over(t); /* kept for the review page */
    t->result = t->g->result(t, t->title, sizeof t->title, t->reason, sizeof t->reason);
    t->title_lang = lang_generation();
    if (!match_is_over(t->m)) {
        t->hold = true; /* a game of a match: the next waits for the player */
    } else if (!t->over) {
        t->over = true;
        if (live && !t->m->mirror && !(t->g->uncounted && t->g->uncounted(t)))
            count(t, t->result); /* a networked game is not the player against our bots */
    }
    if (live && t->linger) {
        t->banner_due = true; /* after the last step has been on show (update) */
    } else if (live) {
        anim_call(&t->anim, t->g->banner_delay, banner_cb, t, 1);
    } else {
        t->banner = 1;
        t->banner_age = TABLE_GRACE; /* found ended: no click of a last move to ignore */
        t->focus = TABLE_NEXT;
    }
}

/* A networked table whose game is over and whose dealer deals the next one at the same
 * table when everyone asks (play again). */
static bool plays_again(const Table *t)
{
    return t->m && t->m->mirror && t->m->feed.again && match_is_over(t->m);
}

/* The next game at a networked table has begun (every seat asked): the table starts over
 * from its first view, as after a deal. */
static void table_restarted(Table *t)
{
    hint_clear(t);
    table_review_close(t);
    t->game_start = 0;
    t->over = t->hold = t->confirm = false;
    t->banner = t->banner_age = 0;
    t->title[0] = t->reason[0] = '\0';
    t->leave_hover = false;
    t->catch_up = 0;
    t->linger = t->banner_due = false;
    pacer_reset(&t->pace);
    confetti_clear(&t->confetti);
    anim_finish(&t->anim);
    t->deal_wait = 0.3f * app_speed_factor(t->app);
    if (t->g->reset)
        t->g->reset(t);
    if (t->g->sync)
        t->g->sync(t, true);
    table_say(t, _("A new game at the same table"));
}

void table_next(Table *t)
{
    if (!t->m)
        return;
    table_review_close(t);
    if (plays_again(t)) { /* the seat asks for the next game at the same table */
        const char *why = match_mirror_again(t->m);
        if (why)
            table_say(t, _(why));
        return;
    }
    if (t->m->mirror && match_is_over(t->m)) { /* a table that plays one match */
        app_leave_online(t->app, true);
        return;
    }
    if (t->hold && !match_is_over(t->m) && t->g->next_game) {
        t->hold = false;
        t->banner = t->banner_age = 0;
        t->game_start = t->m->history_len; /* the next game of the match begins here */
        confetti_clear(&t->confetti);
        t->g->next_game(t);
        return;
    }
    if (match_is_over(t->m))
        table_deal(t);
}

bool table_deals(const Table *t) { return !t->m || !t->m->mirror; }

bool table_under_way(const Table *t)
{
    int me = table_player(t);
    if (!t->m || t->over || match_is_over(t->m) || !table_human(t, me))
        return false;
    for (int i = 0; i < t->m->history_len; i++)
        if (t->m->history_player[i] == me)
            return true;
    return false;
}

void table_new_game(void *self)
{
    Table *t = self;
    if (t->m && t->m->mirror) {
        /* Leaving a networked table: the seat stays the player's (Play online takes them
         * back), and the table shows an offline game again. */
        app_leave_online(t->app, false);
        return;
    }
    table_review_close(t);
    if (table_under_way(t) && !pacer_demo(&t->pace)) {
        t->confirm = true; /* asked first: see confirm_event */
        t->confirm_hover = -1;
        return;
    }
    anim_finish(&t->anim);
    table_deal(t);
}

/* The player said yes: the game in progress counts as lost, and a new one is dealt. */
static void abandon(Table *t)
{
    t->confirm = false;
    if (!(t->g->uncounted && t->g->uncounted(t)))
        count(t, -1);
    anim_finish(&t->anim);
    table_deal(t);
}

/* The live match, also while the table shows a past position (tablereview.c). */
Match *table_match(void *self)
{
    Table *t = self;
    return t->live ? t->live : t->m;
}

bool table_modal(const void *self)
{
    const Table *t = self;
    return t->confirm || t->review_open;
}

bool table_cancel(void *self)
{
    Table *t = self;
    return t->m && t->g->cancel && t->g->cancel(t);
}

/* ---- Buttons ---- */

static bool shown(const Table *t, int b)
{
    if (b == TABLE_NEXT)
        return t->m && (t->hold || match_is_over(t->m)) && t->banner > 0.5f;
    return t->g->shown && b < t->g->n_buttons && t->g->shown(t, b);
}

static int button_at(const Table *t, float x, float y)
{
    for (int b = 0; b < t->g->n_buttons || b == 0; b++)
        if (shown(t, b) && rect_has(t->btn[b], x, y))
            return b;
    return -1;
}

bool table_press(Table *t, int b)
{
    if (!shown(t, b))
        return false;
    t->focus = b;
    if (b == TABLE_NEXT)
        table_next(t);
    else
        t->g->press(t, b);
    return true;
}

/* Who the seat waits for once it asked to play again: the first person who has not. */
static const char *waited_for(const Table *t)
{
    for (int p = 0; p < t->m->num_players; p++) {
        FeedSeat fs;
        if (p != table_player(t) && feed_seat(t, p, &fs) && fs.state != FEED_SEAT_BOT && !fs.again)
            return table_seat_name(t, p);
    }
    return NULL;
}

void table_button(Table *t, int b, const char *label, int flags)
{
    static char waiting_label[96];
    if (b == TABLE_NEXT && plays_again(t) && match_mirror_asked(t->m)) {
        const char *who = waited_for(t);
        if (who)
            snprintf(waiting_label, sizeof waiting_label, _("Waiting for %s\xE2\x80\xA6"), who);
        else
            snprintf(waiting_label, sizeof waiting_label, "%s", _("Dealing\xE2\x80\xA6"));
        label = waiting_label;
        flags &= ~BTN_PRIMARY;
    } else if (b == TABLE_NEXT && plays_again(t)) {
        label = _("Play again");
    } else if (b == TABLE_NEXT && t->m && t->m->mirror && match_is_over(t->m)) {
        label = _("Back to the tables"); /* a table that plays one match */
    }
    flags |= (t->hover == b ? BTN_HOVER : 0) | (t->pressed == b ? BTN_PRESSED : 0);
    if (t->live && b != TABLE_NEXT)
        flags |= BTN_DISABLED; /* a past position under review: read-only */
    if (t->focus == b && !(flags & BTN_DISABLED))
        flags |= BTN_FOCUS;
    ui_button(t->app, t->btn[b], label, flags);
}

/* ---- Scene functions ---- */

void *table_enter(App *app, const Scene *sc)
{
    const TableGame *g = sc->game;
    Table *t = calloc(1, g->size);
    if (!t)
        return NULL;
    t->app = app;
    t->g = g;
    t->hover = t->pressed = t->focus = -1;
    t->hint_step = -1;
    t->tv.cw = (float)cardart_aspect(app->art);
    anim_init(&t->anim, app_speed_factor(app));
    pacer_init(&t->pace, DIFF_EASY);
    table_score_load(&t->score, &app->kv, g->id);
    if (g->counter_key) {
        char key[96];
        snprintf(key, sizeof key, "%s.%s", g->id, g->counter_key);
        t->games = kv_get_int(&app->kv, key, 0, 0, 2000000000);
    }
    if (g->enter)
        g->enter(t);
    SavedGame saved = {g->id, g->rules, 0, _(g->resume_notice), _(g->not_this_game)};
    t->m = app_take_online_match(app, g->id);
    if (t->m)
        app_attach_match(app, t->m); /* its steps reach the scene (a mirror is not saved) */
    else
        t->m = app_resume_match(app, &saved);
    if (t->m && g->resumed)
        g->resumed(t);
    if (g->counter_key)
        t->session_seed = app_session_seed(app, g->id, &t->games);
    confetti_init(&t->confetti, t->session_seed ^ g->confetti_salt);
    if (!t->m && !table_deal(t)) {
        table_leave(t);
        return NULL;
    }
    return t;
}

void table_leave(void *self)
{
    Table *t = self;
    hint_clear(t);
    table_review_free(t);
    if (t->g->leave)
        t->g->leave(t);
    void *feed = t->m && t->m->mirror ? t->m->feed.user : NULL;
    table_close(&t->tv, t->m);
    if (feed) /* the window left a networked table (another game): its link goes */
        online_mirror_gone(t->app, feed);
    free(t);
}

void table_scene_layout(void *self, int w, int h)
{
    Table *t = self;
    table_layout(&t->tv, t->app, w, h, t->g->felt_centre, t->g->felt_edge);
    float cx = TABLE_W / 2, cy = TABLE_H / 2;
    t->confirm_btn[0] = table_rect(&t->tv, cx - 150, cy + 60, 260, 64);
    t->confirm_btn[1] = table_rect(&t->tv, cx + 150, cy + 60, 260, 64);
    /* In the top bar, between the title and the level: free in every game's layout. */
    t->hint_btn = table_rect(&t->tv, 1040, 37, 150, 52);
    if (t->g->layout)
        t->g->layout(t);
    if (t->m)
        banner_buttons(t);
    if (t->m && !t->live && match_is_over(t->m) && !t->over)
        table_game_over(t, false); /* a resumed finished game: not counted again */
    else if (t->m && !t->live && (t->over || t->hold) && t->title_lang != lang_generation()) {
        /* The language changed under the banner: its words again, in the new one. */
        t->g->result(t, t->title, sizeof t->title, t->reason, sizeof t->reason);
        t->title_lang = lang_generation();
    }
}

void table_scene_action(void *self, const Match *m, int player, Action a)
{
    Table *t = self;
    (void)m;
    if (t->g->sync)
        t->g->sync(t, false);
    if (t->g->on_action) /* a hidden step (a mirror's) is the game's to show or not */
        t->g->on_action(t, player, a);
    t->catch_up = anim_left(&t->anim); /* what this step started: the prompts wait for it */
    if (match_is_over(t->m) && !t->over && !t->hold)
        table_game_over(t, true);
}

static bool confirm_event(Table *t, const SDL_Event *e)
{
    if (e->type == SDL_MOUSEMOTION) {
        t->confirm_hover = -1;
        for (int i = 0; i < 2; i++)
            if (rect_has(t->confirm_btn[i], (float)e->motion.x, (float)e->motion.y))
                t->confirm_hover = i;
        if (t->confirm_hover >= 0)
            t->app->pointer_hand = true;
    } else if (e->type == SDL_MOUSEBUTTONUP && e->button.button == SDL_BUTTON_LEFT) {
        if (rect_has(t->confirm_btn[0], (float)e->button.x, (float)e->button.y))
            abandon(t);
        else if (rect_has(t->confirm_btn[1], (float)e->button.x, (float)e->button.y))
            t->confirm = false;
    } else if (e->type == SDL_KEYDOWN) {
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_y)
            abandon(t);
        else if (k == SDLK_ESCAPE || k == SDLK_n || k == SDLK_BACKSPACE)
            t->confirm = false;
    }
    return e->type == SDL_MOUSEMOTION || e->type == SDL_MOUSEBUTTONDOWN ||
           e->type == SDL_MOUSEBUTTONUP || e->type == SDL_KEYDOWN || e->type == SDL_MOUSEWHEEL;
}

/* The banner's "Leave the table" at a networked table that plays again. */
static bool leave_shown(const Table *t)
{
    return plays_again(t) && t->banner > 0.5f && t->leave_btn.w > 0 && !t->review_open;
}

static bool leave_event(Table *t, const SDL_Event *e)
{
    if (!leave_shown(t))
        return false;
    if (e->type == SDL_MOUSEMOTION) {
        t->leave_hover = rect_has(t->leave_btn, (float)e->motion.x, (float)e->motion.y);
        if (t->leave_hover)
            t->app->pointer_hand = true;
        return false;
    }
    if ((e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) &&
        e->button.button == SDL_BUTTON_LEFT &&
        rect_has(t->leave_btn, (float)e->button.x, (float)e->button.y)) {
        if (e->type == SDL_MOUSEBUTTONUP && banner_ready(t))
            app_leave_online(t->app, true); /* the seat stays the player's */
        return true;
    }
    return false;
}

static void draw_leave_button(Table *t)
{
    SDL_FRect n = t->btn[TABLE_NEXT];
    float gap = 16 * t->tv.s, w = fmaxf(n.w * 0.8f, 170 * t->tv.s);
    t->leave_btn = (SDL_FRect){n.x + n.w + gap, n.y, w, n.h};
    if (n.w <= 0 || !plays_again(t) || t->review_open)
        return;
    ui_button(t->app, t->leave_btn, _("Leave the table"), t->leave_hover ? BTN_HOVER : 0);
}

bool table_scene_event(void *self, const SDL_Event *e)
{
    Table *t = self;
    if (t->confirm)
        return confirm_event(t, e);
    if (leave_event(t, e))
        return true;
    if (table_review_event(t, e))
        return true; /* the review page, or the banner's Review button */
    bool ended = t->m && (t->hold || match_is_over(t->m));
    if (hint_offered(t)) {
        if (e->type == SDL_MOUSEMOTION)
            t->hint_hover = rect_has(t->hint_btn, (float)e->motion.x, (float)e->motion.y);
        if ((e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) &&
            e->button.button == SDL_BUTTON_LEFT &&
            rect_has(t->hint_btn, (float)e->button.x, (float)e->button.y)) {
            if (e->type == SDL_MOUSEBUTTONUP)
                table_hint(t);
            return true;
        }
        /* '?' on any keyboard layout; H where the game does not use it (see below). */
        if (e->type == SDL_TEXTINPUT && strcmp(e->text.text, "?") == 0) {
            table_hint(t);
            return true;
        }
    }
    switch (e->type) {
    case SDL_MOUSEMOTION:
        t->hover = button_at(t, (float)e->motion.x, (float)e->motion.y);
        if (t->hover >= 0 || t->hint_hover)
            t->app->pointer_hand = true;
        if (t->g->event)
            t->g->event(t, e);
        return true;
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button == SDL_BUTTON_LEFT) {
            t->press_on_end = table_lingering(t) && t->linger_seen >= TABLE_GRACE;
            int b = button_at(t, (float)e->button.x, (float)e->button.y);
            if (b == TABLE_NEXT && !banner_ready(t))
                return true; /* the rest of a click meant for the last move */
            if (b >= 0) {
                t->pressed = b;
                return true;
            }
        }
        return t->g->event && t->g->event(t, e);
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button == SDL_BUTTON_LEFT && t->pressed >= 0) {
            int was = t->pressed;
            t->pressed = -1;
            if (button_at(t, (float)e->button.x, (float)e->button.y) == was)
                table_press(t, was);
            return true;
        }
        if (t->g->event && t->g->event(t, e))
            return true;
        /* A click on the table goes on from a step on show (the end of a hand); after a
         * game only the banner's buttons (or a key) start the next: a stray click would
         * throw its result away. */
        if (e->button.button == SDL_BUTTON_LEFT && t->press_on_end && linger_done(t))
            return true;
        return false;
    }
    case SDL_KEYDOWN: {
        if (t->g->event && t->g->event(t, e))
            return true;
        SDL_Keycode k = e->key.keysym.sym;
        if (k == SDLK_h && !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) &&
            hint_offered(t)) {
            table_hint(t);
            return true;
        }
        if (ended && (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE || k == SDLK_n)) {
            if (banner_ready(t))
                table_next(t);
            return true;
        }
        if (!ended && (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) && linger_done(t))
            return true;
        return false;
    }
    default:
        return t->g->event && t->g->event(t, e);
    }
}

static bool program_to_move(const Table *t)
{
    int cur = match_current_player(t->m);
    return cur >= 0 && !t->hold && table_seat_kind(t, cur) == SEAT_PROGRAM;
}


static bool holding(const Table *t)
{
    return t->hold || t->confirm || (t->g->holding && t->g->holding(t));
}

/* The table's own motion (animations, the game's, a deal's pause) that a turn waits for. */
static bool turn_waits(const Table *t, float f)
{
    return ((anim_busy(&t->anim) || (t->g->busy && t->g->busy(t))) && f > 0) || t->deal_wait > 0;
}

/* In a demonstration, the next game once a finished one has been on show. */
static void demo_next_game(Table *t, float dt)
{
    bool shown_end = (t->hold || match_is_over(t->m)) && t->banner >= 1;
    if (pacer_demo_next(&t->pace, t->app, shown_end, dt, t->g->demo_next ? t->g->demo_next : 1.0f))
        table_next(t);
}

/* A mirrored table: its steps arrive from elsewhere and are shown at the pace of the
 * animations, deals with the game's pauses; a refusal of the player's move is said. */
static void mirror_update(Table *t, bool hold, float f, float dt)
{
    char why[160];
    if (match_mirror_refused(t->m, why, sizeof why))
        table_say(t, _(why));
    for (int guard = 0; !hold && t->deal_wait <= 0 && guard < 256; guard++) {
        if (f > 0 && (anim_busy(&t->anim) || (t->g->busy && t->g->busy(t))))
            break;
        bool chance = match_current_player(t->m) == PLAYER_CHANCE;
        int pulled = match_mirror_pull(t->m);
        if (pulled <= 0)
            break;
        if (pulled == 2) { /* the next game at the same table */
            table_restarted(t);
            break;
        }
        if (chance || match_current_player(t->m) == PLAYER_CHANCE) {
            bool more = false;
            float pause = t->g->chance_pause ? t->g->chance_pause(t, &more) : 0.1f;
            t->deal_wait = pause * f;
            if (f > 0 && !more)
                break;
        } else if (f > 0) {
            break;
        }
        hold = holding(t);
    }
    if (!pacer_demo(&t->pace))
        return;
    /* A demonstration plays this window's seat (the dealer plays its bots), and asks for
     * the next game once a finished one has been on show. */
    pacer_drive(&t->pace, t->app, t->m, hold || turn_waits(t, f), dt, 0, t->g->demo_pause * f);
    demo_next_game(t, dt);
}

void table_update(void *self, float dt)
{
    Table *t = self;
    const TableGame *g = t->g;
    float f = app_speed_factor(t->app);
    t->time += dt;
    anim_set_factor(&t->anim, f);
    anim_update(&t->anim, dt);
    t->catch_up = f > 0 && anim_busy(&t->anim) ? fmaxf(0, t->catch_up - dt) : 0;
    if (t->linger && table_caught_up(t))
        t->linger_seen += dt;
    if (t->linger && t->deal_wait <= dt)
        t->linger = false; /* (the deal below goes on) */
    if (t->banner_due && !t->linger) {
        t->banner_due = false;
        table_show_banner(t, true);
    }
    if (t->banner > 0.5f && (t->over || t->hold))
        t->banner_age += dt;
    table_toast_update(&t->toast, dt);
    confetti_update(&t->confetti, dt, TABLE_H + 40);
    if (g->update)
        g->update(t, dt);
    hint_update(t);
    table_review_update(t);
    if (!t->m || t->review_open)
        return; /* a review holds the table: nothing is dealt or played meanwhile */
    if (t->deal_wait > 0)
        t->deal_wait -= dt;
    bool hold = holding(t);
    if (t->m->mirror) {
        mirror_update(t, hold, f, dt);
        return;
    }
    for (int guard = 0; !hold && match_current_player(t->m) == PLAYER_CHANCE &&
                        t->deal_wait <= 0 && guard < 128;
         guard++) {
        bool more = false;
        float pause = g->chance_pause ? g->chance_pause(t, &more) : 0.1f;
        if (match_apply(t->m, match_next_chance(t->m)) != NULL)
            break;
        t->deal_wait = pause * f;
        if (f > 0 && !more)
            break;
    }
    int cur = match_current_player(t->m);
    if (hold || (cur >= 0 && table_seat_kind(t, cur) == SEAT_PROGRAM)) {
        pacer_reset(&t->pace);
    } else if (cur != PLAYER_CHANCE) {
        float pause = g->bot_pause_fn ? g->bot_pause_fn(t) : g->bot_pause;
        pacer_drive(&t->pace, t->app, t->m, turn_waits(t, f), dt, pause * f, g->demo_pause * f);
    }
    if (g->drive && !hold)
        g->drive(t, dt);
    demo_next_game(t, dt);
}

/* A networked table waits for someone, or for its link. */
static bool waiting(const Table *t)
{
    const Match *m = t->m;
    if (m->feed.link && m->feed.link(m->feed.user) != FEED_LINK_UP)
        return true;
    for (int p = 0; p < m->num_players; p++) {
        FeedSeat fs;
        if (p != table_player(t) && feed_seat(t, p, &fs) &&
            (fs.state == FEED_SEAT_AWAY || fs.state == FEED_SEAT_EMPTY))
            return true;
    }
    return false;
}

bool table_animating(const void *self)
{
    const Table *t = self;
    if (anim_busy(&t->anim) || table_toast_busy(&t->toast) || confetti_busy(&t->confetti) ||
        (t->g->busy && t->g->busy(t)) || t->review_job || t->catch_up > 0 || t->linger)
        return true; /* a review's progress line moves */
    if (t->banner > 0.5f && (t->over || t->hold) && t->banner_age < TABLE_GRACE)
        return true; /* the banner's grace runs out */
    if (!t->m || t->review_open)
        return false;
    if (t->m->mirror && waiting(t))
        return true; /* a countdown, or the link coming back */
    bool demo = pacer_demo(&t->pace);
    if (holding(t))
        return demo && !t->confirm;
    int cur = match_current_player(t->m);
    return cur == PLAYER_CHANCE || t->deal_wait > 0 || match_bot_to_move(t->m) ||
           program_to_move(t) || (demo && cur >= 0) || (demo && match_is_over(t->m));
}

bool table_settled(const void *self)
{
    const Table *t = self;
    if (!t->m)
        return true;
    if (anim_busy(&t->anim) || confetti_busy(&t->confetti) ||
        (t->g->moving && t->g->moving(t)) || t->linger || t->banner_due || t->catch_up > 0)
        return false;
    if (t->review_open)
        return true; /* the table waits; the review's worker is no move of the game */
    bool demo = pacer_demo(&t->pace);
    if (holding(t) || match_is_over(t->m))
        return (!demo || t->banner >= 1) && (t->banner <= 0.5f || t->banner_age >= TABLE_GRACE);
    if (demo)
        return false; /* a demonstration settles only on a result */
    int cur = match_current_player(t->m);
    return cur != PLAYER_CHANCE && t->deal_wait <= 0 && !match_bot_to_move(t->m) &&
           !program_to_move(t);
}

void table_settings_changed(void *self)
{
    Table *t = self;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    t->tv.cw = (float)cardart_aspect(t->app->art);
    if (t->g->settings_changed)
        t->g->settings_changed(t);
    else if (t->m && t->g->sync)
        t->g->sync(t, true);
}

/* Where the toast shows, in pixels. */
static void toast_pos(const Table *t, float *x, float *y)
{
    float ux = t->g->toast_x, uy = t->g->toast_y;
    if (t->g->toast_at)
        t->g->toast_at(t, &ux, &uy);
    *x = table_px(&t->tv, ux);
    *y = table_py(&t->tv, uy);
}

bool table_locate(void *self, const char *what, SDL_FRect *out)
{
    Table *t = self;
    if (strncmp(what, "review", 6) == 0)
        return table_review_locate(t, what, out);
    if (t->confirm && (strcmp(what, "confirm") == 0 || strcmp(what, "keep") == 0)) {
        *out = t->confirm_btn[what[0] == 'k'];
        return true;
    }
    if (strcmp(what, "banner") == 0) { /* the end-of-game banner's plate, at full size */
        const TableBanner *bn = &t->g->banner;
        if (bn->w <= 0 || t->banner <= 0.5f || !(t->over || t->hold))
            return false;
        *out = table_rect(&t->tv, bn->cx, bn->cy, bn->w, bn->h);
        return true;
    }
    if (strcmp(what, "next") == 0) {
        if (!shown(t, TABLE_NEXT))
            return false;
        *out = t->btn[TABLE_NEXT];
        return true;
    }
    if (strcmp(what, "leave") == 0) {
        if (!leave_shown(t))
            return false;
        *out = t->leave_btn;
        return true;
    }
    if (strcmp(what, "toast") == 0) { /* the toast on show */
        if (!table_toast_busy(&t->toast))
            return false;
        float x, y;
        toast_pos(t, &x, &y);
        *out = ui_toast_rect(t->app, t->toast.text, x, y);
        return true;
    }
    if (strcmp(what, "hint") == 0) {
        if (!hint_offered(t))
            return false;
        *out = t->hint_btn;
        return true;
    }
    if (strcmp(what, "news-place") == 0) { /* where a networked table's news shows, shown
                                             * or not: a line as wide as the longest */
        float x = TABLE_W / 2, y = 74;
        if (t->g->news_at)
            t->g->news_at(t, &x, &y);
        *out = table_rect(&t->tv, x, y, 640, 42);
        return true;
    }
    if (strcmp(what, "hint-place") == 0) { /* where Hint shows, shown or not (the app's
                                             * warnings keep clear of it) */
        *out = t->hint_btn;
        return true;
    }
    return t->g->locate && t->g->locate(t, what, out);
}

/* ---- Hints ---- */

static void hint_clear(Table *t)
{
    if (t->hint_job) {
        hint_job_cancel(t->hint_job);
        t->hint_job = NULL;
    }
    t->hint_shown = false;
    t->hint_step = -1;
}

/* The hint's one line, in the player's language. */
static void hint_text(const HintReason *r, const Analysis *an, char *out, size_t size)
{
    int best = (int)lround(r->best * 100), next = (int)lround(r->next * 100);
    switch (r->why) {
    case HINT_NONE: out[0] = '\0'; break;
    case HINT_ONLY: snprintf(out, size, "%s", _("The only move here")); break;
    case HINT_TO_STAND:
        snprintf(out, size, _("Stand: %d %% against %d %% for a hit"), best, next);
        break;
    case HINT_TO_HIT:
        snprintf(out, size, _("Hit: %d %% against %d %% for standing"), best, next);
        break;
    case HINT_MILL: snprintf(out, size, "%s", _("Closes a mill")); break;
    case HINT_BLOCK: snprintf(out, size, "%s", _("Blocks their mill")); break;
    case HINT_REMOVE: snprintf(out, size, "%s", _("Take this piece: it hurts them most")); break;
    case HINT_MATE:
        snprintf(out, size, P_("Wins by force in %d turn", "Wins by force in %d turns", r->turns),
                 r->turns);
        break;
    case HINT_PIECES:
        if (r->best - r->next >= 0.05)
            snprintf(out, size, _("Better by %.1f pieces than any other move"), r->best - r->next);
        else
            snprintf(out, size, "%s", _("As good as the best alternatives"));
        break;
    case HINT_PARTNER_HOLDS:
        snprintf(out, size, "%s", _("Your partner already wins this rodada: keep your strong cards"));
        break;
    case HINT_WINS_LOW:
        snprintf(out, size, "%s", _("Wins the rodada with your lowest card that can"));
        break;
    case HINT_WINS_MANILHA:
        snprintf(out, size, "%s", _("Wins the rodada with your lowest manilha"));
        break;
    case HINT_MIXED:
        snprintf(out, size,
                 _("A balanced answer, given %d %% of the time here: mixing keeps your hand unreadable"),
                 (int)lround(r->share * 100));
        break;
    case HINT_VALUE:
    default:
        if (r->best >= 0 && r->next >= 0 && an->unit != ANALYSIS_PIECES && best <= next)
            snprintf(out, size, _("%d %% to win; the next best choice is about as good"), best);
        else if (r->best >= 0 && r->next >= 0 && an->unit != ANALYSIS_PIECES)
            snprintf(out, size, _("%d %% to win, against %d %% for the next best choice"), best,
                     next);
        else if (r->best >= 0 && an->unit != ANALYSIS_PIECES)
            snprintf(out, size, _("%d %% to win"), best);
        else
            snprintf(out, size, "%s", _("What the computer would play here"));
        break;
    }
}

void table_hint(Table *t)
{
    if (!t->m || match_is_over(t->m) || t->hold)
        return;
    if (!table_player_can_act(t)) {
        table_say(t, _("A hint is for your own turn"));
        return;
    }
    int step = t->m->history_len;
    if (t->hint_step == step && (t->hint_job || t->hint_shown))
        return; /* already asked (or shown) for this position */
    hint_clear(t);
    int seat = table_player(t);
    void *view = malloc(t->m->rules->state_size);
    if (!view)
        return;
    match_view(t->m, seat, view);
    t->hint_job = hint_job_start(t->m->rules, DIFF_HARD, view, seat,
                                 t->session_seed ^ (uint64_t)step * 0x9E3779B97F4A7C15ULL,
                                 app_wake, t->app);
    free(view);
    if (t->hint_job) {
        t->hint_step = step;
        table_say(t, _("Thinking about a hint\xE2\x80\xA6"));
    }
}

bool table_hint_action(const Table *t, Action *out)
{
    if (!t->hint_shown || !t->m || t->live || t->hint_step != t->m->history_len)
        return false; /* (a past position under review may be as long: not the hint's) */
    *out = t->hint_action;
    return true;
}

/* The answer, once the worker has it; forgets a hint whose position has changed. */
static void hint_update(Table *t)
{
    if ((t->hint_job || t->hint_shown) && (!t->m || t->hint_step != t->m->history_len)) {
        hint_clear(t);
        return;
    }
    if (!t->hint_job)
        return;
    Analysis *an = malloc(sizeof *an);
    HintReason why;
    if (!an)
        return;
    if (hint_job_poll(t->hint_job, an, &why)) {
        t->hint_job = NULL;
        if (why.why != HINT_NONE && why.action >= 0) {
            t->hint_action = why.action;
            t->hint_shown = true;
            hint_text(&why, an, t->hint_line, sizeof t->hint_line);
            table_toast(&t->toast, t->hint_line, 8.0f);
            match_hint_taken(t->m);
        }
    }
    free(an);
}

/* A networked table where every other seat is the computer's: a hint helps against bots
 * only, as offline. A person at the table, or a seat a person holds (away, a bot standing
 * in for them, not yet taken, not yet known), would be up against an aid. */
static bool bots_only(const Table *t)
{
    for (int p = 0; p < t->m->num_players; p++) {
        FeedSeat fs;
        if (p != table_player(t) && (!feed_seat(t, p, &fs) || fs.state != FEED_SEAT_BOT))
            return false;
    }
    return true;
}

static bool hint_offered(const Table *t)
{
    return t->m && !t->review_open && !match_is_over(t->m) && !t->hold && !t->confirm &&
           table_human(t, table_player(t)) && !pacer_demo(&t->pace) &&
           (!t->m->mirror || bots_only(t));
}

static void draw_hint(Table *t, SDL_Renderer *r)
{
    if (!hint_offered(t))
        return;
    int flags = BTN_GHOST | (t->hint_hover ? BTN_HOVER : 0);
    if (!table_player_can_act(t))
        flags |= BTN_DISABLED;
    ui_button(t->app, t->hint_btn, _("Hint"), flags);
    Action a;
    SDL_FRect rc[2];
    int n = table_hint_action(t, &a) && t->g->hint_rects ? t->g->hint_rects(t, a, rc) : 0;
    float s = t->tv.s;
    for (int i = 0; i < n; i++) {
        SDL_FRect o = {rc[i].x - 7 * s, rc[i].y - 7 * s, rc[i].w + 14 * s, rc[i].h + 14 * s};
        draw_rounded_outline(r, o, 12 * s, 7 * s, COL_GOLD);
    }
}

/* ---- Drawing ---- */

/* A banner that holds its buttons: the row (Review, the next button, Leave the table) is
 * centred in it, at the banner's full size; each button keeps the size the game gave the
 * next button. The Review and Leave buttons take their places from the next one. */
static void banner_buttons(Table *t)
{
    const TableBanner *bn = &t->g->banner;
    SDL_FRect *n = &t->btn[TABLE_NEXT];
    if (bn->w <= 0 || bn->buttons_at <= 0 || n->w <= 0)
        return;
    float s = t->tv.s, gap = 16 * s, row = n->w, left = 0;
    if (table_review_available(t) && !t->review_open) {
        left = fmaxf(n->w * 0.62f, 140 * s) + gap; /* as table_review_banner_button */
        row += left;
    }
    if (plays_again(t))
        row += gap + fmaxf(n->w * 0.8f, 170 * s); /* as draw_leave_button */
    float top = bn->cy - bn->h / 2;
    n->x = table_px(&t->tv, bn->cx) - row / 2 + left;
    n->y = table_py(&t->tv, top + bn->h * bn->buttons_at) - n->h / 2;
}

static void draw_banner(Table *t, SDL_Renderer *r)
{
    const TableBanner *bn = &t->g->banner;
    if (bn->w <= 0 || t->banner <= 0.01f || !(t->over || t->hold))
        return;
    App *a = t->app;
    float k = t->banner, s = t->tv.s;
    float grow = 1 - bn->grow + bn->grow * k;
    float bw = bn->w * s * grow, bh = bn->h * s * grow;
    SDL_FRect b = {table_px(&t->tv, bn->cx) - bw / 2, table_py(&t->tv, bn->cy) - bh / 2, bw, bh};
    Rgba accent = t->result > 0 ? COL_GOLD : t->result < 0 ? COL_RED : COL_TEXT;
    table_plate(r, &t->tv, b, accent, 236, k);
    Uint8 al = (Uint8)(255 * fminf(1, k));
    text_draw(a->text, t->title, (int)lroundf(bn->title_size * s), true, rgba_alpha(accent, fminf(1, k)),
              b.x + bw / 2, b.y + bh * bn->title_at, TEXT_CENTER | TEXT_MIDDLE);
    text_draw_fit(a->text, t->reason, (int)lroundf(bn->reason_size * s), false,
                  rgba(246, 241, 226, al), b.x + bw / 2, b.y + bh * bn->reason_at,
                  TEXT_CENTER | TEXT_MIDDLE, bw - 30 * s);
}

/* A networked table's news: the link lost, a seat waited for, a bot standing in, the deal
 * checked; false when there is none. */
static bool network_news(const Table *t, char *line, size_t size, Rgba *dotp, bool *loudp)
{
    const Match *m = t->m;
    line[0] = '\0';
    if (!m || !m->mirror)
        return false;
    Rgba dot = COL_GOLD;
    FeedLink link = m->feed.link ? m->feed.link(m->feed.user) : FEED_LINK_UP;
    if (link != FEED_LINK_UP) {
        snprintf(line, size, "%s",
                 link == FEED_LINK_CLOSED ? _("Disconnected from the table")
                                          : _("Connection lost: reconnecting\xE2\x80\xA6"));
        dot = COL_RED;
    } else {
        for (int p = 0; p < m->num_players && !line[0]; p++) {
            FeedSeat fs;
            if (p == table_player(t) || !feed_seat(t, p, &fs))
                continue;
            if (fs.state == FEED_SEAT_AWAY && fs.away_left >= 0)
                snprintf(line, size, _("Waiting for %s\xE2\x80\xA6 %d s"), fs.name,
                         fs.away_left);
            else if (fs.state == FEED_SEAT_AWAY)
                snprintf(line, size, _("Waiting for %s\xE2\x80\xA6"), fs.name);
            else if (fs.state == FEED_SEAT_EMPTY)
                snprintf(line, size, _("Waiting for a player at seat %d\xE2\x80\xA6"), p + 1);
            else if (fs.state == FEED_SEAT_STAND_IN)
                snprintf(line, size, _("%s is away: the computer plays for them"), fs.name);
        }
    }
    bool loud = link != FEED_LINK_UP;
    char why[160];
    FeedDeal deal = table_deal_check(t, why, sizeof why);
    if (!line[0] && deal == FEED_DEAL_VERIFIED) {
        snprintf(line, size, "%s", _("Deal verified: every card came from the deck the dealer committed to"));
        dot = rgba(120, 210, 130, 255);
    } else if (deal == FEED_DEAL_FAILED) {
        /* Loud, and over any other news: the table cannot be trusted. */
        snprintf(line, size, _("Deal NOT verified (%s): do not trust this table"), why);
        dot = COL_RED;
        loud = true;
    }
    *dotp = dot;
    *loudp = loud;
    return line[0] != '\0';
}

bool table_news_shown(const Table *t)
{
    char line[160];
    Rgba dot;
    bool loud;
    return network_news(t, line, sizeof line, &dot, &loud);
}

/* Where the news shows: under the top bar, or where the game keeps it clear of the
 * other seat's hand (news_at). */
static void draw_network(Table *t)
{
    char line[160];
    Rgba dot;
    bool loud;
    if (!network_news(t, line, sizeof line, &dot, &loud))
        return;
    float x = TABLE_W / 2, y = 74;
    if (t->g->news_at)
        t->g->news_at(t, &x, &y);
    table_plate_draw(t, x, y, line, NULL, &dot, loud, 20);
}

static void draw_confirm(Table *t, SDL_Renderer *r)
{
    App *a = t->app;
    float s = t->tv.s;
    draw_rect(r, (SDL_FRect){0, 0, (float)a->w, (float)a->h}, rgba(0, 0, 0, 110));
    SDL_FRect b = table_rect(&t->tv, TABLE_W / 2, TABLE_H / 2, 700, 250);
    table_plate(r, &t->tv, b, COL_GOLD, 240, 1);
    text_draw(a->text, _("Start a new game?"), (int)lroundf(38 * s), true, COL_GOLD,
              b.x + b.w / 2, b.y + 50 * s, TEXT_CENTER | TEXT_MIDDLE);
    text_draw_fit(a->text, _("The game in progress will count as a loss."), (int)lroundf(22 * s),
                  false, COL_TEXT, b.x + b.w / 2, b.y + 105 * s, TEXT_CENTER | TEXT_MIDDLE,
                  b.w - 40 * s);
    ui_button(a, t->confirm_btn[0], _("New game"),
              BTN_PRIMARY | (t->confirm_hover == 0 ? BTN_HOVER : 0) | (a->keyboard ? BTN_FOCUS : 0));
    ui_button(a, t->confirm_btn[1], _("Keep playing"), t->confirm_hover == 1 ? BTN_HOVER : 0);
}

void table_draw(void *self, SDL_Renderer *r)
{
    Table *t = self;
    if (t->tv.felt)
        SDL_RenderCopy(r, t->tv.felt, NULL, NULL);
    if (!t->m)
        return;
    t->g->draw(t, r);
    draw_hint(t, r);
    confetti_draw(&t->confetti, r, t->tv.ox, t->tv.oy, t->tv.s);
    banner_buttons(t);
    draw_banner(t, r);
    if (t->g->next_label && shown(t, TABLE_NEXT))
        table_button(t, TABLE_NEXT, _(t->g->next_label), BTN_PRIMARY);
    if (t->g->draw_over)
        t->g->draw_over(t, r);
    if (shown(t, TABLE_NEXT)) { /* beside it, over a game's own end page too */
        table_review_banner_button(t);
        draw_leave_button(t);
    }
    draw_network(t);
    table_review_draw(t, r);
    float tx, ty;
    toast_pos(t, &tx, &ty);
    table_toast_draw(&t->toast, t->app, tx, ty);
    if (t->confirm)
        draw_confirm(t, r);
}

void table_card_draw(Table *t, const TableCard *c, float card_h, float extra, float lift_units)
{
    App *a = t->app;
    float flip = c->flip, sc = c->scale > 0 ? c->scale : 1;
    float wscale = fabsf(cosf(flip * 3.14159265f));
    Card face = flip >= 0.5f && c->face != CARD_HIDDEN ? c->face : CARD_HIDDEN;
    float lift = (c->lift + extra) * lift_units;
    float cx = table_px(&t->tv, c->x), cy = table_py(&t->tv, c->y - lift);
    float w = table_card_w(&t->tv, card_h) * t->tv.s * sc, h = card_h * t->tv.s * sc;
    float ww = w * fmaxf(wscale, 0.02f);
    h *= 1 + sinf(flip * 3.14159265f) * 0.06f; /* a turning card rises a little */
    SDL_FRect d = {cx - ww / 2, cy - h / 2, ww, h};
    Uint8 alpha = (Uint8)(255 * fmaxf(0, fminf(1, c->alpha)));
    SDL_FRect sh = d;
    float off = (3 + lift * 0.6f) * t->tv.s;
    sh.x += off * 0.5f;
    sh.y += off;
    cardart_draw_shadow(a->art, a->ren, &sh, c->rot, alpha);
    cardart_draw(a->art, a->ren, face, &d, c->rot, alpha);
}

void table_card_fly(Table *t, TableCard *c, float x, float y, float dur, float delay)
{
    anim_to(&t->anim, &c->x, x, dur, delay, EASE_OUT_CUBIC);
    anim_to(&t->anim, &c->y, y, dur, delay, EASE_OUT_CUBIC);
}

void table_plate_draw(Table *t, float cx, float cy, const char *name, const char *value,
                      const Rgba *dot, bool active, int size)
{
    App *a = t->app;
    float s = t->tv.s;
    bool big = size >= 24; /* the 21 table's plates, a little roomier */
    int fs = (int)lroundf(size * s);
    int nw = 0, nh = 0, vw = 0, vh = 0;
    if (name)
        text_measure(a->text, name, fs, true, &nw, &nh);
    if (value && *value)
        text_measure(a->text, value, fs, true, &vw, &vh);
    float pad = (big ? 18 : 16) * s, h = (big ? 46 : 42) * s, dw = dot ? 14 * s : 0;
    float gap = dot && name ? 10 * s : 0;
    float chip = value && *value ? vw + (big ? 28 : 24) * s : 0;
    float w = nw + 2 * pad + dw + gap + (chip > 0 ? chip + (big ? 10 : 8) * s : 0);
    SDL_FRect r = {table_px(&t->tv, cx) - w / 2, table_py(&t->tv, cy) - h / 2, w, h};
    draw_rounded(a->ren, r, h / 2, active ? rgba(0, 0, 0, big ? 110 : 120) : rgba(0, 0, 0, 70));
    if (active)
        draw_rounded_outline(a->ren, r, h / 2, fmaxf(1.5f, 2 * s), rgba(236, 196, 96, big ? 200 : 210));
    if (dot)
        draw_circle(a->ren, r.x + pad + dw / 2, r.y + h / 2, dw / 2, *dot);
    if (name)
        text_draw(a->text, name, fs, true, active ? COL_GOLD : COL_TEXT, r.x + pad + dw + gap,
                  r.y + h / 2, TEXT_LEFT | TEXT_MIDDLE);
    if (chip > 0) {
        SDL_FRect c = {r.x + r.w - chip - 6 * s, r.y + 6 * s, chip, h - 12 * s};
        draw_rounded(a->ren, c, c.h / 2, rgba(246, 241, 226, 235));
        text_draw(a->text, value, fs, true, COL_INK, c.x + c.w / 2, c.y + c.h / 2,
                  TEXT_CENTER | TEXT_MIDDLE);
    }
}

void table_seat_plate(Table *t, int seat, float cx, float cy, const char *value,
                      const Rgba *dot, int size)
{
    bool active = t->m && !match_is_over(t->m) && match_current_player(t->m) == seat;
    table_plate_draw(t, cx, cy, table_seat_name(t, seat), value, dot, active, size);
}

void table_preview_cards(App *a, SDL_FRect area, const Card cards[3], const float ang[3])
{
    float h = area.h * 0.78f, w = h * (float)cardart_aspect(a->art);
    float cx = area.x + area.w / 2, cy = area.y + area.h / 2 + h * 0.04f;
    const float dx[3] = {-0.55f, 0, 0.55f};
    for (int i = 0; i < 3; i++) {
        SDL_FRect d = {cx + dx[i] * w - w / 2, cy - h / 2 + (i == 1 ? -h * 0.05f : 0), w, h};
        SDL_FRect s = d;
        s.x += 3;
        s.y += 5;
        cardart_draw_shadow(a->art, a->ren, &s, ang[i], 255);
        cardart_draw(a->art, a->ren, cards[i], &d, ang[i], 255);
    }
}
