/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Renders every card and back of a deck to PNG sheets at two sizes and prints how long
 * the atlas takes to render. Usage: tasca_art_preview OUTDIR [DECK_ID...]
 * (default: the built-in deck and the first installed Aisleriot deck). Sheet sizes can be
 * set with TASCA_PREVIEW_SIZES=138,184. */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"

static const SDL_Color felt = {0x2b, 0x6a, 0x45, 255};

static double ms_since(Uint64 t0)
{
    return (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 /
           (double)SDL_GetPerformanceFrequency();
}

/* One sheet: 13 columns of faces (clubs, diamonds, hearts, spades), then the backs, a
 * slot, a shadowed card, the joker and the turned cards. */
static int sheet(const char *outdir, const char *deck, int h)
{
    char err[512];
    int nbacks = cardart_back_count();
    int w = (int)(h * 0.75) + 1, gap = h / 12 + 4;
    int W = 13 * (w + gap) + gap, H = 6 * (h + gap) + gap;
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = surf ? SDL_CreateSoftwareRenderer(surf) : NULL;
    if (!r) {
        fprintf(stderr, "preview: %s\n", SDL_GetError());
        SDL_FreeSurface(surf);
        return 1;
    }
    SDL_SetRenderDrawColor(r, felt.r, felt.g, felt.b, 255);
    SDL_RenderClear(r);

    Uint64 t0 = SDL_GetPerformanceCounter();
    CardArt *a = cardart_create(r, deck, CARDART_BACK_DECK, err, sizeof err);
    double create_ms = ms_since(t0);
    if (err[0])
        fprintf(stderr, "preview: %s\n", err);
    if (!a) {
        SDL_DestroyRenderer(r);
        SDL_FreeSurface(surf);
        return 1;
    }
    if (!cardart_prepare(a, r, h)) {
        fprintf(stderr, "preview: prepare failed\n");
        cardart_destroy(a);
        SDL_DestroyRenderer(r);
        SDL_FreeSurface(surf);
        return 1;
    }
    printf("%-22s h=%3d  create %6.1f ms  atlas %6.1f ms\n", cardart_deck_id(a), h, create_ms,
           cardart_last_render_ms(a));
    float cw = (float)(h * cardart_aspect(a));
    for (int i = 0; i < 52; i++) {
        SDL_FRect d = {(float)(gap + (i % 13) * (w + gap)), (float)(gap + (i / 13) * (h + gap)), cw,
                       (float)h};
        cardart_draw(a, r, card_from_index(i), &d, 0, 255);
    }
    int col = 0;
    float y = (float)(gap + 4 * (h + gap));
    bool builtin = strcmp(cardart_deck_id(a), CARDART_BUILTIN) == 0;
    for (int b = builtin ? 0 : -1; b < nbacks; b++, col++) {
        cardart_set_back(a, b);
        SDL_FRect d = {(float)(gap + col * (w + gap)), y, cw, (float)h};
        cardart_draw(a, r, CARD_HIDDEN, &d, 0, 255);
    }
    SDL_FRect d = {(float)(gap + col * (w + gap)), y, cw, (float)h};
    cardart_draw_slot(a, r, &d);
    col++;
    d.x = (float)(gap + col * (w + gap));
    cardart_draw_shadow(a, r, &d, 0, 255);
    cardart_draw(a, r, card_make(RANK_KING, SUIT_HEARTS), &d, 0, 255);
    col++;
    d.x = (float)(gap + col * (w + gap));
    cardart_draw(a, r, CARD_JOKER, &d, 0, 255);
    col++;
    /* Last row: turned, faded and flipped (narrowed) cards. */
    y += h + gap;
    for (int k = 0; k < 6; k++) {
        SDL_FRect e = {(float)(gap + (2 * k + 1) * (w + gap) / 2 + gap), y, cw, (float)h};
        Card c = k == 5 ? CARD_HIDDEN : card_make(1 + k * 3, k % 4);
        if (k == 3)
            e.x += cw * 0.3f, e.w = cw * 0.4f; /* mid-flip */
        cardart_draw_shadow(a, r, &e, -12 + 6 * k, 255);
        cardart_draw(a, r, c, &e, -12 + 6 * k, k == 4 ? 128 : 255);
    }
    SDL_RenderPresent(r);

    char path[700];
    snprintf(path, sizeof path, "%s/preview-%s-%d.png", outdir, cardart_deck_id(a), h);
    if (IMG_SavePNG(surf, path) != 0)
        fprintf(stderr, "preview: cannot save %s: %s\n", path, IMG_GetError());
    else
        printf("  wrote %s\n", path);
    cardart_destroy(a);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
    return 0;
}

/* Atlas render times for a range of sizes, fresh art each time (no warm caches). */
static void timings(const char *deck)
{
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = surf ? SDL_CreateSoftwareRenderer(surf) : NULL;
    if (!r) {
        SDL_FreeSurface(surf);
        return;
    }
    char err[512];
    CardArt *a = cardart_create(r, deck, 0, err, sizeof err);
    if (a) {
        static const int hs[] = {90, 150, 200, 220, 300, 400};
        printf("%-22s", cardart_deck_id(a));
        for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++) {
            cardart_prepare(a, r, hs[i]);
            printf("  %d px: %.1f ms", hs[i], cardart_last_render_ms(a));
        }
        printf("\n");
        cardart_destroy(a);
    }
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surf);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s OUTDIR [DECK_ID...]\n", argv[0]);
        return 2;
    }
    if (SDL_Init(0) != 0 || !(IMG_Init(IMG_INIT_PNG) & IMG_INIT_PNG)) {
        fprintf(stderr, "preview: %s\n", SDL_GetError());
        return 1;
    }
    DeckInfo decks[128];
    int n = cardart_list_decks(decks, 128);
    printf("%d decks:", n);
    for (int i = 0; i < n; i++)
        printf(" %s", decks[i].id);
    printf("\n");
    const char *def[2] = {CARDART_BUILTIN, n > 1 ? decks[1].id : NULL};
    const char **ids = argc > 2 ? (const char **)argv + 2 : def;
    int nids = argc > 2 ? argc - 2 : (def[1] ? 2 : 1);
    int rc = 0;
    /* Sheet sizes: 90 and 220 px unless TASCA_PREVIEW_SIZES says otherwise ("138,184"). */
    int sizes[8] = {90, 220}, nsizes = 2;
    const char *env = getenv("TASCA_PREVIEW_SIZES");
    if (env && *env) {
        nsizes = 0;
        for (const char *p = env; *p && nsizes < 8;) {
            int v = atoi(p);
            if (v >= 16 && v <= 2000)
                sizes[nsizes++] = v;
            p += strcspn(p, ",");
            p += *p == ',';
        }
    }
    for (int i = 0; i < nids; i++) {
        for (int k = 0; k < nsizes; k++)
            rc |= sheet(argv[1], ids[i], sizes[k]);
        timings(ids[i]);
    }
    IMG_Quit();
    SDL_Quit();
    return rc;
}
