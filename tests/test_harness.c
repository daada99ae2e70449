/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The generic harness: every registered game, every player count and every option
 * combination (when few), through random playouts that check the GameRules contract at
 * every step, plus the match's save -> load -> replay round-trip. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sanitized.h"
#include "support.h"

#define PLAYOUTS 2000
#define MIN_PLAYOUTS 30
#define STEP_BUDGET 80000L /* per game, split over its configurations: long games play
                            * fewer playouts, but at least MIN_PLAYOUTS per configuration */
#define SAVE_GAMES 200
#define MIN_SAVE_GAMES 20
#define MIN_OPTION_SAVE_GAMES 4 /* for configurations other than the defaults */
#define SAVE_STEP_BUDGET 30000L /* per game, split like STEP_BUDGET: each mid-game round
                                 * trip replays the whole game */
#define MAX_STEPS 20000 /* no game may run longer than this in random play */
#define CONFIG_STEP_CAP 20000L /* a configuration stops at this many steps once it has... */
#define MIN_LONG_PLAYOUTS 6    /* ...played this many games */
/* A game with many options (Buraco's house rules) has many configurations: those other
 * than the defaults play fewer games, and long ones (whole matches) stop sooner. */
#define MIN_OPTION_PLAYOUTS 8
#define OPTION_STEP_CAP 5000L
#define MIN_OPTION_LONG_PLAYOUTS 2
/* Every step of a game's first FULL_CHECK_STEPS gets every check (each listed action
 * applied, its text, unlisted ones refused, the views); later steps of a long game one in
 * FULL_CHECK_EVERY, so a whole match costs a few deals' checks. */
/* Deep view checks (a resampled state played to the end) stop at this many steps per game,
 * split like STEP_BUDGET: each costs the rest of the game, a whole match's for Buraco. */
#define DEEP_STEP_BUDGET 400000L
#define FULL_CHECK_STEPS 256
#define FULL_CHECK_EVERY 8
#define MAX_OPTION_COMBOS 16

/* Sanitizers slow the games down tenfold, and find memory errors without long runs: they
 * get a quarter of the step budget. TASCA_HARNESS_SCALE (a factor) overrides. */

static double budget_scale(void)
{
    const char *env = getenv("TASCA_HARNESS_SCALE");
    if (env && *env) {
        double f = strtod(env, NULL);
        if (f > 0)
            return f;
    }
    return TASCA_SANITIZED ? 0.25 : 1.0;
}

typedef struct {
    const GameRules *g;
    GameOptions opt;
    int players;
    int share; /* configurations of this game: they split its step budget */
    char label[160];
} Config;

#define MAX_CONFIGS 256

static void label_config(Config *c)
{
    size_t len = (size_t)snprintf(c->label, sizeof c->label, "%s players=%d", c->g->id,
                                  c->players);
    for (int i = 0; i < c->g->n_options && len < sizeof c->label; i++) {
        char kv[64];
        rules_format_option(c->g, &c->opt, i, kv, sizeof kv);
        len += (size_t)snprintf(c->label + len, sizeof c->label - len, " %s", kv);
    }
}

static bool same_set(const GameRules *g, const GameOptions *sets, int n)
{
    for (int k = 0; k < n; k++) {
        int i = 0;
        while (i < g->n_options && sets[k].v[i] == sets[n].v[i])
            i++;
        if (i == g->n_options)
            return true;
    }
    return false;
}

/* The configurations of one game: every player count init accepts, times every option
 * combination when there are few, else the defaults plus each small option's other
 * values one at a time. */
static int game_configs(const GameRules *g, Config *out, int max)
{
    assert_true(g->min_players >= 1 && g->min_players <= g->max_players);
    assert_true(g->max_players <= RULES_MAX_PLAYERS);
    assert_true(g->default_players >= g->min_players && g->default_players <= g->max_players);
    assert_true(g->n_options >= 0 && g->n_options <= RULES_MAX_OPTIONS);
    long combos = 1;
    for (int i = 0; i < g->n_options && combos <= MAX_OPTION_COMBOS; i++) {
        const OptionDesc *d = &g->options[i];
        assert_true(d->min <= d->def && d->def <= d->max);
        combos *= (long)d->max - d->min + 1;
    }
    GameOptions sets[MAX_CONFIGS];
    int n_sets = 0;
    if (combos <= MAX_OPTION_COMBOS) {
        for (long k = 0; k < combos; k++) {
            rules_default_options(g, &sets[n_sets]);
            long rest = k;
            for (int i = 0; i < g->n_options; i++) {
                long span = (long)g->options[i].max - g->options[i].min + 1;
                sets[n_sets].v[i] = g->options[i].min + (int)(rest % span);
                rest /= span;
            }
            n_sets++;
        }
    } else {
        rules_default_options(g, &sets[n_sets++]);
        for (int i = 0; i < g->n_options; i++) {
            const OptionDesc *d = &g->options[i];
            if ((long)d->max - d->min >= 8)
                continue; /* a wide numeric range: the default stands for it */
            for (int v = d->min; v <= d->max && n_sets < MAX_CONFIGS; v++) {
                if (v == d->def)
                    continue;
                rules_default_options(g, &sets[n_sets]);
                sets[n_sets].v[i] = v;
                /* As the menu and the command line set it: a preset sets its options. */
                rules_option_changed(g, &sets[n_sets], i);
                if (same_set(g, sets, n_sets))
                    continue; /* e.g. the "custom" preset, which changes nothing */
                n_sets++;
            }
        }
    }
    /* Keep the sets the game can play that its option hook leaves as they are (a preset
     * with options not its own is not a state any menu, save or command line produces). */
    int kept = 0;
    for (int k = 0; k < n_sets; k++) {
        GameOptions o = sets[k];
        for (int i = 0; i < g->n_options; i++)
            rules_option_changed(g, &o, i);
        if (memcmp(&o, &sets[k], sizeof o) != 0 || rules_check_options(g, &sets[k]))
            continue;
        sets[kept++] = sets[k];
    }
    n_sets = kept;
    int n = 0;
    void *probe = support_state_new(g);
    GameOptions def;
    rules_default_options(g, &def);
    /* Counts outside the range are refused with a reason. */
    const char *e = g->init(probe, &def, g->max_players + 1, 1);
    assert_true(e != NULL && *e);
    e = g->init(probe, &def, g->min_players - 1, 1);
    assert_true(e != NULL && *e);
    for (int np = g->min_players; np <= g->max_players; np++) {
        /* Counts inside the range may still be unsupported (init says so): skip those,
         * but the default count must work. */
        if (g->init(probe, &def, np, 1) != NULL) {
            assert_true(np != g->default_players);
            continue;
        }
        for (int k = 0; k < n_sets && n < max; k++) {
            out[n] = (Config){.g = g, .players = np, .opt = sets[k]};
            label_config(&out[n]);
            n++;
        }
    }
    free(probe);
    for (int i = 0; i < n; i++)
        out[i].share = n;
    assert_true(n > 0);
    return n;
}

/* Calls fn for every configuration of every registered game. */
static const char *filter_id; /* NULL: every game */
static bool filter_only;      /* only filter_id, or every game but filter_id */

static void for_each_config(void (*fn)(const Config *c))
{
    assert_true(registry_count() > 0);
    static Config configs[MAX_CONFIGS];
    for (int gi = 0; gi < registry_count(); gi++) {
        const GameRules *g = registry_get(gi);
        assert_non_null(g);
        assert_ptr_equal(registry_find(g->id), g);
        if (filter_id && (strcmp(g->id, filter_id) == 0) != filter_only)
            continue;
        int n = game_configs(g, configs, MAX_CONFIGS);
        for (int i = 0; i < n; i++)
            fn(&configs[i]);
    }
}

static void describe_check(const GameRules *g, const void *s)
{
    /* describe() must stay inside the buffer it is given, however small. */
    const size_t sizes[] = {1, 2, 7, 16, 40, 4096};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t n = sizes[i];
        char *buf = malloc(n + 16);
        assert_non_null(buf);
        memset(buf, 0x5A, n + 16);
        g->describe(s, buf, n);
        assert_true(memchr(buf, '\0', n) != NULL);
        for (size_t j = n; j < n + 16; j++)
            assert_int_equal((unsigned char)buf[j], 0x5A);
        free(buf);
    }
}

/* Text of an action: reversible, non-empty, one line, no surrounding blanks (a save file
 * stores it as a line), not a comment. */
static void text_check(const Config *c, const void *s, Action a)
{
    char t[RULES_ACTION_TEXT];
    memset(t, 0x5A, sizeof t);
    c->g->action_to_string(s, a, t);
    size_t n = strnlen(t, sizeof t);
    if (n == 0 || n >= sizeof t)
        fail_msg("%s: action %d has no proper text", c->label, (int)a);
    if (strchr(t, '\n') || strchr(t, '\r') || t[0] == '#' || t[0] == ' ' || t[n - 1] == ' ')
        fail_msg("%s: action %d has text '%s' that a save file cannot hold", c->label, (int)a,
                 t);
    Action back = -12345;
    if (!c->g->action_from_string(s, t, &back) || back != a)
        fail_msg("%s: '%s' does not parse back to action %d", c->label, t, (int)a);
}

static int cmp_action(const void *a, const void *b)
{
    Action x = *(const Action *)a, y = *(const Action *)b;
    return (x > y) - (x < y);
}

static int cmp_text(const void *a, const void *b) { return strcmp(a, b); }

static void list_check(const Config *c, const void *s, const Action *acts, int n)
{
    /* No duplicates, and distinct texts (else a save could not tell them apart). Sorted
     * copies keep this cheap for games with hundreds of actions. */
    if (n < 2)
        return;
    Action *sorted = malloc((size_t)n * sizeof *sorted);
    char (*texts)[RULES_ACTION_TEXT] = malloc((size_t)n * RULES_ACTION_TEXT);
    assert_true(sorted && texts);
    memcpy(sorted, acts, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_action);
    for (int i = 0; i < n; i++) {
        if (i && sorted[i] == sorted[i - 1])
            fail_msg("%s: action %d listed twice", c->label, (int)sorted[i]);
        c->g->action_to_string(s, acts[i], texts[i]);
    }
    qsort(texts, (size_t)n, RULES_ACTION_TEXT, cmp_text);
    for (int i = 1; i < n; i++)
        if (strcmp(texts[i], texts[i - 1]) == 0)
            fail_msg("%s: two actions share the text '%s'", c->label, texts[i]);
    free(sorted);
    free(texts);
}

static bool in_list(const Action *acts, int n, Action a)
{
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

/* Actions that are not listed must be refused with a reason and change nothing. */
static void illegal_check(const Config *c, const void *s, const Action *acts, int n)
{
    const GameRules *g = c->g;
    unsigned char *copy = malloc(g->state_size);
    assert_non_null(copy);
    Action probe[RULES_MAX_ACTIONS * 2 + 16];
    int np = 0;
    const Action fixed[] = {-1, 999999, INT32_MIN, INT32_MAX, 0, 1, 2, 3, 100, 151, 152};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        probe[np++] = fixed[i];
    for (int i = 0; i < n && np + 2 <= (int)(sizeof probe / sizeof probe[0]); i++) {
        probe[np++] = acts[i] - 1;
        probe[np++] = acts[i] + 1;
    }
    for (int i = 0; i < np; i++) {
        if (in_list(acts, n, probe[i]))
            continue;
        memcpy(copy, s, g->state_size);
        const char *e = g->apply(copy, probe[i]);
        if (!e || !*e)
            fail_msg("%s: unlisted action %d was accepted", c->label, (int)probe[i]);
        if (memcmp(copy, s, g->state_size) != 0)
            fail_msg("%s: refused action %d changed the state", c->label, (int)probe[i]);
        if (i < 4) /* rules_is_legal lists every action: a few calls suffice */
            assert_false(rules_is_legal(g, s, probe[i]));
    }
    free(copy);
}

/* observe is deterministic (whatever the view buffer held before) and idempotent, and
 * resample deals a full state the seat cannot tell from the real one. */
/* Returns the steps its deep playouts took. */
static long view_check(const Config *c, const void *s, Rng *rng, bool deep)
{
    long deep_steps = 0;
    const GameRules *g = c->g;
    size_t sz = g->state_size;
    unsigned char *v1 = malloc(sz), *v2 = malloc(sz), *r = malloc(sz), *rv = malloc(sz);
    assert_true(v1 && v2 && r && rv);
    int cp = g->current_player(s);
    for (int seat = 0; seat < c->players; seat++) {
        memset(v1, 0xA5, sz);
        memset(v2, 0x3C, sz);
        g->observe(s, seat, v1);
        g->observe(s, seat, v2);
        if (memcmp(v1, v2, sz) != 0)
            fail_msg("%s: observe for seat %d is not deterministic", c->label, seat);
        g->observe(v1, seat, v2);
        if (memcmp(v1, v2, sz) != 0)
            fail_msg("%s: observing a view of seat %d changes it", c->label, seat);
        /* A view does not change who is to move, nor what is legal for the mover when the
         * mover is the observer (they choose from the view). */
        assert_int_equal(g->current_player(v1), cp);

        for (int k = 0; k < (deep ? 4 : 1); k++) {
            memset(r, 0xC3, sz);
            g->resample(v1, seat, rng, r);
            g->observe(r, seat, rv);
            if (memcmp(rv, v1, sz) != 0)
                fail_msg("%s: observe(resample(view)) != view for seat %d", c->label, seat);
            assert_int_equal(g->current_player(r), cp);
            if (cp == seat) {
                Action a1[RULES_MAX_ACTIONS], a2[RULES_MAX_ACTIONS];
                int n1 = g->legal_actions(s, a1), n2 = g->legal_actions(r, a2);
                assert_int_equal(n1, n2);
                for (int i = 0; i < n1; i++) {
                    assert_true(in_list(a2, n2, a1[i]));
                    memcpy(rv, r, sz);
                    if (g->apply(rv, a1[i]))
                        fail_msg("%s: legal action %d fails in a resampled state", c->label,
                                 (int)a1[i]);
                }
            }
            if (deep) {
                /* The resampled state is a real game: it plays out to the end. */
                memcpy(rv, r, sz);
                int steps = 0;
                while (g->current_player(rv) != PLAYER_TERMINAL && steps++ < MAX_STEPS)
                    support_random_step(g, rv, rng);
                assert_int_equal(g->current_player(rv), PLAYER_TERMINAL);
                deep_steps += steps;
            }
        }
    }
    free(v1);
    free(v2);
    free(r);
    free(rv);
    return deep_steps;
}

static void terminal_check(const Config *c, const void *s)
{
    const GameRules *g = c->g;
    Action acts[RULES_MAX_ACTIONS];
    uint32_t w[RULES_MAX_ACTIONS];
    assert_int_equal(g->legal_actions(s, acts), 0);
    assert_int_equal(g->chance_outcomes(s, acts, w), 0);
    double ret[RULES_MAX_PLAYERS], again[RULES_MAX_PLAYERS];
    for (int i = 0; i < RULES_MAX_PLAYERS; i++)
        ret[i] = again[i] = 42;
    g->returns(s, ret);
    g->returns(s, again);
    double sum = 0;
    for (int i = 0; i < c->players; i++) {
        if (ret[i] != -1 && ret[i] != 0 && ret[i] != 1)
            fail_msg("%s: seat %d returns %g", c->label, i, ret[i]);
        assert_true(ret[i] == again[i]);
        sum += ret[i];
    }
    if (c->players == 2) {
        assert_true(ret[0] == -ret[1]); /* two seats: zero-sum */
        assert_true(sum == 0);
    }
    /* Nothing applies after the end. */
    illegal_check(c, s, acts, 0);
}

/* A floor of games for a configuration other than the defaults: scaled down with the
 * budget (sanitizers), but at least one game. */
static int option_floor(int n)
{
    int f = (int)(n * budget_scale() + 0.5);
    return f < 1 ? 1 : f;
}

static bool config_has_defaults(const Config *c)
{
    GameOptions def;
    rules_default_options(c->g, &def);
    for (int i = 0; i < c->g->n_options; i++)
        if (def.v[i] != c->opt.v[i])
            return false;
    return true;
}

static void playout_config(const Config *c)
{
    const GameRules *g = c->g;
    size_t sz = g->state_size;
    unsigned char *s = malloc(sz), *t = malloc(sz), *u = malloc(sz);
    assert_true(s && t && u);
    Rng rng;
    rng_seed(&rng, rng_mix(0x4A12E55ULL, (uint64_t)c->players));
    long total_steps = 0, deep_steps = 0;
    int outcomes[3] = {0}; /* seat 0's loss / draw / win, to show games really end all ways */
    int games = 0;
    bool defaults = config_has_defaults(c);
    int min_games = defaults ? MIN_PLAYOUTS : option_floor(MIN_OPTION_PLAYOUTS);
    int min_long = defaults ? MIN_LONG_PLAYOUTS : option_floor(MIN_OPTION_LONG_PLAYOUTS);
    long cap = defaults ? CONFIG_STEP_CAP : OPTION_STEP_CAP;
    for (int game = 0; game < PLAYOUTS; game++) {
        if (game >= min_games && total_steps >= budget_scale() * STEP_BUDGET / c->share)
            break;
        /* Whole matches of thousands of steps (Buraco to 5,000 points): fewer, but some. */
        if (game >= min_long && total_steps >= budget_scale() * cap)
            break;
        games++;
        memset(s, 0xEE, sz); /* init must set every byte that matters */
        const char *e = g->init(s, &c->opt, c->players, (uint64_t)game);
        if (e)
            fail_msg("%s: init failed: %s", c->label, e);
        memset(t, 0x11, sz);
        assert_null(g->init(t, &c->opt, c->players, (uint64_t)game));
        if (memcmp(s, t, sz) != 0)
            fail_msg("%s: init leaves bytes undefined", c->label);
        assert_int_equal(g->num_players(s), c->players);

        int steps = 0;
        for (;;) {
            int cp = g->current_player(s);
            if (cp != PLAYER_CHANCE && cp != PLAYER_TERMINAL && (cp < 0 || cp >= c->players))
                fail_msg("%s: current_player %d is not a seat", c->label, cp);
            if (game % 5 == 0)
                describe_check(g, s);
            bool full = cp == PLAYER_TERMINAL || steps < FULL_CHECK_STEPS ||
                        steps % FULL_CHECK_EVERY == 0;
            /* Deep checks play a resampled state out to the end of the game: at every
             * step of a short game, on a sample of a long one's (else they cost the square
             * of its length). */
            if (full)
                deep_steps += view_check(c, s, &rng,
                                         game % 50 == 0 && (steps < 64 || steps % 32 == 0) &&
                                             deep_steps < budget_scale() * DEEP_STEP_BUDGET /
                                                              c->share);
            if (cp == PLAYER_TERMINAL) {
                terminal_check(c, s);
                double ret[RULES_MAX_PLAYERS];
                g->returns(s, ret);
                outcomes[(int)ret[0] + 1]++;
                break;
            }
            if (steps++ >= MAX_STEPS)
                fail_msg("%s: game %d did not end within %d steps", c->label, game, MAX_STEPS);

            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n;
            if (cp == PLAYER_CHANCE) {
                assert_int_equal(g->legal_actions(s, acts), 0);
                n = g->chance_outcomes(s, acts, w);
                assert_true(n > 0 && n <= RULES_MAX_ACTIONS);
                uint64_t tw = 0;
                for (int i = 0; i < n; i++)
                    tw += w[i];
                assert_true(tw > 0);
            } else {
                n = g->chance_outcomes(s, acts, w);
                assert_int_equal(n, 0);
                n = g->legal_actions(s, acts);
                assert_true(n > 0 && n <= RULES_MAX_ACTIONS);
            }
            for (int i = 0; i < n && full; i++) {
                if (i == 0)
                    list_check(c, s, acts, n);
                text_check(c, s, acts[i]);
                if (i == 0 || i == n - 1)
                    assert_true(rules_is_legal(g, s, acts[i]));
                /* Every listed action applies, and applying it to a byte copy gives the
                 * same bytes twice: apply depends on nothing but the state. */
                memcpy(t, s, sz);
                memcpy(u, s, sz);
                e = g->apply(t, acts[i]);
                if (e)
                    fail_msg("%s: listed action %d refused: %s", c->label, (int)acts[i], e);
                assert_null(g->apply(u, acts[i]));
                if (memcmp(t, u, sz) != 0)
                    fail_msg("%s: two clones differ after action %d", c->label, (int)acts[i]);
            }
            if (full)
                illegal_check(c, s, acts, n);

            Action a = cp == PLAYER_CHANCE ? support_pick_chance(g, s, &rng)
                                           : acts[rng_below(&rng, (uint32_t)n)];
            memcpy(t, s, sz);
            assert_null(g->apply(s, a));
            assert_null(g->apply(t, a));
            assert_memory_equal(s, t, sz);
        }
        total_steps += steps;
    }
    /* Random play that never reaches some outcome would hint at a broken end test. */
    if (c->players == 2 && games >= 200 && (!outcomes[0] || !outcomes[2]))
        fail_msg("%s: %d playouts: losses %d, draws %d, wins %d", c->label, games,
                 outcomes[0], outcomes[1], outcomes[2]);
    assert_true(total_steps >= games); /* every game took at least a step */
    print_message("%s: %d playouts, %ld steps\n", c->label, games, total_steps);
    free(s);
    free(t);
    free(u);
}

static void test_random_playouts(void **unused)
{
    (void)unused;
    for_each_config(playout_config);
}

/* ---- Save -> load -> replay through the match -------------------------------------- */

static void match_equal(const Match *a, const Match *b)
{
    assert_ptr_equal(a->rules, b->rules);
    assert_int_equal(a->num_players, b->num_players);
    assert_true(a->seed == b->seed);
    for (int i = 0; i < a->rules->n_options; i++)
        assert_int_equal(a->options.v[i], b->options.v[i]);
    for (int i = 0; i < a->num_players; i++) {
        assert_int_equal(a->seats[i].bot, b->seats[i].bot);
        if (a->seats[i].bot)
            assert_int_equal(a->seats[i].difficulty, b->seats[i].difficulty);
    }
    assert_int_equal(a->history_len, b->history_len);
    assert_int_equal(a->chance_count, b->chance_count);
    if (a->history_len) {
        assert_memory_equal(a->history, b->history, (size_t)a->history_len * sizeof(Action));
        assert_memory_equal(a->history_player, b->history_player,
                            (size_t)a->history_len * sizeof(int));
    }
    assert_memory_equal(a->state, b->state, a->rules->state_size);
}

static void round_trip(const Match *m)
{
    char err[MATCH_ERR] = "";
    char *text = match_save_text(m);
    assert_non_null(text);
    Match *back = match_load_text(text, strlen(text), err, sizeof err);
    if (!back)
        fail_msg("save text does not load: %s\n%s", err, text);
    match_equal(m, back);
    /* Saving the loaded match writes the same text. */
    char *again = match_save_text(back);
    assert_non_null(again);
    assert_string_equal(text, again);
    free(again);
    free(text);
    match_free(back);
}

static void save_config(const Config *c)
{
    Rng rng;
    rng_seed(&rng, rng_mix(0x5A7E, (uint64_t)c->players));
    long total_steps = 0;
    int min_games = config_has_defaults(c) ? MIN_SAVE_GAMES : option_floor(MIN_OPTION_SAVE_GAMES);
    for (int game = 0; game < SAVE_GAMES; game++) {
        if (game >= min_games &&
            total_steps >= budget_scale() * SAVE_STEP_BUDGET / c->share)
            break;
        SeatSpec seats[RULES_MAX_PLAYERS];
        for (int i = 0; i < c->players; i++)
            seats[i] = (SeatSpec){(game + i) % 2 == 1, (Difficulty)((game + i) % DIFF_COUNT)};
        char err[MATCH_ERR];
        uint64_t seed = rng_next(&rng); /* full 64-bit seeds go through the text form */
        Match *m = match_create(c->g, &c->opt, c->players, seats, seed, err, sizeof err);
        if (!m)
            fail_msg("%s: match_create: %s", c->label, err);
        round_trip(m); /* a match with no action yet */
        int steps = 0;
        while (!match_is_over(m)) {
            assert_true(steps++ < MAX_STEPS);
            if (match_current_player(m) == PLAYER_CHANCE) {
                assert_true(match_play_chance(m) > 0);
            } else {
                Action a = support_pick_legal(c->g, m->state, &rng);
                assert_null(match_apply(m, a));
            }
            /* Mid-game, often early, then more and more rarely: each round trip replays the
             * whole history, and a whole match has thousands of steps. */
            if (rng_below(&rng, 3) == 0 &&
                (steps < 64 || rng_below(&rng, 1 + (uint32_t)steps / 32) == 0))
                round_trip(m);
        }
        round_trip(m);
        total_steps += m->history_len;
        match_free(m);
    }
}

static void test_save_round_trip(void **unused)
{
    (void)unused;
    for_each_config(save_config);
}

/* Usage: test_harness [--only ID | --skip ID]: one game, or every game but one (ctest runs
 * Buraco, the longest, apart so that the two share the cores). */
int main(int argc, char **argv)
{
    if (argc == 3 && (strcmp(argv[1], "--only") == 0 || strcmp(argv[1], "--skip") == 0)) {
        if (!registry_find(argv[2])) {
            fprintf(stderr, "test_harness: no game '%s'\n", argv[2]);
            return 2;
        }
        filter_id = argv[2];
        filter_only = strcmp(argv[1], "--only") == 0;
    } else if (argc != 1) {
        fprintf(stderr, "usage: test_harness [--only ID | --skip ID]\n");
        return 2;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_playouts),
        cmocka_unit_test(test_save_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
