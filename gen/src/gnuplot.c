/* One gnuplot process per run. Protocol: for chart n we write its script
 * to a file of our private temporary folder (gnuplot reads a file about
 * twice as fast as a pipe) and send `load '<file>'` and then
 * `print 'CPDONE n'`, so no data ever travels on the pipe. gnuplot's
 * `print` goes to stderr, in order with its error messages, so the lines
 * before the marker are what gnuplot said about chart n (a correct script
 * makes it say nothing). Sending and reading go through one poll() loop,
 * so neither pipe can fill up and block the other side. */
#include "gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "svg_clean.h"

extern char **environ;

typedef struct {
    char *path;
    char *svg;
    size_t len;
    char *title;    /* for messages */
} pending;

struct cp_gnuplot {
    FILE *err;
    pid_t pid;
    int to, from;           /* gnuplot's stdin; its stdout and stderr */
    char *tmpdir;
    char *tmpsvg;           /* where gnuplot writes the chart being drawn */
    char *tmpscript;        /* its script */
    cp_buf said;            /* what gnuplot printed and we have not used yet */
    unsigned long n;        /* charts sent */
    int failed;
    int dead;               /* gnuplot exited or its pipe broke */
    pending *out;
    size_t nout;
    struct sigaction old_pipe;
};

cp_gnuplot *cp_gnuplot_start(const char *program, FILE *err)
{
    cp_gnuplot *g = cp_xcalloc(1, sizeof *g);
    g->err = err;
    g->to = g->from = -1;
    /* the folder's name goes into `load` commands, before any chart script
     * has defined cp_q: a TMPDIR with a quote is not used */
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp || strchr(tmp, '\''))
        tmp = "/tmp";
    g->tmpdir = cp_xasprintf("%s/cryptoperf-charts.XXXXXX", tmp);
    if (!mkdtemp(g->tmpdir)) {
        fprintf(err, "cryptoperf: cannot make a temporary folder %s: %s\n", g->tmpdir, strerror(errno));
        free(g->tmpdir);
        free(g);
        return NULL;
    }
    g->tmpsvg = cp_xasprintf("%s/chart.svg", g->tmpdir);
    g->tmpscript = cp_xasprintf("%s/chart.gp", g->tmpdir);

    int in[2], out[2];
    if (pipe(in)) {
        fprintf(err, "cryptoperf: pipe: %s\n", strerror(errno));
        goto fail_dir;
    }
    if (pipe(out)) {
        fprintf(err, "cryptoperf: pipe: %s\n", strerror(errno));
        close(in[0]);
        close(in[1]);
        goto fail_dir;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, out[1], 2);
    posix_spawn_file_actions_addclose(&fa, in[1]);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    /* -d: no personal or system init file, so every machine draws alike */
    char *argv[] = { (char *)program, "-d", NULL };
    int rc = posix_spawnp(&g->pid, program, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    if (rc) {
        fprintf(err, "cryptoperf: cannot start %s to draw the charts: %s\n", program, strerror(rc));
        close(in[1]);
        close(out[0]);
        goto fail_dir;
    }
    g->to = in[1];
    g->from = out[0];
    fcntl(g->to, F_SETFL, fcntl(g->to, F_GETFL) | O_NONBLOCK);
    fcntl(g->to, F_SETFD, FD_CLOEXEC);
    fcntl(g->from, F_SETFD, FD_CLOEXEC);
    /* a gnuplot that dies must give us EPIPE, not kill us */
    struct sigaction ign = { 0 };
    ign.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ign, &g->old_pipe);
    return g;
fail_dir:
    rmdir(g->tmpdir);
    free(g->tmpdir);
    free(g->tmpsvg);
    free(g->tmpscript);
    free(g);
    return NULL;
}

/* A chart takes milliseconds; a gnuplot silent for this long is stuck. */
#define ANSWER_TIMEOUT_MS 60000

/* Sends script and reads until the line `marker`. 0 when the marker came;
 * -1 when gnuplot went away first, -2 when it did not answer in time. What
 * gnuplot said before the marker is left in g->said. */
static int converse(cp_gnuplot *g, const cp_buf *script, const char *marker)
{
    size_t sent = 0, mlen = strlen(marker);
    g->said.len = 0;
    for (;;) {
        /* the marker, at the start of a line, ends the exchange */
        for (size_t i = 0; i + mlen < g->said.len + 1 && g->said.data; i++) {
            if ((i == 0 || g->said.data[i - 1] == '\n') && !strncmp(g->said.data + i, marker, mlen) &&
                (g->said.data[i + mlen] == '\n')) {
                g->said.len = i;
                g->said.data[i] = '\0';
                return 0;
            }
        }
        struct pollfd p[2] = { { g->from, POLLIN, 0 }, { g->to, POLLOUT, 0 } };
        nfds_t np = sent < script->len ? 2 : 1;
        int ready = poll(p, np, ANSWER_TIMEOUT_MS);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0)
            return -1;
        if (ready == 0)
            return -2;
        if (np == 2 && p[1].revents) {
            ssize_t w = write(g->to, script->data + sent, script->len - sent);
            if (w < 0 && errno != EAGAIN && errno != EINTR)
                return -1;
            if (w > 0)
                sent += (size_t)w;
        }
        if (p[0].revents) {
            char chunk[4096];
            ssize_t r = read(g->from, chunk, sizeof chunk);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                return -1;
            cp_buf_put(&g->said, chunk, (size_t)r);
        }
    }
}

static char *chart_title(const cp_chart *c)
{
    return c->subtitle ? cp_xasprintf("%s (%s)", c->title, c->subtitle) : cp_xstrdup(c->title);
}

static int report(cp_gnuplot *g, const char *path, const char *what, const char *detail)
{
    fprintf(g->err, "cryptoperf: chart %s: %s%s%s\n", path, what, detail && *detail ? ":\n" : "",
            detail ? detail : "");
    g->failed = 1;
    return -1;
}

static int has_value(const cp_chart *c)
{
    for (size_t i = 0; i < c->npoints; i++)
        if (isfinite(c->points[i].value))
            return 1;
    return 0;
}

int cp_gnuplot_render(cp_gnuplot *g, const cp_chart *c, const char *dir)
{
    char *path = cp_xasprintf("%s/%s", dir, c->file);
    int rc = -1;
    if (!c->file[0] || strchr(c->file, '/') || c->file[0] == '.') {
        rc = report(g, path, "the file name must be a plain name (chart_name.h)", NULL);
        goto done;
    }
    for (size_t i = 0; i < g->nout; i++) {
        if (!strcmp(g->out[i].path, path)) {
            rc = report(g, path, "two charts of the run have this file name; the other is", g->out[i].title);
            goto done;
        }
    }
    if (!has_value(c)) {
        rc = report(g, path, "no value to draw", NULL);
        goto done;
    }
    if (g->dead) {
        rc = report(g, path, "gnuplot is no longer running", NULL);
        goto done;
    }
    unlink(g->tmpsvg);
    cp_buf script = { 0 };
    cp_gnuplot_script(&script, c, g->tmpsvg);
    int saved = cp_write_file_atomic(g->tmpscript, script.data, script.len);
    cp_buf_free(&script);
    if (saved) {
        rc = report(g, path, "cannot write its gnuplot script", strerror(errno));
        goto done;
    }
    char *marker = cp_xasprintf("CPDONE %lu", ++g->n);
    cp_buf command = { 0 };
    cp_buf_puts(&command, "load ");
    cp_gnuplot_quote(&command, g->tmpscript);
    cp_buf_printf(&command, "\nprint '%s'\n", marker);
    int talked = converse(g, &command, marker);
    cp_buf_free(&command);
    free(marker);
    if (talked) {
        g->dead = 1;
        if (talked == -2)
            kill(g->pid, SIGKILL);   /* our own child; finish() reaps it */
        rc = report(g, path, talked == -2 ? "gnuplot did not answer for 60 s" : "gnuplot stopped while drawing it",
                    g->said.data);
        goto done;
    }
    if (g->said.len) {
        rc = report(g, path, "gnuplot complained", g->said.data);
        goto done;
    }
    size_t len;
    char *svg = cp_read_file(g->tmpsvg, &len);
    if (!svg) {
        rc = report(g, path, "gnuplot wrote no SVG", strerror(errno));
        goto done;
    }
    cp_buf clean = { 0 };
    const char *why = NULL;
    char *title = chart_title(c);
    if (cp_svg_clean(&clean, svg, title, &why)) {
        free(title);
        cp_buf_free(&clean);
        free(svg);
        rc = report(g, path, "the SVG gnuplot wrote is not fit to publish", why);
        goto done;
    }
    free(svg);
    g->out = cp_xrealloc(g->out, (g->nout + 1) * sizeof *g->out);
    g->out[g->nout++] = (pending){ path, clean.data, clean.len, title };
    return 0;
done:
    free(path);
    return rc;
}

long cp_gnuplot_finish(cp_gnuplot *g, cp_stage *stage)
{
    close(g->to);
    /* drain, so that gnuplot never blocks on a full pipe while exiting */
    char chunk[4096];
    ssize_t r;
    while ((r = read(g->from, chunk, sizeof chunk)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0)
            cp_buf_put(&g->said, chunk, (size_t)r);
    close(g->from);
    int status = 0;
    while (waitpid(g->pid, &status, 0) < 0 && errno == EINTR)
        ;
    sigaction(SIGPIPE, &g->old_pipe, NULL);
    if (!g->dead && !g->failed && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
        fprintf(g->err, "cryptoperf: gnuplot ended badly (status %d)%s%s\n", status, g->said.len ? ":\n" : "",
                g->said.len ? g->said.data : "");
        g->failed = 1;
    }
    long written = 0;
    for (size_t i = 0; i < g->nout; i++) {
        if (!g->failed && stage) {
            if (cp_stage_add(stage, g->out[i].path, g->out[i].svg, g->out[i].len, g->err)) {
                g->failed = 1;
            } else {
                written++;
            }
        }
        free(g->out[i].path);
        free(g->out[i].svg);
        free(g->out[i].title);
    }
    unlink(g->tmpsvg);
    unlink(g->tmpscript);
    rmdir(g->tmpdir);
    long rc = g->failed ? -1 : written;
    free(g->out);
    free(g->tmpsvg);
    free(g->tmpscript);
    free(g->tmpdir);
    cp_buf_free(&g->said);
    free(g);
    return rc;
}
