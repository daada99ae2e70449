/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bisca Hard at commit 6fac2b1 (issue 26's baseline), for the bench only. Its own budget
 * in the app was 4000 iterations under a 100 ms cap. */
#ifndef TASCA_BISCA_HARD_V0_H
#define TASCA_BISCA_HARD_V0_H

#include "engine/ai/bot.h"

enum { BISCA_HARD_V0_ITERATIONS = 4000, BISCA_HARD_V0_TIME_MS = 100 };

Action bisca_hard_v0_decide(const BotRequest *req);

#endif
