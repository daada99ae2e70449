/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The generic alpha-beta search (engine/ai/alphabeta.h) on two toy games whose values are
 * known, independently of any game of the project:
 *   - a subtraction game: a pile, each turn takes 1 to 3, who cannot move (empty pile) has
 *     lost. The side to act wins iff pile % 4 != 0, by taking pile % 4.
 *   - tic-tac-toe: a draw from the empty board; wins and forced blocks in set positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/ai/alphabeta.h"

/* ---- Subtraction game ------------------------------------------------------------- */

typedef struct {
    uint8_t pile, side;
} Nim;

static int nim_generate(const void *user, const void *pos, AbMove *out, bool noisy_only)
{
    (void)user;
    const Nim *p = pos;
    int n = 0;
    for (int k = 1; k <= 3 && k <= p->pile; k++)
        if (!noisy_only || k == p->pile) /* noisy: taking the last stones */
            out[n++] = (AbMove)k;
    return n;
}

static void nim_make(const void *user, const void *pos, AbMove m, void *child)
{
    (void)user;
    const Nim *p = pos;
    Nim *c = child;
    c->pile = (uint8_t)(p->pile - m);
    c->side = (uint8_t)(1 - p->side);
}

static int nim_evaluate(const void *user, const void *pos)
{
    (void)user;
    (void)pos;
    return 0; /* knows nothing: only search finds the values */
}

static AbTerminal nim_terminal(const void *user, const void *pos)
{
    (void)user;
    return ((const Nim *)pos)->pile == 0 ? AB_LOSS : AB_GOING;
}

static int nim_side(const void *pos)
{
    return ((const Nim *)pos)->side;
}

static uint64_t nim_hash(const void *user, const void *pos)
{
    (void)user;
    const Nim *p = pos;
    return (uint64_t)p->pile * 2 + p->side;
}

static const AbGame nim_game = {
    .pos_size = sizeof(Nim),
    .generate = nim_generate,
    .make = nim_make,
    .evaluate = nim_evaluate,
    .terminal = nim_terminal,
    .side = nim_side,
    .hash = nim_hash,
};

static void test_nim_values(void **unused)
{
    (void)unused;
    for (int pile = 1; pile <= 14; pile++) {
        for (int variant = 0; variant < 4; variant++) {
            Nim root = {(uint8_t)pile, 0};
            AbConfig cfg = {.max_depth = pile + 1,
                            .pvs = variant & 1,
                            .killers_history = variant & 1,
                            .tt_bits = variant & 2 ? 12 : 0};
            AbResult r;
            ab_search(&nim_game, NULL, &root, NULL, 0, &cfg, &r);
            if (r.root_moves == 1) { /* one move: played without a search */
                assert_int_equal(r.best, 1);
                assert_int_equal(r.depth, 0);
                continue;
            }
            if (pile % 4) {
                /* A win: the loser delays by taking 1, the winner then takes 3. */
                int plies = 1 + 2 * ((pile - pile % 4) / 4);
                assert_int_equal(r.best, pile % 4);
                assert_int_equal(r.score, AB_MATE - plies);
                assert_true(r.mate);
            } else {
                /* A loss whatever is taken; the longest defence takes 1. */
                assert_int_equal(r.score, -(AB_MATE - 2 * (pile / 4)));
                assert_true(r.mate);
            }
            assert_true(r.nodes > 0);
        }
    }
}

/* A table that knows every pile up to 6 (the value by the rule pile % 4, the distance by
 * the longest play), as endgame tables do: the search stops there and gets the same
 * values as without it. */
static AbTerminal nim_probe(const void *user, const void *pos, int *value)
{
    (void)user;
    const Nim *p = pos;
    if (p->pile > 6 || p->pile == 0)
        return AB_GOING;
    if (p->pile % 4) {
        *value = 1 + 2 * (p->pile / 4);
        return AB_WIN;
    }
    *value = 2 * (p->pile / 4);
    return AB_LOSS;
}

static void test_nim_probe(void **unused)
{
    (void)unused;
    AbGame g = nim_game;
    g.probe = nim_probe;
    for (int pile = 7; pile <= 14; pile++) {
        Nim root = {(uint8_t)pile, 0};
        AbConfig cfg = {.max_depth = pile + 1, .pvs = true, .tt_bits = 12};
        AbResult with, without;
        ab_search(&g, NULL, &root, NULL, 0, &cfg, &with);
        ab_search(&nim_game, NULL, &root, NULL, 0, &cfg, &without);
        assert_int_equal(with.score, without.score);
        assert_true(with.mate);
        assert_true(with.probe_hits > 0);
        assert_true(with.nodes < without.nodes);
        assert_int_equal(without.probe_hits, 0);
    }
}

static void test_nim_pv_and_scores(void **unused)
{
    (void)unused;
    Nim root = {10, 1};
    AbConfig cfg = {.max_depth = 12, .pvs = true, .killers_history = true, .tt_bits = 12};
    AbResult r;
    ab_search(&nim_game, NULL, &root, NULL, 0, &cfg, &r);
    assert_int_equal(r.best, 2);
    assert_true(r.pv_len >= 1);
    assert_int_equal(r.pv[0], 2);
    /* Every root move, fully searched: only taking 2 wins. */
    AbMove mv[AB_MAX_MOVES];
    int sc[AB_MAX_MOVES];
    AbConfig plain = {0};
    int n = ab_score_moves(&nim_game, NULL, &root, NULL, 0, &plain, 12, mv, sc);
    assert_int_equal(n, 3);
    for (int i = 0; i < n; i++) {
        if (mv[i] == 2)
            assert_int_equal(sc[i], AB_MATE - 5);
        else
            assert_true(sc[i] < -AB_MATE_BOUND);
    }
}

/* ---- Tic-tac-toe ------------------------------------------------------------------- */

typedef struct {
    uint8_t cell[9]; /* 0 empty, 1 X, 2 O */
    uint8_t side;    /* 0: X to play */
    uint8_t filled;
} Ttt;

static const uint8_t lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static bool has_line(const Ttt *p, int who)
{
    for (int l = 0; l < 8; l++)
        if (p->cell[lines[l][0]] == who && p->cell[lines[l][1]] == who &&
            p->cell[lines[l][2]] == who)
            return true;
    return false;
}

static int ttt_generate(const void *user, const void *pos, AbMove *out, bool noisy_only)
{
    (void)user;
    const Ttt *p = pos;
    int n = 0;
    for (int i = 0; i < 9; i++) {
        if (p->cell[i])
            continue;
        if (noisy_only) { /* noisy: the moves that complete a line */
            Ttt t = *p;
            t.cell[i] = (uint8_t)(p->side + 1);
            if (!has_line(&t, p->side + 1))
                continue;
        }
        out[n++] = (AbMove)i;
    }
    return n;
}

static void ttt_make(const void *user, const void *pos, AbMove m, void *child)
{
    (void)user;
    const Ttt *p = pos;
    Ttt *c = child;
    *c = *p;
    c->cell[m] = (uint8_t)(p->side + 1);
    c->side = (uint8_t)(1 - p->side);
    c->filled++;
}

/* Open lines (no opposing mark), weighted by their marks: a rough guess. */
static int ttt_evaluate(const void *user, const void *pos)
{
    (void)user;
    const Ttt *p = pos;
    int me = p->side + 1, v = 0;
    for (int l = 0; l < 8; l++) {
        int mine = 0, theirs = 0;
        for (int k = 0; k < 3; k++) {
            int c = p->cell[lines[l][k]];
            mine += c == me;
            theirs += c && c != me;
        }
        if (!theirs)
            v += mine * mine;
        if (!mine)
            v -= theirs * theirs;
    }
    return v;
}

static AbTerminal ttt_terminal(const void *user, const void *pos)
{
    (void)user;
    const Ttt *p = pos;
    if (has_line(p, 2 - p->side)) /* the side that just played made a line */
        return AB_LOSS;
    return p->filled == 9 ? AB_DRAW : AB_GOING;
}

static int ttt_side(const void *pos)
{
    return ((const Ttt *)pos)->side;
}

static uint64_t ttt_hash(const void *user, const void *pos)
{
    (void)user;
    const Ttt *p = pos;
    uint64_t k = p->side;
    for (int i = 0; i < 9; i++)
        k = k * 3 + p->cell[i];
    return k * 0x9E3779B97F4A7C15ULL;
}

static uint64_t ttt_key(const void *user, const void *pos)
{
    (void)user;
    const Ttt *p = pos;
    uint64_t k = p->side;
    for (int i = 0; i < 9; i++)
        k = k * 3 + p->cell[i];
    return k + 1; /* exact, never 0 */
}

static const AbGame ttt_game = {
    .pos_size = sizeof(Ttt),
    .generate = ttt_generate,
    .make = ttt_make,
    .evaluate = ttt_evaluate,
    .terminal = ttt_terminal,
    .side = ttt_side,
    .hash = ttt_hash,
    .key = ttt_key,
};

static Ttt ttt_from(const char *board) /* "X.O......": X to play when counts are equal */
{
    Ttt p;
    memset(&p, 0, sizeof p);
    int x = 0, o = 0;
    for (int i = 0; i < 9; i++) {
        p.cell[i] = board[i] == 'X' ? 1 : board[i] == 'O' ? 2 : 0;
        x += p.cell[i] == 1;
        o += p.cell[i] == 2;
    }
    p.filled = (uint8_t)(x + o);
    p.side = x > o;
    return p;
}

/* Variants: 1 PVS with killers and history, 2 a table, 4 quiescence, 8 late move
 * reductions (with PVS; deeper, so that every reduced line still reaches the game's end and
 * the values stay exact). */
static AbResult ttt_search(const Ttt *p, int variant)
{
    AbConfig cfg = {.max_depth = variant & 8 ? 18 : 9,
                    .pvs = variant & 9,
                    .killers_history = variant & 1,
                    .quiescence = variant & 4,
                    .lmr = variant & 8,
                    .tt_bits = variant & 2 ? 14 : 0};
    AbResult r;
    ab_search(&ttt_game, NULL, p, NULL, 0, &cfg, &r);
    return r;
}

static void test_ttt_empty_board_is_a_draw(void **unused)
{
    (void)unused;
    Ttt p = ttt_from(".........");
    uint64_t nodes_tt = 0, nodes_plain = 0;
    for (int v = 0; v < 16; v++) {
        AbResult r = ttt_search(&p, v);
        assert_int_equal(r.score, 0);
        assert_int_equal(r.depth, v & 8 ? 18 : 9);
        assert_int_equal(r.root_moves, 9);
        assert_true(r.best < 9);
        if (v == 2)
            nodes_tt = r.nodes;
        if (v == 0)
            nodes_plain = r.nodes;
    }
    assert_true(nodes_tt < nodes_plain); /* the table does its job */
}

/* Plain negamax over the whole tree, scored like the search (a loss at ply p is
 * -(AB_MATE - p)): the reference. */
static int ttt_reference(const Ttt *p, int ply)
{
    switch (ttt_terminal(NULL, p)) {
    case AB_LOSS: return -(AB_MATE - ply);
    case AB_DRAW: return 0;
    default: break;
    }
    AbMove mv[9];
    int n = ttt_generate(NULL, p, mv, false), best = -AB_INF;
    for (int i = 0; i < n; i++) {
        Ttt c;
        ttt_make(NULL, p, mv[i], &c);
        int v = -ttt_reference(&c, ply + 1);
        if (v > best)
            best = v;
    }
    return best;
}

static void test_ttt_wins_and_blocks(void **unused)
{
    (void)unused;
    for (int v = 0; v < 16; v++) {
        /* X completes the top row now. */
        Ttt p = ttt_from("XX.OO....");
        AbResult r = ttt_search(&p, v);
        assert_int_equal(r.best, 2);
        assert_int_equal(r.score, AB_MATE - 1);
        /* O must block on 2 (X threatens the top row). */
        p = ttt_from("XX..O....");
        r = ttt_search(&p, v);
        assert_int_equal(r.best, 2);
        assert_int_equal(r.score, ttt_reference(&p, 0));
    }
}

/* Every position after two plies: the search's value is the reference value, and its move
 * reaches that value; with and without table, PVS, killers/history and quiescence. */
static void test_ttt_matches_reference(void **unused)
{
    (void)unused;
    int wins = 0;
    for (int a = 0; a < 9; a++) {
        for (int b = 0; b < 9; b++) {
            if (a == b)
                continue;
            Ttt p = ttt_from(".........");
            ttt_make(NULL, &p, (AbMove)a, &p);
            ttt_make(NULL, &p, (AbMove)b, &p);
            int ref = ttt_reference(&p, 0);
            wins += ref > AB_MATE_BOUND;
            for (int v = 0; v < 16; v++) {
                AbResult r = ttt_search(&p, v);
                assert_int_equal(r.score, ref);
                Ttt c;
                ttt_make(NULL, &p, r.best, &c);
                assert_int_equal(-ttt_reference(&c, 1), ref);
            }
        }
    }
    assert_true(wins > 0); /* some second moves lose for O */
}

static void test_budget_still_answers(void **unused)
{
    (void)unused;
    Ttt p = ttt_from(".........");
    AbConfig cfg = {.node_budget = 50, .pvs = true, .tt_bits = 14};
    AbResult r;
    ab_search(&ttt_game, NULL, &p, NULL, 0, &cfg, &r);
    assert_true(r.best < 9);
    assert_true(r.nodes <= 50 + 1024); /* the budget is checked every 1024 nodes */
    assert_true(r.depth < 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nim_values),
        cmocka_unit_test(test_nim_probe),
        cmocka_unit_test(test_nim_pv_and_scores),
        cmocka_unit_test(test_ttt_empty_board_is_a_draw),
        cmocka_unit_test(test_ttt_wins_and_blocks),
        cmocka_unit_test(test_ttt_matches_reference),
        cmocka_unit_test(test_budget_still_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
