#include "row.h"

#include <stdlib.h>
#include <string.h>

#include "cryptoperf.h"

cpr_row *cpr_rows_add(cpr_rows *rows)
{
    if (rows->n == rows->cap) {
        rows->cap = rows->cap ? rows->cap * 2 : 32;
        rows->v = cp_xrealloc(rows->v, rows->cap * sizeof *rows->v);
    }
    cpr_row *r = &rows->v[rows->n++];
    memset(r, 0, sizeof *r);
    return r;
}

void cpr_rows_free(cpr_rows *rows)
{
    for (size_t i = 0; i < rows->n; i++) {
        for (int f = 0; f < CP_F_COUNT; f++)
            free(rows->v[i].text[f]);
        free(rows->v[i].origin);
    }
    free(rows->v);
    memset(rows, 0, sizeof *rows);
}

void cpr_row_set_text(cpr_row *r, cp_field f, const char *text)
{
    free(r->text[f]);
    r->text[f] = cp_xstrdup(text);
}

void cpr_row_set_int(cpr_row *r, cp_field f, long long v)
{
    free(r->text[f]);
    r->text[f] = cp_xasprintf("%lld", v);
    r->num[f] = v;
}
