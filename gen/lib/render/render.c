/* What the writers share (cmark's render.c in small): text through the
 * writer's escape with line breaks flattened and block markers at the start
 * of a line defused, and where a node sits in lists and quotes. */
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

void cp_render_text(cp_render *r, const char *s, size_t n, const char *line_start_specials,
                    void (*escape_first)(cp_buf *out, char c))
{
    size_t i = 0;
    if (r->line_start && n) {
        r->line_start = 0;
        if (strchr(line_start_specials, s[0])) {
            escape_first(r->out, s[0]);
            i = 1;
        }
    }
    while (i < n) {
        size_t j = i;
        while (j < n && s[j] != '\n' && s[j] != '\r')
            j++;
        r->w->escape(r->out, s + i, j - i);
        if (j < n) {
            cp_buf_putc(r->out, ' ');
            j++;
        }
        i = j;
    }
}

/* large enough that a write per flush costs nothing, small against a page */
#define FLUSH_AT (256 * 1024)

void cp_render_flush(cp_render *r)
{
    cp_buf *o = r->out;
    if (!r->sink || o->len < FLUSH_AT)
        return;
    size_t keep = 0;
    while (keep < o->len && o->data[o->len - 1 - keep] == '\n')
        keep++;
    r->sink->put(r->sink->arg, o->data, o->len - keep);
    memmove(o->data, o->data + o->len - keep, keep + 1);   /* with the '\0' */
    o->len = keep;
}

char *cp_render_chart_alt(const cp_chart *c)
{
    return c->subtitle ? cp_xasprintf("%s (%s)", c->title, c->subtitle) : cp_xstrdup(c->title);
}

int cp_render_list_depth(cmark_node *n)
{
    int d = 0;
    for (; n; n = cmark_node_parent(n))
        d += cmark_node_get_type(n) == CMARK_NODE_LIST;
    return d;
}

int cp_render_in_tight_list(cmark_node *paragraph)
{
    cmark_node *item = cmark_node_parent(paragraph);
    if (!item || cmark_node_get_type(item) != CMARK_NODE_ITEM)
        return 0;
    cmark_node *list = cmark_node_parent(item);
    return list && cmark_node_get_list_tight(list);
}

int cp_render_in_quote(cmark_node *n)
{
    for (n = cmark_node_parent(n); n; n = cmark_node_parent(n))
        if (cmark_node_get_type(n) == CMARK_NODE_BLOCK_QUOTE)
            return 1;
    return 0;
}

const cp_writer *const cp_writers[CP_NWRITERS] = { &cp_writer_wiki, &cp_writer_md, &cp_writer_html };

char *cp_render_link_target(const char *link, const char *ext)
{
    if (strncmp(link, CP_PAGE_LINK, strlen(CP_PAGE_LINK)) == 0) {
        const char *page = link + strlen(CP_PAGE_LINK);
        size_t n = strlen(page);
        if (n > 3 && !strcmp(page + n - 3, ".md"))   /* a page file, not a folder's index */
            return cp_xasprintf("%.*s.%s", (int)(n - 3), page, ext);
        return cp_xasprintf("%s/index.%s", page, ext);
    }
    return cp_xstrdup(link);
}

char *cp_render_site_page(const char *dir, const char *url)
{
    size_t n = strlen(url);
    if (!dir || strchr(url, ':') || strchr(url, '#') || n < 4 || strcmp(url + n - 3, ".md"))
        return NULL;
    /* the folders of dir, then url's parts: ".." climbs one */
    char *path = *dir ? cp_xasprintf("%s/%.*s", dir, (int)(n - 3), url) : cp_xstrndup(url, n - 3);
    char **parts = cp_xcalloc(strlen(path) + 1, sizeof *parts);
    size_t np = 0;
    int above = 0;
    for (char *save = NULL, *t = strtok_r(path, "/", &save); t; t = strtok_r(NULL, "/", &save)) {
        if (!strcmp(t, "."))
            continue;
        if (!strcmp(t, "..")) {
            if (!np)
                above = 1;
            else
                np--;
            continue;
        }
        parts[np++] = t;
    }
    if (np && !strcmp(parts[np - 1], "index"))
        np--;   /* a folder's index is the folder's page */
    cp_buf b = { 0 };
    cp_buf_puts(&b, "");
    for (size_t i = 0; i < np; i++)
        cp_buf_printf(&b, "%s%s", i ? "/" : "", parts[i]);
    free(parts);
    free(path);
    if (above) {
        cp_buf_free(&b);
        return NULL;
    }
    return b.data;
}

void cp_render_put_url(cp_buf *out, const char *s)
{
    cp_buf_put_url(out, s, "/");
}

void cp_note_walk_start(cp_note_walk *w, const cp_table *t)
{
    w->t = t;
    w->next = 0;
    w->label = t->nshared ? cp_xcalloc(t->nshared, sizeof *w->label) : NULL;
}

int cp_note_walk_next(cp_note_walk *w, cp_render *r, size_t row, size_t col, const char **text, unsigned *label,
                      int *first)
{
    const cp_table *t = w->t;
    if (w->next >= t->nmarks || t->marks[w->next].row != row || t->marks[w->next].col != col)
        return 0;
    size_t k = t->marks[w->next++].note;
    *first = !w->label[k];
    if (*first)
        w->label[k] = ++r->notes;
    *text = t->shared[k];
    *label = w->label[k];
    return 1;
}

void cp_note_walk_end(cp_note_walk *w)
{
    free(w->label);
    w->label = NULL;
}
