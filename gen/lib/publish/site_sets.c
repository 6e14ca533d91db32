/* A site as page sets (site_sets.h). */
#include "publish/site_sets.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "render/render.h"   /* CP_WIKI_TITLE_PREFIX: the titles render's links name */

static int has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n > m && !strcmp(s + n - m, suffix);
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

typedef struct {
    char **v;
    size_t n;
} names;

static int by_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the entries of dir (no dot files), sorted: a run is reproducible */
static int list_dir(const char *dir, names *out, FILE *err)
{
    memset(out, 0, sizeof *out);
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(err, "%s: %s\n", dir, strerror(errno));
        return -1;
    }
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        out->v = cp_xrealloc(out->v, (out->n + 1) * sizeof *out->v);
        out->v[out->n++] = cp_xstrdup(e->d_name);
    }
    closedir(d);
    if (out->n)
        qsort(out->v, out->n, sizeof *out->v, by_str);
    return 0;
}

static void names_free(names *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
}

static int has_page_below(const char *dir, int depth)
{
    names l;
    if (depth > 3 || list_dir(dir, &l, stderr) != 0)
        return 0;
    int found = 0;
    for (size_t i = 0; i < l.n && !found; i++) {
        char *p = cp_xasprintf("%s/%s", dir, l.v[i]);
        found = is_dir(p) ? has_page_below(p, depth + 1) : depth > 0 && has_suffix(l.v[i], ".wiki");
        free(p);
    }
    names_free(&l);
    return found;
}

int cp_site_is(const char *dir)
{
    char *index = cp_xasprintf("%s/index.wiki", dir);
    struct stat st;
    int ok = stat(index, &st) == 0 && S_ISREG(st.st_mode) && has_page_below(dir, 0);
    free(index);
    return ok;
}

char *cp_site_title(const char *prefix, const char *h, int root)
{
    size_t plen = strlen(prefix);
    if (root && plen) {
        while (plen > 1 && prefix[plen - 1] == '/')
            plen--;
        return cp_xstrndup(prefix, plen);
    }
    char *t = cp_xasprintf("%s%s", prefix, h);
    for (char *c = t + plen; *c; c++)
        if (strchr("#<>[]|{}", *c) || (unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '-';
    return t;
}

/* the heading of the page file.wiki: the first line of file.md without
 * "# " and Markdown's backslash escapes; NULL when it has none */
static char *heading_of(const char *wiki_file)
{
    char *md = cp_xasprintf("%.*s.md", (int)(strlen(wiki_file) - 5), wiki_file);
    char *text = cp_read_file(md, NULL);
    free(md);
    if (!text || strncmp(text, "# ", 2)) {
        free(text);
        return NULL;
    }
    size_t n = strcspn(text + 2, "\n"), w = 0;
    char *h = cp_xcalloc(1, n + 1);
    for (size_t i = 0; i < n; i++) {
        char c = text[2 + i];
        if (c == '\\' && i + 1 < n && strchr("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", text[3 + i]))
            c = text[2 + ++i];
        h[w++] = c;
    }
    free(text);
    return h;
}

typedef struct {
    cp_page_set **sets;
    size_t *n;
    const char *prefix;
    FILE *err;
} walk;

static int add_page(walk *w, const char *root, const char *rel, const char *file, int first)
{
    char *dir = *rel ? cp_xasprintf("%s/%s", root, rel) : cp_xstrdup(root);
    char *path = cp_xasprintf("%s/%s", dir, file);
    int index = !strcmp(file, "index.wiki");
    char *stem = cp_xstrndup(file, strlen(file) - 5);
    char *name = index ? cp_xstrdup(rel) : *rel ? cp_xasprintf("%s/%s", rel, stem) : cp_xstrdup(stem);
    char *h = heading_of(path);
    char *title = cp_site_title(w->prefix, h ? h : *name ? name : "index", index && !*rel);
    *w->sets = cp_xrealloc(*w->sets, (*w->n + 1) * sizeof **w->sets);
    cp_page_set *set = &(*w->sets)[(*w->n)++];
    int rc = cp_page_set_load_page(path, first ? dir : NULL, name, title, set, w->err);
    if (rc == 0 && h) {
        /* the heading as the page shows it, as text: a character wikitext
         * or HTML gives a meaning to (| }} [[ '' __ < &) as an entity */
        cp_buf b = { 0 };
        cp_buf_puts(&b, "{{DISPLAYTITLE:");
        for (const char *c = h; *c; c++)
            if (strchr("|{}[]'_<>&~=#!*:", *c))
                cp_buf_printf(&b, "&#%d;", *c);
            else if ((unsigned char)*c >= 0x20)
                cp_buf_putc(&b, *c);
        cp_buf_printf(&b, "}}\n%s", set->text);
        free(set->text);
        set->text = b.data;
    }
    free(h);
    free(title);
    free(name);
    free(stem);
    free(path);
    free(dir);
    return rc;
}

static int walk_dir(walk *w, const char *root, const char *rel)
{
    char *dir = *rel ? cp_xasprintf("%s/%s", root, rel) : cp_xstrdup(root);
    names l;
    int rc = list_dir(dir, &l, w->err);
    int first = 1;
    /* the folder's index first: its charts go with it */
    for (size_t i = 0; rc == 0 && i < l.n; i++)
        if (!strcmp(l.v[i], "index.wiki")) {
            rc = add_page(w, root, rel, l.v[i], first);
            first = 0;
        }
    for (size_t i = 0; i < l.n; i++) {
        if (!has_suffix(l.v[i], ".wiki") || !strcmp(l.v[i], "index.wiki"))
            continue;
        if (add_page(w, root, rel, l.v[i], first) != 0)
            rc = -1;
        first = 0;
    }
    for (size_t i = 0; i < l.n; i++) {
        char *p = cp_xasprintf("%s/%s", dir, l.v[i]);
        if (is_dir(p)) {
            char *sub = *rel ? cp_xasprintf("%s/%s", rel, l.v[i]) : cp_xstrdup(l.v[i]);
            if (walk_dir(w, root, sub) != 0)
                rc = -1;
            free(sub);
        }
        free(p);
    }
    names_free(&l);
    free(dir);
    return rc;
}

/* render's links "[[Cryptoperf/<name>|" (and "[[Cryptoperf|", the
 * index) to the titles the pages get */
static void retarget_links(cp_page_set *sets, size_t from, size_t n)
{
    static const char mark[] = "[[" CP_WIKI_TITLE_PREFIX;
    const size_t mlen = sizeof mark - 1;
    for (size_t i = from; i < n; i++) {
        const char *t = sets[i].text;
        if (!strstr(t, "[[" CP_WIKI_TITLE_PREFIX) && !strstr(t, "[[" CP_WIKI_INDEX_TITLE "|"))
            continue;
        cp_buf b = { 0 };
        cp_buf_puts(&b, "");
        for (const char *at; (at = strstr(t, "[["));) {
            cp_buf_put(&b, t, (size_t)(at - t));
            const char *key;
            size_t klen;
            if (!strncmp(at, mark, mlen)) {
                key = at + mlen;
                klen = strcspn(key, "|]");
            } else if (!strncmp(at, "[[" CP_WIKI_INDEX_TITLE "|", strlen("[[" CP_WIKI_INDEX_TITLE "|"))) {
                key = at + strlen("[[" CP_WIKI_INDEX_TITLE);
                klen = 0;   /* the site index: name "" */
            } else {
                cp_buf_put(&b, at, 2);
                t = at + 2;
                continue;
            }
            const cp_page_set *to = NULL;
            for (size_t k = from; k < n && !to; k++)
                if (strlen(sets[k].name) == klen && !strncmp(sets[k].name, key, klen))
                    to = &sets[k];
            if (to) {
                cp_buf_printf(&b, "[[%s", to->title);
                t = key + klen;
            } else {
                cp_buf_put(&b, at, (size_t)(key - at));
                t = key;
            }
        }
        cp_buf_puts(&b, t);
        free(sets[i].text);
        sets[i].text = b.data;
    }
}

int cp_site_sets_load(const char *root, const char *prefix, cp_page_set **sets, size_t *n, FILE *err)
{
    size_t from = *n;
    walk w = { sets, n, prefix, err };
    int rc = walk_dir(&w, root, "");
    if (rc == 0)
        retarget_links(*sets, from, *n);
    return rc;
}
