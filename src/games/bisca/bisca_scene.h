/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Bisca table (SDL): see bisca_scene.c. */
#ifndef TASCA_BISCA_SCENE_H
#define TASCA_BISCA_SCENE_H

#include "ui/scene.h"

extern const Scene bisca_scene;

#endif
