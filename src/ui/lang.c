/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "lang.h"

#include <libintl.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "i18n.h"

typedef struct {
    const char *code, *name;
} LangInfo;

/* Autonyms: a player looks for their language under its own name. */
static const LangInfo langs[] = {
    {"", N_("System")},
    {"en", "English"},
    {"pt_BR", "Portugu\xC3\xAAs (Brasil)"},
    {"pt_PT", "Portugu\xC3\xAAs (Portugal)"},
    {"fr", "Fran\xC3\xA7"
           "ais"},
};
enum { N_LANGS = sizeof langs / sizeof langs[0] };

int lang_count(void)
{
    return N_LANGS;
}

const char *lang_code(int i)
{
    return i >= 0 && i < N_LANGS ? langs[i].code : "";
}

const char *lang_name(int i)
{
    if (i <= 0 || i >= N_LANGS)
        return _(langs[0].name);
    return langs[i].name;
}

int lang_index(const char *code)
{
    for (int i = 1; code && *code && i < N_LANGS; i++)
        if (strcmp(code, langs[i].code) == 0)
            return i;
    return 0;
}

static bool has_catalogue(const char *dir)
{
    for (int i = 1; i < N_LANGS; i++) {
        char p[1200];
        struct stat st;
        snprintf(p, sizeof p, "%.1000s/%s/LC_MESSAGES/" LANG_DOMAIN ".mo", dir, langs[i].code);
        if (stat(p, &st) == 0 && S_ISREG(st.st_mode))
            return true;
    }
    return false;
}

bool lang_find_dir(const char *exe_dir, const char *data_dir, char *out, size_t size)
{
    const char *env = getenv("TASCA_LOCALE_DIR");
    if (env && *env) {
        snprintf(out, size, "%s", env);
        return true;
    }
    char cand[3][1100];
    int n = 0;
    if (exe_dir) {
        snprintf(cand[n++], sizeof cand[0], "%.1000s../share/locale", exe_dir);
        snprintf(cand[n++], sizeof cand[0], "%.1000slocale", exe_dir);
    }
    if (data_dir)
        snprintf(cand[n++], sizeof cand[0], "%.1000s/locale", data_dir);
    for (int i = 0; i < n; i++)
        if (has_catalogue(cand[i])) {
            snprintf(out, size, "%s", cand[i]);
            return true;
        }
    snprintf(out, size, "%s", n ? cand[0] : "/usr/share/locale");
    return false;
}

static bool inited;
static char *system_language; /* $LANGUAGE as the program found it (NULL: unset) */
static char *system_messages; /* LC_MESSAGES as set from the environment */

void lang_init(const char *dir)
{
    if (inited)
        return;
    inited = true;
    setlocale(LC_ALL, "");
    setlocale(LC_NUMERIC, "C"); /* files and numbers stay in one format */
    const char *l = getenv("LANGUAGE");
    system_language = l ? strdup(l) : NULL;
    const char *m = setlocale(LC_MESSAGES, NULL);
    system_messages = strdup(m ? m : "C");
    bindtextdomain(LANG_DOMAIN, dir);
    bind_textdomain_codeset(LANG_DOMAIN, "UTF-8");
    textdomain(LANG_DOMAIN);
}

static unsigned generation;

unsigned lang_generation(void) { return generation; }

void lang_set(const char *code)
{
    generation++;
    if (!inited)
        lang_init("/usr/share/locale");
    if (code && *code) {
        /* LANGUAGE picks the catalogue; gettext ignores it in the plain C locale, so
         * messages then use C.UTF-8 (the C locale with UTF-8 text). */
        setenv("LANGUAGE", code, 1);
        const char *cur = setlocale(LC_MESSAGES, NULL);
        if (cur && (strcmp(cur, "C") == 0 || strcmp(cur, "POSIX") == 0) &&
            !setlocale(LC_MESSAGES, "C.UTF-8"))
            setlocale(LC_MESSAGES, "en_US.UTF-8");
    } else {
        if (system_language)
            setenv("LANGUAGE", system_language, 1);
        else
            unsetenv("LANGUAGE");
        setlocale(LC_MESSAGES, system_messages ? system_messages : "");
    }
#ifdef __GLIBC__
    /* glibc caches translations; this counter tells it the language changed (the way
     * the GNU gettext manual documents). */
    {
        extern int _nl_msg_cat_cntr;
        ++_nl_msg_cat_cntr;
    }
#endif
}
