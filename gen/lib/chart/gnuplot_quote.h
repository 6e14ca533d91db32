/* Text from data as gnuplot string expressions (gnuplot_quote.c): every
 * text of a chart reaches gnuplot as literal text, whatever it holds. */
#ifndef CP_GNUPLOT_QUOTE_H
#define CP_GNUPLOT_QUOTE_H

#include "base/util.h"

/* The variable every chart script defines as a single quote. */
#define CP_GNUPLOT_QUOTE_VAR "cp_q"

/* Appends s as a gnuplot string expression of single-quoted strings
 * (it's -> 'it' . cp_q . 's'): inside single quotes gnuplot expands
 * nothing (no backquote commands, no @macros, no backslash escapes); line
 * breaks, control characters and invalid UTF-8 become spaces, so the
 * string stays on its line (gnuplot_quote.c). */
void cp_gnuplot_quote(cp_buf *out, const char *s);
/* Same, but each '\n' of s becomes a line break of the text, written as
 * 'line 1' . "\n" . 'line 2'. */
void cp_gnuplot_quote_lines(cp_buf *out, const char *s);
/* Same as cp_gnuplot_quote_lines, for a tic label, which gnuplot reads as a
 * printf format of the tic's position: '%' is doubled. */
void cp_gnuplot_quote_tic(cp_buf *out, const char *s);
/* Same as cp_gnuplot_quote_lines, for the text of a `with labels` plot,
 * in which gnuplot reads backslash escapes: '\\' is doubled. */
void cp_gnuplot_quote_label(cp_buf *out, const char *s);

#endif
