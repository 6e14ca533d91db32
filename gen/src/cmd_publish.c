/* cryptoperf publish: push page sets (index.wiki + chart SVGs) to a MediaWiki
 * through its action API. Charts go first, so a saved page never points at a
 * missing image; a page or chart whose content is already on the wiki is not
 * touched, so publishing the same set twice makes no new revision. Each edit
 * and upload is atomic on the wiki side; when one fails, publishing stops and
 * the report names what was done and what was not. */
#include <dirent.h>
#include <errno.h>
#include <openssl/evp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "mwapi.h"
#include "util.h"

/* Exit status for a refusal or failure on the wiki's side (login, network,
 * API error); 1 and 2 keep their meaning for every command. */
enum { EXIT_REMOTE = 3 };

#define PASSWORD_ENV "CRYPTOPERF_WIKI_PASSWORD"

static const char usage[] =
    "usage: cryptoperf publish --api URL --user NAME [--password-file FILE]\n"
    "                          [--prefix TITLE-PREFIX] DIR...\n"
    "\n"
    "Pushes page sets to a MediaWiki through its action API (api.php). A page\n"
    "set is a folder holding index.wiki and the chart *.svg files it shows,\n"
    "e.g. site/stm32l5/mbedtls-3.6.6. Its page title is TITLE-PREFIX followed\n"
    "by the folder's last two path components (\"stm32l5/mbedtls-3.6.6\");\n"
    "charts keep their file names (File:<name>.svg). The edit summary names\n"
    "the dataset and its version.\n"
    "\n"
    "All charts are uploaded first, then the pages. A chart whose SHA-1 the\n"
    "wiki already has, or a page whose text it already has, is left alone.\n"
    "\n"
    "  --api URL            the wiki's api.php, e.g. http://127.0.0.1:8080/api.php\n"
    "  --user NAME          a bot password user, Name@appid (Special:BotPasswords;\n"
    "                       grants: basic, editpage, createeditmovepage,\n"
    "                       uploadfile, uploadeditmovefile)\n"
    "  --password-file FILE the bot password, first line of FILE; without it\n"
    "                       from the environment variable " PASSWORD_ENV ".\n"
    "                       Never on the command line (other users see it there).\n"
    "  --prefix P           prepended to every page title (default \"Cryptoperf/\")\n"
    "\n"
    "exit status: 0 all published, 1 invalid page set (e.g. one chart name with\n"
    "two contents), 2 usage or local I/O error (nothing sent), 3 the wiki\n"
    "refused or could not be reached (the report names what was published\n"
    "before that; it stays intact).\n";

typedef struct {
    char *path;       /* local file */
    char *name;       /* File:<name> on the wiki */
    char *data;
    size_t len;
    char sha1[41];
} chart;

typedef struct {
    char *dir;
    char *title;
    char *summary;
    char *text;
    chart *charts;
    size_t ncharts;
} page_set;

typedef struct {
    unsigned uploaded, charts_unchanged, edited, pages_unchanged;
} progress;

static void sha1_hex(const char *data, size_t len, char out[41])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned n = 0;
    if (!EVP_Digest(data, len, md, &n, EVP_sha1(), NULL) || n != 20) {
        fputs("cryptoperf publish: SHA-1 not available from libcrypto\n", stderr);
        exit(CP_EXIT_USAGE);
    }
    for (unsigned i = 0; i < n; i++)
        snprintf(out + 2 * i, 3, "%02x", md[i]);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const chart *)a)->name, ((const chart *)b)->name);
}

/* "a/b/c/" -> "b/c"; "c" -> "c". */
static char *last_two_components(const char *dir)
{
    size_t end = strlen(dir);
    while (end > 1 && dir[end - 1] == '/')
        end--;
    size_t start = end, slashes = 0;
    while (start > 0) {
        if (dir[start - 1] == '/' && ++slashes == 2)
            break;
        start--;
    }
    while (dir[start] == '/' && start < end)
        start++;
    return cp_xstrndup(dir + start, end - start);
}

/* "stm32l5/mbedtls-3.6.6" names dataset and version; the version is what
 * follows the last '-' when it starts with a digit. */
static char *summary_for(const char *name)
{
    const char *dash = strrchr(name, '-');
    if (dash && dash[1] >= '0' && dash[1] <= '9')
        return cp_xasprintf("cryptoperf publish: dataset %s, version %s", name, dash + 1);
    return cp_xasprintf("cryptoperf publish: %s", name);
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int load_set(const char *dir, const char *prefix, page_set *set)
{
    memset(set, 0, sizeof *set);
    set->dir = cp_xstrdup(dir);
    char *name = last_two_components(dir);
    set->title = cp_xasprintf("%s%s", prefix, name);
    set->summary = summary_for(name);
    free(name);
    char *index = cp_xasprintf("%s/index.wiki", dir);
    set->text = cp_read_file(index, NULL);
    if (!set->text) {
        fprintf(stderr, "cryptoperf publish: %s: %s (a page set is a folder with index.wiki)\n", index,
                strerror(errno));
        free(index);
        return -1;
    }
    free(index);
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "cryptoperf publish: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    size_t cap = 0;
    int rc = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.' || !has_suffix(e->d_name, ".svg"))
            continue;
        if (set->ncharts == cap) {
            cap = cap ? 2 * cap : 8;
            set->charts = cp_xrealloc(set->charts, cap * sizeof *set->charts);
        }
        chart *c = &set->charts[set->ncharts++];
        memset(c, 0, sizeof *c);
        c->name = cp_xstrdup(e->d_name);
        c->path = cp_xasprintf("%s/%s", dir, e->d_name);
        c->data = cp_read_file(c->path, &c->len);
        if (!c->data) {
            fprintf(stderr, "cryptoperf publish: %s: %s\n", c->path, strerror(errno));
            rc = -1;
            continue;
        }
        sha1_hex(c->data, c->len, c->sha1);
    }
    closedir(d);
    /* readdir order is the file system's: sort for a reproducible run. */
    if (set->ncharts)
        qsort(set->charts, set->ncharts, sizeof *set->charts, by_name);
    return rc;
}

static void free_set(page_set *set)
{
    for (size_t i = 0; i < set->ncharts; i++) {
        free(set->charts[i].path);
        free(set->charts[i].name);
        free(set->charts[i].data);
    }
    free(set->charts);
    free(set->dir);
    free(set->title);
    free(set->summary);
    free(set->text);
}

/* File names are global on a wiki: one name with two contents in the sets
 * would make the second upload replace the first one's chart. */
static int check_unique_charts(const page_set *sets, size_t nsets)
{
    int rc = 0;
    for (size_t i = 0; i < nsets; i++)
        for (size_t j = 0; j < sets[i].ncharts; j++)
            for (size_t k = i; k < nsets; k++)
                for (size_t l = k == i ? j + 1 : 0; l < sets[k].ncharts; l++) {
                    const chart *a = &sets[i].charts[j], *b = &sets[k].charts[l];
                    if (strcmp(a->name, b->name) || !strcmp(a->sha1, b->sha1))
                        continue;
                    fprintf(stderr,
                            "cryptoperf publish: %s and %s: one file name on the wiki, two "
                            "different charts; chart names must be unique across page sets\n",
                            a->path, b->path);
                    rc = -1;
                }
    return rc;
}

/* MediaWiki drops trailing white space from saved text; compare the same way. */
static bool same_text(const char *local, const char *remote)
{
    size_t n = strlen(local), m = strlen(remote);
    while (n > 0 && strchr(" \t\r\n", local[n - 1]))
        n--;
    while (m > 0 && strchr(" \t\r\n", remote[m - 1]))
        m--;
    return n == m && memcmp(local, remote, n) == 0;
}

static int publish_chart(mw_session *s, const page_set *set, const chart *c, progress *p)
{
    char remote[41];
    if (mw_file_sha1(s, c->name, remote))
        return -1;
    if (!strcmp(remote, c->sha1)) {
        p->charts_unchanged++;
        printf("unchanged  File:%s\n", c->name);
        return 0;
    }
    if (mw_upload(s, c->name, c->data, c->len, set->summary))
        return -1;
    p->uploaded++;
    printf("uploaded   File:%s\n", c->name);
    return 0;
}

static int publish_page(mw_session *s, const page_set *set, progress *p)
{
    char *remote;
    if (mw_page_text(s, set->title, &remote))
        return -1;
    bool changed = false;
    int rc = 0;
    if (!remote || !same_text(set->text, remote))
        rc = mw_edit(s, set->title, set->text, set->summary, &changed);
    free(remote);
    if (rc)
        return -1;
    if (changed)
        p->edited++;
    else
        p->pages_unchanged++;
    printf("%-10s %s\n", changed ? "edited" : "unchanged", set->title);
    return 0;
}

static void report(FILE *f, const progress *p, size_t ncharts, size_t npages)
{
    fprintf(f,
            "cryptoperf publish: charts: %u uploaded, %u unchanged, of %zu; "
            "pages: %u edited, %u unchanged, of %zu\n",
            p->uploaded, p->charts_unchanged, ncharts, p->edited, p->pages_unchanged, npages);
}

static int publish(mw_session *s, const page_set *sets, size_t nsets)
{
    progress p = { 0 };
    size_t ncharts = 0;
    for (size_t i = 0; i < nsets; i++)
        ncharts += sets[i].ncharts;
    const char *stopped_at = NULL;
    for (size_t i = 0; i < nsets && !stopped_at; i++)
        for (size_t j = 0; j < sets[i].ncharts && !stopped_at; j++)
            if (publish_chart(s, &sets[i], &sets[i].charts[j], &p))
                stopped_at = sets[i].charts[j].path;
    for (size_t i = 0; i < nsets && !stopped_at; i++)
        if (publish_page(s, &sets[i], &p))
            stopped_at = sets[i].dir;
    fflush(stdout);
    if (!stopped_at) {
        report(stdout, &p, ncharts, nsets);
        return CP_EXIT_OK;
    }
    fprintf(stderr, "cryptoperf publish: %s: %s\n", stopped_at, mw_error(s));
    fprintf(stderr, "cryptoperf publish: stopped there; what is on the wiki now is intact:\n");
    report(stderr, &p, ncharts, nsets);
    fprintf(stderr, "cryptoperf publish: not published: %zu chart(s), %zu page(s)\n",
            ncharts - p.uploaded - p.charts_unchanged, nsets - p.edited - p.pages_unchanged);
    return EXIT_REMOTE;
}

/* The first line of the file, or of the environment variable. */
static char *read_password(const char *file)
{
    char *pw;
    if (file) {
        pw = cp_read_file(file, NULL);
        if (!pw) {
            fprintf(stderr, "cryptoperf publish: %s: %s\n", file, strerror(errno));
            return NULL;
        }
    } else {
        const char *env = getenv(PASSWORD_ENV);
        if (!env) {
            fputs("cryptoperf publish: no password: give --password-file FILE or set " PASSWORD_ENV
                  "\n",
                  stderr);
            return NULL;
        }
        pw = cp_xstrdup(env);
    }
    pw[strcspn(pw, "\r\n")] = '\0';
    if (!*pw) {
        fprintf(stderr, "cryptoperf publish: the password in %s is empty\n", file ? file : PASSWORD_ENV);
        free(pw);
        return NULL;
    }
    return pw;
}

/* "cryptoperf publish: <subject><what>" and a pointer to the help. */
static int usage_error(const char *subject, const char *what)
{
    fprintf(stderr, "cryptoperf publish: %s%s\n(try cryptoperf help publish)\n", subject, what);
    return CP_EXIT_USAGE;
}

static int run(int argc, char **argv)
{
    const char *api = NULL, *user = NULL, *password_file = NULL, *prefix = "Cryptoperf/";
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            i++;
            break;
        }
        if (!strncmp(a, "--password", 10) && strncmp(a, "--password-file", 15))
            return usage_error(a, ": refused: a password on the command line is visible to every "
                                  "user of the machine; use --password-file FILE or " PASSWORD_ENV);
        const char **slot = !strcmp(a, "--api")             ? &api
                            : !strcmp(a, "--user")          ? &user
                            : !strcmp(a, "--password-file") ? &password_file
                            : !strcmp(a, "--prefix")        ? &prefix
                                                            : NULL;
        if (!slot)
            return usage_error(a, ": unknown option");
        if (i + 1 >= argc)
            return usage_error(a, " needs a value");
        *slot = argv[++i];
    }
    if (!api)
        return usage_error("--api URL", " is required");
    if (strncmp(api, "http://", 7) && strncmp(api, "https://", 8))
        return usage_error(api, ": expected an http:// or https:// URL of api.php");
    if (!user)
        return usage_error("--user NAME", " is required");
    if (i >= argc)
        return usage_error("no page set folder given", "");

    size_t nsets = (size_t)(argc - i);
    page_set *sets = cp_xcalloc(nsets, sizeof *sets);
    int rc = CP_EXIT_OK;
    for (size_t k = 0; k < nsets; k++)
        if (load_set(argv[i + (int)k], prefix, &sets[k]))
            rc = CP_EXIT_USAGE;
    if (rc == CP_EXIT_OK && check_unique_charts(sets, nsets))
        rc = CP_EXIT_INVALID;
    char *password = rc == CP_EXIT_OK ? read_password(password_file) : NULL;
    if (rc == CP_EXIT_OK && !password)
        rc = CP_EXIT_USAGE;
    if (rc == CP_EXIT_OK) {
        mw_session *s = mw_open(api);
        if (mw_login(s, user, password)) {
            fprintf(stderr, "cryptoperf publish: %s\ncryptoperf publish: nothing published\n",
                    mw_error(s));
            rc = EXIT_REMOTE;
        } else {
            rc = publish(s, sets, nsets);
        }
        mw_close(s);
    }
    if (password) {
        memset(password, 0, strlen(password));
        free(password);
    }
    for (size_t k = 0; k < nsets; k++)
        free_set(&sets[k]);
    free(sets);
    return rc;
}

const cp_command cp_cmd_publish = { "publish", "push page sets to a MediaWiki (action API)", usage, run };
