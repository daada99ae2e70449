/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small in-window file chooser (the window has no native dialog): one folder listed at
 * a time, folders first, then files; click or Enter opens a folder or picks a file,
 * Backspace (or the "Parent folder" line) goes up, "Home folder" jumps home. With
 * `executables` only programs can be picked (other files show dimmed).
 *
 * The listing is plain data (filechooser_open / _enter / _up need no window, tests use
 * them directly); filechooser_build adds its lines to a widget list, so a host (the menu)
 * shows it in its own panel with the usual mouse, wheel and keyboard handling. */
#ifndef TASCA_FILECHOOSER_H
#define TASCA_FILECHOOSER_H

#include <stdbool.h>
#include <stddef.h>

#include "widgets.h"

#define FC_PATH 1024
#define FC_NAME 256
#define FC_MAX 96 /* lines listed; a folder with more says how many are left out */

typedef struct {
    char name[FC_NAME];
    bool dir, pickable;
} FcEntry;

typedef struct {
    char dir[FC_PATH]; /* the folder listed, absolute, without a trailing slash (but "/") */
    bool executables;
    FcEntry e[FC_MAX];
    int n, left_out;
    char error[FC_PATH + 64]; /* why the folder could not be read ("" when it was) */
    char picked[FC_PATH];     /* the file chosen, once one is */
} FileChooser;

/* Lists `start`: a folder, or a file's folder (a missing or unreadable one falls back to
 * its parents, then the home folder). */
void filechooser_open(FileChooser *fc, const char *start, bool executables);
/* Activates entry i: a folder is entered (false); a pickable file is picked: true, its
 * path in fc->picked. */
bool filechooser_enter(FileChooser *fc, int i);
void filechooser_up(FileChooser *fc);
void filechooser_home(FileChooser *fc);
/* The index of the entry called name, or -1. */
int filechooser_find(const FileChooser *fc, const char *name);

/* Widget ids it uses are id_base .. id_base + 2 (the arg says which entry). */
enum { FC_ID_ENTRY, FC_ID_UP, FC_ID_HOME, FC_IDS };
/* Adds the chooser's lines at (x, *y), w wide (pixels; u: pixels per UI point). */
void filechooser_build(FileChooser *fc, App *a, WidgetList *l, int id_base, float x, float *y,
                       float w);
/* Handles an activation of one of its widgets; true when a file was picked. */
bool filechooser_hit(FileChooser *fc, int id_base, int id, int arg);

#endif
