/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The file chooser's listing (src/ui/filechooser.c) without a window: a folder of
 * folders, programs and other files; entering, going up, going home, picking. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ui/filechooser.h"

static char root[512];

static void touch(const char *name, mode_t mode)
{
    char p[700];
    snprintf(p, sizeof p, "%s/%s", root, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs("#!/bin/sh\nexit 0\n", f);
    fclose(f);
    chmod(p, mode);
}

static int setup(void **state)
{
    (void)state;
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/fc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(root))
        return -1;
    char p[700];
    snprintf(p, sizeof p, "%s/bots", root);
    mkdir(p, 0755);
    snprintf(p, sizeof p, "%s/Archive", root);
    mkdir(p, 0755);
    snprintf(p, sizeof p, "%s/.hidden", root);
    mkdir(p, 0755);
    touch("readme.txt", 0644);
    touch("mybot", 0755);
    touch("bots/deep", 0755);
    return 0;
}

static void test_listing(void **state)
{
    (void)state;
    FileChooser fc;
    filechooser_open(&fc, root, true);
    assert_string_equal(fc.dir, root);
    assert_string_equal(fc.error, "");
    /* Folders first (sorted), then files; hidden ones left out. */
    assert_int_equal(fc.n, 4);
    assert_true(fc.e[0].dir && fc.e[1].dir);
    assert_int_equal(filechooser_find(&fc, ".hidden"), -1);
    int bot = filechooser_find(&fc, "mybot"), txt = filechooser_find(&fc, "readme.txt");
    assert_true(bot >= 2 && txt >= 2);
    /* Only programs can be picked. */
    assert_true(fc.e[bot].pickable);
    assert_false(fc.e[txt].pickable);
    assert_false(filechooser_enter(&fc, txt));
    assert_string_equal(fc.picked, "");
    /* Without the filter any file goes. */
    FileChooser any;
    filechooser_open(&any, root, false);
    assert_true(any.e[filechooser_find(&any, "readme.txt")].pickable);
}

static void test_navigate_and_pick(void **state)
{
    (void)state;
    FileChooser fc;
    char want[800];
    /* Opened on a file: its folder. */
    snprintf(want, sizeof want, "%s/mybot", root);
    filechooser_open(&fc, want, true);
    assert_string_equal(fc.dir, root);
    /* Into "bots", pick "deep". */
    assert_false(filechooser_enter(&fc, filechooser_find(&fc, "bots")));
    snprintf(want, sizeof want, "%s/bots", root);
    assert_string_equal(fc.dir, want);
    assert_true(filechooser_enter(&fc, filechooser_find(&fc, "deep")));
    snprintf(want, sizeof want, "%s/bots/deep", root);
    assert_string_equal(fc.picked, want);
    /* Up, and the widget ids do the same. */
    filechooser_up(&fc);
    assert_string_equal(fc.dir, root);
    assert_false(filechooser_hit(&fc, 100, 100 + FC_ID_ENTRY, filechooser_find(&fc, "bots")));
    assert_false(filechooser_hit(&fc, 100, 100 + FC_ID_UP, 0));
    assert_string_equal(fc.dir, root);
    assert_true(filechooser_hit(&fc, 100, 100 + FC_ID_ENTRY, filechooser_find(&fc, "mybot")));
    /* Home. */
    setenv("HOME", root, 1);
    filechooser_open(&fc, "/", true);
    assert_string_equal(fc.dir, "/");
    filechooser_up(&fc); /* nothing above the root */
    assert_string_equal(fc.dir, "/");
    filechooser_home(&fc);
    assert_string_equal(fc.dir, root);
}

static void test_missing_start(void **state)
{
    (void)state;
    FileChooser fc;
    char gone[800];
    /* A folder that is not there (any more): the nearest one that is. */
    snprintf(gone, sizeof gone, "%s/bots/removed/long/ago/bot", root);
    filechooser_open(&fc, gone, true);
    char want[800];
    snprintf(want, sizeof want, "%s/bots", root);
    assert_string_equal(fc.dir, want);
    /* Nothing at all: home. */
    setenv("HOME", root, 1);
    filechooser_open(&fc, "", true);
    assert_string_equal(fc.dir, root);
    /* Out of range entries are ignored. */
    assert_false(filechooser_enter(&fc, -1));
    assert_false(filechooser_enter(&fc, 999));
}

static void test_many_files(void **state)
{
    (void)state;
    char p[700];
    snprintf(p, sizeof p, "%s/many", root);
    mkdir(p, 0755);
    for (int i = 0; i < FC_MAX + 20; i++) {
        char name[64];
        snprintf(name, sizeof name, "many/f%03d", i);
        touch(name, 0755);
    }
    FileChooser fc;
    filechooser_open(&fc, p, true);
    assert_int_equal(fc.n, FC_MAX);
    assert_int_equal(fc.left_out, 20);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listing),
        cmocka_unit_test(test_navigate_and_pick),
        cmocka_unit_test(test_missing_start),
        cmocka_unit_test(test_many_files),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
