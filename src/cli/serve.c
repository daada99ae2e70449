/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca serve: a dealer for networked tables, until interrupted; or a club server's folder
 * (--write-server). */
#define _DEFAULT_SOURCE /* realpath */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../net/brokerconf.h"
#include "../net/localnats.h"
#include "../net/net.h"
#include "cli.h"

static void usage(void)
{
    printf("Usage: tasca serve --nats URL [--creds FILE] [--store DIR] [--replicas N]\n"
           "                   [--linger S] [LIMITS] [--verbose]\n"
           "       tasca serve --write-server DIR [--listen ADDRESS:PORT]\n"
           "Hosts networked tables on a NATS server (with JetStream) until interrupted.\n"
           "  --nats        the NATS server, e.g. nats://127.0.0.1:4222 (several, comma-\n"
           "                separated, for a cluster)\n"
           "  --creds       the server's credentials for the dealer: the dealer.creds of\n"
           "                --write-server, or a NATS credentials (.creds) file\n"
           "  --store DIR   where the dealer's keys are kept (dealer.keys; default: the\n"
           "                user's data folder). Dealers that share tables share this file\n"
           "  --replicas    copies of the tables' record in a cluster (default 1)\n"
           "  --linger S    close a finished table S seconds after its end (default 600)\n"
           "  --verbose     a line per table event\n"
           "Limits (each on by default; 0 turns one off):\n"
           "  --max-tables N          tables this dealer hosts (default %d)\n"
           "  --client-tables N       open tables one player (its key) may have made (%d)\n"
           "  --creates-per-minute N  new tables one player may ask for in a minute (%d)\n"
           "  --idle S                close an unfinished table with no player connected\n"
           "                          for S seconds (default %d)\n"
           "  --bot-games N           games a table of bots only plays, then it stops (%d)\n"
           "  --renames-per-minute N  changes of a seat's name in a minute (%d)\n"
           "  --lobby-max N           tables in one answer to a lobby list (%d)\n"
           "  --write-server DIR  writes a club server's folder and stops: nats-server.conf\n"
           "                (the dealer and player users and their permissions), dealer.creds,\n"
           "                player.creds, systemd units and a README with the two commands\n"
           "  --listen      where that server listens (default 0.0.0.0:4222: every address)\n"
           "Tables are recorded in the JetStream stream %s: a dealer started again resumes\n"
           "every table where it was. Several dealers may share a deployment: each table is\n"
           "leased to one of them (bucket %s, %d s), and a dead dealer's tables are taken\n"
           "over once their leases expire.\n",
           NET_LIMIT_MAX_TABLES, NET_LIMIT_CLIENT_TABLES, NET_LIMIT_CREATES, NET_LIMIT_IDLE_S,
           NET_LIMIT_BOT_GAMES, NET_LIMIT_RENAMES, NET_LIMIT_LOBBY, NET_STREAM,
           NET_LEASE_BUCKET, NET_LEASE_TTL_MS / 1000);
}

/* $XDG_DATA_HOME/tasca/dealer, or ~/.local/share/tasca/dealer, made if missing. */
static bool default_store(char *out, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char base[900];
    if (xdg && *xdg)
        snprintf(base, sizeof base, "%s", xdg);
    else if (home && *home)
        snprintf(base, sizeof base, "%s/.local/share", home);
    else
        return false;
    char dir[1000];
    snprintf(dir, sizeof dir, "%s/tasca", base);
    mkdir(base, 0755);
    mkdir(dir, 0755);
    snprintf(out, size, "%s/dealer", dir);
    return mkdir(out, 0700) == 0 || errno == EEXIST;
}

/* ---- tasca serve --write-server DIR ---- */

static bool write_text(const char *dir, const char *name, const char *text, mode_t mode)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    bool ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0)
        ok = false;
    if (ok)
        chmod(path, mode);
    else
        fprintf(stderr, "tasca serve: cannot write %s: %s\n", path, strerror(errno));
    return ok;
}

/* "0.0.0.0:4222" -> host "0.0.0.0", port 4222; a bare port is on every address. */
static bool parse_listen(const char *text, char *host, size_t size, int *port)
{
    const char *colon = strrchr(text, ':');
    const char *p = colon ? colon + 1 : text;
    char *end = NULL;
    long v = strtol(p, &end, 10);
    if (!*p || *end || v < 1 || v > 65535)
        return false;
    *port = (int)v;
    size_t n = colon ? (size_t)(colon - text) : 0;
    if (n >= size || strpbrk(text, " \t\"\\$"))
        return false;
    if (n == 0)
        snprintf(host, size, "0.0.0.0");
    else
        snprintf(host, size, "%.*s", (int)n, text);
    return true;
}

static int write_server(const char *dir_arg, const char *listen_arg)
{
    char host[128];
    int port = 4222;
    if (!parse_listen(listen_arg ? listen_arg : "0.0.0.0:4222", host, sizeof host, &port)) {
        fprintf(stderr, "tasca serve: --listen wants ADDRESS:PORT, e.g. 0.0.0.0:4222\n");
        return 2;
    }
    if (mkdir(dir_arg, 0700) != 0 && errno != EEXIST) {
        fprintf(stderr, "tasca serve: cannot make %s: %s\n", dir_arg, strerror(errno));
        return 1;
    }
    char dir[PATH_MAX];
    if (!realpath(dir_arg, dir)) {
        fprintf(stderr, "tasca serve: %s: %s\n", dir_arg, strerror(errno));
        return 1;
    }
    if (strpbrk(dir, " \t\n\"\\$%")) {
        fprintf(stderr,
                "tasca serve: %s: choose a folder whose path has no spaces, quotes, "
                "'$' or '%%' (it goes into the configuration and the units)\n",
                dir);
        return 1;
    }
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, BROKER_CONF);
    struct stat st;
    if (stat(path, &st) == 0) {
        fprintf(stderr,
                "tasca serve: %s already holds a server (%s): its passwords would change under "
                "its players; remove it or choose another folder\n",
                dir, BROKER_CONF);
        return 1;
    }
    chmod(dir, 0700);
    char listen[160], store[PATH_MAX + 32], dstore[PATH_MAX + 32], err[512];
    snprintf(listen, sizeof listen, "%s:%d", host, port);
    snprintf(store, sizeof store, "%s/jetstream", dir);
    snprintf(dstore, sizeof dstore, "%s/dealer", dir);
    BrokerConfOptions bo = {.listen = listen,
                            .store_dir = store,
                            .server_name = "tasca",
                            .comment = "A Tasca club server (tasca serve --write-server): "
                                       "nats-server -c this file"};
    if (!brokerconf_write(dir, &bo, err, sizeof err)) {
        fprintf(stderr, "tasca serve: %s\n", err);
        return 1;
    }
    if (mkdir(dstore, 0700) != 0 && errno != EEXIST) {
        fprintf(stderr, "tasca serve: cannot make %s: %s\n", dstore, strerror(errno));
        return 1;
    }
    /* What the units run: this tasca, the nats-server found here, as this user. */
    char tasca[PATH_MAX] = "/usr/bin/tasca", nats[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", tasca, sizeof tasca - 1);
    if (n > 0)
        tasca[n] = '\0';
    else
        snprintf(tasca, sizeof tasca, "/usr/bin/tasca");
    if (!localnats_find_server(NULL, nats, sizeof nats, NULL, 0))
        snprintf(nats, sizeof nats, "/usr/sbin/nats-server");
    struct passwd *pw = getpwuid(getuid());
    const char *user = pw && pw->pw_name ? pw->pw_name : "root";
    /* the dealer reaches its server on this machine: its password never crosses a network */
    const char *near = strcmp(host, "0.0.0.0") == 0 ? "127.0.0.1" : host;
    char url[256];
    snprintf(url, sizeof url, "nats://%s:%d", near, port);

    static char text[3 * PATH_MAX + 8192];
    int len;
    len = snprintf(text, sizeof text,
                   "# Tasca club server: the NATS server (JetStream) with Tasca's users and\n"
                   "# permissions. Written by `tasca serve --write-server`.\n"
                   "[Unit]\n"
                   "Description=NATS server for Tasca's networked tables\n"
                   "Wants=network-online.target\n"
                   "After=network-online.target\n\n"
                   "[Service]\n"
                   "User=%s\n"
                   "ExecStart=%s -c %s/%s\n"
                   "Restart=on-failure\n"
                   "NoNewPrivileges=yes\n"
                   "\n"
                   "[Install]\n"
                   "WantedBy=multi-user.target\n",
                   user, nats, dir, BROKER_CONF);
    if (len < 0 || (size_t)len >= sizeof text || !write_text(dir, "tasca-nats.service", text, 0644))
        return 1;
    len = snprintf(text, sizeof text,
                   "# Tasca club server: the dealer, on the NATS server of tasca-nats.service.\n"
                   "# Written by `tasca serve --write-server`.\n"
                   "[Unit]\n"
                   "Description=Tasca dealer for networked tables\n"
                   "Requires=tasca-nats.service\n"
                   "After=tasca-nats.service\n\n"
                   "[Service]\n"
                   "User=%s\n"
                   "ExecStart=%s serve --nats %s --creds %s/%s --store %s\n"
                   "Restart=on-failure\n"
                   "RestartSec=2\n"
                   "NoNewPrivileges=yes\n"
                   "\n"
                   "[Install]\n"
                   "WantedBy=multi-user.target\n",
                   user, tasca, url, dir, BROKER_DEALER_CREDS, dstore);
    if (len < 0 || (size_t)len >= sizeof text ||
        !write_text(dir, "tasca-serve.service", text, 0644))
        return 1;
    len = snprintf(
        text, sizeof text,
        "Tasca club server\n"
        "=================\n\n"
        "Written by `tasca serve --write-server %s`. This folder holds:\n\n"
        "  nats-server.conf     the NATS server: listens on %s, keeps the tables'\n"
        "                       records in jetstream/, and lets in two users only:\n"
        "                       \"dealer\" and \"player\", each with the subjects it may\n"
        "                       use (passwords as bcrypt hashes)\n"
        "  dealer.creds         the dealer's password. Keep it here: never give it to\n"
        "                       anyone (it can rewrite or delete every table)\n"
        "  player.creds         the players' password: give it to the people who play\n"
        "                       here (it lets them create, list and join tables, and\n"
        "                       nothing else)\n"
        "  dealer/              the dealer's keys (dealer.keys, made at its first start):\n"
        "                       back it up; players trust this key\n"
        "  tasca-nats.service, tasca-serve.service   the two commands as systemd units\n\n"
        "Run it: two commands, each in a terminal of its own\n"
        "----------------------------------------------------\n\n"
        "  %s -c %s/%s\n"
        "  %s serve --nats %s --creds %s/%s --store %s\n\n"
        "`tasca serve` prints its dealer key (\"dealer key 3F2A-9C1B-...\"): tell your\n"
        "players, so they can compare it with the one their window shows.\n\n"
        "Or as services (they start at boot, and again after a crash):\n\n"
        "  sudo cp %s/tasca-nats.service %s/tasca-serve.service /etc/systemd/system/\n"
        "  sudo systemctl daemon-reload\n"
        "  sudo systemctl enable --now tasca-nats tasca-serve\n\n"
        "They run as the user %s, who wrote this folder (its files are readable by that\n"
        "user only). Logs: journalctl -u tasca-nats -u tasca-serve.\n\n"
        "Players\n"
        "-------\n\n"
        "In Tasca: Menu > Play online > Play on: A server. Server address:\n\n"
        "  nats://player:PASSWORD@THIS-MACHINE:%d\n\n"
        "with the password of player.creds and this machine's name or address; or the\n"
        "address nats://THIS-MACHINE:%d and player.creds as the credentials file.\n\n"
        "What it protects\n"
        "----------------\n\n"
        "With this configuration a player cannot write or purge a table's record, write\n"
        "its lease, use JetStream, stand in the dealers' queue or hear other players'\n"
        "joins: the server refuses it. Cards are sealed to their seats in any case.\n"
        "The connection is not encrypted (no TLS): on an untrusted network the players'\n"
        "password and the lobby can be read off the wire. For a server on the internet,\n"
        "add a tls block to nats-server.conf (see nats-server's documentation). See\n"
        "Tasca's docs/network.md for the whole threat model.\n",
        dir, listen, nats, dir, BROKER_CONF, tasca, url, dir, BROKER_DEALER_CREDS, dstore, dir, dir,
        user, port, port);
    if (len < 0 || (size_t)len >= sizeof text || !write_text(dir, "README", text, 0644))
        return 1;
    printf("tasca serve: wrote a club server in %s (README says how to run it)\n", dir);
    printf("  %s -c %s/%s\n", nats, dir, BROKER_CONF);
    printf("  %s serve --nats %s --creds %s/%s --store %s\n", tasca, url, dir, BROKER_DEALER_CREDS,
           dstore);
    printf("players: nats://player:PASSWORD@THIS-MACHINE:%d, PASSWORD in %s/%s\n", port, dir,
           BROKER_PLAYER_CREDS);
    return 0;
}

/* The limit a command-line option sets (limits.h), NULL if it is none. */
static int *limit_of(NetLimits *l, const char *opt)
{
    const struct {
        const char *name;
        size_t off;
    } opts[] = {
        {"--max-tables", offsetof(NetLimits, max_tables)},
        {"--client-tables", offsetof(NetLimits, client_tables)},
        {"--creates-per-minute", offsetof(NetLimits, creates_per_minute)},
        {"--idle", offsetof(NetLimits, idle_seconds)},
        {"--bot-games", offsetof(NetLimits, bot_games)},
        {"--renames-per-minute", offsetof(NetLimits, renames_per_minute)},
        {"--lobby-max", offsetof(NetLimits, lobby_entries)},
    };
    for (size_t i = 0; i < sizeof opts / sizeof *opts; i++)
        if (strcmp(opt, opts[i].name) == 0)
            return (int *)((char *)l + opts[i].off);
    return NULL;
}

int cli_serve(int argc, char **argv)
{
    const char *cmd = "serve", *v;
    DealerConfig cfg = {.replicas = 1, .bot_threads = 2, .linger_seconds = 600};
    char store[1024] = "";
    const char *write_dir = NULL, *listen = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        } else if (strcmp(a, "--verbose") == 0) {
            cfg.verbose = true;
        } else if (strcmp(a, "--nats") == 0 || strcmp(a, "--creds") == 0 ||
                   strcmp(a, "--store") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return 2;
            if (a[2] == 'n')
                cfg.url = v;
            else if (a[2] == 'c')
                cfg.creds = v;
            else
                snprintf(store, sizeof store, "%s", v);
        } else if (strcmp(a, "--write-server") == 0 || strcmp(a, "--listen") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return 2;
            if (a[2] == 'w')
                write_dir = v;
            else
                listen = v;
        } else if (limit_of(&cfg.limits, a)) {
            int *field = limit_of(&cfg.limits, a);
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 0, 10000000, field))
                return 2;
            if (*field == 0)
                *field = -1; /* 0 on the command line: no limit (in NetLimits: the default) */
        } else if (strcmp(a, "--linger") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 0, 86400 * 7, &cfg.linger_seconds))
                return 2;
        } else if (strcmp(a, "--replicas") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 1, 5, &cfg.replicas))
                return 2;
        } else {
            fprintf(stderr, "tasca serve: unknown argument '%s' (see 'tasca serve --help')\n", a);
            return 2;
        }
    }
    if (write_dir)
        return write_server(write_dir, listen);
    if (listen) {
        fprintf(stderr, "tasca serve: --listen goes with --write-server\n");
        return 2;
    }
    if (!cfg.url) {
        fprintf(stderr, "tasca serve: --nats URL is required (see 'tasca serve --help')\n");
        return 2;
    }
    if (!store[0] && !default_store(store, sizeof store)) {
        fprintf(stderr, "tasca serve: no folder for the dealer's keys: give --store DIR\n");
        return 2;
    }
    if (mkdir(store, 0700) != 0 && errno != EEXIST) {
        fprintf(stderr, "tasca serve: cannot make %s: %s\n", store, strerror(errno));
        return 1;
    }
    cfg.store = store;
    char err[NET_ERR];
    /* SIGINT and SIGTERM are blocked before the dealer's threads (and libnats') exist, so
     * every thread inherits the mask and this one takes them with sigwait. A handler with
     * pause() here lost the signal whenever the kernel gave it to another thread: the
     * dealer then never stopped (sim_nats_equivalence hung on it now and then). */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    Dealer *d = dealer_start(&cfg, err, sizeof err);
    if (!d) {
        fprintf(stderr, "tasca serve: %s\n", err);
        return 1;
    }
    printf("tasca serve: dealing on %s (%d tables resumed)\n", cfg.url, dealer_tables(d));
    uint8_t key[WIRE_KEY];
    char fp[SEAL_FINGERPRINT];
    dealer_sign_key(d, key);
    seal_fingerprint(key, fp);
    /* what players compare with the key their window shows for this server */
    printf("tasca serve: dealer key %s\n", fp);
    fflush(stdout);
    int sig = 0;
    while (sigwait(&stop, &sig) != 0)
        ;
    dealer_stop(d);
    printf("tasca serve: stopped\n");
    return 0;
}
