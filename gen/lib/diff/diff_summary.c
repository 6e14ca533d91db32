/* The summary of a diff per family (diff.h): rows by mark, the geometric
 * mean of the new/old count ratios (the usual way to average speed-ups: a 2x
 * gain and a 2x loss cancel out), and the largest relative changes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "diff/diff.h"

static cp_diff_family *family_of(cp_diff *d, const char *name)
{
    for (size_t i = 0; i < d->nfamilies; i++)
        if (!strcmp(d->families[i].family, name))
            return &d->families[i];
    d->families = cp_xrealloc(d->families, (d->nfamilies + 1) * sizeof *d->families);
    cp_diff_family *f = &d->families[d->nfamilies++];
    memset(f, 0, sizeof *f);
    f->family = name;
    return f;
}

static int is_change(const cp_diff_metric *m)
{
    return (m->mark == CP_MARK_BETTER || m->mark == CP_MARK_WORSE) && m->rel_defined;
}

/* a ranks above b: speed before size (a 1-byte global going to 0 is
 * -100 % but tells little), then the larger |relative change|. */
static int outranks(const cp_diff_metric *a, const cp_diff_metric *b)
{
    int speed_a = !cp_diff_metric_is_bytes(a->old_metric), speed_b = !cp_diff_metric_is_bytes(b->old_metric);
    if (speed_a != speed_b)
        return speed_a;
    return fabs(a->rel_change) > fabs(b->rel_change);
}

/* Keeps top[] sorted by rank, largest first; on a tie the earlier row stays
 * first, so the choice is deterministic. */
static void consider_top(const cp_diff *d, cp_diff_family *f, size_t row, size_t metric)
{
    const cp_diff_metric *m = &d->rows[row].metrics[metric];
    size_t pos = f->ntop;
    while (pos > 0 && outranks(m, &d->rows[f->top[pos - 1].row].metrics[f->top[pos - 1].metric]))
        pos--;
    if (pos >= CP_DIFF_TOP)
        return;
    size_t last = f->ntop < CP_DIFF_TOP ? f->ntop : CP_DIFF_TOP - 1;
    memmove(&f->top[pos + 1], &f->top[pos], (last - pos) * sizeof f->top[0]);
    f->top[pos].row = row;
    f->top[pos].metric = metric;
    if (f->ntop < CP_DIFF_TOP)
        f->ntop++;
}

void cp_diff_summarize(cp_diff *d)
{
    for (size_t r = 0; r < d->nrows; r++)
        family_of(d, d->tables[d->rows[r].table].family);
    double *logsum = cp_xcalloc(d->nfamilies + 1, sizeof *logsum);
    for (size_t r = 0; r < d->nrows; r++) {
        const cp_diff_row *row = &d->rows[r];
        cp_diff_family *f = family_of(d, d->tables[row->table].family);
        f->rows[row->mark]++;
        for (size_t m = 0; m < row->nmetrics; m++) {
            const cp_diff_metric *dm = &row->metrics[m];
            if (is_change(dm))
                consider_top(d, f, r, m);
            int count = cp_diff_is_count(dm->old_metric);
            if (count && dm->old_metric == dm->new_metric && dm->old_value > 0 && dm->new_value > 0) {
                logsum[f - d->families] += log(dm->new_value / dm->old_value);
                f->ngeomean++;
            }
        }
    }
    for (size_t i = 0; i < d->nfamilies; i++)
        d->families[i].geomean = d->families[i].ngeomean ? exp(logsum[i] / (double)d->families[i].ngeomean) : 0;
    free(logsum);
}
