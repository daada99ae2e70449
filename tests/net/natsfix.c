/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Real nats-server processes on loopback for the network tests (see natsfix.h). */
#define _XOPEN_SOURCE 700 /* nftw */

#include "natsfix.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <nats/nats.h>

extern char **environ;

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
    char name[64];
    char routes[NATSFIX_MAX_NODES * 40];
    char exe[PATH_MAX];
    char store[PATH_MAX];
    char log[PATH_MAX + 32];
};

struct NatsCluster {
    int n;
    NatsServer *node[NATSFIX_MAX_NODES];
    char urls[NATSFIX_MAX_NODES * 40];
};

/* Outcome of one launch attempt: only PORT_BUSY is worth retrying with other ports. */
enum { LAUNCH_OK, LAUNCH_PORT_BUSY, LAUNCH_FAILED };

static void set_err(char *err, size_t errsize, const char *fmt, ...)
{
    if (!err || errsize == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsize, fmt, ap);
    va_end(ap);
}

static long long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void sleep_ms(int ms)
{
    struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&t, &t) != 0 && errno == EINTR)
        ;
}

/* ---- child processes ---- */

static bool is_executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* Looks name up in PATH, then in extra (colon-separated). Done in the parent: after fork
 * only async-signal-safe calls are allowed, and execvp is not one. */
static bool find_exe(const char *name, const char *extra, char *out, size_t size)
{
    if (strchr(name, '/')) {
        if (!is_executable(name))
            return false;
        snprintf(out, size, "%s", name);
        return true;
    }
    const char *path = getenv("PATH");
    const char *lists[2] = {path ? path : "/usr/bin:/bin", extra ? extra : ""};
    for (int l = 0; l < 2; l++) {
        const char *p = lists[l];
        while (*p) {
            size_t len = strcspn(p, ":");
            if (len > 0) {
                int w = snprintf(out, size, "%.*s/%s", (int)len, p, name);
                if (w > 0 && (size_t)w < size && is_executable(out))
                    return true;
            }
            p += len;
            if (*p == ':')
                p++;
        }
    }
    return false;
}

static pid_t spawn_exe(const char *exe, char *const argv[], const char *logpath, char *err,
                       size_t errsize)
{
    const char *out_path = logpath ? logpath : "/dev/null";
    int out = open(out_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (out < 0) {
        set_err(err, errsize, "cannot open %s: %s", out_path, strerror(errno));
        return -1;
    }
    int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (in < 0) {
        set_err(err, errsize, "cannot open /dev/null: %s", strerror(errno));
        close(out);
        return -1;
    }
    long maxfd = sysconf(_SC_OPEN_MAX);
    if (maxfd < 0 || maxfd > 65536)
        maxfd = 65536;
    pid_t parent = getpid();

    pid_t pid = fork();
    if (pid == 0) {
#ifdef __linux__
        /* Dies with the test; the getppid check covers a parent that died before prctl. */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
            _exit(127);
#else
        (void)parent;
#endif
        /* The test's blocked or ignored signals must not stop SIGTERM reaching the child. */
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigaction(SIGPIPE, &dfl, NULL);
        sigaction(SIGTERM, &dfl, NULL);
        sigaction(SIGINT, &dfl, NULL);
        if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0)
            _exit(127);
        /* Inherited sockets (e.g. the test's NATS connections) would outlive the test's
         * close and hide disconnects from the servers. */
        for (long fd = 3; fd < maxfd; fd++)
            close((int)fd);
        execve(exe, argv, environ);
        _exit(127);
    }
    int e = errno;
    close(in);
    close(out);
    if (pid < 0) {
        set_err(err, errsize, "fork: %s", strerror(e));
        return -1;
    }
    return pid;
}

pid_t natsfix_spawn(char *const argv[], const char *logpath, char *err, size_t errsize)
{
    char exe[PATH_MAX];
    if (!argv || !argv[0]) {
        set_err(err, errsize, "natsfix_spawn: empty argv");
        return -1;
    }
    if (!find_exe(argv[0], NULL, exe, sizeof exe)) {
        set_err(err, errsize, "%s not found or not executable", argv[0]);
        return -1;
    }
    return spawn_exe(exe, argv, logpath, err, errsize);
}

bool natsfix_child_kill(pid_t pid, int sig)
{
    return pid > 0 && kill(pid, sig) == 0;
}

bool natsfix_child_wait(pid_t pid, int timeout_ms, int *status)
{
    if (pid <= 0)
        return false;
    long long deadline = now_ms() + timeout_ms;
    for (;;) {
        int st;
        pid_t r = waitpid(pid, &st, timeout_ms < 0 ? 0 : WNOHANG);
        if (r == pid) {
            if (status)
                *status = st;
            return true;
        }
        if (r < 0 && errno != EINTR)
            return false;
        if (r == 0) {
            if (now_ms() >= deadline)
                return false;
            sleep_ms(10);
        }
    }
}

/* ---- ports and probes ---- */

/* n distinct free loopback ports: all are held open together so none is picked twice. The
 * server may still lose a port to someone else before it binds; callers retry on that. */
static bool pick_ports(int *ports, int n, char *err, size_t errsize)
{
    int fds[2 * NATSFIX_MAX_NODES];
    bool ok = true;
    int opened = 0;
    for (int i = 0; i < n && ok; i++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0) {
            set_err(err, errsize, "socket: %s", strerror(errno));
            ok = false;
            break;
        }
        fds[opened++] = fd;
        struct sockaddr_in a;
        memset(&a, 0, sizeof a);
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = 0;
        socklen_t len = sizeof a;
        if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 ||
            getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
            set_err(err, errsize, "cannot bind a loopback port: %s", strerror(errno));
            ok = false;
            break;
        }
        ports[i] = ntohs(a.sin_port);
    }
    for (int i = 0; i < opened; i++)
        close(fds[i]);
    return ok;
}

/* Connects to 127.0.0.1:port and reads the server's INFO line (the JSON after "INFO ").
 * false when nothing accepts there yet or the greeting is not NATS. */
static bool read_info(int port, char *buf, size_t size)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return false;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons((uint16_t)port);
    bool ok = false;
    if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) {
        size_t got = 0;
        long long deadline = now_ms() + 1000;
        while (got + 1 < size) {
            struct pollfd p = {fd, POLLIN, 0};
            int left = (int)(deadline - now_ms());
            if (left <= 0 || poll(&p, 1, left) <= 0)
                break;
            ssize_t r = read(fd, buf + got, size - 1 - got);
            if (r <= 0)
                break;
            got += (size_t)r;
            buf[got] = '\0';
            if (strchr(buf, '\n')) {
                ok = strncmp(buf, "INFO ", 5) == 0;
                break;
            }
        }
        if (ok) {
            size_t json = strlen(buf) - 5;
            memmove(buf, buf + 5, json + 1);
            buf[strcspn(buf, "\r\n")] = '\0';
        }
    }
    close(fd);
    return ok;
}

bool natsfix_info(const NatsServer *s, char *buf, size_t size)
{
    return s && s->pid > 0 && read_info(s->port, buf, size);
}

/* Is this INFO from our server (and not from whoever took the port)? */
static bool info_is_ours(const NatsServer *s, const char *info)
{
    char want[96];
    snprintf(want, sizeof want, "\"server_name\":\"%s\"", s->name);
    return strstr(info, want) != NULL;
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

/* The end of the server log, for error messages. */
static void log_tail(const char *path, char *out, size_t size)
{
    out[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    long keep = (long)size - 1;
    if (fseek(f, 0, SEEK_END) == 0) {
        long end = ftell(f);
        fseek(f, end > keep ? end - keep : 0, SEEK_SET);
    }
    size_t n = fread(out, 1, size - 1, f);
    out[n] = '\0';
    fclose(f);
    for (char *c = out; *c; c++)
        if (*c == '\n' || *c == '\r')
            *c = ' ';
}

static bool log_says(const char *path, const char *what)
{
    char tail[2048];
    log_tail(path, tail, sizeof tail);
    return strstr(tail, what) != NULL;
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
    return spawn_exe(s->exe, argv, s->log, err, errsize);
}

/* Waits until s answers with its own INFO; reaps it when it exits first. */
static int wait_ready(NatsServer *s, char *err, size_t errsize)
{
    long long deadline = now_ms() + s->timeout_ms;
    char info[4096];
    for (;;) {
        int st;
        if (waitpid(s->pid, &st, WNOHANG) == s->pid) {
            s->pid = -1;
            if (log_says(s->log, "address already in use"))
                return LAUNCH_PORT_BUSY;
            char tail[400];
            log_tail(s->log, tail, sizeof tail);
            set_err(err, errsize, "nats-server %s exited during start-up (status %d): %s", s->name,
                    st, tail);
            return LAUNCH_FAILED;
        }
        if (read_info(s->port, info, sizeof info) && info_is_ours(s, info))
            return LAUNCH_OK;
        if (now_ms() >= deadline) {
            natsfix_kill(s);
            set_err(err, errsize, "nats-server %s not ready on port %d after %d ms (log %s)",
                    s->name, s->port, s->timeout_ms, s->log);
            return LAUNCH_FAILED;
        }
        sleep_ms(20);
    }
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

static void remove_tree(const char *dir)
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
    s->timeout_ms = o->ready_timeout_ms > 0 ? o->ready_timeout_ms : 10000;

    const char *want = o->server_path ? o->server_path : getenv("TASCA_NATS_SERVER");
    bool found = want && *want ? find_exe(want, NULL, s->exe, sizeof s->exe)
                               : find_exe("nats-server", "/usr/sbin:/usr/local/sbin:/sbin", s->exe,
                                          sizeof s->exe);
    if (!found) {
        set_err(err, errsize, "nats-server not found%s%s: install the nats-server package",
                want && *want ? " at " : "", want && *want ? want : "");
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
    return s;
}

static void set_port(NatsServer *s, int port)
{
    s->port = port;
    snprintf(s->url, sizeof s->url, "nats://127.0.0.1:%d", port);
}

NatsServer *natsfix_start(const NatsFixOptions *o, char *err, size_t errsize)
{
    NatsServer *s = server_new(o, err, errsize);
    if (!s)
        return NULL;
    for (int tries = 0; tries < NATSFIX_PORT_TRIES; tries++) {
        int port;
        if (!pick_ports(&port, 1, err, errsize))
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
        sleep_ms(200);
    }
    set_err(err, errsize, "port %d stayed busy: cannot restart %s", s->port, s->name);
    return false;
}

void natsfix_stop(NatsServer *s)
{
    if (!s)
        return;
    if (s->pid > 0) {
        natsfix_child_kill(s->pid, SIGTERM);
        if (!natsfix_child_wait(s->pid, 5000, NULL))
            natsfix_kill(s);
        s->pid = -1;
    }
    if (s->own_store && !s->keep_store)
        remove_tree(s->store);
    free(s);
}

/* ---- clusters ---- */

/* Starts every member (all launched first, so they find each other at once). */
static int cluster_launch(NatsCluster *c, char *err, size_t errsize)
{
    int ports[2 * NATSFIX_MAX_NODES];
    if (!pick_ports(ports, 2 * c->n, err, errsize))
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
            if (read_info(c->node[i]->port, info, sizeof info) && connect_url_count(info) >= c->n)
                break;
            if (now_ms() >= deadline) {
                set_err(err, errsize, "cluster not meshed: %s sees %d of %d members",
                        c->node[i]->name, connect_url_count(info), c->n);
                return false;
            }
            sleep_ms(20);
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
        st = natsOptions_SetTimeout(opts, 2000);
    if (st == NATS_OK)
        st = natsConnection_Connect(&nc, opts);
    jsOptions jo;
    jsOptions_Init(&jo);
    jo.Wait = 2000; /* creating a replicated stream takes a raft election */
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
        natsStatus rs = natsConnection_RequestString(&reply, nc, "$JS.API.INFO", "", 100);
        bool ok = rs == NATS_OK && !strstr(natsMsg_GetData(reply), "\"error\"");
        natsMsg_Destroy(reply);
        if (ok)
            break;
        if (now_ms() >= deadline) {
            set_err(err, errsize, "JetStream cluster has no meta leader");
            goto out;
        }
        sleep_ms(20);
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
        if (now_ms() >= deadline) {
            set_err(err, errsize, "JetStream cluster not ready (last error code %d)", (int)jerr);
            break;
        }
        sleep_ms(50);
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
    long long deadline = now_ms() + timeout;
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
