/* SPDX-License-Identifier: GPL-3.0-or-later */
#ifndef TASCA_REGISTRY_H
#define TASCA_REGISTRY_H

#include "rules.h"

/* Every game Tasca knows, in menu order. */
int registry_count(void);
const GameRules *registry_get(int i);
const GameRules *registry_find(const char *id);
/* "twentyone, truco, ..." for error messages. */
const char *registry_ids(void);

#endif
