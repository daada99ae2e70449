/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers for the Buraco suites: positions from card texts, actions by their text. */
#ifndef TASCA_BURACO_TEST_H
#define TASCA_BURACO_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "games/buraco/buraco.h"

/* Cards from a text such as "A♥ 2h 10d Qs" (UTF-8 or ASCII suits). */
static inline int bt_cards(const char *text, Card *out)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    int n = 0;
    for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        if (!card_from_text(t, &out[n]))
            fail_msg("'%s' is not a card", t);
        n++;
    }
    return n;
}

static inline Card bt_card(const char *text)
{
    Card c;
    if (!card_from_text(text, &c))
        fail_msg("'%s' is not a card", text);
    return c;
}

/* A game in the draw phase: up to four hands, the pile's top card, who starts. Extra pile
 * cards (below the top, bottom first) may be given in `below`. */
static inline void bt_setup(BuracoState *s, int players, const char *const hands[],
                            const char *below, const char *top, int first)
{
    static Card h[RULES_MAX_PLAYERS][BUR_DECK];
    const Card *hp[RULES_MAX_PLAYERS];
    int hn[RULES_MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        hn[p] = bt_cards(hands[p], h[p]);
        hp[p] = h[p];
    }
    const char *e = buraco_setup(s, players, hp, hn, bt_card(top), first);
    if (e)
        fail_msg("setup: %s", e);
    if (below && *below) {
        Card b[BUR_DECK_MAX];
        int nb = bt_cards(below, b);
        Card t = s->pile[0];
        memcpy(s->pile, b, (size_t)nb);
        s->pile[nb] = t;
        s->pile_n = (uint8_t)(nb + 1);
        assert_true(s->stock_n >= nb);
        s->stock_n = (uint8_t)(s->stock_n - nb);
    }
}

static inline void bt_setup2(BuracoState *s, const char *h0, const char *h1, const char *top)
{
    const char *hands[2] = {h0, h1};
    bt_setup(s, 2, hands, NULL, top, 0);
}

/* Applies an action given as text; returns the rules' refusal (NULL when applied). A
 * refused action must leave the state as it was. */
static inline const char *bt_try(BuracoState *s, const char *text)
{
    Action a;
    if (!buraco_rules.action_from_string(s, text, &a))
        fail_msg("'%s' is not an action", text);
    BuracoState before = *s;
    const char *e = buraco_rules.apply(s, a);
    if (e && memcmp(&before, s, sizeof before) != 0)
        fail_msg("refusing '%s' changed the state", text);
    return e;
}

static inline void bt_do(BuracoState *s, const char *text)
{
    const char *e = bt_try(s, text);
    if (e)
        fail_msg("'%s' refused: %s", text, e);
}

static inline void bt_refused(BuracoState *s, const char *text)
{
    if (!bt_try(s, text))
        fail_msg("'%s' was accepted", text);
}

static inline bool bt_legal(const BuracoState *s, const char *text)
{
    Action a;
    if (!buraco_rules.action_from_string(s, text, &a))
        fail_msg("'%s' is not an action", text);
    return rules_is_legal(&buraco_rules, s, a);
}

static inline int bt_held(const BuracoState *s, int p, const char *card)
{
    return s->hand[p][card_index(bt_card(card))];
}

/* Draws `card` from the stock for the seat to move. */
static inline void bt_draw(BuracoState *s, const char *card)
{
    bt_do(s, "draw");
    char t[32];
    snprintf(t, sizeof t, "deal %s", card);
    bt_do(s, t);
}

#endif
