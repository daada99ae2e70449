/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A networked seat as a match's feed (match.h's MatchFeed): the window's table mirrors a
 * table a dealer holds, through one client. Views arrive on libnats threads and wait in a
 * queue for the window's thread; the seat's actions go out on a thread of the feed's own,
 * sent again until the dealer answers (net_client_act), so the window never waits on the
 * network. Pure C (libnats), no SDL. */
#ifndef TASCA_NETFEED_H
#define TASCA_NETFEED_H

#include "../engine/match.h"
#include "net.h"

typedef struct NetFeed NetFeed;

/* Takes seat `seat` (-1: any free one) of table `code` through `c`, and waits up to
 * timeout_ms for the table's description and the seat's first view. `wake` (may be NULL)
 * is called from other threads whenever something arrives for the window. NULL and the
 * reason when the seat could not be taken. The feed owns the client from then on, whether
 * it was made or not. */
NetFeed *net_feed_join(NetClient *c, const char *code, int seat, void (*wake)(void *),
                       void *wake_user, int timeout_ms, char *err, size_t errsize);
/* Closes the client's connection (an action on its way is abandoned: the seat stays the
 * player's, and the same keys take it back), stops the sender and frees both; NULL is
 * ignored. */
void net_feed_free(NetFeed *f);

int net_feed_seat(const NetFeed *f);
/* The client the feed owns. */
NetClient *net_feed_client(NetFeed *f);
/* The table's public description (game, options, seats), as last heard. */
void net_feed_table(NetFeed *f, MsgTable *out);
/* The feed's functions, as a match's feed takes them. */
MatchFeed net_feed_match(NetFeed *f);
/* The mirror of the table for the feed's seat, from the first view (the feed must outlive
 * it). NULL and the reason when the view is not a state of `rules`. */
Match *net_feed_mirror(NetFeed *f, const GameRules *rules, char *err, size_t errsize);

#endif
