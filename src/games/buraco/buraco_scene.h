/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Buraco table (SDL): see buraco_scene.c. */
#ifndef TASCA_BURACO_SCENE_H
#define TASCA_BURACO_SCENE_H

#include "ui/scene.h"

extern const Scene buraco_scene;

/* What the table says about a bot program opponent (for tests and scripts): the
 * disqualification message while it is shown or after the game was counted won, else "". */
const char *buraco_scene_program_message(void *self);

#endif
