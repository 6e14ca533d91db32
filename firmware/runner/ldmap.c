#include "ldmap.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cryptoperf.h"
#include "quote.h"

/* The headings ld writes at the start of a line, in the order it writes
 * them; only the memory map is read. */
static const char MEMORY_MAP[] = "Linker script and memory map";
static const char *const SKIPPED[] = {
    "Archive member included to satisfy reference by file (symbol)",
    "As-needed library included to satisfy reference by file (symbol)",
    "Allocating common symbols",
    "Discarded input sections",
    "Memory Configuration",
};
/* What may follow the memory map (with --cref): not read. */
static const char CROSS_REFERENCE[] = "Cross Reference Table";

typedef struct {
    const char *name;           /* of the file, for messages */
    unsigned line;
    const char *text;           /* the current line, NUL-terminated */
    char *err;
    cpr_ldmap *map;
    size_t cap;                 /* of map->v */
    size_t in_cap;              /* of the last section's inputs */
    /* a name alone on its line, its address and size on the next */
    enum { NONE, SECTION, INPUT } wrapped;
    char *wrapped_name;
    unsigned wrapped_line;
} parser;

static int fail(parser *p, const char *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(parser *p, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cp_buf b = { 0 };
    cp_buf_printf(&b, "%s:%u:%zu: ", p->name, p->line, (size_t)(at - p->text) + 1);
    cp_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    p->err = b.data;
    return -1;
}

static const char *skip_blanks(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static const char *token_end(const char *s)
{
    while (*s && *s != ' ' && *s != '\t')
        s++;
    return s;
}

/* A hexadecimal number as ld writes addresses and sizes ("0x0000c0", "0x8");
 * the end, or NULL. */
static const char *hex(const char *s, unsigned long long *v)
{
    if (s[0] != '0' || s[1] != 'x')
        return NULL;
    const char *e = s + 2;
    unsigned long long n = 0;
    for (; (*e >= '0' && *e <= '9') || (*e >= 'a' && *e <= 'f') || (*e >= 'A' && *e <= 'F'); e++) {
        if (n >> 60)
            return NULL;
        n = n * 16 + (unsigned)(*e <= '9' ? *e - '0' : (*e | 0x20) - 'a' + 10);
    }
    if (e == s + 2 || (*e && *e != ' ' && *e != '\t'))
        return NULL;
    *v = n;
    return e;
}

/* "ADDR SIZE" at s (after blanks); the rest after them, or NULL. */
static const char *addr_size(const char *s, unsigned long long *addr, unsigned long long *size)
{
    const char *e = hex(skip_blanks(s), addr);
    if (!e || (*e != ' ' && *e != '\t'))
        return NULL;
    e = hex(skip_blanks(e), size);
    return e ? skip_blanks(e) : NULL;
}

static cpr_map_section *current(parser *p)
{
    return p->map->n ? &p->map->v[p->map->n - 1] : NULL;
}

static void add_section(parser *p, char *name, int placed, unsigned long long addr, unsigned long long size,
                        unsigned line)
{
    if (p->map->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 32;
        p->map->v = cp_xrealloc(p->map->v, p->cap * sizeof *p->map->v);
    }
    cpr_map_section *s = &p->map->v[p->map->n++];
    memset(s, 0, sizeof *s);
    s->name = name;
    s->placed = placed;
    s->addr = addr;
    s->size = size;
    s->line = line;
    p->in_cap = 0;
}

static int add_input(parser *p, const char *at, char *name, char *file, unsigned long long addr,
                     unsigned long long size, unsigned line)
{
    cpr_map_section *s = current(p);
    if (!s || !s->placed) {
        int rc = fail(p, at, "expected input section %s inside a placed output section, found it %s", cpr_q(name),
                      s ? "in one without an address" : "before any");
        free(name);
        free(file);
        return rc;
    }
    if (s->nin == p->in_cap) {
        p->in_cap = p->in_cap ? 2 * p->in_cap : 16;
        s->in = cp_xrealloc(s->in, p->in_cap * sizeof *s->in);
    }
    s->in[s->nin++] = (cpr_map_input){ name, file, addr, size, line };
    return 0;
}

/* The rest of an input section's line: "ADDR SIZE FILE" (a file name may
 * hold spaces: "linker stubs"). */
static int input_rest(parser *p, const char *s, char *name, unsigned line)
{
    unsigned long long addr, size;
    const char *file = addr_size(s, &addr, &size);
    if (!file || !*file) {
        int rc = fail(p, skip_blanks(s), "expected the address, size and file of input section %s, found %s",
                      cpr_q(name), cpr_q(skip_blanks(s)));
        free(name);
        return rc;
    }
    size_t n = strlen(file);
    while (n && (file[n - 1] == ' ' || file[n - 1] == '\t'))
        n--;
    return add_input(p, file, name, cp_xstrndup(file, n), addr, size, line);
}

/* "ADDR SIZE" or "ADDR SIZE load address ADDR": an output section's
 * placement; 1 when s is one. */
static int placement(const char *s, unsigned long long *addr, unsigned long long *size)
{
    const char *rest = addr_size(s, addr, size);
    if (!rest)
        return 0;
    if (!*rest)
        return 1;
    static const char LOAD[] = "load address ";
    unsigned long long lma;
    const char *e;
    return strncmp(rest, LOAD, sizeof LOAD - 1) == 0 && (e = hex(rest + sizeof LOAD - 1, &lma)) != NULL &&
           !*skip_blanks(e);
}

/* A line of the memory map starting at column 1. */
static int top_level(parser *p, const char *s)
{
    static const char *const KEYWORDS[] = { "LOAD ", "START GROUP", "END GROUP" };
    for (size_t i = 0; i < sizeof KEYWORDS / sizeof KEYWORDS[0]; i++)
        if (strncmp(s, KEYWORDS[i], strlen(KEYWORDS[i])) == 0)
            return 0;
    if (strncmp(s, "OUTPUT(", 7) == 0) {
        /* OUTPUT(<file> <bfd format>) */
        const char *close = strrchr(s, ')'), *space = close ? close : s;
        while (space > s + 7 && *space != ' ')
            space--;
        if (!close || close[1] || space == s + 7)
            return fail(p, s, "expected OUTPUT(<file> <format>), found %s", cpr_q(s));
        free(p->map->output);
        p->map->output = cp_xstrndup(s + 7, (size_t)(space - s - 7));
        return 0;
    }
    const char *e = token_end(s);
    char *name = cp_xstrndup(s, (size_t)(e - s));
    unsigned long long addr = 0, size = 0;
    if (!*skip_blanks(e)) {
        p->wrapped = SECTION;
        p->wrapped_name = name;
        p->wrapped_line = p->line;
        return 0;
    }
    if (!placement(e, &addr, &size)) {
        int rc = fail(p, skip_blanks(e), "expected the address and size of output section %s, found %s",
                      cpr_q(name), cpr_q(skip_blanks(e)));
        free(name);
        return rc;
    }
    add_section(p, name, 1, addr, size, p->line);
    return 0;
}

/* An input section pattern of the script (" *(.text .text.*)", " KEEP
 * (*(.vectors))", " *(SORT_BY_NAME(.init_array.*))"): its first word
 * holds a parenthesis, or one follows it. */
static int is_pattern(const char *s, const char *e)
{
    return memchr(s, '(', (size_t)(e - s)) != NULL || *skip_blanks(e) == '(';
}

/* A line starting with one blank: input section, padding, pattern. */
static int one_blank(parser *p, const char *s)
{
    const char *e = token_end(s);
    if (is_pattern(s, e))
        return 0;
    unsigned long long addr, size;
    if ((size_t)(e - s) == 6 && strncmp(s, "*fill*", 6) == 0) {
        /* "*fill* ADDR SIZE" and, for a FILL pattern other than 0, its bytes */
        const char *rest = addr_size(e, &addr, &size);
        if (!rest)
            return fail(p, skip_blanks(e), "expected the address and size of *fill*, found %s",
                        cpr_q(skip_blanks(e)));
        return add_input(p, s, cp_xstrdup("*fill*"), NULL, addr, size, p->line);
    }
    char *name = cp_xstrndup(s, (size_t)(e - s));
    if (!*skip_blanks(e)) {
        p->wrapped = INPUT;
        p->wrapped_name = name;
        p->wrapped_line = p->line;
        return 0;
    }
    return input_rest(p, e, name, p->line);
}

/* A script data statement's keyword (its bytes are the script's). */
static int is_data_statement(const char *s)
{
    static const char *const WORDS[] = { "BYTE", "SHORT", "LONG", "QUAD", "SQUAD" };
    const char *e = token_end(s);
    for (size_t i = 0; i < sizeof WORDS / sizeof WORDS[0]; i++)
        if ((size_t)(e - s) == strlen(WORDS[i]) && strncmp(s, WORDS[i], (size_t)(e - s)) == 0)
            return 1;
    return 0;
}

/* A line starting with two blanks or more: a symbol or an assignment
 * ("ADDR name", "ADDR . = ALIGN (0x4)"), a data statement ("ADDR SIZE
 * LONG 0x0"), a size before relaxing, a PROVIDE left unused. */
static int indented(parser *p, const char *s)
{
    unsigned long long addr, size;
    if (strncmp(s, "[!provide]", 10) == 0)
        return 0;
    const char *e = hex(s, &addr);
    if (!e)
        return fail(p, s, "expected an address, a size before relaxing or [!provide] in the memory map, found %s",
                    cpr_q(s));
    const char *rest = skip_blanks(e);
    if (strcmp(rest, "(size before relaxing)") == 0)
        return 0;
    const char *after = addr_size(s, &addr, &size);
    if (after) {
        if (!is_data_statement(after))
            return fail(p, after, "expected a data statement (BYTE, SHORT, LONG, QUAD, SQUAD) after an "
                        "address and a size, found %s", cpr_q(after));
        const char *w = token_end(after);
        return add_input(p, after, cp_xstrndup(after, (size_t)(w - after)), NULL, addr, size, p->line);
    }
    if (!*rest)
        return fail(p, e, "expected a symbol or an assignment after the address, found the end of the line");
    return 0;
}

/* The line after a name that stood alone: 1 when it completed the name,
 * 0 when it is a line of its own (the section had no address), -1. */
static int unwrap(parser *p, const char *s)
{
    char *name = p->wrapped_name;
    int kind = p->wrapped;
    p->wrapped = NONE;
    p->wrapped_name = NULL;
    unsigned long long addr, size;
    if (kind == INPUT) {
        if (s[0] != ' ' || s[1] != ' ') {
            int rc = fail(p, s, "expected the address, size and file of input section %s (line %u) on an "
                          "indented line, found %s", cpr_q(name), p->wrapped_line, cpr_q(s));
            free(name);
            return rc;
        }
        return input_rest(p, s, name, p->wrapped_line) < 0 ? -1 : 1;
    }
    /* An output section ld did not create has no address: its patterns
     * or the next section follow. */
    if (s[0] == ' ' && s[1] == ' ' && placement(s, &addr, &size)) {
        add_section(p, name, 1, addr, size, p->wrapped_line);
        return 1;
    }
    add_section(p, name, 0, 0, 0, p->wrapped_line);
    return 0;
}

static int memory_map_line(parser *p, const char *s)
{
    if (p->wrapped != NONE) {
        int rc = unwrap(p, s);
        if (rc)
            return rc < 0 ? -1 : 0;
    }
    if (!*skip_blanks(s))
        return 0;
    if (s[0] != ' ')
        return top_level(p, s);
    if (s[1] != ' ')
        return one_blank(p, s + 1);
    return indented(p, skip_blanks(s));
}

int cpr_ldmap_parse(const char *text, size_t len, const char *name, cpr_ldmap *out, char **err)
{
    memset(out, 0, sizeof *out);
    *err = NULL;
    parser p = { .name = name, .map = out };
    enum { BEFORE, MAP, AFTER } where = BEFORE;
    char *line = NULL;
    size_t cap = 0;
    int rc = 0;
    for (size_t at = 0; at < len && rc == 0 && where != AFTER;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - text - at) : len - at;
        if (n + 1 > cap) {
            cap = n + 1;
            line = cp_xrealloc(line, cap);
        }
        memcpy(line, text + at, n);
        line[n] = '\0';
        at += n + 1;
        p.line++;
        p.text = line;
        if (strlen(line) != n) {
            rc = fail(&p, line + strlen(line), "expected text, found a NUL byte");
        } else if (where == BEFORE) {
            int known = strcmp(line, MEMORY_MAP) == 0;
            for (size_t i = 0; !known && i < sizeof SKIPPED / sizeof SKIPPED[0]; i++)
                known = strcmp(line, SKIPPED[i]) == 0;
            if (p.line == 1 && !known)
                rc = fail(&p, line, "expected a GNU ld map (its first heading), found %s", cpr_q(line));
            if (strcmp(line, MEMORY_MAP) == 0)
                where = MAP;
        } else if (strcmp(line, CROSS_REFERENCE) == 0) {
            where = AFTER;
        } else {
            rc = memory_map_line(&p, line);
        }
    }
    /* the end of the file is the line after the last */
    p.line++;
    if (rc == 0 && where == BEFORE) {
        p.text = "";
        rc = fail(&p, p.text, "expected the heading \"%s\", found the end of the file", MEMORY_MAP);
    } else if (rc == 0 && p.wrapped == INPUT) {
        p.text = "";
        rc = fail(&p, p.text, "expected the address, size and file of input section %s (line %u), found the end "
                  "of the file", cpr_q(p.wrapped_name), p.wrapped_line);
    } else if (rc == 0 && p.wrapped == SECTION) {
        add_section(&p, p.wrapped_name, 0, 0, 0, p.wrapped_line);
        p.wrapped_name = NULL;
    }
    free(p.wrapped_name);
    free(line);
    if (rc) {
        *err = p.err;
        cpr_ldmap_free(out);
    }
    return rc;
}

int cpr_ldmap_read(const char *path, cpr_ldmap *out, char **err)
{
    memset(out, 0, sizeof *out);
    size_t len;
    char *text = cp_read_file(path, &len);
    if (!text) {
        *err = cp_xasprintf("%s: expected a GNU ld map, %s", path, cp_read_file_error());
        return -1;
    }
    int rc = cpr_ldmap_parse(text, len, path, out, err);
    free(text);
    return rc;
}

void cpr_ldmap_free(cpr_ldmap *m)
{
    for (size_t i = 0; i < m->n; i++) {
        for (size_t j = 0; j < m->v[i].nin; j++) {
            free(m->v[i].in[j].name);
            free(m->v[i].in[j].file);
        }
        free(m->v[i].in);
        free(m->v[i].name);
    }
    free(m->v);
    free(m->output);
    memset(m, 0, sizeof *m);
}
