/* The site build (`cryptoperf render`): datasets in, every page of the site
 * out, all or nothing. Each dataset is loaded and validated, then its page
 * and its layout's companion pages are built and written with their charts
 * (output.h) into OUT/<series>/<library.slug>-<lower-case library.version>/;
 * then the diff page of every two consecutive versions of a library on a
 * series (site_diff.h), the pages of a series (`series_pages:`, e.g. the
 * comparison page), the pages of a library version across series
 * (`library_pages:`, the cross-core page) and the site index (site_index.h).
 * Every file is staged as it is made and all are renamed into place only
 * when every one was written; with a chart cache (chart/chart_cache.h) a run
 * whose inputs and files are those of the last run does nothing, and a chart
 * that would come out the same is not drawn. */
#ifndef CP_SITE_BUILD_H
#define CP_SITE_BUILD_H

#include <stddef.h>

#include "base/status.h"
#include "data/dataset.h"
#include "data/diag.h"

typedef struct {
    const char *who;              /* names the program in messages: "cryptoperf render" */
    char *const *datasets;        /* the dataset.yaml files, in this order */
    size_t ndatasets;
    char *const *notes;           /* the notes files (data/notes.h), or none */
    size_t nnotes;
    int notes_all;                /* the datasets are all the notes are about: a note that matches none is stale */
    const char *templates;        /* the layouts' folder */
    const char *schema;           /* the schema file */
    const char *out;              /* the output folder */
    const char *chart_cache;      /* the chart cache file, or NULL */
    unsigned chart_jobs;          /* gnuplot processes at most (1 to 8); 0: one per core */
    int prune;                    /* then remove the files of the kinds the run writes that it did not write */
    int timing;                   /* say on stderr where the time went */
    int quiet;                    /* no summary line on success */
    int strict;                   /* a result on no table of its dataset's page is an error, not a warning */
} cp_site_options;

/* Builds the site; every problem is reported on stderr, and on success
 * (unless quiet) one line says what it did: "cryptoperf render: 54
 * datasets: 1,234 pages and 567 charts in site (12 files written, the
 * rest up to date)". CP_OK, CP_INVALID
 * (a dataset is invalid), CP_FAILED (a template, the schema, a chart or a
 * file failed); nothing is written but with CP_OK. */
cp_status cp_site_build(const cp_site_options *o);

/* What `cryptoperf validate` asks of a valid dataset when its layout is
 * known (templates: the layouts' folder): every page render would build of
 * it (its layout's and the companions') builds, and its style rewords only
 * words those layouts have. CP_OK; CP_INVALID after reporting what the
 * data does wrong (set diag->data_file to the dataset's file first);
 * CP_FAILED when a template fails. Nothing is drawn or written. */
cp_status cp_site_check(const cp_dataset *ds, const char *templates, cp_diag *diag);

#endif
