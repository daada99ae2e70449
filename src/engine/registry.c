/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "registry.h"

#include <string.h>

#include "../games/buraco/buraco.h"
#include "../games/bisca/bisca.h"
#include "../games/truco/truco.h"
#include "../games/twentyone/twentyone.h"
#include "../games/moulin/moulin.h"

static const GameRules *const games[] = {
    &twentyone_rules,
    &moulin_rules,
    &truco_rules,
    &bisca_rules,
    &buraco_rules,
};

int registry_count(void) { return (int)(sizeof games / sizeof games[0]); }

const GameRules *registry_get(int i) { return i >= 0 && i < registry_count() ? games[i] : NULL; }

const GameRules *registry_find(const char *id)
{
    for (int i = 0; i < registry_count(); i++)
        if (strcmp(games[i]->id, id) == 0)
            return games[i];
    return NULL;
}

const char *registry_ids(void)
{
    static char buf[256];
    buf[0] = '\0';
    for (int i = 0; i < registry_count(); i++) {
        if (i)
            strcat(buf, ", ");
        strcat(buf, games[i]->id);
    }
    return buf;
}
