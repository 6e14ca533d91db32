#include "import/csv_read.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

typedef struct {
    cp_csv *t;
    cp_csv_row_fn *fn;   /* NULL: rows kept in t */
    void *ctx;
    cp_csv_row row;      /* the row being read (when row_open) */
    cp_diag *diag;
    cp_mark at;          /* position of the byte being fed */
    cp_mark field_start; /* valid when have_start */
    int have_start;
    int row_open;        /* a field of the current row was submitted */
    int failed;
} reader;

/* The row just read is whole: kept in t, or given to fn and freed, so
 * that a caller that streams holds one row at a time. */
static void finish_row(reader *r)
{
    cp_csv *t = r->t;
    r->row_open = 0;
    if (r->fn) {
        r->fn(&r->row, t->count++, r->ctx);
        cp_csv_row_free(&r->row);
        return;
    }
    if ((t->count & (t->count - 1)) == 0) /* doubling: linear in the rows */
        t->rows = cp_xrealloc(t->rows, (t->count ? t->count * 2 : 8) * sizeof *t->rows);
    t->rows[t->count++] = r->row;
    memset(&r->row, 0, sizeof r->row);
}

static void add_cell(void *data, size_t len, void *ctx)
{
    reader *r = ctx;
    cp_csv_row *row = &r->row;
    if (!r->row_open) {
        memset(row, 0, sizeof *row);
        row->mark = r->have_start ? r->field_start : r->at;
        r->row_open = 1;
    }
    if ((row->count & (row->count - 1)) == 0) /* doubling: a row of many cells is linear too */
        row->cells = cp_xrealloc(row->cells, (row->count ? row->count * 2 : 1) * sizeof *row->cells);
    cp_csv_cell *c = &row->cells[row->count++];
    memset(c, 0, sizeof *c);
    c->text = cp_xstrndup(data ? data : "", data ? len : 0);
    c->len = data ? len : 0;
    c->mark = r->have_start ? r->field_start : r->at;
    r->have_start = 0;
    if (memchr(c->text, '\0', c->len)) {
        cp_diag_at(r->diag, &c->mark, NULL, "expected text in a CSV cell, found a NUL byte");
        c->reported = 1;
        row->bad = 1;
        r->failed = 1;
    }
}

static void end_row(int term, void *ctx)
{
    (void)term;
    reader *r = ctx;
    if (r->row_open)
        finish_row(r);
    r->have_start = 0;
}

static int is_blank(unsigned char c)
{
    return c == ' ' || c == '\t';
}

/* After a problem at byte i: the row being read is bad, the parser starts
 * afresh at the next line. Returns where reading goes on. */
static size_t resync(reader *r, struct csv_parser *p, const unsigned char *s, size_t i, size_t len)
{
    if (r->row_open) {
        r->row.bad = 1;
        finish_row(r);
    }
    r->failed = 1;
    r->have_start = 0;
    csv_free(p);
    if (csv_init(p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
        fputs("cryptoperf: out of memory\n", stderr);
        exit(2);
    }
    while (i < len && s[i] != '\n' && s[i] != '\r')
        i++;
    if (i < len) {
        r->at.line++;
        r->at.column = 1;
        i += s[i] == '\r' && i + 1 < len && s[i + 1] == '\n' ? 2 : 1;
    }
    return i;
}

int cp_csv_read(cp_csv *t, const char *name, const char *buf, size_t len, cp_diag *diag, cp_csv_row_fn *fn,
                void *ctx)
{
    memset(t, 0, sizeof *t);
    t->file = cp_xstrdup(name);
    struct csv_parser p;
    if (csv_init(&p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
        fputs("cryptoperf: out of memory\n", stderr);
        exit(2);
    }
    reader r = { .t = t, .fn = fn, .ctx = ctx, .diag = diag, .at = { t->file, 1, 1 } };
    const unsigned char *s = (const unsigned char *)buf;
    size_t i = 0;
    if (len >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf)
        i = 3;
    while (i < len) {
        size_t n = cp_utf8_len(s + i, len - i);
        if (n == 0) {
            cp_diag_at(diag, &r.at, NULL, "expected UTF-8 text, found the byte 0x%02x", s[i]);
            i = resync(&r, &p, s, i, len);
            continue;
        }
        /* A field starts at the first byte after the previous one ended
         * that libcsv does not skip: blanks before a field, and line ends
         * between rows (blank lines), are skipped. */
        if (!r.have_start && !is_blank(s[i]) && (r.row_open || (s[i] != '\n' && s[i] != '\r'))) {
            r.field_start = r.at;
            r.have_start = 1;
        }
        if (csv_parse(&p, s + i, n, add_cell, end_row, &r) != n) {
            cp_diag_at(diag, &r.at, NULL, "expected a comma or a line end after a closing quote, or a quote "
                       "doubled inside a quoted cell, found %s",
                       s[i] == '"' ? "a lone quote" : "a character after the closing quote");
            i = resync(&r, &p, s, i, len);
            continue;
        }
        /* a line ends at LF, CRLF or a CR alone (old Mac files): every
         * position after it must name the line an editor shows */
        if (s[i] == '\n' || (s[i] == '\r' && (i + 1 == len || s[i + 1] != '\n'))) {
            r.at.line++;
            r.at.column = 1;
        } else {
            r.at.column++;
        }
        i += n;
    }
    t->end = r.at;
    if (csv_fini(&p, add_cell, end_row, &r) != 0) {
        const cp_mark *m = r.have_start ? &r.field_start : &r.at;
        cp_diag_at(diag, m, NULL, "expected a closing quote for the cell that starts here, found the end of the file");
        if (r.row_open) {
            r.row.bad = 1;
            finish_row(&r);
        }
        r.failed = 1;
    }
    csv_free(&p);
    return r.failed ? -1 : 0;
}

int cp_csv_parse(cp_csv *t, const char *name, const char *buf, size_t len, cp_diag *diag)
{
    return cp_csv_read(t, name, buf, len, diag, NULL, NULL);
}

void cp_csv_row_free(cp_csv_row *row)
{
    for (size_t k = 0; k < row->count; k++)
        free(row->cells[k].text);
    free(row->cells);
    memset(row, 0, sizeof *row);
}

void cp_csv_free(cp_csv *t)
{
    for (size_t i = 0; t->rows && i < t->count; i++)
        cp_csv_row_free(&t->rows[i]);
    free(t->rows);
    free(t->file);
    memset(t, 0, sizeof *t);
}
