/* The chart backend: ONE gnuplot process for a whole render run, fed
 * through a pipe (posix_spawnp, no shell). Each chart is a script
 * (gnuplot_script.c) that writes an SVG into a private temporary folder and
 * then prints a marker line; everything gnuplot says on stderr before the
 * marker belongs to that chart. The SVG is then checked and made
 * deterministic (svg_clean.h) and kept in memory; cp_gnuplot_finish stages
 * all charts with the run's other files (stage.h: an unchanged chart keeps
 * its file) only when every chart of the run succeeded; the caller renames
 * them into place with everything else, so a failed run changes nothing. */
#ifndef CP_GNUPLOT_H
#define CP_GNUPLOT_H

#include <stdio.h>

#include "chart.h"
#include "stage.h"
#include "util.h"

typedef struct cp_gnuplot cp_gnuplot;

/* Starts `program` (normally "gnuplot", found on PATH). Messages go to err.
 * NULL after a message when it cannot start. */
cp_gnuplot *cp_gnuplot_start(const char *program, FILE *err);

/* Renders c into the run's pending output for dir/c->file. 0, or -1 after
 * a message naming the chart (gnuplot's own complaint included); the run
 * then fails as a whole at cp_gnuplot_finish. */
int cp_gnuplot_render(cp_gnuplot *g, const cp_chart *c, const char *dir);

/* Ends gnuplot and, when stage is not NULL and every chart succeeded,
 * stages them all (cp_stage_add). Returns the number of charts (unchanged
 * ones included), or -1 when anything failed (nothing staged then). A NULL
 * stage discards the charts (the caller's run failed elsewhere). Frees g. */
long cp_gnuplot_finish(cp_gnuplot *g, cp_stage *stage);

/* Appends s as a gnuplot string expression of single-quoted strings
 * (it's -> 'it' . cp_q . 's'; every chart script defines cp_q): inside
 * single quotes gnuplot expands nothing (no backquote commands, no
 * @macros, no backslash escapes); line breaks, control characters and
 * invalid UTF-8 become spaces, so the string stays on its line. */
void cp_gnuplot_quote(cp_buf *out, const char *s);
/* Same, but each '\n' of s becomes a line break of the text, written as
 * 'line 1' . "\n" . 'line 2'. */
void cp_gnuplot_quote_lines(cp_buf *out, const char *s);

/* The script that draws c into the SVG file `output` (gnuplot_script.c). */
void cp_gnuplot_script(cp_buf *out, const cp_chart *c, const char *output);

#endif
