/* The Buraco table (SDL): see buraco_scene.c. */
#ifndef TASCA_BURACO_SCENE_H
#define TASCA_BURACO_SCENE_H

#include "ui/scene.h"

extern const Scene buraco_scene;

#endif
