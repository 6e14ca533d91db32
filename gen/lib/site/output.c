/* What one run writes (output.h): pages streamed into staged files, their
 * charts queued on the run's gnuplot processes in the order of the page's
 * tables. */
#include "site/output.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/path_rel.h"
#include "base/util.h"
#include "page/page_unshown.h"
#include "render/page_write.h"
#include "render/render.h"

struct cp_output {
    char *root;                /* every file of the run is under it */
    cp_stage *stage;
    cp_chart_cache *cache;     /* or NULL */
    unsigned chart_jobs;       /* 0: one per core */
    cp_gnuplot *gnuplot;       /* started at the first chart */
    char **pages;              /* the pages of the run, every format (staged as they are made) */
    unsigned char (*page_hashes)[CP_CHART_KEY_BYTES];   /* of each page as written, for the cache */
    size_t npages;
    int pages_failed;          /* a page could not be staged */
    char **charts;             /* the chart files of the run */
    size_t ncharts;
    int charts_failed;
    cp_span chart;             /* time spent drawing, inside the time of the pages */
    size_t unshown;            /* results on no table of their dataset's page */
    char *site_root;           /* the site's folder (pages know their place in it), or NULL */
};

cp_output *cp_output_new(const char *root, cp_stage *stage, cp_chart_cache *cache, unsigned chart_jobs)
{
    cp_output *o = cp_xcalloc(1, sizeof *o);
    o->root = cp_xstrdup(root);
    o->stage = stage;
    o->cache = cache;
    o->chart_jobs = chart_jobs;
    return o;
}

/* The check at the point of writing: a path made of data stays under the
 * run's folder, whatever the schema allowed. 0, or -1 after a message. */
static int outside(const cp_output *o, const char *path)
{
    if (cp_path_inside(o->root, path))
        return 0;
    fprintf(stderr, "%s: cannot write: expected a path inside the output folder %s (a name made of the data has an "
            "empty, '.' or '..' part)\n", path, o->root);
    return -1;
}

/* Charts through the run's gnuplot processes, into dir; 0, or -1 after a
 * message naming the chart. */
static int draw_list(cp_output *o, cp_chart_list *charts, const cp_layout *l, const char *dir)
{
    for (size_t i = 0; i < charts->n; i++) {
        char *path = cp_xasprintf("%s/%s", dir, charts->items[i]->file);
        int out = outside(o, path);
        free(path);
        if (out)
            return o->charts_failed = 1, -1;
        if (!o->gnuplot) {
            if (!(o->gnuplot = cp_gnuplot_start("gnuplot", o->stage, stderr)))
                return o->charts_failed = 1, -1;
            if (o->chart_jobs)
                cp_gnuplot_workers(o->gnuplot, o->chart_jobs);
            if (o->cache)
                cp_gnuplot_use_cache(o->gnuplot, o->cache);
        }
        cp_chart *c = charts->items[i];
        c->group_min = l->group_min;
        if (cp_gnuplot_render(o->gnuplot, c, dir) != 0)
            o->charts_failed = 1;
        cp_chart_drop_data(c);   /* its script is made: the page needs only its name and title */
        o->charts = cp_xrealloc(o->charts, (o->ncharts + 1) * sizeof *o->charts);
        o->charts[o->ncharts++] = cp_xasprintf("%s/%s", dir, c->file);
    }
    return o->charts_failed ? -1 : 0;
}

/* The charts of a page's tables from table `next` on, in table order,
 * while they are built: a table whose charts are not built yet stops it,
 * so the charts are drawn, and their names taken (" (2)"), in the order of
 * the page's tables however early each was built. */
typedef struct {
    cp_output *o;
    const char *dir;
    size_t next;
    int rc;
} page_drawing;

static void draw_from(page_drawing *d, cp_page *page, int all)
{
    cp_span t = cp_span_now();
    for (; page->charts && d->next < page->ntables && (all || page->charts[d->next].built); d->next++)
        if (draw_list(d->o, &page->charts[d->next], page->layout, d->dir) != 0)
            d->rc = -1;
    cp_span_add(&d->o->chart, t);
}

static void draw_built(void *arg, cp_page *page)
{
    draw_from(arg, page, 0);
}

/* A page on its way: its staged file (none for a page of a run that
 * failed already: dropped) and the hash of what is written. */
typedef struct {
    cp_stage_file *f;
    cp_content_hash *hash;
} page_sink;

static void stage_put(void *arg, const char *data, size_t len)
{
    page_sink *p = arg;
    cp_content_hash_put(p->hash, data, len);
    if (p->f)
        cp_stage_write(p->f, data, len);   /* a failure is told, and counted, at close */
}

/* The page in every format: DIR/<base>.<ext>, each streamed into its
 * staged file (renamed after the charts). The page's tables are gone
 * after (freed as the last format is written). */
static void write_page(cp_output *o, cp_page *page, const char *dir, const char *base)
{
    size_t rl = o->site_root ? strlen(o->site_root) : 0;
    if (o->site_root && !strncmp(dir, o->site_root, rl) && (dir[rl] == '/' || !dir[rl]))
        page->site_dir = dir[rl] ? dir + rl + 1 : "";
    for (size_t i = 0; i < CP_NWRITERS; i++) {
        o->pages = cp_xrealloc(o->pages, (o->npages + 1) * sizeof *o->pages);
        o->page_hashes = cp_xrealloc(o->page_hashes, (o->npages + 1) * sizeof *o->page_hashes);
        size_t at = o->npages++;
        const char *path = o->pages[at] = cp_xasprintf("%s/%s.%s", dir, base, cp_writers[i]->ext);
        cp_stage_file *f = o->pages_failed || outside(o, path) ? NULL : cp_stage_open(o->stage, path, 1, stderr);
        if (!f)
            o->pages_failed = 1;
        page_sink p = { f, cp_content_hash_begin() };
        cp_sink sink = { stage_put, &p };
        cp_page_stream(page, cp_writers[i], i + 1 == CP_NWRITERS, &sink);
        cp_content_hash_end(p.hash, o->page_hashes[at]);
        if (f && cp_stage_close(f))
            o->pages_failed = 1;
    }
}

/* unshown: 0 pages that show a selection of ds by design (a summary, a
 * comparison), else 1 to warn of its results on no table, 2 to fail */
static int output_page(cp_output *o, const cp_layout *l, const cp_dataset *ds, const char *dir, const char *base,
                       const char *nav, cp_diag *diag, int unshown)
{
    cp_page page;
    /* the charts are drawn while the rest of the page is built */
    page_drawing d = { o, dir, 0, 0 };
    int rc = cp_page_build_drawing(&page, l, ds, diag, draw_built, &d);
    size_t n = rc == 0 && unshown ? cp_page_report_unshown(&page, ds, diag, unshown == 2) : 0;
    o->unshown += n;
    if (n && unshown == 2)
        rc = -1;
    if (rc == 0) {
        draw_from(&d, &page, 1);   /* tables not shown: none */
        rc = d.rc;
    }
    if (rc == 0) {
        cp_page_insert_nav(&page, nav);
        write_page(o, &page, dir, base);
    }
    cp_page_free(&page);
    return rc;
}

int cp_output_page(cp_output *o, const cp_layout *l, const cp_dataset *ds, const char *dir, const char *base,
                   const char *nav, cp_diag *diag)
{
    return output_page(o, l, ds, dir, base, nav, diag, 0);
}

int cp_output_dataset_page(cp_output *o, const cp_layout *l, const cp_dataset *ds, const char *dir, const char *nav,
                           cp_diag *diag, int strict)
{
    return output_page(o, l, ds, dir, "index", nav, diag, strict ? 2 : 1);
}

void cp_output_set_root(cp_output *o, const char *root)
{
    free(o->site_root);
    o->site_root = root ? cp_xstrdup(root) : NULL;
}

int cp_output_built_page(cp_output *o, cp_page *page, const char *dir, const char *base, const char *nav)
{
    page_drawing d = { o, dir, 0, 0 };
    cp_page_insert_nav(page, nav);
    draw_from(&d, page, 1);
    write_page(o, page, dir, base);
    cp_page_free(page);
    return d.rc;
}

size_t cp_output_unshown(const cp_output *o)
{
    return o->unshown;
}

int cp_output_finish(cp_output *o, cp_gnuplot_stats *drawn)
{
    if (drawn)
        *drawn = (cp_gnuplot_stats){ 0, 0 };
    int rc = o->pages_failed || o->charts_failed ? -1 : 0;
    if (o->gnuplot && cp_gnuplot_finish(o->gnuplot, drawn) < 0)
        rc = -1;
    return rc;
}

const char *const *cp_output_pages(const cp_output *o, size_t *n)
{
    *n = o->npages;
    return (const char *const *)o->pages;
}

const unsigned char *cp_output_page_hash(const cp_output *o, size_t i)
{
    return o->page_hashes[i];
}

const char *const *cp_output_charts(const cp_output *o, size_t *n)
{
    *n = o->ncharts;
    return (const char *const *)o->charts;
}

cp_span cp_output_chart_time(const cp_output *o)
{
    return o->chart;
}

void cp_output_end(cp_output *o, int placed)
{
    cp_gnuplot_free(o->gnuplot, placed);
    o->gnuplot = NULL;
}

void cp_output_free(cp_output *o)
{
    if (!o)
        return;
    cp_output_end(o, 0);
    for (size_t i = 0; i < o->npages; i++)
        free(o->pages[i]);
    free(o->pages);
    free(o->page_hashes);
    for (size_t i = 0; i < o->ncharts; i++)
        free(o->charts[i]);
    free(o->charts);
    free(o->root);
    free(o->site_root);
    free(o);
}
