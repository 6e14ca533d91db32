/* Times loading a dataset three ways in one process: reading the file,
 * parsing it (cp_doc_load: libyaml + tree), and the whole check
 * (cp_dataset_load: parse + schema + checks beyond it), plus the schema
 * walk alone on a parsed tree. CPU time, the best of N runs
 * of each, so the page cache and the allocator are warm for all three.
 * Built and run by bench/validate-bench.sh; not a test. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cryptoperf.h"

static double now(void)
{
    struct timespec ts;
    /* CPU time of this process: the machine is shared, wall time is noise */
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fputs("usage: validate_bench SCHEMA DATASET RUNS\n", stderr);
        return 2;
    }
    int runs = atoi(argv[3]);
    cp_schema *schema = cp_schema_load(argv[1], stderr);
    if (!schema || runs < 1)
        return 2;
    /* separate loops: each measurement repeats on a heap shaped by itself */
    double best_read = 1e9, best_parse = 1e9, best_check = 1e9, best_schema = 1e9;
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        size_t len;
        free(cp_read_file(argv[2], &len));
        double t = now() - t0;
        best_read = t < best_read ? t : best_read;
    }
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        cp_doc doc;
        if (cp_doc_load(&doc, argv[2], stderr))
            return 1;
        cp_doc_free(&doc);
        double t = now() - t0;
        best_parse = t < best_parse ? t : best_parse;
    }
    cp_doc doc;
    if (cp_doc_load(&doc, argv[2], stderr))
        return 1;
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        cp_diag diag = { .out = stderr };
        if (cp_schema_validate(schema, doc.root, &diag))
            return 1;
        double t = now() - t0;
        best_schema = t < best_schema ? t : best_schema;
    }
    cp_doc_free(&doc);
    for (int r = 0; r < runs; r++) {
        double t0 = now();
        cp_diag diag = { .out = stderr };
        cp_dataset ds;
        int rc = cp_dataset_load(&ds, argv[2], schema, &diag);
        size_t n = ds.nresults;
        cp_dataset_free(&ds);
        double t = now() - t0;
        if (rc)
            return 1;
        if (r == 0)
            printf("results: %zu\n", n);
        best_check = t < best_check ? t : best_check;
    }
    cp_schema_free(schema);
    printf("read file:            %8.1f ms\n", best_read * 1e3);
    printf("parse (cp_doc_load):  %8.1f ms\n", best_parse * 1e3);
    printf("schema walk alone:    %8.1f ms\n", best_schema * 1e3);
    printf("validate (all checks):%8.1f ms\n", best_check * 1e3);
    printf("validate / parse:     %8.2f\n", best_check / best_parse);
    return 0;
}
