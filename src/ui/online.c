/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Play online: see online.h. */
#include "ui/online.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "core/fileio.h"
#include "engine/registry.h"
#include "net/invite.h"
#include "net/localnats.h"
#include "net/net.h"
#include "net/netfeed.h"
#include "ui/i18n.h"
#include "ui/menu.h"
#include "ui/scene.h"

typedef enum { JOB_JOIN, JOB_CREATE, JOB_LOBBY } JobKind;

/* The dealers' signing key the player believes for a server (online.pins; this computer's
 * own dealer's), and one the server offered instead. */
typedef struct {
    bool have, changed;
    uint8_t key[WIRE_KEY], offered[WIRE_KEY];
} Pin;

typedef struct {
    pthread_t thread;
    bool running;       /* a request is on its way (the window's thread only reads this) */
    atomic_bool done;   /* its thread has finished */
    App *app;
    JobKind kind;
    char url[1024], creds[1024], name[WIRE_NAME];
    SealKeys keys;
    MsgCreate spec;
    char code[WIRE_CODE];
    int seat;
    NetFeed *feed; /* the seat taken, for the window's thread to sit at */
    /* The lobby: the connection it used (the window's, or one the job made for it to keep),
     * and the tables listed. */
    NetClient *client;
    bool own_client;
    MsgTable lobby[ONLINE_LOBBY_MAX];
    int n_lobby;
    char err[320];
    Pin pin; /* the server's key as the window believes it, and as the job found it */
    bool have_invite; /* joining a private table with its invitation */
    uint8_t invite[WIRE_HASH];
} OnlineJob;

struct Online {
    char url[1024], creds[1024];
    bool local;          /* "this computer" */
    char lan[48];        /* ...open to the local network: where it listens ("" loopback only) */
    char player_url[1024]; /* this computer's players' URL, their password in it */
    LocalNats *server;   /* this computer's nats-server, a child of the game */
    Dealer *dealer;      /* and its dealer, in this process */
    NetClient *client;   /* for creating tables and the lobby */
    SealKeys keys;       /* the player's: the same keys take a seat back */
    bool have_keys;
    NetFeed *feed;       /* the table the window mirrors */
    Match *pending;      /* its mirror, until the table scene takes it */
    char pending_game[WIRE_GAME];
    char code[WIRE_CODE];
    bool leave, leave_finished;
    OnlineJob job;       /* create, join or list, off the window's thread */
    char status[400];    /* what the page says of it */
    bool status_error;
    MsgTable lobby[ONLINE_LOBBY_MAX]; /* the last list, until the menu takes it */
    int n_lobby;                      /* -1: none new */
    Pin pin;                          /* of the server at o->url */
    /* Each window its own player: the identity slot this window holds (1, 2...) and the
     * lock that holds it while the window runs (another window on the same profile takes
     * the next slot: its own keys, name and last table). */
    int slot;
    int slot_fd;
    /* The invitation to the private table this window made last (its code in it). */
    char invitation[INVITE_MAX]; /* the table's own: every seat (the creator's) */
    char invitation_code[WIRE_CODE];
    char seat_invitation[RULES_MAX_PLAYERS][INVITE_MAX]; /* to each kept seat ("" if none) */
};

#define ONLINE_SLOTS 8

/* A server's URL without the user and password it may hold ("nats://player:PW@host:port"
 * -> "nats://host:port"; every server of a comma-separated list): what the page shows, and
 * what the server's key is kept under, so no password lands in online.pins. */
static const char *without_password(const char *url)
{
    static char out[1024];
    size_t n = 0;
    const char *p = url;
    while (*p && n + 1 < sizeof out) {
        size_t len = strcspn(p, ",");
        const char *scheme = strstr(p, "://");
        const char *at = memchr(p, '@', len);
        size_t skip_from = 0, skip_to = 0;
        if (at && scheme && scheme < at) {
            skip_from = (size_t)(scheme + 3 - p);
            skip_to = (size_t)(at + 1 - p);
        }
        for (size_t i = 0; i < len && n + 1 < sizeof out; i++)
            if (i < skip_from || i >= skip_to)
                out[n++] = p[i];
        p += len;
        if (*p == ',' && n + 1 < sizeof out)
            out[n++] = *p++;
    }
    out[n] = '\0';
    return out;
}

/* ---- the dealers' keys the player trusts, per server (trust on first use) ---- */

static void pins_path(App *a, char *out, size_t size)
{
    snprintf(out, size, "%s/online.pins", a->pref_dir);
}

/* online.pins: one line per server, "<the key in hex> <url>" (the URL without a password). */
static bool pin_lookup(App *a, const char *url_given, uint8_t key[WIRE_KEY])
{
    char url[1024];
    snprintf(url, sizeof url, "%s", without_password(url_given));
    char path[1200], line[1400];
    pins_path(a, path, sizeof path);
    FILE *f = fopen(path, "r");
    bool found = false;
    while (f && !found && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *sp = strchr(line, ' ');
        size_t bin = 0;
        found = sp && strcmp(sp + 1, url) == 0 &&
                sodium_hex2bin(key, WIRE_KEY, line, (size_t)(sp - line), NULL, &bin, NULL) == 0 &&
                bin == WIRE_KEY;
    }
    if (f)
        fclose(f);
    return found;
}

static void pin_store(App *a, const char *url_given, const uint8_t key[WIRE_KEY])
{
    char url[1024];
    snprintf(url, sizeof url, "%s", without_password(url_given));
    char path[1200], line[1400];
    pins_path(a, path, sizeof path);
    size_t cap = 4096, n = 0;
    char *out = malloc(cap);
    FILE *f = fopen(path, "r");
    while (out && f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *sp = strchr(line, ' ');
        if (!sp || strcmp(sp + 1, url) == 0)
            continue; /* the server's old line goes */
        size_t len = strlen(line);
        if (n + len + 2 > cap && !(out = realloc(out, cap = 2 * cap + len)))
            break;
        memcpy(out + n, line, len);
        n += len;
        out[n++] = '\n';
    }
    if (f)
        fclose(f);
    char hex[2 * WIRE_KEY + 1];
    sodium_bin2hex(hex, sizeof hex, key, WIRE_KEY);
    int len = snprintf(line, sizeof line, "%s %s\n", hex, url);
    if (out && (n + (size_t)len + 1 <= cap || (out = realloc(out, n + (size_t)len + 1)))) {
        memcpy(out + n, line, (size_t)len);
        n += (size_t)len;
        char err[256];
        if (file_write_atomic(path, out, n, err, sizeof err) != 0)
            fprintf(stderr, "tasca: cannot keep the server's key: %s\n", err);
    }
    free(out);
}

/* A client for the server, believing the key the player does (if any yet). */
static NetClient *new_client(const char *url, const char *creds, const char *name,
                             const SealKeys *keys, const Pin *pin, char *err, size_t errsize)
{
    NetClient *c = net_client_new_keys(url, creds, name, keys, err, errsize);
    if (c && pin->have)
        net_client_pin(c, pin->key);
    return c;
}

/* What the client found of the server's key: pinned on first use, or another offered. */
static void pin_read(Pin *pin, NetClient *c)
{
    uint8_t key[WIRE_KEY], offered[WIRE_KEY];
    bool changed = false;
    if (!c || !net_client_dealer_key(c, key, &changed, offered))
        return;
    if (!pin->have) {
        memcpy(pin->key, key, WIRE_KEY);
        pin->have = true;
    }
    if (changed) {
        pin->changed = true;
        memcpy(pin->offered, offered, WIRE_KEY);
    }
}

/* The window's thread takes what a request learned of the server's key: a first key is
 * kept for the next times; a changed one is only shown, for the player to decide. */
static void pin_adopt(App *a, Online *o, const Pin *found)
{
    if (found->have && !o->pin.have && !o->local) {
        o->pin.have = true;
        memcpy(o->pin.key, found->key, WIRE_KEY);
        pin_store(a, o->url, o->pin.key);
    }
    if (found->changed) {
        o->pin.changed = true;
        memcpy(o->pin.offered, found->offered, WIRE_KEY);
    }
}

static Online *get(App *a)
{
    if (!a->online) {
        a->online = calloc(1, sizeof *a->online);
        if (a->online) {
            a->online->n_lobby = -1;
            a->online->slot_fd = -1;
        }
    }
    return a->online;
}

/* The first identity slot no other running window holds (a lock file each in the
 * preference folder, released when the window ends, even by a crash); 1 when nothing can
 * be locked (no folder kept). */
int online_slot(App *a)
{
    Online *o = get(a);
    if (!o)
        return 1;
    if (o->slot)
        return o->slot;
    o->slot = 1;
    for (int k = 1; k <= ONLINE_SLOTS && !a->nothing_kept; k++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/online-%d.lock", a->pref_dir, k);
        int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0)
            break;
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
            o->slot = k;
            o->slot_fd = fd;
            break;
        }
        close(fd);
    }
    return o->slot;
}

const char *online_key(App *a, const char *base)
{
    static char key[KV_KEY];
    int slot = online_slot(a);
    if (slot == 1)
        snprintf(key, sizeof key, "%s", base);
    else
        snprintf(key, sizeof key, "%s.%d", base, slot);
    return key;
}

/* The name the others see: the settings', else the login's (cut to a whole character
 * within the wire's 31 bytes), else "Player". */
static const char *player_name(App *a)
{
    static char name[WIRE_NAME], numbered[WIRE_NAME + 8];
    const char *n = kv_get(&a->kv, online_key(a, "online.name"));
    if ((!n || !*n) && online_slot(a) > 1) {
        /* a second window of the same person: the first one's name, numbered */
        const char *first = kv_get(&a->kv, "online.name");
        if (!first || !*first)
            first = getenv("USER");
        snprintf(numbered, sizeof numbered, "%s (%d)", first && *first ? first : _("Player"),
                 online_slot(a));
        n = numbered;
    }
    if (!n || !*n)
        n = getenv("USER");
    if (!n || !*n)
        n = _("Player");
    size_t len = strlen(n);
    if (len >= sizeof name) {
        len = sizeof name - 1;
        while (len > 0 && ((unsigned char)n[len] & 0xC0) == 0x80)
            len--;
    }
    memcpy(name, n, len);
    name[len] = '\0';
    return name;
}

static bool load_keys(App *a, Online *o, char *err, size_t errsize)
{
    if (o->have_keys)
        return true;
    if (!seal_init()) {
        snprintf(err, errsize, "%s", _("the cryptography library could not start"));
        return false;
    }
    char path[1200];
    uint8_t unused[SEAL_KEY];
    if (a->nothing_kept) { /* no folder to keep them in: keys for this session only */
        seal_keys_new(&o->keys);
        o->have_keys = true;
        return true;
    }
    int slot = online_slot(a);
    if (slot == 1)
        snprintf(path, sizeof path, "%s/online.keys", a->pref_dir);
    else
        snprintf(path, sizeof path, "%s/online-%d.keys", a->pref_dir, slot);
    const char *why = seal_keys_load_or_create(path, &o->keys, unused);
    if (why) {
        snprintf(err, errsize, "%s: %s", path, why);
        return false;
    }
    o->have_keys = true;
    return true;
}

static void disconnect(Online *o)
{
    net_client_free(o->client);
    o->client = NULL;
    dealer_stop(o->dealer);
    o->dealer = NULL;
    localnats_stop(o->server);
    o->server = NULL;
}

/* Everything but the connection itself, as the settings say: the keys, the old connection
 * closed when the settings name another, and for this computer its server and dealer
 * started (on the window's thread: the server is its child and dies with it). Then either
 * o->client is the connection, or o->url names the server to connect to (a remote one:
 * connecting may wait for its answer, which the menu does off the window's thread). */
/* Where this computer's server listens, as the settings say: "" (127.0.0.1 only), or
 * "0.0.0.0" (every address: online.lan = 1), or the one address online.lan names. */
static const char *lan_setting(App *a)
{
    const char *v = kv_get(&a->kv, "online.lan");
    if (!v || !*v || strcmp(v, "0") == 0)
        return "";
    /* The tests keep to loopback (TASCA_LOOPBACK_ONLY): a random click on "Open to the local
     * network" there listens on loopback, never on a real interface. */
    const char *only = getenv("TASCA_LOOPBACK_ONLY");
    if (only && *only && strncmp(v, "127.", 4) != 0)
        return "";
    return strcmp(v, "1") == 0 ? LOCALNATS_ALL : v;
}

static bool prepare(App *a, Online *o, char *err, size_t errsize)
{
    const char *server = kv_get(&a->kv, online_key(a, "online.server"));
    const char *creds = kv_get(&a->kv, online_key(a, "online.creds"));
    bool local = !server || !*server;
    const char *lan = local ? lan_setting(a) : "";
    if (local ? o->local && o->server && strcmp(o->lan, lan) == 0
              : !o->local && strcmp(o->url, server) == 0)
        return true;
    if (o->job.running) {
        snprintf(err, errsize, "%s", _("Wait: the last request is not answered yet."));
        return false;
    }
    if (o->feed) {
        /* Another connection would close this one, and this computer's server with it:
         * the table the player sits at (and a friend's window at it) would go. */
        snprintf(err, errsize, "%s", _("leave the table you are at first"));
        return false;
    }
    disconnect(o);
    if (!load_keys(a, o, err, errsize))
        return false;
    o->local = local;
    o->creds[0] = '\0';
    if (local && a->nothing_kept) {
        snprintf(err, errsize, "%s",
                 _("this computer's server keeps its tables in your home folder, and there "
                   "is none: choose another server"));
        return false;
    }
    if (local) {
        /* This computer: a private server with its store in the preference folder, locked
         * with Tasca's broker configuration (kept there), and a dealer in this process. The
         * dealer connects as the dealer; the window's clients as players. */
        char store[1200], dstore[1200];
        snprintf(store, sizeof store, "%s/nats", a->pref_dir);
        snprintf(dstore, sizeof dstore, "%s/dealer", a->pref_dir);
        mkdir(dstore, 0700);
        /* open to the local network: on the port it had, so an invitation stays good */
        const char *kept = kv_get(&a->kv, "online.lan.port");
        LocalNatsOptions lo = {.listen = lan, .port = lan[0] && kept ? atoi(kept) : 0};
        o->server = localnats_start_with(store, &lo, err, errsize);
        if (!o->server)
            return false;
        snprintf(o->lan, sizeof o->lan, "%s", lan);
        if (lan[0]) {
            char port[16];
            snprintf(port, sizeof port, "%d", localnats_port(o->server));
            kv_set(&a->kv, "online.lan.port", port);
            app_save_settings(a);
        }
        snprintf(o->url, sizeof o->url, "%s", localnats_url(o->server));
        snprintf(o->creds, sizeof o->creds, "%s", localnats_creds(o->server, false));
        if (!localnats_player_url(o->server, NULL, o->player_url, sizeof o->player_url))
            snprintf(o->player_url, sizeof o->player_url, "%s", o->url);
        DealerConfig dc = {.url = o->url,
                           .creds = localnats_creds(o->server, true),
                           .store = dstore,
                           .replicas = 1,
                           .bot_threads = 1,
                           .linger_seconds = 600};
        o->dealer = dealer_start(&dc, err, errsize);
        if (!o->dealer) {
            disconnect(o);
            return false;
        }
        /* this computer's own dealer: its key is known, nothing to trust on first use */
        o->pin = (Pin){.have = true};
        dealer_sign_key(o->dealer, o->pin.key);
    } else {
        snprintf(o->url, sizeof o->url, "%s", server);
        snprintf(o->creds, sizeof o->creds, "%s", creds ? creds : "");
        o->pin = (Pin){0};
        o->pin.have = pin_lookup(a, o->url, o->pin.key);
    }
    return true;
}

bool online_connect(App *a, char *err, size_t errsize)
{
    Online *o = get(a);
    if (!o) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    if (!prepare(a, o, err, errsize))
        return false;
    if (o->client)
        return true;
    o->client = new_client(o->url, o->creds, player_name(a), &o->keys, &o->pin, err, errsize);
    if (!o->client) {
        disconnect(o);
        return false;
    }
    return true;
}

const char *online_where(App *a)
{
    Online *o = a->online;
    if (!o || !o->client)
        return "";
    return o->local ? _("this computer") : without_password(o->url);
}

const char *online_url(App *a)
{
    Online *o = a->online;
    if (!o || !o->client)
        return "";
    return o->local ? o->player_url : o->url;
}

bool online_lan(App *a)
{
    return lan_setting(a)[0] != '\0';
}

void online_set_lan(App *a, bool open)
{
    kv_set(&a->kv, "online.lan", open ? "1" : "0");
    app_save_settings(a);
}

const char *online_lan_note(App *a)
{
    static char note[1400];
    Online *o = a->online;
    if (!online_lan(a))
        return _("This computer: the game runs a private server for tables on this machine "
                 "and its network's loopback only; open a second window to play at it.");
    if (!o || !o->client || !o->local || !o->lan[0])
        return _("Open to the local network: when connected, the game's server listens on "
                 "every address of this computer, and this page gives the address a friend on "
                 "another computer types as their server.");
    char host[64], url[1200];
    if (strcmp(o->lan, LOCALNATS_ALL) != 0)
        snprintf(host, sizeof host, "%s", o->lan);
    else if (!localnats_lan_address(host, sizeof host))
        return _("Open to the local network, but this computer has no address on a network: "
                 "connect it to one, then press Show open tables.");
    if (!localnats_player_url(o->server, host, url, sizeof url))
        return "";
    char where[128];
    if (strcmp(o->lan, LOCALNATS_ALL) == 0)
        snprintf(where, sizeof where, _("port %d of every address it has"),
                 localnats_port(o->server));
    else
        snprintf(where, sizeof where, "%s:%d", o->lan, localnats_port(o->server));
    snprintf(note, sizeof note,
             _("Open to the local network. A friend on another computer chooses A server and "
               "types this address: %s. It holds the players' password: anyone on your network "
               "who has it can create, list and join tables here, and nothing more (no record, "
               "no other seat's cards, no move for another seat). This computer listens on %s "
               "while the game runs; the connection is not encrypted."),
             url, where);
    return note;
}

bool online_connected(App *a)
{
    Online *o = a->online;
    return o && o->client &&
           natsConnection_Status(net_client_conn(o->client)) == NATS_CONN_STATUS_CONNECTED;
}

/* A private table was made: its invitations are kept for the page (the table's own, and one
 * for each seat kept for a friend) and the first friend's copied to the clipboard. */
static void keep_invitation(App *a, const MsgCreate *spec, const char *code)
{
    Online *o = a->online;
    if (!o || !spec->unlisted)
        return;
    /* The address a friend reaches: this computer's, with the players' password (on the
     * local network's address when it is open to it), or the server the window uses. */
    char url[1200], host[64] = "";
    snprintf(url, sizeof url, "%s", o->local ? o->player_url : o->url);
    if (o->local && o->server && o->lan[0]) {
        if (strcmp(o->lan, LOCALNATS_ALL) != 0)
            snprintf(host, sizeof host, "%s", o->lan);
        else if (!localnats_lan_address(host, sizeof host))
            host[0] = '\0';
        if (host[0] && !localnats_player_url(o->server, host, url, sizeof url))
            snprintf(url, sizeof url, "%s", o->player_url);
    }
    if (!invite_format(url, code, -1, spec->invite, o->invitation, sizeof o->invitation))
        return;
    snprintf(o->invitation_code, sizeof o->invitation_code, "%s", code);
    const char *first = NULL;
    for (int k = 0; k < RULES_MAX_PLAYERS; k++) {
        uint8_t secret[WIRE_HASH];
        invite_for_seat(spec->invite, k, secret);
        o->seat_invitation[k][0] = '\0';
        if ((spec->kept >> k & 1) && invite_format(url, code, k, secret, o->seat_invitation[k],
                                                    sizeof o->seat_invitation[k]) &&
            !first)
            first = o->seat_invitation[k];
        sodium_memzero(secret, sizeof secret);
    }
    SDL_SetClipboardText(first ? first : o->invitation);
}

void online_keep_seats(MsgCreate *spec)
{
    spec->kept = 0;
    for (int k = 1; spec->unlisted && k < spec->num_players && k < RULES_MAX_PLAYERS; k++)
        if (spec->seats[k].kind == WSEAT_OPEN)
            spec->kept |= (uint8_t)(1u << k);
}

const char *online_seat_invitation(App *a, int seat)
{
    Online *o = a->online;
    return o && seat >= 0 && seat < RULES_MAX_PLAYERS && o->invitation_code[0] &&
                   (!o->feed || strcmp(o->code, o->invitation_code) == 0)
               ? o->seat_invitation[seat]
               : "";
}

const char *online_made_invitation(App *a)
{
    return a->online ? a->online->invitation : "";
}

const char *online_invitation(App *a)
{
    Online *o = a->online;
    return o && o->feed && strcmp(o->code, o->invitation_code) == 0 ? o->invitation : "";
}

void online_copy_invitation(App *a, int seat)
{
    const char *inv = seat >= 0 ? online_seat_invitation(a, seat) : online_invitation(a);
    if (inv[0])
        SDL_SetClipboardText(inv);
}

/* A join by invitation: the server it names becomes the one to use (unless it is this
 * computer's own), and the secret is kept for the join. False when `text` is no invitation
 * (a plain code). The invitation to a kept seat asks for that seat (*seat). */
static bool take_invitation(App *a, const char *text, char code[WIRE_CODE], int *seat,
                            uint8_t secret[WIRE_HASH])
{
    char url[1024];
    int kept = -1; /* the seat the invitation is for, if one is kept for its guest */
    if (!invite_parse(text, url, sizeof url, code, &kept, secret))
        return false;
    if (kept >= 0)
        *seat = kept;
    Online *o = get(a);
    if (!(o && o->local && o->server &&
          (strcmp(o->url, url) == 0 || strcmp(o->player_url, url) == 0))) {
        kv_set(&a->kv, online_key(a, "online.server"), url);
        app_save_settings(a);
    }
    return true;
}

bool online_create(App *a, const MsgCreate *spec, char code[WIRE_CODE], char *err,
                   size_t errsize)
{
    if (!online_connect(a, err, errsize))
        return false;
    MsgCreate kept = *spec; /* at a private table, each friend's seat is kept for them */
    online_keep_seats(&kept);
    const char *why = net_client_create(a->online->client, &kept, code);
    Pin found = a->online->pin;
    pin_read(&found, a->online->client);
    pin_adopt(a, a->online, &found);
    if (!why)
        keep_invitation(a, &kept, code);
    if (why) {
        snprintf(err, errsize, "%s", _(why));
        return false;
    }
    return true;
}

void online_spec(App *a, const GameRules *g, MsgCreate *spec)
{
    *spec = (MsgCreate){.away_seconds = 60, .n_options = (uint8_t)g->n_options};
    /* A table for friends by invitation unless the player chose a listed one. */
    spec->unlisted = kv_get_int(&a->kv, "online.listed", 0, 0, 1) == 0;
    if (spec->unlisted)
        invite_new(spec->invite);
    snprintf(spec->game, sizeof spec->game, "%s", g->id);
    GameOptions opt;
    app_game_options(a, g, &opt);
    for (int i = 0; i < g->n_options && i < RULES_MAX_OPTIONS; i++)
        spec->options[i] = opt.v[i];
}

bool online_create_spec(App *a, const char *game, const char *seats, char code[WIRE_CODE],
                        char *err, size_t errsize)
{
    const GameRules *g = registry_find(game);
    if (!g) {
        snprintf(err, errsize, "no game to create a table of (--game)");
        return false;
    }
    MsgCreate spec;
    online_spec(a, g, &spec);
    char list[128];
    snprintf(list, sizeof list, "%s", seats);
    int n = 0;
    for (char *save = NULL, *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        if (n >= RULES_MAX_PLAYERS) {
            snprintf(err, errsize, "more than %d seats", RULES_MAX_PLAYERS);
            return false;
        }
        Difficulty d;
        if ((strcmp(w, "me") == 0 && n == 0) || strcmp(w, "open") == 0) {
            spec.seats[n++] = (WireSeatSpec){WSEAT_OPEN, DIFF_MEDIUM};
        } else if (difficulty_parse(w, &d) && d >= DIFF_EASY && d <= DIFF_HARD) {
            spec.seats[n++] = (WireSeatSpec){WSEAT_BOT, (uint8_t)d};
        } else {
            snprintf(err, errsize, "'%s' is not a seat (me first, then open, easy, medium, hard)", w);
            return false;
        }
    }
    if (n == 0 || spec.seats[0].kind != WSEAT_OPEN) {
        snprintf(err, errsize, "the first seat is yours: start the list with 'me'");
        return false;
    }
    spec.num_players = (uint8_t)n;
    return online_create(a, &spec, code, err, errsize);
}

/* Each dealer answers the lobby request with one message per table; only the tables of the
 * dealers whose key the player trusts are listed. `why`: set when none could be asked. */
static int lobby_list(NetClient *c, MsgTable *out, int max, const char **why)
{
    natsConnection *nc = net_client_conn(c);
    natsInbox *inbox = NULL;
    natsSubscription *sub = NULL;
    int n = 0;
    if ((*why = net_client_trust(c))) /* no dealer, or not the one the player trusts */
        return 0;
    if (natsInbox_Create(&inbox) != NATS_OK ||
        natsConnection_SubscribeSync(&sub, nc, inbox) != NATS_OK ||
        natsConnection_PublishRequest(nc, "tasca.lobby.list", inbox, NULL, 0) != NATS_OK) {
        natsSubscription_Destroy(sub);
        natsInbox_Destroy(inbox);
        return 0;
    }
    natsMsg *msg = NULL;
    uint8_t pin[WIRE_KEY];
    net_client_dealer_key(c, pin, NULL, NULL);
    int64_t wait = 400; /* the first answers come within a few ms on a local server */
    while (n < max && natsSubscription_NextMsg(&msg, sub, wait) == NATS_OK) {
        /* only the tables of the dealers whose key this player trusts */
        if (net_lobby_entry(pin, (const uint8_t *)natsMsg_GetData(msg),
                            (size_t)natsMsg_GetDataLength(msg), &out[n]))
            n++;
        natsMsg_Destroy(msg);
        wait = 150;
    }
    natsSubscription_Destroy(sub);
    natsInbox_Destroy(inbox);
    return n;
}

int online_lobby(App *a, MsgTable *out, int max)
{
    char err[256];
    if (!online_connect(a, err, sizeof err))
        return 0;
    const char *why;
    return lobby_list(a->online->client, out, max, &why);
}

int online_lobby_take(App *a, MsgTable *out, int max)
{
    Online *o = a->online;
    if (!o || o->n_lobby < 0)
        return -1;
    int n = o->n_lobby < max ? o->n_lobby : max;
    memcpy(out, o->lobby, (size_t)n * sizeof *out);
    o->n_lobby = -1;
    return n;
}

/* "k7qx-2m" -> "K7QX2M"; false when it is not a table code. */
static bool clean_code(const char *code, char up[WIRE_CODE])
{
    size_t k = 0;
    for (const char *p = code; *p && k + 1 < WIRE_CODE; p++)
        if (*p != ' ' && *p != '-')
            up[k++] = (char)(*p >= 'a' && *p <= 'z' ? *p - 'a' + 'A' : *p);
    up[k] = '\0';
    return wire_code_valid(up);
}

/* The seat is taken (f): the window sits at it (on the window's thread). */
static bool sit(App *a, NetFeed *f, const char *code, char *err, size_t errsize)
{
    Online *o = a->online;
    MsgTable t;
    net_feed_table(f, &t);
    const GameRules *rules = registry_find(t.game);
    if (!rules || !scene_for_game(t.game)) {
        snprintf(err, errsize, _("this version of Tasca cannot play '%s'"), t.game);
        net_feed_free(f);
        return false;
    }
    Match *m = net_feed_mirror(f, rules, err, errsize);
    if (!m) {
        net_feed_free(f);
        return false;
    }
    /* Each game's deal, once checked, is kept for `tasca verify` beside the saved games. */
    if (!a->nothing_kept && a->pref_dir[0]) {
        char deals[1100];
        snprintf(deals, sizeof deals, "%sdeals", a->pref_dir);
        net_client_keep_deals(net_feed_client(f), deals);
    }
    /* The scene leaves (freeing the old mirror) before the old feed goes. */
    NetFeed *old = o->feed;
    o->feed = f;
    match_free(o->pending);
    o->pending = m;
    snprintf(o->pending_game, sizeof o->pending_game, "%s", t.game);
    snprintf(o->code, sizeof o->code, "%s", code);
    char last[32];
    snprintf(last, sizeof last, "%s:%d", code, net_feed_seat(f));
    kv_set(&a->kv, online_key(a, "online.last"), last);
    app_save_settings(a);
    app_enter_scene(a, t.game);
    /* The table is what the window shows now, whichever way it was joined: a menu left open
     * over it (the Play online page a finished table went back to) would pause the table,
     * which then takes no view of the game and makes no move. */
    menu_close(a->menu);
    if (o->pending) { /* the scene did not take it */
        match_free(o->pending);
        o->pending = NULL;
    }
    net_feed_free(old);
    return true;
}

/* A code nobody deals is said at once (the join itself waits for a dealer that restarts). */
static bool table_exists(NetClient *c, const char *code, char *err, size_t errsize)
{
    MsgTable t;
    const char *why = net_client_trust(c);
    if (!why && net_client_lobby_table(c, code, &t, 1500))
        return true;
    if (why)
        snprintf(err, errsize, "%s", _(why));
    else
        snprintf(err, errsize, _("there is no table %s (check the code)"), code);
    return false;
}

bool online_join(App *a, const char *code, int seat, char *err, size_t errsize)
{
    char up[WIRE_CODE];
    uint8_t secret[WIRE_HASH];
    bool invited = take_invitation(a, code, up, &seat, secret);
    if (!online_connect(a, err, errsize))
        return false;
    Online *o = a->online;
    if (!invited && !clean_code(code, up)) {
        snprintf(err, errsize, "%s", _("a table code is up to 7 letters and digits"));
        return false;
    }
    NetClient *c = new_client(o->url, o->creds, player_name(a), &o->keys, &o->pin, err, errsize);
    if (!c)
        return false;
    if (invited)
        net_client_invite(c, up, secret);
    bool exists;
    if (invited) { /* a private table is in no list: its invitation is the proof it is there */
        const char *why = net_client_trust(c);
        if (why)
            snprintf(err, errsize, "%s", _(why));
        exists = !why;
    } else {
        exists = table_exists(c, up, err, errsize);
    }
    Pin found = o->pin;
    pin_read(&found, c);
    pin_adopt(a, o, &found);
    if (!exists) {
        net_client_free(c);
        return false;
    }
    NetFeed *f = net_feed_join(c, up, seat, app_wake, a, 8000, err, errsize);
    return f && sit(a, f, up, err, errsize);
}

/* ---- The same off the window's thread (the menu): the frame never waits. ---- */

static void *job_main(void *arg)
{
    Online *o = arg;
    OnlineJob *j = &o->job;
    if (j->kind == JOB_LOBBY) {
        char e[256] = "";
        if (!j->client) {
            j->client = new_client(j->url, j->creds, j->name, &j->keys, &j->pin, e, sizeof e);
            j->own_client = j->client != NULL;
        }
        const char *why = NULL;
        if (j->client)
            j->n_lobby = lobby_list(j->client, j->lobby, ONLINE_LOBBY_MAX, &why);
        pin_read(&j->pin, j->client);
        if (!j->client)
            snprintf(j->err, sizeof j->err, _("Could not connect: %s."), _(e));
        else if (why)
            snprintf(j->err, sizeof j->err, _("Could not list the tables: %s."), _(why));
        atomic_store(&j->done, true);
        app_wake(j->app);
        return NULL;
    }
    NetClient *c = new_client(j->url, j->creds, j->name, &j->keys, &j->pin, j->err, sizeof j->err);
    const char *why = NULL;
    if (c && j->kind == JOB_CREATE)
        why = net_client_create(c, &j->spec, j->code);
    pin_read(&j->pin, c);
    if (c && why) {
        snprintf(j->err, sizeof j->err, _("Could not create the table: %s."), _(why));
        net_client_free(c);
        c = NULL;
    }
    char e[256];
    if (c && j->have_invite)
        net_client_invite(c, j->code, j->invite);
    bool exists = !c || j->kind != JOB_JOIN || j->have_invite ||
                  table_exists(c, j->code, e, sizeof e);
    pin_read(&j->pin, c);
    if (!exists) {
        snprintf(j->err, sizeof j->err, _("Could not join: %s."), _(e));
        net_client_free(c);
        c = NULL;
    }
    if (c) {
        j->feed = net_feed_join(c, j->code, j->seat, app_wake, j->app, 8000, e, sizeof e);
        if (!j->feed)
            snprintf(j->err, sizeof j->err, _("Could not join: %s."), _(e));
    } else if (!j->err[0]) {
        snprintf(j->err, sizeof j->err, "%s", _("Could not connect."));
    }
    atomic_store(&j->done, true);
    app_wake(j->app);
    return NULL;
}

static bool job_start(App *a, JobKind kind, const MsgCreate *spec, const char *code, int seat,
                      char *err, size_t errsize)
{
    char inv_code[WIRE_CODE];
    uint8_t inv_secret[WIRE_HASH];
    /* an invitation names its server: it is the one to use from now on */
    bool invited =
        kind == JOB_JOIN && code && take_invitation(a, code, inv_code, &seat, inv_secret);
    Online *o = get(a);
    if (!o) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    if (o->job.running) {
        snprintf(err, errsize, "%s", _("Wait: the last request is not answered yet."));
        return false;
    }
    /* This computer's server starts here; a remote server is reached by the job. */
    if (!prepare(a, o, err, errsize) || (o->local && !online_connect(a, err, errsize)))
        return false;
    OnlineJob *j = &o->job;
    memset(j, 0, sizeof *j);
    j->app = a;
    j->kind = kind;
    j->client = kind == JOB_LOBBY ? o->client : NULL; /* borrowed while the job runs */
    snprintf(j->url, sizeof j->url, "%s", o->url);
    snprintf(j->creds, sizeof j->creds, "%s", o->creds);
    snprintf(j->name, sizeof j->name, "%s", player_name(a));
    j->keys = o->keys;
    j->pin = o->pin;
    j->seat = seat;
    if (kind == JOB_CREATE) {
        j->spec = *spec;
        online_keep_seats(&j->spec); /* at a private table, each friend's seat is theirs */
    } else if (kind == JOB_JOIN && invited) {
        snprintf(j->code, sizeof j->code, "%s", inv_code);
        j->have_invite = true;
        memcpy(j->invite, inv_secret, WIRE_HASH);
    } else if (kind == JOB_JOIN && !clean_code(code, j->code)) {
        snprintf(err, errsize, "%s", _("a table code is up to 7 letters and digits"));
        return false;
    }
    if (pthread_create(&j->thread, NULL, job_main, o) != 0) {
        snprintf(err, errsize, "cannot start a thread");
        return false;
    }
    j->running = true;
    if (kind == JOB_LOBBY)
        snprintf(o->status, sizeof o->status, "%s", _("Asking for the open tables\xE2\x80\xA6"));
    else
        snprintf(o->status, sizeof o->status,
                 kind == JOB_CREATE ? _("Creating a table\xE2\x80\xA6")
                                    : _("Joining table %s\xE2\x80\xA6"),
                 j->code);
    o->status_error = false;
    return true;
}

bool online_join_async(App *a, const char *code, int seat, char *err, size_t errsize)
{
    return job_start(a, JOB_JOIN, NULL, code, seat, err, errsize);
}

bool online_create_async(App *a, const MsgCreate *spec, char *err, size_t errsize)
{
    return job_start(a, JOB_CREATE, spec, NULL, 0, err, errsize);
}

bool online_lobby_async(App *a, char *err, size_t errsize)
{
    return job_start(a, JOB_LOBBY, NULL, NULL, 0, err, errsize);
}

const char *online_status(App *a, bool *busy, bool *error)
{
    Online *o = a->online;
    *busy = o && o->job.running;
    *error = o && o->status_error;
    return o ? o->status : "";
}

/* A finished request: the window sits down, or says why not. */
static void job_finish(App *a)
{
    Online *o = a->online;
    OnlineJob *j = &o->job;
    if (!j->running || !atomic_load(&j->done))
        return;
    pthread_join(j->thread, NULL);
    j->running = false;
    pin_adopt(a, o, &j->pin);
    char err[320];
    if (j->kind == JOB_LOBBY) {
        if (j->own_client && !o->client)
            o->client = j->client; /* kept for the next list and the tables made here */
        else if (j->own_client)
            net_client_free(j->client);
        j->client = NULL;
        if (j->err[0]) {
            snprintf(o->status, sizeof o->status, "%s", j->err);
            o->status_error = true;
        } else {
            memcpy(o->lobby, j->lobby, sizeof o->lobby);
            o->n_lobby = j->n_lobby;
            o->status[0] = '\0';
            o->status_error = false;
        }
    } else if (j->feed && sit(a, j->feed, j->code, err, sizeof err)) {
        o->status[0] = '\0';
        o->status_error = false;
        if (j->kind == JOB_CREATE && j->spec.unlisted) {
            keep_invitation(a, &j->spec, j->code);
            int first = -1, n_kept = 0;
            for (int k = RULES_MAX_PLAYERS - 1; k >= 0; k--)
                if (j->spec.kept >> k & 1) {
                    first = k;
                    n_kept++;
                }
            if (n_kept > 1)
                app_notice(a, _("Table %s is for the friends you invite: each of their seats has "
                                "its own invitation on the Play online page; the one to seat %d "
                                "is copied."),
                           j->code, first + 1);
            else
                app_notice(a, _("Table %s is for the friends you invite: its invitation is copied "
                                "(paste it to them; it is also on the Play online page)."),
                           j->code);
        } else if (j->kind == JOB_CREATE) {
            app_notice(a, _("Table %s: give this code to the friends you play with."), j->code);
        }
    } else {
        if (j->feed)
            snprintf(o->status, sizeof o->status, _("Could not join: %s."), err);
        else
            snprintf(o->status, sizeof o->status, "%s", j->err);
        o->status_error = true;
    }
    j->feed = NULL;
    sodium_memzero(&j->keys, sizeof j->keys);
    if (menu_is_open(a->menu))
        menu_layout(a->menu);
}

const char *online_fingerprint(App *a)
{
    static char fp[SEAL_FINGERPRINT];
    Online *o = a->online;
    if (!o || !o->pin.have)
        return "";
    seal_fingerprint(o->pin.key, fp);
    return fp;
}

bool online_key_changed(App *a, char was[SEAL_FINGERPRINT], char now[SEAL_FINGERPRINT])
{
    Online *o = a->online;
    if (!o || !o->pin.changed)
        return false;
    seal_fingerprint(o->pin.key, was);
    seal_fingerprint(o->pin.offered, now);
    return true;
}

void online_trust_new_key(App *a)
{
    Online *o = a->online;
    if (!o || !o->pin.changed || o->local)
        return;
    memcpy(o->pin.key, o->pin.offered, WIRE_KEY);
    o->pin.changed = false;
    pin_store(a, o->url, o->pin.key);
    if (o->client)
        net_client_pin(o->client, o->pin.key);
    snprintf(o->status, sizeof o->status, "%s", _("The server's new dealer key is trusted."));
    o->status_error = false;
}

const char *online_code(const App *a) { return a->online && a->online->feed ? a->online->code : NULL; }

bool online_link_up(const App *a)
{
    const Online *o = a->online;
    if (!o || !o->feed)
        return false;
    MatchFeed mf = net_feed_match(o->feed);
    return mf.link(mf.user) == FEED_LINK_UP;
}

Match *app_take_online_match(App *a, const char *game)
{
    Online *o = a->online;
    if (!o || !o->pending || strcmp(o->pending_game, game) != 0)
        return NULL;
    Match *m = o->pending;
    o->pending = NULL;
    return m;
}

bool online_set_pending(App *a, const char *game, Match *m)
{
    Online *o = get(a);
    if (!o)
        return false;
    match_free(o->pending);
    o->pending = m;
    snprintf(o->pending_game, sizeof o->pending_game, "%s", game);
    return true;
}

void app_leave_online(App *a, bool finished)
{
    Online *o = a->online;
    if (!o || !o->feed)
        return;
    o->leave = true;
    o->leave_finished = finished;
    app_wake(a);
}

void online_mirror_gone(App *a, void *feed_user)
{
    Online *o = a->online;
    if (!o || !o->feed || (void *)o->feed != feed_user)
        return; /* another table's (a join replacing it frees it itself) */
    net_feed_free(o->feed);
    o->feed = NULL;
    o->code[0] = '\0';
}

void online_frame(App *a)
{
    Online *o = a->online;
    if (o)
        job_finish(a);
    if (!o || !o->leave)
        return;
    o->leave = false;
    /* The table scene goes back to its own game; then the feed (and its seat's link) go. */
    if (a->scene && a->scene->game)
        app_enter_scene(a, a->scene->id);
    net_feed_free(o->feed);
    o->feed = NULL;
    o->code[0] = '\0';
    if (o->leave_finished)
        menu_open(a->menu, PAGE_ONLINE);
}

void online_close(App *a)
{
    Online *o = a->online;
    if (!o)
        return;
    if (o->job.running) { /* a request on its way: it ends within the join's wait */
        pthread_join(o->job.thread, NULL);
        net_feed_free(o->job.feed);
        if (o->job.own_client)
            net_client_free(o->job.client);
        o->job.running = false;
    }
    match_free(o->pending);
    net_feed_free(o->feed);
    disconnect(o);
    sodium_memzero(&o->keys, sizeof o->keys);
    if (o->slot_fd >= 0)
        close(o->slot_fd); /* the slot is free for the next window */
    free(o);
    a->online = NULL;
}
