/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every user-visible string goes through gettext. */
#ifndef TASCA_I18N_H
#define TASCA_I18N_H

#include <libintl.h>

#define _(s) gettext(s)
/* Marks a string for xgettext; it is translated where it is shown. */
#ifndef N_
#define N_(s) (s)
#endif
/* A word with two meanings gets a context: C_("verb", "Draw") (take a card) is not
 * _("Draw") (a tie). xgettext keyword C_:1c,2. */
#define C_(ctx, s) i18n_pgettext(ctx "\004" s, s)
static inline const char *i18n_pgettext(const char *ctx_s, const char *s)
{
    const char *t = gettext(ctx_s);
    return t == ctx_s ? s : t;
}
/* Singular/plural forms. */
#define P_(s, p, n) ngettext(s, p, (unsigned long)(n))

#endif
