#include "data/diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/text_clean.h"
#include "base/util.h"

static void say_more_counted(FILE *out)
{
    fprintf(out, "(more problems are counted, not shown: the first %d are)\n", CP_MAX_REPORTS);
}

static void vreport(cp_diag *d, const cp_mark *m, const char *path, const char *fmt, va_list ap)
{
    d->errors++;
    if (d->data_file && m && m->file && !strcmp(m->file, d->data_file))
        d->data_errors++;
    if (!d->out || d->errors > CP_MAX_REPORTS + 1)
        return;
    if (d->errors == CP_MAX_REPORTS + 1) {
        say_more_counted(d->out);
        return;
    }
    if (m && m->file)
        fprintf(d->out, "%s:%u:%u: ", m->file, m->line, m->column);
    /* data reaches messages in many ways (a value, a key, a path of
     * keys, a file name): the whole line goes through the one escaper */
    cp_buf line = { 0 };
    if (path && *path)
        cp_buf_printf(&line, "%s: ", path);
    cp_buf_vprintf(&line, fmt, ap);
    cp_buf esc = { 0 };
    cp_text_put_escaped(&esc, line.data, line.len);
    fprintf(d->out, "%s\n", esc.data ? esc.data : "");
    cp_buf_free(&esc);
    cp_buf_free(&line);
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

void cp_diag_hold(cp_diag *d, cp_diag_held *h)
{
    memset(h, 0, sizeof *h);
    h->real = d->out;
    if (d->out)
        d->out = open_memstream(&h->buf, &h->len);
    if (!d->out) /* no memory for the stream: report unsorted */
        d->out = h->real;
}

typedef struct {
    unsigned long line, column;
    size_t seq;
    const char *text;
    size_t len;
} held_line;

static int by_position(const void *a, const void *b)
{
    const held_line *x = a, *y = b;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->column != y->column)
        return x->column < y->column ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

void cp_diag_release(cp_diag *d, cp_diag_held *h, const char *file)
{
    if (d->out == h->real)
        return;
    fclose(d->out);
    d->out = h->real;
    size_t n = 0, flen = strlen(file);
    for (size_t i = 0; i < h->len; i++)
        n += h->buf[i] == '\n';
    held_line *lines = cp_xcalloc(n, sizeof *lines);
    const char *p = h->buf, *end = h->buf + h->len;
    for (size_t i = 0; i < n; i++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        held_line *l = &lines[i];
        l->seq = i;
        l->text = p;
        l->len = (size_t)(nl - p) + 1;
        l->line = (unsigned long)-1; /* a line without a place (a count of the rest) comes last */
        if ((size_t)(nl - p) > flen && memcmp(p, file, flen) == 0 && p[flen] == ':') {
            char *after;
            unsigned long line = strtoul(p + flen + 1, &after, 10);
            if (after != p + flen + 1 && *after == ':') {
                l->line = line;
                l->column = strtoul(after + 1, NULL, 10);
            }
        }
        p = nl + 1;
    }
    qsort(lines, n, sizeof *lines, by_position);
    for (size_t i = 0; i < n; i++)
        fwrite(lines[i].text, 1, lines[i].len, d->out);
    free(lines);
    free(h->buf);
    h->buf = NULL;
}

void cp_diag_defer(cp_diag_deferred *q, const cp_diag *d)
{
    memset(q, 0, sizeof *q);
    q->diag.data_file = d->data_file;
    if (d->out)
        q->diag.out = open_memstream(&q->buf, &q->len);
    if (d->out && !q->diag.out) /* no memory for the stream: told at once, only counted at replay */
        q->diag.out = d->out;
}

void cp_diag_replay(cp_diag *d, cp_diag_deferred *q)
{
    int held = q->diag.out && q->diag.out != d->out;
    if (held)
        fclose(q->diag.out);
    /* q kept its first CP_MAX_REPORTS messages, one line each, then only
     * counted: d may show fewer of them, never more */
    const char *p = q->buf, *end = q->buf + q->len;
    for (unsigned i = 0; i < q->diag.errors; i++) {
        const char *nl = held && i < CP_MAX_REPORTS && p < end ? memchr(p, '\n', (size_t)(end - p)) : NULL;
        d->errors++;
        if (held && d->out && d->errors == CP_MAX_REPORTS + 1)
            say_more_counted(d->out);
        else if (nl && d->out && d->errors <= CP_MAX_REPORTS)
            fwrite(p, 1, (size_t)(nl - p) + 1, d->out);
        if (nl)
            p = nl + 1;
    }
    d->data_errors += q->diag.data_errors;
    free(q->buf);
    memset(q, 0, sizeof *q);
}
