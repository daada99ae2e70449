/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A Buraco bot that misbehaves on purpose, for the judge's tests. It plays the protocol
 * correctly until its first turn, then does what its argument says:
 *   crash      dies of a segmentation fault        exit      exits with status 3
 *   hang       sends nothing (and ignores SIGTERM)  close     closes its output, then waits
 *   floodline  sends 100 KB without a newline       chatter   talks out of turn, endlessly
 *   nonsense   "Pegue do lixo"                      malformed MELD_JOIN without arguments
 *   order      DISCARD before drawing               meld      draws, then an invalid meld
 *   notheld    draws, then throws a card it lacks   badtake   takes the pile with no meld
 *   twice      draws twice
 *   slow       plays well but slowly: waits a second, draws, throws the card drawn
 * With BADBOT_PIDFILE set, it writes its pid there first. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "games/buraco/buraco.h"
#include "games/buraco/protocol.h"

static char line[PROTO_LINE_MAX + 2];

static int read_line(void)
{
    if (!fgets(line, sizeof line, stdin))
        exit(0);
    line[strcspn(line, "\r\n")] = '\0';
    return (int)strlen(line);
}

static void say(const char *text)
{
    printf("%s\n", text);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "nonsense";
    const char *pidfile = getenv("BADBOT_PIDFILE");
    if (pidfile) {
        FILE *f = fopen(pidfile, "w");
        if (f) {
            fprintf(f, "%ld\n", (long)getpid());
            fclose(f);
        }
    }
    char me[PROTO_LINE_MAX + 2];
    read_line(); /* ids */
    read_line();
    snprintf(me, sizeof me, "%s", line);
    read_line();
    Card hand[BUR_DECK];
    int n = proto_parse_cards(line, true, hand, BUR_DECK);
    read_line(); /* the pile's card */
    Card top = CARD_NONE;
    proto_parse_card(line, strlen(line), &top);
    if (!strcmp(mode, "chatter"))
        for (;;)
            say("GET_STOCK");
    do {
        read_line();
        if (!strncmp(line, "DISCARD ", 8))
            proto_parse_card(line + 8, strlen(line + 8), &top);
    } while (strcmp(line, me) != 0);

    char out[PROTO_LINE_MAX + 32], buf[PROTO_LINE_MAX], c[CARD_TEXT_MAX];
    if (!strcmp(mode, "crash")) {
        raise(SIGSEGV);
    } else if (!strcmp(mode, "exit")) {
        exit(3);
    } else if (!strcmp(mode, "hang")) {
        signal(SIGTERM, SIG_IGN);
        for (;;)
            pause();
    } else if (!strcmp(mode, "close")) {
        fclose(stdout);
        for (;;)
            pause();
    } else if (!strcmp(mode, "floodline")) {
        static char big[100 * 1024];
        memset(big, 'X', sizeof big);
        fwrite(big, 1, sizeof big, stdout);
        fflush(stdout);
        for (;;)
            pause();
    } else if (!strcmp(mode, "malformed")) {
        say("GET_STOCK");
        read_line();
        say("MELD_JOIN");
    } else if (!strcmp(mode, "order")) {
        snprintf(out, sizeof out, "DISCARD %s", card_to_text(hand[0], c));
        say(out);
    } else if (!strcmp(mode, "slow")) {
        for (;;) {
            sleep(1);
            say("GET_STOCK");
            read_line();
            snprintf(out, sizeof out, "DISCARD %s", line);
            say(out);
            do
                read_line();
            while (strcmp(line, me) != 0);
        }
    } else if (!strcmp(mode, "twice")) {
        say("GET_STOCK");
        read_line();
        say("GET_STOCK");
    } else if (!strcmp(mode, "meld")) {
        say("GET_STOCK");
        read_line();
        /* Three cards it holds that make no meld. */
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++)
                for (int k = j + 1; k < n; k++) {
                    Card m[3] = {hand[i], hand[j], hand[k]};
                    if (!buraco_meld_check(m, 3, NULL)) {
                        proto_format_cards(m, 3, buf, sizeof buf);
                        snprintf(out, sizeof out, "MELD_NEW %s", buf);
                        say(out);
                        goto wait;
                    }
                }
    } else if (!strcmp(mode, "notheld")) {
        say("GET_STOCK");
        read_line();
        Card drawn;
        proto_parse_card(line, strlen(line), &drawn);
        /* A card neither dealt nor drawn. */
        for (int f = 0; f < BUR_FACES; f++) {
            Card x = card_from_index(f);
            bool held = x == drawn;
            for (int i = 0; i < n; i++)
                held |= hand[i] == x;
            if (!held) {
                snprintf(out, sizeof out, "DISCARD %s", card_to_text(x, c));
                say(out);
                goto wait;
            }
        }
    } else if (!strcmp(mode, "badtake")) {
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                Card m[3] = {top, hand[i], hand[j]};
                if (!buraco_meld_check(m, 3, NULL)) {
                    proto_format_cards(m + 1, 2, buf, sizeof buf);
                    snprintf(out, sizeof out, "GET_DISCARD %s", buf);
                    say(out);
                    goto wait;
                }
            }
    } else {
        say("Pegue do lixo");
    }
wait:
    for (;;)
        read_line();
}
