/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fair deals at networked tables: decks that nobody can choose and every seat can check.
 *
 * The dealer draws the top of a chain of secrets from libsodium's randombytes when a table
 * is created: h[DEAL_GAMES - 1] = top, h[k] = H(h[k + 1]), and commits to all of them at
 * once with commit = H(h[0]) (H: BLAKE2b-256, keyed for this use only). Every seat for a
 * person joins with the commitment it was told and 32 random bytes of its own (its
 * contribution); a bot's seat contributes nothing (zeros), so the dealer cannot pick it.
 * Game k is dealt, once every seat for a person has sat down, from
 *     seed_k = H(code, k, h[k], contribution of seat 0, ..., of seat n - 1)
 * which no seat can predict (it does not know h[k]) or steer (it joins knowing only the
 * commitment, and the others' contributions are not shown to it), and which the dealer
 * cannot change after seeing the contributions (h[k] is fixed by the commitment). When
 * game k is over the dealer shows each seat its proof: h[k], the contributions and every
 * move of the players in order. The seat then checks, by itself, that H applied k + 1
 * times to h[k] gives the commitment it joined with, that its own contribution is there,
 * and that replaying the game from seed_k and those moves shows it, step by step, exactly
 * the views it was sent. Revealing h[k] reveals the games before k, never the next ones.
 * Pure C (libsodium and the rules), no NATS. */
#ifndef TASCA_DEAL_H
#define TASCA_DEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../engine/rules.h"
#include "wire.h"

/* Games one commitment covers (a table deals at most this many). */
#define DEAL_GAMES 1000
#define DEAL_VIEW_HASH 16

/* A new chain: its top, from randombytes, and its commitment. */
void deal_chain_new(uint8_t top[WIRE_HASH], uint8_t commit[WIRE_HASH]);
void deal_commit_of(const uint8_t top[WIRE_HASH], uint8_t commit[WIRE_HASH]);
/* h[game] of the chain whose top is `top` (game < DEAL_GAMES). */
void deal_secret(const uint8_t top[WIRE_HASH], unsigned game, uint8_t out[WIRE_HASH]);
/* Does `secret` open `commit` as game `game`'s (H applied game + 1 times)? */
bool deal_opens(const uint8_t commit[WIRE_HASH], unsigned game, const uint8_t secret[WIRE_HASH]);
/* The seed game `game` of table `code` is dealt from; rands: n contributions of WIRE_HASH
 * bytes, one after the other (also in deal_proof_encode). */
uint64_t deal_seed(const char *code, unsigned game, const uint8_t secret[WIRE_HASH], int n,
                   const uint8_t *rands);

/* The proof of a finished game, as the dealer shows it. */
typedef struct {
    uint8_t secret[WIRE_HASH];
    int n;
    uint8_t rands[RULES_MAX_PLAYERS][WIRE_HASH];
    int n_moves;
    const int *player; /* per move, the seat that made it (chance steps are not listed) */
    const Action *move;
} DealProof;

/* Writes the proof of a game whose history is history[len] (chance steps included: they
 * are left out) into out[cap]; returns its length, 0 when it does not fit. */
size_t deal_proof_encode(const uint8_t secret[WIRE_HASH], int n,
                         const uint8_t *rands, const int *history_player,
                         const Action *history, int len, uint8_t *out, size_t cap);

/* What a seat saw of one game: a hash of each view, by step. */
typedef struct {
    uint32_t n, cap;
    uint8_t (*hash)[DEAL_VIEW_HASH];
    uint8_t *have;
} DealSeen;

void deal_seen_clear(DealSeen *s);
void deal_seen_free(DealSeen *s);
/* Keeps a hash of the view of step `seq`; false when out of memory. */
bool deal_seen_add(DealSeen *s, uint32_t seq, const void *view, size_t len);

/* Does the proof (proof[len], as the dealer sent it) show that every view `seat` saw of
 * game `game` came from the committed deck, its own contribution and the players' moves?
 * NULL when it does; otherwise the reason, written into why[whysize]. */
const char *deal_check(const GameRules *g, const GameOptions *opt, int n, int seat,
                       const char *code, unsigned game, const uint8_t commit[WIRE_HASH],
                       const uint8_t my_rand[WIRE_HASH], const uint8_t *proof, size_t len,
                       const DealSeen *seen, char *why, size_t whysize);

#endif
