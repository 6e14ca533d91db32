#include "publish/pageset.h"

#include <dirent.h>
#include <errno.h>
#include <openssl/evp.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

static void sha1_hex(const char *data, size_t len, char out[41])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned n = 0;
    if (!EVP_Digest(data, len, md, &n, EVP_sha1(), NULL) || n != 20) {
        fputs("cryptoperf: SHA-1 not available from libcrypto\n", stderr);
        exit(2);
    }
    for (unsigned i = 0; i < n; i++)
        snprintf(out + 2 * i, 3, "%02x", md[i]);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const cp_chart_file *)a)->name, ((const cp_chart_file *)b)->name);
}

char *cp_page_set_name(const char *dir)
{
    size_t end = strlen(dir);
    while (end > 1 && dir[end - 1] == '/')
        end--;
    size_t start = end, slashes = 0;
    while (start > 0) {
        if (dir[start - 1] == '/' && ++slashes == 2)
            break;
        start--;
    }
    while (start < end && dir[start] == '/')
        start++;
    return cp_xstrndup(dir + start, end - start);
}

char *cp_page_set_summary(const char *name)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    if (!strncmp(base, "diff-", 5))
        return cp_xasprintf("cryptoperf publish: diff page %s", name);
    /* library-version: the version follows the last '-' and starts with a digit */
    const char *dash = strrchr(base, '-');
    if (dash && dash[1] >= '0' && dash[1] <= '9')
        return cp_xasprintf("cryptoperf publish: dataset %s, version %s", name, dash + 1);
    return cp_xasprintf("cryptoperf publish: %s", name);
}

static bool is_chart(const char *file)
{
    size_t n = strlen(file);
    return file[0] != '.' && n > 4 && strcmp(file + n - 4, ".svg") == 0;
}

static int load_charts(const char *dir, cp_page_set *set, FILE *err);

int cp_page_set_load(const char *dir, cp_page_set *set, FILE *err)
{
    memset(set, 0, sizeof *set);
    set->dir = cp_xstrdup(dir);
    set->name = cp_page_set_name(dir);
    set->summary = cp_page_set_summary(set->name);
    char *index = cp_xasprintf("%s/index.wiki", dir);
    set->text = cp_read_file(index, NULL);
    if (!set->text) {
        fprintf(err, "%s: %s (a page set is a folder with index.wiki)\n", index, cp_read_file_error());
        free(index);
        return -1;
    }
    free(index);
    return load_charts(dir, set, err);
}

int cp_page_set_load_page(const char *file, const char *charts_dir, const char *name, const char *title,
                          cp_page_set *set, FILE *err)
{
    memset(set, 0, sizeof *set);
    set->dir = cp_xstrdup(file);
    set->name = cp_xstrdup(name);
    set->title = title ? cp_xstrdup(title) : NULL;
    set->summary = cp_xasprintf("cryptoperf publish: %s", *name ? name : "site index");
    set->text = cp_read_file(file, NULL);
    if (!set->text) {
        fprintf(err, "%s: %s\n", file, cp_read_file_error());
        return -1;
    }
    return charts_dir ? load_charts(charts_dir, set, err) : 0;
}

static int load_charts(const char *dir, cp_page_set *set, FILE *err)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(err, "%s: %s\n", dir, strerror(errno));
        return -1;
    }
    size_t cap = 0;
    int rc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!is_chart(e->d_name))
            continue;
        if (set->ncharts == cap) {
            cap = cap ? 2 * cap : 8;
            set->charts = cp_xrealloc(set->charts, cap * sizeof *set->charts);
        }
        cp_chart_file *c = &set->charts[set->ncharts++];
        memset(c, 0, sizeof *c);
        c->name = cp_xstrdup(e->d_name);
        c->path = cp_xasprintf("%s/%s", dir, e->d_name);
        c->data = cp_read_file(c->path, &c->len);
        if (!c->data) {
            fprintf(err, "%s: %s\n", c->path, cp_read_file_error());
            rc = -1;
            continue;
        }
        sha1_hex(c->data, c->len, c->sha1);
    }
    closedir(d);
    /* readdir order is the file system's: sort for a reproducible run. */
    if (set->ncharts)
        qsort(set->charts, set->ncharts, sizeof *set->charts, by_name);
    return rc;
}

void cp_page_set_free(cp_page_set *set)
{
    for (size_t i = 0; i < set->ncharts; i++) {
        free(set->charts[i].path);
        free(set->charts[i].name);
        free(set->charts[i].data);
    }
    free(set->charts);
    free(set->dir);
    free(set->name);
    free(set->title);
    free(set->summary);
    free(set->text);
    memset(set, 0, sizeof *set);
}

static unsigned check_charts(const cp_page_set *sets, size_t n, FILE *err)
{
    unsigned clashes = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < sets[i].ncharts; j++)
            for (size_t k = i; k < n; k++)
                for (size_t l = k == i ? j + 1 : 0; l < sets[k].ncharts; l++) {
                    const cp_chart_file *a = &sets[i].charts[j], *b = &sets[k].charts[l];
                    if (strcmp(a->name, b->name) || !strcmp(a->sha1, b->sha1))
                        continue;
                    fprintf(err,
                            "%s and %s: one file name on the wiki, two different charts; "
                            "chart names must be unique across page sets\n",
                            a->path, b->path);
                    clashes++;
                }
    return clashes;
}

unsigned cp_page_sets_check(const cp_page_set *sets, size_t n, FILE *err)
{
    unsigned clashes = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t k = i + 1; k < n; k++)
            if (!strcmp(sets[i].name, sets[k].name)) {
                fprintf(err, "%s and %s: both are page set %s, one page on the wiki\n", sets[i].dir,
                        sets[k].dir, sets[i].name);
                clashes++;
            } else if (sets[i].title && sets[k].title && !strcmp(sets[i].title, sets[k].title)) {
                fprintf(err, "%s and %s: both would be the wiki page \"%s\" (one heading twice)\n", sets[i].dir,
                        sets[k].dir, sets[i].title);
                clashes++;
            }
    return clashes + check_charts(sets, n, err);
}
