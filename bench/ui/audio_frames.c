/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The frame loop around the first sound (issue 21): the interval between frames at 60 Hz
 * while the game asks for its first sound, with a sound server that takes DELAY ms to open
 * its device (emulated the same way in both modes: SDL's dummy audio driver behind a wait
 * of DELAY ms, as audio_set_open_delay_ms does for the tests).
 *
 *   thread  today's audio module: audio_start and audio_play post to the audio thread,
 *           which opens the device and loads the sounds;
 *   inline  what Tasca did before: the device opened and the sounds loaded on the frame
 *           loop itself when the first sound was asked for.
 *
 * Each run is 60 frames with the first sound at frame 10 (a frame is 2 ms of work, then a
 * wait to the next 1/60 s); the figures are each run's longest interval and the interval
 * of the frame after the sound, with their 95 % intervals over the runs.
 *   bench_audio_frames [DELAY_MS] [RUNS] [SOUNDS_DIR] */
#include <SDL.h>
#include <SDL_mixer.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audio.h"
#include "core/stats.h"

#define FRAMES 60
#define SOUND_AT 10

static double now_ms(void)
{
    return (double)SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency();
}

static void busy(double ms)
{
    double end = now_ms() + ms;
    while (now_ms() < end) {
    }
}

/* The old way, on the caller's thread: the subsystem, the device, the sounds, a sound. */
static void open_inline(Uint32 delay, const char *dir)
{
    static const char *const files[] = {"deal.wav", "slide.wav", "flip.wav",  "shuffle.wav",
                                        "win.wav",  "lose.wav",  "click.wav", "call.wav"};
    SDL_InitSubSystem(SDL_INIT_AUDIO);
    SDL_Delay(delay);
    if (Mix_OpenAudio(44100, MIX_DEFAULT_FORMAT, 2, 1024) != 0)
        return;
    Mix_Chunk *first = NULL;
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[700];
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        Mix_Chunk *c = Mix_LoadWAV(path);
        if (!first)
            first = c;
        else
            Mix_FreeChunk(c);
    }
    if (first)
        Mix_PlayChannel(-1, first, 0);
}

static void close_inline(void)
{
    Mix_HaltChannel(-1);
    Mix_CloseAudio();
    SDL_QuitSubSystem(SDL_INIT_AUDIO);
}

/* One run; the frame intervals go to out[FRAMES - 1]. */
static void run(bool threaded, Uint32 delay, const char *dir, double *out)
{
    if (threaded)
        audio_set_open_delay_ms(delay);
    double start = now_ms(), prev = start;
    for (int f = 0; f < FRAMES; f++) {
        double t0 = now_ms();
        if (f > 0)
            out[f - 1] = t0 - prev;
        prev = t0;
        busy(2);
        if (f == SOUND_AT) {
            if (threaded) {
                audio_start(dir);
                audio_play(SND_DEAL);
            } else {
                open_inline(delay, dir);
            }
        }
        double next = start + (f + 1) * (1000.0 / 60);
        double left = next - now_ms();
        if (left > 0)
            SDL_Delay((Uint32)left);
    }
    if (threaded) {
        audio_wait_started(5000);
        audio_quit();
    } else {
        close_inline();
    }
}

int main(int argc, char **argv)
{
    Uint32 delay = argc > 1 ? (Uint32)atoi(argv[1]) : 100;
    int runs = argc > 2 ? atoi(argv[2]) : 10;
    const char *dir = argc > 3 ? argv[3] : "assets/sounds";
    if (runs < 1 || runs > 1000)
        runs = 10;
    SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
    if (SDL_Init(SDL_INIT_TIMER) != 0) {
        fprintf(stderr, "SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    printf("first sound at frame %d of %d at 60 Hz; the device takes %u ms to open; %d runs\n",
           SOUND_AT, FRAMES, delay, runs);
    for (int mode = 0; mode < 2; mode++) {
        bool threaded = mode == 1;
        double *longest = malloc(sizeof(double) * (size_t)runs);
        double *after = malloc(sizeof(double) * (size_t)runs);
        double trace[FRAMES - 1], sum[FRAMES - 1] = {0};
        for (int r = 0; r < runs; r++) {
            run(threaded, delay, dir, trace);
            longest[r] = 0;
            for (int i = 1; i < FRAMES - 1; i++) { /* frame 0's interval is the start's */
                sum[i] += trace[i];
                if (trace[i] > longest[r])
                    longest[r] = trace[i];
            }
            after[r] = trace[SOUND_AT]; /* from the frame of the sound to the next */
        }
        double hl, ha, ml = stats_mean_normal(longest, runs, &hl),
                       ma = stats_mean_normal(after, runs, &ha);
        printf("%-7s longest frame interval %7.1f ms [%.1f, %.1f]; the sound's frame %7.1f ms "
               "[%.1f, %.1f]\n",
               threaded ? "thread" : "inline", ml, ml - hl, ml + hl, ma, ma - ha, ma + ha);
        printf("        mean trace, frames %d to %d (ms):", SOUND_AT - 3, SOUND_AT + 4);
        for (int i = SOUND_AT - 3; i <= SOUND_AT + 4; i++)
            printf(" %.1f", sum[i] / runs);
        printf("\n");
        free(longest);
        free(after);
    }
    SDL_Quit();
    return 0;
}
