/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Persistence under the user's preferences folder: a small key = value store (settings,
 * statistics and per-game session data), loaded leniently: a corrupt file is set aside,
 * defaults are used and a one-line notice says so. */
#ifndef TASCA_SETTINGS_H
#define TASCA_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/ai/bot.h"

#define KV_MAX 512
#define KV_KEY 64
#define KV_VAL 192

typedef struct {
    char key[KV_KEY];
    char val[KV_VAL];
} KvPair;

typedef struct {
    KvPair items[KV_MAX];
    int n;
    char path[1024];
    char header[64];
} Kv;

/* Loads path (a missing file is an empty store). Returns 0, or -1 when the file was
 * corrupt: it was moved aside and `notice` explains it in one line. */
int kv_load(Kv *kv, const char *path, const char *header, char *notice, size_t noticesize);
/* Writes kv->path (file_write_atomic): 0, or -1 with the reason in err and errno set. */
int kv_save(const Kv *kv, char *err, size_t errsize);
/* Before saving a store that another window of the same profile may have saved meanwhile:
 * the file's values are taken for every key this window has not changed since `base` (what
 * it read or last saved), so that neither window undoes the other's changes. */
void kv_merge_file(Kv *kv, const Kv *base);
const char *kv_get(const Kv *kv, const char *key);
int kv_get_int(const Kv *kv, const char *key, int def, int min, int max);
unsigned long long kv_get_u64(const Kv *kv, const char *key, unsigned long long def);
void kv_set(Kv *kv, const char *key, const char *val);
/* Would val come back the same from the file (short enough, no control characters, no
 * blanks at its ends)? A file name may not: check before keeping one. */
bool kv_value_ok(const char *val);
void kv_set_int(Kv *kv, const char *key, long long v);
void kv_set_u64(Kv *kv, const char *key, unsigned long long v);

typedef enum { SPEED_SLOW, SPEED_NORMAL, SPEED_FAST, SPEED_INSTANT, SPEED_COUNT } AnimSpeed;

typedef struct {
    AnimSpeed speed;
    bool sound;
    int volume; /* 0..100 */
    char deck[64];
    int back;
    bool show_opponents;
    Difficulty difficulty;
    char last_screen[32]; /* a game id, "picker" or "" (first launch) */
} Settings;

void settings_defaults(Settings *s);
void settings_from_kv(Settings *s, const Kv *kv);
void settings_to_kv(const Settings *s, Kv *kv);
/* Duration factor of a speed (slow 1.6, normal 1, fast 0.5, instant 0). */
float settings_speed_factor(AnimSpeed s);

typedef struct {
    int played, won, lost, drawn, streak, best;
    int clean; /* games won without a hint */
    /* Reviewed games (the table's review page): the player's decisions valued and those as
     * good as the best (review_accuracy); the accuracy is good / valued. */
    int rev_games, rev_good, rev_valued;
} StatLine;

void stats_get(const Kv *kv, const char *game, Difficulty d, StatLine *out);
/* result: +1 won, 0 drawn, -1 lost; hinted: the player took a hint in that game. */
void stats_record(Kv *kv, const char *game, Difficulty d, int result, bool hinted);
/* A reviewed game of the player's: its good and valued decisions (review_accuracy). */
void stats_record_review(Kv *kv, const char *game, Difficulty d, int good, int valued);
void stats_reset(Kv *kv);

#endif
