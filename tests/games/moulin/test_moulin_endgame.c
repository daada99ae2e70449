/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Moulin endgame tables (moulin_endgame.h): values worked out by hand, the tables' own
 * consistency checked with a move generator written here (not the builder's), agreement
 * with a plain alpha-beta search on random positions, the cache file (written, read back,
 * damaged, truncated, of another version), the background worker, and Hard playing from
 * them. The 5-piece tables are tested on their first pair (5 v 3 and 3 v 5, a few seconds
 * to build); 5 v 4 and 5 v 5 take a minute and are built by `bench_moulin tables`, which
 * checks them the same way (`--check`). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/fileio.h"
#include "core/rng.h"
#include "engine/match.h"
#include "games/moulin/moulin.h"
#include "games/moulin/moulin_bots.h"
#include "games/moulin/moulin_endgame.h"
#include "timescale.h"

#define B(p) (1u << (p))

/* TASCA_MOULIN_EG_FULL=1: every table, 5 v 4 and 5 v 5 too (a minute to build). */
static bool full;

static uint32_t pts(const char *list)
{
    uint32_t b = 0;
    char *end;
    for (const char *p = list; *p;) {
        long v = strtol(p, &end, 10);
        if (end == p)
            break;
        b |= 1u << v;
        p = end;
    }
    return b;
}

/* A value for the side to move: +d a win in d, -(d + 1) a loss in d, 0 a draw. */
static int value(bool flying, uint32_t mover, uint32_t opp)
{
    int d = -1;
    switch (moulin_eg_probe(flying, mover, opp, &d)) {
    case MOULIN_EG_WIN: return d;
    case MOULIN_EG_LOSS: return -(d + 1);
    case MOULIN_EG_DRAW: return 0;
    default: fail_msg("not covered: %06x v %06x", (unsigned)mover, (unsigned)opp);
    }
    return 0;
}

/* The value for the mover after one of its moves, from the opponent's value there. */
static int after(int u)
{
    if (u > 0)
        return -(u + 2); /* the opponent wins in u: we lose in u + 1 */
    if (u < 0)
        return -u; /* the opponent loses in -u - 1: we win in -u */
    return 0;
}

/* Every move of the mover, judged: out[] gets the mover's value after each. */
static int judge_moves(bool flying, uint32_t m, uint32_t o, int *out)
{
    uint32_t empty = ~(m | o) & MOULIN_BOARD_MASK;
    bool fly = flying && __builtin_popcount(m) == 3;
    int n = 0;
    for (int from = 0; from < 24; from++) {
        if (!(m & B(from)))
            continue;
        uint32_t to_set = fly ? empty : moulin_adj[from] & empty;
        for (int to = 0; to < 24; to++) {
            if (!(to_set & B(to)))
                continue;
            uint32_t m2 = (m & ~B(from)) | B(to);
            if (moulin_in_mill(m2, to)) {
                uint32_t rem = moulin_removable(o);
                for (int r = 0; r < 24; r++) {
                    if (!(rem & B(r)))
                        continue;
                    uint32_t o2 = o & ~B(r);
                    out[n++] = __builtin_popcount(o2) < 3 ? 1 : after(value(flying, o2, m2));
                }
            } else {
                out[n++] = after(value(flying, o, m2));
            }
        }
    }
    return n;
}

/* Bigger is better for the mover. */
static int goodness(int v)
{
    return v > 0 ? 1000 - v : v < 0 ? -1000 - v : 0;
}

/* The table's value of (m, o) is the minimax of its moves' values. */
static void check_position(bool flying, uint32_t m, uint32_t o)
{
    int vals[9 * 24 * 9];
    int n = judge_moves(flying, m, o, vals);
    int v = value(flying, m, o);
    if (n == 0) {
        if (v != -1)
            fail_msg("%06x v %06x: no move, table %d", (unsigned)m, (unsigned)o, v);
        return;
    }
    int best = vals[0];
    for (int i = 1; i < n; i++)
        if (goodness(vals[i]) > goodness(best))
            best = vals[i];
    if (best != v)
        fail_msg("%s %06x v %06x: table %d, best move %d", flying ? "flying" : "no flying",
                 (unsigned)m, (unsigned)o, v, best);
}

static uint32_t random_set(Rng *r, int k, uint32_t avoid)
{
    uint32_t s = 0;
    while (__builtin_popcount(s) < k) {
        int p = (int)rng_below(r, 24);
        if (!((s | avoid) & B(p)))
            s |= B(p);
    }
    return s;
}

static void ensure(bool flying)
{
    assert_true(moulin_eg_ensure(flying, NULL));
}

/* ---- Known values ------------------------------------------------------------------- */

static void test_known_values(void **unused)
{
    (void)unused;
    ensure(true);
    ensure(false);
    int d = -1;
    /* Flying 5 -> 2 closes 0-1-2 against 3 pieces: a win in 1. */
    assert_int_equal(moulin_eg_probe(true, pts("0 1 5"), pts("10 13 20"), &d), MOULIN_EG_WIN);
    assert_int_equal(d, 1);
    /* Without flying, 5 cannot reach 2 (nor 4 -> 1 ... 4 is not ours): 4 -> 1 is the way
     * with 0 2 4. */
    assert_int_equal(moulin_eg_probe(false, pts("0 2 4"), pts("10 13 20"), &d), MOULIN_EG_WIN);
    assert_int_equal(d, 1);
    /* No legal move: lost now. 3 v 3 without flying: 0 1 2 shut in by 9 4 14. */
    assert_int_equal(moulin_eg_probe(false, pts("0 1 2"), pts("9 4 14"), &d), MOULIN_EG_LOSS);
    assert_int_equal(d, 0);
    /* 4 v 4: the four outer corners shut in by the four outer middles. */
    assert_int_equal(moulin_eg_probe(true, pts("0 2 21 23"), pts("1 9 14 22"), &d),
                     MOULIN_EG_LOSS);
    assert_int_equal(d, 0);
    /* The same with flying on: 3 pieces fly, so 0 1 2 v 9 4 14 is not blocked; it has no
     * mill to close in one, and black threatens nothing: not a loss in 0. */
    assert_int_not_equal(moulin_eg_probe(true, pts("0 1 2"), pts("9 4 14"), &d), MOULIN_EG_UNKNOWN);
    /* Black (to move second) 0 2 21 threatens 1 (0-1-2, by flying 21) and 9 (0-9-21, by
     * flying 2); white 4 15 23 has no two pieces on a line, so it cannot close a mill in one
     * and can block only one threat: a loss in 2. */
    assert_int_equal(moulin_eg_probe(true, pts("4 15 23"), pts("0 2 21"), &d), MOULIN_EG_LOSS);
    assert_int_equal(d, 2);
    /* The same double threat against a side that can close a mill first (5 13 -> 20 by
     * flying 4): the side to move wins in 1. */
    assert_int_equal(moulin_eg_probe(true, pts("5 13 4"), pts("0 2 21"), &d), MOULIN_EG_WIN);
    assert_int_equal(d, 1);
    /* Pieces counts outside the tables. */
    assert_int_equal(moulin_eg_probe(true, pts("0 1 2 3 4 5"), pts("9 10 11"), &d),
                     MOULIN_EG_UNKNOWN);
}

/* Issue 40: the tables reach 5 pieces a side. */
static void test_five_pieces(void **unused)
{
    (void)unused;
    assert_true(MOULIN_EG_COVERS(5, 3) && MOULIN_EG_COVERS(3, 5) && MOULIN_EG_COVERS(5, 5));
    assert_false(MOULIN_EG_COVERS(6, 3));
    for (int f = 0; f < 2; f++) {
        assert_true(moulin_eg_ensure_all(f, NULL));
        assert_int_equal(moulin_eg_pieces_ready(f), 5);
    }
    int d = -1;
    /* 5 v 3 without flying: 4 -> 1 closes 0-1-2 against 3 pieces: a win in 1. */
    assert_int_equal(moulin_eg_probe(false, pts("0 2 4 20 22"), pts("10 13 15"), &d),
                     MOULIN_EG_WIN);
    assert_int_equal(d, 1);
    /* 3 v 5, the 3 pieces to move: 0 1 2 shut in by 9 4 14 (and two more): lost now
     * without flying; with flying it is not lost now. */
    assert_int_equal(moulin_eg_probe(false, pts("0 1 2"), pts("9 4 14 20 23"), &d),
                     MOULIN_EG_LOSS);
    assert_int_equal(d, 0);
    MoulinEgValue v = moulin_eg_probe(true, pts("0 1 2"), pts("9 4 14 20 23"), &d);
    assert_true(v != MOULIN_EG_UNKNOWN && !(v == MOULIN_EG_LOSS && d == 0));
    MoulinEgInfo in;
    moulin_eg_info(false, &in);
    assert_int_equal(in.pieces, 5);
    assert_int_equal(in.ntables, full ? 9 : 6);
}

/* ---- Consistency ---------------------------------------------------------------------- */

/* Random positions of every table (both sides to move are the tables (a, b) and (b, a)). */
static void check_random(bool flying, int a, int b, int n, uint64_t seed)
{
    Rng r;
    rng_seed(&r, seed);
    for (int i = 0; i < n; i++) {
        uint32_t m = random_set(&r, a, 0), o = random_set(&r, b, m);
        check_position(flying, m, o);
    }
}

static void test_consistency_3v3_all(void **unused)
{
    (void)unused;
    ensure(true);
    ensure(false);
    /* Every 3 v 3 position whose mover holds point 0 or 1 (a sixth of them, every shape of
     * the other pieces), both variants. */
    long n = 0;
    for (uint32_t m = 1; m < (1u << 24); m++) {
        if (__builtin_popcount(m) != 3 || !(m & 3u))
            continue;
        for (uint32_t x = 0; x < 24; x++)
            for (uint32_t y = x + 1; y < 24; y++)
                for (uint32_t z = y + 1; z < 24; z++) {
                    uint32_t o = B(x) | B(y) | B(z);
                    if (o & m)
                        continue;
                    check_position(true, m, o);
                    check_position(false, m, o);
                    n++;
                }
    }
    assert_true(n > 400000);
}

static void test_consistency_3v4_4v4(void **unused)
{
    (void)unused;
    ensure(true);
    ensure(false);
    for (int f = 0; f < 2; f++) {
        check_random(f, 3, 4, 40000, 11 + f);
        check_random(f, 4, 3, 40000, 21 + f);
        check_random(f, 4, 4, 40000, 31 + f);
    }
}

/* Random positions of the pair 5 v b, b v 5, and 1,000 decisive ones (rare in some tables:
 * flying 3 v 5 has 16,000 among 2.6 million positions, flying 5 v 4 and 4 v 5 11,000 among
 * 20.6 million). */
static void check_pair5(int b, uint64_t seed)
{
    Rng r;
    rng_seed(&r, seed);
    for (int f = 0; f < 2; f++) {
        assert_true(moulin_eg_ensure_all(f, NULL));
        check_random(f, 5, b, 40000, seed + 1 + f);
        if (b != 5)
            check_random(f, b, 5, 40000, seed + 11 + f);
        int decisive = 0;
        for (int i = 0; i < 8000000 && decisive < 1000; i++) {
            bool five = rng_below(&r, 2);
            uint32_t m = random_set(&r, five ? 5 : b, 0), o = random_set(&r, five ? b : 5, m);
            if (moulin_eg_probe(f, m, o, NULL) == MOULIN_EG_DRAW)
                continue;
            check_position(f, m, o);
            decisive++;
        }
        assert_true(decisive >= 1000);
    }
}

static void test_consistency_5v3(void **unused)
{
    (void)unused;
    check_pair5(3, 53);
}

/* 5 v 4 and 5 v 5: only with TASCA_MOULIN_EG_FULL=1 (building them takes a minute). */

static void test_consistency_5v4_5v5(void **unused)
{
    (void)unused;
    if (!full)
        skip();
    check_pair5(4, 54);
    check_pair5(5, 55);
}

/* ---- Against a search ------------------------------------------------------------------ */

static void setup(MoulinState *s, bool flying, uint32_t white, uint32_t black)
{
    GameOptions o;
    rules_default_options(&moulin_rules, &o);
    o.v[MOULIN_OPT_FLYING] = flying;
    o.v[MOULIN_OPT_NMOVE] = 0; /* the tables know no draw rule */
    assert_null(moulin_setup(s, &o, white, black, 0, 0, 0));
}

/* A plain alpha-beta search (no tables) to `depth` turns: when it proves a result, the
 * table holds the same result at the same distance. Returns whether it proved one. */
static bool agree(bool flying, uint32_t m, uint32_t o, int depth)
{
    MoulinState s;
    setup(&s, flying, m, o);
    if (s.end != MOULIN_END_NONE)
        return false;
    MoulinSearchConfig cfg = {.max_depth = depth, .pvs = true, .tt_bits = 16};
    MoulinSearchResult r;
    moulin_search(&s, &cfg, &r);
    if (!r.mate)
        return false;
    int d = -1;
    MoulinEgValue v = moulin_eg_probe(flying, m, o, &d);
    if (r.score > 0) {
        if (v != MOULIN_EG_WIN || d != 30000 - r.score)
            fail_msg("%06x v %06x: search wins in %d, table %d/%d", (unsigned)m, (unsigned)o,
                     30000 - r.score, v, d);
    } else {
        if (v != MOULIN_EG_LOSS || d != 30000 + r.score)
            fail_msg("%06x v %06x: search loses in %d, table %d/%d", (unsigned)m, (unsigned)o,
                     30000 + r.score, v, d);
    }
    return true;
}

static void test_agrees_with_search(void **unused)
{
    (void)unused;
    ensure(true);
    ensure(false);
    Rng r;
    rng_seed(&r, 2024);
    int decisive[2][3] = {{0}}, tried = 0;
    long long t0 = clock_now_ns();
    /* 3 v 3 with flying: decisive ones with a win beyond 1 are the interesting ones. */
    while (decisive[1][0] < 300 && tried < 20000) {
        tried++;
        uint32_t m = random_set(&r, 3, 0), o = random_set(&r, 3, m);
        int d;
        if (moulin_eg_probe(true, m, o, &d) == MOULIN_EG_WIN && d == 1 && rng_below(&r, 8))
            continue; /* most wins are in 1: keep a few */
        decisive[1][0] += agree(true, m, o, 4);
    }
    assert_int_equal(decisive[1][0], 300);
    /* Without flying, 3 v 3, 3 v 4 and 4 v 3. */
    for (int k = 0; k < 3; k++) {
        int a = k == 2 ? 4 : 3, b = k == 1 ? 4 : 3;
        tried = 0;
        while (decisive[0][k] < 100 && tried < 20000) {
            tried++;
            uint32_t m = random_set(&r, a, 0), o = random_set(&r, b, m);
            decisive[0][k] += agree(false, m, o, 5);
        }
        assert_int_equal(decisive[0][k], 100);
    }
    printf("search agreement: %.1f s\n", (double)(clock_now_ns() - t0) / 1e9);
    /* Flying 3 v 4 is left to the consistency checks: its shortest win is in 9 turns (a
     * capture into 3 v 3 first), beyond a search of a test's length. */
}

/* Hard's own search (no tables, a node budget, no clock) on 5 v 3 and 3 v 5 positions (and,
 * with TASCA_MOULIN_EG_FULL=1, 5 v 4, 4 v 5 and 5 v 5) the
 * tables call decisive within 7 turns: when it proves a result, it is the table's, no
 * quicker than the table's win (the shortest) and no slower than its loss (the longest
 * resistance). */
static void test_hard_search_agrees_5v3(void **unused)
{
    (void)unused;
    Rng r;
    rng_seed(&r, 4053);
    int proven[2] = {0, 0};
    for (int f = 0; f < 2; f++) {
        assert_true(moulin_eg_ensure_all(f, NULL));
        for (int tries = 0; proven[f] < 25 && tries < 200000; tries++) {
            bool five = rng_below(&r, 2);
            int b = full ? 3 + (int)rng_below(&r, 3) : 3;
            uint32_t m = random_set(&r, five ? 5 : b, 0), o = random_set(&r, five ? b : 5, m);
            int d = -1;
            MoulinEgValue v = moulin_eg_probe(f, m, o, &d);
            if (v == MOULIN_EG_DRAW || d < 2 || d > 7)
                continue;
            MoulinState s;
            setup(&s, f, m, o);
            if (s.end != MOULIN_END_NONE)
                continue;
            MoulinSearchConfig cfg;
            moulin_hard_config(&cfg);
            cfg.endgame = false;
            cfg.node_budget = 200000;
            MoulinSearchResult res;
            moulin_search(&s, &cfg, &res);
            if (!res.mate)
                continue;
            int sd = res.score > 0 ? 30000 - res.score : 30000 + res.score;
            if (res.score > 0 ? v != MOULIN_EG_WIN || sd < d : v != MOULIN_EG_LOSS || sd < d)
                fail_msg("%s %06x v %06x: Hard %s in %d, table %s in %d", f ? "flying" : "no flying",
                         (unsigned)m, (unsigned)o, res.score > 0 ? "wins" : "loses", sd,
                         v == MOULIN_EG_WIN ? "a win" : "a loss", d);
            proven[f]++;
        }
    }
    assert_int_equal(proven[0], 25);
    assert_int_equal(proven[1], 25);
}

/* Hard at a 5 v 3 root plays from the tables, unless told to keep to 4 pieces. */
static void test_hard_eg_pieces(void **unused)
{
    (void)unused;
    assert_true(moulin_eg_ensure_all(false, NULL));
    MoulinState s;
    GameOptions opt;
    rules_default_options(&moulin_rules, &opt);
    opt.v[MOULIN_OPT_FLYING] = false;
    assert_null(moulin_setup(&s, &opt, pts("0 2 4 20 22"), pts("10 13 15"), 0, 0, 0));
    MoulinSearchConfig cfg;
    moulin_hard_config(&cfg);
    cfg.node_budget = 20000;
    MoulinSearchResult res;
    moulin_search(&s, &cfg, &res);
    assert_int_equal(res.eg_pieces, 5);
    assert_int_equal(res.eg, MOULIN_EG_WIN);
    assert_true(res.mate);
    cfg.eg_pieces = 4;
    moulin_search(&s, &cfg, &res);
    assert_int_equal(res.eg_pieces, 0);
    assert_int_equal(res.eg, 0);
    assert_true(res.nodes > 0); /* searched */
}

/* ---- The cache file --------------------------------------------------------------------- */

static char dir[256];

static void file_path(char *out, size_t size)
{
    snprintf(out, size, "%s/moulin-endgame-flying-part.bin", dir);
}

/* Damages the file at `offset` (or truncates it there when `truncate_it`). */
static void damage(long offset, bool truncate_it)
{
    char path[512];
    file_path(path, sizeof path);
    if (truncate_it) {
        assert_int_equal(truncate(path, offset), 0);
        return;
    }
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, offset, SEEK_SET);
    int c = fgetc(f);
    fseek(f, offset, SEEK_SET);
    fputc(c ^ 0x5A, f);
    fclose(f);
}

static void test_cache_file(void **unused)
{
    (void)unused;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/test_moulin_eg_XXXXXX", tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    moulin_eg_unload();
    moulin_eg_set_cache_dir(dir);
    moulin_eg_limit(1); /* 3 v 3 only: quick */
    MoulinEgInfo in;

    /* Built, then written. */
    ensure(true);
    moulin_eg_info(true, &in);
    assert_false(in.loaded);
    char path[512];
    file_path(path, sizeof path);
    assert_string_equal(in.path, path);
    int ref = moulin_eg_raw(true, pts("4 15 23"), pts("0 2 21"));
    assert_int_equal(ref, 3); /* a loss in 2 */

    /* Read back. */
    moulin_eg_unload();
    ensure(true);
    moulin_eg_info(true, &in);
    assert_true(in.loaded);
    assert_int_equal(moulin_eg_raw(true, pts("4 15 23"), pts("0 2 21")), ref);

    /* A flipped byte in the payload, in the header, a truncated file, an empty one: each is
     * noticed, built again and written again (then it reads back). */
    long where[] = {50000, 12, -1, -2};
    for (int i = 0; i < 4; i++) {
        moulin_eg_unload();
        if (where[i] == -1)
            damage(100000, true);
        else if (where[i] == -2)
            damage(0, true);
        else
            damage(where[i], false);
        ensure(true);
        moulin_eg_info(true, &in);
        assert_false(in.loaded);
        assert_int_equal(moulin_eg_raw(true, pts("4 15 23"), pts("0 2 21")), ref);
        moulin_eg_unload();
        ensure(true);
        moulin_eg_info(true, &in);
        assert_true(in.loaded);
    }

    /* In memory only: no file. */
    moulin_eg_unload();
    unlink(path);
    moulin_eg_set_cache_dir(NULL);
    ensure(true);
    moulin_eg_info(true, &in);
    assert_false(in.loaded);
    assert_string_equal(in.path, "");
    assert_int_equal(access(path, F_OK), -1);
    rmdir(dir);

    moulin_eg_unload();
    moulin_eg_limit(4);
}

static bool exists(const char *path)
{
    return access(path, F_OK) == 0;
}

/* Sets the version field of a cache file (after the 8 bytes of the magic). */
static void set_version(const char *path, uint32_t version)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 8, SEEK_SET);
    assert_int_equal(fwrite(&version, sizeof version, 1, f), 1);
    fclose(f);
}

/* Waits until the worker has made the variant's tables up to `pieces`. */
static void wait_pieces(bool flying, int pieces)
{
    long long until = test_deadline(600000);
    while (moulin_eg_pieces_ready(flying) < pieces) {
        if (!test_before(until))
            fail_msg("the worker did not make the %d-piece tables in time", pieces);
        struct timespec ts = {0, 20 * 1000000};
        nanosleep(&ts, NULL);
    }
}

/* The background worker (moulin_eg_start): builds the stages and writes their files, reads
 * them back; a file of another version is built again; unloading stops it mid-build and
 * nothing half-built is kept. */
static void test_worker(void **unused)
{
    (void)unused;
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/test_moulin_egw_XXXXXX", tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    moulin_eg_unload();
    moulin_eg_set_cache_dir(dir);
    /* What is tested is what the worker makes, not its priority: at nice 10 a loaded
     * machine (a sanitizer build beside other work) starved it for minutes. */
    moulin_eg_set_worker_nice(0);
    char small[512], big[512];
    snprintf(small, sizeof small, "%s/moulin-endgame-noflying.bin", dir);
    snprintf(big, sizeof big, "%s/moulin-endgame-noflying-5v3.bin", dir);
    MoulinEgInfo in;

    /* Built in the background, smaller tables first; then both files are there. */
    moulin_eg_start(false);
    wait_pieces(false, 5);
    assert_true(exists(small) && exists(big));
    moulin_eg_info(false, &in);
    assert_false(in.loaded);
    assert_int_equal(in.pieces, 5);
    int ref = moulin_eg_raw(false, pts("0 2 4 20 22"), pts("10 13 15"));
    assert_int_equal(ref, 2); /* a win in 1 */

    /* Read back. */
    moulin_eg_unload();
    moulin_eg_start(false);
    wait_pieces(false, 5);
    moulin_eg_info(false, &in);
    assert_true(in.loaded);
    assert_int_equal(moulin_eg_raw(false, pts("0 2 4 20 22"), pts("10 13 15")), ref);

    /* A 5-piece file of an older format: reported, built again, written again. */
    moulin_eg_unload();
    set_version(big, 1);
    moulin_eg_start(false);
    wait_pieces(false, 5);
    moulin_eg_info(false, &in);
    assert_false(in.loaded);
    assert_true(in.table[0].loaded);  /* 3 v 3: its file was good */
    assert_false(in.table[5].loaded); /* 5 v 3 */
    assert_int_equal(moulin_eg_raw(false, pts("0 2 4 20 22"), pts("10 13 15")), ref);

    /* Stopped while it builds: the 5-piece file is not written, nothing is half ready. */
    moulin_eg_unload();
    unlink(big);
    moulin_eg_start(false);
    wait_pieces(false, 4); /* the first stage, read from its file; now building 5 v 3 */
    moulin_eg_unload();
    assert_false(exists(big));
    assert_int_equal(moulin_eg_pieces_ready(false), 0);

    /* Kept to 4 pieces: no worker at all. */
    moulin_eg_set_max_pieces(4);
    moulin_eg_start(false);
    assert_true(moulin_eg_ensure(false, NULL));
    assert_int_equal(moulin_eg_pieces_ready(false), 4);
    moulin_eg_unload();
    moulin_eg_set_max_pieces(5);
    assert_false(exists(big));

    unlink(small);
    rmdir(dir);
    moulin_eg_set_cache_dir(NULL);
    moulin_eg_set_worker_nice(10);
}

/* ---- Hard with the tables ------------------------------------------------------------ */

/* Hard wins a won 3 v 3 by the shortest way, and never loses a drawn one to a random
 * opponent; the N-move rule is on (100). */
static void test_hard_plays_the_tables(void **unused)
{
    (void)unused;
    ensure(true);
    Rng r;
    rng_seed(&r, 77);
    MoulinSearchConfig hard;
    moulin_hard_config(&hard);
    hard.node_budget = 20000;
    int games = 0, wins = 0;
    for (int tries = 0; games < 30 && tries < 2000; tries++) {
        uint32_t m = random_set(&r, 3, 0), o = random_set(&r, 3 + (int)rng_below(&r, 2), m);
        int d = -1;
        MoulinEgValue v = moulin_eg_probe(true, m, o, &d);
        if (v == MOULIN_EG_LOSS || (v == MOULIN_EG_WIN && d < 3))
            continue;
        games++;
        GameOptions opt;
        rules_default_options(&moulin_rules, &opt);
        MoulinState s;
        assert_null(moulin_setup(&s, &opt, m, o, 0, 0, 0));
        int turns = 0;
        while (s.end == MOULIN_END_NONE) {
            Action a;
            if (s.side == 0) {
                MoulinSearchResult res;
                moulin_search(&s, &hard, &res);
                a = res.best;
            } else {
                Action acts[RULES_MAX_ACTIONS];
                int n = moulin_rules.legal_actions(&s, acts);
                a = acts[rng_below(&r, (uint32_t)n)];
            }
            if (!s.pending && s.side == 0)
                turns++;
            assert_null(moulin_rules.apply(&s, a));
        }
        assert_true(s.winner != 1); /* never a loss */
        if (v == MOULIN_EG_WIN) {
            assert_int_equal(s.winner, 0);
            assert_true(2 * turns - 1 <= d); /* no slower than the table says */
            wins++;
        }
    }
    assert_int_equal(games, 30);
    assert_true(wins > 0);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        cmocka_set_test_filter(argv[1]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_values),
        cmocka_unit_test(test_consistency_3v3_all),
        cmocka_unit_test(test_consistency_3v4_4v4),
        cmocka_unit_test(test_agrees_with_search),
        cmocka_unit_test(test_five_pieces),
        cmocka_unit_test(test_consistency_5v3),
        cmocka_unit_test(test_consistency_5v4_5v5),
        cmocka_unit_test(test_hard_search_agrees_5v3),
        cmocka_unit_test(test_hard_eg_pieces),
        cmocka_unit_test(test_hard_plays_the_tables),
        cmocka_unit_test(test_cache_file),
        cmocka_unit_test(test_worker),
    };
    /* The tables in memory only, whatever the environment says; up to 5 pieces, the 5-piece
     * ones only 5 v 3 and 3 v 5 (4 pairs: a few seconds). */
    moulin_eg_set_cache_dir(NULL);
    moulin_eg_set_max_pieces(5);
    const char *env = getenv("TASCA_MOULIN_EG_FULL");
    full = env && strcmp(env, "1") == 0;
    moulin_eg_limit(full ? 6 : 4);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
