/* Placeholder card art and silent audio, built only while src/ui/art provides no library.
 * Plain rectangles: enough to build and test the table, never shipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audio.h"
#include "cards.h"

struct CardArt {
    int h;
};

int cardart_list_decks(DeckInfo *out, int max)
{
    if (max < 1)
        return 0;
    memset(out, 0, sizeof *out);
    snprintf(out->id, sizeof out->id, "%s", CARDART_BUILTIN);
    snprintf(out->name, sizeof out->name, "Tasca");
    return 1;
}
int cardart_back_count(void) { return 2; }
const char *cardart_back_name(int back) { return back ? "Red" : "Blue"; }
CardArt *cardart_create(SDL_Renderer *r, const char *deck_id, int back, char *err,
                        size_t errsize)
{
    (void)r, (void)deck_id, (void)back;
    if (errsize)
        err[0] = '\0';
    return calloc(1, sizeof(CardArt));
}
void cardart_destroy(CardArt *a) { free(a); }
double cardart_aspect(const CardArt *a)
{
    (void)a;
    return 0.7;
}
bool cardart_prepare(CardArt *a, SDL_Renderer *r, int height_px)
{
    (void)r;
    a->h = height_px;
    return true;
}
void cardart_draw(CardArt *a, SDL_Renderer *r, Card c, const SDL_FRect *dst, double angle_deg,
                  Uint8 alpha)
{
    (void)a, (void)angle_deg;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    if (c == CARD_HIDDEN)
        SDL_SetRenderDrawColor(r, 40, 60, 140, alpha);
    else
        SDL_SetRenderDrawColor(r, 250, 250, 245, alpha);
    SDL_RenderFillRectF(r, dst);
    if (c != CARD_HIDDEN) {
        int s = card_suit(c);
        SDL_SetRenderDrawColor(r, s == 1 || s == 2 ? 200 : 20, 20, 20, alpha);
        SDL_FRect pip = {dst->x + dst->w * 0.1f, dst->y + dst->h * 0.1f,
                         dst->w * 0.08f * (float)card_rank(c) / 2, dst->h * 0.08f};
        SDL_RenderFillRectF(r, &pip);
    }
    SDL_SetRenderDrawColor(r, 0, 0, 0, alpha);
    SDL_RenderDrawRectF(r, dst);
}
void cardart_draw_shadow(CardArt *a, SDL_Renderer *r, const SDL_FRect *dst, double angle_deg,
                         Uint8 alpha)
{
    (void)a, (void)angle_deg;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 0, 0, 0, (Uint8)(alpha / 4));
    SDL_FRect s = {dst->x + 3, dst->y + 4, dst->w, dst->h};
    SDL_RenderFillRectF(r, &s);
}
void cardart_draw_slot(CardArt *a, SDL_Renderer *r, const SDL_FRect *dst)
{
    (void)a;
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 255, 255, 255, 60);
    SDL_RenderDrawRectF(r, dst);
}
void art_set_data_dir(const char *dir) { (void)dir; }

bool audio_init(const char *sounds_dir)
{
    (void)sounds_dir;
    return false;
}
void audio_quit(void) {}
void audio_set_enabled(bool on) { (void)on; }
void audio_set_volume(int percent) { (void)percent; }
void audio_play(SoundId id) { (void)id; }
