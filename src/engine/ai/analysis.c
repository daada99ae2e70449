/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One entry point for analyses (analysis.h): the configured bot's own search, reporting
 * the value of every legal action. */
#include "analysis.h"

#include <string.h>

#include "../../games/bisca/bisca_bots.h"
#include "../../games/buraco/buraco_bots.h"
#include "../../games/moulin/moulin_bots.h"
#include "../../games/truco/truco_bots.h"
#include "../../games/twentyone/twentyone_bots.h"

/* The algorithms (by their name in difficulty.c) that can say what they thought. */
static const struct {
    const char *algo;
    AnalyzeFn analyze;
} analyzers[] = {
    {"ismcts", ismcts_analyze},
    {"twentyone-expect", twentyone_expect_analyze},
    {"moulin-hard", moulin_hard_analyze},
    {"truco-hard", truco_hard_analyze},
    {"bisca-hard", bisca_hard_analyze},
    {"buraco-search", buraco_hard_analyze},
};

void analysis_begin(Analysis *out, const GameRules *rules, const void *view, int seat,
                    AnalysisUnit unit)
{
    Action acts[RULES_MAX_ACTIONS];
    int n = rules->legal_actions(view, acts);
    out->unit = unit;
    out->exact = false;
    out->seat = seat;
    out->n = n > 0 ? n : 0;
    out->best = -1;
    out->best_action = -1;
    out->depth = 0;
    out->samples = 0;
    out->line[0] = '\0';
    out->mixed = false;
    for (int i = 0; i < out->n; i++)
        out->item[i] = (AnalysisItem){.action = acts[i]};
}

AnalysisItem *analysis_item(Analysis *an, Action a)
{
    for (int i = 0; i < an->n; i++)
        if (an->item[i].action == a)
            return &an->item[i];
    return NULL;
}

const AnalysisItem *analysis_find(const Analysis *an, Action a)
{
    return analysis_item((Analysis *)an, a);
}

void analysis_choose(Analysis *an, Action a)
{
    an->best = -1;
    an->best_action = a;
    for (int i = 0; i < an->n; i++)
        if (an->item[i].action == a)
            an->best = i;
}

double analysis_scale(const Analysis *an, const AnalysisItem *it)
{
    if (an->unit != ANALYSIS_PIECES)
        return it->value;
    double v = it->value;
    if (it->mate)
        v = v > 0 ? ANALYSIS_PIECES_CAP : -ANALYSIS_PIECES_CAP;
    return v > ANALYSIS_PIECES_CAP ? ANALYSIS_PIECES_CAP
           : v < -ANALYSIS_PIECES_CAP ? -ANALYSIS_PIECES_CAP
                                      : v;
}

double analysis_cost(const Analysis *an, Action a)
{
    const AnalysisItem *chosen = analysis_find(an, a);
    if (!chosen || !chosen->valued)
        return -1;
    if (an->mixed && chosen->freq >= ANALYSIS_MIXED_MIN)
        return 0;
    double best = analysis_scale(an, chosen);
    for (int i = 0; i < an->n; i++)
        if (an->item[i].valued && (!an->mixed || an->item[i].freq >= ANALYSIS_MIXED_MIN) &&
            analysis_scale(an, &an->item[i]) > best)
            best = analysis_scale(an, &an->item[i]);
    return best - analysis_scale(an, chosen);
}

Action bot_analyze(const GameRules *rules, Difficulty d, const void *view, int seat, Rng *rng,
                   const atomic_int *cancel, int time_ms, Analysis *out)
{
    return bot_analyze_budget(rules, d, view, seat, rng, cancel, time_ms, 0, out);
}

Action bot_analyze_budget(const GameRules *rules, Difficulty d, const void *view, int seat,
                          Rng *rng, const atomic_int *cancel, int time_ms, int budget,
                          Analysis *out)
{
    const BotConfig *cfg = bot_config(rules->id, d);
    AnalyzeFn fn = NULL;
    for (size_t i = 0; cfg && i < sizeof analyzers / sizeof analyzers[0]; i++)
        if (strcmp(analyzers[i].algo, cfg->algo) == 0)
            fn = analyzers[i].analyze;
    if (!fn) {
        /* A heuristic without values: its choice alone. */
        analysis_begin(out, rules, view, seat, ANALYSIS_WIN);
        Action a = out->n ? bot_decide_timed(rules, d, view, seat, rng, cancel, time_ms) : -1;
        analysis_choose(out, a);
        return a;
    }
    /* The budget exactly as bot_decide_timed sets it (unless another was asked for). */
    int iterations = budget > 0 ? budget : cfg->iterations;
    if (time_ms < 0 || (iterations <= 0 && cfg->time_ms > 0))
        time_ms = cfg->time_ms;
    BotRequest req = {rules, view, seat, rng, iterations, time_ms, cancel};
    Action a = fn(&req, out);
    if (out->best_action != a)
        analysis_choose(out, a);
    return a;
}
