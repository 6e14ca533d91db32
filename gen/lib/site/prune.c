#include "site/prune.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "model/chart.h"
#include "render/render.h"

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *name, const char *dot, const char *ext)
{
    size_t n = strlen(name), d = strlen(dot), e = strlen(ext);
    return n > d + e && !strncmp(name + n - e - d, dot, d) && !strcmp(name + n - e, ext);
}

/* A file of a kind render writes: a page of one of the writers' formats
 * (render.h's writer table), or a chart. */
static int candidate(const char *name)
{
    for (size_t i = 0; i < CP_NWRITERS; i++)
        if (ends_with(name, ".", cp_writers[i]->ext))
            return 1;
    return ends_with(name, "", CP_CHART_EXT);
}

typedef struct {
    char **keep;
    size_t nkeep;
    long removed;
    FILE *err;
} walk;

/* Depth first, so that a folder is tried for removal after its content.
 * Returns 1 when dir ended up empty. */
static int prune_dir(walk *w, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(w->err, "%s: cannot list: %s\n", dir, strerror(errno));
        return -1;
    }
    int empty = 1, rc = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char *path = cp_xasprintf("%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) != 0) {
            fprintf(w->err, "%s: %s\n", path, strerror(errno));
            rc = -1;
            empty = 0;
        } else if (S_ISDIR(st.st_mode)) {
            int sub = prune_dir(w, path);
            if (sub < 0)
                rc = -1;
            if (!(sub == 1 && rmdir(path) == 0))
                empty = 0;
        } else if (S_ISREG(st.st_mode) && candidate(e->d_name) &&
                   !bsearch(&path, w->keep, w->nkeep, sizeof *w->keep, cmp_str)) {
            if (unlink(path) == 0) {
                w->removed++;
            } else {
                fprintf(w->err, "%s: cannot remove: %s\n", path, strerror(errno));
                rc = -1;
                empty = 0;
            }
        } else {
            empty = 0;
        }
        free(path);
    }
    closedir(d);
    return rc < 0 ? -1 : empty;
}

long cp_prune_stale(const char *root, char **keep, size_t nkeep, FILE *err)
{
    qsort(keep, nkeep, sizeof *keep, cmp_str);
    walk w = { keep, nkeep, 0, err };
    return prune_dir(&w, root) < 0 ? -1 : w.removed;
}
