#include "run.h"

#include <stdlib.h>
#include <string.h>

#include "machines.h"
#include "plugin_args.h"
#include "quote.h"
#include "cryptoperf.h"

static char *label_of(const cpr_image *im)
{
    const char *base = strrchr(im->image, '/');
    base = base ? base + 1 : im->image;
    size_t n = strlen(base);
    if (n > 4 && strcmp(base + n - 4, ".elf") == 0)
        n -= 4;
    if (im->library && im->version)
        return cp_xasprintf("%s-%s %.*s", im->library, im->version, (int)n, base);
    return cp_xstrndup(base, n);
}

/* "-plugin ARG" for an image of a modelled core, nothing for the others;
 * -1 when the image cannot run under the model (said on err). The window
 * function and the wrap handler are the firmware's own (firmware/hal):
 * windows open and close on cp_window_mark, and SysTick_Handler, which
 * only counts the counter's epochs, counts in none. */
static int plugin_argv(cpr_runs *r, size_t j, const char *kernel, char **argv, size_t *n, FILE *err)
{
    static const char *const exclude[] = { "SysTick_Handler" };
    const cpc_machine *mach = cpc_machine_find(r->image[j]->machine);
    r->model[j] = CPR_MODEL_NONE;
    if (!r->plugin)
        return 0;
    if (!mach || !mach->model) {
        r->model[j] = CPR_MODEL_NOT_MODELLED;
        return 0;
    }
    cpc_args_request rq = { r->plugin, mach, kernel, "cp_window_mark", exclude, 1, 2 };
    char why[1024], *arg;
    if (cpc_plugin_args(&rq, &arg, why, sizeof why) != CPC_ARGS_OK) {
        fprintf(err, "%s: cannot run under the cycle model: %s\n", r->image[j]->image, why);
        return -1;
    }
    argv[(*n)++] = cp_xstrdup("-plugin");
    argv[(*n)++] = arg;
    r->model[j] = CPR_MODEL_RAN;
    return 0;
}

int cpr_runs_init(cpr_runs *r, const cpr_manifest *m, const char *const *kinds, size_t nkinds,
                  const char *qemu, const char *top, unsigned timeout, const char *plugin, FILE *err)
{
    int rc = 0;
    memset(r, 0, sizeof *r);
    r->plugin = plugin;
    r->image = cp_xcalloc(m->n, sizeof *r->image);
    r->jobs = cp_xcalloc(m->n, sizeof *r->jobs);
    r->argv = cp_xcalloc(m->n, sizeof *r->argv);
    r->label = cp_xcalloc(m->n, sizeof *r->label);
    r->failed = cp_xcalloc(m->n, sizeof *r->failed);
    r->frame = cp_xcalloc(m->n, sizeof *r->frame);
    r->name = cp_xcalloc(m->n, sizeof *r->name);
    r->why = cp_xcalloc(m->n, sizeof *r->why);
    r->model = cp_xcalloc(m->n, sizeof *r->model);
    for (size_t i = 0; i < m->n; i++) {
        const cpr_image *im = &m->v[i];
        int want = 0;
        for (size_t k = 0; k < nkinds; k++)
            want |= strcmp(im->kind, kinds[k]) == 0;
        if (!want)
            continue;
        size_t j = r->n++;
        char *kernel = im->image[0] == '/' ? cp_xstrdup(im->image) : cp_xasprintf("%s/%s", top, im->image);
        /* No -nographic: its stdio chardev puts QEMU's stdout in
         * non-blocking mode, and semihosting writes are then dropped when
         * the reader falls behind (firmware/runner/README.md). */
        char *const fixed[] = {
            cp_xstrdup(qemu), cp_xstrdup("-M"), cp_xstrdup(im->machine), cp_xstrdup("-display"),
            cp_xstrdup("none"), cp_xstrdup("-serial"), cp_xstrdup("none"),
            cp_xstrdup("-monitor"), cp_xstrdup("none"), cp_xstrdup("-semihosting-config"),
            cp_xstrdup("enable=on,target=native"), cp_xstrdup("-icount"),
            cp_xasprintf("shift=%d", im->icount_shift),
        };
        enum { NFIXED = sizeof fixed / sizeof fixed[0] };
        char **argv = cp_xcalloc(NFIXED + 5, sizeof *argv);
        size_t n = NFIXED;
        memcpy(argv, fixed, sizeof fixed);
        r->image[j] = im;
        if (plugin_argv(r, j, kernel, argv, &n, err) < 0)
            rc = -1;
        argv[n++] = cp_xstrdup("-kernel");
        argv[n++] = kernel;
        r->argv[j] = argv;
        r->label[j] = label_of(im);
        r->jobs[j].label = r->label[j];
        r->jobs[j].argv = r->argv[j];
        r->jobs[j].timeout_s = timeout ? timeout : im->timeout_s;
    }
    return rc;
}

int cpr_runs_execute(cpr_runs *r, unsigned parallel, FILE *progress, int tty)
{
    cpr_pool_opts o = { .parallel = parallel, .progress = progress, .tty = tty };
    return cpr_pool_run(r->jobs, r->n, &o);
}

char *cpr_last_case(const char *out, int *finished)
{
    static const char tag[] = "# case ";
    const char *last = NULL;
    *finished = 0;
    for (const char *p = out; p && *p;) {
        const char *s = p + strspn(p, " ");
        if (strncmp(s, tag, sizeof tag - 1) == 0) {
            last = s + sizeof tag - 1;
            *finished = 0;
        } else if (last && s[0] == '-' && (s[1] == ' ' || s[1] == '\n')) {
            *finished = 1;
        }
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    return last ? cp_xstrndup(last, strcspn(last, " \r\n")) : NULL;
}

/* Prints the lines of stderr that say what failed ("error: ..."), or all of
 * it when there is none (QEMU's own complaints). Returns how many lines. */
static unsigned echo_errors(FILE *err, const char *image, const char *text)
{
    unsigned n = 0;
    for (int any = 0; any < 2 && n == 0; any++) {
        for (const char *p = text; p && *p;) {
            size_t len = strcspn(p, "\n");
            if (len && (any || strncmp(p, "error:", 6) == 0)) {
                char *line = cp_xstrndup(p, len);
                fprintf(err, "%s: says %s\n", image, cpr_q(line));
                free(line);
                n++;
            }
            p = p[len] ? p + len + 1 : NULL;
        }
    }
    return n;
}

unsigned cpr_runs_report(cpr_runs *r, FILE *err)
{
    unsigned failed = 0;
    for (size_t i = 0; i < r->n; i++) {
        const cpr_job *job = &r->jobs[i];
        const char *image = r->name[i] ? r->name[i] : r->image[i]->image;
        char *why = r->why[i] ? cp_xstrdup(r->why[i]) : cpr_job_failure(job);
        const char *errtext = job->err.data ? job->err.data : "";
        int error_lines = strstr(errtext, "error:") == errtext || strstr(errtext, "\nerror:") != NULL;
        char *broken = NULL;
        cpr_frame *f = &r->frame[i];
        int whole = cpr_frame_check(job->out.data ? job->out.data : "", job->out.len, f, &broken) == 0;
        if (!why && !error_lines && whole)
            continue;
        /* Exit status 0 and no error line: the firmware ran to its end, and
         * only the document is wrong. What frame.c found (byte counts, the
         * CRC-32 the end line says and the one found) is all there is to say. */
        int transit = !why && !error_lines;
        if (transit)
            why = cp_xasprintf("exit status 0 but %s document: %s",
                               f->status == CPR_FRAME_CUT ? "an incomplete" : "a corrupted", broken);
        free(broken);
        r->failed[i] = 1;
        failed++;
        /* The firmware names the case of a known-answer failure itself; for
         * a fault or a hang its output tells how far it got. A document that
         * got to its end line, or whose firmware exited 0, ran past every
         * case: no case is to blame, and the last "# case" line of a
         * corrupted document is no evidence of one. */
        int named = strstr(errtext, "error: case ") != NULL || transit || f->status != CPR_FRAME_CUT,
            finished = 0;
        char *last = named ? NULL : cpr_last_case(job->out.data, &finished);
        char *after = named ? cp_xstrdup("")
                      : !last  ? cp_xstrdup(" before the first case reported a result")
                      : finished ? cp_xasprintf(" in the case after %s (the last that reported)", last)
                                 : cp_xasprintf(" in case %s", last);
        if (job->timed_out && !job->why)
            fprintf(err, "%s: timed out after %u s%s\n", image, job->timeout_s, after);
        else
            fprintf(err, "%s: %s%s\n", image, why ? why : "reported errors with exit status 0", after);
        free(after);
        echo_errors(err, image, errtext);
        free(last);
        free(why);
    }
    return failed;
}

void cpr_runs_free(cpr_runs *r)
{
    for (size_t i = 0; i < r->n; i++) {
        for (char **a = r->argv[i]; *a; a++)
            free(*a);
        free(r->argv[i]);
        free(r->label[i]);
        free(r->name[i]);
        free(r->why[i]);
        cpr_job_free(&r->jobs[i]);
    }
    free(r->image);
    free(r->jobs);
    free(r->argv);
    free(r->label);
    free(r->failed);
    free(r->frame);
    free(r->model);
    free(r->name);
    free(r->why);
    memset(r, 0, sizeof *r);
}
