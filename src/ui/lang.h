/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The interface language: gettext set-up, where the compiled catalogues are, and the
 * Language setting (System, or one of the languages Tasca is translated into). Plain
 * POSIX and libintl, no SDL. */
#ifndef TASCA_LANG_H
#define TASCA_LANG_H

#include <stdbool.h>
#include <stddef.h>

/* The gettext domain: <locale dir>/<lang>/LC_MESSAGES/tasca.mo */
#define LANG_DOMAIN "tasca"

/* The choices of the Language setting: index 0 is "System" (code ""). */
int lang_count(void);
/* "" (system), "en", "pt_BR", "pt_PT", "fr". */
const char *lang_code(int i);
/* The language's own name ("Français"); "System" is translated. */
const char *lang_name(int i);
/* Index of a code; 0 (System) when unknown. */
int lang_index(const char *code);

/* The folder holding the compiled catalogues: $TASCA_LOCALE_DIR, else the first of
 * <exe dir>/../share/locale (installed, also after moving the whole prefix),
 * <exe dir>/locale (a build tree), <data dir>/locale that holds a Tasca catalogue.
 * exe_dir ends with a slash (SDL_GetBasePath) or is NULL. Returns false when none has one
 * (out then names the installed place, so English still works). */
bool lang_find_dir(const char *exe_dir, const char *data_dir, char *out, size_t size);

/* Sets the locale from the environment and binds the domain to dir (UTF-8). Once. */
void lang_init(const char *dir);
/* Switches the language now: "" follows the system locale again. Strings fetched with
 * gettext afterwards are in the new language. */
void lang_set(const char *code);
/* Counts the calls of lang_set: text kept from before (a banner's words) is to be
 * fetched again when it has changed. */
unsigned lang_generation(void);

#endif
