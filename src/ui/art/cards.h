/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Card art: the built-in Tasca deck (drawn by the program) and GNOME Aisleriot SVG decks
 * (rendered with librsvg when it was found at build time), rasterised once per card size
 * into a texture atlas. */
#ifndef TASCA_CARDS_H
#define TASCA_CARDS_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

#include "core/card.h"

#define CARDART_BUILTIN "tasca" /* id of the built-in deck */

typedef struct {
    char id[64];    /* "tasca" or the SVG file's base name, e.g. "bonded" */
    char name[96];  /* shown in Options */
    char path[512]; /* "" for the built-in deck */
} DeckInfo;

typedef struct CardArt CardArt;

/* The built-in deck first, then every Aisleriot deck installed on the system
 * (/usr/share/aisleriot/cards/ *.svg, *.svgz) when librsvg is available. */
int cardart_list_decks(DeckInfo *out, int max);
/* Number of built-in card backs (selectable with `back`). */
int cardart_back_count(void);
const char *cardart_back_name(int back);

/* Creates the art for a deck id and back style. A deck that cannot be loaded falls back
 * to the built-in one and explains why in err (err[0] == '\0' when all went well).
 * Returns NULL only when not even the built-in deck can be made. */
CardArt *cardart_create(SDL_Renderer *r, const char *deck_id, int back, char *err, size_t errsize);
void cardart_destroy(CardArt *a);
/* Width / height of a card in this deck (about 0.7). */
double cardart_aspect(const CardArt *a);
/* Renders the atlas for cards `height_px` pixels high if it is not ready at that size.
 * Cheap when nothing changed; call it from layout, never per frame. */
/* Starts drawing the built-in deck's atlas for cards height_px high on a helper thread,
 * before there is a renderer (while the window's renderer starts); cardart_prepare for
 * the same height takes it over. Does nothing for other decks. */
void cardart_prefetch(CardArt *a, int height_px);
bool cardart_prepare(CardArt *a, SDL_Renderer *r, int height_px);
/* Draws a card face (CARD_JOKER: the deck's joker), or the back for CARD_HIDDEN, filling dst, rotated by angle_deg
 * around its centre, with alpha. A flip is drawn by the caller by narrowing dst. */
void cardart_draw(CardArt *a, SDL_Renderer *r, Card c, const SDL_FRect *dst, double angle_deg,
                  Uint8 alpha);
/* A soft shadow under a card at dst (drawn before the card). */
void cardart_draw_shadow(CardArt *a, SDL_Renderer *r, const SDL_FRect *dst, double angle_deg,
                         Uint8 alpha);
/* An empty place for a card (rounded outline). */
void cardart_draw_slot(CardArt *a, SDL_Renderer *r, const SDL_FRect *dst);

/* ---- Additions to the interface above ---- */

#include "data.h" /* art_set_data_dir: call it before cardart_create */

/* `back` for an Aisleriot deck's own back; for the built-in deck it means back 0. */
#define CARDART_BACK_DECK (-1)

/* Switches the back without redrawing the faces (only one atlas cell is re-rendered). */
void cardart_set_back(CardArt *a, int back);
int cardart_get_back(const CardArt *a);
/* The deck actually in use (CARDART_BUILTIN after a fallback). */
const char *cardart_deck_id(const CardArt *a);
/* Forgets the atlas, e.g. on SDL_RENDER_TARGETS_RESET or SDL_RENDER_DEVICE_RESET: the next
 * cardart_prepare (or cardart_draw) renders it again. */
void cardart_invalidate(CardArt *a);
/* Card height the atlas holds now (0 when not prepared) and how long rendering it took,
 * in milliseconds (for benchmarks). */
int cardart_prepared_height(const CardArt *a);
double cardart_last_render_ms(const CardArt *a);

#endif
