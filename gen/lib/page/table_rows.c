/* `rows:` tables (a kind of table_kind.h): label/value pairs from the
 * dataset header, no header row; a row whose value is absent is left out */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "page/cond.h"
#include "page/table_build.h"
#include "page/table_kind.h"

int cp_table_build_rows(cp_table *t, const cp_fmt_ctx *base, const cp_node *def, cp_diag *diag)
{
    const cp_layout *l = base->layout;
    const cp_node *rows = cp_table_key(l, def, "rows");
    const char *group = cp_scalar(cp_table_key(l, def, "note_group"));
    if (rows->kind != CP_SEQ) {
        cp_diag_node(diag, rows, "rows", "expected a sequence of rows, found something else");
        return -1;
    }
    t->ncols = 2;
    t->note_group = group ? cp_xstrdup(group) : NULL;
    size_t table_cap = 0;
    cp_fmt_ctx ctx = *base;
    for (size_t i = 0; i < rows->count; i++) {
        const cp_node *row = rows->items[i];
        const cp_node *label, *val, *note = NULL, *when = NULL;
        if (row->kind == CP_SEQ && row->count == 2) {
            label = row->items[0];
            val = row->items[1];
        } else if (row->kind == CP_MAP) {
            label = cp_map_get(row, "label");
            val = cp_map_get(row, "value");
            note = cp_map_get(row, "note");
            when = cp_map_get(row, "when");
        } else {
            cp_diag_node(diag, row, "rows", "expected [label, value] or {label, value, note, when}, found something else");
            return -1;
        }
        if (when) {
            int w = cp_cond_eval(cp_scalar(when) ? when->text : "", &ctx, NULL, NULL, when, diag);
            if (w < 0)
                return -1;
            if (!w)
                continue;
        }
        cp_cellfmt *lf = cp_table_compile(label, l, diag), *vf = cp_table_compile(val, l, diag);
        cp_cellfmt *nf = note ? cp_table_compile(note, l, diag) : NULL;
        int ok = lf && vf && (!note || nf);
        char *lt = ok ? cp_table_eval(lf, &ctx) : NULL;
        char *vt = ok ? cp_table_eval(vf, &ctx) : NULL;
        if (lt && vt) {
            cp_table_add_row(t, &table_cap);
            cp_cell *c = &t->cells[(t->nrows - 1) * 2];
            c[0].text = cp_table_own(t, lt);
            c[1].text = cp_table_own(t, vt);
            c[1].note = nf ? cp_table_eval(nf, &ctx) : NULL;
        } else {
            free(lt);
            free(vt);
        }
        cp_cellfmt_free(lf);
        cp_cellfmt_free(vf);
        cp_cellfmt_free(nf);
        if (!ok)
            return -1;
    }
    return 0;
}

