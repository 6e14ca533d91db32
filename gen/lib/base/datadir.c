#include "base/datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paths.h" /* CP_PKGDATADIR, CP_BINDIR_TO_PKGDATADIR: build/config, made by mk/install.mk */
#include "base/util.h"

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* <folder of the running program>/CP_BINDIR_TO_PKGDATADIR, or NULL. */
static char *installed_next_to_program(void)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return NULL;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return cp_xasprintf("%s/%s", exe, CP_BINDIR_TO_PKGDATADIR);
}

static char *find(const char *rel)
{
    const char *env = getenv("CRYPTOPERF_DATADIR");
    if (env && *env)
        return cp_xasprintf("%s/%s", env, rel);
    if (exists(rel))
        return cp_xstrdup(rel);
    char *near = installed_next_to_program();
    if (near) {
        char *path = cp_xasprintf("%s/%s", near, rel);
        free(near);
        if (exists(path))
            return path;
        free(path);
    }
    return cp_xasprintf("%s/%s", CP_PKGDATADIR, rel);
}

const char *cp_data_path(const char *rel)
{
    /* one lookup per name and run; a handful of names */
    static struct {
        const char *rel;
        char *path;
    } seen[4];
    size_t i = 0;
    for (; i < sizeof seen / sizeof seen[0] && seen[i].rel; i++)
        if (!strcmp(seen[i].rel, rel))
            return seen[i].path;
    char *path = find(rel);
    if (i < sizeof seen / sizeof seen[0]) {
        seen[i].rel = rel;
        seen[i].path = path;
    }
    return path;
}

const char *cp_schema_path(const char *option)
{
    if (option)
        return option;
    const char *env = getenv("CRYPTOPERF_SCHEMA");
    return env && *env ? env : cp_data_path(CP_SCHEMA_REL);
}

const char *cp_templates_path(const char *option)
{
    return option ? option : cp_data_path(CP_TEMPLATES_REL);
}
