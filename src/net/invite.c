/* SPDX-License-Identifier: GPL-3.0-or-later */
/* See invite.h. Keyed BLAKE2b with the table's secret as the key, one context per use. */
#include "invite.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include <sodium.h>

void invite_new(uint8_t secret[WIRE_HASH]) { randombytes_buf(secret, WIRE_HASH); }

void invite_proof(const uint8_t secret[WIRE_HASH], const char *code,
                  const uint8_t sign_key[WIRE_KEY], uint8_t out[WIRE_HASH])
{
    static const char what[] = "tasca invitation proof ";
    crypto_generichash_state st;
    crypto_generichash_init(&st, secret, WIRE_HASH, WIRE_HASH);
    crypto_generichash_update(&st, (const uint8_t *)what, sizeof what - 1);
    crypto_generichash_update(&st, (const uint8_t *)code, strlen(code) + 1);
    crypto_generichash_update(&st, sign_key, WIRE_KEY);
    crypto_generichash_final(&st, out, WIRE_HASH);
}

bool invite_proof_ok(const uint8_t secret[WIRE_HASH], const char *code,
                     const uint8_t sign_key[WIRE_KEY], const uint8_t proof[WIRE_HASH])
{
    uint8_t want[WIRE_HASH];
    invite_proof(secret, code, sign_key, want);
    return sodium_memcmp(want, proof, WIRE_HASH) == 0;
}

void invite_news_key(const uint8_t secret[WIRE_HASH], uint8_t out[WIRE_HASH])
{
    static const char what[] = "tasca invitation news";
    crypto_generichash(out, WIRE_HASH, (const uint8_t *)what, sizeof what - 1, secret,
                       INVITE_NEWS_PART);
}

void invite_for_seat(const uint8_t secret[WIRE_HASH], int seat, uint8_t out[WIRE_HASH])
{
    static const char what[] = "tasca invitation seat ";
    uint8_t tag = (uint8_t)seat;
    crypto_generichash_state st;
    uint8_t h[WIRE_HASH];
    crypto_generichash_init(&st, secret + INVITE_NEWS_PART, WIRE_HASH - INVITE_NEWS_PART,
                            WIRE_HASH);
    crypto_generichash_update(&st, (const uint8_t *)what, sizeof what - 1);
    crypto_generichash_update(&st, &tag, 1);
    crypto_generichash_final(&st, h, WIRE_HASH);
    memcpy(out, secret, INVITE_NEWS_PART); /* the table's news: read as with the whole secret */
    memcpy(out + INVITE_NEWS_PART, h, WIRE_HASH - INVITE_NEWS_PART);
    sodium_memzero(h, sizeof h);
}

bool invite_format(const char *url, const char *code, int seat,
                   const uint8_t secret[WIRE_HASH], char *out, size_t size)
{
    char hex[2 * WIRE_HASH + 1], at[16] = "";
    sodium_bin2hex(hex, sizeof hex, secret, WIRE_HASH);
    if (seat >= 0)
        snprintf(at, sizeof at, ".%d", seat + 1);
    int n = snprintf(out, size, "tasca:%s/%s%s#%s", url, code, at, hex);
    return n > 0 && (size_t)n < size;
}

bool invite_parse(const char *text, char *url, size_t urlsize, char code[WIRE_CODE],
                  int *seat, uint8_t secret[WIRE_HASH])
{
    *seat = -1;
    while (*text && isspace((unsigned char)*text))
        text++;
    if (strncmp(text, "tasca:", 6) != 0)
        return false;
    text += 6;
    const char *hash = strchr(text, '#');
    if (!hash)
        return false;
    const char *slash = hash;
    while (slash > text && slash[-1] != '/')
        slash--;
    /* CODE.N: the invitation to seat N (from 1), kept for the one it is sent to */
    const char *end = hash;
    if (hash - slash >= 2 && hash[-2] == '.') {
        if (hash[-1] < '1' || hash[-1] > '0' + RULES_MAX_PLAYERS)
            return false;
        *seat = hash[-1] - '1';
        end = hash - 2;
    }
    if (slash <= text + 1 || (size_t)(slash - 1 - text) >= urlsize ||
        (size_t)(end - slash) >= WIRE_CODE)
        return false;
    memcpy(url, text, (size_t)(slash - 1 - text));
    url[slash - 1 - text] = '\0';
    memcpy(code, slash, (size_t)(end - slash));
    code[end - slash] = '\0';
    size_t len = strlen(hash + 1);
    while (len && isspace((unsigned char)hash[1 + len - 1]))
        len--;
    size_t bin = 0;
    return wire_code_valid(code) && (strncmp(url, "nats://", 7) == 0 || strncmp(url, "tls://", 6) == 0) &&
           len == 2 * WIRE_HASH &&
           sodium_hex2bin(secret, WIRE_HASH, hash + 1, len, NULL, &bin, NULL) == 0 &&
           bin == WIRE_HASH;
}
