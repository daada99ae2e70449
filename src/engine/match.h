/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The match: the one layer between a table (or the command line) and a game's rules.
 * It owns the state, the seats, the history, the chance draws, bot requests and the
 * autosave. Pure C (threads for bots), no SDL. */
#ifndef TASCA_MATCH_H
#define TASCA_MATCH_H

#include <pthread.h>
#include <stdatomic.h>

#include "ai/bot.h"
#include "rules.h"

#define MATCH_SAVE_VERSION 1
#define MATCH_MAX_HISTORY 100000
#define MATCH_ERR 256

typedef struct {
    bool bot;
    Difficulty difficulty;
} SeatSpec;

/* Who sits in a seat: a person at this table, the computer (a bot of the seat's level), a
 * program of the person's (a Buraco bot program, which a table drives itself), or someone
 * at another table. The match knows the first two; a table may say more. */
typedef enum { SEAT_HUMAN, SEAT_BOT, SEAT_PROGRAM, SEAT_REMOTE } SeatKind;

typedef struct Match Match;

/* Called after every applied action, with the player who acted (or PLAYER_CHANCE). */
typedef void (*MatchListener)(void *user, const Match *m, int player, Action a);

typedef struct BotJob BotJob;

/* A table played elsewhere (a networked table's dealer holds the real one): the match
 * mirrors it for one seat. The mirror's state is what that seat sees (a view: hidden cards
 * are CARD_HIDDEN), its history the steps that seat saw, its other seats SEAT_REMOTE. It
 * applies nothing itself: the seat's actions go to `send`, and the table's steps come back
 * through `next`, each with the seat's view after it.
 *
 * `seat` and `present` tell who sits where, for plates and "waiting for..." markers; `link`
 * the state of the connection. Every function is called from the thread that owns the
 * match; the feed keeps its own locks. */
typedef enum { FEED_SEAT_PLAYER, FEED_SEAT_AWAY, FEED_SEAT_BOT, FEED_SEAT_STAND_IN, FEED_SEAT_EMPTY } FeedSeatState;

typedef struct {
    FeedSeatState state;
    Difficulty difficulty; /* a bot's, or a stand-in's */
    char name[32];
    int away_left; /* seconds before a bot stands in (FEED_SEAT_AWAY); -1 never */
    bool again;    /* the game is over and this seat asked to play again (a bot always has) */
} FeedSeat;

typedef enum { FEED_LINK_UP, FEED_LINK_DOWN, FEED_LINK_CLOSED } FeedLink;

/* Whether the game just ended was dealt fairly, as the seat checked it by itself (the
 * networked tables' commit and reveal): not known yet, nothing to check (a table that
 * deals from its creator's seed), verified, or not. */
typedef enum { FEED_DEAL_UNKNOWN, FEED_DEAL_FIXED, FEED_DEAL_VERIFIED, FEED_DEAL_FAILED } FeedDeal;

typedef struct {
    void *user;
    /* Sends the seat's action, made after `at` steps; NULL, or why it cannot be sent. The
     * answer is the step it leads to (next), or a refusal (refused). */
    const char *(*send)(void *user, Action a, uint32_t at);
    /* The next step, if one has arrived: who made it (PLAYER_CHANCE: a deal), what
     * (ACTION_HIDDEN when the seat cannot know it), the table's number of steps after it
     * and the seat's view after it (the rules' state_size bytes). */
    bool (*next)(void *user, int *player, Action *a, uint32_t *steps, void *view);
    /* A refusal of a sent action, if one has arrived: its reason. */
    bool (*refused)(void *user, char *why, size_t size);
    /* Who sits at `seat` now; false when the feed does not know yet. */
    bool (*seat)(void *user, int seat, FeedSeat *out);
    FeedLink (*link)(void *user);
    /* Play again at the same table (NULL: the table plays one game): once the game is over,
     * the seat asks for the next (NULL, or why it cannot); `restart` gives the next game's
     * first view once it has begun (the table's step count after it and the view). */
    const char *(*again)(void *user);
    bool (*restart)(void *user, uint32_t *steps, void *view);
    /* Once the game is over: was it dealt fairly? (NULL: the feed cannot tell.) */
    FeedDeal (*deal)(void *user, char *why, size_t size);
} MatchFeed;

struct Match {
    const GameRules *rules;
    GameOptions options;
    int num_players;
    uint64_t seed;
    SeatSpec seats[RULES_MAX_PLAYERS];
    void *state;
    Action *history;
    int *history_player;
    int history_len, history_cap;
    int chance_count; /* chance actions so far: the k-th draw uses its own stream */
    char autosave_path[1024];
    char autosave_error[MATCH_ERR]; /* last autosave failure, "" if none */
    int autosave_errno;             /* and its errno (0 if none) */
    MatchListener listener;
    void *listener_user;
    /* Hears of every autosave tried (match_autosave), with listener_user: autosave_error
     * says how it went. NULL: nobody. */
    void (*saved)(void *user, const Match *m);
    BotJob *job;
    /* Per seat: 1 + the step (history length) of its last answer taken from the bot's
     * thread (match_bot_poll); 0: none. */
    int job_step[RULES_MAX_PLAYERS];
    /* A mirror (match_mirror): where its steps come from, the table's step count and
     * whether the seat's last action is still on its way. */
    MatchFeed feed;
    bool mirror, sent, asked;
    int mirror_seat;
    uint32_t steps;
    /* Hints taken (match_hint_taken): how many per seat, and at which step (history
     * length when taken), in order. */
    int hints[RULES_MAX_PLAYERS];
    int *hint_step, hint_len, hint_cap;
    /* Each seat's limit beyond the rules (match_set_limit; flags 0: none). */
    BotLimit limit[RULES_MAX_PLAYERS];
};

Match *match_create(const GameRules *rules, const GameOptions *opt, int num_players,
                    const SeatSpec *seats, uint64_t seed, char *err, size_t errsize);
void match_free(Match *m);

/* A mirror of a table played elsewhere, for `seat`, from that seat's view after `steps`
 * steps (state_size bytes). Its seat is a person here; the others are SEAT_REMOTE. It is
 * never autosaved (the table elsewhere keeps the record). */
Match *match_mirror(const GameRules *rules, const GameOptions *opt, int num_players, int seat,
                    const void *view, uint32_t steps, const MatchFeed *feed, char *err,
                    size_t errsize);
/* Takes the next step the feed has, if any: the state becomes the view after it, the step
 * joins the history and the listener hears of it. 1 when a step was taken, 0 when none is
 * waiting; 2 when the next game at the table has begun: the state is its first view and
 * the history is empty again (the listener does not hear of it: the table starts over). */
int match_mirror_pull(Match *m);
/* The game is over: the seat asks to play again at the same table. NULL, or why not. */
const char *match_mirror_again(Match *m);
/* The seat has asked to play again (until the next game begins). */
bool match_mirror_asked(const Match *m);
/* A refusal of the seat's last action, if one arrived (the seat may act again). */
bool match_mirror_refused(Match *m, char *why, size_t size);

int match_current_player(const Match *m);
bool match_is_over(const Match *m);
/* The seat's kind as the match knows it: SEAT_BOT or SEAT_HUMAN, or SEAT_REMOTE for the
 * other seats of a mirror. */
SeatKind match_seat_kind(const Match *m, int seat);
/* Is a bot to move (not chance, not terminal, not a human)? */
bool match_bot_to_move(const Match *m);

/* Applies any action (player's or chance); refuses an illegal one with its reason.
 * Records it, tells the listener and autosaves. A mirror refuses: its steps are the
 * table's elsewhere. */
const char *match_apply(Match *m, Action a);
/* A seat's own move: refused unless that seat is to move. A mirror checks it against the
 * seat's view and sends it (it is applied when the table's step comes back). */
const char *match_submit(Match *m, int seat, Action a);
/* The chance outcome the match draws next (deterministic in seed and draw number). */
Action match_next_chance(const Match *m);
/* Applies chance outcomes until a player is to move or the game ends; returns how many. */
int match_play_chance(Match *m);

/* Synchronous bot move for the seat to move (uses its difficulty); applies it. */
const char *match_play_bot(Match *m);
/* Bot requests off the calling thread: start one for the seat to move on a copy of its
 * view; poll until it answers; the answer is not applied (the caller paces and applies).
 * `wake` (may be NULL) is called from the worker thread when the answer is ready. */
int match_bot_start(Match *m, void (*wake)(void *user), void *user);
bool match_bot_busy(const Match *m);
bool match_bot_poll(Match *m, Action *out);
void match_bot_cancel(Match *m);

/* A limit on the choices of a bot seat (a table's house option: bot.h, BotLimit), applied
 * wherever the match decides for that seat: on the bot's thread (match_bot_start) and in
 * match_play_bot. NULL or flags 0 lifts it. Not saved: the table sets it again (the record
 * holds the actions, which replay the same whatever the limit was). A request already
 * thinking for that seat under another limit starts again under this one. */
void match_set_limit(Match *m, int seat, const BotLimit *limit);

/* The seat to move took a hint now: recorded (saved as a "hint" line before its next
 * action) and counted. -1 when no seat is to move or out of memory. */
int match_hint_taken(Match *m);
/* Hints taken by `seat` in this game. */
int match_hints(const Match *m, int seat);

/* Fills view with what `seat` can see now. */
void match_view(const Match *m, int seat, void *view);

/* Save files: text, one action per line (see save.c). */
void match_set_autosave(Match *m, const char *path);
/* Writes the autosave now (match_apply and match_hint_taken do after every step): 0, or -1
 * with the reason in m->autosave_error; m->saved hears of it. Nothing (0) without a path. */
int match_autosave(Match *m);
/* Returns a heap string with the save text. */
char *match_save_text(const Match *m);
int match_save(const Match *m, const char *path, char *err, size_t errsize);
/* Parses and replays save text; NULL and a one-line reason in err when it is not valid. */
Match *match_load_text(const char *text, size_t len, char *err, size_t errsize);
Match *match_load(const char *path, char *err, size_t errsize);

/* Applies `a` through the rules on a copy, without touching the match: a dry run. A
 * mirror, which cannot apply on a view, checks that the action is legal. */
const char *match_check(const Match *m, Action a);

#endif
