/* GitHub-flavoured Markdown, a writer of render.h: pipe tables, ATX
 * headings. Text from data is backslash-escaped wherever Markdown would read
 * it as markup. */
#include <stdlib.h>
#include <string.h>

#include "base/text_clean.h"
#include "model/chart_name.h"
#include "render/render.h"

static void md_escape(cp_buf *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t special = cp_text_put_special(out, s + i, n - i);
        if (special) { /* not ASCII, or a control character: written */
            i += special - 1;
            continue;
        }
        char c = s[i];
        if (strchr("\\`*_[]<>|&~", c) && c)
            cp_buf_putc(out, '\\');
        cp_buf_putc(out, c == '\n' || c == '\r' ? ' ' : c);
    }
}

static void md_escape_first(cp_buf *out, char c)
{
    cp_buf_putc(out, '\\');
    cp_buf_putc(out, c);
}

/* characters that start a block at the beginning of a line */
#define LINE_START_SPECIALS "#-+=>"

static void md_text(cp_render *r, const char *s)
{
    /* "1." or "1)" at the start of a line begins an ordered list */
    if (r->line_start && s[0] >= '0' && s[0] <= '9') {
        size_t k = strspn(s, "0123456789");
        r->line_start = 0;
        if (s[k] == '.' || s[k] == ')') {
            cp_buf_put(r->out, s, k);
            cp_buf_putc(r->out, '\\');
            s += k;
        }
    }
    cp_render_text(r, s, strlen(s), LINE_START_SPECIALS, md_escape_first);
}

static void md_node(cp_render *r, cmark_node *n, int entering)
{
    cp_buf *o = r->out;
    switch (cmark_node_get_type(n)) {
    case CMARK_NODE_HEADING:
        if (entering) {
            for (int i = 0; i < cmark_node_get_heading_level(n); i++)
                cp_buf_putc(o, '#');
            cp_buf_printf(o, " %s%s", r->number, *r->number ? " " : "");
        } else {
            cp_buf_puts(o, "\n\n");
        }
        return;
    case CMARK_NODE_PARAGRAPH:
        if (entering) {
            if (cp_render_in_quote(n))
                cp_buf_puts(o, "> ");
            /* a list item's text starts a block too ("- # x" is a heading) */
            r->line_start = 1;
        } else {
            cp_buf_puts(o, cp_render_in_tight_list(n) ? "\n" : "\n\n");
        }
        return;
    case CMARK_NODE_TEXT:
        md_text(r, cmark_node_get_literal(n));
        return;
    case CMARK_NODE_SOFTBREAK:
        cp_buf_putc(o, ' ');
        return;
    case CMARK_NODE_LINEBREAK:
        cp_buf_puts(o, "\\\n");
        return;
    case CMARK_NODE_CODE: {
        const char *lit = cmark_node_get_literal(n);
        int fence = strchr(lit, '`') ? 2 : 1;
        cp_buf_puts(o, fence == 2 ? "`` " : "`");
        cp_text_put_safe(o, lit, strlen(lit));
        cp_buf_puts(o, fence == 2 ? " ``" : "`");
        return;
    }
    case CMARK_NODE_EMPH:
        cp_buf_putc(o, '*');
        return;
    case CMARK_NODE_STRONG:
        cp_buf_puts(o, "**");
        return;
    case CMARK_NODE_LINK:
        if (entering) {
            cp_buf_putc(o, '[');
        } else {
            cp_buf_puts(o, "](");
            for (const char *u = cmark_node_get_url(n); *u; u++)
                if (*u == ' ' || *u == '(' || *u == ')' || *u == '<' || *u == '>')
                    cp_buf_printf(o, "%%%02X", (unsigned char)*u);
                else
                    cp_buf_putc(o, *u);
            cp_buf_putc(o, ')');
        }
        return;
    case CMARK_NODE_ITEM:
        if (entering) {
            cmark_node *list = cmark_node_parent(n);
            for (int i = 1; i < cp_render_list_depth(n); i++)
                cp_buf_puts(o, "    ");
            if (cmark_node_get_list_type(list) == CMARK_ORDERED_LIST) {
                int k = cmark_node_get_list_start(list);
                for (cmark_node *p = cmark_node_previous(n); p; p = cmark_node_previous(p))
                    k++;
                cp_buf_printf(o, "%d. ", k);
            } else {
                cp_buf_puts(o, "- ");
            }
        }
        return;
    case CMARK_NODE_LIST:
        if (!entering && cp_render_list_depth(n) == 1)
            cp_buf_putc(o, '\n');
        return;
    case CMARK_NODE_THEMATIC_BREAK:
        cp_buf_puts(o, "* * *\n\n");
        return;
    case CMARK_NODE_CODE_BLOCK:
        cp_buf_puts(o, "```\n");
        cp_text_put_safe(o, cmark_node_get_literal(n), strlen(cmark_node_get_literal(n)));
        cp_buf_puts(o, "```\n\n");
        return;
    case CMARK_NODE_HTML_BLOCK:
        cp_buf_puts(o, cmark_node_get_literal(n));
        cp_buf_putc(o, '\n');
        return;
    case CMARK_NODE_HTML_INLINE:
        cp_buf_puts(o, cmark_node_get_literal(n));
        return;
    default:
        return;
    }
}

static void md_row(cp_render *r, const cp_table *t, size_t row, cp_buf *notes, cp_note_walk *walk)
{
    cp_buf *o = r->out;
    for (size_t c = 0; c < t->ncols; c++) {
        const cp_cell *cl = cp_table_cell(t, row, c);
        cp_buf_puts(o, "| ");
        if (cl->link)
            cp_buf_putc(o, '[');
        md_escape(o, cl->text, strlen(cl->text));
        if (cl->link) {
            char *target = cp_render_link_target(cl->link, r->w->ext);
            cp_buf_puts(o, "](");
            cp_render_put_url(o, target);
            cp_buf_putc(o, ')');
            free(target);
        }
        if (cl->note) {
            r->notes++;
            const char *g = t->note_group ? t->note_group : "note";
            cp_buf_printf(o, "[^%s%u]", g, r->notes);
            cp_buf_printf(notes, "[^%s%u]: ", g, r->notes);
            md_escape(notes, cl->note, strlen(cl->note));
            cp_buf_putc(notes, '\n');
        }
        /* a shared note: one definition, a reference from each cell */
        const char *text;
        unsigned label;
        int first;
        while (cp_note_walk_next(walk, r, row, c, &text, &label, &first)) {
            const char *g = t->note_group ? t->note_group : "note";
            cp_buf_printf(o, "[^%s%u]", g, label);
            if (!first)
                continue;
            cp_buf_printf(notes, "[^%s%u]: ", g, label);
            md_escape(notes, text, strlen(text));
            cp_buf_putc(notes, '\n');
        }
        cp_buf_putc(o, ' ');
    }
    cp_buf_puts(o, "|\n");
}

static void md_table(cp_render *r, const cp_table *t)
{
    cp_buf *o = r->out;
    cp_buf notes = { 0 };
    cp_note_walk walk;
    cp_note_walk_start(&walk, t);
    /* GFM tables need a header row: a table without one gets an empty one */
    for (size_t c = 0; c < t->ncols; c++) {
        cp_buf_puts(o, "| ");
        if (t->head)
            md_escape(o, t->head[c], strlen(t->head[c]));
        cp_buf_putc(o, ' ');
    }
    cp_buf_puts(o, "|\n");
    for (size_t c = 0; c < t->ncols; c++)
        cp_buf_puts(o, "| --- ");
    cp_buf_puts(o, "|\n");
    for (size_t row = 0; row < t->nrows; row++) {
        md_row(r, t, row, &notes, &walk);
        cp_render_flush(r);
    }
    cp_buf_putc(o, '\n');
    cp_note_walk_end(&walk);
    if (notes.len) {
        cp_buf_put(o, notes.data, notes.len);
        cp_buf_putc(o, '\n');
    }
    cp_buf_free(&notes);
}

/* ![TEXT](NAME): the file next to the page, its name percent-encoded */
static void md_chart(cp_render *r, const cp_chart *c)
{
    char *alt = cp_render_chart_alt(c);
    cp_buf_puts(r->out, "![");
    md_escape(r->out, alt, strlen(alt));
    cp_buf_puts(r->out, "](");
    cp_chart_name_url(r->out, c->file);
    cp_buf_puts(r->out, ")\n\n");
    free(alt);
}

const cp_writer cp_writer_md = { "md", 0, md_escape, md_node, md_table, NULL, NULL, md_chart, NULL };
