/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The secrecy and signatures of networked tables, over libsodium (no crypto of our own).
 *
 * Every party (each client, each dealer) has two key pairs: Ed25519 to sign, X25519 to
 * receive sealed boxes. A message for one reader is signed by its writer, then sealed to
 * the reader (crypto_sign + crypto_box_seal): only the reader can open it, and the
 * reader knows who wrote it. A table's private record is kept under a secret key of the
 * dealers' (crypto_secretbox), so the broker's store is unreadable without it. */
#ifndef TASCA_SEAL_H
#define TASCA_SEAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SEAL_KEY 32
#define SEAL_SIGN_SECRET 64
/* What sealing adds to a message: the signature (64) and the sealed box's overhead (48). */
#define SEAL_OVERHEAD (64 + 48)
/* What the secret box adds: its nonce (24) and tag (16). */
#define SEAL_BOX_OVERHEAD (24 + 16)

typedef struct {
    uint8_t sign_pk[SEAL_KEY], sign_sk[SEAL_SIGN_SECRET];
    uint8_t box_pk[SEAL_KEY], box_sk[SEAL_KEY];
} SealKeys;

/* sodium_init() once; false when libsodium cannot start (then nothing else works). */
bool seal_init(void);
void seal_keys_new(SealKeys *k);
/* The keys as a file of their own (mode 0600), created when missing: a dealer keeps the
 * same identity across restarts, and dealers sharing tables share the file. Also holds
 * the secret-box key of the records. NULL or a one-line reason (valid until the next call
 * in the same thread); an existing file that is not a whole keys file is refused, never
 * replaced. */
const char *seal_keys_load_or_create(const char *path, SealKeys *k, uint8_t record_key[SEAL_KEY]);

/* Signs msg with `from` and seals it to `to_box_pk`: out must hold len + SEAL_OVERHEAD.
 * Returns the sealed length, 0 on failure (an empty message is refused: 0 means failure). */
size_t seal_for(const SealKeys *from, const uint8_t to_box_pk[SEAL_KEY], const uint8_t *msg,
                size_t len, uint8_t *out);
/* Opens a message sealed to `me` and checks it was signed by `from_sign_pk`: out must hold
 * len bytes. Returns the message's length, or 0 (and a reason) when it is not for me, is
 * damaged, or was signed by someone else. */
size_t seal_open(const SealKeys *me, const uint8_t from_sign_pk[SEAL_KEY], const uint8_t *in,
                 size_t len, uint8_t *out, const char **reason);

/* A detached signature over msg (for plain messages that prove who sent them: a join). */
void seal_sign(const SealKeys *k, const uint8_t *msg, size_t len, uint8_t sig[64]);
bool seal_verify(const uint8_t sign_pk[SEAL_KEY], const uint8_t *msg, size_t len,
                 const uint8_t sig[64]);
/* A dealer's answer to a request: the signature covers the request's hash (of no bytes for
 * what answers no request: a lobby entry) and the answer, so no one without the dealers'
 * key can answer for them, nor pass one answer off for the answer to another request. */
void seal_request_hash(const uint8_t *req, size_t reqlen, uint8_t out[SEAL_KEY]);
void seal_reply_sign(const SealKeys *k, const uint8_t req_hash[SEAL_KEY], const uint8_t *msg,
                     size_t len, uint8_t sig[64]);
bool seal_reply_verify(const uint8_t sign_pk[SEAL_KEY], const uint8_t req_hash[SEAL_KEY],
                       const uint8_t *msg, size_t len, const uint8_t sig[64]);
/* A dealer key as people compare it: 16 hex digits in groups of four ("3F2A-9C1B-..."),
 * from a hash of the key. */
#define SEAL_FINGERPRINT 20
void seal_fingerprint(const uint8_t sign_pk[SEAL_KEY], char out[SEAL_FINGERPRINT]);

/* Secret box under `key` with a random nonce: out must hold len + SEAL_BOX_OVERHEAD.
 * Returns the boxed length, 0 for an empty message (it would open as 0, a failure). */
size_t seal_box(const uint8_t key[SEAL_KEY], const uint8_t *msg, size_t len, uint8_t *out);
/* Returns the opened length, 0 when the box is damaged or under another key. */
size_t seal_unbox(const uint8_t key[SEAL_KEY], const uint8_t *in, size_t len, uint8_t *out);

/* A seat's session with its dealer: two keys from their box key pairs (crypto_kx), one for
 * each direction, so what one side sends under its tx key only the other opens with its rx
 * key (seal_box / seal_unbox). The views, the actions and the signs of life of a seat go in
 * secret boxes under them: a box that opens proves it was made by the other side (nobody
 * else has the key), at the cost of a symmetric cipher instead of a signature and a sealed
 * box per message. The join that gives the dealer the seat's box key is signed. False when
 * a key is not a valid public key. */
typedef struct {
    uint8_t rx[SEAL_KEY], tx[SEAL_KEY];
} SealSession;
bool seal_session_seat(const SealKeys *seat, const uint8_t dealer_box_pk[SEAL_KEY],
                       SealSession *out);
bool seal_session_dealer(const SealKeys *dealer, const uint8_t seat_box_pk[SEAL_KEY],
                         SealSession *out);

/* A key of its own for one use, derived from a secret key (crypto_kdf): `ctx` is 8
 * characters naming the use, `id` tells keys of the same use apart. Knowing one derived key
 * tells nothing of `key` or of the others. */
void seal_derive(const uint8_t key[SEAL_KEY], const char ctx[8], uint64_t id,
                 uint8_t out[SEAL_KEY]);
/* A tag over msg under a secret key (crypto_auth: HMAC-SHA-512-256), and its check (in
 * constant time): only a holder of the key makes a tag that checks. */
#define SEAL_TAG 32
void seal_tag(const uint8_t key[SEAL_KEY], const uint8_t *msg, size_t len, uint8_t tag[SEAL_TAG]);
bool seal_tag_ok(const uint8_t key[SEAL_KEY], const uint8_t *msg, size_t len,
                 const uint8_t tag[SEAL_TAG]);

/* Random bits from libsodium (table codes, nonces, seeds the dealer draws). */
uint64_t seal_random64(void);

#endif
