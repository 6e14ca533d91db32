#include "model/chart.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static char *dup_or_null(const char *s)
{
    return s ? cp_xstrdup(s) : NULL;
}

const cp_chart_kind_info cp_chart_kinds[CP_CHART_NKINDS] = {
    [CP_CHART_CLUSTERED] = { "clustered", 1 },
    [CP_CHART_STACKED] = { "stacked", 0 },
    [CP_CHART_RATIO] = { NULL, 0 },
};

cp_chart_kind cp_chart_kind_by_name(const char *name)
{
    for (int k = 0; k < CP_CHART_NKINDS; k++)
        if (cp_chart_kinds[k].name && !strcmp(cp_chart_kinds[k].name, name))
            return (cp_chart_kind)k;
    return CP_CHART_NKINDS;
}

char *cp_chart_kind_names(void)
{
    size_t n = 0, k = 0;
    for (int i = 0; i < CP_CHART_NKINDS; i++)
        n += cp_chart_kinds[i].name != NULL;
    cp_buf b = { 0 };
    cp_buf_puts(&b, "");
    for (int i = 0; i < CP_CHART_NKINDS; i++)
        if (cp_chart_kinds[i].name) {
            cp_buf_printf(&b, "%s'%s'", k == 0 ? "" : k + 1 < n ? ", " : " or ", cp_chart_kinds[i].name);
            k++;
        }
    return b.data;
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

void cp_chart_drop_data(cp_chart *c)
{
    free_texts(c->categories, c->ncat);
    free_texts(c->series, c->nser);
    for (size_t i = 0; i < c->npoints; i++)
        free(c->points[i].label);
    free(c->points);
    free(c->colours);
    free(c->cat_index.slots);
    free(c->ser_index.slots);
    free(c->point_index.slots);
    c->categories = c->series = NULL;
    c->points = NULL;
    c->colours = NULL;
    c->ncat = c->nser = c->npoints = c->ncolours = 0;
    c->cat_index = c->ser_index = c->point_index = (cp_chart_index){ NULL, 0 };
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
    free(c->key_title);
    cp_chart_drop_data(c);
    free(c);
}

static size_t hash_text(const char *s)
{
    size_t h = 14695981039346656037u;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static size_t hash_point(size_t cat, size_t ser)
{
    return (cat * 1099511628211u) ^ (ser * 14695981039346656037u + 0x9e3779b97f4a7c15u);
}

/* The slot of the entry `same` accepts, or the free slot it would take. */
static size_t *find_slot(const cp_chart_index *ix, size_t hash, int (*same)(const void *, size_t), const void *key)
{
    size_t mask = ix->cap - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask)
        if (ix->slots[i] == 0 || same(key, ix->slots[i] - 1))
            return &ix->slots[i];
}

/* Keeps ix at most half full for n + 1 entries, rebuilding it with rehash. */
static void make_room(cp_chart_index *ix, size_t n, void (*rehash)(cp_chart_index *, void *), void *arg)
{
    if (2 * (n + 1) <= ix->cap)
        return;
    free(ix->slots);
    ix->cap = ix->cap ? 2 * ix->cap : 64;
    ix->slots = cp_xcalloc(ix->cap, sizeof *ix->slots);
    rehash(ix, arg);
}

typedef struct {
    char **v;
    const char *text;
} text_key;

static int same_text(const void *key, size_t i)
{
    const text_key *k = key;
    return strcmp(k->v[i], k->text) == 0;
}

typedef struct {
    char ***v;
    size_t *n;
} text_list;

static void rehash_texts(cp_chart_index *ix, void *arg)
{
    text_list *l = arg;
    for (size_t i = 0; i < *l->n; i++) {
        text_key k = { *l->v, (*l->v)[i] };
        *find_slot(ix, hash_text(k.text), same_text, &k) = i + 1;
    }
}

static size_t intern(char ***v, size_t *n, cp_chart_index *ix, const char *text)
{
    text_list l = { v, n };
    make_room(ix, *n, rehash_texts, &l);
    text_key k = { *v, text };
    size_t *slot = find_slot(ix, hash_text(text), same_text, &k);
    if (*slot)
        return *slot - 1;
    if ((*n & (*n - 1)) == 0)   /* doubling: linear in the texts, also where realloc copies */
        *v = cp_xrealloc(*v, (*n ? 2 * *n : 1) * sizeof **v);
    (*v)[*n] = cp_xstrdup(text);
    *slot = ++*n;
    return *n - 1;
}

size_t cp_chart_names_add(cp_chart_names *names, const char *text)
{
    return intern(&names->v, &names->n, &names->index, text);
}

size_t cp_chart_names_find(const cp_chart_names *names, const char *text)
{
    if (!names->index.cap)
        return names->n;
    text_key k = { names->v, text };
    size_t *slot = find_slot(&names->index, hash_text(text), same_text, &k);
    return *slot ? *slot - 1 : names->n;
}

void cp_chart_names_free(cp_chart_names *names)
{
    free_texts(names->v, names->n);
    free(names->index.slots);
    memset(names, 0, sizeof *names);
}

size_t cp_chart_category(cp_chart *c, const char *text)
{
    return intern(&c->categories, &c->ncat, &c->cat_index, text);
}

size_t cp_chart_series(cp_chart *c, const char *text)
{
    return intern(&c->series, &c->nser, &c->ser_index, text);
}

typedef struct {
    const cp_chart *c;
    size_t cat, ser;
} point_key;

static int same_point(const void *key, size_t i)
{
    const point_key *k = key;
    return k->c->points[i].cat == k->cat && k->c->points[i].ser == k->ser;
}

static void rehash_points(cp_chart_index *ix, void *arg)
{
    const cp_chart *c = arg;
    for (size_t i = 0; i < c->npoints; i++) {
        point_key k = { c, c->points[i].cat, c->points[i].ser };
        *find_slot(ix, hash_point(k.cat, k.ser), same_point, &k) = i + 1;
    }
}

const cp_chart_point *cp_chart_get(const cp_chart *c, size_t cat, size_t ser)
{
    if (!c->point_index.cap)
        return NULL;
    point_key k = { c, cat, ser };
    size_t *slot = find_slot(&c->point_index, hash_point(cat, ser), same_point, &k);
    return *slot ? &c->points[*slot - 1] : NULL;
}

void cp_chart_set(cp_chart *c, size_t cat, size_t ser, double value, const char *label)
{
    cp_chart_point *p = (cp_chart_point *)cp_chart_get(c, cat, ser);
    if (!p) {
        if ((c->npoints & (c->npoints - 1)) == 0)
            c->points = cp_xrealloc(c->points, (c->npoints ? 2 * c->npoints : 1) * sizeof *c->points);
        make_room(&c->point_index, c->npoints, rehash_points, c);
        point_key k = { c, cat, ser };
        *find_slot(&c->point_index, hash_point(cat, ser), same_point, &k) = c->npoints + 1;
        p = &c->points[c->npoints++];
        p->cat = cat;
        p->ser = ser;
    } else {
        free(p->label);
    }
    p->value = value;
    p->label = dup_or_null(label);
}

static void put_text(cp_buf *out, const char *s)
{
    if (!s) {
        cp_buf_puts(out, "-\n");
        return;
    }
    cp_buf_printf(out, "%zu:", strlen(s));
    cp_buf_puts(out, s);
}

void cp_chart_serialize(const cp_chart *c, cp_buf *out)
{
    const char *texts[] = { c->title, c->subtitle, c->xlabel, c->ylabel, c->key_title };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        put_text(out, texts[i]);
    cp_buf_printf(out, "%d %d %d %zu %zu %zu\n", (int)c->kind, c->group_min, c->auto_log, c->ncat, c->nser,
                  c->npoints);
    for (size_t i = 0; i < c->ncat; i++)
        put_text(out, c->categories[i]);
    for (size_t i = 0; i < c->nser; i++) {
        put_text(out, c->series[i]);
        cp_buf_printf(out, "%06X\n", cp_chart_colour(c, i));
    }
    for (size_t i = 0; i < c->npoints; i++) {
        const cp_chart_point *p = &c->points[i];
        cp_buf_printf(out, "%zu %zu %a ", p->cat, p->ser, p->value);
        put_text(out, p->label);
    }
}

void cp_chart_list_add(cp_chart_list *out, cp_chart *c)
{
    out->items = cp_xrealloc(out->items, (out->n + 1) * sizeof *out->items);
    out->items[out->n++] = c;
    cp_chart_list_split(out, out->n - 1);
}

void cp_chart_list_free(cp_chart_list *list)
{
    for (size_t i = 0; i < list->n; i++)
        cp_chart_free(list->items[i]);
    free(list->items);
    list->items = NULL;
    list->n = 0;
}
