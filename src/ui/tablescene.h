/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table scene: what every game's table shares, so that a game's scene only lays out
 * its pieces, draws them and says what input means (model: Tatham's midend and `struct
 * game`; the game never re-implements the midend).
 *
 * The table owns the match and its seats, deals the chance actions at the animation's
 * pace, drives the seats that are not the player's (bots through the pacer; a game may
 * drive a seat of its own kind, such as Buraco's bot program), the animation queue, the
 * toast, the confetti, resume and the session's seed, the statistics and the won/drawn/
 * lost counters, the end-of-game banner with its "next" button, new game (asking first
 * when a game is under way), the buttons of the table (hover, press, focus, keyboard) and
 * the routing of input.
 *
 * A game supplies a const TableGame and a state struct whose first member is a Table
 * (`Table tb`); the table allocates `size` bytes, zeroed, and every hook gets the Table,
 * which the game casts to its own struct. */
#ifndef TASCA_TABLESCENE_H
#define TASCA_TABLESCENE_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/rng.h"
#include "engine/match.h"
#include "engine/review.h"
#include "ui/anim.h"
#include "ui/app.h"
#include "ui/confetti.h"
#include "ui/pacer.h"
#include "ui/scene.h"
#include "ui/table.h"

typedef struct Table Table;

/* The end-of-game banner: a plate centred at (cx, cy) of w x h units that grows from
 * (1 - grow) of its size as it appears, the title and the reason at fractions of its
 * height, in sizes of units. */
typedef struct {
    float cx, cy, w, h, grow;
    float title_at, reason_at;
    int title_size, reason_size;
    /* Where the row of its buttons (Review, the next button, Leave the table) is centred,
     * a fraction of its height: the table lays the row out inside the plate. 0: the game
     * places the next button (its own end page). */
    float buttons_at;
} TableBanner;

/* The button the table adds after a game: "Next round", "New game". */
enum { TABLE_NEXT = 0, TABLE_BUTTONS_MAX = 16 };

typedef struct TableGame {
    const char *id;
    const GameRules *rules;
    size_t size; /* the game's state struct, whose first member is a Table */
    Rgba felt_centre, felt_edge;
    /* Untranslated (N_) texts: resuming failed (one %s, the reason); a save that is not
     * this game's; a move refused after the end; the next-game button. */
    const char *resume_notice, *not_this_game, *over_message, *next_label;
    /* The settings key after "<id>." that counts the games dealt in a session
     * ("game", "round"); NULL: each game is seeded from --seed or the clock. */
    const char *counter_key;
    uint64_t confetti_salt;
    TableBanner banner;

    /* Seats of a new game into `out` (RULES_MAX_PLAYERS); their number. NULL: two, the
     * player at seat 0 against the computer at the chosen level. */
    int (*seats)(Table *t, SeatSpec *out);
    /* After seats: the game may change the rules of the game it deals from the player's
     * (Buraco: a bot program plays the contest's game, the only one its protocol knows).
     * NULL: the player's rules. */
    void (*deal_options)(Table *t, GameOptions *opt);
    /* A seat's kind when the match alone cannot say (a program at a bot seat); NULL or
     * SEAT_HUMAN for "as the match says". */
    SeatKind (*seat_kind)(const Table *t, int seat);
    /* Its name on the table; NULL: "You" at the player's seat, else "Computer". */
    const char *(*seat_name)(const Table *t, int seat);

    /* The game's own setup after the table's (enter), and before it frees it (leave). */
    void (*enter)(Table *t);
    void (*leave)(Table *t);
    /* A game resumed from its save, before the first layout: the game may change what it
     * cannot resume as it was (the seat of a program that is not running any more). */
    void (*resumed)(Table *t);
    /* A new game was dealt: forget the old pieces. */
    void (*reset)(Table *t);
    /* The window size changed (t->tv is fitted): lay out the buttons (t->btn). */
    void (*layout)(Table *t);
    /* Put the pieces where the match says: at once (a resume, a resize, a changed
     * setting) or animated (an action). */
    void (*sync)(Table *t, bool instantly);
    /* An action was applied (player or PLAYER_CHANCE): animate it and say it. The table
     * calls sync(t, false) first and notices the end of the game after. */
    void (*on_action)(Table *t, int player, Action a);
    /* Asked before each chance action: the pause after it, at normal speed (seconds);
     * set *more to deal on at once even when animated. NULL: 0.1 s. */
    float (*chance_pause)(Table *t, bool *more);
    /* How long a bot seems to think, at normal speed (bot_pause_fn, when given, says it
     * for the position); the pause before the demonstration's seat plays; how long a
     * finished game stays on show in a demonstration (0: 1 s). */
    float bot_pause, demo_pause, demo_next;
    float (*bot_pause_fn)(const Table *t);
    /* Counts the game's own timers down; called every frame before the deal. */
    void (*update)(Table *t, float dt);
    /* Drives a seat of kind SEAT_PROGRAM (NULL: none); called every frame. */
    void (*drive)(Table *t, float dt);
    /* The result of a finished game from the player's side (+1 won, 0 drawn, -1 lost),
     * with its banner title and reason. */
    int (*result)(Table *t, char *title, size_t tsize, char *reason, size_t rsize);
    /* The game is over in the match but the table should not count it (a bot program's
     * game, a disqualification): true to leave it out of the statistics. */
    bool (*uncounted)(const Table *t);
    /* The delay before the banner shows after the last action (seconds). */
    float banner_delay;
    /* Where the confetti burst from, in units. */
    float confetti_x, confetti_y;

    /* Draws the game's pieces (between the felt and the table's overlays). */
    void (*draw)(Table *t, SDL_Renderer *r);
    /* Where the toast shows (units), and what the game draws over the confetti and the
     * banner (an end page of its own, such as a score sheet), before the toast. */
    float toast_x, toast_y;
    /* Where the toast shows now, for a game whose layout moves it (NULL: toast_x, toast_y). */
    void (*toast_at)(const Table *t, float *x, float *y);
    void (*draw_over)(Table *t, SDL_Renderer *r);
    /* Where a networked table's news shows (units), clear of the seats' hands (NULL: under
     * the top bar, x 800, y 74). */
    void (*news_at)(const Table *t, float *x, float *y);
    /* Input the table did not use (buttons and the "next" button come first). */
    bool (*event)(Table *t, const SDL_Event *e);
    /* Esc (the menu closed): drop what the player has begun (a selection, a choice, a
     * piece picked up); true when there was something. NULL: Esc opens the menu. */
    bool (*cancel)(Table *t);
    /* The buttons 1..n_buttons - 1 (TABLE_NEXT is the table's): shown now? pressed. */
    int n_buttons;
    bool (*shown)(const Table *t, int b);
    void (*press)(Table *t, int b);
    /* The game's own animations need frames, and the bots wait for them (busy);
     * something moves that a screenshot waits for (moving); the game holds the deal and
     * the bots (holding). */
    bool (*busy)(const Table *t);
    bool (*moving)(const Table *t);
    bool (*holding)(const Table *t);
    /* The next game of a match whose game ended (t->hold): the table has cleared the
     * banner; the game puts its pieces back for the deal. */
    void (*next_game)(Table *t);
    /* Settings changed (NULL: the table calls sync(t, true)). */
    void (*settings_changed)(Table *t);
    bool (*locate)(Table *t, const char *what, SDL_FRect *out);
    /* Where the player's action `a` is done on the table, for a hint's highlight: up to two
     * rectangles (pixels; a move's from and to), their count (0: none to show). */
    int (*hint_rects)(Table *t, Action a, SDL_FRect out[2]);
    /* The review of a finished game steps through every action of every seat (and the
     * final position), not only through the player's decisions: a game of open positions
     * read move by move (Moulin). The list still values the player's decisions. */
    bool review_every_action;
    /* The position on the table changes under the review (a past position shown, another,
     * or the live one back): forget the passing words, messages and flashes of the
     * position that was on show (a speech bubble, the end of a hand's message), which
     * belong to no other. The table forgets its own (the toast, the confetti). NULL:
     * nothing to forget. */
    void (*quiet)(Table *t);
} TableGame;

struct Table {
    App *app;
    const TableGame *g;
    Match *m;
    Anim anim;
    TableView tv;
    TableToast toast;
    Confetti confetti;
    BotPacer pace;
    float time;
    float deal_wait; /* seconds before the next chance action */
    /* Seconds until what the last action started has been shown (its cards landed and
     * turned): until then the table's prompts ("Your turn", the answer buttons) wait, so
     * that they never speak of a position the player has not seen yet. */
    float catch_up;
    /* A step the player should look at (the end of a hand, table_linger): the next deal
     * and the bots wait; a click or a key, once it has been on show a moment, goes on. */
    bool linger;
    float linger_seen; /* seconds it has been on show (caught up) */
    bool banner_due;   /* the game ended on that step: its banner follows it */

    uint64_t session_seed;
    int games; /* games dealt in the session */
    TableScore score;

    /* The end of a game. */
    bool over;    /* the match's result known (and counted, if it happened live) */
    bool hold;    /* a game of a match ended: the next waits for the player */
    float banner; /* 0 hidden .. 1 shown */
    float banner_age; /* seconds the banner has been up: before TABLE_GRACE, a click or a
                         key meant for the last move does not start the next game */
    int result;   /* +1 won, 0 drawn, -1 lost */
    char title[96], reason[240];
    unsigned title_lang; /* lang_generation() they were written in */

    /* Buttons: rectangles (pixels) set by the game's layout. */
    SDL_FRect btn[TABLE_BUTTONS_MAX];
    int hover, pressed, focus;
    bool press_on_end; /* the left button went down on a step on show (table_linger) */

    /* A hint (the Hint button, H where the game leaves it free, and ? everywhere): the
     * analysis runs on a worker thread; then the suggested action is highlighted and its
     * reason said until the position changes. */
    struct HintJob *hint_job;
    int hint_step;       /* the history length the hint is for; -1: none */
    bool hint_shown;
    Action hint_action;
    char hint_line[200];
    SDL_FRect hint_btn;
    bool hint_hover;

    /* "New game" while a game is under way: asked first. */
    bool confirm;
    SDL_FRect confirm_btn[2];
    int confirm_hover;

    /* The review (tablereview.c). `last` is a copy of the last game that ended on this
     * table (in a match of games, the steps [last_from, last_to) of the match so far); it
     * lives as long as the scene, so the menu can review it after the next game began. */
    int game_start; /* history length when the game on the table began (a match of games) */
    Match *last;
    int last_from, last_to;
    bool review_open;
    struct ReviewJob *review_job;
    ReviewStep *review; /* the decisions listed, once the worker is done */
    int review_n;       /* their count; -1 while the worker runs or when it failed */
    bool review_failed;
    int review_sel;     /* the decision whose position is shown; -1: none (the list, or a
                           position that was no decision of the player's) */
    int *review_pos;    /* the history steps whose positions the bar steps through: the
                           decisions', or with review_every_action every action's and the
                           game's end (last_to) */
    int review_npos;
    int review_at;      /* the position shown, an index into review_pos; -1: the list */
    int review_first;   /* the first row listed */
    int review_hover;   /* a row or a REVIEW_B_* button under the pointer, else -1 */
    Match *live;        /* while a position is shown: the live match (t->m is the shown one) */
    bool live_over, live_hold;
    float live_banner;
    SDL_FRect review_btn; /* on the banner, beside the next button */
    bool review_btn_hover;
    /* A networked table's banner: "Leave the table" right of "Play again". */
    SDL_FRect leave_btn;
    bool leave_hover;
};

/* ---- The review page and the shown position ----
 *
 * A table shows either the live match or, while the player reviews a finished game and has
 * picked one of its decisions, the position before that decision. The shown position is a
 * match of its own, replayed from the game's seed and history (review_position) and turned
 * into the player's view (observe), so that every game's scene draws it with its usual code
 * and can draw nothing the player did not see then. While it is shown, t->m IS the shown
 * match and t->live the live one: a scene needs no code of its own to draw the past, and
 * the table stops dealing and driving bots until the review is closed.
 *
 * Anything drawn "for the position the table shows" (an analysis overlay) reads
 * table_shown_match(t), and may use table_reviewing(t) to know it is a past position and
 * table_review_step(t) for the reviewed decision; the table calls the game's sync(t, true)
 * whenever the shown position changes. */

/* The match whose position the table shows: the past position being reviewed, else the
 * live match (NULL before the first deal). */
const Match *table_shown_match(const Table *t);
/* A past position is on show (a decision of the review was picked). */
bool table_reviewing(const Table *t);
/* The review page is open (its list, or a past position). */
bool table_review_is_open(const Table *t);
/* The decision shown (NULL when none): its step in the history, the move, Hard's choice,
 * the cost. */
const ReviewStep *table_review_step(const Table *t);
/* A finished game can be reviewed (a banner's Review button, the menu's entry). */
bool table_review_available(const Table *t);
/* Opens the review of the last finished game (starting the worker); false when there is
 * none. */
bool table_review_open(Table *t);
/* Shows the position before decision i of the list (-1: back to the list). */
void table_review_show(Table *t, int i);
/* The positions the bar steps through (◀ ▶): their history steps into *steps (the
 * position before that step; last_to: the game's end) and their count, -1 before the
 * worker is done. With the game's review_every_action, every action of every seat; else
 * the player's decisions. */
int table_review_positions(const Table *t, const int **steps);
/* Shows position k of table_review_positions (-1: back to the list); the one shown. */
void table_review_show_at(Table *t, int k);
int table_review_shown_at(const Table *t);
/* Closes the review page: the live match is shown again. */
void table_review_close(Table *t);
/* The decisions listed: their count and the steps once the worker is done, else -1. */
int table_review_steps(const Table *t, const ReviewStep **out);

/* For tablescene.c: a game ended (keeps its copy for the review), the page's input, its
 * worker, its drawing, the table's positions of its buttons, and its end. */
void table_review_game_over(Table *t);
bool table_review_event(Table *t, const SDL_Event *e);
void table_review_update(Table *t);
void table_review_draw(Table *t, SDL_Renderer *r);
void table_review_banner_button(Table *t);
bool table_review_locate(Table *t, const char *what, SDL_FRect *out);
void table_review_free(Table *t);
/* The Scene hook: open = false asks whether a review is available, true opens it. */
bool table_review_scene(void *self, bool open);

/* The seat's kind and name, for plates and messages. */
SeatKind table_seat_kind(const Table *t, int seat);
const char *table_seat_name(const Table *t, int seat);
/* The name of the person who plays this seat from another window of a networked table;
 * NULL when the seat is this window's or a bot's (a bot standing in for a player keeps
 * the player's name). Two-player scenes say "Ana went over 21" instead of "The computer
 * went over 21" with it. */
const char *table_person_name(const Table *t, int seat);
/* Once a networked game is over: whether its deal was checked fair by this window (every
 * card it was shown came from the deck the dealer committed to before the players sat
 * down), with the reason when it was not. FEED_DEAL_UNKNOWN offline or while not known. */
FeedDeal table_deal_check(const Table *t, char *why, size_t size);
/* The seat to move is thinking (a bot or program searching). */
bool table_seat_thinking(const Table *t, int seat);
/* A networked table's seat nobody has taken: true, and into out what the table says while
 * it is that seat's turn ("Waiting for a player to take the open seat"), not "thinking". */
bool table_open_seat_text(const Table *t, int seat, char *out, size_t size);
/* The player at this window may act now. */
bool table_player_can_act(const Table *t);
/* The level the player is up against: the first computer seat's (the chosen level when
 * no seat is the computer's). */
Difficulty table_level(const Table *t);
/* Is the seat a person at this window? */
bool table_human(const Table *t, int seat);
/* The seat of the player at this window: the first human seat (a player may change colour,
 * and so seat, from game to game); 0 when no seat is human. */
int table_player(const Table *t);

/* This window deals the games (false at a networked table, whose dealer does): choices
 * for the next game are the window's to offer. */
bool table_deals(const Table *t);
/* The player has made a move in the game under way (a new game would abandon it); not
 * once its result is known, even if a game settled it before the match ended (a forfeit). */
bool table_under_way(const Table *t);
/* Deals a new game (a new match) now, without asking. False when it could not. */
bool table_deal(Table *t);
/* The player's move: refused with a toast saying why when it is not theirs to make. */
void table_submit(Table *t, Action a);
/* The player may not move now: says why (a toast) and returns true. For a move the game
 * checks or splits into several actions before it submits them. */
bool table_refuse(Table *t);
/* Asks for a hint for the player's move (as the Hint button does). */
void table_hint(Table *t);
/* The hint being shown for the position on the table: true and its action, else false. */
bool table_hint_action(const Table *t, Action *out);

/* The table shows the position the match is in: nothing the last action started is
 * still moving (at instant speed, always). A prompt to the player waits for it. */
bool table_caught_up(const Table *t);
/* The player's turn, shown: table_player_can_act once the table has caught up. What a
 * game's "Your turn" line and its buttons for the turn go by. */
bool table_your_turn(const Table *t);
/* The step just applied is one to look at (the end of a hand): once it has been shown
 * (table_caught_up), the next deal and the bots wait `secs` more (at normal speed; none at
 * instant speed), or until the player clicks the table or presses Space or Enter after it
 * has been on show for TABLE_GRACE. */
void table_linger(Table *t, float secs);
/* That step is on show now: caught up and lingering (the game draws what it says). */
bool table_lingering(const Table *t);
/* Seconds a result must have been on show before a click or a key may move on from it:
 * the rest of a double-click, or a click meant for the last move, does not. */
#define TABLE_GRACE 0.6f

/* A networked table has news on show (the link, a seat waited for, the deal checked). */
bool table_news_shown(const Table *t);

/* A short message on the table. */
void table_say(Table *t, const char *msg);
/* The game has ended at this action (live) or was found ended (resumed): the result, the
 * statistics when live, the banner after the game's banner_delay. A game of a match that
 * goes on calls it too (the table then holds until the player goes on). */
void table_game_over(Table *t, bool live);
/* Shows the banner now (sound, confetti for a win). */
void table_show_banner(Table *t, bool live);
/* The next game, as the banner's button does. */
void table_next(Table *t);

/* A button with the table's hover/press/focus look; `flags` adds BTN_PRIMARY... */
void table_button(Table *t, int b, const char *label, int flags);
/* Presses button b when it is shown (keyboard shortcuts); true when it was. */
bool table_press(Table *t, int b);

/* A sound from an anim_call: anim_call(&t->anim, d, table_sound_cb, t, SND_X). */
void table_sound_cb(void *table, int id);

/* A card on the table, in units. */
typedef struct {
    float x, y, rot, flip, alpha, lift, scale;
    Card face; /* what it shows when turned up; CARD_HIDDEN: unknown */
    bool on;
} TableCard;

/* Draws a card `card_h` units high (times its scale, 0 taken as 1), lifted by
 * (lift + extra) * lift_units, turned by flip (0 back .. 1 face), with its shadow. */
void table_card_draw(Table *t, const TableCard *c, float card_h, float extra, float lift_units);
/* Moves a card to (x, y) over `dur` seconds after `delay`. */
void table_card_fly(Table *t, TableCard *c, float x, float y, float dur, float delay);

/* A name plate centred at (cx, cy) units: an optional colour dot, the name, an optional
 * value chip; outlined in gold while `active`. `size` is the font size in units: 22 (a
 * compact plate) or 24 (a roomier one). */
void table_plate_draw(Table *t, float cx, float cy, const char *name, const char *value,
                      const Rgba *dot, bool active, int size);
/* The seat's plate: its name, outlined in gold while the seat is to move. */
void table_seat_plate(Table *t, int seat, float cx, float cy, const char *value,
                      const Rgba *dot, int size);

/* Three cards fanned for a picker tile, turned by ang[i] degrees. */
void table_preview_cards(App *a, SDL_FRect area, const Card cards[3], const float ang[3]);

/* The Scene functions, for TABLE_SCENE. */
void *table_enter(App *app, const Scene *sc);
void table_leave(void *self);
void table_scene_layout(void *self, int w, int h);
bool table_scene_event(void *self, const SDL_Event *e);
void table_scene_action(void *self, const Match *m, int player, Action a);
void table_update(void *self, float dt);
void table_draw(void *self, SDL_Renderer *r);
bool table_animating(const void *self);
bool table_settled(const void *self);
bool table_modal(const void *self);
bool table_cancel(void *self);
void table_new_game(void *self);
Match *table_match(void *self);
void table_settings_changed(void *self);
bool table_locate(void *self, const char *what, SDL_FRect *out);

/* A game's Scene: TABLE_SCENE("truco", truco_table, .rules_text = ..., ...). */
#define TABLE_SCENE(ID, G, ...)                                                              \
    {                                                                                        \
        .id = ID, .game = &(G), .enter = table_enter, .leave = table_leave,                  \
        .layout = table_scene_layout, .event = table_scene_event,                            \
        .on_action = table_scene_action, .update = table_update, .draw = table_draw,         \
        .animating = table_animating, .settled = table_settled, .new_game = table_new_game, \
        .match = table_match, .settings_changed = table_settings_changed,                    \
        .locate = table_locate, .modal = table_modal, .cancel = table_cancel, .review = table_review_scene,        \
        __VA_ARGS__                            \
    }

#endif
