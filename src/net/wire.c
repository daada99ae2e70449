/* SPDX-License-Identifier: GPL-3.0-or-later */
/* See wire.h. One function per message lists its fields once; a cursor runs it both ways
 * (encoding writes each field, decoding reads it), and the same range checks follow each
 * field in both directions, so what encodes is exactly what decodes. */
#include "wire.h"

#include <string.h>

#include "../engine/ai/bot.h"

static const char code_alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

typedef struct {
    uint8_t *out;      /* encoding into out[cap]; NULL when decoding */
    const uint8_t *in; /* decoding from in[cap] */
    size_t cap, pos;
    const char *err; /* the first refusal: every later step is a no-op */
} Cur;

static void check(Cur *c, bool ok, const char *why)
{
    if (!c->err && !ok)
        c->err = why;
}

/* Are n more bytes there (decoding) or room for them (encoding)? */
static bool room(Cur *c, size_t n)
{
    check(c, n <= c->cap - c->pos, c->out ? "too long" : "truncated");
    return !c->err;
}

/* Moves n bytes between p and the message. */
static void io_raw(Cur *c, void *p, size_t n)
{
    if (!room(c, n) || n == 0)
        return;
    if (c->out)
        memcpy(c->out + c->pos, p, n);
    else
        memcpy(p, c->in + c->pos, n);
    c->pos += n;
}

/* An n-byte little-endian unsigned: writes v, or returns what was read (0 on a refusal). */
static uint64_t io_uint(Cur *c, uint64_t v, int n)
{
    uint8_t b[8];
    for (int i = 0; i < n; i++)
        b[i] = (uint8_t)(v >> 8 * i);
    io_raw(c, b, (size_t)n);
    if (c->err)
        return 0;
    v = 0;
    for (int i = 0; i < n; i++)
        v |= (uint64_t)b[i] << 8 * i;
    return v;
}

static void io_u8(Cur *c, uint8_t *v, unsigned lo, unsigned hi, const char *why)
{
    *v = (uint8_t)io_uint(c, *v, 1);
    check(c, *v >= lo && *v <= hi, why);
}

static void io_bool(Cur *c, bool *v)
{
    uint8_t b = *v;
    io_u8(c, &b, 0, 1, "bad bool");
    *v = b;
}

static void io_u16(Cur *c, uint16_t *v)
{
    *v = (uint16_t)io_uint(c, *v, 2);
}
static void io_u32(Cur *c, uint32_t *v)
{
    *v = (uint32_t)io_uint(c, *v, 4);
}
static void io_u64(Cur *c, uint64_t *v)
{
    *v = io_uint(c, *v, 8);
}

/* Two's complement by arithmetic: converting an out-of-range value to a signed type is
 * implementation-defined. */
static void io_i32(Cur *c, int32_t *v)
{
    uint32_t u = (uint32_t)io_uint(c, (uint32_t)*v, 4);
    *v = u <= INT32_MAX ? (int32_t)u : (int32_t)(u - 0x80000000u) + INT32_MIN;
}

static void io_i8(Cur *c, int8_t *v, int lo, int hi, const char *why)
{
    unsigned u = (unsigned)io_uint(c, (uint8_t)*v, 1);
    int s = u < 128 ? (int)u : (int)u - 256;
    *v = (int8_t)s;
    check(c, s >= lo && s <= hi, why);
}

/* ---- Strings --------------------------------------------------------------------------- */

typedef bool (*TextCheck)(const char *s, size_t n);

/* UTF-8 (shortest form, no surrogates) without control characters (C0, DEL, C1). */
static bool text_ok(const char *s, size_t n)
{
    static const uint32_t least[4] = {0, 0x80, 0x800, 0x10000};
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n;) {
        unsigned b = p[i];
        int extra = b < 0x80 ? 0 : b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : -1;
        if (extra < 0 || b > 0xF4 || (size_t)extra >= n - i)
            return false;
        uint32_t cp = extra ? b & (0x3Fu >> extra) : b;
        for (int k = 1; k <= extra; k++) {
            if ((p[i + k] & 0xC0) != 0x80)
                return false;
            cp = cp << 6 | (p[i + k] & 0x3Fu);
        }
        if (cp < least[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
            return false;
        i += (size_t)extra + 1;
    }
    return true;
}

static bool code_ok(const char *s, size_t n)
{
    if (n < 1 || n >= WIRE_CODE)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!s[i] || !strchr(code_alphabet, s[i]))
            return false;
    return true;
}

/* A refused table is created without a code. */
static bool empty_ok(const char *s, size_t n)
{
    (void)s;
    return n == 0;
}

static bool game_ok(const char *s, size_t n)
{
    if (n < 1)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
            return false;
    return true;
}

/* A u16 length then the bytes of s, a NUL-terminated string in a buffer of `size`. */
static void io_str(Cur *c, char *s, size_t size, TextCheck ok, const char *why)
{
    size_t n = (size_t)io_uint(c, c->out ? strnlen(s, size) : 0, 2);
    check(c, n < size, why); /* encoding: n == size is a string without its NUL */
    if (c->err)
        return;
    io_raw(c, s, n);
    if (c->err)
        return;
    s[n] = '\0';
    check(c, !memchr(s, '\0', n) && ok(s, n), why);
}

/* ---- Messages -------------------------------------------------------------------------- */

static void io_seat(Cur *c, int8_t *seat, bool any)
{
    io_i8(c, seat, any ? -1 : 0, RULES_MAX_PLAYERS - 1, "bad seat");
}

static void io_options(Cur *c, uint8_t *n, int32_t options[RULES_MAX_OPTIONS])
{
    io_u8(c, n, 0, RULES_MAX_OPTIONS, "bad number of options");
    for (int i = 0; i < *n && !c->err; i++)
        io_i32(c, &options[i]);
}

/* The seat arrays follow num_players; a refused count stops every loop (c->err). */
static void io_players(Cur *c, uint8_t *n)
{
    io_u8(c, n, 1, RULES_MAX_PLAYERS, "bad number of players");
}

static void io_create(Cur *c, MsgCreate *m)
{
    io_str(c, m->game, WIRE_GAME, game_ok, "bad game");
    io_players(c, &m->num_players);
    io_options(c, &m->n_options, m->options);
    io_u64(c, &m->seed);
    io_u16(c, &m->away_seconds);
    io_bool(c, &m->own_seats);
    for (int i = 0; i < m->num_players && !c->err; i++) {
        io_u8(c, &m->seats[i].kind, WSEAT_OPEN, WSEAT_BOT, "bad seat kind");
        io_u8(c, &m->seats[i].difficulty, 0, DIFF_COUNT - 1, "bad difficulty");
        if (m->own_seats)
            io_raw(c, m->seat_keys[i], WIRE_KEY);
    }
    io_raw(c, m->reply_key, WIRE_KEY);
    io_bool(c, &m->unlisted);
    if (m->unlisted) {
        io_raw(c, m->invite, WIRE_HASH);
        io_u8(c, &m->kept, 0, (1u << RULES_MAX_PLAYERS) - 1, "bad kept seats");
    }
    io_raw(c, m->client_key, WIRE_KEY);
    io_raw(c, m->client_sig, 64);
}

static void io_created(Cur *c, MsgCreated *m)
{
    io_bool(c, &m->ok);
    io_str(c, m->code, WIRE_CODE, m->ok ? code_ok : empty_ok, "bad code");
    io_str(c, m->reason, WIRE_REASON, text_ok, "bad reason");
}

static void io_join(Cur *c, MsgJoin *m)
{
    io_str(c, m->code, WIRE_CODE, code_ok, "bad code");
    io_seat(c, &m->seat, true);
    io_str(c, m->name, WIRE_NAME, text_ok, "bad name");
    io_raw(c, m->sign_key, WIRE_KEY);
    io_raw(c, m->box_key, WIRE_KEY);
    io_u64(c, &m->stamp);
    io_raw(c, m->commit, WIRE_HASH);
    io_raw(c, m->rand, WIRE_HASH);
    io_raw(c, m->invite_proof, WIRE_HASH);
}

static void io_joined(Cur *c, MsgJoined *m)
{
    io_bool(c, &m->ok);
    io_seat(c, &m->seat, !m->ok);
    io_u32(c, &m->next_seq);
    io_raw(c, m->dealer_sign, WIRE_KEY);
    io_raw(c, m->dealer_box, WIRE_KEY);
    io_raw(c, m->commit, WIRE_HASH);
    io_str(c, m->reason, WIRE_REASON, text_ok, "bad reason");
}

static void io_act(Cur *c, MsgAct *m)
{
    io_str(c, m->code, WIRE_CODE, code_ok, "bad code");
    io_seat(c, &m->seat, false);
    io_u32(c, &m->seq);
    io_u32(c, &m->at);
    io_i32(c, &m->action);
}

static void io_ack(Cur *c, MsgAck *m)
{
    io_bool(c, &m->ok);
    io_u32(c, &m->seq);
    io_u32(c, &m->applied);
    io_str(c, m->reason, WIRE_REASON, text_ok, "bad reason");
}

/* A u32 length then that many bytes, which stay where they are: encoding copies them from
 * *p, decoding points *p into the buffer (the caller keeps it). */
static void io_bytes(Cur *c, uint32_t *len, const uint8_t **p, const char *why)
{
    io_u32(c, len);
    check(c, *len <= WIRE_MAX && (*p || !*len || !c->out), why);
    if (!room(c, *len))
        return;
    if (c->out && *len)
        memcpy(c->out + c->pos, *p, *len);
    else if (!c->out)
        *p = *len ? c->in + c->pos : NULL; /* no copy */
    c->pos += *len;
}

static void io_view(Cur *c, MsgView *m)
{
    io_str(c, m->code, WIRE_CODE, code_ok, "bad code");
    io_seat(c, &m->seat, false);
    io_u16(c, &m->game_no);
    io_u32(c, &m->seq);
    io_i8(c, &m->last_player, -3, RULES_MAX_PLAYERS - 1, "bad last player");
    check(c, m->last_player != PLAYER_TERMINAL, "bad last player");
    io_i32(c, &m->last_action);
    io_u32(c, &m->next_seq);
    io_bytes(c, &m->view_len, &m->view, "bad view length");
    io_bytes(c, &m->proof_len, &m->proof, "bad proof length");
    io_u64(c, &m->epoch);
}

static void io_table(Cur *c, MsgTable *m)
{
    io_str(c, m->code, WIRE_CODE, code_ok, "bad code");
    io_str(c, m->game, WIRE_GAME, game_ok, "bad game");
    io_players(c, &m->num_players);
    io_options(c, &m->n_options, m->options);
    io_u16(c, &m->game_no);
    io_u32(c, &m->seq);
    io_bool(c, &m->over);
    io_bool(c, &m->fixed);
    for (int i = 0; i < m->num_players && !c->err; i++) {
        WireSeatInfo *s = &m->seats[i];
        io_u8(c, &s->state, WSTATE_EMPTY, WSTATE_STAND_IN, "bad seat state");
        io_u8(c, &s->difficulty, 0, DIFF_COUNT - 1, "bad difficulty");
        io_str(c, s->name, WIRE_NAME, text_ok, "bad name");
        io_u16(c, &s->away_left);
        io_bool(c, &s->again);
        io_i8(c, &m->result[i], -1, 1, "bad result");
    }
}

static void io_record(Cur *c, MsgRecord *m)
{
    io_u8(c, &m->kind, REC_OPEN, REC_NEXT, "bad record kind");
    io_str(c, m->code, WIRE_CODE, code_ok, "bad code");
    if (c->err)
        return;
    switch (m->kind) {
    case REC_OPEN:
        io_create(c, &m->open);
        io_raw(c, m->secret, WIRE_HASH);
        break;
    case REC_SEAT:
        io_seat(c, &m->seat, false);
        io_str(c, m->name, WIRE_NAME, text_ok, "bad name");
        io_raw(c, m->sign_key, WIRE_KEY);
        io_raw(c, m->box_key, WIRE_KEY);
        io_raw(c, m->rand, WIRE_HASH);
        io_u64(c, &m->stamp);
        io_u32(c, &m->seq);
        break;
    case REC_ACTION:
        io_u32(c, &m->n);
        io_i8(c, &m->player, PLAYER_CHANCE, RULES_MAX_PLAYERS - 1, "bad player");
        io_i32(c, &m->action);
        io_u32(c, &m->seq);
        io_u16(c, &m->game);
        break;
    case REC_NEXT: io_u32(c, &m->n); break;
    default: break; /* REC_CLOSE: the code says it all */
    }
}

static void io_here(Cur *c, MsgHere *m)
{
    io_str(c, m->code, WIRE_CODE, code_ok, "bad code");
    io_seat(c, &m->seat, false);
    io_u64(c, &m->stamp);
    io_u32(c, &m->seen);
    io_u16(c, &m->game_no);
    io_u64(c, &m->epoch);
}

static void io_msg(Cur *c, WireMsg *m)
{
    uint8_t magic[4];
    memcpy(magic, WIRE_MAGIC, 4);
    io_raw(c, magic, 4);
    check(c, memcmp(magic, WIRE_MAGIC, 4) == 0, "bad magic");
    io_u8(c, &m->type, MSG_CREATE, MSG_TYPE_END - 1, "unknown type");
    if (c->err)
        return;
    switch (m->type) {
    case MSG_CREATE: io_create(c, &m->u.create); break;
    case MSG_CREATED: io_created(c, &m->u.created); break;
    case MSG_JOIN: io_join(c, &m->u.join); break;
    case MSG_JOINED: io_joined(c, &m->u.joined); break;
    case MSG_ACT: io_act(c, &m->u.act); break;
    case MSG_ACK: io_ack(c, &m->u.ack); break;
    case MSG_VIEW: io_view(c, &m->u.view); break;
    case MSG_TABLE: io_table(c, &m->u.table); break;
    case MSG_HERE: io_here(c, &m->u.here); break;
    default: io_record(c, &m->u.record); break;
    }
}

size_t wire_encode(const WireMsg *m, uint8_t *out, size_t cap)
{
    WireMsg copy = *m; /* the io_ functions store what they move, both ways */
    Cur c = {.out = out, .cap = cap < WIRE_MAX ? cap : WIRE_MAX};
    if (!out)
        return 0;
    io_msg(&c, &copy);
    return c.err ? 0 : c.pos;
}

const char *wire_decode(const uint8_t *buf, size_t len, WireMsg *m)
{
    if (len > WIRE_MAX)
        return "too long";
    memset(m, 0, sizeof *m); /* what the message does not carry reads as zero */
    Cur c = {.in = buf, .cap = len};
    io_msg(&c, m);
    check(&c, c.pos == len, "trailing bytes");
    return c.err;
}

bool wire_code_valid(const char *code)
{
    return code && code_ok(code, strnlen(code, WIRE_CODE));
}

void wire_code_make(uint64_t bits, char out[WIRE_CODE])
{
    for (int i = 0; i < 6; i++, bits >>= 5)
        out[i] = code_alphabet[bits & 31]; /* 32 letters: 5 bits each */
    out[6] = '\0';
}
