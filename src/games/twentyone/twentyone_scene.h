/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 21 table (SDL): see twentyone_scene.c. */
#ifndef TASCA_TWENTYONE_SCENE_H
#define TASCA_TWENTYONE_SCENE_H

#include "ui/scene.h"

extern const Scene twentyone_scene;

#endif
