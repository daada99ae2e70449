/* SPDX-License-Identifier: GPL-3.0-or-later */
/* "This computer": a private nats-server with JetStream, run as a child of the game, for
 * networked tables without a server elsewhere (the window adds an in-process dealer on it).
 *
 * The server runs with Tasca's broker configuration (brokerconf.h), written in the store on
 * the first start and kept: <store>/nats-server.conf, <store>/dealer.creds and
 * <store>/player.creds. Nobody connects without a role's password: the dealer's for the
 * dealer, the players' for the window's clients (and a friend's window), and each role may
 * use only its own subjects.
 *
 * It listens on 127.0.0.1 only unless told otherwise (LocalNatsOptions.listen: the local
 * network, for a friend on another computer), on a port the kernel picked free, with no
 * monitoring, leafnode or gateway port. Its JetStream store is <store>/jetstream and its log
 * <store>/nats-server.log (kept to about a megabyte: a larger one is moved to
 * nats-server.log.old at the next start).
 *
 * One server per store: a lock file (<store>/localnats.lock, holding the server's pid) is
 * held by the server process itself (and by the game until localnats_stop), so a second
 * start on the same store fails with a reason while the first server lives, also when that
 * server outlived a crashed game.
 * nats-server 2.9 does not lock its store, and two servers writing the same store would
 * spoil it.
 *
 * The child gets SIGTERM when the thread that started it ends (Linux PR_SET_PDEATHSIG):
 * start it from the main thread, or one that lives as long as the game; and stop it with
 * localnats_stop at exit. Pure C (POSIX), no libnats: readiness is the server's INFO
 * greeting read over TCP. */
#ifndef TASCA_NET_LOCALNATS_H
#define TASCA_NET_LOCALNATS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef struct LocalNats LocalNats;

/* Creates store_dir (mode 0700, parents too) if missing, starts the server on it and waits
 * until it accepts clients (10 s at most). NULL and a one-line reason otherwise, e.g.
 * "nats-server is not installed: install the nats-server package", "the store ... is in
 * use by another nats-server (pid N) ...", "the server did not start: <its log's last
 * line>". The server is looked up in $TASCA_NATS_SERVER, then PATH, /usr/sbin,
 * /usr/local/sbin. */
LocalNats *localnats_start(const char *store_dir, char *err, size_t errsize);

/* Where it listens. A zeroed struct (or NULL) is localnats_start's: 127.0.0.1, a free port. */
typedef struct {
    /* NULL or "": 127.0.0.1, this machine only. LOCALNATS_ALL ("0.0.0.0"): every address
     * of the machine (the local network: a friend on another computer). Else one IPv4
     * address of the machine (tests: another loopback address such as 127.0.0.2). */
    const char *listen;
    /* > 0: this port is tried first (the last one used, so an invitation given out stays
     * good after a restart); taken, a free one is picked as usual. */
    int port;
} LocalNatsOptions;
#define LOCALNATS_ALL "0.0.0.0"
LocalNats *localnats_start_with(const char *store_dir, const LocalNatsOptions *o, char *err,
                                size_t errsize);
/* "nats://HOST:PORT" with no credentials: HOST 127.0.0.1, or the one address listened on. */
const char *localnats_url(const LocalNats *s);
/* The address it listens on ("127.0.0.1", "0.0.0.0" or the one given). */
const char *localnats_listen(const LocalNats *s);
int localnats_port(const LocalNats *s);
/* The credentials file of a role (<store>/dealer.creds, <store>/player.creds), for
 * net_connect; and the players' URL at `host` (NULL: the url's host) with their user and
 * password in it ("nats://player:PASSWORD@HOST:PORT"), what a second window or a friend
 * types as their server. false when it does not fit or cannot be read. */
const char *localnats_creds(const LocalNats *s, bool dealer);
bool localnats_player_url(const LocalNats *s, const char *host, char *out, size_t size);
/* The machine's address on its local network, for an invitation: the first IPv4 address
 * of an interface that is up and not loopback, private ranges (10/8, 172.16/12,
 * 192.168/16) first. Nothing is sent anywhere. false when there is none. */
bool localnats_lan_address(char *out, size_t size);
pid_t localnats_pid(const LocalNats *s); /* -1 once it is found dead */
const char *localnats_log(const LocalNats *s);
/* Whether the server still runs (reaps it when it ended). One that ended is still to be
 * given to localnats_stop, which lets go of the store, before starting another. */
bool localnats_alive(LocalNats *s);
/* SIGTERM, up to 3 s to end, then SIGKILL; reaps and frees. NULL is ignored. */
void localnats_stop(LocalNats *s);

/* ---- The pieces it is made of, shared with the tests' fixture (tests/net/natsfix.c) ---- */

/* Where nats-server is looked for after PATH. */
#define LOCALNATS_SBIN "/usr/sbin:/usr/local/sbin:/sbin"

/* Finds an executable: name itself when it has a '/', else in PATH then in extra
 * (colon-separated, may be NULL). */
bool localnats_which(const char *name, const char *extra, char *out, size_t size);
/* The nats-server to run: path when not NULL, else $TASCA_NATS_SERVER when set, else
 * "nats-server" in PATH and LOCALNATS_SBIN. false and a reason naming the package when
 * there is none. */
bool localnats_find_server(const char *path, char *out, size_t size, char *err,
                           size_t errsize);
/* n distinct loopback ports free at this moment (bound together on 127.0.0.1:0, then
 * released: someone may still take one before the server binds it). */
bool localnats_free_ports(int *ports, int n, char *err, size_t errsize);

/* Runs exe (an absolute path) with argv; stdin is /dev/null, stdout and stderr go to
 * logpath (appended; NULL: /dev/null). Every other descriptor is closed in the child except
 * keep_fd (>= 0), which the child has as descriptor 3. With deathsig > 0 the child gets that
 * signal when the calling thread ends (Linux). Signals start unblocked and SIGPIPE, SIGTERM
 * and SIGINT at their defaults. The pid, or -1 and a reason. */
pid_t localnats_spawn(const char *exe, char *const argv[], const char *logpath, int deathsig,
                      int keep_fd, char *err, size_t errsize);
/* Waits up to timeout_ms (negative: forever) for the child to end and reaps it; true when it
 * ended (its wait status in *status when not NULL). */
bool localnats_wait_child(pid_t pid, int timeout_ms, int *status);
/* SIGTERM, up to grace_ms to end, then SIGKILL; reaps it. */
void localnats_end_child(pid_t pid, int grace_ms);

/* Connects to 127.0.0.1:port and reads the NATS greeting: the JSON object after "INFO ".
 * false when nothing answers there (yet) or the greeting is not NATS. */
bool localnats_info(int port, char *buf, size_t size);
/* The same at an IPv4 address ("0.0.0.0": 127.0.0.1). */
bool localnats_info_at(const char *host, int port, char *buf, size_t size);
/* The last non-empty line the log has after byte offset `from`, without nats-server's
 * "[pid] date time " prefix; "" when there is none. */
void localnats_log_last(const char *path, long from, char *out, size_t size);
/* The log's size now (0 when it does not exist): the `from` of the next start. */
long localnats_log_size(const char *path);

typedef enum { LOCALNATS_READY, LOCALNATS_PORT_BUSY, LOCALNATS_FAILED } LocalNatsLaunch;
/* Waits until the server *pid, started with --server_name name, greets on port. When it ends
 * first it is reaped (*pid = -1): PORT_BUSY when its log (after log_from) says the port was
 * taken, worth another try on another port, else FAILED and "the server did not start: <its
 * log's last line>". After timeout_ms it is killed and reaped: FAILED. */
LocalNatsLaunch localnats_wait_ready(pid_t *pid, int port, const char *name, const char *log,
                                     long log_from, int timeout_ms, char *err, size_t errsize);
/* The same for a server listening on an IPv4 address other than 127.0.0.1. */
LocalNatsLaunch localnats_wait_ready_at(pid_t *pid, const char *host, int port, const char *name,
                                        const char *log, long log_from, int timeout_ms, char *err,
                                        size_t errsize);

#endif
