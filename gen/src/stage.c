#include "stage.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

typedef struct {
    char *path;
    char *tmp;
    int after;       /* renamed after the others (cp_stage_add_after) */
} staged;

struct cp_stage {
    staged *files;
    size_t n, cap;
    char **dirs;     /* folders this stage made, in the order made */
    size_t ndirs;
};

cp_stage *cp_stage_new(void)
{
    return cp_xcalloc(1, sizeof(cp_stage));
}

size_t cp_stage_count(const cp_stage *s)
{
    return s->n;
}

/* mkdir -p, remembering each folder it made (abort removes them) */
static int make_dirs(cp_stage *s, const char *dir)
{
    char *p = cp_xstrdup(dir);
    int rc = 0;
    for (char *c = p + 1;; c++) {
        if (*c && *c != '/')
            continue;
        char end = *c;
        *c = '\0';
        if (mkdir(p, 0777) == 0) {
            s->dirs = cp_xrealloc(s->dirs, (s->ndirs + 1) * sizeof *s->dirs);
            s->dirs[s->ndirs++] = cp_xstrdup(p);
        } else if (errno != EEXIST) {
            rc = -1;
            break;
        }
        *c = end;
        if (!end)
            break;
    }
    free(p);
    return rc;
}

/* the file at path holds exactly the pieces, one after the other */
static int same_content(const char *path, const cp_piece *p, size_t n)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += p[i].len;
    size_t old_len;
    char *old = cp_read_file(path, &old_len);
    int same = old && old_len == len;
    for (size_t i = 0, at = 0; same && i < n; at += p[i].len, i++)
        same = !p[i].len || memcmp(old + at, p[i].data, p[i].len) == 0;
    free(old);
    return same;
}

static int write_all(int fd, const char *data, size_t len)
{
    for (size_t done = 0; done < len;) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return -1;
        done += (size_t)w;
    }
    return 0;
}

static int write_pieces(int fd, const cp_piece *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (write_all(fd, p[i].data, p[i].len))
            return -1;
    return 0;
}

static int add(cp_stage *s, const char *path, const cp_piece *pieces, size_t n, int after, FILE *err)
{
    struct stat st;
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        fprintf(err, "%s: cannot write: expected a regular file or nothing there, found %s\n", path,
                S_ISDIR(st.st_mode) ? "a folder" : "another kind of file");
        return -1;
    }
    if (same_content(path, pieces, n))
        return 0;
    const char *slash = strrchr(path, '/');
    if (slash && slash != path) {
        char *dir = cp_xstrndup(path, (size_t)(slash - path));
        int rc = make_dirs(s, dir);
        if (rc)
            fprintf(err, "%s: cannot make the folder %s: %s\n", path, dir, strerror(errno));
        free(dir);
        if (rc)
            return -1;
    }
    char *tmp = cp_xasprintf("%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(err, "%s: cannot write: %s\n", path, strerror(errno));
        free(tmp);
        return -1;
    }
    if (write_pieces(fd, pieces, n) || fchmod(fd, 0644) || close(fd)) {
        int e = errno;
        close(fd); /* harmless when already closed */
        unlink(tmp);
        free(tmp);
        fprintf(err, "%s: cannot write: %s\n", path, strerror(e));
        return -1;
    }
    if (s->n == s->cap) {
        s->cap = s->cap ? s->cap * 2 : 32;
        s->files = cp_xrealloc(s->files, s->cap * sizeof *s->files);
    }
    s->files[s->n++] = (staged){ cp_xstrdup(path), tmp, after };
    return 0;
}

int cp_stage_add(cp_stage *s, const char *path, const char *data, size_t len, FILE *err)
{
    cp_piece one = { data, len };
    return add(s, path, &one, 1, 0, err);
}

int cp_stage_add_after(cp_stage *s, const char *path, const char *data, size_t len, FILE *err)
{
    cp_piece one = { data, len };
    return add(s, path, &one, 1, 1, err);
}

int cp_stage_add_pieces(cp_stage *s, const char *path, const cp_piece *pieces, size_t n, FILE *err)
{
    return add(s, path, pieces, n, 0, err);
}

static void forget(cp_stage *s)
{
    for (size_t i = 0; i < s->n; i++) {
        free(s->files[i].path);
        free(s->files[i].tmp);
    }
    s->n = 0;
    for (size_t i = 0; i < s->ndirs; i++)
        free(s->dirs[i]);
    s->ndirs = 0;
}

int cp_stage_commit(cp_stage *s, FILE *err)
{
    size_t done = 0;
    for (int after = 0; after < 2; after++)
        for (size_t i = 0; i < s->n; i++) {
            if (s->files[i].after != after)
                continue;
            if (rename(s->files[i].tmp, s->files[i].path) == 0) {
                s->files[i].tmp[0] = '\0';   /* renamed: nothing to remove */
                done++;
                continue;
            }
            fprintf(err, "%s: cannot write: %s (%zu of the run's %zu changed files were replaced before it, the "
                    "others are left as they were)\n", s->files[i].path, strerror(errno), done, s->n);
            for (size_t k = 0; k < s->n; k++)
                if (s->files[k].tmp[0])
                    unlink(s->files[k].tmp);
            forget(s);
            return -1;
        }
    forget(s);
    return 0;
}

void cp_stage_abort(cp_stage *s)
{
    for (size_t i = 0; i < s->n; i++)
        unlink(s->files[i].tmp);
    for (size_t i = s->ndirs; i-- > 0;)
        rmdir(s->dirs[i]); /* only the empty ones go: nothing else was there */
    forget(s);
}

void cp_stage_free(cp_stage *s)
{
    if (!s)
        return;
    cp_stage_abort(s);
    free(s->files);
    free(s->dirs);
    free(s);
}
