/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca analyze: every decision of saved games, valued by the Hard bot's analysis from the
 * deciding seat's view (analysis.h), and what each choice cost. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/ai/analysis.h"
#include "../engine/match.h"
#include "cli.h"

static void usage(void)
{
    printf("Usage: tasca analyze [--quiet] [--seat N] [--seed S] FILE...\n"
           "Replays each saved game and values every decision a seat made with the Hard\n"
           "bot's analysis of that seat's view (node and iteration budgets only, no clock, so\n"
           "the figures do not depend on the machine). Per decision: the choice, its value,\n"
           "the best action and what the choice cost; then per seat level the mean cost per\n"
           "decision with a 95%% interval.\n"
           "  --quiet  the summary only\n"
           "  --seat   only this seat's decisions\n"
           "  --seed   the analyses' generator (default 1)\n"
           "Values: win chance (a draw counts half) for 21 and Truco, Hard's own result in\n"
           "[0, 1] for Bisca and Buraco, pieces for Moulin (costs capped at %g pieces).\n",
           ANALYSIS_PIECES_CAP);
}

typedef struct {
    long long n;
    double sum, sumsq;
} Acc;

static void acc_add(Acc *a, double x)
{
    a->n++;
    a->sum += x;
    a->sumsq += x * x;
}

static const char *unit_name(AnalysisUnit u)
{
    return u == ANALYSIS_PIECES ? "pieces" : u == ANALYSIS_UTILITY ? "result" : "win";
}

/* Analyses one saved game; adds its costs to acc[difficulty of the seat]. */
static int analyze_file(const char *path, bool quiet, int only_seat, uint64_t seed,
                        Acc acc[DIFF_COUNT + 1])
{
    char err[MATCH_ERR];
    Match *m = match_load(path, err, sizeof err);
    if (!m) {
        fprintf(stderr, "tasca analyze: %s\n", err);
        return 1;
    }
    const GameRules *g = m->rules;
    void *state = malloc(g->state_size), *view = malloc(g->state_size);
    Analysis *an = malloc(sizeof *an);
    if (!state || !view || !an || g->init(state, &m->options, m->num_players, m->seed)) {
        fprintf(stderr, "tasca analyze: %s: cannot replay\n", path);
        free(state), free(view), free(an);
        match_free(m);
        return 1;
    }
    if (!quiet)
        printf("%s: %s, %d players, seed %llu\n", path, g->name, m->num_players,
               (unsigned long long)m->seed);
    for (int i = 0; i < m->history_len; i++) {
        int p = m->history_player[i];
        Action a = m->history[i];
        if (p >= 0 && (only_seat < 0 || p == only_seat)) {
            Action acts[RULES_MAX_ACTIONS];
            if (g->legal_actions(state, acts) > 1) {
                g->observe(state, p, view);
                Rng rng;
                rng_seed(&rng, rng_mix(seed, (uint64_t)i));
                bot_analyze(g, DIFF_HARD, view, p, &rng, NULL, 0, an);
                double cost = analysis_cost(an, a);
                const AnalysisItem *ch = analysis_find(an, a);
                int level = m->seats[p].bot ? (int)m->seats[p].difficulty : DIFF_COUNT;
                if (cost >= 0)
                    acc_add(&acc[level], cost);
                if (!quiet) {
                    char chosen[RULES_ACTION_TEXT], best[RULES_ACTION_TEXT];
                    g->action_to_string(view, a, chosen);
                    if (an->best >= 0)
                        g->action_to_string(view, an->best_action, best);
                    else
                        snprintf(best, sizeof best, "-");
                    const AnalysisItem *b = an->best >= 0 ? &an->item[an->best] : NULL;
                    printf("  %4d seat %d %-24s", i, p, chosen);
                    if (ch && ch->valued)
                        printf(" %7.3f", analysis_scale(an, ch));
                    else
                        printf("       -");
                    printf("  best %-24s", best);
                    if (b && b->valued)
                        printf(" %7.3f", analysis_scale(an, b));
                    else
                        printf("       -");
                    if (cost >= 0)
                        printf("  cost %.3f %s", cost, unit_name(an->unit));
                    if (an->line[0])
                        printf("  line: %s", an->line);
                    printf("\n");
                }
            }
        }
        if (g->apply(state, a)) {
            fprintf(stderr, "tasca analyze: %s: action %d does not apply\n", path, i);
            break;
        }
    }
    free(state), free(view), free(an);
    match_free(m);
    return 0;
}

int cli_analyze(int argc, char **argv)
{
    const char *cmd = "analyze";
    bool quiet = false;
    int only_seat = -1, nfiles = 0, failed = 0;
    uint64_t seed = 1;
    Acc acc[DIFF_COUNT + 1] = {{0}};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        } else if (strcmp(a, "--quiet") == 0) {
            quiet = true;
        } else if (strcmp(a, "--seat") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 0, RULES_MAX_PLAYERS - 1, &only_seat))
                return 2;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, a, v, &seed))
                return 2;
        } else if (a[0] == '-') {
            fprintf(stderr, "tasca analyze: unknown argument '%s' (see 'tasca analyze --help')\n",
                    a);
            return 2;
        } else {
            nfiles++;
            failed |= analyze_file(a, quiet, only_seat, seed, acc);
        }
    }
    if (!nfiles) {
        fprintf(stderr, "tasca analyze: expected at least one FILE (see 'tasca analyze --help')\n");
        return 2;
    }
    printf("Mean cost per decision (95%% interval):\n");
    for (int d = 0; d <= DIFF_COUNT; d++) {
        if (!acc[d].n)
            continue;
        double mean = acc[d].sum / acc[d].n;
        double var = acc[d].n > 1 ? (acc[d].sumsq - acc[d].n * mean * mean) / (acc[d].n - 1) : 0;
        double half = 1.96 * sqrt(var > 0 ? var : 0) / sqrt((double)acc[d].n);
        printf("  %-7s %lld decisions  %.4f ± %.4f\n",
               d == DIFF_COUNT ? "person" : difficulty_name((Difficulty)d), acc[d].n, mean, half);
    }
    return failed;
}
