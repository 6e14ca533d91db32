/* cryptoperf diff: what changed between two versions of a library on one
 * series, as YAML/JSON for tools, as pages for people, and as an exit
 * status for CI. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "base/datadir.h"
#include "base/stage.h"
#include "base/text_clean.h"
#include "base/util.h"
#include "data/dataset.h"
#include "diff/diff.h"
#include "diff/diff_emit.h"
#include "diff/diff_load.h"
#include "site/site_diff.h"

static const char usage[] =
    "usage: cryptoperf diff [options] OLD NEW\n"
    "\n"
    "Compares two datasets (dataset.yaml files, or their folders) of one\n"
    "series: every row of both is matched, added (NEW only) or removed (OLD\n"
    "only), and every metric of a matched row gets old, new, change,\n"
    "relative change and a mark: better, worse, unchanged (within the\n"
    "threshold), not-comparable, added or removed. Both datasets are\n"
    "validated first.\n"
    "\n"
    "matching:\n"
    "  Rows are grouped into tables by family, kind, measure and\n"
    "  implementation; inside a table, rows match when all their other\n"
    "  identifying fields are equal. A field that only one version's table\n"
    "  has (V4's ECDSA hash) is ignored for matching in that table when the\n"
    "  rows stay unique without it, and a note says so; otherwise it is kept\n"
    "  and the rows it tells apart are added/removed. Cycles are never\n"
    "  compared with instructions (not-comparable). Estimated cycles\n"
    "  (cycles_estimated) are compared when both datasets have them from the\n"
    "  same cycle model, instead of the instructions; otherwise the\n"
    "  instructions are. Lower is better for every metric except\n"
    "  throughput_mbyte_s. A row is worse when any metric is worse, else\n"
    "  better when any is better, else unchanged.\n"
    "\n"
    "options:\n"
    "  --threshold METRIC=VALUE[,...]\n"
    "                   when a change counts (repeatable). Counts, times and\n"
    "                   throughput take percent (cycles=2%, default 1%);\n"
    "                   footprint metrics take bytes (code_bytes=64, default\n"
    "                   32: a compiler or patch release moves a few bytes for\n"
    "                   nothing, a saved register pair is 8 bytes of stack;\n"
    "                   --threshold code_bytes=0 makes every byte count). A\n"
    "                   change up to the threshold is unchanged. VALUE:\n"
    "                   digits, maybe a fraction (2, 2.5); no sign, space,\n"
    "                   exponent, hex or leading zero.\n"
    "  --format yaml|json  the machine-readable diff (default yaml), on stdout\n"
    "                   unless -o is given\n"
    "  -o FILE          write it to FILE instead; with --out, the file and the\n"
    "                   pages are written together or not at all\n"
    "  --out DIR        write the diff page as wiki, Markdown and HTML\n"
    "                   (DIR/index.wiki, index.md, index.html) and its charts\n"
    "                   (*.svg, drawn by gnuplot), the page render writes for\n"
    "                   the two versions: summary, versions, thresholds, then\n"
    "                   every table with old/new/change columns and marks\n"
    "                   (better and worse shaded, and said in words), each\n"
    "                   with its chart;\n"
    "                   without --format or -o, nothing goes to stdout\n"
    "  --templates DIR  layouts for the page: NEW's layout gives labels, digit\n"
    "                   grouping and heading numbers (default: templates in\n"
    "                   the current folder, else the installed ones)\n"
    "  --fail-on MARK[,MARK]  exit 4 when any metric (or row, for added and\n"
    "                   removed) has one of these marks, e.g. --fail-on worse;\n"
    "                   each such row is named on stderr, one line a row:\n"
    "                   FILE:LINE: MARK: TABLE: ROW: METRIC OLD -> NEW (CHANGE,\n"
    "                   PERCENT)\n"
    "  --only-changed   the page's tables leave out the unchanged rows (a\n"
    "                   line says how many); the summary and YAML keep all\n"
    "  --cross-series   allow OLD and NEW of different series\n"
    "  --schema FILE    the schema (default: $CRYPTOPERF_SCHEMA, else\n"
    "                   schema/dataset.schema.json in the current folder,\n"
    "                   else the installed one)\n"
    "\n"
    "output (YAML; JSON has the same structure): format, old and new (path,\n"
    "series, library, version, mcu, counter), thresholds, totals (old_rows,\n"
    "new_rows, matched, added, removed; metrics by mark), notes, families\n"
    "(rows by mark, geomean_ratio of new/old counts, largest_changes) and\n"
    "tables (key, ignored_for_matching, rows with mark, id and metrics: metric,\n"
    "old, new, change, relative_percent, mark).\n"
    "\n"
    "exit status: 0 ok, 1 a dataset is invalid, 2 usage error, different\n"
    "series without --cross-series, or a file that cannot be read or\n"
    "written, 4 --fail-on matched (the datasets are valid and every output\n"
    "was written)\n";

typedef struct {
    const char *schema_path;
    const char *format;
    const char *out_file;
    const char *out_dir;
    const char *templates;
    int cross_series;
    int only_changed;
    unsigned char fail_on[CP_MARK_COUNT];
    cp_diff_thresholds thresholds;
    const char *paths[2];
} options;

/* s as a message shows data: quoted, control characters escaped, cut */
static char *quoted(const char *s)
{
    cp_buf b = { 0 };
    cp_buf_put_quoted(&b, s ? s : "?");
    return b.data;
}

static int parse_fail_on(options *o, const char *spec)
{
    for (const char *p = spec;;) {
        size_t n = strcspn(p, ",");
        char *name = cp_xstrndup(p, n);
        cp_diff_mark m = cp_diff_mark_by_name(name);
        if (m == CP_MARK_COUNT) {
            char *q = quoted(name);
            cp_usage_error("diff", "--fail-on: unknown mark %s (expected better, worse, unchanged, not-comparable, added or "
                        "removed)",
                        q);
            free(q);
            free(name);
            return -1;
        }
        free(name);
        o->fail_on[m] = 1;
        if (!p[n])
            return 0;
        p += n + 1;
    }
}

/* "--name VALUE" or "--name=VALUE": the value, or NULL when a is not it. */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n))
        return NULL;
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (argv[*i][n] || *i + 1 >= argc)
        return NULL;
    return argv[++*i];
}

static int parse_options(options *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    cp_diff_thresholds_default(&o->thresholds);
    int npaths = 0, only_paths = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (only_paths || a[0] != '-' || !a[1]) {
            if (npaths == 2)
                return cp_usage_error("diff", "expected two datasets, found another: %s", a);
            o->paths[npaths++] = a;
        } else if (!strcmp(a, "--")) {
            only_paths = 1;
        } else if (!strcmp(a, "--cross-series")) {
            o->cross_series = 1;
        } else if (!strcmp(a, "--only-changed")) {
            o->only_changed = 1;
        } else if ((v = option_value(argc, argv, &i, "--threshold"))) {
            char err[512];
            if (cp_diff_thresholds_parse(&o->thresholds, v, err, sizeof err))
                return cp_usage_error("diff", "%s", err);
        } else if ((v = option_value(argc, argv, &i, "--format"))) {
            if (strcmp(v, "yaml") && strcmp(v, "json")) {
                char *q = quoted(v);
                cp_usage_error("diff", "--format: expected yaml or json, found %s", q);
                free(q);
                return CP_EXIT_USAGE;
            }
            o->format = v;
        } else if ((v = option_value(argc, argv, &i, "-o"))) {
            o->out_file = v;
        } else if ((v = option_value(argc, argv, &i, "--out"))) {
            o->out_dir = v;
        } else if ((v = option_value(argc, argv, &i, "--templates"))) {
            o->templates = v;
        } else if ((v = option_value(argc, argv, &i, "--fail-on"))) {
            if (parse_fail_on(o, v))
                return CP_EXIT_USAGE;
        } else if ((v = option_value(argc, argv, &i, "--schema"))) {
            o->schema_path = v;
        } else {
            return cp_usage_error("diff", "unknown option or missing value: %s", a);
        }
    }
    if (npaths != 2)
        return cp_usage_error("diff", "expected two datasets (OLD NEW), found %s", npaths ? "one" : "none");
    return CP_EXIT_OK;
}

static int check_series(const cp_dataset ds[2], const options *o)
{
    const char *a = cp_dataset_text(&ds[0], "series"), *b = cp_dataset_text(&ds[1], "series");
    if (o->cross_series || (a && b && !strcmp(a, b)))
        return CP_EXIT_OK;
    char *qa = quoted(a), *qb = quoted(b);
    fprintf(stderr,
            "cryptoperf diff: OLD %s is series %s and NEW %s is series %s; to compare across series, "
            "add --cross-series\n",
            ds[0].path, qa, ds[1].path, qb);
    free(qa);
    free(qb);
    return CP_EXIT_USAGE;
}

/* The text of b[0] then b[1], to stdout or staged as path with the run's
 * other files. */
static int write_out(cp_stage *stage, const char *path, const cp_buf b[2])
{
    if (!path) {
        int ok = 1;
        for (int k = 0; k < 2; k++)
            ok = ok && (!b[k].len || fwrite(b[k].data, 1, b[k].len, stdout) == b[k].len);
        if (ok && fflush(stdout) == 0)
            return CP_EXIT_OK;
        perror("cryptoperf diff: stdout");
        return CP_EXIT_USAGE;
    }
    const cp_piece pieces[2] = { { b[0].data, b[0].len }, { b[1].data, b[1].len } };
    return cp_stage_add_pieces(stage, path, pieces, 2, stderr) == 0 ? CP_EXIT_OK : CP_EXIT_USAGE;
}

/* "AES performance sole-buffer (software)": the table a row is in, by
 * the fields that place it there (the schema's words: no quoting needed) */
static void put_table_key(cp_buf *b, const cp_diff_table *tb)
{
    const char *parts[] = { tb->family, tb->kind, tb->measure };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (parts[i])
            cp_buf_printf(b, "%s%s", i ? " " : "", parts[i]);
    if (tb->implementation)
        cp_buf_printf(b, " (%s)", tb->implementation);
}

/* "cipher_mode=CBC key_bits=128 ...": the row, by the names and values of
 * the dataset (a CI log is read next to the YAML, not the page) */
static void put_row_id(cp_buf *b, const cp_diff_row *row)
{
    int first = 1;
    for (int f = 0; f < CP_F_COUNT; f++) {
        const cp_node *v = cp_diff_row_id(row, (cp_field)f);
        if (cp_fields[f].role != CP_ROLE_ID || cp_diff_is_table_field((cp_field)f) || !v)
            continue;
        cp_buf_printf(b, "%s%s=", first ? "" : " ", cp_fields[f].name);
        /* free text (a configuration's name) may hold anything */
        if (cp_fields[f].type == CP_FT_TEXT)
            cp_buf_put_quoted(b, v->text);
        else
            cp_buf_puts(b, v->text);
        first = 0;
    }
}

static void put_value(cp_buf *b, cp_field f, double v, int sign)
{
    if (cp_fields[f].type == CP_FT_INT)
        cp_buf_printf(b, sign ? "%+lld" : "%lld", (long long)v);
    else
        cp_buf_printf(b, sign ? "%+.15g" : "%.15g", v);
}

/* " cycles 388744 -> 427619 (+38875, +10.00 %)" */
static void put_metric(cp_buf *b, const cp_diff_metric *m)
{
    cp_field f = m->old_metric != CP_F_COUNT ? m->old_metric : m->new_metric;
    cp_buf_printf(b, " %s ", cp_fields[f].name);
    if (m->old_metric != CP_F_COUNT)
        put_value(b, m->old_metric, m->old_value, 0);
    else
        cp_buf_puts(b, "none");
    cp_buf_puts(b, " -> ");
    if (m->new_metric != CP_F_COUNT) {
        if (m->new_metric != f)
            cp_buf_printf(b, "%s ", cp_fields[m->new_metric].name);
        put_value(b, m->new_metric, m->new_value, 0);
    } else {
        cp_buf_puts(b, "none");
    }
    if (m->mark == CP_MARK_BETTER || m->mark == CP_MARK_WORSE || m->mark == CP_MARK_UNCHANGED) {
        cp_buf_puts(b, " (");
        put_value(b, f, m->abs_change, 1);
        if (m->rel_defined)
            cp_buf_printf(b, ", %+.2f %%", 100.0 * m->rel_change);
        cp_buf_putc(b, ')');
    }
}

/* One line per row that has mark m (per metric for the metric marks):
 * "FILE:LINE: worse: TABLE: ROW: METRIC OLD -> NEW (CHANGE, PERCENT)",
 * FILE:LINE the row in NEW (in OLD when removed), so a CI log points at
 * the figure. */
static void report_rows(const cp_diff *d, cp_diff_mark m)
{
    for (size_t r = 0; r < d->nrows; r++) {
        const cp_diff_row *row = &d->rows[r];
        int row_mark = m == CP_MARK_ADDED || m == CP_MARK_REMOVED;
        size_t hits = 0;
        for (size_t k = 0; k < row->nmetrics; k++)
            hits += row->metrics[k].mark == m;
        if (row_mark ? row->mark != m : !hits)
            continue;
        const cp_result *res = row->new_row ? row->new_row : row->old_row;
        cp_buf b = { 0 };
        cp_buf_printf(&b, "%s:%u: %s: ", res->node->mark.file, res->node->mark.line, cp_diff_mark_name(m));
        put_table_key(&b, &d->tables[row->table]);
        cp_buf_puts(&b, ": ");
        put_row_id(&b, row);
        cp_buf_putc(&b, ':');
        for (size_t k = 0, n = 0; k < row->nmetrics; k++)
            if (row_mark || row->metrics[k].mark == m) {
                cp_buf_puts(&b, n++ ? ";" : "");
                put_metric(&b, &row->metrics[k]);
            }
        fprintf(stderr, "%s\n", b.data);
        cp_buf_free(&b);
    }
}

static int fail_on(const cp_diff *d, const options *o)
{
    int hit = 0;
    for (int m = 0; m < CP_MARK_COUNT; m++)
        if (o->fail_on[m] && cp_diff_has_mark(d, (cp_diff_mark)m)) {
            report_rows(d, (cp_diff_mark)m);
            fprintf(stderr, "cryptoperf diff: --fail-on %s: %zu metric%s marked %s\n", cp_diff_mark_name(m),
                    d->metrics_by_mark[m], d->metrics_by_mark[m] == 1 ? "" : "s", cp_diff_mark_name(m));
            hit = 1;
        }
    return hit ? CP_EXIT_FAIL_ON : CP_EXIT_OK;
}

static int run(int argc, char **argv)
{
    options o;
    int status = parse_options(&o, argc, argv);
    if (status)
        return status;
    cp_dataset ds[2];
    status = cp_exit_status(cp_diff_load(ds, o.paths, cp_schema_path(o.schema_path), "cryptoperf diff"));
    if (!status)
        status = check_series(ds, &o);
    cp_diff d;
    memset(&d, 0, sizeof d);
    if (!status)
        cp_diff_compute(&d, ds[0].results, ds[0].nresults, ds[1].results, ds[1].nresults, &o.thresholds);
    /* -o FILE and the pages of --out: written together or not at all */
    cp_stage *stage = cp_stage_new();
    if (!status && (o.format || o.out_file || !o.out_dir)) {
        cp_buf b[2] = { { 0 }, { 0 } };
        int json = o.format && !strcmp(o.format, "json");
        cp_diff_emit(&b[0], &b[1], json ? CP_YJ_JSON : CP_YJ_YAML, &d, &ds[0], &ds[1], &o.thresholds);
        status = write_out(stage, o.out_file, b);
        cp_buf_free(&b[0]);
        cp_buf_free(&b[1]);
    }
    if (!status && o.out_dir &&
        cp_site_diff_page_stage(stage, o.out_dir, cp_templates_path(o.templates), &d, &ds[0], &ds[1], &o.thresholds,
                                o.only_changed, "cryptoperf diff"))
        status = CP_EXIT_USAGE;
    if (!status && cp_stage_commit(stage, stderr)) /* says what was replaced */
        status = CP_EXIT_USAGE;
    else if (status && cp_stage_count(stage))
        fprintf(stderr, "cryptoperf diff: nothing written\n");
    cp_stage_free(stage);
    if (!status)
        status = fail_on(&d, &o);
    cp_diff_free(&d);
    cp_dataset_free(&ds[0]);
    cp_dataset_free(&ds[1]);
    return status;
}

const cp_command cp_cmd_diff = { "diff", "compare two versions of a dataset (rows, marks, summary)", usage, run };
