/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tasca analyze: every decision of saved games, valued by the Hard bot's analysis from the
 * deciding seat's view (analysis.h), and what each choice cost. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/ai/analysis.h"
#include "../engine/match.h"
#include "../engine/review.h"
#include "cli.h"

static void usage(void)
{
    printf("Usage: tasca analyze [--quiet] [--json] [--all-seats | --seat N] [--seed S]\n"
           "                     [--budget N] FILE...\n"
           "Replays each saved game and values every decision a seat made with the Hard\n"
           "bot's analysis of that seat's view (node and iteration budgets only, no clock, so\n"
           "the figures do not depend on the machine). Per decision: the choice, its value,\n"
           "the best action and what the choice cost (* marks each seat's three costliest);\n"
           "then each seat's accuracy, and per seat level the mean cost per decision with a\n"
           "95%% interval and the accuracy. Accuracy: the share of decisions that cost at most\n"
           "%g of win chance (%g pieces in Moulin), as in the window's review.\n"
           "  --quiet      the summary only\n"
           "  --json       end with one JSON object: {\"decisions\": [{\"file\", \"ply\",\n"
           "               \"seat\", \"taken\", \"best\", \"value_taken\", \"value_best\",\n"
           "               \"cost\"}...], \"accuracy\": [{\"file\", \"seat\", \"accuracy\",\n"
           "               \"decisions\"}...]} (values null when not valued)\n"
           "  --all-seats  every seat's decisions (default: the seats of people; a game\n"
           "               played by bots only, every seat)\n"
           "  --seat       only this seat's decisions\n"
           "  --seed       the analyses' generator (default 1)\n"
           "  --budget     Hard's analysis with N instead of its own budget: nodes for\n"
           "               Moulin (Hard's own: %d), iterations, worlds or rollouts for the\n"
           "               card games' searches (0: Hard's own). Say the budget with the\n"
           "               figures: a smaller one values less deeply.\n"
           "Values: win chance (a draw counts half) for 21 and Truco, Hard's own result in\n"
           "[0, 1] for Bisca and Buraco, pieces for Moulin (costs capped at %g pieces).\n",
           REVIEW_GOOD_WIN, REVIEW_GOOD_PIECES, bot_config("moulin", DIFF_HARD)->iterations,
           ANALYSIS_PIECES_CAP);
}

typedef struct {
    long long n;
    double sum, sumsq;
    int good, valued; /* review_accuracy's counts */
} Acc;

static void acc_add(Acc *a, double x)
{
    a->n++;
    a->sum += x;
    a->sumsq += x * x;
}

/* The JSON object written at the end with --json: its two arrays' members, gathered in
 * memory streams as the files are analysed. */
typedef struct {
    FILE *out, *acc;
    int decisions, seats;
} Json;

/* A JSON string: quotes, backslashes and control characters escaped (the rest is UTF-8). */
static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

static void json_num(FILE *f, bool valued, double v)
{
    if (valued && isfinite(v))
        fprintf(f, "%.6g", v);
    else
        fputs("null", f);
}

static const char *unit_name(AnalysisUnit u)
{
    return u == ANALYSIS_PIECES ? "pieces" : u == ANALYSIS_UTILITY ? "result" : "win";
}

/* Is seat p's decisions to be analysed: the one asked for, every seat, or by default the
 * seats of people (every seat of a game played by bots only, such as the arena's). */
static bool wanted(const Match *m, int p, int only_seat, bool all_seats)
{
    if (only_seat >= 0)
        return p == only_seat;
    if (all_seats)
        return true;
    bool people = false;
    for (int q = 0; q < m->num_players; q++)
        people |= !m->seats[q].bot;
    return !people || !m->seats[p].bot;
}

/* Analyses one saved game (review.h); adds its costs to acc[level of the seat]. */
static int analyze_file(const char *path, bool quiet, int only_seat, bool all_seats,
                        uint64_t seed, int budget, Acc acc[DIFF_COUNT + 1], Json *js)
{
    char err[MATCH_ERR];
    Match *m = match_load(path, err, sizeof err);
    if (!m) {
        fprintf(stderr, "tasca analyze: %s\n", err);
        return 1;
    }
    const GameRules *g = m->rules;
    ReviewStep *st = malloc(sizeof *st * (size_t)(m->history_len + 1));
    int n = st ? review_match_budget(m, only_seat, 0, -1, seed, budget, NULL, NULL, st,
                                     m->history_len + 1)
               : -1;
    if (n < 0) {
        fprintf(stderr, "tasca analyze: %s: cannot replay\n", path);
        free(st);
        match_free(m);
        return 1;
    }
    if (!quiet)
        printf("%s: %s, %d players, seed %llu\n", path, g->name, m->num_players,
               (unsigned long long)m->seed);
    int kept = 0; /* the decisions of the seats wanted, in place */
    for (int k = 0; k < n; k++)
        if (wanted(m, st[k].seat, only_seat, all_seats))
            st[kept++] = st[k];
    n = kept;
    for (int k = 0; k < n; k++) {
        const ReviewStep *r = &st[k];
        if (js) {
            FILE *f = js->out;
            fputs(js->decisions++ ? ", {" : "{", f);
            fputs("\"file\": ", f);
            json_str(f, path);
            fprintf(f, ", \"ply\": %d, \"seat\": %d, \"taken\": ", r->step, r->seat);
            json_str(f, r->chosen_text);
            fputs(", \"best\": ", f);
            json_str(f, r->best_text);
            fputs(", \"value_taken\": ", f);
            json_num(f, r->chosen_valued, r->chosen_value);
            fputs(", \"value_best\": ", f);
            json_num(f, r->best_valued, r->best_value);
            fputs(", \"cost\": ", f);
            json_num(f, r->cost >= 0, r->cost);
            fputs("}", f);
        }
        int level = m->seats[r->seat].bot ? (int)m->seats[r->seat].difficulty : DIFF_COUNT;
        if (r->cost >= 0)
            acc_add(&acc[level], r->cost);
        review_accuracy(r, 1, -1, &acc[level].good, &acc[level].valued);
        if (!quiet) {
            /* The texts are the rules' names on the seat's view at the time (review.h). */
            printf("  %4d seat %d %-24s", r->step, r->seat, r->chosen_text);
            if (r->chosen_valued)
                printf(" %7.3f", r->chosen_value);
            else
                printf("       -");
            printf("  best %-24s", r->best_text);
            if (r->best_valued)
                printf(" %7.3f", r->best_value);
            else
                printf("       -");
            if (r->cost >= 0)
                printf("  cost %.3f %s%s", r->cost, unit_name(r->unit), r->costliest ? " *" : "");
            if (r->line[0])
                printf("  line: %s", r->line);
            printf("\n");
        }
    }
    for (int p = 0; p < m->num_players; p++) {
        int good = 0, valued = 0;
        if (review_accuracy(st, n, p, &good, &valued) < 0)
            continue;
        if (!quiet)
            printf("  seat %d accuracy %.1f %% (%d of %d decisions)\n", p,
                   100.0 * good / valued, good, valued);
        if (js) {
            fputs(js->seats++ ? ", {\"file\": " : "{\"file\": ", js->acc);
            json_str(js->acc, path);
            fprintf(js->acc, ", \"seat\": %d, \"accuracy\": %.6g, \"decisions\": %d}", p,
                    (double)good / valued, valued);
        }
    }
    free(st);
    match_free(m);
    return 0;
}

int cli_analyze(int argc, char **argv)
{
    const char *cmd = "analyze";
    bool quiet = false, json = false, all_seats = false;
    int only_seat = -1, nfiles = 0, failed = 0, budget = 0;
    uint64_t seed = REVIEW_SEED;
    Acc acc[DIFF_COUNT + 1] = {{0}};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage();
            return 0;
        } else if (strcmp(a, "--quiet") == 0) {
            quiet = true;
        } else if (strcmp(a, "--json") == 0) {
            json = true;
        } else if (strcmp(a, "--all-seats") == 0) {
            all_seats = true;
        } else if (strcmp(a, "--seat") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 0, RULES_MAX_PLAYERS - 1, &only_seat))
                return 2;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, a, v, &seed))
                return 2;
        } else if (strcmp(a, "--budget") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_int(cmd, a, v, 0, 1000000000, &budget))
                return 2;
        } else if (a[0] == '-') {
            fprintf(stderr, "tasca analyze: unknown argument '%s' (see 'tasca analyze --help')\n",
                    a);
            return 2;
        } else {
            nfiles++;
        }
    }
    if (!nfiles) {
        fprintf(stderr, "tasca analyze: expected at least one FILE (see 'tasca analyze --help')\n");
        return 2;
    }
    /* The decisions' array is written to a memory stream as the files are analysed, and
     * printed once the text is done: the JSON object ends the output. */
    Json js = {0};
    char *dec = NULL, *accs = NULL;
    size_t dec_len = 0, accs_len = 0;
    if (json && (!(js.out = open_memstream(&dec, &dec_len)) ||
                 !(js.acc = open_memstream(&accs, &accs_len)))) {
        fprintf(stderr, "tasca analyze: out of memory\n");
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--seat") == 0 || strcmp(a, "--seed") == 0 || strcmp(a, "--budget") == 0) {
            i++; /* its value */
            continue;
        }
        if (a[0] != '-')
            failed |= analyze_file(a, quiet, only_seat, all_seats, seed, budget, acc,
                                   json ? &js : NULL);
    }
    if (budget > 0)
        printf("Hard's analysis at a budget of %d (not its own)\n", budget);
    printf("Mean cost per decision (95%% interval):\n");
    for (int d = 0; d <= DIFF_COUNT; d++) {
        if (!acc[d].n)
            continue;
        double mean = acc[d].sum / acc[d].n;
        double var = acc[d].n > 1 ? (acc[d].sumsq - acc[d].n * mean * mean) / (acc[d].n - 1) : 0;
        double half = 1.96 * sqrt(var > 0 ? var : 0) / sqrt((double)acc[d].n);
        printf("  %-7s %lld decisions  %.4f ± %.4f", d == DIFF_COUNT ? "person" : difficulty_name((Difficulty)d),
               acc[d].n, mean, half);
        if (acc[d].valued)
            printf("  accuracy %.1f %%", 100.0 * acc[d].good / acc[d].valued);
        printf("\n");
    }
    if (json) {
        fclose(js.out);
        fclose(js.acc);
        printf("{\"decisions\": [%s], \"accuracy\": [%s]}\n", dec ? dec : "",
               accs ? accs : "");
        free(dec);
        free(accs);
    }
    return failed;
}
