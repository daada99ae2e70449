/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Where the program's data lives: the directory holding fonts/ and assets/. */
#ifndef TASCA_ART_DATA_H
#define TASCA_ART_DATA_H

#include <stddef.h>

/* Sets the data directory (call once at start, before cardart_create / audio_start).
 * NULL or "" restores the default: the source tree the program was built from. */
void art_set_data_dir(const char *dir);
/* The data directory in use, without a trailing slash. */
const char *art_data_dir(void);
/* Writes "<data dir>/<rel>" into out and returns out ("" when it does not fit). */
const char *art_data_path(const char *rel, char *out, size_t size);

/* File names, relative to the data directory. */
#define ART_FONT_INDEX "fonts/DejaVuSerifCondensed-Bold.ttf" /* card indices */
#define ART_FONT_UI "fonts/DejaVuSans.ttf"                   /* interface text */
#define ART_FONT_UI_BOLD "fonts/DejaVuSans-Bold.ttf"         /* titles, buttons */
#define ART_SOUNDS_DIR "assets/sounds"

#endif
