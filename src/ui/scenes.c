/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>

#include "games/bisca/bisca_scene.h"
#include "games/buraco/buraco_scene.h"
#include "games/moulin/moulin_scene.h"
#include "games/truco/truco_scene.h"
#include "games/twentyone/twentyone_scene.h"
#include "scene.h"

/* Every game with a table. A registered game without one shows as "coming soon". */
static const Scene *const game_scenes[] = {
    &twentyone_scene,
    &moulin_scene,
    &truco_scene,
    &bisca_scene,
    &buraco_scene,
};

const Scene *scene_for_game(const char *id)
{
    if (!id)
        return NULL;
    for (size_t i = 0; i < sizeof game_scenes / sizeof game_scenes[0]; i++)
        if (strcmp(game_scenes[i]->id, id) == 0)
            return game_scenes[i];
    return NULL;
}
