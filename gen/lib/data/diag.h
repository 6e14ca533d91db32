/* Error reports in one format everywhere:
 *   file:line:column: path.in.record: what was expected, what was found
 * Reporting never stops at the first problem: callers report all, then
 * look at the count. */
#ifndef CP_DIAG_H
#define CP_DIAG_H

#include <stdio.h>

#include "data/node.h"

typedef struct {
    FILE *out;
    unsigned errors;
    /* When set, reports at a position in this file also count as
     * data_errors: a page that fails on its dataset's values is invalid
     * data (exit 1), not a template problem. */
    const char *data_file;
    unsigned data_errors;
} cp_diag;

void cp_diag_at(cp_diag *d, const cp_mark *mark, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void cp_diag_node(cp_diag *d, const cp_node *n, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Messages reported between hold and release are kept, then written in
 * line and column order (stable for equal positions): problems found by
 * separate passes over one file still read from top to bottom. file is
 * the name the held messages start with ("file:line:column: ..."). */
typedef struct {
    FILE *real;
    char *buf;
    size_t len;
} cp_diag_held;
void cp_diag_hold(cp_diag *d, cp_diag_held *h);
void cp_diag_release(cp_diag *d, cp_diag_held *h, const char *file);

/* Reports made now but told later, after others made later still (import
 * checks each CSV row as it is read, but its messages follow every syntax
 * error of the CSV, as when the whole file was read first): report to
 * q->diag between defer and replay; replay writes them to d as if they
 * were reported there and then (counted in d, and past CP_MAX_REPORTS of
 * d's only counted) and frees them. */
typedef struct {
    cp_diag diag;
    char *buf;
    size_t len;
} cp_diag_deferred;
void cp_diag_defer(cp_diag_deferred *q, const cp_diag *d);
void cp_diag_replay(cp_diag *d, cp_diag_deferred *q);

#endif
