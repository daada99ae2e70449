/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buraco table: you against the computer or a bot program, or four in teams, you and
 * your partner across the table against east and west. You sit south: at seat 0 at an
 * offline table, at any seat at a networked one (the others are placed around you, your
 * partner being seat + 2, east seat + 1, west seat + 3; "your" melds and score are your
 * team's, seat % 2). The table
 * (ui/tablescene.c) runs the games; this file lays out and draws the cards and says what
 * input means. In table units: the other hands along the top, the stock and the discard
 * pile (fanned downwards, every card readable) on the left, the melds in the middle (theirs
 * above, yours below), your hand along the bottom, the scores and buttons on the right.
 *
 * After each applied action the scene lays the table out again from what you may see and
 * moves each card from where the same card was to where it belongs now; a card nobody saw
 * before comes from where the last move came from. So a resume, a resize, a bot's move or
 * a change of speed need nothing special.
 *
 * Your moves: select cards (click, or drag along the hand) and drag them onto the table
 * for a new meld or onto one of your melds; click the stock to draw, the pile to take it
 * (with the selected cards, or choosing a meld its top card makes with your hand);
 * double-click a card to throw it. Buttons do the same. */
#include "buraco_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "botseat.h"
#include "buraco.h"
#include "core/fileio.h"
#include "protocol.h"
#include "ui/hand.h"
#include "ui/i18n.h"
#include "ui/tablescene.h"
#include "ui/widgets.h"

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
#define US_Y0 486.0f /* a strip for the news between the bands (news_at) */
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
/* Options -> Bot program's seat with four players: the choices, and the seat each gives
 * counted from yours (none, your partner across, an opponent at your right or left). */
static const int program_seat4[4] = {0, 2, 1, 3};

enum { Z_PILE, Z_MY_HAND, Z_OPP_HAND, Z_MELD };

/* A card on the table, or its place. Its height changes as it moves (the hand's cards are
 * bigger than the melds'), and its shadow is Buraco's own: not a TableCard. */
typedef struct {
    Card face; /* CARD_HIDDEN: a back */
    float x, y, h;
    unsigned char zone;
    short index; /* hand index, pile index, or team * 64 + meld */
    short sub;   /* card within the meld; the seat of another hand */
} Sprite;

enum {
    BTN_DRAW = 1,
    BTN_MELD,
    BTN_DISCARD,
    BTN_SORT,
    BTN_DQ_WIN,
    BTN_DQ_CONTINUE,
    BTN_RECONNECT,
    BTN_NO_RECONNECT,
    BTN_NEXT_DEAL,
    BTN_COUNT
};

typedef struct {
    Table tb;
    /* The Options choices the game shown was dealt with (or a resumed one found): they
     * apply from the next game. cfg_path: the bot program, "" for the computer. */
    int players_next, seat_next;
    char cfg_path[KV_VAL];
    Sprite spr[MAX_SPRITES];
    int n_spr;
    /* Your hand in the order shown; the widget knows what is selected and the pointer on
     * it (a sweep selecting a run, the selection carried to the table). */
    Card hand[BUR_DECK_MAX];
    int n_hand;
    Hand hand_ui;
    bool by_rank;
    /* Meld rectangles (pixels), for dropping cards on them: [team][meld]. */
    SDL_FRect meld_rect[BUR_TEAMS][BUR_MAX_MELDS];
    int n_meld_rect[BUR_TEAMS];
    /* Where the last move came from (for cards that appear). */
    int last_player, last_type;
    float mouse_x, mouse_y;
    /* Choosing which meld takes the pile. */
    Action choice[MAX_CHOICES];
    int n_choice;
    SDL_FRect choice_rect[MAX_CHOICES];
    /* What another seat just did. */
    char bot_said[96];
    float bot_said_t;
    int bot_said_seat;
    /* The bot program at ext_seat (partner or opponent): it plays now (ext_on); this game
     * began with it (ext_game, even if the computer took over); it was disqualified (dq: the
     * dialog is up) and the game was settled by the protocol's rule (dq_win: its team
     * loses). ext_wait: seconds shown "thinking" so far. */
    bool ext_on, ext_game, ext_started, dq, dq_win;
    int ext_seat;
    /* A resumed game that was played with a program whose file is still there: the offer
     * to bring it back is up (offer). Brought back, it is shown the game from the deal and
     * must make its own moves again, the same ones, before it plays on (catch_up: the next
     * history entry to show it; rs: the state before that entry). The same question for a
     * game just dealt whose program the player has not chosen or confirmed in this window
     * since it opened (offer_new: the settings name it, and a settings file alone never
     * makes Tasca run a program); nothing is dealt until the player answers. */
    bool offer, offer_new, catching_up;
    int catch_up;
    BuracoState rs;
    BotSeat ext;
    char ext_name[KV_VAL], dq_msg[600];
    float ext_wait;
    /* A move of several steps at a networked table, whose mirror sends one step at a
     * time: the steps still to send (queue[queue_next..n_queue)), each once the one before
     * has come back; queue_at: the table's step count when the last one was sent. */
    Action queue[PROTO_MAX_ACTIONS];
    int n_queue, queue_next;
    uint32_t queue_at;
    /* A match over deals: the rules deal the next deal as soon as one ends, and the table
     * stops on the finished deal's sheet until the player goes on (between). prev is the
     * position after the action before the last one seen (prev_at: the history length
     * then), so that the deal's last position (deal_end, with its breakdown) can be
     * rebuilt: prev and the last action, with no match to go on to. */
    bool between;
    BuracoState prev, deal_end;
    int prev_at;
    char deal_title[96], deal_reason[160];
} Bur;

/* ---- What you see ---- */

static int players(const Bur *t) { return t->tb.m->num_players; }
static bool four(const Bur *t) { return players(t) == 4; }

/* Your seat (south) and team: seat 0 at an offline table, any seat at a networked one. */
static int me(const Bur *t) { return table_player(&t->tb); }
static int us(const Bur *t) { return buraco_team(me(t)); }

/* A seat counted from yours: 0 you, 1 east, 2 across, 3 west (with two: 1 across). */
static int rel_seat(const Table *tb, int seat)
{
    int n = tb->m->num_players;
    return ((seat - table_player(tb)) % n + n) % n;
}

static void view(const Bur *t, BuracoState *v)
{
    if (t->tb.app->set.show_opponents)
        *v = *(const BuracoState *)t->tb.m->state;
    else
        match_view(t->tb.m, me(t), v);
}

/* The game shown has ended (or was won from a disqualified program). */
static bool ended(const Table *tb) { return tb->over || tb->hold; }

static bool dq_up(const Bur *t) { return t->dq && !ended(&t->tb); }

/* Where a seat sits: 0 south (you), 1 east, 2 north, 3 west; with two players the other
 * seat sits north. */
static int seat_side(const Bur *t, int seat)
{
    int rel = rel_seat(&t->tb, seat);
    return four(t) ? rel : rel ? 2 : 0;
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

static SeatKind seat_kind(const Table *tb, int seat)
{
    const Bur *t = (const Bur *)tb;
    return t->ext_on && seat == t->ext_seat ? SEAT_PROGRAM : SEAT_HUMAN;
}

static const char *seat_name(const Table *tb, int seat)
{
    static const char *const names[4] = {N_("You"), N_("East"), N_("Partner"), N_("West")};
    if (table_seat_kind(tb, seat) == SEAT_PROGRAM)
        return ((const Bur *)tb)->ext_name;
    if (!tb->m)
        return seat == 0 ? _(names[0]) : _("Computer");
    int rel = rel_seat(tb, seat);
    if (rel == 0 || tb->m->num_players == 4)
        return _(names[rel & 3]);
    return _("Computer");
}

/* Sentences name the seat ("West draws") with four players, a program or someone at a
 * networked table; otherwise it is the computer ("Computer draws"). */
static bool named(const Table *tb, int seat)
{
    SeatKind k = table_seat_kind(tb, seat);
    return tb->m->num_players == 4 || k == SEAT_PROGRAM || k == SEAT_REMOTE;
}

/* Your hand sorted by suit then rank (Ace high), or by rank then suit. */
static int sort_key(const Bur *t, Card c)
{
    if (buraco_is_joker(c))
        return 99; /* jokers last, whichever the order */
    int r = card_rank(c) == RANK_ACE ? 14 : card_rank(c);
    static const int suit_order[SUIT_COUNT] = {1, 0, 2, 3}; /* ♦ ♣ ♥ ♠: colours alternate */
    int s = suit_order[card_suit(c)];
    return t->by_rank ? r * 4 + s : s * 16 + r;
}

/* ---- Where every card belongs ---- */

/* From one card of a row of n to the next: `step`, closer when the row is longer than
 * `span`. */
static float fit(float step, int n, float span)
{
    return n > 1 && step * (n - 1) > span ? span / (n - 1) : step;
}

static float hand_step(const Bur *t, int n, float h)
{
    float w = h * t->tb.tv.cw;
    return fit(w * 0.62f, n, HAND_X1 - HAND_X0 - w);
}

static float meld_step(const Bur *t, float h) { return h * t->tb.tv.cw * 0.34f; }

/* Lays out the melds of a team in its band; cards of meld i at x0 + k * step. Shrinks the
 * cards until the melds fit; returns their height. */
static float meld_layout(const Bur *t, const BuracoState *v, int team, float *xs, float *ys)
{
    float y0 = team == us(t) ? US_Y0 : THEM_Y0;
    for (float h = MELD_H; h > 40; h *= 0.9f) {
        float step = meld_step(t, h), w = h * t->tb.tv.cw, gap = w * 0.28f;
        float x = MELD_X0 + w / 2, y = y0 + h / 2 + 26;
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
        if (y + h / 2 <= y0 + BAND_H || h < 45)
            return h;
    }
    return 40;
}

static int plan_table(Bur *t, const BuracoState *v, Sprite *out)
{
    int n = 0;
    /* The discard pile, fanned downwards so every index shows. */
    float step = fit(PILE_H * 0.24f, v->pile_n, PILE_Y1 - PILE_Y0);
    for (int i = 0; i < v->pile_n; i++)
        out[n++] = (Sprite){v->pile[i], PILE_X, PILE_Y0 + i * step, PILE_H, Z_PILE, (short)i, 0};
    /* The other hands, face down (or up with "show opponents' cards"): north a wide fan,
     * east and west a small one on their seat plates. */
    for (int seat = 0; seat < v->num_players; seat++) {
        int on = v->hand_n[seat];
        if (on <= 0 || seat == me(t))
            continue;
        Card oc[BUR_DECK_MAX];
        int shown = buraco_hand_cards(v, seat, oc);
        bool north = seat_side(t, seat) == 2;
        float h = north ? OPP_H : SIDE_H, cx, cy;
        float span = north ? (four(t) ? 560 : 900) : 90;
        step = fit(h * t->tb.tv.cw * (north ? 0.42f : 0.3f), on, span);
        seat_spot(t, seat, &cx, &cy);
        float x0 = cx - step * (on - 1) / 2;
        bool up = t->tb.app->set.show_opponents || v->phase == BUR_OVER;
        for (int i = 0; i < on && n < MAX_SPRITES; i++)
            out[n++] = (Sprite){i < shown && up ? oc[i] : CARD_HIDDEN, x0 + i * step, cy, h,
                               Z_OPP_HAND, (short)i, (short)seat};
    }
    /* Melds. */
    for (int team = 0; team < BUR_TEAMS; team++) {
        float xs[BUR_MAX_MELDS], ys[BUR_MAX_MELDS];
        float h = meld_layout(t, v, team, xs, ys);
        float w = h * t->tb.tv.cw;
        step = meld_step(t, h);
        t->n_meld_rect[team] = v->n_melds[team];
        for (int i = 0; i < v->n_melds[team]; i++) {
            const BuracoMeld *m = &v->melds[team][i];
            for (int k = 0; k < m->n && n < MAX_SPRITES; k++)
                out[n++] = (Sprite){m->c[k], xs[i] + k * step, ys[i], h, Z_MELD,
                                   (short)(team * 64 + i), (short)k};
            float mw = w + step * (m->n - 1);
            t->meld_rect[team][i] = unit_rect(t, xs[i] - w / 2 + mw / 2, ys[i], mw + 16, h + 16);
        }
    }
    /* Your hand, sorted. */
    Card *hd = t->hand;
    t->n_hand = buraco_hand_cards(v, me(t), hd);
    for (int i = 1; i < t->n_hand; i++)
        for (int j = i; j > 0 && sort_key(t, hd[j]) < sort_key(t, hd[j - 1]); j--) {
            Card c = hd[j];
            hd[j] = hd[j - 1];
            hd[j - 1] = c;
        }
    step = hand_step(t, t->n_hand, HAND_H);
    float x0 = (HAND_X0 + HAND_X1) / 2 - step * (t->n_hand - 1) / 2;
    for (int i = 0; i < t->n_hand && n < MAX_SPRITES; i++)
        out[n++] = (Sprite){hd[i], x0 + i * step, HAND_Y, HAND_H, Z_MY_HAND, (short)i, 0};
    return n;
}

/* Where a card that nobody has seen on the table comes from. */
static void origin(const Bur *t, const Sprite *p, float *x, float *y)
{
    *x = STOCK_X;
    *y = STOCK_Y;
    if (p->zone == Z_OPP_HAND && t->last_type == BUR_A_TAKE && t->last_player == p->sub) {
        *x = PILE_X;
        *y = PILE_Y0;
    } else if (p->zone != Z_OPP_HAND && p->zone != Z_MY_HAND && t->last_player >= 0 &&
               t->last_player != me(t)) {
        seat_spot(t, t->last_player, x, y);
    }
}

/* The sprite that showed the card of place p before: the same face (in the same zone
 * first), or the same back in the same hand (at the same place first); -1: none. */
static int old_sprite(const Sprite *old, int n_old, const bool *used, const Sprite *p)
{
    for (int pass = 0; pass < 2; pass++)
        for (int j = 0; j < n_old; j++) {
            const Sprite *o = &old[j];
            if (used[j] || o->face != p->face || (pass == 0 && o->zone != p->zone))
                continue;
            if (p->face != CARD_HIDDEN || (o->zone == p->zone && o->index == p->index &&
                                           o->sub == p->sub))
                return j;
        }
    for (int j = 0; j < n_old && p->face == CARD_HIDDEN; j++)
        if (!used[j] && old[j].zone == Z_OPP_HAND && p->zone == Z_OPP_HAND &&
            old[j].sub == p->sub && old[j].face == CARD_HIDDEN)
            return j;
    return -1;
}

static void sync(Bur *t, bool instant)
{
    Anim *an = &t->tb.anim;
    BuracoState v;
    view(t, &v);
    Sprite old[MAX_SPRITES];
    int n_old = t->n_spr;
    memcpy(old, t->spr, sizeof old);
    anim_forget(an, t->spr, t->spr + MAX_SPRITES);
    t->n_spr = plan_table(t, &v, t->spr);
    bool used[MAX_SPRITES] = {false}, moved = false;
    for (int i = 0; i < t->n_spr && !instant; i++) {
        Sprite *s = &t->spr[i], to = *s;
        int from = old_sprite(old, n_old, used, s);
        if (from >= 0) {
            used[from] = true;
            s->h = old[from].h;
            s->x = old[from].x;
            s->y = old[from].y;
        } else {
            origin(t, s, &s->x, &s->y);
        }
        if (fabsf(s->x - to.x) + fabsf(s->y - to.y) + fabsf(s->h - to.h) < 0.5f) {
            *s = to;
            continue;
        }
        moved = true;
        float d = from >= 0 ? 0 : 0.04f * (i % 6);
        anim_to(an, &s->x, to.x, 0.38f, d, EASE_OUT_CUBIC);
        anim_to(an, &s->y, to.y, 0.38f, d, EASE_OUT_CUBIC);
        anim_to(an, &s->h, to.h, 0.38f, d, EASE_OUT_CUBIC);
    }
    hand_select_none(&t->hand_ui);
    if (moved)
        app_sound(t->tb.app, SND_SLIDE);
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
        *out = unit_rect(t, p->x, p->y, p->h * t->tb.tv.cw, p->h);
        if (t->hand_ui.selected[i])
            out->y -= 26 * t->tb.tv.s;
        return true;
    }
    return false;
}

static const HandGeometry hand_geometry = {hand_places, hand_rect};

/* ---- Games ---- */

/* The Options for the next game: the players (2 or 4), the bot program (NULL: none) and
 * the seat it plays, counted from yours: the opponent's with two players; with four, the
 * one chosen. */
static int chosen(const Kv *kv, const char **prog, int *seat)
{
    int n = kv_get_int(kv, "buraco.players", 2, 2, 4) == 4 ? 4 : 2;
    const char *p = kv_get(kv, "buraco.program");
    *seat = n == 2 ? kv_get_int(kv, "buraco.opponent", 0, 0, 1)
                   : program_seat4[kv_get_int(kv, "buraco.program_seat4", 0, 0, 3)];
    *prog = *seat && p && *p ? p : NULL;
    if (!*prog)
        *seat = 0;
    return n;
}

/* The Options as they are now apply to the game dealt (or resumed: it keeps its seats). */
static void apply_options(Bur *t)
{
    const char *prog;
    t->players_next = chosen(&t->tb.app->kv, &prog, &t->seat_next);
    snprintf(t->cfg_path, sizeof t->cfg_path, "%s", prog ? prog : "");
}

/* A game this window deals: you at seat 0, the computer (or the program) around you. A
 * networked table's seats are its dealer's. */
static int seats(Table *tb, SeatSpec *out)
{
    Bur *t = (Bur *)tb;
    apply_options(t);
    const int you = 0;
    for (int p = 0; p < t->players_next; p++)
        out[p] = (SeatSpec){p != you, p != you ? tb->app->set.difficulty : DIFF_MEDIUM};
    if (t->cfg_path[0]) /* the program plays it (driven here, not the match) */
        out[(you + t->seat_next) % t->players_next].bot = false;
    return t->players_next;
}

/* A bot program plays the contest's game: its protocol knows no jokers, mortos or
 * matches. */
static void deal_options(Table *tb, GameOptions *opt)
{
    if (((Bur *)tb)->cfg_path[0])
        buraco_variant_options(BUR_VARIANT_CONTEST, opt);
}

/* Ends the bot program of the game shown, if any. */
static void ext_reset(Bur *t)
{
    if (t->ext_started)
        botseat_stop(&t->ext);
    t->ext_on = t->ext_started = t->dq = t->dq_win = false;
    t->ext_wait = 0;
}

static void enter(Table *tb)
{
    Bur *t = (Bur *)tb;
    hand_init(&t->hand_ui, tb->app, &tb->anim, &hand_geometry, t);
    t->hand_ui.multi = true;
    t->hand_ui.drag_px = 10;
    t->by_rank = kv_get_int(&tb->app->kv, "buraco.by_rank", 0, 0, 1) != 0;
    apply_options(t);
    t->last_player = -1;
}

static void leave(Table *tb) { ext_reset((Bur *)tb); }

/* The program of the game dealt, kept in the settings (the save knows only that its seat
 * was not the computer's): which game (its seed), which seat, which file. */
static void remember_program(Bur *t)
{
    Kv *kv = &t->tb.app->kv;
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)t->tb.m->seed);
    const char *old = kv_get(kv, "buraco.resume.program");
    if (!t->ext_game && (!old || !*old))
        return; /* nothing to forget: no settings write (an fsync) for every deal */
    kv_set(kv, "buraco.resume.seed", t->ext_game ? seed : "");
    kv_set_int(kv, "buraco.resume.seat", t->ext_game ? t->ext_seat : 0);
    kv_set(kv, "buraco.resume.program", t->ext_game ? t->cfg_path : "");
    app_save_settings(t->tb.app);
}

/* The seat and file of the program a resumed game was played with, when that file can
 * still run; -1 otherwise. */
static int remembered_program(Bur *t, int seat, char *path, size_t size)
{
    const Kv *kv = &t->tb.app->kv;
    const char *seed = kv_get(kv, "buraco.resume.seed"), *prog = kv_get(kv, "buraco.resume.program");
    char want[32];
    snprintf(want, sizeof want, "%llu", (unsigned long long)t->tb.m->seed);
    if (!seed || strcmp(seed, want) != 0 || !prog || !*prog ||
        kv_get_int(kv, "buraco.resume.seat", 0, 0, RULES_MAX_PLAYERS - 1) != seat ||
        !botproc_runnable(prog))
        return -1;
    snprintf(path, size, "%s", prog);
    return seat;
}

/* Every other seat of a resumed game is the computer's; a bot program's goes on with ours,
 * unless its file is still there: then the player is offered to bring it back. */
static void resumed(Table *tb)
{
    Bur *t = (Bur *)tb;
    t->between = false;
    t->prev = *(const BuracoState *)tb->m->state;
    t->prev_at = (int)tb->m->history_len;
    if (tb->m->mirror) /* a networked table: its seats are as its dealer says */
        return;
    int had_program = 0, you = table_player(tb);
    for (int p = 0; p < tb->m->num_players; p++) {
        if (p == you)
            continue;
        if (table_human(tb, p) && !had_program)
            had_program = p;
        tb->m->seats[p].bot = true;
    }
    if (!had_program)
        return;
    char path[KV_VAL];
    if (!match_is_over(tb->m) &&
        remembered_program(t, had_program, path, sizeof path) == had_program) {
        t->offer = true;
        t->offer_new = false;
        t->ext_seat = had_program;
        snprintf(t->cfg_path, sizeof t->cfg_path, "%s", path);
        const char *base = strrchr(path, '/');
        snprintf(t->ext_name, sizeof t->ext_name, "%s", base ? base + 1 : path);
        return;
    }
    app_notice(tb->app, _("The game against the bot program goes on against the computer."));
}

static void reset(Table *tb)
{
    Bur *t = (Bur *)tb;
    ext_reset(t);
    /* The program starts once the cards are dealt, from cfg_path: the Options the game was
     * dealt with (a change before the player has moved deals again); only one the player
     * chose or confirmed in this window: another is asked about first (offer_new). */
    bool want = t->cfg_path[0] != '\0' && table_deals(tb);
    t->ext_on = t->ext_game = want && app_program_trusted(tb->app, t->cfg_path);
    t->ext_seat = want ? t->seat_next % tb->m->num_players : 0; /* you: seat 0 */
    t->catching_up = t->between = false;
    t->offer = t->offer_new = want && !t->ext_on;
    t->prev_at = -1;
    const char *base = strrchr(t->cfg_path, '/');
    snprintf(t->ext_name, sizeof t->ext_name, "%s", base ? base + 1 : t->cfg_path);
    remember_program(t);
    anim_clear(&tb->anim);
    t->bot_said_t = 0;
    t->n_choice = t->n_spr = 0;
    t->n_queue = t->queue_next = 0;
    hand_reset(&t->hand_ui);
    t->last_player = -1;
    t->last_type = 0;
    tb->deal_wait = 0.2f * app_speed_factor(tb->app);
}

/* The table's sync: at once from the view (a past position under review); the animated
 * steps are on_action's, which syncs itself. */
static void sync_hook(Table *tb, bool instantly)
{
    if (instantly) {
        anim_finish(&tb->anim);
        sync((Bur *)tb, true);
    }
}

/* After a win taken from a disqualified program (the match held where it stopped). */
static void next_game(Table *tb) { table_deal(tb); }

/* A game against a program stays out of the statistics (they are per level of our own
 * bot) but counts in the table's score. */
static bool uncounted(const Table *tb) { return ((const Bur *)tb)->ext_game; }

/* The result from your team's side. */
static int team_result(const Bur *t, const BuracoState *s)
{
    int u = us(t), ours = s->score[u], theirs = s->score[1 - u];
    return ours > theirs ? 1 : ours < theirs ? -1 : 0;
}

/* A disqualified program's team loses (the protocol's rule): you win against an opponent,
 * your team loses with a partner. */
static int dq_result(const Bur *t) { return buraco_team(t->ext_seat) != us(t) ? 1 : -1; }

static void count_at_table(Table *tb, int result)
{
    table_score_count(&tb->score, result);
    table_score_save(&tb->score, &tb->app->kv, "buraco");
    app_save_settings(tb->app);
}

static void deal_reason(const Bur *t, const BuracoState *s, char *reason, size_t rsize);

static int result(Table *tb, char *title, size_t tsize, char *reason, size_t rsize)
{
    Bur *t = (Bur *)tb;
    const BuracoState *s = tb->m->state;
    int res = t->dq_win ? dq_result(t) : team_result(t, s);
    snprintf(title, tsize, "%s",
             res > 0   ? (four(t) ? _("Your team wins!") : _("You win!"))
             : res < 0 ? (four(t) ? _("Your team loses") : _("You lose"))
                       : _("Draw"));
    deal_reason(t, s, reason, rsize);
    t->n_choice = 0;
    return res;
}

/* Why a deal ended: who went out, or the stock. */
static void deal_reason(const Bur *t, const BuracoState *s, char *reason, size_t rsize)
{
    const Table *tb = &t->tb;
    if (s->end != BUR_END_OUT)
        snprintf(reason, rsize, "%s", _("The stock ran out."));
    else if (s->went_out == me(t))
        snprintf(reason, rsize, "%s", _("You went out."));
    else if (!named(tb, s->went_out))
        snprintf(reason, rsize, "%s", _("The computer went out."));
    else
        snprintf(reason, rsize, _("%s went out."), table_seat_name(tb, s->went_out));
}

/* After each action: when it ended a deal of a match (the rules have dealt the next at
 * once), rebuild the finished deal from prev and stop on its sheet. Not at a networked
 * table, whose dealer deals on for every seat, nor in a demonstration or while a program
 * catches up. */
static void note_deal(Bur *t, Action a)
{
    Table *tb = &t->tb;
    const BuracoState *now = tb->m->state;
    bool seen = t->prev_at == (int)tb->m->history_len - 1;
    if (seen && now->target && now->deal != t->prev.deal && !tb->m->mirror &&
        !t->catching_up && table_player(tb) >= 0 && !match_is_over(tb->m)) {
        /* The deal's last position: the action again, with no match to go on to. */
        t->deal_end = t->prev;
        t->deal_end.target = 0;
        if (!tb->m->rules->apply(&t->deal_end, a) && t->deal_end.phase == BUR_OVER) {
            t->between = true;
            snprintf(t->deal_title, sizeof t->deal_title, _("End of deal %d"), t->prev.deal + 1);
            deal_reason(t, &t->deal_end, t->deal_reason, sizeof t->deal_reason);
        }
    }
    t->prev = *now;
    t->prev_at = (int)tb->m->history_len;
}

static void on_action(Table *tb, int player, Action a)
{
    Bur *t = (Bur *)tb;
    note_deal(t, a);
    /* What another seat did, by name or as the computer (see named). */
    static const char *const says[BUR_A_DISCARD + 1][2] = {
        [BUR_A_DRAW] = {N_("%s draws"), N_("Computer draws")},
        [BUR_A_TAKE] = {N_("%s takes the pile"), N_("Computer takes the pile")},
        [BUR_A_NEW3] = {N_("%s lays a meld"), N_("Computer lays a meld")},
        [BUR_A_NEWW] = {N_("%s lays a meld"), N_("Computer lays a meld")},
        [BUR_A_JOIN] = {N_("%s adds to a meld"), N_("Computer adds to a meld")},
        [BUR_A_DISCARD] = {N_("%s discards"), N_("Computer discards")}};
    /* A step this seat cannot see (a networked table's: a card dealt or drawn into
     * another hand) has no type: the new layout shows it, a back flying from the stock to
     * the hand that grew (origin). */
    bool hidden = a == ACTION_HIDDEN;
    int type = hidden ? 0 : buraco_action_type(a);
    if (player >= 0) {
        t->last_player = player;
        t->last_type = type;
    }
    const char *say = player >= 0 && type > 0 && type <= BUR_A_DISCARD
                          ? says[type][!named(tb, player)]
                          : NULL;
    if (say && !table_human(tb, player)) {
        snprintf(t->bot_said, sizeof t->bot_said, _(say), table_seat_name(tb, player));
        t->bot_said_t = 1.4f;
        t->bot_said_seat = player;
    }
    if (type == BUR_A_DISCARD)
        app_sound(tb->app, SND_DEAL);
    /* A morto taken (house rules): say so, and how. */
    const BuracoState *now = tb->m->state;
    if (player >= 0 && !hidden && now->phase == BUR_MORTO && now->morto_by == player &&
        now->morto_deal == BUR_MORTO_CARDS) {
        char msg[160];
        bool direto = now->morto_how == 1;
        if (table_human(tb, player))
            snprintf(msg, sizeof msg, "%s",
                     direto ? _("You take your morto (direto): play on with it.")
                            : _("You take your morto (indireto): you play it from your next turn."));
        else
            snprintf(msg, sizeof msg,
                     direto ? _("%s takes a morto (direto)") : _("%s takes a morto (indireto)"),
                     table_seat_name(tb, player));
        table_say(tb, msg);
    }
    if (t->ext_started && !hidden) {
        botseat_heard(&t->ext, tb->m->state, player, a);
        if (match_is_over(tb->m))
            botseat_stop(&t->ext);
    }
    sync(t, false);
    if (match_is_over(tb->m) && t->ext_game)
        count_at_table(tb, team_result(t, tb->m->state));
}

/* Each step of another seat waits for the cards to land and a moment more: the draw, then
 * quicker melds. */
static float bot_pause(const Table *tb)
{
    return ((const BuracoState *)tb->m->state)->phase == BUR_DRAW ? 0.7f : 0.35f;
}

static float chance_pause(Table *tb, bool *more)
{
    /* The deal card by card; who starts at once. */
    *more = ((const BuracoState *)tb->m->state)->phase != BUR_DEALING;
    return *more ? 0 : 0.045f;
}

static void catch_up(Bur *t);

/* At a networked table: the next step of your move once the one before has come back;
 * none more once one was refused (the table has said why) or the game ended. */
static void send_queued(Bur *t)
{
    Match *m = t->tb.m;
    if (t->queue_next >= t->n_queue || !m->mirror || m->sent)
        return;
    const char *e = m->steps == t->queue_at || match_is_over(m)
                        ? "" /* refused, or over: the rest cannot follow */
                        : match_submit(m, me(t), t->queue[t->queue_next]);
    if (e) {
        if (*e)
            table_say(&t->tb, _(e));
        t->n_queue = t->queue_next = 0;
        return;
    }
    t->queue_next++;
    t->queue_at = m->steps;
}

static void update(Table *tb, float dt)
{
    Bur *t = (Bur *)tb;
    if (t->bot_said_t > 0)
        t->bot_said_t -= dt;
    send_queued(t);
    if (t->catching_up) /* here: the table holds, and does not drive, while it catches up */
        catch_up(t);
}

/* What another seat did stays a moment (frames for its fading) but holds no bot. */
static bool busy(const Table *tb)
{
    return ((const Bur *)tb)->bot_said_t > 0 && table_player_can_act(tb);
}

/* Another position on the table (the review): what another seat did was done before the
 * position that was there. */
static void quiet(Table *tb) { ((Bur *)tb)->bot_said_t = 0; }

/* While the disqualification dialog is up, nothing is dealt and nobody plays. */
static bool holding(const Table *tb)
{
    const Bur *t = (const Bur *)tb;
    return dq_up(t) || t->offer || t->catching_up || t->between;
}

/* ---- The bot program ---- */

/* It was disqualified: say why and offer the win or the computer. */
static void disqualified(Bur *t, const char *why)
{
    t->dq = true;
    snprintf(t->dq_msg, sizeof t->dq_msg, _("The bot program %s was disqualified: %s"), t->ext_name,
             why);
    botseat_stop(&t->ext);
    t->n_choice = 0;
    hand_select_none(&t->hand_ui);
    app_sound(t->tb.app, SND_LOSE);
}

/* Starts the program for the game dealt as s shows it (once the cards are dealt). */
static bool start_program(Bur *t, const BuracoState *s)
{
    char *argv[2] = {t->cfg_path, NULL};
    /* Protocol ids "pN.name", as the judge names its players: the program's file name at
     * its seat, the seat's name elsewhere. */
    static const char *const names[4] = {"you", "east", "partner", "west"};
    char idb[RULES_MAX_PLAYERS][sizeof t->ext_name + 8];
    const char *ids[RULES_MAX_PLAYERS] = {0};
    for (int p = 0; p < s->num_players && p < RULES_MAX_PLAYERS; p++) {
        int rel = rel_seat(&t->tb, p);
        const char *name = p == t->ext_seat ? t->ext_name
                           : s->num_players == 2 && rel ? "computer"
                                                        : names[rel & 3];
        snprintf(idb[p], sizeof idb[p], "p%d.%s", p + 1, name);
        for (char *c = idb[p]; *c; c++)
            if (*c == ' ' || *c == '\t')
                *c = '_';
        ids[p] = idb[p];
    }
    t->ext_started = true;
    if (!botseat_start(&t->ext, argv, s, t->ext_seat, ids)) {
        disqualified(t, t->ext.why);
        return false;
    }
    return true;
}

/* A program brought back to a resumed game: what it is told is the game from the deal, as
 * it happened, and its own moves must come again, the same ones (a program that decides
 * from what it is told and its own seed does). A program that plays otherwise cannot
 * take its seat back: the computer keeps it. A few entries a frame; its answers are read
 * without waiting, as in play. */
static void catch_up(Bur *t)
{
    Match *m = t->tb.m;
    for (int steps = 0; steps < 64 && t->catching_up; steps++) {
        if (t->catch_up >= m->history_len) {
            t->catching_up = false;
            t->ext_on = true;
            m->seats[t->ext_seat].bot = false;
            table_say(&t->tb, _("The bot program is back in its seat."));
            return;
        }
        Action a = m->history[t->catch_up];
        int player = m->history_player[t->catch_up];
        if (!t->ext_started) {
            /* It starts where play starts it: once the cards are dealt. */
            if (t->rs.phase == BUR_DEALING || t->rs.phase == BUR_FIRST) {
                buraco_rules.apply(&t->rs, a);
                t->catch_up++;
                continue;
            }
            if (!start_program(t, &t->rs))
                break;
        }
        if (player == t->ext_seat) {
            Action mine;
            BotSeatPoll r = botseat_poll(&t->ext, &t->rs, clock_now_ns(), &mine);
            if (r == BOTSEAT_WAIT)
                return;
            if (r == BOTSEAT_FAULT || mine != a) {
                char why[300];
                snprintf(why, sizeof why,
                         _("The bot program %s did not make its own moves again: the computer "
                           "keeps its seat."),
                         t->ext_name);
                botseat_stop(&t->ext);
                t->ext_started = t->catching_up = t->ext_on = false;
                m->seats[t->ext_seat].bot = true;
                app_notice(t->tb.app, "%s", why);
                return;
            }
        }
        buraco_rules.apply(&t->rs, a);
        botseat_heard(&t->ext, &t->rs, player, a);
        t->catch_up++;
    }
    if (t->ext_started && t->ext.fault != PROTO_OK && t->catching_up) {
        t->catching_up = false;
        disqualified(t, t->ext.why);
    }
}

/* Its seat: started once the cards are dealt, then each of its actions played after a
 * moment, like the computer's. Its pipes are read every frame without waiting. */
static void drive(Table *tb, float dt)
{
    Bur *t = (Bur *)tb;
    Match *m = tb->m;
    const BuracoState *s = m->state;
    if (!t->ext_on || match_is_over(m) || s->phase == BUR_DEALING || s->phase == BUR_FIRST)
        return;
    if (!t->ext_started && !start_program(t, s))
        return;
    float f = app_speed_factor(tb->app);
    if (table_seat_kind(tb, match_current_player(m)) == SEAT_PROGRAM) {
        if (anim_busy(&tb->anim) && f > 0)
            return;
        t->ext_wait += dt;
        if (t->ext_wait < bot_pause(tb) * f)
            return;
    }
    Action a;
    BotSeatPoll r = botseat_poll(&t->ext, s, clock_now_ns(), &a);
    if (r == BOTSEAT_FAULT) {
        disqualified(t, t->ext.why);
    } else if (r == BOTSEAT_ACTION) {
        t->ext_wait = 0;
        const char *e = match_submit(m, t->ext_seat, a);
        if (e) /* botseat checked it: not expected */
            disqualified(t, e);
    }
}

/* Settings changed. The table's choices (players, opponent) in Options: a game you have
 * not touched yet is dealt again at once; otherwise they apply from the next game. */
static void settings_changed(Table *tb)
{
    Bur *t = (Bur *)tb;
    const char *prog;
    int seat;
    int want = chosen(&tb->app->kv, &prog, &seat);
    bool same_ext = strcmp(prog ? prog : "", t->cfg_path) == 0 && seat == t->seat_next;
    if (want != t->players_next || !same_ext) {
        apply_options(t);
        if (!table_under_way(tb)) {
            anim_finish(&tb->anim);
            table_deal(tb);
        } else if (!same_ext) {
            table_say(tb, prog ? _("The bot program plays from the next game.")
                               : _("The computer plays from the next game."));
        } else {
            table_say(tb, want == 4 ? _("Four players in teams from the next game.")
                                    : _("Two players from the next game."));
        }
    }
    sync(t, false);
}

/* ---- Your moves ---- */

/* Plays a protocol command for you: the same checks and the same steps as a bot's. */
static void play_command(Bur *t, ProtoCommandType type, const Card *cards, int n, int meld)
{
    Table *tb = &t->tb;
    if (table_refuse(tb))
        return;
    ProtoCommand cmd = {.type = type, .meld = meld, .n = n};
    if (n > 0) /* a draw names no cards: cards may be NULL */
        memcpy(cmd.cards, cards, (size_t)n);
    Action acts[PROTO_MAX_ACTIONS];
    int na = 0;
    char why[256];
    if (proto_command_actions(tb->m->state, &cmd, acts, &na, why, sizeof why) != PROTO_OK) {
        table_say(tb, why);
        return;
    }
    const char *e = NULL;
    if (tb->m->mirror) {
        /* A networked table takes one step at a time: the first now, the others as each
         * comes back (send_queued). */
        t->n_queue = t->queue_next = 0;
        e = match_submit(tb->m, me(t), acts[0]);
        if (!e && na > 1) {
            memcpy(t->queue, acts + 1, sizeof *acts * (size_t)(na - 1));
            t->n_queue = na - 1;
            t->queue_at = tb->m->steps;
        }
        na = 0;
    }
    for (int i = 0; i < na && !e; i++)
        e = match_submit(tb->m, me(t), acts[i]);
    if (e)
        table_say(tb, _(e));
    else
        app_sound(tb->app, SND_CLICK);
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

/* Lays the cards selected as a new meld (meld < 0) or adds them to your meld. */
static void do_meld(Bur *t, int meld)
{
    Card c[BUR_DECK_MAX];
    int n = selected_cards(t, c);
    if (n < (meld < 0 ? 3 : 1))
        table_say(&t->tb, meld < 0 ? _("Select three or more cards in sequence to lay a meld.")
                                   : _("Select the cards to add first."));
    else
        play_command(t, meld < 0 ? PROTO_MELD_NEW : PROTO_MELD_JOIN, c, n, meld);
}

static void do_discard(Bur *t, Card c) { play_command(t, PROTO_DISCARD, &c, 1, -1); }

/* Taking the pile: with the cards selected, or the one meld the top can make, or a choice. */
static void do_take(Bur *t)
{
    Table *tb = &t->tb;
    if (table_refuse(tb))
        return;
    const BuracoState *s = tb->m->state;
    if (s->phase != BUR_DRAW) {
        table_say(tb, _("You have drawn already: lay melds or discard."));
        return;
    }
    Card c[BUR_DECK_MAX];
    int n = selected_cards(t, c);
    Action acts[RULES_MAX_ACTIONS];
    int na = buraco_rules.legal_actions(s, acts);
    Action onto = -1;
    for (int i = 0; i < na; i++) {
        int ty = buraco_action_type(acts[i]);
        if (ty == BUR_A_TAKEALL) { /* an open pile: taken whole */
            table_submit(tb, acts[i]);
            return;
        }
        if (ty == BUR_A_TAKEJ && onto < 0)
            onto = acts[i];
    }
    if (n >= 2) {
        play_command(t, PROTO_GET_DISCARD, c, n, -1);
        return;
    }
    t->n_choice = 0;
    for (int i = 0; i < na && t->n_choice < MAX_CHOICES; i++)
        if (buraco_action_type(acts[i]) == BUR_A_TAKE)
            t->choice[t->n_choice++] = acts[i];
    if (t->n_choice == 0 && onto >= 0) { /* a closed pile: its top onto your meld */
        table_submit(tb, onto);
        return;
    }
    if (t->n_choice == 0)
        table_say(tb, _("The top card makes no new meld with your hand: draw from the stock."));
    else if (t->n_choice == 1) {
        t->n_choice = 0;
        table_submit(tb, t->choice[0]);
    }
}

/* Your team's meld under (x, y) (pixels); -1: none. */
static int my_meld_at(const Bur *t, float x, float y)
{
    int u = us(t);
    for (int i = 0; i < t->n_meld_rect[u]; i++)
        if (rect_has(t->meld_rect[u][i], x, y))
            return i;
    return -1;
}

static bool stock_has(const Bur *t, float x, float y)
{
    return rect_has(unit_rect(t, STOCK_X, STOCK_Y, PILE_H * t->tb.tv.cw + 20, PILE_H + 20), x, y);
}

static bool pile_has(const Bur *t, float x, float y)
{
    return rect_has(unit_rect(t, PILE_X, (PILE_Y0 + PILE_Y1) / 2, PILE_H * t->tb.tv.cw + 20,
                              PILE_Y1 - PILE_Y0 + PILE_H + 20),
                    x, y);
}

static void layout(Table *tb)
{
    Bur *t = (Bur *)tb;
    for (int b = BTN_DRAW; b <= BTN_SORT; b++)
        tb->btn[b] = unit_rect(t, PANEL_X, 590 + 70 * (b - BTN_DRAW), 230, 56);
    tb->btn[TABLE_NEXT] = unit_rect(t, 800, 585, 280, 56); /* on the score sheet */
    tb->btn[BTN_DQ_WIN] = unit_rect(t, 630, 591, 320, 52);
    tb->btn[BTN_DQ_CONTINUE] = unit_rect(t, 970, 591, 320, 52);
    tb->btn[BTN_RECONNECT] = tb->btn[BTN_DQ_WIN];
    tb->btn[BTN_NO_RECONNECT] = tb->btn[BTN_DQ_CONTINUE];
    tb->btn[BTN_NEXT_DEAL] = tb->btn[TABLE_NEXT];
    anim_finish(&tb->anim);
    sync(t, true);
}

/* The buttons on the right; after the game only the table's "New game"; while the
 * disqualification dialog is up only its two. */
static bool shown(const Table *tb, int b)
{
    const Bur *t = (const Bur *)tb;
    if (b == BTN_NEXT_DEAL)
        return t->between;
    if (b >= BTN_RECONNECT)
        return t->offer;
    if (b >= BTN_DQ_WIN)
        return dq_up(t);
    return !dq_up(t) && !t->offer && !t->n_choice && !t->between &&
           !(ended(tb) && tb->banner > 0.5f);
}

static void press(Table *tb, int b)
{
    Bur *t = (Bur *)tb;
    Card c[BUR_DECK_MAX];
    switch (b) {
    case BTN_DRAW: do_draw(t); break;
    case BTN_MELD: do_meld(t, -1); break;
    case BTN_DISCARD:
        if (selected_cards(t, c) != 1)
            table_say(tb, _("Select the one card to discard (or double-click it)."));
        else
            do_discard(t, c[0]);
        break;
    case BTN_SORT:
        t->by_rank = !t->by_rank;
        kv_set_int(&tb->app->kv, "buraco.by_rank", t->by_rank);
        app_save_settings(tb->app);
        sync(t, false);
        break;
    case BTN_DQ_WIN: /* the protocol's rule: the other side wins */
        t->dq_win = true;
        count_at_table(tb, dq_result(t));
        table_game_over(tb, true); /* the match is held where it stopped, with the sheet */
        tb->over = true;           /* its result is known: a new game asks nothing */
        break;
    case BTN_RECONNECT: { /* the game again from the deal, for the program */
        Match *m = tb->m;
        t->offer = false;
        app_trust_program(tb->app, t->cfg_path); /* the player says so, here */
        if (t->offer_new) { /* nothing dealt yet: it plays from the deal */
            t->offer_new = false;
            t->ext_on = t->ext_game = true;
            remember_program(t);
            table_say(tb, _("The bot program plays this game."));
            break;
        }
        t->ext_game = t->catching_up = true;
        t->catch_up = 0;
        t->ext_started = false;
        m->rules->init(&t->rs, &m->options, m->num_players, m->seed);
        remember_program(t);
        break;
    }
    case BTN_NEXT_DEAL: t->between = false; break;
    case BTN_NO_RECONNECT:
        t->offer = false;
        if (t->offer_new) {
            t->offer_new = false;
            tb->m->seats[t->ext_seat].bot = true;
            table_say(tb, _("The computer plays this game in the bot program's seat."));
            break;
        }
        table_say(tb, _("The computer plays on in the bot program's seat."));
        break;
    case BTN_DQ_CONTINUE:
        t->dq = t->ext_on = false;
        tb->m->seats[t->ext_seat].bot = true;
        table_say(tb, _("The computer plays on in the bot program's seat."));
        break;
    default: break;
    }
}

/* Esc: clears the selection (and a choice of melds) first; with none, the menu opens. */
static bool cancel(Table *tb)
{
    Bur *t = (Bur *)tb;
    if (dq_up(t) || t->between || t->offer ||
        !(t->n_choice || selected_cards(t, (Card[BUR_DECK_MAX]){0})))
        return false;
    t->n_choice = 0;
    hand_select_none(&t->hand_ui);
    return true;
}

static bool event(Table *tb, const SDL_Event *e)
{
    Bur *t = (Bur *)tb;
    Hand *h = &t->hand_ui;
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        t->mouse_x = x;
        t->mouse_y = y;
        if (table_player_can_act(tb) &&
            (hand_card_at(h, x, y) >= 0 || stock_has(t, x, y) || pile_has(t, x, y)))
            tb->app->pointer_hand = true;
        hand_motion(h, x, y, true); /* sweeps a run, or carries the selection */
        return true;
    }
    case SDL_MOUSEBUTTONDOWN: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        if (t->n_choice > 0) { /* a take chosen, or none */
            int n = t->n_choice;
            t->n_choice = 0;
            for (int i = 0; i < n; i++)
                if (rect_has(t->choice_rect[i], x, y))
                    table_submit(tb, t->choice[i]);
            return true;
        }
        if (dq_up(t) || t->between) /* a dialog or a deal's sheet is up: the table waits */
            return true;
        bool play;
        int c = hand_press(h, &e->button, &play);
        if (c >= 0) {
            if (play)
                do_discard(t, t->hand[c]);
        } else if (stock_has(t, x, y)) {
            do_draw(t);
        } else if (pile_has(t, x, y)) {
            do_take(t);
        } else {
            return false;
        }
        return true;
    }
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        bool was_down = h->press >= 0;
        if (hand_release(h) >= 0) { /* the selection carried here */
            int meld = my_meld_at(t, x, y);
            if (meld >= 0 || (UY(t, y) < HAND_Y - HAND_H / 2 && UX(t, x) > MELD_X0 - 40 &&
                              UX(t, x) < MELD_X1))
                do_meld(t, meld);
        }
        return was_down;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        if (dq_up(t)) {
            if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_w)
                press(tb, BTN_DQ_WIN);
            else if (k == SDLK_c || k == SDLK_p)
                press(tb, BTN_DQ_CONTINUE);
            return k != SDLK_ESCAPE; /* Escape still opens the menu */
        }
        if (t->between) {
            if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE)
                press(tb, BTN_NEXT_DEAL);
            return k != SDLK_ESCAPE;
        }
        if (t->offer) {
            if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
                press(tb, BTN_RECONNECT);
            else if (k == SDLK_c)
                press(tb, BTN_NO_RECONNECT);
            return k != SDLK_ESCAPE;
        }
        switch (k) {
        case SDLK_d: do_draw(t); return true;
        case SDLK_t: do_take(t); return true;
        case SDLK_m: do_meld(t, -1); return true;
        case SDLK_s: press(tb, BTN_SORT); return true;
        default: return false;
        }
    }
    default: return false;
    }
}

/* ---- Drawing ---- */

static void draw_card(Bur *t, Card c, float cx, float cy, float h, Uint8 alpha, bool raised)
{
    App *a = t->tb.app;
    float s = t->tb.tv.s, w = h * t->tb.tv.cw;
    SDL_FRect d = {PX(t, cx - w / 2), PY(t, cy - h / 2 - (raised ? 26 : 0)), w * s, h * s};
    SDL_FRect sh = d;
    sh.x += 2 * s;
    sh.y += 4 * s;
    cardart_draw_shadow(a->art, a->ren, &sh, 0, alpha);
    cardart_draw(a->art, a->ren, c, &d, 0, alpha);
    if (raised)
        draw_rounded_outline(a->ren, d, 8 * s, fmaxf(2, 3 * s), rgba(236, 196, 96, 230));
}

static const char *team_name(const Bur *t, int team)
{
    if (!four(t))
        return table_seat_name(&t->tb, team); /* with two, a team is its seat */
    return team == us(t) ? _("Your team") : _("Their team");
}

/* With four players: the opponents' plates in the top corners (their cards fanned on
 * them), your partner's name beside the fan across the table; the seat to move in gold. */
static void draw_seats(Bur *t, const BuracoState *v)
{
    if (!four(t))
        return;
    App *a = t->tb.app;
    SDL_Renderer *r = a->ren;
    float s = t->tb.tv.s;
    int cur = match_current_player(t->tb.m);
    int fs = (int)lroundf(20 * s), fd = (int)lroundf(16 * s);
    for (int seat = 0; seat < 4; seat++) {
        if (seat == me(t))
            continue;
        bool active = seat == cur && !ended(&t->tb);
        const char *name = table_seat_name(&t->tb, seat);
        int held = v->hand_n[seat];
        char cards[64];
        snprintf(cards, sizeof cards, P_("%d card", "%d cards", held), held);
        Rgba name_col = active ? COL_GOLD : COL_TEXT;
        /* A dot in the team's colour: blue yours, red theirs. */
        Rgba dot = buraco_team(seat) == us(t) ? rgba(96, 180, 230, 255) : rgba(226, 120, 96, 255);
        if (seat_side(t, seat) == 2) {
            /* Under the fan: "• Partner  11 cards". */
            int nw, nh, cw2, ch;
            text_measure(a->text, name, fd, true, &nw, &nh);
            text_measure(a->text, cards, fd, false, &cw2, &ch);
            float gap = 12 * s, dw = 18 * s;
            float x = PX(t, 800) - (dw + nw + gap + cw2) / 2, y = PY(t, OPP_Y + OPP_H / 2 + 16);
            draw_circle(r, x + 6 * s, y, 6 * s, dot);
            text_draw(a->text, name, fd, true, name_col, x + dw, y, TEXT_LEFT | TEXT_MIDDLE);
            text_draw(a->text, cards, fd, false, COL_DIM, x + dw + nw + gap, y,
                      TEXT_LEFT | TEXT_MIDDLE);
            continue;
        }
        float px = seat_side(t, seat) == 1 ? EAST_X : WEST_X;
        SDL_FRect plate = unit_rect(t, px, SIDE_Y, PLATE_W, PLATE_H);
        draw_rounded(r, plate, 16 * s, rgba(0, 0, 0, active ? 90 : 60));
        draw_rounded_outline(r, plate, 16 * s, fmaxf(1, (active ? 3 : 1.5f) * s),
                             active ? COL_GOLD : rgba(255, 255, 255, 30));
        float tx = PX(t, px + 6), ty = PY(t, SIDE_Y);
        draw_circle(r, tx + 8 * s, ty - 16 * s, 7 * s, dot);
        text_draw(a->text, name, fs, true, name_col, tx + 22 * s, ty - 16 * s,
                  TEXT_LEFT | TEXT_MIDDLE);
        text_draw(a->text, cards, fd, false, COL_DIM, tx + 22 * s, ty + 16 * s,
                  TEXT_LEFT | TEXT_MIDDLE);
    }
}

static void draw_panel(Bur *t, const BuracoState *v)
{
    Table *tb = &t->tb;
    App *a = tb->app;
    SDL_Renderer *r = a->ren;
    float s = tb->tv.s, px = PX(t, PANEL_X), w = 240 * s;
    /* With four players the panel makes room for the east seat's plate above it. */
    float top = four(t) ? 200 : 170;
    SDL_FRect p = {px - w / 2, PY(t, top), w, (four(t) ? 350 : 370) * s};
    draw_rounded(r, p, 18 * s, rgba(0, 0, 0, 60));
    draw_rounded_outline(r, p, 18 * s, fmaxf(1, 1.5f * s), rgba(255, 255, 255, 30));
    int fs = (int)lroundf(20 * s), fb = (int)lroundf(23 * s);
    text_draw(a->text, _("On the table"), fs, true, COL_GOLD, px, p.y + 30 * s,
              TEXT_CENTER | TEXT_MIDDLE);
    char b[96];
    for (int row = 0; row < 2; row++) { /* your team's first */
        int team = row == 0 ? us(t) : 1 - us(t);
        float y = p.y + (74 + row * 92) * s;
        int points = 0, held = 0;
        for (int i = 0; i < v->n_melds[team]; i++)
            points += buraco_meld_value(v, &v->melds[team][i]);
        for (int q = 0; q < v->num_players; q++)
            held += buraco_team(q) == team ? v->hand_n[q] : 0;
        text_draw(a->text, team_name(t, team), fs, false, COL_TEXT, p.x + 20 * s, y,
                  TEXT_LEFT | TEXT_MIDDLE);
        snprintf(b, sizeof b, "%d", points);
        text_draw(a->text, b, fb, true, COL_TEXT, p.x + w - 20 * s, y, TEXT_RIGHT | TEXT_MIDDLE);
        snprintf(b, sizeof b, P_("%d card in hand", "%d cards in hand", held), held);
        text_draw(a->text, b, (int)lroundf(16 * s), false, COL_DIM, p.x + 20 * s, y + 30 * s,
                  TEXT_LEFT | TEXT_MIDDLE);
        /* House rules: the morto, then what the team needs to go out. */
        const char *state = NULL;
        bool want = false;
        if (v->morto && !v->morto_taken[team])
            state = v->mortos_left ? _("Morto not taken yet") : _("No morto left");
        if (!state && v->batida != BUR_BATIDA_NONE && !buraco_team_may_go_out(v, team)) {
            state = v->batida == BUR_BATIDA_LIMPA ? _("Needs a clean canastra")
                                                  : _("Needs a canastra");
            want = true;
        } else if (!state && v->morto) {
            state = _("Morto taken");
        }
        if (state)
            text_draw(a->text, state, (int)lroundf(15 * s), want, want ? COL_GOLD : COL_DIM,
                      p.x + 20 * s, y + 54 * s, TEXT_LEFT | TEXT_MIDDLE);
    }
    snprintf(b, sizeof b, _("Stock: %d"), v->stock_n);
    text_draw(a->text, b, fs, false, COL_DIM, px, p.y + 270 * s, TEXT_CENTER | TEXT_MIDDLE);
    if (v->target) /* a match: the totals, your team first, and the deal */
        snprintf(b, sizeof b, _("To %d: %d \xE2\x80\x93 %d, deal %d"),
                 buraco_target_points(v->target), v->total[us(t)], v->total[1 - us(t)],
                 v->deal + 1);
    else
        snprintf(b, sizeof b, _("Won %d  \xC2\xB7  lost %d"), tb->score.wins, tb->score.losses);
    int bfs = (int)lroundf(17 * s), tw = 0, th = 0;
    text_measure(a->text, b, bfs, false, &tw, &th);
    while (tw > p.w - 16 * s && bfs > 9) /* a match's line is long: it fits the panel */
        text_measure(a->text, b, --bfs, false, &tw, &th);
    text_draw(a->text, b, bfs, false, COL_DIM, px, p.y + 320 * s, TEXT_CENTER | TEXT_MIDDLE);
    bool can = table_player_can_act(tb);
    const char *labels[4] = {C_("verb", "Draw"), _("Meld"), _("Discard"),
                             t->by_rank ? _("Sort by suit") : _("Sort by rank")};
    for (int i = BTN_DRAW; i <= BTN_SORT; i++) {
        bool on = i == BTN_SORT || (can && v->phase == (i == BTN_DRAW ? BUR_DRAW : BUR_PLAY));
        table_button(tb, i, labels[i - BTN_DRAW],
                     (on ? 0 : BTN_DISABLED) | (i == BTN_DRAW ? BTN_PRIMARY : 0));
    }
}

/* A match's sheet: each deal's scores (your team's column first) and the totals, in `r`. */
static void draw_match_sheet(Bur *t, const BuracoState *st, SDL_FRect r, Rgba ink)
{
    App *a = t->tb.app;
    float s = t->tb.tv.s;
    int u = us(t), n = st->sheet_n < BUR_SHEET ? st->sheet_n : BUR_SHEET;
    int fs = (int)lroundf(18 * s);
    float row = fminf(30 * s, r.h / (float)(n + 3));
    float cx[3] = {r.x + 20 * s, r.x + r.w * 0.56f, r.x + r.w * 0.84f};
    Rgba line = ink;
    line.a = (Uint8)(ink.a / 3);
    draw_rect(a->ren, (SDL_FRect){r.x, r.y, 1.5f * s, r.h}, line);
    char head[96];
    snprintf(head, sizeof head, _("Match to %d"), buraco_target_points(st->target));
    float y = r.y + row / 2;
    text_draw(a->text, head, fs, true, COL_GOLD, cx[0], y, TEXT_LEFT | TEXT_MIDDLE);
    for (int team = 0; team < 2; team++)
        text_draw(a->text, team_name(t, team), fs - 2, true, COL_GOLD, cx[1 + (team != u)], y,
                  TEXT_CENTER | TEXT_MIDDLE);
    /* The sheet keeps the newest BUR_SHEET deals; `deal` counts from 0, and is the next
     * deal's once the rules have dealt it (between deals). */
    int done = st->deal + (st->phase == BUR_OVER), first = done - n > 0 ? done - n : 0;
    for (int i = 0; i < n; i++) {
        y += row;
        char d[48], v[2][16];
        snprintf(d, sizeof d, _("Deal %d"), first + i + 1);
        text_draw(a->text, d, fs, false, ink, cx[0], y, TEXT_LEFT | TEXT_MIDDLE);
        for (int team = 0; team < 2; team++) {
            snprintf(v[team], sizeof v[team], "%d", st->sheet[i][team]);
            text_draw(a->text, v[team], fs, false, ink, cx[1 + (team != u)], y,
                      TEXT_CENTER | TEXT_MIDDLE);
        }
    }
    y += row * 1.2f;
    text_draw(a->text, _("Total"), fs, true, ink, cx[0], y, TEXT_LEFT | TEXT_MIDDLE);
    for (int team = 0; team < 2; team++) {
        char v[16];
        snprintf(v, sizeof v, "%d", st->total[team]);
        text_draw(a->text, v, fs + 2, true, ink, cx[1 + (team != u)], y,
                  TEXT_CENTER | TEXT_MIDDLE);
    }
}

/* The end of a game, or of a deal of a match: its plate with the score sheet of the deal
 * whose last position is `st` (melds, canastras, going out, cards in hand, total) and, in a
 * match, the deals so far from `match_st`; or why a disqualified program lost. The table
 * (or the Next deal button) adds the button under it. k: how far the plate has appeared;
 * result: the colour of the title (+1 gold, -1 red). */
static void draw_score_sheet(Bur *t, const BuracoState *st, const BuracoState *match_st,
                             const char *title, const char *reason, float k, int result)
{
    Table *tb = &t->tb;
    App *a = tb->app;
    float s = tb->tv.s;
    /* A match: the deals' sheet to the right of the last deal's breakdown. */
    bool match = match_st->target && match_st->sheet_n > 0 && !t->dq_win;
    float bw = (match ? 1160 : 720) * s, bh = 430 * s;
    SDL_FRect b = {PX(t, 800) - bw / 2, PY(t, 410) - bh / 2, bw, bh};
    Rgba accent = result > 0 ? COL_GOLD : result < 0 ? COL_RED : COL_TEXT;
    Rgba ink = rgba(246, 241, 226, (Uint8)(255 * fminf(1, k)));
    table_plate(a->ren, &tb->tv, b, accent, 240, k);
    accent.a = ink.a;
    text_draw(a->text, title, (int)lroundf(46 * s), true, accent, b.x + bw / 2, b.y + 46 * s,
              TEXT_CENTER | TEXT_MIDDLE);
    if (t->dq_win) { /* no sheet: the game stopped where the program failed */
        text_draw_wrapped(a->text, t->dq_msg, (int)lroundf(20 * s), false, ink, b.x + 50 * s,
                          b.y + 100 * s, (int)(bw - 100 * s), TEXT_CENTER, true);
        return;
    }
    text_draw(a->text, reason, (int)lroundf(20 * s), false, ink, b.x + bw / 2, b.y + 90 * s,
              TEXT_CENTER | TEXT_MIDDLE);
    int fs = (int)lroundf(19 * s);
    float lw = 720 * s; /* the breakdown's part of the plate */
    float cx[3] = {b.x + 40 * s, b.x + lw * 0.62f, b.x + lw * 0.86f};
    float y = b.y + 140 * s, row = 40 * s;
    int u = us(t); /* your team's column first */
    text_draw(a->text, team_name(t, u), fs, true, COL_GOLD, cx[1], y, TEXT_CENTER | TEXT_MIDDLE);
    text_draw(a->text, team_name(t, 1 - u), fs, true, COL_GOLD, cx[2], y,
              TEXT_CENTER | TEXT_MIDDLE);
    const char *labels[5] = {_("Cards in melds"), _("Canastras"),
                             st->morto ? _("Going out, morto") : _("Going out"),
                             _("Cards left in hand"), _("Total")};
    int vals[5][2] = {{0}};
    for (int team = 0; team < 2; team++) {
        for (int i = 0; i < st->n_melds[team]; i++) {
            const BuracoMeld *m = &st->melds[team][i];
            for (int c = 0; c < m->n; c++)
                vals[0][team] += buraco_card_points(m->c[c]);
            if (m->n >= BUR_CANASTRA)
                vals[1][team] += buraco_canastra_bonus(m, st->big);
        }
        vals[2][team] = st->went_out >= 0 && buraco_team(st->went_out) == team ? BUR_BONUS_OUT : 0;
        if (st->morto && !st->morto_taken[team])
            vals[2][team] -= BUR_NO_MORTO; /* never took its morto */
        for (int p = 0; p < st->num_players; p++)
            for (int f = 0; f < BUR_FACES && buraco_team(p) == team; f++)
                vals[3][team] -= st->hand[p][f] * buraco_card_points(buraco_face_card(f));
        vals[4][team] = st->score[team];
    }
    for (int i = 0; i < 5; i++) {
        y += row;
        bool total = i == 4;
        text_draw(a->text, labels[i], fs, total, ink, cx[0], y, TEXT_LEFT | TEXT_MIDDLE);
        for (int team = 0; team < 2; team++) {
            char v[32];
            snprintf(v, sizeof v, "%d", vals[i][team]);
            text_draw(a->text, v, fs + (total ? 3 : 0), total, ink, cx[1 + (team != u)], y,
                      TEXT_CENTER | TEXT_MIDDLE);
        }
    }
    if (match)
        draw_match_sheet(t, match_st, (SDL_FRect){b.x + lw, b.y + 112 * s, bw - lw - 30 * s,
                                                  bh - 130 * s}, ink);
}

/* The bot program was disqualified: why, and what now. */
static void draw_dq(Bur *t)
{
    Table *tb = &t->tb;
    App *a = tb->app;
    SDL_Renderer *r = a->ren;
    float s = tb->tv.s;
    draw_rect(r, (SDL_FRect){0, 0, (float)a->w, (float)a->h}, rgba(0, 0, 0, 110));
    float bw = 760 * s, bh = 330 * s;
    SDL_FRect b = {PX(t, 800) - bw / 2, PY(t, 470) - bh / 2, bw, bh};
    table_plate(r, &tb->tv, b, COL_RED, 245, 1);
    text_draw(a->text, _("Bot program disqualified"), (int)lroundf(34 * s), true, COL_RED,
              b.x + bw / 2, b.y + 44 * s, TEXT_CENTER | TEXT_MIDDLE);
    text_draw_wrapped(a->text, t->dq_msg, (int)lroundf(19 * s), false, COL_TEXT, b.x + 40 * s,
                      b.y + 84 * s, (int)(bw - 80 * s), TEXT_CENTER, true);
    bool partner = dq_result(t) < 0; /* its team is yours */
    text_draw_wrapped(a->text,
                      partner ? _("By the protocol's rules your team loses the game. You may also "
                                  "play it to the end with the computer as your partner.")
                              : _("By the protocol's rules the game is yours. You may also play "
                                  "it to the end against the computer."),
                      (int)lroundf(16 * s), false, COL_DIM, b.x + 40 * s, b.y + 176 * s,
                      (int)(bw - 80 * s), TEXT_CENTER, true);
    table_button(tb, BTN_DQ_WIN, partner ? _("Concede the game") : _("Take the win"),
                 BTN_PRIMARY);
    table_button(tb, BTN_DQ_CONTINUE,
                 partner ? _("Play on with the computer") : _("Play on against the computer"), 0);
}

/* A resumed game that was played with a bot program whose file is still there; or a game
 * just dealt with a program the settings name that the player has not chosen or confirmed
 * in this window yet. Either way its whole path is shown: the player runs it knowingly. */
static void draw_offer(Bur *t)
{
    Table *tb = &t->tb;
    App *a = tb->app;
    SDL_Renderer *r = a->ren;
    float s = tb->tv.s;
    draw_rect(r, (SDL_FRect){0, 0, (float)a->w, (float)a->h}, rgba(0, 0, 0, 110));
    float bw = 760 * s, bh = 330 * s;
    SDL_FRect b = {PX(t, 800) - bw / 2, PY(t, 470) - bh / 2, bw, bh};
    table_plate(r, &tb->tv, b, COL_GOLD, 245, 1);
    text_draw(a->text,
              t->offer_new ? _("Run this bot program?") : _("Bring the bot program back?"),
              (int)lroundf(32 * s), true, COL_GOLD, b.x + bw / 2, b.y + 44 * s,
              TEXT_CENTER | TEXT_MIDDLE);
    char msg[400];
    if (t->offer_new)
        snprintf(msg, sizeof msg,
                 _("The settings name the bot program %s for this game, and it has not been "
                   "chosen in this window since Tasca started."),
                 t->ext_name);
    else
        snprintf(msg, sizeof msg,
                 _("This game was played with the bot program %s, and its file is still "
                   "there."),
                 t->ext_name);
    int h = text_draw_wrapped(a->text, msg, (int)lroundf(19 * s), false, COL_TEXT, b.x + 40 * s,
                              b.y + 76 * s, (int)(bw - 80 * s), TEXT_CENTER, true);
    text_draw_fit(a->text, t->cfg_path, (int)lroundf(15 * s), false, COL_GOLD, b.x + bw / 2,
                  b.y + 76 * s + h + 16 * s, TEXT_CENTER | TEXT_MIDDLE, bw - 80 * s);
    text_draw_wrapped(a->text,
                      t->offer_new
                          ? _("Run it only if you know this program: it runs as you, with your "
                              "files. Otherwise the computer plays its seat.")
                          : _("It is shown the game so far and must make its own moves again, "
                              "the same ones; then it plays on. Otherwise the computer keeps its "
                              "seat."),
                      (int)lroundf(16 * s), false, COL_DIM, b.x + 40 * s, b.y + 186 * s,
                      (int)(bw - 80 * s), TEXT_CENTER, true);
    table_button(tb, BTN_RECONNECT, t->offer_new ? _("Run it") : _("Bring it back"), BTN_PRIMARY);
    table_button(tb, BTN_NO_RECONNECT,
                 t->offer_new ? _("Play with the computer") : _("Play on with the computer"), 0);
}

static void draw_choices(Bur *t, const BuracoState *v)
{
    SDL_Renderer *r = t->tb.app->ren;
    float s = t->tb.tv.s, h = 96, w = h * t->tb.tv.cw, step = w * 0.55f;
    float ow = w + 2 * step + 30, total = t->n_choice * ow, x0 = 800 - total / 2;
    SDL_FRect back = unit_rect(t, 800, 470, total + 60, h + 120);
    draw_rounded(r, back, 18 * s, rgba(8, 20, 14, 235));
    text_draw(t->tb.app->text, _("Take the pile with which meld?"), (int)lroundf(21 * s), true,
              COL_GOLD, PX(t, 800), back.y + 30 * s, TEXT_CENTER | TEXT_MIDDLE);
    Card top = buraco_pile_top(v);
    for (int i = 0; i < t->n_choice; i++) {
        int pay = buraco_action_payload(t->choice[i]);
        Card m[3] = {top, buraco_face_card(pay >> 6), buraco_face_card(pay & 63)};
        BuracoMeldInfo info;
        if (buraco_meld_check(m, 3, &info))
            memcpy(m, info.order, 3);
        float cx = x0 + i * ow + ow / 2;
        t->choice_rect[i] = unit_rect(t, cx, 490, ow - 10, h + 20);
        if (rect_has(t->choice_rect[i], t->mouse_x, t->mouse_y))
            draw_rounded(r, t->choice_rect[i], 10 * s, rgba(255, 255, 255, 30));
        for (int k = 0; k < 3; k++)
            draw_card(t, m[k], cx - step + k * step, 490, h, 255, false);
    }
}

/* The mark of meld i of `team` when it is a canastra: its pill (window pixels), drawn when
 * `draw`. It sits astride the bottom edge of the meld's first cards: the indices at the top
 * stay readable, and a first row's mark keeps off its band's label. */
static bool canastra_mark(Bur *t, const BuracoState *v, int team, int i, SDL_FRect *pill,
                          bool draw)
{
    if (i < 0 || i >= v->n_melds[team] || i >= t->n_meld_rect[team] ||
        v->melds[team][i].n < BUR_CANASTRA)
        return false;
    App *a = t->tb.app;
    float s = t->tb.tv.s;
    SDL_FRect mr = t->meld_rect[team][i];
    bool clean = v->melds[team][i].clean;
    const char *label = clean ? _("canastra limpa") : _("canastra suja");
    char big[96];
    int bonus = buraco_canastra_bonus(&v->melds[team][i], v->big);
    if (bonus > BUR_BONUS_CLEAN) { /* big canastras: 500 or 1000 */
        snprintf(big, sizeof big, "%s \xC2\xB7 %d", label, bonus);
        label = big;
    }
    int fs = (int)lroundf(15 * s), tw, th;
    text_measure(a->text, label, fs, true, &tw, &th);
    float bottom = mr.y + mr.h - 8 * s, ph = th + 6 * s;
    *pill = (SDL_FRect){mr.x + 6 * s, bottom - ph / 2, tw + 18 * s, ph};
    if (draw) {
        draw_rounded(a->ren, *pill, ph / 2, clean ? COL_GOLD : rgba(190, 190, 190, 255));
        text_draw(a->text, label, fs, true, COL_INK, pill->x + pill->w / 2, pill->y + ph / 2,
                  TEXT_CENTER | TEXT_MIDDLE);
    }
    return true;
}

static void draw(Table *tb, SDL_Renderer *r)
{
    Bur *t = (Bur *)tb;
    App *a = tb->app;
    float s = tb->tv.s;
    BuracoState v;
    view(t, &v);
    /* The stock. */
    SDL_FRect slot = unit_rect(t, STOCK_X, STOCK_Y, PILE_H * tb->tv.cw, PILE_H);
    cardart_draw_slot(a->art, r, &slot);
    int layers = v.stock_n == 0 ? 0 : v.stock_n < 3 ? v.stock_n : (a->software ? 2 : 3);
    for (int i = 0; i < layers; i++)
        draw_card(t, CARD_HIDDEN, STOCK_X - i * 3, STOCK_Y - i * 3, PILE_H, 255, false);
    /* The mortos nobody has taken, beside the stock (house rules). */
    for (int i = 0; i < v.mortos_left; i++) {
        draw_card(t, CARD_HIDDEN, 230, STOCK_Y - 36 + i * 78, 66, 255, false);
        draw_card(t, CARD_HIDDEN, 232, STOCK_Y - 38 + i * 78, 66, 255, false);
    }
    char b[128];
    snprintf(b, sizeof b, "%d", v.stock_n);
    text_draw(a->text, b, (int)lroundf(18 * s), true, COL_DIM, PX(t, STOCK_X),
              PY(t, STOCK_Y + PILE_H / 2 + 22), TEXT_CENTER | TEXT_MIDDLE);
    SDL_FRect pslot = unit_rect(t, PILE_X, PILE_Y0, PILE_H * tb->tv.cw, PILE_H);
    if (!v.pile_n)
        cardart_draw_slot(a->art, r, &pslot);
    /* Band labels. */
    int ls = (int)lroundf(18 * s);
    Rgba dim = rgba_alpha(COL_DIM, 0.9f);
    int them = (me(t) + 1) % players(t); /* a seat of the other team */
    text_draw(a->text, named(tb, them) ? _("Their melds") : _("Computer's melds"), ls, true, dim,
              PX(t, MELD_X0), PY(t, THEM_Y0 + 8), TEXT_LEFT | TEXT_MIDDLE);
    text_draw(a->text, four(t) ? _("Your team's melds") : _("Your melds"), ls, true, dim,
              PX(t, MELD_X0), PY(t, US_Y0 + 8), TEXT_LEFT | TEXT_MIDDLE);
    draw_seats(t, &v);
    /* The cards, in order; the selected ones of your hand raised; while carrying, the
     * selection follows the pointer. */
    for (int i = 0; i < t->n_spr; i++) {
        const Sprite *p = &t->spr[i];
        bool sel = p->zone == Z_MY_HAND && t->hand_ui.selected[p->index];
        if (!sel || !t->hand_ui.dragging)
            draw_card(t, p->face, p->x, p->y, p->h, 255, sel);
    }
    SDL_FRect pill; /* canastra marks over the melds */
    for (int team = 0; team < BUR_TEAMS; team++)
        for (int i = 0; i < v.n_melds[team]; i++)
            canastra_mark(t, &v, team, i, &pill, true);
    if (t->hand_ui.dragging) {
        for (int i = 0, k = 0; i < t->n_hand; i++)
            if (t->hand_ui.selected[i])
                draw_card(t, t->hand[i], UX(t, t->mouse_x) + k++ * 30, UY(t, t->mouse_y),
                          HAND_H * 0.8f, 235, false);
        int meld = my_meld_at(t, t->mouse_x, t->mouse_y);
        if (meld >= 0)
            draw_rounded_outline(r, t->meld_rect[us(t)][meld], 10 * s, fmaxf(2, 3 * s), COL_GOLD);
    }
    draw_panel(t, &v);
    snprintf(b, sizeof b, _("Game %d  \xC2\xB7  %s"), tb->games,
             table_seat_kind(tb, t->ext_seat) == SEAT_PROGRAM && !four(t)
                 ? t->ext_name
                 : table_level_name(table_level(tb)));
    table_top_bar(a, "Buraco", b);
    /* Whose turn, and what to do. */
    int cur = match_current_player(tb->m);
    float my = PY(t, HAND_Y - HAND_H / 2 - 36);
    if (table_seat_thinking(tb, cur) && !t->dq) {
        if (table_open_seat_text(tb, cur, b, sizeof b))
            ; /* nobody sits there yet */
        else if (named(tb, cur))
            snprintf(b, sizeof b, _("%s is playing"), table_seat_name(tb, cur));
        else
            snprintf(b, sizeof b, "%s", _("Computer is playing"));
        table_dots(b, sizeof b, tb->time);
        text_draw(a->text, b, (int)lroundf(20 * s), false, COL_TEXT, PX(t, 700), my,
                  TEXT_CENTER | TEXT_MIDDLE);
    } else if (table_player_can_act(tb)) {
        const char *hint = v.phase == BUR_DRAW
                               ? _("Your turn: draw from the stock, or click the pile to take it")
                               : _("Lay melds (select, then drag to the table) or double-click a "
                                   "card to discard");
        text_draw(a->text, hint, (int)lroundf(20 * s), false, rgba_alpha(COL_TEXT, 0.9f),
                  PX(t, 700), my, TEXT_CENTER | TEXT_MIDDLE);
    }
    if (t->bot_said_t > 0 && t->bot_said[0] && !ended(tb)) {
        float bx, by;
        seat_spot(t, t->bot_said_seat, &bx, &by);
        int side = seat_side(t, t->bot_said_seat);
        if (side != 2) { /* beside the seat plate, towards the middle */
            int tw, th;
            text_measure(a->text, t->bot_said, (int)lroundf(17 * a->u), false, &tw, &th);
            float half = (tw + 36 * a->u) / 2 / s; /* as ui_toast sizes its plate */
            bx = side == 1 ? EAST_X - PLATE_W / 2 - 12 - half : WEST_X + PLATE_W / 2 + 12 + half;
            by = SIDE_Y;
        } else {
            by += OPP_H / 2 + (four(t) ? 50 : 34);
        }
        ui_toast(a, t->bot_said, PX(t, bx), PY(t, by), fminf(1, t->bot_said_t * 2));
    }
    if (t->n_choice > 0)
        draw_choices(t, &v);
    if (ended(tb) && tb->banner > 0.01f)
        draw_score_sheet(t, tb->m->state, tb->m->state, tb->title, tb->reason, tb->banner,
                         tb->result);
    else if (t->between) {
        const BuracoState *e = &t->deal_end;
        int u = us(t), diff = e->score[u] - e->score[1 - u];
        draw_score_sheet(t, e, tb->m->state, t->deal_title, t->deal_reason, 1,
                         diff > 0 ? 1 : diff < 0 ? -1 : 0);
        table_button(tb, BTN_NEXT_DEAL, _("Next deal"), BTN_PRIMARY);
    }
    if (dq_up(t))
        draw_dq(t);
    if (t->offer)
        draw_offer(t);
}

/* ---- Options: players and opponent ---- */

static int table_options(App *a, SceneOption *out)
{
    const Kv *kv = &a->kv;
    bool four = kv_get_int(kv, "buraco.players", 2, 2, 4) == 4;
    int opp = kv_get_int(kv, "buraco.opponent", 0, 0, 1);
    int seat4 = kv_get_int(kv, "buraco.program_seat4", 0, 0, 3);
    const char *prog = kv_get(kv, "buraco.program");
    memset(out, 0, sizeof *out * 3);
    out[0] = (SceneOption){.label = _("Players"),
                           .help = _("Four: you and a partner against two, in teams."),
                           .choices = {_("Two"), _("Four")},
                           .n_choices = 2,
                           .value = four};
    if (four) /* any computer seat: your partner or an opponent */
        out[1] = (SceneOption){
            .label = _("Bot program's seat"),
            .help = _("A program of your own plays this seat (the contest's game, the "
                      "one its protocol knows)."),
            .choices = {_("None"), _("Partner"), _("East"), _("West")},
            .n_choices = 4,
            .value = seat4};
    else
        out[1] = (SceneOption){.label = _("Opponent"),
                               .help = _("A bot program speaks the Buraco bot protocol: it plays the "
                                         "contest's game."),
                               .choices = {_("Computer"), _("Bot program")},
                               .n_choices = 2,
                               .value = opp};
    bool wanted = four ? seat4 != 0 : opp == 1;
    out[2] = (SceneOption){.label = _("Bot program"), .file = true, .required = wanted};
    snprintf(out[2].path, sizeof out[2].path, "%s", prog ? prog : "");
    return 3;
}

static void set_table_option(App *a, int i, int value, const char *path)
{
    Kv *kv = &a->kv;
    bool four = kv_get_int(kv, "buraco.players", 2, 2, 4) == 4;
    if (i == 0) {
        kv_set_int(kv, "buraco.players", value ? 4 : 2);
    } else if (i == 1) {
        kv_set_int(kv, four ? "buraco.program_seat4" : "buraco.opponent", value);
    } else if (i == 2 && path) {
        if (!kv_value_ok(path)) {
            app_notice(a, _("That program's path cannot be kept in the settings (too long, or "
                            "unusual characters): move or rename it."));
            return;
        }
        kv_set(kv, "buraco.program", path);
        app_trust_program(a, path); /* chosen here: it may run */
        /* Choosing a program seats it: the opponent, or with four players East unless a
         * seat is chosen already. */
        if (!four)
            kv_set_int(kv, "buraco.opponent", 1);
        else if (kv_get_int(kv, "buraco.program_seat4", 0, 0, 3) == 0)
            kv_set_int(kv, "buraco.program_seat4", 2);
    }
    app_save_settings(a);
}

static const char *rules_text(void)
{
    static char text[20000];
    snprintf(text, sizeof text, "%s\n\n%s\n\n%s\n\n%s",
             _("# The aim\n"
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
               "A meld of seven or more cards is a canastra: clean (limpa, without a wild) is "
               "worth 200 points more, dirty (suja, with a wild) 100 more.\n\n"
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
               "move is saved, so you can close the window at any time."),
             _("# Four players\n"
               "In Options, Players: Four seats you and a computer partner across the table "
               "against two computer players at your sides. Partners share their melds: either "
               "of you may add to them, and the team scores together.\n\n"
               "# Bot programs\n"
               "In Options, Opponent: Bot program lets you play against a program of your own "
               "that speaks the Buraco bot protocol (the one of the original contest judge); "
               "with four players, Bot program's seat puts it at any computer seat, as your "
               "partner or as an opponent. Choose its file; it plays from the next game. A "
               "program that crashes, stops, takes more than three seconds, floods the table or "
               "sends an invalid command is disqualified: its team loses the game, or you may "
               "play it to the end with the computer in its seat."),
             _("# Buraco as Brazil plays it\n"
               "The rules above are the simplest game, the university contest's (House style: "
               "University contest). Tasca deals Buraco as Brazil plays it unless you choose "
               "otherwise: Options, House style is Brazilian, clean going-out (STBL: sem "
               "trinca, bate limpo, the tournament style) at first; Brazilian, closed, with "
               "sets (Fechado) and Brazilian, open pile (Aberto) are the other styles. Or "
               "change the options one by one (the style then reads Custom). What each option "
               "does follows."),
             _("# Jokers\n"
               "The four jokers join the two decks (108 cards). A joker is a wild card worth 20 "
               "points; a meld still holds at most one wild card, a joker or a 2.\n\n"
               "# Sets\n"
               "With Sets on (Fechado), three or more cards of one rank also make a meld (a "
               "trinca), with at most one wild card. There are no sets of 2s.\n\n"
               "# Mortos\n"
               "Two mortos of 11 cards lie face down beside the stock, one for each team (each "
               "player with two players). The first player of a team to empty their hand takes "
               "the team's morto. Emptied by laying melds (direto): the morto comes at once and "
               "the turn goes on. Emptied by the discard (indireto): the morto comes into the "
               "hand and is played from the next turn. A team that never took its morto loses "
               "100 points at the end of the deal.\n"
               "When the stock runs out, a morto nobody has taken becomes the stock at once. "
               "When neither stock nor morto is left, the deal ends as soon as the player to "
               "move would have to draw. Once no morto is left for a team, emptying a hand is "
               "going out.\n\n"
               "# Going out\n"
               "With To go out: Limpa (STBL, Aberto) a team must have a clean canastra on the "
               "table before a player may go out for good; with Any (Fechado) any canastra. "
               "Until then nobody may bring their hand down to one card or none, except to take "
               "the team's morto.\n\n"
               "# The discard pile\n"
               "Closed (STBL, Fechado): the pile may be taken only to use its top card at once, "
               "in a new meld with two cards of your hand or on one of your team's melds; the "
               "rest of the pile joins your hand. Open (Aberto): the whole pile may be taken "
               "into your hand freely. Strict (the contest): only for a new meld.\n\n"
               "# Big canastras\n"
               "A clean canastra of 13 cards from Ace to King scores 500 instead of 200, a clean "
               "one from Ace to Ace (14 cards) 1,000.\n\n"
               "# Matches\n"
               "With Match: 1500, 3000 (STBL, Fechado, Aberto) or 5000, deals follow one another "
               "until a team has that many points; the first player moves one seat to the left "
               "each deal. If both teams reach the target, the higher total wins; equal totals "
               "play another deal. A match also ends after its 10th deal: the higher total "
               "wins, equal totals are a draw."));
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


static bool locate(Table *tb, const char *what, SDL_FRect *out)
{
    Bur *t = (Bur *)tb;
    static const char *const buttons[BTN_COUNT] = {
        [BTN_DRAW] = "draw", [BTN_MELD] = "meld", [BTN_DISCARD] = "discard",
        [BTN_DQ_WIN] = "dq-win", [BTN_DQ_CONTINUE] = "dq-continue",
        [BTN_RECONNECT] = "reconnect", [BTN_NO_RECONNECT] = "no-reconnect",
        [BTN_NEXT_DEAL] = "next-deal"};
    for (int b = BTN_DRAW; b < BTN_COUNT; b++)
        if (buttons[b] && !strcmp(what, buttons[b]) && shown(tb, b)) {
            *out = tb->btn[b];
            return true;
        }
    const char *colon = strchr(what, ':');
    int k = colon ? atoi(colon + 1) : 0;
    if (!strcmp(what, "stock")) {
        *out = unit_rect(t, STOCK_X, STOCK_Y, PILE_H * tb->tv.cw, PILE_H);
    } else if (!strcmp(what, "pile")) {
        *out = unit_rect(t, PILE_X, PILE_Y0, PILE_H * tb->tv.cw, PILE_H);
    } else if (!strcmp(what, "hand")) {
        *out = unit_rect(t, (HAND_X0 + HAND_X1) / 2, HAND_Y, HAND_X1 - HAND_X0, HAND_H);
    } else if (!strncmp(what, "card:", 5)) { /* your hand's card k, as shown */
        if (!hand_rect(t, k, out))
            return false;
        if (k + 1 < t->n_hand) /* the part not covered by the next card */
            out->w = fminf(out->w, hand_step(t, t->n_hand, HAND_H) * tb->tv.s);
    } else if (!strncmp(what, "meld:", 5) && strchr(colon + 1, ':')) { /* "meld:T:I" */
        int i = atoi(strchr(colon + 1, ':') + 1);
        if (k < 0 || k >= BUR_TEAMS || i < 0 || i >= t->n_meld_rect[k])
            return false;
        *out = t->meld_rect[k][i];
    } else if (!strncmp(what, "meld:", 5)) { /* your team's meld k */
        if (k < 0 || k >= t->n_meld_rect[us(t)])
            return false;
        *out = t->meld_rect[us(t)][k];
    } else if (!strncmp(what, "seat:", 5)) { /* the cards of seat k's hand, as shown */
        if (k < 0 || k >= players(t))
            return false;
        bool any = false;
        float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
        for (int i = 0; i < t->n_spr; i++) {
            const Sprite *p = &t->spr[i];
            if (!(k == me(t) ? p->zone == Z_MY_HAND : p->zone == Z_OPP_HAND && p->sub == k))
                continue;
            float w = p->h * tb->tv.cw;
            x0 = any ? fminf(x0, p->x - w / 2) : p->x - w / 2;
            y0 = any ? fminf(y0, p->y - p->h / 2) : p->y - p->h / 2;
            x1 = any ? fmaxf(x1, p->x + w / 2) : p->x + w / 2;
            y1 = any ? fmaxf(y1, p->y + p->h / 2) : p->y + p->h / 2;
            any = true;
        }
        if (!any)
            return false;
        *out = unit_rect(t, (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0);
    } else if (!strncmp(what, "canastra:", 9)) { /* team T's meld I's mark: "canastra:T:I" */
        const char *second = strchr(colon + 1, ':');
        int i = second ? atoi(second + 1) : -1;
        if (k < 0 || k >= BUR_TEAMS || i < 0)
            return false;
        BuracoState v;
        view(t, &v);
        return canastra_mark(t, &v, k, i, out, false);
    } else if (!strncmp(what, "choice:", 7)) { /* a take offered */
        if (k < 0 || k >= t->n_choice)
            return false;
        *out = t->choice_rect[k];
    } else {
        return false;
    }
    return true;
}

const char *buraco_scene_program_message(void *self)
{
    const Bur *t = self;
    return t && (t->dq || t->dq_win) ? t->dq_msg : "";
}

/* A hint's highlight: the stock or the pile for the draw; the card to throw, join or lay
 * (and the meld it joins); the hand for a new meld. */
static int hint_rects(Table *tb, Action a, SDL_FRect out[2])
{
    Bur *t = (Bur *)tb;
    int type = buraco_action_type(a), p = buraco_action_payload(a), n = 0, card = -1;
    switch (type) {
    case BUR_A_DRAW: return locate(tb, "stock", &out[0]) ? 1 : 0;
    case BUR_A_TAKE: return locate(tb, "pile", &out[0]) ? 1 : 0;
    case BUR_A_DISCARD:
    case BUR_A_WILD: card = p; break;
    case BUR_A_JOIN: {
        card = p & 63;
        char what[16];
        snprintf(what, sizeof what, "meld:%d", p >> 6);
        if (locate(tb, what, &out[n]))
            n++;
        break;
    }
    default: return locate(tb, "hand", &out[0]) ? 1 : 0;
    }
    for (int i = 0; i < t->n_hand && card >= 0; i++)
        if (card_index(t->hand[i]) == card) {
            char what[16];
            snprintf(what, sizeof what, "card:%d", i);
            if (locate(tb, what, &out[n]))
                n++;
            break;
        }
    return n;
}

/* A networked table's news (the deal verified, a seat waited for, the link): in the strip
 * between the two bands of melds, right of "Your melds", never over a hand or a meld
 * (the other team's melds end by THEM_Y0 + BAND_H, ours begin 26 under US_Y0; a meld's
 * place reaches 8 beyond its cards). */
static void news_at(const Table *tb, float *x, float *y)
{
    (void)tb;
    *x = (MELD_X0 + MELD_X1) / 2 + 50;
    *y = (THEM_Y0 + BAND_H + 8 + US_Y0 + 26 - 8) / 2;
}

static const TableGame buraco_table = {
    .id = "buraco",
    .rules = &buraco_rules,
    .size = sizeof(Bur),
    .felt_centre = {34, 110, 64, 255},
    .felt_edge = {9, 46, 27, 255},
    /* Two or four players: the rules refuse any other number, so any they allow. */
    .resume_notice = N_("The saved Buraco game could not be resumed (%s); a new game is dealt."),
    .not_this_game = N_("not a Buraco game for two or four players"),
    .over_message = N_("The game is over: start a new one."),
    .next_label = N_("New game"),
    .counter_key = "game",
    .banner = {.w = 0}, /* the score sheet is the game's own (draw_score_sheet) */
    .banner_delay = 0.6f,
    .toast_x = 700,
    .toast_y = HAND_Y - HAND_H / 2 - 80,
    .seats = seats,
    .deal_options = deal_options,
    .seat_kind = seat_kind,
    .seat_name = seat_name,
    .enter = enter,
    .leave = leave,
    .resumed = resumed,
    .reset = reset,
    .sync = sync_hook,
    .layout = layout,
    .on_action = on_action,
    .chance_pause = chance_pause,
    .update = update,
    .drive = drive,
    .bot_pause_fn = bot_pause,
    .demo_pause = 0.5f,
    .result = result,
    .uncounted = uncounted,
    .next_game = next_game,
    .draw = draw,
    .event = event,
    .cancel = cancel,
    .locate = locate,
    .news_at = news_at,
    .hint_rects = hint_rects,
    .settings_changed = settings_changed,
    .n_buttons = BTN_COUNT,
    .shown = shown,
    .press = press,
    .busy = busy,
    .holding = holding,
    .quiet = quiet,
};

const Scene buraco_scene =
    TABLE_SCENE("buraco", buraco_table, .table_options = table_options,
                .set_table_option = set_table_option, .rules_text = rules_text,
                .draw_preview = draw_preview);
