/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Moulin table: a wooden board, you against the computer, one match per game; you play
 * White and Black in turn, so your seat changes from game to game.
 *
 * The table (ui/tablescene.c) runs the games; this file lays out and draws the board and
 * says what input means. Each of the 18 pieces is a sprite in table units; after every
 * applied action the scene compares the sprites with the match state and starts the
 * moves that bring them there: a placed piece slides from its stack beside the board, a
 * moved one slides (or flies) between points, a removed one fades out. Resuming, taking
 * back and resizing need nothing special.
 *
 * Input: click a point to place; click a piece then a point to move, or drag the piece;
 * during a removal, click a highlighted piece. Keys: arrows move a cursor over the
 * points and Enter or Space acts there; Backspace, U or Ctrl+Z takes back your last
 * turn, even after the end; Escape drops the selection. */
#include "moulin_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ai/hint.h"
#include "moulin.h"
#include "ui/i18n.h"
#include "ui/tablescene.h"
#include "ui/widgets.h"

#define BX 800.0f /* board centre */
#define BY 555.0f
#define STEP 106.0f  /* one grid step between points */
#define BOARD 760.0f /* side of the wooden board */
#define R 36.0f      /* piece radius */
#define STACK_X0 250.0f
#define STACK_X1 1350.0f
#define STACK_Y 555.0f
#define STACK_DY 33.0f
#define BTN_Y 950.0f
/* The settings key holding the seed of the game in play when it was taken back from its
 * end: its result was counted then, and stands (the replayed end is not counted again). */
#define COUNTED_KEY "moulin.counted"
/* The option "Show analysis" (0 or 1). */
#define ANALYSIS_KEY "moulin.analysis"

/* Grid position (column, row, 0..6) of each point. */
static const signed char grid[MOULIN_POINTS][2] = {
    {0, 0}, {3, 0}, {6, 0}, {1, 1}, {3, 1}, {5, 1}, {2, 2}, {3, 2}, {4, 2}, {0, 3}, {1, 3}, {2, 3},
    {4, 3}, {5, 3}, {6, 3}, {2, 4}, {3, 4}, {4, 4}, {1, 5}, {3, 5}, {5, 5}, {0, 6}, {3, 6}, {6, 6},
};

enum { SP_HAND, SP_BOARD, SP_GONE };
enum { N_SPRITES = 2 * MOULIN_PIECES };
enum { BTN_TAKEBACK = 1, BTN_COUNT };

typedef struct {
    float x, y, alpha, lift;
    int point;  /* on the board: its point */
    int status; /* SP_HAND, SP_BOARD, SP_GONE */
    int color;  /* seat */
} Piece;

typedef struct {
    Table tb;
    Piece pc[N_SPRITES];
    bool placed; /* sprites have been put where the state says */
    SDL_Texture *wood;
    int ww;

    /* Input. */
    int selected; /* a point holding the piece chosen to move, or -1 */
    int hover;    /* the point under the pointer, or -1 */
    int cursor;   /* keyboard cursor point, or -1 when hidden */
    bool drag_armed, dragging;
    int drag_piece;
    float press_x, press_y;

    /* The last turn, for its marks. */
    int last_from, last_to, last_removed;
    uint32_t flash_lines; /* mills just formed (bit per mill) */
    float flash;          /* 1 .. 0 */
    float taken;          /* a piece of yours just taken: its mark's pulse, 1 .. 0 */

    /* The analysis mode (see "Analysis" below). */
    bool an_on;   /* the option */
    int an_clock; /* the job's time_ms: -1 Hard's own */
    struct HintJob *an_job;
    bool an_have;        /* an_pos holds the position of the job or of the result */
    MoulinState an_pos;  /* the position shown that they are for */
    MoulinState an_root; /* the position searched: an_pos after the plies without a choice */
    Action an_forced[MOULIN_AN_PLIES];
    int an_nforced;
    MoulinAnalysisShown an; /* the result (an.ready: for an_pos) */
    bool an_any;            /* a result has been shown since the analysis was turned on */
    float an_bar;           /* the bar's drawn share for White (tweened) */
} Mou;

static float point_x(int p) { return BX + (grid[p][0] - 3) * STEP; }
static float point_y(int p) { return BY + (grid[p][1] - 3) * STEP; }
static float stack_x(int color) { return color == 0 ? STACK_X0 : STACK_X1; }
static float stack_y(int slot) { return STACK_Y - (slot - 4) * STACK_DY; }

/* The point within reach of (ux, uy), in units; -1 if none. */
static int point_at(float ux, float uy)
{
    int best = -1;
    float bd = (R + 14) * (R + 14);
    for (int p = 0; p < MOULIN_POINTS; p++) {
        float dx = ux - point_x(p), dy = uy - point_y(p), d = dx * dx + dy * dy;
        if (d < bd) {
            bd = d;
            best = p;
        }
    }
    return best;
}

static const MoulinState *st(const Mou *t) { return t->tb.m->state; }

/* The person's seat (colour) in this game. */
static int human(const Mou *t) { return table_player(&t->tb); }

/* ---- Keeping the sprites in step with the match ---- */

static void restack(Mou *t, bool animate)
{
    for (int c = 0; c < MOULIN_SEATS; c++) {
        int k = 0;
        for (int i = 0; i < N_SPRITES; i++) {
            Piece *q = &t->pc[i];
            if (q->color != c || q->status != SP_HAND)
                continue;
            float y = stack_y(k++);
            if (animate) {
                anim_to(&t->tb.anim, &q->x, stack_x(c), 0.3f, 0, EASE_OUT_CUBIC);
                anim_to(&t->tb.anim, &q->y, y, 0.3f, 0, EASE_OUT_CUBIC);
            } else {
                q->x = stack_x(c);
                q->y = y;
            }
        }
    }
}

static void reset_pieces(Mou *t)
{
    anim_forget(&t->tb.anim, t->pc, t->pc + N_SPRITES);
    for (int i = 0; i < N_SPRITES; i++)
        t->pc[i] = (Piece){0, 0, 1, 0, -1, SP_HAND, i / MOULIN_PIECES};
    restack(t, false);
}

static int in_hand(const Mou *t, int c)
{
    int n = 0;
    for (int i = 0; i < N_SPRITES; i++)
        n += t->pc[i].color == c && t->pc[i].status == SP_HAND;
    return n;
}

/* The first piece of colour c with this status, from the start or (down) the end. */
static Piece *piece_with(Mou *t, int c, int status, bool down)
{
    for (int k = 0; k < N_SPRITES; k++) {
        Piece *q = &t->pc[down ? N_SPRITES - 1 - k : k];
        if (q->color == c && q->status == status)
            return q;
    }
    return NULL;
}

/* Moves the sprites to where the state has the pieces: keeps what is in place, pairs a
 * piece that left a point with the point newly taken by its colour (a move), fills the
 * other new points from the stack (a placement) or from the removed pieces (a take-back
 * of a removal), and sends the rest off the board (fade) or back to the stack. */
static void sync(Table *tb, bool instantly)
{
    Mou *t = (Mou *)tb;
    Anim *an = &tb->anim;
    const MoulinState *s = st(t);
    float k = instantly ? 0.0f : 1.0f;
    for (int c = 0; c < MOULIN_SEATS; c++) {
        uint32_t want = s->bb[c], have = 0;
        int leaving[N_SPRITES], nl = 0, li = 0;
        for (int i = 0; i < N_SPRITES; i++) {
            Piece *q = &t->pc[i];
            if (q->color != c || q->status != SP_BOARD)
                continue;
            if (want >> q->point & 1 && !(have >> q->point & 1))
                have |= 1u << q->point;
            else
                leaving[nl++] = i;
        }
        for (uint32_t b = want & ~have; b; b &= b - 1) {
            int p = __builtin_ctz(b);
            Piece *q = li < nl ? &t->pc[leaving[li++]] : NULL; /* moved */
            if (!q) {
                /* From the stack when it holds more than the state says, else a removed
                 * piece comes back (a take-back), else any spare one. */
                bool spare = in_hand(t, c) > s->hand[c];
                q = piece_with(t, c, spare ? SP_HAND : SP_GONE, true);
                if (!q)
                    q = piece_with(t, c, spare ? SP_GONE : SP_HAND, true);
                if (!q)
                    continue;
                if (q->status == SP_GONE) {
                    q->x = point_x(p);
                    q->y = point_y(p);
                    q->alpha = 0;
                }
                if (!instantly)
                    anim_call(an, 0.0f, table_sound_cb, tb, SND_SLIDE);
            }
            q->status = SP_BOARD;
            q->point = p;
            anim_to(an, &q->x, point_x(p), 0.38f * k, 0, EASE_OUT_CUBIC);
            anim_to(an, &q->y, point_y(p), 0.38f * k, 0, EASE_OUT_CUBIC);
            anim_to(an, &q->alpha, 1, 0.3f * k, 0, EASE_OUT_QUAD);
            anim_to(an, &q->lift, 0, 0.2f * k, 0.18f * k, EASE_OUT_QUAD);
        }
        /* Pieces left over: removed from the board, or (take-back) back in the stack. */
        int hand_now = in_hand(t, c);
        for (; li < nl; li++) {
            Piece *q = &t->pc[leaving[li]];
            if (hand_now < s->hand[c]) {
                q->status = SP_HAND;
                q->alpha = 1;
                hand_now++;
            } else {
                q->status = SP_GONE;
                anim_to(an, &q->lift, 1, 0.15f * k, 0, EASE_OUT_QUAD);
                anim_to(an, &q->alpha, 0, 0.55f * k, 0.1f * k, EASE_IN_QUAD);
                if (!instantly)
                    anim_call(an, 0.0f, table_sound_cb, tb, SND_FLIP);
            }
        }
        /* The stack holds what the state says is in hand (a resume or a take-back). */
        while (hand_now != s->hand[c]) {
            bool more = hand_now < s->hand[c];
            Piece *q = piece_with(t, c, more ? SP_GONE : SP_HAND, false);
            if (q) {
                q->status = more ? SP_HAND : SP_GONE;
                q->alpha = more ? 1 : 0;
            }
            hand_now += more ? 1 : -1;
        }
    }
    restack(t, !instantly);
    if (instantly)
        anim_finish(an);
}

/* ---- Games ---- */

static void analysis_forget(Mou *t);
static bool analysis_option(const App *a);

/* Forgets the selection, a drag and the marks of the last turn. */
static void clear_turn(Mou *t)
{
    t->selected = -1;
    t->dragging = t->drag_armed = false;
    t->last_from = t->last_to = t->last_removed = -1;
    t->flash_lines = 0;
    anim_forget(&t->tb.anim, &t->flash, &t->flash + 1);
    t->flash = 0;
}

static void enter(Table *tb)
{
    Mou *t = (Mou *)tb;
    t->hover = t->cursor = -1;
    clear_turn(t);
    reset_pieces(t);
    t->an_on = analysis_option(tb->app);
    t->an_clock = -1;
    t->an_bar = 0.5f;
}

static void leave(Table *tb)
{
    Mou *t = (Mou *)tb;
    analysis_forget(t);
    if (t->wood)
        SDL_DestroyTexture(t->wood);
}

/* A new game: the pieces go back to their stacks. */
static void reset(Table *tb)
{
    Mou *t = (Mou *)tb;
    if (in_hand(t, 0) + in_hand(t, 1) < N_SPRITES) /* pieces were out */
        app_sound(tb->app, SND_SHUFFLE);
    anim_finish(&tb->anim);
    clear_turn(t);
    reset_pieces(t);
    analysis_forget(t);
    t->placed = true;
    tb->deal_wait = 0; /* no deal to wait for: White may play at once */
    if (kv_get_u64(&tb->app->kv, COUNTED_KEY, 0)) { /* a new game, counted when it ends */
        kv_set_u64(&tb->app->kv, COUNTED_KEY, 0);
        app_save_settings(tb->app);
    }
}

/* The person plays White and Black in turn, game after game. */
static int seats(Table *tb, SeatSpec *out)
{
    int human = tb->games % 2;
    out[human] = (SeatSpec){false, DIFF_MEDIUM};
    out[1 - human] = (SeatSpec){true, tb->app->set.difficulty};
    return MOULIN_SEATS;
}

static int result(Table *tb, char *title, size_t tsize, char *reason, size_t rsize)
{
    const MoulinState *s = st((Mou *)tb);
    int me = human((Mou *)tb), res = s->winner < 0 ? 0 : s->winner == me ? 1 : -1;
    const char *who = table_person_name(tb, 1 - me); /* a person at a networked table */
    snprintf(title, tsize, "%s", res > 0 ? _("You win!") : res < 0 ? _("You lose") : _("Draw"));
    if (s->end == MOULIN_END_FEWER_THAN_THREE && res > 0 && who)
        snprintf(reason, rsize, _("%s is down to two pieces."), who);
    else if (s->end == MOULIN_END_FEWER_THAN_THREE)
        snprintf(reason, rsize, "%s",
                 res > 0 ? _("The computer is down to two pieces.")
                         : _("You are down to two pieces."));
    else if (s->end == MOULIN_END_BLOCKED && res > 0 && who)
        snprintf(reason, rsize, _("%s is shut in: no piece can move."), who);
    else if (s->end == MOULIN_END_BLOCKED)
        snprintf(reason, rsize, "%s",
                 res > 0 ? _("The computer's pieces are shut in: it cannot move.")
                         : _("Your pieces are shut in: you cannot move."));
    else if (s->end == MOULIN_END_REPETITION)
        snprintf(reason, rsize, "%s", _("The same position came up three times."));
    else
        snprintf(reason, rsize, _("%d moves in a row without a piece placed or taken."), s->nmove);
    return res;
}

/* A game taken back from its end was counted then: its replayed end is not counted again
 * (nor is abandoning it). */
static bool uncounted(const Table *tb)
{
    unsigned long long seed = kv_get_u64(&tb->app->kv, COUNTED_KEY, 0);
    return seed && seed == tb->m->seed;
}

/* The point a placement or move goes to (-1: neither), and where a move comes from. */
static int move_to(Action a, int *from)
{
    bool move = a >= MOULIN_MOVE && a < MOULIN_MOVE + 576;
    *from = move ? (a - MOULIN_MOVE) / MOULIN_POINTS : -1;
    return move ? (a - MOULIN_MOVE) % MOULIN_POINTS : a >= 0 && a < MOULIN_POINTS ? a : -1;
}

/* The marks of the last turn (where a piece came from and went, a removed piece's point),
 * read from the history: after a resume or a take-back. */
static void mark_last(Mou *t)
{
    const Match *m = t->tb.m;
    int i = m->history_len - 1;
    if (i >= 0 && m->history[i] >= MOULIN_REMOVE)
        t->last_removed = m->history[i--] - MOULIN_REMOVE;
    if (i >= 0)
        t->last_to = move_to(m->history[i], &t->last_from);
}

/* Your last turn (your move and the removal it earned), and the computer's replies after
 * it, are undone: the match is rebuilt from its history without them. After the end,
 * this reopens the game. */
static void take_back(Mou *t)
{
    Table *tb = &t->tb;
    Match *m = tb->m;
    if (pacer_demo(&tb->pace))
        return;
    int j = -1;
    for (int i = m->history_len - 1; i >= 0 && j < 0; i--)
        if (m->history_player[i] == human(t))
            j = i;
    if (j < 0) {
        table_say(tb, _("You have no move to take back yet."));
        return;
    }
    while (j > 0 && m->history_player[j - 1] == human(t))
        j--;
    char err[256];
    Match *n =
        match_create(m->rules, &m->options, m->num_players, m->seats, m->seed, err, sizeof err);
    for (int i = 0; n && i < j; i++)
        if (match_apply(n, m->history[i])) {
            match_free(n);
            n = NULL;
        }
    if (!n) {
        table_say(tb, _("The move could not be taken back."));
        return;
    }
    if (match_is_over(m)) {
        /* The result stays counted; the banner goes (its pending call runs first). */
        anim_finish(&tb->anim);
        kv_set_u64(&tb->app->kv, COUNTED_KEY, m->seed);
        app_save_settings(tb->app);
        tb->over = false;
        tb->banner = 0;
    }
    app_attach_match(tb->app, n);
    match_autosave(n);
    match_free(m); /* cancels a thinking bot */
    tb->m = n;
    pacer_reset(&tb->pace);
    clear_turn(t);
    mark_last(t);
    app_sound(tb->app, SND_SLIDE);
    sync(tb, false);
}

/* ---- Actions and input ---- */

static void on_action(Table *tb, int player, Action a)
{
    Mou *t = (Mou *)tb;
    const MoulinState *s = st(t);
    if (a >= MOULIN_REMOVE && a < MOULIN_REMOVE + MOULIN_POINTS) {
        t->last_removed = a - MOULIN_REMOVE;
        if (player >= 0 && player != human(t)) {
            /* One of yours taken: a red cross where it stood, pulsing at first, and a word. */
            t->taken = 1;
            anim_to(&tb->anim, &t->taken, 0, 1.6f, 0, EASE_IN_QUAD);
            const char *who = table_person_name(tb, player);
            char b[160];
            if (who)
                snprintf(b, sizeof b, _("%s took one of your pieces: the red cross marks where it stood."), who);
            else
                snprintf(b, sizeof b, "%s", _("The computer took one of your pieces: the red cross marks where it stood."));
            table_say(tb, b);
        }
    } else {
        int to = move_to(a, &t->last_from);
        t->last_to = to;
        t->last_removed = -1;
        t->flash_lines = 0;
        for (int k = 0; k < 2 && to >= 0 && player >= 0; k++) {
            int l = moulin_point_mills[to][k];
            if ((s->bb[player] & moulin_mill_mask[l]) == moulin_mill_mask[l])
                t->flash_lines |= 1u << l;
        }
        if (t->flash_lines) {
            t->flash = 1;
            anim_to(&tb->anim, &t->flash, 0, 1.4f, 0.3f, EASE_IN_QUAD);
            anim_call(&tb->anim, 0.3f, table_sound_cb, tb, SND_CALL);
        }
    }
    if (player == human(t))
        t->selected = -1;
}

/* The random opening (an option of bot matches) is laid at once. */
static float chance_pause(Table *tb, bool *more)
{
    (void)tb;
    *more = true;
    return 0;
}

/* A removal follows its move quickly; a move waits a little longer. */
static float bot_pause(const Table *tb)
{
    return ((const MoulinState *)tb->m->state)->pending ? 0.35f : 0.6f;
}

/* The mill's flash, and the removable pieces pulsing while you choose one, need frames
 * (the flash's tween also holds the computer until it has faded). */
static bool busy(const Table *tb)
{
    const Mou *t = (const Mou *)tb;
    return t->flash > 0 || (table_player_can_act(tb) && st(t)->pending);
}

static bool is_target(const Mou *t, int from, int to)
{
    return from >= 0 && rules_is_legal(&moulin_rules, st(t), MOULIN_MOVE + from * 24 + to);
}

static bool can_move_from(const Mou *t, int p)
{
    for (int to = 0; to < MOULIN_POINTS; to++)
        if (is_target(t, p, to))
            return true;
    return false;
}

static int piece_on(const Mou *t, int p)
{
    for (int i = 0; i < N_SPRITES; i++)
        if (t->pc[i].status == SP_BOARD && t->pc[i].point == p)
            return i;
    return -1;
}

static void lift(Mou *t, int p, float to)
{
    int i = piece_on(t, p);
    if (i >= 0)
        anim_to(&t->tb.anim, &t->pc[i].lift, to, 0.14f, 0, EASE_OUT_QUAD);
}

static void select_point(Mou *t, int p)
{
    if (t->selected >= 0)
        lift(t, t->selected, 0);
    t->selected = p;
    if (p >= 0) {
        lift(t, p, 1);
        app_sound(t->tb.app, SND_CLICK);
    }
}

/* A click (or Enter) on point p. */
static void act_on(Mou *t, int p)
{
    Table *tb = &t->tb;
    if (!table_player_can_act(tb)) {
        table_submit(tb, MOULIN_PLACE + p); /* not yours to play: refused, saying why */
        return;
    }
    const MoulinState *s = st(t);
    int me = human(t);
    if (s->pending || s->hand[me]) {
        table_submit(tb, (s->pending ? MOULIN_REMOVE : MOULIN_PLACE) + p);
    } else if (s->bb[me] >> p & 1) {
        if (t->selected == p)
            select_point(t, -1);
        else if (can_move_from(t, p))
            select_point(t, p);
        else
            table_say(tb, _("That piece has nowhere to go."));
    } else if (t->selected < 0) {
        table_say(tb, (s->bb[1 - me] >> p & 1) ? _("That piece is not yours.")
                                               : _("Choose one of your pieces first."));
    } else {
        table_submit(tb, MOULIN_MOVE + t->selected * MOULIN_POINTS + p);
    }
}

/* Take back, the game's one button: no focus ring after it (Enter acts on the board). */
static void press(Table *tb, int b)
{
    (void)b;
    tb->focus = -1;
    ((Mou *)tb)->cursor = -1;
    take_back((Mou *)tb);
}

static bool shown(const Table *tb, int b)
{
    (void)tb;
    (void)b;
    return true; /* even after the end: take-back reopens the game */
}

/* The nearest point from `from` in a direction (dx, dy), for the keyboard cursor. */
static int step_cursor(int from, int dx, int dy)
{
    if (from < 0)
        return 4; /* near the top middle */
    int best = -1;
    float bd = 1e9f;
    for (int p = 0; p < MOULIN_POINTS; p++) {
        float ex = (float)(grid[p][0] - grid[from][0]), ey = (float)(grid[p][1] - grid[from][1]);
        float along = ex * dx + ey * dy, across = fabsf(ex * dy - ey * dx);
        if (p == from || along <= 0)
            continue;
        float d = along + 2.5f * across;
        if (d < bd) {
            bd = d;
            best = p;
        }
    }
    return best >= 0 ? best : from;
}

/* The end of a drag at (x, y): the move, or the piece back to its point. */
static void drop(Mou *t, float x, float y)
{
    t->dragging = t->drag_armed = false;
    int to = point_at(UX(t, x), UY(t, y)), from = t->selected;
    if (to >= 0 && to != from && is_target(t, from, to)) {
        table_submit(&t->tb, MOULIN_MOVE + from * MOULIN_POINTS + to);
        return;
    }
    if (to >= 0 && to != from && from >= 0) {
        /* Let the rules say why. */
        MoulinState c = *st(t);
        const char *why = moulin_rules.apply(&c, MOULIN_MOVE + from * 24 + to);
        if (why)
            table_say(&t->tb, _(why));
    }
    sync(&t->tb, false); /* back to its point */
    if (t->selected >= 0)
        lift(t, t->selected, 1);
}

/* Esc: puts down a piece picked up; with none, the menu opens. */
static bool cancel(Table *tb)
{
    Mou *t = (Mou *)tb;
    if (t->selected < 0)
        return false;
    select_point(t, -1);
    return true;
}

static bool event(Table *tb, const SDL_Event *e)
{
    Mou *t = (Mou *)tb;
    bool over = match_is_over(tb->m);
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        t->hover = point_at(UX(t, x), UY(t, y));
        if (t->drag_armed && !t->dragging &&
            fabsf(x - t->press_x) + fabsf(y - t->press_y) > 8 * tb->app->u) {
            t->dragging = true;
            t->cursor = -1;
            app_sound(tb->app, SND_SLIDE);
        }
        if (t->dragging && t->drag_piece >= 0) {
            Piece *q = &t->pc[t->drag_piece];
            anim_forget(&tb->anim, q, q + 1);
            q->x = UX(t, x);
            q->y = UY(t, y);
            q->lift = 1.4f;
        }
        return true;
    }
    case SDL_MOUSEBUTTONDOWN: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        t->cursor = -1;
        if (over)
            return true; /* the final position stays to be looked at: New game starts one */
        int p = point_at(UX(t, x), UY(t, y));
        if (p < 0) {
            if (t->selected >= 0)
                select_point(t, -1);
            return false;
        }
        const MoulinState *s = st(t);
        if (table_player_can_act(tb) && !s->pending && !s->hand[human(t)] &&
            (s->bb[human(t)] >> p & 1) && can_move_from(t, p)) {
            /* Pressing on a piece of yours: it is chosen, and may be dragged. */
            if (t->selected != p)
                select_point(t, p);
            t->drag_armed = true;
            t->drag_piece = piece_on(t, p);
            t->press_x = x;
            t->press_y = y;
            return true;
        }
        act_on(t, p);
        return true;
    }
    case SDL_MOUSEBUTTONUP:
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        if (t->dragging) {
            drop(t, (float)e->button.x, (float)e->button.y);
            return true;
        }
        t->drag_armed = false;
        return over; /* a click on the final position deals nothing */
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        int dx = k == SDLK_LEFT ? -1 : k == SDLK_RIGHT ? 1 : 0;
        int dy = k == SDLK_UP ? -1 : k == SDLK_DOWN ? 1 : 0;
        if (k == SDLK_BACKSPACE || k == SDLK_u || (k == SDLK_z && (e->key.keysym.mod & KMOD_CTRL)))
            take_back(t);
        else if (dx || dy)
            t->cursor = step_cursor(t->cursor, dx, dy);
        else if ((k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) && t->cursor >= 0 &&
                 !over)
            act_on(t, t->cursor);
        else
            return false; /* after the end, Enter, Space or N: the table deals the next game */
        return true;
    }
    default: return false;
    }
}

/* ---- Drawing ---- */

/* A wooden board, drawn once per size: long grain with growth rings, a bevelled edge. */
static SDL_Texture *make_wood(SDL_Renderer *ren, int size)
{
    SDL_Surface *sf = SDL_CreateRGBSurfaceWithFormat(0, size, size, 32, SDL_PIXELFORMAT_RGBA32);
    if (!sf)
        return NULL;
    Uint32 *px = sf->pixels;
    int pitch = sf->pitch / 4;
    float bevel = size * 0.018f;
    for (int y = 0; y < size; y++) {
        float v = (float)y / size;
        for (int x = 0; x < size; x++) {
            float u = (float)x / size;
            /* Long grain along v: growth rings bent gently, and fine streaks. */
            float warp = 0.55f * sinf(v * 3.1f + u * 2.3f) + 0.18f * sinf(v * 11.3f + 0.7f);
            float ring = sinf((u * 13.0f + warp) * 3.14159f);
            ring = ring * ring * ring; /* sharper late-wood bands */
            float fine = sinf(u * 260.0f + 3.0f * sinf(v * 5.7f) + 1.3f * sinf(v * 23.0f));
            float knot = sinf(u * 47.0f + v * 2.0f) * sinf(v * 3.3f + u * 5.0f);
            float g = 0.6f + 0.24f * ring + 0.08f * fine + 0.06f * knot;
            float r = 170 + 52 * g, gr = 120 + 42 * g, b = 70 + 30 * g;
            /* Bevel: light on the top and left edges, dark on the bottom and right. */
            float dl = fminf((float)x, (float)y),
                  dr = fminf((float)(size - 1 - x), (float)(size - 1 - y));
            if (dl < bevel) {
                float k = 1 - dl / bevel;
                r += 40 * k, gr += 32 * k, b += 22 * k;
            }
            if (dr < bevel) {
                float k = 1 - dr / bevel;
                r *= 1 - 0.35f * k, gr *= 1 - 0.35f * k, b *= 1 - 0.35f * k;
            }
            Uint8 cr = (Uint8)fminf(255, r), cg = (Uint8)fminf(255, gr), cb = (Uint8)fminf(255, b);
            px[y * pitch + x] = SDL_MapRGBA(sf->format, cr, cg, cb, 255);
        }
    }
    SDL_Texture *tex = SDL_CreateTextureFromSurface(ren, sf);
    SDL_FreeSurface(sf);
    return tex;
}

static void layout(Table *tb)
{
    Mou *t = (Mou *)tb;
    int ws = (int)lroundf(BOARD * tb->tv.s);
    if (!t->wood || t->ww != ws) {
        if (t->wood)
            SDL_DestroyTexture(t->wood);
        t->wood = ws > 8 ? make_wood(tb->app->ren, ws) : NULL;
        t->ww = ws;
    }
    tb->btn[BTN_TAKEBACK] = unit_rect(t, STACK_X1, BTN_Y, 230, 60);
    tb->btn[TABLE_NEXT] = unit_rect(t, BX, BY + 150, 260, 64);
    if (!t->placed) {
        /* First layout after a resume: pieces where they belong, no flight. */
        sync(tb, true);
        mark_last(t);
        t->placed = true;
    }
}

static void disc(Mou *t, float ux, float uy, float r, Rgba c)
{
    draw_circle(t->tb.app->ren, PX(t, ux), PY(t, uy), r * t->tb.tv.s, c);
}

static void draw_piece(Mou *t, const Piece *q)
{
    SDL_Renderer *ren = t->tb.app->ren;
    float al = fmaxf(0, fminf(1, q->alpha)), sc = t->tb.tv.s;
    if (al <= 0.01f)
        return;
    float lift = q->lift * 7;
    float x = q->x, y = q->y - lift;
    float depth = 6;
    static const Rgba pal[2][4] = {
        /* top, side, groove, rim */
        {{240, 232, 212, 255}, {176, 164, 140, 255}, {222, 212, 188, 255}, {200, 190, 166, 255}},
        {{58, 52, 50, 255}, {16, 14, 13, 255}, {44, 40, 38, 255}, {30, 27, 26, 255}}};
    Rgba top = pal[q->color][0], side = pal[q->color][1], groove = pal[q->color][2],
         rim = pal[q->color][3];
    /* Shadow on the board, further away when lifted. */
    draw_glow(ren, PX(t, q->x + 4 + lift * 0.5f), PY(t, q->y + 8 + lift * 0.9f), (R + 12) * sc,
              rgba(0, 0, 0, (Uint8)(150 * al)));
    disc(t, x, y + depth, R, rgba_alpha(side, al));
    disc(t, x, y, R, rgba_alpha(rim, al));
    disc(t, x, y, R - 3, rgba_alpha(top, al));
    disc(t, x, y, R * 0.62f, rgba_alpha(groove, al));
    disc(t, x, y, R * 0.56f, rgba_alpha(top, al));
    draw_glow(ren, PX(t, x - R * 0.32f), PY(t, y - R * 0.38f), R * 0.55f * sc,
              rgba(255, 255, 255, (Uint8)((q->color == 0 ? 70 : 45) * al)));
}

/* A band `thick` units wide along the line from point a to point b, shifted by `off`. */
static void line_between(Mou *t, int a, int b, float thick, float off, Rgba c)
{
    float x0 = fminf(point_x(a), point_x(b)), x1 = fmaxf(point_x(a), point_x(b));
    float y0 = fminf(point_y(a), point_y(b)), y1 = fmaxf(point_y(a), point_y(b));
    SDL_FRect r = {PX(t, x0 - thick / 2 + off), PY(t, y0 - thick / 2 + off),
                   (x1 - x0 + thick) * t->tb.tv.s, (y1 - y0 + thick) * t->tb.tv.s};
    draw_rect(t->tb.app->ren, r, c);
}

/* The drawn lines: three squares and the four joining lines, engraved in the wood. */
static void draw_board(Mou *t)
{
    SDL_Renderer *ren = t->tb.app->ren;
    SDL_FRect b = unit_rect(t, BX, BY, BOARD, BOARD);
    draw_shadow(ren, b, 10 * t->tb.tv.s, 34 * t->tb.tv.s, rgba(0, 0, 0, 150));
    if (t->wood)
        SDL_RenderCopyF(ren, t->wood, NULL, &b);
    else
        draw_rect(ren, b, rgba(190, 140, 84, 255));
    static const int seg[32][2] = {
        {0, 1}, {1, 2}, {2, 14},  {14, 23}, {23, 22}, {22, 21}, {21, 9},  {9, 0},
        {3, 4}, {4, 5}, {5, 13},  {13, 20}, {20, 19}, {19, 18}, {18, 10}, {10, 3},
        {6, 7}, {7, 8}, {8, 12},  {12, 17}, {17, 16}, {16, 15}, {15, 11}, {11, 6},
        {1, 4}, {4, 7}, {16, 19}, {19, 22}, {9, 10},  {10, 11}, {12, 13}, {13, 14},
    };
    /* The lit lower edge of each groove, then the grooves. */
    for (int i = 0; i < 32; i++)
        line_between(t, seg[i][0], seg[i][1], 8, 2.5f, rgba(236, 196, 140, 110));
    for (int i = 0; i < 32; i++)
        line_between(t, seg[i][0], seg[i][1], 8, 0, rgba(74, 46, 24, 235));
    for (int p = 0; p < MOULIN_POINTS; p++) {
        disc(t, point_x(p) + 1.5f, point_y(p) + 1.5f, 14, rgba(236, 196, 140, 110));
        disc(t, point_x(p), point_y(p), 14, rgba(74, 46, 24, 240));
        disc(t, point_x(p), point_y(p), 7, rgba(120, 80, 44, 255));
    }
}

/* A seat's panel around its stack: its name, colour and pieces. */
static void draw_panel(Mou *t, int color)
{
    App *a = t->tb.app;
    const MoulinState *s = st(t);
    float sc = t->tb.tv.s, cx = stack_x(color);
    bool active = !match_is_over(t->tb.m) && match_current_player(t->tb.m) == color;
    SDL_FRect p = unit_rect(t, cx, 560, 250, 560);
    draw_rounded(a->ren, p, 22 * sc, rgba(0, 0, 0, active ? 78 : 52));
    if (active)
        draw_rounded_outline(a->ren, p, 22 * sc, fmaxf(1.5f, 2.5f * sc), rgba(236, 196, 96, 190));
    text_draw(a->text, table_seat_name(&t->tb, color), (int)lroundf(28 * sc), true,
              active ? COL_GOLD : COL_TEXT, PX(t, cx), PY(t, 316), TEXT_CENTER | TEXT_MIDDLE);
    text_draw(a->text, color == 0 ? _("White") : _("Black"), (int)lroundf(19 * sc), false, COL_DIM,
              PX(t, cx), PY(t, 350), TEXT_CENTER | TEXT_MIDDLE);
    char line[96];
    int n = s->hand[color], on = __builtin_popcount(s->bb[color]);
    if (n)
        snprintf(line, sizeof line, P_("%d piece to place", "%d pieces to place", n), n);
    else
        snprintf(line, sizeof line, "%s", _("All placed"));
    text_draw(a->text, line, (int)lroundf(19 * sc), false, COL_TEXT, PX(t, cx), PY(t, 790),
              TEXT_CENTER | TEXT_MIDDLE);
    snprintf(line, sizeof line, P_("%d on the board", "%d on the board", on), on);
    text_draw(a->text, line, (int)lroundf(19 * sc), false, COL_DIM, PX(t, cx), PY(t, 820),
              TEXT_CENTER | TEXT_MIDDLE);
}

/* What to do now, in a line under the board. */
static void status_text(Mou *t, char *out, size_t size)
{
    const MoulinState *s = st(t);
    int cur = match_current_player(t->tb.m), me = human(t);
    bool sel = t->selected >= 0, theirs = cur != me || pacer_demo(&t->tb.pace);
    const char *thinking = _("The computer is thinking");
    const char *takes = _("The computer closed a mill and takes one of your pieces...");
    const char *who = table_person_name(&t->tb, 1 - me); /* a person elsewhere */
    char remote[96], remote_takes[160];
    if (table_open_seat_text(&t->tb, 1 - me, remote, sizeof remote)) {
        thinking = remote; /* nobody sits there yet */
    } else if (who) {
        snprintf(remote, sizeof remote, _("%s is thinking"), who);
        thinking = remote;
        snprintf(remote_takes, sizeof remote_takes,
                 _("%s closed a mill and takes one of your pieces..."), who);
        takes = remote_takes;
    }
    /* Over a past position (the review) nobody is thinking: the review's bar names the
     * move. */
    const char *line =
        cur < 0 || (theirs && table_reviewing(&t->tb)) ? ""
        : theirs && s->pending  ? takes
        : theirs                ? thinking
        : s->pending            ? (who ? _("Mill! Take one of your opponent's highlighted pieces.")
                                       : _("Mill! Take one of the computer's highlighted pieces."))
        : s->hand[me]           ? _("Place a piece on an empty point.")
        : moulin_can_fly(s, me) ? (sel ? _("Three pieces left: fly to any empty point.")
                                       : _("Three pieces left: choose one to fly anywhere."))
        : sel                   ? _("Click where it goes, or drag it there.")
                                : _("Move a piece: click it, or drag it along a line.");
    snprintf(out, size, "%s", line);
    if (line == thinking)
        table_dots(out, size, t->tb.time);
}

/* ---- Analysis ---------------------------------------------------------------------
 * With "Show analysis" on, Hard's own analysis (bot_analyze at Hard's budget, on the hint
 * worker) runs on the position the table shows, and the table draws its score as a bar
 * beside the board and the first turns of its best line as arrows on it. It runs on the
 * player's turn and over a finished game only: never while a bot thinks (the bots decide
 * on a clock, and a search beside them would change their play), never at a networked
 * table's game in progress. It only looks: it never moves, and it is not a hint (the
 * statistics do not count it). A change of position cancels the search and starts the
 * next one. */

/* The bar: White's share from its advantage in pieces, linear up to this many. */
#define EVAL_CAP 4.0
#define EVAL_X (BX - BOARD / 2 - 23) /* beside the board's left edge */
#define EVAL_W 26.0f
#define EVAL_TOP (BY - BOARD / 2 + 12)
#define EVAL_BOTTOM (BY + BOARD / 2 - 12)

/* The match whose position the table shows: the live one, or while a finished game is
 * reviewed the position before the decision picked (tablescene.h); everything below
 * follows it. */
static const Match *shown_match(const Mou *t) { return table_shown_match(&t->tb); }

static bool analysis_option(const App *a)
{
    return kv_get_int(&a->kv, ANALYSIS_KEY, 0, 0, 1) != 0;
}

/* May the position `m` shows be searched now? */
static bool analysis_allowed(const Mou *t, const Match *m)
{
    if (table_reviewing(&t->tb) || match_is_over(m))
        return true; /* a finished game, or one of its positions: no bot is thinking */
    return !m->mirror && table_player_can_act(&t->tb);
}

static void analysis_stop(Mou *t)
{
    if (t->an_job) {
        hint_job_cancel(t->an_job);
        t->an_job = NULL;
    }
}

/* Forgets the analysis (a new game, the option turned off, leaving). */
static void analysis_forget(Mou *t)
{
    analysis_stop(t);
    t->an_have = false;
    memset(&t->an, 0, sizeof t->an);
    anim_forget(&t->tb.anim, &t->an_bar, &t->an_bar + 1);
    t->an_bar = 0.5f;
}

static float bar_share(double white, bool forced)
{
    if (forced)
        return white > 0 ? 1.0f : white < 0 ? 0.0f : 0.5f;
    double k = white / EVAL_CAP;
    k = k > 1 ? 1 : k < -1 ? -1 : k;
    return (float)(0.5 + 0.5 * k);
}

/* Adds ply `a` of the line, played from *x (which it advances); false when the line ends
 * here (enough turns, or a ply the rules refuse). */
static bool line_add(MoulinAnalysisShown *o, MoulinState *x, Action a)
{
    if (o->n >= MOULIN_AN_PLIES || x->end != MOULIN_END_NONE)
        return false;
    bool removal = a >= MOULIN_REMOVE && o->n > 0 && o->side[o->n - 1] == x->side;
    int turn = o->n == 0 ? 1 : o->turn[o->n - 1] + (removal ? 0 : 1);
    int side = x->side;
    if (turn > MOULIN_AN_TURNS || moulin_rules.apply(x, a) != NULL)
        return false;
    o->ply[o->n] = a;
    o->side[o->n] = side;
    o->turn[o->n++] = turn;
    return true;
}

/* The line of the analysis (turns "move 3-4 x7", ", " between them) after `forced`, the
 * plies played without a choice before the searched root. */
static void line_read(MoulinAnalysisShown *o, const MoulinState *pos, const Action *forced,
                      int nforced, const char *line)
{
    MoulinState x = *pos;
    o->n = 0;
    for (int i = 0; i < nforced; i++)
        if (!line_add(o, &x, forced[i]))
            return;
    char buf[ANALYSIS_LINE];
    snprintf(buf, sizeof buf, "%s", line);
    for (char *save = NULL, *turn = strtok_r(buf, ",", &save); turn;
         turn = strtok_r(NULL, ",", &save)) {
        while (*turn == ' ')
            turn++;
        char *x_at = strstr(turn, " x");
        int rem = -1;
        if (x_at) {
            *x_at = '\0';
            rem = atoi(x_at + 2);
        }
        Action a;
        if (!moulin_rules.action_from_string(&x, turn, &a) || !line_add(o, &x, a))
            return;
        if (rem >= 0 && !line_add(o, &x, MOULIN_REMOVE + rem))
            return;
    }
}

/* A finished position: its result, full to the winner. */
static void analysis_over(Mou *t, const MoulinState *s)
{
    MoulinAnalysisShown *o = &t->an;
    memset(o, 0, sizeof *o);
    o->on = o->ready = o->over = true;
    o->white = s->winner == 0 ? ANALYSIS_PIECES_CAP : s->winner == 1 ? -ANALYSIS_PIECES_CAP : 0;
    o->bar = bar_share(o->white, true);
}

/* The worker's answer for t->an_pos (searched after `forced` plies without a choice). */
static void analysis_done(Mou *t, const Analysis *an, const MoulinState *root, const Action *forced,
                          int nforced)
{
    MoulinAnalysisShown *o = &t->an;
    memset(o, 0, sizeof *o);
    o->on = o->ready = true;
    const AnalysisItem *b = an->best >= 0 ? &an->item[an->best] : NULL;
    double v = b && b->valued ? b->value : 0;
    o->white = root->side == 0 ? v : -v;
    o->mate = b && b->valued && b->mate;
    o->depth = an->depth;
    line_read(o, &t->an_pos, forced, nforced, an->line);
    int forced_turns = 0;
    for (int i = 0; i < o->n && i < nforced; i++)
        forced_turns = o->turn[i];
    o->mate_turns = o->mate ? b->mate_turns + forced_turns : 0;
    o->bar = bar_share(o->white, o->mate);
}

/* The plies of `s` that have no alternative, played into *root (at most MOULIN_AN_PLIES):
 * a search of a single move says nothing, so the one searched is the first with a choice. */
static int skip_forced(const MoulinState *s, MoulinState *root, Action forced[MOULIN_AN_PLIES])
{
    *root = *s;
    Action acts[RULES_MAX_ACTIONS];
    int n = 0;
    while (n < MOULIN_AN_PLIES && root->end == MOULIN_END_NONE && !root->opening_left &&
           moulin_rules.legal_actions(root, acts) == 1 && moulin_rules.apply(root, acts[0]) == NULL)
        forced[n++] = acts[0];
    return n;
}

/* A new answer is ready: the bar slides to it. */
static void analysis_shown(Mou *t)
{
    if (t->an_any) {
        anim_to(&t->tb.anim, &t->an_bar, t->an.bar, 0.45f, 0, EASE_OUT_CUBIC);
    } else {
        anim_forget(&t->tb.anim, &t->an_bar, &t->an_bar + 1);
        t->an_bar = t->an.bar;
    }
    t->an_any = true;
}

/* Every frame: follows the position shown; starts, cancels and reads the search. */
static void analysis_update(Mou *t)
{
    Table *tb = &t->tb;
    const Match *m = shown_match(t);
    if (!t->an_on || !m || m->rules != &moulin_rules) {
        if (t->an_have || t->an_job || t->an_any)
            analysis_forget(t);
        return;
    }
    const MoulinState *s = m->state;
    bool same = t->an_have && memcmp(&t->an_pos, s, sizeof *s) == 0;
    if (!same)
        analysis_stop(t);
    if (t->an_job) {
        Analysis *an = malloc(sizeof *an);
        HintReason why;
        if (an && hint_job_poll(t->an_job, an, &why)) {
            t->an_job = NULL;
            analysis_done(t, an, &t->an_root, t->an_forced, t->an_nforced);
            analysis_shown(t);
        }
        free(an);
        return;
    }
    if ((same && t->an.ready) || s->opening_left ||
        (s->end == MOULIN_END_NONE && !analysis_allowed(t, m)))
        return; /* done, or not now: what was shown stays, dimmed */
    memcpy(&t->an_pos, s, sizeof *s);
    t->an_have = true;
    t->an.ready = false;
    t->an_nforced = skip_forced(s, &t->an_root, t->an_forced);
    if (t->an_root.end != MOULIN_END_NONE) {
        analysis_over(t, &t->an_root);
        line_read(&t->an, s, t->an_forced, t->an_nforced, "");
        analysis_shown(t);
        return;
    }
    t->an_job =
        hint_job_start_timed(&moulin_rules, DIFF_HARD, &t->an_root, t->an_root.side,
                             tb->session_seed ^ (uint64_t)m->history_len * 0x9E3779B97F4A7C15ULL,
                             t->an_clock, app_wake, tb->app);
}

/* The colours of a side's marks: its pieces' face, and an edge that stands out on it. */
static Rgba side_fill(int side, float al)
{
    return side == 0 ? rgba(246, 240, 224, (Uint8)(255 * al)) : rgba(36, 32, 30, (Uint8)(255 * al));
}

static Rgba side_edge(int side, float al)
{
    return side == 0 ? rgba(60, 40, 22, (Uint8)(235 * al)) : rgba(240, 228, 200, (Uint8)(235 * al));
}

static void triangle(SDL_Renderer *r, const float xy[6], Rgba c)
{
    SDL_Vertex v[3];
    for (int i = 0; i < 3; i++)
        v[i] = (SDL_Vertex){{xy[2 * i], xy[2 * i + 1]}, {c.r, c.g, c.b, c.a}, {0, 0}};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_RenderGeometry(r, NULL, v, 3, NULL, 0);
}

/* An arrow from point a to point b (a move): from the edge of the piece to the point, an
 * edge under the fill. */
static void move_arrow(Mou *t, int a, int b, Rgba fill, Rgba edge)
{
    SDL_Renderer *r = t->tb.app->ren;
    float sc = t->tb.tv.s;
    float ax = point_x(a), ay = point_y(a), bx = point_x(b), by = point_y(b);
    float dx = bx - ax, dy = by - ay, len = sqrtf(dx * dx + dy * dy);
    if (len < 1)
        return;
    dx /= len, dy /= len;
    float sx = ax + dx * R * 0.7f, sy = ay + dy * R * 0.7f; /* shaft start */
    float ex = bx - dx * 4, ey = by - dy * 4;               /* the tip */
    float head = fminf(40, (len - R) * 0.6f);
    float deg = atan2f(dy, dx) * 57.29578f;
    for (int pass = 0; pass < 2; pass++) {
        float grow = pass == 0 ? 3.5f : 0;
        Rgba c = pass == 0 ? edge : fill;
        float hx = ex - dx * head, hy = ey - dy * head; /* the head's base */
        float shaft = sqrtf((hx - sx) * (hx - sx) + (hy - sy) * (hy - sy)) + grow;
        draw_quad(r, PX(t, (sx + hx) / 2), PY(t, (sy + hy) / 2), shaft * sc, (14 + 2 * grow) * sc,
                  deg, c);
        float w = 21 + grow * 1.6f;
        float tx = ex + dx * grow * 1.4f, ty = ey + dy * grow * 1.4f;
        float bx0 = hx - dx * grow, by0 = hy - dy * grow;
        float xy[6] = {PX(t, tx),           PY(t, ty),           PX(t, bx0 - dy * w),
                       PY(t, by0 + dx * w), PX(t, bx0 + dy * w), PY(t, by0 - dx * w)};
        triangle(r, xy, c);
    }
}

/* A number in a disc of the side's colour. */
static void badge(Mou *t, float ux, float uy, int n, Rgba fill, Rgba edge)
{
    char s[8];
    snprintf(s, sizeof s, "%d", n);
    disc(t, ux, uy, 15, edge);
    disc(t, ux, uy, 12.5f, fill);
    text_draw(t->tb.app->text, s, (int)lroundf(17 * t->tb.tv.s), true, edge, PX(t, ux), PY(t, uy),
              TEXT_CENTER | TEXT_MIDDLE);
}

/* The first turns of the best line: a ring where a piece is placed, an arrow where one
 * moves, a cross on a piece taken; numbered, fading turn after turn, in the colour of the
 * side that plays them. The last turns are drawn first, the next one on top. */
static void draw_line(Mou *t)
{
    SDL_Renderer *r = t->tb.app->ren;
    float sc = t->tb.tv.s;
    const MoulinAnalysisShown *o = &t->an;
    static const float fade[MOULIN_AN_TURNS] = {1.0f, 0.8f, 0.62f, 0.46f};
    for (int i = o->n - 1; i >= 0; i--) {
        Action a = o->ply[i];
        int k = o->turn[i] - 1, side = o->side[i];
        float al = fade[k < 0 ? 0 : k >= MOULIN_AN_TURNS ? MOULIN_AN_TURNS - 1 : k];
        Rgba fill = side_fill(side, al), edge = side_edge(side, al);
        float bx, by;
        if (a >= MOULIN_REMOVE) {
            int p = a - MOULIN_REMOVE;
            float x = point_x(p), y = point_y(p);
            for (int pass = 0; pass < 2; pass++)
                for (int d = 0; d < 2; d++)
                    draw_quad(r, PX(t, x), PY(t, y), (pass ? 62.0f : 68.0f) * sc,
                              (pass ? 11.0f : 17.0f) * sc, d ? 45.0f : -45.0f,
                              pass ? rgba(214, 64, 52, (Uint8)(255 * al)) : edge);
            bx = x + R * 0.78f, by = y - R * 0.78f;
            fill = rgba(214, 64, 52, (Uint8)(255 * al));
            edge = side_edge(side, al);
        } else if (a >= MOULIN_MOVE) {
            int from = (a - MOULIN_MOVE) / MOULIN_POINTS, to = (a - MOULIN_MOVE) % MOULIN_POINTS;
            move_arrow(t, from, to, fill, edge);
            /* The number beside the shaft's middle, on its left: a piece going back and
             * forth keeps its two numbers apart. */
            float dx = point_x(to) - point_x(from), dy = point_y(to) - point_y(from);
            float len = hypotf(dx, dy);
            len = len > 0 ? len : 1;
            bx = (point_x(from) + point_x(to)) / 2 + dy / len * 26;
            by = (point_y(from) + point_y(to)) / 2 - dx / len * 26;
        } else {
            int p = a - MOULIN_PLACE;
            float x = point_x(p), y = point_y(p), rr = R * 0.78f;
            SDL_FRect ring = unit_rect(t, x, y, 2 * rr + 8, 2 * rr + 8);
            draw_rounded_outline(r, ring, ring.w / 2, 13 * sc, edge);
            ring = unit_rect(t, x, y, 2 * rr + 1, 2 * rr + 1);
            draw_rounded_outline(r, ring, ring.w / 2, 7 * sc, fill);
            disc(t, x, y, 6, fill);
            bx = x + rr * 0.9f, by = y - rr * 0.9f;
        }
        badge(t, bx, by, o->turn[i], fill, edge);
    }
}

/* The bar beside the board: White's share against Black's, the player's colour at the
 * bottom; the advantage written at the end of the side ahead ("+1.3", a forced win "Wins in
 * 5", a finished game "Won"). Dimmed while the next answer is awaited. */
static void draw_bar(Mou *t, bool fresh)
{
    App *a = t->tb.app;
    SDL_Renderer *r = a->ren;
    float sc = t->tb.tv.s;
    const MoulinAnalysisShown *o = &t->an;
    int me = human(t), top_side = 1 - me;
    float al = fresh ? 1.0f : 0.55f;
    float h = EVAL_BOTTOM - EVAL_TOP;
    SDL_FRect frame = unit_rect(t, EVAL_X, (EVAL_TOP + EVAL_BOTTOM) / 2, EVAL_W + 8, h + 8);
    draw_rounded(r, frame, 8 * sc, rgba(0, 0, 0, (Uint8)(110 * al)));
    draw_rounded_outline(r, frame, 8 * sc, fmaxf(1, 1.5f * sc),
                         rgba(246, 241, 226, (Uint8)(110 * al)));
    float mine = me == 0 ? t->an_bar : 1 - t->an_bar; /* the player's share, at the bottom */
    if (!t->an_any)
        mine = 0.5f;
    float split = EVAL_BOTTOM - h * mine;
    SDL_FRect up = unit_rect(t, EVAL_X, (EVAL_TOP + split) / 2, EVAL_W, split - EVAL_TOP);
    SDL_FRect down = unit_rect(t, EVAL_X, (split + EVAL_BOTTOM) / 2, EVAL_W, EVAL_BOTTOM - split);
    if (up.h > 0.5f)
        draw_rect(r, up, side_fill(top_side, al));
    if (down.h > 0.5f)
        draw_rect(r, down, side_fill(me, al));
    /* The middle: even. */
    draw_rect(r, unit_rect(t, EVAL_X, (EVAL_TOP + EVAL_BOTTOM) / 2, EVAL_W + 8, 3),
              rgba(214, 64, 52, (Uint8)(200 * al)));

    /* The words at the end of the side ahead. */
    char s[64];
    int ahead = o->white > 0.005 ? 0 : o->white < -0.005 ? 1 : -1;
    double adv = o->white < 0 ? -o->white : o->white;
    if (!t->an_any)
        snprintf(s, sizeof s, "\xE2\x80\xA6");
    else if (o->over && ahead < 0)
        snprintf(s, sizeof s, "%s", _("Draw"));
    else if (o->over)
        snprintf(s, sizeof s, "%s", C_("analysis bar", "Won"));
    else if (o->mate && ahead >= 0)
        snprintf(s, sizeof s, P_("Wins in %d", "Wins in %d", o->mate_turns), o->mate_turns);
    else
        snprintf(s, sizeof s, "%s%.1f", ahead >= 0 ? "+" : "", adv);
    if (!fresh && t->an_job)
        snprintf(s + strlen(s), sizeof s - strlen(s), " \xE2\x80\xA6");
    int side = ahead < 0 ? me : ahead;
    bool at_top = side == top_side;
    int fs = (int)lroundf(20 * sc), tw, th;
    text_measure(a->text, s, fs, true, &tw, &th);
    float cw = fmaxf(tw + 20 * sc, 60 * sc), ch = 34 * sc;
    float cy = at_top ? PY(t, EVAL_TOP - 26) : PY(t, EVAL_BOTTOM + 26);
    SDL_FRect chip = {PX(t, EVAL_X) - cw / 2, cy - ch / 2, cw, ch};
    draw_rounded(r, chip, ch / 2, side_fill(side, al));
    draw_rounded_outline(r, chip, ch / 2, fmaxf(1, 1.5f * sc), side_edge(side, al * 0.8f));
    text_draw(a->text, s, fs, true, side_edge(side, al), chip.x + cw / 2, cy,
              TEXT_CENTER | TEXT_MIDDLE);
}

/* The analysis of the position shown: the bar, and the line when it is this position's. */
static void draw_analysis(Mou *t)
{
    const Match *m = shown_match(t);
    if (!t->an_on || !m)
        return;
    bool fresh = t->an.ready && t->an_have && !t->an_job &&
                 memcmp(&t->an_pos, m->state, sizeof t->an_pos) == 0;
    if (fresh && !t->dragging)
        draw_line(t);
    draw_bar(t, fresh);
}

/* The top bar (score and level), the phase above the board, the line under it. */
static void draw_hud(Mou *t)
{
    App *a = t->tb.app;
    const MoulinState *s = st(t);
    float sc = t->tb.tv.s;
    char line[200];
    snprintf(line, sizeof line, _("Won %d  \xC2\xB7  Drawn %d  \xC2\xB7  Lost %d  \xC2\xB7  %s"),
             t->tb.score.wins, t->tb.score.draws, t->tb.score.losses,
             table_level_name(table_level(&t->tb)));
    table_top_bar(a, _("Moulin"), line);
    int who = match_is_over(t->tb.m) ? human(t) : s->side;
    snprintf(line, sizeof line, "%s",
             s->hand[who]             ? _("Placing")
             : moulin_can_fly(s, who) ? _("Flying")
                                      : _("Moving"));
    int fs = (int)lroundf(22 * sc), tw, th;
    text_measure(a->text, line, fs, true, &tw, &th);
    SDL_FRect chip = {PX(t, BX) - (tw + 40 * sc) / 2, PY(t, BY - BOARD / 2 - 42), tw + 40 * sc,
                      40 * sc};
    draw_rounded(a->ren, chip, chip.h / 2, rgba(246, 241, 226, 230));
    text_draw(a->text, line, fs, true, COL_INK, chip.x + chip.w / 2, chip.y + chip.h / 2,
              TEXT_CENTER | TEXT_MIDDLE);
    status_text(t, line, sizeof line);
    if (line[0])
        text_draw(a->text, line, (int)lroundf(22 * sc), false, COL_TEXT, PX(t, BX),
                  PY(t, BY + BOARD / 2 + 30), TEXT_CENTER | TEXT_MIDDLE);
}

static void draw(Table *tb, SDL_Renderer *r)
{
    Mou *t = (Mou *)tb;
    const MoulinState *s = st(t);
    float sc = tb->tv.s;
    uint32_t both = s->bb[0] | s->bb[1];
    draw_board(t);

    /* The last turn: where the piece came from, and a removed piece's point. */
    float pulse = 0.5f + 0.5f * sinf(tb->time * 5.0f);
    if (t->last_from >= 0 && !(both >> t->last_from & 1))
        disc(t, point_x(t->last_from), point_y(t->last_from), 22, rgba(246, 241, 226, 70));
    if (t->last_removed >= 0 && !(both >> t->last_removed & 1)) {
        /* A piece taken: a red ring and cross where it stood, bigger while it pulses. */
        float x = point_x(t->last_removed), y = point_y(t->last_removed);
        float grow = 1 + 0.5f * t->taken, rr = R * 0.9f * grow;
        disc(t, x, y, rr, rgba(226, 92, 80, (Uint8)(110 + 100 * t->taken)));
        disc(t, x, y, rr - 5, rgba(40, 28, 24, 200));
        for (int k = 0; k < 2; k++)
            draw_quad(r, PX(t, x), PY(t, y), 2 * rr * 0.8f * sc, 7 * sc, k ? 45.0f : -45.0f,
                      rgba(236, 96, 84, 240));
    }

    /* A mill just formed: its line glows. */
    for (int l = 0; l < MOULIN_MILLS && t->flash > 0.01f; l++) {
        if (!(t->flash_lines >> l & 1))
            continue;
        int pts[3], n = 0;
        for (int p = 0; p < MOULIN_POINTS; p++)
            if (moulin_mill_mask[l] >> p & 1)
                pts[n++] = p;
        float k = t->flash * (0.7f + 0.3f * sinf(tb->time * 18));
        line_between(t, pts[0], pts[2], 34, 0, rgba(255, 230, 140, (Uint8)(200 * k)));
        for (int i = 0; i < 3; i++) {
            draw_glow(r, PX(t, point_x(pts[i])), PY(t, point_y(pts[i])), (R + 46) * sc,
                      rgba(255, 236, 150, (Uint8)(255 * k)));
            disc(t, point_x(pts[i]), point_y(pts[i]), R + 9, rgba(236, 196, 96, (Uint8)(255 * k)));
        }
    }

    bool mine = table_player_can_act(tb);
    int me = human(t);
    uint32_t rem = mine && s->pending ? moulin_removable(s->bb[1 - me]) : 0;
    /* Removable pieces during your removal. */
    for (int p = 0; p < MOULIN_POINTS; p++)
        if (rem >> p & 1)
            disc(t, point_x(p), point_y(p), R + 9, rgba(226, 92, 80, (Uint8)(150 + 90 * pulse)));
    /* Your legal targets: empty points while placing, or where the chosen piece goes. */
    for (int p = 0; p < MOULIN_POINTS && mine && !s->pending; p++) {
        bool target = s->hand[me] ? !(both >> p & 1) : is_target(t, t->selected, p);
        bool hot = p == t->hover || p == t->cursor;
        if (!target || (s->hand[me] && !hot))
            continue; /* while placing, only the point under the pointer */
        draw_glow(r, PX(t, point_x(p)), PY(t, point_y(p)), 34 * sc,
                  rgba(255, 226, 140, hot ? 230 : 150));
        disc(t, point_x(p), point_y(p), hot ? 15 : 11, rgba(255, 226, 140, 255));
    }
    /* The chosen piece's ring, the last moved piece's ring, the keyboard cursor. */
    int sel = t->selected >= 0 ? piece_on(t, t->selected) : -1;
    if (sel >= 0)
        disc(t, t->pc[sel].x, t->pc[sel].y - t->pc[sel].lift * 7, R + 8, rgba(236, 196, 96, 255));
    if (t->last_to >= 0 && t->flash <= 0.01f && both >> t->last_to & 1 && t->last_to != t->selected)
        disc(t, point_x(t->last_to), point_y(t->last_to), R + 6, rgba(120, 200, 255, 170));
    if (t->cursor >= 0)
        disc(t, point_x(t->cursor), point_y(t->cursor), R + 12, rgba(255, 255, 255, 120));

    /* The stacks beside the board, then the pieces (the dragged one last). */
    draw_panel(t, 0);
    draw_panel(t, 1);
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < N_SPRITES; i++) {
            const Piece *q = &t->pc[i];
            bool dragged = t->dragging && i == t->drag_piece;
            int want = dragged ? 2 : q->status == SP_HAND ? 0 : 1;
            if (want == pass && !(q->status == SP_GONE && q->alpha <= 0.01f))
                draw_piece(t, q);
        }
    /* A pointer over a removable piece: mark it. */
    if (t->hover >= 0 && rem >> t->hover & 1)
        draw_glow(r, PX(t, point_x(t->hover)), PY(t, point_y(t->hover)), (R + 10) * sc,
                  rgba(255, 120, 100, 140));

    draw_analysis(t);
    draw_hud(t);
    bool can = !pacer_demo(&tb->pace) && tb->m->history_len > 0;
    table_button(tb, BTN_TAKEBACK, _("Take back"), can ? 0 : BTN_DISABLED);
}

static const char *rules_text(void)
{
    static char text[8000];
    snprintf(
        text, sizeof text, "%s\n\n%s",
        _("# The aim\n"
          "Take your opponent's pieces until only two are left, or shut them in so that "
          "they cannot move.\n\n"
          "# The board\n"
          "Three squares, one inside the other, joined at the middle of their sides: 24 "
          "points and the lines between them. Three pieces of one colour in a row along a "
          "line form a mill.\n\n"
          "# Placing\n"
          "Each player has 9 pieces; White begins. In turn, each player puts a piece on an "
          "empty point until all 18 are placed.\n\n"
          "# Moving\n"
          "Then, in turn, each player moves one piece along a line to the next empty point.\n\n"
          "# Flying\n"
          "A player left with three pieces may move a piece to any empty point (the "
          "\"flying\" option, on by default).\n\n"
          "# Mills\n"
          "Closing a new mill, by placing or moving a piece, lets you take one of your "
          "opponent's pieces; two mills at once still take one. You may not take a piece "
          "that is in a mill, unless all of them are. Opening a mill and closing it again "
          "counts as a new mill.\n\n"
          "# The end\n"
          "You lose when you are down to two pieces, or when it is your turn and you cannot "
          "move. The game is drawn when the same position comes up for the third time with "
          "the same player to move, or after 100 moves in a row without a piece placed or "
          "taken (the N-move option; 0 turns it off). A move that closes a mill takes a "
          "piece in the same turn, so it never counts as one of those moves, even as the "
          "100th: the piece taken starts the count again and play goes on.\n\n"
          "# At the table\n"
          "Click an empty point to place a piece. To move, click one of your pieces and then "
          "where it goes, or drag it there; the points it can reach light up. After a mill, "
          "click one of the highlighted pieces to take it. Take back undoes your last turn "
          "and the computer's answer (also Backspace, U or Ctrl+Z). The arrow keys move a "
          "cursor over the points; Enter or Space acts there. You play White and Black in "
          "turn, game after game. Every move is saved, so you can close the window at any "
          "time."),
        _("# Analysis\n"
          "With \"Show analysis\" on (Options), the computer studies the position on your "
          "turn, as its Hard level would, and shows what it found. The bar beside the "
          "board is the balance: your colour at the bottom, the advantage in pieces "
          "written at the end of the side ahead (\"Wins in 5\": a win by force in five "
          "turns). On the board, the first four turns of the line it expects: a ring "
          "where a piece is placed, an arrow where one moves, a cross on a piece taken, "
          "numbered in order and in the colour of the side that plays them. It waits "
          "while the computer thinks, so that it never slows its play, and shows the "
          "result of a finished game. It never moves for you, and it does not count as "
          "a hint in the statistics."));
    return text;
}

static void draw_preview(App *a, SDL_FRect area)
{
    SDL_Renderer *r = a->ren;
    float side = fminf(area.w, area.h) * 0.86f;
    float cx = area.x + area.w / 2, cy = area.y + area.h / 2, st_ = side / 7.2f;
    SDL_FRect b = {cx - side / 2, cy - side / 2, side, side};
    draw_shadow(r, b, side * 0.03f, side * 0.06f, rgba(0, 0, 0, 120));
    draw_rounded(r, b, side * 0.03f, rgba(196, 146, 90, 255));
    float th = fmaxf(1.5f, side * 0.012f);
    for (int k = 0; k < 3; k++) {
        float h = (3 - k) * st_;
        draw_rect(r, (SDL_FRect){cx - h, cy - h - th / 2, 2 * h, th}, rgba(74, 46, 24, 255));
        draw_rect(r, (SDL_FRect){cx - h, cy + h - th / 2, 2 * h, th}, rgba(74, 46, 24, 255));
        draw_rect(r, (SDL_FRect){cx - h - th / 2, cy - h, th, 2 * h}, rgba(74, 46, 24, 255));
        draw_rect(r, (SDL_FRect){cx + h - th / 2, cy - h, th, 2 * h}, rgba(74, 46, 24, 255));
    }
    draw_rect(r, (SDL_FRect){cx - th / 2, cy - 3 * st_, th, 2 * st_}, rgba(74, 46, 24, 255));
    draw_rect(r, (SDL_FRect){cx - th / 2, cy + st_, th, 2 * st_}, rgba(74, 46, 24, 255));
    draw_rect(r, (SDL_FRect){cx - 3 * st_, cy - th / 2, 2 * st_, th}, rgba(74, 46, 24, 255));
    draw_rect(r, (SDL_FRect){cx + st_, cy - th / 2, 2 * st_, th}, rgba(74, 46, 24, 255));
    static const int white[] = {0, 1, 2, 10, 19}, black[] = {4, 13, 16, 21};
    for (int i = 0; i < 9; i++) {
        int p = i < 5 ? white[i] : black[i - 5];
        float x = cx + (grid[p][0] - 3) * st_, y = cy + (grid[p][1] - 3) * st_;
        float pr = st_ * 0.36f;
        draw_circle(r, x + pr * 0.1f, y + pr * 0.25f, pr, rgba(0, 0, 0, 110));
        draw_circle(r, x, y, pr, i < 5 ? rgba(240, 232, 212, 255) : rgba(40, 36, 34, 255));
    }
}

static bool locate(Table *tb, const char *what, SDL_FRect *out)
{
    Mou *t = (Mou *)tb;
    int p;
    if (sscanf(what, "point %d", &p) == 1 && p >= 0 && p < MOULIN_POINTS)
        *out = unit_rect(t, point_x(p), point_y(p), 2 * R, 2 * R);
    else if (strcmp(what, "takeback") == 0)
        *out = tb->btn[BTN_TAKEBACK];
    else if (strcmp(what, "board") == 0)
        *out = unit_rect(t, BX, BY, BOARD, BOARD);
    else if (strcmp(what, "taken") == 0 && t->last_removed >= 0 && /* the mark of a piece taken */
             !((st(t)->bb[0] | st(t)->bb[1]) >> t->last_removed & 1))
        *out = unit_rect(t, point_x(t->last_removed), point_y(t->last_removed), 1.8f * R, 1.8f * R);
    else
        return false;
    return true;
}

/* A hint's highlight: the point placed on or taken, or a move's two points. */
static int hint_rects(Table *tb, Action a, SDL_FRect out[2])
{
    Mou *t = (Mou *)tb;
    int from = -1, to;
    if (a >= MOULIN_REMOVE)
        to = a - MOULIN_REMOVE;
    else if (a >= MOULIN_MOVE)
        from = (a - MOULIN_MOVE) / MOULIN_POINTS, to = (a - MOULIN_MOVE) % MOULIN_POINTS;
    else
        to = a - MOULIN_PLACE;
    if (to < 0 || to >= MOULIN_POINTS)
        return 0;
    int n = 0;
    if (from >= 0)
        out[n++] = unit_rect(t, point_x(from), point_y(from), 2 * R, 2 * R);
    out[n++] = unit_rect(t, point_x(to), point_y(to), 2 * R, 2 * R);
    return n;
}

static void update(Table *tb, float dt)
{
    (void)dt;
    analysis_update((Mou *)tb);
}

/* Another position on the table (the review): no selection, no flash of a mill made
 * elsewhere; the last turn's marks are those of the position shown. */
static void quiet(Table *tb)
{
    Mou *t = (Mou *)tb;
    clear_turn(t);
    mark_last(t);
}

/* Settings changed: the pieces where they are, the analysis turned on or off. */
static void settings_changed(Table *tb)
{
    Mou *t = (Mou *)tb;
    sync(tb, true);
    t->an_on = analysis_option(tb->app);
    if (!t->an_on)
        analysis_forget(t);
}

/* Moulin's table choices on the Options page. */
static int table_options(App *a, SceneOption *out)
{
    memset(out, 0, sizeof *out);
    out[0] = (SceneOption){.label = _("Show analysis"),
                           .help = _("Evaluation and best line on your turn; not a hint."),
                           .choices = {_("Off"), _("On")},
                           .n_choices = 2,
                           .value = analysis_option(a)};
    return 1;
}

static void set_table_option(App *a, int i, int value, const char *path)
{
    (void)path;
    if (i == 0)
        kv_set_int(&a->kv, ANALYSIS_KEY, value != 0);
    app_save_settings(a);
}

bool moulin_scene_analysis(const Table *tb, MoulinAnalysisShown *out)
{
    memset(out, 0, sizeof *out);
    if (!tb || tb->g->rules != &moulin_rules)
        return false;
    const Mou *t = (const Mou *)tb;
    const Match *m = shown_match(t);
    out->on = t->an_on;
    bool current = m && t->an_have && memcmp(&t->an_pos, m->state, sizeof t->an_pos) == 0;
    if (t->an_on && current && t->an.ready && !t->an_job)
        *out = t->an;
    out->on = t->an_on;
    out->running = t->an_job != NULL && current;
    return true;
}

void moulin_scene_analysis_clock(Table *tb, int time_ms)
{
    Mou *t = (Mou *)tb;
    if (!tb || tb->g->rules != &moulin_rules || t->an_clock == time_ms)
        return;
    t->an_clock = time_ms;
    analysis_stop(t); /* a search under the other clock starts again */
    t->an_have = false;
    t->an.ready = false;
}

static const TableGame moulin_table = {
    .id = "moulin",
    .rules = &moulin_rules,
    .size = sizeof(Mou),
    .felt_centre = {34, 110, 64, 255},
    .felt_edge = {9, 46, 27, 255},
    .resume_notice = N_("The saved Moulin game could not be resumed (%s); a new game starts."),
    .not_this_game = N_("not a Moulin game"),
    .over_message = N_("The game is over: start a new one."),
    .next_label = N_("New game"),
    .counter_key = "games",
    .banner = {BX, BY - 10, 720, 250, 0.15f, 0.23f, 0.49f, 54, 21, 0.79f}, /* buttons inside */
    .seats = seats,
    .enter = enter,
    .leave = leave,
    .reset = reset,
    .layout = layout,
    .sync = sync,
    .on_action = on_action,
    .chance_pause = chance_pause,
    .demo_pause = 0.5f,
    .bot_pause_fn = bot_pause,
    .result = result,
    .uncounted = uncounted,
    .banner_delay = 0.6f,
    .draw = draw,
    .toast_x = BX,
    .toast_y = BY + BOARD / 2 - 40,
    .event = event,
    .cancel = cancel,
    .n_buttons = BTN_COUNT,
    .shown = shown,
    .press = press,
    .busy = busy,
    .update = update,
    .settings_changed = settings_changed,
    .locate = locate,
    .hint_rects = hint_rects,
    .review_every_action = true,
    .quiet = quiet,
};

const Scene moulin_scene =
    TABLE_SCENE("moulin", moulin_table, .rules_text = rules_text, .draw_preview = draw_preview,
                .table_options = table_options, .set_table_option = set_table_option);
