/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* After this long without a sound the device is closed: an open device keeps SDL's audio
 * thread (and the sound server) waking tens of times a second even when it plays
 * silence, and pausing it does not stop that in SDL 2. The next sound opens it again. */
#define IDLE_CLOSE_MS 5000u

static struct {
    bool open;          /* audio_init succeeded: sounds are loaded */
    bool device;        /* the device is open now (closed while idle) */
    bool own_subsystem; /* we initialised SDL's audio subsystem, so we quit it */
    bool enabled;
    int volume;
    int freq, channels; /* the device's format when the sounds were loaded */
    Uint16 format;
    Uint32 last_sound;  /* SDL_GetTicks() when a sound last started */
    Mix_Chunk *chunk[SND_COUNT];
} au = {.enabled = true, .volume = 80};

static void apply_volume(void)
{
    if (au.device)
        Mix_Volume(-1, au.volume * MIX_MAX_VOLUME / 100);
}

static bool open_device(void)
{
    /* A small buffer keeps clicks in time with the cards; 44.1 kHz matches the files. */
    if (Mix_OpenAudio(44100, MIX_DEFAULT_FORMAT, 2, 1024) != 0)
        return false;
    au.device = true;
    Mix_AllocateChannels(16);
    apply_volume();
    return true;
}

static void free_chunks(void)
{
    for (int i = 0; i < SND_COUNT; i++) {
        if (au.chunk[i])
            Mix_FreeChunk(au.chunk[i]);
        au.chunk[i] = NULL;
    }
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
    if (!open_device()) {
        SDL_Log("audio: cannot open the sound device (%s); running silent", Mix_GetError());
        if (au.own_subsystem)
            SDL_QuitSubSystem(SDL_INIT_AUDIO);
        au.own_subsystem = false;
        return false;
    }
    au.open = true;
    Mix_QuerySpec(&au.freq, &au.format, &au.channels);
    au.last_sound = SDL_GetTicks();

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
    if (au.device) {
        Mix_HaltChannel(-1);
        free_chunks();
        Mix_CloseAudio();
        au.device = false;
    }
    free_chunks();
    au.open = false;
    if (au.own_subsystem)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    au.own_subsystem = false;
}

void audio_set_enabled(bool on)
{
    au.enabled = on;
    if (!on && au.device)
        Mix_HaltChannel(-1);
}

/* Opens the device again after an idle close. The chunks were converted to the device's
 * format when loaded; the same request gives the same format, but if it did not, they
 * are useless and the device is given back. */
static bool reopen(void)
{
    if (au.device)
        return true;
    if (!open_device()) {
        /* Gone (unplugged, taken): silent from now on rather than retry at every sound. */
        SDL_Log("audio: cannot open the sound device again (%s); running silent",
                Mix_GetError());
        free_chunks();
        au.open = false;
        return false;
    }
    int freq = 0, channels = 0;
    Uint16 format = 0;
    Mix_QuerySpec(&freq, &format, &channels);
    if (freq != au.freq || format != au.format || channels != au.channels) {
        SDL_Log("audio: the sound device changed its format; running silent");
        Mix_CloseAudio();
        au.device = false;
        free_chunks();
        au.open = false;
        return false;
    }
    return true;
}

int audio_idle(Uint32 now)
{
    if (!au.device)
        return -1;
    if (Mix_Playing(-1) > 0) {
        au.last_sound = now; /* still sounding: the quiet starts later */
        return (int)IDLE_CLOSE_MS;
    }
    Uint32 quiet = now - au.last_sound;
    if (quiet < IDLE_CLOSE_MS)
        return (int)(IDLE_CLOSE_MS - quiet);
    Mix_CloseAudio();
    au.device = false;
    return -1;
}

bool audio_device_open(void) { return au.device; }

void audio_set_volume(int percent)
{
    au.volume = percent < 0 ? 0 : percent > 100 ? 100 : percent;
    apply_volume();
}

void audio_play(SoundId id)
{
    if (!au.open || !au.enabled || au.volume == 0 || (int)id < 0 || id >= SND_COUNT ||
        !au.chunk[id] || !reopen())
        return;
    au.last_sound = SDL_GetTicks();
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
