/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "audio.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <stdio.h>

#include "data.h"

/* Two halves: what the audio thread alone touches (the device, SDL_mixer, the chunks), and
 * a mailbox (queued sounds, volume, on/off, quit) that the callers fill under a mutex and
 * the thread empties. No caller ever waits for the device. */

static const char *const sound_file[SND_COUNT] = {
    [SND_DEAL] = "deal.wav",       [SND_SLIDE] = "slide.wav", [SND_FLIP] = "flip.wav",
    [SND_SHUFFLE] = "shuffle.wav", [SND_WIN] = "win.wav",     [SND_LOSE] = "lose.wav",
    [SND_CLICK] = "click.wav",     [SND_CALL] = "call.wav",
};

#define QUEUE 32 /* a fast deal queues a dozen sounds at most */

/* The audio thread's own state. */
static struct {
    bool alive;         /* the sounds are loaded; false once everything is given back */
    bool device;        /* the device is open now (closed while idle) */
    bool own_subsystem; /* we initialised SDL's audio subsystem, so we quit it */
    int freq, channels; /* the device's format when the sounds were loaded */
    Uint16 format;
    Uint32 last_sound; /* SDL_GetTicks() when a sound last started */
    Mix_Chunk *chunk[SND_COUNT];
    char dir[700];
} th;

/* The mailbox, under `lock`. */
static struct {
    SDL_mutex *lock;
    SDL_cond *wake;
    SDL_Thread *thread;
    SoundId queue[QUEUE];
    int queued;
    bool enabled, quit, settings_changed;
    int volume;
    Uint32 idle_close_ms, open_delay_ms;
} mb = {.enabled = true, .volume = 80, .idle_close_ms = 5000};

static SDL_atomic_t state;          /* AudioState */
static SDL_atomic_t device_open;    /* th.device, for audio_device_open */
static SDL_atomic_t sounds_started; /* tests */

static void set_state(AudioState s) { SDL_AtomicSet(&state, (int)s); }
AudioState audio_state(void) { return (AudioState)SDL_AtomicGet(&state); }
bool audio_device_open(void) { return SDL_AtomicGet(&device_open) != 0; }
unsigned audio_sounds_started(void) { return (unsigned)SDL_AtomicGet(&sounds_started); }

/* ---- The audio thread ------------------------------------------------------------- */

static bool open_device(Uint32 delay_ms)
{
    if (delay_ms)
        SDL_Delay(delay_ms);
    /* A small buffer keeps clicks in time with the cards; 44.1 kHz matches the files. */
    if (Mix_OpenAudio(44100, MIX_DEFAULT_FORMAT, 2, 1024) != 0)
        return false;
    th.device = true;
    SDL_AtomicSet(&device_open, 1);
    Mix_AllocateChannels(16);
    return true;
}

static void close_device(void)
{
    if (!th.device)
        return;
    Mix_HaltChannel(-1);
    Mix_CloseAudio();
    th.device = false;
    SDL_AtomicSet(&device_open, 0);
}

static void free_chunks(void)
{
    for (int i = 0; i < SND_COUNT; i++) {
        if (th.chunk[i])
            Mix_FreeChunk(th.chunk[i]);
        th.chunk[i] = NULL;
    }
}

/* Gives everything back: silent from now on. */
static void shut_down(void)
{
    th.alive = false;
    if (th.device)
        Mix_HaltChannel(-1);
    free_chunks();
    close_device();
    if (th.own_subsystem)
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    th.own_subsystem = false;
}

/* Opens the device and loads the sounds: true when at least one sound loaded (a missing
 * file only silences that sound). */
static bool start_device(Uint32 delay_ms)
{
    if (!SDL_WasInit(SDL_INIT_AUDIO)) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            SDL_Log("audio: no sound device (%s); running silent", SDL_GetError());
            return false;
        }
        th.own_subsystem = true;
    }
    if (!open_device(delay_ms)) {
        SDL_Log("audio: cannot open the sound device (%s); running silent", Mix_GetError());
        shut_down();
        return false;
    }
    Mix_QuerySpec(&th.freq, &th.format, &th.channels);
    th.last_sound = SDL_GetTicks();
    char path[800], missing[200] = "";
    int loaded = 0;
    for (int i = 0; i < SND_COUNT; i++) {
        snprintf(path, sizeof path, "%s/%s", th.dir, sound_file[i]);
        th.chunk[i] = Mix_LoadWAV(path);
        if (th.chunk[i])
            loaded++;
        else {
            size_t n = SDL_strlen(missing);
            snprintf(missing + n, sizeof missing - n, "%s%s", n ? ", " : "", sound_file[i]);
        }
    }
    if (missing[0]) /* one line for all of them; the other sounds still play */
        SDL_Log("audio: missing or unreadable in %s: %s", th.dir, missing);
    if (!loaded) {
        /* Nothing to play: give the device back rather than keep it open for silence. */
        shut_down();
        return false;
    }
    th.alive = true;
    return true;
}

/* Opens the device again after an idle close. The chunks were converted to the device's
 * format when loaded; the same request gives the same format, but if it did not, they are
 * useless and everything is given back. */
static bool reopen(Uint32 delay_ms)
{
    if (th.device)
        return true;
    if (!open_device(delay_ms)) {
        /* Gone (unplugged, taken): silent from now on rather than retry at every sound. */
        SDL_Log("audio: cannot open the sound device again (%s); running silent", Mix_GetError());
        shut_down();
        return false;
    }
    int freq = 0, channels = 0;
    Uint16 format = 0;
    Mix_QuerySpec(&freq, &format, &channels);
    if (freq != th.freq || format != th.format || channels != th.channels) {
        SDL_Log("audio: the sound device changed its format; running silent");
        shut_down();
        return false;
    }
    return true;
}

static void play_now(SoundId id, Uint32 delay_ms)
{
    if (!th.chunk[id] || !reopen(delay_ms))
        return;
    th.last_sound = SDL_GetTicks();
    SDL_AtomicAdd(&sounds_started, 1);
    /* Mixing happens on SDL's own audio thread: this only queues the chunk. When all
     * channels are busy the oldest one gives way, so a fast deal never goes quiet. */
    if (Mix_PlayChannel(-1, th.chunk[id], 0) < 0) {
        int old = Mix_GroupOldest(-1);
        if (old >= 0) {
            Mix_HaltChannel(old);
            Mix_PlayChannel(old, th.chunk[id], 0);
        }
    }
}

/* Ms until an idle device should close (0: now), or -1 when it is closed. */
static int idle_left(Uint32 idle_ms)
{
    if (!th.device)
        return -1;
    Uint32 now = SDL_GetTicks();
    if (Mix_Playing(-1) > 0)
        th.last_sound = now; /* still sounding: the quiet starts later */
    Uint32 quiet = now - th.last_sound;
    return quiet >= idle_ms ? 0 : (int)(idle_ms - quiet);
}

static int audio_thread(void *unused)
{
    (void)unused;
    SDL_LockMutex(mb.lock);
    Uint32 delay = mb.open_delay_ms;
    SDL_UnlockMutex(mb.lock);
    bool ok = start_device(delay);
    set_state(ok ? AUDIO_ON : AUDIO_SILENT);
    SDL_LockMutex(mb.lock);
    mb.settings_changed = true; /* apply what was set while the device opened */
    for (;;) {
        if (mb.quit)
            break;
        if (!ok) { /* silent: nothing to do but wait to be quit */
            mb.queued = 0;
            SDL_CondWait(mb.wake, mb.lock);
            continue;
        }
        if (!mb.queued && !mb.settings_changed) {
            int left = idle_left(mb.idle_close_ms);
            if (left == 0) {
                /* Closing can take as long as opening: not with the mailbox locked. */
                SDL_UnlockMutex(mb.lock);
                close_device();
                SDL_LockMutex(mb.lock);
                continue;
            }
            if (left < 0)
                SDL_CondWait(mb.wake, mb.lock);
            else
                SDL_CondWaitTimeout(mb.wake, mb.lock, (Uint32)left + 1);
            continue;
        }
        /* Take the mail, then work on the device without holding the lock. */
        SoundId q[QUEUE];
        int n = mb.queued;
        SDL_memcpy(q, mb.queue, sizeof q[0] * (size_t)n);
        mb.queued = 0;
        bool enabled = mb.enabled, changed = mb.settings_changed;
        int volume = mb.volume;
        delay = mb.open_delay_ms;
        mb.settings_changed = false;
        SDL_UnlockMutex(mb.lock);
        if (changed && th.device) {
            Mix_Volume(-1, volume * MIX_MAX_VOLUME / 100);
            if (!enabled)
                Mix_HaltChannel(-1);
        }
        for (int i = 0; i < n && enabled && volume > 0 && th.alive; i++) {
            bool was_open = th.device;
            play_now(q[i], delay);
            if (th.device && !was_open) /* a new device starts at full volume */
                Mix_Volume(-1, volume * MIX_MAX_VOLUME / 100);
        }
        if (!th.alive) { /* the device could not be opened again */
            ok = false;
            set_state(AUDIO_SILENT);
        }
        SDL_LockMutex(mb.lock);
    }
    SDL_UnlockMutex(mb.lock);
    shut_down();
    return 0;
}

/* ---- What the callers use ---------------------------------------------------------- */

/* The mailbox's lock, made on first use: settings given before the start are kept. */
static bool have_lock(void)
{
    if (!mb.lock)
        mb.lock = SDL_CreateMutex();
    if (!mb.wake)
        mb.wake = SDL_CreateCond();
    return mb.lock && mb.wake;
}

bool audio_start(const char *sounds_dir)
{
    if (mb.thread)
        return true;
    char dir[600];
    if (!sounds_dir || !*sounds_dir)
        sounds_dir = art_data_path(ART_SOUNDS_DIR, dir, sizeof dir);
    snprintf(th.dir, sizeof th.dir, "%s", sounds_dir);
    th.freq = 0;
    if (!have_lock()) {
        set_state(AUDIO_SILENT);
        return false;
    }
    mb.quit = false;
    mb.queued = 0;
    set_state(AUDIO_STARTING);
    mb.thread = SDL_CreateThread(audio_thread, "tasca-audio", NULL);
    if (!mb.thread) {
        SDL_Log("audio: no thread for the sound device (%s); running silent", SDL_GetError());
        set_state(AUDIO_SILENT);
        return false;
    }
    return true;
}

AudioState audio_wait_started(int timeout_ms)
{
    Uint32 t0 = SDL_GetTicks();
    while (audio_state() == AUDIO_STARTING && (int)(SDL_GetTicks() - t0) < timeout_ms)
        SDL_Delay(2);
    return audio_state();
}

void audio_quit(void)
{
    if (!mb.thread)
        return;
    SDL_LockMutex(mb.lock);
    mb.quit = true;
    SDL_CondSignal(mb.wake);
    SDL_UnlockMutex(mb.lock);
    SDL_WaitThread(mb.thread, NULL);
    mb.thread = NULL;
    set_state(AUDIO_OFF);
}

void audio_set_enabled(bool on)
{
    if (!have_lock())
        return;
    SDL_LockMutex(mb.lock);
    mb.enabled = on;
    mb.settings_changed = true;
    SDL_CondSignal(mb.wake);
    SDL_UnlockMutex(mb.lock);
}

void audio_set_volume(int percent)
{
    if (!have_lock())
        return;
    SDL_LockMutex(mb.lock);
    mb.volume = percent < 0 ? 0 : percent > 100 ? 100 : percent;
    mb.settings_changed = true;
    SDL_CondSignal(mb.wake);
    SDL_UnlockMutex(mb.lock);
}

void audio_play(SoundId id)
{
    if ((int)id < 0 || id >= SND_COUNT || !mb.thread || audio_state() == AUDIO_SILENT)
        return;
    SDL_LockMutex(mb.lock);
    if (mb.enabled && mb.volume > 0 && mb.queued < QUEUE) {
        mb.queue[mb.queued++] = id;
        SDL_CondSignal(mb.wake);
    }
    SDL_UnlockMutex(mb.lock);
}

void audio_set_idle_close_ms(Uint32 ms)
{
    if (!mb.lock)
        mb.lock = SDL_CreateMutex();
    if (!have_lock())
        return;
    SDL_LockMutex(mb.lock);
    mb.idle_close_ms = ms;
    if (mb.wake)
        SDL_CondSignal(mb.wake);
    SDL_UnlockMutex(mb.lock);
}

void audio_set_open_delay_ms(Uint32 ms)
{
    if (!mb.lock)
        mb.lock = SDL_CreateMutex();
    if (!have_lock())
        return;
    SDL_LockMutex(mb.lock);
    mb.open_delay_ms = ms;
    SDL_UnlockMutex(mb.lock);
}
