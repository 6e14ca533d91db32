/* `prefer:` of pivot tables: which of several results that land in one
 * cell the cell shows, e.g. the largest chunk of a data-flow series and,
 * among configurations, the fewest counts:
 *   prefer: [{max: chunk_bytes}, {min: "@count"}]
 * Criteria are tried in order; one that either result lacks is skipped;
 * a tie everywhere keeps the result seen first. */
#include "page/table_prefer.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "page/table_build.h"

struct cp_prefer {
    cp_cellfmt **value;   /* "{NAME|raw}" per criterion */
    int *sign;            /* +1 max, -1 min */
    size_t n;
};

cp_prefer *cp_prefer_compile(const cp_node *spec, const cp_layout *l, cp_diag *diag)
{
    cp_prefer *p = cp_xcalloc(1, sizeof *p);
    if (!spec)
        return p;
    if (spec->kind != CP_SEQ) {
        cp_diag_node(diag, spec, "prefer", "expected a sequence of {max: NAME} or {min: NAME}, found something else");
        cp_prefer_free(p);
        return NULL;
    }
    p->value = cp_xcalloc(spec->count ? spec->count : 1, sizeof *p->value);
    p->sign = cp_xcalloc(spec->count ? spec->count : 1, sizeof *p->sign);
    for (size_t i = 0; i < spec->count; i++) {
        const cp_node *c = spec->items[i];
        const char *dir = c->kind == CP_MAP && c->count == 1 ? c->keys[0]->text : "";
        const char *name = c->kind == CP_MAP && c->count == 1 ? cp_scalar(c->items[0]) : NULL;
        if ((strcmp(dir, "max") != 0 && strcmp(dir, "min") != 0) || !name) {
            cp_diag_node(diag, c, "prefer", "expected {max: NAME} or {min: NAME}, found something else");
            cp_prefer_free(p);
            return NULL;
        }
        char *fmt = cp_xasprintf("{%s|raw}", name);
        p->value[p->n] = cp_cellfmt_compile(fmt, c, l, diag);
        free(fmt);
        if (!p->value[p->n]) {
            cp_prefer_free(p);
            return NULL;
        }
        p->sign[p->n++] = dir[1] == 'a' ? 1 : -1;
    }
    return p;
}

void cp_prefer_free(cp_prefer *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->n; i++)
        cp_cellfmt_free(p->value[i]);
    free(p->value);
    free(p->sign);
    free(p);
}

/* 0 with the integer value of criterion i for r, -1 when r lacks it */
static int value_of(const cp_prefer *p, size_t i, const cp_fmt_ctx *base, const cp_result *r, unsigned long long *out)
{
    cp_fmt_ctx ctx = *base;
    ctx.result = r;
    ctx.record = r->node;
    ctx.escape = NULL;
    char *t = cp_table_eval(p->value[i], &ctx);
    char *end = NULL;
    int rc = t && *t && strspn(t, "0123456789") == strlen(t) ? 0 : -1;
    if (rc == 0)
        *out = strtoull(t, &end, 10);
    free(t);
    return rc;
}

int cp_prefer_better(const cp_prefer *p, const cp_fmt_ctx *ctx, const cp_result *cand, const cp_result *cur)
{
    for (size_t i = 0; i < p->n; i++) {
        unsigned long long a, b;
        if (value_of(p, i, ctx, cand, &a) != 0 || value_of(p, i, ctx, cur, &b) != 0 || a == b)
            continue;
        return p->sign[i] > 0 ? a > b : a < b;
    }
    return 0;
}
