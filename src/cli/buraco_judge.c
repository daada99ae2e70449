/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca buraco-judge: the judge of the original Buraco bot contest (RULES.md §3). Bot
 * programs run as child processes (fork/execvp, argv only, never a shell) and speak the
 * protocol over their stdin/stdout. With an odd number of bots a human seat in this
 * terminal completes the teams, as in the original.
 *
 * One thread, one poll() loop: every bot's output is read as it comes (so a bot that
 * talks out of turn or floods is caught and nothing ever blocks the judge), messages to
 * bots are queued and written when their pipes take them, and a bot that sends nothing
 * for 3 seconds, ends, floods or sends anything invalid is disqualified: its process
 * group is killed and reaped, and the other team wins. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../core/fileio.h"
#include "../engine/match.h"
#include "../games/buraco/botproc.h"
#include "../games/buraco/buraco.h"
#include "../games/buraco/protocol.h"
#include "cli.h"

#define JUDGE_TIMEOUT_MS BOTPROC_TIMEOUT_MS

typedef struct {
    char id[96];
    bool human;
    BotProc proc; /* the bot's program (pid 0: a human, or never started) */
} Seat;

typedef struct {
    Seat seat[RULES_MAX_PLAYERS];
    int n;
    bool debug, silent;
    uint64_t seed;
    Match *m;
    int timeout_ms;
    /* Disqualification. */
    int dq_seat;
    ProtoFault dq_fault;
    char dq_why[512];
    /* The human's input (when a human plays). */
    char hin[PROTO_LINE_MAX + 2];
    size_t hin_len;
    bool hin_eof;
} Judge;

static Judge *J; /* for the SIGINT handler only */

static BuracoState *state(Judge *j) { return j->m->state; }

static void say(Judge *j, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(Judge *j, const char *fmt, ...)
{
    if (j->silent)
        return;
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
}

static const char *cards_text(const Card *c, int n, char *buf, size_t size)
{
    proto_format_cards(c, n, buf, size);
    return buf;
}

/* ---- Messages ------------------------------------------------------------------------ */

static void disqualify(Judge *j, int seat, ProtoFault f, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void disqualify(Judge *j, int seat, ProtoFault f, const char *fmt, ...)
{
    if (j->dq_seat >= 0)
        return;
    j->dq_seat = seat;
    j->dq_fault = f;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->dq_why, sizeof j->dq_why, fmt, ap);
    va_end(ap);
}

/* A fault of bot i's pipes: it is disqualified, named in the reason. */
static void pipe_fault(Judge *j, int i, ProtoFault f, const char *why)
{
    if (f != PROTO_OK)
        disqualify(j, i, f, "%s %s", j->seat[i].id, why);
}

static void flush_out(Judge *j, int i)
{
    char why[200];
    pipe_fault(j, i, botproc_flush(&j->seat[i].proc, why, sizeof why), why);
}

static void send_line(Judge *j, int i, const char *text)
{
    Seat *st = &j->seat[i];
    if (st->human || !st->proc.pid || j->dq_seat >= 0)
        return;
    if (j->debug)
        printf("  -> %s: %s\n", st->id, text);
    char why[200];
    pipe_fault(j, i, botproc_send(&st->proc, text, why, sizeof why), why);
}

static void broadcast(Judge *j, const char *text, int except)
{
    for (int i = 0; i < j->n; i++)
        if (i != except)
            send_line(j, i, text);
}

/* Reads what is there from bot i. */
static void read_bot(Judge *j, int i)
{
    char why[200];
    pipe_fault(j, i, botproc_read(&j->seat[i].proc, why, sizeof why), why);
}

/* A complete line from bot i, if one is there (removed from its buffer). */
static bool take_line(Judge *j, int i, char *line)
{
    char why[200];
    ProtoFault f;
    bool got = botproc_take_line(&j->seat[i].proc, line, &f, why, sizeof why);
    pipe_fault(j, i, f, why);
    return got;
}

static bool human_line(Judge *j, char *line)
{
    char *nl = j->hin_len ? memchr(j->hin, '\n', j->hin_len) : NULL;
    if (!nl) {
        if (j->hin_len >= PROTO_LINE_MAX)
            j->hin_len = 0; /* drop an absurdly long line */
        return false;
    }
    return proto_take_line(j->hin, &j->hin_len, line);
}

/* Services every pipe until seat `want` has a line (true), the wait for a bot times out,
 * a bot fails, or the human's input ends. */
static bool wait_line(Judge *j, int want, char *line)
{
    Seat *ws = &j->seat[want];
    long long deadline = clock_now_ns() + (long long)j->timeout_ms * 1000000LL;
    for (;;) {
        if (j->dq_seat >= 0)
            return false;
        if (ws->human ? human_line(j, line) : take_line(j, want, line))
            return true;
        if (j->dq_seat >= 0)
            return false;
        /* A bot whose output ended cannot go on. */
        for (int i = 0; i < j->n; i++) {
            Seat *st = &j->seat[i];
            if (!st->human && st->proc.eof) {
                char how[160];
                for (int k = 0; k < 10 && !botproc_peek_exit(&st->proc); k++) {
                    struct timespec ts = {0, 10 * 1000000L};
                    nanosleep(&ts, NULL);
                }
                botproc_describe_exit(&st->proc, how, sizeof how);
                disqualify(j, i, PROTO_FAULT_EXITED, "%s %s", st->id, how);
                return false;
            }
        }
        if (ws->human && j->hin_eof)
            return false;
        struct pollfd pfd[2 * RULES_MAX_PLAYERS + 1];
        int who[2 * RULES_MAX_PLAYERS + 1], np = 0;
        for (int i = 0; i < j->n; i++) {
            Seat *st = &j->seat[i];
            if (st->human || st->proc.from_fd < 0)
                continue;
            pfd[np] = (struct pollfd){st->proc.from_fd, POLLIN, 0};
            who[np++] = i;
            if (st->proc.out_len) {
                pfd[np] = (struct pollfd){st->proc.to_fd, POLLOUT, 0};
                who[np++] = -1 - i;
            }
        }
        if (ws->human) {
            pfd[np] = (struct pollfd){0, POLLIN, 0};
            who[np++] = 100;
        }
        int wait_ms = -1;
        if (!ws->human) {
            long long left = deadline - clock_now_ns();
            if (left <= 0) {
                disqualify(j, want, PROTO_FAULT_TIMEOUT, "%s sent no command in %d ms",
                           ws->id, j->timeout_ms);
                return false;
            }
            wait_ms = (int)((left + 999999) / 1000000);
        }
        int r = poll(pfd, (nfds_t)np, wait_ms);
        if (r < 0 && errno != EINTR)
            return false;
        for (int k = 0; k < np && r > 0; k++) {
            if (!pfd[k].revents)
                continue;
            if (who[k] == 100) {
                ssize_t got = read(0, j->hin + j->hin_len, sizeof j->hin - 1 - j->hin_len);
                if (got > 0)
                    j->hin_len += (size_t)got;
                else if (got == 0 || (errno != EINTR && errno != EAGAIN))
                    j->hin_eof = true;
            } else if (who[k] >= 0) {
                read_bot(j, who[k]);
            } else {
                int i = -1 - who[k];
                if (pfd[k].revents & (POLLERR | POLLHUP))
                    disqualify(j, i, PROTO_FAULT_EXITED, "%s closed its input", j->seat[i].id);
                else
                    flush_out(j, i);
            }
        }
    }
}

/* ---- The human seat ----------------------------------------------------------------- */

static void show_table(Judge *j, int seat)
{
    BuracoState v;
    buraco_rules.observe(state(j), seat, &v);
    char buf[PROTO_LINE_MAX];
    Card hand[BUR_DECK_MAX];
    int n = buraco_hand_cards(&v, seat, hand);
    printf("\n  Stock: %d   Discard pile (%d): %s\n", v.stock_n, v.pile_n,
           cards_text(v.pile, v.pile_n, buf, sizeof buf));
    for (int t = 0; t < BUR_TEAMS; t++) {
        printf("  %s melds:%s\n", t == buraco_team(seat) ? "Your team's" : "Their team's",
               v.n_melds[t] ? "" : " none");
        for (int i = 0; i < v.n_melds[t]; i++) {
            const BuracoMeld *m = &v.melds[t][i];
            printf("    %d: %s%s\n", i, cards_text(m->c, m->n, buf, sizeof buf),
                   m->n >= BUR_CANASTRA ? (m->clean ? "  canastra limpa" : "  canastra suja")
                                        : "");
        }
    }
    for (int p = 0; p < v.num_players; p++)
        if (p != seat)
            printf("  %s holds %d cards\n", j->seat[p].id, v.hand_n[p]);
    printf("  Your hand (%d): %s\n", n, cards_text(hand, n, buf, sizeof buf));
}

/* Turns friendly input ("draw", "take 6s 7s", "meld 5h 6h 7h", "join 0 8h", "discard 3c";
 * cards as 10♦ or 10d) into a protocol command line. */
static void human_to_protocol(const char *in, char *out, size_t size)
{
    static const char *const alias[][2] = {{"draw", "GET_STOCK"},     {"d", "GET_STOCK"},
                                           {"take", "GET_DISCARD"},   {"t", "GET_DISCARD"},
                                           {"meld", "MELD_NEW"},      {"m", "MELD_NEW"},
                                           {"join", "MELD_JOIN"},     {"j", "MELD_JOIN"},
                                           {"discard", "DISCARD"},    {"x", "DISCARD"}};
    char buf[PROTO_LINE_MAX + 64];
    snprintf(buf, sizeof buf, "%s", in);
    size_t len = 0;
    out[0] = '\0';
    int word = 0;
    bool join = false;
    for (char *save = NULL, *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        const char *w = t;
        char card[CARD_TEXT_MAX];
        Card c;
        if (word == 0) {
            for (size_t k = 0; k < sizeof alias / sizeof alias[0]; k++)
                if (strcmp(t, alias[k][0]) == 0)
                    w = alias[k][1];
            join = strcmp(w, "MELD_JOIN") == 0;
        } else if (card_from_text(t, &c)) {
            w = card_to_text(c, card);
        }
        len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s%s", word ? " " : "",
                                w);
        if (join && word == 1)
            len += (size_t)snprintf(out + len, len < size ? size - len : 0, " [");
        word++;
        if (len >= size)
            break;
    }
    if (join && word >= 2 && len < size)
        snprintf(out + len, size - len, " ]");
    /* "MELD_JOIN 0 [ [ 8♥ ] ]" if the human typed the brackets: undo the doubling. */
    char *dbl = strstr(out, "[ [");
    if (dbl) {
        memmove(dbl, dbl + 2, strlen(dbl + 2) + 1);
        char *end = strstr(out, "] ]");
        if (end)
            memmove(end, end + 2, strlen(end + 2) + 1);
    }
}

/* The human's next command, re-asked until it is valid. false: input ended. */
static bool human_command(Judge *j, int seat, ProtoCommand *cmd, Action acts[], int *na)
{
    char line[PROTO_LINE_MAX + 2], proto[PROTO_LINE_MAX + 64], why[256];
    BuracoState *s = state(j);
    for (;;) {
        show_table(j, seat);
        printf("  %s> ", s->phase == BUR_DRAW ? "draw | take CARDS" : "meld CARDS | join N CARDS | discard CARD");
        fflush(stdout);
        if (!wait_line(j, seat, line))
            return false;
        if (!strcmp(line, "help") || !strcmp(line, "?")) {
            printf("  Commands: draw; take C1 C2 (with the pile's top); meld C1 C2 C3...;\n"
                   "  join N C1...; discard C. Cards as 10♦ or 10d, 7h, Qs, Ac. Or the\n"
                   "  protocol's own words (GET_STOCK, GET_DISCARD [ .. ], ...).\n");
            continue;
        }
        human_to_protocol(line, proto, sizeof proto);
        ProtoFault f = proto_parse_command(proto, cmd, why, sizeof why);
        if (f == PROTO_OK)
            f = proto_command_actions(s, cmd, acts, na, why, sizeof why);
        if (f == PROTO_OK)
            return true;
        printf("  Not allowed: %s (%s). Type 'help' for the commands.\n", why,
               proto_fault_name(f));
    }
}

/* ---- The game ---------------------------------------------------------------------- */

static void apply_all(Judge *j, const Action *acts, int n)
{
    for (int i = 0; i < n; i++) {
        const char *e = match_apply(j->m, acts[i]);
        if (e) { /* proto_command_actions checked them: a defect if it happens */
            fprintf(stderr, "tasca buraco-judge: internal error: %s\n", e);
            exit(1);
        }
        if (match_current_player(j->m) == PLAYER_CHANCE)
            match_play_chance(j->m);
    }
}

/* Gets, checks and plays one command of seat p; false when the game cannot go on. */
static bool one_command(Judge *j, int p)
{
    Seat *st = &j->seat[p];
    ProtoCommand cmd;
    Action acts[PROTO_MAX_ACTIONS];
    int na = 0;
    char line[PROTO_LINE_MAX + 2], why[512], text[PROTO_LINE_MAX + 64], buf[PROTO_LINE_MAX];
    BuracoState *s = state(j);
    if (st->human) {
        if (!human_command(j, p, &cmd, acts, &na)) {
            disqualify(j, p, PROTO_FAULT_EXITED, "the human player left");
            return false;
        }
    } else {
        if (!wait_line(j, p, line))
            return false;
        if (j->debug)
            printf("  <- %s: %s\n", st->id, line);
        ProtoFault f = proto_parse_command(line, &cmd, why, sizeof why);
        if (f == PROTO_OK)
            f = proto_command_actions(s, &cmd, acts, &na, why, sizeof why);
        if (f != PROTO_OK) {
            disqualify(j, p, f, "%s: %s: %s", st->id, proto_fault_name(f), why);
            return false;
        }
    }
    proto_broadcast_text(s, &cmd, text, sizeof text);
    int stock_before = s->stock_n;
    BuracoState before = *s;
    apply_all(j, acts, na);
    s = state(j);
    switch (cmd.type) {
    case PROTO_GET_STOCK:
        if (stock_before == 0) {
            say(j, "%s must draw and the stock is empty: the game ends.\n", st->id);
            return true;
        }
        if (!st->human) {
            proto_reply_text(&before, s, &cmd, buf, sizeof buf);
            send_line(j, p, buf);
        } else {
            char c[CARD_TEXT_MAX];
            printf("  You drew %s.\n", card_to_text(s->drawn, c));
        }
        say(j, "%s draws from the stock.\n", st->id);
        break;
    case PROTO_GET_DISCARD:
        proto_reply_text(&before, s, &cmd, buf, sizeof buf);
        if (!st->human)
            send_line(j, p, buf);
        say(j, "%s takes the discard pile with %s; the pile had %s.\n", st->id,
            text + strlen("GET_DISCARD "), buf);
        break;
    case PROTO_MELD_NEW:
        say(j, "%s lays %s.\n", st->id, text + strlen("MELD_NEW "));
        break;
    case PROTO_MELD_JOIN:
        say(j, "%s adds %s to meld %d.\n", st->id, cards_text(cmd.cards, cmd.n, buf, sizeof buf),
            cmd.meld);
        break;
    case PROTO_DISCARD:
        say(j, "%s discards %s.\n", st->id, text + strlen("DISCARD "));
        break;
    }
    broadcast(j, text, p);
    return j->dq_seat < 0;
}

static void result_names(Judge *j, int team, char *out, size_t size)
{
    if (j->n == 2)
        snprintf(out, size, "%s", j->seat[team].id);
    else
        snprintf(out, size, "%s e %s", j->seat[team].id, j->seat[team + 2].id);
}

static void print_end(Judge *j, int s0, int s1, int winner_team)
{
    BuracoState *s = state(j);
    char buf[PROTO_LINE_MAX], names[256];
    if (j->silent) {
        if (j->dq_seat >= 0) {
            result_names(j, winner_team, names, sizeof names);
            printf("NOK %llu %d %d %s\n", (unsigned long long)j->seed, s0, s1, names);
        } else if (winner_team < 0) {
            printf("OK %llu %d %d empate\n", (unsigned long long)j->seed, s0, s1);
        } else {
            result_names(j, winner_team, names, sizeof names);
            printf("OK %llu %d %d %s\n", (unsigned long long)j->seed, s0, s1, names);
        }
        fflush(stdout);
        return;
    }
    printf("\n");
    for (int p = 0; p < j->n; p++) {
        Card hand[BUR_DECK_MAX];
        int n = buraco_hand_cards(s, p, hand);
        printf("%s (team %d) holds %s\n", j->seat[p].id, buraco_team(p),
               cards_text(hand, n, buf, sizeof buf));
    }
    for (int t = 0; t < BUR_TEAMS; t++) {
        printf("Team %d melds:%s\n", t, s->n_melds[t] ? "" : " none");
        for (int i = 0; i < s->n_melds[t]; i++) {
            const BuracoMeld *m = &s->melds[t][i];
            printf("  %s  %d points%s\n", cards_text(m->c, m->n, buf, sizeof buf),
                   buraco_meld_points(m),
                   m->n >= BUR_CANASTRA ? (m->clean ? " (canastra limpa)" : " (canastra suja)")
                                        : "");
        }
    }
    if (s->went_out >= 0)
        printf("%s went out (+%d).\n", j->seat[s->went_out].id, BUR_BONUS_OUT);
    printf("Points: team 0 %d, team 1 %d.\n", s0, s1);
    if (winner_team < 0) {
        printf("A draw (empate).\n");
    } else {
        result_names(j, winner_team, names, sizeof names);
        printf("%s win%s.\n", names, j->n == 2 ? "s" : "");
    }
    printf("Seed %llu\n", (unsigned long long)j->seed);
}

/* ---- Set-up --------------------------------------------------------------------------- */

static const char *load_initial(Judge *j, const char *path, char *err, size_t errsize)
{
    char ferr[256];
    size_t len;
    char *text = file_read_all(path, 1 << 20, &len, ferr, sizeof ferr);
    if (!text) {
        snprintf(err, errsize, "%s", ferr);
        return err;
    }
    char *lines[16];
    int nl = 0;
    for (char *save = NULL, *t = strtok_r(text, "\n", &save); t; t = strtok_r(NULL, "\n", &save)) {
        size_t l = strlen(t);
        while (l && (t[l - 1] == '\r' || t[l - 1] == ' '))
            t[--l] = '\0';
        if (!l)
            continue;
        if (nl == 16) {
            nl++;
            break;
        }
        lines[nl++] = t;
    }
    const char *e = NULL;
    if (nl != j->n + 2) {
        snprintf(err, errsize, "%s: expected %d hands, the discard card and the first player, "
                               "one per line",
                 path, j->n);
        e = err;
    }
    static Card hands[RULES_MAX_PLAYERS][BUR_DECK];
    const Card *hp[RULES_MAX_PLAYERS];
    int hn[RULES_MAX_PLAYERS];
    for (int p = 0; p < j->n && !e; p++) {
        hn[p] = proto_parse_cards(lines[p], false, hands[p], BUR_DECK);
        hp[p] = hands[p];
        if (hn[p] < 0) {
            snprintf(err, errsize, "%s: line %d is not a hand like [ 2♥ 4♥ 7♥ ]", path, p + 1);
            e = err;
        }
    }
    Card top;
    if (!e && !proto_parse_card(lines[j->n], strlen(lines[j->n]), &top)) {
        snprintf(err, errsize, "%s: '%s' is not a card for the discard pile", path, lines[j->n]);
        e = err;
    }
    int first = -1;
    if (!e && (sscanf(lines[j->n + 1], "%d", &first) != 1 || first < 0 || first >= j->n)) {
        snprintf(err, errsize, "%s: '%s' is not a player index from 0 to %d", path,
                 lines[j->n + 1], j->n - 1);
        e = err;
    }
    if (!e) {
        const char *se = buraco_setup(state(j), j->n, hp, hn, top, first);
        if (se) {
            snprintf(err, errsize, "%s: %s", path, se);
            e = err;
        }
    }
    free(text);
    return e;
}

static void usage(void)
{
    printf("Usage: tasca buraco-judge [-h] [-d] [-silent] [-seed N] [-i FILE] BOT1 [BOT2 [BOT3 "
           "[BOT4]]]\n"
           "Plays Buraco between bot programs that speak the contest protocol on their\n"
           "standard input and output (RULES.md §3). With an odd number of bots you play the\n"
           "missing seat in this terminal. Two players, or four in teams (1st+3rd, 2nd+4th).\n"
           "  -d       show every message between the judge and the bots\n"
           "  -silent  print only the result: OK SEED SCORE0 SCORE1 WINNER (or empate),\n"
           "           or NOK ... after a disqualification (its reason goes to stderr)\n"
           "  -seed N  the deal (the same seed deals the same cards)\n"
           "  -i FILE  start from FILE: one hand per line as [ c1 c2 ... ], then the\n"
           "           discard pile's card, then the index of the first player\n"
           "A BOT is a program path; words after it in the same argument are its\n"
           "arguments, e.g. \"tasca buraco-bot --difficulty hard\". A bot that sends\n"
           "nothing for 3 seconds, ends, floods its output or sends anything invalid is\n"
           "disqualified and the other team wins.\n");
}

static void on_signal(int sig)
{
    /* Leave no bot behind. */
    if (J)
        for (int i = 0; i < J->n; i++)
            if (J->seat[i].proc.pid && !J->seat[i].proc.reaped)
                kill(-J->seat[i].proc.pid, SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

int cli_buraco_judge(int argc, char **argv)
{
    static Judge judge;
    Judge *j = &judge;
    memset(j, 0, sizeof *j);
    j->dq_seat = -1;
    j->timeout_ms = JUDGE_TIMEOUT_MS;
    const char *bots[4], *init_file = NULL;
    int nb = 0;
    bool have_seed = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage();
            return 0;
        } else if (!strcmp(a, "-d")) {
            j->debug = true;
        } else if (!strcmp(a, "-silent")) {
            j->silent = true;
        } else if (!strcmp(a, "-seed")) {
            const char *v = cli_value("buraco-judge", argc, argv, &i);
            if (!v || !cli_parse_u64("buraco-judge", "-seed", v, &j->seed))
                return 2;
            have_seed = true;
        } else if (!strcmp(a, "-i")) {
            if (!(init_file = cli_value("buraco-judge", argc, argv, &i)))
                return 2;
        } else if (a[0] == '-') {
            fprintf(stderr, "tasca buraco-judge: unknown option '%s' (see -h)\n", a);
            return 2;
        } else if (nb == 4) {
            fprintf(stderr, "tasca buraco-judge: at most 4 bots\n");
            return 2;
        } else {
            bots[nb++] = a;
        }
    }
    if (nb == 0) {
        usage();
        return 2;
    }
    /* As in the original, -d wins over -silent. */
    if (j->debug)
        j->silent = false;
    if (!have_seed) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        j->seed = rng_mix((uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec,
                          (uint64_t)getpid()) >> 11;
    }
    j->n = nb % 2 ? nb + 1 : nb;
    int s0 = 0;
    for (int i = 0; i < RULES_MAX_PLAYERS; i++)
        botproc_init(&j->seat[i].proc);
    if (nb % 2) {
        j->seat[0].human = true;
        snprintf(j->seat[0].id, sizeof j->seat[0].id, "user");
        s0 = 1;
    }
    for (int b = 0; b < nb; b++) {
        /* p1.NAME: NAME is the program's file name, as the original judge named them. */
        char first[256];
        snprintf(first, sizeof first, "%s", bots[b]);
        first[strcspn(first, " \t")] = '\0';
        const char *base = strrchr(first, '/');
        snprintf(j->seat[s0 + b].id, sizeof j->seat[s0 + b].id, "p%d.%.80s", b + 1,
                 base ? base + 1 : first);
    }

    SeatSpec seats[RULES_MAX_PLAYERS] = {{0}};
    char err[512];
    GameOptions opt; /* the contest's game: the only one its protocol knows */
    rules_default_options(&buraco_rules, &opt);
    buraco_variant_options(BUR_VARIANT_CONTEST, &opt);
    j->m = match_create(&buraco_rules, &opt, j->n, seats, j->seed, err, sizeof err);
    if (!j->m) {
        fprintf(stderr, "tasca buraco-judge: %s\n", err);
        return 1;
    }
    if (init_file) {
        if (load_initial(j, init_file, err, sizeof err)) {
            fprintf(stderr, "tasca buraco-judge: invalid initial-state file: %s\n", err);
            match_free(j->m);
            return 2;
        }
    } else {
        match_play_chance(j->m);
    }

    signal(SIGPIPE, SIG_IGN);
    J = j;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    for (int b = 0; b < nb; b++) {
        Seat *st = &j->seat[s0 + b];
        if (!botproc_spawn(&st->proc, bots[b], j->silent))
            disqualify(j, s0 + b, PROTO_FAULT_EXITED, "%s: %s", st->id, st->proc.start_error);
    }

    BuracoState *s = state(j);
    char ids[512] = "", buf[PROTO_LINE_MAX], c[CARD_TEXT_MAX];
    for (int p = 0; p < j->n; p++) {
        strcat(ids, p ? " " : "");
        strncat(ids, j->seat[p].id, sizeof ids - strlen(ids) - 1);
    }
    say(j, "Buraco: %s. Seed %llu.\n", ids, (unsigned long long)j->seed);
    say(j, "%s starts; the discard pile starts with %s.\n", j->seat[s->first].id,
        card_to_text(buraco_pile_top(s), c));
    for (int p = 0; p < j->n && j->dq_seat < 0; p++) {
        Card hand[BUR_DECK_MAX];
        int n = buraco_hand_cards(s, p, hand);
        send_line(j, p, ids);
        send_line(j, p, j->seat[p].id);
        send_line(j, p, cards_text(hand, n, buf, sizeof buf));
        send_line(j, p, card_to_text(buraco_pile_top(s), c));
    }

    while (j->dq_seat < 0 && !match_is_over(j->m)) {
        int p = match_current_player(j->m);
        broadcast(j, j->seat[p].id, -1);
        if (j->seat[p].human && !j->silent)
            printf("\nYour turn, %s.\n", j->seat[p].id);
        while (j->dq_seat < 0 && !match_is_over(j->m) && match_current_player(j->m) == p)
            if (!one_command(j, p))
                break;
    }

    s = state(j);
    int sc[2] = {buraco_team_score(s, 0), buraco_team_score(s, 1)};
    if (match_is_over(j->m)) {
        sc[0] = s->score[0];
        sc[1] = s->score[1];
    }
    int winner = sc[0] > sc[1] ? 0 : sc[1] > sc[0] ? 1 : -1;
    if (j->dq_seat >= 0) {
        winner = 1 - buraco_team(j->dq_seat);
        botproc_stop(&j->seat[j->dq_seat].proc, true);
        fprintf(stderr, "%s disqualified (%s): %s\n", j->seat[j->dq_seat].id,
                proto_fault_name(j->dq_fault), j->dq_why);
        if (!j->silent)
            printf("\n%s is disqualified: %s\n", j->seat[j->dq_seat].id, j->dq_why);
    } else if (s->end == BUR_END_OUT) {
        say(j, "\n%s went out.\n", j->seat[s->went_out].id);
    } else {
        say(j, "\nThe stock is empty: the game is over.\n");
    }
    print_end(j, sc[0], sc[1], winner);
    for (int i = 0; i < j->n; i++)
        botproc_stop(&j->seat[i].proc, false);
    J = NULL;
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    for (int i = 0; i < j->n; i++)
        botproc_free(&j->seat[i].proc);
    match_free(j->m);
    return 0;
}
