/* Conditions of the page templates (`::if` lines, `when:` of a table row):
 * terms separated by spaces, true when any term is true. A term is
 *   NAME          the table NAME has rows
 *   $path         the dataset header has a value at path (e.g. $library.api)
 *   $path=text    ... and its text is `text`
 *   @name         the layout makes the companion page `name` (tables.yaml
 *                 `companions:`), e.g. the summary page of an ST dataset
 * each optionally negated with a leading '!'. */
#ifndef CP_COND_H
#define CP_COND_H

#include "page/cellfmt.h"

/* Returns 1/0 for a bare table name; NULL when tables are not allowed. */
typedef int (*cp_table_probe)(void *arg, const char *name, const cp_node *src, cp_diag *diag);

/* 1 true, 0 false, -1 malformed (reported to diag). */
int cp_cond_eval(const char *expr, const cp_fmt_ctx *ctx, cp_table_probe probe, void *arg, const cp_node *src,
                 cp_diag *diag);

#endif
