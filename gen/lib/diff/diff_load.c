/* The two datasets of a diff, loaded at once (diff_load.h). */
#include "diff/diff_load.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "data/schema.h"

/* A folder stands for the dataset.yaml in it. */
static char *dataset_path(const char *arg)
{
    struct stat st;
    if (stat(arg, &st) == 0 && S_ISDIR(st.st_mode))
        return cp_xasprintf("%s%sdataset.yaml", arg, arg[strlen(arg) - 1] == '/' ? "" : "/");
    return cp_xstrdup(arg);
}

/* One side's load, run on its own thread: its messages are kept in memory
 * so that both sides' read as if loaded one after the other. */
typedef struct {
    cp_dataset *ds;
    const char *arg;
    const cp_schema *schema;
    cp_diag diag;
    char *messages;
    size_t len;
    int rc;
} side_load;

static void *load_side(void *arg)
{
    side_load *s = arg;
    FILE *out = open_memstream(&s->messages, &s->len);
    if (!out) {
        fputs("cryptoperf: out of memory\n", stderr);
        exit(2);
    }
    s->diag.out = out;
    char *path = dataset_path(s->arg);
    s->rc = cp_dataset_load(s->ds, path, s->schema, &s->diag);
    free(path);
    fclose(out);
    s->diag.out = NULL;
    return NULL;
}

/* Loads both (reporting the problems of both, OLD's first). The two are
 * parsed and checked at the same time, NEW on a second thread: loading is
 * most of a diff's time. The loader keeps no state outside its document
 * (data/node_yaml.c, data/dataset.c; the schema is only read). */
cp_status cp_diff_load(cp_dataset ds[2], const char *const paths[2], const char *schema_path, const char *who)
{
    memset(ds, 0, 2 * sizeof *ds);
    cp_schema *schema = cp_schema_load(schema_path, stderr);
    if (!schema) {
        fprintf(stderr, "%s: cannot use the schema %s\n", who, schema_path);
        return CP_FAILED;
    }
    side_load side[2];
    memset(side, 0, sizeof side);
    for (int k = 0; k < 2; k++) {
        side[k].ds = &ds[k];
        side[k].arg = paths[k];
        side[k].schema = schema;
    }
    pthread_t new_side;
    int threaded = pthread_create(&new_side, NULL, load_side, &side[1]) == 0;
    load_side(&side[0]);
    if (threaded)
        pthread_join(new_side, NULL);
    else
        load_side(&side[1]); /* no thread to be had: one after the other */
    cp_schema_free(schema);
    cp_status status = CP_OK;
    for (int k = 0; k < 2; k++) {
        fwrite(side[k].messages, 1, side[k].len, stderr);
        free(side[k].messages);
        int rc = side[k].rc;
        if (rc == -2)
            status = CP_FAILED;
        else if (rc && status == CP_OK)
            status = CP_INVALID;
        if (rc == -1)
            fprintf(stderr, "%s: %s (%s) is invalid (%u problem%s)\n", who, ds[k].path,
                    k ? "NEW" : "OLD", side[k].diag.errors, side[k].diag.errors == 1 ? "" : "s");
    }
    return status;
}
