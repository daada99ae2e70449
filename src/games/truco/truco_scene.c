/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Truco table: the player (seat 0) against the computer (seat 1), or with a computer
 * partner (north) against two (east and west; play goes round counter-clockwise: south,
 * east, north, west); one match to 12 points (or the best of three games) per table.
 *
 * The table (ui/tablescene.c) runs the match; this file lays out and draws the cards and
 * says what input means. It keeps a card per card on the table, in table units, and after
 * every applied action compares them with what the player may see (match_view) to start
 * the right moves: deals fly from the deck, played cards fly to their rodada, the
 * computer's cards turn over when played face up. */
#include "truco_scene.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "truco.h"
#include "truco_bots.h"
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
#define BOT (1 - ME)                 /* two players: the other seat */
/* Four players: the middle of the table, where the rodadas are played, and the sizes of
 * the other hands and of the cards on the table. */
#define MID4_X 690.0f
#define MID4_Y 480.0f
#define DECK4_X 110.0f
#define DECK4_Y 190.0f
#define VIRA4_X 245.0f
#define DECK4_SCALE 0.8f
#define SMALL 0.62f
#define PLAYED 0.74f
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
    BTN_PASS, /* four players: leave the answer (or the mão de onze) to the partner */
    BTN_SIGN0, /* four players with signals: one button per sign (TrucoSign order) */
    BTN_COUNT = BTN_SIGN0 + TR_SIGNS
};

/* Where a seat sits on the screen. */
enum { SOUTH, EAST, NORTH, WEST };

typedef struct {
    Table tb;
    TableCard hand[TR_MAX_SEATS][TR_HAND];
    TableCard table[TR_RODADAS][TR_MAX_SEATS];
    TableCard vira;
    int shown_hand; /* TrucoState.hands of the cards laid out */
    float from_x[TR_MAX_SEATS], from_y[TR_MAX_SEATS], from_s[TR_MAX_SEATS];
    bool face_down;
    Hand hand_ui; /* your cards: hover, press, drag */

    char said[48]; /* TRUCO!, Aceito!... in a bubble by the seat that said it */
    float said_t;
    int said_seat;
    /* The hand on the table has ended (its message shows once its last card is seen,
     * until the next deal clears the table). */
    bool hand_end;
    /* Your word over a bot partner: its advice on the answer (or the mão de onze) you
     * are to give, for the position after `advice_at` actions. */
    char advice[160];
    int advice_at;
    /* The advice being worked out off the UI thread, for the position after `job_at`
     * actions (NULL when none). */
    struct AdviceJob *advice_job;
    int advice_waited; /* times "Partner is thinking…" was on show (for the tests) */
    /* Signs the player's seat saw (a bit per sign and signer) as last drawn, and how long
     * each signer's newest signs stay lit on its name plate. */
    uint8_t sig_known[TR_MAX_SEATS];
    uint8_t sig_fresh[TR_MAX_SEATS];
    float sig_t[TR_MAX_SEATS];
    int sig_hand;
    float signs_top; /* the centre line of the top row of sign buttons, table units */
} Tr;

static float card_w(const Tr *t) { return table_card_w(&t->tb.tv, CARD_H); }

static int players(const Tr *t) { return t->tb.m->num_players; }
static bool four(const Tr *t) { return players(t) == 4; }
/* The player's team, and the other. */
static int us(const Tr *t) { return truco_team(ME); }

/* The player sits south; with 2 players the other seat sits north, with 4 each seat has its
 * side, counted to the player's right (east) from south. */
static int side_of(const Tr *t, int seat)
{
    int n = players(t), rel = (seat - ME + n) % n;
    return n == 2 ? rel * 2 : rel;
}

static float mid_x(const Tr *t) { return four(t) ? MID4_X : MID_X; }
static float deck_x(const Tr *t) { return four(t) ? DECK4_X : DECK_X; }
static float deck_y(const Tr *t) { return four(t) ? DECK4_Y : DECK_Y; }
static float vira_x(const Tr *t) { return four(t) ? VIRA4_X : VIRA_X; }

static float slot_x(const Tr *t, int i)
{
    HandLayout l = {.x = mid_x(t), .step = card_w(t) * 1.18f};
    float x, y, rot;
    hand_slot(&l, i, TR_HAND, &x, &y, &rot);
    return x;
}

static float rodada_x(const Tr *t, int r) { return MID_X + (r - 1) * card_w(t) * 1.45f; }

/* Where card i of a seat's hand lies: your hand full size; with 4 players the others
 * small, a row north and a column east and west. */
static void hand_place(const Tr *t, int seat, int i, TableCard *c)
{
    int side = side_of(t, seat);
    c->rot = 0;
    c->scale = 1;
    if (side == SOUTH) {
        c->x = slot_x(t, i), c->y = ME_Y;
    } else if (!four(t)) {
        c->x = slot_x(t, i), c->y = BOT_Y;
    } else {
        float step = card_w(t) * SMALL * 0.78f;
        c->scale = SMALL;
        if (side == NORTH) {
            c->x = MID4_X + (i - 1) * step, c->y = 128;
        } else {
            c->x = side == EAST ? 1135 : 175;
            c->y = MID4_Y - 10 + (i - 1) * step;
            c->rot = 90;
        }
    }
}

/* Where a seat's card of rodada r lies: two rows across the middle with 2 players, and in
 * front of each seat with 4, the later rodadas over the earlier. */
static void table_place(const Tr *t, int seat, int r, TableCard *c)
{
    int side = side_of(t, seat);
    c->rot = 0;
    c->scale = 1;
    if (!four(t)) {
        c->x = rodada_x(t, r), c->y = side == SOUTH ? TME_Y : TBOT_Y;
        return;
    }
    static const float dx[4] = {0, 235, 0, -235}, dy[4] = {140, 0, -140, 0};
    c->scale = PLAYED;
    c->x = MID4_X + dx[side] + (r - 1) * 34;
    c->y = MID4_Y + dy[side] + (r - 1) * 6;
    c->rot = (float)(r - 1) * 4;
}

/* Where a seat's name goes: beside its hand (left-aligned) south and north, under its
 * column east and west (centred). */
static void name_pos(const Tr *t, int seat, float *x, float *y, int *align)
{
    int side = side_of(t, seat);
    float cw = card_w(t);
    *align = LEFT;
    if (side == SOUTH || !four(t)) {
        *x = mid_x(t) + 1.9f * cw;
        *y = side == SOUTH ? ME_Y : BOT_Y;
    } else if (side == NORTH) {
        *x = MID4_X + 1.5f * cw * SMALL + 30;
        *y = 128;
    } else {
        *align = CENTRED;
        *x = side == EAST ? 1135 : 175;
        *y = MID4_Y - 10 + cw * SMALL * 0.78f + CARD_H * SMALL / 2 + 40;
    }
}

static void view(const Tr *t, TrucoState *v)
{
    if (t->tb.app->set.show_opponents)
        *v = *(const TrucoState *)t->tb.m->state;
    else
        match_view(t->tb.m, ME, v);
}

/* ---- Keeping the cards in step with the match ---- */

static void signs_seen(Tr *t, bool lit);

/* No cards laid out, for hand number `hand` (-1: none yet). */
static void clear(Tr *t, int hand)
{
    memset(t->hand, 0, sizeof t->hand);
    memset(t->table, 0, sizeof t->table);
    memset(&t->vira, 0, sizeof t->vira);
    t->shown_hand = hand;
    t->face_down = false;
    t->hand_end = false;
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
    int deals = 0, n = players(t);
    /* The deal goes round from the mão, a card at a time. */
    for (int k = 0; k < n * TR_HAND; k++) {
        int p = (v.mao + k) % n, i = k / n;
        TableCard *s = &t->hand[p][i];
        {
            Card c = v.hand[p][i];
            TableCard at = {0};
            hand_place(t, p, i, &at);
            float hx = at.x, hy = at.y;
            if (c != CARD_NONE && !s->on) {
                *s = (TableCard){.x = deck_x(t), .y = deck_y(t), .alpha = 1, .face = c,
                                 .on = true, .scale = at.scale};
                if (!instantly && four(t))
                    s->scale = DECK4_SCALE, anim_to(an, &s->scale, at.scale, 0.38f, 0.06f * deals,
                                                    EASE_OUT_CUBIC);
                if (instantly) {
                    s->x = hx, s->y = hy, s->flip = c == CARD_HIDDEN ? 0 : 1, s->rot = at.rot;
                } else {
                    float d = 0.06f * deals++;
                    table_card_fly(tb, s, hx, hy, 0.38f, d);
                    anim_to(an, &s->rot, at.rot, 0.38f, d, EASE_OUT_CUBIC);
                    if (c != CARD_HIDDEN)
                        anim_to(an, &s->flip, 1, 0.22f, d + 0.2f, EASE_IN_OUT_CUBIC);
                    anim_call(an, d, table_sound_cb, tb, SND_DEAL);
                }
            } else if (c == CARD_NONE && s->on) {
                s->on = false; /* played: its card on the table starts here */
                t->from_x[p] = s->x;
                t->from_y[p] = s->y;
                t->from_s[p] = s->scale;
            } else if (s->on && s->face != c) {
                s->face = c;
                anim_to(an, &s->flip, c == CARD_HIDDEN ? 0 : 1, 0.25f, 0, EASE_IN_OUT_CUBIC);
            }
        }
    }
    for (int r = 0; r < TR_RODADAS; r++)
        for (int p = 0; p < n; p++) {
            TableCard *s = &t->table[r][p];
            Card c = v.table[r][p];
            if (c != CARD_NONE && (v.down[r] >> p) & 1)
                c = CARD_HIDDEN; /* a carta fechada lies face down for everyone */
            TableCard at = {0};
            table_place(t, p, r, &at);
            float tx = at.x, ty = at.y;
            if (c != CARD_NONE && !s->on) {
                *s = (TableCard){.x = t->from_x[p], .y = t->from_y[p], .alpha = 1, .face = c,
                                 .on = true, .flip = p == ME && c != CARD_HIDDEN ? 1 : 0,
                                 .scale = t->from_s[p] > 0 ? t->from_s[p] : 1, .rot = at.rot};
                if (instantly || (s->x == 0 && s->y == 0)) {
                    s->x = tx, s->y = ty, s->flip = c == CARD_HIDDEN ? 0 : 1, s->scale = at.scale;
                } else {
                    table_card_fly(tb, s, tx, ty, 0.38f, 0);
                    anim_to(an, &s->scale, at.scale, 0.38f, 0, EASE_OUT_CUBIC);
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
        t->vira = (TableCard){.x = deck_x(t), .y = deck_y(t), .alpha = 1, .face = v.vira,
                              .on = true, .scale = four(t) ? DECK4_SCALE : 1};
        if (instantly) {
            t->vira.x = vira_x(t), t->vira.y = deck_y(t), t->vira.flip = 1;
        } else {
            float d = 0.06f * deals;
            table_card_fly(tb, &t->vira, vira_x(t), deck_y(t), 0.38f, d);
            anim_to(an, &t->vira.flip, 1, 0.3f, d + 0.15f, EASE_IN_OUT_CUBIC);
            anim_call(an, d + 0.15f, table_sound_cb, tb, SND_FLIP);
        }
    } else if (v.vira == CARD_NONE) {
        t->vira.on = false;
    }
    if (instantly)
        signs_seen(t, false); /* a resumed hand: the signs made in it, as they were */
}

/* A new match: no cards laid out yet. */
static void layout(Table *tb);

static void advice_cancel(Tr *t);

static void reset(Table *tb)
{
    Tr *t = (Tr *)tb;
    advice_cancel(t); /* a new match: no advice carries over */
    t->advice[0] = '\0';
    t->advice_at = -1;
    anim_clear(&tb->anim);
    clear(t, -1);
    t->said_t = 0;
    t->hand_end = false;
    memset(t->sig_known, 0, sizeof t->sig_known);
    memset(t->sig_fresh, 0, sizeof t->sig_fresh);
    memset(t->sig_t, 0, sizeof t->sig_t);
    t->sig_hand = -1;
    layout(tb); /* two or four players: the places change */
}

static int result(Table *tb, char *title, size_t tsize, char *reason, size_t rsize)
{
    const Tr *t = (const Tr *)tb;
    const TrucoState *s = tb->m->state;
    int u = us(t), res = s->winner == u ? 1 : -1;
    if (four(t))
        snprintf(title, tsize, "%s", res > 0 ? _("Your team wins!") : _("Your team loses"));
    else
        snprintf(title, tsize, "%s", res > 0 ? _("You win!") : _("You lose"));
    if (s->opt_match)
        snprintf(reason, rsize, _("Games %d-%d, last game %d-%d."), s->games[u], s->games[1 - u],
                 s->score[u], s->score[1 - u]);
    else
        snprintf(reason, rsize, _("Final score %d-%d."), s->score[u], s->score[1 - u]);
    /* A game is to 12, and the last hand counts in full (RULES.md §1): say so when it went
     * past 12, rather than show a score that looks wrong. */
    int top = s->score[u] > s->score[1 - u] ? s->score[u] : s->score[1 - u];
    if (top > TR_GAME_POINTS && s->last_points > 0) {
        size_t len = strlen(reason);
        snprintf(reason + len, rsize - len, " ");
        len = strlen(reason);
        snprintf(reason + len, rsize - len,
                 P_("The last hand, worth %d point, took the score past %d.",
                    "The last hand, worth %d points, took the score past %d.", s->last_points),
                 s->last_points, TR_GAME_POINTS);
    }
    return res;
}

/* The message at the end of a hand, from the player's side (in the language of now). */
static void hand_message(const Tr *t, char *o, size_t n)
{
    const TrucoState *s = t->tb.m->state;
    int w = s->last_winner, pts = s->last_points;
    bool me = w == us(t);
    switch ((TrucoEnd)s->last_end) {
    case TR_END_TIED: snprintf(o, n, "%s", _("All three rodadas tied: nobody scores.")); break;
    case TR_END_RUN:
        if (four(t))
            snprintf(o, n, me ? _("They ran: +%d for your team.") : _("Your team ran: +%d for them."),
                     pts);
        else
        snprintf(o, n,
                 me ? _("The computer ran: +%d for you.") : _("You ran: +%d for the computer."),
                 pts);
        break;
    case TR_END_ONZE_RUN:
        if (four(t))
            snprintf(o, n, "%s",
                     me ? _("They gave up their mão de onze: +1 for your team.")
                        : _("Your team gave up the mão de onze: +1 for them."));
        else
            snprintf(o, n, "%s",
                     me ? _("The computer gave up its mão de onze: +1 for you.")
                        : _("You gave up the mão de onze: +1 for the computer."));
        break;
    default:
        if (four(t))
            snprintf(o, n, me ? _("Your team wins the hand: +%d.") : _("They win the hand: +%d."),
                     pts);
        else
            snprintf(o, n, me ? _("You win the hand: +%d.") : _("The computer wins the hand: +%d."),
                     pts);
        break;
    }
    if (s->phase != TR_PH_OVER && s->game_winner >= 0 &&
        (s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS)) {
        size_t len = strlen(o);
        bool won = s->game_winner == us(t);
        snprintf(o + len, n - len, " %s",
                 four(t) ? (won ? _("Your team wins this game!") : _("They win this game."))
                         : (won ? _("You win this game!") : _("The computer wins this game.")));
    }
}

/* ---- Seats ---- */

/* The table size for the next game (Options ▸ Players). */
static int players_next(const App *a)
{
    return kv_get_int(&a->kv, "truco.players", 2, 2, 4) == 4 ? 4 : 2;
}

static int seats(Table *tb, SeatSpec *out)
{
    int n = players_next(tb->app);
    for (int p = 0; p < n; p++)
        out[p] = (SeatSpec){p != 0, tb->app->set.difficulty};
    return n;
}

static const char *seat_name(const Table *tb, int seat)
{
    static const char *const names[4] = {N_("You"), N_("East"), N_("Partner"), N_("West")};
    int n = tb->m->num_players, rel = (seat - table_player(tb) + n) % n;
    return rel == 0 || n == 4 ? _(names[rel]) : _("Computer");
}

static bool partner_answers(App *a);
static bool partner_raises(App *a);

static int table_options(App *a, SceneOption *out)
{
    memset(out, 0, sizeof *out);
    out[0] = (SceneOption){.label = _("Players"),
                           .help = _("Four: you and a partner against two, in teams."),
                           .choices = {_("Two"), _("Four")},
                           .n_choices = 2,
                           .value = players_next(a) == 4};
    out[1] = (SceneOption){.label = _("Partner answers for the team"),
                           .help = _("Four players: off, your computer partner leaves every "
                                     "answer to a raise (and the mão de onze) to you, with its "
                                     "advice."),
                           .choices = {_("Off"), _("On")},
                           .n_choices = 2,
                           .value = partner_answers(a)};
    out[2] = (SceneOption){.label = _("Partner may raise on its own"),
                           .help = _("Four players: your computer partner may call truco on its "
                                     "own turn."),
                           .choices = {_("Off"), _("On")},
                           .n_choices = 2,
                           .value = partner_raises(a)};
    return 3;
}

static void set_table_option(App *a, int i, int value, const char *path)
{
    (void)path;
    if (i == 0)
        kv_set_int(&a->kv, "truco.players", value ? 4 : 2);
    else if (i == 1)
        kv_set_int(&a->kv, "truco.partner_answers", value != 0);
    else if (i == 2)
        kv_set_int(&a->kv, "truco.partner_raises", value != 0);
    app_save_settings(a);
}

/* Settings changed: a new table size deals a game not yet touched again at once, else it
 * applies from the next game. */
static void settings_changed(Table *tb)
{
    int want = players_next(tb->app);
    if (table_deals(tb) && want != tb->m->num_players) {
        if (!table_under_way(tb)) {
            anim_finish(&tb->anim);
            table_deal(tb);
            return;
        }
        table_say(tb, want == 4 ? _("Four players in teams from the next game.")
                                : _("Two players from the next game."));
    }
    sync(tb, true);
}

/* ---- Actions and input ---- */

/* What a seat says with a call or an answer (also the raise buttons' labels); "" for
 * other actions. */
static const char *call_text_plain(int a)
{
    static const char *const said[] = {N_("TRUCO!"),  N_("SEIS!"),  N_("NOVE!"),
                                       N_("DOZE!"),   N_("Aceito!"), N_("Corro!"),
                                       N_("Jogo!"),   N_("Fujo!"),  N_("Parceiro!")};
    return a >= TR_TRUCO && a <= TR_PASS ? _(said[a - TR_TRUCO]) : "";
}

/* The same in the state's variant: Mineiro calls the raise to 10 "dez". */
static const char *call_text_in(const TrucoState *s, int a)
{
    if (a == TR_NOVE && s->opt_values == TR_VALUES_MINEIRO)
        return _("DEZ!");
    return call_text_plain(a);
}

/* ---- Signals (four players) ----
 * The player's signs are buttons that only the partner sees the meaning of; the signs the
 * player's seat saw (always the partner's, an opponent's when caught) light up on the
 * signer's name plate for a moment: a small face making the sign and its meaning. Only the
 * seat's view is read, so a sign it did not see never shows, even at a local table. */

static const char *sign_gesture(int k)
{
    static const char *const g[TR_SIGNS] = {N_("eyebrows: the zap"), N_("a wink: copas"),
                                            N_("a shoulder: espadilha"),
                                            N_("the mouth: pica-fumo"),
                                            N_("a mouth corner: a three")};
    return k >= 0 && k < TR_SIGNS ? _(g[k]) : "";
}

static const char *sign_button(int k)
{
    static const char *const b[TR_SIGNS] = {N_("Zap"), N_("Copas"), N_("Espadilha"),
                                            N_("Pica-fumo"), N_("A three")};
    return k >= 0 && k < TR_SIGNS ? _(b[k]) : "";
}

/* A sign in the list of those a seat made, named as the gestures name them: the
 * manilhas by their Truco names, the three in the player's language. */
static const char *sign_listed(int k)
{
    static const char *const b[TR_SIGNS] = {N_("the zap"), N_("copas"), N_("espadilha"),
                                            N_("pica-fumo"), N_("a three")};
    return k >= 0 && k < TR_SIGNS ? _(b[k]) : "";
}

/* After every step: the signs the seat now knows of that were not drawn yet light up
 * (`lit`); otherwise (a resumed game, a resize) they are only known, in the hand's dim
 * line, as they were before. */
static void signs_seen(Tr *t, bool lit)
{
    const Match *m = t->tb.m;
    if (!m || m->num_players != 4)
        return;
    TrucoState v;
    match_view(m, ME, &v);
    if (v.hands != t->sig_hand) { /* a new hand: the signs of the last are gone */
        memset(t->sig_known, 0, sizeof t->sig_known);
        memset(t->sig_fresh, 0, sizeof t->sig_fresh);
        t->sig_hand = v.hands;
    }
    for (int p = 0; p < 4; p++) {
        uint8_t known = 0;
        for (int k = 0; k < TR_SIGNS; k++)
            if (truco_saw_signal(&v, ME, p, k))
                known |= (uint8_t)(1u << k);
        uint8_t fresh = (uint8_t)(known & ~t->sig_known[p]);
        if (fresh && p != ME && lit) {
            t->sig_fresh[p] = t->sig_t[p] > 0 ? (uint8_t)(t->sig_fresh[p] | fresh) : fresh;
            t->sig_t[p] = 2.6f;
            app_sound(t->tb.app, SND_CLICK);
        }
        t->sig_known[p] = known;
    }
}

/* A small face making sign k, centred at (x, y) in table units, r its radius. */
static void draw_sign_face(Tr *t, int k, float x, float y, float r, float alpha)
{
    SDL_Renderer *ren = t->tb.app->ren;
    float s = t->tb.tv.s;
    Uint8 a = (Uint8)(255 * alpha);
    Rgba skin = rgba(240, 200, 110, a), ink = rgba(40, 30, 20, a);
    float cx = PX(t, x), cy = PY(t, y), R = r * s;
    if (k == TR_SIGN_ESPADILHA) /* a raised shoulder under the face */
        draw_quad(ren, cx + R * 0.9f, cy + R * 1.05f, R * 1.1f, R * 0.45f, -25, skin);
    draw_circle(ren, cx, cy, R, skin);
    float ex = R * 0.38f, ey = -R * 0.2f, er = R * 0.13f;
    if (k == TR_SIGN_COPAS) /* a wink: the right eye shut */
        draw_quad(ren, cx + ex, cy + ey, R * 0.34f, R * 0.08f, 0, ink);
    else
        draw_circle(ren, cx + ex, cy + ey, er, ink);
    draw_circle(ren, cx - ex, cy + ey, er, ink);
    if (k == TR_SIGN_ZAP) { /* raised eyebrows */
        draw_quad(ren, cx - ex, cy - R * 0.55f, R * 0.36f, R * 0.09f, -12, ink);
        draw_quad(ren, cx + ex, cy - R * 0.55f, R * 0.36f, R * 0.09f, 12, ink);
    }
    if (k == TR_SIGN_PICAFUMO) /* pursed mouth */
        draw_circle(ren, cx, cy + R * 0.42f, R * 0.16f, ink);
    else if (k == TR_SIGN_THREE) /* one corner of the mouth drawn up */
        draw_quad(ren, cx + R * 0.12f, cy + R * 0.42f, R * 0.5f, R * 0.09f, -22, ink);
    else
        draw_quad(ren, cx, cy + R * 0.45f, R * 0.5f, R * 0.08f, 0, ink);
}

static void label(Tr *t, const char *s, int size, bool bold, Rgba c, float x, float y, int align);

/* Under (north) or over (east, west) a signer's name: its fresh signs lit, with a face;
 * afterwards the hand's signs in a dim line. */
static void draw_signs(Tr *t, int p, float x, float y, int align)
{
    uint8_t known = t->sig_known[p];
    if (!known || p == ME)
        return;
    int side = side_of(t, p);
    float ly = side == NORTH ? y + 58 : y - 34;
    if (t->sig_t[p] > 0 && t->sig_fresh[p]) {
        float alpha = fminf(1, t->sig_t[p] * 2);
        float pulse = 1 + 0.12f * sinf((2.6f - t->sig_t[p]) * 9);
        int n = 0;
        for (int k = 0; k < TR_SIGNS; k++) {
            if (!((t->sig_fresh[p] >> k) & 1))
                continue;
            float fy = side == NORTH ? ly + n * 34 : ly - n * 34;
            float fx = align == LEFT ? x + 16 : x - 110;
            draw_sign_face(t, k, fx, fy, 14 * pulse, alpha);
            Rgba gold = COL_GOLD;
            gold.a = (Uint8)(255 * alpha);
            label(t, sign_gesture(k), 19, true, gold, fx + 24, fy, LEFT);
            n++;
        }
        return;
    }
    char line[160] = "";
    size_t len = 0;
    for (int k = 0; k < TR_SIGNS; k++)
        if ((known >> k) & 1)
            len += (size_t)snprintf(line + len, sizeof line - len, "%s%s", len ? ", " : "",
                                    sign_listed(k));
    char b[200];
    snprintf(b, sizeof b, _("Signed: %s"), line);
    label(t, b, 17, false, COL_DIM, x, ly, align);
}

static void on_action(Table *tb, int player, Action a)
{
    Tr *t = (Tr *)tb;
    const char *said = player >= 0 ? call_text_in(tb->m->state, a) : "";
    if (*said) {
        snprintf(t->said, sizeof t->said, "%s", said);
        t->said_seat = player;
        t->said_t = 2.2f;
        app_sound(tb->app, table_human(tb, player) ? SND_CLICK : SND_CALL);
    }
    signs_seen(t, true);
    const TrucoState *s = tb->m->state;
    if (player >= 0 && s->n_dealt == 0 && s->phase != TR_PH_FIRST && s->last_end != TR_END_NONE) {
        /* The hand is over: its last card lands and turns, then the table stays as it is
         * for the player to see who won it and with what (a click goes on sooner). */
        t->hand_end = true;
        table_linger(tb, 3.2f);
    }
}

/* ---- Your word over a bot partner (four players) ----
 * Options: "partner answers for the team" (off: when the other team raises, or in your
 * team's mão de onze, a bot partner leaves the answer to you, and you see its advice);
 * "partner may raise on its own" (on: it calls truco on its own turn when it would). */

static bool partner_answers(App *a) { return kv_get_int(&a->kv, "truco.partner_answers", 0, 0, 1); }
static bool partner_raises(App *a) { return kv_get_int(&a->kv, "truco.partner_raises", 1, 0, 1); }

/* The player's partner when it is a bot at a local table of four, else -1. */
static int bot_partner(const Table *tb)
{
    const Match *m = tb->m;
    if (!m || m->mirror || m->num_players != 4)
        return -1;
    int me = table_player(tb), p = (me + 2) % 4;
    return match_seat_kind(m, p) == SEAT_BOT && match_seat_kind(m, me) == SEAT_HUMAN ? p : -1;
}

/* The options as the partner's limits in the match, which applies them wherever it decides
 * for that seat (on the bot's thread, chance draws after its signs as for any bot). Set
 * every frame before the bots are driven: an option changed mid-game applies at once. */
static void partner_limit(Tr *t)
{
    Table *tb = &t->tb;
    int p = bot_partner(tb);
    if (p < 0)
        return;
    unsigned flags = (partner_answers(tb->app) ? 0 : TRUCO_LIMIT_LEAVE_ANSWER) |
                     (partner_raises(tb->app) ? 0 : TRUCO_LIMIT_NO_RAISE);
    BotLimit l = truco_partner_limit(flags);
    match_set_limit(tb->m, p, &l);
}

/* ---- The partner's advice, worked out on a thread of its own --------------------------- *
 * A bot's decision can take a good part of a second (Hard with four players); the UI thread
 * only starts it, shows "Partner is thinking…" and picks the answer up once it is there.
 * A job for a position that has changed is cancelled (the search stops within a few
 * milliseconds) and joined. */

typedef struct AdviceJob {
    pthread_t thread;
    atomic_int cancel, done;
    TrucoState x; /* the position, the partner answering in the player's place */
    int seat, at;
    Difficulty d;
    uint64_t seed;
    App *app;
    Action a;   /* out: the partner's choice */
    double win; /* out: its chance to win the hand as it sees it */
} AdviceJob;

static void *advice_thread(void *arg)
{
    AdviceJob *j = arg;
    Rng rng;
    rng_seed(&rng, j->seed);
    j->a = bot_decide(&truco_rules, j->d, &j->x, j->seat, &rng, &j->cancel);
    TrucoState v;
    truco_rules.observe(&j->x, j->seat, &v);
    TrucoEstimate e;
    truco_estimate(&v, j->seat, 0, &rng, &e);
    j->win = e.win;
    atomic_store(&j->done, 1);
    app_wake(j->app);
    return NULL;
}

static void advice_cancel(Tr *t)
{
    AdviceJob *j = t->advice_job;
    if (!j)
        return;
    atomic_store(&j->cancel, 1);
    pthread_join(j->thread, NULL);
    free(j);
    t->advice_job = NULL;
}

/* Forgets a job whose position has changed. */
static void advice_update(Tr *t)
{
    if (t->advice_job && (!t->tb.m || t->advice_job->at != (int)t->tb.m->history_len))
        advice_cancel(t);
}

static void leave(Table *tb) { advice_cancel((Tr *)tb); }

/* The partner's advice when the player is to answer a raise or decide the mão de onze: what
 * the bot would do in the player's place, and its chance to win the hand as it sees it;
 * "Partner is thinking…" while it works it out. */
static const char *partner_advice(Tr *t)
{
    Table *tb = &t->tb;
    int p = bot_partner(tb), me = table_player(tb);
    const Match *m = tb->m;
    const TrucoState *s = m ? m->state : NULL;
    advice_update(t);
    /* Over a past position (the review) the partner's cards are not in the view shown. */
    if (p < 0 || table_reviewing(tb) || match_current_player(m) != me ||
        (s->phase != TR_PH_ANSWER && s->phase != TR_PH_ONZE))
        return NULL;
    if (t->advice_at == (int)m->history_len && t->advice[0])
        return t->advice;
    AdviceJob *j = t->advice_job;
    if (!j) {
        j = calloc(1, sizeof *j);
        if (!j)
            return NULL;
        /* The partner answers in the player's place: it may not leave it back. */
        j->x = *s;
        j->x.answerer = (int8_t)p;
        j->x.passed = 1;
        j->seat = p;
        j->at = (int)m->history_len;
        j->d = m->seats[p].difficulty;
        j->seed = rng_mix(m->seed, 0x61647669ull + m->history_len);
        j->app = tb->app;
        atomic_init(&j->cancel, 0);
        atomic_init(&j->done, 0);
        if (pthread_create(&j->thread, NULL, advice_thread, j) != 0) {
            free(j);
            return NULL;
        }
        t->advice_job = j;
    }
    if (!atomic_load(&j->done)) {
        t->advice_waited++;
        return _("Partner is thinking\xE2\x80\xA6");
    }
    pthread_join(j->thread, NULL);
    Action a = j->a;
    double win = j->win;
    free(j);
    t->advice_job = NULL;
    int pct = (int)lround(100 * win);
    if (s->phase == TR_PH_ONZE)
        snprintf(t->advice, sizeof t->advice,
                 a == TR_ONZE_PLAY ? _("Partner: play it (%d%% to win the hand)")
                                   : _("Partner: run (only %d%% to win the hand)"),
                 pct);
    else if (a == TR_ACCEPT)
        snprintf(t->advice, sizeof t->advice, _("Partner: accept (%d%% to win the hand)"), pct);
    else if (a == TR_RUN)
        snprintf(t->advice, sizeof t->advice, _("Partner: run (only %d%% to win the hand)"), pct);
    else {
        char nm[RULES_ACTION_TEXT]; /* "seis", "dez"... */
        truco_rules.action_to_string(s, a, nm);
        snprintf(t->advice, sizeof t->advice, _("Partner: raise to %s (%d%% to win the hand)"),
                 nm, pct);
    }
    t->advice_at = (int)m->history_len;
    return t->advice;
}

static void update(Table *tb, float dt)
{
    Tr *t = (Tr *)tb;
    t->said_t = fmaxf(0, t->said_t - dt);
    for (int p = 0; p < TR_MAX_SEATS; p++)
        t->sig_t[p] = fmaxf(0, t->sig_t[p] - dt / fmaxf(0.35f, app_speed_factor(tb->app)));
    advice_update(t);
    partner_limit(t);
}

/* Another position on the table (the review): what was said and the end of a hand's
 * message belong to the one that was there. */
static void quiet(Table *tb)
{
    Tr *t = (Tr *)tb;
    t->said_t = 0;
    t->hand_end = false;
}

/* The bubbles need frames; they do not hold the computer's answer (frames run while it
 * thinks anyway). */
static bool busy(const Table *tb)
{
    const Tr *t = (const Tr *)tb;
    return t->said_t > 0 && !table_seat_thinking(tb, match_current_player(tb->m));
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

/* The sign buttons: under the panel, right of your name, each as wide as its word in the
 * player's language at the buttons' size (a fixed width shrank "Espadilha" to a tiny font).
 * One row from SIGNS_LEFT to SIGNS_RIGHT when the words fit; otherwise two rows, the
 * second under the first. The caption sits above the top row. */
enum { SIGNS_LEFT = 1027, SIGNS_RIGHT = 1581, SIGNS_H = 52, SIGNS_GAP = 6 };

static float sign_button_w(Tr *t, int k)
{
    float s = t->tb.tv.s > 0 ? t->tb.tv.s : 1;
    int w = 0, h = 0;
    text_measure(t->tb.app->text, sign_button(k), (int)(SIGNS_H * s * 0.42f), true, &w, &h);
    /* ui_button leaves the label its width less 0.6 of its height; a little air more */
    return fmaxf(80, (float)w / s + SIGNS_H * 0.6f + 10);
}

static void layout_signs(Tr *t)
{
    float w[TR_SIGNS], total = 0;
    for (int k = 0; k < TR_SIGNS; k++)
        total += (w[k] = sign_button_w(t, k)) + (k ? SIGNS_GAP : 0);
    int split = total <= SIGNS_RIGHT - SIGNS_LEFT ? TR_SIGNS : (TR_SIGNS + 1) / 2;
    t->signs_top = split == TR_SIGNS ? 928 : 928 - SIGNS_H - SIGNS_GAP;
    for (int row = 0, k0 = 0; k0 < TR_SIGNS; row++) {
        int k1 = row == 0 ? split : TR_SIGNS;
        float x = SIGNS_LEFT, y = t->signs_top + row * (SIGNS_H + SIGNS_GAP);
        for (int k = k0; k < k1; k++) {
            t->tb.btn[BTN_SIGN0 + k] = unit_rect(t, x + w[k] / 2, y, w[k], SIGNS_H);
            x += w[k] + SIGNS_GAP;
        }
        k0 = k1;
    }
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
    tb->btn[BTN_PASS] = unit_rect(t, bx, 820, bw, bh);
    layout_signs(t);
    float mx = mid_x(t);
    tb->btn[BTN_JOGAR] = unit_rect(t, mx - 140, 560, 250, 70);
    tb->btn[BTN_FUGIR] = unit_rect(t, mx + 140, 560, 250, 70);
    tb->btn[TABLE_NEXT] = unit_rect(t, mx, 600, 280, 68);
    sync(tb, true); /* after a resume or a resize: cards where they belong */
}

static bool shown(const Table *tb, int b)
{
    const Tr *t = (const Tr *)tb;
    const TrucoState *s = tb->m->state;
    if (!table_your_turn(tb))
        return false; /* (nor before the last move is seen) */
    switch (b) {
    case BTN_RAISE: return s->phase == TR_PH_PLAY && truco_can_raise(s, ME);
    case BTN_DOWN: return s->phase == TR_PH_PLAY && s->rodada > 0;
    case BTN_ACCEPT:
    case BTN_RUN: return s->phase == TR_PH_ANSWER;
    case BTN_UP: return s->phase == TR_PH_ANSWER && truco_answer_raise(s) != 0;
    case BTN_JOGAR:
    case BTN_FUGIR: return s->phase == TR_PH_ONZE;
    /* With the house rule that a first refusal passes, Run already leaves the answer to the
     * partner: one button for it, not two. */
    case BTN_PASS: return truco_can_pass(s) && !truco_run_passes(s);
    default:
        return b >= BTN_SIGN0 && b < BTN_SIGN0 + TR_SIGNS && four(t) &&
               truco_can_signal(s, ME, b - BTN_SIGN0);
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

/* The slot of the n-th card (from 0) still in your hand, left to right: keys 1, 2, 3 name
 * the cards as the hand shows them now, the gaps of played cards not counted; -1: none. */
static int held_slot(const Tr *t, int n)
{
    TrucoState v;
    match_view(t->tb.m, ME, &v);
    for (int i = 0; i < TR_HAND; i++)
        if (v.hand[ME][i] != CARD_NONE && n-- == 0)
            return i;
    return -1;
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
    case BTN_PASS: table_submit(tb, TR_PASS); break;
    case BTN_DOWN:
        t->face_down = !t->face_down;
        app_sound(tb->app, SND_CLICK);
        break;
    default:
        if (b >= BTN_SIGN0 && b < BTN_SIGN0 + TR_SIGNS)
            table_submit(tb, TR_SIGNAL + (b - BTN_SIGN0));
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
            c = held_slot(t, c);
            if (c >= 0)
                play_slot(t, c, t->face_down);
            return true;
        }
        int b = k == SDLK_t   ? (shown(tb, BTN_UP) ? BTN_UP : BTN_RAISE)
                : k == SDLK_a ? BTN_ACCEPT
                : k == SDLK_c ? BTN_RUN
                : k == SDLK_f ? BTN_DOWN
                : k == SDLK_j ? BTN_JOGAR
                : k == SDLK_x ? BTN_FUGIR
                : k == SDLK_p ? BTN_PASS
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
    bool glow = v && c->flip >= 0.5f && c->face != CARD_HIDDEN &&
                truco_card_is_manilha(v, c->face) && fabsf(c->rot) < 20;
    float k = c->scale > 0 ? c->scale : 1;
    float cx = PX(t, c->x), cy = PY(t, c->y - lift), h = CARD_H * s * k;
    float ww = card_w(t) * s * k * fmaxf(fabsf(cosf(c->flip * 3.14159265f)), 0.02f);
    if (glow)
        draw_glow(a->ren, cx, cy, h * 0.62f, rgba(236, 196, 96, 90));
    table_card_draw(&t->tb, c, CARD_H, extra_lift, 14);
    if (!glow)
        return;
    SDL_FRect d = {cx - ww / 2, cy - h / 2, ww, h};
    draw_rounded_outline(a->ren, d, 10 * s, fmaxf(2, 4 * s), COL_GOLD);
    SDL_FRect tag = {cx - 46 * s * k, d.y + h - 4 * s * k, 92 * s * k, 26 * s * k};
    draw_rounded(a->ren, tag, 13 * s * k, COL_GOLD);
    text_draw(a->text, _("manilha"), (int)lroundf(16 * s * k), true, COL_INK, cx,
              tag.y + tag.h / 2, CENTRED);
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

/* The latest rodada with a card on the table (-1: none). */
static int latest_rodada(const Tr *t)
{
    int last = -1;
    for (int i = 0; i < TR_RODADAS; i++)
        for (int p = 0; p < TR_MAX_SEATS; p++)
            if (t->table[i][p].on)
                last = i;
    return last;
}

/* Is rodada i the one being played? */
static bool rodada_now(const TrucoState *v, int i)
{
    return v->n_dealt > 0 && i == v->rodada && v->result[i] == TR_RES_NONE &&
           (v->phase == TR_PH_PLAY || v->phase == TR_PH_ANSWER);
}

/* The hand's value and kind, and the rodadas: won, lost, tied, to play; the one being
 * played ringed in gold. */
static void draw_panel(Tr *t, const TrucoState *v)
{
    App *a = t->tb.app;
    float s = t->tb.tv.s, px = PANEL_X;
    int u = us(t);
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
        Rgba c = res == u            ? rgba(86, 190, 110, 255)
                 : res == 1 - u      ? COL_RED
                 : res == TR_RES_TIE ? rgba(170, 170, 160, 255)
                                     : rgba(0, 0, 0, 70);
        bool now = rodada_now(v, i);
        if (now)
            draw_circle(a->ren, cx, cy, 29 * s, COL_GOLD);
        draw_circle(a->ren, cx, cy, 24 * s, now ? rgba(12, 26, 18, 255) : c);
        const char *mark = res == u            ? "\xE2\x9C\x93"
                           : res == 1 - u      ? "\xE2\x9C\x97"
                           : res == TR_RES_TIE ? "="
                                               : "";
        char num[8];
        snprintf(num, sizeof num, "%d", i + 1);
        text_draw(a->text, *mark ? mark : num, (int)lroundf(22 * s), true,
                  now ? COL_GOLD : res == TR_RES_NONE ? COL_DIM : COL_TEXT, cx, cy, CENTRED);
    }
}

/* Tentos, a line per team: its name (you and the computer, or your team and theirs). */
static void draw_scores(Tr *t, const TrucoState *v)
{
    int u = us(t);
    draw_rounded(t->tb.app->ren, unit_rect(t, 200, 815, 330, 250), 18 * t->tb.tv.s,
                 rgba(0, 0, 0, 60));
    label(t, _("Tentos"), 20, true, COL_GOLD, 200, 715, CENTRED);
    for (int k = 0; k < 2; k++) {
        int q = k == 0 ? u : 1 - u; /* yours first */
        float y = 775 + k * 95;
        char b[32];
        snprintf(b, sizeof b, "%d", v->score[q]);
        const char *name = !four(t) ? table_seat_name(&t->tb, q)
                           : q == u ? _("Your team")
                                    : _("Their team");
        label(t, name, 18, false, COL_TEXT, 50, y - 30, LEFT);
        label(t, b, 26, true, COL_TEXT, 350, y - 30, TEXT_RIGHT | TEXT_MIDDLE);
        draw_tally(t, 58, y + 18, v->score[q], q == u ? COL_TEXT : rgba(250, 210, 170, 255));
    }
    if (v->opt_match) {
        char b[64];
        snprintf(b, sizeof b, _("Games %d-%d"), v->games[u], v->games[1 - u]);
        label(t, b, 18, false, COL_DIM, 200, 955, CENTRED);
    }
}

/* Mão de onze: a dialog over the table, your cards (and your partner's) in sight. */
static void draw_onze(Tr *t)
{
    Table *tb = &t->tb;
    SDL_Renderer *r = tb->app->ren;
    float s = tb->tv.s, mx = mid_x(t), y = four(t) ? 470 : 480;
    SDL_FRect p = unit_rect(t, mx, y, 720, 240);
    draw_shadow(r, p, 22 * s, 22 * s, rgba(0, 0, 0, 120));
    draw_rounded(r, p, 22 * s, rgba(12, 26, 18, 240));
    draw_rounded_outline(r, p, 22 * s, fmaxf(2, 3 * s), COL_GOLD);
    TrucoState v;
    view(t, &v);
    bool dez = truco_onze_score(&v) == 10;
    label(t, dez ? _("Mão de dez") : _("Mão de onze"), 34, true, COL_GOLD, mx, y - 80, CENTRED);
    char q[256];
    if (!four(t))
        snprintf(q, sizeof q, _("You have %d. Play this hand for %d points, or run and give %d?"),
                 truco_onze_score(&v), truco_onze_value(&v), truco_base_value(&v));
    else
        snprintf(q, sizeof q,
                 _("Your team has %d and you see your partner's cards. Play this hand for %d "
                   "points, or run and give %d?"),
                 truco_onze_score(&v), truco_onze_value(&v), truco_base_value(&v));
    if (!four(t)) {
        text_draw_fit(tb->app->text, q, (int)lroundf(22 * s), false, COL_TEXT, PX(t, mx),
                      PY(t, y - 10), CENTRED, 690 * s);
    } else { /* two lines */
        int fs = (int)lroundf(21 * s), w = (int)(660 * s);
        int h = text_draw_wrapped(tb->app->text, q, fs, false, COL_TEXT, 0, 0, w, TEXT_CENTER, false);
        text_draw_wrapped(tb->app->text, q, fs, false, COL_TEXT, PX(t, mx) - w / 2.0f,
                          PY(t, y - 12) - h / 2.0f, w, TEXT_CENTER, true);
    }
    const char *adv = partner_advice(t);
    if (adv)
        text_draw_fit(tb->app->text, adv, (int)lroundf(19 * s), true, COL_GOLD, PX(t, mx),
                      PY(t, y + 38), CENTRED, 690 * s);
    char jb[64], fb[64];
    snprintf(jb, sizeof jb, _("Play it (%d points)"), truco_onze_value(&v));
    snprintf(fb, sizeof fb, _("Run (+%d for them)"), truco_base_value(&v));
    table_button(tb, BTN_JOGAR, jb, BTN_PRIMARY);
    table_button(tb, BTN_FUGIR, fb, 0);
}

/* The end of the hand on show: once its last card is seen, until the next deal (or the
 * banner, at the game's end). */
static bool hand_end_shown(const Tr *t)
{
    const Table *tb = &t->tb;
    return t->hand_end && table_caught_up(tb) && !(match_is_over(tb->m) && tb->banner > 0);
}

/* Where its message shows (pixels, `h` the text's height): with two players in the gap
 * between the computer's hand and the rodadas, with four in the middle of the rodadas;
 * never over a card. */
static SDL_FRect hand_end_rect(Tr *t, const char *msg, int fs, int *h)
{
    Table *tb = &t->tb;
    float s = tb->tv.s, maxw = (four(t) ? 270 : 760) * s, pad = 18 * s;
    int w = 0, lh = 0;
    text_measure(tb->app->text, msg, fs, true, &w, &lh);
    *h = text_draw_wrapped(tb->app->text, msg, fs, true, COL_TEXT, 0, 0, (int)maxw, TEXT_CENTER,
                           false);
    float bw = fminf((float)w, maxw) + 2 * pad, bh = (float)*h + 14 * s;
    float ny = table_news_shown(tb) ? TME_Y + CARD_H / 2 + 28 : 270; /* the news holds 270 */
    /* With four, between the stacks east and west, which lean right as rodadas go. */
    float cx = PX(t, four(t) ? MID4_X + 34 : MID_X), cy = PY(t, four(t) ? MID4_Y : ny);
    return (SDL_FRect){cx - bw / 2, cy - bh / 2, bw, bh};
}

static void draw_hand_end(Tr *t)
{
    if (!hand_end_shown(t))
        return;
    Table *tb = &t->tb;
    const TrucoState *s = tb->m->state;
    float sc = tb->tv.s;
    char msg[200];
    hand_message(t, msg, sizeof msg);
    int fs = (int)lroundf(22 * sc), h;
    SDL_FRect b = hand_end_rect(t, msg, fs, &h);
    Rgba edge = s->last_end == TR_END_TIED ? COL_TEXT
                : s->last_winner == us(t) ? rgba(86, 190, 110, 255)
                                          : COL_RED;
    draw_shadow(tb->app->ren, b, 16 * sc, 12 * sc, rgba(0, 0, 0, 110));
    draw_rounded(tb->app->ren, b, 16 * sc, rgba(12, 22, 16, 235));
    draw_rounded_outline(tb->app->ren, b, 16 * sc, fmaxf(2, 3 * sc), edge);
    text_draw_wrapped(tb->app->text, msg, fs, true, COL_TEXT, b.x + 18 * sc, b.y + (b.h - h) / 2,
                      (int)(b.w - 36 * sc + 1), TEXT_CENTER, true);
}

/* A networked table's news: under the other hands, never over them (with two players in
 * the gap above the rodadas, with four between the partner's hand and the rodadas). */
static void news_at(const Table *tb, float *x, float *y)
{
    const Tr *t = (const Tr *)tb;
    *x = four(t) ? MID4_X : MID_X;
    *y = four(t) ? 218 : 270;
}

/* With four players the toast shows in the free middle of the table, clear of the
 * question and the partner's advice drawn over your hand. */
static void toast_at(const Table *tb, float *x, float *y)
{
    const Tr *t = (const Tr *)tb;
    if (four(t)) {
        *x = MID4_X;
        *y = MID4_Y;
    }
}

/* Where a seat's bubble shows (what it said): towards the middle from its hand. */
static void bubble_pos(const Tr *t, int seat, float *x, float *y)
{
    int side = side_of(t, seat);
    if (!four(t)) {
        *x = MID_X;
        *y = side == SOUTH ? ME_Y - CARD_H / 2 - 60 : BOT_Y + CARD_H / 2 + 40;
        return;
    }
    static const float bx[4] = {MID4_X, 1000, MID4_X, 380}, by[4] = {700, 300, 250, 300};
    *x = bx[side];
    *y = by[side];
}

static void draw(Table *tb, SDL_Renderer *r)
{
    Tr *t = (Tr *)tb;
    App *a = tb->app;
    TrucoState v;
    view(t, &v);
    int cur = match_current_player(tb->m), n = players(t);
    float cw = card_w(t), mx = mid_x(t), dx = deck_x(t), dy = deck_y(t), vx = vira_x(t);
    float ds = four(t) ? DECK4_SCALE : 1, dh = CARD_H * ds; /* the deck's size */

    /* The deck and the vira, with the manilhas it makes. */
    SDL_FRect slot = unit_rect(t, dx, dy, cw * ds, dh);
    cardart_draw_slot(a->art, r, &slot);
    for (int i = 0; i < 2; i++) {
        TableCard c = {.x = dx - i * 5.0f, .y = dy - i * 5.0f, .alpha = 1, .scale = ds,
                       .face = CARD_HIDDEN};
        draw_card(t, &c, 0, NULL);
    }
    if (truco_fixed_manilhas(&v)) {
        /* No vira: the four fixed manilhas, strongest first, where the vira would be. */
        label(t, _("Fixed manilhas"), 20, true, COL_GOLD, vx, dy - dh / 2 - 22, CENTRED);
        static const char *const fixed[4] = {
            "4\xE2\x99\xA3 zap", "7\xE2\x99\xA5 copas", "A\xE2\x99\xA0 espadilha",
            "7\xE2\x99\xA6 pica-fumo"};
        for (int i = 0; i < 4; i++)
            label(t, fixed[i], 19, i == 0, i == 0 ? COL_GOLD : COL_TEXT, vx,
                  dy - dh / 2 + 14 + i * 30, CENTRED);
    } else {
        label(t, _("Vira"), 20, true, COL_GOLD, vx, dy - dh / 2 - 22, CENTRED);
    }
    if (truco_fixed_manilhas(&v)) {
        /* drawn above */
    } else if (t->vira.on) {
        draw_card(t, &t->vira, 0, NULL);
        char b[96];
        snprintf(b, sizeof b, _("Manilhas: %s"), card_rank_text(truco_hand_manilha_rank(&v)));
        label(t, b, 22, true, COL_GOLD, (dx + vx) / 2, dy + dh / 2 + 30, CENTRED);
        label(t, "\xE2\x99\xA6 < \xE2\x99\xA0 < \xE2\x99\xA5 < \xE2\x99\xA3", 20, false, COL_TEXT,
              (dx + vx) / 2, dy + dh / 2 + 60, CENTRED);
    } else {
        SDL_FRect vs = unit_rect(t, vx, dy, cw * ds, dh);
        cardart_draw_slot(a->art, r, &vs);
    }

    /* The rodadas on the table (two rows with 2 players, in front of each seat with 4),
     * then the hands. */
    if (!four(t))
        for (int i = 0; i < TR_RODADAS; i++)
            for (int p = 0; p < 2; p++) {
                SDL_FRect sl =
                    unit_rect(t, rodada_x(t, i), p == ME ? TME_Y : TBOT_Y, cw, CARD_H);
                cardart_draw_slot(a->art, r, &sl);
            }
    else
        draw_rounded(a->ren, unit_rect(t, MID4_X, MID4_Y, 700, 470), 40 * tb->tv.s,
                     rgba(0, 0, 0, 34));
    /* With four players the rodadas lie one over the other: the earlier ones are dimmed
     * once a card of a later one is down, so the one being played stands out. */
    int last = latest_rodada(t);
    for (int i = 0; i < TR_RODADAS; i++)
        for (int p = 0; p < n; p++) {
            const TableCard *c = &t->table[i][p];
            if (!c->on)
                continue;
            draw_card(t, c, 0, &v);
            if (four(t) && i < last) {
                float k = c->scale > 0 ? c->scale : 1;
                draw_quad(r, PX(t, c->x), PY(t, c->y), cw * k * tb->tv.s, CARD_H * k * tb->tv.s,
                          c->rot, rgba(6, 24, 16, 150));
            }
        }
    for (int p = 0; p < n; p++)
        for (int i = 0; i < TR_HAND && p != ME; i++)
            if (t->hand[p][i].on)
                draw_card(t, &t->hand[p][i], 0, t->hand[p][i].flip > 0.5f ? &v : NULL);
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
    /* Names, the seat to play lit (with 4 players, dots while it thinks), and the mão
     * marked. */
    for (int p = 0; p < n; p++) {
        float x, y;
        int align;
        name_pos(t, p, &x, &y, &align);
        char nb[96];
        snprintf(nb, sizeof nb, "%s", table_seat_name(tb, p));
        if (four(t) && p == cur && p != ME && table_seat_thinking(tb, p) && tb->deal_wait <= 0)
            table_dots(nb, sizeof nb, tb->time);
        label(t, nb, 22, true, cur == p ? COL_GOLD : COL_TEXT, x, y, align);
        if (v.mao == p && (v.n_dealt > 0 || v.hands > 0))
            label(t, _("(mão)"), 17, false, COL_DIM, x, y + 30, align);
        if (four(t))
            draw_signs(t, p, x, y, align);
    }
    draw_panel(t, &v);
    draw_scores(t, &v);
    /* The title names the variant the table plays (RULES.md §1 "Variants"). */
    char title[96];
    snprintf(title, sizeof title, "Truco \xC2\xB7 %s", _(truco_variant_name(truco_state_variant(&v))));
    table_top_bar(a, title, table_level_name(table_level(tb)));

    /* What is going on. */
    if (!four(t) && table_seat_thinking(tb, BOT) && tb->deal_wait <= 0) {
        char b[96];
        if (table_open_seat_text(tb, BOT, b, sizeof b))
            ; /* nobody sits there yet */
        else if (table_seat_kind(tb, BOT) == SEAT_REMOTE) /* a person at another table */
            snprintf(b, sizeof b, _("%s is thinking"), table_seat_name(tb, BOT));
        else
            snprintf(b, sizeof b, "%s", _("Computer is thinking"));
        table_dots(b, sizeof b, tb->time);
        label(t, b, 20, false, COL_DIM, MID_X, BOT_Y + CARD_H / 2 + 22, CENTRED);
    } else if (cur == ME && v.phase == TR_PH_PLAY && table_caught_up(tb)) {
        label(t,
              v.rodada > 0 ? _("Your turn: double-click or drag a card (right-click: face down)")
                           : _("Your turn: double-click or drag a card"),
              18, false, COL_DIM, mx, ME_Y - CARD_H / 2 - 24, CENTRED);
    } else if (cur == ME && v.phase == TR_PH_ANSWER && table_caught_up(tb)) {
        char b[200];
        const char *call = call_text_in(&v, truco_raise_step(&v, v.pending));
        bool up = truco_answer_raise(&v) != 0; /* house rule: no raising as an answer */
        if (!four(t))
            snprintf(b, sizeof b,
                     up ? _("The computer asks %s Accept, run or raise?")
                        : _("The computer asks %s Accept or run?"),
                     call);
        else if (v.passed)
            snprintf(b, sizeof b, _("%s asks %s Your partner leaves the answer to you."),
                     table_seat_name(tb, v.raiser), call);
        else if (truco_run_passes(&v)) /* house rule: running leaves it to the partner */
            snprintf(b, sizeof b,
                     up ? _("%s asks %s Accept or raise; if you run, your partner answers.")
                        : _("%s asks %s Accept; if you run, your partner answers."),
                     table_seat_name(tb, v.raiser), call);
        else
            snprintf(b, sizeof b,
                     up ? _("%s asks %s Accept, run, raise, or leave it to your partner?")
                        : _("%s asks %s Accept, run, or leave it to your partner?"),
                     table_seat_name(tb, v.raiser), call);
        const char *adv = partner_advice(t);
        if (four(t)) { /* over the edge of your card in the trick: on a backing of their own */
            int w = 0, h, w2 = 0;
            text_measure(a->text, b, (int)lroundf(20 * tb->tv.s), true, &w, &h);
            if (adv)
                text_measure(a->text, adv, (int)lroundf(19 * tb->tv.s), true, &w2, &h);
            float bw = fminf(640, fmaxf((float)w, (float)w2) / tb->tv.s) + 36;
            draw_rounded(a->ren, unit_rect(t, mx, ME_Y - CARD_H / 2 - (adv ? 40 : 24), bw,
                                           adv ? 70 : 38),
                         16 * tb->tv.s, rgba(12, 22, 16, 215));
        }
        text_draw_fit(a->text, b, (int)lroundf(20 * tb->tv.s), true, COL_TEXT, PX(t, mx),
                      PY(t, ME_Y - CARD_H / 2 - 24), CENTRED,
                      (four(t) ? 640 : 1000) * tb->tv.s); /* clear of the tentos */
        if (adv)
            text_draw_fit(a->text, adv, (int)lroundf(19 * tb->tv.s), true, COL_GOLD, PX(t, mx),
                          PY(t, ME_Y - CARD_H / 2 - 56), CENTRED, 640 * tb->tv.s);
    }
    if (t->said_t > 0 && t->said[0] && t->said_seat >= 0 && t->said_seat < n) {
        float x, y;
        bubble_pos(t, t->said_seat, &x, &y);
        draw_bubble(t, t->said, x, y, fminf(1, t->said_t * 2), t->said_seat != ME);
    }

    /* Buttons that apply now. */
    char up[64];
    /* In English the answers are English (the calls, TRUCO! SEIS!..., are the game's own
     * words in every language); the Portuguese catalogues give aceitar, correr, aumentar. */
    snprintf(up, sizeof up, _("Raise: %s"), call_text_in(&v, truco_raise_action(v.pending)));
    const char *labels[BTN_COUNT] = {
        [BTN_RAISE] = call_text_in(&v, truco_raise_action(v.value)),
        [BTN_ACCEPT] = _("Accept"),
        [BTN_RUN] = _("Run"),
        [BTN_UP] = up,
        [BTN_DOWN] = t->face_down ? _("Face down: on") : _("Face down: off"),
        [BTN_PASS] = _("Partner decides")};
    if (shown(tb, BTN_JOGAR)) /* the mão de onze: under the dialog's buttons */
        tb->btn[BTN_PASS] = unit_rect(t, mx, 650, 300, 56);
    else
        tb->btn[BTN_PASS] = unit_rect(t, PANEL_X, 820, 250, 64);
    for (int b = BTN_RAISE; b < BTN_COUNT; b++)
        if (labels[b] && shown(tb, b) && b != BTN_PASS)
            table_button(tb, b, labels[b], b <= BTN_ACCEPT ? BTN_PRIMARY : 0);
    if (shown(tb, BTN_JOGAR))
        draw_onze(t);
    if (shown(tb, BTN_PASS))
        table_button(tb, BTN_PASS, labels[BTN_PASS], 0);
    bool any_sign = false;
    for (int k = 0; k < TR_SIGNS; k++)
        if (shown(tb, BTN_SIGN0 + k)) {
            table_button(tb, BTN_SIGN0 + k, sign_button(k), 0);
            any_sign = true;
        }
    if (any_sign)
        label(t, _("Signs to your partner (only your partner sees them)"), 16, false, COL_DIM,
              SIGNS_LEFT, t->signs_top - 38, LEFT);
    draw_hand_end(t);
}

static const char *rules_text(void)
{
    static char text[14000];
    snprintf(text, sizeof text, "%s\n\n%s\n\n%s\n\n%s\n\n%s\n\n%s", _("# The aim\n"
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
             "Face down, to play it face down. The Truco button raises; Accept, Run and "
             "Raise answer a raise. Keys: 1 2 3 play a card, T raise, A accept, C run, F face "
             "down, J and X for the mão de onze. Every move is saved, so you can close the window "
             "at any time."),
             _("# Four players\n"
               "Options, Players: Four. You and your partner, across the table, play against the "
               "players on your left and right; play goes round to the right, and the mão moves "
               "one seat to the right each hand. Everyone gets three cards and plays one in each "
               "rodada. The team of the strongest card wins the rodada, and whoever played that "
               "card first leads the next. When the strongest cards of both teams are equal the "
               "rodada ties (cangou), the same tie rules decide the hand, and the player who tied "
               "it (the first to match the other team's card) leads the next rodada.\n\n"
               "A call is answered by the team called: the next player accepts, runs or raises, or "
               "leaves the answer to the partner (Partner decides, key P), who must then answer. A "
               "team may not raise twice in a row. In the mão de onze the team at 11 sees both "
               "partners' hands; the first of them from the mão chooses, or leaves the choice to the "
               "partner."),
             _("# Variants\n"
               "Options, Variant chooses the rules of the table; the table's title names them. "
               "Manilhas, Deck and Hand values can also be set one by one (the variant then "
               "reads custom, unless they match one).\n\n"
               "Paulista: the rules above.\n\n"
               "Manilha velha: no vira; the manilhas are always the same four cards, from the "
               "highest: 4 of clubs (zap), 7 of hearts (copas), ace of spades (espadilha), 7 of "
               "diamonds (pica-fumo). They leave the ordinary order: the other 4s are still the "
               "lowest cards, the other 7s and aces plain 7s and aces.\n\n"
               "Mineiro: the fixed manilhas of the manilha velha, and other values. A hand is "
               "worth 2; truco raises it to 4, then seis 6, dez 10, doze 12:\n"
               "    hand 2 > truco 4 > seis 6 > dez 10 > doze 12\n"
               "Running gives the raiser the value before the raise (2, 4, 6 or 10). With 10 "
               "points a team plays the mão de dez: worth 4 if played, 2 to the other team if "
               "it runs; with 10 each, the mão de ferro is worth 2. Ties follow the rules above.\n\n"
               "Baralho limpo: 24 cards, only A 2 3 J Q K (no 4 to 7): from low to high Q J K A 2 "
               "3. The vira still makes the manilhas: after a 3 come the Queens. Fixed manilhas "
               "need the 4s and 7s, so they are not played with the clean deck."),
             _("# Your computer partner\n"
               "With four players your word goes over your computer partner's. When the other "
               "team raises, or your team plays a mão de onze, the partner leaves the answer to "
               "you and shows its advice (what it would do, and its chance to win the hand); you "
               "accept, run or raise. Options: Partner answers for the team (off) lets it answer "
               "alone, as before; Partner may raise on its own (on) lets it call truco on its "
               "turn."),
             _("# Signals\n"
               "With four players partners show each other their best cards with the traditional "
               "signs: raised eyebrows for the zap (manilha of clubs), a wink for copas (hearts), "
               "a shoulder for espadilha (spades), the mouth for pica-fumo (diamonds), a corner of "
               "the mouth for a three. On your turn to play a card, the row of buttons under the "
               "panel makes a sign; it does not end your turn, and each sign can be made once a "
               "hand. You may bluff: nothing checks that you hold the card. Your partner always "
               "sees a sign; each opponent catches it only by chance (option Signals can be seen, "
               "10 % by default); an opponent who misses it only sees that a sign was made, not which. A "
               "computer player signs honestly what it holds, at its first turn to play; its "
               "signs light up on its name plate when you see them. The computer players read "
               "the signs they saw, their partner's and any they caught. Option Signals (4 "
               "players) turns them off."),
             _("# House rules\n"
               "Tables differ on a few points; three options follow the common ones (the rules "
               "above are the defaults). Answer a raise by raising (on): off, a raise is answered "
               "only by accepting or running, and the team that accepted may raise later on its "
               "own turn. A refusal passes to the partner (off, four players): on, when the first "
               "to answer a raise runs, the partner answers; the team runs only if both refuse, "
               "and either one accepting accepts. After a tied rodada, leads: the player who tied "
               "it (the default), the player of the first of the tied cards, or the hand's mão, "
               "who led the tied rodada. The computer players follow the table's "
               "rules."));
    return text;
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
        [BTN_DOWN] = "facedown", [BTN_PASS] = "parceiro", [BTN_SIGN0] = "sinal zap",
        [BTN_SIGN0 + 1] = "sinal copas", [BTN_SIGN0 + 2] = "sinal espadilha",
        [BTN_SIGN0 + 3] = "sinal pica-fumo", [BTN_SIGN0 + 4] = "sinal tres"};
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
    int i = (int)strspn(what, "abcdefghijklmnopqrstuvwxyz"), k = what[i] - '0';
    bool seat = what[i] && !what[i + 1] && k >= 0 && k < players(t);
    if (strncmp(what, "signs", 5) == 0 && i == 5 && seat) /* signs of seat k drawn (tests) */
        return t->sig_known[k] != 0 && (name_pos(t, k, &out->x, &out->y, &(int){0}), true);
    if (strcmp(what, "advice_waited") == 0) /* "Partner is thinking…" was shown at times */
        return t->advice_waited > 0 && (*out = unit_rect(t, mid_x(t), ME_Y, 1, 1), true);
    if (strcmp(what, "advice_pending") == 0) /* "Partner is thinking…" on show */
        return partner_advice(t) != NULL && t->advice_job != NULL &&
               (*out = unit_rect(t, mid_x(t), ME_Y - CARD_H / 2 - 56, 640, 30), true);
    if (strcmp(what, "advice") == 0) /* the partner's advice is on show (not "thinking") */
        return partner_advice(t) == t->advice &&
               (*out = unit_rect(t, mid_x(t), ME_Y - CARD_H / 2 - 56, 640, 30), true);
    if (strcmp(what, "bubble") == 0) { /* a seat's words on show */
        if (!(t->said_t > 0 && t->said[0] && t->said_seat >= 0 && t->said_seat < players(t)))
            return false;
        float x, y;
        bubble_pos(t, t->said_seat, &x, &y);
        *out = unit_rect(t, x, y, 200, 80);
        return true;
    }
    if (strcmp(what, "hand-message") == 0) { /* the end of a hand's message on show */
        if (!hand_end_shown(t))
            return false;
        char msg[200];
        int h;
        hand_message(t, msg, sizeof msg);
        *out = hand_end_rect(t, msg, (int)lroundf(22 * tb->tv.s), &h);
        return true;
    }
    if (strcmp(what, "rodada-now") == 0) { /* the rodada ringed in the panel (tests) */
        TrucoState v;
        view(t, &v);
        if (!rodada_now(&v, v.rodada))
            return false;
        *out = unit_rect(t, PANEL_X + (v.rodada - 1) * 70, 295, 58, 58);
        return true;
    }
    if (strncmp(what, "rodada-dimmed-", 14) == 0 && what[14] >= '0' && what[14] <= '2' &&
        !what[15]) /* four players: that rodada's cards drawn dimmed */
        return four(t) && what[14] - '0' < latest_rodada(t) &&
               (*out = unit_rect(t, MID4_X, MID4_Y, 700, 470), true);
    if (strcmp(what, "vira") == 0 && t->vira.on)
        *out = unit_rect(t, vira_x(t), deck_y(t), card_w(t) * t->vira.scale, CARD_H * t->vira.scale);
    else if (strcmp(what, "table") == 0 && !four(t))
        *out = unit_rect(t, MID_X, (TBOT_Y + TME_Y) / 2, 3 * card_w(t) * 1.45f, 2 * CARD_H);
    else if (strcmp(what, "table") == 0)
        *out = unit_rect(t, MID4_X, MID4_Y, 700, 470);
    else if (strncmp(what, "hand", 4) == 0 && i == 4 && seat && t->hand[k][1].on) {
        /* a seat's hand (test and scripts): the box of its middle card, grown by the others */
        const TableCard *c = &t->hand[k][1];
        float sc = c->scale > 0 ? c->scale : 1, w = card_w(t) * sc, h = CARD_H * sc;
        bool turned = fabsf(c->rot) > 45;
        *out = unit_rect(t, c->x, c->y, turned ? h : w * 2.5f, turned ? w * 2.5f : h);
    } else if (strncmp(what, "name", 4) == 0 && i == 4 && seat) {
        float x, y;
        int align;
        name_pos(t, k, &x, &y, &align);
        *out = unit_rect(t, x, y, 10, 10);
    } else
        return false;
    return true;
}

/* A hint's highlight: the card in hand (and the face-down button), or the bet's button. */
static int hint_rects(Table *tb, Action a, SDL_FRect out[2])
{
    Tr *t = (Tr *)tb;
    const TrucoState *s = tb->m->state;
    int b = 0, slot = -1, n = 0;
    if (a >= TR_TRUCO && a <= TR_DOZE)
        b = s->phase == TR_PH_ANSWER ? BTN_UP : BTN_RAISE;
    else if (a == TR_ACCEPT || a == TR_RUN)
        b = a == TR_ACCEPT ? BTN_ACCEPT : BTN_RUN;
    else if (a == TR_ONZE_PLAY || a == TR_ONZE_RUN)
        b = a == TR_ONZE_PLAY ? BTN_JOGAR : BTN_FUGIR;
    else if (a == TR_PASS)
        b = BTN_PASS;
    else if (a >= TR_SIGNAL && a < TR_SIGNAL + TR_SIGNS)
        b = BTN_SIGN0 + (a - TR_SIGNAL);
    else if (a >= TR_PLAY_SLOT && a < TR_PLAY_SLOT + TR_HAND)
        slot = a - TR_PLAY_SLOT;
    else if (a >= TR_HIDE_SLOT && a < TR_HIDE_SLOT + TR_HAND)
        slot = a - TR_HIDE_SLOT;
    else if (a >= TR_PLAY && a < TR_PLAY_SLOT)
        for (int i = 0; i < TR_HAND; i++)
            if (t->hand[ME][i].on && t->hand[ME][i].face == card_from_index(a % 100))
                slot = i;
    if (b)
        out[n++] = tb->btn[b];
    if (slot >= 0 && t->hand[ME][slot].on)
        out[n++] = unit_rect(t, t->hand[ME][slot].x, t->hand[ME][slot].y, card_w(t), CARD_H);
    if ((a >= TR_HIDE && a < TR_PLAY_SLOT) || a >= TR_HIDE_SLOT)
        if (n < 2 && shown(tb, BTN_DOWN))
            out[n++] = tb->btn[BTN_DOWN];
    return n;
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
    .banner = {MID_X, 430, 720, 250, 0, 0.23f, 0.49f, 54, 22, 0.79f}, /* its buttons inside */
    .banner_delay = 0.6f,
    .toast_x = MID_X,
    .toast_y = ME_Y - CARD_H / 2 - 70,
    .toast_at = toast_at,
    .news_at = news_at,
    .seats = seats,
    .seat_name = seat_name,
    .enter = enter,
    .leave = leave,
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
    .settings_changed = settings_changed,
    .locate = locate,
    .hint_rects = hint_rects,
    .quiet = quiet,
};

const Scene truco_scene =
    TABLE_SCENE("truco", truco_table, .rules_text = rules_text, .draw_preview = draw_preview,
                .table_options = table_options, .set_table_option = set_table_option);
