/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Play online: the window's side of networked tables. It connects (to "this computer",
 * a private nats-server and dealer started as the game's children, or to a NATS URL of the
 * settings), creates tables, lists the open ones, and joins one: the table's scene then
 * plays a mirror of it (match.h) fed by the seat's client (net/netfeed.h). Nothing here is
 * game-specific. */
#ifndef TASCA_ONLINE_H
#define TASCA_ONLINE_H

#include <stdbool.h>
#include <stddef.h>

#include "net/wire.h"
#include "ui/app.h"

enum { ONLINE_LOBBY_MAX = 24 };

/* Settings keys: online.server ("" for this computer), online.creds, online.name,
 * online.last (the code of the table the player last sat at), online.lan (this computer's
 * server open to the local network: "1" on every address, or one IPv4 address; "" or "0":
 * loopback only) and online.lan.port (the port it had, tried first). */

/* Connects as the settings say, if not connected yet. False and the reason otherwise. */
bool online_connect(App *a, char *err, size_t errsize);
/* The connection's short description ("this computer", or the URL), and whether it is up. */
const char *online_where(App *a);
/* The NATS address in use ("" when not connected): this computer's is what a second window
 * on the same machine gives as its server (its players' URL: their password in it). */
const char *online_url(App *a);
/* This computer open to the local network (the setting), set it (saved; the server is
 * started again that way at the next request), and what the page says of it: the loopback
 * note, or the address a friend types (with the players' password) and what is exposed. */
bool online_lan(App *a);
void online_set_lan(App *a, bool open);
const char *online_lan_note(App *a);
bool online_connected(App *a);
/* Asks the dealers for a table as `spec` says; its code. */
bool online_create(App *a, const MsgCreate *spec, char code[WIRE_CODE], char *err,
                   size_t errsize);
/* A new table of `g` as the settings have it: its game, rule options and away time (the
 * caller fills the seats and their number). */
void online_spec(App *a, const GameRules *g, MsgCreate *spec);
/* The same from a short form: one word per seat, "me" (seat 1 only), "open", "easy",
 * "medium", "hard"; the game's options from the settings. */
bool online_create_spec(App *a, const char *game, const char *seats, char code[WIRE_CODE],
                        char *err, size_t errsize);
/* Takes seat `seat` (-1: any free one) at table `code` and opens its table in the window.
 * False and the reason otherwise (the window stays as it was). */
bool online_join(App *a, const char *code, int seat, char *err, size_t errsize);
/* The same off the window's thread, for the menu: true when the request is on its way
 * (its progress and outcome in online_status; on success the table opens and the menu
 * closes), false and the reason when it could not be sent. */
bool online_join_async(App *a, const char *code, int seat, char *err, size_t errsize);
bool online_create_async(App *a, const MsgCreate *spec, char *err, size_t errsize);
/* What the page says: a request on its way (busy), or how the last one failed (error). */
const char *online_status(App *a, bool *busy, bool *error);
/* The tables the dealers host (at most max), newest answers first; their number. */
int online_lobby(App *a, MsgTable *out, int max);
/* The same off the window's thread (connecting first if need be): true when the request is
 * on its way (its progress in online_status); online_lobby_take then gives the list once
 * (its number of tables; -1 while there is no new list). */
bool online_lobby_async(App *a, char *err, size_t errsize);
int online_lobby_take(App *a, MsgTable *out, int max);
/* The code of the table the window shows (NULL when offline), and whether its link is up. */
const char *online_code(const App *a);
/* Each window its own player: windows on the same profile hold identity slots 1, 2... in
 * turn (the first free one), each with its own keys (online.keys, online-2.keys...), name
 * and last table. online_key gives the settings key of `base` for this window's slot
 * ("online.name" in slot 1, "online.name.2" in slot 2). */
int online_slot(App *a);
/* The invitation to the private table the window made and sits at ("" otherwise):
 * tasca:URL/CODE#SECRET, which opens every seat (its creator's). */
const char *online_invitation(App *a);
/* The invitation to the last private table the window made, seated at it or not. */
const char *online_made_invitation(App *a);
/* At a private table every seat for a person but the creator's is kept for one friend
 * (MsgCreate.kept, invite.h): online_keep_seats sets them in a table request, and
 * online_seat_invitation gives the invitation to seat `seat` of the table the window made
 * ("" when that seat is not kept); the first of them is copied to the clipboard when the
 * table is made. */
void online_keep_seats(MsgCreate *spec);
const char *online_seat_invitation(App *a, int seat);
/* To the clipboard again: the invitation to kept seat `seat`, or (-1) the table's own. */
void online_copy_invitation(App *a, int seat);
const char *online_key(App *a, const char *base);
/* The server's dealer key as the player compares it with the one its owner gives ("" while
 * none is known yet: it is trusted on first use). */
const char *online_fingerprint(App *a);
/* The server answered under another dealer key than the one trusted: both fingerprints. */
bool online_key_changed(App *a, char was[20], char now[20]);
/* The player accepts the new key deliberately: it replaces the old one for this server. */
void online_trust_new_key(App *a);
bool online_link_up(const App *a);

/* For the table scene: the mirror waiting for `game`'s table (NULL: none), and leaving the
 * networked table (done at the next frame: the scene goes back to the offline game, and
 * when `finished`, the Play online page opens). */
Match *app_take_online_match(App *a, const char *game);
/* For tests: `m` (a mirror, match_mirror) waits for `game`'s table as a joined table's
 * does, without a connection; the table scene entered next takes it. */
bool online_set_pending(App *a, const char *game, Match *m);
void app_leave_online(App *a, bool finished);
/* The table scene let go of a mirror whose feed was `feed_user` (the player switched to
 * another game): when it is the table the window was at, its link goes too. */
void online_mirror_gone(App *a, void *feed_user);
/* Every frame, before the scene's update; and when the app closes. */
void online_frame(App *a);
void online_close(App *a);

#endif
