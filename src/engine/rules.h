/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The rules table every game implements (pure C, no SDL).
 *
 * A game state is a fixed-size struct without pointers: copying it with `=` or memcpy
 * clones it. Randomness is explicit: where the game deals, current_player() answers
 * PLAYER_CHANCE and chance_outcomes() lists the possible outcomes with integer weights;
 * the match (or a bot's simulation) picks one and applies it like any other action.
 * So (game, options, seed, action list) replays any game exactly. */
#ifndef TASCA_RULES_H
#define TASCA_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../core/rng.h"

#define RULES_MAX_PLAYERS 4
#define RULES_MAX_ACTIONS 512
#define RULES_MAX_OPTIONS 12
#define RULES_ACTION_TEXT 96

enum { PLAYER_CHANCE = -1, PLAYER_TERMINAL = -2 };
/* In a mirrored table's history (match.h), a step whose action this seat cannot know: a
 * card dealt to another hand, a card played face down. No game uses it as an action. */
#define ACTION_HIDDEN INT32_MIN

/* A game-defined action code. Its text form (action_to_string) is what saves store. */
typedef int32_t Action;

/* One rule variant. Values are integers in [min, max]; with value_names they are named
 * choices (value_names[v - min]), e.g. {"off", "on"}. */
typedef struct {
    const char *key;   /* command line / save file key, e.g. "charlie" */
    const char *label; /* shown in the options menu; NULL: for bot arenas only (tasca sim,
                        * benches), left out of the menu and at its default in the window */
    const char *help;  /* one sentence */
    int def, min, max;
    const char *const *value_names; /* NULL: plain integer */
} OptionDesc;

/* Option values, indexed like the game's OptionDesc array. Plain data, never global. */
typedef struct {
    int v[RULES_MAX_OPTIONS];
} GameOptions;

typedef struct GameRules {
    const char *id;      /* "twentyone": command line and save files */
    const char *name;    /* "21": shown to people */
    const char *summary; /* one line for the game picker */
    int min_players, max_players, default_players;
    size_t state_size;
    const OptionDesc *options;
    int n_options;

    /* Sets up a new game. Fails (returns an error text) for an unsupported player count. */
    const char *(*init)(void *state, const GameOptions *opt, int num_players, uint64_t seed);
    int (*num_players)(const void *state);
    /* A seat index, PLAYER_CHANCE or PLAYER_TERMINAL. */
    int (*current_player)(const void *state);
    /* Legal actions of the player to move, in a fixed order; 0 at chance or terminal nodes. */
    int (*legal_actions)(const void *state, Action out[RULES_MAX_ACTIONS]);
    /* Applies an action (a player's or a chance outcome). Never trusts its input: an
     * illegal action leaves the state unchanged and returns a short reason. NULL = done. */
    const char *(*apply)(void *state, Action a);
    /* At a terminal state: +1 win, -1 loss, 0 draw per seat (teams share results). */
    void (*returns)(const void *state, double out[RULES_MAX_PLAYERS]);
    /* At a chance node: the outcomes and their integer weights; returns their count. */
    int (*chance_outcomes)(const void *state, Action out[RULES_MAX_ACTIONS],
                           uint32_t weights[RULES_MAX_ACTIONS]);
    /* Writes into `view` a state of the same type in which everything `seat` cannot see
     * is masked (CARD_HIDDEN). Views of equal information are byte-identical. */
    void (*observe)(const void *state, int seat, void *view);
    /* From a view of `seat`, deals a full state consistent with everything that seat has
     * seen: observe(resample(view)) == view. */
    void (*resample)(const void *view, int seat, Rng *rng, void *out);
    /* Short reversible text: "hit", "deal 7♥". */
    void (*action_to_string)(const void *state, Action a, char out[RULES_ACTION_TEXT]);
    /* Parses the text form in the context of `state`; false when it names no action. */
    bool (*action_from_string)(const void *state, const char *text, Action *out);
    /* A few human-readable lines describing the position (for replay and debugging). */
    void (*describe)(const void *state, char *out, size_t size);
    /* Optional: option i of opt was just set (the command line, a save, the options menu);
     * the game may set others to match, e.g. a preset's. NULL: options are independent. */
    void (*option_set)(GameOptions *opt, int i);
    /* Optional: NULL when the options can be played together, else why not (init refuses
     * them with the same text). NULL hook: every combination is playable. */
    const char *(*options_check)(const GameOptions *opt);
    /* Optional: at a terminal state, how many rounds the game had (a match's deals or
     * hands), for the arena's figures. NULL: a game is one round. */
    int (*rounds)(const void *state);
    /* Optional: the defaults of an earlier version whose defaults differ (Buraco's were the
     * contest's game). Settings written then store only the options changed from those;
     * the window reads such a partial set over these. NULL: the defaults never changed. */
    void (*old_defaults)(GameOptions *opt);
    /* Optional: per option, what the menu shows for each named value (N_, full names such
     * as "Brazilian, clean going-out (STBL)"), or NULL; NULL: the value_names, capitalised.
     * Keys (command line, saves) stay the value_names. */
    const char *const *const *value_labels;
} GameRules;

/* Helpers over any rules table. */
void rules_default_options(const GameRules *g, GameOptions *opt);
/* Parses "key=value" into opt; returns NULL or an error text written to err. */
const char *rules_parse_option(const GameRules *g, GameOptions *opt, const char *kv, char *err,
                               size_t errsize);
/* The same without the game's option_set: the value alone, as a save holds every option
 * exactly (a preset read back must not change the options saved after it). */
const char *rules_parse_option_exact(const GameRules *g, GameOptions *opt, const char *kv,
                                     char *err, size_t errsize);
/* Option i was set to a new value: lets the game's option_set adjust the others. */
void rules_option_changed(const GameRules *g, GameOptions *opt, int i);
/* NULL, or why the game cannot be played with these options (untranslated text). */
const char *rules_check_options(const GameRules *g, const GameOptions *opt);
/* The untranslated name shown for value v of option i: its label, else its key name (NULL
 * for a plain integer or a value out of range). */
const char *rules_value_label(const GameRules *g, int i, int v);
/* Option i has labels of its own (full names, shown one at a time). */
bool rules_option_labelled(const GameRules *g, int i);
/* "key=value" for option i. */
void rules_format_option(const GameRules *g, const GameOptions *opt, int i, char *out,
                         size_t size);
bool rules_is_legal(const GameRules *g, const void *state, Action a);

#endif
