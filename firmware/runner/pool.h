/* Runs a list of commands in parallel, each with its own time limit, and
 * captures what they print. Each command is spawned from an argv (no shell)
 * in a process group of its own, so a timeout can kill it with everything it
 * started. */
#ifndef CPR_POOL_H
#define CPR_POOL_H

#include <stddef.h>
#include <stdio.h>

#include "cryptoperf.h"

/* A firmware image's whole report is a few hundred KiB: an image that
 * prints more is broken or hostile, and endless output must not fill the
 * memory (issue 30: 2 GB in 4 s). */
#define CPR_MAX_OUTPUT ((size_t)16 << 20)

typedef struct {
    /* in */
    const char *label;        /* shown in progress and messages */
    char *const *argv;        /* argv[0] is looked up in PATH */
    unsigned timeout_s;       /* 0: none */
    size_t max_output;        /* bytes kept of stdout, and of stderr; 0: CPR_MAX_OUTPUT */
    /* out */
    cp_buf out;               /* stdout */
    cp_buf err;               /* stderr */
    int exited;               /* 1: exit status in status; 0: see signal */
    int status;
    int signal;
    int timed_out;
    int cut;                  /* 1 (stdout), 2 (stderr): it printed more than max_output there, and was killed */
    int spawn_errno;          /* non-zero when the command could not start */
    char *why;                /* set by a lane that knows better (serial.c): the failure */
    double seconds;           /* wall time */
} cpr_job;

typedef struct {
    unsigned parallel;        /* at least 1 */
    FILE *progress;           /* NULL: quiet */
    int tty;                  /* rewrite one line instead of one per job */
} cpr_pool_opts;

/* Runs every job to completion (or timeout). Returns 0, or -1 when the run
 * was interrupted (SIGINT/SIGTERM): running jobs are then killed and the
 * rest are not started. */
int cpr_pool_run(cpr_job *jobs, size_t n, const cpr_pool_opts *opts);
/* "exit status 3", "killed by signal 9", "timed out after 20 s", "printed
 * more than 16 MiB on stdout: cut there and killed", ... */
char *cpr_job_failure(const cpr_job *job);
void cpr_job_free(cpr_job *job);

#endif
