/* The LAVA back end of cryptoperf-run (firmware/runner/README.md, "LAVA"):
 * the same runs as the direct back end, each as a LAVA job, run locally by
 * lava-run or on a server through lavacli. Each job's log is read back into
 * the image's stdout and stderr (lavalog.h), so the runner's own checks
 * (end line, known answers, evidence, result count) apply unchanged and the
 * datasets are the direct runner's, byte for byte. */
#ifndef CPR_LAVA_H
#define CPR_LAVA_H

#include <stdio.h>

#include "run.h"

typedef enum {
    CPR_BACKEND_DIRECT,       /* QEMU spawned by the runner (run.c) */
    CPR_BACKEND_LAVA_LOCAL,   /* lava-run on this machine, no server */
    CPR_BACKEND_LAVA,         /* a LAVA server, through lavacli */
    CPR_BACKEND_LAVA_JOBS,    /* only write the job definitions */
} cpr_backend;

typedef struct {
    cpr_backend backend;
    char *lava_run, *lavacli;   /* programs */
    char *url, *identity;       /* server: lavacli's --uri or --identity */
    char **tags;                /* device tags every job asks for */
    size_t ntags;
    char *devices;              /* local: folder of device configurations, <board>.yaml */
    char *jobs;                 /* folder the job definitions go to and stay in; NULL: a temporary one */
    char *image_url;            /* prefix of the images' URLs; NULL: file:// and the absolute path */
    unsigned poll_s;            /* server: how often lavacli asks for new log lines */
    const char *manifest;       /* borrowed: named in each job definition's first line */
    const char *qemu_line;      /* borrowed: this machine's `qemu-system-arm --version`, which the
                                   dataset header names; every job's QEMU must be that one */
} cpr_lava_opts;

/* "direct", "lava-local", "lava", "lava-jobs"; -1 for anything else. */
int cpr_backend_parse(const char *name, cpr_backend *out);
/* Whether an image needs an icount shift under backend b: every image QEMU
 * runs; a real board's image (machine '-') on LAVA does not. */
int cpr_backend_needs_icount(cpr_backend b, const cpr_image *im);
/* Defaults; then the config file (a YAML mapping, NULL for none), then the
 * KEY=VALUE settings of the command line (--lava), later ones winning.
 * Problems go to err as file:line:column or "--lava KEY=VALUE"; -1. */
int cpr_lava_opts_load(cpr_lava_opts *o, const char *config, char *const *sets, size_t nsets, FILE *err);
void cpr_lava_opts_free(cpr_lava_opts *o);

/* Writes every run's job definition and, unless the back end only writes
 * them, runs the jobs and puts what each image printed into r->jobs[i]
 * (out, err, status, timed_out), its name with the job id into r->name[i]
 * and LAVA's reason for a job that did not complete into r->why[i], for
 * cpr_runs_report. top: the folder image paths are relative to. Returns 0,
 * -1 when interrupted, -2 when the jobs could not be set up (reported). */
int cpr_lava_execute(cpr_runs *r, const cpr_lava_opts *o, const char *top, unsigned parallel, FILE *progress,
                     int tty);

/* Where LAVA's "Boot command" line departs from argv (the direct runner's
 * QEMU argv): -1 when it runs the same options in the same order with the
 * same program and image file names (LAVA runs them from its own paths),
 * else the index of the first argument that differs, *found set to LAVA's
 * word there (allocated; NULL when LAVA's line is shorter). */
long cpr_lava_command_diff(const char *boot_command, char *const *argv, char **found);

#endif
