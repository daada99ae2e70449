/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Truco Hard at commit 2b9a067 (issue 26's baseline), for the bench only. Its budget in the
 * app was 200 worlds under a 2 s cap. */
#ifndef TASCA_TRUCO_HARD_V0_H
#define TASCA_TRUCO_HARD_V0_H

#include "engine/ai/bot.h"

enum { TRUCO_HARD_V0_ITERATIONS = 200, TRUCO_HARD_V0_TIME_MS = 2000 };

Action truco_hard_v0_decide(const BotRequest *req);

#endif
