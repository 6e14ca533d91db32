#include "lavalog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cryptoperf.h"

void cpr_lava_unescape(cp_buf *b, const char *line)
{
    for (const char *p = line; *p; p++)
        if (!(p[0] == '\\' && p[1] == '"'))
            cp_buf_putc(b, *p);
}

static const char *map_text(const cp_node *map, const char *key)
{
    return cp_scalar(cp_map_get(map, key));
}

static void replace(char **slot, const char *value)
{
    free(*slot);
    *slot = value ? cp_xstrdup(value) : NULL;
}

/* A "results" record: the job's own verdict and the QEMU LAVA ran. */
static void read_result(cpr_lava_log *log, const cp_node *msg)
{
    const char *def = map_text(msg, "definition"), *c = map_text(msg, "case");
    if (!def || !c || strcmp(def, "lava") != 0)
        return;
    if (strcmp(c, "execute-qemu") == 0) {
        replace(&log->qemu_version, map_text(cp_map_get(msg, "extra"), "qemu_version"));
    } else if (strcmp(c, "job") == 0) {
        const char *result = map_text(msg, "result");
        log->finished = 1;
        log->passed = result && strcmp(result, "pass") == 0;
        replace(&log->error_type, map_text(msg, "error_type"));
        replace(&log->error_msg, map_text(msg, "error_msg"));
        const char *t = log->error_msg ? strstr(log->error_msg, "timed out after ") : NULL;
        unsigned s;
        log->timed_out_s = t && sscanf(t, "timed out after %u second", &s) == 1 ? s : 0;
    }
}

/* One console line: the image's stdout, its stderr ("error: …"), or a
 * board's exit status ("exit: N": a board has one channel, firmware/runner/
 * README.md "The serial lane"). */
static void read_target(cpr_lava_log *log, const char *line)
{
    int n = -1, status;
    if (sscanf(line, "exit: %d%n", &status, &n) == 1 && n == (int)strlen(line)) {
        log->exit_status = status;
        return;
    }
    cp_buf *to = strncmp(line, "error:", 6) == 0 ? &log->err : &log->out;
    cpr_lava_unescape(to, line);
    cp_buf_putc(to, '\n');
}

void cpr_lava_log_read(cpr_lava_log *log, const char *text, size_t len)
{
    memset(log, 0, sizeof *log);
    log->exit_status = -1;
    /* LAVA writes to the console only after the test (finalize sends
     * "poweroff"). Console lines logged after that input are still the
     * image's until its echo: LAVA logs a line only once its newline has
     * arrived, so the end of a line in flight comes after the input. */
    int console_open = 1;
    char *sent = NULL;   /* LAVA's first input, as its echo would read */
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        char *line = cp_xstrndup(text + at, n);
        at += n + (nl != NULL);
        if (n && line[n - 1] == '\r')
            line[--n] = '\0';
        const char *rec = strncmp(line, "- {", 3) == 0 ? line + 2 : line;
        cp_doc doc = { 0 };
        int record = rec[0] == '{' && cp_doc_load_mem(&doc, "LAVA log", rec, strlen(rec), NULL) == 0 &&
                     doc.root && doc.root->kind == CP_MAP;
        if (!record) {
            if (n)
                replace(&log->stray, line);
            cp_doc_free(&doc);
            free(line);
            continue;
        }
        log->records++;
        const char *lvl = map_text(doc.root, "lvl");
        const cp_node *msg = cp_map_get(doc.root, "msg");
        const char *msg_text = cp_scalar(msg);
        if (!lvl) {
            /* not a record of ours to read */
        } else if (strcmp(lvl, "target") == 0 && msg_text && console_open) {
            if (sent && strcmp(msg_text, sent) == 0)
                console_open = 0;
            else
                read_target(log, msg_text);
        } else if (strcmp(lvl, "input") == 0 && msg_text && !sent) {
            sent = cp_xstrndup(msg_text, strcspn(msg_text, "\r\n"));
        } else if (strcmp(lvl, "info") == 0 && msg_text && strncmp(msg_text, "Boot command: ", 14) == 0) {
            replace(&log->boot_command, msg_text + 14);
        } else if (strcmp(lvl, "results") == 0 && msg && msg->kind == CP_MAP) {
            read_result(log, msg);
        }
        cp_doc_free(&doc);
        free(line);
    }
    free(sent);
}

void cpr_lava_log_free(cpr_lava_log *log)
{
    cp_buf_free(&log->out);
    cp_buf_free(&log->err);
    free(log->boot_command);
    free(log->qemu_version);
    free(log->error_type);
    free(log->error_msg);
    free(log->stray);
    memset(log, 0, sizeof *log);
}
