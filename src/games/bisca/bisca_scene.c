/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Bisca table: you (south, seat 0) against one bot (north), or with a bot partner
 * (north) against two bots (east and west; play goes round counter-clockwise: south,
 * east, north, west).
 *
 * The table (ui/tablescene.c) runs the games; this file keeps a card for every card in a
 * hand, in the trick and on its way to a won pile, in table units, and moves the ones each
 * applied action concerns: a deal or a draw flies from the stock, a played card flies to
 * the trick, a full trick slides to its winner's pile. A finished game shows its count
 * (the won cards) in place of the banner; in match mode the next game waits under it. */
#include "bisca_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisca.h"
#include "ui/hand.h"
#include "ui/i18n.h"
#include "ui/tablescene.h"
#include "ui/widgets.h"

#define CARD_H 180.0f
#define PILE_SCALE 0.8f
#define PILE_X 1336.0f
#define STOCK_X 262.0f
#define STOCK_Y 150.0f
#define MID_X 800.0f
#define MID_Y 500.0f
#define STATUS_Y 712.0f /* the line whose turn it is */
#define TOAST_Y 650.0f  /* hints and messages: above that line, below the trick */

/* The table size for the next game (TABLE_NEXT is the table's "Next game"). */
enum { BTN_TWO = 1, BTN_FOUR, BTN_COUNT };

/* Where a seat sits on the screen. */
enum { SOUTH, EAST, NORTH, WEST };

typedef struct {
    Table tb;
    TableCard hand[BI_MAX_SEATS][BI_MAX_HAND];
    int shown[BI_MAX_SEATS];
    TableCard trick[BI_MAX_SEATS];
    int n_trick;
    TableCard fly[BI_MAX_SEATS]; /* a trick sliding to a pile */
    int n_fly;
    bool trick_full; /* a complete trick is on show before it slides away */
    TableCard trunfo;
    bool trunfo_up;  /* the trunfo lies under the stock */
    int stock_shown; /* cards drawn in the stock's stack */
    int pile_shown[BI_TEAMS], pts_shown[BI_TEAMS];
    BiscaState last;  /* the view before the latest action; n == 0: nothing placed yet */
    BiscaState count; /* the piles so far: in match mode the state moves on at a game's end */

    /* The player's hand: hover, keyboard focus, a press and a drag (the card follows the
     * pointer, held where it was grabbed). */
    Hand hand_ui;
    float grab_dx, grab_dy;
    float review_t; /* the last trick on show (a click on a pile) */
} TBisca;

/* ---- Places ---- */

static float card_w(const TBisca *t) { return table_card_w(&t->tb.tv, CARD_H); }
/* The trunfo lies upright beside the stock, clear of it: its index reads at a glance. */
static float trunfo_x(const TBisca *t) { return STOCK_X + card_w(t) + 18; }

static int players(const TBisca *t) { return t->tb.m->num_players; }

/* The player's seat (south) and team: seat 0 at an offline table, any seat at a networked
 * one. */
static int me(const TBisca *t) { return table_player(&t->tb); }
static int us(const TBisca *t) { return bisca_team(me(t)); }

/* The player sits south; with 2 players the other seat sits north, with 4 each seat has its
 * side, counted to the player's left (east) from south. */
static int side_of(const TBisca *t, int seat)
{
    int rel = (seat - me(t) + players(t)) % players(t);
    return players(t) == 2 ? rel * 2 : rel;
}

static float pile_y(const TBisca *t, int team) { return team == us(t) ? 866 : 134; }

/* The place of card i of n in a seat's hand: a row south and north, a column east and
 * west. */
static void slot_pos(const TBisca *t, int seat, int i, int n, float *x, float *y, float *rot)
{
    static const float ax[4] = {MID_X, 1492, MID_X, 108}, ay[4] = {840, MID_Y, 150, MID_Y};
    int side = side_of(t, seat);
    HandLayout l = {.x = ax[side], .y = ay[side], .card_w = card_w(t), .vertical = side & 1};
    l.max_span = side == SOUTH ? 880 : l.vertical ? 460 : 600;
    l.step = l.card_w * (side == SOUTH ? 1.08f : 0.62f);
    l.rot = l.vertical ? 90 : 0;
    hand_slot(&l, i, n, x, y, rot);
}

/* Where a seat's card lies in the trick (pos = its place in the play order). */
static void trick_pos(const TBisca *t, int seat, int pos, float *x, float *y, float *rot)
{
    static const float dx[4] = {0, 112, 0, -112}, dy[4] = {80, 0, -80, 0}, r[4] = {-3, 86, 4, 94};
    int s = side_of(t, seat);
    bool two = players(t) == 2;
    *x = two ? MID_X - 40 + 80 * pos : MID_X + dx[s];
    *y = two ? MID_Y - 10 + 20 * pos : MID_Y + dy[s];
    *rot = two ? (pos ? 7 : -5) : r[s];
}

/* A seat's name plate: under its hand. East and west sit just under the column their
 * dealt hand fills, so the plate stays put as the hand shrinks and grows. */
static void plate_pos(const TBisca *t, int seat, float *x, float *y)
{
    int side = side_of(t, seat), n = ((const BiscaState *)t->tb.m->state)->hand_size;
    float rot;
    *x = MID_X;
    *y = side == SOUTH ? 966 : 268;
    if (side & 1) {
        slot_pos(t, seat, n - 1, n, x, y, &rot);
        *y += card_w(t) / 2 + 34;
    }
}

/* ---- What the player sees ---- */

static void view(const TBisca *t, BiscaState *v)
{
    if (t->tb.app->set.show_opponents)
        *v = *(const BiscaState *)t->tb.m->state;
    else
        match_view(t->tb.m, me(t), v);
}

static const char *seat_name(const Table *tb, int seat)
{
    static const char *const names[4] = {N_("You"), N_("East"), N_("Partner"), N_("West")};
    int n = tb->m->num_players, rel = (seat - table_player(tb) + n) % n;
    return rel == 0 || n == 4 ? _(names[rel]) : _("Computer");
}

static Rgba team_colour(int k) { return k ? rgba(226, 120, 96, 255) : rgba(96, 180, 230, 255); }

/* The count of a finished game is on the table (after the table's banner delay). */
static bool counting(const Table *tb) { return (tb->over || tb->hold) && tb->banner > 0; }

/* The table size chosen for the next game. */
static int players_next(const Table *tb)
{
    return kv_get_int(&tb->app->kv, "bisca.players", 2, 2, 4) == 4 ? 4 : 2;
}

/* ---- Keeping the cards in step with the match ---- */

static TableCard card_at(float x, float y, float rot, Card face, float flip)
{
    return (TableCard){.x = x, .y = y, .rot = rot, .flip = flip, .alpha = 1, .scale = 1,
                       .face = face};
}

static void regroup_hand(TBisca *t, int seat, float dur)
{
    for (int i = 0; i < t->shown[seat]; i++) {
        float x, y, r;
        slot_pos(t, seat, i, t->shown[seat], &x, &y, &r);
        table_card_fly(&t->tb, &t->hand[seat][i], x, y, dur, 0);
        anim_to(&t->tb.anim, &t->hand[seat][i].rot, r, dur, 0, EASE_OUT_CUBIC);
    }
}

/* Everything where it belongs at once (a new game, a resume, the next game of a match). */
static void place_instantly(TBisca *t)
{
    anim_clear(&t->tb.anim);
    BiscaState v;
    view(t, &v);
    float x, y, r;
    for (int p = 0; p < BI_MAX_SEATS; p++) {
        t->shown[p] = p < v.n ? v.n_hand[p] : 0;
        for (int i = 0; i < t->shown[p]; i++) {
            slot_pos(t, p, i, v.n_hand[p], &x, &y, &r);
            t->hand[p][i] = card_at(x, y, r, v.hand[p][i], v.hand[p][i] == CARD_HIDDEN ? 0 : 1);
        }
    }
    t->n_trick = v.n_trick;
    for (int i = 0; i < v.n_trick; i++) {
        trick_pos(t, (v.leader + i) % v.n, i, &x, &y, &r);
        t->trick[i] = card_at(x, y, r, v.trick[i], 1);
    }
    t->n_fly = 0;
    t->trick_full = false;
    t->trunfo_up = v.trunfo != CARD_NONE && v.stock > 0;
    t->trunfo = card_at(trunfo_x(t), STOCK_Y, 0, v.trunfo, 1);
    t->stock_shown = v.stock - (t->trunfo_up ? 1 : 0);
    for (int k = 0; k < BI_TEAMS; k++) {
        t->pile_shown[k] = v.n_pile[k];
        t->pts_shown[k] = v.points[k];
    }
    t->last = v;
    t->count = *(const BiscaState *)t->tb.m->state;
}

/* A card arrives in a seat's hand from the stock (or, for the trunfo, from under it). */
static void card_arrives(TBisca *t, const BiscaState *v, int seat, bool is_trunfo)
{
    int i = t->shown[seat];
    if (i >= BI_MAX_HAND)
        return;
    TableCard *s = &t->hand[seat][i];
    anim_forget(&t->tb.anim, s, s + 1);
    *s = is_trunfo ? t->trunfo : card_at(STOCK_X - 4, STOCK_Y - 4, 0, CARD_HIDDEN, 0);
    if (is_trunfo)
        t->trunfo_up = false;
    else if (t->stock_shown > 0)
        t->stock_shown--;
    s->face = v->hand[seat][v->n_hand[seat] - 1];
    t->shown[seat] = i + 1;
    regroup_hand(t, seat, 0.4f);
    bool up = s->face != CARD_HIDDEN;
    anim_to(&t->tb.anim, &s->flip, up ? 1 : 0, 0.22f, up ? 0.18f : 0.1f, EASE_IN_OUT_CUBIC);
    app_sound(t->tb.app, SND_DEAL);
}

static void slide_done(void *user, int team)
{
    TBisca *t = user;
    t->pile_shown[team] += t->n_fly;
    t->n_fly = 0;
    t->pts_shown[0] = t->count.points[0];
    t->pts_shown[1] = t->count.points[1];
}

/* The last trick slides to the pile of the team that won it. */
static void slide_trick(void *user, int team)
{
    TBisca *t = user;
    Anim *an = &t->tb.anim;
    t->trick_full = false;
    t->n_fly = t->n_trick;
    memcpy(t->fly, t->trick, sizeof t->fly);
    t->n_trick = 0;
    for (int i = 0; i < t->n_fly; i++) {
        TableCard *s = &t->fly[i];
        float d = 0.03f * i;
        anim_to(an, &s->x, PILE_X, 0.42f, d, EASE_IN_OUT_CUBIC);
        anim_to(an, &s->y, pile_y(t, team), 0.42f, d, EASE_IN_OUT_CUBIC);
        anim_to(an, &s->rot, 0, 0.42f, d, EASE_IN_OUT_CUBIC);
        anim_to(an, &s->scale, PILE_SCALE, 0.42f, d, EASE_IN_OUT_CUBIC);
        anim_to(an, &s->flip, 0, 0.3f, d + 0.1f, EASE_IN_OUT_CUBIC);
    }
    app_sound(t->tb.app, SND_SLIDE);
    anim_call(an, 0.5f, slide_done, t, team);
}

/* ---- Games ---- */

static int seats(Table *tb, SeatSpec *out)
{
    int n = players_next(tb);
    for (int p = 0; p < n; p++)
        out[p] = (SeatSpec){p != 0, tb->app->set.difficulty};
    return n;
}

/* The table's sync: at once from the view (a past position under review); the animated
 * steps are on_action's. */
static void sync_hook(Table *tb, bool instantly)
{
    if (instantly)
        place_instantly((TBisca *)tb);
}

static void reset(Table *tb)
{
    TBisca *t = (TBisca *)tb;
    t->review_t = 0;
    hand_reset(&t->hand_ui);
    t->hand_ui.focus = 0;
    place_instantly(t);
}

/* The next game of a match: the cards go back to the stock, then the deal. The moves under
 * way are dropped, not finished: finishing them would bring back the count's fade, which
 * the table has just put away. */
static void next_game(Table *tb)
{
    place_instantly((TBisca *)tb);
    app_sound(tb->app, SND_SHUFFLE);
    tb->deal_wait = 0.4f * app_speed_factor(tb->app);
}

/* The game in the count, or the match once it is over. */
static int result(Table *tb, char *title, size_t tsize, char *reason, size_t rsize)
{
    const TBisca *t = (const TBisca *)tb;
    const BiscaState *c = &t->count, *s = tb->m->state;
    int u = us(t), ours = c->points[u], them = c->points[1 - u];
    int res = ours > 60 ? 1 : them > 60 ? -1 : 0;
    bool four = players(t) == 4;
    if (match_is_over(tb->m) && c->match) {
        snprintf(title, tsize, "%s",
                 s->winner == u ? _("You win the match!") : _("You lose the match"));
        snprintf(reason, rsize, _("Marks %d to %d. Last game: %d to %d."), s->marks[u],
                 s->marks[1 - u], ours, them);
        return s->winner == u ? 1 : -1;
    }
    if (res > 0)
        snprintf(title, tsize, "%s",
                 ours == 120 ? _("Bandeira: all 120 points!")
                           : (four ? _("Your team wins!") : _("You win!")));
    else
        snprintf(title, tsize, "%s",
                 res < 0 ? (four ? _("Your team loses") : _("You lose")) : _("Draw: 60 to 60"));
    int m = bisca_marks_for(res > 0 ? ours : them);
    if (c->match)
        snprintf(reason, rsize,
                 P_("%d to %d points: %d mark. Marks %d to %d.",
                    "%d to %d points: %d marks. Marks %d to %d.", m),
                 ours, them, m, s->marks[u], s->marks[1 - u]);
    else
        snprintf(reason, rsize, _("%d to %d points."), ours, them);
    return res;
}

/* ---- Actions ---- */

/* A card was played: it flies from the hand to the trick. */
static void card_played(TBisca *t, int player, Card c)
{
    Anim *an = &t->tb.anim;
    /* Which card leaves the hand: the card itself when it was face up, else one from the
     * middle of the hidden hand. */
    int n = t->shown[player], idx = -1;
    for (int i = 0; i < n; i++)
        if (t->hand[player][i].face == c ||
            (i < t->last.n_hand[player] && t->last.hand[player][i] == c))
            idx = i;
    if (idx < 0)
        idx = (n - 1) / 2;
    if (n == 0 || t->n_trick >= BI_MAX_SEATS)
        return;
    TableCard *d = &t->trick[t->n_trick];
    anim_forget(an, d, d + 1);
    *d = t->hand[player][idx];
    anim_forget(an, &t->hand[player][0], &t->hand[player][BI_MAX_HAND]);
    memmove(&t->hand[player][idx], &t->hand[player][idx + 1],
            sizeof(TableCard) * (size_t)(n - 1 - idx));
    t->shown[player] = n - 1;
    regroup_hand(t, player, 0.3f);
    d->face = c;
    d->lift = 0;
    float x, y, r;
    trick_pos(t, player, t->n_trick++, &x, &y, &r);
    table_card_fly(&t->tb, d, x, y, 0.34f, 0);
    anim_to(an, &d->rot, r, 0.34f, 0, EASE_OUT_CUBIC);
    if (d->flip < 1)
        anim_to(an, &d->flip, 1, 0.26f, 0.04f, EASE_IN_OUT_CUBIC);
    app_sound(t->tb.app, SND_FLIP);
}

/* The trick is full: shown for a moment, then it slides to its winner. */
static void trick_done(TBisca *t, Card c)
{
    Table *tb = &t->tb;
    const BiscaState *real = tb->m->state;
    int team = bisca_team(real->last_winner), n = t->last.n_trick, pts = 0;
    /* The count so far, kept for the pile labels and for the end of a game (in match mode
     * the state has already moved on to the next game). */
    BiscaState *k = &t->count;
    *k = t->last;
    k->trick[n] = c;
    for (int i = 0; i <= n; i++) {
        k->pile[team][k->n_pile[team]++] = k->trick[i];
        pts += bisca_card_points(k->trick[i], k->portuguese);
    }
    k->points[team] = (uint8_t)(k->points[team] + pts);
    t->trick_full = true;
    anim_call(&tb->anim, 0.85f, slide_trick, t, team);
    tb->deal_wait = 1.4f * app_speed_factor(tb->app);
    if (real->phase == BI_PHASE_OVER || real->game != k->game)
        table_game_over(tb, true); /* the count shows after the slide (banner_delay) */
}

static void on_action(Table *tb, int player, Action a)
{
    TBisca *t = (TBisca *)tb;
    BiscaState v;
    view(t, &v);
    if (a >= BI_ACT_TRUNFO && a < BI_ACT_TRUNFO + 52) {
        /* The trunfo is turned and laid face up beside the stock. */
        t->trunfo = card_at(STOCK_X - 4, STOCK_Y - 4, 0, v.trunfo, 0);
        table_card_fly(tb, &t->trunfo, trunfo_x(t), STOCK_Y, 0.35f, 0);
        anim_to(&tb->anim, &t->trunfo.flip, 1, 0.3f, 0.1f, EASE_IN_OUT_CUBIC);
        anim_call(&tb->anim, 0.1f, table_sound_cb, tb, SND_FLIP);
        t->trunfo_up = true;
        if (t->stock_shown > 0)
            t->stock_shown--;
    } else if ((a >= BI_ACT_DEAL && a < BI_ACT_DEAL + 52) ||
               (a >= BI_ACT_DRAW && a < BI_ACT_DRAW + 52) ||
               (player == PLAYER_CHANCE && a == ACTION_HIDDEN)) { /* a card this seat cannot see */
        /* A dealt or drawn card: the seat whose hand grew gets it. */
        for (int p = 0; p < v.n; p++)
            if (v.n_hand[p] > t->shown[p]) {
                bool trunfo = a >= BI_ACT_DRAW && a % 100 == card_index(v.trunfo) && t->trunfo_up;
                card_arrives(t, &v, p, trunfo);
                break;
            }
    } else if (player >= 0 && player < v.n && a >= BI_ACT_PLAY && a < BI_ACT_PLAY + 52) {
        Card c = card_from_index(a - BI_ACT_PLAY);
        card_played(t, player, c);
        hand_clamp_focus(&t->hand_ui);
        if (t->last.n_trick == t->last.n - 1)
            trick_done(t, c);
    }
    t->last = v;
    /* The cards must match the view; if they ever do not, start again from the view. */
    for (int p = 0; p < v.n; p++)
        if (t->shown[p] != v.n_hand[p]) {
            place_instantly(t);
            break;
        }
}

static float chance_pause(Table *tb, bool *more)
{
    (void)more;
    const BiscaState *s = tb->m->state;
    return s->phase == BI_PHASE_DEAL || s->phase == BI_PHASE_LEADER ? 0.12f : 0.22f;
}

/* ---- Input ---- */

static int hand_places(void *user) { return ((const TBisca *)user)->shown[me((const TBisca *)user)]; }

static bool hand_rect(void *user, int i, SDL_FRect *out)
{
    const TBisca *t = user;
    const TableCard *s = &t->hand[me(t)][i];
    *out = unit_rect(t, s->x, s->y - s->lift * 18, card_w(t), CARD_H);
    return true;
}

static const HandGeometry hand_geometry = {hand_places, hand_rect};

static void enter(Table *tb)
{
    TBisca *t = (TBisca *)tb;
    hand_init(&t->hand_ui, tb->app, &tb->anim, &hand_geometry, t);
    hand_bind_lift(&t->hand_ui, &t->hand[me(t)][0].lift, sizeof(TableCard));
    t->hand_ui.arrows = true;
    t->hand_ui.digits = 9;
    pacer_init(&tb->pace, DIFF_MEDIUM); /* the demonstration plays at Medium */
}

static void layout(Table *tb)
{
    TBisca *t = (TBisca *)tb;
    tb->btn[TABLE_NEXT] = unit_rect(t, MID_X, 770, 300, 64);
    tb->btn[BTN_TWO] = unit_rect(t, 118, 952, 150, 52);
    tb->btn[BTN_FOUR] = unit_rect(t, 278, 952, 150, 52);
    if (t->last.n == 0)
        place_instantly(t); /* the first layout after a resume */
}

static bool pile_at(const TBisca *t, float px, float py)
{
    float w = card_w(t) * PILE_SCALE + 20, h = CARD_H * PILE_SCALE + 20;
    return rect_has(unit_rect(t, PILE_X, pile_y(t, 0), w, h), px, py) ||
           rect_has(unit_rect(t, PILE_X, pile_y(t, 1), w, h), px, py);
}

static void play_index(TBisca *t, int i)
{
    Card c = i >= 0 && i < t->shown[me(t)] ? t->hand[me(t)][i].face : CARD_NONE;
    if (c == CARD_HIDDEN || c == CARD_NONE)
        return;
    if (t->trick_full)
        anim_finish(&t->tb.anim); /* the player is quicker than the trick on show */
    table_submit(&t->tb, BI_ACT_PLAY + card_index(c));
}

static bool shown(const Table *tb, int b)
{
    (void)b;
    return !counting(tb) && table_deals(tb);
}

static void press(Table *tb, int b)
{
    int n = b == BTN_FOUR ? 4 : 2;
    tb->focus = -1; /* the table-size buttons take no keyboard focus */
    app_sound(tb->app, SND_CLICK);
    if (players_next(tb) == n)
        return;
    kv_set_int(&tb->app->kv, "bisca.players", n);
    app_save_settings(tb->app);
    /* Before you have played a card (the computer may have led) the table changes at
     * once; otherwise from the next game. */
    if (!table_under_way(tb) || match_is_over(tb->m)) {
        anim_finish(&tb->anim);
        table_deal(tb);
    } else {
        table_say(tb, n == 4 ? _("Four players in teams from the next game.")
                             : _("Two players from the next game."));
    }
}

static void toggle_review(TBisca *t) { t->review_t = t->review_t > 0 ? 0 : 3.0f; }

static bool mouse_down(TBisca *t, const SDL_MouseButtonEvent *b)
{
    float x = (float)b->x, y = (float)b->y;
    if (pile_at(t, x, y)) {
        if (((const BiscaState *)t->tb.m->state)->last_winner >= 0)
            toggle_review(t);
        return true;
    }
    bool play;
    int i = hand_press(&t->hand_ui, b, &play);
    if (i < 0 && t->review_t <= 0)
        return false;
    if (i < 0) {
        t->review_t = 0; /* a click beside it puts the last trick away */
    } else if (play) {
        play_index(t, i);
    } else {
        t->grab_dx = UX(t, x) - t->hand[me(t)][i].x;
        t->grab_dy = UY(t, y) - t->hand[me(t)][i].y;
    }
    return true;
}

/* A drag ends: on the table it plays the card; refused or not, the hand closes up. */
static bool mouse_up(TBisca *t, const SDL_MouseButtonEvent *b)
{
    bool dragging = t->hand_ui.dragging;
    int i = hand_release(&t->hand_ui);
    if (!dragging)
        return false;
    if (i >= 0 && i < t->shown[me(t)] && UY(t, (float)b->y) < 700)
        play_index(t, i);
    regroup_hand(t, 0, 0.25f);
    if (i >= 0 && i < t->shown[me(t)])
        anim_to(&t->tb.anim, &t->hand[me(t)][i].lift, 0, 0.2f, 0, EASE_OUT_QUAD);
    return true;
}

static bool event(Table *tb, const SDL_Event *e)
{
    TBisca *t = (TBisca *)tb;
    Hand *h = &t->hand_ui;
    bool can = table_player_can_act(tb);
    if (e->type == SDL_MOUSEMOTION) {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        if (hand_motion(h, x, y, can) && h->press < t->shown[me(t)]) {
            TableCard *s = &t->hand[me(t)][h->press];
            anim_forget(&tb->anim, s, s + 1);
            s->x = UX(t, x) - t->grab_dx;
            s->y = UY(t, y) - t->grab_dy;
            s->rot = fmaxf(-10, fminf(10, (float)e->motion.xrel * 0.8f));
            s->lift = 1;
        } else if (!counting(tb)) {
            hand_hover_at(h, x, y, can);
        }
        return true;
    }
    if (e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        if (e->type == SDL_MOUSEBUTTONUP)
            return mouse_up(t, &e->button);
        if (counting(tb))
            return true;
        return mouse_down(t, &e->button);
    }
    if (e->type != SDL_KEYDOWN || counting(tb))
        return false; /* after a game, the table's Enter, Space or N deal the next */
    SDL_Keycode k = e->key.keysym.sym;
    int i = hand_key(h, k, can);
    if (i >= 0)
        play_index(t, i);
    else if (i == HAND_KEY_NONE && k == SDLK_l)
        toggle_review(t);
    return i != HAND_KEY_NONE || k == SDLK_l;
}

static void update(Table *tb, float dt)
{
    TBisca *t = (TBisca *)tb;
    if (t->review_t > 0)
        t->review_t -= dt;
}

static bool busy(const Table *tb) { return ((const TBisca *)tb)->review_t > 0; }

/* Another position on the table (the review): the last trick on show was the one before
 * the position that was there. */
static void quiet(Table *tb) { ((TBisca *)tb)->review_t = 0; }

/* "Show opponents' cards" may have changed: faces follow the view. */
static void settings_changed(Table *tb)
{
    TBisca *t = (TBisca *)tb;
    BiscaState v;
    view(t, &v);
    for (int p = 0; p < v.n; p++)
        for (int i = 0; i < t->shown[p] && i < v.n_hand[p]; i++) {
            TableCard *s = &t->hand[p][i];
            if (s->face != v.hand[p][i]) {
                s->face = v.hand[p][i];
                anim_to(&tb->anim, &s->flip, s->face == CARD_HIDDEN ? 0 : 1, 0.3f, 0,
                        EASE_IN_OUT_CUBIC);
            }
        }
    t->last = v;
}

/* ---- Drawing ---- */

static void draw_card(TBisca *t, const TableCard *c, float extra_lift)
{
    table_card_draw(&t->tb, c, CARD_H, extra_lift, 18);
}

/* "Trumps: ♥" and where it shows (pixels), under the trunfo's place. */
static void trumps_label(TBisca *t, const BiscaState *v, char *out, size_t size, SDL_FRect *r)
{
    snprintf(out, size, _("Trumps: %s"), card_suit_symbol(card_suit(v->trunfo)));
    int w = 0, h = 0;
    text_measure(t->tb.app->text, out, (int)lroundf(19 * t->tb.tv.s), true, &w, &h);
    float cx = PX(t, trunfo_x(t)), cy = PY(t, STOCK_Y + CARD_H / 2 + 24);
    *r = (SDL_FRect){cx - w / 2.0f, cy - h / 2.0f, (float)w, (float)h};
}

static void draw_stock(TBisca *t, const BiscaState *v)
{
    App *a = t->tb.app;
    SDL_FRect slot = unit_rect(t, STOCK_X, STOCK_Y, card_w(t), CARD_H);
    if (t->trunfo_up)
        draw_card(t, &t->trunfo, 0);
    if (t->stock_shown > 0 || !t->trunfo_up)
        cardart_draw_slot(a->art, a->ren, &slot);
    int layers = t->stock_shown > 0 ? 1 + (t->stock_shown - 1) / 6 : 0;
    for (int i = 0; i < layers && i < 6; i++) {
        TableCard s = card_at(STOCK_X - i * 1.5f, STOCK_Y - i * 1.5f, 0, CARD_HIDDEN, 0);
        draw_card(t, &s, 0);
    }
    /* The count under the stock, the trump suit under the trunfo (from the deal on, and
     * still once the trunfo has been drawn). */
    char b[64];
    int left = t->stock_shown + (t->trunfo_up ? 1 : 0);
    if (!v->trunfo)
        return;
    int fs = (int)lroundf(19 * t->tb.tv.s);
    if (left > 0) {
        snprintf(b, sizeof b, P_("%d card", "%d cards", left), left);
        text_draw(a->text, b, fs, true, COL_TEXT, PX(t, STOCK_X), PY(t, STOCK_Y + CARD_H / 2 + 24),
                  TEXT_CENTER | TEXT_MIDDLE);
    }
    SDL_FRect r;
    trumps_label(t, v, b, sizeof b, &r);
    text_draw(a->text, b, fs, true, COL_TEXT, r.x + r.w / 2, r.y + r.h / 2,
              TEXT_CENTER | TEXT_MIDDLE);
}

static void draw_piles(TBisca *t)
{
    App *a = t->tb.app;
    for (int k = 0; k < BI_TEAMS; k++) {
        float y = pile_y(t, k);
        SDL_FRect slot = unit_rect(t, PILE_X, y, card_w(t) * PILE_SCALE, CARD_H * PILE_SCALE);
        if (t->pile_shown[k] == 0)
            cardart_draw_slot(a->art, a->ren, &slot);
        int layers = t->pile_shown[k] > 0 ? 1 + (t->pile_shown[k] - 1) / 5 : 0;
        for (int i = 0; i < layers && i < 8; i++) {
            float x = PILE_X - i * 1.2f, rot = (i % 2) ? 2.5f : -2.0f;
            TableCard s = card_at(x, y - i * 1.2f, rot, CARD_HIDDEN, 0);
            s.scale = PILE_SCALE;
            draw_card(t, &s, 0);
        }
        char pts[32];
        snprintf(pts, sizeof pts, "%d", t->pts_shown[k]);
        Rgba dot = team_colour(k);
        float ly = y + (k == 0 ? -1 : 1) * (CARD_H * PILE_SCALE / 2 + 26);
        table_plate_draw(&t->tb, PILE_X, ly, NULL, pts, &dot, false, 22);
    }
}

static void draw_review(TBisca *t)
{
    App *a = t->tb.app;
    const BiscaState *s = t->tb.m->state;
    if (s->last_winner < 0)
        return;
    float al = fminf(1, t->review_t * 3), sc = t->tb.tv.s;
    int n = s->n;
    float cw = card_w(t) * 0.8f, gap = 24;
    SDL_FRect p = unit_rect(t, MID_X, MID_Y, n * (cw + gap) + 60, CARD_H * 0.8f + 130);
    draw_shadow(a->ren, p, 20 * sc, 22 * sc, rgba(0, 0, 0, (Uint8)(110 * al)));
    draw_rounded(a->ren, p, 20 * sc, rgba(12, 26, 18, (Uint8)(238 * al)));
    text_draw(a->text, _("Last trick"), (int)lroundf(22 * sc), true, rgba_alpha(COL_GOLD, al),
              PX(t, MID_X), p.y + 28 * sc, TEXT_CENTER | TEXT_MIDDLE);
    for (int i = 0; i < n; i++) {
        int seat = (s->last_leader + i) % n;
        float x = MID_X - (n - 1) * (cw + gap) / 2 + i * (cw + gap);
        TableCard c = card_at(x, MID_Y + 4, 0, s->last_trick[i], 1);
        c.scale = 0.8f;
        c.alpha = al;
        draw_card(t, &c, 0);
        bool won = seat == s->last_winner;
        text_draw(a->text, table_seat_name(&t->tb, seat), (int)lroundf(17 * sc), won,
                  rgba_alpha(won ? COL_GOLD : COL_TEXT, al), PX(t, x),
                  PY(t, MID_Y + CARD_H * 0.4f + 30), TEXT_CENTER | TEXT_MIDDLE);
    }
}

static int cmp_pile(const void *x, const void *y)
{
    Card a = *(const Card *)x, b = *(const Card *)y;
    int pa = bisca_card_points(a, false) * 16 + card_rank(a) % 16;
    int pb = bisca_card_points(b, false) * 16 + card_rank(b) % 16;
    return pa != pb ? pb - pa : (int)a - (int)b;
}

/* The count, in place of the table's banner (and grown in with it): each side's won
 * cards, the points first, and the result. */
static void draw_count(TBisca *t)
{
    Table *tb = &t->tb;
    App *a = tb->app;
    SDL_Renderer *r = a->ren;
    float k = tb->banner, al = fminf(1, k), sc = tb->tv.s;
    SDL_FRect p = unit_rect(t, MID_X, 470, 1240 * (0.9f + 0.1f * k), 700 * (0.9f + 0.1f * k));
    Rgba accent = tb->result > 0 ? COL_GOLD : tb->result < 0 ? COL_RED : COL_TEXT;
    draw_shadow(r, p, 24 * sc, 26 * sc, rgba(0, 0, 0, (Uint8)(120 * al)));
    draw_rounded(r, p, 24 * sc, rgba(12, 26, 18, (Uint8)(240 * al)));
    draw_rounded_outline(r, p, 24 * sc, fmaxf(2, 3 * sc), rgba_alpha(accent, al));
    text_draw(a->text, tb->title, (int)lroundf(48 * sc), true, rgba_alpha(accent, al),
              PX(t, MID_X), PY(t, 180), TEXT_CENTER | TEXT_MIDDLE);
    text_draw_fit(a->text, tb->reason, (int)lroundf(22 * sc), false, rgba_alpha(COL_TEXT, al),
                  PX(t, MID_X), PY(t, 232), TEXT_CENTER | TEXT_MIDDLE, 1100 * sc);
    const BiscaState *c = &t->count;
    for (int team = 0; team < BI_TEAMS; team++) {
        bool ours = team == us(t);
        float y = ours ? 375 : 570;
        char b[96];
        const char *name = players(t) == 2 ? table_seat_name(tb, team)
                           : ours          ? _("Your team")
                                           : _("Their team");
        snprintf(b, sizeof b, "%s  %d", name, c->points[team]);
        draw_circle(r, PX(t, 218), PY(t, y - 92), 8 * sc, team_colour(team));
        text_draw(a->text, b, (int)lroundf(22 * sc), true, rgba_alpha(COL_TEXT, al), PX(t, 234),
                  PY(t, y - 92), TEXT_LEFT | TEXT_MIDDLE);
        Card cards[BI_DECK];
        int n = c->n_pile[team];
        memcpy(cards, c->pile[team], (size_t)n);
        qsort(cards, (size_t)n, 1, cmp_pile);
        float cw = card_w(t) * 0.62f, step = n > 1 ? fminf(cw * 0.62f, (1140 - cw) / (n - 1)) : 0;
        for (int i = 0; i < n; i++) {
            TableCard s = card_at(230 + cw / 2 + i * step, y, 0, cards[i], 1);
            s.scale = 0.62f;
            s.alpha = al;
            draw_card(t, &s, 0);
        }
    }
    /* The table's "next" button, named for what follows: the match's next game or a new
     * one. */
    if (k > 0.5f)
        table_button(tb, TABLE_NEXT, match_is_over(tb->m) ? _("New game") : _("Next game"),
                     BTN_PRIMARY | BTN_FOCUS);
}

static void draw_hud(TBisca *t, const BiscaState *v)
{
    Table *tb = &t->tb;
    char right[200];
    const char *level = table_level_name(table_level(tb));
    if (v->match)
        snprintf(right, sizeof right, _("Marks %d to %d  \xC2\xB7  game %d  \xC2\xB7  %s"),
                 v->marks[us(t)], v->marks[1 - us(t)], v->game + 1, level);
    else
        snprintf(right, sizeof right, _("Game %d  \xC2\xB7  %s"), tb->games, level);
    table_top_bar(tb->app, _("Bisca"), right);
    if (!table_deals(tb))
        return; /* the table's size is the networked table's */
    table_button(tb, BTN_TWO, _("2 players"), players_next(tb) == 2 ? BTN_PRIMARY : BTN_GHOST);
    table_button(tb, BTN_FOUR, _("4 players"), players_next(tb) == 4 ? BTN_PRIMARY : BTN_GHOST);
}

static void draw(Table *tb, SDL_Renderer *r)
{
    TBisca *t = (TBisca *)tb;
    App *a = tb->app;
    (void)r;
    BiscaState v;
    view(t, &v);
    int cur = match_current_player(tb->m), n = players(t), fs = (int)lroundf(20 * tb->tv.s);
    draw_stock(t, &v);
    draw_piles(t);
    /* Names around the table; the seat to play is lit. */
    for (int p = 0; p < n; p++) {
        float x, y;
        Rgba dot = team_colour(bisca_team(p));
        plate_pos(t, p, &x, &y);
        table_seat_plate(tb, p, x, y, NULL, &dot, 22);
    }
    for (int p = n - 1; p >= 0; p--)
        for (int i = 0; i < t->shown[p]; i++)
            if (p != me(t) || !t->hand_ui.dragging || i != t->hand_ui.press)
                draw_card(t, &t->hand[p][i], 0);
    for (int i = 0; i < t->n_trick; i++)
        draw_card(t, &t->trick[i], 0);
    for (int i = 0; i < t->n_fly; i++)
        draw_card(t, &t->fly[i], 0);
    /* Whose turn it is. */
    if (!counting(tb) && table_seat_thinking(tb, cur)) {
        char b[128];
        if (!table_open_seat_text(tb, cur, b, sizeof b))
            snprintf(b, sizeof b, _("%s is thinking"), table_seat_name(tb, cur));
        table_dots(b, sizeof b, tb->time);
        text_draw(a->text, b, fs, false, COL_TEXT, PX(t, MID_X - 120), PY(t, STATUS_Y),
                  TEXT_LEFT | TEXT_MIDDLE);
    } else if (!counting(tb) && cur == me(t) && !pacer_demo(&tb->pace)) {
        text_draw(a->text, _("Your turn: double-click or drag a card to play it"), fs, false,
                  rgba_alpha(COL_TEXT, 0.9f), PX(t, MID_X), PY(t, STATUS_Y), TEXT_CENTER | TEXT_MIDDLE);
    }
    draw_hud(t, &v);
    if (t->hand_ui.dragging && t->hand_ui.press < t->shown[me(t)])
        draw_card(t, &t->hand[me(t)][t->hand_ui.press], 0.4f);
    if (t->review_t > 0 && !counting(tb))
        draw_review(t);
    if (counting(tb) && tb->banner > 0.01f)
        draw_count(t);
}

static const char *rules_text(void)
{
    return _("# The aim\n"
             "Take tricks holding points. The 40 cards hold 120 points: Ace 11, 7 10, King 4, "
             "Queen 3, Jack 2, the rest nothing. More than 60 points wins; 60 to 60 is a "
             "draw.\n\n"
             "# Players\n"
             "Two players, or four in two teams: you and your partner (north) against east and "
             "west. Partners add up their points. Play goes round counter-clockwise.\n\n"
             "# The deal\n"
             "Everyone gets three cards. The next card, the trunfo, is laid face up under the "
             "stock: its suit is trumps for the whole game, and it is the last card drawn.\n\n"
             "# Playing a trick\n"
             "The leader plays any card, then each player in turn. You need not follow suit. "
             "The highest trump wins the trick; without trumps, the highest card of the suit "
             "led wins. Within a suit the order is A, 7, K, Q, J, 6, 5, 4, 3, 2.\n\n"
             "# Drawing\n"
             "The winner takes the cards, then everyone draws one card from the stock, the "
             "winner first, and the winner leads the next trick. Once the stock is gone, the "
             "hands are played out.\n\n"
             "# Options\n"
             "Portuguese scoring: the Jack is worth 3 and beats the Queen, worth 2. Follow suit "
             "at the end: once the stock is gone you must follow suit, and beat the led card if "
             "you can. Hand size: 3, 7 or 9 cards. Match: play to 4 marks; a win scores 1 mark, "
             "91 points or more 2 (capote), all 120 points 4 (bandeira).\n\n"
             "# At the table\n"
             "Double-click a card or drag it to the middle to play it; the number keys play the "
             "card at that place, the arrows and Enter work too. Click a won pile (or press L) "
             "to see the last trick. Choose 2 or 4 players at the bottom left: it applies from "
             "the next game. Every move is saved, so you can close the window at any time.");
}

static void draw_preview(App *a, SDL_FRect area)
{
    float h = area.h * 0.74f, w = h * (float)cardart_aspect(a->art);
    float cx = area.x + area.w / 2, cy = area.y + area.h / 2 + h * 0.04f;
    Card cards[3] = {card_make(7, SUIT_HEARTS), card_make(RANK_ACE, SUIT_SPADES), CARD_HIDDEN};
    float ang[3] = {-12, 0, 84}, dx[3] = {-0.5f, 0.1f, 0.62f}, dy[3] = {0.02f, -0.04f, 0.08f};
    for (int i = 0; i < 3; i++) {
        SDL_FRect d = {cx + dx[i] * w - w / 2, cy - h / 2 + dy[i] * h, w, h};
        SDL_FRect s = d;
        s.x += 3;
        s.y += 5;
        cardart_draw_shadow(a->art, a->ren, &s, ang[i], 255);
        cardart_draw(a->art, a->ren, cards[i], &d, ang[i], 255);
    }
}

/* Where the test finds a seat's hand (its cards' box) and its name plate. */
static SDL_FRect hand_box(const TBisca *t, int seat)
{
    bool vertical = side_of(t, seat) & 1;
    float w = vertical ? CARD_H : card_w(t), h = vertical ? card_w(t) : CARD_H;
    const TableCard *a = &t->hand[seat][0], *b = &t->hand[seat][t->shown[seat] - 1];
    return unit_rect(t, (a->x + b->x) / 2, (a->y + b->y) / 2, fabsf(b->x - a->x) + w,
                     fabsf(b->y - a->y) + h);
}

static SDL_FRect plate_box(const TBisca *t, int seat)
{
    float x, y, s = t->tb.tv.s;
    int w = 0, h = 0;
    plate_pos(t, seat, &x, &y);
    text_measure(t->tb.app->text, table_seat_name(&t->tb, seat), (int)lroundf(22 * s), true, &w,
                 &h);
    return unit_rect(t, x, y, w / s + 56, 42); /* as table_plate_draw sizes it with a dot */
}

static bool locate(Table *tb, const char *what, SDL_FRect *out)
{
    TBisca *t = (TBisca *)tb;
    int i = (int)strspn(what, "abcdefghijklmnopqrstuvwxyz"), k = what[i] - '0';
    bool seat = what[i] && !what[i + 1] && k >= 0 && k < players(t);
    if (strcmp(what, "stock") == 0 || strcmp(what, "deck") == 0)
        *out = unit_rect(t, STOCK_X, STOCK_Y, card_w(t), CARD_H);
    else if (strcmp(what, "player") == 0)
        *out = unit_rect(t, MID_X, 840, 880, CARD_H);
    else if (strcmp(what, "computer") == 0)
        *out = unit_rect(t, MID_X, 150, 600, CARD_H);
    else if (strncmp(what, "card", 4) == 0 && i == 4 && k >= 0 && k < t->shown[me(t)])
        *out = unit_rect(t, t->hand[me(t)][k].x, t->hand[me(t)][k].y, card_w(t), CARD_H);
    else if (strncmp(what, "hand", 4) == 0 && i == 4 && seat && t->shown[k] > 0)
        *out = hand_box(t, k);
    else if (strncmp(what, "plate", 5) == 0 && i == 5 && seat)
        *out = plate_box(t, k);
    else if (strcmp(what, "status") == 0) /* the line whose turn it is (its band) */
        *out = unit_rect(t, MID_X, STATUS_Y, 900, 30);
    else if (strcmp(what, "trunfo") == 0 && t->trunfo_up) /* the card beside the stock */
        *out = unit_rect(t, t->trunfo.x, t->trunfo.y, card_w(t), CARD_H);
    else if (strcmp(what, "trumps") == 0) { /* the label "Trumps: ♥" */
        BiscaState v;
        view(t, &v);
        char b[64];
        if (!v.trunfo)
            return false;
        trumps_label(t, &v, b, sizeof b, out);
    } else
        return false;
    return true;
}

/* A hint's highlight: the card in hand. */
static int hint_rects(Table *tb, Action a, SDL_FRect out[2])
{
    TBisca *t = (TBisca *)tb;
    if (a < BI_ACT_PLAY || a >= BI_ACT_PLAY + 52)
        return 0;
    Card c = card_from_index(a - BI_ACT_PLAY);
    for (int k = 0; k < t->shown[me(t)]; k++)
        if (t->hand[me(t)][k].face == c) {
            out[0] = unit_rect(t, t->hand[me(t)][k].x, t->hand[me(t)][k].y, card_w(t), CARD_H);
            return 1;
        }
    return 0;
}

/* A networked table's news (the deal verified, a seat waited for, the link): between the
 * north hand's name plate and the trick, never over a hand. */
static void news_at(const Table *tb, float *x, float *y)
{
    (void)tb;
    *x = MID_X;
    *y = 318;
}

static const TableGame bisca_table = {
    .id = "bisca",
    .rules = &bisca_rules,
    .size = sizeof(TBisca),
    .felt_centre = {34, 110, 64, 255},
    .felt_edge = {9, 46, 27, 255},
    .resume_notice = N_("The saved Bisca game could not be resumed (%s); a new game is dealt."),
    .not_this_game = N_("not a Bisca game"),
    .over_message = N_("The game is over: deal the next one."),
    .counter_key = "game",
    .confetti_salt = 0xB15CA,
    /* No banner plate: the count is drawn in its place, with its own "next" button. */
    .banner_delay = 1.45f,
    .confetti_x = MID_X,
    .confetti_y = 470,
    .toast_x = MID_X,
    .toast_y = TOAST_Y,
    .seats = seats,
    .seat_name = seat_name,
    .enter = enter,
    .reset = reset,
    .layout = layout,
    .sync = sync_hook,
    .on_action = on_action,
    .chance_pause = chance_pause,
    .bot_pause = 0.45f,
    .demo_pause = 0.5f,
    .demo_next = 1.2f,
    .update = update,
    .result = result,
    .draw = draw,
    .event = event,
    .n_buttons = BTN_COUNT,
    .shown = shown,
    .press = press,
    .busy = busy,
    .next_game = next_game,
    .settings_changed = settings_changed,
    .locate = locate,
    .news_at = news_at,
    .hint_rects = hint_rects,
    .quiet = quiet,
};

const Scene bisca_scene = TABLE_SCENE("bisca", bisca_table, .rules_text = rules_text,
                                      .draw_preview = draw_preview);
