/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Play online in the window, for real: a private nats-server (localnats) and a dealer in the
 * test, the app at one seat of a networked table and a bot client at the other.
 *   window_seat: the window sits at seat 2 of a Bisca table another client created (no
 *     move is made before it sits down); its
 *     table shows that seat's hand south, the window plays it with the mouse to the end,
 *     and the result it shows is the dealer's; the banner's "Leave the table" leaves it.
 *     Once over, the window says it checked the deal (commit and reveal) and found it fair.
 *   deal_cheat: the same with a dealer that deals another deck than it committed to: the
 *     window says, loudly, that the deal could not be verified.
 *   play_again: the same window asks to play again on the banner; nothing is dealt until
 *     Ana asks too; then the same table starts over with the next game, which the window
 *     plays to its end with the dealer's result (TASCA_SHOT_DIR: the banner's pictures).
 *   person_named: at a 21 table against a person, the result names her ("Ana went over
 *     21"), never "the computer"; the window then leaves for the Play online page and sits
 *     at a second table, which the menu no longer covers.
 *   lobby_async: Show open tables asks off the window's thread, on a server that never
 *     answers (then says it could not connect) and on one that lists a table.
 *   broker_kill: the same with nats-server killed with -9 mid-game and started again: the
 *     window says the link is lost, comes back by itself and finishes the game as dealt.
 *   kept_invitation: a private table made from the menu with seat 2 for a person keeps that
 *     seat for the friend its own invitation (shown, with a Copy button) goes to.
 *   menu_create: Play online ▸ this computer ▸ Create table (seat 2 an Easy bot) from the
 *     menu with the mouse: the game's own server and dealer start, the table is played to
 *     its end, and closing the app stops the server.
 *   lan: Play online ▸ this computer open to the local network (online.lan names an address:
 *     127.0.0.2, another loopback address, stands for the network's; no real interface is
 *     used): the page gives the players' address there, with their password; a friend's
 *     client reaches it and makes a table the window lists; without credentials the server
 *     refuses; "No" on the page's row puts it back on 127.0.0.1.
 *   Hints: offered at a networked table only when every other seat is the computer's (the
 *     Hint button in menu_create, none against Ana in window_seat). */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <SDL_image.h>

#include "core/fileio.h"
#include "engine/registry.h"
#include "net/dealfile.h"
#include "net/localnats.h"
#include "net/invite.h"
#include "net/net.h"
#include "ui/menu.h"
#include "ui/online.h"
#include "ui/tablescene.h"
#include "natsfix.h"
#include "ui_fixture.h"

/* ---- A bot client at one seat ---- */

/* Ana plays as a person's client does: each view of her turn is decided by an Easy bot on
 * her own thread and sent with net_client_act, which sends it again until the dealer
 * answers (a message lost on the way, or a dealer busy writing its record, loses nothing). */
typedef struct {
    NetClient *c;
    const GameRules *rules;
    int seat;
    atomic_int acted;
    Rng rng;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    pthread_t worker;
    bool worker_on, stop;
    uint8_t *view;       /* the latest view of her turn (lock) */
    bool have;           /* ...not acted on yet */
    uint32_t seq;        /* its step count */
    uint16_t game_no;    /* and game */
    int refusals;        /* the dealer's refusals of her actions (lock) */
    char refusal[WIRE_REASON];
} BotSeat;

static void bot_view(void *user, NetClient *c, const MsgView *v)
{
    (void)c;
    BotSeat *b = user;
    if (v->view_len != b->rules->state_size || b->rules->current_player(v->view) != b->seat)
        return;
    pthread_mutex_lock(&b->lock);
    bool newer = !b->view || v->game_no > b->game_no || (v->game_no == b->game_no && v->seq > b->seq);
    if (!b->view)
        b->view = malloc(b->rules->state_size);
    if (newer && b->view) {
        memcpy(b->view, v->view, v->view_len);
        b->seq = v->seq;
        b->game_no = v->game_no;
        b->have = true;
        pthread_cond_broadcast(&b->cond);
    }
    pthread_mutex_unlock(&b->lock);
}

static void *bot_worker(void *arg)
{
    BotSeat *b = arg;
    void *view = malloc(b->rules->state_size);
    pthread_mutex_lock(&b->lock);
    while (view) {
        while (!b->stop && !b->have)
            pthread_cond_wait(&b->cond, &b->lock);
        if (b->stop)
            break;
        memcpy(view, b->view, b->rules->state_size);
        uint32_t at = b->seq;
        b->have = false;
        pthread_mutex_unlock(&b->lock);
        Action a = bot_decide_view(b->rules, DIFF_EASY, view, b->seat, &b->rng, NULL);
        const char *why = net_client_act(b->c, a, at);
        atomic_fetch_add(&b->acted, 1);
        pthread_mutex_lock(&b->lock);
        if (why && !b->stop) {
            b->refusals++;
            snprintf(b->refusal, sizeof b->refusal, "%s", why);
            fprintf(stderr, "Ana's action at step %u refused: %s\n", at, why);
        }
    }
    pthread_mutex_unlock(&b->lock);
    free(view);
    return NULL;
}

/* Ana gone: her tries end (her connection closed), her thread stops, her client is freed. */
static void ana_free(BotSeat *b)
{
    pthread_mutex_lock(&b->lock);
    b->stop = true;
    pthread_cond_broadcast(&b->cond);
    pthread_mutex_unlock(&b->lock);
    if (b->c)
        natsConnection_Close(net_client_conn(b->c));
    if (b->worker_on)
        pthread_join(b->worker, NULL);
    net_client_free(b->c);
    b->c = NULL;
    free(b->view);
    b->view = NULL;
}

/* Plays the window's seat with the mouse: the first of its cards the rules accept, for
 * `limit` frames at most (scaled by TASCA_TEST_TIME_SCALE), and never past 5 ms a frame nor
 * 450 s in all, so that a game that does not end is reported before ctest's 600 s. */
static bool play_cards(App *a, int limit)
{
    long long deadline = test_deadline(limit < 90000 ? limit * 5 : 450000);
    for (int frame = 0; frame < test_count(limit) && test_before(deadline); frame++) {
        Match *m = match_of(a);
        if (!m || !m->mirror)
            return false;
        if (match_is_over(m))
            return true;
        Table *t = a->self;
        SDL_FRect nr;
        if (t->hold && t->banner >= 1 && locate(a, "next", &nr)) {
            click(a, nr, 1); /* the next game of a match, as a player would */
            app_run_frames(a, 1);
            continue;
        }
        if (table_player_can_act(t) && !m->sent && table_settled(t)) {
            int before = m->history_len;
            for (int k = 0; k < 9 && !m->sent; k++) {
                char what[8];
                snprintf(what, sizeof what, "card%d", k);
                SDL_FRect r;
                if (!locate(a, what, &r))
                    break;
                double_click(a, r);
                app_run_frames(a, 1);
            }
            CHECK(m->sent || m->history_len > before);
        }
        app_run_frames(a, 1);
        usleep(2000); /* the dealer and the other seat answer meanwhile */
    }
    return false;
}

/* What the window was waiting for when a game did not end in time (for the log). */
static void window_report(App *a, int limit)
{
    Match *m = match_of(a);
    Table *t = a->self;
    if (!m)
        return;
    fprintf(stderr,
            "play_cards: not over after %d frames: steps %u, history %d, to play %d (seat %d), "
            "sent %d, can act %d, settled %d, hold %d, banner %.2f, menu %s (page %d)\n",
            test_count(limit), m->steps, m->history_len, match_current_player(m), m->mirror_seat, m->sent,
            table_player_can_act(t), table_settled(t), t->hold, t->banner,
            menu_is_open(a->menu) ? "open" : "closed", (int)menu_page(a->menu));
}

/* Frames until the result's banner is fully up, past its grace (a click before that is
 * taken for a stray one and ignored, tablescene.c) and the table settled; what it was
 * waiting for is printed when it does not come. */
static bool banner_up(App *a)
{
    Table *t = a->self;
    bool up = false;
    for (int i = 0; i < test_count(5000) && !up; i++) {
        app_run_frames(a, 1);
        up = t->banner >= 1 && t->banner_age >= TABLE_GRACE && table_settled(t);
    }
    if (!up)
        fprintf(stderr, "the banner is not up: banner %.2f, age %.2f, settled %d, over %d, "
                        "linger %d, menu %d\n",
                t->banner, t->banner_age, table_settled(t), t->over, t->linger,
                menu_is_open(a->menu));
    return up;
}

/* What Ana's side knows when a game did not end (for the log). */
static void ana_report(BotSeat *ana)
{
    MsgTable info;
    char why[WIRE_REASON] = "";
    int refused = net_client_refused(ana->c, why, sizeof why);
    bool known = net_client_table(ana->c, &info);
    pthread_mutex_lock(&ana->lock);
    fprintf(stderr,
            "Ana: acted %d, refused %d (%s), her turn's view at step %u (acted on: %s), the "
            "lobby's last news at step %u, over %d\n",
            atomic_load(&ana->acted), refused + ana->refusals, ana->refusals ? ana->refusal : why,
            ana->seq, ana->have ? "no" : "yes", known ? info.seq : 0, known && info.over);
    pthread_mutex_unlock(&ana->lock);
}

/* The server the test started last (server()), whose log's end a failed game prints. */
static const LocalNats *last_server;

/* What the window, Ana and the server knew when a game did not end (for the log). */
static void stuck_report(App *a, BotSeat *ana, int limit)
{
    window_report(a, limit);
    ana_report(ana);
    FILE *f = last_server ? fopen(localnats_log(last_server), "r") : NULL;
    if (f) { /* a slow consumer cut off, a client's connection closed, ... */
        char tail[3000];
        if (fseek(f, -(long)(sizeof tail - 1), SEEK_END) != 0)
            rewind(f);
        size_t n = fread(tail, 1, sizeof tail - 1, f);
        tail[n] = '\0';
        fprintf(stderr, "the server's log ends:\n%s\n", tail);
        fclose(f);
    }
}

/* play_cards, and the report above when the game did not end. */
static bool played_against(App *a, BotSeat *ana, int limit)
{
    bool ended = play_cards(a, limit);
    if (!ended)
        stuck_report(a, ana, limit);
    return ended;
}

/* play_cards until the table has taken `steps` steps more than when called. */
static bool play_cards_until(App *a, int steps, int limit)
{
    Match *m = match_of(a);
    uint32_t until = m->steps + (uint32_t)steps;
    for (int frame = 0; frame < test_count(limit) && match_of(a)->steps < until; frame += 50)
        if (play_cards(a, 50))
            return true;
    return match_of(a)->steps >= until;
}

static LocalNats *server(char *dir, size_t size)
{
    snprintf(dir, size, "%s/nats", home);
    char err[256];
    LocalNats *s = localnats_start(dir, err, sizeof err);
    if (!s)
        fprintf(stderr, "no nats-server: %s\n", err);
    last_server = s;
    return s;
}

/* The players' URL of this computer's server (it runs locked: their password in it). */
static const char *player_url(const LocalNats *s)
{
    static char url[256];
    if (!localnats_player_url(s, NULL, url, sizeof url))
        snprintf(url, sizeof url, "%s", localnats_url(s));
    return url;
}

/* Bruno's window at `game`'s table, on the players' URL of `ns` (Easy bots, test mode). */
static App *bruno_window(const LocalNats *ns, const char *game)
{
    AppOptions o = test_options(game, SPEED_INSTANT, 5);
    o.no_audio = true;
    App *a = start_app(&o);
    if (a) {
        kv_set(&a->kv, "online.server", player_url(ns));
        kv_set(&a->kv, "online.name", "Bruno");
    }
    return a;
}

/* A dealer on `url` (with the dealer's credentials when the server asks for them), its keys
 * under `base`/dealer. */
static bool cheating_dealer; /* the next dealer deals another deck than it committed to */

static Dealer *dealer_on(const char *url, const char *creds, const char *base)
{
    char store[700], err[256];
    snprintf(store, sizeof store, "%s/dealer", base);
    mkdir(store, 0700);
    DealerConfig dc = {.url = url,
                       .creds = creds,
                       .store = store,
                       .replicas = 1,
                       .linger_seconds = 60,
                       .verbose = true, /* its story in the log of a failed run */
                       .cheat_deals = cheating_dealer};
    Dealer *d = dealer_start(&dc, err, sizeof err);
    if (!d)
        fprintf(stderr, "no dealer: %s\n", err);
    return d;
}

/* Ana makes a 2-seat table of `game` (`option`, NULL for none) and sits at its first seat
 * with a bot's hands. False when she could not. */
static bool ana_game_table(BotSeat *ana, const char *game, const char *url, uint64_t seed,
                           const char *option, char code[WIRE_CODE])
{
    char err[256];
    *ana = (BotSeat){.rules = registry_find(game), .seat = 0};
    pthread_mutex_init(&ana->lock, NULL);
    pthread_cond_init(&ana->cond, NULL);
    rng_seed(&ana->rng, seed);
    ana->c = net_client_new(url, NULL, "Ana", err, sizeof err);
    if (!ana->c)
        return false;
    ana->worker_on = pthread_create(&ana->worker, NULL, bot_worker, ana) == 0;
    if (!ana->worker_on)
        return false;
    MsgCreate spec = {.num_players = 2, .seed = seed * 11, .away_seconds = 60};
    snprintf(spec.game, sizeof spec.game, "%s", game);
    spec.n_options = (uint8_t)ana->rules->n_options;
    GameOptions opt;
    rules_default_options(ana->rules, &opt);
    if (option && rules_parse_option(ana->rules, &opt, option, err, sizeof err))
        return false;
    memcpy(spec.options, opt.v, sizeof spec.options);
    int seat = -1;
    return !net_client_create(ana->c, &spec, code) &&
           !net_client_join(ana->c, code, 0, bot_view, ana, &seat) && seat == 0;
}

static bool ana_table(BotSeat *ana, const char *url, uint64_t seed, const char *option,
                      char code[WIRE_CODE])
{
    return ana_game_table(ana, "bisca", url, seed, option, code);
}

/* The table's last news once it says the game is over (false after 30 s without, scaled). */
static bool table_over(BotSeat *ana, MsgTable *info)
{
    for (int i = 0; i < test_count(3000); i++) {
        if (net_client_table(ana->c, info) && info->over)
            return true;
        usleep(10000);
    }
    return false;
}

/* The frame as a PNG in $TASCA_SHOT_DIR (nothing when it is not set). */
static void shot(App *a, const char *name)
{
    const char *dir = getenv("TASCA_SHOT_DIR");
    if (!dir)
        return;
    app_run_frames(a, 1);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, a->w, a->h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (s && SDL_RenderReadPixels(a->ren, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch) == 0)
        IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

static void test_window_seat(void)
{
    char dir[600], err[256], code[WIRE_CODE];
    LocalNats *ns = server(dir, sizeof dir);
    REQUIRE(ns);
    Dealer *d = dealer_on(localnats_url(ns), localnats_creds(ns, true), home);
    REQUIRE(d);
    /* Ana creates a 2-seat Bisca table and sits at seat 1 with a bot's hands. */
    BotSeat ana;
    REQUIRE(ana_table(&ana, player_url(ns), 7, NULL, code));
    /* Nobody plays before every seat is taken: an early move is refused, the count stays. */
    MsgTable before, info;
    REQUIRE(net_lobby_table(net_client_conn(ana.c), NULL, code, &before, natsfix_answer_ms()));
    usleep((useconds_t)test_ms(300) * 1000);
    REQUIRE(net_lobby_table(net_client_conn(ana.c), NULL, code, &info, natsfix_answer_ms()));
    CHECK(info.seq == before.seq);

    /* The window, at seat 2, on another game's table. */
    App *a = bruno_window(ns, "twentyone");
    REQUIRE(a);
    CHECK(!online_join(a, "nope!", -1, err, sizeof err)); /* a bad code: said, nothing changes */
    CHECK(!online_join(a, "QQQQQQ", -1, err, sizeof err));
    CHECK(strcmp(err, "there is no table QQQQQQ (check the code)") == 0);
    CHECK(strcmp(a->scene->id, "twentyone") == 0);
    REQUIRE(online_join(a, code, -1, err, sizeof err));
    CHECK(strcmp(a->scene->id, "bisca") == 0);
    CHECK(online_code(a) && strcmp(online_code(a), code) == 0);
    Match *m = match_of(a);
    REQUIRE(m && m->mirror && m->mirror_seat == 1);
    Table *t = a->self;
    CHECK(table_player(t) == 1);
    CHECK(table_seat_kind(t, 0) == SEAT_REMOTE);
    app_run_frames(a, 30);
    CHECK(strcmp(table_seat_name(t, 0), "Ana") == 0);
    /* South is the window's own seat: its first card is in the lower part of the table and
     * shows a card of seat 2's view. */
    SDL_FRect r;
    REQUIRE(locate(a, "card0", &r));
    CHECK(r.y > a->h / 2);
    /* Against a person: no Hint button, and H (free in Bisca) asks for nothing. */
    for (int i = 0; i < test_count(5000) && !(table_player_can_act(t) && table_settled(t)); i++) {
        app_run_frames(a, 1);
        usleep(2000);
    }
    REQUIRE(table_player_can_act(t));
    CHECK(!locate(a, "hint", &r));
    push_key(a, SDLK_h, 0);
    app_run_frames(a, 10);
    Action hinted;
    CHECK(!table_hint_action(t, &hinted) && match_hints(match_of(a), 1) == 0);
    REQUIRE(played_against(a, &ana, 20000));
    app_run_frames(a, 200);
    m = match_of(a);
    REQUIRE(m && match_is_over(m));
    REQUIRE(table_over(&ana, &info));
    CHECK(m->steps == info.seq);
    CHECK(t->result == info.result[1]);
    CHECK(atomic_load(&ana.acted) > 5);
    /* The window checked the deal by itself, and says so. */
    char why[160];
    FeedDeal deal = FEED_DEAL_UNKNOWN;
    for (int i = 0; i < test_count(5000) && (deal = table_deal_check(t, why, sizeof why)) == FEED_DEAL_UNKNOWN;
         i++)
        app_run_frames(a, 1);
    CHECK(deal == (cheating_dealer ? FEED_DEAL_FAILED : FEED_DEAL_VERIFIED));
    if (cheating_dealer && !strstr(why, "committed deck"))
        fprintf(stderr, "the window's reason: %s\n", why);
    if (cheating_dealer)
        CHECK(strstr(why, "committed deck") != NULL);
    /* ...and kept its record of the game, for `tasca verify`, which says the same. */
    {
        char path[1200], err[200], again[200];
        snprintf(path, sizeof path, "%sdeals/%s-g1.tdeal", a->pref_dir, online_code(a));
        size_t len;
        char *text = file_read_all(path, DEAL_RECORD_MAX, &len, err, sizeof err);
        if (!text)
            fprintf(stderr, "no record of the deal: %s\n", err);
        REQUIRE(text);
        DealRecord rec;
        REQUIRE(deal_record_parse(text, len, &rec, err, sizeof err));
        free(text);
        CHECK(rec.seat == 1 && strcmp(rec.game, "bisca") == 0);
        CHECK((deal_record_check(&rec, again, sizeof again) != NULL) == cheating_dealer);
        deal_record_free(&rec);
    }
    shot(a, cheating_dealer ? "online-deal-not-verified.png" : "online-deal-verified.png");
    REQUIRE(banner_up(a));
    /* The banner's Leave button: back to the Play online page, an offline table again. */
    REQUIRE(locate(a, "leave", &r));
    click(a, r, 1);
    app_run_frames(a, 5);
    if (online_code(a))
        fprintf(stderr, "the leave was not taken: banner %.2f, age %.2f, settled %d, menu %d\n",
                t->banner, t->banner_age, table_settled(t), menu_is_open(a->menu));
    CHECK(menu_is_open(a->menu) && menu_page(a->menu) == PAGE_ONLINE);
    CHECK(online_code(a) == NULL);
    m = match_of(a);
    CHECK(m && !m->mirror);
    app_destroy(a);
    ana_free(&ana);
    dealer_stop(d);
    localnats_stop(ns);
}


/* The table's last news once it says game `game_no` is over (false after 30 s without,
 * scaled). */
static bool game_over(BotSeat *ana, int game_no, MsgTable *info)
{
    for (int i = 0; i < test_count(3000); i++) {
        if (net_client_table(ana->c, info) && info->over && info->game_no == game_no)
            return true;
        usleep(10000);
    }
    return false;
}

static void test_play_again(void)
{
    char dir[600], err[256], code[WIRE_CODE];
    LocalNats *ns = server(dir, sizeof dir);
    REQUIRE(ns);
    Dealer *d = dealer_on(localnats_url(ns), localnats_creds(ns, true), home);
    REQUIRE(d);
    BotSeat ana;
    REQUIRE(ana_table(&ana, player_url(ns), 13, NULL, code));
    App *a = bruno_window(ns, "bisca");
    REQUIRE(a);
    REQUIRE(online_join(a, code, -1, err, sizeof err));
    Match *m = match_of(a);
    REQUIRE(m && m->mirror && m->mirror_seat == 1);
    Table *t = a->self;
    REQUIRE(played_against(a, &ana, 20000));
    app_run_frames(a, 200);
    MsgTable info;
    REQUIRE(game_over(&ana, 0, &info));
    CHECK(m->steps == info.seq);
    CHECK(t->result == info.result[1]);
    CHECK(!info.seats[0].again && !info.seats[1].again);
    shot(a, "play_again_banner.png");
    REQUIRE(banner_up(a));
    /* Play again: the window asks; Ana has not, so nothing is dealt. */
    SDL_FRect r, leave;
    REQUIRE(locate(a, "next", &r));
    CHECK(locate(a, "leave", &leave));
    click(a, r, 1);
    app_run_frames(a, 20);
    CHECK(match_mirror_asked(match_of(a)));
    bool asked = false;
    for (int i = 0; i < test_count(3000) && !asked; i++) {
        asked = net_client_table(ana.c, &info) && info.seats[1].again;
        if (!asked)
            usleep(10000);
    }
    CHECK(asked);
    CHECK(!info.seats[0].again);
    for (int i = 0; i < test_count(30); i++) {
        app_run_frames(a, 1);
        usleep(10000);
    }
    CHECK(match_of(a) == m && match_is_over(m)); /* still the first game's end */
    shot(a, "play_again_waiting.png");
    /* Ana asks too: the next game begins at the same table, and the window starts over. */
    REQUIRE(!net_client_again(ana.c));
    bool begun = false;
    for (int i = 0; i < test_count(10000) && !begun; i++) {
        app_run_frames(a, 1);
        begun = !match_is_over(match_of(a));
        if (!begun)
            usleep(2000);
    }
    REQUIRE(begun);
    m = match_of(a);
    CHECK(m->mirror && m->mirror_seat == 1);
    CHECK(!t->over && t->banner == 0);
    CHECK(!match_mirror_asked(m));
    CHECK(online_code(a) && strcmp(online_code(a), code) == 0);
    shot(a, "play_again_second_game.png");
    REQUIRE(played_against(a, &ana, 20000));
    app_run_frames(a, 200);
    REQUIRE(game_over(&ana, 1, &info));
    CHECK(m->steps == info.seq);
    CHECK(t->result == info.result[1]);
    CHECK(t->over && t->banner >= 1);
    REQUIRE(banner_up(a));
    /* Leave the table: back to the Play online page. */
    REQUIRE(locate(a, "leave", &r));
    click(a, r, 1);
    app_run_frames(a, 5);
    CHECK(menu_is_open(a->menu) && menu_page(a->menu) == PAGE_ONLINE);
    CHECK(online_code(a) == NULL);
    app_destroy(a);
    ana_free(&ana);
    dealer_stop(d);
    localnats_stop(ns);
}

/* A demonstration (TASCA_DEMO set) at a networked table: the window plays its own seat by
 * itself, the dealer the others, and once the game has been on show it asks for the next
 * one (issue 39: the table neither played itself nor took input). */
static void test_demo(void)
{
    char dir[600], err[256], code[WIRE_CODE];
    LocalNats *ns = server(dir, sizeof dir);
    REQUIRE(ns);
    Dealer *d = dealer_on(localnats_url(ns), localnats_creds(ns, true), home);
    REQUIRE(d);
    BotSeat ana;
    REQUIRE(ana_table(&ana, player_url(ns), 17, NULL, code));
    App *a = bruno_window(ns, "bisca");
    REQUIRE(a);
    setenv("TASCA_DEMO", "1", 1); /* read as the table's scene starts */
    bool joined = online_join(a, code, -1, err, sizeof err);
    unsetenv("TASCA_DEMO");
    REQUIRE(joined);
    Match *m = match_of(a);
    REQUIRE(m && m->mirror && m->mirror_seat == 1);
    MsgTable info;
    bool again = false;
    for (int i = 0; i < test_count(20000) && !again; i++) {
        app_run_frames(a, 1); /* no input: the demonstration plays */
        again = net_client_table(ana.c, &info) && info.over && info.seats[1].again;
        if (!again)
            usleep(2000);
    }
    if (!again)
        window_report(a, 20000);
    CHECK(again);
    CHECK(info.game_no == 0 && !info.seats[0].again);
    app_destroy(a);
    ana_free(&ana);
    dealer_stop(d);
    localnats_stop(ns);
}

/* 21 against a person: the window (seat 2) stands at once; its result names Ana, never
 * "the computer" (a tie, the one end that names nobody, is dealt again). */
static void test_person_named(void)
{
    char dir[600], err[256], code[WIRE_CODE];
    LocalNats *ns = server(dir, sizeof dir);
    REQUIRE(ns);
    Dealer *d = dealer_on(localnats_url(ns), localnats_creds(ns, true), home);
    REQUIRE(d);
    App *a = bruno_window(ns, "twentyone");
    REQUIRE(a);
    bool named = false;
    /* Two tables at least, one after the other from the same window; more while every
     * game so far was a tie. */
    for (uint64_t seed = 1; seed <= 6 && (seed <= 2 || !named); seed++) {
        BotSeat ana;
        REQUIRE(ana_game_table(&ana, "twentyone", player_url(ns), seed, NULL, code));
        /* From the second table on, the window comes from the Play online page the last
         * one's leaving opened: sitting down shows the table, the menu closes (a menu left
         * open would hold the table's frames, and the game, without end). */
        if (seed > 1)
            CHECK(menu_is_open(a->menu) && menu_page(a->menu) == PAGE_ONLINE);
        REQUIRE(online_join(a, code, -1, err, sizeof err));
        CHECK(!menu_is_open(a->menu));
        Table *t = a->self;
        REQUIRE(table_player(t) == 1);
        CHECK(table_person_name(t, 0) && strcmp(table_person_name(t, 0), "Ana") == 0);
        CHECK(table_person_name(t, 1) == NULL); /* the window's own seat */
        for (int f = 0; f < test_count(10000) && !t->over; f++) {
            SDL_FRect r;
            if (table_player_can_act(t) && !match_of(a)->sent && table_settled(t) &&
                locate(a, "stand", &r))
                click(a, r, 1);
            app_run_frames(a, 1);
            usleep(2000);
        }
        if (!t->over)
            stuck_report(a, &ana, 10000);
        REQUIRE(t->over);
        CHECK(strstr(t->reason, "computer") == NULL);
        bool her = strstr(t->reason, "Ana") != NULL;
        CHECK(her || strstr(t->reason, "Both hands total") != NULL);
        named |= her;
        app_leave_online(a, true);
        app_run_frames(a, 3);
        ana_free(&ana);
    }
    CHECK(named);
    app_destroy(a);
    dealer_stop(d);
    localnats_stop(ns);
}

static void test_broker_kill(void)
{
    char err[256], code[WIRE_CODE];
    NatsServer *ns = natsfix_start(NULL, err, sizeof err);
    REQUIRE(ns);
    const char *url = natsfix_url(ns);
    Dealer *d = dealer_on(url, NULL, natsfix_store(ns));
    REQUIRE(d);
    BotSeat ana;
    REQUIRE(ana_table(&ana, url, 8, NULL, code));
    AppOptions o = test_options("bisca", SPEED_INSTANT, 5);
    o.no_audio = true;
    App *a = start_app(&o);
    REQUIRE(a);
    kv_set(&a->kv, "online.server", url);
    kv_set(&a->kv, "online.name", "Bruno");
    REQUIRE(online_join(a, code, -1, err, sizeof err));
    Match *m = match_of(a);
    REQUIRE(m && m->mirror);
    /* A few moves, then the broker dies. */
    REQUIRE(play_cards_until(a, 8, 20000));
    natsfix_kill(ns);
    bool down = false;
    for (int i = 0; i < test_count(10000) && !down; i++) {
        app_run_frames(a, 1);
        usleep(1000);
        down = m->feed.link(m->feed.user) != FEED_LINK_UP;
    }
    CHECK(down);
    CHECK(table_animating(a->self)); /* the marker is drawn and counts: frames go on */
    REQUIRE(natsfix_restart(ns, err, sizeof err));
    REQUIRE(played_against(a, &ana, 60000));
    app_run_frames(a, 100);
    m = match_of(a);
    REQUIRE(m && match_is_over(m));
    CHECK(m->feed.link(m->feed.user) == FEED_LINK_UP);
    MsgTable info;
    REQUIRE(table_over(&ana, &info));
    CHECK(m->steps == info.seq);
    CHECK(((Table *)a->self)->result == info.result[1]);
    app_destroy(a);
    ana_free(&ana);
    dealer_stop(d);
    natsfix_stop(ns);
}


/* Bisca played to 4 marks at a networked table: between two games the window holds with
 * its count until the player goes on (the dealer's table has gone on already), and its
 * button says "Next game", not "Back to the tables", until the match is over. */
static void test_match_hold(void)
{
    char dir[600], err[256], code[WIRE_CODE];
    LocalNats *ns = server(dir, sizeof dir);
    REQUIRE(ns);
    Dealer *d = dealer_on(localnats_url(ns), localnats_creds(ns, true), home);
    REQUIRE(d);
    BotSeat ana;
    REQUIRE(ana_table(&ana, player_url(ns), 9, "match=marks", code));
    AppOptions o = test_options("twentyone", SPEED_INSTANT, 5);
    o.no_audio = true;
    App *a = start_app(&o);
    REQUIRE(a);
    kv_set(&a->kv, "online.server", player_url(ns));
    REQUIRE(online_join(a, code, -1, err, sizeof err));
    Match *m = match_of(a);
    REQUIRE(m && m->mirror);
    Table *t = a->self;
    /* The first game's end: held, with "Next game". */
    bool held = false;
    for (int frame = 0; frame < test_count(40000) && !held; frame += 20) {
        held = t->hold && t->banner >= 1;
        if (!held && !match_is_over(m)) {
            /* play without pressing next: the loop below stops at the hold */
            for (int k = 0; k < 20 && !(t->hold && t->banner >= 1); k++) {
                if (table_player_can_act(t) && !m->sent && table_settled(t)) {
                    SDL_FRect r;
                    for (int c = 0; c < 3 && !m->sent; c++) {
                        char what[8];
                        snprintf(what, sizeof what, "card%d", c);
                        if (locate(a, what, &r))
                            double_click(a, r), app_run_frames(a, 1);
                    }
                }
                app_run_frames(a, 1);
                usleep(2000);
            }
        }
    }
    REQUIRE(held);
    CHECK(!match_is_over(m));
    SDL_FRect r;
    REQUIRE(locate(a, "next", &r));
    /* ...and the match goes on to its end, the player pressing Next between games. */
    REQUIRE(played_against(a, &ana, 200000));
    app_run_frames(a, 200);
    m = match_of(a);
    REQUIRE(m && m->mirror && match_is_over(m));
    MsgTable info;
    REQUIRE(table_over(&ana, &info));
    CHECK(m->steps == info.seq);
    CHECK(t->result == info.result[1]);
    app_destroy(a);
    ana_free(&ana);
    dealer_stop(d);
    localnats_stop(ns);
}

/* A row of the menu's page, scrolled into view (the keys move the focus up, then down). */
static bool find_text(App *a, const char *text, SDL_FRect *r)
{
    for (int i = 0; i < 60 && !menu_find(a->menu, text, r); i++)
        push_key(a, SDLK_UP, 0), app_run_frames(a, 1);
    for (int i = 0; i < 120 && !menu_find(a->menu, text, r); i++)
        push_key(a, SDLK_DOWN, 0), app_run_frames(a, 1);
    return menu_find(a->menu, text, r);
}

static bool click_text(App *a, const char *text)
{
    SDL_FRect r;
    for (int i = 0; i < 60 && !menu_find(a->menu, text, &r); i++)
        push_key(a, SDLK_DOWN, 0), app_run_frames(a, 1);
    if (!menu_find(a->menu, text, &r)) {
        fprintf(stderr, "not on the page: %s\n", text);
        return false;
    }
    click(a, r, 1);
    app_run_frames(a, 2);
    return true;
}

/* A loopback port that takes connections and never says a word (a server that hangs). */
static int silent_port(int *fd)
{
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof sa;
    *fd = socket(AF_INET, SOCK_STREAM, 0);
    if (*fd < 0 || bind(*fd, (struct sockaddr *)&sa, sizeof sa) != 0 || listen(*fd, 8) != 0 ||
        getsockname(*fd, (struct sockaddr *)&sa, &len) != 0)
        return -1;
    return ntohs(sa.sin_port);
}

/* Show open tables on a server that does not answer: the request goes off the window's
 * thread (the page says it is asking while frames go on), then says it could not connect;
 * on a server that answers, the list shows Ana's table. */
static void test_lobby_async(void)
{
    int fd = -1, port = silent_port(&fd);
    REQUIRE(port > 0);
    char url[64], dir[600], code[WIRE_CODE];
    snprintf(url, sizeof url, "nats://127.0.0.1:%d", port);
    AppOptions o = test_options("twentyone", SPEED_INSTANT, 5);
    o.no_audio = true;
    App *a = start_app(&o);
    REQUIRE(a);
    kv_set(&a->kv, "online.server", url);
    menu_open(a->menu, PAGE_ONLINE);
    app_run_frames(a, 3);
    REQUIRE(click_text(a, "Show open tables"));
    bool busy = false, failed = false;
    online_status(a, &busy, &failed);
    CHECK(busy); /* asked, not waited for */
    CHECK(menu_is_open(a->menu));
    for (int i = 0; i < test_count(10000) && busy; i++) {
        app_run_frames(a, 1);
        usleep(2000);
        online_status(a, &busy, &failed);
    }
    const char *said = online_status(a, &busy, &failed);
    CHECK(!busy && failed);
    CHECK(strncmp(said, "Could not connect", 17) == 0);
    close(fd);

    LocalNats *ns = server(dir, sizeof dir);
    REQUIRE(ns);
    Dealer *d = dealer_on(localnats_url(ns), localnats_creds(ns, true), home);
    REQUIRE(d);
    BotSeat ana;
    REQUIRE(ana_table(&ana, player_url(ns), 3, NULL, code));
    menu_close(a->menu);
    kv_set(&a->kv, "online.server", player_url(ns));
    menu_open(a->menu, PAGE_ONLINE);
    app_run_frames(a, 3);
    REQUIRE(click_text(a, "Show open tables"));
    for (int i = 0; i < test_count(10000); i++) {
        online_status(a, &busy, &failed);
        if (!busy)
            break;
        app_run_frames(a, 1);
        usleep(2000);
    }
    app_run_frames(a, 2);
    if (failed)
        fprintf(stderr, "the page says: %s\n", online_status(a, &busy, &failed));
    CHECK(!failed);
    char row[200];
    snprintf(row, sizeof row, "%s  \xC2\xB7  Bisca, 2 players", code);
    SDL_FRect r;
    for (int i = 0; i < 60 && !menu_find(a->menu, row, &r); i++) /* scrolled into view */
        push_key(a, SDLK_DOWN, 0), app_run_frames(a, 1);
    if (!menu_find(a->menu, row, &r)) {
        MsgTable listed[8];
        fprintf(stderr, "no row '%s'; the lobby lists %d\n", row, online_lobby(a, listed, 8));
    }
    CHECK(menu_find(a->menu, row, &r));
    app_destroy(a);
    ana_free(&ana);
    dealer_stop(d);
    localnats_stop(ns);
}

static void test_menu_create(void)
{
    AppOptions o = test_options("truco", SPEED_INSTANT, 6);
    o.no_audio = true;
    App *a = start_app(&o);
    REQUIRE(a);
    app_run_frames(a, 5);
    menu_open(a->menu, PAGE_ONLINE);
    app_run_frames(a, 3);
    SDL_FRect r;
    REQUIRE(find_text(a, "Play on", &r));
    /* A code nobody deals: typed in the field, Join; the window goes on drawing while the
     * request waits, then the page says why. */
    REQUIRE(find_text(a, "Code or invitation", &r));
    click(a, r, 1);
    SDL_Event te;
    SDL_zero(te);
    te.type = SDL_TEXTINPUT;
    te.text.windowID = win_id(a);
    snprintf(te.text.text, sizeof te.text.text, "zz9zz9");
    SDL_PushEvent(&te);
    push_key(a, SDLK_RETURN, 0);
    app_run_frames(a, 2);
    bool busy = false, failed = false;
    online_status(a, &busy, &failed);
    CHECK(busy);
    int frames = 0;
    for (; frames < test_count(20000) && busy; frames++) {
        app_run_frames(a, 1);
        usleep(2000);
        online_status(a, &busy, &failed);
    }
    /* It answered while the window went on drawing frames (how many depends on the load:
     * a quick reply comes within a few). */
    CHECK(!busy && failed && frames >= 1);
    CHECK(strcmp(online_status(a, &busy, &failed),
                 "Could not join: there is no table ZZ9ZZ9 (check the code).") == 0);
    CHECK(menu_is_open(a->menu) && !match_of(a)->mirror);
    /* Truco is played by 2 or 4: the page offers the larger table first. A click on the
     * row's name turns its choice on to the next: 2 players. */
    REQUIRE(find_text(a, "Players", &r));
    SDL_FRect name = {r.x + 8, r.y + r.h * 0.5f - 2, 4, 4};
    click(a, name, 1);
    app_run_frames(a, 2);
    /* Seat 2: an Easy bot (the second choice of its row), then Create table. */
    REQUIRE(find_text(a, "Seat 2", &r));
    CHECK(!menu_find(a->menu, "Seat 3", &r));
    REQUIRE(find_text(a, "Seat 2", &r));
    SDL_FRect easy = {r.x + r.w * 0.62f, r.y + r.h * 0.3f, 4, 4};
    /* The row's control holds four choices on its right: A person, Easy, Medium, Hard. */
    easy.x = r.x + r.w - r.w * 0.55f * 0.625f;
    click(a, easy, 1);
    app_run_frames(a, 2);
    REQUIRE(click_text(a, "Create table"));
    /* The request goes off the window's thread: the page says so, then the table opens. */
    online_status(a, &busy, &failed);
    CHECK(busy || !menu_is_open(a->menu));
    for (int i = 0; i < test_count(15000) && menu_is_open(a->menu); i++) {
        app_run_frames(a, 1);
        usleep(2000);
    }
    if (menu_is_open(a->menu)) { /* say why */
        char why[320];
        if (!online_connect(a, why, sizeof why))
            fprintf(stderr, "this computer: %s\n", why);
        else
            fprintf(stderr, "connected; the page stayed open\n");
    }
    CHECK(!menu_is_open(a->menu));
    Match *m = match_of(a);
    REQUIRE(m && m->mirror && m->mirror_seat == 0);
    REQUIRE(online_code(a));
    /* A table made from the window is for friends by invitation unless chosen otherwise:
     * one string, with this computer's server, the table's code and its secret. */
    char iurl[600], icode[WIRE_CODE];
    uint8_t isecret[WIRE_HASH];
    int iseat = -9;
    CHECK(invite_parse(online_invitation(a), iurl, sizeof iurl, icode, &iseat, isecret));
    CHECK(iseat == -1); /* the table's own: no seat for a person is kept (seat 2 is a bot) */
    for (int k = 0; k < RULES_MAX_PLAYERS; k++)
        CHECK(!online_seat_invitation(a, k)[0]);
    CHECK(strcmp(icode, online_code(a)) == 0);
    /* this computer's server, with the players' password a friend needs to reach it */
    const char *at = strchr(iurl, '@');
    const char *port = strrchr(online_url(a), ':');
    if (!(at && strstr(iurl, "player:") && port && strcmp(strrchr(iurl, ':'), port) == 0))
        fprintf(stderr, "invitation %s, this computer %s\n", iurl, online_url(a));
    CHECK(at && strstr(iurl, "player:") && port && strcmp(strrchr(iurl, ':'), port) == 0);
    Table *t = a->self;
    FeedSeat fs;
    REQUIRE(m->feed.seat(m->feed.user, 1, &fs));
    CHECK(fs.state == FEED_SEAT_BOT && fs.difficulty == DIFF_EASY);
    /* Truco: cards, accepting the bot's calls and playing a mão de onze. Every other seat
     * is the computer's: the Hint button is there on the window's turns. */
    int turns = 0, hint_offered = 0;
    for (int frame = 0; frame < test_count(20000) && !match_is_over(m); frame++) {
        if (table_player_can_act(t) && !m->sent && table_settled(t)) {
            turns++;
            hint_offered += locate(a, "hint", &r);
            if (locate(a, "aceitar", &r) || locate(a, "jogar", &r))
                click(a, r, 1), app_run_frames(a, 1);
            for (int k = 1; k <= 3 && !m->sent; k++) {
                char what[8];
                snprintf(what, sizeof what, "card%d", k);
                if (locate(a, what, &r))
                    double_click(a, r), app_run_frames(a, 1);
            }
        }
        app_run_frames(a, 1);
        usleep(1000);
        m = match_of(a);
        REQUIRE(m && m->mirror);
    }
    CHECK(match_is_over(m));
    CHECK(turns > 0 && hint_offered == turns);
    char path[1200];
    snprintf(path, sizeof path, "%s/nats/localnats.lock", a->pref_dir);
    CHECK(access(path, F_OK) == 0); /* this computer's server ran in the preference folder */
    app_destroy(a);
}

/* The same with a dealer that deals from another deck than the one it committed to: the
 * window finds out by itself at the end of the game and says so, loudly. */
static void test_deal_cheat(void)
{
    cheating_dealer = true;
    test_window_seat();
    cheating_dealer = false;
}

static void noop_seat_view(void *user, NetClient *c, const MsgView *v)
{
    (void)user;
    (void)c;
    (void)v;
}

/* A private table made from the menu with seat 2 for a person: that seat is kept for the
 * friend its own invitation goes to. The page shows it with a Copy button for that seat
 * (which puts it on the clipboard), the table's own invitation is not what friends get, and
 * a friend's client with it, asking for any seat, sits at seat 2. */
static void test_kept_invitation(void)
{
    AppOptions o = test_options("bisca", SPEED_INSTANT, 8);
    o.no_audio = true;
    App *a = start_app(&o);
    REQUIRE(a);
    app_run_frames(a, 5);
    menu_open(a->menu, PAGE_ONLINE);
    app_run_frames(a, 3);
    SDL_FRect r;
    REQUIRE(find_text(a, "Players", &r));
    SDL_FRect name = {r.x + 8, r.y + r.h * 0.5f - 2, 4, 4};
    if (find_text(a, "Seat 3", &r)) { /* four players offered first: two, please */
        click(a, name, 1);
        app_run_frames(a, 2);
    }
    CHECK(!menu_find(a->menu, "Seat 3", &r));
    REQUIRE(click_text(a, "Create table"));
    bool busy = true, failed = false;
    for (int i = 0; i < test_count(15000) && menu_is_open(a->menu) && !failed; i++) {
        app_run_frames(a, 1);
        usleep(2000);
        online_status(a, &busy, &failed);
    }
    if (menu_is_open(a->menu))
        fprintf(stderr, "the table was not made: %s\n", online_status(a, &busy, &failed));
    REQUIRE(!menu_is_open(a->menu) && online_code(a));
    const char *inv = online_seat_invitation(a, 1);
    REQUIRE(inv[0]);
    CHECK(!online_seat_invitation(a, 0)[0] && !online_seat_invitation(a, 2)[0]);
    char iurl[600], icode[WIRE_CODE];
    uint8_t isecret[WIRE_HASH], table_secret[WIRE_HASH];
    int iseat = -9, tseat = -9;
    REQUIRE(invite_parse(inv, iurl, sizeof iurl, icode, &iseat, isecret));
    CHECK(iseat == 1 && strcmp(icode, online_code(a)) == 0);
    REQUIRE(invite_parse(online_invitation(a), iurl, sizeof iurl, icode, &tseat, table_secret));
    CHECK(tseat == -1 && memcmp(isecret, table_secret, WIRE_HASH) != 0);
    /* On the page: the seat's invitation and its Copy button. */
    menu_open(a->menu, PAGE_ONLINE);
    app_run_frames(a, 3);
    char *clip = SDL_GetClipboardText();
    if (clip && clip[0]) /* the video driver keeps a clipboard: the seat's invitation is on it */
        CHECK(strcmp(clip, inv) == 0);
    SDL_free(clip);
    SDL_SetClipboardText("something else");
    REQUIRE(click_text(a, "Copy the invitation to seat 2"));
    app_run_frames(a, 2);
    clip = SDL_GetClipboardText();
    if (clip && strcmp(clip, "something else") != 0)
        CHECK(strcmp(clip, inv) == 0);
    SDL_free(clip);
    /* The friend, with it, asking for any seat: seat 2. */
    char err[256];
    NetClient *bruno = net_client_new(iurl, NULL, "Bruno", err, sizeof err);
    REQUIRE(bruno);
    net_client_invite(bruno, icode, isecret);
    int seat = -9;
    const char *why = net_client_join(bruno, icode, -1, noop_seat_view, NULL, &seat);
    if (why)
        fprintf(stderr, "the friend could not sit: %s\n", why);
    CHECK(!why && seat == 1);
    net_client_free(bruno);
    app_destroy(a);
}

static void test_lan(void)
{
    AppOptions o = test_options("bisca", SPEED_INSTANT, 7);
    o.no_audio = true;
    App *a = start_app(&o);
    REQUIRE(a);
    kv_set(&a->kv, "online.lan", "127.0.0.2");
    menu_open(a->menu, PAGE_ONLINE);
    app_run_frames(a, 3);
    SDL_FRect r;
    REQUIRE(find_text(a, "Open to the local network", &r));
    CHECK(online_lan(a));
    REQUIRE(click_text(a, "Show open tables"));
    bool busy = true, failed = false;
    for (int i = 0; i < 4000 && busy; i++) {
        app_run_frames(a, 1);
        usleep(2000);
        online_status(a, &busy, &failed);
    }
    if (failed)
        fprintf(stderr, "the page says: %s\n", online_status(a, &busy, &failed));
    REQUIRE(!busy && !failed);
    /* The page's invitation: the players' URL at the address listened on. */
    const char *note = online_lan_note(a);
    const char *at = strstr(note, "nats://player:");
    REQUIRE(at);
    char url[256];
    snprintf(url, sizeof url, "%.*s", (int)strcspn(at, " "), at);
    if (url[0] && url[strlen(url) - 1] == '.')
        url[strlen(url) - 1] = '\0';
    fprintf(stderr, "the invitation: %s\n", url);
    CHECK(strstr(url, "@127.0.0.2:") != NULL);
    CHECK(strstr(note, "not encrypted") != NULL);
    app_run_frames(a, 2);
    shot(a, "online-lan.png");
    /* A friend's client with it: a table the window then lists. */
    BotSeat friend;
    char code[WIRE_CODE];
    REQUIRE(ana_table(&friend, url, 5, NULL, code));
    MsgTable listed[8];
    int n = online_lobby(a, listed, 8);
    bool found = false;
    for (int i = 0; i < n; i++)
        found |= strcmp(listed[i].code, code) == 0;
    CHECK(found);
    /* Nobody without the password. */
    char plain[128], err[256];
    snprintf(plain, sizeof plain, "nats://%s", strchr(url, '@') + 1);
    natsConnection *nc = net_connect(plain, NULL, "stranger", err, sizeof err);
    CHECK(!nc);
    CHECK(strstr(err, "refused the credentials") != NULL);
    natsConnection_Destroy(nc);
    ana_free(&friend);
    /* "No": loopback only again, from the next request on. */
    REQUIRE(find_text(a, "Open to the local network", &r));
    SDL_FRect name = {r.x + 8, r.y + r.h * 0.5f - 2, 4, 4};
    click(a, name, 1);
    busy = true;
    for (int i = 0; i < 4000 && busy; i++) {
        app_run_frames(a, 1);
        usleep(2000);
        online_status(a, &busy, &failed);
    }
    CHECK(!online_lan(a));
    CHECK(strstr(online_url(a), "@127.0.0.1:") != NULL);
    CHECK(strstr(online_lan_note(a), "loopback only") != NULL);
    app_destroy(a);
}

/* A networked table with a seat nobody has taken: while it is that seat's turn the table
 * says it waits for a player (it said "Open seat is thinking…"). */
static void test_open_seat(void)
{
    char dir[600];
    LocalNats *ns = server(dir, sizeof dir);
    REQUIRE(ns);
    Dealer *d = dealer_on(localnats_url(ns), localnats_creds(ns, true), home);
    REQUIRE(d);
    AppOptions o = test_options("twentyone", SPEED_INSTANT, 5);
    o.no_audio = true;
    o.server = player_url(ns);
    o.name = "Bruno";
    o.create = "me,open";
    App *a = start_app(&o);
    REQUIRE(a);
    for (int i = 0; i < test_count(5000) && !(match_of(a) && match_of(a)->mirror); i++) {
        app_run_frames(a, 1);
        usleep(2000);
    }
    Match *m = match_of(a);
    REQUIRE(m && m->mirror);
    Table *t = a->self;
    int me = table_player(t), other = 1 - me;
    char b[160] = "";
    for (int i = 0; i < test_count(5000) && !table_open_seat_text(t, other, b, sizeof b); i++) {
        app_run_frames(a, 1);
        usleep(2000);
    }
    CHECK(strcmp(b, "Waiting for a player to take the open seat") == 0);
    CHECK(!table_open_seat_text(t, me, b, sizeof b));
    shot(a, "online-open-seat.png");
    app_destroy(a);
    dealer_stop(d);
    localnats_stop(ns);
}

static const UiTest tests[] = {
    {"window_seat", test_window_seat},
    {"deal_cheat", test_deal_cheat},
    {"play_again", test_play_again},
    {"demo", test_demo},
    {"person_named", test_person_named},
    {"lobby_async", test_lobby_async},
    {"broker_kill", test_broker_kill},
    {"match_hold", test_match_hold},
    {"menu_create", test_menu_create},
    {"kept_invitation", test_kept_invitation},
    {"lan", test_lan},
    {"open_seat", test_open_seat},
};

int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN);
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-online", NULL);
}
