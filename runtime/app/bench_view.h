/* bench_view.h: the drawing and start-up benchmarks of `tessera bench` (frame_100x100,
 * startup, idle_cpu); cmd_bench.c runs them beside the solver benchmarks. */
#ifndef TESSERA_APP_BENCH_VIEW_H
#define TESSERA_APP_BENCH_VIEW_H

#include "app/paths.h"

/* {"bench":"frame_100x100","ms":..}: the mean time to draw the play screen of a 100 x 100
 * Sokoban level into a canvas (the headless renderer), over many frames. */
void bench_frame_100x100(const app_paths *p, int quick);
/* {"bench":"startup","ms":..}: from spawning `tessera play sokoban --keys ''` (dummy video
 * and audio drivers) to its exit, which comes right after its first frame; the median of
 * several runs. */
void bench_startup(int quick);
/* {"bench":"idle_cpu","percent":..}: the share of one core that `tessera play sokoban`
 * uses while nobody touches it (a static level), over 10 s (3 s with --quick), on the display
 * given by DISPLAY or else SDL's dummy driver (named as "driver"). */
void bench_idle_cpu(int quick);

#endif
