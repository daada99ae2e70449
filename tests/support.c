/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *support_state_new(const GameRules *g)
{
    void *s = calloc(1, g->state_size);
    assert_non_null(s);
    return s;
}

Action support_pick_chance(const GameRules *g, const void *s, Rng *r)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = g->chance_outcomes(s, acts, w);
    assert_true(n > 0);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    assert_true(total > 0);
    uint64_t x = rng_next(r) % total; /* slight bias is harmless for a test walk */
    for (int i = 0; i < n; i++) {
        if (x < w[i])
            return acts[i];
        x -= w[i];
    }
    fail_msg("weights do not add up");
    return -1;
}

Action support_pick_legal(const GameRules *g, const void *s, Rng *r)
{
    Action acts[RULES_MAX_ACTIONS];
    int n = g->legal_actions(s, acts);
    assert_true(n > 0);
    return acts[rng_below(r, (uint32_t)n)];
}

Action support_random_step(const GameRules *g, void *s, Rng *r)
{
    Action a = g->current_player(s) == PLAYER_CHANCE ? support_pick_chance(g, s, r)
                                                     : support_pick_legal(g, s, r);
    const char *e = g->apply(s, a);
    if (e)
        fail_msg("a listed action was refused: %s", e);
    return a;
}

bool support_is_listed(const GameRules *g, const void *s, Action a)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = g->current_player(s) == PLAYER_CHANCE ? g->chance_outcomes(s, acts, w)
                                                  : g->legal_actions(s, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

void support_apply_text(const GameRules *g, void *s, const char *text)
{
    Action a;
    if (!g->action_from_string(s, text, &a))
        fail_msg("'%s' does not parse", text);
    const char *e = g->apply(s, a);
    if (e)
        fail_msg("'%s' was refused: %s", text, e);
}

void support_match_text(Match *m, const char *text)
{
    Action a;
    if (!m->rules->action_from_string(m->state, text, &a))
        fail_msg("'%s' does not parse", text);
    const char *e = match_apply(m, a);
    if (e)
        fail_msg("'%s' was refused: %s", text, e);
}

void to_new(TwentyOneState *s, bool charlie)
{
    GameOptions opt;
    rules_default_options(&twentyone_rules, &opt);
    opt.v[TO_OPT_CHARLIE] = charlie;
    assert_null(twentyone_rules.init(s, &opt, 2, 0));
}

Card to_card(const char *text)
{
    Card c = CARD_NONE;
    if (!card_from_text(text, &c))
        fail_msg("'%s' is not a card", text);
    return c;
}

void to_deal(TwentyOneState *s, const char *card)
{
    char t[64];
    snprintf(t, sizeof t, "deal %s", card);
    assert_int_equal(twentyone_rules.current_player(s), PLAYER_CHANCE);
    support_apply_text(&twentyone_rules, s, t);
}

void to_deal4(TwentyOneState *s, const char *p1, const char *c1, const char *p2,
              const char *c2)
{
    to_deal(s, p1);
    to_deal(s, c1);
    to_deal(s, p2);
    to_deal(s, c2);
}

void to_hit(TwentyOneState *s, const char *card)
{
    support_apply_text(&twentyone_rules, s, "hit");
    to_deal(s, card);
}

void to_stand(TwentyOneState *s) { support_apply_text(&twentyone_rules, s, "stand"); }

void support_temp_dir(char *out, size_t size)
{
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
        base = "/tmp";
    int n = snprintf(out, size, "%s/tasca-test-XXXXXX", base);
    assert_true(n > 0 && (size_t)n < size);
    assert_non_null(mkdtemp(out));
}

void support_remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    char path[4096];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

int support_dir_entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(d);
    return n;
}

char *support_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    assert_non_null(buf);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
            assert_non_null(buf);
        }
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

void support_write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}
