/* SPDX-License-Identifier: GPL-3.0-or-later */
/* N_() marks a user-visible string for translation (xgettext --keyword=N_) without
 * translating it: the window translates it where it shows it. No gettext here. */
#ifndef TASCA_NLS_H
#define TASCA_NLS_H

#ifndef N_
#define N_(s) (s)
#endif

#endif
