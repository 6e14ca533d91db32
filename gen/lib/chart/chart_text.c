#include "chart/chart_text.h"

#include <string.h>

#include "base/util.h"

#define ELLIPSIS "\u2026"

static int starts_char(char c)
{
    return (c & 0xc0) != 0x80;
}

size_t cp_chart_text_chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += starts_char(*s);
    return n;
}

/* the byte length of the first n characters of s (all of s when shorter) */
static size_t prefix_bytes(const char *s, size_t len, size_t n)
{
    size_t i = 0, chars = 0;
    for (; i < len; i++) {
        if (starts_char(s[i]) && chars++ == n)
            break;
    }
    return i;
}

char *cp_chart_text_cut(const char *s, size_t max)
{
    if (cp_chart_text_chars(s) <= max)
        return cp_xstrdup(s);
    size_t keep = prefix_bytes(s, strlen(s), max ? max - 1 : 0);
    while (keep && s[keep - 1] == ' ')
        keep--;
    return cp_xasprintf("%.*s" ELLIPSIS, (int)keep, s);
}

typedef struct {
    cp_buf out;
    size_t lines, max_lines, width;
    size_t line_chars;   /* characters on the line being written */
    int full;            /* max_lines reached and more text came */
} wrapper;

/* starts a new output line; 0, or -1 when there is no room for one */
static int new_line(wrapper *w)
{
    if (w->lines == w->max_lines) {
        w->full = 1;
        return -1;
    }
    if (w->lines++)
        cp_buf_putc(&w->out, '\n');
    w->line_chars = 0;
    return 0;
}

/* one word (no space, no line break) of n bytes */
static int put_word(wrapper *w, const char *word, size_t n)
{
    size_t chars = 0;
    for (size_t i = 0; i < n; i++)
        chars += starts_char(word[i]);
    if (w->line_chars && w->line_chars + 1 + chars <= w->width) {
        cp_buf_putc(&w->out, ' ');
        w->line_chars++;
    } else if (w->line_chars && new_line(w)) {
        return -1;
    }
    while (chars > w->width - w->line_chars) {   /* too long for any line: broken */
        size_t room = w->width - w->line_chars, b = prefix_bytes(word, n, room);
        cp_buf_put(&w->out, word, b);
        word += b;
        n -= b;
        chars -= room;
        if (new_line(w))
            return -1;
    }
    cp_buf_put(&w->out, word, n);
    w->line_chars += chars;
    return 0;
}

char *cp_chart_text_wrap(const char *s, size_t width, size_t max_lines)
{
    wrapper w = { { 0 }, 0, max_lines ? max_lines : 1, width ? width : 1, 0, 0 };
    cp_buf_puts(&w.out, "");
    new_line(&w);
    for (const char *p = s; *p && !w.full;) {
        if (*p == '\n') {
            p++;
            new_line(&w);
            continue;
        }
        size_t line = strcspn(p, "\n"), chars = 0;
        for (size_t i = 0; i < line; i++)
            chars += starts_char(p[i]);
        if (w.line_chars == 0 && chars <= w.width) {   /* a line that fits stays as it is */
            cp_buf_put(&w.out, p, line);
            w.line_chars = chars;
            p += line;
            continue;
        }
        if (*p == ' ') {
            p++;
            continue;
        }
        size_t n = strcspn(p, " \n");
        if (put_word(&w, p, n))
            break;
        p += n;
    }
    if (!w.full)
        return w.out.data;
    /* the last line makes room for the ellipsis */
    const char *last = strrchr(w.out.data, '\n');
    size_t start = last ? (size_t)(last + 1 - w.out.data) : 0;
    size_t keep = start + prefix_bytes(w.out.data + start, w.out.len - start, w.width - 1);
    while (keep > start && w.out.data[keep - 1] == ' ')
        keep--;
    w.out.len = keep;
    cp_buf_puts(&w.out, ELLIPSIS);
    return w.out.data;
}
