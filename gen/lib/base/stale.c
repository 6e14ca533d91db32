#include "base/stale.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cleanup.h"

/* "<pid>.XXXXXX" with that pid gone (its end: *end); 0 otherwise */
static int dead_pid_at(const char *s, const char **end)
{
    char *after;
    errno = 0;
    long pid = strtol(s, &after, 10);
    if (after == s || *after != '.' || errno || pid <= 0 || pid == (long)getpid())
        return 0;
    after++;
    size_t n = strspn(after, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
    if (n != 6)
        return 0;
    *end = after + 6;
    /* EPERM: it lives, under another user */
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* NAME.tmp.<dead pid>.XXXXXX or the same with ".old" */
static int stale_file(const char *name)
{
    for (const char *p = strstr(name, CP_TMP_INFIX); p; p = strstr(p + 1, CP_TMP_INFIX)) {
        const char *end;
        if (p != name && dead_pid_at(p + strlen(CP_TMP_INFIX), &end) && (!*end || !strcmp(end, ".old")))
            return 1;
    }
    return 0;
}

#define MAX_DEPTH 32   /* a site is 3 deep; a loop of bind mounts ends here */

static long sweep_dir(int fd, int depth)
{
    DIR *d = fdopendir(fd);
    if (!d) {
        close(fd);
        return 0;
    }
    long removed = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        struct stat st;
        if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISDIR(st.st_mode) && depth < MAX_DEPTH) {
            int sub = openat(fd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (sub >= 0)
                removed += sweep_dir(sub, depth + 1);
        } else if (S_ISREG(st.st_mode) && stale_file(e->d_name)) {
            removed += unlinkat(fd, e->d_name, 0) == 0;
        }
    }
    closedir(d);
    return removed;
}

long cp_stale_sweep(const char *root, FILE *err)
{
    int fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    long removed = fd >= 0 ? sweep_dir(fd, 0) : 0;
    if (removed)
        fprintf(err, "cryptoperf: removed %ld temporary file%s under %s left by a run that was killed\n", removed,
                removed == 1 ? "" : "s", root);
    return removed;
}

/* a scratch folder's files (it has no subfolders), then the folder */
static int remove_folder(int parent, const char *name)
{
    int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            unlinkat(fd, e->d_name, 0);
    closedir(d);
    return unlinkat(parent, name, AT_REMOVEDIR);
}

long cp_scratch_sweep(const char *dir, FILE *err)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        if (fd >= 0)
            close(fd);
        return 0;
    }
    long removed = 0;
    size_t n = strlen(SCRATCH_PREFIX);
    for (struct dirent *e; (e = readdir(d));) {
        const char *end;
        struct stat st;
        if (strncmp(e->d_name, SCRATCH_PREFIX, n) || !dead_pid_at(e->d_name + n, &end) || *end ||
            fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISDIR(st.st_mode) ||
            st.st_uid != geteuid())
            continue;
        removed += remove_folder(fd, e->d_name) == 0;
    }
    closedir(d);
    if (removed)
        fprintf(err, "cryptoperf: removed %ld scratch folder%s in %s left by a run that was killed\n", removed,
                removed == 1 ? "" : "s", dir);
    return removed;
}
