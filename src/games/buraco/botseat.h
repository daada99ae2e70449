/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A bot program playing one seat of a Buraco match over the protocol (RULES.md §3), the
 * way the judge runs it, for the table: the program is started with the four start lines;
 * every applied action is told to it (botseat_heard: the other seats' moves as protocol
 * commands, each turn's player id, the answers to its draws); its commands are read,
 * checked and handed out one action at a time (botseat_poll). Nothing here waits for the
 * program: poll reads what has arrived, so a table can call it every frame.
 * Pure C + POSIX, no SDL. */
#ifndef TASCA_BURACO_BOTSEAT_H
#define TASCA_BURACO_BOTSEAT_H

#include <stdbool.h>

#include "botproc.h"
#include "buraco.h"
#include "protocol.h"

typedef enum { BOTSEAT_WAIT, BOTSEAT_ACTION, BOTSEAT_FAULT } BotSeatPoll;

typedef struct {
    BotProc proc;
    bool running;
    int seat;
    int timeout_ms;
    char ids[RULES_MAX_PLAYERS][64];
    /* Moves of the other seats not yet told (a meld whose wild is still to come). */
    BuracoState base; /* the state before pend[0] */
    Action pend[PROTO_MAX_ACTIONS];
    int n_pend;
    int turn_told; /* turns whose player id was sent: s->turns + 1 once told */
    /* The command being played. */
    ProtoCommand cmd;
    BuracoState before;
    Action acts[PROTO_MAX_ACTIONS];
    int n_acts, next;
    bool answer_due;
    bool waiting;
    long long deadline_ns;
    /* Once disqualified: why (the fault's name, then what happened). */
    ProtoFault fault;
    char why[PROTO_LINE_MAX / 4];
} BotSeat;

/* Starts `argv` (argv[0]: the program; no shell) for `seat` of the game s (dealt, in its
 * draw phase); ids: every seat's protocol id. False when it cannot start (fault set). */
bool botseat_start(BotSeat *b, char *const argv[], const BuracoState *s, int seat,
                   const char *const ids[]);
/* Every applied action (player: who acted, or PLAYER_CHANCE); after: the state now. */
void botseat_heard(BotSeat *b, const BuracoState *after, int player, Action a);
/* Services the pipes; when the program's seat is to move in s and its next action is
 * ready, BOTSEAT_ACTION with it in *out (the caller applies it, then tells botseat_heard).
 * BOTSEAT_FAULT once it is disqualified (b->fault, b->why). now_ns: clock_now_ns(). */
BotSeatPoll botseat_poll(BotSeat *b, const BuracoState *s, long long now_ns, Action *out);
/* Ends the program (at once) and frees what it held. Safe to call twice. */
void botseat_stop(BotSeat *b);

#endif
