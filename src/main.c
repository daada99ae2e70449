/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "engine/registry.h"
#include "net/wire.h"
#include "ui/app.h"

static void window_usage(FILE *f)
{
    fprintf(f,
            "Window options:\n"
            "  --game ID             start at this game (%s) or 'picker'\n"
            "  --difficulty LEVEL    easy, medium or hard\n"
            "  --seed N              deal a new session from this seed\n"
            "  --size WxH            window size in points (at least 960x600)\n"
            "  --fullscreen          start in full screen (F11 or Alt+Enter toggles)\n"
            "  --screenshot FILE.png save the first settled frame as a PNG and exit\n"
            "  --frames N            exit after N frames\n"
            "  --speed SPEED         slow, normal, fast or instant (this run only)\n"
            "  --open PAGE           open a menu page once the table is ready: menu, game,\n"
            "                        difficulty, options, rules, stats, keys, file (the\n"
            "                        file chooser), about, online\n"
            "  --create SEATS        create a networked table of --game and sit at seat 1:\n"
            "                        SEATS is one word per seat, me,open,easy,medium,hard\n"
            "                        (e.g. me,open,medium,medium); prints 'table CODE URL'\n"
            "  --join CODE           sit at the networked table CODE (Play online)\n"
            "  --server URL          ...on this NATS server ('local': this computer, the\n"
            "                        default; a private nats-server started by the game)\n"
            "  --name NAME           your name at the table\n"
            "  --seat N              take seat N (1, 2...; default: any free one)\n",
            registry_ids());
}

static int bad(const char *msg, const char *arg)
{
    if (arg)
        fprintf(stderr, "tasca: %s (got '%s')\n", msg, arg);
    else
        fprintf(stderr, "tasca: %s\n", msg);
    window_usage(stderr);
    return 2;
}

int main(int argc, char **argv)
{
    int r = cli_dispatch(argc, argv);
    if (r >= 0) {
        if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
                          strcmp(argv[1], "help") == 0)) {
            printf("\n");
            window_usage(stdout);
        }
        return r;
    }
    AppOptions o = {0};
    o.difficulty = -1;
    o.speed = -1;
    o.seat = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--fullscreen") == 0) {
            o.fullscreen = true;
            continue;
        }
        if (strcmp(a, "--game") && strcmp(a, "--difficulty") && strcmp(a, "--seed") &&
            strcmp(a, "--size") && strcmp(a, "--screenshot") && strcmp(a, "--frames") &&
            strcmp(a, "--speed") && strcmp(a, "--open") && strcmp(a, "--join") && strcmp(a, "--create") &&
            strcmp(a, "--server") && strcmp(a, "--name") && strcmp(a, "--seat"))
            return bad("unknown option", a);
        if (!v)
            return bad("this option needs a value", a);
        i++;
        if (strcmp(a, "--game") == 0) {
            if (strcmp(v, "picker") != 0 && !registry_find(v)) {
                fprintf(stderr, "tasca: unknown game '%s' (games: %s)\n", v, registry_ids());
                return 2;
            }
            o.game = v;
        } else if (strcmp(a, "--difficulty") == 0) {
            Difficulty d;
            if (!difficulty_parse(v, &d) || d < DIFF_EASY || d > DIFF_HARD)
                return bad("--difficulty is easy, medium or hard", v);
            o.difficulty = (int)d;
        } else if (strcmp(a, "--seed") == 0) {
            if (!cli_parse_u64("window", "--seed", v, &o.seed))
                return 2;
            o.has_seed = true;
        } else if (strcmp(a, "--size") == 0) {
            int w = 0, h = 0;
            char x;
            if (sscanf(v, "%d%c%d", &w, &x, &h) != 3 || (x != 'x' && x != 'X') || w < 960 ||
                h < 600 || w > 16384 || h > 16384)
                return bad("--size is WIDTHxHEIGHT, at least 960x600", v);
            o.width = w;
            o.height = h;
        } else if (strcmp(a, "--screenshot") == 0) {
            size_t n = strlen(v);
            if (n < 5 || strcmp(v + n - 4, ".png") != 0)
                return bad("--screenshot needs a file name ending in .png", v);
            o.screenshot = v;
        } else if (strcmp(a, "--frames") == 0) {
            int n;
            if (!cli_parse_int("window", "--frames", v, 1, 2000000000, &n))
                return 2;
            o.frames = n;
        } else if (strcmp(a, "--speed") == 0) {
            static const char *const names[] = {"slow", "normal", "fast", "instant"};
            o.speed = -1;
            for (int s = 0; s < 4; s++)
                if (strcmp(v, names[s]) == 0)
                    o.speed = s;
            if (o.speed < 0)
                return bad("--speed is slow, normal, fast or instant", v);
        } else if (strcmp(a, "--open") == 0) {
            static const char *const pages[] = {"menu",  "game", "difficulty", "options", "rules",
                                                "stats", "keys", "file",       "about", "online"};
            bool ok = false;
            for (size_t s = 0; s < sizeof pages / sizeof pages[0]; s++)
                ok |= strcmp(v, pages[s]) == 0;
            if (!ok)
                return bad("--open takes menu, game, difficulty, options, rules, stats, keys, "
                           "file, about or online",
                           v);
            o.open = v;
        } else if (strcmp(a, "--create") == 0) {
            o.create = v;
        } else if (strcmp(a, "--join") == 0) {
            o.join = v;
        } else if (strcmp(a, "--server") == 0) {
            o.server = strcmp(v, "local") == 0 ? "" : v;
        } else if (strcmp(a, "--name") == 0) {
            if (strlen(v) >= WIRE_NAME || !*v)
                return bad("--name is 1 to 31 bytes", v);
            o.name = v;
        } else if (strcmp(a, "--seat") == 0) {
            int n;
            if (!cli_parse_int("window", "--seat", v, 1, RULES_MAX_PLAYERS, &n))
                return 2;
            o.seat = n - 1;
        }
    }
    char err[512];
    App *app = app_create(&o, err, sizeof err);
    if (!app) {
        fprintf(stderr, "tasca: %s\n", err);
        return 1;
    }
    int status = app_run(app);
    app_destroy(app);
    return status;
}
