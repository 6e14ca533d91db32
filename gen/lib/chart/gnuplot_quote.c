/* Text from data as gnuplot string expressions (gnuplot_quote.h). */
#include "chart/gnuplot_quote.h"

#include <stdlib.h>
#include <string.h>

#include "base/text_clean.h"

enum {
    FORMAT = 1,    /* a tic label: gnuplot reads it as a printf format */
    ESCAPES = 2,   /* a `with labels` text: gnuplot reads backslash escapes */
};

typedef struct {
    cp_buf *out;
    int how;
} quoting;

/* A quote in the text closes the string, concatenates cp_q (which every
 * chart script defines first as sprintf('%c', 39)) and reopens it:
 * 'it' . cp_q . 's'. Not 'it''s': gnuplot 5.4 ends a string at the second
 * of two doubled quotes. Not a double-quoted "'": gnuplot's scan for
 * @macros and `commands` tracks quotes and gets lost in that, expanding
 * what follows. Every place a chart script puts text takes a string
 * expression. */
static void put_quoted(void *ctx, const char *s, size_t n)
{
    quoting *q = ctx;
    if (n == 1 && *s == '\'')
        cp_buf_puts(q->out, "' . " CP_GNUPLOT_QUOTE_VAR " . '");
    else if (n == 1 && *s == '%' && (q->how & FORMAT))
        cp_buf_puts(q->out, "%%");
    else if (n == 1 && *s == '\\' && (q->how & ESCAPES))
        cp_buf_puts(q->out, "\\\\");
    else
        cp_buf_put(q->out, s, n);
}

static void quote(cp_buf *out, const char *s, int how)
{
    quoting q = { out, how };
    cp_buf_putc(out, '\'');
    cp_text_clean(s, put_quoted, &q);
    cp_buf_putc(out, '\'');
}

void cp_gnuplot_quote(cp_buf *out, const char *s)
{
    quote(out, s, 0);
}

static void quote_lines(cp_buf *out, const char *s, int how)
{
    for (;;) {
        const char *nl = strchr(s, '\n');
        char *line = cp_xstrndup(s, nl ? (size_t)(nl - s) : strlen(s));
        quote(out, line, how);
        free(line);
        if (!nl)
            return;
        cp_buf_puts(out, " . \"\\n\" . ");
        s = nl + 1;
    }
}

void cp_gnuplot_quote_lines(cp_buf *out, const char *s)
{
    quote_lines(out, s, 0);
}

void cp_gnuplot_quote_tic(cp_buf *out, const char *s)
{
    quote_lines(out, s, FORMAT);
}

void cp_gnuplot_quote_label(cp_buf *out, const char *s)
{
    quote_lines(out, s, ESCAPES);
}
