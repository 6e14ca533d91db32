#include "site/prune.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int candidate(const char *name)
{
    static const char *const ext[] = { ".wiki", ".md", ".html", ".svg" };
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
        size_t e = strlen(ext[i]);
        if (n > e && strcmp(name + n - e, ext[i]) == 0)
            return 1;
    }
    return 0;
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
