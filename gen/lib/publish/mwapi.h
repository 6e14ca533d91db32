/* A client for the MediaWiki action API (api.php) over libcurl: bot-password
 * login, reading a page's current text and a file's SHA-1, editing a page,
 * uploading a file. Responses are JSON (formatversion=2), parsed with jansson.
 *
 * Every call returns 0 on success and -1 on failure; mw_error() then tells
 * what failed in one line: network failure, HTTP status, refused login, API
 * error code and text, or an answer that is not what the API documents. */
#ifndef CP_MWAPI_H
#define CP_MWAPI_H

#include <stdbool.h>
#include <stddef.h>

typedef struct mw_session mw_session;

/* api_url: the full URL of api.php. Never NULL (out of memory exits).
 * stall_s: a request that moves fewer than MW_LOW_SPEED_BYTES a second
 * for this long is given up (a wiki saving a big page sends nothing while
 * it parses it: tens of seconds on a busy machine). */
#define MW_LOW_SPEED_BYTES 100L
#define MW_STALL_S 60L
mw_session *mw_open(const char *api_url, long stall_s);
void mw_close(mw_session *s);
const char *mw_error(const mw_session *s);

/* Log in with a bot password (Special:BotPasswords: user "Name@app") and
 * fetch the CSRF token every write needs. */
int mw_login(mw_session *s, const char *user, const char *password);

/* The page's current wikitext in *text (malloc'd), or NULL when the page
 * does not exist. */
int mw_page_text(mw_session *s, const char *title, char **text);

/* Replace the page's text. *changed tells whether a new revision was made
 * (MediaWiki makes none when the text is identical). */
int mw_edit(mw_session *s, const char *title, const char *text, const char *summary, bool *changed);

/* For each File:<names[i]>, the SHA-1 (40 lower-case hex digits) of its
 * current version in sha1[i], or "" when there is no such file; one request
 * per 50 names. *done: how many names were answered (all of them on
 * success; on failure the batch that failed starts there). */
int mw_files_sha1(mw_session *s, const char *const *names, size_t n, char (*sha1)[41], size_t *done);

/* Upload data as File:<name>, replacing an existing version (warnings such
 * as "exists" or "duplicate" are ignored: the caller compared SHA-1 first). */
int mw_upload(mw_session *s, const char *name, const char *data, size_t len, const char *comment);

#endif
