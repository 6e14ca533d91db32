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
    const char *site_dir; /* the page's folder in the site ("mps2-an505/mbedtls-3.6.6", "" the top), or NULL */
} cp_render;

/* Hands out's text to the sink once it passes a size (none without a sink),
 * at a point where no writer looks back into out: between nodes, after a
 * table row. A trailing run of newlines stays: the page's end trims it. */
void cp_render_flush(cp_render *r);

/* Page links in table cells ("page:<series>/<folder>", see table.h) name a
 * page set; on a wiki its title is this prefix and the folder's last two
 * path components, as `cryptoperf publish` names it (its default --prefix). */
#define CP_WIKI_TITLE_PREFIX "Cryptoperf/"
/* the site index's title: the prefix without its slash */
#define CP_WIKI_INDEX_TITLE "Cryptoperf"
#define CP_PAGE_LINK "page:"

/* Where a link of a table cell points, for the writer of format ext:
 * "page:a/b" -> "a/b/index.<ext>", "page:a/b.md" (a page file of a folder,
 * the series comparison) -> "a/b.<ext>" (relative, for md and html); any other
 * target is a relative file path and is returned as it is. Caller frees. */
char *cp_render_link_target(const char *link, const char *ext);

/* A relative link of the prose ("summary.md", "../compare.md",
 * "../../index.md") from a page in the site folder dir, as the site path
 * of the page it names: "mps2-an505/mbedtls-3.6.6/summary",
 * "mps2-an505/compare", "" (the site index; an index.md names its
 * folder). NULL when it is no such link (a URL, not .md, above the top).
 * Caller frees. */
char *cp_render_site_page(const char *dir, const char *url);

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
    /* a table of contents, after the page's title (NULL: none, the wiki
     * makes its own): every heading of the page in order, numbers[i] the
     * number heads[i] is written with ("" when none); a writer lists those
     * it wants and must name them as it will when it writes them */
    void (*toc)(cp_render *r, cmark_node *const *heads, const char *const *numbers, size_t n);
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
