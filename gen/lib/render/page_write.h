/* The write loop: a page (page/page.h) in one format, its writer's
 * (render.h). */
#ifndef CP_PAGE_WRITE_H
#define CP_PAGE_WRITE_H

#include "base/util.h"
#include "page/page.h"
#include "render/render.h"

/* Appends the page in the writer's format to out. */
void cp_page_write(const cp_page *p, const cp_writer *w, cp_buf *out);
/* The same for the page's last format: each table's rows are freed once
 * written where the table last shows, so the page model shrinks while
 * that format grows (the HTML of 10^6 results: 140 MB). The page can
 * only be freed after. */
void cp_page_write_last(cp_page *p, const cp_writer *w, cp_buf *out);
/* The page in the writer's format handed to sink in pieces (as
 * cp_page_write_last when last): a page of 10^6 results is never whole in
 * memory. */
void cp_page_stream(cp_page *p, const cp_writer *w, int last, const cp_sink *sink);

#endif
