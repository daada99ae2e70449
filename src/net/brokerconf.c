/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The broker's configuration for Tasca's two roles (see brokerconf.h). */
#define _DEFAULT_SOURCE /* crypt.h's crypt_rn and crypt_gensalt_rn */

#include "brokerconf.h"

#include <crypt.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

/* What dealer.c uses: its requests' queue and the tables' subjects (tasca.>), answers to
 * every client's inbox, JetStream's API for the record stream TASCA_REC and the lease
 * bucket (stream info, consumers, last messages, purges, key-value gets and updates), and
 * the lease writes it publishes itself. Its consumers acknowledge nothing ($JS.ACK is not
 * needed). Found by running the dealer's tests (shared, takeover, lease_lost, fence,
 * rec_junk, junk_subjects, lease_stranger, standin, nats_kill) against this configuration:
 * the server logs each refusal, and there was none. */
const char *const broker_dealer_publish[] = {"tasca.>", "_INBOX.>", "$JS.API.>",
                                             "$KV.TASCA_LEASE.>", NULL};
const char *const broker_dealer_subscribe[] = {"tasca.>", "_INBOX.>", NULL};
/* What client.c sends: the dealers' keys, a new table, the lobby list, a seat's join,
 * actions and beats; and what it hears: answers in its inbox, lobby news, views (each
 * sealed to its seat). Not the joins of others (so no join copied off the wire), not the
 * dealers' queue (no rogue dealer), no record, no lease, no JetStream. */
const char *const broker_player_publish[] = {"tasca.dealers.keys",
                                             "tasca.dealers.create",
                                             "tasca.lobby.list",
                                             "tasca.t.*.join",
                                             "tasca.t.*.act",
                                             "tasca.t.*.here",
                                             NULL};
const char *const broker_player_subscribe[] = {"_INBOX.>", "tasca.lobby.>", "tasca.t.*.v.*", NULL};

static void set_err(char *err, size_t errsize, const char *fmt, ...)
{
    if (!err || errsize == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errsize, fmt, ap);
    va_end(ap);
}

void brokerconf_password(char *out)
{
    static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    if (sodium_init() < 0)
        abort(); /* no randomness: nothing safe to write */
    for (int i = 0; i < BROKER_PASSWORD_LEN; i++)
        out[i] = abc[randombytes_uniform((uint32_t)(sizeof abc - 1))];
    out[BROKER_PASSWORD_LEN] = '\0';
}

bool brokerconf_hash(const char *password, char *out, size_t size)
{
    if (sodium_init() < 0)
        return false;
    unsigned char salt[16];
    randombytes_buf(salt, sizeof salt);
    char setting[CRYPT_GENSALT_OUTPUT_SIZE];
    if (!crypt_gensalt_rn("$2b$", BROKER_BCRYPT_COST, (const char *)salt, sizeof salt, setting,
                          sizeof setting))
        return false;
    struct crypt_data *data = calloc(1, sizeof *data);
    if (!data)
        return false;
    const char *h = crypt_rn(password, setting, data, (int)sizeof *data);
    /* libcrypt fails with NULL or a string starting with '*' */
    bool ok = h && h[0] == '$' && strncmp(h, "$2b$", 4) == 0 && strlen(h) < size;
    if (ok)
        snprintf(out, size, "%s", h);
    sodium_memzero(data, sizeof *data);
    free(data);
    return ok;
}

void brokerconf_creds_path(const char *dir, BrokerRole role, char *out, size_t size)
{
    snprintf(out, size, "%s/%s", dir,
             role == BROKER_DEALER ? BROKER_DEALER_CREDS : BROKER_PLAYER_CREDS);
}

/* Written whole under a temporary name, then renamed over: 0600 from the start. */
static bool write_private(const char *path, const char *text, char *err, size_t errsize)
{
    char tmp[PATH_MAX + 16];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        set_err(err, errsize, "path too long: %s", path);
        return false;
    }
    unlink(tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) {
        set_err(err, errsize, "cannot write %s: %s", tmp, strerror(errno));
        return false;
    }
    size_t len = strlen(text), done = 0;
    bool ok = fchmod(fd, 0600) == 0;
    while (ok && done < len) {
        ssize_t w = write(fd, text + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        ok = w > 0;
        if (ok)
            done += (size_t)w;
    }
    ok = ok && fsync(fd) == 0;
    int e = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (ok && rename(tmp, path) != 0) {
        ok = false;
        e = errno;
    }
    if (!ok) {
        unlink(tmp);
        set_err(err, errsize, "cannot write %s: %s", path, strerror(e));
    }
    return ok;
}

/* A string the configuration can hold between double quotes as it is. */
static bool plain(const char *s)
{
    for (; s && *s; s++)
        if (*s == '"' || *s == '\\' || *s == '$' || (unsigned char)*s < 0x20)
            return false;
    return true;
}

typedef struct {
    char *p;
    size_t len, cap;
    bool failed;
} Buf;

static void put(Buf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = true;
            return;
        }
        if (b->p && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap * 2 + (size_t)n + 256;
        char *q = realloc(b->p, cap);
        if (!q) {
            b->failed = true;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
}

static void put_list(Buf *b, const char *name, const char *const *subjects)
{
    put(b, "        %s: [", name);
    for (int i = 0; subjects[i]; i++)
        put(b, "%s\"%s\"", i ? ", " : "", subjects[i]);
    put(b, "]\n");
}

static void put_user(Buf *b, const char *user, const char *hash, const char *what,
                     const char *const *pub, const char *const *sub)
{
    put(b, "    # %s\n", what);
    put(b, "    {\n      user: \"%s\"\n      password: \"%s\"\n", user, hash);
    put(b, "      permissions: {\n");
    put(b, "        publish: {\n  ");
    put_list(b, "allow", pub);
    put(b, "        }\n        subscribe: {\n  ");
    put_list(b, "allow", sub);
    put(b, "        }\n      }\n    }\n");
}

static bool write_creds(const char *dir, BrokerRole role, const char *pass, char *err,
                        size_t errsize)
{
    char path[PATH_MAX], text[1024];
    brokerconf_creds_path(dir, role, path, sizeof path);
    if (role == BROKER_DEALER)
        snprintf(text, sizeof text,
                 "# Tasca: the DEALER's credentials for this nats-server (tasca serve --creds "
                 "FILE).\n"
                 "# Keep it to the dealers: whoever has it can host tables, rewrite their "
                 "records\n# and delete them. Never give it to a player.\n"
                 "user: %s\npassword: %s\n",
                 BROKER_DEALER_USER, pass);
    else
        snprintf(text, sizeof text,
                 "# Tasca: the players' credentials for this nats-server (Play online, "
                 "Credentials\n# file; or the server address nats://%s:PASSWORD@host:port). "
                 "Give it to the people\n# who play here: it lets them create, list and join "
                 "tables, nothing else.\n"
                 "user: %s\npassword: %s\n",
                 BROKER_PLAYER_USER, BROKER_PLAYER_USER, pass);
    bool ok = write_private(path, text, err, errsize);
    sodium_memzero(text, sizeof text);
    return ok;
}

/* mkdir -p, made 0700. */
static bool make_dir(const char *dir, char *err, size_t errsize)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        set_err(err, errsize, "path too long: %s", dir);
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
        if (!c)
            break;
    }
    return true;
}

/* The configuration with these passwords, and the credentials files. */
static bool write_all(const char *dir, const BrokerConfOptions *o, const char *dealer_pass,
                      const char *player_pass, char *err, size_t errsize)
{
    BrokerConfOptions none = {0};
    if (!o)
        o = &none;
    if (!plain(o->listen) || !plain(o->store_dir) || !plain(o->server_name) ||
        (o->comment && strchr(o->comment, '\n'))) {
        set_err(err, errsize,
                "a listen address, store or name with a quote, a backslash, a '$' "
                "or a control character cannot be written");
        return false;
    }
    if (!make_dir(dir, err, errsize))
        return false;
    char dealer_hash[128], player_hash[128];
    if (!brokerconf_hash(dealer_pass, dealer_hash, sizeof dealer_hash) ||
        !brokerconf_hash(player_pass, player_hash, sizeof player_hash)) {
        set_err(err, errsize, "libcrypt cannot make a bcrypt hash ($2b$)");
        return false;
    }
    Buf b = {0};
    put(&b, "# tasca-broker %d: nats-server configuration written by Tasca.\n",
        BROKER_CONF_VERSION);
    if (o->comment)
        put(&b, "# %s\n", o->comment);
    put(&b,
        "# Two users, each with a bcrypt hash of its password (the passwords are in %s\n"
        "# and %s beside this file) and the subjects it may use. See Tasca's\n"
        "# docs/network.md, \"The broker's configuration\".\n\n",
        BROKER_DEALER_CREDS, BROKER_PLAYER_CREDS);
    if (o->server_name)
        put(&b, "server_name: \"%s\"\n", o->server_name);
    if (o->listen)
        put(&b, "listen: \"%s\"\n", o->listen);
    if (o->store_dir)
        put(&b, "jetstream {\n  store_dir: \"%s\"\n}\n", o->store_dir);
    if (o->server_name || o->listen || o->store_dir)
        put(&b, "\n");
    put(&b, "authorization {\n  users: [\n");
    put_user(&b, BROKER_DEALER_USER, dealer_hash,
             "the dealers (tasca serve, this computer's own dealer): the tables, their "
             "records and leases",
             broker_dealer_publish, broker_dealer_subscribe);
    put_user(&b, BROKER_PLAYER_USER, player_hash,
             "the players: their requests and seats; their inbox, the lobby and the views",
             broker_player_publish, broker_player_subscribe);
    put(&b, "  ]\n}\n");
    if (b.failed) {
        free(b.p);
        set_err(err, errsize, "out of memory");
        return false;
    }
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, BROKER_CONF);
    /* The credentials first: a configuration is never left without its passwords. */
    bool ok = write_creds(dir, BROKER_DEALER, dealer_pass, err, errsize) &&
              write_creds(dir, BROKER_PLAYER, player_pass, err, errsize) &&
              write_private(path, b.p, err, errsize);
    free(b.p);
    return ok;
}

bool brokerconf_write(const char *dir, const BrokerConfOptions *o, char *err, size_t errsize)
{
    char dealer[BROKER_PASSWORD_LEN + 1], player[BROKER_PASSWORD_LEN + 1];
    brokerconf_password(dealer);
    brokerconf_password(player);
    bool ok = write_all(dir, o, dealer, player, err, errsize);
    sodium_memzero(dealer, sizeof dealer);
    sodium_memzero(player, sizeof player);
    return ok;
}

/* The version of the configuration at path: its first line's number, 0 when none. */
static int conf_version(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[128] = "";
    int v = 0;
    if (fgets(line, sizeof line, f) && sscanf(line, "# tasca-broker %d:", &v) != 1)
        v = 0;
    fclose(f);
    return v;
}

/* A password kept in a credentials file of ours, for `user`; false when there is none. */
static bool kept_password(const char *dir, BrokerRole role, const char *user, char *out,
                          size_t size)
{
    char path[PATH_MAX], u[64];
    brokerconf_creds_path(dir, role, path, sizeof path);
    return brokerconf_read_creds(path, u, sizeof u, out, size, NULL, 0) == 1 &&
           strcmp(u, user) == 0 && strlen(out) >= 16 && plain(out);
}

bool brokerconf_ensure(const char *dir, const BrokerConfOptions *o, bool *made, char *err,
                       size_t errsize)
{
    if (made)
        *made = false;
    char conf[PATH_MAX];
    snprintf(conf, sizeof conf, "%s/%s", dir, BROKER_CONF);
    char dealer[128], player[128];
    bool have_dealer = kept_password(dir, BROKER_DEALER, BROKER_DEALER_USER, dealer, sizeof dealer);
    bool have_player = kept_password(dir, BROKER_PLAYER, BROKER_PLAYER_USER, player, sizeof player);
    struct stat st;
    if (have_dealer && have_player && conf_version(conf) == BROKER_CONF_VERSION &&
        stat(conf, &st) == 0 && (st.st_mode & 077) == 0) {
        sodium_memzero(dealer, sizeof dealer);
        sodium_memzero(player, sizeof player);
        return true;
    }
    if (!have_dealer)
        brokerconf_password(dealer);
    if (!have_player)
        brokerconf_password(player);
    bool ok = write_all(dir, o, dealer, player, err, errsize);
    sodium_memzero(dealer, sizeof dealer);
    sodium_memzero(player, sizeof player);
    if (ok && made)
        *made = true;
    return ok;
}

/* "key: value" with the value trimmed; false when the line is not for key. */
static bool field(const char *line, const char *key, char *out, size_t size)
{
    size_t k = strlen(key);
    if (strncmp(line, key, k) != 0 || line[k] != ':')
        return false;
    const char *v = line + k + 1;
    while (*v == ' ' || *v == '\t')
        v++;
    size_t n = strcspn(v, "\r\n");
    while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
        n--;
    if (n >= size)
        return false;
    memcpy(out, v, n);
    out[n] = '\0';
    return true;
}

int brokerconf_read_creds(const char *path, char *user, size_t usize, char *pass, size_t psize,
                          char *err, size_t errsize)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        set_err(err, errsize, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    char line[512];
    bool have_user = false, have_pass = false, jwt = false;
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "-----BEGIN NATS USER JWT-----"))
            jwt = true;
        else if (line[0] != '#' && field(line, "user", user, usize))
            have_user = true;
        else if (line[0] != '#' && field(line, "password", pass, psize))
            have_pass = true;
    }
    sodium_memzero(line, sizeof line);
    fclose(f);
    if (jwt || !have_user || !have_pass || !user[0] || !pass[0]) {
        if (psize)
            sodium_memzero(pass, psize);
        set_err(err, errsize, "%s holds no user and password", path);
        return 0;
    }
    return 1;
}

bool brokerconf_url(const char *creds_path, const char *host, int port, char *out, size_t size,
                    char *err, size_t errsize)
{
    char user[64], pass[128];
    if (brokerconf_read_creds(creds_path, user, sizeof user, pass, sizeof pass, err, errsize) != 1)
        return false;
    bool v6 = strchr(host, ':') != NULL;
    int n = snprintf(out, size, "nats://%s:%s@%s%s%s:%d", user, pass, v6 ? "[" : "", host,
                     v6 ? "]" : "", port);
    sodium_memzero(pass, sizeof pass);
    if (n < 0 || (size_t)n >= size) {
        set_err(err, errsize, "the address does not fit");
        return false;
    }
    return true;
}
