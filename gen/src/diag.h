/* Error reports in one format everywhere:
 *   file:line:column: path.in.record: what was expected, what was found
 * Reporting never stops at the first problem: callers report all, then
 * look at the count. */
#ifndef CP_DIAG_H
#define CP_DIAG_H

#include <stdio.h>

#include "node.h"

typedef struct {
    FILE *out;
    unsigned errors;
} cp_diag;

void cp_diag_at(cp_diag *d, const cp_mark *mark, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void cp_diag_node(cp_diag *d, const cp_node *n, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
