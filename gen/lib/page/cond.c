#include "page/cond.h"

#include <stdlib.h>
#include <string.h>

#include "page/layout.h"

/* $path=value: the scalar at path is value, or the sequence there has it
 * (families_absent lists several). */
static int holds(const cp_node *n, const char *value)
{
    if (n->kind == CP_SCALAR)
        return strcmp(n->text, value) == 0;
    if (n->kind != CP_SEQ)
        return 0;
    for (size_t i = 0; i < n->count; i++)
        if (holds(n->items[i], value))
            return 1;
    return 0;
}

static int term(const char *t, const cp_fmt_ctx *ctx, cp_table_probe probe, void *arg, const cp_node *src,
                cp_diag *diag)
{
    int neg = 0;
    if (*t == '!') {
        neg = 1;
        t++;
    }
    int r;
    if (*t == '$') {
        char *path = cp_xstrdup(t + 1);
        char *eq = strchr(path, '=');
        if (eq)
            *eq++ = '\0';
        const cp_node *n = cp_fmt_lookup(ctx, path);
        if (eq)
            r = n && holds(n, eq);
        else
            r = n != NULL && !(n->kind == CP_SCALAR && cp_scalar_type_of(n) == CP_T_NULL);
        free(path);
    } else if (*t == '@' && t[1]) {
        /* the layout makes that companion page of every dataset */
        r = cp_map_get(ctx->layout->companions, t + 1) != NULL;
    } else if (probe && *t) {
        r = probe(arg, t, src, diag);
        if (r < 0)
            return -1;
    } else {
        cp_diag_node(diag, src, NULL, "expected a condition term ($path, $path=value, @companion%s), found '%s'",
                     probe ? " or a table name" : "", t);
        return -1;
    }
    return neg ? !r : r;
}

int cp_cond_eval(const char *expr, const cp_fmt_ctx *ctx, cp_table_probe probe, void *arg, const cp_node *src,
                 cp_diag *diag)
{
    char *copy = cp_xstrdup(expr);
    char *save = NULL;
    int any = 0, seen = 0;
    for (char *t = strtok_r(copy, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
        int r = term(t, ctx, probe, arg, src, diag);
        if (r < 0) {
            free(copy);
            return -1;
        }
        seen = 1;
        any |= r;
    }
    free(copy);
    if (!seen) {
        cp_diag_node(diag, src, NULL, "expected a condition, found nothing");
        return -1;
    }
    return any;
}
