/* A whole site (the folder `cryptoperf render` writes, index.wiki at its
 * top) as page sets: every .wiki page of every folder, the charts of a
 * folder with its first page. Each page is titled as a wiki reader would
 * look for it: the prefix and the page's own heading (the first line of
 * its Markdown twin, "# Cryptographic performance of Mbed TLS 3.6.6 on
 * MPS2-AN505"), the site index the prefix alone ("Cryptoperf"); the heading
 * is also its {{DISPLAYTITLE}}, and the links between pages (render writes
 * them to "Cryptoperf/<path>") are turned to those titles. */
#ifndef CP_SITE_SETS_H
#define CP_SITE_SETS_H

#include <stddef.h>
#include <stdio.h>

#include "publish/pageset.h"

/* 1 when dir is a site: it holds index.wiki and a folder below it holds a
 * .wiki page. */
int cp_site_is(const char *dir);

/* Appends the pages of the site root to *sets (*n of them, realloc'd).
 * Problems go to err; -1 then (the sets loaded are the caller's to free
 * either way). */
int cp_site_sets_load(const char *root, const char *prefix, cp_page_set **sets, size_t *n, FILE *err);

/* The wiki title of a page of heading h under prefix (characters a title
 * cannot hold, # < > [ ] | { } and controls, become '-'); root: the site
 * index, titled by the prefix alone when there is one. Caller frees. */
char *cp_site_title(const char *prefix, const char *h, int root);

#endif
