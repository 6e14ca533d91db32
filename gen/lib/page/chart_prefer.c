#include "page/chart_prefer.h"

#include <stdlib.h>

#include "base/util.h"

static cp_bar_owner *find(const cp_bar_owners *o, const cp_chart *c, size_t cat, size_t ser)
{
    for (size_t i = 0; i < o->n; i++)
        if (o->v[i].chart == c && o->v[i].cat == cat && o->v[i].ser == ser)
            return &o->v[i];
    return NULL;
}

const cp_result *cp_bar_owner_get(const cp_bar_owners *o, const cp_chart *c, size_t cat, size_t ser)
{
    const cp_bar_owner *b = find(o, c, cat, ser);
    return b ? b->result : NULL;
}

void cp_bar_owner_set(cp_bar_owners *o, const cp_chart *c, size_t cat, size_t ser, const cp_result *r)
{
    cp_bar_owner *b = find(o, c, cat, ser);
    if (!b) {
        o->v = cp_xrealloc(o->v, (o->n + 1) * sizeof *o->v);
        b = &o->v[o->n++];
        b->chart = c;
        b->cat = cat;
        b->ser = ser;
    }
    b->result = r;
}

void cp_bar_owners_free(cp_bar_owners *o)
{
    free(o->v);
    o->v = NULL;
    o->n = 0;
}
