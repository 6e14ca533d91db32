#include "page/chart_build.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/text_clean.h"
#include "base/util.h"
#include "model/chart_name.h"
#include "page/chart_prefer.h"
#include "page/select.h"
#include "page/table_build.h"
#include "page/table_prefer.h"

/* One chart entry compiled: every text is a cell format. */
typedef struct {
    const cp_node *def;        /* the table's `chart:` */
    const cp_node *defaults;   /* `chart_defaults:` of tables.yaml, or NULL */
    const cp_node *like;       /* the chart of the table this one is `like:`, or NULL */
    cp_chart_kind kind;
    int footprint;
    int from_table;            /* `from: table`: the page's table model, not the results */
    int shades, auto_log;      /* `shades: true`, `log: auto` (chart.h) */
    cp_cellfmt *split, *title, *subtitle, *xlabel, *ylabel, *category, *key;
    const cp_node *row_labels;   /* `row_label:` a row_labels map (family -> format), instead of category */
    cp_cellfmt *mcu, *library, *family, *mode, *measure, *operation;
    cp_cellfmt **series, **value;
    const cp_node **value_src;
    size_t nbars;
} spec;

static const cp_node *entry(const spec *s, const char *key)
{
    const cp_node *n = cp_map_get(s->def, key);
    if (!n)
        n = cp_map_get(s->like, key);
    return n ? n : cp_map_get(s->defaults, key);
}

/* compiles `key` (of `in`, or of the chart entry and its defaults when in is
 * NULL); an absent optional key gives NULL without an error */
static int compile(const spec *s, const cp_node *in, const char *key, int required, const cp_layout *l,
                   cp_cellfmt **out, cp_diag *diag)
{
    const cp_node *n = in ? cp_map_get(in, key) : entry(s, key);
    *out = NULL;
    if (!n) {
        if (!required)
            return 0;
        cp_diag_node(diag, in ? in : s->def, "chart", "expected '%s', found none", key);
        return -1;
    }
    *out = cp_table_compile(n, l, diag);
    return *out ? 0 : -1;
}

static void spec_free(spec *s)
{
    cp_cellfmt *all[] = { s->split, s->title, s->subtitle, s->xlabel, s->ylabel, s->category, s->key,
                          s->mcu, s->library, s->family, s->mode, s->measure, s->operation };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        cp_cellfmt_free(all[i]);
    for (size_t i = 0; i < s->nbars; i++) {
        cp_cellfmt_free(s->series[i]);
        cp_cellfmt_free(s->value[i]);
    }
    free(s->series);
    free(s->value);
    free(s->value_src);
}

static int spec_compile(spec *s, const cp_layout *l, cp_diag *diag)
{
    int rc = 0;
    const char *kind = cp_scalar(entry(s, "kind"));
    s->kind = kind ? cp_chart_kind_by_name(kind) : CP_CHART_CLUSTERED;
    if (s->kind == CP_CHART_NKINDS) {
        char *names = cp_chart_kind_names();
        cp_diag_node(diag, entry(s, "kind"), "chart.kind", "expected %s, found '%s'", names, kind);
        free(names);
        s->kind = CP_CHART_CLUSTERED;
        rc = -1;
    }
    const char *fp = cp_scalar(entry(s, "footprint"));
    s->footprint = fp && !strcmp(fp, "true");
    const char *from = cp_scalar(entry(s, "from")), *shades = cp_scalar(entry(s, "shades"));
    const char *log = cp_scalar(entry(s, "log"));
    if (from && strcmp(from, "table")) {
        cp_diag_node(diag, entry(s, "from"), "chart.from", "expected 'table' (or no 'from': the results), found '%s'", from);
        rc = -1;
    }
    if (log && strcmp(log, "auto") && strcmp(log, "never")) {
        cp_diag_node(diag, entry(s, "log"), "chart.log", "expected 'auto' or 'never', found '%s'", log);
        rc = -1;
    }
    s->from_table = from != NULL;
    s->shades = shades && !strcmp(shades, "true");
    s->auto_log = log && !strcmp(log, "auto");
    rc |= compile(s, NULL, "split", 0, l, &s->split, diag);
    rc |= compile(s, NULL, "title", 1, l, &s->title, diag);
    rc |= compile(s, NULL, "subtitle", 0, l, &s->subtitle, diag);
    rc |= compile(s, NULL, "xlabel", 0, l, &s->xlabel, diag);
    rc |= compile(s, NULL, "ylabel", 1, l, &s->ylabel, diag);
    /* the key's title says what the bars are: the defaults' one goes with
     * the defaults' bars, never with a chart's own (footprint's "Code",
     * "Stack usage" are no configurations) */
    const cp_node *own_bars = cp_map_get(s->def, "bars") ? cp_map_get(s->def, "bars") : cp_map_get(s->like, "bars");
    const cp_node *key = cp_map_get(s->def, "key") ? cp_map_get(s->def, "key") : cp_map_get(s->like, "key");
    if (!key && !own_bars)
        key = cp_map_get(s->defaults, "key");
    if (key) {
        s->key = cp_table_compile(key, l, diag);
        rc |= s->key ? 0 : -1;
    }
    const char *row_label = cp_scalar(entry(s, "row_label"));
    if (row_label) {
        s->row_labels = cp_map_get(l->row_labels, row_label);
        if (!s->row_labels || s->row_labels->kind != CP_MAP) {
            cp_diag_node(diag, entry(s, "row_label"), "chart.row_label", "expected the name of a row_labels map, found '%s'",
                         row_label);
            rc = -1;
        }
    }
    rc |= compile(s, NULL, "category", !row_label && !s->from_table, l, &s->category, diag);
    const cp_node *name = entry(s, "name");
    if (!name || name->kind != CP_MAP) {
        cp_diag_node(diag, name ? name : s->def, "chart.name",
                     "expected a mapping {mcu, library, family, mode, measure, operation}, found %s", name ? "something else" : "none");
        return -1;
    }
    rc |= compile(s, name, "mcu", 1, l, &s->mcu, diag);
    rc |= compile(s, name, "library", 0, l, &s->library, diag);
    rc |= compile(s, name, "family", 1, l, &s->family, diag);
    rc |= compile(s, name, "mode", 0, l, &s->mode, diag);
    rc |= compile(s, name, "measure", 0, l, &s->measure, diag);
    rc |= compile(s, name, "operation", 0, l, &s->operation, diag);
    if (s->from_table)   /* bars: the table's cells */
        return rc ? -1 : 0;
    const cp_node *bars = entry(s, "bars");
    if (cp_scalar(bars))   /* the name of a bar set of `chart_bars:` */
        bars = cp_map_get(cp_map_get(l->spec.root, "chart_bars"), bars->text);
    if (!bars || bars->kind != CP_SEQ || bars->count == 0) {
        cp_diag_node(diag, bars ? bars : s->def, "chart.bars",
                     "expected a sequence of [series, value] pairs or the name of one in chart_bars, found %s",
                     bars ? "something else" : "none");
        return -1;
    }
    s->series = cp_xcalloc(bars->count, sizeof *s->series);
    s->value = cp_xcalloc(bars->count, sizeof *s->value);
    s->value_src = cp_xcalloc(bars->count, sizeof *s->value_src);
    for (size_t i = 0; i < bars->count; i++, s->nbars++) {
        const cp_node *pair = bars->items[i];
        if (pair->kind != CP_SEQ || pair->count != 2) {
            cp_diag_node(diag, pair, "chart.bars", "expected a [series, value] pair, found something else");
            return -1;
        }
        s->series[i] = cp_table_compile(pair->items[0], l, diag);
        s->value[i] = cp_table_compile(pair->items[1], l, diag);
        s->value_src[i] = pair->items[1];
        if (!s->series[i] || !s->value[i])
            rc = -1;
    }
    return rc ? -1 : 0;
}

/* the format's text for ctx, "" when it is absent or names an absent value;
 * an optional value left out leaves no double space ("AES  Encryption") */
static char *text(const cp_cellfmt *f, const cp_fmt_ctx *ctx)
{
    char *t = f ? cp_table_eval(f, ctx) : NULL;
    if (!t)
        return cp_xstrdup("");
    char *w = t;
    for (const char *r = t; *r; r++)
        if (!(*r == ' ' && r[1] == ' '))
            *w++ = *r;
    *w = '\0';
    return t;
}

static char *nonempty_or_null(char *s)
{
    if (*s)
        return s;
    free(s);
    return NULL;
}

/* The number a cell text shows: digits grouped with spaces are fine
 * ("1 023 684"), anything else is not a number. */
static int parse_number(const char *s, double *out)
{
    char buf[64];
    size_t n = 0;
    for (; *s && n < sizeof buf - 1; s++)
        if (*s != ' ')
            buf[n++] = *s;
    if (*s || n == 0)
        return -1;
    buf[n] = '\0';
    char *end;
    *out = strtod(buf, &end);
    return *end || !isfinite(*out) ? -1 : 0;
}

/* the row label of the result's family, as the pivot table writes it */
static char *row_label(const spec *s, const cp_layout *l, const cp_fmt_ctx *ctx, cp_diag *diag)
{
    const char *family = cp_result_text(ctx->result, CP_F_FAMILY);
    const cp_node *fmt = family ? cp_map_get(s->row_labels, family) : NULL;
    cp_cellfmt *f = fmt ? cp_table_compile(fmt, l, diag) : NULL;
    char *t = f ? text(f, ctx) : cp_xstrdup(family ? family : "");
    cp_cellfmt_free(f);
    return t;
}

/* The number a cell text starts with ("1 234 (Fast)", "5488 / 508 / 0"):
 * its text in *shown; -1 when it starts with none ("-", "n/a"). */
static int leading_number(const char *cell, double *v, char **shown)
{
    size_t n = strspn(cell, "0123456789 .");
    while (n && cell[n - 1] == ' ')
        n--;
    char *t = cp_xstrndup(cell, n);
    if (!strpbrk(t, "0123456789") || parse_number(t, v)) {
        free(t);
        return -1;
    }
    *shown = t;
    return 0;
}

static cp_chart *new_chart(const spec *s, const cp_fmt_ctx *ctx)
{
    char *mcu = text(s->mcu, ctx), *family = text(s->family, ctx), *mode = text(s->mode, ctx);
    char *measure = text(s->measure, ctx), *op = text(s->operation, ctx), *library = text(s->library, ctx);
    cp_chart_name_parts parts = { mcu, family, mode, *measure ? measure : NULL, *op ? op : NULL, s->footprint, library };
    char *file = cp_chart_name(&parts);
    char *title = text(s->title, ctx), *ylabel = text(s->ylabel, ctx);
    char *subtitle = nonempty_or_null(text(s->subtitle, ctx)), *xlabel = nonempty_or_null(text(s->xlabel, ctx));
    cp_chart *c = cp_chart_new(file, s->kind, title, subtitle, xlabel, ylabel);
    c->auto_log = s->auto_log;
    c->key_title = nonempty_or_null(text(s->key, ctx));
    char *all[] = { mcu, family, mode, measure, op, library, file, title, ylabel, subtitle, xlabel };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        free(all[i]);
    return c;
}

/* One chart of a table as the page shows it: a group per row (its first
 * cell), a bar per other column, the number each cell starts with; a cell
 * without one ("-") has no bar. What the table chose (the configuration
 * its `prefer:` picked for a pivot's cell) is what the chart shows. */
static cp_chart *from_table(const spec *s, const cp_fmt_ctx *base, const cp_table *t)
{
    cp_fmt_ctx ctx = *base;
    cp_chart *c = new_chart(s, &ctx);
    for (size_t col = 1; t->head && col < t->ncols; col++)
        cp_chart_series(c, t->head[col]);
    for (size_t r = 0; r < t->nrows; r++) {
        size_t cat = cp_chart_category(c, cp_table_cell(t, r, 0)->text);
        for (size_t col = 1; t->head && col < t->ncols; col++) {   /* a headless table has no series */
            double v;
            char *shown;
            if (leading_number(cp_table_cell(t, r, col)->text, &v, &shown) == 0) {
                cp_chart_set(c, cat, col - 1, v, shown);
                free(shown);
            }
        }
    }
    if (s->shades)
        cp_chart_shade_groups(c);
    return c;
}

/* The series of a table's charts keep one colour in all of them: the
 * palette's colour of the series' rank among every series the table's
 * selected results name (first seen first), not of its place in one chart
 * where an earlier series may have no bar (a core that ran none of the
 * chart's cases: the cross-core page's micro:bit). */
static void rank_series(cp_chart_names *ranked, const spec *s, cp_fmt_ctx *ctx)
{
    for (size_t b = 0; b < s->nbars; b++) {
        char *series = text(s->series[b], ctx);
        cp_chart_names_add(ranked, series);
        free(series);
    }
}

static void colour_by_rank(cp_chart *c, const cp_chart_names *ranked)
{
    for (size_t i = 0; i < c->nser; i++) {
        size_t k = cp_chart_names_find(ranked, c->series[i]);
        if (k < ranked->n && k != i && !(i < c->ncolours && c->colours[i]))
            cp_chart_series_colour(c, i, cp_chart_palette(k));
    }
}

int cp_chart_build(cp_chart_list *out, const cp_layout *l, const cp_dataset *ds, const char *name,
                   const cp_table *shown, cp_diag *diag)
{
    const cp_node *table = cp_map_get(l->tables, name);
    spec s = { 0 };
    /* a table `like:` another has that table's chart, or its own whose
     * missing keys come from that one */
    const char *like = cp_scalar(cp_map_get(table, "like"));
    s.def = cp_table_key(l, table, "chart");
    s.like = like && s.def == cp_map_get(table, "chart") ? cp_table_key(l, cp_map_get(l->tables, like), "chart") : NULL;
    if (!s.def)
        return 0;
    if (s.def->kind != CP_MAP) {
        cp_diag_node(diag, s.def, "chart", "expected a mapping (title, category, bars, name, ...), found something else");
        return -1;
    }
    s.defaults = cp_map_get(l->spec.root, "chart_defaults");
    cp_selection sel;
    int rc = spec_compile(&s, l, diag);
    /* the count the table shows (`counts:`), the chart too */
    cp_fmt_ctx base = { ds, l, NULL, NULL, NULL, cp_table_counts(l, table, diag), 0 };
    if (base.counts < 0) {
        base.counts = 0;
        rc = -1;
    }
    if (s.from_table) {
        if (rc == 0 && shown && shown->nrows)
            cp_chart_list_add(out, from_table(&s, &base, shown));
        spec_free(&s);
        return rc;
    }
    rc |= cp_selection_compile(&sel, cp_table_key(l, table, "select"), diag);
    /* `prefer:` (chart_prefer.h): several results on one bar, the preferred one shown */
    const cp_node *prefer_def = entry(&s, "prefer");
    cp_prefer *prefer = prefer_def ? cp_prefer_compile(prefer_def, l, diag) : NULL;
    if (prefer_def && !prefer)
        rc = -1;
    cp_bar_owners owners = { 0 };
    size_t first = out->n;
    char **splits = NULL;   /* split text of out->items[first + k] */
    cp_chart_names ranked = { 0 };   /* every series of the table, first seen first */
    cp_candidates cand;
    cp_candidates_get(&cand, &sel, ds);
    for (size_t at = 0; rc == 0 && at < cand.n; at++) {
        const cp_result *res = cp_candidate(&cand, ds, at);
        if (!cp_selected(&sel, res))
            continue;
        cp_fmt_ctx ctx = base;
        ctx.result = res;
        ctx.record = res->node;
        rank_series(&ranked, &s, &ctx);
        /* a case the board could not run has no figure to draw; its table
         * row says why */
        const char *kind = cp_result_text(res, CP_F_KIND);
        if (kind && !strcmp(kind, "not-run"))
            continue;
        char *split = text(s.split, &ctx);
        size_t k = 0;
        while (first + k < out->n && strcmp(splits[k], split))
            k++;
        if (first + k == out->n) {
            out->items = cp_xrealloc(out->items, (out->n + 1) * sizeof *out->items);
            splits = cp_xrealloc(splits, (k + 1) * sizeof *splits);
            out->items[out->n++] = new_chart(&s, &ctx);
            splits[k] = split;
        } else {
            free(split);
        }
        cp_chart *c = out->items[first + k];
        char *category = s.row_labels ? row_label(&s, l, &ctx, diag) : text(s.category, &ctx);
        size_t cat = cp_chart_category(c, category);
        free(category);
        for (size_t b = 0; b < s.nbars; b++) {
            char *series = text(s.series[b], &ctx);
            char *value = cp_table_eval(s.value[b], &ctx);
            double v = NAN;
            if (value && parse_number(value, &v)) {
                cp_diag_node(diag, res->node, "chart",
                             "expected a number from '%s' (tables.yaml line %u), found '%s'", s.value_src[b]->text,
                             s.value_src[b]->mark.line, value);
                rc = -1;
            }
            size_t ser = cp_chart_series(c, series);
            const cp_result *owner = prefer ? cp_bar_owner_get(&owners, c, cat, ser) : NULL;
            if (owner && !cp_prefer_better(prefer, &ctx, res, owner)) {
                free(series);
                free(value);
                continue;
            }
            if (owner) {
                cp_bar_owner_set(&owners, c, cat, ser, res);
            } else if (cp_chart_get(c, cat, ser)) {
                /* two results on one bar: the chart would show only one of them */
                cp_buf bar = { 0 };
                cp_buf_put_quoted(&bar, c->categories[cat]);
                cp_buf_puts(&bar, " / ");
                cp_buf_put_quoted(&bar, series);
                cp_diag_node(diag, res->node, "chart",
                             "expected one result per bar of chart '%s', found a second for %s (tables.yaml"
                             " line %u: add the field that tells them apart to split, category or bars)",
                             c->title, bar.data, s.value_src[b]->mark.line);
                cp_buf_free(&bar);
                rc = -1;
            }
            if (prefer && !owner)
                cp_bar_owner_set(&owners, c, cat, ser, res);
            cp_chart_set(c, cat, ser, v, value ? value : l->missing);
            free(series);
            free(value);
        }
    }
    for (size_t k = 0; first + k < out->n; k++)
        free(splits[k]);
    free(splits);
    for (size_t k = first; rc == 0 && k < out->n; k++)
        colour_by_rank(out->items[k], &ranked);
    cp_chart_names_free(&ranked);
    cp_candidates_free(&cand);
    free(sel.c);
    cp_prefer_free(prefer);
    cp_bar_owners_free(&owners);
    spec_free(&s);
    if (rc == 0)
        cp_chart_list_split(out, first);
    return rc ? -1 : 0;
}
