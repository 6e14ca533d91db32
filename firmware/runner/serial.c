#include "serial.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "frame.h"
#include "progress.h"
#include "quote.h"
#include "cryptoperf.h"

extern char **environ;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int speed_of(unsigned baud, speed_t *s)
{
    static const struct { unsigned baud; speed_t speed; } t[] = {
        { 9600, B9600 },     { 19200, B19200 },   { 38400, B38400 },   { 57600, B57600 },
        { 115200, B115200 }, { 230400, B230400 }, { 460800, B460800 }, { 921600, B921600 },
        { 1000000, B1000000 }, { 2000000, B2000000 },
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].baud == baud) {
            *s = t[i].speed;
            return 0;
        }
    return -1;
}

int cpr_tty_open(const char *path, unsigned baud, char **why)
{
    speed_t speed;
    *why = NULL;
    if (speed_of(baud, &speed) < 0) {
        *why = cp_xasprintf("%s: expected a baud rate of 9600 ... 2000000, found %u", path, baud);
        return -1;
    }
    int fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        *why = cp_xasprintf("%s: cannot open the serial port: %s", path, strerror(errno));
        return -1;
    }
    struct termios t;
    if (!isatty(fd) || tcgetattr(fd, &t) < 0) {
        *why = cp_xasprintf("%s: expected a serial port (a terminal device), found something else", path);
        close(fd);
        return -1;
    }
    /* raw 8N1: no echo, no line editing, no CR/LF translation, no flow
     * control; reads return what is there (VMIN 0, VTIME 0, poll waits) */
    cfmakeraw(&t);
    t.c_cflag |= CLOCAL | CREAD;
    t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    if (cfsetispeed(&t, speed) < 0 || cfsetospeed(&t, speed) < 0 || tcsetattr(fd, TCSANOW, &t) < 0) {
        *why = cp_xasprintf("%s: cannot set the port to %u 8N1 raw: %s", path, baud, strerror(errno));
        close(fd);
        return -1;
    }
    tcflush(fd, TCIOFLUSH);
    return fd;
}

/* One complete line (without its newline) of the port's stream. Returns 1
 * when the run is over: the firmware's "exit: N" line, which follows the
 * end line of a document (and is all a fault leaves). */
static int take_line(const char *line, size_t n, int *started, cp_buf *out, cp_buf *err, int *status,
                     int *announced)
{
    if (n >= 6 && strncmp(line, "error:", 6) == 0) {
        cp_buf_put(err, line, n);
        cp_buf_putc(err, '\n');
        return 0;
    }
    if (n >= 6 && strncmp(line, "exit: ", 6) == 0) {
        char *end;
        long v = strtol(line + 6, &end, 10);
        if (end != line + 6 && (size_t)(end - line) == n) {
            *status = (int)v;
            *announced = 1;
            return 1;
        }
    }
    if (!*started) {
        /* what the port held before this run: a previous run's tail, boot
         * noise; the document starts with its first line */
        if (n == 4 && memcmp(line, "run:", 4) == 0)
            *started = 1;
        else
            return 0;
    }
    cp_buf_put(out, line, n);
    cp_buf_putc(out, '\n');
    return 0;
}

int cpr_tty_read_document(int fd, unsigned silence_s, unsigned total_s, cp_buf *out, cp_buf *err,
                          int *status, int *announced, char **why)
{
    cp_buf line = { 0 };
    int started = 0, done = 0, rc = 0;
    size_t received = 0;
    double start = now_s(), last = start;
    *status = 0;
    *announced = 0;
    *why = NULL;
    while (!done) {
        double t = now_s();
        double left = total_s ? start + total_s - t : 1e9, quiet = last + silence_s - t;
        double wait = left < quiet ? left : quiet;
        if (wait <= 0) {
            *why = left <= 0 ? cp_xasprintf("no end of document after %u s (%zu bytes received)", total_s, received)
                   : received ? cp_xasprintf("the port fell silent for %u s after %zu bytes, before the end of the "
                                             "document", silence_s, received)
                              : cp_xasprintf("the port stayed silent for %u s: no document", silence_s);
            rc = 1;
            break;
        }
        struct pollfd p = { fd, POLLIN, 0 };
        int r = poll(&p, 1, (int)(wait * 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            *why = cp_xasprintf("waiting for the port: %s", strerror(errno));
            rc = -1;
            break;
        }
        if (r == 0)
            continue;
        char buf[4096];
        ssize_t got = read(fd, buf, sizeof buf);
        if (got < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (got <= 0) {
            /* EIO: the other end of a pty went away (QEMU ended) */
            *why = got == 0 || errno == EIO ? cp_xasprintf("the port closed after %zu bytes, before the end of the "
                                                           "document", received)
                                            : cp_xasprintf("reading the port: %s", strerror(errno));
            rc = got == 0 || errno == EIO ? 1 : -1;
            break;
        }
        received += (size_t)got;
        last = now_s();
        if (out->len + err->len + line.len + (size_t)got > CPR_MAX_OUTPUT) {
            /* a port that never stops (a pty behind an endless loop) must
             * not fill the memory: the pool's cap (pool.h), said the same */
            *why = cp_xasprintf("printed more than %zu MiB on the port: cut there", CPR_MAX_OUTPUT >> 20);
            rc = 1;
            break;
        }
        for (ssize_t i = 0; i < got && !done; i++) {
            if (buf[i] == '\n') {
                done = take_line(line.data ? line.data : "", line.len, &started, out, err, status, announced);
                line.len = 0;
            } else {
                cp_buf_putc(&line, buf[i]);
            }
        }
    }
    cp_buf_free(&line);
    return rc;
}

/* Spawns argv with stdin from /dev/null, stdout and stderr into one pipe
 * (*rd), in a process group of its own. 0, or an errno. */
static int spawn(char *const argv[], pid_t *pid, int *rd)
{
    int p[2];
    if (pipe(p) < 0)
        return errno;
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    posix_spawn_file_actions_adddup2(&fa, p[1], 2);
    posix_spawnattr_init(&at);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&at, 0);
    int rc = posix_spawnp(pid, argv[0], &fa, &at, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(p[1]);
    if (rc != 0)
        close(p[0]);
    else
        *rd = p[0];
    return rc;
}

/* Reads rd until EOF or `until` appears or timeout_s passes; the text read
 * so far is in got. 1 when `until` was seen (NULL: EOF reached). */
static int read_until(int rd, const char *until, unsigned timeout_s, cp_buf *got)
{
    double end = now_s() + timeout_s;
    for (;;) {
        if (until && got->data && strstr(got->data, until))
            return 1;
        double left = end - now_s();
        if (left <= 0)
            return 0;
        struct pollfd p = { rd, POLLIN, 0 };
        int r = poll(&p, 1, (int)(left * 1000) + 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return 0;
        char buf[1024];
        ssize_t n = read(rd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return until ? 0 : 1;
        cp_buf_put(got, buf, (size_t)n);
    }
}

static int reap(pid_t pid, int kill_it)
{
    int st = 0;
    if (kill_it)
        kill(-pid, SIGKILL);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    return st;
}

/* The last non-empty line of text, for messages. */
static char *last_line(const cp_buf *b)
{
    const char *s = b->data ? b->data : "";
    size_t n = b->len;
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        n--;
    size_t start = n;
    while (start && s[start - 1] != '\n')
        start--;
    return cp_xstrndup(s + start, n - start);
}

/* Flashes image with OpenOCD and resets the board. 0, or -1 with *why. */
static int flash_openocd(const cpr_serial_opts *o, const char *image, char **why)
{
    char *cmd = cp_xasprintf("program {%s} verify reset exit", image);
    char *const argv[] = { (char *)(o->openocd ? o->openocd : "openocd"), "-f", (char *)o->openocd_cfg, "-c", cmd, NULL };
    pid_t pid;
    int rd, rc = spawn(argv, &pid, &rd);
    if (rc != 0) {
        *why = cp_xasprintf("cannot run %s: %s", argv[0], strerror(rc));
        free(cmd);
        return -1;
    }
    cp_buf said = { 0 };
    int eof = read_until(rd, NULL, 120, &said);
    close(rd);
    int st = reap(pid, !eof);
    free(cmd);
    rc = 0;
    if (!eof || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        char *l = last_line(&said);
        *why = !eof ? cp_xasprintf("%s did not finish flashing within 120 s", argv[0])
                    : cp_xasprintf("%s could not flash and reset the board (%s %d): %s", argv[0],
                                   WIFEXITED(st) ? "exit status" : "signal", WIFEXITED(st) ? WEXITSTATUS(st)
                                                                                              : WTERMSIG(st),
                                   cpr_q(l));
        free(l);
        rc = -1;
    }
    cp_buf_free(&said);
    return rc;
}

/* Starts QEMU with the console USART on a pty; *pid and the pty's path. */
static int start_qemu_pty(const cpr_serial_opts *o, const cpr_image *im, const char *image, pid_t *pid, int *rd,
                          char **pty, char **why)
{
    const char *argv[32];
    size_t a = 0;
    char shift[32];
    argv[a++] = o->qemu ? o->qemu : "qemu-system-arm";
    argv[a++] = "-M";
    argv[a++] = im->machine;
    argv[a++] = "-display";
    argv[a++] = "none";
    argv[a++] = "-monitor";
    argv[a++] = "none";
    if (im->icount_shift >= 0) {
        snprintf(shift, sizeof shift, "shift=%d", im->icount_shift);
        argv[a++] = "-icount";
        argv[a++] = shift;
    }
    for (unsigned i = 0; i < o->serial_index && a < 24; i++) {
        argv[a++] = "-serial";
        argv[a++] = "null";
    }
    argv[a++] = "-serial";
    argv[a++] = "pty";
    argv[a++] = "-kernel";
    argv[a++] = image;
    argv[a] = NULL;
    int rc = spawn((char *const *)argv, pid, rd);
    if (rc != 0) {
        *why = cp_xasprintf("cannot run %s: %s", argv[0], strerror(rc));
        return -1;
    }
    /* "char device redirected to /dev/pts/N (label serial1)" */
    cp_buf said = { 0 };
    if (!read_until(*rd, "(label ", 20, &said)) {
        char *l = last_line(&said);
        *why = cp_xasprintf("%s did not open its serial pty: %s", argv[0], cpr_q(l));
        free(l);
        cp_buf_free(&said);
        reap(*pid, 1);
        close(*rd);
        return -1;
    }
    const char *p = strstr(said.data, "/dev/pts/");
    *pty = p ? cp_xstrndup(p, strcspn(p, " \n")) : NULL;
    cp_buf_free(&said);
    if (!*pty) {
        *why = cp_xasprintf("%s did not say which pty it opened", argv[0]);
        reap(*pid, 1);
        close(*rd);
        return -1;
    }
    return 0;
}

/* One run of image on the target into job. 0, or -1 when the run could not
 * happen at all (*why). */
static int run_once(const cpr_serial_opts *o, const cpr_image *im, const char *image, cpr_job *job, char **why)
{
    pid_t qpid = -1;
    int qrd = -1, fd = -1;
    double start = now_s();
    if (o->kind == CPR_TARGET_OPENOCD) {
        /* the port first: nothing the board prints after its reset is missed */
        if ((fd = cpr_tty_open(o->port, o->baud, why)) < 0)
            return -1;
        if (flash_openocd(o, image, why) < 0) {
            close(fd);
            return -1;
        }
    } else {
        char *pty = NULL;
        if (start_qemu_pty(o, im, image, &qpid, &qrd, &pty, why) < 0)
            return -1;
        fd = cpr_tty_open(pty, o->baud, why);
        free(pty);
        if (fd < 0) {
            reap(qpid, 1);
            close(qrd);
            return -1;
        }
    }
    int status, announced;
    char *timeout_why = NULL;
    int rc = cpr_tty_read_document(fd, o->silence_s ? o->silence_s : 10, job->timeout_s, &job->out, &job->err,
                                   &status, &announced, &timeout_why);
    close(fd);
    if (qpid > 0) {
        reap(qpid, 1);
        close(qrd);
    }
    job->seconds = now_s() - start;
    if (rc != 0) {
        job->timed_out = rc > 0;
        job->exited = rc < 0;
        job->status = rc < 0 ? 1 : 0;
        job->why = cp_xasprintf("serial: %s", timeout_why);
    } else {
        job->exited = 1;
        job->status = status;
    }
    (void)announced;
    free(timeout_why);
    return 0;
}

int cpr_serial_run(cpr_job *jobs, const cpr_image *const *images, const char *const *paths, size_t n,
                   const cpr_serial_opts *o)
{
    double start = now_s();
    unsigned attempts = o->attempts ? o->attempts : 3;
    for (size_t i = 0; i < n; i++) {
        cpr_job *job = &jobs[i];
        for (unsigned a = 1; a <= attempts; a++) {
            char *why = NULL;
            cp_buf_free(&job->out);
            cp_buf_free(&job->err);
            free(job->why);
            job->why = NULL;
            job->timed_out = job->exited = job->status = 0;
            if (run_once(o, images[i], paths[i], job, &why) < 0) {
                job->exited = 1;
                job->status = 1;
                job->why = why;
                break;
            }
            /* a document with lost or changed bytes: the line, not the
             * firmware, failed; run it again (and say so) */
            cpr_frame f;
            char *broken = NULL;
            if (job->exited && job->status == 0 &&
                cpr_frame_check(job->out.data ? job->out.data : "", job->out.len, &f, &broken) < 0 && a < attempts) {
                if (o->progress)
                    fprintf(o->progress, "%s: broken document (%s); running it again (attempt %u of %u)\n",
                            job->label, broken, a + 1, attempts);
                free(broken);
                continue;
            }
            if (broken && a > 1)
                job->why = cp_xasprintf("serial: the document was broken in all %u attempts (%s)", a, broken);
            free(broken);
            if (!broken && a > 1 && o->progress)
                fprintf(o->progress, "%s: whole on attempt %u of %u\n", job->label, a, attempts);
            break;
        }
        if (o->progress) {
            char line[256];
            cpr_progress_line(line, sizeof line, i + 1, n, now_s() - start, job->label);
            fprintf(o->progress, "%s\n", line);
        }
    }
    return 0;
}
