/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The baseline for the UI benchmarks: the smallest SDL2 window program. It opens a
 * window with a renderer (SDL_RENDER_DRIVER / TASCA_RENDERER=software pick it, like
 * tasca), clears it, presents, then waits for events. With TASCA_FIRST_FRAME set it prints
 * "first-frame <unix ns>" on stderr after the first present, as tasca does. */
#include <SDL.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void draw(SDL_Renderer *r)
{
    SDL_SetRenderDrawColor(r, 10, 40, 24, 255);
    SDL_RenderClear(r);
    SDL_RenderPresent(r);
}

int main(int argc, char **argv)
{
    int w = 1280, h = 800;
    if (argc > 2 && strcmp(argv[1], "--size") == 0 && sscanf(argv[2], "%dx%d", &w, &h) != 2)
        return 2;
    const char *force = getenv("TASCA_RENDERER");
    bool software = force && strcmp(force, "software") == 0;
    /* As tasca does with the software renderer: present with X11's shared memory, not
     * through an OpenGL texture (the two are compared with the same presentation). */
    if (software)
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "bare: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window *win = SDL_CreateWindow("Bare", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w,
                                       h, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_Renderer *r = NULL;
    if (!software)
        r = SDL_CreateRenderer(win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!r)
        r = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE);
    if (!win || !r) {
        fprintf(stderr, "bare: %s\n", SDL_GetError());
        return 1;
    }
    draw(r);
    if (getenv("TASCA_FIRST_FRAME")) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        fprintf(stderr, "first-frame %lld\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
    }
    SDL_Event e;
    while (SDL_WaitEvent(&e)) {
        if (e.type == SDL_QUIT)
            break;
        if (e.type == SDL_WINDOWEVENT)
            draw(r);
    }
    SDL_DestroyRenderer(r);
    SDL_DestroyWindow(win);
    SDL_Quit();
    return 0;
}
