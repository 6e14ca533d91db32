#include "site/site_index.h"

#include <stdlib.h>
#include <string.h>

#include "base/path_rel.h"
#include "base/yaml_write.h"
#include "site/site_nav.h"
#include "diff/diff.h"
#include "page/layout.h"

typedef struct {
    char *series, *slug, *library, *version, *counter;
    char *place;    /* "Cortex-M33 · mps2-an505 · emulated" */
    char *page;     /* <series>/<folder>, relative to OUT */
    char *source;   /* the dataset file as given */
    char *yaml;     /* the dataset file relative to OUT */
} entry;

typedef struct {
    char *series, *slug, *library, *from, *to;
    char *counts;   /* the count the diff compares (cp_diff_count) */
    char *page;     /* <series>/diff-... */
} diff;

/* a cross-core page: one library version on every core */
typedef struct {
    char *slug, *library, *version, *cores;
    char *estimated;   /* the cores with estimated cycles, or NULL */
    char *page;        /* cores/<slug>-<version> */
} cores_page;

/* a page of a series (the comparison of its library versions) */
typedef struct {
    char *series, *place, *name;
    char *page;        /* <series>/<name>.md: a page file (render.h) */
} series_page;

struct cp_site_index {
    char *outdir;
    series_page *s;
    size_t ns;
    entry *e;
    size_t n;
    diff *d;
    size_t nd;
    cores_page *c;
    size_t nc;
};

cp_site_index *cp_site_index_new(const char *outdir)
{
    cp_site_index *x = cp_xcalloc(1, sizeof *x);
    x->outdir = cp_xstrdup(outdir);
    return x;
}

void cp_site_index_free(cp_site_index *x)
{
    if (!x)
        return;
    for (size_t i = 0; i < x->n; i++) {
        entry *e = &x->e[i];
        free(e->series);
        free(e->slug);
        free(e->library);
        free(e->version);
        free(e->counter);
        free(e->place);
        free(e->page);
        free(e->source);
        free(e->yaml);
    }
    free(x->e);
    for (size_t i = 0; i < x->nd; i++) {
        diff *d = &x->d[i];
        free(d->series);
        free(d->slug);
        free(d->library);
        free(d->from);
        free(d->to);
        free(d->counts);
        free(d->page);
    }
    free(x->d);
    for (size_t i = 0; i < x->nc; i++) {
        cores_page *c = &x->c[i];
        free(c->slug);
        free(c->library);
        free(c->version);
        free(c->cores);
        free(c->estimated);
        free(c->page);
    }
    free(x->c);
    for (size_t i = 0; i < x->ns; i++) {
        free(x->s[i].series);
        free(x->s[i].place);
        free(x->s[i].name);
        free(x->s[i].page);
    }
    free(x->s);
    free(x->outdir);
    free(x);
}

static char *text_or_empty(const cp_dataset *ds, const char *path)
{
    const char *s = cp_dataset_text(ds, path);
    return cp_xstrdup(s ? s : "");
}

void cp_site_index_add(cp_site_index *x, const cp_dataset *ds, const char *page_dir)
{
    x->e = cp_xrealloc(x->e, (x->n + 1) * sizeof *x->e);
    entry *e = &x->e[x->n++];
    e->series = text_or_empty(ds, "series");
    e->slug = text_or_empty(ds, "library.slug");
    e->library = text_or_empty(ds, "library.name");
    e->version = text_or_empty(ds, "library.version");
    e->counter = cp_xstrdup(cp_count_name(cp_lead_count(ds->doc.root)));
    e->place = cp_site_place(ds);
    e->page = cp_path_relative(x->outdir, page_dir);
    e->source = cp_xstrdup(ds->path);
    e->yaml = cp_path_relative(x->outdir, ds->path);
}

void cp_site_index_add_diff(cp_site_index *x, const cp_dataset *old_ds, const cp_dataset *new_ds, const char *page_dir)
{
    x->d = cp_xrealloc(x->d, (x->nd + 1) * sizeof *x->d);
    diff *d = &x->d[x->nd++];
    d->series = text_or_empty(new_ds, "series");
    d->slug = text_or_empty(new_ds, "library.slug");
    d->library = text_or_empty(new_ds, "library.name");
    d->from = text_or_empty(old_ds, "library.version");
    d->to = text_or_empty(new_ds, "library.version");
    d->counts = cp_xstrdup(cp_count_name(cp_diff_count(old_ds->doc.root, new_ds->doc.root)));
    d->page = cp_path_relative(x->outdir, page_dir);
}

void cp_site_index_add_series_page(cp_site_index *x, const cp_dataset *one, const char *name, const char *dir)
{
    x->s = cp_xrealloc(x->s, (x->ns + 1) * sizeof *x->s);
    series_page *p = &x->s[x->ns++];
    p->series = text_or_empty(one, "series");
    p->place = cp_site_place(one);
    p->name = cp_xstrdup(name);
    char *rel = cp_path_relative(x->outdir, dir);
    p->page = cp_xasprintf("%s/%s.md", rel, name);
    free(rel);
}

static int series_page_cmp(const void *pa, const void *pb)
{
    const series_page *a = pa, *b = pb;
    int c = strcmp(a->series, b->series);
    return c ? c : strcmp(a->name, b->name);
}

void cp_site_index_add_cores(cp_site_index *x, const cp_dataset *cores_ds, const char *page_dir)
{
    x->c = cp_xrealloc(x->c, (x->nc + 1) * sizeof *x->c);
    cores_page *c = &x->c[x->nc++];
    c->slug = text_or_empty(cores_ds, "library.slug");
    c->library = text_or_empty(cores_ds, "library.name");
    c->version = text_or_empty(cores_ds, "library.version");
    /* the cores named in the header, in column order; those with
     * estimated cycles apart */
    cp_buf b = { 0 }, est = { 0 };
    cp_buf_puts(&b, "");
    const cp_node *list = cp_dataset_node(cores_ds, "cores");
    for (size_t i = 0; list && list->kind == CP_SEQ && i < list->count; i++) {
        const char *core = cp_scalar(cp_map_get(list->items[i], "core"));
        const char *cycles = cp_scalar(cp_map_get(list->items[i], "cycles"));
        cp_buf_printf(&b, "%s%s", i ? ", " : "", core ? core : "?");
        if (cycles && !strcmp(cycles, "modelled"))
            cp_buf_printf(&est, "%s%s", est.len ? ", " : "", core ? core : "?");
    }
    c->cores = cp_xstrdup(b.data);
    c->estimated = est.data;
    cp_buf_free(&b);
    c->page = cp_path_relative(x->outdir, page_dir);
}

static int cores_cmp(const void *pa, const void *pb)
{
    const cores_page *a = pa, *b = pb;
    int c = strcmp(a->slug, b->slug);
    return c ? c : cp_version_cmp(a->version, b->version);
}

static int entry_cmp(const void *pa, const void *pb)
{
    const entry *a = pa, *b = pb;
    int c = strcmp(a->series, b->series);
    if (!c)
        c = strcmp(a->slug, b->slug);
    if (!c)
        c = cp_version_cmp(a->version, b->version);
    return c ? c : strcmp(a->page, b->page);
}

/* library versions: by library, then version */
static int column_cmp(const void *pa, const void *pb)
{
    const entry *a = *(const entry *const *)pa, *b = *(const entry *const *)pb;
    int c = strcmp(a->slug, b->slug);
    return c ? c : cp_version_cmp(a->version, b->version);
}

static int diff_cmp(const void *pa, const void *pb)
{
    const diff *a = pa, *b = pb;
    int c = strcmp(a->series, b->series);
    if (!c)
        c = strcmp(a->slug, b->slug);
    if (!c)
        c = cp_version_cmp(a->to, b->to);
    return c ? c : cp_version_cmp(a->from, b->from);
}

/* The diff page whose new side is e, or NULL. */
static const diff *diff_to(const cp_site_index *x, const entry *e)
{
    for (size_t i = 0; i < x->nd; i++)
        if (!strcmp(x->d[i].series, e->series) && !strcmp(x->d[i].slug, e->slug) && !strcmp(x->d[i].to, e->version))
            return &x->d[i];
    return NULL;
}

static void put_field(cp_buf *b, const char *key, const char *value, int first)
{
    cp_buf_printf(b, "%s%s: ", first ? "" : ", ", key);
    cp_yaml_put_string(b, value, strlen(value));
}

/* The header the index layout reads (templates/README.md, "The site index"). */
static void header_yaml(cp_site_index *x, cp_buf *y)
{
    qsort(x->e, x->n, sizeof *x->e, entry_cmp);
    if (x->nd)
        qsort(x->d, x->nd, sizeof *x->d, diff_cmp);
    cp_buf_puts(y, "datasets:\n");
    for (size_t i = 0; i < x->n; i++) {
        const entry *e = &x->e[i];
        cp_buf_puts(y, "  - {");
        put_field(y, "series", e->series, 1);
        put_field(y, "place", e->place, 0);
        put_field(y, "library", e->library, 0);
        put_field(y, "version", e->version, 0);
        put_field(y, "counter", e->counter, 0);
        put_field(y, "page", e->page, 0);
        put_field(y, "source", e->source, 0);
        put_field(y, "yaml", e->yaml, 0);
        const diff *d = diff_to(x, e);
        if (d) {
            put_field(y, "diff_from", d->from, 0);
            put_field(y, "diff_page", d->page, 0);
        }
        cp_buf_puts(y, "}\n");
    }
    const entry **cols = cp_xcalloc(x->n ? x->n : 1, sizeof *cols);
    for (size_t i = 0; i < x->n; i++)
        cols[i] = &x->e[i];
    qsort(cols, x->n, sizeof *cols, column_cmp);
    cp_buf_puts(y, "library_versions:\n");
    for (size_t i = 0; i < x->n; i++) {
        if (i && column_cmp(&cols[i - 1], &cols[i]) == 0)
            continue;
        cp_buf_puts(y, "  - {");
        put_field(y, "library", cols[i]->library, 1);
        put_field(y, "version", cols[i]->version, 0);
        cp_buf_puts(y, "}\n");
    }
    free(cols);
    /* the kinds of count the pages lead with, each once, in a fixed order
     * (`::if $counts=cycles_estimated`) */
    static const cp_field kinds[] = { CP_F_CYCLES, CP_F_CYCLES_ESTIMATED, CP_F_INSTRUCTIONS, CP_F_COUNT };
    cp_buf_puts(y, "counts: [");
    for (size_t k = 0, n = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        size_t i = 0;
        while (i < x->n && strcmp(x->e[i].counter, cp_count_name(kinds[k])))
            i++;
        if (i < x->n)
            cp_buf_printf(y, "%s%s", n++ ? ", " : "", cp_count_name(kinds[k]));
    }
    cp_buf_puts(y, "]\n");
    if (x->nd)
        cp_buf_puts(y, "diffs:\n");
    for (size_t i = 0; i < x->nd; i++) {
        const diff *d = &x->d[i];
        cp_buf_puts(y, "  - {");
        put_field(y, "series", d->series, 1);
        put_field(y, "library", d->library, 0);
        put_field(y, "from", d->from, 0);
        put_field(y, "to", d->to, 0);
        put_field(y, "counts", d->counts, 0);
        put_field(y, "page", d->page, 0);
        cp_buf_puts(y, "}\n");
    }
    if (x->ns) {
        qsort(x->s, x->ns, sizeof *x->s, series_page_cmp);
        cp_buf_puts(y, "series_pages:\n");
    }
    for (size_t i = 0; i < x->ns; i++) {
        cp_buf_puts(y, "  - {");
        put_field(y, "series", x->s[i].series, 1);
        put_field(y, "place", x->s[i].place, 0);
        put_field(y, "name", x->s[i].name, 0);
        put_field(y, "page", x->s[i].page, 0);
        cp_buf_puts(y, "}\n");
    }
    if (x->nc) {
        qsort(x->c, x->nc, sizeof *x->c, cores_cmp);
        cp_buf_puts(y, "cores_pages:\n");
    }
    for (size_t i = 0; i < x->nc; i++) {
        const cores_page *c = &x->c[i];
        cp_buf_puts(y, "  - {");
        put_field(y, "library", c->library, 1);
        put_field(y, "version", c->version, 0);
        put_field(y, "cores", c->cores, 0);
        if (c->estimated)
            put_field(y, "estimated", c->estimated, 0);
        put_field(y, "page", c->page, 0);
        cp_buf_puts(y, "}\n");
    }
}

int cp_site_index_write(cp_site_index *x, const char *templates, cp_output *o, cp_diag *diag)
{
    cp_buf y = { 0 };
    cp_buf_puts(&y, "");
    header_yaml(x, &y);
    cp_dataset ds;
    memset(&ds, 0, sizeof ds);
    ds.path = cp_xasprintf("%s/index (the site index header)", x->outdir);
    int rc = cp_doc_load_mem(&ds.doc, ds.path, y.data, y.len, diag->out);
    cp_buf_free(&y);
    cp_layout l;
    if (rc == 0)
        rc = cp_layout_load(&l, templates, "index", diag);
    else
        memset(&l, 0, sizeof l);
    if (rc == 0)
        rc = cp_output_page(o, &l, &ds, x->outdir, "index", NULL, diag);
    cp_layout_free(&l);
    cp_dataset_free(&ds);
    return rc;
}
