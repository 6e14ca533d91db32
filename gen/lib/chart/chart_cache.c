/* The cache file: a first line naming the format, the run's line
 *   run <run key, 64 hex digits>
 * when the last run had a key (run_key.h), then one line per file of the
 * run, charts and pages
 *   <key, 64 hex digits> <SHA-256 of the file as written, 64 hex digits> <path>
 * (a page's key is all zeros, which no chart has; a path ends at the end
 * of its line; a path with a line break is never cached). */
#include "chart/chart_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"

#define FORMAT_LINE "cryptoperf chart cache 3\n"
#define RUN_WORD "run "

typedef struct {
    char *path;
    unsigned char key[CP_CHART_KEY_BYTES];
    unsigned char hash[CP_CHART_KEY_BYTES];   /* the content as written */
} entry;

typedef struct {
    entry *v;
    size_t n, cap;
    size_t *slots;       /* open addressing by path: index + 1, 0 free */
    size_t nslots;
} table;

struct cp_chart_cache {
    char *file;
    int lock;            /* FILE.lock, flock()ed from open to close, or -1 */
    unsigned char identity[CP_CHART_KEY_BYTES];
    int usable;          /* the identity is known: without it nothing is fresh */
    table old, now;      /* read from the file; noted in this run */
    int old_run, now_run;   /* the run keys below are known */
    unsigned char old_run_key[CP_CHART_KEY_BYTES], now_run_key[CP_CHART_KEY_BYTES];
};

static size_t hash_path(const char *s)
{
    size_t h = 14695981039346656037u;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static size_t *slot_of(const table *t, const char *path)
{
    size_t mask = t->nslots - 1;
    for (size_t i = hash_path(path) & mask;; i = (i + 1) & mask)
        if (!t->slots[i] || !strcmp(t->v[t->slots[i] - 1].path, path))
            return &t->slots[i];
}

static const entry *table_find(const table *t, const char *path)
{
    if (!t->nslots)
        return NULL;
    size_t *s = slot_of(t, path);
    return *s ? &t->v[*s - 1] : NULL;
}

/* Adds or replaces the entry of e.path; takes the path. */
static void table_put(table *t, entry e)
{
    if (2 * (t->n + 1) > t->nslots) {
        free(t->slots);
        t->nslots = t->nslots ? 2 * t->nslots : 64;
        t->slots = cp_xcalloc(t->nslots, sizeof *t->slots);
        for (size_t i = 0; i < t->n; i++)
            *slot_of(t, t->v[i].path) = i + 1;
    }
    size_t *s = slot_of(t, e.path);
    if (*s) {
        free(t->v[*s - 1].path);
        t->v[*s - 1] = e;
        return;
    }
    if (t->n == t->cap) {
        t->cap = t->cap ? 2 * t->cap : 64;
        t->v = cp_xrealloc(t->v, t->cap * sizeof *t->v);
    }
    t->v[t->n] = e;
    *s = ++t->n;
}

static void table_free(table *t)
{
    for (size_t i = 0; i < t->n; i++)
        free(t->v[i].path);
    free(t->v);
    free(t->slots);
}

/* The program as posix_spawnp finds it: a name with a '/' as it is, else
 * the first executable file of that name on PATH. */
static char *find_program(const char *program)
{
    if (strchr(program, '/'))
        return cp_xstrdup(program);
    const char *path = getenv("PATH");
    for (const char *p = path ? path : "/usr/bin:/bin"; p;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        char *f = cp_xasprintf("%.*s/%s", (int)n, n ? p : ".", program);
        if (access(f, X_OK) == 0)
            return f;
        free(f);
        p = colon ? colon + 1 : NULL;
    }
    return NULL;
}

/* Adds a file's identity to the digest: its real path, size and mtime (a
 * new build or a new package has another). -1 when it cannot be found. */
static int digest_file(EVP_MD_CTX *md, const char *path)
{
    char real[PATH_MAX];
    struct stat st;
    if (!path || !realpath(path, real) || stat(real, &st))
        return -1;
    char id[PATH_MAX + 100];
    int n = snprintf(id, sizeof id, "%s\n%jd %jd.%09ld\n", real, (intmax_t)st.st_size, (intmax_t)st.st_mtim.tv_sec,
                     st.st_mtim.tv_nsec);
    EVP_DigestUpdate(md, id, (size_t)n + 1);
    return 0;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* 64 hex digits at the start of s: 0, or -1 */
static int parse_key(const char *s, unsigned char key[CP_CHART_KEY_BYTES])
{
    for (size_t i = 0; i < CP_CHART_KEY_BYTES; i++) {
        int hi = hex_digit(s[2 * i]), lo = hi < 0 ? -1 : hex_digit(s[2 * i + 1]);
        if (lo < 0)
            return -1;
        key[i] = (unsigned char)(hi << 4 | lo);
    }
    return 0;
}

static void put_key(cp_buf *b, const unsigned char key[CP_CHART_KEY_BYTES])
{
    for (size_t k = 0; k < CP_CHART_KEY_BYTES; k++)
        cp_buf_printf(b, "%02x", key[k]);
}

/* one line of the file; 0, or -1 when it is not an entry */
static int parse_line(const char *line, entry *e)
{
    const size_t hex = 2 * CP_CHART_KEY_BYTES;
    if (parse_key(line, e->key) || line[hex] != ' ' || parse_key(line + hex + 1, e->hash) ||
        line[2 * hex + 1] != ' ' || !line[2 * hex + 2])
        return -1;
    e->path = cp_xstrdup(line + 2 * hex + 2);
    return 0;
}

struct cp_content_hash {
    EVP_MD_CTX *md;
    int failed;
};

cp_content_hash *cp_content_hash_begin(void)
{
    cp_content_hash *h = cp_xcalloc(1, sizeof *h);
    h->md = EVP_MD_CTX_new();
    h->failed = !h->md || !EVP_DigestInit_ex(h->md, EVP_sha256(), NULL);
    return h;
}

void cp_content_hash_put(cp_content_hash *h, const char *data, size_t len)
{
    if (!h->failed && !EVP_DigestUpdate(h->md, data, len))
        h->failed = 1;
}

void cp_content_hash_end(cp_content_hash *h, unsigned char hash[CP_CHART_KEY_BYTES])
{
    /* all zeros when it failed: no file has that hash, so nothing is fresh */
    if (h->failed || !EVP_DigestFinal_ex(h->md, hash, NULL))
        memset(hash, 0, CP_CHART_KEY_BYTES);
    EVP_MD_CTX_free(h->md);
    free(h);
}

void cp_content_hash_of(const char *data, size_t len, unsigned char hash[CP_CHART_KEY_BYTES])
{
    cp_content_hash *h = cp_content_hash_begin();
    cp_content_hash_put(h, data, len);
    cp_content_hash_end(h, hash);
}

/* The SHA-256 of the regular file at path (never through a symlink):
 * 0, or -1 when there is no such file to read. */
static int hash_file(const char *path, unsigned char hash[CP_CHART_KEY_BYTES])
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return -1;
    }
    cp_content_hash *h = cp_content_hash_begin();
    char buf[65536];
    ssize_t r;
    while ((r = read(fd, buf, sizeof buf)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0)
            cp_content_hash_put(h, buf, (size_t)r);
    close(fd);
    cp_content_hash_end(h, hash);
    return r < 0 ? -1 : 0;
}

/* The file at path is the bytes noted for it (their hash): reading it
 * costs about 1 ms a MB, and is what makes keeping it safe whoever
 * touched it since. */
static int as_written(const entry *e)
{
    static const unsigned char none[CP_CHART_KEY_BYTES];
    unsigned char now[CP_CHART_KEY_BYTES];
    return memcmp(e->hash, none, sizeof none) && hash_file(e->path, now) == 0 && !memcmp(now, e->hash, sizeof now);
}

/* FILE.lock, locked: a second render on the same cache waits for the
 * first to end (it would otherwise pair its keys with the other's files).
 * -1 when it cannot be had (no lock: the content hashes still guard). */
static int take_lock(const char *file)
{
    char *path = cp_xasprintf("%s.lock", file);
    int fd = -1;
    const char *refused = cp_output_refused(path);
    if (refused)
        fprintf(stderr, "%s: cannot lock the chart cache: %s\n", path, refused);
    else {
        const char *slash = strrchr(path, '/');
        if (slash && slash != path) {   /* the first run makes the cache's folder */
            char *dir = cp_xstrndup(path, (size_t)(slash - path));
            cp_mkdir_p(dir);
            free(dir);
        }
        fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
    }
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0) {
        fprintf(stderr, "%s: another render is using the chart cache: waiting for it to end\n", path);
        while (flock(fd, LOCK_EX) != 0 && errno == EINTR)
            ;
    }
    free(path);
    return fd;
}

cp_chart_cache *cp_chart_cache_open(const char *file, const char *program)
{
    cp_chart_cache *cc = cp_xcalloc(1, sizeof *cc);
    cc->file = cp_xstrdup(file);
    cc->lock = take_lock(file);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    char *gnuplot = find_program(program);
    if (md && EVP_DigestInit_ex(md, EVP_sha256(), NULL) && digest_file(md, "/proc/self/exe") == 0 &&
        digest_file(md, gnuplot) == 0)
        cc->usable = EVP_DigestFinal_ex(md, cc->identity, NULL);
    free(gnuplot);
    EVP_MD_CTX_free(md);
    char *text = cc->usable ? cp_read_file(file, NULL) : NULL;
    size_t skip = strlen(FORMAT_LINE);
    if (text && !strncmp(text, FORMAT_LINE, skip)) {
        for (char *line = text + skip, *end; *line; line = end + 1) {
            end = strchr(line, '\n');
            if (!end)
                break;   /* a cut last line */
            *end = '\0';
            entry e;
            if (line == text + skip && !strncmp(line, RUN_WORD, strlen(RUN_WORD)) &&
                strlen(line) == strlen(RUN_WORD) + 2 * CP_CHART_KEY_BYTES)
                cc->old_run = parse_key(line + strlen(RUN_WORD), cc->old_run_key) == 0;
            else if (parse_line(line, &e) == 0)
                table_put(&cc->old, e);
        }
    }
    free(text);
    return cc;
}

void cp_chart_cache_key(const cp_chart_cache *cc, const char *chart, size_t len, unsigned char key[CP_CHART_KEY_BYTES])
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (!md || !EVP_DigestInit_ex(md, EVP_sha256(), NULL) || !EVP_DigestUpdate(md, cc->identity, sizeof cc->identity) ||
        !EVP_DigestUpdate(md, chart, len) || !EVP_DigestFinal_ex(md, key, NULL))
        memset(key, 0, CP_CHART_KEY_BYTES);   /* never fresh: see same_file */
    EVP_MD_CTX_free(md);
}

int cp_chart_cache_fresh(const cp_chart_cache *cc, const char *path, const unsigned char key[CP_CHART_KEY_BYTES],
                         unsigned char hash[CP_CHART_KEY_BYTES])
{
    static const unsigned char none[CP_CHART_KEY_BYTES];
    const entry *e = cc->usable ? table_find(&cc->old, path) : NULL;
    if (!e || !memcmp(key, none, sizeof none) || memcmp(e->key, key, CP_CHART_KEY_BYTES) || !as_written(e))
        return 0;
    memcpy(hash, e->hash, CP_CHART_KEY_BYTES);
    return 1;
}

void cp_chart_cache_note(cp_chart_cache *cc, const char *path, const unsigned char key[CP_CHART_KEY_BYTES],
                         const unsigned char hash[CP_CHART_KEY_BYTES])
{
    entry e;
    if (!cc->usable || strchr(path, '\n'))
        return;
    e.path = cp_xstrdup(path);
    if (key)
        memcpy(e.key, key, CP_CHART_KEY_BYTES);
    else
        memset(e.key, 0, CP_CHART_KEY_BYTES);
    memcpy(e.hash, hash, CP_CHART_KEY_BYTES);
    table_put(&cc->now, e);
}

const unsigned char *cp_chart_cache_identity(const cp_chart_cache *cc)
{
    return cc->usable ? cc->identity : NULL;
}

void cp_chart_cache_note_run(cp_chart_cache *cc, const unsigned char key[CP_CHART_KEY_BYTES])
{
    memcpy(cc->now_run_key, key, CP_CHART_KEY_BYTES);
    cc->now_run = 1;
}

int cp_chart_cache_run_fresh(const cp_chart_cache *cc, const unsigned char key[CP_CHART_KEY_BYTES])
{
    if (!cc->usable || !cc->old_run || memcmp(cc->old_run_key, key, CP_CHART_KEY_BYTES) || !cc->old.n)
        return 0;
    for (size_t i = 0; i < cc->old.n; i++)
        if (!as_written(&cc->old.v[i]))
            return 0;
    return 1;
}

size_t cp_chart_cache_files(const cp_chart_cache *cc, const char **paths, size_t *charts)
{
    static const unsigned char page[CP_CHART_KEY_BYTES];
    *charts = 0;
    for (size_t i = 0; i < cc->old.n; i++) {
        if (paths)
            paths[i] = cc->old.v[i].path;
        *charts += memcmp(cc->old.v[i].key, page, sizeof page) != 0;
    }
    return cc->old.n;
}

int cp_chart_cache_close(cp_chart_cache *cc, int save)
{
    int rc = 0;
    if (save && cc->usable) {
        cp_buf b = { 0 };
        cp_buf_puts(&b, FORMAT_LINE);
        if (cc->now_run) {
            cp_buf_puts(&b, RUN_WORD);
            put_key(&b, cc->now_run_key);
            cp_buf_putc(&b, '\n');
        }
        for (size_t i = 0; i < cc->now.n; i++) {
            const entry *e = &cc->now.v[i];
            put_key(&b, e->key);
            cp_buf_putc(&b, ' ');
            put_key(&b, e->hash);
            cp_buf_printf(&b, " %s\n", e->path);
        }
        rc = cp_write_file_atomic(cc->file, b.data, b.len);
        cp_buf_free(&b);
    }
    int e = errno;
    table_free(&cc->old);
    table_free(&cc->now);
    if (cc->lock >= 0)
        close(cc->lock);   /* the lock goes with it */
    free(cc->file);
    free(cc);
    errno = e;
    return rc;
}
