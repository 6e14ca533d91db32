/* Output formats, after cmark's design (src/render.c + one file per
 * format): the write loop (page_write.c) walks the prose tree of a page
 * (page/page.h), numbers the headings and puts in the tables of the table
 * model and their charts; a writer only escapes text and lays out one node
 * or one table in its format (render_wiki.c, render_md.c, render_html.c;
 * what they share: render.c). The writer table cp_writers is every format
 * a page is written in, and the only list of page extensions: a new
 * format is a file with its cp_writer and a row in that table (render.c),
 * and every page is then written (site/output.c), linked and pruned
 * (site/prune.c) in it too. */
#ifndef CP_RENDER_H
#define CP_RENDER_H

#include <cmark-gfm.h>

#include "base/util.h"
#include "model/chart.h"
#include "model/table.h"

typedef struct cp_writer cp_writer;

/* Where a page goes while it is written (a staged file): the page is
 * handed over in pieces, never whole in memory. */
typedef struct {
    void (*put)(void *arg, const char *data, size_t len);
    void *arg;
} cp_sink;

/* State shared by the engine and a writer while one page is written. */
typedef struct {
    cp_buf *out;
    const cp_writer *w;
    const char *number;   /* heading number ("2.1.") of the heading being entered, "" when none */
    int line_start;       /* the next text begins a line of its block: escape block markers */
    unsigned notes;       /* footnotes written so far (their labels) */
    cp_buf anchors;       /* heading ids given so far, one per line (HTML: unique ids) */
    const cp_sink *sink;  /* or NULL: the whole page stays in out */
} cp_render;

/* Hands out's text to the sink once it passes a size (none without a sink),
 * at a point where no writer looks back into out: between nodes, after a
 * table row. A trailing run of newlines stays: the page's end trims it. */
void cp_render_flush(cp_render *r);

/* Page links in table cells ("page:<series>/<folder>", see table.h) name a
 * page set; on a wiki its title is this prefix and the folder's last two
 * path components, as `cryptoperf publish` names it (its default --prefix). */
#define CP_WIKI_TITLE_PREFIX "Cryptoperf/"
#define CP_PAGE_LINK "page:"

/* Where a link of a table cell points, for the writer of format ext:
 * "page:a/b" -> "a/b/index.<ext>" (relative, for md and html); any other
 * target is a relative file path and is returned as it is. Caller frees. */
char *cp_render_link_target(const char *link, const char *ext);

struct cp_writer {
    const char *ext;            /* file extension, without the dot: "wiki", "md", "html" */
    int skip_title;             /* leave out level-1 headings (the wiki page name is the title) */
    /* escapes plain text for prose and table cells */
    void (*escape)(cp_buf *out, const char *s, size_t n);
    void (*node)(cp_render *r, cmark_node *n, int entering);
    void (*table)(cp_render *r, const cp_table *t);
    /* a whole document (HTML): before the first node, with the page title
     * (plain text) and the layout's stylesheet; after the last one. NULL
     * for formats that are a page body (wiki, Markdown). */
    void (*begin)(cp_render *r, const char *title, const char *css);
    void (*end)(cp_render *r);
    /* the reference to a chart file written next to the page (after its table) */
    void (*chart)(cp_render *r, const cp_chart *c);
};

extern const cp_writer cp_writer_wiki;
extern const cp_writer cp_writer_md;
extern const cp_writer cp_writer_html;
/* Every format a page is written in, in this order (render.c). */
#define CP_NWRITERS 3
extern const cp_writer *const cp_writers[CP_NWRITERS];

/* Appends s percent-encoded for a relative URL: RFC 3986 unreserved
 * characters and '/' stay, everything else becomes %XX. */
void cp_render_put_url(cp_buf *out, const char *s);

/* Writes text through the writer's escape, turning line breaks into spaces
 * (a cell or a line of prose cannot hold one) and honouring line_start. */
void cp_render_text(cp_render *r, const char *s, size_t n, const char *line_start_specials,
                    void (*escape_first)(cp_buf *out, char c));

/* The shared notes of a table (model/table.h) as a writer meets them,
 * cell by cell in reading order: each gets the page's next footnote
 * label the first time, the same label on every later cell. */
typedef struct {
    const cp_table *t;
    size_t next;         /* the next mark */
    unsigned *label;     /* per shared note, 0: not written yet */
} cp_note_walk;

void cp_note_walk_start(cp_note_walk *w, const cp_table *t);
/* The next shared note on cell (row, col): 1 with its text and label, and
 * *first set when this is its first marker (r->notes counts it); 0 when
 * the cell has no more. */
int cp_note_walk_next(cp_note_walk *w, cp_render *r, size_t row, size_t col, const char **text, unsigned *label,
                      int *first);
void cp_note_walk_end(cp_note_walk *w);

/* A chart's alternative text: its title and subtitle, plain text. */
char *cp_render_chart_alt(const cp_chart *c);

/* Helpers the writers share: list nesting and tightness. */
int cp_render_list_depth(cmark_node *n);
int cp_render_in_tight_list(cmark_node *paragraph);
int cp_render_in_quote(cmark_node *n);

#endif
