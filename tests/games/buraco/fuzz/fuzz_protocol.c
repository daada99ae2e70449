/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libFuzzer target: the Buraco protocol parser and checker on arbitrary bytes. Each line
 * of the input is parsed as a bot's command, checked against a few games (a draw phase,
 * a play phase with melds, four players), and the actions it becomes are applied; each is
 * also read as a card list and as another player's command by a client's view. Nothing
 * may crash or read out of bounds, a refused command must leave no trace, and an accepted
 * one must leave a consistent game. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "games/buraco/buraco.h"
#include "games/buraco/protocol.h"

static BuracoState games[3];
static bool ready;

static void deal(BuracoState *s, int players, uint64_t seed, int draws)
{
    GameOptions opt = {{0}};
    buraco_rules.init(s, &opt, players, seed);
    Rng r;
    rng_seed(&r, seed);
    int steps = 0;
    while (s->phase != BUR_OVER && steps < 400) {
        Action acts[RULES_MAX_ACTIONS];
        uint32_t w[RULES_MAX_ACTIONS];
        int n = buraco_rules.current_player(s) == PLAYER_CHANCE
                    ? buraco_rules.chance_outcomes(s, acts, w)
                    : buraco_rules.legal_actions(s, acts);
        if (n <= 0)
            break;
        /* Prefer melds so that the games have some to join. */
        Action a = acts[rng_below(&r, (uint32_t)n)];
        for (int i = 0; i < n; i++)
            if (buraco_action_type(acts[i]) == BUR_A_NEW3)
                a = acts[i];
        if (s->phase == BUR_DRAW && draws-- <= 0)
            break;
        buraco_rules.apply(s, a);
        steps++;
    }
}

static void setup(void)
{
    if (ready)
        return;
    deal(&games[0], 2, 1, 0);  /* the first draw */
    deal(&games[1], 2, 7, 6);  /* a few turns in */
    deal(&games[2], 4, 11, 9); /* four players */
    /* The last one in the play phase: draw. */
    if (games[2].phase == BUR_DRAW) {
        buraco_rules.apply(&games[2], buraco_action(BUR_A_DRAW, 0));
        Action acts[RULES_MAX_ACTIONS];
        uint32_t w[RULES_MAX_ACTIONS];
        if (buraco_rules.chance_outcomes(&games[2], acts, w) > 0)
            buraco_rules.apply(&games[2], acts[0]);
    }
    ready = true;
}

static void check_consistent(const BuracoState *s)
{
    int total = s->pile_n + s->stock_n;
    for (int p = 0; p < s->num_players; p++) {
        int held = 0;
        for (int f = 0; f < BUR_FACES; f++) {
            held += s->hand[p][f];
            if (s->hand[p][f] > 2 || s->known[p][f] > s->hand[p][f])
                abort();
        }
        if (held != s->hand_n[p])
            abort();
        total += held;
    }
    for (int t = 0; t < BUR_TEAMS; t++)
        for (int i = 0; i < s->n_melds[t]; i++) {
            const BuracoMeld *m = &s->melds[t][i];
            if (!buraco_meld_check(m->c, m->n, NULL))
                abort();
            total += m->n;
        }
    if (total != BUR_DECK)
        abort();
}

static void one_line(const char *line)
{
    ProtoCommand cmd;
    char why[256], text[PROTO_LINE_MAX + 64];
    Card cards[PROTO_MAX_CARDS];
    proto_parse_cards(line, true, cards, PROTO_MAX_CARDS);
    proto_parse_cards(line, false, cards, 3);
    ProtoFault f = proto_parse_command(line, &cmd, why, sizeof why);
    if (f != PROTO_OK) {
        if (!why[0])
            abort();
        return;
    }
    for (int g = 0; g < 3; g++) {
        BuracoState s = games[g];
        Action acts[PROTO_MAX_ACTIONS];
        int n = -1;
        f = proto_command_actions(&s, &cmd, acts, &n, why, sizeof why);
        if (memcmp(&s, &games[g], sizeof s) != 0)
            abort(); /* checking never changes the game */
        if (f != PROTO_OK) {
            if (n != 0 || !why[0])
                abort();
            continue;
        }
        proto_broadcast_text(&s, &cmd, text, sizeof text);
        for (int i = 0; i < n; i++) {
            if (buraco_rules.apply(&s, acts[i]))
                abort(); /* the checker promised every action applies */
            if (buraco_rules.current_player(&s) == PLAYER_CHANCE) {
                Action c[RULES_MAX_ACTIONS];
                uint32_t w[RULES_MAX_ACTIONS];
                if (buraco_rules.chance_outcomes(&s, c, w) > 0)
                    buraco_rules.apply(&s, c[0]);
            }
        }
        check_consistent(&s);
        /* The same line as another player's command, in a view of seat 1. */
        BuracoState v;
        buraco_rules.observe(&games[g], (games[g].turn + 1) % games[g].num_players, &v);
        int p = v.turn;
        switch (cmd.type) {
        case PROTO_GET_STOCK: buraco_view_draw(&v, p); break;
        case PROTO_GET_DISCARD: buraco_view_take(&v, p, cmd.cards, cmd.n); break;
        case PROTO_MELD_NEW: buraco_view_meld_new(&v, p, cmd.cards, cmd.n); break;
        case PROTO_MELD_JOIN: buraco_view_meld_join(&v, p, cmd.meld, cmd.cards, cmd.n); break;
        case PROTO_DISCARD: buraco_view_discard(&v, p, cmd.cards[0]); break;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    setup();
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *p = buf;
    for (int lines = 0; lines < 64; lines++) {
        char *nl = memchr(p, '\n', (size_t)(buf + size - p));
        if (nl)
            *nl = '\0';
        one_line(p);
        if (!nl)
            break;
        p = nl + 1;
    }
    free(buf);
    return 0;
}
