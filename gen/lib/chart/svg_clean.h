/* What gnuplot's svg terminal writes, made fit to publish: our <title>
 * (gnuplot writes "Gnuplot"), no <desc> naming gnuplot's version (it would
 * change every chart when gnuplot is upgraded), and checked to be static
 * (a viewBox; no script, no event handler, no link to anything outside the
 * file), so it survives MediaWiki's SVG rasteriser and <img> embedding. */
#ifndef CP_SVG_CLEAN_H
#define CP_SVG_CLEAN_H

#include "base/util.h"

/* Appends the cleaned svg (len bytes) to out, in one pass. title is plain
 * text (escaped here). 0, or -1 with *why set to a static text saying
 * what was wrong (out is then as it was). */
int cp_svg_clean(cp_buf *out, const char *svg, size_t len, const char *title, const char **why);

/* Appends s escaped for XML text and attribute values (after
 * cp_text_clean: no control characters, valid UTF-8). */
void cp_xml_escape(cp_buf *out, const char *s);

#endif
