/* Every user-visible string goes through gettext. */
#ifndef TASCA_I18N_H
#define TASCA_I18N_H

#include <libintl.h>

#define _(s) gettext(s)
#define N_(s) (s)
/* Singular/plural forms. */
#define P_(s, p, n) ngettext(s, p, (unsigned long)(n))

#endif
