/* Every user-visible string goes through gettext. */
#ifndef TASCA_I18N_H
#define TASCA_I18N_H

#include <libintl.h>

#define _(s) gettext(s)
/* Marks a string for xgettext; it is translated where it is shown. */
#ifndef N_
#define N_(s) (s)
#endif
/* Singular/plural forms. */
#define P_(s, p, n) ngettext(s, p, (unsigned long)(n))

#endif
