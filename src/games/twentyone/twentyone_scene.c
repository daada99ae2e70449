/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 21 table: the player (seat 0) against the computer (seat 1), one match per round.
 *
 * The table (ui/tablescene.c) runs the rounds; this file lays out and draws the cards and
 * says what input means. It keeps a card per card on the table, in table units, and after
 * every applied action compares them with what the player may see (match_view) to start
 * the right moves: a deal flies from the deck, the hole card flips, hands re-centre. So a
 * resume, a resize or a change of speed needs nothing special. */
#include "twentyone_scene.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "twentyone.h"
#include "ui/hand.h"
#include "ui/i18n.h"
#include "ui/tablescene.h"
#include "ui/widgets.h"

/* The player (south) and the other seat: seats 0 and 1 offline, either online. */
#define ME (table_player(&t->tb))
#define OTHER (1 - ME)
#define CARD_H 230.0f
#define DECK_X 235.0f
#define DECK_Y 500.0f
#define HAND_X 800.0f
#define COMP_Y 262.0f
#define PLAYER_Y 688.0f
#define BTN_Y 912.0f
#define MID_Y ((COMP_Y + CARD_H / 2 + PLAYER_Y - CARD_H / 2) / 2)

enum { BTN_HIT = 1, BTN_STAND, BTN_COUNT };

typedef struct {
    Table tb;
    TableCard hand[TO_SEATS][TO_MAX_CARDS];
    int shown[TO_SEATS];
    TableCard gone[TO_SEATS * TO_MAX_CARDS];
    int n_gone;
    float deck_lift;
    bool deck_hover;

    /* Dragging the deck's top card. */
    bool drag_armed, dragging;
    float press_x, press_y;
    TableCard drag;
    bool deal_from_drag;
    float drag_drop_x, drag_drop_y;

    char bot_said[64];
    float bot_said_t;
} T21;

static float card_w(const T21 *t) { return table_card_w(&t->tb.tv, CARD_H); }

static float slot_x(const T21 *t, int i, int n)
{
    HandLayout l = {.x = HAND_X, .step = card_w(t) * 1.12f};
    float x, y, rot;
    hand_slot(&l, i, n, &x, &y, &rot);
    return x;
}

static float hand_y(const T21 *t, int seat) { return seat == ME ? PLAYER_Y : COMP_Y; }

static void view(const T21 *t, TwentyOneState *v)
{
    if (t->tb.app->set.show_opponents)
        *v = *(const TwentyOneState *)t->tb.m->state;
    else
        match_view(t->tb.m, ME, v);
}

/* ---- Keeping the cards in step with the match ---- */

static void place_instantly(T21 *t)
{
    TwentyOneState v;
    view(t, &v);
    for (int p = 0; p < TO_SEATS; p++) {
        t->shown[p] = v.n[p];
        for (int i = 0; i < v.n[p]; i++) {
            Card face = v.hand[p][i];
            t->hand[p][i] = (TableCard){.x = slot_x(t, i, v.n[p]), .y = hand_y(t, p), .alpha = 1,
                                        .face = face, .flip = face == CARD_HIDDEN ? 0 : 1};
        }
    }
}

static void sync(Table *tb, bool instantly)
{
    T21 *t = (T21 *)tb;
    Anim *an = &tb->anim;
    if (instantly) {
        place_instantly(t);
        return;
    }
    TwentyOneState v;
    view(t, &v);
    for (int p = 0; p < TO_SEATS; p++) {
        int n = v.n[p];
        for (int i = 0; i < n; i++) {
            TableCard *s = &t->hand[p][i];
            if (i >= t->shown[p]) {
                /* A new card: from the deck (or from where the player dropped it). */
                anim_forget(an, s, s + 1);
                *s = (TableCard){.x = DECK_X - 6, .y = DECK_Y - 6, .rot = -6, .alpha = 1,
                                 .face = v.hand[p][i]};
                if (t->deal_from_drag && p == ME) {
                    s->x = t->drag_drop_x;
                    s->y = t->drag_drop_y;
                    s->rot = 0;
                    t->deal_from_drag = false;
                }
                anim_to(an, &s->y, hand_y(t, p), 0.42f, 0, EASE_OUT_CUBIC);
                anim_to(an, &s->rot, 0, 0.42f, 0, EASE_OUT_CUBIC);
                if (s->face != CARD_HIDDEN)
                    anim_to(an, &s->flip, 1, 0.24f, 0.2f, EASE_IN_OUT_CUBIC);
                app_sound(tb->app, SND_DEAL);
            } else if (s->face == CARD_HIDDEN && v.hand[p][i] != CARD_HIDDEN) {
                /* The hole card turns over. */
                s->face = v.hand[p][i];
                anim_to(an, &s->flip, 1, 0.34f, 0.05f, EASE_IN_OUT_CUBIC);
                anim_to(an, &s->lift, 1, 0.17f, 0.05f, EASE_OUT_QUAD);
                anim_then(an, &s->lift, 0, 0.2f, 0.24f, EASE_IN_QUAD);
                anim_call(an, 0.05f, table_sound_cb, tb, SND_FLIP);
            } else if (s->face != CARD_HIDDEN && v.hand[p][i] == CARD_HIDDEN) {
                /* "Show opponents' cards" was turned off. */
                s->face = CARD_HIDDEN;
                anim_to(an, &s->flip, 0, 0.3f, 0, EASE_IN_OUT_CUBIC);
            }
        }
        t->shown[p] = n;
        for (int i = 0; i < n; i++)
            anim_to(an, &t->hand[p][i].x, slot_x(t, i, n), 0.42f, 0, EASE_OUT_CUBIC);
    }
}

static void settings_changed(Table *tb) { sync(tb, false); }

static void gather_done(void *user, int arg)
{
    (void)arg;
    ((T21 *)user)->n_gone = 0;
}

/* A new round: the cards on the table go back to the deck, then the deal. */
static void reset(Table *tb)
{
    T21 *t = (T21 *)tb;
    anim_finish(&tb->anim);
    t->n_gone = 0;
    t->bot_said_t = 0;
    int k = 0;
    for (int p = TO_SEATS - 1; p >= 0; p--)
        for (int i = 0; i < t->shown[p]; i++) {
            TableCard *g = &t->gone[t->n_gone++];
            *g = t->hand[p][i];
            float d = 0.045f * k++;
            anim_to(&tb->anim, &g->x, DECK_X - 6, 0.4f, d, EASE_IN_OUT_CUBIC);
            anim_to(&tb->anim, &g->y, DECK_Y - 6, 0.4f, d, EASE_IN_OUT_CUBIC);
            anim_to(&tb->anim, &g->rot, (k % 2 ? 8.0f : -8.0f), 0.4f, d, EASE_IN_OUT_CUBIC);
            if (g->flip > 0)
                anim_to(&tb->anim, &g->flip, 0, 0.26f, d, EASE_IN_OUT_CUBIC);
        }
    t->shown[0] = t->shown[1] = 0;
    float f = app_speed_factor(tb->app);
    if (k == 0) {
        tb->deal_wait = 0.2f * f;
        return;
    }
    anim_call(&tb->anim, 0.0f, table_sound_cb, tb, SND_SLIDE);
    anim_call(&tb->anim, 0.4f + 0.045f * k, gather_done, t, 0);
    anim_call(&tb->anim, 0.4f + 0.045f * k, table_sound_cb, tb, SND_SHUFFLE);
    tb->deal_wait = (0.55f + 0.045f * k) * f;
}

static int result(Table *tb, char *title, size_t tsize, char *reason, size_t rsize)
{
    const T21 *t = (const T21 *)tb;
    const TwentyOneState *s = tb->m->state;
    int res, *result = &res;
    /* The end as the rules name it is seat 0's: from seat 1 a bust is the other way round. */
    TwentyOneEnd end = (TwentyOneEnd)s->end;
    if (ME == 1 && end == TO_END_PLAYER_BUST)
        end = TO_END_COMPUTER_BUST;
    else if (ME == 1 && end == TO_END_COMPUTER_BUST)
        end = TO_END_PLAYER_BUST;
    int pt = twentyone_total(s->hand[ME], s->n[ME], NULL);
    int ct = twentyone_total(s->hand[OTHER], s->n[OTHER], NULL);
    const char *who = table_person_name(tb, OTHER); /* a person at a networked table */
    *result = s->winner < 0 ? 0 : s->winner == ME ? 1 : -1;
    switch (end) {
    case TO_END_PLAYER_BUST:
        snprintf(title, tsize, "%s", _("Bust!"));
        snprintf(reason, rsize, _("You went over 21 with %d."), pt);
        break;
    case TO_END_COMPUTER_BUST:
        snprintf(title, tsize, "%s", _("You win!"));
        if (who)
            snprintf(reason, rsize, _("%s went over 21 with %d."), who, ct);
        else
            snprintf(reason, rsize, _("The computer went over 21 with %d."), ct);
        break;
    case TO_END_CHARLIE:
        snprintf(title, tsize, "%s", *result > 0 ? _("You win!") : _("You lose"));
        if (*result < 0 && who)
            snprintf(reason, rsize, _("%s drew five cards without going over 21: Charlie."), who);
        else
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
        if (who)
            snprintf(reason, rsize, _("You have %d and %s has %d."), pt, who, ct);
        else if (*result > 0)
            snprintf(reason, rsize, _("Your %d beats the computer's %d."), pt, ct);
        else
            snprintf(reason, rsize, _("The computer's %d beats your %d."), ct, pt);
        break;
    }
    return res;
}

/* ---- Actions and input ---- */

static void on_action(Table *tb, int player, Action a)
{
    T21 *t = (T21 *)tb;
    const char *who = table_person_name(tb, OTHER);
    if (player == OTHER && who && (a == TO_HIT || a == TO_STAND)) {
        snprintf(t->bot_said, sizeof t->bot_said, a == TO_HIT ? _("%s hits") : _("%s stands"), who);
        t->bot_said_t = 1.6f;
    } else if (player == OTHER && table_seat_kind(tb, OTHER) != SEAT_HUMAN) {
        snprintf(t->bot_said, sizeof t->bot_said, "%s",
                 a == TO_HIT ? _("Computer hits") : a == TO_STAND ? _("Computer stands") : "");
        t->bot_said_t = 1.6f;
    }
    if (player == ME && a == TO_STAND)
        app_sound(tb->app, SND_CLICK);
}

static float chance_pause(Table *tb, bool *more)
{
    (void)more;
    return ((const TwentyOneState *)tb->m->state)->phase == TO_DEALING ? 0.2f : 0.05f;
}

static void update(Table *tb, float dt)
{
    T21 *t = (T21 *)tb;
    if (t->bot_said_t > 0)
        t->bot_said_t -= dt;
}

static bool busy(const Table *tb) { return ((const T21 *)tb)->bot_said_t > 0; }

/* Another position on the table (the review): the computer's words were said over the one
 * that was there. */
static void quiet(Table *tb) { ((T21 *)tb)->bot_said_t = 0; }

static void layout(Table *tb)
{
    T21 *t = (T21 *)tb;
    tb->btn[BTN_HIT] = unit_rect(t, HAND_X - 125, BTN_Y, 220, 68);
    tb->btn[BTN_STAND] = unit_rect(t, HAND_X + 125, BTN_Y, 220, 68);
    tb->btn[TABLE_NEXT] = unit_rect(t, HAND_X, BTN_Y, 280, 68);
    /* First layout after a resume: cards where they belong, no flight. */
    if (t->shown[0] == 0 && t->shown[1] == 0 && t->n_gone == 0)
        place_instantly(t);
    if (tb->focus < 0)
        tb->focus = BTN_HIT;
}

static bool deck_has(const T21 *t, float px, float py)
{
    SDL_FRect r = unit_rect(t, DECK_X - 6, DECK_Y - 6, card_w(t) + 12, CARD_H + 12);
    return rect_has(r, px, py);
}

static bool shown(const Table *tb, int b)
{
    (void)b;
    return !match_is_over(tb->m);
}

static void press(Table *tb, int b) { table_submit(tb, b == BTN_HIT ? TO_HIT : TO_STAND); }

static bool event(Table *tb, const SDL_Event *e)
{
    T21 *t = (T21 *)tb;
    bool can = table_player_can_act(tb);
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        bool dh = deck_has(t, x, y) && can;
        if (dh)
            tb->app->pointer_hand = true;
        if (dh != t->deck_hover) {
            t->deck_hover = dh;
            anim_to(&tb->anim, &t->deck_lift, dh ? 1.0f : 0.0f, 0.15f, 0, EASE_OUT_QUAD);
        }
        if (t->drag_armed && !t->dragging &&
            fabsf(x - t->press_x) + fabsf(y - t->press_y) > 8 * tb->app->u) {
            t->dragging = true;
            t->drag = (TableCard){.x = DECK_X - 6, .y = DECK_Y - 6, .alpha = 1, .lift = 1,
                                  .face = CARD_HIDDEN};
            app_sound(tb->app, SND_SLIDE);
        }
        if (t->dragging) {
            t->drag.x = UX(t, x);
            t->drag.y = UY(t, y);
            t->drag.rot = fmaxf(-12, fminf(12, (float)e->motion.xrel * 0.8f));
        }
        return true;
    }
    case SDL_MOUSEBUTTONDOWN:
        if (e->button.button != SDL_BUTTON_LEFT || !deck_has(t, (float)e->button.x, (float)e->button.y))
            return false;
        if (e->button.clicks >= 2) {
            t->drag_armed = false;
            table_submit(tb, TO_HIT); /* double-click on the deck hits */
        } else if (can) {
            t->drag_armed = true;
            t->press_x = (float)e->button.x;
            t->press_y = (float)e->button.y;
        }
        return true;
    case SDL_MOUSEBUTTONUP: {
        float x = (float)e->button.x, y = (float)e->button.y;
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        t->drag_armed = false;
        if (!t->dragging)
            return false;
        t->dragging = false;
        if (!deck_has(t, x, y) && UY(t, y) > 330) {
            /* Dropped on the table: take that card. */
            t->deal_from_drag = true;
            t->drag_drop_x = UX(t, x);
            t->drag_drop_y = UY(t, y);
            table_submit(tb, TO_HIT);
            if (match_current_player(tb->m) != PLAYER_CHANCE)
                t->deal_from_drag = false;
        }
        return true;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        if (match_is_over(tb->m))
            return false;
        if (k == SDLK_h || k == SDLK_s)
            table_press(tb, k == SDLK_h ? BTN_HIT : BTN_STAND);
        else if (k == SDLK_LEFT || k == SDLK_RIGHT)
            tb->focus = tb->focus == BTN_HIT ? BTN_STAND : BTN_HIT;
        else if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE)
            table_press(tb, tb->focus == BTN_STAND ? BTN_STAND : BTN_HIT);
        else
            return false;
        return true;
    }
    default:
        return false;
    }
}

/* ---- Drawing ---- */

static void draw_card(T21 *t, const TableCard *s, float extra_lift)
{
    TableCard c = *s;
    if (t->tb.app->software)
        c.rot = 0; /* rotating is costly without a GPU: cards are drawn upright */
    table_card_draw(&t->tb, &c, CARD_H, extra_lift, 14);
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
        const TableCard *s = &t->hand[seat][i];
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
    App *a = t->tb.app;
    SDL_Renderer *r = a->ren;
    float s = t->tb.tv.s;
    /* Top bar: title in the middle, round and level on the right. */
    char right[160];
    snprintf(right, sizeof right, _("Round %d  \xC2\xB7  %s"), t->tb.games,
             table_level_name(table_level(&t->tb)));
    table_top_bar(a, "21", right);
    /* The session's score, on the right of the table. */
    float px = PX(t, 1392), py = PY(t, 500);
    float pw = 250 * s, ph = 230 * s;
    SDL_FRect p = {px - pw / 2, py - ph / 2, pw, ph};
    draw_rounded(r, p, 18 * s, rgba(0, 0, 0, 60));
    draw_rounded_outline(r, p, 18 * s, fmaxf(1, 1.5f * s), rgba(255, 255, 255, 30));
    text_draw(a->text, _("Score"), (int)lroundf(20 * s), true, COL_GOLD, px, p.y + 30 * s,
              TEXT_CENTER | TEXT_MIDDLE);
    const char *names[3] = {_("Won"), _("Drawn"), _("Lost")};
    int vals[3] = {t->tb.score.wins, t->tb.score.draws, t->tb.score.losses};
    for (int i = 0; i < 3; i++) {
        float y = p.y + (78 + i * 50) * s;
        char b[16];
        snprintf(b, sizeof b, "%d", vals[i]);
        text_draw(a->text, names[i], (int)lroundf(21 * s), false, COL_TEXT, p.x + 26 * s, y,
                  TEXT_LEFT | TEXT_MIDDLE);
        text_draw(a->text, b, (int)lroundf(24 * s), true, COL_TEXT, p.x + pw - 26 * s, y,
                  TEXT_RIGHT | TEXT_MIDDLE);
    }
}

static void draw(Table *tb, SDL_Renderer *r)
{
    T21 *t = (T21 *)tb;
    App *a = tb->app;
    float s = tb->tv.s;
    bool can = table_player_can_act(tb);

    /* The deck: a few backs, the top one lifted under the pointer. */
    float cw = card_w(t);
    SDL_FRect slot = unit_rect(t, DECK_X, DECK_Y, cw, CARD_H);
    cardart_draw_slot(a->art, r, &slot);
    /* Without a GPU every blended card costs: the stack is then two cards deep. */
    int layers = a->software ? 2 : 4;
    for (int i = 0; i < layers; i++) {
        float off = (float)(i * 6 / (layers - 1));
        TableCard c = {.x = DECK_X - off, .y = DECK_Y - off, .alpha = 1, .face = CARD_HIDDEN};
        if (i == layers - 1 && !t->dragging)
            c.lift = t->deck_lift * 0.8f;
        draw_card(t, &c, 0);
    }
    if (can)
        text_draw(a->text, _("Double-click or drag to hit"), (int)lroundf(17 * s), false,
                  rgba_alpha(COL_DIM, 0.85f), PX(t, DECK_X), PY(t, DECK_Y + CARD_H / 2 + 34),
                  TEXT_CENTER | TEXT_MIDDLE);

    /* Name plates with totals. */
    char tot[32];
    total_text(t, OTHER, tot, sizeof tot);
    table_seat_plate(tb, OTHER, HAND_X, COMP_Y - CARD_H / 2 - 42, tot, NULL, 24);
    total_text(t, ME, tot, sizeof tot);
    table_seat_plate(tb, ME, HAND_X, PLAYER_Y + CARD_H / 2 + 40, tot, NULL, 24);

    /* Empty places before the deal. */
    if (t->shown[ME] == 0 && t->n_gone == 0)
        for (int p = 0; p < TO_SEATS; p++)
            for (int i = 0; i < 2; i++) {
                SDL_FRect sl = unit_rect(t, slot_x(t, i, 2), hand_y(t, p), cw, CARD_H);
                cardart_draw_slot(a->art, r, &sl);
            }
    for (int p = 0; p < TO_SEATS; p++)
        for (int i = 0; i < t->shown[p]; i++)
            draw_card(t, &t->hand[p][i], 0);
    for (int i = 0; i < t->n_gone; i++)
        draw_card(t, &t->gone[i], 0);

    /* The computer thinking, or what it just did. */
    bool over = match_is_over(tb->m);
    if (table_seat_thinking(tb, OTHER)) {
        char b[96];
        if (table_open_seat_text(tb, OTHER, b, sizeof b))
            ; /* nobody sits there yet */
        else if (table_seat_kind(tb, OTHER) == SEAT_REMOTE) /* a person at another table */
            snprintf(b, sizeof b, _("%s is thinking"), table_seat_name(tb, OTHER));
        else
            snprintf(b, sizeof b, "%s", _("Computer is thinking"));
        table_dots(b, sizeof b, tb->time);
        text_draw(a->text, b, (int)lroundf(22 * s), false, COL_TEXT, PX(t, HAND_X - 110),
                  PY(t, MID_Y), TEXT_LEFT | TEXT_MIDDLE);
    } else if (t->bot_said_t > 0 && t->bot_said[0] && !over) {
        ui_toast(a, t->bot_said, PX(t, HAND_X), PY(t, MID_Y), fminf(1, t->bot_said_t * 2));
    } else if (match_current_player(tb->m) == ME && !pacer_demo(&tb->pace)) {
        text_draw(a->text, _("Your turn: hit or stand?"), (int)lroundf(22 * s), false,
                  rgba_alpha(COL_TEXT, 0.9f), PX(t, HAND_X), PY(t, MID_Y), TEXT_CENTER | TEXT_MIDDLE);
    }

    draw_hud(t);
    if (!over) {
        table_button(tb, BTN_HIT, _("Hit"), BTN_PRIMARY | (can ? 0 : BTN_DISABLED));
        table_button(tb, BTN_STAND, _("Stand"), can ? 0 : BTN_DISABLED);
    }
    /* The dragged card follows the pointer. */
    if (t->dragging)
        draw_card(t, &t->drag, 1.2f);
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
    const Card cards[3] = {CARD_HIDDEN, card_make(RANK_ACE, SUIT_SPADES),
                           card_make(RANK_KING, SUIT_HEARTS)};
    const float ang[3] = {-14, -2, 10};
    table_preview_cards(a, area, cards, ang);
}

static bool locate(Table *tb, const char *what, SDL_FRect *out)
{
    T21 *t = (T21 *)tb;
    if ((strcmp(what, "hit") == 0 || strcmp(what, "stand") == 0) && !match_is_over(tb->m))
        *out = tb->btn[what[0] == 'h' ? BTN_HIT : BTN_STAND];
    else if (strcmp(what, "deck") == 0)
        *out = unit_rect(t, DECK_X, DECK_Y, card_w(t), CARD_H);
    else if (strcmp(what, "player") == 0 || strcmp(what, "computer") == 0)
        *out = unit_rect(t, HAND_X, what[0] == 'p' ? PLAYER_Y : COMP_Y, 5 * card_w(t), CARD_H);
    else
        return false;
    return true;
}

/* A hint's highlight: the Hit or Stand button. */
static int hint_rects(Table *tb, Action a, SDL_FRect out[2])
{
    if (a != TO_HIT && a != TO_STAND)
        return 0;
    out[0] = tb->btn[a == TO_HIT ? BTN_HIT : BTN_STAND];
    return 1;
}

static const TableGame twentyone_table = {
    .id = "twentyone",
    .rules = &twentyone_rules,
    .size = sizeof(T21),
    .felt_centre = {34, 110, 64, 255},
    .felt_edge = {9, 46, 27, 255},
    .resume_notice = N_("The saved 21 round could not be resumed (%s); a new round is dealt."),
    .not_this_game = N_("not a 21 game"),
    .over_message = N_("The round is over: deal the next one."),
    .next_label = N_("Next round"),
    .counter_key = "round",
    .confetti_salt = 0xF00D,
    .banner = {HAND_X, MID_Y, 560, 150, 0.15f, 0.38f, 0.76f, 54, 21},
    .banner_delay = 0.45f,
    .confetti_x = HAND_X,
    .confetti_y = 470,
    .toast_x = HAND_X,
    .toast_y = PLAYER_Y - CARD_H / 2 - 40,
    .reset = reset,
    .layout = layout,
    .sync = sync,
    .on_action = on_action,
    .chance_pause = chance_pause,
    .bot_pause = 0.75f,
    .demo_pause = 0.6f,
    .update = update,
    .result = result,
    .draw = draw,
    .event = event,
    .n_buttons = BTN_COUNT,
    .shown = shown,
    .press = press,
    .busy = busy,
    .settings_changed = settings_changed,
    .locate = locate,
    .hint_rects = hint_rects,
    .quiet = quiet,
};

const Scene twentyone_scene = TABLE_SCENE("twentyone", twentyone_table, .rules_text = rules_text,
                                          .draw_preview = draw_preview);
