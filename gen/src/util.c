#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static void reserve(cp_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = cp_xrealloc(b->data, cap);
    b->cap = cap;
}

void cp_buf_put(cp_buf *b, const char *s, size_t n)
{
    reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void cp_buf_puts(cp_buf *b, const char *s)
{
    cp_buf_put(b, s, strlen(s));
}

void cp_buf_putc(cp_buf *b, char c)
{
    reserve(b, 1);
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
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

void cp_buf_put_quoted(cp_buf *b, const char *s)
{
    cp_buf_putc(b, '\'');
    size_t n = 0;
    for (; *s && n < 80; s++, n++) {
        unsigned char ch = (unsigned char)*s;
        if (ch < 0x20 || ch == 0x7f)
            cp_buf_printf(b, "\\x%02x", ch);
        else
            cp_buf_putc(b, (char)ch);
    }
    if (*s)
        cp_buf_puts(b, "...");
    cp_buf_putc(b, '\'');
}

char *cp_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    cp_buf b = { 0 };
    /* one allocation of the right size for a regular file; the loop still
     * copes with files that grow or have no size (pipes) */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
        reserve(&b, (size_t)st.st_size);
    size_t n;
    do {
        reserve(&b, 65536);
        n = fread(b.data + b.len, 1, b.cap - b.len - 1, f);
        b.len += n;
        b.data[b.len] = '\0';
    } while (n > 0);
    int bad = ferror(f);
    int saved = errno;
    fclose(f);
    if (bad) {
        cp_buf_free(&b);
        errno = saved ? saved : EIO;
        return NULL;
    }
    if (!b.data)
        b.data = cp_xstrdup("");
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

int cp_write_file_atomic(const char *path, const char *data, size_t len)
{
    size_t old_len;
    char *old = cp_read_file(path, &old_len);
    if (old) {
        int same = old_len == len && memcmp(old, data, len) == 0;
        free(old);
        if (same)
            return 0;
    }
    const char *slash = strrchr(path, '/');
    if (slash && slash != path) {
        char *dir = cp_xstrndup(path, (size_t)(slash - path));
        int rc = cp_mkdir_p(dir);
        free(dir);
        if (rc)
            return -1;
    }
    char *tmp = cp_xasprintf("%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        free(tmp);
        return -1;
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
    if (fchmod(fd, 0644) || close(fd)) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path))
        goto fail;
    free(tmp);
    return 0;
fail: {
    int saved = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    free(tmp);
    errno = saved;
    return -1;
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
