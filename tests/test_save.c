/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The save loader against valid, truncated, corrupt and hostile files; autosave and the
 * atomic file writer. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/fileio.h"
#include "support.h"

/* A complete game: player 10♥ 5♦ hits 6♣ (21), computer 9♠ 7♣ hits K♦ (26, bust). */
static const char valid_save[] = "tasca-save 1\n"
                                 "game twentyone\n"
                                 "players 2\n"
                                 "option charlie=off\n"
                                 "seed 1234\n"
                                 "seat 0 human\n"
                                 "seat 1 bot hard\n"
                                 "actions\n"
                                 "deal 10♥\n"
                                 "deal 9♠\n"
                                 "deal 5♦\n"
                                 "deal 7♣\n"
                                 "hit\n"
                                 "deal 6♣\n"
                                 "hit\n"
                                 "deal K♦\n";

/* The header alone (no action yet), for building files line by line. */
#define HEADER                                                                             \
    "tasca-save 1\ngame twentyone\nplayers 2\noption charlie=off\nseed 7\n"                \
    "seat 0 human\nseat 1 bot easy\nactions\n"

static Match *load(const char *text, size_t len, char *err, size_t errsize)
{
    /* Exactly len bytes, no terminator: the loader must not read past the end. */
    char *copy = malloc(len ? len : 1);
    assert_non_null(copy);
    memcpy(copy, text, len);
    err[0] = '\0';
    Match *m = match_load_text(copy, len, err, errsize);
    free(copy);
    return m;
}

/* The file must be refused with a one-line message containing `want`. */
static void expect_reject(const char *text, size_t len, const char *want)
{
    char err[MATCH_ERR];
    Match *m = load(text, len, err, sizeof err);
    if (m) {
        match_free(m);
        fail_msg("accepted a bad file (expected '%s'):\n%.*s", want, (int)(len > 300 ? 300 : len),
                 text);
    }
    if (!err[0] || strchr(err, '\n'))
        fail_msg("message '%s' is not one line", err);
    if (!strstr(err, want))
        fail_msg("message '%s' does not contain '%s'", err, want);
}

static void reject(const char *text, const char *want) { expect_reject(text, strlen(text), want); }

static Match *must_load(const char *text, size_t len)
{
    char err[MATCH_ERR];
    Match *m = load(text, len, err, sizeof err);
    if (!m)
        fail_msg("valid file refused: %s", err);
    return m;
}

/* ---- Valid files ---------------------------------------------------------------------- */

static void test_valid_file_replays(void **unused)
{
    (void)unused;
    Match *m = must_load(valid_save, strlen(valid_save));
    assert_ptr_equal(m->rules, &twentyone_rules);
    assert_int_equal(m->num_players, 2);
    assert_true(m->seed == 1234);
    assert_false(m->seats[0].bot);
    assert_true(m->seats[1].bot);
    assert_int_equal(m->seats[1].difficulty, DIFF_HARD);
    assert_int_equal(m->history_len, 8);
    assert_int_equal(m->chance_count, 6);
    assert_true(match_is_over(m));

    /* The same actions applied by hand give the same state. */
    TwentyOneState s;
    to_new(&s, false);
    to_deal4(&s, "10h", "9s", "5d", "7c");
    to_hit(&s, "6c");
    to_hit(&s, "Kd");
    assert_memory_equal(m->state, &s, sizeof s);
    double r[RULES_MAX_PLAYERS];
    twentyone_rules.returns(m->state, r);
    assert_true(r[0] == 1 && r[1] == -1);
    /* The history records who acted. */
    const int who[8] = {PLAYER_CHANCE, PLAYER_CHANCE, PLAYER_CHANCE, PLAYER_CHANCE,
                        TO_PLAYER,     PLAYER_CHANCE, TO_COMPUTER,   PLAYER_CHANCE};
    assert_memory_equal(m->history_player, who, sizeof who);

    /* Saving it again writes the very same text. */
    char *text = match_save_text(m);
    assert_string_equal(text, valid_save);
    free(text);
    match_free(m);
}

static void test_tolerated_variants(void **unused)
{
    (void)unused;
    Match *ref = must_load(valid_save, strlen(valid_save));

    /* CRLF line endings (a file edited on Windows). */
    char crlf[2048];
    size_t n = 0;
    for (const char *p = valid_save; *p; p++) {
        if (*p == '\n')
            crlf[n++] = '\r';
        crlf[n++] = *p;
    }
    Match *m = must_load(crlf, n);
    assert_memory_equal(m->state, ref->state, sizeof(TwentyOneState));
    assert_int_equal(m->history_len, ref->history_len);
    match_free(m);

    /* A UTF-8 byte-order mark, blank lines, comments, no final newline, ASCII cards. */
    static const char loose[] = "\xEF\xBB\xBFtasca-save 1\n# saved by hand\n\ngame twentyone\n"
                                "players 2\nseed 1234\nseat 0 human\nseat 1 bot hard\n"
                                "actions\ndeal 10h\n\ndeal 9s\n# note\ndeal 5d\ndeal 7C\n"
                                "hit\ndeal 6c\nhit\ndeal Kd";
    m = must_load(loose, strlen(loose));
    assert_memory_equal(m->state, ref->state, sizeof(TwentyOneState));
    match_free(m);

    /* The largest seed. */
    m = must_load(HEADER, strlen(HEADER));
    match_free(m);
    static const char big_seed[] = "tasca-save 1\ngame twentyone\nplayers 2\nseed "
                                   "18446744073709551615\nseat 0 human\nseat 1 human\nactions\n";
    m = must_load(big_seed, strlen(big_seed));
    assert_true(m->seed == UINT64_MAX);
    match_free(m);
    match_free(ref);
}

/* ---- Truncation ------------------------------------------------------------------------ */

static void test_every_prefix(void **unused)
{
    (void)unused;
    Match *full = must_load(valid_save, strlen(valid_save));
    size_t len = strlen(valid_save);
    int loaded = 0;
    for (size_t cut = 0; cut <= len; cut++) {
        char err[MATCH_ERR];
        Match *m = load(valid_save, cut, err, sizeof err);
        if (!m) {
            if (!err[0] || strchr(err, '\n'))
                fail_msg("prefix %zu: message '%s' is not one line", cut, err);
            continue;
        }
        /* A prefix that loads is the same game, shorter. */
        loaded++;
        assert_true(m->seed == full->seed);
        assert_true(m->history_len <= full->history_len);
        if (m->history_len)
            assert_memory_equal(m->history, full->history,
                                (size_t)m->history_len * sizeof(Action));
        /* Replaying that many actions from scratch gives the loaded state. */
        TwentyOneState s;
        to_new(&s, false);
        for (int i = 0; i < m->history_len; i++)
            assert_null(twentyone_rules.apply(&s, full->history[i]));
        assert_memory_equal(m->state, &s, sizeof s);
        match_free(m);
    }
    /* At least the prefixes that end on a line boundary after "actions" load (9 of them,
     * plus those cut just before a newline). */
    assert_true(loaded >= 9);
    match_free(full);
}

/* ---- Corrupt and hostile files --------------------------------------------------------- */

static void test_header_errors(void **unused)
{
    (void)unused;
    reject("", "not a Tasca save file");
    reject("\n\n\n", "not a Tasca save file");
    reject("tasca-sav 1\n", "not a Tasca save file");
    reject("TASCA-SAVE 1\n", "not a Tasca save file");
    reject("hello world\n", "not a Tasca save file");
    reject("tasca-save 2\ngame twentyone\n", "version '2' is not supported");
    reject("tasca-save 0\n", "version '0' is not supported");
    reject("tasca-save abc\n", "version 'abc' is not supported");
    reject("tasca-save 18446744073709551617\n", "is not supported");
    reject("tasca-save 1\n", "expected 'game ID'");
    reject("tasca-save 1\ngame chess\n", "line 2: unknown game 'chess'");
    reject("tasca-save 1\ngame\n", "line 2: expected 'game ID'");
    reject("tasca-save 1\ngame twentyone extra\n", "line 2: expected 'game ID'");
    reject("tasca-save 1\ngame twentyone\nplayers 3\n", "line 3: expected 'players N'");
    reject("tasca-save 1\ngame twentyone\nplayers 0\n", "line 3");
    reject("tasca-save 1\ngame twentyone\nplayers -2\n", "line 3");
    reject("tasca-save 1\ngame twentyone\nplayers two\n", "line 3");
    reject("tasca-save 1\ngame twentyone\nplayers 2 2\n", "line 3");
    reject("tasca-save 1\ngame twentyone\nplayers 4294967298\n", "line 3");
    reject("tasca-save 1\ngame twentyone\nseed 1\n", "line 3");
    /* A key runs into its value: not the format, even if the meaning could be guessed. */
    reject("tasca-save1\n", "not a Tasca save file");
    reject("tasca-save 1\ngametwentyone\n", "line 2: expected 'game ID'");
    reject("tasca-save 1\ngame twentyone\nplayers2\n", "line 3: expected 'players N'");
    reject("tasca-save 1\ngame twentyone\nplayers 2\nseed5\n", "line 4: expected 'seed N'");
    reject("tasca-save 1\ngame twentyone\nplayers 2\nseed 5\nseat0 human\n",
           "line 5: expected 'seat 0");

    const char *opt_head = "tasca-save 1\ngame twentyone\nplayers 2\n";
    char buf[512];
    snprintf(buf, sizeof buf, "%soption foo=1\nseed 1\n", opt_head);
    reject(buf, "line 4: twentyone has no option 'foo'");
    snprintf(buf, sizeof buf, "%soption charlie=maybe\nseed 1\n", opt_head);
    reject(buf, "line 4: option charlie: 'maybe' is not one of off on");
    snprintf(buf, sizeof buf, "%soption charlie\nseed 1\n", opt_head);
    reject(buf, "line 4");
    snprintf(buf, sizeof buf, "%soption charlie=on\noption charlie=1\nseed 1\n", opt_head);
    reject(buf, "line 5");

    const char *bad_seeds[] = {"-1", "abc", "18446744073709551616", "99999999999999999999999",
                               "", "1 2", "0x10", "+5", "1.5", "5a"};
    for (size_t i = 0; i < sizeof bad_seeds / sizeof bad_seeds[0]; i++) {
        snprintf(buf, sizeof buf, "%sseed %s\nseat 0 human\nseat 1 human\nactions\n", opt_head,
                 bad_seeds[i]);
        reject(buf, "line 4: expected 'seed N'");
    }
}

static void test_seat_errors(void **unused)
{
    (void)unused;
    const char *head = "tasca-save 1\ngame twentyone\nplayers 2\nseed 1\n";
    struct {
        const char *seats, *want;
    } cases[] = {
        {"seat 0 human\nactions\n", "line 6: expected 'seat 1"},        /* missing */
        {"actions\n", "line 5: expected 'seat 0"},                      /* none at all */
        {"seat 0 human\nseat 0 human\nactions\n", "line 6: expected 'seat 1"}, /* duplicate */
        {"seat 1 human\nseat 0 human\nactions\n", "line 5: expected 'seat 0"}, /* order */
        {"seat 0 robot\nseat 1 human\nactions\n", "line 5: seat 0 must be"},
        {"seat 0 human\nseat 1 bot genius\nactions\n", "line 6: seat 1 must be"},
        {"seat 0 human\nseat 1 bot\nactions\n", "line 6: seat 1 must be"},
        {"seat 0 human now\nseat 1 human\nactions\n", "line 5: seat 0 must be"},
        {"seat 0 human\nseat 1 bot hard extra\nactions\n", "line 6"},
        {"seat 0 human\nseat 1 human\nseat 2 human\nactions\n", "line 7: expected 'actions'"},
        {"seat 0 human\nseat 1 human\n", "expected 'actions'"},
        {"seat 0 human\nseat 1 human\nactions please\n", "line 7: expected 'actions'"},
        {"seat -1 human\nseat 0 human\nactions\n", "line 5"},
        {"seat 4294967296 human\nseat 1 human\nactions\n", "line 5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s%s", head, cases[i].seats);
        reject(buf, cases[i].want);
    }
}

static void test_action_errors(void **unused)
{
    (void)unused;
    char buf[1024];
    /* "hit" while the cards are being dealt (line 9 is the first action). */
    snprintf(buf, sizeof buf, "%shit\n", HEADER);
    reject(buf, "line 9: 'hit' is not legal here");
    /* A card dealt twice. */
    snprintf(buf, sizeof buf, "%sdeal 7♥\ndeal 8♥\ndeal 7h\n", HEADER);
    reject(buf, "line 11: 'deal 7h' is not legal here: that card has already been dealt");
    /* Not a move at all. */
    snprintf(buf, sizeof buf, "%sdeal 7♥\nfold\n", HEADER);
    reject(buf, "line 10: 'fold' is not a move of 21");
    snprintf(buf, sizeof buf, "%sdeal 1♥\n", HEADER);
    reject(buf, "line 9");
    /* Dealing at a player node. */
    snprintf(buf, sizeof buf, "%sdeal 7♥\ndeal 8♥\ndeal 9♥\ndeal 2♠\ndeal 3♠\n", HEADER);
    reject(buf, "line 13: 'deal 3♠' is not legal here");
    /* A move after the game is over (the player busts at line 14). */
    snprintf(buf, sizeof buf, "%sdeal 10♥\ndeal 8♥\ndeal 9♥\ndeal 2♠\nhit\ndeal K♠\nstand\n",
             HEADER);
    reject(buf, "line 15: 'stand' is not legal here: the game is already over");
    snprintf(buf, sizeof buf, "%sdeal 10♥\ndeal 8♥\ndeal 9♥\ndeal 2♠\nhit\ndeal K♠\ndeal Q♠\n",
             HEADER);
    reject(buf, "line 15");
    /* Line numbers count blank and comment lines. */
    snprintf(buf, sizeof buf, "%s\n# a comment\n\nhit\n", HEADER);
    reject(buf, "line 12: 'hit'");
}

static void test_binary_and_huge_files(void **unused)
{
    (void)unused;
    /* NUL bytes, anywhere. */
    static const char nul_head[] = "tasca-save 1\0\ngame twentyone\n";
    expect_reject(nul_head, sizeof nul_head - 1, "NUL");
    char buf[1024];
    int n = snprintf(buf, sizeof buf, "%sdeal 7h\n", HEADER);
    buf[n - 3] = '\0';
    expect_reject(buf, (size_t)n, "NUL");

    /* Binary garbage (no NUL, so it gets to the parser) and random bytes (with NULs). */
    Rng rng;
    rng_seed(&rng, 404);
    for (int k = 0; k < 500; k++) {
        size_t len = 1 + rng_below(&rng, 2000);
        unsigned char *g = malloc(len);
        assert_non_null(g);
        for (size_t i = 0; i < len; i++) {
            g[i] = (unsigned char)rng_below(&rng, 256);
            if (k % 2 == 0 && g[i] == 0)
                g[i] = 1;
        }
        char err[MATCH_ERR];
        Match *m = load((const char *)g, len, err, sizeof err);
        assert_null(m);
        assert_true(err[0] != '\0');
        assert_null(strchr(err, '\n'));
        free(g);
    }
    /* Garbage after a valid header: the first action line is named. */
    n = snprintf(buf, sizeof buf, "%s\x01\x02\xff\xfe garbage\n", HEADER);
    expect_reject(buf, (size_t)n, "line 9");

    /* A 100 KB line, in the actions and in the header. */
    size_t big = 100 * 1024;
    char *text = malloc(strlen(HEADER) + big + 2);
    assert_non_null(text);
    strcpy(text, HEADER);
    size_t h = strlen(text);
    memset(text + h, 'x', big);
    text[h + big] = '\n';
    expect_reject(text, h + big + 1, "line 9 is too long");
    expect_reject(text, h + big, "line 9 is too long"); /* without the final newline */
    /* In the header too the message names the long line, not the field expected there. */
    memcpy(text, "tasca-save 1\ngame ", 18);
    memset(text + 18, 'y', big);
    expect_reject(text, 18 + big, "line 2 is too long");
    const char *head5 = "tasca-save 1\ngame twentyone\nplayers 2\nseed 1\nseat 0 ";
    size_t h5 = strlen(head5);
    memcpy(text, head5, h5);
    memset(text + h5, 'z', big);
    expect_reject(text, h5 + big, "line 5 is too long");
    free(text);

    /* A huge number of lines: 300 000 blank and comment lines are skipped, and still
     * counted; a flood of actions after the end is refused at its first line. */
    size_t cap = strlen(HEADER) + 300000 * 3 + 64;
    text = malloc(cap);
    assert_non_null(text);
    strcpy(text, HEADER);
    size_t len = strlen(text);
    for (int i = 0; i < 300000; i++) {
        if (i % 2) {
            memcpy(text + len, "#\n", 2);
            len += 2;
        } else {
            text[len++] = '\n';
        }
    }
    memcpy(text + len, "stand\n", 6);
    len += 6;
    expect_reject(text, len, "line 300009: 'stand' is not legal here");
    free(text);

    n = snprintf(buf, sizeof buf, "%sdeal 10♥\ndeal 8♥\ndeal 9♥\ndeal 2♠\nhit\ndeal K♠\n",
                 HEADER);
    cap = (size_t)n + 200000 * 6;
    text = malloc(cap);
    assert_non_null(text);
    memcpy(text, buf, (size_t)n);
    len = (size_t)n;
    for (int i = 0; i < 200000; i++) {
        memcpy(text + len, "stand\n", 6);
        len += 6;
    }
    expect_reject(text, len, "line 15: 'stand' is not legal here: the game is already over");
    free(text);
}

static void test_load_missing_and_oversized(void **unused)
{
    (void)unused;
    char dir[512], path[1024], err[MATCH_ERR];
    support_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/missing.save", dir);
    err[0] = '\0';
    assert_null(match_load(path, err, sizeof err));
    assert_non_null(strstr(err, "missing.save"));
    assert_null(strchr(err, '\n'));

    /* A file bigger than any real save (8 MB) is refused without being parsed. */
    snprintf(path, sizeof path, "%s/huge.save", dir);
    size_t big = (8u << 20) + 1;
    char *text = malloc(big);
    assert_non_null(text);
    memset(text, '\n', big);
    memcpy(text, HEADER, strlen(HEADER));
    support_write_file(path, text, big);
    free(text);
    err[0] = '\0';
    assert_null(match_load(path, err, sizeof err));
    assert_non_null(strstr(err, "too large"));

    /* A bad file is named in the message and can be set aside. */
    snprintf(path, sizeof path, "%s/bad.save", dir);
    support_write_file(path, "tasca-save 1\ngame chess\n", 24);
    err[0] = '\0';
    assert_null(match_load(path, err, sizeof err));
    assert_non_null(strstr(err, "bad.save"));
    assert_non_null(strstr(err, "unknown game 'chess'"));
    char aside[1100];
    assert_int_equal(file_set_aside(path, aside, sizeof aside), 0);
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(access(aside, F_OK), 0);

    /* A good file loads from disk. */
    snprintf(path, sizeof path, "%s/good.save", dir);
    support_write_file(path, valid_save, strlen(valid_save));
    Match *m = match_load(path, err, sizeof err);
    assert_non_null(m);
    assert_int_equal(m->history_len, 8);
    match_free(m);
    support_remove_dir(dir);
}

/* ---- Autosave and atomic writes -------------------------------------------------------- */

static void test_autosave(void **unused)
{
    (void)unused;
    char dir[512], path[1024], err[MATCH_ERR];
    support_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/current.save", dir);
    GameOptions opt;
    rules_default_options(&twentyone_rules, &opt);
    SeatSpec seats[2] = {{false, DIFF_EASY}, {true, DIFF_HARD}};
    Rng rng;
    rng_seed(&rng, 8);
    for (int game = 0; game < 20; game++) {
        Match *m = match_create(&twentyone_rules, &opt, 2, seats, 100 + (uint64_t)game, err,
                                sizeof err);
        assert_non_null(m);
        match_set_autosave(m, path);
        unlink(path);
        while (!match_is_over(m)) {
            Action a = match_current_player(m) == PLAYER_CHANCE
                           ? match_next_chance(m)
                           : support_pick_legal(&twentyone_rules, m->state, &rng);
            assert_null(match_apply(m, a));
            assert_string_equal(m->autosave_error, "");
            /* After every action the file on disk is the whole game so far. */
            Match *back = match_load(path, err, sizeof err);
            if (!back)
                fail_msg("autosave does not load: %s", err);
            assert_int_equal(back->history_len, m->history_len);
            assert_memory_equal(back->history, m->history,
                                (size_t)m->history_len * sizeof(Action));
            assert_memory_equal(back->state, m->state, sizeof(TwentyOneState));
            match_free(back);
            assert_int_equal(support_dir_entries(dir), 1); /* no temporary file left */
        }
        /* A refused action does not rewrite the file. */
        size_t before_len;
        char *before = support_read_file(path, &before_len);
        assert_non_null(match_apply(m, TO_HIT));
        size_t after_len;
        char *after = support_read_file(path, &after_len);
        assert_int_equal(before_len, after_len);
        assert_memory_equal(before, after, before_len);
        free(before);
        free(after);
        match_free(m);
    }

    /* An autosave that cannot be written is reported, and play goes on. */
    Match *m = match_create(&twentyone_rules, &opt, 2, seats, 1, err, sizeof err);
    assert_non_null(m);
    char nowhere[1100];
    snprintf(nowhere, sizeof nowhere, "%s/no/such/dir/x.save", dir);
    match_set_autosave(m, nowhere);
    assert_null(match_apply(m, match_next_chance(m)));
    assert_true(m->autosave_error[0] != '\0');
    assert_int_equal(m->history_len, 1);
    match_free(m);
    support_remove_dir(dir);
}

static void test_file_write_atomic(void **unused)
{
    (void)unused;
    char dir[512], path[1024], err[256];
    support_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/data.txt", dir);
    const char *long_text = "a longer first version of the file\n";
    assert_int_equal(file_write_atomic(path, long_text, strlen(long_text), err, sizeof err), 0);
    size_t len;
    char *got = support_read_file(path, &len);
    assert_string_equal(got, long_text);
    free(got);
    /* Replacing with shorter content leaves no tail of the old one. */
    assert_int_equal(file_write_atomic(path, "short", 5, err, sizeof err), 0);
    got = support_read_file(path, &len);
    assert_int_equal(len, 5);
    assert_memory_equal(got, "short", 5);
    free(got);
    assert_int_equal(support_dir_entries(dir), 1); /* no data.txt.tmp */
    /* Empty content is a valid file. */
    assert_int_equal(file_write_atomic(path, "", 0, err, sizeof err), 0);
    got = support_read_file(path, &len);
    assert_int_equal(len, 0);
    free(got);

    /* Failure: reported, and nothing left behind. */
    char bad[1100];
    snprintf(bad, sizeof bad, "%s/missing-dir/data.txt", dir);
    err[0] = '\0';
    assert_int_equal(file_write_atomic(bad, "x", 1, err, sizeof err), -1);
    assert_true(err[0] != '\0');
    assert_int_equal(support_dir_entries(dir), 1);

    /* file_read_all: the size limit is exact. */
    assert_int_equal(file_write_atomic(path, "12345", 5, err, sizeof err), 0);
    char *r = file_read_all(path, 5, &len, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(len, 5);
    assert_string_equal(r, "12345");
    free(r);
    assert_null(file_read_all(path, 4, &len, err, sizeof err));
    assert_non_null(strstr(err, "too large"));
    support_remove_dir(dir);
}

/* A symbolic link planted where the writer used to put its temporary (path.tmp), and one
 * at a numbered copy's name: neither is followed; their targets are untouched. */
static void test_write_atomic_planted_link(void **unused)
{
    (void)unused;
    char dir[512], path[1024], tmp[1100], target[1100], err[256];
    support_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/game.save", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    snprintf(target, sizeof target, "%s/precious.txt", dir);
    support_write_file(target, "precious\n", 9);
    assert_int_equal(symlink(target, tmp), 0);
    assert_int_equal(file_write_atomic(path, "new save\n", 9, err, sizeof err), 0);
    size_t len;
    char *got = support_read_file(target, &len);
    assert_int_equal(len, 9);
    assert_memory_equal(got, "precious\n", 9);
    free(got);
    got = support_read_file(path, &len);
    assert_memory_equal(got, "new save\n", 9);
    free(got);
    struct stat st;
    assert_int_equal(lstat(tmp, &st), 0);
    assert_true(S_ISLNK(st.st_mode));       /* left as it was */
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));       /* the save is a file, not the link */
    assert_int_equal(support_dir_entries(dir), 3); /* no temporary left behind */
    /* Written again and again: each time a new temporary, never the link. */
    for (int i = 0; i < 20; i++)
        assert_int_equal(file_write_atomic(path, "again\n", 6, err, sizeof err), 0);
    got = support_read_file(target, &len);
    assert_memory_equal(got, "precious\n", 9);
    free(got);
    assert_int_equal(support_dir_entries(dir), 3);
    support_remove_dir(dir);
}

/* Writes cut short by a file size limit (as on a full disk): -1 with the reason, the old
 * file as it was, no temporary left; the autosave says so and its listener hears of it,
 * and of the next save that succeeds. SIGXFSZ is ignored, so write() fails with EFBIG. */
static int saved_calls;
static char saved_error[MATCH_ERR];
static void on_saved(void *user, const Match *m)
{
    (void)user;
    saved_calls++;
    snprintf(saved_error, sizeof saved_error, "%s", m->autosave_error);
}

static void test_write_fails_fsize(void **unused)
{
    (void)unused;
    char dir[512], path[1024], err[256];
    support_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/data.txt", dir);
    assert_int_equal(file_write_atomic(path, "old\n", 4, err, sizeof err), 0);
    char big[4096];
    memset(big, 'x', sizeof big);

    struct rlimit was, small;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &was), 0);
    void (*old)(int) = signal(SIGXFSZ, SIG_IGN);
    small = was;
    small.rlim_cur = 100;
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    err[0] = '\0';
    errno = 0;
    int r = file_write_atomic(path, big, sizeof big, err, sizeof err);
    int r_errno = errno;

    /* The same through an autosave. */
    GameOptions opt;
    rules_default_options(&twentyone_rules, &opt);
    SeatSpec seats[2] = {{false, DIFF_MEDIUM}, {true, DIFF_EASY}};
    char save[1100];
    snprintf(save, sizeof save, "%s/21.save", dir);
    char cerr[128];
    Match *m = match_create(&twentyone_rules, &opt, 2, seats, 3, cerr, sizeof cerr);
    assert_non_null(m);
    match_set_autosave(m, save);
    m->saved = on_saved;
    saved_calls = 0;
    for (int i = 0; i < 4 && match_current_player(m) == PLAYER_CHANCE; i++)
        assert_null(match_apply(m, match_next_chance(m)));
    int calls_failing = saved_calls;
    char failing[MATCH_ERR];
    snprintf(failing, sizeof failing, "%s", m->autosave_error);
    int failing_errno = m->autosave_errno;
    setrlimit(RLIMIT_FSIZE, &was);
    signal(SIGXFSZ, old);

    assert_int_equal(r, -1);
    assert_int_equal(r_errno, EFBIG);
    assert_int_equal(failing_errno, EFBIG);
    assert_non_null(strstr(err, strerror(EFBIG)));
    assert_non_null(strstr(err, "data.txt"));
    size_t len;
    char *got = support_read_file(path, &len);
    assert_int_equal(len, 4);
    assert_memory_equal(got, "old\n", 4);
    free(got);
    assert_true(calls_failing >= 1);
    assert_non_null(strstr(failing, strerror(EFBIG)));
    assert_non_null(strstr(saved_error, strerror(EFBIG)));
    assert_int_equal(support_dir_entries(dir), 1); /* no temporary, no half save */
    /* Room again: the next step is saved, and the listener hears that it was. */
    assert_int_equal(match_autosave(m), 0);
    assert_string_equal(m->autosave_error, "");
    assert_int_equal(m->autosave_errno, 0);
    assert_string_equal(saved_error, "");
    assert_int_equal(saved_calls, calls_failing + 1);
    match_free(m);
    support_remove_dir(dir);
}

/* Every file set aside is kept: .bad, .bad.1, .bad.2, each as it was; a link planted at
 * a free name is neither followed nor replaced. */
static void test_set_aside_numbered(void **unused)
{
    (void)unused;
    char dir[512], path[1024], aside[1100], want[1100], link_at[1100], target[1100];
    support_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/statistics.ini", dir);
    snprintf(target, sizeof target, "%s/elsewhere", dir);
    support_write_file(target, "elsewhere\n", 10);
    snprintf(link_at, sizeof link_at, "%s.bad.2", path);
    assert_int_equal(symlink(target, link_at), 0);
    for (int i = 0; i < 4; i++) {
        char text[32];
        int n = snprintf(text, sizeof text, "damaged %d\n", i);
        support_write_file(path, text, (size_t)n);
        assert_int_equal(file_set_aside(path, aside, sizeof aside), 0);
        /* .bad.2 is taken (by the link): the fourth goes to .bad.3 */
        int k = i < 2 ? i : i + 1;
        if (k)
            snprintf(want, sizeof want, "%s.bad.%d", path, k);
        else
            snprintf(want, sizeof want, "%s.bad", path);
        assert_string_equal(aside, want);
        assert_int_equal(access(path, F_OK), -1);
    }
    for (int i = 0; i < 4; i++) {
        int k = i < 2 ? i : i + 1;
        if (k)
            snprintf(want, sizeof want, "%s.bad.%d", path, k);
        else
            snprintf(want, sizeof want, "%s.bad", path);
        char text[32];
        int n = snprintf(text, sizeof text, "damaged %d\n", i);
        size_t len;
        char *got = support_read_file(want, &len);
        assert_non_null(got);
        assert_int_equal(len, (size_t)n);
        assert_memory_equal(got, text, (size_t)n);
        free(got);
    }
    size_t len;
    char *got = support_read_file(target, &len);
    assert_memory_equal(got, "elsewhere\n", 10);
    free(got);
    struct stat st;
    assert_int_equal(lstat(link_at, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    /* Nothing to set aside: -1, nothing made. */
    assert_int_equal(file_set_aside(path, aside, sizeof aside), -1);
    assert_int_equal(support_dir_entries(dir), 6);
    support_remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_file_replays),
        cmocka_unit_test(test_tolerated_variants),
        cmocka_unit_test(test_every_prefix),
        cmocka_unit_test(test_header_errors),
        cmocka_unit_test(test_seat_errors),
        cmocka_unit_test(test_action_errors),
        cmocka_unit_test(test_binary_and_huge_files),
        cmocka_unit_test(test_load_missing_and_oversized),
        cmocka_unit_test(test_autosave),
        cmocka_unit_test(test_file_write_atomic),
        cmocka_unit_test(test_write_atomic_planted_link),
        cmocka_unit_test(test_write_fails_fsize),
        cmocka_unit_test(test_set_aside_numbered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
