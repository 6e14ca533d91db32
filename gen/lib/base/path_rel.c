#include "base/path_rel.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

char *cp_path_dir(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return cp_xstrdup(".");
    if (slash == path)
        return cp_xstrdup("/");
    return cp_xstrndup(path, (size_t)(slash - path));
}

typedef struct {
    char **part;
    size_t count;
} parts;

/* Absolute, split at '/', with "." and ".." folded away. */
static parts split_absolute(const char *path)
{
    char *full;
    if (path[0] == '/') {
        full = cp_xstrdup(path);
    } else {
        char *cwd = getcwd(NULL, 0);
        full = cp_xasprintf("%s/%s", cwd ? cwd : "", path);
        free(cwd);
    }
    parts p = { cp_xcalloc(strlen(full) + 1, sizeof(char *)), 0 };
    for (char *save = NULL, *tok = strtok_r(full, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
        if (!strcmp(tok, "."))
            continue;
        if (!strcmp(tok, "..")) {
            if (p.count)
                free(p.part[--p.count]);
            continue;
        }
        p.part[p.count++] = cp_xstrdup(tok);
    }
    free(full);
    return p;
}

static void parts_free(parts *p)
{
    for (size_t i = 0; i < p->count; i++)
        free(p->part[i]);
    free(p->part);
}

char *cp_path_relative(const char *from_dir, const char *to)
{
    parts from = split_absolute(from_dir), dest = split_absolute(to);
    size_t common = 0;
    while (common < from.count && common < dest.count && !strcmp(from.part[common], dest.part[common]))
        common++;
    cp_buf b = { 0 };
    for (size_t i = common; i < from.count; i++)
        cp_buf_puts(&b, "../");
    for (size_t i = common; i < dest.count; i++) {
        cp_buf_puts(&b, dest.part[i]);
        if (i + 1 < dest.count)
            cp_buf_putc(&b, '/');
    }
    if (!b.data)
        b.data = cp_xstrdup(".");
    else if (b.data[b.len - 1] == '/')
        b.data[--b.len] = '\0';
    parts_free(&from);
    parts_free(&dest);
    return b.data;
}

int cp_path_inside(const char *root, const char *path)
{
    size_t n = strlen(root);
    if (strncmp(path, root, n) != 0 || path[n] != '/')
        return 0;
    for (const char *part = path + n + 1;;) {
        size_t len = strcspn(part, "/");
        if (len == 0 || (len == 1 && part[0] == '.') || (len == 2 && part[0] == '.' && part[1] == '.'))
            return 0;
        if (!part[len])
            return 1;
        part += len + 1;
    }
}
