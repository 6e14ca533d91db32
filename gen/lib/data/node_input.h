/* What the YAML loader (node_yaml.c) reads, and where each byte of it is.
 *
 * The input is read in chunks as libyaml asks for them (a file is never
 * whole in memory) and every byte is checked on the way in: invalid UTF-8
 * and characters libyaml's reader would stop at (control characters but
 * tab and line breaks, non-characters) are reported at their own line and
 * column, all of them. libyaml names only the first, by byte offset, and
 * reads ahead of its parser, so neither its place nor a path would be
 * right. libyaml gets the text up to the first such byte and then an end
 * of input, so every problem before it is still reported too.
 *
 * Places are found only for messages, by reading the input again from a
 * known place (a file with pread): a document without problems pays for
 * none of it. */
#ifndef CP_NODE_INPUT_H
#define CP_NODE_INPUT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "data/mark.h"

/* A place in the input: a byte offset, the character index libyaml's
 * marks count (yaml_mark_t.index), and line and column as libyaml counts
 * them (a column is a character; CR LF, CR, LF, NEL, LS and PS end a
 * line). Lookups move it forward only, so finding places in input order
 * is linear. */
typedef struct {
    size_t byte, chars;
    unsigned line, column;
    int after_cr;
} cp_input_place;

typedef struct {
    const char *name;           /* in messages */
    FILE *err;                  /* NULL: count only */
    unsigned *problems;         /* counted here (the loader's count) */
    int fd;                     /* -1: from memory */
    long long fd_start;         /* where fd was at the start */
    const unsigned char *mem;
    size_t mem_len;
    size_t taken;               /* bytes taken from the source */
    unsigned char *buf;         /* read from the source, being handed to libyaml */
    size_t base;                /* offset of buf[0] in the input */
    size_t at, valid, end;      /* buf[at, valid): checked, not yet handed; [valid, end): a character cut by the chunk */
    int eof;                    /* the source has nothing more */
    int read_errno;             /* reading failed (reported) */
    int too_large;              /* more than CP_MAX_INPUT_BYTES from a file (reported) */
    int bad;                    /* a byte that is not text was found (reported) */
    size_t cut;                 /* offset of the first such byte: libyaml gets nothing from there */
    cp_mark cut_mark;
    cp_input_place scan;        /* for the bytes that are not text */
    cp_input_place look;        /* for cp_input_mark_of_* */
} cp_input;

/* An input that reads fd from where it is, or (fd -1) the len bytes at
 * mem. Problems it reports count in *problems and go to err. */
void cp_input_init(cp_input *in, const char *name, int fd, const char *mem, size_t len, FILE *err,
                   unsigned *problems);
void cp_input_free(cp_input *in);

/* Reports "name:line:column: path: message" (m NULL: "name: message"; path
 * NULL: none), counted in *problems; past CP_MAX_REPORTS only counted. */
void cp_input_report(cp_input *in, const cp_mark *m, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void cp_input_vreport(cp_input *in, const cp_mark *m, const char *path, const char *fmt, va_list ap);

/* libyaml's read handler (yaml_parser_set_input): data is a cp_input. */
int cp_input_read(void *data, unsigned char *buffer, size_t size, size_t *size_read);

/* After parsing: reads the rest of the input (if any), so that every byte
 * that is not text is reported, not only those before a syntax error. */
void cp_input_check_rest(cp_input *in);

/* The place of a byte offset (libyaml's problem_offset), and of a
 * character index (yaml_mark_t.index). */
cp_mark cp_input_mark_of_byte(cp_input *in, size_t byte);
cp_mark cp_input_mark_of_char(cp_input *in, size_t chars);

/* The place of the first escape in the double-quoted scalar between the
 * character indexes from and to that gives a NUL character (\0, \x00,
 * \u0000, \U00000000); the place of `from` when there is none. */
cp_mark cp_input_nul_escape(cp_input *in, size_t from, size_t to);

#endif
