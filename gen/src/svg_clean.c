#include "svg_clean.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text_clean.h"

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

/* Case-insensitive search, for markup that must not be there in any case. */
static const char *find_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; hay++)
        if (!strncasecmp(hay, needle, n))
            return hay;
    return NULL;
}

/* Walks the attributes of every tag: an event handler (on...=) or a link
 * (href, xlink:href) that does not point inside the file ("#gpPt5") makes
 * the SVG unfit. Text between tags is not looked at: gnuplot escapes '<'
 * there, so it cannot open a tag. */
static const char *bad_attribute(const char *svg)
{
    const char *p = svg;
    while ((p = strchr(p, '<'))) {
        p++;
        while (*p && *p != '>') {
            if (*p == '"' || *p == '\'') {
                const char *close = strchr(p + 1, *p);
                if (!close)
                    return "an unterminated attribute value";
                p = close + 1;
                continue;
            }
            if (!isspace((unsigned char)*p)) {
                p++;
                continue;
            }
            while (isspace((unsigned char)*p))
                p++;
            const char *name = p;
            while (*p && *p != '=' && *p != '>' && !isspace((unsigned char)*p))
                p++;
            size_t len = (size_t)(p - name);
            while (isspace((unsigned char)*p))
                p++;
            if (*p != '=')
                continue;
            p++;
            while (isspace((unsigned char)*p))
                p++;
            const char *value = *p == '"' || *p == '\'' ? p + 1 : p;
            if (len >= 2 && !strncasecmp(name, "on", 2))
                return "an event handler attribute (on...=)";
            if (len >= 4 && !strncasecmp(name + len - 4, "href", 4) && *value != '#')
                return "a link to a resource outside the file";
        }
    }
    return NULL;
}

/* The end of the root element's start tag, or NULL. */
static const char *svg_tag_end(const char *svg, const char **start)
{
    *start = strstr(svg, "<svg");
    return *start ? strchr(*start, '>') : NULL;
}

/* An entity or character reference starts at s ("&amp;", "&#160;"). */
static int is_reference(const char *s)
{
    size_t i = 1;
    if (s[i] == '#')
        i++;
    size_t start = i;
    while (isalnum((unsigned char)s[i]))
        i++;
    return i > start && s[i] == ';';
}

/* Copies svg, escaping what gnuplot leaves raw in text between tags: '>'
 * (so "]]>" in a label cannot break the XML) and a '&' that starts no
 * reference. gnuplot escapes '<' in text itself, so every '<' opens a tag. */
static void put_escaped_text(cp_buf *out, const char *svg)
{
    char quote = 0;
    int in_tag = 0;
    for (const char *p = svg; *p; p++) {
        if (in_tag) {
            if (quote)
                quote = *p == quote ? 0 : quote;
            else if (*p == '"' || *p == '\'')
                quote = *p;
            else if (*p == '>')
                in_tag = 0;
            cp_buf_putc(out, *p);
        } else if (*p == '<') {
            in_tag = 1;
            cp_buf_putc(out, *p);
        } else if (*p == '>') {
            cp_buf_puts(out, "&gt;");
        } else if (*p == '&' && !is_reference(p)) {
            cp_buf_puts(out, "&amp;");
        } else {
            cp_buf_putc(out, *p);
        }
    }
}

int cp_svg_clean(cp_buf *out, const char *svg, const char *title, const char **why)
{
    const char *tag, *tag_end = svg_tag_end(svg, &tag);
    if (!tag_end)
        return *why = "no <svg> element", -1;
    char *root = cp_xstrndup(tag, (size_t)(tag_end - tag));
    int viewbox = strstr(root, "viewBox=") != NULL;
    free(root);
    if (!viewbox)
        return *why = "no viewBox on the <svg> element", -1;
    if (find_ci(svg, "<script"))
        return *why = "a <script> element", -1;
    if ((*why = bad_attribute(svg)))
        return -1;
    if (find_ci(svg, "<foreignObject"))
        return *why = "a <foreignObject> element", -1;

    cp_buf_put(out, svg, (size_t)(tag_end + 1 - svg));
    cp_buf_puts(out, "\n<title>");
    cp_xml_escape(out, title);
    cp_buf_puts(out, "</title>\n");
    /* the rest, without gnuplot's <title> and <desc> elements: the root's
     * says "Gnuplot" and the version, those of the plot groups hold the
     * series names mangled (enhanced-text markup stripped even in
     * noenhanced mode) */
    const char *p = tag_end + 1;
    /* each search runs again only once p has passed its hit: searching
     * both every time would rescan the rest of a large chart per element */
    const char *t = strstr(p, "<title>"), *d = strstr(p, "<desc>");
    for (;;) {
        if (t && t < p)
            t = strstr(p, "<title>");
        if (d && d < p)
            d = strstr(p, "<desc>");
        const char *from = t && (!d || t < d) ? t : d;
        const char *close = from == t ? "</title>" : "</desc>";
        const char *to = from ? strstr(from, close) : NULL;
        if (!to)
            break;
        char *kept = cp_xstrndup(p, (size_t)(from - p));
        put_escaped_text(out, kept);
        free(kept);
        p = to + strlen(close);
        if (from == d)
            while (*p == '\n')   /* its line goes with it */
                p++;
    }
    put_escaped_text(out, p);
    return 0;
}
