/* Cell formats of the templates: literal text with placeholders, e.g.
 * "{key_bits} bits", "{operation|operation} {variant?}", "{@time_us} µs",
 * "{system.core_clock_hz|mhz} MHz". A placeholder names
 *   - a result field or a key of the current record ("key_bits"),
 *   - a dataset header value by dotted path ("hardware.mcu"),
 *   - a value the generator derives ("@count", "@time_us", ...; see
 *     templates/README.md),
 * followed by filters ("|name": a label map of the layout, or a built-in
 * one) and an optional "?" (absent -> empty text instead of a missing cell).
 * Integers are digit-grouped per the layout unless filtered through "raw". */
#ifndef CP_CELLFMT_H
#define CP_CELLFMT_H

#include "base/util.h"
#include "data/dataset.h"
#include "data/diag.h"
#include "data/node.h"

typedef struct cp_layout cp_layout;

/* What a placeholder is evaluated against. */
typedef struct {
    const cp_dataset *ds;
    const cp_layout *layout;
    const cp_result *result;   /* current result row, or NULL */
    const cp_node *record;     /* current record mapping (a result or an item of a header list), or NULL */
    /* escapes a value for the text it lands in (NULL: as is) */
    void (*escape)(cp_buf *out, const char *s, size_t n);
    /* the count @count shows, and the times and rates derived from it: 0,
     * the one the result's dataset leads with (cp_lead_count: estimated
     * cycles where a cycle model made them); else a count field + 1 (a
     * table's `counts: instructions`) */
    int counts;
    /* a companion table of counts (page.c): @time_us, @time_ms and
     * @kbyte_s are absent, since they derive from the count the page leads
     * with, not from this one */
    int counts_only;
} cp_fmt_ctx;

typedef struct cp_cellfmt cp_cellfmt;

/* Compiles text (src gives file:line:column for errors). NULL after
 * reporting to diag when the format is malformed or names an unknown
 * filter or derived value. */
cp_cellfmt *cp_cellfmt_compile(const char *text, const cp_node *src, const cp_layout *layout, cp_diag *diag);
void cp_cellfmt_free(cp_cellfmt *f);

/* Appends the cell text to out. Returns 0, or 1 when a required value is
 * absent (out is then left as it was). */
int cp_cellfmt_eval(const cp_cellfmt *f, const cp_fmt_ctx *ctx, cp_buf *out);

/* The count field @count shows in ctx (cp_fmt_ctx.counts), CP_F_COUNT
 * when the dataset has no counts. */
cp_field cp_fmt_count_field(const cp_fmt_ctx *ctx);
/* The count of ctx's result, NULL when absent. */
const cp_node *cp_fmt_count(const cp_fmt_ctx *ctx);

/* The layout's `counter:` text `which` ("header", "words") for the count
 * field f (CP_F_COUNT: the entry `none`), its placeholders filled in from
 * ds: "Cycles (estimated, {cycle_model.name} {cycle_model.version})"
 * names the model. NULL when the layout has none. The caller frees. */
char *cp_counter_text(const cp_layout *l, const cp_dataset *ds, cp_field f, const char *which);

/* The value node a plain name or dotted path stands for in ctx (no derived
 * values): used by conditions and lists. */
const cp_node *cp_fmt_lookup(const cp_fmt_ctx *ctx, const char *name);

#endif
