/* The write loop (page_write.h): a page's prose tree walked once per
 * format, the writer called for each node, each table where its
 * placeholder stands and the charts after it; headings numbered as the
 * layout says. The writers only escape and lay out (render.h). */
#include "render/page_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* The plain text of the first level-1 heading: the document title. */
static char *page_title(const cp_page *p)
{
    for (cmark_node *n = cmark_node_first_child(p->doc); n; n = cmark_node_next(n))
        if (cmark_node_get_type(n) == CMARK_NODE_HEADING && cmark_node_get_heading_level(n) == 1) {
            char *t = cmark_render_plaintext(n, CMARK_OPT_DEFAULT, 0);
            size_t len = strlen(t);
            while (len && (t[len - 1] == '\n' || t[len - 1] == ' '))
                t[--len] = '\0';
            char *copy = cp_xstrdup(t);
            free(t);
            return copy;
        }
    return cp_xstrdup(p->layout->name);
}

/* How many times each table shows on the page */
static size_t *table_uses(const cp_page *p)
{
    size_t *uses = cp_xcalloc(p->ntables ? p->ntables : 1, sizeof *uses);
    cmark_iter *it = cmark_iter_new(p->doc);
    cmark_event_type ev;
    while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
        cmark_node *n = cmark_iter_get_node(it);
        const cp_table *t = ev == CMARK_EVENT_ENTER && cmark_node_get_type(n) == CMARK_NODE_HTML_BLOCK
                                ? cp_page_table_of(p, n)
                                : NULL;
        if (t)
            uses[t - p->tables]++;
    }
    cmark_iter_free(it);
    return uses;
}

/* "2.1." for a heading of level, the counters of the levels above it
 * advanced; "" when the layout does not number headings */
static void number_heading(const cp_page *p, int counters[7], int level, char *num, size_t size)
{
    num[0] = '\0';
    if (!p->layout->number_headings || level < 2)
        return;
    counters[level]++;
    for (int k = level + 1; k < 7; k++)
        counters[k] = 0;
    size_t len = 0;
    for (int k = 2; k <= level; k++)
        len += (size_t)snprintf(num + len, size - len, "%d.", counters[k]);
}

/* the writer's table of contents: every heading after the title, numbered
 * as the page numbers them */
static void write_toc(const cp_page *p, cp_render *r)
{
    cmark_node **heads = NULL;
    char **numbers = NULL;
    size_t n = 0;
    int counters[7] = { 0 };
    char num[64];
    cmark_iter *it = cmark_iter_new(p->doc);
    cmark_event_type ev;
    while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
        cmark_node *h = cmark_iter_get_node(it);
        if (ev != CMARK_EVENT_ENTER || cmark_node_get_type(h) != CMARK_NODE_HEADING)
            continue;
        int level = cmark_node_get_heading_level(h);
        if (level == 1 && r->w->skip_title)
            continue;
        number_heading(p, counters, level, num, sizeof num);
        heads = cp_xrealloc(heads, (n + 1) * sizeof *heads);
        numbers = cp_xrealloc(numbers, (n + 1) * sizeof *numbers);
        heads[n] = h;
        numbers[n++] = cp_xstrdup(num);
    }
    cmark_iter_free(it);
    r->w->toc(r, heads, (const char *const *)numbers, n);
    for (size_t i = 0; i < n; i++)
        free(numbers[i]);
    free(numbers);
    free(heads);
}

/* cp_page_write; with `freeing` (p itself), each table's rows go once written for the last time */
static void page_write(const cp_page *p, cp_page *freeing, const cp_writer *w, cp_buf *out, const cp_sink *sink)
{
    cp_render r = { out, w, "", 0, 0, { 0 }, sink, p->site_dir };
    size_t *uses = freeing ? table_uses(p) : NULL;
    if (w->begin) {
        char *title = page_title(p);
        w->begin(&r, title, p->layout->css);
        free(title);
    }
    int counters[7] = { 0 };
    char num[64];
    int toc_done = 0;
    cmark_node *toc_after = NULL;   /* the list of links under the title (site_nav.h) */
    cmark_iter *it = cmark_iter_new(p->doc);
    cmark_event_type ev;
    while ((ev = cmark_iter_next(it)) != CMARK_EVENT_DONE) {
        cmark_node *n = cmark_iter_get_node(it);
        int entering = ev == CMARK_EVENT_ENTER;
        cmark_node_type type = cmark_node_get_type(n);
        if (type == CMARK_NODE_HTML_BLOCK) {
            const cp_table *t = cp_page_table_of(p, n);
            if (t) {
                const cp_chart_list *charts = p->charts ? &p->charts[t - p->tables] : NULL;
                if (entering) {
                    w->table(&r, t);
                    for (size_t i = 0; charts && i < charts->n; i++)
                        w->chart(&r, charts->items[i]);
                    /* the rows freed where the last format shows the
                     * table last (its name stays for cp_page_free): the
                     * page model shrinks while the HTML, its largest
                     * format, grows */
                    if (uses && --uses[t - p->tables] == 0)
                        cp_table_drop_rows(&freeing->tables[t - p->tables]);
                    cp_render_flush(&r);
                }
                continue;
            }
        }
        if (type == CMARK_NODE_HEADING && entering) {
            int level = cmark_node_get_heading_level(n);
            if (level == 1 && w->skip_title) {
                cmark_iter_reset(it, n, CMARK_EVENT_EXIT);
                continue;
            }
            number_heading(p, counters, level, num, sizeof num);
            r.number = num;
        }
        w->node(&r, n, entering);
        /* the contents under the title (the links around it come first) */
        if (w->toc && !toc_done && !entering && type == CMARK_NODE_HEADING && cmark_node_get_heading_level(n) == 1) {
            cmark_node *next = cmark_node_next(n);
            if (next && cmark_node_get_type(next) == CMARK_NODE_LIST)
                toc_after = next;
            else {
                write_toc(p, &r);
                toc_done = 1;
            }
        }
        if (w->toc && !toc_done && !entering && n == toc_after) {
            write_toc(p, &r);
            toc_done = 1;
        }
        cp_render_flush(&r);
    }
    cmark_iter_free(it);
    free(uses);
    if (w->end)
        w->end(&r);
    cp_buf_free(&r.anchors);
    /* exactly one newline at the end, whatever the last block left */
    while (out->len && out->data[out->len - 1] == '\n')
        out->data[--out->len] = '\0';
    cp_buf_putc(out, '\n');
    if (sink) {
        sink->put(sink->arg, out->data, out->len);
        out->len = 0;
        out->data[0] = '\0';
    }
}

void cp_page_write(const cp_page *p, const cp_writer *w, cp_buf *out)
{
    page_write(p, NULL, w, out, NULL);
}

void cp_page_write_last(cp_page *p, const cp_writer *w, cp_buf *out)
{
    page_write(p, p, w, out, NULL);
}

void cp_page_stream(cp_page *p, const cp_writer *w, int last, const cp_sink *sink)
{
    cp_buf out = { 0 };
    cp_buf_puts(&out, "");
    page_write(p, last ? p : NULL, w, &out, sink);
    cp_buf_free(&out);
}
