/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Checks of the card art and audio modules on a software renderer (no window needed):
 * decks, backs, atlas sizes, colours where the pips and backs should be, the half-turn
 * symmetry of a face, the fallback for a missing deck, and silent audio. */
#include <SDL.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "audio.h"
#include "cards.h"

static int passed, failed;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        if (cond)                                                                                  \
            passed++;                                                                              \
        else {                                                                                     \
            failed++;                                                                              \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                            \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
        }                                                                                          \
    } while (0)

typedef struct {
    SDL_Surface *surf;
    SDL_Renderer *r;
} Target;

static bool target_open(Target *t, int w, int h)
{
    t->surf = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    t->r = t->surf ? SDL_CreateSoftwareRenderer(t->surf) : NULL;
    return t->r != NULL;
}

static void target_close(Target *t)
{
    if (t->r)
        SDL_DestroyRenderer(t->r);
    SDL_FreeSurface(t->surf);
}

static void clear(Target *t)
{
    SDL_SetRenderDrawColor(t->r, 0, 96, 0, 255); /* felt green */
    SDL_RenderClear(t->r);
}

static SDL_Color pixel(const Target *t, int x, int y)
{
    Uint32 v = ((const Uint32 *)t->surf->pixels)[y * (t->surf->pitch / 4) + x];
    SDL_Color c;
    SDL_GetRGB(v, t->surf->format, &c.r, &c.g, &c.b);
    c.a = 255;
    return c;
}

static void test_lists(void)
{
    DeckInfo d[128];
    int n = cardart_list_decks(d, 128);
    CHECK(n >= 1 && strcmp(d[0].id, CARDART_BUILTIN) == 0, "built-in deck listed first");
    for (int i = 1; i < n; i++)
        CHECK(d[i].path[0] && d[i].name[0], "deck %s has a path and a name", d[i].id);
    int nb = cardart_back_count();
    CHECK(nb >= 4, "at least four backs (%d)", nb);
    for (int i = 0; i < nb; i++) {
        CHECK(cardart_back_name(i)[0] != '\0', "back %d has a name", i);
        for (int j = 0; j < i; j++)
            CHECK(strcmp(cardart_back_name(i), cardart_back_name(j)) != 0, "back names differ");
    }
}

static void test_builtin(void)
{
    Target t;
    if (!target_open(&t, 400, 320)) {
        CHECK(false, "software renderer: %s", SDL_GetError());
        return;
    }
    char err[256];
    CardArt *a = cardart_create(t.r, CARDART_BUILTIN, 0, err, sizeof err);
    CHECK(a && err[0] == '\0', "built-in deck: %s", err);
    if (!a) {
        target_close(&t);
        return;
    }
    CHECK(fabs(cardart_aspect(a) - 250.0 / 350.0) < 1e-6, "poker aspect");
    CHECK(cardart_prepare(a, t.r, 90) && cardart_prepared_height(a) == 90, "prepare 90");
    CHECK(cardart_prepare(a, t.r, 220) && cardart_prepared_height(a) == 220, "prepare 220");
    printf("atlas 220 px: %.1f ms\n", cardart_last_render_ms(a));

    const float h = 220, w = (float)(220 * cardart_aspect(a));
    SDL_FRect dst = {20, 20, w, h};
    /* 2 of hearts: the top pip is red, the middle of the card is paper. */
    clear(&t);
    cardart_draw(a, t.r, card_make(2, SUIT_HEARTS), &dst, 0, 255);
    SDL_Color pip = pixel(&t, 20 + (int)(w / 2), 20 + (int)(0.21 * h));
    SDL_Color mid = pixel(&t, 20 + (int)(w / 2), 20 + (int)(0.5 * h));
    SDL_Color corner = pixel(&t, 20, 20);
    CHECK(pip.r > 150 && pip.g < 90 && pip.b < 110, "red pip (%d,%d,%d)", pip.r, pip.g, pip.b);
    CHECK(mid.r > 235 && mid.g > 230 && mid.b > 220, "white paper (%d,%d,%d)", mid.r, mid.g, mid.b);
    CHECK(corner.r < 40 && corner.g > 80, "rounded corner shows the felt (%d,%d,%d)", corner.r,
          corner.g, corner.b);

    /* Half-turn symmetry of a pip card, indices included. */
    double diff = 0;
    int x0 = 20, y0 = 20, cw = (int)lroundf(w), ch = (int)h;
    for (int y = 2; y < ch - 2; y += 2)
        for (int x = 2; x < cw - 2; x += 2) {
            SDL_Color p = pixel(&t, x0 + x, y0 + y),
                      q = pixel(&t, x0 + cw - 1 - x, y0 + ch - 1 - y);
            diff += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b);
        }
    diff /= (cw / 2.0) * (ch / 2.0) * 3;
    CHECK(diff < 3.0, "2 of hearts is symmetric under a half turn (mean diff %.2f)", diff);

    /* Spades are near-black; the court has its picture in the middle. */
    clear(&t);
    cardart_draw(a, t.r, card_make(2, SUIT_SPADES), &dst, 0, 255);
    SDL_Color sp = pixel(&t, 20 + (int)(w / 2), 20 + (int)(0.21 * h));
    CHECK(sp.r < 60 && sp.g < 60 && sp.b < 70, "black pip (%d,%d,%d)", sp.r, sp.g, sp.b);

    /* Backs: red lattice, then blue. */
    clear(&t);
    cardart_draw(a, t.r, CARD_HIDDEN, &dst, 0, 255);
    SDL_Color b0 = pixel(&t, 20 + (int)(w * 0.3), 20 + (int)(h * 0.3));
    CHECK(b0.r > b0.g + 60 && b0.r > b0.b + 60, "back 0 is red (%d,%d,%d)", b0.r, b0.g, b0.b);
    cardart_set_back(a, 1);
    CHECK(cardart_get_back(a) == 1, "back switched");
    clear(&t);
    cardart_draw(a, t.r, CARD_HIDDEN, &dst, 0, 255);
    SDL_Color b1 = pixel(&t, 20 + (int)(w * 0.3), 20 + (int)(h * 0.3));
    CHECK(b1.b > b1.r + 50, "back 1 is blue (%d,%d,%d)", b1.r, b1.g, b1.b);

    /* Drawing turned, faded, as a shadow and a slot must not fail or crash. */
    cardart_draw_shadow(a, t.r, &dst, 15, 255);
    cardart_draw(a, t.r, card_make(RANK_KING, SUIT_DIAMONDS), &dst, 15, 128);
    cardart_draw_slot(a, t.r, &dst);
    cardart_draw(a, t.r, CARD_NONE, &dst, 0, 255);
    cardart_invalidate(a);
    CHECK(cardart_prepared_height(a) == 0, "invalidated");
    cardart_draw(a, t.r, card_make(RANK_ACE, SUIT_SPADES), &dst, 0, 255);
    CHECK(cardart_prepared_height(a) == 220, "drawing re-prepares at the drawn size");
    cardart_destroy(a);
    target_close(&t);
}

static void test_fallback_and_aisleriot(void)
{
    Target t;
    if (!target_open(&t, 200, 200))
        return;
    char err[256];
    CardArt *a = cardart_create(t.r, "no-such-deck", 2, err, sizeof err);
    CHECK(a && err[0] && strcmp(cardart_deck_id(a), CARDART_BUILTIN) == 0,
          "missing deck falls back to the built-in one with a message");
    cardart_destroy(a);

    DeckInfo d[128];
    int n = cardart_list_decks(d, 128);
    if (n > 1) {
        a = cardart_create(t.r, d[1].id, CARDART_BACK_DECK, err, sizeof err);
        CHECK(a && strcmp(cardart_deck_id(a), d[1].id) == 0, "Aisleriot deck %s: %s", d[1].id, err);
        if (a) {
            CHECK(cardart_prepare(a, t.r, 120), "Aisleriot deck prepares");
            float w = (float)(120 * cardart_aspect(a));
            SDL_FRect dst = {10, 10, w, 120};
            clear(&t);
            cardart_draw(a, t.r, card_make(RANK_ACE, SUIT_HEARTS), &dst, 0, 255);
            /* Somewhere on the ace of hearts there is red, and most of it is light. */
            int red = 0, light = 0, total = 0;
            for (int y = 12; y < 128; y += 2)
                for (int x = 12; x < 8 + (int)w; x += 2) {
                    SDL_Color c = pixel(&t, x, y);
                    red += c.r > 150 && c.g < 100;
                    light += c.r > 200 && c.g > 200 && c.b > 200;
                    total++;
                }
            CHECK(red > 0 && light > total / 3, "Aisleriot ace of hearts (%d red, %d/%d light)",
                  red, light, total);
            cardart_destroy(a);
        }
    } else
        printf("no Aisleriot deck installed: skipped\n");
    /* Anglo's back group has ink far outside its cell: its back must still be the back,
     * not the face below the ink's centre (the 3 of spades). */
    for (int i = 0; i < n; i++) {
        if (strcmp(d[i].id, "anglo") != 0)
            continue;
        a = cardart_create(t.r, d[i].id, CARDART_BACK_DECK, err, sizeof err);
        CHECK(a != NULL, "Aisleriot deck anglo: %s", err);
        if (!a)
            break;
        float w = (float)(120 * cardart_aspect(a));
        SDL_FRect dst = {10, 10, w, 120};
        Uint8 back[60][40], three[60][40];
        Card which[2] = {CARD_HIDDEN, card_make(3, SUIT_SPADES)};
        for (int k = 0; k < 2; k++) {
            clear(&t);
            cardart_draw(a, t.r, which[k], &dst, 0, 255);
            for (int y = 0; y < 60; y++)
                for (int x = 0; x < 40; x++) {
                    SDL_Color c = pixel(&t, 12 + x * (int)(w - 4) / 40, 12 + y * 2);
                    (k ? three : back)[y][x] = (Uint8)((c.r + c.g + c.b) / 3);
                }
        }
        int differ = 0;
        for (int y = 0; y < 60; y++)
            for (int x = 0; x < 40; x++)
                differ += abs(back[y][x] - three[y][x]) > 40;
        CHECK(differ > 60 * 40 / 4, "anglo's back is not its 3 of spades (%d of %d differ)",
              differ, 60 * 40);
        cardart_destroy(a);
    }
    target_close(&t);
}

static Uint32 ms_since(Uint64 t0)
{
    return (Uint32)((SDL_GetPerformanceCounter() - t0) * 1000 / SDL_GetPerformanceFrequency());
}

/* Waits up to 3 s for cond(). */
static bool eventually(bool (*cond)(void))
{
    for (int i = 0; i < 1500 && !cond(); i++)
        SDL_Delay(2);
    return cond();
}

static bool device_closed(void) { return !audio_device_open(); }
static bool device_opened(void) { return audio_device_open(); }
static unsigned started_before;
static bool one_more_started(void) { return audio_sounds_started() > started_before; }

static void test_audio(void)
{
    /* SDL's dummy driver: a device that plays nothing. */
    SDL_setenv("SDL_AUDIODRIVER", "dummy", 1);
    /* A slow sound server (300 ms to open the device): starting and playing must not wait
     * for it; the sounds asked for meanwhile play once it is open. */
    audio_set_open_delay_ms(300);
    Uint64 t0 = SDL_GetPerformanceCounter();
    CHECK(audio_start(NULL), "the audio thread starts");
    audio_set_volume(150);
    audio_set_volume(-3);
    audio_set_volume(40);
    for (int i = 0; i < SND_COUNT; i++)
        audio_play((SoundId)i);
    Uint32 took = ms_since(t0);
    CHECK(took < 100, "starting and queueing sounds took %u ms, not waiting for the device",
          (unsigned)took);
    CHECK(audio_state() == AUDIO_STARTING, "the device is still opening");
    CHECK(audio_wait_started(3000) == AUDIO_ON, "audio opens with the shipped sounds");
    CHECK(eventually(one_more_started), "the sounds asked for while it opened play");
    audio_set_open_delay_ms(0);
    for (int i = 0; i < 50; i++) /* more than there are channels */
        audio_play(SND_DEAL);
    audio_set_enabled(false);
    started_before = audio_sounds_started();
    audio_play(SND_WIN);
    SDL_Delay(50);
    CHECK(audio_sounds_started() == started_before, "sound off: nothing plays");
    /* Quiet for a while: the thread closes the device; the next sound opens it again. */
    CHECK(audio_device_open(), "the device stays open just after a sound");
    audio_set_idle_close_ms(100);
    CHECK(eventually(device_closed), "a quiet device is closed");
    audio_set_idle_close_ms(5000);
    audio_set_enabled(true);
    started_before = audio_sounds_started();
    audio_play(SND_CLICK);
    CHECK(eventually(device_opened) && eventually(one_more_started),
          "a sound opens the device again");
    audio_quit();
    audio_quit();
    CHECK(audio_state() == AUDIO_OFF, "quit");
    CHECK(audio_start("/nonexistent/sounds") && audio_wait_started(3000) == AUDIO_SILENT,
          "no sound files: silent");
    audio_play(SND_CLICK);
    audio_quit();
    passed++; /* reached the end without crashing */
}

/* A card's picture at dst as grey levels on a 24×32 grid (felt where nothing is drawn). */
static void snapshot(Target *t, CardArt *a, Card c, const SDL_FRect *dst, Uint8 out[32][24])
{
    clear(t);
    cardart_draw(a, t->r, c, dst, 0, 255);
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < 24; x++) {
            SDL_Color p = pixel(t, (int)(dst->x + 3 + x * (dst->w - 6) / 24),
                                (int)(dst->y + 3 + y * (dst->h - 6) / 32));
            out[y][x] = (Uint8)((p.r + p.g + p.b) / 3);
        }
}

/* The joker (Buraco's house rules play with four): every deck draws one, its own when it
 * has one, and it is neither the back nor any of the 52 faces. */
static void test_jokers(void)
{
    Target t;
    if (!target_open(&t, 200, 200))
        return;
    DeckInfo d[128];
    int n = cardart_list_decks(d, 128);
    for (int i = 0; i < n; i++) {
        char err[256];
        CardArt *a = cardart_create(t.r, d[i].id, CARDART_BACK_DECK, err, sizeof err);
        CHECK(a && strcmp(cardart_deck_id(a), d[i].id) == 0, "deck %s: %s", d[i].id, err);
        if (!a)
            continue;
        float w = (float)(120 * cardart_aspect(a));
        SDL_FRect dst = {10, 10, w, 120};
        Uint8 joker[32][24], other[32][24];
        snapshot(&t, a, CARD_JOKER, &dst, joker);
        int felt = 0;
        for (int y = 0; y < 32; y++)
            for (int x = 0; x < 24; x++) {
                SDL_Color p = pixel(&t, (int)(dst.x + 3 + x * (dst.w - 6) / 24),
                                    (int)(dst.y + 3 + y * (dst.h - 6) / 32));
                felt += p.r == 0 && p.g == 96 && p.b == 0;
            }
        CHECK(felt < 24 * 32 / 20, "deck %s draws a joker (%d felt samples)", d[i].id, felt);
        int least = 24 * 32;
        for (int c = -1; c < 52; c++) {
            snapshot(&t, a, c < 0 ? CARD_HIDDEN : card_from_index(c), &dst, other);
            int differ = 0;
            for (int y = 0; y < 32; y++)
                for (int x = 0; x < 24; x++)
                    differ += abs(joker[y][x] - other[y][x]) > 40;
            if (differ < least)
                least = differ;
        }
        CHECK(least > 24 * 32 / 40, "deck %s: its joker is not the back nor a face (%d differ)",
              d[i].id, least);
        cardart_destroy(a);
    }
    target_close(&t);
}

int main(void)
{
    if (SDL_Init(0) != 0) {
        printf("SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    test_lists();
    test_builtin();
    test_fallback_and_aisleriot();
    test_jokers();
    test_audio();
    SDL_Quit();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
