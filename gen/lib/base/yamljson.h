/* A streaming writer of machine-readable output in YAML or JSON, driven by
 * one sequence of calls so that a caller walks its model once for both
 * formats. YAML is written here in the block layout libyaml's emitter
 * writes, byte for byte (strings through cp_yaml_put_string: plain only
 * when cp_yaml_plain_ok, else double-quoted), JSON in the layout jansson
 * dumps with two-space indentation, keys in the order written, each value
 * dumped by jansson as it comes (a report of a million rows was a jansson
 * tree of gigabytes), so no data text can change the structure of either; keys are the caller's own
 * identifiers. Output is byte-identical for the same calls (no locale:
 * numbers are formatted in the C locale the program runs in). */
#ifndef CP_YAMLJSON_H
#define CP_YAMLJSON_H

#include "base/util.h"

typedef enum { CP_YJ_YAML, CP_YJ_JSON } cp_yj_format;

#define CP_YJ_MAX_DEPTH 16

typedef struct {
    cp_buf *out;
    cp_yj_format format;
    int depth;
    /* YAML: whether each open collection is a sequence, the indentation
     * of its entries, the current one (-1 outside the root), whether the
     * last one opened has no entry yet, and the emitter's line state */
    int seq[CP_YJ_MAX_DEPTH];
    int indents[CP_YJ_MAX_DEPTH];
    int indent;
    int pending;
    size_t column;
    int whitespace, indention;
    /* JSON: whether each open container has an entry yet, and the key of
     * the next value in a mapping */
    int filled[CP_YJ_MAX_DEPTH];
    char *key;
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
/* A number with the given digits after the point, or with decimals < 0 in
 * 15 significant digits ("%.15g"); never a negative zero. YAML keeps the
 * text ("2.50"); JSON has the number (2.5; a whole one as an integer). */
void cp_yj_real(cp_yj *w, double v, int decimals);
void cp_yj_bool(cp_yj *w, int v);
void cp_yj_null(cp_yj *w);
/* YAML: drops the text written so far, keeping the writer's place in the
 * document. A writer that continues, on another thread, a document
 * another writer begins opens the same collections and writes one entry
 * where that one stops after an entry, drops the text, and writes on:
 * what follows an entry depends only on where it stands. */
void cp_yj_drop_text(cp_yj *w);
/* Ends the document (JSON and YAML both end with a newline) and frees what
 * the writer holds. */
void cp_yj_finish(cp_yj *w);

#endif
