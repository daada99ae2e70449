/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window under X11 (Xvfb): it tells the window manager its smallest size, 960 x 600
 * points, below which the table's texts overlap. The hint must survive the renderer's
 * creation, which may make the window anew (it did not: the window could be shrunk to
 * 640 x 400). Skipped (77) without an X display. */
#include <SDL_syswm.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdlib.h>

#include "ui_fixture.h"

static void test_minimum_size(void)
{
    AppOptions o = test_options("twentyone", SPEED_INSTANT, 1);
    o.no_audio = true;
    App *a = start_app(&o);
    REQUIRE(a);
    app_run_frames(a, 3);
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    REQUIRE(SDL_GetWindowWMInfo(a->win, &info) && info.subsystem == SDL_SYSWM_X11);
    XSizeHints hints;
    long supplied = 0;
    REQUIRE(XGetWMNormalHints(info.info.x11.display, info.info.x11.window, &hints, &supplied));
    CHECK(hints.flags & PMinSize);
    CHECK(hints.min_width >= APP_MIN_W && hints.min_height >= APP_MIN_H);
    app_destroy(a);
}

static const UiTest tests[] = {{"minimum_size", test_minimum_size}};

int main(int argc, char **argv)
{
    const char *d = getenv("DISPLAY");
    if (!d || !*d) {
        printf("no X display: skipped\n");
        return 77;
    }
    setenv("SDL_VIDEODRIVER", "x11", 1);
    unsetenv("TASCA_RENDERER"); /* the renderer a player gets: it may remake the window */
    return ui_test_main(argc, argv, tests, sizeof tests / sizeof tests[0], "tasca-window", NULL);
}
