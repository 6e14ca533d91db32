/* The site build (site_build.h): the datasets loaded and validated one
 * by one, each page built and written with its charts as soon as its
 * dataset is good; the pages made of several datasets (diffs, series,
 * library versions, the index) once every dataset was; then the files
 * placed, all or none. */
#include "site/site_build.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/span.h"
#include "base/stale.h"
#include "base/stage.h"
#include "base/util.h"
#include "chart/chart_cache.h"
#include "data/dataset.h"
#include "data/notes.h"
#include "data/schema.h"
#include "diff/diff.h"
#include "model/compare.h"
#include "model/cores.h"
#include "page/layout.h"
#include "page/page.h"
#include "site/output.h"
#include "site/prune.h"
#include "site/run_key.h"
#include "site/site_diff.h"
#include "site/site_index.h"
#include "site/site_nav.h"

typedef struct {
    cp_layout **layouts;   /* by page template; pointers stay valid as it grows */
    size_t nlayouts;
    cp_output *out;        /* every file of the run, the charts as drawn */
    int strict;            /* a result on no table of its page is an error */
    cp_site_index *index;  /* every page set of this run */
    cp_dataset *sets;      /* the valid datasets, kept for the pages made of several */
    size_t nsets;
    char **made;           /* the site paths of the pages made of several (site_nav.h) */
    size_t nmade;
    cp_span load, render;  /* --timing */
    cp_notes notes;        /* the notes source: footnotes on the rows it matches */
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

static void note_made(job *j, const char *outdir, const char *dir, const char *base)
{
    const char *rel = dir + strlen(outdir) + (dir[strlen(outdir)] == '/');
    j->made = cp_xrealloc(j->made, (j->nmade + 1) * sizeof *j->made);
    j->made[j->nmade++] = base ? cp_xasprintf("%s/%s", rel, base) : cp_xstrdup(rel);
}

static cp_site_map site_map(const job *j)
{
    return (cp_site_map){ j->sets, j->nsets, j->made, j->nmade };
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
                          const char *nav, cp_diag *diag)
{
    const cp_node *c = l->companions;
    for (size_t i = 0; c && i < c->count; i++) {
        const cp_layout *cl = page_spec_layout(j, templates, c->items[i], diag);
        if (!cl || cp_output_page(j->out, cl, ds, dir, c->keys[i]->text, nav, diag) != 0)
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

/* Loads and checks one dataset, kept in j->sets when valid: 0 ok,
 * CP_INVALID or CP_FAILED */
static int load_one(job *j, const char *path, const cp_schema *schema)
{
    cp_diag diag = { .out = stderr };
    cp_dataset ds;
    cp_span t0 = cp_span_now();
    int rc = cp_dataset_load(&ds, path, schema, &diag);
    cp_span_add(&j->load, t0);
    if (rc != 0) {
        cp_dataset_free(&ds);
        return rc == -2 ? CP_FAILED : CP_INVALID;
    }
    if (j->notes.n) {
        ds.notes = &j->notes;
        cp_notes_count(&j->notes, &ds);
    }
    j->sets = cp_xrealloc(j->sets, (j->nsets + 1) * sizeof *j->sets);
    j->sets[j->nsets++] = ds;
    return CP_OK;
}

/* The page of a loaded dataset and its companions: 0 ok, CP_INVALID or
 * CP_FAILED. Their links to the pages around them need every page of
 * several datasets made first (j->made). */
static int render_one(job *j, const cp_dataset *ds, const char *templates, const char *outdir)
{
    cp_diag diag = { .out = stderr };
    diag.data_file = ds->doc.file;   /* a page that fails on a value of it: invalid data */
    cp_span t1 = cp_span_now();
    const cp_layout *l = layout_for(j, templates, cp_dataset_text(ds, "layout"), "page", &diag);
    int status = CP_FAILED;
    char *dir = page_dir(ds, outdir);
    const cp_node *style = cp_dataset_node(ds, "style");
    const char **companions = NULL;
    size_t ncompanions = 0;
    for (size_t i = 0; l && l->companions && i < l->companions->count; i++) {
        companions = cp_xrealloc(companions, (ncompanions + 1) * sizeof *companions);
        companions[ncompanions++] = l->companions->keys[i]->text;
    }
    cp_site_map map = site_map(j);
    char *nav = cp_site_nav_dataset(&map, ds, companions, ncompanions);
    if (l && style && check_style(j, l, templates, style, &diag) != 0) {
        status = CP_INVALID;
    } else if (l && cp_output_dataset_page(j->out, l, ds, dir, nav, &diag, j->strict) == 0 &&
               add_companions(j, l, ds, templates, dir, nav, &diag) == 0) {
        cp_site_index_add(j->index, ds, dir);
        status = CP_OK;
    } else if (diag.data_errors) {
        status = CP_INVALID;
    }
    free(nav);
    free(companions);
    free(dir);
    cp_span_add(&j->render, t1);
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
    cp_diff_thresholds th;
    cp_diff_thresholds_default(&th);
    int status = CP_OK;
    for (size_t i = 1; i < j->nsets; i++) {
        const cp_dataset *old_ds = &j->sets[i - 1], *new_ds = &j->sets[i];
        if (!same_library(old_ds, new_ds))
            continue;
        cp_diag diag = { .out = stderr };
        const cp_layout *l = layout_for(j, templates, cp_dataset_text(new_ds, "layout"), "page", &diag);
        if (!l) {
            status = CP_FAILED;
            continue;
        }
        cp_diff d;
        cp_diff_compute(&d, old_ds->results, old_ds->nresults, new_ds->results, new_ds->nresults, &th);
        char *v1 = lower(cp_dataset_text(old_ds, "library.version"));
        char *v2 = lower(cp_dataset_text(new_ds, "library.version"));
        char *dir = cp_xasprintf("%s/%s/diff-%s-%s-to-%s", outdir, cp_dataset_text(new_ds, "series"),
                                 cp_dataset_text(new_ds, "library.slug"), v1, v2);
        const cp_dataset *pair[2] = { old_ds, new_ds };
        cp_site_map map = site_map(j);
        char *nav = cp_site_nav_group(&map, pair, 2);
        if (cp_site_diff_page(j->out, dir, &d, old_ds, new_ds, &th, l, 0, nav) != 0)
            status = CP_FAILED;
        note_made(j, outdir, dir, NULL);
        free(nav);
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
    int status = CP_OK;
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
                if (rc == 0 && j->notes.n)
                    cmp.notes = &j->notes;   /* its results keep their datasets' headers */
                char *dir = cp_xasprintf("%s/%s", outdir, series);
                cp_site_map map = site_map(j);
                char *nav = cp_site_nav_series(&map, series);
                if (rc != 0 || cp_output_page(j->out, pl, &cmp, dir, pages->keys[p]->text, nav, &diag) != 0)
                    status = CP_FAILED;
                note_made(j, outdir, dir, pages->keys[p]->text);
                cp_site_index_add_series_page(j->index, group[0], pages->keys[p]->text, dir);
                free(nav);
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
    int status = CP_OK;
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
            if (rc == 0 && j->notes.n)
                cores.notes = &j->notes;
            char *dir = rc == 0 ? cp_xasprintf("%s/%s/%s", outdir, pages->keys[p]->text, cores.name) : NULL;
            cp_site_map map = site_map(j);
            char *nav = cp_site_nav_group(&map, kept, nk);
            if (rc != 0 || cp_output_page(j->out, pl, &cores, dir, "index", nav, &diag) != 0) {
                status = CP_FAILED;
            } else {
                cp_site_index_add_cores(j->index, &cores, dir);
                note_made(j, outdir, dir, NULL);
            }
            free(nav);
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
static int add_index(job *j, const char *templates)
{
    cp_diag diag = { .out = stderr };
    return cp_site_index_write(j->index, templates, j->out, &diag) == 0 ? CP_OK : CP_FAILED;
}

static void job_free(job *j)
{
    for (size_t i = 0; i < j->nlayouts; i++) {
        cp_layout_free(j->layouts[i]);
        free(j->layouts[i]);
    }
    free(j->layouts);
    cp_output_free(j->out);
    cp_site_index_free(j->index);
    cp_notes_free(&j->notes);
    for (size_t i = 0; i < j->nsets; i++)
        cp_dataset_free(&j->sets[i]);
    free(j->sets);
    for (size_t i = 0; i < j->nmade; i++)
        free(j->made[i]);
    free(j->made);
}

/* --prune: the old manifest's files that the run did not write go. */
static int prune_stale(const char *who, const cp_manifest *old, const char *const *keep, size_t n, const char *outdir)
{
    long removed = cp_prune_stale(outdir, old, keep, n, stderr);
    if (removed > 0)
        fprintf(stderr, "%s: removed %ld stale file%s under %s\n", who, removed, removed == 1 ? "" : "s", outdir);
    return removed < 0 ? -1 : 0;
}

/* The files of a run that wrote them all: its pages and charts. */
static const char **run_files(const cp_output *o, size_t *n)
{
    size_t npages, ncharts;
    const char *const *pages = cp_output_pages(o, &npages), *const *charts = cp_output_charts(o, &ncharts);
    const char **keep = cp_xcalloc(npages + ncharts + 1, sizeof *keep);
    *n = 0;
    for (size_t i = 0; i < npages; i++)
        keep[(*n)++] = pages[i];
    for (size_t i = 0; i < ncharts; i++)
        keep[(*n)++] = charts[i];
    return keep;
}

/* Nothing changed since the last run (its key and every file it left are
 * the same): nothing to load, build, draw or write. */
static int unchanged_run(const char *who, const cp_chart_cache *cache, const char *outdir, const cp_manifest *prune,
                         int timing, int quiet, size_t ndatasets, cp_span keying)
{
    size_t charts, n = cp_chart_cache_files(cache, NULL, &charts);
    if (!quiet)
        fprintf(stderr, "%s: %zu dataset%s: nothing changed since the last run, %zu files in %s are up to date\n",
                who, ndatasets, ndatasets == 1 ? "" : "s", n, outdir);
    if (timing)
        fprintf(stderr,
                "timing: nothing changed since the last run (inputs hashed in %.3f s, cpu %.3f s): nothing loaded, "
                "built or written (charts: 0 drawn, %zu unchanged and not drawn)\n",
                keying.wall, keying.cpu, charts);
    if (!prune)
        return CP_OK;
    const char **keep = cp_xcalloc(n + 1, sizeof *keep);
    cp_chart_cache_files(cache, keep, &charts);
    int rc = prune_stale(who, prune, keep, n, outdir);
    free(keep);
    return rc ? CP_FAILED : CP_OK;
}

/* The notes files of the run, checked against notes.schema.json beside
 * the datasets' schema. */
static cp_status load_notes(job *j, const cp_site_options *o, const char *schema_path)
{
    if (!o->nnotes)
        return CP_OK;
    char *path = cp_notes_schema_path(schema_path);
    cp_schema *schema = cp_schema_load(path, stderr);
    cp_status status = CP_OK;
    if (!schema) {
        fprintf(stderr, "%s: cannot use the schema %s\n", o->who, path);
        status = CP_FAILED;
    }
    for (size_t i = 0; schema && i < o->nnotes; i++) {
        cp_diag diag = { .out = stderr };
        int rc = cp_notes_load(&j->notes, o->notes[i], schema, &diag);
        cp_status st = rc == -2 ? CP_FAILED : rc ? CP_INVALID : CP_OK;
        status = st > status ? st : status;
    }
    cp_schema_free(schema);
    free(path);
    return status;
}

cp_status cp_site_build(const cp_site_options *o)
{
    const char *templates = o->templates, *schema_path = o->schema, *who = o->who;
    char *const *paths = o->datasets;
    size_t npaths = o->ndatasets;
    /* pruning compares the paths this run writes with what it finds */
    char *out_norm = cp_xstrdup(o->out);
    for (size_t n = strlen(out_norm); n > 1 && out_norm[n - 1] == '/'; n--)
        out_norm[n - 1] = '\0';
    const char *outdir = out_norm;
    /* refused before anything is written, not after the pages are placed */
    const char *refused = o->chart_cache ? cp_output_refused(o->chart_cache) : NULL;
    if (refused) {
        fprintf(stderr, "%s: cannot use as the chart cache: %s\n", o->chart_cache, refused);
        free(out_norm);
        return CP_FAILED;
    }
    /* a run killed while placing its files: placed in full, then what a
     * killed run left goes */
    cp_stage_recover(outdir, stderr);
    cp_stale_sweep(outdir, stderr);
    /* what render wrote here before: what --prune may delete, and what the
     * new manifest keeps listing without --prune */
    cp_manifest old_manifest;
    int has_manifest = cp_manifest_read(&old_manifest, outdir, stderr);
    if (has_manifest < 0 || (o->prune && !has_manifest && cp_folder_has_files(outdir))) {
        if (has_manifest == 0)
            fprintf(stderr, "%s: %s: --prune refused: the folder has files and no %s (the list of the files render "
                    "wrote there), so nothing there is known to be render's; render once without --prune to "
                    "start one\n", who, outdir, CP_MANIFEST_NAME);
        free(out_norm);
        return CP_FAILED;
    }
    /* the run's key (run_key.h): the same as the last run's, with every
     * file as that run left it, and there is nothing to do */
    cp_chart_cache *cache = o->chart_cache ? cp_chart_cache_open(o->chart_cache, "gnuplot") : NULL;
    const unsigned char *identity = cache ? cp_chart_cache_identity(cache) : NULL;
    unsigned char run_key[CP_CHART_KEY_BYTES];
    cp_span t_key = cp_span_now(), keying = { 0, 0 };
    /* the notes files are inputs as the datasets are */
    char **inputs = cp_xcalloc(npaths + o->nnotes + 1, sizeof *inputs);
    memcpy(inputs, paths, npaths * sizeof *inputs);
    if (o->nnotes)
        memcpy(inputs + npaths, o->notes, o->nnotes * sizeof *inputs);
    int keyed = identity && cp_run_key(run_key, identity, outdir, templates, schema_path, inputs, npaths + o->nnotes) == 0;
    free(inputs);
    cp_span_add(&keying, t_key);
    if (keyed && cp_chart_cache_run_fresh(cache, run_key)) {
        int rc = unchanged_run(who, cache, outdir, o->prune ? &old_manifest : NULL, o->timing, o->quiet, npaths, keying);
        cp_chart_cache_close(cache, 0);
        cp_manifest_free(&old_manifest);
        free(out_norm);
        return rc;
    }
    cp_schema *schema = cp_schema_load(schema_path, stderr);
    if (!schema) {
        if (cache)
            cp_chart_cache_close(cache, 0);
        cp_manifest_free(&old_manifest);
        free(out_norm);
        fprintf(stderr, "%s: cannot use the schema %s\n", who, schema_path);
        return CP_FAILED;
    }
    job j = { 0 };
    j.strict = o->strict;
    j.index = cp_site_index_new(outdir);
    cp_status status = load_notes(&j, o, schema_path);
    /* Every file of the run is staged beside its destination (stage.h) as
     * it is made, the charts as they are drawn: only when all were
     * written are they renamed into place, the charts before the pages
     * that refer to them. */
    cp_stage *stage = cp_stage_new();
    cp_stage_journal(stage, outdir);
    j.out = cp_output_new(outdir, stage, cache, o->chart_jobs);
    cp_output_set_root(j.out, outdir);
    for (size_t i = 0; i < npaths; i++) {
        cp_status rc = load_one(&j, paths[i], schema);
        if (rc > status)
            status = rc;
    }
    cp_schema_free(schema);
    if (status == CP_OK && o->nnotes) {
        /* a note that explains no figure of the whole run explains a figure that is gone */
        cp_diag diag = { .out = stderr };
        if (cp_notes_report_stale(&j.notes, o->notes_all, &diag))
            status = CP_INVALID;
    }
    /* the pages of several datasets first: each page links those around it */
    if (j.nsets)
        qsort(j.sets, j.nsets, sizeof *j.sets, by_library_version);
    if (status == CP_OK) {
        cp_span t = cp_span_now();
        status = add_diff_pages(&j, templates, outdir);
        if (status == CP_OK)
            status = add_series_pages(&j, templates, outdir);
        if (status == CP_OK)
            status = add_library_pages(&j, templates, outdir);
        cp_span_add(&j.render, t);
    }
    for (size_t i = 0; i < j.nsets; i++) {
        cp_status rc = render_one(&j, &j.sets[i], templates, outdir);
        if (rc > status)
            status = rc;
    }
    if (status == CP_OK) {
        cp_span t = cp_span_now();
        status = add_index(&j, templates);
        cp_span_add(&j.render, t);
    }
    /* the manifest, placed with the files it lists */
    char *manifest_path = cp_xasprintf("%s/%s", outdir, CP_MANIFEST_NAME);
    unsigned char manifest_hash[CP_CHART_KEY_BYTES];
    if (status == CP_OK) {
        size_t n, len;
        const char **files = run_files(j.out, &n);
        char *text = cp_manifest_text(outdir, files, n, &old_manifest, o->prune, &len);
        cp_content_hash_of(text, len, manifest_hash);
        if (cp_stage_add_after(stage, manifest_path, text, len, stderr) != 0)
            status = CP_FAILED;
        free(text);
        free(files);
    }
    cp_span t_charts = cp_span_now();
    cp_gnuplot_stats drawn = { 0, 0 };
    if (cp_output_finish(j.out, &drawn) != 0 && status == CP_OK)
        status = CP_FAILED;
    cp_span finish = { 0, 0 };   /* gnuplot's exit and the SVG files */
    cp_span_add(&finish, t_charts);
    cp_span t_write = cp_span_now(), written = { 0, 0 };
    size_t nstaged = cp_stage_count(stage);
    if (status == CP_OK && cp_stage_commit(stage, stderr) != 0)
        status = CP_FAILED;
    else if (status != CP_OK)
        fprintf(stderr, "%s: nothing written (%s)\n", who,
                status == CP_INVALID ? "invalid data" : "template or file problem");
    cp_stage_free(stage);
    cp_span_add(&written, t_write);
    /* the cache is written only once the files are in place: it names
     * them with the hashes of the bytes this run wrote */
    cp_output_end(j.out, status == CP_OK);
    if (cache) {
        size_t npages;
        const char *const *pages = cp_output_pages(j.out, &npages);
        for (size_t i = 0; status == CP_OK && i < npages; i++)
            cp_chart_cache_note(cache, pages[i], NULL, cp_output_page_hash(j.out, i));
        if (status == CP_OK)   /* a run that finds it gone or changed writes it */
            cp_chart_cache_note(cache, manifest_path, NULL, manifest_hash);
        /* a run that warned is never skipped: the next one warns again */
        if (keyed && status == CP_OK && !cp_output_unshown(j.out))
            cp_chart_cache_note_run(cache, run_key);
        if (cp_chart_cache_close(cache, status == CP_OK) != 0)
            fprintf(stderr, "%s: cannot write the chart cache (pages and charts are fine): %s\n", o->chart_cache,
                    cp_write_file_error());
    }
    if (status == CP_OK && o->timing) {
        /* pages were timed with their charts inside */
        cp_span chart = cp_output_chart_time(j.out);
        cp_span pages = { j.render.wall - chart.wall, j.render.cpu - chart.cpu };
        cp_span charts = { chart.wall + finish.wall, chart.cpu + finish.cpu };
        fprintf(stderr,
                "timing: load+validate %.3f s (cpu %.3f s), build+format pages %.3f s (cpu %.3f s), charts (gnuplot) "
                "%.3f s (cpu %.3f s, gnuplot's %.3f s), files placed %.3f s (cpu %.3f s), inputs hashed %.3f s "
                "(charts: %lu drawn, %lu unchanged and not drawn)\n",
                j.load.wall, j.load.cpu, pages.wall, pages.cpu, charts.wall, charts.cpu, cp_children_cpu(),
                written.wall, written.cpu, keying.wall, drawn.drawn, drawn.kept);
    }
    if (status == CP_OK && o->prune) {
        size_t n;
        const char **keep = run_files(j.out, &n);
        if (prune_stale(who, &old_manifest, keep, n, outdir) != 0)
            status = CP_FAILED;
        free(keep);
    }
    if (status == CP_OK && !o->quiet) {
        /* a render that prints nothing leaves a user wondering whether it
         * did anything, and where */
        size_t npages, ncharts;
        cp_output_pages(j.out, &npages);
        cp_output_charts(j.out, &ncharts);
        fprintf(stderr, "%s: %zu dataset%s: %zu pages and %zu charts in %s (%zu file%s written, the rest up to date)\n",
                who, npaths, npaths == 1 ? "" : "s", npages, ncharts, outdir, nstaged, nstaged == 1 ? "" : "s");
    }
    job_free(&j);
    cp_manifest_free(&old_manifest);
    free(manifest_path);
    free(out_norm);
    return status;
}

/* What render would refuse of a valid dataset, found without writing: the
 * pages of its layout and companions built (tables and charts as models,
 * nothing drawn), and its style's words checked against those layouts. */
cp_status cp_site_check(const cp_dataset *ds, const char *templates, cp_diag *diag)
{
    job j = { 0 };
    const cp_layout *l = layout_for(&j, templates, cp_dataset_text(ds, "layout"), "page", diag);
    cp_status status = l ? CP_OK : CP_FAILED;
    const cp_node *style = cp_dataset_node(ds, "style");
    if (l && style && check_style(&j, l, templates, style, diag) != 0)
        status = CP_INVALID;
    for (size_t i = 0; status == CP_OK && l && i <= (l->companions ? l->companions->count : 0); i++) {
        const cp_layout *pl = i == 0 ? l : page_spec_layout(&j, templates, l->companions->items[i - 1], diag);
        cp_page page;
        if (!pl || cp_page_build(&page, pl, ds, diag) != 0)
            status = diag->data_errors ? CP_INVALID : CP_FAILED;
        if (pl)
            cp_page_free(&page);
    }
    job_free(&j);
    return status;
}
