/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The record a seat keeps of one game at a fair table, so that the deal can be checked again
 * later, away from the table (`tasca verify FILE`): the table and game it is of, the dealer's
 * commitment the seat joined with, the seat's own contribution, a hash of every view the seat
 * was shown, and the proof the dealer showed at the game's end (deal.h). It holds nothing the
 * seat was not shown: the proof is shown to every seat once the game is over.
 *
 * The file is text, one field a line, so that a player can read it:
 *     tasca-deal 1
 *     game truco
 *     options 0 1 12
 *     players 2
 *     seat 1                       (from 0: the second seat)
 *     table K7Q2M9
 *     number 0                     (game 0, 1, ... at that table)
 *     dealer <Ed25519 key, hex>    (the dealers' key the seat trusted)
 *     commit <hex>
 *     mine <hex>
 *     view <step> <hash, hex>      (one a view)
 *     proof <hex>
 * Pure C (libsodium and the rules), no NATS. */
#ifndef TASCA_DEALFILE_H
#define TASCA_DEALFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "deal.h"

typedef struct {
    char game[WIRE_GAME];
    int n_options;
    int options[RULES_MAX_OPTIONS];
    int n, seat;
    char code[WIRE_CODE];
    unsigned game_no;
    uint8_t dealer[WIRE_KEY];
    uint8_t commit[WIRE_HASH];
    uint8_t mine[WIRE_HASH];
    DealSeen seen;
    uint8_t *proof;
    size_t proof_len;
} DealRecord;

/* The record as text (malloc'd, *len bytes, NUL-terminated); NULL when out of memory. */
char *deal_record_text(const DealRecord *r, size_t *len);
/* Reads text[len] into *r (which deal_record_free then frees). False with a one-line reason
 * in err when it is not such a record. */
bool deal_record_parse(const char *text, size_t len, DealRecord *r, char *err, size_t errsize);
void deal_record_free(DealRecord *r);
/* deal_check of the record: NULL when the deal is verified, else the reason (in why). */
const char *deal_record_check(const DealRecord *r, char *why, size_t whysize);
/* The most a record may weigh when read back. */
#define DEAL_RECORD_MAX (8u << 20)

/* Writes the record to dir/TABLE-gN.tdeal (N from 1), making dir; the file's path in
 * path[pathsize]. 0 on success, else -1 with the reason in err. */
int deal_record_keep(const DealRecord *r, const char *dir, char *path, size_t pathsize, char *err,
                     size_t errsize);

#endif
