#include "runcache.h"

#include <errno.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "frame.h"
#include "cryptoperf.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* SHA-256 of a file into ctx; -1 when it cannot be read. */
static int hash_file(EVP_MD_CTX *ctx, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        EVP_DigestUpdate(ctx, buf, n);
    int rc = ferror(f) ? -1 : 0;
    fclose(f);
    return rc;
}

static void hex(const unsigned char *d, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++)
        snprintf(out + 2 * i, 3, "%02x", d[i]);
}

/* What a cached run's output depends on besides its key's files: how the
 * runner launches an image and keeps its output. Raise it when that
 * changes; everything else the runner does (parsing, checks, datasets)
 * runs again on the cached output, so a new runner binary alone must not
 * throw the cache away (it did: every runner change cost a full sweep of
 * every board). */
#define CPR_RUN_PROTOCOL "cryptoperf-run launch 1"

/* The key of a run: the ELF, the argv, QEMU's version, the launch protocol
 * and, for a run under the cycle model, the plugin (a new model must time
 * the images again; its path alone in the argv would not say so). */
static int run_key(char *const *argv, const char *elf, const char *plugin, const char *qemu_line, char key[65])
{
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned char d[32];
    unsigned len = 0;
    int rc = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) ? 0 : -1;
    for (char *const *a = argv; rc == 0 && *a; a++)
        EVP_DigestUpdate(ctx, *a, strlen(*a) + 1);
    if (rc == 0 && qemu_line)
        EVP_DigestUpdate(ctx, qemu_line, strlen(qemu_line) + 1);
    if (rc == 0)
        rc = hash_file(ctx, elf);
    if (rc == 0)
        EVP_DigestUpdate(ctx, CPR_RUN_PROTOCOL, sizeof CPR_RUN_PROTOCOL);
    if (rc == 0 && plugin)
        rc = hash_file(ctx, plugin);
    if (rc == 0 && EVP_DigestFinal_ex(ctx, d, &len) == 1)
        hex(d, 32, key);
    else
        rc = -1;
    EVP_MD_CTX_free(ctx);
    return rc;
}

/* An entry: "cryptoperf-run 1\nseconds S\nout N\n" N bytes "err M\n" M bytes. */
static int load(const char *path, cpr_job *job)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    double seconds;
    size_t n, m;
    int ok = fscanf(f, "cryptoperf-run 1\nseconds %lf\nout %zu", &seconds, &n) == 2 && fgetc(f) == '\n';
    char *out = ok ? cp_xmalloc(n + 1) : NULL;
    ok = ok && fread(out, 1, n, f) == n && fscanf(f, "err %zu", &m) == 1 && fgetc(f) == '\n';
    char *err = ok ? cp_xmalloc(m + 1) : NULL;
    ok = ok && fread(err, 1, m, f) == m && fgetc(f) == EOF;
    fclose(f);
    if (ok) {
        cp_buf_put(&job->out, out, n);
        cp_buf_put(&job->err, err, m);
        job->exited = 1;
        job->status = 0;
        job->seconds = seconds;
    }
    free(out);
    free(err);
    return ok;
}

static void store(const char *path, const cpr_job *job)
{
    cp_buf b = { 0 };
    cp_buf_printf(&b, "cryptoperf-run 1\nseconds %.3f\nout %zu\n", job->seconds, job->out.len);
    cp_buf_put(&b, job->out.data ? job->out.data : "", job->out.len);
    cp_buf_printf(&b, "err %zu\n", job->err.len);
    cp_buf_put(&b, job->err.data ? job->err.data : "", job->err.len);
    cp_write_file_atomic(path, b.data, b.len); /* a cache: failing to keep it is no error */
    cp_buf_free(&b);
}

/* Durations of earlier runs by image: "seconds\timage" lines. */
static double duration_of(const char *text, const char *image)
{
    for (const char *p = text; p && *p;) {
        const char *tab = strchr(p, '\t'), *nl = strchr(p, '\n');
        if (!nl)
            break;
        if (tab && tab < nl && (size_t)(nl - tab - 1) == strlen(image) && strncmp(tab + 1, image, nl - tab - 1) == 0)
            return strtod(p, NULL);
        p = nl + 1;
    }
    return -1;
}

/* The document passed: exit 0, no error line, a whole document. */
static int passed(const cpr_job *job)
{
    cpr_frame f;
    char *why = NULL;
    const char *err = job->err.data ? job->err.data : "";
    int ok = job->exited && job->status == 0 && !job->timed_out && !strstr(err, "error:") &&
             cpr_frame_check(job->out.data ? job->out.data : "", job->out.len, &f, &why) == 0;
    free(why);
    return ok;
}

static unsigned long long sum_lines(const cp_buf *b, const char *prefix)
{
    unsigned long long sum = 0;
    size_t n = strlen(prefix);
    for (const char *p = b->data; p && *p;) {
        if (strncmp(p, prefix, n) == 0)
            sum += strtoull(p + n, NULL, 10);
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    return sum;
}

typedef struct {
    size_t i;
    double last;
} order_item;

static int longest_first(const void *a, const void *b)
{
    const order_item *x = a, *y = b;
    /* unknown (-1) first, then longest first, then manifest order */
    double kx = x->last < 0 ? 1e300 : x->last, ky = y->last < 0 ? 1e300 : y->last;
    return kx > ky ? -1 : kx < ky ? 1 : x->i < y->i ? -1 : x->i > y->i;
}

int cpr_runs_execute_cached(cpr_runs *r, unsigned parallel, FILE *progress, int tty, const char *cache_dir,
                            const char *qemu_line, cpr_sweep *stats)
{
    double start = now_s();
    memset(stats, 0, sizeof *stats);
    stats->images = r->n;
    char **keys = cp_xcalloc(r->n ? r->n : 1, sizeof *keys);
    char *durations = NULL, *dpath = NULL;
    if (cache_dir) {
        mkdir(cache_dir, 0777);
        dpath = cp_xasprintf("%s/durations.tsv", cache_dir);
        size_t len;
        durations = cp_read_file(dpath, &len);
    }
    order_item *order = cp_xcalloc(r->n ? r->n : 1, sizeof *order);
    size_t todo = 0;
    for (size_t i = 0; i < r->n; i++) {
        char key[65];
        const char *elf = NULL;
        for (char *const *a = r->argv[i]; *a && !elf; a++)
            if (strcmp(*a, "-kernel") == 0)
                elf = a[1];
        if (cache_dir && elf && run_key(r->argv[i], elf, r->model[i] == CPR_MODEL_RAN ? r->plugin : NULL, qemu_line, key) == 0) {
            keys[i] = cp_xasprintf("%s/%s.run", cache_dir, key);
            if (load(keys[i], &r->jobs[i])) {
                stats->reused++;
                continue;
            }
        }
        order[todo].i = i;
        order[todo].last = durations ? duration_of(durations, r->image[i]->image) : -1;
        todo++;
    }
    qsort(order, todo, sizeof *order, longest_first);
    cpr_job *batch = cp_xcalloc(todo ? todo : 1, sizeof *batch);
    for (size_t k = 0; k < todo; k++)
        batch[k] = r->jobs[order[k].i];
    cpr_pool_opts po = { .parallel = parallel, .progress = progress, .tty = tty };
    int rc = todo ? cpr_pool_run(batch, todo, &po) : 0;
    for (size_t k = 0; k < todo; k++) {
        size_t i = order[k].i;
        r->jobs[i] = batch[k];
        if (rc == 0 && keys[i] && passed(&r->jobs[i]))
            store(keys[i], &r->jobs[i]);
        stats->job_seconds += r->jobs[i].seconds;
        stats->executed += sum_lines(&r->jobs[i].out, "# instructions counted by this image in all: ");
        stats->reported += sum_lines(&r->jobs[i].out, "    instructions: ");
    }
    if (cache_dir && rc == 0) {
        cp_buf d = { 0 };
        for (size_t i = 0; i < r->n; i++)
            cp_buf_printf(&d, "%.3f\t%s\n", r->jobs[i].seconds, r->image[i]->image);
        cp_write_file_atomic(dpath, d.data ? d.data : "", d.len);
        cp_buf_free(&d);
    }
    for (size_t i = 0; i < r->n; i++)
        free(keys[i]);
    free(keys);
    free(batch);
    free(order);
    free(durations);
    free(dpath);
    stats->wall_seconds = now_s() - start;
    return rc;
}

void cpr_sweep_print(FILE *out, const cpr_sweep *s, unsigned cores)
{
    fprintf(out, "sweep: %zu images, %zu reused from earlier runs of the same ELF, QEMU command, QEMU and cycle model, %.1f s\n",
            s->images, s->reused, s->wall_seconds);
    if (!s->executed || s->job_seconds <= 0 || !cores)
        return;
    double ips = (double)s->executed / s->job_seconds;
    double ideal = 2.0 * (double)s->reported / ips / cores;
    fprintf(out, "sweep: %.2f G instructions reported by the images run, QEMU ran %.2f G instructions/s; "
            "ideal (twice the reported instructions on %u cores) %.1f s: %.2f x ideal\n",
            (double)s->reported / 1e9, ips / 1e9, cores, ideal, ideal > 0 ? s->wall_seconds / ideal : 0.0);
}
