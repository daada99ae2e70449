/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Net: the messages as bytes (wire.h). Every type round-trips with typical and extreme
 * values; every truncation, trailing byte and out-of-range field is refused with its
 * reason; names, codes and game ids are checked; table codes are made from the alphabet.
 *
 * `test_wire --write-corpus DIR` writes one typical message per type (and per record
 * kind) to DIR: the seed corpus of tests/fuzz/corpus_wire. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/wire.h"
#include "support.h"

/* Spelled here independently of wire.c. */
static const char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/* 31 bytes of UTF-8: two-, three- and four-byte characters up to the limit. */
static const char long_name[] = "\xC3\x91"
                                "and\xC3\xBA \xE2\x99\xA5 \xF0\x9F\x98\x80"
                                "abcdefghijklmno";

static uint8_t view_bytes[WIRE_MAX];
static uint8_t buf[WIRE_MAX + 16];

static void fill(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(seed + 37 * i);
}

static void set_str(char *dst, size_t size, const char *src)
{
    assert_true(strlen(src) < size);
    strcpy(dst, src);
}

static void sample_create(MsgCreate *c, bool extreme)
{
    if (!extreme) {
        set_str(c->game, sizeof c->game, "twentyone");
        c->num_players = 2;
        c->n_options = 1;
        c->options[0] = 1;
        c->seed = 0;
        c->away_seconds = 120;
        c->seats[1].kind = WSEAT_BOT;
        c->seats[1].difficulty = 2;
    } else {
        set_str(c->game, sizeof c->game, "abcdefghij_0129"); /* 15: the longest */
        c->num_players = RULES_MAX_PLAYERS;
        c->n_options = RULES_MAX_OPTIONS;
        for (int i = 0; i < RULES_MAX_OPTIONS; i++)
            c->options[i] = i % 2 ? INT32_MAX : INT32_MIN;
        c->seed = UINT64_MAX;
        c->away_seconds = UINT16_MAX;
        for (int i = 0; i < RULES_MAX_PLAYERS; i++)
            c->seats[i] = (WireSeatSpec){WSEAT_BOT, 3};
        c->own_seats = true; /* every seat's key follows its kind */
        for (int i = 0; i < RULES_MAX_PLAYERS; i++)
            fill(c->seat_keys[i], WIRE_KEY, (uint8_t)(0x20 + i));
    }
    fill(c->reply_key, WIRE_KEY, extreme ? 0xFF : 1);
}

/* The samples: a typical and an extreme one of each type but the record, then records:
 * open, open extreme, seat, seat extreme, action, close, next, next extreme; then the types after the record
 * (a sign of life), typical and extreme. */
enum { N_PLAIN = 2 * (MSG_RECORD - 1), N_RECORDS = N_PLAIN + 8, N_SAMPLES = N_RECORDS + 2 };

static void sample(int i, WireMsg *m)
{
    memset(m, 0, sizeof *m);
    int type = i < N_PLAIN ? 1 + i / 2 : i < N_RECORDS ? MSG_RECORD : MSG_HERE;
    bool x = i % 2; /* extreme values */
    m->type = (uint8_t)type;
    switch (type) {
    case MSG_CREATE: sample_create(&m->u.create, x); break;
    case MSG_CREATED:
        m->u.created.ok = !x;
        set_str(m->u.created.code, WIRE_CODE, x ? "" : "K7P2QX");
        if (x)
            memset(m->u.created.reason, 'r', WIRE_REASON - 1);
        break;
    case MSG_JOIN:
        set_str(m->u.join.code, WIRE_CODE, x ? "ABCDEFG" : "K7P2QX");
        m->u.join.seat = (int8_t)(x ? -1 : 1);
        set_str(m->u.join.name, WIRE_NAME, x ? long_name : "Ana");
        fill(m->u.join.sign_key, WIRE_KEY, 2);
        fill(m->u.join.box_key, WIRE_KEY, 3);
        m->u.join.stamp = x ? UINT64_MAX : 0x0123456789ABCDEFu;
        fill(m->u.join.commit, WIRE_HASH, x ? 0xFF : 0x31);
        fill(m->u.join.rand, WIRE_HASH, x ? 0xFE : 0x41);
        break;
    case MSG_JOINED:
        m->u.joined.ok = !x;
        m->u.joined.seat = (int8_t)(x ? -1 : 3); /* a refusal names no seat */
        m->u.joined.next_seq = x ? UINT32_MAX : 1;
        fill(m->u.joined.dealer_sign, WIRE_KEY, 4);
        fill(m->u.joined.dealer_box, WIRE_KEY, 5);
        fill(m->u.joined.commit, WIRE_HASH, x ? 0xFD : 0x51);
        set_str(m->u.joined.reason, WIRE_REASON,
                x ? "seat 4 is taken \xE2\x80\x94 try another" : "");
        break;
    case MSG_ACT:
        set_str(m->u.act.code, WIRE_CODE, x ? "9" : "K7P2QX");
        m->u.act.seat = (int8_t)(x ? 3 : 0);
        m->u.act.seq = x ? UINT32_MAX : 7;
        m->u.act.at = x ? UINT32_MAX : 12;
        m->u.act.action = x ? INT32_MIN : 42;
        break;
    case MSG_ACK:
        m->u.ack.ok = !x;
        m->u.ack.seq = x ? UINT32_MAX : 7;
        m->u.ack.applied = x ? 0 : 13;
        set_str(m->u.ack.reason, WIRE_REASON, x ? "not your turn" : "");
        break;
    case MSG_VIEW: {
        MsgView *v = &m->u.view;
        set_str(v->code, WIRE_CODE, x ? "ABCDEFG" : "K7P2QX");
        v->seat = (int8_t)(x ? 3 : 0);
        v->game_no = x ? UINT16_MAX : 1;
        v->seq = x ? UINT32_MAX : 13;
        v->last_player = (int8_t)(x ? -3 : PLAYER_CHANCE);
        v->last_action = x ? WIRE_ACTION_HIDDEN : 5;
        v->next_seq = x ? UINT32_MAX : 8;
        v->epoch = x ? UINT64_MAX : 0x1122334455667788u;
        v->view = view_bytes;
        v->view_len = 0;
        if (x) { /* the largest view that fits in WIRE_MAX */
            size_t head = wire_encode(m, buf, sizeof buf);
            assert_true(head > 0);
            v->view_len = (uint32_t)(WIRE_MAX - head);
        } else {
            v->view_len = 200;
            v->proof = view_bytes + 300; /* a finished game's proof after the view */
            v->proof_len = 77;
        }
        break;
    }
    case MSG_TABLE: {
        MsgTable *t = &m->u.table;
        set_str(t->code, WIRE_CODE, x ? "ABCDEFG" : "K7P2QX");
        set_str(t->game, WIRE_GAME, x ? "abcdefghij_0129" : "bisca");
        t->num_players = x ? RULES_MAX_PLAYERS : 2;
        t->n_options = x ? RULES_MAX_OPTIONS : 0;
        for (int k = 0; k < t->n_options; k++)
            t->options[k] = k % 2 ? INT32_MAX : INT32_MIN;
        t->game_no = x ? UINT16_MAX : 2;
        t->seq = x ? UINT32_MAX : 30;
        t->over = x;
        t->fixed = !x;
        for (int k = 0; k < t->num_players; k++) {
            t->seats[k].state = (uint8_t)(x ? WSTATE_STAND_IN : k);
            t->seats[k].difficulty = (uint8_t)(x ? 3 : 1);
            set_str(t->seats[k].name, WIRE_NAME, x ? long_name : k ? "Bea" : "");
            t->seats[k].away_left = x ? UINT16_MAX : 0;
            t->seats[k].again = x && k % 2;
            t->result[k] = (int8_t)(x ? (k % 3) - 1 : 0);
        }
        break;
    }
    case MSG_HERE:
        set_str(m->u.here.code, WIRE_CODE, x ? "ABCDEFG" : "K7P2QX");
        m->u.here.seat = (int8_t)(x ? RULES_MAX_PLAYERS - 1 : 0);
        m->u.here.stamp = x ? UINT64_MAX : 1700000000123u;
        m->u.here.seen = x ? UINT32_MAX : 17;
        m->u.here.game_no = (uint16_t)(x ? UINT16_MAX : 0);
        m->u.here.epoch = x ? UINT64_MAX : 99;
        break;
    default: {
        MsgRecord *r = &m->u.record;
        int k = i - N_PLAIN;
        r->kind = (uint8_t)(k < 2 ? REC_OPEN : k < 4 ? REC_SEAT : k == 4 ? REC_ACTION
                            : k == 5 ? REC_CLOSE : REC_NEXT);
        set_str(r->code, WIRE_CODE, x ? "ABCDEFG" : "K7P2QX");
        if (r->kind == REC_OPEN) {
            sample_create(&r->open, x);
            fill(r->secret, WIRE_HASH, x ? 0xFC : 0x61);
        } else if (r->kind == REC_SEAT) {
            r->seat = (int8_t)(x ? 3 : 0);
            set_str(r->name, WIRE_NAME, x ? long_name : "Ana");
            fill(r->sign_key, WIRE_KEY, 6);
            fill(r->box_key, WIRE_KEY, 7);
            fill(r->rand, WIRE_HASH, x ? 0xFB : 0x71);
            r->stamp = x ? UINT64_MAX : 1700000000456u;
        } else if (r->kind == REC_ACTION) {
            r->n = 1;
            r->player = PLAYER_CHANCE;
            r->action = 17;
            r->seq = 0;
        } else if (r->kind == REC_NEXT) {
            r->n = x ? UINT32_MAX : 2; /* the third game at the table */
        }
        break;
    }
    }
}

/* The two REC_ACTION extremes that the sample table leaves out (k == 4 is typical). */
static void sample_action_extreme(WireMsg *m)
{
    sample(N_PLAIN + 4, m);
    m->u.record.n = UINT32_MAX;
    m->u.record.player = 3;
    m->u.record.action = INT32_MIN;
    m->u.record.seq = UINT32_MAX;
}

static size_t encode_ok(const WireMsg *m)
{
    size_t n = wire_encode(m, buf, sizeof buf);
    assert_true(n > 5);
    assert_memory_equal(buf, WIRE_MAGIC, 4);
    assert_int_equal(buf[4], m->type);
    return n;
}

/* Decodes a private copy of exactly n bytes (reads past it hit ASan's redzone). */
static const char *decode_copy(const uint8_t *bytes, size_t n, WireMsg *m)
{
    uint8_t *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    if (n)
        memcpy(copy, bytes, n);
    const char *why = wire_decode(copy, n, m);
    free(copy);
    return why;
}

static void expect_same(const WireMsg *a, WireMsg *b, const uint8_t *bytes, size_t n)
{
    if (a->type == MSG_VIEW) {
        /* The view points into the decoded buffer, followed by the proof's length and the
         * proof, at its tail. */
        const MsgView *x = &a->u.view;
        assert_ptr_equal(b->u.view.view, bytes + n - 8 - x->proof_len - 4 - x->view_len);
        assert_memory_equal(b->u.view.view, x->view, x->view_len);
        b->u.view.view = x->view;
        if (x->proof_len) {
            assert_ptr_equal(b->u.view.proof, bytes + n - 8 - x->proof_len);
            assert_memory_equal(b->u.view.proof, x->proof, x->proof_len);
        } else {
            assert_null(b->u.view.proof);
        }
        b->u.view.proof = x->proof;
    }
    assert_memory_equal(a, b, sizeof *a); /* both zeroed first, so padding matches too */
}

static void round_trip(const WireMsg *m)
{
    size_t n = encode_ok(m);
    WireMsg back;
    const char *why = wire_decode(buf, n, &back);
    if (why)
        fail_msg("type %d: %s", m->type, why);
    expect_same(m, &back, buf, n);
    /* It fits in exactly n bytes, not in n - 1. */
    uint8_t *exact = malloc(n);
    assert_non_null(exact);
    assert_int_equal(wire_encode(m, exact, n), n);
    assert_memory_equal(exact, buf, n);
    assert_int_equal(wire_encode(m, exact, n - 1), 0);
    free(exact);
}

static void test_round_trip_every_type(void **unused)
{
    (void)unused;
    fill(view_bytes, sizeof view_bytes, 9);
    bool seen[MSG_TYPE_END] = {false}, kinds[REC_NEXT + 1] = {false};
    WireMsg m;
    for (int i = 0; i < N_SAMPLES; i++) {
        sample(i, &m);
        round_trip(&m);
        seen[m.type] = true;
        if (m.type == MSG_RECORD)
            kinds[m.u.record.kind] = true;
    }
    sample_action_extreme(&m);
    round_trip(&m);
    for (int t = MSG_CREATE; t < MSG_TYPE_END; t++)
        assert_true(seen[t]);
    for (int k = REC_OPEN; k <= REC_NEXT; k++)
        assert_true(kinds[k]);
    assert_int_equal(strlen(long_name), WIRE_NAME - 1);
}

/* The format itself, spelled out byte by byte. */
static void test_exact_bytes(void **unused)
{
    (void)unused;
    WireMsg m = {.type = MSG_ACT};
    strcpy(m.u.act.code, "AB");
    m.u.act.seat = 2;
    m.u.act.seq = 0x01020304;
    m.u.act.at = 5;
    m.u.act.action = -2;
    static const uint8_t act[] = {'T', 'S', 'C', '2', 5, 2, 0, 'A',  'B',  2,    4,
                                  3,   2,   1,   5,   0, 0, 0, 0xFE, 0xFF, 0xFF, 0xFF};
    assert_int_equal(wire_encode(&m, buf, sizeof buf), sizeof act);
    assert_memory_equal(buf, act, sizeof act);

    memset(&m, 0, sizeof m);
    m.type = MSG_RECORD;
    m.u.record.kind = REC_CLOSE;
    strcpy(m.u.record.code, "Z9");
    m.u.record.n = 99; /* another kind's field: not on the wire */
    static const uint8_t close[] = {'T', 'S', 'C', '2', 9, REC_CLOSE, 2, 0, 'Z', '9'};
    assert_int_equal(wire_encode(&m, buf, sizeof buf), sizeof close);
    assert_memory_equal(buf, close, sizeof close);
    WireMsg back;
    assert_null(wire_decode(close, sizeof close, &back));
    assert_int_equal(back.u.record.n, 0);

    memset(&m, 0, sizeof m);
    m.type = MSG_VIEW;
    strcpy(m.u.view.code, "C");
    m.u.view.last_player = -3;
    m.u.view.view_len = 2;
    m.u.view.view = (const uint8_t *)"hi";
    m.u.view.game_no = 0x0102;
    static const uint8_t view[] = {'T', 'S', 'C', '2', 7, 1,    0, 'C', 0, 2, 1, 0, 0, 0, 0,
                                   0xFD, 0, 0,   0,   0, 0,    0, 0,   0, 2, 0, 0, 0, 'h', 'i',
                                   0,    0, 0,   0, /* no proof */
                                   0,    0, 0,   0, 0, 0, 0, 0}; /* epoch */
    assert_int_equal(wire_encode(&m, buf, sizeof buf), sizeof view);
    assert_memory_equal(buf, view, sizeof view);
}

static void test_every_truncation_refused(void **unused)
{
    (void)unused;
    fill(view_bytes, sizeof view_bytes, 9);
    WireMsg m, back;
    for (int i = 0; i <= N_SAMPLES; i++) {
        if (i < N_SAMPLES)
            sample(i, &m);
        else
            sample_action_extreme(&m);
        size_t n = encode_ok(&m);
        for (size_t k = 0; k < n; k++) {
            /* A fresh copy for each prefix of the small ones; the 64 KiB view in place. */
            const char *why = n <= 4096 ? decode_copy(buf, k, &back) : wire_decode(buf, k, &back);
            assert_non_null(why);
            assert_string_equal(why, "truncated");
        }
        buf[n] = 0;
        const char *why = decode_copy(buf, n + 1, &back);
        if (n < WIRE_MAX) {
            assert_string_equal(why, "trailing bytes");
        } else {
            assert_string_equal(why, "too long");
        }
    }
    /* Two messages back to back are not one. */
    sample(0, &m);
    size_t n = encode_ok(&m);
    memcpy(buf + n, buf, n);
    assert_string_equal(wire_decode(buf, 2 * n, &back), "trailing bytes");
}

static void test_header_refused(void **unused)
{
    (void)unused;
    WireMsg m, back;
    sample(8, &m); /* an act */
    size_t n = encode_ok(&m);
    for (int i = 0; i < 4; i++) {
        buf[i] ^= 0x20;
        assert_string_equal(decode_copy(buf, n, &back), "bad magic");
        buf[i] ^= 0x20;
    }
    static const uint8_t bad_types[] = {0, MSG_TYPE_END, 0x80, 0xFF};
    for (size_t i = 0; i < sizeof bad_types; i++) {
        buf[4] = bad_types[i];
        assert_string_equal(decode_copy(buf, n, &back), "unknown type");
        m.type = bad_types[i];
        assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
        m.type = MSG_ACT;
        encode_ok(&m);
    }
    assert_string_equal(wire_decode(NULL, 0, &back), "truncated");
    assert_string_equal(wire_decode(buf, WIRE_MAX + 1, &back), "too long");
    assert_int_equal(wire_encode(&m, NULL, 100), 0);
}

/* One byte-sized field: where it sits in the struct, two values it may take (which place
 * it on the wire), values it may not, and the reason. */
typedef struct {
    int sample;
    size_t field;
    uint8_t good[2];
    uint8_t bad[4];
    int n_bad;
    bool is_bool; /* a bool cannot hold a bad value: only the wire can */
    const char *why;
} FieldCase;

#define AT(member) offsetof(WireMsg, u.member)
#define NEG(v) ((uint8_t)(256 + (v)))
/* Samples: 0 create, 2 created, 4 join, 6 joined, 8 act, 10 ack, 12 view, 14 table,
 * 16 record open, 18 record seat, 20 record action. */
static const FieldCase field_cases[] = {
    {0, AT(create.num_players), {2, 3}, {0, 5, 255}, 3, false, "bad number of players"},
    {0, AT(create.n_options), {1, 2}, {RULES_MAX_OPTIONS + 1, 255}, 2, false,
     "bad number of options"},
    {0, AT(create.seats[0].kind), {0, 1}, {2, 255}, 2, false, "bad seat kind"},
    {0, AT(create.seats[1].difficulty), {0, 3}, {4, 255}, 2, false, "bad difficulty"},
    {4, AT(join.seat), {NEG(-1), 3}, {NEG(-2), 4, 127, 128}, 4, false, "bad seat"},
    {6, AT(joined.ok), {0, 1}, {2, 255}, 2, true, "bad bool"},
    {6, AT(joined.seat), {0, 3}, {NEG(-1), 4, NEG(-2)}, 3, false, "bad seat"},
    {8, AT(act.seat), {0, 3}, {NEG(-1), 4}, 2, false, "bad seat"},
    {10, AT(ack.ok), {0, 1}, {2, 0x80}, 2, true, "bad bool"},
    {12, AT(view.seat), {0, 3}, {NEG(-1), 4}, 2, false, "bad seat"},
    {12,
     AT(view.last_player),
     {NEG(-3), 3},
     {NEG(-2), NEG(-4), 4, 128},
     4,
     false,
     "bad last player"},
    {14, AT(table.num_players), {1, 2}, {0, 5}, 2, false, "bad number of players"},
    {14, AT(table.n_options), {0, RULES_MAX_OPTIONS}, {RULES_MAX_OPTIONS + 1}, 1, false,
     "bad number of options"},
    {14, AT(table.over), {0, 1}, {2}, 1, true, "bad bool"},
    {14, AT(table.seats[0].state), {0, 4}, {5, 255}, 2, false, "bad seat state"},
    {14, AT(table.seats[1].difficulty), {0, 3}, {4}, 1, false, "bad difficulty"},
    {14, AT(table.result[1]), {NEG(-1), 1}, {2, NEG(-2), 127}, 3, false, "bad result"},
    {14, AT(table.seats[1].again), {0, 1}, {2, 255}, 2, true, "bad bool"},
    {16, AT(record.kind), {REC_OPEN, REC_NEXT}, {0, 6, 255}, 3, false, "bad record kind"},
    {16, AT(record.open.num_players), {1, 4}, {0, 5}, 2, false, "bad number of players"},
    {16, AT(record.open.seats[0].difficulty), {0, 3}, {4}, 1, false, "bad difficulty"},
    {18, AT(record.seat), {0, 3}, {NEG(-1), 4}, 2, false, "bad seat"},
    {20, AT(record.player), {NEG(-1), 3}, {NEG(-2), NEG(-3), 4}, 3, false, "bad player"},
};

static void test_out_of_range_fields(void **unused)
{
    (void)unused;
    fill(view_bytes, sizeof view_bytes, 9);
    uint8_t wire_a[1024];
    for (size_t c = 0; c < sizeof field_cases / sizeof *field_cases; c++) {
        const FieldCase *fc = &field_cases[c];
        WireMsg m, back;
        sample(fc->sample, &m);
        uint8_t *field = (uint8_t *)&m + fc->field;
        /* Where the field sits on the wire: the first byte that differs. */
        *field = fc->good[0];
        size_t na = encode_ok(&m);
        assert_true(na <= sizeof wire_a);
        memcpy(wire_a, buf, na);
        *field = fc->good[1];
        size_t nb = encode_ok(&m), at = 0;
        while (at < na && at < nb && wire_a[at] == buf[at])
            at++;
        assert_true(at < na && at < nb);
        assert_int_equal(wire_a[at], fc->good[0]);
        for (int b = 0; b < fc->n_bad; b++) {
            wire_a[at] = fc->bad[b];
            const char *why = decode_copy(wire_a, na, &back);
            if (!why || strcmp(why, fc->why) != 0)
                fail_msg("case %zu, value %d: %s", c, fc->bad[b], why ? why : "accepted");
            if (!fc->is_bool) {
                *field = fc->bad[b];
                assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
            }
        }
    }
    /* A created table has a code; a refused one has none. */
    WireMsg m, back;
    sample(2, &m);
    m.u.created.code[0] = '\0';
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
    sample(3, &m);
    size_t n = encode_ok(&m);
    buf[5] = 1; /* ok, without a code */
    assert_string_equal(decode_copy(buf, n, &back), "bad code");
    strcpy(m.u.created.code, "AB");
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
}

/* Finds needle in hay (the tests' own placeholder strings). */
static size_t find(const uint8_t *hay, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(hay + i, needle, k) == 0)
            return i;
    fail_msg("'%s' not found", needle);
    return 0;
}

/* A join whose name is `name`: accepted both ways, or refused both ways ("bad name"). */
static void check_name(const char *name, size_t len, bool ok)
{
    WireMsg m, back;
    sample(4, &m);
    char placeholder[WIRE_NAME + 8];
    memset(placeholder, '~', len);
    placeholder[len] = '\0';
    strcpy(m.u.join.name, placeholder);
    size_t n = encode_ok(&m);
    size_t at = len ? find(buf, n, placeholder) : 0;
    memcpy(buf + at, name, len);
    const char *why = decode_copy(buf, n, &back);
    if (ok) {
        if (why)
            fail_msg("name '%s' refused: %s", name, why);
        assert_memory_equal(back.u.join.name, name, len + 1);
        assert_int_equal(wire_encode(&back, buf, sizeof buf), n);
    } else {
        if (!why || strcmp(why, "bad name") != 0)
            fail_msg("name of %zu bytes: %s", len, why ? why : "accepted");
        if (!memchr(name, '\0', len)) {
            memcpy(m.u.join.name, name, len + 1);
            assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
        }
    }
}

static void test_names(void **unused)
{
    (void)unused;
    static const char *const good[] = {
        "Ana", "Jos\xC3\xA9",  "7\xE2\x99\xA5",    "\xF0\x9F\x98\x80",
        "a b", "\xEF\xBF\xBD", "\xF4\x8F\xBF\xBF", "\xC2\xA0"};
    static const char *const bad[] = {
        /* control characters: C0, DEL, C1 */
        "\x01", "a\nb", "tab\t", "\x7F", "\x1B[31m", "\xC2\x80", "\xC2\x9F",
        /* stray continuation and impossible bytes, overlong forms, surrogates, > U+10FFFF */
        "\x80", "\xBF", "\xFE", "\xFF", "\xC0\xAF", "\xC1\xBF", "\xE0\x80\xAF", "\xF0\x80\x80\xAF",
        "\xED\xA0\x80", "\xED\xBF\xBF", "\xF4\x90\x80\x80", "\xF5\x80\x80\x80",
        "\xF8\x88\x80\x80\x80",
        /* sequences cut short or broken */
        "\xE2\x99", "abc\xC3", "\xC3\x28", "\xE2\x28\xA1"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++)
        check_name(good[i], strlen(good[i]), true);
    check_name("", 0, true);
    check_name(long_name, strlen(long_name), true);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        check_name(bad[i], strlen(bad[i]), false);
    check_name("a\0c", 3, false); /* an embedded NUL */

    /* 32 bytes do not fit a name: the encoder refuses, and so does the decoder. */
    WireMsg m, back;
    sample(4, &m);
    memset(m.u.join.name, 'x', WIRE_NAME); /* no NUL left */
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
    m.u.join.name[WIRE_NAME - 1] = '\0';
    size_t n = encode_ok(&m);
    size_t at = find(buf, n, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
    assert_int_equal(buf[at - 2], WIRE_NAME - 1);
    memmove(buf + at + 1, buf + at, n - at); /* one more 'x' */
    buf[at - 2] = WIRE_NAME;
    assert_string_equal(decode_copy(buf, n + 1, &back), "bad name");
    buf[at - 2] = 0xFF; /* a length that runs off the end */
    buf[at - 1] = 0xFF;
    assert_string_equal(decode_copy(buf, n + 1, &back), "bad name");
}

/* Codes, game ids and reasons on the wire. */
static void test_codes_games_reasons(void **unused)
{
    (void)unused;
    WireMsg m, back;
    static const char *const bad_codes[] = {"", "K0", "KO", "K1", "KI", "k7", "K-7", "ABCDEFGH"};
    for (size_t i = 0; i < sizeof bad_codes / sizeof *bad_codes; i++) {
        sample(8, &m);
        strcpy(m.u.act.code, bad_codes[i]);
        assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
    }
    sample(8, &m); /* code "K7P2QX" */
    size_t n = encode_ok(&m);
    static const char *const patches[] = {"K0", "k7", "K\x01", "K\0", "\xC3\x89"};
    for (size_t i = 0; i < sizeof patches / sizeof *patches; i++) {
        uint8_t copy[64];
        memcpy(copy, buf, n);
        memcpy(copy + 7, patches[i], 2);
        assert_string_equal(decode_copy(copy, n, &back), "bad code");
    }

    static const char *const bad_games[] = {"", "Bisca", "twenty-one", "a b", "jos\xC3\xA9"};
    for (size_t i = 0; i < sizeof bad_games / sizeof *bad_games; i++) {
        sample(0, &m);
        strcpy(m.u.create.game, bad_games[i]);
        assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
        /* The same bytes patched over a valid id of the same length. */
        size_t len = strlen(bad_games[i]);
        if (len == 0)
            continue;
        memset(m.u.create.game, 'q', len);
        m.u.create.game[len] = '\0';
        n = encode_ok(&m);
        memcpy(buf + 7, bad_games[i], len);
        assert_string_equal(decode_copy(buf, n, &back), "bad game");
    }
    sample(0, &m);
    memset(m.u.create.game, 'a', WIRE_GAME); /* 16: no room for the NUL */
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);

    sample(11, &m); /* a refused ack */
    strcpy(m.u.ack.reason, "two\nlines");
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
    memset(m.u.ack.reason, 'r', WIRE_REASON - 1);
    m.u.ack.reason[WIRE_REASON - 1] = '\0';
    round_trip(&m);
    memset(m.u.ack.reason, 'r', WIRE_REASON);
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
}

static void test_view_sizes(void **unused)
{
    (void)unused;
    fill(view_bytes, sizeof view_bytes, 9);
    WireMsg m, back;
    sample(13, &m); /* the largest view that fits */
    size_t n = encode_ok(&m);
    assert_int_equal(n, WIRE_MAX);
    m.u.view.view_len++;
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0); /* one byte over WIRE_MAX */
    m.u.view.view_len = WIRE_MAX + 1;
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
    m.u.view.view_len = UINT32_MAX;
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
    m.u.view.view_len = 1;
    m.u.view.view = NULL;
    assert_int_equal(wire_encode(&m, buf, sizeof buf), 0);
    m.u.view.view_len = 0; /* no view at all is fine */
    n = encode_ok(&m);
    assert_null(wire_decode(buf, n, &back));
    assert_int_equal(back.u.view.view_len, 0);

    sample(12, &m); /* a view of 200 bytes */
    m.u.view.proof_len = 0;
    n = encode_ok(&m);
    size_t at = n - 8 - 4 - 200 - 4; /* its u32 length (then the proof's, 0, and the epoch) */
    assert_int_equal(buf[at], 200);
    static const uint32_t lens[] = {WIRE_MAX + 1, UINT32_MAX, 0x80000000u, 201, 199};
    /* 201: the proof's length then takes the epoch's first byte (0x88) as its top byte;
     * 199: the view's last byte (9) becomes the proof's length, and leaves no epoch */
    static const char *const whys[] = {"bad view length", "bad view length", "bad view length",
                                       "bad proof length", "truncated"};
    for (size_t i = 0; i < 5; i++) {
        for (int b = 0; b < 4; b++)
            buf[at + (size_t)b] = (uint8_t)(lens[i] >> 8 * b);
        assert_string_equal(decode_copy(buf, n, &back), whys[i]);
    }
}

static void test_code_alphabet(void **unused)
{
    (void)unused;
    for (int c = 1; c < 256; c++) {
        char code[2] = {(char)c, '\0'};
        bool want = strchr(alphabet, c) != NULL;
        assert_int_equal(wire_code_valid(code), want);
    }
    assert_int_equal(strlen(alphabet), 32);
    assert_false(wire_code_valid(""));
    assert_false(wire_code_valid(NULL));
    assert_true(wire_code_valid("ABCDEFG"));
    assert_false(wire_code_valid("ABCDEFGH"));
    assert_false(wire_code_valid("ABC DEF"));
    assert_false(wire_code_valid("abc"));
}

static int cmp_code(const void *a, const void *b)
{
    return strcmp(a, b);
}

static void test_code_make(void **unused)
{
    (void)unused;
    enum { N = 4000 };
    static char codes[N][WIRE_CODE];
    uint64_t x = 0x243F6A8885A308D3u;
    for (int i = 0; i < N; i++) {
        /* splitmix64: well-spread bits, as seal_random64 gives */
        uint64_t z = (x += 0x9E3779B97F4A7C15u);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        wire_code_make(z ^ (z >> 31), codes[i]);
        assert_int_equal(strlen(codes[i]), 6);
        assert_true(wire_code_valid(codes[i]));
    }
    qsort(codes, N, WIRE_CODE, cmp_code);
    for (int i = 1; i < N; i++)
        assert_true(strcmp(codes[i - 1], codes[i]) != 0);
    char code[WIRE_CODE];
    wire_code_make(0, code);
    assert_true(wire_code_valid(code));
    wire_code_make(UINT64_MAX, code);
    assert_true(wire_code_valid(code));
    char other[WIRE_CODE];
    for (int bit = 0; bit < 30; bit++) { /* every one of the low 30 bits shows */
        wire_code_make(UINT64_C(1) << bit, other);
        wire_code_make(0, code);
        assert_true(strcmp(code, other) != 0);
    }
}

static const char *const corpus_names[N_SAMPLES] = {
    "create",      "create_x",      "created",       "created_x",    "join",        "join_x",
    "joined",      "joined_x",      "act",           "act_x",        "ack",         "ack_x",
    "view",        "view_x",        "table",         "table_x",      "record_open", "record_open_x",
    "record_seat", "record_seat_x", "record_action", "record_close", "record_next", "record_next_x", "here",        "here_x"};

static int write_corpus(const char *dir)
{
    fill(view_bytes, sizeof view_bytes, 9);
    for (int i = 0; i < N_SAMPLES; i++) {
        WireMsg m;
        sample(i, &m);
        if (m.type == MSG_VIEW && m.u.view.view_len > 4096)
            continue; /* the 64 KiB view is too big for a seed */
        size_t n = wire_encode(&m, buf, sizeof buf);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.bin", dir, corpus_names[i]);
        FILE *f = fopen(path, "wb");
        if (!n || !f || fwrite(buf, 1, n, f) != n || fclose(f) != 0) {
            perror(path);
            return 1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write-corpus") == 0)
        return write_corpus(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_every_type),
        cmocka_unit_test(test_exact_bytes),
        cmocka_unit_test(test_every_truncation_refused),
        cmocka_unit_test(test_header_refused),
        cmocka_unit_test(test_out_of_range_fields),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_codes_games_reasons),
        cmocka_unit_test(test_view_sizes),
        cmocka_unit_test(test_code_alphabet),
        cmocka_unit_test(test_code_make),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
