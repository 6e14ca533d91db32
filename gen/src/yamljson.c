#include "yamljson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yaml_write.h"

/* YAML line states: nothing on the line yet, "key:" written, "- " written */
enum { AT_LINE_START, AFTER_KEY, AFTER_DASH };

void cp_yj_init(cp_yj *w, cp_buf *out, cp_yj_format format)
{
    w->out = out;
    w->format = format;
    w->depth = 0;
    w->state = AT_LINE_START;
}

static void spaces(cp_yj *w, int n)
{
    for (int i = 0; i < n; i++)
        cp_buf_putc(w->out, ' ');
}

static void newline(cp_yj *w)
{
    if (w->state != AT_LINE_START)
        cp_buf_putc(w->out, '\n');
    w->state = AT_LINE_START;
}

/* Starts a value: in a sequence that is a new item. */
static void before_value(cp_yj *w)
{
    if (w->depth == 0 || !w->frame[w->depth - 1].seq)
        return;
    unsigned *count = &w->frame[w->depth - 1].count;
    if (w->format == CP_YJ_JSON) {
        cp_buf_puts(w->out, *count ? ",\n" : "\n");
        spaces(w, 2 * w->depth);
    } else {
        newline(w);
        spaces(w, w->frame[w->depth - 1].indent);
        cp_buf_puts(w->out, "- ");
        w->state = AFTER_DASH;
    }
    ++*count;
}

static void scalar(cp_yj *w, const char *text)
{
    before_value(w);
    if (w->format == CP_YJ_YAML && w->state == AFTER_KEY)
        cp_buf_putc(w->out, ' ');
    cp_buf_puts(w->out, text);
    if (w->format == CP_YJ_YAML) {
        cp_buf_putc(w->out, '\n');
        w->state = AT_LINE_START;
    }
}

static void push(cp_yj *w, char seq)
{
    before_value(w);
    if (w->depth >= CP_YJ_MAX_DEPTH) {
        /* a fixed nesting depth is a programming error, not a data error */
        fputs("cryptoperf: output nested too deeply\n", stderr);
        abort();
    }
    int indent = w->depth ? w->frame[w->depth - 1].indent + 2 : 0;
    w->frame[w->depth].seq = seq;
    w->frame[w->depth].count = 0;
    w->frame[w->depth].indent = indent;
    w->depth++;
    if (w->format == CP_YJ_JSON)
        cp_buf_putc(w->out, seq ? '[' : '{');
}

static void pop(cp_yj *w)
{
    unsigned count = w->frame[w->depth - 1].count;
    char seq = w->frame[w->depth - 1].seq;
    w->depth--;
    if (w->format == CP_YJ_JSON) {
        if (count) {
            cp_buf_putc(w->out, '\n');
            spaces(w, 2 * w->depth);
        }
        cp_buf_putc(w->out, seq ? ']' : '}');
    } else if (!count) {
        cp_buf_puts(w->out, w->state == AFTER_KEY ? (seq ? " []\n" : " {}\n") : (seq ? "[]\n" : "{}\n"));
        w->state = AT_LINE_START;
    }
}

void cp_yj_map_begin(cp_yj *w)
{
    push(w, 0);
}

void cp_yj_map_end(cp_yj *w)
{
    pop(w);
}

void cp_yj_seq_begin(cp_yj *w)
{
    push(w, 1);
}

void cp_yj_seq_end(cp_yj *w)
{
    pop(w);
}

void cp_yj_key(cp_yj *w, const char *key)
{
    unsigned *count = &w->frame[w->depth - 1].count;
    if (w->format == CP_YJ_JSON) {
        cp_buf_puts(w->out, *count ? ",\n" : "\n");
        spaces(w, 2 * w->depth);
        cp_json_quote(w->out, key);
        cp_buf_puts(w->out, ": ");
    } else {
        if (!(w->state == AFTER_DASH && *count == 0)) {
            newline(w);
            spaces(w, w->frame[w->depth - 1].indent);
        }
        cp_buf_puts(w->out, key);
        cp_buf_putc(w->out, ':');
        w->state = AFTER_KEY;
    }
    ++*count;
}

void cp_yj_str(cp_yj *w, const char *s)
{
    if (!s) {
        cp_yj_null(w);
        return;
    }
    cp_buf q = { 0 };
    if (w->format == CP_YJ_JSON)
        cp_json_quote(&q, s);
    else
        cp_yaml_put_string(&q, s, strlen(s));
    scalar(w, q.data);
    cp_buf_free(&q);
}

void cp_yj_int(cp_yj *w, long long v)
{
    char t[32];
    snprintf(t, sizeof t, "%lld", v);
    scalar(w, t);
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
    scalar(w, zero && t[0] == '-' ? t + 1 : t);
}

void cp_yj_bool(cp_yj *w, int v)
{
    scalar(w, v ? "true" : "false");
}

void cp_yj_null(cp_yj *w)
{
    scalar(w, "null");
}

void cp_yj_finish(cp_yj *w)
{
    if (w->format == CP_YJ_JSON)
        cp_buf_putc(w->out, '\n');
    else
        newline(w);
}

void cp_json_quote(cp_buf *b, const char *s)
{
    cp_buf_putc(b, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': cp_buf_puts(b, "\\\""); break;
        case '\\': cp_buf_puts(b, "\\\\"); break;
        case '\n': cp_buf_puts(b, "\\n"); break;
        case '\r': cp_buf_puts(b, "\\r"); break;
        case '\t': cp_buf_puts(b, "\\t"); break;
        default:
            /* control characters and DEL; YAML also refuses a raw DEL */
            if (*p < 0x20 || *p == 0x7f)
                cp_buf_printf(b, "\\u%04x", *p);
            else
                cp_buf_putc(b, (char)*p);
        }
    }
    cp_buf_putc(b, '"');
}
