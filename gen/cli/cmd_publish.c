/* cryptoperf publish: push page sets (index.wiki + chart SVGs) to a MediaWiki
 * through its action API. Charts go first, so a saved page never points at a
 * missing image; a page or chart whose content is already on the wiki is not
 * touched, so publishing the same set twice makes no new revision. Each edit
 * and upload is atomic on the wiki side; when one fails, publishing stops and
 * the report names what was done and what was not. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "base/util.h"
#include "publish/mwapi.h"
#include "publish/pageset.h"
#include "render/render.h"   /* CP_WIKI_TITLE_PREFIX: the titles the wiki pages link to */

/* Exit status for a refusal or failure on the wiki's side (login, network,
 * API error); 1 and 2 keep their meaning for every command. */
enum { EXIT_REMOTE = 3 };

#define PASSWORD_ENV "CRYPTOPERF_WIKI_PASSWORD"
#define PASSWORD_MAX 1024

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
    "  --prefix P           prepended to every page title (default \"" CP_WIKI_TITLE_PREFIX "\")\n"
    "  --stall-timeout S    give up a request that moves fewer than 100 bytes a\n"
    "                       second for S seconds (default 60: a wiki saving a\n"
    "                       big page sends nothing while it parses it)\n"
    "\n"
    "A wiki that does not answer is given up: no connection within 10 s,\n"
    "fewer than 100 bytes a second for the stall timeout, or more than 120 s\n"
    "for one request; an answer over 16 MiB is refused. A chart re-uploaded within\n"
    "the second of its previous version (the wiki answers\n"
    "backend-fail-alreadyexists) is sent again in the next second, at most\n"
    "twice. Text from the wiki in messages has its control characters\n"
    "escaped (\\x1b), so it cannot act on the terminal.\n"
    "\n"
    "exit status: 0 all published, 1 page sets that clash (one name twice, or\n"
    "one chart name with two contents), 2 usage or local I/O error (nothing sent), 3 the wiki\n"
    "refused or could not be reached (the report names what was published\n"
    "before that; it stays intact).\n";

typedef struct {
    unsigned uploaded, charts_unchanged, edited, pages_unchanged;
} progress;

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

/* remote: the wiki's SHA-1 of the chart's name, asked before any upload. */
static int publish_chart(mw_session *s, const cp_page_set *set, const cp_chart_file *c, const char *remote,
                         progress *p)
{
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

static int publish_page(mw_session *s, const cp_page_set *set, const char *prefix, progress *p)
{
    char *title = cp_xasprintf("%s%s", prefix, set->name), *remote;
    bool changed = false;
    int rc = mw_page_text(s, title, &remote);
    if (rc == 0 && (!remote || !same_text(set->text, remote)))
        rc = mw_edit(s, title, set->text, set->summary, &changed);
    if (rc == 0) {
        if (changed)
            p->edited++;
        else
            p->pages_unchanged++;
        printf("%-10s %s\n", changed ? "edited" : "unchanged", title);
    }
    free(remote);
    free(title);
    return rc;
}

static void report(FILE *f, const progress *p, size_t ncharts, size_t npages)
{
    fprintf(f,
            "cryptoperf publish: charts: %u uploaded, %u unchanged, of %zu; "
            "pages: %u edited, %u unchanged, of %zu\n",
            p->uploaded, p->charts_unchanged, ncharts, p->edited, p->pages_unchanged, npages);
}

static int publish(mw_session *s, const cp_page_set *sets, size_t nsets, const char *prefix)
{
    progress p = { 0 };
    size_t ncharts = 0;
    for (size_t i = 0; i < nsets; i++)
        ncharts += sets[i].ncharts;
    /* Every chart's SHA-1 on the wiki first, 50 to a request (one request
     * a chart made republishing an unchanged site mostly round trips). */
    const cp_chart_file **chart = cp_xcalloc(ncharts ? ncharts : 1, sizeof *chart);
    const cp_page_set **set_of = cp_xcalloc(ncharts ? ncharts : 1, sizeof *set_of);
    const char **names = cp_xcalloc(ncharts ? ncharts : 1, sizeof *names);
    char(*remote)[41] = cp_xcalloc(ncharts ? ncharts : 1, sizeof *remote);
    size_t n = 0, asked;
    for (size_t i = 0; i < nsets; i++)
        for (size_t j = 0; j < sets[i].ncharts; j++, n++) {
            chart[n] = &sets[i].charts[j];
            set_of[n] = &sets[i];
            names[n] = chart[n]->name;
        }
    const char *stopped_at = NULL;
    if (mw_files_sha1(s, names, ncharts, remote, &asked))
        stopped_at = chart[asked]->path;
    for (size_t k = 0; k < ncharts && !stopped_at; k++) {
        if (publish_chart(s, set_of[k], chart[k], remote[k], &p)) {
            stopped_at = chart[k]->path;
            break;
        }
        /* one chart in two page sets (same name, same content): on the wiki now */
        for (size_t l = k + 1; l < ncharts; l++)
            if (!strcmp(names[l], names[k]))
                memcpy(remote[l], chart[k]->sha1, 41);
    }
    free(chart);
    free(set_of);
    free(names);
    free(remote);
    for (size_t i = 0; i < nsets && !stopped_at; i++)
        if (publish_page(s, &sets[i], prefix, &p))
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

/* The first line of the file, or of the environment variable; *size is the
 * buffer's length, so the caller can wipe all of it before freeing. */
static char *read_password(const char *file, size_t *size)
{
    char *pw;
    if (file) {
        /* one line from any file, a pipe too (--password-file <(pass x)) */
        FILE *f = fopen(file, "r");
        pw = cp_xcalloc(1, PASSWORD_MAX + 2);
        *size = PASSWORD_MAX + 2;
        if (!f || (!fgets(pw, PASSWORD_MAX + 2, f) && ferror(f))) {
            fprintf(stderr, "cryptoperf publish: %s: %s\n", file, strerror(errno));
            if (f)
                fclose(f);
            free(pw);
            return NULL;
        }
        fclose(f);
        if (strlen(pw) > PASSWORD_MAX && pw[PASSWORD_MAX] != '\n') {
            fprintf(stderr, "cryptoperf publish: %s: expected a password of at most %d bytes on the first line, "
                    "found a longer line\n", file, PASSWORD_MAX);
            memset(pw, 0, *size);
            free(pw);
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
        *size = strlen(pw);
    }
    pw[strcspn(pw, "\r\n")] = '\0';
    if (!*pw) {
        fprintf(stderr, "cryptoperf publish: the password in %s is empty\n", file ? file : PASSWORD_ENV);
        memset(pw, 0, *size);
        free(pw);
        return NULL;
    }
    return pw;
}

/* "cryptoperf publish: <subject><what>" and a pointer to the help. */
static int run(int argc, char **argv)
{
    const char *api = NULL, *user = NULL, *password_file = NULL, *prefix = CP_WIKI_TITLE_PREFIX, *stall = NULL;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            i++;
            break;
        }
        if (!strncmp(a, "--password", 10) && strncmp(a, "--password-file", 15))
            return cp_usage_error("publish",
                                  "%s: refused: a password on the command line is visible to every user of"
                                  " the machine; use --password-file FILE or " PASSWORD_ENV, a);
        const char **slot = !strcmp(a, "--api")             ? &api
                            : !strcmp(a, "--user")          ? &user
                            : !strcmp(a, "--password-file") ? &password_file
                            : !strcmp(a, "--prefix")        ? &prefix
                            : !strcmp(a, "--stall-timeout") ? &stall
                                                            : NULL;
        if (!slot)
            return cp_usage_error("publish", "%s: unknown option", a);
        if (i + 1 >= argc)
            return cp_usage_error("publish", "%s needs a value", a);
        *slot = argv[++i];
    }
    if (!api)
        return cp_usage_error("publish", "--api URL is required");
    if (strncmp(api, "http://", 7) && strncmp(api, "https://", 8))
        return cp_usage_error("publish", "%s: expected an http:// or https:// URL of api.php", api);
    if (!user)
        return cp_usage_error("publish", "--user NAME is required");
    long stall_s = MW_STALL_S;
    if (stall) {
        char *end;
        stall_s = strtol(stall, &end, 10);
        if (*end || end == stall || stall_s < 1 || stall_s > 3600)
            return cp_usage_error("publish", "--stall-timeout: expected whole seconds from 1 to 3600, found '%s'",
                                  stall);
    }
    if (i >= argc)
        return cp_usage_error("publish", "no page set folder given");

    size_t nsets = (size_t)(argc - i);
    cp_page_set *sets = cp_xcalloc(nsets, sizeof *sets);
    int rc = CP_EXIT_OK;
    for (size_t k = 0; k < nsets; k++)
        if (cp_page_set_load(argv[i + (int)k], &sets[k], stderr))
            rc = CP_EXIT_USAGE;
    if (rc == CP_EXIT_OK && cp_page_sets_check(sets, nsets, stderr))
        rc = CP_EXIT_INVALID;
    size_t password_size = 0;
    char *password = rc == CP_EXIT_OK ? read_password(password_file, &password_size) : NULL;
    if (rc == CP_EXIT_OK && !password)
        rc = CP_EXIT_USAGE;
    if (rc == CP_EXIT_OK) {
        mw_session *s = mw_open(api, stall_s);
        if (mw_login(s, user, password)) {
            fprintf(stderr, "cryptoperf publish: %s\ncryptoperf publish: nothing published\n",
                    mw_error(s));
            rc = EXIT_REMOTE;
        } else {
            rc = publish(s, sets, nsets, prefix);
        }
        mw_close(s);
    }
    if (password) {
        memset(password, 0, password_size);
        free(password);
    }
    for (size_t k = 0; k < nsets; k++)
        cp_page_set_free(&sets[k]);
    free(sets);
    return rc;
}

const cp_command cp_cmd_publish = { "publish", "push page sets to a MediaWiki (action API)", usage, run };
