/* The Truco table: the player (seat 0) against the computer (seat 1), one match to 12
 * points (or the best of three games) per table.
 *
 * Like the 21 table, the scene keeps a sprite per card, in table units (a 1600 x 1000
 * virtual table scaled to the window), and after every applied action compares them with
 * what the player may see (match_view) to start the right moves: deals fly from the deck,
 * played cards fly to their rodada, the computer's cards turn over when played face up. */
#include "truco_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/rng.h"
#include "engine/ai/bot.h"
#include "truco.h"
#include "ui/hand.h"
#include "ui/pacer.h"
#include "ui/resume.h"
#include "ui/table.h"
#include "ui/anim.h"
#include "ui/app.h"
#include "ui/i18n.h"
#include "ui/widgets.h"

/* TRANSITION SHIM (until this scene moves onto ui/tablescene.h): the old short forms. */
#undef PX
#undef PY
#undef UX
#undef UY
#undef unit_rect
#define PX(t, x) table_px(&(t)->tv, (x))
#define PY(t, y) table_py(&(t)->tv, (y))
#define UX(t, px) table_ux(&(t)->tv, (px))
#define UY(t, py) table_uy(&(t)->tv, (py))
#define unit_rect(t, cx, cy, w, h) table_rect(&(t)->tv, (cx), (cy), (w), (h))


#define CARD_H 190.0f
#define MID_X 760.0f
#define BOT_Y 150.0f
#define ME_Y 830.0f
#define TBOT_Y 390.0f
#define TME_Y 585.0f
#define DECK_X 150.0f
#define DECK_Y 470.0f
#define VIRA_X 290.0f
#define PANEL_X 1375.0f
#define ME 0
#define BOT 1

typedef struct {
    float x, y, flip, alpha, lift;
    Card face; /* CARD_HIDDEN: its back */
    bool on;
} Sprite;

enum {
    BTN_NONE = -1,
    BTN_RAISE,  /* TRUCO! SEIS! NOVE! DOZE! on the player's turn */
    BTN_ACCEPT, /* answers */
    BTN_RUN,
    BTN_UP,
    BTN_JOGAR, /* mão de onze */
    BTN_FUGIR,
    BTN_DOWN, /* the face-down toggle */
    BTN_NEXT,
    BTN_COUNT
};

typedef struct {
    App *app;
    Match *m;
    Anim anim;

    Sprite hand[2][TR_HAND];
    Sprite table[TR_RODADAS][2];
    Sprite vira;
    int shown_hand; /* TrucoState.hands of the cards laid out */
    float from_x[2], from_y[2];

    TableView tv;
    SDL_FRect btn[BTN_COUNT];
    int hover, pressed;
    bool face_down;
    Hand hand_ui; /* your cards: hover, press, drag */

    float deal_wait;
    BotPacer pace; /* the bot's move in progress */

    char said[48];
    float said_t;
    int said_seat;
    char hand_msg[200];
    float hand_msg_t;

    bool over;
    float banner;
    int result;
    char title[64], reason[200];
    TableToast toast;
    float time;
} Tr;

/* ---- Units and pixels ---- */

static float card_w(const Tr *t) { return table_card_w(&t->tv, CARD_H); }
static float slot_x(const Tr *t, int i)
{
    HandLayout l = {.x = MID_X, .step = card_w(t) * 1.18f};
    float x, y, rot;
    hand_slot(&l, i, TR_HAND, &x, &y, &rot);
    return x;
}
static float rodada_x(const Tr *t, int r) { return MID_X + (r - 1) * card_w(t) * 1.45f; }

/* ---- What the player sees ---- */

static void view(const Tr *t, TrucoState *v)
{
    if (t->app->set.show_opponents)
        *v = *(const TrucoState *)t->m->state;
    else
        match_view(t->m, ME, v);
}

static bool my_turn(const Tr *t)
{
    return t->m && match_current_player(t->m) == ME && !t->m->seats[ME].bot;
}

static void toast(Tr *t, const char *msg)
{
    table_toast(&t->toast, msg, 2.6f);
}

static void sound_cb(void *user, int id) { app_sound(((Tr *)user)->app, (SoundId)id); }

/* ---- Keeping sprites in step with the match ---- */

static void fly(Tr *t, Sprite *s, float x, float y, float delay)
{
    float k = 0.38f;
    anim_to(&t->anim, &s->x, x, k, delay, EASE_OUT_CUBIC);
    anim_to(&t->anim, &s->y, y, k, delay, EASE_OUT_CUBIC);
}

static void sync(Tr *t, bool instantly)
{
    TrucoState v;
    view(t, &v);
    if (v.n_dealt > 0 && v.hands != t->shown_hand) {
        /* A new hand: the last one leaves the table. */
        anim_finish(&t->anim);
        memset(t->hand, 0, sizeof t->hand);
        memset(t->table, 0, sizeof t->table);
        memset(&t->vira, 0, sizeof t->vira);
        t->shown_hand = v.hands;
        t->face_down = false;
    }
    int deals = 0;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < TR_HAND; i++) {
            Sprite *s = &t->hand[p][i];
            Card c = v.hand[p][i];
            float hx = slot_x(t, i), hy = p == ME ? ME_Y : BOT_Y;
            if (c != CARD_NONE && !s->on) {
                *s = (Sprite){DECK_X, DECK_Y, 0, 1, 0, c, true};
                if (instantly) {
                    s->x = hx, s->y = hy, s->flip = c == CARD_HIDDEN ? 0 : 1;
                } else {
                    float d = 0.06f * deals++;
                    fly(t, s, hx, hy, d);
                    if (c != CARD_HIDDEN)
                        anim_to(&t->anim, &s->flip, 1, 0.22f, d + 0.2f, EASE_IN_OUT_CUBIC);
                    anim_call(&t->anim, d, sound_cb, t, SND_DEAL);
                }
            } else if (c == CARD_NONE && s->on) {
                s->on = false; /* played: its table sprite starts here */
                t->from_x[p] = s->x;
                t->from_y[p] = s->y;
            } else if (s->on && s->face != c) {
                s->face = c;
                anim_to(&t->anim, &s->flip, c == CARD_HIDDEN ? 0 : 1, 0.25f, 0, EASE_IN_OUT_CUBIC);
            }
        }
    for (int r = 0; r < TR_RODADAS; r++)
        for (int p = 0; p < 2; p++) {
            Sprite *s = &t->table[r][p];
            Card c = v.table[r][p];
            if (c != CARD_NONE && (v.down[r] >> p) & 1)
                c = CARD_HIDDEN; /* a carta fechada lies face down for everyone */
            float tx = rodada_x(t, r), ty = p == ME ? TME_Y : TBOT_Y;
            if (c != CARD_NONE && !s->on) {
                *s = (Sprite){t->from_x[p], t->from_y[p], p == ME && c != CARD_HIDDEN ? 1 : 0, 1,
                              0, c, true};
                if (instantly || (s->x == 0 && s->y == 0)) {
                    s->x = tx, s->y = ty, s->flip = c == CARD_HIDDEN ? 0 : 1;
                } else {
                    fly(t, s, tx, ty, 0);
                    if (c != CARD_HIDDEN && s->flip < 1)
                        anim_to(&t->anim, &s->flip, 1, 0.25f, 0.12f, EASE_IN_OUT_CUBIC);
                    app_sound(t->app, SND_SLIDE);
                }
            } else if (c == CARD_NONE && s->on) {
                s->on = false;
            } else if (s->on && s->face != c) {
                s->face = c;
                s->flip = c == CARD_HIDDEN ? 0 : 1;
            }
        }
    if (v.vira != CARD_NONE && !t->vira.on) {
        t->vira = (Sprite){DECK_X, DECK_Y, 0, 1, 0, v.vira, true};
        if (instantly) {
            t->vira.x = VIRA_X, t->vira.y = DECK_Y, t->vira.flip = 1;
        } else {
            float d = 0.06f * deals;
            fly(t, &t->vira, VIRA_X, DECK_Y, d);
            anim_to(&t->anim, &t->vira.flip, 1, 0.3f, d + 0.15f, EASE_IN_OUT_CUBIC);
            anim_call(&t->anim, d + 0.15f, sound_cb, t, SND_FLIP);
        }
    } else if (v.vira == CARD_NONE) {
        t->vira.on = false;
    }
}

/* ---- Matches ---- */

static void reset_view(Tr *t)
{
    anim_clear(&t->anim);
    memset(t->hand, 0, sizeof t->hand);
    memset(t->table, 0, sizeof t->table);
    memset(&t->vira, 0, sizeof t->vira);
    t->shown_hand = -1;
    t->over = false;
    t->banner = 0;
    pacer_reset(&t->pace);
    t->said_t = t->hand_msg_t = 0;
    t->face_down = false;
}

static bool new_match(Tr *t)
{
    App *a = t->app;
    GameOptions opt;
    app_game_options(a, &truco_rules, &opt);
    SeatSpec seats[2] = {{false, DIFF_MEDIUM}, {true, a->set.difficulty}};
    uint64_t seed;
    if (a->opt.has_seed) {
        seed = a->opt.seed;
        a->opt.has_seed = false;
    } else {
        seed = rng_mix((uint64_t)time(NULL), SDL_GetPerformanceCounter());
    }
    char err[256];
    Match *m = match_create(&truco_rules, &opt, 2, seats, seed, err, sizeof err);
    if (!m) {
        app_notice(a, _("A new game could not be dealt: %s"), err);
        return false;
    }
    if (t->m)
        match_free(t->m);
    t->m = m;
    app_attach_match(a, m);
    reset_view(t);
    t->deal_wait = 0.3f * app_speed_factor(a);
    return true;
}

static void show_banner(void *user, int arg)
{
    Tr *t = user;
    t->banner = 0;
    anim_to(&t->anim, &t->banner, 1, 0.35f, 0, EASE_OUT_BACK);
    app_sound(t->app, arg > 0 ? SND_WIN : SND_LOSE);
}

static void game_over(Tr *t, bool live)
{
    const TrucoState *s = t->m->state;
    t->over = true;
    t->result = s->winner == ME ? 1 : -1;
    snprintf(t->title, sizeof t->title, "%s", t->result > 0 ? _("You win!") : _("You lose"));
    if (s->opt_match)
        snprintf(t->reason, sizeof t->reason, _("Games %d-%d, last game %d-%d."), s->games[ME],
                 s->games[BOT], s->score[ME], s->score[BOT]);
    else
        snprintf(t->reason, sizeof t->reason, _("Final score %d-%d."), s->score[ME], s->score[BOT]);
    if (live) {
        stats_record(&t->app->stats, "truco", t->m->seats[BOT].difficulty, t->result);
        app_save_stats(t->app);
        anim_call(&t->anim, 0.6f, show_banner, t, t->result);
    } else {
        t->banner = 1;
    }
}

/* The message at the end of a hand, from the player's side. */
static void hand_message(Tr *t)
{
    const TrucoState *s = t->m->state;
    int w = s->last_winner, pts = s->last_points;
    char *o = t->hand_msg;
    size_t n = sizeof t->hand_msg;
    switch ((TrucoEnd)s->last_end) {
    case TR_END_TIED:
        snprintf(o, n, "%s", _("All three rodadas tied: nobody scores."));
        break;
    case TR_END_RUN:
        if (w == ME)
            snprintf(o, n, _("The computer ran: +%d for you."), pts);
        else
            snprintf(o, n, _("You ran: +%d for the computer."), pts);
        break;
    case TR_END_ONZE_RUN:
        if (w == ME)
            snprintf(o, n, "%s", _("The computer gave up its mão de onze: +1 for you."));
        else
            snprintf(o, n, "%s", _("You gave up the mão de onze: +1 for the computer."));
        break;
    default:
        if (w == ME)
            snprintf(o, n, _("You win the hand: +%d."), pts);
        else
            snprintf(o, n, _("The computer wins the hand: +%d."), pts);
        break;
    }
    if (s->phase != TR_PH_OVER && s->game_winner >= 0 &&
        (s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS)) {
        size_t len = strlen(o);
        snprintf(o + len, n - len, " %s",
                 s->game_winner == ME ? _("You win this game!") : _("The computer wins this game."));
    }
    t->hand_msg_t = 2.8f;
}

/* ---- Scene functions ---- */

static const char *call_text(Action a)
{
    switch (a) {
    case TR_TRUCO: return _("TRUCO!");
    case TR_SEIS: return _("SEIS!");
    case TR_NOVE: return _("NOVE!");
    case TR_DOZE: return _("DOZE!");
    case TR_ACCEPT: return _("Aceito!");
    case TR_RUN: return _("Corro!");
    case TR_ONZE_PLAY: return _("Jogo!");
    case TR_ONZE_RUN: return _("Fujo!");
    default: return NULL;
    }
}

static void on_action(void *self, const Match *m, int player, Action a)
{
    Tr *t = self;
    (void)m;
    const char *said = player >= 0 ? call_text(a) : NULL;
    if (said) {
        snprintf(t->said, sizeof t->said, "%s", said);
        t->said_seat = player;
        t->said_t = 2.2f;
        if (player == BOT)
            app_sound(t->app, SND_CALL);
        else
            app_sound(t->app, SND_CLICK);
    }
    sync(t, false);
    const TrucoState *s = t->m->state;
    if (player >= 0 && s->n_dealt == 0 && s->phase != TR_PH_FIRST && s->last_end != TR_END_NONE) {
        hand_message(t);
        t->deal_wait = 2.4f * app_speed_factor(t->app);
    }
    if (match_is_over(t->m) && !t->over)
        game_over(t, true);
}

static int hand_places(void *user)
{
    (void)user;
    return TR_HAND;
}

static bool hand_rect(void *user, int i, SDL_FRect *out)
{
    const Tr *t = user;
    const Sprite *s = &t->hand[ME][i];
    if (!s->on)
        return false;
    *out = unit_rect(t, s->x, s->y - s->lift * 14, card_w(t), CARD_H);
    return true;
}

static const HandGeometry hand_geometry = {hand_places, hand_rect};

static void *enter(App *app, const Scene *sc)
{
    (void)sc;
    Tr *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->app = app;
    t->hover = t->pressed = BTN_NONE;
    hand_init(&t->hand_ui, app, &t->anim, &hand_geometry, t);
    hand_bind_lift(&t->hand_ui, &t->hand[ME][0].lift, sizeof(Sprite));
    t->hand_ui.digits = TR_HAND;
    t->shown_hand = -1;
    t->tv.cw = (float)cardart_aspect(app->art);
    anim_init(&t->anim, app_speed_factor(app));
    SavedGame saved = {
        "truco", &truco_rules, 0,
        _("The saved Truco game could not be resumed (%s); a new game is dealt."),
        _("not a Truco game")};
    t->m = app_resume_match(app, &saved);
    if (!t->m && !new_match(t)) {
        free(t);
        return NULL;
    }
    return t;
}

static void leave(void *self)
{
    Tr *t = self;
    table_close(&t->tv, t->m);
    free(t);
}

static void layout(void *self, int w, int h)
{
    Tr *t = self;
    App *a = t->app;
    table_layout(&t->tv, a, w, h, rgba(28, 98, 70, 255), rgba(8, 40, 30, 255));
    float bx = PANEL_X, bw = 250, bh = 64;
    t->btn[BTN_RAISE] = unit_rect(t, bx, 640, bw, 76);
    t->btn[BTN_DOWN] = unit_rect(t, bx, 740, bw, bh);
    t->btn[BTN_ACCEPT] = unit_rect(t, bx, 580, bw, bh);
    t->btn[BTN_RUN] = unit_rect(t, bx, 660, bw, bh);
    t->btn[BTN_UP] = unit_rect(t, bx, 740, bw, bh);
    t->btn[BTN_JOGAR] = unit_rect(t, MID_X - 140, 560, 250, 70);
    t->btn[BTN_FUGIR] = unit_rect(t, MID_X + 140, 560, 250, 70);
    t->btn[BTN_NEXT] = unit_rect(t, MID_X, 600, 280, 68);
    if (t->m) {
        sync(t, true); /* after a resume or a resize: cards where they belong */
        if (match_is_over(t->m) && !t->over)
            game_over(t, false);
    }
}

/* Which buttons are there now. */
static bool shown(const Tr *t, int b)
{
    if (!t->m)
        return false;
    const TrucoState *s = t->m->state;
    if (b == BTN_NEXT)
        return match_is_over(t->m) && t->banner > 0.5f;
    if (!my_turn(t))
        return false;
    switch (b) {
    case BTN_RAISE: return s->phase == TR_PH_PLAY && truco_can_raise(s, ME);
    case BTN_DOWN: return s->phase == TR_PH_PLAY && s->rodada > 0;
    case BTN_ACCEPT:
    case BTN_RUN: return s->phase == TR_PH_ANSWER;
    case BTN_UP: return s->phase == TR_PH_ANSWER && truco_raise_action(s->pending) != 0;
    case BTN_JOGAR:
    case BTN_FUGIR: return s->phase == TR_PH_ONZE;
    default: return false;
    }
}

static const char *raise_label(int code)
{
    switch (code) {
    case TR_TRUCO: return _("TRUCO!");
    case TR_SEIS: return _("SEIS!");
    case TR_NOVE: return _("NOVE!");
    default: return _("DOZE!");
    }
}

static int button_at(const Tr *t, float x, float y)
{
    for (int b = 0; b < BTN_COUNT; b++)
        if (shown(t, b) && rect_has(t->btn[b], x, y))
            return b;
    return BTN_NONE;
}

static void submit(Tr *t, Action a)
{
    if (!t->m)
        return;
    int cur = match_current_player(t->m);
    const char *e;
    if (cur == PLAYER_CHANCE)
        e = _("Wait for the cards being dealt.");
    else if (cur == BOT)
        e = _("Wait: it is the computer's turn.");
    else if (cur == PLAYER_TERMINAL)
        e = _("The game is over: start a new one.");
    else
        e = match_submit(t->m, ME, a);
    if (e)
        toast(t, _(e));
}

static void play_slot(Tr *t, int i, bool hide)
{
    if (!t->m || i < 0 || i >= TR_HAND)
        return;
    TrucoState v;
    match_view(t->m, ME, &v);
    Card c = v.hand[ME][i];
    if (c == CARD_NONE)
        return;
    Action a;
    if (v.blind)
        a = (hide ? TR_HIDE_SLOT : TR_PLAY_SLOT) + i;
    else if (truco_card_valid(c))
        a = (hide ? TR_HIDE : TR_PLAY) + card_index(c);
    else
        return;
    submit(t, a);
    if (t->m && match_current_player(t->m) != ME)
        t->face_down = false;
}

static void press(Tr *t, int b)
{
    const TrucoState *s = t->m ? t->m->state : NULL;
    switch (b) {
    case BTN_RAISE: submit(t, truco_raise_action(s->value)); break;
    case BTN_ACCEPT: submit(t, TR_ACCEPT); break;
    case BTN_RUN: submit(t, TR_RUN); break;
    case BTN_UP: submit(t, truco_raise_action(s->pending)); break;
    case BTN_JOGAR: submit(t, TR_ONZE_PLAY); break;
    case BTN_FUGIR: submit(t, TR_ONZE_RUN); break;
    case BTN_DOWN:
        t->face_down = !t->face_down;
        app_sound(t->app, SND_CLICK);
        break;
    case BTN_NEXT: new_match(t); break;
    default: break;
    }
}

static bool event(void *self, const SDL_Event *e)
{
    Tr *t = self;
    Hand *h = &t->hand_ui;
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        t->hover = button_at(t, x, y);
        bool playing = my_turn(t) && ((const TrucoState *)t->m->state)->phase == TR_PH_PLAY;
        int c = hand_hover_at(h, x, y, playing);
        if (t->hover != BTN_NONE || c >= 0)
            t->app->pointer_hand = true;
        hand_motion(h, x, y, true);
        return true;
    }
    case SDL_MOUSEBUTTONDOWN: {
        float x = (float)e->button.x, y = (float)e->button.y;
        if (e->button.button == SDL_BUTTON_RIGHT) {
            int c = hand_card_at(h, x, y);
            if (c >= 0) {
                play_slot(t, c, true); /* right-click: face down */
                return true;
            }
            return false;
        }
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        int b = button_at(t, x, y);
        if (b != BTN_NONE) {
            t->pressed = b;
            return true;
        }
        bool play;
        int c = hand_press(h, &e->button, &play);
        if (c >= 0 && play)
            play_slot(t, c, t->face_down);
        return c >= 0;
    }
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        int dragged = hand_release(h);
        if (dragged >= 0) {
            if (UY(t, y) < ME_Y - CARD_H * 0.6f) {
                Sprite *s = &t->hand[ME][dragged];
                s->x = UX(t, h->x); /* the card flies on from where it was dropped */
                s->y = UY(t, h->y);
                play_slot(t, dragged, t->face_down);
                if (s->on)
                    fly(t, s, slot_x(t, dragged), ME_Y, 0);
            }
            return true;
        }
        int b = button_at(t, x, y), was = t->pressed;
        t->pressed = BTN_NONE;
        if (b != BTN_NONE && b == was) {
            press(t, b);
            return true;
        }
        if (was == BTN_NONE && t->m && match_is_over(t->m) && t->banner > 0.5f) {
            new_match(t);
            return true;
        }
        return false;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        int c = hand_key(h, k, false);
        if (c >= 0) {
            play_slot(t, c, t->face_down);
            return true;
        }
        int b = k == SDLK_t ? (shown(t, BTN_UP) ? BTN_UP : BTN_RAISE)
              : k == SDLK_a ? BTN_ACCEPT
              : k == SDLK_c ? BTN_RUN
              : k == SDLK_f ? BTN_DOWN
              : k == SDLK_j ? BTN_JOGAR
              : k == SDLK_x ? BTN_FUGIR
              : (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) ? BTN_NEXT
                                                                             : BTN_NONE;
        if (b != BTN_NONE && shown(t, b)) {
            press(t, b);
            return true;
        }
        return false;
    }
    default:
        return false;
    }
}

/* The bot's move, paced as at the 21 table. */
static void drive_bot(Tr *t, float dt)
{
    float f = app_speed_factor(t->app);
    bool hold = (anim_busy(&t->anim) && f > 0) || t->deal_wait > 0;
    pacer_drive(&t->pace, t->app, t->m, hold, dt, 0.7f * f, 0);
}

static void update(void *self, float dt)
{
    Tr *t = self;
    t->time += dt;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    anim_update(&t->anim, dt);
    table_toast_update(&t->toast, dt);
    if (t->said_t > 0)
        t->said_t -= dt;
    if (t->hand_msg_t > 0)
        t->hand_msg_t -= dt;
    if (!t->m)
        return;
    float f = app_speed_factor(t->app);
    if (t->deal_wait > 0)
        t->deal_wait -= dt;
    int guard = 0;
    while (match_current_player(t->m) == PLAYER_CHANCE && t->deal_wait <= 0 && guard++ < 64) {
        if (match_apply(t->m, match_next_chance(t->m)) != NULL)
            break;
        t->deal_wait = 0.1f * f;
        if (f > 0)
            break;
    }
    if (match_current_player(t->m) != PLAYER_CHANCE)
        drive_bot(t, dt);
}

/* ---- Drawing ---- */

static void draw_card_at(Tr *t, const Sprite *s, float extra_lift, bool glow)
{
    App *a = t->app;
    float wscale = fabsf(cosf(s->flip * 3.14159265f));
    Card c = s->flip >= 0.5f && s->face != CARD_HIDDEN ? s->face : CARD_HIDDEN;
    float lift = (s->lift + extra_lift) * 14;
    float cx = PX(t, s->x), cy = PY(t, s->y - lift);
    float w = card_w(t) * t->tv.s, h = CARD_H * t->tv.s, ww = w * fmaxf(wscale, 0.02f);
    SDL_FRect d = {cx - ww / 2, cy - h / 2, ww, h};
    Uint8 alpha = (Uint8)(255 * fmaxf(0, fminf(1, s->alpha)));
    if (glow && c != CARD_HIDDEN)
        draw_glow(a->ren, cx, cy, h * 0.62f, rgba(236, 196, 96, 90));
    SDL_FRect sh = d;
    float off = (3 + lift * 0.6f) * t->tv.s;
    sh.x += off * 0.5f;
    sh.y += off;
    cardart_draw_shadow(a->art, a->ren, &sh, 0, alpha);
    cardart_draw(a->art, a->ren, c, &d, 0, alpha);
    if (glow && c != CARD_HIDDEN) {
        draw_rounded_outline(a->ren, d, 10 * t->tv.s, fmaxf(2, 4 * t->tv.s), COL_GOLD);
        /* A tag under the card: this one is a manilha. */
        SDL_FRect tag = {cx - 46 * t->tv.s, d.y + h - 4 * t->tv.s, 92 * t->tv.s, 26 * t->tv.s};
        draw_rounded(a->ren, tag, 13 * t->tv.s, COL_GOLD);
        text_draw(a->text, _("manilha"), (int)lroundf(16 * t->tv.s), true, COL_INK, cx,
                  tag.y + tag.h / 2, TEXT_CENTER | TEXT_MIDDLE);
    }
}

static bool is_manilha(const TrucoState *v, const Sprite *s)
{
    return s->face != CARD_HIDDEN && truco_is_manilha(s->face, v->vira);
}

/* Tentos: strokes in groups of five, the fifth across the other four. */
static void draw_tally(Tr *t, float x, float y, int points, Rgba c)
{
    SDL_Renderer *r = t->app->ren;
    if (points > 24)
        points = 24;
    float step = 11, gap = 20, hh = 44, th = fmaxf(2, 4 * t->tv.s);
    for (int k = 0; k < points; k++) {
        int g = k / 5, i = k % 5;
        float gx = x + g * (4 * step + gap + 8);
        if (i < 4) {
            draw_quad(r, PX(t, gx + i * step), PY(t, y), th, hh * t->tv.s, 0, c);
        } else {
            float len = sqrtf(4 * step * 4 * step + hh * hh);
            draw_quad(r, PX(t, gx + 1.5f * step), PY(t, y), th, len * t->tv.s,
                      atan2f(4 * step + 6, hh) * -57.3f, c);
        }
    }
}

static void draw_bubble(Tr *t, const char *msg, float cx, float cy, float alpha, bool big)
{
    App *a = t->app;
    int fs = (int)lroundf((big ? 38 : 26) * t->tv.s);
    int w, h;
    text_measure(a->text, msg, fs, true, &w, &h);
    float pw = w + 44 * t->tv.s, ph = h + 22 * t->tv.s;
    SDL_FRect r = {PX(t, cx) - pw / 2, PY(t, cy) - ph / 2, pw, ph};
    draw_shadow(a->ren, r, ph / 2, 12 * t->tv.s, rgba(0, 0, 0, (Uint8)(90 * alpha)));
    draw_rounded(a->ren, r, ph / 2, rgba(250, 246, 232, (Uint8)(245 * alpha)));
    draw_quad(a->ren, r.x + pw / 2, r.y - 6 * t->tv.s, 18 * t->tv.s, 18 * t->tv.s, 45,
              rgba(250, 246, 232, (Uint8)(245 * alpha)));
    Rgba tc = big ? rgba(178, 34, 34, 255) : COL_INK;
    tc.a = (Uint8)(255 * alpha);
    text_draw(a->text, msg, fs, true, tc, r.x + pw / 2, r.y + ph / 2, TEXT_CENTER | TEXT_MIDDLE);
}

static void draw_panel_info(Tr *t, const TrucoState *v)
{
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    /* The hand's value and kind. */
    char b[96];
    float px = PANEL_X;
    SDL_FRect p = unit_rect(t, px, 240, 310, 220);
    draw_rounded(r, p, 18 * t->tv.s, rgba(0, 0, 0, 60));
    if (v->n_dealt > 0 || v->last_end != TR_END_NONE) {
        snprintf(b, sizeof b, P_("Hand worth %d point", "Hand worth %d points", v->value),
                 v->value);
        text_draw(a->text, b, (int)lroundf(24 * t->tv.s), true, COL_GOLD, PX(t, px), PY(t, 165),
                  TEXT_CENTER | TEXT_MIDDLE);
        const char *kind = v->kind == TR_KIND_ONZE   ? _("Mão de onze")
                           : v->kind == TR_KIND_FERRO ? (v->blind ? _("Mão de ferro, às cegas")
                                                                   : _("Mão de ferro"))
                                                      : "";
        if (*kind)
            text_draw(a->text, kind, (int)lroundf(19 * t->tv.s), false, COL_TEXT, PX(t, px),
                      PY(t, 198), TEXT_CENTER | TEXT_MIDDLE);
    }
    /* Rodada markers: won, lost, tied, to play. */
    text_draw(a->text, _("Rodadas"), (int)lroundf(18 * t->tv.s), false, COL_DIM, PX(t, px),
              PY(t, 240), TEXT_CENTER | TEXT_MIDDLE);
    for (int i = 0; i < TR_RODADAS; i++) {
        float cx = PX(t, px + (i - 1) * 70), cy = PY(t, 295), rad = 24 * t->tv.s;
        int res = v->result[i];
        Rgba c = res == ME                    ? rgba(86, 190, 110, 255)
                 : res == BOT                 ? COL_RED
                 : res == TR_RES_TIE          ? rgba(170, 170, 160, 255)
                                              : rgba(0, 0, 0, 70);
        draw_circle(r, cx, cy, rad, c);
        const char *mark = res == ME ? "\xE2\x9C\x93" : res == BOT ? "\xE2\x9C\x97"
                           : res == TR_RES_TIE ? "=" : "";
        char num[8];
        snprintf(num, sizeof num, "%d", i + 1);
        text_draw(a->text, *mark ? mark : num, (int)lroundf(22 * t->tv.s), true,
                  res == TR_RES_NONE ? COL_DIM : COL_TEXT, cx, cy, TEXT_CENTER | TEXT_MIDDLE);
    }
}

static void draw_scores(Tr *t, const TrucoState *v)
{
    App *a = t->app;
    SDL_FRect p = unit_rect(t, 200, 815, 330, 250);
    draw_rounded(a->ren, p, 18 * t->tv.s, rgba(0, 0, 0, 60));
    text_draw(a->text, _("Tentos"), (int)lroundf(20 * t->tv.s), true, COL_GOLD, PX(t, 200),
              PY(t, 715), TEXT_CENTER | TEXT_MIDDLE);
    const char *who[2] = {_("You"), _("Computer")};
    for (int q = 0; q < 2; q++) {
        float y = 775 + q * 95;
        char b[32];
        snprintf(b, sizeof b, "%d", v->score[q]);
        text_draw(a->text, who[q], (int)lroundf(18 * t->tv.s), false, COL_TEXT, PX(t, 50),
                  PY(t, y - 30), TEXT_LEFT | TEXT_MIDDLE);
        text_draw(a->text, b, (int)lroundf(26 * t->tv.s), true, COL_TEXT, PX(t, 350), PY(t, y - 30),
                  TEXT_RIGHT | TEXT_MIDDLE);
        draw_tally(t, 58, y + 18, v->score[q], q == ME ? COL_TEXT : rgba(250, 210, 170, 255));
    }
    if (v->opt_match) {
        char b[64];
        snprintf(b, sizeof b, _("Games %d-%d"), v->games[ME], v->games[BOT]);
        text_draw(a->text, b, (int)lroundf(18 * t->tv.s), false, COL_DIM, PX(t, 200), PY(t, 955),
                  TEXT_CENTER | TEXT_MIDDLE);
    }
}

static void draw(void *self, SDL_Renderer *r)
{
    Tr *t = self;
    App *a = t->app;
    if (t->tv.felt)
        SDL_RenderCopy(r, t->tv.felt, NULL, NULL);
    if (!t->m)
        return;
    TrucoState v;
    view(t, &v);
    int cur = match_current_player(t->m);
    float cw = card_w(t);

    /* The deck and the vira, with the manilhas it makes. */
    SDL_FRect slot = unit_rect(t, DECK_X, DECK_Y, cw, CARD_H);
    cardart_draw_slot(a->art, r, &slot);
    for (int i = 0; i < 2; i++) {
        Sprite s = {DECK_X - i * 5.0f, DECK_Y - i * 5.0f, 0, 1, 0, CARD_HIDDEN, true};
        draw_card_at(t, &s, 0, false);
    }
    text_draw(a->text, _("Vira"), (int)lroundf(20 * t->tv.s), true, COL_GOLD, PX(t, VIRA_X),
              PY(t, DECK_Y - CARD_H / 2 - 26), TEXT_CENTER | TEXT_MIDDLE);
    if (t->vira.on) {
        draw_card_at(t, &t->vira, 0, false);
        char b[96];
        snprintf(b, sizeof b, _("Manilhas: %s"), card_rank_text(truco_manilha_rank(v.vira)));
        text_draw(a->text, b, (int)lroundf(22 * t->tv.s), true, COL_GOLD, PX(t, (DECK_X + VIRA_X) / 2),
                  PY(t, DECK_Y + CARD_H / 2 + 32), TEXT_CENTER | TEXT_MIDDLE);
        text_draw(a->text, "\xE2\x99\xA6 < \xE2\x99\xA0 < \xE2\x99\xA5 < \xE2\x99\xA3",
                  (int)lroundf(20 * t->tv.s), false, COL_TEXT, PX(t, (DECK_X + VIRA_X) / 2),
                  PY(t, DECK_Y + CARD_H / 2 + 64), TEXT_CENTER | TEXT_MIDDLE);
    } else {
        SDL_FRect vs = unit_rect(t, VIRA_X, DECK_Y, cw, CARD_H);
        cardart_draw_slot(a->art, r, &vs);
    }

    /* The rodadas on the table. */
    for (int i = 0; i < TR_RODADAS; i++)
        for (int p = 0; p < 2; p++) {
            SDL_FRect sl = unit_rect(t, rodada_x(t, i), p == ME ? TME_Y : TBOT_Y, cw, CARD_H);
            cardart_draw_slot(a->art, r, &sl);
        }
    for (int i = 0; i < TR_RODADAS; i++)
        for (int p = 0; p < 2; p++) {
            const Sprite *s = &t->table[i][p];
            if (s->on)
                draw_card_at(t, s, 0, is_manilha(&v, s) && s->flip >= 0.5f);
        }

    /* Hands. */
    for (int i = 0; i < TR_HAND; i++)
        if (t->hand[BOT][i].on)
            draw_card_at(t, &t->hand[BOT][i], 0, false);
    for (int i = 0; i < TR_HAND; i++) {
        const Sprite *s = &t->hand[ME][i];
        if (!s->on || (t->hand_ui.dragging && i == t->hand_ui.press))
            continue;
        draw_card_at(t, s, 0, is_manilha(&v, s) && s->flip >= 0.5f);
    }
    if (t->hand_ui.dragging && t->hand[ME][t->hand_ui.press].on) {
        Sprite d = t->hand[ME][t->hand_ui.press];
        d.x = UX(t, t->hand_ui.x);
        d.y = UY(t, t->hand_ui.y);
        if (t->face_down)
            d.flip = 0;
        draw_card_at(t, &d, 1.2f, false);
    }
    int label = (int)lroundf(22 * t->tv.s);
    text_draw(a->text, _("Computer"), label, true, cur == BOT ? COL_GOLD : COL_TEXT,
              PX(t, MID_X + 1.9f * cw), PY(t, BOT_Y), TEXT_LEFT | TEXT_MIDDLE);
    text_draw(a->text, _("You"), label, true, cur == ME ? COL_GOLD : COL_TEXT,
              PX(t, MID_X + 1.9f * cw), PY(t, ME_Y), TEXT_LEFT | TEXT_MIDDLE);
    if (v.mao >= 0 && (v.n_dealt > 0 || v.hands > 0))
        text_draw(a->text, _("(mão)"), (int)lroundf(17 * t->tv.s), false, COL_DIM,
                  PX(t, MID_X + 1.9f * cw), PY(t, (v.mao == ME ? ME_Y : BOT_Y) + 30),
                  TEXT_LEFT | TEXT_MIDDLE);

    draw_panel_info(t, &v);
    draw_scores(t, &v);

    table_top_bar(a, "Truco", table_level_name(t->m->seats[BOT].difficulty));

    /* What is going on. */
    float mid_y = (TBOT_Y + TME_Y) / 2;
    bool over = match_is_over(t->m);
    if (!over && match_bot_to_move(t->m) && t->deal_wait <= 0) {
        char b[96];
        snprintf(b, sizeof b, "%s", _("Computer is thinking"));
        table_dots(b, sizeof b, t->time);
        text_draw(a->text, b, (int)lroundf(20 * t->tv.s), false, COL_DIM, PX(t, MID_X),
                  PY(t, BOT_Y + CARD_H / 2 + 22), TEXT_CENTER | TEXT_MIDDLE);
    } else if (cur == ME && v.phase == TR_PH_PLAY) {
        const char *hint = v.rodada > 0 ? _("Your turn: double-click or drag a card (right-click: face down)")
                                        : _("Your turn: double-click or drag a card");
        text_draw(a->text, hint, (int)lroundf(18 * t->tv.s), false, COL_DIM, PX(t, MID_X),
                  PY(t, ME_Y - CARD_H / 2 - 24), TEXT_CENTER | TEXT_MIDDLE);
    } else if (cur == ME && v.phase == TR_PH_ANSWER) {
        char b[96];
        snprintf(b, sizeof b, _("The computer asks %s Accept, run or raise?"),
                 raise_label(v.pending / 3));
        text_draw(a->text, b, (int)lroundf(20 * t->tv.s), true, COL_TEXT, PX(t, MID_X),
                  PY(t, ME_Y - CARD_H / 2 - 24), TEXT_CENTER | TEXT_MIDDLE);
    }
    if (t->said_t > 0 && t->said[0])
        draw_bubble(t, t->said, MID_X, t->said_seat == BOT ? BOT_Y + CARD_H / 2 + 40 : ME_Y - CARD_H / 2 - 60,
                    fminf(1, t->said_t * 2), t->said_seat == BOT);

    /* Buttons that apply now. */
    for (int b = 0; b < BTN_COUNT; b++) {
        if (b == BTN_NEXT || b == BTN_JOGAR || b == BTN_FUGIR || !shown(t, b))
            continue;
        char label_b[64];
        const char *lab = "";
        int fl = (t->hover == b ? BTN_HOVER : 0) | (t->pressed == b ? BTN_PRESSED : 0);
        switch (b) {
        case BTN_RAISE:
            lab = raise_label(truco_raise_action(v.value));
            fl |= BTN_PRIMARY;
            break;
        case BTN_ACCEPT: lab = _("Aceitar"); fl |= BTN_PRIMARY; break;
        case BTN_RUN: lab = _("Correr"); break;
        case BTN_UP:
            snprintf(label_b, sizeof label_b, _("Aumentar: %s"),
                     raise_label(truco_raise_action(v.pending)));
            lab = label_b;
            break;
        case BTN_DOWN:
            lab = t->face_down ? _("Face down: on") : _("Face down: off");
            break;
        default: break;
        }
        ui_button(a, t->btn[b], lab, fl);
    }

    /* Mão de onze: a dialog over the table, your cards in sight below it. */
    if (shown(t, BTN_JOGAR)) {
        SDL_FRect p = unit_rect(t, MID_X, 480, 720, 240);
        draw_shadow(r, p, 22 * t->tv.s, 22 * t->tv.s, rgba(0, 0, 0, 120));
        draw_rounded(r, p, 22 * t->tv.s, rgba(12, 26, 18, 240));
        draw_rounded_outline(r, p, 22 * t->tv.s, fmaxf(2, 3 * t->tv.s), COL_GOLD);
        text_draw(a->text, _("Mão de onze"), (int)lroundf(34 * t->tv.s), true, COL_GOLD,
                  PX(t, MID_X), PY(t, 400), TEXT_CENTER | TEXT_MIDDLE);
        text_draw_fit(a->text, _("You have 11. Play this hand for 3 points, or run and give 1?"),
                      (int)lroundf(22 * t->tv.s), false, COL_TEXT, PX(t, MID_X), PY(t, 470),
                      TEXT_CENTER | TEXT_MIDDLE, 680 * t->tv.s);
        ui_button(a, t->btn[BTN_JOGAR], _("Jogar (3 points)"),
                  BTN_PRIMARY | (t->hover == BTN_JOGAR ? BTN_HOVER : 0));
        ui_button(a, t->btn[BTN_FUGIR], _("Fugir (+1 for them)"),
                  t->hover == BTN_FUGIR ? BTN_HOVER : 0);
    }

    /* End of a hand. */
    if (t->hand_msg_t > 0 && !over)
        ui_toast(a, t->hand_msg, PX(t, MID_X), PY(t, mid_y), fminf(1, t->hand_msg_t * 2));

    /* End of the game. */
    if (over && t->banner > 0.01f) {
        float k = t->banner;
        float bw = 600 * t->tv.s, bh = 170 * t->tv.s;
        SDL_FRect b = {PX(t, MID_X) - bw / 2, PY(t, 420) - bh / 2, bw, bh};
        Rgba accent = t->result > 0 ? COL_GOLD : COL_RED;
        table_plate(r, &t->tv, b, accent, 236, k);
        text_draw(a->text, t->title, (int)lroundf(54 * t->tv.s), true, accent, b.x + bw / 2,
                  b.y + bh * 0.36f, TEXT_CENTER | TEXT_MIDDLE);
        text_draw_fit(a->text, t->reason, (int)lroundf(22 * t->tv.s), false, COL_TEXT, b.x + bw / 2,
                      b.y + bh * 0.74f, TEXT_CENTER | TEXT_MIDDLE, bw - 30 * t->tv.s);
        if (shown(t, BTN_NEXT))
            ui_button(a, t->btn[BTN_NEXT], _("New game"),
                      BTN_PRIMARY | BTN_FOCUS | (t->hover == BTN_NEXT ? BTN_HOVER : 0));
    }
    table_toast_draw(&t->toast, a, PX(t, MID_X), PY(t, ME_Y - CARD_H / 2 - 70));
}

static bool animating(const void *self)
{
    const Tr *t = self;
    if (anim_busy(&t->anim) || table_toast_busy(&t->toast) || t->said_t > 0 || t->hand_msg_t > 0 ||
        t->deal_wait > 0)
        return true;
    if (!t->m)
        return false;
    return match_current_player(t->m) == PLAYER_CHANCE || match_bot_to_move(t->m);
}

static bool settled(const void *self)
{
    const Tr *t = self;
    if (!t->m)
        return true;
    if (anim_busy(&t->anim) || t->deal_wait > 0)
        return false;
    return match_current_player(t->m) != PLAYER_CHANCE && !match_bot_to_move(t->m);
}

static void new_game(void *self)
{
    Tr *t = self;
    new_match(t);
}

static Match *get_match(void *self) { return ((Tr *)self)->m; }

static void settings_changed(void *self)
{
    Tr *t = self;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    t->tv.cw = (float)cardart_aspect(t->app->art);
    if (t->m)
        sync(t, true);
}

static const char *rules_text(void)
{
    return _("# The aim\n"
             "Truco Paulista for two: win hands to be the first to 12 points (tentos).\n\n"
             "# Cards\n"
             "40 cards, no 8, 9 or 10. From low to high: 4 5 6 7 Q J K A 2 3. Each player gets "
             "three cards, then one card is turned face up: the vira. The four cards of the rank "
             "just above the vira are the manilhas (after a 3 come the 4s). Manilhas beat every "
             "other card; between them the suit decides: diamonds, spades, hearts, clubs (the zap). "
             "Other cards of the same rank tie.\n\n"
             "# A hand\n"
             "A hand is the best of three rodadas; in each both play a card and the higher wins. "
             "The winner of a rodada leads the next; after a tie, the one who tied it (played "
             "second) leads. If the first rodada ties, the second decides; if the second or third "
             "ties, the winner of the first wins; if the first two tie, the third decides; if all "
             "three tie, nobody scores. The first player (the mão) alternates from hand to hand.\n\n"
             "# Face down\n"
             "From the second rodada you may play a card face down (carta fechada): it loses to "
             "any card played face up, and two face-down cards tie.\n\n"
             "# Truco\n"
             "A hand is worth 1. On your turn, before playing, you may ask Truco (3 points); the "
             "other player accepts, runs (you score 1) or raises to Seis (6). Raises go on to Nove "
             "(9) and Doze (12); running gives the raiser what the hand was worth before the "
             "raise (1, 3, 6 or 9). Nobody raises twice in a row.\n\n"
             "# Mão de onze and mão de ferro\n"
             "With exactly 11 points, you see your cards and choose: play the hand for 3 points "
             "(no raises), or run and give the other player 1. With 11 each (mão de ferro) the hand "
             "is worth 1, must be played and nobody raises. Option: in the mão de ferro the cards "
             "are dealt face down and played blind (às cegas). Option: best of three games.\n\n"
             "# At the table\n"
             "Double-click a card or drag it onto the table to play it; right-click it, or turn on "
             "Face down, to play it face down. The Truco button raises; Aceitar, Correr and "
             "Aumentar answer a raise. Keys: 1 2 3 play a card, T raise, A accept, C run, F face "
             "down, J and X for the mão de onze. Every move is saved, so you can close the window "
             "at any time.");
}

static void draw_preview(App *a, SDL_FRect area)
{
    float h = area.h * 0.78f, w = h * (float)cardart_aspect(a->art);
    float cx = area.x + area.w / 2, cy = area.y + area.h / 2 + h * 0.04f;
    Card cards[3] = {card_make(4, SUIT_CLUBS), card_make(7, SUIT_HEARTS),
                     card_make(RANK_ACE, SUIT_SPADES)};
    float ang[3] = {-12, 0, 12}, dx[3] = {-0.55f, 0, 0.55f};
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
    Tr *t = self;
    static const struct {
        const char *name;
        int b;
    } names[] = {{"truco", BTN_RAISE}, {"aceitar", BTN_ACCEPT}, {"correr", BTN_RUN},
                 {"aumentar", BTN_UP}, {"jogar", BTN_JOGAR},    {"fugir", BTN_FUGIR},
                 {"facedown", BTN_DOWN}, {"next", BTN_NEXT}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(what, names[i].name) == 0) {
            if (!shown(t, names[i].b))
                return false;
            *out = t->btn[names[i].b];
            return true;
        }
    if (strncmp(what, "card", 4) == 0 && what[4] >= '1' && what[4] <= '3' && !what[5]) {
        const Sprite *s = &t->hand[ME][what[4] - '1'];
        if (!s->on)
            return false;
        *out = unit_rect(t, s->x, s->y, card_w(t), CARD_H);
        return true;
    }
    if (strcmp(what, "vira") == 0 && t->vira.on) {
        *out = unit_rect(t, VIRA_X, DECK_Y, card_w(t), CARD_H);
        return true;
    }
    if (strcmp(what, "table") == 0) {
        *out = unit_rect(t, MID_X, (TBOT_Y + TME_Y) / 2, 3 * card_w(t) * 1.45f, 2 * CARD_H);
        return true;
    }
    return false;
}

const Scene truco_scene = {
    .id = "truco",
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
    .locate = locate,
};
