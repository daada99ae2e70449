/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca serve: a dealer for networked tables, until interrupted. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../net/net.h"
#include "cli.h"

static void usage(void)
{
    printf("Usage: tasca serve --nats URL [--creds FILE] [--store DIR] [--max-tables N]\n"
           "                   [--replicas N] [--linger S] [--verbose]\n"
           "Hosts networked tables on a NATS server (with JetStream) until interrupted.\n"
           "  --nats        the NATS server, e.g. nats://127.0.0.1:4222 (several, comma-\n"
           "                separated, for a cluster)\n"
           "  --creds       a NATS credentials file, if the server asks for one\n"
           "  --store DIR   where the dealer's keys are kept (dealer.keys; default: the\n"
           "                user's data folder). Dealers that share tables share this file\n"
           "  --max-tables  refuse new tables beyond N (default: no limit)\n"
           "  --replicas    copies of the tables' record in a cluster (default 1)\n"
           "  --linger S    close a finished table S seconds after its end (default 600)\n"
           "  --verbose     a line per table event\n"
           "Tables are recorded in the JetStream stream %s: a dealer started again resumes\n"
           "every table where it was. Several dealers may share a deployment: each table is\n"
           "leased to one of them (bucket %s, %d s), and a dead dealer's tables are taken\n"
           "over once their leases expire.\n",
           NET_STREAM, NET_LEASE_BUCKET, NET_LEASE_TTL_MS / 1000);
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

int cli_serve(int argc, char **argv)
{
    const char *cmd = "serve", *v;
    DealerConfig cfg = {.replicas = 1, .bot_threads = 2, .linger_seconds = 600};
    char store[1024] = "";
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
        } else if (strcmp(a, "--max-tables") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 1, 1000000, &cfg.max_tables))
                return 2;
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
