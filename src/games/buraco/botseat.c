/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A bot program at the table: see botseat.h. */
#include "botseat.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void fault(BotSeat *b, ProtoFault f, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fault(BotSeat *b, ProtoFault f, const char *fmt, ...)
{
    if (b->fault != PROTO_OK || f == PROTO_OK)
        return;
    b->fault = f;
    char what[sizeof b->why - 48];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    const char *name = proto_fault_name(f);
    if (strncmp(what, name, strlen(name)) == 0) /* the reason names it already */
        snprintf(b->why, sizeof b->why, "%s", what);
    else
        snprintf(b->why, sizeof b->why, "%s: %s", name, what);
    botproc_stop(&b->proc, true);
}

static void tell(BotSeat *b, const char *text)
{
    if (b->fault != PROTO_OK || !b->running)
        return;
    char why[200];
    ProtoFault f = botproc_send(&b->proc, text, why, sizeof why);
    if (f != PROTO_OK)
        fault(b, f, "it %s", why);
}

/* Each turn begins with the id of the player to move, sent to every bot. */
static void tell_turn(BotSeat *b, const BuracoState *s)
{
    if (s->phase == BUR_DRAW && b->turn_told != s->turns + 1) {
        b->turn_told = s->turns + 1;
        tell(b, b->ids[s->turn]);
    }
}

bool botseat_start(BotSeat *b, char *const argv[], const BuracoState *s, int seat,
                   const char *const ids[])
{
    memset(b, 0, sizeof *b);
    botproc_init(&b->proc);
    b->seat = seat;
    b->timeout_ms = BOTPROC_TIMEOUT_MS;
    b->base = *s;
    for (int p = 0; p < s->num_players && p < RULES_MAX_PLAYERS; p++)
        snprintf(b->ids[p], sizeof b->ids[p], "%s", ids[p]);
    if (!botproc_spawn_argv(&b->proc, argv, false)) {
        fault(b, PROTO_FAULT_EXITED, "%s", b->proc.start_error);
        return false;
    }
    b->running = true;
    char line[PROTO_LINE_MAX], c[CARD_TEXT_MAX];
    line[0] = '\0';
    for (int p = 0; p < s->num_players; p++) {
        strncat(line, p ? " " : "", sizeof line - strlen(line) - 1);
        strncat(line, ids[p], sizeof line - strlen(line) - 1);
    }
    tell(b, line);
    tell(b, ids[seat]);
    Card hand[BUR_DECK_MAX];
    int n = buraco_hand_cards(s, seat, hand);
    proto_format_cards(hand, n, line, sizeof line);
    tell(b, line);
    tell(b, card_to_text(buraco_pile_top(s), c));
    return b->fault == PROTO_OK;
}

void botseat_heard(BotSeat *b, const BuracoState *after, int player, Action a)
{
    if (!b->running || b->fault != PROTO_OK)
        return;
    if (player >= 0 && player != b->seat) {
        if (b->n_pend == 0)
            tell_turn(b, &b->base);
        /* Another seat's move, as the commands it makes. */
        if (b->n_pend < PROTO_MAX_ACTIONS)
            b->pend[b->n_pend++] = a;
        for (;;) {
            char line[PROTO_LINE_MAX];
            int k = proto_actions_command(&b->base, b->pend, b->n_pend, line, sizeof line);
            if (k <= 0)
                break;
            tell(b, line);
            for (int i = 0; i < k; i++)
                buraco_rules.apply(&b->base, b->pend[i]);
            memmove(b->pend, b->pend + k, sizeof(Action) * (size_t)(b->n_pend - k));
            b->n_pend -= k;
        }
    }
    if (b->n_pend == 0) {
        b->base = *after;
        tell_turn(b, after); /* at once: the program may think while the table animates */
    }
}

BotSeatPoll botseat_poll(BotSeat *b, const BuracoState *s, long long now_ns, Action *out)
{
    if (b->fault != PROTO_OK)
        return BOTSEAT_FAULT;
    if (!b->running)
        return BOTSEAT_WAIT;
    char why[200];
    ProtoFault f = botproc_flush(&b->proc, why, sizeof why);
    if (f == PROTO_OK)
        f = botproc_read(&b->proc, why, sizeof why);
    if (f != PROTO_OK) {
        fault(b, f, "it %s", why);
        return BOTSEAT_FAULT;
    }
    if (s->phase == BUR_OVER)
        return BOTSEAT_WAIT;
    /* The answer to its draw, once the card is dealt. */
    if (b->answer_due && b->next >= b->n_acts && s->phase != BUR_DRAWING) {
        char line[PROTO_LINE_MAX];
        proto_reply_text(&b->before, s, &b->cmd, line, sizeof line);
        tell(b, line);
        b->answer_due = false;
    }
    tell_turn(b, s);
    if (b->fault != PROTO_OK)
        return BOTSEAT_FAULT;
    bool to_move = s->turn == b->seat &&
                   (s->phase == BUR_DRAW || s->phase == BUR_PLAY || s->phase == BUR_WILD);
    if (!to_move || b->answer_due)
        return BOTSEAT_WAIT;
    if (b->next < b->n_acts) {
        *out = b->acts[b->next++];
        return BOTSEAT_ACTION;
    }
    char line[PROTO_LINE_MAX + 2];
    ProtoFault lf;
    if (botproc_take_line(&b->proc, line, &lf, why, sizeof why)) {
        b->waiting = false;
        char reason[512];
        ProtoCommand cmd;
        ProtoFault pf = proto_parse_command(line, &cmd, reason, sizeof reason);
        int na = 0;
        if (pf == PROTO_OK)
            pf = proto_command_actions(s, &cmd, b->acts, &na, reason, sizeof reason);
        if (pf != PROTO_OK) {
            fault(b, pf, "%s", reason);
            return BOTSEAT_FAULT;
        }
        b->cmd = cmd;
        b->before = *s;
        b->n_acts = na;
        b->next = 0;
        b->answer_due = cmd.type == PROTO_GET_STOCK || cmd.type == PROTO_GET_DISCARD;
        if (na <= 0)
            return BOTSEAT_WAIT;
        *out = b->acts[b->next++];
        return BOTSEAT_ACTION;
    }
    if (lf != PROTO_OK) {
        fault(b, lf, "it %s", why);
        return BOTSEAT_FAULT;
    }
    if (b->proc.eof) {
        char how[160];
        botproc_describe_exit(&b->proc, how, sizeof how);
        fault(b, PROTO_FAULT_EXITED, "the program %s", how);
        return BOTSEAT_FAULT;
    }
    if (!b->waiting) {
        b->waiting = true;
        b->deadline_ns = now_ns + (long long)b->timeout_ms * 1000000LL;
    } else if (now_ns > b->deadline_ns) {
        fault(b, PROTO_FAULT_TIMEOUT, "no command in %d ms", b->timeout_ms);
        return BOTSEAT_FAULT;
    }
    return BOTSEAT_WAIT;
}

void botseat_stop(BotSeat *b)
{
    botproc_free(&b->proc);
    b->running = false;
}
