/* Publishing page sets (publish.h). */
#include "publish/publish.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

typedef struct {
    unsigned uploaded, charts_unchanged, edited, pages_unchanged;
} progress;

/* MediaWiki drops trailing white space from saved text; compare the same way. */
static bool same_text(const char *local, const char *remote)
{
    size_t n = strlen(local), m = strlen(remote);
    while (n > 0 && strchr(" \t\r\n", local[n - 1]))
        n--;
    while (m > 0 && strchr(" \t\r\n", remote[m - 1]))
        m--;
    return n == m && memcmp(local, remote, n) == 0;
}

/* remote: the wiki's SHA-1 of the chart's name, asked before any upload. */
static int publish_chart(mw_session *s, const cp_page_set *set, const cp_chart_file *c, const char *remote,
                         progress *p)
{
    if (!strcmp(remote, c->sha1)) {
        p->charts_unchanged++;
        printf("unchanged  File:%s\n", c->name);
        return 0;
    }
    if (mw_upload(s, c->name, c->data, c->len, set->summary))
        return -1;
    p->uploaded++;
    printf("uploaded   File:%s\n", c->name);
    return 0;
}

static int publish_page(mw_session *s, const cp_page_set *set, const char *prefix, progress *p)
{
    char *title = set->title ? cp_xstrdup(set->title) : cp_xasprintf("%s%s", prefix, set->name), *remote;
    bool changed = false;
    int rc = mw_page_text(s, title, &remote);
    if (rc == 0 && (!remote || !same_text(set->text, remote)))
        rc = mw_edit(s, title, set->text, set->summary, &changed);
    if (rc == 0) {
        if (changed)
            p->edited++;
        else
            p->pages_unchanged++;
        printf("%-10s %s\n", changed ? "edited" : "unchanged", title);
    }
    free(remote);
    free(title);
    return rc;
}

static void report(FILE *f, const char *who, const progress *p, size_t ncharts, size_t npages)
{
    fprintf(f, "%s: charts: %u uploaded, %u unchanged, of %zu; pages: %u edited, %u unchanged, of %zu\n", who,
            p->uploaded, p->charts_unchanged, ncharts, p->edited, p->pages_unchanged, npages);
}

int cp_publish(mw_session *s, const cp_page_set *sets, size_t nsets, const char *prefix, const char *who)
{
    progress p = { 0 };
    size_t ncharts = 0;
    for (size_t i = 0; i < nsets; i++)
        ncharts += sets[i].ncharts;
    /* Every chart's SHA-1 on the wiki first, 50 to a request (one request
     * a chart made republishing an unchanged site mostly round trips). */
    const cp_chart_file **chart = cp_xcalloc(ncharts ? ncharts : 1, sizeof *chart);
    const cp_page_set **set_of = cp_xcalloc(ncharts ? ncharts : 1, sizeof *set_of);
    const char **names = cp_xcalloc(ncharts ? ncharts : 1, sizeof *names);
    char(*remote)[41] = cp_xcalloc(ncharts ? ncharts : 1, sizeof *remote);
    size_t n = 0, asked;
    for (size_t i = 0; i < nsets; i++)
        for (size_t j = 0; j < sets[i].ncharts; j++, n++) {
            chart[n] = &sets[i].charts[j];
            set_of[n] = &sets[i];
            names[n] = chart[n]->name;
        }
    const char *stopped_at = NULL;
    if (mw_files_sha1(s, names, ncharts, remote, &asked))
        stopped_at = chart[asked]->path;
    for (size_t k = 0; k < ncharts && !stopped_at; k++) {
        if (publish_chart(s, set_of[k], chart[k], remote[k], &p)) {
            stopped_at = chart[k]->path;
            break;
        }
        /* one chart in two page sets (same name, same content): on the wiki now */
        for (size_t l = k + 1; l < ncharts; l++)
            if (!strcmp(names[l], names[k]))
                memcpy(remote[l], chart[k]->sha1, 41);
    }
    free(chart);
    free(set_of);
    free(names);
    free(remote);
    for (size_t i = 0; i < nsets && !stopped_at; i++)
        if (publish_page(s, &sets[i], prefix, &p))
            stopped_at = sets[i].dir;
    fflush(stdout);
    if (!stopped_at) {
        report(stdout, who, &p, ncharts, nsets);
        return 0;
    }
    fprintf(stderr, "%s: %s: %s\n", who, stopped_at, mw_error(s));
    fprintf(stderr, "%s: stopped there; what is on the wiki now is intact:\n", who);
    report(stderr, who, &p, ncharts, nsets);
    fprintf(stderr, "%s: not published: %zu chart(s), %zu page(s)\n", who, ncharts - p.uploaded - p.charts_unchanged,
            nsets - p.edited - p.pages_unchanged);
    return -1;
}
