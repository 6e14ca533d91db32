/* A few gnuplot processes per run (workers, one per core by default),
 * each fed the same way. Protocol: for chart n a worker gets its script
 * in a file of our private temporary folder (gnuplot reads a file about
 * twice as fast as a pipe) and `load '<file>'` and then `print 'CPDONE
 * n'` on its stdin, so no data ever travels on the pipe. gnuplot's
 * `print` goes to stderr, in order with its error messages, so the lines
 * between two markers are what gnuplot said about one chart (a correct
 * script makes it say nothing). Up to NSLOTS charts are in flight on a
 * worker, each with its own script and SVG file, reused from chart to
 * chart (no new file per chart). Sending and reading go through one
 * poll() loop over every worker, so no pipe can fill up and block the
 * other side. Each chart script starts with `reset session` and draws
 * one file, so a chart's SVG is the same whichever worker drew it; a
 * drawn chart is cleaned and staged (stage.h) as soon as it comes. */
#include "chart/gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/cleanup.h"
#include "base/stale.h"
#include "chart/chart_cache.h"
#include "chart/gnuplot_quote.h"
#include "chart/gnuplot_script.h"
#include "chart/svg_clean.h"

extern char **environ;

#define NSLOTS 256   /* a multiple of 64: the bits of free_slots */
#define MAX_WORKERS 8
/* a further worker starts when every running one has this many charts in flight */
#define BUSY_FLIGHT 2
#define MARKER "CPDONE "

/* A chart takes milliseconds; a gnuplot silent for this long is stuck. */
#define ANSWER_TIMEOUT_MS 60000

typedef enum { QUEUED, DONE, KEPT, FAILED } chart_state;

typedef struct {
    char *path;          /* where the chart goes */
    char *title;         /* its <title>; names it in messages too */
    unsigned char key[CP_CHART_KEY_BYTES];
    unsigned char hash[CP_CHART_KEY_BYTES];   /* of the SVG as staged (or kept), for the cache */
    chart_state state;
} chart_out;

typedef struct {
    size_t chart;        /* index in out */
    unsigned long marker;
} in_flight;

typedef struct {
    unsigned id;            /* names its slot files */
    pid_t pid;
    int dead;
    int to, from;           /* gnuplot's stdin; its stdout and stderr */
    in_flight flight[NSLOTS];   /* oldest first, from flight_head */
    size_t flight_head, nflight;
    uint64_t free_slots[NSLOTS / 64];   /* bit s: slot s is free */
    size_t slot_of[NSLOTS]; /* flight entry -> slot */
    cp_buf sending;         /* commands not yet written to gnuplot */
    size_t sent;
    cp_buf said;            /* what gnuplot printed since the last marker */
    size_t said_scanned;
    unsigned long markers;  /* markers sent */
} worker;

struct cp_gnuplot {
    FILE *err;
    char *program;
    cp_stage *stage;        /* where drawn charts go */
    worker workers[MAX_WORKERS];
    unsigned nworkers, max_workers;
    int ignoring_pipe, failed;
    int staged;             /* finish saw every chart succeed: the run may place them */
    struct sigaction old_pipe;
    char *tmpdir;
    cp_cleanup_id scratch_id;   /* tmpdir, removed on a fatal signal */
    chart_out *out;
    size_t nout;
    char **names;           /* open addressing set of the run's chart paths */
    size_t nnames, names_cap;
    cp_chart_cache *cache;
    cp_gnuplot_stats stats;
};

/* One worker per online core, at most MAX_WORKERS. */
static unsigned default_workers(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_WORKERS ? MAX_WORKERS : (unsigned)n;
}

/* A folder in memory (tmpfs) with room for every slot's script and SVG
 * (a few tens of MB). */
#define TMPFS_MAGIC_NUMBER 0x01021994
#define SCRATCH_ROOM (256L * 1024 * 1024)
static int roomy_tmpfs(const char *dir)
{
    struct statfs fs;
    return dir && *dir == '/' && statfs(dir, &fs) == 0 && fs.f_type == TMPFS_MAGIC_NUMBER &&
           (long double)fs.f_bavail * (long double)fs.f_bsize >= SCRATCH_ROOM && access(dir, W_OK | X_OK) == 0;
}

/* Where the slot files go: TMPDIR when it is set (the user's choice);
 * else a tmpfs when there is one, else /tmp. A chart's SVG is a new file
 * each time (removed once read, see collect()), and on ext4 without a
 * journal creating a file scans past every inode deleted in the last
 * minute (find_inode_bit -> recently_deleted): a render of 10^5 results
 * (1 444 charts) took 1.4-2.3 s of system time with the folder on such a
 * disk, 1.1-1.4 s with it in /dev/shm. */
static const char *scratch_root(void)
{
    const char *tmp = getenv("TMPDIR");
    if (tmp && *tmp)
        return tmp;
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (roomy_tmpfs(runtime))
        return runtime;
    return roomy_tmpfs("/dev/shm") ? "/dev/shm" : "/tmp";
}

cp_gnuplot *cp_gnuplot_start(const char *program, cp_stage *stage, FILE *err)
{
    /* the folder's name goes into `load` commands, before any chart script
     * has defined cp_q: a folder with a quote is not used */
    const char *tmp = scratch_root();
    if (strchr(tmp, '\''))
        tmp = "/tmp";
    cp_scratch_sweep(tmp, err);
    char *dir = cp_xasprintf("%s/" SCRATCH_PREFIX "%ld.XXXXXX", tmp, (long)getpid());
    cp_cleanup_lock();   /* made and registered with no signal between */
    char *made = mkdtemp(dir);
    cp_cleanup_id scratch_id = made ? cp_cleanup_scratch(dir) : 0;
    cp_cleanup_unlock();
    if (!made) {
        fprintf(err, "cryptoperf: cannot make a temporary folder %s: %s\n", dir, strerror(errno));
        free(dir);
        return NULL;
    }
    cp_gnuplot *g = cp_xcalloc(1, sizeof *g);
    g->err = err;
    g->program = cp_xstrdup(program);
    g->stage = stage;
    g->tmpdir = dir;
    g->scratch_id = scratch_id;
    g->max_workers = default_workers();
    return g;
}

void cp_gnuplot_workers(cp_gnuplot *g, unsigned n)
{
    g->max_workers = n < 1 ? 1 : n > MAX_WORKERS ? MAX_WORKERS : n;
}

void cp_gnuplot_use_cache(cp_gnuplot *g, cp_chart_cache *cache)
{
    g->cache = cache;
}

/* Starts the next worker: 0, or -1 after a message. */
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
    /* the other workers' pipe ends are close-on-exec: this one sees only its own */
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, out[1], 2);
    posix_spawn_file_actions_addclose(&fa, in[1]);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    /* -d: no personal or system init file, so every machine draws alike */
    char *argv[] = { g->program, "-d", NULL };
    worker *w = &g->workers[g->nworkers];
    memset(w, 0, sizeof *w);
    /* gnuplot gets the signals this process blocks for its cleanup thread
     * (base/cleanup.h): a Ctrl-C reaches it as before */
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
    int rc = posix_spawnp(&w->pid, g->program, &fa, &attr, argv, environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]);
    close(out[1]);
    if (rc) {
        fprintf(g->err, "cryptoperf: cannot start %s to draw the charts: %s\n", g->program, strerror(rc));
        close(in[1]);
        close(out[0]);
        return -1;
    }
    w->id = g->nworkers++;
    w->to = in[1];
    w->from = out[0];
    memset(w->free_slots, 0xff, sizeof w->free_slots);
    fcntl(w->to, F_SETFL, fcntl(w->to, F_GETFL) | O_NONBLOCK);
    fcntl(w->to, F_SETFD, FD_CLOEXEC);
    fcntl(w->from, F_SETFD, FD_CLOEXEC);
    if (!g->ignoring_pipe) {
        /* a gnuplot that dies must give us EPIPE, not kill us */
        struct sigaction ign = { 0 };
        ign.sa_handler = SIG_IGN;
        sigaction(SIGPIPE, &ign, &g->old_pipe);
        g->ignoring_pipe = 1;
    }
    return 0;
}

static void slot_free_set(worker *w, size_t slot)
{
    w->free_slots[slot / 64] |= (uint64_t)1 << (slot % 64);
}

/* a free slot of w, taken; NSLOTS when none is */
static size_t slot_take(worker *w)
{
    for (size_t i = 0; i < NSLOTS / 64; i++)
        if (w->free_slots[i]) {
            size_t slot = i * 64 + (size_t)__builtin_ctzll(w->free_slots[i]);
            w->free_slots[i] &= ~((uint64_t)1 << (slot % 64));
            return slot;
        }
    return NSLOTS;
}

static int has_free_slot(const worker *w)
{
    return w->nflight < NSLOTS;
}

static char *slot_file(const cp_gnuplot *g, const worker *w, size_t slot, const char *ext)
{
    return cp_xasprintf("%s/w%u-slot%zu.%s", g->tmpdir, w->id, slot, ext);
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

/* Writes a script over the slot's previous one, never cutting the file:
 * a shorter script is followed by empty lines up to the old length
 * (nothing to gnuplot). ext4 writes a file that was cut and written again
 * to disk when it is closed (auto_da_alloc): O_TRUNC would cost a disk
 * write a chart. */
static int write_script(const char *path, const char *data, size_t len)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    struct stat st;
    if (fd < 0)
        return -1;
    int rc = fstat(fd, &st) || write_all(fd, data, len);
    size_t pad = !rc && (size_t)st.st_size > len ? (size_t)st.st_size - len : 0;
    char blank[512];
    memset(blank, '\n', sizeof blank);
    while (!rc && pad) {
        size_t n = pad < sizeof blank ? pad : sizeof blank;
        rc = write_all(fd, blank, n);
        pad -= n;
    }
    if (rc) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return close(fd);
}

/* The chart of w's oldest flight entry is drawn (its marker came): check
 * what gnuplot said, clean its SVG and stage it (an unchanged file is
 * left as it is, mtime included: cp_stage_add). */
static void collect(cp_gnuplot *g, worker *w, char *said)
{
    in_flight f = w->flight[w->flight_head];
    size_t slot = w->slot_of[w->flight_head];
    w->flight_head = (w->flight_head + 1) % NSLOTS;
    w->nflight--;
    slot_free_set(w, slot);
    chart_out *o = &g->out[f.chart];
    char *svg_path = slot_file(g, w, slot, "svg");
    size_t len = 0;
    char *svg = cp_read_file(svg_path, &len);
    const char *no_svg = svg ? (len ? NULL : "it is empty") : strerror(errno);
    /* removed, not emptied: ext4 writes a file that was cut to nothing
     * and written again to disk when it is closed (auto_da_alloc), about
     * 2 ms a chart; a removed one is never written */
    unlink(svg_path);
    free(svg_path);
    int complained = said[strspn(said, " \t\r\n")] != '\0';
    if (complained || no_svg) {
        report(g, o, complained ? "gnuplot complained" : "gnuplot wrote no SVG", complained ? said : no_svg);
        free(svg);
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
    if (g->cache)
        cp_content_hash_of(clean.data, clean.len, o->hash);
    if (!g->stage || cp_stage_add(g->stage, o->path, clean.data, clean.len, g->err) == 0)
        o->state = DONE;
    else
        report(g, o, "cannot stage its SVG", strerror(errno));
    cp_buf_free(&clean);
}

/* Every chart in flight on w failed: its gnuplot is gone or stuck. */
static void lose_all(cp_gnuplot *g, worker *w, const char *what)
{
    w->dead = 1;
    cp_buf_puts(&w->said, "");
    while (w->nflight) {
        report(g, &g->out[w->flight[w->flight_head].chart], what, w->said.data);
        slot_free_set(w, w->slot_of[w->flight_head]);
        w->flight_head = (w->flight_head + 1) % NSLOTS;
        w->nflight--;
        w->said.len = 0;
        w->said.data[0] = '\0';
    }
}

/* Collects the charts whose markers are in what w's gnuplot said. */
static void scan_markers(cp_gnuplot *g, worker *w)
{
    size_t line = w->said_scanned;   /* scanning stops at line starts */
    for (char *nl; w->nflight && (nl = memchr(w->said.data + w->said_scanned, '\n', w->said.len - w->said_scanned));) {
        size_t end = (size_t)(nl - w->said.data);
        w->said_scanned = end + 1;
        char expect[40];
        int n = snprintf(expect, sizeof expect, MARKER "%lu", w->flight[w->flight_head].marker);
        if (end - line == (size_t)n && !memcmp(w->said.data + line, expect, (size_t)n)) {
            char *before = cp_xstrndup(w->said.data, line);
            memmove(w->said.data, w->said.data + end + 1, w->said.len - end - 1);
            w->said.len -= end + 1;
            w->said.data[w->said.len] = '\0';
            w->said_scanned = 0;
            collect(g, w, before);
            free(before);
            line = 0;
            continue;
        }
        line = end + 1;
    }
}

/* The conditions pump waits for. */
static int slot_free(const cp_gnuplot *g)
{
    for (unsigned i = 0; i < g->nworkers; i++)
        if (!g->workers[i].dead && has_free_slot(&g->workers[i]))
            return 1;
    return 0;
}

static int all_drawn(const cp_gnuplot *g)
{
    for (unsigned i = 0; i < g->nworkers; i++)
        if (!g->workers[i].dead && g->workers[i].nflight)
            return 0;
    return 1;
}

/* Sends what is pending to each worker and reads what they say,
 * collecting finished charts: until done(g) holds, or with done NULL
 * until nothing more can be done without waiting. */
static void pump(cp_gnuplot *g, int (*done)(const cp_gnuplot *))
{
    struct pollfd p[2 * MAX_WORKERS];
    worker *of[2 * MAX_WORKERS];
    for (;;) {
        int waiting = done && !done(g);
        if (done && !waiting)
            return;
        nfds_t np = 0;
        for (unsigned i = 0; i < g->nworkers; i++) {
            worker *w = &g->workers[i];
            if (w->dead)
                continue;
            of[np] = w;
            p[np++] = (struct pollfd){ w->from, POLLIN, 0 };
            if (w->sent < w->sending.len) {
                of[np] = w;
                p[np++] = (struct pollfd){ w->to, POLLOUT, 0 };
            }
        }
        if (!np)
            return;
        int ready = poll(p, np, waiting ? ANSWER_TIMEOUT_MS : 0);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0) {
            for (nfds_t k = 0; k < np; k++)
                if (!of[k]->dead)
                    lose_all(g, of[k], "gnuplot stopped while drawing it");
            return;
        }
        if (ready == 0) {
            if (waiting)
                for (nfds_t k = 0; k < np; k++)
                    if (!of[k]->dead && of[k]->nflight) {
                        kill(of[k]->pid, SIGKILL);   /* our own child; finish() reaps it */
                        lose_all(g, of[k], "gnuplot did not answer for 60 s");
                    }
            return;
        }
        for (nfds_t k = 0; k < np; k++) {
            worker *w = of[k];
            if (w->dead || !p[k].revents)
                continue;
            if (p[k].fd == w->to) {
                ssize_t n = write(w->to, w->sending.data + w->sent, w->sending.len - w->sent);
                if (n < 0 && errno != EAGAIN && errno != EINTR) {
                    lose_all(g, w, "gnuplot stopped while drawing it");
                    continue;
                }
                if (n > 0)
                    w->sent += (size_t)n;
                if (w->sent == w->sending.len)
                    w->sent = w->sending.len = 0;
                continue;
            }
            char chunk[65536];
            ssize_t r = read(w->from, chunk, sizeof chunk);
            if (r < 0 && (errno == EINTR || errno == EAGAIN))
                continue;
            if (r <= 0) {
                lose_all(g, w, "gnuplot stopped while drawing it");
                continue;
            }
            cp_buf_put(&w->said, chunk, (size_t)r);
            scan_markers(g, w);
        }
    }
}

/* The worker for the next chart: the running one with the fewest charts
 * in flight, a new one when each is busy; NULL when none can draw. */
static worker *pick(cp_gnuplot *g)
{
    for (;;) {
        worker *best = NULL;
        for (unsigned i = 0; i < g->nworkers; i++) {
            worker *w = &g->workers[i];
            if (!w->dead && has_free_slot(w) && (!best || w->nflight < best->nflight))
                best = w;
        }
        if ((!best || best->nflight >= BUSY_FLIGHT) && g->nworkers < g->max_workers) {
            if (spawn(g) == 0)
                return &g->workers[g->nworkers - 1];
            g->max_workers = g->nworkers;   /* no further attempts */
        }
        if (best)
            return best;
        if (all_drawn(g))   /* none alive with charts to wait for */
            return NULL;
        pump(g, slot_free);
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
        size_t len = strlen(c->file), ext = strlen(CP_CHART_EXT);
        size_t base = len - (len > ext && !strcmp(c->file + len - ext, CP_CHART_EXT) ? ext : 0);
        for (unsigned long k = 2;; k++) {
            char *name = cp_xasprintf("%.*s (%lu)" CP_CHART_EXT, (int)base, c->file, k);
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

/* Writes the script into a free slot of a worker and queues its `load`. */
static void queue(cp_gnuplot *g, size_t chart, const cp_buf *script, size_t output_at)
{
    chart_out *o = &g->out[chart];
    worker *w = pick(g);
    if (!w) {
        report(g, o, "gnuplot is not running", NULL);
        return;
    }
    size_t slot = slot_take(w);
    char *gp = slot_file(g, w, slot, "gp"), *svg = slot_file(g, w, slot, "svg");
    cp_buf file = { 0 };
    cp_buf_put(&file, script->data, output_at);
    cp_buf_puts(&file, "set output ");
    cp_gnuplot_quote(&file, svg);
    cp_buf_putc(&file, '\n');
    cp_buf_put(&file, script->data + output_at, script->len - output_at);
    int rc = write_script(gp, file.data, file.len);
    cp_buf_free(&file);
    if (rc) {
        report(g, o, "cannot write its gnuplot script", strerror(errno));
        slot_free_set(w, slot);
    } else {
        size_t at = (w->flight_head + w->nflight) % NSLOTS;
        w->flight[at] = (in_flight){ chart, ++w->markers };
        w->slot_of[at] = slot;
        w->nflight++;
        o->state = QUEUED;
        cp_buf_puts(&w->sending, "load ");
        cp_gnuplot_quote(&w->sending, gp);
        cp_buf_printf(&w->sending, "\nprint '" MARKER "%lu'\n", w->markers);
        pump(g, NULL);
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
        if (cp_chart_cache_fresh(g->cache, o->path, o->key, o->hash)) {
            o->state = KEPT;
            g->stats.kept++;
            return 0;
        }
    }
    cp_buf script = { 0 };
    size_t output_at = cp_gnuplot_script(&script, c, NULL);
    queue(g, index, &script, output_at);
    cp_buf_free(&script);
    return g->out[index].state == FAILED ? -1 : 0;
}

/* Ends a worker's gnuplot: 0, or -1 when it ended badly (said on err). */
static int end_worker(cp_gnuplot *g, worker *w)
{
    close(w->to);
    /* drain, so that gnuplot never blocks on a full pipe while exiting */
    char chunk[4096];
    ssize_t r;
    w->said.len = 0;
    while ((r = read(w->from, chunk, sizeof chunk)) > 0 || (r < 0 && errno == EINTR))
        if (r > 0)
            cp_buf_put(&w->said, chunk, (size_t)r);
    close(w->from);
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!w->dead && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
        cp_buf_puts(&w->said, "");
        fprintf(g->err, "cryptoperf: gnuplot ended badly (status %d)%s%s\n", status, w->said.len ? ":\n" : "",
                w->said.data);
        return -1;
    }
    return 0;
}

long cp_gnuplot_finish(cp_gnuplot *g, cp_gnuplot_stats *stats)
{
    pump(g, all_drawn);
    for (unsigned i = 0; i < g->nworkers; i++) {
        worker *w = &g->workers[i];
        if (end_worker(g, w) != 0 && !g->failed)
            g->failed = 1;
        for (size_t s = 0; s < NSLOTS; s++) {
            char *gp = slot_file(g, w, s, "gp"), *svg = slot_file(g, w, s, "svg");
            unlink(gp);
            unlink(svg);
            free(gp);
            free(svg);
        }
        cp_buf_free(&w->sending);
        cp_buf_free(&w->said);
    }
    g->nworkers = 0;
    if (g->ignoring_pipe) {
        sigaction(SIGPIPE, &g->old_pipe, NULL);
        g->ignoring_pipe = 0;
    }
    rmdir(g->tmpdir);
    cp_cleanup_drop(g->scratch_id);
    g->scratch_id = 0;
    g->staged = !g->failed;
    if (stats)
        *stats = g->stats;
    return g->failed ? -1 : (long)g->nout;
}

void cp_gnuplot_free(cp_gnuplot *g, int placed)
{
    if (!g)
        return;
    if (g->nworkers)   /* not finished: the run failed before */
        cp_gnuplot_finish(g, NULL);
    /* the cache names each chart with the hash of the bytes staged, only
     * when the run placed them all */
    int save = placed && g->staged;
    for (size_t i = 0; i < g->nout; i++) {
        if (save && g->cache)
            cp_chart_cache_note(g->cache, g->out[i].path, g->out[i].key, g->out[i].hash);
        free(g->out[i].path);
        free(g->out[i].title);
    }
    for (size_t i = 0; i < g->names_cap; i++)
        free(g->names[i]);
    free(g->names);
    free(g->out);
    free(g->program);
    free(g->tmpdir);
    free(g);
}
