#include "base/yamljson.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text_clean.h"
#include "base/yaml_write.h"

/* jansson fails only when memory runs out, or on a call sequence no caller
 * makes (a value without a key): both end the program, as cp_xmalloc
 * does. */
static void fatal(const char *what)
{
    fprintf(stderr, "cryptoperf: cannot write %s output: %s\n", what, "out of memory or a bad call sequence");
    exit(2);
}

/* ---- YAML: the block layout libyaml's emitter writes, byte for byte ----
 *
 * The same text as yaml_emitter_emit with block styles, unicode output and
 * no line width (what this writer used before): keys at the indentation
 * of their mapping, a nested mapping two columns deeper, a sequence that
 * is a mapping's value at the mapping's own column ("key:\n- item"), a
 * mapping that is a sequence item starting on the line of its "- ", and
 * an empty collection in flow style ("[]", "{}"). The state below is the
 * emitter's (column, and whether the line so far is only indentation or
 * ends in white space), so the decisions are made as it makes them. */

static void y_put(cp_yj *w, const char *s, size_t n)
{
    cp_buf_put(w->out, s, n);
    w->column += n;
}

/* A new line, unless the current one holds only indentation up to the
 * current indent (the "- " of a sequence item that is a collection). */
static void y_indent(cp_yj *w)
{
    size_t indent = w->indent >= 0 ? (size_t)w->indent : 0;
    if (!w->indention || w->column > indent || (w->column == indent && !w->whitespace)) {
        cp_buf_putc(w->out, '\n');
        w->column = 0;
    }
    static const char spaces[] = "                                ";
    while (w->column < indent) {
        size_t n = indent - w->column < sizeof spaces - 1 ? indent - w->column : sizeof spaces - 1;
        y_put(w, spaces, n);
    }
    w->whitespace = 1;
    w->indention = 1;
}

static void y_indicator(cp_yj *w, const char *text, int need_space, int is_space, int is_indention)
{
    if (need_space && !w->whitespace)
        y_put(w, " ", 1);
    y_put(w, text, strlen(text));
    w->whitespace = is_space;
    w->indention = w->indention && is_indention;
}

/* A collection just opened gets its layout with its first entry: an empty
 * one is written in flow style instead. */
static void y_open_pending(cp_yj *w)
{
    if (!w->pending)
        return;
    w->pending = 0;
    /* a sequence that is a mapping's value stays at the mapping's column */
    int in_mapping = w->depth >= 2 && !w->seq[w->depth - 2];
    int indentless = w->seq[w->depth - 1] && in_mapping && !w->indention;
    w->indent = w->indent < 0 ? 0 : indentless ? w->indent : w->indent + 2;
    w->indents[w->depth - 1] = w->indent;
}

/* Before a value (a scalar or a collection): its "- " in a sequence, the
 * ":" after its key in a mapping. */
static void y_value_prefix(cp_yj *w)
{
    y_open_pending(w);
    if (w->depth == 0)
        return;
    if (w->seq[w->depth - 1]) {
        y_indent(w);
        y_indicator(w, "-", 1, 0, 1);
    } else {
        y_indicator(w, ":", 0, 0, 0);
    }
}

/* A scalar's text, after a space unless the line ends in one. */
static void y_scalar_start(cp_yj *w)
{
    if (!w->whitespace)
        y_put(w, " ", 1);
}

/* After a scalar (written from start_len of out on): the line ends in
 * text. */
static void y_scalar_end(cp_yj *w, size_t start_len)
{
    w->column += w->out->len - start_len;
    w->whitespace = 0;
    w->indention = 0;
}

static void y_text(cp_yj *w, const char *text)
{
    size_t start = w->out->len;
    cp_buf_put(w->out, text, strlen(text));
    y_scalar_end(w, start);
}

static void y_plain(cp_yj *w, const char *text)
{
    y_value_prefix(w);
    y_scalar_start(w);
    y_text(w, text);
}

static void y_key(cp_yj *w, const char *key)
{
    y_open_pending(w);
    y_indent(w);
    y_text(w, key);
}

static void y_string(cp_yj *w, const char *s)
{
    y_value_prefix(w);
    y_scalar_start(w);
    size_t start = w->out->len;
    cp_yaml_put_string(w->out, s, strlen(s));
    y_scalar_end(w, start);
}

static void y_begin(cp_yj *w)
{
    y_value_prefix(w);
    w->pending = 1;
}

static void y_end(cp_yj *w, int seq)
{
    if (w->pending) {
        w->pending = 0;
        y_indicator(w, seq ? "[" : "{", 1, 1, 0);
        y_indicator(w, seq ? "]" : "}", 0, 0, 0);
    }
    /* back to the enclosing collection's indentation */
    w->indent = w->depth >= 2 ? w->indents[w->depth - 2] : -1;
}

static void yaml_start(cp_yj *w)
{
    w->indent = -1;
    w->whitespace = 1;
    w->indention = 1;
}

static void yaml_finish(cp_yj *w)
{
    w->indent = -1;
    y_indent(w);
}

/* ---- JSON: written as it comes, in jansson's layout (JSON_INDENT(2)):
 * "[" or "{", each entry on a line of its own indented two spaces a
 * level, "," between entries, the closer on a line at the container's
 * indentation; "[]" and "{}" when empty; keys as "\"key\": ". Each value
 * is dumped by jansson itself, so strings and numbers read exactly as
 * jansson writes them. ---- */

static int dump_to_buf(const char *text, size_t size, void *data)
{
    cp_buf_put(data, text, size);
    return 0;
}

static void json_indent(cp_yj *w, int depth)
{
    cp_buf_putc(w->out, '\n');
    for (int i = 0; i < 2 * depth; i++)
        cp_buf_putc(w->out, ' ');
}

static void json_dump_value(cp_yj *w, json_t *v)
{
    if (!v || json_dump_callback(v, dump_to_buf, w->out, JSON_ENCODE_ANY | JSON_REAL_PRECISION(15)) != 0)
        fatal("JSON");
    json_decref(v);
}

/* What goes before a value: its place in the container open around it,
 * and its key in a mapping. */
static void json_entry(cp_yj *w)
{
    if (w->depth == 0)
        return;
    if (w->filled[w->depth - 1])
        cp_buf_putc(w->out, ',');
    w->filled[w->depth - 1] = 1;
    json_indent(w, w->depth);
    if (w->key) {
        json_dump_value(w, json_string(w->key));
        cp_buf_puts(w->out, ": ");
        free(w->key);
        w->key = NULL;
    }
}

static void json_add(cp_yj *w, json_t *v)
{
    json_entry(w);
    json_dump_value(w, v);
}

static void json_finish(cp_yj *w)
{
    cp_buf_putc(w->out, '\n');
}

/* ---- the calls ---- */

void cp_yj_init(cp_yj *w, cp_buf *out, cp_yj_format format)
{
    memset(w, 0, sizeof *w);
    w->out = out;
    w->format = format;
    if (format == CP_YJ_YAML)
        yaml_start(w);
}

static void push(cp_yj *w, int seq)
{
    if (w->depth >= CP_YJ_MAX_DEPTH) {
        /* a fixed nesting depth is a programming error, not a data error */
        fputs("cryptoperf: output nested too deeply\n", stderr);
        abort();
    }
    if (w->format == CP_YJ_JSON) {
        json_entry(w);
        cp_buf_putc(w->out, seq ? '[' : '{');
        w->filled[w->depth] = 0;
    } else {
        y_begin(w);
        w->seq[w->depth] = seq;
    }
    w->depth++;
}

static void pop(cp_yj *w, int seq)
{
    if (w->format == CP_YJ_JSON) {
        if (w->filled[w->depth - 1])
            json_indent(w, w->depth - 1);
        cp_buf_putc(w->out, seq ? ']' : '}');
    } else {
        y_end(w, seq);
    }
    w->depth--;
}

void cp_yj_map_begin(cp_yj *w)
{
    push(w, 0);
}

void cp_yj_map_end(cp_yj *w)
{
    pop(w, 0);
}

void cp_yj_seq_begin(cp_yj *w)
{
    push(w, 1);
}

void cp_yj_seq_end(cp_yj *w)
{
    pop(w, 1);
}

void cp_yj_key(cp_yj *w, const char *key)
{
    if (w->format == CP_YJ_JSON) {
        free(w->key);
        w->key = cp_xstrdup(key);
    } else {
        y_key(w, key);
    }
}

void cp_yj_str(cp_yj *w, const char *s)
{
    if (!s) {
        cp_yj_null(w);
        return;
    }
    if (w->format == CP_YJ_JSON) {
        size_t len;
        char *v = cp_text_valid_utf8(s, strlen(s), &len);
        json_add(w, json_stringn(v, len));
        free(v);
    } else {
        y_string(w, s);
    }
}

/* A number, null, true or false: plain in YAML, parsed by jansson's rules
 * from the same text in JSON. */
static void literal(cp_yj *w, const char *text, json_t *value)
{
    if (w->format == CP_YJ_JSON)
        json_add(w, value);
    else {
        json_decref(value);
        y_plain(w, text);
    }
}

void cp_yj_int(cp_yj *w, long long v)
{
    /* "%lld" by hand: a report of a million rows writes millions */
    char t[32], *p = t + sizeof t;
    unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
    *--p = '\0';
    do
        *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--p = '-';
    literal(w, p, w->format == CP_YJ_JSON ? json_integer(v) : NULL);
}

void cp_yj_real(cp_yj *w, double v, int decimals)
{
    char t[64];
    if (decimals < 0)
        snprintf(t, sizeof t, "%.15g", v);
    else
        snprintf(t, sizeof t, "%.*f", decimals, v);
    /* -0.000 reads as a change that is not there */
    int zero = 1;
    for (const char *p = t; *p; p++)
        if (*p >= '1' && *p <= '9')
            zero = 0;
    const char *text = zero && t[0] == '-' ? t + 1 : t;
    json_t *value = NULL;
    if (w->format == CP_YJ_JSON) {
        double x = strtod(text, NULL);
        if (!isfinite(x))
            value = json_null();   /* JSON has no inf or nan */
        else if (text[strspn(text, "-0123456789")] == '\0' && fabs(x) < 9e15)
            value = json_integer((json_int_t)x);
        else
            value = json_real(x);
    }
    literal(w, text, value);
}

void cp_yj_bool(cp_yj *w, int v)
{
    literal(w, v ? "true" : "false", w->format == CP_YJ_JSON ? json_boolean(v) : NULL);
}

void cp_yj_null(cp_yj *w)
{
    literal(w, "null", w->format == CP_YJ_JSON ? json_null() : NULL);
}

void cp_yj_drop_text(cp_yj *w)
{
    w->out->len = 0;
    if (w->out->data)
        w->out->data[0] = '\0';
}

void cp_yj_finish(cp_yj *w)
{
    if (w->format == CP_YJ_JSON)
        json_finish(w);
    else
        yaml_finish(w);
    free(w->key);
    w->key = NULL;
}
