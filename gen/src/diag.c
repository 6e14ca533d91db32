#include "diag.h"

#include <stdarg.h>

static void vreport(cp_diag *d, const cp_mark *m, const char *path, const char *fmt, va_list ap)
{
    d->errors++;
    if (!d->out)
        return;
    if (m && m->file)
        fprintf(d->out, "%s:%u:%u: ", m->file, m->line, m->column);
    if (path && *path)
        fprintf(d->out, "%s: ", path);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
}

void cp_diag_at(cp_diag *d, const cp_mark *mark, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(d, mark, path, fmt, ap);
    va_end(ap);
}

void cp_diag_node(cp_diag *d, const cp_node *n, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(d, n ? &n->mark : NULL, path, fmt, ap);
    va_end(ap);
}
