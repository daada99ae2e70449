/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Truco table under SDL's dummy video driver: the app runs in-process, the test pushes
 * mouse and keyboard events and checks the match.
 *
 *   test_truco_scene NAME   runs one test (see the table at the end), or "all".
 *
 * Each test gets an empty preferences folder (XDG_DATA_HOME in a fresh directory). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/match.h"
#include "games/truco/truco.h"
#include "games/truco/truco_bots.h"
#include "ui/tablescene.h"
#include "ui/app.h"
#include "ui/i18n.h"
#include "ui/menu.h"
#include "ui/settings.h"
#include "ui_fixture.h"

static App *start(int speed, uint64_t seed) { return start_table("truco", speed, seed); }

static const TrucoState *state(App *a)
{
    Match *m = match_of(a);
    return m && m->rules == &truco_rules ? m->state : NULL;
}

static bool settle(App *a) { return app_settle(a, test_count(4000)); }

static int in_hand(const TrucoState *s)
{
    int n = 0;
    for (int i = 0; i < TR_HAND; i++)
        n += s->hand[0][i] != CARD_NONE;
    return n;
}

/* Clicks the named button; false when it is not on the table. */
static bool press(App *a, const char *what)
{
    SDL_FRect r;
    if (!locate(a, what, &r))
        return false;
    click(a, r, 1);
    settle(a);
    return true;
}

/* Double-clicks the first card of the player's hand shown; false when none shows. */
static bool play_first_card(App *a)
{
    SDL_FRect r;
    for (int i = 1; i <= TR_HAND; i++) {
        char name[8];
        snprintf(name, sizeof name, "card%d", i);
        if (locate(a, name, &r)) {
            double_click(a, r);
            return true;
        }
    }
    return false;
}

/* Plays the player's turns (a double-click on the first card, accepting raises and
 * playing the mão de onze) until the banner's "New game" shows; true when it did. */
static bool play_out(App *a)
{
    for (int guard = 0; guard < 2000; guard++) {
        settle(a);
        SDL_FRect r;
        if (locate(a, "next", &r))
            return true;
        if (match_current_player(match_of(a)) != 0)
            continue;
        if (press(a, "aceitar") || press(a, "jogar"))
            continue;
        play_first_card(a);
    }
    return false;
}

/* ---- Tests ---- */

static bool overlap(SDL_FRect a, SDL_FRect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* A networked table's news (the deal verified, a seat waited for) is never over the other
 * seats' hands nor the rodadas, with two players or four (issue 39). */
static void test_news_place(void)
{
    for (int four = 0; four < 2; four++) {
        fresh_home("tasca-truco", four ? "truco.players = 4\n" : NULL);
        App *a = start(SPEED_INSTANT, 21);
        REQUIRE(a);
        REQUIRE(settle(a));
        SDL_FRect news, r;
        REQUIRE(locate(a, "news-place", &news));
        for (int p = 1; p < (four ? 4 : 2); p++) {
            char what[8];
            snprintf(what, sizeof what, "hand%d", p);
            REQUIRE(locate(a, what, &r));
            CHECK(!overlap(news, r));
        }
        REQUIRE(locate(a, "table", &r));
        CHECK(!overlap(news, r));
        app_destroy(a);
    }
}

/* One language at a time (issue 39): in English the answers are English (the rules
 * page, and the refusal of a card while a raise waits), and a banner on show follows a
 * switch to Portuguese. */
static void test_languages(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 14);
    REQUIRE(a);
    app_set_language(a, "en");
    const char *rules = a->scene->rules_text();
    CHECK(!strstr(rules, "Aceitar") && !strstr(rules, "Correr") && !strstr(rules, "Aumentar") &&
          !strstr(rules, "Parceiro decide"));
    Table *t = a->self;
    bool refused = false;
    for (int guard = 0; guard < 6000 && !(refused && match_is_over(match_of(a))); guard++) {
        settle(a);
        const TrucoState *s = state(a);
        SDL_FRect r;
        if (match_is_over(match_of(a)) && locate(a, "next", &r)) {
            click(a, r, 1); /* until the computer has raised once */
            settle(a);
            continue;
        }
        if (match_current_player(match_of(a)) != 0)
            continue;
        if (s->phase == TR_PH_ANSWER && !refused) {
            play_first_card(a); /* refused: a raise waits for its answer */
            settle(a);
            CHECK(strstr(t->toast.text, "ccept") && !strstr(t->toast.text, "aceitar"));
            refused = true;
        }
        if (press(a, "aceitar") || press(a, "jogar"))
            continue;
        play_first_card(a);
    }
    CHECK(refused);
    REQUIRE(match_is_over(match_of(a)));
    settle(a);
    const char *en = t->result > 0 ? "You win!" : "You lose";
    CHECK(strcmp(t->title, en) == 0);
    app_set_language(a, "pt_BR");
    app_run_frames(a, 2);
    CHECK(strcmp(t->title, en) != 0 && strcmp(t->title, _(en)) == 0);
    CHECK(strcmp(t->reason, "Final score") != 0 && !strstr(t->reason, "Final score"));
    app_set_language(a, "en");
    app_run_frames(a, 2);
    CHECK(strcmp(t->title, en) == 0);
    app_destroy(a);
}

/* A game to 12 that a hand carried past it: the banner says how (RULES.md §1: the last
 * hand counts in full), rather than a bare 0-15. */
static void test_score_past_12(void)
{
    bool found = false;
    for (uint64_t seed = 1; seed < 40 && !found; seed++) {
        fresh_home("tasca-truco", NULL);
        App *a = start(SPEED_INSTANT, seed);
        REQUIRE(a);
        app_set_language(a, "en");
        REQUIRE(play_out(a));
        const TrucoState *s = state(a);
        int top = s->score[0] > s->score[1] ? s->score[0] : s->score[1];
        if (top > TR_GAME_POINTS) {
            Table *t = a->self;
            char says[64];
            snprintf(says, sizeof says, "worth %d point", s->last_points);
            printf("seed %llu: %s / %s\n", (unsigned long long)seed, t->title, t->reason);
            CHECK(strstr(t->reason, says) && strstr(t->reason, "past 12"));
            found = true;
        }
        app_destroy(a);
    }
    CHECK(found);
}

/* Four players: the signs of the hand under way are on the table again after a resume. */
static void test_signs_resume(void)
{
    fresh_home("tasca-truco", "truco.players = 4\noption.truco.signal_seen = 0\n");
    App *a = start(SPEED_INSTANT, 21);
    REQUIRE(a);
    bool shown = false;
    for (int guard = 0; guard < 3000 && !shown; guard++) {
        settle(a);
        SDL_FRect r;
        if (match_is_over(match_of(a)))
            break;
        if (match_current_player(match_of(a)) != 0)
            continue;
        if (locate(a, "signs2", &r) && state(a)->phase == TR_PH_PLAY) {
            shown = true; /* the partner's sign, on the player's turn */
            break;
        }
        if (press(a, "aceitar") || press(a, "jogar"))
            continue;
        play_first_card(a);
    }
    REQUIRE(shown);
    int len = match_of(a)->history_len;
    app_destroy(a);
    a = start(SPEED_INSTANT, 0); /* the same preferences: resumed */
    REQUIRE(a);
    SDL_FRect r;
    CHECK(match_of(a) && match_of(a)->history_len == len);
    CHECK(locate(a, "signs2", &r));
    app_destroy(a);
}

/* The sign buttons (four players) show their words at the buttons' full size in every
 * language, inside the window and apart ("Espadilha" and "Pica-fumo" shrank to a tiny
 * font in buttons of one fixed width). */
static void test_signs_readable(void)
{
    static const char *const langs[] = {"en", "fr", "pt_BR", "pt_PT"};
    static const char *const names[TR_SIGNS] = {"sinal zap", "sinal copas", "sinal espadilha",
                                                "sinal pica-fumo", "sinal tres"};
    static const char *const words[TR_SIGNS] = {N_("Zap"), N_("Copas"), N_("Espadilha"),
                                                N_("Pica-fumo"), N_("A three")};
    fresh_home("tasca-truco", "truco.players = 4\noption.truco.signals = 1\n");
    App *a = start(SPEED_INSTANT, 21);
    REQUIRE(a);
    SDL_FRect r;
    for (int guard = 0; guard < 3000 && !match_is_over(match_of(a)); guard++) {
        settle(a);
        if (match_current_player(match_of(a)) == 0 && locate(a, "sinal zap", &r))
            break;
        if (match_current_player(match_of(a)) == 0 && !press(a, "aceitar") && !press(a, "jogar"))
            play_first_card(a);
    }
    REQUIRE(locate(a, "sinal zap", &r));
    int checked = 0;
    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        app_set_language(a, langs[l]);
        app_run_frames(a, 2);
        SDL_FRect b[TR_SIGNS];
        for (int k = 0; k < TR_SIGNS; k++) {
            REQUIRE(locate(a, names[k], &b[k]));
            int size = (int)(b[k].h * 0.42f), w = 0, h = 0; /* as ui_button draws it */
            text_measure(a->text, _(words[k]), size, true, &w, &h);
            if (w > b[k].w - b[k].h * 0.6f)
                fprintf(stderr, "%s: '%s' is %d px in a button of %.0f\n", langs[l],
                        _(words[k]), w, b[k].w);
            CHECK(w <= b[k].w - b[k].h * 0.6f);
            CHECK(b[k].x >= 0 && b[k].y >= 0 && b[k].x + b[k].w <= a->w &&
                  b[k].y + b[k].h <= a->h);
            for (int j = 0; j < k; j++)
                CHECK(!overlap(b[j], b[k]));
            checked++;
        }
    }
    CHECK(checked == 4 * TR_SIGNS);
    app_destroy(a);
}

/* Four players: the rodada being played is ringed in the panel, and the earlier ones on
 * the table are dimmed under it. */
static void test_rodada_marks(void)
{
    fresh_home("tasca-truco", "truco.players = 4\n");
    App *a = start(SPEED_INSTANT, 21);
    REQUIRE(a);
    int checked = 0, dimmed = 0;
    for (int guard = 0; guard < 600 && !match_is_over(match_of(a)); guard++) {
        settle(a);
        SDL_FRect r;
        const TrucoState *s = state(a);
        if (match_current_player(match_of(a)) != 0)
            continue;
        if (s->phase == TR_PH_PLAY) {
            CHECK(locate(a, "rodada-now", &r));
            for (int i = 0; i < TR_RODADAS; i++) {
                char what[24];
                snprintf(what, sizeof what, "rodada-dimmed-%d", i);
                bool later = i < s->rodada && s->n_table > 0; /* a card of a later one down */
                CHECK(locate(a, what, &r) == later);
                dimmed += later;
            }
            checked++;
        }
        if (press(a, "aceitar") || press(a, "jogar"))
            continue;
        play_first_card(a);
    }
    CHECK(checked >= 5 && dimmed > 0);
    app_destroy(a);
}


/* The computer's cards and the end of a hand are seen before the table speaks of what
 * follows: at normal speed, no button for the player's turn while the computer's card is
 * still on its way (it takes 0.38 s and turns face up meanwhile), no end-of-hand message
 * before the last card of the hand has landed; the message then stays until the next
 * deal, at least 2.5 s, unless the player clicks the table (after a moment). */
static void test_hand_end_seen(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_NORMAL, 7);
    REQUIRE(a);
    a->opt.draw_every = 4;
    const int flight = 22; /* frames of 1/60 s: a card's flight and turn, less a little */
    int bot_card_f = -1000, end_f = -1000, msg_f = -1, ends = 0, quick = 0, clicked = 0;
    int prompts_checked = 0, hands_seen = 0, last_len = 0;
    for (int f = 0; f < test_count(60 * 150) && ends < 6; f++) {
        app_run_frames(a, 1);
        Match *m = match_of(a);
        const TrucoState *s = state(a);
        REQUIRE(m && s);
        if (match_is_over(m))
            break;
        if (m->history_len != last_len) {
            int p = m->history_player[m->history_len - 1];
            Action act = m->history[m->history_len - 1];
            if (p == 1 && act >= TR_PLAY && act < TR_PLAY_SLOT + TR_HAND)
                bot_card_f = f; /* the computer played a card */
            if (p >= 0 && s->n_dealt == 0 && s->last_end != TR_END_NONE && s->phase != TR_PH_FIRST &&
                (act >= TR_PLAY && act < TR_PLAY_SLOT + TR_HAND))
                end_f = f, msg_f = -1; /* a hand ended on a card */
            last_len = m->history_len;
        }
        SDL_FRect r;
        bool msg = locate(a, "hand-message", &r);
        if (end_f >= 0 && msg && msg_f < 0) {
            msg_f = f;
            CHECK(f - end_f >= flight); /* not while its last card flies */
            hands_seen++;
        }
        if (msg_f >= 0 && !msg && s->n_dealt > 0) { /* the next deal cleared it */
            ends++;
            if (clicked)
                quick++;
            else
                CHECK(f - msg_f >= 150); /* 2.5 s at least */
            msg_f = end_f = -1;
            clicked = 0;
        }
        /* Every other hand: a click on the felt, once the message has been on show for
         * a second, deals the next hand at once. */
        if (msg_f >= 0 && !clicked && ends % 2 == 1 && f - msg_f == 60) {
            int hands = s->hands;
            SDL_FRect felt = {a->w * 0.05f, a->h * 0.12f, 10, 10};
            click(a, felt, 1);
            app_run_frames(a, 8);
            f += 8;
            CHECK(state(a)->hands == hands + 1 || state(a)->n_dealt > 0);
            clicked = 1;
        }
        if (locate(a, "truco", &r) || locate(a, "aceitar", &r) || locate(a, "facedown", &r)) {
            CHECK(f - bot_card_f >= flight); /* not before the computer's card is seen */
            prompts_checked++;
        }
        if (match_current_player(m) != 0 || !table_player_can_act(a->self))
            continue;
        if (s->phase == TR_PH_ANSWER && locate(a, "aceitar", &r)) {
            click(a, r, 1);
            continue;
        }
        if (s->phase == TR_PH_ONZE && locate(a, "jogar", &r)) {
            click(a, r, 1);
            continue;
        }
        if (f % 20 == 0)
            play_first_card(a);
    }
    CHECK(hands_seen >= 4 && ends >= 4 && quick >= 1 && prompts_checked > 0);
    app_destroy(a);
}

/* A stray click does not throw away the end of a game: neither a click on the table
 * outside the banner, nor one on its button or a key in the first moments; only the
 * banner's button (or a key) afterwards deals the next game. */
static void test_banner_stray_click(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 14);
    REQUIRE(a);
    /* Play quickly (no settling) until the game ends. */
    for (int guard = 0; guard < 4000 && !match_is_over(match_of(a)); guard++) {
        app_run_frames(a, 1);
        SDL_FRect r;
        if (match_current_player(match_of(a)) != 0)
            continue;
        if (locate(a, "aceitar", &r) || locate(a, "jogar", &r))
            click(a, r, 1);
        else
            play_first_card(a);
    }
    REQUIRE(match_is_over(match_of(a)));
    Table *t = a->self;
    int games = t->games; /* games dealt: one more once the next is */
    SDL_FRect next;
    for (int i = 0; i < 30 && !locate(a, "next", &next); i++)
        app_run_frames(a, 1);
    REQUIRE(locate(a, "next", &next));
    /* At once: the rest of a double-click on the felt, a click on the button, Enter. */
    SDL_FRect felt = {a->w * 0.05f, a->h * 0.5f, 10, 10};
    click(a, felt, 2);
    app_run_frames(a, 1);
    CHECK(t->games == games && match_is_over(match_of(a)));
    click(a, next, 1);
    app_run_frames(a, 1);
    CHECK(t->games == games && match_is_over(match_of(a)));
    push_key(a, SDLK_RETURN, 0);
    app_run_frames(a, 1);
    CHECK(t->games == games && match_is_over(match_of(a)));
    /* Later: a click on the felt still does not deal; the banner's button does. */
    settle(a);
    app_run_frames(a, 60);
    click(a, felt, 1);
    app_run_frames(a, 2);
    CHECK(t->games == games && match_is_over(match_of(a)));
    CHECK(locate(a, "next", &next));
    click(a, next, 1);
    settle(a);
    CHECK(match_of(a) && !match_is_over(match_of(a)) && state(a)->score[0] == 0 &&
          state(a)->score[1] == 0);
    app_destroy(a);
}

static void test_double_click_plays(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a) && match_current_player(match_of(a)) == 0);
    REQUIRE(in_hand(state(a)) == 3);
    int hands = state(a)->hands;
    SDL_FRect r;
    REQUIRE(locate(a, "card2", &r));
    /* A single click plays nothing... */
    click(a, r, 1);
    settle(a);
    CHECK(in_hand(state(a)) == 3);
    /* ...a double-click does, and the computer answers. */
    double_click(a, r);
    settle(a);
    const TrucoState *s = state(a);
    CHECK(s->hands > hands || (in_hand(s) == 2 && s->table[0][0] != CARD_NONE));
    app_destroy(a);
}

/* The player's last action in the match, or -1. */
static Action my_last_action(App *a)
{
    Match *m = match_of(a);
    for (int i = m->history_len - 1; i >= 0; i--)
        if (m->history_player[i] == 0)
            return m->history[i];
    return -1;
}

/* Keys 1, 2, 3 name the cards as the hand shows them now: once the first card is played,
 * 1 plays the card that is first in the hand (it did nothing: keys named the dealt slots). */
static void test_number_keys(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a) && match_current_player(match_of(a)) == 0);
    REQUIRE(in_hand(state(a)) == 3);
    int hands = state(a)->hands;
    Card second = state(a)->hand[0][1], third = state(a)->hand[0][2];
    push_key(a, SDLK_1, 0);
    settle(a);
    CHECK(my_last_action(a) == TR_PLAY + card_index(state(a)->table[0][0]));
    REQUIRE(state(a)->hand[0][0] == CARD_NONE);
    for (int guard = 0; guard < 20 && state(a)->hands == hands &&
                        match_current_player(match_of(a)) == 0 && press(a, "aceitar");
         guard++)
        ;
    REQUIRE(state(a)->hands == hands && match_current_player(match_of(a)) == 0);
    REQUIRE(in_hand(state(a)) == 2);
    /* 1 now plays what lies first in the hand: the card dealt second. */
    push_key(a, SDLK_1, 0);
    settle(a);
    CHECK(my_last_action(a) == TR_PLAY + card_index(second));
    /* And with one card left, 1 plays it (2 and 3 name nothing). */
    if (state(a)->hands == hands && match_current_player(match_of(a)) == 0 &&
        in_hand(state(a)) == 1) {
        push_key(a, SDLK_2, 0);
        settle(a);
        CHECK(in_hand(state(a)) == 1);
        push_key(a, SDLK_1, 0);
        settle(a);
        CHECK(my_last_action(a) == TR_PLAY + card_index(third));
    }
    app_destroy(a);
}

static void test_drag_plays(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_NORMAL, 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(match_current_player(match_of(a)) == 0);
    SDL_FRect r;
    REQUIRE(locate(a, "card1", &r));
    float x = r.x + r.w / 2, y = r.y + r.h / 2, ty = a->h * 0.5f;
    /* Dropped back on the hand: nothing. */
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    push_motion(a, x + 30, y - 20, 30, -20, true);
    push_motion(a, x, y, -30, 20, true);
    push_button(a, SDL_MOUSEBUTTONUP, x, y, 1);
    settle(a);
    CHECK(in_hand(state(a)) == 3);
    /* Dragged to the middle: played. */
    push_button(a, SDL_MOUSEBUTTONDOWN, x, y, 1);
    for (int i = 1; i <= 8; i++)
        push_motion(a, x, y + (ty - y) * i / 8, 0, (ty - y) / 8, true);
    app_run_frames(a, 2);
    CHECK(in_hand(state(a)) == 3);
    push_button(a, SDL_MOUSEBUTTONUP, x, ty, 1);
    app_run_frames(a, 2);
    CHECK(in_hand(state(a)) == 2);
    app_destroy(a);
}

/* TRUCO! by its button, then the computer's answer; the keys of the buttons. */
static void test_truco_button(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    REQUIRE(state(a)->value == 1 && state(a)->phase == TR_PH_PLAY);
    SDL_FRect r;
    CHECK(!locate(a, "aceitar", &r));
    CHECK(!locate(a, "facedown", &r)); /* not in the first rodada */
    REQUIRE(press(a, "truco"));
    const TrucoState *s = state(a);
    /* Accepted (worth 3), ran (a new hand, 1 point to the player) or raised to Seis. */
    CHECK(s->value == 3 || s->score[0] == 1 || s->pending == 6);
    if (s->phase == TR_PH_ANSWER) {
        /* The computer raised (or, after running, asks in the next hand): A accepts. */
        int asked = s->pending;
        CHECK(locate(a, "aceitar", &r) && locate(a, "correr", &r));
        push_key(a, SDLK_a, 0);
        settle(a);
        CHECK(state(a)->value == asked);
    }
    app_destroy(a);
}

static void test_whole_game_and_next(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 14);
    REQUIRE(a);
    REQUIRE(play_out(a));
    const TrucoState *s = state(a);
    REQUIRE(s);
    CHECK(match_is_over(match_of(a)));
    CHECK(s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS);
    StatLine st;
    stats_get(&a->stats, "truco", DIFF_EASY, &st);
    CHECK(st.played == 1 && st.won + st.lost == 1);
    /* New game: a fresh match is dealt. */
    SDL_FRect r;
    REQUIRE(locate(a, "next", &r));
    click(a, r, 1);
    settle(a);
    s = state(a);
    CHECK(s && !match_is_over(match_of(a)) && s->score[0] == 0 && s->score[1] == 0);
    CHECK(!locate(a, "next", &r));
    app_destroy(a);
}

/* Four players: the partner sits north, the opponents east and west around the rodadas;
 * leaving an answer to the partner passes it on; a whole game plays out to its end. */
static void test_four_players(void)
{
    fresh_home("tasca-truco", "truco.players = 4\n");
    App *a = start(SPEED_INSTANT, 21);
    REQUIRE(a);
    REQUIRE(settle(a));
    const TrucoState *s = state(a);
    REQUIRE(s && s->num_players == 4);
    SDL_FRect h1, h2, h3, tab, me;
    REQUIRE(locate(a, "hand1", &h1) && locate(a, "hand2", &h2) && locate(a, "hand3", &h3));
    REQUIRE(locate(a, "table", &tab) && locate(a, "card1", &me));
    CHECK(h1.x >= tab.x + tab.w);   /* east: right of the rodadas */
    CHECK(h3.x + h3.w <= tab.x);    /* west: left */
    CHECK(h2.y + h2.h <= tab.y);    /* the partner: above */
    CHECK(me.y >= tab.y + tab.h);   /* you: below */
    CHECK(h1.h > h1.w && h3.h > h3.w); /* east and west hold their cards in a column */
    /* Play until a raise is to be answered by you, then leave it to your partner. */
    bool passed = false;
    for (int guard = 0; guard < 3000 && !passed; guard++) {
        settle(a);
        SDL_FRect r;
        s = state(a);
        if (locate(a, "next", &r) || !s)
            break;
        if (match_current_player(match_of(a)) != 0)
            continue;
        if ((s->phase == TR_PH_ANSWER || s->phase == TR_PH_ONZE) && !truco_can_pass(s)) {
            /* The partner left it to you first: answer. */
            if (press(a, "aceitar") || press(a, "jogar"))
                continue;
        }
        if (s->phase == TR_PH_ANSWER || s->phase == TR_PH_ONZE) {
            REQUIRE(locate(a, "parceiro", &r));
            int len = match_of(a)->history_len;
            click(a, r, 1);
            settle(a);
            /* Your "parceiro" is in the match, and your partner (seat 2) acted next. */
            const Match *m = match_of(a);
            REQUIRE(m->history_len > len + 1);
            CHECK(m->history[len] == TR_PASS && m->history_player[len] == 0);
            CHECK(m->history_player[len + 1] == 2);
            passed = true;
            break;
        }
        if (s->phase == TR_PH_PLAY && truco_can_raise(s, 0) && s->value == 1 &&
            press(a, "truco"))
            continue; /* east answers, perhaps raising back to you */
        play_first_card(a);
    }
    CHECK(passed);
    REQUIRE(play_out(a));
    s = state(a);
    REQUIRE(s);
    CHECK(match_is_over(match_of(a)) && s->num_players == 4);
    CHECK(s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS);
    app_destroy(a);
}

/* New game while a game is under way asks first; the abandoned game counts as lost. */
static void test_new_game_asks(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 3);
    REQUIRE(a);
    REQUIRE(settle(a));
    SDL_FRect r;
    REQUIRE(locate(a, "card1", &r));
    double_click(a, r);
    settle(a);
    int len = match_of(a)->history_len;
    a->scene->new_game(a->self);
    REQUIRE(locate(a, "confirm", &r) && locate(a, "keep", &r));
    click(a, r, 1); /* keep playing */
    settle(a);
    CHECK(!locate(a, "confirm", &r) && match_of(a)->history_len >= len);
    a->scene->new_game(a->self);
    REQUIRE(locate(a, "confirm", &r));
    click(a, r, 1);
    settle(a);
    CHECK(state(a) && state(a)->score[0] == 0 && state(a)->score[1] == 0 && state(a)->hands == 1);
    StatLine st;
    stats_get(&a->stats, "truco", DIFF_EASY, &st);
    CHECK(st.played == 1 && st.lost == 1);
    /* The player has not moved in the new game: New game deals at once. */
    if (match_current_player(match_of(a)) != 0 || state(a)->phase != TR_PH_PLAY) {
        app_destroy(a);
        return;
    }
    a->scene->new_game(a->self);
    CHECK(!locate(a, "confirm", &r));
    app_destroy(a);
}

static void test_resume(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 5);
    REQUIRE(a);
    REQUIRE(settle(a));
    SDL_FRect r;
    REQUIRE(locate(a, "card1", &r));
    double_click(a, r);
    settle(a);
    int len = match_of(a)->history_len, hands = state(a)->hands;
    app_destroy(a);
    /* Same preferences, no seed: the game goes on where it was. */
    a = start(SPEED_INSTANT, 0);
    REQUIRE(a);
    settle(a);
    CHECK(match_of(a) && match_of(a)->history_len >= len);
    CHECK(state(a) && (in_hand(state(a)) < 3 || state(a)->hands > hands));
    app_destroy(a);
}

/* Random clicks, drags, keys and resizes on the Truco table. */
static void test_monkey(void)
{
    static const SDL_Keycode keys[] = {SDLK_RETURN, SDLK_SPACE, SDLK_1, SDLK_2, SDLK_3, SDLK_t,
                                       SDLK_a,      SDLK_c,     SDLK_f, SDLK_j, SDLK_x, SDLK_n,
                                       SDLK_p};
    uint64_t x = 88172645463325252ULL;
    static const char *const setups[] = {
        NULL, "show_opponents = 1\noption.truco.blind = 1\noption.truco.match = 1\n",
        "truco.players = 4\n"};
    for (int k = 0; k < 3; k++) {
        fresh_home("tasca-truco", setups[k]);
        App *a = start(k == 1 ? SPEED_FAST : SPEED_INSTANT, 90 + (uint64_t)k);
        REQUIRE(a);
        REQUIRE(table_monkey(a, "truco", 6000, keys, sizeof keys / sizeof keys[0], &x));
        CHECK(settle(a));
        CHECK(state(a) != NULL);
        app_destroy(a);
    }
}

/* Options ▸ Rules of Truco: the Variant preset sets Manilhas, Deck and Hand values; changing
 * one of them names the preset they match, or custom; fixed manilhas with the 24-card deck
 * are refused with a notice and the options stay as they were. */
static bool pick_choice(App *a, const char *row_label, int seg, int n)
{
    SDL_FRect r;
    if (!menu_find(a->menu, row_label, &r)) {
        /* scrolled out of view: walk the focus down to it */
        for (int i = 0; i < 30 && !menu_find(a->menu, row_label, &r); i++)
            push_key(a, SDLK_DOWN, 0), app_run_frames(a, 1);
        if (!menu_find(a->menu, row_label, &r))
            return false;
    }
    /* The choices sit at the right of the row, where the row draws its control. */
    const WidgetList *wl = menu_widgets(a->menu);
    const Widget *w = NULL;
    for (int i = 0; i < wl->n && !w; i++)
        if (strcmp(wl->w[i].text, row_label) == 0)
            w = &wl->w[i];
    if (!w || w->n_choices != n)
        return false;
    SDL_FRect k = widgets_control_rect(a, r, w);
    SDL_FRect c = {k.x + (seg + 0.5f) * k.w / n - 2, k.y + k.h / 2 - 2, 4, 4};
    click(a, c, 1);
    app_run_frames(a, 2);
    return true;
}

static void test_options_variant(void)
{
    fresh_home("tasca-truco", NULL);
    App *a = start(SPEED_INSTANT, 31);
    REQUIRE(a);
    settle(a);
    menu_open(a->menu, PAGE_OPTIONS);
    app_run_frames(a, 2);
    GameOptions o;
    app_game_options(a, &truco_rules, &o);
    CHECK(o.v[TR_OPT_VARIANT] == TR_VAR_PAULISTA);
    REQUIRE(pick_choice(a, "Variant", TR_VAR_MINEIRO, 5));
    app_game_options(a, &truco_rules, &o);
    CHECK(o.v[TR_OPT_VARIANT] == TR_VAR_MINEIRO);
    CHECK(o.v[TR_OPT_MANILHAS] == TR_MANILHAS_FIXED);
    CHECK(o.v[TR_OPT_DECK] == TR_DECK_40);
    CHECK(o.v[TR_OPT_VALUES] == TR_VALUES_MINEIRO);
    /* The 24-card deck with fixed manilhas: refused, said, nothing changed. */
    a->notice_t = 0;
    REQUIRE(pick_choice(a, "Deck", TR_DECK_24, 2));
    GameOptions after;
    app_game_options(a, &truco_rules, &after);
    CHECK(memcmp(&o, &after, sizeof o) == 0);
    CHECK(a->notice_t > 0 && strstr(a->notice, "40-card deck") != NULL);
    /* Paulista values with the fixed manilhas: manilha velha. */
    REQUIRE(pick_choice(a, "Hand values", TR_VALUES_PAULISTA, 2));
    app_game_options(a, &truco_rules, &o);
    CHECK(o.v[TR_OPT_VARIANT] == TR_VAR_VELHA);
    /* Mineiro values with the vira match no preset: custom. */
    REQUIRE(pick_choice(a, "Hand values", TR_VALUES_MINEIRO, 2));
    REQUIRE(pick_choice(a, "Manilhas", TR_MANILHAS_VIRA, 2));
    app_game_options(a, &truco_rules, &o);
    CHECK(o.v[TR_OPT_VARIANT] == TR_VAR_CUSTOM);
    CHECK(o.v[TR_OPT_MANILHAS] == TR_MANILHAS_VIRA && o.v[TR_OPT_VALUES] == TR_VALUES_MINEIRO);
    /* The clean deck: limpo. */
    REQUIRE(pick_choice(a, "Variant", TR_VAR_LIMPO, 5));
    app_game_options(a, &truco_rules, &o);
    CHECK(o.v[TR_OPT_DECK] == TR_DECK_24 && o.v[TR_OPT_VALUES] == TR_VALUES_PAULISTA);
    app_destroy(a);
}

/* A whole Mineiro match at the table (no vira dealt, the mão de dez dialog's buttons). */
static void test_mineiro_game(void)
{
    fresh_home("tasca-truco", "option.truco.variant = 1\noption.truco.manilhas = 1\n"
                              "option.truco.values = 1\n");
    App *a = start(SPEED_INSTANT, 32);
    REQUIRE(a);
    REQUIRE(settle(a));
    const TrucoState *s = state(a);
    REQUIRE(s);
    CHECK(s->opt_manilhas == TR_MANILHAS_FIXED && s->opt_values == TR_VALUES_MINEIRO);
    CHECK(s->vira == CARD_NONE);
    SDL_FRect r;
    CHECK(!locate(a, "vira", &r));
    REQUIRE(play_out(a));
    s = state(a);
    REQUIRE(s);
    CHECK(match_is_over(match_of(a)));
    CHECK(s->score[0] >= TR_GAME_POINTS || s->score[1] >= TR_GAME_POINTS);
    app_destroy(a);
}

/* Four players, the partner a bot: a raise by the other team that the partner is to answer
 * comes to you (the partner says "parceiro"), its advice on show, and you decide; with
 * "partner answers for the team" on, it answers itself. */
static int partner_raised; /* raises the partner (seat 2) made, in the last partner_game */
static int advice_waits;   /* games where "Partner is thinking…" was on show */
static int toast_checks, toast_clashes; /* toasts seen over the advice, and those over it */

static int partner_game(const char *settings, uint64_t seed, int *deferred, int *answered,
                        int *advised)
{
    fresh_home("tasca-truco", settings);
    App *a = start(SPEED_INSTANT, seed);
    if (!a)
        return -1;
    settle(a);
    *deferred = *answered = *advised = 0;
    int hands = 0;
    for (int guard = 0; guard < 6000; guard++) {
        settle(a);
        SDL_FRect r;
        const TrucoState *s = state(a);
        if (!s || locate(a, "next", &r))
            break;
        hands = s->hands;
        if (match_is_over(match_of(a)))
            break;
        if (match_current_player(match_of(a)) != 0)
            continue;
        if (s->phase == TR_PH_ANSWER || s->phase == TR_PH_ONZE) {
            /* The advice is worked out off the UI thread: frames go on meanwhile. */
            for (int w = 0; w < test_count(2000) && locate(a, "advice_pending", &r); w++) {
                app_settle(a, 1);
                SDL_Delay(2);
            }
            *advised += locate(a, "advice", &r);
            if (locate(a, "advice", &r) && s->phase == TR_PH_ANSWER && toast_checks < 3) {
                /* A card played out of turn: the reason's toast shows, clear of the
                 * question and the advice. */
                SDL_FRect q = r, c;
                if (play_first_card(a) && (app_settle(a, 1), locate(a, "toast", &c))) {
                    toast_checks++;
                    toast_clashes += SDL_HasIntersectionF(&c, &q);
                }
            }
            if (press(a, "aceitar") || press(a, "jogar"))
                continue;
        }
        play_first_card(a);
    }
    SDL_FRect r;
    advice_waits += locate(a, "advice_waited", &r);
    /* Every raise east made (seat 1) was next answered by the partner (seat 2): count how. */
    const Match *m = match_of(a);
    partner_raised = 0;
    for (int k = 0; k < m->history_len; k++)
        partner_raised += m->history_player[k] == 2 && m->history[k] >= TR_TRUCO &&
                          m->history[k] <= TR_DOZE;
    for (int k = 0; k + 1 < m->history_len; k++) {
        Action x = m->history[k];
        if (m->history_player[k] == 1 && x >= TR_TRUCO && x <= TR_DOZE &&
            m->history_player[k + 1] == 2) {
            if (m->history[k + 1] == TR_PASS)
                (*deferred)++;
            else
                (*answered)++;
        }
    }
    printf("%d hands: east's raises the partner left to you %d, answered %d; advice seen %d\n",
           hands, *deferred, *answered, *advised);
    app_destroy(a);
    return 0;
}

static void test_partner_advice(void)
{
    int deferred = 0, answered = 0, advised = 0, raised = 0, d, n, v;
    for (uint64_t seed = 41; seed < 44; seed++) {
        REQUIRE(partner_game("truco.players = 4\n", seed, &d, &n, &v) == 0);
        deferred += d, answered += n, advised += v, raised += partner_raised;
    }
    CHECK(raised > 0); /* by default it calls truco on its own turn */
    CHECK(deferred > 0);  /* east raised and the partner left it to you */
    CHECK(answered == 0); /* it never answered for the team */
    CHECK(advised > 0);   /* and you saw its advice */
    CHECK(advice_waits > 0); /* worked out off the UI thread, "thinking" meanwhile */
    CHECK(toast_checks > 0);  /* a card clicked while the advice showed: a toast */
    CHECK(toast_clashes == 0); /* that did not cover the advice */
    /* "Partner answers for the team": the bot answers east's raises itself. */
    deferred = answered = 0;
    for (uint64_t seed = 41; seed < 44; seed++) {
        REQUIRE(partner_game("truco.players = 4\ntruco.partner_answers = 1\n", seed, &d, &n,
                             &v) == 0);
        deferred += d, answered += n;
    }
    CHECK(answered > 0);
    /* "Partner may raise on its own" off: it never calls truco, the same deals. */
    raised = 0;
    for (uint64_t seed = 41; seed < 44; seed++) {
        REQUIRE(partner_game("truco.players = 4\ntruco.partner_raises = 0\n", seed, &d, &n,
                             &v) == 0);
        raised += partner_raised;
    }
    CHECK(raised == 0);
}

/* "Partner may raise on its own" off, every bot Hard. Where the partner's best move is a
 * truco call (Hard's own choice, from the generator the match gives that turn, worked out
 * here) it makes another move, one the rules allow it. Its turn is decided on the match's bot
 * thread: the frame in which its turn starts leaves it to move with the match's request out
 * (the scene decided it in its update before, a stall of a Hard search). The game replays
 * identically from its save, and every partner turn decided again from the save cut just
 * before it, under the same limit, gives the same move. */
static Match *load_cut(const char *text, int steps)
{
    const char *p = strstr(text, "\nactions\n");
    if (!p)
        return NULL;
    p += strlen("\nactions\n");
    for (int k = 0; k < steps && p; k++) {
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    if (!p)
        return NULL;
    char err[MATCH_ERR];
    Match *m = match_load_text(text, (size_t)(p - text), err, sizeof err);
    if (!m)
        fprintf(stderr, "load_cut: %s\n", err);
    return m;
}

static void test_partner_no_raise(void)
{
    int best_raise = 0, on_thread = 0, partner_turns = 0;
    for (uint64_t seed = 61; seed < 70 && best_raise < 2; seed++) {
        fresh_home("tasca-truco", "truco.players = 4\ntruco.partner_raises = 0\n");
        AppOptions o = test_options("truco", SPEED_INSTANT, seed);
        o.difficulty = DIFF_HARD;
        o.no_audio = true;
        App *a = start_app(&o);
        REQUIRE(a && a->scene && strcmp(a->scene->id, "truco") == 0);
        int raise_at[64], n_raise = 0; /* steps where the partner's best was a call */
        for (int guard = 0; guard < test_count(40000) && n_raise < 64; guard++) {
            Match *m = match_of(a);
            REQUIRE(m);
            const TrucoState *s = m->state;
            SDL_FRect r;
            if (match_is_over(m) || locate(a, "next", &r))
                break;
            int cur = match_current_player(m);
            if (cur == 2 && truco_can_raise(s, 2)) {
                /* Its turn has come (its request may be out already, started in the frame
                 * that dealt the turn to it). */
                int len = m->history_len;
                TrucoState v;
                truco_rules.observe(s, 2, &v);
                Rng rng;
                rng_seed(&rng, rng_mix(m->seed ^ 0xB07B07B07ULL, (uint64_t)len));
                Action best = bot_decide_view(&truco_rules, DIFF_HARD, &v, 2, &rng, NULL);
                /* More than one move it may make and no sign to make first (every level
                 * signs at once, without a search): a search, which takes a while. */
                BotLimit l = truco_partner_limit(TRUCO_LIMIT_NO_RAISE);
                Action acts[RULES_MAX_ACTIONS];
                int n = truco_rules.legal_actions(&v, acts), allowed = 0;
                for (int i = 0; i < n; i++)
                    allowed += l.allows(l.flags, &v, 2, acts[i]);
                bool searched = allowed > 1 && truco_signal_decide(&v, 2) < 0;
                for (int w = 0; w < test_count(20000) && m->history_len == len; w++) {
                    app_run_frames(a, 1);
                    if (match_bot_busy(m))
                        SDL_Delay(1);
                }
                REQUIRE(m->history_len > len && m->history_player[len] == 2);
                if (searched) {
                    /* The move came from the match's bot thread (the old scene searched and
                     * played it on the UI thread, never asking the match). */
                    partner_turns++;
                    on_thread += m->job_step[2] == len + 1;
                }
                Action got = m->history[len];
                CHECK(got < TR_TRUCO || got > TR_DOZE); /* never a call of its own */
                if (best >= TR_TRUCO && best <= TR_DOZE) {
                    printf("seed %llu step %d: the partner's best, %d, a call; it made %d\n",
                           (unsigned long long)seed, len, best, got);
                    raise_at[n_raise++] = len;
                }
                continue;
            }
            app_run_frames(a, 1);
            if (match_bot_busy(m)) {
                SDL_Delay(1);
                continue;
            }
            if (cur != 0 || !table_player_can_act(a->self) || !table_settled(a->self))
                continue;
            /* Yours: accept, play the mão de onze, or the first card (no settling: the
             * partner's turns are watched frame by frame). */
            if (locate(a, "aceitar", &r) || locate(a, "jogar", &r)) {
                click(a, r, 1);
                continue;
            }
            play_first_card(a);
        }
        best_raise += n_raise;
        /* The save replays to the same game, and each of those turns again from its cut. */
        Match *m = match_of(a);
        char *text = match_save_text(m);
        REQUIRE(text);
        char err[MATCH_ERR];
        Match *back = match_load_text(text, strlen(text), err, sizeof err);
        REQUIRE(back);
        CHECK(back->history_len == m->history_len &&
              memcmp(back->history, m->history, (size_t)m->history_len * sizeof *m->history) == 0 &&
              memcmp(back->state, m->state, truco_rules.state_size) == 0);
        match_free(back);
        for (int k = 0; k < n_raise; k++) {
            Match *cut = load_cut(text, raise_at[k]);
            REQUIRE(cut && cut->history_len == raise_at[k] && match_current_player(cut) == 2);
            BotLimit l = truco_partner_limit(TRUCO_LIMIT_NO_RAISE | TRUCO_LIMIT_LEAVE_ANSWER);
            match_set_limit(cut, 2, &l);
            CHECK(match_play_bot(cut) == NULL);
            CHECK(cut->history[raise_at[k]] == m->history[raise_at[k]]);
            match_free(cut);
        }
        free(text);
        app_destroy(a);
    }
    printf("partner turns where it could call: %d, its move from the bot's thread: %d; "
           "its best a call: %d\n", partner_turns, on_thread, best_raise);
    CHECK(best_raise > 0);
    CHECK(on_thread == partner_turns && partner_turns > 0);
}

/* Four players with signals: your sign buttons issue signs (each once a hand) and leave the
 * turn with you; your partner's signs show on its plate; the other team's signs, never
 * caught at 0 %, never show. With signals off there are no sign buttons. */
static void test_signals(void)
{
    fresh_home("tasca-truco", "truco.players = 4\noption.truco.signal_seen = 0\n");
    App *a = start(SPEED_INSTANT, 21);
    REQUIRE(a);
    REQUIRE(settle(a));
    bool signed_ = false, partner_shown = false;
    int their_signs = 0;
    for (int guard = 0; guard < 4000; guard++) {
        settle(a);
        SDL_FRect r;
        const TrucoState *s = state(a);
        const Match *m = match_of(a);
        if (!s || locate(a, "next", &r) || match_is_over(m))
            break;
        CHECK(!locate(a, "signs1", &r) && !locate(a, "signs3", &r));
        bool partner_signed = false;
        for (int k = 0; k < TR_SIGNS; k++)
            partner_signed |= truco_saw_signal(s, 0, 2, k);
        if (partner_signed)
            partner_shown |= locate(a, "signs2", &r);
        if (match_current_player(m) != 0)
            continue;
        if (s->phase == TR_PH_PLAY && locate(a, "sinal tres", &r)) {
            int len = m->history_len;
            click(a, r, 1);
            settle(a);
            m = match_of(a);
            REQUIRE(m->history_len >= len + 1);
            CHECK(m->history[len] == TR_SIGNAL + TR_SIGN_THREE && m->history_player[len] == 0);
            CHECK(match_current_player(m) == 0); /* still your turn */
            CHECK(!locate(a, "sinal tres", &r));  /* once a hand */
            signed_ = true;
            continue;
        }
        if ((s->phase == TR_PH_ANSWER || s->phase == TR_PH_ONZE) &&
            (press(a, "aceitar") || press(a, "jogar")))
            continue;
        play_first_card(a);
    }
    const Match *m = match_of(a);
    for (int k = 0; k < m->history_len; k++)
        their_signs += m->history_player[k] % 2 == 1 && m->history[k] >= TR_SIGNAL &&
                       m->history[k] < TR_SIGNAL + TR_SIGNS;
    CHECK(signed_);
    CHECK(partner_shown);
    printf("signs by the other team, unseen: %d\n", their_signs);
    CHECK(their_signs > 0);
    app_destroy(a);
    /* Signals off: no buttons. */
    fresh_home("tasca-truco", "truco.players = 4\noption.truco.signals = 0\n");
    a = start(SPEED_INSTANT, 21);
    REQUIRE(a);
    REQUIRE(settle(a));
    SDL_FRect r;
    for (int guard = 0; guard < 200 && match_current_player(match_of(a)) != 0; guard++)
        settle(a);
    CHECK(!locate(a, "sinal zap", &r) && !locate(a, "sinal tres", &r));
    app_destroy(a);
}

/* House rules at the table. "Answer a raise by raising" off: whenever the computer raises,
 * Accept and Run are offered and no Raise button; the options page turns it back on. "A
 * refusal passes to the partner" on, four players: your Run, as the first to answer, leaves
 * the answer to your computer partner, who answers for the team. */
static void test_house_rules(void)
{
    fresh_home("tasca-truco", "option.truco.reraise = 0\n");
    App *a = start(SPEED_INSTANT, 5);
    REQUIRE(a);
    int asked = 0;
    SDL_FRect r;
    for (int guard = 0; guard < 3000 && !locate(a, "next", &r); guard++) {
        settle(a);
        const TrucoState *s = state(a);
        if (match_current_player(match_of(a)) != 0)
            continue;
        if (s->phase == TR_PH_ANSWER) {
            CHECK(locate(a, "aceitar", &r) && locate(a, "correr", &r));
            CHECK(!locate(a, "aumentar", &r));
            asked++;
            press(a, "aceitar");
            continue;
        }
        if (press(a, "jogar"))
            continue;
        play_first_card(a);
    }
    CHECK(asked > 0);
    menu_open(a->menu, PAGE_OPTIONS);
    app_run_frames(a, 2);
    GameOptions o;
    app_game_options(a, &truco_rules, &o);
    CHECK(o.v[TR_OPT_RERAISE] == 0);
    REQUIRE(pick_choice(a, "Answer a raise by raising", 1, 2));
    app_game_options(a, &truco_rules, &o);
    CHECK(o.v[TR_OPT_RERAISE] == 1);
    app_destroy(a);

    fresh_home("tasca-truco", "truco.players = 4\noption.truco.run_passes = 1\n");
    int passed = 0;
    for (uint64_t seed = 7; seed < 12 && !passed; seed++) {
        a = start(SPEED_INSTANT, seed);
        REQUIRE(a);
        for (int guard = 0; guard < 3000 && !passed && !locate(a, "next", &r); guard++) {
            settle(a);
            const TrucoState *s = state(a);
            if (match_current_player(match_of(a)) != 0)
                continue;
            if (s->phase == TR_PH_ANSWER && truco_run_passes(s)) {
                Match *m = match_of(a);
                int at = m->history_len;
                CHECK(!locate(a, "parceiro", &r)); /* Run does it: no second button */
                REQUIRE(press(a, "correr"));
                /* the next word is the partner's (seat 2), not a new deal */
                m = match_of(a);
                REQUIRE(m->history_len > at + 1);
                CHECK(m->history[at] == TR_RUN && m->history_player[at] == 0);
                CHECK(m->history_player[at + 1] == 2);
                passed++;
                continue;
            }
            if (press(a, "aceitar") || press(a, "jogar"))
                continue;
            play_first_card(a);
        }
        app_destroy(a);
    }
    CHECK(passed > 0);
}

static const UiTest tests[] = {
    {"hand_end_seen", test_hand_end_seen},
    {"banner_stray_click", test_banner_stray_click},
    {"languages", test_languages},
    {"score_past_12", test_score_past_12},
    {"signs_resume", test_signs_resume},
    {"signs_readable", test_signs_readable},
    {"rodada_marks", test_rodada_marks},
    {"news_place", test_news_place},
    {"double_click", test_double_click_plays},
    {"drag", test_drag_plays},
    {"number_keys", test_number_keys},
    {"truco_button", test_truco_button},
    {"whole_game", test_whole_game_and_next},
    {"four_players", test_four_players},
    {"new_game_asks", test_new_game_asks},
    {"resume", test_resume},
    {"monkey", test_monkey},
    {"options_variant", test_options_variant},
    {"mineiro_game", test_mineiro_game},
    {"partner_advice", test_partner_advice},
    {"partner_no_raise", test_partner_no_raise},
    {"signals", test_signals},
    {"house_rules", test_house_rules},
};

int main(int argc, char **argv)
{
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-truco", NULL);
}
