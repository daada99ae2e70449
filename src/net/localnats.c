/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A private nats-server as a child of the game (see localnats.h). */
#define _DEFAULT_SOURCE /* flock */

#include "localnats.h"

#include "brokerconf.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <limits.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

extern char **environ;

#define READY_MS 10000
#define STOP_MS 3000
#define PORT_TRIES 5
#define LOG_KEEP (1L << 20)

struct LocalNats {
    pid_t pid;
    int port;
    int lock_fd;     /* the store's lock, held by the server and by us */
    char listen[48]; /* where the server listens */
    char host[48];   /* where this machine reaches it: listen, 127.0.0.1 for 0.0.0.0 */
    char url[96];
    char name[64];
    char conf[PATH_MAX + 32];
    char creds[2][PATH_MAX + 32]; /* the dealer's, the players' */
    char exe[PATH_MAX];
    char store[PATH_MAX];
    char log[PATH_MAX + 32];
};

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

/* ---- finding the server ---- */

static bool is_executable(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

/* Looked up here rather than with execvp in the child: after fork only async-signal-safe
 * calls are allowed. */
bool localnats_which(const char *name, const char *extra, char *out, size_t size)
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

bool localnats_find_server(const char *path, char *out, size_t size, char *err, size_t errsize)
{
    const char *from = "";
    if (!path || !*path) {
        path = getenv("TASCA_NATS_SERVER");
        from = " (TASCA_NATS_SERVER)";
    }
    if (path && *path) {
        if (localnats_which(path, NULL, out, size))
            return true;
        set_err(err, errsize,
                "nats-server is not installed: %s%s is not an executable; install the "
                "nats-server package",
                path, from);
        return false;
    }
    if (localnats_which("nats-server", LOCALNATS_SBIN, out, size))
        return true;
    set_err(err, errsize,
            "nats-server is not installed: install the nats-server package (looked in PATH and "
            "%s)",
            LOCALNATS_SBIN);
    return false;
}

/* ---- ports ---- */

/* "0.0.0.0" and dotted quads; false for anything else. */
static bool ipv4(const char *host, struct in_addr *out)
{
    return host && inet_pton(AF_INET, host, out) == 1;
}

static bool free_ports_at(const char *host, int *ports, int n, char *err, size_t errsize);

bool localnats_free_ports(int *ports, int n, char *err, size_t errsize)
{
    return free_ports_at("127.0.0.1", ports, n, err, errsize);
}

static bool free_ports_at(const char *host, int *ports, int n, char *err, size_t errsize)
{
    int *fds = calloc((size_t)(n > 0 ? n : 1), sizeof *fds);
    if (!fds) {
        set_err(err, errsize, "out of memory");
        return false;
    }
    bool ok = true;
    int opened = 0;
    for (int i = 0; i < n && ok; i++) {
        int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) {
            set_err(err, errsize, "socket: %s", strerror(errno));
            ok = false;
            break;
        }
        fds[opened++] = fd;
        struct sockaddr_in a;
        memset(&a, 0, sizeof a);
        a.sin_family = AF_INET;
        if (!ipv4(host, &a.sin_addr)) {
            set_err(err, errsize, "'%s' is not an IPv4 address", host);
            ok = false;
            break;
        }
        socklen_t len = sizeof a;
        if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0 ||
            getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
            set_err(err, errsize, "cannot bind a port on %s: %s", host, strerror(errno));
            ok = false;
            break;
        }
        ports[i] = ntohs(a.sin_port);
    }
    for (int i = 0; i < opened; i++)
        close(fds[i]);
    free(fds);
    return ok;
}

/* ---- child processes ---- */

pid_t localnats_spawn(const char *exe, char *const argv[], const char *logpath, int deathsig,
                      int keep_fd, char *err, size_t errsize)
{
    const char *out_path = logpath ? logpath : "/dev/null";
    int out = open(out_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
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
        /* Only async-signal-safe calls from here on. */
#ifdef __linux__
        /* The getppid check covers a parent that died before prctl. */
        if (deathsig > 0 && (prctl(PR_SET_PDEATHSIG, deathsig) != 0 || getppid() != parent))
            _exit(127);
#else
        (void)parent;
        (void)deathsig;
#endif
        /* The parent's blocked or ignored signals must not keep SIGTERM from the child. */
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigaction(SIGPIPE, &dfl, NULL);
        sigaction(SIGTERM, &dfl, NULL);
        sigaction(SIGINT, &dfl, NULL);
        /* Out of the way of the three standard descriptors before they are replaced. */
        if (keep_fd >= 0 && keep_fd <= 3) {
            keep_fd = fcntl(keep_fd, F_DUPFD_CLOEXEC, 4);
            if (keep_fd < 0)
                _exit(127);
        }
        if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0)
            _exit(127);
        if (keep_fd >= 0 && dup2(keep_fd, 3) < 0) /* dup2 clears close-on-exec */
            _exit(127);
        /* Inherited sockets (the game's NATS connections) would outlive the game's close
         * and hide its disconnects from the servers. */
        for (long fd = keep_fd >= 0 ? 4 : 3; fd < maxfd; fd++)
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

bool localnats_wait_child(pid_t pid, int timeout_ms, int *status)
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

void localnats_end_child(pid_t pid, int grace_ms)
{
    if (pid <= 0)
        return;
    kill(pid, SIGTERM);
    if (!localnats_wait_child(pid, grace_ms, NULL)) {
        kill(pid, SIGKILL);
        localnats_wait_child(pid, -1, NULL);
    }
}

/* ---- the server's greeting and log ---- */

bool localnats_info(int port, char *buf, size_t size)
{
    return localnats_info_at("127.0.0.1", port, buf, size);
}

bool localnats_info_at(const char *host, int port, char *buf, size_t size)
{
    if (size < 8)
        return false;
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    if (!ipv4(host, &a.sin_addr))
        return false;
    if (a.sin_addr.s_addr == htonl(INADDR_ANY))
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons((uint16_t)port);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return false;
    bool ok = false;
    if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0) {
        size_t got = 0;
        buf[0] = '\0';
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
            memmove(buf, buf + 5, strlen(buf + 5) + 1);
            buf[strcspn(buf, "\r\n")] = '\0';
        }
    }
    close(fd);
    return ok;
}

long localnats_log_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : 0;
}

/* Up to size-1 bytes of the log's end, not before `from`. */
static void log_end(const char *path, long from, char *out, size_t size)
{
    out[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    long start = from > 0 ? from : 0;
    if (fseek(f, 0, SEEK_END) == 0) {
        long end = ftell(f);
        if (end - start > (long)size - 1)
            start = end - ((long)size - 1);
    }
    size_t n = 0;
    if (fseek(f, start, SEEK_SET) == 0)
        n = fread(out, 1, size - 1, f);
    out[n] = '\0';
    fclose(f);
}

void localnats_log_last(const char *path, long from, char *out, size_t size)
{
    char tail[2048];
    log_end(path, from, tail, sizeof tail);
    out[0] = '\0';
    /* The last line with something in it. */
    char *end = tail + strlen(tail);
    while (end > tail && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' '))
        end--;
    *end = '\0';
    char *line = end;
    while (line > tail && line[-1] != '\n')
        line--;
    /* nats-server's "[1234] 2026/01/02 03:04:05.678901 " before the level. */
    if (line[0] == '[') {
        char *p = line + 1;
        while (*p >= '0' && *p <= '9')
            p++;
        if (p > line + 1 && p[0] == ']' && p[1] == ' ') {
            p += 2;
            int spaces = 0;
            char *q = p;
            while (*q && spaces < 2) {
                if (*q == ' ')
                    spaces++;
                else if (!(*q >= '0' && *q <= '9') && !strchr("/:.", *q))
                    break;
                q++;
            }
            line = spaces == 2 ? q : p;
        }
    }
    snprintf(out, size, "%s", line);
}

/* Is this greeting from the server named `name` (and not from whoever took the port)? */
static bool info_is_from(const char *info, const char *name)
{
    char want[96];
    snprintf(want, sizeof want, "\"server_name\":\"%s\"", name);
    return strstr(info, want) != NULL;
}

LocalNatsLaunch localnats_wait_ready(pid_t *pid, int port, const char *name, const char *log,
                                     long log_from, int timeout_ms, char *err, size_t errsize)
{
    return localnats_wait_ready_at(pid, "127.0.0.1", port, name, log, log_from, timeout_ms, err,
                                   errsize);
}

LocalNatsLaunch localnats_wait_ready_at(pid_t *pid, const char *host, int port, const char *name,
                                        const char *log, long log_from, int timeout_ms, char *err,
                                        size_t errsize)
{
    long long deadline = now_ms() + timeout_ms;
    char info[4096];
    for (;;) {
        int st;
        if (waitpid(*pid, &st, WNOHANG) == *pid) {
            *pid = -1;
            char tail[2048];
            log_end(log, log_from, tail, sizeof tail);
            if (strstr(tail, "address already in use"))
                return LOCALNATS_PORT_BUSY;
            char last[400];
            localnats_log_last(log, log_from, last, sizeof last);
            if (last[0])
                set_err(err, errsize, "the server did not start: %s", last);
            else
                set_err(err, errsize, "the server did not start (wait status %d) and wrote nothing "
                        "in %s", st, log);
            return LOCALNATS_FAILED;
        }
        if (localnats_info_at(host, port, info, sizeof info) && info_is_from(info, name))
            return LOCALNATS_READY;
        if (now_ms() >= deadline) {
            kill(*pid, SIGKILL);
            localnats_wait_child(*pid, -1, NULL);
            *pid = -1;
            set_err(err, errsize, "the server did not start: not ready on port %d after %d ms "
                    "(log %s)", port, timeout_ms, log);
            return LOCALNATS_FAILED;
        }
        sleep_ms(20);
    }
}

/* ---- this computer's server ---- */

/* mkdir -p, the directories it makes private. */
static bool make_dirs(const char *dir, char *err, size_t errsize)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        set_err(err, errsize, "store path too long: %s", dir);
        return false;
    }
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(path, 0700) != 0 && errno != EEXIST) {
            set_err(err, errsize, "cannot create %s: %s", path, strerror(errno));
            return false;
        }
        *p = c;
        if (c == '\0')
            break;
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        set_err(err, errsize, "%s is not a directory", path);
        return false;
    }
    return true;
}

/* The store's lock, held from now on: its descriptor is handed to the server, which keeps
 * it while it lives. -1 and a reason when another server holds it. */
static int lock_store(const char *store, char *err, size_t errsize)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/localnats.lock", store);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        set_err(err, errsize, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        return fd;
    int e = errno;
    if (e == EWOULDBLOCK) {
        char buf[32] = "";
        ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
        int holder = n > 0 ? atoi(buf) : 0;
        if (holder > 0)
            set_err(err, errsize,
                    "the store %s is in use by another nats-server (pid %d): another Tasca is "
                    "running, or the server of one that crashed is left; stop it (kill %d) and "
                    "try again",
                    store, holder, holder);
        else
            set_err(err, errsize, "the store %s is in use by another nats-server", store);
    } else {
        set_err(err, errsize, "cannot lock %s: %s", path, strerror(e));
    }
    close(fd);
    return -1;
}

static void record_pid(int lock_fd, pid_t pid)
{
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%d\n", (int)pid);
    if (ftruncate(lock_fd, 0) == 0 && pwrite(lock_fd, buf, (size_t)n, 0) != n) {
        /* Only the message of a second start loses the pid. */
    }
}

/* A log over LOG_KEEP is moved aside (one generation kept). */
static void rotate_log(const char *log)
{
    if (localnats_log_size(log) <= LOG_KEEP)
        return;
    char old[PATH_MAX + 48];
    snprintf(old, sizeof old, "%s.old", log);
    rename(log, old);
}

static LocalNatsLaunch launch(LocalNats *s, int lock_fd, char *err, size_t errsize)
{
    char port[16];
    snprintf(port, sizeof port, "%d", s->port);
    /* The configuration holds the users and their permissions; where it listens and its
     * store are given here. */
    char *argv[] = {s->exe,          "-c",    s->conf, "-a",  s->listen, "-p", port,
                    "--server_name", s->name, "-js",   "-sd", s->store,  NULL};
    FILE *f = fopen(s->log, "a");
    if (f) {
        fprintf(f, "---- tasca: starting nats-server on %s:%d\n", s->listen, s->port);
        fclose(f);
    }
    long from = localnats_log_size(s->log);
    s->pid = localnats_spawn(s->exe, argv, s->log, SIGTERM, lock_fd, err, errsize);
    if (s->pid < 0)
        return LOCALNATS_FAILED;
    record_pid(lock_fd, s->pid);
    return localnats_wait_ready_at(&s->pid, s->host, s->port, s->name, s->log, from, READY_MS, err,
                                   errsize);
}

LocalNats *localnats_start(const char *store_dir, char *err, size_t errsize)
{
    return localnats_start_with(store_dir, NULL, err, errsize);
}

LocalNats *localnats_start_with(const char *store_dir, const LocalNatsOptions *o, char *err,
                                size_t errsize)
{
    LocalNatsOptions none = {0};
    if (!o)
        o = &none;
    const char *listen = o->listen && *o->listen ? o->listen : "127.0.0.1";
    struct in_addr addr;
    if (!ipv4(listen, &addr) || strlen(listen) >= 48) {
        set_err(err, errsize, "'%s' is not an IPv4 address to listen on", listen);
        return NULL;
    }
    if (!store_dir || !*store_dir) {
        set_err(err, errsize, "no store directory for the server");
        return NULL;
    }
    LocalNats *s = calloc(1, sizeof *s);
    if (!s) {
        set_err(err, errsize, "out of memory");
        return NULL;
    }
    s->pid = -1;
    s->lock_fd = -1;
    snprintf(s->store, sizeof s->store, "%s", store_dir);
    snprintf(s->log, sizeof s->log, "%s/nats-server.log", s->store);
    snprintf(s->conf, sizeof s->conf, "%s/%s", s->store, BROKER_CONF);
    brokerconf_creds_path(s->store, BROKER_DEALER, s->creds[0], sizeof s->creds[0]);
    brokerconf_creds_path(s->store, BROKER_PLAYER, s->creds[1], sizeof s->creds[1]);
    snprintf(s->listen, sizeof s->listen, "%s", listen);
    snprintf(s->host, sizeof s->host, "%s",
             addr.s_addr == htonl(INADDR_ANY) ? "127.0.0.1" : listen);
    BrokerConfOptions bo = {.comment = "This computer's server (Tasca, Play online): users and "
                                       "permissions only; the game gives the rest"};
    if (!localnats_find_server(NULL, s->exe, sizeof s->exe, err, errsize) ||
        !make_dirs(s->store, err, errsize) ||
        (s->lock_fd = lock_store(s->store, err, errsize)) < 0) {
        free(s);
        return NULL;
    }
    /* Under the lock: one game writes it. Kept from then on (the passwords a friend was
     * given stay good). */
    if (!brokerconf_ensure(s->store, &bo, NULL, err, errsize)) {
        localnats_stop(s);
        return NULL;
    }
    rotate_log(s->log);
    LocalNatsLaunch r = LOCALNATS_FAILED;
    for (int tries = 0; tries < PORT_TRIES; tries++) {
        if (tries == 0 && o->port > 0 && o->port < 65536)
            s->port = o->port;
        else if (!free_ports_at(s->listen, &s->port, 1, err, errsize))
            break;
        snprintf(s->url, sizeof s->url, "nats://%s:%d", s->host, s->port);
        snprintf(s->name, sizeof s->name, "tasca-%d-%d", (int)getpid(), s->port);
        r = launch(s, s->lock_fd, err, errsize);
        if (r != LOCALNATS_PORT_BUSY)
            break;
        set_err(err, errsize, "the server did not start: no free port after %d tries", tries + 1);
    }
    if (r != LOCALNATS_READY) {
        localnats_stop(s);
        return NULL;
    }
    return s;
}

const char *localnats_url(const LocalNats *s)
{
    return s->url;
}

const char *localnats_listen(const LocalNats *s)
{
    return s->listen;
}

const char *localnats_creds(const LocalNats *s, bool dealer)
{
    return s->creds[dealer ? 0 : 1];
}

bool localnats_player_url(const LocalNats *s, const char *host, char *out, size_t size)
{
    return brokerconf_url(s->creds[1], host && *host ? host : s->host, s->port, out, size, NULL, 0);
}

/* 10/8, 172.16/12, 192.168/16 */
static bool private_range(uint32_t a)
{
    return (a >> 24) == 10 || (a >> 20) == ((172u << 4) | 1u) || (a >> 16) == ((192u << 8) | 168u);
}

bool localnats_lan_address(char *out, size_t size)
{
    struct ifaddrs *all = NULL;
    if (getifaddrs(&all) != 0)
        return false;
    bool found = false, found_private = false;
    for (struct ifaddrs *i = all; i && !found_private; i = i->ifa_next) {
        if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP) ||
            (i->ifa_flags & IFF_LOOPBACK))
            continue;
        const struct sockaddr_in *a = (const struct sockaddr_in *)(const void *)i->ifa_addr;
        uint32_t host = ntohl(a->sin_addr.s_addr);
        if ((host >> 24) == 127 || (host >> 16) == ((169u << 8) | 254u)) /* link-local */
            continue;
        bool priv = private_range(host);
        if (found && !priv)
            continue;
        char text[INET_ADDRSTRLEN];
        if (inet_ntop(AF_INET, &a->sin_addr, text, sizeof text) && strlen(text) < size) {
            snprintf(out, size, "%s", text);
            found = true;
            found_private = priv;
        }
    }
    freeifaddrs(all);
    return found;
}

int localnats_port(const LocalNats *s)
{
    return s->port;
}

pid_t localnats_pid(const LocalNats *s)
{
    return s->pid;
}

const char *localnats_log(const LocalNats *s)
{
    return s->log;
}

bool localnats_alive(LocalNats *s)
{
    if (s->pid > 0 && waitpid(s->pid, NULL, WNOHANG) == s->pid)
        s->pid = -1;
    return s->pid > 0;
}

void localnats_stop(LocalNats *s)
{
    if (!s)
        return;
    localnats_end_child(s->pid, STOP_MS);
    /* Kept until the server has ended: where flock is emulated with per-process locks (NFS),
     * the server's copy would not hold it. */
    if (s->lock_fd >= 0)
        close(s->lock_fd);
    free(s);
}
