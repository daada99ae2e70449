/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Real nats-server processes on loopback for the network tests (see natsfix.h). */
#define _XOPEN_SOURCE 700 /* nftw */

#include "natsfix.h"

#include "net/brokerconf.h"
#include "net/localnats.h"

#include <arpa/inet.h>

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <nats/nats.h>

#define NATSFIX_CLUSTER_NAME "tasca-test"
#define NATSFIX_MAX_NODES 8
#define NATSFIX_PORT_TRIES 5

struct NatsServer {
    pid_t pid;
    int port;
    int cluster_port; /* 0: not a cluster member */
    bool jetstream;
    bool own_store;
    bool keep_store;
    int timeout_ms;
    char url[48];
    char player_url[160];
    char name[64];
    char config[PATH_MAX + 32];
    char creds[2][PATH_MAX + 32]; /* locked: the dealer's, the players' */
    bool locked;
    char routes[NATSFIX_MAX_NODES * 40];
    char exe[PATH_MAX];
    char store[PATH_MAX];
    char log[PATH_MAX + 32];
    long log_from; /* where the current start's lines begin in the log */
};

struct NatsCluster {
    int n;
    NatsServer *node[NATSFIX_MAX_NODES];
    char urls[NATSFIX_MAX_NODES * 40];
};

/* Outcome of one launch attempt (LocalNatsLaunch): only PORT_BUSY is worth retrying with
 * other ports. */
enum { LAUNCH_OK = LOCALNATS_READY, LAUNCH_PORT_BUSY = LOCALNATS_PORT_BUSY,
       LAUNCH_FAILED = LOCALNATS_FAILED };

static void set_err(char *err, size_t errsize, const char *fmt, ...)
{
    if (!err || errsize == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsize, fmt, ap);
    va_end(ap);
}

pid_t natsfix_spawn(char *const argv[], const char *logpath, char *err, size_t errsize)
{
    char exe[PATH_MAX];
    if (!argv || !argv[0]) {
        set_err(err, errsize, "natsfix_spawn: empty argv");
        return -1;
    }
    if (!localnats_which(argv[0], NULL, exe, sizeof exe)) {
        set_err(err, errsize, "%s not found or not executable", argv[0]);
        return -1;
    }
    return localnats_spawn(exe, argv, logpath, SIGKILL, -1, err, errsize);
}

int natsfix_answer_ms(void)
{
    return test_ms(30000);
}

bool natsfix_child_kill(pid_t pid, int sig)
{
    return pid > 0 && kill(pid, sig) == 0;
}

bool natsfix_child_wait(pid_t pid, int timeout_ms, int *status)
{
    return localnats_wait_child(pid, timeout_ms, status);
}

/* ---- ports and probes ---- */

bool natsfix_info(const NatsServer *s, char *buf, size_t size)
{
    return s && s->pid > 0 && localnats_info(s->port, buf, size);
}

/* Entries in INFO's connect_urls: every member's client URL once the route mesh is up. */
static int connect_url_count(const char *info)
{
    const char *p = strstr(info, "\"connect_urls\":[");
    if (!p)
        return 0;
    p += strlen("\"connect_urls\":[");
    int quotes = 0;
    for (; *p && *p != ']'; p++)
        if (*p == '"')
            quotes++;
    return quotes / 2;
}

/* ---- servers ---- */

static pid_t launch(NatsServer *s, char *err, size_t errsize)
{
    char port[16], cluster[64];
    char *argv[24];
    int a = 0;
    snprintf(port, sizeof port, "%d", s->port);
    argv[a++] = s->exe;
    argv[a++] = "-a";
    argv[a++] = "127.0.0.1";
    argv[a++] = "-p";
    argv[a++] = port;
    argv[a++] = "--server_name";
    argv[a++] = s->name;
    if (s->config[0]) {
        argv[a++] = "-c";
        argv[a++] = s->config;
    }
    if (s->jetstream) {
        argv[a++] = "-js";
        argv[a++] = "-sd";
        argv[a++] = s->store;
    }
    if (s->cluster_port) {
        snprintf(cluster, sizeof cluster, "nats://127.0.0.1:%d", s->cluster_port);
        argv[a++] = "--cluster";
        argv[a++] = cluster;
        argv[a++] = "--cluster_name";
        argv[a++] = NATSFIX_CLUSTER_NAME;
        argv[a++] = "--routes";
        argv[a++] = s->routes;
    }
    argv[a] = NULL;
    /* Marks each start in the log, which is appended to across restarts. */
    FILE *f = fopen(s->log, "a");
    if (f) {
        fprintf(f, "---- natsfix: starting %s on port %d\n", s->name, s->port);
        fclose(f);
    }
    s->log_from = localnats_log_size(s->log);
    return localnats_spawn(s->exe, argv, s->log, SIGKILL, -1, err, errsize);
}

/* Waits until s answers with its own INFO; reaps it when it exits first. */
static int wait_ready(NatsServer *s, char *err, size_t errsize)
{
    char why[600];
    LocalNatsLaunch r = localnats_wait_ready(&s->pid, s->port, s->name, s->log, s->log_from,
                                             s->timeout_ms, why, sizeof why);
    if (r == LOCALNATS_FAILED)
        set_err(err, errsize, "nats-server %s: %s", s->name, why);
    return (int)r;
}

static int start_once(NatsServer *s, char *err, size_t errsize)
{
    s->pid = launch(s, err, errsize);
    if (s->pid < 0)
        return LAUNCH_FAILED;
    return wait_ready(s, err, errsize);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    remove(path);
    return 0;
}

void natsfix_remove_tree(const char *dir)
{
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The common part of a single server and a cluster member: executable, store, log. */
static NatsServer *server_new(const NatsFixOptions *o, char *err, size_t errsize)
{
    NatsFixOptions none;
    if (!o) {
        memset(&none, 0, sizeof none);
        o = &none;
    }
    NatsServer *s = calloc(1, sizeof *s);
    if (!s) {
        set_err(err, errsize, "out of memory");
        return NULL;
    }
    s->pid = -1;
    s->jetstream = !o->no_jetstream;
    s->keep_store = o->keep_store;
    s->timeout_ms = test_ms(o->ready_timeout_ms > 0 ? o->ready_timeout_ms : 30000);

    if (!localnats_find_server(o->server_path, s->exe, sizeof s->exe, err, errsize)) {
        free(s);
        return NULL;
    }

    if (o->store_dir) {
        snprintf(s->store, sizeof s->store, "%s", o->store_dir);
        if (mkdir(s->store, 0700) != 0 && errno != EEXIST) {
            set_err(err, errsize, "cannot create %s: %s", s->store, strerror(errno));
            free(s);
            return NULL;
        }
    } else {
        const char *tmp = getenv("TMPDIR");
        snprintf(s->store, sizeof s->store, "%s/natsfix-XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(s->store)) {
            set_err(err, errsize, "mkdtemp %s: %s", s->store, strerror(errno));
            free(s);
            return NULL;
        }
        s->own_store = true;
    }
    snprintf(s->log, sizeof s->log, "%s/nats-server.log", s->store);
    if (o->locked) {
        BrokerConfOptions bo = {.comment = "natsfix: a test's locked server"};
        if (!brokerconf_write(s->store, &bo, err, errsize)) {
            natsfix_stop(s);
            return NULL;
        }
        s->locked = true;
        snprintf(s->config, sizeof s->config, "%s/%s", s->store, BROKER_CONF);
        brokerconf_creds_path(s->store, BROKER_DEALER, s->creds[0], sizeof s->creds[0]);
        brokerconf_creds_path(s->store, BROKER_PLAYER, s->creds[1], sizeof s->creds[1]);
    } else if (o->config) {
        snprintf(s->config, sizeof s->config, "%s", o->config);
    }
    return s;
}

static void set_port(NatsServer *s, int port)
{
    s->port = port;
    snprintf(s->url, sizeof s->url, "nats://127.0.0.1:%d", port);
    if (!s->locked || !brokerconf_url(s->creds[1], "127.0.0.1", port, s->player_url,
                                      sizeof s->player_url, NULL, 0))
        snprintf(s->player_url, sizeof s->player_url, "%s", s->url);
}

const char *natsfix_creds(const NatsServer *s, bool dealer)
{
    return s->locked ? s->creds[dealer ? 0 : 1] : NULL;
}

const char *natsfix_player_url(const NatsServer *s)
{
    return s->player_url;
}

NatsServer *natsfix_start(const NatsFixOptions *o, char *err, size_t errsize)
{
    NatsServer *s = server_new(o, err, errsize);
    if (!s)
        return NULL;
    for (int tries = 0; tries < NATSFIX_PORT_TRIES; tries++) {
        int port;
        if (!localnats_free_ports(&port, 1, err, errsize))
            break;
        set_port(s, port);
        if (o && o->server_name)
            snprintf(s->name, sizeof s->name, "%s", o->server_name);
        else
            snprintf(s->name, sizeof s->name, "natsfix-%d", port);
        int r = start_once(s, err, errsize);
        if (r == LAUNCH_OK)
            return s;
        if (r == LAUNCH_FAILED)
            break;
        set_err(err, errsize, "no free port after %d tries", tries + 1);
    }
    natsfix_stop(s);
    return NULL;
}

const char *natsfix_url(const NatsServer *s)
{
    return s->url;
}

int natsfix_port(const NatsServer *s)
{
    return s->port;
}

int natsfix_cluster_port(const NatsServer *s)
{
    return s->cluster_port;
}

pid_t natsfix_pid(const NatsServer *s)
{
    return s->pid;
}

const char *natsfix_store(const NatsServer *s)
{
    return s->store;
}

const char *natsfix_log(const NatsServer *s)
{
    return s->log;
}

void natsfix_kill(NatsServer *s)
{
    if (!s || s->pid <= 0)
        return;
    natsfix_child_kill(s->pid, SIGKILL);
    natsfix_child_wait(s->pid, -1, NULL);
    s->pid = -1;
}

bool natsfix_restart(NatsServer *s, char *err, size_t errsize)
{
    natsfix_kill(s);
    /* The port must stay the same; if someone grabbed it meanwhile, give them a moment. */
    for (int tries = 0; tries < NATSFIX_PORT_TRIES; tries++) {
        int r = start_once(s, err, errsize);
        if (r == LAUNCH_OK)
            return true;
        if (r == LAUNCH_FAILED)
            return false;
        nats_Sleep(200);
    }
    set_err(err, errsize, "port %d stayed busy: cannot restart %s", s->port, s->name);
    return false;
}

void natsfix_stop(NatsServer *s)
{
    if (!s)
        return;
    localnats_end_child(s->pid, test_ms(5000));
    s->pid = -1;
    if (s->own_store && !s->keep_store)
        natsfix_remove_tree(s->store);
    free(s);
}

/* ---- clusters ---- */

/* Starts every member (all launched first, so they find each other at once). */
static int cluster_launch(NatsCluster *c, char *err, size_t errsize)
{
    int ports[2 * NATSFIX_MAX_NODES];
    if (!localnats_free_ports(ports, 2 * c->n, err, errsize))
        return LAUNCH_FAILED;
    for (int i = 0; i < c->n; i++) {
        NatsServer *s = c->node[i];
        set_port(s, ports[2 * i]);
        s->cluster_port = ports[2 * i + 1];
        s->routes[0] = '\0';
        for (int j = 0; j < c->n; j++) {
            if (j == i)
                continue;
            size_t len = strlen(s->routes);
            snprintf(s->routes + len, sizeof s->routes - len, "%snats://127.0.0.1:%d",
                     len ? "," : "", ports[2 * j + 1]);
        }
    }
    c->urls[0] = '\0';
    for (int i = 0; i < c->n; i++) {
        size_t len = strlen(c->urls);
        snprintf(c->urls + len, sizeof c->urls - len, "%s%s", i ? "," : "", c->node[i]->url);
    }
    for (int i = 0; i < c->n; i++) {
        c->node[i]->pid = launch(c->node[i], err, errsize);
        if (c->node[i]->pid < 0)
            return LAUNCH_FAILED;
    }
    int result = LAUNCH_OK;
    for (int i = 0; i < c->n && result != LAUNCH_FAILED; i++) {
        int r = wait_ready(c->node[i], err, errsize);
        if (r != LAUNCH_OK)
            result = r;
    }
    return result;
}

/* Full mesh: each member's INFO lists every member's client URL. */
static bool cluster_wait_mesh(NatsCluster *c, long long deadline, char *err, size_t errsize)
{
    char info[4096];
    for (int i = 0; i < c->n; i++) {
        for (;;) {
            if (localnats_info(c->node[i]->port, info, sizeof info) && connect_url_count(info) >= c->n)
                break;
            if (nats_Now() >= deadline) {
                set_err(err, errsize, "cluster not meshed: %s sees %d of %d members",
                        c->node[i]->name, connect_url_count(info), c->n);
                return false;
            }
            nats_Sleep(20);
        }
    }
    return true;
}

/* JetStream is usable cluster-wide once $JS.API.INFO is answered (there is a meta leader) and
 * a stream with n replicas can be created (it knows every peer). The probe is deleted. */
static bool cluster_wait_jetstream(NatsCluster *c, long long deadline, char *err, size_t errsize)
{
    natsOptions *opts = NULL;
    natsConnection *nc = NULL;
    jsCtx *js = NULL;
    bool ready = false;
    natsStatus st = natsOptions_Create(&opts);
    if (st == NATS_OK)
        st = natsOptions_SetURL(opts, c->node[0]->url);
    if (st == NATS_OK)
        st = natsOptions_SetTimeout(opts, natsfix_answer_ms());
    if (st == NATS_OK)
        st = natsConnection_Connect(&nc, opts);
    jsOptions jo;
    jsOptions_Init(&jo);
    jo.Wait = test_ms(2000); /* creating a replicated stream takes a raft election */
    if (st == NATS_OK)
        st = natsConnection_JetStream(&js, nc, &jo);
    if (st != NATS_OK) {
        set_err(err, errsize, "cannot connect to %s: %s", c->node[0]->url, natsStatus_GetText(st));
        goto out;
    }
    jsStreamConfig cfg;
    jsStreamConfig_Init(&cfg);
    const char *subjects[] = {"natsfix.probe"};
    cfg.Name = "NATSFIX_PROBE";
    cfg.Subjects = subjects;
    cfg.SubjectsLen = 1;
    cfg.Storage = js_MemoryStorage;
    cfg.Replicas = c->n;
    /* Before there is a meta leader, API requests go unanswered: poll $JS.API.INFO with
     * short waits rather than sit out the stream request's 2 s timeout each time. */
    for (;;) {
        natsMsg *reply = NULL;
        natsStatus rs = natsConnection_RequestString(&reply, nc, "$JS.API.INFO", "", test_ms(100));
        bool ok = rs == NATS_OK && !strstr(natsMsg_GetData(reply), "\"error\"");
        natsMsg_Destroy(reply);
        if (ok)
            break;
        if (nats_Now() >= deadline) {
            set_err(err, errsize, "JetStream cluster has no meta leader");
            goto out;
        }
        nats_Sleep(20);
    }
    jsErrCode jerr = 0;
    bool created = false;
    while (!ready) {
        if (!created)
            created = js_AddStream(NULL, js, &cfg, NULL, &jerr) == NATS_OK;
        if (created)
            ready = js_DeleteStream(js, cfg.Name, NULL, &jerr) == NATS_OK;
        if (ready)
            break;
        if (nats_Now() >= deadline) {
            set_err(err, errsize, "JetStream cluster not ready (last error code %d)", (int)jerr);
            break;
        }
        nats_Sleep(50);
    }
out:
    jsCtx_Destroy(js);
    natsConnection_Destroy(nc);
    natsOptions_Destroy(opts);
    return ready;
}

NatsCluster *natsfix_cluster_start(int n, const NatsFixOptions *o, char *err, size_t errsize)
{
    if (n < 2 || n > NATSFIX_MAX_NODES) {
        set_err(err, errsize, "a cluster has 2 to %d members, not %d", NATSFIX_MAX_NODES, n);
        return NULL;
    }
    NatsFixOptions member;
    memset(&member, 0, sizeof member);
    if (o)
        member = *o;
    member.store_dir = NULL;
    member.server_name = NULL;
    member.locked = false; /* each member would have its own passwords */

    NatsCluster *c = calloc(1, sizeof *c);
    if (!c) {
        set_err(err, errsize, "out of memory");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        c->node[i] = server_new(&member, err, errsize);
        if (!c->node[i]) {
            natsfix_cluster_stop(c);
            return NULL;
        }
        snprintf(c->node[i]->name, sizeof c->node[i]->name, "n%d", i + 1);
        c->n = i + 1;
    }
    int timeout = c->node[0]->timeout_ms;
    int r = LAUNCH_PORT_BUSY;
    for (int tries = 0; tries < NATSFIX_PORT_TRIES && r == LAUNCH_PORT_BUSY; tries++) {
        r = cluster_launch(c, err, errsize);
        if (r != LAUNCH_OK)
            for (int i = 0; i < n; i++)
                natsfix_kill(c->node[i]);
    }
    if (r != LAUNCH_OK) {
        if (r == LAUNCH_PORT_BUSY)
            set_err(err, errsize, "no free ports for the cluster");
        natsfix_cluster_stop(c);
        return NULL;
    }
    long long deadline = nats_Now() + timeout;
    if (!cluster_wait_mesh(c, deadline, err, errsize) ||
        (!member.no_jetstream && !cluster_wait_jetstream(c, deadline, err, errsize))) {
        natsfix_cluster_stop(c);
        return NULL;
    }
    return c;
}

int natsfix_cluster_size(const NatsCluster *c)
{
    return c->n;
}

NatsServer *natsfix_cluster_node(NatsCluster *c, int i)
{
    return i >= 0 && i < c->n ? c->node[i] : NULL;
}

const char *natsfix_cluster_urls(const NatsCluster *c)
{
    return c->urls;
}

void natsfix_cluster_stop(NatsCluster *c)
{
    if (!c)
        return;
    /* SIGTERM to all first, so they shut down in parallel rather than one after another. */
    for (int i = 0; i < c->n; i++)
        if (c->node[i] && c->node[i]->pid > 0)
            natsfix_child_kill(c->node[i]->pid, SIGTERM);
    for (int i = 0; i < c->n; i++)
        natsfix_stop(c->node[i]);
    free(c);
}

/* ---- listeners ---- */

/* Socket inodes of pid's open files (Linux /proc); -1 when there is no /proc. */
static int socket_inodes(pid_t pid, unsigned long *out, int max)
{
    char dir[64];
    snprintf(dir, sizeof dir, "/proc/%d/fd", (int)pid);
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        char path[384], link[128];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        ssize_t len = readlink(path, link, sizeof link - 1);
        if (len <= 0)
            continue;
        link[len] = '\0';
        unsigned long ino;
        if (sscanf(link, "socket:[%lu]", &ino) == 1)
            out[n++] = ino;
    }
    closedir(d);
    return n;
}

int natsfix_listens_only(pid_t pid, const int *ports, int nports, char *why, size_t size)
{
    return natsfix_listens_only_at(pid, "127.0.0.1", ports, nports, why, size);
}

int natsfix_listens_only_at(pid_t pid, const char *host, const int *ports, int nports, char *why,
                            size_t size)
{
    /* /proc/net/tcp writes the address as the 32-bit word in hex, in the host's order */
    struct in_addr addr;
    if (inet_pton(AF_INET, host, &addr) != 1) {
        set_err(why, size, "'%s' is not an IPv4 address", host);
        return 0;
    }
    char want[16];
    snprintf(want, sizeof want, "%08X", (unsigned)addr.s_addr);
    unsigned long inodes[256];
    int ninodes = socket_inodes(pid, inodes, 256);
    if (ninodes < 0)
        return -1;
    int seen = 0;
    const char *tables[] = {"/proc/net/tcp", "/proc/net/tcp6"};
    for (int t = 0; t < 2; t++) {
        FILE *f = fopen(tables[t], "r");
        if (!f)
            continue;
        char line[512];
        if (!fgets(line, sizeof line, f)) { /* header */
            fclose(f);
            continue;
        }
        while (fgets(line, sizeof line, f)) {
            char local[64];
            unsigned port, stt;
            unsigned long ino;
            if (sscanf(line, " %*d: %63[0-9A-Fa-f]:%x %*s %x %*s %*s %*s %*s %*s %lu", local, &port,
                       &stt, &ino) != 4)
                continue;
            bool ours = false;
            for (int i = 0; i < ninodes; i++)
                ours = ours || inodes[i] == ino;
            if (!ours || stt != 0x0A) /* 0A: LISTEN */
                continue;
            bool expected = false;
            for (int i = 0; i < nports; i++)
                expected = expected || ports[i] == (int)port;
            if (t == 1 || strcmp(local, want) != 0)
                set_err(why, size, "pid %d listens on %s:%u (%s), not %s", (int)pid, local, port,
                        tables[t], host);
            else if (!expected)
                set_err(why, size, "pid %d listens on an unexpected port %u", (int)pid, port);
            if (t == 1 || strcmp(local, want) != 0 || !expected) {
                fclose(f);
                return 0;
            }
            seen++;
        }
        fclose(f);
    }
    if (seen != nports) {
        set_err(why, size, "pid %d listens on %d of the %d ports", (int)pid, seen, nports);
        return 0;
    }
    return 1;
}
