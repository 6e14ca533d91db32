/* `prefer:` of a pivot table or a chart (templates/README.md): which of
 * several results that land in one cell (or on one bar) it shows. */
#ifndef CP_TABLE_PREFER_H
#define CP_TABLE_PREFER_H

#include "data/dataset.h"
#include "data/diag.h"
#include "data/node.h"
#include "page/cellfmt.h"
#include "page/layout.h"

typedef struct cp_prefer cp_prefer;
/* NULL after reporting; spec NULL: no preference (the first result wins) */
cp_prefer *cp_prefer_compile(const cp_node *spec, const cp_layout *l, cp_diag *diag);
void cp_prefer_free(cp_prefer *p);
/* 1 when cand should replace cur in a cell */
int cp_prefer_better(const cp_prefer *p, const cp_fmt_ctx *ctx, const cp_result *cand, const cp_result *cur);

#endif
