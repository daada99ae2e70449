/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "card.h"

#include <string.h>

static const char *const suit_utf8[SUIT_COUNT] = {"\xE2\x99\xA3", "\xE2\x99\xA6", "\xE2\x99\xA5",
                                                  "\xE2\x99\xA0"};
static const char suit_ascii[SUIT_COUNT] = {'c', 'd', 'h', 's'};
static const char *const rank_text[14] = {"?", "A", "2", "3",  "4", "5", "6",
                                          "7", "8", "9", "10", "J", "Q", "K"};

const char *card_suit_symbol(int suit)
{
    return suit >= 0 && suit < SUIT_COUNT ? suit_utf8[suit] : "?";
}

const char *card_rank_text(int rank) { return rank >= 1 && rank <= 13 ? rank_text[rank] : "?"; }

const char *card_to_text(Card c, char out[CARD_TEXT_MAX])
{
    if (!card_is_valid(c)) {
        strcpy(out, "??");
        return out;
    }
    strcpy(out, rank_text[card_rank(c)]);
    strcat(out, suit_utf8[card_suit(c)]);
    return out;
}

static int parse_rank(const char *t, size_t *used)
{
    switch (t[0]) {
    case 'A': case 'a': *used = 1; return RANK_ACE;
    case 'J': case 'j': *used = 1; return RANK_JACK;
    case 'Q': case 'q': *used = 1; return RANK_QUEEN;
    case 'K': case 'k': *used = 1; return RANK_KING;
    case 'T': case 't': *used = 1; return 10;
    case '1':
        if (t[1] == '0') {
            *used = 2;
            return 10;
        }
        return 0;
    default:
        if (t[0] >= '2' && t[0] <= '9') {
            *used = 1;
            return t[0] - '0';
        }
        return 0;
    }
}

static int parse_suit(const char *t, size_t *used)
{
    for (int s = 0; s < SUIT_COUNT; s++) {
        if (strncmp(t, suit_utf8[s], 3) == 0) {
            *used = 3;
            return s;
        }
        if (t[0] == suit_ascii[s] || t[0] == suit_ascii[s] - 32) {
            *used = 1;
            return s;
        }
    }
    return -1;
}

size_t card_parse(const char *text, Card *out)
{
    size_t ru = 0, su = 0;
    if (!text)
        return 0;
    int rank = parse_rank(text, &ru);
    if (!rank)
        return 0;
    int suit = parse_suit(text + ru, &su);
    if (suit < 0)
        return 0;
    *out = card_make(rank, suit);
    return ru + su;
}

bool card_from_text(const char *text, Card *out)
{
    Card c;
    size_t n = card_parse(text, &c);
    if (!n || text[n] != '\0')
        return false;
    *out = c;
    return true;
}
