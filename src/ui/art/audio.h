/* Sound effects through SDL2_mixer. No audio device is not an error: everything becomes
 * silent. */
#ifndef TASCA_AUDIO_H
#define TASCA_AUDIO_H

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
void audio_play(SoundId id);

#endif
