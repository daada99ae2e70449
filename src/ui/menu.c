/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "menu.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/registry.h"
#include "filechooser.h"
#include "help.h"
#include "i18n.h"
#include "lang.h"
#include "online.h"
#include "widgets.h"

enum {
    ID_RESUME,
    ID_NEW,
    ID_REVIEW, /* the review page of the last finished game */
    ID_PAGE, /* arg: MenuPage */
    ID_QUIT,
    ID_BACK,
    ID_CLOSE,
    ID_GAME,   /* arg: registry index */
    ID_PICKER,
    ID_DIFF,   /* arg: Difficulty */
    ID_RULE_OPT, /* arg: option index */
    ID_SPEED,
    ID_SOUND,
    ID_VOLUME,
    ID_DECK,
    ID_BACKSTYLE,
    ID_SHOW,
    ID_LANGUAGE,
    ID_RULES_GAME, /* value: registry index */
    ID_TABLE_OPT,  /* arg: the scene's table option */
    ID_TABLE_FILE, /* arg: the scene's table option (a file) */
    ID_ON_WHERE,   /* Play online: this computer or a server */
    ID_ON_LAN,     /* this computer open to the local network (value: no, yes) */
    ID_ON_URL,
    ID_ON_CREDS,
    ID_ON_NAME,
    ID_ON_PLAYERS, /* value: index into on_counts */
    ID_ON_SEAT,    /* arg: seat; value: person, easy, medium, hard */
    ID_ON_CREATE,
    ID_ON_CODE,
    ID_ON_JOIN,
    ID_ON_TABLE,   /* arg: index into the lobby */
    ID_ON_REFRESH,
    ID_ON_LAST,
    ID_ON_TRUST,   /* the server's new dealer key is accepted */
    ID_ON_LISTED,  /* value: 0 friends by invitation, 1 listed for anyone */
    ID_ON_COPY,    /* the invitation to the table, to the clipboard again */
    ID_FC,         /* the file chooser's ids follow */
};

/* Drawn by the menu over a spacer widget: an example figure or a row of key caps. */
typedef struct {
    int widget;
    const HelpFigure *fig; /* or */
    const HelpKey *key;
} Extra;
enum { EXTRAS_MAX = 64 };

struct Menu {
    App *app;
    bool open;
    MenuPage page;
    float t; /* 0 closed .. 1 open (fade) */
    WidgetList list;
    SDL_FRect panel;
    bool button_hover, button_pressed;
    char numbers[RULES_MAX_OPTIONS][WIDGET_CHOICES][12];
    char back_names[WIDGET_CHOICES][64];
    char value_names[RULES_MAX_OPTIONS][WIDGET_CHOICES][96];
    char pool[24000]; /* rules paragraphs */
    size_t pool_len;
    float saved_scroll[PAGE_COUNT];
    int rules_game; /* registry index shown on the Rules page; -1: the current game */
    Extra extras[EXTRAS_MAX];
    int n_extras;
    const char *lang_names[8];
    /* The file chooser page: which table option it picks for. */
    FileChooser fc;
    int fc_option;
    SceneOption so[SCENE_OPTIONS_MAX];
    char so_hint[SCENE_OPTIONS_MAX][96];
    /* Play online */
    char on_url[256], on_creds[256], on_name[WIRE_NAME], on_code[1200];
    bool on_server; /* a server rather than this computer */
    int on_players, on_seat[RULES_MAX_PLAYERS]; /* 0 a person, 1..3 a bot of that level */
    char on_status[400];
    bool on_error;
    MsgTable lobby[ONLINE_LOBBY_MAX];
    int n_lobby;
    bool lobby_asked;
    char lobby_text[ONLINE_LOBBY_MAX][200], lobby_hint[ONLINE_LOBBY_MAX][96];
    char on_counts_text[RULES_MAX_PLAYERS][4];
};

static const char *const page_names[PAGE_COUNT] = {
    "menu", "game", "difficulty", "options", "rules", "stats", "keys", "file", "about", "online"};

int menu_page_from_name(const char *name)
{
    for (int i = 0; i < PAGE_COUNT; i++)
        if (strcmp(name, page_names[i]) == 0)
            return i;
    return -1;
}

Menu *menu_create(App *a)
{
    Menu *m = calloc(1, sizeof *m);
    if (m) {
        m->app = a;
        m->rules_game = -1;
        m->fc_option = -1;
    }
    return m;
}

void menu_destroy(Menu *m) { free(m); }
bool menu_is_open(const Menu *m) { return m->open; }
MenuPage menu_page(const Menu *m) { return m->page; }

SDL_FRect menu_button_rect(const App *a)
{
    float s = a->u;
    return (SDL_FRect){12 * s, 10 * s, 46 * s, 40 * s};
}

/* The game the menu talks about: the scene's, else the last one played, else the first. */
static const GameRules *current_game(const App *a)
{
    const GameRules *g = a->scene ? registry_find(a->scene->id) : NULL;
    if (!g)
        g = registry_find(a->set.last_screen);
    return g ? g : registry_get(0);
}

static bool in_game(const App *a) { return a->scene && a->scene->match != NULL; }
static void online_fields(Menu *m);

void menu_open(Menu *m, MenuPage page)
{
    if (!m->open)
        m->t = 0;
    m->open = true;
    m->page = page;
    m->rules_game = -1;
    if (page == PAGE_ONLINE)
        online_fields(m);
    if (page == PAGE_FILE && !m->fc.dir[0]) /* opened directly: for nothing in particular */
        filechooser_open(&m->fc, kv_get(&m->app->kv, "filechooser.dir"), true);
    /* `tasca --game ID` for a game without a table yet: its rules are what was asked for. */
    for (int i = 0; i < registry_count() && !in_game(m->app) && m->app->opt.game; i++)
        if (strcmp(registry_get(i)->id, m->app->opt.game) == 0)
            m->rules_game = i;
    m->list.scroll = 0;
    menu_layout(m);
    widgets_focus_first(&m->list);
}

void menu_close(Menu *m)
{
    m->open = false;
    m->page = PAGE_MAIN;
}

static const char *diff_label(Difficulty d)
{
    switch (d) {
    case DIFF_EASY:
        return _("Easy");
    case DIFF_MEDIUM:
        return _("Medium");
    case DIFF_HARD:
        return _("Hard");
    default:
        return _("Random");
    }
}

/* ---- Page building ---- */

typedef struct {
    Menu *m;
    float x, y, w; /* content cursor */
} Builder;

static Widget *row(Builder *b, WidgetKind k, float h, const char *text, int id)
{
    App *a = b->m->app;
    Widget *w = widgets_add(&b->m->list, k, (SDL_FRect){b->x, b->y, b->w, h * a->u}, text, id);
    b->y += h * a->u;
    return w;
}

static void gap(Builder *b, float h) { b->y += h * b->m->app->u; }

/* A dim note, as tall as its wrapped text (translations differ in length). */
static Widget *note(Builder *b, const char *text)
{
    App *a = b->m->app;
    int h = text_draw_wrapped(a->text, text, (int)lroundf(14 * a->u), false, COL_DIM, 0, 0,
                              (int)b->w, TEXT_LEFT, false);
    Widget *w = widgets_add(&b->m->list, W_NOTE, (SDL_FRect){b->x, b->y, b->w, (float)h}, text, -1);
    b->y += h + 12 * a->u;
    return w;
}

/* A spacer the menu draws over (figures, key caps). */
static void extra(Builder *b, float h, const HelpFigure *fig, const HelpKey *key)
{
    Menu *m = b->m;
    if (m->n_extras >= EXTRAS_MAX)
        return;
    Widget *w = widgets_add(&m->list, W_PARA, (SDL_FRect){b->x, b->y, b->w, h}, "", -1);
    w->long_text = "";
    m->extras[m->n_extras++] = (Extra){(int)(w - m->list.w), fig, key};
    b->y += h;
}

static void build_main(Builder *b)
{
    App *a = b->m->app;
    bool game = in_game(a);
    char hint[96];
    if (game) {
        row(b, W_ITEM, 50, _("Resume"), ID_RESUME);
        row(b, W_ITEM, 50, _("New game"), ID_NEW);
        /* Always there (greyed out until a game has ended): the rows below keep their
         * places, so a click from memory never lands on the next one. */
        if (a->scene->review) {
            Widget *rv = row(b, W_ITEM, 50, _("Review the last game"), ID_REVIEW);
            rv->disabled = !a->scene->review(a->self, false);
        }
    } else {
        row(b, W_ITEM, 50, _("Resume"), ID_RESUME);
    }
    const GameRules *g = current_game(a);
    Widget *w = row(b, W_ITEM, 50, _("Game"), ID_PAGE);
    w->arg = PAGE_GAME;
    snprintf(w->hint, sizeof w->hint, "%s  \xE2\x80\xBA", _(g->name));
    w = row(b, W_ITEM, 50, _("Play online"), ID_PAGE);
    w->arg = PAGE_ONLINE;
    snprintf(w->hint, sizeof w->hint, "%s  \xE2\x80\xBA", online_code(a) ? online_code(a) : "");
    w = row(b, W_ITEM, 50, _("Difficulty"), ID_PAGE);
    w->arg = PAGE_DIFFICULTY;
    snprintf(w->hint, sizeof w->hint, "%s  \xE2\x80\xBA", diff_label(a->set.difficulty));
    w = row(b, W_ITEM, 50, _("Options"), ID_PAGE);
    w->arg = PAGE_OPTIONS;
    snprintf(w->hint, sizeof w->hint, "\xE2\x80\xBA");
    w = row(b, W_ITEM, 50, _("Rules"), ID_PAGE);
    w->arg = PAGE_RULES;
    snprintf(hint, sizeof hint, _("%s  \xE2\x80\xBA"), _(g->name));
    snprintf(w->hint, sizeof w->hint, "%s", hint);
    w = row(b, W_ITEM, 50, _("Keyboard shortcuts"), ID_PAGE);
    w->arg = PAGE_KEYS;
    snprintf(w->hint, sizeof w->hint, "\xE2\x80\xBA");
    w = row(b, W_ITEM, 50, _("Statistics"), ID_PAGE);
    w->arg = PAGE_STATS;
    snprintf(w->hint, sizeof w->hint, "\xE2\x80\xBA");
    w = row(b, W_ITEM, 50, _("About Tasca"), ID_PAGE);
    w->arg = PAGE_ABOUT;
    snprintf(w->hint, sizeof w->hint, "\xE2\x80\xBA");
    gap(b, 6);
    row(b, W_ITEM, 50, _("Quit"), ID_QUIT);
    (void)game;
}

static void build_game(Builder *b)
{
    App *a = b->m->app;
    const char *cur = a->scene ? a->scene->id : "";
    for (int i = 0; i < registry_count(); i++) {
        const GameRules *g = registry_get(i);
        Widget *w = row(b, W_ITEM, 50, _(g->name), ID_GAME);
        w->arg = i;
        w->checked = strcmp(g->id, cur) == 0;
        w->disabled = scene_for_game(g->id) == NULL;
        char path[1100];
        app_save_path(a, g->id, path, sizeof path);
        FILE *f = fopen(path, "r");
        /* The game at the table while its saves fail: not "saved". */
        bool failing = w->checked && a->save_error[0];
        snprintf(w->hint, sizeof w->hint, "%s",
                 w->disabled  ? _("coming soon")
                 : failing    ? _("not being saved")
                 : f          ? _("saved game")
                              : "");
        if (f)
            fclose(f);
    }
    gap(b, 8);
    Widget *w = row(b, W_ITEM, 50, _("All games\xE2\x80\xA6"), ID_PICKER);
    w->checked = strcmp(cur, "picker") == 0;
    gap(b, 8);
    /* Never "saved" while it is not (the warning at the top says why). */
    note(b, app_save_warning(a) ? _("Your games are not being saved now: see the warning at "
                                    "the top.")
                                : _("Every game is saved as you play: switching games never "
                                    "loses one."));
}

static void build_difficulty(Builder *b)
{
    App *a = b->m->app;
    static const char *const blurbs[3] = {
        N_("A relaxed opponent that follows simple habits."),
        N_("A sensible player with a fixed strategy."),
        N_("Computes its best move from the cards it has not seen."),
    };
    for (int d = DIFF_EASY; d <= DIFF_HARD; d++) {
        Widget *w = row(b, W_ITEM, 46, diff_label((Difficulty)d), ID_DIFF);
        w->arg = d;
        w->checked = a->set.difficulty == (Difficulty)d;
        /* What the level does, under its name (a hint beside it would not fit). */
        float x = b->x, wd = b->w;
        b->x += 38 * a->u;
        b->w -= 38 * a->u;
        note(b, _(blurbs[d - DIFF_EASY]));
        b->x = x;
        b->w = wd;
    }
    gap(b, 10);
    note(b, _("A new difficulty applies from the next game (in 21, the next round). "
              "The game in progress keeps its opponent."));
}

static void build_options(Builder *b)
{
    Menu *m = b->m;
    App *a = m->app;
    const GameRules *g = current_game(a);
    char head[128];
    snprintf(head, sizeof head, _("Rules of %s"), _(g->name));
    row(b, W_HEADER, 36, head, -1);
    gap(b, 6);
    GameOptions opt;
    app_game_options(a, g, &opt);
    int shown = 0;
    for (int i = 0; i < g->n_options && i < RULES_MAX_OPTIONS; i++) {
        const OptionDesc *d = &g->options[i];
        if (!d->label)
            continue; /* for bot arenas only */
        shown++;
        Widget *w = row(b, W_CHOICE, 58, _(d->label), ID_RULE_OPT);
        w->arg = i;
        snprintf(w->hint, sizeof w->hint, "%s", _(d->help));
        int n = d->max - d->min + 1;
        if (!d->value_names && n > 6) {
            /* A number over a wide range (Moulin's N-move rule, 0 to 250): a stepper over
             * the number itself, in steps that reach any value in a few clicks. */
            w->kind = W_STEPPER;
            w->num_min = d->min;
            w->max = d->max - d->min;
            w->step = w->max > 100 ? 10 : w->max > 30 ? 5 : 1;
            w->value = opt.v[i] - d->min;
            continue;
        }
        if (n > WIDGET_CHOICES)
            n = WIDGET_CHOICES;
        if (n > 6 || rules_option_labelled(g, i)) /* full names: one at a time, the row's width */
            w->kind = W_STEPPER;
        for (int v = 0; v < n; v++) {
            if (d->value_names) {
                /* "off" -> "Off": choices read as buttons. */
                char *vn = m->value_names[i][v];
                snprintf(vn, sizeof m->value_names[i][v], "%s",
                         _(rules_value_label(g, i, d->min + v)));
                if (vn[0] >= 'a' && vn[0] <= 'z')
                    vn[0] = (char)(vn[0] - 'a' + 'A');
                w->choices[v] = vn;
            } else {
                snprintf(m->numbers[i][v], sizeof m->numbers[i][v], "%d", d->min + v);
                w->choices[v] = m->numbers[i][v];
            }
        }
        w->n_choices = n;
        w->value = opt.v[i] - d->min;
    }
    /* The table's own choices (players, opponent). */
    const Scene *sc = scene_for_game(g->id);
    int ns = sc && sc->table_options ? sc->table_options(a, m->so) : 0;
    for (int i = 0; i < ns && i < SCENE_OPTIONS_MAX; i++) {
        const SceneOption *o = &m->so[i];
        Widget *w;
        if (o->file) {
            w = row(b, W_ITEM, 50, o->label, ID_TABLE_FILE);
            const char *base = strrchr(o->path, '/');
            base = base ? base + 1 : o->path;
            snprintf(w->hint, sizeof w->hint, "%s  \xE2\x80\xBA", *base ? base : _("Choose\xE2\x80\xA6"));
        } else {
            w = row(b, W_CHOICE, 58, o->label, ID_TABLE_OPT);
            for (int v = 0; v < o->n_choices && v < 4; v++)
                w->choices[v] = o->choices[v];
            w->n_choices = o->n_choices;
            w->value = o->value;
            snprintf(w->hint, sizeof w->hint, "%s", o->help ? o->help : "");
        }
        w->arg = i;
        w->disabled = o->disabled;
    }
    if (shown == 0 && ns == 0)
        note(b, _("This game has no rule options."));
    gap(b, 4);
    note(b, _("Rule changes apply from the next game (in 21, the next round)."));
    gap(b, 10);
    row(b, W_HEADER, 36, _("Table"), -1);
    gap(b, 6);
    static const char *speeds[SPEED_COUNT] = {N_("Slow"), N_("Normal"), N_("Fast"), N_("Instant")};
    Widget *w = row(b, W_CHOICE, 52, _("Animation speed"), ID_SPEED);
    for (int i = 0; i < SPEED_COUNT; i++)
        w->choices[i] = _(speeds[i]);
    w->n_choices = SPEED_COUNT;
    w->value = a->set.speed;
    w = row(b, W_CHOICE, 52, _("Sound"), ID_SOUND);
    w->choices[0] = _("Off");
    w->choices[1] = _("On");
    w->n_choices = 2;
    w->value = a->set.sound;
    if (app_audio_silent(a))
        snprintf(w->hint, sizeof w->hint, "%s", _("No sound device: playing silently."));
    w = row(b, W_SLIDER, 52, _("Volume"), ID_VOLUME);
    w->max = 100;
    w->value = a->set.volume;
    w->disabled = !a->set.sound;
    w = row(b, W_STEPPER, 52, _("Card deck"), ID_DECK);
    for (int i = 0; i < a->n_decks && i < WIDGET_CHOICES; i++) {
        w->choices[i] = a->decks[i].name;
        if (strcmp(a->decks[i].id, a->set.deck) == 0)
            w->value = i;
    }
    w->n_choices = a->n_decks < WIDGET_CHOICES ? a->n_decks : WIDGET_CHOICES;
    if (a->n_decks <= 1)
        snprintf(w->hint, sizeof w->hint, "%s",
                 _("More decks: install GNOME card decks (gnome-cards-data)."));
    w = row(b, W_STEPPER, 52, _("Card back"), ID_BACKSTYLE);
    int nb = cardart_back_count();
    nb = nb > WIDGET_CHOICES ? WIDGET_CHOICES : nb < 1 ? 1 : nb;
    for (int i = 0; i < nb; i++) {
        snprintf(m->back_names[i], sizeof m->back_names[i], "%s", _(cardart_back_name(i)));
        w->choices[i] = m->back_names[i];
    }
    w->n_choices = nb;
    w->value = a->set.back < nb ? a->set.back : 0;
    w = row(b, W_CHOICE, 58, _("Show opponents' cards"), ID_SHOW);
    snprintf(w->hint, sizeof w->hint, "%s", _("For learning: the computer's hidden cards face up."));
    w->choices[0] = _("Off");
    w->choices[1] = _("On");
    w->n_choices = 2;
    w->value = a->set.show_opponents;
    w = row(b, W_STEPPER, 58, _("Language"), ID_LANGUAGE);
    snprintf(w->hint, sizeof w->hint, "%s", _("Applies at once."));
    int nl = lang_count() < 8 ? lang_count() : 8;
    for (int i = 0; i < nl; i++)
        w->choices[i] = m->lang_names[i] = lang_name(i);
    w->n_choices = nl;
    w->value = lang_index(kv_get(&a->kv, "language"));
}

static const char *pool_add(Menu *m, const char *s, size_t n)
{
    if (m->pool_len + n + 1 > sizeof m->pool)
        return "";
    char *p = m->pool + m->pool_len;
    memcpy(p, s, n);
    p[n] = '\0';
    m->pool_len += n + 1;
    return p;
}

static void add_para(Builder *b, const char *text, bool head)
{
    App *a = b->m->app;
    int pt = head ? 19 : 16;
    int size = (int)lroundf(pt * a->u);
    int h = text_draw_wrapped(a->text, text, size, head, COL_TEXT, 0, 0, (int)b->w, TEXT_LEFT,
                              false);
    Widget *w = widgets_add(&b->m->list, W_PARA, (SDL_FRect){b->x, b->y, b->w, (float)h}, "", -1);
    w->long_text = text;
    w->bold = head;
    w->size = pt;
    b->y += h + (head ? 4 : 16) * a->u;
}

/* The game the Rules page shows. */
static const GameRules *rules_game(const Menu *m)
{
    const GameRules *g = m->rules_game >= 0 ? registry_get(m->rules_game) : NULL;
    return g ? g : current_game(m->app);
}

static void build_rules(Builder *b)
{
    Menu *m = b->m;
    App *a = m->app;
    const GameRules *g = rules_game(m);
    /* Any game's rules can be read from here, with or without its table. */
    Widget *w = row(b, W_CHOICE, 52, _("Game"), ID_RULES_GAME);
    for (int i = 0; i < registry_count() && i < WIDGET_CHOICES; i++) {
        w->choices[i] = _(registry_get(i)->name);
        if (registry_get(i) == g)
            w->value = i;
    }
    w->n_choices = registry_count() < WIDGET_CHOICES ? registry_count() : WIDGET_CHOICES;
    gap(b, 12);
    const Scene *s = scene_for_game(g->id);
    const char *text = s && s->rules_text ? s->rules_text() : _(g->summary);
    m->pool_len = 0;
    /* Paragraphs separated by blank lines; a first line "# Title" is a heading. */
    const char *p = text;
    while (*p) {
        const char *end = strstr(p, "\n\n");
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (strncmp(p, "# ", 2) == 0) {
            const char *nl = memchr(p, '\n', n);
            size_t hn = nl ? (size_t)(nl - p) : n;
            add_para(b, pool_add(m, p + 2, hn - 2), true);
            if (nl)
                add_para(b, pool_add(m, nl + 1, n - hn - 1), false);
        } else {
            add_para(b, pool_add(m, p, n), false);
        }
        p += n;
        while (*p == '\n')
            p++;
    }
    /* Examples drawn with the cards (or the board). */
    const HelpFigure *figs;
    int nf = help_figures(g->id, &figs);
    if (nf > 0) {
        add_para(b, _("Examples"), true);
        gap(b, 4);
    }
    for (int i = 0; i < nf; i++) {
        add_para(b, _(figs[i].caption), false);
        b->y -= 8 * a->u;
        extra(b, help_figure_height(a, &figs[i], b->w), &figs[i], NULL);
        gap(b, 18);
    }
}

static void build_keys(Builder *b)
{
    App *a = b->m->app;
    const HelpKey *k;
    int n = help_keys(&k);
    for (int i = 0; i < n; i++) {
        if (!k[i].keys) {
            if (i > 0)
                gap(b, 10);
            row(b, W_HEADER, 36, _(k[i].what), -1);
            gap(b, 6);
            continue;
        }
        /* Key caps on the left, what they do wrapped on the right. */
        float col = b->w * 0.42f;
        int th = text_draw_wrapped(a->text, _(k[i].what), (int)lroundf(15 * a->u), false, COL_TEXT,
                                   0, 0, (int)(b->w - col), TEXT_LEFT, false);
        float h = fmaxf(help_key_height(a), (float)th) + 8 * a->u;
        extra(b, h, NULL, &k[i]);
    }
}

/* The accuracy over reviewed games, "83 %", or a dash before the first review. */
static void stats_accuracy_text(const StatLine *s, char *out, size_t size)
{
    if (s->rev_valued <= 0)
        snprintf(out, size, "\xE2\x80\x93");
    else
        snprintf(out, size, _("%d %%"), (int)lround(100.0 * s->rev_good / s->rev_valued));
}

static void build_stats(Builder *b)
{
    App *a = b->m->app;
    for (int i = 0; i < registry_count(); i++) {
        const GameRules *g = registry_get(i);
        row(b, W_HEADER, 40, _(g->name), -1);
        char head[200];
        snprintf(head, sizeof head, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s", _("Level"),
                 _("Played"), _("Won"), _("No hints"), _("Accuracy"), _("Lost"), _("Drawn"),
                 _("Streak"), _("Best"));
        Widget *w = row(b, W_ROW, 34, head, -1);
        w->bold = true;
        w->size = 14;
        for (int d = DIFF_EASY; d <= DIFF_HARD; d++) {
            StatLine s;
            stats_get(&a->stats, g->id, (Difficulty)d, &s);
            char line[200], acc[32];
            stats_accuracy_text(&s, acc, sizeof acc);
            snprintf(line, sizeof line, "%s\t%d\t%d\t%d\t%s\t%d\t%d\t%d\t%d",
                     diff_label((Difficulty)d), s.played, s.won, s.clean, acc, s.lost, s.drawn,
                     s.streak, s.best);
            w = row(b, W_ROW, 36, line, -1);
            w->checked = d % 2 == 1;
        }
        gap(b, 12);
    }
    note(b, _("A streak counts games won in a row; a loss or a draw ends it. No hints: games won "
              "without asking for a hint."));
    note(b, _("Accuracy: over the games you reviewed (Review, at the end of a game), the share of "
              "your decisions that were as good as the computer's best at Hard."));
}

#ifndef TASCA_VERSION
#define TASCA_VERSION "?"
#endif

/* Version, licence, credits, and where Tasca keeps its files (for a bug report, or to
 * copy one's saves). */
static void build_about(Builder *b)
{
    Menu *m = b->m;
    App *a = m->app;
    m->pool_len = 0;
    char line[PATH_MAX + 200];
    snprintf(line, sizeof line, "Tasca %s", TASCA_VERSION);
    add_para(b, pool_add(m, line, strlen(line)), true);
    add_para(b, _("A card table for Truco, Bisca, Buraco, 21 and Moulin against the computer."),
             false);
    add_para(b, _("Licence"), true);
    add_para(b,
             _("Tasca is free software: you may share it and change it under the terms of the "
               "GNU General Public License, version 3 or (at your option) any later version. "
               "It comes with no warranty."),
             false);
    add_para(b, _("Credits"), true);
    add_para(b,
             _("Written by the Tasca authors. Built with SDL2, SDL_image, SDL_ttf and "
               "SDL_mixer."),
             false);
    add_para(b,
             _("Text: the DejaVu fonts (Bitstream Vera licence; the DejaVu changes are in the "
               "public domain). Sounds: synthesised by Tasca's own generator. Cards: Tasca's "
               "own deck, and the GNOME Aisleriot decks (gnome-cards-data) when they are "
               "installed."),
             false);
    add_para(b, _("Folders"), true);
    char data[PATH_MAX];
    if (!realpath(a->data_dir, data)) /* "bin/.." reads better as the folder it is */
        snprintf(data, sizeof data, "%s", a->data_dir);
    snprintf(line, sizeof line, _("Program data (fonts, sounds, icons): %s"), data);
    add_para(b, pool_add(m, line, strlen(line)), false);
    if (a->nothing_kept)
        snprintf(line, sizeof line, "%s",
                 _("Settings, statistics and saved games: none are kept (no home folder)."));
    else
        snprintf(line, sizeof line, _("Settings, statistics and saved games: %s"), a->pref_dir);
    add_para(b, pool_add(m, line, strlen(line)), false);
}


/* ---- Play online ---- */

/* The page's fields from the settings (each time it opens). */
static void online_fields(Menu *m)
{
    App *a = m->app;
    const char *v = kv_get(&a->kv, online_key(a, "online.server"));
    m->on_server = v && *v;
    snprintf(m->on_url, sizeof m->on_url, "%s", v && *v ? v : "nats://127.0.0.1:4222");
    v = kv_get(&a->kv, online_key(a, "online.creds"));
    snprintf(m->on_creds, sizeof m->on_creds, "%s", v ? v : "");
    v = kv_get(&a->kv, online_key(a, "online.name"));
    const char *user = getenv("USER");
    snprintf(m->on_name, sizeof m->on_name, "%s", v && *v ? v : user && *user ? user : "");
    m->on_code[0] = '\0';
    m->n_lobby = 0;
    m->lobby_asked = false;
    m->on_status[0] = '\0';
}

static void online_say(Menu *m, bool error, const char *fmt, const char *arg)
{
    snprintf(m->on_status, sizeof m->on_status, fmt, arg);
    m->on_error = error;
}

/* The player counts the game can be played by (a scratch init of each). */
static int online_counts(const GameRules *g, int *out)
{
    int n = 0;
    void *st = malloc(g->state_size);
    GameOptions opt;
    rules_default_options(g, &opt);
    for (int p = g->min_players; st && p <= g->max_players && n < RULES_MAX_PLAYERS; p++)
        if (!g->init(st, &opt, p, 1))
            out[n++] = p;
    free(st);
    return n;
}

static void build_online(Builder *b)
{
    Menu *m = b->m;
    App *a = m->app;
    const GameRules *g = current_game(a);
    static const char *const seat_kinds[4] = {N_("A person"), N_("Easy"), N_("Medium"), N_("Hard")};

    row(b, W_HEADER, 36, _("Connection"), -1);
    gap(b, 4);
    Widget *w = row(b, W_CHOICE, 52, _("Play on"), ID_ON_WHERE);
    w->choices[0] = _("This computer");
    w->choices[1] = _("A server");
    w->n_choices = 2;
    w->value = m->on_server;
    if (m->on_server) {
        w = row(b, W_ENTRY, 50, _("Server address"), ID_ON_URL);
        w->edit = m->on_url;
        w->edit_cap = (int)sizeof m->on_url;
        snprintf(w->hint, sizeof w->hint, "nats://host:4222");
        w = row(b, W_ENTRY, 50, _("Credentials file"), ID_ON_CREDS);
        w->edit = m->on_creds;
        w->edit_cap = (int)sizeof m->on_creds;
        snprintf(w->hint, sizeof w->hint, "%s", _("optional"));
    }
    w = row(b, W_ENTRY, 50, _("Your name"), ID_ON_NAME);
    w->edit = m->on_name;
    w->edit_cap = (int)sizeof m->on_name;
    snprintf(w->hint, sizeof w->hint, "%s", _("as the others will see it"));
    if (!m->on_server) {
        w = row(b, W_CHOICE, 52, _("Open to the local network"), ID_ON_LAN);
        w->choices[0] = _("No");
        w->choices[1] = _("Yes");
        w->n_choices = 2;
        w->value = online_lan(a);
        const char *lan = online_lan_note(a); /* what is exposed, and the invitation */
        lan = pool_add(m, lan, strlen(lan));
        note(b, lan)->long_text = lan; /* longer than a note's own text */
    }
    int listed = online_lobby_take(a, m->lobby, ONLINE_LOBBY_MAX);
    if (listed >= 0) { /* a list asked for has come */
        m->n_lobby = listed;
        m->lobby_asked = true;
    }
    bool busy, failed;
    const char *req = online_status(a, &busy, &failed);
    if (m->on_status[0]) {
        Widget *st = note(b, m->on_status);
        st->bold = m->on_error;
    } else if (req[0]) {
        note(b, req)->bold = failed;
    } else if (online_connected(a)) {
        char line[400];
        if (!m->on_server)
            snprintf(line, sizeof line,
                     _("Connected: this computer, at %s (another window on this machine can "
                       "play here with that address as its server)."),
                     online_url(a));
        else if (online_fingerprint(a)[0])
            /* the key the player can compare with the one the server's owner gives */
            snprintf(line, sizeof line, _("Connected: %s, dealer key %s."), online_where(a),
                     online_fingerprint(a));
        else
            snprintf(line, sizeof line, _("Connected: %s."), online_where(a));
        note(b, pool_add(m, line, strlen(line)));
    }
    if (online_invitation(a)[0]) {
        /* the private table the player sits at: the strings to send to friends, one for each
         * seat kept for a friend (or the table's own when none is) */
        bool kept = false;
        for (int k = 0; k < RULES_MAX_PLAYERS; k++) {
            const char *inv = online_seat_invitation(a, k);
            if (!inv[0])
                continue;
            kept = true;
            char line[1400], label[80];
            snprintf(line, sizeof line, _("Invitation to seat %d of table %s: %s"), k + 1,
                     online_code(a), inv);
            note(b, pool_add(m, line, strlen(line)));
            snprintf(label, sizeof label, _("Copy the invitation to seat %d"), k + 1);
            w = row(b, W_BUTTON, 42, pool_add(m, label, strlen(label)), ID_ON_COPY);
            w->arg = k;
            w->r.w = 300 * a->u;
            gap(b, 8);
        }
        if (!kept) {
            char line[1400];
            snprintf(line, sizeof line, _("Invitation to table %s: %s"), online_code(a),
                     online_invitation(a));
            note(b, pool_add(m, line, strlen(line)));
            w = row(b, W_BUTTON, 42, _("Copy the invitation"), ID_ON_COPY);
            w->arg = -1;
            w->r.w = 240 * a->u;
        }
    }
    char was[20], now[20];
    if (online_key_changed(a, was, now)) {
        /* Loud: another dealer answers for this server. */
        char line[400];
        snprintf(line, sizeof line,
                 _("This server's dealer key has changed: it was %s, it is now %s. Someone may "
                   "be pretending to be its dealer. Trust the new key only if the server's "
                   "owner told you it changed."),
                 was, now);
        note(b, pool_add(m, line, strlen(line)))->bold = true;
        w = row(b, W_BUTTON, 42, _("Trust the new key"), ID_ON_TRUST);
        w->r.w = 240 * a->u;
    }

    char head[128];
    snprintf(head, sizeof head, _("New table of %s"), _(g->name));
    gap(b, 6);
    row(b, W_HEADER, 36, head, -1);
    gap(b, 4);
    int counts[RULES_MAX_PLAYERS];
    int nc = online_counts(g, counts);
    int players = m->on_players;
    bool found = false;
    for (int i = 0; i < nc; i++)
        found |= counts[i] == players;
    if (!found)
        players = m->on_players = nc > 0 ? counts[nc - 1] : 2;
    if (nc > 1) {
        w = row(b, W_CHOICE, 52, _("Players"), ID_ON_PLAYERS);
        for (int i = 0; i < nc; i++) {
            snprintf(m->on_counts_text[i], sizeof m->on_counts_text[i], "%d", counts[i]);
            w->choices[i] = m->on_counts_text[i];
            if (counts[i] == players)
                w->value = i;
        }
        w->n_choices = nc;
        snprintf(w->hint, sizeof w->hint, "%s",
                 players == 4 ? _("You take seat 1; seats 1 and 3 play against 2 and 4.")
                              : _("You take seat 1."));
    }
    for (int p = 1; p < players; p++) {
        char label[64];
        snprintf(label, sizeof label, _("Seat %d"), p + 1);
        w = row(b, W_CHOICE, 52, pool_add(m, label, strlen(label)), ID_ON_SEAT);
        w->arg = p;
        for (int k = 0; k < 4; k++)
            w->choices[k] = _(seat_kinds[k]);
        w->n_choices = 4;
        w->value = m->on_seat[p];
    }
    w = row(b, W_CHOICE, 52, _("Who may join"), ID_ON_LISTED);
    w->choices[0] = _("Friends I invite");
    w->choices[1] = _("Anyone");
    w->n_choices = 2;
    w->value = kv_get_int(&a->kv, "online.listed", 0, 0, 1);
    snprintf(w->hint, sizeof w->hint, "%s",
             w->value ? _("listed in the open tables for anyone to join")
                      : _("listed nowhere: only those with its invitation can join"));
    gap(b, 6);
    w = row(b, W_BUTTON, 46, _("Create table"), ID_ON_CREATE);
    w->primary = true;
    w->disabled = busy;
    w->r.w = 240 * a->u;
    gap(b, 10);

    row(b, W_HEADER, 36, _("Join a table"), -1);
    gap(b, 4);
    w = row(b, W_ENTRY, 50, _("Code or invitation"), ID_ON_CODE);
    w->edit = m->on_code;
    w->edit_cap = (int)sizeof m->on_code;
    snprintf(w->hint, sizeof w->hint, "%s", _("paste the invitation a friend sent you"));
    gap(b, 4);
    w = row(b, W_BUTTON, 46, _("Join"), ID_ON_JOIN);
    w->disabled = busy;
    w->r.w = 240 * a->u;
    const char *last = kv_get(&a->kv, online_key(a, "online.last"));
    if (last && *last && !online_code(a)) {
        gap(b, 6);
        w = row(b, W_ITEM, 50, _("Back to your last table"), ID_ON_LAST);
        snprintf(w->hint, sizeof w->hint, "%.*s  \xE2\x80\xBA", (int)strcspn(last, ":"), last);
    }
    gap(b, 10);

    row(b, W_HEADER, 36, _("Open tables"), -1);
    gap(b, 4);
    for (int i = 0; i < m->n_lobby; i++) {
        const MsgTable *t = &m->lobby[i];
        const GameRules *tg = registry_find(t->game);
        int free_seats = 0;
        char names[96] = "";
        for (int p = 0; p < t->num_players && p < RULES_MAX_PLAYERS; p++) {
            if (t->seats[p].state == WSTATE_EMPTY) {
                free_seats++;
            } else if (t->seats[p].state == WSTATE_PLAYER || t->seats[p].state == WSTATE_AWAY) {
                size_t n = strlen(names);
                snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "", t->seats[p].name);
            }
        }
        snprintf(m->lobby_text[i], sizeof m->lobby_text[i], _("%s  \xC2\xB7  %s, %d players"),
                 t->code, tg ? _(tg->name) : t->game, t->num_players);
        /* A game with a "variant" option (a preset of its rules) names it. */
        for (int k = 0; tg && k < tg->n_options && k < t->n_options; k++) {
            const OptionDesc *d = &tg->options[k];
            if (strcmp(d->key, "variant") != 0 || !rules_value_label(tg, k, t->options[k]) ||
                t->options[k] == d->def)
                continue;
            size_t len = strlen(m->lobby_text[i]);
            snprintf(m->lobby_text[i] + len, sizeof m->lobby_text[i] - len, "  \xC2\xB7  %s",
                     _(rules_value_label(tg, k, t->options[k])));
        }
        if (t->over)
            snprintf(m->lobby_hint[i], sizeof m->lobby_hint[i], "%s", _("finished"));
        else if (free_seats == 1)
            snprintf(m->lobby_hint[i], sizeof m->lobby_hint[i], _("1 seat free %s"), names);
        else
            snprintf(m->lobby_hint[i], sizeof m->lobby_hint[i], _("%d seats free %s"), free_seats,
                     names);
        w = row(b, W_ITEM, 46, m->lobby_text[i], ID_ON_TABLE);
        w->arg = i;
        w->disabled = t->over || free_seats == 0;
        snprintf(w->hint, sizeof w->hint, "%s", m->lobby_hint[i]);
    }
    if (m->n_lobby == 0 && m->lobby_asked)
        note(b, _("No open tables: create one, and give its code to your friends."));
    w = row(b, W_BUTTON, 42, m->lobby_asked ? _("Refresh") : _("Show open tables"), ID_ON_REFRESH);
    w->r.w = 240 * a->u;
}

static void online_save_fields(Menu *m)
{
    App *a = m->app;
    kv_set(&a->kv, online_key(a, "online.server"), m->on_server ? m->on_url : "");
    if (kv_value_ok(m->on_creds))
        kv_set(&a->kv, online_key(a, "online.creds"), m->on_creds);
    if (kv_value_ok(m->on_name))
        kv_set(&a->kv, online_key(a, "online.name"), m->on_name);
    app_save_settings(a);
}

/* The request goes off the window's thread; the page shows its progress and its end. */
static void online_join_code(Menu *m, const char *code, int seat)
{
    App *a = m->app;
    char why[320];
    online_save_fields(m);
    m->on_status[0] = '\0';
    if (!online_join_async(a, code, seat, why, sizeof why))
        online_say(m, true, _("Could not join: %s."), why);
}

static void online_new_table(Menu *m)
{
    App *a = m->app;
    const GameRules *g = current_game(a);
    online_save_fields(m);
    MsgCreate spec;
    online_spec(a, g, &spec);
    spec.num_players = (uint8_t)m->on_players;
    for (int p = 0; p < m->on_players && p < RULES_MAX_PLAYERS; p++) {
        int k = p == 0 ? 0 : m->on_seat[p];
        spec.seats[p].kind = k == 0 ? WSEAT_OPEN : WSEAT_BOT;
        spec.seats[p].difficulty = (uint8_t)(k == 0 ? DIFF_MEDIUM : DIFF_EASY + (k - 1));
    }
    char why[320];
    m->on_status[0] = '\0';
    if (!online_create_async(a, &spec, why, sizeof why))
        online_say(m, true, _("Could not create the table: %s."), why);
}

static const char *page_title(MenuPage p)
{
    switch (p) {
    case PAGE_GAME:
        return _("Game");
    case PAGE_DIFFICULTY:
        return _("Difficulty");
    case PAGE_OPTIONS:
        return _("Options");
    case PAGE_RULES:
        return _("Rules");
    case PAGE_STATS:
        return _("Statistics");
    case PAGE_KEYS:
        return _("Keyboard shortcuts");
    case PAGE_FILE:
        return _("Choose a program");
    case PAGE_ABOUT:
        return _("About Tasca");
    case PAGE_ONLINE:
        return _("Play online");
    default:
        return "Tasca";
    }
}

void menu_layout(Menu *m)
{
    App *a = m->app;
    float u = a->u;
    float saved = m->list.scroll;
    int focus = m->list.focus;
    widgets_clear(&m->list);
    bool wide = m->page == PAGE_OPTIONS || m->page == PAGE_RULES || m->page == PAGE_STATS ||
                m->page == PAGE_KEYS || m->page == PAGE_FILE || m->page == PAGE_ABOUT ||
                m->page == PAGE_ONLINE;
    m->n_extras = 0;
    float pw = (wide ? 720 : 460) * u;
    if (pw > a->w - 24 * u)
        pw = a->w - 24 * u;
    float header = 70 * u, pad = 26 * u;
    Builder b = {m, 0, 0, pw - 2 * pad};
    /* Build at y = 0, then place the panel and shift. */
    switch (m->page) {
    case PAGE_MAIN:
        build_main(&b);
        break;
    case PAGE_GAME:
        build_game(&b);
        break;
    case PAGE_DIFFICULTY:
        build_difficulty(&b);
        break;
    case PAGE_OPTIONS:
        build_options(&b);
        break;
    case PAGE_RULES:
        build_rules(&b);
        break;
    case PAGE_STATS:
        build_stats(&b);
        break;
    case PAGE_KEYS:
        build_keys(&b);
        break;
    case PAGE_FILE:
        filechooser_build(&m->fc, a, &m->list, ID_FC, b.x, &b.y, b.w);
        break;
    case PAGE_ABOUT:
        build_about(&b);
        break;
    case PAGE_ONLINE:
        build_online(&b);
        break;
    default:
        break;
    }
    b.y += widgets_fit_hints(a, &m->list);
    float content = b.y;
    float max_h = a->h - 40 * u;
    float ph = header + content + pad;
    if (wide && ph < 440 * u)
        ph = 440 * u;
    if (ph > max_h)
        ph = max_h;
    m->panel = (SDL_FRect){(a->w - pw) / 2, (a->h - ph) / 2, pw, ph};
    m->list.view = (SDL_FRect){m->panel.x + pad, m->panel.y + header, pw - 2 * pad,
                               ph - header - pad * 0.6f};
    for (int i = 0; i < m->list.n; i++) {
        m->list.w[i].r.x += m->list.view.x;
        m->list.w[i].r.y += m->list.view.y;
    }
    /* Fixed: title, back and close. */
    Widget *t = widgets_add(&m->list, W_TITLE,
                            (SDL_FRect){m->panel.x + 70 * u, m->panel.y + 14 * u, pw - 140 * u, 44 * u},
                            page_title(m->page), -1);
    t->fixed = true;
    t->size = m->page == PAGE_MAIN ? 30 : 24;
    if (m->page != PAGE_MAIN) {
        Widget *bk = widgets_add(&m->list, W_BUTTON,
                                 (SDL_FRect){m->panel.x + 16 * u, m->panel.y + 18 * u, 84 * u, 36 * u},
                                 _("\xE2\x80\xB9 Back"), ID_BACK);
        bk->fixed = true;
    }
    Widget *cl = widgets_add(&m->list, W_BUTTON,
                             (SDL_FRect){m->panel.x + pw - 52 * u, m->panel.y + 18 * u, 36 * u, 36 * u},
                             "\xC3\x97", ID_CLOSE);
    cl->fixed = true;
    widgets_finish(&m->list);
    m->list.scroll = 0;
    widgets_scroll_by(&m->list, saved);
    m->list.focus = focus < m->list.n ? focus : -1;
}

/* ---- Actions ---- */

static void go_page(Menu *m, MenuPage p)
{
    m->saved_scroll[m->page] = m->list.scroll;
    if (p == PAGE_ONLINE && m->page != PAGE_ONLINE)
        online_fields(m);
    m->page = p;
    m->rules_game = -1;
    m->list.scroll = 0;
    menu_layout(m);
    widgets_focus_first(&m->list);
}

/* Opens the file chooser for table option i, where its file is, else where the last one
 * was picked. */
static void go_file(Menu *m, int i)
{
    App *a = m->app;
    const char *start = m->so[i].path[0] ? m->so[i].path : kv_get(&a->kv, "filechooser.dir");
    filechooser_open(&m->fc, start, true);
    m->fc_option = i;
    go_page(m, PAGE_FILE);
}

static void back(Menu *m)
{
    if (m->page == PAGE_FILE)
        go_page(m, PAGE_OPTIONS);
    else if (m->page == PAGE_MAIN)
        menu_close(m);
    else
        go_page(m, PAGE_MAIN);
}

static void act(Menu *m, WidgetHit h)
{
    App *a = m->app;
    const GameRules *g = current_game(a);
    switch (h.id) {
    case ID_RESUME:
        if (in_game(a))
            menu_close(m);
        else if (!a->scene || strcmp(a->scene->id, "picker") != 0)
            app_set_scene(a, "picker"), menu_close(m);
        else
            menu_close(m);
        return;
    case ID_NEW:
        menu_close(m);
        if (a->scene && a->scene->new_game)
            a->scene->new_game(a->self);
        else if (scene_for_game(g->id))
            app_set_scene(a, g->id);
        return;
    case ID_REVIEW:
        menu_close(m);
        if (a->scene && a->scene->review)
            a->scene->review(a->self, true);
        return;
    case ID_PAGE:
        go_page(m, (MenuPage)h.arg);
        return;
    case ID_QUIT:
        app_quit(a);
        return;
    case ID_BACK:
        back(m);
        return;
    case ID_CLOSE:
        menu_close(m);
        return;
    case ID_GAME: {
        const GameRules *ng = registry_get(h.arg);
        if (ng && scene_for_game(ng->id)) {
            menu_close(m);
            if (!a->scene || strcmp(a->scene->id, ng->id) != 0)
                app_set_scene(a, ng->id);
        }
        return;
    }
    case ID_PICKER:
        menu_close(m);
        app_set_scene(a, "picker");
        return;
    case ID_DIFF:
        if (a->set.difficulty != (Difficulty)h.arg) {
            a->set.difficulty = (Difficulty)h.arg;
            app_settings_changed(a);
            app_notice(a, _("Difficulty %s: it applies from the next game."), diff_label(a->set.difficulty));
        }
        menu_layout(m);
        return;
    case ID_RULE_OPT:
        if (h.arg < g->n_options) {
            app_set_game_option(a, g, h.arg, g->options[h.arg].min + h.value);
            app_settings_changed(a);
        }
        break;
    case ID_SPEED:
        a->set.speed = (AnimSpeed)(h.value < 0 ? 0 : h.value % SPEED_COUNT);
        a->opt.speed = -1; /* the player's choice wins over the command line */
        app_settings_changed(a);
        break;
    case ID_SOUND:
        a->set.sound = h.value != 0;
        app_settings_changed(a);
        app_sound(a, SND_CLICK);
        break;
    case ID_VOLUME:
        a->set.volume = h.value;
        app_settings_changed(a);
        break;
    case ID_DECK:
        if (h.value >= 0 && h.value < a->n_decks) {
            snprintf(a->set.deck, sizeof a->set.deck, "%s", a->decks[h.value].id);
            app_reload_art(a);
            app_settings_changed(a);
        }
        break;
    case ID_BACKSTYLE:
        a->set.back = h.value;
        app_reload_art(a);
        app_settings_changed(a);
        break;
    case ID_SHOW:
        a->set.show_opponents = h.value != 0;
        app_settings_changed(a);
        break;
    case ID_LANGUAGE:
        app_set_language(a, lang_code(h.value));
        app_settings_changed(a);
        break;
    case ID_TABLE_OPT: {
        const Scene *sc = scene_for_game(g->id);
        if (!sc || !sc->set_table_option || !sc->table_options)
            break;
        sc->set_table_option(a, h.arg, h.value, NULL);
        app_settings_changed(a);
        /* A choice that needs a file nobody chose yet: choose it now. */
        int ns = sc->table_options(a, m->so);
        for (int i = 0; i < ns && i < SCENE_OPTIONS_MAX; i++)
            if (m->so[i].file && m->so[i].required && !m->so[i].path[0]) {
                go_file(m, i);
                return;
            }
        break;
    }
    case ID_TABLE_FILE:
        if (h.arg >= 0 && h.arg < SCENE_OPTIONS_MAX)
            go_file(m, h.arg);
        return;
    case ID_ON_WHERE:
        m->on_server = h.value == 1;
        online_save_fields(m);
        m->on_status[0] = '\0';
        m->n_lobby = 0;
        m->lobby_asked = false;
        break;
    case ID_ON_LAN: { /* the server starts again that way (the list asks for it) */
        char why[320];
        online_set_lan(a, h.value == 1);
        m->on_status[0] = '\0';
        if (!online_lobby_async(a, why, sizeof why))
            online_say(m, true, _("Could not connect: %s."), why);
        break;
    }
    case ID_ON_URL:
    case ID_ON_CREDS:
    case ID_ON_NAME:
        if (h.value == 1)
            online_save_fields(m);
        return; /* typing: the page stays as it is (the field draws its own text) */
    case ID_ON_CODE:
        if (h.value == 1 && m->on_code[0])
            online_join_code(m, m->on_code, -1);
        return;
    case ID_ON_PLAYERS: {
        int counts[RULES_MAX_PLAYERS];
        int nc = online_counts(g, counts);
        if (h.value >= 0 && h.value < nc)
            m->on_players = counts[h.value];
        break;
    }
    case ID_ON_SEAT:
        if (h.arg > 0 && h.arg < RULES_MAX_PLAYERS)
            m->on_seat[h.arg] = h.value;
        break;
    case ID_ON_CREATE:
        online_new_table(m);
        break;
    case ID_ON_JOIN:
        if (m->on_code[0])
            online_join_code(m, m->on_code, -1);
        else
            online_say(m, true, "%s", _("Type the table's code first."));
        break;
    case ID_ON_LAST: {
        char code[16];
        const char *lk = online_key(a, "online.last");
        snprintf(code, sizeof code, "%s", kv_get(&a->kv, lk) ? kv_get(&a->kv, lk) : "");
        char *colon = strchr(code, ':');
        int seat = -1;
        if (colon) {
            seat = atoi(colon + 1);
            *colon = '\0';
        }
        online_join_code(m, code, seat);
        break;
    }
    case ID_ON_TABLE:
        if (h.arg >= 0 && h.arg < m->n_lobby)
            online_join_code(m, m->lobby[h.arg].code, -1);
        break;
    case ID_ON_TRUST:
        online_trust_new_key(a);
        break;
    case ID_ON_LISTED:
        kv_set_int(&a->kv, "online.listed", h.value == 1);
        app_save_settings(a);
        break;
    case ID_ON_COPY:
        online_copy_invitation(a, h.arg);
        if (h.arg >= 0) {
            char said[200];
            snprintf(said, sizeof said,
                     _("The invitation to seat %d is copied: paste it to the friend it is for."),
                     h.arg + 1);
            online_say(m, false, "%s", said);
        } else
            online_say(m, false, "%s", _("The invitation is copied: paste it to your friends."));
        break;
    case ID_ON_REFRESH: {
        char why[320];
        online_save_fields(m);
        m->on_status[0] = '\0';
        if (!online_lobby_async(a, why, sizeof why))
            online_say(m, true, _("Could not connect: %s."), why);
        break;
    }
    case ID_RULES_GAME:
        if (h.value >= 0 && h.value < registry_count()) {
            m->rules_game = h.value;
            m->list.scroll = 0;
        }
        break;
    default:
        if (h.id >= ID_FC && h.id < ID_FC + FC_IDS) {
            if (filechooser_hit(&m->fc, ID_FC, h.id, h.arg)) {
                const Scene *sc = scene_for_game(g->id);
                if (kv_value_ok(m->fc.dir)) /* else it is not kept: next time starts home */
                    kv_set(&a->kv, "filechooser.dir", m->fc.dir);
                if (sc && sc->set_table_option && m->fc_option >= 0)
                    sc->set_table_option(a, m->fc_option, 1, m->fc.picked);
                app_settings_changed(a);
                go_page(m, PAGE_OPTIONS);
            } else {
                /* Another folder: from its top. */
                m->list.scroll = 0;
                menu_layout(m);
                widgets_focus_first(&m->list);
            }
        }
        return;
    }
    menu_layout(m);
}

bool menu_event(Menu *m, const SDL_Event *e)
{
    App *a = m->app;
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_ESCAPE) {
        if (m->open)
            back(m);
        else
            menu_open(m, PAGE_MAIN);
        return true;
    }
    if (!m->open) {
        /* The menu button. */
        SDL_FRect br = menu_button_rect(a);
        if (e->type == SDL_MOUSEMOTION) {
            m->button_hover = rect_has(br, (float)e->motion.x, (float)e->motion.y);
            if (m->button_hover && a->scene && strcmp(a->scene->id, "picker") != 0)
                a->pointer_hand = true;
            return false;
        }
        if (e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT &&
            rect_has(br, (float)e->button.x, (float)e->button.y)) {
            m->button_pressed = true;
            return true;
        }
        if (e->type == SDL_MOUSEBUTTONUP && m->button_pressed) {
            m->button_pressed = false;
            if (rect_has(br, (float)e->button.x, (float)e->button.y))
                menu_open(m, PAGE_MAIN);
            return true;
        }
        return false;
    }
    if (e->type == SDL_KEYDOWN && e->key.keysym.sym == SDLK_BACKSPACE && !widgets_editing(&m->list)) {
        if (m->page == PAGE_FILE) { /* up one folder, as in a file manager */
            filechooser_up(&m->fc);
            m->list.scroll = 0;
            menu_layout(m);
            widgets_focus_first(&m->list);
        } else {
            back(m);
        }
        return true;
    }
    if (e->type == SDL_MOUSEBUTTONUP && e->button.button == SDL_BUTTON_RIGHT) {
        back(m);
        return true;
    }
    WidgetHit h;
    bool used = widgets_event(a, &m->list, e, &h);
    if (h.id >= 0)
        act(m, h);
    else if (!used && e->type == SDL_MOUSEBUTTONDOWN && e->button.button == SDL_BUTTON_LEFT &&
             !rect_has(m->panel, (float)e->button.x, (float)e->button.y))
        menu_close(m); /* a click beside the panel closes the menu */
    /* While open, the menu owns input (keys and mouse); window events pass. */
    return e->type != SDL_WINDOWEVENT && e->type != SDL_QUIT;
}

const WidgetList *menu_widgets(const Menu *m) { return &m->list; }

bool menu_find(const Menu *m, const char *text, SDL_FRect *out)
{
    if (!m->open)
        return false;
    for (int i = 0; i < m->list.n; i++) {
        const Widget *w = &m->list.w[i];
        if (strcmp(w->long_text ? w->long_text : w->text, text) != 0)
            continue;
        SDL_FRect r = w->r;
        if (!w->fixed) {
            r.y -= m->list.scroll;
            if (r.y < m->list.view.y || r.y + r.h > m->list.view.y + m->list.view.h)
                return false;
        }
        *out = r;
        return true;
    }
    return false;
}

void menu_update(Menu *m, float dt)
{
    float target = m->open ? 1.0f : 0.0f;
    float speed = 8.0f;
    if (m->t < target)
        m->t = fminf(target, m->t + dt * speed);
    else if (m->t > target)
        m->t = fmaxf(target, m->t - dt * speed);
    if (app_speed_factor(m->app) <= 0)
        m->t = target;
}

bool menu_animating(const Menu *m) { return m->t != (m->open ? 1.0f : 0.0f); }

/* Figures and key caps over their spacers, clipped to the scrolled view. */
static void draw_extras(Menu *m)
{
    App *a = m->app;
    if (m->n_extras == 0)
        return;
    SDL_Rect clip = {(int)m->list.view.x, (int)m->list.view.y, (int)m->list.view.w,
                     (int)m->list.view.h};
    SDL_RenderSetClipRect(a->ren, &clip);
    for (int i = 0; i < m->n_extras; i++) {
        const Extra *e = &m->extras[i];
        SDL_FRect r = m->list.w[e->widget].r;
        r.y -= m->list.scroll;
        if (r.y > m->list.view.y + m->list.view.h || r.y + r.h < m->list.view.y)
            continue;
        if (e->fig) {
            help_draw_figure(a, e->fig, r);
        } else if (e->key) {
            float col = r.w * 0.42f;
            help_draw_keys(a, e->key->keys, r.x, r.y + 2 * a->u, true);
            text_draw_wrapped(a->text, _(e->key->what), (int)lroundf(15 * a->u), false, COL_TEXT,
                              r.x + col, r.y + 6 * a->u, (int)(r.w - col), TEXT_LEFT, true);
        }
    }
    SDL_RenderSetClipRect(a->ren, NULL);
}

void menu_draw(Menu *m)
{
    App *a = m->app;
    bool game_scene = a->scene && strcmp(a->scene->id, "picker") != 0;
    if (!m->open && m->t <= 0) {
        if (game_scene)
            ui_menu_icon(a, menu_button_rect(a),
                         (m->button_hover ? BTN_HOVER : 0) | (m->button_pressed ? BTN_PRESSED : 0));
        return;
    }
    float k = m->t;
    draw_rect(a->ren, (SDL_FRect){0, 0, (float)a->w, (float)a->h}, rgba(0, 0, 0, (Uint8)(140 * k)));
    if (!m->open)
        return;
    /* Slide the panel in a little as it fades. */
    float off = (1 - k) * 18 * a->u;
    SDL_FRect p = m->panel;
    p.y += off;
    ui_panel(a, p, rgba_alpha(COL_PANEL, fminf(1, k * 1.2f)));
    if (off > 0.5f) {
        for (int i = 0; i < m->list.n; i++)
            m->list.w[i].r.y += off;
        m->list.view.y += off;
        widgets_draw(a, &m->list);
        draw_extras(m);
        for (int i = 0; i < m->list.n; i++)
            m->list.w[i].r.y -= off;
        m->list.view.y -= off;
    } else {
        widgets_draw(a, &m->list);
        draw_extras(m);
    }
}
