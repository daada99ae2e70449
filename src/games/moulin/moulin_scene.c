/* The Moulin table: a wooden board, you against a bot, one match per game.
 *
 * Everything is laid out in table units (a 1600 x 1000 virtual table scaled to the
 * window). Each of the 18 pieces is a sprite; after every applied action the scene
 * compares the sprites with the match state and starts the moves that bring them there:
 * a placed piece slides from its stack beside the board, a moved one slides (or flies)
 * between points, a removed one fades out. Resuming, taking back and resizing need
 * nothing special.
 *
 * Input: click a point to place; click a piece then a point to move, or drag the piece;
 * during a removal, click a highlighted piece. Keys: arrows move a cursor over the
 * points and Enter or Space acts there; Backspace, U or Ctrl+Z takes back your last
 * turn; Escape drops the selection. */
#include "moulin_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "engine/ai/bot.h"
#include "moulin.h"
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

/* Grid position (column, row, 0..6) of each point. */
static const signed char grid[MOULIN_POINTS][2] = {
    {0, 0}, {3, 0}, {6, 0}, {1, 1}, {3, 1}, {5, 1}, {2, 2}, {3, 2}, {4, 2}, {0, 3}, {1, 3}, {2, 3},
    {4, 3}, {5, 3}, {6, 3}, {2, 4}, {3, 4}, {4, 4}, {1, 5}, {3, 5}, {5, 5}, {0, 6}, {3, 6}, {6, 6},
};

enum { SP_HAND, SP_BOARD, SP_GONE };
enum { N_SPRITES = 2 * MOULIN_PIECES };
enum { BTN_NONE = -1, BTN_TAKEBACK, BTN_NEXT, BTN_COUNT };

typedef struct {
    float x, y, alpha, lift;
    int point;  /* on the board: its point */
    int status; /* SP_HAND, SP_BOARD, SP_GONE */
    int color;  /* seat */
    int slot;   /* place in its stack while in hand */
} Piece;

typedef struct {
    App *app;
    Match *m;
    Anim anim;
    uint64_t session_seed;
    int games;
    int human; /* the seat the person plays */
    TableScore score;

    Piece pc[N_SPRITES];
    bool placed; /* sprites have been put where the state says */

    /* Layout: pixels = o + units * s. */
    TableView tv;
    SDL_Texture *wood;
    int ww;
    SDL_FRect btn[BTN_COUNT];
    int hover_btn, pressed_btn;

    /* Input. */
    int selected; /* a point holding the piece chosen to move, or -1 */
    int hover;    /* the point under the pointer, or -1 */
    int cursor;   /* keyboard cursor point, or -1 when hidden */
    bool drag_armed, dragging;
    int drag_piece;
    float press_x, press_y;

    /* The last turn, for its marks. */
    int last_from, last_to, last_removed, last_player;
    uint32_t flash_lines; /* mills just formed (bit per mill) */
    float flash;          /* 1 .. 0 */

    /* Pacing. */
    BotPacer pace; /* the bot's move in progress */

    /* Game end. */
    bool over;
    float banner;
    int result;
    char title[64], reason[200];

    TableToast toast;
    Rng fx;
    float time;
} Mou;

/* ---- Units and pixels ---- */

static float point_x(int p)
{
    return BX + (grid[p][0] - 3) * STEP;
}
static float point_y(int p)
{
    return BY + (grid[p][1] - 3) * STEP;
}

static float stack_x(int color)
{
    return color == 0 ? STACK_X0 : STACK_X1;
}
static float stack_y(int slot)
{
    return STACK_Y - (slot - 4) * STACK_DY;
}

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

static const MoulinState *st(const Mou *t)
{
    return t->m->state;
}

static bool human_to_act(const Mou *t)
{
    return t->m && !pacer_demo(&t->pace) && match_current_player(t->m) == t->human &&
           !t->m->seats[t->human].bot;
}

/* ---- Effects ---- */

static void sound_cb(void *user, int id)
{
    app_sound(((Mou *)user)->app, (SoundId)id);
}

static void toast(Mou *t, const char *msg)
{
    table_toast(&t->toast, msg, 2.6f);
}

/* ---- Keeping the sprites in step with the match ---- */

static void restack(Mou *t, bool animate)
{
    for (int c = 0; c < MOULIN_SEATS; c++) {
        int k = 0;
        for (int i = 0; i < N_SPRITES; i++) {
            Piece *q = &t->pc[i];
            if (q->color != c || q->status != SP_HAND)
                continue;
            q->slot = k++;
            if (animate) {
                anim_to(&t->anim, &q->x, stack_x(c), 0.3f, 0, EASE_OUT_CUBIC);
                anim_to(&t->anim, &q->y, stack_y(q->slot), 0.3f, 0, EASE_OUT_CUBIC);
            } else {
                q->x = stack_x(c);
                q->y = stack_y(q->slot);
            }
        }
    }
}

static void reset_pieces(Mou *t)
{
    anim_forget(&t->anim, t->pc, t->pc + N_SPRITES);
    for (int i = 0; i < N_SPRITES; i++)
        t->pc[i] = (Piece){0, 0, 1, 0, -1, SP_HAND, i / MOULIN_PIECES, 0};
    restack(t, false);
}

/* Moves the sprites to where the state has the pieces: keeps what is in place, pairs a
 * piece that left a point with the point newly taken by its colour (a move), fills the
 * other new points from the stack (a placement) or from the removed pieces (a take-back
 * of a removal), and sends the rest off the board (fade) or back to the stack. */
static void sync(Mou *t, bool animate)
{
    const MoulinState *s = st(t);
    float k = animate ? 1.0f : 0.0f;
    for (int c = 0; c < MOULIN_SEATS; c++) {
        uint32_t want = s->bb[c], have = 0;
        int leaving[N_SPRITES], nl = 0;
        for (int i = 0; i < N_SPRITES; i++) {
            Piece *q = &t->pc[i];
            if (q->color != c || q->status != SP_BOARD)
                continue;
            if (want >> q->point & 1 && !(have >> q->point & 1))
                have |= 1u << q->point;
            else
                leaving[nl++] = i;
        }
        uint32_t arrive = want & ~have;
        int li = 0;
        for (uint32_t b = arrive; b; b &= b - 1) {
            int p = __builtin_ctz(b);
            Piece *q = NULL;
            if (li < nl) {
                q = &t->pc[leaving[li++]]; /* moved */
            } else {
                int hand_now = 0;
                for (int i = 0; i < N_SPRITES; i++)
                    hand_now += t->pc[i].color == c && t->pc[i].status == SP_HAND;
                /* From the stack when it holds more than the state says, else a removed
                 * piece comes back (a take-back), else any spare one. */
                for (int pass = 0; pass < 3 && !q; pass++)
                    for (int i = N_SPRITES - 1; i >= 0 && !q; i--) {
                        Piece *r = &t->pc[i];
                        if (r->color != c)
                            continue;
                        if (pass == 0 && r->status == SP_HAND && hand_now > s->hand[c])
                            q = r;
                        else if (pass == 1 && r->status == SP_GONE)
                            q = r;
                        else if (pass == 2 && r->status != SP_BOARD)
                            q = r;
                    }
                if (!q)
                    continue;
                if (q->status == SP_GONE) {
                    q->x = point_x(p);
                    q->y = point_y(p);
                    q->alpha = 0;
                }
                if (animate)
                    anim_call(&t->anim, 0.0f, sound_cb, t, SND_SLIDE);
            }
            q->status = SP_BOARD;
            q->point = p;
            anim_to(&t->anim, &q->x, point_x(p), 0.38f * k, 0, EASE_OUT_CUBIC);
            anim_to(&t->anim, &q->y, point_y(p), 0.38f * k, 0, EASE_OUT_CUBIC);
            anim_to(&t->anim, &q->alpha, 1, 0.3f * k, 0, EASE_OUT_QUAD);
            anim_to(&t->anim, &q->lift, 0, 0.2f * k, 0.18f * k, EASE_OUT_QUAD);
        }
        /* Pieces left over: removed from the board, or (take-back) back in the stack. */
        int hand_now = 0;
        for (int i = 0; i < N_SPRITES; i++)
            hand_now += t->pc[i].color == c && t->pc[i].status == SP_HAND;
        for (; li < nl; li++) {
            Piece *q = &t->pc[leaving[li]];
            if (hand_now < s->hand[c]) {
                q->status = SP_HAND;
                q->alpha = 1;
                hand_now++;
            } else {
                q->status = SP_GONE;
                anim_to(&t->anim, &q->lift, 1, 0.15f * k, 0, EASE_OUT_QUAD);
                anim_to(&t->anim, &q->alpha, 0, 0.55f * k, 0.1f * k, EASE_IN_QUAD);
                if (animate)
                    anim_call(&t->anim, 0.0f, sound_cb, t, SND_FLIP);
            }
        }
        /* The stack holds what the state says is in hand (a resume or a take-back). */
        while (hand_now > s->hand[c]) {
            for (int i = 0; i < N_SPRITES; i++)
                if (t->pc[i].color == c && t->pc[i].status == SP_HAND) {
                    t->pc[i].status = SP_GONE;
                    t->pc[i].alpha = 0;
                    break;
                }
            hand_now--;
        }
        while (hand_now < s->hand[c]) {
            for (int i = 0; i < N_SPRITES; i++)
                if (t->pc[i].color == c && t->pc[i].status == SP_GONE) {
                    t->pc[i].status = SP_HAND;
                    t->pc[i].alpha = 1;
                    break;
                }
            hand_now++;
        }
    }
    restack(t, animate);
    if (!animate)
        anim_finish(&t->anim);
}

/* ---- Games ---- */

static void save_session(Mou *t)
{
    Kv *kv = &t->app->kv;
    kv_set_u64(kv, "moulin.session_seed", t->session_seed);
    kv_set_int(kv, "moulin.games", t->games);
    table_score_save(&t->score, kv, "moulin");
    app_save_settings(t->app);
}

static void reset_view(Mou *t)
{
    t->over = false;
    t->banner = 0;
    t->title[0] = t->reason[0] = '\0';
    pacer_reset(&t->pace);
    t->selected = -1;
    t->dragging = t->drag_armed = false;
    t->last_from = t->last_to = t->last_removed = -1;
    t->last_player = -1;
    t->flash_lines = 0;
    t->flash = 0;
}

/* A new game; the person plays white and black in turn. */
static bool new_match(Mou *t)
{
    App *a = t->app;
    GameOptions opt;
    app_game_options(a, &moulin_rules, &opt);
    int human = t->games % 2;
    SeatSpec seats[MOULIN_SEATS];
    seats[human] = (SeatSpec){false, DIFF_MEDIUM};
    seats[1 - human] = (SeatSpec){true, a->set.difficulty};
    uint64_t seed = rng_mix(t->session_seed, (uint64_t)t->games);
    char err[256];
    Match *m = match_create(&moulin_rules, &opt, MOULIN_SEATS, seats, seed, err, sizeof err);
    if (!m) {
        app_notice(a, _("A new game could not be started: %s"), err);
        return false;
    }
    if (t->m)
        match_free(t->m);
    t->m = m;
    t->human = human;
    app_attach_match(a, m);
    t->games++;
    save_session(t);
    reset_view(t);
    reset_pieces(t);
    t->placed = true;
    return true;
}

static const char *end_reason(Mou *t)
{
    const MoulinState *s = st(t);
    int me = t->human;
    t->result = s->winner < 0 ? 0 : s->winner == me ? 1 : -1;
    switch ((MoulinEnd)s->end) {
    case MOULIN_END_FEWER_THAN_THREE:
        snprintf(t->title, sizeof t->title, "%s", t->result > 0 ? _("You win!") : _("You lose"));
        snprintf(t->reason, sizeof t->reason, "%s",
                 t->result > 0 ? _("The computer is down to two pieces.")
                               : _("You are down to two pieces."));
        break;
    case MOULIN_END_BLOCKED:
        snprintf(t->title, sizeof t->title, "%s", t->result > 0 ? _("You win!") : _("You lose"));
        snprintf(t->reason, sizeof t->reason, "%s",
                 t->result > 0 ? _("The computer's pieces are shut in: it cannot move.")
                               : _("Your pieces are shut in: you cannot move."));
        break;
    case MOULIN_END_REPETITION:
        snprintf(t->title, sizeof t->title, "%s", _("Draw"));
        snprintf(t->reason, sizeof t->reason, "%s", _("The same position came up three times."));
        break;
    case MOULIN_END_NMOVE:
    default:
        snprintf(t->title, sizeof t->title, "%s", _("Draw"));
        snprintf(t->reason, sizeof t->reason,
                 _("%d moves in a row without a piece placed or taken."), s->nmove);
        break;
    }
    return t->title;
}

static void show_banner(void *user, int arg)
{
    Mou *t = user;
    t->banner = 0;
    anim_to(&t->anim, &t->banner, 1, 0.35f, 0, EASE_OUT_BACK);
    if (arg > 0)
        app_sound(t->app, SND_WIN);
    else if (arg < 0)
        app_sound(t->app, SND_LOSE);
}

static void game_over(Mou *t, bool live)
{
    end_reason(t);
    t->over = true;
    t->selected = -1;
    if (live) {
        table_score_count(&t->score, t->result);
        save_session(t);
        Difficulty d = t->m->seats[1 - t->human].difficulty;
        stats_record(&t->app->stats, "moulin", d, t->result);
        app_save_stats(t->app);
        anim_call(&t->anim, 0.6f, show_banner, t, t->result);
    } else {
        t->banner = 1;
    }
}

/* The marks of the last turn (where a piece came from and went, a removed piece's point),
 * read from the history: after a resume or a take-back. */
static void mark_last(Mou *t)
{
    const Match *m = t->m;
    t->last_from = t->last_to = t->last_removed = -1;
    int i = m->history_len - 1;
    if (i >= 0 && m->history[i] >= MOULIN_REMOVE) {
        t->last_removed = m->history[i] - MOULIN_REMOVE;
        i--;
    }
    if (i < 0)
        return;
    Action a = m->history[i];
    if (a >= MOULIN_MOVE && a < MOULIN_MOVE + 576) {
        t->last_from = (a - MOULIN_MOVE) / MOULIN_POINTS;
        t->last_to = (a - MOULIN_MOVE) % MOULIN_POINTS;
    } else if (a >= 0 && a < MOULIN_POINTS) {
        t->last_to = a;
    }
}

/* Your last turn (your move and the removal it earned), and the bot's replies after it,
 * are undone: the match is rebuilt from its history without them. */
static void take_back(Mou *t)
{
    Match *m = t->m;
    if (!m || pacer_demo(&t->pace))
        return;
    if (match_is_over(m)) {
        toast(t, _("The game is over: start a new one."));
        return;
    }
    int j = -1;
    for (int i = m->history_len - 1; i >= 0 && j < 0; i--)
        if (m->history_player[i] == t->human)
            j = i;
    if (j < 0) {
        toast(t, _("You have no move to take back yet."));
        return;
    }
    while (j > 0 && m->history_player[j - 1] == t->human)
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
        toast(t, _("The move could not be taken back."));
        return;
    }
    app_attach_match(t->app, n);
    match_save(n, n->autosave_path, err, sizeof err);
    match_free(m); /* cancels a thinking bot */
    t->m = n;
    pacer_reset(&t->pace);
    t->selected = -1;
    t->dragging = t->drag_armed = false;
    t->flash_lines = 0;
    t->flash = 0;
    mark_last(t);
    app_sound(t->app, SND_SLIDE);
    sync(t, true);
}

/* ---- Scene functions ---- */

static void on_action(void *self, const Match *m, int player, Action a)
{
    Mou *t = self;
    (void)m;
    const MoulinState *s = st(t);
    if (a >= MOULIN_REMOVE && a < MOULIN_REMOVE + MOULIN_POINTS) {
        t->last_removed = a - MOULIN_REMOVE;
    } else {
        int to = -1;
        t->last_from = -1;
        t->last_removed = -1;
        if (a >= MOULIN_MOVE && a < MOULIN_MOVE + 576) {
            t->last_from = (a - MOULIN_MOVE) / MOULIN_POINTS;
            to = (a - MOULIN_MOVE) % MOULIN_POINTS;
        } else if (a >= 0 && a < MOULIN_POINTS) {
            to = a;
        }
        t->last_to = to;
        t->last_player = player;
        t->flash_lines = 0;
        if (to >= 0 && player >= 0) {
            for (int k = 0; k < 2; k++) {
                int l = moulin_point_mills[to][k];
                if ((s->bb[player] & moulin_mill_mask[l]) == moulin_mill_mask[l])
                    t->flash_lines |= 1u << l;
            }
            if (t->flash_lines) {
                t->flash = 1;
                anim_to(&t->anim, &t->flash, 0, 1.4f, 0.3f, EASE_IN_QUAD);
                anim_call(&t->anim, 0.3f, sound_cb, t, SND_CALL);
            }
        }
    }
    if (player == t->human)
        t->selected = -1;
    sync(t, true);
    if (match_is_over(t->m) && !t->over)
        game_over(t, true);
}

static void *enter(App *app, const Scene *sc)
{
    (void)sc;
    Mou *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->app = app;
    t->hover_btn = t->pressed_btn = BTN_NONE;
    t->hover = t->cursor = -1;
    anim_init(&t->anim, app_speed_factor(app));
    pacer_init(&t->pace, DIFF_EASY);
    Kv *kv = &app->kv;
    t->games = kv_get_int(kv, "moulin.games", 0, 0, 2000000000);
    table_score_load(&t->score, kv, "moulin");
    SavedGame saved = {
        "moulin", &moulin_rules, 0,
        _("The saved Moulin game could not be resumed (%s); a new game starts."),
        _("not a Moulin game")};
    t->m = app_resume_match(app, &saved);
    t->session_seed = app_session_seed(app, "moulin", &t->games);
    rng_seed(&t->fx, t->session_seed ^ 0xB0A4D);
    reset_view(t);
    reset_pieces(t);

    if (t->m)
        t->human = t->m->seats[0].bot && !t->m->seats[1].bot ? 1 : 0;
    if (!t->m && !new_match(t)) {
        free(t);
        return NULL;
    }
    return t;
}

static void leave(void *self)
{
    Mou *t = self;
    table_close(&t->tv, t->m);
    if (t->wood)
        SDL_DestroyTexture(t->wood);
    free(t);
}

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

static void layout(void *self, int w, int h)
{
    Mou *t = self;
    App *a = t->app;
    table_layout(&t->tv, a, w, h, rgba(34, 110, 64, 255), rgba(9, 46, 27, 255));
    int ws = (int)lroundf(BOARD * t->tv.s);
    if (!t->wood || t->ww != ws) {
        if (t->wood)
            SDL_DestroyTexture(t->wood);
        t->wood = ws > 8 ? make_wood(a->ren, ws) : NULL;
        t->ww = ws;
    }
    t->btn[BTN_TAKEBACK] = unit_rect(t, STACK_X1, BTN_Y, 230, 60);
    t->btn[BTN_NEXT] = unit_rect(t, BX, BY + 150, 260, 64);
    if (t->m && !t->placed) {
        /* First layout after a resume: pieces where they belong, no flight. */
        sync(t, false);
        mark_last(t);
        t->placed = true;
        if (match_is_over(t->m) && !t->over)
            game_over(t, false);
    }
}

static void submit(Mou *t, Action a)
{
    if (!t->m)
        return;
    int cur = match_current_player(t->m);
    const char *e;
    if (pacer_demo(&t->pace))
        e = _("The demonstration plays by itself.");
    else if (cur == PLAYER_TERMINAL)
        e = _("The game is over: start a new one.");
    else if (cur != t->human)
        e = _("Wait: it is the computer's turn.");
    else
        e = match_submit(t->m, t->human, a);
    if (e)
        toast(t, _(e));
}

static bool can_move_from(const Mou *t, int p)
{
    Action acts[RULES_MAX_ACTIONS];
    int n = moulin_rules.legal_actions(st(t), acts);
    for (int i = 0; i < n; i++)
        if (acts[i] >= MOULIN_MOVE && (acts[i] - MOULIN_MOVE) / MOULIN_POINTS == p)
            return true;
    return false;
}

static bool is_target(const Mou *t, int from, int to)
{
    return from >= 0 && rules_is_legal(&moulin_rules, st(t), MOULIN_MOVE + from * 24 + to);
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
        anim_to(&t->anim, &t->pc[i].lift, to, 0.14f, 0, EASE_OUT_QUAD);
}

static void select_point(Mou *t, int p)
{
    if (t->selected >= 0)
        lift(t, t->selected, 0);
    t->selected = p;
    if (p >= 0) {
        lift(t, p, 1);
        app_sound(t->app, SND_CLICK);
    }
}

/* A click (or Enter) on point p. */
static void act_on(Mou *t, int p)
{
    if (!t->m || p < 0)
        return;
    if (match_is_over(t->m)) {
        toast(t, _("The game is over: start a new one."));
        return;
    }
    if (!human_to_act(t)) {
        if (match_current_player(t->m) >= 0)
            toast(t, _("Wait: it is the computer's turn."));
        return;
    }
    const MoulinState *s = st(t);
    int me = t->human;
    if (s->pending) {
        submit(t, MOULIN_REMOVE + p);
        return;
    }
    if (s->hand[me]) {
        submit(t, MOULIN_PLACE + p);
        return;
    }
    if (s->bb[me] >> p & 1) {
        if (t->selected == p) {
            select_point(t, -1);
        } else if (can_move_from(t, p)) {
            select_point(t, p);
        } else {
            toast(t, _("That piece has nowhere to go."));
        }
        return;
    }
    if (t->selected < 0) {
        toast(t, (s->bb[1 - me] >> p & 1) ? _("That piece is not yours.")
                                          : _("Choose one of your pieces first."));
        return;
    }
    int from = t->selected;
    submit(t, MOULIN_MOVE + from * MOULIN_POINTS + p);
}

static int button_at(const Mou *t, float x, float y)
{
    if (t->m && match_is_over(t->m) && t->banner > 0.5f)
        return rect_has(t->btn[BTN_NEXT], x, y) ? BTN_NEXT : BTN_NONE;
    if (rect_has(t->btn[BTN_TAKEBACK], x, y))
        return BTN_TAKEBACK;
    return BTN_NONE;
}

static void next_game(Mou *t)
{
    anim_finish(&t->anim);
    if (new_match(t))
        app_sound(t->app, SND_SHUFFLE);
}

static void press(Mou *t, int b)
{
    if (b == BTN_TAKEBACK)
        take_back(t);
    else if (b == BTN_NEXT)
        next_game(t);
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

static bool event(void *self, const SDL_Event *e)
{
    Mou *t = self;
    switch (e->type) {
    case SDL_MOUSEMOTION: {
        float x = (float)e->motion.x, y = (float)e->motion.y;
        t->hover_btn = button_at(t, x, y);
        t->hover = point_at(UX(t, x), UY(t, y));
        if (t->drag_armed && !t->dragging &&
            fabsf(x - t->press_x) + fabsf(y - t->press_y) > 8 * t->app->u) {
            t->dragging = true;
            t->cursor = -1;
            app_sound(t->app, SND_SLIDE);
        }
        if (t->dragging && t->drag_piece >= 0) {
            Piece *q = &t->pc[t->drag_piece];
            anim_forget(&t->anim, q, q + 1);
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
        int b = button_at(t, x, y);
        if (b != BTN_NONE) {
            t->pressed_btn = b;
            return true;
        }
        if (t->m && match_is_over(t->m))
            return true; /* the final position stays to be looked at: New game starts one */
        int p = point_at(UX(t, x), UY(t, y));
        if (p < 0) {
            if (t->selected >= 0)
                select_point(t, -1);
            return false;
        }
        const MoulinState *s = st(t);
        bool own = s->bb[t->human] >> p & 1;
        if (human_to_act(t) && !s->pending && !s->hand[t->human] && own && can_move_from(t, p)) {
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
    case SDL_MOUSEBUTTONUP: {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        float x = (float)e->button.x, y = (float)e->button.y;
        if (t->dragging) {
            t->dragging = false;
            t->drag_armed = false;
            int to = point_at(UX(t, x), UY(t, y));
            int from = t->selected;
            if (to >= 0 && to != from && is_target(t, from, to)) {
                submit(t, MOULIN_MOVE + from * MOULIN_POINTS + to);
            } else {
                if (to >= 0 && to != from && from >= 0) {
                    /* Let the rules say why. */
                    MoulinState c = *st(t);
                    const char *why = moulin_rules.apply(&c, MOULIN_MOVE + from * 24 + to);
                    if (why)
                        toast(t, _(why));
                }
                sync(t, true); /* back to its point */
                if (t->selected >= 0)
                    lift(t, t->selected, 1);
            }
            return true;
        }
        t->drag_armed = false;
        int b = button_at(t, x, y);
        int was = t->pressed_btn;
        t->pressed_btn = BTN_NONE;
        if (b != BTN_NONE && b == was) {
            press(t, b);
            return true;
        }
        return false;
    }
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        bool over = t->m && match_is_over(t->m);
        if (k == SDLK_BACKSPACE || k == SDLK_u ||
            (k == SDLK_z && (e->key.keysym.mod & KMOD_CTRL))) {
            take_back(t);
            return true;
        }
        if (k == SDLK_ESCAPE && t->selected >= 0) {
            select_point(t, -1);
            return true;
        }
        if (over && (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE || k == SDLK_n)) {
            if (t->banner > 0.5f || app_speed_factor(t->app) <= 0)
                next_game(t);
            return true;
        }
        int dx = k == SDLK_LEFT ? -1 : k == SDLK_RIGHT ? 1 : 0;
        int dy = k == SDLK_UP ? -1 : k == SDLK_DOWN ? 1 : 0;
        if (dx || dy) {
            t->cursor = step_cursor(t->cursor, dx, dy);
            return true;
        }
        if ((k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) && t->cursor >= 0) {
            act_on(t, t->cursor);
            return true;
        }
        return false;
    }
    default: return false;
    }
}

/* The bot's turn, paced: once the pieces have landed and a mill has flashed, it thinks
 * (on its thread) for at least a moment that depends on the speed, then plays. */
static void drive_bot(Mou *t, float dt)
{
    float f = app_speed_factor(t->app);
    bool hold = (anim_busy(&t->anim) || t->flash > 0.35f) && f > 0;
    /* A removal follows its move quickly; a move waits a little longer. */
    float delay = (st(t)->pending ? 0.35f : 0.6f) * f;
    pacer_drive(&t->pace, t->app, t->m, hold, dt, delay, 0.5f * f);
}

static void update(void *self, float dt)
{
    Mou *t = self;
    t->time += dt;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
    anim_update(&t->anim, dt);
    table_toast_update(&t->toast, dt);
    if (!t->m)
        return;
    int guard = 0; /* the random opening, when that option is on */
    while (match_current_player(t->m) == PLAYER_CHANCE && guard++ < 8)
        if (match_apply(t->m, match_next_chance(t->m)) != NULL)
            break;
    drive_bot(t, dt);
    if (pacer_demo_next(&t->pace, t->app, match_is_over(t->m) && t->banner >= 1, dt, 1.0f))
        next_game(t);
}

/* ---- Drawing ---- */

static void disc(Mou *t, float ux, float uy, float r, Rgba c)
{
    draw_circle(t->app->ren, PX(t, ux), PY(t, uy), r * t->tv.s, c);
}

static void draw_piece(Mou *t, const Piece *q)
{
    SDL_Renderer *ren = t->app->ren;
    float al = fmaxf(0, fminf(1, q->alpha));
    if (al <= 0.01f)
        return;
    float lift = q->lift * 7;
    float x = q->x, y = q->y - lift;
    float depth = 6;
    Rgba top, side, groove, rim;
    if (q->color == 0) {
        top = rgba(240, 232, 212, 255), side = rgba(176, 164, 140, 255);
        groove = rgba(222, 212, 188, 255), rim = rgba(200, 190, 166, 255);
    } else {
        top = rgba(58, 52, 50, 255), side = rgba(16, 14, 13, 255);
        groove = rgba(44, 40, 38, 255), rim = rgba(30, 27, 26, 255);
    }
    /* Shadow on the board, further away when lifted. */
    draw_glow(ren, PX(t, q->x + 4 + lift * 0.5f), PY(t, q->y + 8 + lift * 0.9f), (R + 12) * t->tv.s,
              rgba(0, 0, 0, (Uint8)(150 * al)));
    disc(t, x, y + depth, R, rgba_alpha(side, al));
    disc(t, x, y, R, rgba_alpha(rim, al));
    disc(t, x, y, R - 3, rgba_alpha(top, al));
    disc(t, x, y, R * 0.62f, rgba_alpha(groove, al));
    disc(t, x, y, R * 0.56f, rgba_alpha(top, al));
    draw_glow(ren, PX(t, x - R * 0.32f), PY(t, y - R * 0.38f), R * 0.55f * t->tv.s,
              rgba(255, 255, 255, (Uint8)((q->color == 0 ? 70 : 45) * al)));
}

static void line_between(Mou *t, int a, int b, float thick, Rgba c)
{
    float x0 = fminf(point_x(a), point_x(b)), x1 = fmaxf(point_x(a), point_x(b));
    float y0 = fminf(point_y(a), point_y(b)), y1 = fmaxf(point_y(a), point_y(b));
    SDL_FRect r = {PX(t, x0 - thick / 2), PY(t, y0 - thick / 2), (x1 - x0 + thick) * t->tv.s,
                   (y1 - y0 + thick) * t->tv.s};
    draw_rect(t->app->ren, r, c);
}

/* The drawn lines: three squares and the four joining lines, engraved in the wood. */
static void draw_board(Mou *t)
{
    SDL_Renderer *ren = t->app->ren;
    SDL_FRect b = unit_rect(t, BX, BY, BOARD, BOARD);
    draw_shadow(ren, b, 10 * t->tv.s, 34 * t->tv.s, rgba(0, 0, 0, 150));
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
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < 32; i++) {
            if (pass == 0) { /* the lit lower edge of the groove */
                float o = 2.5f;
                float x0 = fminf(point_x(seg[i][0]), point_x(seg[i][1])),
                      x1 = fmaxf(point_x(seg[i][0]), point_x(seg[i][1]));
                float y0 = fminf(point_y(seg[i][0]), point_y(seg[i][1])),
                      y1 = fmaxf(point_y(seg[i][0]), point_y(seg[i][1]));
                SDL_FRect r = {PX(t, x0 - 4 + o), PY(t, y0 - 4 + o), (x1 - x0 + 8) * t->tv.s,
                               (y1 - y0 + 8) * t->tv.s};
                draw_rect(ren, r, rgba(236, 196, 140, 110));
            } else {
                line_between(t, seg[i][0], seg[i][1], 8, rgba(74, 46, 24, 235));
            }
        }
    for (int p = 0; p < MOULIN_POINTS; p++) {
        disc(t, point_x(p) + 1.5f, point_y(p) + 1.5f, 14, rgba(236, 196, 140, 110));
        disc(t, point_x(p), point_y(p), 14, rgba(74, 46, 24, 240));
        disc(t, point_x(p), point_y(p), 7, rgba(120, 80, 44, 255));
    }
}

static void draw_panel(Mou *t, int color)
{
    App *a = t->app;
    const MoulinState *s = st(t);
    bool you = color == t->human;
    bool active = !match_is_over(t->m) && match_current_player(t->m) == color;
    float cx = stack_x(color);
    SDL_FRect p = unit_rect(t, cx, 560, 250, 560);
    draw_rounded(a->ren, p, 22 * t->tv.s, rgba(0, 0, 0, active ? 78 : 52));
    if (active)
        draw_rounded_outline(a->ren, p, 22 * t->tv.s, fmaxf(1.5f, 2.5f * t->tv.s),
                             rgba(236, 196, 96, 190));
    char name[64];
    snprintf(name, sizeof name, "%s", you ? _("You") : _("Computer"));
    text_draw(a->text, name, (int)lroundf(28 * t->tv.s), true, active ? COL_GOLD : COL_TEXT, PX(t, cx),
              PY(t, 316), TEXT_CENTER | TEXT_MIDDLE);
    text_draw(a->text, color == 0 ? _("White") : _("Black"), (int)lroundf(19 * t->tv.s), false,
              COL_DIM, PX(t, cx), PY(t, 350), TEXT_CENTER | TEXT_MIDDLE);
    char line[96];
    if (s->hand[color])
        snprintf(line, sizeof line, P_("%d piece to place", "%d pieces to place", s->hand[color]),
                 s->hand[color]);
    else
        snprintf(line, sizeof line, "%s", _("All placed"));
    text_draw(a->text, line, (int)lroundf(19 * t->tv.s), false, COL_TEXT, PX(t, cx), PY(t, 790),
              TEXT_CENTER | TEXT_MIDDLE);
    int on = __builtin_popcount(s->bb[color]);
    snprintf(line, sizeof line, P_("%d on the board", "%d on the board", on), on);
    text_draw(a->text, line, (int)lroundf(19 * t->tv.s), false, COL_DIM, PX(t, cx), PY(t, 820),
              TEXT_CENTER | TEXT_MIDDLE);
}

/* What to do now, in a line under the board. */
static void status_text(Mou *t, char *out, size_t size)
{
    const MoulinState *s = st(t);
    out[0] = '\0';
    if (match_is_over(t->m))
        return;
    int cur = match_current_player(t->m);
    if (cur != t->human || pacer_demo(&t->pace)) {
        if (cur >= 0 && s->pending)
            snprintf(out, size, "%s",
                     _("The computer closed a mill and takes one of your pieces..."));
        else if (cur >= 0) {
            snprintf(out, size, "%s", _("The computer is thinking"));
            table_dots(out, size, t->time);
        }
        return;
    }
    if (s->pending)
        snprintf(out, size, "%s", _("Mill! Take one of the computer's highlighted pieces."));
    else if (s->hand[t->human])
        snprintf(out, size, "%s", _("Place a piece on an empty point."));
    else if (moulin_can_fly(s, t->human))
        snprintf(out, size, "%s",
                 t->selected >= 0 ? _("Three pieces left: fly to any empty point.")
                                  : _("Three pieces left: choose one to fly anywhere."));
    else
        snprintf(out, size, "%s",
                 t->selected >= 0 ? _("Click where it goes, or drag it there.")
                                  : _("Move a piece: click it, or drag it along a line."));
}

static void draw_hud(Mou *t)
{
    App *a = t->app;
    SDL_Renderer *r = a->ren;
    Difficulty d = t->m ? t->m->seats[1 - t->human].difficulty : a->set.difficulty;
    char right[200];
    snprintf(right, sizeof right, _("Won %d  \xC2\xB7  Drawn %d  \xC2\xB7  Lost %d  \xC2\xB7  %s"),
             t->score.wins, t->score.draws, t->score.losses, table_level_name(d));
    table_top_bar(a, _("Moulin"), right);
    /* The phase, above the board. */
    const MoulinState *s = st(t);
    int who = match_is_over(t->m) ? t->human : s->side;
    const char *phase = s->hand[who]             ? _("Placing")
                        : moulin_can_fly(s, who) ? _("Flying")
                                                 : _("Moving");
    char ph[120];
    snprintf(ph, sizeof ph, "%s", phase);
    int fs = (int)lroundf(22 * t->tv.s), tw, th;
    text_measure(a->text, ph, fs, true, &tw, &th);
    SDL_FRect chip = {PX(t, BX) - (tw + 40 * t->tv.s) / 2, PY(t, BY - BOARD / 2 - 42), tw + 40 * t->tv.s,
                      40 * t->tv.s};
    draw_rounded(r, chip, chip.h / 2, rgba(246, 241, 226, 230));
    text_draw(a->text, ph, fs, true, COL_INK, chip.x + chip.w / 2, chip.y + chip.h / 2,
              TEXT_CENTER | TEXT_MIDDLE);
}

static void draw(void *self, SDL_Renderer *r)
{
    Mou *t = self;
    App *a = t->app;
    if (t->tv.felt)
        SDL_RenderCopy(r, t->tv.felt, NULL, NULL);
    if (!t->m)
        return;
    const MoulinState *s = st(t);
    draw_board(t);

    /* The last turn: where the piece came from, and a removed piece's point. */
    float pulse = 0.5f + 0.5f * sinf(t->time * 5.0f);
    if (t->last_from >= 0 && !(s->bb[0] >> t->last_from & 1) && !(s->bb[1] >> t->last_from & 1))
        disc(t, point_x(t->last_from), point_y(t->last_from), 22, rgba(246, 241, 226, 70));
    if (t->last_removed >= 0 && !((s->bb[0] | s->bb[1]) >> t->last_removed & 1))
        disc(t, point_x(t->last_removed), point_y(t->last_removed), 20, rgba(226, 92, 80, 90));

    /* A mill just formed: its line glows. */
    if (t->flash > 0.01f)
        for (int l = 0; l < MOULIN_MILLS; l++) {
            if (!(t->flash_lines >> l & 1))
                continue;
            int pts[3], n = 0;
            for (int p = 0; p < MOULIN_POINTS; p++)
                if (moulin_mill_mask[l] >> p & 1)
                    pts[n++] = p;
            float k = t->flash * (0.7f + 0.3f * sinf(t->time * 18));
            line_between(t, pts[0], pts[2], 34, rgba(255, 230, 140, (Uint8)(200 * k)));
            for (int i = 0; i < 3; i++) {
                draw_glow(r, PX(t, point_x(pts[i])), PY(t, point_y(pts[i])), (R + 46) * t->tv.s,
                          rgba(255, 236, 150, (Uint8)(255 * k)));
                disc(t, point_x(pts[i]), point_y(pts[i]), R + 9,
                     rgba(236, 196, 96, (Uint8)(255 * k)));
            }
        }

    bool mine = human_to_act(t);
    /* Removable pieces during your removal. */
    if (mine && s->pending) {
        uint32_t rem = moulin_removable(s->bb[1 - t->human]);
        for (int p = 0; p < MOULIN_POINTS; p++)
            if (rem >> p & 1)
                disc(t, point_x(p), point_y(p), R + 9,
                     rgba(226, 92, 80, (Uint8)(150 + 90 * pulse)));
    }
    /* Your legal targets: empty points while placing, or where the chosen piece goes. */
    if (mine && !s->pending) {
        for (int p = 0; p < MOULIN_POINTS; p++) {
            bool target = s->hand[t->human] ? !((s->bb[0] | s->bb[1]) >> p & 1)
                                            : is_target(t, t->selected, p);
            if (!target)
                continue;
            bool hot = p == t->hover || p == t->cursor;
            if (s->hand[t->human] && !hot)
                continue; /* while placing, only the point under the pointer */
            draw_glow(r, PX(t, point_x(p)), PY(t, point_y(p)), 34 * t->tv.s,
                      rgba(255, 226, 140, hot ? 230 : 150));
            disc(t, point_x(p), point_y(p), hot ? 15 : 11, rgba(255, 226, 140, 255));
        }
    }
    /* The chosen piece's ring, the last moved piece's ring, the keyboard cursor. */
    if (t->selected >= 0) {
        int i = piece_on(t, t->selected);
        if (i >= 0)
            disc(t, t->pc[i].x, t->pc[i].y - t->pc[i].lift * 7, R + 8, rgba(236, 196, 96, 255));
    }
    if (t->last_to >= 0 && t->flash <= 0.01f && (s->bb[0] | s->bb[1]) >> t->last_to & 1 &&
        t->last_to != t->selected)
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
            if (q->status == SP_GONE && q->alpha <= 0.01f)
                continue;
            if (want == pass)
                draw_piece(t, q);
        }
    /* A pointer over a removable piece: mark it. */
    if (mine && s->pending && t->hover >= 0 &&
        (moulin_removable(s->bb[1 - t->human]) >> t->hover & 1))
        draw_glow(r, PX(t, point_x(t->hover)), PY(t, point_y(t->hover)), (R + 10) * t->tv.s,
                  rgba(255, 120, 100, 140));

    draw_hud(t);
    char line[200];
    status_text(t, line, sizeof line);
    if (line[0])
        text_draw(a->text, line, (int)lroundf(22 * t->tv.s), false, COL_TEXT, PX(t, BX),
                  PY(t, BY + BOARD / 2 + 30), TEXT_CENTER | TEXT_MIDDLE);

    bool over = match_is_over(t->m);
    if (!over) {
        bool can = !pacer_demo(&t->pace) && t->m->history_len > 0;
        int fl = (can ? 0 : BTN_DISABLED) | (t->hover_btn == BTN_TAKEBACK ? BTN_HOVER : 0) |
                 (t->pressed_btn == BTN_TAKEBACK ? BTN_PRESSED : 0);
        ui_button(a, t->btn[BTN_TAKEBACK], _("Take back"), fl);
    }
    if (over && t->banner > 0.01f) {
        float k = t->banner;
        float bw = 600 * t->tv.s * (0.85f + 0.15f * k), bh = 170 * t->tv.s * (0.85f + 0.15f * k);
        SDL_FRect b = {PX(t, BX) - bw / 2, PY(t, BY - 40) - bh / 2, bw, bh};
        Uint8 al = (Uint8)(255 * fminf(1, k));
        Rgba accent = t->result > 0 ? COL_GOLD : t->result < 0 ? COL_RED : COL_TEXT;
        table_plate(r, &t->tv, b, accent, 236, k);
        Rgba tc = accent;
        tc.a = al;
        text_draw(a->text, t->title, (int)lroundf(54 * t->tv.s), true, tc, b.x + bw / 2,
                  b.y + bh * 0.36f, TEXT_CENTER | TEXT_MIDDLE);
        text_draw_fit(a->text, t->reason, (int)lroundf(21 * t->tv.s), false, rgba(246, 241, 226, al),
                      b.x + bw / 2, b.y + bh * 0.74f, TEXT_CENTER | TEXT_MIDDLE, bw - 30 * t->tv.s);
        int fl = BTN_PRIMARY | (t->hover_btn == BTN_NEXT ? BTN_HOVER : 0) |
                 (t->pressed_btn == BTN_NEXT ? BTN_PRESSED : 0) | BTN_FOCUS;
        ui_button(a, t->btn[BTN_NEXT], _("New game"), fl);
    }
    table_toast_draw(&t->toast, a, PX(t, BX), PY(t, BY + BOARD / 2 - 40));
}

static bool animating(const void *self)
{
    const Mou *t = self;
    if (anim_busy(&t->anim) || table_toast_busy(&t->toast) || t->flash > 0)
        return true;
    if (!t->m)
        return false;
    int cur = match_current_player(t->m);
    if (human_to_act(t)) {
        const MoulinState *s = t->m->state;
        return s->pending != 0; /* the removable pieces pulse */
    }
    bool demo = pacer_demo(&t->pace);
    return cur == PLAYER_CHANCE || match_bot_to_move(t->m) || (demo && cur >= 0) ||
           (demo && match_is_over(t->m));
}

static bool settled(const void *self)
{
    const Mou *t = self;
    if (!t->m)
        return true;
    if (anim_busy(&t->anim) || t->flash > 0)
        return false;
    int cur = match_current_player(t->m);
    return cur != PLAYER_CHANCE && !match_bot_to_move(t->m);
}

static void new_game(void *self)
{
    Mou *t = self;
    anim_finish(&t->anim);
    new_match(t);
}

static Match *get_match(void *self)
{
    return ((Mou *)self)->m;
}

static void settings_changed(void *self)
{
    Mou *t = self;
    anim_set_factor(&t->anim, app_speed_factor(t->app));
}

static const char *rules_text(void)
{
    return _("# The aim\n"
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
             "taken (the N-move option; 0 turns it off).\n\n"
             "# At the table\n"
             "Click an empty point to place a piece. To move, click one of your pieces and then "
             "where it goes, or drag it there; the points it can reach light up. After a mill, "
             "click one of the highlighted pieces to take it. Take back undoes your last turn "
             "and the computer's answer (also Backspace, U or Ctrl+Z). The arrow keys move a "
             "cursor over the points; Enter or Space acts there. You play White and Black in "
             "turn, game after game. Every move is saved, so you can close the window at any "
             "time.");
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

static bool locate(void *self, const char *what, SDL_FRect *out)
{
    Mou *t = self;
    int p;
    bool over = t->m && match_is_over(t->m);
    if (sscanf(what, "point %d", &p) == 1 && p >= 0 && p < MOULIN_POINTS)
        *out = unit_rect(t, point_x(p), point_y(p), 2 * R, 2 * R);
    else if (strcmp(what, "takeback") == 0 && !over)
        *out = t->btn[BTN_TAKEBACK];
    else if (strcmp(what, "next") == 0 && over && t->banner > 0)
        *out = t->btn[BTN_NEXT];
    else if (strcmp(what, "board") == 0)
        *out = unit_rect(t, BX, BY, BOARD, BOARD);
    else
        return false;
    return true;
}

const Scene moulin_scene = {
    .id = "moulin",
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
