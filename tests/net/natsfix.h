/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Test fixture: real nats-server processes on loopback, started and stopped by the tests.
 *
 * Every server listens on 127.0.0.1 only (client port, and route port for cluster members);
 * no monitoring, leafnode or gateway port is opened. Ports are picked free by the kernel
 * (bind to port 0), and each server gets its own JetStream store under $TMPDIR.
 *
 * Children get a parent-death signal (Linux: PR_SET_PDEATHSIG, SIGKILL) so a test that
 * crashes does not leave servers behind. Note that the signal follows the *thread* that
 * started the child: start servers from the test's main thread. */
#ifndef TASCA_TEST_NATSFIX_H
#define TASCA_TEST_NATSFIX_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "timescale.h" /* TASCA_TEST_TIME_SCALE: test_ms, test_deadline, ... */

typedef struct NatsServer NatsServer;
typedef struct NatsCluster NatsCluster;

/* All fields optional: a zeroed struct (or NULL) gives the defaults. */
typedef struct NatsFixOptions {
    const char *store_dir;   /* JetStream store; NULL: a fresh mkdtemp dir under $TMPDIR */
    bool keep_store;         /* natsfix_stop leaves the store (a given store_dir is always kept) */
    bool no_jetstream;       /* start without -js */
    const char *server_name; /* NULL: "natsfix-PORT" (cluster members: "nN") */
    const char *server_path; /* NULL: $TASCA_NATS_SERVER, then PATH, /usr/sbin, /usr/local/sbin */
    int ready_timeout_ms;    /* how long to wait for readiness; 0: 30000 (both scaled) */
    /* A nats-server configuration file to start with (-c; the command line's address, port,
     * name and store still apply). */
    const char *config;
    /* Tasca's broker configuration (src/net/brokerconf.h): written into the store
     * (nats-server.conf, dealer.creds, player.creds) and started with; natsfix_creds and
     * natsfix_player_url give what the roles connect with. Overrides config. */
    bool locked;
} NatsFixOptions;

/* Starts one server and waits until it accepts clients. NULL on failure, with the reason
 * in err (e.g. "nats-server is not installed: install the nats-server package").
 * Finding the server, the free ports, the spawning and the readiness check are those of
 * the game's own server (src/net/localnats.h). */
NatsServer *natsfix_start(const NatsFixOptions *o, char *err, size_t errsize);

const char *natsfix_url(const NatsServer *s); /* "nats://127.0.0.1:PORT" */
/* A locked server's credentials file of the dealer or the players (NULL when not locked),
 * and the players' URL with their user and password ("nats://player:PASSWORD@127.0.0.1:PORT";
 * the plain URL when not locked). */
const char *natsfix_creds(const NatsServer *s, bool dealer);
const char *natsfix_player_url(const NatsServer *s);
int natsfix_port(const NatsServer *s);
int natsfix_cluster_port(const NatsServer *s); /* route port; 0 if not a member */
pid_t natsfix_pid(const NatsServer *s);        /* -1 while killed */
const char *natsfix_store(const NatsServer *s);
const char *natsfix_log(const NatsServer *s); /* the server's stdout+stderr */
/* The server's current INFO greeting (the JSON object) read over a fresh TCP connection. */
bool natsfix_info(const NatsServer *s, char *buf, size_t size);

/* SIGKILL and reap (a crash). The store and port are kept for natsfix_restart. */
void natsfix_kill(NatsServer *s);
/* Starts the server again with the same arguments (port, store, cluster) and waits until it
 * accepts clients. Kills it first if it is running. false on failure (reason in err). */
bool natsfix_restart(NatsServer *s, char *err, size_t errsize);
/* SIGTERM, wait (SIGKILL after a few seconds), remove the temporary store unless kept, free.
 * NULL is ignored. */
void natsfix_stop(NatsServer *s);

/* n servers (n >= 2; 3 for a JetStream quorum that survives one loss) joined by routes, each
 * naming the other n-1 route ports, each with its own store and server name "n1".."nN",
 * cluster name "tasca-test". o applies to every member (server_name and store_dir are
 * ignored: each member has its own).
 *
 * Ready means: every member's INFO lists all n client URLs (full route mesh), and, with
 * JetStream, member 1 answers $JS.API.INFO (a meta leader exists) and a probe stream with n
 * replicas can be created and deleted through it (the leader knows every peer). Uses libnats
 * for that; the caller's nats_Close at exit frees libnats' globals. */
NatsCluster *natsfix_cluster_start(int n, const NatsFixOptions *o, char *err, size_t errsize);
int natsfix_cluster_size(const NatsCluster *c);
NatsServer *natsfix_cluster_node(NatsCluster *c, int i); /* 0-based */
/* All members' client URLs, comma-separated (for natsConnection_ConnectTo). */
const char *natsfix_cluster_urls(const NatsCluster *c);
/* Stops every member and frees. NULL is ignored. */
void natsfix_cluster_stop(NatsCluster *c);

/* Removes dir and everything below it (not following links). */
void natsfix_remove_tree(const char *dir);

/* Whether pid's listening TCP sockets are exactly `ports`, each on 127.0.0.1 (no other
 * address, no IPv6, no other port): 1 yes, 0 no (the reason in why), -1 unknown (no /proc). */
int natsfix_listens_only(pid_t pid, const int *ports, int nports, char *why, size_t size);
/* The same for another IPv4 address (dotted quad, e.g. "127.0.0.2"). */
int natsfix_listens_only_at(pid_t pid, const char *host, const int *ports, int nports, char *why,
                            size_t size);

/* Generic child processes (e.g. `tasca serve`, to be killed with -9).
 *
 * natsfix_spawn: argv[0] is looked up in PATH unless it has a '/'; stdout and stderr go to
 * logpath (appended; NULL: /dev/null); stdin is /dev/null; the child gets the parent-death
 * guard. Returns the pid, or -1 with the reason in err. */
pid_t natsfix_spawn(char *const argv[], const char *logpath, char *err, size_t errsize);
/* kill(pid, sig); false when the process is already gone. */
bool natsfix_child_kill(pid_t pid, int sig);
/* Waits up to timeout_ms (negative: forever) for the child to end and reaps it. true when
 * it ended (its wait status in *status when not NULL), false on timeout or error. */
bool natsfix_child_wait(pid_t pid, int timeout_ms, int *status);

/* How long a test waits for an answer that should come at once (a dealer's or a server's
 * answer to a request, the lobby's news of a table): 30 s times TASCA_TEST_TIME_SCALE. Only
 * a failure waits that long, so it is generous; a busy machine must not turn it red. */
int natsfix_answer_ms(void);

/* For the cmocka suites: fails the test with the call and libnats' text unless it gives
 * NATS_OK (expands to cmocka's fail_msg, so include cmocka.h first). */
#define NATS_CHECK(call)                                                                           \
    do {                                                                                           \
        natsStatus st_ = (call);                                                                   \
        if (st_ != NATS_OK)                                                                        \
            fail_msg("%s: %s", #call, natsStatus_GetText(st_));                                    \
    } while (0)

#endif
