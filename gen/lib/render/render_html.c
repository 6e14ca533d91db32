/* HTML, a writer of render.h: a standalone document per page (after cmark's
 * html.c for the prose), tables with borders from the layout's stylesheet,
 * no script, no network resource. The output is also well-formed XML (every
 * element closed, void elements as "<br />", attributes quoted, only the
 * five XML entities), so one strict parser (xmllint) checks every page. Text
 * from data is escaped: & < > " ' never reach the page as markup. */
#include <stdlib.h>
#include <string.h>

#include "base/text_clean.h"
#include "render/render.h"

static void html_escape(cp_buf *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t special = cp_text_put_special(out, s + i, n - i);
        if (special) { /* not ASCII, or a control character: written */
            i += special - 1;
            continue;
        }
        switch (s[i]) {
        case '&': cp_buf_puts(out, "&amp;"); break;
        case '<': cp_buf_puts(out, "&lt;"); break;
        case '>': cp_buf_puts(out, "&gt;"); break;
        case '"': cp_buf_puts(out, "&quot;"); break;
        case '\'': cp_buf_puts(out, "&#39;"); break;
        case '\n': case '\r': cp_buf_putc(out, ' '); break;
        default: cp_buf_putc(out, s[i]);
        }
    }
}

static void html_puts(cp_buf *out, const char *s)
{
    html_escape(out, s, strlen(s));
}

/* an href: percent-encoded path, then escaped for the attribute */
static void put_href(cp_buf *out, const char *target)
{
    cp_buf url = { 0 };
    cp_buf_puts(&url, "");
    cp_render_put_url(&url, target);
    html_puts(out, url.data);
    cp_buf_free(&url);
}

/* Lower-case ASCII letters and digits, runs of anything else as one '-'. */
static void put_slug(cp_buf *out, const char *s)
{
    int dash = 0;
    size_t start = out->len;
    for (; *s; s++) {
        char c = *s;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (dash && out->len > start)
                cp_buf_putc(out, '-');
            cp_buf_putc(out, c);
            dash = 0;
        } else {
            dash = 1;
        }
    }
}

/* The plain text of a node's inline children (a heading's words). */
static void plain_text(cp_buf *out, cmark_node *n)
{
    for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c)) {
        const char *lit = cmark_node_get_literal(c);
        cmark_node_type t = cmark_node_get_type(c);
        if ((t == CMARK_NODE_TEXT || t == CMARK_NODE_CODE) && lit)
            cp_buf_puts(out, lit);
        else if (t == CMARK_NODE_SOFTBREAK || t == CMARK_NODE_LINEBREAK)
            cp_buf_putc(out, ' ');
        else
            plain_text(out, c);
    }
}

/* "2.1. AES CBC" -> id "2-1-aes-cbc"; a repeated id gets "-2", "-3"... */
static void heading_id(cp_render *r, cmark_node *n)
{
    cp_buf words = { 0 }, id = { 0 };
    cp_buf_puts(&words, r->number);
    cp_buf_putc(&words, ' ');
    plain_text(&words, n);
    cp_buf_puts(&id, "");
    put_slug(&id, words.data);
    if (!id.len)
        cp_buf_puts(&id, "section");
    size_t base = id.len;
    for (unsigned k = 2;; k++) {
        cp_buf line = { 0 };
        cp_buf_printf(&line, "\n%s\n", id.data);
        int seen = r->anchors.data && strstr(r->anchors.data, line.data);
        cp_buf_free(&line);
        if (!seen)
            break;
        id.len = base;
        id.data[base] = '\0';
        cp_buf_printf(&id, "-%u", k);
    }
    if (!r->anchors.len)
        cp_buf_putc(&r->anchors, '\n');
    cp_buf_printf(&r->anchors, "%s\n", id.data);
    cp_buf_printf(r->out, " id=\"%s\"", id.data);
    cp_buf_free(&words);
    cp_buf_free(&id);
}

/* the contents: headings of levels 2 and 3, linked by the ids they will
 * get (every heading's id worked out in order on a scratch copy, so that a
 * repeated one gets the suffix it will have) */
static void html_toc(cp_render *r, cmark_node *const *heads, const char *const *numbers, size_t n)
{
    size_t listed = 0;
    for (size_t i = 0; i < n; i++)
        listed += cmark_node_get_heading_level(heads[i]) <= 3 && cmark_node_get_heading_level(heads[i]) >= 2;
    if (listed < 2)
        return;
    cp_render scratch = *r;
    cp_buf ids = { 0 };
    scratch.out = &ids;
    scratch.anchors = (cp_buf){ 0 };   /* heads starts with the title: every id again, in order */
    cp_buf *o = r->out;
    cp_buf_puts(o, "<nav class=\"toc\" aria-label=\"Contents\">\n<p class=\"toc-title\">Contents</p>\n<ul>\n");
    int item_open = 0, sub_open = 0;
    for (size_t i = 0; i < n; i++) {
        ids.len = 0;
        cp_buf_puts(&ids, "");
        scratch.number = numbers[i];
        heading_id(&scratch, heads[i]);   /* writes ' id="..."' */
        int level = cmark_node_get_heading_level(heads[i]);
        if (level < 2 || level > 3)
            continue;
        if (level == 2) {
            cp_buf_puts(o, sub_open ? "</ul></li>\n" : item_open ? "</li>\n" : "");
            sub_open = item_open = 0;
        } else if (!sub_open) {
            cp_buf_puts(o, item_open ? "<ul>\n" : "<li><ul>\n");
            sub_open = item_open = 1;
        }
        const char *id = strchr(ids.data, '"') + 1;
        cp_buf_puts(o, "<li><a href=\"#");
        cp_buf_put(o, id, strcspn(id, "\""));
        cp_buf_puts(o, "\">");
        if (*numbers[i]) {
            html_puts(o, numbers[i]);
            cp_buf_putc(o, ' ');
        }
        cp_buf text = { 0 };
        cp_buf_puts(&text, "");
        plain_text(&text, heads[i]);
        html_puts(o, text.data);
        cp_buf_free(&text);
        cp_buf_puts(o, "</a>");
        if (level == 3)
            cp_buf_puts(o, "</li>\n");
        else
            item_open = 1;
    }
    cp_buf_puts(o, sub_open ? "</ul></li>\n" : item_open ? "</li>\n" : "");
    cp_buf_puts(o, "</ul>\n</nav>\n");
    cp_buf_free(&ids);
    cp_buf_free(&scratch.anchors);
}

static void html_node(cp_render *r, cmark_node *n, int entering)
{
    cp_buf *o = r->out;
    switch (cmark_node_get_type(n)) {
    case CMARK_NODE_HEADING: {
        int level = cmark_node_get_heading_level(n);
        if (entering) {
            cp_buf_printf(o, "<h%d", level);
            heading_id(r, n);
            cp_buf_putc(o, '>');
            if (*r->number)
                cp_buf_printf(o, "%s ", r->number);
        } else {
            cp_buf_printf(o, "</h%d>\n", level);
        }
        return;
    }
    case CMARK_NODE_PARAGRAPH:
        if (!cp_render_in_tight_list(n))
            cp_buf_puts(o, entering ? "<p>" : "</p>\n");
        return;
    case CMARK_NODE_TEXT:
        html_puts(o, cmark_node_get_literal(n));
        return;
    case CMARK_NODE_SOFTBREAK:
        cp_buf_putc(o, '\n');
        return;
    case CMARK_NODE_LINEBREAK:
        cp_buf_puts(o, "<br />\n");
        return;
    case CMARK_NODE_CODE:
        cp_buf_puts(o, "<code>");
        html_puts(o, cmark_node_get_literal(n));
        cp_buf_puts(o, "</code>");
        return;
    case CMARK_NODE_EMPH:
        cp_buf_puts(o, entering ? "<em>" : "</em>");
        return;
    case CMARK_NODE_STRONG:
        cp_buf_puts(o, entering ? "<strong>" : "</strong>");
        return;
    case CMARK_NODE_LINK:
        if (entering) {
            /* a relative link of a template names the Markdown page next to
             * this one (summary.md): the HTML page links the HTML sibling */
            const char *url = cmark_node_get_url(n), *md = cp_writer_md.ext;
            size_t len = strlen(url), ext = strlen(md) + 1;
            int sibling = !strchr(url, ':') && len > ext && url[len - ext] == '.' && !strcmp(url + len - ext + 1, md);
            cp_buf_puts(o, "<a href=\"");
            if (sibling) {
                char *base = cp_xstrndup(url, len - ext);
                html_puts(o, base);
                free(base);
                cp_buf_putc(o, '.');
                cp_buf_puts(o, r->w->ext);
            } else {
                html_puts(o, url);
            }
            cp_buf_puts(o, "\">");
        } else {
            cp_buf_puts(o, "</a>");
        }
        return;
    case CMARK_NODE_LIST: {
        int ordered = cmark_node_get_list_type(n) == CMARK_ORDERED_LIST;
        if (!entering)
            cp_buf_puts(o, ordered ? "</ol>\n" : "</ul>\n");
        else if (!ordered)
            cp_buf_puts(o, "<ul>\n");
        else if (cmark_node_get_list_start(n) != 1)
            cp_buf_printf(o, "<ol start=\"%d\">\n", cmark_node_get_list_start(n));
        else
            cp_buf_puts(o, "<ol>\n");
        return;
    }
    case CMARK_NODE_ITEM:
        cp_buf_puts(o, entering ? "<li>" : "</li>\n");
        return;
    case CMARK_NODE_BLOCK_QUOTE:
        cp_buf_puts(o, entering ? "<blockquote>\n" : "</blockquote>\n");
        return;
    case CMARK_NODE_THEMATIC_BREAK:
        cp_buf_puts(o, "<hr />\n");
        return;
    case CMARK_NODE_CODE_BLOCK:
        cp_buf_puts(o, "<pre><code>");
        html_puts(o, cmark_node_get_literal(n));
        cp_buf_puts(o, "</code></pre>\n");
        return;
    case CMARK_NODE_HTML_BLOCK:
    case CMARK_NODE_HTML_INLINE:
        /* written by the template author, not from data */
        cp_buf_puts(o, cmark_node_get_literal(n));
        return;
    default:
        return;
    }
}

/* A number, maybe with a unit ("11 667", "1.5 ms", "1378 bytes"): shown
 * right-aligned so that digits line up in a column. A version ("2.1.6")
 * is not a number. */
static int is_number(const char *s)
{
    if (*s == '-')
        s++;
    if (*s < '0' || *s > '9')
        return 0;
    const char *end = s + strspn(s, "0123456789 .");
    const char *dot = memchr(s, '.', (size_t)(end - s));
    if (dot && memchr(dot + 1, '.', (size_t)(end - dot - 1)))
        return 0;
    return *end == '\0' || (end[-1] == ' ' && !strchr(end, ' ') && strlen(end) <= 8);
}

static void note_id(cp_buf *o, const char *kind, const cp_table *t, unsigned k)
{
    cp_buf_printf(o, "%s-", kind);
    put_slug(o, t->note_group ? t->note_group : "note");
    cp_buf_printf(o, "-%u", k);
}

/* the reference to footnote k; id: the back link's target (its first reference) */
static void note_ref(cp_buf *o, const cp_table *t, unsigned k, int id)
{
    cp_buf_puts(o, "<sup");
    if (id) {
        cp_buf_puts(o, " id=\"");
        note_id(o, "ref", t, k);
        cp_buf_putc(o, '"');
    }
    cp_buf_puts(o, "><a href=\"#");
    note_id(o, "note", t, k);
    cp_buf_printf(o, "\">[%u]</a></sup>", k);
}

static void note_item(cp_buf *notes, const cp_table *t, unsigned k, const char *text)
{
    cp_buf_puts(notes, "<li id=\"");
    note_id(notes, "note", t, k);
    cp_buf_puts(notes, "\">");
    html_puts(notes, text);
    cp_buf_puts(notes, "</li>\n");
}

static void cell(cp_render *r, const cp_table *t, const cp_cell *c, cp_tone tone, const char *tag, cp_buf *notes,
                 cp_note_walk *walk, size_t row, size_t col)
{
    cp_buf *o = r->out;
    /* digits line up in a column; a label/value table (no header row) has none */
    int num = t->head && is_number(c->text);
    /* the stylesheet shades these (html.css); the cell's words say it too */
    const char *shade = tone == CP_TONE_BETTER ? "better" : tone == CP_TONE_WORSE ? "worse" : NULL;
    /* puts, not printf: a cell of a table of 10^5 rows (printf measures,
     * then writes, a fifth of formatting the page) */
    cp_buf_putc(o, '<');
    cp_buf_puts(o, tag);
    if (num || shade) {
        cp_buf_puts(o, " class=\"");
        cp_buf_puts(o, num ? "num" : "");
        cp_buf_puts(o, num && shade ? " " : "");
        cp_buf_puts(o, shade ? shade : "");
        cp_buf_putc(o, '"');
    }
    cp_buf_putc(o, '>');
    if (c->link) {
        char *target = cp_render_link_target(c->link, r->w->ext);
        cp_buf_puts(o, "<a href=\"");
        put_href(o, target);
        cp_buf_puts(o, "\">");
        free(target);
    }
    html_puts(o, c->text);
    if (c->link)
        cp_buf_puts(o, "</a>");
    if (c->note) {
        unsigned k = ++r->notes;
        note_ref(o, t, k, 1);
        note_item(notes, t, k, c->note);
    }
    /* a shared note: listed once, referred to from each of its cells */
    const char *text;
    unsigned k;
    int first;
    while (cp_note_walk_next(walk, r, row, col, &text, &k, &first)) {
        note_ref(o, t, k, first);
        if (first)
            note_item(notes, t, k, text);
    }
    cp_buf_puts(o, "</");
    cp_buf_puts(o, tag);
    cp_buf_putc(o, '>');
}

static void html_table(cp_render *r, const cp_table *t)
{
    cp_buf *o = r->out;
    cp_buf notes = { 0 };
    unsigned first_note = r->notes + 1;
    cp_note_walk walk;
    cp_note_walk_start(&walk, t);
    cp_buf_puts(o, "<table class=\"wikitable\">\n");
    if (t->head) {
        cp_buf_puts(o, "<thead>\n<tr>");
        for (size_t c = 0; c < t->ncols; c++) {
            cp_buf_puts(o, "<th>");
            html_puts(o, t->head[c]);
            cp_buf_puts(o, "</th>");
        }
        cp_buf_puts(o, "</tr>\n</thead>\n");
    }
    cp_buf_puts(o, "<tbody>\n");
    for (size_t row = 0; row < t->nrows; row++) {
        cp_buf_puts(o, "<tr>");
        /* a table without header row (label/value rows) heads each row with its label */
        for (size_t c = 0; c < t->ncols; c++)
            cell(r, t, cp_table_cell(t, row, c), cp_table_tone(t, row, c), !t->head && c == 0 ? "th" : "td",
                 &notes, &walk, row, c);
        cp_buf_puts(o, "</tr>\n");
        cp_render_flush(r);
    }
    cp_buf_puts(o, "</tbody>\n</table>\n");
    cp_note_walk_end(&walk);
    if (notes.len) {
        cp_buf_printf(o, "<ol class=\"notes\" start=\"%u\">\n", first_note);
        cp_buf_put(o, notes.data, notes.len);
        cp_buf_puts(o, "</ol>\n");
    }
    cp_buf_free(&notes);
}

static void html_begin(cp_render *r, const char *title, const char *css)
{
    cp_buf *o = r->out;
    cp_buf_puts(o, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n"
                   "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n<title>");
    html_puts(o, title);
    cp_buf_puts(o, "</title>\n");
    if (css && *css) {
        /* the layout's stylesheet holds no '<' or '&' (checked when loaded) */
        cp_buf_puts(o, "<style>\n");
        cp_buf_puts(o, css);
        if (o->data[o->len - 1] != '\n')
            cp_buf_putc(o, '\n');
        cp_buf_puts(o, "</style>\n");
    }
    cp_buf_puts(o, "</head>\n<body>\n<main>\n");
}

static void html_end(cp_render *r)
{
    cp_buf_puts(r->out, "</main>\n</body>\n</html>\n");
}

/* <img> of the chart file next to the page, its name percent-encoded */
static void html_chart(cp_render *r, const cp_chart *c)
{
    cp_buf *o = r->out;
    char *alt = cp_render_chart_alt(c);
    cp_buf_puts(o, "<p class=\"chart\"><img src=\"");
    put_href(o, c->file);
    cp_buf_puts(o, "\" alt=\"");
    html_puts(o, alt);
    cp_buf_puts(o, "\" /></p>\n");
    free(alt);
}

const cp_writer cp_writer_html = { "html", 0, html_escape, html_node, html_table, html_begin, html_end, html_chart,
                                   html_toc };
