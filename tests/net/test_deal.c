/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Net: fair deals (deal.h) without a network. The chain of secrets opens its commitment
 * game by game and never out of order; a proof made from a real game verifies for every
 * seat of every game, and each way a dealer could lie is caught: another game's secret,
 * another seat's contribution left out, a deck other than the committed one, a move
 * changed, a proof cut short or padded. A seat's record of a game (dealfile.h), kept to be
 * checked later by `tasca verify`, verifies as the game did and stops verifying when any part
 * of it is changed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/fileio.h"

#include "engine/match.h"
#include "engine/registry.h"
#include "cli/cli.h"
#include "net/deal.h"
#include "net/dealfile.h"
#include "net/seal.h"

static void test_chain(void **unused)
{
    (void)unused;
    assert_true(seal_init());
    uint8_t top[WIRE_HASH], commit[WIRE_HASH], again[WIRE_HASH], h[WIRE_HASH], prev[WIRE_HASH];
    deal_chain_new(top, commit);
    deal_commit_of(top, again);
    assert_memory_equal(commit, again, WIRE_HASH);
    static const unsigned games[] = {0, 1, 2, 17, DEAL_GAMES - 1};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        deal_secret(top, games[i], h);
        assert_true(deal_opens(commit, games[i], h));
        /* It is no other game's secret. */
        assert_false(deal_opens(commit, games[i] + 1, h));
        if (games[i])
            assert_false(deal_opens(commit, games[i] - 1, h));
    }
    /* Game k's secret gives game k - 1's (revealing one reveals the games before)... */
    deal_secret(top, 5, h);
    deal_secret(top, 4, prev);
    uint8_t down[WIRE_HASH];
    deal_secret(h, DEAL_GAMES - 2, down); /* one link down from h */
    assert_memory_equal(down, prev, WIRE_HASH);
    /* ...and the top is not a secret of any game past the last. */
    assert_false(deal_opens(commit, DEAL_GAMES, top));
    /* Another chain opens nothing of this one. */
    uint8_t top2[WIRE_HASH], commit2[WIRE_HASH];
    deal_chain_new(top2, commit2);
    assert_memory_not_equal(commit, commit2, WIRE_HASH);
    deal_secret(top2, 0, h);
    assert_false(deal_opens(commit, 0, h));
}

static void test_seed_depends_on_everything(void **unused)
{
    (void)unused;
    uint8_t h[WIRE_HASH] = {1}, rands[2 * WIRE_HASH] = {2};
    uint64_t s = deal_seed("ABC", 0, h, 2, rands);
    assert_int_equal(deal_seed("ABC", 0, h, 2, rands), s);
    assert_int_not_equal(deal_seed("ABD", 0, h, 2, rands), s);
    assert_int_not_equal(deal_seed("ABC", 1, h, 2, rands), s);
    h[31] ^= 1;
    assert_int_not_equal(deal_seed("ABC", 0, h, 2, rands), s);
    h[31] ^= 1;
    rands[WIRE_HASH + 5] ^= 1; /* the last seat's contribution */
    assert_int_not_equal(deal_seed("ABC", 0, h, 2, rands), s);
}

/* A whole game of `game_id` dealt as a fair dealer would: its proof and what each seat
 * saw. */
typedef struct {
    const GameRules *g;
    GameOptions opt;
    int n;
    uint8_t top[WIRE_HASH], commit[WIRE_HASH];
    uint8_t rands[RULES_MAX_PLAYERS * WIRE_HASH];
    DealSeen seen[RULES_MAX_PLAYERS];
    uint8_t proof[WIRE_MAX];
    size_t proof_len;
    uint64_t seed;
} Played;

static void play(Played *p, const char *game_id, int n, unsigned game, uint64_t seed_delta)
{
    memset(p, 0, sizeof *p);
    p->g = registry_find(game_id);
    assert_non_null(p->g);
    rules_default_options(p->g, &p->opt);
    p->n = n;
    deal_chain_new(p->top, p->commit);
    for (int s = 0; s < n; s++)
        for (int i = 0; i < WIRE_HASH; i++)
            p->rands[s * WIRE_HASH + i] = (uint8_t)(s * 31 + i);
    uint8_t h[WIRE_HASH];
    deal_secret(p->top, game, h);
    p->seed = deal_seed("K7P2QX", game, h, n, p->rands);
    SeatSpec seats[RULES_MAX_PLAYERS];
    for (int s = 0; s < n; s++)
        seats[s] = (SeatSpec){true, DIFF_EASY};
    char err[MATCH_ERR];
    /* seed_delta: a dealer that deals another deck than the committed one */
    Match *m = match_create(p->g, &p->opt, n, seats, p->seed ^ seed_delta, err, sizeof err);
    assert_non_null(m);
    uint8_t *view = malloc(p->g->state_size);
    for (;;) {
        for (int s = 0; s < n; s++) {
            p->g->observe(m->state, s, view);
            assert_true(deal_seen_add(&p->seen[s], (uint32_t)m->history_len, view,
                                      p->g->state_size));
        }
        if (match_is_over(m))
            break;
        if (match_current_player(m) == PLAYER_CHANCE)
            assert_null(match_apply(m, match_next_chance(m)));
        else
            assert_null(match_play_bot(m));
    }
    p->proof_len = deal_proof_encode(h, n, p->rands, m->history_player, m->history,
                                     m->history_len, p->proof, sizeof p->proof);
    assert_true(p->proof_len > WIRE_HASH);
    free(view);
    match_free(m);
}

static const char *check(const Played *p, int seat, unsigned game, const uint8_t *proof,
                         size_t len, char *why, size_t size)
{
    return deal_check(p->g, &p->opt, p->n, seat, "K7P2QX", game, p->commit,
                      p->rands + seat * WIRE_HASH, proof, len, &p->seen[seat], why, size);
}

static void played_free(Played *p)
{
    for (int s = 0; s < p->n; s++)
        deal_seen_free(&p->seen[s]);
}

static void test_honest_games_verify(void **unused)
{
    (void)unused;
    static const struct {
        const char *id;
        int n;
    } games[] = {{"twentyone", 2}, {"truco", 2}, {"truco", 4}, {"bisca", 2},
                 {"bisca", 4},     {"buraco", 2}, {"moulin", 2}};
    char why[200];
    Played *p = malloc(sizeof *p);
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        for (unsigned game = 0; game < 3; game++) {
            play(p, games[i].id, games[i].n, game, 0);
            for (int s = 0; s < p->n; s++)
                if (check(p, s, game, p->proof, p->proof_len, why, sizeof why))
                    fail_msg("%s, %d seats, game %u, seat %d: %s", games[i].id, games[i].n,
                             game + 1, s, why);
            played_free(p);
        }
    free(p);
}

static void test_every_lie_is_caught(void **unused)
{
    (void)unused;
    char why[200];
    Played *p = malloc(sizeof *p);
    play(p, "bisca", 2, 1, 0);
    assert_null(check(p, 0, 1, p->proof, p->proof_len, why, sizeof why));
    /* Called another game's. */
    assert_non_null(check(p, 0, 0, p->proof, p->proof_len, why, sizeof why));
    assert_non_null(strstr(why, "commitment"));
    /* Another secret in the proof. */
    uint8_t *bad = malloc(p->proof_len + 8);
    memcpy(bad, p->proof, p->proof_len);
    bad[3] ^= 1;
    assert_non_null(check(p, 0, 1, bad, p->proof_len, why, sizeof why));
    assert_non_null(strstr(why, "commitment"));
    /* The seat's own contribution replaced (the dealer chose it). */
    memcpy(bad, p->proof, p->proof_len);
    bad[WIRE_HASH + 1 + 7] ^= 1;
    assert_non_null(check(p, 0, 1, bad, p->proof_len, why, sizeof why));
    assert_non_null(strstr(why, "contribution"));
    /* The other seat's contribution replaced: seat 0 cannot tell it is not seat 1's, but the
     * seed changes, so its cards do not come out as it was shown them; seat 1 sees it is
     * not its own. */
    memcpy(bad, p->proof, p->proof_len);
    bad[WIRE_HASH + 1 + WIRE_HASH + 7] ^= 1;
    assert_non_null(check(p, 0, 1, bad, p->proof_len, why, sizeof why));
    assert_non_null(check(p, 1, 1, bad, p->proof_len, why, sizeof why));
    assert_non_null(strstr(why, "contribution"));
    /* A move changed: seat 0 led another card than the one the game went on with. */
    memcpy(bad, p->proof, p->proof_len);
    size_t moves = WIRE_HASH + 1 + 2 * WIRE_HASH + 4;
    bad[moves + 1] ^= 1;
    assert_non_null(check(p, 0, 1, bad, p->proof_len, why, sizeof why));
    /* Cut short, and padded. */
    assert_non_null(check(p, 0, 1, p->proof, p->proof_len - 5, why, sizeof why));
    memcpy(bad, p->proof, p->proof_len);
    memset(bad + p->proof_len, 0, 5);
    assert_non_null(check(p, 0, 1, bad, p->proof_len + 5, why, sizeof why));
    assert_non_null(check(p, 0, 1, p->proof, 10, why, sizeof why));
    free(bad);
    played_free(p);
    /* A deck other than the committed one: every seat sees it. */
    play(p, "bisca", 2, 0, 1);
    for (int s = 0; s < 2; s++) {
        assert_non_null(check(p, s, 0, p->proof, p->proof_len, why, sizeof why));
        assert_non_null(strstr(why, "committed deck"));
    }
    /* Nothing kept to check: never called verified. */
    DealSeen none = {0};
    assert_non_null(deal_check(p->g, &p->opt, 2, 0, "K7P2QX", 0, p->commit, p->rands,
                               p->proof, p->proof_len, &none, why, sizeof why));
    played_free(p);
    free(p);
}

/* Runs `tasca verify path` (its exit status). */
static int verify(const char *path)
{
    char *argv[] = {"verify", (char *)path, NULL};
    return cli_verify(2, argv);
}

/* Replaces the first occurrence of `what` in the file by `with` (same length). */
static void edit_file(const char *path, const char *what, const char *with)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *at = strstr(buf, what);
    assert_non_null(at);
    assert_int_equal(strlen(what), strlen(with));
    memcpy(at, with, strlen(with));
    f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(buf, 1, n, f), n);
    fclose(f);
}

/* The hex of a field's value in the file ("mine ", "view 3 "...): its first 4 digits. */
static void field_hex(const char *path, const char *field, char out[5])
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char line[70000];
    out[0] = '\0';
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, strlen(field)) == 0) {
            snprintf(out, 5, "%s", line + strlen(field));
            break;
        }
    fclose(f);
    assert_int_equal(strlen(out), 4);
}

static void copy_file(const char *from, const char *to)
{
    size_t len;
    char err[200];
    char *text = file_read_all(from, 1 << 22, &len, err, sizeof err);
    assert_non_null(text);
    assert_int_equal(file_write_atomic(to, text, len, err, sizeof err), 0);
    free(text);
}

static void test_record_file(void **unused)
{
    (void)unused;
    const char *tmp = getenv("TMPDIR");
    char base[512];
    snprintf(base, sizeof base, "%s/tasca-deal-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    assert_non_null(mkdtemp(base));
    char deals[600], path[700], err[200], why[200];
    snprintf(deals, sizeof deals, "%s/deals", base);
    Played *p = malloc(sizeof *p);
    play(p, "truco", 2, 2, 0);
    DealRecord r = {.n_options = p->g->n_options, .n = 2, .seat = 1, .game_no = 2,
                    .seen = p->seen[1], .proof = p->proof, .proof_len = p->proof_len};
    snprintf(r.game, sizeof r.game, "truco");
    snprintf(r.code, sizeof r.code, "K7P2QX");
    for (int i = 0; i < r.n_options; i++)
        r.options[i] = p->opt.v[i];
    memset(r.dealer, 0xA5, WIRE_KEY);
    memcpy(r.commit, p->commit, WIRE_HASH);
    memcpy(r.mine, p->rands + WIRE_HASH, WIRE_HASH);
    assert_null(deal_record_check(&r, why, sizeof why));
    assert_int_equal(deal_record_keep(&r, deals, path, sizeof path, err, sizeof err), 0);
    char want[700];
    snprintf(want, sizeof want, "%s/K7P2QX-g3.tdeal", deals);
    assert_string_equal(path, want);
    /* Read back, it is the same record, and it verifies. */
    size_t len;
    char *text = file_read_all(path, DEAL_RECORD_MAX, &len, err, sizeof err);
    assert_non_null(text);
    DealRecord back;
    assert_true(deal_record_parse(text, len, &back, err, sizeof err));
    free(text);
    assert_string_equal(back.game, "truco");
    assert_string_equal(back.code, "K7P2QX");
    assert_int_equal(back.n, 2);
    assert_int_equal(back.seat, 1);
    assert_int_equal(back.game_no, 2);
    assert_int_equal(back.n_options, r.n_options);
    assert_memory_equal(back.options, r.options, sizeof(int) * (size_t)r.n_options);
    assert_memory_equal(back.dealer, r.dealer, WIRE_KEY);
    assert_int_equal(back.proof_len, r.proof_len);
    assert_memory_equal(back.proof, r.proof, r.proof_len);
    assert_int_equal(back.seen.n, r.seen.n);
    for (uint32_t i = 0; i < r.seen.n; i++) {
        assert_int_equal(back.seen.have[i], r.seen.have[i]);
        if (r.seen.have[i])
            assert_memory_equal(back.seen.hash[i], r.seen.hash[i], DEAL_VIEW_HASH);
    }
    assert_null(deal_record_check(&back, why, sizeof why));
    deal_record_free(&back);
    assert_int_equal(verify(path), 0);

    /* Any part changed, and it no longer verifies (exit status 1)... */
    static const char *fields[] = {"mine ", "commit ", "view 0 ", "view 5 ", "proof "};
    char bad[800];
    snprintf(bad, sizeof bad, "%s/bad.tdeal", base);
    for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
        copy_file(path, bad);
        char hex[5], flipped[5];
        field_hex(bad, fields[i], hex);
        snprintf(flipped, sizeof flipped, "%s", hex);
        flipped[3] = flipped[3] == '0' ? '1' : '0';
        char what[40], with[40];
        snprintf(what, sizeof what, "%s%s", fields[i], hex);
        snprintf(with, sizeof with, "%s%s", fields[i], flipped);
        edit_file(bad, what, with);
        if (verify(bad) != 1)
            fail_msg("changing '%s' in the record went unnoticed", fields[i]);
    }
    copy_file(path, bad);
    edit_file(bad, "number 2", "number 1");
    assert_int_equal(verify(bad), 1);
    copy_file(path, bad);
    edit_file(bad, "seat 1", "seat 0");
    assert_int_equal(verify(bad), 1);
    /* ...and what is not such a record is told apart (exit status 2). */
    copy_file(path, bad);
    edit_file(bad, "tasca-deal 1", "tasca-deal 9");
    assert_int_equal(verify(bad), 2);
    copy_file(path, bad);
    edit_file(bad, "players 2", "players 7");
    assert_int_equal(verify(bad), 2);
    char missing[800];
    snprintf(missing, sizeof missing, "%s/none.tdeal", base);
    assert_int_equal(verify(missing), 2);
    /* One bad file among good ones: the worst status. */
    char *argv[] = {"verify", path, bad, NULL};
    assert_int_equal(cli_verify(3, argv), 2);
    remove(bad);
    remove(path);
    rmdir(deals);
    rmdir(base);
    played_free(p);
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chain),
        cmocka_unit_test(test_seed_depends_on_everything),
        cmocka_unit_test(test_honest_games_verify),
        cmocka_unit_test(test_every_lie_is_caught),
        cmocka_unit_test(test_record_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
