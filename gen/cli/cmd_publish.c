/* cryptoperf publish: the options of publishing (publish/publish.h): page
 * sets (index.wiki + chart SVGs) pushed to a MediaWiki, the password read
 * from a file or the environment, never from the command line. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "base/util.h"
#include "publish/mwapi.h"
#include "publish/pageset.h"
#include "publish/publish.h"
#include "publish/site_sets.h"
#include "render/render.h"   /* CP_WIKI_TITLE_PREFIX: the titles the wiki pages link to */

/* Exit status for a refusal or failure on the wiki's side (login, network,
 * API error); 1 and 2 keep their meaning for every command. */

#define PASSWORD_ENV "CRYPTOPERF_WIKI_PASSWORD"
#define PASSWORD_MAX 1024

static const char usage[] =
    "usage: cryptoperf publish --api URL --user NAME [--password-file FILE]\n"
    "                          [--prefix TITLE-PREFIX] SITE|DIR...\n"
    "\n"
    "Pushes a site, or page sets, to a MediaWiki through its action API\n"
    "(api.php). A SITE is a folder render wrote (index.wiki and folders of\n"
    "pages below it): every page of it is published, the index, dataset,\n"
    "summary, diff, comparison and cross-core pages, with every chart. The\n"
    "index is titled TITLE-PREFIX without its trailing slash (\"Cryptoperf\"),\n"
    "every other page TITLE-PREFIX and the page's own heading (the first line\n"
    "of its .md twin: \"Cryptoperf/Library comparison on MPS2-AN505\"), shown\n"
    "as its title ({{DISPLAYTITLE}}: the wiki needs $wgRestrictDisplayTitle =\n"
    "false); the links between the pages point at those titles.\n"
    "A page set (DIR) is a folder holding index.wiki and the chart *.svg\n"
    "files it shows, e.g. site/stm32l5/cmox-050000b2. Its page title is\n"
    "TITLE-PREFIX followed by the folder's last two path components\n"
    "(\"stm32l5/cmox-050000b2\");\n"
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

    size_t nsets = 0;
    cp_page_set *sets = NULL;
    int rc = CP_EXIT_OK;
    for (; i < argc; i++) {
        if (cp_site_is(argv[i])) {
            if (cp_site_sets_load(argv[i], prefix, &sets, &nsets, stderr))
                rc = CP_EXIT_USAGE;
            continue;
        }
        sets = cp_xrealloc(sets, (nsets + 1) * sizeof *sets);
        if (cp_page_set_load(argv[i], &sets[nsets++], stderr))
            rc = CP_EXIT_USAGE;
    }
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
            rc = CP_EXIT_REMOTE;
        } else {
            rc = cp_publish(s, sets, nsets, prefix, "cryptoperf publish") == 0 ? CP_EXIT_OK : CP_EXIT_REMOTE;
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
