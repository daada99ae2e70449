#include "audio.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <stdio.h>

#include "data.h"

/* audio_init returns true when the device is open and at least one sound loaded; a
 * missing file only silences that sound. */

static const char *const sound_file[SND_COUNT] = {
    [SND_DEAL] = "deal.wav",       [SND_SLIDE] = "slide.wav", [SND_FLIP] = "flip.wav",
    [SND_SHUFFLE] = "shuffle.wav", [SND_WIN] = "win.wav",     [SND_LOSE] = "lose.wav",
    [SND_CLICK] = "click.wav",     [SND_CALL] = "call.wav",
};

static struct {
    bool open;          /* the device is open */
    bool own_subsystem; /* we initialised SDL's audio subsystem, so we quit it */
    bool enabled;
    int volume;
    Mix_Chunk *chunk[SND_COUNT];
} au = {.enabled = true, .volume = 80};

static void apply_volume(void)
{
    if (au.open)
        Mix_Volume(-1, au.volume * MIX_MAX_VOLUME / 100);
}

bool audio_init(const char *sounds_dir)
{
    if (au.open)
        return true;
    if (!SDL_WasInit(SDL_INIT_AUDIO)) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            SDL_Log("audio: no sound device (%s); running silent", SDL_GetError());
            return false;
        }
        au.own_subsystem = true;
    }
    /* A small buffer keeps clicks in time with the cards; 44.1 kHz matches the files. */
    if (Mix_OpenAudio(44100, MIX_DEFAULT_FORMAT, 2, 1024) != 0) {
        SDL_Log("audio: cannot open the sound device (%s); running silent", Mix_GetError());
        if (au.own_subsystem)
            SDL_QuitSubSystem(SDL_INIT_AUDIO);
        au.own_subsystem = false;
        return false;
    }
    au.open = true;
    Mix_AllocateChannels(16);
    apply_volume();

    char dir[600], path[700], missing[200] = "";
    if (!sounds_dir || !*sounds_dir)
        sounds_dir = art_data_path(ART_SOUNDS_DIR, dir, sizeof dir);
    int loaded = 0;
    for (int i = 0; i < SND_COUNT; i++) {
        snprintf(path, sizeof path, "%s/%s", sounds_dir, sound_file[i]);
        au.chunk[i] = Mix_LoadWAV(path);
        if (au.chunk[i])
            loaded++;
        else {
            size_t n = SDL_strlen(missing);
            snprintf(missing + n, sizeof missing - n, "%s%s", n ? ", " : "", sound_file[i]);
        }
    }
    if (missing[0]) /* one line for all of them; the other sounds still play */
        SDL_Log("audio: missing or unreadable in %s: %s", sounds_dir, missing);
    if (!loaded) {
        /* Nothing to play: give the device back rather than keep it open for silence. */
        audio_quit();
        return false;
    }
    return true;
}

void audio_quit(void)
{
    if (au.open) {
        Mix_HaltChannel(-1);
        for (int i = 0; i < SND_COUNT; i++) {
            if (au.chunk[i])
                Mix_FreeChunk(au.chunk[i]);
            au.chunk[i] = NULL;
        }
        Mix_CloseAudio();
        au.open = false;
    }
    if (au.own_subsystem)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    au.own_subsystem = false;
}

void audio_set_enabled(bool on)
{
    au.enabled = on;
    if (!on && au.open)
        Mix_HaltChannel(-1);
}

void audio_set_volume(int percent)
{
    au.volume = percent < 0 ? 0 : percent > 100 ? 100 : percent;
    apply_volume();
}

void audio_play(SoundId id)
{
    if (!au.open || !au.enabled || au.volume == 0 || (int)id < 0 || id >= SND_COUNT ||
        !au.chunk[id])
        return;
    /* Mixing happens on SDL's audio thread: this only queues the chunk. When all
     * channels are busy the oldest one gives way, so a fast deal never goes quiet. */
    if (Mix_PlayChannel(-1, au.chunk[id], 0) < 0) {
        int old = Mix_GroupOldest(-1);
        if (old >= 0) {
            Mix_HaltChannel(old);
            Mix_PlayChannel(old, au.chunk[id], 0);
        }
    }
}
