/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The messages of networked tables, as bytes (pure C: no NATS, no crypto here).
 *
 * Every message is a little-endian byte string: magic "TSC1", a type byte, then the
 * fields of that type in order. Integers are fixed width; a string or byte field is a
 * u16 (u32 for `view`) length then its bytes. Decoding never trusts its input: a short,
 * long, oversized or inconsistent message is refused with a reason and nothing is read
 * past its end. The secrecy and signatures around these bytes are seal.h's. */
#ifndef TASCA_WIRE_H
#define TASCA_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../engine/rules.h"

#define WIRE_MAGIC "TSC2" /* 2: fair deals (commitments, contributions, proofs) */
#define WIRE_MAX 65536     /* the largest message either side sends or accepts */
#define WIRE_CODE 8        /* a table code: up to 7 characters [A-Z2-9] + NUL */
#define WIRE_NAME 32       /* a player's name: up to 31 bytes of UTF-8 + NUL */
#define WIRE_GAME 16       /* a game id ("twentyone") + NUL */
#define WIRE_REASON 160    /* a refusal: one line of text + NUL */
#define WIRE_KEY 32        /* a public key (Ed25519 or X25519) */
#define WIRE_HASH 32       /* a deal's commitment, secret or a seat's contribution (deal.h) */
#define WIRE_ACTION_HIDDEN ACTION_HIDDEN /* an action the seat may not know (a closed card) */
/* A seat's "play again": sent as an action (MsgAct) once the game is over, it asks for the
 * next game at the same table; no game's rules use it. */
#define WIRE_ACTION_AGAIN (INT32_MIN + 1)

typedef enum {
    MSG_CREATE = 1, /* client -> dealers (sealed to the dealer): host a new table */
    MSG_CREATED,    /* dealer -> client (reply, plain): the code, or why not */
    MSG_JOIN,       /* client -> table (signed by the client, plain): take or retake a seat */
    MSG_JOINED,     /* dealer -> client (reply, plain): the seat, or why not */
    MSG_ACT,        /* client -> table (signed by the seat, sealed to the dealer) */
    MSG_ACK,        /* dealer -> client (reply, plain): applied, or refused and why */
    MSG_VIEW,       /* dealer -> seat (signed by the dealer, sealed to the seat) */
    MSG_TABLE,      /* dealer -> everyone (plain, lobby): a table's public description */
    MSG_RECORD,     /* dealer -> its own store (secret box): one entry of a table's record */
    MSG_HERE,       /* client -> table (signed by the seat, plain): the seat's player is here */
    MSG_TYPE_END
} MsgType;

/* How a seat is filled when the table is created. */
typedef enum { WSEAT_OPEN, WSEAT_BOT } WireSeatKind;
/* What a seat is now (lobby and plates). */
typedef enum {
    WSTATE_EMPTY,     /* open, nobody has taken it yet */
    WSTATE_PLAYER,    /* its player is connected */
    WSTATE_AWAY,      /* its player dropped; the seat waits for them */
    WSTATE_BOT,       /* a bot of the table's own */
    WSTATE_STAND_IN   /* a bot plays for a player who stayed away too long */
} WireSeatState;

typedef struct {
    uint8_t kind;       /* WireSeatKind */
    uint8_t difficulty; /* Difficulty, for a bot seat */
} WireSeatSpec;

typedef struct {
    char game[WIRE_GAME];
    uint8_t num_players;
    uint8_t n_options;
    int32_t options[RULES_MAX_OPTIONS];
    /* A seed of the creator's own is honoured only when the creator names the key of every
     * seat for a person (own_seats: an arena of its own bots, `tasca sim --nats`): such a
     * table is marked `fixed` and nobody else may sit at it. Otherwise it is ignored and
     * every deal is a fair one (deal.h). */
    uint64_t seed;
    bool own_seats;
    uint8_t seat_keys[RULES_MAX_PLAYERS][WIRE_KEY]; /* Ed25519, per seat (own_seats) */
    /* A private table (invite.h): listed nowhere, joined only with the invitation's secret. */
    bool unlisted;
    uint8_t invite[WIRE_HASH];
    uint8_t kept; /* a private table's seats (bits) kept each for the one its invitation names */
    uint16_t away_seconds; /* a seat left empty this long may be taken over by a bot */
    WireSeatSpec seats[RULES_MAX_PLAYERS];
    uint8_t reply_key[WIRE_KEY]; /* X25519: the creator's box key (not used for secrets yet) */
    /* The player asking (limits.h: tables and creates per client): its own Ed25519 key and
     * its signature over "tasca create" and the request's one-time key (the first 32 bytes
     * of the request), so nobody asks in another's name. Inside the request's sealed box:
     * only the dealer sees it, and tables stay unlinkable on the broker. */
    uint8_t client_key[WIRE_KEY];
    uint8_t client_sig[64];
} MsgCreate;

typedef struct {
    bool ok;
    char code[WIRE_CODE]; /* empty when refused */
    char reason[WIRE_REASON];
} MsgCreated;

typedef struct {
    char code[WIRE_CODE];
    int8_t seat;                /* -1: any free seat */
    char name[WIRE_NAME];
    uint8_t sign_key[WIRE_KEY]; /* Ed25519: signs the seat's actions; owns the seat */
    uint8_t box_key[WIRE_KEY];  /* X25519: views are sealed to it */
    /* The client's clock in milliseconds, raised by one when it has not moved: a join that
     * would change the seat (its box key, its name) must be later than the last one that
     * did (recorded), so an old join copied off the wire cannot change it back. */
    uint64_t stamp;
    /* Fair deals: the table's commitment as the seat was told it (all zero: not known yet,
     * the dealer refuses with it), and the seat's contribution to the deals. */
    uint8_t commit[WIRE_HASH];
    uint8_t rand[WIRE_HASH];
    uint8_t invite_proof[WIRE_HASH]; /* at a private table: made with its secret (invite.h) */
} MsgJoin;

typedef struct {
    bool ok;
    int8_t seat;                     /* -1 when refused */
    uint32_t next_seq;               /* the sequence number the seat's next action must carry */
    uint8_t dealer_sign[WIRE_KEY];   /* Ed25519 key that signs this table's views */
    uint8_t dealer_box[WIRE_KEY];    /* X25519 key actions are sealed to */
    uint8_t commit[WIRE_HASH];       /* the table's deal commitment (zero: a fixed table) */
    char reason[WIRE_REASON];
} MsgJoined;

typedef struct {
    char code[WIRE_CODE];
    int8_t seat;
    uint32_t seq;      /* 1, 2, 3 ... per seat: each number is accepted once */
    uint32_t at;       /* the number of actions the sender had seen (its view's `seq`) */
    int32_t action;
} MsgAct;

typedef struct {
    bool ok;
    uint32_t seq;      /* the action's seq */
    uint32_t applied;  /* the table's action count after it */
    char reason[WIRE_REASON];
} MsgAck;

typedef struct {
    char code[WIRE_CODE];
    int8_t seat;
    uint16_t game_no;    /* the game at this table it belongs to: 0, then 1, 2... (play again) */
    uint32_t seq;        /* actions applied so far in that game (chance included) */
    int8_t last_player;  /* who made action seq (PLAYER_CHANCE for a deal; -3: none yet) */
    int32_t last_action; /* that action, or WIRE_ACTION_HIDDEN when this seat cannot know it */
    uint32_t next_seq;   /* the seq this seat's next action must carry */
    uint32_t view_len;
    const uint8_t *view; /* observe(state, seat): points into the decoded buffer */
    /* Once the game is over at a fair table: its proof (deal.h), so that the seat checks
     * every card it was shown against the commitment. Points into the decoded buffer. */
    uint32_t proof_len;
    const uint8_t *proof;
    /* The dealer process's epoch (random at its start): the seat's signs of life must carry
     * it, so that one copied off the wire before a restart counts for nothing after. */
    uint64_t epoch;
} MsgView;

typedef struct {
    uint8_t state;   /* WireSeatState */
    uint8_t difficulty;
    char name[WIRE_NAME];
    uint16_t away_left; /* seconds before a bot stands in (WSTATE_AWAY) */
    bool again;         /* once over: the seat asked to play again (a bot's always has) */
} WireSeatInfo;

typedef struct {
    char code[WIRE_CODE];
    char game[WIRE_GAME];
    uint8_t num_players;
    uint8_t n_options;
    int32_t options[RULES_MAX_OPTIONS];
    uint16_t game_no;   /* the game being played: 0, then 1, 2... at the same table */
    uint32_t seq;       /* actions so far in it */
    bool over;          /* the game has ended */
    bool fixed;         /* dealt from its creator's seed: its creator's seats only */
    WireSeatInfo seats[RULES_MAX_PLAYERS];
    int8_t result[RULES_MAX_PLAYERS]; /* once over, per seat: 1 won, 0 drawn, -1 lost */
} MsgTable;

/* A seat's sign of life, sent every few seconds while its player is at the table. Signed
 * (detached) by the seat's Ed25519 key; `stamp` rises with every beat (the sender's clock
 * in milliseconds), so a beat copied off the wire and sent again counts for nothing.
 * `seen` and `game_no`: the step count and game of the latest view the seat has had, so
 * that a seat behind the table (a view lost on the way) is sent the table's view again. */
typedef struct {
    char code[WIRE_CODE];
    int8_t seat;
    uint64_t stamp;
    uint32_t seen;
    uint16_t game_no;
    uint64_t epoch; /* the dealer's, from the seat's latest view */
} MsgHere;

/* A table's private record, one entry per message in the store. */
typedef enum {
    REC_OPEN = 1, /* game, options, seed, seats: the table is created */
    REC_SEAT,     /* a seat's keys and name (a join, or a return with new keys) */
    REC_ACTION,   /* action number n: who, what, and the seat's seq for it */
    REC_CLOSE,    /* the table is over and removed */
    REC_NEXT      /* every seat asked to play again: game number n begins at the same table */
} RecordKind;

typedef struct {
    uint8_t kind; /* RecordKind */
    char code[WIRE_CODE];
    /* REC_OPEN */
    MsgCreate open;
    uint8_t secret[WIRE_HASH]; /* the top of the table's chain of deal secrets (deal.h) */
    /* REC_SEAT */
    int8_t seat;
    char name[WIRE_NAME];
    uint8_t sign_key[WIRE_KEY];
    uint8_t box_key[WIRE_KEY];
    uint8_t rand[WIRE_HASH]; /* the seat's contribution to the deals */
    uint64_t stamp;          /* the join's (MsgJoin.stamp) */
    /* REC_ACTION (REC_NEXT: the new game's number) */
    uint32_t n;
    int8_t player; /* a seat, or PLAYER_CHANCE for a deal */
    int32_t action;
    uint32_t seq;  /* REC_ACTION: the seat's seq for it; REC_SEAT: the seat's next (0: none) */
    /* REC_ACTION: the game at the table it belongs to (an action copied from an earlier game
     * is no action of this one: a compacted record no longer holds its original). */
    uint16_t game;
} MsgRecord;

/* One decoded message of any type. */
typedef struct {
    uint8_t type; /* MsgType */
    union {
        MsgCreate create;
        MsgCreated created;
        MsgJoin join;
        MsgJoined joined;
        MsgAct act;
        MsgAck ack;
        MsgView view;
        MsgTable table;
        MsgRecord record;
        MsgHere here;
    } u;
} WireMsg;

/* Encodes `m` into out[cap]; returns its length, or 0 when it does not fit or a field is
 * out of range (a name too long, a view over WIRE_MAX). */
size_t wire_encode(const WireMsg *m, uint8_t *out, size_t cap);
/* Decodes buf[len]. NULL on success (a MsgView's `view` points into buf; what the type does
 * not carry is zeroed); otherwise a short static reason ("truncated", "unknown type",
 * "trailing bytes", "bad name") and *m is unspecified. Strings are checked: NUL-free, valid
 * length, UTF-8 without control characters for names and reasons; codes use only the code
 * alphabet. */
const char *wire_decode(const uint8_t *buf, size_t len, WireMsg *m);

/* A table code is 1..7 characters of "ABCDEFGHJKLMNPQRSTUVWXYZ23456789" (no 0/O, 1/I). */
bool wire_code_valid(const char *code);
/* A fresh code of 6 characters from 64 random bits. */
void wire_code_make(uint64_t bits, char out[WIRE_CODE]);

#endif
