/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ctest lang_switch: the compiled catalogues are found in the build tree and the language
 * switches at run time (System, English, Portuguese of Brazil and of Portugal, French),
 * also from the plain C locale. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/i18n.h"
#include "ui/lang.h"

static int failures;

static void expect(const char *code, const char *msgid, const char *want)
{
    lang_set(code);
    const char *got = _(msgid);
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "language '%s': _(\"%s\") is \"%s\", expected \"%s\"\n", code, msgid, got,
                want);
        failures++;
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_lang BUILD_DIR/\n");
        return 2;
    }
    /* As the program does: catalogues next to the executable, in <build>/locale. */
    unsetenv("TASCA_LOCALE_DIR");
    unsetenv("LANGUAGE");
    setenv("LC_ALL", "C", 1);
    char dir[1100];
    if (!lang_find_dir(argv[1], NULL, dir, sizeof dir)) {
        fprintf(stderr, "no catalogue found from %s (looked in %s)\n", argv[1], dir);
        return 1;
    }
    lang_init(dir);
    expect("", "Resume", "Resume");
    expect("fr", "Resume", "Reprendre");
    expect("pt_BR", "Statistics", "Estatísticas");
    expect("pt_BR", "Full screen on or off", "Tela cheia ou janela");
    expect("pt_PT", "Full screen on or off", "Ecrã inteiro ou janela");
    expect("en", "Resume", "Resume");
    expect("", "Resume", "Resume");
    expect("fr", "Keyboard shortcuts", "Raccourcis clavier");
    if (lang_index("pt_PT") != 3 || lang_index("xx") != 0 || strcmp(lang_code(4), "fr") != 0) {
        fprintf(stderr, "the language list is not as expected\n");
        failures++;
    }
    if (failures == 0)
        printf("ok: %d languages\n", lang_count() - 1);
    return failures ? 1 : 0;
}
