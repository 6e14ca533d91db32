#include "page/cellfmt.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "page/layout.h"

typedef enum { SEG_TEXT, SEG_FIELD, SEG_HEADER, SEG_DERIVED, SEG_WORD } seg_kind;

typedef enum {
    D_COUNT, D_COUNT_HEADER, D_COUNT_WORDS, D_TIME_US, D_TIME_MS, D_KBYTE_S, D_SERIES, D_DATASET, D_FOOTPRINT_BYTES, D_CONFIG,
    D_SPREAD
} derived;

static const char *const derived_names[] = {
    "count", "count_header", "count_words", "time_us", "time_ms", "kbyte_s", "series", "dataset", "footprint_bytes", "config",
    "spread",
};
#define NDERIVED (sizeof derived_names / sizeof derived_names[0])

typedef enum { F_LABELS, F_RAW, F_UPPER, F_K, F_MHZ, F_PART_FAMILY, F_PAREN } filter_kind;

typedef struct {
    filter_kind kind;
    char *map;          /* F_LABELS */
} filter;

typedef struct {
    seg_kind kind;
    char *text;         /* SEG_TEXT literal; otherwise the name */
    cp_field field;     /* SEG_FIELD: CP_F_COUNT when not a result field */
    derived der;
    int optional;
    filter *filters;
    size_t nfilters;
} seg;

struct cp_cellfmt {
    seg *segs;
    size_t nsegs;
};

static seg *add_seg(cp_cellfmt *f)
{
    f->segs = cp_xrealloc(f->segs, (f->nsegs + 1) * sizeof *f->segs);
    seg *s = &f->segs[f->nsegs++];
    memset(s, 0, sizeof *s);
    return s;
}

static int parse_filter(filter *flt, const char *name, const cp_layout *layout)
{
    static const struct { const char *name; filter_kind kind; } builtin[] = {
        { "raw", F_RAW }, { "upper", F_UPPER }, { "k", F_K }, { "mhz", F_MHZ }, { "part_family", F_PART_FAMILY },
        { "paren", F_PAREN },
    };
    for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
        if (strcmp(name, builtin[i].name) == 0) {
            flt->kind = builtin[i].kind;
            return 0;
        }
    if (!cp_layout_has_labels(layout, name))
        return -1;
    flt->kind = F_LABELS;
    flt->map = cp_xstrdup(name);
    return 0;
}

/* One placeholder body, "name|filter|filter?", into s. */
static int parse_placeholder(seg *s, const char *body, const cp_node *src, const cp_layout *layout, cp_diag *diag)
{
    char *text = cp_xstrdup(body);
    size_t n = strlen(text);
    if (n && text[n - 1] == '?') {
        s->optional = 1;
        text[--n] = '\0';
    }
    char *save = NULL;
    char *name = strtok_r(text, "|", &save);
    if (!name || !*name) {
        cp_diag_node(diag, src, NULL, "expected a name in '{%s}', found none", body);
        free(text);
        return -1;
    }
    s->text = cp_xstrdup(name);
    if (!strncmp(name, "word:", 5)) {
        /* a unit or label word of the layout, which a dataset's style:
         * may reword (kbyte/s where the layout says Kbytes/s) */
        s->kind = SEG_WORD;
        free(s->text);
        s->text = cp_xstrdup(name + 5);
        if (!cp_scalar(cp_map_get(layout->words, s->text))) {
            cp_diag_node(diag, src, NULL, "expected a word of the layout's `words:` in '{%s}', found '%s'", body,
                         name + 5);
            free(text);
            return -1;
        }
    } else if (name[0] == '@') {
        s->kind = SEG_DERIVED;
        size_t i = 0;
        while (i < NDERIVED && strcmp(name + 1, derived_names[i]) != 0)
            i++;
        if (i == NDERIVED) {
            cp_diag_node(diag, src, NULL, "expected a derived value (@count, @time_us, ...), found '%s'", name);
            free(text);
            return -1;
        }
        s->der = (derived)i;
    } else if (strchr(name, '.')) {
        s->kind = SEG_HEADER;
    } else {
        s->kind = SEG_FIELD;
        s->field = cp_field_by_name(name);
    }
    for (char *fl; (fl = strtok_r(NULL, "|", &save));) {
        s->filters = cp_xrealloc(s->filters, (s->nfilters + 1) * sizeof *s->filters);
        filter *flt = &s->filters[s->nfilters];
        memset(flt, 0, sizeof *flt);
        if (parse_filter(flt, fl, layout) != 0) {
            cp_diag_node(diag, src, NULL, "expected a filter (raw, upper, k, mhz, part_family, paren or a label map of tables.yaml), found '%s'", fl);
            free(text);
            return -1;
        }
        s->nfilters++;
    }
    free(text);
    return 0;
}

cp_cellfmt *cp_cellfmt_compile(const char *text, const cp_node *src, const cp_layout *layout, cp_diag *diag)
{
    cp_cellfmt *f = cp_xcalloc(1, sizeof *f);
    cp_buf lit = { 0 };
    const char *p = text;
    while (*p) {
        if (p[0] == '{' && p[1] == '{') {
            cp_buf_putc(&lit, '{');
            p += 2;
            continue;
        }
        if (p[0] == '}' && p[1] == '}') {
            cp_buf_putc(&lit, '}');
            p += 2;
            continue;
        }
        if (*p != '{') {
            cp_buf_putc(&lit, *p++);
            continue;
        }
        const char *end = strchr(p, '}');
        if (!end) {
            cp_diag_node(diag, src, NULL, "expected '}' closing the placeholder in \"%s\", found the end of the text", text);
            goto fail;
        }
        if (lit.len) {
            add_seg(f)->text = cp_xstrndup(lit.data, lit.len);
            lit.len = 0;
        }
        char *body = cp_xstrndup(p + 1, (size_t)(end - p - 1));
        int rc = parse_placeholder(add_seg(f), body, src, layout, diag);
        free(body);
        if (rc != 0)
            goto fail;
        p = end + 1;
    }
    if (lit.len)
        add_seg(f)->text = cp_xstrndup(lit.data, lit.len);
    cp_buf_free(&lit);
    return f;
fail:
    cp_buf_free(&lit);
    cp_cellfmt_free(f);
    return NULL;
}

void cp_cellfmt_free(cp_cellfmt *f)
{
    if (!f)
        return;
    for (size_t i = 0; i < f->nsegs; i++) {
        for (size_t j = 0; j < f->segs[i].nfilters; j++)
            free(f->segs[i].filters[j].map);
        free(f->segs[i].filters);
        free(f->segs[i].text);
    }
    free(f->segs);
    free(f);
}

/* The header a value belongs to: the current result's own dataset (a page
 * can show the results of several), else the page's dataset. */
static const cp_node *header_value(const cp_fmt_ctx *ctx, const char *dotted)
{
    if (ctx->result && ctx->result->header)
        return cp_header_node(ctx->result->header, dotted);
    return cp_dataset_node(ctx->ds, dotted);
}

const cp_node *cp_fmt_lookup(const cp_fmt_ctx *ctx, const char *name)
{
    if (strchr(name, '.'))
        return header_value(ctx, name);
    if (ctx->result) {
        cp_field f = cp_field_by_name(name);
        if (f != CP_F_COUNT)
            return cp_result_value(ctx->result, f);
    }
    if (ctx->record)
        return cp_map_get(ctx->record, name);
    return cp_dataset_node(ctx->ds, name);
}

/* A value on its way through the filters. */
typedef struct {
    cp_buf text;
    int is_int;
} value;

static void set_text(value *v, const char *s)
{
    v->text.len = 0;
    cp_buf_puts(&v->text, s ? s : "");
}

cp_field cp_fmt_count_field(const cp_fmt_ctx *ctx)
{
    if (ctx->counts > 0 && ctx->counts <= CP_F_COUNT)
        return (cp_field)(ctx->counts - 1);
    if (ctx->result)
        return (cp_field)ctx->result->lead;
    return cp_lead_count(ctx->ds->doc.root);
}

const cp_node *cp_fmt_count(const cp_fmt_ctx *ctx)
{
    if (!ctx->result)
        return NULL;
    cp_field f = cp_fmt_count_field(ctx);
    if (f != CP_F_COUNT)
        return cp_result_value(ctx->result, f);
    /* a dataset without a counter kind: whichever count the result has */
    const cp_node *n = cp_result_value(ctx->result, CP_F_CYCLES);
    return n ? n : cp_result_value(ctx->result, CP_F_INSTRUCTIONS);
}

static int node_ull(const cp_node *n, unsigned long long *out)
{
    long long v;
    if (!n || cp_scalar_int(n, &v) != 0 || v < 0)
        return -1;
    *out = (unsigned long long)v;
    return 0;
}

/* The layout's counter text `which` for count field f, filled in with ctx
 * (a text naming @count_header or @count_words in itself is left out). 0,
 * or 1 when the layout has none. */
static int counter_text(const cp_fmt_ctx *ctx, cp_field f, const char *which, cp_buf *out)
{
    static _Thread_local int inside;
    const cp_node *n = cp_map_get(cp_map_get(ctx->layout->counter, cp_count_name(f)), which);
    const char *text = cp_scalar(n);
    if (!text || inside)
        return 1;
    if (!strchr(text, '{') && !strchr(text, '}')) {
        cp_buf_puts(out, text);
        return 0;
    }
    cp_diag quiet = { .out = NULL };
    cp_cellfmt *f_text = cp_cellfmt_compile(text, n, ctx->layout, &quiet);
    if (!f_text)
        return 1;
    cp_fmt_ctx plain = *ctx;
    plain.escape = NULL;   /* escaped where the whole value lands */
    inside = 1;
    int rc = cp_cellfmt_eval(f_text, &plain, out);
    inside = 0;
    cp_cellfmt_free(f_text);
    return rc;
}

char *cp_counter_text(const cp_layout *l, const cp_dataset *ds, cp_field f, const char *which)
{
    cp_fmt_ctx ctx = { ds, l, NULL, NULL, NULL, 0, 0 };
    cp_buf b = { 0 };
    cp_buf_puts(&b, "");
    if (counter_text(&ctx, f, which, &b) != 0) {
        cp_buf_free(&b);
        return NULL;
    }
    return b.data;
}

static int eval_derived(derived d, const cp_fmt_ctx *ctx, value *v)
{
    unsigned long long count, hz, bytes;
    cp_u128 out;
    switch (d) {
    case D_COUNT: {
        const cp_node *n = cp_fmt_count(ctx);
        if (!n)
            return 1;
        set_text(v, n->text);
        v->is_int = 1;
        return 0;
    }
    case D_COUNT_HEADER:
    case D_COUNT_WORDS:
        v->text.len = 0;
        return counter_text(ctx, cp_fmt_count_field(ctx), d == D_COUNT_HEADER ? "header" : "words", &v->text);
    case D_SERIES:
        set_text(v, ctx->ds->series);
        return 0;
    case D_DATASET:
        set_text(v, ctx->ds->name);
        return 0;
    case D_FOOTPRINT_BYTES: {
        /* what the operation adds to the image: code + constants + global data */
        static const cp_field parts[] = { CP_F_CODE_BYTES, CP_F_CONST_BYTES, CP_F_DATA_BYTES };
        cp_u128 sum = 0;
        for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
            if (!ctx->result || node_ull(cp_result_value(ctx->result, parts[i]), &bytes) != 0)
                return 1;
            sum += bytes;
        }
        v->text.len = 0;
        cp_fmt_u128(&v->text, sum, 0);
        v->is_int = 1;
        return 0;
    }
    case D_CONFIG: {
        /* every configuration label of the result, in one text: what a
         * cell names when it shows one of several configurations */
        static const cp_field axes[] = { CP_F_CONFIGURATION, CP_F_MATH_CONFIG, CP_F_CURVE_DEFINITION, CP_F_MODEXP_IMPL,
                                         CP_F_VARIANT };
        v->text.len = 0;
        for (size_t i = 0; ctx->result && i < sizeof axes / sizeof axes[0]; i++) {
            const char *t = cp_result_text(ctx->result, axes[i]);
            if (t)
                cp_buf_printf(&v->text, "%s%s", v->text.len ? " " : "", t);
        }
        return v->text.len ? 0 : 1;
    }
    case D_SPREAD: {
        /* the repeated runs of a board differ: their range, where it is
         * more than 1 % of the median (the figure) */
        unsigned long long lo, hi, mid;
        if (!ctx->result || node_ull(cp_result_value(ctx->result, CP_F_CYCLES_MIN), &lo) != 0 ||
            node_ull(cp_result_value(ctx->result, CP_F_CYCLES_MAX), &hi) != 0 ||
            node_ull(cp_result_value(ctx->result, CP_F_CYCLES), &mid) != 0 || hi < lo || mid == 0 ||
            (cp_u128)(hi - lo) * 100 <= (cp_u128)mid)
            return 1;
        char a[24], b[24];
        snprintf(a, sizeof a, "%llu", lo);
        snprintf(b, sizeof b, "%llu", hi);
        v->text.len = 0;
        cp_buf_puts(&v->text, " (");
        cp_fmt_digits(&v->text, a, ctx->layout ? ctx->layout->group_min : 0);
        cp_buf_puts(&v->text, " to ");
        cp_fmt_digits(&v->text, b, ctx->layout ? ctx->layout->group_min : 0);
        cp_buf_puts(&v->text, ")");
        return 0;
    }
    case D_TIME_US:
    case D_TIME_MS:
    case D_KBYTE_S:
        if (ctx->counts_only)
            return 1;
        break;
    }
    if (node_ull(cp_fmt_count(ctx), &count) != 0 || node_ull(header_value(ctx, "system.core_clock_hz"), &hz) != 0)
        return 1;
    int rc;
    if (d == D_KBYTE_S) {
        const cp_node *b = cp_result_value(ctx->result, CP_F_MESSAGE_BYTES);
        if (!b)
            b = cp_result_value(ctx->result, CP_F_BUFFER_BYTES);
        if (node_ull(b, &bytes) != 0)
            return 1;
        rc = cp_derive_rate(bytes, hz, count, 1000, &out);
    } else {
        rc = cp_derive_time(count, hz, d == D_TIME_US ? 1000000 : 1000, &out);
    }
    if (rc != 0)
        return 1;
    v->text.len = 0;
    cp_fmt_u128(&v->text, out, 0);
    v->is_int = 1;
    return 0;
}

/* the value as an unsigned integer: 0, or -1 when it is not one */
static int int_value(const value *v, unsigned long long *out)
{
    char *end;
    if (!v->is_int)
        return -1;
    *out = strtoull(v->text.data, &end, 10);
    return *end == '\0' ? 0 : -1;
}

/* A label of the layout's map, unless the dataset's style: rewords it. */
static const char *label_of(const cp_fmt_ctx *ctx, const char *map, const char *value_text)
{
    const char *own = cp_scalar(cp_map_get(cp_map_get(header_value(ctx, "style.labels"), map), value_text));
    return own ? own : cp_layout_label(ctx->layout, map, value_text);
}

static void apply_filter(const filter *flt, const cp_fmt_ctx *ctx, value *v, int *raw)
{
    switch (flt->kind) {
    case F_RAW:
        *raw = 1;
        return;
    case F_LABELS: {
        const char *label = label_of(ctx, flt->map, v->text.data);
        if (label) {
            set_text(v, label);
            v->is_int = 0;
        }
        return;
    }
    case F_UPPER:
        for (size_t i = 0; i < v->text.len; i++)
            v->text.data[i] = (char)toupper((unsigned char)v->text.data[i]);
        return;
    case F_K: {
        unsigned long long n;
        if (int_value(v, &n) == 0 && n && n % 1024 == 0) {
            v->text.len = 0;
            cp_buf_printf(&v->text, "%lluK", n / 1024);
            v->is_int = 0;
        }
        return;
    }
    case F_MHZ: {
        unsigned long long hz;
        if (int_value(v, &hz) == 0) {
            v->text.len = 0;
            cp_fmt_ratio(&v->text, hz, 1000000, 6);
            v->is_int = 0;
        }
        return;
    }
    case F_PAREN: {
        cp_buf p = { 0 };
        cp_buf_printf(&p, "(%s)", v->text.data);
        cp_buf_free(&v->text);
        v->text = p;
        v->is_int = 0;
        return;
    }
    case F_PART_FAMILY: {
        size_t i = 0;
        while (i < v->text.len && isalpha((unsigned char)v->text.data[i]))
            i++;
        size_t letters = i;
        while (i < v->text.len && isdigit((unsigned char)v->text.data[i]))
            i++;
        /* "STM32L552ZET6Q" -> "STM32"; no digits after the letters: no family */
        v->text.len = i > letters ? i : 0;
        i = v->text.len;
        v->text.data[i] = '\0';
        v->is_int = 0;
        return;
    }
    }
}

/* 0 with the value appended to out, 1 when absent. */
static int eval_seg(const seg *s, const cp_fmt_ctx *ctx, cp_buf *out)
{
    value v = { { 0 }, 0 };
    int rc = 0;
    cp_buf_puts(&v.text, "");
    if (s->kind == SEG_DERIVED) {
        rc = eval_derived(s->der, ctx, &v);
    } else if (s->kind == SEG_WORD) {
        const char *own = cp_scalar(cp_map_get(header_value(ctx, "style.words"), s->text));
        set_text(&v, own ? own : cp_scalar(cp_map_get(ctx->layout->words, s->text)));
    } else {
        const cp_node *n = s->kind == SEG_FIELD && s->field != CP_F_COUNT && ctx->result
                               ? cp_result_value(ctx->result, s->field)
                               : cp_fmt_lookup(ctx, s->text);
        if (!n || n->kind != CP_SCALAR) {
            rc = 1;
        } else {
            set_text(&v, n->text);
            /* decimal digits only: "0x472" is an integer to YAML, not to group */
            v.is_int = cp_scalar_type_of(n) == CP_T_INT && n->len && strspn(n->text, "0123456789") == n->len;
        }
    }
    if (rc == 0) {
        int raw = 0;
        for (size_t i = 0; i < s->nfilters; i++)
            apply_filter(&s->filters[i], ctx, &v, &raw);
        const char *t = v.text.data;
        if (v.is_int && !raw) {
            cp_buf g = { 0 };
            cp_fmt_digits(&g, t, ctx->layout->group_min);
            ctx->escape ? ctx->escape(out, g.data, g.len) : cp_buf_put(out, g.data, g.len);
            cp_buf_free(&g);
        } else {
            ctx->escape ? ctx->escape(out, t, v.text.len) : cp_buf_put(out, t, v.text.len);
        }
    }
    cp_buf_free(&v.text);
    return rc;
}

/* Text between two placeholders separates them: it is written only when
 * placeholders on both sides produced text, and when optional ones in
 * between were empty, the separator that followed the last written value
 * is the one kept ("{a?} / {b?}" gives "a", "b" or "a / b", never a
 * dangling " / "). Text before the first or after the last placeholder is
 * always written. */
static int separates(const cp_cellfmt *f, size_t i)
{
    return i > 0 && i + 1 < f->nsegs && f->segs[i - 1].kind != SEG_TEXT && f->segs[i + 1].kind != SEG_TEXT;
}

int cp_cellfmt_eval(const cp_cellfmt *f, const cp_fmt_ctx *ctx, cp_buf *out)
{
    size_t start = out->len;
    int wrote_value = 0;
    const char *sep = NULL;   /* waiting for the next value */
    for (size_t i = 0; i < f->nsegs; i++) {
        const seg *s = &f->segs[i];
        if (s->kind == SEG_TEXT) {
            if (!separates(f, i))
                cp_buf_puts(out, s->text);
            else if (wrote_value && !sep)
                sep = s->text;
            continue;
        }
        size_t before = out->len;
        if (sep)
            cp_buf_puts(out, sep);
        size_t at = out->len;
        if (eval_seg(s, ctx, out) != 0 && !s->optional) {
            out->len = start;
            if (out->data)
                out->data[start] = '\0';
            return 1;
        }
        if (out->len == at) {   /* empty: the separator waits for a value */
            out->len = before;
            if (out->data)
                out->data[before] = '\0';
        } else {
            wrote_value = 1;
            sep = NULL;
        }
    }
    return 0;
}
