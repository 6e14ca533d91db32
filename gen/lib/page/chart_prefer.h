/* A chart's `prefer:` (templates/README.md, "Charts"): when several results
 * land on one bar, the bar shows the one the criteria prefer, as a pivot
 * table's cell does (the cross-core page charts, on each core, the
 * configuration with the fewest of its counts). This remembers which
 * result each bar shows. */
#ifndef CP_CHART_PREFER_H
#define CP_CHART_PREFER_H

#include <stddef.h>

#include "data/dataset.h"
#include "model/chart.h"

typedef struct {
    const cp_chart *chart;
    size_t cat, ser;
    const cp_result *result;
} cp_bar_owner;

typedef struct {
    cp_bar_owner *v;
    size_t n;
} cp_bar_owners;

/* The result the bar shows, or NULL. */
const cp_result *cp_bar_owner_get(const cp_bar_owners *o, const cp_chart *c, size_t cat, size_t ser);
void cp_bar_owner_set(cp_bar_owners *o, const cp_chart *c, size_t cat, size_t ser, const cp_result *r);
void cp_bar_owners_free(cp_bar_owners *o);

#endif
