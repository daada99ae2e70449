/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buraco bot protocol (see protocol.h). */
#include "protocol.h"

#include <stdio.h>
#include <string.h>

static const char *const fault_names[PROTO_FAULT_COUNT] = {
    "ok",
    "unknown command",
    "malformed command",
    "not a card",
    "command out of order",
    "invalid meld",
    "card not held",
    "no answer in time",
    "program ended",
    "output flood",
};

const char *proto_fault_name(ProtoFault f)
{
    return f >= 0 && f < PROTO_FAULT_COUNT ? fault_names[f] : "?";
}

bool proto_take_line(char *buf, size_t *len, char *line)
{
    char *nl = *len ? memchr(buf, '\n', *len) : NULL;
    if (!nl)
        return false;
    size_t n = (size_t)(nl - buf);
    memcpy(line, buf, n);
    line[n] = '\0';
    if (n && line[n - 1] == '\r')
        line[n - 1] = '\0';
    memmove(buf, nl + 1, *len - n - 1);
    *len -= n + 1;
    return true;
}

/* The suits in the protocol's bytes, indexed by our suit numbers. */
static const char *const suit_bytes[SUIT_COUNT] = {"\xE2\x99\xA3", "\xE2\x99\xA6", "\xE2\x99\xA5",
                                                   "\xE2\x99\xA0"};

bool proto_parse_card(const char *t, size_t len, Card *out)
{
    int rank;
    size_t rl;
    if (len < 4)
        return false;
    if (len >= 5 && t[0] == '1' && t[1] == '0') {
        rank = 10;
        rl = 2;
    } else {
        rl = 1;
        switch (t[0]) {
        case 'A': rank = RANK_ACE; break;
        case 'J': rank = RANK_JACK; break;
        case 'Q': rank = RANK_QUEEN; break;
        case 'K': rank = RANK_KING; break;
        default:
            if (t[0] < '2' || t[0] > '9')
                return false;
            rank = t[0] - '0';
        }
    }
    if (len != rl + 3)
        return false;
    for (int s = 0; s < SUIT_COUNT; s++)
        if (memcmp(t + rl, suit_bytes[s], 3) == 0) {
            *out = card_make(rank, s);
            return true;
        }
    return false;
}

size_t proto_format_cards(const Card *cards, int n, char *out, size_t size)
{
    size_t len = 0;
    if (size < 4) {
        if (size)
            out[0] = '\0';
        return 0;
    }
    out[len++] = '[';
    for (int i = 0; i < n; i++) {
        char t[CARD_TEXT_MAX];
        card_to_text(cards[i], t);
        size_t tl = strlen(t);
        if (len + 1 + tl + 3 > size)
            break;
        out[len++] = ' ';
        memcpy(out + len, t, tl);
        len += tl;
    }
    out[len++] = ' ';
    out[len++] = ']';
    out[len] = '\0';
    return len;
}

/* ---- Words ------------------------------------------------------------------------ */

#define MAX_WORDS (PROTO_MAX_CARDS + 8)

typedef struct {
    const char *p;
    size_t len;
} Word;

/* Splits on spaces; returns the count, or -1 when there are too many words. */
static int split(const char *line, size_t len, Word *w, int max)
{
    int n = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && line[i] == ' ')
            i++;
        if (i == len)
            break;
        size_t start = i;
        while (i < len && line[i] != ' ')
            i++;
        if (n == max)
            return -1;
        w[n].p = line + start;
        w[n].len = i - start;
        n++;
    }
    return n;
}

static bool word_is(const Word *w, const char *s)
{
    size_t l = strlen(s);
    return w->len == l && memcmp(w->p, s, l) == 0;
}

/* Cards from words[from..to), optionally inside "[" "]". Returns the count or -1 (with
 * the fault set). */
static int word_cards(const Word *w, int from, int to, bool need_brackets, Card *out,
                      ProtoFault *fault, char *why, size_t whysize)
{
    bool open = from < to && word_is(&w[from], "[");
    if (open || need_brackets) {
        if (!open || to - from < 2 || !word_is(&w[to - 1], "]")) {
            *fault = PROTO_FAULT_FORMAT;
            snprintf(why, whysize, "the cards must be written between [ and ]");
            return -1;
        }
        from++;
        to--;
    }
    int n = 0;
    for (int i = from; i < to; i++) {
        if (n == PROTO_MAX_CARDS) {
            *fault = PROTO_FAULT_FORMAT;
            snprintf(why, whysize, "too many cards");
            return -1;
        }
        if (!proto_parse_card(w[i].p, w[i].len, &out[n])) {
            bool bracket = word_is(&w[i], "[") || word_is(&w[i], "]");
            *fault = bracket ? PROTO_FAULT_FORMAT : PROTO_FAULT_CARD;
            snprintf(why, whysize, "'%.*s' is not a card", (int)(w[i].len > 40 ? 40 : w[i].len),
                     w[i].p);
            return -1;
        }
        n++;
    }
    return n;
}

int proto_parse_cards(const char *text, bool loose, Card *out, int max)
{
    size_t len = strlen(text);
    while (len && (text[len - 1] == '\r' || text[len - 1] == '\n'))
        len--;
    Word w[MAX_WORDS];
    int nw = split(text, len, w, MAX_WORDS);
    if (nw < 0)
        return -1;
    Card cards[PROTO_MAX_CARDS];
    ProtoFault f;
    char why[8];
    int n = word_cards(w, 0, nw, !loose, cards, &f, why, sizeof why);
    if (n < 0 || n > max)
        return -1;
    memcpy(out, cards, (size_t)n * sizeof *cards);
    return n;
}

static void quote(const Word *w, char *out, size_t size)
{
    size_t n = w->len > 40 ? 40 : w->len;
    /* Control characters would garble a terminal line. */
    size_t k = 0;
    for (size_t i = 0; i < n && k + 4 < size; i++) {
        unsigned char ch = (unsigned char)w->p[i];
        if (ch < 32 || ch == 127)
            k += (size_t)snprintf(out + k, size - k, "\\x%02X", ch);
        else
            out[k++] = (char)ch;
    }
    if (size)
        out[k < size ? k : size - 1] = '\0';
}

ProtoFault proto_parse_command(const char *line, ProtoCommand *cmd, char *why, size_t whysize)
{
    size_t len = strnlen(line, PROTO_LINE_MAX + 1);
    if (len > PROTO_LINE_MAX) {
        snprintf(why, whysize, "a line longer than %d bytes", PROTO_LINE_MAX);
        return PROTO_FAULT_FLOOD;
    }
    if (len && line[len - 1] == '\r')
        len--;
    Word w[MAX_WORDS];
    int nw = split(line, len, w, MAX_WORDS);
    if (nw < 0) {
        snprintf(why, whysize, "too many words");
        return PROTO_FAULT_FORMAT;
    }
    memset(cmd, 0, sizeof *cmd);
    cmd->meld = -1;
    if (nw == 0) {
        snprintf(why, whysize, "an empty line instead of a command");
        return PROTO_FAULT_UNKNOWN;
    }
    ProtoFault fault = PROTO_OK;
    int n;
    if (word_is(&w[0], "GET_STOCK")) {
        cmd->type = PROTO_GET_STOCK;
        if (nw != 1) {
            snprintf(why, whysize, "GET_STOCK takes no arguments");
            return PROTO_FAULT_FORMAT;
        }
        return PROTO_OK;
    }
    if (word_is(&w[0], "GET_DISCARD") || word_is(&w[0], "MELD_NEW")) {
        bool take = w[0].len == 11;
        cmd->type = take ? PROTO_GET_DISCARD : PROTO_MELD_NEW;
        if ((n = word_cards(w, 1, nw, false, cmd->cards, &fault, why, whysize)) < 0)
            return fault;
        cmd->n = n;
        if (n < (take ? 2 : 3)) {
            snprintf(why, whysize, take ? "GET_DISCARD needs at least two cards of the hand"
                                        : "MELD_NEW needs at least three cards");
            return n == 0 ? PROTO_FAULT_FORMAT : PROTO_FAULT_MELD;
        }
        return PROTO_OK;
    }
    if (word_is(&w[0], "MELD_JOIN")) {
        cmd->type = PROTO_MELD_JOIN;
        if (nw < 2) {
            snprintf(why, whysize, "MELD_JOIN needs a meld number and cards");
            return PROTO_FAULT_FORMAT;
        }
        int idx = 0;
        bool ok = w[1].len > 0 && w[1].len <= 3;
        for (size_t i = 0; ok && i < w[1].len; i++) {
            ok = w[1].p[i] >= '0' && w[1].p[i] <= '9';
            idx = idx * 10 + (w[1].p[i] - '0');
        }
        if (!ok) {
            char q[64];
            quote(&w[1], q, sizeof q);
            snprintf(why, whysize, "'%s' is not a meld number", q);
            return PROTO_FAULT_FORMAT;
        }
        cmd->meld = idx;
        if ((n = word_cards(w, 2, nw, true, cmd->cards, &fault, why, whysize)) < 0)
            return fault;
        cmd->n = n;
        if (n < 1) {
            snprintf(why, whysize, "MELD_JOIN needs at least one card");
            return PROTO_FAULT_FORMAT;
        }
        return PROTO_OK;
    }
    if (word_is(&w[0], "DISCARD")) {
        cmd->type = PROTO_DISCARD;
        if ((n = word_cards(w, 1, nw, false, cmd->cards, &fault, why, whysize)) < 0)
            return fault;
        cmd->n = n;
        if (n != 1) {
            snprintf(why, whysize, "DISCARD takes exactly one card");
            return PROTO_FAULT_FORMAT;
        }
        return PROTO_OK;
    }
    char q[64];
    quote(&w[0], q, sizeof q);
    snprintf(why, whysize, "unknown command '%s'", q);
    return PROTO_FAULT_UNKNOWN;
}

/* ---- Commands into actions -------------------------------------------------------- */

/* Does the hand of the seat to move hold these cards (as a multiset)? */
static bool holds(const BuracoState *s, const Card *cards, int n, Card *missing)
{
    int need[BUR_FACES] = {0};
    for (int i = 0; i < n; i++) {
        int f = buraco_face(cards[i]);
        if (++need[f] > s->hand[s->turn][f]) {
            *missing = cards[i];
            return false;
        }
    }
    return true;
}

static const char *card_str(Card c, char out[CARD_TEXT_MAX]) { return buraco_card_text(c, out); }

/* The action beginning a meld of the three cards at positions a, a+1, a+2 of info. */
static int three_card_start(const BuracoMeldInfo *info, int a, Action out[2])
{
    int i0 = a - info->lo;
    if (!info->wild_pos || info->wild_pos < a || info->wild_pos > a + 2) {
        out[0] = buraco_action(BUR_A_NEW3, info->suit << 4 | a);
        return 1;
    }
    int nat[2], k = 0;
    for (int p = a; p < a + 3; p++)
        if (p != info->wild_pos)
            nat[k++] = p;
    out[0] = buraco_action(BUR_A_NEWW, info->suit << 8 | nat[0] << 4 | nat[1]);
    out[1] = buraco_action(BUR_A_WILD, card_index(info->order[i0 + info->wild_pos - a]));
    return 2;
}

/* Applies the actions to a copy of s; true when every one is accepted. */
static bool replay_ok(const BuracoState *s, const Action *acts, int n)
{
    BuracoState copy = *s;
    for (int i = 0; i < n; i++)
        if (buraco_rules.apply(&copy, acts[i]))
            return false;
    return true;
}

/* Orders the cards to join one by one so that the meld stays valid at every step
 * (depth-first over subsets, each tried once). */
typedef struct {
    Card base[BUR_MELD_MAX];
    int nbase;
    const Card *add;
    int nadd;
    bool sets; /* the meld is a set (house rules) */
    uint8_t seen[1 << 11]; /* bit per subset of at most 14 cards: 2^14 / 8 bytes */
    int order[BUR_MELD_MAX];
} JoinSearch;

static bool join_dfs(JoinSearch *js, unsigned used, int depth)
{
    if (depth == js->nadd)
        return true;
    if (js->seen[used >> 3] & (1u << (used & 7)))
        return false;
    js->seen[used >> 3] |= (uint8_t)(1u << (used & 7));
    Card cur[BUR_MELD_MAX + 1];
    memcpy(cur, js->base, (size_t)js->nbase);
    int n = js->nbase;
    for (int i = 0; i < js->nadd; i++)
        if (used & (1u << i))
            cur[n++] = js->add[i];
    for (int i = 0; i < js->nadd; i++) {
        if (used & (1u << i))
            continue;
        bool dup = false; /* an equal card already tried at this step */
        for (int j = 0; j < i && !dup; j++)
            dup = !(used & (1u << j)) && js->add[j] == js->add[i];
        if (dup)
            continue;
        cur[n] = js->add[i];
        if (!buraco_meld_check2(cur, n + 1, js->sets, NULL))
            continue;
        js->order[depth] = i;
        if (join_dfs(js, used | 1u << i, depth + 1))
            return true;
    }
    return false;
}

#define FAULT(f, ...)                                                                      \
    do {                                                                                   \
        snprintf(why, whysize, __VA_ARGS__);                                               \
        return (f);                                                                        \
    } while (0)

/* The house rules (issue 24; never in the contest's game): melds begun by any three of
 * the cards that the rules accept (a run, a set, with a wild or a joker), the rest joined
 * one by one; the pile taken with any two of them, whole (open pile) or onto a meld. */
static bool start_actions(const BuracoState *s, const Card *three, Action out[2], int *n)
{
    BuracoMeldInfo info;
    if (!buraco_meld_check2(three, 3, s->sets, &info))
        return false;
    if (!info.set) {
        *n = three_card_start(&info, info.lo, out);
        return true;
    }
    int su[3], k = 0;
    Card wild = CARD_NONE;
    for (int i = 0; i < 3; i++) {
        if (buraco_is_wildcard(info.order[i]))
            wild = info.order[i];
        else
            su[k++] = card_suit(info.order[i]);
    }
    for (int i = 1; i < k; i++) /* in order */
        for (int j = i; j > 0 && su[j] < su[j - 1]; j--) {
            int t = su[j];
            su[j] = su[j - 1];
            su[j - 1] = t;
        }
    if (k == 3) {
        out[0] = buraco_action(BUR_A_SET3, info.lo << 6 | su[0] << 4 | su[1] << 2 | su[2]);
        *n = 1;
    } else {
        out[0] = buraco_action(BUR_A_SETW, info.lo << 4 | su[0] << 2 | su[1]);
        out[1] = buraco_action(BUR_A_WILD, buraco_face(wild));
        *n = 2;
    }
    return true;
}

/* The rest of the cards (all but those flagged in `used`) joined onto meld `meld` of the
 * state after the first actions. */
static bool join_rest(const BuracoState *s, const Action *first, int nfirst, int meld,
                      const Card *cards, int n, unsigned used, Action out[PROTO_MAX_ACTIONS],
                      int *nout)
{
    BuracoState v = *s;
    for (int i = 0; i < nfirst; i++)
        if (buraco_rules.apply(&v, first[i]))
            return false;
    int team = buraco_team(s->turn);
    if (meld >= v.n_melds[team])
        return false;
    Card rest[BUR_MELD_MAX];
    int nr = 0;
    for (int i = 0; i < n; i++)
        if (!(used & 1u << i))
            rest[nr++] = cards[i];
    const BuracoMeld *m = &v.melds[team][meld];
    if (m->n + nr > BUR_MELD_MAX || nfirst + nr > PROTO_MAX_ACTIONS)
        return false;
    static _Thread_local JoinSearch js;
    memset(js.seen, 0, sizeof js.seen);
    memcpy(js.base, m->c, m->n);
    js.nbase = m->n;
    js.add = rest;
    js.nadd = nr;
    js.sets = m->kind;
    if (!join_dfs(&js, 0, 0))
        return false;
    memcpy(out, first, sizeof first[0] * (size_t)nfirst);
    *nout = nfirst;
    for (int i = 0; i < nr; i++)
        out[(*nout)++] = buraco_action(BUR_A_JOIN, meld << 6 | buraco_face(rest[js.order[i]]));
    return true;
}

static bool house_rules(const BuracoState *s)
{
    return s->jokers || s->sets || s->pile_rule != BUR_PILE_STRICT;
}

static bool house_actions(const BuracoState *s, const ProtoCommand *cmd,
                          Action out[PROTO_MAX_ACTIONS], int *n)
{
    int team = buraco_team(s->turn);
    const Card *c = cmd->cards;
    int k = cmd->n;
    Action first[2];
    int nf;
    switch (cmd->type) {
    case PROTO_GET_DISCARD:
        if (s->pile_rule == BUR_PILE_OPEN) {
            out[0] = buraco_action(BUR_A_TAKEALL, 0);
            *n = 1;
            return true;
        }
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++) {
                int f1 = buraco_face(c[i]), f2 = buraco_face(c[j]);
                first[0] = buraco_action(BUR_A_TAKE, f1 < f2 ? f1 << 6 | f2 : f2 << 6 | f1);
                if (join_rest(s, first, 1, s->n_melds[team], c, k, 1u << i | 1u << j, out, n))
                    return true;
            }
        return false;
    case PROTO_MELD_NEW:
        for (int i = 0; i < k; i++)
            for (int j = i + 1; j < k; j++)
                for (int l = j + 1; l < k; l++) {
                    Card three[3] = {c[i], c[j], c[l]};
                    if (start_actions(s, three, first, &nf) &&
                        join_rest(s, first, nf, s->n_melds[team], c, k,
                                  1u << i | 1u << j | 1u << l, out, n))
                        return true;
                }
        return false;
    case PROTO_MELD_JOIN:
        return join_rest(s, NULL, 0, cmd->meld, c, k, 0, out, n);
    default:
        return false;
    }
}

ProtoFault proto_command_actions(const BuracoState *s, const ProtoCommand *cmd,
                                 Action out[PROTO_MAX_ACTIONS], int *n, char *why,
                                 size_t whysize)
{
    *n = 0;
    if (house_rules(s) && (s->phase == BUR_DRAW || s->phase == BUR_PLAY) &&
        (cmd->type == PROTO_GET_DISCARD || cmd->type == PROTO_MELD_NEW ||
         cmd->type == PROTO_MELD_JOIN)) {
        if (cmd->n > BUR_MELD_MAX)
            FAULT(PROTO_FAULT_MELD, "a meld holds at most %d cards", BUR_MELD_MAX);
        if (house_actions(s, cmd, out, n) && replay_ok(s, out, *n))
            return PROTO_OK;
        *n = 0;
        FAULT(PROTO_FAULT_MELD, "those cards make no meld here");
    }
    char c1[CARD_TEXT_MAX];
    Card missing = CARD_NONE;
    bool drawing = s->phase == BUR_DRAW, playing = s->phase == BUR_PLAY;
    if (!drawing && !playing)
        FAULT(PROTO_FAULT_ORDER, "it is not the time for a command");
    switch (cmd->type) {
    case PROTO_GET_STOCK:
    case PROTO_GET_DISCARD:
        if (!drawing)
            FAULT(PROTO_FAULT_ORDER, "%s after drawing this turn; now MELD_NEW, MELD_JOIN "
                                     "or DISCARD",
                  cmd->type == PROTO_GET_STOCK ? "GET_STOCK" : "GET_DISCARD");
        break;
    default:
        if (!playing)
            FAULT(PROTO_FAULT_ORDER, "the turn must begin with GET_STOCK or GET_DISCARD");
        break;
    }
    int team = buraco_team(s->turn);
    BuracoMeldInfo info;
    switch (cmd->type) {
    case PROTO_GET_STOCK:
        out[(*n)++] = buraco_action(BUR_A_DRAW, 0);
        return PROTO_OK;
    case PROTO_DISCARD:
        if (!holds(s, cmd->cards, 1, &missing))
            FAULT(PROTO_FAULT_NOT_HELD, "DISCARD %s: not in the hand", card_str(cmd->cards[0], c1));
        out[(*n)++] = buraco_action(BUR_A_DISCARD, buraco_face(cmd->cards[0]));
        return PROTO_OK;
    case PROTO_GET_DISCARD: {
        if (cmd->n + 1 > BUR_MELD_MAX)
            FAULT(PROTO_FAULT_MELD, "a meld holds at most %d cards", BUR_MELD_MAX);
        if (!holds(s, cmd->cards, cmd->n, &missing))
            FAULT(PROTO_FAULT_NOT_HELD, "%s is not in the hand", card_str(missing, c1));
        if (s->pile_n == 0)
            FAULT(PROTO_FAULT_ORDER, "the discard pile is empty");
        Card all[BUR_MELD_MAX];
        all[0] = buraco_pile_top(s);
        memcpy(all + 1, cmd->cards, (size_t)cmd->n);
        if (!buraco_meld_check(all, cmd->n + 1, &info))
            FAULT(PROTO_FAULT_MELD, "the top of the pile (%s) and those cards make no meld",
                  card_str(all[0], c1));
        /* A three-card window around a place of the top card: the take; then the other
         * places outwards, one join each. */
        int at = -1;
        for (int i = 0; i < info.n && at < 0; i++)
            if (info.order[i] == all[0])
                at = info.lo + i;
        int a = at - 1 < info.lo ? info.lo : at - 1;
        if (a + 2 > info.hi)
            a = info.hi - 2;
        Card two[2];
        int k = 0;
        bool top_used = false;
        for (int p = a; p < a + 3; p++) {
            Card c = info.order[p - info.lo];
            if (!top_used && c == all[0])
                top_used = true;
            else
                two[k++] = c;
        }
        int f1 = card_index(two[0]), f2 = card_index(two[1]);
        out[(*n)++] = buraco_action(BUR_A_TAKE, f1 < f2 ? f1 << 6 | f2 : f2 << 6 | f1);
        int meld = s->n_melds[team];
        for (int p = a - 1; p >= info.lo; p--)
            out[(*n)++] = buraco_action(BUR_A_JOIN, meld << 6 | card_index(info.order[p - info.lo]));
        for (int p = a + 3; p <= info.hi; p++)
            out[(*n)++] = buraco_action(BUR_A_JOIN, meld << 6 | card_index(info.order[p - info.lo]));
        break;
    }
    case PROTO_MELD_NEW: {
        if (cmd->n > BUR_MELD_MAX)
            FAULT(PROTO_FAULT_MELD, "a meld holds at most %d cards", BUR_MELD_MAX);
        if (!holds(s, cmd->cards, cmd->n, &missing))
            FAULT(PROTO_FAULT_NOT_HELD, "%s is not in the hand", card_str(missing, c1));
        if (!buraco_meld_check(cmd->cards, cmd->n, &info))
            FAULT(PROTO_FAULT_MELD, "those cards make no meld");
        if (s->n_melds[team] >= BUR_MAX_MELDS)
            FAULT(PROTO_FAULT_MELD, "too many melds");
        *n = three_card_start(&info, info.lo, out);
        int meld = s->n_melds[team];
        for (int p = info.lo + 3; p <= info.hi; p++)
            out[(*n)++] = buraco_action(BUR_A_JOIN, meld << 6 | card_index(info.order[p - info.lo]));
        break;
    }
    case PROTO_MELD_JOIN: {
        if (cmd->meld < 0 || cmd->meld >= s->n_melds[team])
            FAULT(PROTO_FAULT_FORMAT, "the team has no meld %d (it has %d)", cmd->meld,
                  s->n_melds[team]);
        const BuracoMeld *m = &s->melds[team][cmd->meld];
        if (m->n + cmd->n > BUR_MELD_MAX)
            FAULT(PROTO_FAULT_MELD, "a meld holds at most %d cards", BUR_MELD_MAX);
        if (!holds(s, cmd->cards, cmd->n, &missing))
            FAULT(PROTO_FAULT_NOT_HELD, "%s is not in the hand", card_str(missing, c1));
        Card all[BUR_MELD_MAX];
        memcpy(all, m->c, m->n);
        memcpy(all + m->n, cmd->cards, (size_t)cmd->n);
        if (!buraco_meld_check(all, m->n + cmd->n, NULL))
            FAULT(PROTO_FAULT_MELD, "those cards do not fit meld %d", cmd->meld);
        static _Thread_local JoinSearch js;
        memset(js.seen, 0, sizeof js.seen);
        memcpy(js.base, m->c, m->n);
        js.nbase = m->n;
        js.add = cmd->cards;
        js.nadd = cmd->n;
        if (!join_dfs(&js, 0, 0))
            FAULT(PROTO_FAULT_MELD, "those cards do not fit meld %d", cmd->meld);
        for (int i = 0; i < cmd->n; i++)
            out[(*n)++] = buraco_action(BUR_A_JOIN, cmd->meld << 6 |
                                                        card_index(cmd->cards[js.order[i]]));
        break;
    }
    }
    if (!replay_ok(s, out, *n)) {
        *n = 0;
        FAULT(PROTO_FAULT_MELD, "those cards make no meld here");
    }
    return PROTO_OK;
}

/* ---- Text for the others, and a client's commands ---------------------------------- */

void proto_broadcast_text(const BuracoState *s, const ProtoCommand *cmd, char *out,
                          size_t size)
{
    char list[PROTO_LINE_MAX];
    char c1[CARD_TEXT_MAX];
    BuracoMeldInfo info;
    (void)s;
    switch (cmd->type) {
    case PROTO_GET_STOCK:
        snprintf(out, size, "GET_STOCK");
        break;
    case PROTO_GET_DISCARD:
        proto_format_cards(cmd->cards, cmd->n, list, sizeof list);
        snprintf(out, size, "GET_DISCARD %s", list);
        break;
    case PROTO_MELD_NEW:
        if (buraco_meld_check(cmd->cards, cmd->n, &info))
            proto_format_cards(info.order, info.n, list, sizeof list);
        else
            proto_format_cards(cmd->cards, cmd->n, list, sizeof list);
        snprintf(out, size, "MELD_NEW %s", list);
        break;
    case PROTO_MELD_JOIN:
        proto_format_cards(cmd->cards, cmd->n, list, sizeof list);
        snprintf(out, size, "MELD_JOIN %d %s", cmd->meld, list);
        break;
    case PROTO_DISCARD:
        snprintf(out, size, "DISCARD %s", card_str(cmd->cards[0], c1));
        break;
    }
}

void proto_reply_text(const BuracoState *before, const BuracoState *after,
                      const ProtoCommand *cmd, char *out, size_t size)
{
    if (size == 0)
        return;
    out[0] = '\0';
    if (cmd->type == PROTO_GET_STOCK) {
        char c[CARD_TEXT_MAX];
        if (after->drawn != CARD_NONE)
            snprintf(out, size, "%s", card_to_text(after->drawn, c));
    } else if (cmd->type == PROTO_GET_DISCARD) {
        proto_format_cards(before->pile, before->pile_n > 0 ? before->pile_n - 1 : 0, out, size);
    }
}

int proto_actions_command(const BuracoState *s, const Action *acts, int n, char *out,
                          size_t size)
{
    if (n <= 0)
        return 0;
    BuracoState st = *s;
    char list[PROTO_LINE_MAX], c1[CARD_TEXT_MAX];
    int type = buraco_action_type(acts[0]), pay = buraco_action_payload(acts[0]);
    int team = buraco_team(st.turn);
    switch (type) {
    case BUR_A_DRAW:
        snprintf(out, size, "GET_STOCK");
        return 1;
    case BUR_A_TAKE: {
        Card two[2] = {card_from_index(pay >> 6), card_from_index(pay & 63)};
        proto_format_cards(two, 2, list, sizeof list);
        snprintf(out, size, "GET_DISCARD %s", list);
        return 1;
    }
    case BUR_A_DISCARD:
        snprintf(out, size, "DISCARD %s", card_str(card_from_index(pay), c1));
        return 1;
    case BUR_A_NEW3:
    case BUR_A_NEWW:
    case BUR_A_JOIN: {
        int used = 0, meld;
        if (type == BUR_A_JOIN) {
            meld = pay >> 6;
        } else {
            meld = st.n_melds[team];
            used = type == BUR_A_NEWW ? 2 : 1;
            if (used > n || (type == BUR_A_NEWW && buraco_action_type(acts[1]) != BUR_A_WILD))
                return 0;
            for (int i = 0; i < used; i++)
                if (buraco_rules.apply(&st, acts[i]))
                    return 0;
        }
        Card joined[BUR_MELD_MAX];
        int nj = 0;
        for (; used < n && buraco_action_type(acts[used]) == BUR_A_JOIN &&
               buraco_action_payload(acts[used]) >> 6 == meld && nj < BUR_MELD_MAX;
             used++) {
            if (buraco_rules.apply(&st, acts[used]))
                break;
            joined[nj++] = card_from_index(buraco_action_payload(acts[used]) & 63);
        }
        if (used == 0)
            return 0;
        if (type == BUR_A_JOIN) {
            proto_format_cards(joined, nj, list, sizeof list);
            snprintf(out, size, "MELD_JOIN %d %s", meld, list);
        } else {
            const BuracoMeld *m = &st.melds[team][meld];
            proto_format_cards(m->c, m->n, list, sizeof list);
            snprintf(out, size, "MELD_NEW %s", list);
        }
        return used;
    }
    default:
        return 0;
    }
}
