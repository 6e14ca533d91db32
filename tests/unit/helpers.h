/* Shared by the unit tests: capture diagnostics in memory, write a temp
 * file, edit a text. Tests run from the top of the tree (make test). */
#ifndef CP_TEST_HELPERS_H
#define CP_TEST_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/util.h"
#include "data/diag.h"

#define SCHEMA_PATH "schema/dataset.schema.json"
#define FIXTURE_PATH "tests/fixtures/data/demo/examplelib-1.0/dataset.yaml"

/* Diagnostics written to memory; text() gives everything so far. */
typedef struct {
    char *buf;
    size_t len;
    FILE *f;
    cp_diag diag;
} capture;

static inline void capture_open(capture *c)
{
    memset(c, 0, sizeof *c);
    c->f = open_memstream(&c->buf, &c->len);
    assert_non_null(c->f);
    c->diag.out = c->f;
}

static inline const char *capture_text(capture *c)
{
    fflush(c->f);
    return c->buf ? c->buf : "";
}

static inline void capture_close(capture *c)
{
    fclose(c->f);
    free(c->buf);
}

/* Fails the test, showing the whole text, when needle is not in it. */
#define assert_contains(hay, needle)                                                                               \
    do {                                                                                                           \
        const char *h_ = (hay);                                                                                    \
        if (!strstr(h_, (needle)))                                                                                 \
            fail_msg("expected to find \"%s\" in:\n%s", (needle), h_);                                            \
    } while (0)
#define assert_not_contains(hay, needle)                                                                           \
    do {                                                                                                           \
        const char *h_ = (hay);                                                                                    \
        if (strstr(h_, (needle)))                                                                                  \
            fail_msg("did not expect \"%s\" in:\n%s", (needle), h_);                                              \
    } while (0)

/* A temp file holding text; the caller unlinks and frees the path. */
static inline char *temp_file(const char *text)
{
    char *path = cp_xstrdup("/tmp/cp-unit-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    size_t n = strlen(text);
    assert_true(write(fd, text, n) == (ssize_t)n);
    close(fd);
    return path;
}

/* text with the first `from` replaced by `to` (the test fails when absent) */
static inline char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    if (!at)
        fail_msg("\"%s\" is not in the text", from);
    return cp_xasprintf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

static inline size_t count_lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

#endif
