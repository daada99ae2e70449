/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Net: signatures and secrecy over libsodium (seal.h). A sealed message opens only for its
 * reader and only as its writer's; any damage is refused; the secret box opens only under
 * its key; the keys file is private, stable, and never replaced when it is damaged. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "net/seal.h"
#include "support.h"

static SealKeys alice, bob, carol;

static int setup(void **unused)
{
    (void)unused;
    if (!seal_init())
        return -1;
    seal_keys_new(&alice);
    seal_keys_new(&bob);
    seal_keys_new(&carol);
    return 0;
}

static const uint8_t msg[] = "TSC1\x05 an action for the dealer's eyes only";
#define MSG_LEN (sizeof msg - 1)

/* Opens into a buffer of exactly len bytes, filled with 0xAA: a write past it hits ASan's
 * redzone. */
static size_t open_exact(const SealKeys *me, const uint8_t *from_pk, const uint8_t *in, size_t len,
                         uint8_t **out, const char **why)
{
    *out = malloc(len ? len : 1);
    assert_non_null(*out);
    memset(*out, 0xAA, len ? len : 1);
    uint8_t *copy = malloc(len ? len : 1);
    assert_non_null(copy);
    if (len)
        memcpy(copy, in, len);
    size_t n = seal_open(me, from_pk, copy, len, *out, why);
    free(copy);
    return n;
}

static void test_seal_round_trip(void **unused)
{
    (void)unused;
    uint8_t sealed[MSG_LEN + SEAL_OVERHEAD], *out;
    assert_int_equal(seal_for(&alice, bob.box_pk, msg, MSG_LEN, sealed), sizeof sealed);
    const char *why = "unset";
    size_t n = open_exact(&bob, alice.sign_pk, sealed, sizeof sealed, &out, &why);
    assert_null(why);
    assert_int_equal(n, MSG_LEN);
    assert_memory_equal(out, msg, MSG_LEN);
    free(out);
    /* The same message sealed twice differs (ephemeral keys): nothing links the two. */
    uint8_t again[sizeof sealed];
    assert_int_equal(seal_for(&alice, bob.box_pk, msg, MSG_LEN, again), sizeof again);
    assert_memory_not_equal(sealed, again, sizeof sealed);
    /* A one-byte message, and no empty one (0 means failure). */
    uint8_t one[1 + SEAL_OVERHEAD];
    assert_int_equal(seal_for(&alice, bob.box_pk, msg, 1, one), sizeof one);
    n = open_exact(&bob, alice.sign_pk, one, sizeof one, &out, &why);
    assert_int_equal(n, 1);
    assert_int_equal(out[0], msg[0]);
    free(out);
    assert_int_equal(seal_for(&alice, bob.box_pk, msg, 0, one), 0);
    /* A reason is optional. */
    uint8_t plain[sizeof sealed];
    assert_int_equal(seal_open(&bob, alice.sign_pk, sealed, sizeof sealed, plain, NULL), MSG_LEN);
}

static void test_seal_wrong_reader_or_writer(void **unused)
{
    (void)unused;
    uint8_t sealed[MSG_LEN + SEAL_OVERHEAD], *out;
    const char *why = NULL;
    assert_int_equal(seal_for(&alice, bob.box_pk, msg, MSG_LEN, sealed), sizeof sealed);
    /* Carol, a third party, cannot open it, even naming the right writer. */
    assert_int_equal(open_exact(&carol, alice.sign_pk, sealed, sizeof sealed, &out, &why), 0);
    assert_string_equal(why, "not for this reader or damaged");
    free(out);
    /* Bob opens it but refuses it as someone else's. */
    why = NULL;
    assert_int_equal(open_exact(&bob, carol.sign_pk, sealed, sizeof sealed, &out, &why), 0);
    assert_string_equal(why, "not signed by the expected sender");
    for (size_t i = 0; i < sizeof sealed; i++)
        assert_true(out[i] == 0 || out[i] == 0xAA); /* nothing unverified is left behind */
    free(out);
    /* Carol signs and seals to Bob, claiming to be Alice: refused. */
    assert_int_equal(seal_for(&carol, bob.box_pk, msg, MSG_LEN, sealed), sizeof sealed);
    why = NULL;
    assert_int_equal(open_exact(&bob, alice.sign_pk, sealed, sizeof sealed, &out, &why), 0);
    assert_string_equal(why, "not signed by the expected sender");
    free(out);
}

static void test_seal_damage_refused(void **unused)
{
    (void)unused;
    uint8_t sealed[MSG_LEN + SEAL_OVERHEAD + 1], *out;
    const size_t len = MSG_LEN + SEAL_OVERHEAD;
    const char *why;
    assert_int_equal(seal_for(&alice, bob.box_pk, msg, MSG_LEN, sealed), len);
    for (size_t i = 0; i < len; i++) {
        for (int bit = 0; bit < 8; bit++) {
            sealed[i] ^= (uint8_t)(1u << bit);
            why = NULL;
            assert_int_equal(open_exact(&bob, alice.sign_pk, sealed, len, &out, &why), 0);
            assert_non_null(why);
            free(out);
            sealed[i] ^= (uint8_t)(1u << bit);
        }
    }
    for (size_t k = 0; k < len; k++) {
        why = NULL;
        assert_int_equal(open_exact(&bob, alice.sign_pk, sealed, k, &out, &why), 0);
        assert_string_equal(why,
                            k <= SEAL_OVERHEAD ? "too short" : "not for this reader or damaged");
        free(out);
    }
    sealed[len] = 0; /* one byte too many */
    why = NULL;
    assert_int_equal(open_exact(&bob, alice.sign_pk, sealed, len + 1, &out, &why), 0);
    assert_string_equal(why, "not for this reader or damaged");
    free(out);
    /* Intact, it still opens. */
    assert_int_equal(open_exact(&bob, alice.sign_pk, sealed, len, &out, &why), MSG_LEN);
    free(out);
}

static void test_detached_signatures(void **unused)
{
    (void)unused;
    uint8_t sig[64], copy[MSG_LEN];
    seal_sign(&alice, msg, MSG_LEN, sig);
    assert_true(seal_verify(alice.sign_pk, msg, MSG_LEN, sig));
    assert_false(seal_verify(carol.sign_pk, msg, MSG_LEN, sig));
    assert_false(seal_verify(alice.sign_pk, msg, MSG_LEN - 1, sig));
    memcpy(copy, msg, MSG_LEN);
    copy[7] ^= 1;
    assert_false(seal_verify(alice.sign_pk, copy, MSG_LEN, sig));
    sig[0] ^= 1;
    assert_false(seal_verify(alice.sign_pk, msg, MSG_LEN, sig));
}

static void test_secret_box(void **unused)
{
    (void)unused;
    uint8_t key[SEAL_KEY], other[SEAL_KEY];
    for (int i = 0; i < SEAL_KEY; i++) {
        key[i] = (uint8_t)i;
        other[i] = (uint8_t)(i + 1);
    }
    uint8_t boxed[MSG_LEN + SEAL_BOX_OVERHEAD], again[sizeof boxed], *out = malloc(sizeof boxed);
    assert_non_null(out);
    assert_int_equal(seal_box(key, msg, MSG_LEN, boxed), sizeof boxed);
    assert_int_equal(seal_unbox(key, boxed, sizeof boxed, out), MSG_LEN);
    assert_memory_equal(out, msg, MSG_LEN);
    /* A fresh nonce each time. */
    assert_int_equal(seal_box(key, msg, MSG_LEN, again), sizeof again);
    assert_memory_not_equal(boxed, again, 24);
    assert_int_equal(seal_unbox(other, boxed, sizeof boxed, out), 0);
    for (size_t i = 0; i < sizeof boxed; i++) {
        boxed[i] ^= 0x40;
        assert_int_equal(seal_unbox(key, boxed, sizeof boxed, out), 0);
        boxed[i] ^= 0x40;
    }
    for (size_t k = 0; k < sizeof boxed; k++)
        assert_int_equal(seal_unbox(key, boxed, k, out), 0);
    assert_int_equal(seal_box(key, msg, 0, again), 0); /* it would open as 0: a failure */
    free(out);
    assert_true(seal_random64() != seal_random64());
}

static void expect_same_keys(const SealKeys *a, const SealKeys *b)
{
    assert_memory_equal(a->sign_pk, b->sign_pk, SEAL_KEY);
    assert_memory_equal(a->sign_sk, b->sign_sk, SEAL_SIGN_SECRET);
    assert_memory_equal(a->box_pk, b->box_pk, SEAL_KEY);
    assert_memory_equal(a->box_sk, b->box_sk, SEAL_KEY);
}

/* The file at path is refused, left byte for byte as it was, and nothing is added. */
static void expect_refused_as_is(const char *dir, const char *path, const char *needle)
{
    size_t before_len, after_len;
    char *before = support_read_file(path, &before_len);
    assert_non_null(before);
    SealKeys k;
    uint8_t record[SEAL_KEY];
    const char *why = seal_keys_load_or_create(path, &k, record);
    assert_non_null(why);
    assert_non_null(strstr(why, needle));
    assert_non_null(strstr(why, path));
    assert_null(strchr(why, '\n'));
    char *after = support_read_file(path, &after_len);
    assert_non_null(after);
    assert_int_equal(after_len, before_len);
    assert_memory_equal(after, before, before_len);
    assert_int_equal(support_dir_entries(dir), 1);
    free(before);
    free(after);
}

/* A seat (alice) and its dealer (bob) make the same two keys, one per direction: what the
 * seat boxes opens at the dealer and not back at the seat (no reflection), what the dealer
 * boxes opens at the seat; a third party's session opens neither; a key that is not a
 * valid public key makes no session. */
/* Derived keys and tags: a tag checks only under its key, over its message. */
static void test_tags(void **unused)
{
    (void)unused;
    uint8_t key[SEAL_KEY], k1[SEAL_KEY], k1b[SEAL_KEY], k2[SEAL_KEY], k3[SEAL_KEY];
    for (int i = 0; i < SEAL_KEY; i++)
        key[i] = (uint8_t)(3 * i);
    seal_derive(key, "tsclease", 1, k1);
    seal_derive(key, "tsclease", 1, k1b);
    seal_derive(key, "tsclease", 2, k2);
    seal_derive(key, "tscother", 1, k3);
    assert_memory_equal(k1, k1b, SEAL_KEY); /* the same use, the same key */
    assert_memory_not_equal(k1, k2, SEAL_KEY);
    assert_memory_not_equal(k1, k3, SEAL_KEY);
    assert_memory_not_equal(k1, key, SEAL_KEY);
    uint8_t tag[SEAL_TAG], copy[MSG_LEN];
    seal_tag(k1, msg, MSG_LEN, tag);
    assert_true(seal_tag_ok(k1, msg, MSG_LEN, tag));
    assert_false(seal_tag_ok(k2, msg, MSG_LEN, tag));
    assert_false(seal_tag_ok(k1, msg, MSG_LEN - 1, tag));
    memcpy(copy, msg, MSG_LEN);
    copy[3] ^= 1;
    assert_false(seal_tag_ok(k1, copy, MSG_LEN, tag));
    tag[SEAL_TAG - 1] ^= 1;
    assert_false(seal_tag_ok(k1, msg, MSG_LEN, tag));
}

static void test_sessions(void **unused)
{
    (void)unused;
    SealSession seat, dealer, other;
    assert_true(seal_session_seat(&alice, bob.box_pk, &seat));
    assert_true(seal_session_dealer(&bob, alice.box_pk, &dealer));
    assert_true(seal_session_seat(&carol, bob.box_pk, &other));
    assert_memory_equal(seat.tx, dealer.rx, SEAL_KEY);
    assert_memory_equal(seat.rx, dealer.tx, SEAL_KEY);
    assert_memory_not_equal(seat.tx, seat.rx, SEAL_KEY);
    assert_memory_not_equal(seat.tx, other.tx, SEAL_KEY);
    uint8_t boxed[MSG_LEN + SEAL_BOX_OVERHEAD], out[sizeof boxed];
    assert_int_equal(seal_box(seat.tx, msg, MSG_LEN, boxed), sizeof boxed);
    assert_int_equal(seal_unbox(dealer.rx, boxed, sizeof boxed, out), MSG_LEN);
    assert_memory_equal(out, msg, MSG_LEN);
    assert_int_equal(seal_unbox(seat.rx, boxed, sizeof boxed, out), 0);
    assert_int_equal(seal_unbox(dealer.tx, boxed, sizeof boxed, out), 0);
    assert_int_equal(seal_unbox(other.rx, boxed, sizeof boxed, out), 0);
    assert_int_equal(seal_unbox(other.tx, boxed, sizeof boxed, out), 0);
    assert_int_equal(seal_box(dealer.tx, msg, MSG_LEN, boxed), sizeof boxed);
    assert_int_equal(seal_unbox(seat.rx, boxed, sizeof boxed, out), MSG_LEN);
    assert_int_equal(seal_unbox(other.rx, boxed, sizeof boxed, out), 0);
    /* the same keys again: the same session (a dealer restarted, or another one sharing
     * the keys file, goes on with the seat) */
    SealSession again;
    assert_true(seal_session_dealer(&bob, alice.box_pk, &again));
    assert_memory_equal(again.tx, dealer.tx, SEAL_KEY);
    const uint8_t zero[SEAL_KEY] = {0};
    assert_false(seal_session_seat(&alice, zero, &other));
    assert_false(seal_session_dealer(&bob, zero, &other));
}

static void test_keys_file(void **unused)
{
    (void)unused;
    char dir[4096], path[4200];
    support_temp_dir(dir, sizeof dir);
    snprintf(path, sizeof path, "%s/dealer.keys", dir);

    SealKeys k1, k2;
    uint8_t r1[SEAL_KEY], r2[SEAL_KEY];
    assert_null(seal_keys_load_or_create(path, &k1, r1));
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0600);
    assert_int_equal(support_dir_entries(dir), 1); /* no temporary file left */

    assert_null(seal_keys_load_or_create(path, &k2, r2));
    expect_same_keys(&k1, &k2);
    assert_memory_equal(r1, r2, SEAL_KEY);
    /* The loaded keys work: a message sealed to them opens, signed by them verifies. */
    uint8_t sealed[MSG_LEN + SEAL_OVERHEAD], out[sizeof sealed];
    assert_int_equal(seal_for(&alice, k2.box_pk, msg, MSG_LEN, sealed), sizeof sealed);
    assert_int_equal(seal_open(&k2, alice.sign_pk, sealed, sizeof sealed, out, NULL), MSG_LEN);
    uint8_t sig[64];
    seal_sign(&k2, msg, MSG_LEN, sig);
    assert_true(seal_verify(k1.sign_pk, msg, MSG_LEN, sig));

    /* Damage of every kind is refused, and the file is left for a human to look at. */
    size_t len;
    char *good = support_read_file(path, &len);
    assert_non_null(good);
    support_write_file(path, good, len - 1);
    expect_refused_as_is(dir, path, "wrong size");
    support_write_file(path, good, len);
    support_write_file(path, "", 0);
    expect_refused_as_is(dir, path, "wrong size");
    char *longer = malloc(len + 1);
    assert_non_null(longer);
    memcpy(longer, good, len);
    longer[len] = '\n';
    support_write_file(path, longer, len + 1);
    expect_refused_as_is(dir, path, "wrong size");
    for (size_t i = 0; i < len; i += 13) {
        memcpy(longer, good, len);
        longer[i] ^= 0x01;
        support_write_file(path, longer, len);
        expect_refused_as_is(dir, path, i < 8 ? "not a Tasca keys file" : "damaged");
    }
    free(longer);
    support_write_file(path, good, len);
    assert_null(seal_keys_load_or_create(path, &k2, r2));
    expect_same_keys(&k1, &k2);
    free(good);

    /* A place where no file can be made. */
    char nowhere[4300];
    snprintf(nowhere, sizeof nowhere, "%s/missing/dealer.keys", dir);
    const char *why = seal_keys_load_or_create(nowhere, &k2, r2);
    assert_non_null(why);
    assert_non_null(strstr(why, "cannot create"));
    support_remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seal_round_trip),
        cmocka_unit_test(test_seal_wrong_reader_or_writer),
        cmocka_unit_test(test_seal_damage_refused),
        cmocka_unit_test(test_detached_signatures),
        cmocka_unit_test(test_secret_box),
        cmocka_unit_test(test_tags),
        cmocka_unit_test(test_sessions),
        cmocka_unit_test(test_keys_file),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
