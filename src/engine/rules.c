/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rules_default_options(const GameRules *g, GameOptions *opt)
{
    memset(opt, 0, sizeof *opt);
    for (int i = 0; i < g->n_options; i++)
        opt->v[i] = g->options[i].def;
}

static bool parse_value(const OptionDesc *d, const char *text, int *out)
{
    if (d->value_names) {
        for (int v = d->min; v <= d->max; v++)
            if (strcmp(d->value_names[v - d->min], text) == 0) {
                *out = v;
                return true;
            }
        return false;
    }
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end != '\0' || v < d->min || v > d->max)
        return false;
    *out = (int)v;
    return true;
}

static const char *parse_option(const GameRules *g, GameOptions *opt, const char *kv, char *err,
                                size_t errsize, bool hook);

const char *rules_parse_option(const GameRules *g, GameOptions *opt, const char *kv, char *err,
                               size_t errsize)
{
    return parse_option(g, opt, kv, err, errsize, true);
}

const char *rules_parse_option_exact(const GameRules *g, GameOptions *opt, const char *kv,
                                     char *err, size_t errsize)
{
    return parse_option(g, opt, kv, err, errsize, false);
}

static const char *parse_option(const GameRules *g, GameOptions *opt, const char *kv, char *err,
                                size_t errsize, bool hook)
{
    const char *eq = strchr(kv, '=');
    if (!eq) {
        snprintf(err, errsize, "option '%s' is not of the form KEY=VALUE", kv);
        return err;
    }
    size_t klen = (size_t)(eq - kv);
    for (int i = 0; i < g->n_options; i++) {
        const OptionDesc *d = &g->options[i];
        if (strlen(d->key) != klen || strncmp(d->key, kv, klen) != 0)
            continue;
        if (parse_value(d, eq + 1, &opt->v[i])) {
            if (hook)
                rules_option_changed(g, opt, i);
            return NULL;
        }
        if (d->value_names) {
            int n = snprintf(err, errsize, "option %s: '%s' is not one of", d->key, eq + 1);
            for (int v = d->min; v <= d->max && n > 0 && (size_t)n < errsize; v++)
                n += snprintf(err + n, errsize - (size_t)n, " %s", d->value_names[v - d->min]);
        } else {
            snprintf(err, errsize, "option %s: '%s' is not a number from %d to %d", d->key,
                     eq + 1, d->min, d->max);
        }
        return err;
    }
    int n = snprintf(err, errsize, "%s has no option '%.*s' (options:", g->id, (int)klen, kv);
    for (int i = 0; i < g->n_options && n > 0 && (size_t)n < errsize; i++)
        n += snprintf(err + n, errsize - (size_t)n, " %s", g->options[i].key);
    if (n > 0 && (size_t)n < errsize)
        snprintf(err + n, errsize - (size_t)n, "%s)", g->n_options ? "" : " none");
    return err;
}

void rules_option_changed(const GameRules *g, GameOptions *opt, int i)
{
    if (g->option_set && i >= 0 && i < g->n_options)
        g->option_set(opt, i);
}

const char *rules_check_options(const GameRules *g, const GameOptions *opt)
{
    return g->options_check ? g->options_check(opt) : NULL;
}

void rules_format_option(const GameRules *g, const GameOptions *opt, int i, char *out,
                         size_t size)
{
    const OptionDesc *d = &g->options[i];
    int v = opt->v[i];
    if (d->value_names && v >= d->min && v <= d->max)
        snprintf(out, size, "%s=%s", d->key, d->value_names[v - d->min]);
    else
        snprintf(out, size, "%s=%d", d->key, v);
}

bool rules_is_legal(const GameRules *g, const void *state, Action a)
{
    Action acts[RULES_MAX_ACTIONS];
    int n;
    if (g->current_player(state) == PLAYER_CHANCE) {
        uint32_t w[RULES_MAX_ACTIONS];
        n = g->chance_outcomes(state, acts, w);
    } else {
        n = g->legal_actions(state, acts);
    }
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

bool rules_option_labelled(const GameRules *g, int i)
{
    return g->value_labels && i >= 0 && i < g->n_options && g->value_labels[i];
}

const char *rules_value_label(const GameRules *g, int i, int v)
{
    if (i < 0 || i >= g->n_options)
        return NULL;
    const OptionDesc *d = &g->options[i];
    if (!d->value_names || v < d->min || v > d->max)
        return NULL;
    return rules_option_labelled(g, i) ? g->value_labels[i][v - d->min] : d->value_names[v - d->min];
}
