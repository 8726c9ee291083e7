/* cmd_play.c: `tessera play` (a window, or a scripted --keys run) and `tessera` alone (the
 * window with the menu of bundled games). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/app.h"
#include "app/cli.h"
#include "app/loop.h"
#include "app/picture_mode.h"
#include "app/skins.h"
#include "app/transfer.h"
#include "frontend/audio.h"
#include "frontend/window.h"
#include "script/game.h"

enum { DEFAULT_W = 960, DEFAULT_H = 720 };

static const char no_display_text[] =
    "tessera: no display is available for a window (%s).\n"
    "These sub-commands work without one:\n"
    "  tessera play GAME --keys 'SEQ' [--screenshot OUT.png]   scripted play\n"
    "  tessera render GAME [FILE] --out OUT.png                  draw a level to PNG\n"
    "  tessera check FILE...   tessera verify FILE SOLUTIONS   tessera run SCRIPT.lua\n"
    "(SDL_VIDEODRIVER=dummy also lets the window code run without a display.)\n";

typedef struct play_args {
    const char *game, *file, *keys, *screenshot, *export_solution, *export_level, *skin;
    const char *view;            /* --view: flat or iso */
    const char *image;           /* --image: the picture of a sliding puzzle */
    int level, w, h, scale;
    long long seed;
    int has_seed;
    int resume;
    int no_watch;
} play_args;

static int parse_play(int argc, char **argv, play_args *pa)
{
    memset(pa, 0, sizeof *pa);
    pa->w = DEFAULT_W;
    pa->h = DEFAULT_H;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--level") || !strcmp(a, "--keys") || !strcmp(a, "--screenshot") ||
            !strcmp(a, "--size") || !strcmp(a, "--seed") || !strcmp(a, "--export-solution") ||
            !strcmp(a, "--export-level") || !strcmp(a, "--scale") || !strcmp(a, "--skin") ||
            !strcmp(a, "--view") || !strcmp(a, "--image")) {
            if (cli_need_value("play", argc, argv, i) != 0) return -1;
            const char *v = argv[++i];
            if (!strcmp(a, "--level") && cli_int_arg("play", a, v, 1, 1000000, &pa->level) != 0) return -1;
            if (!strcmp(a, "--keys")) pa->keys = v;
            if (!strcmp(a, "--screenshot")) pa->screenshot = v;
            if (!strcmp(a, "--export-solution")) pa->export_solution = v;
            if (!strcmp(a, "--export-level")) pa->export_level = v;
            if (!strcmp(a, "--skin")) pa->skin = v;
            if (!strcmp(a, "--image")) pa->image = v;
            if (!strcmp(a, "--scale") && cli_int_arg("play", a, v, 1, 8, &pa->scale) != 0) return -1;
            if (!strcmp(a, "--view")) {
                view_kind vk;
                if (view_kind_from_name(v, &vk) != 0) {
                    fprintf(stderr, "tessera play: unknown view '%s' (flat or iso)\n", v);
                    return -1;
                }
                pa->view = v;
            }
            if (!strcmp(a, "--size") && cli_size_arg("play", a, v, &pa->w, &pa->h) != 0) return -1;
            if (!strcmp(a, "--seed")) {
                int s;
                if (cli_int_arg("play", a, v, 0, 2147483647, &s) != 0) return -1;
                pa->seed = s;
                pa->has_seed = 1;
            }
        } else if (!strcmp(a, "--resume")) {
            pa->resume = 1;
        } else if (!strcmp(a, "--no-watch")) {
            pa->no_watch = 1;
        } else if (a[0] == '-' && a[1]) {
            return cli_bad_option("play", a);
        } else if (!pa->game) {
            pa->game = a;
        } else if (!pa->file) {
            pa->file = a;
        } else {
            fprintf(stderr, "tessera play: too many arguments ('%s')\n", a);
            return -1;
        }
    }
    if (!pa->game) {
        fprintf(stderr, "tessera play: name a game (a bundled name such as 'sokoban', or a .lua script)\n");
        return -1;
    }
    if (pa->screenshot && !pa->keys) {
        fprintf(stderr, "tessera play: --screenshot needs --keys (use 'tessera render' for a still)\n");
        return -1;
    }
    return 0;
}

static void print_result(const app *a)
{
    const session *s = &a->s;
    printf("{\"game\":");
    cli_json_string(stdout, session_game_name(s));
    printf(",\"level\":%d,\"title\":", s->index + 1);
    cli_json_string(stdout, session_level_title(s) ? session_level_title(s) : "");
    printf(",\"moves\":%ld,\"pushes\":%ld,\"solved\":%s", s->st.moves, s->st.pushes,
           s->solved ? "true" : "false");
    if (a->ndead > 0 && a->dead_position == s->st.hash) printf(",\"deadlocked\":%d", a->ndead);
    if (a->last_sound != SOUND_NONE) printf(",\"sound\":\"%s\"", sound_name((sound_id)a->last_sound));
    if (s->status[0]) {
        printf(",\"status\":");
        cli_json_string(stdout, s->status);
    }
    solved_panel sp;
    if (app_solved_panel((app *)a, &sp)) {
        /* The panel over a solved level, its lines joined by " / ". */
        char text[600] = "";
        for (int i = 0; i < sp.n; i++)
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", i ? " / " : "", sp.lines[i]);
        printf(",\"panel\":");
        cli_json_string(stdout, text);
    }
    const char *broken = a->reload.script_error[0] ? a->reload.script_error : a->reload.levels_error;
    if (broken[0]) {
        printf(",\"reload_error\":");
        cli_json_string(stdout, broken);
    }
    printf("}\n");
    fflush(stdout);
}

/* The window's extras: sound effects from assets/sounds (silence when no device opens; none
 * for scripted play, which only reports the sound each action chose),
 * mute as saved, the skin (--skin, else the "skin" setting; a bad one never stops play). */
static void setup_window_extras(app *a, window *win, bool sound, const char *skin)
{
    char dir[PATH_MAX_LEN], buf[ERROR_TEXT_MAX + 300];
    error err;
    a->win = win;
    if (win && sound) {
        path_join(dir, sizeof dir, a->paths->assets, "sounds");
        a->audio = audio_open(dir);
    }
    a->muted = settings_get_int(&a->prefs, "muted", 0, 0, 1) != 0;
    audio_set_muted(a->audio, a->muted);
    if (!skin) skin = settings_get(&a->prefs, "skin");
    if (skin && app_set_skin(a, skin, &err) != 0) {
        fprintf(stderr, "tessera: %s (drawing with the default skin)\n", error_format(&err, buf, sizeof buf));
        if (a->have_session) session_note(&a->s, "Skin not loaded: %s", buf);
        else snprintf(a->note, sizeof a->note, "Skin not loaded: %.*s", (int)sizeof a->note - 20, buf);
    }
}

/* --export-solution / --export-level: what was played, written when play ends. */
static int export_at_end(const app *a, const play_args *pa)
{
    error err;
    char buf[ERROR_TEXT_MAX + 300];
    if (!a->have_session || !a->s.live) return 0;
    int rc = pa->export_solution ? transfer_write_solution(&a->s, pa->export_solution, &err) : 0;
    if (rc == 1)
        fprintf(stderr, "tessera play: no moves were made on level %d (where play ended): %s holds no solution\n",
                a->s.playing_shuffled ? 1 : a->s.index + 1, pa->export_solution);
    if (rc < 0 || (pa->export_level && transfer_write_level(&a->s, pa->export_level, &err) != 0)) {
        fprintf(stderr, "tessera play: %s\n", error_format(&err, buf, sizeof buf));
        return -1;
    }
    return 0;
}

int cmd_play(const app_paths *p, int argc, char **argv)
{
    play_args pa;
    if (parse_play(argc, argv, &pa) != 0) return EXIT_BAD_INPUT;
    error err;
    char buf[ERROR_TEXT_MAX + 300];
    window *win = NULL;
    if (!pa.keys && window_open(&win, "Tessera", pa.w, pa.h, &err) != 0) {
        fprintf(stderr, no_display_text, err.msg);
        return EXIT_BAD_INPUT;
    }
    if (pa.keys && window_open(&win, "Tessera", pa.w, pa.h, &err) != 0) win = NULL; /* headless */
    int w = pa.w, h = pa.h;
    if (win && pa.scale > 0) window_set_scale(win, pa.scale);
    if (win) window_canvas_size(win, &w, &h);
    app a;
    int ok = app_init(&a, p, w, h, &err) == 0;
    /* Scripted play is reproducible: it brings back no saved position unless asked to. */
    a.restore_position = !pa.keys || pa.resume;
    if (!ok || app_play(&a, pa.game, pa.file, pa.level, &err) != 0) {
        fprintf(stderr, "%s\n", error_format(&err, buf, sizeof buf));
        app_free(&a);
        if (win) window_close(win);
        return EXIT_BAD_INPUT;
    }
    view_kind vk = VIEW_FLAT;
    if (pa.view && (view_kind_from_name(pa.view, &vk) != 0 || app_set_view(&a, vk, &err) != 0)) {
        fprintf(stderr, "tessera play: %s\n", error_format(&err, buf, sizeof buf));
        app_free(&a);
        if (win) window_close(win);
        return EXIT_BAD_INPUT;
    }
    if (pa.image && picture_mode_set_image(&a, pa.image, &err) != 0) {
        error_format(&err, buf, sizeof buf);
        if (pa.keys) { /* scripted play stops; the window shows why and plays with numbers */
            fprintf(stderr, "tessera play: %s\n", buf);
            app_free(&a);
            if (win) window_close(win);
            return EXIT_BAD_INPUT;
        }
        fprintf(stderr, "tessera: %s (showing numbered tiles)\n", buf);
        session_note(&a.s, "Picture not loaded: %s", buf);
    }
    if (pa.has_seed) a.s.seed = (uint64_t)pa.seed;
    setup_window_extras(&a, win, !pa.keys, pa.skin);
    a.reload.enabled = !pa.no_watch;
    app_scan_games(&a);
    int rc = EXIT_OK;
    if (pa.keys) {
        if (loop_keys(&a, win, pa.keys) != 0) rc = EXIT_BAD_INPUT;
        if (rc == EXIT_OK && pa.screenshot && canvas_write_png(&a.cv, pa.screenshot, &err) != 0) {
            fprintf(stderr, "%s\n", error_format(&err, buf, sizeof buf));
            rc = EXIT_BAD_INPUT;
        }
        if (rc == EXIT_OK) print_result(&a);
    } else {
        loop_window(&a, win);
    }
    if (rc == EXIT_OK && export_at_end(&a, &pa) != 0) rc = EXIT_BAD_INPUT;
    app_free(&a);
    if (win) window_close(win);
    return rc;
}

int cmd_menu(const app_paths *p, int argc, char **argv)
{
    (void)argc;
    (void)argv;
    error err;
    window *win = NULL;
    if (window_open(&win, "Tessera", DEFAULT_W, DEFAULT_H, &err) != 0) {
        fprintf(stderr, no_display_text, err.msg);
        return EXIT_BAD_INPUT;
    }
    int w, h;
    window_canvas_size(win, &w, &h);
    app a;
    if (app_init(&a, p, w, h, &err) != 0) {
        char buf[ERROR_TEXT_MAX + 300];
        fprintf(stderr, "%s\n", error_format(&err, buf, sizeof buf));
        window_close(win);
        return EXIT_BAD_INPUT;
    }
    app_scan_games(&a);
    setup_window_extras(&a, win, true, NULL);
    a.scr = SCREEN_GAMES;
    loop_window(&a, win);
    app_free(&a);
    window_close(win);
    return EXIT_OK;
}
