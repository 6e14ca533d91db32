#include "modelcost.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "cryptoperf.h"

extern char **environ;

/* argv without "-plugin ARG" (borrowed strings) */
static char **without_plugin(char *const *argv)
{
    size_t n = 0;
    while (argv[n])
        n++;
    char **v = cp_xcalloc(n + 1, sizeof *v);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(argv[i], "-plugin") == 0 && argv[i + 1]) {
            i++;
            continue;
        }
        v[k++] = argv[i];
    }
    return v;
}

/* The CPU time (user + system) QEMU took for argv, its output thrown
 * away; < 0 when it did not run or did not exit 0. CPU time rather than
 * wall time: the sweep's machine may be busy with other work, which
 * stretches the wall time of both runs unevenly. */
static double cpu_seconds(char *const *argv)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    int status;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR)
            return -1;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return -1;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec / 1e6;
}

int cpr_model_cost(const cpr_runs *r, unsigned n, FILE *out)
{
    double with = 0, bare = 0;
    size_t k = 0;
    int failed = 0;
    /* image by image, with and without in turn, so that a change in the
     * machine's load falls on both */
    for (size_t i = 0; i < r->n && k < n && !failed; i++) {
        if (r->model[i] != CPR_MODEL_RAN)
            continue;
        char **plain = without_plugin(r->argv[i]);
        double a = cpu_seconds(r->argv[i]), b = cpu_seconds(plain);
        free(plain);
        failed = a < 0 || b < 0;
        with += a;
        bare += b;
        k++;
    }
    if (k == 0) {
        fprintf(out, "cycle model cost: not measured: the model ran on no image of this sweep (its core has "
                "no model)\n");
        return -1;
    }
    if (failed || bare <= 0) {
        fprintf(out, "cycle model cost: a run failed; no ratio\n");
        return -1;
    }
    fprintf(out, "cycle model cost: %zu images run again one at a time, %.2f s of CPU under the model, %.2f s "
            "without: %.2f x\n", k, with, bare, with / bare);
    return 0;
}
