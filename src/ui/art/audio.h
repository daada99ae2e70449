/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Sound effects through SDL2_mixer. No audio device is not an error: everything becomes
 * silent. */
#ifndef TASCA_AUDIO_H
#define TASCA_AUDIO_H

#include <SDL_stdinc.h>
#include <stdbool.h>

typedef enum {
    SND_DEAL,
    SND_SLIDE,
    SND_FLIP,
    SND_SHUFFLE,
    SND_WIN,
    SND_LOSE,
    SND_CLICK,
    SND_CALL, /* a bot's call ("Truco!") */
    SND_COUNT
} SoundId;

/* Opens the device and loads the WAVs from sounds_dir (assets/sounds). Returns false
 * when running silent (no device or missing files); the reason goes to SDL_Log once. */
bool audio_init(const char *sounds_dir);
void audio_quit(void);
void audio_set_enabled(bool on);
void audio_set_volume(int percent); /* 0..100 */
/* Starts a sound; opens the device again first if it was closed while idle. */
void audio_play(SoundId id);
/* Closes the device once nothing has sounded for a few seconds (now: SDL_GetTicks()).
 * Returns the ms until it would close, or -1 when it is closed: the caller's event wait
 * should not sleep longer than that. */
int audio_idle(Uint32 now);
bool audio_device_open(void);

#endif
