/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "dealfile.h"

#include <errno.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/fileio.h"
#include "../engine/registry.h"

#define MAGIC "tasca-deal 1"

/* ---- writing ---- */

static void put_hex(FILE *f, const char *field, const uint8_t *bin, size_t n)
{
    fprintf(f, "%s ", field);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02x", bin[i]);
    fputc('\n', f);
}

char *deal_record_text(const DealRecord *r, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    fprintf(f, MAGIC "\ngame %s\noptions", r->game);
    for (int i = 0; i < r->n_options; i++)
        fprintf(f, " %d", r->options[i]);
    fprintf(f, "\nplayers %d\nseat %d\ntable %s\nnumber %u\n", r->n, r->seat, r->code,
            r->game_no);
    put_hex(f, "dealer", r->dealer, WIRE_KEY);
    put_hex(f, "commit", r->commit, WIRE_HASH);
    put_hex(f, "mine", r->mine, WIRE_HASH);
    for (uint32_t i = 0; i < r->seen.n; i++)
        if (r->seen.have[i]) {
            fprintf(f, "view %u", (unsigned)i); /* then " HASH" */
            put_hex(f, "", r->seen.hash[i], DEAL_VIEW_HASH);
        }
    put_hex(f, "proof", r->proof, r->proof_len);
    if (ferror(f) | fclose(f)) {
        free(text);
        return NULL;
    }
    return text;
}

int deal_record_keep(const DealRecord *r, const char *dir, char *path, size_t pathsize, char *err,
                     size_t errsize)
{
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        snprintf(err, errsize, "cannot make %s: %s", dir, strerror(errno));
        return -1;
    }
    snprintf(path, pathsize, "%s/%s-g%u.tdeal", dir, r->code, r->game_no + 1);
    size_t len;
    char *text = deal_record_text(r, &len);
    if (!text) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    int rc = file_write_atomic(path, text, len, err, errsize);
    free(text);
    return rc;
}

/* ---- reading ---- */

static bool hex_field(const char *hex, size_t hexlen, uint8_t *out, size_t n)
{
    size_t got = 0;
    const char *end = NULL;
    return hexlen == 2 * n &&
           sodium_hex2bin(out, n, hex, hexlen, NULL, &got, &end) == 0 && got == n &&
           end == hex + hexlen;
}

static bool whole_int(const char *s, long lo, long hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

/* One line "field value": the value's text, NUL-terminated in place. */
static bool parse_line(DealRecord *r, char *line, unsigned *have, char *err, size_t errsize)
{
    char *value = strchr(line, ' ');
    if (!value) {
        snprintf(err, errsize, "a line without a value: '%.40s'", line);
        return false;
    }
    *value++ = '\0';
    size_t vlen = strlen(value);
    int x;
    bool ok = true;
    unsigned bit = 0;
    if (strcmp(line, "game") == 0) {
        bit = 1;
        ok = vlen > 0 && vlen < sizeof r->game;
        if (ok)
            memcpy(r->game, value, vlen + 1);
    } else if (strcmp(line, "options") == 0) {
        bit = 2;
        r->n_options = 0;
        for (char *save = NULL, *tok = strtok_r(value, " ", &save); ok && tok;
             tok = strtok_r(NULL, " ", &save)) {
            ok = r->n_options < RULES_MAX_OPTIONS && whole_int(tok, -1000000, 1000000, &x);
            if (ok)
                r->options[r->n_options++] = x;
        }
    } else if (strcmp(line, "players") == 0) {
        bit = 4;
        ok = whole_int(value, 1, RULES_MAX_PLAYERS, &r->n);
    } else if (strcmp(line, "seat") == 0) {
        bit = 8;
        ok = whole_int(value, 0, RULES_MAX_PLAYERS - 1, &r->seat);
    } else if (strcmp(line, "table") == 0) {
        bit = 16;
        ok = vlen > 0 && vlen < sizeof r->code;
        if (ok)
            memcpy(r->code, value, vlen + 1);
    } else if (strcmp(line, "number") == 0) {
        bit = 32;
        ok = whole_int(value, 0, DEAL_GAMES - 1, &x);
        r->game_no = ok ? (unsigned)x : 0;
    } else if (strcmp(line, "dealer") == 0) {
        bit = 64;
        ok = hex_field(value, vlen, r->dealer, WIRE_KEY);
    } else if (strcmp(line, "commit") == 0) {
        bit = 128;
        ok = hex_field(value, vlen, r->commit, WIRE_HASH);
    } else if (strcmp(line, "mine") == 0) {
        bit = 256;
        ok = hex_field(value, vlen, r->mine, WIRE_HASH);
    } else if (strcmp(line, "proof") == 0) {
        bit = 512;
        free(r->proof);
        r->proof_len = vlen / 2;
        ok = vlen > 0 && (r->proof = malloc(r->proof_len)) &&
             hex_field(value, vlen, r->proof, r->proof_len);
    } else if (strcmp(line, "view") == 0) {
        char *hash = strchr(value, ' ');
        uint8_t h[DEAL_VIEW_HASH];
        ok = hash != NULL;
        if (ok) {
            *hash++ = '\0';
            ok = whole_int(value, 0, 1 << 20, &x) &&
                 hex_field(hash, strlen(hash), h, DEAL_VIEW_HASH) &&
                 ((uint32_t)x >= r->seen.n || !r->seen.have[x]);
        }
        /* The hash is kept as it is written: deal_seen_add would hash it again. */
        if (ok && (ok = deal_seen_add(&r->seen, (uint32_t)x, "", 0)))
            memcpy(r->seen.hash[x], h, DEAL_VIEW_HASH);
    } else {
        snprintf(err, errsize, "unknown field '%.20s'", line);
        return false;
    }
    if (!ok || (bit && (*have & bit))) {
        snprintf(err, errsize, "%s field '%s'", ok ? "a second" : "a bad", line);
        return false;
    }
    *have |= bit;
    return true;
}

bool deal_record_parse(const char *text, size_t len, DealRecord *r, char *err, size_t errsize)
{
    memset(r, 0, sizeof *r);
    char *copy = malloc(len + 1);
    if (!copy) {
        snprintf(err, errsize, "out of memory");
        return false;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    bool ok = memchr(text, '\0', len) == NULL;
    if (!ok)
        snprintf(err, errsize, "not a text file");
    unsigned have = 0;
    char *save = NULL;
    char *line = ok ? strtok_r(copy, "\n", &save) : NULL;
    if (ok && (!line || strcmp(line, MAGIC) != 0)) {
        snprintf(err, errsize, "it does not begin with '%s'", MAGIC);
        ok = false;
    }
    while (ok && (line = strtok_r(NULL, "\n", &save)))
        ok = parse_line(r, line, &have, err, errsize);
    if (ok && have != 1023u) {
        snprintf(err, errsize, "some fields are missing");
        ok = false;
    }
    if (ok && r->seat >= r->n) {
        snprintf(err, errsize, "seat %d at a table of %d", r->seat + 1, r->n);
        ok = false;
    }
    free(copy);
    if (!ok)
        deal_record_free(r);
    return ok;
}

void deal_record_free(DealRecord *r)
{
    deal_seen_free(&r->seen);
    free(r->proof);
    memset(r, 0, sizeof *r);
}

const char *deal_record_check(const DealRecord *r, char *why, size_t whysize)
{
    const GameRules *g = registry_find(r->game);
    if (!g) {
        snprintf(why, whysize, "a game this program does not know: '%s'", r->game);
        return why;
    }
    GameOptions opt;
    rules_default_options(g, &opt);
    for (int i = 0; i < r->n_options && i < g->n_options; i++)
        opt.v[i] = r->options[i];
    return deal_check(g, &opt, r->n, r->seat, r->code, r->game_no, r->commit, r->mine, r->proof,
                      r->proof_len, &r->seen, why, whysize);
}
