#include "page/page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page/cellfmt.h"
#include "page/chart_build.h"
#include "page/cond.h"
#include "page/select.h"
#include "page/table_build.h"

#define MAX_NESTING 32

typedef struct {
    cp_page *p;
    const cp_dataset *ds;
    cp_diag *diag;
    cp_buf md;
    cp_node src;        /* carries the file:line of the template line being expanded */
    cp_page_charts_fn on_charts;   /* or NULL */
    void *on_charts_arg;
} expander;

/* Values from the dataset land in Markdown source: every ASCII punctuation
 * character is backslash-escaped so that cmark reads them back literally,
 * whatever they hold. */
static void md_source_escape(cp_buf *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n' || c == '\r') {
            cp_buf_putc(out, ' ');
            continue;
        }
        if ((c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e))
            cp_buf_putc(out, '\\');
        cp_buf_putc(out, (char)c);
    }
}

/* The table `name` of the page, built the first time it is named; with
 * companion (not CP_F_COUNT), its companion table of those counts. */
static size_t table_index(expander *e, const char *name, const cp_node *src, cp_field companion, int *rc)
{
    char *own = companion == CP_F_COUNT ? NULL : cp_xasprintf("%s+%s", name, cp_fields[companion].name);
    for (size_t i = 0; i < e->p->ntables; i++)
        if (strcmp(e->p->tables[i].name, own ? own : name) == 0) {
            free(own);
            return i;
        }
    free(own);
    e->p->tables = cp_xrealloc(e->p->tables, (e->p->ntables + 1) * sizeof *e->p->tables);
    e->p->charts = cp_xrealloc(e->p->charts, (e->p->ntables + 1) * sizeof *e->p->charts);
    memset(&e->p->charts[e->p->ntables], 0, sizeof *e->p->charts);
    cp_table *t = &e->p->tables[e->p->ntables];
    *rc = companion == CP_F_COUNT ? cp_table_build(t, e->p->layout, e->ds, name, src, e->diag)
                                  : cp_table_build_companion(t, e->p->layout, e->ds, name, src, companion, e->diag);
    return e->p->ntables++;
}

static int probe(void *arg, const char *name, const cp_node *src, cp_diag *diag)
{
    expander *e = arg;
    int rc = 0;
    size_t i = table_index(e, name, src, CP_F_COUNT, &rc);
    (void)diag;
    return rc != 0 ? -1 : e->p->tables[i].nrows > 0;
}

static cp_fmt_ctx ctx_of(expander *e)
{
    return (cp_fmt_ctx){ e->ds, e->p->layout, NULL, NULL, md_source_escape, 0, 0 };
}

/* `::list PATH [WORD... => TEXT]`: a bullet list of the values at PATH;
 * items containing one of the WORDs get TEXT (template Markdown) appended. */
static int expand_list(expander *e, char *args)
{
    char *note = strstr(args, "=>");
    if (note) {
        *note = '\0';
        note += 2;
        while (*note == ' ')
            note++;
    }
    char *save = NULL;
    char *path = strtok_r(args, " \t", &save);
    if (!path) {
        cp_diag_node(e->diag, &e->src, NULL, "expected '::list PATH [WORD... => TEXT]', found no path");
        return -1;
    }
    char *words = save;
    cp_fmt_ctx ctx = ctx_of(e);
    const cp_node *v = cp_fmt_lookup(&ctx, path);
    if (!v)
        return 0;
    size_t n = v->kind == CP_SEQ ? v->count : 1;
    cp_buf_putc(&e->md, '\n');
    for (size_t i = 0; i < n; i++) {
        const cp_node *item = v->kind == CP_SEQ ? v->items[i] : v;
        if (item->kind != CP_SCALAR)
            continue;
        cp_buf_puts(&e->md, "- ");
        md_source_escape(&e->md, item->text, item->len);
        if (note && words) {
            char *wcopy = cp_xstrdup(words), *ws = NULL;
            for (char *w = strtok_r(wcopy, " \t", &ws); w; w = strtok_r(NULL, " \t", &ws))
                if (strstr(item->text, w)) {
                    cp_buf_puts(&e->md, note);
                    break;
                }
            free(wcopy);
        }
        cp_buf_putc(&e->md, '\n');
    }
    cp_buf_putc(&e->md, '\n');
    return 0;
}

static int expand_text(expander *e, const char *line)
{
    if (!strchr(line, '{') && !strchr(line, '}')) {
        cp_buf_puts(&e->md, line);
        cp_buf_putc(&e->md, '\n');
        return 0;
    }
    cp_cellfmt *f = cp_cellfmt_compile(line, &e->src, e->p->layout, e->diag);
    if (!f)
        return -1;
    cp_fmt_ctx ctx = ctx_of(e);
    /* a line that names an absent value is left out */
    if (cp_cellfmt_eval(f, &ctx, &e->md) == 0)
        cp_buf_putc(&e->md, '\n');
    cp_cellfmt_free(f);
    return 0;
}

/* After the table `name` of a page whose counts are not those of the
 * layout's `count_companion:` (estimated cycles: the companion shows the
 * executed instructions they are estimated from), its intro and the same
 * rows in those counts: two kinds of count never share a table
 * (templates/README.md, "Companion tables"). */
static int add_companion(expander *e, const char *name)
{
    const cp_node *cc = e->p->layout->count_companion;
    int counts = cc ? cp_table_counts(e->p->layout, cc, e->diag) : 0;
    if (counts <= 0)
        return counts;
    cp_fmt_ctx ctx = ctx_of(e);
    cp_field lead = cp_fmt_count_field(&ctx);
    if (lead == CP_F_COUNT || lead == (cp_field)(counts - 1))
        return 0;
    int rc = 0;
    size_t i = table_index(e, name, &e->src, (cp_field)(counts - 1), &rc);
    if (rc != 0 || !e->p->tables[i].nrows)
        return rc;
    const cp_node *intro = cp_map_get(cc, "intro");
    if (intro) {
        cp_cellfmt *f = cp_scalar(intro) ? cp_cellfmt_compile(intro->text, intro, e->p->layout, e->diag) : NULL;
        if (!f) {
            if (!cp_scalar(intro))
                cp_diag_node(e->diag, intro, "count_companion.intro", "expected a text, found a collection");
            return -1;
        }
        ctx.counts = counts;   /* its @count_words are those of the companion */
        cp_buf_putc(&e->md, '\n');
        if (cp_cellfmt_eval(f, &ctx, &e->md) == 0)
            cp_buf_putc(&e->md, '\n');
        cp_cellfmt_free(f);
    }
    cp_buf_printf(&e->md, "\n" CP_TABLE_MARK "%zu-->\n\n", i);
    return 0;
}

typedef struct {
    int active;         /* this branch is output */
    int parent_active;
    int taken;          /* the `if` branch was taken */
} frame;

static int expand(expander *e)
{
    const char *text = e->p->layout->page;
    frame stack[MAX_NESTING];
    int depth = 0, rc = 0;
    int active = 1;
    unsigned line_no = 0;
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t len = nl ? (size_t)(nl - text) : strlen(text);
        char *line = cp_xstrndup(text, len);
        text += len + (nl ? 1 : 0);
        line_no++;
        e->src.mark.line = line_no;
        if (len && line[len - 1] == '\r')
            line[len - 1] = '\0';
        cp_fmt_ctx ctx = ctx_of(e);
        if (strncmp(line, "::if ", 5) == 0) {
            if (depth == MAX_NESTING) {
                cp_diag_node(e->diag, &e->src, NULL, "expected at most %d nested ::if, found more", MAX_NESTING);
                rc = -1;
            } else {
                int c = active ? cp_cond_eval(line + 5, &ctx, probe, e, &e->src, e->diag) : 0;
                if (c < 0)
                    rc = -1;
                stack[depth++] = (frame){ active && c > 0, active, c > 0 };
                active = stack[depth - 1].active;
            }
        } else if (strcmp(line, "::else") == 0 || strcmp(line, "::end") == 0) {
            if (depth == 0) {
                cp_diag_node(e->diag, &e->src, NULL, "expected '%s' after an '::if', found no open '::if'", line);
                rc = -1;
            } else if (line[2] == 'e' && line[3] == 'l') {
                frame *f = &stack[depth - 1];
                f->active = f->parent_active && !f->taken;
                active = f->active;
            } else {
                active = stack[--depth].parent_active;
            }
        } else if (!active) {
            /* inside a branch not taken */
        } else if (strncmp(line, "::table ", 8) == 0) {
            int trc = 0;
            size_t i = table_index(e, line + 8, &e->src, CP_F_COUNT, &trc);
            cp_chart_list *charts = &e->p->charts[i];
            if (trc != 0)
                rc = -1;
            else if (e->p->tables[i].nrows)
                cp_buf_printf(&e->md, "\n" CP_TABLE_MARK "%zu-->\n\n", i);
            /* charts only for a table the page shows */
            if (trc == 0 && e->p->tables[i].nrows && !charts->built) {
                charts->built = 1;
                if (cp_chart_build(charts, e->p->layout, e->ds, e->p->tables[i].name, &e->p->tables[i], e->diag) != 0)
                    rc = -1;
                else if (e->on_charts)
                    e->on_charts(e->on_charts_arg, e->p);
            }
            if (trc == 0 && e->p->tables[i].nrows && add_companion(e, line + 8) != 0)
                rc = -1;
        } else if (strncmp(line, "::list ", 7) == 0) {
            if (expand_list(e, line + 7) != 0)
                rc = -1;
        } else if (strncmp(line, "::", 2) == 0) {
            cp_diag_node(e->diag, &e->src, NULL, "expected a directive (::if, ::else, ::end, ::table, ::list), found '%s'", line);
            rc = -1;
        } else if (expand_text(e, line) != 0) {
            rc = -1;
        }
        free(line);
    }
    if (depth != 0) {
        cp_diag_node(e->diag, &e->src, NULL, "expected '::end' closing %d '::if', found the end of the template", depth);
        rc = -1;
    }
    return rc;
}

int cp_page_build(cp_page *p, const cp_layout *l, const cp_dataset *ds, cp_diag *diag)
{
    return cp_page_build_drawing(p, l, ds, diag, NULL, NULL);
}

int cp_page_build_drawing(cp_page *p, const cp_layout *l, const cp_dataset *ds, cp_diag *diag, cp_page_charts_fn fn,
                          void *arg)
{
    memset(p, 0, sizeof *p);
    p->layout = l;
    expander e = { .p = p, .ds = ds, .diag = diag, .on_charts = fn, .on_charts_arg = arg };
    e.src.kind = CP_SCALAR;
    e.src.mark.file = l->page_path;
    e.src.mark.column = 1;
    cp_buf_puts(&e.md, "");
    cp_result_index *ix = cp_result_index_use(ds);   /* the page's tables find their results through it */
    int rc = expand(&e);
    p->shown = cp_result_index_take_shown(ix);
    p->nshown = ds->nresults;
    cp_result_index_done(ix);
    p->markdown = e.md.data;
    if (rc == 0)
        p->doc = cmark_parse_document(p->markdown, e.md.len, CMARK_OPT_DEFAULT);
    return rc;
}

void cp_page_free(cp_page *p)
{
    if (p->doc)
        cmark_node_free(p->doc);
    for (size_t i = 0; i < p->ntables; i++) {
        cp_table_free(&p->tables[i]);
        if (p->charts)
            cp_chart_list_free(&p->charts[i]);
    }
    free(p->tables);
    free(p->charts);
    free(p->markdown);
    free(p->shown);
    memset(p, 0, sizeof *p);
}

void cp_page_insert_nav(cp_page *p, const char *md)
{
    if (!p->doc || !md || !*md)
        return;
    cmark_node *nav = cmark_parse_document(md, strlen(md), CMARK_OPT_DEFAULT);
    cmark_node *at = cmark_node_first_child(p->doc);
    if (!(at && cmark_node_get_type(at) == CMARK_NODE_HEADING && cmark_node_get_heading_level(at) == 1))
        at = NULL;
    for (cmark_node *n; (n = cmark_node_first_child(nav));) {
        cmark_node_unlink(n);
        if (at)
            cmark_node_insert_after(at, n);
        else if (cmark_node_first_child(p->doc))
            cmark_node_insert_before(cmark_node_first_child(p->doc), n);
        else
            cmark_node_append_child(p->doc, n);
        at = n;
    }
    cmark_node_free(nav);
}

const cp_table *cp_page_table_of(const cp_page *p, cmark_node *n)
{
    const char *lit = cmark_node_get_literal(n);
    if (!lit || strncmp(lit, CP_TABLE_MARK, strlen(CP_TABLE_MARK)) != 0)
        return NULL;
    size_t i = strtoul(lit + strlen(CP_TABLE_MARK), NULL, 10);
    return i < p->ntables ? &p->tables[i] : NULL;
}
