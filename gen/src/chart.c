#include "chart.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static char *dup_or_null(const char *s)
{
    return s ? cp_xstrdup(s) : NULL;
}

cp_chart *cp_chart_new(const char *file, cp_chart_kind kind, const char *title, const char *subtitle,
                       const char *xlabel, const char *ylabel)
{
    cp_chart *c = cp_xcalloc(1, sizeof *c);
    c->file = cp_xstrdup(file);
    c->kind = kind;
    c->group_min = 5;
    c->title = cp_xstrdup(title);
    c->subtitle = dup_or_null(subtitle);
    c->xlabel = dup_or_null(xlabel);
    c->ylabel = cp_xstrdup(ylabel);
    return c;
}

static void free_texts(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

void cp_chart_free(cp_chart *c)
{
    if (!c)
        return;
    free(c->file);
    free(c->title);
    free(c->subtitle);
    free(c->xlabel);
    free(c->ylabel);
    free_texts(c->categories, c->ncat);
    free_texts(c->series, c->nser);
    for (size_t i = 0; i < c->npoints; i++)
        free(c->points[i].label);
    free(c->points);
    free(c);
}

/* Linear: a chart has tens of categories at most. */
static size_t intern(char ***v, size_t *n, const char *text)
{
    for (size_t i = 0; i < *n; i++)
        if (!strcmp((*v)[i], text))
            return i;
    *v = cp_xrealloc(*v, (*n + 1) * sizeof **v);
    (*v)[*n] = cp_xstrdup(text);
    return (*n)++;
}

size_t cp_chart_category(cp_chart *c, const char *text)
{
    return intern(&c->categories, &c->ncat, text);
}

size_t cp_chart_series(cp_chart *c, const char *text)
{
    return intern(&c->series, &c->nser, text);
}

const cp_chart_point *cp_chart_get(const cp_chart *c, size_t cat, size_t ser)
{
    for (size_t i = 0; i < c->npoints; i++)
        if (c->points[i].cat == cat && c->points[i].ser == ser)
            return &c->points[i];
    return NULL;
}

void cp_chart_set(cp_chart *c, size_t cat, size_t ser, double value, const char *label)
{
    cp_chart_point *p = (cp_chart_point *)cp_chart_get(c, cat, ser);
    if (!p) {
        c->points = cp_xrealloc(c->points, (c->npoints + 1) * sizeof *c->points);
        p = &c->points[c->npoints++];
        p->cat = cat;
        p->ser = ser;
    } else {
        free(p->label);
    }
    p->value = value;
    p->label = dup_or_null(label);
}
