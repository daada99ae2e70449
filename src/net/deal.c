/* SPDX-License-Identifier: GPL-3.0-or-later */
/* See deal.h. Every hash is libsodium's crypto_generichash (BLAKE2b), keyed per use so that
 * a chain link, a seed and a view's fingerprint can never be taken for one another. */
#include "deal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "../engine/match.h"

/* 16 bytes each: the keys that set the three uses apart (crypto_generichash_KEYBYTES_MIN). */
static const unsigned char key_chain[16] = "tasca deal chain";
static const unsigned char key_seed[16] = "tasca deal seed.";
static const unsigned char key_view[16] = "tasca deal view.";

static void link_down(const uint8_t in[WIRE_HASH], uint8_t out[WIRE_HASH])
{
    crypto_generichash(out, WIRE_HASH, in, WIRE_HASH, key_chain, sizeof key_chain);
}

static void hash_times(const uint8_t in[WIRE_HASH], unsigned times, uint8_t out[WIRE_HASH])
{
    uint8_t h[WIRE_HASH];
    memcpy(h, in, sizeof h);
    for (unsigned i = 0; i < times; i++)
        link_down(h, h);
    memcpy(out, h, sizeof h);
}

void deal_commit_of(const uint8_t top[WIRE_HASH], uint8_t commit[WIRE_HASH])
{
    hash_times(top, DEAL_GAMES, commit);
}

void deal_chain_new(uint8_t top[WIRE_HASH], uint8_t commit[WIRE_HASH])
{
    randombytes_buf(top, WIRE_HASH);
    deal_commit_of(top, commit);
}

void deal_secret(const uint8_t top[WIRE_HASH], unsigned game, uint8_t out[WIRE_HASH])
{
    hash_times(top, game < DEAL_GAMES ? DEAL_GAMES - 1 - game : 0, out);
}

bool deal_opens(const uint8_t commit[WIRE_HASH], unsigned game, const uint8_t secret[WIRE_HASH])
{
    if (game >= DEAL_GAMES)
        return false;
    uint8_t h[WIRE_HASH];
    hash_times(secret, game + 1, h);
    return sodium_memcmp(h, commit, WIRE_HASH) == 0;
}

uint64_t deal_seed(const char *code, unsigned game, const uint8_t secret[WIRE_HASH], int n,
                   const uint8_t *rands)
{
    crypto_generichash_state st;
    crypto_generichash_init(&st, key_seed, sizeof key_seed, 8);
    uint8_t head[WIRE_CODE + 3] = {0};
    snprintf((char *)head, WIRE_CODE, "%s", code);
    head[WIRE_CODE] = (uint8_t)game;
    head[WIRE_CODE + 1] = (uint8_t)(game >> 8);
    head[WIRE_CODE + 2] = (uint8_t)n;
    crypto_generichash_update(&st, head, sizeof head);
    crypto_generichash_update(&st, secret, WIRE_HASH);
    for (int s = 0; s < n; s++)
        crypto_generichash_update(&st, rands + (size_t)s * WIRE_HASH, WIRE_HASH);
    uint8_t out[8];
    crypto_generichash_final(&st, out, sizeof out);
    uint64_t seed = 0;
    for (int i = 0; i < 8; i++)
        seed |= (uint64_t)out[i] << 8 * i;
    return seed;
}

/* ---- the proof: [secret 32][n 1][n contributions of 32][moves u32][moves x (seat 1,
 * action 4, little-endian)] ---- */

#define MOVE_BYTES 5

size_t deal_proof_encode(const uint8_t secret[WIRE_HASH], int n,
                         const uint8_t *rands, const int *history_player,
                         const Action *history, int len, uint8_t *out, size_t cap)
{
    uint32_t moves = 0;
    for (int i = 0; i < len; i++)
        moves += history_player[i] != PLAYER_CHANCE;
    size_t need = WIRE_HASH + 1 + (size_t)n * WIRE_HASH + 4 + (size_t)moves * MOVE_BYTES;
    if (n < 1 || n > RULES_MAX_PLAYERS || need > cap)
        return 0;
    uint8_t *p = out;
    memcpy(p, secret, WIRE_HASH);
    p += WIRE_HASH;
    *p++ = (uint8_t)n;
    for (int s = 0; s < n; s++, p += WIRE_HASH)
        memcpy(p, rands + (size_t)s * WIRE_HASH, WIRE_HASH);
    for (int i = 0; i < 4; i++)
        *p++ = (uint8_t)(moves >> 8 * i);
    for (int i = 0; i < len; i++) {
        if (history_player[i] == PLAYER_CHANCE)
            continue;
        *p++ = (uint8_t)history_player[i];
        uint32_t a = (uint32_t)history[i];
        for (int k = 0; k < 4; k++)
            *p++ = (uint8_t)(a >> 8 * k);
    }
    return (size_t)(p - out);
}

/* Reads a proof; the moves are copied into player[]/move[] (freed by the caller). */
static const char *proof_decode(const uint8_t *in, size_t len, DealProof *p, int **player,
                                Action **move)
{
    *player = NULL;
    *move = NULL;
    if (len < WIRE_HASH + 1)
        return "the proof is truncated";
    memcpy(p->secret, in, WIRE_HASH);
    p->n = in[WIRE_HASH];
    if (p->n < 1 || p->n > RULES_MAX_PLAYERS)
        return "the proof has a bad number of seats";
    size_t at = WIRE_HASH + 1;
    if (len < at + (size_t)p->n * WIRE_HASH + 4)
        return "the proof is truncated";
    for (int s = 0; s < p->n; s++, at += WIRE_HASH)
        memcpy(p->rands[s], in + at, WIRE_HASH);
    uint32_t moves = 0;
    for (int i = 0; i < 4; i++)
        moves |= (uint32_t)in[at++] << 8 * i;
    if ((len - at) / MOVE_BYTES != moves || (len - at) % MOVE_BYTES)
        return "the proof's moves do not add up";
    p->n_moves = (int)moves;
    *player = malloc(((size_t)moves + 1) * sizeof **player);
    *move = malloc(((size_t)moves + 1) * sizeof **move);
    if (!*player || !*move)
        return "out of memory";
    for (uint32_t i = 0; i < moves; i++) {
        (*player)[i] = (int8_t)in[at++];
        uint32_t a = 0;
        for (int k = 0; k < 4; k++)
            a |= (uint32_t)in[at++] << 8 * k;
        (*move)[i] = (Action)a;
    }
    p->player = *player;
    p->move = *move;
    return NULL;
}

/* ---- what a seat saw ---- */

void deal_seen_clear(DealSeen *s)
{
    if (s->have)
        memset(s->have, 0, s->cap);
    s->n = 0;
}

void deal_seen_free(DealSeen *s)
{
    free(s->hash);
    free(s->have);
    memset(s, 0, sizeof *s);
}

static void view_hash(const void *view, size_t len, uint8_t out[DEAL_VIEW_HASH])
{
    crypto_generichash(out, DEAL_VIEW_HASH, view, len, key_view, sizeof key_view);
}

bool deal_seen_add(DealSeen *s, uint32_t seq, const void *view, size_t len)
{
    if (seq >= s->cap) {
        uint32_t cap = s->cap ? s->cap : 64;
        while (cap <= seq)
            cap *= 2;
        uint8_t(*h)[DEAL_VIEW_HASH] = realloc(s->hash, (size_t)cap * sizeof *h);
        if (h)
            s->hash = h;
        uint8_t *have = h ? realloc(s->have, cap) : NULL;
        if (!have)
            return false;
        memset(have + s->cap, 0, cap - s->cap);
        s->have = have;
        s->cap = cap;
    }
    view_hash(view, len, s->hash[seq]);
    s->have[seq] = 1;
    if (seq >= s->n)
        s->n = seq + 1;
    return true;
}

/* Does the replayed state at step `seq` show the seat what it was shown? */
static bool same_view(const Match *m, int seat, const DealSeen *seen, uint32_t seq,
                      uint8_t *view, int *checked)
{
    if (seq >= seen->n || !seen->have[seq])
        return true;
    uint8_t h[DEAL_VIEW_HASH];
    match_view(m, seat, view);
    view_hash(view, m->rules->state_size, h);
    ++*checked;
    return sodium_memcmp(h, seen->hash[seq], DEAL_VIEW_HASH) == 0;
}

const char *deal_check(const GameRules *g, const GameOptions *opt, int n, int seat,
                       const char *code, unsigned game, const uint8_t commit[WIRE_HASH],
                       const uint8_t my_rand[WIRE_HASH], const uint8_t *proof, size_t len,
                       const DealSeen *seen, char *why, size_t whysize)
{
    why[0] = '\0';
    DealProof p;
    int *player = NULL;
    Action *move = NULL;
    const char *e = proof_decode(proof, len, &p, &player, &move);
    Match *m = NULL;
    uint8_t *view = NULL;
    if (!e && p.n != n)
        e = "the proof is for another number of seats";
    else if (!e && !deal_opens(commit, game, p.secret))
        e = "the dealer's secret does not open the commitment it made before the deal";
    else if (!e && sodium_memcmp(p.rands[seat], my_rand, WIRE_HASH) != 0)
        e = "the deal did not use this seat's contribution";
    char err[MATCH_ERR];
    SeatSpec seats[RULES_MAX_PLAYERS] = {{0}};
    if (!e && !(m = match_create(g, opt, n, seats, deal_seed(code, game, p.secret, n, p.rands[0]),
                                 err, sizeof err)))
        e = "the game cannot be set up again";
    if (!e && !(view = malloc(g->state_size)))
        e = "out of memory";
    int checked = 0, next = 0;
    if (!e && !same_view(m, seat, seen, 0, view, &checked))
        snprintf(why, whysize, "the first view does not come from the committed deck");
    while (!e && !why[0] && !match_is_over(m)) {
        int who = match_current_player(m);
        Action a;
        if (who == PLAYER_CHANCE) {
            a = match_next_chance(m);
        } else if (next < p.n_moves && p.player[next] == who) {
            a = p.move[next++];
        } else {
            /* another seat moved there: the game was not the one this deck deals */
            snprintf(why, whysize, "step %u does not fit the committed deck (%s)",
                     (unsigned)m->history_len + 1, "not that seat's turn");
            break;
        }
        if (match_apply(m, a)) {
            /* a card the committed deck did not give that seat */
            snprintf(why, whysize, "step %u does not fit the committed deck (%s)",
                     (unsigned)m->history_len + 1, "a move the rules refuse");
            break;
        }
        uint32_t seq = (uint32_t)m->history_len;
        if (!same_view(m, seat, seen, seq, view, &checked))
            snprintf(why, whysize,
                     "step %u does not fit the committed deck",
                     (unsigned)seq);
    }
    if (!e && !why[0] && next != p.n_moves)
        e = "the proof has moves after the game's end";
    if (!e && !why[0] && (uint32_t)m->history_len + 1 < seen->n)
        e = "this seat was shown steps past the game's end";
    if (!e && !why[0] && checked == 0)
        e = "no view of this game was kept to check";
    if (e)
        snprintf(why, whysize, "%s", e);
    match_free(m);
    free(view);
    free(player);
    free(move);
    return why[0] ? why : NULL;
}
