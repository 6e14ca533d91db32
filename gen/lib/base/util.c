#include "base/util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/cleanup.h"

static void out_of_memory(void)
{
    fputs("cryptoperf: out of memory\n", stderr);
    exit(2);
}

void *cp_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *cp_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory();
    return p;
}

void *cp_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        out_of_memory();
    return p;
}

char *cp_xstrdup(const char *s)
{
    return cp_xstrndup(s, strlen(s));
}

char *cp_xstrndup(const char *s, size_t n)
{
    char *p = cp_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *cp_xasprintf(const char *fmt, ...)
{
    cp_buf b = { 0 };
    va_list ap;
    va_start(ap, fmt);
    cp_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    return b.data;
}

void cp_buf_grow(cp_buf *b, size_t need)
{
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    b->data = cp_xrealloc(b->data, cap);
    b->cap = cap;
}

static void reserve(cp_buf *b, size_t extra)
{
    if (b->len + extra + 1 > b->cap)
        cp_buf_grow(b, b->len + extra + 1);
}

void cp_buf_puts(cp_buf *b, const char *s)
{
    cp_buf_put(b, s, strlen(s));
}

void cp_buf_vprintf(cp_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void cp_buf_printf(cp_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cp_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void cp_buf_free(cp_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

/* per thread: diff loads its two datasets at once */
static _Thread_local char read_error[160];

const char *cp_read_file_error(void)
{
    return read_error;
}

static const char *file_kind(mode_t m)
{
    return S_ISLNK(m) ? "a symbolic link" : S_ISDIR(m) ? "a folder" : S_ISFIFO(m) ? "a FIFO (named pipe)" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

static char *read_failed(int err)
{
    snprintf(read_error, sizeof read_error, "%s", strerror(err));
    errno = err;
    return NULL;
}

const char *cp_input_too_large(void)
{
    static _Thread_local char text[80];
    snprintf(text, sizeof text, "expected a file of at most %d MiB, found a larger one", CP_MAX_INPUT_BYTES >> 20);
    return text;
}

static char *too_large(void)
{
    snprintf(read_error, sizeof read_error, "%s", cp_input_too_large());
    errno = EFBIG;
    return NULL;
}

int cp_open_input(const char *path, size_t *size)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer; a regular
     * file reads the same either way */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        read_failed(errno);
        return -1;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        read_failed(e);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        /* /dev/zero never ends, a FIFO may never answer */
        close(fd);
        snprintf(read_error, sizeof read_error, "expected a regular file, found %s", file_kind(st.st_mode));
        errno = EINVAL;
        return -1;
    }
    if (st.st_size > CP_MAX_INPUT_BYTES) {
        close(fd);
        too_large();
        return -1;
    }
    if (size)
        *size = (size_t)st.st_size;
    return fd;
}

char *cp_read_file(const char *path, size_t *len)
{
    size_t size;
    int fd = cp_open_input(path, &size);
    if (fd < 0)
        return NULL;
    cp_buf b = { 0 };
    reserve(&b, size + 1);
    for (;;) {
        reserve(&b, 65536);
        ssize_t n = read(fd, b.data + b.len, b.cap - b.len - 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int e = errno;
            close(fd);
            cp_buf_free(&b);
            return read_failed(e);
        }
        if (n == 0)
            break;
        b.len += (size_t)n;
        if (b.len > CP_MAX_INPUT_BYTES) { /* it grew while we read */
            close(fd);
            cp_buf_free(&b);
            return too_large();
        }
    }
    close(fd);
    b.data[b.len] = '\0';
    if (len)
        *len = b.len;
    return b.data;
}

int cp_mkdir_p(const char *dir)
{
    char *p = cp_xstrdup(dir);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0777) && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = '/';
    }
    int rc = mkdir(p, 0777);
    free(p);
    return rc && errno != EEXIST ? -1 : 0;
}

const char *cp_output_refused(const char *path)
{
    static _Thread_local char text[120];
    struct stat st;
    /* lstat: a symlink is refused, not followed (it may name a shared file) */
    if (lstat(path, &st) != 0 || S_ISREG(st.st_mode))
        return NULL;   /* nothing there, or a failure the write itself will report */
    snprintf(text, sizeof text, "expected a regular file or nothing there, found %s", file_kind(st.st_mode));
    return text;
}

static _Thread_local char write_error[160];

const char *cp_write_file_error(void)
{
    return write_error;
}

static int write_failed(void)
{
    int e = errno;
    snprintf(write_error, sizeof write_error, "%s", strerror(e));
    errno = e;
    return -1;
}

int cp_sync_fd(int fd)
{
    if (fsync(fd) == 0 || errno == EINVAL || errno == ENOTSUP)
        return 0;
    return -1;
}

int cp_sync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = cp_sync_fd(fd);
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}

int cp_write_file_atomic(const char *path, const char *data, size_t len)
{
    const char *refused = cp_output_refused(path);
    if (refused) {
        snprintf(write_error, sizeof write_error, "%s", refused);
        errno = EINVAL;
        return -1;
    }
    size_t old_len;
    char *old = cp_read_file(path, &old_len);
    if (old) {
        int same = old_len == len && memcmp(old, data, len) == 0;
        free(old);
        if (same)
            return 0;
    }
    /* the folder: made when missing, synced after the rename */
    const char *slash = strrchr(path, '/');
    char *dir = !slash ? cp_xstrdup(".") : slash == path ? cp_xstrdup("/") : cp_xstrndup(path, (size_t)(slash - path));
    if (slash && slash != path && cp_mkdir_p(dir)) {
        free(dir);
        return write_failed();
    }
    char *tmp = cp_tmp_name(path);
    cp_cleanup_id cid;
    int fd = cp_cleanup_mkstemp(tmp, &cid);
    if (fd < 0) {
        free(tmp);
        free(dir);
        return write_failed();
    }
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            goto fail;
        }
        done += (size_t)w;
    }
    /* synced before the rename: else a power cut can leave the new name
     * on a file whose data never reached the disk (an empty file) */
    if (fchmod(fd, 0644) || cp_sync_fd(fd))
        goto fail;
    if (close(fd)) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path))
        goto fail;
    cp_cleanup_drop(cid);
    free(tmp);
    /* the rename itself lasts once the folder is synced; the file is in
     * place whatever this says, so a failure here is no write error */
    cp_sync_dir(dir);
    free(dir);
    return 0;
fail: {
    int saved = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    cp_cleanup_drop(cid);
    free(tmp);
    free(dir);
    errno = saved;
    return write_failed();
}
}

int cp_version_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
            while (*a == '0')
                a++;
            while (*b == '0')
                b++;
            size_t na = 0, nb = 0;
            while (isdigit((unsigned char)a[na]))
                na++;
            while (isdigit((unsigned char)b[nb]))
                nb++;
            if (na != nb)
                return na < nb ? -1 : 1;
            int c = memcmp(a, b, na);
            if (c)
                return c < 0 ? -1 : 1;
            a += na;
            b += nb;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
        a++;
        b++;
    }
    return *a ? 1 : *b ? -1 : 0;
}

void cp_buf_put_url(cp_buf *b, const char *s, const char *keep)
{
    static const char hex[] = "0123456789ABCDEF";
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~", c) ||
            (keep && strchr(keep, c))) {
            cp_buf_putc(b, (char)c);
        } else {
            char e[3] = { '%', hex[c >> 4], hex[c & 15] };
            cp_buf_put(b, e, 3);
        }
    }
}

size_t cp_utf8_len(const unsigned char *s, size_t avail)
{
    unsigned char c = s[0];
    size_t n;
    unsigned min;
    unsigned cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        n = 2, min = 0x80, cp = c & 0x1f;
    else if (c >= 0xe0 && c <= 0xef)
        n = 3, min = 0x800, cp = c & 0x0f;
    else if (c >= 0xf0 && c <= 0xf4)
        n = 4, min = 0x10000, cp = c & 0x07;
    else
        return 0;
    if (avail < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}
