/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buraco table under SDL's dummy video driver: the app runs in-process, the test
 * pushes mouse and keyboard events and checks the match. The scene is entered directly
 * (it is built into the UI library; the game picker lists it once scenes.c does). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/match.h"
#include "games/buraco/buraco.h"
#include "games/buraco/buraco_scene.h"
#include "ui/app.h"
#include "ui/menu.h"
#include "ui/online.h"
#include "ui/tablescene.h"
#include "ui_fixture.h"

#include <SDL_image.h>

static App *app;

/* Settings that choose the contest's game, every option stored. */
#define CONTEST_SETTINGS                                                                   \
    "option.buraco.variant = 0\noption.buraco.jokers = 0\noption.buraco.sets = 0\n"         \
    "option.buraco.big_canastras = 0\noption.buraco.morto = 0\noption.buraco.batida = 0\n"   \
    "option.buraco.pile = 0\noption.buraco.target = 0\n"

static Match *match(void) { return buraco_scene.match(app->self); }
static BuracoState *state(void) { return match()->state; }

static bool where(const char *what, float *x, float *y)
{
    SDL_FRect r;
    if (!locate(app, what, &r))
        return false;
    *x = r.x + r.w / 2;
    *y = r.y + r.h / 2;
    return true;
}

/* A click (clicks: 2 for the second of a double-click) on what the scene names. */
static void click_at(const char *what, int clicks)
{
    SDL_FRect r;
    if (!locate(app, what, &r)) {
        fprintf(stderr, "nothing at '%s'\n", what);
        failures++;
        return;
    }
    click(app, r, clicks);
    app_run_frames(app, 3);
}

/* Frames until seat 0 is to move (or the game ends). */
static void until_my_turn(void)
{
    for (int i = 0; i < test_count(4000) && !match_is_over(match()) && match_current_player(match()) != 0; i++) {
        app_run_frames(app, 1);
        if (match_bot_busy(match()))
            SDL_Delay(1);
    }
}

/* Replaces seat p's hand by the given cards (each must still be unseen). */
static void give_seat(int p, const char *text)
{
    BuracoState *s = state();
    memset(s->hand[p], 0, BUR_FACES);
    memset(s->known[p], 0, BUR_FACES);
    int old = s->hand_n[p], n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *sv = NULL, *w = strtok_r(buf, " ", &sv); w; w = strtok_r(NULL, " ", &sv)) {
        Card c;
        if (!card_from_text(w, &c) || buraco_unseen(s, card_index(c)) <= 0) {
            fprintf(stderr, "cannot give %s\n", w);
            failures++;
            continue;
        }
        s->hand[p][card_index(c)]++;
        n++;
    }
    s->hand_n[p] = (uint8_t)n;
    s->stock_n = (uint8_t)(s->stock_n + old - n);
    buraco_scene.layout(app->self, app->w, app->h);
    app_run_frames(app, 2);
}

static void give_hand(const char *text) { give_seat(0, text); }

static int hand_index_of(const char *card)
{
    Card c, hand[BUR_DECK_MAX];
    card_from_text(card, &c);
    /* The scene shows the hand sorted by suit (♦ ♣ ♥ ♠) then rank, Ace high. */
    int n = buraco_hand_cards(state(), 0, hand);
    static const int so[4] = {1, 0, 2, 3};
    /* (Or by rank then suit, once S was pressed: the choice is kept in the settings.) */
    bool by_rank = kv_get_int(&app->kv, "buraco.by_rank", 0, 0, 1) == 1;
#define SORT_KEY(x)                                                                        \
    (by_rank ? (card_rank(x) == 1 ? 14 : card_rank(x)) * 4 + so[card_suit(x)]               \
             : so[card_suit(x)] * 16 + (card_rank(x) == 1 ? 14 : card_rank(x)))
    int key = SORT_KEY(c), k = 0;
    for (int i = 0; i < n; i++) {
        int ki = SORT_KEY(hand[i]);
        if (ki < key)
            k++;
    }
    return k;
}

/* Selects the cards from (x0, y0) to (x1, y1) by pressing and dragging along the hand. */
static void sweep(float x0, float y0, float x1, float y1)
{
    push_motion(app, x0, y0, 0, 0, false);
    push_button(app, SDL_MOUSEBUTTONDOWN, x0, y0, 1);
    push_motion(app, (x0 + x1) / 2, y0, 0, 0, true);
    push_motion(app, x1, y1, 0, 0, true);
    push_button(app, SDL_MOUSEBUTTONUP, x1, y1, 1);
    app_run_frames(app, 2);
}

static void test_turn_by_mouse(void)
{
    until_my_turn();
    CHECK(match_current_player(match()) == 0);
    CHECK(state()->phase == BUR_DRAW);
    give_hand("5h 6h 7h 8h 9c Kd Qs 3c");
    int before = state()->hand_n[0];
    /* Draw: click the stock. */
    click_at("stock", 1);
    app_run_frames(app, 5);
    CHECK(state()->phase == BUR_PLAY);
    CHECK(state()->hand_n[0] == before + 1);
    /* Select 5♥ 6♥ 7♥ by dragging along the hand, then drag them onto the table. */
    char w[32];
    float x0, y0, x1, y1;
    snprintf(w, sizeof w, "card:%d", hand_index_of("5h"));
    where(w, &x0, &y0);
    snprintf(w, sizeof w, "card:%d", hand_index_of("7h"));
    where(w, &x1, &y1);
    sweep(x0, y0, x1, y1);
    /* Press on a selected card and carry the selection up onto the table. */
    push_motion(app, x0, y0 - 30 * app->u, 0, 0, false);
    push_button(app, SDL_MOUSEBUTTONDOWN, x0, y0 - 30 * app->u, 1);
    push_motion(app, x0, y0 - 200 * app->u, 0, 0, true);
    push_motion(app, app->w * 0.45f, app->h * 0.55f, 0, 0, true);
    push_button(app, SDL_MOUSEBUTTONUP, app->w * 0.45f, app->h * 0.55f, 1);
    app_run_frames(app, 5);
    CHECK(state()->n_melds[0] == 1);
    CHECK(state()->melds[0][0].n == 3);
    /* Add the 8♥: select it, drop it on the meld. */
    snprintf(w, sizeof w, "card:%d", hand_index_of("8h"));
    where(w, &x0, &y0);
    push_motion(app, x0, y0, 0, 0, false);
    push_button(app, SDL_MOUSEBUTTONDOWN, x0, y0, 1);
    push_button(app, SDL_MOUSEBUTTONUP, x0, y0, 1);
    app_run_frames(app, 2);
    float mx, my;
    CHECK(where("meld:0", &mx, &my));
    push_button(app, SDL_MOUSEBUTTONDOWN, x0, y0 - 30 * app->u, 1);
    push_motion(app, x0, y0 - 200 * app->u, 0, 0, true);
    push_motion(app, mx, my, 0, 0, true);
    push_button(app, SDL_MOUSEBUTTONUP, mx, my, 1);
    app_run_frames(app, 5);
    CHECK(state()->melds[0][0].n == 4);
    /* Discard by double-click: the turn passes. */
    int k = hand_index_of("Kd");
    snprintf(w, sizeof w, "card:%d", k);
    click_at(w, 2);
    /* (The computer may have played its turn since: look at seat 0's last move.) */
    Match *m = match();
    Action last = -1;
    for (int i = m->history_len - 1; i >= 0 && last < 0; i--)
        if (m->history_player[i] == 0)
            last = m->history[i];
    CHECK(last == buraco_action(BUR_A_DISCARD, card_index(card_make(RANK_KING, SUIT_DIAMONDS))));
}

/* Esc, as the shortcuts page says: with cards selected it clears the selection (and the
 * menu stays closed); with none, it opens the menu. */
static void test_escape_clears(void)
{
    until_my_turn();
    if (match_is_over(match()))
        return;
    if (state()->phase == BUR_DRAW)
        click_at("stock", 1);
    app_run_frames(app, 5);
    REQUIRE(state()->phase == BUR_PLAY && match_current_player(match()) == 0);
    give_hand("5s 6s 7s 9c Kd Qh 3c");
    char w[32];
    float x0, y0, x1, y1;
    snprintf(w, sizeof w, "card:%d", hand_index_of("5s"));
    REQUIRE(where(w, &x0, &y0));
    snprintf(w, sizeof w, "card:%d", hand_index_of("7s"));
    REQUIRE(where(w, &x1, &y1));
    sweep(x0, y0, x1, y1);
    int melds = state()->n_melds[0];
    push_key(app, SDLK_ESCAPE, 0);
    app_run_frames(app, 2);
    CHECK(!menu_is_open(app->menu));
    /* Nothing is selected now: M lays nothing. */
    push_key(app, SDLK_m, 0);
    app_run_frames(app, 3);
    CHECK(state()->n_melds[0] == melds);
    /* With nothing selected, Esc opens the menu, and closes it again. */
    push_key(app, SDLK_ESCAPE, 0);
    app_run_frames(app, 2);
    CHECK(menu_is_open(app->menu));
    push_key(app, SDLK_ESCAPE, 0);
    app_run_frames(app, 2);
    CHECK(!menu_is_open(app->menu));
    /* The same three, laid with M, to leave the turn as the next test expects. */
    sweep(x0, y0, x1, y1);
    push_key(app, SDLK_m, 0);
    app_run_frames(app, 3);
    CHECK(state()->n_melds[0] == melds + 1);
    snprintf(w, sizeof w, "card:%d", hand_index_of("Kd"));
    click_at(w, 2); /* the discard ends the turn */
}

static void test_take_the_pile(void)
{
    until_my_turn();
    if (match_is_over(match()))
        return;
    /* A hand that makes two different melds with the top card: the game offers both. */
    BuracoState *s = state();
    Card top = buraco_pile_top(s);
    int suit = card_suit(top), r = card_rank(top) == RANK_ACE ? 14 : card_rank(top);
    char hand[128], a[8], b[8], c[8];
    int lo = r >= 3 ? r - 2 : r + 1; /* two neighbours: below the top, or above it */
    card_to_text(buraco_pos_card(suit, lo), a);
    card_to_text(buraco_pos_card(suit, lo + 1), b);
    card_to_text(card_make(2, suit == SUIT_CLUBS ? SUIT_DIAMONDS : SUIT_CLUBS), c);
    snprintf(hand, sizeof hand, "%s %s %s", a, b, c);
    give_hand(hand);
    int melds = state()->n_melds[0];
    click_at("pile", 1);
    app_run_frames(app, 3);
    float x, y;
    if (where("choice:0", &x, &y)) {
        click_at("choice:0", 1);
    }
    app_run_frames(app, 5);
    CHECK(state()->n_melds[0] == melds + 1);
    CHECK(state()->phase == BUR_PLAY || match_is_over(match()));
    /* Keyboard: sorting by rank does not change the hand. */
    int n = state()->hand_n[0];
    push_key(app, SDLK_s, 0);
    app_run_frames(app, 3);
    CHECK(state()->hand_n[0] == n);
}

/* Plays the rest with Medium for seat 0 and checks the score sheet and a new game. */
static void test_to_the_end(void)
{
    for (int i = 0; i < test_count(20000) && !match_is_over(match()); i++) {
        Match *m = match();
        if (match_current_player(m) == 0) {
            Rng r;
            rng_seed(&r, (uint64_t)i);
            Action act = bot_decide(m->rules, DIFF_MEDIUM, m->state, 0, &r, NULL);
            CHECK(match_submit(m, 0, act) == NULL);
        }
        app_run_frames(app, 1);
        if (match_bot_busy(match()))
            SDL_Delay(1);
    }
    CHECK(match_is_over(match()));
    app_run_frames(app, 60);
    float x, y;
    CHECK(where("next", &x, &y));
    Match *old = match();
    click_at("next", 1);
    app_run_frames(app, 10);
    CHECK(match() != old);
    CHECK(!match_is_over(match()));
}

/* With BURACO_SHOTS=folder, the table as drawn now is saved there as name (for looking). */
static void shot(const char *name)
{
    const char *dir = getenv("BURACO_SHOTS");
    if (!dir || !*dir)
        return;
    app_run_frames(app, 1);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, app->w, app->h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return;
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (SDL_RenderReadPixels(app->ren, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0)
        IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

/* Lays a new meld of n cards for `team` from the stock's cards (still unseen): a run of one
 * suit, with a 2 of another suit standing for its fourth card when `wild`. */
static bool give_meld(int team, int n, bool wild)
{
    BuracoState *s = state();
    for (int suit = 0; suit < SUIT_COUNT; suit++)
        for (int lo = 3; lo + n - 1 <= 13; lo++) {
            Card cards[BUR_MELD_MAX];
            int taken[BUR_FACES] = {0};
            bool ok = true;
            for (int k = 0; k < n && ok; k++) {
                Card c = wild && k == 3 ? card_make(2, (suit + 1) % SUIT_COUNT)
                                        : buraco_pos_card(suit, lo + k);
                int f = card_index(c);
                ok = buraco_unseen(s, f) - taken[f] > 0;
                taken[f]++;
                cards[k] = c;
            }
            BuracoMeldInfo info;
            if (!ok || s->n_melds[team] >= BUR_MAX_MELDS || s->stock_n < n ||
                !buraco_meld_check(cards, n, &info))
                continue;
            buraco_meld_set(&s->melds[team][s->n_melds[team]++], &info);
            s->stock_n = (uint8_t)(s->stock_n - n);
            return true;
        }
    return false;
}

static bool overlap(SDL_FRect a, SDL_FRect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* A networked table's news (the deal verified, a seat waited for) is never over a hand,
 * the stock, the pile or a meld, with two players or four and both bands of melds full
 * (issue 39: it covered the top of the computer's hand). */
static void test_news_place(void)
{
    for (int players = 2; players <= 4; players += 2) {
        kv_set_int(&app->kv, "buraco.players", players);
        table_deal((Table *)app->self);
        app_run_frames(app, 5);
        REQUIRE(match()->num_players == players);
        for (int i = 0; i < 12; i++) /* the stock's cards, shared out as melds */
            give_meld(i % 2, 3 + (i / 2) % 2, i % 3 == 1);
        CHECK(state()->n_melds[0] >= 4 && state()->n_melds[1] >= 4);
        buraco_scene.layout(app->self, app->w, app->h);
        app_run_frames(app, 5);
        SDL_FRect news, r;
        REQUIRE(locate(app, "news-place", &news));
        const char *const fixed[] = {"stock", "pile", "hand"};
        for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
            REQUIRE(locate(app, fixed[i], &r));
            CHECK(!overlap(news, r));
        }
        int melds = 0;
        for (int p = 1; p < players; p++) {
            char what[16];
            snprintf(what, sizeof what, "seat:%d", p);
            REQUIRE(locate(app, what, &r));
            if (overlap(news, r))
                fprintf(stderr, "news over seat %d's hand (%d players)\n", p, players);
            CHECK(!overlap(news, r));
        }
        for (int team = 0; team < 2; team++)
            for (int i = 0; i < state()->n_melds[team]; i++) {
                char what[24];
                snprintf(what, sizeof what, "meld:%d:%d", team, i);
                REQUIRE(locate(app, what, &r));
                if (overlap(news, r))
                    fprintf(stderr, "news %.0f,%.0f %.0fx%.0f over meld %s %.0f,%.0f %.0fx%.0f\n",
                            news.x, news.y, news.w, news.h, what, r.x, r.y, r.w, r.h);
                CHECK(!overlap(news, r));
                melds++;
            }
        CHECK(melds >= 8);
        shot(players == 2 ? "news2.png" : "news4.png");
    }
    kv_set_int(&app->kv, "buraco.players", 2);
    table_deal((Table *)app->self);
    app_run_frames(app, 5);
}

/* The pixel of the drawn table at (x, y). */
static SDL_Color pixel_at(float x, float y)
{
    SDL_Color c = {0, 0, 0, 0};
    Uint32 px = 0;
    SDL_Rect one = {(int)x, (int)y, 1, 1};
    if (SDL_RenderReadPixels(app->ren, &one, SDL_PIXELFORMAT_ARGB8888, &px, 4) == 0)
        c = (SDL_Color){(Uint8)(px >> 16), (Uint8)(px >> 8), (Uint8)px, 255};
    return c;
}

static bool near_colour(SDL_Color c, int r, int g, int b)
{
    return abs(c.r - r) <= 12 && abs(c.g - g) <= 12 && abs(c.b - b) <= 12;
}

/* A canastra is marked limpa (gold) or suja (grey) on the meld's lower edge, for both
 * teams; a meld of six is not marked. */
static void test_canastra_marks(void)
{
    until_my_turn();
    CHECK(!match_is_over(match()));
    BuracoState saved = *state();
    int mine = state()->n_melds[0], theirs = state()->n_melds[1];
    CHECK(give_meld(0, 7, false)); /* limpa */
    CHECK(give_meld(1, 7, true));  /* suja */
    CHECK(give_meld(0, 6, false)); /* six cards: no canastra yet */
    buraco_scene.layout(app->self, app->w, app->h);
    app_run_frames(app, 3);
    SDL_FRect limpa, suja, none, meld;
    char w[32];
    snprintf(w, sizeof w, "canastra:0:%d", mine);
    CHECK(buraco_scene.locate(app->self, w, &limpa));
    snprintf(w, sizeof w, "canastra:1:%d", theirs);
    CHECK(buraco_scene.locate(app->self, w, &suja));
    snprintf(w, sizeof w, "canastra:0:%d", mine + 1);
    CHECK(!buraco_scene.locate(app->self, w, &none));
    snprintf(w, sizeof w, "meld:%d", mine);
    CHECK(buraco_scene.locate(app->self, w, &meld));
    /* On the meld's lower half: its cards' indices and the band's label stay clear. */
    CHECK(limpa.y > meld.y + meld.h / 2 && limpa.x >= meld.x && limpa.x < meld.x + meld.w);
    app_run_frames(app, 1);
    /* Inside each pill, right of its text: the mark's colour. */
    SDL_Color g = pixel_at(limpa.x + limpa.w - 4 * app->u, limpa.y + limpa.h / 2);
    SDL_Color s = pixel_at(suja.x + suja.w - 4 * app->u, suja.y + suja.h / 2);
    if (!near_colour(g, 236, 196, 96) || !near_colour(s, 190, 190, 190))
        fprintf(stderr, "marks: limpa %d,%d,%d suja %d,%d,%d\n", g.r, g.g, g.b, s.r, s.g, s.b);
    CHECK(near_colour(g, 236, 196, 96));
    CHECK(near_colour(s, 190, 190, 190));
    shot("canastras.png");
    *state() = saved; /* the game goes on as dealt */
    buraco_scene.layout(app->self, app->w, app->h);
    app_run_frames(app, 3);
}

/* Seat 0 plays its turn the way the medium bot would (the tests' stand-in for a person). */
static void play_my_turn(int salt)
{
    Match *m = match();
    for (int k = 0; k < 40 && match_current_player(m) == 0 && !match_is_over(m); k++) {
        Rng r;
        rng_seed(&r, (uint64_t)(salt * 131 + k));
        Action act = bot_decide(m->rules, DIFF_MEDIUM, m->state, 0, &r, NULL);
        CHECK(match_submit(m, 0, act) == NULL);
        app_run_frames(app, 1);
    }
}

/* Options -> Players: Four. You and the computer across the table share your melds. */
static void test_four_players(void)
{
    kv_set_int(&app->kv, "buraco.players", 4);
    buraco_scene.settings_changed(app->self); /* a game you have not touched: dealt again */
    app_run_frames(app, 5);
    CHECK(match()->num_players == 4);
    CHECK(!match()->seats[0].bot && match()->seats[1].bot && match()->seats[2].bot &&
          match()->seats[3].bot);
    until_my_turn();
    if (match_is_over(match()))
        return;
    CHECK(match_current_player(match()) == 0);
    give_hand("5h 6h 7h 9c Kd Qs 3c");
    /* Your partner holds the cards that go on: it should add them to your meld. */
    give_seat(2, "8h 9h 4d Jc");
    click_at("stock", 1);
    app_run_frames(app, 5);
    CHECK(state()->phase == BUR_PLAY);
    /* Select 5♥ 6♥ 7♥ and press M. */
    const char *run[3] = {"5h", "6h", "7h"};
    for (int i = 0; i < 3; i++) {
        char w[32];
        snprintf(w, sizeof w, "card:%d", hand_index_of(run[i]));
        click_at(w, 1);
    }
    int before = state()->n_melds[0];
    push_key(app, SDLK_m, 0);
    app_run_frames(app, 5);
    CHECK(state()->n_melds[0] == before + 1);
    const BuracoMeld *mine = &state()->melds[0][before];
    CHECK(mine->n == 3 && mine->suit == SUIT_HEARTS);
    /* Discard the K♦ (double-click): east, your partner and west play, then you again. */
    int len = match()->history_len;
    char w[32];
    snprintf(w, sizeof w, "card:%d", hand_index_of("Kd"));
    click_at(w, 2);
    CHECK(match_current_player(match()) != 0);
    until_my_turn();
    CHECK(match_is_over(match()) || match_current_player(match()) == 0);
    bool acted[4] = {false};
    for (int i = len; i < match()->history_len; i++)
        if (match()->history_player[i] >= 0)
            acted[match()->history_player[i]] = true;
    CHECK(acted[1] && acted[2] && acted[3]);
    /* The meld is the team's: your partner added to it. */
    if (state()->melds[0][before].n < 4)
        for (int i = len; i < match()->history_len; i++) {
            char txt[RULES_ACTION_TEXT];
            match()->rules->action_to_string(match()->state, match()->history[i], txt);
            fprintf(stderr, "  seat %d: %s\n", match()->history_player[i], txt);
        }
    CHECK(state()->melds[0][before].n >= 4);
    /* Everything shown: the partner across, the others on their plates, counts and turn. */
    SDL_FRect r;
    CHECK(buraco_scene.locate(app->self, "stock", &r));
    /* To the end with you playing like the computer: the score sheet is per team. */
    for (int round = 0; round < 400 && !match_is_over(match()); round++) {
        play_my_turn(round);
        until_my_turn();
    }
    CHECK(match_is_over(match()));
    app_run_frames(app, 60);
    float x, y;
    CHECK(where("next", &x, &y));
    shot("four-players-end.png");
    kv_set_int(&app->kv, "buraco.players", 2);
}

/* Leaving the table and coming back resumes the game left off, with two or four players. */
static void test_resume(void)
{
    for (int k = 0; k < 2; k++) {
        int players = k == 0 ? 4 : 2;
        kv_set_int(&app->kv, "buraco.players", players);
        buraco_scene.new_game(app->self);
        app_run_frames(app, 5);
        until_my_turn();
        if (match_is_over(match()))
            continue;
        int len = match()->history_len;
        CHECK(match()->num_players == players);
        app->notice[0] = '\0';
        app->scene->leave(app->self);
        app->self = buraco_scene.enter(app, &buraco_scene);
        CHECK(app->self != NULL);
        if (!app->self)
            return;
        buraco_scene.layout(app->self, app->w, app->h);
        app_run_frames(app, 3);
        CHECK(match()->num_players == players);
        CHECK(match()->history_len == len);
        CHECK(match_current_player(match()) == 0);
        CHECK(app->notice[0] == '\0');
    }
}

/* A script in TMPDIR that runs `command` (the table runs a program file, no arguments). */
static void write_program(char *path, size_t size, const char *name, const char *command)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(path, size, "%s/%s", tmp && *tmp ? tmp : "/tmp", name);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fprintf(f, "#!/bin/sh\nexec %s\n", command);
    fclose(f);
    chmod(path, 0755);
}

/* Menu -> New game; a game you have played in asks first (it would count as lost): yes.
 * True when it asked. */
static bool start_new_game(void)
{
    buraco_scene.new_game(app->self);
    app_run_frames(app, 2);
    SDL_FRect r;
    if (!buraco_scene.locate(app->self, "confirm", &r))
        return false;
    click(app, r, 1);
    app_run_frames(app, 2);
    return true;
}

/* Options -> Opponent: a bot program (chosen in the window, as the file chooser does: a
 * program only named in the settings file would be asked about first); Menu -> New game
 * (true when it asked first). */
static bool against_program(const char *path)
{
    kv_set_int(&app->kv, "buraco.players", 2);
    kv_set_int(&app->kv, "buraco.opponent", 1);
    buraco_scene.set_table_option(app, 2, 1, path); /* chosen in the window */
    bool asked = start_new_game();
    app_run_frames(app, 5);
    CHECK(match()->num_players == 2);
    CHECK(!match()->seats[1].bot); /* the program plays it, not our bot */
    return asked;
}

/* Frames (really waiting a little) until `done` or about `ms` milliseconds (scaled). */
static bool run_until_dq(int ms)
{
    for (int i = 0; i < test_ms(ms) / 2; i++) {
        if (*buraco_scene_program_message(app->self))
            return true;
        if (match_current_player(match()) == 0)
            play_my_turn(i);
        app_run_frames(app, 1);
        SDL_Delay(2);
    }
    return *buraco_scene_program_message(app->self) != 0;
}

static void test_program_plays(void)
{
    char path[600], cmd[800];
    snprintf(cmd, sizeof cmd, "%s buraco-bot --difficulty easy --seed 4", RUNNER);
    write_program(path, sizeof path, "goodbot.sh", cmd);
    against_program(path);
    /* Play the whole game: the program answers every turn, nobody is disqualified. */
    for (int i = 0; i < test_count(30000) && !match_is_over(match()); i++) {
        if (match_current_player(match()) == 0)
            play_my_turn(i);
        app_run_frames(app, 1);
        if (match_current_player(match()) == 1)
            SDL_Delay(1);
        if (*buraco_scene_program_message(app->self))
            break;
    }
    CHECK(*buraco_scene_program_message(app->self) == 0);
    CHECK(match_is_over(match()));
    int ones = 0;
    for (int i = 0; i < match()->history_len; i++)
        ones += match()->history_player[i] == 1;
    CHECK(ones > 5);
    app_run_frames(app, 60);
    float x, y;
    CHECK(where("next", &x, &y));
}

static void test_program_disqualified(void)
{
    char path[600], cmd[800];
    /* Talks nonsense: disqualified; the game is counted won; a new game goes on. */
    snprintf(cmd, sizeof cmd, "%s nonsense", BADBOT);
    write_program(path, sizeof path, "nonsensebot.sh", cmd);
    against_program(path);
    CHECK(run_until_dq(8000));
    const char *msg = buraco_scene_program_message(app->self);
    CHECK(strstr(msg, "nonsensebot.sh") != NULL);
    CHECK(strstr(msg, "disqualified") != NULL);
    CHECK(strstr(msg, "unknown command") != NULL);
    app_run_frames(app, 5);
    float x, y;
    CHECK(where("dq-win", &x, &y));
    click_at("dq-win", 1);
    app_run_frames(app, 60);
    CHECK(where("next", &x, &y));
    /* Crashes: play on against the computer; the table works as before. */
    snprintf(cmd, sizeof cmd, "%s crash", BADBOT);
    write_program(path, sizeof path, "crashbot.sh", cmd);
    CHECK(!against_program(path)); /* the game won is over: nothing to ask */
    CHECK(run_until_dq(8000));
    msg = buraco_scene_program_message(app->self);
    CHECK(strstr(msg, "crashbot.sh") != NULL && strstr(msg, "program ended") != NULL);
    /* While the dialog is up the table ignores clicks. */
    int len = match()->history_len;
    click_at("stock", 1);
    CHECK(match()->history_len == len);
    click_at("dq-continue", 1);
    app_run_frames(app, 3);
    CHECK(*buraco_scene_program_message(app->self) == 0);
    CHECK(match()->seats[1].bot);
    for (int round = 0; round < 3 && !match_is_over(match()); round++) {
        until_my_turn();
        play_my_turn(round);
    }
    until_my_turn();
    CHECK(match_is_over(match()) || match_current_player(match()) == 0);
    /* Hangs: after three seconds it is disqualified, and the frames never waited for it. */
    snprintf(cmd, sizeof cmd, "%s hang", BADBOT);
    write_program(path, sizeof path, "hangbot.sh", cmd);
    /* The clock starts before the program does: its three seconds may begin while
     * against_program is still setting the table up (on a loaded machine, a good part). */
    Uint64 t0 = SDL_GetTicks64();
    CHECK(against_program(path)); /* the game played on against the computer was under way */
    Uint64 longest = 0;
    for (int i = 0; i < test_count(5000) && !*buraco_scene_program_message(app->self); i++) {
        if (match_current_player(match()) == 0)
            play_my_turn(i);
        Uint64 a = SDL_GetTicks64();
        app_run_frames(app, 1);
        Uint64 d = SDL_GetTicks64() - a;
        longest = d > longest ? d : longest;
        SDL_Delay(2);
    }
    msg = buraco_scene_program_message(app->self);
    CHECK(strstr(msg, "hangbot.sh") != NULL && strstr(msg, "no answer in time") != NULL);
    CHECK(SDL_GetTicks64() - t0 >= 2900);
    /* no frame blocked on the program (a blocked one would wait out its 3 s) */
    CHECK(longest < (Uint64)(test_ms(1000) < 2500 ? test_ms(1000) : 2500));
    click_at("dq-win", 1);
    app_run_frames(app, 10);
    /* Floods: 100 KB without a newline. */
    snprintf(cmd, sizeof cmd, "%s floodline", BADBOT);
    write_program(path, sizeof path, "floodbot.sh", cmd);
    against_program(path);
    CHECK(run_until_dq(8000));
    msg = buraco_scene_program_message(app->self);
    CHECK(strstr(msg, "floodbot.sh") != NULL && strstr(msg, "output flood") != NULL);
    click_at("dq-win", 1);
    app_run_frames(app, 10);
    /* A program that is not there (any more). */
    against_program("/nonexistent/bot-program");
    CHECK(run_until_dq(2000));
    msg = buraco_scene_program_message(app->self);
    CHECK(strstr(msg, "bot-program") != NULL && strstr(msg, "cannot run") != NULL);
    click_at("dq-continue", 1);
    app_run_frames(app, 3);
    CHECK(match()->seats[1].bot);
    kv_set_int(&app->kv, "buraco.opponent", 0);
}

/* Four players, Options -> Bot program's seat: Partner. The program sits across the table,
 * plays its turns over the protocol to the end of the game and shares your melds. */
static void test_program_partner(void)
{
    char path[600], cmd[800];
    snprintf(cmd, sizeof cmd, "%s buraco-bot --difficulty easy --seed 5", RUNNER);
    write_program(path, sizeof path, "partnerbot.sh", cmd);
    kv_set_int(&app->kv, "buraco.players", 4);
    kv_set_int(&app->kv, "buraco.program_seat4", 1); /* None, Partner, East, West */
    buraco_scene.set_table_option(app, 2, 1, path); /* chosen in the window */
    start_new_game();
    app_run_frames(app, 5);
    CHECK(match()->num_players == 4);
    /* The program plays seat 2, the computer the two others. */
    CHECK(!match()->seats[0].bot && match()->seats[1].bot && !match()->seats[2].bot &&
          match()->seats[3].bot);
    int my_turns = 0;
    for (int i = 0; i < test_count(60000) && !match_is_over(match()); i++) {
        if (match_current_player(match()) == 0) {
            if (++my_turns == 6) { /* a picture of the table mid-game */
                ((Table *)app->self)->toast.t = 0; /* an earlier test's message */
                shot("four-players-program-partner.png");
            }
            play_my_turn(i);
        }
        app_run_frames(app, 1);
        if (match_current_player(match()) == 2 || match_bot_busy(match()))
            SDL_Delay(1);
        if (*buraco_scene_program_message(app->self))
            break;
    }
    CHECK(*buraco_scene_program_message(app->self) == 0);
    CHECK(match_is_over(match()));
    int turns[4] = {0};
    for (int i = 0; i < match()->history_len; i++)
        if (match()->history_player[i] >= 0)
            turns[match()->history_player[i]]++;
    CHECK(turns[1] > 5 && turns[2] > 5 && turns[3] > 5);
    app_run_frames(app, 60);
    float x, y;
    CHECK(where("next", &x, &y));
    shot("four-players-program-partner-end.png");

    /* As an opponent (West), a program that crashes: its team loses, so the game is yours. */
    snprintf(cmd, sizeof cmd, "%s crash", BADBOT);
    write_program(path, sizeof path, "crashwest.sh", cmd);
    kv_set_int(&app->kv, "buraco.program_seat4", 3);
    buraco_scene.set_table_option(app, 2, 1, path); /* chosen in the window */
    start_new_game();
    app_run_frames(app, 5);
    CHECK(!match()->seats[3].bot && match()->seats[1].bot && match()->seats[2].bot);
    CHECK(run_until_dq(8000));
    CHECK(strstr(buraco_scene_program_message(app->self), "crashwest.sh") != NULL);
    click_at("dq-win", 1);
    app_run_frames(app, 60);
    CHECK(app->scene && ((Table *)app->self)->result == 1);
    /* As the partner, the same crash loses the game for your team. */
    write_program(path, sizeof path, "crashpartner.sh", cmd);
    kv_set_int(&app->kv, "buraco.program_seat4", 1);
    buraco_scene.set_table_option(app, 2, 1, path); /* chosen in the window */
    start_new_game();
    app_run_frames(app, 5);
    CHECK(!match()->seats[2].bot);
    CHECK(run_until_dq(8000));
    click_at("dq-win", 1);
    app_run_frames(app, 60);
    CHECK(((Table *)app->self)->result == -1);
    kv_set_int(&app->kv, "buraco.program_seat4", 0);
    kv_set_int(&app->kv, "buraco.players", 2);
}

/* Leaves the table and comes back: the game is resumed from its save. */
static void leave_and_resume(void)
{
    app->notice[0] = '\0';
    app->scene->leave(app->self);
    app->self = buraco_scene.enter(app, &buraco_scene);
    REQUIRE(app->self != NULL);
    buraco_scene.layout(app->self, app->w, app->h);
    app_run_frames(app, 3);
}

/* Plays (you like the computer) until the program has made `turns` moves and it is your
 * turn again. */
static void play_until_program_moved(int seat, int turns)
{
    for (int i = 0; i < test_count(20000) && !match_is_over(match()); i++) {
        int moved = 0;
        for (int k = 0; k < match()->history_len; k++)
            moved += match()->history_player[k] == seat;
        if (moved >= turns && match_current_player(match()) == 0)
            return;
        if (match_current_player(match()) == 0)
            play_my_turn(i);
        app_run_frames(app, 1);
        if (match_current_player(match()) == seat)
            SDL_Delay(1);
    }
}

/* A resumed game that was played with a bot program offers to bring it back when its file
 * is still there: it is shown the game so far, makes its own moves again, and plays on.
 * A program that plays otherwise the second time, or whose file is gone, leaves its seat
 * to the computer. */
static void test_program_resumed(void)
{
    char path[600], cmd[1600];
    snprintf(cmd, sizeof cmd, "%s buraco-bot --difficulty easy --seed 9 --think-ms 0", RUNNER);
    write_program(path, sizeof path, "steadybot.sh", cmd);
    against_program(path);
    play_until_program_moved(1, 12);
    REQUIRE(!match_is_over(match()));
    int len = match()->history_len;
    leave_and_resume();
    CHECK(match()->history_len == len);
    float x, y;
    CHECK(where("reconnect", &x, &y));
    shot("resume-offer.png");
    CHECK(match()->seats[1].bot); /* nobody plays it until the player says */
    app_run_frames(app, 30);
    CHECK(match()->history_len == len);
    click_at("reconnect", 1);
    for (int i = 0; i < test_count(3000) && match()->seats[1].bot; i++) {
        app_run_frames(app, 1);
        SDL_Delay(1);
    }
    CHECK(!match()->seats[1].bot);
    CHECK(*buraco_scene_program_message(app->self) == 0);
    for (int i = 0; i < test_count(30000) && !match_is_over(match()); i++) {
        if (match_current_player(match()) == 0)
            play_my_turn(i);
        app_run_frames(app, 1);
        if (match_current_player(match()) == 1)
            SDL_Delay(1);
        if (*buraco_scene_program_message(app->self))
            break;
    }
    CHECK(*buraco_scene_program_message(app->self) == 0);
    CHECK(match_is_over(match()));
    int after = 0;
    for (int k = len; k < match()->history_len; k++)
        after += match()->history_player[k] == 1;
    CHECK(after > 0);

    /* A program that plays otherwise the second time it runs (easy, then medium). */
    const char *tmp = getenv("TMPDIR");
    char mark[600];
    snprintf(mark, sizeof mark, "%s/fickle-ran-once", tmp && *tmp ? tmp : "/tmp");
    remove(mark);
    snprintf(cmd, sizeof cmd,
             "sh -c 'if [ -e \"%s\" ]; then exec %s buraco-bot --difficulty medium --seed 1 "
             "--think-ms 0; else touch \"%s\"; exec %s buraco-bot --difficulty easy --seed 1 "
             "--think-ms 0; fi'",
             mark, RUNNER, mark, RUNNER);
    write_program(path, sizeof path, "fickle bot.sh", cmd);
    against_program(path);
    play_until_program_moved(1, 12);
    REQUIRE(!match_is_over(match()));
    leave_and_resume();
    click_at("reconnect", 1);
    for (int i = 0; i < test_count(3000) && !app->notice[0]; i++) {
        app_run_frames(app, 1);
        SDL_Delay(1);
    }
    CHECK(strstr(app->notice, "did not make its own moves again") != NULL);
    CHECK(match()->seats[1].bot);
    until_my_turn();
    CHECK(match_is_over(match()) || match_current_player(match()) == 0);

    /* The file is gone: no offer, the computer plays on. */
    write_program(path, sizeof path, "gonebot.sh", cmd);
    against_program(path);
    play_until_program_moved(1, 4);
    REQUIRE(!match_is_over(match()));
    remove(path);
    leave_and_resume();
    CHECK(!where("reconnect", &x, &y));
    CHECK(strstr(app->notice, "goes on against the computer") != NULL);
    CHECK(match()->seats[1].bot);
    kv_set_int(&app->kv, "buraco.opponent", 0);
}

/* Options -> Bot program opens the file chooser; it is walked with the keyboard and the
 * mouse. */
static void test_choose_program(void)
{
    char dir[600], sub[700], prog[800], cmd[800];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/fc-test", tmp && *tmp ? tmp : "/tmp");
    snprintf(sub, sizeof sub, "%s/sub", dir);
    mkdir(dir, 0755);
    mkdir(sub, 0755);
    FILE *f;
    char notes[800];
    snprintf(notes, sizeof notes, "%s/a-notes.txt", dir);
    f = fopen(notes, "w");
    if (f) {
        fputs("not a program\n", f);
        fclose(f);
    }
    snprintf(cmd, sizeof cmd, "%s buraco-bot --difficulty easy --seed 9", RUNNER);
    write_program(prog, sizeof prog, "fc-test/sub/prog.sh", cmd);
    kv_set(&app->kv, "buraco.program", "");
    kv_set_int(&app->kv, "buraco.opponent", 0);
    kv_set(&app->kv, "filechooser.dir", dir);
    menu_open(app->menu, PAGE_OPTIONS);
    app_run_frames(app, 3);
    /* The rule options, Players, Opponent, then the Bot program line. */
    for (int i = 0; i < BUR_OPT_COUNT; i++)
        push_key(app, SDLK_DOWN, 0);
    push_key(app, SDLK_DOWN, 0);
    push_key(app, SDLK_DOWN, 0);
    push_key(app, SDLK_RETURN, 0);
    app_run_frames(app, 3);
    CHECK(menu_page(app->menu) == PAGE_FILE);
    /* Parent folder, Home folder, "sub" (folders first): in. */
    push_key(app, SDLK_DOWN, 0);
    push_key(app, SDLK_DOWN, 0);
    push_key(app, SDLK_RETURN, 0);
    app_run_frames(app, 3);
    /* Backspace goes up again; back into "sub" with the mouse, up and in again. */
    push_key(app, SDLK_BACKSPACE, 0);
    app_run_frames(app, 2);
    CHECK(menu_page(app->menu) == PAGE_FILE);
    SDL_FRect r;
    CHECK(!menu_find(app->menu, "prog.sh", &r));
    CHECK(menu_find(app->menu, "a-notes.txt", &r)); /* listed, but not a program */
    CHECK(menu_find(app->menu, "sub", &r));
    click(app, r, 1);
    app_run_frames(app, 3);
    CHECK(menu_find(app->menu, "prog.sh", &r));
    CHECK(menu_find(app->menu, "Parent folder", &r));
    click(app, r, 1);
    app_run_frames(app, 3);
    CHECK(menu_find(app->menu, "sub", &r));
    click(app, r, 1);
    app_run_frames(app, 3);
    CHECK(menu_find(app->menu, "prog.sh", &r));
    /* A click on a file that is not a program does nothing. */
    push_key(app, SDLK_BACKSPACE, 0);
    app_run_frames(app, 2);
    CHECK(menu_find(app->menu, "a-notes.txt", &r));
    click(app, r, 1);
    app_run_frames(app, 3);
    CHECK(menu_page(app->menu) == PAGE_FILE);
    CHECK(menu_find(app->menu, "sub", &r));
    click(app, r, 1);
    app_run_frames(app, 3);
    menu_layout(app->menu); /* the keyboard walk below starts from the first line */
    app_run_frames(app, 2);
    /* In "sub": Parent, Home, prog.sh. */
    push_key(app, SDLK_DOWN, 0);
    push_key(app, SDLK_DOWN, 0);
    push_key(app, SDLK_RETURN, 0);
    app_run_frames(app, 3);
    CHECK(menu_page(app->menu) == PAGE_OPTIONS);
    const char *chosen = kv_get(&app->kv, "buraco.program");
    CHECK(chosen && strcmp(chosen, prog) == 0);
    CHECK(kv_get_int(&app->kv, "buraco.opponent", 0, 0, 1) == 1);
    const char *last = kv_get(&app->kv, "filechooser.dir");
    CHECK(last && strcmp(last, sub) == 0);
    /* Kept in the settings file. */
    app_save_settings(app);
    Kv kv;
    char notice[256];
    kv_load(&kv, app->kv.path, "# Tasca settings 1", notice, sizeof notice);
    const char *saved = kv_get(&kv, "buraco.program");
    CHECK(saved && strcmp(saved, prog) == 0);
    /* A name the settings file could not keep is refused with a notice. */
    buraco_scene.set_table_option(app, 2, 1, "/tmp/odd\nname");
    chosen = kv_get(&app->kv, "buraco.program");
    CHECK(chosen && strcmp(chosen, prog) == 0);
    CHECK(app->notice[0] != '\0');
    menu_close(app->menu);
    app_run_frames(app, 3);
    kv_set_int(&app->kv, "buraco.opponent", 0);
    start_new_game();
    app_run_frames(app, 3);
}

/* ---- A networked table: the window at another seat ---- */

/* What a seat's client hands the mirror (match.h): a real game's steps, each with the seat's
 * view after it; a card dealt to another hand is a hidden step. What the seat sends is kept. */
typedef struct {
    int n, cap, next;
    int *player;
    Action *action;
    uint32_t *steps;
    BuracoState *views;
    Action sent;
    int n_sent;
} Feed;

static const char *feed_send(void *user, Action a, uint32_t at)
{
    Feed *f = user;
    (void)at;
    f->sent = a;
    f->n_sent++;
    return NULL;
}

static bool feed_next(void *user, int *player, Action *a, uint32_t *steps, void *view)
{
    Feed *f = user;
    if (f->next >= f->n)
        return false;
    int i = f->next++;
    *player = f->player[i];
    *a = f->action[i];
    *steps = f->steps[i];
    memcpy(view, &f->views[i], sizeof f->views[i]);
    return true;
}

/* Applies `a` to the real table and hands the step to the seat's feed. */
static void real_step(Match *real, Feed *f, int seat, Action a)
{
    int cur = match_current_player(real);
    BuracoState before = *(BuracoState *)real->state;
    CHECK(match_apply(real, a) == NULL);
    const BuracoState *after = real->state;
    bool hidden = false;
    for (int p = 0; p < after->num_players; p++)
        hidden |= cur == PLAYER_CHANCE && p != seat && after->hand_n[p] > before.hand_n[p];
    if (f->n == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 256;
        f->player = realloc(f->player, sizeof *f->player * (size_t)f->cap);
        f->action = realloc(f->action, sizeof *f->action * (size_t)f->cap);
        f->steps = realloc(f->steps, sizeof *f->steps * (size_t)f->cap);
        f->views = realloc(f->views, sizeof *f->views * (size_t)f->cap);
    }
    f->player[f->n] = cur;
    f->action[f->n] = hidden ? ACTION_HIDDEN : a;
    f->steps[f->n] = (uint32_t)real->history_len;
    buraco_rules.observe(real->state, seat, &f->views[f->n]);
    f->n++;
}

/* The real table plays on (random legal moves, the deal as drawn) until `stop` holds. */
static void real_play(Match *real, Feed *f, int seat, Rng *r, bool (*stop)(const Match *, int))
{
    for (int i = 0; i < 20000 && !match_is_over(real) && !(stop && stop(real, seat)); i++) {
        Action a;
        if (match_current_player(real) == PLAYER_CHANCE) {
            a = match_next_chance(real);
        } else {
            Action acts[RULES_MAX_ACTIONS];
            int k = buraco_rules.legal_actions(real->state, acts);
            a = acts[rng_below(r, (uint32_t)k)];
        }
        real_step(real, f, seat, a);
    }
}

static bool seat_plays(const Match *m, int seat)
{
    return match_current_player(m) == seat && ((BuracoState *)m->state)->phase == BUR_PLAY;
}

/* The table scene afresh: it takes a mirror waiting for it, or resumes the offline game. */
static void enter_table(void)
{
    if (app->scene && app->self)
        app->scene->leave(app->self);
    app->scene = &buraco_scene;
    app->self = buraco_scene.enter(app, &buraco_scene);
    if (app->self)
        buraco_scene.layout(app->self, app->w, app->h);
}

static bool centre_of(const char *what, float *x, float *y)
{
    if (where(what, x, y))
        return true;
    fprintf(stderr, "nothing at '%s'\n", what);
    return false;
}

/* The card the scene shows first in `seat`'s hand (sorted as in hand_index_of). */
static Card first_shown(const BuracoState *s, int seat)
{
    Card hand[BUR_DECK_MAX], best = CARD_NONE;
    int n = buraco_hand_cards(s, seat, hand), best_key = 1 << 20;
    static const int so[4] = {1, 0, 2, 3};
    bool by_rank = kv_get_int(&app->kv, "buraco.by_rank", 0, 0, 1) == 1;
    for (int i = 0; i < n; i++) {
        int key = SORT_KEY(hand[i]);
        if (key < best_key) {
            best_key = key;
            best = hand[i];
        }
    }
    return best;
}

/* A networked table of `players` with this window at `seat`: its hand south, face up, the
 * other seats placed around it, its team's melds "yours", the end told from its side. */
static void mirrored_seat(int players, int seat, uint64_t seed)
{
    GameOptions opt;
    rules_default_options(&buraco_rules, &opt);
    buraco_variant_options(BUR_VARIANT_CONTEST, &opt);
    SeatSpec seats[4];
    for (int p = 0; p < players; p++)
        seats[p] = (SeatSpec){false, DIFF_MEDIUM};
    char err[MATCH_ERR];
    Match *real = match_create(&buraco_rules, &opt, players, seats, seed, err, sizeof err);
    REQUIRE(real);
    Feed *f = calloc(1, sizeof *f);
    BuracoState v;
    buraco_rules.observe(real->state, seat, &v);
    MatchFeed mf = {.user = f, .send = feed_send, .next = feed_next};
    Match *m = match_mirror(&buraco_rules, &opt, players, seat, &v, 0, &mf, err, sizeof err);
    REQUIRE(m);
    Rng r;
    rng_seed(&r, seed);
    real_play(real, f, seat, &r, seat_plays); /* the deal, turns, the seat's own draw */
    REQUIRE(seat_plays(real, seat));
    int hidden = 0;
    for (int i = 0; i < f->n; i++)
        hidden += f->action[i] == ACTION_HIDDEN;
    CHECK(hidden > 0); /* the others' cards came as hidden steps */
    REQUIRE(online_set_pending(app, "buraco", m));
    enter_table();
    REQUIRE(app->self);
    Table *tb = app->self;
    CHECK(match() == m);
    for (int i = 0; i < 200 && m->steps < (uint32_t)real->history_len; i++)
        app_run_frames(app, 1);
    app_run_frames(app, 5);
    CHECK(m->steps == (uint32_t)real->history_len);
    CHECK(table_player(tb) == seat);
    CHECK(table_player_can_act(tb));
    CHECK(strcmp(table_seat_name(tb, seat), "You") == 0);
    /* The seat's hand south, every card of it; the others where they sit from there. */
    const BuracoState *rs = real->state;
    float x, y, sx, sy;
    char w[32];
    snprintf(w, sizeof w, "seat:%d", seat);
    CHECK(centre_of(w, &sx, &sy) && sy > app->h * 0.75f);
    snprintf(w, sizeof w, "card:%d", rs->hand_n[seat] - 1);
    CHECK(centre_of(w, &x, &y) && y > app->h * 0.75f);
    snprintf(w, sizeof w, "card:%d", rs->hand_n[seat]);
    CHECK(!where(w, &x, &y));
    int across = (seat + players / 2) % players;
    snprintf(w, sizeof w, "seat:%d", across);
    CHECK(centre_of(w, &x, &y) && y < app->h * 0.3f && x > app->w * 0.3f && x < app->w * 0.7f);
    if (players == 4) {
        CHECK(strcmp(table_seat_name(tb, across), "Partner") == 0);
        CHECK(strcmp(table_seat_name(tb, (seat + 1) % 4), "East") == 0);
        CHECK(strcmp(table_seat_name(tb, (seat + 3) % 4), "West") == 0);
        snprintf(w, sizeof w, "seat:%d", (seat + 1) % 4);
        CHECK(centre_of(w, &x, &y) && x > app->w * 0.7f && y < app->h * 0.3f);
        snprintf(w, sizeof w, "seat:%d", (seat + 3) % 4);
        CHECK(centre_of(w, &x, &y) && x < app->w * 0.3f && y < app->h * 0.3f);
    }
    /* Its cards face up: a double-click on the first throws that seat's card. */
    Card first = first_shown(rs, seat);
    click_at("card:0", 2);
    CHECK(f->n_sent == 1);
    CHECK(f->sent == buraco_action(BUR_A_DISCARD, card_index(first)));
    /* The real table takes it, and plays to the end; the mirror follows. */
    if (f->n_sent == 1 && rules_is_legal(&buraco_rules, real->state, f->sent))
        real_step(real, f, seat, f->sent);
    real_play(real, f, seat, &r, NULL);
    REQUIRE(match_is_over(real));
    for (int i = 0; i < 400 && (m->steps < (uint32_t)real->history_len || !tb->over); i++)
        app_run_frames(app, 1);
    app_run_frames(app, 60);
    CHECK(match_is_over(m));
    CHECK(tb->over);
    /* The end from the seat's side: its team's score against the other's. */
    int u = buraco_team(seat), ours = rs->score[u], theirs = rs->score[1 - u];
    CHECK(ours != theirs); /* else the result would not tell the sides apart */
    int res = ours > theirs ? 1 : ours < theirs ? -1 : 0;
    CHECK(tb->result == res);
    const char *title = players == 4 ? (res > 0 ? "Your team wins!" : "Your team loses")
                                     : (res > 0 ? "You win!" : "You lose");
    if (res != 0 && strcmp(tb->title, title) != 0)
        fprintf(stderr, "title '%s', expected '%s'\n", tb->title, title);
    CHECK(res == 0 || strcmp(tb->title, title) == 0);
    if (rs->end == BUR_END_OUT && rs->went_out == seat)
        CHECK(strcmp(tb->reason, "You went out.") == 0);
    else if (rs->end == BUR_END_OUT)
        CHECK(strstr(tb->reason, table_seat_name(tb, rs->went_out)) == tb->reason);
    snprintf(w, sizeof w, "seat:%d", seat);
    CHECK(!rs->hand_n[seat] || (centre_of(w, &x, &y) && y > app->h * 0.75f));
    shot(players == 4 ? "mirror-four-end.png" : "mirror-two-end.png");
    /* Back to the offline table (the mirror goes with the scene). */
    enter_table();
    CHECK(app->self && match() && !match()->mirror);
    app_run_frames(app, 5);
    match_free(real);
    free(f->player);
    free(f->action);
    free(f->steps);
    free(f->views);
    free(f);
}

static void test_mirrored_seats(void)
{
    mirrored_seat(2, 1, 21);
    mirrored_seat(4, 2, 22);
    mirrored_seat(4, 3, 23);
}

static Card card_of(const char *text)
{
    Card c = CARD_NONE;
    CHECK(card_from_text(text, &c));
    return c;
}

/* The place the scene shows `text` at in `seat`'s hand (as hand_index_of). */
static int index_in(const BuracoState *s, int seat, const char *text)
{
    Card c = card_of(text), hand[BUR_DECK_MAX];
    int n = buraco_hand_cards(s, seat, hand), k = 0;
    static const int so[4] = {1, 0, 2, 3};
    bool by_rank = kv_get_int(&app->kv, "buraco.by_rank", 0, 0, 1) == 1;
    for (int i = 0; i < n; i++)
        k += SORT_KEY(hand[i]) < SORT_KEY(c);
    return k;
}

/* A move of several steps at a networked table (a meld of four: a meld of three and a
 * join): the mirror sends one step at a time, so the scene sends the next once the one
 * before has come back. */
static void test_mirror_steps(void)
{
    GameOptions opt;
    rules_default_options(&buraco_rules, &opt);
    buraco_variant_options(BUR_VARIANT_CONTEST, &opt);
    SeatSpec seats[2] = {{false, DIFF_MEDIUM}, {false, DIFF_MEDIUM}};
    char err[MATCH_ERR];
    Match *real = match_create(&buraco_rules, &opt, 2, seats, 5, err, sizeof err);
    REQUIRE(real);
    static const char *const cards[2][8] = {{"Ac", "Ad", "4s", "9d", "Jc", "Qh", "3d", "6c"},
                                            {"5h", "6h", "7h", "8h", "9c", "Kd", "Qs", "3c"}};
    Card hands[2][8];
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < 8; i++)
            hands[p][i] = card_of(cards[p][i]);
    const Card *const hp[2] = {hands[0], hands[1]};
    const int hn[2] = {8, 8};
    CHECK(buraco_setup(real->state, 2, hp, hn, card_of("Jd"), 1) == NULL);
    Feed *f = calloc(1, sizeof *f);
    BuracoState v;
    buraco_rules.observe(real->state, 1, &v);
    MatchFeed mf = {.user = f, .send = feed_send, .next = feed_next};
    Match *m = match_mirror(&buraco_rules, &opt, 2, 1, &v, 0, &mf, err, sizeof err);
    REQUIRE(m);
    REQUIRE(online_set_pending(app, "buraco", m));
    enter_table();
    REQUIRE(app->self && match() == m);
    app_run_frames(app, 5);
    /* Draw: the real table deals the card. */
    click_at("stock", 1);
    CHECK(f->n_sent == 1 && f->sent == buraco_action(BUR_A_DRAW, 0));
    if (f->n_sent == 1) {
        real_step(real, f, 1, f->sent);
        real_step(real, f, 1, match_next_chance(real));
    }
    app_run_frames(app, 5);
    REQUIRE(((BuracoState *)m->state)->phase == BUR_PLAY);
    /* 5♥ 6♥ 7♥ 8♥ selected, M: the meld of three goes first, the join after it. */
    static const char *const run[4] = {"5h", "6h", "7h", "8h"};
    int idx[4];
    for (int i = 0; i < 4; i++)
        idx[i] = index_in(m->state, 1, run[i]);
    for (int i = 0; i < 4; i++) {
        char w[32];
        snprintf(w, sizeof w, "card:%d", idx[i]);
        click_at(w, 1);
    }
    push_key(app, SDLK_m, 0);
    app_run_frames(app, 3);
    CHECK(f->n_sent == 2 && buraco_action_type(f->sent) == BUR_A_NEW3);
    if (f->n_sent == 2)
        real_step(real, f, 1, f->sent);
    app_run_frames(app, 5);
    CHECK(((BuracoState *)m->state)->n_melds[1] == 1);
    CHECK(f->n_sent == 3 &&
          f->sent == buraco_action(BUR_A_JOIN, card_index(card_of("8h"))));
    if (f->n_sent == 3)
        real_step(real, f, 1, f->sent);
    app_run_frames(app, 5);
    CHECK(((BuracoState *)m->state)->melds[1][0].n == 4);
    enter_table();
    CHECK(app->self && match() && !match()->mirror);
    app_run_frames(app, 5);
    match_free(real);
    free(f->player);
    free(f->action);
    free(f->steps);
    free(f->views);
    free(f);
}

/* Buraco as Brazil plays it (issue 24): STBL's options from the settings reach the table's
 * game (a single deal here), the bots and the player's Medium moves play it to the end
 * through the table, with jokers, mortos and the closed pile, and the contest's options
 * come back after. */
static void set_house(int variant, int target)
{
    GameOptions o;
    rules_default_options(&buraco_rules, &o);
    buraco_variant_options(variant, &o);
    o.v[BUR_OPT_TARGET] = target;
    for (int i = 0; i < BUR_OPT_COUNT; i++) {
        char key[64];
        snprintf(key, sizeof key, "option.buraco.%s", buraco_rules.options[i].key);
        kv_set_int(&app->kv, key, o.v[i]);
    }
    buraco_scene.settings_changed(app->self);
    app_run_frames(app, 5);
}

static void test_house_rules_table(void)
{
    set_house(BUR_VARIANT_STBL, 1); /* a match to 1,500: the end shows the deals' sheet */
    if (!state()->morto) { /* the game in progress stays: deal a new one */
        table_deal((Table *)app->self);
        app_run_frames(app, 5);
    }
    CHECK(state()->morto && state()->jokers && state()->pile_rule == BUR_PILE_CLOSED &&
          state()->batida == BUR_BATIDA_LIMPA && state()->target == 1);
    bool mortos_seen = false;
    int pauses = 0;
    for (int i = 0; i < test_count(400000) && !match_is_over(match()); i++) {
        Match *m = match();
        float nx, ny;
        if (where("next-deal", &nx, &ny)) {
            /* A deal of the match ended: the table stops on its sheet, the next deal
             * waits for the player (nothing is dealt, nobody plays), then goes on. */
            int deal = state()->deal;
            int len = m->history_len;
            CHECK(state()->sheet_n == deal && deal > 0);
            app_run_frames(app, 30);
            CHECK(m->history_len == len && where("next-deal", &nx, &ny));
            if (pauses++ == 0)
                shot("house-rules-deal.png");
            click_at("next-deal", 1);
            app_run_frames(app, 3);
            CHECK(!where("next-deal", &nx, &ny));
            continue;
        }
        if (match_current_player(m) == 0) {
            Rng r;
            rng_seed(&r, (uint64_t)i);
            Action act = bot_decide(m->rules, DIFF_MEDIUM, m->state, 0, &r, NULL);
            CHECK(match_submit(m, 0, act) == NULL);
        }
        mortos_seen = mortos_seen || state()->morto_taken[0] || state()->morto_taken[1];
        app_run_frames(app, 1);
        if (match_bot_busy(match()))
            SDL_Delay(1);
    }
    CHECK(match_is_over(match()));
    CHECK(mortos_seen || state()->morto_stock > 0);
    /* The sheet holds every deal played, and they add up to the totals. */
    CHECK(state()->sheet_n == state()->deal + 1);
    int sum[2] = {0, 0};
    for (int d = 0; d < state()->sheet_n; d++)
        for (int team = 0; team < 2; team++)
            sum[team] += state()->sheet[d][team];
    CHECK(sum[0] == state()->total[0] && sum[1] == state()->total[1]);
    CHECK(pauses == state()->sheet_n - 1); /* every deal but the last stopped on its sheet */
    app_run_frames(app, 60);
    shot("house-rules-end.png");
    set_house(BUR_VARIANT_CONTEST, 0);
    table_deal((Table *)app->self);
    app_run_frames(app, 5);
    CHECK(!state()->morto && !state()->jokers);
}

/* A match's deal that ends stops the table on its sheet: nothing is dealt until the player
 * goes on (Enter here), then the next deal comes. The first deal is cut short by an empty
 * stock at the player's draw. */
static void test_deal_sheet(void)
{
    set_house(BUR_VARIANT_STBL, 2); /* a match to 3,000 */
    table_deal((Table *)app->self);
    app_run_frames(app, 5);
    /* The stock runs out while the computer plays its turn (so that the table has seen a
     * move since): the deal ends at the player's next draw. */
    for (int i = 0; i < test_count(4000) && !(match_current_player(match()) == 1 &&
                                  state()->phase == BUR_PLAY); i++) {
        if (match_current_player(match()) == 0) {
            Rng r;
            rng_seed(&r, (uint64_t)i);
            Match *m = match();
            match_submit(m, 0, bot_decide(m->rules, DIFF_MEDIUM, m->state, 0, &r, NULL));
        }
        app_run_frames(app, 1);
    }
    state()->stock_n = 0;
    state()->mortos_left = 0;
    until_my_turn();
    CHECK(state()->target == 2 && state()->deal == 0 && state()->phase == BUR_DRAW);
    float x, y;
    CHECK(!where("next-deal", &x, &y));
    CHECK(match_submit(match(), 0, buraco_action(BUR_A_DRAW, 0)) == NULL);
    app_run_frames(app, 5);
    CHECK(state()->deal == 1 && state()->sheet_n == 1 && state()->phase == BUR_DEALING);
    CHECK(where("next-deal", &x, &y));
    int len = match()->history_len;
    app_run_frames(app, 40);
    CHECK(match()->history_len == len); /* held: nothing dealt */
    shot("deal-sheet.png");
    push_key(app, SDLK_RETURN, 0);
    app_run_frames(app, 3);
    CHECK(!where("next-deal", &x, &y));
    for (int i = 0; i < 3000 && state()->phase == BUR_DEALING; i++)
        app_run_frames(app, 1);
    CHECK(match()->history_len > len && state()->phase != BUR_DEALING);
    CHECK(state()->hand_n[0] == BUR_HAND_START || state()->hand_n[0] == BUR_HAND_START + 1 ||
          match_current_player(match()) != 0);
    set_house(BUR_VARIANT_CONTEST, 0);
    table_deal((Table *)app->self);
    app_run_frames(app, 5);
}

int main(void)
{
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    /* The contest's game (the default is Brazil's STBL): these tests were written for it. */
    fresh_home("buraco-ui", CONTEST_SETTINGS);
    AppOptions o = test_options("picker", SPEED_INSTANT, 12);
    o.difficulty = DIFF_MEDIUM;
    o.no_audio = true;
    app = start_app(&o);
    if (!app)
        return 1;
    if (app->scene && app->self)
        app->scene->leave(app->self);
    app->scene = &buraco_scene;
    app->self = buraco_scene.enter(app, &buraco_scene);
    if (!app->self) {
        fprintf(stderr, "the Buraco scene did not start\n");
        return 1;
    }
    buraco_scene.layout(app->self, app->w, app->h);
    app_run_frames(app, 10);
    test_turn_by_mouse();
    test_escape_clears();
    test_take_the_pile();
    test_to_the_end();
    test_canastra_marks();
    test_four_players();
    test_news_place();
    test_house_rules_table();
    test_deal_sheet();
    test_resume();
    test_program_plays();
    test_program_disqualified();
    test_program_partner();
    test_program_resumed();
    test_choose_program();
    test_mirrored_seats();
    test_mirror_steps();
    app_destroy(app);
    rm_rf(home);
    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    else
        printf("buraco scene: all checks passed\n");
    return failures ? 1 : 0;
}
