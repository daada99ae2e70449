/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The review page of the table layer (tablescene.h): every decision the player made in the
 * last finished game, valued by Hard's analysis on a worker thread (review.h), the three
 * costliest marked; a decision picked shows the position before it, as the player saw it,
 * through the game's own scene, and ◀ ▶ step from there through the decisions (or, in a
 * game that asks for it, through every action of every seat). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/i18n.h"
#include "ui/settings.h"
#include "ui/tablescene.h"
#include "ui/text.h"
#include "ui/widgets.h"

/* The page, in table units: a panel with a title, a line under it, the column heads and
 * ROWS decisions; the bar shown over a past position. */
enum { ROWS = 10 };
#define PANEL_X 110.0f
#define PANEL_Y 70.0f
#define PANEL_W 1380.0f
#define PANEL_H 880.0f
#define ROW_Y 300.0f
#define ROW_H 54.0f
/* What is under the pointer (review_hover): a row 0..ROWS-1 of the list, or a button. */
enum { B_CLOSE = 100, B_PREV, B_NEXT, B_LIST, B_UP, B_DOWN };

static SDL_FRect urect(const Table *t, float x, float y, float w, float h)
{
    return (SDL_FRect){table_px(&t->tv, x), table_py(&t->tv, y), w * t->tv.s, h * t->tv.s};
}

static SDL_FRect row_rect(const Table *t, int k)
{
    return urect(t, PANEL_X + 24, ROW_Y + k * ROW_H, PANEL_W - 48, ROW_H - 4);
}

/* The page's buttons: in the list, Close (and the scroll arrows); over a position, the bar's
 * previous, next, list and close. */
static SDL_FRect button_rect(const Table *t, int b)
{
    bool bar = t->review_at >= 0;
    switch (b) {
    case B_CLOSE:
        return bar ? urect(t, 1420, 18, 150, 62) : urect(t, PANEL_X + PANEL_W - 224, 870, 200, 62);
    case B_LIST: return urect(t, 1256, 18, 150, 62);
    case B_PREV: return urect(t, 120, 18, 78, 62);
    case B_NEXT: return urect(t, 206, 18, 78, 62);
    case B_UP: return urect(t, PANEL_X + PANEL_W - 150, PANEL_Y + 84, 56, 50);
    case B_DOWN: return urect(t, PANEL_X + PANEL_W - 80, PANEL_Y + 84, 56, 50);
    default: return (SDL_FRect){0, 0, 0, 0};
    }
}

static bool button_shown(const Table *t, int b)
{
    bool bar = t->review_at >= 0;
    switch (b) {
    case B_CLOSE: return true;
    case B_LIST:
    case B_PREV:
    case B_NEXT: return bar;
    case B_UP: return !bar && t->review_n > ROWS && t->review_first > 0;
    case B_DOWN: return !bar && t->review_n > ROWS && t->review_first + ROWS < t->review_n;
    default: return false;
    }
}

/* ---- The shown position ---- */

const Match *table_shown_match(const Table *t) { return t->m; }
bool table_reviewing(const Table *t) { return t->live != NULL; }
bool table_review_is_open(const Table *t) { return t->review_open; }

const ReviewStep *table_review_step(const Table *t)
{
    if (!t->live || t->review_sel < 0 || t->review_sel >= t->review_n)
        return NULL;
    return &t->review[t->review_sel];
}

int table_review_steps(const Table *t, const ReviewStep **out)
{
    if (out)
        *out = t->review;
    return t->review_open && !t->review_job && !t->review_failed ? t->review_n : -1;
}

int table_review_positions(const Table *t, const int **steps)
{
    if (steps)
        *steps = t->review_pos;
    return t->review_open && t->review_pos ? t->review_npos : -1;
}

int table_review_shown_at(const Table *t) { return t->live ? t->review_at : -1; }

/* The position on the table changes: what was said or flashed over the last one goes. */
static void quiet(Table *t)
{
    t->toast.t = 0;
    confetti_clear(&t->confetti);
    if (t->g->quiet)
        t->g->quiet(t);
}

/* Puts the live match back on the table. */
static void unshow(Table *t)
{
    if (!t->live)
        return;
    match_free(t->m);
    t->m = t->live;
    t->live = NULL;
    t->over = t->live_over;
    t->hold = t->live_hold;
    t->banner = t->live_banner;
    quiet(t);
    anim_finish(&t->anim);
    if (t->g->sync)
        t->g->sync(t, true);
}

/* The player's seat in the reviewed game. */
static int review_seat(const Table *t)
{
    for (int p = 0; t->last && p < t->last->num_players; p++)
        if (!t->last->seats[p].bot && (!t->g->seat_kind || t->g->seat_kind(t, p) == SEAT_HUMAN))
            return p;
    return 0;
}

/* The index of the decision listed whose step is `step`, or -1. */
static int decision_at(const Table *t, int step)
{
    for (int i = 0; t->review && i < t->review_n; i++)
        if (t->review[i].step == step)
            return i;
    return -1;
}

void table_review_show_at(Table *t, int k)
{
    if (!t->review_open)
        return;
    if (k < 0 || k >= t->review_npos || !t->review_pos || !t->last) {
        unshow(t);
        t->review_at = t->review_sel = -1;
        return;
    }
    char err[MATCH_ERR];
    int step = t->review_pos[k];
    Match *pos = review_position(t->last, step, review_seat(t), err, sizeof err);
    if (!pos) {
        table_say(t, _("This position cannot be shown."));
        return;
    }
    if (t->live) {
        match_free(t->m);
    } else {
        t->live = t->m;
        t->live_over = t->over;
        t->live_hold = t->hold;
        t->live_banner = t->banner;
    }
    t->m = pos;
    t->over = t->hold = false;
    t->banner = 0;
    quiet(t); /* what was said over the live game (or the last position) is not this one's */
    t->review_at = k;
    t->review_sel = decision_at(t, step);
    int i = t->review_sel;
    if (i >= 0 && i < t->review_first)
        t->review_first = i;
    else if (i >= t->review_first + ROWS)
        t->review_first = i - ROWS + 1;
    anim_finish(&t->anim);
    if (t->g->sync)
        t->g->sync(t, true);
}

void table_review_show(Table *t, int i)
{
    if (i < 0 || i >= t->review_n || !t->review) {
        table_review_show_at(t, -1);
        return;
    }
    for (int k = 0; k < t->review_npos; k++)
        if (t->review_pos[k] == t->review[i].step) {
            table_review_show_at(t, k);
            return;
        }
}

/* The positions the bar steps through, once the decisions are known: theirs, or every
 * action's (not the chance steps: a deal is no move) and the end's. */
static bool make_positions(Table *t)
{
    free(t->review_pos);
    t->review_npos = 0;
    int cap = t->last_to - t->last_from + 1;
    t->review_pos = malloc(sizeof *t->review_pos * (size_t)(cap > 0 ? cap : 1));
    if (!t->review_pos)
        return false;
    if (t->g->review_every_action) {
        for (int i = t->last_from; i < t->last_to; i++)
            if (t->last->history_player[i] >= 0)
                t->review_pos[t->review_npos++] = i;
        t->review_pos[t->review_npos++] = t->last_to;
    } else {
        for (int i = 0; i < t->review_n && i < cap; i++)
            t->review_pos[t->review_npos++] = t->review[i].step;
    }
    return true;
}

/* ---- The last finished game ---- */

void table_review_game_over(Table *t)
{
    if (!t->m || t->m->mirror || t->live)
        return;
    char err[MATCH_ERR];
    Match *c = review_position(t->m, t->m->history_len, -1, err, sizeof err);
    if (!c)
        return;
    if (t->review_open)
        table_review_close(t);
    match_free(t->last);
    t->last = c;
    t->last_from = t->game_start < c->history_len ? t->game_start : 0;
    t->last_to = c->history_len;
}

bool table_review_available(const Table *t)
{
    int seat = review_seat(t);
    return t->last && !t->last->seats[seat].bot && !pacer_demo(&t->pace);
}

bool table_review_open(Table *t)
{
    if (!table_review_available(t))
        return false;
    if (t->review_open)
        return true;
    t->review_open = true;
    t->review_sel = t->review_at = -1;
    free(t->review_pos);
    t->review_pos = NULL;
    t->review_npos = 0;
    t->review_first = 0;
    t->review_hover = -1;
    t->review_failed = false;
    free(t->review);
    t->review = NULL;
    t->review_n = -1;
    /* Seed 1, as `tasca analyze` by default: the page and the command agree. */
    t->review_job = review_job_start(t->last, review_seat(t), t->last_from, t->last_to,
                                     REVIEW_SEED, app_wake, t->app);
    if (!t->review_job)
        t->review_failed = true;
    return true;
}

void table_review_close(Table *t)
{
    if (t->review_job) {
        review_job_cancel(t->review_job);
        t->review_job = NULL;
    }
    unshow(t);
    t->review_open = false;
    t->review_sel = t->review_at = -1;
}

void table_review_free(Table *t)
{
    table_review_close(t);
    free(t->review);
    t->review = NULL;
    free(t->review_pos);
    t->review_pos = NULL;
    t->review_npos = 0;
    match_free(t->last);
    t->last = NULL;
}

bool table_review_scene(void *self, bool open)
{
    Table *t = self;
    if (!open)
        return table_review_available(t);
    if (t->confirm)
        return false;
    return table_review_open(t);
}

/* The level the player was up against in the reviewed game. */
static Difficulty last_level(const Table *t)
{
    for (int p = 0; p < t->last->num_players; p++)
        if (t->last->seats[p].bot)
            return t->last->seats[p].difficulty;
    return t->app->set.difficulty;
}

/* A finished review counts in Statistics once per game (a game reviewed again, even after
 * a restart, is not counted twice). */
static void count_review(Table *t)
{
    int seat = review_seat(t), good = 0, valued = 0;
    if (review_accuracy(t->review, t->review_n, seat, &good, &valued) < 0)
        return;
    char key[96];
    snprintf(key, sizeof key, "%s.reviewed", t->g->id);
    unsigned long long id = rng_mix(t->last->seed, (uint64_t)t->last_to * 2654435761u +
                                                       (uint64_t)t->last_from);
    if (kv_get_u64(&t->app->kv, key, 0) == id)
        return;
    kv_set_u64(&t->app->kv, key, id);
    app_save_settings(t->app);
    stats_record_review(&t->app->stats, t->g->id, last_level(t), good, valued);
    app_save_stats(t->app);
}

void table_review_update(Table *t)
{
    if (!t->review_job)
        return;
    ReviewStep *st;
    int n;
    if (!review_job_poll(t->review_job, &st, &n))
        return;
    t->review_job = NULL;
    if (n < 0) {
        t->review_failed = true;
        return;
    }
    t->review = st;
    t->review_n = n;
    if (!make_positions(t)) {
        t->review_failed = true;
        return;
    }
    count_review(t);
}

/* ---- Input ---- */

static int hit(const Table *t, float x, float y)
{
    for (int b = B_CLOSE; b <= B_DOWN; b++)
        if (button_shown(t, b) && rect_has(button_rect(t, b), x, y))
            return b;
    if (t->review_at < 0 && t->review_n > 0)
        for (int k = 0; k < ROWS && t->review_first + k < t->review_n; k++)
            if (rect_has(row_rect(t, k), x, y))
                return k;
    return -1;
}

static void scroll(Table *t, int by)
{
    int max = t->review_n > ROWS ? t->review_n - ROWS : 0;
    t->review_first += by;
    if (t->review_first > max)
        t->review_first = max;
    if (t->review_first < 0)
        t->review_first = 0;
}

static void press(Table *t, int b)
{
    switch (b) {
    case B_CLOSE: table_review_close(t); break;
    case B_LIST: table_review_show(t, -1); break;
    case B_PREV:
        if (t->review_at > 0)
            table_review_show_at(t, t->review_at - 1);
        break;
    case B_NEXT:
        if (t->review_at + 1 < t->review_npos)
            table_review_show_at(t, t->review_at + 1);
        break;
    case B_UP: scroll(t, -ROWS); break;
    case B_DOWN: scroll(t, ROWS); break;
    default:
        if (b >= 0 && b < ROWS)
            table_review_show(t, t->review_first + b);
    }
}

/* The banner's Review button is there: only while the banner (or the game's end page) is
 * up, since its place is kept from the last banner drawn and is the table's again once the
 * next game is dealt. */
static bool review_button_up(const Table *t)
{
    return t->m && (t->hold || match_is_over(t->m)) && t->banner > 0.5f &&
           t->review_btn.w > 0 && table_review_available(t);
}

/* The banner's Review button (the page closed). */
static bool banner_event(Table *t, const SDL_Event *e)
{
    bool on = review_button_up(t);
    if (e->type == SDL_MOUSEMOTION) {
        t->review_btn_hover = on && rect_has(t->review_btn, (float)e->motion.x, (float)e->motion.y);
        if (t->review_btn_hover)
            t->app->pointer_hand = true;
        return false; /* the table tracks its own hover too */
    }
    if ((e->type == SDL_MOUSEBUTTONDOWN || e->type == SDL_MOUSEBUTTONUP) &&
        e->button.button == SDL_BUTTON_LEFT && on &&
        rect_has(t->review_btn, (float)e->button.x, (float)e->button.y)) {
        if (e->type == SDL_MOUSEBUTTONUP)
            table_review_open(t);
        return true;
    }
    /* R, once the banner (or the game's own end page) is up. */
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_r &&
        !(e->key.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)) && on) {
        table_review_open(t);
        return true;
    }
    return false;
}

bool table_review_event(Table *t, const SDL_Event *e)
{
    if (!t->review_open)
        return banner_event(t, e);
    switch (e->type) {
    case SDL_MOUSEMOTION:
        t->review_hover = hit(t, (float)e->motion.x, (float)e->motion.y);
        if (t->review_hover >= 0)
            t->app->pointer_hand = true;
        return true;
    case SDL_MOUSEBUTTONUP:
        if (e->button.button == SDL_BUTTON_LEFT)
            press(t, hit(t, (float)e->button.x, (float)e->button.y));
        else if (e->button.button == SDL_BUTTON_RIGHT && t->review_at >= 0)
            table_review_show_at(t, -1);
        return true;
    case SDL_MOUSEWHEEL:
        if (t->review_at < 0)
            scroll(t, e->wheel.y > 0 ? -1 : e->wheel.y < 0 ? 1 : 0);
        return true;
    case SDL_KEYDOWN: {
        SDL_Keycode k = e->key.keysym.sym;
        bool bar = t->review_at >= 0;
        if (k == SDLK_ESCAPE || k == SDLK_BACKSPACE)
            press(t, bar ? B_LIST : B_CLOSE);
        else if (k == SDLK_LEFT && bar)
            press(t, B_PREV);
        else if (k == SDLK_RIGHT && bar)
            press(t, B_NEXT);
        else if (k == SDLK_HOME && bar)
            table_review_show_at(t, 0);
        else if (k == SDLK_END && bar)
            table_review_show_at(t, t->review_npos - 1);
        else if ((k == SDLK_RIGHT || k == SDLK_RETURN || k == SDLK_KP_ENTER) && !bar &&
                 t->review_n > 0)
            table_review_show(t, t->review_first);
        else if ((k == SDLK_RIGHT || k == SDLK_RETURN || k == SDLK_KP_ENTER) && !bar &&
                 t->review_npos > 0)
            table_review_show_at(t, 0); /* no decision: the game from its start */
        else if (k == SDLK_UP && !bar)
            scroll(t, -1);
        else if (k == SDLK_DOWN && !bar)
            scroll(t, 1);
        else if (k == SDLK_PAGEUP && !bar)
            scroll(t, -ROWS);
        else if (k == SDLK_PAGEDOWN && !bar)
            scroll(t, ROWS);
        return true;
    }
    case SDL_MOUSEBUTTONDOWN:
    case SDL_TEXTINPUT: return true;
    default: return false;
    }
}

bool table_review_locate(Table *t, const char *what, SDL_FRect *out)
{
    if (strcmp(what, "review") == 0) {
        if (t->review_open || !review_button_up(t))
            return false;
        *out = t->review_btn;
        return true;
    }
    if (!t->review_open)
        return false;
    static const struct {
        const char *name;
        int b;
    } names[] = {{"review-close", B_CLOSE}, {"review-prev", B_PREV}, {"review-next", B_NEXT},
                 {"review-list", B_LIST},   {"review-up", B_UP},     {"review-down", B_DOWN}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(what, names[i].name) == 0) {
            if (!button_shown(t, names[i].b))
                return false;
            *out = button_rect(t, names[i].b);
            return true;
        }
    int i;
    char tail;
    if (sscanf(what, "review-row-%d%c", &i, &tail) == 1) {
        if (t->review_at >= 0 || i < t->review_first || i >= t->review_first + ROWS ||
            i >= t->review_n)
            return false;
        *out = row_rect(t, i - t->review_first);
        return true;
    }
    return false;
}

/* ---- Drawing ---- */

/* A value on the step's scale: a percentage, or pieces. */
static void fmt_value(const ReviewStep *s, bool valued, double v, char *out, size_t size)
{
    if (!valued)
        snprintf(out, size, "\xE2\x80\x93");
    else if (s->unit == ANALYSIS_PIECES)
        snprintf(out, size, _("%+.1f pieces"), v);
    else
        snprintf(out, size, _("%d %%"), (int)lround(v * 100));
}

static void fmt_cost(const ReviewStep *s, char *out, size_t size)
{
    if (s->cost < 0)
        snprintf(out, size, "\xE2\x80\x93");
    else if (s->cost * (s->unit == ANALYSIS_PIECES ? 10 : 1000) < 0.5)
        snprintf(out, size, "0"); /* under what the figure shows */
    else if (s->unit == ANALYSIS_PIECES)
        snprintf(out, size, _("%.1f pieces"), s->cost);
    else
        snprintf(out, size, _("%.1f %%"), s->cost * 100);
}

static const char *unit_note(AnalysisUnit u)
{
    switch (u) {
    case ANALYSIS_PIECES:
        return _("Values and costs in pieces, as Hard's search counts them.");
    case ANALYSIS_UTILITY:
        return _("Values and costs in Hard's expected result, read as a win chance.");
    case ANALYSIS_WIN:
    default: return _("Values and costs in win chance: what the choice lost against the best.");
    }
}

static void page_button(Table *t, int b, const char *label, int flags)
{
    if (!button_shown(t, b))
        return;
    ui_button(t->app, button_rect(t, b), label, flags | (t->review_hover == b ? BTN_HOVER : 0));
}

static int px(const Table *t, float size) { return (int)lroundf(size * t->tv.s); }

static void draw_list(Table *t, SDL_Renderer *r)
{
    App *a = t->app;
    draw_rect(r, (SDL_FRect){0, 0, (float)a->w, (float)a->h}, rgba(0, 0, 0, 120));
    SDL_FRect b = urect(t, PANEL_X, PANEL_Y, PANEL_W, PANEL_H);
    table_plate(r, &t->tv, b, COL_GOLD, 244, 1);
    float s = t->tv.s, left = b.x + 40 * s, right = b.x + b.w - 40 * s;
    text_draw(a->text, _("Review of your decisions"), px(t, 36), true, COL_GOLD, left,
              table_py(&t->tv, PANEL_Y + 58), TEXT_LEFT | TEXT_MIDDLE);
    char line[300];
    float sub_y = table_py(&t->tv, PANEL_Y + 110);
    if (t->review_failed) {
        text_draw(a->text, _("This game cannot be reviewed."), px(t, 24), false, COL_TEXT, left,
                  sub_y, TEXT_LEFT | TEXT_MIDDLE);
    } else if (t->review_job) {
        int total, done = review_job_progress(t->review_job, &total);
        snprintf(line, sizeof line, _("Hard is looking at your decisions\xE2\x80\xA6 %d of %d"),
                 done, total);
        text_draw(a->text, line, px(t, 24), false, COL_TEXT, left, sub_y, TEXT_LEFT | TEXT_MIDDLE);
        SDL_FRect bar = {left, sub_y + 30 * s, right - left, 14 * s};
        draw_rounded(r, bar, bar.h / 2, rgba(255, 255, 255, 40));
        if (total > 0 && done > 0) {
            bar.w *= (float)done / (float)total;
            draw_rounded(r, bar, bar.h / 2, COL_GOLD);
        }
    } else if (t->review_n == 0) {
        text_draw(a->text, _("You had no choice to make in this game."), px(t, 24), false,
                  COL_TEXT, left, sub_y, TEXT_LEFT | TEXT_MIDDLE);
    } else {
        int good = 0, valued = 0;
        double acc = review_accuracy(t->review, t->review_n, review_seat(t), &good, &valued);
        if (acc >= 0)
            snprintf(line, sizeof line,
                     P_("Accuracy %d %%: %d of %d decision as good as Hard's best",
                        "Accuracy %d %%: %d of %d decisions as good as Hard's best", valued),
                     (int)lround(acc * 100), good, valued);
        else
            snprintf(line, sizeof line, "%s", _("No decision could be valued."));
        text_draw_fit(a->text, line, px(t, 24), true, COL_TEXT, left, sub_y,
                      TEXT_LEFT | TEXT_MIDDLE, right - left - 160 * s);
        text_draw_fit(a->text, unit_note(t->review[0].unit), px(t, 19), false, COL_DIM, left,
                      sub_y + 40 * s, TEXT_LEFT | TEXT_MIDDLE, right - left - 160 * s);
    }
    if (t->review_n > 0 && !t->review_job) {
        /* Columns: the mark and number, the move, Hard's choice, both values, the cost. */
        float c_move = b.x + 110 * s, c_best = b.x + 520 * s, c_val = b.x + 930 * s;
        float hy = table_py(&t->tv, ROW_Y - 26);
        text_draw(a->text, _("Your move"), px(t, 18), true, COL_DIM, c_move, hy,
                  TEXT_LEFT | TEXT_MIDDLE);
        text_draw(a->text, _("Hard's choice"), px(t, 18), true, COL_DIM, c_best, hy,
                  TEXT_LEFT | TEXT_MIDDLE);
        text_draw(a->text, _("Yours / best"), px(t, 18), true, COL_DIM, c_val, hy,
                  TEXT_LEFT | TEXT_MIDDLE);
        text_draw(a->text, _("Cost"), px(t, 18), true, COL_DIM, right - 12 * s, hy,
                  TEXT_RIGHT | TEXT_MIDDLE);
        for (int k = 0; k < ROWS && t->review_first + k < t->review_n; k++) {
            int i = t->review_first + k;
            const ReviewStep *st = &t->review[i];
            SDL_FRect rr = row_rect(t, k);
            Rgba fill = st->costliest          ? rgba(226, 92, 80, 70)
                        : t->review_hover == k ? rgba(255, 255, 255, 34)
                        : k % 2                ? rgba(255, 255, 255, 12)
                                               : rgba(0, 0, 0, 0);
            draw_rounded(r, rr, 10 * s, fill);
            if (t->review_hover == k)
                draw_rounded_outline(r, rr, 10 * s, 2 * s, COL_GOLD);
            float cy = rr.y + rr.h / 2;
            snprintf(line, sizeof line, "%d", i + 1);
            text_draw(a->text, line, px(t, 20), false, COL_DIM, rr.x + 16 * s, cy,
                      TEXT_LEFT | TEXT_MIDDLE);
            if (st->costliest)
                draw_circle(r, rr.x + 66 * s, cy, 9 * s, COL_RED);
            Rgba ink = st->costliest ? COL_GOLD : COL_TEXT;
            text_draw_fit(a->text, st->chosen_text, px(t, 22), true, ink, c_move, cy,
                          TEXT_LEFT | TEXT_MIDDLE, c_best - c_move - 20 * s);
            /* A choice drawn from a mix shows the mix: why another answer costs nothing. */
            text_draw_fit(a->text, st->mixed ? st->mix : st->best_text, px(t, 22), false,
                          COL_TEXT, c_best, cy, TEXT_LEFT | TEXT_MIDDLE, c_val - c_best - 20 * s);
            char v1[48], v2[48], cost[48];
            fmt_value(st, st->chosen_valued, st->chosen_value, v1, sizeof v1);
            fmt_value(st, st->best_valued, st->best_value, v2, sizeof v2);
            snprintf(line, sizeof line, "%s / %s", v1, v2);
            text_draw_fit(a->text, line, px(t, 20), false, COL_TEXT, c_val, cy,
                          TEXT_LEFT | TEXT_MIDDLE, 250 * s);
            fmt_cost(st, cost, sizeof cost);
            text_draw(a->text, cost, px(t, 22), true, st->costliest ? COL_RED : COL_TEXT,
                      right - 12 * s, cy, TEXT_RIGHT | TEXT_MIDDLE);
        }
        float ny = table_py(&t->tv, 901);
        draw_circle(r, left + 9 * s, ny, 9 * s, COL_RED);
        text_draw_fit(a->text, _("Your three costliest decisions. Click a decision to see the table as it was."),
                      px(t, 19), false, COL_DIM, left + 28 * s, ny, TEXT_LEFT | TEXT_MIDDLE,
                      button_rect(t, B_CLOSE).x - left - 60 * s);
    }
    page_button(t, B_UP, "\xE2\x96\xB2", 0);
    page_button(t, B_DOWN, "\xE2\x96\xBC", 0);
    page_button(t, B_CLOSE, _("Close"), BTN_PRIMARY);
}

/* Where a move is made on the table (the hint's rectangles), outlined in `col`. */
static void outline_move(Table *t, SDL_Renderer *r, Action a, Rgba col)
{
    if (!t->g->hint_rects || a < 0)
        return;
    float s = t->tv.s;
    SDL_FRect rc[2];
    int n = t->g->hint_rects(t, a, rc);
    for (int i = 0; i < n; i++) {
        SDL_FRect o = {rc[i].x - 7 * s, rc[i].y - 7 * s, rc[i].w + 14 * s, rc[i].h + 14 * s};
        draw_rounded_outline(r, o, 12 * s, 6 * s, col);
    }
}

/* The bar's two lines over a position that is no decision of the player's (a game stepped
 * action by action): which move it is and who made it, or the game's end. */
static void other_lines(Table *t, int step, char *l1, char *l2, size_t size)
{
    int moves = t->review_npos - 1; /* the last position is the end's, not a move */
    if (step >= t->last_to) {
        snprintf(l1, size, "%s", _("The end of the game"));
        char title[96] = "", reason[240] = "";
        if (match_is_over(t->m) && t->g->result)
            t->g->result(t, title, sizeof title, reason, sizeof reason);
        snprintf(l2, size, title[0] && reason[0] ? "%s \xC2\xB7 %s" : "%s%s", title, reason);
        return;
    }
    int seat = t->last->history_player[step];
    char act[RULES_ACTION_TEXT] = "";
    t->m->rules->action_to_string(t->m->state, t->last->history[step], act);
    if (seat == review_seat(t))
        snprintf(l1, size, _("Move %d of %d, yours: no other move was possible"),
                 t->review_at + 1, moves);
    else
        snprintf(l1, size, _("Move %d of %d, by %s"), t->review_at + 1, moves,
                 table_seat_name(t, seat));
    /* TRANSLATORS: who made the move, and the move (the rules' name of it). */
    snprintf(l2, size, _("%s: %s"), table_seat_name(t, seat), act);
}

static void draw_bar(Table *t, SDL_Renderer *r)
{
    App *a = t->app;
    const ReviewStep *st = table_review_step(t);
    int step = t->review_pos[t->review_at];
    bool every = t->g->review_every_action, costly = st && st->costliest;
    float s = t->tv.s;
    if (st) {
        /* Hard's choice in gold, the player's in red when it differs. */
        outline_move(t, r, st->best, COL_GOLD);
        if (st->chosen != st->best) /* gold too when Hard's mix gives it: it cost nothing */
            outline_move(t, r, st->chosen, st->mixed && st->cost == 0 ? COL_GOLD : COL_RED);
    } else if (step < t->last_to) {
        outline_move(t, r, t->last->history[step], COL_TEXT); /* the move made from here */
    }
    SDL_FRect b = urect(t, 100, 8, 1490, 82);
    table_plate(r, &t->tv, b, costly ? COL_RED : COL_GOLD, 246, 1);
    page_button(t, B_PREV, "\xE2\x97\x80", t->review_at > 0 ? 0 : BTN_DISABLED);
    page_button(t, B_NEXT, "\xE2\x96\xB6", t->review_at + 1 < t->review_npos ? 0 : BTN_DISABLED);
    page_button(t, B_LIST, _("List"), 0);
    page_button(t, B_CLOSE, _("Close"), BTN_PRIMARY);
    float x = table_px(&t->tv, 306), w = button_rect(t, B_LIST).x - x - 16 * s;
    char line[400], line2[400], v1[48], v2[48], cost[48];
    if (!st) {
        other_lines(t, step, line, line2, sizeof line);
    } else {
        if (every && costly)
            snprintf(line, sizeof line,
                     _("Move %d of %d: your decision %d of %d, one of your three costliest"),
                     t->review_at + 1, t->review_npos - 1, t->review_sel + 1, t->review_n);
        else if (every)
            snprintf(line, sizeof line, _("Move %d of %d: your decision %d of %d"),
                     t->review_at + 1, t->review_npos - 1, t->review_sel + 1, t->review_n);
        else if (costly)
            snprintf(line, sizeof line, _("Decision %d of %d: one of your three costliest"),
                     t->review_sel + 1, t->review_n);
        else
            snprintf(line, sizeof line, _("Decision %d of %d"), t->review_sel + 1, t->review_n);
        if (st->mixed) {
            /* Hard drew its choice from a balanced mix: an answer it gives too costs nothing. */
            size_t l = strlen(line);
            /* TRANSLATORS: after "Decision 3 of 12"; %s lists answers and how often Hard
             * gives each, e.g. "aceitar 62 % · correr 38 %". */
            snprintf(line + l, sizeof line - l, _(" \xC2\xB7 Hard mixes its answers here: %s"),
                     st->mix);
        }
        fmt_value(st, st->chosen_valued, st->chosen_value, v1, sizeof v1);
        fmt_value(st, st->best_valued, st->best_value, v2, sizeof v2);
        fmt_cost(st, cost, sizeof cost);
        snprintf(line2, sizeof line2, _("You: %s (%s) \xC2\xB7 Hard: %s (%s) \xC2\xB7 cost %s"),
                 st->chosen_text, v1, st->best_text, v2, cost);
    }
    text_draw_fit(a->text, line, px(t, 22), true, costly ? COL_GOLD : COL_TEXT, x,
                  b.y + 26 * s, TEXT_LEFT | TEXT_MIDDLE, w);
    text_draw_fit(a->text, line2, px(t, 20), false, COL_TEXT, x, b.y + 58 * s,
                  TEXT_LEFT | TEXT_MIDDLE, w);
}

/* The Review button, left of the next button on the banner, as high and a little narrower. */
void table_review_banner_button(Table *t)
{
    SDL_FRect n = t->btn[TABLE_NEXT];
    float gap = 16 * t->tv.s, w = fmaxf(n.w * 0.62f, 140 * t->tv.s); /* inside an end page */
    t->review_btn = (SDL_FRect){n.x - gap - w, n.y, w, n.h};
    if (n.w <= 0 || t->review_open || !table_review_available(t))
        return;
    ui_button(t->app, t->review_btn, _("Review"), t->review_btn_hover ? BTN_HOVER : 0);
}

void table_review_draw(Table *t, SDL_Renderer *r)
{
    if (!t->review_open)
        return;
    if (t->review_at >= 0 && t->review_pos && t->live)
        draw_bar(t, r);
    else
        draw_list(t, r);
}
