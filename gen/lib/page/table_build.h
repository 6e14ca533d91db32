/* The tables of a page, built from the layout's tables.yaml for a dataset
 * (table_build.c): the definition a table name stands for, the kind of
 * table its keys name (table_kind.h: one file a kind), the counts it
 * shows, its companion table; and the cell helpers the kinds and the
 * charts (chart_build.h) share. What a table holds: model/table.h. */
#ifndef CP_TABLE_BUILD_H
#define CP_TABLE_BUILD_H

#include "data/dataset.h"
#include "data/diag.h"
#include "model/table.h"
#include "page/cellfmt.h"
#include "page/layout.h"

/* Builds the table `name` of the layout (tables.yaml) for ds; a table can
 * come out with no rows. Returns -1 after reporting to diag when the table
 * is not defined or its definition is malformed. */
int cp_table_build(cp_table *t, const cp_layout *l, const cp_dataset *ds, const char *name, const cp_node *src,
                   cp_diag *diag);
/* The value of `key` in a table's definition def (tables.yaml): its own,
 * else that of the table its `like: NAME` names (and so on); NULL when
 * none has it. */
const cp_node *cp_table_key(const cp_layout *l, const cp_node *def, const char *key);

/* A table's `counts: FIELD` (def: its definition, or the layout's
 * count_companion): the count field its @count, charts included, shows,
 * + 1 (cp_fmt_ctx.counts); 0 when it names none (each result's lead
 * count), -1 after reporting a value that is not a count field. */
int cp_table_counts(const cp_layout *l, const cp_node *def, cp_diag *diag);

/* The companion of the table `name` (templates/README.md, "Companion
 * tables"), named "<name>+<field>": the rows of a `columns` table that have
 * the count field `counts`, showing it as @count; times and rates, which
 * derive from the count the page leads with, are left out, and so are
 * axis notes. No rows for other kinds of table. */
int cp_table_build_companion(cp_table *t, const cp_layout *l, const cp_dataset *ds, const char *name,
                             const cp_node *src, cp_field counts, cp_diag *diag);
/* the cell text (trimmed), or NULL when a required value is absent */
char *cp_table_eval(const cp_cellfmt *f, const cp_fmt_ctx *ctx);
/* The same, the text kept in t's texts (a cell's text); NULL: missing. */
char *cp_table_eval_text(cp_table *t, const cp_cellfmt *f, const cp_fmt_ctx *ctx);
/* compiles a cell format node, reporting to diag; NULL on error */
cp_cellfmt *cp_table_compile(const cp_node *n, const cp_layout *l, cp_diag *diag);

#endif
