#include "yamljson.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "text_clean.h"
#include "yaml_write.h"

/* The emitter and jansson fail only when memory runs out, or on a call
 * sequence no caller makes (a value without a key): both end the program,
 * as cp_xmalloc does. */
static void fatal(const char *what)
{
    fprintf(stderr, "cryptoperf: cannot write %s output: %s\n", what, "out of memory or a bad call sequence");
    exit(2);
}

/* ---- YAML: events to libyaml's emitter ---- */

static int append(void *data, unsigned char *text, size_t size)
{
    cp_buf_put(data, (const char *)text, size);
    return 1;
}

static void emit(cp_yj *w, yaml_event_t *ev, int made)
{
    if (!made || !yaml_emitter_emit(w->emitter, ev))
        fatal("YAML");
}

static void yaml_scalar(cp_yj *w, const char *text, size_t len, int plain)
{
    yaml_event_t ev;
    emit(w, &ev, yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)text, (int)len, plain, !plain,
                                              plain ? YAML_PLAIN_SCALAR_STYLE : YAML_DOUBLE_QUOTED_SCALAR_STYLE));
}

static void yaml_start(cp_yj *w)
{
    w->emitter = cp_xmalloc(sizeof *w->emitter);
    if (!yaml_emitter_initialize(w->emitter))
        fatal("YAML");
    yaml_emitter_set_output(w->emitter, append, w->out);
    yaml_emitter_set_unicode(w->emitter, 1);
    yaml_emitter_set_width(w->emitter, -1);
    yaml_event_t ev;
    emit(w, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
    emit(w, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
}

static void yaml_finish(cp_yj *w)
{
    yaml_event_t ev;
    emit(w, &ev, yaml_document_end_event_initialize(&ev, 1));
    emit(w, &ev, yaml_stream_end_event_initialize(&ev));
    yaml_emitter_delete(w->emitter);
    free(w->emitter);
    w->emitter = NULL;
}

/* ---- JSON: a jansson tree, dumped at the end ---- */

static void json_add(cp_yj *w, json_t *v)
{
    if (!v)
        fatal("JSON");
    if (w->depth == 0) {
        json_decref(w->root);
        w->root = v;
        return;
    }
    json_t *top = w->open[w->depth - 1];
    int rc = json_is_array(top) ? json_array_append_new(top, v)
           : w->key             ? json_object_set_new(top, w->key, v)
                                : -1;
    free(w->key);
    w->key = NULL;
    if (rc != 0)
        fatal("JSON");
}

static int dump_to_buf(const char *text, size_t size, void *data)
{
    cp_buf_put(data, text, size);
    return 0;
}

static void json_finish(cp_yj *w)
{
    if (w->root && json_dump_callback(w->root, dump_to_buf, w->out, JSON_INDENT(2) | JSON_REAL_PRECISION(15)) != 0)
        fatal("JSON");
    cp_buf_putc(w->out, '\n');
    json_decref(w->root);
    w->root = NULL;
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
        json_t *c = seq ? json_array() : json_object();
        json_add(w, json_incref(c));
        w->open[w->depth] = c;
    } else {
        yaml_event_t ev;
        emit(w, &ev, seq ? yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE)
                         : yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
    }
    w->depth++;
}

static void pop(cp_yj *w, int seq)
{
    w->depth--;
    if (w->format == CP_YJ_JSON) {
        json_decref(w->open[w->depth]);
    } else {
        yaml_event_t ev;
        emit(w, &ev, seq ? yaml_sequence_end_event_initialize(&ev) : yaml_mapping_end_event_initialize(&ev));
    }
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
        yaml_scalar(w, key, strlen(key), 1);
    }
}

void cp_yj_str(cp_yj *w, const char *s)
{
    if (!s) {
        cp_yj_null(w);
        return;
    }
    size_t len;
    char *v = cp_text_valid_utf8(s, strlen(s), &len);
    if (w->format == CP_YJ_JSON)
        json_add(w, json_stringn(v, len));
    else
        yaml_scalar(w, v, len, cp_yaml_plain_ok(v, len));
    free(v);
}

/* A number, null, true or false: plain in YAML, parsed by jansson's rules
 * from the same text in JSON. */
static void literal(cp_yj *w, const char *text, json_t *value)
{
    if (w->format == CP_YJ_JSON)
        json_add(w, value);
    else {
        json_decref(value);
        yaml_scalar(w, text, strlen(text), 1);
    }
}

void cp_yj_int(cp_yj *w, long long v)
{
    char t[32];
    snprintf(t, sizeof t, "%lld", v);
    literal(w, t, w->format == CP_YJ_JSON ? json_integer(v) : NULL);
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

void cp_yj_finish(cp_yj *w)
{
    if (w->format == CP_YJ_JSON)
        json_finish(w);
    else
        yaml_finish(w);
    free(w->key);
    w->key = NULL;
}
