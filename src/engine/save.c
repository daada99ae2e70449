/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The save-file loader: a strict parser that replays every action through the rules and
 * answers a bad file with one clear line, never a crash. Format: see match.c. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/fileio.h"
#include "match.h"
#include "registry.h"

#define SAVE_MAX_BYTES (8u << 20)
#define SAVE_MAX_LINE 512

typedef struct {
    const char *p, *end;
    int lineno;
    char line[SAVE_MAX_LINE];
    bool too_long; /* a line was refused: say so, whichever field was expected there */
} Lines;

/* Next line without its newline (and a trailing CR); 0 at the end, -1 when too long. */
static int next_line(Lines *l)
{
    if (l->p >= l->end)
        return 0;
    const char *nl = memchr(l->p, '\n', (size_t)(l->end - l->p));
    const char *stop = nl ? nl : l->end;
    size_t n = (size_t)(stop - l->p);
    if (n && stop[-1] == '\r')
        n--;
    l->lineno++;
    if (n >= SAVE_MAX_LINE) {
        l->too_long = true;
        return -1;
    }
    memcpy(l->line, l->p, n);
    l->line[n] = '\0';
    l->p = nl ? nl + 1 : l->end;
    return 1;
}

/* Reads the next line that is not blank or a comment. */
static int next_content(Lines *l)
{
    int r;
    while ((r = next_line(l)) == 1)
        if (l->line[0] != '\0' && l->line[0] != '#')
            break;
    return r;
}

static bool parse_u64(const char *t, unsigned long long *out)
{
    if (*t < '0' || *t > '9')
        return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(t, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

/* "key value...": the key, then exactly one space (sscanf alone would accept "seed5"). */
static bool has_key(const char *line, const char *key)
{
    size_t n = strlen(key);
    return strncmp(line, key, n) == 0 && line[n] == ' ' && line[n + 1] != ' ';
}

#define FAIL(...)                                                                                  \
    do {                                                                                           \
        snprintf(err, errsize, __VA_ARGS__);                                                       \
        goto fail;                                                                                 \
    } while (0)

Match *match_load_text(const char *text, size_t len, char *err, size_t errsize)
{
    Lines l = {text, text + len, 0, {0}, false};
    Match *m = NULL;
    const GameRules *g = NULL;
    GameOptions opt;
    SeatSpec seats[RULES_MAX_PLAYERS] = {{0}};
    unsigned long long v = 0, seed = 0;
    int players = 0, r = 0;
    char word[64], extra[64];

    if (memchr(text, '\0', len))
        FAIL("not a text file (it contains NUL bytes)");
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        l.p += 3; /* tolerate a UTF-8 byte-order mark from an editor */

    if ((r = next_content(&l)) != 1 || !has_key(l.line, "tasca-save") ||
        sscanf(l.line, "tasca-save %63s", word) != 1)
        FAIL("not a Tasca save file (the first line must be 'tasca-save %d')", MATCH_SAVE_VERSION);
    if (!parse_u64(word, &v) || v != MATCH_SAVE_VERSION)
        FAIL("save format version '%s' is not supported (this Tasca reads version %d)", word,
             MATCH_SAVE_VERSION);

    if (next_content(&l) != 1 || !has_key(l.line, "game") ||
        sscanf(l.line, "game %63s %63s", word, extra) != 1)
        FAIL("line %d: expected 'game ID'", l.lineno);
    if (!(g = registry_find(word)))
        FAIL("line %d: unknown game '%s' (known: %s)", l.lineno, word, registry_ids());
    rules_default_options(g, &opt);

    if (next_content(&l) != 1 || !has_key(l.line, "players") ||
        sscanf(l.line, "players %63s %63s", word, extra) != 1 || !parse_u64(word, &v) ||
        v < (unsigned)g->min_players || v > (unsigned)g->max_players)
        FAIL("line %d: expected 'players N' with N from %d to %d", l.lineno, g->min_players,
             g->max_players);
    players = (int)v;

    while ((r = next_content(&l)) == 1 && strncmp(l.line, "option ", 7) == 0) {
        char e[MATCH_ERR];
        if (rules_parse_option_exact(g, &opt, l.line + 7, e, sizeof e))
            FAIL("line %d: %s", l.lineno, e);
    }
    if (r != 1 || !has_key(l.line, "seed") || sscanf(l.line, "seed %63s %63s", word, extra) != 1 ||
        !parse_u64(word, &seed))
        FAIL("line %d: expected 'seed N' (a number from 0 to 2^64-1)", l.lineno);

    for (int i = 0; i < players; i++) {
        int n;
        unsigned long long idx;
        char num[16] = "", kind[16] = "", diff[16] = "";
        /* The index is read as text: "%d" on an out-of-range number is undefined (glibc
         * wraps "seat 4294967296" to seat 0). */
        if (next_content(&l) != 1 || !has_key(l.line, "seat") ||
            (n = sscanf(l.line, "seat %15s %15s %15s %63s", num, kind, diff, extra)) < 2 ||
            !parse_u64(num, &idx) || idx != (unsigned long long)i)
            FAIL("line %d: expected 'seat %d human' or 'seat %d bot LEVEL'", l.lineno, i, i);
        if (strcmp(kind, "human") == 0 && n == 2) {
            seats[i].bot = false;
        } else if (strcmp(kind, "bot") == 0 && n == 3 &&
                   difficulty_parse(diff, &seats[i].difficulty)) {
            seats[i].bot = true;
        } else {
            FAIL("line %d: seat %d must be 'human' or 'bot random|easy|medium|hard'", l.lineno, i);
        }
    }
    if (next_content(&l) != 1 || strcmp(l.line, "actions") != 0)
        FAIL("line %d: expected 'actions'", l.lineno);

    char e[MATCH_ERR];
    if (!(m = match_create(g, &opt, players, seats, seed, e, sizeof e)))
        FAIL("%s", e);
    while ((r = next_content(&l)) == 1) {
        Action a;
        if (!g->action_from_string(m->state, l.line, &a))
            FAIL("line %d: '%s' is not a move of %s", l.lineno, l.line, g->name);
        const char *why = match_current_player(m) == PLAYER_TERMINAL ? "the game is already over"
                                                                     : match_check(m, a);
        if (why)
            FAIL("line %d: '%s' is not legal here: %s", l.lineno, l.line, why);
        /* match_apply would autosave; the loader has no path yet, so this is quiet. */
        if ((why = match_apply(m, a)))
            FAIL("line %d: %s", l.lineno, why);
    }
    if (r < 0)
        FAIL("line %d is too long", l.lineno);
    return m;
fail:
    if ((r < 0 || l.too_long) && l.lineno > 0 && strstr(err, "too long") == NULL)
        snprintf(err, errsize, "line %d is too long", l.lineno);
    match_free(m);
    return NULL;
}

Match *match_load(const char *path, char *err, size_t errsize)
{
    size_t len;
    char e[MATCH_ERR];
    char *text = file_read_all(path, SAVE_MAX_BYTES, &len, e, sizeof e);
    if (!text) {
        snprintf(err, errsize, "%s", e);
        return NULL;
    }
    Match *m = match_load_text(text, len, e, sizeof e);
    if (!m)
        snprintf(err, errsize, "%s: %s", path, e);
    free(text);
    return m;
}
