/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Truco table: the player (seat 0) against the computer (seat 1), one match to 12
 * points (or the best of three games) per table.
 *
 * The table (ui/tablescene.c) runs the match; this file lays out and draws the cards and
 * says what input means. It keeps a card per card on the table, in table units, and after
 * every applied action compares them with what the player may see (match_view) to start
 * the right moves: deals fly from the deck, played cards fly to their rodada, the
 * computer's cards turn over when played face up. */
#include "truco_scene.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "truco.h"
#include "ui/hand.h"
#include "ui/i18n.h"
#include "ui/tablescene.h"
#include "ui/widgets.h"

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
#define ME (table_player(&t->tb)) /* the player, south: seat 0 offline, any seat online */
#define BOT (1 - ME)
#define CENTRED (TEXT_CENTER | TEXT_MIDDLE)
#define LEFT (TEXT_LEFT | TEXT_MIDDLE)

enum {
    BTN_RAISE = 1, /* TRUCO! SEIS! NOVE! DOZE! on the player's turn */
    BTN_ACCEPT,    /* answers */
    BTN_RUN,
    BTN_UP,
    BTN_JOGAR, /* mão de onze */
    BTN_FUGIR,
    BTN_DOWN, /* the face-down toggle */
    BTN_COUNT
};

typedef struct {
    Table tb;
    TableCard hand[2][TR_HAND];
    TableCard table[TR_RODADAS][2];
    TableCard vira;
    int shown_hand; /* TrucoState.hands of the cards laid out */
    float from_x[2], from_y[2];
    bool face_down;
    Hand hand_ui; /* your cards: hover, press, drag */

    char said[48]; /* TRUCO!, Aceito!... in a bubble by the seat that said it */
    float said_t;
    int said_seat;
    char hand_msg[200];
    float hand_msg_t;
} Tr;

static float card_w(const Tr *t) { return table_card_w(&t->tb.tv, CARD_H); }

static float slot_x(const Tr *t, int i)
{
    HandLayout l = {.x = MID_X, .step = card_w(t) * 1.18f};
    float x, y, rot;
    hand_slot(&l, i, TR_HAND, &x, &y, &rot);
    return x;
}

static float rodada_x(const Tr *t, int r) { return MID_X + (r - 1) * card_w(t) * 1.45f; }

static void view(const Tr *t, TrucoState *v)
{
    if (t->tb.app->set.show_opponents)
        *v = *(const TrucoState *)t->tb.m->state;
    else
        match_view(t->tb.m, ME, v);
}

/* ---- Keeping the cards in step with the match ---- */

/* No cards laid out, for hand number `hand` (-1: none yet). */
static void clear(Tr *t, int hand)
{
    memset(t->hand, 0, sizeof t->hand);
    memset(t->table, 0, sizeof t->table);
    memset(&t->vira, 0, sizeof t->vira);
    t->shown_hand = hand;
    t->face_down = false;
}

static void sync(Table *tb, bool instantly)
{
    Tr *t = (Tr *)tb;
    Anim *an = &tb->anim;
    TrucoState v;
    view(t, &v);
    if (v.n_dealt > 0 && v.hands != t->shown_hand) {
        anim_finish(an);
        clear(t, v.hands); /* a new hand: the last one leaves the table */
    }
    int deals = 0;
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < TR_HAND; i++) {
            TableCard *s = &t->hand[p][i];
            Card c = v.hand[p][i];
            float hx = slot_x(t, i), hy = p == ME ? ME_Y : BOT_Y;
            if (c != CARD_NONE && !s->on) {
                *s = (TableCard){.x = DECK_X, .y = DECK_Y, .alpha = 1, .face = c, .on = true};
                if (instantly) {
                    s->x = hx, s->y = hy, s->flip = c == CARD_HIDDEN ? 0 : 1;
                } else {
                    float d = 0.06f * deals++;
                    table_card_fly(tb, s, hx, hy, 0.38f, d);
                    if (c != CARD_HIDDEN)
                        anim_to(an, &s->flip, 1, 0.22f, d + 0.2f, EASE_IN_OUT_CUBIC);
                    anim_call(an, d, table_sound_cb, tb, SND_DEAL);
                }
            } else if (c == CARD_NONE && s->on) {
                s->on = false; /* played: its card on the table starts here */
                t->from_x[p] = s->x;
                t->from_y[p] = s->y;
            } else if (s->on && s->face != c) {
                s->face = c;
                anim_to(an, &s->flip, c == CARD_HIDDEN ? 0 : 1, 0.25f, 0, EASE_IN_OUT_CUBIC);
            }
        }
    for (int r = 0; r < TR_RODADAS; r++)
        for (int p = 0; p < 2; p++) {
            TableCard *s = &t->table[r][p];
            Card c = v.table[r][p];
            if (c != CARD_NONE && (v.down[r] >> p) & 1)
                c = CARD_HIDDEN; /* a carta fechada lies face down for everyone */
            float tx = rodada_x(t, r), ty = p == ME ? TME_Y : TBOT_Y;
            if (c != CARD_NONE && !s->on) {
                *s = (TableCard){.x = t->from_x[p], .y = t->from_y[p], .alpha = 1, .face = c,
                                 .on = true, .flip = p == ME && c != CARD_HIDDEN ? 1 : 0};
                if (instantly || (s->x == 0 && s->y == 0)) {
                    s->x = tx, s->y = ty, s->flip = c == CARD_HIDDEN ? 0 : 1;
                } else {
                    table_card_fly(tb, s, tx, ty, 0.38f, 0);
                    if (c != CARD_HIDDEN && s->flip < 1)
                        anim_to(an, &s->flip, 1, 0.25f, 0.12f, EASE_IN_OUT_CUBIC);
                    app_sound(tb->app, SND_SLIDE);
                }
            } else if (c == CARD_NONE && s->on) {
                s->on = false;
            } else if (s->on && s->face != c) {
                s->face = c;
                s->flip = c == CARD_HIDDEN ? 0 : 1;
            }
        }
    if (v.vira != CARD_NONE && !t->vira.on) {
        t->vira = (TableCard){.x = DECK_X, .y = DECK_Y, .alpha = 1, .face = v.vira, .on = true};
        if (instantly) {
            t->vira.x = VIRA_X, t->vira.y = DECK_Y, t->vira.flip = 1;
        } else {
            float d = 0.06f * deals;
            table_card_fly(tb, &t->vira, VIRA_X, DECK_Y, 0.38f, d);
            anim_to(an, &t->vira.flip, 1, 0.3f, d + 0.15f, EASE_IN_OUT_CUBIC);
            anim_call(an, d + 0.15f, table_sound_cb, tb, SND_FLIP);
        }
    } else if (v.vira == CARD_NONE) {
        t->vira.on = false;
    }
}

/* A new match: no cards laid out yet. */
static void reset(Table *tb)
{
    Tr *t = (Tr *)tb;
    anim_clear(&tb->anim);
    clear(t, -1);
    t->said_t = t->hand_msg_t = 0;
}

static int result(Table *tb, char *title, size_t tsize, char *reason, size_t rsize)
{
    const Tr *t = (const Tr *)tb;
    const TrucoState *s = tb->m->state;
    int res = s->winner == ME ? 1 : -1;
    snprintf(title, tsize, "%s", res > 0 ? _("You win!") : _("You lose"));
    if (s->opt_match)
        snprintf(reason, rsize, _("Games %d-%d, last game %d-%d."), s->games[ME], s->games[BOT],
                 s->score[ME], s->score[BOT]);
    else
        snprintf(reason, rsize, _("Final score %d-%d."), s->score[ME], s->score[BOT]);
    return res;
}

/* The message at the end of a hand, from the player's side. */
static void hand_message(Tr *t)
{
    const TrucoState *s = t->tb.m->state;
    int w = s->last_winner, pts = s->last_points;
    char *o = t->hand_msg;
    size_t n = sizeof t->hand_msg;
    bool me = w == ME;
    switch ((TrucoEnd)s->last_end) {
    case TR_END_TIED: snprintf(o, n, "%s", _("All three rodadas tied: nobody scores.")); break;
    case TR_END_RUN:
        snprintf(o, n,
                 me ? _("The computer ran: +%d for you.") : _("You ran: +%d for the computer."),
                 pts);
        break;
    case TR_END_ONZE_RUN:
        snprintf(o, n, "%s",
                 me ? _("The computer gave up its mão de onze: +1 for you.")
                    : _("You gave up the mão de onze: +1 for the computer."));
        break;
    default:
        snprintf(o, n, me ? _("You win the hand: +%d.") : _("The computer wins the hand: +%d."),
                 pts);
        break;
    }
    if (s->phase != TR_PH_OVER && s->game_winner >= 0 &&
        (s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS)) {
        size_t len = strlen(o);
        snprintf(o + len, n - len, " %s",
                 s->game_winner == ME ? _("You win this game!")
                                      : _("The computer wins this game."));
    }
    t->hand_msg_t = 2.8f;
}

/* ---- Actions and input ---- */

/* What a seat says with a call or an answer (also the raise buttons' labels); "" for
 * other actions. */
static const char *call_text(int a)
{
    static const char *const said[] = {N_("TRUCO!"),  N_("SEIS!"),  N_("NOVE!"), N_("DOZE!"),
                                       N_("Aceito!"), N_("Corro!"), N_("Jogo!"), N_("Fujo!")};
    return a >= TR_TRUCO && a <= TR_ONZE_RUN ? _(said[a - TR_TRUCO]) : "";
}

static void on_action(Table *tb, int player, Action a)
{
    Tr *t = (Tr *)tb;
    const char *said = player >= 0 ? call_text(a) : "";
    if (*said) {
        snprintf(t->said, sizeof t->said, "%s", said);
        t->said_seat = player;
        t->said_t = 2.2f;
        app_sound(tb->app, table_human(tb, player) ? SND_CLICK : SND_CALL);
    }
    const TrucoState *s = tb->m->state;
    if (player >= 0 && s->n_dealt == 0 && s->phase != TR_PH_FIRST && s->last_end != TR_END_NONE) {
        hand_message(t);
        tb->deal_wait = 2.4f * app_speed_factor(tb->app);
    }
}

static void update(Table *tb, float dt)
{
    Tr *t = (Tr *)tb;
    t->said_t = fmaxf(0, t->said_t - dt);
    t->hand_msg_t = fmaxf(0, t->hand_msg_t - dt);
}

/* The bubbles need frames; they do not hold the computer's answer (frames run while it
 * thinks anyway). */
static bool busy(const Table *tb)
{
    const Tr *t = (const Tr *)tb;
    return (t->said_t > 0 || t->hand_msg_t > 0) &&
           !table_seat_thinking(tb, match_current_player(tb->m));
}

static int hand_places(void *user)
{
    (void)user;
    return TR_HAND;
}

static bool hand_rect(void *user, int i, SDL_FRect *out)
{
    const Tr *t = user;
    const TableCard *s = &t->hand[ME][i];
    if (!s->on)
        return false;
    *out = unit_rect(t, s->x, s->y - s->lift * 14, card_w(t), CARD_H);
    return true;
}

static const HandGeometry hand_geometry = {hand_places, hand_rect};

static void enter(Table *tb)
{
    Tr *t = (Tr *)tb;
    hand_init(&t->hand_ui, tb->app, &tb->anim, &hand_geometry, t);
    hand_bind_lift(&t->hand_ui, &t->hand[ME][0].lift, sizeof(TableCard));
    t->hand_ui.digits = TR_HAND;
    t->shown_hand = -1;
}

static void layout(Table *tb)
{
    Tr *t = (Tr *)tb;
    float bx = PANEL_X, bw = 250, bh = 64;
    tb->btn[BTN_RAISE] = unit_rect(t, bx, 640, bw, 76);
    tb->btn[BTN_DOWN] = unit_rect(t, bx, 740, bw, bh);
    tb->btn[BTN_ACCEPT] = unit_rect(t, bx, 580, bw, bh);
    tb->btn[BTN_RUN] = unit_rect(t, bx, 660, bw, bh);
    tb->btn[BTN_UP] = unit_rect(t, bx, 740, bw, bh);
    tb->btn[BTN_JOGAR] = unit_rect(t, MID_X - 140, 560, 250, 70);
    tb->btn[BTN_FUGIR] = unit_rect(t, MID_X + 140, 560, 250, 70);
    tb->btn[TABLE_NEXT] = unit_rect(t, MID_X, 600, 280, 68);
    sync(tb, true); /* after a resume or a resize: cards where they belong */
}

static bool shown(const Table *tb, int b)
{
    const Tr *t = (const Tr *)tb;
    const TrucoState *s = tb->m->state;
    if (!table_player_can_act(tb))
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

static void play_slot(Tr *t, int i, bool hide)
{
    TrucoState v;
    match_view(t->tb.m, ME, &v);
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
    table_submit(&t->tb, a);
    if (match_current_player(t->tb.m) != ME)
        t->face_down = false;
}

static void press(Table *tb, int b)
{
    Tr *t = (Tr *)tb;
    const TrucoState *s = tb->m->state;
    tb->focus = -1; /* the buttons answer keys of their own (T, A, C...), not a focus */
    switch (b) {
    case BTN_RAISE: table_submit(tb, truco_raise_action(s->value)); break;
    case BTN_ACCEPT: table_submit(tb, TR_ACCEPT); break;
    case BTN_RUN: table_submit(tb, TR_RUN); break;
    case BTN_UP: table_submit(tb, truco_raise_action(s->pending)); break;
    case BTN_JOGAR: table_submit(tb, TR_ONZE_PLAY); break;
    case BTN_FUGIR: table_submit(tb, TR_ONZE_RUN); break;
    default: /* BTN_DOWN */
        t->face_down = !t->face_down;
        app_sound(tb->app, SND_CLICK);
        break;
    }
}

static bool event(Table *tb, const SDL_Event *e)
{
    Tr *t = (Tr *)tb;
    Hand *h = &t->hand_ui;
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        const TrucoState *s = tb->m->state;
        if (hand_hover_at(h, x, y, table_player_can_act(tb) && s->phase == TR_PH_PLAY) >= 0)
            tb->app->pointer_hand = true;
        hand_motion(h, x, y, true);
        return true;
    }
    case SDL_MOUSEBUTTONDOWN: {
        bool play = false, right = e->button.button == SDL_BUTTON_RIGHT;
        int c = -1;
        if (right)
            c = hand_card_at(h, (float)e->button.x, (float)e->button.y);
        else if (e->button.button == SDL_BUTTON_LEFT)
            c = hand_press(h, &e->button, &play);
        if (c >= 0 && (right || play))
            play_slot(t, c, right || t->face_down); /* right-click: face down */
        return c >= 0;
    }
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        int dragged = hand_release(h);
        if (dragged < 0)
            return false;
        if (UY(t, (float)e->button.y) < ME_Y - CARD_H * 0.6f) {
            TableCard *s = &t->hand[ME][dragged];
            s->x = UX(t, h->x); /* the card flies on from where it was dropped */
            s->y = UY(t, h->y);
            play_slot(t, dragged, t->face_down);
            if (s->on)
                table_card_fly(tb, s, slot_x(t, dragged), ME_Y, 0.38f, 0);
        }
        return true;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        int c = hand_key(h, k, false);
        if (c >= 0) {
            play_slot(t, c, t->face_down);
            return true;
        }
        int b = k == SDLK_t   ? (shown(tb, BTN_UP) ? BTN_UP : BTN_RAISE)
                : k == SDLK_a ? BTN_ACCEPT
                : k == SDLK_c ? BTN_RUN
                : k == SDLK_f ? BTN_DOWN
                : k == SDLK_j ? BTN_JOGAR
                : k == SDLK_x ? BTN_FUGIR
                              : -1;
        return b > 0 && table_press(tb, b);
    }
    default: return false;
    }
}

/* ---- Drawing ---- */

/* Text `size` units high at (x, y) in units. */
static void label(Tr *t, const char *s, int size, bool bold, Rgba c, float x, float y, int align)
{
    text_draw(t->tb.app->text, s, (int)lroundf(size * t->tb.tv.s), bold, c, PX(t, x), PY(t, y),
              align);
}

/* A card; a manilha face up glows, outlined in gold with a tag under it. */
static void draw_card(Tr *t, const TableCard *c, float extra_lift, const TrucoState *v)
{
    App *a = t->tb.app;
    float s = t->tb.tv.s, lift = (c->lift + extra_lift) * 14;
    bool glow =
        v && c->flip >= 0.5f && c->face != CARD_HIDDEN && truco_is_manilha(c->face, v->vira);
    float cx = PX(t, c->x), cy = PY(t, c->y - lift), h = CARD_H * s;
    float ww = card_w(t) * s * fmaxf(fabsf(cosf(c->flip * 3.14159265f)), 0.02f);
    if (glow)
        draw_glow(a->ren, cx, cy, h * 0.62f, rgba(236, 196, 96, 90));
    table_card_draw(&t->tb, c, CARD_H, extra_lift, 14);
    if (!glow)
        return;
    SDL_FRect d = {cx - ww / 2, cy - h / 2, ww, h};
    draw_rounded_outline(a->ren, d, 10 * s, fmaxf(2, 4 * s), COL_GOLD);
    SDL_FRect tag = {cx - 46 * s, d.y + h - 4 * s, 92 * s, 26 * s};
    draw_rounded(a->ren, tag, 13 * s, COL_GOLD);
    text_draw(a->text, _("manilha"), (int)lroundf(16 * s), true, COL_INK, cx, tag.y + tag.h / 2,
              CENTRED);
}

/* Tentos: strokes in groups of five, the fifth across the other four. */
static void draw_tally(Tr *t, float x, float y, int points, Rgba c)
{
    SDL_Renderer *r = t->tb.app->ren;
    float s = t->tb.tv.s, step = 11, gap = 20, hh = 44, th = fmaxf(2, 4 * s);
    for (int k = 0; k < points && k < 24; k++) {
        float gx = x + k / 5 * (4 * step + gap + 8);
        if (k % 5 < 4) {
            draw_quad(r, PX(t, gx + k % 5 * step), PY(t, y), th, hh * s, 0, c);
        } else {
            float len = sqrtf(4 * step * 4 * step + hh * hh);
            draw_quad(r, PX(t, gx + 1.5f * step), PY(t, y), th, len * s,
                      atan2f(4 * step + 6, hh) * -57.3f, c);
        }
    }
}

static void draw_bubble(Tr *t, const char *msg, float cx, float cy, float alpha, bool big)
{
    App *a = t->tb.app;
    float s = t->tb.tv.s;
    int fs = (int)lroundf((big ? 38 : 26) * s), w, h;
    text_measure(a->text, msg, fs, true, &w, &h);
    float pw = w + 44 * s, ph = h + 22 * s;
    SDL_FRect r = {PX(t, cx) - pw / 2, PY(t, cy) - ph / 2, pw, ph};
    Rgba paper = rgba(250, 246, 232, (Uint8)(245 * alpha));
    draw_shadow(a->ren, r, ph / 2, 12 * s, rgba(0, 0, 0, (Uint8)(90 * alpha)));
    draw_rounded(a->ren, r, ph / 2, paper);
    draw_quad(a->ren, r.x + pw / 2, r.y - 6 * s, 18 * s, 18 * s, 45, paper);
    Rgba tc = big ? rgba(178, 34, 34, 255) : COL_INK;
    tc.a = (Uint8)(255 * alpha);
    text_draw(a->text, msg, fs, true, tc, r.x + pw / 2, r.y + ph / 2, CENTRED);
}

/* The hand's value and kind, and the rodadas: won, lost, tied, to play. */
static void draw_panel(Tr *t, const TrucoState *v)
{
    App *a = t->tb.app;
    float s = t->tb.tv.s, px = PANEL_X;
    draw_rounded(a->ren, unit_rect(t, px, 240, 310, 220), 18 * s, rgba(0, 0, 0, 60));
    if (v->n_dealt > 0 || v->last_end != TR_END_NONE) {
        char b[96];
        snprintf(b, sizeof b, P_("Hand worth %d point", "Hand worth %d points", v->value),
                 v->value);
        label(t, b, 24, true, COL_GOLD, px, 165, CENTRED);
        const char *kind = v->kind == TR_KIND_ONZE    ? _("Mão de onze")
                           : v->kind != TR_KIND_FERRO ? ""
                           : v->blind                 ? _("Mão de ferro, às cegas")
                                                      : _("Mão de ferro");
        if (*kind)
            label(t, kind, 19, false, COL_TEXT, px, 198, CENTRED);
    }
    label(t, _("Rodadas"), 18, false, COL_DIM, px, 240, CENTRED);
    for (int i = 0; i < TR_RODADAS; i++) {
        float cx = PX(t, px + (i - 1) * 70), cy = PY(t, 295);
        int res = v->result[i];
        Rgba c = res == ME           ? rgba(86, 190, 110, 255)
                 : res == BOT        ? COL_RED
                 : res == TR_RES_TIE ? rgba(170, 170, 160, 255)
                                     : rgba(0, 0, 0, 70);
        draw_circle(a->ren, cx, cy, 24 * s, c);
        const char *mark = res == ME           ? "\xE2\x9C\x93"
                           : res == BOT        ? "\xE2\x9C\x97"
                           : res == TR_RES_TIE ? "="
                                               : "";
        char num[8];
        snprintf(num, sizeof num, "%d", i + 1);
        text_draw(a->text, *mark ? mark : num, (int)lroundf(22 * s), true,
                  res == TR_RES_NONE ? COL_DIM : COL_TEXT, cx, cy, CENTRED);
    }
}

static void draw_scores(Tr *t, const TrucoState *v)
{
    draw_rounded(t->tb.app->ren, unit_rect(t, 200, 815, 330, 250), 18 * t->tb.tv.s,
                 rgba(0, 0, 0, 60));
    label(t, _("Tentos"), 20, true, COL_GOLD, 200, 715, CENTRED);
    for (int q = 0; q < 2; q++) {
        float y = 775 + q * 95;
        char b[32];
        snprintf(b, sizeof b, "%d", v->score[q]);
        label(t, table_seat_name(&t->tb, q), 18, false, COL_TEXT, 50, y - 30, LEFT);
        label(t, b, 26, true, COL_TEXT, 350, y - 30, TEXT_RIGHT | TEXT_MIDDLE);
        draw_tally(t, 58, y + 18, v->score[q], q == ME ? COL_TEXT : rgba(250, 210, 170, 255));
    }
    if (v->opt_match) {
        char b[64];
        snprintf(b, sizeof b, _("Games %d-%d"), v->games[ME], v->games[BOT]);
        label(t, b, 18, false, COL_DIM, 200, 955, CENTRED);
    }
}

/* Mão de onze: a dialog over the table, your cards in sight below it. */
static void draw_onze(Tr *t)
{
    Table *tb = &t->tb;
    SDL_Renderer *r = tb->app->ren;
    float s = tb->tv.s;
    SDL_FRect p = unit_rect(t, MID_X, 480, 720, 240);
    draw_shadow(r, p, 22 * s, 22 * s, rgba(0, 0, 0, 120));
    draw_rounded(r, p, 22 * s, rgba(12, 26, 18, 240));
    draw_rounded_outline(r, p, 22 * s, fmaxf(2, 3 * s), COL_GOLD);
    label(t, _("Mão de onze"), 34, true, COL_GOLD, MID_X, 400, CENTRED);
    text_draw_fit(tb->app->text, _("You have 11. Play this hand for 3 points, or run and give 1?"),
                  (int)lroundf(22 * s), false, COL_TEXT, PX(t, MID_X), PY(t, 470), CENTRED,
                  680 * s);
    table_button(tb, BTN_JOGAR, _("Jogar (3 points)"), BTN_PRIMARY);
    table_button(tb, BTN_FUGIR, _("Fugir (+1 for them)"), 0);
}

static void draw(Table *tb, SDL_Renderer *r)
{
    Tr *t = (Tr *)tb;
    App *a = tb->app;
    TrucoState v;
    view(t, &v);
    int cur = match_current_player(tb->m);
    float cw = card_w(t);

    /* The deck and the vira, with the manilhas it makes. */
    SDL_FRect slot = unit_rect(t, DECK_X, DECK_Y, cw, CARD_H);
    cardart_draw_slot(a->art, r, &slot);
    for (int i = 0; i < 2; i++) {
        TableCard c = {.x = DECK_X - i * 5.0f, .y = DECK_Y - i * 5.0f, .alpha = 1,
                       .face = CARD_HIDDEN};
        draw_card(t, &c, 0, NULL);
    }
    label(t, _("Vira"), 20, true, COL_GOLD, VIRA_X, DECK_Y - CARD_H / 2 - 26, CENTRED);
    if (t->vira.on) {
        draw_card(t, &t->vira, 0, NULL);
        char b[96];
        snprintf(b, sizeof b, _("Manilhas: %s"), card_rank_text(truco_manilha_rank(v.vira)));
        label(t, b, 22, true, COL_GOLD, (DECK_X + VIRA_X) / 2, DECK_Y + CARD_H / 2 + 32, CENTRED);
        label(t, "\xE2\x99\xA6 < \xE2\x99\xA0 < \xE2\x99\xA5 < \xE2\x99\xA3", 20, false, COL_TEXT,
              (DECK_X + VIRA_X) / 2, DECK_Y + CARD_H / 2 + 64, CENTRED);
    } else {
        SDL_FRect vs = unit_rect(t, VIRA_X, DECK_Y, cw, CARD_H);
        cardart_draw_slot(a->art, r, &vs);
    }

    /* The rodadas on the table, then the hands. */
    for (int i = 0; i < TR_RODADAS; i++)
        for (int p = 0; p < 2; p++) {
            SDL_FRect sl = unit_rect(t, rodada_x(t, i), p == ME ? TME_Y : TBOT_Y, cw, CARD_H);
            cardart_draw_slot(a->art, r, &sl);
        }
    for (int i = 0; i < TR_RODADAS; i++)
        for (int p = 0; p < 2; p++)
            if (t->table[i][p].on)
                draw_card(t, &t->table[i][p], 0, &v);
    for (int i = 0; i < TR_HAND; i++)
        if (t->hand[BOT][i].on)
            draw_card(t, &t->hand[BOT][i], 0, NULL);
    Hand *h = &t->hand_ui;
    for (int i = 0; i < TR_HAND; i++)
        if (t->hand[ME][i].on && !(h->dragging && i == h->press))
            draw_card(t, &t->hand[ME][i], 0, &v);
    if (h->dragging && t->hand[ME][h->press].on) {
        TableCard d = t->hand[ME][h->press];
        d.x = UX(t, h->x);
        d.y = UY(t, h->y);
        if (t->face_down)
            d.flip = 0;
        draw_card(t, &d, 1.2f, NULL);
    }
    float nx = MID_X + 1.9f * cw;
    label(t, table_seat_name(tb, BOT), 22, true, cur == BOT ? COL_GOLD : COL_TEXT, nx, BOT_Y, LEFT);
    label(t, table_seat_name(tb, ME), 22, true, cur == ME ? COL_GOLD : COL_TEXT, nx, ME_Y, LEFT);
    if (v.mao >= 0 && (v.n_dealt > 0 || v.hands > 0))
        label(t, _("(mão)"), 17, false, COL_DIM, nx, (v.mao == ME ? ME_Y : BOT_Y) + 30, LEFT);
    draw_panel(t, &v);
    draw_scores(t, &v);
    table_top_bar(a, "Truco", table_level_name(table_level(tb)));

    /* What is going on. */
    bool over = match_is_over(tb->m);
    if (table_seat_thinking(tb, BOT) && tb->deal_wait <= 0) {
        char b[96];
        if (table_seat_kind(tb, BOT) == SEAT_REMOTE) /* a person at another table */
            snprintf(b, sizeof b, _("%s is thinking"), table_seat_name(tb, BOT));
        else
            snprintf(b, sizeof b, "%s", _("Computer is thinking"));
        table_dots(b, sizeof b, tb->time);
        label(t, b, 20, false, COL_DIM, MID_X, BOT_Y + CARD_H / 2 + 22, CENTRED);
    } else if (cur == ME && v.phase == TR_PH_PLAY) {
        label(t,
              v.rodada > 0 ? _("Your turn: double-click or drag a card (right-click: face down)")
                           : _("Your turn: double-click or drag a card"),
              18, false, COL_DIM, MID_X, ME_Y - CARD_H / 2 - 24, CENTRED);
    } else if (cur == ME && v.phase == TR_PH_ANSWER) {
        char b[96];
        snprintf(b, sizeof b, _("The computer asks %s Accept, run or raise?"),
                 call_text(v.pending / 3));
        label(t, b, 20, true, COL_TEXT, MID_X, ME_Y - CARD_H / 2 - 24, CENTRED);
    }
    if (t->said_t > 0 && t->said[0])
        draw_bubble(t, t->said, MID_X,
                    t->said_seat == BOT ? BOT_Y + CARD_H / 2 + 40 : ME_Y - CARD_H / 2 - 60,
                    fminf(1, t->said_t * 2), t->said_seat == BOT);

    /* Buttons that apply now. */
    char up[64];
    snprintf(up, sizeof up, _("Aumentar: %s"), call_text(truco_raise_action(v.pending)));
    const char *labels[BTN_COUNT] = {
        [BTN_RAISE] = call_text(truco_raise_action(v.value)),
        [BTN_ACCEPT] = _("Aceitar"),
        [BTN_RUN] = _("Correr"),
        [BTN_UP] = up,
        [BTN_DOWN] = t->face_down ? _("Face down: on") : _("Face down: off")};
    for (int b = BTN_RAISE; b < BTN_COUNT; b++)
        if (labels[b] && shown(tb, b))
            table_button(tb, b, labels[b], b <= BTN_ACCEPT ? BTN_PRIMARY : 0);
    if (shown(tb, BTN_JOGAR))
        draw_onze(t);
    if (t->hand_msg_t > 0 && !over)
        ui_toast(a, t->hand_msg, PX(t, MID_X), PY(t, (TBOT_Y + TME_Y) / 2),
                 fminf(1, t->hand_msg_t * 2));
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
    const Card cards[3] = {card_make(4, SUIT_CLUBS), card_make(7, SUIT_HEARTS),
                           card_make(RANK_ACE, SUIT_SPADES)};
    const float ang[3] = {-12, 0, 12};
    table_preview_cards(a, area, cards, ang);
}

static bool locate(Table *tb, const char *what, SDL_FRect *out)
{
    Tr *t = (Tr *)tb;
    static const char *const names[BTN_COUNT] = {
        [BTN_RAISE] = "truco",  [BTN_ACCEPT] = "aceitar", [BTN_RUN] = "correr",
        [BTN_UP] = "aumentar",  [BTN_JOGAR] = "jogar",    [BTN_FUGIR] = "fugir",
        [BTN_DOWN] = "facedown"};
    for (int b = BTN_RAISE; b < BTN_COUNT; b++)
        if (strcmp(what, names[b]) == 0) {
            *out = tb->btn[b];
            return shown(tb, b);
        }
    if (strncmp(what, "card", 4) == 0 && what[4] >= '1' && what[4] <= '3' && !what[5]) {
        const TableCard *s = &t->hand[ME][what[4] - '1'];
        *out = unit_rect(t, s->x, s->y, card_w(t), CARD_H);
        return s->on;
    }
    if (strcmp(what, "vira") == 0 && t->vira.on)
        *out = unit_rect(t, VIRA_X, DECK_Y, card_w(t), CARD_H);
    else if (strcmp(what, "table") == 0)
        *out = unit_rect(t, MID_X, (TBOT_Y + TME_Y) / 2, 3 * card_w(t) * 1.45f, 2 * CARD_H);
    else
        return false;
    return true;
}

static const TableGame truco_table = {
    .id = "truco",
    .rules = &truco_rules,
    .size = sizeof(Tr),
    .felt_centre = {28, 98, 70, 255},
    .felt_edge = {8, 40, 30, 255},
    .resume_notice = N_("The saved Truco game could not be resumed (%s); a new game is dealt."),
    .not_this_game = N_("not a Truco game"),
    .over_message = N_("The game is over: start a new one."),
    .next_label = N_("New game"),
    .banner = {MID_X, 420, 600, 170, 0, 0.36f, 0.74f, 54, 22},
    .banner_delay = 0.6f,
    .toast_x = MID_X,
    .toast_y = ME_Y - CARD_H / 2 - 70,
    .enter = enter,
    .reset = reset,
    .layout = layout,
    .sync = sync,
    .on_action = on_action,
    .bot_pause = 0.7f,
    .demo_pause = 0.7f,
    .update = update,
    .result = result,
    .draw = draw,
    .event = event,
    .n_buttons = BTN_COUNT,
    .shown = shown,
    .press = press,
    .busy = busy,
    .locate = locate,
};

const Scene truco_scene =
    TABLE_SCENE("truco", truco_table, .rules_text = rules_text, .draw_preview = draw_preview);
