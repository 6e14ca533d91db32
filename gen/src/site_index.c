#include "site_index.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "layout.h"
#include "page.h"
#include "path_rel.h"
#include "render.h"
#include "yaml_write.h"

typedef struct {
    char *series, *slug, *library, *version, *counter;
    char *page;     /* <series>/<folder>, relative to OUT */
    char *source;   /* the dataset file as given */
    char *yaml;     /* the dataset file relative to OUT */
} entry;

typedef struct {
    char *series, *name;
} folder;

struct cp_site_index {
    char *outdir;
    entry *e;
    size_t n;
};

cp_site_index *cp_site_index_new(const char *outdir)
{
    cp_site_index *x = cp_xcalloc(1, sizeof *x);
    x->outdir = cp_xstrdup(outdir);
    return x;
}

void cp_site_index_free(cp_site_index *x)
{
    if (!x)
        return;
    for (size_t i = 0; i < x->n; i++) {
        entry *e = &x->e[i];
        free(e->series);
        free(e->slug);
        free(e->library);
        free(e->version);
        free(e->counter);
        free(e->page);
        free(e->source);
        free(e->yaml);
    }
    free(x->e);
    free(x->outdir);
    free(x);
}

static char *text_or_empty(const cp_dataset *ds, const char *path)
{
    const char *s = cp_dataset_text(ds, path);
    return cp_xstrdup(s ? s : "");
}

void cp_site_index_add(cp_site_index *x, const cp_dataset *ds, const char *page_dir)
{
    x->e = cp_xrealloc(x->e, (x->n + 1) * sizeof *x->e);
    entry *e = &x->e[x->n++];
    e->series = text_or_empty(ds, "series");
    e->slug = text_or_empty(ds, "library.slug");
    e->library = text_or_empty(ds, "library.name");
    e->version = text_or_empty(ds, "library.version");
    e->counter = text_or_empty(ds, "counter.kind");
    e->page = cp_path_relative(x->outdir, page_dir);
    e->source = cp_xstrdup(ds->path);
    e->yaml = cp_path_relative(x->outdir, ds->path);
}

int cp_version_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        int da = *a >= '0' && *a <= '9', db = *b >= '0' && *b <= '9';
        if (da && db) {
            while (*a == '0' && a[1] >= '0' && a[1] <= '9')
                a++;
            while (*b == '0' && b[1] >= '0' && b[1] <= '9')
                b++;
            size_t la = strspn(a, "0123456789"), lb = strspn(b, "0123456789");
            if (la != lb)
                return la < lb ? -1 : 1;
            int c = strncmp(a, b, la);
            if (c)
                return c;
            a += la;
            b += lb;
        } else {
            if (*a != *b)
                return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
            a++;
            b++;
        }
    }
    return *a ? 1 : *b ? -1 : 0;
}

static int entry_cmp(const void *pa, const void *pb)
{
    const entry *a = pa, *b = pb;
    int c = strcmp(a->series, b->series);
    if (!c)
        c = strcmp(a->slug, b->slug);
    if (!c)
        c = cp_version_cmp(a->version, b->version);
    return c ? c : strcmp(a->page, b->page);
}

/* library versions: by library, then version */
static int column_cmp(const void *pa, const void *pb)
{
    const entry *a = *(const entry *const *)pa, *b = *(const entry *const *)pb;
    int c = strcmp(a->slug, b->slug);
    return c ? c : cp_version_cmp(a->version, b->version);
}

static int folder_cmp(const void *pa, const void *pb)
{
    const folder *a = pa, *b = pb;
    int c = strcmp(a->series, b->series);
    return c ? c : cp_version_cmp(a->name, b->name);
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int rendered_now(const cp_site_index *x, const char *page)
{
    for (size_t i = 0; i < x->n; i++)
        if (strcmp(x->e[i].page, page) == 0)
            return 1;
    return 0;
}

/* OUT/<series>/<folder>/ with a page in every format and not rendered in
 * this run; a folder with some formats only is reported and left out. */
static folder *other_folders(const cp_site_index *x, size_t *count, FILE *warn)
{
    folder *f = NULL;
    size_t n = 0;
    DIR *top = opendir(x->outdir);
    for (struct dirent *s; top && (s = readdir(top));) {
        char *sdir = cp_xasprintf("%s/%s", x->outdir, s->d_name);
        DIR *d = s->d_name[0] != '.' && is_dir(sdir) ? opendir(sdir) : NULL;
        for (struct dirent *p; d && (p = readdir(d));) {
            char *page = cp_xasprintf("%s/%s", s->d_name, p->d_name);
            unsigned have = 0, want = 0;
            cp_buf missing = { 0 };
            for (const cp_writer *const *w = cp_writers; *w; w++, want++) {
                char *file = cp_xasprintf("%s/%s/index.%s", x->outdir, page, (*w)->ext);
                struct stat st;
                if (stat(file, &st) == 0)
                    have++;
                else
                    cp_buf_printf(&missing, " index.%s", (*w)->ext);
                free(file);
            }
            if (p->d_name[0] == '.' || have == 0 || rendered_now(x, page)) {
                /* not a page folder, or one of this run */
            } else if (have < want) {
                fprintf(warn, "cryptoperf render: %s/%s: not in the index, it lacks%s\n", x->outdir, page,
                        missing.data);
            } else {
                f = cp_xrealloc(f, (n + 1) * sizeof *f);
                f[n++] = (folder){ cp_xstrdup(s->d_name), cp_xstrdup(p->d_name) };
            }
            cp_buf_free(&missing);
            free(page);
        }
        if (d)
            closedir(d);
        free(sdir);
    }
    if (top)
        closedir(top);
    if (n)
        qsort(f, n, sizeof *f, folder_cmp);
    *count = n;
    return f;
}

static void put_field(cp_buf *b, const char *key, const char *value, int first)
{
    cp_buf_printf(b, "%s%s: ", first ? "" : ", ", key);
    cp_yaml_put_string(b, value, strlen(value));
}

/* The header the index layout reads (templates/README.md, "The site index"). */
static void header_yaml(cp_site_index *x, cp_buf *y, FILE *warn)
{
    qsort(x->e, x->n, sizeof *x->e, entry_cmp);
    cp_buf_puts(y, "datasets:\n");
    for (size_t i = 0; i < x->n; i++) {
        const entry *e = &x->e[i];
        cp_buf_puts(y, "  - {");
        put_field(y, "series", e->series, 1);
        put_field(y, "library", e->library, 0);
        put_field(y, "version", e->version, 0);
        put_field(y, "counter", e->counter, 0);
        put_field(y, "page", e->page, 0);
        put_field(y, "source", e->source, 0);
        put_field(y, "yaml", e->yaml, 0);
        cp_buf_puts(y, "}\n");
    }
    const entry **cols = cp_xcalloc(x->n ? x->n : 1, sizeof *cols);
    for (size_t i = 0; i < x->n; i++)
        cols[i] = &x->e[i];
    qsort(cols, x->n, sizeof *cols, column_cmp);
    cp_buf_puts(y, "library_versions:\n");
    for (size_t i = 0; i < x->n; i++) {
        if (i && column_cmp(&cols[i - 1], &cols[i]) == 0)
            continue;
        cp_buf_puts(y, "  - {");
        put_field(y, "library", cols[i]->library, 1);
        put_field(y, "version", cols[i]->version, 0);
        cp_buf_puts(y, "}\n");
    }
    free(cols);
    size_t nf = 0;
    folder *f = other_folders(x, &nf, warn);
    static const char *const lists[2] = { "diffs", "other_pages" };
    for (int diff = 1; diff >= 0; diff--) {
        int any = 0;
        for (size_t i = 0; i < nf; i++) {
            if ((strncmp(f[i].name, "diff-", 5) == 0) != diff)
                continue;
            if (!any++)
                cp_buf_printf(y, "%s:\n", lists[diff ? 0 : 1]);
            char *page = cp_xasprintf("%s/%s", f[i].series, f[i].name);
            cp_buf_puts(y, "  - {");
            put_field(y, "series", f[i].series, 1);
            put_field(y, "name", f[i].name, 0);
            put_field(y, "page", page, 0);
            cp_buf_puts(y, "}\n");
            free(page);
        }
    }
    for (size_t i = 0; i < nf; i++) {
        free(f[i].series);
        free(f[i].name);
    }
    free(f);
}

int cp_site_index_build(cp_site_index *x, const char *templates, cp_buf *out, cp_diag *diag, FILE *warn)
{
    cp_buf y = { 0 };
    cp_buf_puts(&y, "");
    header_yaml(x, &y, warn);
    cp_dataset ds;
    memset(&ds, 0, sizeof ds);
    ds.path = cp_xasprintf("%s/index (the site index header)", x->outdir);
    int rc = cp_doc_load_mem(&ds.doc, ds.path, y.data, y.len, diag->out);
    cp_buf_free(&y);
    cp_layout l;
    if (rc == 0)
        rc = cp_layout_load(&l, templates, "index", diag);
    else
        memset(&l, 0, sizeof l);
    cp_page page;
    memset(&page, 0, sizeof page);
    if (rc == 0)
        rc = cp_page_build(&page, &l, &ds, diag);
    for (size_t i = 0; rc == 0 && cp_writers[i]; i++) {
        cp_buf_puts(&out[i], "");
        cp_page_write(&page, cp_writers[i], &out[i]);
    }
    cp_page_free(&page);
    cp_layout_free(&l);
    cp_dataset_free(&ds);
    return rc;
}
