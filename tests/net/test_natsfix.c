/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The nats-server fixture: single server durability across kill -9, a three-node JetStream
 * cluster surviving the loss of a node, loopback-only listeners, and child processes.
 * Usage: test_natsfix [single|cluster|loopback|child] (no argument: all). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <nats/nats.h>

#include "natsfix.h"

#define MAX_CONNS 4

/* Everything a test opens, so teardown cleans up after a failed assertion too. */
typedef struct Fix {
    NatsServer *server;
    NatsCluster *cluster;
    natsConnection *nc[MAX_CONNS];
    jsCtx *js[MAX_CONNS];
    natsSubscription *sub[MAX_CONNS];
} Fix;

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void nap_ms(int ms)
{
    struct timespec t = {0, ms * 1000000L};
    nanosleep(&t, NULL);
}

static int setup(void **state)
{
    *state = calloc(1, sizeof(Fix));
    return *state ? 0 : -1;
}

static void close_conns(Fix *f)
{
    for (int i = 0; i < MAX_CONNS; i++) {
        natsSubscription_Destroy(f->sub[i]);
        jsCtx_Destroy(f->js[i]);
        natsConnection_Destroy(f->nc[i]);
        f->sub[i] = NULL;
        f->js[i] = NULL;
        f->nc[i] = NULL;
    }
}

static int teardown(void **state)
{
    Fix *f = *state;
    close_conns(f);
    natsfix_stop(f->server);
    natsfix_cluster_stop(f->cluster);
    free(f);
    return 0;
}

/* A connection to exactly this server: no discovered servers, so a test knows which node it
 * talks to, and few reconnect attempts, so a killed node is given up quickly. */
static natsConnection *connect_to(const char *url)
{
    natsOptions *o = NULL;
    natsConnection *nc = NULL;
    NATS_CHECK(natsOptions_Create(&o));
    NATS_CHECK(natsOptions_SetURL(o, url));
    NATS_CHECK(natsOptions_SetTimeout(o, natsfix_answer_ms()));
    NATS_CHECK(natsOptions_SetIgnoreDiscoveredServers(o, true));
    NATS_CHECK(natsOptions_SetMaxReconnect(o, 2));
    /* libnats' destroy waits out a reconnect pause (2 s by default) after a server died. */
    NATS_CHECK(natsOptions_SetReconnectWait(o, 100));
    natsStatus st = natsConnection_Connect(&nc, o);
    natsOptions_Destroy(o);
    if (st != NATS_OK)
        fail_msg("connect %s: %s", url, natsStatus_GetText(st));
    return nc;
}

/* A JetStream context whose requests wait up to wait_ms (scaled) for their answers. */
static jsCtx *jetstream(natsConnection *nc, int64_t wait_ms)
{
    jsOptions o;
    jsOptions_Init(&o);
    o.Wait = test_ms((int)wait_ms);
    jsCtx *js = NULL;
    NATS_CHECK(natsConnection_JetStream(&js, nc, &o));
    return js;
}

static void add_stream(jsCtx *js, const char *name, const char *subject, int replicas)
{
    jsStreamConfig cfg;
    jsStreamConfig_Init(&cfg);
    const char *subjects[] = {subject};
    cfg.Name = name;
    cfg.Subjects = subjects;
    cfg.SubjectsLen = 1;
    cfg.Storage = js_FileStorage;
    cfg.Replicas = replicas;
    jsErrCode jerr = 0;
    natsStatus st = js_AddStream(NULL, js, &cfg, NULL, &jerr);
    if (st != NATS_OK)
        fail_msg("add stream %s: %s (%d)", name, natsStatus_GetText(st), (int)jerr);
}

/* The next message on sub with this payload, skipping others (and duplicates), within
 * timeout_ms (natsfix_answer_ms(): it should come at once). */
static void expect_msg(natsSubscription *sub, const char *want, int timeout_ms)
{
    long long deadline = now_ms() + timeout_ms;
    for (;;) {
        int left = (int)(deadline - now_ms());
        natsMsg *m = NULL;
        if (left <= 0 || natsSubscription_NextMsg(&m, sub, left) != NATS_OK)
            fail_msg("no message '%s' within %d ms", want, timeout_ms);
        bool match = natsMsg_GetDataLength(m) == (int)strlen(want) &&
                     memcmp(natsMsg_GetData(m), want, strlen(want)) == 0;
        natsMsg_Destroy(m);
        if (match)
            return;
    }
}

static bool pid_gone(pid_t pid)
{
    return kill(pid, 0) != 0 && errno == ESRCH;
}

/* Asserts that every listening TCP socket of pid is on 127.0.0.1 and that its ports are
 * exactly `ports` (no monitoring or other port). Skipped where there is no /proc. */
static void assert_listens_on_loopback_only(pid_t pid, const int *ports, int nports)
{
    char why[256];
    int r = natsfix_listens_only(pid, ports, nports, why, sizeof why);
    if (r < 0)
        print_message("no /proc/%d/fd: listener check skipped\n", (int)pid);
    else if (r == 0)
        fail_msg("%s", why);
}

static void test_single_durable(void **state)
{
    Fix *f = *state;
    char err[512];
    long long t0 = now_ms();
    f->server = natsfix_start(NULL, err, sizeof err);
    if (!f->server)
        fail_msg("%s", err);
    print_message("single: ready in %lld ms at %s\n", now_ms() - t0, natsfix_url(f->server));

    /* Core NATS through it. */
    f->nc[0] = connect_to(natsfix_url(f->server));
    NATS_CHECK(natsConnection_SubscribeSync(&f->sub[0], f->nc[0], "natsfix.hello"));
    NATS_CHECK(natsConnection_PublishString(f->nc[0], "natsfix.hello", "hola"));
    expect_msg(f->sub[0], "hola", natsfix_answer_ms());

    /* JetStream, file storage: ten acknowledged messages. */
    f->js[0] = jetstream(f->nc[0], 30000);
    add_stream(f->js[0], "TABLE", "table.>", 1);
    for (int i = 0; i < 10; i++) {
        char text[32];
        snprintf(text, sizeof text, "move %d", i);
        jsPubAck *ack = NULL;
        jsErrCode jerr = 0;
        NATS_CHECK(js_Publish(&ack, f->js[0], "table.moves", text, (int)strlen(text), NULL, &jerr));
        assert_int_equal(ack->Sequence, (uint64_t)i + 1);
        jsPubAck_Destroy(ack);
    }
    close_conns(f);

    /* kill -9, then the same port and store again. */
    pid_t old = natsfix_pid(f->server);
    int port = natsfix_port(f->server);
    natsfix_kill(f->server);
    assert_true(pid_gone(old));
    t0 = now_ms();
    if (!natsfix_restart(f->server, err, sizeof err))
        fail_msg("%s", err);
    print_message("single: restarted in %lld ms\n", now_ms() - t0);
    assert_int_equal(natsfix_port(f->server), port);
    assert_int_not_equal(natsfix_pid(f->server), old);

    f->nc[0] = connect_to(natsfix_url(f->server));
    f->js[0] = jetstream(f->nc[0], 30000);
    jsStreamInfo *si = NULL;
    jsErrCode jerr = 0;
    NATS_CHECK(js_GetStreamInfo(&si, f->js[0], "TABLE", NULL, &jerr));
    uint64_t msgs = si->State.Msgs;
    jsStreamInfo_Destroy(si);
    assert_int_equal(msgs, 10);
    NATS_CHECK(js_SubscribeSync(&f->sub[0], f->js[0], "table.>", NULL, NULL, &jerr));
    for (int i = 0; i < 10; i++) {
        char text[32];
        snprintf(text, sizeof text, "move %d", i);
        expect_msg(f->sub[0], text, natsfix_answer_ms());
    }
}

static void test_cluster_survives_node_loss(void **state)
{
    Fix *f = *state;
    char err[512];
    long long t0 = now_ms();
    f->cluster = natsfix_cluster_start(3, NULL, err, sizeof err);
    if (!f->cluster)
        fail_msg("%s", err);
    print_message("cluster: ready (JetStream R3) in %lld ms: %s\n", now_ms() - t0,
                  natsfix_cluster_urls(f->cluster));
    NatsServer *n1 = natsfix_cluster_node(f->cluster, 0);
    NatsServer *n2 = natsfix_cluster_node(f->cluster, 1);
    NatsServer *n3 = natsfix_cluster_node(f->cluster, 2);

    /* Subscribing to clu.> before chat.> on node 3: routes keep order, so once chat gets
     * through from node 1, node 1 knows the clu.> interest too. */
    f->nc[2] = connect_to(natsfix_url(n3));
    NATS_CHECK(natsConnection_SubscribeSync(&f->sub[2], f->nc[2], "clu.>"));
    NATS_CHECK(natsConnection_SubscribeSync(&f->sub[3], f->nc[2], "chat.>"));
    NATS_CHECK(natsConnection_Flush(f->nc[2]));

    f->nc[0] = connect_to(natsfix_url(n1));
    long long deadline = now_ms() + test_ms(10000);
    for (;;) { /* the interest reaches node 1 asynchronously: publish until it arrives */
        NATS_CHECK(natsConnection_PublishString(f->nc[0], "chat.hi", "hola"));
        natsMsg *m = NULL;
        if (natsSubscription_NextMsg(&m, f->sub[3], 100) == NATS_OK) {
            natsMsg_Destroy(m);
            break;
        }
        if (now_ms() >= deadline)
            fail_msg("node 3 never received node 1's message");
    }

    f->js[0] = jetstream(f->nc[0], 30000);
    t0 = now_ms();
    add_stream(f->js[0], "CLUSTER", "clu.>", 3);
    print_message("cluster: stream with 3 replicas created in %lld ms\n", now_ms() - t0);
    jsPubAck *ack = NULL;
    jsErrCode jerr = 0;
    NATS_CHECK(js_Publish(&ack, f->js[0], "clu.a", "before", 6, NULL, &jerr));
    jsPubAck_Destroy(ack);
    expect_msg(f->sub[2], "before", natsfix_answer_ms());

    jsStreamInfo *si = NULL;
    NATS_CHECK(js_GetStreamInfo(&si, f->js[0], "CLUSTER", NULL, &jerr));
    char leader[64];
    snprintf(leader, sizeof leader, "%s",
             si->Cluster && si->Cluster->Leader ? si->Cluster->Leader : "?");
    jsStreamInfo_Destroy(si);

    /* Node 1 crashes; node 2 takes the publishes (once the stream has a leader again). */
    natsfix_kill(n1);
    jsCtx_Destroy(f->js[0]);
    natsConnection_Destroy(f->nc[0]);
    f->js[0] = NULL;
    f->nc[0] = NULL;

    f->nc[1] = connect_to(natsfix_url(n2));
    f->js[1] = jetstream(f->nc[1], 500);
    jsPubOptions po;
    jsPubOptions_Init(&po);
    po.MsgId = "after-1"; /* a retry after a lost ack must not store it twice */
    t0 = now_ms();
    deadline = t0 + test_ms(30000);
    int tries = 0;
    natsStatus st, first = NATS_OK;
    ack = NULL;
    while ((st = js_Publish(&ack, f->js[1], "clu.b", "after", 5, &po, &jerr)) != NATS_OK) {
        if (tries++ == 0)
            first = st;
        if (now_ms() >= deadline)
            fail_msg("no JetStream ack through node 2: %s (%d)", natsStatus_GetText(st), (int)jerr);
        nap_ms(100);
    }
    print_message("cluster: stream leader was %s; node 2 acked after %lld ms (%d failed tries"
                  ", first: %s)\n",
                  leader, now_ms() - t0, tries, tries ? natsStatus_GetText(first) : "none");
    assert_string_equal(ack->Stream, "CLUSTER");
    assert_int_equal(ack->Sequence, 2);
    jsPubAck_Destroy(ack);
    expect_msg(f->sub[2], "after", natsfix_answer_ms());

    /* Node 3 also sees both messages stored. */
    f->js[2] = jetstream(f->nc[2], 1000);
    t0 = now_ms();
    deadline = t0 + test_ms(10000);
    for (;;) {
        jsStreamInfo *si = NULL;
        uint64_t msgs = 0;
        if (js_GetStreamInfo(&si, f->js[2], "CLUSTER", NULL, &jerr) == NATS_OK) {
            msgs = si->State.Msgs;
            jsStreamInfo_Destroy(si);
        }
        if (msgs == 2)
            break;
        if (now_ms() >= deadline)
            fail_msg("node 3: stream has %llu messages, not 2", (unsigned long long)msgs);
        nap_ms(100);
    }
    print_message("cluster: stream info through node 3 after %lld ms\n", now_ms() - t0);

    /* Listeners of the survivors: the client and the route port, both on loopback. */
    for (int i = 1; i < 3; i++) {
        NatsServer *s = natsfix_cluster_node(f->cluster, i);
        int ports[2] = {natsfix_port(s), natsfix_cluster_port(s)};
        assert_listens_on_loopback_only(natsfix_pid(s), ports, 2);
    }

    /* The killed member comes back on its own port and store, and rejoins. */
    t0 = now_ms();
    if (!natsfix_restart(n1, err, sizeof err))
        fail_msg("%s", err);
    deadline = now_ms() + test_ms(10000);
    for (;;) { /* rejoined: its INFO lists every member's client URL again */
        char info[4096];
        int listed = 0;
        if (natsfix_info(n1, info, sizeof info))
            for (int i = 0; i < 3; i++) {
                char url[48];
                snprintf(url, sizeof url, "\"127.0.0.1:%d\"",
                         natsfix_port(natsfix_cluster_node(f->cluster, i)));
                listed += strstr(info, url) != NULL;
            }
        if (listed == 3)
            break;
        if (now_ms() >= deadline)
            fail_msg("node 1 did not rejoin: it lists %d members", listed);
        nap_ms(20);
    }
    print_message("cluster: node 1 restarted and rejoined in %lld ms\n", now_ms() - t0);

    pid_t pids[3];
    for (int i = 0; i < 3; i++)
        pids[i] = natsfix_pid(natsfix_cluster_node(f->cluster, i));
    close_conns(f);
    t0 = now_ms();
    natsfix_cluster_stop(f->cluster);
    f->cluster = NULL;
    print_message("cluster: stopped in %lld ms\n", now_ms() - t0);
    for (int i = 0; i < 3; i++)
        assert_true(pid_gone(pids[i]));
}

static void test_loopback_only(void **state)
{
    Fix *f = *state;
    char err[512];
    f->server = natsfix_start(NULL, err, sizeof err);
    if (!f->server)
        fail_msg("%s", err);
    pid_t pid = natsfix_pid(f->server);
    int port = natsfix_port(f->server);

    char info[4096];
    assert_true(natsfix_info(f->server, info, sizeof info));
    assert_non_null(strstr(info, "\"host\":\"127.0.0.1\""));

    f->nc[0] = connect_to(natsfix_url(f->server));
    char url[128], want[128];
    NATS_CHECK(natsConnection_GetConnectedUrl(f->nc[0], url, sizeof url));
    snprintf(want, sizeof want, "nats://127.0.0.1:%d", port);
    assert_string_equal(url, want);
    close_conns(f);

    /* Only the client port: no monitoring, leafnode or cluster listener. */
    assert_listens_on_loopback_only(pid, &port, 1);

    char store[4096];
    snprintf(store, sizeof store, "%s", natsfix_store(f->server));
    assert_int_equal(access(store, F_OK), 0);
    natsfix_stop(f->server);
    f->server = NULL;
    assert_true(pid_gone(pid));
    assert_int_not_equal(access(store, F_OK), 0);

    /* A missing server is reported plainly. */
    NatsFixOptions o;
    memset(&o, 0, sizeof o);
    o.server_path = "/nonexistent/nats-server";
    assert_null(natsfix_start(&o, err, sizeof err));
    assert_non_null(strstr(err, "nats-server is not installed"));
    assert_non_null(strstr(err, "install the nats-server package"));
}

static void test_child_processes(void **state)
{
    (void)state;
    char err[256];
    char *sleeper[] = {"sleep", "30", NULL};
    pid_t pid = natsfix_spawn(sleeper, NULL, err, sizeof err);
    if (pid < 0)
        fail_msg("%s", err);
    int status = 0;
    assert_false(natsfix_child_wait(pid, 50, &status)); /* still running */
    assert_true(natsfix_child_kill(pid, SIGKILL));
    assert_true(natsfix_child_wait(pid, test_ms(30000), &status));
    assert_true(WIFSIGNALED(status));
    assert_int_equal(WTERMSIG(status), SIGKILL);
    assert_false(natsfix_child_kill(pid, SIGKILL)); /* reaped: gone */

    char *truth[] = {"sh", "-c", "echo out; echo err >&2; exit 3", NULL};
    char log[4096];
    const char *tmp = getenv("TMPDIR");
    snprintf(log, sizeof log, "%s/natsfix-child-%d.log", tmp && *tmp ? tmp : "/tmp", (int)getpid());
    pid = natsfix_spawn(truth, log, err, sizeof err);
    if (pid < 0)
        fail_msg("%s", err);
    assert_true(natsfix_child_wait(pid, test_ms(30000), &status));
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 3);
    FILE *f = fopen(log, "r");
    assert_non_null(f);
    char text[64] = {0};
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    remove(log);
    text[n] = '\0';
    assert_string_equal(text, "out\nerr\n");

    char *missing[] = {"natsfix-no-such-program", NULL};
    assert_int_equal(natsfix_spawn(missing, NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "not found"));
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_single_durable, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cluster_survives_node_loss, setup, teardown),
        cmocka_unit_test_setup_teardown(test_loopback_only, setup, teardown),
        cmocka_unit_test_setup_teardown(test_child_processes, setup, teardown),
    };
    const char *names[] = {"single", "cluster", "loopback", "child"};
    const char *filters[] = {"test_single_durable", "test_cluster_survives_node_loss",
                             "test_loopback_only", "test_child_processes"};
    if (argc > 1) {
        bool known = false;
        for (int i = 0; i < 4; i++)
            if (strcmp(argv[1], names[i]) == 0) {
                cmocka_set_test_filter(filters[i]);
                known = true;
            }
        if (!known) {
            fprintf(stderr, "usage: %s [single|cluster|loopback|child]\n", argv[0]);
            return 2;
        }
    }
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    nats_CloseAndWait(test_ms(2000)); /* libnats' threads and globals, for the leak checker */
    return failed;
}
