/* Output formats, after cmark's design (src/render.c + one file per
 * format): the page engine (page.c) walks the prose tree that cmark-gfm
 * parsed from page.md, numbers the headings and splices in the tables of the
 * table model; a writer only escapes text and lays out one node or one
 * table in its format. Adding HTML = one more writer. */
#ifndef CP_RENDER_H
#define CP_RENDER_H

#include <cmark-gfm.h>

#include "chart.h"
#include "table.h"
#include "util.h"

typedef struct cp_writer cp_writer;

/* State shared by the engine and a writer while one page is written. */
typedef struct {
    cp_buf *out;
    const cp_writer *w;
    const char *number;   /* heading number ("2.1.") of the heading being entered, "" when none */
    int line_start;       /* the next text begins a line of its block: escape block markers */
    unsigned notes;       /* footnotes written so far (their labels) */
} cp_render;

struct cp_writer {
    const char *ext;            /* file extension: "wiki", "md" */
    int skip_title;             /* leave out level-1 headings (the wiki page name is the title) */
    /* escapes plain text for prose and table cells */
    void (*escape)(cp_buf *out, const char *s, size_t n);
    void (*node)(cp_render *r, cmark_node *n, int entering);
    void (*table)(cp_render *r, const cp_table *t);
    /* the reference to a chart file written next to the page (after its table) */
    void (*chart)(cp_render *r, const cp_chart *c);
};

extern const cp_writer cp_writer_wiki;
extern const cp_writer cp_writer_md;

/* Writes text through the writer's escape, turning line breaks into spaces
 * (a cell or a line of prose cannot hold one) and honouring line_start. */
void cp_render_text(cp_render *r, const char *s, size_t n, const char *line_start_specials,
                    void (*escape_first)(cp_buf *out, char c));

/* A chart's alternative text: its title and subtitle, plain text. */
char *cp_render_chart_alt(const cp_chart *c);

/* Helpers the writers share: list nesting and tightness. */
int cp_render_list_depth(cmark_node *n);
int cp_render_in_tight_list(cmark_node *paragraph);
int cp_render_in_quote(cmark_node *n);

#endif
