/* A page set on disk, as `cryptoperf publish` sends it: a folder holding
 * index.wiki and the chart *.svg files the page shows. Its name is the
 * folder's last two path components ("stm32l5/mbedtls-3.6.6"): series and
 * library-version, as render lays out site/. */
#ifndef CP_PAGESET_H
#define CP_PAGESET_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    char *path;       /* the local file */
    char *name;       /* its file name, also File:<name> on a wiki */
    char *data;
    size_t len;
    char sha1[41];    /* of data, lower-case hex: what MediaWiki reports */
} cp_chart_file;   /* a chart as publish uploads it (chart.h has the drawn model) */

typedef struct {
    char *dir;
    char *name;       /* "series/library-version"; in a site, the page's path in it (site_sets.h) */
    char *title;      /* its wiki title; NULL: the publish prefix and name */
    char *summary;    /* an edit summary naming the dataset and version */
    char *text;       /* index.wiki */
    cp_chart_file *charts; /* sorted by name */
    size_t ncharts;
} cp_page_set;

/* Reads index.wiki and every .svg file in dir. Problems (missing index.wiki, an
 * unreadable file) go to err, one line each, and make it return -1; *set
 * must be freed either way. */
int cp_page_set_load(const char *dir, cp_page_set *set, FILE *err);
void cp_page_set_free(cp_page_set *set);

/* Sets that cannot go to one wiki together: two sets with one name or
 * one title (one page), or one chart name with two different contents (file names
 * are global on a wiki: one upload would replace the other). Reports each
 * clash to err; returns their number. */
unsigned cp_page_sets_check(const cp_page_set *sets, size_t n, FILE *err);

/* Reads the page file (a .wiki file) and, with charts_dir, every .svg
 * file of charts_dir: one page of a site (site_sets.h). name and title as
 * given (copied). As cp_page_set_load otherwise. */
int cp_page_set_load_page(const char *file, const char *charts_dir, const char *name, const char *title,
                          cp_page_set *set, FILE *err);

/* "a/b/c/" -> "b/c"; "c" -> "c". */
char *cp_page_set_name(const char *dir);
/* The edit summary for a set name: "… dataset stm32l5/mbedtls-3.6.6,
 * version 3.6.6", or "… diff page stm32l5/diff-…" for a diff. */
char *cp_page_set_summary(const char *name);

#endif
