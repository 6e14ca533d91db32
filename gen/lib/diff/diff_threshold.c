/* Marks and per-metric thresholds of a diff (diff.h): names, defaults, and
 * the
 * --threshold METRIC=VALUE syntax. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "base/text_clean.h"
#include "base/util.h"
#include "diff/diff.h"

static const char *const mark_names[CP_MARK_COUNT] = {
    [CP_MARK_BETTER] = "better",
    [CP_MARK_WORSE] = "worse",
    [CP_MARK_UNCHANGED] = "unchanged",
    [CP_MARK_NOT_COMPARABLE] = "not-comparable",
    [CP_MARK_ADDED] = "added",
    [CP_MARK_REMOVED] = "removed",
};

const char *cp_diff_mark_name(cp_diff_mark m)
{
    return m < CP_MARK_COUNT ? mark_names[m] : "?";
}

cp_diff_mark cp_diff_mark_by_name(const char *name)
{
    for (int m = 0; m < CP_MARK_COUNT; m++)
        if (!strcmp(mark_names[m], name))
            return (cp_diff_mark)m;
    return CP_MARK_COUNT;
}

int cp_diff_metric_is_bytes(cp_field f)
{
    return f == CP_F_CODE_BYTES || f == CP_F_CONST_BYTES || f == CP_F_DATA_BYTES || f == CP_F_STACK_BYTES ||
           f == CP_F_HEAP_BYTES;
}

void cp_diff_thresholds_default(cp_diff_thresholds *t)
{
    for (int f = 0; f < CP_F_COUNT; f++)
        t->value[f] = cp_diff_metric_is_bytes((cp_field)f) ? CP_DIFF_BYTES_DEFAULT : 1.0;
}

/* One "metric=value" item of length n. */
static int parse_item(cp_diff_thresholds *t, const char *item, size_t n, char *err, size_t errlen)
{
    char *s = cp_xstrndup(item, n);
    cp_buf q = { 0 };   /* the item or its metric, as a message shows data */
    int rc = -1;
    char *eq = strchr(s, '=');
    if (!eq || eq == s) {
        cp_buf_put_quoted(&q, s);
        snprintf(err, errlen, "threshold %s: expected METRIC=VALUE", q.data);
        goto out;
    }
    *eq = '\0';
    cp_field f = cp_field_by_name(s);
    if (f == CP_F_COUNT || cp_fields[f].role != CP_ROLE_METRIC) {
        cp_buf known = { 0 };
        for (int k = 0; k < CP_F_COUNT; k++)
            if (cp_fields[k].role == CP_ROLE_METRIC)
                cp_buf_printf(&known, "%s%s", known.len ? ", " : "", cp_fields[k].name);
        cp_buf_put_quoted(&q, s);
        snprintf(err, errlen, "threshold: unknown metric %s (expected one of %s)", q.data, known.data);
        cp_buf_free(&known);
        goto out;
    }
    const char *v = eq + 1;
    char *end;
    errno = 0;
    double x = strtod(v, &end);
    int bytes = cp_diff_metric_is_bytes(f);
    const char *unit = bytes ? "B" : "%";
    size_t digits = cp_plain_number_len(v, 1);
    if (!digits || end != v + digits || errno || !isfinite(x) || (*end && strcmp(end, unit))) {
        cp_buf_put_quoted(&q, v);
        snprintf(err, errlen, "threshold %s: expected a non-negative number of %s, found %s", cp_fields[f].name,
                 bytes ? "bytes (e.g. 32)" : "percent (e.g. 2%)", q.data);
        goto out;
    }
    t->value[f] = x;
    rc = 0;
out:
    cp_buf_free(&q);
    free(s);
    return rc;
}

int cp_diff_thresholds_parse(cp_diff_thresholds *t, const char *spec, char *err, size_t errlen)
{
    for (const char *p = spec;;) {
        size_t n = strcspn(p, ",");
        if (parse_item(t, p, n, err, errlen))
            return -1;
        if (!p[n])
            return 0;
        p += n + 1;
    }
}
