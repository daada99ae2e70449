/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Moulin table (SDL): see moulin_scene.c. */
#ifndef TASCA_MOULIN_SCENE_H
#define TASCA_MOULIN_SCENE_H

#include "ui/scene.h"

extern const Scene moulin_scene;

#endif
