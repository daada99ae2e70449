/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "This computer": the game's private nats-server (src/net/localnats.c).
 *   jetstream  starts in a new store (made 0700), JetStream works, listens on loopback only;
 *              stopped and started again on the same store, the stream is still there
 *   missing    TASCA_NATS_SERVER=/nonexistent: refused with the package to install
 *   failures   a server that exits at once is reported by its log's last line; one whose
 *              port was taken meanwhile is started again on another port
 *   twice      a second server on a store in use is refused (the first one's pid named),
 *              and starts once the first is stopped
 *   crash      the game killed with -9: its server ends too, and the store is free again
 *   dealer     the whole stack: an in-process dealer on it, a table created and joined
 *              through the client, then a whole game of bots
 *   locked     it runs with Tasca's broker configuration: no connection without a role's
 *              password (nor with a wrong one), the files 0600, no password in the
 *              configuration, and the same passwords after a restart
 *   lan        listening beyond 127.0.0.1: on 127.0.0.2 (another loopback address) only,
 *              reached there with the players' URL; "all addresses" is given to the server
 *              as -a 0.0.0.0 (seen by a stand-in for the server: no real interface is used)
 * Usage: test_localnats CASE. */
#define _XOPEN_SOURCE 700 /* mkdtemp */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <nats/nats.h>

#include "engine/registry.h"
#include "natsfix.h"
#include "net/brokerconf.h"
#include "net/localnats.h"
#include "net/net.h"

/* Everything a case opens, closed by teardown also after a failed assertion. */
static struct {
    char dir[512];
    LocalNats *server[2];
    Dealer *dealer;
    NetClient *client;
    natsConnection *nc;
    jsCtx *js;
    pid_t game;
} fix;

static int setup(void **state)
{
    (void)state;
    memset(&fix, 0, sizeof fix);
    const char *tmp = getenv("TMPDIR");
    snprintf(fix.dir, sizeof fix.dir, "%s/localnats-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    return mkdtemp(fix.dir) ? 0 : -1;
}

static void close_client(void)
{
    jsCtx_Destroy(fix.js);
    natsConnection_Destroy(fix.nc);
    fix.js = NULL;
    fix.nc = NULL;
}

static int teardown(void **state)
{
    (void)state;
    close_client();
    net_client_free(fix.client);
    if (fix.dealer)
        dealer_stop(fix.dealer);
    for (int i = 0; i < 2; i++)
        localnats_stop(fix.server[i]);
    if (fix.game > 0) {
        kill(fix.game, SIGKILL);
        waitpid(fix.game, NULL, 0);
    }
    natsfix_remove_tree(fix.dir);
    return 0;
}

static LocalNats *start(const char *store)
{
    char err[512];
    long long t0 = nats_Now();
    LocalNats *s = localnats_start(store, err, sizeof err);
    if (!s)
        fail_msg("localnats_start: %s", err);
    print_message("started in %lld ms at %s\n", nats_Now() - t0, localnats_url(s));
    return s;
}

/* As the dealer (its credentials): the role that may use JetStream. */
static void connect_js(const LocalNats *s)
{
    const char *url = localnats_url(s);
    char user[64], pass[128];
    assert_int_equal(brokerconf_read_creds(localnats_creds(s, true), user, sizeof user, pass,
                                           sizeof pass, NULL, 0),
                     1);
    assert_string_equal(user, "dealer");
    natsOptions *o = NULL;
    NATS_CHECK(natsOptions_Create(&o));
    NATS_CHECK(natsOptions_SetURL(o, url));
    NATS_CHECK(natsOptions_SetUserInfo(o, user, pass));
    NATS_CHECK(natsOptions_SetTimeout(o, natsfix_answer_ms()));
    NATS_CHECK(natsOptions_SetMaxReconnect(o, 0));
    natsStatus st = natsConnection_Connect(&fix.nc, o);
    natsOptions_Destroy(o);
    if (st != NATS_OK)
        fail_msg("connect %s: %s", url, natsStatus_GetText(st));
    jsOptions jo;
    jsOptions_Init(&jo);
    jo.Wait = test_ms(10000);
    NATS_CHECK(natsConnection_JetStream(&fix.js, fix.nc, &jo));
}

static void publish(const char *text, uint64_t want_seq)
{
    jsPubAck *ack = NULL;
    jsErrCode jerr = 0;
    NATS_CHECK(js_Publish(&ack, fix.js, "tasca.rec.moves", text, (int)strlen(text), NULL, &jerr));
    assert_string_equal(ack->Stream, "MOVES");
    assert_int_equal(ack->Sequence, want_seq);
    jsPubAck_Destroy(ack);
}

static void test_jetstream(void **state)
{
    (void)state;
    /* Two levels that do not exist yet: made, and private. */
    char store[600];
    snprintf(store, sizeof store, "%s/prefs/nats", fix.dir);
    fix.server[0] = start(store);
    struct stat st;
    assert_int_equal(stat(store, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);

    char url[64];
    snprintf(url, sizeof url, "nats://127.0.0.1:%d", localnats_port(fix.server[0]));
    assert_string_equal(localnats_url(fix.server[0]), url);
    assert_true(localnats_alive(fix.server[0]));
    int port = localnats_port(fix.server[0]);
    char why[256];
    int r = natsfix_listens_only(localnats_pid(fix.server[0]), &port, 1, why, sizeof why);
    if (r == 0)
        fail_msg("%s", why);

    connect_js(fix.server[0]);
    jsStreamConfig cfg;
    jsStreamConfig_Init(&cfg);
    const char *subjects[] = {"tasca.rec.moves"};
    cfg.Name = "MOVES";
    cfg.Subjects = subjects;
    cfg.SubjectsLen = 1;
    cfg.Storage = js_FileStorage;
    jsErrCode jerr = 0;
    NATS_CHECK(js_AddStream(NULL, fix.js, &cfg, NULL, &jerr));
    publish("deal", 1);
    publish("hit", 2);
    close_client();

    pid_t pid = localnats_pid(fix.server[0]);
    long long t0 = nats_Now();
    localnats_stop(fix.server[0]);
    fix.server[0] = NULL;
    print_message("stopped in %lld ms\n", nats_Now() - t0);
    assert_true(kill(pid, 0) != 0 && errno == ESRCH);

    char path[700];
    snprintf(path, sizeof path, "%s/jetstream", store);
    assert_int_equal(stat(path, &st), 0);
    snprintf(path, sizeof path, "%s/nats-server.log", store);
    assert_int_equal(stat(path, &st), 0);

    /* Again on the same store (on another port): the stream and its messages are there. */
    fix.server[0] = start(store);
    connect_js(fix.server[0]);
    jsStreamInfo *si = NULL;
    NATS_CHECK(js_GetStreamInfo(&si, fix.js, "MOVES", NULL, &jerr));
    assert_int_equal(si->State.Msgs, 2);
    jsStreamInfo_Destroy(si);
    publish("stand", 3);
    close_client();
    localnats_stop(fix.server[0]);
    fix.server[0] = NULL;
}

static void test_missing(void **state)
{
    (void)state;
    setenv("TASCA_NATS_SERVER", "/nonexistent", 1);
    char err[512] = "";
    LocalNats *s = localnats_start(fix.dir, err, sizeof err);
    unsetenv("TASCA_NATS_SERVER");
    print_message("%s\n", err);
    assert_null(s);
    assert_non_null(strstr(err, "nats-server is not installed"));
    assert_non_null(strstr(err, "/nonexistent"));
    assert_non_null(strstr(err, "install the nats-server package"));
    assert_null(strchr(err, '\n'));
}

static void write_script(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    assert_int_equal(chmod(path, 0700), 0);
}

/* A server that fails is reported by its log's last line; one that lost its port to
 * someone else is started again on another. */
static void test_failures(void **state)
{
    (void)state;
    char fake[600], err[512] = "";
    snprintf(fake, sizeof fake, "%s/fake-nats-server", fix.dir);
    write_script(fake, "#!/bin/sh\n"
                       "echo '[77] 2026/01/02 03:04:05.678901 [INF] Starting nats-server'\n"
                       "echo '[77] 2026/01/02 03:04:05.678902 [FTL] the disk is on fire'\n"
                       "echo\n"
                       "exit 1\n");
    setenv("TASCA_NATS_SERVER", fake, 1);
    LocalNats *s = localnats_start(fix.dir, err, sizeof err);
    print_message("%s\n", err);
    assert_null(s);
    assert_string_equal(err, "the server did not start: [FTL] the disk is on fire");

    /* The first two tries find their port taken; the third runs the real server. */
    char real[4096];
    assert_true(localnats_which("nats-server", LOCALNATS_SBIN, real, sizeof real));
    char text[8192];
    snprintf(text, sizeof text,
             "#!/bin/sh\n"
             "n=$(cat '%s/tries' 2>/dev/null || echo 0)\n"
             "echo $((n + 1)) > '%s/tries'\n"
             "if [ \"$n\" -lt 2 ]; then\n"
             "  echo '[78] 2026/01/02 03:04:05.678901 [FTL] Error listening on port: "
             "127.0.0.1:1, \"listen tcp 127.0.0.1:1: bind: address already in use\"'\n"
             "  exit 1\n"
             "fi\n"
             "exec '%s' \"$@\"\n",
             fix.dir, fix.dir, real);
    write_script(fake, text);
    fix.server[0] = start(fix.dir);
    unsetenv("TASCA_NATS_SERVER");
    char tries[700];
    snprintf(tries, sizeof tries, "%s/tries", fix.dir);
    FILE *f = fopen(tries, "r");
    assert_non_null(f);
    int n = 0;
    assert_int_equal(fscanf(f, "%d", &n), 1);
    fclose(f);
    assert_int_equal(n, 3);
}

/* A second server on a store in use would write the same files as the first (nats-server
 * 2.9 does not lock its store): it is refused, naming the first one's pid. */
static void test_twice(void **state)
{
    (void)state;
    fix.server[0] = start(fix.dir);
    char err[512] = "", want[64];
    fix.server[1] = localnats_start(fix.dir, err, sizeof err);
    print_message("%s\n", err);
    assert_null(fix.server[1]);
    assert_non_null(strstr(err, "in use by another nats-server"));
    snprintf(want, sizeof want, "(pid %d)", (int)localnats_pid(fix.server[0]));
    assert_non_null(strstr(err, want));
    /* The first one is unharmed. */
    assert_true(localnats_alive(fix.server[0]));
    connect_js(fix.server[0]);
    close_client();
    localnats_stop(fix.server[0]);
    fix.server[0] = NULL;
    fix.server[1] = start(fix.dir);
}

/* The game crashes (SIGKILL, no localnats_stop): its server gets SIGTERM and ends, which
 * frees the store. This process adopts the orphan (child subreaper) to see it end. */
static void test_crash(void **state)
{
    (void)state;
#ifdef __linux__
    assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
#else
    skip();
#endif
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    fix.game = fork();
    assert_true(fix.game >= 0);
    if (fix.game == 0) {
        close(fds[0]);
        char err[512];
        LocalNats *s = localnats_start(fix.dir, err, sizeof err);
        int pid = s ? (int)localnats_pid(s) : -1;
        if (write(fds[1], &pid, sizeof pid) != sizeof pid || !s)
            _exit(1);
        pause();
        _exit(0);
    }
    close(fds[1]);
    int server = -1;
    ssize_t n = read(fds[0], &server, sizeof server);
    close(fds[0]);
    assert_int_equal(n, (ssize_t)sizeof server);
    assert_true(server > 0);

    char err[512] = "";
    assert_null(localnats_start(fix.dir, err, sizeof err)); /* the game's server holds it */

    long long t0 = nats_Now();
    kill(fix.game, SIGKILL);
    waitpid(fix.game, NULL, 0);
    fix.game = 0;
    int status = 0;
    assert_true(localnats_wait_child(server, test_ms(30000), &status));
    print_message("the server ended %lld ms after the game (%s %d)\n", nats_Now() - t0,
                  WIFSIGNALED(status) ? "signal" : "exit",
                  WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    fix.server[0] = start(fix.dir);
}

/* ---- the whole stack ---- */

static struct {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int views;
    int seat;
} seen = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, -1};

static void on_view(void *user, NetClient *c, const MsgView *v)
{
    (void)user;
    (void)c;
    pthread_mutex_lock(&seen.lock);
    seen.views++;
    seen.seat = v->seat;
    pthread_cond_broadcast(&seen.cond);
    pthread_mutex_unlock(&seen.lock);
}

static void test_dealer(void **state)
{
    (void)state;
    char store[600], dealer_store[600], err[NET_ERR];
    snprintf(store, sizeof store, "%s/nats", fix.dir);
    snprintf(dealer_store, sizeof dealer_store, "%s/dealer", fix.dir);
    assert_int_equal(mkdir(dealer_store, 0700), 0);
    long long t0 = nats_Now();
    fix.server[0] = start(store);
    DealerConfig cfg = {.url = localnats_url(fix.server[0]),
                        .creds = localnats_creds(fix.server[0], true),
                        .store = dealer_store,
                        .replicas = 1,
                        .linger_seconds = 60};
    fix.dealer = dealer_start(&cfg, err, sizeof err);
    if (!fix.dealer)
        fail_msg("dealer_start: %s", err);
    print_message("server and dealer up in %lld ms\n", nats_Now() - t0);

    /* A table made and joined as the window would: one person, one of the dealer's bots. */
    const GameRules *g = registry_find("twentyone");
    assert_non_null(g);
    /* the players' credentials, as the window's clients have them */
    fix.client = net_client_new(localnats_url(fix.server[0]), localnats_creds(fix.server[0], false),
                                "Ana", err, sizeof err);
    if (!fix.client)
        fail_msg("net_client_new: %s", err);
    MsgCreate c = {.num_players = 2, .away_seconds = 60};
    snprintf(c.game, sizeof c.game, "%s", "twentyone");
    c.seats[1] = (WireSeatSpec){WSEAT_BOT, (uint8_t)DIFF_EASY};
    GameOptions opt;
    rules_default_options(g, &opt);
    c.n_options = (uint8_t)g->n_options;
    for (int i = 0; i < g->n_options; i++)
        c.options[i] = opt.v[i];
    char code[WIRE_CODE];
    const char *why = net_client_create(fix.client, &c, code);
    if (why)
        fail_msg("net_client_create: %s", why);
    print_message("table %s\n", code);
    assert_int_equal(dealer_tables(fix.dealer), 1);
    int seat = -1;
    why = net_client_join(fix.client, code, 0, on_view, NULL, &seat);
    if (why)
        fail_msg("net_client_join: %s", why);
    assert_int_equal(seat, 0);
    pthread_mutex_lock(&seen.lock);
    long long deadline = nats_Now() + test_ms(30000);
    while (seen.views == 0 && nats_Now() < deadline) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += 50 * 1000000L;
        if (t.tv_nsec >= 1000000000L) {
            t.tv_sec++;
            t.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&seen.cond, &seen.lock, &t);
    }
    int views = seen.views, view_seat = seen.seat;
    pthread_mutex_unlock(&seen.lock);
    assert_true(views > 0);
    assert_int_equal(view_seat, 0);
    MsgTable t;
    assert_true(net_lobby_table(net_client_conn(fix.client), NULL, code, &t, natsfix_answer_ms()));
    assert_string_equal(t.code, code);
    assert_int_equal(t.seats[0].state, WSTATE_PLAYER);
    assert_int_equal(t.seats[1].state, WSTATE_BOT);

    /* And a whole game, every seat a client of its own. */
    NetBotGame game = {.url = localnats_url(fix.server[0]),
                       .creds = localnats_creds(fix.server[0], false),
                       .rules = g,
                       .opt = opt,
                       .n = 2,
                       .level = {DIFF_EASY, DIFF_RANDOM},
                       .seed = 7,
                       .bot_seed = 8};
    NetBotResult res = {0};
    t0 = nats_Now();
    bool played = net_play_bots(&game, &res);
    free(res.latency_ms);
    if (!played)
        fail_msg("net_play_bots: %s", res.err);
    print_message("a game of bots in %lld ms, %d decisions\n", nats_Now() - t0, res.decisions);
    assert_true(res.decisions > 0);
}

/* ---- the broker's configuration ---- */

/* A connection attempt with no credentials, or a user and password; its status. */
static natsStatus try_connect(const char *url, const char *user, const char *pass)
{
    natsOptions *o = NULL;
    natsConnection *nc = NULL;
    NATS_CHECK(natsOptions_Create(&o));
    NATS_CHECK(natsOptions_SetURL(o, url));
    NATS_CHECK(natsOptions_SetTimeout(o, 2000));
    NATS_CHECK(natsOptions_SetMaxReconnect(o, 0));
    if (user)
        NATS_CHECK(natsOptions_SetUserInfo(o, user, pass));
    natsStatus st = natsConnection_Connect(&nc, o);
    natsConnection_Destroy(nc);
    natsOptions_Destroy(o);
    return st;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot read %s", path);
    static char buf[16384];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void private_file(const char *dir, const char *name)
{
    char path[700];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat st;
    if (stat(path, &st) != 0)
        fail_msg("no %s", path);
    assert_int_equal(st.st_mode & 0777, 0600);
}

static void test_locked(void **state)
{
    (void)state;
    char store[600];
    snprintf(store, sizeof store, "%s/nats", fix.dir);
    fix.server[0] = start(store);
    const char *url = localnats_url(fix.server[0]);
    /* Nobody without a role's password: what "This computer" ran before, anyone who
     * reached the port could do anything. */
    natsStatus st = try_connect(url, NULL, NULL);
    print_message("without credentials: %s\n", natsStatus_GetText(st));
    assert_int_not_equal(st, NATS_OK);
    st = try_connect(url, "player", "guess");
    print_message("a wrong password: %s\n", natsStatus_GetText(st));
    assert_int_not_equal(st, NATS_OK);
    char user[64], dealer_pass[128], player_pass[128];
    assert_int_equal(brokerconf_read_creds(localnats_creds(fix.server[0], false), user, sizeof user,
                                           player_pass, sizeof player_pass, NULL, 0),
                     1);
    assert_string_equal(user, "player");
    assert_int_equal(strlen(player_pass), BROKER_PASSWORD_LEN);
    assert_int_equal(try_connect(url, user, player_pass), NATS_OK);
    assert_int_equal(brokerconf_read_creds(localnats_creds(fix.server[0], true), user, sizeof user,
                                           dealer_pass, sizeof dealer_pass, NULL, 0),
                     1);
    assert_string_equal(user, "dealer");
    assert_string_not_equal(dealer_pass, player_pass);
    assert_int_equal(try_connect(url, user, dealer_pass), NATS_OK);
    /* The players' password does not open the dealer's user. */
    assert_int_not_equal(try_connect(url, "dealer", player_pass), NATS_OK);
    /* The players' URL (what a second window types) holds their password. */
    char purl[256], want[256];
    assert_true(localnats_player_url(fix.server[0], NULL, purl, sizeof purl));
    snprintf(want, sizeof want, "nats://player:%s@127.0.0.1:%d", player_pass,
             localnats_port(fix.server[0]));
    assert_string_equal(purl, want);
    assert_int_equal(try_connect(purl, NULL, NULL), NATS_OK);

    /* The files: private, and the configuration holds hashes, not passwords. */
    private_file(store, BROKER_CONF);
    private_file(store, BROKER_DEALER_CREDS);
    private_file(store, BROKER_PLAYER_CREDS);
    char path[700];
    snprintf(path, sizeof path, "%s/%s", store, BROKER_CONF);
    const char *conf = read_text(path);
    assert_null(strstr(conf, dealer_pass));
    assert_null(strstr(conf, player_pass));
    assert_non_null(strstr(conf, "password: \"$2b$10$"));
    assert_non_null(strstr(conf, "\"tasca.t.*.act\""));

    /* Kept: started again, the same passwords open it. */
    localnats_stop(fix.server[0]);
    fix.server[0] = NULL;
    fix.server[0] = start(store);
    assert_int_equal(try_connect(localnats_url(fix.server[0]), "player", player_pass), NATS_OK);
    assert_int_equal(try_connect(localnats_url(fix.server[0]), "dealer", dealer_pass), NATS_OK);
    assert_int_not_equal(try_connect(localnats_url(fix.server[0]), NULL, NULL), NATS_OK);
    /* A configuration of another version (or none) is written again, same passwords. */
    localnats_stop(fix.server[0]);
    fix.server[0] = NULL;
    assert_int_equal(unlink(path), 0);
    fix.server[0] = start(store);
    assert_int_equal(try_connect(localnats_url(fix.server[0]), "player", player_pass), NATS_OK);
    assert_int_not_equal(try_connect(localnats_url(fix.server[0]), NULL, NULL), NATS_OK);
}

static void test_lan(void **state)
{
    (void)state;
    char store[600], err[512];
    snprintf(store, sizeof store, "%s/nats", fix.dir);
    /* Another loopback address stands for the local network's: the server listens there
     * and nowhere else, and the players' URL for that address reaches it. */
    LocalNatsOptions o = {.listen = "127.0.0.2"};
    fix.server[0] = localnats_start_with(store, &o, err, sizeof err);
    if (!fix.server[0])
        fail_msg("localnats_start_with 127.0.0.2: %s", err);
    int port = localnats_port(fix.server[0]);
    char url[64];
    snprintf(url, sizeof url, "nats://127.0.0.2:%d", port);
    assert_string_equal(localnats_url(fix.server[0]), url);
    assert_string_equal(localnats_listen(fix.server[0]), "127.0.0.2");
    char why[256];
    int r = natsfix_listens_only_at(localnats_pid(fix.server[0]), "127.0.0.2", &port, 1, why,
                                    sizeof why);
    if (r == 0)
        fail_msg("%s", why);
    char purl[256];
    assert_true(localnats_player_url(fix.server[0], NULL, purl, sizeof purl));
    print_message("the invitation: %s\n", purl);
    assert_non_null(strstr(purl, "@127.0.0.2:"));
    assert_int_equal(try_connect(purl, NULL, NULL), NATS_OK);
    assert_int_not_equal(try_connect(url, NULL, NULL), NATS_OK); /* still locked */
    /* Started again with the port it had (an invitation stays good). */
    localnats_stop(fix.server[0]);
    fix.server[0] = NULL;
    o.port = port;
    fix.server[0] = localnats_start_with(store, &o, err, sizeof err);
    if (!fix.server[0])
        fail_msg("again on port %d: %s", port, err);
    assert_int_equal(localnats_port(fix.server[0]), port);
    localnats_stop(fix.server[0]);
    fix.server[0] = NULL;

    /* Every address: what the server is told, seen by a stand-in that writes down its
     * arguments and stops (nothing listens on a real interface). */
    char fake[600], args[600], text[2048];
    snprintf(fake, sizeof fake, "%s/fake-nats-server", fix.dir);
    snprintf(args, sizeof args, "%s/args", fix.dir);
    snprintf(text, sizeof text,
             "#!/bin/sh\n"
             "echo \"$@\" > '%s'\n"
             "echo '[79] 2026/01/02 03:04:05.678901 [FTL] stand-in: not started'\n"
             "exit 1\n",
             args);
    write_script(fake, text);
    setenv("TASCA_NATS_SERVER", fake, 1);
    LocalNatsOptions all = {.listen = LOCALNATS_ALL};
    LocalNats *s = localnats_start_with(store, &all, err, sizeof err);
    unsetenv("TASCA_NATS_SERVER");
    assert_null(s);
    const char *got = read_text(args);
    print_message("its arguments: %s", got);
    char want[800];
    snprintf(want, sizeof want, "-c %s/%s -a 0.0.0.0 -p ", store, BROKER_CONF);
    assert_non_null(strstr(got, want));
    /* and by default, loopback only */
    setenv("TASCA_NATS_SERVER", fake, 1);
    s = localnats_start(store, err, sizeof err);
    unsetenv("TASCA_NATS_SERVER");
    assert_null(s);
    got = read_text(args);
    snprintf(want, sizeof want, "-c %s/%s -a 127.0.0.1 -p ", store, BROKER_CONF);
    assert_non_null(strstr(got, want));
    /* The machine's address for an invitation is found without sending anything. */
    char lan[64] = "";
    bool have = localnats_lan_address(lan, sizeof lan);
    print_message("this machine's address on its network: %s\n", have ? lan : "(none)");
    if (have)
        assert_int_not_equal(strncmp(lan, "127.", 4), 0);
}

int main(int argc, char **argv)
{
    const char *which = argc > 1 ? argv[1] : "";
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest all[] = {
        cmocka_unit_test_setup_teardown(test_jetstream, setup, teardown),
        cmocka_unit_test_setup_teardown(test_missing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failures, setup, teardown),
        cmocka_unit_test_setup_teardown(test_twice, setup, teardown),
        cmocka_unit_test_setup_teardown(test_crash, setup, teardown),
        cmocka_unit_test_setup_teardown(test_dealer, setup, teardown),
        cmocka_unit_test_setup_teardown(test_locked, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lan, setup, teardown),
    };
    const char *names[] = {"jetstream", "missing", "failures", "twice",
                           "crash",     "dealer",  "locked",   "lan"};
    int rc = 2;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (strcmp(which, names[i]) == 0)
            rc = _cmocka_run_group_tests(names[i], &all[i], 1, NULL, NULL);
    if (rc == 2) {
        fprintf(stderr, "usage: test_localnats CASE; cases:");
        for (size_t i = 0; i < sizeof names / sizeof *names; i++)
            fprintf(stderr, " %s", names[i]);
        fprintf(stderr, "\n");
    }
    nats_Close();
    return rc;
}
