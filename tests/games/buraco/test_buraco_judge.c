/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The judge (tasca buraco-judge) with real processes: every fault of a bot (bots/badbot.c)
 * is caught with its reason, the bot's process is ended, and the other team wins; full
 * games of our buraco-bot against itself, for 2 and 4 players, from a seed and from an
 * initial-state file; and the human seat. Nothing here is timed: a hung bot costs the
 * judge's 3 seconds, and ctest's timeout guards against a judge that would hang. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "buraco_test.h"
#include "games/buraco/protocol.h"

#ifndef RUNNER
#error "RUNNER (the tasca subcommands) must be defined"
#endif
#ifndef BADBOT
#error "BADBOT must be defined"
#endif

typedef struct {
    int status;
    char out[1 << 20];
    char err[1 << 16];
} Run;

static char scratch[512];

static void support_write(const char *text, const char *path)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void read_all(int fd, char *buf, size_t size)
{
    size_t n = 0;
    for (;;) {
        ssize_t r = read(fd, buf + n, size - 1 - n);
        if (r > 0 && n + (size_t)r < size - 1)
            n += (size_t)r;
        else if (r > 0)
            n = size - 1;
        else if (r < 0 && errno == EINTR)
            continue;
        else
            break;
    }
    buf[n] = '\0';
}

/* Runs RUNNER with argv, stdin from `input` (may be NULL: /dev/null); collects both
 * outputs (through files, so neither pipe can fill up). */
static void run(Run *r, const char *input, char *const argv[])
{
    char out_path[600], err_path[600], in_path[600];
    snprintf(out_path, sizeof out_path, "%s/out.txt", scratch);
    snprintf(err_path, sizeof err_path, "%s/err.txt", scratch);
    snprintf(in_path, sizeof in_path, "%s/in.txt", scratch);
    FILE *f = fopen(in_path, "w");
    assert_non_null(f);
    if (input)
        fputs(input, f);
    fclose(f);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int in = open(in_path, O_RDONLY);
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        execv(RUNNER, argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    r->status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    int fd = open(out_path, O_RDONLY);
    read_all(fd, r->out, sizeof r->out);
    close(fd);
    fd = open(err_path, O_RDONLY);
    read_all(fd, r->err, sizeof r->err);
    close(fd);
}

/* Our bot as a judge's argument; `think`: its --think-ms (-1: the default clock). */
static const char *ours_thinking(int difficulty_seed, int think)
{
    static char buf[4][600];
    static int k;
    char *b = buf[k++ % 4], clock[32] = "";
    if (think >= 0)
        snprintf(clock, sizeof clock, " --think-ms %d", think);
    snprintf(b, 600, "%s buraco-bot --difficulty %s --seed %d%s", RUNNER,
             difficulty_seed % 3 == 0 ? "easy" : difficulty_seed % 3 == 1 ? "medium" : "hard",
             difficulty_seed, clock);
    return b;
}

static const char *ours(int difficulty_seed) { return ours_thinking(difficulty_seed, -1); }

static long pid_in(const char *path)
{
    FILE *f = fopen(path, "r");
    long pid = 0;
    if (f) {
        if (fscanf(f, "%ld", &pid) != 1)
            pid = 0;
        fclose(f);
    }
    return pid;
}

/* A bad bot against our Medium bot: NOK, the reason, the other side wins, the bad bot's
 * process is gone. */
static void faulty(const char *mode, const char *expect_fault, bool bad_first)
{
    char bad[600], pidfile[600], seedtxt[16];
    snprintf(bad, sizeof bad, "%s %s", BADBOT, mode);
    snprintf(pidfile, sizeof pidfile, "%s/badbot.pid", scratch);
    unlink(pidfile);
    setenv("BADBOT_PIDFILE", pidfile, 1);
    snprintf(seedtxt, sizeof seedtxt, "%d", 5);
    const char *good = ours(1);
    char *argv[] = {"tasca", "buraco-judge", "-silent", "-seed", seedtxt,
                    (char *)(bad_first ? bad : good), (char *)(bad_first ? good : bad), NULL};
    static Run r;
    run(&r, NULL, argv);
    unsetenv("BADBOT_PIDFILE");
    assert_int_equal(r.status, 0);
    if (strncmp(r.out, "NOK 5 ", 6) != 0)
        fail_msg("mode %s: expected NOK, got '%s' (stderr: %s)", mode, r.out, r.err);
    /* The winner is the good bot: p1 or p2, whichever is not the bad one. */
    const char *winner = strrchr(r.out, ' ');
    assert_non_null(winner);
    assert_true(strncmp(winner + 1, bad_first ? "p2." : "p1.", 3) == 0);
    if (!strstr(r.err, expect_fault))
        fail_msg("mode %s: expected '%s' in the reason, got: %s", mode, expect_fault, r.err);
    if (!strstr(r.err, bad_first ? "p1.buraco_badbot" : "p2.buraco_badbot"))
        fail_msg("mode %s: the reason does not name the bad bot: %s", mode, r.err);
    long pid = pid_in(pidfile);
    assert_true(pid > 0);
    /* Ended and reaped: no such process any more. */
    assert_int_equal(kill((pid_t)pid, 0), -1);
    assert_int_equal(errno, ESRCH);
}

static void test_crash(void **u)
{
    (void)u;
    faulty("crash", "program ended", true);
    faulty("exit", "exited with status 3", false);
    faulty("close", "program ended", true);
}

static void test_hang(void **u)
{
    (void)u;
    faulty("hang", "no answer in time", true);
}

static void test_flood(void **u)
{
    (void)u;
    faulty("floodline", "output flood", true);
    /* Talking out of turn without end: the other bot (which starts, and takes a second
     * over its draw) leaves it all the time it needs to fill the judge's buffer. */
    char path[600], bad[600], slow[600];
    snprintf(path, sizeof path, "%s/chatter.in", scratch);
    support_write("[ 3♥ 4♥ 5♥ 9♣ K♦ ]\n[ 2♠ 6♦ 7♦ 8♣ J♥ 4♣ Q♦ ]\nQ♣\n0\n", path);
    snprintf(slow, sizeof slow, "%s slow", BADBOT);
    snprintf(bad, sizeof bad, "%s chatter", BADBOT);
    char *argv[] = {"tasca", "buraco-judge", "-silent", "-seed", "6", "-i", path, slow, bad, NULL};
    static Run r;
    run(&r, NULL, argv);
    assert_true(strncmp(r.out, "NOK 6 ", 6) == 0);
    assert_non_null(strstr(r.err, "p2.buraco_badbot disqualified (output flood)"));
}

static void test_nonsense(void **u)
{
    (void)u;
    faulty("nonsense", "unknown command", true);
    faulty("malformed", "malformed command", false);
}

static void test_illegal_meld(void **u)
{
    (void)u;
    faulty("meld", "invalid meld", true);
    faulty("badtake", "invalid meld", false);
}

static void test_card_not_held(void **u)
{
    (void)u;
    faulty("notheld", "card not held", true);
}

static void test_out_of_order(void **u)
{
    (void)u;
    faulty("order", "command out of order", true);
    faulty("twice", "command out of order", false);
}

static void test_cannot_start(void **u)
{
    (void)u;
    char *argv[] = {"tasca", "buraco-judge", "-silent", "-seed", "3",
                    (char *)ours(1), "/nonexistent/bot", NULL};
    static Run r;
    run(&r, NULL, argv);
    assert_int_equal(r.status, 0);
    assert_true(strncmp(r.out, "NOK 3 ", 6) == 0);
    assert_non_null(strstr(r.err, "cannot run"));
}

/* "OK seed s0 s1 winner": the scores and the winner agree. */
static void check_ok(const Run *r, unsigned long long seed, int players)
{
    unsigned long long got;
    int s0, s1, used = 0;
    if (sscanf(r->out, "OK %llu %d %d %n", &got, &s0, &s1, &used) != 3 || !used)
        fail_msg("expected OK, got '%s' (stderr: %s)", r->out, r->err);
    assert_true(got == seed);
    const char *w = r->out + used;
    if (s0 == s1)
        assert_true(strncmp(w, "empate", 6) == 0);
    else if (players == 2)
        assert_true(strncmp(w, s0 > s1 ? "p1." : "p2.", 3) == 0);
    else
        assert_true(strncmp(w, s0 > s1 ? "p1." : "p2.", 3) == 0 &&
                    strstr(w, s0 > s1 ? " e p3." : " e p4.") != NULL);
}

/* buraco-bot's own arguments: a bad --think-ms is refused with a message, before any
 * protocol line is read. */
static void test_bot_arguments(void **u)
{
    (void)u;
    static Run r;
    char *bad[] = {"tasca", "buraco-bot", "--think-ms", "soon", NULL};
    run(&r, NULL, bad);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--think-ms"));
    char *long_one[] = {"tasca", "buraco-bot", "--think-ms", "70000", NULL};
    run(&r, NULL, long_one);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "more than a minute"));
    /* A good one: the bot starts, and ends quietly when the judge's input ends at once. */
    char *good[] = {"tasca", "buraco-bot", "--think-ms", "0", NULL};
    run(&r, NULL, good);
    assert_int_not_equal(r.status, 2);
    assert_null(strstr(r.err, "--think-ms"));
}

static void test_full_games(void **u)
{
    (void)u;
    for (int seed = 1; seed <= 3; seed++) {
        char s[16];
        snprintf(s, sizeof s, "%d", seed);
        /* Without their clock (--think-ms 0) our bots play by their seed alone, however
         * busy the machine: the same seeds replay the same game. Easy against Medium: Hard
         * without its clock may pass the judge's 3 s on a loaded machine (a sanitizer build
         * beside other jobs did), and Hard plays the four-player game below on its clock. */
        char *argv[] = {"tasca", "buraco-judge", "-silent", "-seed", s,
                        (char *)ours_thinking(3 * seed, 0), (char *)ours_thinking(3 * seed + 1, 0),
                        NULL};
        static Run r, again;
        run(&r, NULL, argv);
        assert_int_equal(r.status, 0);
        check_ok(&r, (unsigned long long)seed, 2);
        run(&again, NULL, argv);
        assert_string_equal(r.out, again.out);
    }
    char *four[] = {"tasca", "buraco-judge", "-silent", "-seed", "77", (char *)ours(2),
                    (char *)ours(0), (char *)ours(5), (char *)ours(3), NULL};
    static Run r;
    run(&r, NULL, four);
    check_ok(&r, 77, 4);
    /* Without -silent the game is told, and -d shows the messages. */
    char *talk[] = {"tasca", "buraco-judge", "-d", "-seed", "8", (char *)ours(1),
                    (char *)ours(4), NULL};
    run(&r, NULL, talk);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "-> p1.buraco_cli_runner: p1.buraco_cli_runner p2."));
    assert_non_null(strstr(r.out, "<- p2.buraco_cli_runner: "));
    assert_non_null(strstr(r.out, "Points: team 0 "));
}

static void test_initial_state_file(void **u)
{
    (void)u;
    char path[600];
    snprintf(path, sizeof path, "%s/game1.in", scratch);
    /* The original project's test_files/game1.in. */
    support_write("[ 2♥ 4♥ 7♥ 10♥ 2♦ 3♦ 10♦ J♦ A♣ 4♠ Q♠ ]\n"
                  "[ 2♥ 3♥ 3♥ 5♦ 2♣ 6♣ 7♣ J♣ 3♠ Q♠ A♠ ]\n"
                  "Q♣\n"
                  "0",
                  path);
    char *argv[] = {"tasca", "buraco-judge", "-d", "-seed", "4", "-i", path, (char *)ours(1),
                    (char *)ours(2), NULL};
    static Run r;
    run(&r, NULL, argv);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "-> p1.buraco_cli_runner: [ A♣ 2♦ 3♦ 10♦ J♦ 2♥ 4♥ 7♥ 10♥ 4♠ Q♠ ]"));
    assert_non_null(strstr(r.out, "-> p2.buraco_cli_runner: Q♣"));
    assert_non_null(strstr(r.out, "p1.buraco_cli_runner starts"));
    /* A bad file is refused with its reason. */
    support_write("[ 2♥ 4♥ ]\nQ♣\n0\n", path);
    run(&r, NULL, argv);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "invalid initial-state file"));
    support_write("[ 2♥ 2♥ 2♥ ]\n[ 3♥ ]\nQ♣\n0\n", path);
    run(&r, NULL, argv);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "more than twice"));
}

/* One bot: the human plays seat 0 (user) in the terminal. A wrong command is explained
 * and asked again; the human leaving ends the game. */
static void test_human_seat(void **u)
{
    (void)u;
    char path[600];
    snprintf(path, sizeof path, "%s/human.in", scratch);
    support_write("[ 3♥ 4♥ 5♥ 9♣ K♦ ]\n[ 2♠ 6♦ 7♦ 8♣ J♥ 4♣ Q♦ ]\nQ♣\n0\n", path);
    char *argv[] = {"tasca", "buraco-judge", "-seed", "9", "-i", path, (char *)ours(1), NULL};
    static Run r;
    run(&r, "discard 9c\nmeld 3h 4h\ndraw\nmeld 3h 4h 5h\ndiscard 9c\n", argv);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Your turn, user."));
    assert_non_null(strstr(r.out, "Not allowed:"));        /* discard before drawing */
    assert_non_null(strstr(r.out, "user lays [ 3♥ 4♥ 5♥ ]")); /* the meld */
    assert_non_null(strstr(r.out, "user discards 9♣"));
    /* Then its input ended: the human is out, the bot wins. */
    assert_non_null(strstr(r.out, "user is disqualified"));
}

static int setup(void **u)
{
    (void)u;
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/buraco-judge-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    return mkdtemp(scratch) ? 0 : -1;
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_crash),         cmocka_unit_test(test_hang),
        cmocka_unit_test(test_flood),         cmocka_unit_test(test_nonsense),
        cmocka_unit_test(test_illegal_meld),  cmocka_unit_test(test_card_not_held),
        cmocka_unit_test(test_out_of_order),  cmocka_unit_test(test_cannot_start),
        cmocka_unit_test(test_bot_arguments), cmocka_unit_test(test_full_games),
        cmocka_unit_test(test_initial_state_file),
        cmocka_unit_test(test_human_seat),
    };
    return cmocka_run_group_tests_name("buraco judge", tests, setup, NULL);
}
