/* cryptoperf-cycles: runs any ELF built for one of our QEMU machines under
 * the cycle model of its core, with the sweep's QEMU settings, and prints
 * one line a window as the window closes. The window lines come from the
 * plugin itself, written straight to our standard output (QEMU's fd 3), so
 * a program that later locks up or is killed loses none of them; what the
 * program prints (UART, semihosting) and QEMU's own messages go to our
 * standard error. Usage and exit status: cryptoperf-cycles.1. */
#define _GNU_SOURCE /* pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "machines.h"
#include "paths.h"
#include "plugin_args.h"

enum { EXIT_ENDED = 0, EXIT_FAILED = 1, EXIT_USAGE = 2 };
enum { DEFAULT_TIMEOUT_S = 60 };

extern char **environ;

static const char usage[] =
    "usage: cryptoperf-cycles --machine BOARD --window FUNCTION [--exclude FUNCTION]\n"
    "                         [--timeout S] PROGRAM.elf\n"
    "Runs PROGRAM.elf in QEMU as cryptoperf's sweep does, under the cycle model of\n"
    "BOARD's core, and prints \"window N: instructions I cycles C\" on standard output\n"
    "as each window closes: the 1st entry into FUNCTION opens window 0, the 2nd closes\n"
    "it, the 3rd opens window 1, and so on.\n"
    "  --machine BOARD   microbit, mps2-an385, mps2-an386, mps2-an505, netduinoplus2\n"
    "                    (mps2-an500 and mps3-an547: no cycle model)\n"
    "  --window FUNCTION a function of PROGRAM.elf\n"
    "  --exclude FUNCTION count no instruction or cycle of FUNCTION (and of the\n"
    "                    exception that runs it) in any window; repeatable (e.g.\n"
    "                    a timer interrupt that only keeps the time)\n"
    "  --timeout S       stop the program after S seconds (default 60)\n"
    "  --qemu PROG       the emulator (default qemu-system-arm)\n"
    "  --plugin FILE     the cycle model's QEMU plugin (default: the installed one)\n"
    "The program's own output and how it ended go to standard error.\n"
    "exit status: 0 the program ended (semihosting exit 0, a lockup, or the timeout),\n"
    "1 it exited with another status or QEMU failed, 2 usage, a machine without a\n"
    "model, a file that is not an Arm ELF, or a FUNCTION it does not define\n";

enum { MAX_EXCLUDE = 16 };

typedef struct {
    const char *machine, *window, *qemu, *plugin, *elf;
    const char *exclude[MAX_EXCLUDE];
    size_t nexclude;
    unsigned timeout_s;
} options;

static int parse(options *o, int argc, char **argv)
{
    enum { O_MACHINE = 256, O_WINDOW, O_TIMEOUT, O_QEMU, O_PLUGIN, O_EXCLUDE, O_HELP };
    static const struct option longopts[] = {
        { "machine", required_argument, 0, O_MACHINE }, { "window", required_argument, 0, O_WINDOW },
        { "timeout", required_argument, 0, O_TIMEOUT }, { "qemu", required_argument, 0, O_QEMU },
        { "plugin", required_argument, 0, O_PLUGIN },   { "exclude", required_argument, 0, O_EXCLUDE },
        { "help", no_argument, 0, O_HELP },
        { 0, 0, 0, 0 },
    };
    o->qemu = "qemu-system-arm";
    o->timeout_s = DEFAULT_TIMEOUT_S;
    int c;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case O_MACHINE: o->machine = optarg; break;
        case O_WINDOW: o->window = optarg; break;
        case O_QEMU: o->qemu = optarg; break;
        case O_PLUGIN: o->plugin = optarg; break;
        case O_EXCLUDE:
            if (o->nexclude == MAX_EXCLUDE) {
                fprintf(stderr, "cryptoperf-cycles: --exclude: expected at most %d functions\n", MAX_EXCLUDE);
                return -1;
            }
            o->exclude[o->nexclude++] = optarg;
            break;
        case O_TIMEOUT: {
            char *end;
            errno = 0;
            unsigned long v = strtoul(optarg, &end, 10);
            if (errno || *end || optarg[0] < '1' || optarg[0] > '9' || v > 86400) {
                fprintf(stderr, "cryptoperf-cycles: --timeout: expected whole seconds 1..86400, found '%s'\n", optarg);
                return -1;
            }
            o->timeout_s = (unsigned)v;
            break;
        }
        case 'h':
        case O_HELP: fputs(usage, stdout); exit(EXIT_ENDED);
        default: fputs(usage, stderr); return -1;
        }
    }
    if (optind != argc - 1 || !o->machine || !o->window) {
        fputs(usage, stderr);
        return -1;
    }
    o->elf = argv[optind];
    return 0;
}

/* The plugin: --plugin, else beside this program (the build tree:
 * build/cycles/), else where make install put it, found from this
 * program's folder first so that a moved or staged install works too, then
 * at the installed path. NULL when none is readable; *tried lists where it
 * looked. */
static char *find_plugin(const char *given, char *tried, size_t tried_len)
{
    tried[0] = '\0';
    if (given) {
        snprintf(tried, tried_len, "%s", given);
        return access(given, R_OK) == 0 ? strdup(given) : NULL;
    }
    char self[PATH_MAX] = "";
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    char *slash = NULL;
    if (n > 0) {
        self[n] = '\0';
        slash = strrchr(self, '/');
    }
    if (slash)
        *slash = '\0';
    const char *tries[] = { "/" CPC_PLUGIN_FILE, "/" CP_BINDIR_TO_PKGLIBDIR "/" CPC_PLUGIN_FILE,
                            CP_PKGLIBDIR "/" CPC_PLUGIN_FILE };
    for (size_t i = 0; i < sizeof tries / sizeof tries[0]; i++) {
        if (i < 2 && !slash)
            continue;
        char path[PATH_MAX + 64], dir[PATH_MAX];
        snprintf(path, sizeof path, "%s%s", i < 2 ? self : "", tries[i]);
        /* "bin/../lib/cryptoperf" said as the folder it is, when it exists */
        char *base = strrchr(path, '/');
        *base = '\0';
        size_t nd = 0, nb = strlen(base + 1);
        if (realpath(path, dir) && (nd = strlen(dir)) + nb + 2 <= sizeof path) {
            memmove(path + nd + 1, base + 1, nb + 1);
            memcpy(path, dir, nd);
            path[nd] = '/';
        } else {
            *base = '/';
        }
        size_t used = strlen(tried);
        snprintf(tried + used, tried_len - used, "%s%s", used ? ", " : "", path);
        if (access(path, R_OK) == 0)
            return strdup(path);
    }
    return NULL;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* QEMU's standard output and error, passed on to ours as they come; its
 * error text is also kept (the last 4 KiB: a lockup says so there). */
typedef struct {
    int fd;
    char tail[4096];
    size_t len;
} stream;

static void pump(stream *s, int keep)
{
    char buf[4096];
    ssize_t n = read(s->fd, buf, sizeof buf);
    if (n <= 0) {
        if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
            close(s->fd);
            s->fd = -1;
        }
        return;
    }
    fwrite(buf, 1, (size_t)n, stderr);
    fflush(stderr);
    if (!keep)
        return;
    size_t m = (size_t)n;
    if (m >= sizeof s->tail - 1) {
        memcpy(s->tail, buf + m - (sizeof s->tail - 1), sizeof s->tail - 1);
        s->len = sizeof s->tail - 1;
    } else {
        if (s->len + m > sizeof s->tail - 1) {
            size_t drop = s->len + m - (sizeof s->tail - 1);
            memmove(s->tail, s->tail + drop, s->len - drop);
            s->len -= drop;
        }
        memcpy(s->tail + s->len, buf, m);
        s->len += m;
    }
    s->tail[s->len] = '\0';
}

/* Spawns QEMU with its stdout and stderr on pipes, our stdout as its fd 3
 * (the plugin's window lines) and no stdin. Every descriptor made here is
 * close-on-exec, so the child keeps only 0 to 3 (dup2 clears the flag), in
 * whatever numbers pipe2 happened to return. */
static pid_t spawn(char **argv, stream *out, stream *err)
{
    int po[2], pe[2], fd3 = fcntl(1, F_DUPFD_CLOEXEC, 10);
    if (fd3 < 0)
        return -1;
    if (pipe2(po, O_CLOEXEC) < 0) {
        close(fd3);
        return -1;
    }
    if (pipe2(pe, O_CLOEXEC) < 0) {
        close(po[0]);
        close(po[1]);
        close(fd3);
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, po[1], 1);
    posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
    posix_spawn_file_actions_adddup2(&fa, fd3, 3);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(po[1]);
    close(pe[1]);
    close(fd3);
    if (rc != 0) {
        close(po[0]);
        close(pe[0]);
        errno = rc;
        return -1;
    }
    out->fd = po[0];
    err->fd = pe[0];
    return pid;
}

/* Runs QEMU to its end or the timeout; says how it ended and returns the
 * exit status. */
static int run(char **argv, const options *o)
{
    stream out = { -1, "", 0 }, err = { -1, "", 0 };
    fflush(stdout);
    pid_t pid = spawn(argv, &out, &err);
    if (pid < 0) {
        fprintf(stderr, "cryptoperf-cycles: cannot run %s: %s\n", argv[0], strerror(errno));
        return EXIT_FAILED;
    }
    double deadline = now_s() + o->timeout_s;
    int timed_out = 0;
    while (out.fd >= 0 || err.fd >= 0) {
        double left = deadline - now_s();
        if (left <= 0) {
            timed_out = 1;
            kill(pid, SIGKILL);
            break;
        }
        struct pollfd p[2] = { { out.fd, POLLIN, 0 }, { err.fd, POLLIN, 0 } };
        int ms = left > 1.0 ? 1000 : (int)(left * 1000) + 1;
        if (poll(p, 2, ms) < 0 && errno != EINTR)
            break;
        if (out.fd >= 0 && p[0].revents)
            pump(&out, 0);
        if (err.fd >= 0 && p[1].revents)
            pump(&err, 1);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    /* what QEMU wrote before it was stopped */
    while (out.fd >= 0)
        pump(&out, 0);
    while (err.fd >= 0)
        pump(&err, 1);
    if (timed_out) {
        fprintf(stderr, "cryptoperf-cycles: %s ended: stopped after the timeout of %u s\n", o->elf, o->timeout_s);
        return EXIT_ENDED;
    }
    /* QEMU aborts on a lockup ("Lockup: can't escalate ..."): at-exit code
     * never runs, which is why the plugin writes each window as it closes */
    if (strstr(err.tail, "Lockup")) {
        fprintf(stderr, "cryptoperf-cycles: %s ended: the core locked up (a fault it could not escalate)\n", o->elf);
        return EXIT_ENDED;
    }
    if (WIFEXITED(status)) {
        int code = WEXITSTATUS(status);
        fprintf(stderr, "cryptoperf-cycles: %s ended: exit status %d (semihosting)\n", o->elf, code);
        return code == 0 ? EXIT_ENDED : EXIT_FAILED;
    }
    fprintf(stderr, "cryptoperf-cycles: %s: QEMU failed (signal %d)\n", o->elf,
            WIFSIGNALED(status) ? WTERMSIG(status) : -1);
    return EXIT_FAILED;
}

int main(int argc, char **argv)
{
    options o = { 0 };
    if (parse(&o, argc, argv) < 0)
        return EXIT_USAGE;
    const cpc_machine *m = cpc_machine_find(o.machine);
    if (!m) {
        fprintf(stderr, "cryptoperf-cycles: --machine: expected one of %s, found '%s'\n", cpc_machine_names(),
                o.machine);
        return EXIT_USAGE;
    }
    char tried[3 * PATH_MAX];
    char *plugin = find_plugin(o.plugin, tried, sizeof tried);
    cpc_args_request rq = { plugin ? plugin : tried, m, o.elf, o.window, o.exclude, o.nexclude, 3 };
    char why[1024], *arg;
    if (cpc_plugin_args(&rq, &arg, why, sizeof why) != CPC_ARGS_OK) {
        fprintf(stderr, "cryptoperf-cycles: %s\n", why);
        free(plugin);
        return EXIT_USAGE;
    }
    if (!plugin) {
        fprintf(stderr, "cryptoperf-cycles: cannot read the cycle model's plugin (looked at %s): build it with "
                "make cycles, or name it with --plugin\n", tried);
        free(arg);
        return EXIT_USAGE;
    }
    /* the sweep's settings (firmware/runner/run.c), UART0 to stdout */
    char *qargv[] = {
        (char *)o.qemu, "-M", (char *)o.machine, "-display", "none", "-monitor", "none", "-serial", "stdio",
        "-semihosting-config", "enable=on,target=native", "-icount", "shift=7", "-plugin", arg,
        "-kernel", (char *)o.elf, NULL,
    };
    int rc = run(qargv, &o);
    free(arg);
    free(plugin);
    return rc;
}
