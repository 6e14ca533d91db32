/* cryptoperf render: datasets -> site/<series>/<library>-<version>/index.*
 * Everything is checked and built in memory first; files are staged only
 * when every dataset and template was good, and renamed into place when
 * all were written (stage.h). */
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../cli/commands.h"   /* for one commit: the command moves to gen/cli/ in the next */
#include "base/datadir.h"
#include "base/span.h"
#include "base/stage.h"
#include "chart/gnuplot.h"
#include "data/dataset.h"
#include "data/schema.h"
#include "diff/diff.h"
#include "diff/diff_page.h"
#include "model/compare.h"
#include "model/cores.h"
#include "page/layout.h"
#include "page/page.h"
#include "render/page_write.h"
#include "render/render.h"
#include "site/prune.h"
#include "site/run_key.h"
#include "site/site_index.h"

static const char usage[] =
    "usage: cryptoperf render [--data DIR] [--templates DIR] [--out DIR] [--schema FILE] [--timing]\n"
    "                         [--prune] [--chart-cache FILE] [--chart-jobs N] [DATASET...]\n"
    "\n"
    "Writes the pages of each DATASET (a dataset.yaml; default: every\n"
    "DIR/<series>/<library>-<version>/dataset.yaml of --data) as\n"
    "  OUT/<series>/<library.slug>-<lower-case library.version>/index.wiki  (MediaWiki)\n"
    "  OUT/<series>/<library.slug>-<lower-case library.version>/index.md    (GitHub Markdown)\n"
    "  OUT/<series>/<library.slug>-<lower-case library.version>/index.html  (standalone HTML)\n"
    "  OUT/<series>/<library.slug>-<lower-case library.version>/*.svg       (charts)\n"
    "and, for every two consecutive versions of one library on one series\n"
    "(versions ordered as numbers: 2.28.3 < 3.6.6 < 10.0), their diff page\n"
    "  OUT/<series>/diff-<library.slug>-<old version>-to-<new version>/index.*\n"
    "with the default thresholds of `cryptoperf diff`. A layout can add pages:\n"
    "its `companions:` next to each dataset's page (the ST layout: summary.*,\n"
    "the whole library in the Cyclone layout), its `series_pages:` once per\n"
    "series with two or more of its datasets (the ST layout: OUT/<series>/\n"
    "compare.*, the library versions side by side), its `library_pages:` once\n"
    "per library version with datasets on two or more series (the ST layout:\n"
    "OUT/cores/<library.slug>-<version>/index.*, one column per core). Pages go through the\n"
    "layout the dataset names (`layout:`), i.e. the templates in\n"
    "TEMPLATES/<layout>/page.md and tables.yaml, HTML styled by\n"
    "TEMPLATES/html.css (see templates/README.md). Then the site index\n"
    "OUT/index.wiki, index.md and index.html (layout TEMPLATES/index): the\n"
    "pages of this run, the datasets in a matrix series x library version.\n"
    "Wiki links name pages \"" CP_WIKI_TITLE_PREFIX "<series>/<folder>\", as cryptoperf\n"
    "publish does.\n"
    "Each dataset is validated first (as `cryptoperf validate` does); when any\n"
    "dataset or template has a problem, every problem is reported and nothing\n"
    "is written. Every file of the run is staged beside its destination and\n"
    "all are renamed into place only when every one was written (a late\n"
    "failure changes nothing); unchanged files are left untouched; the output\n"
    "is byte-identical for the same input.\n"
    "The charts of the tables (`chart:` in tables.yaml) are drawn by gnuplot\n"
    "processes kept for the whole run (gnuplot must be on PATH); a chart\n"
    "with more bars than can be read is drawn in parts (\"... part 2.svg\").\n"
    "\n"
    "options:\n"
    "  --data DIR       datasets to render when none is named (default: data)\n"
    "  --templates DIR  layouts (default: templates in the current folder, else\n"
    "                   the installed ones)\n"
    "  --out DIR        output folder (default: site)\n"
    "  --schema FILE    the schema (default: $CRYPTOPERF_SCHEMA, else\n"
    "                   schema/dataset.schema.json in the current folder,\n"
    "                   else the installed one)\n"
    "  --prune          then delete the .wiki, .md, .html and .svg files under\n"
    "                   OUT that this run did not write (pages of removed\n"
    "                   datasets, charts of rows that are gone) and folders\n"
    "                   left empty, so OUT is exactly what the data makes;\n"
    "                   only without DATASET arguments\n"
    "  --chart-cache FILE\n"
    "                   remember in FILE how each chart was drawn, and do not\n"
    "                   draw again a chart whose file is still what drawing it\n"
    "                   would give (same data, texts, cryptoperf and gnuplot);\n"
    "                   the output is the same with or without it. One FILE\n"
    "                   per OUT (make site uses build/chart-cache). FILE also\n"
    "                   keeps a hash of the run's inputs (datasets, templates,\n"
    "                   schema, cryptoperf, gnuplot, options) and the files\n"
    "                   it left: a run with the same hash whose files are all\n"
    "                   as it left them does nothing\n"
    "  --chart-jobs N   draw with at most N gnuplot processes at once (1 to 8;\n"
    "                   default: one per core); the charts are the same\n"
    "  --timing         print on stderr the time spent loading and validating\n"
    "                   the datasets, building the pages, drawing the charts\n"
    "                   (gnuplot) and writing the files\n"
    "\n"
    "exit status: 0 written, 1 some dataset invalid, 2 usage error, a template\n"
    "problem or a file that cannot be read or written\n";

typedef struct {
    cp_layout **layouts;   /* by page template; pointers stay valid as it grows */
    size_t nlayouts;
    char **out;            /* the pages of the run (staged as they are made) */
    size_t nout;
    int out_failed;        /* a page could not be staged */
    cp_site_index *index;   /* every page set of this run */
    cp_dataset *sets;   /* the valid datasets, kept for the diff pages */
    size_t nsets;
    cp_gnuplot *gnuplot;       /* started at the first chart */
    cp_stage *stage;           /* every file of the run, the charts as drawn */
    cp_chart_cache *cache;     /* --chart-cache, or NULL */
    unsigned chart_jobs;       /* --chart-jobs, or 0: one per core */
    char **charts;             /* the chart files of the run (--prune keeps them) */
    size_t ncharts;
    int charts_failed;
    cp_span load, render, chart;   /* --timing */
} job;

/* the layout `name` with its page template `page` (page.md: "page") */
static const cp_layout *layout_for(job *j, const char *templates, const char *name, const char *page, cp_diag *diag)
{
    char *path = cp_xasprintf("%s/%s/%s.md", templates, name, page);
    for (size_t i = 0; i < j->nlayouts; i++)
        if (strcmp(j->layouts[i]->page_path, path) == 0) {
            free(path);
            return j->layouts[i]->page ? j->layouts[i] : NULL;
        }
    free(path);
    j->layouts = cp_xrealloc(j->layouts, (j->nlayouts + 1) * sizeof *j->layouts);
    cp_layout *l = j->layouts[j->nlayouts++] = cp_xcalloc(1, sizeof *l);
    if (cp_layout_load_page(l, templates, name, page, diag) != 0) {
        free(l->page);
        l->page = NULL;   /* remembered as unusable */
        return NULL;
    }
    return l;
}

/* DIR/<base>.<ext>, one of the run's pages (--prune keeps it) */
static const char *out_path(job *j, const char *dir, const char *base, const char *ext)
{
    j->out = cp_xrealloc(j->out, (j->nout + 1) * sizeof *j->out);
    return j->out[j->nout++] = cp_xasprintf("%s/%s.%s", dir, base, ext);
}

/* DIR/index.<ext>, staged at once (renamed after the charts): a page is
 * not kept in memory until the end of the run. */
static void add_output(job *j, const char *dir, const char *ext, cp_buf *content)
{
    const char *path = out_path(j, dir, "index", ext);
    if (!j->out_failed && cp_stage_add_after(j->stage, path, content->data ? content->data : "", content->len, stderr))
        j->out_failed = 1;
    cp_buf_free(content);
}

/* Charts through the run's gnuplot processes, into dir; 0, or -1 after a
 * message naming the chart. */
static int draw_list(job *j, cp_chart_list *charts, const cp_layout *l, const char *dir)
{
    for (size_t i = 0; i < charts->n; i++) {
        if (!j->gnuplot) {
            if (!(j->gnuplot = cp_gnuplot_start("gnuplot", j->stage, stderr)))
                return j->charts_failed = 1, -1;
            if (j->chart_jobs)
                cp_gnuplot_workers(j->gnuplot, j->chart_jobs);
            if (j->cache)
                cp_gnuplot_use_cache(j->gnuplot, j->cache);
        }
        cp_chart *c = charts->items[i];
        c->group_min = l->group_min;
        if (cp_gnuplot_render(j->gnuplot, c, dir) != 0)
            j->charts_failed = 1;
        cp_chart_drop_data(c);   /* its script is made: the page needs only its name and title */
        j->charts = cp_xrealloc(j->charts, (j->ncharts + 1) * sizeof *j->charts);
        j->charts[j->ncharts++] = cp_xasprintf("%s/%s", dir, c->file);
    }
    return j->charts_failed ? -1 : 0;
}

/* The charts of a page's tables from table `next` on, in table order,
 * while they are built: a table whose charts are not built yet stops it,
 * so the charts are drawn, and their names taken (" (2)"), in the order of
 * the page's tables however early each was built. */
typedef struct {
    job *j;
    const cp_layout *l;
    const char *dir;
    size_t next;
    int rc;
} page_drawing;

static void draw_built(void *arg, cp_page *page)
{
    page_drawing *d = arg;
    cp_span t = cp_span_now();
    for (; page->charts && d->next < page->ntables && page->charts[d->next].built; d->next++)
        if (draw_list(d->j, &page->charts[d->next], d->l, d->dir) != 0)
            d->rc = -1;
    cp_span_add(&d->j->chart, t);
}

/* The page's charts, through the run's gnuplot processes, into the page's
 * folder; 0, or -1 after a message naming the chart. */
static int draw_charts(job *j, const cp_page *page, const cp_layout *l, const char *dir)
{
    int rc = 0;
    for (size_t t = 0; page->charts && t < page->ntables; t++)
        rc |= draw_list(j, &page->charts[t], l, dir);
    return rc;
}

/* into a staged file; none (a page of a run that failed already): dropped */
static void stage_put(void *arg, const char *data, size_t len)
{
    if (arg)
        cp_stage_write(arg, data, len);   /* a failure is told, and counted, at close */
}

/* The page in every format: DIR/<base>.<ext>, each streamed into its
 * staged file (renamed after the charts): a page of 10^6 results is never
 * whole in memory. The page's tables are gone after (freed as the last
 * format is written). */
static void write_page(job *j, cp_page *page, const char *dir, const char *base)
{
    for (size_t i = 0; i < CP_NWRITERS; i++) {
        const char *path = out_path(j, dir, base, cp_writers[i]->ext);
        cp_stage_file *f = j->out_failed ? NULL : cp_stage_open(j->stage, path, 1, stderr);
        if (!f)
            j->out_failed = 1;
        cp_sink sink = { stage_put, f };
        cp_page_stream(page, cp_writers[i], i + 1 == CP_NWRITERS, &sink);
        if (f && cp_stage_close(f))
            j->out_failed = 1;
    }
}

/* The page of layout l for ds in every format: DIR/<base>.<ext>.
 * 0, or -1 after reporting template problems. */
static int add_page(job *j, const cp_layout *l, const cp_dataset *ds, const char *dir, const char *base, cp_diag *diag)
{
    cp_page page;
    /* the charts are drawn while the rest of the page is built */
    page_drawing d = { j, l, dir, 0, 0 };
    int rc = cp_page_build_drawing(&page, l, ds, diag, draw_built, &d);
    if (rc == 0) {
        cp_span t = cp_span_now();
        for (; page.charts && d.next < page.ntables; d.next++)   /* tables not shown: none */
            if (draw_list(j, &page.charts[d.next], l, dir) != 0)
                d.rc = -1;
        cp_span_add(&j->chart, t);
        rc = d.rc;
    }
    if (rc == 0)
        write_page(j, &page, dir, base);
    cp_page_free(&page);
    return rc;
}

/* The layout and page template an entry of `companions:` or
 * `series_pages:` names ({layout, page}), or NULL after reporting. */
static const cp_layout *page_spec_layout(job *j, const char *templates, const cp_node *spec, cp_diag *diag)
{
    const char *name = cp_scalar(cp_map_get(spec, "layout")), *page = cp_scalar(cp_map_get(spec, "page"));
    if (!name || !page || strchr(name, '/') || strchr(page, '/')) {
        cp_diag_node(diag, spec, NULL, "expected {layout: NAME, page: NAME} (names without '/'), found something else");
        return NULL;
    }
    return layout_for(j, templates, name, page, diag);
}

/* The companion pages of a dataset (its layout's `companions:`, e.g. the
 * summary of an ST dataset in the Cyclone layout): DIR/<name>.<ext>. */
static int add_companions(job *j, const cp_layout *l, const cp_dataset *ds, const char *templates, const char *dir,
                          cp_diag *diag)
{
    const cp_node *c = l->companions;
    for (size_t i = 0; c && i < c->count; i++) {
        const cp_layout *cl = page_spec_layout(j, templates, c->items[i], diag);
        if (!cl || add_page(j, cl, ds, dir, c->keys[i]->text, diag) != 0)
            return -1;
    }
    return 0;
}

/* A dataset's style: rewords only what the layouts of its pages have (its
 * layout and its companions'); a misspelt word is invalid data. */
static int check_style(job *j, const cp_layout *l, const char *templates, const cp_node *style, cp_diag *diag)
{
    const cp_node *c = l->companions;
    size_t n = 0;
    const cp_layout **used = cp_xcalloc(1 + (c ? c->count : 0), sizeof *used);
    used[n++] = l;
    for (size_t i = 0; c && i < c->count; i++) {
        const cp_layout *cl = page_spec_layout(j, templates, c->items[i], diag);
        if (cl)
            used[n++] = cl;
    }
    int rc = cp_layout_check_style(used, n, style, diag);
    free(used);
    return rc;
}

static char *lower(const char *s)
{
    char *t = cp_xstrdup(s);
    for (char *p = t; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return t;
}

/* OUT/<series>/<slug>-<lower(version)>, from the dataset's own header */
static char *page_dir(const cp_dataset *ds, const char *outdir)
{
    char *version = lower(cp_dataset_text(ds, "library.version"));
    char *dir = cp_xasprintf("%s/%s/%s-%s", outdir, cp_dataset_text(ds, "series"), cp_dataset_text(ds, "library.slug"),
                             version);
    free(version);
    return dir;
}

/* 0 ok, CP_EXIT_INVALID or CP_EXIT_USAGE */
static int render_one(job *j, const char *path, const cp_schema *schema, const char *templates, const char *outdir)
{
    cp_diag diag = { .out = stderr };
    cp_dataset ds;
    cp_span t0 = cp_span_now();
    int rc = cp_dataset_load(&ds, path, schema, &diag);
    diag.data_file = ds.doc.file;   /* a page that fails on a value of it: invalid data */
    cp_span t1 = cp_span_now();
    cp_span_add(&j->load, t0);
    if (rc != 0) {
        cp_dataset_free(&ds);
        return rc == -2 ? CP_EXIT_USAGE : CP_EXIT_INVALID;
    }
    const cp_layout *l = layout_for(j, templates, cp_dataset_text(&ds, "layout"), "page", &diag);
    int status = CP_EXIT_USAGE;
    char *dir = page_dir(&ds, outdir);
    const cp_node *style = cp_dataset_node(&ds, "style");
    if (l && style && check_style(j, l, templates, style, &diag) != 0) {
        status = CP_EXIT_INVALID;
    } else if (l && add_page(j, l, &ds, dir, "index", &diag) == 0 &&
               add_companions(j, l, &ds, templates, dir, &diag) == 0) {
        cp_site_index_add(j->index, &ds, dir);
        status = CP_EXIT_OK;
    } else if (diag.data_errors) {
        status = CP_EXIT_INVALID;
    }
    free(dir);
    cp_span_add(&j->render, t1);
    if (status == CP_EXIT_OK) {
        j->sets = cp_xrealloc(j->sets, (j->nsets + 1) * sizeof *j->sets);
        j->sets[j->nsets++] = ds;
    } else {
        cp_dataset_free(&ds);
    }
    return status;
}

static int by_library_version(const void *pa, const void *pb)
{
    const cp_dataset *a = pa, *b = pb;
    static const char *const keys[] = { "series", "library.slug" };
    for (size_t i = 0; i < 2; i++) {
        int c = strcmp(cp_dataset_text(a, keys[i]), cp_dataset_text(b, keys[i]));
        if (c)
            return c;
    }
    return cp_version_cmp(cp_dataset_text(a, "library.version"), cp_dataset_text(b, "library.version"));
}

static int same_library(const cp_dataset *a, const cp_dataset *b)
{
    return !strcmp(cp_dataset_text(a, "series"), cp_dataset_text(b, "series")) &&
           !strcmp(cp_dataset_text(a, "library.slug"), cp_dataset_text(b, "library.slug"));
}

/* A diff page for every two consecutive versions of a library on a series,
 * so each release shows what got faster, slower, bigger or smaller. */
static int add_diff_pages(job *j, const char *templates, const char *outdir)
{
    qsort(j->sets, j->nsets, sizeof *j->sets, by_library_version);
    cp_diff_thresholds th;
    cp_diff_thresholds_default(&th);
    int status = CP_EXIT_OK;
    for (size_t i = 1; i < j->nsets; i++) {
        const cp_dataset *old_ds = &j->sets[i - 1], *new_ds = &j->sets[i];
        if (!same_library(old_ds, new_ds))
            continue;
        cp_diag diag = { .out = stderr };
        const cp_layout *l = layout_for(j, templates, cp_dataset_text(new_ds, "layout"), "page", &diag);
        if (!l) {
            status = CP_EXIT_USAGE;
            continue;
        }
        cp_diff d;
        cp_diff_compute(&d, old_ds->results, old_ds->nresults, new_ds->results, new_ds->nresults, &th);
        char *v1 = lower(cp_dataset_text(old_ds, "library.version"));
        char *v2 = lower(cp_dataset_text(new_ds, "library.version"));
        char *dir = cp_xasprintf("%s/%s/diff-%s-%s-to-%s", outdir, cp_dataset_text(new_ds, "series"),
                                 cp_dataset_text(new_ds, "library.slug"), v1, v2);
        cp_page page;
        cp_diff_page_build(&page, &d, old_ds, new_ds, &th, l, 1);
        cp_span t = cp_span_now();
        if (draw_charts(j, &page, l, dir) != 0)
            status = CP_EXIT_USAGE;
        cp_span_add(&j->chart, t);
        write_page(j, &page, dir, "index");
        cp_page_free(&page);
        cp_site_index_add_diff(j->index, old_ds, new_ds, dir);
        free(dir);
        free(v1);
        free(v2);
        cp_diff_free(&d);
    }
    return status;
}

/* The pages of a series (`series_pages:` of a layout, e.g. the comparison
 * across library versions): OUT/<series>/<name>.<ext>, for every series
 * with at least two datasets of that layout. j->sets is sorted by series,
 * library and version (add_diff_pages), which is the column order. */
static int add_series_pages(job *j, const char *templates, const char *outdir)
{
    int status = CP_EXIT_OK;
    const cp_dataset **group = cp_xcalloc(j->nsets ? j->nsets : 1, sizeof *group);
    for (size_t i = 0, end; i < j->nsets; i = end) {
        const char *series = cp_dataset_text(&j->sets[i], "series");
        for (end = i; end < j->nsets && !strcmp(cp_dataset_text(&j->sets[end], "series"), series); end++)
            ;
        /* each layout of the series once, with its datasets */
        for (size_t k = i; k < end; k++) {
            const char *lname = cp_dataset_text(&j->sets[k], "layout");
            int seen = 0;
            for (size_t m = i; m < k; m++)
                seen |= !strcmp(cp_dataset_text(&j->sets[m], "layout"), lname);
            cp_diag diag = { .out = stderr };
            const cp_layout *l = seen ? NULL : layout_for(j, templates, lname, "page", &diag);
            const cp_node *pages = l ? cp_map_get(l->spec.root, "series_pages") : NULL;
            size_t n = 0;
            for (size_t m = k; pages && m < end; m++)
                if (!strcmp(cp_dataset_text(&j->sets[m], "layout"), lname))
                    group[n++] = &j->sets[m];
            for (size_t p = 0; n >= 2 && pages->kind == CP_MAP && p < pages->count; p++) {
                const cp_layout *pl = page_spec_layout(j, templates, pages->items[p], &diag);
                cp_dataset cmp;
                int rc = pl ? cp_compare_build(&cmp, group, n, &diag) : -1;
                char *dir = cp_xasprintf("%s/%s", outdir, series);
                if (rc != 0 || add_page(j, pl, &cmp, dir, pages->keys[p]->text, &diag) != 0)
                    status = CP_EXIT_USAGE;
                free(dir);
                if (pl)
                    cp_dataset_free(&cmp);
            }
        }
    }
    free(group);
    return status;
}

/* The pages of a library version across series (`library_pages:` of a
 * layout, e.g. the cross-core page): OUT/cores/<slug>-<version>/index.<ext>,
 * for every library version with datasets of that layout on at least two
 * series (those counting the entry's `counter:` kind when it names one), in
 * series order (j->sets is sorted by series, library, version). */
static int same_version(const cp_dataset *a, const cp_dataset *b)
{
    static const char *const keys[] = { "layout", "library.slug", "library.version" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const char *x = cp_dataset_text(a, keys[i]), *y = cp_dataset_text(b, keys[i]);
        if (!x || !y || strcmp(x, y))
            return 0;
    }
    return 1;
}

static int add_library_pages(job *j, const char *templates, const char *outdir)
{
    int status = CP_EXIT_OK;
    const cp_dataset **group = cp_xcalloc(j->nsets ? j->nsets : 1, sizeof *group);
    for (size_t i = 0; i < j->nsets; i++) {
        int seen = 0;
        for (size_t m = 0; m < i && !seen; m++)
            seen = same_version(&j->sets[m], &j->sets[i]);
        cp_diag diag = { .out = stderr };
        const cp_layout *l = seen ? NULL : layout_for(j, templates, cp_dataset_text(&j->sets[i], "layout"), "page", &diag);
        const cp_node *pages = l ? cp_map_get(l->spec.root, "library_pages") : NULL;
        size_t n = 0;
        for (size_t m = i; pages && m < j->nsets; m++)
            if (same_version(&j->sets[i], &j->sets[m]))
                group[n++] = &j->sets[m];
        for (size_t p = 0; n >= 2 && pages->kind == CP_MAP && p < pages->count; p++) {
            /* `counter: KIND` keeps the datasets that count KIND (the
             * cross-core page: instructions, never beside cycles) */
            const char *counter = cp_scalar(cp_map_get(pages->items[p], "counter"));
            const cp_dataset **kept = cp_xcalloc(n, sizeof *kept);
            size_t nk = 0;
            for (size_t m = 0; m < n; m++) {
                const char *kind = cp_dataset_text(group[m], "counter.kind");
                if (!counter || (kind && !strcmp(counter, kind)))
                    kept[nk++] = group[m];
            }
            if (nk < 2) {
                free(kept);
                continue;
            }
            const cp_layout *pl = page_spec_layout(j, templates, pages->items[p], &diag);
            cp_dataset cores;
            int rc = pl ? cp_cores_build(&cores, kept, nk, &diag) : -1;
            char *dir = rc == 0 ? cp_xasprintf("%s/%s/%s", outdir, pages->keys[p]->text, cores.name) : NULL;
            if (rc != 0 || add_page(j, pl, &cores, dir, "index", &diag) != 0)
                status = CP_EXIT_USAGE;
            else
                cp_site_index_add_cores(j->index, &cores, dir);
            free(dir);
            free(kept);
            if (pl && rc == 0)
                cp_dataset_free(&cores);
        }
    }
    free(group);
    return status;
}

/* OUT/index.*: every page set of this run (site_index.h) */
static int add_index(job *j, const char *templates, const char *outdir)
{
    cp_diag diag = { .out = stderr };
    cp_buf b[CP_NWRITERS] = { { 0 } };
    int status = cp_site_index_build(j->index, templates, b, &diag) == 0 ? CP_EXIT_OK : CP_EXIT_USAGE;
    for (size_t i = 0; i < CP_NWRITERS; i++) {
        if (status == CP_EXIT_OK)
            add_output(j, outdir, cp_writers[i]->ext, &b[i]);
        cp_buf_free(&b[i]);
    }
    return status;
}

static void job_free(job *j)
{
    for (size_t i = 0; i < j->nlayouts; i++) {
        cp_layout_free(j->layouts[i]);
        free(j->layouts[i]);
    }
    free(j->layouts);
    for (size_t i = 0; i < j->nout; i++)
        free(j->out[i]);
    free(j->out);
    for (size_t i = 0; i < j->ncharts; i++)
        free(j->charts[i]);
    free(j->charts);
    cp_site_index_free(j->index);
    for (size_t i = 0; i < j->nsets; i++)
        cp_dataset_free(&j->sets[i]);
    free(j->sets);
}

/* --prune: every file of the run (keep) is kept, the rest of its kinds
 * goes. */
static int prune_stale(const char *const *keep, size_t n, const char *outdir)
{
    long removed = cp_prune_stale(outdir, (char **)keep, n, stderr);
    if (removed > 0)
        fprintf(stderr, "cryptoperf render: removed %ld stale file%s under %s\n", removed, removed == 1 ? "" : "s",
                outdir);
    return removed < 0 ? -1 : 0;
}

/* The files of a run that wrote them all: its pages and charts. */
static const char **run_files(const job *j, size_t *n)
{
    const char **keep = cp_xcalloc(j->nout + j->ncharts + 1, sizeof *keep);
    *n = 0;
    for (size_t i = 0; i < j->nout; i++)
        keep[(*n)++] = j->out[i];
    for (size_t i = 0; i < j->ncharts; i++)
        keep[(*n)++] = j->charts[i];
    return keep;
}

/* Nothing changed since the last run (its key and every file it left are
 * the same): nothing to load, build, draw or write. */
static int unchanged_run(const cp_chart_cache *cache, const char *outdir, int prune, int timing, cp_span keying)
{
    size_t charts, n = cp_chart_cache_files(cache, NULL, &charts);
    if (timing)
        fprintf(stderr,
                "timing: nothing changed since the last run (inputs hashed in %.3f s, cpu %.3f s): nothing loaded, "
                "built or written (charts: 0 drawn, %zu unchanged and not drawn)\n",
                keying.wall, keying.cpu, charts);
    if (!prune)
        return CP_EXIT_OK;
    const char **keep = cp_xcalloc(n + 1, sizeof *keep);
    cp_chart_cache_files(cache, keep, &charts);
    int rc = prune_stale(keep, n, outdir);
    free(keep);
    return rc ? CP_EXIT_USAGE : CP_EXIT_OK;
}

static int run(int argc, char **argv)
{
    const char *schema_path = NULL, *data = "data", *templates = NULL, *outdir = "site", *chart_cache = NULL,
               *chart_jobs = NULL;
    int first = 1, timing = 0, prune = 0;
    for (; first < argc && argv[first][0] == '-'; first++) {
        const char *a = argv[first];
        if (!strcmp(a, "--timing")) {
            timing = 1;
            continue;
        }
        if (!strcmp(a, "--prune")) {
            prune = 1;
            continue;
        }
        const char **dst = !strcmp(a, "--schema")        ? &schema_path
                         : !strcmp(a, "--data")          ? &data
                         : !strcmp(a, "--templates")     ? &templates
                         : !strcmp(a, "--out")           ? &outdir
                         : !strcmp(a, "--chart-cache")   ? &chart_cache
                         : !strcmp(a, "--chart-jobs")    ? &chart_jobs
                                                         : NULL;
        if (!strcmp(a, "--")) {
            first++;
            break;
        }
        if (!dst)
            return cp_usage_error("render", "unknown option %s", a);
        if (first + 1 >= argc)
            return cp_usage_error("render", "needs a value after %s", a);
        *dst = argv[++first];
    }
    char *jobs_end = NULL;
    long jobs = chart_jobs ? strtol(chart_jobs, &jobs_end, 10) : 0;
    if (chart_jobs && (jobs_end == chart_jobs || *jobs_end || jobs < 1 || jobs > 8))
        return cp_usage_error("render", "--chart-jobs expects a number from 1 to 8, found '%s'", chart_jobs);
    schema_path = cp_schema_path(schema_path);
    templates = cp_templates_path(templates);
    glob_t g = { 0 };
    char **paths = argv + first;
    size_t npaths = (size_t)(argc - first);
    if (prune && npaths > 0)
        return cp_usage_error("render", "--prune renders every dataset of --data: it takes no DATASET");
    if (npaths == 0) {
        char *pattern = cp_xasprintf("%s/*/*/dataset.yaml", data);
        int grc = glob(pattern, 0, NULL, &g);
        free(pattern);
        if (grc != 0 && grc != GLOB_NOMATCH)
            return cp_usage_error("render", "cannot list the datasets of %s", data);
        if (grc == GLOB_NOMATCH) {
            fprintf(stderr, "cryptoperf render: no dataset in %s\n", data);
            return CP_EXIT_OK;
        }
        paths = g.gl_pathv;
        npaths = g.gl_pathc;
    }
    /* pruning compares the paths this run writes with what it finds */
    char *out_norm = cp_xstrdup(outdir);
    for (size_t n = strlen(out_norm); n > 1 && out_norm[n - 1] == '/'; n--)
        out_norm[n - 1] = '\0';
    outdir = out_norm;
    /* the run's key (run_key.h): the same as the last run's, with every
     * file as that run left it, and there is nothing to do */
    cp_chart_cache *cache = chart_cache ? cp_chart_cache_open(chart_cache, "gnuplot") : NULL;
    const unsigned char *identity = cache ? cp_chart_cache_identity(cache) : NULL;
    unsigned char run_key[CP_CHART_KEY_BYTES];
    cp_span t_key = cp_span_now(), keying = { 0, 0 };
    int keyed = identity && cp_run_key(run_key, identity, outdir, templates, schema_path, paths, npaths) == 0;
    cp_span_add(&keying, t_key);
    if (keyed && cp_chart_cache_run_fresh(cache, run_key)) {
        int rc = unchanged_run(cache, outdir, prune, timing, keying);
        cp_chart_cache_close(cache, 0);
        globfree(&g);
        free(out_norm);
        return rc;
    }
    cp_schema *schema = cp_schema_load(schema_path, stderr);
    if (!schema) {
        if (cache)
            cp_chart_cache_close(cache, 0);
        globfree(&g);
        free(out_norm);
        fprintf(stderr, "cryptoperf render: cannot use the schema %s\n", schema_path);
        return CP_EXIT_USAGE;
    }
    job j = { 0 };
    j.index = cp_site_index_new(outdir);
    j.cache = cache;
    j.chart_jobs = (unsigned)jobs;
    /* Every file of the run is staged beside its destination (stage.h) as
     * it is made, the charts as they are drawn: only when all were
     * written are they renamed into place, the charts before the pages
     * that refer to them. */
    j.stage = cp_stage_new();
    int status = CP_EXIT_OK;
    for (size_t i = 0; i < npaths; i++) {
        int rc = render_one(&j, paths[i], schema, templates, outdir);
        if (rc > status)
            status = rc;
    }
    cp_schema_free(schema);
    globfree(&g);
    if (status == CP_EXIT_OK) {
        cp_span t = cp_span_now();
        status = add_diff_pages(&j, templates, outdir);
        if (status == CP_EXIT_OK)
            status = add_series_pages(&j, templates, outdir);
        if (status == CP_EXIT_OK)
            status = add_library_pages(&j, templates, outdir);
        if (status == CP_EXIT_OK)
            status = add_index(&j, templates, outdir);
        cp_span_add(&j.render, t);
    }
    cp_stage *stage = j.stage;
    cp_span t_charts = cp_span_now();
    cp_gnuplot_stats drawn = { 0, 0 };
    if (j.gnuplot && cp_gnuplot_finish(j.gnuplot, &drawn) < 0 &&
        status == CP_EXIT_OK)
        status = CP_EXIT_USAGE;
    cp_span finish = { 0, 0 };   /* gnuplot's exit and the SVG files */
    cp_span_add(&finish, t_charts);
    cp_span t_write = cp_span_now(), written = { 0, 0 };
    if (j.out_failed && status == CP_EXIT_OK)
        status = CP_EXIT_USAGE;
    if (status == CP_EXIT_OK && cp_stage_commit(stage, stderr) != 0)
        status = CP_EXIT_USAGE;
    else if (status != CP_EXIT_OK)
        fprintf(stderr, "cryptoperf render: nothing written (%s)\n",
                status == CP_EXIT_INVALID ? "invalid data" : "template or file problem");
    cp_stage_free(stage);
    cp_span_add(&written, t_write);
    /* the cache is written only now that the files are in place (their
     * inodes are what it remembers) */
    cp_gnuplot_free(j.gnuplot, status == CP_EXIT_OK);
    j.gnuplot = NULL;
    if (cache) {
        for (size_t i = 0; status == CP_EXIT_OK && i < j.nout; i++)
            cp_chart_cache_note(cache, j.out[i], NULL);
        if (keyed && status == CP_EXIT_OK)
            cp_chart_cache_note_run(cache, run_key);
        if (cp_chart_cache_close(cache, status == CP_EXIT_OK) != 0)
            fprintf(stderr, "cryptoperf: cannot write the chart cache (pages and charts are fine): %s\n",
                    strerror(errno));
    }
    if (status == CP_EXIT_OK && timing) {
        /* pages were timed with their charts inside */
        cp_span pages = { j.render.wall - j.chart.wall, j.render.cpu - j.chart.cpu };
        cp_span charts = { j.chart.wall + finish.wall, j.chart.cpu + finish.cpu };
        fprintf(stderr,
                "timing: load+validate %.3f s (cpu %.3f s), build+format pages %.3f s (cpu %.3f s), charts (gnuplot) "
                "%.3f s (cpu %.3f s, gnuplot's %.3f s), files placed %.3f s (cpu %.3f s), inputs hashed %.3f s "
                "(charts: %lu drawn, %lu unchanged and not drawn)\n",
                j.load.wall, j.load.cpu, pages.wall, pages.cpu, charts.wall, charts.cpu, cp_children_cpu(),
                written.wall, written.cpu, keying.wall, drawn.drawn, drawn.kept);
    }
    if (status == CP_EXIT_OK && prune) {
        size_t n;
        const char **keep = run_files(&j, &n);
        if (prune_stale(keep, n, outdir) != 0)
            status = CP_EXIT_USAGE;
        free(keep);
    }
    job_free(&j);
    free(out_norm);
    return status;
}

const cp_command cp_cmd_render = { "render", "write the wiki and Markdown pages of datasets", usage, run };
