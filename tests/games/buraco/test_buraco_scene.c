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

static int failures;

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);       \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

static App *app;

static Match *match(void) { return buraco_scene.match(app->self); }
static BuracoState *state(void) { return match()->state; }

static void push_button(Uint32 type, float x, float y, int clicks)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = type;
    e.button.windowID = SDL_GetWindowID(app->win);
    e.button.button = SDL_BUTTON_LEFT;
    e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = (Uint8)clicks;
    e.button.x = (Sint32)(x / app->dpi);
    e.button.y = (Sint32)(y / app->dpi);
    SDL_PushEvent(&e);
}

static void push_motion(float x, float y, bool held)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = SDL_GetWindowID(app->win);
    e.motion.state = held ? SDL_BUTTON_LMASK : 0;
    e.motion.x = (Sint32)(x / app->dpi);
    e.motion.y = (Sint32)(y / app->dpi);
    SDL_PushEvent(&e);
}

static void push_key(SDL_Keycode k)
{
    SDL_Event e;
    SDL_zero(e);
    e.type = SDL_KEYDOWN;
    e.key.windowID = SDL_GetWindowID(app->win);
    e.key.keysym.sym = k;
    SDL_PushEvent(&e);
}

static bool where(const char *what, float *x, float *y)
{
    SDL_FRect r;
    if (!buraco_scene.locate(app->self, what, &r))
        return false;
    *x = r.x + r.w / 2;
    *y = r.y + r.h / 2;
    return true;
}

static void click(const char *what, int clicks)
{
    float x, y;
    if (!where(what, &x, &y)) {
        fprintf(stderr, "nothing at '%s'\n", what);
        failures++;
        return;
    }
    push_motion(x, y, false);
    push_button(SDL_MOUSEBUTTONDOWN, x, y, clicks);
    push_button(SDL_MOUSEBUTTONUP, x, y, clicks);
    app_run_frames(app, 3);
}

/* Frames until seat 0 is to move (or the game ends). */
static void until_my_turn(void)
{
    for (int i = 0; i < 4000 && !match_is_over(match()) && match_current_player(match()) != 0; i++) {
        app_run_frames(app, 1);
        if (match_bot_busy(match()))
            SDL_Delay(1);
    }
}

/* Replaces seat 0's hand by the given cards (each must still be unseen). */
static void give_hand(const char *text)
{
    BuracoState *s = state();
    memset(s->hand[0], 0, BUR_FACES);
    memset(s->known[0], 0, BUR_FACES);
    int old = s->hand_n[0], n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *sv = NULL, *w = strtok_r(buf, " ", &sv); w; w = strtok_r(NULL, " ", &sv)) {
        Card c;
        if (!card_from_text(w, &c) || buraco_unseen(s, card_index(c)) <= 0) {
            fprintf(stderr, "cannot give %s\n", w);
            failures++;
            continue;
        }
        s->hand[0][card_index(c)]++;
        n++;
    }
    s->hand_n[0] = (uint8_t)n;
    s->stock_n = (uint8_t)(s->stock_n + old - n);
    buraco_scene.layout(app->self, app->w, app->h);
    app_run_frames(app, 2);
}

static int hand_index_of(const char *card)
{
    Card c, hand[BUR_DECK];
    card_from_text(card, &c);
    /* The scene shows the hand sorted by suit (♦ ♣ ♥ ♠) then rank, Ace high. */
    int n = buraco_hand_cards(state(), 0, hand);
    static const int so[4] = {1, 0, 2, 3};
    int key = so[card_suit(c)] * 16 + (card_rank(c) == 1 ? 14 : card_rank(c)), k = 0;
    for (int i = 0; i < n; i++) {
        int ki = so[card_suit(hand[i])] * 16 + (card_rank(hand[i]) == 1 ? 14 : card_rank(hand[i]));
        if (ki < key)
            k++;
    }
    return k;
}

static void test_turn_by_mouse(void)
{
    until_my_turn();
    CHECK(match_current_player(match()) == 0);
    CHECK(state()->phase == BUR_DRAW);
    give_hand("5h 6h 7h 8h 9c Kd Qs 3c");
    int before = state()->hand_n[0];
    /* Draw: click the stock. */
    click("stock", 1);
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
    push_motion(x0, y0, false);
    push_button(SDL_MOUSEBUTTONDOWN, x0, y0, 1);
    push_motion((x0 + x1) / 2, y0, true);
    push_motion(x1, y1, true);
    push_button(SDL_MOUSEBUTTONUP, x1, y1, 1);
    app_run_frames(app, 2);
    /* Press on a selected card and carry the selection up onto the table. */
    push_motion(x0, y0 - 30 * app->u, false);
    push_button(SDL_MOUSEBUTTONDOWN, x0, y0 - 30 * app->u, 1);
    push_motion(x0, y0 - 200 * app->u, true);
    push_motion(app->w * 0.45f, app->h * 0.55f, true);
    push_button(SDL_MOUSEBUTTONUP, app->w * 0.45f, app->h * 0.55f, 1);
    app_run_frames(app, 5);
    CHECK(state()->n_melds[0] == 1);
    CHECK(state()->melds[0][0].n == 3);
    /* Add the 8♥: select it, drop it on the meld. */
    snprintf(w, sizeof w, "card:%d", hand_index_of("8h"));
    where(w, &x0, &y0);
    push_motion(x0, y0, false);
    push_button(SDL_MOUSEBUTTONDOWN, x0, y0, 1);
    push_button(SDL_MOUSEBUTTONUP, x0, y0, 1);
    app_run_frames(app, 2);
    float mx, my;
    CHECK(where("meld:0", &mx, &my));
    push_button(SDL_MOUSEBUTTONDOWN, x0, y0 - 30 * app->u, 1);
    push_motion(x0, y0 - 200 * app->u, true);
    push_motion(mx, my, true);
    push_button(SDL_MOUSEBUTTONUP, mx, my, 1);
    app_run_frames(app, 5);
    CHECK(state()->melds[0][0].n == 4);
    /* Discard by double-click: the turn passes. */
    int k = hand_index_of("Kd");
    snprintf(w, sizeof w, "card:%d", k);
    click(w, 2);
    /* (The computer may have played its turn since: look at seat 0's last move.) */
    Match *m = match();
    Action last = -1;
    for (int i = m->history_len - 1; i >= 0 && last < 0; i--)
        if (m->history_player[i] == 0)
            last = m->history[i];
    CHECK(last == buraco_action(BUR_A_DISCARD, card_index(card_make(RANK_KING, SUIT_DIAMONDS))));
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
    click("pile", 1);
    app_run_frames(app, 3);
    float x, y;
    if (where("choice:0", &x, &y)) {
        click("choice:0", 1);
    }
    app_run_frames(app, 5);
    CHECK(state()->n_melds[0] == melds + 1);
    CHECK(state()->phase == BUR_PLAY || match_is_over(match()));
    /* Keyboard: sorting by rank does not change the hand. */
    int n = state()->hand_n[0];
    push_key(SDLK_s);
    app_run_frames(app, 3);
    CHECK(state()->hand_n[0] == n);
}

/* Plays the rest with Medium for seat 0 and checks the score sheet and a new game. */
static void test_to_the_end(void)
{
    for (int i = 0; i < 20000 && !match_is_over(match()); i++) {
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
    click("next", 1);
    app_run_frames(app, 10);
    CHECK(match() != old);
    CHECK(!match_is_over(match()));
}

int main(void)
{
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "dummy", 1);
    char home[512];
    const char *tmp = getenv("TMPDIR");
    snprintf(home, sizeof home, "%s/buraco-ui-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(home))
        return 1;
    setenv("XDG_DATA_HOME", home, 1);
    AppOptions o = {0};
    o.game = "picker";
    o.difficulty = DIFF_MEDIUM;
    o.has_seed = true;
    o.seed = 12;
    o.width = 1280;
    o.height = 800;
    o.test_mode = true;
    o.speed = SPEED_INSTANT;
    o.no_audio = true;
    char err[512];
    app = app_create(&o, err, sizeof err);
    if (!app) {
        fprintf(stderr, "app_create: %s\n", err);
        return 1;
    }
    if (app->scene && app->self)
        app->scene->leave(app->self);
    app->scene = &buraco_scene;
    app->self = buraco_scene.enter(app);
    if (!app->self) {
        fprintf(stderr, "the Buraco scene did not start\n");
        return 1;
    }
    buraco_scene.layout(app->self, app->w, app->h);
    app_run_frames(app, 10);
    test_turn_by_mouse();
    test_take_the_pile();
    test_to_the_end();
    app_destroy(app);
    if (failures)
        fprintf(stderr, "%d check(s) failed\n", failures);
    else
        printf("buraco scene: all checks passed\n");
    return failures ? 1 : 0;
}
