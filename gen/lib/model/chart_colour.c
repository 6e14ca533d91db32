/* Bar colours and the y scale of a chart (chart.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "model/chart.h"

/* Okabe & Ito's colour-blind-safe palette, most distinct first; yellow,
 * hard to see on white, last. */
static const unsigned palette[CP_CHART_NPALETTE] = {
    0x0072B2, 0xE69F00, 0x009E73, 0xD55E00, 0xCC79A7, 0x56B4E9, 0x000000, 0xF0E442,
};

/* The lightest shade of a group, as a share of the way to white: lighter
 * and the bar is hard to see on white. */
#define LIGHTEST 0.6

unsigned cp_chart_palette(size_t i)
{
    return palette[i % CP_CHART_NPALETTE];
}

void cp_chart_series_colour(cp_chart *c, size_t ser, unsigned rgb)
{
    /* grown to nser, whatever series came since the last colour */
    c->colours = cp_xrealloc(c->colours, (c->nser > ser ? c->nser : ser + 1) * sizeof *c->colours);
    for (size_t i = c->ncolours; i < c->nser || i <= ser; i++)
        c->colours[i] = 0;
    c->ncolours = c->nser > ser ? c->nser : ser + 1;
    c->colours[ser] = rgb + 1;
}

unsigned cp_chart_colour(const cp_chart *c, size_t ser)
{
    if (ser < c->ncolours && c->colours[ser])
        return c->colours[ser] - 1;
    return cp_chart_palette(ser);
}

/* rgb moved the share t of the way to white */
static unsigned lighter(unsigned rgb, double t)
{
    unsigned out = 0;
    for (int shift = 16; shift >= 0; shift -= 8) {
        unsigned v = (rgb >> shift) & 0xff;
        out |= (unsigned)lround(v + (255 - v) * t) << shift;
    }
    return out;
}

/* the length of s without its last word (and the space before it) */
static size_t group_len(const char *s)
{
    const char *sp = strrchr(s, ' ');
    return sp ? (size_t)(sp - s) : strlen(s);
}

void cp_chart_shade_groups(cp_chart *c)
{
    size_t *group = cp_xcalloc(c->nser ? c->nser : 1, sizeof *group);
    size_t ngroups = 0;
    for (size_t i = 0; i < c->nser; i++) {
        size_t len = group_len(c->series[i]), g = i;
        for (size_t k = 0; k < i && g == i; k++)
            if (group_len(c->series[k]) == len && !strncmp(c->series[k], c->series[i], len))
                g = group[k];
        group[i] = g == i ? ngroups++ : g;
    }
    for (size_t i = 0; i < c->nser; i++) {
        size_t size = 0, rank = 0;   /* the group's series, and how many come after i */
        for (size_t k = 0; k < c->nser; k++)
            if (group[k] == group[i]) {
                size++;
                rank += k > i;
            }
        double t = size > 1 ? LIGHTEST * (double)rank / (double)(size - 1) : 0;
        cp_chart_series_colour(c, i, lighter(cp_chart_palette(group[i]), t));
    }
    free(group);
}

int cp_chart_log_y(const cp_chart *c)
{
    if (!c->auto_log)
        return 0;
    double lo = INFINITY, hi = 0;
    for (size_t i = 0; i < c->npoints; i++) {
        double v = c->points[i].value;
        if (!isfinite(v) || v <= 0)
            continue;
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    return hi > 0 && hi > 100 * lo;
}
