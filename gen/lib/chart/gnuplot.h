/* The chart backend: a few gnuplot processes for a whole render run (one
 * per core by default), each fed through a pipe (posix_spawnp, no shell),
 * started as charts come. Each chart is a script (gnuplot_script.c) that
 * writes an SVG into a private temporary folder and then prints a marker
 * line; everything gnuplot says on stderr before the marker belongs to
 * that chart. Charts are queued: gnuplot draws chart n while we prepare
 * chart n + 1 and clean chart n - 1 (and build the pages in between). The
 * SVG is then checked and made deterministic (svg_clean.h) and staged
 * with the run's other files (stage.h: an unchanged chart keeps its
 * file); the caller renames them into place with everything else only
 * when the whole run succeeded (cp_gnuplot_finish), so a failed run
 * changes nothing. A chart's SVG does not depend on which gnuplot drew
 * it. With a chart cache (chart_cache.h), a chart whose file is already
 * what drawing it would give is not drawn at all. */
#ifndef CP_GNUPLOT_H
#define CP_GNUPLOT_H

#include <stdio.h>

#include "base/stage.h"
#include "base/util.h"
#include "chart/chart_cache.h"
#include "model/chart.h"

typedef struct cp_gnuplot cp_gnuplot;

/* A backend that draws with `program` (normally "gnuplot", found on PATH)
 * and stages each chart into stage as it is drawn (NULL: drawn, checked
 * and dropped). Messages go to err. NULL after a message when it cannot
 * make its temporary folder. */
cp_gnuplot *cp_gnuplot_start(const char *program, cp_stage *stage, FILE *err);

/* At most n gnuplot processes (1 to 8; default: the online cores, at
 * most 8). The charts are the same whatever n. */
void cp_gnuplot_workers(cp_gnuplot *g, unsigned n);

/* Charts already drawn as they would be (chart_cache.h) are kept without
 * drawing them; cp_gnuplot_free notes the run's charts in the cache, which
 * stays the caller's. */
void cp_gnuplot_use_cache(cp_gnuplot *g, cp_chart_cache *cache);

/* Queues c for dir/c->file. c->file gets " (2)", " (3)", ... before
 * ".svg" when a chart of the run already has that path, so call it before
 * a page refers to c. 0, or -1 after a
 * message naming the chart; a chart can also fail later (gnuplot's
 * complaint, reported as it comes), and the run then fails as a whole at
 * cp_gnuplot_finish. */
int cp_gnuplot_render(cp_gnuplot *g, cp_chart *c, const char *dir);

typedef struct {
    unsigned long drawn;     /* by gnuplot in this run */
    unsigned long kept;      /* fresh in the cache: not drawn */
} cp_gnuplot_stats;

/* Waits for the charts still queued and ends the gnuplot processes.
 * Returns the number of charts of the run (unchanged and cached ones
 * included), or -1 when any failed: the caller must not commit the stage
 * then. stats (or NULL) says how many were drawn. g stays for
 * cp_gnuplot_free. */
long cp_gnuplot_finish(cp_gnuplot *g, cp_gnuplot_stats *stats);

/* After cp_gnuplot_finish: with `placed` set (the caller committed the
 * stage, so every chart is where the cache will look for it), the chart
 * cache notes the run's charts as they are now on disk. Frees g; NULL is
 * fine. */
void cp_gnuplot_free(cp_gnuplot *g, int placed);

#endif
