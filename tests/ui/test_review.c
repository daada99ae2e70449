/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The review page at the table (under SDL's dummy video driver): the banner's Review
 * button opens it, the worker values the player's decisions as review_match does (and so
 * as `tasca analyze`), the costliest are marked, a click shows the position before a
 * decision as the player saw it, ◀ ▶ step through them (Moulin: through every move), Esc
 * goes back; the accuracy goes to Statistics once per game; no word of the live game
 * stays over a past position.
 *
 *   test_review NAME    runs one test (see the table at the end), or "all".
 *   TASCA_REVIEW_SHOT=DIR saves pictures of the page and of a shown position
 *   (TASCA_REVIEW_LANG=fr: in that language). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sanitized.h"
#include "engine/match.h"
#include "engine/review.h"
#include "games/bisca/bisca.h"
#include "games/twentyone/twentyone.h"
#include "ui/app.h"
#include "ui/menu.h"
#include "ui/settings.h"
#include "ui/tablescene.h"
#include "ui_fixture.h"

static Table *table_of(App *a) { return (Table *)a->self; }

/* Frames until the review's worker is done; false after 60 s (scaled). */
static bool wait_review(App *a)
{
    for (int i = 0; i < test_count(12000); i++) {
        app_run_frames(a, 1);
        if (table_review_steps(table_of(a), NULL) >= 0)
            return true;
        SDL_Delay(5);
    }
    return false;
}

static void shot(App *a, const char *name)
{
    char named[80];
    snprintf(named, sizeof named, "%s-%s", a->scene ? a->scene->id : "", name);
    name = named;
    const char *dir = getenv("TASCA_REVIEW_SHOT"), *lang = getenv("TASCA_REVIEW_LANG");
    if (!dir)
        return;
    if (lang) /* TASCA_REVIEW_LANG=fr: the pictures in that language */
        app_set_language(a, lang);
    char path[600];
    snprintf(path, sizeof path, "%s/review-%s-%dx%d.png", dir, name, a->w, a->h);
    a->opt.screenshot = path;
    app_run_frames(a, 3);
    a->opt.screenshot = NULL;
    a->quit = false; /* a screenshot ends the app's run: this test goes on */
}

static int card_points(Card c) { return twentyone_card_value(c); }

/* 21 rounds until the player holds 12 against the computer's 10 (the costliest
 * choice): stands there, and lets the round end. False when no such deal came. */
static bool stand_on_12_against_10(App *a)
{
    for (int round = 0; round < 400; round++) {
        app_settle(a, test_count(4000));
        Match *m = match_of(a);
        if (!m)
            return false;
        const TwentyOneState *s = m->state;
        if (!match_is_over(m) && match_current_player(m) == TO_PLAYER) {
            bool soft;
            int total = twentyone_total(s->hand[TO_PLAYER], s->n[TO_PLAYER], &soft);
            if (total == 12 && !soft && card_points(s->hand[TO_COMPUTER][0]) == 10) {
                if (match_submit(m, TO_PLAYER, TO_STAND) != NULL)
                    return false;
                app_settle(a, test_count(4000));
                return match_is_over(m);
            }
        }
        /* Not this round: play it out standing, and deal the next. */
        while (!match_is_over(m) && match_current_player(m) == TO_PLAYER) {
            if (match_submit(m, TO_PLAYER, TO_STAND) != NULL)
                return false;
            app_settle(a, test_count(4000));
        }
        app_settle(a, test_count(4000));
        a->scene->new_game(a->self);
    }
    return false;
}

/* The finished round reviewed in the window: the same decisions and costs as review_match
 * (the figures of `tasca analyze`, seed REVIEW_SEED) on the live match; the stand on 12
 * against a 10 is marked costliest; a click on it shows the position before it, the
 * computer's hole card hidden; the arrows step; Esc goes back, then closes. */
static void review_twentyone(int w, int h)
{
    AppOptions o = test_options("twentyone", SPEED_INSTANT, 44);
    o.no_audio = true;
    o.width = w;
    o.height = h;
    App *a = start_app(&o);
    REQUIRE(a && a->scene && strcmp(a->scene->id, "twentyone") == 0);
    REQUIRE(stand_on_12_against_10(a));
    app_settle(a, test_count(4000));
    Table *t = table_of(a);
    Match *live = match_of(a);
    int len = live->history_len;
    SDL_FRect r;
    REQUIRE(locate(a, "review", &r));
    shot(a, "banner");
    if (w < 1280) { /* the small window opens it with R, the big one with the button */
        push_key(a, SDLK_r, 0);
    } else {
        click(a, r, 1);
    }
    app_run_frames(a, 1);
    CHECK(table_review_is_open(t));
    REQUIRE(wait_review(a));
    const ReviewStep *got;
    int n = table_review_steps(t, &got);
    ReviewStep want[64];
    int nw = review_match(live, TO_PLAYER, REVIEW_SEED, NULL, want, 64);
    REQUIRE(n == nw && n >= 1);
    int stand = -1;
    for (int i = 0; i < n; i++) {
        CHECK(got[i].step == want[i].step);
        CHECK(got[i].chosen == want[i].chosen);
        CHECK(got[i].best == want[i].best);
        CHECK(got[i].cost == want[i].cost);
        CHECK(got[i].costliest == want[i].costliest);
        CHECK(strcmp(got[i].chosen_text, want[i].chosen_text) == 0);
        if (got[i].chosen == TO_STAND)
            stand = i;
    }
    REQUIRE(stand == n - 1);
    CHECK(got[stand].best == TO_HIT);
    CHECK(got[stand].cost > 0);
    CHECK(got[stand].costliest);
    shot(a, "list");
    /* The costliest row, clicked: the position before the stand. */
    char name[32];
    snprintf(name, sizeof name, "review-row-%d", stand);
    REQUIRE(locate(a, name, &r));
    click(a, r, 1);
    app_run_frames(a, 2);
    REQUIRE(table_reviewing(t));
    CHECK(table_review_step(t) == &t->review[stand]);
    const Match *sh = table_shown_match(t);
    REQUIRE(sh && sh != live);
    CHECK(sh->history_len == got[stand].step);
    CHECK(match_current_player(sh) == TO_PLAYER);
    const TwentyOneState *v = sh->state, *end = live->state;
    CHECK(v->n[TO_PLAYER] == 2);
    CHECK(v->hand[TO_PLAYER][0] == end->hand[TO_PLAYER][0]);
    CHECK(v->hand[TO_COMPUTER][1] == CARD_HIDDEN); /* shown at the end, hidden then */
    CHECK(end->hand[TO_COMPUTER][1] != CARD_HIDDEN);
    /* The live match is untouched, and is what the scene hands out. */
    CHECK(match_of(a) == live && live->history_len == len && match_is_over(live));
    shot(a, "position");
    /* ◀ and ▶ (keys), when there are several decisions. */
    if (n > 1) {
        push_key(a, SDLK_LEFT, 0);
        app_run_frames(a, 2);
        CHECK(table_review_step(t) == &t->review[stand - 1]);
        CHECK(table_shown_match(t)->history_len == got[stand - 1].step);
        push_key(a, SDLK_RIGHT, 0);
        app_run_frames(a, 2);
        CHECK(table_review_step(t) == &t->review[stand]);
    }
    /* Esc: back to the list, then the table as it is. */
    push_key(a, SDLK_ESCAPE, 0);
    app_run_frames(a, 2);
    CHECK(table_review_is_open(t) && !table_reviewing(t));
    CHECK(table_shown_match(t) == live);
    push_key(a, SDLK_ESCAPE, 0);
    app_run_frames(a, 2);
    CHECK(!table_review_is_open(t));
    CHECK(!menu_is_open(a->menu));
    CHECK(t->m == live && match_is_over(live));
    /* The menu's entry reviews the same game. */
    push_key(a, SDLK_ESCAPE, 0);
    app_run_frames(a, 2);
    REQUIRE(menu_is_open(a->menu));
    REQUIRE(menu_find(a->menu, "Review the last game", &r));
    click(a, r, 1);
    app_run_frames(a, 2);
    CHECK(!menu_is_open(a->menu));
    CHECK(table_review_is_open(t));
    REQUIRE(wait_review(a));
    CHECK(table_review_steps(t, NULL) == n);
    /* A new game (the banner's next button) closes it; the round stays reviewable. */
    table_next(t);
    app_settle(a, test_count(4000));
    CHECK(!table_review_is_open(t) && match_of(a) != live);
    CHECK(table_review_available(t) && t->last->history_len == len);
    /* Once the banner is gone, where its Review button was is the table's again: a click
     * there (or R) during the new round opens nothing. */
    CHECK(!locate(a, "review", &r));
    SDL_FRect old = t->review_btn;
    CHECK(old.w > 0);
    click(a, old, 1);
    push_key(a, SDLK_r, 0);
    app_run_frames(a, 2);
    CHECK(!table_review_is_open(t));
    app_destroy(a);
}

static void test_twentyone_big(void) { review_twentyone(1280, 800); }
static void test_twentyone_small(void) { review_twentyone(960, 600); }

/* Bisca (a match of games, 2 players): one game played to its end with the first legal
 * move; its review, stepped through decision by decision, never shows a card of the other
 * seat that the player could not see then (the shown state is the player's view), and no
 * move text names one. */
static void test_bisca_hidden(void)
{
    App *a = start_table("bisca", SPEED_INSTANT, 12);
    REQUIRE(a);
    Table *t = table_of(a);
    for (int guard = 0; guard < 400; guard++) {
        app_settle(a, test_count(4000));
        Match *m = match_of(a);
        if (t->hold || match_is_over(m))
            break;
        int me = table_player(t);
        if (match_current_player(m) != me)
            continue;
        Action acts[RULES_MAX_ACTIONS];
        REQUIRE(m->rules->legal_actions(m->state, acts) > 0);
        REQUIRE(match_submit(m, me, acts[0]) == NULL);
    }
    app_settle(a, test_count(4000));
    REQUIRE(t->hold || match_is_over(match_of(a)));
    REQUIRE(table_review_available(t));
    REQUIRE(a->scene->review(a->self, true)); /* as the menu's entry does */
    REQUIRE(wait_review(a));
    const ReviewStep *st;
    int n = table_review_steps(t, &st);
    REQUIRE(n > 3);
    shot(a, "bisca-list");
    int me = table_player(t);
    char err[MATCH_ERR];
    /* The first row clicked, then the next ones with the ▶ key. */
    SDL_FRect r;
    REQUIRE(locate(a, "review-row-0", &r));
    click(a, r, 1);
    app_run_frames(a, 1);
    for (int i = 0; i < n; i++) {
        if (i > 0) {
            push_key(a, SDLK_RIGHT, 0);
            app_run_frames(a, 1);
        }
        REQUIRE(table_review_step(t) == &st[i]);
        const Match *sh = table_shown_match(t);
        REQUIRE(table_reviewing(t) && sh->history_len == st[i].step);
        /* The whole state at that step, replayed apart. */
        Match *full = review_position(t->last, st[i].step, -1, err, sizeof err);
        REQUIRE(full);
        const BiscaState *v = sh->state, *f = full->state;
        for (int p = 0; p < full->num_players; p++) {
            if (p == me)
                continue;
            for (int k = 0; k < f->n_hand[p]; k++) {
                Card c = f->hand[p][k];
                if (c == f->trunfo)
                    continue; /* the turned trunfo is seen by all, in whoever's hand */
                for (int j = 0; j < v->n_hand[p]; j++)
                    CHECK(v->hand[p][j] != c);
                char txt[CARD_TEXT_MAX];
                card_to_text(c, txt);
                CHECK(strstr(st[i].chosen_text, txt) == NULL);
                CHECK(strstr(st[i].best_text, txt) == NULL);
            }
        }
        match_free(full);
    }
    shot(a, "bisca-position");
    /* ▶ on the last decision stays there; ◀ goes back one. */
    push_key(a, SDLK_RIGHT, 0);
    app_run_frames(a, 1);
    CHECK(table_review_step(t) == &st[n - 1]);
    push_key(a, SDLK_LEFT, 0);
    app_run_frames(a, 1);
    CHECK(table_review_step(t) == &st[n - 2]);
    table_review_close(t);
    CHECK(!table_reviewing(t) && t->m == match_of(a));
    app_destroy(a);
}

/* Statistics: a review counts its accuracy (the good and valued decisions of
 * review_accuracy) once, at the level played; reviewing the same game again does not
 * count it twice; the Statistics page shows it. */
static void test_statistics_accuracy(void)
{
    App *a = start_table("twentyone", SPEED_INSTANT, 45);
    REQUIRE(a);
    REQUIRE(stand_on_12_against_10(a));
    app_settle(a, test_count(4000));
    Table *t = table_of(a);
    Difficulty d = table_level(t);
    StatLine before, after;
    stats_get(&a->stats, "twentyone", d, &before);
    CHECK(before.rev_games == 0 && before.rev_valued == 0);
    REQUIRE(table_review_open(t));
    REQUIRE(wait_review(a));
    const ReviewStep *st;
    int n = table_review_steps(t, &st), good = 0, valued = 0;
    REQUIRE(n > 0);
    review_accuracy(st, n, TO_PLAYER, &good, &valued);
    CHECK(valued == n);
    CHECK(good < valued); /* the stand on 12 against a 10 was not good */
    stats_get(&a->stats, "twentyone", d, &after);
    CHECK(after.rev_games == 1);
    CHECK(after.rev_good == good);
    CHECK(after.rev_valued == valued);
    /* Again: not counted twice. */
    table_review_close(t);
    REQUIRE(table_review_open(t));
    REQUIRE(wait_review(a));
    stats_get(&a->stats, "twentyone", d, &after);
    CHECK(after.rev_games == 1 && after.rev_valued == valued);
    table_review_close(t);
    /* The Statistics page: 21's row at that level shows the percentage. */
    app_run_frames(a, 2);
    push_key(a, SDLK_ESCAPE, 0);
    app_run_frames(a, 2);
    REQUIRE(menu_is_open(a->menu));
    SDL_FRect r;
    REQUIRE(menu_find(a->menu, "Statistics", &r));
    click(a, r, 1);
    app_run_frames(a, 2);
    REQUIRE(menu_page(a->menu) == PAGE_STATS);
    StatLine s;
    stats_get(&a->stats, "twentyone", d, &s);
    char line[200];
    static const char *const levels[] = {"Easy", "Medium", "Hard"};
    snprintf(line, sizeof line, "%s\t%d\t%d\t%d\t%d %%\t%d\t%d\t%d\t%d", levels[d - DIFF_EASY], s.played, s.won,
             s.clean, (int)(100.0 * good / valued + 0.5), s.lost, s.drawn, s.streak, s.best);
    bool found = false;
    for (int i = 0; i < 20 && !(found = menu_find(a->menu, line, &r)); i++)
        push_key(a, SDLK_PAGEDOWN, 0), app_run_frames(a, 1);
    CHECK(found);
    if (!found)
        fprintf(stderr, "not on the page: %s\n", line);
    shot(a, "statistics");
    app_destroy(a);
}

/* Any game: played to the end of its first game with the player's first legal move each
 * time; the banner's Review button; the worker's decisions equal review_match_range's over
 * that game's steps; each of the first decisions shown is exactly the player's view of the
 * position before it (observe of the replayed state: nothing else can be drawn), with the
 * player to move. ◀ ▶ step through the decisions, or in a game stepped action by action
 * (Moulin) through every move of both seats and the end, each position the player's view
 * of the game before that move. */
static void every_game(const char *game, uint64_t seed)
{
    App *a = start_table(game, SPEED_INSTANT, seed);
    REQUIRE(a);
    Table *t = table_of(a);
    for (int guard = 0; guard < 5000; guard++) {
        app_settle(a, test_count(4000));
        Match *m = match_of(a);
        if (t->hold || match_is_over(m))
            break;
        int me = table_player(t);
        if (match_current_player(m) != me)
            continue;
        Action acts[RULES_MAX_ACTIONS];
        REQUIRE(m->rules->legal_actions(m->state, acts) > 0);
        REQUIRE(match_submit(m, me, acts[0]) == NULL);
    }
    app_settle(a, test_count(8000));
    Match *live = match_of(a);
    REQUIRE(t->hold || match_is_over(live));
    SDL_FRect r;
    REQUIRE(locate(a, "review", &r));
    shot(a, "banner");
    click(a, r, 1);
    app_run_frames(a, 1);
    REQUIRE(table_review_is_open(t));
    shot(a, "progress"); /* while the worker runs, once the app has run 20 s */
    REQUIRE(wait_review(a));
    const ReviewStep *st;
    int n = table_review_steps(t, &st), me = table_player(t);
    ReviewStep *want = calloc((size_t)live->history_len + 1, sizeof *want);
    REQUIRE(want);
    /* Under the sanitizers Moulin's analyses (Hard's search, no clock) cost ten times as
     * much: the test's own review covers the first six decisions only (each decision's
     * generator depends on its step alone, so their values are the same; which three are
     * the costliest is the whole game's). */
    bool part = TASCA_SANITIZED && strcmp(game, "moulin") == 0 && n > 6;
    int to = part ? st[5].step + 1 : t->last_to;
    int nw = review_match_range(live, me, t->last_from, to, REVIEW_SEED, NULL, NULL, want,
                                live->history_len + 1);
    CHECK(part ? nw == 6 : n == nw);
    for (int i = 0; i < n && i < nw; i++) {
        CHECK(st[i].step == want[i].step);
        CHECK(st[i].chosen == want[i].chosen);
        CHECK(st[i].cost == want[i].cost);
        CHECK(part || st[i].costliest == want[i].costliest);
    }
    free(want);
    shot(a, "list");
    const GameRules *g = live->rules;
    void *view = malloc(g->state_size);
    char err[MATCH_ERR];
    for (int i = 0; i < n && i < 6; i++) {
        table_review_show(t, i);
        app_run_frames(a, 1);
        const Match *sh = table_shown_match(t);
        REQUIRE(table_reviewing(t) && sh->history_len == st[i].step);
        CHECK(match_current_player(sh) == me);
        Match *full = review_position(live, st[i].step, -1, err, sizeof err);
        REQUIRE(full);
        g->observe(full->state, me, view);
        CHECK(memcmp(view, sh->state, g->state_size) == 0);
        match_free(full);
        if (i == 1)
            shot(a, "position");
    }
    /* The positions ◀ ▶ step through: the decisions, or in a game stepped action by
     * action (Moulin) every action of either seat and the end. From the first (Home), ▶
     * visits each in turn, each exactly the player's view of the position before that
     * step, with its decision when it was one; ▶ at the end stays; ◀ goes back one. */
    const int *pos;
    int np = table_review_positions(t, &pos);
    if (t->g->review_every_action) {
        int want_n = 0;
        for (int i = t->last_from; i < t->last_to; i++)
            if (live->history_player[i] >= 0)
                CHECK(want_n < np && pos[want_n++] == i);
        CHECK(np == want_n + 1 && pos[np - 1] == t->last_to);
        int seats_seen = 0; /* bit p: a position before a move of seat p */
        table_review_show(t, 0);
        app_run_frames(a, 1);
        push_key(a, SDLK_HOME, 0);
        app_run_frames(a, 1);
        for (int k = 0; k < np; k++) {
            if (k > 0) {
                push_key(a, SDLK_RIGHT, 0);
                app_run_frames(a, 1);
            }
            REQUIRE(table_review_shown_at(t) == k);
            const Match *sh = table_shown_match(t);
            REQUIRE(table_reviewing(t) && sh->history_len == pos[k]);
            Match *full = review_position(live, pos[k], -1, err, sizeof err);
            REQUIRE(full);
            g->observe(full->state, me, view);
            CHECK(memcmp(view, sh->state, g->state_size) == 0);
            match_free(full);
            const ReviewStep *d = table_review_step(t);
            int dec = -1;
            for (int i = 0; i < n; i++)
                if (st[i].step == pos[k])
                    dec = i;
            CHECK(dec < 0 ? d == NULL : d == &st[dec]);
            if (k + 1 < np) {
                int p = live->history_player[pos[k]];
                seats_seen |= 1 << p;
                CHECK(!match_is_over(sh) && match_current_player(sh) == p);
            } else {
                CHECK(match_is_over(sh));
            }
            if (k == np / 2)
                shot(a, "every-action");
        }
        CHECK(seats_seen == (1 << live->num_players) - 1); /* the opponent's moves too */
        shot(a, "end");
        push_key(a, SDLK_RIGHT, 0);
        app_run_frames(a, 1);
        CHECK(table_review_shown_at(t) == np - 1);
        push_key(a, SDLK_LEFT, 0);
        app_run_frames(a, 1);
        CHECK(table_review_shown_at(t) == np - 2);
        CHECK(table_shown_match(t)->history_len == pos[np - 2]);
    } else {
        CHECK(np == n);
        for (int i = 0; i < n && i < np; i++)
            CHECK(pos[i] == st[i].step);
    }
    free(view);
    table_review_close(t);
    CHECK(t->m == live && !table_reviewing(t));
    app_destroy(a);
}

static void test_truco(void) { every_game("truco", 3); }

/* Truco's words of the live game are not drawn over a past position: the match played to
 * its end (the player's first legal action each time) and the review opened at once, while
 * the last hand's message (and maybe a bubble) is still up on the live table; every
 * decision shown then has neither the bubble nor the hand's message, and nothing of the
 * live game holds the table (busy). */
static void test_truco_leftovers(void)
{
    App *a = start_table("truco", SPEED_INSTANT, 5);
    REQUIRE(a);
    Table *t = table_of(a);
    /* Frame by frame, so that the end is caught while its message is up (settling would
     * wait until it is gone). */
    for (int guard = 0; guard < test_count(400000) && !match_is_over(match_of(a)); guard++) {
        app_run_frames(a, 1);
        Match *m = match_of(a);
        int me = table_player(t);
        if (!match_is_over(m) && match_current_player(m) == me && table_player_can_act(t)) {
            Action acts[RULES_MAX_ACTIONS];
            REQUIRE(m->rules->legal_actions(m->state, acts) > 0);
            REQUIRE(match_submit(m, me, acts[0]) == NULL);
        } else if (match_bot_busy(m)) {
            SDL_Delay(1);
        }
    }
    Match *live = match_of(a);
    REQUIRE(match_is_over(live));
    app_run_frames(a, 1);
    REQUIRE(table_review_open(t));
    /* The worker's decisions, waited for without frames: the live game's message keeps
     * its time. */
    for (int i = 0; i < test_count(12000) && t->review_job; i++) {
        int total, done = review_job_progress(t->review_job, &total);
        if (done >= total) {
            app_run_frames(a, 1);
            continue;
        }
        SDL_Delay(5);
    }
    const ReviewStep *st;
    int n = table_review_steps(t, &st);
    REQUIRE(n > 0);
    SDL_FRect r;
    /* The premise: the live table is still busy with the last hand's message. */
    REQUIRE(t->g->busy && t->g->busy(t));
    table_review_show(t, n - 1);
    app_run_frames(a, 1);
    REQUIRE(table_reviewing(t));
    shot(a, "truco-leftovers");
    for (int i = n - 1; i >= 0; i--) {
        if (i < n - 1) {
            push_key(a, SDLK_LEFT, 0);
            app_run_frames(a, 1);
        }
        REQUIRE(table_review_step(t) == &st[i]);
        CHECK(!locate(a, "hand-message", &r));
        CHECK(!locate(a, "bubble", &r));
        CHECK(!t->g->busy(t));
    }
    table_review_close(t);
    CHECK(t->m == live && !locate(a, "hand-message", &r) && !locate(a, "bubble", &r));
    app_destroy(a);
}
/* The contest's game, one deal (the default is Brazil's STBL, a match of deals). */
static void test_buraco(void)
{
    fresh_home("tasca-review", "option.buraco.variant = 0\noption.buraco.jokers = 0\n"
               "option.buraco.sets = 0\noption.buraco.big_canastras = 0\n"
               "option.buraco.morto = 0\noption.buraco.batida = 0\noption.buraco.pile = 0\n"
               "option.buraco.target = 0\n");
    every_game("buraco", 3);
}
static void test_moulin(void) { every_game("moulin", 3); }

static const UiTest tests[] = {
    {"twentyone", test_twentyone_big},
    {"twentyone_small", test_twentyone_small},
    {"bisca_hidden", test_bisca_hidden},
    {"statistics_accuracy", test_statistics_accuracy},
    {"truco", test_truco},
    {"truco_leftovers", test_truco_leftovers},
    {"buraco", test_buraco},
    {"moulin", test_moulin},
};

int main(int argc, char **argv)
{
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-review", NULL);
}
