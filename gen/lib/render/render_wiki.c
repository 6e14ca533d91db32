/* MediaWiki wikitext, a writer of render.h: `{| class="wikitable"` tables,
 * `== 1. Title ==` headings. Text from data never reaches the wiki as
 * markup: every character the parser gives a meaning (links, templates,
 * tables, quotes, tags, signatures, magic words) is written as an HTML
 * entity. */
#include <stdlib.h>
#include <string.h>

#include "base/text_clean.h"
#include "render/render.h"

static void wiki_escape(cp_buf *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t special = cp_text_put_special(out, s + i, n - i);
        if (special) { /* not ASCII, or a control character: written */
            i += special - 1;
            continue;
        }
        char c = s[i];
        switch (c) {
        case '&': cp_buf_puts(out, "&amp;"); break;
        case '<': cp_buf_puts(out, "&lt;"); break;
        case '>': cp_buf_puts(out, "&gt;"); break;
        case '[': case ']': case '{': case '}': case '|': case '\'': case '~': case '=': case '!':
            cp_buf_printf(out, "&#%d;", c);
            break;
        case '_':   /* __TOC__ and other behaviour switches */
            if (i + 1 < n && s[i + 1] == '_')
                cp_buf_puts(out, "&#95;");
            else
                cp_buf_putc(out, c);
            break;
        case '\n': case '\r':
            cp_buf_putc(out, ' ');
            break;
        default:
            cp_buf_putc(out, c);
        }
    }
}

static void wiki_escape_first(cp_buf *out, char c)
{
    cp_buf_printf(out, "&#%d;", c);
}

/* characters that mean something at the start of a wikitext line */
#define LINE_START_SPECIALS "*#:; -"

static void text(cp_render *r, const char *s)
{
    cp_render_text(r, s, strlen(s), LINE_START_SPECIALS, wiki_escape_first);
}

static void wiki_node(cp_render *r, cmark_node *n, int entering)
{
    cp_buf *o = r->out;
    switch (cmark_node_get_type(n)) {
    case CMARK_NODE_HEADING: {
        int level = cmark_node_get_heading_level(n);
        if (!entering)
            cp_buf_putc(o, ' ');
        for (int i = 0; i < level; i++)
            cp_buf_putc(o, '=');
        if (entering)
            cp_buf_printf(o, " %s%s", r->number, *r->number ? " " : "");
        else
            cp_buf_puts(o, "\n\n");
        return;
    }
    case CMARK_NODE_PARAGRAPH:
        if (entering) {
            r->line_start = 1;
        } else {
            cp_buf_puts(o, cp_render_in_tight_list(n) ? "\n" : "\n\n");
        }
        return;
    case CMARK_NODE_TEXT:
        text(r, cmark_node_get_literal(n));
        return;
    case CMARK_NODE_SOFTBREAK:
        cp_buf_putc(o, ' ');
        return;
    case CMARK_NODE_LINEBREAK:
        cp_buf_puts(o, "<br />");
        return;
    case CMARK_NODE_CODE:
        cp_buf_puts(o, "<code>");
        wiki_escape(o, cmark_node_get_literal(n), strlen(cmark_node_get_literal(n)));
        cp_buf_puts(o, "</code>");
        return;
    case CMARK_NODE_EMPH:
        cp_buf_puts(o, "''");
        return;
    case CMARK_NODE_STRONG:
        cp_buf_puts(o, "'''");
        return;
    case CMARK_NODE_LINK: {
        /* a relative link names a page of the site (summary.md,
         * ../compare.md): its wiki title, as publish names the pages
         * (site path after the prefix, the index the prefix alone); with
         * the page's place in the site unknown, only the text is written */
        const char *url = cmark_node_get_url(n);
        if (!strchr(url, ':')) {
            char *page = cp_render_site_page(r->site_dir, url);
            if (page && entering)
                cp_buf_printf(o, "[[%s%s|", *page ? CP_WIKI_TITLE_PREFIX : CP_WIKI_INDEX_TITLE, page);
            else if (page)
                cp_buf_puts(o, "]]");
            free(page);
            return;
        }
        if (entering) {
            cp_buf_putc(o, '[');
            for (; *url; url++)
                if (*url == ' ' || *url == ']' || *url == '[' || *url == '<' || *url == '>' || *url == '"')
                    cp_buf_printf(o, "%%%02X", (unsigned char)*url);
                else
                    cp_buf_putc(o, *url);
            cp_buf_putc(o, ' ');
        } else {
            cp_buf_putc(o, ']');
        }
        return;
    }
    case CMARK_NODE_ITEM:
        if (entering) {
            int depth = cp_render_list_depth(n);
            char mark = cmark_node_get_list_type(cmark_node_parent(n)) == CMARK_ORDERED_LIST ? '#' : '*';
            for (int i = 0; i < depth; i++)
                cp_buf_putc(o, mark);
            cp_buf_putc(o, ' ');
        }
        return;
    case CMARK_NODE_LIST:
        if (!entering && cp_render_list_depth(n) == 1)
            cp_buf_putc(o, '\n');
        return;
    case CMARK_NODE_BLOCK_QUOTE:
        cp_buf_puts(o, entering ? "<blockquote>\n" : "</blockquote>\n\n");
        return;
    case CMARK_NODE_THEMATIC_BREAK:
        cp_buf_puts(o, "----\n\n");
        return;
    case CMARK_NODE_CODE_BLOCK:
        cp_buf_puts(o, "<pre>");
        wiki_escape(o, cmark_node_get_literal(n), strlen(cmark_node_get_literal(n)));
        cp_buf_puts(o, "</pre>\n\n");
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

/* A page link becomes an internal link to the page's title; a file link
 * (a path in the repository, not on the wiki) stays plain text. */
static void cell_text(cp_render *r, const cp_cell *c)
{
    const char *page = c->link && !strncmp(c->link, CP_PAGE_LINK, strlen(CP_PAGE_LINK))
                           ? c->link + strlen(CP_PAGE_LINK) : NULL;
    /* a link from a page two folders down (the cross-core pages) climbs
     * with ../ in Markdown and HTML; a wiki title names the page set */
    while (page && !strncmp(page, "../", 3))
        page += 3;
    if (page) {
        size_t n = strlen(page);
        if (n > 3 && !strcmp(page + n - 3, ".md"))
            n -= 3;   /* a page file: its title has no extension */
        cp_buf_puts(r->out, "[[" CP_WIKI_TITLE_PREFIX);
        wiki_escape(r->out, page, n);
        cp_buf_putc(r->out, '|');
    }
    wiki_escape(r->out, c->text, strlen(c->text));
    if (page)
        cp_buf_puts(r->out, "]]");
}

static void cell(cp_render *r, const cp_table *t, const cp_cell *c)
{
    cell_text(r, c);
    if (c->note) {
        cp_buf_printf(r->out, "<ref group=\"%s\">", t->note_group ? t->note_group : "note");
        wiki_escape(r->out, c->note, strlen(c->note));
        cp_buf_puts(r->out, "</ref>");
        r->notes++;
    }
}

/* The shared notes of a cell: the text at the first marker, a named
 * reference back to it at every later one (one entry in the list) */
static void shared_notes(cp_render *r, const cp_table *t, cp_note_walk *w, size_t row, size_t col)
{
    const char *text, *group = t->note_group ? t->note_group : "note";
    unsigned label;
    int first;
    while (cp_note_walk_next(w, r, row, col, &text, &label, &first)) {
        cp_buf_printf(r->out, "<ref group=\"%s\" name=\"cp-note-%u\"", group, label);
        if (!first) {
            cp_buf_puts(r->out, " />");
            continue;
        }
        cp_buf_putc(r->out, '>');
        wiki_escape(r->out, text, strlen(text));
        cp_buf_puts(r->out, "</ref>");
    }
}

static void wiki_table(cp_render *r, const cp_table *t)
{
    cp_buf *o = r->out;
    unsigned notes = r->notes;
    cp_note_walk walk;
    cp_note_walk_start(&walk, t);
    cp_buf_puts(o, "{| class=\"wikitable\"\n");
    if (t->head) {
        for (size_t c = 0; c < t->ncols; c++) {
            cp_buf_puts(o, c ? " !! " : "! ");
            wiki_escape(o, t->head[c], strlen(t->head[c]));
        }
        cp_buf_putc(o, '\n');
    }
    for (size_t row = 0; row < t->nrows; row++) {
        cp_buf_puts(o, "|-\n");
        for (size_t c = 0; c < t->ncols; c++) {
            cp_buf_puts(o, c ? " || " : "| ");
            /* a wiki page has no stylesheet of ours: the shade is the
             * cell's own attribute (the cell's words say it too) */
            cp_tone tone = cp_table_tone(t, row, c);
            if (tone != CP_TONE_NONE)
                cp_buf_puts(o, tone == CP_TONE_BETTER ? "style=\"background:" CP_TONE_BETTER_RGB "\" | "
                                                      : "style=\"background:" CP_TONE_WORSE_RGB "\" | ");
            cell(r, t, cp_table_cell(t, row, c));
            shared_notes(r, t, &walk, row, c);
        }
        cp_buf_putc(o, '\n');
        cp_render_flush(r);
    }
    cp_buf_puts(o, "|}\n");
    cp_note_walk_end(&walk);
    if (r->notes != notes)
        cp_buf_printf(o, "<references group=\"%s\" />\n", t->note_group ? t->note_group : "note");
    cp_buf_putc(o, '\n');
}

/* [[File:NAME|alt=TEXT]]: the name is safe by construction (chart_name.h),
 * the alternative text goes through the escape like any data */
static void wiki_chart(cp_render *r, const cp_chart *c)
{
    char *alt = cp_render_chart_alt(c);
    cp_buf_printf(r->out, "[[File:%s|alt=", c->file);
    wiki_escape(r->out, alt, strlen(alt));
    cp_buf_puts(r->out, "]]\n\n");
    free(alt);
}

const cp_writer cp_writer_wiki = { "wiki", 1, wiki_escape, wiki_node, wiki_table, NULL, NULL, wiki_chart, NULL };
