/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca buraco-bot: our Buraco bot as a client of the contest protocol (RULES.md §3), for
 * any judge that speaks it (ours: tasca buraco-judge, or the original buraco.js).
 *
 * It keeps its own view of the game from the judge's lines (its hand, the pile, every
 * meld, how many cards each player holds and which of them are known), asks the bot of
 * the chosen difficulty for its moves one by one, and sends them as protocol commands:
 * the melds of a turn go out just before its DISCARD, each new meld with the cards joined
 * to it as one MELD_NEW. Notes go to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../engine/ai/bot.h"
#include "../games/buraco/buraco.h"
#include "../games/buraco/protocol.h"
#include "cli.h"

typedef struct {
    int n;
    char ids[RULES_MAX_PLAYERS][128];
    int me;
    BuracoState v;
    Difficulty diff;
    Rng rng;
    bool verbose;
    int think_ms; /* --think-ms, or -1: the difficulty's own */
    bool started;
} Client;

static void note(const Client *c, const char *fmt, const char *a, const char *b)
{
    if (c->verbose) {
        fprintf(stderr, "[buraco-bot %s] ", c->me >= 0 ? c->ids[c->me] : "?");
        fprintf(stderr, fmt, a, b);
        fputc('\n', stderr);
    }
}

/* One line from the judge, without its newline and without terminal colour codes (an
 * old judge coloured some cards). false at the end of input. */
static bool read_line(char *buf, size_t size)
{
    if (!fgets(buf, (int)size, stdin))
        return false;
    size_t n = strlen(buf);
    if (n == size - 1 && buf[n - 1] != '\n') { /* too long: drop the rest */
        int ch;
        while ((ch = getchar()) != EOF && ch != '\n')
            ;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (buf[i] == '\x1b' && i + 1 < n && buf[i + 1] == '[') {
            i += 2;
            while (i < n && !(buf[i] >= '@' && buf[i] <= '~'))
                i++;
            continue;
        }
        if (buf[i] != '\n' && buf[i] != '\r')
            buf[k++] = buf[i];
    }
    buf[k] = '\0';
    return true;
}

static void send_cmd(const Client *c, const char *line)
{
    note(c, "sends %s%s", line, "");
    printf("%s\n", line);
    fflush(stdout);
}

static int seat_of(const Client *c, const char *id)
{
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->ids[i], id) == 0)
            return i;
    return -1;
}

/* Another player's command, as the judge passes it on. */
static void others_command(Client *c, int p, const char *line)
{
    Card cards[PROTO_MAX_CARDS];
    const char *e = NULL;
    char word[32] = "";
    sscanf(line, "%31s", word);
    const char *rest = line + strlen(word);
    if (!strcmp(word, "GET_STOCK")) {
        e = buraco_view_draw(&c->v, p);
    } else if (!strcmp(word, "GET_DISCARD") || !strcmp(word, "MELD_NEW")) {
        int n = proto_parse_cards(rest, true, cards, PROTO_MAX_CARDS);
        if (n < 0)
            e = "cannot read its cards";
        else if (word[0] == 'G')
            e = buraco_view_take(&c->v, p, cards, n);
        else
            e = buraco_view_meld_new(&c->v, p, cards, n);
    } else if (!strcmp(word, "MELD_JOIN")) {
        int meld = -1, used = 0;
        if (sscanf(rest, "%d%n", &meld, &used) != 1) {
            e = "cannot read its meld number";
        } else {
            int n = proto_parse_cards(rest + used, true, cards, PROTO_MAX_CARDS);
            e = n < 0 ? "cannot read its cards" : buraco_view_meld_join(&c->v, p, meld, cards, n);
        }
    } else if (!strcmp(word, "DISCARD")) {
        int n = proto_parse_cards(rest, true, cards, 1);
        e = n != 1 ? "cannot read its card" : buraco_view_discard(&c->v, p, cards[0]);
    } else {
        e = "not a command this bot knows";
    }
    if (e)
        note(c, "cannot follow '%s': %s", line, e);
}

/* Sends the melds decided this turn (applied to `before` one command at a time). */
static void flush_melds(Client *c, BuracoState *before, Action *pending, int *np)
{
    int k = 0;
    while (k < *np) {
        char line[PROTO_LINE_MAX + 64];
        int used = proto_actions_command(before, pending + k, *np - k, line, sizeof line);
        if (used <= 0) {
            note(c, "cannot send a meld%s%s", "", "");
            break;
        }
        for (int i = 0; i < used; i++)
            buraco_rules.apply(before, pending[k + i]);
        send_cmd(c, line);
        k += used;
    }
    *np = 0;
}

/* Plays our turn; false when the input ended. */
static bool our_turn(Client *c)
{
    BuracoState before;
    Action pending[256];
    int np = 0;
    char line[PROTO_LINE_MAX + 2], text[RULES_ACTION_TEXT];
    for (int guard = 0; guard < 500; guard++) {
        BuracoState *v = &c->v;
        if (v->phase == BUR_OVER) {
            flush_melds(c, &before, pending, &np);
            return true;
        }
        Action a = bot_decide_timed(&buraco_rules, c->diff, v, c->me, &c->rng, NULL, c->think_ms);
        if (a < 0 || !rules_is_legal(&buraco_rules, v, a)) {
            /* Never send nonsense: fall back on the first legal move. */
            Action acts[RULES_MAX_ACTIONS];
            if (buraco_rules.legal_actions(v, acts) <= 0)
                return true;
            a = acts[0];
        }
        /* Taking a pile of one card with the last two cards of the hand empties it. Our
         * judge (and RULES.md) ends the game there, but the contest's first judge did not:
         * it waited for a command the empty hand cannot give. Draw instead. */
        if (buraco_action_type(a) == BUR_A_TAKE && v->hand_n[c->me] == 2 && v->pile_n == 1)
            a = buraco_action(BUR_A_DRAW, 0);
        /* That judge also fails on a meld of nothing but Aces and 2s (A 2 and a wild). */
        if (buraco_action_type(a) == BUR_A_TAKE) {
            int pay = buraco_action_payload(a);
            Card m[3] = {buraco_pile_top(v), card_from_index(pay >> 6), card_from_index(pay & 63)};
            bool odd = true;
            for (int i = 0; i < 3; i++)
                odd &= card_rank(m[i]) == RANK_ACE || card_rank(m[i]) == 2;
            if (odd)
                a = buraco_action(BUR_A_DRAW, 0);
        }
        buraco_rules.action_to_string(v, a, text);
        note(c, "plays %s%s", text, "");
        int type = buraco_action_type(a);
        if (type == BUR_A_DRAW) {
            int stock = v->stock_n;
            send_cmd(c, "GET_STOCK");
            if (stock == 0)
                return true; /* the game ends */
            if (!read_line(line, sizeof line))
                return false;
            Card card;
            if (!proto_parse_card(line, strlen(line), &card)) {
                note(c, "expected the card drawn, got '%s'%s", line, "");
                return true;
            }
            buraco_rules.apply(v, a);
            if (buraco_rules.apply(v, buraco_action(BUR_A_DEAL, card_index(card)))) {
                /* The judge knows better than our count of the stock. */
                v->hand[c->me][card_index(card)]++;
                v->hand_n[c->me]++;
                if (v->stock_n)
                    v->stock_n--;
                v->drawn = card;
                v->phase = BUR_PLAY;
            }
        } else if (type == BUR_A_TAKE) {
            char cmd[PROTO_LINE_MAX + 64];
            proto_actions_command(v, &a, 1, cmd, sizeof cmd);
            send_cmd(c, cmd);
            if (!read_line(line, sizeof line))
                return false;
            Card below[BUR_DECK_MAX];
            int n = proto_parse_cards(line, true, below, BUR_DECK);
            if (n >= 0 && n + 1 != v->pile_n) {
                note(c, "the pile was not what this bot saw: %s%s", line, "");
                Card top = buraco_pile_top(v);
                memcpy(v->pile, below, (size_t)n);
                v->pile[n] = top;
                v->pile_n = (uint8_t)(n + 1);
            }
            buraco_rules.apply(v, a);
        } else if (type == BUR_A_DISCARD) {
            flush_melds(c, &before, pending, &np);
            char cmd[64], ct[CARD_TEXT_MAX];
            snprintf(cmd, sizeof cmd, "DISCARD %s",
                     card_to_text(card_from_index(buraco_action_payload(a)), ct));
            send_cmd(c, cmd);
            buraco_rules.apply(v, a);
            return true;
        } else {
            if (np == 0)
                before = *v;
            if (np < (int)(sizeof pending / sizeof pending[0]))
                pending[np++] = a;
            buraco_rules.apply(v, a);
        }
    }
    return true;
}

static void usage(void)
{
    printf("Usage: tasca buraco-bot [--difficulty easy|medium|hard] [--seed N] [--think-ms MS]\n"
           "                        [--verbose]\n"
           "Our Buraco bot as a program for a judge of the contest protocol (RULES.md §3):\n"
           "it reads the judge's lines on standard input and answers on standard output,\n"
           "e.g.  tasca buraco-judge \"tasca buraco-bot\" ./your-bot\n"
           "       node buraco.js tasca-bot   (with a script that runs tasca buraco-bot)\n"
           "  --difficulty  its strength (default hard)\n"
           "  --seed        its random choices (default: from the clock)\n"
           "  --think-ms    the most a move may take, in ms (default: its difficulty's, 1500\n"
           "                for hard, within the judge's 3 s); 0: no clock, so the same seed\n"
           "                plays the same moves on any machine\n"
           "  --verbose     explain its moves on stderr\n");
}

int cli_buraco_bot(int argc, char **argv)
{
    static Client client;
    Client *c = &client;
    memset(c, 0, sizeof *c);
    c->me = -1;
    c->diff = DIFF_HARD;
    c->think_ms = -1;
    uint64_t seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage();
            return 0;
        } else if (!strcmp(a, "--difficulty")) {
            if (!(v = cli_value("buraco-bot", argc, argv, &i)))
                return 2;
            if (!difficulty_parse(v, &c->diff)) {
                fprintf(stderr, "tasca buraco-bot: difficulty '%s' is not one of random, easy, "
                                "medium, hard\n",
                        v);
                return 2;
            }
        } else if (!strcmp(a, "--seed")) {
            if (!(v = cli_value("buraco-bot", argc, argv, &i)) ||
                !cli_parse_u64("buraco-bot", a, v, &seed))
                return 2;
        } else if (!strcmp(a, "--think-ms")) {
            uint64_t ms;
            if (!(v = cli_value("buraco-bot", argc, argv, &i)) ||
                !cli_parse_u64("buraco-bot", a, v, &ms))
                return 2;
            if (ms > 60000) {
                fprintf(stderr, "tasca buraco-bot: --think-ms %s is more than a minute\n", v);
                return 2;
            }
            c->think_ms = (int)ms;
        } else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) {
            c->verbose = true;
        } else {
            fprintf(stderr, "tasca buraco-bot: unknown argument '%s' (see --help)\n", a);
            return 2;
        }
    }
    rng_seed(&c->rng, seed);

    /* The start: all ids, ours, our hand, the pile's card. */
    char line[PROTO_LINE_MAX + 2], ids[PROTO_LINE_MAX + 2];
    if (!read_line(ids, sizeof ids) || !read_line(line, sizeof line))
        return 1;
    for (char *save = NULL, *t = strtok_r(ids, " ", &save); t && c->n < RULES_MAX_PLAYERS;
         t = strtok_r(NULL, " ", &save))
        snprintf(c->ids[c->n++], sizeof c->ids[0], "%s", t);
    c->me = seat_of(c, line);
    if ((c->n != 2 && c->n != 4) || c->me < 0) {
        fprintf(stderr, "tasca buraco-bot: the judge's first lines name %d players and not "
                        "'%s'\n",
                c->n, line);
        return 1;
    }
    Card hand[BUR_DECK_MAX], top;
    if (!read_line(line, sizeof line))
        return 1;
    int hn = proto_parse_cards(line, true, hand, BUR_DECK);
    if (!read_line(ids, sizeof ids))
        return 1;
    if (hn < 0 || !proto_parse_card(ids, strlen(ids), &top)) {
        fprintf(stderr, "tasca buraco-bot: cannot read the hand '%s' or the card '%s'\n", line,
                ids);
        return 1;
    }
    const Card *hands[RULES_MAX_PLAYERS] = {NULL};
    int counts[RULES_MAX_PLAYERS];
    for (int p = 0; p < c->n; p++)
        counts[p] = hn; /* the others hold as many (a judge's -i file could differ) */
    hands[c->me] = hand;
    const char *e = buraco_setup(&c->v, c->n, hands, counts, top, 0);
    if (e) {
        fprintf(stderr, "tasca buraco-bot: %s\n", e);
        return 1;
    }
    int current = -1;
    while (read_line(line, sizeof line)) {
        int p = seat_of(c, line);
        if (p >= 0) {
            current = p;
            if (!c->started) {
                c->v.first = (int8_t)p;
                c->started = true;
            }
            if (c->v.turn != p || c->v.phase != BUR_DRAW) {
                c->v.turn = (uint8_t)p;
                c->v.phase = BUR_DRAW;
                c->v.drew_stock = 0;
                c->v.drawn = CARD_NONE;
            }
            if (p == c->me && !our_turn(c))
                break;
            continue;
        }
        if (current >= 0 && current != c->me)
            others_command(c, current, line);
        else
            note(c, "ignores '%s'%s", line, "");
    }
    return 0;
}
