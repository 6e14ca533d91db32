/* A streaming writer of machine-readable output in YAML (block style) or
 * JSON (indented), driven by one sequence of calls so that a caller walks
 * its model once for both formats. Strings are JSON-escaped in JSON and
 * written by cp_yaml_put_string (plain only when unambiguous) in YAML, so no
 * data text can change the structure; keys are the caller's own
 * identifiers. Output is byte-identical
 * for the same calls (no locale: numbers are formatted by the caller or in
 * the C locale the program runs in). */
#ifndef CP_YAMLJSON_H
#define CP_YAMLJSON_H

#include "util.h"

typedef enum { CP_YJ_YAML, CP_YJ_JSON } cp_yj_format;

#define CP_YJ_MAX_DEPTH 16

typedef struct {
    cp_buf *out;
    cp_yj_format format;
    int depth;
    struct {
        char seq;          /* 1 sequence, 0 mapping */
        unsigned count;    /* items written so far */
        int indent;        /* YAML: column of the items' keys or dashes */
    } frame[CP_YJ_MAX_DEPTH];
    int state;             /* YAML: what the line holds so far */
} cp_yj;

void cp_yj_init(cp_yj *w, cp_buf *out, cp_yj_format format);
void cp_yj_map_begin(cp_yj *w);
void cp_yj_map_end(cp_yj *w);
void cp_yj_seq_begin(cp_yj *w);
void cp_yj_seq_end(cp_yj *w);
/* In a mapping: the key of the next value. */
void cp_yj_key(cp_yj *w, const char *key);
void cp_yj_str(cp_yj *w, const char *s);       /* NULL writes null */
void cp_yj_int(cp_yj *w, long long v);
/* A number with the given digits after the point (trailing zeros kept), or
 * with decimals < 0 in 15 significant digits ("%.15g"). */
void cp_yj_real(cp_yj *w, double v, int decimals);
void cp_yj_bool(cp_yj *w, int v);
void cp_yj_null(cp_yj *w);
/* Ends the document (JSON and YAML both end with a newline). */
void cp_yj_finish(cp_yj *w);

/* "text" with JSON escapes, appended to b. */
void cp_json_quote(cp_buf *b, const char *s);

#endif
