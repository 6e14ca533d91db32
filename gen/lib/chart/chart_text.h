/* Texts from data made to fit a chart: a label wider than its room makes
 * gnuplot squeeze the plot (or give up: "difficulty making room for xtic
 * labels"), so long texts are wrapped or cut; the page's table next to the
 * chart keeps the full text. Lengths count characters (UTF-8 code points),
 * not bytes. */
#ifndef CP_CHART_TEXT_H
#define CP_CHART_TEXT_H

#include <stddef.h>

size_t cp_chart_text_chars(const char *s);

/* s when it has at most max characters; else its first max - 1 and an
 * ellipsis. Caller frees. */
char *cp_chart_text_cut(const char *s, size_t max);

/* s in lines ('\n') of at most width characters, broken at spaces (a longer
 * word is broken where it must), its own line breaks kept; at most
 * max_lines lines, the last one ending in an ellipsis when text was left
 * out. Caller frees. */
char *cp_chart_text_wrap(const char *s, size_t width, size_t max_lines);

#endif
