/* The Bisca table: you (south, seat 0) against one bot (north), or with a bot partner
 * (north) against two bots (east and west; play goes round counter-clockwise: south,
 * east, north, west).
 *
 * The scene keeps a sprite for every card in a hand, in the trick and on its way to a won
 * pile, in table units (a 1600 x 1000 virtual table scaled to the window). Every applied
 * action moves the sprites it concerns: a deal or a draw flies from the stock, a played
 * card flies to the trick, a full trick slides to its winner's pile. The scene applies the
 * chance actions itself, so it paces the deal and holds it while the count of a finished
 * game of a match is on the table. */
#include "bisca_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisca.h"
#include "core/rng.h"
#include "engine/ai/bot.h"
#include "ui/hand.h"
#include "ui/pacer.h"
#include "ui/resume.h"
#include "ui/table.h"
#include "ui/anim.h"
#include "ui/app.h"
#include "ui/confetti.h"
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


#define CARD_H 180.0f
#define PILE_SCALE 0.8f
#define STOCK_X 262.0f
#define STOCK_Y 150.0f
#define MID_X 800.0f
#define MID_Y 500.0f

typedef struct {
    float x, y, rot, flip, alpha, lift, scale;
    Card face; /* shown when turned up; CARD_HIDDEN: a back */
} Sprite;

enum { BTN_NONE = -1, BTN_NEXT, BTN_TWO, BTN_FOUR, BTN_COUNT };

typedef struct {
    App *app;
    Match *m;
    Anim anim;
    uint64_t session_seed;
    int game_no;     /* matches started in this session */
    int players;     /* seats of the table shown */
    int players_next;

    /* Sprites. */
    Sprite hand[BI_MAX_SEATS][BI_MAX_HAND];
    int shown[BI_MAX_SEATS];
    Sprite trick[BI_MAX_SEATS];
    int n_trick;
    Sprite fly[BI_MAX_SEATS]; /* a trick sliding to a pile */
    int n_fly;
    bool trick_full; /* a complete trick is on show before it slides away */
    Sprite trunfo;
    bool trunfo_up;   /* the trunfo lies under the stock */
    int stock_shown;  /* cards drawn in the stock's stack */
    int pile_shown[BI_TEAMS];
    int pts_shown[BI_TEAMS];
    BiscaState last; /* the view before the latest action */

    /* Layout: pixels = o + units * s. */
    TableView tv;
    SDL_FRect btn[BTN_COUNT];
    int hover, pressed;

    /* The player's hand: hover, keyboard focus, a press and a drag (the card follows the
     * pointer, held where it was grabbed). */
    Hand hand_ui;
    float grab_dx, grab_dy;

    /* Pacing. */
    float deal_wait;
    bool hold_deal; /* the count of a finished game is shown */
    BotPacer pace; /* the bot's move in progress */

    /* Reviewing the last trick (a click on a pile). */
    float review_t;

    /* The end of a game: its count. */
    bool over;       /* the game (or the match) is over and counted */
    bool count_on;   /* the count panel is on the table */
    bool match_over; /* the count ends the match (or a single game) */
    float banner;
    int result; /* +1 our team won, 0 draw, -1 lost (the game shown) */
    BiscaState count; /* the finished game: piles and points */
    char title[96], reason[200];

    TableToast toast;
    Confetti confetti; /* a win */
    float time;
} TBisca;

/* ---- Units and pixels ---- */

static float card_w(const TBisca *t) { return table_card_w(&t->tv, CARD_H); }

/* Where a seat sits on the screen: 0 south, 1 east, 2 north, 3 west (4 players); with 2
 * players seat 1 sits north. */
typedef enum { SIDE_SOUTH, SIDE_EAST, SIDE_NORTH, SIDE_WEST } Side;

static Side side_of(const TBisca *t, int seat)
{
    if (t->players == 2)
        return seat == 0 ? SIDE_SOUTH : SIDE_NORTH;
    return (Side)seat;
}

/* The centre of a hand, and whether it runs vertically. */
static void hand_anchor(Side side, float *x, float *y, bool *vertical)
{
    static const float ax[4] = {MID_X, 1492, MID_X, 108};
    static const float ay[4] = {840, MID_Y, 150, MID_Y};
    *x = ax[side];
    *y = ay[side];
    *vertical = side == SIDE_EAST || side == SIDE_WEST;
}

/* The place of card i of n in a seat's hand. */
static void slot_pos(const TBisca *t, int seat, int i, int n, float *x, float *y, float *rot)
{
    Side side = side_of(t, seat);
    HandLayout l = {.card_w = card_w(t)};
    hand_anchor(side, &l.x, &l.y, &l.vertical);
    l.max_span = side == SIDE_SOUTH ? 880 : l.vertical ? 460 : 600;
    l.step = side == SIDE_SOUTH ? l.card_w * 1.08f : l.card_w * 0.62f;
    l.rot = l.vertical ? 90 : 0;
    hand_slot(&l, i, n, x, y, rot);
}

/* Where a seat's card lies in the trick (pos = its place in the play order). */
static void trick_pos(const TBisca *t, int seat, int pos, float *x, float *y, float *rot)
{
    if (t->players == 2) {
        *x = MID_X - 40 + 80 * pos;
        *y = MID_Y - 10 + 20 * pos;
        *rot = pos ? 7 : -5;
        return;
    }
    static const float dx[4] = {0, 112, 0, -112}, dy[4] = {80, 0, -80, 0}, r[4] = {-3, 86, 4, 94};
    Side s = side_of(t, seat);
    *x = MID_X + dx[s];
    *y = MID_Y + dy[s];
    *rot = r[s];
}

static void pile_pos(int team, float *x, float *y)
{
    *x = 1336;
    *y = team == 0 ? 866 : 134;
}

/* ---- What the player sees ---- */

static void view(const TBisca *t, BiscaState *v)
{
    if (t->app->set.show_opponents)
        *v = *(const BiscaState *)t->m->state;
    else
        match_view(t->m, 0, v);
}

static bool player_can_act(const TBisca *t)
{
    return t->m && match_current_player(t->m) == 0 && !t->m->seats[0].bot &&
           !pacer_demo(&t->pace) && !t->hold_deal;
}

static const char *seat_name(const TBisca *t, int seat)
{
    if (seat == 0)
        return _("You");
    if (t->players == 2)
        return _("Computer");
    static const char *const names[4] = {"", N_("East"), N_("Partner"), N_("West")};
    return _(names[seat]);
}

static const char *team_name(const TBisca *t, int team)
{
    if (t->players == 2)
        return team == 0 ? _("You") : _("Computer");
    return team == 0 ? _("Your team") : _("Their team");
}

static Rgba team_colour(int team)
{
    return team == 0 ? rgba(96, 180, 230, 255) : rgba(226, 120, 96, 255);
}

/* ---- Effects ---- */

static void sound_cb(void *user, int id) { app_sound(((TBisca *)user)->app, (SoundId)id); }

static void toast(TBisca *t, const char *msg)
{
    table_toast(&t->toast, msg, 2.6f);
}

/* ---- Keeping sprites in step with the match ---- */

static Sprite sprite_at(float x, float y, float rot, Card face, float flip)
{
    return (Sprite){x, y, rot, flip, 1, 0, 1, face};
}

static void regroup_hand(TBisca *t, int seat, float dur)
{
    int n = t->shown[seat];
    for (int i = 0; i < n; i++) {
        float x, y, r;
        slot_pos(t, seat, i, n, &x, &y, &r);
        Sprite *s = &t->hand[seat][i];
        anim_to(&t->anim, &s->x, x, dur, 0, EASE_OUT_CUBIC);
        anim_to(&t->anim, &s->y, y, dur, 0, EASE_OUT_CUBIC);
        anim_to(&t->anim, &s->rot, r, dur, 0, EASE_OUT_CUBIC);
    }
}

/* Everything where it belongs at once (entering, a resize, a new table). */
static void place_instantly(TBisca *t)
{
    anim_clear(&t->anim);
    BiscaState v;
    view(t, &v);
    t->players = v.n;
    for (int p = 0; p < v.n; p++) {
        t->shown[p] = v.n_hand[p];
        for (int i = 0; i < v.n_hand[p]; i++) {
            float x, y, r;
            slot_pos(t, p, i, v.n_hand[p], &x, &y, &r);
            Card c = v.hand[p][i];
            t->hand[p][i] = sprite_at(x, y, r, c, c == CARD_HIDDEN ? 0 : 1);
        }
    }
    for (int p = v.n; p < BI_MAX_SEATS; p++)
        t->shown[p] = 0;
    t->n_trick = v.n_trick;
    for (int i = 0; i < v.n_trick; i++) {
        float x, y, r;
        trick_pos(t, (v.leader + i) % v.n, i, &x, &y, &r);
        t->trick[i] = sprite_at(x, y, r, v.trick[i], 1);
    }
    t->n_fly = 0;
    t->trunfo_up = v.trunfo != CARD_NONE && v.stock > 0;
    t->trunfo = sprite_at(STOCK_X + 78, STOCK_Y, 90, v.trunfo, 1);
    t->stock_shown = v.stock - (t->trunfo_up ? 1 : 0);
    for (int k = 0; k < BI_TEAMS; k++) {
        t->pile_shown[k] = v.n_pile[k];
        t->pts_shown[k] = v.points[k];
    }
    t->last = v;
}

static int seat_holding(const BiscaState *s, Card c)
{
    for (int p = 0; p < s->n; p++)
        for (int i = 0; i < s->n_hand[p]; i++)
            if (s->hand[p][i] == c)
                return p;
    return -1;
}

/* A card arrives in a seat's hand from the stock (or, for the trunfo, from under it). */
static void card_arrives(TBisca *t, const BiscaState *v, int seat, bool is_trunfo, float k)
{
    int i = t->shown[seat];
    if (i >= BI_MAX_HAND)
        return;
    Sprite *s = &t->hand[seat][i];
    anim_forget(&t->anim, s, s + 1);
    if (is_trunfo) {
        *s = t->trunfo;
        t->trunfo_up = false;
    } else {
        *s = sprite_at(STOCK_X - 4, STOCK_Y - 4, 0, CARD_HIDDEN, 0);
        if (t->stock_shown > 0)
            t->stock_shown--;
    }
    s->face = v->hand[seat][v->n_hand[seat] - 1];
    t->shown[seat] = i + 1;
    regroup_hand(t, seat, 0.4f * k);
    if (s->face != CARD_HIDDEN)
        anim_to(&t->anim, &s->flip, 1, 0.22f, 0.18f, EASE_IN_OUT_CUBIC);
    else
        anim_to(&t->anim, &s->flip, 0, 0.22f, 0.1f, EASE_IN_OUT_CUBIC);
    app_sound(t->app, SND_DEAL);
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
    t->trick_full = false;
    t->n_fly = t->n_trick;
    memcpy(t->fly, t->trick, sizeof t->fly);
    t->n_trick = 0;
    float x, y;
    pile_pos(team, &x, &y);
    for (int i = 0; i < t->n_fly; i++) {
        Sprite *s = &t->fly[i];
        float d = 0.03f * i;
        anim_to(&t->anim, &s->x, x, 0.42f, d, EASE_IN_OUT_CUBIC);
        anim_to(&t->anim, &s->y, y, 0.42f, d, EASE_IN_OUT_CUBIC);
        anim_to(&t->anim, &s->rot, 0, 0.42f, d, EASE_IN_OUT_CUBIC);
        anim_to(&t->anim, &s->scale, PILE_SCALE, 0.42f, d, EASE_IN_OUT_CUBIC);
        anim_to(&t->anim, &s->flip, 0, 0.3f, d + 0.1f, EASE_IN_OUT_CUBIC);
    }
    app_sound(t->app, SND_SLIDE);
    anim_call(&t->anim, 0.5f, slide_done, t, team);
}

/* ---- Games ---- */

static void save_session(TBisca *t)
{
    Kv *kv = &t->app->kv;
    kv_set_u64(kv, "bisca.session_seed", t->session_seed);
    kv_set_int(kv, "bisca.game", t->game_no);
    kv_set_int(kv, "bisca.players", t->players_next);
    app_save_settings(t->app);
}

static void reset_view(TBisca *t)
{
    t->over = t->count_on = t->match_over = false;
    t->banner = 0;
    t->hold_deal = false;
    t->title[0] = t->reason[0] = '\0';
    pacer_reset(&t->pace);
    confetti_clear(&t->confetti);
    t->review_t = 0;
    hand_reset(&t->hand_ui);
    t->hand_ui.focus = 0;
}

static bool new_match(TBisca *t)
{
    App *a = t->app;
    GameOptions opt;
    app_game_options(a, &bisca_rules, &opt);
    int n = t->players_next == 4 ? 4 : 2;
    SeatSpec seats[BI_MAX_SEATS];
    for (int p = 0; p < n; p++)
        seats[p] = (SeatSpec){p != 0, a->set.difficulty};
    uint64_t seed = rng_mix(t->session_seed, (uint64_t)t->game_no);
    char err[256];
    Match *m = match_create(&bisca_rules, &opt, n, seats, seed, err, sizeof err);
    if (!m) {
        app_notice(a, _("A new game could not be dealt: %s"), err);
        return false;
    }
    if (t->m)
        match_free(t->m);
    t->m = m;
    app_attach_match(a, m);
    t->game_no++;
    save_session(t);
    reset_view(t);
    place_instantly(t);
    t->count = t->last;
    t->trick_full = false;
    t->deal_wait = 0.3f * app_speed_factor(a);
    return true;
}

static void make_result(TBisca *t)
{
    const BiscaState *c = &t->count;
    int us = c->points[0], them = c->points[1];
    t->result = us > 60 ? 1 : them > 60 ? -1 : 0;
    if (t->match_over && c->match) {
        const BiscaState *s = t->m->state;
        int won = s->winner == 0;
        snprintf(t->title, sizeof t->title, "%s", won ? _("You win the match!") : _("You lose the match"));
        snprintf(t->reason, sizeof t->reason, _("Marks %d to %d. Last game: %d to %d."),
                 s->marks[0], s->marks[1], us, them);
        t->result = won ? 1 : -1;
        return;
    }
    if (t->result > 0)
        snprintf(t->title, sizeof t->title, "%s",
                 us == 120 ? _("Bandeira: all 120 points!")
                           : t->players == 4 ? _("Your team wins!") : _("You win!"));
    else if (t->result < 0)
        snprintf(t->title, sizeof t->title, "%s",
                 t->players == 4 ? _("Your team loses") : _("You lose"));
    else
        snprintf(t->title, sizeof t->title, "%s", _("Draw: 60 to 60"));
    if (c->match) {
        const BiscaState *s = t->m->state;
        int m = bisca_marks_for(t->result > 0 ? us : them);
        snprintf(t->reason, sizeof t->reason,
                 P_("%d to %d points: %d mark. Marks %d to %d.",
                    "%d to %d points: %d marks. Marks %d to %d.", m),
                 us, them, m, s->marks[0], s->marks[1]);
    } else {
        snprintf(t->reason, sizeof t->reason, _("%d to %d points."), us, them);
    }
}

static void show_count(void *user, int live)
{
    TBisca *t = user;
    t->count_on = true;
    t->banner = 0;
    anim_to(&t->anim, &t->banner, 1, 0.35f, 0, EASE_OUT_BACK);
    if (live && t->result > 0) {
        app_sound(t->app, SND_WIN);
        if (app_speed_factor(t->app) > 0)
            confetti_burst(&t->confetti, MID_X, 470);
    } else if (live && t->result < 0) {
        app_sound(t->app, SND_LOSE);
    }
}

/* A game has ended: `count` holds its piles. In match mode the match may go on. */
static void game_over(TBisca *t, bool live, float delay)
{
    t->match_over = match_is_over(t->m);
    t->hold_deal = !t->match_over; /* the next game of the match waits for the player */
    make_result(t);
    if (t->match_over && !t->over) {
        t->over = true;
        if (live) {
            Difficulty d = t->m->seats[1].difficulty;
            stats_record(&t->app->stats, "bisca", d, t->result);
            app_save_stats(t->app);
        }
    }
    if (live)
        anim_call(&t->anim, delay, show_count, t, 1);
    else
        show_count(t, 0), t->banner = 1;
}

/* The next game of a match: the cards go back to the stock, then the deal. */
static void next_game(TBisca *t)
{
    if (!t->m)
        return;
    if (match_is_over(t->m)) {
        anim_finish(&t->anim);
        new_match(t);
        return;
    }
    t->count_on = false;
    t->banner = 0;
    t->hold_deal = false;
    confetti_clear(&t->confetti);
    anim_finish(&t->anim);
    place_instantly(t);
    app_sound(t->app, SND_SHUFFLE);
    t->deal_wait = 0.4f * app_speed_factor(t->app);
}

/* ---- Actions ---- */

static void on_action(void *self, const Match *m, int player, Action a)
{
    TBisca *t = self;
    (void)m;
    BiscaState v;
    view(t, &v);
    const BiscaState *real = t->m->state;
    float k = 1.0f;
    if (v.n != t->players) {
        t->last = v;
        place_instantly(t);
        return;
    }
    if (player == PLAYER_CHANCE) {
        if (a >= BI_ACT_TRUNFO && a < BI_ACT_TRUNFO + 52) {
            /* The trunfo is turned and laid under the stock. */
            t->trunfo = sprite_at(STOCK_X - 4, STOCK_Y - 4, 0, v.trunfo, 0);
            anim_to(&t->anim, &t->trunfo.x, STOCK_X + 78, 0.35f, 0, EASE_OUT_CUBIC);
            anim_to(&t->anim, &t->trunfo.y, STOCK_Y, 0.35f, 0, EASE_OUT_CUBIC);
            anim_to(&t->anim, &t->trunfo.rot, 90, 0.35f, 0, EASE_OUT_CUBIC);
            anim_to(&t->anim, &t->trunfo.flip, 1, 0.3f, 0.1f, EASE_IN_OUT_CUBIC);
            anim_call(&t->anim, 0.1f, sound_cb, t, SND_FLIP);
            t->trunfo_up = true;
            if (t->stock_shown > 0)
                t->stock_shown--;
        } else if ((a >= BI_ACT_DEAL && a < BI_ACT_DEAL + 52) ||
                   (a >= BI_ACT_DRAW && a < BI_ACT_DRAW + 52)) {
            Card c = card_from_index(a % 100);
            int seat = seat_holding(real, c);
            if (seat >= 0)
                card_arrives(t, &v, seat, a >= BI_ACT_DRAW && c == v.trunfo && t->trunfo_up, k);
        }
        t->last = v;
        return;
    }
    if (a < BI_ACT_PLAY || a >= BI_ACT_PLAY + 52 || player < 0 || player >= t->players)
        return;
    Card c = card_from_index(a - BI_ACT_PLAY);
    /* Which sprite leaves the hand: the card itself when it was face up, else one from
     * the middle of the hidden hand. */
    int n = t->shown[player], idx = -1;
    for (int i = 0; i < n; i++)
        if (t->hand[player][i].face == c)
            idx = i;
    if (idx < 0)
        for (int i = 0; i < t->last.n_hand[player] && i < n; i++)
            if (t->last.hand[player][i] == c)
                idx = i;
    if (idx < 0)
        idx = n > 0 ? (n - 1) / 2 : -1;
    if (idx >= 0 && t->n_trick < BI_MAX_SEATS) {
        Sprite s = t->hand[player][idx];
        anim_forget(&t->anim, &t->hand[player][0], &t->hand[player][BI_MAX_HAND]);
        memmove(&t->hand[player][idx], &t->hand[player][idx + 1],
                sizeof(Sprite) * (size_t)(n - 1 - idx));
        t->shown[player] = n - 1;
        regroup_hand(t, player, 0.3f);
        int pos = t->n_trick;
        Sprite *d = &t->trick[t->n_trick++];
        anim_forget(&t->anim, d, d + 1);
        *d = s;
        d->face = c;
        d->lift = 0;
        float x, y, r;
        trick_pos(t, player, pos, &x, &y, &r);
        anim_to(&t->anim, &d->x, x, 0.34f, 0, EASE_OUT_CUBIC);
        anim_to(&t->anim, &d->y, y, 0.34f, 0, EASE_OUT_CUBIC);
        anim_to(&t->anim, &d->rot, r, 0.34f, 0, EASE_OUT_CUBIC);
        if (d->flip < 1)
            anim_to(&t->anim, &d->flip, 1, 0.26f, 0.04f, EASE_IN_OUT_CUBIC);
        app_sound(t->app, SND_FLIP);
    }
    hand_clamp_focus(&t->hand_ui);
    /* A full trick: shown for a moment, then it slides to its winner. */
    if (t->last.n_trick == t->last.n - 1) {
        BiscaState done = t->last;
        int w = real->last_winner;
        int team = bisca_team(w);
        int pts = 0;
        for (int i = 0; i < done.n_trick; i++)
            pts += bisca_card_points(done.trick[i], done.portuguese);
        pts += bisca_card_points(c, done.portuguese);
        /* The count so far, kept for the pile labels and for the end of a game (in match
         * mode the state has already moved on to the next game). */
        t->count = done;
        for (int i = 0; i < done.n_trick; i++)
            t->count.pile[team][t->count.n_pile[team]++] = done.trick[i];
        t->count.pile[team][t->count.n_pile[team]++] = c;
        t->count.points[team] = (uint8_t)(done.points[team] + pts);
        float hold = 0.85f;
        t->trick_full = true;
        anim_call(&t->anim, hold, slide_trick, t, team);
        t->deal_wait = (hold + 0.55f) * app_speed_factor(t->app);
        bool ended = real->phase == BI_PHASE_OVER || real->game != done.game;
        if (ended)
            game_over(t, true, hold + 0.6f);
    }
    t->last = v;
    /* The sprites must match the view; if they ever do not, start again from the view. */
    for (int p = 0; p < v.n; p++)
        if (t->shown[p] != v.n_hand[p]) {
            place_instantly(t);
            break;
        }
}

/* ---- Scene functions ---- */

static int hand_places(void *user) { return ((const TBisca *)user)->shown[0]; }

static bool hand_rect(void *user, int i, SDL_FRect *out)
{
    const TBisca *t = user;
    const Sprite *s = &t->hand[0][i];
    *out = unit_rect(t, s->x, s->y - s->lift * 18, card_w(t), CARD_H);
    return true;
}

static const HandGeometry hand_geometry = {hand_places, hand_rect};

static void *enter(App *app, const Scene *sc)
{
    (void)sc;
    TBisca *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->app = app;
    t->hover = t->pressed = BTN_NONE;
    hand_init(&t->hand_ui, app, &t->anim, &hand_geometry, t);
    hand_bind_lift(&t->hand_ui, &t->hand[0][0].lift, sizeof(Sprite));
    t->hand_ui.arrows = true;
    t->hand_ui.digits = 9;
    t->tv.cw = (float)cardart_aspect(app->art);
    anim_init(&t->anim, app_speed_factor(app));
    pacer_init(&t->pace, DIFF_MEDIUM);
    Kv *kv = &app->kv;
    t->game_no = kv_get_int(kv, "bisca.game", 0, 0, 2000000000);
    t->players_next = kv_get_int(kv, "bisca.players", 2, 2, 4) == 4 ? 4 : 2;
    SavedGame saved = {
        "bisca", &bisca_rules, 0,
        _("The saved Bisca game could not be resumed (%s); a new game is dealt."),
        _("not a Bisca game")};
    t->m = app_resume_match(app, &saved);
    t->session_seed = app_session_seed(app, "bisca", &t->game_no);
    confetti_init(&t->confetti, t->session_seed ^ 0xB15CAULL);

    if (!t->m && !new_match(t)) {
        free(t);
        return NULL;
    }
    if (t->m) {
        place_instantly(t);
        const BiscaState *s = t->m->state;
        t->count = *s;
        if (match_is_over(t->m))
            game_over(t, false, 0);
    }
    return t;
}

static void leave(void *self)
{
    TBisca *t = self;
    table_close(&t->tv, t->m);
    free(t);
}

static void layout(void *self, int w, int h)
{
    TBisca *t = self;
    App *a = t->app;
    table_layout(&t->tv, a, w, h, rgba(34, 110, 64, 255), rgba(9, 46, 27, 255));
    t->btn[BTN_NEXT] = unit_rect(t, MID_X, 770, 300, 64);
    t->btn[BTN_TWO] = unit_rect(t, 118, 952, 150, 52);
    t->btn[BTN_FOUR] = unit_rect(t, 278, 952, 150, 52);
}

/* ---- Input ---- */

static bool pile_at(const TBisca *t, float px, float py)
{
    for (int k = 0; k < BI_TEAMS; k++) {
        float x, y;
        pile_pos(k, &x, &y);
        SDL_FRect r = unit_rect(t, x, y, card_w(t) * PILE_SCALE + 20, CARD_H * PILE_SCALE + 20);
        if (rect_has(r, px, py))
            return true;
    }
    return false;
}

static void submit(TBisca *t, Action a)
{
    if (!t->m)
        return;
    if (pacer_demo(&t->pace)) {
        toast(t, _("The demonstration plays by itself."));
        return;
    }
    if (t->trick_full)
        anim_finish(&t->anim); /* the player is quicker than the trick on show */
    int cur = match_current_player(t->m);
    const char *e;
    if (t->hold_deal || cur == PLAYER_TERMINAL)
        e = _("The game is over: deal the next one.");
    else if (cur == PLAYER_CHANCE)
        e = _("Wait for the cards being dealt.");
    else if (cur != 0)
        e = _("Wait for your turn.");
    else
        e = match_submit(t->m, 0, a);
    if (e)
        toast(t, _(e));
}

static void play_index(TBisca *t, int i)
{
    if (i < 0 || i >= t->shown[0])
        return;
    Card c = t->hand[0][i].face;
    if (c == CARD_HIDDEN || c == CARD_NONE)
        return;
    submit(t, BI_ACT_PLAY + card_index(c));
}

static int button_at(const TBisca *t, float x, float y)
{
    if (t->count_on && t->banner > 0.5f && rect_has(t->btn[BTN_NEXT], x, y))
        return BTN_NEXT;
    if (!t->count_on) {
        if (rect_has(t->btn[BTN_TWO], x, y))
            return BTN_TWO;
        if (rect_has(t->btn[BTN_FOUR], x, y))
            return BTN_FOUR;
    }
    return BTN_NONE;
}

static void choose_players(TBisca *t, int n)
{
    if (t->players_next == n)
        return;
    t->players_next = n;
    save_session(t);
    /* Before the first card is played the table changes at once; otherwise from the next
     * game. */
    const BiscaState *s = t->m ? t->m->state : NULL;
    bool untouched = s && s->game == 0 && s->n_pile[0] + s->n_pile[1] + s->n_trick == 0;
    if (!s || untouched || match_is_over(t->m)) {
        anim_finish(&t->anim);
        new_match(t);
    } else {
        toast(t, n == 4 ? _("Four players in teams from the next game.")
                        : _("Two players from the next game."));
    }
}

static void press(TBisca *t, int b)
{
    app_sound(t->app, SND_CLICK);
    if (b == BTN_NEXT)
        next_game(t);
    else if (b == BTN_TWO)
        choose_players(t, 2);
    else if (b == BTN_FOUR)
        choose_players(t, 4);
}

static bool event(void *self, const SDL_Event *e)
{
    TBisca *t = self;
    Hand *h = &t->hand_ui;
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        t->hover = button_at(t, x, y);
        if (hand_motion(h, x, y, player_can_act(t)) && h->press < t->shown[0]) {
            Sprite *s = &t->hand[0][h->press];
            anim_forget(&t->anim, s, s + 1);
            s->x = UX(t, x) - t->grab_dx;
            s->y = UY(t, y) - t->grab_dy;
            s->rot = fmaxf(-10, fminf(10, (float)e->motion.xrel * 0.8f));
            s->lift = 1;
        } else if (!t->count_on) {
            hand_hover_at(h, x, y, player_can_act(t));
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
        if (t->count_on)
            return true;
        if (pile_at(t, x, y)) {
            if (t->m && ((BiscaState *)t->m->state)->last_winner >= 0)
                t->review_t = t->review_t > 0 ? 0 : 3.0f;
            return true;
        }
        bool play;
        int i = hand_press(h, &e->button, &play);
        if (i >= 0) {
            if (play) {
                play_index(t, i);
            } else {
                t->grab_dx = UX(t, x) - t->hand[0][i].x;
                t->grab_dy = UY(t, y) - t->hand[0][i].y;
            }
            return true;
        }
        if (t->review_t > 0) {
            t->review_t = 0;
            return true;
        }
        return false;
    }
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        bool dragging = h->dragging;
        int i = hand_release(h);
        if (dragging) {
            float ay = UY(t, y);
            if (i >= 0 && i < t->shown[0] && ay < 700) {
                Card c = t->hand[0][i].face;
                submit(t, BI_ACT_PLAY + card_index(c));
            }
            /* Not played (or refused): back to its place. */
            regroup_hand(t, 0, 0.25f);
            if (i >= 0 && i < t->shown[0])
                anim_to(&t->anim, &t->hand[0][i].lift, 0, 0.2f, 0, EASE_OUT_QUAD);
            return true;
        }
        int b = button_at(t, x, y);
        int was = t->pressed;
        t->pressed = BTN_NONE;
        if (b != BTN_NONE && b == was) {
            press(t, b);
            return true;
        }
        return false;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        if (t->count_on) {
            if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE || k == SDLK_n) {
                if (t->banner > 0.5f || app_speed_factor(t->app) <= 0)
                    next_game(t);
                return true;
            }
            return false;
        }
        int i = hand_key(h, k, player_can_act(t));
        if (i >= 0)
            play_index(t, i);
        if (i != HAND_KEY_NONE)
            return true;
        if (k == SDLK_l) {
            t->review_t = t->review_t > 0 ? 0 : 3.0f;
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
static void drive_bot(TBisca *t, float dt)
{
    float f = app_speed_factor(t->app);
    if (t->hold_deal)
        pacer_reset(&t->pace);
    else
        pacer_drive(&t->pace, t->app, t->m, anim_busy(&t->anim) && f > 0, dt, 0.45f * f,
                    0.5f * f);
}

static void update(void *self, float dt)
{
    TBisca *t = self;
    t->time += dt;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    anim_update(&t->anim, dt);
    table_toast_update(&t->toast, dt);
    if (t->review_t > 0)
        t->review_t -= dt;
    confetti_update(&t->confetti, dt, TABLE_H + 40);
    if (!t->m)
        return;
    float f = app_speed_factor(t->app);
    if (t->deal_wait > 0)
        t->deal_wait -= dt;
    int guard = 0;
    while (!t->hold_deal && match_current_player(t->m) == PLAYER_CHANCE && t->deal_wait <= 0 &&
           guard++ < 128) {
        const BiscaState *s = t->m->state;
        bool dealing = s->phase == BI_PHASE_DEAL || s->phase == BI_PHASE_LEADER;
        if (match_apply(t->m, match_next_chance(t->m)) != NULL)
            break;
        t->deal_wait = (dealing ? 0.12f : 0.22f) * f;
        if (f > 0)
            break;
    }
    if (match_current_player(t->m) != PLAYER_CHANCE)
        drive_bot(t, dt);
    if (pacer_demo_next(&t->pace, t->app, t->count_on && t->banner >= 1, dt, 1.2f))
        next_game(t);
}

/* ---- Drawing ---- */

static void draw_sprite(TBisca *t, const Sprite *s, float extra_lift)
{
    App *a = t->app;
    float flip = s->flip;
    float wscale = fabsf(cosf(flip * 3.14159265f));
    Card c = flip >= 0.5f && s->face != CARD_HIDDEN ? s->face : CARD_HIDDEN;
    float lift = (s->lift + extra_lift) * 18;
    float cx = PX(t, s->x), cy = PY(t, s->y - lift);
    float w = card_w(t) * t->tv.s * s->scale, h = CARD_H * t->tv.s * s->scale;
    float ww = w * fmaxf(wscale, 0.02f);
    h *= 1 + sinf(flip * 3.14159265f) * 0.06f;
    SDL_FRect d = {cx - ww / 2, cy - h / 2, ww, h};
    Uint8 alpha = (Uint8)(255 * fmaxf(0, fminf(1, s->alpha)));
    SDL_FRect sh = d;
    float off = (3 + lift * 0.6f) * t->tv.s;
    sh.x += off * 0.5f;
    sh.y += off;
    cardart_draw_shadow(a->art, a->ren, &sh, s->rot, alpha);
    cardart_draw(a->art, a->ren, c, &d, s->rot, alpha);
}

/* A name plate: a team-coloured dot, the name, and a value chip. */
static void draw_label(TBisca *t, float cx, float cy, const char *name, const char *value,
                       int team, bool active)
{
    App *a = t->app;
    int fs = (int)lroundf(22 * t->tv.s);
    int nw = 0, nh = 0, vw = 0, vh = 0;
    if (name)
        text_measure(a->text, name, fs, true, &nw, &nh);
    if (value && *value)
        text_measure(a->text, value, fs, true, &vw, &vh);
    float pad = 16 * t->tv.s, h = 42 * t->tv.s, dot = 14 * t->tv.s;
    float chip = value && *value ? vw + 24 * t->tv.s : 0;
    float w = nw + 2 * pad + dot + (name ? 10 * t->tv.s : 0) + (chip > 0 ? chip + 8 * t->tv.s : 0);
    SDL_FRect r = {PX(t, cx) - w / 2, PY(t, cy) - h / 2, w, h};
    draw_rounded(a->ren, r, h / 2, active ? rgba(0, 0, 0, 120) : rgba(0, 0, 0, 70));
    if (active)
        draw_rounded_outline(a->ren, r, h / 2, fmaxf(1.5f, 2 * t->tv.s), rgba(236, 196, 96, 210));
    draw_circle(a->ren, r.x + pad + dot / 2, r.y + h / 2, dot / 2, team_colour(team));
    if (name)
        text_draw(a->text, name, fs, true, active ? COL_GOLD : COL_TEXT,
                  r.x + pad + dot + 10 * t->tv.s, r.y + h / 2, TEXT_LEFT | TEXT_MIDDLE);
    if (chip > 0) {
        SDL_FRect c = {r.x + r.w - chip - 6 * t->tv.s, r.y + 6 * t->tv.s, chip, h - 12 * t->tv.s};
        draw_rounded(a->ren, c, c.h / 2, rgba(246, 241, 226, 235));
        text_draw(a->text, value, fs, true, COL_INK, c.x + c.w / 2, c.y + c.h / 2,
                  TEXT_CENTER | TEXT_MIDDLE);
    }
}

static void label_pos(const TBisca *t, int seat, float *x, float *y)
{
    Side side = side_of(t, seat);
    switch (side) {
    case SIDE_SOUTH:
        *x = MID_X, *y = 966;
        break;
    case SIDE_NORTH:
        *x = MID_X, *y = 268;
        break;
    case SIDE_EAST:
        *x = 1456, *y = 790;
        break;
    default:
        *x = 144, *y = 790;
        break;
    }
}

static void draw_stock(TBisca *t, const BiscaState *v)
{
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    SDL_FRect slot = unit_rect(t, STOCK_X, STOCK_Y, card_w(t), CARD_H);
    if (t->trunfo_up)
        draw_sprite(t, &t->trunfo, 0);
    if (t->stock_shown > 0 || !t->trunfo_up)
        cardart_draw_slot(a->art, r, &slot);
    int layers = t->stock_shown > 0 ? 1 + (t->stock_shown - 1) / 6 : 0;
    for (int i = 0; i < layers && i < 6; i++) {
        Sprite s = sprite_at(STOCK_X - i * 1.5f, STOCK_Y - i * 1.5f, 0, CARD_HIDDEN, 0);
        draw_sprite(t, &s, 0);
    }
    /* The count, and the trump suit once the trunfo has left the table. */
    char b[64];
    int left = t->stock_shown + (t->trunfo_up ? 1 : 0);
    if (v->trunfo) {
        if (left > 0)
            snprintf(b, sizeof b, P_("%d card", "%d cards", left), left);
        else
            snprintf(b, sizeof b, _("Trumps: %s"), card_suit_symbol(card_suit(v->trunfo)));
        text_draw(a->text, b, (int)lroundf(19 * t->tv.s), true, COL_TEXT, PX(t, STOCK_X),
                  PY(t, STOCK_Y + CARD_H / 2 + 24), TEXT_CENTER | TEXT_MIDDLE);
    }
}

static void draw_piles(TBisca *t)
{
    App *a = t->app;
    for (int k = 0; k < BI_TEAMS; k++) {
        float x, y;
        pile_pos(k, &x, &y);
        SDL_FRect slot = unit_rect(t, x, y, card_w(t) * PILE_SCALE, CARD_H * PILE_SCALE);
        if (t->pile_shown[k] == 0)
            cardart_draw_slot(a->art, a->ren, &slot);
        int layers = t->pile_shown[k] > 0 ? 1 + (t->pile_shown[k] - 1) / 5 : 0;
        for (int i = 0; i < layers && i < 8; i++) {
            Sprite s = sprite_at(x - i * 1.2f, y - i * 1.2f, (i % 2) ? 2.5f : -2.0f, CARD_HIDDEN, 0);
            s.scale = PILE_SCALE;
            draw_sprite(t, &s, 0);
        }
        char pts[32];
        snprintf(pts, sizeof pts, "%d", t->pts_shown[k]);
        float ly = k == 0 ? y - CARD_H * PILE_SCALE / 2 - 26 : y + CARD_H * PILE_SCALE / 2 + 26;
        draw_label(t, x, ly, NULL, pts, k, false);
    }
}

static void draw_review(TBisca *t)
{
    App *a = t->app;
    const BiscaState *s = t->m->state;
    if (s->last_winner < 0)
        return;
    float al = fminf(1, t->review_t * 3);
    int n = s->n;
    float cw = card_w(t) * 0.8f, gap = 24;
    float pw = n * (cw + gap) + 60, ph = CARD_H * 0.8f + 130;
    SDL_FRect p = unit_rect(t, MID_X, MID_Y, pw, ph);
    draw_shadow(a->ren, p, 20 * t->tv.s, 22 * t->tv.s, rgba(0, 0, 0, (Uint8)(110 * al)));
    draw_rounded(a->ren, p, 20 * t->tv.s, rgba(12, 26, 18, (Uint8)(238 * al)));
    text_draw(a->text, _("Last trick"), (int)lroundf(22 * t->tv.s), true, rgba_alpha(COL_GOLD, al),
              PX(t, MID_X), p.y + 28 * t->tv.s, TEXT_CENTER | TEXT_MIDDLE);
    for (int i = 0; i < n; i++) {
        int seat = (s->last_leader + i) % n;
        float x = MID_X - (n - 1) * (cw + gap) / 2 + i * (cw + gap);
        Sprite c = sprite_at(x, MID_Y + 4, 0, s->last_trick[i], 1);
        c.scale = 0.8f;
        c.alpha = al;
        draw_sprite(t, &c, 0);
        bool won = seat == s->last_winner;
        text_draw(a->text, seat_name(t, seat), (int)lroundf(17 * t->tv.s), won,
                  rgba_alpha(won ? COL_GOLD : COL_TEXT, al), PX(t, x),
                  PY(t, MID_Y + CARD_H * 0.4f + 30), TEXT_CENTER | TEXT_MIDDLE);
    }
}

static int cmp_pile(const void *x, const void *y)
{
    Card a = *(const Card *)x, b = *(const Card *)y;
    int pa = bisca_card_points(a, false) * 16 + card_rank(a) % 16;
    int pb = bisca_card_points(b, false) * 16 + card_rank(b) % 16;
    if (pa != pb)
        return pb - pa;
    return (int)a - (int)b;
}

/* The count: each side's won cards, the points first, and the result. */
static void draw_count(TBisca *t)
{
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    float k = t->banner;
    float al = fminf(1, k);
    float pw = 1240 * (0.9f + 0.1f * k), ph = 700 * (0.9f + 0.1f * k);
    SDL_FRect p = unit_rect(t, MID_X, 470, pw, ph);
    Rgba accent = t->result > 0 ? COL_GOLD : t->result < 0 ? COL_RED : COL_TEXT;
    draw_shadow(r, p, 24 * t->tv.s, 26 * t->tv.s, rgba(0, 0, 0, (Uint8)(120 * al)));
    draw_rounded(r, p, 24 * t->tv.s, rgba(12, 26, 18, (Uint8)(240 * al)));
    draw_rounded_outline(r, p, 24 * t->tv.s, fmaxf(2, 3 * t->tv.s), rgba_alpha(accent, al));
    text_draw(a->text, t->title, (int)lroundf(48 * t->tv.s), true, rgba_alpha(accent, al),
              PX(t, MID_X), PY(t, 180), TEXT_CENTER | TEXT_MIDDLE);
    text_draw_fit(a->text, t->reason, (int)lroundf(22 * t->tv.s), false, rgba_alpha(COL_TEXT, al),
                  PX(t, MID_X), PY(t, 232), TEXT_CENTER | TEXT_MIDDLE, 1100 * t->tv.s);
    const BiscaState *c = &t->count;
    for (int team = 0; team < BI_TEAMS; team++) {
        float y = team == 0 ? 375 : 570;
        char b[96];
        snprintf(b, sizeof b, "%s  %d", team_name(t, team), c->points[team]);
        draw_circle(r, PX(t, 218), PY(t, y - 92), 8 * t->tv.s, team_colour(team));
        text_draw(a->text, b, (int)lroundf(22 * t->tv.s), true, rgba_alpha(COL_TEXT, al),
                  PX(t, 234), PY(t, y - 92), TEXT_LEFT | TEXT_MIDDLE);
        Card cards[BI_DECK];
        int n = c->n_pile[team];
        memcpy(cards, c->pile[team], (size_t)n);
        qsort(cards, (size_t)n, 1, cmp_pile);
        float cw = card_w(t) * 0.62f, span = 1140 - cw;
        float step = n > 1 ? fminf(cw * 0.62f, span / (n - 1)) : 0;
        for (int i = 0; i < n; i++) {
            Sprite s = sprite_at(230 + cw / 2 + i * step, y, 0, cards[i], 1);
            s.scale = 0.62f;
            s.alpha = al;
            draw_sprite(t, &s, 0);
        }
    }
    int fl = BTN_PRIMARY | (t->hover == BTN_NEXT ? BTN_HOVER : 0) |
             (t->pressed == BTN_NEXT ? BTN_PRESSED : 0) | BTN_FOCUS;
    if (k > 0.5f)
        ui_button(a, t->btn[BTN_NEXT], t->match_over ? _("New game") : _("Next game"), fl);
}

static void draw_hud(TBisca *t, const BiscaState *v)
{
    App *a = t->app;
    char right[200];
    Difficulty d = t->m ? t->m->seats[1].difficulty : a->set.difficulty;
    if (v->match)
        snprintf(right, sizeof right, _("Marks %d to %d  \xC2\xB7  game %d  \xC2\xB7  %s"),
                 v->marks[0], v->marks[1], v->game + 1, table_level_name(d));
    else
        snprintf(right, sizeof right, _("Game %d  \xC2\xB7  %s"), t->game_no, table_level_name(d));
    table_top_bar(a, _("Bisca"), right);
    /* The table size for the next game. */
    const char *labels[2] = {_("2 players"), _("4 players")};
    for (int b = BTN_TWO; b <= BTN_FOUR; b++) {
        bool on = (b == BTN_FOUR) == (t->players_next == 4);
        int fl = (on ? BTN_PRIMARY : BTN_GHOST) | (t->hover == b ? BTN_HOVER : 0) |
                 (t->pressed == b ? BTN_PRESSED : 0);
        ui_button(a, t->btn[b], labels[b - BTN_TWO], fl);
    }
}

static void draw(void *self, SDL_Renderer *r)
{
    TBisca *t = self;
    App *a = t->app;
    if (t->tv.felt)
        SDL_RenderCopy(r, t->tv.felt, NULL, NULL);
    if (!t->m)
        return;
    BiscaState v;
    view(t, &v);
    int cur = match_current_player(t->m);

    draw_stock(t, &v);
    draw_piles(t);

    /* Names around the table; the seat to play is lit. */
    for (int p = 0; p < t->players; p++) {
        float x, y;
        label_pos(t, p, &x, &y);
        draw_label(t, x, y, seat_name(t, p), NULL, bisca_team(p), cur == p && !t->hold_deal);
    }
    for (int p = t->players - 1; p >= 0; p--)
        for (int i = 0; i < t->shown[p]; i++) {
            if (p == 0 && t->hand_ui.dragging && i == t->hand_ui.press)
                continue;
            draw_sprite(t, &t->hand[p][i], 0);
        }
    for (int i = 0; i < t->n_trick; i++)
        draw_sprite(t, &t->trick[i], 0);
    for (int i = 0; i < t->n_fly; i++)
        draw_sprite(t, &t->fly[i], 0);

    /* Whose turn it is. */
    float ty = 712;
    if (!t->count_on && !match_is_over(t->m)) {
        if (match_bot_to_move(t->m) && !t->hold_deal) {
            char b[128];
            snprintf(b, sizeof b, _("%s is thinking"), seat_name(t, cur));
            table_dots(b, sizeof b, t->time);
            text_draw(a->text, b, (int)lroundf(20 * t->tv.s), false, COL_TEXT, PX(t, MID_X - 120),
                      PY(t, ty), TEXT_LEFT | TEXT_MIDDLE);
        } else if (cur == 0 && !pacer_demo(&t->pace)) {
            text_draw(a->text, _("Your turn: double-click or drag a card to play it"),
                      (int)lroundf(20 * t->tv.s), false, rgba_alpha(COL_TEXT, 0.9f), PX(t, MID_X),
                      PY(t, ty), TEXT_CENTER | TEXT_MIDDLE);
        }
    }

    draw_hud(t, &v);

    if (t->hand_ui.dragging && t->hand_ui.press < t->shown[0])
        draw_sprite(t, &t->hand[0][t->hand_ui.press], 0.4f);
    if (t->review_t > 0 && !t->count_on)
        draw_review(t);
    if (t->count_on && t->banner > 0.01f)
        draw_count(t);
    confetti_draw(&t->confetti, r, t->tv.ox, t->tv.oy, t->tv.s);
    table_toast_draw(&t->toast, a, PX(t, MID_X), PY(t, 700));
}

static bool animating(const void *self)
{
    const TBisca *t = self;
    if (anim_busy(&t->anim) || table_toast_busy(&t->toast) || confetti_busy(&t->confetti) ||
        t->review_t > 0)
        return true;
    if (!t->m)
        return false;
    int cur = match_current_player(t->m);
    if (t->hold_deal)
        return false;
    bool demo = pacer_demo(&t->pace);
    return cur == PLAYER_CHANCE || match_bot_to_move(t->m) || (demo && cur >= 0) ||
           (demo && t->count_on);
}

static bool settled(const void *self)
{
    const TBisca *t = self;
    if (anim_busy(&t->anim) || confetti_busy(&t->confetti) || !t->m)
        return !t->m;
    if (t->hold_deal || match_is_over(t->m))
        return t->count_on || !pacer_demo(&t->pace);
    if (pacer_demo(&t->pace))
        return false; /* the demonstration settles only on a count */
    int cur = match_current_player(t->m);
    return cur != PLAYER_CHANCE && !match_bot_to_move(t->m);
}

static void new_game(void *self)
{
    TBisca *t = self;
    anim_finish(&t->anim);
    new_match(t);
}

static Match *get_match(void *self) { return ((TBisca *)self)->m; }

static void settings_changed(void *self)
{
    TBisca *t = self;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    t->tv.cw = (float)cardart_aspect(t->app->art);
    if (t->m) {
        /* "Show opponents' cards" may have changed: faces follow the view. */
        BiscaState v;
        view(t, &v);
        for (int p = 0; p < v.n; p++)
            for (int i = 0; i < t->shown[p] && i < v.n_hand[p]; i++) {
                Sprite *s = &t->hand[p][i];
                if (s->face != v.hand[p][i]) {
                    s->face = v.hand[p][i];
                    anim_to(&t->anim, &s->flip, s->face == CARD_HIDDEN ? 0 : 1, 0.3f, 0,
                            EASE_IN_OUT_CUBIC);
                }
            }
        t->last = v;
    }
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

static bool locate(void *self, const char *what, SDL_FRect *out)
{
    TBisca *t = self;
    if (strcmp(what, "next") == 0 && t->count_on && t->banner > 0)
        *out = t->btn[BTN_NEXT];
    else if (strcmp(what, "stock") == 0 || strcmp(what, "deck") == 0)
        *out = unit_rect(t, STOCK_X, STOCK_Y, card_w(t), CARD_H);
    else if (strcmp(what, "player") == 0)
        *out = unit_rect(t, MID_X, 840, 880, CARD_H);
    else if (strcmp(what, "computer") == 0)
        *out = unit_rect(t, MID_X, 150, 600, CARD_H);
    else if (strncmp(what, "card", 4) == 0 && what[4] >= '0' && what[4] <= '9') {
        int i = what[4] - '0';
        if (i >= t->shown[0])
            return false;
        *out = unit_rect(t, t->hand[0][i].x, t->hand[0][i].y, card_w(t), CARD_H);
    } else
        return false;
    return true;
}

const Scene bisca_scene = {
    .id = "bisca",
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
