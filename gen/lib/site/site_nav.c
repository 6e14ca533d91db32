/* Links between the pages of a site (site_nav.h). */
#include "site/site_nav.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* Markdown text from data: every ASCII punctuation character escaped */
static void md_text(cp_buf *b, const char *s)
{
    for (; s && *s; s++) {
        if (ispunct((unsigned char)*s))
            cp_buf_putc(b, '\\');
        cp_buf_putc(b, *s);
    }
}

static const char *text_or(const cp_dataset *ds, const char *path, const char *fallback)
{
    const char *t = cp_dataset_text(ds, path);
    return t && *t ? t : fallback;
}

char *cp_site_place(const cp_dataset *ds)
{
    const char *core = text_or(ds, "hardware.core", text_or(ds, "hardware.mcu_short", text_or(ds, "hardware.mcu", "?")));
    const char *kind = cp_dataset_text(ds, "hardware.emulator") ? "emulated" : "hardware";
    return cp_xasprintf("%s · %s · %s", core, text_or(ds, "series", "?"), kind);
}

char *cp_site_dataset_path(const cp_dataset *ds)
{
    char *p = cp_xasprintf("%s/%s-%s", text_or(ds, "series", "?"), text_or(ds, "library.slug", "?"),
                           text_or(ds, "library.version", "?"));
    for (char *c = strchr(p, '/') + 1; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return p;
}

static int made(const cp_site_map *m, const char *path)
{
    for (size_t i = 0; i < m->nmade; i++)
        if (!strcmp(m->made[i], path))
            return 1;
    return 0;
}

static int same(const cp_dataset *a, const cp_dataset *b, const char *path)
{
    const char *x = cp_dataset_text(a, path), *y = cp_dataset_text(b, path);
    return x && y && !strcmp(x, y);
}

/* "- " and a link text, a list item's start */
static void item(cp_buf *b, const char *label)
{
    cp_buf_printf(b, "- %s: ", label);
}

static void link(cp_buf *b, const char *text, const char *up, const char *path, const char *file)
{
    cp_buf_puts(b, "[");
    md_text(b, text);
    cp_buf_printf(b, "](%s%s%s%s)", up, path, *path ? "/" : "", file);
}

static void dataset_link(cp_buf *b, const cp_dataset *ds, const char *up, int with_place)
{
    char *path = cp_site_dataset_path(ds), *place = cp_site_place(ds);
    char *text = with_place ? cp_xasprintf("%s %s, %s", text_or(ds, "library.name", "?"),
                                           text_or(ds, "library.version", "?"), place)
                            : cp_xstrdup(text_or(ds, "library.version", "?"));
    link(b, text, up, path, "index.md");
    free(text);
    free(place);
    free(path);
}

char *cp_site_nav_dataset(const cp_site_map *m, const cp_dataset *ds, const char *const *companions,
                          size_t ncompanions)
{
    cp_buf b = { 0 };
    const char *series = text_or(ds, "series", "?"), *slug = text_or(ds, "library.slug", "?");
    item(&b, "Site");
    link(&b, "index", "../../", "", "index.md");
    for (size_t i = 0; i < m->nmade; i++) {
        /* the series' own pages: "<series>/<name>", not a diff */
        size_t n = strlen(series);
        const char *p = m->made[i];
        if (strncmp(p, series, n) || p[n] != '/' || strchr(p + n + 1, '/') || !strncmp(p + n + 1, "diff-", 5))
            continue;
        char *text = !strcmp(p + n + 1, "compare") ? cp_xasprintf("libraries compared on %s", series)
                                                   : cp_xasprintf("%s of %s", p + n + 1, series);
        char *file = cp_xasprintf("%s.md", p + n + 1);
        cp_buf_puts(&b, " · ");
        link(&b, text, "../", "", file);
        free(file);
        free(text);
    }
    char *path = cp_site_dataset_path(ds);
    char *cores = cp_xasprintf("cores/%s", strchr(path, '/') + 1);
    if (made(m, cores)) {
        char *text = cp_xasprintf("%s %s on every core", text_or(ds, "library.name", "?"),
                                  text_or(ds, "library.version", "?"));
        cp_buf_puts(&b, " · ");
        link(&b, text, "../../", cores, "index.md");
        free(text);
    }
    cp_buf_puts(&b, "\n");
    item(&b, "This version");
    link(&b, "full page", "", "", "index.md");
    for (size_t i = 0; i < ncompanions; i++) {
        char *file = cp_xasprintf("%s.md", companions[i]);
        cp_buf_puts(&b, " · ");
        link(&b, companions[i], "", "", file);
        free(file);
    }
    /* the diff from the version before, when there is one */
    const cp_dataset *prev = NULL;
    for (size_t i = 0; i < m->nsets; i++)
        if (&m->sets[i] == ds)
            prev = i && same(&m->sets[i - 1], ds, "series") && same(&m->sets[i - 1], ds, "library.slug") &&
                           same(&m->sets[i - 1], ds, "layout")
                       ? &m->sets[i - 1] : NULL;
    if (prev) {
        char *pp = cp_site_dataset_path(prev);
        char *diff = cp_xasprintf("%s/diff-%s-to-%s", series, strchr(pp, '/') + 1,
                                  strchr(path, '/') + 1 + strlen(slug) + 1);
        if (made(m, diff)) {
            char *text = cp_xasprintf("changes from %s", text_or(prev, "library.version", "?"));
            cp_buf_puts(&b, " · ");
            link(&b, text, "../", diff + strlen(series) + 1, "index.md");
            free(text);
        }
        free(diff);
        free(pp);
    }
    cp_buf_puts(&b, "\n");
    /* the other versions of the library on the series, then the same
     * version on the other series (other cores) */
    for (int pass = 0; pass < 2; pass++) {
        size_t k = 0;
        for (size_t i = 0; i < m->nsets; i++) {
            const cp_dataset *o = &m->sets[i];
            if (o == ds || !same(o, ds, "library.slug") || !same(o, ds, "layout"))
                continue;
            if (pass == 0 ? !same(o, ds, "series") : same(o, ds, "series") || !same(o, ds, "library.version"))
                continue;
            if (!k++)
                item(&b, pass == 0 ? "Other versions" : "Other cores");
            else
                cp_buf_puts(&b, " · ");
            if (pass == 0) {
                char *op = cp_site_dataset_path(o);
                link(&b, text_or(o, "library.version", "?"), "../", strchr(op, '/') + 1, "index.md");
                free(op);
            } else {
                char *op = cp_site_dataset_path(o), *place = cp_site_place(o);
                link(&b, place, "../../", op, "index.md");
                free(place);
                free(op);
            }
        }
        if (k)
            cp_buf_puts(&b, "\n");
    }
    free(cores);
    free(path);
    return b.data;
}

char *cp_site_nav_series(const cp_site_map *m, const char *series)
{
    cp_buf b = { 0 };
    item(&b, "Site");
    link(&b, "index", "../", "", "index.md");
    cp_buf_puts(&b, "\n");
    size_t k = 0;
    for (size_t i = 0; i < m->nsets; i++) {
        const cp_dataset *o = &m->sets[i];
        if (strcmp(text_or(o, "series", ""), series))
            continue;
        if (!k++)
            item(&b, "Pages of this series");
        else
            cp_buf_puts(&b, " · ");
        char *op = cp_site_dataset_path(o);
        char *text = cp_xasprintf("%s %s", text_or(o, "library.name", "?"), text_or(o, "library.version", "?"));
        link(&b, text, "", strchr(op, '/') + 1, "index.md");
        free(text);
        free(op);
    }
    if (k)
        cp_buf_puts(&b, "\n");
    return b.data;
}

char *cp_site_nav_group(const cp_site_map *m, const cp_dataset *const *group, size_t n)
{
    (void)m;
    cp_buf b = { 0 };
    item(&b, "Site");
    link(&b, "index", "../../", "", "index.md");
    cp_buf_puts(&b, "\n");
    for (size_t i = 0; i < n; i++) {
        if (!i)
            item(&b, "Pages compared here");
        else
            cp_buf_puts(&b, " · ");
        dataset_link(&b, group[i], "../../", 1);
    }
    if (n)
        cp_buf_puts(&b, "\n");
    return b.data;
}
