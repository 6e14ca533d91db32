/* nftw(3) */
#define _XOPEN_SOURCE 700

#include "lava.h"

#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lavajob.h"
#include "lavalog.h"
#include "quote.h"
#include "cryptoperf.h"

int cpr_backend_parse(const char *name, cpr_backend *out)
{
    static const struct { const char *name; cpr_backend b; } names[] = {
        { "direct", CPR_BACKEND_DIRECT }, { "lava-local", CPR_BACKEND_LAVA_LOCAL },
        { "lava", CPR_BACKEND_LAVA },     { "lava-jobs", CPR_BACKEND_LAVA_JOBS },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) {
            *out = names[i].b;
            return 0;
        }
    return -1;
}

static int emulated(const cpr_image *im)
{
    return strcmp(im->machine, "-") != 0;
}

int cpr_backend_needs_icount(cpr_backend b, const cpr_image *im)
{
    return b == CPR_BACKEND_DIRECT || emulated(im);
}

/* ---- job definitions ---- */

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The image file name without ".elf": the job definition's name. */
static char *job_stem(const cpr_image *im)
{
    const char *b = base_name(im->image);
    size_t n = strlen(b);
    return cp_xstrndup(b, n > 4 && strcmp(b + n - 4, ".elf") == 0 ? n - 4 : n);
}

static char *image_url(const cpr_lava_opts *o, const char *top, const cpr_image *im)
{
    cp_buf b = { 0 };
    if (o->image_url && im->image[0] != '/') {
        cp_buf_puts(&b, o->image_url);
        cp_buf_put_url(&b, im->image, "/");
        return b.data;
    }
    char *path = im->image[0] == '/' ? cp_xstrdup(im->image) : cp_xasprintf("%s/%s", top, im->image);
    char *abs = realpath(path, NULL);
    cp_buf_puts(&b, "file://");
    cp_buf_put_url(&b, abs ? abs : path, "/");
    free(abs);
    free(path);
    return b.data;
}

/* The QEMU options of argv that the device dictionary does not fix
 * (firmware/runner/lava/cryptoperf-qemu.jinja2 gives -M from the job context and
 * -display, -serial, -monitor none): "option value" each, up to -kernel. */
static size_t extra_options(char *const *argv, char ***out)
{
    static const char *const fixed[] = { "-M", "-display", "-serial", "-monitor" };
    size_t n = 0;
    *out = NULL;
    for (size_t i = 1; argv[i] && argv[i + 1] && strcmp(argv[i], "-kernel") != 0; i += 2) {
        int skip = 0;
        for (size_t f = 0; f < sizeof fixed / sizeof fixed[0]; f++)
            skip |= strcmp(argv[i], fixed[f]) == 0;
        if (skip)
            continue;
        *out = cp_xrealloc(*out, (n + 1) * sizeof **out);
        (*out)[n++] = cp_xasprintf("%s %s", argv[i], argv[i + 1]);
    }
    return n;
}

static char *job_text(const cpr_runs *r, size_t i, const cpr_lava_opts *o, const char *top, const char *manifest)
{
    const cpr_image *im = r->image[i];
    char **extra = NULL;
    size_t nextra = emulated(im) ? extra_options(r->argv[i], &extra) : 0;
    char *url = image_url(o, top, im);
    char *comment = cp_xasprintf("cryptoperf-run: %s of %s:%u, board %s", im->image, manifest, im->line, im->board);
    char *name = cp_xasprintf("cryptoperf %s", r->label[i]);
    cpr_lava_job j = {
        .comment = comment, .job_name = name, .device_type = emulated(im) ? "qemu" : im->board,
        .image_url = url, .machine = emulated(im) ? im->machine : NULL,
        .extra = (const char *const *)extra, .nextra = nextra,
        .tags = (const char *const *)o->tags, .ntags = o->ntags, .timeout_s = r->jobs[i].timeout_s,
    };
    cp_buf b = { 0 };
    cpr_lava_job_text(&b, &j);
    for (size_t k = 0; k < nextra; k++)
        free(extra[k]);
    free(extra);
    free(url);
    free(comment);
    free(name);
    return b.data;
}

/* Writes the job definitions into dir as <image stem>.yaml; their paths
 * into files[]. Returns the number of problems (reported). */
static unsigned write_jobs(const cpr_runs *r, const cpr_lava_opts *o, const char *top, const char *dir,
                           char **files, FILE *err)
{
    unsigned problems = 0;
    for (size_t i = 0; i < r->n; i++) {
        char *stem = job_stem(r->image[i]);
        files[i] = cp_xasprintf("%s/%s.yaml", dir, stem);
        free(stem);
        for (size_t k = 0; k < i; k++)
            if (strcmp(files[k], files[i]) == 0) {
                fprintf(err, "%s: two images of the run have this job definition's name (%s and %s)\n", files[i],
                        r->image[k]->image, r->image[i]->image);
                problems++;
            }
        char *text = job_text(r, i, o, top, o->manifest ? o->manifest : "the manifest");
        if (cp_write_file_atomic(files[i], text, strlen(text)) < 0) {
            fprintf(err, "%s: cannot write the job definition: %s\n", files[i], cp_write_file_error());
            problems++;
        }
        free(text);
    }
    return problems;
}

/* ---- running the jobs ---- */

static char **argv_of(const char *const *words)
{
    size_t n = 0;
    while (words[n])
        n++;
    char **v = cp_xcalloc(n + 1, sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = cp_xstrdup(words[i]);
    return v;
}

static void argv_free(char **v)
{
    if (!v)
        return;
    for (char **a = v; *a; a++)
        free(*a);
    free(v);
}

/* lavacli's identity options, then the rest. */
static char **lavacli_argv(const cpr_lava_opts *o, const char *a, const char *b, const char *c, const char *d,
                           const char *e)
{
    const char *how = o->url ? "--uri" : "--identity", *who = o->url ? o->url : o->identity;
    const char *words[] = { o->lavacli, how, who, a, b, c, d, e, NULL };
    return argv_of(words);
}

long cpr_lava_command_diff(const char *boot_command, char *const *argv, char **found)
{
    size_t n = 0;
    while (argv[n])
        n++;
    char *copy = cp_xstrdup(boot_command);
    char *save = NULL, *w = strtok_r(copy, " ", &save);
    size_t k = 0;
    for (; k < n && w; k++, w = strtok_r(NULL, " ", &save)) {
        /* LAVA runs the program from PATH and the image from its own folder */
        int same = k == 0 || k == n - 1 ? strcmp(base_name(w), base_name(argv[k])) == 0 : strcmp(w, argv[k]) == 0;
        if (!same)
            break;
    }
    long at = k == n && !w ? -1 : (long)k;
    *found = at >= 0 && w ? cp_xstrdup(w) : NULL;
    free(copy);
    return at;
}

/* Puts what job i's log says into r: the image's stdout and stderr as the
 * direct back end would have captured them, and why LAVA did not complete
 * the job. The pool job ran lava-run or lavacli; its log is logtext. */
static void adopt(cpr_runs *r, size_t i, const cpr_lava_opts *o, const char *job_id, const char *logtext,
                  size_t loglen, const char *program)
{
    cpr_job *job = &r->jobs[i];
    r->name[i] = cp_xasprintf("%s (LAVA job %s)", r->image[i]->image, job_id);
    if (job->spawn_errno || job->timed_out)
        return;   /* the pool's own report says it: cannot run, or stuck past the job's limit */
    cpr_lava_log log;
    char *found = NULL;
    long at;
    cpr_lava_log_read(&log, logtext, loglen);
    int exited = job->exited, status = job->status, signal = job->signal;
    cp_buf_free(&job->out);
    cp_buf_free(&job->err);
    job->out = log.out;
    job->err = log.err;
    memset(&log.out, 0, sizeof log.out);
    memset(&log.err, 0, sizeof log.err);
    job->exited = 1;
    job->status = log.exit_status > 0 ? log.exit_status : 0;
    job->signal = 0;
    if (!log.finished) {
        char *how = exited ? cp_xasprintf("exit status %d", status) : cp_xasprintf("signal %d", signal);
        r->why[i] = cp_xasprintf("the job's log has no result from LAVA (%zu records; %s ended with %s%s%s)",
                                 log.records, program, how, log.stray ? ", last saying " : "",
                                 log.stray ? cpr_q(log.stray) : "");
        free(how);
    } else if (!log.passed && log.timed_out_s) {
        job->timed_out = 1;
        job->timeout_s = log.timed_out_s;
    } else if (!log.passed) {
        int closed = log.error_msg && strcmp(log.error_msg, "Connection closed") == 0;
        r->why[i] = cp_xasprintf("LAVA reports the job incomplete, %s error %s%s",
                                 log.error_type ? log.error_type : "an unnamed", cpr_q(log.error_msg),
                                 closed ? ": the image stopped before its end line" : "");
    } else if (emulated(r->image[i]) && !log.boot_command) {
        r->why[i] = cp_xstrdup("LAVA's log does not say how it ran QEMU (no 'Boot command' line)");
    } else if (emulated(r->image[i]) && (at = cpr_lava_command_diff(log.boot_command, r->argv[i], &found)) >= 0) {
        const char *want = r->argv[i][at];
        r->why[i] = cp_xasprintf("LAVA ran QEMU otherwise than the direct runner: argument %ld is %s, expected %s "
                                 "(is the device's dictionary firmware/runner/lava/cryptoperf-qemu.jinja2?)", at,
                                 found ? cpr_q(found) : "missing", want ? cpr_q(want) : "none");
    } else if (emulated(r->image[i]) && o->qemu_line && log.qemu_version && !strstr(o->qemu_line, log.qemu_version)) {
        /* the header names the QEMU of this machine; a worker's must be the same */
        r->why[i] = cp_xasprintf("LAVA ran QEMU %s, but the dataset would name this machine's (%s)",
                                 cpr_q(log.qemu_version), cpr_q(o->qemu_line));
    } else if (job->err.len && job->status == 0) {
        r->why[i] = cp_xstrdup("the job completed, but the image reported errors");
    }
    free(found);
    cpr_lava_log_free(&log);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

/* Runs the pool's jobs as argv[i] (lava-run or lavacli) instead of QEMU.
 * Returns what cpr_pool_run does. */
static int run_as(cpr_runs *r, char ***argv, unsigned parallel, FILE *progress, int tty)
{
    for (size_t i = 0; i < r->n; i++)
        r->jobs[i].argv = argv[i];
    cpr_pool_opts po = { .parallel = parallel, .progress = progress, .tty = tty };
    return cpr_pool_run(r->jobs, r->n, &po);
}

/* After run_as: when read, each job's log (the program's stderr or stdout)
 * is read back into its run; the runs get their QEMU argv back; argv and
 * ids are freed. */
static void read_back(cpr_runs *r, const cpr_lava_opts *o, char ***argv, char **ids, int read, const char *program,
                      int log_on_stderr)
{
    for (size_t i = 0; i < r->n; i++) {
        const cp_buf *log = log_on_stderr ? &r->jobs[i].err : &r->jobs[i].out;
        if (read)
            adopt(r, i, o, ids[i], log->data ? log->data : "", log->len, program);
        r->jobs[i].argv = r->argv[i];
        argv_free(argv[i]);
        free(ids[i]);
    }
    free(argv);
    free(ids);
}

static int run_local(cpr_runs *r, const cpr_lava_opts *o, char **files, const char *work, unsigned parallel,
                     FILE *progress, int tty)
{
    char ***argv = cp_xcalloc(r->n, sizeof *argv);
    char **ids = cp_xcalloc(r->n, sizeof *ids);
    int rc = 0;
    for (size_t i = 0; i < r->n && rc == 0; i++) {
        char *device = cp_xasprintf("%s/%s.yaml", o->devices, r->image[i]->board);
        if (access(device, R_OK) != 0) {
            fprintf(stderr, "%s: %s: no device configuration for board %s (make lava-devices renders the emulated "
                    "boards'): %s\n", r->image[i]->image, device, r->image[i]->board, strerror(errno));
            rc = -2;
        }
        /* Job ids name lava-run's folder under /var/lib/lava/dispatcher/tmp:
         * the process id keeps two runners on one machine apart. */
        ids[i] = cp_xasprintf("local-%ld-%zu", (long)getpid(), i + 1);
        char *out = cp_xasprintf("%s/%s", work, ids[i]);
        const char *words[] = { o->lava_run, "--job-id", ids[i], "--output-dir", out, "--device", device,
                                files[i], NULL };
        argv[i] = argv_of(words);
        free(out);
        free(device);
        /* LAVA holds the image to its limit; this one only stops a stuck lava-run. */
        r->jobs[i].timeout_s += 300;
    }
    if (rc == 0)
        rc = run_as(r, argv, parallel, progress, tty);
    read_back(r, o, argv, ids, rc == 0, "lava-run", 1);
    return rc;
}

/* The job id lavacli printed for a submission, or NULL. */
static char *submitted_id(const cpr_job *job)
{
    const char *s = job->out.data ? job->out.data : "";
    size_t n = strspn(s, "0123456789");
    if (!job->exited || job->status != 0 || n == 0 || strspn(s + n, "\r\n") != strlen(s + n))
        return NULL;
    return cp_xstrndup(s, n);
}

/* Numeric order of two job ids (digit strings without leading zeros). */
static int id_less(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    return la != lb ? la < lb : strcmp(a, b) < 0;
}

static void cancel(const cpr_lava_opts *o, char **ids, size_t n)
{
    cpr_job *jobs = cp_xcalloc(n, sizeof *jobs);
    char ***argv = cp_xcalloc(n, sizeof *argv);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (ids[i]) {
            argv[k] = lavacli_argv(o, "jobs", "cancel", ids[i], NULL, NULL);
            jobs[k].label = ids[i];
            jobs[k].argv = argv[k];
            jobs[k].timeout_s = 60;
            k++;
        }
    cpr_pool_opts po = { .parallel = 4 };
    if (k) {
        fprintf(stderr, "cryptoperf-run: cancelling %zu submitted job%s\n", k, k == 1 ? "" : "s");
        cpr_pool_run(jobs, k, &po);
    }
    for (size_t i = 0; i < k; i++) {
        cpr_job_free(&jobs[i]);
        argv_free(argv[i]);
    }
    free(jobs);
    free(argv);
}

static int run_server(cpr_runs *r, const cpr_lava_opts *o, char **files, unsigned parallel, FILE *progress,
                      int tty)
{
    char ***argv = cp_xcalloc(r->n, sizeof *argv);
    char **ids = cp_xcalloc(r->n, sizeof *ids);
    cpr_job *submit = cp_xcalloc(r->n, sizeof *submit);
    for (size_t i = 0; i < r->n; i++) {
        argv[i] = lavacli_argv(o, "jobs", "submit", files[i], NULL, NULL);
        submit[i].label = r->label[i];
        submit[i].argv = argv[i];
        submit[i].timeout_s = 120;
    }
    cpr_pool_opts quiet = { .parallel = parallel };
    int rc = cpr_pool_run(submit, r->n, &quiet);
    unsigned refused = 0;
    for (size_t i = 0; i < r->n; i++) {
        ids[i] = submitted_id(&submit[i]);
        if (!ids[i] && rc == 0) {
            char *why = cpr_job_failure(&submit[i]);
            const char *said = submit[i].out.len ? submit[i].out.data : submit[i].err.data;
            char *line = said ? cp_xstrndup(said, strcspn(said, "\n")) : NULL;
            fprintf(stderr, "%s: the server did not take the job definition (%s): lavacli %s%s\n", files[i],
                    r->image[i]->image, why ? why : "printed no job id", line ? cpr_q(line) : "");
            free(line);
            free(why);
            refused++;
        }
        cpr_job_free(&submit[i]);
        argv_free(argv[i]);
        argv[i] = NULL;
    }
    free(submit);
    if (rc == 0 && refused)
        rc = -2;
    if (rc == 0) {
        /* submitted several at a time: name the lowest and the highest id */
        size_t lo = 0, hi = 0;
        for (size_t i = 1; i < r->n; i++) {
            if (id_less(ids[i], ids[lo]))
                lo = i;
            if (id_less(ids[hi], ids[i]))
                hi = i;
        }
        fprintf(stderr, "cryptoperf-run: %zu jobs submitted to %s (ids %s to %s); waiting for them\n", r->n,
                o->url ? o->url : o->identity, ids[lo], ids[hi]);
        char poll[16];
        snprintf(poll, sizeof poll, "%u", o->poll_s);
        for (size_t i = 0; i < r->n; i++) {
            /* `jobs logs` follows the log until the job has finished */
            argv[i] = lavacli_argv(o, "jobs", "logs", ids[i], "--raw", "--polling");
            char **a = argv[i];
            size_t n = 0;
            while (a[n])
                n++;
            argv[i] = cp_xrealloc(a, (n + 2) * sizeof *a);
            argv[i][n] = cp_xstrdup(poll);
            argv[i][n + 1] = NULL;
            r->jobs[i].timeout_s = 0;   /* the queue may be long; LAVA bounds each job */
        }
        rc = run_as(r, argv, parallel, progress, tty);
    }
    if (rc != 0)
        cancel(o, ids, r->n);
    read_back(r, o, argv, ids, rc == 0, "lavacli", 0);
    return rc;
}

int cpr_lava_execute(cpr_runs *r, const cpr_lava_opts *o, const char *top, unsigned parallel, FILE *progress,
                     int tty)
{
    const char *tmp = getenv("TMPDIR");
    char *work = cp_xasprintf("%s/cryptoperf-lava.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(work)) {
        fprintf(stderr, "cryptoperf-run: cannot make a temporary folder %s: %s\n", work, strerror(errno));
        free(work);
        return -2;
    }
    char *jobs = o->jobs ? cp_xstrdup(o->jobs) : cp_xasprintf("%s/jobs", work);
    char **files = cp_xcalloc(r->n ? r->n : 1, sizeof *files);
    int rc = write_jobs(r, o, top, jobs, files, stderr) ? -2 : 0;
    if (rc == 0 && o->backend == CPR_BACKEND_LAVA_JOBS)
        fprintf(stderr, "wrote %zu job definition%s to %s\n", r->n, r->n == 1 ? "" : "s", jobs);
    else if (rc == 0 && o->backend == CPR_BACKEND_LAVA_LOCAL)
        rc = run_local(r, o, files, work, parallel, progress, tty);
    else if (rc == 0)
        rc = run_server(r, o, files, parallel, progress, tty);
    for (size_t i = 0; i < r->n; i++)
        free(files[i]);
    free(files);
    free(jobs);
    nftw(work, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(work);
    return rc;
}
