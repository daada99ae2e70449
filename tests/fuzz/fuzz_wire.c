/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target for the network messages: any bytes must either decode or be refused
 * with a short one-line reason, and whatever decodes must encode back to the same bytes
 * (the format has one spelling per message). The same bytes, taken as a sealed message
 * or a secret box for fixed test keys, must be refused without a crash or a stray write;
 * a decoded message sealed and boxed must open back unchanged. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "net/seal.h"
#include "net/wire.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static SealKeys dealer, client;
static uint8_t record_key[SEAL_KEY];

/* Fixed keys from fixed seeds, so every run and every replay sees the same ones. */
static void keys_from(SealKeys *k, uint8_t seed)
{
    uint8_t bytes[SEAL_KEY];
    memset(bytes, seed, sizeof bytes);
    crypto_sign_seed_keypair(k->sign_pk, k->sign_sk, bytes);
    bytes[0] ^= 0xFF;
    crypto_box_seed_keypair(k->box_pk, k->box_sk, bytes);
}

static bool ready(void)
{
    static bool done;
    if (!done) {
        if (!seal_init())
            abort();
        keys_from(&dealer, 1);
        keys_from(&client, 2);
        memset(record_key, 3, sizeof record_key);
        done = true;
    }
    return done;
}

/* The input as a sealed message and as a secret box: refused, written into exactly `size`
 * bytes (ASan's redzone after). */
static void open_copy(const uint8_t *data, size_t size)
{
    uint8_t *out = malloc(size ? size : 1);
    if (!out)
        return;
    const char *why = NULL;
    if (seal_open(&dealer, client.sign_pk, data, size, out, &why) != 0 || !why)
        abort(); /* nothing the fuzzer makes up is signed by the client */
    if (seal_unbox(record_key, data, size, out) != 0)
        abort();
    free(out);
}

static void reseal(const uint8_t *data, size_t size)
{
    uint8_t *sealed = malloc(size + SEAL_OVERHEAD), *out = malloc(size + SEAL_OVERHEAD);
    if (!sealed || !out)
        abort();
    const char *why;
    size_t n = seal_for(&client, dealer.box_pk, data, size, sealed);
    if (n != size + SEAL_OVERHEAD ||
        seal_open(&dealer, client.sign_pk, sealed, n, out, &why) != size ||
        memcmp(out, data, size) != 0)
        abort();
    n = seal_box(record_key, data, size, sealed);
    if (n != size + SEAL_BOX_OVERHEAD || seal_unbox(record_key, sealed, n, out) != size ||
        memcmp(out, data, size) != 0)
        abort();
    free(sealed);
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ready();
    /* A private copy of exactly `size` bytes: reads past the end hit ASan's redzone. */
    uint8_t *in = malloc(size ? size : 1);
    if (!in)
        return 0;
    if (size)
        memcpy(in, data, size);
    WireMsg m;
    const char *why = wire_decode(in, size, &m);
    if (why) {
        if (!why[0] || strchr(why, '\n') || strlen(why) >= WIRE_REASON)
            abort(); /* a refusal says why, on one short line */
    } else {
        uint8_t *again = malloc(size);
        if (!again || wire_encode(&m, again, size) != size || memcmp(again, in, size) != 0)
            abort(); /* what decodes encodes back to the same bytes */
        free(again);
        reseal(in, size);
    }
    open_copy(in, size);
    free(in);
    return 0;
}
