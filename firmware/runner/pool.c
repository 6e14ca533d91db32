#include "pool.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"

extern char **environ;

typedef struct {
    cpr_job *job;
    pid_t pid;
    int fd[2];              /* stdout, stderr read ends; -1 once at EOF */
    double start, deadline; /* deadline 0: none */
    int killed;
} slot;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cloexec_pipe(int p[2])
{
    if (pipe(p) < 0)
        return -1;
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* Starts job in s; on failure records spawn_errno and returns -1. */
static int start(slot *s, cpr_job *job)
{
    int out[2], err[2];
    memset(s, 0, sizeof *s);
    s->job = job;
    s->fd[0] = s->fd[1] = -1;
    if (cloexec_pipe(out) < 0) {
        job->spawn_errno = errno;
        return -1;
    }
    if (cloexec_pipe(err) < 0) {
        job->spawn_errno = errno;
        close(out[0]);
        close(out[1]);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_adddup2(&fa, err[1], 2);
    posix_spawnattr_init(&at);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&at, 0);
    sigset_t none, def;
    sigemptyset(&none);
    posix_spawnattr_setsigmask(&at, &none);
    sigemptyset(&def);
    sigaddset(&def, SIGINT);
    sigaddset(&def, SIGTERM);
    sigaddset(&def, SIGPIPE);
    posix_spawnattr_setsigdefault(&at, &def);
    int rc = posix_spawnp(&s->pid, job->argv[0], &fa, &at, job->argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(out[1]);
    close(err[1]);
    if (rc != 0) {
        job->spawn_errno = rc;
        close(out[0]);
        close(err[0]);
        return -1;
    }
    s->fd[0] = out[0];
    s->fd[1] = err[0];
    s->start = now_s();
    s->deadline = job->timeout_s ? s->start + job->timeout_s : 0;
    return 0;
}

static void kill_group(slot *s);

static void drain(slot *s, int which)
{
    char buf[8192];
    ssize_t n = read(s->fd[which], buf, sizeof buf);
    if (n > 0) {
        cp_buf *b = which ? &s->job->err : &s->job->out;
        size_t cap = s->job->max_output ? s->job->max_output : CPR_MAX_OUTPUT;
        size_t room = cap - b->len, take = (size_t)n < room ? (size_t)n : room;
        cp_buf_put(b, buf, take);
        if (take < (size_t)n && !s->job->cut) {
            /* the rest would be dropped anyway: stop the image now rather
             * than at its time limit */
            s->job->cut = which + 1;
            kill_group(s);
        }
    } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
        close(s->fd[which]);
        s->fd[which] = -1;
    }
}

static void kill_group(slot *s)
{
    if (!s->killed) {
        kill(-s->pid, SIGKILL);
        s->killed = 1;
    }
}

/* Reaps the process once both pipes are at EOF. Returns 1 when finished. */
static int reap(slot *s)
{
    if (s->fd[0] >= 0 || s->fd[1] >= 0)
        return 0;
    int st;
    pid_t r = waitpid(s->pid, &st, WNOHANG);
    if (r == 0)
        return 0;
    cpr_job *job = s->job;
    job->seconds = now_s() - s->start;
    if (r < 0) {
        job->spawn_errno = errno;
    } else if (WIFEXITED(st)) {
        job->exited = 1;
        job->status = WEXITSTATUS(st);
    } else if (WIFSIGNALED(st)) {
        job->signal = WTERMSIG(st);
    }
    /* The leader may be gone while a child it started still runs. */
    kill(-s->pid, SIGKILL);
    return 1;
}

static void report(const cpr_pool_opts *o, size_t done, size_t n, double t0, const char *label)
{
    if (!o->progress)
        return;
    char line[512];
    cpr_progress_line(line, sizeof line, done, n, now_s() - t0, label);
    if (o->tty)
        fprintf(o->progress, "\r%s\033[K%s", line, done == n ? "\n" : "");
    else
        fprintf(o->progress, "%s\n", line);
    fflush(o->progress);
}

int cpr_pool_run(cpr_job *jobs, size_t n, const cpr_pool_opts *opts)
{
    size_t par = opts->parallel ? opts->parallel : 1;
    slot *run = cp_xcalloc(par, sizeof *run);
    struct pollfd *pfd = cp_xcalloc(2 * par, sizeof *pfd);
    size_t nrun = 0, next = 0, done = 0;
    double t0 = now_s(), drawn = t0;
    const char *last_label = "";
    struct sigaction sa, old_int, old_term;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    interrupted = 0;
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);

    while (done < n && !interrupted) {
        while (nrun < par && next < n) {
            cpr_job *job = &jobs[next++];
            if (start(&run[nrun], job) == 0) {
                nrun++;
            } else {
                report(opts, ++done, n, t0, job->label);
            }
        }
        if (!nrun)
            continue;
        size_t np = 0;
        double wait = 0.2, t = now_s();
        for (size_t i = 0; i < nrun; i++) {
            for (int w = 0; w < 2; w++) {
                if (run[i].fd[w] < 0)
                    continue;
                pfd[np].fd = run[i].fd[w];
                pfd[np].events = POLLIN;
                pfd[np].revents = 0;
                np++;
            }
            if (run[i].deadline && !run[i].killed && run[i].deadline - t < wait)
                wait = run[i].deadline - t;
            if (run[i].fd[0] < 0 && run[i].fd[1] < 0)
                wait = 0.005;   /* pipes closed, process not reaped yet */
        }
        poll(pfd, np, wait > 0 ? (int)(wait * 1000) + 1 : 0);
        t = now_s();
        /* on a terminal the clock keeps moving between completions */
        if (opts->tty && t - drawn >= 1.0) {
            report(opts, done, n, t0, last_label);
            drawn = t;
        }
        for (size_t i = 0; i < nrun;) {
            slot *s = &run[i];
            for (int w = 0; w < 2; w++) {
                if (s->fd[w] < 0)
                    continue;
                for (size_t k = 0; k < np; k++)
                    if (pfd[k].fd == s->fd[w] && pfd[k].revents)
                        drain(s, w);
            }
            if (s->deadline && t >= s->deadline && !s->killed) {
                s->job->timed_out = 1;
                kill_group(s);
            }
            if (reap(s)) {
                last_label = s->job->label;
                report(opts, ++done, n, t0, last_label);
                run[i] = run[--nrun];
            } else {
                i++;
            }
        }
    }
    for (size_t i = 0; i < nrun; i++) {
        kill_group(&run[i]);
        for (int w = 0; w < 2; w++)
            if (run[i].fd[w] >= 0)
                close(run[i].fd[w]);
        waitpid(run[i].pid, NULL, 0);
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    free(run);
    free(pfd);
    return interrupted ? -1 : 0;
}

char *cpr_job_failure(const cpr_job *job)
{
    if (job->why)
        return cp_xstrdup(job->why);
    if (job->spawn_errno)
        return cp_xasprintf("cannot run %s: %s", job->argv[0], strerror(job->spawn_errno));
    if (job->cut) {
        size_t cap = job->max_output ? job->max_output : CPR_MAX_OUTPUT;
        return cap % (1 << 20) ? cp_xasprintf("printed more than %zu bytes on %s: cut there and killed", cap,
                                              job->cut == 1 ? "stdout" : "stderr")
                               : cp_xasprintf("printed more than %zu MiB on %s: cut there and killed", cap >> 20,
                                              job->cut == 1 ? "stdout" : "stderr");
    }
    if (job->timed_out)
        return cp_xasprintf("timed out after %u s", job->timeout_s);
    if (!job->exited)
        return cp_xasprintf("killed by signal %d (%s)", job->signal, strsignal(job->signal));
    if (job->status != 0)
        return cp_xasprintf("exit status %d", job->status);
    return NULL;
}

void cpr_job_free(cpr_job *job)
{
    free(job->why);
    job->why = NULL;
    cp_buf_free(&job->out);
    cp_buf_free(&job->err);
}
