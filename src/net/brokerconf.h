/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The broker's configuration: a nats-server configuration file for Tasca's two roles, with
 * nats-server's own authorization (users, passwords, permissions). Tasca authenticates
 * nobody itself: the server refuses a client without a role's password, and refuses each
 * role every subject the role does not need (see docs/network.md, "The broker's
 * configuration").
 *
 *   dealer  hosts tables (dealer.c): publishes and subscribes on tasca.>, replies on
 *           _INBOX.>, uses JetStream ($JS.API.>) and writes the leases ($KV.TASCA_LEASE.>).
 *   player  a window or a bot seat (client.c): publishes only its requests and seat
 *           messages, subscribes only to its inbox, the lobby and the views (which are
 *           sealed to their seats); no JetStream, no record, no lease, no dealers' queue.
 *
 * A folder written here holds:
 *   nats-server.conf  the users, each password as a bcrypt hash (libcrypt's "$2b$"), and
 *                     their permissions; optionally listen address and JetStream store
 *   dealer.creds      the dealer's user and password (for `tasca serve --creds`)
 *   player.creds      the players' user and password (for the window's "Credentials file")
 * every file mode 0600. Passwords are 32 letters and digits drawn with libsodium's
 * randombytes (about 190 bits). Players are given player.creds (or a URL holding its
 * password), never dealer.creds.
 *
 * net_connect takes either file as its credentials (a NATS JWT .creds file still works).
 * Pure C (libsodium, libcrypt), no SDL, no libnats. */
#ifndef TASCA_NET_BROKERCONF_H
#define TASCA_NET_BROKERCONF_H

#include <stdbool.h>
#include <stddef.h>

#define BROKER_CONF "nats-server.conf"
#define BROKER_DEALER_CREDS "dealer.creds"
#define BROKER_PLAYER_CREDS "player.creds"
#define BROKER_DEALER_USER "dealer"
#define BROKER_PLAYER_USER "player"
#define BROKER_PASSWORD_LEN 32
/* bcrypt's cost: nats-server pays it at every connection. The passwords are random (about
 * 190 bits), so the hash is not what keeps them from being guessed; it keeps a reader of
 * the configuration from logging in with it. */
#define BROKER_BCRYPT_COST 10
/* Written at the top of the configuration: a configuration without it (or of another
 * version) is written again, with the same passwords. */
#define BROKER_CONF_VERSION 1

typedef enum { BROKER_DEALER, BROKER_PLAYER } BrokerRole;

/* The subjects of each role's permissions, NULL-terminated (also for tests and docs). */
extern const char *const broker_dealer_publish[];
extern const char *const broker_dealer_subscribe[];
extern const char *const broker_player_publish[];
extern const char *const broker_player_subscribe[];

typedef struct {
    /* "listen" in the file, e.g. "0.0.0.0:4222" (NULL: none; the command line's -a and -p
     * give it, as this computer's server does). */
    const char *listen;
    /* A jetstream block with this store (NULL: none; the command line's -js -sd). */
    const char *store_dir;
    const char *server_name; /* NULL: none */
    const char *comment;     /* a line at the top saying what the server is for (NULL: none) */
} BrokerConfOptions;

/* Writes dir/nats-server.conf, dir/dealer.creds and dir/player.creds (0600; dir is made
 * 0700 when missing) with new passwords, replacing what was there. false and a reason. */
bool brokerconf_write(const char *dir, const BrokerConfOptions *o, char *err, size_t errsize);
/* The same, keeping what is there: when the three files exist and the configuration is of
 * this version nothing is written; else the configuration is written again, with the
 * passwords of the credentials files that can be read (new ones for the others). *made:
 * whether anything was written. */
bool brokerconf_ensure(const char *dir, const BrokerConfOptions *o, bool *made, char *err,
                       size_t errsize);

/* dir/<role>.creds */
void brokerconf_creds_path(const char *dir, BrokerRole role, char *out, size_t size);
/* Reads a credentials file written here: 1 and its user and password; 0 when the file is
 * not of this kind (a NATS JWT .creds file: "-----BEGIN NATS USER JWT-----"); -1 and a
 * reason when it cannot be read. */
int brokerconf_read_creds(const char *path, char *user, size_t usize, char *pass, size_t psize,
                          char *err, size_t errsize);
/* "nats://USER:PASSWORD@host:port" from a credentials file (an IPv6 host is bracketed).
 * false and a reason. */
bool brokerconf_url(const char *creds_path, const char *host, int port, char *out, size_t size,
                    char *err, size_t errsize);
/* A password as written here (letters and digits), from libsodium's randombytes; out has
 * room for BROKER_PASSWORD_LEN + 1. */
void brokerconf_password(char *out);
/* The bcrypt hash nats-server checks a password against ("$2b$10$..."). false when libcrypt
 * cannot make one. out: at least 128 bytes. */
bool brokerconf_hash(const char *password, char *out, size_t size);

#endif
