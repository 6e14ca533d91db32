#include "data/node_input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

/* Bytes read from the source at a time (a character cut by the end of a
 * chunk waits for the next: up to 3 more bytes). */
#define CHUNK 65536

void cp_input_init(cp_input *in, const char *name, int fd, const char *mem, size_t len, FILE *err,
                   unsigned *problems)
{
    memset(in, 0, sizeof *in);
    in->name = name;
    in->err = err;
    in->problems = problems;
    in->fd = fd;
    in->fd_start = fd >= 0 ? (long long)lseek(fd, 0, SEEK_CUR) : 0;
    if (in->fd_start < 0)
        in->fd_start = 0;
    in->mem = (const unsigned char *)mem;
    in->mem_len = mem ? len : 0;
    in->buf = cp_xmalloc(CHUNK + 4);
}

void cp_input_free(cp_input *in)
{
    free(in->buf);
    in->buf = NULL;
}

void cp_input_vreport(cp_input *in, const cp_mark *m, const char *path, const char *fmt, va_list ap)
{
    ++*in->problems;
    if (!in->err || *in->problems > CP_MAX_REPORTS)
        return;
    if (m)
        fprintf(in->err, "%s:%u:%u: ", in->name, m->line, m->column);
    else
        fprintf(in->err, "%s: ", in->name);
    if (path)
        fprintf(in->err, "%s: ", path);
    vfprintf(in->err, fmt, ap);
    fputc('\n', in->err);
}

void cp_input_report(cp_input *in, const cp_mark *m, const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cp_input_vreport(in, m, path, fmt, ap);
    va_end(ap);
}

/* Up to n bytes of the input from offset `at` (what was taken from the
 * source only); 0 at its end. */
static size_t read_at(const cp_input *in, size_t at, unsigned char *dst, size_t n)
{
    if (at >= in->taken)
        return 0;
    if (n > in->taken - at)
        n = in->taken - at;
    if (in->fd < 0) {
        if (n)
            memcpy(dst, in->mem + at, n);
        return n;
    }
    size_t done = 0;
    while (done < n) {
        ssize_t r = pread(in->fd, dst + done, n - done, (off_t)(in->fd_start + (long long)(at + done)));
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        done += (size_t)r;
    }
    return done;
}

/* The start of the input: after a UTF-8 byte order mark, which libyaml
 * skips without counting it. */
static void place_start(const cp_input *in, cp_input_place *p)
{
    unsigned char bom[3];
    memset(p, 0, sizeof *p);
    p->line = p->column = 1;
    if (read_at(in, 0, bom, 3) == 3 && bom[0] == 0xef && bom[1] == 0xbb && bom[2] == 0xbf)
        p->byte = 3;
}

static void step(cp_input_place *p, const unsigned char *s, size_t k)
{
    unsigned char c = s[0];
    int brk = c == '\n' || c == '\r' || (k == 2 && c == 0xc2 && s[1] == 0x85) ||
              (k == 3 && c == 0xe2 && s[1] == 0x80 && (s[2] & 0xfe) == 0xa8);
    if (c == '\n' && p->after_cr) {
        /* CR LF: one line break, counted at the CR */
    } else if (brk) {
        p->line++;
        p->column = 1;
    } else {
        p->column++;
    }
    p->after_cr = c == '\r';
    p->byte += k;
    p->chars++;
}

/* Moves p to the byte offset `byte` or the character index `chars`,
 * whichever comes first (from the start when p is past it). */
static void place_to(const cp_input *in, cp_input_place *p, size_t byte, size_t chars)
{
    if (!p->line || p->byte > byte || p->chars > chars)
        place_start(in, p);
    unsigned char b[4096];
    while (p->byte < byte && p->chars < chars) {
        size_t n = read_at(in, p->byte, b, sizeof b);
        size_t i = 0;
        while (i < n && p->byte < byte && p->chars < chars) {
            size_t k = cp_utf8_len(b + i, n - i);
            if (!k) {
                if (n == sizeof b && n - i < 4)
                    break; /* perhaps a character cut by the chunk: read again from it */
                k = 1;     /* a byte that is not UTF-8 counts as a character */
            }
            step(p, b + i, k);
            i += k;
        }
        if (!i)
            return;
    }
}

static cp_mark mark_of_place(const cp_input *in, const cp_input_place *p)
{
    cp_mark m = { in->name, p->line, p->column };
    return m;
}

cp_mark cp_input_mark_of_byte(cp_input *in, size_t byte)
{
    place_to(in, &in->look, byte, (size_t)-1);
    return mark_of_place(in, &in->look);
}

cp_mark cp_input_mark_of_char(cp_input *in, size_t chars)
{
    place_to(in, &in->look, (size_t)-1, chars);
    return mark_of_place(in, &in->look);
}

cp_mark cp_input_nul_escape(cp_input *in, size_t from, size_t to)
{
    static const char *const forms[] = { "\\0", "\\x00", "\\u0000", "\\U00000000" };
    place_to(in, &in->look, (size_t)-1, from);
    cp_input_place end = in->look;
    place_to(in, &end, (size_t)-1, to);
    size_t start = in->look.byte, len = end.byte - start;
    unsigned char *s = cp_xmalloc(len + 1);
    len = read_at(in, start, s, len);
    size_t found = 0;
    for (size_t i = 0; i < len && !found; i++) {
        if (s[i] != '\\')
            continue;
        for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
            size_t n = strlen(forms[k]);
            if (i + n <= len && !memcmp(s + i, forms[k], n)) {
                found = i + 1;
                break;
            }
        }
        i++; /* skip the escaped character: "\\0" is a backslash and a 0 */
    }
    free(s);
    if (found)
        place_to(in, &in->look, start + found - 1, (size_t)-1);
    return mark_of_place(in, &in->look);
}

/* The characters YAML 1.1 (libyaml) allows in a stream. */
static int yaml_printable(unsigned cp)
{
    return cp == 0x09 || cp == 0x0a || cp == 0x0d || (cp >= 0x20 && cp <= 0x7e) || cp == 0x85 ||
           (cp >= 0xa0 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

static unsigned code_point(const unsigned char *s, size_t n)
{
    unsigned cp = n == 1 ? s[0] : n == 2 ? s[0] & 0x1fu : n == 3 ? s[0] & 0x0fu : s[0] & 0x07u;
    for (size_t i = 1; i < n; i++)
        cp = (cp << 6) | (s[i] & 0x3fu);
    return cp;
}

/* The avail bytes at s may be the start of a character the chunk cut. */
static int cut_by_chunk(const unsigned char *s, size_t avail)
{
    size_t need = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    if (!need || avail >= need)
        return 0;
    for (size_t i = 1; i < avail; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    return 1;
}

/* Byte i of buf is not text (n: the length of its valid UTF-8 character
 * cp, 0 when it is not UTF-8). A problem of the text itself has no path in
 * the record: "(text)". */
static void not_text(cp_input *in, size_t i, size_t n, unsigned cp)
{
    size_t at = in->base + i;
    place_to(in, &in->scan, at, (size_t)-1);
    cp_mark m = mark_of_place(in, &in->scan);
    if (!n)
        cp_input_report(in, &m, "(text)", "expected UTF-8 text, found the byte 0x%02x, which is not UTF-8", in->buf[i]);
    else
        cp_input_report(in, &m, "(text)",
                        "expected text (no control character but tab and line breaks), found the %s U+%04X",
                        cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ? "control character" : "non-character", cp);
    if (!in->bad) {
        in->bad = 1;
        in->cut = at;
        in->cut_mark = m;
    }
}

/* Checks buf[0, end): sets valid past the last whole character. */
static void check(cp_input *in)
{
    size_t i = 0;
    while (i < in->end) {
        unsigned char c = in->buf[i];
        if ((c >= 0x20 && c < 0x7f) || c == '\n' || c == '\r' || c == '\t') {
            i++;
            continue;
        }
        size_t avail = in->end - i;
        size_t n = cp_utf8_len(in->buf + i, avail);
        if (!n && !in->eof && cut_by_chunk(in->buf + i, avail))
            break; /* the rest of it comes with the next chunk */
        unsigned cp = n ? code_point(in->buf + i, n) : 0;
        if (!n || !yaml_printable(cp))
            not_text(in, i, n, cp);
        i += n ? n : 1;
    }
    in->valid = i;
}

/* Reads the next chunk after what was handed on. 0, or -1 after a report
 * when the source cannot be read. */
static int fill(cp_input *in)
{
    size_t keep = in->end - in->valid;
    memmove(in->buf, in->buf + in->valid, keep);
    in->base += in->valid;
    in->at = in->valid = 0;
    in->end = keep;
    size_t n;
    if (in->fd < 0) {
        n = in->mem_len - in->taken < CHUNK ? in->mem_len - in->taken : CHUNK;
        if (n)
            memcpy(in->buf + keep, in->mem + in->taken, n);
    } else {
        ssize_t r;
        do
            r = read(in->fd, in->buf + keep, CHUNK);
        while (r < 0 && errno == EINTR);
        if (r < 0) {
            in->read_errno = errno;
            cp_input_report(in, NULL, NULL, "cannot read: %s", strerror(errno));
            return -1;
        }
        n = (size_t)r;
    }
    in->taken += n;
    if (in->fd >= 0 && in->taken > CP_MAX_INPUT_BYTES) {
        /* it grew after it was opened */
        in->too_large = 1;
        cp_input_report(in, NULL, NULL, "cannot read: %s", cp_input_too_large());
        return -1;
    }
    in->end = keep + n;
    if (!n)
        in->eof = 1;
    check(in);
    return 0;
}

int cp_input_read(void *data, unsigned char *buffer, size_t size, size_t *size_read)
{
    cp_input *in = data;
    *size_read = 0;
    for (;;) {
        size_t limit = in->valid;
        if (in->bad && in->cut - in->base < limit)
            limit = in->cut - in->base;
        if (in->at < limit) {
            size_t n = limit - in->at < size ? limit - in->at : size;
            memcpy(buffer, in->buf + in->at, n);
            in->at += n;
            *size_read = n;
            return 1;
        }
        if (in->bad || in->eof)
            return 1; /* the end, for libyaml */
        if (fill(in))
            return 0;
    }
}

void cp_input_check_rest(cp_input *in)
{
    while (!in->eof && !in->read_errno && !in->too_large)
        if (fill(in))
            break;
}
