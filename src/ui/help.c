/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "help.h"

#include <math.h>
#include <string.h>

#include "i18n.h"
#include "widgets.h"

#define C(r, s) ((Card)(SUIT_##s * 16 + (r))) /* card_make, as a constant */
#define BIT(p) (1UL << (p))

/* ---- The examples ---- */

static const HelpFigure twentyone_figs[] = {
    {N_("An Ace counts 11 as long as the hand stays at 21 or under: the Ace of spades "
        "and a 6 make 17."),
     2,
     {{C(RANK_ACE, SPADES), "11", true, false}, {C(6, HEARTS), "6", false, false}},
     0,
     0,
     0},
    {N_("Draw a 9 and the Ace counts 1 instead: the hand makes 16, not 26."),
     3,
     {{C(RANK_ACE, SPADES), "1", true, false},
      {C(6, HEARTS), "6", false, false},
      {C(9, CLUBS), "9", false, false}},
     0,
     0,
     0},
    {N_("Jacks, Queens and Kings count 10: an Ace and a King make 21 with two cards."),
     2,
     {{C(RANK_ACE, DIAMONDS), "11", false, false}, {C(RANK_KING, CLUBS), "10", true, false}},
     0,
     0,
     0},
};

static const HelpFigure truco_figs[] = {
    {N_("The order of the cards, from the lowest to the highest, when none of them is a "
        "manilha. There are no 8s, 9s or 10s."),
     10,
     {{C(4, CLUBS), NULL, false, false},
      {C(5, HEARTS), NULL, false, false},
      {C(6, SPADES), NULL, false, false},
      {C(7, DIAMONDS), NULL, false, false},
      {C(RANK_QUEEN, CLUBS), NULL, false, false},
      {C(RANK_JACK, HEARTS), NULL, false, false},
      {C(RANK_KING, SPADES), NULL, false, false},
      {C(RANK_ACE, DIAMONDS), NULL, false, false},
      {C(2, CLUBS), NULL, false, false},
      {C(3, HEARTS), NULL, false, false}},
     0,
     0,
     0},
    {N_("The vira is a 7, so the manilhas are the four Queens, the next rank up. Between "
        "manilhas the suit decides, from diamonds (pica-fumo) to spades (espadilha), hearts "
        "(copas) and clubs: the Queen of clubs, the zap, beats every card."),
     5,
     {{C(7, HEARTS), N_("vira"), false, false},
      {C(RANK_QUEEN, DIAMONDS), N_("pica-fumo"), true, true},
      {C(RANK_QUEEN, SPADES), N_("espadilha"), true, false},
      {C(RANK_QUEEN, HEARTS), N_("copas"), true, false},
      {C(RANK_QUEEN, CLUBS), N_("zap"), true, false}},
     0,
     0,
     0},
    {N_("The ranks go round: when the vira is a 3, the manilhas are the 4s, the weakest "
        "cards of any other hand."),
     5,
     {{C(3, SPADES), N_("vira"), false, false},
      {C(4, DIAMONDS), NULL, true, true},
      {C(4, SPADES), NULL, true, false},
      {C(4, HEARTS), NULL, true, false},
      {C(4, CLUBS), N_("zap"), true, false}},
     0,
     0,
     0},
    {N_("Manilha velha and Mineiro: no vira, and always the same four manilhas, from the "
        "lowest: the 7 of diamonds, the ace of spades, the 7 of hearts and the 4 of clubs. "
        "They beat a 3, the highest of the other cards."),
     5,
     {{C(3, HEARTS), NULL, false, false},
      {C(7, DIAMONDS), N_("pica-fumo"), true, true},
      {C(RANK_ACE, SPADES), N_("espadilha"), true, false},
      {C(7, HEARTS), N_("copas"), true, false},
      {C(4, CLUBS), N_("zap"), true, false}},
     0,
     0,
     0},
    {N_("Baralho limpo: 24 cards, no 4 to 7. With a vira of 3 the manilhas are the Queens "
        "(the clean deck has no 4); the other cards go from low to high J K A 2 3."),
     7,
     {{C(3, SPADES), N_("vira"), false, false},
      {C(RANK_JACK, HEARTS), NULL, false, true},
      {C(RANK_KING, SPADES), NULL, false, false},
      {C(RANK_ACE, DIAMONDS), NULL, false, false},
      {C(2, CLUBS), NULL, false, false},
      {C(3, HEARTS), NULL, false, false},
      {C(RANK_QUEEN, CLUBS), N_("zap"), true, true}},
     0,
     0,
     0},
};

static const HelpFigure bisca_figs[] = {
    {N_("The cards that score: Ace 11, 7 10, King 4, Queen 3, Jack 2; the others score "
        "nothing. The deck holds 120 points, so 61 win. (With Portuguese scoring the Jack "
        "scores 3 and the Queen 2.)"),
     5,
     {{C(RANK_ACE, HEARTS), "11", true, false},
      {C(7, HEARTS), "10", true, false},
      {C(RANK_KING, HEARTS), "4", false, false},
      {C(RANK_QUEEN, HEARTS), "3", false, false},
      {C(RANK_JACK, HEARTS), "2", false, false}},
     0,
     0,
     0},
    {N_("The trunfo, turned face up under the stock, makes its suit trump: here spades. "
        "The Ace of hearts is led, and a lowly 2 of spades takes it with its 11 points."),
     3,
     {{C(5, SPADES), N_("trunfo"), false, false},
      {C(RANK_ACE, HEARTS), N_("led"), false, true},
      {C(2, SPADES), N_("wins"), true, false}},
     0,
     0,
     0},
};

static const HelpFigure buraco_figs[] = {
    {N_("A meld is a run of at least three cards of one suit. The Ace goes below the 2 or "
        "above the King."),
     6,
     {{C(3, HEARTS), NULL, false, false},
      {C(4, HEARTS), NULL, false, false},
      {C(5, HEARTS), NULL, false, false},
      {C(RANK_QUEEN, SPADES), NULL, false, true},
      {C(RANK_KING, SPADES), NULL, false, false},
      {C(RANK_ACE, SPADES), NULL, false, false}},
     0,
     0,
     0},
    {N_("A 2 of any suit may stand in for one missing card of a meld, at most one per "
        "meld: here the 2 of clubs takes the place of the 6 of diamonds."),
     4,
     {{C(4, DIAMONDS), NULL, false, false},
      {C(5, DIAMONDS), NULL, false, false},
      {C(2, CLUBS), "6", true, false},
      {C(7, DIAMONDS), NULL, false, false}},
     0,
     0,
     0},
    {N_("Seven cards or more make a canastra: a canastra limpa, without a stand-in 2, "
        "scores 200 more."),
     7,
     {{C(5, SPADES), NULL, true, false},
      {C(6, SPADES), NULL, true, false},
      {C(7, SPADES), NULL, true, false},
      {C(8, SPADES), NULL, true, false},
      {C(9, SPADES), NULL, true, false},
      {C(10, SPADES), NULL, true, false},
      {C(RANK_JACK, SPADES), NULL, true, false}},
     0,
     0,
     0},
    {N_("A canastra suja holds a 2 in the place of a missing card and scores 100 more."),
     7,
     {{C(8, HEARTS), NULL, false, false},
      {C(9, HEARTS), NULL, false, false},
      {C(10, HEARTS), NULL, false, false},
      {C(RANK_JACK, HEARTS), NULL, false, false},
      {C(2, DIAMONDS), "Q", true, false},
      {C(RANK_KING, HEARTS), NULL, false, false},
      {C(RANK_ACE, HEARTS), NULL, false, false}},
     0,
     0,
     0},
    {N_("What cards are worth at the end: 3 to 7 score 5, 8 to King and the 2s score 10, "
        "Aces 15. Cards in melds count for the team, cards left in hand against it."),
     4,
     {{C(5, CLUBS), "5", false, false},
      {C(9, CLUBS), "10", false, false},
      {C(2, HEARTS), "10", false, false},
      {C(RANK_ACE, SPADES), "15", false, false}},
     0,
     0,
     0},
    /* Buraco as Brazil plays it (Options, House style). */
    {N_("A morto taken direto: your last two cards, 7 and 8 of hearts, go onto your meld. "
        "Your hand is empty by melding, so your team's morto, 11 cards face down, comes into "
        "your hand at once and you go on playing."),
     8,
     {{C(4, HEARTS), NULL, false, false},
      {C(5, HEARTS), NULL, false, false},
      {C(6, HEARTS), NULL, false, false},
      {C(7, HEARTS), NULL, true, false},
      {C(8, HEARTS), NULL, true, false},
      {CARD_HIDDEN, N_("morto"), false, true},
      {CARD_HIDDEN, NULL, false, false},
      {CARD_HIDDEN, NULL, false, false}},
     0,
     0,
     0},
    {N_("A morto taken indireto: your last card, the King of clubs, goes on the discard "
        "pile. You take the morto now and play it from your next turn."),
     4,
     {{C(RANK_KING, CLUBS), N_("discard"), true, false},
      {CARD_HIDDEN, N_("morto"), false, true},
      {CARD_HIDDEN, NULL, false, false},
      {CARD_HIDDEN, NULL, false, false}},
     0,
     0,
     0},
    {N_("STBL and Aberto: to go out for good, after taking its morto, a team needs a clean "
        "canastra on the table, like this one. Until it has one, nobody on the team may bring "
        "their hand down to one card or none."),
     7,
     {{C(5, SPADES), NULL, true, false},
      {C(6, SPADES), NULL, true, false},
      {C(7, SPADES), NULL, true, false},
      {C(8, SPADES), NULL, true, false},
      {C(9, SPADES), NULL, true, false},
      {C(10, SPADES), NULL, true, false},
      {C(RANK_JACK, SPADES), NULL, true, false}},
     0,
     0,
     0},
    {N_("Big canastras: a clean run of all 14 cards from Ace to Ace (the middle left out here) "
        "scores 1,000; from Ace to King, 13 cards, 500."),
     8,
     {{C(RANK_ACE, HEARTS), NULL, true, false},
      {C(2, HEARTS), NULL, true, false},
      {C(3, HEARTS), NULL, true, false},
      {C(4, HEARTS), NULL, true, false},
      {C(RANK_JACK, HEARTS), NULL, true, true},
      {C(RANK_QUEEN, HEARTS), NULL, true, false},
      {C(RANK_KING, HEARTS), NULL, true, false},
      {C(RANK_ACE, HEARTS), "1000", true, false}},
     0,
     0,
     0},
};

static const HelpFigure moulin_figs[] = {
    {N_("White has closed a mill on the top line and now takes a black piece. The black "
        "pieces on the left line form a mill, so they are safe while another black piece "
        "can be taken."),
     0,
     {{0}},
     BIT(0) | BIT(1) | BIT(2) | BIT(11),
     BIT(3) | BIT(10) | BIT(18) | BIT(19) | BIT(13),
     BIT(0) | BIT(1) | BIT(2)},
};

int help_figures(const char *game, const HelpFigure **out)
{
#define FIGS(id, a)                                                                                \
    if (strcmp(game, id) == 0) {                                                                   \
        *out = a;                                                                                  \
        return (int)(sizeof a / sizeof a[0]);                                                      \
    }
    if (game) {
        FIGS("twentyone", twentyone_figs)
        FIGS("truco", truco_figs)
        FIGS("bisca", bisca_figs)
        FIGS("buraco", buraco_figs)
        FIGS("moulin", moulin_figs)
    }
#undef FIGS
    *out = NULL;
    return 0;
}

/* ---- Drawing them ---- */

static float card_h(const App *a)
{
    return 92 * a->u;
}

float help_figure_height(const App *a, const HelpFigure *f, float width)
{
    if (f->n == 0)
        return fminf(width, 200 * a->u) + 12 * a->u;
    bool labels = false;
    for (int i = 0; i < f->n; i++)
        labels |= f->cards[i].label != NULL;
    return card_h(a) + (labels ? 28 : 8) * a->u + 10 * a->u;
}

static void draw_cards(App *a, const HelpFigure *f, SDL_FRect r)
{
    SDL_Renderer *ren = a->ren;
    float h = card_h(a), w = h * (float)cardart_aspect(a->art);
    int gaps = 0;
    for (int i = 0; i < f->n; i++)
        gaps += f->cards[i].gap && i > 0;
    /* Cards side by side, overlapping when the row would not fit. */
    float step = w * 1.1f, gap = w * 0.5f;
    float need = step * (f->n - 1) + w + gap * gaps;
    if (need > r.w) {
        step = (r.w - w - gap * gaps) / (float)(f->n > 1 ? f->n - 1 : 1);
        if (step < w * 0.45f) {
            gap = w * 0.25f;
            step = (r.w - w - gap * gaps) / (float)(f->n > 1 ? f->n - 1 : 1);
        }
        need = step * (f->n - 1) + w + gap * gaps;
    }
    float x = r.x + (r.w - need) / 2, y = r.y + 10 * a->u;
    for (int i = 0; i < f->n; i++) {
        const HelpCard *c = &f->cards[i];
        if (i > 0)
            x += step + (c->gap ? gap : 0);
        SDL_FRect d = {x, y - (c->mark ? 6 * a->u : 0), w, h};
        SDL_FRect s = d;
        s.x += 2 * a->u;
        s.y += 3 * a->u;
        cardart_draw_shadow(a->art, ren, &s, 0, 200);
        cardart_draw(a->art, ren, c->card, &d, 0, 255);
        if (c->mark)
            draw_rounded_outline(
                ren, (SDL_FRect){d.x - 3 * a->u, d.y - 3 * a->u, d.w + 6 * a->u, d.h + 6 * a->u},
                9 * a->u, 3 * a->u, COL_GOLD);
        if (c->label) {
            /* Labels are numbers, ranks or game words (N_ in the table). */
            const char *t = c->label[0] >= '0' && c->label[0] <= '9' ? c->label : _(c->label);
            text_draw_fit(a->text, t, (int)lroundf(14 * a->u), true, c->mark ? COL_GOLD : COL_TEXT,
                          x + w / 2, y + h + 8 * a->u, TEXT_CENTER | TEXT_TOP,
                          fmaxf(step, w) - 2 * a->u);
        }
    }
}

/* Points of the board on a 7 x 7 grid, numbered row by row as in RULES.md. */
static const signed char board_xy[24][2] = {
    {0, 0}, {3, 0}, {6, 0}, {1, 1}, {3, 1}, {5, 1}, {2, 2}, {3, 2}, {4, 2}, {0, 3}, {1, 3}, {2, 3},
    {4, 3}, {5, 3}, {6, 3}, {2, 4}, {3, 4}, {4, 4}, {1, 5}, {3, 5}, {5, 5}, {0, 6}, {3, 6}, {6, 6},
};

static void draw_board(App *a, const HelpFigure *f, SDL_FRect r)
{
    SDL_Renderer *ren = a->ren;
    float side = fminf(r.w, 200 * a->u);
    float bx = r.x + (r.w - side) / 2, by = r.y + 4 * a->u;
    SDL_FRect b = {bx, by, side, side};
    draw_shadow(ren, b, side * 0.03f, side * 0.05f, rgba(0, 0, 0, 110));
    draw_rounded(ren, b, side * 0.03f, rgba(196, 146, 90, 255));
    float st = side / 7.4f, ox = bx + (side - 6 * st) / 2, oy = by + (side - 6 * st) / 2;
    float th = fmaxf(1.5f, side * 0.012f);
    Rgba ink = rgba(74, 46, 24, 255);
    for (int k = 0; k < 3; k++) {
        float lo = (float)k * st, hi = (float)(6 - k) * st;
        draw_rect(ren, (SDL_FRect){ox + lo, oy + lo - th / 2, hi - lo, th}, ink);
        draw_rect(ren, (SDL_FRect){ox + lo, oy + hi - th / 2, hi - lo, th}, ink);
        draw_rect(ren, (SDL_FRect){ox + lo - th / 2, oy + lo, th, hi - lo}, ink);
        draw_rect(ren, (SDL_FRect){ox + hi - th / 2, oy + lo, th, hi - lo}, ink);
    }
    draw_rect(ren, (SDL_FRect){ox + 3 * st - th / 2, oy, th, 2 * st}, ink);
    draw_rect(ren, (SDL_FRect){ox + 3 * st - th / 2, oy + 4 * st, th, 2 * st}, ink);
    draw_rect(ren, (SDL_FRect){ox, oy + 3 * st - th / 2, 2 * st, th}, ink);
    draw_rect(ren, (SDL_FRect){ox + 4 * st, oy + 3 * st - th / 2, 2 * st, th}, ink);
    for (int p = 0; p < 24; p++) {
        float x = ox + board_xy[p][0] * st, y = oy + board_xy[p][1] * st;
        bool w = f->white & BIT(p), k = f->black & BIT(p);
        if (!w && !k) {
            draw_circle(ren, x, y, st * 0.12f, ink);
            continue;
        }
        float pr = st * 0.34f;
        if (f->marked & BIT(p))
            draw_circle(ren, x, y, pr + 3 * a->u, COL_GOLD);
        draw_circle(ren, x + pr * 0.1f, y + pr * 0.22f, pr, rgba(0, 0, 0, 100));
        draw_circle(ren, x, y, pr, w ? rgba(240, 232, 212, 255) : rgba(40, 36, 34, 255));
    }
}

void help_draw_figure(App *a, const HelpFigure *f, SDL_FRect r)
{
    if (f->n == 0)
        draw_board(a, f, r);
    else
        draw_cards(a, f, r);
}

/* ---- Keyboard shortcuts ---- */

static const HelpKey keys[] = {
    {NULL, N_("Everywhere")},
    {"Esc", N_("Open the menu; in the menu, go back a page or close it")},
    {"F1", N_("The rules of the game, with examples")},
    {"F11|Alt+Enter", N_("Full screen on or off")},
    {"Ctrl+Q", N_("Quit (the game in progress is saved)")},
    {"?|H", N_("Hint: the computer's best move, highlighted, and why (H is Hit in 21: use ?). "
               "At a networked table only when every other seat is the computer's")},
    {"R", N_("After a game: review your decisions (\xE2\x86\x90 \xE2\x86\x92 step through them, Esc goes back)")},
    {NULL, N_("In the menu")},
    {"\xE2\x86\x91|\xE2\x86\x93|Tab", N_("Move between the lines")},
    {"\xE2\x86\x90|\xE2\x86\x92", N_("Change a setting")},
    {"Enter|Space", N_("Choose")},
    {"Backspace", N_("Back to the previous page (a right click too)")},
    {"Page Up|Page Down", N_("Scroll a long page such as the rules")},
    {NULL, N_("21")},
    {"H", N_("Hit: take a card")},
    {"S", N_("Stand: keep your hand")},
    {"\xE2\x86\x90|\xE2\x86\x92|Enter", N_("Choose Hit or Stand and confirm")},
    {"Enter|N", N_("Next round, once a round is over")},
    {NULL, N_("Truco")},
    {"1|2|3", N_("Play your first, second or third card")},
    {"F", N_("Face down: the next card is played face down")},
    {"T", N_("Ask for truco, or raise")},
    {"A|C", N_("Accept or run from a raise")},
    {"J|X", N_("Mão de onze: play the hand or run")},
    {"P", N_("Four players: leave the answer to your partner")},
    {NULL, N_("Bisca")},
    {"1|2|3", N_("Play the card at that place in your hand")},
    {"\xE2\x86\x90|\xE2\x86\x92|Enter", N_("Choose a card and play it")},
    {"L", N_("Show the last trick again")},
    {"Enter|N", N_("Next game, once a game is over")},
    {NULL, N_("Buraco")},
    {"D", N_("Draw from the stock")},
    {"T", N_("Take the discard pile")},
    {"M", N_("Lay the selected cards as a new meld")},
    {"S", N_("Sort your hand by suit or by rank")},
    {"Esc", N_("Clear the selection")},
    {"Enter|N", N_("Next game, once a game is over")},
    {NULL, N_("Moulin")},
    {"\xE2\x86\x90|\xE2\x86\x91|\xE2\x86\x92|\xE2\x86\x93", N_("Move the cursor over the points")},
    {"Enter|Space", N_("Place, pick up, move or take at the cursor")},
    {"Backspace|U|Ctrl+Z", N_("Take back your last move and the computer's answer")},
    {"Esc", N_("Put down a piece you picked up")},
    {"Enter|N", N_("Next game, once a game is over")},
};

/* Key names, translated when drawn (single letters and arrows are not). */
static const char *const key_names[] = {
    N_("Esc"),   N_("Alt+Enter"), N_("Ctrl+Q"),  N_("Tab"),       N_("Enter"),
    N_("Space"), N_("Backspace"), N_("Page Up"), N_("Page Down"), N_("Ctrl+Z")};

int help_keys(const HelpKey **out)
{
    *out = keys;
    (void)key_names;
    return (int)(sizeof keys / sizeof keys[0]);
}

float help_key_height(const App *a)
{
    return 30 * a->u;
}

float help_draw_keys(App *a, const char *spec, float x, float y, bool draw)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", spec);
    int fs = (int)lroundf(14 * a->u);
    float h = help_key_height(a), x0 = x;
    for (char *s = buf, *bar; s; s = bar ? bar + 1 : NULL) {
        bar = strchr(s, '|');
        if (bar)
            *bar = '\0';
        /* Key names such as Enter are translated; letters and arrows are not. */
        const char *t = strlen(s) > 1 && !(s[0] & 0x80) ? _(s) : s;
        int tw = 0, th = 0;
        text_measure(a->text, t, fs, true, &tw, &th);
        float w = fmaxf(h, (float)tw + 18 * a->u);
        if (draw) {
            SDL_FRect k = {x, y, w, h};
            draw_rounded(a->ren, (SDL_FRect){k.x, k.y + 2 * a->u, k.w, k.h}, 6 * a->u,
                         rgba(0, 0, 0, 120));
            draw_rounded(a->ren, k, 6 * a->u, rgba(236, 230, 212, 255));
            text_draw(a->text, t, fs, true, rgba(40, 36, 30, 255), k.x + k.w / 2, k.y + k.h / 2,
                      TEXT_CENTER | TEXT_MIDDLE);
        }
        x += w + 6 * a->u;
    }
    return x - x0 - 6 * a->u;
}
