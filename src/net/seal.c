/* SPDX-License-Identifier: GPL-3.0-or-later */
/* See seal.h. Every primitive is libsodium's; this file only lays bytes out. */
#include "seal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

_Static_assert(SEAL_KEY == crypto_sign_PUBLICKEYBYTES && SEAL_KEY == crypto_box_PUBLICKEYBYTES &&
                   SEAL_KEY == crypto_box_SECRETKEYBYTES && SEAL_KEY == crypto_secretbox_KEYBYTES,
               "key sizes");
_Static_assert(SEAL_SIGN_SECRET == crypto_sign_SECRETKEYBYTES, "signing key size");
_Static_assert(SEAL_OVERHEAD == crypto_sign_BYTES + crypto_box_SEALBYTES, "seal overhead");
_Static_assert(SEAL_BOX_OVERHEAD == crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES,
               "secret box overhead");
_Static_assert(SEAL_TAG == crypto_auth_BYTES && SEAL_KEY == crypto_auth_KEYBYTES &&
                   SEAL_KEY == crypto_kdf_KEYBYTES,
               "tag and derived key sizes");

bool seal_init(void)
{
    return sodium_init() >= 0; /* 1: already started, which is fine */
}

void seal_keys_new(SealKeys *k)
{
    crypto_sign_keypair(k->sign_pk, k->sign_sk);
    crypto_box_keypair(k->box_pk, k->box_sk);
}

size_t seal_for(const SealKeys *from, const uint8_t to_box_pk[SEAL_KEY], const uint8_t *msg,
                size_t len, uint8_t *out)
{
    /* 0 means failure, so an empty message is refused rather than made ambiguous. */
    if (len == 0 || len > crypto_sign_MESSAGEBYTES_MAX - SEAL_OVERHEAD)
        return 0;
    size_t signed_len = len + crypto_sign_BYTES;
    uint8_t *signed_msg = malloc(signed_len);
    if (!signed_msg)
        return 0;
    unsigned long long slen;
    bool ok = crypto_sign(signed_msg, &slen, msg, len, from->sign_sk) == 0 &&
              crypto_box_seal(out, signed_msg, signed_len, to_box_pk) == 0;
    sodium_memzero(signed_msg, signed_len); /* the plain text is the secret */
    free(signed_msg);
    return ok ? len + SEAL_OVERHEAD : 0;
}

size_t seal_open(const SealKeys *me, const uint8_t from_sign_pk[SEAL_KEY], const uint8_t *in,
                 size_t len, uint8_t *out, const char **reason)
{
    const char *why = NULL;
    if (len <= SEAL_OVERHEAD) {
        why = "too short";
    } else if (crypto_box_seal_open(out, in, len, me->box_pk, me->box_sk) != 0) {
        why = "not for this reader or damaged";
    } else {
        /* out now holds signature + message (len - 48 <= len bytes): the attached form of
         * crypto_sign, checked as a detached signature so nothing is copied around. */
        size_t n = len - SEAL_OVERHEAD;
        if (crypto_sign_verify_detached(out, out + crypto_sign_BYTES, n, from_sign_pk) != 0) {
            sodium_memzero(out, len - crypto_box_SEALBYTES);
            why = "not signed by the expected sender";
        } else {
            memmove(out, out + crypto_sign_BYTES, n);
        }
    }
    if (reason)
        *reason = why;
    return why ? 0 : len - SEAL_OVERHEAD;
}

void seal_sign(const SealKeys *k, const uint8_t *msg, size_t len, uint8_t sig[64])
{
    crypto_sign_detached(sig, NULL, msg, len, k->sign_sk);
}

bool seal_verify(const uint8_t sign_pk[SEAL_KEY], const uint8_t *msg, size_t len,
                 const uint8_t sig[64])
{
    return crypto_sign_verify_detached(sig, msg, len, sign_pk) == 0;
}

/* What a reply's signature covers: a keyed BLAKE2b of the request's own hash and the
 * reply, so the signature is over 64 bytes whatever their length. */
void seal_request_hash(const uint8_t *req, size_t reqlen, uint8_t out[SEAL_KEY])
{
    crypto_generichash(out, SEAL_KEY, req, reqlen, NULL, 0);
}

static void reply_digest(const uint8_t req_hash[SEAL_KEY], const uint8_t *msg, size_t len,
                         uint8_t out[64])
{
    static const unsigned char key[16] = "tasca dealer rep";
    crypto_generichash_state st;
    crypto_generichash_init(&st, key, sizeof key, 64);
    crypto_generichash_update(&st, req_hash, SEAL_KEY);
    crypto_generichash_update(&st, msg, len);
    crypto_generichash_final(&st, out, 64);
}

void seal_reply_sign(const SealKeys *k, const uint8_t req_hash[SEAL_KEY], const uint8_t *msg,
                     size_t len, uint8_t sig[64])
{
    uint8_t dg[64];
    reply_digest(req_hash, msg, len, dg);
    crypto_sign_detached(sig, NULL, dg, sizeof dg, k->sign_sk);
}

bool seal_reply_verify(const uint8_t sign_pk[SEAL_KEY], const uint8_t req_hash[SEAL_KEY],
                       const uint8_t *msg, size_t len, const uint8_t sig[64])
{
    uint8_t dg[64];
    reply_digest(req_hash, msg, len, dg);
    return crypto_sign_verify_detached(sig, dg, sizeof dg, sign_pk) == 0;
}

void seal_fingerprint(const uint8_t sign_pk[SEAL_KEY], char out[SEAL_FINGERPRINT])
{
    static const char hex[] = "0123456789ABCDEF";
    uint8_t h[8];
    crypto_generichash(h, sizeof h, sign_pk, SEAL_KEY, NULL, 0);
    char *p = out;
    for (int i = 0; i < 8; i++) {
        if (i && i % 2 == 0)
            *p++ = '-';
        *p++ = hex[h[i] >> 4];
        *p++ = hex[h[i] & 15];
    }
    *p = '\0';
}

_Static_assert(SEAL_KEY == crypto_kx_SESSIONKEYBYTES && SEAL_KEY == crypto_kx_PUBLICKEYBYTES,
               "session key sizes");

/* crypto_kx takes X25519 key pairs, which the box keys are: the seat is its client side. */
bool seal_session_seat(const SealKeys *seat, const uint8_t dealer_box_pk[SEAL_KEY],
                       SealSession *out)
{
    return crypto_kx_client_session_keys(out->rx, out->tx, seat->box_pk, seat->box_sk,
                                         dealer_box_pk) == 0;
}

bool seal_session_dealer(const SealKeys *dealer, const uint8_t seat_box_pk[SEAL_KEY],
                         SealSession *out)
{
    return crypto_kx_server_session_keys(out->rx, out->tx, dealer->box_pk, dealer->box_sk,
                                         seat_box_pk) == 0;
}

size_t seal_box(const uint8_t key[SEAL_KEY], const uint8_t *msg, size_t len, uint8_t *out)
{
    if (len == 0 || len > crypto_secretbox_MESSAGEBYTES_MAX - SEAL_BOX_OVERHEAD)
        return 0;
    randombytes_buf(out, crypto_secretbox_NONCEBYTES);
    crypto_secretbox_easy(out + crypto_secretbox_NONCEBYTES, msg, len, out, key);
    return len + SEAL_BOX_OVERHEAD;
}

size_t seal_unbox(const uint8_t key[SEAL_KEY], const uint8_t *in, size_t len, uint8_t *out)
{
    if (len <= SEAL_BOX_OVERHEAD)
        return 0;
    const uint8_t *nonce = in;
    if (crypto_secretbox_open_easy(out, in + crypto_secretbox_NONCEBYTES,
                                   len - crypto_secretbox_NONCEBYTES, nonce, key) != 0)
        return 0;
    return len - SEAL_BOX_OVERHEAD;
}

void seal_derive(const uint8_t key[SEAL_KEY], const char ctx[8], uint64_t id,
                 uint8_t out[SEAL_KEY])
{
    crypto_kdf_derive_from_key(out, SEAL_KEY, id, ctx, key);
}

void seal_tag(const uint8_t key[SEAL_KEY], const uint8_t *msg, size_t len, uint8_t tag[SEAL_TAG])
{
    crypto_auth(tag, msg, len, key);
}

bool seal_tag_ok(const uint8_t key[SEAL_KEY], const uint8_t *msg, size_t len,
                 const uint8_t tag[SEAL_TAG])
{
    return crypto_auth_verify(tag, msg, len, key) == 0;
}

uint64_t seal_random64(void)
{
    uint64_t v;
    randombytes_buf(&v, sizeof v);
    return v;
}

/* ---- The keys file --------------------------------------------------------------------- */

/* "TSCKEYS1", the two key pairs, the record key, then a BLAKE2b-256 of all that: the keys
 * alone would not reveal a damaged record key. */
#define KEYS_MAGIC "TSCKEYS1"
enum {
    KEYS_BODY = 8 + SEAL_KEY + SEAL_SIGN_SECRET + 3 * SEAL_KEY,
    KEYS_FILE = KEYS_BODY + crypto_generichash_BYTES
};

static void keys_pack(const SealKeys *k, const uint8_t record_key[SEAL_KEY], uint8_t *f)
{
    uint8_t *p = f;
    memcpy(p, KEYS_MAGIC, 8), p += 8;
    memcpy(p, k->sign_pk, SEAL_KEY), p += SEAL_KEY;
    memcpy(p, k->sign_sk, SEAL_SIGN_SECRET), p += SEAL_SIGN_SECRET;
    memcpy(p, k->box_pk, SEAL_KEY), p += SEAL_KEY;
    memcpy(p, k->box_sk, SEAL_KEY), p += SEAL_KEY;
    memcpy(p, record_key, SEAL_KEY), p += SEAL_KEY;
    crypto_generichash(p, crypto_generichash_BYTES, f, KEYS_BODY, NULL, 0);
}

/* NULL, or what is wrong with the file's bytes. */
static const char *keys_unpack(const uint8_t *f, SealKeys *k, uint8_t record_key[SEAL_KEY])
{
    uint8_t sum[crypto_generichash_BYTES];
    if (memcmp(f, KEYS_MAGIC, 8) != 0)
        return "not a Tasca keys file";
    crypto_generichash(sum, sizeof sum, f, KEYS_BODY, NULL, 0);
    if (sodium_memcmp(sum, f + KEYS_BODY, sizeof sum) != 0)
        return "damaged (its checksum does not match)";
    const uint8_t *p = f + 8;
    memcpy(k->sign_pk, p, SEAL_KEY), p += SEAL_KEY;
    memcpy(k->sign_sk, p, SEAL_SIGN_SECRET), p += SEAL_SIGN_SECRET;
    memcpy(k->box_pk, p, SEAL_KEY), p += SEAL_KEY;
    memcpy(k->box_sk, p, SEAL_KEY), p += SEAL_KEY;
    memcpy(record_key, p, SEAL_KEY);
    /* Each public key must belong to its secret key. */
    uint8_t pk[SEAL_KEY];
    crypto_sign_ed25519_sk_to_pk(pk, k->sign_sk);
    bool ok = sodium_memcmp(pk, k->sign_pk, SEAL_KEY) == 0;
    ok = ok && crypto_scalarmult_base(pk, k->box_sk) == 0 &&
         sodium_memcmp(pk, k->box_pk, SEAL_KEY) == 0;
    return ok ? NULL : "inconsistent (a public key does not match its secret key)";
}

/* Creates path holding data[len], mode 0600, all or nothing: a private temporary file,
 * synced, then linked to path. Unlike a rename, link never replaces a file that appeared
 * meanwhile (another dealer's keys): errno is EEXIST then. */
static int create_exclusive(const char *path, const uint8_t *data, size_t len)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.XXXXXX", path) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkstemp(tmp); /* mode 0600 */
    if (fd < 0)
        return -1;
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    int rc = off == len && fsync(fd) == 0 ? 0 : -1;
    int saved = errno;
    if (close(fd) != 0 && rc == 0)
        rc = -1, saved = errno;
    if (rc == 0 && link(tmp, path) != 0)
        rc = -1, saved = errno;
    unlink(tmp);
    errno = saved;
    return rc;
}

const char *seal_keys_load_or_create(const char *path, SealKeys *k, uint8_t record_key[SEAL_KEY])
{
    /* Reasons name the file, so they live here: valid until the next call in the thread. */
    static _Thread_local char why[512];
    uint8_t f[KEYS_FILE + 1];
    const char *bad = NULL;
    for (int attempt = 0; attempt < 2 && !bad; attempt++) {
        FILE *in = fopen(path, "rb");
        if (in) {
            size_t n = fread(f, 1, sizeof f, in);
            bool failed = ferror(in);
            fclose(in);
            if (failed)
                bad = "cannot be read";
            else if (n != KEYS_FILE)
                bad = "has the wrong size for a keys file";
            else
                bad = keys_unpack(f, k, record_key);
            sodium_memzero(f, sizeof f);
            if (!bad)
                return NULL;
            break;
        }
        if (errno != ENOENT) {
            snprintf(why, sizeof why, "cannot open keys file %s: %s", path, strerror(errno));
            return why;
        }
        seal_keys_new(k);
        randombytes_buf(record_key, SEAL_KEY);
        keys_pack(k, record_key, f);
        int rc = create_exclusive(path, f, KEYS_FILE);
        int err = errno;
        sodium_memzero(f, sizeof f);
        if (rc == 0)
            return NULL;
        if (err != EEXIST) {
            snprintf(why, sizeof why, "cannot create keys file %s: %s", path, strerror(err));
            return why;
        }
        /* Another process created it first: read theirs. */
    }
    sodium_memzero(k, sizeof *k);
    sodium_memzero(record_key, SEAL_KEY);
    snprintf(why, sizeof why, "keys file %s %s; it is left as it is", path,
             bad ? bad : "keeps appearing and vanishing");
    return why;
}
