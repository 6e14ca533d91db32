/* sync_file_range (Linux): a staged file's writeback starts when it is
 * closed, so the fsyncs before the journal wait for writes already under
 * way, together, instead of one after another */
#define _GNU_SOURCE
#include "base/stage.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cleanup.h"
#include "base/path_rel.h"
#include "base/util.h"

typedef struct {
    char *path;
    char *tmp;
    int after;       /* renamed after the others (cp_stage_add_after) */
    cp_cleanup_id cid;   /* the temporary file, removed on a fatal signal */
} staged;

struct cp_stage {
    staged *files;
    size_t n, cap;
    char **dirs;     /* folders this stage made, in the order made */
    cp_cleanup_id *dir_ids;
    size_t ndirs;
    char *journal_root;   /* cp_stage_journal's, or NULL */
};

cp_stage *cp_stage_new(void)
{
    return cp_xcalloc(1, sizeof(cp_stage));
}

size_t cp_stage_count(const cp_stage *s)
{
    return s->n;
}

const char *cp_stage_tmp_of(const cp_stage *s, const char *path)
{
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->files[i].path, path))
            return s->files[i].tmp;
    return NULL;
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
        cp_cleanup_id id;
        if (cp_cleanup_mkdir(p, &id) == 0) {
            s->dirs = cp_xrealloc(s->dirs, (s->ndirs + 1) * sizeof *s->dirs);
            s->dir_ids = cp_xrealloc(s->dir_ids, (s->ndirs + 1) * sizeof *s->dir_ids);
            s->dir_ids[s->ndirs] = id;
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

/* Up to len bytes of fd (fewer only at its end), or -1. */
static ssize_t read_full(int fd, char *buf, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t r = read(fd, buf + done, len - done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        done += (size_t)r;
    }
    return (ssize_t)done;
}

/* The old file is compared this much at a time: a page of 140 MB is never
 * read whole, and neither is the new one kept. */
#define CHUNK (64 * 1024)

enum { COMPARING, WRITING, FAILED };

struct cp_stage_file {
    cp_stage *s;
    char *path;
    int after;
    FILE *err;
    int state;
    int old;         /* the destination's current content while COMPARING, or -1 */
    off_t same;      /* bytes written so far, all equal to the old file's first ones (COMPARING) */
    char *tmp;       /* the temporary file once WRITING, else NULL */
    int fd;
    char *buf;       /* CHUNK bytes of the old file */
    cp_cleanup_id cid;   /* tmp's */
    int error;       /* the errno of the failure (FAILED) */
};

static void fail(cp_stage_file *f, const char *what, int e)
{
    fprintf(f->err, "%s: %s: %s\n", f->path, what, strerror(e));
    f->state = FAILED;
    f->error = e;
}

/* The content differs from the old file after its first f->same bytes:
 * the temporary file starts with those. 0, or -1 (FAILED). */
static int diverge(cp_stage_file *f)
{
    const char *slash = strrchr(f->path, '/');
    if (slash && slash != f->path) {
        char *dir = cp_xstrndup(f->path, (size_t)(slash - f->path));
        int rc = make_dirs(f->s, dir);
        if (rc) {
            char *what = cp_xasprintf("cannot make the folder %s", dir);
            fail(f, what, errno);
            free(what);
        }
        free(dir);
        if (rc)
            return -1;
    }
    f->tmp = cp_tmp_name(f->path);
    f->fd = cp_cleanup_mkstemp(f->tmp, &f->cid);
    if (f->fd < 0) {
        fail(f, "cannot write", errno);
        return -1;
    }
    f->state = WRITING;
    for (off_t at = 0; at < f->same;) {
        size_t n = f->same - at < CHUNK ? (size_t)(f->same - at) : CHUNK;
        ssize_t r = pread(f->old, f->buf, n, at);
        if (r <= 0) {
            fail(f, "cannot read the old content", r < 0 ? errno : EIO);   /* it shrank meanwhile: EIO */
            return -1;
        }
        if (write_all(f->fd, f->buf, (size_t)r)) {
            fail(f, "cannot write", errno);
            return -1;
        }
        at += r;
    }
    return 0;
}

cp_stage_file *cp_stage_open(cp_stage *s, const char *path, int after, FILE *err)
{
    const char *refused = cp_output_refused(path);
    if (refused) {
        fprintf(err, "%s: cannot write: %s\n", path, refused);
        struct stat st;
        errno = lstat(path, &st) == 0 && S_ISDIR(st.st_mode) ? EISDIR : EEXIST;   /* for the caller's message */
        return NULL;
    }
    struct stat st;
    int there = lstat(path, &st) == 0;
    cp_stage_file *f = cp_xcalloc(1, sizeof *f);
    *f = (cp_stage_file){ s, cp_xstrdup(path), after, err, COMPARING, -1, 0, NULL, -1, cp_xmalloc(CHUNK), 0, 0 };
    /* an old file that cannot be read is replaced, as one that differs */
    if (there)
        f->old = open(path, O_RDONLY | O_CLOEXEC);
    if (f->old < 0)
        diverge(f);
    return f;
}

int cp_stage_write(cp_stage_file *f, const char *data, size_t len)
{
    while (f->state == COMPARING && len) {
        size_t n = len < CHUNK ? len : CHUNK;
        ssize_t r = read_full(f->old, f->buf, n);
        if (r != (ssize_t)n || memcmp(f->buf, data, n) != 0) {
            if (diverge(f))
                return -1;
            break;   /* this chunk on, from data */
        }
        f->same += (off_t)n;
        data += n;
        len -= n;
    }
    if (f->state == FAILED)
        return -1;
    if (f->state == WRITING && write_all(f->fd, data, len)) {
        fail(f, "cannot write", errno);
        return -1;
    }
    return 0;
}

int cp_stage_close(cp_stage_file *f)
{
    if (f->state == COMPARING) {
        char c;
        ssize_t r = read_full(f->old, &c, 1);
        if (r != 0)   /* the old file is longer (or unreadable): replaced */
            diverge(f);
    }
    if (f->old >= 0)
        close(f->old);
    if (f->state == WRITING && fchmod(f->fd, 0644))
        fail(f, "cannot write", errno);
    /* synced at commit (sync_staged); its writing to the disk starts now,
     * a hint whose failure the fsync will tell */
    if (f->state == WRITING)
        sync_file_range(f->fd, 0, 0, SYNC_FILE_RANGE_WRITE);
    if (f->fd >= 0 && close(f->fd) && f->state == WRITING)
        fail(f, "cannot write", errno);   /* a delayed write error (NFS, a full disk) */
    int rc = f->state == FAILED ? -1 : 0, error = f->error;
    if (f->tmp && rc) {
        unlink(f->tmp);
        cp_cleanup_drop(f->cid);
    } else if (f->tmp) {
        cp_stage *s = f->s;
        if (s->n == s->cap) {
            s->cap = s->cap ? s->cap * 2 : 32;
            s->files = cp_xrealloc(s->files, s->cap * sizeof *s->files);
        }
        s->files[s->n++] = (staged){ f->path, f->tmp, f->after, f->cid };
        f->path = f->tmp = NULL;
    }
    free(f->tmp);
    free(f->path);
    free(f->buf);
    free(f);
    if (rc)
        errno = error;   /* for a caller's own message ("cannot stage its SVG: ...") */
    return rc;
}

/* Every whole-content add is a staged file written in one go: one code path */
static int add(cp_stage *s, const char *path, const cp_piece *pieces, size_t n, int after, FILE *err)
{
    cp_stage_file *f = cp_stage_open(s, path, after, err);
    if (!f)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (cp_stage_write(f, pieces[i].data, pieces[i].len))
            break;
    return cp_stage_close(f);
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

/* The paths are placed or removed: forgotten, here and by the cleanup. */
static void forget(cp_stage *s)
{
    for (size_t i = 0; i < s->n; i++) {
        cp_cleanup_drop(s->files[i].cid);
        free(s->files[i].path);
        free(s->files[i].tmp);
    }
    s->n = 0;
    for (size_t i = 0; i < s->ndirs; i++) {
        cp_cleanup_drop(s->dir_ids[i]);
        free(s->dirs[i]);
    }
    s->ndirs = 0;
}

/* The old file at a destination, kept under another name until every
 * file is placed: a late failure puts it back. */
static char *backup_name(const staged *f)
{
    return cp_xasprintf("%s.old", f->tmp);
}

/* Undoes the first n placements of order[]: each old file put back, each
 * new one removed. Says which could not be undone. */
static void put_back(cp_stage *s, const size_t *order, const char *const *backup, size_t n, FILE *err)
{
    for (size_t k = n; k-- > 0;) {
        const staged *f = &s->files[order[k]];
        int rc = backup[k] ? rename(backup[k], f->path) : unlink(f->path);
        if (rc)
            fprintf(err, "%s: cannot put the old file back: %s\n", f->path, strerror(errno));
    }
}

/* Every staged file on the disk before the journal names it and before
 * its rename: a journal over a file whose data never got there would
 * rename an empty file in after a power cut. 0, or -1 after a message
 * (nothing renamed yet). */
static int sync_staged(const cp_stage *s, FILE *err)
{
    for (size_t i = 0; i < s->n; i++) {
        int fd = open(s->files[i].tmp, O_RDONLY | O_CLOEXEC);
        if (fd < 0 || cp_sync_fd(fd)) {
            fprintf(err, "%s: cannot write: %s\n", s->files[i].path, strerror(errno));
            if (fd >= 0)
                close(fd);
            return -1;
        }
        close(fd);
    }
    return 0;
}

/* The folders whose names a commit makes or changes, each once. */
typedef struct {
    char **dir;
    size_t n;
} dir_set;

static void dir_set_add(dir_set *d, const char *path)
{
    char *dir = cp_path_dir(path);
    for (size_t i = 0; i < d->n; i++)
        if (!strcmp(d->dir[i], dir)) {
            free(dir);
            return;
        }
    d->dir = cp_xrealloc(d->dir, (d->n + 1) * sizeof *d->dir);
    d->dir[d->n++] = dir;
}

/* Syncs each folder (cp_sync_dir; a folder that cannot be synced is
 * skipped: its files are written all the same). */
static void dir_set_sync(const dir_set *d)
{
    for (size_t i = 0; i < d->n; i++)
        cp_sync_dir(d->dir[i]);
}

static void dir_set_free(dir_set *d)
{
    for (size_t i = 0; i < d->n; i++)
        free(d->dir[i]);
    free(d->dir);
    d->dir = NULL;
    d->n = 0;
}

/* The folders of the staged files (the temporary names now, the
 * destinations after the renames: the same folders) and those holding the
 * folders the stage made. */
static void staged_dirs(const cp_stage *s, dir_set *d)
{
    for (size_t i = 0; i < s->n; i++)
        dir_set_add(d, s->files[i].path);
    for (size_t i = 0; i < s->ndirs; i++)
        dir_set_add(d, s->dirs[i]);
}

void cp_stage_journal(cp_stage *s, const char *root)
{
    free(s->journal_root);
    s->journal_root = cp_xstrdup(root);
}

static char *journal_path(const char *root)
{
    return cp_xasprintf("%s/%s", root, CP_JOURNAL_NAME);
}

/* The journal of the files of order[] that are under the root, written
 * before the first rename: 0, or -1 after a message (nothing renamed). */
static int write_journal(const cp_stage *s, const size_t *order, size_t n, FILE *err)
{
    size_t skip = strlen(s->journal_root) + 1;
    cp_buf b = { 0 };
    cp_buf_printf(&b, "cryptoperf journal 1 %ld\n", (long)getpid());
    for (size_t k = 0; k < n; k++) {
        const staged *f = &s->files[order[k]];
        if (cp_path_inside(s->journal_root, f->path) && !strpbrk(f->path, "\t\n"))
            cp_buf_printf(&b, "%s\t%s\n", f->tmp + skip, f->path + skip);
    }
    char *path = journal_path(s->journal_root);
    int rc = cp_write_file_atomic(path, b.data, b.len);
    if (rc)
        fprintf(err, "%s: cannot write: %s\n", path, cp_write_file_error());
    free(path);
    cp_buf_free(&b);
    return rc;
}

long cp_stage_recover(const char *root, FILE *err)
{
    char *path = journal_path(root);
    struct stat st;
    char *text = lstat(path, &st) == 0 && S_ISREG(st.st_mode) ? cp_read_file(path, NULL) : NULL;
    long pid = 0, placed = 0;
    dir_set placed_dirs = { 0 };
    if (!text || sscanf(text, "cryptoperf journal 1 %ld", &pid) != 1 || pid <= 0 ||
        (pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 || errno != ESRCH))) {
        free(text);   /* none, or a run still placing its files */
        free(path);
        return 0;
    }
    for (char *line = strchr(text, '\n'); line && line[1];) {
        line++;
        char *end = strchr(line, '\n'), *tab = strchr(line, '\t');
        if (!end || !tab || tab > end)
            break;
        *end = *tab = '\0';
        char *tmp = cp_xasprintf("%s/%s", root, line), *dest = cp_xasprintf("%s/%s", root, tab + 1);
        char *kept = cp_xasprintf("%s.old", tmp);
        /* a path with '..' (an edited journal) is not followed out of root */
        if (cp_path_inside(root, tmp) && cp_path_inside(root, dest) && lstat(tmp, &st) == 0 &&
            S_ISREG(st.st_mode) && !cp_output_refused(dest) && rename(tmp, dest) == 0) {
            placed++;
            dir_set_add(&placed_dirs, dest);
        }
        unlink(kept);
        free(kept);
        free(tmp);
        free(dest);
        line = end;
    }
    /* the renames last before the journal that would redo them goes */
    dir_set_sync(&placed_dirs);
    dir_set_free(&placed_dirs);
    unlink(path);
    if (placed)
        fprintf(err, "cryptoperf: placed %ld file%s a run killed while placing its files had left under %s (%s)\n",
                placed, placed == 1 ? "" : "s", root, CP_JOURNAL_NAME);
    free(text);
    free(path);
    return placed;
}

int cp_stage_commit(cp_stage *s, FILE *err)
{
    /* a signal waits until every file is placed or every one put back */
    cp_cleanup_lock();
    size_t *order = cp_xcalloc(s->n + 1, sizeof *order), n = 0;
    for (int after = 0; after < 2; after++)
        for (size_t i = 0; i < s->n; i++)
            if (s->files[i].after == after)
                order[n++] = i;
    char **backup = cp_xcalloc(s->n + 1, sizeof *backup);
    int journalled = s->journal_root && n;
    dir_set dirs = { 0 };
    staged_dirs(s, &dirs);
    /* the temporary files the journal lists must outlast a power cut, their
     * data (sync_staged) and their names (their folders); the journal
     * itself is synced, and so is its folder, before the first rename */
    int rc = sync_staged(s, err);
    if (journalled && rc == 0)
        dir_set_sync(&dirs);
    if (journalled && rc == 0)
        rc = write_journal(s, order, n, err);
    size_t done = 0;
    for (; rc == 0 && done < n; done++) {
        staged *f = &s->files[order[done]];
        struct stat st;
        int there = lstat(f->path, &st) == 0;
        if (there && !S_ISREG(st.st_mode)) {
            /* it was a regular file or nothing when staged: swapped since */
            const char *why = cp_output_refused(f->path);   /* NULL if it changed yet again */
            fprintf(err, "%s: cannot write: %s\n", f->path, why ? why : "expected a regular file or nothing there");
            rc = -1;
            break;
        }
        if (there) {
            backup[done] = backup_name(f);
            if (link(f->path, backup[done]) != 0) {
                fprintf(err, "%s: cannot write: cannot keep the old file until the run's files are placed: %s\n",
                        f->path, strerror(errno));
                free(backup[done]);
                backup[done] = NULL;
                rc = -1;
                break;
            }
        }
        if (rename(f->tmp, f->path) != 0) {
            fprintf(err, "%s: cannot write: %s\n", f->path, strerror(errno));
            if (backup[done])
                unlink(backup[done]);
            free(backup[done]);
            backup[done] = NULL;
            rc = -1;
            break;
        }
        f->tmp[0] = '\0';   /* renamed: nothing to remove */
    }
    if (rc) {
        put_back(s, order, (const char *const *)backup, done, err);
        if (done)
            fprintf(err, "cryptoperf: nothing written: the %zu file%s placed before it %s put back as %s\n",
                    done, done == 1 ? "" : "s", done == 1 ? "was" : "were", done == 1 ? "it was" : "they were");
        for (size_t i = 0; i < s->n; i++)
            if (s->files[i].tmp[0])
                unlink(s->files[i].tmp);
    }
    for (size_t k = 0; k < n; k++) {
        if (backup[k] && !rc)
            unlink(backup[k]);
        free(backup[k]);
    }
    free(backup);
    free(order);
    /* every file placed, or every one put back: that lasts before the
     * journal that would place them again goes */
    dir_set_sync(&dirs);
    dir_set_free(&dirs);
    if (journalled) {
        char *path = journal_path(s->journal_root);
        unlink(path);
        free(path);
    }
    if (rc)
        for (size_t i = s->ndirs; i-- > 0;)
            rmdir(s->dirs[i]);
    forget(s);
    cp_cleanup_unlock();
    return rc;
}

void cp_stage_abort(cp_stage *s)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->files[i].tmp[0])
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
    free(s->dir_ids);
    free(s->journal_root);
    free(s);
}
