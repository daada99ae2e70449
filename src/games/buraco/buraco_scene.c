/* The Buraco table: you (seat 0) against the computer (seat 1).
 *
 * Layout in table units (a 1600 x 1000 virtual table scaled to the window): the other
 * hand face down along the top, the stock and the discard pile (fanned downwards, every
 * card readable) on the left, the melds in the middle (theirs above, yours below, each a
 * short overlapped run with its canastra marked), your hand fanned along the bottom, the
 * scores and buttons on the right.
 *
 * Every card drawn is a sprite. After each applied action the scene lays the table out
 * again from what you may see (match_view) and moves each sprite from where the same card
 * was to where it belongs now; a card nobody saw before comes from where the last move
 * came from (the stock, the other hand, the pile). So a resume, a resize, a bot's move
 * or a change of speed need nothing special.
 *
 * Your moves: select cards (click, or drag along the hand), drag them onto the table to
 * lay a new meld or onto one of your melds to add them; click the stock to draw; click the
 * pile to take it (with the selected cards, or choosing among the melds its top card can
 * make with your hand); double-click a card to throw it. Buttons do the same. */
#include "buraco_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botseat.h"
#include "buraco.h"
#include "core/fileio.h"
#include "engine/ai/bot.h"
#include "protocol.h"
#include "ui/pacer.h"
#include "ui/resume.h"
#include "ui/table.h"
#include "ui/anim.h"
#include "ui/app.h"
#include "ui/hand.h"
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


#define HAND_Y 880.0f
#define HAND_H 176.0f
#define HAND_X0 60.0f
#define HAND_X1 1330.0f
#define OPP_Y 128.0f
#define OPP_H 92.0f
#define STOCK_X 130.0f
#define STOCK_Y 290.0f
#define PILE_X 130.0f
#define PILE_Y0 450.0f
#define PILE_Y1 740.0f
#define PILE_H 120.0f
#define MELD_X0 290.0f
#define MELD_X1 1335.0f
#define THEM_Y0 196.0f
#define US_Y0 470.0f
#define BAND_H 250.0f
#define MELD_H 100.0f
#define PANEL_X 1468.0f
/* Four players: the opponents' seat plates in the top corners (west, east). */
#define SIDE_Y 132.0f
#define WEST_X 190.0f
#define EAST_X 1410.0f
#define PLATE_W 300.0f
#define PLATE_H 104.0f
#define SIDE_H 66.0f
#define MAX_SPRITES 240
#define MAX_CHOICES 24

enum { Z_PILE, Z_MY_HAND, Z_OPP_HAND, Z_MELD, Z_GONE };

typedef struct {
    float x, y, h, rot, alpha;
    Card face; /* CARD_HIDDEN: a back */
    unsigned char zone;
    short index; /* hand index, pile index, or team * 64 + meld */
    short sub;   /* card within the meld; the seat of another hand */
    bool selected;
} Sprite;

enum {
    BTN_NONE = -1,
    BTN_DRAW,
    BTN_MELD,
    BTN_DISCARD,
    BTN_SORT,
    BTN_NEXT,
    BTN_DQ_WIN,      /* a disqualified bot program: count the game as won, */
    BTN_DQ_CONTINUE, /* or play on against the computer */
    BTN_COUNT
};

typedef struct {
    App *app;
    Match *m;
    int players;      /* seats at the table shown: 2, or 4 in teams */
    int players_next; /* the Options choice: from the next game */
    Anim anim;
    uint64_t session_seed;
    int game;
    TableScore score;

    Sprite spr[MAX_SPRITES];
    int n_spr;
    /* Your hand in the order shown; the widget knows what is selected and the pointer on
     * it (a sweep selecting a run, the selection carried to the table). */
    Card hand[BUR_DECK];
    int n_hand;
    Hand hand_ui;
    bool by_rank;
    /* Meld rectangles (pixels), for dropping cards on them: [team][meld]. */
    SDL_FRect meld_rect[BUR_TEAMS][BUR_MAX_MELDS];
    int n_meld_rect[BUR_TEAMS];
    /* Where the last move came from (for cards that appear). */
    int last_player, last_type;

    /* Layout: pixels = o + units * s. */
    TableView tv;
    SDL_FRect btn[BTN_COUNT];
    int hover, pressed;

    /* Pointer. */
    float mouse_x, mouse_y;

    /* Choosing which meld takes the pile. */
    Action choice[MAX_CHOICES];
    int n_choice;
    SDL_FRect choice_rect[MAX_CHOICES];

    /* Pacing. */
    float deal_wait;
    BotPacer pace; /* the bot's move in progress */
    char bot_said[96];
    float bot_said_t;
    int bot_said_seat;

    bool over;
    float banner;
    int result;

    /* The opponent is a bot program (Options), in a two-player game. */
    bool ext_on;
    bool ext_game; /* this game began against a program (even if the computer took over) */
    bool ext_started;
    BotSeat ext;
    char ext_path[KV_VAL];
    char ext_name[64];
    float ext_wait;   /* seconds shown "thinking" before its next action */
    bool dq;          /* it was disqualified: the dialog is up */
    bool dq_win;      /* ... and the game was counted as won */
    char dq_msg[600];
    bool cfg_ext;           /* the Options choice the game shown was dealt with */
    char cfg_path[KV_VAL];

    TableToast toast;
    float time;
} Bur;

/* ---- Units and pixels ---- */

static SDL_FRect sprite_rect(const Bur *t, const Sprite *p)
{
    return unit_rect(t, p->x, p->y, p->h * t->tv.cw, p->h);
}

/* ---- What you see ---- */

static void view(const Bur *t, BuracoState *v)
{
    if (t->app->set.show_opponents)
        *v = *(const BuracoState *)t->m->state;
    else
        match_view(t->m, 0, v);
}

/* Where a seat sits: 0 south (you), 1 east, 2 north, 3 west; with two players the other
 * seat sits north. */
static int seat_side(const Bur *t, int seat)
{
    if (t->players != 4)
        return seat ? 2 : 0;
    return seat & 3;
}

/* The centre of a seat's cards on the table (units). */
static void seat_spot(const Bur *t, int seat, float *x, float *y)
{
    static const float sx[4] = {800, EAST_X - 76, 800, WEST_X - 76};
    static const float sy[4] = {HAND_Y, SIDE_Y, OPP_Y, SIDE_Y};
    int side = seat_side(t, seat);
    *x = sx[side];
    *y = sy[side];
}

/* A seat's name as the table shows it. */
static const char *seat_name(const Bur *t, int seat)
{
    if (seat == 0)
        return _("You");
    if (t->players != 4)
        return t->ext_on ? t->ext_name : _("Computer");
    static const char *const names[4] = {"", N_("East"), N_("Partner"), N_("West")};
    return _(names[seat & 3]);
}

static bool you_can_act(const Bur *t)
{
    return t->m && match_current_player(t->m) == 0 && !t->m->seats[0].bot;
}

static void toast(Bur *t, const char *msg)
{
    table_toast(&t->toast, msg, 2.8f);
}

/* Your hand sorted by suit then rank (Ace high), or by rank then suit. */
static int sort_key(Card c, bool by_rank)
{
    int r = card_rank(c) == RANK_ACE ? 14 : card_rank(c);
    static const int suit_order[SUIT_COUNT] = {1, 0, 2, 3}; /* ♦ ♣ ♥ ♠: colours alternate */
    int s = suit_order[card_suit(c)];
    return by_rank ? r * 4 + s : s * 16 + r;
}

static void hand_cards(const Bur *t, const BuracoState *v, Card *out, int *n)
{
    *n = buraco_hand_cards(v, 0, out);
    for (int i = 1; i < *n; i++)
        for (int j = i; j > 0 && sort_key(out[j], t->by_rank) < sort_key(out[j - 1], t->by_rank);
             j--) {
            Card c = out[j];
            out[j] = out[j - 1];
            out[j - 1] = c;
        }
}

/* ---- Where every card belongs ---- */

static float hand_step(const Bur *t, int n, float h)
{
    float w = h * t->tv.cw, span = HAND_X1 - HAND_X0 - w;
    float step = w * 0.62f;
    if (n > 1 && step * (n - 1) > span)
        step = span / (n - 1);
    return step;
}

static float meld_step(const Bur *t, float h) { return h * t->tv.cw * 0.34f; }

/* Lays out the melds of a team in its band; cards of meld i at x0 + k * step. Shrinks the
 * cards until the melds fit. */
static float meld_layout(Bur *t, const BuracoState *v, int team, float *xs, float *ys, float *hh)
{
    float y0 = team == 0 ? US_Y0 : THEM_Y0;
    for (float h = MELD_H; h > 40; h *= 0.9f) {
        float step = meld_step(t, h), w = h * t->tv.cw, gap = w * 0.28f;
        float x = MELD_X0 + w / 2, y = y0 + h / 2 + 26;
        bool fits = true;
        for (int i = 0; i < v->n_melds[team]; i++) {
            float mw = w + step * (v->melds[team][i].n - 1);
            if (x - w / 2 + mw > MELD_X1 && x > MELD_X0 + w / 2 + 1) {
                x = MELD_X0 + w / 2;
                y += h + 34;
            }
            xs[i] = x;
            ys[i] = y;
            x += mw + gap;
        }
        if (y + h / 2 <= y0 + BAND_H || h < 45) {
            *hh = h;
            return h;
        }
        (void)fits;
    }
    *hh = 40;
    return 40;
}

typedef struct {
    Card face;
    float x, y, h;
    unsigned char zone;
    short index, sub;
} Place;

static int plan_table(Bur *t, const BuracoState *v, Place *out)
{
    int n = 0;
    /* The discard pile, fanned downwards so every index shows. */
    if (v->pile_n) {
        float step = PILE_H * 0.24f;
        if (v->pile_n > 1 && step * (v->pile_n - 1) > PILE_Y1 - PILE_Y0)
            step = (PILE_Y1 - PILE_Y0) / (v->pile_n - 1);
        for (int i = 0; i < v->pile_n; i++)
            out[n++] = (Place){v->pile[i], PILE_X, PILE_Y0 + i * step, PILE_H, Z_PILE, (short)i, 0};
    }
    /* The other hands, face down (or up with "show opponents' cards"): north a wide fan,
     * east and west a small one on their seat plates. */
    for (int seat = 1; seat < v->num_players; seat++) {
        int on = v->hand_n[seat];
        if (on <= 0)
            continue;
        Card oc[BUR_DECK];
        int shown = buraco_hand_cards(v, seat, oc);
        bool north = seat_side(t, seat) == 2;
        float h = north ? OPP_H : SIDE_H;
        float w = h * t->tv.cw, step = w * (north ? 0.42f : 0.3f);
        float span = north ? (t->players == 4 ? 560 : 900) : 90;
        if (on > 1 && step * (on - 1) > span)
            step = span / (on - 1);
        float cx, cy;
        seat_spot(t, seat, &cx, &cy);
        float x0 = cx - step * (on - 1) / 2;
        for (int i = 0; i < on && n < MAX_SPRITES; i++)
            out[n++] = (Place){i < shown && (t->app->set.show_opponents || v->phase == BUR_OVER)
                                   ? oc[i]
                                   : CARD_HIDDEN,
                               x0 + i * step, cy, h, Z_OPP_HAND, (short)i, (short)seat};
    }
    /* Melds. */
    for (int team = 0; team < BUR_TEAMS; team++) {
        float xs[BUR_MAX_MELDS], ys[BUR_MAX_MELDS], h;
        meld_layout(t, v, team, xs, ys, &h);
        float step = meld_step(t, h), w = h * t->tv.cw;
        t->n_meld_rect[team] = v->n_melds[team];
        for (int i = 0; i < v->n_melds[team]; i++) {
            const BuracoMeld *m = &v->melds[team][i];
            for (int k = 0; k < m->n && n < MAX_SPRITES; k++)
                out[n++] = (Place){m->c[k], xs[i] + k * step, ys[i], h, Z_MELD,
                                   (short)(team * 64 + i), (short)k};
            float mw = w + step * (m->n - 1);
            t->meld_rect[team][i] = unit_rect(t, xs[i] - w / 2 + mw / 2, ys[i], mw + 16, h + 16);
        }
    }
    /* Your hand. */
    hand_cards(t, v, t->hand, &t->n_hand);
    float step = hand_step(t, t->n_hand, HAND_H), w = HAND_H * t->tv.cw;
    float x0 = (HAND_X0 + HAND_X1) / 2 - step * (t->n_hand - 1) / 2;
    (void)w;
    for (int i = 0; i < t->n_hand && n < MAX_SPRITES; i++)
        out[n++] = (Place){t->hand[i], x0 + i * step, HAND_Y, HAND_H, Z_MY_HAND, (short)i, 0};
    return n;
}

/* Where a card that nobody has seen on the table comes from. */
static void origin(const Bur *t, const Place *p, float *x, float *y)
{
    *x = STOCK_X;
    *y = STOCK_Y;
    if (p->zone == Z_OPP_HAND && t->last_type == BUR_A_TAKE && t->last_player == p->sub) {
        *x = PILE_X;
        *y = PILE_Y0;
    } else if (p->zone != Z_OPP_HAND && p->zone != Z_MY_HAND && t->last_player > 0) {
        seat_spot(t, t->last_player, x, y);
    }
}

static void sync(Bur *t, bool instant)
{
    if (!t->m)
        return;
    BuracoState v;
    view(t, &v);
    static Place places[MAX_SPRITES];
    int n = plan_table(t, &v, places);
    Sprite old[MAX_SPRITES];
    int n_old = t->n_spr;
    memcpy(old, t->spr, sizeof(Sprite) * (size_t)n_old);
    bool used[MAX_SPRITES] = {false};
    anim_forget(&t->anim, t->spr, t->spr + MAX_SPRITES);
    float k = 1.0f;
    bool moved = false;
    for (int i = 0; i < n; i++) {
        const Place *p = &places[i];
        Sprite *s = &t->spr[i];
        /* The same card where it was: the same face (the same zone first), or the same
         * back in the other hand. */
        int from = -1;
        for (int pass = 0; pass < 2 && from < 0; pass++)
            for (int j = 0; j < n_old; j++) {
                if (used[j] || old[j].face != p->face)
                    continue;
                if (p->face == CARD_HIDDEN && (old[j].zone != p->zone || old[j].index != p->index ||
                                               old[j].sub != p->sub))
                    continue;
                if (pass == 0 && old[j].zone != p->zone)
                    continue;
                from = j;
                break;
            }
        if (from < 0 && p->face == CARD_HIDDEN)
            for (int j = 0; j < n_old; j++)
                if (!used[j] && old[j].zone == Z_OPP_HAND && p->zone == Z_OPP_HAND &&
                    old[j].sub == p->sub && old[j].face == CARD_HIDDEN) {
                    from = j;
                    break;
                }
        *s = (Sprite){p->x, p->y, p->h, 0, 1, p->face, p->zone, p->index, p->sub, false};
        if (instant)
            continue;
        float fx, fy, fh = p->h;
        if (from >= 0) {
            used[from] = true;
            fx = old[from].x;
            fy = old[from].y;
            fh = old[from].h;
        } else {
            origin(t, p, &fx, &fy);
        }
        if (fabsf(fx - p->x) + fabsf(fy - p->y) + fabsf(fh - p->h) < 0.5f)
            continue;
        moved = true;
        s->x = fx;
        s->y = fy;
        s->h = fh;
        float d = from >= 0 ? 0 : 0.04f * (i % 6);
        anim_to(&t->anim, &s->x, p->x, 0.38f * k, d, EASE_OUT_CUBIC);
        anim_to(&t->anim, &s->y, p->y, 0.38f * k, d, EASE_OUT_CUBIC);
        anim_to(&t->anim, &s->h, p->h, 0.38f * k, d, EASE_OUT_CUBIC);
    }
    t->n_spr = n;
    hand_select_none(&t->hand_ui);
    if (moved)
        app_sound(t->app, SND_SLIDE);
}

/* ---- Your hand, for the hand widget ---- */

static int hand_places(void *user) { return ((const Bur *)user)->n_hand; }

/* Card i as the pointer hits it: its sprite, raised while selected. */
static bool hand_rect(void *user, int i, SDL_FRect *out)
{
    const Bur *t = user;
    for (int k = t->n_spr - 1; k >= 0; k--) {
        const Sprite *p = &t->spr[k];
        if (p->zone != Z_MY_HAND || p->index != i)
            continue;
        *out = sprite_rect(t, p);
        if (t->hand_ui.selected[i])
            out->y -= 26 * t->tv.s;
        return true;
    }
    return false;
}

static const HandGeometry hand_geometry = {hand_places, hand_rect};

/* ---- Games ---- */

static void save_session(Bur *t)
{
    Kv *kv = &t->app->kv;
    kv_set_u64(kv, "buraco.session_seed", t->session_seed);
    kv_set_int(kv, "buraco.game", t->game);
    table_score_save(&t->score, kv, "buraco");
    kv_set_int(kv, "buraco.by_rank", t->by_rank);
    app_save_settings(t->app);
}

static void reset_view(Bur *t)
{
    t->over = false;
    t->banner = 0;
    pacer_reset(&t->pace);
    t->bot_said_t = 0;
    t->n_choice = 0;
    t->n_spr = 0;
    hand_reset(&t->hand_ui);
    t->last_player = -1;
    t->last_type = 0;
}

/* Ends the bot program of the game shown, if any. */
static void ext_reset(Bur *t)
{
    if (t->ext_started)
        botseat_stop(&t->ext);
    t->ext_on = t->ext_started = t->dq = t->dq_win = false;
    t->ext_wait = 0;
}

static bool new_game(Bur *t)
{
    App *a = t->app;
    GameOptions opt;
    app_game_options(a, &buraco_rules, &opt);
    int n = t->players_next = kv_get_int(&a->kv, "buraco.players", 2, 2, 4) == 4 ? 4 : 2;
    SeatSpec seats[RULES_MAX_PLAYERS];
    for (int p = 0; p < n; p++)
        seats[p] = (SeatSpec){p != 0, p != 0 ? a->set.difficulty : DIFF_MEDIUM};
    /* A bot program plays seat 1 (the scene drives it, not the match). */
    const char *prog = kv_get(&a->kv, "buraco.program");
    bool ext = n == 2 && kv_get_int(&a->kv, "buraco.opponent", 0, 0, 1) == 1 && prog && *prog;
    if (ext)
        seats[1].bot = false;
    uint64_t seed = rng_mix(t->session_seed, (uint64_t)t->game);
    char err[256];
    Match *m = match_create(&buraco_rules, &opt, n, seats, seed, err, sizeof err);
    if (!m) {
        app_notice(a, _("A new game could not be dealt: %s"), err);
        return false;
    }
    if (t->m)
        match_free(t->m);
    t->m = m;
    t->players = n;
    ext_reset(t);
    t->cfg_ext = ext;
    snprintf(t->cfg_path, sizeof t->cfg_path, "%s", ext ? prog : "");
    t->ext_game = ext;
    if (ext) {
        t->ext_on = true;
        snprintf(t->ext_path, sizeof t->ext_path, "%s", prog);
        const char *base = strrchr(prog, '/');
        snprintf(t->ext_name, sizeof t->ext_name, "%s", base ? base + 1 : prog);
    }
    app_attach_match(a, m);
    t->game++;
    save_session(t);
    anim_clear(&t->anim);
    reset_view(t);
    t->deal_wait = 0.2f * app_speed_factor(a);
    return true;
}

static int team_result(const BuracoState *s)
{
    return s->score[0] > s->score[1] ? 1 : s->score[0] < s->score[1] ? -1 : 0;
}

static void show_banner(void *user, int arg)
{
    Bur *t = user;
    t->banner = 0;
    anim_to(&t->anim, &t->banner, 1, 0.35f, 0, EASE_OUT_BACK);
    app_sound(t->app, arg > 0 ? SND_WIN : arg < 0 ? SND_LOSE : SND_CLICK);
}

static void game_over(Bur *t, bool live)
{
    const BuracoState *s = t->m->state;
    t->result = team_result(s);
    t->over = true;
    t->n_choice = 0;
    if (live) {
        table_score_count(&t->score, t->result);
        save_session(t);
        if (!t->ext_game) { /* the statistics are per level of our own bot */
            stats_record(&t->app->stats, "buraco", t->m->seats[1].difficulty, t->result);
            app_save_stats(t->app);
        }
        anim_call(&t->anim, 0.6f, show_banner, t, t->result);
    } else {
        t->banner = 1;
    }
}

/* ---- Scene functions ---- */

static void on_action(void *self, const Match *m, int player, Action a)
{
    Bur *t = self;
    (void)m;
    int type = buraco_action_type(a);
    if (player >= 0) {
        t->last_player = player;
        t->last_type = type;
    }
    if (player > 0) {
        const char *what = "";
        if (t->players == 4 || t->ext_on) {
            switch (type) {
            case BUR_A_DRAW: what = _("%s draws"); break;
            case BUR_A_TAKE: what = _("%s takes the pile"); break;
            case BUR_A_NEW3:
            case BUR_A_NEWW: what = _("%s lays a meld"); break;
            case BUR_A_JOIN: what = _("%s adds to a meld"); break;
            case BUR_A_DISCARD: what = _("%s discards"); break;
            default: break;
            }
        } else {
            switch (type) {
            case BUR_A_DRAW: what = _("Computer draws"); break;
            case BUR_A_TAKE: what = _("Computer takes the pile"); break;
            case BUR_A_NEW3:
            case BUR_A_NEWW: what = _("Computer lays a meld"); break;
            case BUR_A_JOIN: what = _("Computer adds to a meld"); break;
            case BUR_A_DISCARD: what = _("Computer discards"); break;
            default: break;
            }
        }
        if (*what) {
            snprintf(t->bot_said, sizeof t->bot_said, what, seat_name(t, player));
            t->bot_said_t = 1.4f;
            t->bot_said_seat = player;
        }
    }
    if (type == BUR_A_DISCARD)
        app_sound(t->app, SND_DEAL);
    if (t->ext_started) {
        botseat_heard(&t->ext, t->m->state, player, a);
        if (match_is_over(t->m))
            botseat_stop(&t->ext);
    }
    sync(t, false);
    if (match_is_over(t->m) && !t->over)
        game_over(t, true);
}

static void *enter(App *app, const Scene *sc)
{
    (void)sc;
    Bur *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->app = app;
    t->hover = t->pressed = BTN_NONE;
    hand_init(&t->hand_ui, app, &t->anim, &hand_geometry, t);
    t->hand_ui.multi = true;
    t->hand_ui.drag_px = 10;
    t->tv.cw = (float)cardart_aspect(app->art);
    anim_init(&t->anim, app_speed_factor(app));
    Kv *kv = &app->kv;
    t->game = kv_get_int(kv, "buraco.game", 0, 0, 2000000000);
    table_score_load(&t->score, kv, "buraco");
    t->by_rank = kv_get_int(kv, "buraco.by_rank", 0, 0, 1) != 0;
    t->players = t->players_next = kv_get_int(kv, "buraco.players", 2, 2, 4) == 4 ? 4 : 2;
    /* Two or four players: the rules refuse any other number, so any they allow. */
    SavedGame saved = {
        "buraco", &buraco_rules, 0,
        _("The saved Buraco game could not be resumed (%s); a new game is dealt."),
        _("not a Buraco game for two or four players")};
    Match *m = app_resume_match(app, &saved);
    t->session_seed = app_session_seed(app, "buraco", &t->game);
    if (m) {
        /* Every other seat is the computer's (a bot program's game goes on with ours). */
        bool had_program = false;
        for (int p = 1; p < m->num_players; p++) {
            had_program |= !m->seats[p].bot;
            m->seats[p].bot = true;
        }
        if (had_program)
            app_notice(app, _("The game against the bot program goes on against the computer."));
        t->m = m;
        t->players = m->num_players;
        /* The Options as they are now count as applied (a resumed game keeps its seats). */
        const char *prog = kv_get(kv, "buraco.program");
        t->cfg_ext = kv_get_int(kv, "buraco.opponent", 0, 0, 1) == 1 && prog && *prog &&
                     t->players_next == 2;
        snprintf(t->cfg_path, sizeof t->cfg_path, "%s", t->cfg_ext ? prog : "");
        reset_view(t);
    }
    if (!t->m && !new_game(t)) {
        free(t);
        return NULL;
    }
    return t;
}

static void leave(void *self)
{
    Bur *t = self;
    ext_reset(t);
    table_close(&t->tv, t->m);
    free(t);
}

static void layout(void *self, int w, int h)
{
    Bur *t = self;
    App *a = t->app;
    table_layout(&t->tv, a, w, h, rgba(34, 110, 64, 255), rgba(9, 46, 27, 255));
    static const float by[BTN_COUNT] = {590, 660, 730, 800, 0};
    for (int b = BTN_DRAW; b <= BTN_SORT; b++)
        t->btn[b] = unit_rect(t, PANEL_X, by[b], 230, 56);
    t->btn[BTN_NEXT] = unit_rect(t, 800, 640, 280, 64);
    anim_finish(&t->anim);
    sync(t, true);
    if (t->m && match_is_over(t->m) && !t->over)
        game_over(t, false);
}

/* ---- Your moves ---- */

/* Plays a protocol command for you: the same checks and the same steps as a bot's. */
static void play_command(Bur *t, ProtoCommandType type, const Card *cards, int n, int meld)
{
    if (!t->m)
        return;
    int cur = match_current_player(t->m);
    if (cur == PLAYER_TERMINAL) {
        toast(t, _("The game is over: start a new one."));
        return;
    }
    if (cur != 0) {
        toast(t, _("Wait: it is the computer's turn."));
        return;
    }
    ProtoCommand cmd;
    memset(&cmd, 0, sizeof cmd);
    cmd.type = type;
    cmd.meld = meld;
    cmd.n = n;
    if (n > 0) /* a draw names no cards: cards may be NULL */
        memcpy(cmd.cards, cards, (size_t)n);
    Action acts[PROTO_MAX_ACTIONS];
    int na = 0;
    char why[256];
    if (proto_command_actions(t->m->state, &cmd, acts, &na, why, sizeof why) != PROTO_OK) {
        toast(t, why);
        return;
    }
    for (int i = 0; i < na; i++) {
        const char *e = match_submit(t->m, 0, acts[i]);
        if (e) {
            toast(t, _(e));
            return;
        }
    }
    app_sound(t->app, SND_CLICK);
}

static int selected_cards(const Bur *t, Card *out)
{
    int n = 0;
    for (int i = 0; i < t->n_hand; i++)
        if (t->hand_ui.selected[i])
            out[n++] = t->hand[i];
    return n;
}

static void do_draw(Bur *t) { play_command(t, PROTO_GET_STOCK, NULL, 0, -1); }

static void do_meld(Bur *t)
{
    Card c[BUR_DECK];
    int n = selected_cards(t, c);
    if (n < 3) {
        toast(t, _("Select three or more cards in sequence to lay a meld."));
        return;
    }
    play_command(t, PROTO_MELD_NEW, c, n, -1);
}

static void do_join(Bur *t, int meld)
{
    Card c[BUR_DECK];
    int n = selected_cards(t, c);
    if (n < 1) {
        toast(t, _("Select the cards to add first."));
        return;
    }
    play_command(t, PROTO_MELD_JOIN, c, n, meld);
}

static void do_discard(Bur *t, Card c) { play_command(t, PROTO_DISCARD, &c, 1, -1); }

/* Taking the pile: with the cards selected, or the one meld the top can make, or a choice. */
static void do_take(Bur *t)
{
    if (!you_can_act(t)) {
        play_command(t, PROTO_GET_DISCARD, NULL, 0, -1); /* explains why not */
        return;
    }
    const BuracoState *s = t->m->state;
    if (s->phase != BUR_DRAW) {
        toast(t, _("You have drawn already: lay melds or discard."));
        return;
    }
    Card c[BUR_DECK];
    int n = selected_cards(t, c);
    if (n >= 2) {
        play_command(t, PROTO_GET_DISCARD, c, n, -1);
        return;
    }
    Action acts[RULES_MAX_ACTIONS];
    int na = buraco_rules.legal_actions(s, acts);
    t->n_choice = 0;
    for (int i = 0; i < na && t->n_choice < MAX_CHOICES; i++)
        if (buraco_action_type(acts[i]) == BUR_A_TAKE)
            t->choice[t->n_choice++] = acts[i];
    if (t->n_choice == 0) {
        toast(t, _("The top card makes no new meld with your hand: draw from the stock."));
    } else if (t->n_choice == 1) {
        match_submit(t->m, 0, t->choice[0]);
        t->n_choice = 0;
    }
}

static int my_meld_at(const Bur *t, float x, float y)
{
    for (int i = 0; i < t->n_meld_rect[0]; i++)
        if (rect_has(t->meld_rect[0][i], x, y))
            return i;
    return -1;
}

static bool stock_has(const Bur *t, float x, float y)
{
    return rect_has(unit_rect(t, STOCK_X, STOCK_Y, PILE_H * t->tv.cw + 20, PILE_H + 20), x, y);
}

static bool pile_has(const Bur *t, float x, float y)
{
    return rect_has(unit_rect(t, PILE_X, (PILE_Y0 + PILE_Y1) / 2, PILE_H * t->tv.cw + 20,
                              PILE_Y1 - PILE_Y0 + PILE_H + 20),
                    x, y);
}

static int button_at(const Bur *t, float x, float y)
{
    if (t->over && t->banner > 0.5f)
        return rect_has(t->btn[BTN_NEXT], x, y) ? BTN_NEXT : BTN_NONE;
    if (t->dq && !t->over)
        return rect_has(t->btn[BTN_DQ_WIN], x, y)        ? BTN_DQ_WIN
               : rect_has(t->btn[BTN_DQ_CONTINUE], x, y) ? BTN_DQ_CONTINUE
                                                         : BTN_NONE;
    for (int b = BTN_DRAW; b <= BTN_SORT; b++)
        if (rect_has(t->btn[b], x, y))
            return b;
    return BTN_NONE;
}

static void press(Bur *t, int b)
{
    Card c[BUR_DECK];
    switch (b) {
    case BTN_DRAW: do_draw(t); break;
    case BTN_MELD: do_meld(t); break;
    case BTN_DISCARD:
        if (selected_cards(t, c) != 1)
            toast(t, _("Select the one card to discard (or double-click it)."));
        else
            do_discard(t, c[0]);
        break;
    case BTN_SORT:
        t->by_rank = !t->by_rank;
        save_session(t);
        sync(t, false);
        break;
    case BTN_NEXT:
        anim_finish(&t->anim);
        new_game(t);
        break;
    case BTN_DQ_WIN: /* the protocol's rule: the other side wins */
        if (!t->dq || t->over)
            break;
        t->dq_win = true;
        t->over = true;
        t->result = 1;
        t->score.wins++;
        save_session(t);
        anim_call(&t->anim, 0.1f, show_banner, t, 1);
        break;
    case BTN_DQ_CONTINUE:
        if (!t->dq || t->over)
            break;
        t->dq = false;
        t->ext_on = false;
        t->m->seats[1].bot = true;
        toast(t, _("The computer plays on in the bot program's seat."));
        break;
    default: break;
    }
}

static bool event(void *self, const SDL_Event *e)
{
    Bur *t = self;
    Hand *h = &t->hand_ui;
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        t->mouse_x = x;
        t->mouse_y = y;
        t->hover = button_at(t, x, y);
        if (t->hover != BTN_NONE || (you_can_act(t) && (hand_card_at(h, x, y) >= 0 ||
                                                        stock_has(t, x, y) || pile_has(t, x, y))))
            t->app->pointer_hand = true;
        hand_motion(h, x, y, true); /* sweeps a run, or carries the selection */
        return true;
    }
    case SDL_MOUSEBUTTONDOWN: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        if (t->n_choice > 0) {
            for (int i = 0; i < t->n_choice; i++)
                if (rect_has(t->choice_rect[i], x, y)) {
                    Action a = t->choice[i];
                    t->n_choice = 0;
                    if (match_submit(t->m, 0, a))
                        toast(t, _("That take is not possible now."));
                    return true;
                }
            t->n_choice = 0;
            return true;
        }
        int b = button_at(t, x, y);
        if (b != BTN_NONE) {
            t->pressed = b;
            return true;
        }
        if (t->dq && !t->over) /* the dialog is up: the table waits */
            return true;
        bool play;
        int c = hand_press(h, &e->button, &play);
        if (c >= 0) {
            if (play)
                do_discard(t, t->hand[c]);
            return true;
        }
        if (stock_has(t, x, y)) {
            do_draw(t);
            return true;
        }
        if (pile_has(t, x, y)) {
            do_take(t);
            return true;
        }
        if (t->over && t->banner > 0.5f) {
            press(t, BTN_NEXT);
            return true;
        }
        return false;
    }
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        bool was_down = h->press >= 0;
        if (hand_release(h) >= 0) { /* the selection carried here */
            int meld = my_meld_at(t, x, y);
            if (meld >= 0)
                do_join(t, meld);
            else if (UY(t, y) < HAND_Y - HAND_H / 2 && UX(t, x) > MELD_X0 - 40 &&
                     UX(t, x) < MELD_X1)
                do_meld(t);
        }
        int b = button_at(t, x, y);
        int was = t->pressed;
        t->pressed = BTN_NONE;
        if (b != BTN_NONE && b == was) {
            press(t, b);
            return true;
        }
        return was_down;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        if (t->dq && !t->over) {
            if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_w)
                press(t, BTN_DQ_WIN);
            else if (k == SDLK_c || k == SDLK_p)
                press(t, BTN_DQ_CONTINUE);
            return k != SDLK_ESCAPE; /* Escape still opens the menu */
        }
        if (k == SDLK_ESCAPE && (t->n_choice || selected_cards(t, (Card[BUR_DECK]){0}))) {
            t->n_choice = 0;
            hand_select_none(h);
            return true;
        }
        if (k == SDLK_d) {
            do_draw(t);
            return true;
        }
        if (k == SDLK_t) {
            do_take(t);
            return true;
        }
        if (k == SDLK_m) {
            do_meld(t);
            return true;
        }
        if (k == SDLK_s) {
            press(t, BTN_SORT);
            return true;
        }
        if ((k == SDLK_RETURN || k == SDLK_n) && t->over) {
            press(t, BTN_NEXT);
            return true;
        }
        return false;
    }
    default:
        return false;
    }
}

/* The computer's move, paced: each step waits for the cards to land and a moment more
 * (the draw, then quicker melds). A bot program's seat is driven by drive_program. */
static void drive_bot(Bur *t, float dt)
{
    Match *m = t->m;
    float f = app_speed_factor(t->app);
    float pause = (((const BuracoState *)m->state)->phase == BUR_DRAW ? 0.7f : 0.35f) * f;
    if (t->ext_on && match_current_player(m) == 1)
        pacer_reset(&t->pace);
    else
        pacer_drive(&t->pace, t->app, m, anim_busy(&t->anim) && f > 0, dt, pause, pause);
}

/* The bot program was disqualified: say why and offer the win or the computer. */
static void disqualified(Bur *t, const char *why)
{
    t->dq = true;
    snprintf(t->dq_msg, sizeof t->dq_msg, _("The bot program %s was disqualified: %s"), t->ext_name,
             why);
    botseat_stop(&t->ext);
    t->n_choice = 0;
    hand_select_none(&t->hand_ui);
    app_sound(t->app, SND_LOSE);
}

/* The bot program's seat: started once the cards are dealt, then each of its actions
 * played after a moment, like the computer's. Its pipes are read without waiting. */
static void drive_program(Bur *t, float dt)
{
    Match *m = t->m;
    const BuracoState *s = m->state;
    if (!t->ext_on || t->dq || match_is_over(m) || s->phase == BUR_DEALING || s->phase == BUR_FIRST)
        return;
    if (!t->ext_started) {
        char *argv[2] = {t->ext_path, NULL};
        char idb[80];
        snprintf(idb, sizeof idb, "p2.%s", t->ext_name);
        for (char *c = idb; *c; c++)
            if (*c == ' ' || *c == '\t')
                *c = '_';
        const char *ids[2] = {"p1.you", idb};
        t->ext_started = true;
        if (!botseat_start(&t->ext, argv, s, 1, ids)) {
            disqualified(t, t->ext.why);
            return;
        }
    }
    bool its_turn = match_current_player(m) == 1;
    float f = app_speed_factor(t->app);
    if (its_turn) {
        if (anim_busy(&t->anim) && f > 0)
            return;
        t->ext_wait += dt;
        float pause = (s->phase == BUR_DRAW ? 0.7f : 0.35f) * f;
        if (t->ext_wait < pause)
            return;
    }
    Action a;
    BotSeatPoll r = botseat_poll(&t->ext, s, clock_now_ns(), &a);
    if (r == BOTSEAT_FAULT) {
        disqualified(t, t->ext.why);
    } else if (r == BOTSEAT_ACTION) {
        t->ext_wait = 0;
        const char *e = match_submit(m, 1, a);
        if (e) { /* botseat checked it: not expected */
            char why[200];
            snprintf(why, sizeof why, "%s", e);
            disqualified(t, why);
        }
    }
}

static void update(void *self, float dt)
{
    Bur *t = self;
    t->time += dt;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    anim_update(&t->anim, dt);
    table_toast_update(&t->toast, dt);
    if (t->bot_said_t > 0)
        t->bot_said_t -= dt;
    if (!t->m)
        return;
    float f = app_speed_factor(t->app);
    if (t->deal_wait > 0)
        t->deal_wait -= dt;
    int guard = 0;
    while (match_current_player(t->m) == PLAYER_CHANCE && t->deal_wait <= 0 && guard++ < 128) {
        const BuracoState *s = t->m->state;
        bool dealing = s->phase == BUR_DEALING;
        if (match_apply(t->m, match_next_chance(t->m)) != NULL)
            break;
        t->deal_wait = (dealing ? 0.045f : 0.0f) * f;
        if (f > 0 && dealing)
            break;
    }
    if (match_current_player(t->m) != PLAYER_CHANCE)
        drive_bot(t, dt);
    drive_program(t, dt);
}

/* ---- Drawing ---- */

static void draw_card(Bur *t, Card c, float cx, float cy, float h, Uint8 alpha, bool raised)
{
    App *a = t->app;
    float w = h * t->tv.cw;
    SDL_FRect d = {PX(t, cx - w / 2), PY(t, cy - h / 2 - (raised ? 26 : 0)), w * t->tv.s, h * t->tv.s};
    SDL_FRect sh = d;
    sh.x += 2 * t->tv.s;
    sh.y += 4 * t->tv.s;
    cardart_draw_shadow(a->art, a->ren, &sh, 0, alpha);
    cardart_draw(a->art, a->ren, c, &d, 0, alpha);
    if (raised) {
        draw_rounded_outline(a->ren, d, 8 * t->tv.s, fmaxf(2, 3 * t->tv.s), rgba(236, 196, 96, 230));
    }
}

static const char *team_name(const Bur *t, int team)
{
    if (t->players != 4)
        return team == 0 ? _("You") : t->ext_on ? t->ext_name : _("Computer");
    return team == 0 ? _("Your team") : _("Their team");
}

static int team_hand_n(const BuracoState *v, int team)
{
    int n = 0;
    for (int p = 0; p < v->num_players; p++)
        if (buraco_team(p) == team)
            n += v->hand_n[p];
    return n;
}

static int meld_points_now(const BuracoState *v, int team)
{
    int p = 0;
    for (int i = 0; i < v->n_melds[team]; i++)
        p += buraco_meld_points(&v->melds[team][i]);
    return p;
}

/* With four players: the opponents' plates in the top corners (their cards fanned on
 * them), your partner's name beside the fan across the table; the seat to move in gold. */
static void draw_seats(Bur *t, const BuracoState *v)
{
    if (t->players != 4)
        return;
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    int cur = match_current_player(t->m);
    int fs = (int)lroundf(20 * t->tv.s), fd = (int)lroundf(16 * t->tv.s);
    for (int seat = 1; seat < 4; seat++) {
        bool active = seat == cur && !t->over;
        int held = v->hand_n[seat];
        char cards[64];
        snprintf(cards, sizeof cards, P_("%d card", "%d cards", held), held);
        Rgba name_col = active ? COL_GOLD : COL_TEXT;
        /* A dot in the team's colour: blue yours, red theirs. */
        Rgba dot = buraco_team(seat) == 0 ? rgba(96, 180, 230, 255) : rgba(226, 120, 96, 255);
        if (seat_side(t, seat) == 2) {
            /* Under the fan: "• Partner  11 cards". */
            int nw, nh, cw2, ch;
            text_measure(a->text, seat_name(t, seat), fd, true, &nw, &nh);
            text_measure(a->text, cards, fd, false, &cw2, &ch);
            float gap = 12 * t->tv.s, dw = 18 * t->tv.s;
            float total = dw + nw + gap + cw2;
            float x = PX(t, 800) - total / 2, y = PY(t, OPP_Y + OPP_H / 2 + 16);
            draw_circle(r, x + 6 * t->tv.s, y, 6 * t->tv.s, dot);
            text_draw(a->text, seat_name(t, seat), fd, true, name_col, x + dw, y,
                      TEXT_LEFT | TEXT_MIDDLE);
            text_draw(a->text, cards, fd, false, COL_DIM, x + dw + nw + gap, y,
                      TEXT_LEFT | TEXT_MIDDLE);
            continue;
        }
        float px = seat_side(t, seat) == 1 ? EAST_X : WEST_X;
        SDL_FRect plate = unit_rect(t, px, SIDE_Y, PLATE_W, PLATE_H);
        draw_rounded(r, plate, 16 * t->tv.s, rgba(0, 0, 0, active ? 90 : 60));
        draw_rounded_outline(r, plate, 16 * t->tv.s, fmaxf(1, (active ? 3 : 1.5f) * t->tv.s),
                             active ? COL_GOLD : rgba(255, 255, 255, 30));
        float tx = PX(t, px + 6), ty = PY(t, SIDE_Y);
        draw_circle(r, tx + 8 * t->tv.s, ty - 16 * t->tv.s, 7 * t->tv.s, dot);
        text_draw(a->text, seat_name(t, seat), fs, true, name_col, tx + 22 * t->tv.s, ty - 16 * t->tv.s,
                  TEXT_LEFT | TEXT_MIDDLE);
        text_draw(a->text, cards, fd, false, COL_DIM, tx + 22 * t->tv.s, ty + 16 * t->tv.s,
                  TEXT_LEFT | TEXT_MIDDLE);
    }
}

static void draw_panel(Bur *t, const BuracoState *v)
{
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    float px = PX(t, PANEL_X), w = 240 * t->tv.s;
    /* With four players the panel makes room for the east seat's plate above it. */
    float top = t->players == 4 ? 200 : 170;
    SDL_FRect p = {px - w / 2, PY(t, top), w, (t->players == 4 ? 350 : 370) * t->tv.s};
    draw_rounded(r, p, 18 * t->tv.s, rgba(0, 0, 0, 60));
    draw_rounded_outline(r, p, 18 * t->tv.s, fmaxf(1, 1.5f * t->tv.s), rgba(255, 255, 255, 30));
    int fs = (int)lroundf(20 * t->tv.s), fb = (int)lroundf(23 * t->tv.s);
    text_draw(a->text, _("On the table"), fs, true, COL_GOLD, px, p.y + 30 * t->tv.s,
              TEXT_CENTER | TEXT_MIDDLE);
    const char *names[2] = {team_name(t, 0), team_name(t, 1)};
    for (int team = 0; team < 2; team++) {
        float y = p.y + (74 + team * 92) * t->tv.s;
        char b[64];
        text_draw(a->text, names[team], fs, false, COL_TEXT, p.x + 20 * t->tv.s, y,
                  TEXT_LEFT | TEXT_MIDDLE);
        snprintf(b, sizeof b, "%d", meld_points_now(v, team));
        text_draw(a->text, b, fb, true, COL_TEXT, p.x + w - 20 * t->tv.s, y, TEXT_RIGHT | TEXT_MIDDLE);
        int held = team_hand_n(v, team);
        snprintf(b, sizeof b, P_("%d card in hand", "%d cards in hand", held), held);
        text_draw(a->text, b, (int)lroundf(16 * t->tv.s), false, COL_DIM, p.x + 20 * t->tv.s,
                  y + 30 * t->tv.s, TEXT_LEFT | TEXT_MIDDLE);
    }
    char b[96];
    snprintf(b, sizeof b, _("Stock: %d"), v->stock_n);
    text_draw(a->text, b, fs, false, COL_DIM, px, p.y + 270 * t->tv.s, TEXT_CENTER | TEXT_MIDDLE);
    snprintf(b, sizeof b, _("Won %d  \xC2\xB7  lost %d"), t->score.wins, t->score.losses);
    text_draw(a->text, b, (int)lroundf(17 * t->tv.s), false, COL_DIM, px, p.y + 320 * t->tv.s,
              TEXT_CENTER | TEXT_MIDDLE);
    /* Buttons. */
    bool can = you_can_act(t) && !t->over;
    const char *labels[4] = {C_("verb", "Draw"), _("Meld"), _("Discard"),
                             t->by_rank ? _("Sort by suit") : _("Sort by rank")};
    for (int i = BTN_DRAW; i <= BTN_SORT; i++) {
        bool enabled = i == BTN_SORT ||
                       (can && (i == BTN_DRAW ? v->phase == BUR_DRAW : v->phase == BUR_PLAY));
        int fl = (enabled ? 0 : BTN_DISABLED) | (t->hover == i ? BTN_HOVER : 0) |
                 (t->pressed == i ? BTN_PRESSED : 0) | (i == BTN_DRAW ? BTN_PRIMARY : 0);
        ui_button(a, t->btn[i], labels[i], fl);
    }
}

static void draw_score_sheet(Bur *t, const BuracoState *s)
{
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    float k = t->banner;
    float bw = 720 * t->tv.s, bh = 430 * t->tv.s;
    SDL_FRect b = {PX(t, 800) - bw / 2, PY(t, 410) - bh / 2, bw, bh};
    Uint8 al = (Uint8)(255 * fminf(1, k));
    Rgba accent = t->result > 0 ? COL_GOLD : t->result < 0 ? COL_RED : COL_TEXT;
    table_plate(r, &t->tv, b, accent, 240, k);
    const char *title = t->result > 0   ? (t->players == 4 ? _("Your team wins!") : _("You win!"))
                        : t->result < 0 ? (t->players == 4 ? _("Your team loses") : _("You lose"))
                                        : _("Draw");
    Rgba tc = accent;
    tc.a = al;
    text_draw(a->text, title, (int)lroundf(46 * t->tv.s), true, tc, b.x + bw / 2, b.y + 46 * t->tv.s,
              TEXT_CENTER | TEXT_MIDDLE);
    char whyb[160];
    const char *why = _("The stock ran out.");
    if (s->end == BUR_END_OUT && s->went_out == 0)
        why = _("You went out.");
    else if (s->end == BUR_END_OUT && t->players != 4 && !t->ext_on)
        why = _("The computer went out.");
    else if (s->end == BUR_END_OUT) {
        snprintf(whyb, sizeof whyb, _("%s went out."), seat_name(t, s->went_out));
        why = whyb;
    }
    if (t->dq_win) { /* no sheet: the game stopped where the program failed */
        text_draw_wrapped(a->text, t->dq_msg, (int)lroundf(20 * t->tv.s), false,
                          rgba(246, 241, 226, al), b.x + 50 * t->tv.s, b.y + 100 * t->tv.s,
                          (int)(bw - 100 * t->tv.s), TEXT_CENTER, true);
        t->btn[BTN_NEXT] = (SDL_FRect){b.x + bw / 2 - 140 * t->tv.s, b.y + bh - 68 * t->tv.s,
                                       280 * t->tv.s, 56 * t->tv.s};
        ui_button(a, t->btn[BTN_NEXT], _("New game"),
                  BTN_PRIMARY | (t->hover == BTN_NEXT ? BTN_HOVER : 0) |
                      (t->pressed == BTN_NEXT ? BTN_PRESSED : 0));
        return;
    }
    text_draw(a->text, why, (int)lroundf(20 * t->tv.s), false, rgba(246, 241, 226, al), b.x + bw / 2,
              b.y + 90 * t->tv.s, TEXT_CENTER | TEXT_MIDDLE);
    /* The sheet: melds, canastras, batida, cards in hand, total. */
    int fs = (int)lroundf(19 * t->tv.s);
    float cx[3] = {b.x + 40 * t->tv.s, b.x + bw * 0.62f, b.x + bw * 0.86f};
    float y = b.y + 140 * t->tv.s, row = 40 * t->tv.s;
    text_draw(a->text, team_name(t, 0), fs, true, COL_GOLD, cx[1], y, TEXT_CENTER | TEXT_MIDDLE);
    text_draw(a->text, team_name(t, 1), fs, true, COL_GOLD, cx[2], y, TEXT_CENTER | TEXT_MIDDLE);
    const char *labels[5] = {_("Cards in melds"), _("Canastras"), _("Going out"),
                             _("Cards left in hand"), _("Total")};
    int vals[5][2];
    for (int team = 0; team < 2; team++) {
        int cards = 0, bonus = 0, hand = 0;
        for (int i = 0; i < s->n_melds[team]; i++) {
            const BuracoMeld *m = &s->melds[team][i];
            for (int c = 0; c < m->n; c++)
                cards += buraco_card_points(m->c[c]);
            if (m->n >= BUR_CANASTRA)
                bonus += m->clean ? BUR_BONUS_CLEAN : BUR_BONUS_DIRTY;
        }
        for (int p = 0; p < s->num_players; p++)
            for (int f = 0; f < BUR_FACES && buraco_team(p) == team; f++)
                hand += s->hand[p][f] * buraco_card_points(card_from_index(f));
        vals[0][team] = cards;
        vals[1][team] = bonus;
        vals[2][team] = s->went_out >= 0 && buraco_team(s->went_out) == team ? BUR_BONUS_OUT : 0;
        vals[3][team] = -hand;
        vals[4][team] = s->score[team];
    }
    for (int i = 0; i < 5; i++) {
        y += row;
        bool total = i == 4;
        text_draw(a->text, labels[i], fs, total, rgba(246, 241, 226, al), cx[0], y,
                  TEXT_LEFT | TEXT_MIDDLE);
        for (int team = 0; team < 2; team++) {
            char v[32];
            snprintf(v, sizeof v, "%d", vals[i][team]);
            text_draw(a->text, v, fs + (total ? 3 : 0), total, rgba(246, 241, 226, al),
                      cx[1 + team], y, TEXT_CENTER | TEXT_MIDDLE);
        }
    }
    t->btn[BTN_NEXT] = (SDL_FRect){b.x + bw / 2 - 140 * t->tv.s, b.y + bh - 68 * t->tv.s, 280 * t->tv.s,
                                   56 * t->tv.s};
    ui_button(a, t->btn[BTN_NEXT], _("New game"),
              BTN_PRIMARY | (t->hover == BTN_NEXT ? BTN_HOVER : 0) |
                  (t->pressed == BTN_NEXT ? BTN_PRESSED : 0));
}

/* The bot program was disqualified: why, and what now. */
static void draw_dq(Bur *t)
{
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    draw_rect(r, (SDL_FRect){0, 0, (float)a->w, (float)a->h}, rgba(0, 0, 0, 110));
    float bw = 760 * t->tv.s, bh = 330 * t->tv.s;
    SDL_FRect b = {PX(t, 800) - bw / 2, PY(t, 470) - bh / 2, bw, bh};
    draw_shadow(r, b, 22 * t->tv.s, 24 * t->tv.s, rgba(0, 0, 0, 120));
    draw_rounded(r, b, 22 * t->tv.s, rgba(12, 26, 18, 245));
    draw_rounded_outline(r, b, 22 * t->tv.s, fmaxf(2, 3 * t->tv.s), COL_RED);
    text_draw(a->text, _("Bot program disqualified"), (int)lroundf(34 * t->tv.s), true, COL_RED,
              b.x + bw / 2, b.y + 44 * t->tv.s, TEXT_CENTER | TEXT_MIDDLE);
    text_draw_wrapped(a->text, t->dq_msg, (int)lroundf(19 * t->tv.s), false, COL_TEXT,
                      b.x + 40 * t->tv.s, b.y + 84 * t->tv.s, (int)(bw - 80 * t->tv.s), TEXT_CENTER, true);
    text_draw_wrapped(a->text, _("By the protocol's rules the game is yours. You may also play it to the end against the computer."),
                      (int)lroundf(16 * t->tv.s), false, COL_DIM, b.x + 40 * t->tv.s, b.y + 176 * t->tv.s,
                      (int)(bw - 80 * t->tv.s), TEXT_CENTER, true);
    float y = b.y + bh - 70 * t->tv.s, w = 320 * t->tv.s, h = 52 * t->tv.s;
    t->btn[BTN_DQ_WIN] = (SDL_FRect){b.x + bw / 2 - w - 10 * t->tv.s, y, w, h};
    t->btn[BTN_DQ_CONTINUE] = (SDL_FRect){b.x + bw / 2 + 10 * t->tv.s, y, w, h};
    ui_button(a, t->btn[BTN_DQ_WIN], _("Take the win"),
              BTN_PRIMARY | (t->hover == BTN_DQ_WIN ? BTN_HOVER : 0) |
                  (t->pressed == BTN_DQ_WIN ? BTN_PRESSED : 0));
    ui_button(a, t->btn[BTN_DQ_CONTINUE], _("Play on against the computer"),
              (t->hover == BTN_DQ_CONTINUE ? BTN_HOVER : 0) |
                  (t->pressed == BTN_DQ_CONTINUE ? BTN_PRESSED : 0));
}

static void draw_choices(Bur *t, const BuracoState *v)
{
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    float h = 96, w = h * t->tv.cw, step = w * 0.55f;
    float ow = w + 2 * step + 30;
    int n = t->n_choice;
    float total = n * ow;
    float x0 = 800 - total / 2;
    SDL_FRect back = unit_rect(t, 800, 470, total + 60, h + 120);
    draw_rounded(r, back, 18 * t->tv.s, rgba(8, 20, 14, 235));
    text_draw(a->text, _("Take the pile with which meld?"), (int)lroundf(21 * t->tv.s), true, COL_GOLD,
              PX(t, 800), back.y + 30 * t->tv.s, TEXT_CENTER | TEXT_MIDDLE);
    Card top = buraco_pile_top(v);
    for (int i = 0; i < n; i++) {
        int pay = buraco_action_payload(t->choice[i]);
        Card m[3] = {top, card_from_index(pay >> 6), card_from_index(pay & 63)};
        BuracoMeldInfo info;
        if (buraco_meld_check(m, 3, &info))
            memcpy(m, info.order, 3);
        float cx = x0 + i * ow + ow / 2;
        t->choice_rect[i] = unit_rect(t, cx, 490, ow - 10, h + 20);
        bool hov = rect_has(t->choice_rect[i], t->mouse_x, t->mouse_y);
        if (hov)
            draw_rounded(r, t->choice_rect[i], 10 * t->tv.s, rgba(255, 255, 255, 30));
        for (int k = 0; k < 3; k++)
            draw_card(t, m[k], cx - step + k * step, 490, h, 255, false);
    }
}

/* The mark of meld i of `team` when it is a canastra: its pill (window pixels), label and
 * font size. It sits astride the bottom edge of the meld's first cards: the indices at the
 * top stay readable, and a first row's mark keeps off its band's label. */
static bool canastra_mark(Bur *t, const BuracoState *v, int team, int i, SDL_FRect *pill,
                          const char **label, int *fs)
{
    if (i < 0 || i >= v->n_melds[team] || i >= t->n_meld_rect[team] ||
        v->melds[team][i].n < BUR_CANASTRA)
        return false;
    SDL_FRect mr = t->meld_rect[team][i];
    *label = v->melds[team][i].clean ? _("canastra limpa") : _("canastra suja");
    *fs = (int)lroundf(15 * t->tv.s);
    int tw, th;
    text_measure(t->app->text, *label, *fs, true, &tw, &th);
    float bottom = mr.y + mr.h - 8 * t->tv.s, ph = th + 6 * t->tv.s;
    *pill = (SDL_FRect){mr.x + 6 * t->tv.s, bottom - ph / 2, tw + 18 * t->tv.s, ph};
    return true;
}

static void draw(void *self, SDL_Renderer *r)
{
    Bur *t = self;
    App *a = t->app;
    if (t->tv.felt)
        SDL_RenderCopy(r, t->tv.felt, NULL, NULL);
    if (!t->m)
        return;
    BuracoState v;
    view(t, &v);
    /* The stock. */
    SDL_FRect slot = unit_rect(t, STOCK_X, STOCK_Y, PILE_H * t->tv.cw, PILE_H);
    cardart_draw_slot(a->art, r, &slot);
    int layers = v.stock_n == 0 ? 0 : v.stock_n < 3 ? v.stock_n : (a->software ? 2 : 3);
    for (int i = 0; i < layers; i++)
        draw_card(t, CARD_HIDDEN, STOCK_X - i * 3, STOCK_Y - i * 3, PILE_H, 255, false);
    char b[64];
    snprintf(b, sizeof b, "%d", v.stock_n);
    text_draw(a->text, b, (int)lroundf(18 * t->tv.s), true, COL_DIM, PX(t, STOCK_X),
              PY(t, STOCK_Y + PILE_H / 2 + 22), TEXT_CENTER | TEXT_MIDDLE);
    SDL_FRect pslot = unit_rect(t, PILE_X, PILE_Y0, PILE_H * t->tv.cw, PILE_H);
    if (!v.pile_n)
        cardart_draw_slot(a->art, r, &pslot);
    /* Band labels. */
    int ls = (int)lroundf(18 * t->tv.s);
    bool teams = t->players == 4;
    text_draw(a->text, teams || t->ext_on ? _("Their melds") : _("Computer's melds"), ls, true,
              rgba_alpha(COL_DIM, 0.9f), PX(t, MELD_X0), PY(t, THEM_Y0 + 8), TEXT_LEFT | TEXT_MIDDLE);
    text_draw(a->text, teams ? _("Your team's melds") : _("Your melds"), ls, true,
              rgba_alpha(COL_DIM, 0.9f), PX(t, MELD_X0), PY(t, US_Y0 + 8), TEXT_LEFT | TEXT_MIDDLE);
    draw_seats(t, &v);
    /* The cards, in order; the selected ones of your hand raised; while carrying, the
     * selection follows the pointer. */
    for (int i = 0; i < t->n_spr; i++) {
        const Sprite *p = &t->spr[i];
        bool sel = p->zone == Z_MY_HAND && t->hand_ui.selected[p->index];
        if (sel && t->hand_ui.dragging)
            continue;
        draw_card(t, p->face, p->x, p->y, p->h, 255, sel);
    }
    /* Canastra marks over the melds. */
    for (int team = 0; team < BUR_TEAMS; team++)
        for (int i = 0; i < v.n_melds[team]; i++) {
            SDL_FRect pill;
            const char *label;
            int fs;
            if (!canastra_mark(t, &v, team, i, &pill, &label, &fs))
                continue;
            draw_rounded(r, pill, pill.h / 2,
                         v.melds[team][i].clean ? COL_GOLD : rgba(190, 190, 190, 255));
            text_draw(a->text, label, fs, true, COL_INK, pill.x + pill.w / 2, pill.y + pill.h / 2,
                      TEXT_CENTER | TEXT_MIDDLE);
        }
    if (t->hand_ui.dragging) {
        int k = 0;
        for (int i = 0; i < t->n_hand; i++)
            if (t->hand_ui.selected[i]) {
                draw_card(t, t->hand[i], UX(t, t->mouse_x) + k * 30, UY(t, t->mouse_y), HAND_H * 0.8f,
                          235, false);
                k++;
            }
        int meld = my_meld_at(t, t->mouse_x, t->mouse_y);
        if (meld >= 0)
            draw_rounded_outline(r, t->meld_rect[0][meld], 10 * t->tv.s, fmaxf(2, 3 * t->tv.s), COL_GOLD);
    }
    draw_panel(t, &v);
    /* The top bar. */
    snprintf(b, sizeof b, _("Game %d  \xC2\xB7  %s"), t->game,
             t->ext_on ? t->ext_name : table_level_name(t->m->seats[1].difficulty));
    table_top_bar(a, "Buraco", b);
    /* Whose turn, and what to do. */
    int cur = match_current_player(t->m);
    float my = PY(t, HAND_Y - HAND_H / 2 - 36);
    if (cur > 0 && !t->over && !t->dq) {
        int dots = (int)(t->time * 3) % 4;
        char s[128], who[96];
        if (t->players == 4 || t->ext_on)
            snprintf(who, sizeof who, _("%s is playing"), seat_name(t, cur));
        else
            snprintf(who, sizeof who, "%s", _("Computer is playing"));
        snprintf(s, sizeof s, "%s%.*s", who, dots, "...");
        text_draw(a->text, s, (int)lroundf(20 * t->tv.s), false, COL_TEXT, PX(t, 700), my,
                  TEXT_CENTER | TEXT_MIDDLE);
    } else if (cur == 0 && !t->over) {
        const char *hint = v.phase == BUR_DRAW
                               ? _("Your turn: draw from the stock, or click the pile to take it")
                               : _("Lay melds (select, then drag to the table) or double-click a "
                                   "card to discard");
        text_draw(a->text, hint, (int)lroundf(20 * t->tv.s), false, rgba_alpha(COL_TEXT, 0.9f),
                  PX(t, 700), my, TEXT_CENTER | TEXT_MIDDLE);
    }
    if (t->bot_said_t > 0 && t->bot_said[0] && !t->over) {
        float bx, by;
        seat_spot(t, t->bot_said_seat, &bx, &by);
        bool north = seat_side(t, t->bot_said_seat) == 2;
        if (!north) { /* beside the seat plate, towards the middle */
            int tw, th;
            text_measure(a->text, t->bot_said, (int)lroundf(17 * a->u), false, &tw, &th);
            float half = (tw + 36 * a->u) / 2 / t->tv.s; /* as ui_toast sizes its plate */
            bool east = seat_side(t, t->bot_said_seat) == 1;
            bx = east ? EAST_X - PLATE_W / 2 - 12 - half : WEST_X + PLATE_W / 2 + 12 + half;
            by = SIDE_Y;
        } else {
            by += OPP_H / 2 + (t->players == 4 ? 50 : 34);
        }
        ui_toast(a, t->bot_said, PX(t, bx), PY(t, by), fminf(1, t->bot_said_t * 2));
    }
    if (t->n_choice > 0)
        draw_choices(t, &v);
    if (t->over && t->banner > 0.01f)
        draw_score_sheet(t, t->m->state);
    if (t->dq && !t->over)
        draw_dq(t);
    table_toast_draw(&t->toast, a, PX(t, 700), PY(t, HAND_Y - HAND_H / 2 - 80));
}

/* The bot program is to move (frames keep coming while it thinks, to read its pipe). */
static bool program_to_move(const Bur *t)
{
    return t->m && t->ext_on && !t->dq && !match_is_over(t->m) &&
           match_current_player(t->m) == 1;
}

static bool animating(const void *self)
{
    const Bur *t = self;
    if (anim_busy(&t->anim) || table_toast_busy(&t->toast) || t->bot_said_t > 0)
        return true;
    if (!t->m)
        return false;
    return match_current_player(t->m) == PLAYER_CHANCE || match_bot_to_move(t->m) ||
           program_to_move(t);
}

static bool settled(const void *self)
{
    const Bur *t = self;
    if (!t->m)
        return true;
    if (anim_busy(&t->anim))
        return false;
    return match_current_player(t->m) != PLAYER_CHANCE && !match_bot_to_move(t->m) &&
           !program_to_move(t);
}

static void new_game_fn(void *self)
{
    Bur *t = self;
    anim_finish(&t->anim);
    new_game(t);
}

static Match *get_match(void *self) { return ((Bur *)self)->m; }

/* Has seat 0 made a move in this game? */
static bool you_have_played(const Bur *t)
{
    for (int i = 0; t->m && i < t->m->history_len; i++)
        if (t->m->history_player[i] == 0)
            return true;
    return false;
}

/* The table's choices (players, opponent) changed in Options: a game you have not touched
 * yet is dealt again at once; otherwise they apply from the next game. */
static void table_changed(Bur *t)
{
    const Kv *kv = &t->app->kv;
    int want = kv_get_int(kv, "buraco.players", 2, 2, 4) == 4 ? 4 : 2;
    const char *prog = kv_get(kv, "buraco.program");
    bool ext = want == 2 && kv_get_int(kv, "buraco.opponent", 0, 0, 1) == 1 && prog && *prog;
    /* Compared with what the game shown was dealt with. */
    bool same_ext = ext == t->cfg_ext && (!ext || strcmp(prog, t->cfg_path) == 0);
    if (want == t->players_next && same_ext)
        return;
    t->players_next = want;
    t->cfg_ext = ext;
    snprintf(t->cfg_path, sizeof t->cfg_path, "%s", ext ? prog : "");
    if (!t->m || match_is_over(t->m) || t->over || !you_have_played(t)) {
        anim_finish(&t->anim);
        new_game(t);
    } else if (!same_ext) {
        toast(t, ext ? _("The bot program plays from the next game.")
                     : _("The computer plays from the next game."));
    } else {
        toast(t, want == 4 ? _("Four players in teams from the next game.")
                           : _("Two players from the next game."));
    }
}

/* ---- Options: players and opponent ---- */

static int table_options(App *a, SceneOption *out)
{
    const Kv *kv = &a->kv;
    bool four = kv_get_int(kv, "buraco.players", 2, 2, 4) == 4;
    int opp = kv_get_int(kv, "buraco.opponent", 0, 0, 1);
    const char *prog = kv_get(kv, "buraco.program");
    memset(out, 0, sizeof *out * 3);
    out[0] = (SceneOption){.label = _("Players"),
                           .help = _("Four: you and a partner against two, in teams."),
                           .choices = {_("Two"), _("Four")},
                           .n_choices = 2,
                           .value = four};
    out[1] = (SceneOption){.label = _("Opponent"),
                           .help = _("A bot program speaks the Buraco bot protocol (two players)."),
                           .choices = {_("Computer"), _("Bot program")},
                           .n_choices = 2,
                           .value = opp,
                           .disabled = four};
    out[2] = (SceneOption){.label = _("Bot program"),
                           .file = true,
                           .required = opp == 1 && !four,
                           .disabled = four};
    snprintf(out[2].path, sizeof out[2].path, "%s", prog ? prog : "");
    return 3;
}

static void set_table_option(App *a, int i, int value, const char *path)
{
    Kv *kv = &a->kv;
    if (i == 0) {
        kv_set_int(kv, "buraco.players", value ? 4 : 2);
    } else if (i == 1) {
        kv_set_int(kv, "buraco.opponent", value ? 1 : 0);
    } else if (i == 2 && path) {
        if (!kv_value_ok(path)) {
            app_notice(a, _("That program's path cannot be kept in the settings (too long, or "
                            "unusual characters): move or rename it."));
            return;
        }
        kv_set(kv, "buraco.program", path);
        kv_set_int(kv, "buraco.opponent", 1);
    }
    app_save_settings(a);
}

static void settings_changed(void *self)
{
    Bur *t = self;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    t->tv.cw = (float)cardart_aspect(t->app->art);
    table_changed(t);
    sync(t, false);
}

static const char *rules_text_base(void)
{
    return _("# The aim\n"
             "Lay down sequences of cards (melds), build canastras and score more points than "
             "the computer. Two decks are used, 104 cards, no jokers.\n\n"
             "# The deal\n"
             "Each player gets 11 cards; one card starts the discard pile face up and the rest "
             "is the stock. Who starts is drawn at random.\n\n"
             "# A turn\n"
             "First draw the top card of the stock, or take the whole discard pile: to take "
             "it you must lay a new meld with its top card and at least two cards of your hand "
             "(the top card cannot be added to a meld already on the table); the rest of the "
             "pile joins your hand. Then lay new melds and add cards to your melds, as many as "
             "you like. Finally discard one card: that ends your turn.\n\n"
             "# Melds\n"
             "A meld is a sequence of at least three cards of one suit, such as 5\xE2\x99\xA0 "
             "6\xE2\x99\xA0 7\xE2\x99\xA0. The Ace goes below the 2 (A-2-3) or above the King "
             "(Q-K-A). A 2 may stand in for one missing card (a wild, of any suit); a meld holds "
             "at most one wild, and a 2 of the meld's own suit in its own place is an ordinary "
             "card. There are no sets of equal ranks. A meld holds at most 14 cards.\n\n"
             "# Canastras\n"
             "A meld of seven or more cards is a canastra: clean (limpa, without a wild) is worth "
             "200 points more, dirty (suja, with a wild) 100 more.\n\n"
             "# The end\n"
             "The game ends when a player has no cards left (going out, the batida), or when the "
             "player to move must draw and the stock is empty.\n\n"
             "# Scoring\n"
             "Each side scores the cards in its melds (3 to 7: 5 points; 2 and 8 to King: 10; "
             "Ace: 15) plus its canastras, minus the cards left in its hand; going out is worth "
             "100 more. More points wins.\n\n"
             "# At the table\n"
             "Click the stock (or press D) to draw. Click the discard pile (or press T) to take "
             "it: with the cards you selected, or choosing one of the melds its top card can "
             "make. Select cards by clicking them or by dragging along your hand; drag them onto "
             "the table (or press M) to lay a new meld, or onto one of your melds to add them. "
             "Double-click a card to discard it. S sorts your hand by suit or by rank. Every "
             "move is saved, so you can close the window at any time.");
}

static const char *rules_text(void)
{
    static char text[12000];
    snprintf(text, sizeof text, "%s\n\n%s", rules_text_base(),
             _("# Four players\n"
               "In Options, Players: Four seats you and a computer partner across the table "
               "against two computer players at your sides. Partners share their melds: either "
               "of you may add to them, and the team scores together.\n\n"
               "# Bot programs\n"
               "In Options, Opponent: Bot program lets you play against a program of your own "
               "that speaks the Buraco bot protocol (the one of the original contest judge). "
               "Choose its file; it plays from the next game. A program that crashes, stops, "
               "takes more than three seconds, floods the table or sends an invalid command is "
               "disqualified: the game is yours, or you may play it to the end against the "
               "computer."));
    return text;
}

static void draw_preview(App *a, SDL_FRect area)
{
    float h = area.h * 0.62f, w = h * (float)cardart_aspect(a->art);
    float cx = area.x + area.w / 2, cy = area.y + area.h / 2;
    Card cards[5] = {card_make(7, SUIT_HEARTS), card_make(8, SUIT_HEARTS),
                     card_make(2, SUIT_CLUBS), card_make(10, SUIT_HEARTS),
                     card_make(RANK_JACK, SUIT_HEARTS)};
    for (int i = 0; i < 5; i++) {
        SDL_FRect d = {cx + (i - 2) * w * 0.42f - w / 2, cy - h / 2, w, h};
        SDL_FRect s = d;
        s.x += 3;
        s.y += 5;
        cardart_draw_shadow(a->art, a->ren, &s, 0, 255);
        cardart_draw(a->art, a->ren, cards[i], &d, 0, 255);
    }
}

static bool locate(void *self, const char *what, SDL_FRect *out)
{
    Bur *t = self;
    if (!strcmp(what, "stock"))
        *out = unit_rect(t, STOCK_X, STOCK_Y, PILE_H * t->tv.cw, PILE_H);
    else if (!strcmp(what, "pile"))
        *out = unit_rect(t, PILE_X, PILE_Y0, PILE_H * t->tv.cw, PILE_H);
    else if (!strcmp(what, "hand"))
        *out = unit_rect(t, (HAND_X0 + HAND_X1) / 2, HAND_Y, HAND_X1 - HAND_X0, HAND_H);
    else if (!strcmp(what, "draw"))
        *out = t->btn[BTN_DRAW];
    else if (!strcmp(what, "meld"))
        *out = t->btn[BTN_MELD];
    else if (!strcmp(what, "discard"))
        *out = t->btn[BTN_DISCARD];
    else if (!strcmp(what, "next") && t->over && t->banner > 0)
        *out = t->btn[BTN_NEXT];
    else if (!strcmp(what, "dq-win") && t->dq && !t->over)
        *out = t->btn[BTN_DQ_WIN];
    else if (!strcmp(what, "dq-continue") && t->dq && !t->over)
        *out = t->btn[BTN_DQ_CONTINUE];
    else if (!strncmp(what, "card:", 5)) { /* your hand's card N, as shown */
        int k = atoi(what + 5);
        for (int i = 0; i < t->n_spr; i++)
            if (t->spr[i].zone == Z_MY_HAND && t->spr[i].index == k) {
                *out = sprite_rect(t, &t->spr[i]);
                /* The part not covered by the next card. */
                if (k + 1 < t->n_hand)
                    out->w = fminf(out->w, hand_step(t, t->n_hand, HAND_H) * t->tv.s);
                return true;
            }
        return false;
    } else if (!strncmp(what, "meld:", 5)) { /* your team's meld N */
        int k = atoi(what + 5);
        if (k < 0 || k >= t->n_meld_rect[0])
            return false;
        *out = t->meld_rect[0][k];
    } else if (!strncmp(what, "canastra:", 9)) { /* team T's meld I's mark: "canastra:T:I" */
        int team = atoi(what + 9), k = -1;
        const char *colon = strchr(what + 9, ':');
        if (colon)
            k = atoi(colon + 1);
        if (!t->m || team < 0 || team >= BUR_TEAMS || k < 0)
            return false;
        BuracoState v;
        view(t, &v);
        const char *label;
        int fs;
        return canastra_mark(t, &v, team, k, out, &label, &fs);
    } else if (!strncmp(what, "choice:", 7)) { /* a take offered */
        int k = atoi(what + 7);
        if (k < 0 || k >= t->n_choice)
            return false;
        *out = t->choice_rect[k];
    } else
        return false;
    return true;
}

const char *buraco_scene_program_message(void *self)
{
    const Bur *t = self;
    return t && (t->dq || t->dq_win) ? t->dq_msg : "";
}

const Scene buraco_scene = {
    .id = "buraco",
    .enter = enter,
    .leave = leave,
    .layout = layout,
    .event = event,
    .on_action = on_action,
    .update = update,
    .draw = draw,
    .animating = animating,
    .settled = settled,
    .new_game = new_game_fn,
    .match = get_match,
    .settings_changed = settings_changed,
    .table_options = table_options,
    .set_table_option = set_table_option,
    .rules_text = rules_text,
    .draw_preview = draw_preview,
    .locate = locate,
};
