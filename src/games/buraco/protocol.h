/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buraco bot protocol of the original contest judge (RULES.md §3), both directions:
 * parsing what a bot sends, checking it against the game and turning it into actions,
 * and the text the judge sends. Pure C: no I/O here (the judge and the client in src/cli
 * do the pipes).
 *
 * Lines are UTF-8; a card is its value (A 2 .. 10 J Q K) followed at once by its suit
 * (♥ ♦ ♣ ♠); a card list is "[ c1 c2 ... ]". Commands of the player to move:
 *   GET_STOCK                    then reads the card drawn
 *   GET_DISCARD [ c1 c2 ... ]    then reads the list of the pile below its top
 *   MELD_NEW [ c1 c2 c3 ... ]
 *   MELD_JOIN i [ c1 ... ]       i: the team's meld in order of creation, from 0
 *   DISCARD c                    ends the turn
 * As in the original judge, the brackets may be left out for GET_DISCARD, MELD_NEW and
 * DISCARD, but not for MELD_JOIN, and words are separated by spaces. */
#ifndef TASCA_BURACO_PROTOCOL_H
#define TASCA_BURACO_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>

#include "buraco.h"

/* Longest line either side may send; anything longer is a flood. */
#define PROTO_LINE_MAX 4096
/* Most cards a command may name (a meld holds 14; GET_DISCARD names hand cards). */
#define PROTO_MAX_CARDS 104
/* Most actions one command becomes (a 14-card meld: a three-card meld, its wild, joins). */
#define PROTO_MAX_ACTIONS 16

typedef enum {
    PROTO_GET_STOCK,
    PROTO_GET_DISCARD,
    PROTO_MELD_NEW,
    PROTO_MELD_JOIN,
    PROTO_DISCARD,
} ProtoCommandType;

typedef struct {
    ProtoCommandType type;
    int meld; /* MELD_JOIN */
    int n;    /* cards named */
    Card cards[PROTO_MAX_CARDS];
} ProtoCommand;

/* Why a bot is disqualified. */
typedef enum {
    PROTO_OK,
    PROTO_FAULT_UNKNOWN,  /* not one of the commands */
    PROTO_FAULT_FORMAT,   /* a command without its arguments, or with wrong ones */
    PROTO_FAULT_CARD,     /* a word that is not a card */
    PROTO_FAULT_ORDER,    /* a command out of order (not drawing first, drawing twice) */
    PROTO_FAULT_MELD,     /* cards that do not make a meld */
    PROTO_FAULT_NOT_HELD, /* a card the bot does not hold */
    PROTO_FAULT_TIMEOUT,  /* nothing within the time limit */
    PROTO_FAULT_EXITED,   /* the program ended, crashed or closed its output */
    PROTO_FAULT_FLOOD,    /* a line too long, or too much output */
    PROTO_FAULT_COUNT
} ProtoFault;

const char *proto_fault_name(ProtoFault f); /* "invalid meld" */
/* Takes the first complete line out of buf (len bytes, updated), without its "\n" or
 * "\r\n", into line (room for the line and a NUL); false when no line is complete. */
bool proto_take_line(char *buf, size_t *len, char *line);

/* One card exactly as the protocol writes it ("10♦"); false otherwise. */
bool proto_parse_card(const char *text, size_t len, Card *out);
/* Writes "[ c1 c2 ]" ("[ ]" when empty); returns its length. out has room for
 * PROTO_LINE_MAX bytes (longer lists are cut). */
size_t proto_format_cards(const Card *cards, int n, char *out, size_t size);
/* A card list "[ c1 c2 ... ]" (brackets optional when `loose`) into cards; returns the
 * count, or -1 when it is not one. */
int proto_parse_cards(const char *text, bool loose, Card *out, int max);

/* Parses one line a bot sent (without its newline; a trailing CR is ignored). On a fault
 * returns it and writes a one-line reason. */
ProtoFault proto_parse_command(const char *line, ProtoCommand *cmd, char *why, size_t whysize);

/* Checks a parsed command against the game (s: the full state, or the player's view) for
 * the seat to move and turns it into rules actions, in order; *n gets their count. Each
 * action applies in turn from s. On a fault returns it with a reason, and *n is 0. */
ProtoFault proto_command_actions(const BuracoState *s, const ProtoCommand *cmd,
                                 Action out[PROTO_MAX_ACTIONS], int *n, char *why,
                                 size_t whysize);

/* The text the judge sends the other players for a command already checked (s: the state
 * before it): MELD_NEW lists the meld in sequence order. */
void proto_broadcast_text(const BuracoState *s, const ProtoCommand *cmd, char *out,
                          size_t size);

/* What the player who sent a draw reads back (RULES.md §3): after GET_STOCK the card drawn
 * (from `after`, the state once the draw is dealt), after GET_DISCARD the list of the pile
 * below its top card (from `before`). Other commands get no answer: out is "". */
void proto_reply_text(const BuracoState *before, const BuracoState *after,
                      const ProtoCommand *cmd, char *out, size_t size);

/* The commands a client sends for a run of its own actions: actions from `first` on, all
 * of one turn (as a bot decides them one by one), become as few commands as the protocol
 * allows: a new meld and the joins that follow it make one MELD_NEW, joins to one meld
 * one MELD_JOIN. Writes the line of the first command and returns how many actions it
 * covers (0 when acts[0] cannot start one, e.g. a "meld .. +wild" without its wild). */
int proto_actions_command(const BuracoState *s, const Action *acts, int n, char *out,
                          size_t size);

#endif
