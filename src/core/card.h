/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Cards: one byte each. Pure C, no SDL. */
#ifndef TASCA_CARD_H
#define TASCA_CARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A card is suit * 16 + rank, rank 1 (Ace) .. 13 (King). 0 is "no card",
 * CARD_HIDDEN stands for a card whose face a seat cannot see. */
typedef uint8_t Card;

enum { SUIT_CLUBS = 0, SUIT_DIAMONDS = 1, SUIT_HEARTS = 2, SUIT_SPADES = 3, SUIT_COUNT = 4 };
enum { RANK_ACE = 1, RANK_JACK = 11, RANK_QUEEN = 12, RANK_KING = 13 };

#define CARD_NONE ((Card)0)
#define CARD_HIDDEN ((Card)0xFF)
/* A joker (the games that play with them do not tell one joker from another): outside
 * the four suits, so card_is_valid is false for it; the card art draws the deck's joker. */
#define CARD_JOKER ((Card)0x4E)
/* Longest card text: "10" + a 3-byte suit symbol + NUL. */
#define CARD_TEXT_MAX 8

static inline Card card_make(int rank, int suit) { return (Card)(suit * 16 + rank); }
static inline int card_rank(Card c) { return c & 15; }
static inline int card_suit(Card c) { return c >> 4; }
static inline bool card_is_valid(Card c)
{
    return card_rank(c) >= 1 && card_rank(c) <= 13 && card_suit(c) < SUIT_COUNT;
}
/* 0..51, suit-major: handy for bitsets and atlases. */
static inline int card_index(Card c) { return card_suit(c) * 13 + card_rank(c) - 1; }
static inline Card card_from_index(int i) { return card_make(i % 13 + 1, i / 13); }

/* "7♥", "10♦", "A♠". Writes at most CARD_TEXT_MAX bytes; "??" for an invalid card. */
const char *card_to_text(Card c, char out[CARD_TEXT_MAX]);
/* ASCII ("7h", "10d", "Qs", "as") or UTF-8 ("7♥"); ranks A 2..10 J Q K (also "T" for 10).
 * Returns bytes consumed (>0) and stores the card, or 0 when the text is not a card. */
size_t card_parse(const char *text, Card *out);
/* Whole-string parse: true only when text is exactly one card. */
bool card_from_text(const char *text, Card *out);

/* Suit symbol in UTF-8 ("♣", "♦", "♥", "♠") and rank text ("A", "10", "K"). */
const char *card_suit_symbol(int suit);
const char *card_rank_text(int rank);

#endif
