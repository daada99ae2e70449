/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bot.h"

Action bot_random_decide(const BotRequest *req)
{
    Action acts[RULES_MAX_ACTIONS];
    int n = req->rules->legal_actions(req->view, acts);
    return n > 0 ? acts[rng_below(req->rng, (uint32_t)n)] : -1;
}
