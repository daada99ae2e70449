/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Private tables by invitation. An unlisted table has a secret of 256 bits (randombytes),
 * made by its creator and given to the dealer in the sealed table request; the invitation
 * is one string with the server, the table and the secret:
 *     tasca:nats://192.168.1.20:4222/K7QX2M#<64 hex digits>
 * The dealer lists the table nowhere, answers a join only when it carries a proof made with
 * the secret for the joining key (so a proof copied off the wire is worth nothing to another
 * key), and sends the table's news in a secret box under a key made from the secret: without
 * the invitation, nobody can list, join or even tell that the table exists from the
 * dealer's answers. Pure C (libsodium). */
#ifndef TASCA_INVITE_H
#define TASCA_INVITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wire.h"

#define INVITE_MAX 1200 /* an invitation string, NUL included */

void invite_new(uint8_t secret[WIRE_HASH]);
/* The proof a join of `sign_key` at table `code` carries. */
void invite_proof(const uint8_t secret[WIRE_HASH], const char *code,
                  const uint8_t sign_key[WIRE_KEY], uint8_t out[WIRE_HASH]);
bool invite_proof_ok(const uint8_t secret[WIRE_HASH], const char *code,
                     const uint8_t sign_key[WIRE_KEY], const uint8_t proof[WIRE_HASH]);
/* The key of the secret box the table's news travel in (from the secret's first half). */
#define INVITE_NEWS_PART 16
void invite_news_key(const uint8_t secret[WIRE_HASH], uint8_t out[WIRE_HASH]);
/* The secret of the invitation to seat `seat` (from 0) of the table whose secret is given. */
void invite_for_seat(const uint8_t secret[WIRE_HASH], int seat, uint8_t out[WIRE_HASH]);
/* "tasca:URL/CODE#SECRET", or "tasca:URL/CODE.N#SECRET" for seat N - 1 when seat >= 0;
 * false when it does not fit. */
bool invite_format(const char *url, const char *code, int seat,
                   const uint8_t secret[WIRE_HASH], char *out, size_t size);
/* Reads an invitation (blanks around it allowed); *seat: the seat it is for (from 0), or -1
 * for the table's. False when it is not one. */
bool invite_parse(const char *text, char *url, size_t urlsize, char code[WIRE_CODE],
                  int *seat, uint8_t secret[WIRE_HASH]);

#endif
