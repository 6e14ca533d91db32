/* A LAVA job log read back into what the image printed. LAVA logs one YAML
 * record a line ({"dt": …, "lvl": …, "msg": …}; lava-run writes them to
 * stderr, `lavacli jobs logs --raw` prints them as "- {…}"). The records of
 * level "target" are the console, one line each, with every '"' escaped as
 * '\"' by LAVA's ShellLogger; "\r" and ESC are dropped by LAVA and "\n\n"
 * folded, so a document that had them no longer matches its end line's
 * length and CRC and is refused (frame.c) rather than believed. */
#ifndef CPR_LAVALOG_H
#define CPR_LAVALOG_H

#include <stddef.h>

#include "cryptoperf.h"

typedef struct {
    cp_buf out;           /* console lines before LAVA first wrote to it, except "error:" lines */
    cp_buf err;           /* the "error:" lines (the firmware's stderr) */
    char *boot_command;   /* "Boot command: …" of a QEMU boot, without the prefix; NULL if none */
    char *qemu_version;   /* the Debian version LAVA found of the QEMU it ran; NULL if none */
    int finished;         /* the log ends with the job's own result record */
    int passed;           /* … and it says pass */
    char *error_type;     /* of a job that did not pass: LAVA's class (Infrastructure, Test, Job, …) */
    char *error_msg;      /* and its message */
    unsigned timed_out_s; /* non-zero: the job failed because an action timed out after that many seconds */
    char *stray;          /* the last line that was no LAVA record (a crash of lava-run), or NULL */
    int exit_status;      /* a board's closing "exit: N" line (serial lane), or -1 */
    size_t records;       /* LAVA records read */
} cpr_lava_log;

/* Reads len bytes of log text. Never fails: a log without records or
 * without a job result says so through records and finished. */
void cpr_lava_log_read(cpr_lava_log *log, const char *text, size_t len);
void cpr_lava_log_free(cpr_lava_log *log);

/* A console line as the image printed it: LAVA's '\"' turned back into '"'.
 * Appends to b. */
void cpr_lava_unescape(cp_buf *b, const char *line);

#endif
