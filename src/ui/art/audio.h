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

/* Everything that touches the device (SDL's audio subsystem, SDL_mixer, loading the WAVs)
 * runs on a thread of its own: opening a sound server's device can take ~100 ms, which the
 * frame loop must not wait for. The functions below only post to that thread and return at
 * once; sounds asked for while the device is still opening play when it is ready. */
typedef enum {
    AUDIO_OFF,      /* not started, or quit */
    AUDIO_STARTING, /* the thread is opening the device and loading the sounds */
    AUDIO_ON,       /* sounds play (the device may be closed while idle) */
    AUDIO_SILENT,   /* no device, or no sound loaded: the reason went to SDL_Log once */
} AudioState;

/* Starts the audio thread, which opens the device and loads the WAVs from sounds_dir
 * (assets/sounds; NULL: the data folder's). Returns false only if no thread could be
 * started (then everything stays silent). */
bool audio_start(const char *sounds_dir);
AudioState audio_state(void);
/* Waits at most timeout_ms for the start to finish (tests, tools); returns the state. */
AudioState audio_wait_started(int timeout_ms);
/* Stops the thread and closes the device; audio_start may follow. */
void audio_quit(void);
void audio_set_enabled(bool on);
void audio_set_volume(int percent); /* 0..100 */
/* Queues a sound; the thread opens the device again first if it was closed while idle. */
void audio_play(SoundId id);
/* The device is closed after this long without a sound (default 5 s): an open device keeps
 * SDL's audio thread and the sound server awake even while it plays silence. */
void audio_set_idle_close_ms(Uint32 ms);
bool audio_device_open(void);
/* How many queued sounds the thread has started so far (tests). */
unsigned audio_sounds_started(void);
/* Tests: the device takes this long to open (a slow sound server). */
void audio_set_open_delay_ms(Uint32 ms);

#endif
