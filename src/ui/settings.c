/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "settings.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/fileio.h"
#include "i18n.h"

enum { KV_FILE_MAX = 256 * 1024 };

static bool key_ok(const char *k, size_t n)
{
    if (n == 0 || n >= KV_KEY)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)k[i]) && !strchr("._-", k[i]))
            return false;
    return true;
}

static char *trim(char *s, char *end)
{
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    *end = '\0';
    return s;
}

/* Parses text into kv; returns the first bad line number or 0. */
static int parse(Kv *kv, char *text, const char *header)
{
    int lineno = 0;
    bool seen_header = false;
    char *p = text;
    while (*p) {
        char *nl = strchr(p, '\n');
        char *end = nl ? nl : p + strlen(p);
        lineno++;
        char *line = trim(p, end);
        p = nl ? nl + 1 : end;
        if (!seen_header) {
            if (strcmp(line, header) != 0)
                return lineno;
            seen_header = true;
            continue;
        }
        if (!*line || *line == '#')
            continue;
        char *eq = strchr(line, '=');
        if (!eq)
            return lineno;
        char *k = trim(line, eq);
        char *v = trim(eq + 1, eq + 1 + strlen(eq + 1));
        if (!key_ok(k, strlen(k)) || strlen(v) >= KV_VAL)
            return lineno;
        for (const char *c = v; *c; c++)
            if ((unsigned char)*c < 32 && *c != '\t')
                return lineno;
        kv_set(kv, k, v);
    }
    return seen_header || lineno == 0 ? 0 : 1;
}

int kv_load(Kv *kv, const char *path, const char *header, char *notice, size_t noticesize)
{
    memset(kv, 0, sizeof *kv);
    snprintf(kv->path, sizeof kv->path, "%s", path);
    snprintf(kv->header, sizeof kv->header, "%s", header);
    if (noticesize)
        notice[0] = '\0';
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT)
        return 0;
    char err[256];
    size_t len = 0;
    char *text = file_read_all(path, KV_FILE_MAX, &len, err, sizeof err);
    int bad = 0;
    if (!text)
        bad = -1;
    else if (memchr(text, '\0', len))
        bad = 1;
    else
        bad = parse(kv, text, header);
    free(text);
    if (bad == 0)
        return 0;
    kv->n = 0; /* defaults, not half a file */
    char aside[1100] = "";
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (file_set_aside(path, aside, sizeof aside) == 0) {
        const char *ab = strrchr(aside, '/');
        snprintf(notice, noticesize, _("%s could not be read; defaults are used (the old file is kept as %s)."),
                 base, ab ? ab + 1 : aside);
    } else {
        snprintf(notice, noticesize, _("%s could not be read; defaults are used."), base);
    }
    return -1;
}

void kv_merge_file(Kv *kv, const Kv *base)
{
    if (!kv->path[0])
        return;
    char err[256];
    size_t len = 0;
    char *text = file_read_all(kv->path, KV_FILE_MAX, &len, err, sizeof err);
    Kv *disk = text && !memchr(text, '\0', len) ? calloc(1, sizeof *disk) : NULL;
    if (disk && parse(disk, text, kv->header) == 0) {
        for (int i = 0; i < disk->n; i++) {
            const char *mine = kv_get(kv, disk->items[i].key);
            const char *was = kv_get(base, disk->items[i].key);
            /* a key this window did not change since it read it takes the file's value */
            if (!mine || (was && strcmp(mine, was) == 0))
                kv_set(kv, disk->items[i].key, disk->items[i].val);
        }
    }
    free(disk);
    free(text);
}

int kv_save(const Kv *kv, char *err, size_t errsize)
{
    if (!kv->path[0]) { /* loaded from nowhere (no preference folder): kept nowhere */
        snprintf(err, errsize, "%s", "no folder to keep it in");
        errno = ENOENT;
        return -1;
    }
    size_t cap = 64 + (size_t)kv->n * (KV_KEY + KV_VAL + 4), len = 0;
    char *out = malloc(cap);
    if (!out) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    len += (size_t)snprintf(out + len, cap - len, "%s\n", kv->header);
    for (int i = 0; i < kv->n; i++)
        len += (size_t)snprintf(out + len, cap - len, "%s = %s\n", kv->items[i].key,
                                kv->items[i].val);
    int r = file_write_atomic(kv->path, out, len, err, errsize);
    int e = errno;
    free(out);
    errno = e;
    return r;
}

const char *kv_get(const Kv *kv, const char *key)
{
    for (int i = 0; i < kv->n; i++)
        if (strcmp(kv->items[i].key, key) == 0)
            return kv->items[i].val;
    return NULL;
}

int kv_get_int(const Kv *kv, const char *key, int def, int min, int max)
{
    const char *v = kv_get(kv, key);
    if (!v || !*v)
        return def;
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (*end || errno || x < min || x > max)
        return def;
    return (int)x;
}

unsigned long long kv_get_u64(const Kv *kv, const char *key, unsigned long long def)
{
    const char *v = kv_get(kv, key);
    if (!v || !isdigit((unsigned char)*v))
        return def;
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    return *end || errno ? def : x;
}

bool kv_value_ok(const char *val)
{
    size_t n = strlen(val);
    if (n >= KV_VAL || (n && (val[0] == ' ' || val[0] == '\t' || val[n - 1] == ' ' ||
                              val[n - 1] == '\t')))
        return false;
    for (const char *c = val; *c; c++)
        if ((unsigned char)*c < 32 && *c != '\t')
            return false;
    return true;
}

void kv_set(Kv *kv, const char *key, const char *val)
{
    if (!key_ok(key, strlen(key)))
        return;
    for (int i = 0; i < kv->n; i++)
        if (strcmp(kv->items[i].key, key) == 0) {
            snprintf(kv->items[i].val, KV_VAL, "%s", val);
            return;
        }
    if (kv->n == KV_MAX)
        return;
    snprintf(kv->items[kv->n].key, KV_KEY, "%s", key);
    snprintf(kv->items[kv->n].val, KV_VAL, "%s", val);
    kv->n++;
}

void kv_set_int(Kv *kv, const char *key, long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%lld", v);
    kv_set(kv, key, b);
}

void kv_set_u64(Kv *kv, const char *key, unsigned long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", v);
    kv_set(kv, key, b);
}

/* ---- Settings ---- */

void settings_defaults(Settings *s)
{
    memset(s, 0, sizeof *s);
    s->speed = SPEED_NORMAL;
    s->sound = true;
    s->volume = 70;
    snprintf(s->deck, sizeof s->deck, "tasca");
    s->back = 0;
    s->show_opponents = false;
    s->difficulty = DIFF_MEDIUM;
}

static const char *const speed_keys[SPEED_COUNT] = {"slow", "normal", "fast", "instant"};

void settings_from_kv(Settings *s, const Kv *kv)
{
    settings_defaults(s);
    const char *v;
    if ((v = kv_get(kv, "speed")))
        for (int i = 0; i < SPEED_COUNT; i++)
            if (strcmp(v, speed_keys[i]) == 0)
                s->speed = (AnimSpeed)i;
    s->sound = kv_get_int(kv, "sound", 1, 0, 1) != 0;
    s->volume = kv_get_int(kv, "volume", s->volume, 0, 100);
    if ((v = kv_get(kv, "deck")) && *v && strlen(v) < sizeof s->deck)
        snprintf(s->deck, sizeof s->deck, "%s", v);
    s->back = kv_get_int(kv, "back", 0, 0, 63);
    s->show_opponents = kv_get_int(kv, "show_opponents", 0, 0, 1) != 0;
    Difficulty d;
    if ((v = kv_get(kv, "difficulty")) && difficulty_parse(v, &d) && d >= DIFF_EASY &&
        d <= DIFF_HARD)
        s->difficulty = d;
    if ((v = kv_get(kv, "last_screen")) && strlen(v) < sizeof s->last_screen)
        snprintf(s->last_screen, sizeof s->last_screen, "%s", v);
}

void settings_to_kv(const Settings *s, Kv *kv)
{
    kv_set(kv, "speed", speed_keys[s->speed]);
    kv_set_int(kv, "sound", s->sound);
    kv_set_int(kv, "volume", s->volume);
    kv_set(kv, "deck", s->deck);
    kv_set_int(kv, "back", s->back);
    kv_set_int(kv, "show_opponents", s->show_opponents);
    kv_set(kv, "difficulty", difficulty_name(s->difficulty));
    kv_set(kv, "last_screen", s->last_screen);
}

float settings_speed_factor(AnimSpeed s)
{
    static const float f[SPEED_COUNT] = {1.6f, 1.0f, 0.5f, 0.0f};
    return f[s < SPEED_COUNT ? s : SPEED_NORMAL];
}

/* ---- Statistics: keys "<game>.<difficulty>.<field>" ---- */

static const char *const stat_fields[10] = {"played", "won",    "lost",     "drawn",
                                            "streak", "best",   "clean",    "reviewed",
                                            "good",   "valued"};

void stats_get(const Kv *kv, const char *game, Difficulty d, StatLine *out)
{
    int *f[10] = {&out->played, &out->won,       &out->lost,     &out->drawn,
                  &out->streak, &out->best,      &out->clean,    &out->rev_games,
                  &out->rev_good, &out->rev_valued};
    for (int i = 0; i < 10; i++) {
        char key[KV_KEY];
        snprintf(key, sizeof key, "%s.%s.%s", game, difficulty_name(d), stat_fields[i]);
        *f[i] = kv_get_int(kv, key, 0, 0, 2000000000);
    }
}

void stats_record(Kv *kv, const char *game, Difficulty d, int result, bool hinted)
{
    StatLine s;
    stats_get(kv, game, d, &s);
    s.played++;
    if (result > 0) {
        s.won++;
        if (!hinted)
            s.clean++;
        s.streak++;
        if (s.streak > s.best)
            s.best = s.streak;
    } else {
        if (result < 0)
            s.lost++;
        else
            s.drawn++;
        s.streak = 0;
    }
    int f[7] = {s.played, s.won, s.lost, s.drawn, s.streak, s.best, s.clean};
    for (int i = 0; i < 7; i++) {
        char key[KV_KEY];
        snprintf(key, sizeof key, "%s.%s.%s", game, difficulty_name(d), stat_fields[i]);
        kv_set_int(kv, key, f[i]);
    }
}

void stats_record_review(Kv *kv, const char *game, Difficulty d, int good, int valued)
{
    StatLine s;
    stats_get(kv, game, d, &s);
    int f[3] = {s.rev_games + 1, s.rev_good + good, s.rev_valued + valued};
    for (int i = 0; i < 3; i++) {
        char key[KV_KEY];
        snprintf(key, sizeof key, "%s.%s.%s", game, difficulty_name(d), stat_fields[7 + i]);
        kv_set_int(kv, key, f[i]);
    }
}

void stats_reset(Kv *kv) { kv->n = 0; }
