/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hard plays the same games whatever its speed (issue 24): whole games and matches of Hard
 * against Medium (and one against Easy) in every house style, 2 and 4 seats, on a small
 * budget of iterations, hashed action by action; and Hard's analysis at positions of those
 * games, its values hashed bit for bit. The digests below were printed by this test built
 * from main at ed3ef2c, before the work that made Hard faster (branch buraco7): a faster
 * Hard, or faster rules, must reproduce them exactly. A change that means to change a
 * decision changes them: print the new ones (BURACO_SAME_PRINT=1 in the environment) and
 * say so in its commit. */
#include <stdlib.h>

#include "buraco_test.h"
#include "engine/ai/analysis.h"
#include "engine/ai/bot.h"
#include "games/buraco/buraco_bots.h"

typedef struct {
    const char *variant;
    int players;
    Difficulty other; /* the level of seats 1 and 3 (Hard holds 0 and 2) */
    const char *extra; /* one more option, or NULL */
    uint64_t seed;
    uint64_t digest;
} SameGame;

/* FNV-1a, 64 bits. */
static uint64_t mix(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static uint64_t mix_int(uint64_t h, long long v)
{
    unsigned char b[8];
    for (int i = 0; i < 8; i++)
        b[i] = (unsigned char)((unsigned long long)v >> (8 * i));
    return mix(h, b, 8);
}

#define HARD_ITERATIONS 48 /* small: the same code, a fraction of the time */

/* Plays the game of g to its end; every action (chance included) and the final totals
 * go into the digest, and every 40th decision of a Hard seat is analysed too. */
static uint64_t play(const SameGame *g)
{
    GameOptions opt;
    rules_default_options(&buraco_rules, &opt);
    char err[128], kv[64];
    snprintf(kv, sizeof kv, "variant=%s", g->variant);
    assert_null(rules_parse_option(&buraco_rules, &opt, kv, err, sizeof err));
    if (g->extra)
        assert_null(rules_parse_option(&buraco_rules, &opt, g->extra, err, sizeof err));
    BuracoState s;
    assert_null(buraco_rules.init(&s, &opt, g->players, g->seed));
    Rng chance, seat_rng[RULES_MAX_PLAYERS];
    rng_seed(&chance, g->seed * 7919 + 1);
    for (int p = 0; p < g->players; p++)
        rng_seed(&seat_rng[p], g->seed * 31 + (uint64_t)p + 5);
    uint64_t h = 0xcbf29ce484222325ULL;
    int decisions = 0;
    for (int steps = 0; s.phase != BUR_OVER; steps++) {
        assert_true(steps < 200000);
        Action a;
        if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
            Action acts[RULES_MAX_ACTIONS];
            uint32_t w[RULES_MAX_ACTIONS];
            int n = buraco_rules.chance_outcomes(&s, acts, w);
            uint32_t total = 0;
            for (int i = 0; i < n; i++)
                total += w[i];
            uint32_t x = rng_below(&chance, total);
            int i = 0;
            while (x >= w[i])
                x -= w[i++];
            a = acts[i];
        } else {
            int seat = s.turn;
            BuracoState view;
            buraco_rules.observe(&s, seat, &view);
            bool hard = seat % 2 == 0;
            BotRequest req = {&buraco_rules, &view, seat, &seat_rng[seat],
                              HARD_ITERATIONS, 0, NULL};
            if (hard && ++decisions % 40 == 0) {
                /* The analysis of the same request, on a copy of the generator. */
                Rng copy = seat_rng[seat];
                BotRequest areq = req;
                areq.rng = &copy;
                Analysis an;
                Action b = buraco_hard_analyze(&areq, &an);
                h = mix_int(h, b);
                for (int i = 0; i < an.n; i++) {
                    const AnalysisItem *x = &an.item[i];
                    h = mix_int(h, x->action);
                    h = mix_int(h, x->valued);
                    if (x->valued) {
                        h = mix(h, &x->value, sizeof x->value);
                        h = mix(h, &x->stderr_, sizeof x->stderr_);
                        h = mix_int(h, x->visits);
                    }
                }
            }
            a = hard                       ? buraco_hard_decide(&req)
                : g->other == DIFF_MEDIUM ? buraco_medium_decide(&req)
                                          : buraco_easy_decide(&req);
            if (!rules_is_legal(&buraco_rules, &s, a))
                fail_msg("an illegal move in %s", g->variant);
        }
        h = mix_int(h, a);
        assert_null(buraco_rules.apply(&s, a));
    }
    for (int t = 0; t < BUR_TEAMS; t++) {
        h = mix_int(h, s.score[t]);
        h = mix_int(h, s.total[t]);
    }
    h = mix_int(h, s.deal);
    return h;
}

static const SameGame games[] = {
    {"contest", 2, DIFF_MEDIUM, NULL, 1, 0x29005f02a608cf1cULL},
    {"contest", 2, DIFF_MEDIUM, NULL, 2, 0xb64b4fc69a19d8aaULL},
    {"contest", 4, DIFF_MEDIUM, NULL, 3, 0x781704a877bfa4eeULL},
    {"stbl", 2, DIFF_MEDIUM, NULL, 4, 0x6c7c645cc3005632ULL},
    {"stbl", 2, DIFF_MEDIUM, NULL, 5, 0x08da01764f0458feULL},
    {"stbl", 4, DIFF_MEDIUM, NULL, 6, 0x688d524dbb8db609ULL},
    {"fechado", 2, DIFF_MEDIUM, NULL, 7, 0xc7ee2bce8298abe0ULL},
    {"fechado", 4, DIFF_MEDIUM, NULL, 8, 0x90eb8c8fe5f92437ULL},
    {"aberto", 2, DIFF_MEDIUM, NULL, 9, 0x62534b7dcf94d9c0ULL},
    {"aberto", 4, DIFF_MEDIUM, NULL, 10, 0x00f0998b027bbf02ULL},
    {"stbl", 2, DIFF_EASY, NULL, 11, 0x2ce96df70e0f88e0ULL},
    {"fechado", 4, DIFF_EASY, "target=1", 12, 0x2de2eff15f1f8f2aULL},
    {"stbl", 4, DIFF_MEDIUM, NULL, 13, 0x62d66efc8c61172fULL},
    {"aberto", 2, DIFF_MEDIUM, NULL, 14, 0xb3f53928d9b532b0ULL},
    {"contest", 4, DIFF_EASY, NULL, 15, 0x463dc5c275065dfbULL},
    {"fechado", 2, DIFF_MEDIUM, "target=1", 16, 0x8ef9ddcd9f092affULL},
};

static void test_same_games(void **u)
{
    (void)u;
    bool print = getenv("BURACO_SAME_PRINT") != NULL;
    int wrong = 0;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        const SameGame *g = &games[i];
        uint64_t d = play(g);
        if (print)
            print_message("    {\"%s\", %d, %s, %s%s%s, %llu, 0x%016llxULL},\n", g->variant,
                          g->players, g->other == DIFF_MEDIUM ? "DIFF_MEDIUM" : "DIFF_EASY",
                          g->extra ? "\"" : "", g->extra ? g->extra : "NULL",
                          g->extra ? "\"" : "", (unsigned long long)g->seed,
                          (unsigned long long)d);
        if (d != g->digest) {
            print_error("%s, %d seats, seed %llu: digest 0x%016llx, expected 0x%016llx\n",
                        g->variant, g->players, (unsigned long long)g->seed,
                        (unsigned long long)d, (unsigned long long)g->digest);
            wrong++;
        }
    }
    assert_int_equal(wrong, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
