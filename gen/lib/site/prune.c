#include "site/prune.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

#define MANIFEST_HEAD "# cryptoperf render: the files it wrote in this folder (render --prune deletes only these)\n"

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A path of a manifest: relative, no empty, "." or ".." part (a manifest
 * edited by hand cannot make prune leave the folder). */
static int plain_relative(const char *p)
{
    if (!*p)
        return 0;
    for (;;) {
        size_t len = strcspn(p, "/");
        if (len == 0 || (len == 1 && p[0] == '.') || (len == 2 && p[0] == '.' && p[1] == '.'))
            return 0;
        if (!p[len])
            return 1;
        p += len + 1;
    }
}

void cp_manifest_free(cp_manifest *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->paths[i]);
    free(m->paths);
    m->paths = NULL;
    m->n = 0;
}

/* The whole of fd; NULL with errno set. */
static char *read_fd(int fd)
{
    cp_buf b = { 0 };
    cp_buf_grow(&b, 4096);
    for (;;) {
        if (b.cap - b.len < 2)
            cp_buf_grow(&b, 2 * b.cap);
        ssize_t r = read(fd, b.data + b.len, b.cap - b.len - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            cp_buf_free(&b);
            return NULL;
        }
        if (r == 0)
            break;
        b.len += (size_t)r;
        if (b.len > CP_MAX_INPUT_BYTES) {
            cp_buf_free(&b);
            errno = EFBIG;
            return NULL;
        }
    }
    b.data[b.len] = '\0';
    return b.data;
}

int cp_manifest_read(cp_manifest *m, const char *root, FILE *err)
{
    *m = (cp_manifest){ 0 };
    char *path = cp_xasprintf("%s/%s", root, CP_MANIFEST_NAME);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 && errno == ENOENT) {
        free(path);
        return 0;
    }
    const char *why = NULL;
    char *text = NULL;
    if (fd < 0)
        why = errno == ELOOP ? "expected a regular file, found a symbolic link" : strerror(errno);
    else if (fstat(fd, &st) != 0)
        why = strerror(errno);
    else if (!S_ISREG(st.st_mode))
        why = "expected a regular file, found another kind of file";
    else if (!(text = read_fd(fd)))
        why = strerror(errno);
    if (fd >= 0)
        close(fd);
    if (why) {
        fprintf(err, "%s: cannot read the manifest: %s\n", path, why);
        free(path);
        return -1;
    }
    free(path);
    size_t cap = 0;
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        char *next = end ? end + 1 : line + strlen(line);
        if (end)
            *end = '\0';
        if (*line != '#' && plain_relative(line)) {
            if (m->n == cap) {
                cap = cap ? 2 * cap : 256;
                m->paths = cp_xrealloc(m->paths, cap * sizeof *m->paths);
            }
            m->paths[m->n++] = cp_xstrdup(line);
        }
        line = next;
    }
    free(text);
    qsort(m->paths, m->n, sizeof *m->paths, cmp_str);
    return 1;
}

int cp_folder_has_files(const char *root)
{
    DIR *d = opendir(root);
    if (!d)
        return 0;
    int any = 0;
    for (struct dirent *e; !any && (e = readdir(d));)
        any = strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && strcmp(e->d_name, CP_MANIFEST_NAME);
    closedir(d);
    return any;
}

/* files relative to root, sorted, each once */
static char **relative(const char *root, const char *const *files, size_t n, size_t *out)
{
    size_t skip = strlen(root) + 1;
    char **rel = cp_xcalloc(n + 1, sizeof *rel);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strlen(files[i]) > skip && !strchr(files[i], '\n'))
            rel[k++] = (char *)files[i] + skip;
    qsort(rel, k, sizeof *rel, cmp_str);
    size_t u = 0;
    for (size_t i = 0; i < k; i++)
        if (!u || strcmp(rel[u - 1], rel[i]))
            rel[u++] = rel[i];
    *out = u;
    return rel;
}

static int among(char *const *sorted, size_t n, const char *path)
{
    return bsearch(&path, sorted, n, sizeof *sorted, cmp_str) != NULL;
}

char *cp_manifest_text(const char *root, const char *const *files, size_t n, const cp_manifest *old, int prune,
                       size_t *len)
{
    size_t nrel;
    char **rel = relative(root, files, n, &nrel);
    /* an earlier run's files still there stay listed, so a later --prune
     * can remove them */
    char **all = cp_xcalloc(nrel + (old ? old->n : 0) + 1, sizeof *all);
    size_t nall = 0;
    for (size_t i = 0; i < nrel; i++)
        all[nall++] = rel[i];
    for (size_t i = 0; !prune && old && i < old->n; i++) {
        char *p = cp_xasprintf("%s/%s", root, old->paths[i]);
        struct stat st;
        if (!among(rel, nrel, old->paths[i]) && lstat(p, &st) == 0 && S_ISREG(st.st_mode))
            all[nall++] = old->paths[i];
        free(p);
    }
    qsort(all, nall, sizeof *all, cmp_str);
    cp_buf b = { 0 };
    cp_buf_puts(&b, MANIFEST_HEAD);
    for (size_t i = 0; i < nall; i++) {
        cp_buf_puts(&b, all[i]);
        cp_buf_putc(&b, '\n');
    }
    free(all);
    free(rel);
    *len = b.len;
    return b.data;
}

/* Removes root/rel: each folder opened from its parent without following
 * a symlink, the file checked and removed from the last one, then the
 * folders left empty, deepest first. 1 removed, 0 not there (or not a
 * regular file: left alone), -1 after a message. */
#define MAX_PARTS 64
static int remove_one(int rootfd, const char *root, const char *rel, FILE *err)
{
    int fds[MAX_PARTS];
    char *parts[MAX_PARTS];
    size_t nparts = 0;
    char *copy = cp_xstrdup(rel);
    for (char *p = copy, *slash; nparts < MAX_PARTS; p = slash + 1) {
        parts[nparts++] = p;
        slash = strchr(p, '/');
        if (!slash)
            break;
        *slash = '\0';
    }
    int rc = 0;
    size_t open_fds = 0;
    int fd = rootfd;
    for (size_t i = 0; i + 1 < nparts; i++) {
        int sub = openat(fd, parts[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (sub < 0) {   /* gone, or a symlink or a file where a folder was: not ours to follow */
            rc = errno == ENOENT ? 0 : -2;
            goto done;
        }
        fds[open_fds++] = fd = sub;
    }
    struct stat st;
    const char *name = parts[nparts - 1];
    if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
        goto done;   /* gone, or replaced by something render never writes */
    if (unlinkat(fd, name, 0) != 0) {
        fprintf(err, "%s/%s: cannot remove: %s\n", root, rel, strerror(errno));
        rc = -1;
        goto done;
    }
    rc = 1;
    /* folders left empty: from the deepest, each from its parent */
    for (size_t i = open_fds; i-- > 0;) {
        int parent = i ? fds[i - 1] : rootfd;
        if (unlinkat(parent, parts[i], AT_REMOVEDIR) != 0)
            break;
    }
done:
    if (rc == -2) {
        fprintf(err, "%s/%s: not removed: a folder on its path is not a folder (a symbolic link?)\n", root, rel);
        rc = 0;
    }
    for (size_t i = 0; i < open_fds; i++)
        close(fds[i]);
    free(copy);
    return rc;
}

long cp_prune_stale(const char *root, const cp_manifest *old, const char *const *files, size_t n, FILE *err)
{
    int rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (rootfd < 0) {
        fprintf(err, "%s: cannot open: %s\n", root, strerror(errno));
        return -1;
    }
    size_t nrel;
    char **rel = relative(root, files, n, &nrel);
    long removed = 0;
    int failed = 0;
    for (size_t i = 0; old && i < old->n; i++) {
        if (among(rel, nrel, old->paths[i]))
            continue;
        int rc = remove_one(rootfd, root, old->paths[i], err);
        if (rc < 0)
            failed = 1;
        else
            removed += rc;
    }
    free(rel);
    close(rootfd);
    return failed ? -1 : removed;
}
