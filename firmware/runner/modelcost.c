#include "modelcost.h"

#include <stdlib.h>
#include <string.h>

#include "pool.h"
#include "cryptoperf.h"

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

static double seconds(const cpr_job *jobs, size_t n, int *failed)
{
    double s = 0;
    for (size_t i = 0; i < n; i++) {
        s += jobs[i].seconds;
        *failed |= !jobs[i].exited || jobs[i].status != 0;
    }
    return s;
}

int cpr_model_cost(const cpr_runs *r, unsigned n, unsigned parallel, FILE *out)
{
    cpr_job *with = cp_xcalloc(n ? n : 1, sizeof *with), *bare = cp_xcalloc(n ? n : 1, sizeof *bare);
    char ***bare_argv = cp_xcalloc(n ? n : 1, sizeof *bare_argv);
    size_t k = 0;
    for (size_t i = 0; i < r->n && k < n; i++) {
        if (r->model[i] != CPR_MODEL_RAN)
            continue;
        bare_argv[k] = without_plugin(r->argv[i]);
        with[k] = (cpr_job){ .label = r->label[i], .argv = r->argv[i], .timeout_s = r->jobs[i].timeout_s };
        bare[k] = (cpr_job){ .label = r->label[i], .argv = bare_argv[k], .timeout_s = r->jobs[i].timeout_s };
        k++;
    }
    int rc = 0, failed = 0;
    cpr_pool_opts o = { .parallel = parallel ? parallel : 1 };
    if (k == 0) {
        fprintf(out, "cycle model cost: no image ran under the model; nothing to compare\n");
        rc = -1;
    } else if (cpr_pool_run(with, k, &o) < 0 || cpr_pool_run(bare, k, &o) < 0) {
        fprintf(out, "cycle model cost: interrupted\n");
        rc = -1;
    } else {
        double a = seconds(with, k, &failed), b = seconds(bare, k, &failed);
        if (failed || b <= 0) {
            fprintf(out, "cycle model cost: a run failed; no ratio\n");
            rc = -1;
        } else {
            fprintf(out, "cycle model cost: %zu images run again, %.2f s under the model, %.2f s without: "
                    "%.2f x\n", k, a, b, a / b);
        }
    }
    for (size_t i = 0; i < k; i++) {
        cpr_job_free(&with[i]);
        cpr_job_free(&bare[i]);
        free(bare_argv[i]);
    }
    free(with);
    free(bare);
    free(bare_argv);
    return rc;
}
