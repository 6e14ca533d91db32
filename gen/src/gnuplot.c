/* One gnuplot process per run. Protocol: for chart n we write its script
 * to a file of our private temporary folder (gnuplot reads a file about
 * twice as fast as a pipe) and send `load '<file>'` and then
 * `print 'CPDONE n'`, so no data ever travels on the pipe. gnuplot's
 * `print` goes to stderr, in order with its error messages, so the lines
 * between two markers are what gnuplot said about one chart (a correct
 * script makes it say nothing). Up to NSLOTS charts are in flight, each
 * with its own script and SVG file, reused from chart to chart (no new
 * file per chart). Sending and reading go through one poll() loop, so
 * neither pipe can fill up and block the other side. */
#include "gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chart_cache.h"
#include "svg_clean.h"

extern char **environ;

#define NSLOTS 16
#define MARKER "CPDONE "

/* A chart takes milliseconds; a gnuplot silent for this long is stuck. */
#define ANSWER_TIMEOUT_MS 60000

typedef enum { QUEUED, STAGED, UNCHANGED, KEPT, FAILED } chart_state;

typedef struct {
    char *path;          /* where the chart goes */
    char *title;         /* its <title>; names it in messages too */
    unsigned char key[CP_CHART_KEY_BYTES];
    chart_state state;
    off_t staged_at;     /* STAGED: its SVG in the staging file */
    size_t staged_len;
} chart_out;

typedef struct {
    size_t chart;        /* index in out */
    unsigned long marker;
} in_flight;

struct cp_gnuplot {
    FILE *err;
    char *program;
    pid_t pid;
    int started, dead, failed;
    int staged;             /* finish staged every chart: the run may place them */
    int to, from;           /* gnuplot's stdin; its stdout and stderr */
    struct sigaction old_pipe;
    char *tmpdir;
    int staging;            /* the cleaned SVGs, one after the other; -1 until the first */
    off_t staged_end;
    in_flight flight[NSLOTS];   /* oldest first, from flight_head */
    size_t flight_head, nflight;
    unsigned free_slots;    /* bit s: slot s is free */
    size_t slot_of[NSLOTS]; /* flight entry -> slot */
    cp_buf sending;         /* commands not yet written to gnuplot */
    size_t sent;
    cp_buf said;            /* what gnuplot printed since the last marker */
    size_t said_scanned;
    unsigned long markers;  /* markers sent */
    chart_out *out;
    size_t nout;
    char **names;           /* open addressing set of the run's chart paths */
    size_t nnames, names_cap;
    cp_chart_cache *cache;
    cp_gnuplot_stats stats;
};

cp_gnuplot *cp_gnuplot_start(const char *program, FILE *err)
{
    /* the folder's name goes into `load` commands, before any chart script
     * has defined cp_q: a TMPDIR with a quote is not used */
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp || strchr(tmp, '\''))
        tmp = "/tmp";
    char *dir = cp_xasprintf("%s/cryptoperf-charts.XXXXXX", tmp);
    if (!mkdtemp(dir)) {
        fprintf(err, "cryptoperf: cannot make a temporary folder %s: %s\n", dir, strerror(errno));
        free(dir);
        return NULL;
    }
    cp_gnuplot *g = cp_xcalloc(1, sizeof *g);
    g->err = err;
    g->program = cp_xstrdup(program);
    g->to = g->from = g->staging = -1;
    g->tmpdir = dir;
    g->free_slots = (1u << NSLOTS) - 1;
    return g;
}

void cp_gnuplot_use_cache(cp_gnuplot *g, const char *cache_file)
{
    g->cache = cp_chart_cache_open(cache_file, g->program);
}

static int spawn(cp_gnuplot *g)
{
    int in[2], out[2];
    if (pipe(in)) {
        fprintf(g->err, "cryptoperf: pipe: %s\n", strerror(errno));
        return -1;
    }
    if (pipe(out)) {
        fprintf(g->err, "cryptoperf: pipe: %s\n", strerror(errno));
        close(in[0]);
        close(in[1]);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, out[1], 2);
    posix_spawn_file_actions_addclose(&fa, in[1]);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    /* -d: no personal or system init file, so every machine draws alike */
    char *argv[] = { g->program, "-d", NULL };
    int rc = posix_spawnp(&g->pid, g->program, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    if (rc) {
        fprintf(g->err, "cryptoperf: cannot start %s to draw the charts: %s\n", g->program, strerror(rc));
        close(in[1]);
        close(out[0]);
        return -1;
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
    g->started = 1;
    return 0;
}

static char *slot_file(const cp_gnuplot *g, size_t slot, const char *ext)
{
    return cp_xasprintf("%s/slot%zu.%s", g->tmpdir, slot, ext);
}

static char *staging_file(const cp_gnuplot *g)
{
    return cp_xasprintf("%s/staged.svg", g->tmpdir);
}

static void report(cp_gnuplot *g, chart_out *o, const char *what, const char *detail)
{
    fprintf(g->err, "cryptoperf: chart %s: %s%s%s\n", o->path, what, detail && *detail ? ":\n" : "", detail ? detail : "");
    o->state = FAILED;
    g->failed = 1;
}

static int write_all(int fd, const char *data, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return -1;
        done += (size_t)w;
    }
    return 0;
}

static int write_file(const char *path, const char *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    if (write_all(fd, data, len)) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return close(fd);
}

/* Appends a cleaned chart to the staging file: one file for the run, not
 * one per chart (creating a file costs a millisecond on some disks). */
static int stage(cp_gnuplot *g, chart_out *o, const cp_buf *svg)
{
    if (g->staging < 0) {
        char *f = staging_file(g);
        g->staging = open(f, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        free(f);
        if (g->staging < 0)
            return -1;
    }
    if (write_all(g->staging, svg->data, svg->len))
        return -1;
    o->staged_at = g->staged_end;
    o->staged_len = svg->len;
    g->staged_end += (off_t)svg->len;
    o->state = STAGED;
    return 0;
}

/* The chart of the oldest flight entry is drawn (its marker came): check
 * what gnuplot said, clean its SVG and stage it. */
static void collect(cp_gnuplot *g, char *said)
{
    in_flight f = g->flight[g->flight_head];
    size_t slot = g->slot_of[g->flight_head];
    g->flight_head = (g->flight_head + 1) % NSLOTS;
    g->nflight--;
    g->free_slots |= 1u << slot;
    chart_out *o = &g->out[f.chart];
    if (said[strspn(said, " \t\r\n")]) {
        report(g, o, "gnuplot complained", said);
        return;
    }
    char *svg_path = slot_file(g, slot, "svg");
    size_t len;
    char *svg = cp_read_file(svg_path, &len);
    unlink(svg_path);
    free(svg_path);
    if (!svg) {
        report(g, o, "gnuplot wrote no SVG", strerror(errno));
        return;
    }
    cp_buf clean = { 0 };
    const char *why = NULL;
    int bad = cp_svg_clean(&clean, svg, len, o->title, &why);
    free(svg);
    if (bad) {
        cp_buf_free(&clean);
        report(g, o, "the SVG gnuplot wrote is not fit to publish", why);
        return;
    }
    g->stats.drawn++;
    size_t old_len;
    char *old = cp_read_file(o->path, &old_len);
    if (old && old_len == clean.len && !memcmp(old, clean.data, clean.len)) {
        o->state = UNCHANGED;   /* the file stays as it is, mtime included */
    } else {
        if (stage(g, o, &clean))
            report(g, o, "cannot stage its SVG", strerror(errno));
    }
    free(old);
    cp_buf_free(&clean);
}

/* Every chart in flight failed: gnuplot is gone or stuck. */
static void lose_all(cp_gnuplot *g, const char *what)
{
    g->dead = 1;
    cp_buf_puts(&g->said, "");
    while (g->nflight) {
        report(g, &g->out[g->flight[g->flight_head].chart], what, g->said.data);
        g->free_slots |= 1u << g->slot_of[g->flight_head];
        g->flight_head = (g->flight_head + 1) % NSLOTS;
        g->nflight--;
        g->said.len = 0;
        g->said.data[0] = '\0';
    }
}

/* Collects the charts whose markers are in what gnuplot said. */
static void scan_markers(cp_gnuplot *g)
{
    size_t line = g->said_scanned;   /* scanning stops at line starts */
    for (char *nl; g->nflight && (nl = memchr(g->said.data + g->said_scanned, '\n', g->said.len - g->said_scanned));) {
        size_t end = (size_t)(nl - g->said.data);
        g->said_scanned = end + 1;
        char expect[40];
        int n = snprintf(expect, sizeof expect, MARKER "%lu", g->flight[g->flight_head].marker);
        if (end - line == (size_t)n && !memcmp(g->said.data + line, expect, (size_t)n)) {
            char *before = cp_xstrndup(g->said.data, line);
            memmove(g->said.data, g->said.data + end + 1, g->said.len - end - 1);
            g->said.len -= end + 1;
            g->said.data[g->said.len] = '\0';
            g->said_scanned = 0;
            collect(g, before);
            free(before);
            line = 0;
            continue;
        }
        line = end + 1;
    }
}

/* Sends what is pending and reads what gnuplot says, collecting finished
 * charts. block 1: until at most max_flight charts are in flight; block
 * 0: until nothing more can be done without waiting. */
static void pump(cp_gnuplot *g, size_t max_flight, int block)
{
    while (!g->dead) {
        int waiting = block && g->nflight > max_flight;
        if (block && !waiting)
            return;
        struct pollfd p[2] = { { g->from, POLLIN, 0 }, { g->to, POLLOUT, 0 } };
        nfds_t np = g->sent < g->sending.len ? 2 : 1;
        int ready = poll(p, np, waiting ? ANSWER_TIMEOUT_MS : 0);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0) {
            lose_all(g, "gnuplot stopped while drawing it");
            return;
        }
        if (ready == 0) {
            if (waiting) {
                kill(g->pid, SIGKILL);   /* our own child; finish() reaps it */
                lose_all(g, "gnuplot did not answer for 60 s");
            }
            return;
        }
        if (np == 2 && p[1].revents) {
            ssize_t w = write(g->to, g->sending.data + g->sent, g->sending.len - g->sent);
            if (w < 0 && errno != EAGAIN && errno != EINTR) {
                lose_all(g, "gnuplot stopped while drawing it");
                return;
            }
            if (w > 0)
                g->sent += (size_t)w;
            if (g->sent == g->sending.len)
                g->sent = g->sending.len = 0;
        }
        if (p[0].revents) {
            char chunk[65536];
            ssize_t r = read(g->from, chunk, sizeof chunk);
            if (r < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (r <= 0) {
                lose_all(g, "gnuplot stopped while drawing it");
                return;
            }
            cp_buf_put(&g->said, chunk, (size_t)r);
            scan_markers(g);
        }
    }
}

static size_t hash_name(const char *s)
{
    size_t h = 14695981039346656037u;   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static char **name_slot(const cp_gnuplot *g, const char *name)
{
    size_t mask = g->names_cap - 1;
    for (size_t i = hash_name(name) & mask;; i = (i + 1) & mask)
        if (!g->names[i] || !strcmp(g->names[i], name))
            return &g->names[i];
}

/* Claims dir/c->file for this run, c->file renamed "<name> (k).svg" with
 * the smallest k >= 2 that is free in dir when it is taken. */
static void claim_name(cp_gnuplot *g, cp_chart *c, const char *dir)
{
    if (2 * (g->nnames + 1) > g->names_cap) {
        char **old = g->names;
        size_t old_cap = g->names_cap;
        g->names_cap = old_cap ? 2 * old_cap : 256;
        g->names = cp_xcalloc(g->names_cap, sizeof *g->names);
        for (size_t i = 0; i < old_cap; i++)
            if (old[i])
                *name_slot(g, old[i]) = old[i];
        free(old);
    }
    char *path = cp_xasprintf("%s/%s", dir, c->file);
    char **slot = name_slot(g, path);
    if (*slot) {
        size_t base = strlen(c->file) - (strlen(c->file) > 4 && !strcmp(c->file + strlen(c->file) - 4, ".svg") ? 4 : 0);
        for (unsigned long k = 2;; k++) {
            char *name = cp_xasprintf("%.*s (%lu).svg", (int)base, c->file, k);
            free(path);
            path = cp_xasprintf("%s/%s", dir, name);
            slot = name_slot(g, path);
            if (!*slot) {
                free(c->file);
                c->file = name;
                break;
            }
            free(name);
        }
    }
    *slot = path;
    g->nnames++;
}

static char *chart_title(const cp_chart *c)
{
    return c->subtitle ? cp_xasprintf("%s (%s)", c->title, c->subtitle) : cp_xstrdup(c->title);
}

static chart_out *add_out(cp_gnuplot *g, char *path, const cp_chart *c)
{
    if ((g->nout & (g->nout - 1)) == 0)
        g->out = cp_xrealloc(g->out, (g->nout ? 2 * g->nout : 1) * sizeof *g->out);
    chart_out *o = &g->out[g->nout++];
    memset(o, 0, sizeof *o);
    o->path = path;
    o->title = chart_title(c);
    o->state = FAILED;
    return o;
}

/* Writes the script into a free slot and queues its `load`. */
static void queue(cp_gnuplot *g, size_t chart, const cp_buf *script, size_t output_at)
{
    chart_out *o = &g->out[chart];
    if (!g->free_slots)
        pump(g, NSLOTS - 1, 1);
    if (g->dead || !g->free_slots) {
        report(g, o, "gnuplot is no longer running", NULL);
        return;
    }
    size_t slot = (size_t)__builtin_ctz(g->free_slots);
    char *gp = slot_file(g, slot, "gp"), *svg = slot_file(g, slot, "svg");
    cp_buf file = { 0 };
    cp_buf_put(&file, script->data, output_at);
    cp_buf_puts(&file, "set output ");
    cp_gnuplot_quote(&file, svg);
    cp_buf_putc(&file, '\n');
    cp_buf_put(&file, script->data + output_at, script->len - output_at);
    int rc = write_file(gp, file.data, file.len);
    cp_buf_free(&file);
    if (rc) {
        report(g, o, "cannot write its gnuplot script", strerror(errno));
    } else {
        size_t at = (g->flight_head + g->nflight) % NSLOTS;
        g->flight[at] = (in_flight){ chart, ++g->markers };
        g->slot_of[at] = slot;
        g->nflight++;
        g->free_slots &= ~(1u << slot);
        o->state = QUEUED;
        cp_buf_puts(&g->sending, "load ");
        cp_gnuplot_quote(&g->sending, gp);
        cp_buf_printf(&g->sending, "\nprint '" MARKER "%lu'\n", g->markers);
        pump(g, NSLOTS, 0);
    }
    free(gp);
    free(svg);
}

int cp_gnuplot_render(cp_gnuplot *g, cp_chart *c, const char *dir)
{
    if (!c->file[0] || strchr(c->file, '/') || c->file[0] == '.') {
        chart_out *o = add_out(g, cp_xasprintf("%s/%s", dir, c->file), c);
        report(g, o, "the file name must be a plain name (chart_name.h)", NULL);
        return -1;
    }
    claim_name(g, c, dir);
    size_t index = g->nout;
    chart_out *o = add_out(g, cp_xasprintf("%s/%s", dir, c->file), c);
    if (g->cache) {
        cp_buf model = { 0 };
        cp_chart_serialize(c, &model);
        cp_chart_cache_key(g->cache, model.data, model.len, o->key);
        cp_buf_free(&model);
        if (cp_chart_cache_fresh(g->cache, o->path, o->key)) {
            o->state = KEPT;
            g->stats.kept++;
            return 0;
        }
    }
    cp_buf script = { 0 };
    size_t output_at = cp_gnuplot_script(&script, c, NULL);
    int rc = 0;
    if (!g->started && !g->dead && spawn(g) != 0)
        g->dead = 1;
    if (g->dead) {
        report(g, o, "gnuplot is not running", NULL);
        rc = -1;
    } else {
        queue(g, index, &script, output_at);
        rc = g->out[index].state == FAILED ? -1 : 0;
    }
    cp_buf_free(&script);
    return rc;
}

/* The SVG of a staged chart, read back from the staging file; NULL with
 * errno set when it cannot be read. */
static char *staged_svg(const cp_gnuplot *g, const chart_out *o)
{
    char *svg = cp_xmalloc(o->staged_len + 1);
    size_t done = 0;
    while (done < o->staged_len) {
        ssize_t r = pread(g->staging, svg + done, o->staged_len - done, o->staged_at + (off_t)done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            free(svg);
            if (r == 0)
                errno = EIO;
            return NULL;
        }
        done += (size_t)r;
    }
    return svg;
}

long cp_gnuplot_finish(cp_gnuplot *g, cp_stage *stage, cp_gnuplot_stats *stats)
{
    if (g->started) {
        pump(g, 0, 1);
        close(g->to);
        /* drain, so that gnuplot never blocks on a full pipe while exiting */
        char chunk[4096];
        ssize_t r;
        g->said.len = 0;
        while ((r = read(g->from, chunk, sizeof chunk)) > 0 || (r < 0 && errno == EINTR))
            if (r > 0)
                cp_buf_put(&g->said, chunk, (size_t)r);
        close(g->from);
        int status = 0;
        while (waitpid(g->pid, &status, 0) < 0 && errno == EINTR)
            ;
        sigaction(SIGPIPE, &g->old_pipe, NULL);
        g->started = 0;
        if (!g->dead && !g->failed && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
            fprintf(g->err, "cryptoperf: gnuplot ended badly (status %d)%s%s\n", status, g->said.len ? ":\n" : "",
                    g->said.len ? g->said.data : "");
            g->failed = 1;
        }
    }
    long charts = 0;
    for (size_t i = 0; !g->failed && stage && i < g->nout; i++) {
        chart_out *o = &g->out[i];
        if (o->state == STAGED) {
            char *svg = staged_svg(g, o);
            if (!svg)
                fprintf(g->err, "cryptoperf: cannot write %s: %s\n", o->path, strerror(errno));
            if (!svg || cp_stage_add(stage, o->path, svg, o->staged_len, g->err)) {
                g->failed = 1;
                free(svg);
                break;
            }
            free(svg);
        }
        charts++;
    }
    g->staged = stage && !g->failed;
    if (g->staging >= 0) {
        close(g->staging);
        g->staging = -1;
        char *f = staging_file(g);
        unlink(f);
        free(f);
    }
    for (size_t s = 0; s < NSLOTS; s++) {
        char *gp = slot_file(g, s, "gp"), *svg = slot_file(g, s, "svg");
        unlink(gp);
        unlink(svg);
        free(gp);
        free(svg);
    }
    rmdir(g->tmpdir);
    if (stats)
        *stats = g->stats;
    return g->failed ? -1 : charts;
}

void cp_gnuplot_free(cp_gnuplot *g, int placed)
{
    if (!g)
        return;
    /* the cache names each chart as its file is now: only after the
     * rename, which gives the file its inode */
    int save = placed && g->staged;
    for (size_t i = 0; i < g->nout; i++) {
        if (save && g->cache)
            cp_chart_cache_note(g->cache, g->out[i].path, g->out[i].key);
        free(g->out[i].path);
        free(g->out[i].title);
    }
    if (g->cache && cp_chart_cache_close(g->cache, save) != 0)
        fprintf(g->err, "cryptoperf: cannot write the chart cache (charts are fine): %s\n", strerror(errno));
    for (size_t i = 0; i < g->names_cap; i++)
        free(g->names[i]);
    free(g->names);
    free(g->out);
    free(g->program);
    free(g->tmpdir);
    cp_buf_free(&g->sending);
    cp_buf_free(&g->said);
    free(g);
}
