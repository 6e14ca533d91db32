/* Allocation that never returns NULL (out of memory ends the program with a
 * message: a generator cannot do anything useful without memory), growable
 * strings, whole-file reading and atomic file replacement. */
#ifndef CP_UTIL_H
#define CP_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

void *cp_xmalloc(size_t n);
void *cp_xcalloc(size_t n, size_t size);
void *cp_xrealloc(void *p, size_t n);
char *cp_xstrdup(const char *s);
char *cp_xstrndup(const char *s, size_t n);
char *cp_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

typedef struct {
    char *data;
    size_t len, cap;
} cp_buf;

/* Room for need bytes in all (the put functions' rare case) */
void cp_buf_grow(cp_buf *b, size_t need);

/* Inline: a diff report of a million rows is millions of small puts. */
static inline void cp_buf_put(cp_buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap)
        cp_buf_grow(b, b->len + n + 1);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static inline void cp_buf_putc(cp_buf *b, char c)
{
    if (b->len + 2 > b->cap)
        cp_buf_grow(b, b->len + 2);
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

void cp_buf_puts(cp_buf *b, const char *s);
void cp_buf_printf(cp_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cp_buf_vprintf(cp_buf *b, const char *fmt, va_list ap);
void cp_buf_free(cp_buf *b);

/* Inputs are regular files of at most this size (a dataset of a million
 * results is about 150 MiB): cp_read_file reads one whole into memory,
 * the YAML loader as it parses (node.h). */
#define CP_MAX_INPUT_BYTES (256 << 20)

/* path opened for reading (a file descriptor), with the checks
 * cp_read_file makes first: a regular file of at most CP_MAX_INPUT_BYTES
 * (*size, unless NULL, is its size now). -1 with errno set and
 * cp_read_file_error saying why. */
int cp_open_input(const char *path, size_t *size);
/* "expected a file of at most 256 MiB, found a larger one" */
const char *cp_input_too_large(void);

/* Whole file, NUL-terminated; NULL with errno set on failure. Refuses what
 * is not a regular file (a folder, /dev/zero, a FIFO that may never
 * answer) and a file larger than CP_MAX_INPUT_BYTES. */
char *cp_read_file(const char *path, size_t *len);
/* Why the last cp_read_file or cp_open_input failed, in words ("No such file or directory",
 * "expected a regular file, found a FIFO (named pipe)"). */
const char *cp_read_file_error(void);

/* The one check of every output path (README "Output files"): NULL when
 * path is a regular file or nothing (it may be replaced), else why not, in
 * words ("expected a regular file or nothing there, found a FIFO (named
 * pipe)"): a device, FIFO, socket, folder or symbolic link is never
 * replaced, so `-o /dev/null` as root leaves /dev/null alone. */
const char *cp_output_refused(const char *path);

/* Durability, so that a power cut keeps what a rename said: cp_sync_fd
 * forces a written file's data to the disk (fsync), cp_sync_dir a
 * folder's names (the files made, renamed or removed in it). A file system
 * that cannot sync (EINVAL, ENOTSUP) counts as synced. 0, or -1 with errno
 * (EIO: the data may never reach the disk). */
int cp_sync_fd(int fd);
int cp_sync_dir(const char *dir);

/* Write data to path through a temporary file in the same folder and
 * rename(2), so a reader never sees a half-written file; the file is
 * synced before the rename and its folder after (cp_sync_fd): a power cut
 * leaves the old content or the new, never an empty file. Creates missing
 * parent folders. Leaves path untouched (returns 0) when its content is
 * already identical, so unchanged pages keep their mtime. Refuses what
 * cp_output_refused refuses, writing nothing. Returns -1 with errno set on
 * failure, leaving no temporary behind; cp_write_file_error says why. */
int cp_write_file_atomic(const char *path, const char *data, size_t len);
/* Why the last cp_write_file_atomic of this thread failed, in words. */
const char *cp_write_file_error(void);

/* Orders version strings as people read them: runs of digits compare by
 * value, everything else byte by byte, so 2.28.3 < 3.6.6 < 10.0 and
 * 040000B1 < 050000B2. */
int cp_version_cmp(const char *a, const char *b);

/* Percent-encodes s for a URL: unreserved characters (RFC 3986) and those
 * in keep stay, every other byte becomes %XX. */
void cp_buf_put_url(cp_buf *b, const char *s, const char *keep);
int cp_mkdir_p(const char *dir);

/* Length of the valid UTF-8 sequence at s (1..4), 0 when invalid
 * (overlong forms and surrogates included). */
size_t cp_utf8_len(const unsigned char *s, size_t avail);

#endif
