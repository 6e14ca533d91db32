/* A chart too large to read, cut into parts (chart.h), alone or in a
 * list of charts. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "model/chart.h"

size_t cp_chart_slots(const cp_chart *c)
{
    if (!cp_chart_kinds[c->kind].side_by_side)
        return c->ncat;
    return c->ncat ? c->ncat * (c->nser + 1) - 1 : 0;
}

/* A point with the group of series its part takes. */
typedef struct {
    size_t group;
    const cp_chart_point *p;
} placed;

static int by_group(const void *pa, const void *pb)
{
    const placed *a = pa, *b = pb;
    if (a->group != b->group)
        return a->group < b->group ? -1 : 1;
    if (a->p->cat != b->p->cat)
        return a->p->cat < b->p->cat ? -1 : 1;
    return a->p->ser < b->p->ser ? -1 : a->p->ser > b->p->ser;
}

typedef struct {
    cp_chart **v;
    size_t n;
} parts;

/* A part: the group_size series of group g, the points p[from..to)
 * (their categories, in order). */
static void add_part(parts *out, const cp_chart *c, size_t group_size, const placed *p, size_t from, size_t to)
{
    cp_chart *part = cp_chart_new(c->file, c->kind, c->title, c->subtitle, c->xlabel, c->ylabel);
    part->group_min = c->group_min;
    part->auto_log = c->auto_log;
    part->key_title = c->key_title ? cp_xstrdup(c->key_title) : NULL;
    size_t first = p[from].group * group_size;
    for (size_t s = first; s < first + group_size && s < c->nser; s++) {
        size_t ser = cp_chart_series(part, c->series[s]);
        if (s < c->ncolours && c->colours[s])   /* a colour of its own goes with it */
            cp_chart_series_colour(part, ser, c->colours[s] - 1);
    }
    for (size_t i = from; i < to; i++) {
        size_t cat = cp_chart_category(part, c->categories[p[i].p->cat]);
        cp_chart_set(part, cat, p[i].p->ser - first, p[i].p->value, p[i].p->label);
    }
    out->v = cp_xrealloc(out->v, (out->n + 1) * sizeof *out->v);
    out->v[out->n++] = part;
}

/* Names and titles the parts once their number is known. */
static void name_parts(parts *out)
{
    for (size_t k = 0; k < out->n; k++) {
        cp_chart *part = out->v[k];
        size_t len = strlen(part->file);
        size_t ext = strlen(CP_CHART_EXT);
        if (len > ext && !strcmp(part->file + len - ext, CP_CHART_EXT))
            len -= ext;
        char *file = cp_xasprintf("%.*s part %zu" CP_CHART_EXT, (int)len, part->file, k + 1);
        char *title = cp_xasprintf("%s (part %zu of %zu)", part->title, k + 1, out->n);
        free(part->file);
        free(part->title);
        part->file = file;
        part->title = title;
    }
}

cp_chart **cp_chart_split(const cp_chart *c, size_t *n)
{
    *n = 0;
    int clustered = cp_chart_kinds[c->kind].side_by_side;
    if (cp_chart_slots(c) <= CP_CHART_MAX_SLOTS && (!clustered || c->nser <= CP_CHART_MAX_SERIES))
        return NULL;
    size_t group_size = clustered && c->nser > CP_CHART_MAX_SERIES ? CP_CHART_MAX_SERIES : (c->nser ? c->nser : 1);
    /* categories a part takes: its clusters and the gaps between them fit */
    size_t per_part = clustered ? (CP_CHART_MAX_SLOTS + 1) / (group_size + 1) : CP_CHART_MAX_SLOTS;
    placed *p = cp_xcalloc(c->npoints ? c->npoints : 1, sizeof *p);
    for (size_t i = 0; i < c->npoints; i++)
        p[i] = (placed){ c->points[i].ser / group_size, &c->points[i] };
    qsort(p, c->npoints, sizeof *p, by_group);
    parts out = { 0 };
    for (size_t i = 0, end; i < c->npoints; i = end) {
        /* a group's categories in parts of even size, each at most per_part */
        size_t cats = 0;
        for (end = i; end < c->npoints && p[end].group == p[i].group; end++)
            cats += end == i || p[end].p->cat != p[end - 1].p->cat;
        size_t nparts = (cats + per_part - 1) / per_part;
        for (size_t k = 0, from = i, to; k < nparts; k++, from = to) {
            size_t size = (k + 1) * cats / nparts - k * cats / nparts, taken = 0;
            for (to = from; to < end; to++) {
                taken += to == from || p[to].p->cat != p[to - 1].p->cat;
                if (taken > size)
                    break;
            }
            add_part(&out, c, group_size, p, from, to);
        }
    }
    free(p);
    name_parts(&out);
    *n = out.n;
    return out.v;
}

void cp_chart_list_split(cp_chart_list *out, size_t first)
{
    for (size_t k = first; k < out->n; k++) {
        size_t n;
        cp_chart **split = cp_chart_split(out->items[k], &n);
        if (!split)
            continue;
        out->items = cp_xrealloc(out->items, (out->n + n - 1) * sizeof *out->items);
        memmove(&out->items[k + n], &out->items[k + 1], (out->n - k - 1) * sizeof *out->items);
        cp_chart_free(out->items[k]);
        memcpy(&out->items[k], split, n * sizeof *split);
        out->n += n - 1;
        k += n - 1;
        free(split);
    }
}
