#include "publish/mwapi.h"

#include <curl/curl.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/text_clean.h"
#include "base/util.h"

struct mw_session {
    CURL *curl;
    char *api;
    char *csrf;
    cp_buf error;
    char *error_code;   /* the API's error code of the last failure, or NULL */
    long stall_s;
};

/* What a wiki may send and how slowly (documented in `cryptoperf help
 * publish` and the man page): an answer larger than this is refused, a
 * connection that cannot be made in CONNECT_S or that moves fewer than
 * MW_LOW_SPEED_BYTES a second for the session's stall time is given up,
 * and no request takes more than TOTAL_S. */
#define MAX_ANSWER_BYTES (16L << 20)
#define CONNECT_S 10L
#define TOTAL_S 120L
/* A file re-uploaded in the same second as its previous version fails
 * with this code (MediaWiki archives the old one under a name with a
 * one-second timestamp): wait for the next second and try again. */
#define RETRY_CODE "backend-fail-alreadyexists"
#define UPLOAD_TRIES 3

/* The answer being received, with the cap. */
typedef struct {
    cp_buf buf;
    int too_big;
} reply_buf;

typedef struct {
    const char *key, *value;
} param;

/* The file part of an upload: sent as multipart/form-data, the rest of a
 * request as application/x-www-form-urlencoded. */
typedef struct {
    const char *name;
    const char *data;
    size_t len;
} file_part;

static int fail(mw_session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Messages carry text the server chose (error info, a reason, a JSON
 * answer): it reaches a terminal, so every control character (an escape
 * sequence would set the title or move the cursor, a line break forge a
 * line), C1 control, bidi override or invalid UTF-8 byte is written as an
 * escape, and the message is cut at 600 bytes. */
static void put_printable(cp_buf *out, const char *s, size_t n)
{
    cp_buf e = { 0 };
    cp_text_put_escaped(&e, s, n);
    size_t keep = e.len;
    if (keep > 600) {
        keep = 600;
        while (keep && ((unsigned char)e.data[keep] & 0xc0) == 0x80)
            keep--;   /* not inside a character */
    }
    cp_buf_put(out, e.data ? e.data : "", keep);
    if (keep < e.len)
        cp_buf_puts(out, "...");
    cp_buf_free(&e);
}

static int fail(mw_session *s, const char *fmt, ...)
{
    va_list ap;
    cp_buf raw = { 0 };
    va_start(ap, fmt);
    cp_buf_vprintf(&raw, fmt, ap);
    va_end(ap);
    s->error.len = 0;
    cp_buf_puts(&s->error, "");
    put_printable(&s->error, raw.data ? raw.data : "", raw.len);
    cp_buf_free(&raw);
    return -1;
}

const char *mw_error(const mw_session *s)
{
    return s->error.data ? s->error.data : "";
}

static size_t collect(char *data, size_t size, size_t n, void *arg)
{
    reply_buf *r = arg;
    if (r->buf.len + size * n > MAX_ANSWER_BYTES) {
        r->too_big = 1;
        return 0; /* libcurl stops the transfer */
    }
    cp_buf_put(&r->buf, data, size * n);
    return size * n;
}

mw_session *mw_open(const char *api_url, long stall_s)
{
    static int curl_ready;
    if (!curl_ready) {
        curl_global_init(CURL_GLOBAL_DEFAULT);
        curl_ready = 1;
    }
    mw_session *s = cp_xcalloc(1, sizeof *s);
    s->api = cp_xstrdup(api_url);
    s->curl = curl_easy_init();
    if (!s->curl) {
        fputs("cryptoperf: cannot initialise libcurl\n", stderr);
        exit(2);
    }
    CURL *c = s->curl;
    /* Set once for the handle's life: the cookie engine keeps the session
     * cookie from login across calls (setting it again per call would only
     * grow libcurl's list of cookie files). */
    curl_easy_setopt(c, CURLOPT_COOKIEFILE, "");
    curl_easy_setopt(c, CURLOPT_URL, s->api);
    curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(c, CURLOPT_USERAGENT, "cryptoperf-publish/1");
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, CONNECT_S);
    s->stall_s = stall_s;
    curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, MW_LOW_SPEED_BYTES);
    curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, stall_s);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, TOTAL_S);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, collect);
    return s;
}

void mw_close(mw_session *s)
{
    if (!s)
        return;
    curl_easy_cleanup(s->curl);
    free(s->api);
    free(s->csrf);
    free(s->error_code);
    cp_buf_free(&s->error);
    free(s);
}

/* One API request; on success *out holds the decoded JSON object. Checks the
 * transport, the HTTP status, the JSON and the API's "error" object, so
 * callers only look for the fields they need. */
static int call(mw_session *s, const param *params, const file_part *file, json_t **out)
{
    CURL *c = s->curl;
    cp_buf body = { 0 };
    reply_buf r = { { 0 }, 0 };
    curl_mime *mime = NULL;
    free(s->error_code);
    s->error_code = NULL;
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &r);
    static const param fixed[] = { { "format", "json" }, { "formatversion", "2" }, { NULL, NULL } };
    if (file)
        mime = curl_mime_init(c);
    for (const param *lists[] = { fixed, params }, **l = lists; l < lists + 2; l++)
        for (const param *p = *l; p->key; p++) {
            if (mime) {
                curl_mimepart *part = curl_mime_addpart(mime);
                curl_mime_name(part, p->key);
                curl_mime_data(part, p->value, CURL_ZERO_TERMINATED);
            } else {
                char *v = curl_easy_escape(c, p->value, 0);
                cp_buf_printf(&body, "%s%s=%s", body.len ? "&" : "", p->key, v);
                curl_free(v);
            }
        }
    if (mime) {
        curl_mimepart *part = curl_mime_addpart(mime);
        curl_mime_name(part, "file");
        curl_mime_filename(part, file->name);
        curl_mime_data(part, file->data, file->len);
        curl_easy_setopt(c, CURLOPT_MIMEPOST, mime);
    } else {
        curl_easy_setopt(c, CURLOPT_POSTFIELDS, body.data);
    }
    CURLcode rc = curl_easy_perform(c);
    long status = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);
    /* The handle outlives this request: drop its pointers into our buffers. */
    curl_easy_setopt(c, CURLOPT_MIMEPOST, NULL);
    curl_easy_setopt(c, CURLOPT_POSTFIELDS, NULL);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, NULL);
    curl_mime_free(mime);
    cp_buf_free(&body);
    int result = -1;
    *out = NULL;
    if (r.too_big) {
        fail(s, "%s answered more than %ld MiB: refused", s->api, MAX_ANSWER_BYTES >> 20);
        goto done;
    }
    if (rc == CURLE_OPERATION_TIMEDOUT) {
        fail(s, "%s: %s (no connection within %ld s, fewer than %ld bytes a second for %ld s, or more than %ld s "
             "in all)", s->api, curl_easy_strerror(rc), CONNECT_S, MW_LOW_SPEED_BYTES, s->stall_s, TOTAL_S);
        goto done;
    }
    if (rc != CURLE_OK) {
        fail(s, "cannot reach %s: %s", s->api, curl_easy_strerror(rc));
        goto done;
    }
    if (status != 200) {
        fail(s, "%s answered HTTP %ld", s->api, status);
        goto done;
    }
    json_error_t jerr;
    json_t *root = json_loadb(r.buf.data ? r.buf.data : "", r.buf.len, 0, &jerr);
    if (!json_is_object(root)) {
        fail(s, "%s did not answer with a JSON object (%s at byte %d)", s->api,
             root ? "not an object" : jerr.text, jerr.position);
        json_decref(root);
        goto done;
    }
    json_t *error = json_object_get(root, "error");
    if (error) {
        const char *code = json_string_value(json_object_get(error, "code"));
        const char *info = json_string_value(json_object_get(error, "info"));
        if (code)
            s->error_code = cp_xstrdup(code);
        fail(s, "API error %s: %s", code ? code : "(the answer gives no code)",
             info ? info : "(and no description)");
        json_decref(root);
        goto done;
    }
    *out = root;
    result = 0;
done:
    cp_buf_free(&r.buf);
    return result;
}

/* root.k1.k2…, NULL when any step is missing; keys end with NULL. An integer
 * key ("0") indexes an array. */
static json_t *dig(json_t *v, ...)
{
    va_list ap;
    va_start(ap, v);
    for (const char *k; v && (k = va_arg(ap, const char *));) {
        if (json_is_array(v))
            v = json_array_get(v, strtoul(k, NULL, 10));
        else
            v = json_object_get(v, k);
    }
    va_end(ap);
    return v;
}

static int token(mw_session *s, const char *type, const char *field, char **out)
{
    const param p[] = { { "action", "query" }, { "meta", "tokens" }, { "type", type }, { NULL, NULL } };
    json_t *r;
    if (call(s, p, NULL, &r))
        return -1;
    const char *t = json_string_value(dig(r, "query", "tokens", field, NULL));
    if (!t) {
        json_decref(r);
        return fail(s, "no %s token in the answer of %s", type, s->api);
    }
    free(*out);
    *out = cp_xstrdup(t);
    json_decref(r);
    return 0;
}

int mw_login(mw_session *s, const char *user, const char *password)
{
    char *login_token = NULL;
    if (token(s, "login", "logintoken", &login_token))
        return -1;
    const param p[] = { { "action", "login" }, { "lgname", user }, { "lgpassword", password },
                        { "lgtoken", login_token }, { NULL, NULL } };
    json_t *r;
    int rc = call(s, p, NULL, &r);
    free(login_token);
    if (rc)
        return -1;
    const char *result = json_string_value(dig(r, "login", "result", NULL));
    if (!result || strcmp(result, "Success")) {
        const char *reason = json_string_value(dig(r, "login", "reason", NULL));
        fail(s, "login as %s refused: %s", user,
             reason ? reason : result ? result : "no result in the answer");
        json_decref(r);
        return -1;
    }
    json_decref(r);
    return token(s, "csrf", "csrftoken", &s->csrf);
}

/* The one page of a prop=… query for titles=<one title>. */
static json_t *only_page(mw_session *s, json_t *r, const char *title)
{
    json_t *page = dig(r, "query", "pages", "0", NULL);
    if (!page) {
        fail(s, "no page in the answer about '%s'", title);
        return NULL;
    }
    if (json_is_true(json_object_get(page, "invalid"))) {
        const char *why = json_string_value(json_object_get(page, "invalidreason"));
        fail(s, "invalid title '%s': %s", title, why ? why : "no reason given");
        return NULL;
    }
    return page;
}

int mw_page_text(mw_session *s, const char *title, char **text)
{
    const param p[] = { { "action", "query" }, { "prop", "revisions" }, { "rvprop", "content" },
                        { "rvslots", "main" }, { "titles", title }, { NULL, NULL } };
    json_t *r;
    *text = NULL;
    if (call(s, p, NULL, &r))
        return -1;
    json_t *page = only_page(s, r, title);
    int rc = -1;
    if (!page)
        goto done;
    if (json_is_true(json_object_get(page, "missing"))) {
        rc = 0;
        goto done;
    }
    const char *content = json_string_value(dig(page, "revisions", "0", "slots", "main", "content", NULL));
    if (!content) {
        fail(s, "no text in the answer about page '%s'", title);
        goto done;
    }
    *text = cp_xstrdup(content);
    rc = 0;
done:
    json_decref(r);
    return rc;
}

/* An edit or upload (p[0] is the action): needs the CSRF token from login,
 * and succeeded only when the answer's <action>.result is "Success". The
 * requests carry assert=user, so a lost session makes the wiki refuse them
 * instead of saving them as an anonymous edit. On success *out holds the
 * answer. */
static int write_call(mw_session *s, const param *p, const file_part *file, const char *what, json_t **out)
{
    *out = NULL;
    if (!s->csrf)
        return fail(s, "%s: not logged in", what);
    if (call(s, p, file, out))
        return -1;
    json_t *answer = json_object_get(*out, p[0].value);
    const char *result = json_string_value(json_object_get(answer, "result"));
    if (result && !strcmp(result, "Success"))
        return 0;
    char *why = json_dumps(answer, JSON_COMPACT);
    fail(s, "%s not done: %s", what, why ? why : "no result in the answer");
    free(why);
    json_decref(*out);
    *out = NULL;
    return -1;
}

int mw_edit(mw_session *s, const char *title, const char *text, const char *summary, bool *changed)
{
    const param p[] = { { "action", "edit" }, { "title", title }, { "text", text },
                        { "summary", summary }, { "assert", "user" }, { "token", s->csrf },
                        { NULL, NULL } };
    char *what = cp_xasprintf("edit of '%s'", title);
    json_t *r;
    int rc = write_call(s, p, NULL, what, &r);
    free(what);
    if (rc == 0)
        *changed = !json_is_true(dig(r, "edit", "nochange", NULL));
    json_decref(r);
    return rc;
}

/* Titles per query: the API's limit for a user without the apihighlimits
 * right. */
#define TITLES_PER_QUERY 50

/* The page of the answer r about the requested title: MediaWiki answers
 * under the normalised title (first letter upper case, '_' as ' '), named
 * in query.normalized. */
static json_t *page_of(json_t *r, const char *title)
{
    json_t *norm = dig(r, "query", "normalized", NULL), *v;
    size_t i;
    json_array_foreach(norm, i, v) {
        const char *from = json_string_value(json_object_get(v, "from"));
        const char *to = json_string_value(json_object_get(v, "to"));
        if (from && to && !strcmp(from, title)) {
            title = to;
            break;
        }
    }
    json_array_foreach(dig(r, "query", "pages", NULL), i, v) {
        const char *t = json_string_value(json_object_get(v, "title"));
        if (t && !strcmp(t, title))
            return v;
    }
    return NULL;
}

/* One query for up to TITLES_PER_QUERY files. The titles are joined with
 * U+001F, the API's separator for values that may hold '|'. */
static int sha1_batch(mw_session *s, const char *const *names, size_t n, char (*sha1)[41])
{
    char **titles = cp_xcalloc(n, sizeof *titles);
    cp_buf list = { 0 };
    for (size_t i = 0; i < n; i++) {
        titles[i] = cp_xasprintf("File:%s", names[i]);
        cp_buf_printf(&list, "\x1f%s", titles[i]);
    }
    const param p[] = { { "action", "query" }, { "prop", "imageinfo" }, { "iiprop", "sha1" },
                        { "titles", list.data }, { NULL, NULL } };
    json_t *r;
    int rc = call(s, p, NULL, &r);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        json_t *page = page_of(r, titles[i]);
        const char *hex = json_string_value(dig(page, "imageinfo", "0", "sha1", NULL));
        sha1[i][0] = '\0';
        if (!page)
            rc = fail(s, "no page in the answer about '%s'", titles[i]);
        else if (json_is_true(json_object_get(page, "invalid"))) {
            const char *why = json_string_value(json_object_get(page, "invalidreason"));
            rc = fail(s, "invalid title '%s': %s", titles[i], why ? why : "no reason given");
        } else if (hex && strlen(hex) == 40)
            memcpy(sha1[i], hex, 41);
    }
    json_decref(r);
    for (size_t i = 0; i < n; i++)
        free(titles[i]);
    free(titles);
    cp_buf_free(&list);
    return rc;
}

int mw_files_sha1(mw_session *s, const char *const *names, size_t n, char (*sha1)[41], size_t *done)
{
    *done = 0;
    while (*done < n) {
        size_t k = n - *done < TITLES_PER_QUERY ? n - *done : TITLES_PER_QUERY;
        if (sha1_batch(s, names + *done, k, sha1 + *done))
            return -1;
        *done += k;
    }
    return 0;
}

/* Sleeps into the next whole second of the clock (and 50 ms more, for a
 * wiki whose clock is a little behind). */
static void wait_next_second(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    struct timespec wait = { 0, 1000000000L - now.tv_nsec + 50000000L };
    if (wait.tv_nsec >= 1000000000L) {
        wait.tv_sec = 1;
        wait.tv_nsec -= 1000000000L;
    }
    while (nanosleep(&wait, &wait) != 0 && errno == EINTR)
        ;
}

int mw_upload(mw_session *s, const char *name, const char *data, size_t len, const char *comment)
{
    const param p[] = { { "action", "upload" }, { "filename", name }, { "comment", comment },
                        { "ignorewarnings", "1" }, { "assert", "user" }, { "token", s->csrf },
                        { NULL, NULL } };
    const file_part f = { name, data, len };
    char *what = cp_xasprintf("upload of File:%s", name);
    int rc = -1;
    for (int attempt = 1; attempt <= UPLOAD_TRIES; attempt++) {
        json_t *r;
        rc = write_call(s, p, &f, what, &r);
        json_decref(r);
        if (rc == 0 || !s->error_code || strcmp(s->error_code, RETRY_CODE) || attempt == UPLOAD_TRIES)
            break;
        wait_next_second();
    }
    free(what);
    return rc;
}
