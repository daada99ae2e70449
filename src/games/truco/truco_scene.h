/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Truco table (SDL): see truco_scene.c. */
#ifndef TASCA_TRUCO_SCENE_H
#define TASCA_TRUCO_SCENE_H

#include "ui/scene.h"

extern const Scene truco_scene;

#endif
