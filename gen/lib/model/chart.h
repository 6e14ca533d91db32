/* The chart model: one bar chart, independent of pages and of gnuplot. The
 * page engine fills one from a table (categories from the columns that
 * vary, one series per configuration, values from the count column); the
 * gnuplot backend (gnuplot.h) turns it into an SVG file. Texts are plain
 * UTF-8 as they come from the data; every writer escapes them itself. */
#ifndef CP_CHART_H
#define CP_CHART_H

#include <stddef.h>

#include "base/util.h"

/* Clustered: one bar per series side by side in each category (performance
 * charts, and footprint charts: flash and RAM sizes do not add up to a
 * meaningful total, and a stack hides its small parts such as 0 bytes of
 * global data). Stacked: the series of a category on top of each other,
 * with the total above the bar; for parts that do add up. Ratio: one
 * horizontal bar per category from 1 to its value (series unused), the
 * first category on top; below 1 is better (faster, smaller) and drawn
 * left of the line at 1. */
typedef enum { CP_CHART_CLUSTERED, CP_CHART_STACKED, CP_CHART_RATIO, CP_CHART_NKINDS } cp_chart_kind;

/* What the model knows of each kind (chart.c, in the order of the enum);
 * how each is drawn is the backend's (chart/gnuplot_script.c: a script a
 * kind). A new kind: a value above, a row in each of the two tables, and
 * its script. */
typedef struct {
    const char *name;    /* its `kind:` in tables.yaml; NULL: not one for layouts (ratio: the diff pages') */
    int side_by_side;    /* the series of a category stand side by side, a bar width each: a chart too
                          * wide is cut into groups of series too (cp_chart_split) */
} cp_chart_kind_info;

extern const cp_chart_kind_info cp_chart_kinds[CP_CHART_NKINDS];
/* The kind a layout names, CP_CHART_NKINDS when none is. */
cp_chart_kind cp_chart_kind_by_name(const char *name);
/* The names a layout may use, for a message: "'clustered' or 'stacked'".
 * The caller frees. */
char *cp_chart_kind_names(void);

/* The extension of a chart's file (the SVG the backend draws). */
#define CP_CHART_EXT ".svg"

typedef struct {
    size_t cat, ser;
    double value;
    char *label;        /* the text above the bar, e.g. "11 667"; NULL: from value */
} cp_chart_point;

/* Open-addressing index (entry + 1, 0 = free) of a chart's categories,
 * series or points: lookups stay constant-time however many rows a table
 * has (a chart of 20 000 bars would otherwise cost quadratic time). */
typedef struct {
    size_t *slots;
    size_t cap;
} cp_chart_index;

typedef struct {
    char *file;         /* file name, no folder (chart_name.h) */
    char *title;        /* "AES CBC encryption, sole buffer" */
    char *subtitle;     /* "CMOX 050000B2 on STM32L552" (or NULL) */
    char *xlabel;       /* what the categories are: "Key size / buffer size" (or NULL) */
    char *ylabel;       /* quantity and unit: "Time (µs)", "instructions (QEMU icount)" */
    char *key_title;    /* what the series are, over the key: "Configuration",
                         * "Mathematics / curve definition" (or NULL) */
    cp_chart_kind kind;
    int group_min;      /* numbers the chart writes itself (axis, totals): digits
                         * grouped from this many on, 0 never; 5 unless set */
    char **categories;  /* x groups in order of first appearance; '\n' breaks the tic label */
    size_t ncat;
    char **series;      /* one bar colour each: "Small", "Fast"; "" stays out of the key */
    size_t nser;
    cp_chart_point *points;  /* a (category, series) pair without a point is a missing value */
    size_t npoints;
    unsigned *colours;  /* per series, 0xRRGGBB + 1 (0: the palette's colour by position) */
    size_t ncolours;
    int auto_log;       /* 1: a log y scale when the values span more than two decades
                         * (cp_chart_log_y); 0: always linear */
    cp_chart_index cat_index, ser_index, point_index;
} cp_chart;

/* The most a chart shows: CP_CHART_MAX_SLOTS bar widths across (clusters
 * with a bar's width between them), beyond which a bar gets narrower than
 * its upright value label, and, clustered, CP_CHART_MAX_SERIES series, as
 * many as there are colours and hatchings to tell them apart by. A larger chart is drawn in parts
 * (cp_chart_split), the way a long table reads in pages. */
#define CP_CHART_MAX_SLOTS 110
#define CP_CHART_MAX_SERIES 56   /* 8 colours, solid and in 6 hatchings */

/* A chart with copies of the texts (subtitle and xlabel may be NULL). */
cp_chart *cp_chart_new(const char *file, cp_chart_kind kind, const char *title, const char *subtitle,
                       const char *xlabel, const char *ylabel);
void cp_chart_free(cp_chart *c);
/* Frees the chart's data (categories, series, points, colours) and keeps
 * its file name and texts: all a page needs of a chart once it is drawn. */
void cp_chart_drop_data(cp_chart *c);

/* Index of the category / series of that text, added at the end when new. */
size_t cp_chart_category(cp_chart *c, const char *text);
size_t cp_chart_series(cp_chart *c, const char *text);

/* A set of texts in order of first appearance, hashed like a chart's
 * series (a table's series across its charts: chart_build.c). */
typedef struct {
    char **v;
    size_t n;
    cp_chart_index index;
} cp_chart_names;

/* The index of text, added at the end when new. */
size_t cp_chart_names_add(cp_chart_names *names, const char *text);
/* The index of text, or names->n when it is not there. */
size_t cp_chart_names_find(const cp_chart_names *names, const char *text);
void cp_chart_names_free(cp_chart_names *names);

/* Sets the value of (category, series), replacing an earlier one; label is
 * the text shown above the bar (the caller formats it as its page does), or
 * NULL for the value with digits grouped by threes ("11 667"). */
void cp_chart_set(cp_chart *c, size_t cat, size_t ser, double value, const char *label);

/* The palette, most distinct colours first (chart_colour.c). */
#define CP_CHART_NPALETTE 8
unsigned cp_chart_palette(size_t i);

/* Gives series ser the colour rgb (0xRRGGBB) instead of the palette's. */
void cp_chart_series_colour(cp_chart *c, size_t ser, unsigned rgb);

/* The colour of series ser: its own, else the palette's (Okabe & Ito,
 * colour-blind safe) by position, a hatching telling apart the rounds. */
unsigned cp_chart_colour(const cp_chart *c, size_t ser);

/* Series whose texts differ only in their last word ("Mbed TLS 2.28.3",
 * "Mbed TLS 3.6.6": one library, two versions) share a hue, one per group
 * in order of first appearance; within a group the last series has the
 * full colour and earlier ones lighter shades of it (chart_colour.c). */
void cp_chart_shade_groups(cp_chart *c);

/* 1 when c is drawn on a log y scale: auto_log is set and its largest
 * positive value is more than 100 times its smallest one (a value of 0 or
 * below has no place on it: its text stands at the foot of the axis). */
int cp_chart_log_y(const cp_chart *c);

/* The point of (category, series), or NULL when the value is missing. */
const cp_chart_point *cp_chart_get(const cp_chart *c, size_t cat, size_t ser);

/* Appends everything a drawing of c depends on (texts, kind, numbers,
 * points, not the file name), one field after the other with their
 * lengths: two charts with the same bytes draw the same (chart_cache.h). */
void cp_chart_serialize(const cp_chart *c, cp_buf *out);

/* Bar widths across c: clustered, ncat * (nser + 1) - 1; stacked and
 * ratio, ncat. */
size_t cp_chart_slots(const cp_chart *c);

/* The parts of a chart beyond the limits above, in order (chart_split.c):
 * consecutive categories, and for a clustered chart with more series than
 * fit, consecutive groups of series (each part lists its group's series
 * in the same order, so a series keeps its colour from part to part).
 * Part k of n is named "<file without .svg> part k.svg" and titled
 * "<title> (part k of n)". NULL with *n 0 when c fits as it is. */
cp_chart **cp_chart_split(const cp_chart *c, size_t *n);

/* The charts a page shows after one of its tables. */
typedef struct {
    cp_chart **items;
    size_t n;
    int built;          /* the page engine built them (a table placed twice draws once) */
} cp_chart_list;

/* Appends c to out (taking it), as its parts when it is too large to read
 * (cp_chart_split). */
void cp_chart_list_add(cp_chart_list *out, cp_chart *c);
void cp_chart_list_free(cp_chart_list *list);

/* The charts of out from out->items[first] on that are too large to read
 * become their parts (cp_chart_split), in place. */
void cp_chart_list_split(cp_chart_list *out, size_t first);

#endif
