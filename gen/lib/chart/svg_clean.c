/* One pass over the SVG: memchr to the next '<', the tag parsed once (its
 * name compared, its attributes walked), the text between tags copied with
 * the escapes it needs. Linear in the size of the file. */
#include "chart/svg_clean.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

#include "base/text_clean.h"

static void put_xml(void *ctx, const char *s, size_t n)
{
    cp_buf *out = ctx;
    switch (n == 1 ? *s : 0) {
    case '&': cp_buf_puts(out, "&amp;"); break;
    case '<': cp_buf_puts(out, "&lt;"); break;
    case '>': cp_buf_puts(out, "&gt;"); break;
    case '"': cp_buf_puts(out, "&quot;"); break;
    case '\'': cp_buf_puts(out, "&apos;"); break;
    default: cp_buf_put(out, s, n);
    }
}

void cp_xml_escape(cp_buf *out, const char *s)
{
    cp_text_clean(s, put_xml, out);
}

/* Classes of the bytes the scan stops at, in one table: a chart's SVG is
 * about 75 KB and a render of 10^5 results cleans 1 400 of them, so the
 * scan costs a table load per byte, not a chain of compares (isspace is
 * the C locale's: the SVG is ASCII markup). */
enum { SPACE = 1, NAME_END = 2, TEXT_SPECIAL = 4 };
static const uint8_t byte_class[256] = {
    [' '] = SPACE | NAME_END, ['\t'] = SPACE | NAME_END, ['\n'] = SPACE | NAME_END,
    ['\r'] = SPACE | NAME_END, ['\f'] = SPACE | NAME_END, ['\v'] = SPACE | NAME_END,
    ['='] = NAME_END, ['>'] = NAME_END | TEXT_SPECIAL, ['&'] = TEXT_SPECIAL,
};

static int is_space(char c)
{
    return byte_class[(unsigned char)c] & SPACE;
}

/* ASCII case-insensitive equality of n bytes (lower is lower-case) */
static int ieq(const char *s, const char *lower, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != lower[i])
            return 0;
    }
    return 1;
}

/* An entity or character reference starts at s ("&amp;", "&#160;"). */
static int is_reference(const char *s, const char *end)
{
    const char *p = s + 1;
    if (p < end && *p == '#')
        p++;
    const char *start = p;
    while (p < end && isalnum((unsigned char)*p))
        p++;
    return p > start && p < end && *p == ';';
}

/* Copies the text between two tags, escaping what gnuplot leaves raw: '>'
 * (so "]]>" in a label cannot break the XML) and a '&' that starts no
 * reference. gnuplot escapes '<' in text itself, so every '<' opens a tag. */
static void put_text(cp_buf *out, const char *p, const char *end)
{
    const char *run = p;
    for (; p < end; p++) {
        if (!(byte_class[(unsigned char)*p] & TEXT_SPECIAL))
            continue;
        if (*p == '&' && is_reference(p, end))
            continue;
        cp_buf_put(out, run, (size_t)(p - run));
        cp_buf_puts(out, *p == '>' ? "&gt;" : "&amp;");
        run = p + 1;
    }
    cp_buf_put(out, run, (size_t)(p - run));
}

typedef struct {
    const char *name;    /* after '<' or '</' */
    size_t name_len;
    int closing;
    const char *end;     /* the '>' */
    int viewbox;         /* has a viewBox attribute */
} tag;

/* name: lower case */
static int is_name(const tag *t, const char *name)
{
    return t->name_len == strlen(name) && ieq(t->name, name, t->name_len);
}

/* Parses the tag at lt: its name, and its attributes, which must hold no
 * event handler (on...=) and no link (href, xlink:href) out of the file
 * ("#gpPt5" is fine). NULL, or what is wrong. */
static const char *parse_tag(const char *lt, const char *end, tag *t)
{
    const char *p = lt + 1;
    t->closing = p < end && *p == '/';
    p += t->closing;
    t->name = p;
    while (p < end && !(byte_class[(unsigned char)*p] & SPACE) && *p != '>' && *p != '/')
        p++;
    t->name_len = (size_t)(p - t->name);
    t->viewbox = 0;
    while (p < end && *p != '>') {
        if (*p == '"' || *p == '\'') {
            const char *close = memchr(p + 1, *p, (size_t)(end - p - 1));
            if (!close)
                return "an unterminated attribute value";
            p = close + 1;
            continue;
        }
        if (!is_space(*p)) {
            p++;
            continue;
        }
        while (p < end && is_space(*p))
            p++;
        const char *name = p;
        while (p < end && !(byte_class[(unsigned char)*p] & NAME_END))
            p++;
        size_t len = (size_t)(p - name);
        while (p < end && is_space(*p))
            p++;
        if (p == end || *p != '=')
            continue;
        p++;
        while (p < end && is_space(*p))
            p++;
        const char *value = p < end && (*p == '"' || *p == '\'') ? p + 1 : p;
        if (len >= 2 && ieq(name, "on", 2))
            return "an event handler attribute (on...=)";
        if (len >= 4 && ieq(name + len - 4, "href", 4) && (value == end || *value != '#'))
            return "a link to a resource outside the file";
        t->viewbox |= len == 7 && !memcmp(name, "viewBox", 7);
    }
    if (p == end)
        return "an unterminated tag";
    t->end = p;
    return NULL;
}

/* The end of what starts at p and ends with `close` (a comment, a
 * processing instruction), or NULL. */
static const char *skip_to(const char *p, const char *end, const char *close)
{
    size_t n = strlen(close);
    for (const char *q = p; (q = memchr(q, close[0], (size_t)(end - q)));) {
        if ((size_t)(end - q) >= n && !memcmp(q, close, n))
            return q + n;
        q++;
    }
    return NULL;
}

int cp_svg_clean(cp_buf *out, const char *svg, size_t len, const char *title, const char **why)
{
    const char *end = svg + len, *p = svg, *lt;
    int root = 0;
    size_t start = out->len;
    while ((lt = memchr(p, '<', (size_t)(end - p)))) {
        if (root)
            put_text(out, p, lt);
        else
            cp_buf_put(out, p, (size_t)(lt - p));
        if ((size_t)(end - lt) >= 9 && !memcmp(lt, "<![CDATA[", 9)) {
            *why = "a CDATA section";   /* gnuplot writes none: text is escaped */
            goto bad;
        }
        if (lt + 1 < end && (lt[1] == '!' || lt[1] == '?')) {
            /* a comment, the XML declaration, a DOCTYPE: kept as they are */
            int comment = (size_t)(end - lt) >= 4 && !memcmp(lt, "<!--", 4);
            const char *after = skip_to(lt + 2, end, comment ? "-->" : lt[1] == '?' ? "?>" : ">");
            if (!after) {
                *why = "an unterminated comment or declaration";
                goto bad;
            }
            cp_buf_put(out, lt, (size_t)(after - lt));
            p = after;
            continue;
        }
        tag t;
        if ((*why = parse_tag(lt, end, &t)))
            goto bad;
        if (is_name(&t, "script")) {
            *why = "a <script> element";
            goto bad;
        }
        if (is_name(&t, "foreignobject")) {
            *why = "a <foreignObject> element";
            goto bad;
        }
        p = t.end + 1;
        if (!root) {
            if (t.closing || !is_name(&t, "svg")) {
                *why = "no <svg> element";
                goto bad;
            }
            if (!t.viewbox) {
                *why = "no viewBox on the <svg> element";
                goto bad;
            }
            root = 1;
            cp_buf_put(out, lt, (size_t)(p - lt));
            cp_buf_puts(out, "\n<title>");
            cp_xml_escape(out, title);
            cp_buf_puts(out, "</title>\n");
            continue;
        }
        /* gnuplot's <title> and <desc> go: the root's say "Gnuplot" and
         * the version, those of the plot groups the series names */
        if (!t.closing && (is_name(&t, "title") || is_name(&t, "desc"))) {
            int desc = is_name(&t, "desc");
            const char *close = skip_to(p, end, desc ? "</desc>" : "</title>");
            if (!close) {
                *why = "an unterminated <title> or <desc>";
                goto bad;
            }
            p = close;
            if (desc)
                while (p < end && *p == '\n')   /* its line goes with it */
                    p++;
            continue;
        }
        cp_buf_put(out, lt, (size_t)(p - lt));
    }
    if (!root) {
        *why = "no <svg> element";
        goto bad;
    }
    put_text(out, p, end);
    return 0;
bad:
    out->len = start;
    if (out->data)
        out->data[start] = '\0';
    return -1;
}
