/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012), generic over
 * the rules table: every iteration deals a full state consistent with the bot's view
 * (rules->resample), walks a tree of action sequences with UCB over the actions available
 * in that deal, plays out at random and backs up each player's result. Chance outcomes
 * are tree nodes too, reached by sampling. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "bot.h"

#define ISMCTS_EXPLORE 0.7
#define ISMCTS_MAX_PLAYOUT 100000

typedef struct {
    Action action;
    int player;     /* who chose `action` to reach this node (PLAYER_CHANCE for chance) */
    int first_child, next_sibling;
    uint32_t visits, avail;
    double reward;  /* sum of results for `player`, mapped to [0, 1] */
} Node;

typedef struct {
    Node *nodes;
    int n, cap;
} Tree;

static int tree_add(Tree *t, int parent, Action a, int player)
{
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 1024;
        Node *nn = realloc(t->nodes, (size_t)cap * sizeof *nn);
        if (!nn)
            return -1;
        t->nodes = nn;
        t->cap = cap;
    }
    Node *x = &t->nodes[t->n];
    *x = (Node){a, player, -1, -1, 0, 0, 0.0};
    if (parent >= 0) {
        x->next_sibling = t->nodes[parent].first_child;
        t->nodes[parent].first_child = t->n;
    }
    return t->n++;
}

static int find_child(const Tree *t, int node, Action a)
{
    for (int c = t->nodes[node].first_child; c >= 0; c = t->nodes[c].next_sibling)
        if (t->nodes[c].action == a)
            return c;
    return -1;
}

static Action sample_chance(const GameRules *g, const void *s, Rng *rng)
{
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    int n = g->chance_outcomes(s, acts, w);
    uint64_t total = 0;
    for (int i = 0; i < n; i++)
        total += w[i];
    if (n <= 0 || total == 0)
        return -1;
    uint64_t x = total <= UINT32_MAX ? rng_below(rng, (uint32_t)total) : rng_next(rng) % total;
    for (int i = 0; i < n; i++) {
        if (x < w[i])
            return acts[i];
        x -= w[i];
    }
    return acts[n - 1];
}

/* The search; with `an`, also each root action's visits and mean result. */
static Action ismcts_run(const BotRequest *req, Analysis *an)
{
    const GameRules *g = req->rules;
    Action root_acts[RULES_MAX_ACTIONS];
    int n_root = g->legal_actions(req->view, root_acts);
    if (an)
        analysis_begin(an, g, req->view, req->seat, ANALYSIS_WIN);
    if (n_root <= 0)
        return -1;
    if (n_root == 1) {
        if (an)
            analysis_choose(an, root_acts[0]);
        return root_acts[0];
    }

    Tree t = {0};
    unsigned char *state = malloc(g->state_size);
    int *path = malloc(sizeof(int) * (ISMCTS_MAX_PLAYOUT + 1));
    if (!state || !path || tree_add(&t, -1, -1, PLAYER_CHANCE) < 0) {
        free(state);
        free(path);
        free(t.nodes);
        return root_acts[rng_below(req->rng, (uint32_t)n_root)];
    }
    BotBudget budget;
    bot_budget_start(&budget, req, 1000);

    long it = 0;
    for (;; it++) {
        if (budget.iterations > 0 && it >= budget.iterations)
            break;
        if ((it & 63) == 63 && bot_budget_over(&budget, it))
            break;
        g->resample(req->view, req->seat, req->rng, state);
        int node = 0, depth = 0;
        path[depth++] = 0;
        bool expanded = false;
        int steps = 0;
        /* Selection and expansion. */
        while (!expanded && steps++ < ISMCTS_MAX_PLAYOUT) {
            int p = g->current_player(state);
            if (p == PLAYER_TERMINAL)
                break;
            Action a;
            if (p == PLAYER_CHANCE) {
                a = sample_chance(g, state, req->rng);
                int c = find_child(&t, node, a);
                if (c < 0) {
                    c = tree_add(&t, node, a, PLAYER_CHANCE);
                    expanded = true;
                }
                if (c < 0 || g->apply(state, a))
                    break;
                node = c;
                path[depth++] = node;
                continue;
            }
            Action acts[RULES_MAX_ACTIONS];
            int n = g->legal_actions(state, acts);
            Action untried[RULES_MAX_ACTIONS];
            int n_untried = 0, best = -1;
            double best_score = -1e300;
            for (int i = 0; i < n; i++) {
                int c = find_child(&t, node, acts[i]);
                if (c < 0) {
                    untried[n_untried++] = acts[i];
                    continue;
                }
                Node *x = &t.nodes[c];
                x->avail++;
                double score = x->visits == 0
                                   ? 1e9
                                   : x->reward / x->visits +
                                         ISMCTS_EXPLORE * sqrt(log((double)x->avail) / x->visits);
                if (score > best_score) {
                    best_score = score;
                    best = c;
                }
            }
            int c;
            if (n_untried > 0) {
                a = untried[rng_below(req->rng, (uint32_t)n_untried)];
                c = tree_add(&t, node, a, p);
                if (c >= 0)
                    t.nodes[c].avail = 1;
                expanded = true;
            } else {
                c = best;
                a = c >= 0 ? t.nodes[c].action : -1;
            }
            if (c < 0 || g->apply(state, a))
                break;
            node = c;
            path[depth++] = node;
        }
        /* Playout. */
        for (int guard = 0; guard < ISMCTS_MAX_PLAYOUT; guard++) {
            int p = g->current_player(state);
            if (p == PLAYER_TERMINAL)
                break;
            Action a;
            if (p == PLAYER_CHANCE) {
                a = sample_chance(g, state, req->rng);
            } else {
                Action acts[RULES_MAX_ACTIONS];
                int n = g->legal_actions(state, acts);
                if (n <= 0)
                    break;
                a = acts[rng_below(req->rng, (uint32_t)n)];
            }
            if (g->apply(state, a))
                break;
        }
        double ret[RULES_MAX_PLAYERS] = {0};
        if (g->current_player(state) == PLAYER_TERMINAL)
            g->returns(state, ret);
        for (int i = 0; i < depth; i++) {
            Node *x = &t.nodes[path[i]];
            x->visits++;
            if (x->player >= 0)
                x->reward += (ret[x->player] + 1.0) * 0.5;
        }
    }

    Action best = root_acts[0];
    uint32_t most = 0;
    for (int c = t.nodes[0].first_child; c >= 0; c = t.nodes[c].next_sibling)
        if (t.nodes[c].visits > most) {
            most = t.nodes[c].visits;
            best = t.nodes[c].action;
        }
    if (an) {
        for (int c = t.nodes[0].first_child; c >= 0; c = t.nodes[c].next_sibling) {
            AnalysisItem *x = analysis_item(an, t.nodes[c].action);
            if (!x || t.nodes[c].visits == 0)
                continue;
            double v = t.nodes[c].reward / t.nodes[c].visits;
            x->valued = true;
            x->value = v;
            /* Results lie in [0, 1]: v(1 - v) bounds their variance. */
            x->stderr_ = sqrt(v * (1 - v) / t.nodes[c].visits);
            x->visits = (int)t.nodes[c].visits;
        }
        an->samples = it;
        analysis_choose(an, best);
    }
    free(state);
    free(path);
    free(t.nodes);
    return best;
}

Action ismcts_decide(const BotRequest *req) { return ismcts_run(req, NULL); }

Action ismcts_analyze(const BotRequest *req, Analysis *out) { return ismcts_run(req, out); }
