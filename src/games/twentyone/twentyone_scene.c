/* The 21 table: the player (seat 0) against the computer (seat 1), one match per round.
 *
 * The scene keeps a sprite per card on the table, in table units (a 1600 x 1000 virtual
 * table scaled to the window), and after every applied action compares the sprites with
 * what the player may see (match_view) to start the right moves: a deal flies from the
 * deck, the hole card flips, hands re-centre. So a resume, a resize or a change of speed
 * needs nothing special. */
#include "twentyone_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "engine/ai/bot.h"
#include "twentyone.h"
#include "ui/hand.h"
#include "ui/pacer.h"
#include "ui/resume.h"
#include "ui/table.h"
#include "ui/anim.h"
#include "ui/app.h"
#include "ui/confetti.h"
#include "ui/i18n.h"
#include "ui/widgets.h"

#define CARD_H 230.0f
#define DECK_X 235.0f
#define DECK_Y 500.0f
#define HAND_X 800.0f
#define COMP_Y 262.0f
#define PLAYER_Y 688.0f
#define BTN_Y 912.0f

typedef struct {
    float x, y, rot, flip, alpha, lift;
    Card face; /* what this card shows when turned up; CARD_HIDDEN: unknown */
} Sprite;

enum { BTN_NONE = -1, BTN_HIT, BTN_STAND, BTN_NEXT, BTN_COUNT };

typedef struct {
    App *app;
    Match *m;
    Anim anim;
    uint64_t session_seed;
    int round;
    TableScore score;

    Sprite hand[TO_SEATS][TO_MAX_CARDS];
    int shown[TO_SEATS];
    Sprite gone[TO_SEATS * TO_MAX_CARDS];
    int n_gone;
    float deck_lift;

    /* Layout: pixels = o + units * s. */
    TableView tv;
    SDL_FRect btn[BTN_COUNT];
    int hover, pressed, focus;
    bool deck_hover;

    /* Dragging the deck's top card. */
    bool drag_armed, dragging;
    float press_x, press_y;
    Sprite drag;
    bool deal_from_drag;
    float drag_drop_x, drag_drop_y;

    /* Pacing. */
    float deal_wait;
    BotPacer pace; /* the bot's move in progress */
    char bot_said[64];
    float bot_said_t;

    /* Round end. */
    bool over;        /* result known (and counted, if it happened live) */
    float banner;     /* 0 hidden .. 1 shown */
    int result;       /* +1 player won, 0 draw, -1 lost */
    char title[64], reason[200];

    TableToast toast;
    Confetti confetti; /* a win */
    float time;
} T21;

/* ---- Units and pixels ---- */

static float card_w(const T21 *t) { return table_card_w(&t->tv, CARD_H); }

static float slot_x(const T21 *t, int i, int n)
{
    HandLayout l = {.x = HAND_X, .step = card_w(t) * 1.12f};
    float x, y, rot;
    hand_slot(&l, i, n, &x, &y, &rot);
    return x;
}

static float hand_y(int seat) { return seat == TO_PLAYER ? PLAYER_Y : COMP_Y; }

/* ---- What the player sees ---- */

static void view(const T21 *t, TwentyOneState *v)
{
    if (t->app->set.show_opponents)
        *v = *(const TwentyOneState *)t->m->state;
    else
        match_view(t->m, TO_PLAYER, v);
}

static bool player_can_act(const T21 *t)
{
    return t->m && match_current_player(t->m) == TO_PLAYER && !t->m->seats[TO_PLAYER].bot &&
           !pacer_demo(&t->pace);
}

/* ---- Effects ---- */

static void sound_cb(void *user, int id) { app_sound(((T21 *)user)->app, (SoundId)id); }

static void toast(T21 *t, const char *msg)
{
    table_toast(&t->toast, msg, 2.6f);
}

/* ---- Keeping sprites in step with the match ---- */

static void place_instantly(T21 *t)
{
    TwentyOneState v;
    view(t, &v);
    for (int p = 0; p < TO_SEATS; p++) {
        t->shown[p] = v.n[p];
        for (int i = 0; i < v.n[p]; i++) {
            Sprite *s = &t->hand[p][i];
            s->x = slot_x(t, i, v.n[p]);
            s->y = hand_y(p);
            s->rot = 0;
            s->face = v.hand[p][i];
            s->flip = s->face == CARD_HIDDEN ? 0 : 1;
            s->alpha = 1;
            s->lift = 0;
        }
    }
}

static void sync(T21 *t)
{
    TwentyOneState v;
    view(t, &v);
    float k = 1.0f;
    for (int p = 0; p < TO_SEATS; p++) {
        int n = v.n[p];
        for (int i = 0; i < n; i++) {
            Sprite *s = &t->hand[p][i];
            if (i >= t->shown[p]) {
                /* A new card: from the deck (or from where the player dropped it). */
                anim_forget(&t->anim, s, s + 1);
                s->x = DECK_X - 6;
                s->y = DECK_Y - 6;
                s->rot = -6;
                if (t->deal_from_drag && p == TO_PLAYER) {
                    s->x = t->drag_drop_x;
                    s->y = t->drag_drop_y;
                    s->rot = 0;
                    t->deal_from_drag = false;
                }
                s->flip = 0;
                s->alpha = 1;
                s->lift = 0;
                s->face = v.hand[p][i];
                anim_to(&t->anim, &s->y, hand_y(p), 0.42f * k, 0, EASE_OUT_CUBIC);
                anim_to(&t->anim, &s->rot, 0, 0.42f * k, 0, EASE_OUT_CUBIC);
                if (s->face != CARD_HIDDEN)
                    anim_to(&t->anim, &s->flip, 1, 0.24f, 0.2f, EASE_IN_OUT_CUBIC);
                app_sound(t->app, SND_DEAL);
            } else if (s->face == CARD_HIDDEN && v.hand[p][i] != CARD_HIDDEN) {
                /* The hole card turns over. */
                s->face = v.hand[p][i];
                anim_to(&t->anim, &s->flip, 1, 0.34f, 0.05f, EASE_IN_OUT_CUBIC);
                anim_to(&t->anim, &s->lift, 1, 0.17f, 0.05f, EASE_OUT_QUAD);
                anim_then(&t->anim, &s->lift, 0, 0.2f, 0.24f, EASE_IN_QUAD);
                anim_call(&t->anim, 0.05f, sound_cb, t, SND_FLIP);
            } else if (s->face != CARD_HIDDEN && v.hand[p][i] == CARD_HIDDEN) {
                /* "Show opponents' cards" was turned off. */
                s->face = CARD_HIDDEN;
                anim_to(&t->anim, &s->flip, 0, 0.3f, 0, EASE_IN_OUT_CUBIC);
            }
        }
        t->shown[p] = n;
        for (int i = 0; i < n; i++)
            anim_to(&t->anim, &t->hand[p][i].x, slot_x(t, i, n), 0.42f * k, 0, EASE_OUT_CUBIC);
    }
}

/* ---- Rounds ---- */

static void save_session(T21 *t)
{
    Kv *kv = &t->app->kv;
    kv_set_u64(kv, "twentyone.session_seed", t->session_seed);
    kv_set_int(kv, "twentyone.round", t->round);
    table_score_save(&t->score, kv, "twentyone");
    app_save_settings(t->app);
}

static void reset_round_view(T21 *t)
{
    t->over = false;
    t->banner = 0;
    t->title[0] = t->reason[0] = '\0';
    pacer_reset(&t->pace);
    t->bot_said_t = 0;
    confetti_clear(&t->confetti);
}

static bool new_round(T21 *t)
{
    App *a = t->app;
    GameOptions opt;
    app_game_options(a, &twentyone_rules, &opt);
    SeatSpec seats[TO_SEATS] = {{false, DIFF_MEDIUM}, {true, a->set.difficulty}};
    uint64_t seed = rng_mix(t->session_seed, (uint64_t)t->round);
    char err[256];
    Match *m = match_create(&twentyone_rules, &opt, TO_SEATS, seats, seed, err, sizeof err);
    if (!m) {
        app_notice(a, _("A new round could not be dealt: %s"), err);
        return false;
    }
    if (t->m)
        match_free(t->m);
    t->m = m;
    app_attach_match(a, m);
    t->round++;
    save_session(t);
    reset_round_view(t);
    return true;
}

static void gather_done(void *user, int arg)
{
    (void)arg;
    T21 *t = user;
    t->n_gone = 0;
}

/* Cards go back to the deck, then the next round is dealt. */
static void next_round(T21 *t)
{
    if (!t->m || !match_is_over(t->m))
        return;
    float f = app_speed_factor(t->app);
    anim_finish(&t->anim);
    t->n_gone = 0;
    int k = 0;
    for (int p = TO_SEATS - 1; p >= 0; p--)
        for (int i = 0; i < t->shown[p]; i++) {
            Sprite *g = &t->gone[t->n_gone++];
            *g = t->hand[p][i];
            float d = 0.045f * k++;
            anim_to(&t->anim, &g->x, DECK_X - 6, 0.4f, d, EASE_IN_OUT_CUBIC);
            anim_to(&t->anim, &g->y, DECK_Y - 6, 0.4f, d, EASE_IN_OUT_CUBIC);
            anim_to(&t->anim, &g->rot, (k % 2 ? 8.0f : -8.0f), 0.4f, d, EASE_IN_OUT_CUBIC);
            if (g->flip > 0)
                anim_to(&t->anim, &g->flip, 0, 0.26f, d, EASE_IN_OUT_CUBIC);
        }
    t->shown[0] = t->shown[1] = 0;
    anim_call(&t->anim, 0.0f, sound_cb, t, SND_SLIDE);
    anim_call(&t->anim, 0.4f + 0.045f * k, gather_done, t, 0);
    anim_call(&t->anim, 0.4f + 0.045f * k, sound_cb, t, SND_SHUFFLE);
    if (!new_round(t))
        return;
    t->deal_wait = (0.55f + 0.045f * k) * f;
}

static const char *end_reason(const TwentyOneState *s, int *result, char *title, size_t tsize,
                              char *reason, size_t rsize)
{
    int pt = twentyone_total(s->hand[TO_PLAYER], s->n[TO_PLAYER], NULL);
    int ct = twentyone_total(s->hand[TO_COMPUTER], s->n[TO_COMPUTER], NULL);
    *result = s->winner < 0 ? 0 : s->winner == TO_PLAYER ? 1 : -1;
    switch ((TwentyOneEnd)s->end) {
    case TO_END_PLAYER_BUST:
        snprintf(title, tsize, "%s", _("Bust!"));
        snprintf(reason, rsize, _("You went over 21 with %d."), pt);
        break;
    case TO_END_COMPUTER_BUST:
        snprintf(title, tsize, "%s", _("You win!"));
        snprintf(reason, rsize, _("The computer went over 21 with %d."), ct);
        break;
    case TO_END_CHARLIE:
        snprintf(title, tsize, "%s", *result > 0 ? _("You win!") : _("You lose"));
        snprintf(reason, rsize, "%s",
                 *result > 0 ? _("Five cards without going over 21: Charlie!")
                             : _("The computer drew five cards without going over 21: Charlie."));
        break;
    case TO_END_TIE:
        snprintf(title, tsize, "%s", _("Draw"));
        snprintf(reason, rsize, _("Both hands total %d."), pt);
        break;
    case TO_END_HIGHER:
    default:
        snprintf(title, tsize, "%s", *result > 0 ? _("You win!") : _("You lose"));
        if (*result > 0)
            snprintf(reason, rsize, _("Your %d beats the computer's %d."), pt, ct);
        else
            snprintf(reason, rsize, _("The computer's %d beats your %d."), ct, pt);
        break;
    }
    return title;
}

static void show_banner(void *user, int arg)
{
    T21 *t = user;
    t->banner = 0;
    anim_to(&t->anim, &t->banner, 1, 0.35f, 0, EASE_OUT_BACK);
    if (arg > 0) {
        app_sound(t->app, SND_WIN);
        if (app_speed_factor(t->app) > 0)
            confetti_burst(&t->confetti, HAND_X, 470);
    } else if (arg < 0) {
        app_sound(t->app, SND_LOSE);
    }
    t->focus = BTN_NEXT;
}

/* The round has ended; live: count it (a resumed finished round is not counted again). */
static void round_over(T21 *t, bool live)
{
    const TwentyOneState *s = t->m->state;
    end_reason(s, &t->result, t->title, sizeof t->title, t->reason, sizeof t->reason);
    t->over = true;
    if (live) {
        table_score_count(&t->score, t->result);
        save_session(t);
        Difficulty d = t->m->seats[TO_COMPUTER].difficulty;
        stats_record(&t->app->stats, "twentyone", d, t->result);
        app_save_stats(t->app);
        anim_call(&t->anim, 0.45f, show_banner, t, t->result);
    } else {
        t->banner = 1;
        t->focus = BTN_NEXT;
    }
}

/* ---- Scene functions ---- */

static void on_action(void *self, const Match *m, int player, Action a)
{
    T21 *t = self;
    (void)m;
    if (player == TO_COMPUTER && t->m->seats[TO_COMPUTER].bot) {
        snprintf(t->bot_said, sizeof t->bot_said, "%s",
                 a == TO_HIT ? _("Computer hits") : a == TO_STAND ? _("Computer stands") : "");
        t->bot_said_t = 1.6f;
    }
    if (player == TO_PLAYER && a == TO_STAND)
        app_sound(t->app, SND_CLICK);
    sync(t);
    if (match_is_over(t->m) && !t->over)
        round_over(t, true);
}

static void *enter(App *app)
{
    T21 *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->app = app;
    t->hover = t->pressed = BTN_NONE;
    t->focus = BTN_HIT;
    t->tv.cw = (float)cardart_aspect(app->art);
    anim_init(&t->anim, app_speed_factor(app));
    pacer_init(&t->pace, DIFF_EASY);
    Kv *kv = &app->kv;
    t->round = kv_get_int(kv, "twentyone.round", 0, 0, 2000000000);
    table_score_load(&t->score, kv, "twentyone");
    SavedGame saved = {
        "twentyone", &twentyone_rules, 0,
        _("The saved 21 round could not be resumed (%s); a new round is dealt."),
        _("not a 21 game")};
    t->m = app_resume_match(app, &saved);
    t->session_seed = app_session_seed(app, "twentyone", &t->round);
    confetti_init(&t->confetti, t->session_seed ^ 0xF00D);

    if (!t->m && !new_round(t)) {
        free(t);
        return NULL;
    }
    return t;
}

static void leave(void *self)
{
    T21 *t = self;
    table_close(&t->tv, t->m);
    free(t);
}

static void layout(void *self, int w, int h)
{
    T21 *t = self;
    App *a = t->app;
    table_layout(&t->tv, a, w, h, rgba(34, 110, 64, 255), rgba(9, 46, 27, 255));
    t->btn[BTN_HIT] = unit_rect(t, HAND_X - 125, BTN_Y, 220, 68);
    t->btn[BTN_STAND] = unit_rect(t, HAND_X + 125, BTN_Y, 220, 68);
    t->btn[BTN_NEXT] = unit_rect(t, HAND_X, BTN_Y, 280, 68);
    /* First layout after a resume: cards where they belong, no flight. */
    if (t->m && t->shown[0] == 0 && t->shown[1] == 0 && t->n_gone == 0) {
        TwentyOneState v;
        view(t, &v);
        if (v.n[0] + v.n[1] > 0) {
            place_instantly(t);
            if (match_is_over(t->m) && !t->over)
                round_over(t, false);
        }
    }
}

static bool deck_has(const T21 *t, float px, float py)
{
    SDL_FRect r = unit_rect(t, DECK_X - 6, DECK_Y - 6, card_w(t) + 12, CARD_H + 12);
    return rect_has(r, px, py);
}

static void submit(T21 *t, Action a)
{
    if (!t->m)
        return;
    if (pacer_demo(&t->pace)) {
        toast(t, _("The demonstration plays by itself."));
        return;
    }
    int cur = match_current_player(t->m);
    const char *e;
    if (cur == PLAYER_CHANCE)
        e = _("Wait for the card being dealt.");
    else if (cur == TO_COMPUTER)
        e = _("Wait: it is the computer's turn.");
    else if (cur == PLAYER_TERMINAL)
        e = _("The round is over: deal the next one.");
    else
        e = match_submit(t->m, TO_PLAYER, a);
    if (e)
        toast(t, _(e));
}

static int button_at(const T21 *t, float x, float y)
{
    bool over = t->m && match_is_over(t->m) && t->banner > 0.5f;
    if (over)
        return rect_has(t->btn[BTN_NEXT], x, y) ? BTN_NEXT : BTN_NONE;
    for (int i = BTN_HIT; i <= BTN_STAND; i++)
        if (rect_has(t->btn[i], x, y))
            return i;
    return BTN_NONE;
}

static void press(T21 *t, int b)
{
    if (b == BTN_HIT)
        submit(t, TO_HIT);
    else if (b == BTN_STAND)
        submit(t, TO_STAND);
    else if (b == BTN_NEXT)
        next_round(t);
}

static bool event(void *self, const SDL_Event *e)
{
    T21 *t = self;
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        t->hover = button_at(t, x, y);
        if ((t->hover != BTN_NONE && (t->hover == BTN_NEXT || player_can_act(t))) ||
            (deck_has(t, x, y) && player_can_act(t)))
            t->app->pointer_hand = true;
        bool dh = deck_has(t, x, y) && player_can_act(t);
        if (dh != t->deck_hover) {
            t->deck_hover = dh;
            anim_to(&t->anim, &t->deck_lift, dh ? 1.0f : 0.0f, 0.15f, 0, EASE_OUT_QUAD);
        }
        if (t->drag_armed && !t->dragging &&
            fabsf(x - t->press_x) + fabsf(y - t->press_y) > 8 * t->app->u) {
            t->dragging = true;
            t->drag = (Sprite){DECK_X - 6, DECK_Y - 6, 0, 0, 1, 1, CARD_HIDDEN};
            app_sound(t->app, SND_SLIDE);
        }
        if (t->dragging) {
            t->drag.x = UX(t, x);
            t->drag.y = UY(t, y);
            t->drag.rot = fmaxf(-12, fminf(12, (float)e->motion.xrel * 0.8f));
        }
        return true;
    }
    case SDL_MOUSEBUTTONDOWN: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        int b = button_at(t, x, y);
        if (b != BTN_NONE) {
            t->pressed = b;
            return true;
        }
        if (deck_has(t, x, y)) {
            if (e->button.clicks >= 2) {
                t->drag_armed = false;
                submit(t, TO_HIT); /* double-click on the deck hits */
            } else if (player_can_act(t)) {
                t->drag_armed = true;
                t->press_x = x;
                t->press_y = y;
            } else if (t->m && match_is_over(t->m)) {
                next_round(t);
            }
            return true;
        }
        return false;
    }
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        if (t->dragging) {
            t->dragging = false;
            t->drag_armed = false;
            if (!deck_has(t, x, y) && UY(t, y) > 330) {
                /* Dropped on the table: take that card. */
                t->deal_from_drag = true;
                t->drag_drop_x = UX(t, x);
                t->drag_drop_y = UY(t, y);
                submit(t, TO_HIT);
                if (!t->m || match_current_player(t->m) != PLAYER_CHANCE)
                    t->deal_from_drag = false;
            }
            return true;
        }
        t->drag_armed = false;
        int b = button_at(t, x, y);
        int was = t->pressed;
        t->pressed = BTN_NONE;
        if (b != BTN_NONE && b == was) {
            t->focus = b;
            press(t, b);
            return true;
        }
        /* After a round, a click on the felt deals the next one. */
        if (was == BTN_NONE && t->m && match_is_over(t->m) && t->banner > 0.5f &&
            UY(t, y) > 80) {
            next_round(t);
            return true;
        }
        return false;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        bool over = t->m && match_is_over(t->m);
        if (k == SDLK_h && !over) {
            submit(t, TO_HIT);
            return true;
        }
        if (k == SDLK_s && !over) {
            submit(t, TO_STAND);
            return true;
        }
        if ((k == SDLK_LEFT || k == SDLK_RIGHT) && !over) {
            t->focus = t->focus == BTN_HIT ? BTN_STAND : BTN_HIT;
            return true;
        }
        if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE || k == SDLK_n) {
            if (over) {
                if (t->banner > 0.5f || app_speed_factor(t->app) <= 0)
                    next_round(t);
            } else if (k != SDLK_n) {
                press(t, t->focus == BTN_STAND ? BTN_STAND : BTN_HIT);
            }
            return true;
        }
        return false;
    }
    default:
        return false;
    }
}

/* The bot's move, paced: it starts once the cards have landed, shows "thinking" for a
 * moment that depends on the speed, then plays. */
static void drive_bot(T21 *t, float dt)
{
    float f = app_speed_factor(t->app);
    pacer_drive(&t->pace, t->app, t->m, anim_busy(&t->anim) && f > 0, dt, 0.75f * f, 0.6f * f);
}

static void update(void *self, float dt)
{
    T21 *t = self;
    t->time += dt;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    anim_update(&t->anim, dt);
    table_toast_update(&t->toast, dt);
    if (t->bot_said_t > 0)
        t->bot_said_t -= dt;
    confetti_update(&t->confetti, dt, TABLE_H + 40);
    if (!t->m)
        return;
    float f = app_speed_factor(t->app);
    /* Deals, one card at a time. */
    if (t->deal_wait > 0)
        t->deal_wait -= dt;
    int guard = 0;
    while (match_current_player(t->m) == PLAYER_CHANCE && t->deal_wait <= 0 && guard++ < 64) {
        const TwentyOneState *s = t->m->state;
        bool initial = s->phase == TO_DEALING;
        if (match_apply(t->m, match_next_chance(t->m)) != NULL)
            break;
        t->deal_wait = (initial ? 0.2f : 0.05f) * f;
        if (f > 0)
            break;
    }
    if (match_current_player(t->m) != PLAYER_CHANCE)
        drive_bot(t, dt);
    if (pacer_demo_next(&t->pace, t->app, match_is_over(t->m) && t->banner >= 1, dt, 1.0f))
        next_round(t);
}

/* ---- Drawing ---- */

static void draw_sprite(T21 *t, const Sprite *s, float extra_lift)
{
    App *a = t->app;
    float flip = s->flip;
    float wscale = fabsf(cosf(flip * 3.14159265f));
    Card c = flip >= 0.5f && s->face != CARD_HIDDEN ? s->face : CARD_HIDDEN;
    float lift = (s->lift + extra_lift) * 14;
    float cx = PX(t, s->x), cy = PY(t, s->y - lift);
    float w = card_w(t) * t->tv.s, h = CARD_H * t->tv.s;
    float ww = w * fmaxf(wscale, 0.02f);
    /* A flipping card rises a little, as in the hand. */
    float rise = sinf(flip * 3.14159265f) * 0.06f;
    h *= 1 + rise;
    SDL_FRect d = {cx - ww / 2, cy - h / 2, ww, h};
    Uint8 alpha = (Uint8)(255 * fmaxf(0, fminf(1, s->alpha)));
    SDL_FRect sh = d;
    float off = (3 + lift * 0.6f) * t->tv.s;
    sh.x += off * 0.5f;
    sh.y += off;
    /* Rotating is costly without a GPU: the software renderer draws cards upright. */
    double rot = a->software ? 0.0 : s->rot;
    cardart_draw_shadow(a->art, a->ren, &sh, rot, alpha);
    cardart_draw(a->art, a->ren, c, &d, rot, alpha);
}

static void draw_label(T21 *t, float cx, float cy, const char *name, const char *value,
                       bool active)
{
    App *a = t->app;
    int fs = (int)lroundf(24 * t->tv.s);
    int nw, nh, vw = 0, vh = 0;
    text_measure(a->text, name, fs, true, &nw, &nh);
    if (value && *value)
        text_measure(a->text, value, fs, true, &vw, &vh);
    float pad = 18 * t->tv.s, h = 46 * t->tv.s;
    float chip = value && *value ? vw + 28 * t->tv.s : 0;
    float w = nw + 2 * pad + (chip > 0 ? chip + 10 * t->tv.s : 0);
    SDL_FRect r = {PX(t, cx) - w / 2, PY(t, cy) - h / 2, w, h};
    draw_rounded(a->ren, r, h / 2, active ? rgba(0, 0, 0, 110) : rgba(0, 0, 0, 70));
    if (active)
        draw_rounded_outline(a->ren, r, h / 2, fmaxf(1.5f, 2 * t->tv.s), rgba(236, 196, 96, 200));
    text_draw(a->text, name, fs, true, active ? COL_GOLD : COL_TEXT, r.x + pad, r.y + h / 2,
              TEXT_LEFT | TEXT_MIDDLE);
    if (chip > 0) {
        SDL_FRect c = {r.x + r.w - chip - 6 * t->tv.s, r.y + 6 * t->tv.s, chip, h - 12 * t->tv.s};
        draw_rounded(a->ren, c, c.h / 2, rgba(246, 241, 226, 235));
        text_draw(a->text, value, fs, true, COL_INK, c.x + c.w / 2, c.y + c.h / 2,
                  TEXT_CENTER | TEXT_MIDDLE);
    }
}

/* The total as the table shows it: only cards already turned face up count, so the
 * number changes when a card lands or the hole card turns, not before. */
static void total_text(const T21 *t, int seat, char *out, size_t size)
{
    out[0] = '\0';
    if (t->shown[seat] == 0)
        return;
    Card known[TO_MAX_CARDS] = {0};
    int n = 0;
    bool hidden = false;
    for (int i = 0; i < t->shown[seat]; i++) {
        const Sprite *s = &t->hand[seat][i];
        if (s->face == CARD_HIDDEN || s->flip < 0.5f)
            hidden = true;
        else
            known[n++] = s->face;
    }
    bool soft = false;
    int tot = twentyone_total(known, n, &soft);
    if (hidden)
        snprintf(out, size, "%d + ?", tot);
    else if (soft && tot < 21)
        snprintf(out, size, _("%d or %d"), tot - 10, tot);
    else
        snprintf(out, size, "%d", tot);
}

static void draw_hud(T21 *t)
{
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    /* Top bar: title in the middle, round and level on the right. */
    char right[160];
    Difficulty d = t->m ? t->m->seats[TO_COMPUTER].difficulty : a->set.difficulty;
    snprintf(right, sizeof right, _("Round %d  \xC2\xB7  %s"), t->round, table_level_name(d));
    table_top_bar(a, "21", right);
    /* The session's score, on the right of the table. */
    float px = PX(t, 1392), py = PY(t, 500);
    float pw = 250 * t->tv.s, ph = 230 * t->tv.s;
    SDL_FRect p = {px - pw / 2, py - ph / 2, pw, ph};
    draw_rounded(r, p, 18 * t->tv.s, rgba(0, 0, 0, 60));
    draw_rounded_outline(r, p, 18 * t->tv.s, fmaxf(1, 1.5f * t->tv.s), rgba(255, 255, 255, 30));
    text_draw(a->text, _("Score"), (int)lroundf(20 * t->tv.s), true, COL_GOLD, px, p.y + 30 * t->tv.s,
              TEXT_CENTER | TEXT_MIDDLE);
    const char *names[3] = {_("Won"), _("Drawn"), _("Lost")};
    int vals[3] = {t->score.wins, t->score.draws, t->score.losses};
    for (int i = 0; i < 3; i++) {
        float y = p.y + (78 + i * 50) * t->tv.s;
        char b[16];
        snprintf(b, sizeof b, "%d", vals[i]);
        text_draw(a->text, names[i], (int)lroundf(21 * t->tv.s), false, COL_TEXT, p.x + 26 * t->tv.s, y,
                  TEXT_LEFT | TEXT_MIDDLE);
        text_draw(a->text, b, (int)lroundf(24 * t->tv.s), true, COL_TEXT, p.x + pw - 26 * t->tv.s, y,
                  TEXT_RIGHT | TEXT_MIDDLE);
    }
}

static void draw(void *self, SDL_Renderer *r)
{
    T21 *t = self;
    App *a = t->app;
    if (t->tv.felt)
        SDL_RenderCopy(r, t->tv.felt, NULL, NULL);
    if (!t->m)
        return;
    TwentyOneState v;
    view(t, &v);
    int cur = match_current_player(t->m);

    /* The deck: a few backs, the top one lifted under the pointer. */
    float cw = card_w(t);
    SDL_FRect slot = unit_rect(t, DECK_X, DECK_Y, cw, CARD_H);
    cardart_draw_slot(a->art, r, &slot);
    /* Without a GPU every blended card costs: the stack is then two cards deep. */
    int layers = a->software ? 2 : 4;
    for (int i = 0; i < layers; i++) {
        float off = (float)(i * 6 / (layers - 1));
        Sprite s = {DECK_X - off, DECK_Y - off, 0, 0, 1, 0, CARD_HIDDEN};
        if (i == layers - 1 && !t->dragging)
            s.lift = t->deck_lift * 0.8f;
        draw_sprite(t, &s, 0);
    }
    if (player_can_act(t))
        text_draw(a->text, _("Double-click or drag to hit"), (int)lroundf(17 * t->tv.s), false,
                  rgba_alpha(COL_DIM, 0.85f), PX(t, DECK_X), PY(t, DECK_Y + CARD_H / 2 + 34),
                  TEXT_CENTER | TEXT_MIDDLE);

    /* Labels with totals. */
    char tot[32];
    total_text(t, TO_COMPUTER, tot, sizeof tot);
    draw_label(t, HAND_X, COMP_Y - CARD_H / 2 - 42, _("Computer"), tot, cur == TO_COMPUTER);
    total_text(t, TO_PLAYER, tot, sizeof tot);
    draw_label(t, HAND_X, PLAYER_Y + CARD_H / 2 + 40, _("You"), tot, cur == TO_PLAYER);

    /* Empty places before the deal. */
    if (t->shown[TO_PLAYER] == 0 && t->n_gone == 0)
        for (int p = 0; p < TO_SEATS; p++)
            for (int i = 0; i < 2; i++) {
                SDL_FRect sl = unit_rect(t, slot_x(t, i, 2), hand_y(p), cw, CARD_H);
                cardart_draw_slot(a->art, r, &sl);
            }
    for (int p = 0; p < TO_SEATS; p++)
        for (int i = 0; i < t->shown[p]; i++)
            draw_sprite(t, &t->hand[p][i], 0);
    for (int i = 0; i < t->n_gone; i++)
        draw_sprite(t, &t->gone[i], 0);

    /* The computer thinking, or what it just did. */
    float mid = (COMP_Y + CARD_H / 2 + PLAYER_Y - CARD_H / 2) / 2;
    if (match_bot_to_move(t->m) && !match_is_over(t->m)) {
        char b[96];
        snprintf(b, sizeof b, "%s", _("Computer is thinking"));
        table_dots(b, sizeof b, t->time);
        text_draw(a->text, b, (int)lroundf(22 * t->tv.s), false, COL_TEXT, PX(t, HAND_X - 110),
                  PY(t, mid), TEXT_LEFT | TEXT_MIDDLE);
    } else if (t->bot_said_t > 0 && t->bot_said[0] && !match_is_over(t->m)) {
        ui_toast(a, t->bot_said, PX(t, HAND_X), PY(t, mid), fminf(1, t->bot_said_t * 2));
    } else if (cur == TO_PLAYER && !pacer_demo(&t->pace)) {
        text_draw(a->text, _("Your turn: hit or stand?"), (int)lroundf(22 * t->tv.s), false,
                  rgba_alpha(COL_TEXT, 0.9f), PX(t, HAND_X), PY(t, mid), TEXT_CENTER | TEXT_MIDDLE);
    }

    draw_hud(t);

    /* Buttons, or the next round after a result. */
    bool over = match_is_over(t->m);
    if (over && t->banner > 0) {
        int fl = BTN_PRIMARY | (t->hover == BTN_NEXT ? BTN_HOVER : 0) |
                 (t->pressed == BTN_NEXT ? BTN_PRESSED : 0) | (t->focus == BTN_NEXT ? BTN_FOCUS : 0);
        ui_button(a, t->btn[BTN_NEXT], _("Next round"), fl);
    } else if (!over) {
        bool can = player_can_act(t);
        const char *labels[2] = {_("Hit"), _("Stand")};
        for (int b = BTN_HIT; b <= BTN_STAND; b++) {
            int fl = (b == BTN_HIT ? BTN_PRIMARY : 0) | (can ? 0 : BTN_DISABLED) |
                     (t->hover == b ? BTN_HOVER : 0) | (t->pressed == b ? BTN_PRESSED : 0) |
                     (t->focus == b && can ? BTN_FOCUS : 0);
            ui_button(a, t->btn[b], labels[b], fl);
        }
    }

    /* The dragged card follows the pointer. */
    if (t->dragging)
        draw_sprite(t, &t->drag, 1.2f);

    /* Confetti fly behind the result. */
    confetti_draw(&t->confetti, r, t->tv.ox, t->tv.oy, t->tv.s);
    /* The result. */
    if (over && t->banner > 0.01f) {
        float k = t->banner;
        float bw = 560 * t->tv.s * (0.85f + 0.15f * k), bh = 150 * t->tv.s * (0.85f + 0.15f * k);
        SDL_FRect b = {PX(t, HAND_X) - bw / 2, PY(t, mid) - bh / 2, bw, bh};
        Uint8 al = (Uint8)(255 * fminf(1, k));
        Rgba accent = t->result > 0 ? COL_GOLD : t->result < 0 ? COL_RED : COL_TEXT;
        table_plate(r, &t->tv, b, accent, 236, k);
        Rgba tc = accent;
        tc.a = al;
        text_draw(a->text, t->title, (int)lroundf(54 * t->tv.s), true, tc, b.x + bw / 2,
                  b.y + bh * 0.38f, TEXT_CENTER | TEXT_MIDDLE);
        text_draw_fit(a->text, t->reason, (int)lroundf(21 * t->tv.s), false, rgba(246, 241, 226, al),
                      b.x + bw / 2, b.y + bh * 0.76f, TEXT_CENTER | TEXT_MIDDLE, bw - 30 * t->tv.s);
    }
    table_toast_draw(&t->toast, a, PX(t, HAND_X), PY(t, PLAYER_Y - CARD_H / 2 - 40));
}

static bool animating(const void *self)
{
    const T21 *t = self;
    if (anim_busy(&t->anim) || table_toast_busy(&t->toast) || confetti_busy(&t->confetti) ||
        t->bot_said_t > 0)
        return true;
    if (!t->m)
        return false;
    int cur = match_current_player(t->m);
    bool demo = pacer_demo(&t->pace);
    return cur == PLAYER_CHANCE || match_bot_to_move(t->m) || (demo && cur >= 0) ||
           (demo && match_is_over(t->m));
}

static bool settled(const void *self)
{
    const T21 *t = self;
    if (anim_busy(&t->anim) || confetti_busy(&t->confetti) || !t->m)
        return !t->m;
    int cur = match_current_player(t->m);
    return cur != PLAYER_CHANCE && !match_bot_to_move(t->m);
}

static void new_game(void *self)
{
    T21 *t = self;
    /* A fresh round now (the one in progress is abandoned, not counted). */
    anim_finish(&t->anim);
    t->shown[0] = t->shown[1] = 0;
    t->n_gone = 0;
    if (new_round(t))
        t->deal_wait = 0.2f * app_speed_factor(t->app);
}

static Match *get_match(void *self) { return ((T21 *)self)->m; }

static void settings_changed(void *self)
{
    T21 *t = self;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    t->tv.cw = (float)cardart_aspect(t->app->art);
    if (t->m)
        sync(t);
}

static const char *rules_text(void)
{
    return _("# The aim\n"
             "Get closer to 21 than the computer without going over.\n\n"
             "# Card values\n"
             "Aces count 1 or 11: 11 as long as that does not take the hand over 21. Cards 2 to 10 "
             "count their face value; Jacks, Queens and Kings count 10.\n\n"
             "# The deal\n"
             "You and the computer get two cards each from a full 52-card deck. The computer's "
             "first card is dealt face up, its second face down: the hole card.\n\n"
             "# Your turn\n"
             "Hit to take another card, or Stand to keep your hand. A hand holds at most five "
             "cards: the fifth card ends your turn, and so does reaching 21. If you go over 21 you "
             "bust and lose at once; the computer does not play.\n\n"
             "# The computer's turn\n"
             "The computer turns its hole card over and plays its own hand by the same rules, "
             "hitting or standing. It sees your cards.\n\n"
             "# Who wins\n"
             "A hand over 21 loses. Otherwise the higher total wins, and equal totals are a "
             "draw.\n\n"
             "# Option: 5-card Charlie\n"
             "With this option on, five cards without going over 21 win outright. It is off "
             "by default; turn it on in Options. It applies from the next round.\n\n"
             "# At the table\n"
             "Click Hit or Stand, or press H or S (arrows and Enter work too). Double-click the "
             "deck, or drag its top card onto the table, to hit. Rounds follow one another with "
             "a running score of wins, draws and losses: after a round, click Next round or "
             "press Enter. Every move is saved, so you can close the window at any time.");
}

static void draw_preview(App *a, SDL_FRect area)
{
    float h = area.h * 0.78f, w = h * (float)cardart_aspect(a->art);
    float cx = area.x + area.w / 2, cy = area.y + area.h / 2 + h * 0.04f;
    Card cards[3] = {CARD_HIDDEN, card_make(RANK_ACE, SUIT_SPADES), card_make(RANK_KING, SUIT_HEARTS)};
    float ang[3] = {-14, -2, 10}, dx[3] = {-0.55f, 0, 0.55f};
    for (int i = 0; i < 3; i++) {
        SDL_FRect d = {cx + dx[i] * w - w / 2, cy - h / 2 + (i == 1 ? -h * 0.05f : 0), w, h};
        SDL_FRect s = d;
        s.x += 3;
        s.y += 5;
        cardart_draw_shadow(a->art, a->ren, &s, ang[i], 255);
        cardart_draw(a->art, a->ren, cards[i], &d, ang[i], 255);
    }
}

static bool locate(void *self, const char *what, SDL_FRect *out)
{
    T21 *t = self;
    bool over = t->m && match_is_over(t->m);
    if (strcmp(what, "hit") == 0 && !over)
        *out = t->btn[BTN_HIT];
    else if (strcmp(what, "stand") == 0 && !over)
        *out = t->btn[BTN_STAND];
    else if (strcmp(what, "next") == 0 && over && t->banner > 0)
        *out = t->btn[BTN_NEXT];
    else if (strcmp(what, "deck") == 0)
        *out = unit_rect(t, DECK_X, DECK_Y, card_w(t), CARD_H);
    else if (strcmp(what, "player") == 0)
        *out = unit_rect(t, HAND_X, PLAYER_Y, 5 * card_w(t), CARD_H);
    else if (strcmp(what, "computer") == 0)
        *out = unit_rect(t, HAND_X, COMP_Y, 5 * card_w(t), CARD_H);
    else
        return false;
    return true;
}

const Scene twentyone_scene = {
    .locate = locate,
    .id = "twentyone",
    .enter = enter,
    .leave = leave,
    .layout = layout,
    .event = event,
    .on_action = on_action,
    .update = update,
    .draw = draw,
    .animating = animating,
    .settled = settled,
    .new_game = new_game,
    .match = get_match,
    .settings_changed = settings_changed,
    .rules_text = rules_text,
    .draw_preview = draw_preview,
};
