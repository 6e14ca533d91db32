/* cryptoperf render: the options of the site build (site/site_build.h),
 * which does the work: datasets -> OUT/<series>/<library>-<version>/index.*
 * and the other pages of the site, all or nothing. */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "base/datadir.h"
#include "base/numfmt.h"
#include "base/util.h"
#include "render/render.h"
#include "site/site_build.h"

static const char usage[] =
    "usage: cryptoperf render [--data DIR] [--templates DIR] [--out DIR] [--schema FILE] [--timing]\n"
    "                         [--strict] [--prune] [--chart-cache FILE] [--chart-jobs N] [--quiet] [DATASET...]\n"
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
    "  --notes DIR      the notes source: DIR/*.yaml (schema/notes.schema.json),\n"
    "                   reviewed notes on figures; each puts a footnote on the\n"
    "                   rows it matches, and a note that matches no row is\n"
    "                   stale (invalid data): of the whole of --data, or with\n"
    "                   DATASET arguments a note about their library, version,\n"
    "                   series and core. Default: DIR/notes of --data when it\n"
    "                   exists and no DATASET is named\n"
    "  --templates DIR  layouts (default: templates in the current folder, else\n"
    "                   the installed ones)\n"
    "  --out DIR        output folder (default: site)\n"
    "  --schema FILE    the schema (default: $CRYPTOPERF_SCHEMA, else\n"
    "                   schema/dataset.schema.json in the current folder,\n"
    "                   else the installed one)\n"
    "  --prune          then delete the files an earlier render wrote in OUT\n"
    "                   (listed in OUT/.cryptoperf-manifest, which every\n"
    "                   render writes) that this run did not write (pages of\n"
    "                   removed datasets, charts of rows that are gone) and\n"
    "                   folders left empty; a folder with files and no\n"
    "                   manifest is refused; no symlink is followed; only\n"
    "                   without DATASET arguments\n"
    "  --chart-cache FILE\n"
    "                   remember in FILE how each chart was drawn, and do not\n"
    "                   draw again a chart whose file is still what drawing it\n"
    "                   would give (same data, texts, cryptoperf and gnuplot,\n"
    "                   and the SHA-256 of the bytes written); locked for the\n"
    "                   run (FILE.lock): a second render on it waits;\n"
    "                   the output is the same with or without it. One FILE\n"
    "                   per OUT (make site uses build/chart-cache). FILE also\n"
    "                   keeps a hash of the run's inputs (datasets, templates,\n"
    "                   schema, cryptoperf, gnuplot, options) and the files\n"
    "                   it left: a run with the same hash whose files are all\n"
    "                   as it left them does nothing\n"
    "  --chart-jobs N   draw with at most N gnuplot processes at once (a digit, 1 to 8;\n"
    "                   default: one per core); the charts are the same\n"
    "  --strict         a result that no table of its dataset's page shows (a\n"
    "                   footprint row without measure: sole-buffer, a family\n"
    "                   the layout has no table for) is an error of its dataset\n"
    "                   (exit 1, nothing written); without it, each is told as\n"
    "                   a warning (file:line of the row, the nearest table and\n"
    "                   what it wants) and the pages are written without it\n"
    "  -q, --quiet      no summary line on success (by default one line on\n"
    "                   stderr: datasets, pages and charts, the output folder\n"
    "                   and how many files were written)\n"
    "  --timing         print on stderr the time spent loading and validating\n"
    "                   the datasets, building the pages, drawing the charts\n"
    "                   (gnuplot) and writing the files\n"
    "\n"
    "exit status: 0 written, 1 some dataset invalid, 2 usage error, a template\n"
    "problem or a file that cannot be read or written\n";

static int run(int argc, char **argv)
{
    const char *schema_path = NULL, *data = "data", *templates = NULL, *outdir = "site", *chart_cache = NULL,
               *chart_jobs = NULL, *notes_dir = NULL;
    int first = 1, timing = 0, prune = 0, quiet = 0, strict = 0;
    for (; first < argc && argv[first][0] == '-'; first++) {
        const char *a = argv[first];
        if (!strcmp(a, "--timing")) {
            timing = 1;
            continue;
        }
        if (!strcmp(a, "--strict")) {
            strict = 1;
            continue;
        }
        if (!strcmp(a, "--prune")) {
            prune = 1;
            continue;
        }
        if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) {
            quiet = 1;
            continue;
        }
        const char **dst = !strcmp(a, "--schema")        ? &schema_path
                         : !strcmp(a, "--data")          ? &data
                         : !strcmp(a, "--notes")         ? &notes_dir
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
    if (chart_jobs && (cp_plain_number_len(chart_jobs, 0) != strlen(chart_jobs) || jobs_end == chart_jobs ||
                       *jobs_end || jobs < 1 || jobs > 8))
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
    /* the notes of the whole data folder go with a render of all of it */
    glob_t ng = { 0 };
    char *default_notes = NULL;
    if (!notes_dir && argc == first) {
        default_notes = cp_xasprintf("%s/notes", data);
        notes_dir = default_notes;
    }
    if (notes_dir) {
        char *pattern = cp_xasprintf("%s/*.yaml", notes_dir);
        int grc = glob(pattern, 0, NULL, &ng);
        free(pattern);
        if (grc != 0 && grc != GLOB_NOMATCH) {
            globfree(&g);
            free(default_notes);
            return cp_usage_error("render", "cannot list the notes of %s", notes_dir);
        }
        if (grc == GLOB_NOMATCH && !default_notes) {
            globfree(&g);
            return cp_usage_error("render", "no notes file (*.yaml) in %s", notes_dir);
        }
    }
    cp_site_options opt = {
        .who = "cryptoperf render",
        .datasets = paths,
        .ndatasets = npaths,
        .notes = ng.gl_pathv,
        .nnotes = ng.gl_pathc,
        /* the whole of --data: every note must explain a row of it */
        .notes_all = argc == first,
        .templates = templates,
        .schema = schema_path,
        .out = outdir,
        .chart_cache = chart_cache,
        .chart_jobs = (unsigned)jobs,
        .prune = prune,
        .timing = timing,
        .quiet = quiet,
        .strict = strict,
    };
    cp_status status = cp_site_build(&opt);
    globfree(&g);
    globfree(&ng);
    free(default_notes);
    return cp_exit_status(status);
}

const cp_command cp_cmd_render = { "render", "write the pages (wiki, Markdown, HTML) and charts of datasets", usage,
                                   run };
