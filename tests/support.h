/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Helpers shared by the test suites. Include after the cmocka prerequisites. */
#ifndef TASCA_TEST_SUPPORT_H
#define TASCA_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "engine/match.h"
#include "engine/registry.h"
#include "engine/rules.h"
#include "games/twentyone/twentyone.h"
#include "timescale.h" /* TASCA_TEST_TIME_SCALE: test_ms, test_deadline, ... */

/* A zeroed state buffer for g (freed with free()). */
void *support_state_new(const GameRules *g);

/* A chance outcome of s picked by weight; fails the test when there is none. */
Action support_pick_chance(const GameRules *g, const void *s, Rng *r);
/* A uniformly random legal action of the player to move. */
Action support_pick_legal(const GameRules *g, const void *s, Rng *r);
/* One random step (chance or player) applied to s; returns the action. */
Action support_random_step(const GameRules *g, void *s, Rng *r);

/* Is a in the legal set of s (chance outcomes at a chance node)? Independent of
 * rules_is_legal, which is itself under test. */
bool support_is_listed(const GameRules *g, const void *s, Action a);

/* Parses `text` in the context of s and applies it; fails the test on any error. */
void support_apply_text(const GameRules *g, void *s, const char *text);
/* Same on a match. */
void support_match_text(Match *m, const char *text);

/* 21: a fresh state (charlie off/on), then the four opening cards in deal order
 * (player, computer up, player, computer hole) given as card texts such as "10h". */
void to_new(TwentyOneState *s, bool charlie);
void to_deal4(TwentyOneState *s, const char *p1, const char *c1, const char *p2,
              const char *c2);
/* Applies "deal X" (X a card text). */
void to_deal(TwentyOneState *s, const char *card);
/* Applies "hit" then deals the card. */
void to_hit(TwentyOneState *s, const char *card);
void to_stand(TwentyOneState *s);
Card to_card(const char *text);

/* A fresh directory under $TMPDIR (or /tmp); the path is written to out. */
void support_temp_dir(char *out, size_t size);
/* Removes the files in dir (not recursive) and dir itself. */
void support_remove_dir(const char *dir);
/* Number of entries in dir, other than . and .. */
int support_dir_entries(const char *dir);

/* The whole file as a heap string (NULL when missing). */
char *support_read_file(const char *path, size_t *len);
void support_write_file(const char *path, const void *data, size_t len);

#endif
